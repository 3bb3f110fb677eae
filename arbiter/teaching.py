"""Teaching the laws: glosses, lessons by section, quizzes, and the authors' remarks and coups.

The teaching material lives beside the law records (`laws/<ruleset>/coups.yaml`,
`remarks.yaml`, `glosses.yaml`); the rulebook loads it unchecked into `Rulebook.extra`, and
this module validates it, naming the file and the field of the first problem. Nothing here
prints: the command line renders what these functions return.

In the coups A is the dealer and C his partner; B is eldest hand (A's left), C second hand
and D third hand, so play goes A, B, C, D, A...
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arbiter.model import PACK, Card, InputError, Seat, Side, Suit, is_whole
from arbiter.rulebook import DEFAULT_RULESET, RulebookError

if TYPE_CHECKING:
    from arbiter.rulebook import Law, Rulebook, Section, Term

COUP_SEATS = ("A", "B", "C", "D")
"""The book's seats, in the order of play: A deals, B is on his left."""
COUP_ROLES = {"A": "dealer", "B": "eldest hand", "C": "second hand", "D": "third hand"}
COUP_SIDES = {"A": "AC", "C": "AC", "B": "BD", "D": "BD"}
OUTCOMES = ("point", "march", "euchre")
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")
UNKNOWN = "?"
"""A card the book does not let us know (see a coup's errata)."""


# --- checking raw data ---------------------------------------------------------------------


def _require(ok: bool, where: str, problem: str) -> None:
    if not ok:
        raise RulebookError(f"{where}: {problem}")


