"""What a handler writes its ruling into: the Ruler, with the case and the rulebook at hand,
and the options and actions it states (see arbiter.ruling for the engine that runs it)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from arbiter import score as scoring
from arbiter.model import InputError, Seat, Side, Table, sides_of
from arbiter.rulebook import Rulebook

if TYPE_CHECKING:
    from arbiter.incident import Case

DEAL_OUTCOMES = ("stands", "redeal", "passes", None)


class Silence(Exception):
    """Raised by a handler whose code addresses the kind but not this case of it (the manual
    speaks of a called card that would make a revoke, not of one simply withheld)."""


# NamedTuples, not dataclasses: the audit starts without importing dataclasses.


class Option(NamedTuple):
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
    """Where the choice is one player's, not a side's: that player's seat (a code that says so,
    or a lone player, whose partner sits out)."""
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


class Action(NamedTuple):
    """Something that must be done whatever is chosen."""

    law: int
    """The law that requires it."""
    text: str
    """What to do, in plain words."""


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
        return self.book.number(key)

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


