"""Incidents: what happened at the table, from a case file, flags or Python.

The case-file contract is ../shared/spec/incidents.md. Facts are checked against the
kind's declared facts (see `arbiter.ruling.kind`): an unknown key, seat, card or a
number out of range is refused with one line that names it, never guessed at.
"""

from __future__ import annotations

import copy
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from arbiter.fact import COMMAND_OPTIONS, Fact  # noqa: F401  (COMMAND_OPTIONS re-exported)
from arbiter.model import PARTNERSHIPS, SINGLES, Card, InputError, Seat, Side, Suit, Table, is_whole, sides_of
from arbiter.reader import CASE_CAP, clean, decode, parse_yaml, read_bytes, shown

ENVELOPE = ("title", "ruleset", "house", "players", "dealer", "score", "games", "trump", "turned", "maker", "alone", "incident", "expect")
BOOL_WORDS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
_NOTHING = MappingProxyType({Side.NS: 0, Side.EW: 0})
"""A score of nothing, read-only, as a case's default is one value shared by every case."""


class Case(NamedTuple):  # not a dataclass: the audit starts without importing dataclasses
    """An incident with the state of the game around it."""

    kind: str
    """The incident kind, from the spec's table."""
    facts: dict[str, Any]
    """The kind's facts, parsed: seats as Seat, cards as Card; defaults filled in."""
    dealer: Seat | None = None
    """Who dealt this hand."""
    score: dict[Side, int] = _NOTHING  # type: ignore[assignment]
    """Points in the current game."""
    games: dict[Side, int] = _NOTHING  # type: ignore[assignment]
    """Games won in this rubber."""
    trump: Suit | None = None
    """The trump suit, once made."""
    turned: Card | None = None
    """The card turned up."""
    maker: Seat | None = None
    """The seat that ordered up, assisted, adopted or made the trump."""
    alone: Seat | None = None
    """The seat playing alone."""
    ruleset: str = "somerset-1888"
    """The code of laws to rule under."""
    title: str | None = None
    """A sentence naming the case."""
    expect: dict[str, Any] | None = None
    """What the ruling must show, for worked cases."""
    given: frozenset[str] = frozenset()
    """The facts the input actually stated, as opposed to defaults."""
    score_given: bool = False
    """Whether the input gave the score (else it is 0-0 by default, and no ruling may say it was recorded)."""
    house: Any = None
    """The house rules in force (`house.House`), if any."""
    players: int = 4
    """Players at the table: 4, or 2 for the two-handed game (only under a code that has it)."""

    @property
    def table(self) -> Table:
        """Roles derived from the dealer."""
        if self.dealer is None:
            raise InputError(f"{self.kind}: 'dealer' is needed to tell who holds which role")
        return Table(self.dealer)

    @property
    def second_round(self) -> bool:
        """The trump was made in the second round: a suit other than the one turned up."""
        return self.trump is not None and self.turned is not None and self.trump is not self.turned.suit

    @property
    def makers(self) -> Side | None:
        """The side that made the trump."""
        if self.maker is not None:
            return self.maker.side
        return self.alone.side if self.alone is not None else None


def read_case_file(path: str | Path) -> dict[str, Any]:
    """A case file's raw mapping, read through the guarded reader (a regular file of at most
    256 KB, UTF-8, YAML without tags, aliases or duplicate keys)."""
    raw = read_bytes(path, CASE_CAP, "case file")
    # Importing PyYAML costs more than the rest of a ruling; a file already read
    # safely is remembered by the hash of its bytes, as directors re-run their cases.
    from arbiter.rulebook import blake2b, read_cache, write_cache

    name = f"case-{blake2b(raw, digest_size=16).hexdigest()}"
    data = read_cache(name)
    if isinstance(data, dict):
        return data
    data = parse_case_text(decode(raw, path), shown(str(path)))
    write_cache(name, data, family=r"case-[0-9a-f]{32}", keep=500)
    return data


def parse_case_text(text: str, where: str = "case") -> dict[str, Any]:
    """The raw mapping from YAML text."""
    data = parse_yaml(text, where)
    if not isinstance(data, dict):
        raise InputError(f"{where}: a case file must be a mapping with an 'incident' key")
    return data


