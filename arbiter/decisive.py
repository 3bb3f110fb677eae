"""Decisive facts: which facts a plain-words ruling may not assume.

Each ruleset declares, per kind, the facts that can change a ruling (its `decisive.yaml`).
For an incident told in plain words, a declared fact that neither the words nor a flag gave
is tried at each of its values; where the rulings differ, it is open: asked on a terminal,
shown as branches where it is a yes/no or a small choice, or refused by name. Where every
value rules alike, it does not matter here and nothing is asked.

The score is open too when the ruling scores points and nobody said what the score was:
from 0-0 a three-point penalty wins no game, from 3-4 it does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from arbiter.model import InputError

ENVELOPE_VALUES: dict[str, tuple[Any, ...]] = {"alone": (None, "N", "E", "S", "W")}
"""The values an envelope key is tried at: who plays alone, or nobody."""
BRANCHABLE = ("bool", "choice")
"""Fact types shown as branches when open: a yes/no or a small choice (the spec's 'Plain words')."""
MAX_BRANCHES = 4
SCORE_TRIES = ({"NS": 0, "EW": 0}, {"NS": 4, "EW": 4})
"""Scores a penalty is tried at: where they give different games, the score decides."""


@dataclass(frozen=True)
class Open:
    """A decisive fact the words left open."""

    name: str
    """The fact's name (or `alone`, or `score`)."""
    question: str
    """The short question that settles it."""
    type: str
    """The fact's type: bool, choice, seat, seats, int, card, text; `seat?` for who plays alone."""
    outcomes: tuple[tuple[Any, Any], ...]
    """(value, ruling) for each value that rules differently."""

    @property
    def branchable(self) -> bool:
        """Whether the ruling may show each value as a branch instead of asking."""
        return self.type in BRANCHABLE and len(self.outcomes) <= MAX_BRANCHES


def declared(book: Any, kind: str) -> dict[str, dict[str, Any]]:
    """A kind's decisive facts under a ruleset: name -> {ask, values}."""
    table = book.extra.get("decisive") or {}
    entries = table.get(kind) or {}
    out: dict[str, dict[str, Any]] = {}
    for name, entry in entries.items():
        if isinstance(entry, str):
            out[name] = {"ask": entry, "values": None}
        elif isinstance(entry, dict) and isinstance(entry.get("ask"), str):
            out[name] = {"ask": entry["ask"], "values": tuple(entry.get("values") or ()) or None}
        else:
            raise InputError(f"decisive.yaml: {kind}.{name} must be a question or a mapping with 'ask'")
    return out


def signature(ruling: Any) -> tuple[Any, ...]:
    """What a person at the table acts on; two rulings alike in these are the same ruling.
    Of the laws, only the one that governs: a second reason for the same outcome (the words
    of a lone declaration that was barred anyway, Law 98 beside Law 93) changes nothing done."""
    d = ruling.as_dict()
    return (tuple(d["laws"][:1]), tuple(sorted((o["id"], o["elector"]) for o in d["options"])), d["verdict"],
            d["deal"]["outcome"], d["deal"]["dealer"], tuple(sorted(d["score"]["adjustment"].items())),
            tuple(sorted(a["law"] for a in d["actions"])))


def find_open(data: dict[str, Any], told: set[str], book: Any,
              rule: Callable[[dict[str, Any]], Any]) -> list[Open]:
    """The declared facts of `data`'s kind that were not told and change the ruling.

    `rule(raw_case)` rules a raw case (raising InputError where the values contradict);
    `told` holds the names the words, the flags or the answers settled."""
    from arbiter.ruling import KINDS

    kind = data["incident"]["kind"]
    spec = KINDS[kind]
    found: list[Open] = []
    for name, entry in declared(book, kind).items():
        if name in told:
            continue
        if name in spec.facts:
            fact = spec.facts[name]
            type_, values = fact.type, entry["values"] or _values(fact)
            if fact.default not in values:  # the ordinary case is one of the values it could be
                values = (fact.default, *values)
        elif name in ENVELOPE_VALUES:
            type_, values = "seat?", ENVELOPE_VALUES[name]
        else:
            continue
        outcomes: dict[tuple[Any, ...], tuple[Any, Any]] = {}
        for value in values:
            try:
                ruling = rule(with_value(data, name, value, envelope=type_ == "seat?"))
            except InputError:
                continue  # a value these facts rule out
            outcomes.setdefault(signature(ruling), (value, ruling))
        if len(outcomes) > 1:
            found.append(Open(name, entry["ask"], type_, tuple(outcomes.values())))
    return found


def score_open(data: dict[str, Any], told: set[str], rule: Callable[[dict[str, Any]], Any]) -> Open | None:
    """The score, where it was not told and the ruling's points could end a game."""
    if "score" in told:
        return None
    try:
        rulings = [rule({**data, "score": score}) for score in SCORE_TRIES]
    except InputError:
        return None
    if len({r.after.game_won_by for r in rulings}) == 1 and not any(any(r.adjustment.values()) for r in rulings):
        return None
    return Open("score", "What was the score in the game before this, NS-EW (as 3-4)?", "score", ())


def _values(fact: Any) -> tuple[Any, ...]:
    """Values to try a fact at: enough to see whether it matters, never every combination."""
    if fact.type == "bool":
        return (False, True)
    if fact.type == "choice":
        return tuple(fact.choices)
    if fact.type == "seat":
        return ("N", "E", "S", "W")
    if fact.type == "seats":  # every group of up to three seats; those the other facts rule out are skipped
        from itertools import combinations

        return tuple(group for n in range(4) for group in combinations(("N", "E", "S", "W"), n))
    if fact.type == "int":
        return tuple(range(fact.low, min(fact.high, fact.low + 5) + 1))
    if fact.type == "counts":
        return ({"N": 6}, {"N": 4})
    return (fact.default,)


def with_value(data: dict[str, Any], name: str, value: Any, envelope: bool = False) -> dict[str, Any]:
    """The raw case with one fact (or, with `envelope`, an envelope key) set."""
    if envelope:
        out = {**data}
        if value is None:
            out.pop(name, None)
        else:
            out[name] = value
        return out
    incident = {**data["incident"], name: list(value) if isinstance(value, tuple) else value}
    return {**data, "incident": incident}
