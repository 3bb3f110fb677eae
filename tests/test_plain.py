"""The plain view (issue 16): `--plain`, or TERM=dumb, gives every command as lines of words
for a screen reader: no box drawing, no lined tables, headings as words, the options as a
numbered list, and a ruling that reads in order. NO_COLOR alone only drops the colour.

Expected words are the law's as printed (laws/sources/somerset-laws-1888.txt) or what the
law makes of the incident, never the program's own output.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbiter.cli import app
from in_process import run

BOXES = re.compile(r"[\u2500-\u257f]")
ANSI = re.compile(r"\x1b\[")
SUIT_SIGNS = re.compile(r"[\u2660-\u2667]")


def flat(text: str) -> str:
    """The words without the line breaks the terminal width put in."""
    return " ".join(text.split())


def in_order(text: str, *parts: str) -> None:
    """Each part is in the text, after the one before it."""
    at = 0
    for part in parts:
        found = flat(text).find(part, at)
        assert found >= 0, f"{part!r} missing, or out of order, in:\n{text}"
        at = found + len(part)


@pytest.fixture(autouse=True)
def colour_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A terminal that would take colour and boxes, so only --plain can make it plain; and a
    ledger of the test's own."""
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("ARBITER_LEDGER", str(tmp_path / "score.sqlite"))


LEAD = ["rule", "lead_out_of_turn", "--dealer", "N", "--offender", "E", "--followed", "S"]

CASES: dict[str, list[tuple[list[str], tuple[str, ...]]]] = {
    "law": [(["law", "52"], ("Law 52", "If any player lead out of turn, the adversaries may either call the card "
                                       "erroneously led", "See also"))],
    "laws": [(["laws"], ("The Rubber", "The Revoke", "Etiquette of Euchre")),
             (["laws", "--section", "revoke"], ("The Revoke", "62", "71"))],
    "search": [(["search", "renege"], ("renege", "62"))],
    "term": [(["term", "left", "bower"], ("Left Bower", "knave of the same color as the trump suit")),
             (["term", "--list"], ("Right Bower", "Left Bower"))],
    "kinds": [(["kinds"], ("lead_out_of_turn",)), (["kinds", "revoke"], ("revoke", "62", "--offender"))],
    # Law 52: the adversaries (North and South, against East) call the card or a suit: two options.
    "rule": [(LEAD, ("Ruling", "Options", "1. North and South may", "2. North and South may", "Deal:", "Score:",
                     "Laws: 52")),
             ([*LEAD, "--full"], ("Ruling", "Laws: 52", "Law 52", "If any player lead out of turn")),
             # Law 62: diamonds led, West played the left bower (a heart) while he held the king of
             # diamonds: a revoke; the left bower's story is ruled on its cards, so they are given
             (["rule", "West reneged with the left bower", "--trump", "hearts", "--dealer", "N",
               "--established", "--score", "0-0", "--alone", "none", "--led", "AD", "--played", "JD",
               "--hand", "JD,KD"], ("Understood: revoke", "Ruling", "Laws:", "62"))],
    "test": [(["test", "cases/"], ("passed",))],
    # Law 3: a lone hand taking five tricks scores four; from 3-4 North and South reach 7.
    "score": [(["score", "--makers", "NS", "--tricks", "5", "--alone", "--now", "3-4"], ("Ruling", "Score:", "NS 7")),
              # Law 2: three tricks score one; the sheet says the entry, then the game's score.
              (["score", "--makers", "NS", "--tricks", "3", "--record"], ("#1", "NS +1", "Game 1", "NS 1"))],
    "classify": [(["classify", "West reneged with the left bower", "--trump", "hearts"], ("Understood: revoke", "West"))],
    "teach": [(["teach"], ("The Rubber", "The Revoke")), (["teach", "basics"], ("Law 8",)),
              (["teach", "revoke"], ("The Revoke", "Law 62", "Is when a player, holding one or more cards of the suit led",
                                     "Law 71")),
              # Law 63, "three points"; the manual's revoke penalty, "deduct two points"; the
              # Britannica has no revoke penalty at all
              (["teach", "--compare", "revoke"], ("The Revoke", "somerset-1888 63",
                                                  "The penalty of a revoke is three points",
                                                  "manual-1890s 27", "deduct two points",
                                                  "britannica-1911: silent", "points"))],
    "quiz": [(["quiz", "--seed", "3", "--count", "2", "--key"], ("Question 1", "1.", "Answer", "Question 2"))],
    # Case I: the hands are laid out A (the dealer), D, B, C; cards said in words, not suit signs.
    "coup": [(["coup"], ("COUPS.",)), (["coup", "1"], ("CASE I.", "A: dealer", "D:", "B:", "C:", "Trick 1"))],
    "remarks": [(["remarks"], ("eldest", "lone")), (["remarks", "bridge"], ("THE BRIDGE",))],
    "audit": [(["audit", "tests/data/egn/vwec-finals.egn"], ("vwec-finals.egn", "egn-1.4", "Dlr", "Trump", "Score"))],
    # Law 63: three points to the wronged side (North and South) under Somerset.
    "compare": [(["compare", "revoke", "--offender", "E", "--established"], ("somerset-1888", "Points: NS +3"))],
    # The modern club file amends Law 63 (a renege costs 2): the printed text, then the amendment.
    "house": [(["house", "laws/house/modern-club.yaml"], ("Modern club rules", "Law 63",
                                                          "The penalty of a revoke is three points",
                                                          "a renege costs 2 points"))],
    "book": [(["book"], ("THE LAWS OF EUCHRE", "THE RUBBER.", "1. The rubber is the best of three games",
                         "116. Players should pass", "TECHNICAL TERMS USED IN EUCHRE."))],
}