def build_case(data: dict[str, Any], where: str = "case") -> Case:
    """A Case from a raw mapping, every key and value checked."""
    from arbiter.kinds import KINDS

    for key in data:
        if key not in ENVELOPE:
            raise InputError(f"{where}: unknown key {shown(key, 60)!r}; keys are {', '.join(ENVELOPE)}")
    incident = data.get("incident")
    if not isinstance(incident, dict):
        raise InputError(f"{where}: 'incident' must be a mapping with a 'kind'")
    kind = incident.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise InputError(f"{where}: unknown kind {shown(kind, 60)!r}; see 'arbiter kinds' for the list")
    raw_facts = {k: v for k, v in incident.items() if k != "kind"}
    facts = parse_facts(kind, raw_facts, where)
    house = _house(data.get("house"), where)
    players = _players(data.get("players"), where)
    ruleset = _ruleset(data.get("ruleset"), where)
    if house is not None:
        if data.get("ruleset") is not None and ruleset != house.base:
            raise InputError(f"{where}: the ruleset is {ruleset}, but {house.called} amend {house.base}")
        ruleset = house.base
    # Whether it holds all the kind needs is the engine's check (ruling.rule), made once there.
    case = Case(
        kind=kind,
        facts=facts,
        dealer=_opt(data, "dealer", Seat.parse, where),
        score=_tally(data.get("score"), "score", where, high=99, players=players),
        games=_tally(data.get("games"), "games", where, high=99, players=players),
        trump=_opt(data, "trump", Suit.parse, where),
        turned=_opt(data, "turned", Card.parse, where),
        maker=_opt(data, "maker", Seat.parse, where),
        alone=_opt(data, "alone", Seat.parse, where),
        ruleset=ruleset,
        title=_title(data.get("title"), where),
        expect=_expect(data.get("expect"), where),
        given=frozenset(raw_facts),
        score_given=data.get("score") is not None,
        house=house,
        players=players,
    )
    _check_players(case, where)
    if house is not None and house.value("pack") == 24:
        _check_pack(case, where)
    return case


def _house(value: Any, where: str) -> Any:
    """The case's house rules: a House already read (the --house flag), a mapping, or a path
    inside the case file's folder."""
    if value is None:
        return None
    from arbiter import house

    if isinstance(value, house.House):
        return value
    if isinstance(value, dict):
        return house.from_mapping(value, f"{where}: house")
    if isinstance(value, str) and where not in ("flags", "words", "case"):
        return house.beside(where, value)
    raise InputError(f"{where}: house must be a mapping of house rules, or the path of a file beside the case file")


def _check_pack(case: Case, where: str) -> None:
    """Under a 24-card pack, a seven or an eight is no card of the pack."""
    values = [case.turned, *case.facts.values()]
    cards = [v for v in values if isinstance(v, Card)]
    cards += [c for v in values if isinstance(v, (list, tuple)) for c in v if isinstance(c, Card)]
    cards += [c for v in values if isinstance(v, dict) for c in v.values() if isinstance(c, Card)]
    low = [c for c in cards if c.rank in ("7", "8")]
    if low:
        raise InputError(f"{where}: no such card as {low[0].rank}{low[0].suit.letter} in this pack: the house "
                         "rules play a 24-card pack, nine to ace")


def parse_facts(kind: str, raw: dict[str, Any], where: str = "case") -> dict[str, Any]:
    """Typed facts for a kind, with the ordinary-case defaults filled in."""
    from arbiter.kinds import KINDS

    spec = KINDS[kind]
    facts: dict[str, Any] = {}
    for name, value in raw.items():
        if name not in spec.facts:
            known = ", ".join(spec.facts) or "none"
            raise InputError(f"{where}: {kind} has no fact {name!r}; its facts are: {known}")
        fact = spec.facts[name]
        # null means "not stated": the ordinary case, as for a fact left out
        facts[name] = _default(fact) if value is None else _convert(fact, value, f"{where}: {kind}.{name}")
    for name, fact in spec.facts.items():
        if name not in facts:
            facts[name] = _default(fact)
    return facts


def case_from_flags(kind_name: str, args: list[str]) -> dict[str, Any]:
    """A raw case from `--name value` flags, each fact typed by the kind's declared facts."""
    from arbiter.kinds import KINDS

    spec = KINDS[kind_name]
    facts: dict[str, Any] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--"):
            raise InputError(f"unexpected argument {arg!r}; give facts as --name value")
        name, _, inline = arg[2:].partition("=")
        name = name.replace("-", "_")
        if name not in spec.facts:
            raise InputError(f"{kind_name} has no fact {name!r}; its facts are: {', '.join(spec.facts) or 'none'}")
        fact = spec.facts[name]
        if inline:
            value: str | None = inline
        elif i + 1 < len(args) and not args[i + 1].startswith("--"):
            value = args[i + 1]
            i += 1
        else:
            value = None
        i += 1
        if name in facts and fact.type not in REPEATABLE:
            raise InputError(f"--{arg[2:].partition('=')[0]} is given twice")  # which one would stand?
        facts[name] = flag_value(fact.type, value, name, facts.get(name))
    return {"incident": {"kind": kind_name, **facts}}