def _fields(where: str, rec: Any, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    _require(isinstance(rec, dict), where, f"expected a mapping, found {type(rec).__name__}")
    for name in rec:
        _require(name in required or name in optional, where,
                 f"unknown field {name!r}; fields are {', '.join(required + optional)}")
    for name in required:
        _require(name in rec, where, f"field {name!r} is missing")
    return rec


def _text(where: str, value: Any, empty_ok: bool = False) -> str:
    _require(isinstance(value, str) and (empty_ok or value.strip() != ""), where, f"must be text, found {value!r}")
    return " ".join(value.split()) if "\n" not in value.strip() else value


def _texts(where: str, value: Any) -> tuple[str, ...]:
    _require(isinstance(value, list), where, f"must be a list of text, found {value!r}")
    return tuple(_text(f"{where}[{i}]", v) for i, v in enumerate(value))


BOOK_ONLY = {"coups": "coups", "remarks": "general remarks", "basics": "lesson on the basics"}
"""Teaching that is the Somerset book's own (its authors' coups and remarks, our basics on its
laws): another code lacking it is said plainly, not reported as broken data."""


def _extra(book: Rulebook, stem: str) -> Any:
    if stem not in book.extra:
        if stem in BOOK_ONLY and book.ruleset != DEFAULT_RULESET:
            raise InputError(f"{book.ruleset} has no {BOOK_ONLY[stem]}: that teaching is on the Somerset code; "
                             f"see --ruleset {DEFAULT_RULESET}")
        raise RulebookError(f"{stem}.yaml is missing from laws/{book.ruleset}/")
    return book.extra[stem]


def has_material(book: Rulebook, stem: str) -> bool:
    """Whether the code ships this teaching material (coups, remarks, basics)."""
    return stem in book.extra


# --- glosses -------------------------------------------------------------------------------


@cache
def glosses(book: Rulebook) -> dict[int, str]:
    """A plain-words gloss of every law (ours, not the law's), checked against the rulebook."""
    raw = _extra(book, "glosses")
    where = "glosses.yaml"
    _require(isinstance(raw, dict), where, "expected a mapping of law number to gloss")
    out: dict[int, str] = {}
    for key, value in raw.items():
        # the rulebook's JSON cache turns the numbers into strings
        _require(is_whole(str(key)), where, f"key {key!r} is not a law number")
        n = int(key)
        _require(n in book.laws, where, f"law {n} has a gloss but no record")
        out[n] = _text(f"{where}: law {n}", value)
        _require(" ".join(out[n].split()) != " ".join(book.law(n).text.split()), where,
                 f"law {n}: the gloss copies the law's text; a gloss is in our words")
    missing = sorted(set(book.laws) - set(out))
    _require(not missing, where, f"no gloss for law {', '.join(map(str, missing))}")
    return dict(sorted(out.items()))


# --- the authors' general remarks ------------------------------------------------------------


@dataclass(frozen=True)
class RemarkPart:
    """The authors' advice for one seat, the bridge, or lone hands."""

    id: str
    """A short id: eldest, second, third, dealer, bridge, lone."""
    heading: str
    """The heading as printed: `ELDEST, OR FIRST HAND.`"""
    title: str
    """The title as in the book's contents: `Eldest, or First Hand`."""
    role: str
    """The seat it advises (`eldest hand`), or empty for the bridge and lone hands."""
    laws: tuple[int, ...]
    """Ours: the laws that govern the choices it advises on."""
    paragraphs: tuple[str, ...]
    """The advice, exactly as printed."""
    footnotes: tuple[str, ...] = ()
    """Footnotes, as printed."""

    def as_dict(self) -> dict[str, Any]:
        """Plain data for --json."""
        return {"id": self.id, "heading": self.heading, "title": self.title, "role": self.role or None,
                "laws": list(self.laws), "paragraphs": list(self.paragraphs), "footnotes": list(self.footnotes)}


@dataclass(frozen=True)
class Remarks:
    """The General Remarks: the authors' introduction and one part per seat or topic."""

    heading: str
    """`GENERAL REMARKS.`"""
    paragraphs: tuple[str, ...]
    """The introduction, as printed."""
    parts: tuple[RemarkPart, ...]
    """Eldest, second, third, dealer, bridge, lone."""

    def part(self, key: str) -> RemarkPart:
        """A part by id, title, role or a word of them: `eldest`, `first hand`, `dealer`, `alone`."""
        def norm(text: str) -> str:
            return " ".join(re.sub(r"[^a-z ]+", " ", text.lower()).split())

        aliases = {"first": "eldest", "alone": "lone", "lone hand": "lone", "playing alone": "lone", "loner": "lone"}
        wanted = norm(key)
        wanted = aliases.get(wanted, wanted)
        names = {p.id: [norm(n) for n in (p.id, p.title, p.role, p.heading)] for p in self.parts}
        exact = [p for p in self.parts if wanted in names[p.id]]
        near = [p for p in self.parts if wanted and any(f" {wanted} " in f" {n} " for n in names[p.id])]
        if exact or len(near) == 1:
            return (exact or near)[0]
        if near:
            raise InputError(f"{key!r} could be any of: {', '.join(p.id for p in near)}")
        raise InputError(f"no remarks on {key!r}; the parts are: {', '.join(p.id for p in self.parts)}")

    def as_dict(self) -> dict[str, Any]:
        """Plain data for --json."""
        return {"heading": self.heading, "paragraphs": list(self.paragraphs), "parts": [p.as_dict() for p in self.parts]}


@cache
def remarks(book: Rulebook) -> Remarks:
    """The authors' General Remarks, checked."""
    where = "remarks.yaml"
    raw = _fields(where, _extra(book, "remarks"), ("heading", "paragraphs", "parts"))
    parts = []
    _require(isinstance(raw["parts"], list) and raw["parts"], where, "field 'parts' must be a list")
    for i, rec in enumerate(raw["parts"]):
        at = f"{where}: parts[{i}]"
        rec = _fields(at, rec, ("id", "heading", "title", "laws", "paragraphs"), ("role", "footnotes"))
        laws = rec["laws"]
        _require(isinstance(laws, list) and all(isinstance(n, int) and n in book.laws for n in laws),
                 at, f"field 'laws' must list law numbers, found {laws!r}")
        parts.append(RemarkPart(
            id=_text(f"{at}.id", rec["id"]), heading=_text(f"{at}.heading", rec["heading"]),
            title=_text(f"{at}.title", rec["title"]), role=_text(f"{at}.role", rec.get("role", ""), empty_ok=True),
            laws=tuple(laws), paragraphs=_texts(f"{at}.paragraphs", rec["paragraphs"]),
            footnotes=_texts(f"{at}.footnotes", rec.get("footnotes", [])),
        ))
    ids = [p.id for p in parts]
    _require(len(set(ids)) == len(ids), where, f"a part id is used twice: {ids}")
    return Remarks(_text(f"{where}: heading", raw["heading"]), _texts(f"{where}: paragraphs", raw["paragraphs"]), tuple(parts))


def remarks_using(book: Rulebook, names: tuple[str, ...]) -> list[str]:
    """The ids of the remarks' parts whose words use any of the names (none if the remarks are missing)."""
    try:
        parts = remarks(book).parts
    except (RulebookError, InputError):
        return []
    wanted = [n.lower() for n in names if len(n) > 3]
    return [p.id for p in parts
            if any(re.search(rf"\b{re.escape(n)}s?\b", " ".join(p.paragraphs).lower()) for n in wanted)]


# --- the coups -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play:
    """One card played to a trick."""

    seat: str
    """A, B, C or D."""
    card: Card
    """The card."""
    derived: bool = False
    """True where the book does not name the card and we deduced it from the hands."""


@dataclass(frozen=True)
class Trick:
    """One trick as the book tells it, with the cards as data."""

    n: int
    """Its number, 1 to 5."""
    heading: str
    """The book's heading (`First Trick.`), or empty where the book has none for it."""
    text: str
    """The book's words for it, exactly as printed, or empty."""
    source: str
    """`play` where the book narrates the trick, `remarks` where its remarks do."""
    plays: tuple[Play, ...]
    """The cards, leader first; empty where the book tells the rest without cards."""
    winner: str | None
    """The seat that takes it."""
    notes: tuple[str, ...] = ()
    """How we read the book where it does not name a card."""

    @property
    def leader(self) -> str | None:
        """The seat that leads."""
        return self.plays[0].seat if self.plays else None


@dataclass(frozen=True)
class Erratum:
    """A card the book prints that cannot be right, and how we read it."""

    seat: str
    """The hand it is printed in."""
    printed: Card
    """The card as printed."""
    reading: Card | None
    """Our reading, or None where the true card cannot be known."""
    why: str
    """The reason, in plain words."""


@dataclass(frozen=True)
class Coup:
    """One of the book's nine coups (Cases I-IX)."""

    number: int
    """1 to 9."""
    title: str
    """The book's title, or empty (Cases VIII and IX have none)."""
    lesson: str
    """Ours: what the coup teaches, in plain words."""
    printed: dict[str, tuple[str, ...]]
    """Each hand's lines as printed."""
    hands: dict[str, tuple[Card | None, ...]]
    """Each hand's cards in the order printed; None for a card we cannot know."""
    turnup: Card
    """The card turned up, among the dealer's five."""
    trump: Suit
    """The trump suit."""
    setting: str
    """The book's words on the score and the making, as printed."""
    score: dict[str, int]
    """Points in the game before the hand: {AC: n, BD: n}."""
    games: dict[str, int] | None
    """Games won in the rubber, where the book says."""
    maker: str
    """The seat that made the trump."""
    how: str
    """adopted, assisted or ordered up."""
    alone: str | None
    """The seat playing alone."""
    laws: tuple[int, ...]
    """Ours: the laws on the making and the scoring of the hand."""
    tricks: tuple[Trick, ...]
    """The tricks the book tells, in order."""
    remarks: str
    """The book's REMARKS, exactly as printed, or empty."""
    after: tuple[str, ...]
    """The book's closing words that carry no REMARKS label."""
    outcome_side: str
    """The side that scores the hand, AC or BD."""
    outcome: str
    """point, march or euchre."""
    notes: tuple[str, ...] = ()
    """Where we read what the book leaves open."""
    errata: tuple[Erratum, ...] = ()
    """Misprints in the book's hands, and our readings."""
    preface: str = ""
    """The book's words before the case, where they stand before it."""

    @property
    def roman(self) -> str:
        """The case's number as the book prints it: IV."""
        return ROMAN[self.number - 1]

    @property
    def makers(self) -> str:
        """The side that made the trump."""
        return COUP_SIDES[self.maker]

    @property
    def players(self) -> tuple[str, ...]:
        """The seats that play, in order from A: all four, or three against a lone hand."""
        return COUP_SEATS if self.alone is None else tuple(s for s in COUP_SEATS if s != _partner(self.alone))

    @property
    def name(self) -> str:
        """`Case I. Refusing to over trump.`"""
        return f"Case {self.roman}." + (f" {self.title}" if self.title else "")


def _partner(seat: str) -> str:
    return COUP_SEATS[(COUP_SEATS.index(seat) + 2) % 4]


def _next(seat: str, players: tuple[str, ...]) -> str:
    i = COUP_SEATS.index(seat)
    for step in range(1, 4):
        s = COUP_SEATS[(i + step) % 4]
        if s in players:
            return s
    raise AssertionError(seat)


def power(card: Card, led: Suit, trump: Suit) -> int:
    """How strongly a card plays to a trick: bowers, then trumps, then the suit led; else -1."""
    if card.is_right_bower(trump):
        return 200
    if card.is_left_bower(trump):
        return 199
    suit = card.suit_in(trump)
    rank = ("7", "8", "9", "10", "J", "Q", "K", "A").index(card.rank)
    if suit is trump:
        return 100 + rank
    return rank if suit is led else -1


def trick_winner(plays: tuple[Play, ...] | list[Play], trump: Suit) -> str:
    """The seat whose card takes the trick."""
    led = plays[0].card.suit_in(trump)
    return max(plays, key=lambda p: power(p.card, led, trump)).seat


_RANK_WORDS = {"ace": "A", "king": "K", "queen": "Q", "knave": "J", "10": "10", "9": "9", "8": "8", "7": "7"}


def read_printed_hand(lines: tuple[str, ...] | list[str], trump: Suit) -> tuple[list[Card], Card | None]:
    """The cards a hand's printed lines name, in order, and the one marked (turn-up)."""
    text = " ".join(lines).lower()
    cards: list[Card] = []
    turnup: Card | None = None
    pos = 0
    for match in re.finditer(r"\b(clubs|diamonds|hearts|spades|bowers)\b", text):
        chunk = text[pos:match.start()]
        pos = match.end()
        if "(turn-up)" in chunk:
            turnup = cards[-1] if cards else None
            chunk = chunk.replace("(turn-up)", "")
        words = [w for w in re.split(r"[,\s]+|\band\b", chunk.replace(" of ", " ").replace(".", " ")) if w and w != "of"]
        for w in words:
            if match[1] == "bowers" or w in ("right", "left"):
                suit = trump if w == "right" else trump.mate
                if match[1] != "bowers" and Suit.parse(match[1]) is not trump:
                    raise ValueError(f"'{w}' of {match[1]} when {trump.value} are trumps")
                cards.append(Card("J", suit))
            elif w in _RANK_WORDS:
                cards.append(Card(_RANK_WORDS[w], Suit.parse(match[1])))
            else:
                raise ValueError(f"unknown word {w!r} in {' '.join(lines)!r}")
    tail = text[pos:]
    if "(turn-up)" in tail:
        turnup = cards[-1] if cards else None
    if tail.replace("(turn-up)", "").strip(" ,.") and not tail.strip(" ,.").startswith("("):
        raise ValueError(f"words after the last suit in {' '.join(lines)!r}")
    return cards, turnup


def _card(where: str, value: Any) -> Card:
    try:
        card = Card.parse(value)
    except InputError as err:
        raise RulebookError(f"{where}: {err}") from None
    _require(str(value) == str(card), where, f"write the card code as {card}, found {value!r}")
    return card


def _seat(where: str, value: Any) -> str:
    _require(value in COUP_SEATS, where, f"must be one of A, B, C, D, found {value!r}")
    return value


def _side(where: str, value: Any) -> str:
    _require(value in ("AC", "BD"), where, f"must be AC or BD, found {value!r}")
    return value


def _pair(where: str, value: Any) -> dict[str, int]:
    rec = _fields(where, value, ("AC", "BD"))
    for k in ("AC", "BD"):
        _require(isinstance(rec[k], int) and not isinstance(rec[k], bool) and rec[k] >= 0, where,
                 f"{k} must be a whole number")
    return {"AC": rec["AC"], "BD": rec["BD"]}


_COUP_FIELDS = ("case", "title", "lesson", "printed", "hands", "turnup", "trump", "setting", "score", "made",
                "alone", "laws", "tricks", "remarks", "outcome")
_TRICK_FIELDS = ("n", "plays")


def _coup(book: Rulebook, i: int, rec: Any, preface: str) -> Coup:
    at = f"coups.yaml: cases[{i}]"
    rec = _fields(at, rec, _COUP_FIELDS, ("games", "after", "notes", "errata"))
    number = rec["case"]
    _require(number == i + 1, f"{at}.case", f"expected case {i + 1}, found {number!r}")
    at = f"coups.yaml: case {ROMAN[i]}"
    _require(rec["trump"] in [s.value for s in Suit], f"{at}.trump", f"must be a suit, found {rec['trump']!r}")
    trump = Suit(rec["trump"])
    turnup = _card(f"{at}.turnup", rec["turnup"])
    _require(turnup.suit is trump, f"{at}.turnup", f"{turnup} is not of the trump suit {trump.value}")

    hands: dict[str, tuple[Card | None, ...]] = {}
    printed: dict[str, tuple[str, ...]] = {}
    _require(isinstance(rec["hands"], dict) and set(rec["hands"]) == set(COUP_SEATS), f"{at}.hands",
             "must give a hand for each of A, B, C, D")
    _require(isinstance(rec["printed"], dict) and set(rec["printed"]) == set(COUP_SEATS), f"{at}.printed",
             "must give the printed lines for each of A, B, C, D")
    for seat in COUP_SEATS:
        raw = rec["hands"][seat]
        _require(isinstance(raw, list), f"{at}.hands.{seat}", "must be a list of card codes")
        hands[seat] = tuple(None if c == UNKNOWN else _card(f"{at}.hands.{seat}", c) for c in raw)
        printed[seat] = _texts(f"{at}.printed.{seat}", rec["printed"][seat])

    errata = []
    for j, e in enumerate(rec.get("errata", [])):
        e = _fields(f"{at}.errata[{j}]", e, ("seat", "printed", "reading", "why"))
        reading = None if e["reading"] == UNKNOWN else _card(f"{at}.errata[{j}].reading", e["reading"])
        errata.append(Erratum(_seat(f"{at}.errata[{j}].seat", e["seat"]), _card(f"{at}.errata[{j}].printed", e["printed"]),
                              reading, _text(f"{at}.errata[{j}].why", e["why"])))

    made = _fields(f"{at}.made", rec["made"], ("by", "how"))
    _require(made["how"] in ("adopted", "assisted", "ordered up"), f"{at}.made.how",
             f"must be adopted, assisted or ordered up, found {made['how']!r}")
    alone = None if rec["alone"] is None else _seat(f"{at}.alone", rec["alone"])
    outcome = _fields(f"{at}.outcome", rec["outcome"], ("side", "how"))
    _require(outcome["how"] in OUTCOMES, f"{at}.outcome.how", f"must be one of {', '.join(OUTCOMES)}")
    laws = rec["laws"]
    _require(isinstance(laws, list) and laws and all(isinstance(n, int) and n in book.laws for n in laws),
             f"{at}.laws", f"must list law numbers, found {laws!r}")

    tricks = []
    _require(isinstance(rec["tricks"], list) and rec["tricks"], f"{at}.tricks", "must be a list of tricks")
    for j, t in enumerate(rec["tricks"]):
        tat = f"{at}.tricks[{j}]"
        t = _fields(tat, t, _TRICK_FIELDS, ("heading", "text", "from", "derived", "notes", "winner"))
        derived = t.get("derived", [])
        _require(isinstance(derived, list) and all(s in COUP_SEATS for s in derived), f"{tat}.derived",
                 "must list seats")
        plays = []
        _require(isinstance(t["plays"], list), f"{tat}.plays", "must be a list of 'SEAT CARD'")
        for k, p in enumerate(t["plays"]):
            parts = str(p).split()
            _require(len(parts) == 2, f"{tat}.plays[{k}]", f"write a play as 'B JD', found {p!r}")
            seat = _seat(f"{tat}.plays[{k}]", parts[0])
            plays.append(Play(seat, _card(f"{tat}.plays[{k}]", parts[1]), seat in derived))
        source = t.get("from", "play")
        _require(source in ("play", "remarks"), f"{tat}.from", "must be play or remarks")
        winner = t.get("winner")
        _require((winner is None) == (not plays), f"{tat}.winner", "a trick with cards names its winner; one without, none")
        tricks.append(Trick(
            n=t["n"], heading=_text(f"{tat}.heading", t.get("heading") or "", empty_ok=True),
            text=_text(f"{tat}.text", t.get("text") or "", empty_ok=True), source=source, plays=tuple(plays),
            winner=None if winner is None else _seat(f"{tat}.winner", winner),
            notes=_texts(f"{tat}.notes", t.get("notes", [])),
        ))

    coup = Coup(
        number=number, title=_text(f"{at}.title", rec["title"] or "", empty_ok=True),
        lesson=_text(f"{at}.lesson", rec["lesson"]), printed=printed, hands=hands, turnup=turnup, trump=trump,
        setting=_text(f"{at}.setting", rec["setting"]), score=_pair(f"{at}.score", rec["score"]),
        games=_pair(f"{at}.games", rec["games"]) if rec.get("games") is not None else None,
        maker=_seat(f"{at}.made.by", made["by"]), how=made["how"], alone=alone, laws=tuple(laws),
        tricks=tuple(tricks), remarks=_text(f"{at}.remarks", rec["remarks"] or "", empty_ok=True),
        after=_texts(f"{at}.after", rec.get("after", [])), outcome_side=_side(f"{at}.outcome.side", outcome["side"]),
        outcome=outcome["how"], notes=_texts(f"{at}.notes", rec.get("notes", [])), errata=tuple(errata),
        preface=preface,
    )
    for problem in check_coup(coup, book):
        raise RulebookError(f"{at}: {problem}")
    return coup


def check_cards(coup: Coup) -> list[str]:
    """What is wrong with a coup's cards: against the printed words, the pack, and each other."""
    problems: list[str] = []
    for seat in COUP_SEATS:
        try:
            words, marked = read_printed_hand(coup.printed[seat], coup.trump)
        except ValueError as err:
            problems.append(f"{seat}'s printed hand: {err}")
            continue
        for e in coup.errata:
            if e.seat == seat and e.printed in words:
                words[words.index(e.printed)] = e.reading  # type: ignore[call-overload]
        if list(coup.hands[seat]) != words:
            problems.append(f"{seat}'s hand {_codes(coup.hands[seat])} is not what the book prints: {_codes(words)}")
        if marked is not None and (seat != "A" or marked != coup.turnup):
            problems.append(f"the book marks {marked} in {seat}'s hand as the turn-up, not {coup.turnup} in A's")
        partner_of_lone = coup.alone is not None and seat == _partner(coup.alone)
        size = len(coup.hands[seat])
        if not (size == 5 or (size == 0 and partner_of_lone)):
            problems.append(f"{seat} holds {size} cards, not five")
    if coup.turnup not in coup.hands["A"]:
        problems.append(f"the turn-up {coup.turnup} is not among the dealer's cards")
    seen: dict[Card, str] = {}
    for seat in COUP_SEATS:
        for card in coup.hands[seat]:
            if card is None:
                continue
            if card not in PACK:
                problems.append(f"{card} in {seat}'s hand is not in the 32-card pack")
            if card in seen:
                problems.append(f"{card} is in both {seen[card]}'s and {seat}'s hands")
            seen[card] = seat
    return problems


def _codes(cards: Any) -> str:
    return " ".join(UNKNOWN if c is None else str(c) for c in cards)


@dataclass(frozen=True)
class Played:
    """A trick replayed from the hands."""

    trick: Trick
    """The trick as told."""
    winner: str | None
    """The seat that takes it, by the rank of the cards."""
    revokes: tuple[str, ...]
    """Seats that did not follow suit though able (the book's play has none)."""
    hands_before: dict[str, tuple[Card | None, ...]]
    """Each hand just before the trick."""


@dataclass(frozen=True)
class Replay:
    """A coup played through from the hands, as far as the book goes."""

    coup: Coup
    """The coup."""
    tricks: tuple[Played, ...]
    """Each trick told."""
    taken: dict[str, int]
    """Tricks taken by each side in the tricks played: {AC: n, BD: n}."""
    hands_after: dict[str, tuple[Card | None, ...]]
    """What each player holds after the last trick played."""

    @property
    def complete(self) -> bool:
        """True when all five tricks are played card by card."""
        return sum(self.taken.values()) == 5

    @property
    def revokes(self) -> list[str]:
        """Every failure to follow suit, as 'trick 2: B'."""
        return [f"trick {p.trick.n}: {s}" for p in self.tricks for s in p.revokes]


def replay(coup: Coup) -> tuple[Replay, list[str]]:
    """Play the tricks from the hands; also the problems found (cards not held, wrong order...)."""
    hands = {s: list(coup.hands[s]) for s in COUP_SEATS}
    problems: list[str] = []
    played: list[Played] = []
    taken = {"AC": 0, "BD": 0}
    leader = "B"  # eldest hand leads (the dealer's left)
    expected_n = 1
    for trick in coup.tricks:
        if trick.n != expected_n:
            problems.append(f"trick {trick.n}: expected trick {expected_n}")
        expected_n = trick.n + 1
        before = {s: tuple(h) for s, h in hands.items()}
        if not trick.plays:
            played.append(Played(trick, None, (), before))
            continue
        seats = [p.seat for p in trick.plays]
        order = [leader]
        while len(order) < len(coup.players):
            order.append(_next(order[-1], coup.players))
        if seats != order:
            problems.append(f"trick {trick.n}: played by {' '.join(seats)}, but the order is {' '.join(order)}")
        led = trick.plays[0].card.suit_in(coup.trump)
        revokes = []
        for i, p in enumerate(trick.plays):
            if p.card not in hands[p.seat]:
                problems.append(f"trick {trick.n}: {p.seat} plays {p.card}, which he does not hold (or played before)")
                continue
            if i and p.card.suit_in(coup.trump) is not led and any(
                c is not None and c.suit_in(coup.trump) is led for c in hands[p.seat]
            ):
                revokes.append(p.seat)
            hands[p.seat].remove(p.card)
        winner = trick_winner(trick.plays, coup.trump)
        if trick.winner != winner:
            problems.append(f"trick {trick.n}: the data says {trick.winner} wins, but {winner}'s card is highest")
        taken[COUP_SIDES[winner]] += 1
        played.append(Played(trick, winner, tuple(revokes), before))
        leader = winner
    if any(not t.plays for t in coup.tricks[:-1]):
        problems.append("only the last entry may tell tricks without cards")
    return Replay(coup, tuple(played), taken, {s: tuple(h) for s, h in hands.items()}), problems


def result_of(book: Rulebook, coup: Coup, taken: dict[str, int]) -> tuple[str, str]:
    """(side that scores, point/march/euchre) from a complete count of tricks (Laws 2, 3)."""
    rules = book.law(2)
    makers = taken[coup.makers]
    if makers >= rules.number_of("march_tricks"):
        return coup.makers, "march"
    if makers >= rules.number_of("point_tricks"):
        return coup.makers, "point"
    return ("BD" if coup.makers == "AC" else "AC"), "euchre"


def outcome_points(book: Rulebook, coup: Coup) -> tuple[int, int]:
    """The points the hand scores and the law that says so: Law 3 for a lone hand, else Law 2."""
    law = 3 if coup.alone else 2
    return book.law(law).number_of(coup.outcome), law


def check_coup(coup: Coup, book: Rulebook) -> list[str]:
    """Everything wrong with a coup: its cards, its tricks and its outcome."""
    problems = check_cards(coup)
    if problems:
        return problems
    if coup.alone is not None and COUP_SIDES[coup.alone] != coup.makers:
        problems.append(f"{coup.alone} plays alone, but his side did not make the trump")
    if coup.outcome_side == coup.makers and coup.outcome == "euchre":
        problems.append("the makers cannot score a euchre")
    if coup.outcome_side != coup.makers and coup.outcome != "euchre":
        problems.append("the side that did not make the trump scores only by a euchre")
    rp, trouble = replay(coup)
    problems.extend(trouble)
    if not trouble and rp.complete:
        side, how = result_of(book, coup, rp.taken)
        if (side, how) != (coup.outcome_side, coup.outcome):
            problems.append(f"the tricks give {side} a {how}, but the outcome says {coup.outcome_side} {coup.outcome}")
    elif not trouble:
        makers = rp.taken[coup.makers]
        left = 5 - sum(rp.taken.values())
        can = {"euchre": makers <= 2, "point": 3 <= makers + left and makers <= 4, "march": makers + left == 5}
        if not can[coup.outcome]:
            problems.append(f"after the tricks told the makers have {makers}; a {coup.outcome} is no longer possible")
    return problems


@cache
def coups(book: Rulebook) -> tuple[Coup, ...]:
    """The nine coups, every card and trick checked."""
    where = "coups.yaml"
    raw = _fields(where, _extra(book, "coups"), ("heading", "paragraphs", "cases"), ("interlude",))
    _require(isinstance(raw["cases"], list) and raw["cases"], where, "field 'cases' must be a list")
    interlude = raw.get("interlude")
    before, words = 0, ""
    if interlude is not None:
        interlude = _fields(f"{where}: interlude", interlude, ("before", "text"))
        before, words = interlude["before"], _text(f"{where}: interlude.text", interlude["text"])
    return tuple(
        _coup(book, i, rec, words if i + 1 >= before and before else "") for i, rec in enumerate(raw["cases"])
    )


def coups_intro(book: Rulebook) -> tuple[str, ...]:
    """The book's words before Case I."""
    return _texts("coups.yaml: paragraphs", _extra(book, "coups")["paragraphs"])


def coup(book: Rulebook, key: str | int) -> Coup:
    """A coup by number (4) or roman numeral (IV)."""
    all_coups = coups(book)
    text = str(key).strip().upper().removeprefix("CASE").strip().rstrip(".")
    number = int(text) if is_whole(text) else (ROMAN.index(text) + 1 if text in ROMAN else 0)
    if not 1 <= number <= len(all_coups):
        raise InputError(f"no coup {key!r}; the coups are Cases I-{ROMAN[len(all_coups) - 1]} (1-{len(all_coups)})")
    return all_coups[number - 1]


def coup_data(book: Rulebook, c: Coup) -> dict[str, Any]:
    """A coup as plain data, with the tricks replayed, for --json."""
    rp, _ = replay(c)
    points, law = outcome_points(book, c)
    return {
        "case": c.number, "roman": c.roman, "title": c.title or None, "lesson": c.lesson,
        "seats": {s: COUP_ROLES[s] for s in COUP_SEATS},
        "hands": {s: [UNKNOWN if x is None else str(x) for x in c.hands[s]] for s in COUP_SEATS},
        "printed": {s: list(c.printed[s]) for s in COUP_SEATS},
        "turnup": str(c.turnup), "trump": c.trump.value, "setting": c.setting, "score": c.score, "games": c.games,
        "made": {"by": c.maker, "how": c.how}, "alone": c.alone, "laws": list(c.laws),
        "tricks": [
            {"n": p.trick.n, "heading": p.trick.heading or None, "text": p.trick.text or None, "from": p.trick.source,
             "leader": p.trick.leader,
             "plays": [{"seat": x.seat, "card": str(x.card), "derived": x.derived} for x in p.trick.plays],
             "winner": p.winner, "notes": list(p.trick.notes)}
            for p in rp.tricks
        ],
        "taken": rp.taken, "complete": rp.complete,
        "outcome": {"side": c.outcome_side, "how": c.outcome, "points": points, "law": law},
        "remarks": c.remarks or None, "after": list(c.after), "notes": list(c.notes),
        "errata": [{"seat": e.seat, "printed": str(e.printed), "reading": str(e.reading) if e.reading else None,
                    "why": e.why} for e in c.errata],
        "preface": c.preface or None,
    }


# --- worked cases ------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class WorkedCase:
    """A worked case from cases/, with the ruling it was checked against."""

    path: str
    """The case file, relative to cases/."""
    title: str
    """The sentence it teaches."""
    data: dict[str, Any]
    """The case file's mapping."""
    laws: tuple[int, ...]
    """The laws its `expect` block names, the governing law first."""

    @property
    def expect(self) -> dict[str, Any]:
        """Its `expect` block."""
        return self.data.get("expect") or {}


@cache
def worked_cases(ruleset: str = DEFAULT_RULESET) -> tuple[WorkedCase, ...]:
    """A code's own worked cases: those whose `ruleset:` is the code's and that lay no house
    rules over it, so that their law numbers are the code's own numbers."""
    return tuple(c for c in _all_worked_cases()
                 if "house" not in c.data and c.data.get("ruleset", DEFAULT_RULESET) == ruleset)


@cache
def _all_worked_cases() -> tuple[WorkedCase, ...]:
    """Every case file in cases/ with an `expect` block that names laws (refusals left out)."""
    from arbiter.casebook import cases_root, discover
    from arbiter.incident import read_case_file

    try:
        root = cases_root()
    except InputError:
        return ()
    found = []
    for path in discover([str(root)]):
        try:
            data = read_case_file(path)
        except InputError:
            continue
        expect = data.get("expect")
        if not isinstance(expect, dict) or "error" in expect or not isinstance(expect.get("laws"), list):
            continue
        laws = tuple(n for n in expect["laws"] if isinstance(n, int))
        if not laws:
            continue
        title = data["title"] if isinstance(data.get("title"), str) else path.stem.replace("-", " ")
        found.append(WorkedCase(str(path.relative_to(root)), title, data, laws))
    return tuple(found)


@cache
def checked_ruling(case: WorkedCase) -> dict[str, Any] | None:
    """The case's ruling as data, or None unless it shows everything its `expect` block asks."""
    from arbiter.casebook import compare
    from arbiter.incident import build_case
    from arbiter.ruling import rule

    try:
        ruling = rule(build_case(case.data, case.path)).as_dict()
    except Exception:  # noqa: BLE001 - a case no handler can rule yet is simply not taught from
        return None
    return None if compare(case.expect, ruling) else ruling


def cases_for(book: Rulebook, law: int) -> list[WorkedCase]:
    """The code's worked cases that cite a law: those it governs first, then the rest, each in file order."""
    hits = [c for c in worked_cases(book.ruleset) if law in c.laws]
    return sorted(hits, key=lambda c: c.laws[0] != law)


# --- the basics: the game itself, for someone who has never played -------------------------------

_FIGURE = re.compile(r"\{(\d+)\.([a-z_]+)\}")
_LAW_REFS = re.compile(r"\bLaws? \d+(?:(?:-|, | and )\d+)*")


@dataclass(frozen=True)
class BasicsTopic:
    """One step of a hand, in our words, tied to the laws that govern it."""

    id: str
    """A short id: `deal`, `scoring`."""
    title: str
    """What it covers."""
    ours: str
    """Our explanation, with every figure read from its law's record."""
    laws: tuple[tuple[int, str], ...]
    """The laws it rests on, each with the words quoted, exactly as printed."""
    terms: tuple[Term, ...]
    """The book's Technical Terms it uses, quoted from the glossary."""
    more: Section
    """The section to read next."""


@dataclass(frozen=True)
class Basics:
    """The lesson on the game itself (`arbiter teach basics`)."""

    title: str
    """Its heading."""
    intro: str
    """Our opening paragraph."""
    topics: tuple[BasicsTopic, ...]
    """The steps of a hand, in order."""

    def as_dict(self) -> dict[str, Any]:
        """Plain data for --json."""
        return {"title": self.title, "intro": self.intro, "topics": [
            {"id": t.id, "title": t.title, "ours": t.ours,
             "laws": [{"number": n, "text": text} for n, text in t.laws],
             "terms": [{"term": x.term, "printed": list(x.printed), "text": x.text} for x in t.terms],
             "more": t.more.id}
            for t in self.topics]}


def _figures(book: Rulebook, where: str, text: Any) -> str:
    """Our words with each {LAW.name} replaced by the figure the law's record states; a figure
    written out (any digit outside a law reference) is refused, so that none can drift."""
    text = _text(where, text)

    def figure(m: re.Match[str]) -> str:
        n, name = int(m[1]), m[2]
        value = book.laws[n].reading.get("numbers", {}).get(name) if n in book.laws else None
        _require(isinstance(value, int) and not isinstance(value, bool), where,
                 f"{m[0]} names no figure: Law {n}'s record states no {name!r}")
        return str(value)

    _require(not re.search(r"\d", _LAW_REFS.sub("", _FIGURE.sub("", text))), where,
             "a figure is written out; write it as {LAW.name}, read from the law's record")
    return _FIGURE.sub(figure, text)


def _quote(book: Rulebook, where: str, item: Any) -> tuple[int, str]:
    """A law quoted whole (its number) or in part ({law, text}, word for word)."""
    if isinstance(item, int) and not isinstance(item, bool):
        _require(item in book.laws, where, f"law {item} does not exist")
        return item, book.law(item).text
    rec = _fields(where, item, ("law", "text"))
    n, words = rec["law"], _text(f"{where}.text", rec["text"])
    _require(n in book.laws, where, f"law {n!r} does not exist")
    _require(" ".join(words.split()) in " ".join(book.law(n).text.split()), where,
             f"the words are not in Law {n} as printed")
    return n, words


@cache
def basics(book: Rulebook) -> Basics:
    """The lesson on the game itself, checked: quotes against the laws, terms against the
    glossary, figures against the law records."""
    where = "basics.yaml"
    raw = _fields(where, _extra(book, "basics"), ("title", "intro", "topics"))
    _require(isinstance(raw["topics"], list) and raw["topics"], where, "field 'topics' must be a list")
    printed = {t.term: t for t in book.terms if t.kind == "defined"}
    topics = []
    for i, rec in enumerate(raw["topics"]):
        at = f"{where}: topics[{i}]"
        rec = _fields(at, rec, ("id", "title", "ours", "laws", "more"), ("terms",))
        _require(isinstance(rec["laws"], list) and rec["laws"], at, "field 'laws' must name the laws it rests on")
        terms = []
        for name in rec.get("terms", []):
            _require(name in printed, f"{at}.terms", f"{name!r} is not one of the book's Technical Terms")
            terms.append(printed[name])
        try:
            more = book.section(str(rec["more"]))
        except InputError:
            raise RulebookError(f"{at}.more: no section {rec['more']!r}") from None
        topics.append(BasicsTopic(
            _text(f"{at}.id", rec["id"]), _text(f"{at}.title", rec["title"]), _figures(book, f"{at}.ours", rec["ours"]),
            tuple(_quote(book, f"{at}.laws[{j}]", x) for j, x in enumerate(rec["laws"])), tuple(terms), more))
    ids = [t.id for t in topics]
    _require(len(set(ids)) == len(ids), where, "two topics share an id")
    return Basics(_text(f"{where}: title", raw["title"]), _figures(book, f"{where}: intro", raw["intro"]),
                  tuple(topics))


# --- lessons -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    """A worked case shown beside a law."""

    title: str
    """The sentence it teaches."""
    path: str
    """Its file under cases/."""
    summary: str
    """The ruling's summary."""
    governing: bool
    """True when the law governs the case; False when it only bears on it."""
    laws: tuple[int, ...]
    """The laws the ruling cites."""


@dataclass(frozen=True)
class LessonItem:
    """One law of a lesson."""

    law: Law
    """The law, with its text exactly as printed."""
    gloss: str
    """Our plain words for it."""
    example: Example | None
    """A worked case that turns on it, if there is one yet."""


@dataclass(frozen=True)
class Lesson:
    """A section walked through law by law."""

    section: Section
    """The section taught."""
    items: tuple[LessonItem, ...]
    """Its laws, in order."""
    remarks: tuple[RemarkPart, ...] = ()
    """The authors' remarks on the choices its laws govern."""
    coups: tuple[Coup, ...] = ()
    """Coups whose making or scoring its laws govern."""
    note: str = ""
    """Where the code has no section by the name asked for: which of its provisions stand in."""

    def as_dict(self) -> dict[str, Any]:
        """Plain data for --json."""
        s = self.section
        return {
            "section": {"id": s.id, "title": s.title, "first": s.first, "last": s.last, "summary": s.summary},
            "note": self.note or None,
            "laws": [
                {"number": i.law.number, "kind": i.law.kind, "title": i.law.title, "text": i.law.text,
                 "gloss": i.gloss,
                 "case": None if i.example is None else {
                     "title": i.example.title, "path": i.example.path, "summary": i.example.summary,
                     "command": f"arbiter rule --case {Path(i.example.path).stem}",
                     "governing": i.example.governing, "laws": list(i.example.laws)}}
                for i in self.items
            ],
            "remarks": [p.id for p in self.remarks],
            "coups": [c.number for c in self.coups],
        }


def example_for(book: Rulebook, law: int) -> Example | None:
    """The first of the code's worked cases that cites the law and whose ruling checks out."""
    for case in cases_for(book, law):
        ruling = checked_ruling(case)
        if ruling is not None:
            return Example(case.title, case.path, ruling["summary"], case.laws[0] == law, tuple(ruling["laws"]))
    return None


@dataclass(frozen=True)
class Topic:
    """What a section name finds in a code: the section and the provisions to teach."""

    section: Section
    """The code's own section (for a Somerset word, the one holding most of the provisions)."""
    numbers: tuple[int, ...]
    """The code's provision numbers, in order."""
    note: str = ""
    """Set where the code has no section by that name and its provisions on the subject stand in."""


def topic(book: Rulebook, key: str) -> Topic:
    """A section of the code by id, title or word; else, for a code without printed sections
    of Somerset's kind, the word read as a Somerset section (`revoke`): the code's provisions
    mapped to that section's laws (their `somerset:` lists)."""
    try:
        sec = book.section(key)
        return Topic(sec, tuple(sec.numbers))
    except InputError:
        if book.ruleset == DEFAULT_RULESET:
            raise
    from arbiter.rulebook import load

    ids = ", ".join(s.id for s in book.sections)
    try:
        theirs = load(DEFAULT_RULESET).section(key)
    except InputError:
        raise InputError(f"no section {key!r} in {book.ruleset}; its sections are: {ids}") from None
    wanted = set(theirs.numbers)
    numbers = tuple(n for n, law in sorted(book.laws.items()) if wanted & set(law.somerset))
    span = f"Laws {theirs.first}-{theirs.last}"
    if not numbers:
        raise InputError(f"{book.ruleset} has no provision on Somerset's {theirs.title} ({span}); "
                         f"its sections are: {ids}")
    home = max(book.sections, key=lambda s: sum(n in s.numbers for n in numbers))  # the first of the most
    shown = ", ".join(map(str, numbers))
    return Topic(home, numbers, f"{book.ruleset} has no section {key!r}: these are its provisions on "
                                f"Somerset's {theirs.title} ({span}): {shown}")


def lesson(book: Rulebook, key: str) -> Lesson:
    """The lesson for a section (`revoke`, `The Revoke`, `alone`) or for one law (`62`)."""
    if is_whole(key.strip()):
        law = book.law(int(key))
        found = Topic(book.section(law.section), (law.number,))
    else:
        found = topic(book, key)
    words = glosses(book)
    items = tuple(LessonItem(book.law(n), words[n], example_for(book, n)) for n in found.numbers)
    wanted = set(found.numbers)
    parts = tuple(p for p in remarks(book).parts if wanted & set(p.laws)) if has_material(book, "remarks") else ()
    related = tuple(c for c in coups(book) if wanted & set(c.laws)) if has_material(book, "coups") else ()
    return Lesson(found.section, items, parts, related, found.note)


def syllabus(book: Rulebook) -> list[tuple[Section, int, int]]:
    """Each section with its number of laws and how many of them have a worked case."""
    out = []
    for s in book.sections:
        with_case = sum(1 for n in s.numbers if cases_for(book, n))
        out.append((s, len(s.numbers), with_case))
    return out


# --- the quiz ----------------------------------------------------------------------------------

NONE_CHOICE = "None: the laws leave no choice"
NO_POINTS = "No points are scored"

# Questions on the figures the laws state, by the provision's key (so that they ask under any
# code that has the provision). The figures are read from the law records.
NUMBER_QUESTIONS: dict[tuple[str, str], str] = {
    ("rubber", "games_to_win"): "How many games must a side win to take the rubber?",
    ("points_for_tricks", "game"): "How many points make a game?",
    ("points_for_tricks", "march"): "Partners who made the trump take all five tricks. How many points do they score?",
    ("points_for_tricks", "point"): "Partners who made the trump take three or four tricks. How many points do they score?",
    ("points_for_tricks", "euchre"): "Partners who made the trump take fewer than three tricks. How many points do their adversaries score?",
    ("points_for_tricks", "point_tricks"): "How many tricks must the side that made the trump take to escape a euchre?",
    ("lone_hand_points", "march"): "A player alone takes all five tricks. How many points does he score?",
    ("lone_hand_points", "point"): "A player alone takes three or four tricks. How many points does he score?",
    ("lone_hand_points", "euchre"): "A player alone is euchred. How many points do the adversaries score?",
    ("game_and_rubber_value", "double_game"): "What is a game worth when the losers have failed to score?",
    ("game_and_rubber_value", "rubber"): "How many extra points does the side winning the rubber take?",
    ("game_and_rubber_value", "rubber_max"): "What is the most a side can win in one rubber?",
    ("cutting_the_pack", "min_packet"): "In cutting the pack, what is the fewest cards either packet may hold?",
    ("misdeal_defined", "cards_each"): "How many cards must each player be dealt?",
    ("abandoned_against_lone", "lone_side"): "An adversary of a lone hand abandons his hand. How many points does the lone player score?",
    ("revoke_penalty", "revoke"): "How many points does a revoke cost, all four playing?",
    ("revoke_penalty", "revoke_lone"): "How many points does a revoke cost in a lone hand?",
    ("new_cards", "packs"): "A player calls for fresh cards. How many new packs must he call for?",
    ("wrong_number_of_cards", "forfeit"): "A player is found with six cards, all four playing. How many points does his side forfeit?",
    ("wrong_number_of_cards", "forfeit_lone"): "A player is found with four cards in a lone hand. How many points does his side forfeit?",
    ("lone_exposed_reduces", "march"): "The lone player's partner exposed a card, and the lone player takes every trick. How many points may he score?",
    # the other codes' own figures
    ("makers_need_three", "euchre"): "The side that made the trump takes fewer than three tricks. How many points do the adversaries score?",
    ("makers_need_three", "tricks_needed"): "How many tricks must the side that made the trump take to escape a euchre?",
    ("new_trump_euchre", "euchre"): "The side that named a new trump in the second round is euchred. How many points do the adversaries score?",
    ("euchred", "euchre"): "The player who made the trump takes fewer than three tricks. How many points does his adversary score?",
    ("game_points", "game"): "How many points make a game?",
    ("dealing", "cards_each"): "How many cards does each player receive?",
    ("the_pack", "pack"): "How many cards are in the pack?",
}


@dataclass(frozen=True)
class Question:
    """One multiple-choice question; every answer cites its law."""

    id: str
    """Stable across runs: `case:revoke/x.yaml:points`, `law:63:revoke_lone`, `gloss:52`."""
    kind: str
    """options, points, dealer, verdict, governing, number, gloss."""
    ask: str
    """The question."""
    setting: str
    """What happened, for questions on a worked case; empty otherwise."""
    choices: tuple[str, ...]
    """The choices, in the order shown."""
    answer: int
    """The index of the right choice (0-based)."""
    law: int
    """The law that answers it."""
    explain: str
    """Why, in plain words."""
    source: str
    """Where it comes from: a worked case's title, or `Law 63`."""

    def as_dict(self) -> dict[str, Any]:
        """Plain data for --json; `answer` counts from 1, as people answer."""
        return {"id": self.id, "kind": self.kind, "ask": self.ask, "setting": self.setting or None,
                "choices": list(self.choices), "answer": self.answer + 1, "law": self.law,
                "explain": self.explain, "source": self.source}


@dataclass
class Quiz:
    """A set of questions and, once answered, the answers given."""

    seed: int
    """Run again with this seed for the same questions."""
    section: str | None
    """The section it focuses on."""
    questions: list[Question]
    """The questions, in order."""
    given: list[int | None] | None = None
    """The answers given (0-based; None for a skipped one), or None before answering."""

    @property
    def right(self) -> int:
        """How many were answered right."""
        return sum(1 for q, a in zip(self.questions, self.given or []) if a == q.answer)

    def as_dict(self) -> dict[str, Any]:
        """Plain data for --json."""
        out: dict[str, Any] = {"seed": self.seed, "section": self.section, "questions": []}
        for i, q in enumerate(self.questions):
            rec = q.as_dict()
            if self.given is not None:
                g = self.given[i]
                rec["given"] = None if g is None else g + 1
                rec["correct"] = g == q.answer
            out["questions"].append(rec)
        out["score"] = None if self.given is None else {"right": self.right, "total": len(self.questions)}
        return out


def parse_answers(text: str, quiz: Quiz) -> list[int | None]:
    """Answers from `2,1,4`, `b a d` or one a line; `-` skips a question. Bad input is an InputError."""
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    n = len(quiz.questions)
    if len(tokens) != n:
        raise InputError(f"{len(tokens)} answer{'s' if len(tokens) != 1 else ''} for {n} question{'s' if n != 1 else ''}; "
                         "give one per question, as 2,1,3 (or - to skip one)")
    out: list[int | None] = []
    for i, (tok, q) in enumerate(zip(tokens, quiz.questions), 1):
        out.append(parse_answer(tok, q, i))
    return out


def parse_answer(token: str, q: Question, number: int = 0) -> int | None:
    """One answer: a number from 1, or a letter from a; `-` for none."""
    tok = token.strip().lower()
    if tok in ("-", "skip"):
        return None
    if is_whole(tok) and 1 <= int(tok) <= len(q.choices):
        return int(tok) - 1
    if len(tok) == 1 and "a" <= tok < chr(ord("a") + len(q.choices)):
        return ord(tok) - ord("a")
    which = f"answer {number}" if number else "the answer"
    raise InputError(f"{which}: {token!r} is not a choice; choose 1-{len(q.choices)} (or a-{chr(ord('a') + len(q.choices) - 1)})")


def make_quiz(book: Rulebook, seed: int, section: str | None = None, count: int = 5) -> Quiz:
    """A repeatable quiz: the same seed, section, count and data give the same questions."""
    rng = random.Random(seed)
    found = topic(book, section) if section else None
    sec = found.section if found else None
    wanted = set(found.numbers) if found else set(book.laws)
    pools: dict[str, list[Question]] = {}
    for q in _law_questions(book, wanted, rng):
        pools.setdefault(q.kind, []).append(q)
    cases = [c for c in worked_cases(book.ruleset) if wanted & set(c.laws)]
    rng.shuffle(cases)
    # Ruling every case costs time; rule only enough of them to fill the quiz.
    option_sets = _option_sets(book)
    used = 0
    for case in cases:
        if used >= count:
            break
        ruling = checked_ruling(case)
        if ruling is None:
            continue
        made = _case_questions(book, case, ruling, rng, option_sets)
        if made:
            used += 1
            pick = rng.choice(made)  # one question a case keeps the quiz varied
            pools.setdefault(pick.kind, []).append(pick)
    for qs in pools.values():
        rng.shuffle(qs)
    kinds = sorted(pools)
    rng.shuffle(kinds)
    chosen: list[Question] = []
    while len(chosen) < count and any(pools[k] for k in kinds):
        for k in kinds:
            if pools[k] and len(chosen) < count:
                chosen.append(pools[k].pop())
    if not chosen:
        raise InputError(f"no questions for {sec.id if sec else 'the laws'} yet")
    return Quiz(seed, sec.id if sec else None, chosen)


def _shuffled(rng: random.Random, right: str, wrong: list[str], limit: int = 4,
              keep: tuple[str, ...] = ()) -> tuple[tuple[str, ...], int]:
    """The right answer among up to `limit` choices; `keep` distractors always appear."""
    kept = [w for w in dict.fromkeys(keep) if w != right][: limit - 1]
    others = [w for w in dict.fromkeys(wrong) if w != right and w not in kept]
    rng.shuffle(others)
    choices = [right, *kept, *others[: limit - 1 - len(kept)]]
    rng.shuffle(choices)
    return tuple(choices), choices.index(right)


def _law_questions(book: Rulebook, wanted: set[int], rng: random.Random) -> list[Question]:
    out = []
    for (key, name), ask in NUMBER_QUESTIONS.items():
        n = book.keys.get(key)
        if n is None or n not in wanted:
            continue
        numbers = book.law(n).reading.get("numbers", {})
        value = numbers.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        near = [v for v in (value - 1, value + 1, value + 2, value * 2, *numbers.values())
                if isinstance(v, int) and not isinstance(v, bool) and v > 0 and v != value]
        choices, answer = _shuffled(rng, str(value), [str(v) for v in near])
        law = book.law(n)
        out.append(Question(f"law:{n}:{name}", "number", ask, "", choices, answer, n,
                            f"Law {n} ({law.title}): “{' '.join(law.text.split())}”", f"Law {n}"))
    words = glosses(book)
    for n in sorted(wanted):
        law = book.law(n)
        section = book.section(law.section)
        near = [m for m in section.numbers if m != n]
        if len(near) < 3:  # a small section: borrow the nearest laws
            near += sorted((m for m in book.laws if m != n and m not in near), key=lambda m: abs(m - n))[: 3 - len(near)]
        label = {m: f"Law {m}: {book.law(m).title}" for m in (n, *near)}
        choices, answer = _shuffled(rng, label[n], [label[m] for m in near])
        out.append(Question(f"gloss:{n}", "gloss", f"Which law says this? (in our plain words) “{words[n]}”", "",
                            choices, answer, n, f"Law {n} ({law.title}): “{' '.join(law.text.split())}”", f"Law {n}"))
    return out


@cache
def _option_sets(book: Rulebook) -> tuple[str, ...]:
    """Every set of options the worked cases expect, as choices: distractors for option questions."""
    sets = []
    for case in worked_cases(book.ruleset):
        if "options" in case.expect and isinstance(case.expect["options"], list):
            sets.append(_options_phrase(case.expect["options"]))
    return tuple(dict.fromkeys(sets))


# The options a ruling offers, in the words a player would use: the quiz shows these, never the ids.
OPTION_WORDS: dict[str, str] = {
    "call_card": "call the card",
    "call_again": "call the exposed card again",
    "call_cards": "call the cards laid on the table",
    "call_suit": "call a suit when the offending side next leads",
    "call_highest": "require his highest card of the suit led",
    "call_lowest": "require his lowest card of the suit led",
    "call_win": "require him to win the trick",
    "call_lose": "require him to lose the trick",
    "call_to_win": "call on his partner to win one of those tricks",
    "fourth_plays_before_partner": "let the fourth hand play before his partner",
    "new_deal": "claim a new deal",
    "deal_stands": "let the deal stand",
    "stop_deal": "stop the deal",
    "compel_reshuffle": "make the dealer shuffle again",
    "change_discard": "let the dealer change his discard",
    "require_partner": "require him to play with his partner",
    "play_out": "require the hand to be played out",
    "play_it": "elect that the trump be played",
    "play_alone": "elect that he play alone after all",
}


def option_words(option_id: str) -> str:
    """An option as a player says it: 'call the card', never 'call_card'."""
    base, _, side = option_id.rpartition("_")
    if base == "call_cards" and side in ("ns", "ew"):
        return f"call {Side(side.upper()).name_}'s cards laid on the table"
    return OPTION_WORDS.get(option_id, option_id.replace("_", " "))


def _options_phrase(ids: list[str]) -> str:
    if not ids:
        return NONE_CHOICE
    words = [option_words(str(i)) for i in sorted(dict.fromkeys(ids))]
    phrase = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]
    return phrase[:1].upper() + phrase[1:]


