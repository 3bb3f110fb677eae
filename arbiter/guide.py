"""The guided ruling: an incident told in plain words, completed by short questions.

`arbiter rule "WORDS"` reads the words (`arbiter.classify`), works out what the ruling still
needs, and on a terminal asks one question for each missing thing, checking each answer as a
case file's value would be checked. The questions are read here; everything shown around them
is drawn by `arbiter.render`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from arbiter.model import InputError, is_whole

NOT_UNDERSTOOD = ("could not tell which incident the words describe; say what was done, as 'East led out of turn' "
                  "or 'the dealer gave North six cards' (see 'arbiter kinds')")
CONTEXT = ("me", "dealer", "trump")
"""What words such as 'my partner' or 'the left bower' wait on: your seat, the dealer, the trump."""

SEATS = ("N", "E", "S", "W")
NOBODY = ("none", "nobody", "no one", "no")
"""What `--alone` takes to say that nobody plays alone."""
CONTEXT_QUESTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "me": ("Which seat are you", SEATS),
    "dealer": ("Who dealt", SEATS),
    "trump": ("What is trumps", ("clubs", "diamonds", "hearts", "spades")),
}
ENVELOPE_QUESTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    **CONTEXT_QUESTIONS,
    "maker": ("Who made the trump", SEATS),
    "alone": ("Who is playing alone", SEATS),
    "turned": ("What card was turned up (as 9H)", ()),
}


class Refusal(InputError):
    """Plain words that cannot be ruled on as they stand: the one line, and for --json the
    payload `{"error", "kind", "missing", "candidates"}` (incidents.md, "Plain words")."""

    def __init__(self, message: str, kind: str | None, missing: list[str], candidates: list[str]) -> None:
        super().__init__(message)
        self.payload = {"error": message, "kind": kind, "missing": missing, "candidates": candidates}


def refusal(message: str, found: Any, missing: Sequence[str] = ()) -> Refusal:
    """A refusal naming the reading's kind and its candidates."""
    kind = None if found is None else found.kind
    candidates = [] if found is None else [c.kind for c in found.candidates]
    return Refusal(message, kind, list(missing), candidates)


def named_missing(message: str) -> list[str]:
    """The facts an engine refusal says are missing ("missing cards or no_discard"), for the
    refusal's `missing`; [] where it names none."""
    import re

    match = re.search(r"missing ([a-z_]+(?:(?:, | or | and )[a-z_]+)*)", message)
    return re.split(r", | or | and ", match.group(1)) if match else []


def is_words(source: str) -> bool:
    """A `rule` source that is neither a case file nor a kind: words, not a path or a mistyped kind."""
    if os.path.exists(source) or source.lower().endswith((".yaml", ".yml")):
        return False
    if any(c.isspace() for c in source.strip()):
        return True  # "south reneged w/ a club, 3/1": words, though a slash stands in them
    return "/" not in source and os.sep not in source and "_" not in source


def understand(text: str, me: str | None = None, dealer: str | None = None, trump: str | None = None) -> Any:
    """The words' reading (an `arbiter.classify` Classification); refused when no kind fits."""
    from arbiter import classify as reading

    found = reading.classify(text, me=me, dealer=dealer, trump=trump)
    if found.kind is None:
        raise refusal(NOT_UNDERSTOOD, found)
    return found


def read(text: str, args: list[str], flags: dict[str, str | None], me: str | None) -> tuple[Any, dict[str, Any],
                                                                                             dict[str, Any]]:
    """The words read as a kind that has a ruling, with the facts given as `--name value` flags
    laid over theirs: (the reading, the envelope flags given, the facts flagged)."""
    from arbiter.incident import case_from_flags
    from arbiter.ruling import KINDS

    found = understand(text, me=me, dealer=flags["dealer"], trump=flags["trump"])
    if found.kind not in KINDS:
        raise InputError(f"the words read as {found.kind}, which has no ruling yet")
    given = {k: v for k, v in flags.items() if v is not None}
    if str(given.get("alone", "")).lower() in NOBODY:
        del given["alone"]
        found.envelope["alone"] = None  # told: nobody is alone
    flagged = case_from_flags(found.kind, args)["incident"] if args else {}
    for name, value in flagged.items():
        if name != "kind" and name in found.facts and found.facts[name] != value:
            found.overridden[name] = found.facts[name]  # the flag wins; the words said otherwise
    found.facts.update({k: v for k, v in flagged.items() if k != "kind"})
    for key in ("dealer", "trump"):
        if given.get(key) is not None and found.envelope.get(key) not in (None, given[key]):
            found.overridden[key] = found.envelope[key]
    return found, given, flagged


