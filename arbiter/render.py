"""Rich views for people. JSON for machines is written by the cli, never through Rich."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

if TYPE_CHECKING:
    from arbiter.casebook import Result
    from arbiter.rulebook import Hit, Law, Rulebook, Section, Term
    from arbiter.ruling import KindSpec, Ruling

class _Console(Console):
    view: str | None = None
    """`plain` or `braille` (arbiter.plain) when asked for on the command line; None for
    the Rich view, or the plain one where the terminal asks for it (TERM=dumb)."""

    def on_broken_pipe(self) -> None:
        """The reader of a pipe went away (`| head`): let the cli end quietly with status 0,
        where Rich would exit 1."""
        raise BrokenPipeError

    def print(self, *objects: Any, **options: Any) -> None:
        """Every view passes here, so the plain and braille views are made here, once, for
        all of them: each renderable laid out as lines of words (arbiter.plain), and for
        braille those lines translated and broken at 40 cells (arbiter.braille)."""
        from arbiter import plain

        view = self.view or (plain.PLAIN if plain.requested() else None)
        if view is None:
            return super().print(*objects, **options)
        objects = tuple(plain.linear(o) for o in objects)
        if view == plain.PLAIN:
            return super().print(*objects, **options)
        from arbiter import braille

        text = plain.rendered(objects, **options)  # whole paragraphs: braille breaks its own lines
        cells = "\n".join(braille.document(text.removesuffix("\n")))
        # as Text, never markup; soft-wrapped, so lines of 40 cells are left as they are
        return super().print(Text(cells), end="\n" if text.endswith("\n") else "", soft_wrap=True)


console = _Console(highlight=False, emoji=False)  # no emoji table to load: law text has none


def _law_panel(book: Rulebook, law: Law, refs: bool = True) -> Panel:
    section = book.section(law.section)
    label = "Law" if law.kind == "law" else "Etiquette"
    body: list[Text | str] = [Text(law.text)]
    if refs and law.refs:
        see = "; ".join(f"{r.law} ({r.why})" if r.why else str(r.law) for r in law.refs)
        body.append(Text(f"\nSee also: {see}", style="cyan"))
    if law.notes:
        body.append(Text("\nOur reading (not the law's words):", style="bold yellow"))
        body.extend(Text(f"  • {n}", style="yellow") for n in law.notes)
    amended = book.house.amending_law(law.key) if book.house is not None else []
    if amended:
        body.append(Text(f"\nHouse rules{' of ' + book.house.name if book.house.name else ''} (not the printed law):", style="bold magenta"))
        from arbiter.house import written

        body.extend(Text(f"  • {a.says} ({a.path}: {written(a.value)})", style="magenta") for a in amended)
    return Panel(
        Group(*body),
        # Text, not markup: a markup title makes Rich load its emoji table (~3 ms a lookup)
        title=Text.assemble((f"{label} {law.number}", "bold"), f" · {law.title}"),
        subtitle=Text(section.title),
        title_align="left",
        subtitle_align="right",
    )


def laws(book: Rulebook, items: list[Law]) -> None:
    """Laws in full."""
    for law in items:
        console.print(_law_panel(book, law))


def contents(book: Rulebook, sections: list[Section]) -> None:
    """The table of contents."""
    from rich.table import Table

    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    table.add_column("Law", justify="right")
    table.add_column("Title")
    for sec in sections:
        table.add_row("", Text(f"{sec.title}  ({sec.first}-{sec.last})", style="bold cyan"))
        for n in sec.numbers:
            table.add_row(str(n), book.law(n).title)
    console.print(table)
    if len(sections) == 1 and sections[0].summary:
        console.print(Text(sections[0].summary, style="dim"))


def hits(book: Rulebook, query: str, found: list[Hit]) -> None:
    """Search results, best first; first, where the words name something the code does not have,
    one line saying so and what the code does instead."""
    absent = book.not_in_code(query)
    if absent is not None:
        named = absent.term if " ".join(query.lower().split()) == absent.term.lower() else f"{query} ({absent.term})"
        console.print(Text.assemble((named[:1].upper() + named[1:], "bold"), " is not in the 1888 Somerset code: ",
                                    absent.instead))  # wrapped at the terminal's width, as all prose is
    if not found:
        console.print(Text(f"No law matches {query!r}. Try 'arbiter laws' for the contents."))
        return
    from rich.table import Table

    table = Table(title=Text(f"Laws for {query!r}"), box=None, header_style="bold", padding=(0, 1))
    table.add_column("Law", justify="right")
    table.add_column("Title")
    table.add_column("Section", style="dim")
    table.add_column("Score", justify="right", style="dim")
    for h in found:
        law = book.law(h.number)
        table.add_row(str(h.number), law.title, book.section(law.section).title, f"{h.score:g}")
    console.print(table)


TERM_KINDS = {
    "defined": "Somerset 1888 · Technical Terms",
    "used": "Somerset 1888 · used, not among its Technical Terms",
    "modern": "not in the 1888 Somerset code",
}


def term_kind(book: Rulebook, t: Term) -> str:
    """Where an entry comes from: the Somerset labels, or, for another code, its own words."""
    if book.ruleset == "somerset-1888":
        return TERM_KINDS[t.kind]
    return {"defined": f"{book.ruleset} · defined in its text", "used": f"{book.ruleset} · used, not defined",
            "modern": f"not in {book.ruleset}"}[t.kind]


def term_names(items: list[Term]) -> None:
    """The glossary's names, one a line, with where each comes from."""
    width = max(len(t.term) for t in items)
    for t in items:
        console.print(Text.assemble((t.term.ljust(width), "bold"), ("  " + TERM_KINDS[t.kind], "dim")),
                      overflow="ignore", crop=False)
    console.print(Text("arbiter term NAME shows an entry in full.", style="dim"))


