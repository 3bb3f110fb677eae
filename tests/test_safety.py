"""Safety (issue 9): a case file, a ledger or a cache planted by someone else must never
touch the user's files, forge the laws, hang the program or drive the terminal.

Each finding of the attack on the program has a test here that failed before its fix; the
decoy fuzz test at the end writes hostile inputs beside files that must survive byte for
byte. Later inputs (house files, recorded games, the new ledger) join `HOSTILE` below.
"""

from __future__ import annotations

import contextlib
import io
import json
import marshal
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from arbiter import rulebook
from arbiter.cli import app, main
from arbiter.incident import parse_case_text, read_case_file
from arbiter.model import InputError
from arbiter.reader import clean, parse_yaml, read_bytes

runner = CliRunner()
LEAD = "dealer: N\nincident: {kind: lead_out_of_turn, offender: E}\n"


def run(*args: str) -> tuple[int, str, str]:
    """The console script's entry point in this process, with its output captured."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(args))
            code = 0
        except SystemExit as done:
            code = int(done.code or 0)
    return code, out.getvalue(), err.getvalue()


def arbiter(*args: str, env: dict[str, str] | None = None, timeout: float = 20,
            encoding: str = "utf-8") -> subprocess.CompletedProcess[str]:
    """The real program in a process of its own, as a user runs it."""
    return subprocess.run([sys.executable, "-m", "arbiter", *args], capture_output=True, encoding=encoding,
                          timeout=timeout, env={**os.environ, **(env or {})})


def refused(err: str) -> None:
    assert err.startswith("arbiter: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and "internal error" not in err, err


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
            and not p.is_symlink()}


# --- 1. a ruleset is a name, never a path ---------------------------------------------------


@pytest.mark.parametrize("name", ["../../../../tmp/x/IMG", "/etc", "", ".", "..", "somerset-1888/..",
                                  "x" * 5000, "somerset-1888/../somerset-1888"])
def test_a_ruleset_that_is_not_a_shipped_name_is_refused(tmp_path: Path, name: str) -> None:
    case = tmp_path / "case.yaml"
    case.write_text(f"ruleset: {json.dumps(name)}\n{LEAD}", encoding="utf-8")
    code, _, err = run("rule", str(case))
    assert code == 2
    refused(err)
    assert "unknown ruleset" in err and "somerset-1888" in err
    code, _, err = run("law", "52", "--ruleset", name)
    assert code == 2 and "unknown ruleset" in err


def test_a_case_file_ruleset_climbing_out_of_the_cache_deletes_nothing(tmp_path: Path) -> None:
    """The attack: `ruleset: ../../photos/IMG` made the cache clean-up delete IMG-* files."""
    photos = tmp_path / "photos"
    photos.mkdir()
    for i in range(3):
        (photos / f"IMG-{i}.jpg").write_bytes(b"\xff\xd8 photo %d" % i)
    cache = tmp_path / "cache"
    case = tmp_path / "case.yaml"
    case.write_text(f"ruleset: ../photos/IMG\n{LEAD}", encoding="utf-8")
    before = snapshot(photos)
    done = arbiter("rule", str(case), env={"ARBITER_CACHE": str(cache)})
    assert done.returncode == 2
    refused(done.stderr)
    assert snapshot(photos) == before


def forge(ledger: Path, statement: str) -> None:
    """Edit a ledger as someone else might: its triggers (no entry changed) are dropped first."""
    with sqlite3.connect(ledger) as con:
        for name in ("entries_kept", "entries_unchanged"):
            con.execute(f"DROP TRIGGER IF EXISTS {name}")
        con.execute(statement)


def test_a_ledger_table_naming_a_path_as_its_ruleset_is_refused(tmp_path: Path) -> None:
    ledger = tmp_path / "l.sqlite"
    assert arbiter("score", "--makers", "NS", "--tricks", "3", "--record", "--ledger", str(ledger)).returncode == 0
    with sqlite3.connect(ledger) as con:
        con.execute("UPDATE tables SET ruleset = '/tmp/forged'")
    done = arbiter("score", "--ledger", str(ledger))
    assert done.returncode == 2
    refused(done.stderr)
    assert "unknown ruleset" in done.stderr


# --- 2. only regular files, never more than the cap -----------------------------------------


def test_a_device_is_refused_at_once_not_read_without_end() -> None:
    done = arbiter("rule", "/dev/zero", timeout=10)
    assert done.returncode == 2
    refused(done.stderr)
    assert "not a regular file" in done.stderr


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "case.yaml"
    os.mkfifo(fifo)
    done = arbiter("rule", str(fifo), timeout=10)
    assert done.returncode == 2 and "not a regular file" in done.stderr
    done = arbiter("score", "--ruling", str(fifo), "--ledger", str(tmp_path / "l.sqlite"), timeout=10)
    assert done.returncode == 2 and "not a regular file" in done.stderr


def test_arbiter_test_on_a_folder_with_a_fifo_and_a_device_link_reports_them_and_goes_on(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "a-fifo.yaml")
    (tmp_path / "b-zero.yaml").symlink_to("/dev/zero")
    (tmp_path / "c-good.yaml").write_text(LEAD + "expect: {laws: [52]}\n", encoding="utf-8")
    done = arbiter("test", str(tmp_path), "--json", timeout=20)
    results = {Path(r["path"]).name: r for r in json.loads(done.stdout)}
    assert done.returncode == 1
    assert results["c-good.yaml"]["ok"]
    for bad in ("a-fifo.yaml", "b-zero.yaml"):
        assert not results[bad]["ok"] and "not a regular file" in results[bad]["problems"][0]


def test_the_reader_reads_at_most_the_cap_plus_one(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * 1001)
    with pytest.raises(InputError, match="too large"):
        read_bytes(big, 1000, "case file")
    assert read_bytes(big, 1001, "case file") == b"#" * 1001


def test_a_case_file_over_256_kb_is_refused(tmp_path: Path) -> None:
    case = tmp_path / "case.yaml"
    case.write_text(LEAD + "#" * (256 * 1024), encoding="utf-8")
    code, _, err = run("rule", str(case))
    assert code == 2 and "too large" in err


# --- 3. the cache is a speed-up, never an authority -----------------------------------------


def forge_rules(folder: Path, payload: object) -> list[Path]:
    """Put a forged payload in every file name the rulebook could read, as an attacker would."""
    rulebook.load.cache_clear()
    rulebook.load()  # writes the genuine file, whose name we then overwrite
    names = [p for p in folder.iterdir() if p.name.startswith("rules.")]
    assert names
    for p in names:
        body = marshal.dumps(payload)
        p.write_bytes(rulebook._CACHE_MAGIC + rulebook.blake2b(body, digest_size=16).digest() + body)
    rulebook.load.cache_clear()
    return names


def forged_payload() -> dict[str, object]:
    rulebook.load.cache_clear()
    genuine = rulebook.validate(sorted((rulebook.data_root() / "somerset-1888").glob("*.yaml")))
    for law in genuine["laws"]:
        if law["number"] == 63:
            law["text"] = "North and South score 0 for each revoke."
    return genuine


def test_a_cache_folder_writable_by_others_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    monkeypatch.setenv("ARBITER_CACHE", str(shared))
    forge_rules(shared, forged_payload())
    assert "score 0" in rulebook.load().law(63).text  # a private folder: the user's own edit is used
    shared.chmod(0o777)
    rulebook.load.cache_clear()
    assert rulebook.cache_dir() is None
    assert rulebook.load().law(63).text.startswith("The penalty of a revoke is three points")
    rulebook.load.cache_clear()


def test_a_cache_file_owned_by_another_user_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if os.getuid() != 0:
        pytest.skip("needs root to give a file to another user")
    monkeypatch.setenv("ARBITER_CACHE", str(tmp_path))
    for p in forge_rules(tmp_path, forged_payload()):
        os.chown(p, 4242, 4242)
    assert rulebook.load().law(63).text.startswith("The penalty of a revoke is three points")
    rulebook.load.cache_clear()


@pytest.mark.parametrize("content", [b"\xdb\x00\x00\x00\xff", marshal.dumps({}), b"", b"arbiter-cache 2\n" + b"\0" * 40])
def test_a_damaged_cache_file_is_a_miss_that_rebuilds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      content: bytes) -> None:
    monkeypatch.setenv("ARBITER_CACHE", str(tmp_path))
    rulebook.load.cache_clear()
    rulebook.load()
    for p in tmp_path.iterdir():
        p.write_bytes(content)
    rulebook.load.cache_clear()
    assert rulebook.load().law(52).text.startswith("If any player lead out of turn")
    rulebook.load.cache_clear()


def test_a_well_formed_cache_of_the_wrong_shape_is_a_miss(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITER_CACHE", str(tmp_path))
    forge_rules(tmp_path, {})  # marshal.dumps({}) once broke every command
    assert rulebook.load().law(52).number == 52
    forge_rules(tmp_path, {"laws": [{"number": "x"}], "sections": 5})
    assert rulebook.load().law(52).number == 52
    rulebook.load.cache_clear()


def test_a_planted_case_entry_does_not_change_a_ruling(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    case = tmp_path / "case.yaml"
    case.write_text(LEAD, encoding="utf-8")
    env = {"ARBITER_CACHE": str(cache)}
    assert json.loads(arbiter("rule", str(case), "--json", env=env).stdout)["kind"] == "lead_out_of_turn"
    (entry,) = [p for p in cache.iterdir() if p.name.startswith("case-")]
    entry.write_bytes(marshal.dumps({"incident": {"kind": "revoke", "offender": "E"}, "score": {"NS": 4}}))
    assert json.loads(arbiter("rule", str(case), "--json", env=env).stdout)["kind"] == "lead_out_of_turn"


def test_cache_clean_up_deletes_only_its_own_file_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITER_CACHE", str(tmp_path))
    decoys = {"rules.somerset-1888-notahash": b"a", "rules.somerset-1888-" + "0" * 31: b"b", "case-photo.jpg": b"c",
              "IMG-1.jpg": b"d", "rules.somerset-1888.bak": b"e"}
    for name, data in decoys.items():
        (tmp_path / name).write_bytes(data)
    rulebook.write_cache("rules.somerset-1888-" + "a" * 32, {"x": 1}, family=r"rules\.somerset-1888-[0-9a-f]{32}")
    rulebook.write_cache("rules.somerset-1888-" + "b" * 32, {"x": 2}, family=r"rules\.somerset-1888-[0-9a-f]{32}")
    for name, data in decoys.items():
        assert (tmp_path / name).read_bytes() == data
    assert not (tmp_path / ("rules.somerset-1888-" + "a" * 32)).exists()
    assert rulebook.read_cache("rules.somerset-1888-" + "b" * 32) == {"x": 2}


# --- 4. one bad expect value does not stop the run ------------------------------------------


@pytest.mark.parametrize("expect", ["{laws: 52}", "{options: 5}", "{adjustment: [1]}", "{notes: {a: 1}}",
                                    "{after: 3}", "{governing: x}"])
def test_a_bad_expect_value_fails_that_file_and_the_run_goes_on(tmp_path: Path, expect: str) -> None:
    (tmp_path / "a.yaml").write_text(f"{LEAD}expect: {expect}\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text(f"{LEAD}expect: {{laws: [52]}}\n", encoding="utf-8")
    code, out, err = run("test", str(tmp_path), "--json")
    assert code == 1, err
    results = {Path(r["path"]).name: r for r in json.loads(out)}
    assert not results["a.yaml"]["ok"] and "expect." in results["a.yaml"]["problems"][0]
    assert results["b.yaml"]["ok"]


# --- 5. a key given twice is refused ----------------------------------------------------------


@pytest.mark.parametrize("text, key", [
    ("dealer: N\ndealer: S\nincident: {kind: lead_out_of_turn, offender: E}\n", "dealer"),
    ("dealer: N\nincident: {kind: lead_out_of_turn, offender: E}\nincident: {kind: revoke, offender: E}\n",
     "incident"),
    ("dealer: N\nincident:\n  kind: lead_out_of_turn\n  offender: E\n  offender: W\n", "offender"),
])
def test_a_key_given_twice_is_refused_by_name(tmp_path: Path, text: str, key: str) -> None:
    case = tmp_path / "case.yaml"
    case.write_text(text, encoding="utf-8")
    code, _, err = run("rule", str(case))
    assert code == 2
    refused(err)
    assert f"'{key}' is given twice" in err


def test_every_yaml_input_refuses_duplicate_keys() -> None:
    with pytest.raises(InputError, match="given twice"):
        parse_case_text("a: 1\na: 2\n")
    with pytest.raises(InputError, match="given twice"):
        parse_yaml("- {x: 1, x: 2}\n", "law record")
    assert parse_yaml("a: {x: 1}\nb: {x: 2}\n", "ok") == {"a": {"x": 1}, "b": {"x": 2}}


# --- 6. control characters never reach the terminal -----------------------------------------


ESC = "\x1b]0;pwned\x07\x1b[2J\x1b[31m"


def test_escape_sequences_in_a_title_and_names_are_stripped(tmp_path: Path) -> None:
    case = tmp_path / "case.yaml"
    case.write_text(json.dumps({"title": f"A title{ESC}", "incident": {
        "kind": "cut_for_table", "cuts": {f"Ann{ESC}": "JH", "Bob": "9S", "Cy": "AS", "Di": "KD"}}}), encoding="utf-8")
    for args in (("rule", str(case)), ("test", str(case))):
        code, out, err = run(*args)
        assert "\x1b" not in out + err and "\x07" not in out + err
    assert clean(f"a{ESC}b\n\tc\r") == "a]0;pwned[2J[31mb\n\tc"


def test_escape_sequences_in_a_ledger_entry_are_stripped(tmp_path: Path) -> None:
    ledger = tmp_path / "l.sqlite"
    assert run("score", "--makers", "NS", "--tricks", "3", "--record", "--ledger", str(ledger))[0] == 0
    forge(ledger, f"UPDATE entries SET what = 'NS march{ESC}'")
    code, out, err = run("score", "--history", "--ledger", str(ledger))
    assert code == 0 and "NS" in out and "\x1b" not in out and "\x07" not in out
    code, out, err = run("score", "--history", "--ledger", str(ledger), "--json")
    assert json.loads(out)["entries"][0]["what"] == "NS march]0;pwned[2J[31m"


def test_an_error_line_quoting_a_huge_value_is_cut(tmp_path: Path) -> None:
    case = tmp_path / "case.yaml"
    case.write_text(f"dealer: {'Q' * 300_000}\nincident: {{kind: revoke, offender: E}}\n", encoding="utf-8")
    code, _, err = run("rule", str(case))
    assert code == 2 and len(err) < 600


# --- 7. a search query is text, not markup --------------------------------------------------


@pytest.mark.parametrize("query", ["renege [/x]", "[link=http://evil.example]renege[/link]", "[bold"])
def test_a_search_query_is_never_read_as_markup(query: str) -> None:
    code, out, err = run("search", query)
    assert code in (0, 2), err
    assert "Traceback" not in err
    assert "\x1b]8;" not in out  # no hyperlink escape


# --- 8. digits that int() refuses -----------------------------------------------------------


@pytest.mark.parametrize("args", [("law", "²"), ("law", "①"), ("law", "1-²"), ("quiz", "--count", "²"),
                                  ("rule", "misdeal", "--counts", "N=²"), ("rule", "lead_out_of_turn",
                                  "--offender", "E", "--score", "²-1"), ("score", "--makers", "NS", "--tricks",
                                  "3", "--now", "²-1"), ("score", "--add", "NS=²")])
def test_unicode_digits_are_refused_with_exit_2(tmp_path: Path, args: tuple[str, ...]) -> None:
    code, _, err = run(*args, *(("--ledger", str(tmp_path / "l.sqlite")) if "--add" in args else ()))
    assert code == 2, err
    refused(err)


# --- 9. the ledger: only a regular file, and failures are one line --------------------------


def test_a_read_only_ledger_cannot_be_written_and_says_so(tmp_path: Path) -> None:
    ledger = tmp_path / "l.sqlite"
    assert arbiter("score", "--makers", "NS", "--tricks", "3", "--record", "--ledger", str(ledger)).returncode == 0
    ledger.chmod(0o444)
    tmp_path.chmod(0o555)
    try:
        done = arbiter("score", "--makers", "NS", "--tricks", "3", "--record", "--ledger", str(ledger))
    finally:
        tmp_path.chmod(0o755)
    if os.getuid() == 0 and done.returncode == 0:
        pytest.skip("root writes through read-only modes")
    assert done.returncode == 2
    refused(done.stderr)
    assert "cannot be written" in done.stderr


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero"])
def test_a_device_is_never_a_ledger(device: str) -> None:
    done = arbiter("score", "--makers", "NS", "--tricks", "3", "--record", "--ledger", device)
    assert done.returncode == 2
    refused(done.stderr)
    assert "not a regular file" in done.stderr


def test_a_damaged_row_does_not_lock_the_ledger(tmp_path: Path) -> None:
    ledger = tmp_path / "l.sqlite"
    for _ in range(2):
        assert run("score", "--makers", "NS", "--tricks", "3", "--record", "--ledger", str(ledger))[0] == 0
    forge(ledger, "UPDATE entries SET awards = '[{\"side\": \"XX\"}]' WHERE id = 2")
    code, _, err = run("score", "--ledger", str(ledger))
    assert code == 2 and "entry #2 is damaged" in err
    code, out, err = run("score", "--undo", "--ledger", str(ledger))
    assert code == 0, err
    code, out, _ = run("score", "--ledger", str(ledger), "--json")
    assert code == 0 and json.loads(out)["points"] == {"NS": 1, "EW": 0}
    forge(ledger, "UPDATE entries SET detail = 'not json' WHERE id = 1")
    assert run("score", "--new", "--ledger", str(ledger))[0] == 0


# --- 10. small things that exited 1 ----------------------------------------------------------


def test_undo_on_a_mistyped_ledger_creates_no_file(tmp_path: Path) -> None:
    code, _, err = run("score", "--undo", "--ledger", str(tmp_path / "typo.sqlite"))
    assert code == 2 and "no ledger yet" in err
    assert not (tmp_path / "typo.sqlite").exists()


def test_a_closed_pipe_is_not_an_error() -> None:
    head = subprocess.run(f"{sys.executable} -m arbiter law 1-116 | head -1; echo \"rc=${{PIPESTATUS[0]}}\"",
                          shell=True, executable="/bin/bash", capture_output=True, text=True, timeout=30)
    assert "rc=0" in head.stdout, head.stdout + head.stderr
    assert "Traceback" not in head.stderr and "Exception ignored" not in head.stderr


@pytest.mark.parametrize("command", [("law", "52"), ("term", "left", "bower"), ("laws",), ("coup", "1")])
def test_a_terminal_in_another_encoding_does_not_crash_the_view(command: tuple[str, ...]) -> None:
    done = arbiter(*command, env={"PYTHONIOENCODING": "latin-1"}, encoding="latin-1")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_quiz_reads_a_bounded_answer_line() -> None:
    done = subprocess.run([sys.executable, "-m", "arbiter", "quiz", "--seed", "1", "--count", "2"],
                          input="1" * 2_000_000 + "\n", capture_output=True, text=True, timeout=30)
    assert done.returncode in (0, 2), done.stderr
    assert "Traceback" not in done.stderr


# --- the decoy fuzz test ------------------------------------------------------------------------
#
# A folder full of files a user cares about, including some whose names look like the
# cache's own, and hostile inputs written beside them. Whatever the program does with each
# input, every decoy must still be there afterwards, byte for byte.

DECOY_NAMES = ["IMG-0001.jpg", "IMG-0002.jpg", "notes.txt", "rules.somerset-1888-" + "f" * 32 + ".bak",
               "case-" + "e" * 32 + ".keep", "rules.IMG-1", "case-notes", "somerset-1888",
               "ledger.sqlite.bak", "house.yaml"]
PATHISH = ["../decoys/IMG", "../../decoys/rules", "/tmp", "decoys/*", "..", ".", "", "somerset-1888/../../decoys",
           "~/IMG", "case-*", "rules.*", "\x00", "somerset-1888\n", "a" * 300]
HOSTILE_KEYS = ["ruleset", "house", "title", "dealer", "incident", "players", "ledger", "expect"]
EGN_KEYS = ["fileType", "version", "metadata", "deals", "title", "players", "ruleset", "initialScore",
            "dealNumber", "initialState", "playerCards", "phases", "tricks", "calls"]
"""Keys of a recorded game (EGN), for `arbiter audit`."""
EGN_GAME = Path(__file__).resolve().parent / "data" / "egn" / "custom-scenario.egn"
HOUSE_KEYS = ["name", "base", "game", "rubber", "points", "revoke", "defend_alone", "stick_the_dealer", "pack",
              "lone_lead", "lone_by", "hands_per_game", "false_claim", "table_talk", "house", "include"]
"""Keys of a house-rules file (and two it does not have), for --house and a case's house: key."""


