"""A club's score sheet, kept in one SQLite file (the standard library's sqlite3).

One ledger holds named tables. A table keeps the rules it was opened with (ruleset,
house-rules mapping, number of players) and a list of entries: hands, rulings' points,
points given by hand (a Law 5 correction among them), the start of a rubber, who sits where,
and undos. The list only grows: an undo is an entry of its own that names the entry it
reverses, which stays in the file and in the history, struck through. Triggers in the file
refuse a DELETE or UPDATE of an entry, so the promise does not rest on this module alone.

The score is never stored; it is found by replaying the entries left standing (neither
undone nor undos) through `arbiter.score.Rubber`. Undo always takes back the last entry
left standing, so what stands is always a sequence that was valid when it was written, and
each entry's rubber number, fixed when it is written, never changes. Replay therefore reads
only the current rubber's entries, however long the evening.

Safety:
- every write is one `BEGIN IMMEDIATE` transaction, which takes the write lock before
  reading, so the check "is the rubber over?" and the insert cannot interleave with another
  process's, at any table; a second writer waits (`WAIT_SECONDS`) rather than failing;
- the rollback journal with `synchronous=FULL`: a process killed in the middle of a write
  leaves a hot journal that the next connection rolls back, so nothing committed is lost
  and nothing half-written appears;
- the file must be a regular file or absent; a file that is not an arbiter ledger is refused,
  never written to; a ledger of the first format is brought up to this one in a single
  transaction, its old tables kept beside the new (`v1_rubbers`, `v1_entries`).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, NamedTuple

from arbiter.model import InputError, Seat, Side, is_whole
from arbiter.reader import check_writable_place, clean, shown
from arbiter.rulebook import Rulebook
from arbiter.rulebook import load as load_rulebook
from arbiter.score import Award, Game, Rubber, Rules, Tally, plain

ENV = "ARBITER_LEDGER"
FILE_NAME = "ledger.sqlite"
FORMAT = "arbiter-ledger 2"
OLD_FORMAT = "arbiter-ledger 1"
DEFAULT_TABLE = "main"
DEFAULT_RULESET = "somerset-1888"
TWO_HANDED_RULESET = "britannica-1911"  # rulesets.md: `--players 2` implies it
SCORING = ("hand", "ruling", "points")
KINDS = (*SCORING, "new", "seating", "undo")
WAIT_SECONDS = 30.0
NAME_CAP = 40

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE tables (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        opened TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        house TEXT NOT NULL,
        players INTEGER NOT NULL CHECK (players IN (2, 4))
    )""",
    """CREATE TABLE entries (
        id INTEGER PRIMARY KEY,
        tbl INTEGER NOT NULL REFERENCES tables(id),
        rubber INTEGER NOT NULL,
        at TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('hand', 'ruling', 'points', 'new', 'seating', 'undo')),
        what TEXT NOT NULL,
        awards TEXT NOT NULL,
        detail TEXT NOT NULL,
        dealer TEXT,
        undoes INTEGER UNIQUE REFERENCES entries(id)
    )""",
    "CREATE INDEX entries_of_table ON entries (tbl, id)",
    "CREATE INDEX entries_of_rubber ON entries (tbl, rubber, id)",
    "CREATE INDEX seatings ON entries (tbl, id) WHERE kind = 'seating'",
    "CREATE TRIGGER entries_kept BEFORE DELETE ON entries BEGIN SELECT RAISE(ABORT, 'ledger entries are never deleted'); END",
    "CREATE TRIGGER entries_unchanged BEFORE UPDATE ON entries BEGIN SELECT RAISE(ABORT, 'ledger entries are never changed'); END",
    "CREATE TRIGGER tables_kept BEFORE DELETE ON tables BEGIN SELECT RAISE(ABORT, 'ledger tables are never deleted'); END",
)
_COLUMNS = "id, tbl, rubber, at, kind, what, awards, detail, dealer, undoes"


class LedgerError(InputError):
    """The ledger file cannot be used as asked; the message names the file."""