def terms(book: Rulebook, items: list[Term]) -> None:
    """Glossary entries as a teacher wants them: the words, an example, and the laws that use them."""
    from rich.padding import Padding

    for t in items:
        body: list[Text | Padding] = []
        if t.kind == "defined":
            heading = " or ".join(t.printed) if t.printed else f"“{t.term},”"
            body.append(Text.assemble(("As printed: ", "dim"), heading.rstrip(",") + "—", t.text))
        elif t.kind == "used":
            if t.quote:
                law, words = t.quote
                body.append(Text.assemble((f"Law {law} says, as printed: ", "dim"), f"“{words}”"))
            body.append(Text.assemble(("In our words: ", "bold"), t.meaning))
        else:
            body.append(Text.assemble(("Today: ", "bold"), t.meaning))
            body.append(Text("What the Somerset code does instead:", style="bold yellow"))
            body.append(Padding(Text(t.instead[:1].upper() + t.instead[1:], style="yellow"), (0, 0, 0, 2)))
            body.extend(Padding(Text(n, style="yellow"), (0, 0, 0, 2)) for n in t.notes)
        if t.example:
            label = "Example: " if t.somerset else "Example (today's game): "
            body.append(Text.assemble(("\n" + label, "bold green"), t.example))
        if t.laws:
            body.append(Text("\nLaws that use it:" if t.somerset else "\nSomerset laws on the same ground:", style="bold"))
            for n in t.laws:
                law = book.laws.get(n)
                body.append(Text.assemble((f"  {n:>3}  ", "cyan"), law.title if law else ""))
        else:
            body.append(Text("\nNo law uses the term.", style="dim"))
        from arbiter.teaching import remarks_using

        parts = remarks_using(book, (t.term, *t.aliases))
        if parts:
            body.append(Text("The authors' remarks use it: " + ", ".join(f"arbiter remarks {p}" for p in parts), style="dim"))
        if t.somerset and t.notes:
            body.append(Text("Our reading:", style="bold yellow"))
            body.extend(Padding(Text(n, style="yellow"), (0, 0, 0, 2)) for n in t.notes)
        if t.aliases or t.synonyms:
            body.append(Text("Also called: " + ", ".join(dict.fromkeys((*t.aliases, *t.synonyms))), style="dim cyan"))
        style = "dim" if t.somerset else "bold yellow"
        console.print(Panel(Group(*body), title=Text.assemble((t.term, "bold"), " · ", (term_kind(book, t), style)),
                            title_align="left"))


def kinds(book: Rulebook, specs: list[KindSpec]) -> None:
    """The incident kinds."""
    from rich.table import Table

    table = Table(box=None, header_style="bold", padding=(0, 1))
    table.add_column("Kind", style="bold")
    table.add_column("Laws")
    table.add_column("Facts")
    for k in specs:
        facts = ", ".join(f + ("*" if f in k.required else "") for f in k.facts)
        table.add_row(k.name, ", ".join(map(str, k.numbers(book))), facts or "-")
    console.print(table)
    console.print(Text("* required. Facts go in a case file's incident block, or as --name value flags.", style="dim"))
    console.print(Text("arbiter kinds KIND shows one kind's facts: what each means and the values it takes.", style="dim"))