LIST_TYPES = ("seats", "cards", "choices", "names")
"""Fact types whose flag gives a list, added to where the flag is given again."""
PAIR_TYPES = ("counts", "cuts")
"""Fact types whose flag gives seat=value pairs, likewise added to."""
REPEATABLE = LIST_TYPES + PAIR_TYPES
"""Fact types a flag may be given for more than once."""


def split_options(args: list[str], options: dict[str, tuple[str, bool]],
                  facts: dict[str, Fact]) -> tuple[dict[str, Any], list[str]]:
    """Split what follows a kind (or a case file, or words) into the command's own options and
    the rest, left in order for `case_from_flags`.

    `options` maps each option's flag name (without dashes, `_` for `-`) to its parameter name
    and whether it takes a value. A name that is both a fact and an option (the envelope's
    `--alone SEAT` beside `hand_result`'s yes/no `alone`) is the fact when bare or given yes or
    no, and the option when given anything else. A flag never takes an `--option` as its value.
    """
    found: dict[str, Any] = {}
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        flag, eq, inline = arg[2:].partition("=")
        name = flag.replace("-", "_")
        if not arg.startswith("--") or name not in options:
            rest.append(arg)
            continue
        after = inline if eq else (args[i] if i < len(args) and not args[i].startswith("--") else None)
        fact = facts.get(name)
        if fact is not None and (fact.type != "bool" or after is None or after.lower() in BOOL_WORDS):
            rest.append(arg)
            continue
        param, takes_value = options[name]
        if not takes_value:
            if eq:
                raise InputError(f"--{flag} takes no value")
            value: Any = True
        elif after is None:
            raise InputError(f"--{flag} needs a value")
        else:
            value = after
            i += 0 if eq else 1
        if param in found:
            raise InputError(f"--{flag} is given twice")
        found[param] = value
    return found, rest


def flag_value(type_: str, value: str | None, name: str, previous: Any) -> Any:
    """One fact's value from a flag's text (None for a bare flag), added to `previous` for a
    repeated list or pairs flag; checked as a case file's value would be by `build_case`."""
    if type_ == "bool":
        if value is None:
            return True
        if value.lower() in ("true", "yes", "1"):
            return True
        if value.lower() in ("false", "no", "0"):
            return False
        raise InputError(f"--{name} takes true or false, found {value!r}")
    if value is None:
        raise InputError(f"--{name} needs a value")
    if type_ in LIST_TYPES:
        if value.strip().lower() in ("none", "nobody", "-"):
            return list(previous or [])  # "--followed none": an empty list, said outright
        items = [v for v in value.replace(",", " ").split() if v]
        return (previous or []) + items
    if type_ in PAIR_TYPES:
        pairs = dict(previous or {})
        for item in value.replace(",", " ").split():
            key, sep, val = item.partition("=")
            if not sep:
                raise InputError(f"--{name} takes seat=value pairs, as N=5,E=6; found {item!r}")
            pairs[key] = int(val) if is_whole(val) else val
        return pairs
    if type_ == "int":
        if not is_whole(value, signed=True):
            raise InputError(f"--{name} takes a whole number, found {value!r}")
        return int(value)
    return value


def label(name: str) -> str:
    """A needed item as people say it; facts keep their names, as the flags that give them."""
    return {"me": "your seat (--me)", "dealer": "the dealer (--dealer)", "trump": "the trump (--trump)"}.get(name, name)


def score_pair(text: str, name: str, players: int = 4) -> dict[str, int]:
    """Points or games given as NS-EW text (2-3, or 2:3) for the flag `--name`; at a table of
    two, North's then South's."""
    parts = text.replace(":", "-").split("-")
    sides = [side.value for side in sides_of(players)]
    if len(parts) != 2 or not all(is_whole(p.strip()) for p in parts):
        raise InputError(f"--{name} must be two numbers {'-'.join(sides)}, as 2-3; found {text!r}")
    return dict(zip(sides, (int(p) for p in parts)))


def hand_incident(makers: str | None, maker: str | None, tricks: int | None, alone: bool, partner_exposed: bool,
                  abandoned: bool, revoke: str | None, revokes: int | None, wrong_count: str | None) -> dict[str, Any]:
    """The raw `hand_result` incident that `arbiter score`'s flags describe: only what was given."""
    incident: dict[str, Any] = {"kind": "hand_result"}
    for key, value in (("makers", makers), ("maker", maker), ("tricks", tricks), ("revoke_by", revoke),
                       ("revokes", revokes), ("wrong_count_by", wrong_count)):
        if value is not None:
            incident[key] = value
    for key, on in (("alone", alone), ("partner_exposed", partner_exposed), ("abandoned", abandoned)):
        if on:
            incident[key] = True
    return incident


