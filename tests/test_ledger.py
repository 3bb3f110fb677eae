"""The score sheet in SQLite (issue 15): tables, an append-only record, replay, the dealer, the
rules a table keeps, old ledgers brought in, many processes at once, and a kill mid-write.

Expected scores are reasoned from the laws: a point 1 and a march 2 (Law 2), a lone march 4
(Law 3), five points a game (Law 2), a love game counts 2 (Law 7), the rubber is two games of
three (Law 1) and worth 2 more (Law 7)."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.ledger import Ledger, LedgerError, Setup, default_path, replay
from arbiter.model import InputError, Side
from arbiter.rulebook import load
from arbiter.score import Award, Rubber, Rules

NS, EW = Side.NS, Side.EW
BOOK = load()
ROOT = Path(__file__).resolve().parent.parent


def test_entries_replay_into_the_rubber(tmp_path: Path) -> None:
    led = Ledger(tmp_path / "t.sqlite", BOOK)
    led.add("hand", "NS march", [Award(NS, 2, 2)])
    led.add("hand", "EW point, NS revoke", [Award(EW, 1, 2), Award(NS, 3, 63)])  # the revoke is scored first
    entry, state = led.add("points", "NS +1", [Award(NS, 1, None)])
    assert entry.id == 3 and entry.table == "main"
    # 2, then the revoke's 3 makes 5-0 (a love game) before EW's point, which opens game 2.
    assert [g.winner for g in state.rubber.finished] == [NS]
    assert state.rubber.finished[0].value == 2
    assert state.rubber.points == {NS: 1, EW: 1}
    assert [s.entry.id for s in state.steps] == [1, 2, 3]
    assert state.steps[1].won[0].number == 1


# -- append-only --


def test_undo_adds_a_reversing_entry_and_deletes_nothing(tmp_path: Path) -> None:
    led = Ledger(tmp_path / "t.sqlite", BOOK)
    with pytest.raises(LedgerError, match="no ledger yet"):  # a mistyped --ledger creates nothing
        led.undo()
    assert not led.path.exists()
    led.add("points", "NS +2", [Award(NS, 2)])
    led.add("points", "EW +1", [Award(EW, 1)])
    taken, undo, state = led.undo()
    assert taken.id == 2 and taken.undone_by == undo.id == 3 and undo.undoes == 2
    assert [(a.side, a.points) for a in undo.awards] == [(EW, -1)]  # the reverse of what it takes back
    assert state.rubber.points == {NS: 2, EW: 0}
    entry, state = led.add("points", "EW +3", [Award(EW, 3)])
    assert entry.id == 4  # numbers are never reused
    every = led.entries()
    assert [e.id for e in every] == [1, 2, 3, 4]
    assert [e.undone_by for e in every] == [None, 3, None, None]
    assert state.rubber.points == {NS: 2, EW: 3}
    # A second undo takes back the last entry still standing, then the one before the first undo.
    led.undo()
    taken, _, state = led.undo()
    assert taken.id == 1 and state.rubber.points == {NS: 0, EW: 0}
    with pytest.raises(LedgerError, match="nothing to undo"):
        led.undo()
    assert len(led.entries()) == 6


def test_the_file_itself_refuses_to_delete_or_change_an_entry(tmp_path: Path) -> None:
    led = Ledger(tmp_path / "t.sqlite", BOOK)
    led.add("points", "NS +2", [Award(NS, 2)])
    con = sqlite3.connect(led.path)
    for statement in ("DELETE FROM entries", "UPDATE entries SET awards = '[]'", "DELETE FROM tables"):
        with pytest.raises(sqlite3.IntegrityError, match="never"):
            con.execute(statement)
    con.close()


def test_undoing_a_new_rubber_returns_to_the_one_before(tmp_path: Path) -> None:
    led = Ledger(tmp_path / "t.sqlite", BOOK)
    assert led.new_rubber() == (1, None)  # nothing scored: rubber 1 serves
    led.add("points", "NS +2", [Award(NS, 2)])
    number, ended = led.new_rubber()
    assert number == 2 and ended is not None and ended.rubber.points == {NS: 2, EW: 0}
    assert led.new_rubber()[0] == 2  # an empty rubber serves; no third one
    taken, _, state = led.undo()
    assert taken.kind == "new" and state.rubber_id == 1 and state.rubber.points == {NS: 2, EW: 0}


def test_a_hand_after_the_rubber_ends_begins_the_next_but_points_by_hand_do_not(tmp_path: Path) -> None:
    led = Ledger(tmp_path / "t.sqlite", BOOK)
    for _ in range(3):
        _, state = led.add("hand", "NS +5", [Award(NS, 5)])
    # Three love games (2 each, Law 7) and the rubber's 2.
    assert state.rubber.over and state.rubber.rubber_points() == {NS: 2 * 3 + 2, EW: 0}
    with pytest.raises(LedgerError, match="over"):
        led.add("points", "EW +1", [Award(EW, 1)])
    entry, state = led.add("hand", "EW point", [Award(EW, 1, 2)])
    assert entry.rubber == 2 and state.rubber_id == 2 and state.rubber.points == {NS: 0, EW: 1}
    assert led.rubbers() == [1, 2]


def test_a_correction_below_nothing_is_refused_and_not_written(tmp_path: Path) -> None:
    led = Ledger(tmp_path / "t.sqlite", BOOK)
    led.add("points", "NS +1", [Award(NS, 1)])
    with pytest.raises(InputError, match="cannot take"):
        led.add_points(["NS=-2"])
    assert len(led.entries()) == 1
    entry, state = led.add_points(["NS=-1"])
    assert entry.why == "correction (Law 5)" and entry.awards[0].law == 5
    assert state.rubber.points == {NS: 0, EW: 0}


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


@pytest.mark.parametrize("place", ["/dev/null", "folder", "fifo"])
def test_the_ledger_is_a_regular_file_or_none(tmp_path: Path, place: str) -> None:
    import os

    path = Path(place) if place.startswith("/") else tmp_path / place
    if place == "folder":
        path.mkdir()
    elif place == "fifo":
        os.mkfifo(path)
    with pytest.raises(InputError, match="folder|not a regular file"):
        Ledger(path, BOOK).add("points", "x", [Award(NS, 1)])
    fresh = tmp_path / "fresh.sqlite"
    Ledger(fresh, BOOK).add("points", "x", [Award(NS, 1)])
    assert fresh.is_file()


# -- where the ledger lives --


def test_the_default_ledger_is_in_the_user_s_data_folder_never_the_current_one(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "arbiter" / "ledger.sqlite"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # the XDG rule: ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / ".local" / "share" / "arbiter" / "ledger.sqlite"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_path() == tmp_path / "home" / ".local" / "share" / "arbiter" / "ledger.sqlite"
    monkeypatch.setenv("ARBITER_LEDGER", str(tmp_path / "club.sqlite"))
    assert default_path() == tmp_path / "club.sqlite"
    monkeypatch.delenv("ARBITER_LEDGER")
    Ledger().add("points", "x", [Award(NS, 1)])
    assert (tmp_path / "home" / ".local" / "share" / "arbiter" / "ledger.sqlite").is_file()
    assert [p.name for p in tmp_path.iterdir()] == ["home"]  # nothing in the current folder


# -- tables --


def test_tables_keep_their_own_score(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    Ledger(path, BOOK, "one").add("hand", "NS march", [Award(NS, 2, 2)])
    Ledger(path, BOOK, "two").add("hand", "EW point", [Award(EW, 1, 2)])
    assert Ledger(path, BOOK, "one").state().rubber.points == {NS: 2, EW: 0}
    assert Ledger(path, BOOK, "two").state().rubber.points == {NS: 0, EW: 1}
    assert [t.name for t in Ledger(path, BOOK).tables()] == ["one", "two"]
    with pytest.raises(LedgerError, match="no table 'three'"):
        Ledger(path, BOOK, "three").state()


def test_without_a_name_two_tables_in_play_are_asked_about_or_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    assert Ledger(path, BOOK).choose() == "main"  # a new ledger
    Ledger(path, BOOK, "one").add("hand", "NS march", [Award(NS, 2, 2)])
    assert Ledger(path, BOOK).choose() == "one"  # the only table
    Ledger(path, BOOK, "two").add("hand", "EW point", [Award(EW, 1, 2)])
    with pytest.raises(LedgerError, match="2 tables have a rubber in progress: one, two; give --table"):
        Ledger(path, BOOK).choose()
    asked: list[list[str]] = []
    assert Ledger(path, BOOK).choose(lambda pool: asked.append(pool) or "two") == "two"
    assert asked == [["one", "two"]]
    with pytest.raises(LedgerError):
        Ledger(path, BOOK).choose(lambda pool: "nine")  # an answer that names no table
    # Table one's rubber ends (2 then 5s: games 1-3 each lap 2, so game 4 is played, Law 1): only two is
    # in play, and is chosen without a question.
    for _ in range(4):
        Ledger(path, BOOK, "one").add("hand", "NS", [Award(NS, 5, 2)])
    assert Ledger(path, BOOK).choose() == "two"


def test_a_table_keeps_the_rules_it_was_opened_with(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    Ledger(path, BOOK, "one").add("hand", "NS march", [Award(NS, 2, 2)])
    table = Ledger(path, BOOK).tables()[0]
    assert (table.ruleset, table.house, table.players) == ("somerset-1888", {}, 4)
    for setup in (Setup(ruleset="manual-1890s"), Setup(house={"game": 10}), Setup(players=2)):
        with pytest.raises(LedgerError, match="keeps the rules it was opened with"):
            Ledger(path, BOOK, "one", setup).state()
    assert Ledger(path, BOOK, "one", Setup(ruleset="somerset-1888", house={}, players=4)).state().rubber_id == 1
    with pytest.raises(InputError, match="unknown ruleset"):  # never opened under a ruleset that is not shipped
        Ledger(path, BOOK, "new", Setup(ruleset="../x")).add("hand", "x", [Award(NS, 1)])
    assert [t.name for t in Ledger(path, BOOK).tables()] == ["one"]


# -- the dealer and the seats --


def test_the_deal_passes_to_the_left_and_a_new_rubber_is_cut_for(tmp_path: Path) -> None:
    led = Ledger(tmp_path / "t.sqlite", BOOK)
    entry, state = led.add("hand", "NS point", [Award(NS, 1, 2)])
    assert entry.dealer is None and state.next_dealer is None  # never said
    entry, state = led.add("hand", "NS point", [Award(NS, 1, 2)], dealer="S")
    assert state.next_dealer == "W"  # the player on the dealer's left deals next
    entry, state = led.add("hand", "EW point", [Award(EW, 1, 2)])
    assert entry.dealer == "W" and state.next_dealer == "N"
    led.undo()
    assert led.state().next_dealer == "W"
    _, state = led.seat({"N": "Ann", "E": "Bob"}, "E")
    assert state.seats == {"N": "Ann", "E": "Bob"} and state.next_dealer == "E"
    _, state = led.add("hand", "NS march", [Award(NS, 3, 2)])  # NS reach five: game 1 (not the rubber)
    assert state.steps[-1].entry.dealer == "E" and state.next_dealer == "S"
    assert led.seat({"N": "Ann"}, None)[0] is None  # nothing new: nothing written
    led.new_rubber()
    assert led.state().next_dealer is None  # Law 11: a rubber begins with a cut


# -- the figures a table's rules give --


def test_a_table_under_single_games_never_ends_its_rubber(tmp_path: Path) -> None:
    single = BOOK.with_numbers({1: {"rubber": False}})
    led = Ledger(tmp_path / "t.sqlite", single)
    for _ in range(4):
        _, state = led.add("hand", "NS +5", [Award(NS, 5, 2)])
    assert not state.rubber.over and state.rubber.won_by is None and state.rubber.games == {NS: 4, EW: 0}
    assert state.rubber_dict()["single_games"] is True and state.rubber_dict()["rubber_won_by"] is None


def test_a_table_of_fixed_deals_counts_hands_not_rulings(tmp_path: Path) -> None:
    tournament = BOOK.with_numbers({1: {"hands_per_game": 2}})
    led = Ledger(tmp_path / "t.sqlite", tournament)
    _, state = led.add("hand", "NS march", [Award(NS, 2, 2)])
    assert state.steps[-1].won == ()
    _, state = led.add("ruling", "revoke by NS", [Award(EW, 3, 63)])
    assert state.steps[-1].won == ()  # had the ruling been a deal, EW would have won 3-2 here
    _, state = led.add("hand", "NS march", [Award(NS, 2, 2)])
    [game] = state.steps[-1].won
    assert game.winner is NS and game.points == {NS: 4, EW: 3}  # won on points after two deals, short of five
    assert state.rubber.games == {NS: 1, EW: 0} and state.rubber.points == {NS: 0, EW: 0}


# -- old ledgers --

OLD_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE rubbers (id INTEGER PRIMARY KEY, started TEXT NOT NULL, ruleset TEXT NOT NULL);
CREATE TABLE entries (id INTEGER PRIMARY KEY, rubber INTEGER NOT NULL REFERENCES rubbers(id), at TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('hand', 'ruling', 'points')), what TEXT NOT NULL, awards TEXT NOT NULL,
    detail TEXT NOT NULL);
CREATE INDEX entries_by_rubber ON entries (rubber, id);
INSERT INTO meta VALUES ('format', 'arbiter-ledger 1');
INSERT INTO rubbers VALUES (1, '2025-01-01T20:00:00+00:00', 'somerset-1888');
INSERT INTO rubbers VALUES (2, '2025-01-01T21:00:00+00:00', 'somerset-1888');
INSERT INTO entries VALUES (1, 1, '2025-01-01T20:01:00+00:00', 'hand', 'NS march', '[{"side": "NS", "points": 5, "law": 2}]', '{}');
INSERT INTO entries VALUES (2, 1, '2025-01-01T20:02:00+00:00', 'hand', 'NS march', '[{"side": "NS", "points": 5, "law": 2}]', '{}');
INSERT INTO entries VALUES (3, 2, '2025-01-01T21:01:00+00:00', 'points', 'EW +3 (Law 63)', '[{"side": "EW", "points": 3, "law": 63}]', '{"law": 63}');
"""


