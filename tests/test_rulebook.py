"""The law data against the 1888 book, and the validator against broken data."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from arbiter import rulebook
from arbiter.rulebook import RulebookError, UnknownLawError

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "laws" / "somerset-1888"
SOURCE = ROOT / "laws" / "sources" / "somerset-laws-1888.txt"  # shipped: the check always runs


def norm(text: str) -> str:
    """Whitespace folded and italics marks dropped, as the records print the text."""
    return " ".join(text.replace("_", "").split())


def book_laws() -> dict[int, str]:
    """Each numbered law's text, sliced out of the book independently of our data."""
    text = SOURCE.read_text(encoding="utf-8")
    body = text[text.index("THE LAWS OF EUCHRE.\n\n\nTHE RUBBER.") : text.index("TECHNICAL TERMS USED IN EUCHRE.")]
    laws: dict[int, list[str]] = {}
    current = None
    for para in re.split(r"\n\s*\n", body):
        para = para.strip()
        match = re.match(r"(\d+)\. (.*)", para, re.S)
        if match:
            current = int(match[1])
            laws[current] = [match[2]]
        elif current is not None and para and not para.isupper():
            laws[current].append(para)  # a law's further paragraphs (42, 46, 61)
    return {n: norm(" ".join(paras)) for n, paras in laws.items()}


@pytest.fixture(scope="module")
def book() -> rulebook.Rulebook:
    return rulebook.load()


def test_every_text_matches_the_book_word_for_word(book: rulebook.Rulebook) -> None:
    printed = book_laws()
    assert sorted(printed) == list(range(1, 117))
    for n, text in printed.items():
        assert norm(book.law(n).text) == text, f"law {n} differs from the book"


def test_sub_clauses_and_second_paragraphs_are_kept(book: rulebook.Rulebook) -> None:
    assert "I. Unless five cards are dealt to each player." in book.law(42).text
    assert "or vice\nversa." in book.law(42).text  # italics marks dropped, words kept
    assert "III. The trump card if lifted from the pack." in book.law(46).text
    assert book.law(61).text.count("\n\n") == 1
    assert "searched, and the card\nrestored" in book.law(61).text


def test_numbers_kinds_and_sections(book: rulebook.Rulebook) -> None:
    assert sorted(book.laws) == list(range(1, 117))
    assert all(book.law(n).kind == "law" for n in range(1, 106))
    assert all(book.law(n).kind == "etiquette" for n in range(106, 117))
    assert len(book.sections) == 20
    assert [s.first for s in book.sections] == sorted(s.first for s in book.sections)
    covered = [n for s in book.sections for n in s.numbers]
    assert covered == list(range(1, 117))
    for n, law in book.laws.items():
        assert n in book.section(law.section).numbers


def test_section_titles_are_the_books(book: rulebook.Rulebook) -> None:
    contents = SOURCE.read_text(encoding="utf-8").split("CONTENTS.")[1].split("GENERAL REMARKS")[0]
    for sec in book.sections:
        assert f" {sec.title} " in contents


def test_glossary_texts_match_the_book(book: rulebook.Rulebook) -> None:
    source = norm(SOURCE.read_text(encoding="utf-8").split("TECHNICAL TERMS USED IN EUCHRE.")[1].split("GENERAL REMARKS.")[0])
    printed = [t for t in book.terms if t.kind == "defined"]
    assert [t.term for t in printed][:2] == ["Right Bower", "Left Bower"]
    assert len(printed) == 17
    for term in printed:
        assert norm(term.text) in source, term.term
    laws = book_laws()
    for term in book.terms:
        if term.quote:  # a word the Technical Terms leave out, defined by a law all the same
            assert norm(term.quote[1]) in laws[term.quote[0]], term.term
    modern = {t.term.lower() for t in book.terms if not t.somerset}
    assert {"stick the dealer", "farmer's hand"} <= modern


def test_modern_words_are_keywords(book: rulebook.Rulebook) -> None:
    words = {kw for law in book.laws.values() for kw in law.keywords}
    for word in ("renege", "loner", "going alone", "up card", "kitty", "deck", "stealing the deal", "table talk"):
        assert word in words, word


def test_cross_references(book: rulebook.Rulebook) -> None:
    assert any(r.law == 27 and r.type == "explicit" for r in book.law(24).refs)  # "except as provided by Law 27"
    assert any(r.law == 93 and r.type == "explicit" for r in book.law(94).refs)  # "subject to the previous rule"
    assert any(r.law == 53 for r in book.law(52).refs)


def test_figures_the_laws_state_are_in_their_records(book: rulebook.Rulebook) -> None:
    # Each figure appears in its own law's words, so the record cannot drift from the text.
    words = {2: "two", 3: "three", 4: "four", 5: "five"}
    for n, name, value in ((63, "revoke", 3), (63, "revoke_lone", 5), (90, "forfeit", 2), (90, "forfeit_lone", 4),
                           (50, "lone_side", 5), (2, "game", 5), (3, "march", 4), (29, "min_packet", 4)):
        assert book.law(n).number_of(name) == value
        assert words[value] in book.law(n).text
    with pytest.raises(RulebookError):
        book.law(63).number_of("no_such_figure")


def test_law_numbers_from_words(book: rulebook.Rulebook) -> None:
    assert book.parse_numbers(["62-71"]) == list(range(62, 72))
    assert book.parse_numbers(["52,53", "52"]) == [52, 53]
    for bad in ("0", "117", "x", "-5", "71-62", "100-120"):
        with pytest.raises(UnknownLawError, match="1 to 116|backwards"):
            book.parse_numbers([bad])


