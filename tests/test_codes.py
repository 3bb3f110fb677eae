"""The 1890s manual and the 1911 Britannica as law records: every provision quoted word for
word from its source, the provisions together covering the source's rules text in order,
and the lookups working on them.

Expectations are read off the printed sources (laws/sources/), not off the records.
"""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from arbiter import rulebook
from arbiter.cli import app

ROOT = rulebook.data_root()
SOURCES = ROOT / "sources"
RULE = "=" * 74  # the line that ends each source's heading note


def _norm(text: str) -> str:
    return " ".join(text.split())


def _body(name: str) -> str:
    """A source's text after its heading note, whitespace normalised."""
    return _norm((SOURCES / name).read_text(encoding="utf-8").split(RULE, 1)[1])


# What stands in each source besides its rules: the manual's printed headings, and the
# Britannica's title, its history and its closing words on the Somerset laws.
NOT_RULES = {
    "manual-1890s": ("euchre-laws-1890s-manual.txt", [
        "ORDERING UP THE TRUMP.", "PLAYING ALONE.", "METHOD OF PLAYING.", "Cards Played in Error.",
        "Leading Out of Turn.", "Taking Tricks.",
    ]),
    "britannica-1911": ("britannica-1911-euchre.txt", [
        "Euchre",
        "Euchre, a game at cards, very popular in America, but not played until the first quarter of the 19th century.",
        "The game most in vogue among good players is the four-handed.",
        "The laws of four-handed euchre, revised by a committee of the Somerset Club, Boston, Mass., were "
        "adopted by that club on March 1, 1888.",
    ]),
}


@pytest.mark.parametrize("ruleset", sorted(NOT_RULES))
def test_each_provision_is_quoted_word_for_word(ruleset: str) -> None:
    source, _ = NOT_RULES[ruleset]
    body = _body(source)
    book = rulebook.load(ruleset)
    for law in book.laws.values():
        assert _norm(law.text) in body, f"{ruleset} {law.number}: not as printed"


@pytest.mark.parametrize("ruleset", sorted(NOT_RULES))
def test_provisions_cover_the_rules_text_in_order(ruleset: str) -> None:
    source, extras = NOT_RULES[ruleset]
    rest = _body(source)
    for words in extras:
        assert words in rest, words  # each set-aside passage is really printed
        rest = rest.replace(words, " ", 1)
    book = rulebook.load(ruleset)
    joined = " ".join(book.laws[n].text for n in sorted(book.laws))
    assert _norm(joined) == _norm(rest)


@pytest.mark.parametrize("ruleset", sorted(NOT_RULES))
def test_glossary_words_are_printed(ruleset: str) -> None:
    source, _ = NOT_RULES[ruleset]
    body = _body(source)
    book = rulebook.load(ruleset)
    assert book.terms
    for term in book.terms:
        if term.kind == "defined":
            assert _norm(term.text) in body, term.term
        if term.quote:
            n, words = term.quote
            assert _norm(words) in _norm(book.law(n).text), term.term


@pytest.mark.parametrize("ruleset", sorted(NOT_RULES))
def test_somerset_mapping_names_real_laws(ruleset: str) -> None:
    somerset = rulebook.load()
    book = rulebook.load(ruleset)
    for law in book.laws.values():
        assert all(n in somerset.laws for n in law.somerset), law.number
        # a shared key means the same subject: the Somerset law with that key is among those mapped
        if somerset.has(law.key) and law.key not in ("winning_the_trick",):
            assert somerset.provision(law.key).number in law.somerset, (ruleset, law.key)


# -- the manual: its figures and its readings, checked against the printed words --


def test_manual_figures_are_those_printed() -> None:
    book = rulebook.load("manual-1890s")
    # "deduct two points from his score, or add two to their own score"
    assert book.provision("revoke_penalty").number_of("revoke") == 2
    # "at least three tricks ... the adversaries will count two points" (twice: new trump, ordered up)
    for key in ("new_trump_euchre", "makers_need_three"):
        assert book.provision(key).number_of("euchre") == 2
        assert book.provision(key).number_of("tricks_needed") == 3
    # "when the score is 4 to 1, or 4 to 0"
    assert book.provision("bridge").number_of("bridge_leader") == 4
    assert book.provision("bridge").number_of("bridge_others") == [1, 0]
    assert book.provision("winner_leads").number_of("tricks") == 5


