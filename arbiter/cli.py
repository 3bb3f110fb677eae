"""The command line: parse, call the logic, render, choose the exit status.

Input errors exit 2 with one line on stderr; nothing here prints a traceback for bad input.
"""



import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Optional

import typer

from arbiter.model import InputError
from arbiter.streams import quiet_stdout, tolerant_streams

VIEW_FLAGS = {"--plain": "plain", "--braille": "braille"}
"""Views any command's output can take (arbiter.plain, arbiter.braille); TERM=dumb also
asks for the plain one."""


@contextmanager
def viewing(command: Any, argv: list[str]) -> Iterator[list[str]]:
    """Take --plain or --braille from anywhere in the arguments (before a lone '--'; the
    last one given wins), set the console's view for this one call, and yield the arguments
    without them. Help, too, is then words rather than Rich's boxed panels."""
    cut = argv.index("--") if "--" in argv else len(argv)
    views = [VIEW_FLAGS[a] for a in argv[:cut] if a in VIEW_FLAGS]
    rest = [a for a in argv[:cut] if a not in VIEW_FLAGS] + argv[cut:]
    view = views[-1] if views else None
    if view == "braille" and "--json" in argv[:cut]:  # JSON is linear already: --plain lets it be
        raise fail("--braille is a view for people and --json is for machines: give one")
    if view or os.environ.get("TERM") == "dumb":
        for cmd in (command, *getattr(command, "commands", {}).values()):
            cmd.rich_markup_mode = None
    if not view:
        yield rest
        return
    from arbiter import render

    render.console.view = view
    try:
        yield rest
    finally:
        render.console.view = None  # the next call in this process (a test's) starts afresh


class _Group(typer.core.TyperGroup):
    """The app as a group of commands (help, tests' CliRunner): the views taken as in main."""

    def main(self, args: Any = None, *more: Any, **options: Any) -> Any:
        try:
            with viewing(self, list(sys.argv[1:] if args is None else args)) as rest:
                return super().main(rest, *more, **options)
        except typer.Exit as refused:  # by viewing: click, standalone, would have exited
            if options.get("standalone_mode", True):
                sys.exit(refused.exit_code)
            raise


app = typer.Typer(
    name="arbiter",
    cls=_Group,
    help="Euchre law arbitration under the 1888 Somerset Club code: look laws up, search them, and rule on incidents."
    "\n\nAny command takes --plain (lines of words for a screen reader; TERM=dumb does the same) or --braille"
    " (Grade 1 braille ASCII, 40 cells a line).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for machines instead of the view for people.")]
# Options after a case's source are left to split_options, so that a fact flag and a command
# option can share the line in any order, and `--alone --json` never reads '--json' as a seat.
CASE_INPUT = {"allow_extra_args": True, "ignore_unknown_options": True, "allow_interspersed_args": False}
# The envelope of a case given on the command line, shared by 'rule' and 'compare'.
DealerOpt = Annotated[Optional[str], typer.Option(help="Seat that dealt: N, E, S, W.")]
TrumpOpt = Annotated[Optional[str], typer.Option(help="Trump suit, once made.")]
TurnedOpt = Annotated[Optional[str], typer.Option(help="The card turned up, as 9H.")]
MakerOpt = Annotated[Optional[str], typer.Option(help="Seat that made the trump.")]
AloneOpt = Annotated[Optional[str], typer.Option(help="Seat playing alone.")]
ScoreOpt = Annotated[Optional[str], typer.Option(help="Points in the game, NS-EW: 2-3.")]
GamesOpt = Annotated[Optional[str], typer.Option(help="Games won in the rubber, NS-EW: 0-1.")]
HouseOpt = Annotated[Optional[str], typer.Option(
    "--house", help="A house-rules file laid over the code (else $ARBITER_HOUSE).", show_default=False)]
RulesetOpt = Annotated[Optional[str], typer.Option(
    "--ruleset", help="The code of laws: somerset-1888 (default), manual-1890s, britannica-1911; "
    "else $ARBITER_RULESET.", show_default=False)]
DEFAULT_RULESET = "somerset-1888"


def _version(value: bool) -> None:
    if value:
        from arbiter import __version__

        sys.stdout.write(f"arbiter {__version__}\n")
        raise typer.Exit()