def _old_ledger(path: Path) -> Path:
    con = sqlite3.connect(path)
    con.executescript(OLD_SCHEMA)
    con.commit()
    con.close()
    return path


def test_a_ledger_of_the_first_format_is_brought_up_in_place(tmp_path: Path) -> None:
    path = _old_ledger(tmp_path / "old.sqlite")
    led = Ledger(path, BOOK)
    state = led.state()
    assert state.table.name == "main" and state.rubber_id == 2 and state.rubber.points == {NS: 0, EW: 3}
    table, states, every = led.history()
    assert [s.rubber.games for s in states] == [{NS: 2, EW: 0}, {NS: 0, EW: 0}]
    assert [e.kind for e in every] == ["hand", "hand", "new", "points"]
    con = sqlite3.connect(path)
    assert con.execute("SELECT COUNT(*) FROM v1_entries").fetchone()[0] == 3  # the old rows are kept
    con.close()


def test_an_old_ledger_is_brought_in_as_a_table(tmp_path: Path) -> None:
    old = _old_ledger(tmp_path / "tuesday.sqlite")
    led = Ledger(tmp_path / "club.sqlite", BOOK)
    led.add("hand", "NS point", [Award(NS, 1, 2)])
    table, count = Ledger(led.path, BOOK).bring_in(old)
    assert table.name == "tuesday" and count == 3
    assert Ledger(led.path, BOOK, "tuesday").state().rubber.points == {NS: 0, EW: 3}
    assert Ledger(led.path, BOOK, "main").state().rubber.points == {NS: 1, EW: 0}
    with pytest.raises(LedgerError, match="already"):
        Ledger(led.path, BOOK).bring_in(old)
    with pytest.raises(LedgerError, match="first format"):
        Ledger(tmp_path / "other.sqlite", BOOK).bring_in(led.path)
    assert sqlite3.connect(old).execute("SELECT value FROM meta").fetchone()[0] == "arbiter-ledger 1"  # untouched


