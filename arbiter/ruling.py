"""The ruling engine: one handler per incident kind, each reasoning from the law records.

A handler receives a `Ruler`, cites the laws it relies on (the governing law first),
and states the options, actions, fate of the deal and points. It never prints; the
command line renders the `Ruling` it returns.
"""

from __future__ import annotations

from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

from arbiter import kinds  # noqa: F401  (fills the registry with every handler)
from arbiter import score as scoring
from arbiter.incident import Case
from arbiter.model import InputError, Seat, sides_of
from arbiter.registry import KINDS, KindSpec, find_kind, handlers_for  # noqa: F401  (re-exported)
from arbiter.rulebook import DEFAULT_RULESET, Rulebook
from arbiter.rulebook import load as load_rulebook
from arbiter.ruler import Action, Option, Ruler, Silence


class Ruling(NamedTuple):  # not a dataclass: the audit starts without importing dataclasses
    """The answer to an incident."""

    kind: str
    """The incident kind."""
    ruleset: str
    """The code ruled under."""
    laws: list[int]
    """The laws that decide the case, the governing law first."""
    summary: str
    """One paragraph in plain words."""
    options: list[Option]
    """The choices open to a side."""
    actions: list[Action]
    """What must be done regardless."""
    verdict: str | None
    """A yes/no answer where the kind asks one (`revoke`, `allowed`...)."""
    deal_outcome: str | None
    """`stands`, `redeal`, `passes`, or None where the deal is not in question."""
    next_dealer: Seat | None
    """Who deals next (for `stands`, the dealer of this hand)."""
    adjustment: scoring.Tally
    """Points each side scores by force of this ruling alone."""
    after: scoring.After
    """The game state once the adjustment is scored."""
    before: scoring.Tally
    """Points in the game before the ruling."""
    games_before: scoring.Tally
    """Games won before the ruling."""
    notes: list[str]
    """Where the text leaves something open, and how we read it."""
    title: str | None = None
    """The case's title, if it had one."""
    table: dict[str, Any] | None = None
    """For cut_for_table: players, partners and dealer."""
    awards: tuple[scoring.Award, ...] = ()
    """The adjustment's parts with their laws, in the order scored (Law 4)."""
    silent: bool = False
    """The ruleset does not address the incident: no ruling of its own, and no invented penalty."""
    reference: dict[str, Any] | None = None
    """For a silent ruling: the Somerset ruling, shown beside it as a reference only."""
    house_rules: list[dict[str, Any]] | None = None
    """Under house rules: the amendments this ruling applied, each with the laws it amends."""

    def as_dict(self) -> dict[str, Any]:
        """The JSON ruling of ../shared/spec/incidents.md."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "ruleset": self.ruleset,
            "laws": self.laws,
            "summary": self.summary,
            "options": [o.as_dict() for o in self.options],
            "actions": [{"law": a.law, "text": a.text} for a in self.actions],
            "verdict": self.verdict,
            "deal": {
                "outcome": self.deal_outcome,
                "dealer": _SEAT_LETTERS[self.next_dealer] if self.next_dealer else None,
            },
            "score": {
                "before": {"points": scoring.plain(self.before), "games": scoring.plain(self.games_before)},
                "adjustment": scoring.plain(self.adjustment),
                "awards": [a.as_dict() for a in self.awards],
                "after": self.after.as_dict(),
            },
            "notes": self.notes,
        }
        out["silent"] = self.silent
        if self.house_rules is not None:
            out["house_rules"] = self.house_rules
        if self.reference is not None:
            out["reference"] = self.reference
        if self.title:
            out["title"] = self.title
        if self.table is not None:
            out["table"] = self.table
        return out


_SEAT_LETTERS = {seat: seat.value for seat in Seat}
"""Each seat's letter (an enum's value is slow to read)."""


def rule(case: Case, book: Rulebook | None = None) -> Ruling:
    """The ruling for a case."""
    book = (book or load_rulebook(case.ruleset)).for_players(case.players)
    if case.house is not None and book.house is None:
        book = case.house.apply(book)
    spec = KINDS[case.kind]
    fixed = _Fixed.of(book)
    handler = fixed.handlers.get(case.kind)
    if handler is None:
        return _silent(case, book)
    spec.check(case)
    _check_envelope(case, book)
    r = Ruler(case, book)
    try:
        handler(r)
    except Silence as why:
        return _silent(case, book, str(why))
    if not r.laws:
        raise AssertionError(f"{case.kind}: a ruling must cite its laws")
    _law_85(r)
    _govern(r)
    for path in ("game", "rubber", "hands_per_game"):  # the score after it is kept by these
        r.by_house(path)
    for n in r.laws:
        for text in fixed.law_notes(book, n):
            r.note(text)
    awards = tuple(scoring.in_order(book, (
        a if a.law is not None else scoring.Award(a.side, a.points, r.laws[0])
        for a in scoring.reconcile(r.awards, r.adjustment) if a.points
    )))
    after = scoring.apply(book, case.score, case.games, r.adjustment, awards)
    _big_lap(r, book, after)
    _borrowed(r, book)
    words = book.numbered
    # Under a lone hand the lone player's partner sits out, so a choice given to the lone
    # player's side is his to make (the prose already says "West may call").
    lone = case.alone if case.players == 4 else None
    options = [Option(o.id, o.law, o.elector, words(o.text),
                      o.by if o.by is not None or lone is None or lone.side is not o.elector else lone, o.adjustment)
               for o in r.options]
    actions = [Action(a.law, words(a.text)) for a in r.actions]
    return Ruling(
        kind=case.kind, ruleset=book.ruleset, laws=r.laws, summary=words(r.summary), options=options,
        actions=actions, verdict=r.verdict, deal_outcome=r.deal_outcome, next_dealer=r.next_dealer,
        adjustment=r.adjustment, after=after, before=dict(case.score), games_before=dict(case.games),
        notes=[words(n) for n in r.notes], title=case.title, table=r.table_result, awards=awards,
        house_rules=None if r.house is None else [fixed.house_entry(book, p) for p in r.house_applied],
    )


class _Fixed:
    """What every ruling under one rulebook works out the same: the handlers that rule under
    it, each law's notes as a ruling shows them, the house rules' entries. Made once per book
    (a book is not changed once made: a view of it, or one with house rules, is a new book),
    kept for as long as the book lives, which it does not hold on to."""

    def __init__(self, book: Rulebook) -> None:
        self.handlers = handlers_for(book)
        self._notes: dict[int, tuple[str, ...]] = {}
        self._entries: dict[str, tuple[str, tuple[int, ...], str]] = {}

    @classmethod
    def of(cls, book: Rulebook) -> _Fixed:
        fixed = _FIXED.get(book)
        if fixed is None:
            fixed = _FIXED[book] = cls(book)
        return fixed

    def law_notes(self, book: Rulebook, n: int) -> tuple[str, ...]:
        """Law `n`'s notes as a ruling that cites it adds them: 'Law 63: ...'."""
        found = self._notes.get(n)
        if found is None:
            found = self._notes[n] = tuple(f"Law {n}: {text}" for text in book.law(n).notes)
        return found

    def house_entry(self, book: Rulebook, path: str) -> dict[str, Any]:
        """`House.entry`, a fresh mapping each time (the ruling's JSON is its reader's to change)."""
        found = self._entries.get(path)
        if found is None:
            entry = book.house.entry(path, book)
            found = self._entries[path] = (entry["key"], tuple(entry["amends"]), entry["text"])
        return {"key": found[0], "amends": list(found[1]), "text": found[2]}


