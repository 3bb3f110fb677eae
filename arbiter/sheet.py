"""`arbiter score`: what the command was asked, and which part of the ledger answers it.

The command line hands over its options as a `Request`; this module chooses the table,
reads the short form (`arbiter score NS 4`, `NS alone 5`, `EW 2`), and calls the ledger,
the reports and the views. Rules of the sheet (our choices, shown in the README):
- the short form always records; the long flags (`--makers`, `--tricks`) record with
  `--record`, and without it score on the table's own score and say nothing was written;
- without a ledger at all, a hand is scored from 0-0 and says so;
- one thing at a time: a hand, a ruling, points, history, undo, new rubber, report, export.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from arbiter.model import InputError, Seat, Side, is_whole

SHORT_FORM = "the short form is SIDE [alone] TRICKS, as 'NS 4', 'NS alone 5' or 'EW 2' (a euchre)"


class Request:
    """The options of `arbiter score`, as given. A plain class, not a dataclass: making one costs
    a person at the table a millisecond or more at every start (tests/benchmark.py)."""

    words: Sequence[str] = ()
    makers: str | None = None
    maker: str | None = None
    tricks: int | None = None
    alone: bool = False
    partner_exposed: bool = False
    abandoned: bool = False
    revoke: str | None = None
    revokes: int | None = None
    wrong_count: str | None = None
    now: str | None = None
    games: str | None = None
    record: bool = False
    ruling: str | None = None
    add: Sequence[str] = ()
    law: int | None = None
    history: bool = False
    undo: bool = False
    new: bool = False
    ledger: str | None = None
    table: str | None = None
    names: str | None = None
    dealer: str | None = None
    ruleset: str | None = None
    players: int | None = None
    house: str | None = None
    """A house-rules file for a new table (else $ARBITER_HOUSE); fixed once the table is opened."""
    rubber: int | None = None
    report: bool = False
    since: str | None = None
    export: str | None = None
    bring_in: str | None = None
    as_json: bool = False

    def __init__(self, **given: Any) -> None:
        for name, value in given.items():
            if name not in type(self).__annotations__:
                raise TypeError(f"Request has no option {name!r}")
            setattr(self, name, value)


def short_form(words: list[str]) -> tuple[str | None, str | None, int, bool]:
    """The makers (a side, or a seat), their tricks, and whether alone, from `NS 4`, `NS alone 5`, `E 2`."""
    side: str | None = None
    seat: str | None = None
    tricks: int | None = None
    alone = False
    for word in words:
        low = word.strip().lower()
        if low == "alone" and not alone:
            alone = True
        elif is_whole(low) and tricks is None:
            tricks = int(low)
        elif side is None and seat is None and _is_side(low):
            side = Side.parse(low).value
        elif side is None and seat is None and _is_seat(low):
            seat = Seat.parse(low).value
        else:
            raise InputError(f"{word!r} is not understood: {SHORT_FORM}")
    if (side is None and seat is None) or tricks is None:
        raise InputError(f"give the makers and their tricks: {SHORT_FORM}")
    return side, seat, tricks, alone


def _is_side(word: str) -> bool:
    try:
        Side.parse(word)
    except InputError:
        return False
    return True


def _is_seat(word: str) -> bool:
    try:
        Seat.parse(word)
    except InputError:
        return False
    return True


def _ask(pool: list[str]) -> str | None:
    """Which table, asked of a person at a terminal; None anywhere else."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    sys.stdout.write(f"Which table? {', '.join(pool)}: ")
    sys.stdout.flush()
    return sys.stdin.readline(200).strip() or None