def test_manual_numbering_follows_the_text() -> None:
    book = rulebook.load("manual-1890s")
    assert book.law(1).text.startswith("Any player naming a new suit")
    assert book.law(book.last).text.startswith("Revokes must be detected")
    # the printed headings, in order, open the sections after the first
    titles = [s.title.lower() for s in book.sections]
    assert titles == ["making the trump", "ordering up the trump", "playing alone", "method of playing",
                      "cards played in error", "leading out of turn", "taking tricks"]
    assert book.law(book.section("ordering-up").first).text.startswith("Instead of passing the turn-up")
    assert book.law(book.section("taking-tricks").first).text.startswith("As the tricks are taken")


def test_manual_keys_meet_somerset_on_the_same_subject() -> None:
    book = rulebook.load("manual-1890s")
    somerset = rulebook.load()
    for key, somerset_law in (("revoke_penalty", 63), ("revoke_defined", 62), ("lead_out_of_turn", 52),
                              ("who_may_play_alone", 93), ("revokes_both_sides", 71), ("revoke_claim_limit", 68),
                              ("lone_player_exposes", 104), ("false_lead_followed", 53)):
        assert somerset.provision(key).number == somerset_law
        assert book.has(key)
        assert somerset_law in book.provision(key).somerset
    assert book.numbered("Law §revoke_penalty") != "Law 63"
    with pytest.raises(rulebook.MissingProvision):
        book.provision("taking_it_from_him")  # the manual has no "take it from him"


def test_britannica_figures_are_those_printed() -> None:
    book = rulebook.load("britannica-1911")
    assert book.provision("the_pack").number_of("pack") == 32  # "a pack of thirty-two cards"
    assert book.provision("dealing").number_of("cards_each") == 5  # "receives five cards"
    # "winning five tricks (called a march), scores two; ... three tricks (called the point), he scores one"
    assert book.provision("points_for_tricks").number_of("march") == 2
    assert book.provision("points_for_tricks").number_of("point") == 1
    assert book.provision("euchred").number_of("euchre") == 2  # "his adversary scores two"
    assert book.provision("game_points").number_of("game") == 5  # "The game is five up."
    assert book.provision("lone_hand_points").number_of("march") == 4  # "he scores four"


def test_britannica_shape_models_both_games() -> None:
    shape = rulebook.load("britannica-1911").shape
    assert shape["players"] == 2 and shape["sides"] == {"N": ["N"], "S": ["S"]}
    assert shape["pack"] == 32 and shape["hand"] == 5
    assert shape["four_handed"]["players"] == 4
    manual = rulebook.load("manual-1890s").shape
    assert manual["players"] == 4 and manual["base"] is None


# -- the lookups --

runner = CliRunner()


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_law_lookup_on_the_manual() -> None:
    code, out = _run("law", "27", "--ruleset", "manual-1890s", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["key"] == "revoke_penalty" and "deduct two points" in data["text"]
    assert data["somerset"] == [63, 70]
    code, out = _run("law", "47", "--ruleset", "manual-1890s")
    assert code == 2


@pytest.mark.parametrize("ruleset, count", [("manual-1890s", 46), ("britannica-1911", 20)])
def test_laws_json_lists_every_provision(ruleset: str, count: int) -> None:
    code, out = _run("laws", "--json", "--ruleset", ruleset)
    assert code == 0
    assert [law["number"] for law in json.loads(out)] == list(range(1, count + 1))


def test_search_and_term_on_the_manual() -> None:
    code, out = _run("search", "renege", "--ruleset", "manual-1890s", "--json")
    assert code == 0
    found = [h["number"] for h in json.loads(out)]
    assert 25 in found[:2] and 27 in found[:2]  # "Failure to follow suit ... is a revoke"; its penalty
    code, out = _run("term", "bridge", "--ruleset", "manual-1890s", "--json")
    assert code == 0
    assert "4 to 0" in json.loads(out)["text"]
    code, out = _run("term", "cut-throat", "--ruleset", "britannica-1911", "--json")
    assert code == 0 and json.loads(out)["laws"] == [20]


@pytest.mark.parametrize("ruleset", sorted(NOT_RULES))
def test_numbering_table_matches_the_records(ruleset: str) -> None:
    """laws/<ruleset>/README.md documents our numbers: each row's first words open that
    provision, and its Somerset laws are the record's."""
    text = (ROOT / ruleset / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| (.+?) \.\.\. \| (.+?) \|$", text, re.M)
    book = rulebook.load(ruleset)
    assert [int(n) for n, _, _ in rows] == sorted(book.laws)
    for n, words, somerset in rows:
        law = book.law(int(n))
        assert _norm(law.text).startswith(words), n
        assert somerset == (", ".join(map(str, law.somerset)) or "-"), n