_FIXED: WeakKeyDictionary[Rulebook, _Fixed] = WeakKeyDictionary()
"""Each book's fixed parts, for as long as the book lives (a book is equal only to itself)."""


def _silent(case: Case, book: Rulebook, why: str = "") -> Ruling:
    """A code that does not address the incident gives no ruling of its own: it says so, and the
    Somerset ruling stands beside it as a reference, never as this code's."""
    if case.players == 2:  # Somerset has no game of two: there is nothing to show beside it
        reference = None
    else:
        reference = rule(case._replace(ruleset=DEFAULT_RULESET, house=None))
    title = book.shape.get("title", book.ruleset)
    zero = scoring.zero(sides_of(book.players))
    return Ruling(
        kind=case.kind, ruleset=book.ruleset, laws=[], options=[], actions=[], verdict=None,
        summary=(f"{title} does not address this incident{' as given: ' + why.rstrip('.') if why else ''}, so it gives no "
                 "ruling and no penalty. The Somerset code's ruling is shown as a reference only."),
        deal_outcome=None, next_dealer=None, adjustment=zero,
        after=scoring.apply(book, case.score, case.games, zero, ()), before=dict(case.score),
        games_before=dict(case.games), notes=[], title=case.title, silent=True,
        reference=reference.as_dict() if reference is not None else None,
        house_rules=None if book.house is None else [],
    )