# -- any sequence of entries and undos --


def _standing_score(ops: list[tuple[str, list[Award]]]) -> Rubber:
    """The model: rubbers as lists of what stands, kept apart from the ledger's code; returns the last."""
    rubbers: list[list[tuple[str, list[Award]]]] = [[]]
    for kind, awards in ops:
        if kind == "undo":
            if rubbers[-1]:
                rubbers[-1].pop()
            if not rubbers[-1] and len(rubbers) > 1:
                rubbers.pop()
            continue
        current = _score_of(rubbers[-1])
        if kind == "new":
            if any(k != "new" for k, _ in rubbers[-1]):
                rubbers.append([("new", [])])
            continue
        if current.over:
            if kind == "points":
                continue  # refused
            rubbers.append([])
            current = Rubber(Rules.of(BOOK))
        try:
            current.copy().score(BOOK, awards, deal=kind == "hand")
        except InputError:
            continue  # refused
        rubbers[-1].append((kind, awards))
    return _score_of(rubbers[-1])


def _score_of(items: list[tuple[str, list[Award]]]) -> Rubber:
    r = Rubber(Rules.of(BOOK))
    for kind, awards in items:
        r.score(BOOK, awards, deal=kind == "hand")
    return r


def _random_op(rng: random.Random) -> tuple[str, list[Award]]:
    roll = rng.random()
    side = rng.choice([NS, EW])
    if roll < 0.25:
        return "undo", []
    if roll < 0.3:
        return "new", []
    if roll < 0.4:
        return "points", [Award(side, rng.choice([-2, -1, 1, 3]), None)]
    return "hand", [Award(side, rng.choice([1, 1, 2, 2, 4]), 2)] + ([Award(side.other, 3, 63)] if roll > 0.95 else [])