def kind_page(book: Rulebook, spec: KindSpec) -> None:
    """One kind: what it is, its laws, and each fact with its meaning and values."""
    from rich.padding import Padding

    console.print(Text.assemble((spec.name, "bold cyan"), f" — {spec.summary}"))
    console.print(Text("Laws: " + "; ".join(f"{n} {book.law(n).title}" for n in spec.numbers(book)), style="dim"))
    if spec.needs:
        console.print(Text("Also needs, for the case: " + ", ".join(f"--{n}" for n in spec.needs)))
    if not spec.facts:
        console.print(Text("It takes no facts: name the kind, and give the dealer and score where they matter."))
    else:
        console.print(Text("Facts", style="bold"))
        for f in spec.facts.values():
            default = "" if f.default in (None, False, (), []) else f"; default {plain(f.default)}"
            console.print(Text.assemble((f"  --{f.name.replace('_', '-')}", "bold"),
                                        (" (required)" if f.name in spec.required else "", "yellow")))
            console.print(Padding(Text(f.meaning(book) or f.name.replace("_", " ")), (0, 0, 0, 6)))
            console.print(Padding(Text.assemble(("Values: ", "dim"), f.values() + default), (0, 0, 0, 6)))
        for group in spec.one_of:
            console.print(Text("Give at least one of: " + ", ".join(f"--{g.replace('_', '-')}" for g in group)))
    example = " ".join(f"--{n.replace('_', '-')} ..." for n in (*spec.needs, *spec.required))
    console.print(Text(f"\narbiter rule {spec.name} {example}".rstrip() + "   (or an incident block in a case file: cases/README.md)",
                       style="dim"))


def ruling(book: Rulebook, r: Ruling, full: bool = False) -> None:
    """A ruling as announced at the table: summary, options and who elects, what must be
    done, the deal, the score, and the laws by number. With `full`, the laws' text and our
    notes follow; without, one line points to them."""
    from arbiter.score import words as tally

    head = r.title or r.kind.replace("_", " ")
    console.print(Panel(Text(r.summary), title=Text.assemble(("Ruling", "bold"), f" · {head}"), title_align="left"))
    if r.silent:
        _reference(r.reference or {})
        return
    if r.verdict:
        console.print(Text.assemble(("Verdict: ", "bold"), (r.verdict.replace("_", " "), "bold magenta")))
    if r.options:
        console.print(Text("Options", style="bold"))
        _items([(f"{i}.", Text.assemble((f"{(o.by or o.elector).name_} may ", "cyan"), o.text, (f" [Law\u00a0{o.law}]", "dim")))
                for i, o in enumerate(r.options, 1)])
    if r.actions:
        console.print(Text("Must be done", style="bold"))
        _items([("•", Text.assemble(a.text, (f" [Law\u00a0{a.law}]", "dim"))) for a in r.actions])
    if r.deal_outcome:
        who = r.next_dealer.name_ if r.next_dealer else ""
        words = {
            "stands": f"The deal stands{f' ({who} dealt it)' if who else ''}.",
            "redeal": f"A new deal by the same dealer{f': {who} deals again' if who else ''}.",
            # Not always lost as a penalty: after all pass twice the deal is simply at an end (Law 77).
            "passes": f"The deal passes{f' to {who}' if who else ' to the left'}.",
        }[r.deal_outcome]
        console.print(Text.assemble(("Deal: ", "bold"), words))
    a = r.after
    change = ", ".join(f"{s.value} {n:+d}" for s, n in r.adjustment.items() if n) or "no points"
    line = f"{tally(r.before)}  →  {tally(a.points)}  ({change})"
    if not any(r.adjustment.values()) and not any(r.before.values()):
        line = "unchanged (no points)"  # not "NS 0 – EW 0", which a story that told no score would seem to say
    games: list[str] = []
    if a.game_won_by:
        game = f"game to {a.game_won_by.value}, worth {a.game_value}"
        if a.lap:
            game += f", lap of {a.lap}" + (" carried" if a.next_game is not None else ", carried into no game")
        games.append(game)
    if a.rubber_won_by:
        games.append(f"rubber to {a.rubber_won_by.value}")
    whole = "; ".join([line, *games])
    if games and len("Score: " + whole) > console.width:  # the games on a line of their own, not cut mid-phrase
        console.print(Text.assemble(("Score: ", "bold"), line))
        console.print("       " + "; ".join(games))
    else:
        console.print(Text.assemble(("Score: ", "bold"), whole))
    console.print(Text.assemble(("Laws: ", "bold"), ", ".join(str(n) for n in r.laws)))
    for h in r.house_rules or ():
        laws = h["amends"]
        which = f" (amends Law{'s' if len(laws) > 1 else ''} {', '.join(map(str, laws))})" if laws else ""
        console.print(Text.assemble(("House rule: ", "bold yellow"), f"{h['text']}{which}."))
    extra = [n for n in r.notes if not any(n.startswith(f"Law {x}: ") and n[len(f'Law {x}: '):] in book.law(x).notes for x in r.laws)]
    if not full:
        noted = len(extra) + sum(len(book.law(n).notes) for n in r.laws)
        more = f"the laws' text{f' and {noted} note' + ('s' if noted != 1 else '') + ' on open points' if noted else ''}"
        console.print(Text(f"For {more}: add --full.", style="dim"))
        return
    for n in r.laws:
        console.print(_law_panel(book, book.law(n), refs=False))
    if extra:
        console.print(Text("Notes (our reading, where the text leaves it open)", style="bold yellow"))
        for n in extra:
            console.print(Text(f" • {n}", style="yellow"))


