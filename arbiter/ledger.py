"""A table's running score, kept in a local SQLite file (the standard library's sqlite3).

The entries are the record: each hand, ruling or correction is one row holding the points it
awarded, with their laws. The score is never stored; it is found by replaying the rubber's
entries through `arbiter.score.Rubber`, so undoing is deleting the last row, and a row
either exists whole or not at all.

Safety:
- every write is one `BEGIN IMMEDIATE` transaction, which takes the write lock before
  reading, so the check "is the rubber over?" and the insert cannot interleave with another
  process's; a second writer waits (`timeout`) rather than failing;
- the rollback journal with `synchronous=FULL`: a process killed in the middle of a write
  leaves a hot journal that the next connection rolls back, so nothing committed is lost
  and nothing half-written appears;
- a file that is not an arbiter ledger is refused, never written to.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from arbiter.model import InputError, Side, is_whole
from arbiter.reader import check_writable_place, clean, shown
from arbiter.rulebook import Rulebook
from arbiter.rulebook import load as load_rulebook
from arbiter.score import Award, Game, Rubber, Rules, Tally, plain

DEFAULT_PATH = "arbiter-score.sqlite"
ENV = "ARBITER_LEDGER"
FORMAT = "arbiter-ledger 1"
KINDS = ("hand", "ruling", "points")
WAIT_SECONDS = 30.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rubbers (
    id INTEGER PRIMARY KEY,
    started TEXT NOT NULL,
    ruleset TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
    id INTEGER PRIMARY KEY,
    rubber INTEGER NOT NULL REFERENCES rubbers(id),
    at TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('hand', 'ruling', 'points')),
    what TEXT NOT NULL,
    awards TEXT NOT NULL,
    detail TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS entries_by_rubber ON entries (rubber, id);
"""


class LedgerError(InputError):
    """The ledger file cannot be used as asked; the message names the file."""


def default_path() -> Path:
    """The ledger's file: $ARBITER_LEDGER, else arbiter-score.sqlite in the current folder."""
    return Path(os.environ.get(ENV) or DEFAULT_PATH)


@dataclass(frozen=True)
class Entry:
    """One recorded hand, ruling or correction."""

    id: int
    """Its number in the file, increasing."""
    rubber: int
    """The rubber it belongs to."""
    at: str
    """When it was recorded (UTC, ISO 8601)."""
    kind: str
    """`hand`, `ruling` or `points`."""
    what: str
    """One line for the history."""
    awards: tuple[Award, ...]
    """The points it awarded, with their laws."""
    detail: dict[str, Any] = field(default_factory=dict)
    """The facts behind it: the hand's facts, the case file, the law."""

    def as_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {"id": self.id, "rubber": self.rubber, "at": self.at, "kind": self.kind, "what": self.what,
                "awards": [a.as_dict() for a in self.awards], "detail": self.detail}


@dataclass(frozen=True)
class Step:
    """An entry and the score just after it."""

    entry: Entry
    """The entry."""
    won: tuple[Game, ...]
    """Games it won."""
    points: Tally
    """Points in the game in play afterwards."""
    games: Tally
    """Games won afterwards."""
    over: bool
    """Whether the rubber was over afterwards."""

    def as_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {**self.entry.as_dict(), "won": [g.as_dict() for g in self.won], "points": plain(self.points),
                "games_won": plain(self.games), "rubber_over": self.over}


@dataclass(frozen=True)
class State:
    """A rubber as the ledger has it."""

    path: str
    """The ledger file."""
    rubber_id: int | None
    """The rubber's number in the file; None before anything is recorded."""
    rubber: Rubber
    """The score, replayed from the entries."""
    steps: tuple[Step, ...]
    """Each entry with the score after it."""

    def as_dict(self) -> dict[str, Any]:
        """Plain data for --json."""
        return {"ledger": self.path, "rubber": self.rubber_id, **self.rubber.as_dict(),
                "entries": [s.as_dict() for s in self.steps]}

    def rubber_dict(self) -> dict[str, Any]:
        """Plain data for --json without the entries: the file, the rubber's number and its score."""
        return {"path": self.path, "rubber": self.rubber_id, **self.rubber.as_dict()}


Builder = Callable[[State], tuple[str, str, Sequence[Award], dict[str, Any], Any]]
"""Makes an entry from the state it will follow: kind, what, awards, detail, and anything to hand back."""


def replay(book: Rulebook, entries: Sequence[Entry]) -> tuple[Rubber, list[Step]]:
    """The rubber's score from its entries, and the score after each."""
    rubber = Rubber(Rules.of(book))
    steps: list[Step] = []
    for e in entries:
        try:
            won = rubber.score(book, e.awards)
        except InputError as err:
            raise LedgerError(f"ledger entry #{e.id} cannot be replayed: {err}") from None
        steps.append(Step(e, tuple(won), rubber.points, dict(rubber.games), rubber.over))
    return rubber, steps