def _points_phrase(adjustment: dict[str, int]) -> str:
    parts = [f"{_side_name(s)} score {n}" for s, n in adjustment.items() if n]
    return " and ".join(parts) if parts else NO_POINTS


def _side_name(side: str) -> str:
    """A side as people say it: North-South; in the two-handed game a side is one player: North."""
    try:
        return Side(side).name_
    except ValueError:
        return Seat.parse(side).name_


def _other_side(side: str) -> str:
    """The side against this one: EW for NS; in the two-handed game, S for N."""
    try:
        return Side(side).other.value
    except ValueError:
        return Seat.parse(side).partner.value


def describe(case: WorkedCase) -> str:
    """What happened, in words, without the ruling."""
    from arbiter.incident import build_case
    from arbiter.ruling import KINDS

    c = build_case(case.data, case.path)
    spec = KINDS[c.kind]
    out = []
    if c.dealer is not None:
        out.append(f"{c.dealer.name_} deals.")
    if any(c.score.values()) or any(c.games.values()):
        out.append(f"Score: North-South {c.score[Side.NS]}, East-West {c.score[Side.EW]}"
                   + (f"; games {c.games[Side.NS]}-{c.games[Side.EW]}." if any(c.games.values()) else "."))
    if c.trump is not None:
        out.append(f"{c.trump.value.capitalize()} are trumps.")
    if c.turned is not None:
        out.append(f"The {c.turned.words} was turned up.")
    if c.maker is not None:
        out.append(f"{_seat_words(c, c.maker)} made the trump.")
    if c.alone is not None:
        out.append(f"{_seat_words(c, c.alone)} plays alone.")
    out.append(f"Incident: {spec.summary or c.kind.replace('_', ' ')}")
    for name in (k for k in case.data["incident"] if k != "kind"):
        fact = spec.facts.get(name)
        value = c.facts.get(name)
        if fact is None:
            continue
        out.append(f"  {(fact.meaning() or name.replace('_', ' ')).capitalize()}: {_value_words(c, value)}.")
    return "\n".join(out)