def test_every_command_has_a_plain_case() -> None:
    commands = {info.name or info.callback.__name__.replace("_", "-") for info in app.registered_commands}
    assert commands <= set(CASES), f"add a --plain case for: {sorted(commands - set(CASES))}"


@pytest.mark.parametrize(("args", "parts"), [case for cases in CASES.values() for case in cases],
                         ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_plain_output_is_lines_of_words_in_order(args: list[str], parts: tuple[str, ...]) -> None:
    status, out, err = run(*args, "--plain")
    assert status == 0, err
    assert not BOXES.search(out), out
    assert not ANSI.search(out) and not SUIT_SIGNS.search(out) and "\u2192" not in out
    in_order(out, *parts)


def test_the_options_are_a_numbered_list_each_on_its_own_line() -> None:
    out = run(*LEAD, "--plain")[1]
    lines = out.split("\n")
    starts = [i for i, line in enumerate(lines) if re.match(r"\d+\. ", line)]
    assert [lines[i][:3] for i in starts] == ["1. ", "2. "]
    assert lines[starts[0] - 1] == "Options"  # the heading as a word, on its own line


def test_term_dumb_is_the_plain_view(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = run("law", "52", "--plain")[1]
    monkeypatch.setenv("TERM", "dumb")
    assert run("law", "52")[1] == plain


def test_no_color_alone_keeps_the_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    assert BOXES.search(run("law", "52")[1])  # the usual view is boxed: the tests above can fail
    monkeypatch.setenv("NO_COLOR", "1")
    out = run("law", "52")[1]
    assert BOXES.search(out) and not ANSI.search(out)


def test_help_is_plain_too() -> None:
    status, out, _ = run("law", "--help", "--plain")
    assert status == 0 and "Usage: arbiter law" in out and not BOXES.search(out)


def test_plain_applies_to_one_call_only() -> None:
    run("law", "52", "--plain")
    assert BOXES.search(run("law", "52")[1])


def test_plain_with_json_is_the_json() -> None:
    """JSON is linear text already: a reader who always asks for --plain still gets it."""
    assert run("law", "52", "--json", "--plain") == run("law", "52", "--json")


def test_plain_may_stand_before_the_kind_or_after_a_fact() -> None:
    """incidents.md: the command's options are accepted before or after the kind."""
    before = run("rule", "--plain", *LEAD[1:])
    assert before[0] == 0 and before == run(*LEAD[:3], "--plain", *LEAD[3:])
    assert not BOXES.search(before[1])


def test_a_score_that_wins_a_game_keeps_to_80_columns() -> None:
    # Law 63's three points from 3-4 win North and South the game with a lap (Law 7): the
    # score and the game it won must fit the terminal, the game on a line of its own
    status, out, _ = run("rule", "revoke", "--offender", "E", "--established", "--dealer", "N", "--score", "3-4",
                         "--alone", "none", "--plain")
    assert status == 0
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
    assert any("game to NS, worth 1, lap of 1 carried" in line for line in lines), lines
