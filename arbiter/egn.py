"""Euchre Game Notation (EGN) 1.0 to 1.4, read into a `Record`.

Written from the format's own documents (NextSuit-Labs/euchre-game-notation: README,
docs/base-rules.md, docs/alternate-rules.md, docs/replayer-logic.md, the changelog and the
JSON schemas of 1.0 and 1.4); no code of theirs is used. What the versions differ in:

- 1.0 wrote some keys in snake case (`player_cards`, `matchId`, `card_exchanges`) and
  carried `kitty` and the trick phase's `initialLead`; 1.1 moved to camel case
  (`playerCards`, `cardExchanges`); 1.2 dropped `kitty` and `initialLead`; 1.4 added the
  ruleset's `num_deals` and `metadata.finalScore`. Each spelling is read wherever found.
- A deal may be a base64 string of bits (the "condensed" form); it is refused by name.

Cards: rank `9 T J Q K A` (`N` for nine, `7`, `8` in longer packs) and suit `c d h s`
in either case; `R` and `L` name the right and left bowers of the trump made. `X`/`x`
(unknown), the generic suits `t n g` and the joker `B` cannot be replayed: refused by name.

The record's `ruleset` toggles become house rules with the key names of rulesets.md
(`house_rules`); a toggle left out takes EGN's documented default, never Somerset's.
"""

from __future__ import annotations

import json
import re
from typing import Any

from arbiter.model import InputError
from arbiter.reader import RECORD_CAP, read_bytes, shown
from arbiter.record import MATES, NAMES, NUMBERS, Card, CardNo, Deal, Record

VERSION = re.compile(r"1\.([0-4])(?:\.\d+)?")
"""The versions whose documents we have read: 1.0 to 1.4, with or without a patch number."""