def _seat_words(case: Any, seat: Seat) -> str:
    return f"{seat.name_} ({case.table.role(seat)})" if case.dealer is not None else seat.name_


def _value_words(case: Any, value: Any) -> str:
    if isinstance(value, Seat):
        return _seat_words(case, value)
    if isinstance(value, Card):
        return value.words
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(_value_words(case, v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{_value_words(case, k)} {_value_words(case, v)}" for k, v in value.items())
    if value is None:
        return "none"
    return str(getattr(value, "name_", getattr(value, "value", value))).replace("_", " ")


def _case_questions(book: Rulebook, case: WorkedCase, ruling: dict[str, Any], rng: random.Random,
                    option_sets: tuple[str, ...]) -> list[Question]:
    expect = case.expect
    governing = ruling["laws"][0]
    try:
        setting = describe(case)
    except (InputError, KeyError):
        return []
    why = f"Law {governing} ({book.law(governing).title}). {ruling['summary']}"
    made = []

    def add(kind: str, ask: str, right: str, wrong: list[str], law: int, keep: tuple[str, ...] = ()) -> None:
        choices, answer = _shuffled(rng, right, wrong, keep=keep)
        if len(choices) >= 2:
            made.append(Question(f"case:{case.path}:{kind}", kind, ask, setting, choices, answer, law,
                                 why if law == governing else f"Law {law} ({book.law(law).title}). {ruling['summary']}",
                                 case.title))

    if "options" in expect:
        ids = [o["id"] for o in ruling["options"]]
        electors = {o["elector"] for o in ruling["options"]}
        who = _side_name(electors.pop()) if len(electors) == 1 else "the side not at fault"
        law = ruling["options"][0]["law"] if ruling["options"] else governing
        wrong = [p for p in option_sets if p != _options_phrase(ids)]
        add("options", f"What may {who} choose?", _options_phrase(ids), wrong, law, (NONE_CHOICE,) if ids else ())
    if "adjustment" in expect:
        adj = {k: v for k, v in ruling["score"]["adjustment"].items() if v}
        right = _points_phrase(adj)
        figures = sorted({v for n in book.laws for v in book.law(n).reading.get("numbers", {}).values()
                          if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 5})
        sides = tuple(ruling["score"]["adjustment"]) or ("NS", "EW")
        wrong = [_points_phrase({side: v}) for side in sides for v in figures]
        keep: tuple[str, ...] = (NO_POINTS,)
        if adj:
            side, value = next(iter(adj.items()))
            keep = (_points_phrase({_other_side(side): value}), NO_POINTS)  # the likeliest slips
        law = next((n for n in ruling["laws"] if any(v in book.law(n).reading.get("numbers", {}).values()
                                                         for v in adj.values())), governing)
        add("points", "How many points does the ruling score, and for whom?", right, wrong, law, keep)
    dealer = case.data.get("dealer")
    if expect.get("dealer") and dealer:
        this = Seat.parse(dealer)
        labels = {this: f"{this.name_} (the same dealer)", this.left: f"{this.left.name_} (the dealer's left)",
                  this.partner: f"{this.partner.name_} (the dealer's partner)",
                  this.right: f"{this.right.name_} (the dealer's right)"}
        nxt = Seat.parse(ruling["deal"]["dealer"])
        add("dealer", "Who deals next?", labels[nxt], [v for k, v in labels.items() if k != nxt], governing)
    verdict = ruling.get("verdict")
    if verdict in ("revoke", "no_revoke") and "verdict" in expect:
        add("verdict", "Is this a revoke?", "Yes" if verdict == "revoke" else "No",
            ["No" if verdict == "revoke" else "Yes"], next((n for n in ruling["laws"] if n == book.keys.get("revoke_defined")), governing))
    elif verdict in ("allowed", "not_allowed") and "verdict" in expect:
        add("verdict", "May he play alone?", "Yes" if verdict == "allowed" else "No",
            ["No" if verdict == "allowed" else "Yes"], governing)
    section = book.section(book.law(governing).section)
    near = [n for n in section.numbers if n != governing] + [n for n in ruling["laws"][1:]]
    if len(set(near)) >= 2:
        add("governing", "Which law governs this case?", f"Law {governing}: {book.law(governing).title}",
            [f"Law {n}: {book.law(n).title}" for n in near if n != governing], governing)
    return made

