"""The club's book as one self-contained HTML page, for the screen and for print.

It takes the book's own layout (`arbiter.book.blocks`: the title, each section and its laws,
the technical terms) and adds what a page can carry: an anchor for every law (`#law-52`),
its cross references as links, the house amendments set beside the laws they amend, the
authors' coups drawn as card diagrams, and a search box that works offline. The page's
frame, stylesheet and script are data files (`templates/`); every word of the book that goes
into the page is escaped here.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from arbiter.book import blocks
from arbiter.reader import DATA_CAP, read_text

if TYPE_CHECKING:
    from arbiter.model import Card
    from arbiter.rulebook import Law, Rulebook
    from arbiter.teaching import Coup

TEMPLATES = Path(__file__).with_name("templates")
SUIT_SIGNS = {"clubs": "\u2663", "diamonds": "\u2666", "hearts": "\u2665", "spades": "\u2660"}


def page(book: Rulebook) -> str:
    """The whole book as one HTML document, its stylesheet and script inline."""
    frame = _template("book.html")
    parts = {
        "title": escape(" ".join(b.text for b in blocks(book) if b.kind == "title") or book.ruleset),
        "style": _template("book.css"),
        "script": _template("book.js"),
        "body": "\n".join(_body(book)),
    }
    for name, value in parts.items():
        frame = frame.replace("{{" + name + "}}", value)
    return frame


def _template(name: str) -> str:
    return read_text(TEMPLATES / name, DATA_CAP, "template")


def _body(book: Rulebook) -> list[str]:
    sections = {s.first: s for s in book.sections}
    laws_heading: str | None = None
    titles, out = [], []
    open_section = False
    for b in blocks(book):
        if b.kind == "title":
            titles.append(f"<p>{escape(b.text)}</p>")
        elif b.kind == "law":
            out.append(_law(book, book.law(b.number or 0), b.text))
        elif b.kind == "term":
            out.append(_term(b.text))
        elif b.kind == "part" and laws_heading is None:
            laws_heading = b.text  # the heading of the laws: it stands over the first section
        else:  # a heading opens a section of its own: in print, a new page
            if open_section:
                out.append("</section>")
            open_section = True
            if b.kind == "section":
                sec = sections[b.number or 0]
                over = f'<h1 class="laws">{escape(laws_heading)}</h1>' if laws_heading and not out else ""
                out.append(f'<section class="part" id="section-{escape(sec.id)}" data-section="{escape(sec.id)}">'
                           f"{over}<h2>{escape(b.text)}</h2>")
            else:
                out.append(f'<section class="part" id="terms" data-section="terms"><h2>{escape(b.text)}</h2>')
    if open_section:
        out.append("</section>")
    head = [f'<header class="title">{"".join(titles)}{_amended_by(book)}</header>', _search(), _contents(book)]
    return head + out + _coups(book)


def _amended_by(book: Rulebook) -> str:
    if book.house is None:
        return ""
    return (f'<p class="house-note">With the house rules of <b>{escape(book.house.name)}</b>: '
            f"{len(book.house.amendments)} amendments, each set beside the law it amends. "
            "The laws' words are as printed; the amendments are the club's.</p>")


def _search() -> str:
    return ('<div class="search" role="search"><label for="search">Search the laws</label> '
            '<input type="search" id="search" autocomplete="off" placeholder="renege, loner, misdeal\u2026">'
            '<ol id="results" aria-live="polite"></ol></div>')


def _contents(book: Rulebook) -> str:
    rows = []
    for sec in book.sections:
        laws = "".join(f'<li><a href="#law-{n}">{n}. {escape(book.law(n).title)}</a></li>' for n in sec.numbers)
        rows.append(f'<li><a href="#section-{escape(sec.id)}">{escape(sec.title)}</a> '
                    f'<span class="range">{_range(sec.first, sec.last)}</span><ol class="laws">{laws}</ol></li>')
    extra = ['<li><a href="#terms">Technical terms</a></li>'] if any(t.kind == "defined" for t in book.terms) else []
    if _has_coups(book):
        extra.append('<li><a href="#coups">Coups</a> <span class="range">Cases I\u2013IX</span></li>')
    return ('<nav class="part" id="contents" data-section="contents"><h2>CONTENTS.</h2>'
            f'<p class="ours">Each law\'s short title is ours, not the book\'s.</p><ol class="sections">{"".join(rows + extra)}</ol></nav>')


def _range(first: int, last: int) -> str:
    return f"Law {first}" if first == last else f"Laws {first}\u2013{last}"


def _law(book: Rulebook, law: Law, printed: str) -> str:
    """One law: its printed words, its cross references, and beside it any house amendment."""
    paras = "".join(f"<p>{escape(p)}</p>" for p in printed.split("\n\n"))
    refs = ""
    if law.refs:
        links = "; ".join(f'<a class="xref" href="#law-{r.law}" data-law="{r.law}">Law {r.law}</a>'
                          + (f" ({escape(r.why)})" if r.why else "") for r in law.refs)
        refs = f'<p class="refs">See also: {links}</p>'
    aside = ""
    amended = book.house.amending_law(law.key) if book.house is not None else []
    if amended:
        items = "".join(f"<li>{escape(a.says)} <code>{escape(a.path)}: {escape(str(a.value))}</code></li>" for a in amended)
        aside = (f'<aside class="house"><h4>House rule of {escape(book.house.name)}</h4>'
                 f'<p class="ours">Not the printed law: the club plays it so.</p><ul>{items}</ul></aside>')
    label = "Law" if law.kind == "law" else "Etiquette"
    keywords = escape(" | ".join(law.keywords))
    terms = escape(" | ".join(name for t in book.terms if law.number in t.laws for name in t.names))
    return (f'<article class="law{" amended" if aside else ""}" id="law-{law.number}" data-law="{law.number}" '
            f'data-keywords="{keywords}" data-terms="{terms}"><div class="printed"><h3><a href="#law-{law.number}">{label} {law.number}</a>'
            f' <span class="title">{escape(law.title)}</span></h3>{paras}{refs}</div>{aside}</article>')


def _term(printed: str) -> str:
    name, sep, rest = printed.partition("--")
    return f'<p class="term"><b>{escape(name)}</b>{escape(sep + rest)}</p>'


# --- the coups ---------------------------------------------------------------------------------


def _has_coups(book: Rulebook) -> bool:
    from arbiter.teaching import has_material

    return has_material(book, "coups")


def _coups(book: Rulebook) -> list[str]:
    if not _has_coups(book):
        return []
    from arbiter.teaching import coups, coups_intro

    out = ['<section class="part" id="coups" data-section="coups"><h2>COUPS.</h2>']
    out.extend(f"<p>{escape(p)}</p>" for p in coups_intro(book))
    out.extend(_coup(book, c) for c in coups(book))
    out.append("</section>")
    return out


def _coup(book: Rulebook, c: Coup) -> str:
    from arbiter.teaching import COUP_ROLES, replay

    def seat(s: str) -> str:
        role = COUP_ROLES[s] + (" \u00b7 alone" if c.alone == s else "") + (
            " \u00b7 out" if c.alone is not None and s not in c.players else "")
        return (f'<div class="seat seat-{s}"><div class="who"><b>{s}</b> {escape(role)}</div>'
                f'<div class="hand">{"".join(_card(x) for x in c.hands[s]) or _NOT_GIVEN}</div></div>')

    middle = (f'<div class="middle">Trumps {SUIT_SIGNS[c.trump.value]} {escape(c.trump.value)}'
              f"<br>turn-up {_card(c.turnup)}</div>")
    table = f'<div class="table" role="img" aria-label="{escape(_hands_words(c))}">' + "".join(
        [seat("A"), seat("D"), middle, seat("B"), seat("C")]) + "</div>"
    misprints = "".join(
        f'<p class="ours">Misprint: the book prints the {escape(e.printed.words)} in {e.seat}\'s hand; we read it as '
        f'{escape(e.reading.words) if e.reading else "unknown, shown as ?"}. {escape(e.why)}</p>' for e in c.errata)
    tricks = []
    for p in replay(c)[0].tricks:
        t = p.trick
        plays = " ".join(f'<span class="play"><b>{x.seat}</b> {_card(x.card, x.derived)}</span>' for x in t.plays)
        won = f' <span class="won">\u2192 {p.winner} wins</span>' if p.winner else ""
        words = f'<q>{escape(t.text)}</q>' if t.text else ""
        notes = "".join(f'<p class="ours">* {escape(n)}</p>' for n in t.notes)
        heading = f" \u00b7 {escape(t.heading)}" if t.heading else ""
        tricks.append(f"<li><b>Trick {t.n}</b>{heading} "
                      f"{plays}{won} {words}{notes}</li>")
    remarks = f'<blockquote class="remarks"><b>REMARKS.</b> {escape(c.remarks)}</blockquote>' if c.remarks else ""
    after = "".join(f"<p>{escape(p)}</p>" for p in c.after)
    laws = ", ".join(f'<a class="xref" href="#law-{n}" data-law="{n}">Law {n}</a>' for n in c.laws)
    preface = f"<p>{escape(c.preface)}</p>" if c.preface else ""
    return (f'<article class="coup" id="coup-{c.number}">{preface}<h3>CASE {c.roman}.'
            f'{" " + escape(c.title) if c.title else ""}</h3><p>A and C are partners; A deals. {escape(c.setting)}</p>'
            f'{table}{misprints}<ol class="tricks">{"".join(tricks)}</ol>{remarks}{after}'
            f'<p class="ours">What it teaches (our words): {escape(c.lesson)}</p><p class="refs">Laws: {laws}</p></article>')


_NOT_GIVEN = '<span class="not-given">(not given)</span>'
"""A hand the book does not print: a lone player's partner, out of the play."""


def _card(card: Card | None, derived: bool = False) -> str:
    if card is None:
        return '<span class="card" title="a card the book does not let us know">?</span>'
    colour = " red" if card.suit.red else ""
    mark = '<sup title="not named by the book: deduced from the hands">*</sup>' if derived else ""
    return (f'<span class="card{colour}" title="{escape(card.words)}">'
            f"{escape(card.rank)}{SUIT_SIGNS[card.suit.value]}{mark}</span>")


def _hands_words(c: Coup) -> str:
    """The deal in words, for a screen reader: the diagram is drawn for the eye."""
    return "; ".join(f"{s}, {role}: " + ", ".join(x.words if x else "unknown" for x in c.hands[s])
                     for s, role in (("A", "dealer"), ("B", "eldest hand"), ("C", "second hand"), ("D", "third hand")))
