"""The score sheet for people: a table's state in a few lines, an entry in one or two, the
history with undone entries struck through, the evening's totals. JSON is the cli's."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from rich.text import Text

from arbiter.render import console
from arbiter.score import Game, words

if TYPE_CHECKING:
    from arbiter.ledger import Entry, State, Step, Table

SEATS = ("N", "E", "S", "W")


def say(text: str, style: str = "") -> None:
    """One line, as text (never markup: a path may hold brackets)."""
    console.print(Text(text, style=style))


def when(at: str) -> str:
    """A stored UTC time as the local clock shows it: '03-14 21:05'."""
    try:
        return datetime.fromisoformat(at).astimezone().strftime("%m-%d %H:%M")
    except ValueError:
        return at[:16]


def points(entry: Entry) -> str:
    """An entry's awards: 'NS +2, EW +3 (Law 63)'."""
    return ", ".join(f"{a.side.value} {'+' if a.points > 0 else ''}{a.points}" + (f" (Law {a.law})" if a.law else "")
                     for a in entry.awards) or "-"


def _seat(state: State, seat: str | None) -> str:
    if seat is None:
        return "?"
    name = state.seats.get(seat)
    return f"{seat} ({name})" if name else seat


def _game(g: Game, last: bool = False) -> str:
    """A game won: 'NS won game 2 (love game, counts 2; lap 3)'; `last`: no game receives its lap."""
    if g.winner is None:
        return f"game {g.number} drawn at {words(g.points)}"
    love = "love game, " if g.value > 1 and g.points[g.winner.other] == 0 else ""
    lap = (f"; lap {g.lap}, in no game" if last else f"; lap {g.lap}") if g.lap else ""
    return f"{g.winner.value} won game {g.number} ({love}counts {g.value}{lap})"


def _dealer_words(state: State) -> str:
    if state.rubber.over:
        return f"The next hand begins rubber {state.rubber_id + 1}; cut for the deal (Law 11)."
    if state.next_dealer is None:
        return "Dealer unknown (give --dealer)."
    return f"{_seat(state, state.next_dealer)} deals next."




def entry_lines(entry: Entry, state: State, recorded: bool = True) -> None:
    """A hand, ruling or correction just scored: what it scored, then the score and what follows."""
    step: Step | None = state.steps[-1] if state.steps else None
    head = f"#{entry.id} " if recorded else "Not recorded: "
    console.print(Text(f"{head}{entry.what}: {points(entry)}", style="green" if recorded else "yellow"))
    r = state.rubber
    parts: list[str] = []
    if recorded and state.steps and state.steps[0].entry.id == entry.id and entry.rubber > 1 and r.rules.rubber:
        parts.append(f"Rubber {entry.rubber} begins.")
    if not r.over:
        parts.append(f"Game {r.number}: {words(r.points)}.")
    won = list(step.won) if step is not None else []
    parts.extend(_game(g, r.over and i == len(won) - 1) + "." for i, g in enumerate(won))
    if r.over:
        rp = r.rubber_points()
        who = f"{r.won_by.value} won the rubber" if r.won_by else "The rubber is over"
        parts.append(who + (f", {'–'.join(str(rp[s]) for s in r.rules.sides)} (Law 7)." if rp else "."))
    elif recorded:
        parts.append(_dealer_words(state))
    else:
        parts.append(f"Nothing written to table {state.table.name} (add --record).")
    line = " ".join(parts)
    if len(line) >= console.width and state.seats:  # names are a help, not worth a third line
        line = line.replace(_seat(state, state.next_dealer), state.next_dealer or "?")
    console.print(Text(line))


