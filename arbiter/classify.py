"""Plain words to an incident: which kind it is, what facts the words give, what is missing.

People at a table say "West reneged with the left bower", not YAML. This module reads such a
sentence with hand-written, explainable rules, and a vote of similar described incidents:

- Each kind has cue phrases in the book's words (1888) and today's, with weights. A kind's
  score adds the weights of its cues found in the text, each word counted towards one cue
  only.
- Cues mend only the wordings they were written for, so the words are also compared with the
  phrasebook (arbiter/phrasebook.json: the labelled descriptions of tests/phrasings.yaml), by
  TF-IDF over the same stems and over pairs of neighbouring words; the nearest few vote, and
  a kind's share of the vote adds up to SIM_WEIGHT to its score. Where no cue finds anything
  the vote is not asked. The best score wins, and a runner-up close behind marks the reading
  as doubtful.
- Words are lower-cased, contractions opened, fillers dropped, synonyms joined ("deck" is
  "pack"; "up card", "turn card" and the book's "trump card" are one word) and suffixes
  trimmed, so "reneged", "renege" and "reneging" meet as one stem. A word the vocabulary
  does not know is read as a known stem one slip away ("dealr", "renaged", "tabel").
- Facts come from the same tokens: seats named outright (North, N) or relative to the
  speaker (--me) or the dealer; cards ("ace of hearts", "AH", "the left bower" given the
  trump); counts ("six cards"); lists ("South and West had followed"); yes/no facts and
  choices from cue phrases of their own. A seat that hangs on an unknown --me or dealer is
  left unresolved, never guessed.

Accuracy is measured on tests/phrasings.yaml (see `split` and `accuracy`; a description is
never graded by a phrasebook holding its own part). Leaving each blind batch out of the
phrasebook in turn, the vote alone read 273/307 (89%) of them, against the cues' 58-84.5% on
their first, honest measurements; on blind-5, cues as they were before it was written read
109/129 (84.5%), and the same cues with the vote of a phrasebook without blind-5 118/129
(91.5%: nine mended, none broken). Nothing here imports the ruling engine: `missing` is
worked out against the caller's KindSpec.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from arbiter.model import Card, InputError, Seat, Side, Suit, is_whole

if TYPE_CHECKING:
    from arbiter.rulebook import Sectioned

# ---------------------------------------------------------------------------
# The word tables: the kinds' facts, the cue phrases, the anchors and the vocabulary live in
# arbiter/cues.yaml, read once and cached by the hash of its bytes (as the law records are),
# so that a call pays for no YAML parser.

CUE_FILE = "cues.yaml"
_T_DIGEST = ""


def _load_tables() -> dict[str, Any]:
    """arbiter/cues.yaml's tables, from the cache when the file has not changed."""
    from pathlib import Path

    from arbiter.reader import DATA_CAP, decode, parse_yaml, read_bytes
    from arbiter.rulebook import blake2b, read_cache, write_cache

    path = Path(__file__).with_name(CUE_FILE)
    raw = read_bytes(path, DATA_CAP, "cue table")
    global _T_DIGEST
    _T_DIGEST = blake2b(raw, digest_size=16).hexdigest()
    name = f"cues-{_T_DIGEST}"
    data = read_cache(name)
    if not isinstance(data, dict) or "cues" not in data:
        data = check_tables(parse_yaml(decode(raw, path), str(path)), str(path))
        write_cache(name, data, family=r"cues-[0-9a-f]{32}")
    return data


TABLE_KEYS = ("not_incidents", "facts", "needs", "cues", "context_cues", "fact_cues", "seat_anchors", "seats_anchors",
              "suit_anchors", "maker_anchors", "signals", "acts", "naming_acts", "lead_is_context", "unreal",
              "reporting", "suit_kept", "people", "letter_seat_next", "genders", "lone_by", "you_acts", "act_choices", "timing_facts", "declaring", "owner_kinds", "after_offence", "rules_out", "backgrounds", "trick_kinds", "dealing_kinds", "fillers", "never_correct",
              "negations", "irregular", "contractions", "synonyms")


def check_tables(data: Any, where: str) -> dict[str, Any]:
    """The word tables, checked: every table present, every kind and fact a cue names known,
    every cue a phrase with a numeric weight. A mistake names the table and the entry."""
    def fail(message: str) -> InputError:
        return InputError(f"{where}: {message}")

    if not isinstance(data, dict):
        raise fail("expected a mapping of tables")
    missing = [k for k in TABLE_KEYS if k not in data]
    unknown = [k for k in data if k not in TABLE_KEYS]
    if missing or unknown:
        raise fail(f"tables missing: {missing}; unknown: {unknown}")
    facts = data["facts"]
    for kind, cues in data["cues"].items():
        if kind not in facts:
            raise fail(f"cues: {kind!r} is not a kind of 'facts'")
        for i, cue in enumerate(cues):
            if not (isinstance(cue, list) and len(cue) == 2 and isinstance(cue[0], str)
                    and isinstance(cue[1], (int, float)) and not isinstance(cue[1], bool)):
                raise fail(f"cues: {kind}[{i}] must be [phrase, weight], found {cue!r}")
    for table in ("fact_cues", "seat_anchors", "seats_anchors", "suit_anchors"):
        for key in data[table]:
            kind, _, fact = str(key).partition(".")
            if kind != "*" and (kind not in facts or fact not in (facts[kind] or {})):
                raise fail(f"{table}: {key!r} names no fact of a known kind")
    for table in ("context_cues", "acts", "naming_acts"):
        for kind in data[table]:
            if kind not in facts:
                raise fail(f"{table}: {kind!r} is not a kind of 'facts'")
    for signal, kinds in data["rules_out"].items():
        if signal not in data["signals"] or not all(k in facts for k in kinds):
            raise fail(f"rules_out: {signal!r} must be a signal, ruling out known kinds; found {kinds!r}")
    for i, b in enumerate(data["backgrounds"]):
        if not (isinstance(b, dict) and b.get("kind") in facts and isinstance(b.get("of"), list)
                and all(k in facts for k in b["of"])
                and any(cue[0] == b.get("cue") for cue in data["cues"].get(b["kind"], []))):
            raise fail(f"backgrounds[{i}] must name a kind, one of its cues, and known kinds 'of'; found {b!r}")
    return data


def _pairs(table: dict[str, Any]) -> dict[tuple[str, str], Any]:
    """Keys written "kind.fact" as (kind, fact)."""
    return {tuple(key.split(".", 1)): value for key, value in table.items()}  # type: ignore[misc]


_T = _load_tables()
FACT_TYPES: dict[str, dict[str, str]] = {k: dict(v or {}) for k, v in _T["facts"].items()}
KIND_NEEDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[str, ...], ...]]] = {
    k: (tuple(v["facts"]), tuple(v["envelope"]), tuple(tuple(g) for g in v["one_of"])) for k, v in _T["needs"].items()}
"""Per kind: its required facts, the envelope keys it needs, and groups of which one must be given."""
CUES: dict[str, tuple[tuple[str, float], ...]] = {
    k: tuple((str(p), float(w)) for p, w in v) for k, v in _T["cues"].items()}
CONTEXT_CUES: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in _T["context_cues"].items()}
CHOICE_CUES: dict[tuple[str, str], dict[Any, tuple[str, ...]]] = {
    key: {value: tuple(cues) for value, cues in table.items()} for key, table in _pairs(_T["fact_cues"]).items()}
SEAT_ANCHORS: dict[tuple[str, str], tuple[tuple[str, ...], bool]] = {
    key: (tuple(v["anchors"]), bool(v["first"])) for key, v in _pairs(_T["seat_anchors"]).items()}
SEATS_ANCHORS: dict[tuple[str, str], tuple[str, ...]] = {k: tuple(v) for k, v in _pairs(_T["seats_anchors"]).items()}
SUIT_ANCHORS: dict[tuple[str, str], tuple[str, ...]] = {k: tuple(v) for k, v in _pairs(_T["suit_anchors"]).items()}
MAKER_ANCHORS: tuple[str, ...] = tuple(_T["maker_anchors"])
SIGNALS: dict[str, re.Pattern[str]] = {name: re.compile(rx) for name, rx in _T["signals"].items()}
SIGNAL_NAMES = frozenset(("#pattern", "#partner_plays", *SIGNALS))
"""Cues that are no phrase but a signal the reading finds: a dealing pattern, the lone
player's partner playing, or a pattern of the `signals` table."""
_SIGNAL_SLOT = {name: -1 - i for i, name in enumerate(sorted(SIGNAL_NAMES))}
"""Each signal's own place, outside the words, for the cues' count of words covered."""
ACTS: dict[str, str] = dict(_T["acts"])
NAMING_ACTS: dict[str, str] = dict(_T["naming_acts"])
LEAD_IS_CONTEXT = frozenset(_T["lead_is_context"])
REPORTING: str = _T["reporting"]
SUIT_KEPT: tuple[str, ...] = tuple(_T["suit_kept"]["kept"])
"""Phrases telling that a player held the suit he did not follow: his revoke, named."""
FAILED_TO_FOLLOW: tuple[str, ...] = tuple(_T["suit_kept"]["failed"])
"""Phrases telling that a player failed to follow: another revoke the story may tell."""
ACT_CHOICES = frozenset(_T["act_choices"])
"""Choice facts that name the act complained of, so read first outside clauses of time."""
TIMING_FACTS = frozenset(_T["timing_facts"])
"""Yes/no facts that tell when a thing was found: a negation near a cue does not reverse them."""
DECLARING: str = _T["declaring"]
"""The verbs of a declaration in the bidding: its subject declared (Law 81)."""
YOU_ACTS = frozenset(_T["you_acts"].split())
"""Verbs after "you" that accuse the one spoken to ("you reneged"), not "you can see"."""
LONE_BY = frozenset(_T["lone_by"].split())
"""Words between a lone hand and the seat that plays it: "loner called by S"."""
PEOPLE = frozenset(_T["people"].split())
"""Nouns for a player told by kin, typed in lower case: a name where the story seats him."""
LETTER_SEAT_NEXT = frozenset(_T["letter_seat_next"].split())
"""Words after a lower-case letter that make it a seat where other seats are in capitals."""
OWNER_KINDS = frozenset(_T["owner_kinds"])
"""Kinds where 'North's card' names the offender: the card's owner did the act."""
AFTER_OFFENCE = frozenset(_T["after_offence"])
"""Kinds whose complaint follows another offence, which is then the story's background."""
BACKGROUNDS = tuple((b["kind"], b["cue"], frozenset(b["of"])) for b in _T["backgrounds"])
"""(kind, cue, kinds): where the kind's cue is met, the kinds are its background."""
RULES_OUT = {signal: frozenset(kinds) for signal, kinds in _T["rules_out"].items()}
"""Signals whose words rule kinds out."""
_RULED_OUT_KINDS = frozenset(k for kinds in RULES_OUT.values() for k in kinds)
_BACKGROUND_CUES = frozenset((kind, cue) for kind, cue, _ in BACKGROUNDS)
BACKGROUND_SHARE = 0.4
"""A background kind's greatest share of its kind's score: under what a story's margin
(MARGIN_LONG) counts as a close runner-up, so a background alone makes no doubt."""
TRICK_KINDS = frozenset(_T["trick_kinds"])
"""Kinds where 'second hand' and 'third hand' are places in a trick, not the deal's roles."""
DEALING_KINDS = frozenset(_T["dealing_kinds"])
"""Kinds whose act may be the deal: elsewhere 'North dealt' only says who dealt."""
FILLERS = frozenset(_T["fillers"].split())
"""Words cues skip over: "passed then ordered" is "passed ordered"."""
NEVER_CORRECT = frozenset(_T["never_correct"].split())
"""Ordinary words one slip from a cue word, which must stay as written."""
NEGATIONS = frozenset(_T["negations"])
NOT_INCIDENTS: tuple[str, ...] = tuple(_T["not_incidents"])
_NOT_INCIDENT = re.compile(r"(?<!like )(?<!as if )(?<!as though )(?:" + "|".join(map(re.escape, NOT_INCIDENTS)) + ")")
"""Any of NOT_INCIDENTS in lower-case words, except after 'like' or 'as if': "led back a diamond
like nothing happened" tells an incident (seven revokes of blind-7..26 were refused for it)."""
IRREGULAR: dict[str, str] = dict(_T["irregular"])
CONTRACTIONS: dict[str, str] = dict(_T["contractions"])
SYNONYMS: dict[str, str] = dict(_T["synonyms"])

# ---------------------------------------------------------------------------
# Normalising words.

NUMBERS = {"zero": 0, "no": None, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "once": 1, "twice": 2, "thrice": 3}
SUIT_WORDS = {"club": Suit.clubs, "clubs": Suit.clubs, "diamond": Suit.diamonds, "diamonds": Suit.diamonds,
              "heart": Suit.hearts, "hearts": Suit.hearts, "spade": Suit.spades, "spades": Suit.spades}
RANK_WORDS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "knave": "J", "ten": "10", "nine": "9",
              "eight": "8", "seven": "7", "10": "10", "9": "9", "8": "8", "7": "7"}
SEAT_WORDS = {"north": Seat.N, "east": Seat.E, "south": Seat.S, "west": Seat.W}
EVERY_WORDS = frozenset(("everybody", "everyone", "each", "all", "every"))
"""Words for all four seats at once, as in 'everybody got six cards'."""

# One word for one thing, in the text and in the cues alike: players say deck or pack,
# up card, turn card or (in the book) trump card for the card turned up.
CANON_PHRASES = (
    (re.compile(r"\b(?:up|turn|turned|trump)[ -]?cards?\b", re.IGNORECASE), "upcard"),
    (re.compile(r"\bturn-?ups?\b", re.IGNORECASE), "upcard"),
    (re.compile(r"\bpass(?:ing|ed|es)?\s+(?:them|the\s+cards|cards)\s+out\b", re.IGNORECASE), "dealing"),
    (re.compile(r"\bpass(?:ing|ed|es)?\s+out\s+(?:the\s+)?cards\b", re.IGNORECASE), "dealing"),
    (re.compile(r"\btop\s+card\s+of\s+(?:the\s+)?(?:kitty|blind)\b", re.IGNORECASE), "upcard"),
    (re.compile(r"\bdlr\b", re.IGNORECASE), "dealer"),  # "dlr N": shorthand on a phone
    (re.compile(r"\bgo[ -]a?round\b", re.IGNORECASE), "round"),  # "the second go-around"
    (re.compile(r"\bclose\s+of\b", re.IGNORECASE), "end of"),  # the book's "at the close of the hand"
    # the game's own name is no euchre scored: "can we play euchre with three?", "euchre night"
    (re.compile(r"\b(play|playing|played|plays|in|of|at|learn|learning|about)\s+euchre\b", re.IGNORECASE),
     r"\1 cardgame"),
    (re.compile(r"\beuchre\s+(?=(?:night|club|game|games|party|table|tournament|player|players|league|rule|rules|"
                r"evening|group)\b)", re.IGNORECASE), "cardgame "),
    (re.compile(r"\b([NESW])\s*/\s*([NESW])\b"), r"\1\2"),  # N/S -> NS
    (re.compile(r"(?<=[a-z])-(?=[a-z])", re.IGNORECASE), " "),  # left-hand -> left hand
    # "the third trick" is a trick's number, not the third hand: "trick 3"
    (re.compile(r"\b(first|second|third|fourth|fifth)\s+trick\b", re.IGNORECASE),
     lambda m: "trick " + str(("first", "second", "third", "fourth", "fifth").index(m[1].lower()) + 1)),
)


@cache
def _stemset(words: str) -> frozenset[str]:
    return frozenset(stem(w) for w in words.split())


def stem(word: str) -> str:
    """A crude stem: enough that 'reneged', 'renege' and 'reneging' meet."""
    w = IRREGULAR.get(word, word)
    if len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
    elif len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
    elif len(w) > 4 and w.endswith("es"):
        w = w[:-2]
    elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    if len(w) >= 4 and w.endswith("e"):
        w = w[:-1]
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiousl":
        w = w[:-1]  # "renegg" (from "renegged") -> "reneg"
    return w


_TOKEN = re.compile(r"\d+[a-z]?\b|[a-z]+\d*(?:'[a-z]+)?|[.;,!?:()\"]", re.IGNORECASE)
_CLAUSE_BREAK = frozenset(".;,!?:()\"")
_SENTENCE_BREAK = frozenset(".;!?")
_CARD_CODE = re.compile(r"^(10|[2-9]|[TJQKA])([CDHS])$", re.IGNORECASE)
_PATTERN = re.compile(r"\b([1-3])\s*-\s*([1-3])(?:\s*-\s*([1-3]))?\b")


class Token:
    """One word of the text, with what it may stand for.

    A plain class, not a dataclass: the reading's types are defined on every call of the
    command, and a dataclass costs about a millisecond to define."""

    __slots__ = ("raw", "word", "stem", "clause", "sentence", "tags", "filler")

    def __init__(self, raw: str, word: str, stem: str, clause: int, sentence: int,
                 tags: set[str] | None = None, filler: bool = False) -> None:
        self.raw = raw
        """The word as written."""
        self.word = word
        """Lower case, contractions opened."""
        self.stem = stem
        """What cues are matched against."""
        self.clause = clause
        """Index of its clause: words between commas, semicolons and stops."""
        self.sentence = sentence
        """Index of its sentence."""
        self.tags: set[str] = set() if tags is None else tags
        """@seat, #n, #suit, #card where the word names one; @place where it only seats the
        player just named ("Carla on his right")."""
        self.filler = filler
        """Ignored when matching cues."""

    def __repr__(self) -> str:
        return f"Token({self.raw!r}, stem={self.stem!r})"

    @property
    def exact(self) -> str:
        """The word itself, for cue words written '=dealt' that must not match by stem."""
        return "=" + (self.word[:-2] if self.word.endswith("'s") else self.word)


class Ref(NamedTuple):
    """A seat named in the text, perhaps relative to the speaker or the dealer: base + turns to the left."""

    base: str
    """N, E, S, W, 'me' or 'dealer'."""
    turn: int = 0
    """0 the seat itself, 1 its left, 2 its partner, 3 its right."""
    words: str = ""
    """How the text named it."""

    def resolve(self, me: Seat | None, dealer: Seat | None) -> Seat | None:
        """The seat, or None while the speaker or dealer it hangs on is unknown."""
        if self.base == "me":
            origin = me
        elif self.base == "dealer":
            origin = dealer
        elif self.base == "you":
            origin = None  # the one spoken to, where the words do not say who: asked
        else:
            origin = Seat(self.base)
        if origin is None:
            return None
        for _ in range(self.turn % 4):
            origin = origin.left
        return origin

    def shifted(self, turn: int, words: str) -> Ref:
        return Ref(self.base, (self.turn + turn) % 4, words)


class Mention(NamedTuple):
    """A seat, side or group named at a place in the text."""

    index: int
    """Token index of the mention's last word."""
    clause: int
    sentence: int
    refs: tuple[Ref, ...]
    """One ref for a seat; two for a side; four for all; none for 'the other three'."""
    kind: str = "seat"
    """seat, side, all, others."""
    possessive: bool = False
    """Named as an owner: "East's deal", "my loner"."""
    obj: str = ""
    """For a possessive, what is owned: 'card' for any card, else the next word."""

    @property
    def start(self) -> int:
        """Token index of the mention's first word ("the guy across from me" ends on "me")."""
        told = self.refs[0].words if self.refs else ""  # "the other three" names no seat of its own
        return self.index - max(1, len(told.split())) + 1


# ---------------------------------------------------------------------------
# The reading.


class Candidate(NamedTuple):
    """A kind the words may describe, with its score and the cues that found it."""

    kind: str
    score: float
    cues: tuple[str, ...]


@dataclass
class Reading:
    """What the words say: the kind, its facts, the game state named, and what is unresolved."""

    text: str
    kind: str | None
    facts: dict[str, Any]
    """Facts in case-file form (seats as 'N', cards as 'JH')."""
    envelope: dict[str, Any]
    """dealer, trump, me: given as options or found in the words."""
    candidates: list[Candidate]
    doubtful: bool
    """True when the runner-up is close: never present the ruling as certain."""
    unresolved: dict[str, str] = field(default_factory=dict)
    """fact -> what it waits on ('me' or 'dealer'), e.g. 'my partner' without --me."""
    corrections: dict[str, str] = field(default_factory=dict)
    """Words read as another: {'renigged': 'renege'}."""
    incidents: list[str] = field(default_factory=list)
    """Where the story tells two incidents, their kinds: rule on each, or ask which."""
    overridden: dict[str, Any] = field(default_factory=dict)
    """Facts a flag gave otherwise than the words: what the words had said."""
    asked: list[str] = field(default_factory=list)
    """Facts the kind leaves optional that these words make decisive: asked, never assumed."""

    @property
    def runners_up(self) -> list[Candidate]:
        """The other kinds worth showing when the reading is doubtful."""
        if not self.candidates:
            return []
        top = self.candidates[0].score
        return [c for c in self.candidates[1:4] if c.score >= top * RUNNER_UP_SHARE]

    def as_dict(self, missing: Sequence[str] = ()) -> dict[str, Any]:
        out: dict[str, Any] = {
            "text": self.text,
            "kind": self.kind,
            "facts": self.facts,
            "missing": list(missing),
            "candidates": [{"kind": c.kind, "score": c.score} for c in self.candidates],
            # words and flags that disagree: the flag wins, and the reading is marked doubtful
            "doubtful": self.doubtful or bool(self.overridden),
        }
        for key in ("dealer", "trump", "me", "score"):
            if self.envelope.get(key) is not None:
                out[key] = self.envelope[key]
        if "alone" in self.envelope:  # told: a seat, or null for nobody
            out["alone"] = self.envelope["alone"]
        if self.candidates:
            out["cues"] = list(self.candidates[0].cues)
        if self.unresolved:
            out["unresolved"] = dict(self.unresolved)
        if self.corrections:
            out["corrections"] = dict(self.corrections)
        if self.overridden:
            out["overridden"] = dict(self.overridden)
        return out


MARGIN = 0.4
"""Doubtful when the runner-up scores within this share of the winner (or the winner is weak).
At 0.25, `rule TEXT --json` on blind-7..9 (each left out of the vote) ruled 239 times on the
right kind and 32 on a wrong one; at 0.4, 219 and 19: a question beats a wrong ruling."""
MARGIN_LONG = 0.55
"""The margin for a story over LONG characters: its background (who dealt, who went alone,
how the hand went) names other kinds' words, so a runner-up near the winner there more
often means the act is unsettled. On blind-7..10 (each left out of the vote; tuned, not
measured), the rulings on long stories went from 118 with 17 on a wrong kind to 85 with 9."""
LONG = 150
"""A description longer than this is a story (the issue's targets count these apart)."""
STRONG = 6.0
"""A cue score that names an incident outright, whatever else the words ask."""
MIN_SCORE = 2.0
"""Below this, no cue named the incident outright: doubtful whatever the margin."""
RUNNER_UP_SHARE = 0.5
"""Runner-up kinds shown are those scoring at least this share of the winner."""
MIN_LOOSE = 0.6
"""Without a whole cue, the loose words must score this (about two of a kind's cue words)."""
CANDIDATE_SHARE = 0.2
"""Candidates listed are the kinds scoring at least this share of the winner..."""
MAX_CANDIDATES = 5
"""...and no more than this many."""
BACKOFF = 0.15
"""Weight of a cue word met outside any whole cue, times its rarity (idf)."""
SUB_SHARE = 0.5
"""What a cue met wholly inside a clause of time weighs ("after North led out of turn, we called
a spade from his partner"): what came before the act complained of, not the act."""
MAX_TEXT = 2000
"""A description longer than this is not a table incident."""


def classify(text: str, me: str | Seat | None = None, dealer: str | Seat | None = None,
             trump: str | Suit | None = None, kind: str | None = None, *,
             examples: Phrasebook | None = None) -> Reading:
    """Read an incident described in plain words; with `kind`, read its facts as that kind.

    `examples` are the labelled descriptions the words are compared with: the shipped
    phrasebook unless given (`Phrasebook(())` compares with none, leaving the cues alone)."""
    if not text or not text.strip():
        raise InputError("describe the incident in words, as 'West reneged with the left bower'")
    if len(text) > MAX_TEXT:
        raise InputError(f"the description is too long ({len(text)} characters; at most {MAX_TEXT})")
    me_seat = Seat.parse(me) if me is not None else find_me(text)
    tokens, corrections = tokenize(text)
    cards = find_cards(tokens)  # first: a mention's "North's queen of hearts" needs the card tags
    mentions = find_mentions(tokens)
    env_dealer = Seat.parse(dealer) if dealer is not None else None
    env_trump = Suit.parse(trump) if trump is not None else find_trump(tokens)
    stems = [t for t in tokens if not t.filler]
    nobody_alone, lone_refs = find_alone(tokens, mentions, text)
    # A lone hand told as background (one named without needing the dealer, or nobody) makes
    # lone words context more readily.
    signals = {"#partner_plays"} if not nobody_alone and lone_partner_plays(tokens, mentions, lone_refs, me_seat) \
        else set()
    cued = as_context(cue_scores(stems, text, signals),
                      told=nobody_alone or any(r.resolve(me_seat, None) for r in lone_refs))
    cued = after_offence(cued)
    if not signals:  # the partner found playing is named; else only a story naming him may be about him
        cued = lone_partner_named(cued, tokens, mentions, [] if nobody_alone else lone_refs, me_seat, env_dealer,
                                  told=not nobody_alone and any(t.word in ("alone", "loner", "lone") for t in tokens))
    candidates = cued
    loose = bool(candidates) and not candidates[0].cues and candidates[0].score < MIN_LOOSE
    if loose:
        candidates = []  # one stray word ("a lovely afternoon for a game") names no incident
    low = text.lower().replace("\u2019", "'")
    asks_no_incident = bool(_NOT_INCIDENT.search(low))
    if candidates and candidates[0].score < STRONG and asks_no_incident:
        candidates = []  # a question about play or the game ("should I have led trump?")
    weight = SIM_WEIGHT_LONG if len(text) > LONG else SIM_WEIGHT
    vote_alone = False
    if candidates:  # the words name some incident: the nearest described incidents vote on which
        book = phrasebook() if examples is None else examples
        candidates = blend(candidates, book.vote(terms(tokens)), weight)
    elif loose and not asks_no_incident:
        # Words no cue foresaw ("they dealt with our deck") may still be near described
        # incidents: their vote proposes kinds, never rules (the reading stays doubtful).
        book, words = (phrasebook() if examples is None else examples), terms(tokens)
        near = book.nearest(words)
        if near and near[0][0] >= VOTE_ALONE_FLOOR:
            candidates, vote_alone = blend([], book.vote(words), weight), True
    if candidates:
        candidates = told_as_background(candidates)
        if any(c.kind in _RULED_OUT_KINDS for c in candidates):  # its signals are searched only then
            candidates = [c for c in candidates if c.kind not in ruled_out(text)]
    candidates = shortlist(candidates)
    chosen = kind
    if kind is None:
        kind = candidates[0].kind if candidates else None
    elif kind not in FACT_TYPES:
        raise InputError(f"unknown kind {kind!r}; see 'arbiter kinds' for the list")
    if kind in TRICK_KINDS:
        mentions = find_mentions(tokens, deal_roles=False)
    if me_seat is None:
        me_seat = me_by_pronoun(tokens, mentions)
    if env_dealer is None:
        env_dealer = find_dealer(tokens, mentions, kind, me_seat, text)
    # A short description whose kind no cue names, only the examples' likeness, is asked, not
    # ruled: over blind-7..27 (each left out of the vote) such confident readings were wrong 20
    # times in 230, against 53 in 2,311 where a cue named the kind; a story's likeness was
    # surer (12 wrong in 427), where its background misleads the cues most.
    unnamed = bool(candidates) and not candidates[0].cues and len(text) <= LONG
    doubtful = vote_alone or unnamed or _doubtful(candidates, story=len(text) > LONG)
    facts: dict[str, Any] = {}
    unresolved: dict[str, str] = {}
    if kind is not None:
        lone_seat = None if nobody_alone else next((r for r in lone_refs if r.resolve(me_seat, env_dealer)), None)
        facts, unresolved = read_facts(kind, tokens, stems, mentions, cards, me_seat, env_dealer, env_trump, lone_seat)
    envelope: dict[str, Any] = {"dealer": env_dealer.value if env_dealer else None,
                                "trump": env_trump.value if env_trump else None,
                                "me": me_seat.value if me_seat else None}
    lone = next((seat for seat in (r.resolve(me_seat, env_dealer) for r in lone_refs) if seat), None)
    if nobody_alone or lone is not None:
        envelope["alone"] = lone.value if lone else None  # present: told; None: nobody
    if kind == "lone_declaration" and lone is not None and facts.get("declarer") not in (None, lone.value) \
            and "take it from" not in low:
        facts["declarer"] = lone.value  # "his partner said 'I'll assist' and then Carl (West) went alone": Carl's
    if kind == "lone_partner_played" and lone is not None and "offender" not in facts and "offender" not in unresolved:
        facts["offender"] = lone.partner.value  # "loner called by S. N played": by definition, his partner
    points = find_score(text, me_seat)
    if points is not None:
        envelope["score"] = points
    reading = Reading(text, kind, facts, envelope, candidates, doubtful, unresolved, corrections)
    if kind == "revoke" and _bower_told(cards, stems, env_trump):
        # The left bower follows trumps, not its printed suit (Law 3): whether he could follow
        # turns on the cards, which the words tell too loosely to be read; so they are asked.
        reading.asked = list(BOWER_TEST)
    if chosen is None:  # a kind named by the caller is one incident, whatever the words
        reading.incidents = two_incidents(cued, stems, text)
    return reading


