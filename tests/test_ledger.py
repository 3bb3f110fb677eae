"""The running score in SQLite: replay, history, undo, a kill in the middle of a write, two writers at once."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.ledger import Ledger, LedgerError, replay
from arbiter.model import InputError, Side
from arbiter.rulebook import load
from arbiter.score import Award, Rubber, Rules

NS, EW = Side.NS, Side.EW
BOOK = load()
ROOT = Path(__file__).resolve().parent.parent


def test_entries_replay_into_the_rubber(tmp_path: Path) -> None:
    led = Ledger(tmp_path / "t.sqlite", BOOK)
    led.add("hand", "NS march", [Award(NS, 2, 2)])
    led.add("hand", "EW point, NS revoke", [Award(EW, 1, 2), Award(NS, 3, 63)])  # NS revoke... scored first
    entry, state = led.add("points", "NS +1", [Award(NS, 1, None)])
    assert entry.id == 3
    # 2, then the revoke's 3 makes 5-0 (a love game) before EW's point, which opens game 2.
    assert [g.winner for g in state.rubber.finished] == [NS]
    assert state.rubber.finished[0].value == 2
    assert state.rubber.points == {NS: 1, EW: 1}
    assert [s.entry.id for s in state.steps] == [1, 2, 3]
    assert state.steps[1].won[0].number == 1


def test_undo_deletes_the_last_entry_then_an_empty_new_rubber(tmp_path: Path) -> None:
    led = Ledger(tmp_path / "t.sqlite", BOOK)
    # undo on a ledger that does not exist (a mistyped --ledger) creates nothing
    with pytest.raises(LedgerError, match="no ledger yet"):
        led.undo()
    assert not led.path.exists()
    led.new_rubber()
    with pytest.raises(LedgerError, match="nothing to undo"):
        led.undo()
    led.add("points", "NS +2", [Award(NS, 2)])
    led.add("points", "EW +1", [Award(EW, 1)])
    undone, state = led.undo()
    assert undone is not None and undone.what == "EW +1"
    assert state.rubber.points == {NS: 2, EW: 0}
    number, ended = led.new_rubber()
    assert number == 2 and ended is not None and ended.rubber.points == {NS: 2, EW: 0}
    assert led.new_rubber()[0] == 2  # an empty rubber serves; no second one
    undone, state = led.undo()
    assert undone is None and state.rubber_id == 1
    assert led.rubbers() == [1]


def test_nothing_is_recorded_once_the_rubber_is_over(tmp_path: Path) -> None:
    led = Ledger(tmp_path / "t.sqlite", BOOK)
    for _ in range(3):
        _, state = led.add("points", "NS +5", [Award(NS, 5)])
    assert state.rubber.over and state.rubber.rubber_points() == {NS: 2 * 3 + 2, EW: 0}
    with pytest.raises(LedgerError, match="over"):
        led.add("points", "EW +1", [Award(EW, 1)])
    assert len(led.entries()) == 3
    led.new_rubber()
    _, state = led.add("points", "EW +1", [Award(EW, 1)])
    assert state.rubber_id == 2 and state.rubber.points == {NS: 0, EW: 1}


def test_a_correction_below_nothing_is_refused_and_not_written(tmp_path: Path) -> None:
    led = Ledger(tmp_path / "t.sqlite", BOOK)
    led.add("points", "NS +1", [Award(NS, 1)])
    with pytest.raises(InputError, match="cannot take"):
        led.add("points", "NS -2", [Award(NS, -2, 5)])
    assert len(led.entries()) == 1


def test_reading_a_missing_ledger_creates_nothing(tmp_path: Path) -> None:
    led = Ledger(tmp_path / "none.sqlite", BOOK)
    with pytest.raises(LedgerError, match="no ledger yet"):
        led.state()
    assert not (tmp_path / "none.sqlite").exists()


def test_a_file_that_is_not_a_ledger_is_refused_and_left_alone(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database, just some notes\n" * 20)
    with pytest.raises(LedgerError, match="not an arbiter ledger"):
        Ledger(text, BOOK).add("points", "x", [Award(NS, 1)])
    assert text.read_text().startswith("not a database")
    other = tmp_path / "other.sqlite"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE accounts (id INTEGER)")
    con.commit()
    con.close()
    with pytest.raises(LedgerError, match="not an arbiter ledger"):
        Ledger(other, BOOK).add("points", "x", [Award(NS, 1)])


def _check_file(path: Path) -> list[int]:
    """The file passes SQLite's integrity check and every rubber replays; the entry ids."""
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    ids = [row[0] for row in con.execute("SELECT id FROM entries ORDER BY id")]
    con.close()
    led = Ledger(path, BOOK)
    for rubber in led.rubbers():
        replay(BOOK, led.entries(rubber))  # raises if any entry is damaged or out of the rules
    return ids


