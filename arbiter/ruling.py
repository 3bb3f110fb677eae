"""The ruling engine: one handler per incident kind, each reasoning from the law records.

A handler receives a `Ruler`, cites the laws it relies on (the governing law first),
and states the options, actions, fate of the deal and points. It never prints; the
command line renders the `Ruling` it returns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from arbiter import score as scoring
from arbiter.incident import COMMAND_OPTIONS, Case, Fact
from arbiter.model import InputError, Seat, Side, Table, sides_of
from arbiter.rulebook import DEFAULT_RULESET, Rulebook
from arbiter.rulebook import load as load_rulebook

DEAL_OUTCOMES = ("stands", "redeal", "passes", None)


class Silence(Exception):
    """Raised by a handler whose code addresses the kind but not this case of it (the manual
    speaks of a called card that would make a revoke, not of one simply withheld)."""


@dataclass(frozen=True)
class Option:
    """A choice the laws leave to a side."""

    id: str
    """A short snake_case name: `call_card`, `new_deal`."""
    law: int
    """The law that grants it."""
    elector: Side
    """The side that chooses."""
    text: str
    """What choosing it means, in plain words."""
    by: Seat | None = None
    """Where a code gives the choice to one player, not to a side: that player's seat."""
    adjustment: scoring.Tally | None = None
    """Where options score differently (add to ours, or deduct from theirs): this one's points."""

    def as_dict(self) -> dict[str, Any]:
        """The option as the ruling JSON gives it."""
        out: dict[str, Any] = {"id": self.id, "law": self.law, "elector": self.elector.value, "text": self.text}
        if self.by is not None:
            out["by"] = self.by.value
        if self.adjustment is not None:
            out["adjustment"] = scoring.plain(self.adjustment)
        return out


@dataclass(frozen=True)
class Action:
    """Something that must be done whatever is chosen."""

    law: int
    """The law that requires it."""
    text: str
    """What to do, in plain words."""


@dataclass(frozen=True)
class Ruling:
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
                "dealer": self.next_dealer.value if self.next_dealer else None,
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