SECOND_EVENT = re.compile(r"\b(?:then|also|another|two (?:things|problems|issues|incidents)|second thing|"
                          r"on top of that|as well|plus|and then|after that)\b", re.IGNORECASE)
"""Words that tell a story's second event."""
TWO_TOLD = re.compile(r"\b(?:two (?:things|problems|issues|incidents|complaints|questions|separate)|second thing|"
                      r"another thing|the other(?: one)?:|on top of that|both (?:seem|are|were|look) wrong|"
                      r"separate (?:question|issue|thing|matter)|(?:different|unrelated) (?:question|issue|thing)|"
                      r"while (?:we were )?sorting (?:that|it|this) out|rulings? (?:requested |wanted |needed )?on both|"
                      r"rulings? for both|on both counts)\b|\([12]\)|"
                      r"(?:^|\s)[12]\)", re.IGNORECASE)
"""Words that say outright that the story tells two incidents: a second act then needs less."""
TOLD_SHARE = 0.25
"""Where the teller says there are two, the second kind's share of the first's score."""
UNTOLD_FLOOR = MIN_SCORE + 3
"""The second act's own cue weight where only "then" or "also" tells a second event: long
stories say "then" of one incident's course, and at MIN_SCORE + 1 one in six of the misread
kinds over blind-7..24 was one incident taken for two (raising it read 59 more right, 2 fewer
two-incident stories caught)."""


def two_incidents(cued: Sequence[Candidate], stems: Sequence[Token], text: str) -> list[str]:
    """The two kinds of a story that tells two incidents, else [].

    Two kinds count as two incidents when each is named by whole cues of its own weight
    (the second at least five points and half the first; two points and a quarter where
    the teller says there are two), their cues stand in different sentences or clauses, and
    the words tell a second event ("then", "also", "two things"). A story read as two is
    asked about, never ruled as one, so the rule leans to finding two where the teller says
    there are two."""
    told = bool(TWO_TOLD.search(text)) or " AND " in text
    if len(cued) < 2 or not (told or SECOND_EVENT.search(text)):
        return []
    first, second = cued[0], cued[1]
    if first.kind in AFTER_OFFENCE or second.kind in AFTER_OFFENCE:
        return []  # the offence it follows is its background (`after_offence`)
    if not told and any(kind == first.kind and cue in first.cues and second.kind in of for kind, cue, of in BACKGROUNDS):
        return []  # the second is the first's background ("dropped the ace face up, then said alone")
    floor, share = (MIN_SCORE, TOLD_SHARE) if told else (UNTOLD_FLOOR, 0.5)
    context = CONTEXT_CUES.get(second.kind, ())
    if _act_score(second) < floor or second.score < first.score * share or not first.cues or \
            all(cue in context for cue in second.cues):
        return []  # a second kind named by context words only ("before North had spoken") is no second act
    def places(kind: str, cues: Sequence[str], joined: bool) -> set[int]:
        where: set[int] = set()
        for phrase, _, parts in compiled_cues()[kind]:
            # told as two, a cue that tells another act as its background stands where its own act is
            background = told and (kind, phrase) in _BACKGROUND_CUES
            if phrase in cues and (joined or background or " + " not in phrase and " ... " not in phrase):
                hits = _matches(parts, stems)
                where |= {stems[i].clause for i in (hits[-1:] if background else hits)}
        return where
    a, b = places(first.kind, first.cues, True), places(second.kind, second.cues, True)
    if told and a & b:  # told as two: where the words run together, the phrases' own clauses
        a, b = places(first.kind, first.cues, False) or a, places(second.kind, second.cues, False) or b
    return [first.kind, second.kind] if a and b and not a & b else []


def as_context(candidates: list[Candidate], told: bool = False) -> list[Candidate]:
    """Candidates with context-only cues discounted where another kind's act is named (more
    readily where the story `told` who is alone, or that nobody is, as background)."""
    out = []
    for c in candidates:
        context = CONTEXT_CUES.get(c.kind)
        floor = MIN_SCORE if told and c.kind == "lone_declaration" else MIN_SCORE + 1
        others = [o for o in candidates if o.kind != c.kind and _act_score(o) >= floor]
        weights = dict(CUES.get(c.kind, ()))
        own = [cue for cue in c.cues if context and cue not in context and weights.get(cue, 0) >= 1.5]
        if context and others and not own and any(cue in context for cue in c.cues):
            lost = sum(weights.get(cue, 0) for cue in c.cues if cue in context)
            c = Candidate(c.kind, round(max(0.0, c.score - lost), 2), tuple(q for q in c.cues if q not in context))
        out.append(c)
    return _ranked(out)


def ruled_out(text: str) -> frozenset[str]:
    """The kinds a RULES_OUT signal in the words rules out."""
    low = canon_text(text).lower()
    return frozenset(k for signal, kinds in RULES_OUT.items() if SIGNALS[signal].search(low) for k in kinds)


def told_as_background(candidates: list[Candidate]) -> list[Candidate]:
    """Candidates with the kinds a met BACKGROUNDS cue names held to BACKGROUND_SHARE of its kind's score:
    applied after the nearest descriptions' vote, which counts the background's words too."""
    by_kind = {c.kind: c for c in candidates}
    out = candidates
    for kind, cue, of in BACKGROUNDS:
        c = by_kind.get(kind)
        if c is None or cue not in c.cues:
            continue
        cap = round(c.score * BACKGROUND_SHARE, 2)
        out = _ranked([Candidate(o.kind, min(o.score, cap), o.cues) if o.kind in of else o for o in out])
    return out


def after_offence(candidates: list[Candidate]) -> list[Candidate]:
    """Where a kind told after another offence (AFTER_OFFENCE: the wronged side's consulting
    over its penalty) is named by a whole cue of its own, the other offences are its story's
    background and weigh half: "S led out of turn, then E and W huddled about which penalty"."""
    told = [c for c in candidates if c.kind in AFTER_OFFENCE and _act_score(c) >= MIN_SCORE + 1]
    if not told:
        return candidates
    return _ranked([c if c.kind in AFTER_OFFENCE else Candidate(c.kind, round(c.score * SUB_SHARE, 2), c.cues)
                    for c in candidates])


_PARTNER_WORDS = frozenset(("partner", "partners", "pard", "dummy"))
_PLAYING = frozenset(stem(w) for w in ("played", "plays", "led", "leads", "threw", "throws", "tossed", "put", "laid",
                                       "dropped", "slapped", "followed"))


def lone_partner_named(candidates: list[Candidate], tokens: Sequence[Token], mentions: Sequence[Mention],
                       lone: Sequence[Ref], me: Seat | None, dealer: Seat | None, told: bool) -> list[Candidate]:
    """Candidates without lone_partner_played's cues where the story cannot be about the lone
    player's partner: no lone hand is told, or the lone seat is known and neither the word
    'partner' nor that partner's seat playing is in the words ("South, playing alone, led
    out of turn" is South's lead, not his partner's play)."""
    if not any(c.kind == "lone_partner_played" for c in candidates):
        return candidates
    seat = next((s for s in (r.resolve(me, dealer) for r in lone) if s is not None), None)
    if told and (seat is None or any(t.word in _PARTNER_WORDS for t in tokens)):
        return candidates
    if told and seat is not None:
        for m in mentions:
            if m.kind == "seat" and m.refs[0].resolve(me, dealer) == seat.partner:
                ahead = [t.stem for t in tokens[m.index + 1:m.index + 4] if not t.filler][:2]
                if _PLAYING & set(ahead):
                    return candidates
    return _ranked(c for c in candidates if c.kind != "lone_partner_played")


def lone_partner_plays(tokens: Sequence[Token], mentions: Sequence[Mention], lone: Sequence[Ref],
                       me: Seat | None) -> bool:
    """Whether the words have the lone player's partner playing a card: a seat named as his
    partner ("South, North's partner, threw the nine on it") or sitting opposite him, with a
    verb of playing just after. Laying the hand down ("put his cards down") is what he
    should do, not a play. A play told before the lone hand was declared is not his."""
    told = min((m.index for m in mentions if m.kind == "seat" and m.refs[0] in lone), default=None)
    for m in mentions:
        if m.kind != "seat" or m.possessive or told is None or m.index <= told:
            continue
        seat = m.refs[0]
        where = seat.resolve(me, None)
        if not any(seat.base == r.base and seat.turn % 4 == (r.turn + 2) % 4 or
                   where is not None and where == r.shifted(2, "").resolve(me, None) for r in lone):
            continue
        at = [j for j in range(m.index + 1, min(m.index + 12, len(tokens)))
              if tokens[j].sentence == tokens[m.index].sentence and "~aside" not in tokens[j].tags
              and not tokens[j].filler][:8]
        ahead = [tokens[j] for j in at]
        for k, t in enumerate(ahead):
            if t.word in ("not", "never"):
                break
            if tokens[at[k] - 1].word in _ARTICLES or tokens[at[k] - 1].word in _OWNERS:
                continue  # "East had the opening lead": whose turn it was, no card played
            if t.stem in _PLAYING and not {"cards", "hand"} & {u.word for u in ahead[k + 1:k + 4]}:
                return True  # past "put his cards down" to what he did next ("then played the nine")
    return False


def _act_score(c: Candidate) -> float:
    """What a candidate's cues that name its act, not its context, weigh."""
    context = CONTEXT_CUES.get(c.kind, frozenset())
    weights = dict(CUES.get(c.kind, ()))
    return sum(weights.get(cue, 0) for cue in c.cues if cue not in context)


BOWER_TEST = ("led", "played", "hand")
"""The revoke's facts that test, card by card, whether he could have followed."""


def _bower_told(cards: Sequence[tuple[int, Any]], stems: Sequence[Token], trump: Suit | None) -> bool:
    """Whether a revoke story tells of the left bower: the jack of the trump's colour, or the
    words 'left bower' ("his only diamond was the jack of diamonds, hearts trumps")."""
    if trump is not None and any(isinstance(c, Card) and c.is_left_bower(trump) for _, c in cards):
        return True
    if any(a.stem == "left" and b.stem == stem("bower") for a, b in zip(stems, stems[1:])):
        return True
    # "reneged w/ left", "with the left": the left named as a card, not a side of the table
    return any(a.word in ("w", "with", "the", "his", "her") and b.word == "left" and
               (k + 2 >= len(stems) or stems[k + 2].word not in ("of", "hand", "side", "opponent", "and"))
               for k, (a, b) in enumerate(zip(stems, stems[1:])))


def _doubtful(candidates: Sequence[Candidate], story: bool = False) -> bool:
    if not candidates:
        return True
    top = candidates[0].score
    if top < MIN_SCORE:
        return True
    return len(candidates) > 1 and candidates[1].score >= top * (1 - (MARGIN_LONG if story else MARGIN))


# ---------------------------------------------------------------------------
# Tokens.


_QUOTE_SPAN = re.compile(r'"[^"]{1,300}"|(?<![\w\'])\'(?=\w)(?:[^\']|(?<=\w)\'(?=\w)){1,300}?(?<=[\w.,!?])\'(?!\w)')
_ASIDE_SPAN = re.compile(r"\([^()]{1,200}\)")
_SPEECH_VERBS = ("said", "says", "goes", "went", "yelled", "shouted", "announced")
_SAYING = frozenset((*_SPEECH_VERBS, "say", "hollers", "hollered", "yells"))
"""Verbs before quoted words that make the words the subject's: "then he goes 'wait, I order'"."""
_SPEECH_SPAN = re.compile(r"\b(?:" + "|".join(_SPEECH_VERBS) + r")\s+(?:wait|oh|no|hold on|hang on|sorry|"
                          r"whoops|oops|um|uh|hey)\s*[,!.]+\s*((?:[^.?!;]|\.\.\.){1,200})", re.IGNORECASE)
"""Speech told without quotation marks, known by its interjection, to the end of its sentence
(an ellipsis goes on): 'North passed and then said wait, I want to order it... I mean assist
it' (the 'I' is North's). 'North said I reneged' is no such speech."""


def _spans(text: str) -> list[tuple[int, int, str]]:
    """Where the words are quoted speech ("~q": 'I'll order it up') or an aside in brackets
    ("~aside": "my partner (I was dealing) said"), as character ranges of the canonical text."""
    return [(m.start(), m.end(), "~q") for m in _QUOTE_SPAN.finditer(text)] + \
        [(m.start(1) - 1, m.end(1) + 1, "~q") for m in _SPEECH_SPAN.finditer(text)] + \
        [(m.start(), m.end(), "~aside") for m in _ASIDE_SPAN.finditer(text)]


_SPEAKER = re.compile(r"(?:^|[/\n.!?]\s*)((?:[Mm]e|[A-Z][a-z]+|[NESW])(?: [A-Z][a-z]+)?)(?:\s*\([^)]{1,20}\))?\s*:(?!\d)")
"""A speaker's label in a story told as dialogue: "Her:", "Me (South):", "Bob (West):"."""


def _open_placed(text: str) -> list[tuple[str, str, str]]:
    """(raw, word, where): lower case, contractions opened, curly quotes straightened; `where`
    is "~q" in quoted speech, "~aside" in brackets, else ""."""
    text = canon_text(text)
    low_text = text.lower()
    spans = _spans(text) if ("'" in text or '"' in text or "(" in text or
                             any(f"{verb} " in low_text for verb in _SPEECH_VERBS)) else []
    labels = [(m.start(1), m.end(1)) for m in _SPEAKER.finditer(text)] if ":" in text else []
    out: list[tuple[str, str, str]] = []
    for m in _TOKEN.finditer(text):
        raw = m.group(0)
        low = raw.lower()
        where = next((tag for a, b, tag in spans if a < m.start() < b - 1), "")
        if not where and any(a <= m.start() < b for a, b in labels):
            where = "~label"  # "Her: you reneged": who speaks, not who acted
        if "'" in low:
            head, _, tail = low.partition("'")
            if tail == "t" and head.endswith("n"):
                out.append((raw, IRREGULAR.get(head[:-1], head[:-1]) if head != "can" else "can", where))
                out.append((raw, "not", where))
                continue
            if tail == "" and head.endswith("in") and len(head) >= 5:
                low = head + "g"  # "dealin'", "sittin'": the g dropped, as it is said
            elif tail in ("s", ""):
                out.append((raw, head + "'s", where))
                continue
            if tail in ("ve", "d", "ll", "re", "m"):
                out.append((raw, head, where))
                continue
            else:
                low = head + tail
        if low in ("norths", "easts", "souths", "wests", "dealers"):
            out.append((raw, low[:-1] + "'s", where))  # "Easts turn": a possessive without its apostrophe
            continue
        low = SYNONYMS.get(low, low)
        if low in CONTRACTIONS and not (low == "w" and raw == "W") and not (low == "u" and raw == "U"):
            for part in CONTRACTIONS[low].split():
                out.append((raw, part, where))
            continue
        out.append((raw, low, where))
    return out


@cache
def vocabulary() -> tuple[str, ...]:
    """Every stem a cue or a fact word uses: what an unknown word may be corrected to."""
    return tuple(_compiled()["vocabulary"])


def _vocabulary_built() -> tuple[str, ...]:
    words: set[str] = set()
    phrases = [p for cues in CUES.values() for p, _ in cues]
    phrases += [p for table in CHOICE_CUES.values() for cues in table.values() for p in cues]
    phrases += [p for anchors, _ in SEAT_ANCHORS.values() for p in anchors]
    phrases += [p for anchors in SEATS_ANCHORS.values() for p in anchors]
    for phrase in phrases:
        for part in re.split(r"[\s+|]+", canon_text(phrase).lower()):
            if part and part[0] not in "@#" and part.isalpha():
                words.add(_cue_word(part))
    words |= {stem(w) for w in (*SEAT_WORDS, *SUIT_WORDS, *RANK_WORDS, *NUMBERS, "partner", "dealer", "trump",
                                "opponent", "bower", "right", "left", "eldest", "kitty")}
    return tuple(sorted(w for w in words if len(w) >= 3))


def _correct(word: str) -> str | None:
    """The known stem an unknown word is a misspelling of: one slip (a letter wrong, missing,
    added or two swapped) in a stem of five letters or more, two in long ones, with the same
    first letter (and last, in short ones). Looser measures (difflib's ratio) read 'behind'
    as 'bind' and 'later' as 'after'."""
    s = stem(word)
    vocab = vocabulary()
    if s in vocab or word in NEVER_CORRECT or len(s) < 5 or not word.isalpha():
        return None
    best: tuple[int, str] | None = None
    for known in vocab:
        if known[0] != s[0] or abs(len(known) - len(s)) > 2 or len(known) < 4:
            continue
        if len(s) < 7 and known[-1] != s[-1]:
            continue  # short words: the ends agree too ("along" is not "alon[e]", "thank" not "than")
        limit = 2 if len(s) >= 8 and len(known) >= 8 else 1
        d = _slips(s, known, limit)
        if d <= limit and (best is None or d < best[0]):
            best = (d, known)
    return best[1] if best else None