def run(req: Request, emit_json: Callable[[Any], None], quick: Callable[..., None]) -> None:
    """Do what the request asks. `emit_json` prints JSON; `quick` scores a hand from a given score."""
    from arbiter.ledger import Ledger, Setup, parse_seats

    if req.words:
        if req.makers or req.maker or req.tricks is not None:
            raise InputError(f"give the hand once: the short form or --makers and --tricks ({SHORT_FORM})")
        side, seat, tricks, alone = short_form(req.words)
        req.makers, req.maker, req.tricks, req.alone = side, seat, tricks, req.alone or alone
        req.record = True
    hand = any(x is not None for x in (req.makers, req.maker, req.tricks, req.revoke, req.revokes, req.wrong_count)) \
        or req.alone or req.partner_exposed or req.abandoned
    incident: dict[str, Any] = {}
    if hand:
        from arbiter.incident import hand_incident

        incident = hand_incident(req.makers, req.maker, req.tricks, req.alone, req.partner_exposed, req.abandoned,
                                 req.revoke, req.revokes, req.wrong_count)
    actions = [name for name, on in (("a hand", hand), ("--ruling", req.ruling is not None), ("--add", bool(req.add)),
                                     ("--history", req.history), ("--undo", req.undo), ("--new", req.new),
                                     ("--report", req.report), ("--export", req.export is not None),
                                     ("--import", req.bring_in is not None)) if on]
    if len(actions) > 1:
        raise InputError(f"give one thing at a time: {' and '.join(actions)}")
    if req.law is not None and not req.add:
        raise InputError("--law goes with --add")
    if req.record and not hand:
        raise InputError("--record records a hand: give --makers (or --maker) and --tricks, or the short form")
    if req.rubber is not None and not req.history:
        raise InputError("--rubber goes with --history")
    if req.since is not None and not req.report:
        raise InputError("--since goes with --report")
    if req.export is not None and req.export not in ("csv", "json"):
        raise InputError(f"--export takes csv or json; found {req.export!r}")
    if req.now is not None or req.games is not None:
        if not hand:
            raise InputError("--now and --games score a hand: give --makers (or --maker) and --tricks")
        if req.record or req.ledger is not None or req.table is not None:
            raise InputError("--now gives the score by hand, while the ledger keeps its own: drop one of them")
        quick(incident, req.now or "0-0", req.games or "0-0", req.as_json, players=req.players, ruleset=req.ruleset)
        return
    led = Ledger(req.ledger, None, req.table, _setup(req))
    if req.bring_in is not None:
        _bring_in(led, req, emit_json)
        return
    if req.report or req.export is not None:
        _reports(led, req, emit_json)
        return
    if hand and not req.record:
        _unrecorded(led, incident, req, emit_json, quick)
        return
    led.choose(None if req.as_json else _ask)
    seats = parse_seats(req.names, req.players or 4) if req.names else None
    if seats is not None or (req.dealer is not None and not hand):
        entry, state = led.seat(seats, None if hand else req.dealer)
        if not actions:
            _seated(entry, state, req.as_json, emit_json)
            return
    if hand:
        _recorded(led, {"incident": incident}, None, req, emit_json)
    elif req.ruling is not None:
        from arbiter.incident import read_case_file

        _recorded(led, read_case_file(req.ruling), req.ruling, req, emit_json)
    elif req.add:
        entry, state = led.add_points(req.add, req.law)
        _show_entry(entry, state, req.as_json, emit_json)
    elif req.undo:
        taken, undo, state = led.undo()
        if req.as_json:
            emit_json({"undone": taken.as_dict(), "undo": undo.as_dict(), "ledger": state.rubber_dict()})
            return
        from arbiter import sheet_view

        sheet_view.undone(taken, undo, state)
    elif req.new:
        number, ended = led.new_rubber()
        if req.as_json:
            emit_json({"ledger": str(led.path), "table": led.table, "rubber": number,
                       "ended": ended.rubber_dict() if ended else None})
            return
        from arbiter import sheet_view

        if ended is not None:
            sheet_view.table_state(ended)
        sheet_view.say(f"Rubber {number} of table {led.table} begins at NS 0 – EW 0.", "bold green")
    elif req.history:
        table, states, every = led.history()
        if req.as_json:
            emit_json(_history_json(str(led.path), table, states, every))
            return
        from arbiter import sheet_view

        sheet_view.history(table, states, every, req.rubber)
    else:
        if not led.exists():
            raise InputError(f"{led.path}: no ledger yet; record a hand (arbiter score NS 4) to start one")
        state = led.state()
        if req.as_json:
            emit_json(state.rubber_dict())
            return
        from arbiter import sheet_view

        sheet_view.table_state(state)


def _history_json(path: str, table: Any, states: list[Any], every: list[Any]) -> dict[str, Any]:
    """Every entry of the table, undone ones and undos included, each standing one with the score after it."""
    after = {s.entry.id: s for st in states for s in st.steps}
    entries = []
    for e in every:
        step = after.get(e.id)
        entries.append(step.as_dict() if step else e.as_dict())
    return {"ledger": path, "table": table.as_dict(),
            "rubbers": [{"rubber": st.rubber_id, **st.rubber.as_dict()} for st in states], "entries": entries}


def record_ruling(data: dict[str, Any], where: str, ledger: str | None, table: str | None, as_json: bool,
                  emit_json: Callable[[Any], None]) -> None:
    """`arbiter rule ... --record`: rule at the table's score and record the ruling's points."""
    from arbiter.ledger import Ledger

    led = Ledger(ledger, None, table)
    led.choose(None if as_json else _ask)
    _recorded(led, data, where, Request(as_json=as_json), emit_json)


