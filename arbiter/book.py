"""The club's book: the whole code, laid out once as a sequence of blocks, and written out
as print text or as braille (BRF).

The blocks are the book's own order: its title, the heading of the laws, each section's
heading and its laws, the etiquette, and the technical terms with their printed
definitions. Every law's words are its record's text, as printed. A writer for another
form (HTML) takes the same blocks.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, NamedTuple

from arbiter import braille

if TYPE_CHECKING:
    from arbiter.rulebook import Rulebook

PRINT_WIDTH = 78
"""Columns of the print text: within an 80-column terminal or a page."""


class Block(NamedTuple):
    """One piece of the book, in order."""

    kind: str
    """`title` (a line of the title page), `part` (the laws, the terms), `section`, `law`
    or `term`."""
    text: str
    """Its words as printed; a law's with its number, `52. If any player ...`."""
    number: int | None = None
    """A law's number; a section's first law."""


def blocks(book: Rulebook) -> list[Block]:
    """The whole code, in the book's order."""
    heads = book.extra.get("book", {})
    out = [Block("title", line) for line in heads.get("title", [])]
    if heads.get("laws"):
        out.append(Block("part", heads["laws"]))
    for sec in book.sections:
        out.append(Block("section", f"{sec.title.upper()}.", sec.first))
        for n in sec.numbers:
            out.append(Block("law", f"{n}. {_flowed(book.law(n).text)}", n))
    defined = [t for t in book.terms if t.kind == "defined"]
    if defined:
        out.append(Block("part", heads.get("terms", "TECHNICAL TERMS.")))
        out.extend(Block("term", f"{' or '.join(t.printed) or t.term}--{_flowed(t.text)}") for t in defined)
    return out


def _flowed(text: str) -> str:
    """A printed paragraph's lines joined: a line end in print is no sentence's end."""
    return "\n\n".join(" ".join(p.split()) for p in text.split("\n\n"))


def text(book: Rulebook) -> str:
    """The book as print text: headings on lines of their own, paragraphs wrapped."""
    out: list[str] = []
    for b in blocks(book):
        if b.kind == "title":
            out.append(b.text.center(PRINT_WIDTH).rstrip())
            continue
        out.append("")
        if b.kind in ("part", "section"):
            out.extend(["", b.text] if b.kind == "part" else [b.text])
            continue
        for para in b.text.split("\n\n"):
            out.extend(textwrap.wrap(para, PRINT_WIDTH, break_on_hyphens=False, break_long_words=False))
    return "\n".join(out).lstrip("\n") + "\n"


def brf(book: Rulebook, page_lines: int = braille.PAGE_LINES) -> str:
    """The book in Grade 1 braille ASCII: 40 cells a line; headings centred with a blank line
    before them; each law a paragraph begun two cells in; pages of `page_lines` lines ended by
    form feeds (0: one long page)."""
    rows: list[str | list[str]] = []
    heading: list[str] = []  # kept with the first line of what follows it, never a page's last
    for b in blocks(book):
        cells = braille.translate(b.text)
        if b.kind == "title":
            rows.extend(_centred(cells))
        elif b.kind in ("part", "section"):
            heading += ["", *_centred(cells)]
        else:
            for para in cells.split("\n\n"):
                first, *rest = braille.lines(para, braille.WIDTH, indent=2)
                rows.append([*heading, first])
                rows.extend(rest)
                heading = []
    return "".join(row + ("\n" if row != "\f" else "") for row in braille.page(rows, page_lines))


def _centred(cells: str) -> list[str]:
    return [line.center(braille.WIDTH).rstrip() for line in braille.lines(cells)]