@st.composite
def hostile_house(draw: st.DrawFn, decoys: str) -> str:
    """A house file's text: paths and junk at its keys, nested mappings, keys twice."""
    value = st.one_of(st.sampled_from(PATHISH), st.just(decoys), st.just(decoys + "/IMG-0001.jpg"),
                      st.text(max_size=20), st.just(ESC), st.integers(-3, 200), st.booleans(), st.none())
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        key = draw(st.sampled_from(HOUSE_KEYS))
        if draw(st.booleans()):
            lines.append(f"{key}: {json.dumps(draw(value))}")
        else:
            lines.append(f"{key}: {{{draw(st.sampled_from(['points', 'lone', 'scored', 'allowed', 'x']))}: "
                         f"{json.dumps(draw(value))}}}")
    return "\n".join(lines) + "\n"


@st.composite
def hostile_case(draw: st.DrawFn, decoys: str) -> str:
    """A case file's text: paths where names belong, keys twice, escape sequences, junk."""
    lines = []
    for _ in range(draw(st.integers(1, 5))):
        key = draw(st.sampled_from(HOSTILE_KEYS))
        value = draw(st.one_of(st.sampled_from(PATHISH), st.just(decoys), st.just(decoys + "/IMG-0001.jpg"),
                               st.text(max_size=20), st.just(ESC)))
        lines.append(f"{key}: {json.dumps(value)}")
    if draw(st.booleans()):
        lines.append("incident: {kind: lead_out_of_turn, offender: E}")
    return "\n".join(lines) + "\n"