@pytest.mark.parametrize("seed", range(12))
def test_any_sequence_of_entries_and_undos_scores_what_is_left_standing(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    ops = [_random_op(rng) for _ in range(60)]
    led = Ledger(tmp_path / "t.sqlite", BOOK)
    for kind, awards in ops:
        try:
            if kind == "undo":
                led.undo()
            elif kind == "new":
                led.new_rubber()
            else:
                led.add(kind, kind, awards)
        except InputError:
            pass  # refused, as the model refuses it
    assert led.state().rubber.as_dict() == _standing_score(ops).as_dict()
    every = led.entries(None)
    assert [e.id for e in every] == list(range(1, len(every) + 1))  # nothing removed, nothing reused


# -- several processes --


def _check_file(path: Path) -> list[int]:
    """The file passes SQLite's integrity check and every table's rubbers replay; the entry ids."""
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    if con.execute("SELECT 1 FROM sqlite_master WHERE name = 'entries'").fetchone() is None:
        return []  # killed before the first write was committed: an empty file, which a ledger may begin in
    ids = [row[0] for row in con.execute("SELECT id FROM entries ORDER BY id")]
    con.close()
    for table in Ledger(path, BOOK).tables():
        Ledger(path, BOOK, table.name).history()  # raises if any entry is damaged or out of the rules
    return ids


WRITER = r"""
import sys, time
from arbiter import ledger as L
from arbiter.model import Side
from arbiter.score import Award
path, table, stop_after = sys.argv[1], sys.argv[2], int(sys.argv[3])
if stop_after:
    original = L._insert
    def held(con, *args, **kw):
        entry = original(con, *args, **kw)   # the row is written but not committed
        if entry.id > stop_after:
            print("inside", entry.id, flush=True)
            time.sleep(60)                   # hold the transaction open until killed
        return entry
    L._insert = held
led = L.Ledger(path, table=table)
n = 0
while True:
    side = Side.NS if n % 3 else Side.EW
    entry, _ = led.add("hand", f"{table} {side.value} +1", [Award(side, 1, None)])
    print("committed", entry.id, flush=True)
    n += 1
"""


def _writer(path: Path, table: str = "main", stop_after: int = 0) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), table, str(stop_after)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)