def _recorded(led: Any, data: dict[str, Any], source: str | None, req: Request,
              emit_json: Callable[[Any], None]) -> None:
    entry, state, ruling, set_aside = led.record_case(data, source, req.dealer)
    if req.as_json:
        emit_json({**ruling.as_dict(), "ledger": {**state.rubber_dict(), "entry": entry.as_dict(), "recorded": True}})
        return
    from arbiter import sheet_view

    if source is not None:  # a ruling is worth reading; a hand is worth a line
        from arbiter import render
        from arbiter.rulebook import load

        render.ruling(load(ruling.ruleset), ruling)
        if set_aside:
            render.hint("The score given was set aside: the ledger's score was used.")
    _opened(led)
    sheet_view.entry_lines(entry, state)


def _opened(led: Any) -> None:
    """Say that the command opened a new table beside others (a mistyped --table, perhaps)."""
    if led.opened_beside:
        from arbiter import sheet_view

        sheet_view.say(f"Opened a new table {led.table!r}; the ledger also has "
                       f"{', '.join(led.opened_beside)}.", style="yellow")


def _show_entry(entry: Any, state: Any, as_json: bool, emit_json: Callable[[Any], None]) -> None:
    if as_json:
        emit_json({"ledger": {**state.rubber_dict(), "entry": entry.as_dict()}})
        return
    from arbiter import sheet_view

    sheet_view.entry_lines(entry, state)


def _seated(entry: Any, state: Any, as_json: bool, emit_json: Callable[[Any], None]) -> None:
    if as_json:
        emit_json({"ledger": state.rubber_dict(), "entry": entry.as_dict() if entry else None})
        return
    from arbiter import sheet_view

    if entry is not None:
        sheet_view.say(f"#{entry.id} {entry.what}")
    sheet_view.table_state(state)


def _unrecorded(led: Any, incident: dict[str, Any], req: Request, emit_json: Callable[[Any], None],
                quick: Callable[..., None]) -> None:
    """A hand without --record: on the table's score where there is one, saying nothing was written."""
    tables = led.tables()
    if not tables or (req.table is not None and req.table not in {t.name for t in tables}):
        quick(incident, "0-0", "0-0", req.as_json, hint=True)
        return
    led.choose(None if req.as_json else _ask)
    entry, state, ruling, _ = led.record_case({"incident": incident}, None, req.dealer, dry=True)
    if req.as_json:
        emit_json({**ruling.as_dict(), "ledger": {**state.rubber_dict(), "entry": None, "recorded": False}})
        return
    from arbiter import sheet_view

    sheet_view.entry_lines(entry, state, recorded=False)


def _reports(led: Any, req: Request, emit_json: Callable[[Any], None]) -> None:
    from arbiter import evening

    start = evening.since(req.since) if req.report else None
    if not led.exists():
        raise InputError(f"{led.path}: no ledger yet; record a hand (arbiter score NS 4) to start one")
    if req.table is not None:
        histories = [led.history()]
    else:
        histories = led.everything()
    if req.export == "csv":
        sys.stdout.write(evening.to_csv(histories))
    elif req.export == "json":
        emit_json(evening.to_json(str(led.path), histories))
    else:
        report = evening.totals(histories, start)
        if req.as_json:
            emit_json(report)
            return
        from arbiter import sheet_view

        sheet_view.totals(report)


def _bring_in(led: Any, req: Request, emit_json: Callable[[Any], None]) -> None:
    table, count = led.bring_in(req.bring_in)
    if req.as_json:
        emit_json({"ledger": str(led.path), "table": table.as_dict(), "entries": count})
        return
    from arbiter import sheet_view

    sheet_view.say(f"Brought {count} entries from {req.bring_in} into table {table.name} of {led.path}.")


def _setup(req: Request) -> Any:
    """The rules a table is to be opened with: the ruleset, the house rules (their file's
    mapping, kept in the ledger) and the players; what is not said is the table's own."""
    import os

    from arbiter.ledger import Setup

    if not (req.house or os.environ.get("ARBITER_HOUSE")):  # the common case: no house module to load
        return Setup(req.ruleset, None, req.players)
    from arbiter import house

    club = house.chosen(req.house)
    assert club is not None
    if req.ruleset is not None and req.ruleset != club.base:
        raise InputError(f"the ruleset is {req.ruleset}, but {club.called} amend {club.base}")
    return Setup(club.base, {**club.source, "base": club.base}, req.players)
