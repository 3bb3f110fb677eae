"""Braille (issue 16): Grade 1 braille ASCII as the club's transcription writes it, and the
whole code in braille matching that transcription law by law.

The expected cells are read off the transcription (laws/sources/
somerset-laws-1888.braille-ascii.txt) beside the print, or from the rules of Grade 1
braille where the book has no example (a letter after a number, a capital after one).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

from arbiter import braille, book, rulebook
from in_process import run

sys.path.insert(0, str(Path(__file__).parent))
import braille_match  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PRINT = ROOT / "laws" / "sources" / "somerset-laws-1888.txt"

MATCHING_LAWS = 116
"""Laws of the 116 whose braille equals the transcription's word for word (README, "The
book in braille"). Every other law must be a slip of the transcription's own, listed in
tests/braille_slips.yaml."""


# --- the translator, sign by sign ------------------------------------------------------------


@pytest.mark.parametrize(("print_text", "cells"), [
    # all read off the transcription, beside the print
    ("The rubber", ",the rubber"),                      # a capital: dot 6, ","
    ("THE LAWS OF EUCHRE", ",,the ,,laws ,,of ,,euchre"),  # a word in capitals: ",,"
    ("ENTRY AND RE-ENTRY.", ",,entry ,,and ,,re-,,entry4"),  # again after the hyphen
    ("A NEW DEAL.", ",a ,,new ,,deal4"),                # a lone capital letter is one capital
    ("Entry and Re-entry", ",entry and ,re-entry"),
    ("MARCH 1, 1888", ",,march #a1 #ahhh"),             # the number sign, digits as a-j
    ("211 Tremont Street", "#baa ,tremont ,street"),
    ("score two; three", "score two2 three"),
    ("University Press:", ",university ,press3"),
    ("the fourth (or remaining) card", "the fourth 7or remaining7 card"),
    ("etc., with", "etc41 with"),
    ("the dealer's partner", "the dealer's partner"),
    ('"Right Bower," or "Right,"--knave', ",right ,bower1 or ,right1--knave"),  # no quotation marks
    ('must be, "I take it from you."', "must be1 ,i take it from you4"),
    ("which _might_ be gained", "which might be gained"),  # no italics
    ("[Illustration]", ",illustration"),                 # no brackets
    ("II. Any card", ",,ii4 ,any card"),
    ("See Rule 52.", ",see ,rule #eb4"),
])
def test_signs_as_the_transcription_writes_them(print_text: str, cells: str) -> None:
    assert braille.translate(print_text) == cells


@pytest.mark.parametrize(("print_text", "cells"), [
    ("Laws 62-71", ",laws #fb-#ga"),   # each number after a hyphen takes its own sign
    ("3a", "#c;a"),                    # a-j after a number would read as digits: the letter sign
    ("4th", "#dth"),                   # t is no digit: no letter sign
    ("9H", "#i,h"),                    # the capital sign ends the number
    ("1,000 and 3.5", "#a1jjj and #c4e"),  # a comma or point inside a number keeps it going
    ("Who deals?", ",who deals8"),
    ("Euchre!", ",euchre6"),
    ("won \u2014 and lost", "won -- and lost"),  # an em dash is the dash
    ("caf\u00e9", "cafe"),            # no accent cells: the plain letter
])
def test_grade_1_rules_the_book_has_no_example_of(print_text: str, cells: str) -> None:
    assert braille.translate(print_text) == cells


def test_lines_break_at_spaces_within_40_cells() -> None:
    words = ["w" * n for n in (3, 9, 12, 7, 1, 20, 19, 2, 39, 40, 5)]
    rows = braille.lines(" ".join(words))
    assert all(len(r) <= 40 for r in rows)
    assert " ".join(rows).split() == words  # no word cut or hyphenated, none lost
    # greedy: no line could have taken the next line's first word
    for a, b in zip(rows, rows[1:]):
        assert len(a) + 1 + len(b.split()[0]) > 40


def test_a_word_longer_than_a_line_is_cut_at_40() -> None:
    assert braille.lines("a " + "x" * 45) == ["a", "x" * 40, "x" * 5]


def test_pages_of_25_lines_end_with_a_form_feed() -> None:
    rows = list(braille.page([f"row{i}" for i in range(60)]))
    pages = "\n".join(rows).split("\f")
    assert [len([r for r in p.split("\n") if r]) for p in pages] == [25, 25, 10, 0]
    assert list(braille.page(["a", "b"], 0)) == ["a", "b"]


def test_a_heading_is_kept_with_the_line_under_it() -> None:
    rows = [f"row{i}" for i in range(23)] + [["", "heading", "first line"], "second line"]
    pages = "\n".join(braille.page(rows)).split("\f")
    assert pages[1].split() == ["heading", "first", "line", "second", "line"]  # the blank dropped at the top


# --- the book against the transcription ----------------------------------------------------


@pytest.fixture(scope="module")
def brf() -> str:
    return book.brf(rulebook.load())


def test_every_law_is_found_in_both_braille_texts(brf: str) -> None:
    numbers = list(range(1, 117))
    assert sorted(braille_match.law_texts(brf, numbers)) == numbers
    assert sorted(braille_match.law_texts(braille_match.transcription(), numbers)) == numbers


def test_the_book_matches_the_transcription_law_by_law() -> None:
    same, differ = braille_match.compare()
    slips = braille_match.slips()
    unexplained = {n: d for n, d in differ.items() if n not in slips}
    assert not unexplained, f"laws that differ from the transcription for no listed slip: {sorted(unexplained)}"
    assert len(same) == MATCHING_LAWS


def test_each_listed_slip_is_in_the_transcription_and_not_in_the_print() -> None:
    data = yaml.safe_load(braille_match.SLIPS.read_text(encoding="utf-8"))
    body = " ".join(braille_match.transcription().split())
    printed = " ".join(PRINT.read_text(encoding="utf-8").split())
    assert data["slips"], "the list names the transcription's differences from the print"
    for slip in data["slips"]:
        assert slip["reason"].strip()
        assert " ".join(slip["transcription"].split()) in body, slip
        assert " ".join(slip["print"].split()) in printed if slip.get("print") else True
        assert braille.translate(slip["print"] or "") != slip["transcription"], "not a difference: drop it"


def test_the_book_is_ready_to_emboss(brf: str) -> None:
    pages = brf.split("\f")
    assert pages[-1] == ""  # the last page ends with its form feed
    for page in pages[:-1]:
        rows = page.removeprefix("\n").removesuffix("\n").split("\n")
        assert 0 < len(rows) <= 25
        assert rows[0].strip(), "a page begins with text, not a blank line"
    for row in brf.replace("\f", "").split("\n"):
        assert len(row) <= 40
        assert re.fullmatch(r"[ a-z0-9!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_]*", row), row  # braille ASCII cells only


def test_book_braille_writes_the_book_and_law_braille_the_law() -> None:
    status, out, _ = run("book", "--braille")
    assert status == 0 and out == book.brf(rulebook.load())
    status, out, _ = run("law", "52", "--braille")
    assert status == 0
    assert all(len(row) <= 40 for row in out.split("\n"))
    words = out.split()
    # the title line, then Law 52 as printed (transcription: "#eb4 ,if any player lead out of turn1 ...")
    assert words[:2] == [",law", "#eb3"]
    text = braille_match.law_texts(braille_match.transcription(), [52, 53])[52]
    start = words.index(text[0])
    assert words[start:start + len(text)] == text


@pytest.mark.parametrize("command", [
    ["laws", "--section", "revoke"], ["term", "left", "bower"],
    ["rule", "lead_out_of_turn", "--dealer", "N", "--offender", "E", "--followed", "S"],
])
def test_braille_on_the_other_views(command: list[str]) -> None:
    status, out, _ = run(*command, "--braille")
    assert status == 0 and out.strip()
    for row in out.split("\n"):
        assert len(row) <= 40 and not re.search(r"[A-Z\u2500-\u257f]", row), row


def test_braille_and_json_together_are_refused_in_one_line() -> None:
    status, out, err = run("law", "52", "--braille", "--json")
    assert status == 2 and out == "" and err.count("\n") == 1 and "--json" in err