def needed(found: Any, given: dict[str, Any]) -> list[str]:
    """What the ruling still needs: facts the kind requires (and envelope keys it needs) that
    neither the words nor the options gave, and the seat, dealer or trump that words such as
    'my partner' or 'the left bower' wait on."""
    from arbiter import classify as reading

    wanted = list(dict.fromkeys(v for v in found.unresolved.values() if v in CONTEXT and not found.envelope.get(v)))
    for name in reading.missing(found, given):
        if name not in wanted:
            wanted.append(name)
    return wanted


def missing(found: Any, wanted: list[str]) -> Refusal:
    """The refusal when nothing may be asked: what is missing, and the flags that give it."""
    flags_hint = " ".join(f"--{n.split(' or ')[0].replace('_', '-')} ..." for n in wanted)
    from arbiter.incident import label

    return refusal(f"{found.kind}: missing {', '.join(label(n) for n in wanted)}; give them as flags "
                   f"({flags_hint}) or run on a terminal to be asked", found, [n.split(" or ")[0] for n in wanted])


def doubtful(found: Any, missing: Sequence[str] = ()) -> Refusal:
    """The refusal of a reading too close between kinds to rule on; `missing`: what the
    likeliest kind would still need, so that naming the kind is not the only question left."""
    kinds = [c.kind for c in found.candidates[:4]]
    return refusal(f"the words could describe {' or '.join(kinds) or 'no incident'}; name the kind "
                   f"(arbiter rule KIND --fact value ...) or run on a terminal to choose", found, missing)


def still_needed(found: Any, given: dict[str, Any], score: str | None, games: str | None) -> list[str]:
    """What a ruling on the reading's kind would still need: the facts asked for, and the
    decisive facts the words leave open; as far as they can be told before the kind is sure."""
    wanted = [n.split(" or ")[0] for n in needed(found, given)]
    if wanted:
        return wanted
    try:
        data = case_data(found, given, score, games)
        return [o.name for o in open_facts(data, told(found, given, score))]
    except InputError:
        return wanted


def two_incidents(found: Any) -> Refusal:
    """The refusal of a story that tells two incidents, with both as candidates."""
    a, b = found.incidents
    return Refusal(f"the story tells two incidents, {a} and {b}; rule on each in its own words, or run on a "
                   "terminal to choose", None, [], [a, b])


def choose_kind(found: Any, flagged: dict[str, Any], kinds: list[str] | None = None) -> Any:
    """On a terminal, the doubtful reading's candidates (or a story's two incidents) as a
    numbered choice; the words are read again as the kind chosen."""
    from arbiter import classify as reading
    from arbiter import render
    from arbiter.ruling import KINDS

    two = kinds is not None
    kinds = [k for k in (kinds or [c.kind for c in found.candidates[:4]]) if k in KINDS]
    render.kind_choice(kinds, two)
    while True:
        answer = prompt(f"Which is it? [1-{len(kinds)}]").strip()
        if is_whole(answer) and 1 <= int(answer) <= len(kinds):
            break
        render.bad_answer(f"answer a number from 1 to {len(kinds)}")
    chosen = reading.classify(found.text, me=found.envelope.get("me"), dealer=found.envelope.get("dealer"),
                              trump=found.envelope.get("trump"), kind=kinds[int(answer) - 1])
    chosen.doubtful = False  # the person settled it
    chosen.incidents = []
    chosen.facts.update({k: v for k, v in flagged.items() if k != "kind"})
    return chosen