def test_search_finds_the_1888_laws_in_todays_words(book: rulebook.Rulebook) -> None:
    def top(query: str, n: int = 5) -> list[int]:
        return [h.number for h in book.search(query, n)]

    assert set(top("renege", 3)) <= set(range(62, 72))
    assert 62 in top("renege", 3)
    assert set(top("going alone", 4)) <= {3, 50, 74, 75, 76, *range(93, 106)}
    assert set(top("loner", 4)) <= {3, 50, 74, 75, 76, *range(93, 106)}
    assert {28, 40} <= set(top("stealing the deal", 3))
    assert 86 in top("kitty", 3)
    assert 109 in top("table talk", 5)


def test_terms_by_name_alias_synonym_and_near_miss(book: rulebook.Rulebook) -> None:
    assert book.term("Right Bower").term == "Right Bower"
    assert book.term("left").term == "Left Bower"
    assert book.term("LOVE GAME").term == "Love Game"
    assert book.term("slam").term == "Love Game"
    assert book.term("lft bower").term == "Left Bower"
    with pytest.raises(rulebook.UnknownTermError, match="did you mean: .*Trump"):
        book.term("trumpet")
    with pytest.raises(rulebook.UnknownTermError, match="term --list"):
        book.term("xyzzy")
    assert not book.term("stick the dealer").somerset


def test_sections_by_id_title_or_word(book: rulebook.Rulebook) -> None:
    assert book.section("revoke").title == "The Revoke"
    assert book.section("The Revoke").id == "revoke"
    assert book.section("playing-alone").first == 93
    with pytest.raises(rulebook.InputError, match="no section"):
        book.section("poker")


# --- the validator, on broken copies of the data ---------------------------------------


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "somerset-1888"
    shutil.copytree(DATA, target)
    return target


def files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.yaml"))


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_real_data_validates() -> None:
    payload = rulebook.validate(files(DATA))
    assert len(payload["laws"]) == 116


def test_a_missing_law_is_named(copy: Path) -> None:
    (copy / "073.yaml").unlink()
    with pytest.raises(RulebookError, match="no record for 73"):
        rulebook.validate(files(copy))


def test_a_duplicate_number_names_both_files(copy: Path) -> None:
    shutil.copy(copy / "052.yaml", copy / "152.yaml")
    with pytest.raises(RulebookError, match=r"152\.yaml: field 'number' is 52 but the file is named for law 152"):
        rulebook.validate(files(copy))
    (copy / "152.yaml").rename(copy / "0052.yaml")
    with pytest.raises(RulebookError, match=r"052\.yaml: field 'number': law 52 is also defined in .*052\.yaml"):
        rulebook.validate(files(copy))


def test_a_dangling_reference_names_file_and_field(copy: Path) -> None:
    edit(copy / "052.yaml", "law: 53", "law: 153")
    with pytest.raises(RulebookError, match=r"052\.yaml: field 'refs\[0\]'\.law: refers to law 153"):
        rulebook.validate(files(copy))


def test_an_unknown_section_is_named(copy: Path) -> None:
    edit(copy / "062.yaml", "section: revoke", "section: reneging")
    with pytest.raises(RulebookError, match=r"062\.yaml: field 'section': unknown section 'reneging'"):
        rulebook.validate(files(copy))


def test_malformed_records_are_named(copy: Path) -> None:
    edit(copy / "010.yaml", "kind: law", "kind: rule")
    with pytest.raises(RulebookError, match=r"010\.yaml: field 'kind'"):
        rulebook.validate(files(copy))
    edit(copy / "010.yaml", "kind: rule", "kind: law\ncolour: red")
    with pytest.raises(RulebookError, match=r"010\.yaml: unknown field 'colour'"):
        rulebook.validate(files(copy))
    edit(copy / "010.yaml", "kind: law\ncolour: red", "kind: law")
    (copy / "011.yaml").write_text("number: 11\ntext: [unclosed\n", encoding="utf-8")
    with pytest.raises(RulebookError, match=r"011\.yaml: not valid YAML"):
        rulebook.validate(files(copy))


def test_a_note_that_yaml_reads_as_a_mapping_is_refused(copy: Path) -> None:
    edit(copy / "009.yaml", "notes: []", "notes:\n  - A note: unquoted")
    with pytest.raises(RulebookError, match=r"009\.yaml: field 'notes' holds a note that is not text"):
        rulebook.validate(files(copy))


def test_a_law_outside_its_section_is_named(copy: Path) -> None:
    edit(copy / "062.yaml", "section: revoke", "section: misdeal")
    with pytest.raises(RulebookError, match=r"062\.yaml: field 'section': law 62 is not within misdeal"):
        rulebook.validate(files(copy))


def test_the_cache_follows_the_data(copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An edit to the data is validated on the next call, not hidden by the cache."""
    monkeypatch.setenv("ARBITER_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(rulebook, "data_root", lambda: copy.parent)
    rulebook.load.cache_clear()
    try:
        assert rulebook.load().law(52).title
        edit(copy / "052.yaml", "kind: law", "kind: rule")
        rulebook.load.cache_clear()
        with pytest.raises(RulebookError, match="052.yaml: field 'kind'"):
            rulebook.load()
    finally:
        rulebook.load.cache_clear()
    assert len(list((tmp_path / "cache").iterdir())) == 1


def test_the_source_texts_ship_with_the_data_and_are_no_ruleset() -> None:
    sources = rulebook.sources_root()
    for name in ("somerset-laws-1888.txt", "euchre-laws-1890s-manual.txt", "britannica-1911-euchre.txt", "README.md"):
        assert (sources / name).is_file(), name
    assert rulebook.rulesets() == ["britannica-1911", "manual-1890s", "somerset-1888"]  # the spec's three
    with pytest.raises(rulebook.InputError, match="unknown ruleset 'sources'"):
        rulebook.load("sources")
