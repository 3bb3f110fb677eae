"""The audit of recorded games: every deal replayed, every irregularity the record proves
ruled on as `arbiter rule` would rule it, and the running score (records.md).

A recorded game was scored as played, and Law 68 bars a revoke claim once the next deal is
cut; so the score stays as played, each irregularity carrying the ruling a claim in time
would have got. With `apply`, the penalties are scored as if each had been claimed at the
end of its hand (Law 66), except where the wronged side has a choice: its options are
listed and nothing is scored until it chooses.
"""

from __future__ import annotations

import gc
import json
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from arbiter import score as scoring
from arbiter.model import InputError, Side
from arbiter.reader import shown
from arbiter.record import NAMES, SEATS, SUITS, Deal, Record, Seat, side_of
from arbiter.replay import Finding, Replay, replay
from arbiter.rulebook import Rulebook

RECORD_SUFFIXES = (".egn", ".json", ".yaml", ".yml")
"""The files a folder audit reads; anything else in the folder (a README) is left alone."""

to_json = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
"""json.dumps's text; without its watch for a list or mapping inside itself, which an
audit, a tree of fresh values, never makes, and which cost a fifth of the encoding."""


def book_for(house: dict[str, Any], book: Rulebook) -> Rulebook:
    """The rulebook with house rules laid over it, by the house-rules layer (arbiter.house)."""
    return in_force(house, book).book


class InForce(NamedTuple):
    """A set of house rules as the audit uses them, worked out once for every game that
    plays by them: the book, the hand's points, and the rules' JSON text."""

    base: Rulebook
    """Kept alive, so that the id in the key that finds this names no other book."""
    book: Rulebook
    figures: dict[str, int]
    house_json: str


def in_force(house: dict[str, Any], book: Rulebook, written: str | None = None) -> InForce:
    """The house rules laid over `book` (by arbiter.house), with what follows from them.

    One per set of rules, kept alive: rulings are remembered by its book. An event's files
    mostly give their rules in the same words, so it is first looked for by the rules as
    written (`written`, their repr, a fifth of the cost of the sorted JSON that names a set
    of rules however its keys are ordered).
    """
    key = (id(book), repr(house) if written is None else written)
    found = _WRITTEN.get(key)
    if found is None:
        import json

        from arbiter.house import from_mapping

        same = (id(book), json.dumps(house, sort_keys=True, default=str))
        if same not in _BOOKS:
            laid = from_mapping({**house, "base": book.ruleset}, "the record's rules").apply(book)
            _BOOKS[same] = InForce(book, laid, figures_of(laid, house), to_json(house))
        found = _WRITTEN[key] = _BOOKS[same]
        if found.house_json != to_json(house):  # the same rules, their keys in another order
            found = _WRITTEN[key] = found._replace(house_json=to_json(house))
    return found


_BOOKS: dict[tuple[int, str], InForce] = {}
_WRITTEN: dict[tuple[int, str], InForce] = {}
"""The same, by the rules as written."""


def figures_of(book: Rulebook, house: dict[str, Any]) -> dict[str, int]:
    """The hand's points as the replay needs them."""
    law2, law3 = book.law(2), book.law(3)
    defend = house.get("defend_alone", {})
    return {
        "point": law2.number_of("point"), "march": law2.number_of("march"), "euchre": law2.number_of("euchre"),
        "lone_point": law3.number_of("point"), "lone_march": law3.number_of("march"),
        "lone_euchred": law3.number_of("euchre"), "defend_euchre": defend.get("euchre", law3.number_of("euchre")),
        "march_tricks": law2.number_of("march_tricks"), "point_tricks": law2.number_of("point_tricks"),
    }


def read_record(path: str) -> Record:
    """A recorded game: our YAML deal record by its suffix, EGN otherwise."""
    if path.lower().endswith((".yaml", ".yml")):
        from arbiter import deal_record

        return deal_record.read(path)
    from arbiter import egn

    return egn.read(path)


def expand(paths: Iterable[str]) -> list[str]:
    """Files named, and the record files in folders named (sorted, not recursive)."""
    out: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            with os.scandir(path) as entries:
                names = sorted(e.name for e in entries if e.name.lower().endswith(RECORD_SUFFIXES))
            out.extend(os.path.join(path, n) for n in names)
        else:
            out.append(path)
    return out


