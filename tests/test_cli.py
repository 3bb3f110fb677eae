"""The command line as a user meets it: output, JSON and exit statuses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from arbiter.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, f"expected one line on stderr, got {err!r}"
    assert "Traceback" not in err
    return err


# --- law, laws -----------------------------------------------------------------------------


def test_law_shows_text_section_and_references() -> None:
    code, out, _ = run("law", "52")
    assert code == 0
    assert "If any player lead out of turn" in out
    assert "Cards liable to be called" in out
    assert "53" in out


def test_law_json_follows_the_spec() -> None:
    code, out, _ = run("law", "52", "--json")
    data = json.loads(out)
    assert code == 0
    assert {"number", "section", "kind", "text"} <= set(data)
    assert data["number"] == 52 and data["kind"] == "law"
    assert data["text"].startswith("If any player lead out of turn, the adversaries may either call the\ncard")


def test_law_ranges_and_lists() -> None:
    code, out, _ = run("law", "62-71", "--json")
    assert code == 0
    assert [d["number"] for d in json.loads(out)] == list(range(62, 72))
    code, out, _ = run("law", "106", "116", "--json")
    assert [d["kind"] for d in json.loads(out)] == ["etiquette", "etiquette"]


@pytest.mark.parametrize("bad", ["0", "117", "x", "-5", "12-200"])
def test_law_numbers_that_do_not_exist(bad: str) -> None:
    code, out, err = run("law", bad)
    assert code == 2
    assert out == ""
    assert "the laws run from 1 to 116" in one_line(err)


@pytest.mark.parametrize("bad", ["--frob", "-x", "--frob=3"])
def test_law_names_an_unknown_option_as_an_option(bad: str) -> None:
    # Unknown options are let through as words so that 'law -5' can say the range; one
    # that is plainly an option must not be called a law number.
    code, out, err = run("law", "52", bad)
    assert code == 2 and out == ""
    assert one_line(err).startswith(f"arbiter: no such option: {bad.split('=')[0]}")


def test_audit_of_a_folder_without_records_names_it(tmp_path) -> None:
    (tmp_path / "notes.txt").write_text("not a record")
    code, out, err = run("audit", str(tmp_path))
    assert code == 2 and out == ""
    assert str(tmp_path) in one_line(err) and "no recorded games" in err


def test_laws_lists_contents_and_all_records() -> None:
    code, out, _ = run("laws")
    assert code == 0
    assert "The Rubber" in out and "Etiquette of Euchre" in out
    code, out, _ = run("laws", "--json")
    records = json.loads(out)
    assert [r["number"] for r in records] == list(range(1, 117))
    code, out, _ = run("laws", "--section", "revoke", "--json")
    assert [r["number"] for r in json.loads(out)] == list(range(62, 72))
    code, out, _ = run("laws", "--section", "revoke")
    assert "What a revoke is" in out or "62" in out
    code, _, err = run("laws", "--section", "poker")
    assert code == 2 and "no section" in one_line(err)


# --- search, term --------------------------------------------------------------------------


def test_search_json_is_ranked() -> None:
    code, out, _ = run("search", "renege", "--json")
    hits = json.loads(out)
    assert code == 0
    assert hits[0]["number"] in range(62, 72)
    scores = [h["score"] for h in hits]
    assert scores == sorted(scores, reverse=True)
    assert {"number", "score"} <= set(hits[0])


def test_search_stealing_the_deal_finds_laws_28_and_40() -> None:
    _, out, _ = run("search", "stealing", "the", "deal", "--json")
    assert {28, 40} <= {h["number"] for h in json.loads(out)[:3]}


def test_search_going_alone_finds_the_lone_hand_laws() -> None:
    _, out, _ = run("search", "going alone", "--json")
    assert all(h["number"] in {3, 50, 74, 75, 76, *range(93, 106)} for h in json.loads(out)[:5])


def test_term_exact_alias_fuzzy_and_miss() -> None:
    code, out, _ = run("term", "left", "bower")
    assert code == 0 and "Left Bower" in out
    code, out, _ = run("term", "left", "bower", "--json")
    assert json.loads(out)["text"] == "knave of the same color as the trump suit, which is the second best card."
    code, out, _ = run("term", "help", "--json")
    assert json.loads(out)["term"] == "Assist"
    code, out, _ = run("term", "marchh", "--json")
    assert code == 0 and json.loads(out)["term"] == "March"
    code, _, err = run("term", "trumpet")
    assert code == 2 and "did you mean" in one_line(err)


# --- rule: bad input is refused in one line --------------------------------------------------


def write(tmp_path: Path, text: str | bytes, name: str = "case.yaml") -> str:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


GOOD = "dealer: N\nincident:\n  kind: lead_out_of_turn\n  offender: E\n  followed: [S]\n"


def test_rule_from_a_file_and_from_flags_agree(tmp_path: Path) -> None:
    code, out, _ = run("rule", write(tmp_path, GOOD), "--json")
    assert code == 0
    from_file = json.loads(out)
    code, out, _ = run("rule", "lead_out_of_turn", "--dealer", "N", "--offender", "E", "--followed", "S", "--json")
    assert code == 0
    assert json.loads(out) == from_file
    assert from_file["laws"][0] == 52
    assert {o["id"] for o in from_file["options"]} == {"call_card", "call_suit"}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("incident: {kind: no_such_kind}\n", "unknown kind"),
        ("incident: {kind: lead_out_of_turn, offender: Q}\n", "unknown seat"),
        ("incident: {kind: lead_out_of_turn, offender: E, colour: red}\n", "no fact 'colour'"),
        ("dealer: N\nweather: fine\nincident: {kind: lead_out_of_turn, offender: E}\n", "unknown key 'weather'"),
        ("score: {NS: 200, EW: 0}\nincident: {kind: lead_out_of_turn, offender: E}\n", "out of range"),
        ("turned: 6H\nincident: {kind: lead_out_of_turn, offender: E}\n", "unknown card"),
        ("incident: {kind: lead_out_of_turn}\n", "missing offender"),
        ("incident: {kind: lead_out_of_turn, offender: E, followed: [E]}\n", "cannot both lead and follow"),
        ("- just\n- a list\n", "must be a mapping"),
        ("incident: [unclosed\n", "not valid YAML"),
        ("!!python/object/apply:os.system ['echo pwned']\n", "not allowed"),
        ("a: &a [x, x, x]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\nincident: {kind: faced_card}\n", "aliases"),
    ],
)
def test_rule_refuses_bad_input_in_one_line(tmp_path: Path, text: str, words: str) -> None:
    code, out, err = run("rule", write(tmp_path, text), "--json")
    assert code == 2, (out, err)
    assert out == ""
    assert words in one_line(err)


def test_rule_refuses_unreadable_and_non_utf8_files(tmp_path: Path) -> None:
    code, _, err = run("rule", str(tmp_path / "missing.yaml"))
    assert code == 2 and "cannot be read" in one_line(err)
    code, _, err = run("rule", write(tmp_path, b"incident:\n  kind: \xff\xfe\n"))
    assert code == 2 and "not UTF-8" in one_line(err)
    code, _, err = run("rule", str(tmp_path))
    assert code == 2 and "folder" in one_line(err)


def test_usage_errors_are_one_line_from_the_console_script() -> None:
    proc = subprocess.run([sys.executable, "-m", "arbiter", "law"], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Missing argument" in one_line(proc.stderr)
    proc = subprocess.run([sys.executable, "-m", "arbiter", "law", "117"], capture_output=True, text=True)
    assert proc.returncode == 2 and "1 to 116" in one_line(proc.stderr)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(
    st.binary(max_size=300),
    st.text(max_size=300),
    st.recursive(
        st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=8)
        | st.sampled_from(["N", "E", "S", "W", "NS", "JH", "hearts", "lead_out_of_turn", "revoke", "misdeal"]),
        lambda kids: st.lists(kids, max_size=4) | st.dictionaries(
            st.sampled_from(["incident", "kind", "dealer", "offender", "followed", "score", "NS", "EW",
                             "alone", "maker", "trump", "counts", "led", "played", "hand", "x"]), kids, max_size=5),
        max_leaves=20,
    ).map(lambda v: __import__("yaml").safe_dump(v)),
))
def test_fuzzed_case_files_never_raise_a_traceback(tmp_path: Path, data: str | bytes) -> None:
    """Whatever the file holds, the answer is a ruling (0) or one line and status 2."""
    code, out, err = run("rule", write(tmp_path, data), "--json")
    assert code in (0, 2), err
    if code == 2:
        one_line(err)
    else:
        json.loads(out)


def test_python_api_gives_the_same_ruling_as_the_command_line(tmp_path: Path) -> None:
    import arbiter
    from arbiter.model import InputError

    from_dict = arbiter.rule({"dealer": "N", "incident": {"kind": "lead_out_of_turn", "offender": "E", "followed": ["S"]}})
    from_file = arbiter.rule(write(tmp_path, GOOD))
    _, out, _ = run("rule", write(tmp_path, GOOD), "--json")
    assert from_dict.as_dict() == from_file.as_dict() == json.loads(out)
    with pytest.raises(InputError, match="unknown kind"):
        arbiter.rule({"incident": {"kind": "poker"}})


def test_a_law_lookup_loads_nothing_it_does_not_need(tmp_path: Path) -> None:
    """Start-up is what a player waits for (tests/benchmark.py): keep heavy modules off the lookup path."""
    env = {**os.environ, "ARBITER_CACHE": str(tmp_path / "cache")}
    subprocess.run([sys.executable, "-m", "arbiter", "law", "1"], env=env, capture_output=True, check=True)  # warm
    probe = (
        "import sys, contextlib, io\n"
        "from arbiter.cli import main\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['law', '52'])\n"
        "heavy = ['yaml', 'json', 'pydantic', 'rich._emoji_codes', 'arbiter.classify', 'arbiter.ruling',\n"
        "         'arbiter.ledger', 'arbiter.teaching']\n"
        "print(' '.join(m for m in heavy if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