class Ruler:
    """What a handler writes its ruling into, with the case and the rulebook at hand."""

    def __init__(self, case: Case, book: Rulebook) -> None:
        self.case = case
        self.facts = case.facts
        self.book = book
        self.laws: list[int] = []
        self.options: list[Option] = []
        self.actions: list[Action] = []
        self.notes: list[str] = []
        self.summary = ""
        self.verdict: str | None = None
        self.deal_outcome: str | None = None
        self.next_dealer: Seat | None = None
        self.adjustment = scoring.zero(sides_of(book.players))
        self.awards: list[scoring.Award] = []
        self.table_result: dict[str, Any] | None = None
        self.governing: list[int] = []
        self.house = book.house
        """The house rules in force (`house.House`), or None."""
        self.house_applied: list[str] = []

    # -- what handlers call --

    @property
    def table(self) -> Table:
        """Roles derived from the dealer; asking without a dealer is an input error."""
        return self.case.table

    def law(self, key: str) -> int:
        """The number, in the ruleset in force, of the provision on `key`."""
        if not isinstance(key, str):  # handlers cite what a provision is about, never a number
            raise TypeError(f"cite provisions by key, not {key!r}")
        return self.book.provision(key).number

    def cite(self, *keys: str) -> None:
        """Cite provisions that decide the case, in order of weight; the first cited governs unless
        `govern` names one."""
        for key in keys:
            self._cite(key)

    def _cite(self, key: str) -> None:
        """Cite a provision for an option or an action it grants, not as deciding the case."""
        n = self.law(key)
        if n not in self.laws:
            self.laws.append(n)

    def govern(self, key: str) -> None:
        """Name a provision that applies to the case as a whole. Of those named, the one that
        governs is resolved from the records: a provision whose record says it overrides another
        named one prevails over it, as an exception over its rule, whatever the order named."""
        self.cite(key)
        if self.law(key) not in self.governing:
            self.governing.append(self.law(key))

    def option(self, id: str, key: str, elector: Side, text: str, *, by: Seat | None = None,
               adjustment: scoring.Tally | None = None) -> None:
        """A choice the laws leave to `elector` (to the one player `by`, where the code says so).
        Options that score differently carry their own `adjustment`; the ruling's stays at zero
        until the side chooses."""
        self._cite(key)
        self.options.append(Option(id, self.law(key), elector, text, by, adjustment))

    def action(self, key: str, text: str) -> None:
        """Something that must be done."""
        self._cite(key)
        self.actions.append(Action(self.law(key), text))

    def note(self, text: str) -> None:
        """Where the text is open: our reading, shown to the user."""
        if text not in self.notes:
            self.notes.append(text)

    def reading_of(self, key: str) -> None:
        """Show our reading of a law (its record's notes) where that reading is why it does not
        apply, without citing it among the laws that decide the case."""
        law = self.book.provision(key)
        for text in law.notes:
            self.note(f"Law {law.number}: {text}")

    def deal(self, outcome: str | None, dealer: Seat | None = None) -> None:
        """The fate of the deal: stands or redeal keep the dealer; passes goes to his left."""
        assert outcome in DEAL_OUTCOMES, outcome
        self.deal_outcome = outcome
        if dealer is None and self.case.dealer is not None and outcome is not None:
            # the deal goes to the left; at a table of two, to the opponent, who sits opposite
            nxt = self.case.dealer.partner if self.case.players == 2 else self.case.dealer.left
            dealer = nxt if outcome == "passes" else self.case.dealer
        self.next_dealer = dealer

    def award(self, side: Side, points: int, key: str | None = None) -> None:
        """Points scored by force of the ruling, under the provision `key` (default: the governing law).

        The law orders the scoring when both sides score (Law 4: the revoke penalty first).
        """
        self.adjustment[side] += points
        self.awards.append(scoring.Award(side, points, None if key is None else self.law(key)))

    def call_play(self, key: str, elector: Side, seat: Seat, highest_or_lowest: bool = True) -> None:
        """The calls Laws 59, 83 and 89 give: `seat` must play his highest or lowest of the suit
        led, or win or lose the trick. No call can make him revoke (Law 55)."""
        who = seat.name_
        if highest_or_lowest:
            self.option("call_highest", key, elector, f"require {who} to play his highest card of the suit led.")
            self.option("call_lowest", key, elector, f"require {who} to play his lowest card of the suit led.")
        self.option("call_win", key, elector, f"require {who} to win the trick, if he can.")
        self.option("call_lose", key, elector, f"require {who} to lose the trick, if he can.")
        self.cite("never_forced_to_revoke")

    def number(self, key: str, name: str) -> Any:
        """A figure that a provision states, read from its record (as house rules amend it)."""
        self.cite(key)
        if self.house is not None:
            path = self.house.amending(key, name)
            if path is not None:
                self.by_house(path)
        return self.book.provision(key).number_of(name)

    def by_house(self, path: str, default: Any = None) -> Any:
        """A house rule's value (`revoke.hand_ends`), noted as applied; `default` where the house
        leaves it to the code (or there is no house)."""
        if self.house is None or path not in self.house.amendments:
            return default
        if path not in self.house_applied:
            self.house_applied.append(path)
        return self.house.value(path)

    @property
    def pack(self) -> int:
        """Cards in the pack: the ruleset's (`ruleset.yaml`), or the house's."""
        return int(self.by_house("pack", self.book.shape.get("pack", 32)))

    def words(self, text: str) -> str:
        """Prose with its provisions (`Law §revoke_penalty`) numbered as the ruleset in force numbers them."""
        return self.book.numbered(text)

    def fact(self, name: str) -> Any:
        """A fact, required: missing ones are named."""
        value = self.facts.get(name)
        if value is None:
            raise InputError(f"{self.case.kind}: the fact {name!r} is needed for this ruling")
        return value

    def silent(self, why: str) -> None:
        """The code says nothing on the incident as given: a silent ruling, saying why."""
        raise Silence(self.words(why))

    def refuse(self, problem: str) -> None:
        """Contradictory or impossible facts: no ruling, and say why."""
        raise InputError(f"{self.case.kind}: {self.words(problem)}")

    def seat(self, seat: Seat) -> str:
        """A seat in words, with its role where the dealer is known: 'East (eldest hand)'."""
        if self.case.dealer is None:
            return seat.name_
        return f"{seat.name_} ({self.table.role(seat)})"