def _reference(ref: dict) -> None:  # type: ignore[type-arg]
    """A silent code's reference: the Somerset ruling, marked as not this code's."""
    console.print(Text("Reference only: the Somerset code (1888) would rule", style="bold"))
    console.print(Text(ref.get("summary", "")), style="dim")
    _items([(f"{i}.", Text(f"{o['elector']} may {o['text']} [Law\u00a0{o['law']}]", style="dim"))
            for i, o in enumerate(ref.get("options", []), 1)])
    laws = ", ".join(str(n) for n in ref.get("laws", []))
    console.print(Text.assemble(("Somerset laws: ", "bold"), laws), style="dim")


def _items(rows: list[tuple[str, Text]]) -> None:
    """A numbered or bulleted list whose wrapped lines hang under the text, not the number."""
    from rich.table import Table

    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    for mark, text in rows:
        grid.add_row(f" {mark}", text)
    console.print(grid)


def case_results(results: list[Result]) -> None:
    """Worked cases, pass or fail, by title."""
    for res in results:
        mark = Text("PASS", style="bold green") if res.ok else Text("FAIL", style="bold red")
        console.print(Text.assemble(mark, " ", res.title))
        if not res.ok:
            console.print(Text(f"      {res.path}", style="dim"), overflow="ignore", crop=False)
        for p in res.problems:
            console.print(Text(f"      {p}", style="red"))
    passed = sum(r.ok for r in results)
    failed = len(results) - passed
    console.print(f"{passed} passed, {failed} failed")


# --- the running score (issue 4: scoring) ---


def hint(text: str) -> None:
    """A quiet line of advice."""
    console.print(Text(text, style="dim"))


# --- plain words (issue 5: classify, and the guided ruling) ---


def reading(found, needed: list[str]) -> None:  # noqa: ANN001 (a classify Classification; kept lazy)
    """What the words were understood to say, and what is still needed."""
    from arbiter.incident import label
    from arbiter.ruling import KINDS

    spec = KINDS.get(found.kind)
    head = Text.assemble(("Understood: ", "bold"), (found.kind, "bold cyan"))
    if spec is not None and spec.summary:
        head.append(f" — {spec.summary}")
    console.print(head)
    told = [(f"{name}: {plain(value)}", "") for name, value in found.facts.items()]
    told += [(f"{key}: {plain(found.envelope[key])}", "dim") for key in ("dealer", "trump") if found.envelope.get(key)]
    if "alone" in found.envelope:  # told: a seat, or nobody
        told.append((f"alone: {plain(found.envelope['alone']) if found.envelope['alone'] else 'nobody'}", ""))
    if found.envelope.get("score"):
        told.append((f"score: NS {found.envelope['score']['NS']} – EW {found.envelope['score']['EW']}", ""))
    _packed(told)
    if found.corrections:
        console.print(Text("  read " + ", ".join(f"'{a}' as '{b}'" for a, b in found.corrections.items()), style="dim"))
    if found.doubtful:
        others = ", ".join(f"{c.kind} ({c.score:g})" for c in found.runners_up)
        top = found.candidates[0]
        if others:
            why = f"the words fit {found.kind} ({top.score:g}) only a little better than {others}"
        elif not top.cues:
            why = f"no words name {found.kind} outright; they are only like descriptions of it"
        else:
            why = f"the words fit {found.kind} only weakly ({top.score:g})"
        console.print(Text(f"Doubtful: {why}. Check the kind before relying on a ruling.", style="bold yellow"))
    if needed:
        console.print(Text("Still needed: " + ", ".join(label(n) for n in needed), style="yellow"))