def _slips(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (a swap of neighbours counts one), cut off above limit."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


def tokenize(text: str) -> tuple[list[Token], dict[str, str]]:
    """Tokens with stems, clause and sentence numbers; unknown words corrected where near a known stem."""
    tokens: list[Token] = []
    corrections: dict[str, str] = {}
    clause = sentence = 0
    questions: set[int] = set()
    for raw, word, where in _open_placed(text):
        if word == "." and tokens and tokens[-1].word in _HONORIFICS:
            continue  # "Mr. Brandt" is one name, not the end of a sentence
        if word in _CLAUSE_BREAK:
            if word == "?":
                questions.add(clause)
            clause += 1
            if word in _SENTENCE_BREAK:
                sentence += 1
            continue
        base = word[:-2] if word.endswith("'s") else word
        s = stem(base)
        fixed = _correct(base)
        if fixed is not None:
            corrections[raw] = fixed
            s = fixed
        tok = Token(raw, word, s, clause, sentence)
        tok.filler = base in FILLERS or s in FILLERS
        if base in NUMBERS and NUMBERS[base] is not None or is_whole(base):
            tok.tags.add("#n")
        if base in SUIT_WORDS:
            tok.tags.add("#suit")
        if where:
            tok.tags.add(where)
        tokens.append(tok)
    for k, tok in enumerate(tokens):
        # "(W) asked what the turn card was": a seat in brackets that opens its sentence is its
        # subject, as a texter writes it, not an aside
        if "~aside" in tok.tags and (k == 0 or tokens[k - 1].sentence != tok.sentence) and \
                tok.raw.upper() in ("N", "E", "S", "W") and (k + 1 == len(tokens) or "~aside" not in tokens[k + 1].tags):
            tok.tags.discard("~aside")
    hedged = {t.sentence for k, t in enumerate(tokens) if _hedge(tokens, k)}
    unsure = [False] * len(tokens)  # "idk if (N) had played it": from the words on; "3 or 4 maybe": its clause
    for k, tok in enumerate(tokens):
        if _hedge_onward(tokens, k):
            for j in range(k, len(tokens)):
                if tokens[j].sentence != tok.sentence:
                    break
                unsure[j] = True
        elif tok.word in ("maybe", "perhaps"):
            for j, t in enumerate(tokens):
                unsure[j] = unsure[j] or t.clause == tok.clause
    sub = -1
    last = ""  # in a clause of time: what the last word was, 'seat' or 'other'
    relative = -1
    apposed = False  # within "before West, the eldest, had said": the apposition, then its verb
    for k, tok in enumerate(tokens):
        if tok.word in ("who", "whose") and k and tokens[k - 1].clause != tok.clause:
            relative = tok.clause  # "North, who should play last, ...": an aside about North
            tok.stem = "who,"  # not the question "who played?"
        if tok.clause == relative:
            tok.tags.add("~aside")
        if tok.clause in questions or tok.sentence in hedged or unsure[k]:
            tok.tags.add("?")  # asked, not told: "was the trump turned?", "not sure if anyone followed"
        if tok.sentence in hedged or unsure[k]:
            tok.tags.add("~unsure")
        person = _person(tok, k == 0 or tokens[k - 1].sentence != tok.sentence)
        if tok.word in SUBORDINATORS:
            sub, last, apposed = tok.clause, "", False
        elif tok.clause != sub and last == "seat" and sub == tokens[k - 1].clause and (apposed or _apposes(tokens, k)):
            sub, apposed = tok.clause, not apposed  # the clause of time goes on past its subject's apposition
            tok.tags.add("~sub")
        elif tok.clause != sub or tok.word == "then" or person and last == "other":
            sub = -1  # the clause of time has had its subject and verb: "before I'd discarded my LHO led"
        else:
            tok.tags.add("~sub")  # "before East had played": East is not the one who acted
            joins = ("or", "and", "nor", "on", "to", "at", "across", "from", "of", "in")  # "the guy on my right", "Ed in the North"
            # "before his partner Mrs. Pym had played": a title is part of the name that follows it
            last = "seat" if person or tok.word in _HONORIFICS or tok.word in joins and last == "seat" else \
                last if tok.filler or tok.word in _FIRST_PERSON and not person else "other"
    _tag_common_names(tokens)
    return tokens, corrections


_GAME_WORDS = frozenset(("trump", "trumps", "bower", "dealer", "partner", "eldest", "euchre", "euchred", "alone", "loner",
                         "pass", "left", "right", "i", "me", "we"))
"""Words of the game a writer may capitalise mid-sentence ("the Left", "he said Pass")."""


def _tag_common_names(tokens: Sequence[Token]) -> None:
    """Tag as a name ("@name") a common word written capitalised within a sentence, and each
    place it comes again: "Swede, who sets to Red's left ... Red was sittin East" names Red,
    though "red" is a word of the cues."""
    told: dict[str, int] = {}
    for t in tokens:
        if _name(t):
            told[_unowned(t.raw)] = told.get(_unowned(t.raw), 0) + 1
    names = {_unowned(t.raw).lower() for k, t in enumerate(tokens)
             if k and tokens[k - 1].sentence == t.sentence and _name(t) and "~q" not in t.tags
             and _unowned(t.raw).isalpha() and told[_unowned(t.raw)] > 1  # a name comes again: "Red ... Red's"
             and not (k + 1 < len(tokens) and "#n" in tokens[k + 1].tags)  # "Table 4"
             and "~label" not in t.tags and t.stem in _common_stems() and t.stem not in _function_stems()
             and not t.filler and (base := _unowned(t.word)) not in _PERSONS and base not in SEAT_WORDS and base not in SUIT_WORDS
             and base not in RANK_WORDS and base not in _GAME_WORDS}
    for t in tokens:
        if names and _name(t) and _unowned(t.raw).lower() in names:
            t.tags.add("@name")


def _common(tok: Token) -> bool:
    """Whether a word may be a common word, not a name (`_common_stems`, unless tagged a name)."""
    return tok.stem in _common_stems() and "@name" not in tok.tags


def _apposes(tokens: Sequence[Token], k: int) -> bool:
    """Whether the clause opening at `k` only says who the player just named is: "the
    eldest", "the dealer's partner", "sitting third", "(E)"."""
    words = [t.word for t in tokens[k:k + 2]]
    if words[:1] == ["the"]:
        words = words[1:]
    if "~aside" in tokens[k].tags:
        return True  # "before Ed (E) played": the bracket seats him, the clause of time goes on
    return bool(words) and words[0] in ("eldest", "dealer's", "sitting", "seated")


_PERSONS = frozenset(("i", "he", "she", "they", "we", "my", "his", "her", "partner", "dealer", "lho", "rho",
                      "nobody", "anyone", "anybody", "everyone", "everybody", "somebody", "someone", "eldest",
                      "north", "east", "south", "west", "opponent", "guy"))


def _person(tok: Token, opens_sentence: bool) -> bool:
    """Whether a word names a player: a seat, a pronoun, a role, or a name written mid-sentence."""
    base = tok.word[:-2] if tok.word.endswith("'s") else tok.word
    return base in _PERSONS or tok.raw in ("N", "E", "S", "W") or \
        not opens_sentence and _name(tok) != "" and tok.stem not in vocabulary()


def _hedge(tokens: Sequence[Token], k: int) -> bool:
    """Whether the words at k say the teller does not know: "not sure", "no idea", "don't
    know", "can't remember", "unsure"; which leaves the whole sentence unsure."""
    w = tokens[k].word
    nxt = tokens[k + 1].word if k + 1 < len(tokens) else ""
    if w in ("unsure", "unclear") or w == "recall" and k and tokens[k - 1].word == "not":
        return True
    return w in ("not", "no") and nxt in ("sure", "idea", "know", "remember", "certain")


def _hedge_onward(tokens: Sequence[Token], k: int) -> bool:
    """Whether the words at k leave unsure only what follows them in the sentence: "caught it
    as he scooped the trick, idk if that counts", "nobody's sure if the trump was turned"."""
    w = tokens[k].word
    if w in ("idk", "dunno"):
        return True
    return w in ("nobody's", "nobody", "noone") and \
        any(t.word in ("sure", "knows", "remembers") for t in tokens[k + 1:k + 3])


SUBORDINATORS = frozenset(("before", "after", "until", "till", "til", "once", "while", "whilst"))
"""Words that open a clause of time: a seat named in it is when the act happened, not who did it."""


# ---------------------------------------------------------------------------
# Scoring kinds.


@cache
def compiled_cues() -> dict[str, tuple[tuple[str, float, tuple[Part, ...]], ...]]:
    """Cues as (text, weight, parts), each part a run of alternatives per place."""
    return _compiled()["cues"]


@cache
def _compiled() -> dict[str, Any]:
    """The cues, the fact cues and anchors, and the vocabulary, compiled once for each version
    of the tables and kept in the cache beside them: compiling costs more than a reading."""
    from arbiter.rulebook import read_cache, write_cache

    name = f"cues-compiled-{_T_DIGEST}-{COMPILED_FORMAT}"
    cached = read_cache(name)
    if isinstance(cached, dict) and set(cached) == {"cues", "phrases", "vocabulary", "keywords"} and \
            set(cached["cues"]) == set(CUES):
        _PRECOMPILED.update(cached["phrases"])
        return cached
    phrases = [p for table in CHOICE_CUES.values() for cues in table.values() for p in cues]
    phrases += [p for anchors, _ in SEAT_ANCHORS.values() for p in anchors]
    phrases += [p for anchors in SEATS_ANCHORS.values() for p in anchors]
    phrases += [p for anchors in SUIT_ANCHORS.values() for p in anchors]
    compiled = {
        "cues": {kind: tuple((phrase, weight, _compile(phrase)) for phrase, weight in cues)
                 for kind, cues in CUES.items()},
        "phrases": {p.lstrip(">"): _compile(p.lstrip(">")) for p in phrases},
        "vocabulary": _vocabulary_built(),
        "keywords": _keyword_weights_built(),
    }
    write_cache(name, compiled, family=r"cues-compiled-[0-9a-f]{32}-\d+")
    return compiled


_PRECOMPILED: dict[str, Any] = {}
"""Phrases compiled in an earlier call, from the cache."""


COMPILED_FORMAT = 1
"""Bump when the way cues compile changes (the stemmer, the syntax), so that old caches miss."""


def canon_text(text: str) -> str:
    """Quotes straightened and one word for one thing ('up card', 'turn card' -> 'upcard')."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    if not text.isascii():  # "Josée", "Zoë": one name, not "Jos" and "e"
        import unicodedata

        text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    for pattern, to in CANON_PHRASES:
        text = pattern.sub(to, text)
    return text


def _cue_word(word: str) -> str:
    if word[0] in "@#":
        return word
    if word[0] == "=":
        return word.lower()
    low = word.lower()
    return stem(SYNONYMS.get(low, low))


Part = tuple[bool, tuple[frozenset[str], ...]]
"""A cue part: whether it must come after the part before it, and its run of places."""


@cache
def _filler_stems() -> frozenset[str]:
    return FILLERS | {stem(f) for f in FILLERS}


@cache
def _compile(phrase: str) -> tuple[Part, ...]:
    """A cue's parts, each a run of places, each place the stems (or tags) it accepts."""
    pieces = re.split(r" (\+|\.\.\.) ", canon_text(phrase))
    fillers = _filler_stems()
    parts: list[Part] = []
    for k in range(0, len(pieces), 2):
        places = []
        for place in pieces[k].split():
            alts = frozenset(_cue_word(a) for a in place.split("|"))
            if not alts <= fillers:
                places.append(alts)
        if places:  # a part of fillers only ("then") says nothing
            parts.append((k > 0 and pieces[k - 1] == "...", tuple(places)))
    if not parts:
        raise ValueError(f"cue {phrase!r} is all filler words and would match any text")
    return tuple(parts)


def _find(run: Sequence[frozenset[str]], stems: Sequence[Token], start: int = 0) -> int:
    """Where the run of places first matches, word after word, at or after `start`; or -1."""
    n = len(run)
    for i in range(start, len(stems) - n + 1):
        if all(_meets(stems[i + j], alts) for j, alts in enumerate(run)):
            return i
    return -1


def _meets(tok: Token, alts: frozenset[str]) -> bool:
    return tok.stem in alts or tok.exact in alts or bool(tok.tags & alts)


def _matches(parts: Sequence[Part], stems: Sequence[Token]) -> list[int]:
    """Where each part of a cue matches, in order; [] if one does not."""
    hits: list[int] = []
    for ordered, run in parts:
        at = _find(run, stems, hits[-1] + 1 if ordered and hits else 0)
        if at < 0:
            return []
        hits.append(at)
    return hits


def words_met(stems: Sequence[Token]) -> set[str]:
    """Every stem, exact word and tag of the words: what any place of a cue can meet."""
    met: set[str] = set()
    for t in stems:
        met.add(t.stem)
        met.add(t.exact)
        met |= t.tags
    return met


def can_match(parts: Sequence[Part], met: set[str]) -> bool:
    """Whether every place of the cue has an alternative among the words met: a cue that
    fails this cannot match (`_meets`), and most of a thousand cues fail it at once."""
    return all(not alts.isdisjoint(met) for _, run in parts for alts in run)


def shortlist(candidates: Sequence[Candidate]) -> list[Candidate]:
    """The candidates worth listing: at least CANDIDATE_SHARE of the winner's score, MAX_CANDIDATES at most."""
    top = candidates[0].score if candidates else 0.0
    return [c for c in candidates if c.score >= top * CANDIDATE_SHARE][:MAX_CANDIDATES]


def cue_scores(stems: Sequence[Token], text: str, signals: Iterable[str] = ()) -> list[Candidate]:
    """Every kind whose cues the words meet, best first.

    A kind's cues are taken heaviest first, and a cue counts only if it covers a word no
    counted cue of that kind has covered: "played out of turn" is not counted again as
    "play out of turn", nor "lead + out of turn" on top of "lead out of turn".
    Words of a kind's cues met outside any whole cue add a little each (BACKOFF), weighted
    by how few kinds use them, so that a description in words no cue foresaw still leans
    the right way; at most about half the weakest cue, so it decides only where no cue does.
    `signals` are the structural cues (`#name`) the reading found in the words' grammar.
    """
    found_signals = set(signals) | ({"#pattern"} if _PATTERN.search(text) else set())
    low = canon_text(text).lower()
    found_signals |= {name for name, rx in SIGNALS.items() if rx.search(low)}
    present = {t.stem for t in stems}
    met = words_met(stems)
    out: list[Candidate] = []
    weights = keyword_weights()
    for kind, cues in compiled_cues().items():
        total = 0.0
        found: list[str] = []
        used: set[str] = set()
        covered: set[int] = set()
        for phrase, weight, parts in sorted(cues, key=lambda c: -c[1]):
            if phrase in SIGNAL_NAMES:
                span = {_SIGNAL_SLOT[phrase]} if phrase in found_signals else set()
            elif can_match(parts, met):
                hits = _matches(parts, stems)
                span = {at + j for at, (_, run) in zip(hits, parts) for j in range(len(run))}
            else:
                span = set()
            if not span or (weight > 0 and span <= covered):
                continue
            first = min(span)
            if weight > 0 and first > 0 and stems[first - 1].word == "never" and \
                    stems[first - 1].clause == stems[first].clause:
                continue  # "Sue never reneges": a habit praised, no act done
            covered |= span
            if weight > 0 and first >= 0 and all("~sub" in stems[i].tags for i in span):
                weight *= SUB_SHARE  # "after North led out of turn, we called a spade": the story's before
            total += weight
            found.append(phrase)
            used |= {a for _, run in parts for alts in run for a in alts}
        loose = [w for w in weights[kind] if w in present and w not in used]
        total += BACKOFF * sum(weights[kind][w] for w in loose)
        if total > 0:
            out.append(Candidate(kind, round(total, 2), tuple(found)))
    return _ranked(out)


def _ranked(candidates: Iterable[Candidate]) -> list[Candidate]:
    order = list(CUES)
    return sorted(candidates, key=lambda c: (-c.score, order.index(c.kind)))


@cache
def keyword_weights() -> dict[str, dict[str, float]]:
    """Per kind, the content words of its positive cues, weighted by rarity across kinds (idf)."""
    return _compiled()["keywords"]


def _keyword_weights_built() -> dict[str, dict[str, float]]:
    import math

    common = {stem(w) for w in ("card", "cards", "play", "hand", "trick", "partner", "player", "not", "and", "of",
                                "in", "on", "for", "with", "before", "after", "when", "what", "who", "he", "she",
                                "one", "up", "down", "out", "off", "at", "from", "all", "only", "as", "have",
                                "had", "did", "do", "said", "say", "turn", "dealer", "deal", "trump", "suit", "but")}
    words: dict[str, set[str]] = {}
    for kind, cues in CUES.items():
        bag: set[str] = set()
        for phrase, weight in cues:
            if weight <= 0:
                continue
            for part in re.split(r"[\s+|]+", canon_text(phrase).lower()):
                if part and part[0] not in "@#" and part.isalpha() and part not in FILLERS:
                    w = _cue_word(part)
                    if w not in common and len(w) >= 3:
                        bag.add(w)
        words[kind] = bag
    df: dict[str, int] = {}
    for bag in words.values():
        for w in bag:
            df[w] = df.get(w, 0) + 1
    n = len(words)
    return {kind: {w: math.log(n / df[w]) for w in bag} for kind, bag in words.items()}


def split(phrasings: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The parts of a phrasing set (tests/phrasings.yaml): entries marked `written` form a part
    of that name; of the rest, within each kind every third entry is 'held-out', others 'tuned'."""
    parts: dict[str, list[dict[str, Any]]] = {"tuned": [], "held-out": []}
    seen: dict[str, int] = {}
    for p in phrasings:
        if p.get("written"):
            parts.setdefault(str(p["written"]), []).append(p)
            continue
        n = seen.get(p["kind"], 0)
        seen[p["kind"]] = n + 1
        parts["held-out" if n % 3 == 2 else "tuned"].append(p)
    return parts


def accuracy(phrasings: Iterable[dict[str, Any]], examples: Phrasebook | None = None) -> tuple[int, int]:
    """Top-1 kind accuracy over a phrasing set: (correct, total).

    No description is graded by a phrasebook that holds it: unless `examples` are given, each
    is compared with the shipped phrasebook less the whole part (`split`) it was shipped in."""
    correct = total = 0
    for p in phrasings:
        total += 1
        book = grading_examples(p["text"]) if examples is None else examples
        reading = classify(p["text"], me=p.get("me"), dealer=p.get("dealer"), trump=p.get("trump"), examples=book)
        correct += reading.kind == p["kind"]
    return correct, total


# ---------------------------------------------------------------------------
# Similarity to described incidents: the phrasebook.
#
# The cues above are written by hand and mend only the wordings they were written for. The
# phrasebook (arbiter/phrasebook.json) holds descriptions with their kinds, and a new
# description is compared with them: TF-IDF over the same stems the cues use (so "reneged" and
# "renege", "deck" and "pack" meet) and over pairs of neighbouring words, cosine similarity,
# and the nearest few vote for their kinds.

PHRASEBOOK = "phrasebook.json"
"""The labelled descriptions, inside the package; built from tests/phrasings.yaml by `write_phrasebook`."""
SIM_K = 15
"""How many nearest descriptions vote."""
SIM_PAIRS = 0.5
"""Weight of a pair of neighbouring words against a single word."""
SIM_WEIGHT = 5.0
"""The vote's worth in cue points: a kind all the nearest descriptions share gains this much
(a cue that 'points strongly at it'); kinds no cue found can enter the same way. First chosen
at 3, with SIM_K and SIM_PAIRS, by leaving each of blind-1..blind-4 out of the phrasebook in
turn. With six times the examples, the same test on blind-8, 9 and 10 (each left out of the
vote, though the cues were tuned on them, which favours the cues) gave the kind right first
618 of 750 at 3 for all, 647 at 8 and 12 for all, and 642 at 5 with 10 for stories; the
short descriptions' cues are the surer guide ('failed to play the called card'), a story's
background misleads them. `rule TEXT --json` ruled 9 of 297 on a wrong kind at 3 and 11 of
322 at 5 and 10 (tuned figures, not a measurement)."""
VOTE_ALONE_FLOOR = 0.4
"""The similarity of the nearest described incident at which words no cue met may still be
offered its kinds, as a doubtful reading. Over blind-7..26 (each left out of the vote; tuned,
not blind), of the words met only by a cue's stray word, those at 0.41 or nearer were the
right kind first 25 times in 29 and no story of no incident was among them; below 0.4 lay
nearly all of those 27 stories (questions of play, club notices)."""
SIM_WEIGHT_LONG = 10.0
"""The vote's worth for a story (over LONG characters)."""
_SEAT_STEMS = frozenset(stem(w) for w in SEAT_WORDS)
INDEX_BUCKETS = 1024
"""Buckets of the phrasebook's cached index: some twelve terms in each."""
INDEX_FORMAT = 3
"""The cached index's layout; a cache of another layout is built again."""


def _bucket(term: str) -> int:
    """A term's bucket: a hash that is the same in every process (str's hash is salted)."""
    from zlib import crc32

    return crc32(term.encode("utf-8")) % INDEX_BUCKETS


def terms(tokens: Sequence[Token]) -> list[str]:
    """What a description is compared by: the stems of its words other than fillers (a seat
    named outright, a number and a suit as their class, '@seat', '#n', '#suit'), and each pair
    of neighbouring words within a clause ('lead out', 'out of', 'of turn')."""
    return paired(clause_words(tokens))


def clause_words(tokens: Sequence[Token]) -> list[list[str]]:
    """The words `terms` compares by, in runs of one clause each (a pair never spans two runs)."""
    runs: list[list[str]] = []
    clause = None
    for t in tokens:
        if t.filler:
            continue
        if t.stem in _SEAT_STEMS or ("@seat" in t.tags and len(t.raw) == 1):
            w = "@seat"
        elif "#n" in t.tags:
            w = "#n"
        elif "#suit" in t.tags:
            w = "#suit"
        else:
            w = t.stem
        if not runs or t.clause != clause:
            runs.append([])
            clause = t.clause
        runs[-1].append(w)
    return runs


def paired(runs: Sequence[Sequence[str]]) -> list[str]:
    """Every word of the runs, then each pair of neighbours within a run: the terms."""
    return [w for run in runs for w in run] + [f"{a} {b}" for run in runs for a, b in zip(run, run[1:])]


def text_terms(text: str) -> list[str]:
    """`terms` of a text, tokenised and tagged as `classify` does."""
    tokens, _ = tokenize(text)
    find_cards(tokens)
    find_mentions(tokens)
    return terms(tokens)


class Phrasebook:
    """Labelled descriptions as TF-IDF vectors, and the vote of the nearest for a new one."""

    def __init__(self, entries: Iterable[tuple[str, Sequence[str]]], k: int = SIM_K,
                 pairs: float = SIM_PAIRS) -> None:
        import math

        self.k = k
        self.pairs = pairs
        self.kinds: list[str] = []
        docs: list[Sequence[str]] = []
        for kind, words in entries:
            self.kinds.append(kind)
            docs.append(words)
        df: dict[str, int] = {}
        for words in docs:
            for w in set(words):
                df[w] = df.get(w, 0) + 1
        n = len(docs)
        self.idf = {w: math.log((1 + n) / (1 + c)) + 1 for w, c in df.items()}
        from array import array

        # Each term's descriptions and its weight in each, as two arrays: a restored index
        # keeps them as they were stored, without making a tuple per description.
        self.postings: dict[str, tuple[array[int], array[float]]] = {}
        for i, words in enumerate(docs):
            for w, x in self.vector(words).items():
                ids, xs = self.postings.setdefault(w, (array("i"), array("d")))
                ids.append(i)
                xs.append(x)

    def __len__(self) -> int:
        return len(self.kinds)

    def sections(self) -> tuple[dict[str, Any], list[bytes]]:
        """What `restore` needs, for a sectioned cache file: a head, and a section per bucket.

        The terms are spread over INDEX_BUCKETS buckets by a stable hash, each bucket's terms
        (weight and posting list) marshalled on their own: a description of forty terms
        reads and unpacks some forty buckets, not the whole vocabulary, whose reading and
        checking cost some 14 ms a call."""
        import marshal
        from array import array

        buckets: list[dict[str, tuple[float, bytes, bytes]]] = [{} for _ in range(INDEX_BUCKETS)]
        for w, idf in self.idf.items():
            ids, xs = self.postings.get(w, (array("i"), array("d")))
            buckets[_bucket(w)][w] = (idf, ids.tobytes(), xs.tobytes())
        return {"k": self.k, "pairs": self.pairs, "kinds": self.kinds}, [marshal.dumps(b) for b in buckets]

    @classmethod
    def restore(cls, stored: Sectioned, rebuild: Callable[[], Phrasebook]) -> Phrasebook:
        """A phrasebook from its cache file, without building its vectors again: each bucket
        of terms is read when a word of it is first looked up (`_known`). A bucket that
        fails its checksum turns the book into `rebuild()`'s, so a bad cache costs only time."""
        book = cls.__new__(cls)
        head = stored.head
        book.k, book.pairs, book.kinds = head["k"], head["pairs"], list(head["kinds"])
        book.idf, book.postings = {}, {}
        book._stored, book._opened, book._rebuild = stored, set(), rebuild
        return book

    _stored: Sectioned | None = None
    _opened: set[int] = set()  # noqa: RUF012 (a built phrasebook has every term in idf already)
    _rebuild: Callable[[], Phrasebook] | None = None

    def _known(self, w: str) -> bool:
        """Whether any description uses the term; from a restored index, its bucket is
        read on the first look-up."""
        if w in self.idf or self._stored is None:
            return w in self.idf
        b = _bucket(w)
        if b not in self._opened:
            import marshal
            from array import array

            self._opened.add(b)
            raw = self._stored.section(b)
            try:
                bucket = marshal.loads(raw) if raw is not None else None
                for term, (idf, ids_raw, xs_raw) in bucket.items():
                    ids, xs = array("i"), array("d")
                    ids.frombytes(ids_raw)
                    xs.frombytes(xs_raw)
                    self.idf[term], self.postings[term] = idf, (ids, xs)
            except Exception:  # noqa: BLE001 - a bad bucket: the whole book, built afresh
                whole = self._rebuild()
                self.kinds, self.idf, self.postings, self._stored = whole.kinds, whole.idf, whole.postings, None
        return w in self.idf

    def _posting(self, w: str) -> tuple[Sequence[int], Sequence[float]]:
        """The descriptions that use a term, and its weight in each."""
        return self.postings[w] if self._known(w) and w in self.postings else ((), ())

    def vector(self, words: Sequence[str]) -> dict[str, float]:
        """Unit-length TF-IDF vector of known terms (a term no description uses can match none)."""
        import math

        tf: dict[str, int] = {}
        for w in words:
            if self._known(w):
                tf[w] = tf.get(w, 0) + 1
        vec = {w: (1 + math.log(c)) * self.idf[w] * (self.pairs if " " in w else 1.0) for w, c in tf.items()}
        norm = math.sqrt(sum(x * x for x in vec.values()))
        return {w: x / norm for w, x in vec.items()} if norm else {}

    def nearest(self, words: Sequence[str]) -> list[tuple[float, str]]:
        """The k most similar descriptions: (cosine, kind), most similar first (the earlier
        description first where two are as similar)."""
        from heapq import nlargest

        sims: dict[int, float] = {}
        get = sims.get
        for w, x in self.vector(words).items():
            ids, ys = self._posting(w)
            for i, y in zip(ids, ys):
                sims[i] = get(i, 0.0) + x * y
        best = nlargest(self.k, sims.items(), key=lambda iv: (iv[1], -iv[0]))
        return [(s, self.kinds[i]) for i, s in best if s > 0]

    def vote(self, words: Sequence[str]) -> dict[str, float]:
        """Each kind's share of the nearest descriptions' similarity (shares add to 1; {} if none is near)."""
        near = self.nearest(words)
        total = sum(s for s, _ in near)
        out: dict[str, float] = {}
        for s, kind in near:
            out[kind] = out.get(kind, 0.0) + s / total
        return out


def blend(cues: Sequence[Candidate], vote: dict[str, float], weight: float) -> list[Candidate]:
    """Each kind's cue score plus `weight` times its share of the nearest descriptions' vote, best first."""
    by_kind = {c.kind: c for c in cues}
    out = []
    for kind in sorted(set(by_kind) | set(vote)):
        c = by_kind.get(kind)
        out.append(Candidate(kind, round((c.score if c else 0.0) + weight * vote.get(kind, 0.0), 2),
                             c.cues if c else ()))
    return _ranked(out)


@cache
def _phrasebook_bytes() -> bytes:
    """The shipped phrasebook's bytes."""
    from pathlib import Path

    from arbiter.reader import PHRASEBOOK_CAP, read_bytes

    return read_bytes(Path(__file__).with_name(PHRASEBOOK), PHRASEBOOK_CAP, "phrasebook")


def _phrasebook_digest() -> str:
    """What the phrasebook's cached index is named by: the file's size and times once it has
    settled (reading and hashing its megabyte took 3 ms a call), else its bytes' digest."""
    from pathlib import Path

    from arbiter.rulebook import blake2b, settled_stat

    known = settled_stat(Path(__file__).with_name(PHRASEBOOK))
    return f"s{known}" if known else blake2b(_phrasebook_bytes(), digest_size=16).hexdigest()


@cache
def phrasebook_entries() -> tuple[dict[str, Any], ...]:
    """The shipped descriptions: kind, part (of tests/phrasings.yaml), text and terms."""
    import json

    data = json.loads(_phrasebook_bytes().decode("utf-8"))
    return tuple({"kind": kind, "part": part, "text": text,
                  "terms": paired([run.split(" ") for run in runs.split("\t")] if runs else [])}
                 for kind, part, text, runs in data["entries"])


@cache
def phrasebook(without: frozenset[str] = frozenset()) -> Phrasebook:
    """The shipped phrasebook, less the descriptions whose text is in `without` (for honest grading).

    The whole phrasebook's index is kept in the cache, keyed on the file's digest, so that a
    call does not build some 800 vectors again."""
    from arbiter.rulebook import open_sectioned, write_sectioned

    if without:
        return Phrasebook((e["kind"], e["terms"]) for e in phrasebook_entries() if e["text"] not in without)
    name = f"phrasebook-{_phrasebook_digest()}-{SIM_K}-{SIM_PAIRS}-{INDEX_FORMAT}"

    def built() -> Phrasebook:
        return Phrasebook((e["kind"], e["terms"]) for e in phrasebook_entries())

    stored = open_sectioned(name)  # keyed on the file's digest: no need to read its entries to trust it
    if stored is not None and isinstance(stored.head, dict) and {"k", "pairs", "kinds"} <= set(stored.head) \
            and len(stored) == INDEX_BUCKETS:
        return Phrasebook.restore(stored, built)
    book = built()
    write_sectioned(name, *book.sections(), family=r"phrasebook-s?[0-9a-f]{32}-[0-9.]+-[0-9.]+(?:-[0-9]+)?")
    return book


def grading_examples(text: str) -> Phrasebook:
    """The phrasebook to grade a description by: the shipped one less the part of the phrasing set the
    text was shipped in, so that neither it nor its batch votes on it (a text not shipped: all of it)."""
    part_of, texts_of = _shipped_parts()
    return phrasebook(texts_of.get(part_of.get(text, ""), frozenset()))


@cache
def _shipped_parts() -> tuple[dict[str, str], dict[str, frozenset[str]]]:
    """Each shipped text's part, and each part's texts."""
    part_of: dict[str, str] = {}
    texts_of: dict[str, set[str]] = {}
    for e in phrasebook_entries():
        part_of.setdefault(e["text"], e["part"])
        texts_of.setdefault(e["part"], set()).add(e["text"])
    return part_of, {part: frozenset(texts) for part, texts in texts_of.items()}


def phrasebook_data(phrasings: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """What `write_phrasebook` writes: each phrasing as [kind, part, text, its words], the words
    a clause to a run, runs between tabs and words between spaces. The pairs of neighbours are
    made again on reading (`paired`): stored, they were two thirds of the file."""
    entries = []
    for part, items in split(phrasings).items():
        for p in items:
            tokens, _ = tokenize(p["text"])
            find_cards(tokens)
            find_mentions(tokens)
            entries.append([p["kind"], part, p["text"], "\t".join(" ".join(run) for run in clause_words(tokens))])
    return {"source": "tests/phrasings.yaml", "entries": entries}


def write_phrasebook(source: str = "tests/phrasings.yaml", target: str | None = None) -> int:
    """Rebuild arbiter/phrasebook.json from the phrasing set; run from the repository's top:
    python -c "from arbiter.classify import write_phrasebook; write_phrasebook()"."""
    import json
    from pathlib import Path

    import yaml

    data = phrasebook_data(yaml.safe_load(Path(source).read_text(encoding="utf-8")))  # reader: our own shipped data
    out = Path(target) if target else Path(__file__).with_name(PHRASEBOOK)
    rows = ",\n".join(json.dumps(e, ensure_ascii=False) for e in data["entries"])
    out.write_text(f'{{"source": {json.dumps(data["source"])},\n"entries": [\n{rows}\n]}}\n', encoding="utf-8")
    return len(data["entries"])


# ---------------------------------------------------------------------------
# Seats, cards, the dealer and the trump named in the words.

_RELATIVE = {  # words after "my": turns to the left
    "partner": 2, "partners": 2, "pard": 2, "left": 1, "right": 3, "lho": 1, "rho": 3,
}
_ROLE_WORDS = {"eldest": 1, "first": 1, "second": 2, "third": 3}
_NEIGHBOURS = frozenset(("player", "guy", "man", "woman", "lady", "person", "fellow", "gal", "one", "neighbour",
                         "neighbor", "opponent", "chap", "girl", "boy", "kid", "fella", "feller", "gentleman",
                         "dude", "bloke", "gent"))


def _beside(plain: Sequence[str], words: Sequence[str], i: int) -> tuple[str, int, int] | None:
    """(whose: 'me', 'dealer', 'his' or 'her'; turns to the left; last index) where the words
    at `i` name a player by the side he sits: "the player on his left", "the guy to the
    dealer's right", "my neighbour on the left" (the teller's, when no one else is named)."""
    at = i + 1 if plain[i] == "my" else i
    if plain[at + 1:at + 3] == ["in", "law"]:
        at += 2  # "my brother-in-law at my left": the hyphens split the one word
    across = _across(plain, at + 1)
    if across is not None:  # "the lady across from me", "the guy opposite the dealer"
        owner, end = across
        return owner, 2, end
    if at + 3 >= len(plain) or plain[at + 1] not in ("on", "to", "at", "upon", "from"):
        return None
    if plain[at + 2] == "the" and plain[at + 3] == "dealer" and at + 4 < len(plain):
        at += 1  # "the player at the dealer's left"
    owner, side = plain[at + 2], plain[at + 3]
    if side not in ("left", "right"):
        return None
    turn = _RELATIVE[side]
    if owner == "my" or owner == "the" and (plain[i] == "my" or i and plain[i - 1] in ("our", "my")):
        return "me", turn, at + 3
    if owner in ("his", "her"):
        return owner, turn, at + 3
    if words[at + 2] == "dealer's" or owner == "dealer":
        return "dealer", turn, at + 3
    if words[at + 2].endswith("'s") and plain[at + 2].isalpha():
        return "@" + plain[at + 2], turn, at + 3  # "Doc, who sits on Lefty's left"
    return None
_ROLE_NOUNS = ("hand", "player", "seat")


def _across(plain: Sequence[str], at: int) -> tuple[str, int] | None:
    """The owner named by "across from me", "across the table from him", "opposite the
    dealer" starting at `at`, and the index of its last word."""
    k = at
    if k < len(plain) and plain[k] == "across":
        k += 1
        if plain[k:k + 2] == ["the", "table"]:
            k += 2
        if k >= len(plain) or plain[k] in _AFTER_BARE_ACROSS:
            return "me", k - 1  # "I'm North, Ski's across": across from the teller
        if plain[k] != "from":
            return None
    elif k >= len(plain) or plain[k] != "opposite":
        return None
    k += 1
    if k < len(plain) and plain[k] == "the" and k + 1 < len(plain) and plain[k + 1] == "dealer":
        return "dealer", k + 1
    if k < len(plain) and plain[k] in ("me", "him", "her"):
        return {"me": "me", "him": "his", "her": "her"}[plain[k]], k
    if k < len(plain) and plain[k].isalpha() and plain[k] not in _NOT_OWNERS:
        return "@" + plain[k], k  # "Chet across from Earl": Earl's partner, where Earl is seated
    return None


_AFTER_BARE_ACROSS = frozenset(("and", "but", "so", "then", "lol", "btw", "too", "as", "like"))
"""Words after a bare "across" that end its place: no one else is named as its owner."""
_NOT_OWNERS = frozenset(("the", "a", "us", "them", "you", "each", "his", "my", "our", "their", "your", "one", "it",
                         "that", "this", "there", "where", "who", "partner"))
"""Words after "across from" that name no player by his name."""


def _placed(plain: Sequence[str], words: Sequence[str], i: int, roles: bool = True) -> tuple[str, int, int] | None:
    """(whose: 'me', 'dealer', 'his' or 'her'; turns to the left; last index) where the words
    after the name at `i` seat him by a place, not a compass point: "Walt across from me",
    "Earl, sitting across from the dealer", "Carla on his right", "Shelly, sitting third",
    "Patty, the dealer's partner", "Sal, the eldest"."""
    k = i
    while k + 1 < len(plain) and plain[k + 1] in _PLACED_BY:
        k += 1
    place = _beside(plain, words, k)
    if place is not None:
        return place
    return _role_after(plain, words, k, sitting=k > i, roles=roles)


_SITS = frozenset(("sits", "sat", "sitting", "is", "was"))
"""Verbs between a place and the name it seats: "On my right sits Mr. Muller"."""


def _placed_before(plain: Sequence[str], words: Sequence[str], i: int) -> tuple[str, int, int] | None:
    """(whose: 'me' or 'dealer'; turns to the left; index) where the place comes before the
    name at `i`: "On my right sits Mr. Muller", "across from me was Dot", "to the dealer's left
    sat Ray"."""
    k = i - 1
    if k >= 0 and plain[k] in _HONORIFICS:
        k -= 1
    # "The fellow on my left, Hobbs, reneged": the name apposed to a player placed just before it
    for start in range(max(0, k - 5), k + 1):
        if plain[start] in _NEIGHBOURS and (place := _beside(plain, words, start)) is not None and place[2] == k \
                and place[0] in ("me", "dealer"):
            return place[0], place[1], i
    if k < 3 or plain[k] not in _SITS:
        return None
    if plain[k - 3] in ("on", "to", "at", "upon") and plain[k - 1] in ("left", "right"):
        owner = "me" if plain[k - 2] == "my" else "dealer" if words[k - 2] == "dealer's" else ""
        return (owner, _RELATIVE[plain[k - 1]], i) if owner else None
    if plain[k - 3:k] == ["across", "from", "me"] or plain[k - 2:k] == ["opposite", "me"]:
        return "me", 2, i
    return None


def _role_after(plain: Sequence[str], words: Sequence[str], k: int, sitting: bool = False,
                roles: bool = True) -> tuple[str, int, int] | None:
    """A deal role just after `k`, as an apposition ("West, the eldest, had not spoken") or
    after "sitting" ("sitting third"): ('dealer', turns to the left, last index). Without
    `roles`, where 'second' and 'third' are places in a trick, only the eldest."""
    ahead = list(plain[k + 1:k + 5])
    if ahead[:1] == ["the"]:
        ahead, k = ahead[1:], k + 1
    ahead = ahead[:3]
    if not ahead:
        return None
    if ahead[0] == "dealer" and words[k + 1] == "dealer's" and ahead[1:2] and ahead[1] in ("partner", "left", "right"):
        return "dealer", {"partner": 2, "left": 1, "right": 3}[ahead[1]], k + 2
    noun = len(ahead) > 1 and ahead[1] in _ROLE_NOUNS
    if ahead[0] == "eldest" or ahead[0] in _ROLE_WORDS and (noun or sitting) and roles:
        return "dealer", _ROLE_WORDS[ahead[0]], k + 1 + noun
    if ahead[0] in _ROLE_WORDS and len(ahead) == 3 and ahead[1] == "to" and ahead[2] in _BIDDING_TURN:
        return "dealer", _ROLE_WORDS[ahead[0]], k + 3  # "Pete, first to speak, says hearts"
    return None


_BIDDING_TURN = frozenset(("speak", "talk", "bid", "call", "say", "declare"))
"""Verbs of "first to speak": a turn in the bidding, which goes round from the dealer's left."""
_NOTICING = frozenset(("stopped", "caught", "noticed", "saw", "realized", "realised", "spotted"))
"""Verbs after "before X" that tell when it was found, not whose turn it was."""
_SEEING = frozenset(("seen", "saw", "see", "watched", "noticed", "caught", "spotted"))
"""Verbs before "him" or "her" that make the one seen the subject of the act after."""
_CLAIMING = frozenset(("said", "says", "claims", "claimed", "insists", "insisted", "swears", "swore", "accused"))
"""Verbs of telling that, before 'he' or 'she', accuse another."""
_CLAIMS = " ".join(sorted(_CLAIMING - {"said", "says"}))
"""Of those, the ones that claim, not only tell: "Ethan claimed she reneged"."""
_ACCUSING = frozenset(("accused", "accuses", "accusing", "accuse", "blamed", "blames", "blaming", "blame"))
"""Verbs whose object is the one said to have offended: "accused Jaden of trumping"."""
_SEATING = frozenset(("~aside", "@place"))
"""Tags of words that only seat the player just named: "(West)", "on his left"."""
_PLACED_BY = frozenset(("is", "was", "sits", "sitting", "sat", "seated", "who", "sit", "am", "dealing"))
"""Words between a name and the place that seats him: "Earl, sitting across from the dealer"."""


def find_mentions(tokens: list[Token], deal_roles: bool = True) -> list[Mention]:
    """Seats, sides and groups named, in order. With `deal_roles`, 'second hand' and 'third
    hand' name the dealer's partner and the dealer's right; otherwise only 'eldest' does."""
    words = [t.word for t in tokens]
    plain = [w[:-2] if w.endswith("'s") else w for w in words]
    upper_ok = any(c.isupper() for t in tokens for c in t.raw)
    names = seat_names(tokens)
    you = _you_refs(tokens, names)
    by_role: dict[str, Ref] = {}  # names bound to a role, not a seat: "Eldest Sal"
    ends = {}  # each sentence's end: a place or an apposition is told within the sentence
    for j, tok in enumerate(tokens):
        ends[tok.sentence] = j + 1

    def within(j: int) -> tuple[list[str], list[str]]:
        return plain[:ends[tokens[j].sentence]], words[:ends[tokens[j].sentence]]

    def bound(name: str) -> Ref | None:
        return Ref(names[name].value, 0, name) if name in names else by_role.get(name)

    def anchor_of(owner: str, j: int) -> Ref | None:
        """The player a place or a partner hangs on, found before the words run on: "his" or
        "her" the player named last before `j` (not one yet unseated), "@Red" Red."""
        if owner in ("me", "dealer"):
            return Ref(owner)
        if owner.startswith("@"):
            return bound(owner[1:].capitalize())
        for k in range(j - 1, -1, -1):
            if tokens[k].sentence < tokens[j].sentence - 1:
                return None
            if _awaited(tokens, k):
                continue  # "Before Earl, on her left, could say a word, her partner Stan": her, not Earl
            if not _fits(mention_gender(tokens, k, k), owner):
                continue  # "Aunt Rosa (west) ... Uncle Mike (north) ... her partner": not Mike's
            if tokens[k].word in SEAT_WORDS and "@place" not in tokens[k].tags:
                return Ref(SEAT_WORDS[tokens[k].word].value)
            other = _name(tokens[k]) or _kin_name(tokens, k)
            if other and not _common(tokens[k]):
                return bound(other)
        return None

    def apposed_role(j: int) -> tuple[str, int, int] | None:
        """A deal role apposed to the player named at `j`: "West, the eldest,", "Lou, first to speak,"."""
        if j + 1 >= len(tokens) or tokens[j + 1].clause == tokens[j].clause:
            return None
        return _role_after(*within(j), j)

    def tie_of(j: int) -> tuple[str, int, int] | None:
        """What seats the player at `j` by another: a place ("on his left") or a partner."""
        return _placed(*within(j), j, deal_roles) or _partnered(plain, words, j)

    # A name seated by a place or a partner may be named before it is seated ("Tran led.
    # Chief's North, Tran's on his left"), and seated by another name seated later ("Red's
    # partner Pete reneged. Red sits West"): bound in passes until nothing more is bound.
    for _ in range(3):
        grew = False
        for j, tok in enumerate(tokens):
            if tok.word in _TELLER and "~q" not in tok.tags:
                # "I'm across from Chief", "I'm Chief's partner", "I sit on Chief's left": Chief's
                # seat, from the teller's
                tie = tie_of(j)
                other = tie[0][1:].capitalize() if tie is not None and tie[0].startswith("@") else ""
                if other and other not in names and other not in by_role:
                    by_role[other] = Ref("me", -tie[1] % 4, other)
                    grew = True
                continue
            if tok.word in _PRONOUN_SEATED and "~q" not in tok.tags:
                # "dad dealt, hes across from me": the place seats the player the pronoun stands for
                tie = tie_of(j)
                anchor = anchor_of(tie[0], j) if tie is not None and tie[0] in ("me", "dealer") else None
                called = _antecedent(tokens, j, {*names, *by_role}) if anchor is not None else None
                if called and called not in names and called not in by_role:
                    by_role[called] = anchor.shifted(tie[1], called)
                    grew = True
                continue
            called = _name(tok) or _kin_name(tokens, j)
            if not called and _lower_name(tok) and j + 1 < len(tokens) and tokens[j + 1].word in _SITS:
                called = tok.raw.capitalize()  # "sam is across from me": a name typed in lower case, placed
            if not called or called in names or called in by_role or _common(tok):
                continue
            tie = tie_of(j) or _placed_before(plain, words, j)
            if tie is None and (role := apposed_role(j)) is not None:
                by_role[called] = Ref("dealer", role[1], tok.raw)  # "Pete, first to speak, says": the eldest
                grew = True
                continue
            anchor = anchor_of(tie[0], j) if tie is not None else None
            if anchor is not None and anchor.words.lower() != called.lower():
                by_role[called] = anchor.shifted(tie[1], tok.raw)
                grew = True
        if not grew:
            break
    out: list[Mention] = []
    i = 0

    def add(start: int, end: int, refs: tuple[Ref, ...], kind: str = "seat") -> None:
        possessive = words[end].endswith("'s") and not _is_doing(tokens, end) or plain[start] == "my" and end == start
        obj = ""
        if possessive:
            nxt = next((t for t in tokens[end + 1:end + 3] if not t.filler), None)
            obj = "card" if nxt is not None and ("#card" in nxt.tags or nxt.stem == "card") else (nxt.word if nxt else "")
        out.append(Mention(end, tokens[end].clause, tokens[end].sentence, refs, kind, possessive, obj))
        for t in tokens[start:end + 1]:
            t.tags.add("@seat")
        if possessive:
            tokens[end].tags.add("@poss")  # "East's deal", "my lead"

    def owner_ref(owner: str) -> Ref | None:
        """The seat a place hangs on: "his" or "her" the last seat named, "@Lefty" a name's seat."""
        if owner in ("his", "her"):
            # "The lone player (North) led. His left-hand opponent hadn't played when the
            # opponent on his right played": both "his" are North's, not the one placed by "his"
            return last_seat(pronoun=owner, placed_by_pronoun=False)
        if owner.startswith("@"):
            name = owner[1:].capitalize()
            told = next((m.refs[0] for m in reversed(out) if m.kind == "seat" and m.refs[0].words.lower() == owner[1:]),
                        None)
            return by_role.get(name) or (Ref(names[name].value, 0, name) if name in names else told)
        return Ref(owner)

    def last_seat(waited_for: bool = True, pronoun: str = "", placed_by_pronoun: bool = True) -> Ref | None:
        """The seat named last; for "his" or "her", the last of a player it may stand for.
        Without `placed_by_pronoun`, not a player told as "his" or "her" someone."""
        return next((m.refs[0] for m in reversed(out) if m.kind == "seat"
                     and (waited_for or not _awaited(tokens, m.index))
                     and (placed_by_pronoun or not m.refs[0].words.lower().startswith(("his ", "her ")))
                     and _fits(mention_gender(tokens, m.start, m.index), pronoun)), None)

    while i < len(tokens):
        w, p, raw = words[i], plain[i], tokens[i].raw
        nxt = plain[i + 1] if i + 1 < len(tokens) else ""
        nxt2 = plain[i + 2] if i + 2 < len(tokens) else ""
        seat: Ref | None = None
        end = i
        if raw in ("NS", "SN", "EW", "WE"):  # upper case only: "we" is not East-West
            add(i, i, tuple(Ref(s.value, 0, raw) for s in Side.parse(raw).seats), "side")
            i += 1
            continue
        if "~q" in tokens[i].tags and p in _FIRST_PERSON:
            i += 1  # "I'll order it up", said by another: the speaker, not the teller
            continue
        if i in you and p in ("i", "me"):
            add(i, i, (you[i],))  # "East: no I didn't": the speaker of the turn, not the teller
            i += 1
            continue
        lower = _unowned(tokens[i].raw).capitalize()  # "pete's partner": Pete, typed in lower case
        called = _name(tokens[i]) or (lower if tokens[i].raw.islower()
                                      and (lower in names or lower in by_role
                                           and _lower_name(tokens[i])) else "") or _kin_name(tokens, i)
        if p in SEAT_WORDS or called in names:
            seat = Ref(SEAT_WORDS[p].value if p in SEAT_WORDS else names[called].value, 0, tokens[i].raw)
            role = apposed_role(i)
            if role is not None:  # "West, the eldest, had not spoken": one player, named twice
                for t in tokens[i + 1:role[2] + 1]:
                    t.tags |= {"@seat", "@place"}
                add(i, i, (seat,))
                i = role[2] + 1
                continue
        elif called and not _common(tokens[i]) and (place := _placed(*within(i), i, deal_roles)):
            owner, turn, last = place  # "Walt across from me", "Carla on his right": the place is his seat
            anchor = owner_ref(owner)
            # "His partner Mr. Voss, seated across from him": "him" is not Voss's own apposed
            # mention, so his seat is the one bound before the mentions were made
            apposed = called in by_role and owner in ("his", "her") and bool(out) and i - out[-1].index <= 2
            if anchor is not None or apposed:
                if not apposed:
                    by_role[called] = anchor.shifted(turn, tokens[i].raw)
                seat = by_role[called]
                for t in tokens[i + 1:last + 1]:
                    t.tags |= {"@seat", "@place", "@role"} if owner == "dealer" and i + 1 < len(tokens) \
                        and tokens[i + 1].word in _ROLE_WORDS else {"@seat", "@place"}
                words[i] = plain[i]  # "Bev's on my left": Bev is, not Bev's
                add(i, i, (seat,))
                i = last + 1
                continue
        elif called in by_role:
            seat = by_role[called]
            role = apposed_role(i)
            if role is not None:  # "Lou, first to speak, says": the role only seats him
                for t in tokens[i + 1:role[2] + 1]:
                    t.tags |= {"@seat", "@place", "@role"}
                add(i, i, (seat,))
                i = role[2] + 1
                continue
            tie = _partnered(plain, words, i)
            if tie is not None and i + 2 <= tie[2] <= i + 3:  # "Norma's his partner": words that seat her name no one else
                last = tie[2]
                for t in tokens[i + 1:last + 1]:
                    t.tags |= {"@seat", "@place"}
                words[i] = plain[i]
                add(i, i, (seat,))
                i = last + 1
                continue
        elif i in you:
            seat = you[i]  # "you reneged ... you were West"; "Me: you reneged / Her: ..."
        elif len(raw) == 1 and raw.upper() in "NESW" and w.isalpha() and not _and_between(tokens, i) and \
                (raw.isupper() or not upper_ok or tokens[i + 1:i + 2] and tokens[i + 1].raw.lower() in LETTER_SEAT_NEXT):
            seat = Ref(raw.upper(), 0, raw)
        elif len(raw) == 3 and raw[0] in "NESW" and w.endswith("'s"):
            seat = Ref(raw[0], 0, raw)  # "S's 9C exposed", "card fell out of N's hand"
        elif p in ("lho", "rho"):
            seat = Ref("me", _RELATIVE[p], raw)
        elif (p in _NEIGHBOURS or p == "my" and (nxt in _NEIGHBOURS or nxt in PEOPLE)) and \
                (place := _beside(plain, words, i)):
            owner, turn, end = place  # "the player on his left", "my neighbour on the left"
            anchor = owner_ref(owner)
            seat = anchor.shifted(turn, " ".join(plain[i:end + 1])) if anchor is not None else None
        elif p == "my" and nxt == "own" and nxt2 in ("partner", "pard"):
            seat = Ref("me", 2, "my own partner")  # "my own partner across from me blurts out"
            end = i + 2
        elif p == "my" and nxt in _RELATIVE:
            seat = Ref("me", _RELATIVE[nxt], f"my {nxt}")
            end = i + 1
            if nxt in ("left", "right") and nxt2 in ("hand", "opponent"):
                end = i + 3 if i + 3 < len(tokens) and plain[i + 3] == "opponent" else i + 2
            if nxt == "partners":
                words[end] = "partner's"  # "my partners loner"
        elif p in ("left", "right") and nxt == "hand" and nxt2 == "opponent":
            # "Shelly went alone. Her left hand opponent Walt reneged": Shelly's, not the teller's
            owner = last_seat(pronoun=plain[i - 1]) if i and plain[i - 1] in ("his", "her") else None
            seat = owner.shifted(_RELATIVE[p], f"{plain[i - 1]} {p}-hand opponent") if owner is not None \
                else Ref("me", _RELATIVE[p], f"{p}-hand opponent")
            end = i + 2
        elif p == "my" and (kin := _kin_seated(tokens, i)) is not None:
            seat, end = kin  # "my little brother (he's North)", "my brother dealt. hes on my right"
        elif p == "i" and nxt in _OPINING and nxt2 not in ("i", "i'm", "im"):
            pass  # "the guy on my left, I think his name's Curtis, threw": an aside, not the actor
        elif p in ("i", "me", "myself", "my"):
            seat = Ref("me", 0, raw)
        elif p == "dealer":
            if w.endswith("'s") and nxt in ("partner", "left", "right"):
                seat = Ref("dealer", {"partner": 2, "left": 1, "right": 3}[nxt], f"the dealer's {nxt}")
                end = i + 1
            else:
                seat = Ref("dealer", 0, "the dealer")
        elif p == "eldest":
            seat = Ref("dealer", 1, "the eldest hand")
            end = i + 1 if nxt in _ROLE_NOUNS else i
            if i + 1 < len(tokens) and (called := _name(tokens[i + 1])) and called not in names and \
                    not _common(tokens[i + 1]):
                by_role[called] = seat  # "Eldest Sal passed ... Sal blurted": Sal is the eldest hand
                end = i + 1
        elif p in _ROLE_WORDS and nxt in _ROLE_NOUNS and (deal_roles or p == "first"):
            seat = Ref("dealer", _ROLE_WORDS[p], f"the {p} {nxt}")
            end = i + 1
        elif p in ("partner", "partners", "pard") and nxt != "of" and (
                i == 0 or tokens[i - 1].sentence != tokens[i].sentence
                or raw.lower() == "pard" and plain[i - 1] not in ("his", "her") and not words[i - 1].endswith("'s")):
            seat = Ref("me", 2, raw)  # "Partner's jack slipped out", "then pard goes": the teller's partner
        elif p in ("partner", "partners", "pard") and i > 0:
            prev = plain[i - 2] if plain[i - 1] == "own" and i > 1 else plain[i - 1]  # "her own partner"
            # "Before Earl, on her left, could say a word, her partner Stan blurted": her, the
            # dealer named before; not Earl, the one waited for
            anchor = last_seat(waited_for=prev not in ("his", "her"), pronoun=prev)
            named = next((names[n] for t in tokens[i + 1:i + 3] if (n := _name(t)) in names), None)
            if prev in ("his", "her") and named is not None:
                seat = Ref(named.value, 0, f"{prev} partner")  # "his partner Mr. Tran (West)": Tran's seat
            elif prev in ("his", "her") and anchor is not None and anchor.words.lower() in ("his partner", "her partner"):
                seat = anchor  # "his partner's turn to lead. His partner (East) led": the same player again
            elif prev in ("his", "her") and out and out[-1].index == i - 2 and out[-1].kind == "seat" \
                    and tokens[i - 1].clause != tokens[i - 2].clause \
                    and (i + 1 == len(tokens) or tokens[i + 1].clause != tokens[i].clause):
                seat = out[-1].refs[0]  # "East declared; West, his partner, did not hear": West, named twice
            elif prev in ("his", "her") and anchor is not None:
                seat = anchor.shifted(2, f"{prev} partner")
            elif words[i - 1].endswith("'s") and out and out[-1].index == i - 1 and out[-1].kind == "seat":
                seat = out.pop().refs[0].shifted(2, f"{words[i - 1]} partner")
        elif p in ("we", "us", "our", "ours") and not (p == "us" and i > 0 and plain[i - 1] == "of"):
            add(i, i, (Ref("me", 0, raw), Ref("me", 2, raw)), "side")
            i += 1
            continue
        elif p in ("they", "them", "opponents", "theirs") or (p == "other" and nxt in ("team", "side")):
            add(i, i, (Ref("me", 1, raw), Ref("me", 3, raw)), "side")
            i += 1
            continue
        elif p in ("everybody", "everyone") or (p == "all" and nxt in ("four", "4", "players")):
            add(i, i, tuple(Ref(s.value, 0, raw) for s in Seat), "all")
            i += 1
            continue
        elif p == "other" and nxt in ("three", "3") or p == "all" and nxt in ("three", "3") or \
                p in ("everybody", "everyone") and nxt == "else":
            add(i, i + 1, (), "others")
            i += 2
            continue
        if seat is not None:
            add(i, end, (seat,))
            restated = _beside(plain, words, end) if end + 1 < len(tokens) else None
            if restated is not None and restated[0] in ("his", "her") and tokens[restated[2]].sentence == tokens[end].sentence:
                for t in tokens[end + 1:restated[2] + 1]:
                    t.tags |= {"@seat", "@place"}  # "Lenny's partner across from him": his seat again
                end = restated[2]
            i = end
        i += 1
    return _join_sides(out, tokens)


_OPINING = frozenset(("think", "guess", "believe", "reckon", "suppose"))
"""After "I", words that make an aside of the teller's opinion, not an act of his."""
_TELLER = frozenset(("i", "im"))
"""The teller as the subject of his own seat: "I'm across from Chief" (its word is "i")."""


def _partnered(plain: Sequence[str], words: Sequence[str], j: int) -> tuple[str, int, int] | None:
    """(whose partner, 2, last index of the words that say so) where the words tie the name at
    `j` to his partner: "Pete, Red's partner, reneged", "Norma's his partner", "Pete is my
    partner"; or, told before the name, "Red's partner Pete" (the last index then `j`)."""
    k = j
    while k + 1 < len(plain) and plain[k + 1] in ("is", "was", "who"):
        k += 1
    after = plain[k + 3] if k + 3 < len(plain) else ""
    if k + 2 < len(plain) and plain[k + 2] in ("partner", "pard") and after not in ("of", "and"):
        owner = plain[k + 1]
        if owner in ("his", "her"):
            return owner, 2, k + 2
        if owner in ("my", "our"):
            return "me", 2, k + 2
        if words[k + 1].endswith("'s") and owner.isalpha() and owner != "dealer":
            return "@" + owner, 2, k + 2
    name, at = j, j - 1 if j >= 2 and plain[j - 1] in _HONORIFICS else j  # "his partner Mr. Tran"
    if at >= 2 and plain[at - 1] in ("partner", "pard"):
        owner = plain[at - 2]
        if owner in ("his", "her"):
            return owner, 2, name
        if owner == "my":
            return "me", 2, name
        if words[at - 2] == "dealer's":
            return "dealer", 2, name
        if words[at - 2].endswith("'s") and owner.isalpha():
            return "@" + owner, 2, name
    if at >= 2 and words[at - 1] == "dealer's" and plain[at - 2] == "the":
        return "dealer", 0, name  # "the dealer's Carol, she's in the East chair"
    return None


def _awaited(tokens: Sequence[Token], at: int) -> bool:
    """Whether the player named at `at` is the one waited for in a clause of time ("before
    West could lead", "until North had played"): someone other than the next act's subject."""
    # "before West could", "before his partner Mr. Tran had played": the time word opens the clause
    return "~sub" in tokens[at].tags and any(t.word in ("before", "till", "until") and t.clause == tokens[at].clause
                                             for t in tokens[max(0, at - 5):at])


def _kin_seated(tokens: Sequence[Token], i: int) -> tuple[Ref, int] | None:
    """The seat of "my uncle (East)", "my little brother (he's North, I'm South)": a noun of
    one or two words after "my", other than partner, then an aside whose first words seat
    him; with the index of the noun."""
    for k in (i + 1, i + 2):
        if k + 1 >= len(tokens) or "~aside" in tokens[k].tags or tokens[k].word in _NOT_KIN:
            return None
        after = tokens[k + 1]
        if "~aside" in after.tags and "~aside" not in tokens[k].tags:
            for t in tokens[k + 1:k + 4]:
                if t.word in SEAT_WORDS:
                    return Ref(SEAT_WORDS[t.word].value, 0, tokens[k].raw), k
                if len(t.raw) == 1 and t.raw in "NESW":
                    return Ref(t.raw, 0, tokens[k].raw), k
                if t.word not in _PRONOUN_SEATED | {"is", "was", "sits", "sitting", "at", "in", "the"}:
                    return None
            return None
    return _kin_seated_later(tokens, i + 1)


def _kin_seated_later(tokens: Sequence[Token], k: int) -> tuple[Ref, int] | None:
    """"my husband led out of turn again (he's East, I'm West)": an aside later in the
    sentence that opens with 'he's' or 'she's' and a seat, with no other player named
    between, seats the one noun after "my"; so does a later sentence that opens so ("my
    brother said pass, then ordered it. hes west"), where no other player is named between."""
    if k >= len(tokens) or tokens[k].word in _NOT_KIN or "~aside" in tokens[k].tags:
        return None
    for j in range(k + 1, min(k + 10, len(tokens) - 1)):
        t = tokens[j]
        if t.sentence != tokens[k].sentence:
            break
        if "~aside" in t.tags:
            seat = tokens[j + 1]
            if t.word in _PRONOUN_SEATED and "~aside" in seat.tags and seat.word in SEAT_WORDS:
                return Ref(SEAT_WORDS[seat.word].value, 0, tokens[k].raw), k
            return None
        if "~q" in t.tags or t.word == "my" and tokens[j + 1].word in _NOT_KIN:
            continue  # words quoted, and "when it was MY turn": no other player named
        if t.word in SEAT_WORDS or t.word in _FIRST_PERSON or t.word in _PRONOUN_SEATED or _name(t):
            return None
    else:
        return None
    for j in range(j, len(tokens)):
        t = tokens[j]
        if t.sentence > tokens[k].sentence + 2:
            return None
        if t.word in _PRONOUN_SEATED and t.sentence != tokens[j - 1].sentence:
            seat = _pronoun_place(tokens, j)
            if seat is not None:
                return seat._replace(words=tokens[k].raw), k
        # another player named between: "he" may be him
        if t.word in SEAT_WORDS or _name(t) or t.word in PEOPLE or t.word in _OTHER_PLAYER:
            return None
    return None


def _pronoun_place(tokens: Sequence[Token], j: int) -> Ref | None:
    """The seat told by 'he's West' or by a place beside the teller or the dealer, 'hes on my
    right', 'she's across from me', at `j`."""
    seat = _pronoun_seat(tokens, j)
    if seat is not None:
        return Ref(seat.value)
    plain = [t.word[:-2] if t.word.endswith("'s") else t.word for t in tokens]
    place = _placed(plain, [t.word for t in tokens], j, roles=False)
    if place is None or place[0] not in ("me", "dealer") or tokens[place[2]].sentence != tokens[j].sentence:
        return None
    return Ref(place[0], place[1])


def _pronoun_seat(tokens: Sequence[Token], j: int) -> Seat | None:
    """The seat told by 'he's West', 'she was sitting South', 'hes in the north chair' at `j`."""
    for t in tokens[j + 1:j + 5]:
        if t.sentence != tokens[j].sentence:
            return None
        if t.word in SEAT_WORDS:
            return SEAT_WORDS[t.word]
        if t.word not in _SEATED_BY:
            return None
    return None


_OTHER_PLAYER = frozenset(("my", "partner", "partners", "pard", "dealer", "eldest", "opponent", "opponents", "guy",
                           "man", "woman", "lady", "player", "person"))
"""Words that name a player other than the one a later 'he's West' may seat."""
_NOT_KIN = frozenset(("partner", "partners", "pard", "left", "right", "lho", "rho", "seat", "hand", "cards", "card",
                      "turn", "deal", "lead", "team", "side"))
"""Words after "my" that are no person seated by an aside: my partner is the teller's opposite."""
_FIRST_PERSON = frozenset(("i", "me", "my", "myself", "mine", "we", "us", "our", "ours"))
_SEATED_BY = frozenset(("is", "was", "sits", "sitting", "sat", "on", "at", "in", "who", "the", "seat", "seated",
                        "playing", "had", "has"))
_PRONOUN_SEATED = frozenset(("he", "she", "he's", "she's", "hes", "shes"))
_PARTNER_SAID = frozenset(("my", "our", "partner", "pard"))
"""Words between a name and its seat that say whose partner he is: "Devin is my partner (East)"."""


def _and_between(tokens: Sequence[Token], i: int) -> bool:
    """Whether a lower-case "n" joins two players, as texting writes "and": "me n priya"."""
    if tokens[i].raw != "n" or i == 0 or i + 1 >= len(tokens):
        return False
    def player(tok: Token) -> bool:
        return tok.word in ("me", "you", "him", "her", "us", "them") or _lower_name(tok) or bool(_name(tok))
    return player(tokens[i - 1]) and player(tokens[i + 1])


def _lower_name(tok: Token) -> bool:
    """Whether a word typed in lower case may be a player's name: no word of the game's."""
    return tok.raw.isalpha() and tok.raw.islower() and len(tok.raw) >= 3 and tok.word not in SEAT_WORDS \
        and tok.word not in _FIRST_PERSON | _PRONOUN_SEATED and not _common(tok)


GENDER = {w: g for g, words in _T["genders"].items() for w in words.split()}
"""Kin, titles and first names (lower case) that tell whether "she" or "he" may stand for a player."""
_PRONOUN_GENDER = {"she": "she", "her": "she", "shes": "she", "he": "he", "him": "he", "his": "he", "hes": "he"}


def mention_gender(tokens: Sequence[Token], start: int, end: int) -> str | None:
    """'she' or 'he' where the words of a mention, or the two before it, tell it ("Aunt Rosa",
    "Mike (north)": the seat apposed to a name is that name's), the nearest first; else None."""
    head = next((t.word for t in tokens[start:end + 1] if t.word in _NEIGHBOURS), None)
    if head in GENDER:
        return GENDER[head]  # "the fella on Gloria's right": he, whoever Gloria is
    for k in range(end, max(-1, start - 3), -1):
        word = _unowned(tokens[k].raw).lower().rstrip(".")
        if word in _PRONOUN_GENDER and k < start:
            return None  # "her partner Teddy": the pronoun is another's, and beyond it is another
        if word in GENDER:
            return GENDER[word]
    return None


def _fits(gender: str | None, pronoun: str) -> bool:
    """Whether a player of `gender` may be what the pronoun stands for."""
    wanted = _PRONOUN_GENDER.get(pronoun.lower().replace("'", ""))
    return gender is None or wanted is None or gender == wanted


_ING_NOUNS = frozenset(("evening", "morning", "wedding", "darling", "sibling", "feeling", "building", "ceiling",
                        "setting", "meeting", "seating", "ruling", "bidding", "thing", "string", "offering"))


_HAS_DONE = frozenset(("had", "got", "gone", "played", "led", "dealt", "passed", "reneged", "revoked", "ordered",
                       "called", "done", "made", "taken", "thrown", "shown", "already", "never", "always"))
"""Words after "X's" that make it "X has" ("North's had a bad afternoon", "Kim's already led")."""


def _is_doing(tokens: Sequence[Token], i: int) -> bool:
    """Whether "X's" at `i` is "X is" before a verb in -ing ("Dawson's holding the jack", "Kim's
    dealing") or "X has" before a participle ("North's had a bad afternoon"): the one who
    acts, not an owner."""
    nxt = next((t for t in tokens[i + 1:i + 3] if not t.filler), None)
    if nxt is None or nxt.clause != tokens[i].clause:
        return False
    return nxt.word in _HAS_DONE or nxt.word.endswith("ing") and len(nxt.word) >= 6 and nxt.word not in _ING_NOUNS


def _unowned(raw: str) -> str:
    """A word without its possessive: "Ray's" -> 'Ray'."""
    return raw[:-2] if raw.endswith(("'s", "\u2019s")) else raw


def _name(tok: Token) -> str:
    """A token as a player's name might be written: 'Ray', "Ray's" -> 'Ray'."""
    raw = _unowned(tok.raw)
    if raw.lower() in _HONORIFICS:
        return ""  # "Mr. Tran": the name is Tran
    return raw if raw[:1].isupper() and raw[1:].islower() and len(raw) >= 2 else ""


_HONORIFICS = frozenset(("mr", "mrs", "ms", "miss", "dr", "mister", "madam", "mme", "herr", "frau"))
"""Titles before a name, which are no name of their own: "Mr. Tran" is Tran."""


def seat_names(tokens: Sequence[Token]) -> dict[str, Seat]:
    """Players' names bound to seats where the story says so: "Gary (West)", "Zoe sits South",
    "Kim, sitting North", "Ed on North", "Ray went alone (he's West)", "Mike, he's North"."""
    out: dict[str, Seat] = {}

    def seat_of(at: int, between: frozenset[str], reach: int) -> Seat | None:
        for t in tokens[at:at + reach]:
            if t.word in SEAT_WORDS:
                return SEAT_WORDS[t.word]
            if t.raw.upper() in ("N", "E", "S", "W") and "~aside" in t.tags:
                return Seat(t.raw.upper())  # "Rich (N)", "jules (e)"
            if t.word not in between:
                return None
        return None

    def chair_of(i: int) -> Seat | None:
        """"Mr. Fitch dealt from the West chair", "Bonnie declared alone from the North seat",
        "Gruber in the East chair": a seat's chair soon after the name, no other player between."""
        for k in range(i + 1, min(i + 8, len(tokens) - 1)):
            t = tokens[k]
            if t.sentence != tokens[i].sentence:
                return None
            if t.word in SEAT_WORDS:
                # "from the West chair", and "Bob was dealing from the South," where the place ends the clause
                ends = tokens[k + 1].clause != t.clause or tokens[k + 1].word in ("chair", "seat", "side", "position")
                chair = ends and (tokens[k - 1].word == "the" and tokens[k - 2].word in ("from", "in", "at")
                                  or tokens[k - 1].word == "from" and tokens[k - 2].word in ("dealing", "dealt"))
                return SEAT_WORDS[t.word] if chair else None
            if _name(t) or t.word in _PRONOUN_SEATED | _FIRST_PERSON:
                return None
        return None

    for i, tok in enumerate(tokens):
        name = _name(tok) or _kin_name(tokens, i)
        if not name and _named_again(tokens, i) and (chair := chair_of(i)) is not None:
            out.setdefault(_unowned(tok.raw).capitalize(), chair)  # "pete's dealing from the north chair"
            continue
        if not name and _named_again(tokens, i) and i + 1 < len(tokens) and tokens[i + 1].word in _SITS \
                and (seat := seat_of(i + 1, _SEATED_BY, 3)) is not None:
            out.setdefault(_unowned(tok.raw).capitalize(), seat)  # "ryan: u were slow ... ryan is east"
            continue
        if not name and _roster_entry(tokens, i):  # "im north, priya south, marcus east, ty west", "jules e"
            seat_word = tokens[i + 1]
            called = _unowned(tok.raw)
            if called.endswith("s") and any(t.raw.lower() == called[:-1] for t in tokens):
                called = called[:-1]  # "dylans south", typed without its apostrophe: Dylan is South
            out.setdefault(called.capitalize(), SEAT_WORDS.get(seat_word.word) or Seat(seat_word.raw.upper()))
            continue
        if not name and _lower_name(tok) and i + 1 < len(tokens) and "~aside" in tokens[i + 1].tags and \
                "~aside" not in tok.tags:  # "bro kyle (east) didnt follow": typed in lower case
            seat = seat_of(i + 1, _SEATED_BY | _PRONOUN_SEATED, 3)
            if seat is None:  # "mike (my sisters bf, hes sitting north)"
                seat = next((found for k in range(i + 1, min(i + 9, len(tokens))) if "~aside" in tokens[k].tags
                             and tokens[k].word in _PRONOUN_SEATED and (found := _pronoun_seat(tokens, k))), None)
            if seat is not None:
                out.setdefault(tok.raw.capitalize(), seat)
            continue
        if name and i and tokens[i - 1].word in ("from", "opposite", "beside"):
            continue  # "I'm across from Chief, South chair": the seat after is the teller's
        if name and tok.word not in SEAT_WORDS and not _common(tok) and i + 1 < len(tokens):
            nxt = tokens[i + 1]
            skip = 1 if nxt.word.endswith("ing") and i + 2 < len(tokens) else 0  # "Norm dealing (North)"
            if nxt.word in ("was", "is") and i + 3 < len(tokens) and tokens[i + 2].word.endswith("ing"):
                skip = 2  # "Walt was dealing (W)"
            if "~aside" in tokens[i + 1 + skip].tags and "~aside" not in tok.tags:
                # "Gary (West)", "Dad (her partner, E)"
                seat = seat_of(i + 1 + skip, _SEATED_BY | _PRONOUN_SEATED | _PARTNER_SAID | {"his", "her"}, 4)
                after = next((k for k in range(i + 1 + skip, len(tokens)) if "~aside" not in tokens[k].tags), None)
                if seat is None and after is not None:  # "Bob (my partner) sits North"
                    seat = seat_of(after, _SEATED_BY, 3)
            elif nxt.raw in ("N", "E", "S", "W") and (i + 2 == len(tokens) or tokens[i + 2].clause != nxt.clause):
                seat = Seat(nxt.raw)  # a roster: "Dana N, Lou E, Pat S, Kris W"
            else:
                seat = seat_of(i + 1, _SEATED_BY, 3) if nxt.sentence == tok.sentence else None
                if seat is None and (nxt.word in ("is", "was") or tok.word.endswith("'s") and nxt.word in ("my", "our")) \
                        and nxt.sentence == tok.sentence:
                    seat = seat_of(i + 1, _SEATED_BY | _PARTNER_SAID, 5)  # "Devin is my partner (East)", "Jeremy's my partner (North)"
                if seat is None and nxt.word in ("is", "was") and tokens[i + 2:i + 4] and \
                        [t.word for t in tokens[i + 2:i + 4]] == ["the", "dealer"]:
                    seat = seat_of(i + 4, _SEATED_BY, 3)  # "Ruiz is the dealer, sitting East"
            if seat is None:
                seat = chair_of(i)
            if seat is not None:
                out.setdefault(name, seat)
        elif tok.word in _PRONOUN_SEATED:
            seat = _pronoun_seat(tokens, i)
            # "Wade keeps groaning. He's West": the last name of this sentence, or of the one before
            opens = i == 0 or tokens[i - 1].sentence != tok.sentence
            before = tokens[i - 1].sentence if i else -1  # "Cindy reneged!!! she's North": three stops, one sentence back
            named = _antecedent(tokens, i, out) if seat is not None else None
            if named is not None:
                out.setdefault(named, seat)
    return out


def _antecedent(tokens: Sequence[Token], i: int, seated: Container[str]) -> str | None:
    """The player the pronoun at `i` stands for, where it seats him ("Wade keeps groaning. He's
    West"): the last name of its sentence, or of the one before where the pronoun opens its
    own; else the one player named and not yet seated, however far back ("Grandma reneged. ...
    She sits South"). A word typed in lower case is a name here where it comes again ("so jaden
    went alone (hes west) ... but jaden led")."""
    tok = tokens[i]
    opens = i == 0 or tokens[i - 1].sentence != tok.sentence
    before = tokens[i - 1].sentence if i else -1  # "Cindy reneged!!! she's North": three stops, one sentence back
    called = [(k, n) for k, t in enumerate(tokens[:i])
              if (n := _name(t) or _kin_name(tokens, k) or (_unowned(t.raw).capitalize() if _named_again(tokens, k) else ""))
              and t.word not in SEAT_WORDS and not _common(t) and not _placed_by_him(tokens, k)]
    named = [n for k, n in called if tokens[k].sentence == tok.sentence or opens and tokens[k].sentence == before]
    unseated = {n for _, n in called if n not in seated}
    if not named and opens and len(unseated) == 1 and not any(t.word in _OTHER_PLAYER for t in tokens[:i]):
        named = list(unseated)
    return named[-1] if named else None


def _kin_name(tokens: Sequence[Token], i: int) -> str:
    """A player told by kin and typed in lower case, as a name: "grandpa is north btw" ->
    'Grandpa'; not after "my", where the teller's kin is read as "my uncle (East)" is."""
    raw = _unowned(tokens[i].raw)
    if raw.lower() not in PEOPLE or not raw.islower() or i and tokens[i - 1].word in ("my", "our", "his", "her"):
        return ""
    return raw.capitalize()


def _named_again(tokens: Sequence[Token], i: int) -> bool:
    """Whether a word typed in lower case is a player's name because it comes again in the
    story ("pete's dealing from the north chair ... pete's partner mike led"); kin are told apart."""
    raw = _unowned(tokens[i].raw)
    if not (raw.isalpha() and raw.islower() and len(raw) >= 3) or raw in PEOPLE or raw in SEAT_WORDS \
            or raw in _FIRST_PERSON | _PRONOUN_SEATED | _TELLER or _common(tokens[i]):
        return False
    return sum(_unowned(t.raw) == raw for t in tokens) > 1


def _roster_entry(tokens: Sequence[Token], i: int) -> bool:
    """Whether a word typed in lower case and the seat after it make a clause of their own, as
    in a roster: "priya south, marcus east, ty west" (short names too, as "ty")."""
    tok = tokens[i]
    raw = _unowned(tok.raw)  # "kyle's east": Kyle is East
    if i + 1 >= len(tokens) or not (raw.isalpha() and raw.islower() and len(raw) >= 2):
        return False
    if tok.word in SEAT_WORDS or tok.word in _FIRST_PERSON | _PRONOUN_SEATED | _TELLER or _common(tok):
        return False
    seat = tokens[i + 1]
    opens = i == 0 or tokens[i - 1].clause != tok.clause
    closes = i + 2 == len(tokens) or tokens[i + 2].clause != tok.clause
    letter = seat.raw in ("n", "e", "s", "w") and not (seat.raw == "n" and not closes)
    return opens and closes and (seat.word in SEAT_WORDS or letter) and seat.clause == tok.clause


def _placed_by_him(tokens: Sequence[Token], k: int) -> bool:
    """Whether the name at `k` is seated by a place from another ("Carla on his right"): then
    "he is North" that follows is that other's seat, not hers."""
    words = [t.word for t in tokens[k + 1:k + 4]]
    return bool(words) and words[0] in ("on", "to", "across") and bool({"his", "her", "him"} & set(words))


@cache
def _common_stems() -> frozenset[str]:
    """Words a capitalised word may be without being a name: the cue vocabulary, and more."""
    return frozenset(vocabulary()) | _function_stems()


@cache
def _function_stems() -> frozenset[str]:
    """Words a capitalised word may be, which never name a player: "My partner", "Then"."""
    return _stemset(
        "i the a an we he she they it my our his her their partner dealer dealing eldest so then and but "
        "at in on during after before last this that what when while first second third fourth fifth "
        "hearts diamonds clubs spades trump ace king queen jack ten nine left right bower score game "
        "hand trick round everyone everybody nobody somebody someone q ok okay well also just")


def _join_sides(mentions: list[Mention], tokens: list[Token]) -> list[Mention]:
    """'North and South', 'my partner and I', 'East/West': two seats of one side joined by 'and',
    or two compass points written together, name the side."""
    out: list[Mention] = []
    for m in mentions:
        prev = out[-1] if out else None
        # "East/West object", "North South": two compass points written together
        paired = prev is not None and m.index - prev.index == 1 and tokens[prev.index].word in SEAT_WORDS and \
            tokens[m.index].word in SEAT_WORDS and tokens[prev.index].clause == tokens[m.index].clause
        if (prev is not None and prev.kind == "seat" and m.kind == "seat" and (m.index - prev.index >= 2 or paired)
                and "~aside" not in tokens[prev.index].tags  # "i was leading (S) and maddie played": two people
                and all(t.word == "and" for t in tokens[prev.index + 1:m.index]) and _partners(prev.refs[0], m.refs[0])):
            out[-1] = Mention(m.index, m.clause, m.sentence, (prev.refs[0], m.refs[0]), "side", m.possessive, m.obj)
            continue
        out.append(m)
    return out


def _partners(a: Ref, b: Ref) -> bool:
    if a.base == b.base:
        return (a.turn - b.turn) % 4 == 2
    sa, sb = a.resolve(None, None) if a.base in "NESW" else None, b.resolve(None, None) if b.base in "NESW" else None
    return sa is not None and sb is not None and sa.partner == sb


def find_cards(tokens: list[Token]) -> list[tuple[int, Any]]:
    """Cards named: (token index, Card, or ('left'|'right', None) awaiting the trump)."""
    out: list[tuple[int, Any]] = []
    words = [t.word for t in tokens]
    for i, t in enumerate(tokens):
        m = _CARD_CODE.match(t.raw)
        if m and (t.raw.isupper() or is_whole(t.raw[:-1])):
            rank = "10" if m.group(1).upper() == "T" else m.group(1).upper()
            if rank in RANK_WORDS.values():
                out.append((i, Card(rank, Suit.parse(m.group(2)))))
                t.tags.add("#card")
            continue
        if words[i] in RANK_WORDS and i + 2 < len(tokens) and words[i + 1] == "of" and words[i + 2] in SUIT_WORDS:
            out.append((i + 2, Card(RANK_WORDS[words[i]], SUIT_WORDS[words[i + 2]])))
            for x in tokens[i:i + 3]:
                x.tags.add("#card")
            continue
        if words[i] in ("left", "right") and i + 1 < len(tokens) and tokens[i + 1].stem in ("bower", "bow"):
            out.append((i + 1, (words[i], None)))
            tokens[i].tags.add("#card")
            tokens[i + 1].tags.add("#card")
    return out


def find_trump(tokens: list[Token]) -> Suit | None:
    """'hearts are trumps', 'trump is clubs', 'hearts trump'."""
    words = [t.word for t in tokens]
    for i, w in enumerate(words):
        if w not in SUIT_WORDS:
            continue
        after = [x for x in words[i + 1:i + 3] if x not in ("are", "were", "is", "was")][:1]
        before = [x for x in words[max(0, i - 3):i] if x not in ("are", "were", "is", "was", "the")][-1:]
        if after in (["trump"], ["trumps"]) or before in (["trump"], ["trumps"]):
            return SUIT_WORDS[w]
    return None


# ---------------------------------------------------------------------------
# The story around the act: who tells it, who is alone, the score. These give facts and
# context; the kind comes from the act complained of, never from them.

_SEAT_NAME = r"(north|east|south|west)"
_HOLDING = ("had", "have", "play", "played", "playing", "took", "sat", "sit")
"""Verbs by which "I had West", "I play North" tell the seat the teller holds."""
_ME_PATTERNS = (
    re.compile(rf"\b(?:i'?m|i am|i was|me being)\s+(?:sitting\s+|seated\s+)?(?:at\s+|in\s+|on\s+)?(?:the\s+)?"
               rf"{_SEAT_NAME}\b(?!'s)(?!\s+(?:of|from)\b)"),
    # "I'm the dealer, north seat", "I was dealer (South)"
    re.compile(rf"\b(?:i'?m|i am|i was)\s+(?:the\s+)?dealer,?\s*\(?(?:in\s+|at\s+)?(?:the\s+)?{_SEAT_NAME}\b(?!'s)"),
    # "I had West", "I play North", "I sat in the north chair": the seat a teller holds
    re.compile(rf"\bi\s+(?:was\s+|am\s+)?(?:{'|'.join(_HOLDING)})\s+(?:in\s+|at\s+|on\s+)?"
               rf"(?:the\s+)?{_SEAT_NAME}\b(?!'s)(?!\s+(?:of|from)\b)"),
    re.compile(rf"\b(?:i|me|i'?m|myself)\s*(?:was\s+|am\s+)?(?:\w+ing\s*)?"
               rf"\(\s*(?:i'?m\s+|sitting\s+)?{_SEAT_NAME}\s*\)"),
    re.compile(rf"\({_SEAT_NAME},?\s+(?:that'?s\s+)?me\)"),
    re.compile(rf"\b(?:i|i'?m)\s+sit(?:ting)?\s+{_SEAT_NAME}\b"),
)
# "I'm E", "(im N)": a seat's letter, which only a capital tells from a word
_ME_LETTER = re.compile(r"\b(?:[Ii]'?m|I am|I was)\s+(?:sitting\s+)?([NESW])\b(?!')")
# typed in lower case: "me (s)", "i was dealing (s)", and "me s," where the letter ends the clause
_ME_LOWER_LETTER = re.compile(r"\b(?:me|i'?m|i am|i was(?: \w+ing)?)\s*\(\s*([nesw])\s*\)"
                              r"|\b(?:me|i'?m)\s+([nesw])(?=\s*[,.;]|\s*$)")
# "my partner, who sits South", "my partner (North)", "my partner is West": the teller sits opposite
_MY_PARTNER_AT = re.compile(rf"\bmy\s+(?:partner|pard)(?:'s)?\s*[,(]?\s*(?:who\s+)?(?:is\s+|was\s+|sits\s+|sat\s+|"
                            rf"'s\s+)?(?:sitting\s+|seated\s+)?(?:at\s+|in\s+)?(?:the\s+)?{_SEAT_NAME}\b")
_NUMBER_WORD = r"(\d{1,2}|zero|nothing|love|one|two|three|four|five|six|seven|eight|nine)"
_SIDE_WORD = r"(ns|n/s|n-s|ew|e/w|e-w|north[- ]south|east[- ]west|we|us|they|them|our side|their side)"
_SCORE_PAIR = re.compile(
    rf"\b{_SIDE_WORD}(?:'re|'d)?\s+(?:had|have|has|were|was|are|is|at|on|sitting on|sat on|with|was at|were at|"
    rf"had got|on|up)?\s*(?:at\s+|on\s+)?{_NUMBER_WORD}\b(?!\s*(?:tricks?|cards?|points? (?:for|on)|away))")
_SCORE_TIED = re.compile(rf"(?:\bscore\b|\bwere\b|\bwas\b|\bat\b|^|[.,;(])\s*(?:was\s+|is\s+|of\s+)?{_NUMBER_WORD}"
                         rf"(?:\s*-\s*|\s+to\s+)(\d{{1,2}}|zero|one|two|three|four|five|six|seven|eight|nine)\b(?!\s*-)"
                         rf"|\b{_NUMBER_WORD}\s+(?:all|apiece)\b")
_SCORE_LEAD = re.compile(rf"\b{_SIDE_WORD}(?:'re)?\s+(?:were\s+|was\s+|are\s+|is\s+)?(?:up|ahead|leading)\s+"
                         rf"{_NUMBER_WORD}\s*(?:-|to)\s*{_NUMBER_WORD}\b"
                         rf"|\b{_NUMBER_WORD}\s*(?:-|\s+to\s+)\s*{_NUMBER_WORD}\s+(?:to\s+|for\s+|in favou?r of\s+)?"
                         rf"{_SIDE_WORD}\b"
                         rf"|\b{_NUMBER_WORD}\s*(?:-|\s+to\s+)\s*{_NUMBER_WORD},?\s+{_SIDE_WORD}\s+"
                         rf"(?:were\s+|are\s+|was\s+)?(?:ahead|up|leading)\b")
"""A score told with the side ahead: "EW up 3 to 2", "we're up 3 to 1", "4-3 to us", "3-2 us", "4 to 1 for us",
"3-4, them ahead", "2 to 3, them ahead"."""
_NO_LONE = re.compile(r"\b(?:nobody|no one|no-one|none of us|neither of us|neither side|not one of us)\b[^.;]{0,25}?"
                      r"\b(?:alone|loner|lone)\b|\bno\s+(?:loner|lone hand)s?\b|\bnot\s+(?:a\s+)?(?:loner|lone hand)\b")
_WORD_NUMBERS = {"zero": 0, "nothing": 0, "love": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                 "seven": 7, "eight": 8, "nine": 9}


def find_me(text: str) -> Seat | None:
    """The teller's seat where the story says it: "I'm South", "me (West)", "I sit north"."""
    low = canon_text(text).lower().replace("\u2019", "'")
    for pattern in _ME_PATTERNS:
        match = pattern.search(low)
        if match:
            return SEAT_WORDS[match.group(1)]
    letter = _ME_LETTER.search(text)
    if letter:
        return Seat(letter.group(1))
    lower = _ME_LOWER_LETTER.search(low)
    if lower:
        return Seat((lower.group(1) or lower.group(2)).upper())
    match = _MY_PARTNER_AT.search(low)
    return SEAT_WORDS[match.group(1)].partner if match else None


def me_by_pronoun(tokens: Sequence[Token], mentions: Sequence[Mention]) -> Seat | None:
    """The teller's seat, from a player named by his place beside the teller and then seated by a
    pronoun: "My partner showed me her cards ... She's South" puts the teller North. Only where
    such statements agree; asked for only where the words and --me gave no seat of the teller's."""
    found: set[Seat] = set()
    for k, tok in enumerate(tokens[:-1]):
        if tok.word not in _PRONOUN_SEATED or "?" in tok.tags:
            continue
        j = k + 1
        while j < len(tokens) and tokens[j].word in ("is", "was", "sits", "sat", "sitting", "in", "at", "the"):
            j += 1
        if j >= len(tokens) or tokens[j].word not in SEAT_WORDS or tokens[j].clause != tok.clause:
            continue
        before = [m for m in mentions if m.index < k and m.kind == "seat" and tokens[k].sentence - m.sentence <= 1
                  and (m.refs[0].base, m.refs[0].turn % 4) != ("me", 0)]
        if before and before[-1].refs[0].base == "me":
            seat = SEAT_WORDS[tokens[j].word]
            for _ in range(4 - before[-1].refs[0].turn % 4):
                seat = seat.left
            found.add(seat)
    return found.pop() if len(found) == 1 else None


def next_seat_at(mentions: Sequence[Mention], index: int, default: int) -> int:
    """The token where the next seat after `index` is named (its first word), else `default`."""
    return min((o.start for o in mentions if o.index > index and o.kind == "seat"),
               default=default)


def find_alone(tokens: list[Token], mentions: list[Mention], text: str) -> tuple[bool, list[Ref]]:
    """(nobody, seats): whether the story says nobody went alone, else the seats it names as
    playing alone, in order, as named (the caller resolves them)."""
    if _NO_LONE.search(canon_text(text).lower()):
        return True, []
    found: list[Ref] = []
    lone = {"alone", "loner", "lone"}
    for m in mentions:
        if m.kind != "seat":
            continue
        # "West ordered it up and went alone": up to seven words on, but not past another seat
        nxt = next_seat_at(mentions, m.index, len(tokens))
        ahead = [t for t in tokens[m.index + 1:min(m.index + 8, nxt)] if t.sentence == tokens[m.index].sentence]
        owned = m.possessive and m.obj in ("loner", "lone")
        # not "West played to the lone hand's lead": another's lone hand, named as an object
        told = [t for j, t in enumerate(ahead[:7]) if t.word in lone
                and not (j >= 2 and ahead[j - 1].word == "the" and ahead[j - 2].word in _PREPOSITIONS)]
        if owned or told and not any(t.word in ("not", "never") for t in ahead[:3]):
            found.append(m.refs[0])
            continue
        # "loner called by S", "the lone player being West", "the lone hand (North)"
        start = m.start
        back = [t for t in tokens[max(0, start - 5):start] if t.sentence == tokens[m.index].sentence]
        at = next((j for j in range(len(back) - 1, -1, -1) if back[j].word in lone), None)
        if at is not None and all(t.word in LONE_BY for t in back[at + 1:]):
            found.append(m.refs[0])
    if not found:
        found = _told_alone(tokens, mentions)
    return False, found


def _told_alone(tokens: Sequence[Token], mentions: Sequence[Mention]) -> list[Ref]:
    """The teller, where a sentence opens on his lone hand with no one named before it and he
    is the first seat after it, asides aside: "Playing alone (I'm E) and I flipped my ace"."""
    for k, t in enumerate(tokens[:-1]):
        opens = k == 0 or tokens[k - 1].sentence != t.sentence
        if opens and t.word in ("playing", "going", "went", "played") and tokens[k + 1].word == "alone":
            after = next((m for m in mentions if m.index > k and m.sentence == t.sentence and m.kind == "seat"
                          and "~aside" not in tokens[m.index].tags), None)  # not "(I'm E)": who he is
            if after is not None and after.refs[0].base == "me" and after.refs[0].turn == 0:
                return [after.refs[0]]
    return []


def find_score(text: str, me: Seat | None) -> dict[str, int] | None:
    """The points in the game where the story gives both sides': "NS 3, EW 4", "we were at
    four and they had one" (with the teller's seat). One side alone is not a score."""
    low = canon_text(text).lower().replace("\u2019", "'")
    found: dict[str, int] = {}
    for match in _SCORE_PAIR.finditer(low):
        side = _score_side(match.group(1), me)
        value = _points(match.group(2))
        if side is not None and value <= 20:
            found.setdefault(side, value)
    if len(found) == 2:
        return found
    lead = _SCORE_LEAD.search(low)  # "EW up 3 to 2", "4-3 to us"
    if lead:
        if lead.group(1):
            word, a, b = lead.group(1, 2, 3)
        elif lead.group(6):
            word, a, b = lead.group(6), lead.group(4), lead.group(5)
        else:  # "3-4, them ahead": the side ahead has the larger number, whichever is said first
            word, a, b = lead.group(9), *sorted(lead.group(7, 8), key=_points, reverse=True)
        side = _score_side(word, me)
        if side is not None and _points(a) >= _points(b):
            other = "EW" if side == "NS" else "NS"
            return {side: _points(a), other: _points(b)}
        # "1-3 to EW" leads with the smaller number: whose 3 it is is not clear, so not read
    tied = _SCORE_TIED.search(low)  # "it was 2-2", "one all", "2 apiece"
    if tied:
        a, b = (tied.group(1), tied.group(2)) if tied.group(1) else (tied.group(3), tied.group(3))
        if _points(a) == _points(b) and _points(a) <= 20:
            return {"NS": _points(a), "EW": _points(a)}
    return None


def _points(number: str) -> int:
    return int(number) if number.isdigit() else _WORD_NUMBERS[number]


def _score_side(word: str, me: Seat | None) -> str | None:
    """The side a word of the score names: NS, EW, or ours or theirs with the teller's seat."""
    plain = word.replace("/", "").replace("-", "").replace(" ", "")
    if plain in ("ns", "northsouth"):
        return "NS"
    if plain in ("ew", "eastwest"):
        return "EW"
    if me is None:
        return None
    if word in ("we", "us", "our side"):
        return me.side.value
    return "EW" if me.side.value == "NS" else "NS"


# A seat's letter stands alone: the "s" of "dealers partner" is no South.
_DEALER_IS = re.compile(r"\bdealer(?:'s|\s+was|\s+is)?\s*(?:sat|sits|sitting|:|=|-|,)?\s*(?:who\s+(?:sat|sits|was|is)\s+(?:at\s+|in\s+)?)?"
                        r"\(?\s*\b(north|east|south|west|[nesw](?![\w']))",
                        re.IGNORECASE)


def find_dealer(tokens: list[Token], mentions: list[Mention], kind: str | None, me: Seat | None,
                text: str = "") -> Seat | None:
    """The dealer, where the words name him: 'North dealt', 'my deal', 'East's turn to deal',
    'Dealer (West)', 'dealer was East'."""
    said_so = _DEALER_IS.search(canon_text(text))
    if said_so and kind != "deal_out_of_turn":
        return Seat.parse(said_so.group(1)[0].upper())
    for at, m in enumerate(mentions):
        if m.kind == "seat" and m.refs[0] == Ref("dealer", 0, "the dealer") and kind != "deal_out_of_turn":
            seat = _dealer_placed(tokens, m, mentions[at + 1:at + 2], me)
            if seat is not None:
                return seat  # "dealer was the guy across from me", "Dealer (on my left)"
        if m.kind != "seat" or m.refs[0].base == "dealer":
            continue
        seat = m.refs[0].resolve(me, None)
        if seat is None:
            continue
        after = [t for t in tokens[m.index + 1:m.index + 5] if not t.filler and t.sentence == tokens[m.index].sentence]
        stems = [t.stem for t in after]
        said = [t.word for t in after]
        before = [t.word for t in tokens[max(0, m.index - 2):m.index] if not t.filler]
        if m.possessive and (stems[:1] == ["deal"] or stems[:3] == ["turn", "to", "deal"]):
            return seat  # "East's deal", "my deal", "Easts turn to deal"
        if kind == "deal_out_of_turn":
            if before[-2:] == ["should", "be"] or said[:3] == ["should", "have", "dealt"]:
                return seat  # "it should be North": whose deal it was
            took = [t.stem for t in tokens[max(0, m.index - 5):m.index]]
            if before[-1:] == ["from"] and "deal" in took:
                return seat  # "North stole the deal from East": East's deal
            continue  # in a deal out of turn, who dealt is not the dealer
        if said[:1] in (["dealt"], ["deals"], ["misdealt"], ["dealing"]) or said[:2] == ["is", "dealing"]:
            return seat
        if said[:2] in (["and", "dealing"], ["and", "dealt"]) and m.index and tokens[m.index - 1].word in ("was", "is"):
            return seat  # "Dwayne was North and dealing"
        if [t.word for t in tokens[max(0, m.index - 4):m.index] if not t.filler][-2:] in (
                ["dealing", "from"], ["dealt", "from"]):
            return seat  # "Mrs. Delacroix, dealing from the West seat"
        if before[-1:] == ["dealer's"] and m.refs[0].base in "NESW" and tokens[m.index].raw[:1].isupper():
            return seat  # "the dealer's Carol, she's in the East chair"
        if before[-1:] == ["dealer"] and not m.possessive and m.refs[0].base in "NESW":
            return seat  # "Dealer Bob (West)", "dealer North"
        if stems[:1] == ["dealer"] and said[1:2] not in (["on"], ["to"], ["at"]):
            return seat  # "North, the dealer", "South was dealer"; not "I'm East, the dealer on my right"
    return None


_DEALER_AT = frozenset(("was", "is", "(", ",", "on", "at", "in", "the", "sits", "sitting", "sat", "seated"))


def _dealer_placed(tokens: Sequence[Token], dealer: Mention, following: Sequence[Mention],
                   me: Seat | None) -> Seat | None:
    """The seat of "dealer was my partner", "dealer (on my left)", "Dealer on West": a seat
    named just after the dealer, in his sentence, with only words of being or place between;
    not an owner ("the dealer was East's partner")."""
    if not following:
        return None
    seat = following[0]
    between = [t.word for t in tokens[dealer.index + 1:seat.start] if not t.filler]
    if (seat.kind != "seat" or seat.possessive or seat.refs[0].base == "dealer" or seat.sentence != dealer.sentence
            or len(between) > 3 or any(w not in _DEALER_AT for w in between)):
        return None
    return seat.refs[0].resolve(me, None)


# ---------------------------------------------------------------------------
# Facts.


def _phrase_at(phrase: str, stems: Sequence[Token]) -> list[int]:
    """Positions (in `stems`) where each part of a plain phrase matches; [] if it does not."""
    if not _PRECOMPILED:
        _compiled()
    return _matches(_PRECOMPILED.get(phrase) or _compile(phrase), stems)


_BACKGROUND = frozenset(("~sub", "~aside", "~q", "~label"))
"""Tags of words outside the story's main telling: clauses of time, asides, quoted speech."""
_FAILING = frozenset(("do", "didnt", "fail"))
"""Stems of acts that are failures to act ("didn't follow"): said with a negation, still the act."""
_LEADING = _stemset("led leads leading")
_PASSING = _stemset("passed pass passes")
_LEAD_ADVERBS = frozenset(("had", "has", "first", "then", "already", "also", "properly", "originally", "correctly"))
"""Words that may stand between a seat and its lead: "East had led", "West then led"."""
_PRESENT = frozenset(("lead", "leads", "play", "plays", "deal", "deals"))
_PRONOUN_ADVERBS = frozenset(("just", "still", "even", "suddenly", "immediately", "quickly", "actually", "went", "goes",
                              "ahead", "and", "right"))
"""Words between a pronoun and its act: "she just led", "he went ahead and led"."""
_BEING = frozenset(("is", "was", "am", "were", "are", "be"))


def _turn_told(verb: Token, after: Sequence[Token]) -> bool:
    """Whether a verb in the present with 'first' or 'next' after it tells whose turn it is,
    not what was done: "West dealt, so North leads first. Except East led"."""
    return verb.word in _PRESENT and bool(after) and after[0].word in ("first", "next")


def _failure(kind: str) -> bool:
    """Whether the kind's act is a failure to act, so that a negation names it, not denies it."""
    return bool(_stemset(ACTS.get(kind, "")) & _FAILING)


_I_AM = re.compile(r"i'?m", re.IGNORECASE)


_YOU_ARE = re.compile(r"you'?re|youre|ur", re.IGNORECASE)


def _seat_word(tok: Token) -> Seat | None:
    """The seat a single word names outright: "West", or a capital letter "W"."""
    if tok.word in SEAT_WORDS:
        return SEAT_WORDS[tok.word]
    return Seat(tok.raw) if len(tok.raw) == 1 and tok.raw in "NESW" else None


def _you_refs(tokens: Sequence[Token], names: dict[str, Seat]) -> dict[int, Ref]:
    """Who each "you" is, outside quoted words: the one named just before it ("East, you
    reneged", "Sam told Lee (E): you reneged"), the other speaker of a dialogue of two ("Me:
    you reneged / Her: I did not ... she's East"), or the seat "you're West" tells; else an
    unknown "you", which is asked, never taken for another seat."""
    told = _you_seat(tokens)
    speakers: list[tuple[int, Ref | None]] = []  # each label's place and whom it names
    for j, tok in enumerate(tokens):
        if "~label" in tok.tags and (j == 0 or "~label" not in tokens[j - 1].tags):
            speakers.append((j, _label_ref(tokens, j, names)))
    out: dict[int, Ref] = {}
    for j, tok in enumerate(tokens):
        speaking = [ref for at, ref in speakers if at < j]
        if tok.word in ("i", "me") and speaking and speaking[-1] is not None and speaking[-1].base != "me" \
                and not tok.tags & {"~q", "~label"}:
            out[j] = speaking[-1].shifted(0, tok.raw)  # the first person of a turn is its speaker
            continue
        if tok.word != "you" or tok.tags & {"~q", "~label"}:
            continue
        before = tokens[j - 1] if j else None
        named = _named_ref(before, names) if before is not None and before.clause != tok.clause \
            and before.sentence == tok.sentence and "~label" not in before.tags else None
        if named is not None:
            out[j] = named
            continue
        others = {repr(ref) for _, ref in speakers} - {repr(speaking[-1])} if speaking else set()
        if speaking and len({repr(ref) for _, ref in speakers}) == 2 and len(others) == 1:
            other = next(ref for _, ref in speakers if repr(ref) in others)
            if other is not None:
                out[j] = other
                continue
        if told is not None:
            out[j] = Ref(told.value, 0, tok.raw)
        elif j + 1 < len(tokens) and tokens[j + 1].word in YOU_ACTS and not (j and tokens[j - 1].word in ("if", "when")):
            out[j] = Ref("you", 0, tok.raw)  # "you reneged", said to one the words do not seat: asked
    return out


def _named_ref(tok: Token, names: dict[str, Seat]) -> Ref | None:
    """The seat a single word names: "East", "E", a seated name, "me"."""
    seat = _seat_word(tok)
    if seat is None and _name(tok) in names:
        seat = names[_name(tok)]
    return Ref(seat.value, 0, tok.raw) if seat is not None else None


def _label_ref(tokens: Sequence[Token], j: int, names: dict[str, Seat]) -> Ref | None:
    """Whom a speaker's label names: "Me" the teller, "North", "Bob (West)", "Her" as
    "she's East" seats her."""
    tok = tokens[j]
    if tok.word in ("me", "i"):
        return Ref("me", 0, tok.raw)
    if j + 1 < len(tokens) and "~aside" in tokens[j + 1].tags and (seat := _seat_word(tokens[j + 1])):
        return Ref(seat.value, 0, tok.raw)
    named = _named_ref(tok, names)
    if named is not None:
        return named
    pronoun = {"her": "she", "she": "she", "him": "he", "he": "he"}.get(tok.word)
    if pronoun is not None:
        for k, t in enumerate(tokens[:-1]):
            if t.word in (pronoun, f"{pronoun}'s") and t.raw.lower() != pronoun and (seat := _seat_word(tokens[k + 1])):
                return Ref(seat.value, 0, tok.raw)  # "she's East"
    return None


def _you_seat(tokens: Sequence[Token]) -> Seat | None:
    """The seat of the one the story speaks to, where it is told: "you're West", "you were
    West", "im N ur S", "you dealt (W)". A story told as a dispute ("Her: you reneged")
    names its offender as "you"."""
    for j, tok in enumerate(tokens[:-1]):
        nxt = tokens[j + 1]
        raw = tok.raw.replace("\u2019", "'")
        if _YOU_ARE.fullmatch(raw) and (seat := _seat_word(nxt)) is not None:
            return seat
        if tok.word == "you" and j + 2 < len(tokens) and (seat := _seat_word(tokens[j + 2])) is not None and \
                (nxt.word in ("are", "were", "was") or "~aside" in tokens[j + 2].tags):
            return seat
    return None


def _holds_seat(tokens: Sequence[Token], i: int) -> bool:
    """Whether "I" at `i` opens "I had West", "I play North", "I sat in the north chair"."""
    if tokens[i].word != "i":
        return False
    k = i + 1
    if k < len(tokens) and tokens[k].word in ("was", "am"):
        k += 1
    if k >= len(tokens) or tokens[k].word not in _HOLDING:
        return False
    rest = [t for t in tokens[k + 1:k + 4] if t.clause == tokens[i].clause]
    while rest and rest[0].word in ("in", "at", "on", "the"):
        rest = rest[1:]
    return bool(rest) and rest[0].word in SEAT_WORDS and (len(rest) < 2 or rest[1].word not in ("of", "from"))


def _says_i_am(tok: Token) -> bool:
    """Whether a word is "I'm" (one token, read as "i"): it says who the teller is, as "I am" does."""
    return _I_AM.fullmatch(tok.raw.replace("\u2019", "'")) is not None


_ACTUALLY = frozenset(("actually", "really", "fact", "turned", "truly", "proved", "proves"))
"""Words before the card a detached card really was: "it was actually the 10 of diamonds"."""
_NAMING = frozenset(("named", "names", "said", "says", "called", "guessed", "naming"))
"""Words before the card an adversary named."""
_TAKING = _stemset("took take takes taken taking got get gets won win wins made make makes")
"""Verbs before a count of tricks that say the side took them."""
_UNREAL = frozenset(_T["unreal"])
"""Words before a verb that make it whose turn it was, not what was done: "East should have led"."""
_SOMEBODY = frozenset(("somebody", "someone", "anybody", "anyone", "nobody", "everyone", "everybody"))
_JUDGED = frozenset(("that's", "thats", "that", "it's", "its", "this", "you", "we", "they"))
"""Words after a verb of speech that make it a judgement or a claim, not a declaration: "she
says that's out of turn", "he said you can't do that"."""
_PLACING = frozenset(("on", "to", "at", "across", "from", "of", "in", "opposite"))
"""Words that place a player named in an apposition: "Chet, my partner across from me, hollers"."""
_PREPOSITIONS = frozenset(("from", "to", "at", "with", "for", "beside", "behind", "across", "against", "of", "toward",
                           "towards", "past", "than"))
_OWNERS = frozenset(("his", "her", "my", "your", "their", "our", "whose"))
_JOINING = frozenset(("and", "then", "but", "so", "when", "that"))
"""Words that may open a clause before its subject: "and it had six cards"."""
_ARTICLES = frozenset(("the", "a", "an", "opening"))
"""Words that make a verb after them a noun: "East had the opening lead" is no lead made."""


def _phrase_all(phrase: str, stems: Sequence[Token]) -> list[int]:
    """Every position (in `stems`) where a plain phrase's first part starts a match."""
    if not _PRECOMPILED:
        _compiled()
    parts = _PRECOMPILED.get(phrase) or _compile(phrase)
    found: list[int] = []
    start = 0
    while start < len(stems):
        hits = _matches(parts, stems[start:])
        if not hits:
            break
        found.append(start + hits[0])
        start += hits[0] + 1
    return found


def _choice(kind: str, fact: str, stems: Sequence[Token]) -> Any:
    table = CHOICE_CUES.get((kind, fact)) or CHOICE_CUES.get(("*", fact))
    if not table:
        return None
    timing = f"{kind}.{fact}" in TIMING_FACTS
    for value, cues in table.items():
        found = [(cue, hits) for cue in cues for hits in [_phrase_at(cue, stems)] if hits
                 and "?" not in stems[hits[0]].tags]
        if not found:
            continue
        # "I hadn't shown a card": a yes/no cue said with a negation means no; unless a cue
        # that itself holds the negation matched too ("not discovered till ...").
        if isinstance(value, bool) and not timing and all(_negated(stems, hits[0]) and not NEGATIONS & set(cue.split())
                                           for cue, hits in found):
            return not value
        if _one_or_other(table, value, found, stems):
            return None  # "either 'pass' or 'pick it up', I couldn't hear": open, to be asked
        return value
    return None


def _one_or_other(table: dict[Any, Any], value: Any, found: Sequence[tuple[str, list[int]]],
                  stems: Sequence[Token]) -> bool:
    """Whether the words name this value or another as alternatives: a cue of another value in
    the same sentence with "or" between the two."""
    for other, cues in table.items():
        if other == value:
            continue
        for cue in cues:
            hits = _phrase_at(cue, stems)
            if not hits or "?" in stems[hits[0]].tags:
                continue
            for _, mine in found:
                a, b = sorted((mine[0], hits[0]))
                if stems[a].sentence == stems[b].sentence and any(t.word == "or" for t in stems[a:b + 1]):
                    return True
    return False


def _negated(stems: Sequence[Token], at: int) -> bool:
    """Whether a negation stands in the few words before `at`, in the same clause."""
    if stems[at].word in NEGATIONS:
        return False  # the cue itself says "not ..."
    clause = stems[at].clause
    before = [t.word for t in stems[max(0, at - 3):at] if t.clause == clause]
    denied = [k for k, w in enumerate(before) if w in NEGATIONS]
    # "nobody noticed until the hand was over": it was noticed then
    return bool(denied) and not any(w in ("until", "till", "til") for w in before[denied[-1]:])


def _number(tok: Token) -> int | None:
    base = tok.word[:-2] if tok.word.endswith("'s") else tok.word
    if is_whole(base):
        return int(base)
    return NUMBERS.get(base)


class _Facts:
    """Reads one kind's facts from the tokens, resolving seats against --me and the dealer."""

    def __init__(self, kind: str, tokens: list[Token], stems: list[Token], mentions: list[Mention],
                 cards: list[tuple[int, Any]], me: Seat | None, dealer: Seat | None, trump: Suit | None,
                 lone: Ref | None = None) -> None:
        self.kind, self.tokens, self.stems, self.cards = kind, tokens, stems, cards
        self.mentions = [m for m in mentions if m.refs]
        """The mentions that name seats; "the other three" names none of its own."""
        self.with_groups = mentions
        """All the mentions, with the groups: who followed may be "the other three"."""
        self.me, self.dealer, self.trump = me, dealer, trump
        self.lone = lone
        """The player the story says is alone, where it says who."""
        self.index_of = {id(t): i for i, t in enumerate(tokens)}
        self.stem_pos = [self.index_of[id(t)] for t in stems]
        self.facts: dict[str, Any] = {}
        self.unresolved: dict[str, str] = {}

    # -- helpers --

    def anchored(self, anchors: Sequence[str], acts: bool = False) -> list[tuple[int, bool]]:
        """(token index, seat-after) for each anchor found, in text order: its first place in
        the story's own telling, else in a clause of time or quoted speech. Where the anchors
        name `acts`, a verb used as a noun ("it was his lead", "East's lead"), what only should
        have been ("East should have led") and an act denied ("South hadn't played") anchor nothing."""
        at: list[tuple[int, bool]] = []
        for a in anchors:
            after = a.startswith(">")
            places = [i for i in _phrase_all(a.lstrip(">"), self.stems)
                      if not acts or not self.noun(i) and (_failure(self.kind) or not _negated(self.stems, i))]
            told = [i for i in places if not self.stems[i].tags & _BACKGROUND]
            for hit in (told or places)[:1]:
                at.append((self.stem_pos[hit], after))
        return sorted(at)

    def noun(self, i: int) -> bool:
        """Whether the word at stems[i] is owned or a noun ("his lead", "East's lead", "the
        lead"), or only what should have been ("East should have led"): not the act."""
        at = self.stem_pos[i]
        if at == 0:
            return False
        before = self.tokens[at - 1]
        if before.word in _OWNERS or "@poss" in before.tags:
            return True
        if before.word in _ARTICLES and self.stems[i].word in _PRESENT:
            return True  # "the opening lead", "a deal": no act ("a loner" is the anchor itself)
        if before.word == "to" and at > 1 and self.tokens[at - 2].word in ("was", "is", "were"):
            return True  # "the eldest hand was to lead": whose turn it was
        # "Lou, first to speak, says": the apposed role is no "should have been"
        return any(t.word in _UNREAL and "@role" not in t.tags for t in self.stems[max(0, i - 3):i]) or \
            _turn_told(self.stems[i], self.stems[i + 1:i + 2])

    def actor(self, m: Mention) -> bool:
        """Whether a seat mention can be the one who acted: not 'my loner' or 'East's deal'."""
        if m.kind != "seat":
            return False
        if m.refs[0].words.lower() == "me" and m.index > 0 and self.tokens[m.index - 1].word in _PREPOSITIONS:
            return False  # "my partner across from me said pass": the object, not the one who spoke
        after = [t.word for t in self.tokens[m.index + 1:m.index + 4]]
        if after[:1] in (["had"], ["have"]):
            after = after[1:]
        if len(after) >= 2 and after[0] in _SEEING and after[1] in ("him", "her"):
            return False  # "I'd seen her holding the queen": the one seen acted, not the one who saw
        if not m.possessive:
            return True
        return self.kind in OWNER_KINDS and m.obj in ("card", "cards", "hand", "exposed", "")

    def seat_at(self, at: int, after: bool, actors_only: bool = True) -> Ref | None:
        tok = self.tokens[at]
        if after:
            near = [m for m in self.mentions if m.kind == "seat" and at < m.index <= at + 4 and m.clause == tok.clause]
            return near[0].refs[0] if near else None
        near = [m for m in self.mentions if m.index < at and m.sentence == tok.sentence
                and (self.actor(m) if actors_only else m.kind == "seat") and not self.whose_turn(m)]
        # "set it down for the dealer, then shuffled again": a subject before an object
        near = [m for m in near if not (m.start > 0 and self.tokens[m.start - 1].word in _PREPOSITIONS)] or near
        # "Bud, on my right - I'm South - announces": the teller's seat, told, did not act
        near = [m for m in near if not self.identity(m)] or near
        told = [m for m in near if not self.background(m)] if not tok.tags & _BACKGROUND else near
        spoken_of = self.pronoun_subject(at) or self.lone_subject(at)
        if spoken_of is not None:
            return spoken_of
        if not near:
            return None
        chosen = (told or near)[-1]
        if not told and not tok.tags & _BACKGROUND and any(
                t.word in ("he", "she") and t.clause == tok.clause for t in self.tokens[chosen.index + 1:at]):
            return None  # "before West could lead she led": the act is hers, not West's
        if "~q" in tok.tags and "~sub" in self.tokens[chosen.index].tags and any(
                t.word in ("he", "she") and "~q" not in t.tags for t in self.tokens[chosen.index + 1:at]):
            return None  # "after West passed she says 'No, I order it up'": her words, not West's
        if any(t.word in _SOMEBODY for t in self.tokens[chosen.index + 1:at]):
            return None  # "During Jim's loner somebody played": not Jim
        if self.pronoun_between(chosen.index, at):
            return None
        return chosen.refs[0]

    def subject_end(self, at: int) -> int:
        """The place of the last word of the act's subject before the verb at `at`, past the
        words between them ("she just led", "he went ahead and led"); -1 where none is."""
        k = at - 1
        while k >= 0 and self.tokens[k].word in _LEAD_ADVERBS | _PRONOUN_ADVERBS:
            k -= 1
        return k

    def pronoun_subject(self, at: int, leader: bool = True) -> Ref | None:
        """The seat "he" or "she" stands for where one is the act's subject ("Father Tom was
        dealing, so I was eldest, but he led the queen himself"): the last other player named
        in the story's own telling, not the teller and not one named only in a clause of time
        ("before West could lead she led" is not West's). None where no pronoun is the subject
        or no such player was named. Without `leader`, the trick's leader is not the one meant
        ("South led the nine and the maker played the knave. He still held the queen")."""
        k = self.subject_end(at)
        # "I'd seen her holding the queen": the one seen is the act's subject, not the teller
        seen = k > 0 and self.tokens[k].word in ("him", "her") and self.tokens[k - 1].word in _SEEING
        if k < 0 or self.tokens[k].word not in ("he", "she") and not seen or self.tokens[k].tags & _BACKGROUND:
            return None
        # "Ethan claimed she reneged": one who tells of the offence named is not its "she"; but
        # "West said he wanted to order it" tells of himself
        accusing = self.tokens[at].stem in _stemset(NAMING_ACTS.get(self.kind, ""))
        others = [m for m in self.mentions if m.index < k and self.actor(m)
                  and (m.refs[0].base, m.refs[0].turn % 4) != ("me", 0) and m.refs[0].base != "you"
                  and not self.identity(m) and not self.predicate(m) and not _awaited(self.tokens, m.index)
                  and not self.whose_turn(m)  # "the eldest hand must lead, but he leads": not the eldest
                  and (leader or not self.led(m)) and self.tokens[k].sentence - m.sentence <= 2
                  and not (m.sentence == self.tokens[k].sentence and self.reports(m)
                           and (accusing or self.follows(m, _stemset(_CLAIMS))))]
        # "she" is the last of them who may be a she ("Linda ... her partner Gary goes ... She played");
        # where none may be, the pronoun is someone else's, not told
        fitting = [m for m in others if _fits(mention_gender(self.tokens, m.start, m.index), self.tokens[k].word)]
        return fitting[-1].refs[0] if fitting else None

    def speaker(self, at: int) -> Ref | None:
        """Who "he" or "she" is where the word at `at` is quoted after a verb of speech: "then he
        goes 'wait, I'll order it up'" is his order, not the teller's."""
        if "~q" not in self.tokens[at].tags:
            return None
        start = at
        while start > 0 and "~q" in self.tokens[start - 1].tags:
            start -= 1
        if start == 0 or self.tokens[start - 1].word not in _SAYING:
            return None
        ref = self.pronoun_subject(start - 1)
        named = [m for m in self.mentions if m.index < start and m.refs[0] == ref]
        if ref is None or not named or self.tokens[named[-1].index].tags & _BACKGROUND:
            return None  # "after South passed he said": South only in a clause of time, or an aside
        return ref

    def lone_subject(self, at: int) -> Ref | None:
        """The lone player, where "the lone player" or "the loner" is the act's subject ("the
        lone player went right ahead and led the right bower") and the story says who is alone."""
        if self.lone is None:
            return None
        k = self.subject_end(at)
        words = tuple(t.word for t in self.tokens[max(0, k - 1):k + 1])
        if words[-1:] == ("loner",) and k > 0 and self.tokens[k - 1].word == "the" or \
                len(words) == 2 and words[0] == "lone" and words[1] in ("player", "hand", "guy"):
            return self.lone
        return None

    def predicate(self, m: Mention) -> bool:
        """Whether a mention only says who one is ("I was eldest", "she's the dealer")."""
        k = m.index - 1  # back over the mention's own words ("the eldest hand")
        while k >= 0 and (self.tokens[k].word in _ARTICLES or "@seat" in self.tokens[k].tags):
            k -= 1
        return k >= 0 and self.tokens[k].word in _BEING

    def pronoun_between(self, start: int, at: int) -> bool:
        """Whether a pronoun opens the clause of the word at `at` after the seat named at
        `start`: "West counted it, and it had six cards" is not West's six cards. A person's
        pronoun is the seat's own ("West went alone and then he led")."""
        clause = self.tokens[at].clause
        if clause == self.tokens[start].clause:
            return False
        # the clause's subject, past its joining words: "threw the ace on it and hollered" is hers
        opening = [t.word for t in self.tokens[start + 1:at] if t.clause == clause and t.word not in _JOINING]
        return opening[:1] in (["it"], ["they"])

    def background(self, m: Mention) -> bool:
        """Whether a mention stands in a clause of time, an aside or quoted speech."""
        return bool(self.tokens[m.index].tags & _BACKGROUND)

    def settle(self, name: str, ref: Ref) -> str | None:
        seat = ref.resolve(self.me, self.dealer)
        if seat is None:
            self.unresolved[name] = ref.base
            return None
        return seat.value

    # -- by type --

    def seat(self, name: str) -> Ref | None:
        ref = self.seat_found(name)
        if name == "offender" and ref is not None and (ref.base, ref.turn % 4) == ("me", 0) \
                and self.done_by_another(name):
            return None
        return ref

    def done_by_another(self, name: str) -> bool:
        """Whether the act is told of "he" or "she" and not of the teller: "She riffles the
        cards so high that we see the faces. This is the woman on my left": whoever she is,
        she is not the teller, so the seat is asked (over blind-7..28, the teller read for such
        a "she" was wrong in each story looked at)."""
        anchors, _ = SEAT_ANCHORS.get((self.kind, name)) or SEAT_ANCHORS[("*", name)]
        acts = _stemset(ACTS.get(self.kind, ""))
        places = {at for at, _ in self.anchored(anchors, acts=True)} | {
            i for i, t in enumerate(self.tokens) if t.stem in acts and not t.tags & _BACKGROUND}
        starts = {m.index for m in self.mentions if m.kind == "seat"}
        subjects = set()
        for at in places:
            sentence = self.tokens[at].sentence
            for k in range(at - 1, -1, -1):
                tok = self.tokens[k]
                if tok.sentence != sentence:
                    break
                if tok.word in ("he", "she", "i", "me", "we"):
                    subjects.add(tok.word)
                    break
                if k in starts:
                    break  # a player named: the act is his, whoever "she" is
        return bool(subjects & {"he", "she"}) and not subjects & {"i", "me", "we"}

    def seat_found(self, name: str) -> Ref | None:
        rule = SEAT_ANCHORS.get((self.kind, name)) or SEAT_ANCHORS.get(("*", name))
        if rule is None:
            return None
        anchors, first = rule
        places = self.anchored(anchors, acts=True)
        told = [(at, after) for at, after in places if not self.tokens[at].tags & _BACKGROUND
                and not self.judged(at)]
        acts = _stemset(ACTS.get(self.kind, ""))
        # "North passed, and then South ordered it up before East had a chance", "East played,
        # and then West played before South had": the act done before another's turn came is
        # the one out of turn
        if self.kind in ("play_out_of_turn", "bid_out_of_turn") and name == "offender":
            telling = _stemset(REPORTING)
            early = [m for m in self.mentions if self.actor(m) and not self.background(m)
                     and m.refs[0].resolve(self.me, self.dealer) is not None
                     and not (m.index and self.tokens[m.index - 1].stem in telling)  # "S said i assist": his words
                     and "?" not in self.tokens[m.index].tags  # "can North now play before me?": asked
                     and self.follows(m, acts) and (self.before_another(self.act_after(m, acts))
                                                    or self.after_fronted_before(m))]
            if early:
                return self.named_outright(early[0])
        accused = self.accused() if name == "offender" else None
        if accused is not None:
            return accused  # "Owen (North) accused Jaden (East) of trumping a diamond while holding one"
        told.sort(key=lambda place: not self.before_another(place[0]))
        for at, after in told:
            ref = self.seat_at(at, after)
            if ref is not None:
                return ref
        said = next((ref for at, _ in places if (ref := self.speaker(at)) is not None), None)
        if said is not None:
            return said  # "then he goes 'wait, I'll order it up'": the one who said it
        cleft = self.cleft()
        if cleft is not None:
            return cleft  # "It was North who did it"
        if first:
            # The teller of a report is not its actor ("my partner says East reneged"), and a
            # seat followed by the act complained of is its subject ("West led, North threw
            # a diamond on it" is North's revoke, not West's).
            named = [m for m in self.mentions if self.actor(m) and not self.reports(m)]
            # told, and not in words the teller is unsure of ("idk if (N) had played it yet")
            in_story = [m for m in named if not self.background(m) and "~unsure" not in self.tokens[m.index].tags] or \
                [m for m in named if not self.background(m)]
            # "pard goes 'East reneged on hearts'": the act told only in another's quoted words
            quoted = [m for m in named if "~q" in self.tokens[m.index].tags and self.follows(m, acts)]
            if quoted and not any(self.follows(m, acts) for m in in_story):
                return self.named_outright(quoted[0])
            named = in_story or named
            # A seat only said to sit somewhere ("the dealer is North, my partner is West") acts in
            # nothing: where no seat named is a subject, the offender is asked, not guessed.
            named = [m for m in named if self.subject(m) and not self.identity(m)] or \
                [m for m in named if self.subject(m)] or [m for m in named if not self.identity(m)]
            if self.kind in LEAD_IS_CONTEXT:  # the leader of the trick did not revoke or play out of turn in it
                named = [m for m in named if not self.led(m)]
            acting = [m for m in named if self.follows(m, acts)]
            acting.sort(key=lambda m: not self.before_another(m.index))  # "West played before South had"
            if self.kind == "pass_then_order":
                # "Jim in the West said pass too, then Carol goes 'wait, I order it up'": Jim only passed
                acting = [m for m in named if self.passed_then(m)] or \
                    [m for m in acting if not self.only_passed(m)] or acting
            cued = self.before_cue(named)
            naming = [m for m in acting if self.follows(m, _stemset(NAMING_ACTS.get(self.kind, "")))]
            # the seat told to have kept the suit, unless another is told to have failed to
            # follow ("tom not following hearts, then jo trumped a club when she still had one")
            kept = self.kept_suit(named) if self.kind == "revoke" and not naming and not self.failure_told() else None
            if naming:
                acting = naming  # "North trumped, then East reneged": the act named outright
            elif kept is not None:
                return kept  # "East trumped and South played low ... East still held the ten"
            elif self.kind in LEAD_IS_CONTEXT and self.both_sides(acting):
                return None  # "N trumped, then E sloughed a diamond": whose revoke is asked, not guessed
            # "One of them reneged", "somebody on the other team led", "one of them two, Tom or
            # Sheila, didn't follow": whose act it was is asked, not guessed
            unnamed = self.indefinite_actor() if not naming else None
            if not naming and self.unseated_actor(acts):
                return None  # "Hank (S) and I (N) against Lou and Dee. Lou is East. Dee reneged": Dee's seat is asked
            if unnamed is not None and not acting:
                return None
            # The seat both acting and named just before the words of the act is the surest.
            both = [m for m in acting if m in cued]
            if acting or cued:
                chosen = (both or acting or cued)[0]
                return None if chosen.sentence == unnamed else self.named_outright(chosen)
            for at, after in places:  # "North passed, then said wait, I want to order it up"
                ref = self.seat_at(at, after) if "~q" in self.tokens[at].tags else None
                if ref is not None:
                    return ref  # the speaker of the words of the act
            if named and self.indefinite_actor() is None:
                return self.named_outright(named[0])
        for at, after in places:  # the anchor only in a clause of time or quoted speech
            ref = self.seat_at(at, after)
            if ref is not None:
                return ref
        return None

    def judged(self, at: int) -> bool:
        """Whether the word at `at` is a verb of speech that judges or claims ("Lucille says
        that's out of turn", "he said you can't"), not one that declares; words quoted are his
        act ("Marcus says 'that's mine'")."""
        nxt = self.tokens[at + 1] if at + 1 < len(self.tokens) else None
        if self.tokens[at].stem == "want" and [t.word for t in self.tokens[at + 1:at + 3]] in (["to", "know"], ["to", "ask"]):
            return True  # "I want to know what happens": the teller's question, no act of the story
        return self.tokens[at].word in _SAYING and nxt is not None and nxt.word in _JUDGED and "~q" not in nxt.tags

    def accused(self) -> Ref | None:
        """The one seat told accused of the act: "accused Jaden (East) of trumping", "blamed
        West for the renege"; not a question ("who accused East of it?")."""
        seats = {m.refs[0][:2]: m.refs[0] for m in self.mentions if m.kind == "seat" and m.start > 0
                 and self.tokens[m.start - 1].word in _ACCUSING and "?" not in self.tokens[m.index].tags
                 and any(t.word in ("of", "for") for t in self.tokens[m.index + 1:m.index + 4]
                         if "~aside" not in t.tags)}
        return next(iter(seats.values())) if len(seats) == 1 else None

    def cleft(self) -> Ref | None:
        """The seat a cleft sentence singles out: "It was North who did it", "it's West that
        reneged"; the one such seat, told, not asked."""
        seats = []
        for m in self.mentions:
            k = m.index
            if m.kind != "seat" or k < 2 or k + 1 >= len(self.tokens) or "?" in self.tokens[k].tags:
                continue
            before = (self.tokens[k - 2].word, self.tokens[k - 1].word)
            cleft = before[0] == "it" and before[1] in ("was", "is") or before[1] in ("it's", "twas")
            after = self.tokens[k + 1]
            # "It was North who did it", "it was East himself", "Someone led, it was Gary (South)."
            if cleft and (after.word in ("who", "that", "himself", "herself") or after.clause != self.tokens[k].clause
                          and after.sentence != self.tokens[k].sentence or "~aside" in after.tags
                          and (k + 3 >= len(self.tokens) or self.tokens[k + 3].sentence != self.tokens[k].sentence)):
                seats.append(m.refs[0])
        return seats[0] if len(seats) == 1 else None

    def unseated_actor(self, acts: frozenset[str]) -> bool:
        """Whether a player named but never seated is the subject of the act ("Dee reneged",
        "Bo led out of turn") while no seated player is: then the act is his, and his seat is
        asked rather than given to another player the story names."""
        # the verbs that name the offence where the kind has them ("reneged"): "Irene led a heart,
        # and Grandpa trumped it" tells an unseated player's fair play, not the act complained of
        acts = _stemset(NAMING_ACTS[self.kind]) if self.kind in NAMING_ACTS else acts
        seated = {m.index for m in self.mentions}
        for k, tok in enumerate(self.tokens[:-1]):
            if k in seated or "@seat" in tok.tags or tok.tags & _BACKGROUND or not _name(tok) \
                    or _common(tok) or tok.word in SEAT_WORDS:
                continue
            if k and self.tokens[k - 1].word in _PREPOSITIONS | {"against", "vs", "versus"}:
                continue  # "against Lou and Dee": named as the object
            nxt = self.tokens[k + 1]
            if nxt.clause == tok.clause and nxt.stem in acts and not self.infinitive(nxt) and "?" not in nxt.tags:
                return not any(self.follows(m, acts) for m in self.mentions
                               if self.actor(m) and not self.background(m) and not self.identity(m))
        return False

    def indefinite_actor(self) -> int | None:
        """The sentence where the story's act has for its subject someone it does not name: "one
        of them reneged", "somebody on the other team led", "one of them two, Tom or Sheila,
        didn't follow"; None where it has none."""
        acts = _stemset(ACTS.get(self.kind, "") + " " + NAMING_ACTS.get(self.kind, "") + " follow followed")
        if self.kind in LEAD_IS_CONTEXT:  # "Somebody led a heart, Norma trumped it": the lead is not the act
            acts -= _stemset("led lead leads leading")
        for k, tok in enumerate(self.tokens):
            one_of = tok.word == "one" and k + 2 < len(self.tokens) and self.tokens[k + 1].word == "of" \
                and self.tokens[k + 2].word not in ("those", "these")  # "one of those guys who slaps down"
            if not (tok.word in _SOMEBODY - {"nobody", "everyone", "everybody"} or one_of):
                continue
            if tok.tags & _BACKGROUND and not (k and self.tokens[k - 1].word == "and"):
                continue  # "before somebody played"; but "after the hand and one of them ... didn't follow"
            if k and self.tokens[k - 1].word in ("by", "to", "from", "at", "with", "on"):
                continue  # "trumped by one of them" names the act's object, not its subject
            clause = tok.clause
            skip = 3 if one_of else 1  # past "of them": whom the one is of, not another subject
            ahead = [t for t in self.tokens[k + skip:k + 15] if t.sentence == tok.sentence]
            for n, t in enumerate(ahead):
                if "@seat" in t.tags and t.clause == clause:
                    break  # "Somebody led the king and S (Gloria) ruffed it": the act is another's
                if "@seat" in t.tags and n + 1 < len(ahead) and ahead[n + 1].stem in acts:
                    break  # "Somebody led a heart, Norma trumped it": Norma's act, named
                if t.stem in acts and not t.tags & _BACKGROUND and t.clause - clause <= 2:
                    return tok.sentence
        return None

    def failure_told(self) -> bool:
        """Whether a player is told to have failed to follow ("tom (north) not following hearts")."""
        for phrase in FAILED_TO_FOLLOW:
            for i in _phrase_all(phrase, self.stems):
                at = self.stem_pos[i]
                if any(m.kind == "seat" and 0 < at - m.index <= 4 and m.sentence == self.tokens[at].sentence
                       for m in self.mentions):
                    return True
        return False

    def kept_suit(self, named: Sequence[Mention]) -> Ref | None:
        """The seat told to have held the suit all along ("East still held the ten of clubs",
        "she'd had it the whole time"): the subject just before the words, or the player "he" or
        "she" stands for; None where no one or more than one side is so told."""
        found: list[Ref] = []
        for phrase in SUIT_KEPT:
            for i in _phrase_all(phrase, self.stems):
                at = self.stem_pos[i]
                if self.tokens[at].tags & _BACKGROUND or _negated(self.stems, i):
                    continue
                before = [m for m in named if m.index < at and m.clause == self.tokens[at].clause
                          and at - m.index <= 3 and not m.possessive]
                ref = before[-1].refs[0] if before else self.pronoun_subject(at, leader=False)
                if ref is not None:
                    found.append(ref)
        seats = {r.resolve(self.me, self.dealer) for r in found}
        return found[0] if len(seats) == 1 and None not in seats else None

    def act_after(self, m: Mention, acts: frozenset[str]) -> int:
        """The place of the first of the kind's acts after the seat, past the words that only
        seat him ("Sally (South), his partner, played"), else the seat's own place."""
        return next((k for k in range(m.index + 1, min(m.index + 14, len(self.tokens)))
                     if self.tokens[k].stem in acts and not self.tokens[k].tags & _SEATING
                     and not self.infinitive(self.tokens[k])), m.index)  # not "last to play"

    def before_another(self, at: int) -> bool:
        """Whether the act (or the seat) at `at` is followed, in its clause, by "before" and a seat."""
        clause = self.tokens[at].clause
        # "before either his partner or North had played": the seats after "either" are those waited for
        ahead = [t for t in self.tokens[at + 1:at + 9] if t.clause == clause and t.word not in ("either", "both")
                 and not (t.word in ("his", "her") and "@seat" not in t.tags)]  # "before his partner Tran"
        for k, t in enumerate(ahead[:-1]):
            seat, verb = ahead[k + 1], ahead[k + 2].word if k + 2 < len(ahead) else ""
            if t.word == "before" and "@seat" in seat.tags and seat.word not in ("we", "us", "they", "them") \
                    and verb not in _NOTICING:
                return True  # a seat's turn; not "before we caught it", "before I stopped it"
            if t.word == "before" and seat.word in ("he", "she") and \
                    any(w.stem in _PLAYING for w in ahead[k + 2:k + 5]):
                return True  # "slapped his down before she'd played": another's turn, by a pronoun
        return False

    def act_words(self) -> list[Token]:
        """The words of the offender's act, for a choice that names it: from the offender, in
        his sentence, outside clauses of time ("N called spades before W had passed" made a
        suit); else every word."""
        seat = self.facts.get("offender")
        acts = _stemset(ACTS.get(self.kind, ""))
        at = next((m.index for m in self.mentions if not self.background(m) and self.follows(m, acts)
                   and m.refs[0].resolve(self.me, self.dealer) is not None
                   and m.refs[0].resolve(self.me, self.dealer).value == seat), None)  # type: ignore[union-attr]
        if at is None:
            return self.stems
        sentence = self.tokens[at].sentence
        return [t for t in self.stems if t.sentence == sentence and self.index_of[id(t)] > at
                and "~sub" not in t.tags] or self.stems

    def after_fronted_before(self, m: Mention) -> bool:
        """Whether the seat acts in the main clause of a sentence that opens with "before" and
        another seat: "Before Marge, the eldest, had said a word, Lenny's partner goes 'pass'"."""
        sentence = self.tokens[m.index].sentence
        opening = [t for t in self.tokens[:m.index] if t.sentence == sentence and not t.filler]
        # the clause of time may open the sentence or follow an "and": "Irene led, and before
        # Hank had played, Stan dropped his card"
        start = next((k for k in range(len(opening) - 2, -1, -1) if opening[k].word == "before"
                      and (k == 0 or opening[k - 1].word in ("and", "but", "then"))), None)
        if start is None or "@seat" not in opening[start + 1].tags:
            return False
        opening = opening[start:]
        waited = next((o for o in self.mentions if o.index == self.index_of[id(opening[1])]), None)
        seat = m.refs[0].resolve(self.me, self.dealer)
        if waited is not None and seat is not None and waited.refs[0].resolve(self.me, self.dealer) == seat:
            return False  # "before West, who's eldest, had said anything": the one waited for, named again
        return not self.background(m) and opening[1].clause != self.tokens[m.index].clause

    def passed_then(self, m: Mention) -> bool:
        """Whether the seat passed and then, in the same sentence, did or said the act: "North
        passed, then said wait, I want to order it up" (Law 78's offender)."""
        # "N pass, then N 'I assist'": the same seat named again goes on with his own act
        rest = self.own_words(m, again=True)
        passed = next((k for k, t in enumerate(rest[:3]) if t.stem in _PASSING), None)
        acts = _stemset(ACTS["pass_then_order"])
        return passed is not None and any(t.stem in acts for t in rest[passed + 1:])

    def only_passed(self, m: Mention) -> bool:
        """Whether the seat's words, up to the next seat named, only pass: no order, assist or
        quoted words of his own ("West said pass too")."""
        rest = self.own_words(m)
        ordering = _stemset("order ordered orders assist assisted assists pick call called up")
        return any(t.stem in _PASSING for t in rest) and not any(t.stem in ordering or "~q" in t.tags for t in rest)

    def own_words(self, m: Mention, again: bool = False) -> list[Token]:
        """The words after a seat named, in its sentence, up to the next seat named; with
        `again`, past the same seat named again."""
        end = min((o.start for o in self.mentions if o.index > m.index and o.kind == "seat"
                   and not (again and o.refs[0][:2] == m.refs[0][:2])), default=len(self.tokens))
        return [t for t in self.tokens[m.index + 1:end] if t.sentence == self.tokens[m.index].sentence]

    def both_sides(self, mentions: Sequence[Mention]) -> bool:
        """Whether the seats named act for both sides."""
        seats = {m.refs[0].resolve(self.me, self.dealer) for m in mentions}
        return len({s.side for s in seats if s is not None}) > 1

    def subject(self, m: Mention) -> bool:
        """Whether a mention may be the subject of an act: not an object ("showed me", "across
        from me"), nor the subject of an act denied ("his partner hadn't played"), unless the
        kind's act is itself a failure ("North didn't follow")."""
        tok = self.tokens[m.index]
        first = m.start - 1  # the word before the mention
        if m.possessive and self.kind in OWNER_KINDS and m.obj in ("card", "cards", "hand"):
            return True  # "a card slipped out of East's hand": the card's owner did the act
        alone = m.refs[0].words.lower() == tok.raw.lower()  # not "the guy across from me", whose last word is "me"
        if tok.word in ("me", "us", "them") and alone or first >= 0 and self.tokens[first].word in _PREPOSITIONS:
            return False
        if first >= 0 and self.tokens[first].word in ("what", "whether", "which"):
            return False  # "we didn't see what West played": asked about, not the act complained of
        if self.identity(m):
            return False
        if _failure(self.kind):
            return True
        ahead = [t.word for t in self.tokens[m.index + 1:m.index + 4] if t.clause == tok.clause]
        if self.whose_turn(m):
            return False  # "West is first to speak": whose turn it was, not who acted
        if ahead[:1] in (["should"], ["ought"], ["supposed"]):
            return False  # "South should have led": whose turn it was, not who acted
        if self.kind != "lone_declaration" and {"alone", "loner"} & set(ahead):
            return False  # "West is going alone": the lone hand is context, not the act
        if self.kind not in DEALING_KINDS and (ahead[:1] in (["dealt"], ["deals"], ["dealing"]) or ahead[:2] in (
                ["was", "dealing"], ["is", "dealing"], ["had", "dealt"], ["has", "dealt"])):
            return False  # "North dealt. West slapped down the ace": who dealt, context, not the act
        return not ({"not", "never"} & set(ahead))

    def whose_turn(self, m: Mention) -> bool:
        """Whether the words after a seat say only that it was his turn: "West is first to
        speak", "the eldest hand was to lead", "the eldest hand must lead"."""
        tok = self.tokens[m.index]
        ahead = [t.word for t in self.tokens[m.index + 1:m.index + 3] if t.clause == tok.clause]
        return ahead[:1] in (["is"], ["was"]) and ahead[1:2] in (["first"], ["next"], ["supposed"], ["due"], ["to"]) \
            or ahead[:1] in (["must"], ["should"]) and ahead[1:2] in (["lead"], ["play"], ["deal"], ["speak"])

    def identity(self, m: Mention) -> bool:
        """Whether a mention only says who sits where: "I'm West", "Dealer South", "the dealer
        was East" (both the role and the seat), not who acted."""
        prev = [t.word for t in self.tokens[max(0, m.index - 3):m.index] if t.clause == self.tokens[m.index].clause]
        nxt = [t for t in self.tokens[m.index + 1:m.index + 4] if t.clause == self.tokens[m.index].clause]
        if (_says_i_am(self.tokens[m.index]) and nxt and nxt[0].word in SEAT_WORDS) or \
                (prev[-1:] == ["i"] and _says_i_am(self.tokens[m.index - 1])):
            return True  # "I'm South. One of them reneged": the teller's seat, told
        if _holds_seat(self.tokens, m.index) or self.tokens[m.index].word in SEAT_WORDS and any(
                _holds_seat(self.tokens, k) for k in range(max(0, m.index - 4), m.index)):
            return True  # "I play North. On my right sits Bob": the teller's seat, not a card played
        if prev[-2:] == ["i", "am"] or prev[-1:] in (["dealer"], ["am"], ["im"]) or \
                prev[-2:-1] == ["dealer"] and prev[-1:] in (["was"], ["is"]):
            return True
        if prev[-1:] in (["dealer's"], ["dealers"]) and m.refs[0].words.lower() == self.tokens[m.index].raw.lower():
            return True  # "Dealer's West": West is the dealer, told; not "the dealer's partner"
        at = m.start - 1  # the word before the mention
        if self.tokens[m.index].word in SEAT_WORDS and at >= 0:
            before = self.tokens[at]
            if before.word in ("is", "was", "sits", "sat") and at > 0 and "@seat" in self.tokens[at - 1].tags:
                return True  # "my wife Carol is North": Carol's seat, told
            if before.word in ("is", "was") and at > 0 and self.tokens[at - 1].word in ("he", "she") and \
                    any(_placed_by_him(self.tokens, k) for k in range(at)):
                return True  # "Carla on his right reneged. he is North": his seat, told; not who acted
            if "~aside" in self.tokens[m.index].tags and "~aside" not in before.tags and "@seat" in before.tags:
                return True  # "myself (South)": the seat of the one named before it
        told = [t for t in nxt if t.word not in ("was", "is", "am")]
        if self.tokens[m.index].word in ("dealer", "dealer's") and told and "@seat" in told[0].tags:
            # "Dealer was W", "Dealer's West", "Dealer West." alone: the role, seated, is no
            # actor (but in "Dealer North picked up the card" the two name the one who acted)
            at = m.index + 1 + nxt.index(told[0])
            ends = at + 1 >= len(self.tokens) or self.tokens[at + 1].sentence != told[0].sentence
            if told[0] is not nxt[0] or self.tokens[m.index].word == "dealer's" or ends:
                return True
        words = [t.word for t in told]
        return bool(words) and (words[0] in SEAT_WORDS or words[:1] == ["dealer"] or words[:2] == ["the", "dealer"]) and \
            any(t.word in ("was", "is", "am") for t in nxt[:1])

    def before_cue(self, named: Sequence[Mention]) -> list[Mention]:
        """The seat named last before the heaviest cue of the kind, in its sentence: the words
        that name the act tell whose it was ("North jumped in with 'I'll assist you'")."""
        context = CONTEXT_CUES.get(self.kind, ())  # "before South said a word" tells when, not who
        for phrase, weight, parts in sorted(compiled_cues().get(self.kind, ()), key=lambda c: -c[1]):
            if weight <= 0 or phrase in SIGNAL_NAMES or phrase in context:
                continue
            hits = _matches(parts, self.stems)
            if hits:
                at = self.stem_pos[hits[0]]
                near = [m for m in named if m.index < at and m.sentence == self.tokens[at].sentence]
                if near and near[-1].refs[0].base == "me" and near[-1].refs[0].turn == 0 and any(
                        t.word in ("he", "she") for t in self.tokens[near[-1].index + 1:at]):
                    return []  # "I'm sure she reneged": she, not the teller
                return [] if not near or self.pronoun_between(near[-1].index, at) else near[-1:]
        return []

    def named_outright(self, m: Mention) -> Ref:
        """A seat named by role ("the dealer's partner") that the words also name outright just
        after, in apposition ("Dealer's partner at our table, Rob (North)"): the seat named outright."""
        ref = m.refs[0]
        if ref.base in "NESW" or ref.resolve(self.me, self.dealer) is not None:
            return ref
        near = [o for o in self.mentions if m.index < o.index <= m.index + 7 and o.kind == "seat"
                and o.sentence == m.sentence and o.refs[0].base in "NESW"]
        return near[0].refs[0] if near else ref

    def revokes_by_both(self) -> None:
        """A second revoke, by the other side ("and North reneged once too"): Law 71 counts it."""
        offender = self.facts.get("offender")
        if offender is None or self.facts.get("other_side_count") is not None:
            return
        # told, not in a clause of time or a report: "before Stan had played" is no revoke of Stan's;
        # and named as a revoke or a failure to follow, since "South played low" is no revoke at all
        acts = _stemset(NAMING_ACTS.get("revoke", "") + " failed couldnt didnt")
        for m in self.mentions:
            if m.kind != "seat" or self.background(m) or self.reports(m) or not self.follows(m, acts):
                continue
            seat = m.refs[0].resolve(self.me, self.dealer)
            if seat is not None and seat.side != Seat(offender).side:
                self.facts["other_side_count"] = 1
                return

    def reports(self, m: Mention) -> bool:
        """Whether a mention tells of another's act: a verb of telling follows it, and another
        seat is named after that in the clause."""
        if not self.follows(m, _stemset(REPORTING)):
            return False
        # the verb, past a filler or an adverb ("South immediately goes 'exposed card'")
        verb = next((k for k in range(m.index + 1, min(m.index + 3, len(self.tokens)))
                     if not self.tokens[k].filler and not self.tokens[k].word.endswith("ly")), None)
        if verb is not None and verb + 1 < len(self.tokens) and (
                "#suit" in self.tokens[verb + 1].tags or self.tokens[verb + 1].word in ("trump", "trumps")):
            return False  # "N called spades before W had passed": naming the trump, not telling
        if verb is not None and verb + 1 < len(self.tokens) and \
                self.tokens[verb + 1].stem in _stemset(NAMING_ACTS.get(self.kind, "")):
            return True  # "I say reneg", "Okafor hollers renege": the claimant crying the offence
        # another seat named within five words ("I think the guy across from me reneged": from
        # where its words begin)
        if any(m.index < o.index and o.start <= m.index + 5 and o.clause == m.clause
               and self.actor(o) for o in self.mentions):
            return True
        # "Mrs. Pruitt said he had revoked" accuses another; but "North noticed he had six
        # cards", and "he said he had six", tell of himself: only a claim, and not of a count
        at = next((k for k in range(m.index + 1, min(m.index + 3, len(self.tokens))) if not self.tokens[k].filler), None)
        if at is None or self.tokens[at].word not in _CLAIMING or self.kind == "wrong_card_count":
            return False
        return any(t.word in ("he", "she") and t.clause == self.tokens[at].clause for t in self.tokens[at + 1:at + 3])

    def infinitive(self, t: Token) -> bool:
        """Whether a word follows 'to': "waiting for his partner to play" is no act of his."""
        at = self.index_of[id(t)]
        return at > 0 and self.tokens[at - 1].word == "to"

    def led(self, m: Mention) -> bool:
        """Whether the seat is the subject of a lead: the verb just after it in its clause
        ("West led the jack", "East had led"), not a lead told in the passive after it ("she's
        North, spades were led") nor a lead as a noun ("West ruffed a spade lead")."""
        clause = self.tokens[m.index].clause
        start = m.index + 1
        while start < len(self.tokens) and self.tokens[start].tags & _SEATING:
            start += 1  # past "(West)" and "on his left": the verb after them is his
        if start > m.index + 1 and start < len(self.tokens):
            clause = self.tokens[start].clause
        ahead = [t for t in self.tokens[start:start + 3] if t.clause == clause and not t.filler]
        if ahead and ahead[0].word in _LEAD_ADVERBS:
            ahead = ahead[1:]
        return bool(ahead) and ahead[0].stem in _LEADING

    def follows(self, m: Mention, stems: frozenset[str]) -> bool:
        """Whether one of `stems` comes within the next few words after a mention, in its clause,
        before any verb of telling ("West says that's an exposed card" is West's claim, not act)."""
        clause = self.tokens[m.index].clause
        sentence = self.tokens[m.index].sentence
        start = m.index + 1
        while start < len(self.tokens) and "@place" in self.tokens[start].tags:
            start += 1  # the words that seat him are no act: "Carla on his right sloughed"
        window = [t for t in self.tokens[start:start + 11] if "~aside" not in t.tags]
        ahead = window[:4]
        if ahead and ahead[0].clause != clause and ahead[0].sentence == sentence:
            clause = ahead[0].clause  # "Kim, sitting North, throws off": the act after an apposition
            told = [t for t in window if t.clause == clause and not t.filler and not self.infinitive(t)]
            beyond = [t for t in window if t.clause > clause and t.sentence == sentence]
            bracketed = "~aside" in self.tokens[start].tags  # "Jeff (E) reneging on clubs": his act, past the bracket
            # "South, playing alone at hearts, let ...", "Dave, playing the Hendersons", "Mr. Hale,
            # in the East chair, trumped": an apposition that tells a lone hand, opens with a
            # participle or seats him is no act of his
            aside = (any(t.word in ("alone", "loner") or t.word in SEAT_WORDS for t in told) or
                     bool(told) and told[0].word.endswith("ing")) and \
                not (told and told[0].stem in stems and (not told[0].word.endswith("ing") or bracketed))
            # but "noah (W) said alone": the bracket seats him, and the act follows it
            if aside and not beyond:
                return False
            # "the fellow across from me, my partner Leon, slapped", "Chet, my partner across from me, hollers"
            named = all("@seat" in t.tags or _name(t) or t.word in _PLACING for t in told)
            if aside or (len(told) <= 2 or named) and beyond and not any(t.stem in stems for t in told):
                clause, ahead = beyond[0].clause, beyond[:4]  # "South, second to play, put the bower on it"
        after = [t for t in ahead if t.clause == clause and not t.filler]
        denied = any(t.word in ("not", "never") for t in after[:3])
        if denied and stems & _FAILING:
            return any(t.word in ("do", "did", "does", "could", "fail") for t in after[:2])  # "North didn't follow"
        if denied:
            return False  # "South hadn't played": not the act
        after = [t for t in after if t.word not in ("had", "has", "have", "also", "then", "just", "did", "do", "not")
                 and not self.infinitive(t)]  # "South, second to play, put the bower on it"
        telling = _stemset(REPORTING)
        if any(t.word in ("should", "supposed", "meant", "ought", "must") for t in after[:1]):
            return False  # "East should have led": whose turn it was, not who acted
        for k, t in enumerate(after[:2]):
            if "@seat" in t.tags:
                return False  # "Spades led by West, North threw": North's act
            if t.stem in stems:
                if self.judged(self.index_of[id(t)]):
                    return False  # "Lucille says that's out of turn": her judgement of the act, not a bid
                if self.kind != "lone_declaration" and t.stem not in telling and \
                        any(x.word in ("alone", "loner") for x in after[k + 1:k + 2]):
                    return False  # "South played alone": the lone hand, context, not the act; "said alone" declares
                return not _turn_told(t, after[k + 1:k + 2])
            if t.stem in telling:
                return False
        # "I was fussing with my glasses and put a club on it": the act joined by "and", later
        # in his clause, with no other player or telling between
        rest = [t for t in self.tokens[start:start + 12] if t.clause == clause and "~aside" not in t.tags]
        for j, t in enumerate(rest[:-1]):
            if "@seat" in t.tags and t.word not in ("my", "his", "her", "our", "their") or t.stem in telling \
                    or t.word in ("he", "she", "they", "we", "i"):
                return False
            if t.word == "and" and rest[j + 1].stem in stems:
                return True
        return False

    def seats(self, name: str) -> list[str] | None:
        offender = self.facts.get("offender")
        for at, _ in self.anchored(SEATS_ANCHORS.get((self.kind, name), ())):
            if "?" in self.tokens[at].tags:
                continue  # "not sure if anyone played after her": not told
            clause = self.tokens[at].clause
            if any(t.word in ("not", "neither", "nobody", "none") for t in self.tokens[:at] if t.clause == clause):
                return []  # "neither adversary had touched"
            since = next((k for k in range(at - 1, max(-1, at - 5), -1) if self.tokens[k].word == "before"
                          and self.tokens[k].clause == clause), None)
            if since is not None:  # "we stopped it before anybody played": who had not played yet
                if any(t.word in ("anybody", "anyone", "any", "somebody", "someone") for t in self.tokens[since + 1:at]):
                    return []
                continue
            group: list[str] = []
            for m in self.with_groups:
                if m.index >= at or m.clause != clause:
                    continue
                before = [t.word for t in self.tokens[max(0, m.index - 3):m.index]]
                if m.kind == "side" and "one" in before:
                    continue  # "one of the opponents" is not both of them
                if m.kind == "others":
                    return [s.value for s in Seat if s.value != offender]
                for ref in m.refs:
                    seat = ref.resolve(self.me, self.dealer)
                    if seat is None:
                        self.unresolved[name] = ref.base
                    elif seat.value not in group and seat.value != offender:
                        group.append(seat.value)
            if group:
                return [s.value for s in Seat if s.value in group]
        return None

    def side(self, name: str) -> str | None:
        for m in self.mentions:
            if m.kind == "side":
                sides = {r.resolve(self.me, self.dealer) for r in m.refs}
                if None in sides:
                    self.unresolved[name] = m.refs[0].base
                    return None
                return next(iter(sides)).side.value  # type: ignore[union-attr]
        return None

    def card(self) -> str | None:
        for _, card in self.cards:
            if isinstance(card, Card):
                return str(card)
            which, _ = card
            if self.trump is None:
                self.unresolved["card"] = "trump"
                continue
            return f"J{(self.trump if which == 'right' else self.trump.mate).letter}"
        return None

    def integer(self, name: str) -> int | None:
        stems = self.stems
        if name == "count":  # revokes by the offender's side: "revoked twice"
            for i, t in enumerate(stems):
                if t.word in ("twice", "thrice"):
                    return NUMBERS[t.word]
                n = self.told_number(i, t)
                if n and i + 1 < len(stems) and stems[i + 1].stem in ("time", "revok", "reneg"):
                    return n
            return None
        if name == "tricks":
            for i, t in enumerate(stems[1:-1], 1):  # "took 4 tricks" beats "I thought 4 is only for all 5"
                n = self.told_number(i, t)
                if n is not None and n <= 5 and stems[i + 1].stem == "trick" and stems[i - 1].stem in _TAKING:
                    return n
            if any(t.stem == "march" for t in stems) or _phrase_at("all five", stems) or _phrase_at("all 5", stems) \
                    or _phrase_at("every trick", stems):
                return 5
            for i, t in enumerate(stems[:-1]):
                n = self.told_number(i, t)
                if n is not None and stems[i + 1].stem == "trick" and n <= 5:
                    return n
            return None
        if name == "round":  # all_passed: which round all four passed in is told by words, not numbers
            return _choice(self.kind, "round", stems)
        if name in ("cards", "smaller_packet"):
            for i, t in enumerate(stems[:-1]):
                n = self.told_number(i, t)
                if n is None or (i and stems[i - 1].stem == "than"):
                    continue  # "more than five cards" gives no count
                if stems[i + 1].stem == "card" or (name == "smaller_packet" and stems[i + 1].stem in ("off", "on")):
                    return n
        return None

    def told_number(self, i: int, t: Token) -> int | None:
        """The number at stems[i], unless the teller is unsure of it: "3 or 4 cards maybe", "two or
        three tricks", "about four", or said where the teller says he does not know."""
        n = _number(t)
        if n is None:
            return None
        at = self.stem_pos[i]
        near = {self.tokens[k].word for k in (at - 1, at + 1) if 0 <= k < len(self.tokens)}
        if "?" in t.tags or "or" in near or near & {"about", "around", "roughly", "like", "maybe"}:
            return None
        return n

    def counts(self) -> dict[str, int]:
        """{seat: cards received}: a seat closely followed by 'six cards', or by a bare number that
        ends its clause ('and West six')."""
        out: dict[str, int] = {}
        named = [m for m in self.mentions if m.kind in ("seat", "side") and m.refs[0].base != "dealer"]
        tokens = self.tokens
        every = self._every_count()
        if every is not None:  # "gave everybody six cards": each seat the same
            return {seat.name: every for seat in Seat}
        for k, m in enumerate(named):
            stop = named[k + 1].index if k + 1 < len(named) else len(tokens)
            for j in range(m.index + 1, min(stop, m.index + 5)):
                t = tokens[j]
                n = _number(t)
                rest = [x for x in tokens[j + 1:] if not x.filler and x.clause == t.clause]
                # a side's bare number is its score ("Score NS 1, EW 4", "we had four and they had
                # one"), not cards received
                scored = m.kind == "side" and tokens[m.index].word in ("we", "they", "us", "them") or \
                    tokens[m.index].raw in ("NS", "SN", "EW", "WE") or any(
                    x.word == "score" for x in tokens[max(0, m.index - 3):m.index])
                counted = bool(rest) and rest[0].stem in ("card", "each") or not rest and not scored
                if n is not None and counted and t.word not in ("once", "twice", "thrice") and 0 <= n <= 10:
                    for ref in m.refs:
                        seat = self.settle("counts", ref)
                        if seat is not None:
                            out[seat] = n
                    break
        return out

    def _every_count(self) -> int | None:
        """The number in 'everybody got six cards', 'gave each of us 6', 'all four had six'."""
        words = [t for t in self.tokens if not t.filler]
        for i, t in enumerate(words):
            if t.word not in EVERY_WORDS:
                continue
            ahead = words[i + 1:i + 5]
            for j, a in enumerate(ahead):
                n = _number(a)
                if n is not None and 0 <= n <= 10 and a.word not in ("once", "twice", "thrice"):
                    if j + 1 < len(ahead) and ahead[j + 1].stem == "card":
                        return n
                    break
        return None

    def cuts(self) -> dict[str, str]:
        out: dict[str, str] = {}
        named = [m for m in self.mentions if m.kind == "seat"]
        for k, m in enumerate(named):
            stop = named[k + 1].index if k + 1 < len(named) else len(self.tokens)
            card = next((c for i, c in self.cards if m.index < i < stop and isinstance(c, Card)), None)
            if card is not None:
                seat = self.settle("cuts", m.refs[0])
                if seat is not None:
                    out[seat] = str(card)
        return out

    # -- facts that hang on how a particular kind is told --

    def makers(self) -> None:
        """hand_result: the side or seat that made the trump, named just before it made, ordered,
        went alone or took tricks; 'for us' later in the sentence is who scores, not who made."""
        for at, _ in self.anchored(MAKER_ANCHORS):
            near = [m for m in self.mentions if m.index < at and m.kind in ("seat", "side")
                    and m.sentence == self.tokens[at].sentence and not m.possessive]
            if not near:
                continue
            m = near[-1]
            if m.kind == "side":
                sides = {r.resolve(self.me, self.dealer) for r in m.refs}
                if None in sides:
                    self.unresolved["makers"] = m.refs[0].base
                else:
                    self.facts["makers"] = next(iter(sides)).side.value  # type: ignore[union-attr]
            else:
                seat = self.settle("maker", m.refs[0])
                if seat is not None:
                    self.facts["maker"] = seat
            return

    def unheard_partner(self) -> None:
        """declaration_not_heard: the offender is, by Law 81's words, the partner of the one
        who declared ("W ordered it up quietly, North didn't hear, and W's partner East said
        pass": East, not North, who also did not hear)."""
        declaring = _stemset(DECLARING)
        heard = next((k for k, t in enumerate(self.tokens) if t.stem in ("hear", "heard", "hearing", "catch", "missed")),
                     len(self.tokens))
        for m in self.mentions:  # the declaration comes before the words that it was not heard
            if m.index >= heard:
                break
            # not "my partner across from me says he ordered it": "me" is no declarer there
            if not self.actor(m) or self.background(m) or not self.follows(m, declaring):
                continue
            after = self.tokens[m.index + 1:m.index + 6]
            if any(t.stem in _PASSING or t.word in ("pass", "passed") for t in after):
                continue  # "her partner said pass": the one who did not hear
            seat = m.refs[0].resolve(self.me, self.dealer)
            if seat is not None:
                self.facts["offender"] = seat.partner.value
                self.unresolved.pop("offender", None)
            return

    def lone_partner(self) -> None:
        """lone_partner_played: the offender is, by definition, the lone player's partner."""
        for at, _ in self.anchored(("alone", "loner", "lone")):
            near = [m for m in self.mentions if m.kind == "seat" and m.index < at
                    and m.sentence == self.tokens[at].sentence]
            if near:
                ref = near[-1].refs[0].shifted(2, f"{near[-1].refs[0].words}'s partner")
                seat = self.settle("offender", ref)
                if seat is not None:
                    self.facts["offender"] = seat
                return

    def revoke_proved(self) -> None:
        """hand_abandoned: the side a revoke is then proved against, from the seat that revoked
        ("then we saw West had reneged on trick two")."""
        acts = _stemset("reneged revoked renege revoke renigged")
        for i, t in enumerate(self.tokens):
            if t.stem in acts and not t.tags & {"?", "~q"}:
                ref = self.seat_at(i, False)
                seat = ref.resolve(self.me, self.dealer) if ref is not None else None
                if seat is not None:
                    self.facts["revoke_proved"] = seat.side.value
                elif ref is not None:
                    self.unresolved["revoke_proved"] = ref.base
                return

    def touched_first(self) -> None:
        """misdeal: whose side first touched the cards, from the seat that touched them."""
        for at, _ in self.anchored(("touched",)):
            near = [t.word for t in self.tokens[max(0, at - 4):at] if t.clause == self.tokens[at].clause]
            if {"anyone", "anybody", "nobody", "none", "one", "not", "never", "neither"} & set(near):
                return  # "noticed before anyone touched", "no one had touched a card": nobody had
            ref = self.seat_at(at, False, actors_only=False)
            was = next((j for j in range(at - 1, max(-1, at - 4), -1) if self.tokens[j].word == "before"), None)
            if was is not None:  # "I picked up my cards before West touched his": the one before was first
                earlier = [m for m in self.mentions if m.kind == "seat" and m.index < was
                           and m.sentence == self.tokens[was].sentence]
                ref = earlier[-1].refs[0] if earlier else None
            if ref is None:
                return
            seat = ref.resolve(self.me, self.dealer)
            if seat is None or self.dealer is None:
                self.unresolved["touched_first"] = "dealer" if self.dealer is None else ref.base
                return
            self.facts["touched_first"] = "dealer_side" if seat.side == self.dealer.side else "adversaries"
            return

    def pattern(self) -> None:
        joined = " ".join(t.word for t in self.tokens)
        m = _PATTERN.search(joined.replace(" - ", "-"))
        if m:
            a, b, c = m.groups()
            self.facts["pattern"] = f"{a}-{b}" if c is None and {a, b} == {"2", "3"} else "irregular"

    def declared_words(self) -> None:
        """lone_declaration: the declaration as quoted ("he said 'I order it up and go alone'"),
        which Laws 94 and 98 judge by its words. Only a quote that declares (it says 'alone',
        or 'take it from' where he took it from his partner), and only one such: two may be
        two players' words, and then the words are asked; and not an objection."""
        runs: list[list[Token]] = []
        for k, t in enumerate(self.tokens):
            if "~q" not in t.tags:
                continue
            if k and runs and "~q" in self.tokens[k - 1].tags:
                if t.raw is not runs[-1][-1].raw:  # "didn't" is two words of one written word
                    runs[-1].append(t)
            else:
                runs.append([t])
        mark = stem("take" if self.facts.get("via") == "take_from_partner" else "alone")
        # "you can't go alone, you passed" is another's objection, not the declaration
        declaring = [run for run in runs if any(t.stem == mark for t in run)
                     and (mark != stem("alone") or not any(t.word in NEGATIONS or t.word in ("you", "your")
                                                           for t in run))]
        if len(declaring) == 1:
            self.facts["words"] = " ".join(t.raw for t in declaring[0])

    def detached_and_named(self) -> None:
        """Law 51's two cards, where the words tell both: the card detached, and the other the
        adversary named ("said 'that's the king of diamonds!' It was actually the 10")."""
        named = actual = None
        for index, card in self.cards:
            if not isinstance(card, Card):
                continue
            before = {t.word for t in self.tokens[max(0, index - 6):index]}
            if before & _ACTUALLY:
                actual = actual or card
            elif before & _NAMING or "~q" in self.tokens[index].tags:
                named = named or card
        if actual is not None and named is not None and actual != named:
            self.facts["card"], self.facts["named"] = str(actual), str(named)
        elif named is None and len(self.cards) == 1 and isinstance(self.cards[0][1], Card) and any(
                t.word == "named" and u.word == "it" for t, u in zip(self.tokens, self.tokens[1:])):
            self.facts["named"] = str(self.cards[0][1])  # "I could see it was the queen, so I named it"

    def taker(self) -> None:
        """lone_declaration: where a player took it from his partner, he is the one who plays
        alone (Law 94: "I take it from you"), not the partner who first said alone: the seat
        that said the words, where one is named before them in their sentence."""
        for at, after in self.anchored(("take it from",), acts=True):
            ref = self.seat_at(at, after, actors_only=False)
            if ref is not None:
                value = self.settle("declarer", ref)
                if value is not None:
                    self.facts["declarer"] = value
                return

    def dealer_offends(self) -> None:
        """The offender is the dealer by the kind's own terms: the dealer's seat, or asked."""
        self.facts.pop("offender", None)
        if self.dealer is not None:
            self.facts["offender"] = self.dealer.value

    # -- all of them --

    def read(self) -> tuple[dict[str, Any], dict[str, str]]:
        kind = self.kind
        special = {("hand_result", "maker"), ("hand_result", "makers"), ("lone_partner_played", "offender"),
                   ("misdeal", "touched_first"), ("hand_abandoned", "revoke_proved")}
        for name, type_ in FACT_TYPES.get(kind, {}).items():
            if (kind, name) in special:
                continue
            value: Any = None
            if type_ == "seat":
                ref = self.seat(name)
                value = self.settle(name, ref) if ref is not None else None
            elif type_ in ("seats", "names"):
                value = self.seats(name)
            elif type_ in ("bool", "choice"):
                value = _choice(kind, name, self.act_words() if f"{kind}.{name}" in ACT_CHOICES else self.stems)
            elif type_ == "suit":
                for at, _ in self.anchored(SUIT_ANCHORS.get((kind, name), ())):
                    if _negated(self.tokens, at):
                        continue  # "nobody wanted it": no suit meant
                    later = [t for t in self.tokens[at:] if "#suit" in t.tags]
                    if later:
                        value = SUIT_WORDS[later[0].word].value
                        break
            elif type_ == "card":
                value = self.card()
            elif type_ == "int":
                value = self.integer(name)
            elif type_ == "counts":
                value = self.counts() or None
            elif type_ == "cuts":
                value = self.cuts() or None
            elif type_ == "side":
                value = self.side(name)
            if value is not None:
                self.facts[name] = value
        if kind == "declaration_not_heard":
            self.unheard_partner()
        if kind == "bid_out_of_turn" and self.facts.get("action") == "order" and self.dealer is not None \
                and self.facts.get("offender") == self.dealer.partner.value:
            self.facts["action"] = "assist"  # the dealer's partner's "pick it up" assists (Technical Terms)
        if kind == "hand_result":
            self.makers()
            if any(t.stem.startswith("euchr") for t in self.tokens) and (self.facts.get("tricks") or 0) >= 3:
                # "we got euchred, they took three": the three are not the makers' tricks; ask.
                self.facts.pop("tricks", None)
        elif kind == "revoke":
            if self.facts.get("partner_asked"):
                # "asked him before the trick was turned": the time is the question's (Law 65), and
                # whether the revoke then stood is left open
                self.facts.pop("established", None)
            self.revokes_by_both()
        elif kind == "lone_partner_played":
            self.lone_partner()
        elif kind == "hand_abandoned":
            self.revoke_proved()
        elif kind == "misdeal":
            self.touched_first()
            if "pattern" not in self.facts:
                self.pattern()
        elif kind == "etiquette_breach" and self.facts.get("what") == "bystander_remark":
            # A bystander has no seat: a seat in the words is whom he spoke to, not who offended.
            self.facts.pop("offender", None)
        elif kind == "wrong_card_count" and self.facts.get("no_discard"):
            # The dealer who failed to discard is the offender, whatever seat the words name.
            self.facts.pop("cards", None)
            self.dealer_offends()
        elif kind == "shuffle_irregular" and self.facts.get("how") == "card_seen_in_dealers_shuffle":
            self.dealer_offends()  # a card seen in the dealer's own shuffle: the teller only saw it
        elif kind == "exposed_card" and self.facts.get("how") == "detached_named":
            self.detached_and_named()
        elif kind == "lone_declaration":
            if self.facts.get("via") == "take_from_partner":
                self.taker()
            if "words" not in self.facts:
                self.declared_words()
        unresolved = {k: v for k, v in self.unresolved.items() if k not in self.facts}
        return self.facts, unresolved


def read_facts(kind: str, tokens: list[Token], stems: list[Token], mentions: list[Mention],
               cards: list[tuple[int, Any]], me: Seat | None, dealer: Seat | None,
               trump: Suit | None, lone: Ref | None = None) -> tuple[dict[str, Any], dict[str, str]]:
    """The kind's facts the words give, in case-file form, and those waiting on --me, the dealer or the trump."""
    return _Facts(kind, tokens, stems, mentions, cards, me, dealer, trump, lone).read()


# ---------------------------------------------------------------------------
# What is still needed.


def missing(reading: Reading, envelope: dict[str, Any] | None = None) -> list[str]:
    """The facts (and envelope keys) the kind requires that neither the words nor the options gave."""
    if reading.kind is None or reading.kind not in KIND_NEEDS:
        return []
    required, needs, one_of = KIND_NEEDS[reading.kind]
    facts = reading.facts
    env = {**reading.envelope, **(envelope or {})}
    out = [f for f in required if facts.get(f) is None]
    out += [k for k in needs if env.get(k) is None]
    if reading.asked and any(facts.get(f) is None and env.get(f) is None for f in reading.asked):
        out += [f for f in reading.asked if facts.get(f) is None and env.get(f) is None]
    for group in one_of:
        if all(facts.get(f) in (None, False) for f in group):
            out.append(" or ".join(group))
    return out