class GameAudit:
    """One game audited, its deals already JSON text.

    Each deal is written as text as soon as it is replayed (`_deal_text`), because text is
    what `--json` prints, and an event's tens of thousands of deals made as mappings only to
    be encoded cost a sixth of the audit. `as_dict` reads them back, for the table view and
    for Python; `as_json` is json.dumps of `as_dict`, byte for byte."""

    # A plain class, not a dataclass: the audit starts without importing dataclasses.
    __slots__ = ("head", "deals", "numbers", "final", "house_json", "house_written")

    def __init__(self, head: dict[str, Any], deals: list[str], numbers: list[int], final: dict[str, Any],
                 house_json: str, house_written: str) -> None:
        self.head = head
        """The keys before the deals: file, format, title, house, house_from, not_applied, start."""
        self.deals = deals
        """Each deal's JSON text, in the record's order."""
        self.numbers = numbers
        """Each deal's number, beside `deals`."""
        self.final = final
        """The key after the deals: the points and the winner."""
        self.house_json = house_json
        """The head's house rules as JSON text, made once for every game that plays by them."""
        self.house_written = house_written
        """Their repr, which names them as `Audit.as_dict` compares them."""

    def as_dict(self) -> dict[str, Any]:
        """The game of records.md."""
        return {**self.head, "deals": [json.loads(d) for d in self.deals], "final": self.final}

    def as_json(self) -> str:
        """The game as JSON text: json.dumps's, the head's keys written out as `_deal_text`
        writes a deal's, so that the house rules are encoded once, not once a game."""
        h = self.head
        return (f'{{"file": {to_json(h["file"])}, "format": {to_json(h["format"])}, "title": {to_json(h["title"])}, '
                f'"house": {self.house_json}, "house_from": "{h["house_from"]}", '
                f'"not_applied": {to_json(h["not_applied"])}, "start": {_tally_text(h["start"])}, '
                f'"deals": [{", ".join(self.deals)}], "final": {to_json(self.final)}}}')


class Audit:
    """What an audit found: each game audited, and each file refused with its one line."""

    def __init__(self, files: list[str], ruleset: str) -> None:
        self.files = files
        self.ruleset = ruleset
        self.games: list[dict[str, Any]] = []
        self.refused: list[str] = []

    def as_dict(self) -> dict[str, Any]:
        """The JSON of records.md."""
        houses = {repr(g["house"]) for g in self.games}
        return {"files": self.files, "ruleset": self.ruleset,
                "house": self.games[0]["house"] if len(houses) == 1 else None,
                "games": self.games, "refused": self.refused}


def audit(paths: list[str], book: Rulebook, apply: bool = False, deal: int | None = None,
          progress: Callable[[int, int], None] | None = None) -> Audit:
    """Audit every file; a refused file is reported and the others go on."""
    files = expand(paths)
    result = Audit(files, book.ruleset)
    with no_cycle_collector():
        for i, path in enumerate(files):
            try:
                result.games.append(audit_file(path, book, apply, deal))
            except InputError as err:
                result.refused.append(str(err))
            if progress is not None:
                progress(i + 1, len(files))
    return result


def audit_file(path: str, book: Rulebook, apply: bool = False, deal: int | None = None) -> dict[str, Any]:
    """One file's game; with `deal`, only that deal. A file that cannot be audited is an
    InputError saying why in one line."""
    return audited_file(path, book, apply, deal).as_dict()


def audited_file(path: str, book: Rulebook, apply: bool = False, deal: int | None = None) -> GameAudit:
    """`audit_file`, its deals left as JSON text."""
    try:
        game = audited_game(read_record(path), book, apply)
    except RecursionError:
        raise InputError(f"{shown(path)}: nested too deeply to read") from None
    if deal is not None:
        game.deals = [d for d, n in zip(game.deals, game.numbers) if n == deal]
        game.numbers = [deal] * len(game.deals)
        if not game.deals:
            raise InputError(f"{shown(path)}: no deal {deal}")
    return game


@contextmanager
def no_cycle_collector() -> Iterator[None]:
    """The cycle collector off for an audit: it makes millions of small objects, none of
    them in a cycle, and keeps its results to the end, so the collector would walk them
    again and again (a third of the time of a large event) and free nothing."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


_SIDES = {"NS": Side.NS, "EW": Side.EW}


def audit_game(record: Record, base: Rulebook, apply: bool = False) -> dict[str, Any]:
    """One game: each deal replayed and scored, with its irregularities and their rulings.
    House rules given to the audit (`--house`, laid over `base`) replace the record's own."""
    return audited_game(record, base, apply).as_dict()