def _check_envelope(case: Case, book: Rulebook) -> None:
    """Facts about the hand that cannot all be true."""
    if case.alone is not None and case.maker is not None and case.alone.side != case.maker.side:
        raise InputError(book.numbered(
            f"alone: {case.alone.name_} cannot play alone when {case.maker.name_}, an adversary, made the trump "
            "(Laws §who_may_play_alone, §alone_barred)"
        ))


def _big_lap(r: Ruler, book: Rulebook, after: scoring.After) -> None:
    """A lap of five or more wins the next game at once: the text is silent on it, so say how we read it."""
    target = scoring.Rules.of(book).target
    if any(g.lap >= target for g in after.games_won[:-1]):
        lap = next((t for t in book.terms if t.term == "Lap"), None)
        for text in lap.notes if lap else ():
            r.note(f"Lap: {text}")


def _borrowed(r: Ruler, book: Rulebook) -> None:
    """Where points are scored under a code that states no game or rubber, say that the score
    is kept to Somerset's figures, as a reference only."""
    borrowed = scoring.Rules.of(book).borrowed
    if borrowed and (any(r.adjustment.values()) or any(o.adjustment for o in r.options)):
        parts = [w for w, part in (("the points of a game", "game"), ("a rubber or the value of a game", "rubber"))
                 if part in borrowed]
        title = book.shape.get("title", book.ruleset)
        r.note(f"{title} does not state {' or '.join(parts)}; the game and rubber are "
               "kept as the Somerset code keeps them (Laws 1, 2 and 7 there), as a reference only.")


def _govern(r: Ruler) -> None:
    """Put the governing provision first: of those the handler named with `govern`, the one no
    other named provision overrides (its record's `reading.overrides`); else the first cited."""
    named = r.governing
    if not named:
        return
    overridden = {n for m in named for n in r.book.law(m).reading.get("overrides", ())}
    standing = [n for n in named if n not in overridden]
    if len(standing) != 1:
        raise AssertionError(f"{r.case.kind}: the records do not say which of laws {named} governs")
    r.laws.remove(standing[0])
    r.laws.insert(0, standing[0])


def _law_85(r: Ruler) -> None:
    """Where a side has a choice of penalties, Law 85 says how it chooses."""
    if not r.book.has("choice_of_penalties"):
        return  # the code says nothing on how partners choose
    electors = [o.elector for o in r.options]
    for side in dict.fromkeys(electors):
        if electors.count(side) >= 2:
            r.cite("choice_of_penalties")
            lone = r.case.alone
            if lone is not None and lone.side == side:
                # His partner's cards are out of play (Law 101): there is no one to agree with.
                r.note(f"Law §choice_of_penalties: {lone.name_} plays alone, so we read him as making the election himself; once he "
                       "demands a penalty the choice is final.")
                continue
            r.note(
                f"Law §choice_of_penalties: {side.name_} agree which of them makes the election, but must not consult "
                "on which penalty to exact; if they do, they lose the right, and once either demands "
                "a penalty the choice is final."
            )
