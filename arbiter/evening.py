"""The evening's reports from the ledger: totals across rubbers and tables, and the export of
every entry to CSV or JSON. Plain data only; the views are sheet_view's.

How we count (our reading, not the laws'): a side's total is its rubber points (Law 7: the
games' values, and the rubber's two to its winner), summed over the rubbers of the evening,
an unfinished rubber counting the games won so far. A player is credited with his side's
points in each rubber, under the names seated when the rubber's last entry was made.
"""

from __future__ import annotations

import csv
import io
from datetime import datetime, timedelta, timezone
from typing import Any

from arbiter.ledger import Entry, State, Table
from arbiter.model import PARTNERSHIPS, SINGLES, InputError, is_whole

EVENING_HOURS = 12
"""Without --since, the evening is the last twelve hours: a club night, midnight included."""

History = tuple[Table, list[State], list[Entry]]


def since(text: str | None, now: datetime | None = None) -> datetime | None:
    """The start of the report: a date (local midnight), 'all' (None: everything), or by default
    EVENING_HOURS ago."""
    now = now or datetime.now(timezone.utc)
    if text is None:
        return now - timedelta(hours=EVENING_HOURS)
    if text.strip().lower() == "all":
        return None
    parts = text.strip().split("-")
    if len(parts) == 3 and all(is_whole(p) for p in parts):
        try:
            return datetime(int(parts[0]), int(parts[1]), int(parts[2])).astimezone()
        except ValueError:
            pass
    raise InputError(f"--since takes a date as 2025-03-14, or 'all'; found {text!r}")


def _time(at: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def _seats_by_entry(every: list[Entry]) -> dict[int, dict[str, str]]:
    """For each entry, the names seated when it was made (standing seatings only)."""
    seats: dict[str, str] = {}
    out: dict[int, dict[str, str]] = {}
    for e in every:
        if e.kind == "seating" and e.undone_by is None:
            seats = {str(k): str(v) for k, v in (e.detail.get("seats") or {}).items()}
        out[e.id] = seats
    return out


def totals(histories: list[History], start: datetime | None) -> dict[str, Any]:
    """Each table's rubbers with an entry since `start`, their games and rubber points, the table's
    totals by side, and each named player's."""
    tables: list[dict[str, Any]] = []
    players: dict[str, int] = {}
    for table, states, every in histories:
        seated = _seats_by_entry(every)
        rubbers = []
        total: dict[str, int] = {}
        for st in states:
            last = st.steps[-1].entry
            moment = _time(last.at)
            if start is not None and (moment is None or moment < start):
                continue
            sides = st.rubber.rules.sides  # two partnerships, or the two players of the two-handed game
            rp = st.rubber.rubber_points() or {side: 0 for side in sides}
            rubbers.append({"rubber": st.rubber_id, "over": st.rubber.over,
                            "won_by": st.rubber.won_by.value if st.rubber.won_by else None,
                            "games": {s.value: st.rubber.games[s] for s in sides},
                            "points": {s.value: rp[s] for s in sides}})
            for side in sides:
                total[side.value] = total.get(side.value, 0) + rp[side]
                for seat, name in seated.get(last.id, {}).items():
                    if seat in side.value:
                        players[name] = players.get(name, 0) + rp[side]
        if rubbers:
            tables.append({"table": table.name, "rules": table.as_dict(), "rubbers": rubbers, "total": total})
    return {"since": start.isoformat() if start else None,
            "since_local": start.astimezone().strftime("%Y-%m-%d %H:%M") if start else "the first entry",
            "tables": tables, "players": dict(sorted(players.items(), key=lambda kv: (-kv[1], kv[0])))}


def entry_rows(histories: list[History]) -> list[dict[str, Any]]:
    """Every entry of every table, in order, as flat rows: undone ones marked, undos naming their entry."""
    rows = []
    for table, _states, every in histories:
        for e in every:
            sums = {side.value: sum(a.points for a in e.awards if a.side is side) for side in PARTNERSHIPS + SINGLES}
            laws = sorted({a.law for a in e.awards if a.law is not None})
            rows.append({"table": table.name, "rubber": e.rubber, "id": e.id, "at": e.at, "kind": e.kind,
                         "dealer": e.dealer or "", "what": e.what, "why": e.why, **sums,
                         "laws": " ".join(map(str, laws)), "undone": e.undone_by is not None,
                         "undone_by": e.undone_by or "", "undone_at": e.undone_at or "", "undoes": e.undoes or ""})
    return rows


def to_csv(histories: list[History]) -> str:
    """The export as CSV: one row an entry. An undo carries the reverse of its entry's points, so the
    NS and EW columns (N and S at a table of two) summed give the points left standing."""
    rows = entry_rows(histories)
    out = io.StringIO()
    fields = ["table", "rubber", "id", "at", "kind", "dealer", "what", "why", "NS", "EW", "N", "S", "laws", "undone",
              "undone_by", "undone_at", "undoes"]
    writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        # A spreadsheet runs a cell that begins with = + - @ as a formula: such text is quoted with '.
        writer.writerow({k: ("'" + v if isinstance(v, str) and v[:1] in ("=", "+", "-", "@") else v)
                         for k, v in row.items()})
    return out.getvalue()


def to_json(path: str, histories: list[History]) -> dict[str, Any]:
    """The export as JSON: every table with its rules, each rubber's score, and every entry."""
    return {"ledger": path, "tables": [
        {"table": table.as_dict(),
         "rubbers": [{"rubber": st.rubber_id, **st.rubber.as_dict()} for st in states],
         "entries": [e.as_dict() for e in every]}
        for table, states, every in histories]}
