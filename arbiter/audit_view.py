"""The audit for people: a deal-by-deal table per game, irregularities marked, and one
deal trick by trick. Everything fits an 80-column terminal. JSON is written by the cli.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from arbiter.reader import clean
from arbiter.render import console

_SUIT = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
_SHORT = {"revoke": "revoke", "card_twice": "card twice", "card_not_his": "not his card",
          "card_not_in_pack": "not in pack", "wrong_size": "trick size", "lone_partner_played": "partner played",
          "lead_out_of_turn": "led out of turn", "play_out_of_turn": "played out of turn",
          "exposed_card": "exposed card"}


def _pair(t: dict[str, int]) -> str:
    return f"{t['NS']}-{t['EW']}"


def _marks(deal: dict[str, Any]) -> Text:
    text = Text()
    for i, irr in enumerate(deal["irregularities"]):
        if i:
            text.append(", ")
        text.append(f"{_SHORT.get(irr['kind'], irr['kind'])} {irr['offender'] or '?'} t{irr['trick']}", "bold red")
    return text


def game_table(game: dict[str, Any]) -> None:
    """One game: a row per deal, then the irregularities with their rulings."""
    title = clean(game.get("title") or "") or game["file"]
    console.print(Text.assemble((clean(game["file"]), "bold"), f"  {game['format']}",
                                (f"  {clean(title)}" if title != game["file"] else "", "dim")))
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
    for name, justify in (("#", "right"), ("Dlr", "left"), ("Up", "left"), ("Trump", "left"),
                          ("Mkr", "left"), ("Alone", "left"), ("Tricks", "right"), ("Pts", "right"),
                          ("Score", "right"), ("Irregularities", "left")):
        table.add_column(name, justify=justify, no_wrap=name != "Irregularities")  # type: ignore[arg-type]
    for d in game["deals"]:
        trump = d["trump"]
        played = bool(d["winners"])
        table.add_row(
            str(d["number"]), d["dealer"], d["up_card"] or "-", trump or "passed", d["maker"] or "-",
            d["alone"] or "", _pair(d["tricks"]) if played else "-",
            _pair(d["points"]) if d["complete"] else ("-" if not trump else "unfin."),
            _pair(d["score"]), _marks(d),
        )
    console.print(table)
    final = game["final"]
    won = f"; {final['winner']} win" if final["winner"] else ""
    console.print(f"Final (NS-EW): {_pair(final['points'])}{won}.")
    if game.get("not_applied"):
        console.print(Text("Record's rules not applied: " + ", ".join(game["not_applied"]), style="yellow"))
    for d in game["deals"]:
        for irr in d["irregularities"]:
            _irregularity(d["number"], irr)
    if any("penalties" in d for d in game["deals"]):
        console.print("Scored with the penalties applied as if claimed at the end of each hand (--apply).")
    console.print()


def _irregularity(number: int, irr: dict[str, Any]) -> None:
    head = Text.assemble((f"Deal {number}, trick {irr['trick']}: ", "bold"),
                         (_SHORT.get(irr["kind"], irr["kind"]), "bold red"), f" by {irr['offender'] or '?'}. ")
    head.append(clean(irr["proof"]) + ".")
    console.print(head)
    ruling = irr.get("ruling")
    if ruling:
        laws = ", ".join(str(n) for n in ruling["laws"])
        console.print(Text(f"  Ruling (Laws {laws}): {clean(ruling['summary'])}"))
        if irr.get("choice"):
            console.print(Text(f"  The wronged side chooses ({', '.join(irr['choice'])}); nothing is scored "
                               "until it does.", style="yellow"))
    elif irr.get("refused"):
        console.print(Text(f"  No ruling: {clean(irr['refused'])}", style="yellow"))
    else:
        console.print(Text("  No incident kind covers it: the record contradicts itself here.", style="yellow"))


def deal_detail(game: dict[str, Any]) -> None:
    """One deal trick by trick: the hands where known, who led, and who won."""
    for d in game["deals"]:
        console.print(Text.assemble((clean(game["file"]), "bold"), f"  deal {d['number']}"))
        trump = d["trump"]
        alone = f", {d['alone']} alone" if d["alone"] else ""
        console.print(f"Dealer {d['dealer']}, turned {d['up_card'] or '?'}; "
                      + (f"trump {trump} made by {d['maker']}{alone}." if trump else "all passed."))
        for seat, hand in (d.get("hands") or {}).items():
            console.print(f"  {seat} held {' '.join(hand)}")
        table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold")
        for name in ("Trick", "Led", "N", "E", "S", "W", "Won"):
            table.add_column(name, no_wrap=True)
        flagged = {(i["trick"], i["offender"]) for i in d["irregularities"]}
        for n, plays in enumerate(d["plays"], 1):
            cells: dict[str, Text] = {s: Text("") for s in "NESW"}
            for play in plays:
                seat, card = play.split()
                style = "bold red" if (n, seat) in flagged else ("bold" if play is plays[0] else "")
                cell = cells[seat]
                if cell.plain:
                    cell.append(" ")
                cell.append(card, style)
            won = d["winners"][n - 1] if n <= len(d["winners"]) else "-"
            table.add_row(str(n), d["leaders"][n - 1], *cells.values(), won)
        console.print(table)
        console.print(f"Tricks {_pair(d['tricks'])}, points {_pair(d['points'])}, score {_pair(d['score'])} (NS-EW).")
        for irr in d["irregularities"]:
            _irregularity(d["number"], irr)
        console.print()


class Progress:
    """A progress bar on stderr for a large folder, only on a terminal.

    It starts (with its drawing thread) at the first file done, not before: the JSON audit
    forks its workers first, and a process is forked safely only while it has one thread.
    """

    def __init__(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import Progress as Bar

        self.bar = Bar(console=Console(stderr=True), transient=True)
        self.task = self.bar.add_task("auditing", total=total)
        self.started = False

    def __call__(self, done: int, total: int) -> None:
        if not self.started:
            self.started = True
            self.bar.start()
        self.bar.update(self.task, completed=done)

    def stop(self) -> None:
        self.bar.stop()