@st.composite
def hostile_egn(draw: st.DrawFn, decoys: str) -> str:
    """A recorded game's JSON: a real game with hostile values at EGN's keys, or junk."""
    game = json.loads(EGN_GAME.read_bytes())
    value = st.one_of(st.sampled_from(PATHISH), st.just(decoys), st.just(decoys + "/IMG-0001.jpg"),
                      st.text(max_size=20), st.just(ESC), st.integers(-3, 12), st.none(), st.just([]))
    deal = game["deals"][0]
    holders = (game, game["metadata"], deal, deal["initialState"], *deal["phases"])
    for _ in range(draw(st.integers(1, 4))):
        key = draw(st.sampled_from(EGN_KEYS))
        for holder in holders:
            if key in holder and draw(st.booleans()):
                holder[key] = draw(value)
    return json.dumps(game) if draw(st.integers(0, 9)) else draw(st.text(max_size=40))


def intact(folder: Path, before: dict[str, bytes]) -> bool:
    """Every decoy is still there, byte for byte (the cache may add files of its own)."""
    now = snapshot(folder)
    return all(now.get(name) == data for name, data in before.items())


def decoy_folder(root: Path) -> tuple[Path, Path, dict[str, bytes]]:
    decoys = root / "decoys"
    cache = decoys / "cache"
    cache.mkdir(parents=True, mode=0o700)
    for folder in (decoys, cache):
        for i, name in enumerate(DECOY_NAMES):
            (folder / name).write_bytes(f"decoy {i} {name}".encode() + bytes(range(256)))
    return decoys, cache, snapshot(decoys)


