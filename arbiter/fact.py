"""A fact an incident kind takes: its name, type, meaning and values (the case-file contract,
../shared/spec/incidents.md), and the command options no fact may be named after."""

from __future__ import annotations

from typing import Any, NamedTuple

COMMAND_OPTIONS = ("json", "full", "record", "ruleset", "house", "braille", "plain", "table", "ledger", "me", "case")
"""Options of the commands that may stand before or after a kind: no fact takes one of these names
(the spec's list, and `--case`)."""


class Fact(NamedTuple):  # not a dataclass: the audit starts without importing dataclasses
    """One fact a kind of incident takes."""

    name: str
    """Its key in the case file."""
    type: str
    """seat, seats, side, suit, card, cards, bool, int, choice, counts, cuts, names, text."""
    help: str = ""
    """What it means, in a few words."""
    choices: tuple[str, ...] = ()
    """The allowed values of a `choice` (or of each item of `choices`)."""
    low: int = 0
    """The least value of an `int` (or of a count)."""
    high: int = 99
    """The greatest value of an `int` (or of a count)."""
    default: Any = None
    """The value the laws treat as the ordinary case."""

    def meaning(self, book: Any = None) -> str:
        """Its help, with any provision it names (`Law §abandoned_against_lone`) numbered as
        `book` (by default the Somerset code) numbers it; one that code lacks is named as the
        Somerset code's, where the kind's facts were declared."""
        if "§" not in self.help:
            return self.help
        from arbiter.rulebook import load

        return (book or load()).numbered(self.help, reference=load())

    def values(self) -> str:
        """What the fact takes, as a person types it on the command line."""
        words = {
            "seat": "a seat: N, E, S or W",
            "seats": "seats, as N,E (repeat the flag or separate with commas)",
            "side": "a side: NS or EW",
            "suit": "a suit: clubs, diamonds, hearts or spades",
            "card": "a card, as JH, AS or 10D",
            "cards": "cards, as JH,AS",
            "bool": "yes or no: the bare flag says yes",
            "counts": "seat=number pairs, as N=5,E=6",
            "cuts": "seat=card pairs, as N=JH,E=AS (names allowed for candidates)",
            "names": "names, separated by commas",
            "text": "words, in quotes",
        }
        if self.type == "int":
            return f"a whole number from {self.low}" + (f" to {self.high}" if self.high != 99 else " up")
        if self.type in ("choice", "choices"):
            return ("one of" if self.type == "choice" else "any of") + ": " + ", ".join(self.choices)
        return words.get(self.type, self.type)
