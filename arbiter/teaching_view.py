"""Rich views for the teaching commands: lessons, quizzes, the remarks and the coups.

JSON for machines is written by the cli, never through Rich.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from pathlib import PurePath
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from arbiter.plain import flow
from arbiter.render import console

if TYPE_CHECKING:
    from arbiter.model import Card
    from arbiter.rulebook import Rulebook, Section
    from arbiter.divergence import Divergence, Provision
    from arbiter.teaching import Basics, Coup, Lesson, Played, Quiz, Question, RemarkPart, Remarks

SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
SIDE_WORDS = {"AC": "A and C", "BD": "B and D"}
OURS = "yellow"


def card(c: Card | None, derived: bool = False) -> Text:
    """A card with its suit symbol, red for hearts and diamonds; `?` for one the book hides."""
    if c is None:
        return Text("?", style="bold")
    style = "bold red" if c.suit.red else "bold"
    return Text.assemble((f"{c.rank}{SYMBOLS[c.suit.value]}", style), ("*" if derived else "", OURS))


def cards(cs: tuple[Card | None, ...] | list[Card | None]) -> Text:
    """A hand, cards separated by spaces."""
    return Text(" ").join(card(c) for c in cs) if cs else Text("(not given)", style="dim")


# --- teach ---------------------------------------------------------------------------------------


def syllabus(rows: list[tuple[Section, int, int]], ruleset: str = "", basics: bool = True) -> None:
    """The sections, with how many laws have a worked case (the code's own cases)."""
    title = "Lessons: arbiter teach SECTION" + (f" --ruleset {ruleset}" if ruleset else "")
    listing = Table(title=title, box=None, header_style="bold", padding=(0, 1))
    listing.add_column("Section", style="bold cyan", no_wrap=True)
    listing.add_column("Laws", justify="right")
    listing.add_column("With a worked case", justify="right")
    listing.add_column("Title")
    for sec, n, with_case in rows:
        listing.add_row(sec.id, f"{sec.first}-{sec.last}" if sec.first != sec.last else str(sec.first),
                      f"{with_case}/{n}", sec.title)
    console.print(listing)
    if basics:
        console.print(Text("New to the game? arbiter teach basics: the cards, the deal, making the trump, the play "
                           "and the scoring, each tied to its law.", style="dim"))
    console.print(Text("Where the codes part: arbiter teach --compare SECTION (revoke, alone...).", style="dim"))


def lesson(book: Rulebook, les: Lesson, page: bool = False) -> None:
    """A section law by law: the text, our gloss, a worked case; through a pager when `page`."""
    if page:
        import os

        os.environ.setdefault("LESS", "FRX")  # keep the colours; no pager for what fits one screen
    with console.pager(styles=True) if page else nullcontext():
        _lesson(book, les)


def _lesson(book: Rulebook, les: Lesson) -> None:
    sec = les.section
    console.print(Text.assemble((f"{sec.title}", "bold cyan"), (f"  Laws {sec.first}-{sec.last}", "dim")))
    if les.note:
        console.print(Text(les.note, style="bold"))
    elif sec.summary:
        console.print(Text(sec.summary, style="dim"))
    for item in les.items:
        law = item.law
        body: list[Text] = [Text(law.text)]
        body.append(Text.assemble(("\nIn plain words ", "bold green"), ("(ours, not the law's): ", "dim"), item.gloss))
        for amendment in book.house.amending_law(law.key) if book.house is not None else ():
            body.append(Text.assemble(("\nAt this table (house rule, not the printed law): ", "bold magenta"),
                                      amendment.says))
        ex = item.example
        if ex is None:
            body.append(Text("\nWorked case: none yet turns on this law.", style="dim"))
        else:
            how = "turns on this law" if ex.governing else f"governed by Law {ex.laws[0]}, cites this one"
            body.append(Text.assemble(("\nWorked case: ", "bold magenta"), (ex.title, "italic"), (f"  ({how})", "dim")))
            body.append(Text.assemble(("Ruling: ", "bold"), ex.summary))
        label = "Law" if law.kind == "law" else "Etiquette"
        console.print(Panel(Group(*body), title=f"[bold]{label} {law.number}[/] · {escape(law.title)}",
                            title_align="left"))
        if ex is not None:  # outside the panel and never wrapped, so that it can be copied whole;
            # on a line of its own, which most names let fit in 80 columns
            console.print(Text("  Try it:", style="dim"))
            console.print(Text(f"  arbiter rule --case {PurePath(ex.path).stem}", style="dim"),
                          overflow="ignore", crop=False)
    if les.remarks or les.coups:
        console.print(Text("The authors' own teaching on these laws", style="bold"))
        for p in les.remarks:
            console.print(Text.assemble(" • ", (p.title, "italic"), (f"  arbiter remarks {p.id}", "dim")))
        for c in les.coups:
            console.print(Text.assemble(" • ", (c.name, "italic"), (f"  arbiter coup {c.number}", "dim")))


def basics(b: Basics, page: bool = False) -> None:
    """The game itself, step by step: our words, then the laws and terms quoted as printed."""
    if page:
        import os

        os.environ.setdefault("LESS", "FRX")
    with console.pager(styles=True) if page else nullcontext():
        console.print(Text(b.title, style="bold cyan"))
        console.print(Text.assemble(("In our words (not the laws'): ", "dim"), b.intro))
        for i, t in enumerate(b.topics, 1):
            body: list[RenderableType] = [Text.assemble(("In our words ", "bold green"), ("(not the laws'): ", "dim"), t.ours)]
            for n, words in t.laws:
                body.append(Text(f"\nLaw {n}, as printed:", style="bold"))
                body.append(Text(f"“{words}”"))
            for term in t.terms:
                heading = " or ".join(term.printed) if term.printed else f"“{term.term},”"
                body.append(Text.assemble(("\nTechnical Terms, as printed: ", "bold"), heading.rstrip(",") + "—", term.text))
            body.append(Text(f"\nMore: arbiter teach {t.more.id}", style="dim"))
            console.print(Panel(Group(*body), title=Text.assemble((f"{i}. ", "bold"), (t.title, "bold")), title_align="left"))


# --- remarks ---------------------------------------------------------------------------------------


def remarks(rem: Remarks, part: RemarkPart | None) -> None:
    """The General Remarks: the contents, or one part in full."""
    if part is None:
        console.print(Text(rem.heading, style="bold"))
        for p in rem.paragraphs:
            console.print(Text(flow(p)))
            console.print()
        listing = Table(box=None, header_style="bold", padding=(0, 1), title="Parts: arbiter remarks PART")
        listing.add_column("Part", style="bold cyan")
        listing.add_column("Title")
        listing.add_column("Laws (our pointer)", style="dim")
        for p in rem.parts:
            listing.add_row(p.id, p.title, ", ".join(map(str, p.laws)))
        console.print(listing)
        return
    body: list[Text] = []
    for para in part.paragraphs:
        body.append(Text(flow(para)))
        body.append(Text(""))
    for note in part.footnotes:
        body.append(Text(note, style="dim"))
    if part.laws:
        body.append(Text("Laws that govern these choices (our pointer): " + ", ".join(map(str, part.laws)), style=OURS))
    console.print(Panel(Group(*body), title=f"[bold]{escape(part.heading)}[/]",
                        subtitle="General Remarks, as printed", title_align="left", subtitle_align="right"))


# --- coups -----------------------------------------------------------------------------------------


def coup_list(all_coups: tuple[Coup, ...], intro: tuple[str, ...]) -> None:
    """The nine coups, with the book's introduction."""
    console.print(Text("COUPS.", style="bold"))
    for p in intro:
        console.print(Text(flow(p)))
    console.print()
    for c in all_coups:
        console.print(Text.assemble((f"{c.number:>2}  ", "bold cyan"), (c.name, "bold")))
        console.print(Padding(Text(c.lesson, style="dim"), (0, 0, 0, 4)))
    console.print(Text("\narbiter coup N shows a case; the lines in grey are our words, not the book's.", style="dim"))


def deal_table(c: Coup, hands: dict[str, tuple[Card | None, ...]] | None = None) -> Table:
    """The four hands as the book lays them out: A (dealer) at the top, D left, B right, C below."""
    from arbiter.teaching import COUP_ROLES

    hands = hands or c.hands
    grid = Table.grid(padding=(0, 3))
    for _ in range(3):
        grid.add_column(justify="center")

    def seat(s: str) -> Text:
        head = Text.assemble((s, "bold cyan"), (f" · {COUP_ROLES[s]}", "dim"))
        if c.alone == s:
            head.append(" · alone", style="bold magenta")
        if c.alone is not None and s not in c.players:
            head.append(" · out", style="dim")
        return Text.assemble(head, "\n", cards(hands[s]))

    middle = Text.assemble(("Trumps ", "dim"), (f"{SYMBOLS[c.trump.value]} {c.trump.value}", "bold red" if c.trump.red else "bold"),
                           ("\nturn-up ", "dim"), card(c.turnup))
    grid.add_row("", seat("A"), "")
    grid.add_row(seat("D"), middle, seat("B"))
    grid.add_row("", seat("C"), "")
    return grid


def _outcome(book: Rulebook, c: Coup) -> Text:
    from arbiter.teaching import outcome_points

    points, law = outcome_points(book, c)
    makers = f"{c.alone}, playing alone," if c.alone else SIDE_WORDS[c.makers]
    if c.outcome == "euchre":
        words = f"{makers} {'is' if c.alone else 'are'} euchred: {SIDE_WORDS[c.outcome_side]} score {points}"
    elif c.outcome == "march":
        words = f"{makers} {'takes' if c.alone else 'take'} all five tricks, a march: {points}"
    else:
        words = f"{makers} {'makes his' if c.alone else 'make their'} point: {points}"
    return Text.assemble(("Outcome: ", "bold"), words, (f"  (Law {law})", "dim"))


def _indent(text: Text) -> Padding:
    return Padding(text, (0, 0, 0, 2))


def _trick(p: Played) -> list[RenderableType]:
    t = p.trick
    head = Text.assemble((f"\nTrick {t.n}", "bold"), (f" · {t.heading}" if t.heading else "", "italic"))
    if t.source == "remarks":
        head.append("  (from the remarks)", style="dim")
    if t.plays and all(x.derived for x in t.plays):
        head.append("  (not printed: deduced from the hands)", style=OURS)
    out: list[RenderableType] = [head]
    if t.plays:
        line = Text()
        for i, play in enumerate(t.plays):
            line.append(f"{play.seat} ", style="cyan")
            if i == 0:
                line.append("leads ", style="dim")
            line.append_text(card(play.card, play.derived))
            line.append("   ")
        line.append(f"→ {p.winner} wins", style="bold green")
        out.append(_indent(line))
    if t.text:
        out.append(_indent(Text(f"“{t.text}”", style="italic")))
    if p.revokes:
        out.append(_indent(Text(f"Not following suit though able: {', '.join(p.revokes)}", style="bold red")))
    for note in t.notes:
        out.append(_indent(Text(f"* {note}", style=OURS)))
    return out


def coup(book: Rulebook, c: Coup, wait: Callable[[], bool] | None = None) -> None:
    """A coup: the table, each trick, the outcome and the book's remarks.

    `wait`, given on a terminal, is called before each trick and returns False to stop.
    """
    from arbiter.teaching import replay

    if c.preface:
        console.print(Text(c.preface, style="dim italic"))
    console.print(Text.assemble((f"CASE {c.roman}.", "bold"), (f"  {c.title}" if c.title else "", "bold italic")))
    console.print(Text.assemble(("A and C are partners; A deals. ", "dim"), c.setting))
    console.print(deal_table(c))
    for e in c.errata:
        reading = e.reading.words if e.reading else "unknown, shown as ?"
        console.print(Text.assemble(("Misprint: ", "bold red"), f"the book prints the {e.printed.words} in {e.seat}'s hand; "
                                    f"we read it as {reading}. ", (e.why, OURS)))
    rp, _ = replay(c)
    for p in rp.tricks:
        if wait is not None:
            if not wait():
                return
            console.print(deal_table(c, p.hands_before))
        for line in _trick(p):
            console.print(line)
    console.print()
    console.print(Text.assemble(("Tricks: ", "bold"), f"A and C {rp.taken['AC']}, B and D {rp.taken['BD']}",
                                ("" if rp.complete else "  (the book does not play out the rest)", "dim")))
    console.print(_outcome(book, c))
    if any(x.derived for p in rp.tricks for x in p.trick.plays):
        console.print(Text("* a card the book does not name, deduced from the hands", style=OURS))
    if c.remarks:
        console.print(Panel(Text(c.remarks), title="[bold]REMARKS[/]", title_align="left",
                            subtitle="as printed", subtitle_align="right"))
    for para in c.after:
        console.print(Text(para, style="italic"))
    console.print(Text.assemble(("What it teaches ", "bold green"), ("(our words): ", "dim"), c.lesson))
    if c.notes:
        console.print(Text("Our reading, where the book leaves it open", style=f"bold {OURS}"))
        for n in c.notes:
            console.print(Text(f" • {n}", style=OURS))
    console.print(Text("Laws: " + ", ".join(map(str, c.laws)) + "  (arbiter law N)", style="dim"))


# --- quiz ------------------------------------------------------------------------------------------


def _question(i: int, total: int, q: Question) -> None:
    console.print(Text(f"\nQuestion {i} of {total}", style="bold cyan"))
    if q.setting:
        console.print(Text(q.setting, style="dim"))
    console.print(Text(q.ask, style="bold"))
    for j, choice in enumerate(q.choices, 1):
        console.print(f"  {j}. {escape(choice)}")


def _answer(q: Question, given: int | None) -> None:
    right = q.choices[q.answer]
    if given is not None:
        ok = given == q.answer
        console.print(Text.assemble(("Right. " if ok else "Wrong. ", "bold green" if ok else "bold red"),
                                    ("" if ok else f"You answered {given + 1}. ")))
    console.print(Text.assemble(("Answer: ", "bold"), f"{q.answer + 1}. {right}", (f"  [Law {q.law}]", "bold magenta")))
    console.print(Text(q.explain, style="dim"))


def quiz_sheet(quiz: Quiz) -> None:
    """The questions with their answers: for teachers, and what runs without a terminal or answers."""
    console.print(Text(f"Quiz: seed {quiz.seed}" + (f", section {quiz.section}" if quiz.section else ""), style="bold"))
    for i, q in enumerate(quiz.questions, 1):
        _question(i, len(quiz.questions), q)
        _answer(q, None)
    console.print(Text(f"\nNo answers given. To take this quiz, answer on a terminal, or pass --answers 2,1,3 "
                       f"(or pipe the answers in), with --seed {quiz.seed}.", style="dim"))


def quiz_graded(quiz: Quiz) -> None:
    """Each question with the answer given, the right answer and its law; then the score."""
    given = quiz.given or []
    for i, (q, g) in enumerate(zip(quiz.questions, given), 1):
        _question(i, len(quiz.questions), q)
        _answer(q, g)
    score(quiz)


def score(quiz: Quiz) -> None:
    """The final score line."""
    console.print(Text(f"\nScore: {quiz.right}/{len(quiz.questions)}  (seed {quiz.seed})", style="bold"))


def quiz_interactive(quiz: Quiz, ask: Callable[[str], str | None]) -> None:
    """Ask each question on a terminal; `ask` returns a line, or None at end of input."""
    from arbiter.model import InputError
    from arbiter.teaching import parse_answer

    quiz.given = []
    console.print(Text(f"Quiz: {len(quiz.questions)} questions (seed {quiz.seed}). Answer with the number; q to stop.",
                       style="bold"))
    for i, q in enumerate(quiz.questions, 1):
        _question(i, len(quiz.questions), q)
        while True:
            line = ask(f"Your answer (1-{len(q.choices)}): ")
            if line is None or line.strip().lower() in ("q", "quit"):
                quiz.questions = quiz.questions[: i - 1]
                score(quiz)
                return
            try:
                given = parse_answer(line, q)
                break
            except InputError as err:
                console.print(Text(str(err), style="red"))
        quiz.given.append(given)
        _answer(q, given)
    score(quiz)


# --- teach --compare ---------------------------------------------------------------------------


def divergence(d: Divergence, page: bool = False) -> None:
    """A section across the codes: each subject's provisions quoted, silence marked, then the
    fields on which the rulings of its incident kinds differ."""
    if page:
        import os

        os.environ.setdefault("LESS", "FRX")
    with console.pager(styles=True) if page else nullcontext():
        _divergence(d)


def _divergence(d: Divergence) -> None:
    from arbiter.divergence import value_words

    sec = d.section
    console.print(Text.assemble((f"Where the codes part: {sec.title}", "bold cyan"),
                                (f"  ({d.ruleset}, {sec.first}-{sec.last})", "dim")))
    console.print(Text("Each law quoted as printed; a code with no provision on it is marked silent.", style="dim"))
    shown: set[tuple[str, int]] = set()

    def quote(p: Provision) -> list[Text]:
        head = Text.assemble((f"{p.ruleset} {p.number}", "bold"), f" · {p.title}")
        if (p.ruleset, p.number) in shown:
            return [Text.assemble(head, ("  (quoted above)", "dim"))]
        shown.add((p.ruleset, p.number))
        return [head, Text(f"“{p.text}”")]

    for x in d.subjects:
        body: list[RenderableType] = []
        if x.somerset is None:
            body.append(Text.assemble(("somerset-1888", "bold"), ": silent (no law on this)"))
        else:
            body.extend(quote(x.somerset))
        for name, provisions in x.codes.items():
            if not provisions:
                body.append(Text.assemble((name, "bold"), ": silent (no provision on this)"))
            for p in provisions:
                body.extend(quote(p))
        title = f"Law {x.somerset.number}" if x.somerset else "Not in Somerset"
        console.print(Panel(Group(*body), title=f"[bold]{title}[/]", title_align="left"))
    if not d.kinds:
        console.print(Text("No worked case of this section to rule under every code yet.", style="dim"))
        return
    console.print(Text("Rulings under every code: one worked case for each kind of incident", style="bold"))
    for k in d.kinds:
        console.print(Text.assemble((k.kind, "bold cyan"), ": ", (k.title, "italic")))
        console.print(Text(f"  Rule it under every code: arbiter compare {k.case.rsplit('/', 1)[-1].removesuffix('.yaml')}",
                           style="dim"), overflow="fold")
        if not k.differences:
            console.print(Text("  The codes rule alike.", style="green"))
            continue
        listing = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
        listing.add_column("Field", style="bold", no_wrap=True)
        listing.add_column("Code", no_wrap=True)
        listing.add_column("Value", overflow="fold")
        for diff in k.differences:
            values = sorted(diff["values"].items(), key=lambda nv: nv[0] != "somerset-1888")  # Somerset first
            for i, (name, value) in enumerate(values):
                listing.add_row(f"  {diff['field']}" if i == 0 else "", name, value_words(diff["field"], value))
        console.print(listing)