def audited_game(record: Record, base: Rulebook, apply: bool = False) -> GameAudit:
    """`audit_game`, its deals left as JSON text."""
    if base.house is not None:
        house = {k: v for k, v in base.house.source.items() if k not in ("name", "base")}
        record = record._replace(house=house)
        written = repr(house)
        rules = InForce(base, base, figures_of(base, house), to_json(house))
    else:
        written = repr(record.house)
        rules = in_force(record.house, base, written)
    book, figures = rules.book, rules.figures
    start = scoring.tally(*record.start)
    rubber = scoring.Rubber.at(_checked(book, record), start, scoring.tally())
    raw = {"NS": record.start[0], "EW": record.start[1]}
    deals: list[str] = []
    numbers: list[int] = []
    limit = record.house.get("hands_per_game")
    house = record.house
    laws = {True: book.keys.get("lone_hand_points"), False: book.keys.get("points_for_tricks")}
    path, award, add_deal, add_number = record.path, scoring.Award, deals.append, numbers.append
    for deal in record.deals:
        played = replay(deal, house, figures, path)
        if played.findings:
            irregularities, penalties = _rule_all(deal, played, book, rubber.points, dict(rubber.games))
        else:
            irregularities, penalties = [], []
        # The hand's points as awards, North-South's first as `points` gives them; written out,
        # not made by a comprehension, as it is done for every deal of an event.
        law = laws[deal.alone is not None]
        ns, ew = played.points["NS"], played.points["EW"]
        awards = []
        if ns:
            awards.append(award(Side.NS, ns, law))
            raw["NS"] += ns
        if ew:
            awards.append(award(Side.EW, ew, law))
            raw["EW"] += ew
        if apply and penalties:
            awards = penalties + awards
            for a in penalties:
                raw[scoring.SIDE_NAMES[a.side]] += a.points
        if awards and not rubber.over:
            rubber.score(book, awards)
        add_deal(_deal_text(deal, played, raw, irregularities, _plain_awards(penalties) if apply else None))
        add_number(deal.number)
    winner = None
    if limit:
        if len(record.deals) >= limit and raw["NS"] != raw["EW"]:
            winner = max(raw, key=raw.__getitem__)
    elif rubber.finished:
        winner = rubber.finished[0].winner.value  # type: ignore[union-attr]
    head = {"file": record.path, "format": record.format, "title": record.title, "house": record.house,
            "house_from": "--house" if base.house is not None else "record",
            "not_applied": list(record.not_applied), "start": {"NS": record.start[0], "EW": record.start[1]}}
    return GameAudit(head, deals, numbers, {"points": raw, "winner": winner}, rules.house_json, written)


def _checked(book: Rulebook, record: Record) -> Rulebook:
    target = book.law(2).number_of("game")
    if max(record.start) >= target:
        raise InputError(f"{record.path}: the score before the first deal ({record.start[0]}-{record.start[1]}) "
                         f"already reaches the game of {target}")
    return book


def _rule_all(deal: Deal, played: Replay, book: Rulebook, points: scoring.Tally,
              games: scoring.Tally) -> tuple[list[dict[str, Any]], list[scoring.Award]]:
    """Each finding with its ruling; and the penalties a claim at the end of the hand scores."""
    if not played.findings:
        return [], []
    from arbiter.incident import build_case
    from arbiter.ruling import rule

    revokes = [f for f in played.findings if f.kind == "revoke"]
    out, penalties = [], []
    for finding in played.findings:
        entry: dict[str, Any] = {
            "kind": finding.kind, "offender": SEATS[finding.offender] if finding.offender is not None else None,
            "trick": finding.trick, "proof": finding.proof, "laws": [], "ruling": None,
        }
        if finding.incident is not None:
            case = _case(deal, finding, revokes, points, games)
            try:
                ruling = rule(build_case(case, "audit"), book)
            except InputError as err:
                entry["refused"] = str(err)
            else:
                entry["laws"] = ruling.laws
                entry["ruling"] = ruling.as_dict()
                wronged = _SIDES[side_of(finding.offender)].other if finding.offender is not None else None
                if any(o.elector is wronged for o in ruling.options):
                    entry["choice"] = [o.id for o in ruling.options if o.elector is wronged]
                elif finding.kind != "revoke" or finding is revokes[0]:
                    # Each revoke's ruling scores the whole hand's revokes (Laws 63, 71: its
                    # count and the other side's), so only the first of them is scored.
                    penalties.extend(a for a in ruling.awards if a.points)
        out.append(entry)
    return out, penalties


