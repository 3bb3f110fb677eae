"""How many of the code's laws `arbiter book --braille` writes exactly as the club's braille
transcription does.

    python tests/braille_match.py          the count, and each law that differs

The transcription (laws/sources/somerset-laws-1888.braille-ascii.txt) is Grade 1 braille
ASCII, 40 cells a line. A law's text, in either braille, is the words from its number
(`#eb4` for 52) to the next law's number, less the heading of a section that stands between
them; the last law's runs to the next heading (two words in capitals, `,,technical ,,terms`).
Words are compared one by one, so line breaks, page breaks and spacing do not count. The
slips the transcription itself makes, where it differs from the print, are listed with
their reasons in tests/braille_slips.yaml.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TRANSCRIPTION = ROOT / "laws" / "sources" / "somerset-laws-1888.braille-ascii.txt"
SLIPS = Path(__file__).with_name("braille_slips.yaml")
DIGITS = dict(zip("1234567890", "abcdefghij"))


def marker(n: int) -> str:
    """A law's number as it opens the law in braille: 52 is `#eb4`."""
    return "#" + "".join(DIGITS[d] for d in str(n)) + "4"


def law_texts(brf: str, numbers: list[int]) -> dict[int, list[str]]:
    """Each law's words in a braille text, by number; a law whose number is not found is
    left out. A number opens a law only where a sentence (`4`, `8`, `6`, or a closing quotation mark `0`) or a heading has just ended (a
    law that names another, `,law #eb4`, does not open it)."""
    words = brf.split()
    at: dict[int, int] = {}
    i = 0
    for n in numbers:
        for j in range(i, len(words)):
            if words[j] == marker(n) and j and (words[j - 1][-1:] in "4680" or words[j - 1].startswith(",,")):
                at[n] = i = j
                break
    out: dict[int, list[str]] = {}
    for k, n in enumerate(numbers):
        if n not in at:
            continue
        nxt = at.get(numbers[k + 1]) if k + 1 < len(numbers) else None
        seg = words[at[n] + 1 : nxt]
        if nxt is None:  # the last law: up to the next heading
            cut = next((p for p in range(len(seg) - 1) if seg[p].startswith(",,") and seg[p + 1].startswith(",,")), len(seg))
            seg = seg[:cut]
        out[n] = _without_heading(seg)
    return out


def _without_heading(seg: list[str]) -> list[str]:
    """A law's words less the section heading after them (words with a capital sign, one at
    least in capitals: `,a ,,new ,,deal4`)."""
    end = len(seg)
    while end and seg[end - 1].startswith(","):
        end -= 1
    tail = seg[end:]
    return seg[:end] if any(w.startswith(",,") for w in tail) else seg


def transcription() -> str:
    """The transcription's braille, below its header."""
    return TRANSCRIPTION.read_text(encoding="utf-8").split("=" * 20, 1)[1].split("\n", 1)[1]


def ours() -> str:
    """`arbiter book --braille`, in this process."""
    from arbiter import book, rulebook

    return book.brf(rulebook.load())


def slips() -> dict[int, dict]:
    """The transcription's own slips in the laws, by law."""
    data = yaml.safe_load(SLIPS.read_text(encoding="utf-8")) or {}
    return {s["law"]: s for s in data.get("slips", []) if s.get("law") is not None}


def compare() -> tuple[list[int], dict[int, tuple[list[str], list[str]]]]:
    """The laws that match word for word, and for each other law (ours, the transcription's)."""
    from arbiter import rulebook

    numbers = sorted(rulebook.load().laws)
    mine, theirs = law_texts(ours(), numbers), law_texts(transcription(), numbers)
    same = [n for n in numbers if n in mine and mine.get(n) == theirs.get(n)]
    differ = {n: (mine.get(n, []), theirs.get(n, [])) for n in numbers if n not in same}
    return same, differ


def main() -> int:
    same, differ = compare()
    total = len(same) + len(differ)
    print(f"{len(same)} of {total} laws match the braille transcription word for word")
    known = slips()
    for n, (a, b) in differ.items():
        why = f" (a slip of the transcription: {known[n]['reason']})" if n in known else ""
        print(f"Law {n}{why}:")
        for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
            if op != "equal":
                print(f"  ours: {' '.join(a[i1:i2]) or '-'}   transcription: {' '.join(b[j1:j2]) or '-'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