def _default(fact: Fact) -> Any:
    """A fresh copy of the default, so no handler can change another case's (most are
    None, a flag or a number, which no one can change)."""
    value = fact.default
    return value if value is None or type(value) in (bool, int, str) else copy.copy(value)


def _convert(fact: Fact, value: Any, where: str) -> Any:
    t = fact.type
    try:
        if t == "seat":
            return Seat.parse(_scalar(value))
        if t == "side":
            return Side.any(_scalar(value))
        if t == "suit":
            return Suit.parse(_scalar(value))
        if t == "card":
            return Card.parse(_scalar(value))
        if t == "seats":
            seats = [Seat.parse(_scalar(v)) for v in _list(value)]
            if len(set(seats)) != len(seats):
                raise InputError("a seat is named twice")
            return seats
        if t == "cards":
            cards = [Card.parse(_scalar(v)) for v in _list(value)]
            if len(set(cards)) != len(cards):
                raise InputError("a card is named twice")
            return cards
        if t == "choices":
            return [_choice(fact, v) for v in _list(value)]
        if t == "names":
            names = [_name(v) for v in _list(value)]
            if len(set(names)) != len(names):
                raise InputError("a player is named twice")
            return names
        if t == "bool":
            if not isinstance(value, bool):
                raise InputError(f"must be true or false, found {value!r}")
            return value
        if t == "int":
            return _int(value, fact.low, fact.high)
        if t == "choice":
            return _choice(fact, value)
        if t == "counts":
            if not isinstance(value, dict):
                raise InputError("must map seats to numbers, as {N: 5, E: 6}")
            counts = {Seat.parse(_scalar(k)): _int(v, fact.low, fact.high) for k, v in value.items()}
            if len(counts) != len(value):  # N and north are one seat
                raise InputError("a seat is named twice")
            return counts
        if t == "cuts":
            if not isinstance(value, dict):
                raise InputError("must map players to cards, as {N: JH, E: 9S}")
            cuts = {_name(k): Card.parse(_scalar(v)) for k, v in value.items()}
            if len(cuts) != len(value):  # N and north are one player
                raise InputError("a player is named twice")
            if len(set(cuts.values())) != len(cuts):
                raise InputError("two players cannot cut the same card from one pack")
            return cuts
        if t == "text":
            return _text(value, fact.name, where)
    except InputError as err:
        raise InputError(f"{where}: {err}") from None
    raise AssertionError(f"fact type {t!r} is not handled")


def _scalar(value: Any) -> Any:
    if isinstance(value, (dict, list)):
        raise InputError(f"expected a single value, found {value!r}")
    if isinstance(value, bool):
        raise InputError(f"expected a name, found {value!r}")
    return value


def _list(value: Any) -> list[Any]:
    if isinstance(value, (str, int)):
        return [value]
    if not isinstance(value, list):
        raise InputError(f"expected a list, found {value!r}")
    return value


def _int(value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"must be a whole number, found {value!r}")
    if not low <= value <= high:
        raise InputError(f"{value} is out of range ({low} to {high})")
    return value


def _choice(fact: Fact, value: Any) -> str:
    text = str(_scalar(value)).strip().lower()
    if text not in fact.choices:
        raise InputError(f"unknown value {value!r}; choose from {', '.join(fact.choices)}")
    return text


def _name(value: Any) -> str:
    text = clean(str(_scalar(value))).strip()
    if not text or len(text) > 40:
        raise InputError(f"player name {shown(value, 60)!r} must be 1 to 40 characters")
    try:
        return Seat.parse(text).value
    except InputError:
        return text


MAX_TITLE = 300
"""A title is a sentence naming the case, shown on one line."""


def _title(value: Any, where: str) -> str | None:
    if value is None:
        return None
    text = clean(_text(value, "title", where))
    if len(text) > MAX_TITLE or "\n" in text.strip():
        raise InputError(f"{where}: 'title' must be one line of at most {MAX_TITLE} characters "
                         f"(found {len(text)})")
    return text.strip()


def _ruleset(value: Any, where: str) -> str:
    """The case's ruleset: the name of one the project ships, never a path."""
    from arbiter.rulebook import DEFAULT_RULESET, check_ruleset

    if value is None:
        return DEFAULT_RULESET
    try:
        return check_ruleset(value)
    except InputError as err:
        raise InputError(f"{where}: {err}") from None


