"""Our YAML deal record, read into a `Record`: what EGN says, and what it cannot.

EGN gives the cards of each trick in order and leaves the seats to the replay. Ours names
the seat that played each card, so a lead or play out of turn, a lone player's partner who
plays, or two cards from one player can be recorded; and it can give the hands as dealt,
cards exposed, claims and when they were made, and a lone hand taken from a partner
("take it from him", Law 95). The format is documented in cases/records/README.md.
"""

from __future__ import annotations

from typing import Any

from arbiter.model import Card as ModelCard
from arbiter.model import InputError, Seat as ModelSeat, Side, Suit
from arbiter.reader import RECORD_CAP, parse_yaml, read_text, shown
from arbiter.record import NUMBERS, SEATS, Card, Claim, Deal, Exposure, Record, Seat

FORMAT = "deal-record 1"
"""The value of a record's `format:` key."""
TOP_KEYS = {"format", "title", "rules", "score", "deals"}
DEAL_KEYS = {"number", "dealer", "turned", "trump", "maker", "ordered_up", "alone", "take_from",
             "defender_alone", "discard", "hands", "tricks", "exposed", "claims"}
RULE_KEYS = {"name", "game", "rubber", "points", "defend_alone", "stick_the_dealer", "pack", "lone_lead",
             "hands_per_game"}
"""The house-rule keys (rulesets.md) a record's own `rules:` may give."""
CLAIM_TIMES = ("in_time", "after_cut")


def read(path: str) -> Record:
    """The YAML deal record at `path`, read through the guarded reader."""
    where = shown(path)
    data = parse_yaml(read_text(path, RECORD_CAP, "recorded game"), where)
    return parse(data, where)