def table_state(state: State) -> None:
    """The table in a few lines: partnerships and players, points, games and laps, the rubber, the deal."""
    t, r = state.table, state.rubber
    kind = "single games (house rule)" if not r.rules.rubber else f"rubber {state.rubber_id}"
    play = "over" if r.over else f"game {r.number} in play"
    if r.rules.hands_per_game and not r.over:
        play += f", deal {r.deals + 1} of {r.rules.hands_per_game}"
    lines = [Text.assemble((f"Table {t.name}", "bold"), f" · {kind} · {play} · {t.ruleset}")]
    for side in r.rules.sides:
        seats = [s for s in SEATS if s in side.value]
        names = " & ".join(state.seats[s] for s in seats if s in state.seats)
        games = f"{r.games[side]} game{'s' if r.games[side] != 1 else ''}"
        names = f"{names[:32]:<33}" if state.seats else ""
        pts = f"{r.points[side]} point{'s' if r.points[side] != 1 else ''}"
        lines.append(Text(f"  {side.value}  {names}{pts:>10}   {games}"))
    for g in r.finished:
        lines.append(Text(f"  {_game(g, r.over and g is r.finished[-1])}, {words(g.points)}", style="dim"))
    rp = r.rubber_points()
    if r.over and rp is not None:
        winner = f"won by {r.won_by.value}" if r.won_by else "not won"
        lines.append(Text(f"  The rubber is over, {winner}: rubber points {words(rp)} (Law 7)", style="bold"))
    if any(r.left_over.values()):
        lines.append(Text(f"  Scored after the last game, in no game: {words(r.left_over)}", style="yellow"))
    lines.append(Text("  " + _dealer_words(state)))
    console.print(Text("\n").join(lines))  # one print: each costs Rich a layout pass


def history(table: Table, states: list[State], every: list[Entry], only: int | None = None) -> None:
    """Each rubber's entries with the score after each; undone entries struck through, with when."""
    from rich.table import Table as Grid

    after: dict[int, Step] = {s.entry.id: s for st in states for s in st.steps}
    ended = {st.rubber_id: st for st in states}
    numbers = sorted({e.rubber for e in every})
    if only is not None:
        if only not in numbers:
            from arbiter.model import InputError

            raise InputError(f"table {table.name} has no rubber {only}; it has {', '.join(map(str, numbers)) or 'none'}")
        numbers = [only]
    console.print(Text(f"Table {table.name} · {table.ruleset} · opened {when(table.opened)}", style="bold"))
    for number in numbers:
        grid = Grid(box=None, header_style="bold", padding=(0, 1), title=f"Rubber {number}", title_justify="left")
        for col in ("#", "At", "Dealt", "What", "Points", "After"):
            grid.add_column(col, no_wrap=col in ("#", "At", "Dealt"))
        for e in every:
            if e.rubber != number or e.kind in ("undo", "new"):
                continue
            step = after.get(e.id)
            if e.undone_by is not None:
                what = Text(e.what, style="strike dim")
                what.append(f"  undone {when(e.undone_at or '')} (#{e.undone_by})", style="yellow")
                grid.add_row(str(e.id), when(e.at), e.dealer or "", what, Text(points(e), style="strike dim"), "")
                continue
            won = "; ".join(_game(g) for g in step.won) + "; " if step and step.won else ""
            now = "over" if step and step.over else (words(step.points) if step else "")
            grid.add_row(str(e.id), when(e.at), e.dealer or "", e.what, points(e), won + now)
        console.print(grid)
        st = ended.get(number)
        if st is not None:
            rp = st.rubber.rubber_points()
            status = "over" if st.rubber.over else "in play"
            console.print(Text(f"  Rubber {number} {status}: games {words(st.rubber.games)}"
                               + (f", rubber points {words(rp)} (Law 7)" if rp else ""), style="dim"))


def undone(entry: Entry, undo: Entry, state: State) -> None:
    """What --undo took back, and the score now."""
    console.print(Text(f"#{undo.id} undoes #{entry.id} ({entry.what}); it stays in the history, struck through.",
                       style="yellow"))
    table_state(state)


def totals(report: dict[str, Any]) -> None:
    """The evening: each table's rubbers and totals, and each player's."""
    console.print(Text(f"Since {report['since_local']}", style="bold"))
    for t in report["tables"]:
        console.print(Text(f"Table {t['table']}", style="bold"))
        for r in t["rubbers"]:
            state = "over" if r["over"] else "in play"
            won = f", won by {r['won_by']}" if r["won_by"] else ""
            console.print(Text(f"  rubber {r['rubber']} ({state}{won}): games {_pair(r['games'])}, "
                               f"points {_pair(r['points'])}"))
        console.print(Text(f"  total: {_pair(t['total'])}"))
    if report["players"]:
        console.print(Text("Players", style="bold"))
        for name, pts in report["players"].items():
            console.print(Text(f"  {name:<24} {pts:>4}"))
    if not report["tables"]:
        console.print(Text("Nothing recorded in that time.", style="dim"))


def _pair(by_side: dict[str, int]) -> str:
    """'NS 2 – EW 3', or at a table of two 'N 2 – S 3'."""
    return " – ".join(f"{side} {n}" for side, n in by_side.items())