def _packed(items: list[tuple[str, str]]) -> None:
    """(words, style) items, indented, as many to a line as fit: what was understood takes a few
    lines, not one a fact, so that the ruling after it fits a 24-line screen."""
    from arbiter import plain as linear

    # a screen reader or a braille line reads one fact a line better than a row of them
    one_a_line = console.view is not None or linear.requested()
    line = Text("  ")
    for words, style in items:
        if len(line) > 2 and (one_a_line or len(line) + 3 + len(words) > console.width):
            console.print(line)
            line = Text("  ")
        if len(line) > 2:
            line.append(" · ", style="dim")
        line.append(words, style=style)
    if len(line) > 2:
        console.print(line)


def plain(value: object) -> str:
    """A fact's value as people say it: seats by name."""
    names = {"N": "North", "E": "East", "S": "South", "W": "West", "NS": "North and South", "EW": "East and West"}
    if isinstance(value, dict):
        return ", ".join(f"{names.get(k, k)} {v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(names.get(str(v), str(v)) for v in value) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return names.get(str(value), str(value))


def kind_choice(kinds: list[str], two: bool = False) -> None:
    """The kinds a doubtful reading may be (or a story's two incidents), numbered, one line each."""
    from arbiter.ruling import KINDS

    console.print(Text("The story tells two incidents; rule on one, then tell the other:" if two else
                       "The words could describe more than one incident:", style="bold yellow"))
    for i, kind in enumerate(kinds, 1):
        console.print(Text(f"  {i}. {kind.replace('_', ' ')}: {KINDS[kind].summary}"))


def branch(name: str, value: object, question: str) -> None:
    """The condition a branch of the ruling holds under, in words."""
    answer = "nobody" if value is None else plain(value).replace("_", " ")
    console.print(Text(f"If the answer to \"{question}\" is {answer}:", style="bold magenta"))


def bad_answer(message: str) -> None:
    """Why an answer to a question was refused; the question is asked again."""
    console.print(Text(f"  {message}", style="red"))


def comparison(result: Any) -> None:
    """One incident under every ruleset: each code's ruling in a few lines, then where they part."""
    from rich.padding import Padding

    for name, r in result.rulings.items():
        console.print(Text(name, style="bold cyan"))
        if "error" in r:
            console.print(Text(f"  cannot arise: {r['error']}"))
            continue
        console.print(Padding(Text(r["summary"]), (0, 0, 0, 2)))
        for i, o in enumerate(r["options"], 1):
            by = f" ({o['by']} demands)" if o.get("by") else ""
            console.print(Padding(Text(f"{i}. {o['elector']}{by} may {o['text']} [Law\u00a0{o['law']}]"), (0, 0, 0, 2)))
        points = ", ".join(f"{s} {n:+d}" for s, n in r["score"]["adjustment"].items() if n) or "no points"
        laws = ", ".join(map(str, r["laws"])) or ("none: silent" if r.get("silent") else "none")
        console.print(Padding(Text(f"Points: {points}. Laws: {laws}."), (0, 0, 0, 2)))
    if not result.differences:
        console.print(Text("The codes agree on this incident.", style="bold"))
        return
    console.print(Text("Where they part: " + ", ".join(d["field"] for d in result.differences) + ".", style="bold"))


def house_book(book: Rulebook, amended: list[Law]) -> None:
    """A club's book: its name and base, then each amended law with the amendment beside it."""
    house = book.house
    console.print(Text.assemble((house.name or "House rules", "bold"), f": house rules over {book.shape.get('title', book.ruleset)}"))
    n = len(house.amendments)
    console.print(Text(f"{n} amendment{'s' if n != 1 else ''}; every law not shown here is applied as printed.",
                       style="dim"))
    for law in amended:
        console.print(_law_panel(book, law, refs=False))
