"""The incident kinds and the handlers that rule on them, per ruleset.

`kind` declares a kind (its facts, the provisions it turns on) with the Somerset handler;
`handles` registers another code's own handler for it; `handlers_for` gives the handlers
that rule under a rulebook: its base's, less those it removes, with its own in their place.
Importing `arbiter.kinds` fills the tables.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NamedTuple

from arbiter.fact import COMMAND_OPTIONS, Fact
from arbiter.model import InputError
from arbiter.rulebook import DEFAULT_RULESET, Rulebook
from arbiter.rulebook import load as load_rulebook

if TYPE_CHECKING:
    from arbiter.incident import Case
    from arbiter.ruler import Ruler

Handler = Callable[["Ruler"], None]


class KindSpec(NamedTuple):  # not a dataclass: the audit starts without importing dataclasses
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
    one_of: tuple[tuple[str, ...], ...] = ()
    """Groups of facts of which at least one must be given."""

    def numbers(self, book: Rulebook) -> list[int]:
        """The laws it turns on, as `book` numbers them (those the ruleset has)."""
        if self.name not in handlers_for(book):  # a kind the code does not address: it has no laws on it
            return []
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
        table = HANDLERS.setdefault(_game(ruleset, players), {})
        assert name not in table, f"{ruleset}: kind {name} handled twice"
        table[name] = handler
        return handler

    return register


def _game(ruleset: str, players: int) -> str:
    """The key of a code's own handlers for a table of `players`: the code's name for the
    four-handed game, `britannica-1911/2` for its two-handed one."""
    return ruleset if players == 4 else f"{ruleset}/{players}"


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
    table.update(HANDLERS.get(_game(book.ruleset, book.players), {}))
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