@app.callback()
def _app(
    version: Annotated[bool, typer.Option("--version", is_eager=True, callback=_version,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Euchre law arbitration under the 1888 Somerset Club code: look laws up, search them, and rule on incidents."""


def fail(message: str, status: int = 2) -> typer.Exit:
    """One line on stderr, cleaned of control characters and cut to a readable length;
    the caller raises the returned Exit."""
    from arbiter.reader import shown

    sys.stderr.write(f"arbiter: {shown(message, 400)}\n")
    return typer.Exit(status)


@contextmanager
def refusing() -> Iterator[None]:
    """Turn input errors into one line on stderr and exit status 2."""
    from arbiter.rulebook import RulebookError

    try:
        yield
    except InputError as err:
        raise fail(str(err)) from None
    except RulebookError as err:
        raise fail(f"the law data is broken: {err}", 1) from None


@contextmanager
def json_refusal(as_json: bool) -> Iterator[None]:
    """With --json, a plain-words refusal is also its JSON object on stdout (incidents.md,
    "Plain words"); the one line on stderr and the exit status follow as for any refusal."""
    try:
        yield
    except InputError as err:
        if as_json:  # words that were empty, too long or of an unknown flag are refused so too
            emit_json(getattr(err, "payload", None) or {"error": str(err), "kind": None, "missing": [], "candidates": []})
        raise


def emit_json(data: Any) -> None:
    """JSON on stdout, never wrapped at the terminal width."""
    import json

    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def chosen_ruleset(flag: Optional[str] = None) -> str:
    """The ruleset in force: the flag, else $ARBITER_RULESET, else Somerset. A case file's own
    `ruleset:` stands between the flag and the environment (see `rule`)."""
    if flag is not None:  # even an empty one: it is refused by name, never read as absent
        return flag
    return os.environ.get("ARBITER_RULESET") or DEFAULT_RULESET


def book(ruleset: Optional[str] = None, house_file: Optional[str] = None):  # noqa: ANN201 (keeps rulebook's import lazy)
    """The rulebook of the ruleset in force, with the house rules of --house (else
    $ARBITER_HOUSE) laid over it; an unknown name is refused, naming the known ones."""
    from arbiter.rulebook import load

    house = chosen_house(house_file)
    if house is None:
        return load(chosen_ruleset(ruleset))
    named = ruleset if ruleset is not None else os.environ.get("ARBITER_RULESET")
    if named is not None and named != house.base:
        raise InputError(f"the ruleset is {named}, but {house.called} amend {house.base}")
    return house.apply(load(house.base))


def chosen_house(flag: Optional[str] = None) -> Any:
    """The house rules of --house, else $ARBITER_HOUSE; None when neither names a file."""
    if not (flag or os.environ.get("ARBITER_HOUSE")):
        return None
    from arbiter import house

    return house.chosen(flag)


@app.command(context_settings={"ignore_unknown_options": True})  # so 'law -5' says the range
def law(
    numbers: Annotated[list[str], typer.Argument(help="Law numbers or ranges: 52, 62-71, 52,53.", show_default=False)],
    as_json: JsonFlag = False,
    ruleset: RulesetOpt = None,
    house: HouseOpt = None,
) -> None:
    """Show laws by number: the text as printed, the section and the cross references."""
    with refusing():
        # Unknown options reach here as words (so that 'law -5' says the range): a word
        # that starts like an option and is no number is named as the option it looks like.
        for word in numbers:
            if re.fullmatch(r"--?[A-Za-z][\w-]*(=.*)?", word):
                raise fail(f"no such option: {word.split('=')[0]} (try 'arbiter law --help')")
        rb = book(ruleset, house)
        laws = [rb.law(n) for n in rb.parse_numbers(numbers)]
        if as_json:
            records = [x.as_dict(rb) for x in laws]
            emit_json(records[0] if len(records) == 1 else records)
            return
        from arbiter import render

        render.laws(rb, laws)


@app.command()
def laws(
    section: Annotated[Optional[str], typer.Option("--section", "-s", help="Show one section: revoke, misdeal, alone...")] = None,
    as_json: JsonFlag = False,
    ruleset: RulesetOpt = None,
    house: HouseOpt = None,
) -> None:
    """The table of contents, by section; or every record with --json."""
    with refusing():
        rb = book(ruleset, house)
        sections = [rb.section(section)] if section else rb.sections
        if as_json:
            wanted = {n for s in sections for n in s.numbers}
            emit_json([x.as_dict(rb) for n, x in sorted(rb.laws.items()) if n in wanted])
            return
        from arbiter import render

        render.contents(rb, sections)


@app.command()
def search(
    words: Annotated[list[str], typer.Argument(help="What to look for, in today's words or the book's.", show_default=False)],
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, max=116, help="How many hits.")] = 10,
    as_json: JsonFlag = False,
    ruleset: RulesetOpt = None,
    house: HouseOpt = None,
) -> None:
    """Find laws by topic: 'renege', 'going alone', 'stealing the deal'."""
    with refusing():
        rb = book(ruleset, house)
        hits = rb.search(" ".join(words), limit)
        if as_json:
            emit_json([
                {"number": h.number, "score": h.score, "title": rb.law(h.number).title,
                 "section": rb.law(h.number).section, "matched": list(h.matched)}
                for h in hits
            ])
            return
        from arbiter import render

        render.hits(rb, " ".join(words), hits)


@app.command()
def term(
    words: Annotated[Optional[list[str]], typer.Argument(help="A technical term: 'left bower', 'march', 'loner'.", show_default=False)] = None,
    list_all: Annotated[bool, typer.Option("--list", help="List every term's name, one a line.")] = False,
    as_json: JsonFlag = False,
    ruleset: RulesetOpt = None,
    house: HouseOpt = None,
) -> None:
    """Look up a technical term, by its name, an alias, today's word, or a near spelling."""
    with refusing():
        rb = book(ruleset, house)
        if list_all or not words:
            terms = rb.terms
        else:
            terms = [rb.term(" ".join(words))]
            asked = " ".join(" ".join(words).lower().split())
            if not as_json and asked not in {n.lower() for n in terms[0].names}:
                from arbiter import render

                render.hint(f"No term is named {' '.join(words)!r}; the nearest is {terms[0].term}:")
        if as_json:
            data = [{**t._asdict(), "kind": t.kind} for t in terms]
            emit_json(data[0] if len(data) == 1 and not list_all and words else data)
            return
        from arbiter import render

        if list_all or not words:
            render.term_names(terms)
        else:
            render.terms(rb, terms)


@app.command()
def kinds(
    name: Annotated[Optional[str], typer.Argument(help="One kind, for its page: each fact, what it means and its values.", show_default=False)] = None,
    as_json: JsonFlag = False,
    ruleset: RulesetOpt = None,
) -> None:
    """The incident kinds that 'arbiter rule' knows, with their facts; a kind's own page.

    The laws shown are the ruleset's own numbers; a kind it does not address shows none."""
    from arbiter.ruling import KINDS, find_kind

    with refusing():
        specs = [find_kind(name)] if name else list(KINDS.values())
        rb = book(ruleset)
    if as_json:
        data = [
            {"kind": k.name, "summary": k.summary, "laws": k.numbers(rb), "required": list(k.required),
             "needs": list(k.needs),
             "facts": [{"name": f.name, "type": f.type, "help": f.meaning(rb), "choices": list(f.choices),
                        "values": f.values(), "default": f.default}
                       for f in k.facts.values()]}
            for k in specs
        ]
        emit_json(data[0] if name else data)
        return
    from arbiter import render

    if name:
        render.kind_page(rb, specs[0])
    else:
        render.kinds(rb, specs)


@app.command(context_settings=CASE_INPUT)
def rule(
    ctx: typer.Context,
    source: Annotated[Optional[str], typer.Argument(help="A case file (case.yaml), an incident kind followed by --fact value flags, or what happened in plain words.", show_default=False)] = None,
    case_name: Annotated[Optional[str], typer.Option("--case", help="A worked case by its name (the file's stem), from any folder: see 'arbiter teach'.", show_default=False)] = None,
    dealer: DealerOpt = None,
    trump: TrumpOpt = None,
    turned: TurnedOpt = None,
    maker: MakerOpt = None,
    alone: AloneOpt = None,
    score: ScoreOpt = None,
    games: GamesOpt = None,
    me: Annotated[Optional[str], typer.Option("--me", help="Your seat, for plain words such as 'my partner'.")] = None,
    full: Annotated[bool, typer.Option("--full", help="Quote the laws' text and our notes under the ruling.")] = False,
    record: Annotated[bool, typer.Option("--record", help="Record the ruling's points in the ledger, at its score.")] = False,
    ledger: Annotated[Optional[str], typer.Option("--ledger", help="The ledger file for --record (as for 'arbiter score').", show_default=False)] = None,
    table: Annotated[Optional[str], typer.Option("--table", help="The ledger's table for --record (as for 'arbiter score').", show_default=False)] = None,
    ruleset: RulesetOpt = None,
    house: HouseOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """Rule on an incident: from a case file, a kind with facts as flags, or plain words.

    Options may stand before or after the kind; 'arbiter rule KIND --help' shows the kind's facts.

    \b
    arbiter rule case.yaml --json
    arbiter rule --case a-dealer-who-gives-east-six-cards-loses-the-deal
    arbiter rule lead_out_of_turn --dealer N --offender E --followed S
    arbiter rule "West reneged on a diamond lead" --trump hearts --dealer N
    """
    from arbiter.incident import build_case, split_options
    from arbiter.ruling import KINDS, find_kind, rule as make_ruling

    with refusing():
        spec = KINDS.get(source or "")
        late, rest = split_options(ctx.args, _options_of(ctx), spec.facts if spec else {})
        opts = _merged(ctx, late)
        if (source is None) == (opts["case_name"] is None):
            raise InputError("give one thing to rule on: a case file, a kind, words, or --case NAME")
        if source is None:
            from arbiter.casebook import find_case

            source = str(find_case(opts["case_name"]))
        envelope = {key: opts[key] for key in ("dealer", "trump", "turned", "maker", "alone")}
        if spec is None and " " not in source.strip() and not os.path.exists(source) and any(
                a.startswith("--") for a in rest):
            find_kind(source)  # one word with fact flags is a kind, mistyped: say which it may mean
        if spec is None:
            from arbiter import guide

            if guide.is_words(source):
                _rule_words(source, rest, envelope, opts["score"], opts["games"], opts["me"], opts["as_json"],
                            opts["full"], (opts["record"], opts["ledger"], opts["table"]),
                            (chosen_ruleset(opts["ruleset"]) if opts["ruleset"] is not None or "ARBITER_RULESET" in os.environ
                             else None, chosen_house(opts["house"])))
                return
        if opts["me"] is not None:
            raise InputError("--me is for an incident told in plain words, not for a case file or a kind")
        if spec is not None and "--help" in rest:
            from arbiter import render

            render.kind_page(book(), spec)
            return
        data, where = _case_input(source, rest, opts)
        if opts["record"]:
            _record_ruling(data, where, opts["ledger"], opts["table"], opts["as_json"])
            return
        case = build_case(data, where)
        ruling = make_ruling(case)
        if opts["as_json"]:
            emit_json(ruling.as_dict())
            return
        from arbiter import render

        render.ruling(book(case.ruleset), ruling, opts["full"])


@app.command(name="house")
def house_book(
    path: Annotated[str, typer.Argument(help="A house-rules file (YAML): its base code and amendments.", show_default=False)],
    as_json: JsonFlag = False,
) -> None:
    """The club's book: every law its house rules amend, the printed text with the amendment beside it.

    \b
    arbiter house tuesday.yaml
    arbiter house laws/house/modern-club.yaml --json
    """
    with refusing():
        rb = book(None, path)
        amended = [law for n, law in sorted(rb.laws.items()) if rb.house.amending_law(law.key)]
        if as_json:
            emit_json({"name": rb.house.name, "base": rb.house.base,
                       "amendments": [{**rb.house.entry(a.path, rb), "value": a.value}
                                      for a in rb.house.amendments.values()],
                       "laws": [law.as_dict(rb) for law in amended]})
            return
    from arbiter import render

    render.house_book(rb, amended)


@app.command(context_settings=CASE_INPUT)
def compare(
    ctx: typer.Context,
    source: Annotated[str, typer.Argument(help="A case file, a worked case's name, or an incident kind followed by --fact value flags.")],
    dealer: DealerOpt = None,
    trump: TrumpOpt = None,
    turned: TurnedOpt = None,
    maker: MakerOpt = None,
    alone: AloneOpt = None,
    score: ScoreOpt = None,
    games: GamesOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """Rule one incident under every ruleset side by side, and name where the codes part.

    \b
    arbiter compare revoke --offender E --established
    arbiter compare case.yaml --json
    """
    from arbiter.comparison import compare as compare_codes
    from arbiter.incident import split_options
    from arbiter.ruling import KINDS

    with refusing():
        spec = KINDS.get(source)
        if spec is None and not os.path.exists(source) and "/" not in source and not source.endswith(".yaml"):
            from arbiter.casebook import find_case

            source = str(find_case(source))  # a worked case by its name, from any folder
        late, rest = split_options(ctx.args, _options_of(ctx), spec.facts if spec else {})
        opts = {**_merged(ctx, late), "ruleset": None}
        data, where = _case_input(source, rest, opts)
        data.pop("ruleset", None)
        result = compare_codes(data, where)
    if opts["as_json"]:
        emit_json(result.as_dict())
        return
    from arbiter import render

    render.comparison(result)


def _case_input(source: str, rest: list[str], opts: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The raw case from a kind and its flags or from a case file, with the envelope flags
    laid over it: (the mapping, where it came from, for messages)."""
    from arbiter.guide import NOBODY
    from arbiter.incident import case_from_flags, read_case_file, score_pair
    from arbiter.ruling import KINDS, find_kind

    if source in KINDS:
        data, where = case_from_flags(source, rest), "flags"
    else:
        if not os.path.exists(source) and "_" in source and not source.endswith((".yaml", ".yml")):
            find_kind(source)  # refuses, naming the kinds it may mean
        if rest:
            raise InputError(f"unexpected arguments after a case file: {' '.join(rest)}")
        data, where = read_case_file(source), source
    nobody_alone = str(opts["alone"] or "").lower() in NOBODY  # "--alone none": said outright
    for key in ("dealer", "trump", "turned", "maker", "alone"):
        if opts[key] is not None and not (key == "alone" and nobody_alone):
            data[key] = opts[key]
    named = opts.get("ruleset")
    if named is None and "ruleset" not in data:
        named = os.environ.get("ARBITER_RULESET")
    if named is not None:  # the flag, else the file's, else $ARBITER_RULESET (else the house's base, or Somerset)
        data["ruleset"] = named
    if opts.get("house") or ("house" not in data and os.environ.get("ARBITER_HOUSE")):
        data["house"] = chosen_house(opts.get("house"))  # the flag, else the file's, else $ARBITER_HOUSE
    if nobody_alone:
        data.pop("alone", None)
    for key in ("score", "games"):
        if opts[key] is not None:
            data[key] = score_pair(opts[key], key)
    return data, where


def _record_ruling(data: dict[str, Any], where: str, ledger: Optional[str], table: Optional[str],
                   as_json: bool) -> None:
    """`rule ... --record`: rule at the table's score and record the ruling's points, as
    `score --ruling` does."""
    from arbiter import sheet

    sheet.record_ruling(data, where, ledger, table, as_json, emit_json)


def _options_of(ctx: typer.Context) -> dict[str, tuple[str, bool]]:
    """The command's own options by flag name (no dashes, `_` for `-`): (parameter, takes a value)."""
    out: dict[str, tuple[str, bool]] = {}
    for param in ctx.command.params:
        if param.param_type_name == "option":
            for flag in (*param.opts, *param.secondary_opts):
                if flag.startswith("--"):
                    out[flag[2:].replace("-", "_")] = (param.name, not getattr(param, "is_flag", False))
    return out


def _merged(ctx: typer.Context, late: dict[str, Any]) -> dict[str, Any]:
    """The command's parameters, with the options found after the source laid over them."""
    for name in late:
        if ctx.params.get(name) not in (None, False):
            raise InputError(f"--{name.removeprefix('as_').replace('_', '-')} is given twice")
    return {**ctx.params, **late}


def _rule_words(text: str, args: list[str], flags: dict[str, Optional[str]], score: Optional[str],
                games: Optional[str], me: Optional[str], as_json: bool, full: bool = False,
                record: tuple[bool, Optional[str], Optional[str]] = (False, None, None),
                code: tuple[Optional[str], Any] = (None, None)) -> None:
    """`arbiter rule "WORDS"`: read the words; settle the kind, then the facts the kind needs,
    then its decisive facts and the score; only then rule.

    Nothing decisive is assumed. On a terminal each open thing is one short question. With
    --json or without a terminal nothing is asked: a doubtful kind or a missing fact is
    refused (exit 2; with --json the refusal is also JSON on stdout), and decisive facts that
    are a yes/no or a small choice are shown as branches, each ruling under its condition."""
    from arbiter import guide

    with json_refusal(as_json):
        found, given, flagged = guide.read(text, args, flags, me)
        try:
            _settle_and_rule(found, given, flagged, score, games, me, as_json, full, record, code)
        except guide.Refusal:
            raise
        except InputError as err:  # refused by the engine itself: still the refusal the spec describes
            raise guide.refusal(str(err), found, guide.named_missing(str(err))) from None


def _settle_and_rule(found: Any, given: dict[str, Any], flagged: dict[str, Any], score: Optional[str],
                     games: Optional[str], me: Optional[str], as_json: bool, full: bool,
                     record: tuple[bool, Optional[str], Optional[str]], code: tuple[Optional[str], Any] = (None, None)) -> None:
    from arbiter import guide
    from arbiter.incident import build_case
    from arbiter.ruling import rule as make_ruling

    asking = not as_json and sys.stdin.isatty() and sys.stdout.isatty()
    if found.incidents:
        if not asking:
            raise guide.two_incidents(found)
        from arbiter import render

        render.reading(found, [])
        found = guide.choose_kind(found, flagged, found.incidents)
    elif found.doubtful:
        if not asking:
            raise guide.doubtful(found, guide.still_needed(found, given, score, games))
        from arbiter import render

        render.reading(found, [])
        found = guide.choose_kind(found, flagged)
    needed = guide.needed(found, given)
    if asking:
        from arbiter import render

        render.reading(found, needed)
        try:
            found, given = guide.ask(found, given, needed, me, flagged)
        except EOFError:
            raise typer.Abort() from None
    elif needed:
        raise guide.missing(found, needed)
    data = guide.case_data(found, given, score, games)
    ruleset, house = code  # the ruleset named (flag or environment) and the house rules, if any
    if ruleset is not None:
        data["ruleset"] = ruleset
    if house is not None:
        data["house"] = house
    settled = guide.told(found, given, score) | ({"score"} if record[0] else set())  # the ledger keeps it
    opened = guide.open_facts(data, settled)
    branches: list[tuple[Any, Any]] = []
    if opened and asking:
        try:
            data = guide.ask_open(data, opened, settled)
        except EOFError:
            raise typer.Abort() from None
    elif opened:
        if len(opened) > 1 or not opened[0].branchable or record[0]:  # one ruling to record, not branches
            raise guide.missing(found, [o.name for o in opened])
        branches = list(opened[0].outcomes)
    from arbiter import render

    if branches:
        name = opened[0].name
        if as_json:
            emit_json({"branches": [{"if": {name: value}, "ruling": r.as_dict()} for value, r in branches],
                       "classification": found.as_dict([])})
            return
        render.reading(found, [])
        for value, r in branches:
            render.branch(name, value, opened[0].question)
            render.ruling(book(r.ruleset), r, full)
        return
    if record[0]:
        if not asking and not as_json:
            render.reading(found, [])
        _record_ruling(data, "words", record[1], record[2], as_json)
        return
    case = build_case(data, "words")
    ruling = make_ruling(case)
    if as_json:
        emit_json({**ruling.as_dict(), "classification": found.as_dict([])})
        return
    if not asking:
        render.reading(found, [])
    render.ruling(book(case.ruleset), ruling, full)
    if "score" not in settled and "score" not in data and any(ruling.adjustment.values()):  # not asked, either
        render.hint("No score was told, so it is shown from 0-0 (these points cannot end a game); "
                    "give --score to see yours.")


@app.command(name="test")
def test_cases(
    paths: Annotated[Optional[list[str]], typer.Argument(help="Case files or folders; default: the shipped cases/.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Run worked cases and report each by its title."""
    from arbiter import casebook

    with refusing():
        results = casebook.run(paths or [])
        if as_json:
            emit_json([{"path": r.path, "title": r.title, "ok": r.ok, "problems": r.problems} for r in results])
        else:
            from arbiter import render

            render.case_results(results)
        if not results:
            raise fail("no case files found")
        if not all(r.ok for r in results):
            raise typer.Exit(1)


def _command_for(argv: list[str]) -> tuple[Any, list[str], str]:
    """The click command to run, its arguments and its name for usage lines.

    Building every command's parameters costs about a millisecond each; a call names
    one command, so only that one is built. Help and unknown names get the whole app.
    """
    if argv and not argv[0].startswith("-"):
        for info in app.registered_commands:
            name = info.name or info.callback.__name__.replace("_", "-")
            if name == argv[0]:
                solo = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
                solo.registered_commands = [info]
                return typer.main.get_command(solo), argv[1:], f"arbiter {name}"
    return typer.main.get_command(app), argv, "arbiter"


def main(argv: list[str] | None = None) -> None:
    """The console script: usage errors become one line on stderr with status 2."""
    tolerant_streams()
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--version"]:  # answered before any command is built: it must be instant
        from arbiter import __version__

        sys.stdout.write(f"arbiter {__version__}\n")
        sys.exit(0)
    command, args, prog = _command_for(argv)
    try:
        with viewing(command, args) as args:
            status = command.main(args=args, prog_name=prog, standalone_mode=False)
    except typer.Exit as done:
        status = done.exit_code
    except typer.Abort:
        sys.stderr.write("arbiter: aborted\n")
        status = 130
    except KeyboardInterrupt:
        status = 130
    except BrokenPipeError:
        quiet_stdout()
        status = 0
    except Exception as err:  # click's usage errors: one line, not a box
        if hasattr(err, "format_message") and hasattr(err, "exit_code"):
            from arbiter.reader import shown

            message = shown(err.format_message(), 400)
            if message:  # `arbiter` alone has printed the help, and has nothing to add
                sys.stderr.write(f"arbiter: {message}\n")
            status = err.exit_code
        elif os.environ.get("ARBITER_DEBUG"):
            raise
        else:
            from arbiter.reader import shown

            sys.stderr.write(f"arbiter: internal error ({type(err).__name__}: {shown(err)}); "
                             "set ARBITER_DEBUG=1 for the traceback\n")
            status = 1
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()
    except (OSError, ValueError):
        pass
    sys.exit(status if isinstance(status, int) else 0)


# --- score commands (issue 4: scoring) ---


@app.command(name="score")
def score(
    words: Annotated[Optional[list[str]], typer.Argument(help="A hand in short: the makers and their tricks, as NS 4, NS alone 5, EW 2. Always recorded.", show_default=False)] = None,
    makers: Annotated[Optional[str], typer.Option("--makers", help="Side that made the trump: NS or EW.")] = None,
    maker: Annotated[Optional[str], typer.Option("--maker", help="Seat that made the trump (instead of --makers).")] = None,
    tricks: Annotated[Optional[int], typer.Option("--tricks", help="Tricks the makers took, 0 to 5.")] = None,
    alone: Annotated[bool, typer.Option("--alone", help="The makers played a lone hand.")] = False,
    partner_exposed: Annotated[bool, typer.Option("--partner-exposed", help="The lone player's partner exposed his cards (Law 102).")] = False,
    abandoned: Annotated[bool, typer.Option("--abandoned", help="An adversary abandoned his hand against the lone hand (Law 50).")] = False,
    revoke: Annotated[Optional[str], typer.Option("--revoke", help="Side that revoked in the hand (Law 63).")] = None,
    revokes: Annotated[Optional[int], typer.Option("--revokes", min=1, help="How many times that side revoked.")] = None,
    wrong_count: Annotated[Optional[str], typer.Option("--wrong-count", help="Side with a wrong number of cards or an undiscarded dealer (Law 90).")] = None,
    now: Annotated[Optional[str], typer.Option("--now", help="Points in the game now, NS-EW (N-S at a table of two), as 3-4: score without a ledger.")] = None,
    games: Annotated[Optional[str], typer.Option("--games", help="Games won so far, NS-EW, as 1-0 (with --now).")] = None,
    record: Annotated[bool, typer.Option("--record", help="Record the hand given by --makers and --tricks.")] = False,
    ruling: Annotated[Optional[str], typer.Option("--ruling", help="Record the points of a ruling: a case file.", show_default=False)] = None,
    add: Annotated[Optional[list[str]], typer.Option("--add", help="Record points by hand: NS=3 (repeatable; EW=-1 corrects, Law 5).", show_default=False)] = None,
    law_number: Annotated[Optional[int], typer.Option("--law", help="The law the --add points are scored under.")] = None,
    history: Annotated[bool, typer.Option("--history", help="Every entry of the table, rubber by rubber; undone ones struck through.")] = False,
    rubber: Annotated[Optional[int], typer.Option("--rubber", help="With --history: that rubber only.")] = None,
    undo: Annotated[bool, typer.Option("--undo", help="Take back the last entry, by an entry that reverses it.")] = False,
    new: Annotated[bool, typer.Option("--new", help="Start a new rubber.")] = False,
    table: Annotated[Optional[str], typer.Option("--table", help="The table's name (a new name opens a table).", show_default=False)] = None,
    names: Annotated[Optional[str], typer.Option("--names", help="Players by seat: N=Ann,E=Bob,S=Cy,W=Di.", show_default=False)] = None,
    dealer: Annotated[Optional[str], typer.Option("--dealer", help="Seat that dealt this hand; alone, who deals next.", show_default=False)] = None,
    ruleset: Annotated[Optional[str], typer.Option("--ruleset", help="The code a new table is scored under; fixed once opened.", show_default=False)] = None,
    players: Annotated[Optional[int], typer.Option("--players", help="Players at a new table: 4, or 2; fixed once opened.", show_default=False)] = None,
    house: HouseOpt = None,
    report: Annotated[bool, typer.Option("--report", help="The evening's totals across rubbers and tables.")] = False,
    since: Annotated[Optional[str], typer.Option("--since", help="With --report: from this date (2025-03-14), or all; default the last 12 hours.", show_default=False)] = None,
    export: Annotated[Optional[str], typer.Option("--export", help="Every entry as csv or json, on stdout.", show_default=False)] = None,
    bring_in: Annotated[Optional[str], typer.Option("--import", help="Bring in a ledger of the first format as a table.", show_default=False)] = None,
    ledger: Annotated[Optional[str], typer.Option("--ledger", help="The ledger file; default $ARBITER_LEDGER, else ledger.sqlite in $XDG_DATA_HOME/arbiter.", show_default=False)] = None,
    as_json: JsonFlag = False,
) -> None:
    """Score a hand (Laws 2, 3), or keep a club's score sheet: tables, rubbers, hands.

    \b
    Record a hand in one line (makers, tricks):
      arbiter score NS 4          arbiter score NS alone 5        arbiter score EW 2
    Score one hand on a score given; no file is touched:
      arbiter score --makers NS --tricks 5 --alone --now 3-4
    Keep the sheet (--table NAME where several tables play):
      arbiter score --table 2 --names N=Ann,E=Bob,S=Cy,W=Di --dealer N
      arbiter score --makers EW --tricks 3 --revoke EW --record
      arbiter score --ruling case.yaml     a ruling's points
      arbiter score --add NS=-1            a correction (Law 5)
      arbiter score                        the table; --history: every entry
      arbiter score --undo                 take back the last entry (it stays, struck through)
      arbiter score --new                  start a new rubber
      arbiter score --report               the evening; --export csv|json: every entry

    Without --record, a hand given by flags scores on the table's score and writes nothing.
    An error in the score may be put right until the trump card is turned in the next deal (Law 5).
    """
    from arbiter import sheet

    with refusing():
        req = sheet.Request(
            words=list(words or []), makers=makers, maker=maker, tricks=tricks, alone=alone,
            partner_exposed=partner_exposed, abandoned=abandoned, revoke=revoke, revokes=revokes,
            wrong_count=wrong_count, now=now, games=games, record=record, ruling=ruling, add=list(add or []),
            law=law_number, history=history, undo=undo, new=new, ledger=ledger, table=table, names=names,
            dealer=dealer, ruleset=ruleset, players=players, house=house, rubber=rubber, report=report, since=since,
            export=export, bring_in=bring_in, as_json=as_json)
        sheet.run(req, emit_json, _score_quick)


def _score_quick(incident: dict[str, Any], now: str, games: str, as_json: bool, hint: bool = False,
                 players: Optional[int] = None, ruleset: Optional[str] = None) -> None:
    """Rule a hand from the score given by hand, touching no ledger, and show it."""
    from arbiter.incident import build_case, score_pair
    from arbiter.ruling import rule as make_ruling

    n = players or 4
    data: dict[str, Any] = {"incident": incident, "score": score_pair(now, "now", n), "games": score_pair(games, "games", n)}
    if n == 2:  # the two-handed game is the Britannica's (rulesets.md: --players 2 implies it)
        data.update(players=2, ruleset=ruleset or "britannica-1911")
    elif ruleset is not None:
        data["ruleset"] = ruleset
    case = build_case(data, "score")
    ruling = make_ruling(case)
    if as_json:
        emit_json(ruling.as_dict())
        return
    from arbiter import render

    render.ruling(book(case.ruleset), ruling)
    if hint:
        render.hint("Scored from 0-0 and not recorded: give --now for the score, or --record to keep it in the ledger.")


# --- the club's book (issue 16: braille, plain text) ---


@app.command(name="book")
def club_book(
    page_lines: Annotated[int, typer.Option("--page-lines", min=0, max=1000, help="With --braille: lines a page, each page ended by a form feed; 0 for none.")] = 25,
    html: Annotated[Optional[str], typer.Option("--html", help="Write the book as one HTML page to this file: contents, links, search, house rules, coups.", show_default=False)] = None,
    ruleset: RulesetOpt = None,
    house: HouseOpt = None,
) -> None:
    """The whole code as a book: every law and the technical terms, in the book's order.

    Print text by default; with --braille, Grade 1 braille ASCII (BRF) at 40 cells a line,
    in pages of 25 lines; with --html FILE, one self-contained page to read, search and print:

    \b
      arbiter book --braille > somerset.brf
      arbiter book --html club.html --house laws/house/modern-club.yaml
    """
    from arbiter import book as edition, render

    with refusing():
        rb = book(ruleset, house)
        if html is not None:
            from arbiter import html_book, writer

            writer.write_text(html, html_book.page(rb), "book")
            from arbiter.reader import shown

            render.hint(f"Wrote the book to {shown(html)}.")
        elif render.console.view == "braille":
            sys.stdout.write(edition.brf(rb, page_lines))
        else:
            sys.stdout.write(edition.text(rb))


# --- classify commands (issue 5: plain words) ---


@app.command(name="classify")
def classify_words(
    words: Annotated[list[str], typer.Argument(help="What happened, in plain words: 'West reneged with the left bower'.", show_default=False)],
    me: Annotated[Optional[str], typer.Option("--me", help="Your seat, for 'my partner', 'my left-hand opponent'.")] = None,
    dealer: Annotated[Optional[str], typer.Option(help="Seat that dealt, for 'the dealer', 'eldest hand'.")] = None,
    trump: Annotated[Optional[str], typer.Option(help="Trump suit, for 'the left bower'.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Read an incident told in plain words: its kind, the facts the words give, and what is still missing."""
    from arbiter import guide

    with refusing():
        with json_refusal(as_json):
            found = guide.understand(" ".join(words), me=me, dealer=dealer, trump=trump)
        needed = guide.needed(found, {})
        if as_json:
            emit_json(found.as_dict(needed))
            return
        from arbiter import render

        render.reading(found, needed)


# --- teaching commands (issue 6: teach, quiz, coup) ---


@app.command()
def teach(
    section: Annotated[Optional[str], typer.Argument(help="basics (the game itself), a section (revoke, misdeal, 'The Deal', alone) or a law number; none lists the lessons.", show_default=False)] = None,
    as_json: JsonFlag = False,
    ruleset: RulesetOpt = None,
    house: HouseOpt = None,
    compare: Annotated[Optional[str], typer.Option("--compare", help="Where the codes part on a section: its laws beside the other codes' provisions, and how their rulings differ.", show_default=False)] = None,
) -> None:
    """Walk through a section law by law: the text, a gloss in plain words, and a worked case."""
    with refusing():
        from arbiter import teaching

        rb = book(ruleset, house)
        if compare is not None:
            if section is not None:
                raise InputError("give a section to teach, or --compare SECTION, not both")
            from arbiter.divergence import divergence

            found = divergence(compare, rb.ruleset)
            if as_json:
                emit_json(found.as_dict())
                return
            from arbiter import teaching_view

            teaching_view.divergence(found, page=_on_terminal())
            return
        if section is None:
            rows = teaching.syllabus(rb)
            if as_json:
                emit_json([{"id": s.id, "title": s.title, "first": s.first, "last": s.last, "laws": n,
                            "with_case": k} for s, n, k in rows])
                return
            from arbiter import teaching_view

            teaching_view.syllabus(rows, "" if rb.ruleset == DEFAULT_RULESET else rb.ruleset,
                                   teaching.has_material(rb, "basics"))
            return
        if section.strip().lower() == "basics":
            lesson_of_game = teaching.basics(rb)
            if as_json:
                emit_json(lesson_of_game.as_dict())
                return
            from arbiter import teaching_view

            teaching_view.basics(lesson_of_game, page=_on_terminal())
            return
        lesson = teaching.lesson(rb, section)
        if as_json:
            emit_json(lesson.as_dict())
            return
        from arbiter import teaching_view

        teaching_view.lesson(rb, lesson, page=_on_terminal())


@app.command()
def quiz(
    seed: Annotated[Optional[int], typer.Option("--seed", help="Repeat a quiz: the same seed gives the same questions.")] = None,
    section: Annotated[Optional[str], typer.Option("--section", "-s", help="Ask only about one section: revoke, misdeal...")] = None,
    count: Annotated[int, typer.Option("--count", "-n", min=1, max=50, help="How many questions.")] = 5,
    answers: Annotated[Optional[str], typer.Option("--answers", help="Answer without a terminal: one per question, as 2,1,3 (- skips one).")] = None,
    key: Annotated[bool, typer.Option("--key", help="Print the questions with their answers (a teacher's sheet).")] = False,
    as_json: JsonFlag = False,
    ruleset: RulesetOpt = None,
    house: HouseOpt = None,
) -> None:
    """Multiple-choice questions from the laws and the worked cases; every answer cites its law.

    On a terminal it asks each question in turn. Without one it never waits for a person:
    answers come from --answers or from stdin (one per question), and with no answers at all
    it prints the questions with their answers. It ends with the score.
    """
    with refusing():
        import random

        from arbiter import teaching

        rb = book(ruleset, house)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 100_000)
        q = teaching.make_quiz(rb, seed, section, count)
        tty = sys.stdin.isatty()
        interactive = answers is None and not key and not as_json and tty
        if answers is not None:
            q.given = teaching.parse_answers(answers, q)
        elif not key and not tty:
            piped = _piped_answers(len(q.questions))
            if piped:
                q.given = teaching.parse_answers(piped, q)
        if as_json:
            emit_json(q.as_dict())
            return
        from arbiter import teaching_view

        if interactive:
            teaching_view.quiz_interactive(q, _ask_line)
        elif q.given is None:
            teaching_view.quiz_sheet(q)
        else:
            teaching_view.quiz_graded(q)


def _on_terminal() -> bool:
    """A person at a terminal, rather than a pipe or a file: long views go through a pager."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _ask_line(prompt: str) -> str | None:
    """One line from the person at the terminal; None at end of input."""
    try:
        return input(prompt)
    except EOFError:
        return None


_MAX_ANSWER_LINE = 4096  # a line of answers is a few characters; never read without end


def _piped_answers(wanted: int, wait: float = 1.0) -> str:
    """Answers from a non-terminal stdin, read until there are enough or the input ends.

    A pipe that stays silent for `wait` seconds counts as no answers, so that nothing hangs.
    """
    import re

    try:
        import select

        ready, _, _ = select.select([sys.stdin], [], [], wait)
        if not ready:
            return ""
    except (ValueError, OSError, ImportError):
        pass  # not a real file (a test's stream, or Windows): it can be read without waiting
    lines: list[str] = []
    found = 0
    while found < wanted:
        line = sys.stdin.readline(_MAX_ANSWER_LINE)
        if not line:
            break
        lines.append(line)
        found += len([t for t in re.split(r"[\s,;]+", line) if t])
    return " ".join(lines)


@app.command()
def coup(
    number: Annotated[Optional[str], typer.Argument(help="The case: 1-9 or I-IX; none lists them.", show_default=False)] = None,
    step: Annotated[bool, typer.Option("--step", help="On a terminal, wait for Enter before each trick.")] = False,
    as_json: JsonFlag = False,
    ruleset: RulesetOpt = None,
) -> None:
    """The authors' coups (Cases I-IX): the four hands, each trick, and the book's remarks."""
    with refusing():
        from arbiter import teaching

        rb = book(ruleset)
        if number is None:
            if as_json:
                emit_json([{"case": c.number, "roman": c.roman, "title": c.title or None, "lesson": c.lesson}
                           for c in teaching.coups(rb)])
                return
            from arbiter import teaching_view

            teaching_view.coup_list(teaching.coups(rb), teaching.coups_intro(rb))
            return
        c = teaching.coup(rb, number)
        if as_json:
            emit_json(teaching.coup_data(rb, c))
            return
        from arbiter import teaching_view

        def next_trick() -> bool:
            return _ask_line("Enter for the next trick, q to stop: ") not in (None, "q", "Q")

        stepping = step and sys.stdin.isatty() and sys.stdout.isatty()
        teaching_view.coup(rb, c, next_trick if stepping else None)


@app.command()
def remarks(
    part: Annotated[Optional[str], typer.Argument(help="eldest, second, third, dealer, bridge or lone; none lists them.", show_default=False)] = None,
    as_json: JsonFlag = False,
    ruleset: RulesetOpt = None,
) -> None:
    """The authors' General Remarks on play: advice for each seat, the bridge, and lone hands."""
    with refusing():
        from arbiter import teaching

        rem = teaching.remarks(book(ruleset))
        chosen = rem.part(part) if part else None
        if as_json:
            emit_json(chosen.as_dict() if chosen else rem.as_dict())
            return
        from arbiter import teaching_view

        teaching_view.remarks(rem, chosen)


# --- the audit of recorded games (issue 14; ../shared/spec/records.md) ---


@app.command()
def audit(
    paths: Annotated[list[str], typer.Argument(help="EGN files, YAML deal records, or folders of them.", show_default=False)],
    deal: Annotated[Optional[int], typer.Option("--deal", min=0, help="Show this deal trick by trick.")] = None,
    apply: Annotated[bool, typer.Option("--apply", help="Score the penalties as if claimed at the end of each hand.")] = False,
    as_json: JsonFlag = False,
    ruleset: RulesetOpt = None,
    house: HouseOpt = None,
) -> None:
    """Replay recorded games deal by deal; rule on every irregularity the record proves.

    A record's own rules (EGN's toggles) are read as house rules; --house replaces them.

    \b
    arbiter audit game.egn
    arbiter audit event-folder/ --json
    arbiter audit game.egn --deal 3
    """
    from arbiter import audit as auditing

    with refusing():
        rb = book(ruleset, house)
        files = auditing.expand(paths)
        bar = None
        if len(files) >= 20 and sys.stderr.isatty():
            from arbiter.audit_view import Progress

            bar = Progress(len(files))
        try:
            if as_json:  # written game by game (arbiter/audit_json.py)
                from arbiter import audit_json

                refused = audit_json.write(files, rb, sys.stdout, apply=apply, deal=deal, progress=bar)[1]
            else:
                result = auditing.audit(files, rb, apply=apply, deal=deal, progress=bar)
                refused = result.refused
        finally:
            if bar is not None:
                bar.stop()
    if not as_json:
        from arbiter import audit_view

        for game in result.games:
            (audit_view.deal_detail if deal is not None else audit_view.game_table)(game)
    for line in refused:
        fail(line)
    if refused or not files:
        if files:
            raise typer.Exit(2)
        named = ", ".join(paths)
        raise fail(f"no recorded games in {named}: a folder's .egn, .json, .yaml and .yml files are read")