def parse(data: Any, where: str) -> Record:
    """A parsed deal record as a Record; a refusal names `where`, the deal and the trick."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError(f"{where}: not a deal record (its first line must be 'format: {FORMAT}')")
    _keys(data, TOP_KEYS, where)
    rules = data.get("rules") or {}
    if not isinstance(rules, dict):
        raise InputError(f"{where}: rules must be a mapping of house rules")
    _keys(rules, RULE_KEYS, f"{where}: rules")
    score = data.get("score") or {}
    if not isinstance(score, dict) or set(score) - {"NS", "EW"} or any(
            type(v) is not int or v < 0 for v in score.values()):
        raise InputError(f"{where}: score must be {{NS: points, EW: points}}")
    deals = data.get("deals")
    if not isinstance(deals, list) or not deals:
        raise InputError(f"{where}: deals must be a list of deals")
    out = tuple(_deal(d, i, where) for i, d in enumerate(deals))
    title = data.get("title")
    return Record(where, "deal-record-1", dict(rules), (), (score.get("NS", 0), score.get("EW", 0)), out,
                  title if isinstance(title, str) else "")


def _deal(data: Any, position: int, where: str) -> Deal:
    if not isinstance(data, dict):
        raise InputError(f"{where}: deal {position}: a deal must be a mapping")
    number = data.get("number", position)
    if type(number) is not int or number < 0:
        raise InputError(f"{where}: deal {position}: number must be a whole number from 0")
    here = f"{where}: deal {number}"
    _keys(data, DEAL_KEYS, here)
    dealer = _seat(data.get("dealer"), f"{here}: dealer", required=True)
    assert dealer is not None
    turned = _card(data["turned"], f"{here}: turned") if data.get("turned") is not None else None
    trump = None
    if data.get("trump") is not None:
        try:
            trump = Suit.parse(data["trump"]).letter
        except InputError as err:
            raise InputError(f"{here}: trump: {err}") from None
    maker = _seat(data.get("maker"), f"{here}: maker")
    if trump is not None and maker is None:
        raise InputError(f"{here}: maker: a trump was made, so say who made it")
    ordered = data.get("ordered_up", turned is not None and trump == turned[-1])
    if not isinstance(ordered, bool):
        raise InputError(f"{here}: ordered_up must be true or false")
    alone = _seat(data.get("alone"), f"{here}: alone")
    if alone is not None and maker is not None and alone % 2 != maker % 2:
        raise InputError(f"{here}: alone: {SEATS[alone]} cannot play alone when an adversary made the trump")
    hands_raw = data.get("hands") or {}
    if not isinstance(hands_raw, dict):
        raise InputError(f"{here}: hands must map seats to their five cards")
    hands = {}
    for key, cards in hands_raw.items():
        seat = _seat(key, f"{here}: hands")
        if not isinstance(cards, list) or len(cards) != 5:
            raise InputError(f"{here}: hands: {SEATS[seat]} must hold five cards as dealt")  # type: ignore[index]
        hands[seat] = tuple(NUMBERS[_card(c, f"{here}: hands")] for c in cards)
    tricks_raw = data.get("tricks") or []
    if not isinstance(tricks_raw, list):
        raise InputError(f"{here}: tricks must be a list")
    if tricks_raw and trump is None:
        raise InputError(f"{here}: trick 1: tricks are recorded but no trump was made")
    tricks, seats = [], []
    for n, trick in enumerate(tricks_raw, 1):
        if not isinstance(trick, list) or not trick:
            raise InputError(f"{here}: trick {n}: a trick is a list of plays such as 'E 10H'")
        plays = [_play(p, f"{here}: trick {n}") for p in trick]
        seats.append(tuple(s for s, _ in plays))
        tricks.append(tuple(NUMBERS[c] for _, c in plays))
    exposed = tuple(_exposure(e, f"{here}: exposed") for e in _list(data.get("exposed"), f"{here}: exposed"))
    claims = tuple(_claim(c, f"{here}: claims") for c in _list(data.get("claims"), f"{here}: claims"))
    return Deal(
        number, dealer, turned, trump, maker, alone,
        _seat(data.get("defender_alone"), f"{here}: defender_alone"), ordered,
        _card(data["discard"], f"{here}: discard") if data.get("discard") is not None else None,
        hands, tuple(tricks), tuple(seats), None, exposed, claims,
        _seat(data.get("take_from"), f"{here}: take_from"),
    )


def _play(value: Any, where: str) -> tuple[Seat, Card]:
    parts = value.split() if isinstance(value, str) else []
    if len(parts) != 2:
        raise InputError(f"{where}: {shown(value, 40)!r} is not a play; write the seat and the card, as 'E 10H'")
    seat = _seat(parts[0], where, required=True)
    assert seat is not None
    return seat, _card(parts[1], where)


def _exposure(value: Any, where: str) -> Exposure:
    if not isinstance(value, dict) or set(value) - {"seat", "card", "trick"}:
        raise InputError(f"{where}: each is {{seat, card, trick}}")
    seat = _seat(value.get("seat"), where, required=True)
    trick = value.get("trick", 0)
    if type(trick) is not int or not 0 <= trick <= 5:
        raise InputError(f"{where}: trick must be 0 (before the play) to 5")
    return Exposure(seat, _card(value.get("card"), where), trick)  # type: ignore[arg-type]


def _claim(value: Any, where: str) -> Claim:
    if not isinstance(value, dict) or set(value) - {"by", "kind", "offender", "trick", "when"}:
        raise InputError(f"{where}: each is {{by, kind, offender, trick, when}}")
    if value.get("kind", "revoke") != "revoke":
        raise InputError(f"{where}: only a revoke claim is recorded (kind: revoke)")
    when = value.get("when", "in_time")
    if when not in CLAIM_TIMES:
        raise InputError(f"{where}: when must be {' or '.join(CLAIM_TIMES)}")
    trick = value.get("trick")
    if type(trick) is not int or not 1 <= trick <= 5:
        raise InputError(f"{where}: trick must be 1 to 5")
    offender = _seat(value.get("offender"), where, required=True)
    by = Side.parse(value["by"]).value if value.get("by") is not None else ("NS" if offender % 2 else "EW")  # type: ignore[operator]
    return Claim(by, "revoke", offender, trick, when)  # type: ignore[arg-type]


_CARDS: dict[str, Card] = {}


def _card(value: Any, where: str) -> Card:
    """A card's name in our spelling (`10H`), from any spelling a case file takes."""
    key = value if isinstance(value, str) else repr(value)
    card = _CARDS.get(key)
    if card is None:
        try:
            card = str(ModelCard.parse(value))
        except InputError as err:
            raise InputError(f"{where}: {err}") from None
        _CARDS[key] = card
    return card


def _seat(value: Any, where: str, required: bool = False) -> Seat | None:
    if value is None:
        if required:
            raise InputError(f"{where}: a seat is needed (N, E, S, W)")
        return None
    try:
        return SEATS.index(ModelSeat.parse(value).value)
    except InputError as err:
        raise InputError(f"{where}: {err}") from None


def _list(value: Any, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise InputError(f"{where} must be a list")
    return value


def _keys(data: dict[str, Any], known: set[str], where: str) -> None:
    unknown = [k for k in data if k not in known]
    if unknown:
        raise InputError(f"{where}: unknown key {shown(unknown[0], 40)!r}; keys are {', '.join(sorted(known))}")