def told(found: Any, given: dict[str, Any], score: str | None) -> set[str]:
    """What the words, the flags and the answers settled: facts and envelope keys."""
    names = set(found.facts) | set(given) | ({"alone"} if "alone" in found.envelope else set())
    if score is not None or found.envelope.get("score") is not None:
        names.add("score")
    return names


def open_facts(data: dict[str, Any], settled: set[str]) -> list[Any]:
    """The decisive facts (and the score) the words left open: `arbiter.decisive.Open`s."""
    from arbiter import decisive
    from arbiter.incident import build_case
    from arbiter.rulebook import DEFAULT_RULESET, load
    from arbiter.ruling import rule

    def ruling_of(raw: dict[str, Any]) -> Any:
        return rule(build_case(raw, "words"))

    book = load(data.get("ruleset") or DEFAULT_RULESET)
    found = decisive.find_open(data, settled, book, ruling_of)
    # The score decides wherever any value of an open fact scores points: a revoke on each side
    # scores nothing when both are established, three when one was saved.
    tries = [data] + [decisive.with_value(data, item.name, value, envelope=item.type == "seat?")
                      for item in found for value, _ in item.outcomes]
    score = next((s for s in (decisive.score_open(t, settled, ruling_of) for t in tries) if s is not None), None)
    return found + ([score] if score is not None else [])


def ask_open(data: dict[str, Any], opened: list[Any], settled: set[str]) -> dict[str, Any]:
    """On a terminal, one short question for each open decisive fact; the raw case with the answers.

    The facts still open are worked out again after each answer, since one answer can make
    another question idle: once he had passed, the words of his lone declaration change nothing."""
    from arbiter import decisive
    from arbiter.incident import score_pair
    from arbiter.model import Seat
    from arbiter.render import bad_answer

    data = {**data, "incident": dict(data["incident"])}
    settled = set(settled)
    while opened:
        item = opened[0]
        while True:
            try:
                if item.name == "score":
                    data["score"] = score_pair(prompt(item.question).strip(), "score")
                elif item.type == "seat?":
                    answer = prompt(f"{item.question} [nobody/N/E/S/W]").strip()
                    _not_ambiguous(answer)
                    nobody = answer.lower() in (*NOBODY, "-")
                    data = decisive.with_value(data, item.name, None if nobody else Seat.parse(answer).value,
                                               envelope=True)
                else:
                    data["incident"][item.name] = fact_question(data["incident"]["kind"], item.name, item.question)
                break
            except InputError as err:
                bad_answer(str(err))
        settled.add(item.name)
        opened = open_facts(data, settled)
    return data


def case_data(found: Any, given: dict[str, Any], score: str | None, games: str | None) -> dict[str, Any]:
    """The raw case the reading and the answers make, with --score and --games as NS-EW text."""
    from arbiter.incident import score_pair

    data: dict[str, Any] = {"incident": {"kind": found.kind, **found.facts}}
    for key in ("dealer", "trump", "alone"):
        if found.envelope.get(key):
            data[key] = found.envelope[key]
    data.update(given)
    if found.envelope.get("score") is not None:
        data["score"] = dict(found.envelope["score"])  # the score the story gave; --score wins
    for key, value in (("score", score), ("games", games)):
        if value is not None:
            data[key] = score_pair(value, key)
    return data


