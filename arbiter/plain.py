"""Linear text, for a screen reader, a dumb terminal and braille: every view read in order.

A screen reader reads a terminal line by line. A panel's box, a table's columns side by
side, a card's suit symbol and an arrow read aloud as noise, or in the wrong order. So in
the plain view each Rich renderable is laid out again as lines of words, whatever command
drew it:

- a panel becomes its title as a heading line, then its body, then a blank line;
- a table becomes its title, then its header and each row as one line, cells in column
  order (the first cell, a colon, the others separated by semicolons); a grid (no header,
  such as a numbered list of options) reads each row's cells in order on one line;
- symbols are said in words: "K♥" is "K of hearts", "→" is "then", "·" a colon.

No colour or style is written either. `NO_COLOR` alone keeps the boxes and drops only the
colour, as its convention asks; `TERM=dumb` or `--plain` asks for this view.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any

PLAIN, BRAILLE = "plain", "braille"

SUITS = {"\u2663": "clubs", "\u2666": "diamonds", "\u2665": "hearts", "\u2660": "spades"}
SAID = [
    (re.compile(r"(\w[\u2660-\u2667]\*?) +(?=\w)"), lambda m: f"{m.group(1)}, "),  # cards in a row: a pause
    (re.compile(r"(\w+)([\u2660-\u2667])"), lambda m: f"{m.group(1)} of {SUITS.get(m.group(2), '')}"),
    (re.compile(r"[\u2660-\u2667] ?"), lambda m: ""),  # "♥ hearts": the word is already there
    (re.compile(r"\s*\u2192\s*"), lambda m: ", then "),
    (re.compile(r" \u00b7 "), lambda m: ": "),
    (re.compile(r"\u2022 ?"), lambda m: ""),  # a bullet: the line break already parts the items
    (re.compile(r"\[(Laws?)\u00a0([^\]]+)\]"), lambda m: f"({m.group(1)}\u00a0{m.group(2)})"),  # read as an aside
]
"""What a symbol says, in words. Law text has none of these signs, so it passes untouched."""


def requested(env: Mapping[str, str] = os.environ) -> bool:
    """A terminal that asks for plain text: `TERM=dumb` (an editor's shell, a screen reader's
    console)."""
    return env.get("TERM", "").strip().lower() == "dumb"


def words(text: str) -> str:
    """A line with its symbols said in words."""
    for pattern, said in SAID:
        text = pattern.sub(said, text)
    return text


def linear(renderable: Any) -> Any:
    """A renderable laid out as lines of words, read top to bottom; strings and plain text
    pass through with their symbols said in words."""
    from rich.console import Group
    from rich.padding import Padding
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    if isinstance(renderable, Text):
        return _text(renderable)
    if isinstance(renderable, str):
        return Text(words(Text.from_markup(renderable).plain))
    if isinstance(renderable, Panel):
        head = " ".join(x for x in (_plain(renderable.title), _bracketed(renderable.subtitle)) if x)
        parts = [Text(head)] if head else []
        return Group(*parts, linear(renderable.renderable), Text(""))
    if isinstance(renderable, Table):
        return Group(*_table_lines(renderable))
    if isinstance(renderable, Padding):
        return Padding(linear(renderable.renderable), (0, 0, 0, renderable.left))
    if isinstance(renderable, Group):
        return Group(*(linear(r) for r in renderable.renderables))
    return renderable


def flow(paragraph: str) -> str:
    """A printed paragraph for the screen: lines joined, except in the book's indented lists."""
    lines = paragraph.split("\n")
    if any(line.startswith(" ") for line in lines[1:]):
        return paragraph
    return " ".join(line.strip() for line in lines)


def _text(text: Any) -> Any:
    """Text without its styles, its symbols in words, each paragraph flowed (a law's printed
    line ends are no sentence's end: the screen or the braille line breaks it again);
    justification and wrapping kept."""
    from rich.text import Text

    said = re.sub(r"[^\n]+(?:\n[^\n]+)*", lambda m: flow(m.group()), words(text.plain))
    return Text(said, justify=text.justify, overflow=text.overflow, no_wrap=text.no_wrap, end=text.end)


def _plain(title: Any) -> str:
    """A title (markup string or Text) as words."""
    if title is None:
        return ""
    if isinstance(title, str):
        from rich.text import Text

        title = Text.from_markup(title)
    return words(title.plain).strip()


def _bracketed(subtitle: Any) -> str:
    said = _plain(subtitle)
    return f"({said})" if said else ""


def _table_lines(table: Any) -> list[Any]:
    """A table's title, header and rows, one line each, cells in column order."""
    from rich.text import Text

    out: list[Any] = []
    title = _plain(table.title)
    if title:
        out.append(Text(title))
    columns = table.columns
    grid = not table.show_header or not any(_cell(c.header) for c in columns)
    rows = [[_cell(c) for c in column.cells] for column in columns]
    if not grid:
        out.append(Text(_row([_cell(c.header) for c in columns])))
    for cells in zip(*rows):
        if grid and any("\n" in c for c in cells):
            out.extend(Text(c) for c in cells if c.strip())  # a cell of several lines: each cell in turn
        elif grid:
            out.append(Text(" ".join(c.strip() for c in cells if c.strip())))
        else:
            out.append(Text(_row(list(cells))))
    return out


def _row(cells: list[str]) -> str:
    """'first: second; third' for the cells that are not empty."""
    cells = [c.strip() for c in cells]
    first, rest = (cells[0], cells[1:]) if cells else ("", [])
    tail = "; ".join(c for c in rest if c)
    if first and tail:
        return f"{first}: {tail}"
    return first or tail


def _cell(cell: Any) -> str:
    """A table cell (a string, markup, Text or another renderable) as words."""
    from rich.text import Text

    if isinstance(cell, Text):
        return words(cell.plain)
    if isinstance(cell, str):
        return words(Text.from_markup(cell).plain)
    return rendered([linear(cell)]).rstrip("\n")


def rendered(objects: Any, **options: Any) -> str:
    """Linear renderables as text with no styles, each paragraph on one line (for braille,
    which breaks its own lines, and for a table's cell)."""
    import io

    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=10_000, color_system=None, highlight=False, emoji=False).print(*objects, **options)
    return out.getvalue()