class Ledger:
    """The running score of a table's rubbers, in one SQLite file."""

    def __init__(self, path: str | Path | None = None, book: Rulebook | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._book = book

    def book(self, ruleset: str) -> Rulebook:
        """The rulebook a rubber is scored under."""
        if self._book is not None and self._book.ruleset == ruleset:
            return self._book
        return load_rulebook(ruleset)

    # -- connections --

    def _connect(self, create: bool) -> sqlite3.Connection:
        # Only a regular file, or none yet: never /dev/null, a pipe or a folder.
        if not check_writable_place(self.path, "ledger") and not create:
            raise LedgerError(f"{shown(str(self.path))}: no ledger yet; record a hand with --record to start one")
        try:
            con = sqlite3.connect(self.path, timeout=WAIT_SECONDS, isolation_level=None)
        except sqlite3.Error as err:
            raise LedgerError(f"{shown(str(self.path))}: cannot be opened: {err}") from None
        try:
            con.execute("PRAGMA synchronous=FULL")
            con.execute("PRAGMA foreign_keys=ON")
        except sqlite3.DatabaseError as err:
            con.close()
            raise LedgerError(f"{shown(str(self.path))}: not an arbiter ledger ({err})") from None
        return con

    def _refusal(self, err: sqlite3.Error) -> LedgerError:
        """What a failed statement means for the person at the table, in one line."""
        text = str(err)
        if isinstance(err, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
            return LedgerError(f"{shown(str(self.path))}: {text} (another process holds it; try again)")
        if isinstance(err, sqlite3.OperationalError) or "readonly" in text or "full" in text:
            return LedgerError(f"{shown(str(self.path))}: the ledger cannot be written ({text})")
        return LedgerError(f"{shown(str(self.path))}: not an arbiter ledger ({text})")

    @contextmanager
    def _session(self, write: bool, create: bool | None = None) -> Iterator[sqlite3.Connection]:
        """One transaction: BEGIN IMMEDIATE to write (the lock is taken before reading), BEGIN to read.

        Any SQLite failure (a read-only file, a full disk) becomes one LedgerError naming
        the file; the rollback that follows never hides the error that caused it.
        """
        con = self._connect(create=write if create is None else create)
        try:
            try:
                con.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                self._check(con, write)
            except sqlite3.Error as err:
                _rollback(con)
                raise self._refusal(err) from None
            try:
                yield con
            except sqlite3.Error as err:
                _rollback(con)
                raise self._refusal(err) from None
            except BaseException:
                _rollback(con)
                raise
            try:
                con.execute("COMMIT")
            except sqlite3.Error as err:
                _rollback(con)
                raise self._refusal(err) from None
        finally:
            con.close()

    def _check(self, con: sqlite3.Connection, write: bool) -> None:
        tables = {row[0] for row in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "meta" in tables:
            row = con.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
            if row is None or row[0] != FORMAT:
                raise LedgerError(f"{self.path}: not an arbiter ledger of this version (format {row[0] if row else None!r})")
            return
        if tables:
            raise LedgerError(f"{self.path}: a SQLite file, but not an arbiter ledger; choose another --ledger")
        if not write:
            return
        for statement in _SCHEMA.split(";"):
            if statement.strip():
                con.execute(statement)
        con.execute("INSERT INTO meta (key, value) VALUES ('format', ?)", (FORMAT,))

    # -- reading --

    @staticmethod
    def _current(con: sqlite3.Connection) -> tuple[int, str] | None:
        row = con.execute("SELECT id, ruleset FROM rubbers ORDER BY id DESC LIMIT 1").fetchone()
        return (row[0], row[1]) if row else None

    @staticmethod
    def _entries(con: sqlite3.Connection, rubber: int) -> list[Entry]:
        rows = con.execute(
            "SELECT id, rubber, at, kind, what, awards, detail FROM entries WHERE rubber = ? ORDER BY id", (rubber,)
        ).fetchall()
        return [_row_entry(row) for row in rows]

    def _state(self, con: sqlite3.Connection, default_ruleset: str) -> State:
        current = self._current(con) if self._has_tables(con) else None
        if current is None:
            return State(str(self.path), None, Rubber(Rules.of(self.book(default_ruleset))), ())
        rid, ruleset = current
        rubber, steps = replay(self.book(ruleset), self._entries(con, rid))
        return State(str(self.path), rid, rubber, tuple(steps))

    @staticmethod
    def _has_tables(con: sqlite3.Connection) -> bool:
        return con.execute("SELECT 1 FROM sqlite_master WHERE name = 'rubbers'").fetchone() is not None

    def state(self, ruleset: str = "somerset-1888") -> State:
        """The current rubber: its entries and its score."""
        with self._session(write=False) as con:
            return self._state(con, ruleset)

    def rubbers(self) -> list[int]:
        """The numbers of the rubbers in the file."""
        with self._session(write=False) as con:
            if not self._has_tables(con):
                return []
            return [row[0] for row in con.execute("SELECT id FROM rubbers ORDER BY id")]

    def entries(self, rubber: int | None = None) -> list[Entry]:
        """The entries of a rubber (default: the current one)."""
        with self._session(write=False) as con:
            if not self._has_tables(con):
                return []
            if rubber is None:
                current = self._current(con)
                if current is None:
                    return []
                rubber = current[0]
            return self._entries(con, rubber)

    # -- writing --

    def add(self, kind: str, what: str, awards: Sequence[Award], detail: dict[str, Any] | None = None,
            ruleset: str = "somerset-1888") -> tuple[Entry, State]:
        """Record an entry in the current rubber (starting the first if need be); refused once it is over."""
        entry, state, _ = self.record(lambda _state: (kind, what, list(awards), detail or {}, None), ruleset)
        return entry, state

    def record(self, build: Builder, ruleset: str = "somerset-1888") -> tuple[Entry, State, Any]:
        """Record the entry that `build` makes from the current state, all under the write lock.

        `build(state)` returns (kind, what, awards, detail, extra): it sees the score as it
        stands when the lock is held, so a ruling made inside it cannot be stale. Refused
        (nothing written) once the rubber is over, or when the awards cannot be scored.
        """
        with self._session(write=True) as con:
            if self._current(con) is None:
                self._start(con, ruleset)
            state = self._state(con, ruleset)
            assert state.rubber_id is not None
            if state.rubber.over:
                raise LedgerError(f"rubber {state.rubber_id} is over; start a new one with --new")
            kind, what, awards, detail, extra = build(state)
            if kind not in KINDS:
                raise ValueError(f"entry kind {kind!r} is not one of {KINDS}")
            state.rubber.copy().score(self.book(self._current(con)[1]), awards)  # type: ignore[index]
            entry = _insert(con, state.rubber_id, kind, what, awards, detail)
            return entry, self._state(con, ruleset), extra

    def record_case(self, data: dict[str, Any], source: str | None = None) -> tuple[Entry, State, Any, bool]:
        """Rule a hand (`source` None) or a case file's incident at the rubber's score, and record its
        points, all under one lock. Returns the entry, the state after it, the ruling, and whether the
        case's own score or games were set aside for the ledger's."""
        from arbiter.incident import build_case
        from arbiter.ruling import rule

        where = source or "score"

        def build(state: State) -> tuple[str, str, list[Award], dict[str, Any], Any]:
            given = {k: data.get(k) for k in ("score", "games") if data.get(k) is not None}
            position = {"score": plain(state.rubber.points), "games": plain(state.rubber.games)}
            case = build_case({**data, **position}, where)
            ruling = rule(case)
            if source is None:
                facts = {k: v for k, v in data["incident"].items() if k != "kind"}
                what = hand_words(ruling, facts)
                return "hand", what, list(ruling.awards), {"incident": data["incident"]}, (ruling, given)
            what = f"ruling: {case.title or case.kind.replace('_', ' ')}"
            detail = {"case": source, "kind": case.kind, "laws": ruling.laws, "title": case.title}
            return "ruling", what, list(ruling.awards), detail, (ruling, given)

        # Refuse bad input before the file is opened, so that a refusal never leaves an empty ledger behind.
        rule(build_case({**data, "score": None, "games": None}, where))
        entry, state, (ruling, given) = self.record(build)
        return entry, state, ruling, bool(given)

    def add_points(self, items: Sequence[str], law: int | None = None,
                   ruleset: str = "somerset-1888") -> tuple[Entry, State]:
        """Record points given by hand, each as side=points (NS=3; EW=-1 corrects, Law 5), scored under `law`."""
        if law is not None:
            self.book(ruleset).law(law)  # an unknown law is refused here, not recorded
        awards = []
        for item in items:
            side_text, sep, points = item.partition("=")
            if not sep or not is_whole(points.strip(), signed=True):
                raise InputError(f"--add takes side=points, as NS=3 or EW=-1; found {item!r}")
            value = int(points)
            if value == 0:
                raise InputError(f"--add {item}: no points to record")
            awards.append(Award(Side.parse(side_text), value, law))
        law_words = f" (Law {law})" if law is not None else ""
        what = ", ".join(f"{a.side.value} {'+' if a.points > 0 else ''}{a.points}" for a in awards) + law_words
        return self.add("points", what, awards, {"law": law}, ruleset)

    def new_rubber(self, ruleset: str = "somerset-1888") -> tuple[int, State | None]:
        """Start a new rubber; returns its number and the rubber it ends (None if that was empty
        or cannot be replayed: a damaged entry never stops a new rubber)."""
        with self._session(write=True) as con:
            current = self._current(con)
            if current is not None and not _count(con, current[0]):
                return current[0], None  # the current rubber is still empty: it serves
            try:
                before = self._state(con, ruleset) if current is not None else None
            except InputError:
                before = None
            return self._start(con, ruleset), before

    @staticmethod
    def _start(con: sqlite3.Connection, ruleset: str) -> int:
        cur = con.execute("INSERT INTO rubbers (started, ruleset) VALUES (?, ?)", (_now(), ruleset))
        return int(cur.lastrowid or 0)

    def undo(self, ruleset: str = "somerset-1888") -> tuple[Entry | None, State]:
        """Delete the last entry of the current rubber, or the empty rubber a --new began; what was undone.

        Never creates a ledger, and works on a damaged last entry (which it names)."""
        with self._session(write=True, create=False) as con:
            current = self._current(con) if self._has_tables(con) else None
            if current is None:
                raise LedgerError(f"{shown(str(self.path))}: nothing to undo")
            row = con.execute("SELECT id, rubber, at, kind, what, awards, detail FROM entries WHERE rubber = ? "
                              "ORDER BY id DESC LIMIT 1", (current[0],)).fetchone()
            if row is not None:
                try:
                    last = _row_entry(row)
                except LedgerError:
                    last = Entry(row[0], current[0], "", "points", f"damaged entry #{row[0]}", ())
                con.execute("DELETE FROM entries WHERE id = ?", (last.id,))
                return last, self._state(con, ruleset)
            if con.execute("SELECT COUNT(*) FROM rubbers").fetchone()[0] <= 1:
                raise LedgerError(f"{shown(str(self.path))}: nothing to undo")
            con.execute("DELETE FROM rubbers WHERE id = ?", (current[0],))
            return None, self._state(con, ruleset)


def hand_words(ruling: Any, facts: dict[str, Any]) -> str:
    """A hand's entry as the history lists it: the makers, the verdict, the tricks and any penalties."""
    side = facts.get("makers") or facts.get("maker") or "?"
    text = f"{str(side).upper()} {ruling.verdict}"
    if facts.get("tricks") is not None:
        text += f" ({facts['tricks']} trick{'' if facts['tricks'] == 1 else 's'})"
    if facts.get("alone"):
        text += ", alone"
    for key, label in (("revoke_by", "revoke by"), ("wrong_count_by", "wrong card count by"),
                       ("partner_exposed", "partner's cards exposed")):
        if facts.get(key):
            text += f", {label}" + (f" {str(facts[key]).upper()}" if isinstance(facts[key], str) else "")
    return text


def _insert(con: sqlite3.Connection, rubber: int, kind: str, what: str, awards: Sequence[Award],
            detail: dict[str, Any]) -> Entry:
    """One row; split out so that a test can stop a process in the middle of a write."""
    at = _now()
    data = json.dumps([a.as_dict() for a in awards])
    cur = con.execute(
        "INSERT INTO entries (rubber, at, kind, what, awards, detail) VALUES (?, ?, ?, ?, ?, ?)",
        (rubber, at, kind, what, data, json.dumps(detail, ensure_ascii=False)),
    )
    return Entry(int(cur.lastrowid or 0), rubber, at, kind, what, tuple(awards), detail)


def _row_entry(row: Sequence[Any]) -> Entry:
    """An entry from its row; a row that does not parse is named, never half-read."""
    i, r, at, k, w, aw, d = row
    try:
        detail = json.loads(d)
        if not isinstance(detail, dict):
            raise ValueError("its detail is not a mapping")
        return Entry(i, r, clean(at), clean(k), clean(w), tuple(Award.from_dict(a) for a in json.loads(aw)), detail)
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        raise LedgerError(f"ledger entry #{i} is damaged ({shown(err, 80)}); take it back with "
                          "--undo, or start a new rubber with --new") from None


def _count(con: sqlite3.Connection, rubber: int) -> int:
    return int(con.execute("SELECT COUNT(*) FROM entries WHERE rubber = ?", (rubber,)).fetchone()[0])


def _rollback(con: sqlite3.Connection) -> None:
    """Roll back, ignoring a failure: the error that led here is the one to report."""
    try:
        con.execute("ROLLBACK")
    except sqlite3.Error:
        pass


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