def test_a_kill_in_the_middle_of_a_write_loses_nothing_committed_at_any_table(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    Ledger(path, BOOK, "other").add("hand", "other NS +1", [Award(NS, 1)])  # id 1
    child = _writer(path, "main", stop_after=6)
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
    # Another table's writer waits for the lock meanwhile, and goes on once the holder dies.
    waiting = subprocess.Popen([sys.executable, "-c", CONCURRENT, str(path), "3", "other"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=ROOT)
    time.sleep(0.5)
    child.send_signal(signal.SIGKILL)
    child.wait()
    out, err = waiting.communicate(timeout=60)
    assert waiting.returncode == 0, err
    assert inside == 7 and committed == [2, 3, 4, 5, 6]
    ids = _check_file(path)
    main = [e.id for e in Ledger(path, BOOK, "main").entries()]
    assert main == committed  # every committed entry, in order, and not the one cut off
    other = Ledger(path, BOOK, "other").entries()
    assert len(other) == 4 and all(e.what.startswith("other") for e in other)
    assert sorted(ids) == sorted(main + [e.id for e in other])
    entry, _ = Ledger(path, BOOK, "main").add("points", "NS +1", [Award(NS, 1)])  # usable afterwards
    assert entry.id > max(ids)


def test_kills_at_random_moments_leave_a_sound_file(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    committed: set[int] = set()
    for i, delay in enumerate((0.3, 0.45, 0.6, 0.75, 0.9)):
        child = _writer(path, f"t{i % 2}")
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate()
        # whole lines only: the kill may cut the last one short ("committed" with no number yet),
        # which is the same instant as a commit whose line was never printed
        committed |= {int(line.split()[1]) for line in out.splitlines(keepends=True)
                      if line.startswith("committed ") and line.endswith("\n")}
        ids = set(_check_file(path))
        assert committed <= ids  # nothing committed is lost
        committed = ids  # one may be committed in the instant before its line is printed
    assert len(committed) > 0


CONCURRENT = r"""
import sys
from arbiter import ledger as L
from arbiter.model import Side
from arbiter.score import Award
path, n, table = sys.argv[1], int(sys.argv[2]), sys.argv[3]
led = L.Ledger(path, table=table)
for i in range(n):
    side = Side.NS if i % 2 else Side.EW
    entry, _ = led.add("hand", f"{table} {side.value} +1", [Award(side, 1, None)])
    print(entry.id, flush=True)
"""


def test_processes_at_several_tables_at_once_lose_nothing_and_mix_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    n = 30
    tables = ["a", "b", "c", "a", "b", "c"]  # two processes at each table
    children = [subprocess.Popen([sys.executable, "-c", CONCURRENT, str(path), str(n), t], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, cwd=ROOT) for t in tables]
    reported: dict[str, list[int]] = {t: [] for t in tables}
    for t, child in zip(tables, children):
        out, err = child.communicate(timeout=180)
        assert child.returncode == 0, err
        reported[t] += [int(x) for x in out.split()]
    assert sorted(sum(reported.values(), [])) == _check_file(path)
    for t in ("a", "b", "c"):
        entries = Ledger(path, BOOK, t).entries()
        assert sorted(e.id for e in entries) == sorted(reported[t])
        assert all(e.what.startswith(f"{t} ") for e in entries)  # no entry of another table
        table, states, _ = Ledger(path, BOOK, t).history()
        assert sum(len(s.steps) for s in states) == 2 * n


def test_replay_agrees_with_scoring_directly(tmp_path: Path) -> None:
    led = Ledger(tmp_path / "t.sqlite", BOOK)
    batches = [[Award(NS, 2, 2)], [Award(EW, 4, 3)], [Award(NS, 1, 2), Award(EW, 3, 63)], [Award(NS, 4, 3)]]
    direct = Rubber(Rules.of(BOOK))
    for b in batches:
        led.add("hand", "x", b)
        direct.score(BOOK, b, deal=True)
    assert led.state().rubber.as_dict() == direct.as_dict()
    assert replay(BOOK, [s.entry for s in led.state().steps])[0].as_dict() == direct.as_dict()


# -- the command line --

runner = CliRunner()


def _run(args: list[str]):
    return runner.invoke(app, ["score", *args])


def test_the_short_form_records_a_hand_in_one_or_two_lines(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = _run(["NS", "4"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.strip().splitlines()
    assert len(lines) <= 2 and lines[0].startswith("#1 NS point") and "NS 1 – EW 0" in lines[-1]
    assert "Law 2" in lines[0] and "A game consists of five points" not in out.stdout  # Law 2 cited, not quoted
    out = _run(["NS", "alone", "5", "--dealer", "E"])
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 2 and "Game 2: NS 0 – EW 0" in lines[1]
    assert "NS won game 1" in lines[1] and "S deals next" in lines[1]  # 1 + 4 = 5: game; E dealt, S is next
    out = _run(["EW", "2", "--json"])
    data = json.loads(out.stdout)
    assert data["score"]["adjustment"] == {"NS": 2, "EW": 0}  # makers euchred: the adversaries score 2 (Law 2)
    assert data["ledger"]["entry"]["dealer"] == "S" and data["ledger"]["next_dealer"] == "W"
    assert list(tmp_path.iterdir()) == []  # nothing in the current folder
    for bad in (["NS"], ["NS", "4", "5"], ["XY", "4"], ["NS", "9"]):
        assert _run(bad).exit_code == 2, bad


def test_the_long_flags_keep_working(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("ARBITER_LEDGER", str(tmp_path / "l.sqlite"))
    out = _run(["--makers", "NS", "--tricks", "5", "--record", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["ledger"]["entry"]["id"] == 1
    out = _run(["--makers", "EW", "--tricks", "3", "--revoke", "EW", "--record", "--json"])
    data = json.loads(out.stdout)
    assert data["score"]["after"]["game_won_by"] == "NS"  # 2 + 3 for the revoke, before EW's point (Law 4)
    assert data["ledger"]["points"] == {"NS": 0, "EW": 1}
    out = _run(["--add", "EW=2", "--law", "63", "--json"])
    assert json.loads(out.stdout)["ledger"]["points"] == {"NS": 0, "EW": 3}
    out = _run(["--undo", "--json"])
    assert json.loads(out.stdout)["undone"]["id"] == 3
    assert json.loads(_run(["--json"]).stdout)["points"] == {"NS": 0, "EW": 1}
    hist = json.loads(_run(["--history", "--json"]).stdout)
    assert [(e["id"], e["kind"], e["undone"]) for e in hist["entries"]] == [
        (1, "hand", False), (2, "hand", False), (3, "points", True), (4, "undo", False)]
    assert hist["entries"][2]["undone_by"] == 4 and hist["entries"][3]["undoes"] == 3
    assert [a["law"] for a in hist["entries"][1]["awards"]] == [63, 2]
    out = _run(["--history"])
    assert out.exit_code == 0 and "NS march" in out.stdout and "undone" in out.stdout


def test_a_hand_without_record_scores_on_the_table_and_says_nothing_was_written(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("ARBITER_LEDGER", str(tmp_path / "l.sqlite"))
    out = _run(["--makers", "NS", "--tricks", "3"])  # no ledger yet: from 0-0, and it says so
    assert out.exit_code == 0 and "Scored from 0-0" in out.stdout
    assert not (tmp_path / "l.sqlite").exists()
    assert _run(["NS", "4"]).exit_code == 0
    assert _run(["NS", "4"]).exit_code == 0
    out = _run(["--makers", "NS", "--tricks", "5"])
    assert out.exit_code == 0, out.output
    assert out.stdout.startswith("Not recorded") and "NS 4 – EW 0" in out.stdout  # 1 + 1 + a march of 2
    assert "Nothing written" in out.stdout
    data = json.loads(_run(["--makers", "NS", "--tricks", "5", "--json"]).stdout)
    assert data["ledger"]["recorded"] is False and data["score"]["before"]["points"] == {"NS": 2, "EW": 0}
    assert len(json.loads(_run(["--history", "--json"]).stdout)["entries"]) == 2


def test_two_tables_in_play_need_a_name(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("ARBITER_LEDGER", str(tmp_path / "l.sqlite"))
    assert _run(["NS", "4", "--table", "one"]).exit_code == 0
    assert _run(["EW", "4", "--table", "two", "--names", "N=Ann,E=Bob,S=Cy,W=Di"]).exit_code == 0
    for args in ([], ["NS", "4"], ["--undo"], ["--history"]):
        out = _run(args)
        assert out.exit_code == 2 and "one, two" in out.stderr and "--table" in out.stderr, args
        assert len(out.stderr.strip().splitlines()) == 1
    out = _run(["--table", "two"])
    assert out.exit_code == 0 and "Ann & Cy" in out.stdout and "Bob & Di" in out.stdout
    assert _run(["--table", "one", "--ruleset", "manual-1890s"]).exit_code == 2


def test_a_hand_for_a_table_not_yet_in_the_ledger_says_it_opened_one(tmp_path: Path, monkeypatch) -> None:
    # A mistyped --table must not be a silent new table: the hand says which table it opened.
    monkeypatch.setenv("ARBITER_LEDGER", str(tmp_path / "l.sqlite"))
    out = _run(["NS", "4", "--table", "club"])
    assert out.exit_code == 0 and "Opened a new table" not in out.stdout  # the first table: nothing beside it
    out = _run(["NS", "4", "--table", "clubb"])
    assert out.exit_code == 0 and "Opened a new table 'clubb'; the ledger also has club." in out.stdout
    out = _run(["NS", "4", "--table", "clubb"])
    assert out.exit_code == 0 and "Opened a new table" not in out.stdout


def test_rule_record_goes_to_the_named_table(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("ARBITER_LEDGER", str(tmp_path / "l.sqlite"))
    assert _run(["NS", "4", "--table", "one"]).exit_code == 0
    assert _run(["NS", "4", "--table", "two"]).exit_code == 0
    out = runner.invoke(app, ["rule", "revoke", "--offender", "E", "--record", "--table", "two", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["ledger"]["points"] == {"NS": 4, "EW": 0}  # 1 + the revoke's 3 (Law 63)
    assert json.loads(_run(["--table", "one", "--json"]).stdout)["points"] == {"NS": 1, "EW": 0}


def test_report_and_exports(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("ARBITER_LEDGER", str(tmp_path / "l.sqlite"))
    _run(["--table", "one", "--names", "N=Ann,E=Bob,S=Cy,W=Di"])
    for _ in range(2):
        assert _run(["NS", "alone", "5", "--table", "one"]).exit_code == 0  # 4 + 4: game 1 (4-0... 8-0)
    assert _run(["EW", "4", "--table", "two"]).exit_code == 0
    assert _run(["--undo", "--table", "two"]).exit_code == 0
    report = json.loads(_run(["--report", "--json"]).stdout)
    one = next(t for t in report["tables"] if t["table"] == "one")
    assert one["total"] == {"NS": 2, "EW": 0}  # game 1 a love game, 8-0: counts 2 (Law 7)
    assert report["players"]["Ann"] == 2 and report["players"]["Bob"] == 0
    text = _run(["--report"]).stdout
    assert "Table one" in text and "Ann" in text
    data = json.loads(_run(["--export", "json"]).stdout)
    assert [t["table"]["name"] for t in data["tables"]] == ["one", "two"]
    two = data["tables"][1]["entries"]
    assert [(e["kind"], e["undone"]) for e in two] == [("hand", True), ("undo", False)]
    rows = _run(["--export", "csv"]).stdout.strip().splitlines()
    assert rows[0].startswith("table,rubber,id,at,kind") and len(rows) == 1 + 5
    assert _run(["--export", "xml"]).exit_code == 2


def test_import_brings_in_an_old_ledger(tmp_path: Path, monkeypatch) -> None:
    old = _old_ledger(tmp_path / "tuesday.sqlite")
    out = _run(["--import", str(old), "--table", "tue"])
    assert out.exit_code == 0, out.output
    assert json.loads(_run(["--table", "tue", "--json"]).stdout)["points"] == {"NS": 0, "EW": 3}


def test_score_without_a_ledger_says_so_and_writes_nothing(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert _run([]).exit_code == 2
    assert _run(["--history"]).exit_code == 2
    assert list(tmp_path.iterdir()) == []


def test_a_refused_hand_leaves_no_ledger_file_behind(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("ARBITER_LEDGER", str(tmp_path / "l.sqlite"))
    assert _run(["--makers", "NS", "--tricks", "7", "--record"]).exit_code == 2
    assert _run(["NS", "7"]).exit_code == 2
    assert _run(["--ruling", str(tmp_path / "missing.yaml")]).exit_code == 2
    assert list(tmp_path.iterdir()) == []
