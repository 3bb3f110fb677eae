"""Grade 1 (uncontracted) English braille in North American Braille ASCII, the text of a
BRF file: what an embosser prints and a braille display shows.

The conventions are those of the club's own transcription of the 1888 book
(laws/sources/somerset-laws-1888.braille-ascii.txt), learnt by setting it beside the print
line by line:

- letters are written once, lower case; a capital is `,` before its letter, and a word in
  capitals (two letters or more) is `,,` before it, again after each hyphen (`,,re-,,entry`);
- a number is `#` and the digits as the letters a-j (1888 is `#ahhh`); a comma or a point
  inside a number keeps it going; after a number, a letter a-j takes the letter sign `;`;
- punctuation: `,` is `1`, `;` `2`, `:` `3`, `.` `4`, `!` `6`, `?` `8`, both parentheses `7`,
  the apostrophe `'`, the hyphen `-` and the dash `--`;
- the print's double quotation marks, its italics (`_might_`) and the brackets round
  "[Illustration]" are not written: the transcription has no cell for any of them.

Lines are broken at spaces only (never a hyphen added) to fit 40 cells, and a book can be cut
into pages of 25 lines, each ended by a form feed, as an embosser takes them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator

WIDTH = 40
"""Cells in a line of the transcription, and of a standard embossed page."""
PAGE_LINES = 25
"""Lines on a standard embossed page (11 by 11.5 inches)."""

CAPITAL, CAPITALS, NUMBER, LETTER = ",", ",,", "#", ";"
DIGITS = dict(zip("1234567890", "abcdefghij"))
SIGNS = {
    ",": "1", ";": "2", ":": "3", ".": "4", "!": "6", "?": "8", "(": "7", ")": "7",
    "'": "'", "\u2019": "'", "\u2018": "'", "-": "-", "\u2010": "-", "\u2013": "-", "\u2014": "--",
    "/": "/", "*": "99",
}
"""Print punctuation and its cells. The transcription writes the dash as two hyphen cells,
as the print source does (`Right,"--knave`); an em dash is the same dash."""
UNWRITTEN = set('"\u201c\u201d_[]{}')
"""Print marks the transcription leaves out: double quotation marks, italics, brackets."""
WORDS = {"&": "and", "%": "percent", "+": "plus", "=": "equals", "<": "less than",
         ">": "more than", "@": "at", "$": "dollars", "\u2026": "...", "\u00a0": " "}
"""Signs with no cell of their own in literary Grade 1: said in words instead."""


def translate(text: str) -> str:
    """Print text as Grade 1 braille ASCII, its words separated as the print's are (space
    runs kept, line breaks kept)."""
    out: list[str] = []
    for piece in re.split(r"(\s+)", _spelled(text)):
        out.append(piece if not piece or piece.isspace() else word(piece))
    return "".join(out)


def _spelled(text: str) -> str:
    """Signs with no cell replaced by their words; accented letters by their plain letters
    (Grade 1 ASCII has no accent cells in this transcription)."""
    for sign, said in WORDS.items():
        if sign in text:
            text = text.replace(sign, f" {said} " if said.isalpha() else said)
    return unicodedata.normalize("NFKD", text)


def word(token: str) -> str:
    """One print word (no spaces) in braille ASCII."""
    return "-".join(_part(p) for p in token.split("-"))


def _part(part: str) -> str:
    """A word or a part between hyphens: the capital signs, the number sign and the letters."""
    letters = [c for c in part if c.isalpha()]
    shouting = len(letters) >= 2 and all(c.isupper() for c in letters)
    out: list[str] = []
    numeric = False  # within a number, so a letter a-j would read as a digit
    capitals_said = False
    for i, ch in enumerate(part):
        if ch.isdigit() and ch.isascii():
            if not numeric:
                out.append(NUMBER)
                numeric = True
            out.append(DIGITS[ch])
            continue
        if numeric and ch in ",." and i + 1 < len(part) and part[i + 1].isdigit():
            out.append(SIGNS[ch])  # 1,000 and 3.5 stay one number
            continue
        if ch.isalpha() and ch.isascii():
            if shouting:
                if not capitals_said:
                    out.append(CAPITALS)
                    capitals_said = True
            elif ch.isupper():
                out.append(CAPITAL)
            elif numeric and ch in "abcdefghij":
                out.append(LETTER)
            out.append(ch.lower())
        elif ch in SIGNS:
            out.append(SIGNS[ch])
        # anything else (a combining accent, a mark with no cell) is not written
        numeric = False
    return "".join(out)


def lines(paragraph: str, width: int = WIDTH, indent: int = 0) -> list[str]:
    """A paragraph of braille broken at spaces into lines of at most `width` cells; the first
    line indented by `indent` cells. A word longer than a line is cut, as it must be."""
    out: list[str] = []
    line = " " * indent
    for w in paragraph.split():
        while len(w) > width:
            if line.strip():
                out.append(line)
            out.append(w[:width])
            w, line = w[width:], ""
        if not line.strip():
            line = line + w
        elif len(line) + 1 + len(w) <= width:
            line = f"{line} {w}"
        else:
            out.append(line)
            line = w
    if line.strip():
        out.append(line)
    return out


def page(rows: Iterable[str | list[str]], length: int = PAGE_LINES) -> Iterator[str]:
    """Lines cut into pages of `length` lines, each page ended by a form feed; `length` 0
    leaves them unpaged. A list of lines (a heading with the first line under it) is kept on
    one page when it fits on one. A page never starts with a blank line."""
    count = 0
    for item in rows:
        group = [item] if isinstance(item, str) else item
        if length and count and count + len(group) > length and len(group) <= length:
            yield "\f"
            count = 0
        for row in group:
            if length and count == length:
                yield "\f"
                count = 0
            if length and count == 0 and not row.strip():
                continue
            yield row
            count += 1
    if length and count:
        yield "\f"


def document(text: str, width: int = WIDTH) -> list[str]:
    """Print text, one paragraph a line (blank lines kept, leading spaces an indent), as
    braille lines of at most `width` cells."""
    out: list[str] = []
    for row in text.split("\n"):
        if not row.strip():
            out.append("")
            continue
        indent = min(len(row) - len(row.lstrip()), width // 4)
        out.extend(lines(translate(row.strip()), width, indent))
    return out
