"""Random incidents of every kind: each gets a sound ruling or a clear refusal, never a crash."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.incident import Fact, build_case
from arbiter.model import PACK, InputError
from arbiter.rulebook import load
from arbiter.ruler import DEAL_OUTCOMES
from arbiter.ruling import KINDS, rule

SEATS = st.sampled_from(["N", "E", "S", "W"])
CARDS = st.sampled_from([str(c) for c in PACK])
JUNK = st.sampled_from(["", "X", "north-west", 7, -1, 999, True, None, "JZ", ["N", "N"], {"a": 1}])


def value_for(fact: Fact) -> st.SearchStrategy[Any]:
    """Mostly well-typed values, sometimes junk, so both rulings and refusals are reached."""
    good: dict[str, st.SearchStrategy[Any]] = {
        "seat": SEATS,
        "side": st.sampled_from(["NS", "EW"]),
        "suit": st.sampled_from(["clubs", "diamonds", "hearts", "spades"]),
        "card": CARDS,
        "seats": st.lists(SEATS, max_size=3, unique=True),
        "cards": st.lists(CARDS, max_size=6, unique=True),
        "bool": st.booleans(),
        "int": st.integers(fact.low - 1, min(fact.high, 12) + 1),
        "choice": st.sampled_from(list(fact.choices) or ["x"]),
        "choices": st.lists(st.sampled_from(list(fact.choices) or ["x"]), max_size=3),
        "counts": st.dictionaries(SEATS, st.integers(0, 8), max_size=4),
        "cuts": st.dictionaries(st.sampled_from(["N", "E", "S", "W", "Ann", "Bob", "Cy"]), CARDS, max_size=7),
        "names": st.lists(st.sampled_from(["N", "E", "Ann", "Bob"]), max_size=3),
        "text": st.sampled_from(["I play alone at hearts", "I order it up and play it alone", "alone", "pass"]),
    }
    return st.one_of(good[fact.type], good[fact.type], good[fact.type], JUNK)


@st.composite
def incidents(draw: st.DrawFn, kind: str) -> dict[str, Any]:
    spec = KINDS[kind]
    facts = {name: draw(value_for(f)) for name, f in spec.facts.items() if draw(st.booleans())}
    data: dict[str, Any] = {"incident": {"kind": kind, **facts}}
    for key, strategy in (
        ("dealer", SEATS), ("maker", SEATS), ("alone", SEATS),
        ("trump", st.sampled_from(["clubs", "diamonds", "hearts", "spades"])), ("turned", CARDS),
        ("score", st.fixed_dictionaries({"NS": st.integers(0, 4), "EW": st.integers(0, 4)})),
        ("games", st.fixed_dictionaries({"NS": st.integers(0, 1), "EW": st.integers(0, 1)})),
    ):
        if draw(st.booleans()):
            data[key] = draw(strategy)
    return data


BOOK = load()


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_rules_or_refuses(kind: str) -> None:
    @settings(max_examples=60, deadline=None, derandomize=True)
    @given(incidents(kind))
    def check(data: dict[str, Any]) -> None:
        try:
            ruling = rule(build_case(data, "fuzz"), BOOK)
        except InputError as err:
            assert str(err) and "\n" not in str(err)
            return
        assert ruling.laws and all(n in BOOK.laws for n in ruling.laws)
        assert ruling.summary
        assert ruling.deal_outcome in DEAL_OUTCOMES
        assert all(o.law in ruling.laws for o in ruling.options)
        # Options read as "<side> may <text>": a verb phrase, not a sentence of its own.
        assert all(o.text[:1].islower() for o in ruling.options), [o.text for o in ruling.options]
        assert all(points >= 0 for points in ruling.adjustment.values())
        json.dumps(ruling.as_dict())

    check()


# Pieces of the phrases stories seat players with, and the stops that end their clauses:
# stories made of them reach the seating code's corners ("Pete, the first to." ran off the
# end of a list).
STORY_PIECES = ["North", "East", "south", "W", "(e)", "Pete", "Ann's", "Mr. Tran", "grandpa", "my partner",
                "his partner", "the dealer", "the dealer's", "eldest", "the first to", "second", "third hand", "speak",
                "on his left", "upon her right", "to my left", "across from", "across", "me", "him", "I", "I'm",
                "he's", "she sits", "was dealing from", "had", "I'd seen her", "led", "played", "reneged", "alone",
                "I take it from you", "before", "could", "said", "pass", "order it up", "then", "the other three",
                "everybody", "we", "they", ",", ".", "(", ")",
                "'", "\"", ":", "?"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(STORY_PIECES), min_size=1, max_size=30))
def test_plain_words_never_crash(pieces: list[str]) -> None:
    from arbiter.classify import classify

    try:
        classify(" ".join(pieces))
    except InputError:
        pass  # words that name nothing may be refused; never a crash
