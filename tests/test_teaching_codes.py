"""Teaching follows the ruleset (issue 12, part 4): `teach` and `quiz` under each code, its own
worked cases and glosses, and `teach --compare SECTION`, where the codes part.

Expectations are reasoned from the codes' texts (laws/sources/): Somerset Law 63, "The
penalty of a revoke is three points"; the manual, "deduct two points from his score, or add
two to their own score"; the Britannica article says nothing of a revoke's penalty.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter import teaching
from arbiter.cli import app
from arbiter.rulebook import load

runner = CliRunner()
SOURCES = Path(__file__).resolve().parents[1] / "laws" / "sources"
CODES = ("manual-1890s", "britannica-1911")


def run(*args: str, columns: int = 120):
    return runner.invoke(app, list(args), env={"COLUMNS": str(columns), "ARBITER_RULESET": ""})


def refused(result) -> str:
    """A refusal: exit 2 and one line on stderr."""
    assert result.exit_code == 2, result.output
    lines = [x for x in result.stderr.splitlines() if x.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


# --- worked cases per code ------------------------------------------------------------------


@pytest.mark.parametrize("code", ["somerset-1888", *CODES])
def test_a_code_teaches_only_from_its_own_worked_cases(code: str) -> None:
    cases = teaching.worked_cases(code)
    assert cases, code
    for case in cases:
        assert case.data.get("ruleset", "somerset-1888") == code
        assert "house" not in case.data


@pytest.mark.parametrize("code", CODES)
def test_every_example_in_a_codes_lessons_is_that_codes_case(code: str) -> None:
    book = load(code)
    seen = 0
    for sec in book.sections:
        lesson = json.loads(run("teach", sec.id, "--json", "--ruleset", code).output)
        for item in lesson["laws"]:
            if item["case"] is not None:
                seen += 1
                assert item["case"]["path"].startswith(f"{code}/"), item["case"]
                # the example cites the provision under the code's own numbering
                assert item["number"] in item["case"]["laws"]
    assert seen


def test_the_syllabus_counts_only_the_codes_own_cases() -> None:
    # The Britannica's worked cases are all on its four-handed summary (cases/britannica-1911/):
    # none turns on its pack, its rank of the cards, or the three-handed game it names.
    rows = {r["id"]: r for r in json.loads(run("teach", "--json", "--ruleset", "britannica-1911").output)}
    assert rows["the-cards"]["with_case"] == 0
    assert rows["three-handed"]["with_case"] == 0
    assert rows["four-handed"]["with_case"] >= 1


# --- glosses ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "count"), [("manual-1890s", 46), ("britannica-1911", 20)])
def test_every_provision_has_a_gloss_in_our_words(code: str, count: int) -> None:
    book = load(code)
    words = teaching.glosses(book)
    assert sorted(words) == list(range(1, count + 1))  # the numbering documented in the README
    for n, gloss in words.items():
        assert gloss.strip()
        # ours, not the law's: no gloss repeats a run of eight words from its provision
        text = " ".join(re.findall(r"[a-z’']+", book.law(n).text.lower()))
        ours = re.findall(r"[a-z’']+", gloss.lower())
        runs = {" ".join(ours[i:i + 8]) for i in range(len(ours) - 7)}
        assert not any(r in text for r in runs), (code, n)


# --- sections by Somerset's words -------------------------------------------------------------


def test_revoke_under_the_manual_teaches_its_revoke_provisions() -> None:
    result = run("teach", "revoke", "--json", "--ruleset", "manual-1890s")
    assert result.exit_code == 0, result.output
    lesson = json.loads(result.output)
    texts = [" ".join(x["text"].split()) for x in lesson["laws"]]
    assert any("deduct two points from his score" in t for t in texts)
    assert any(t.startswith("If both sides revoke, the deal is void") for t in texts)
    assert any("before the cards are cut for the following deal" in t for t in texts)
    assert not any(t.startswith("The highest card played") for t in texts)  # winning a trick is not the revoke
    assert "The Revoke" in lesson["note"]


def test_a_section_no_code_has_names_the_sections_that_exist() -> None:
    line = refused(run("teach", "juggling", "--ruleset", "manual-1890s"))
    assert "method-of-playing" in line and "leading-out-of-turn" in line


@pytest.mark.parametrize(("command", "what"), [(["coup"], "coups"), (["remarks"], "remarks"),
                                                (["teach", "basics"], "basics")])
@pytest.mark.parametrize("code", CODES)
def test_the_somerset_books_own_teaching_is_said_to_be_missing(command: list[str], what: str, code: str) -> None:
    line = refused(run(*command, "--ruleset", code))
    assert code in line and what in line and "--ruleset somerset-1888" in line


# --- the quiz -----------------------------------------------------------------------------------


@pytest.mark.parametrize("code", CODES)
def test_the_quiz_asks_from_the_code_and_cites_its_numbers(code: str) -> None:
    book = load(code)
    for seed in (1, 2, 3):
        result = run("quiz", "--seed", str(seed), "--count", "10", "--json", "--ruleset", code)
        assert result.exit_code == 0, result.output
        for q in json.loads(result.output)["questions"]:
            assert q["law"] in book.laws
            assert f"Law {q['law']}" in q["explain"]
            if q["id"].startswith("case:"):
                assert q["id"].split(":")[1].startswith(f"{code}/")


@pytest.mark.parametrize(("code", "figure"), [("somerset-1888", "3"), ("manual-1890s", "2")])
def test_the_revoke_question_takes_the_codes_own_figure(code: str, figure: str) -> None:
    quiz = teaching.make_quiz(load(code), 7, "revoke", count=50)
    asked = [q for q in quiz.questions if q.ask == "How many points does a revoke cost, all four playing?"]
    assert len(asked) == 1
    assert asked[0].choices[asked[0].answer] == figure


def test_the_two_handed_quiz_asks_the_pack_of_thirty_two() -> None:
    quiz = teaching.make_quiz(load("britannica-1911"), 5, "the-cards", count=50)
    asked = [q for q in quiz.questions if q.ask == "How many cards are in the pack?"]
    assert [q.choices[q.answer] for q in asked] == ["32"]


# --- teach --compare ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def revoke() -> dict:
    result = run("teach", "--compare", "revoke", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _subject(data: dict, law: int) -> dict:
    return next(s for s in data["subjects"] if (s["somerset-1888"] or {}).get("number") == law)


def test_compare_quotes_each_code_exactly_beside_the_somerset_law(revoke: dict) -> None:
    penalty = _subject(revoke, 63)
    assert penalty["somerset-1888"]["text"].startswith("The penalty of a revoke is three points")
    manual = " ".join((SOURCES / "euchre-laws-1890s-manual.txt").read_text(encoding="utf-8").split())
    quoted = [p["text"] for p in penalty["manual-1890s"]]
    assert any("deduct two points" in t for t in quoted)
    assert all(t in manual for t in quoted)  # word for word as printed
    assert "britannica-1911" in penalty["silent"]


def test_compare_marks_silence_where_neither_other_code_speaks(revoke: dict) -> None:
    # Law 65 (asking one's partner about a revoke): neither the manual nor the article has it.
    asking = _subject(revoke, 65)
    assert set(asking["silent"]) == {"manual-1890s", "britannica-1911"}
    assert [s["somerset-1888"]["number"] for s in revoke["subjects"]] == list(range(62, 72))


def test_compare_shows_the_revoke_costing_two_against_three(revoke: dict) -> None:
    kind = next(k for k in revoke["rulings"] if k["kind"] == "revoke")
    fields = {d["field"]: d["values"] for d in kind["differences"]}
    assert "points" in fields and "options" in fields
    somerset = {abs(n) for n in fields["points"]["somerset-1888"].values() if n}
    manual = {abs(n) for o in fields["options"]["manual-1890s"] for n in (o.get("adjustment") or {}).values() if n}
    assert somerset == {3}
    assert manual == {2}
    assert fields["silent"]["britannica-1911"] is True


def test_compare_view_fits_eighty_columns_and_names_the_codes(monkeypatch: pytest.MonkeyPatch) -> None:
    from arbiter import render

    monkeypatch.setattr(render.console, "_width", 80, raising=False)
    result = run("teach", "--compare", "revoke", columns=80)
    assert result.exit_code == 0, result.output
    assert max(len(x) for x in result.output.splitlines()) <= 80
    flat = " ".join(result.output.split())
    for words in ("The Revoke", "somerset-1888 63", "manual-1890s 27", "britannica-1911: silent", "points"):
        assert words in flat


def test_compare_finds_another_codes_section() -> None:
    data = json.loads(run("teach", "--compare", "method-of-playing", "--json").output)
    assert data["ruleset"] == "manual-1890s"
    # "The highest card played ... wins the trick": Somerset has no law on it; the Britannica does
    beyond = [s for s in data["subjects"] if s["somerset-1888"] is None]
    assert any(p["text"].startswith("The highest card played") for s in beyond for p in s["manual-1890s"])
    assert any(p["text"].startswith("The highest card wins the trick") for s in beyond for p in s["britannica-1911"])


def test_compare_refuses_nonsense_in_one_line() -> None:
    assert "juggling" in refused(run("teach", "--compare", "juggling"))
    assert "not both" in refused(run("teach", "revoke", "--compare", "revoke"))
