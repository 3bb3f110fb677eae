"""Teaching and lookups, tried as a new member would (issue 11)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app, main

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input, env={"COLUMNS": "120"})


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The console script itself, as `arbiter ARGS` runs it."""
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    return done.value.code, out, err


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, f"expected one line on stderr, got {err!r}"
    assert "Traceback" not in err
    return err


# --- arbiter alone, arbiter --version ---------------------------------------------------------


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    code, out, err = run_main(capsys, "--version")
    assert (code, out, err) == (0, f"arbiter {version}\n", "")
    result = run("--version")
    assert result.exit_code == 0 and result.stdout == f"arbiter {version}\n"
    assert "--version" in run("--help").stdout


def test_version_loads_no_command() -> None:
    probe = ("import sys, contextlib, io\nfrom arbiter.cli import main\n"
             "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
             "    main(['--version'])\n"
             "print(' '.join(m for m in ('yaml', 'rich.console', 'arbiter.rulebook') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_arbiter_alone_prints_the_help_and_no_stray_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys)
    assert "Usage: arbiter" in out and "rule" in out
    assert err == ""


# --- kinds: a page for each, and a near miss answered ------------------------------------------


def test_each_kind_has_its_own_page() -> None:
    from arbiter.ruling import KINDS

    for name, spec in KINDS.items():
        result = run("kinds", name)
        assert result.exit_code == 0, name
        for fact in spec.facts.values():
            assert f"--{fact.name.replace('_', '-')}" in result.stdout, (name, fact.name)
    page = run("kinds", "revoke").stdout
    assert "the player accused of revoking" in page and "a seat: N, E, S or W" in page
    assert "a whole number from 1 to 10; default 1" in page
    page = " ".join(run("kinds", "lone_declaration").stdout.split())
    assert "one of: order, assist, adopt, make, take_from_partner" in page
    data = run("kinds", "revoke", "--json")
    assert data.exit_code == 0 and '"values": "a seat: N, E, S or W"' in data.stdout
    assert "the player accused of revoking" in run("rule", "revoke", "--help").stdout


@pytest.mark.parametrize("args", [("kinds", "lead_out_of_tun"), ("rule", "lead_out_of_tun", "--offender", "E")])
def test_a_mistyped_kind_gets_did_you_mean(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert "did you mean lead_out_of_turn?" in one_line(result.stderr)
    assert "unexpected" not in result.stderr


# --- command options before or after the kind --------------------------------------------------

COMMAND_OPTIONS = ("json", "full", "record", "ruleset", "house", "braille", "plain", "table", "ledger", "me")


def test_no_fact_takes_the_name_of_a_command_option() -> None:
    from arbiter.incident import COMMAND_OPTIONS as declared
    from arbiter.ruling import KINDS

    assert set(COMMAND_OPTIONS) <= set(declared)  # the spec's list
    for spec in KINDS.values():
        clash = set(spec.facts) & set(declared)
        assert not clash, f"{spec.name}: facts {clash} take the names of command options"


def test_a_bool_fact_never_swallows_a_command_option() -> None:
    import json

    result = run("rule", "hand_result", "--makers", "NS", "--tricks", "5", "--alone", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["score"]["adjustment"] == {"NS": 4, "EW": 0}


@pytest.mark.parametrize("args", [
    ("rule", "--json", "lead_out_of_turn", "--dealer", "N", "--offender", "E", "--followed", "S"),
    ("rule", "lead_out_of_turn", "--json", "--dealer", "N", "--offender", "E", "--followed", "S"),
    ("rule", "lead_out_of_turn", "--offender", "E", "--followed", "S", "--dealer", "N", "--json"),
    ("rule", "--dealer", "N", "lead_out_of_turn", "--offender", "E", "--json", "--followed", "S"),
])
def test_command_options_before_or_after_the_kind(args: tuple[str, ...]) -> None:
    import json

    result = run(*args)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["laws"][0] == 52 and data["deal"]["dealer"] == "N"


def test_the_envelope_seat_playing_alone_still_reads_after_the_kind() -> None:
    import json

    result = run("rule", "hand_result", "--tricks", "5", "--alone", "W", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["score"]["adjustment"] == {"NS": 0, "EW": 4}
    result = run("rule", "--json", "lead_out_of_turn", "--offender", "E", "--json")
    assert result.exit_code == 2 and "given twice" in one_line(result.stderr)
    result = run("rule", "lead_out_of_turn", "--offender", "E", "--dealer")
    assert result.exit_code == 2 and "--dealer needs a value" in one_line(result.stderr)


# --- the case-file format, inside the project ---------------------------------------------------

CASES_README = ROOT / "cases" / "README.md"


def test_the_readme_links_the_case_format_that_ships_with_the_project() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(cases/README.md)" in readme
    assert "../shared" not in readme


def test_the_case_format_documents_every_key_kind_and_fact() -> None:
    import re

    from arbiter import casebook
    from arbiter.incident import ENVELOPE
    from arbiter.ruling import KINDS

    text = CASES_README.read_text(encoding="utf-8")
    for key in ENVELOPE:
        assert f"| `{key}` |" in text, key
    documented = [line for line in (casebook.__doc__ or "").splitlines() if line.startswith("- ")]
    expect_keys = {key for line in documented for key in re.findall(r"`(\w+)`", line)}
    assert {"laws", "deal", "dealer", "elector", "error"} <= expect_keys
    for key in expect_keys:
        assert f"| `{key}` |" in text, key
    sections = dict(re.findall(r"^### `(\w+)`\n(.*?)(?=^### |\Z)", text, re.M | re.S))
    assert set(sections) == set(KINDS)
    for name, spec in KINDS.items():
        for fact in spec.facts.values():
            assert f"| `{fact.name}`" in sections[name], (name, fact.name)
            assert fact.values() in sections[name], (name, fact.name)


def test_the_case_format_example_rules_as_it_expects(tmp_path: Path) -> None:
    import re

    from arbiter import casebook

    example = re.search(r"```yaml\n(.+?)```", CASES_README.read_text(encoding="utf-8"), re.S)
    assert example is not None
    path = tmp_path / "example.yaml"
    path.write_text(example.group(1), encoding="utf-8")
    assert casebook.run_one(path).problems == []


def test_the_readme_is_not_taken_for_a_case() -> None:
    from arbiter import casebook

    found = casebook.discover([])
    assert found and CASES_README not in found
    assert all(p.suffix in (".yaml", ".yml") for p in found)


# --- teach points to cases by name, and pages on a terminal -------------------------------------


def test_case_names_are_unique_across_the_folders() -> None:
    from collections import Counter

    from arbiter import casebook

    stems = Counter(p.stem for p in casebook.discover([]))
    assert [s for s, n in stems.items() if n > 1] == []


def test_every_case_teach_points_to_runs_from_any_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import json
    import shlex

    from arbiter.rulebook import load

    monkeypatch.chdir(tmp_path)  # no cases/ here: the name must find the shipped copy
    commands = set()
    for sec in load().sections:
        for law in json.loads(run("teach", sec.id, "--json").stdout)["laws"]:
            if law["case"] is not None:
                commands.add(law["case"]["command"])
    assert len(commands) > 20
    for command in sorted(commands):
        assert command.startswith("arbiter rule --case ") and "/" not in command
        result = run(*shlex.split(command)[1:], "--json")
        assert result.exit_code == 0, (command, result.stderr)
    shown = run("teach", "revoke").stdout
    assert "arbiter rule --case a-heart-held-when-the-left-bower-is-led-must-follow\n" in shown
    assert "arbiter rule cases/" not in shown


def test_a_case_name_near_miss_gets_did_you_mean() -> None:
    result = run("rule", "--case", "a-heart-held-when-the-left-bower-is-led")
    assert result.exit_code == 2
    assert "did you mean a-heart-held-when-the-left-bower-is-led-must-follow?" in one_line(result.stderr)
    result = run("rule")
    assert result.exit_code == 2 and "--case NAME" in one_line(result.stderr)


def test_teach_pages_on_a_terminal_and_never_when_piped(monkeypatch: pytest.MonkeyPatch) -> None:
    from contextlib import contextmanager

    from arbiter import teaching_view

    paged: list[bool] = []

    @contextmanager
    def pager(**_: object):
        paged.append(True)
        yield

    monkeypatch.setattr(teaching_view.console, "pager", pager)
    assert run("teach", "revoke").exit_code == 0
    assert paged == []  # CliRunner's output is a pipe, not a terminal
    monkeypatch.setattr("arbiter.cli._on_terminal", lambda: True)
    result = run("teach", "revoke")
    assert result.exit_code == 0 and "Law 62" in result.stdout
    assert paged == [True]


# --- the glossary: what a new member asks first --------------------------------------------------


@pytest.mark.parametrize("word,term,kind", [
    ("trump", "Trump", "used"), ("trick", "Trick", "used"), ("eldest hand", "Eldest hand", "used"),
    ("adopt", "Adopt", "used"), ("ruff", "Ruff", "used"), ("tenace", "Tenace", "used"),
    ("misdeal", "Misdeal", "used"), ("exposed card", "Exposed card", "used"), ("revoke", "Revoke", "used"),
    ("renege", "Renege", "modern"), ("march", "March", "defined"),
])
def test_the_first_words_a_new_member_asks_are_in_the_glossary(word: str, term: str, kind: str) -> None:
    import json

    result = run("term", word, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["term"], data["kind"]) == (term, kind)
    assert data["meaning"] if kind != "defined" else data["text"]


def test_revoke_is_the_codes_word_and_renege_its_modern_synonym() -> None:
    out = run("term", "revoke").stdout
    assert "Revoke · Somerset 1888" in out and "not in the 1888 Somerset code" not in out
    assert "“Is when a player, holding one or more cards of the" in out  # Law 62, as printed
    assert "In our words:" in out and "renege" in out
    assert all(f"{n:>5}  " in out for n in range(62, 72))
    modern = run("term", "renege").stdout
    assert "Renege · not in the 1888 Somerset code" in modern and "revoke (Law 62)" in modern


def test_term_list_gives_one_line_a_term() -> None:
    import json

    names = [t["term"] for t in json.loads(run("term", "--list", "--json").stdout)]
    lines = run("term", "--list").stdout.splitlines()
    assert [line.split("  ")[0].strip() for line in lines[: len(names)]] == names
    assert len(lines) == len(names) + 1  # and one line saying how to see an entry
    assert "As printed" not in "\n".join(lines)


def test_a_term_s_kind_is_checked_by_the_validator(tmp_path: Path) -> None:
    import shutil

    from arbiter import rulebook

    data = tmp_path / "somerset-1888"
    shutil.copytree(ROOT / "laws" / "somerset-1888", data)
    glossary = data / "glossary.yaml"
    text = glossary.read_text(encoding="utf-8")
    for bad, words in [
        (text.replace("plays a card of a different suit.'}", "plays any card.'}"), "not in Law 62 as printed"),
        (text.replace("  instead: when all four pass twice", "  notes: [x]\n  meaning2: when all four pass twice"),
         "unknown field"),
        (text.replace("  instead: when all four pass twice, the deal is at an end and the next player deals (Law 77).\n", ""),
         "field 'instead' is missing"),
        (text.replace("- term: Trump\n  defined: false\n", "- term: Trump\n  defined: false\n  text: x\n"),
         "field 'text' does not go with a used term"),
    ]:
        glossary.write_text(bad, encoding="utf-8")
        with pytest.raises(rulebook.RulebookError, match=words):
            rulebook.validate(sorted(data.glob("*.yaml")))


# --- search says first when the code has no such thing ------------------------------------------


@pytest.mark.parametrize("words,first", [
    ("farmer's hand", "Farmer's hand is not in the 1888 Somerset code: a new deal or misdeal comes only from faults"),
    ("going under", "Going under (Farmer's hand) is not in the 1888 Somerset code: a new deal"),
    ("stick the dealer", "Stick the dealer is not in the 1888 Somerset code: when all four pass twice"),
])
def test_search_says_first_when_the_code_has_no_such_rule(words: str, first: str) -> None:
    result = run("search", words)
    assert result.exit_code == 0
    assert " ".join(result.stdout.split()).startswith(first)  # first, wrapped at the terminal's width


@pytest.mark.parametrize("words", ["revoke", "going alone", "left bower", "misdeal"])
def test_search_says_nothing_of_the_kind_for_the_codes_own_words(words: str) -> None:
    result = run("search", words)
    assert result.exit_code == 0 and "not in the 1888 Somerset code" not in result.stdout


# --- plain words everywhere a person reads -------------------------------------------------------


def test_the_quiz_shows_no_internal_names() -> None:
    import json
    import re

    from arbiter import teaching

    seen = []
    for seed in range(1, 41):
        data = json.loads(run("quiz", "--seed", str(seed), "--count", "8", "--json").stdout)
        for q in data["questions"]:
            for text in (q["ask"], q["setting"] or "", q["explain"], *q["choices"]):
                seen.append(text)
                assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text
    assert any(t.startswith("Call the card") for t in seen)
    ids = {o["id"] for case in teaching.worked_cases() if (r := teaching.checked_ruling(case)) for o in r["options"]}
    for option in ids:
        assert "_" not in teaching.option_words(option), option


def test_one_seat_takes_back_one_card() -> None:
    import json

    result = run("rule", "lead_out_of_turn", "--dealer", "N", "--offender", "W", "--followed", "N", "--json")
    actions = [a["text"] for a in json.loads(result.stdout)["actions"]]
    assert any(a.startswith("North takes back the card played to the false lead") for a in actions), actions
    result = run("rule", "lead_out_of_turn", "--dealer", "N", "--offender", "W", "--followed", "N,E", "--json")
    actions = [a["text"] for a in json.loads(result.stdout)["actions"]]
    assert any(a.startswith("North and East take back the cards played") for a in actions), actions


def test_the_ledger_history_cites_the_law_that_states_the_penalty(tmp_path: Path) -> None:
    ledger = str(tmp_path / "score.sqlite")
    case = tmp_path / "revoke.yaml"
    case.write_text("dealer: N\ntrump: hearts\nincident: {kind: revoke, offender: E}\n", encoding="utf-8")
    assert run("score", "--ruling", str(case), "--ledger", ledger).exit_code == 0
    assert run("score", "--makers", "NS", "--tricks", "1", "--record", "--ledger", ledger).exit_code == 0
    history = run("score", "--history", "--ledger", ledger).stdout
    assert "NS +3 (Law 63)" in history
    assert "(L62)" not in history and "(L63)" not in history
    assert "(1 trick)" in history and "1 tricks" not in history


# --- arbiter teach basics -------------------------------------------------------------------------


def test_teach_basics_walks_a_newcomer_through_the_game() -> None:
    import json

    from arbiter.rulebook import load

    book = load()
    result = run("teach", "basics")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for words in ("right bower", "left bower", "ordering it up", "assisting", "adopting", "making the trump",
                  "discards", "play alone", "follow suit", "the point", "a march", "euchred", "lap", "rubber"):
        assert words in out.lower().replace("\n", " ").replace("│", ""), words
    assert out.count("In our words") == 9  # the intro and each topic, labelled as ours
    data = json.loads(run("teach", "basics", "--json").stdout)
    assert [t["id"] for t in data["topics"]] == ["cards", "deal", "first-round", "second-round", "discard", "alone",
                                                 "play", "scoring"]
    for topic in data["topics"]:
        assert topic["laws"], topic["id"]  # each tied to its law by number
        for law in topic["laws"]:
            assert " ".join(law["text"].split()) in " ".join(book.law(law["number"]).text.split())
    scoring = next(t for t in data["topics"] if t["id"] == "scoring")
    assert [law["number"] for law in scoring["laws"]][:2] == [2, 3]
    assert scoring["laws"][0]["text"] == book.law(2).text  # quoted whole, exactly
    assert "Technical Terms, as printed" in out
    assert "arbiter teach basics" in run("teach").stdout


def test_the_basics_read_their_figures_from_the_law_records() -> None:
    from arbiter import teaching
    from arbiter.rulebook import load

    book = load()
    plain = {t.id: t.ours for t in teaching.basics(book).topics}
    assert f"first side to reach {book.law(2).number_of('game')} points" in plain["scoring"]
    assert f"a march, worth {book.law(2).number_of('march')}" in plain["scoring"]
    assert f"a march scores {book.law(3).number_of('march')}" in plain["scoring"]
    house = book.with_numbers({2: {"game": 7, "march": 3}, 3: {"march": 6}})
    changed = {t.id: t.ours for t in teaching.basics(house).topics}
    assert "first side to reach 7 points" in changed["scoring"]
    assert "a march, worth 3" in changed["scoring"] and "a march scores 6" in changed["scoring"]


@pytest.mark.parametrize("change,words", [
    (lambda d: d["topics"][7].__setitem__("ours", "A game is 5 points."), "a figure is written out"),
    (lambda d: d["topics"][7].__setitem__("ours", "A game is {2.gamez} points."), "states no 'gamez'"),
    (lambda d: d["topics"][0]["laws"].append({"law": 8, "text": "The ace is the highest card"}), "not in Law 8 as printed"),
    (lambda d: d["topics"][0]["terms"].append("Kitty"), "not one of the book's Technical Terms"),
    (lambda d: d["topics"][0].__setitem__("laws", []), "must name the laws it rests on"),
])
def test_broken_basics_are_refused(change, words: str) -> None:
    import copy

    from arbiter import teaching
    from arbiter.rulebook import RulebookError, load

    book = copy.copy(load())
    book.extra = copy.deepcopy(book.extra)
    change(book.extra["basics"])
    with pytest.raises(RulebookError, match=words):
        teaching.basics(book)