def _text(value: Any, name: str, where: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{where}: {name!r} must be text, found {value!r}")
    return value


def _opt(data: dict[str, Any], key: str, parse: Any, where: str) -> Any:
    value = data.get(key)
    if value is None:
        return None
    try:
        return parse(_scalar(value))
    except InputError as err:
        raise InputError(f"{where}: {key}: {err}") from None


def _tally(value: Any, name: str, where: str, high: int, players: int = 4) -> dict[Side, int]:
    """Points or games by side; below nothing only where a house rule deducts (the score checks)."""
    result = {side: 0 for side in sides_of(players)}
    if value is None:
        return result
    if not isinstance(value, dict):
        example = "{N: 2, S: 3}" if players == 2 else "{NS: 2, EW: 3}"
        raise InputError(f"{where}: {name!r} must map sides to numbers, as {example}")
    for key, points in value.items():
        try:
            side = Side.parse(_scalar(key), players)
            result[side] = _int(points, -high if name == "score" else 0, high)
        except InputError as err:
            raise InputError(f"{where}: {name}: {err}") from None
    return result


def _players(value: Any, where: str) -> int:
    if value is None:
        return 4
    if value not in (2, 4) or isinstance(value, bool):
        raise InputError(f"{where}: players must be 4, or 2 for the two-handed game; found {shown(value, 20)!r}")
    return int(value)


def _check_players(case: Case, where: str) -> None:
    """At a table of two only North and South sit, each his own side."""
    if case.players != 2:
        bad = [v for v in case.facts.values() if isinstance(v, Side) and v not in PARTNERSHIPS]
        if bad:
            raise InputError(f"{where}: side {bad[0].value}: sides are NS and EW")
        return
    seats = [case.dealer, case.maker, case.alone, *case.facts.values()]
    seats += [x for v in case.facts.values() if isinstance(v, (list, tuple)) for x in v]
    away = [s for s in seats if isinstance(s, Seat) and s not in (Seat.N, Seat.S)]
    if away:
        raise InputError(f"{where}: {away[0].name_} does not sit at a table of two; the players are North and South")
    wrong = [v for v in case.facts.values() if isinstance(v, Side) and v not in SINGLES]
    if wrong:
        raise InputError(f"{where}: side {wrong[0].value}: at a table of two each player is his own side, N or S")
    if case.alone is not None:
        raise InputError(f"{where}: no one plays alone in the two-handed game")


EXPECT_KEYS = ("laws", "governing", "options", "elector", "actions", "verdict", "deal", "dealer",
               "adjustment", "after", "error", "notes", "summary", "house_rules", "silent", "by")


_EXPECT_SHAPES: dict[str, tuple[str, ...]] = {
    # key: the shapes its value may take
    "laws": ("ints",), "governing": ("int",), "options": ("words", "null"), "elector": ("word",),
    "actions": ("ints",), "verdict": ("word", "null"), "deal": ("word", "null"), "dealer": ("word", "null"),
    "adjustment": ("points", "null"), "after": ("mapping", "null"), "error": ("word",),
    "notes": ("word", "words"), "summary": ("word", "words"), "house_rules": ("words",), "silent": ("bool",), "by": ("word",),
}


def _expect(value: Any, where: str) -> dict[str, Any] | None:
    """A worked case's expectations, each of the shape the comparison reads."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise InputError(f"{where}: 'expect' must be a mapping")
    for key, item in value.items():
        if key not in EXPECT_KEYS:
            raise InputError(f"{where}: expect has no key {shown(key, 60)!r}; keys are {', '.join(EXPECT_KEYS)}")
        shapes = _EXPECT_SHAPES[key]
        if not any(_has_shape(item, shape) for shape in shapes):
            raise InputError(f"{where}: expect.{key} must be {' or '.join(_SHAPE_WORDS[s] for s in shapes)}, "
                             f"found {shown(repr(item), 60)}")
    return value


_SHAPE_WORDS = {"ints": "a list of law numbers", "int": "a law number", "words": "a list of words",
                "word": "a word", "null": "null", "points": "a mapping of sides to points",
                "mapping": "a mapping"}


def _has_shape(value: Any, shape: str) -> bool:
    def whole(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    if shape == "null":
        return value is None
    if shape == "int":
        return whole(value)
    if shape == "ints":
        return isinstance(value, list) and all(whole(v) for v in value)
    if shape == "word":
        return isinstance(value, (str, int)) and not isinstance(value, bool)
    if shape == "words":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if shape == "points":
        return isinstance(value, dict) and all(isinstance(k, str) and whole(v) for k, v in value.items())
    if shape == "bool":
        return isinstance(value, bool)
    return isinstance(value, dict)