def default_path() -> Path:
    """The ledger's file: $ARBITER_LEDGER, else ledger.sqlite in the user's data folder
    ($XDG_DATA_HOME/arbiter, else ~/.local/share/arbiter); never the current folder."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    base = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):  # the XDG rule: a relative value is ignored
        home = os.path.expanduser("~")
        if not os.path.isabs(home):
            raise LedgerError("no home folder to keep the ledger in: give --ledger PATH or set $ARBITER_LEDGER")
        base = os.path.join(home, ".local", "share")
    return Path(base) / "arbiter" / FILE_NAME


class Setup(NamedTuple):
    """The rules a table is opened with; None: not said (the table's own, or the default)."""

    ruleset: str | None = None
    house: dict[str, Any] | None = None
    """House rules as a mapping with the spec's key names (rulesets.md); {} for none."""
    players: int | None = None


class Table(NamedTuple):
    """A table of the ledger and the rules it was opened with, fixed from then on."""

    id: int
    name: str
    opened: str
    ruleset: str
    house: dict[str, Any]
    players: int

    def as_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {"name": self.name, "opened": self.opened, "ruleset": self.ruleset, "house": self.house,
                "players": self.players}

    def seats(self) -> tuple[str, ...]:
        """The seats in the order the deal passes (to the left)."""
        return ("N", "S") if self.players == 2 else ("N", "E", "S", "W")

    def after(self, dealer: str) -> str:
        """Who deals after `dealer`: the player on his left (two-handed: the other)."""
        order = self.seats()
        return order[(order.index(dealer) + 1) % len(order)] if dealer in order else dealer


class Entry(NamedTuple):
    """One line of the score sheet."""

    id: int
    """Its number in the file, increasing, never reused."""
    table: str
    """The table it belongs to."""
    rubber: int
    """The rubber (or, under single games, the series of games) it belongs to."""
    at: str
    """When it was recorded (UTC, ISO 8601)."""
    kind: str
    """`hand`, `ruling`, `points`, `new` (a rubber begins), `seating` or `undo`."""
    what: str
    """One line for the history."""
    awards: tuple[Award, ...]
    """The points it awarded, with their laws; an undo's are the reverse of the entry it undoes."""
    detail: dict[str, Any]
    """Why: the hand's facts, the case file and its laws, the law of a correction, the seats."""
    dealer: str | None = None
    """The seat that dealt the hand it concerns, where known."""
    undoes: int | None = None
    """For an undo: the entry it takes back."""
    undone_by: int | None = None
    """The undo that took this entry back, if any."""
    undone_at: str | None = None
    """When it was taken back."""

    @property
    def why(self) -> str:
        """What the points rest on: the hand, a ruling's laws, a correction under Law 5."""
        if self.kind == "hand":
            return "hand (Laws 2, 3)"
        if self.kind == "ruling":
            laws = self.detail.get("laws") or []
            return "ruling" + (f" (Law{'s' if len(laws) > 1 else ''} {', '.join(map(str, laws))})" if laws else "")
        if self.kind == "points":
            law = self.detail.get("law")
            if self.detail.get("correction"):
                return "correction (Law 5)"
            return f"points (Law {law})" if law else "points"
        return self.kind

    def as_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {"id": self.id, "table": self.table, "rubber": self.rubber, "at": self.at, "kind": self.kind,
                "what": self.what, "why": self.why, "dealer": self.dealer,
                "awards": [a.as_dict() for a in self.awards], "detail": self.detail, "undoes": self.undoes,
                "undone": self.undone_by is not None, "undone_by": self.undone_by, "undone_at": self.undone_at}


class Step(NamedTuple):
    """An entry left standing and the score just after it."""

    entry: Entry
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


class State(NamedTuple):
    """A table's current rubber as the ledger has it."""

    path: str
    table: Table
    rubber_id: int
    """The rubber's number at this table, from 1."""
    rubber: Rubber
    """The score, replayed from the entries left standing."""
    steps: tuple[Step, ...]
    """Each standing entry of the rubber with the score after it."""
    seats: dict[str, str]
    """Players' names by seat, where given."""
    next_dealer: str | None = None
    """Who deals next; None when not known (a rubber begins with a cut, Law 11)."""

    @property
    def in_progress(self) -> bool:
        """Points have been scored in this rubber and it is not over."""
        return not self.rubber.over and any(s.entry.kind in SCORING for s in self.steps)

    def rubber_dict(self) -> dict[str, Any]:
        """Plain data for --json without the entries."""
        return {"path": self.path, "table": self.table.name, "rules": self.table.as_dict(),
                "single_games": not self.rubber.rules.rubber, "rubber": self.rubber_id, **self.rubber.as_dict(),
                "seats": self.seats, "next_dealer": self.next_dealer}

    def as_dict(self) -> dict[str, Any]:
        """Plain data for --json, with the rubber's standing entries."""
        return {**self.rubber_dict(), "entries": [s.as_dict() for s in self.steps]}


Builder = Callable[[State], tuple[str, str, Sequence[Award], dict[str, Any], Any]]
"""Makes an entry from the state it will follow: kind, what, awards, detail, and anything to hand back."""


def replay(book: Rulebook, entries: Sequence[Entry]) -> tuple[Rubber, list[Step]]:
    """A rubber's score from its standing entries, and the score after each."""
    rubber = Rubber(Rules.of(book))
    steps: list[Step] = []
    for e in entries:
        try:
            won = rubber.score(book, e.awards, deal=e.kind == "hand")
        except InputError as err:
            raise LedgerError(f"ledger entry #{e.id} cannot be replayed: {err}") from None
        steps.append(Step(e, tuple(won), rubber.points, dict(rubber.games), rubber.over))
    return rubber, steps


def table_book(ruleset: str, house: dict[str, Any]) -> Rulebook:
    """The rulebook a table is scored under: its ruleset, with its house rules laid over."""
    book = load_rulebook(ruleset)
    if not house:
        return book
    from arbiter.house import from_mapping

    return from_mapping({**house, "base": house.get("base", ruleset)}, "the table's house rules").apply(book)


def check_name(name: str) -> str:
    """A table's name: printable, one line, at most NAME_CAP characters."""
    text = clean(str(name)).strip()
    if not text or len(text) > NAME_CAP or text != str(name).strip():
        raise InputError(f"table name {shown(name, 60)!r}: give 1 to {NAME_CAP} printable characters")
    return text


def parse_seats(text: str, players: int = 4) -> dict[str, str]:
    """Players by seat from `N=Ann,E=Bob,S=Cy,W=Di` (some seats may be left out)."""
    seats: dict[str, str] = {}
    allowed = ("N", "S") if players == 2 else ("N", "E", "S", "W")
    for part in str(text).split(","):
        seat, sep, name = part.partition("=")
        if not sep:
            raise InputError(f"--names takes seat=name pairs, as N=Ann,E=Bob,S=Cy,W=Di; found {shown(part, 40)!r}")
        key = Seat.parse(seat).value
        if key not in allowed:
            raise InputError(f"--names: seat {key} is not at a table of {players}; seats are {', '.join(allowed)}")
        who = clean(name).strip()
        if not who or len(who) > NAME_CAP:
            raise InputError(f"--names {key}: give a name of 1 to {NAME_CAP} printable characters")
        seats[key] = who
    return seats


class Ledger:
    """The score sheets of a club's tables, in one SQLite file.

    `table` names the table to work on; None lets `choose` find it (the only table, or the
    only one with a rubber in progress). `setup` is the rules asked for on the command line:
    they open a new table, and must agree with an existing one's.
    """

    def __init__(self, path: str | Path | None = None, book: Rulebook | None = None, table: str | None = None,
                 setup: Setup | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._default = path is None and not os.environ.get(ENV)
        self._book = book
        self._books: dict[str, Rulebook] = {}
        self.table = check_name(table) if table is not None else None
        self.setup = setup or Setup()
        self.opened_beside: list[str] | None = None
        """Set when this command opened its table in a ledger that already had others: their
        names, so that a mistyped --table is said, not silently a new table."""

    def book(self, table: Table) -> Rulebook:
        """The rulebook a table is scored under."""
        key = table.ruleset + json.dumps(table.house, sort_keys=True)
        if key not in self._books:
            given = self._book
            self._books[key] = given if given is not None and given.ruleset == table.ruleset and not table.house \
                else table_book(table.ruleset, table.house)
        return self._books[key]

    def exists(self) -> bool:
        """Whether the ledger file is there (refused if it is not a regular file)."""
        return check_writable_place(self.path, "ledger")

    # -- connections --

    def _connect(self, create: bool) -> sqlite3.Connection:
        # Only a regular file, or none yet: never /dev/null, a pipe or a folder.
        if not self.exists():
            if not create:
                raise LedgerError(f"{shown(str(self.path))}: no ledger yet; record a hand to start one")
            if self._default:  # the user's data folder, made private on first use
                try:
                    self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
                except OSError as err:
                    raise LedgerError(f"{shown(str(self.path.parent))}: cannot make the ledger's folder "
                                      f"({err.strerror or err}); give --ledger PATH") from None
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
        where = shown(str(self.path))
        if isinstance(err, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
            return LedgerError(f"{where}: {text} (another process holds it; try again)")
        if isinstance(err, sqlite3.IntegrityError) and "never" in text:
            return LedgerError(f"{where}: {text}")
        if isinstance(err, sqlite3.OperationalError) or "readonly" in text or "full" in text:
            return LedgerError(f"{where}: the ledger cannot be written ({text})")
        return LedgerError(f"{where}: not an arbiter ledger ({text})")

    @contextmanager
    def _session(self, write: bool, create: bool | None = None) -> Iterator[sqlite3.Connection]:
        """One transaction: BEGIN IMMEDIATE to write (the lock is taken before reading), BEGIN to read.

        Any SQLite failure (a read-only file, a full disk) becomes one LedgerError naming
        the file; the rollback that follows never hides the error that caused it.
        """
        con = self._connect(create=write if create is None else create)
        try:
            try:
                if self._format(con) == OLD_FORMAT:
                    self._upgrade(con)
                con.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                self._check(con, write)
            except sqlite3.Error as err:
                _rollback(con)
                raise self._refusal(err) from None
            except BaseException:
                _rollback(con)
                raise
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

    @staticmethod
    def _format(con: sqlite3.Connection) -> str | None:
        if con.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone() is None:
            return None
        row = con.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        return row[0] if row else None

    def _check(self, con: sqlite3.Connection, write: bool) -> None:
        names = {row[0] for row in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "meta" in names:
            found = self._format(con)
            if found != FORMAT:
                raise LedgerError(f"{shown(str(self.path))}: not an arbiter ledger of this version (format {found!r})")
            return
        if names:
            raise LedgerError(f"{shown(str(self.path))}: a SQLite file, but not an arbiter ledger; choose another --ledger")
        if not write:
            return
        for statement in _SCHEMA:
            con.execute(statement)
        con.execute("INSERT INTO meta (key, value) VALUES ('format', ?)", (FORMAT,))

    def _upgrade(self, con: sqlite3.Connection) -> None:
        """A ledger of the first format, brought up to this one in one transaction: its rubbers become
        the table `main`; the old tables stay in the file, renamed."""
        con.execute("BEGIN IMMEDIATE")
        if self._format(con) != OLD_FORMAT:  # another process did it first
            con.execute("COMMIT")
            return
        con.execute("ALTER TABLE entries RENAME TO v1_entries")
        con.execute("ALTER TABLE rubbers RENAME TO v1_rubbers")
        con.execute("DROP INDEX IF EXISTS entries_by_rubber")
        for statement in _SCHEMA:
            con.execute(statement)
        _copy_old(con, con, "v1_", DEFAULT_TABLE, str(self.path.name))
        con.execute("UPDATE meta SET value = ? WHERE key = 'format'", (FORMAT,))
        con.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('upgraded', ?)", (_now(),))
        con.execute("COMMIT")

    # -- tables --

    @staticmethod
    def _tables(con: sqlite3.Connection) -> list[Table]:
        if con.execute("SELECT 1 FROM sqlite_master WHERE name = 'tables'").fetchone() is None:
            return []
        return [_row_table(row) for row in con.execute(
            "SELECT id, name, opened, ruleset, house, players FROM tables ORDER BY id")]

    def tables(self) -> list[Table]:
        """Every table in the file, in the order they were opened."""
        if not self.exists():
            return []
        with self._session(write=False) as con:
            return self._tables(con)

    def choose(self, ask: Callable[[list[str]], str | None] | None = None) -> str:
        """The table to work on: the one named; else the only table, or the only one with a rubber in
        progress (`main` in a new ledger). Where several could be meant, `ask` (a person at a terminal)
        picks one, or the command is refused, naming them."""
        if self.table is not None:
            return self.table
        if not self.exists():
            self.table = DEFAULT_TABLE
            return self.table
        with self._session(write=False) as con:
            tables = self._tables(con)
            if len(tables) <= 1:
                self.table = tables[0].name if tables else DEFAULT_TABLE
                return self.table
            playing = [t.name for t in tables if self._playing(con, t)]
        pool = playing or [t.name for t in tables]
        if len(pool) == 1:
            self.table = pool[0]
            return self.table
        answer = ask(pool) if ask is not None else None
        if answer is not None and answer.strip() in pool:
            self.table = answer.strip()
            return self.table
        what = "tables have a rubber in progress" if playing else "tables are in the ledger"
        raise LedgerError(f"{len(pool)} {what}: {', '.join(shown(p, 40) for p in pool)}; give --table NAME")

    def _playing(self, con: sqlite3.Connection, table: Table) -> bool:
        """A rubber in progress at the table (a damaged one counts: it needs someone's attention)."""
        try:
            return self._state(con, table).in_progress
        except InputError:
            return True

    def _table(self, con: sqlite3.Connection, create: bool) -> Table:
        """The table to work on, opened if need be; refused if the rules asked for differ from its own."""
        name = self.table or DEFAULT_TABLE
        if not create and not self._tables(con):
            raise LedgerError(f"{shown(str(self.path))}: no table yet; record a hand to start one")
        row = con.execute("SELECT id, name, opened, ruleset, house, players FROM tables WHERE name = ?",
                          (name,)).fetchone()
        want = self.setup
        if row is None:
            if not create:
                known = ", ".join(t.name for t in self._tables(con)) or "none yet"
                raise LedgerError(f"no table {shown(name, 40)!r} in {shown(str(self.path))} (tables: {known})")
            players = want.players or 4
            ruleset = want.ruleset or (TWO_HANDED_RULESET if players == 2 else DEFAULT_RULESET)
            table = Table(0, name, _now(), ruleset, dict(want.house or {}), players)
            self.book(table)  # an unknown ruleset or unreadable house rules: refused before anything is written
            self.opened_beside = [t.name for t in self._tables(con)] or None
            cur = con.execute("INSERT INTO tables (name, opened, ruleset, house, players) VALUES (?, ?, ?, ?, ?)",
                              (name, table.opened, ruleset, json.dumps(table.house, sort_keys=True), players))
            return Table(int(cur.lastrowid or 0), name, table.opened, ruleset, table.house, players)
        table = _row_table(row)
        for flag, asked, kept in (("--ruleset", want.ruleset, table.ruleset), ("--house", want.house, table.house),
                                  ("--players", want.players, table.players)):
            if asked is not None and asked != kept:
                raise LedgerError(f"table {shown(name, 40)} keeps the rules it was opened with ({_rules_words(table)}); "
                                  f"{flag} differs: open another table with --table NAME")
        return table

    # -- reading --

    def _state(self, con: sqlite3.Connection, table: Table, rubber: int | None = None) -> State:
        """A rubber of the table (default: the current one, that of the last entry left standing)."""
        if rubber is None:
            last = _last_standing(con, table.id)
            rubber = last[2] if last is not None else 1
        undone = _undone(con, table.id, rubber)
        entries = [e for e in _entries(con, table, rubber, undone) if e.kind != "undo" and e.undone_by is None]
        result, steps = replay(self.book(table), entries)
        return State(str(self.path), table, rubber, result, tuple(steps), _seats(con, table),
                     _next_dealer(table, result, steps))

    def state(self, rubber: int | None = None) -> State:
        """A rubber of the table (default: the current one): its entries and its score."""
        with self._session(write=False, create=False) as con:
            return self._state(con, self._table(con, create=False), rubber)

    def rubbers(self) -> list[int]:
        """The numbers of the table's rubbers."""
        with self._session(write=False, create=False) as con:
            table = self._table(con, create=False)
            return [row[0] for row in con.execute("SELECT DISTINCT rubber FROM entries WHERE tbl = ? ORDER BY rubber",
                                                  (table.id,))]

    def entries(self, rubber: int | None = None) -> list[Entry]:
        """Every entry of the table, or of one rubber, undone ones and undos included, in order."""
        with self._session(write=False, create=False) as con:
            table = self._table(con, create=False)
            return _entries(con, table, rubber, _undone(con, table.id, rubber))

    def history(self) -> tuple[Table, list[State], list[Entry]]:
        """The table, each of its rubbers replayed, and every entry in order (undone ones marked)."""
        with self._session(write=False, create=False) as con:
            table = self._table(con, create=False)
            undone = _undone(con, table.id)
            every = _entries(con, table, None, undone)
            states = []
            for number in sorted({e.rubber for e in every}):
                standing = [e for e in every if e.rubber == number and e.kind != "undo" and e.undone_by is None]
                if not standing:
                    continue
                result, steps = replay(self.book(table), standing)
                states.append(State(str(self.path), table, number, result, tuple(steps), {}, None))
            return table, states, every

    def everything(self) -> list[tuple[Table, list[State], list[Entry]]]:
        """Every table's history, for reports and exports."""
        out = []
        for t in self.tables():
            self.table = t.name
            out.append(self.history())
        return out

    # -- writing --

    def add(self, kind: str, what: str, awards: Sequence[Award], detail: dict[str, Any] | None = None,
            dealer: str | None = None) -> tuple[Entry, State]:
        """Record an entry in the table's current rubber (a hand or ruling after a rubber's end begins the next)."""
        entry, state, _ = self.record(lambda _state: (kind, what, list(awards), detail or {}, None), dealer)
        return entry, state

    def record(self, build: Builder, dealer: str | None = None, dry: bool = False) -> tuple[Entry, State, Any]:
        """Record the entry that `build` makes from the current state, all under the write lock.

        `build(state)` returns (kind, what, awards, detail, extra): it sees the score as it
        stands when the lock is held, so a ruling made inside it cannot be stale. A hand or a
        ruling once the rubber is over begins the next rubber; points by hand are refused
        then. `dry`: score it on the ledger's score, and write nothing.
        """
        if dealer is not None:
            dealer = Seat.parse(dealer).value
        with self._session(write=not dry, create=not dry) as con:
            table = self._table(con, create=not dry)
            if dealer is not None and dealer not in table.seats():
                raise InputError(f"--dealer {dealer}: no such seat at a table of {table.players}")
            state = self._state(con, table)
            first = state
            if state.rubber.over:
                state = State(state.path, table, state.rubber_id + 1, Rubber(state.rubber.rules), (), state.seats,
                              None)
            kind, what, awards, detail, extra = build(state)
            if kind not in SCORING:
                raise ValueError(f"entry kind {kind!r} is not one of {SCORING}")
            if first.rubber.over and kind == "points":
                raise LedgerError(f"rubber {first.rubber_id} of table {table.name} is over: points by hand go in "
                                  "no game; record the next hand, or start a rubber with --new")
            trial = state.rubber.copy()
            won = trial.score(self.book(table), awards, deal=kind == "hand")
            who = dealer if dealer is not None else (state.next_dealer if kind != "points" else None)
            if dry:
                entry = Entry(0, table.name, state.rubber_id, _now(), kind, what, tuple(awards), detail, who)
                step = Step(entry, tuple(won), trial.points, dict(trial.games), trial.over)
                after = State(state.path, table, state.rubber_id, trial, (*state.steps, step), state.seats,
                              _next_dealer(table, trial, [*state.steps, step]))
                return entry, after, extra
            entry = _insert(con, table, state.rubber_id, kind, what, awards, detail, who)
            return entry, self._state(con, table), extra

    def record_case(self, data: dict[str, Any], source: str | None = None, dealer: str | None = None,
                    dry: bool = False) -> tuple[Entry, State, Any, bool]:
        """Rule a hand (`source` None) or a case file's incident at the table's score, and record its
        points, all under one lock. Returns the entry, the state after it, the ruling, and whether the
        case's own score or games were set aside for the ledger's. `dry`: nothing is written."""
        from arbiter.incident import build_case
        from arbiter.ruling import rule

        where = source or "score"

        def build(state: State) -> tuple[str, str, list[Award], dict[str, Any], Any]:
            given = {k: data.get(k) for k in ("score", "games") if data.get(k) is not None}
            position = {"score": plain(state.rubber.points), "games": plain(state.rubber.games)}
            if data.get("ruleset") not in (None, state.table.ruleset):
                raise LedgerError(f"{where}: ruleset {shown(data['ruleset'], 40)} differs from table "
                                  f"{state.table.name}'s {state.table.ruleset}")
            case = build_case({**data, **position, "ruleset": state.table.ruleset, "players": state.table.players},
                              where)
            ruling = rule(case, self.book(state.table))
            if source is None:
                facts = {k: v for k, v in data["incident"].items() if k != "kind"}
                what = hand_words(ruling, facts)
                return "hand", what, list(ruling.awards), {"incident": data["incident"]}, (ruling, given)
            what = f"ruling: {case.title or case.kind.replace('_', ' ')}"
            detail: dict[str, Any] = {"case": source, "kind": case.kind, "laws": ruling.laws, "title": case.title}
            deal = ruling.as_dict().get("deal") or {}
            if deal.get("outcome") in ("passes", "redeal") and deal.get("dealer"):
                detail["next_dealer"] = deal["dealer"]
            return "ruling", what, list(ruling.awards), detail, (ruling, given)

        # Refuse bad input before the file is opened, so that a refusal never leaves an empty ledger behind.
        shapes = (self.setup.players,) if self.setup.players else (4, 2)  # the table's, when it is known
        first: InputError | None = None
        for players in shapes:
            try:
                code = self.setup.ruleset or (TWO_HANDED_RULESET if players == 2 else None)
                rule(build_case({**data, "score": None, "games": None, "players": players,
                                 **({"ruleset": code} if code else {})}, where))
                break
            except InputError as err:
                first = first or err  # the four-handed reading's reason, where both fail
        else:
            assert first is not None
            raise first
        entry, state, (ruling, given) = self.record(build, dealer or data.get("dealer"), dry)
        return entry, state, ruling, bool(given)

    def add_points(self, items: Sequence[str], law: int | None = None) -> tuple[Entry, State]:
        """Record points given by hand, each as side=points (NS=3; EW=-1 corrects under Law 5), under `law`."""
        awards = []
        for item in items:
            side_text, sep, points = item.partition("=")
            if not sep or not is_whole(points.strip(), signed=True):
                raise InputError(f"--add takes side=points, as NS=3 or EW=-1; found {item!r}")
            value = int(points)
            if value == 0:
                raise InputError(f"--add {item}: no points to record")
            awards.append(Award(Side.any(side_text), value, law))
        correction = law == 5 or (law is None and any(a.points < 0 for a in awards))
        if correction:
            awards = [Award(a.side, a.points, 5) for a in awards]
        law_words = " (Law 5)" if correction else (f" (Law {law})" if law is not None else "")
        what = ("correction: " if correction else "") + ", ".join(
            f"{a.side.value} {'+' if a.points > 0 else ''}{a.points}" for a in awards) + law_words
        detail = {"law": 5 if correction else law, "correction": correction}

        def build(state: State) -> tuple[str, str, list[Award], dict[str, Any], Any]:
            if law is not None:
                self.book(state.table).law(law)  # an unknown law is refused here, not recorded
            return "points", what, awards, detail, None

        entry, state, _ = self.record(build)
        return entry, state

    def new_rubber(self) -> tuple[int, State | None]:
        """Start a new rubber at the table; returns its number and the rubber it ends (None if that had no
        points, for it serves; or when it cannot be replayed: a damaged entry never stops a new rubber)."""
        with self._session(write=True) as con:
            table = self._table(con, create=True)
            last = _last_standing(con, table.id)
            current = last[2] if last is not None else 1
            try:
                before: State | None = self._state(con, table)
            except InputError:
                before = None
            if before is not None and not any(s.entry.kind in SCORING for s in before.steps):
                return current, None  # no points yet: this rubber serves
            number = current + 1
            _insert(con, table, number, "new", f"rubber {number} begins", [], {}, None)
            return number, before

    def seat(self, seats: dict[str, str] | None, dealer: str | None) -> tuple[Entry | None, State]:
        """Record who sits where (from now on; a substitute, Law 18) and who deals next; nothing when unchanged."""
        with self._session(write=True) as con:
            table = self._table(con, create=True)
            state = self._state(con, table)
            names = {**state.seats, **(seats or {})}
            who = Seat.parse(dealer).value if dealer is not None else None
            if who is not None and who not in table.seats():
                raise InputError(f"--dealer {who}: no such seat at a table of {table.players}")
            if names == state.seats and (who is None or who == state.next_dealer):
                return None, state
            words = ", ".join(f"{k} {v}" for k, v in sorted(names.items(), key=lambda kv: "NESW".index(kv[0])))
            what = "seats: " + (words or "unnamed") + (f"; {who} deals next" if who else "")
            detail: dict[str, Any] = {"seats": names}
            if who is not None:
                detail["next_dealer"] = who
            entry = _insert(con, table, state.rubber_id, "seating", what, [], detail, None)
            return entry, self._state(con, table)

    def undo(self) -> tuple[Entry, Entry, State]:
        """Take back the table's last entry left standing, by a reversing entry; nothing is deleted.
        Returns the entry taken back, the undo, and the state after. Never creates a ledger, and works on
        a damaged last entry (which it names)."""
        with self._session(write=True, create=False) as con:
            table = self._table(con, create=False)
            row = _last_standing(con, table.id)
            if row is None:
                raise LedgerError(f"table {table.name}: nothing to undo")
            try:
                last = _row_entry(row, table.name)
            except LedgerError:
                last = _damaged(row, table.name)
            reverse = [Award(a.side, -a.points, a.law) for a in last.awards]
            undo = _insert(con, table, last.rubber, "undo", f"undo #{last.id}: {last.what}", reverse,
                           {"undoes": last.id}, None, undoes=last.id)
            taken = last._replace(undone_by=undo.id, undone_at=undo.at)
            return taken, undo, self._state(con, table)

    def bring_in(self, old: str | Path) -> tuple[Table, int]:
        """Bring a ledger of the first format (one table's rubbers) in as a new table, named `self.table`
        (default: the old file's name). Returns the table and the number of entries brought in."""
        source = Path(old)
        if not check_writable_place(source, "ledger"):
            raise LedgerError(f"{shown(str(source))}: no such ledger to bring in")
        from urllib.parse import quote

        try:
            src = sqlite3.connect(f"file:{quote(str(source.resolve()))}?mode=ro", uri=True, timeout=WAIT_SECONDS)
        except sqlite3.Error as err:
            raise LedgerError(f"{shown(str(source))}: cannot be opened: {err}") from None
        try:
            found = self._format(src)
            if found != OLD_FORMAT:
                raise LedgerError(f"{shown(str(source))}: not an arbiter ledger of the first format ({found!r}); "
                                  "a ledger of this format is used as it is, with --ledger")
            name = self.table or check_name(source.stem[:NAME_CAP])
            self.table = name
            with self._session(write=True) as con:
                if con.execute("SELECT 1 FROM tables WHERE name = ?", (name,)).fetchone():
                    raise LedgerError(f"table {shown(name, 40)} is already in the ledger; name another with --table")
                count = _copy_old(src, con, "", name, source.name)
                return self._table(con, create=False), count
        except sqlite3.DatabaseError as err:
            raise LedgerError(f"{shown(str(source))}: not an arbiter ledger ({err})") from None
        finally:
            src.close()


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


def _rules_words(table: Table) -> str:
    name = table.house.get("name") if table.house else None
    house = (f", house rules {shown(str(name), 60)!r}" if name else f", house rules {json.dumps(table.house, sort_keys=True)}"
             ) if table.house else ""
    return f"{table.ruleset}, {table.players} players{house}"


def _row_table(row: Sequence[Any]) -> Table:
    i, name, opened, ruleset, house, players = row
    try:
        mapping = json.loads(house)
        if not isinstance(mapping, dict):
            raise ValueError("not a mapping")
    except (ValueError, TypeError):
        raise LedgerError(f"ledger table {shown(name, 40)!r}: its house rules are damaged") from None
    return Table(i, clean(str(name)), clean(str(opened)), str(ruleset), mapping, int(players))


def _undone(con: sqlite3.Connection, table: int, rubber: int | None = None) -> dict[int, tuple[int, str]]:
    """Entries taken back (of one rubber, or all): their id -> (the undo's id, when). An undo is
    filed under the rubber of the entry it takes back."""
    if rubber is None:
        rows = con.execute("SELECT undoes, id, at FROM entries WHERE tbl = ? AND kind = 'undo'", (table,))
    else:
        rows = con.execute("SELECT undoes, id, at FROM entries WHERE tbl = ? AND rubber = ? AND kind = 'undo'",
                           (table, rubber))
    return {row[0]: (row[1], clean(str(row[2]))) for row in rows}


_STANDING = "kind != 'undo' AND NOT EXISTS (SELECT 1 FROM entries AS u WHERE u.undoes = entries.id)"
"""An entry left standing: not an undo, and taken back by none (found by the index on `undoes`)."""


def _last_standing(con: sqlite3.Connection, table: int) -> Sequence[Any] | None:
    return con.execute(f"SELECT {_COLUMNS} FROM entries WHERE tbl = ? AND {_STANDING} ORDER BY id DESC LIMIT 1",
                       (table,)).fetchone()


def _entries(con: sqlite3.Connection, table: Table, rubber: int | None, undone: dict[int, tuple[int, str]]) -> list[Entry]:
    if rubber is None:
        rows = con.execute(f"SELECT {_COLUMNS} FROM entries WHERE tbl = ? ORDER BY id", (table.id,))
    else:
        rows = con.execute(f"SELECT {_COLUMNS} FROM entries WHERE tbl = ? AND rubber = ? ORDER BY id",
                           (table.id, rubber))
    out = []
    for row in rows:
        try:
            e = _row_entry(row, table.name)
        except LedgerError:
            if row[0] not in undone:
                raise
            e = _damaged(row, table.name)  # taken back: it no longer counts, so it no longer blocks
        if e.id in undone:
            e = e._replace(undone_by=undone[e.id][0], undone_at=undone[e.id][1])
        out.append(e)
    return out


def _seats(con: sqlite3.Connection, table: Table) -> dict[str, str]:
    row = con.execute(f"SELECT {_COLUMNS} FROM entries WHERE tbl = ? AND kind = 'seating' AND {_STANDING} "
                      "ORDER BY id DESC LIMIT 1", (table.id,)).fetchone()
    if row is None:
        return {}
    seats = _row_entry(row, table.name).detail.get("seats") or {}
    return {str(k): clean(str(v)) for k, v in seats.items() if k in table.seats()}


def _next_dealer(table: Table, rubber: Rubber, steps: Sequence[Step]) -> str | None:
    """Who deals next: the left of the last hand's dealer, or as a ruling or the seating said; None at a
    rubber's start or end (the deal is cut for, Law 11) or where no dealer was ever given."""
    if rubber.over:
        return None
    for step in reversed(steps):
        e = step.entry
        if e.detail.get("next_dealer") in table.seats():
            return str(e.detail["next_dealer"])
        if e.kind == "hand" and e.dealer in table.seats():
            return table.after(e.dealer)
        if e.kind == "new":
            return None
    return None


def _insert(con: sqlite3.Connection, table: Table, rubber: int, kind: str, what: str, awards: Sequence[Award],
            detail: dict[str, Any], dealer: str | None, undoes: int | None = None) -> Entry:
    """One row; split out so that a test can stop a process in the middle of a write."""
    at = _now()
    data = json.dumps([a.as_dict() for a in awards])
    cur = con.execute(
        "INSERT INTO entries (tbl, rubber, at, kind, what, awards, detail, dealer, undoes) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (table.id, rubber, at, kind, what, data, json.dumps(detail, ensure_ascii=False), dealer, undoes),
    )
    return Entry(int(cur.lastrowid or 0), table.name, rubber, at, kind, what, tuple(awards), detail, dealer, undoes)


def _row_entry(row: Sequence[Any], table: str) -> Entry:
    """An entry from its row; a row that does not parse is named, never half-read."""
    i, _t, r, at, k, w, aw, d, dealer, undoes = row
    try:
        detail = json.loads(d)
        if not isinstance(detail, dict):
            raise ValueError("its detail is not a mapping")
        return Entry(i, table, int(r), clean(at), clean(k), clean(w), tuple(Award.from_dict(a) for a in json.loads(aw)),
                     detail, clean(dealer) if dealer else None, undoes)
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        raise LedgerError(f"ledger entry #{i} is damaged ({shown(err, 80)}); take it back with "
                          "--undo, or start a new rubber with --new") from None


def _damaged(row: Sequence[Any], table: str) -> Entry:
    """A row that does not parse, as a placeholder that scores nothing."""
    kind = str(row[4]) if row[4] in KINDS else "points"
    return Entry(int(row[0]), table, int(row[2]) if isinstance(row[2], int) else 0, clean(str(row[3])), kind,
                 f"damaged entry #{row[0]}", (), {})


def _copy_old(src: sqlite3.Connection, dst: sqlite3.Connection, prefix: str, name: str, origin: str) -> int:
    """Copy a first-format ledger's rubbers (tables `{prefix}rubbers`, `{prefix}entries`) into a new table
    `name` of `dst`, row for row as written (a damaged row stays damaged, and is named when read);
    each rubber after the first opens with a `new` entry. Returns the number of entries copied."""
    rubbers = src.execute(f"SELECT id, started, ruleset FROM {prefix}rubbers ORDER BY id").fetchall()
    rulesets = sorted({str(r[2]) for r in rubbers}) or [DEFAULT_RULESET]
    if len(rulesets) > 1:
        raise LedgerError(f"the old ledger {shown(origin)} holds rubbers under {', '.join(rulesets)}; "
                          "this version keeps one ruleset to a table")
    cur = dst.execute("INSERT INTO tables (name, opened, ruleset, house, players) VALUES (?, ?, ?, '{}', 4)",
                      (name, str(rubbers[0][1]) if rubbers else _now(), rulesets[0]))
    table = int(cur.lastrowid or 0)
    count, number = 0, 0
    for rid, started, _ruleset in rubbers:
        rows = src.execute(f"SELECT at, kind, what, awards, detail FROM {prefix}entries WHERE rubber = ? ORDER BY id",
                           (rid,)).fetchall()
        if not rows and number:
            continue
        number += 1
        if number > 1:
            dst.execute("INSERT INTO entries (tbl, rubber, at, kind, what, awards, detail) VALUES (?, ?, ?, 'new', ?, "
                        "'[]', ?)", (table, number, started, f"rubber {number} begins",
                                     json.dumps({"brought_in_from": origin})))
        for at, kind, what, awards, detail in rows:
            dst.execute("INSERT INTO entries (tbl, rubber, at, kind, what, awards, detail) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (table, number, at, kind, what, awards, detail))
            count += 1
    return count


def _rollback(con: sqlite3.Connection) -> None:
    """Roll back, ignoring a failure: the error that led here is the one to report."""
    try:
        con.execute("ROLLBACK")
    except sqlite3.Error:
        pass


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