WRITER = r"""
import sys, time
from arbiter import ledger as L
from arbiter.model import Side
from arbiter.score import Award
path, stop_after = sys.argv[1], int(sys.argv[2])
if stop_after:
    original = L._insert
    def held(con, *args):
        entry = original(con, *args)       # the row is written but not committed
        if entry.id > stop_after:
            print("inside", entry.id, flush=True)
            time.sleep(60)                 # hold the transaction open until killed
        return entry
    L._insert = held
led = L.Ledger(path)
n = 0
while True:
    side = Side.NS if n % 3 else Side.EW
    try:
        entry, _ = led.add("points", f"{side.value} +1", [Award(side, 1, None)])
    except L.LedgerError:
        led.new_rubber()
        continue
    print("committed", entry.id, flush=True)
    n += 1
"""


def _writer(path: Path, stop_after: int = 0) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(stop_after)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)


def test_a_kill_in_the_middle_of_a_write_loses_nothing_committed(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    child = _writer(path, stop_after=5)
    committed: list[int] = []
    assert child.stdout is not None
    inside = None
    for line in child.stdout:
        word, number = line.split()
        if word == "committed":
            committed.append(int(number))
        else:
            inside = int(number)
            break  # the row is written, the transaction still open
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert inside == 6 and committed == [1, 2, 3, 4, 5]
    assert (tmp_path / "t.sqlite-journal").exists()  # a hot journal: the write was cut off mid-way
    ids = _check_file(path)
    assert ids == committed  # every committed entry, in order, and not the one cut off
    assert inside not in ids
    # The ledger is usable afterwards.
    entry, _ = Ledger(path, BOOK).add("points", "NS +1", [Award(NS, 1)])
    assert entry.id > committed[-1]


def test_kills_at_random_moments_leave_a_sound_file(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    committed: set[int] = set()
    for delay in (0.3, 0.45, 0.6, 0.75, 0.9):
        child = _writer(path)
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate()
        committed |= {int(line.split()[1]) for line in out.splitlines() if line.startswith("committed")}
        ids = set(_check_file(path))
        assert committed <= ids  # nothing committed is lost
        # An entry may be committed in the instant before its line is printed, never more than one per kill.
        committed = ids
    assert len(committed) > 0


CONCURRENT = r"""
import sys
from arbiter import ledger as L
from arbiter.model import Side
from arbiter.score import Award
path, n, side = sys.argv[1], int(sys.argv[2]), Side.parse(sys.argv[3])
led = L.Ledger(path)
done = 0
while done < n:
    try:
        entry, _ = led.add("points", f"{side.value} +1", [Award(side, 1, None)])
    except L.LedgerError as err:
        if "over" not in str(err):
            raise
        led.new_rubber()
        continue
    print(entry.id, flush=True)
    done += 1
"""


def test_processes_writing_at_once_lose_nothing_and_corrupt_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    n = 40
    children = [subprocess.Popen([sys.executable, "-c", CONCURRENT, str(path), str(n), side],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
                for side in ("NS", "EW", "NS", "EW")]
    reported: list[int] = []
    for child in children:
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
        reported += [int(x) for x in out.split()]
    assert len(reported) == len(set(reported)) == 4 * n
    ids = _check_file(path)
    assert sorted(reported) == ids
    # Every rubber replays within the rules: none has points after its end.
    led = Ledger(path, BOOK)
    total = 0
    for rubber in led.rubbers():
        r, steps = replay(BOOK, led.entries(rubber))
        total += len(steps)
    assert total == 4 * n


def test_replay_agrees_with_scoring_directly(tmp_path: Path) -> None:
    led = Ledger(tmp_path / "t.sqlite", BOOK)
    batches = [[Award(NS, 2, 2)], [Award(EW, 4, 3)], [Award(NS, 1, 2), Award(EW, 3, 63)], [Award(NS, 4, 3)]]
    direct = Rubber(Rules.of(BOOK))
    for b in batches:
        led.add("hand", "x", b)
        direct.score(BOOK, b)
    state = led.state()
    assert state.rubber.as_dict() == direct.as_dict()


# -- the command line --

runner = CliRunner()


def _run(args: list[str]):
    return runner.invoke(app, ["score", *args])


def test_score_records_shows_history_and_undoes(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARBITER_LEDGER", raising=False)
    out = _run(["--makers", "NS", "--tricks", "5", "--record", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["kind"] == "hand_result" and data["ledger"]["entry"]["id"] == 1
    assert (tmp_path / "arbiter-score.sqlite").exists()
    out = _run(["--makers", "EW", "--tricks", "3", "--revoke", "EW", "--record", "--json"])
    data = json.loads(out.stdout)
    assert data["score"]["after"]["game_won_by"] == "NS"  # 2 + 3 for the revoke, before EW's point
    assert data["ledger"]["points"] == {"NS": 0, "EW": 1}
    out = _run(["--add", "EW=2", "--law", "63", "--json"])
    assert json.loads(out.stdout)["ledger"]["points"] == {"NS": 0, "EW": 3}
    hist = json.loads(_run(["--history", "--json"]).stdout)
    assert [e["id"] for e in hist["entries"]] == [1, 2, 3]
    assert [a["law"] for a in hist["entries"][1]["awards"]] == [63, 2]
    out = _run(["--undo", "--json"])
    assert json.loads(out.stdout)["undone"]["id"] == 3
    assert json.loads(_run(["--json"]).stdout)["points"] == {"NS": 0, "EW": 1}
    out = _run(["--history"])
    assert out.exit_code == 0 and "NS march" in out.stdout


def test_score_records_a_ruling_at_the_ledger_s_score(tmp_path: Path, monkeypatch) -> None:
    ledger = tmp_path / "table.sqlite"
    monkeypatch.setenv("ARBITER_LEDGER", str(ledger))
    case = tmp_path / "revoke.yaml"
    case.write_text("title: a hand\nscore: {NS: 1, EW: 1}\nincident: {kind: hand_result, makers: EW, tricks: 5}\n")
    assert _run(["--add", "NS=4"]).exit_code == 0
    out = _run(["--ruling", str(case), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["score"]["before"]["points"] == {"NS": 4, "EW": 0}  # the ledger's score, not the file's
    assert data["ledger"]["entry"]["kind"] == "ruling"
    assert data["ledger"]["points"] == {"NS": 4, "EW": 2}


def test_score_without_a_ledger_says_so(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARBITER_LEDGER", raising=False)
    out = _run([])
    assert out.exit_code == 2
    assert list(tmp_path.iterdir()) == []


def test_score_refuses_a_hand_once_the_rubber_is_over(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("ARBITER_LEDGER", str(tmp_path / "t.sqlite"))
    for _ in range(3):
        assert _run(["--add", "NS=5"]).exit_code == 0
    out = _run(["--makers", "NS", "--tricks", "5"])
    assert out.exit_code == 2
    assert _run(["--new"]).exit_code == 0
    assert _run(["--makers", "NS", "--tricks", "5"]).exit_code == 0


def test_a_refused_hand_leaves_no_ledger_file_behind(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARBITER_LEDGER", raising=False)
    assert _run(["--makers", "NS", "--tricks", "7", "--record"]).exit_code == 2
    assert _run(["--ruling", str(tmp_path / "missing.yaml")]).exit_code == 2
    assert _run(["--add", "NS=x"]).exit_code == 2
    assert list(tmp_path.iterdir()) == []