def listing(items: Iterable[str]) -> str:
    """Words joined as a sentence joins them: 'South', 'South and West', 'South, West and North'."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


Handler = Callable[[Ruler], None]


@dataclass(frozen=True)
class KindSpec:
    """An incident kind: its facts and the laws it turns on."""

    name: str
    """The kind's name in case files."""
    laws: tuple[str, ...]
    """The provisions it turns on, by key."""
    facts: dict[str, Fact]
    """The facts it takes."""
    required: tuple[str, ...]
    """Facts without which there is no ruling."""
    needs: tuple[str, ...]
    """Envelope keys it needs: dealer, trump, maker..."""
    handler: Handler
    """The function that rules."""
    summary: str = ""
    """One line: what incident this is."""
    one_of: tuple[tuple[str, ...], ...] = field(default=())
    """Groups of facts of which at least one must be given."""

    def numbers(self, book: Rulebook) -> list[int]:
        """The laws it turns on, as `book` numbers them (those the ruleset has)."""
        return [book.provision(k).number for k in self.laws if book.has(k)]

    def check(self, case: Case) -> None:
        """Refuse a case that lacks what this kind needs."""
        missing = [f for f in self.required if case.facts.get(f) is None]
        missing += [k for k in self.needs if getattr(case, k) is None]
        for group in self.one_of:
            if all(case.facts.get(f) in (None, False) for f in group):
                missing.append(" or ".join(group))
        if missing:
            raise InputError(f"{self.name}: missing {', '.join(missing)}")


KINDS: dict[str, KindSpec] = {}
"""Every incident kind: its facts, as the case files give them, whatever the ruleset."""
HANDLERS: dict[str, dict[str, Handler]] = {}
"""Each ruleset's own handlers, by kind; `handlers_for` adds those of its base."""


def kind(
    name: str,
    *,
    laws: Iterable[str],
    facts: Iterable[Fact] = (),
    required: Iterable[str] = (),
    needs: Iterable[str] = (),
    one_of: Iterable[tuple[str, ...]] = (),
    summary: str = "",
) -> Callable[[Handler], Handler]:
    """Register a handler for an incident kind."""
    facts = tuple(facts)

    def register(handler: Handler) -> Handler:
        assert name not in KINDS, f"kind {name} registered twice"
        clash = [f.name for f in facts if f.name in COMMAND_OPTIONS]
        assert not clash, f"kind {name}: facts {clash} take the names of command options"
        KINDS[name] = KindSpec(
            name, tuple(laws), {f.name: f for f in facts}, tuple(required), tuple(needs),
            handler, summary or (handler.__doc__ or "").strip().splitlines()[0], tuple(one_of),
        )
        HANDLERS.setdefault(DEFAULT_RULESET, {})[name] = handler
        return handler

    return register


def handles(name: str, ruleset: str, players: int = 4) -> Callable[[Handler], Handler]:
    """Register a ruleset's own handler for a kind that `kind` declared: it replaces the base
    ruleset's handler for that kind, as a reform replaces one rule of a tax code. `players: 2`
    registers it for the code's two-handed game."""

    def register(handler: Handler) -> Handler:
        assert name in KINDS, f"{ruleset}: kind {name} is not declared"
        table = HANDLERS.setdefault(ruleset if players == 4 else f"{ruleset}/{players}", {})
        assert name not in table, f"{ruleset}: kind {name} handled twice"
        table[name] = handler
        return handler

    return register