_RANKS = {"7": "7", "8": "8", "9": "9", "N": "9", "T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}
_SUITS = {"c": "C", "d": "D", "h": "H", "s": "S"}
TOKENS: dict[str, CardNo] = {r + s: NUMBERS[v + S] for r, v in _RANKS.items() for s, S in _SUITS.items()}
TOKENS.update({r + s.upper(): NUMBERS[v + S] for r, v in _RANKS.items() for s, S in _SUITS.items()})
"""EGN's spelling of each card that names one, and the card's number: a record's cards are
read straight into the numbers the replay indexes its tables with."""

CALL_SUITS = {"c": "C", "d": "D", "h": "H", "s": "S"}

# EGN's documented defaults (docs/alternate-rules.md, docs/base-rules.md), as house rules.
DEFAULTS: dict[str, Any] = {
    "std": True, "min_rank": 9, "winning_score": 10, "num_deals": 0, "canadian": False,
    "loner_lead": "LEFT_OF_DEALER", "loner_march_score": 4, "loner_euchred_score": 2,
    "defend_alone": False, "farmers": False, "partners_best": False, "go_under": False,
    "joker": False, "num_players": 4, "allow_no_trump": False, "fast_break": False,
    "four_trick_tokens": False,
}
BASE_POINTS = {"point": 1, "march": 2, "euchre": 2}
"""The base rules' table (docs/base-rules.md): makers 3-4 tricks, march, euchre."""
DEFEND_ALONE_EUCHRE = 4
"""A lone defender who takes three tricks "gets 4 points" (docs/alternate-rules.md)."""
UNAPPLIED = {
    "canadian": "Canadian loner", "farmers": "farmer's hand", "partners_best": "partner's best",
    "go_under": "go under", "joker": "joker", "allow_no_trump": "no trump", "fast_break": "fast break",
    "four_trick_tokens": "four-trick tokens",
}
"""Toggles with no counterpart in our house rules: reported as not applied when switched on."""


def read(path: str) -> Record:
    """The EGN file at `path`, read through the guarded reader (32 MB at most)."""
    raw = read_bytes(path, RECORD_CAP, "recorded game")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as err:
        raise InputError(f"{shown(path)}: not JSON: {shown(err, 120)}") from None
    return parse(data, shown(path))


def parse(data: Any, where: str) -> Record:
    """A parsed EGN document as a Record; anything that cannot be replayed is an InputError
    naming `where`, the deal and the trick."""
    if not isinstance(data, dict) or data.get("fileType") != "Euchre Game Notation":
        raise InputError(f"{where}: not an EGN game (fileType must be 'Euchre Game Notation')")
    version = data.get("version")
    match = VERSION.fullmatch(version) if isinstance(version, str) else None
    if match is None:
        raise InputError(f"{where}: EGN version {shown(version, 20)!r} is not one we read (1.0 to 1.4)")
    meta = _mapping(data.get("metadata"), f"{where}: metadata")
    house, not_applied = house_rules(meta.get("ruleset", {}), where)
    start = _pair(meta.get("initialScore", meta.get("initial_score", [0, 0])), f"{where}: initialScore")
    deals = data.get("deals")
    if not isinstance(deals, list):
        raise InputError(f"{where}: 'deals' must be a list")
    numbers = [d.get("dealNumber") if isinstance(d, dict) else None for d in deals]
    by_position = len(set(map(repr, numbers))) != len(numbers)  # two deals with one number
    out = tuple(_deal(d, i if by_position else None, where) for i, d in enumerate(deals))
    title = meta.get("title")
    return Record(where, f"egn-1.{match[1]}", house, not_applied, start, out,
                  title if isinstance(title, str) else "")


def house_rules(toggles: Any, where: str = "ruleset") -> tuple[dict[str, Any], tuple[str, ...]]:
    """The record's `ruleset` toggles as house rules (rulesets.md key names), EGN's
    defaults filling what it leaves out; and the toggles we do not apply.

    A game that needs what we cannot replay (a joker, a table of other than four) is refused
    by name.
    """
    toggles = _mapping(toggles, f"{where}: ruleset")
    given = {k: v for k, v in toggles.items() if v is not None}
    rules = {**DEFAULTS, **given}
    for key, value in rules.items():
        default = DEFAULTS.get(key)
        if default is not None and type(value) is not type(default):
            raise InputError(f"{where}: ruleset: {shown(key, 40)} must be {type(default).__name__}, "
                             f"not {shown(value, 40)!r}")
    if rules["num_players"] != 4:
        raise InputError(f"{where}: ruleset: num_players {rules['num_players']}: only the four-handed game is replayed")
    if rules["loner_lead"] not in ("LEFT_OF_DEALER", "LEFT_OF_LONER"):
        raise InputError(f"{where}: ruleset: loner_lead {shown(rules['loner_lead'], 40)!r} is not "
                         "LEFT_OF_DEALER or LEFT_OF_LONER")
    if rules["winning_score"] < 0 or rules["num_deals"] < 0:
        raise InputError(f"{where}: ruleset: winning_score and num_deals cannot be negative")
    if not rules["winning_score"] and not rules["num_deals"]:
        raise InputError(f"{where}: ruleset: the game needs a winning_score or a num_deals")
    not_applied = [f"{k} ({UNAPPLIED[k]})" for k in UNAPPLIED if rules[k]]
    not_applied += [f"{shown(k, 40)} (unknown toggle)" for k in given if k not in DEFAULTS]
    pack = {9: 24, 7: 32}.get(rules["min_rank"])
    if pack is None:
        not_applied.append(f"min_rank {rules['min_rank']} (a pack of other than 24 or 32 cards)")
    house: dict[str, Any] = {
        "name": "the record's own rules (EGN)",
        "rubber": False,
        "points": {**BASE_POINTS, "lone_march": rules["loner_march_score"],
                   "lone_euchred": rules["loner_euchred_score"]},
        "defend_alone": ({"allowed": True, "euchre": DEFEND_ALONE_EUCHRE} if rules["defend_alone"]
                         else {"allowed": False}),
        "stick_the_dealer": rules["std"],
        "lone_lead": "left_of_loner" if rules["loner_lead"] == "LEFT_OF_LONER" else "eldest",
        "pack": pack or 24,
    }
    if rules["num_deals"]:  # a game of so many deals: the points a game needs no longer end it
        house["hands_per_game"] = rules["num_deals"]
    else:
        house["game"] = rules["winning_score"]
    return house, tuple(not_applied)


# --- one deal ---------------------------------------------------------------------------


def _deal(data: Any, position: int | None, where: str) -> Deal:
    if isinstance(data, str):
        raise InputError(f"{where}: deal {position if position is not None else '?'}: a condensed (bitpacked) "
                         "deal is not read; convert the file with egn-convert first")
    if not isinstance(data, dict):  # (the place in words is made only for a refusal)
        data = _mapping(data, f"{where}: a deal")
    number = data.get("dealNumber")
    if position is not None:
        number = position
    if type(number) is not int or number < 0:
        raise InputError(f"{where}: a deal's dealNumber must be a whole number from 0, not {shown(number, 20)!r}")
    here = f"{where}: deal {number}"
    state = data.get("initialState")
    if not isinstance(state, dict):
        state = _mapping(state, f"{here}: initialState")
    dealer = state.get("dealer")
    if type(dealer) is not int or not 0 <= dealer <= 3:
        raise InputError(f"{here}: dealer must be a seat 0-3, not {shown(dealer, 20)!r}")
    up_token = state.get("upCard")
    phases = data.get("phases", [])
    if not isinstance(phases, list):
        raise InputError(f"{here}: 'phases' must be a list")
    bidding = play = None  # the first of each
    for phase in phases:
        kind = phase.get("type") if isinstance(phase, dict) else None
        if kind == "EUCHRE_BIDDING":
            bidding = phase if bidding is None else bidding
        elif kind == "TRICK_PLAY":
            play = phase if play is None else play
        else:
            raise InputError(f"{here}: a phase must be EUCHRE_BIDDING or TRICK_PLAY")
    up = _name(_card(up_token, None, here, "upCard", unknown_ok=True)) if up_token is not None else None

    trump = maker = alone = defender = None
    ordered = False
    discard = None
    if bidding is not None:
        calls = bidding.get("calls", [])
        if not isinstance(calls, list):
            raise InputError(f"{here}: bidding: 'calls' must be a list")
        for i, call in enumerate(calls):
            if not isinstance(call, str):
                raise InputError(f"{here}: bidding: call {shown(call, 20)!r} is not a call")
            if call == "Pass":
                continue
            maker = (dealer + 1 + i) % 4
            if call == "Order":
                if up is None:
                    raise InputError(f"{here}: bidding: the card turned up is unknown, so the trump ordered is unknown")
                trump, ordered = up[-1], i < 4
            elif call in CALL_SUITS:
                trump = CALL_SUITS[call]
            elif call == "n":
                raise InputError(f"{here}: bidding: a 'no trump' call is not replayed (allow_no_trump)")
            else:
                raise InputError(f"{here}: bidding: call {shown(call, 20)!r} names no suit we can replay")
            break
        if bidding.get("isAlone") is True and maker is not None:
            alone = maker
        lone_defender = bidding.get("aloneDefender", -1)
        if type(lone_defender) is int and 0 <= lone_defender <= 3 and alone is not None:
            defender = lone_defender
        if bidding.get("cardExchanges") or bidding.get("card_exchanges"):
            raise InputError(f"{here}: bidding: card exchanges (partner's best, going under) are not replayed")
        if bidding.get("discard") is not None:
            discard = _name(_card(bidding["discard"], trump, here, "discard", unknown_ok=True))
    if play is not None and play.get("isAlone") is True and alone is None and maker is not None:
        alone = maker

    hands = {}
    dealt = state.get("playerCards", state.get("player_cards"))
    if isinstance(dealt, list):
        for seat, cards in enumerate(dealt[:4]):
            if isinstance(cards, list) and len(cards) == 5:
                known = _plain(cards)
                if known is None:  # the slow road only for what is not a plain card
                    known = tuple(_card(c, trump, here, "playerCards", unknown_ok=True) for c in cards)
                if None not in known:
                    hands[seat] = known  # type: ignore[assignment]

    tricks: tuple[tuple[CardNo, ...], ...] = ()
    first = None
    if play is not None:
        raw = play.get("tricks", [])
        if not isinstance(raw, list):
            raise InputError(f"{here}: 'tricks' must be a list")
        if raw and trump is None:
            raise InputError(f"{here}: trick 1: tricks are recorded but no trump was made")
        tricks = _plain_tricks(raw)
        if tricks is None:  # the slow road, trick by trick, only for what is not plain cards
            tricks = tuple(_trick(t, trump, here, n) for n, t in enumerate(raw, 1))
        lead = play.get("initialLead")
        first = lead if type(lead) is int and 0 <= lead <= 3 else None
    return Deal(number, dealer, up, trump, maker, alone, defender, ordered, discard, hands, tricks, None, first)


def _plain_tricks(raw: list[Any]) -> tuple[tuple[CardNo, ...], ...] | None:
    """Every trick's cards, where every trick is a list of plain cards' tokens (most records);
    else None. Plain loops of look-ups: for lists of four, quicker than mapping over them."""
    number = TOKENS
    tricks = []
    try:
        for trick in raw:
            if type(trick) is not list:
                return None
            cards = []
            for token in trick:
                cards.append(number[token])
            tricks.append(tuple(cards))
    except (KeyError, TypeError):  # a token that names no card, or a list where a card belongs
        return None
    return tuple(tricks)


def _trick(data: Any, trump: str | None, here: str, n: int) -> tuple[CardNo, ...]:
    if not isinstance(data, list):
        raise InputError(f"{here}: trick {n}: a trick must be a list of cards")
    out = _plain(data)
    if out is None:  # the slow road only for what is not a plain card
        part = f"trick {n}"
        out = tuple(_card(t, trump, here, part) for t in data)  # type: ignore[misc]
    return out  # type: ignore[return-value]


def _plain(tokens: list[Any]) -> tuple[CardNo, ...] | None:
    """The cards, where every token is a plain card's (most are); else None."""
    try:
        out = tuple(map(TOKENS.get, tokens))
    except TypeError:  # a list or a mapping where a card belongs
        return None
    return None if None in out else out  # type: ignore[return-value]


def _name(card: CardNo | None) -> Card | None:
    return NAMES[card] if card is not None else None


def _card(token: Any, trump: str | None, here: str, part: str, unknown_ok: bool = False) -> CardNo | None:
    """The number of an EGN card; None for an unknown card where that is allowed. `here` and
    `part` name the place in a refusal, joined only then (a record names thousands of cards)."""
    card = TOKENS.get(token) if isinstance(token, str) else None
    if card is not None:
        return card
    if token in ("R", "L") and trump is not None:
        return NUMBERS["J" + (trump if token == "R" else MATES[trump])]
    where = f"{here}: {part}"
    text = shown(token, 20)
    if token == "B":
        raise InputError(f"{where}: the joker ('B') is played: a game with the joker is not replayed")
    if isinstance(token, str) and len(token) == 2 and (token[0] in "Xx" or token[1] in "xX"):
        if unknown_ok:
            return None
        raise InputError(f"{where}: card {text!r} is unknown, so the trick cannot be replayed")
    if isinstance(token, str) and len(token) == 2 and token[1] in "tng":
        raise InputError(f"{where}: card {text!r} uses a generic suit (t, n, g), which is not replayed")
    raise InputError(f"{where}: {text!r} is no card")


def _mapping(value: Any, where: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InputError(f"{where} must be a mapping")
    return value


def _pair(value: Any, where: str) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2 or any(type(v) is not int or v < 0 for v in value)):
        raise InputError(f"{where} must be two whole numbers, NS and EW")
    return value[0], value[1]