def test_hostile_inputs_never_touch_a_decoy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    decoys, cache, before = decoy_folder(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    os.mkfifo(work / "fifo.yaml")
    (work / "zero.yaml").symlink_to("/dev/zero")
    (work / "decoy-link.yaml").symlink_to(decoys / "IMG-0001.jpg")
    monkeypatch.setenv("ARBITER_CACHE", str(cache))
    monkeypatch.chdir(work)
    rulebook.load.cache_clear()

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(text=hostile_case(str(decoys)), game=hostile_egn(str(decoys)), club=hostile_house(str(decoys)),
           how=st.sampled_from(["rule", "test", "score", "law", "audit", "house"]))
    def attack(text: str, game: str, club: str, how: str) -> None:
        case = work / "case.yaml"
        case.write_text(text, encoding="utf-8", errors="replace")
        (work / "game.egn").write_text(game, encoding="utf-8", errors="replace")
        (work / "house.yaml").write_text(club, encoding="utf-8", errors="replace")
        if how == "house":  # the club's book, and a ruling and a law under it
            args = [["house", "house.yaml"], ["law", "63", "--house", "house.yaml"],
                    ["rule", "revoke", "--offender", "E", "--established", "--house", "house.yaml"]][len(club) % 3]
        elif how == "audit":  # the folder: the game, the case, the fifo, /dev/zero, the decoy link
            args = ["audit", str(work), "--json"]
        elif how == "rule":
            args = ["rule", str(case), "--json"]
        elif how == "test":
            args = ["test", str(work)]
        elif how == "score":
            args = ["score", "--ruling", str(case), "--ledger", str(work / "l.sqlite")]
        else:
            args = ["law", "52", "--ruleset", text.split(":")[-1].strip().strip('"')]
        result = runner.invoke(app, args)
        assert not result.exception or isinstance(result.exception, SystemExit), repr(result.exception)
        assert result.exit_code in (0, 1, 2)
        assert "Traceback" not in result.stderr
        assert intact(decoys, before)

    attack()
    for path in (work / "fifo.yaml", work / "zero.yaml", work / "decoy-link.yaml"):
        done = arbiter("rule", str(path), env={"ARBITER_CACHE": str(cache)}, timeout=10)
        assert done.returncode == 2
        refused(done.stderr)
        done = arbiter("law", "52", "--house", str(path), env={"ARBITER_CACHE": str(cache)}, timeout=10)
        assert done.returncode == 2
        refused(done.stderr)
    assert intact(decoys, before)
    assert stat.S_ISFIFO(os.stat(work / "fifo.yaml").st_mode)
    rulebook.load.cache_clear()


def test_the_guarded_reader_is_the_only_way_files_are_read() -> None:
    """Every module reads files through arbiter.reader; a new input must join it.

    A read of the project's own shipped data (the phrasebook) says so on its line. os.open
    is left to the modules that must control how a file is opened: the reader itself, the
    cache, and the cli sending output to /dev/null after a closed pipe."""
    import re

    package = Path(rulebook.__file__).parent
    reads = re.compile(r"(?<![\w.])open\(|\.read_bytes\(|\.read_text\(|\bio\.open\(")
    offenders = []
    for source in sorted(package.rglob("*.py")):
        if source.name == "reader.py":
            continue
        for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
            if reads.search(line) and not line.rstrip().endswith("# reader: our own shipped data"):
                offenders.append(f"{source.name}:{number}: {line.strip()}")
    assert offenders == [], offenders



def test_a_failed_write_is_one_line_not_hidden_by_the_rollback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk (as root cannot be shown a read-only file): the write fails, the rollback
    after it must not hide why, and the ledger keeps what it had."""
    from arbiter import ledger as ledger_module

    path = tmp_path / "l.sqlite"
    assert run("score", "--makers", "NS", "--tricks", "3", "--record", "--ledger", str(path))[0] == 0

    def full(*_: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(ledger_module, "_insert", full)
    code, _, err = run("score", "--makers", "NS", "--tricks", "3", "--record", "--ledger", str(path))
    assert code == 2
    refused(err)
    assert "cannot be written" in err and "disk is full" in err
    monkeypatch.undo()
    code, out, _ = run("score", "--ledger", str(path), "--json")
    assert json.loads(out)["points"] == {"NS": 1, "EW": 0}