def _case(deal: Deal, finding: Finding, revokes: list[Finding], points: scoring.Tally,
          games: scoring.Tally) -> dict[str, Any]:
    """The incident as a case file gives it (the ruleset is the book the engine is given)."""
    incident = dict(finding.incident or {})
    if incident["kind"] == "revoke":
        side = side_of(finding.offender)  # type: ignore[arg-type]
        incident["count"] = sum(1 for f in revokes if side_of(f.offender) == side)  # type: ignore[arg-type]
        incident["other_side_count"] = len(revokes) - incident["count"]
        late = any(c.offender == finding.offender and c.trick == finding.trick and c.when == "after_cut"
                   for c in deal.claims)
        if late:
            incident["claimed_after_cut"] = True
    case: dict[str, Any] = {
        "dealer": SEATS[deal.dealer],
        "score": scoring.plain(points), "games": scoring.plain(games), "incident": incident,
    }
    if deal.trump is not None:
        case["trump"] = SUITS[deal.trump]
    if deal.up_card is not None:
        case["turned"] = deal.up_card
    if deal.maker is not None:
        case["maker"] = SEATS[deal.maker]
    if deal.alone is not None:
        case["alone"] = SEATS[deal.alone]
    return case


def _plain_awards(awards: list[scoring.Award]) -> dict[str, int]:
    out = {"NS": 0, "EW": 0}
    for a in awards:
        out[scoring.SIDE_NAMES[a.side]] += a.points
    return out


_SEAT_TEXT: dict[Seat | None, str] = {seat: f'"{letter}"' for seat, letter in enumerate(SEATS)}
_SEAT_TEXT[None] = "null"
_TRUMP_TEXT: dict[str | None, str] = {letter: f'"{name}"' for letter, name in SUITS.items()}
_TRUMP_TEXT[None] = "null"
_CARD_TEXT: dict[str | None, str] = {name: f'"{name}"' for name in NAMES}
_CARD_TEXT[None] = "null"
"""Seats, trumps and cards as JSON writes them, made once: a deal's text is put together
from these."""


def _tally_text(t: dict[str, int]) -> str:
    return f'{{"NS": {t["NS"]}, "EW": {t["EW"]}}}'


def _deal_text(deal: Deal, played: Replay, score: dict[str, int], irregularities: list[dict[str, Any]],
               applied: dict[str, int] | None) -> str:
    """The deal's JSON text: json.dumps of the mapping records.md gives, the same keys in the
    same order, written from fragments made once (the replay writes each trick's plays). What
    comes from outside a fixed vocabulary, the irregularities and the rarer keys, is encoded."""
    seat = _SEAT_TEXT
    said = seat.__getitem__  # mapped over the seats, not a comprehension: a call the fewer per deal
    tricks, points = played.tricks, played.points
    text = (f'{{"number": {deal.number}, "dealer": {seat[deal.dealer]}, '
            f'"up_card": {_CARD_TEXT.get(deal.up_card) or to_json(deal.up_card)}, '
            f'"trump": {_TRUMP_TEXT[deal.trump]}, "maker": {seat[deal.maker]}, "alone": {seat[deal.alone]}, '
            f'"leaders": [{", ".join(map(said, played.leaders))}], '
            f'"winners": [{", ".join(map(said, played.winners))}], '
            f'"tricks": {{"NS": {tricks["NS"]}, "EW": {tricks["EW"]}}}, '
            f'"points": {{"NS": {points["NS"]}, "EW": {points["EW"]}}}, '
            f'"score": {{"NS": {score["NS"]}, "EW": {score["EW"]}}}, '
            f'"complete": {"true" if played.complete else "false"}, '
            f'"irregularities": {to_json(irregularities) if irregularities else "[]"}, '
            f'"plays": [{", ".join(played.plays)}]')
    if deal.defender_alone is not None:
        text += f', "defender_alone": {seat[deal.defender_alone]}'
    if deal.take_from is not None:
        text += f', "take_from": {seat[deal.take_from]}'
    if deal.hands:
        hands = {SEATS[s]: list(map(NAMES.__getitem__, h)) for s, h in sorted(deal.hands.items())}
        text += f', "hands": {to_json(hands)}'
    if deal.claims:
        claims = [{"by": c.by, "offender": SEATS[c.offender], "trick": c.trick, "when": c.when} for c in deal.claims]
        text += f', "claims": {to_json(claims)}'
    if applied is not None:
        text += f', "penalties": {_tally_text(applied)}'
    return text + "}"