def ask(found: Any, given: dict[str, Any], wanted: list[str], me: str | None,
        flagged: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """One short question for each thing still needed, with the choices; answers are checked as
    they come. Context first (your seat, the dealer, the trump), since it may settle facts.

    Raises EOFError when the input ends before the answers do."""
    from arbiter import classify as reading

    context = {"me": me, "dealer": found.envelope.get("dealer"), "trump": found.envelope.get("trump")}
    for key in [n for n in wanted if n in CONTEXT]:
        context[key] = question(key, CONTEXT_QUESTIONS[key])
    if any(context[k] != (me if k == "me" else found.envelope.get(k)) for k in CONTEXT):
        # The same words read again with the answers: the kind stays, seats such as "my partner" settle.
        found = reading.classify(found.text, me=context["me"], dealer=context["dealer"], trump=context["trump"],
                                 kind=found.kind)
        found.facts.update({k: v for k, v in flagged.items() if k != "kind"})
    given = dict(given)
    for name in needed(found, given):
        if name in CONTEXT:
            continue
        name = name.split(" or ")[0]
        if name in ENVELOPE_QUESTIONS:
            given[name] = question(name, ENVELOPE_QUESTIONS[name])
            continue
        found.facts[name] = fact_question(found.kind, name)
    return found, given


def question(name: str, spec: tuple[str, tuple[str, ...]]) -> str:
    """Ask until the answer is one of the choices (any case; seats also as north, east...)."""
    from arbiter import render
    from arbiter.model import Card, Seat, Suit

    text, choices = spec
    parse = {"turned": lambda v: str(Card.parse(v)), "trump": lambda v: Suit.parse(v).value}.get(
        name, lambda v: Seat.parse(v).value)
    while True:
        answer = prompt(f"{text}? [{'/'.join(choices)}]" if choices else f"{text}?")
        try:
            return parse(answer)
        except InputError as err:
            render.bad_answer(str(err))


def fact_question(kind: str, name: str, question: str | None = None) -> Any:
    """Ask for one fact of a kind, in the form its type takes, and check it as the case file would."""
    from arbiter import render
    from arbiter.incident import parse_facts
    from arbiter.ruling import KINDS

    fact = KINDS[kind].facts[name]
    # A choice the kind can take as none of its values ("if anyone?") may be answered so.
    nullable = fact.choices if fact.default is None and name not in KINDS[kind].required else None
    hint = {
        "seat": "[N/E/S/W]", "seats": "[seats as S W, or none]", "side": "[NS/EW]", "bool": "[y/n]",
        "suit": "[clubs/diamonds/hearts/spades]", "card": "[a card, as JH]", "cards": "[cards, as JH 9S]",
        "int": f"[{fact.low}-{fact.high}]", "counts": "[seat=cards, as N=6 E=4]", "cuts": "[seat=card, as N=JH E=9S]",
        "choice": f"[{'/'.join((*fact.choices, 'none') if nullable else fact.choices)}]",
        "choices": f"[any of {'/'.join(fact.choices)}]", "text": "",
    }[fact.type]
    heading = name.replace("_", " ").capitalize()
    text = f"{heading} ({fact.meaning()})? {hint}" if fact.help else f"{heading}? {hint}"
    if question:
        text = f"{question} {hint}"
    while True:
        answer = prompt(text.strip())
        try:
            value = answer_value(fact.type, answer, name, nullable)
            parse_facts(kind, {name: value}, "answer")
            return value
        except InputError as err:
            render.bad_answer(str(err))


def _not_ambiguous(answer: str) -> None:
    """Refuse a lone "n" where no one is also a choice: a player typing it for "no" was taken
    to mean North, and a lone hand was scored that nobody played."""
    if answer.strip().lower() == "n":
        raise InputError("'n' may mean North or no one: type north, or none")


def answer_value(type_: str, answer: str, name: str, nullable: tuple[str, ...] | None = None) -> Any:
    """A fact's raw value from a typed answer: y/n for yes or no, 'none' for an empty list,
    otherwise read as the fact's `--name value` flag would be. `nullable` holds the choices of
    a choice that may also be none of them ("who touched first, if anyone?"): then 'none'
    answers it, as the decisive facts try it (arbiter.decisive)."""
    from arbiter.incident import flag_value

    text = answer.strip()
    if type_ == "choice" and nullable is not None and text.lower() in (*NOBODY, "neither", "-"):
        return None
    if type_ == "seats":
        _not_ambiguous(text)
    if type_ == "bool":
        if text.lower() in ("y", "yes", "true", "1"):
            return True
        if text.lower() in ("n", "no", "false", "0"):
            return False
        raise InputError("answer y or n")
    if type_ in ("seats", "cards", "choices") and text.lower() in ("", "none", "-", "nobody", "no one"):
        return []
    return flag_value(type_, text, name, None)


def prompt(text: str) -> str:
    """One answer from the person at the terminal; EOFError when the input ends."""
    from rich.prompt import Prompt
    from rich.text import Text

    from arbiter.render import console

    return Prompt.ask(Text(text), console=console)  # Text: "[pass/order]" is not markup