def handlers_for(book: Rulebook) -> dict[str, Handler]:
    """The handlers that rule under `book`'s ruleset: its base's (from its `ruleset.yaml`),
    less those it removes, with its own in their place. A kind with none is one the code is
    silent on."""
    shape = book.shape
    table: dict[str, Handler] = {}
    if shape.get("base"):
        table.update(handlers_for(load_rulebook(shape["base"])))
    for name in shape.get("removes", ()):
        table.pop(name, None)
    table.update(HANDLERS.get(book.ruleset if book.players == 4 else f"{book.ruleset}/{book.players}", {}))
    return table


def find_kind(name: str) -> KindSpec:
    """A kind by name; a near miss is answered with the kinds it may mean."""
    if name in KINDS:
        return KINDS[name]
    import difflib

    wanted = name.lower().replace("-", "_")
    near = difflib.get_close_matches(wanted, KINDS, n=3, cutoff=0.6)
    best = difflib.SequenceMatcher(None, wanted, near[0]).ratio() if near else 0
    near = [k for k in near if difflib.SequenceMatcher(None, wanted, k).ratio() >= best - 0.1]
    if not near:  # today's word for a kind ("renege", "loner"): read it as plain words would
        from arbiter.classify import classify

        try:
            reading = classify(wanted.replace("_", " "))
        except InputError:
            reading = None
        if reading is not None and reading.kind in KINDS:
            near = [reading.kind]
    hint = f"did you mean {' or '.join(near)}?" if near else "see 'arbiter kinds' for the list"
    raise InputError(f"unknown kind {name!r}; {hint}")


def rule(case: Case, book: Rulebook | None = None) -> Ruling:
    """The ruling for a case."""
    book = (book or load_rulebook(case.ruleset)).for_players(case.players)
    if case.house is not None and book.house is None:
        book = case.house.apply(book)
    spec = KINDS[case.kind]
    handler = handlers_for(book).get(case.kind)
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
        for text in book.law(n).notes:
            r.note(f"Law {n}: {text}")
    awards = tuple(scoring.in_order(book, (
        a if a.law is not None else scoring.Award(a.side, a.points, r.laws[0])
        for a in scoring.reconcile(r.awards, r.adjustment) if a.points
    )))
    after = scoring.apply(book, case.score, case.games, r.adjustment, awards)
    _big_lap(r, book, after)
    _borrowed(r, book)
    options = [replace(o, text=r.words(o.text)) for o in r.options]
    actions = [replace(a, text=r.words(a.text)) for a in r.actions]
    return Ruling(
        kind=case.kind, ruleset=book.ruleset, laws=r.laws, summary=r.words(r.summary), options=options,
        actions=actions, verdict=r.verdict, deal_outcome=r.deal_outcome, next_dealer=r.next_dealer,
        adjustment=r.adjustment, after=after, before=dict(case.score), games_before=dict(case.games),
        notes=[r.words(n) for n in r.notes], title=case.title, table=r.table_result, awards=awards,
        house_rules=None if r.house is None else [r.house.entry(p, book) for p in r.house_applied],
    )


def _silent(case: Case, book: Rulebook, why: str = "") -> Ruling:
    """A code that does not address the incident gives no ruling of its own: it says so, and the
    Somerset ruling stands beside it as a reference, never as this code's."""
    if case.players == 2:  # Somerset has no game of two: there is nothing to show beside it
        reference = None
    else:
        reference = rule(replace(case, ruleset=DEFAULT_RULESET, house=None))
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


from arbiter import kinds as _kinds  # noqa: E402,F401  (registers every handler)
