"""The rulebook: law records loaded from `laws/<ruleset>/`, validated, and looked up.

Records are NamedTuples rather than dataclasses: a dataclass costs about a
millisecond to define at import, and start-up time is what a player waits for.

Parsing and validating some 120 YAML files costs more than a person at the table
should wait, so a validated copy is cached (in marshal form, the fastest to load),
keyed on the files' names, sizes, inodes and times (their bytes, where a file changed in
the last two seconds): any edit to the data is validated again on the next call.
"""

from __future__ import annotations

import copy
import marshal
import os
import re
import stat
import time
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from arbiter.model import InputError, is_whole
from arbiter.reader import DATA_CAP, parse_yaml, read_bytes, read_text, shown

DEFAULT_RULESET = "somerset-1888"
_CACHE_FORMAT = "1"  # bump when the cached payload's shape changes

try:  # hashlib's import costs ~3 ms (OpenSSL); the built-in blake2 alone is enough here
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - other Pythons
    from hashlib import blake2b


class RulebookError(ValueError):
    """The law data itself is wrong; the message names the file and the field."""


_MARKER = re.compile(r"§([a-z][a-z0-9_]*)")
"""A provision named by key in handler prose, numbered when the ruling is written."""


class MissingProvision(LookupError):
    """A provision the ruleset in force does not have (a handler bug, or a silent code)."""


class UnknownLawError(InputError):
    """A law number that is not in the rulebook."""


class UnknownTermError(InputError):
    """A technical term that is not in the glossary."""


class Ref(NamedTuple):
    """A cross reference from one law to another."""

    law: int
    """The law referred to."""
    type: str
    """`explicit` where the text names it, `implied` where the two plainly bear on each other."""
    why: str = ""
    """A short phrase: how the other law bears on this one."""


class Law(NamedTuple):
    """One numbered law or rule of etiquette, with its text exactly as printed."""

    number: int
    """1 to 116 in the Somerset code."""
    section: str
    """The id of the book's section it stands in."""
    kind: str
    """`law` or `etiquette`."""
    title: str
    """A short title of our own, not the book's."""
    text: str
    """The law's words exactly as printed, italics marks dropped."""
    refs: tuple[Ref, ...] = ()
    """Laws it refers to, explicitly or by implication."""
    keywords: tuple[str, ...] = ()
    """Words players use for what it governs, 1888 and today."""
    reading: dict[str, Any] = {}  # noqa: RUF012 (records are never mutated)
    """Our structured reading of the text: numbers it states, who elects, what it overrides."""
    notes: tuple[str, ...] = ()
    """Where the text is open, the interpretation we chose."""
    key: str = ""
    """What the provision is about, stable across rulesets: handlers cite it (`revoke_penalty`)."""
    somerset: tuple[int, ...] = ()
    """In another code, the Somerset laws on the same subject."""

    def number_of(self, name: str) -> Any:
        """A figure the law states (`reading.numbers.<name>`), so that code never holds it."""
        try:
            return self.reading["numbers"][name]
        except KeyError:
            raise RulebookError(f"law {self.number}: reading.numbers has no {name!r}") from None

    def as_dict(self, book: Rulebook) -> dict[str, Any]:
        """The record as plain data, for --json."""
        return {
            "number": self.number,
            "key": self.key,
            "section": self.section,
            "section_title": book.section(self.section).title,
            "kind": self.kind,
            "title": self.title,
            "text": self.text,
            "refs": [{"law": r.law, "type": r.type, "why": r.why} for r in self.refs],
            "keywords": list(self.keywords),
            "reading": self.reading,
            "notes": list(self.notes),
            **({"somerset": list(self.somerset)} if self.somerset else {}),
            **({"house": [book.house.entry(a.path, book) for a in book.house.amending_law(self.key)]}
               if book.house is not None else {}),
        }


class Section(NamedTuple):
    """One of the book's sections, with the laws it holds."""

    id: str
    """A short id: `revoke`, `playing-alone`."""
    title: str
    """The section's title as printed in the contents."""
    first: int
    """Its first law."""
    last: int
    """Its last law."""
    summary: str = ""
    """What it covers, in plain words."""
    keywords: tuple[str, ...] = ()
    """Today's words for its subject."""

    @property
    def numbers(self) -> range:
        """The numbers of the laws it holds."""
        return range(self.first, self.last + 1)


class Term(NamedTuple):
    """A technical term: the book's own (with its printed definition) or a modern one."""

    term: str
    """The name as the book prints it, or today's name."""
    text: str = ""
    """The book's definition, exactly as printed (book terms only)."""
    meaning: str = ""
    """Our explanation (modern terms only)."""
    aliases: tuple[str, ...] = ()
    """Other printed names."""
    synonyms: tuple[str, ...] = ()
    """Today's words."""
    laws: tuple[int, ...] = ()
    """Laws that use it."""
    example: str = ""
    """A worked example for learners."""
    somerset: bool = True
    """False where the Somerset code has no such thing."""
    notes: tuple[str, ...] = ()
    """What the code does instead, or how we read it."""
    printed: tuple[str, ...] = ()
    """The heading as printed."""
    defined: bool = True
    """False for a word the code uses but its Technical Terms do not define (trump, revoke)."""
    quote: tuple[int, str] = ()
    """Where a law defines the word all the same: (law, its words exactly as printed)."""
    instead: str = ""
    """For a word not in the code: what the code does instead, in one line of our words."""

    @property
    def kind(self) -> str:
        """`defined` in the book's Technical Terms, `used` by the code without a definition
        there, or `modern`: not in the 1888 code."""
        return "modern" if not self.somerset else "defined" if self.defined else "used"

    @property
    def names(self) -> tuple[str, ...]:
        """Every name it answers to."""
        return (self.term, *self.aliases, *self.synonyms)


class Hit(NamedTuple):
    """One search result."""

    number: int
    """The law found."""
    score: float
    """Higher is better."""
    matched: tuple[str, ...]
    """What matched: keywords, title words, text words."""


class Rulebook:
    """All the records of one ruleset."""

    def __init__(self, ruleset: str, payload: dict[str, Any]) -> None:
        self.ruleset = ruleset
        self.laws: dict[int, Law] = {rec["number"]: _law(rec) for rec in payload["laws"]}
        self.sections: list[Section] = [_section(rec) for rec in payload["sections"]]
        self.terms: list[Term] = [_term(rec) for rec in payload.get("glossary", [])]
        self.extra: dict[str, Any] = payload.get("extra", {})
        self.first, self.last = min(self.laws), max(self.laws)
        self.keys: dict[str, int] = {law.key: n for n, law in self.laws.items()}
        self.house: Any = None
        """The house rules laid over this code (`house.House.apply`), if any."""

    def provision(self, key: str) -> Law:
        """The provision on a subject (`revoke_penalty`), under this ruleset's own number.

        A ruleset without it raises MissingProvision: a handler that cites what the code does
        not say is an error, never a wrong citation.
        """
        return self.laws[self.number(key)]

    def number(self, key: str) -> int:
        """The number of the provision on a subject, as `provision(key).number`, without
        looking the law up: the prose and the rulings ask it of every citation."""
        number = self.keys.get(key)
        if number is None:
            raise MissingProvision(f"{self.ruleset} has no provision on {key!r}")
        return number

    def numbered(self, text: str, reference: Rulebook | None = None) -> str:
        """Prose naming provisions by key (`Law §revoke_penalty`) with this ruleset's numbers.
        A provision this code lacks is an error, unless a `reference` code has it: then it is
        named as that code's ("Law 64 of somerset-1888")."""
        if "§" not in text:
            return text

        def number(m: re.Match[str]) -> str:
            key = m.group(1)
            if key not in self.keys and reference is not None and reference.has(key):
                return f"{reference.number(key)} of {reference.ruleset}"
            return str(self.number(key))

        return _MARKER.sub(number, text)

    @property
    def shape(self) -> dict[str, Any]:
        """The code as a whole (`ruleset.yaml`): its title and source, the game's shape
        (players, sides, pack, hand), and the base whose handlers it starts from."""
        return self.extra.get("ruleset") or {}

    @property
    def players(self) -> int:
        """Players at the table of this code's game (or of the view `for_players` gave)."""
        return int(self.shape.get("players", 4))

    def for_players(self, players: int) -> Rulebook:
        """This code for a table of `players`: itself, or the other game it describes (the
        Britannica's four-handed summary beside its two-handed game). A code without that game
        refuses it by name."""
        if players == self.players:
            return self
        other = self.shape.get("four_handed") if players == 4 else None
        if not other:
            raise InputError(f"players: {players}: {self.ruleset} has no game of {players} players "
                             f"(the two-handed game is britannica-1911's)")
        view = copy.copy(self)
        view.extra = {**self.extra, "ruleset": {**self.shape, **other}}
        return view

    def has(self, key: str) -> bool:
        """Whether this ruleset has a provision on `key`."""
        return key in self.keys

    def law(self, number: int) -> Law:
        """The law numbered `number`, or UnknownLawError."""
        try:
            return self.laws[number]
        except (KeyError, TypeError):
            raise UnknownLawError(self._no_law(number)) from None

    def _no_law(self, number: object) -> str:
        return f"no law numbered {number!r}; the laws run from {self.first} to {self.last}"

    def parse_numbers(self, args: list[str]) -> list[int]:
        """Law numbers from command-line words: `52`, `62-71`, `52,53`."""
        numbers: list[int] = []
        for arg in args:
            for part in str(arg).split(","):
                part = part.strip()
                match = re.fullmatch(r"([0-9]+)\s*-\s*([0-9]+)", part)
                if match:
                    lo, hi = int(match[1]), int(match[2])
                    if lo > hi:
                        raise UnknownLawError(f"range {part!r} runs backwards; write it low-high, as 62-71")
                    span = [lo, hi]
                elif is_whole(part):
                    span = [int(part)] * 2
                else:
                    raise UnknownLawError(self._no_law(part))
                for n in span:
                    if n not in self.laws:
                        raise UnknownLawError(self._no_law(n))
                numbers.extend(n for n in range(span[0], span[1] + 1) if n not in numbers)
        return numbers

    def with_numbers(self, changes: dict[int, dict[str, Any]]) -> Rulebook:
        """A copy with some laws' stated figures changed (house rules; tests that code reads them)."""
        other = copy.copy(self)
        other.laws = dict(self.laws)
        for n, figures in changes.items():
            law = self.law(n)
            numbers = {**law.reading.get("numbers", {}), **figures}
            other.laws[n] = law._replace(reading={**law.reading, "numbers": numbers})
        return other

    def section(self, key: str) -> Section:
        """A section by id, title or a word of it (`revoke`, `The Revoke`, `alone`)."""
        wanted = _norm(key)
        for sec in self.sections:
            if wanted in (sec.id, _norm(sec.title), _norm(sec.title).removeprefix("the ")):
                return sec
        near = [s for s in self.sections
                if wanted in s.id or wanted in _norm(s.title) or wanted in s.keywords]
        if len(near) == 1:
            return near[0]
        ids = ", ".join(s.id for s in (near or self.sections))
        raise InputError(f"no section {key!r}; {'did you mean' if near else 'sections are'}: {ids}")

    def term(self, words: str) -> Term:
        """A glossary entry by exact name, then alias or synonym, else the one close match."""
        wanted = _norm(words)
        found = self._named(wanted)
        if found is not None:
            return found
        import difflib

        names = {_norm(n): t for t in self.terms for n in t.names}
        close = difflib.get_close_matches(wanted, names, n=5, cutoff=0.6)
        best = {names[c].term for c in close[:1]}
        if close and difflib.SequenceMatcher(None, wanted, close[0]).ratio() >= 0.85:
            return names[close[0]]
        guesses = list(dict.fromkeys(names[c].term for c in close)) or sorted(best)
        hint = f"did you mean: {', '.join(guesses)}?" if guesses else "try 'arbiter term --list'"
        raise UnknownTermError(f"no term {words!r} in the glossary; {hint}")

    def _named(self, wanted: str) -> Term | None:
        """The entry a normalised name names exactly: its own name first, then an alias or synonym."""
        for term in self.terms:
            if wanted == _norm(term.term):
                return term
        for term in self.terms:
            if wanted in (_norm(n) for n in term.names):
                return term
        return None

    def not_in_code(self, words: str) -> Term | None:
        """The modern entry that the words name exactly (a farmer's hand, going under), when the
        code has no such thing; None when they name one of the code's own words, or nothing."""
        term = self._named(_norm(words))
        return term if term is not None and term.kind == "modern" else None

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        """Laws ranked for a query in today's words or the book's."""
        phrase = _norm(query)
        stems = [_stem(w) for w in _words(phrase) if w not in _STOPWORDS]
        if not stems:
            raise InputError(f"nothing to search for in {query!r}")
        glossary = self._glossary_laws()
        hits = []
        for law in self.laws.values():
            score, matched = 0.0, []
            for kw in law.keywords:
                if phrase == kw:
                    score += 12
                    matched.append(kw)
                elif phrase in kw or (len(kw) > 3 and kw in phrase):
                    score += 6
                    matched.append(kw)
            if phrase in _norm(law.title):
                score += 8
            text = _norm(law.text)
            if len(stems) > 1 and phrase in text:
                score += 6
            for name, laws in glossary.items():
                if law.number in laws and (phrase == name or name in phrase.split(" ") or phrase in name):
                    score += 3
                    matched.append(name)
            fields = (
                (4.0, {_stem(w) for kw in law.keywords for w in _words(kw)}),
                (3.0, {_stem(w) for w in _words(law.title)}),
                (1.0, {_stem(w) for w in _words(text)}),
            )
            found = 0
            for stem in stems:
                weights = [w for w, bag in fields if stem in bag]
                if weights:
                    found += 1
                    score += sum(weights)
            if found and found == len(stems) and len(stems) > 1:
                score += 2  # every word of the query is there
            if score > 0:
                hits.append(Hit(law.number, round(score, 2), tuple(dict.fromkeys(matched))))
        hits.sort(key=lambda h: (-h.score, h.number))
        return hits[:limit]

    @cache
    def _glossary_laws(self) -> dict[str, tuple[int, ...]]:
        return {_norm(name): term.laws for term in self.terms for name in term.names}

    def __hash__(self) -> int:
        return hash(self.ruleset)


_STOPWORDS = {"the", "a", "an", "of", "to", "in", "on", "and", "or", "is", "it", "his", "he", "with", "when"}


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9' -]+", " ", text.lower().replace("-", " ")).split())


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def _stem(word: str) -> str:
    """A crude stem, enough to meet 'reneged' with 'renege' and 'revokes' with 'revoke'."""
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _law(rec: dict[str, Any]) -> Law:
    return Law(
        number=rec["number"], section=rec["section"], kind=rec["kind"], title=rec["title"],
        text=rec["text"], refs=tuple(Ref(**r) for r in rec.get("refs", [])),
        keywords=tuple(rec.get("keywords", [])), reading=rec.get("reading") or {},
        notes=tuple(rec.get("notes", [])), key=rec["key"], somerset=tuple(rec.get("somerset", [])),
    )


def _section(rec: dict[str, Any]) -> Section:
    return Section(
        id=rec["id"], title=rec["title"], first=rec["first"], last=rec["last"],
        summary=rec.get("summary", ""), keywords=tuple(rec.get("keywords", [])),
    )


def _term(rec: dict[str, Any]) -> Term:
    return Term(
        term=rec["term"], text=rec.get("text", ""), meaning=rec.get("meaning", ""),
        aliases=tuple(rec.get("aliases", [])), synonyms=tuple(rec.get("synonyms", [])),
        laws=tuple(rec.get("laws", [])), example=rec.get("example", ""),
        somerset=rec.get("somerset", True), notes=tuple(rec.get("notes", [])),
        printed=tuple(rec.get("printed", [])), defined=rec.get("defined", True),
        quote=(rec["quote"]["law"], rec["quote"]["text"]) if "quote" in rec else (),
        instead=rec.get("instead", ""),
    )


# --- where the data lives, and the cache --------------------------------------------------


def data_root() -> Path:
    """`laws/` beside the package in a checkout, or inside it once installed."""
    here = Path(__file__).resolve().parent
    for root in (here / "_data" / "laws", here.parent / "laws"):
        if root.is_dir():
            return root
    raise RulebookError(f"no law data found beside {here}")


def rulesets() -> list[str]:
    """The rulesets shipped: the folders under laws/ that hold a sections.yaml (laws/sources/
    holds the printed texts the records quote, and is not one)."""
    return sorted(p.parent.name for p in data_root().glob("*/sections.yaml"))


def check_ruleset(name: object) -> str:
    """A ruleset's name, if it is one the project ships; never a path."""
    known = rulesets()
    if not isinstance(name, str) or name not in known:
        raise InputError(f"unknown ruleset {shown(name, 60)!r}; rulesets are: {', '.join(known)}")
    return name


def sources_root() -> Path:
    """`laws/sources/`: the public-domain texts the records quote, shipped with the data."""
    return data_root() / "sources"


@cache
def load(ruleset: str = DEFAULT_RULESET) -> Rulebook:
    """The rulebook for a shipped ruleset, from the cache when the data has not changed."""
    folder = data_root() / check_ruleset(ruleset)
    name = f"rules.{ruleset}-{_fingerprint(folder)}"
    payload = read_cache(name)
    if payload is not None:
        try:
            return Rulebook(ruleset, payload)
        except Exception:  # noqa: BLE001 - a cache of the wrong shape is a miss, whatever it holds
            pass
    payload = validate(sorted(folder.glob("*.yaml")))
    write_cache(name, payload, family=rf"rules\.{re.escape(ruleset)}-[0-9a-f]{{32}}")
    return Rulebook(ruleset, payload)


_SETTLED_NS = 2_000_000_000
"""A file changed longer ago than this is known by its size and times alone (below)."""


def _fingerprint(folder: Path) -> str:
    """What the cache of `folder`'s law records is named by: each record's name, size,
    inode and times, as Python knows a module's bytecode is current. A record changed in the
    last two seconds (its times may not have moved since an earlier edit) or one that is
    not a plain file makes it the records' whole bytes, read through the guarded reader."""
    digest = blake2b(_CACHE_FORMAT.encode(), digest_size=16)
    recent = time.time_ns() - _SETTLED_NS
    try:
        with os.scandir(folder) as found:
            entries = sorted((e for e in found if e.name.endswith(".yaml")), key=lambda e: e.name)
            for entry in entries:
                known = _settled(entry.stat(), recent)
                if known is None:
                    raise _Unsettled
                digest.update(f"{entry.name}\0{known}\0".encode())
    except (_Unsettled, OSError):
        digest = blake2b(_CACHE_FORMAT.encode() + b"bytes", digest_size=16)
        for path in sorted(folder.glob("*.yaml")):
            digest.update(path.name.encode() + b"\0" + read_bytes(path, DATA_CAP, "law record") + b"\0")
    return digest.hexdigest()


def settled_stat(path: Path) -> str | None:
    """A plain file's size, inode and times, where it last changed over two seconds ago: what
    a cache of it may be named by (as `_fingerprint` names the records'); None otherwise,
    when its bytes must be read."""
    try:
        known = _settled(os.stat(path), time.time_ns() - _SETTLED_NS)
    except (OSError, ValueError):
        return None
    return None if known is None else blake2b(known.encode(), digest_size=16).hexdigest()


def _settled(info: os.stat_result, recent: int) -> str | None:
    """A plain file's size, inode and times as words, where it last changed before `recent`
    (nanoseconds); None for anything newer or not a plain file."""
    if not stat.S_ISREG(info.st_mode) or max(info.st_mtime_ns, info.st_ctime_ns) > recent:
        return None
    return f"{info.st_size}\0{info.st_ino}\0{info.st_mtime_ns}\0{info.st_ctime_ns}"


class _Unsettled(Exception):
    """A record too new, or not a plain file, to be known without its bytes."""


# --- the cache ----------------------------------------------------------------------------
#
# The cache is a speed-up and nothing more: whatever is wrong with it (a file planted by
# another user, a truncated write, a payload of the wrong shape) is a miss that rebuilds
# from the law data. So a folder is used only when it and each file read from it belong to
# this user and no one else may write to them; each file carries a checksum of its payload;
# and clean-up deletes only files whose whole name is one this module writes.

_CACHE_MAGIC = b"arbiter-cache 2\n"
_CACHE_CAP = 16 * 1024 * 1024
_DIGEST = 16


def cache_dir() -> Path | None:
    """The cache folder ($ARBITER_CACHE, else the user's cache folder), or None when it is
    not safe to use: not a folder, not this user's, or writable by others."""
    base = os.environ.get("ARBITER_CACHE")
    if base:
        folder = Path(base)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        folder = (Path(xdg) if xdg else Path.home() / ".cache") / "arbiter"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(folder)
    except (OSError, ValueError):
        return None
    return folder if _private(info, stat.S_ISDIR) else None


def _private(info: os.stat_result, kind: Any) -> bool:
    """Of the right kind, owned by this user, and writable by no one else."""
    owner = os.getuid() if hasattr(os, "getuid") else info.st_uid
    return kind(info.st_mode) and info.st_uid == owner and not info.st_mode & 0o022


def _open_cached(name: str) -> tuple[int, os.stat_result] | None:
    """A cache file opened for reading, and its status: only a plain file of this user's
    that no one else may write, within the cap, and never through a link."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        fd = os.open(folder / name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
    except OSError:
        os.close(fd)
        return None
    if not _private(info, stat.S_ISREG) or info.st_size > _CACHE_CAP:
        os.close(fd)
        return None
    return fd, info


def read_cache(name: str) -> Any:
    """A cached payload, or None on any failure at all."""
    opened = _open_cached(name)
    if opened is None:
        return None
    fd, _ = opened
    try:
        raw = os.read(fd, _CACHE_CAP + 1)
        head, digest, body = raw[: len(_CACHE_MAGIC)], raw[len(_CACHE_MAGIC):len(_CACHE_MAGIC) + _DIGEST], \
            raw[len(_CACHE_MAGIC) + _DIGEST:]
        if head != _CACHE_MAGIC or blake2b(body, digest_size=_DIGEST).digest() != digest:
            return None
        return marshal.loads(body)
    except Exception:  # noqa: BLE001 - MemoryError included: a bad cache only costs a rebuild
        return None
    finally:
        os.close(fd)


def write_cache(name: str, payload: Any, family: str, keep: int = 1) -> None:
    """Write `name` atomically, then keep only the newest `keep` files whose whole name
    matches the regular expression `family` (names this module writes, nothing else).

    A cache that cannot be written only costs speed, so errors are ignored.
    """
    try:
        body = marshal.dumps(payload)
    except ValueError:
        return
    _write_file(name, _CACHE_MAGIC + blake2b(body, digest_size=_DIGEST).digest() + body, family, keep)


def _write_file(name: str, data: bytes, family: str, keep: int) -> None:
    """`data` into the cache folder as `name`, atomically, then the family's clean-up."""
    folder = cache_dir()
    if folder is None:
        return
    tmp = folder / f".{name}.{os.getpid()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        try:
            os.write(fd, data)
        finally:
            os.close(fd)
        os.replace(tmp, folder / name)
        pattern = re.compile(family)
        ours = []
        for entry in os.scandir(folder):
            if pattern.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                ours.append((entry.stat(follow_symlinks=False).st_mtime, entry.name))
        for _, old in sorted(ours, reverse=True)[keep:]:
            if old != name:
                (folder / old).unlink(missing_ok=True)
    except (OSError, ValueError):
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass


# A sectioned cache file holds a small head and many sections, each with its own checksum,
# so that a caller reads and checks only the sections it needs: the phrasebook's index is
# some 6 MB, of which one description looks up a few dozen kilobytes.
_SECTIONED_MAGIC = b"arbiter-sections 1\n"
_LENGTH = 8


def write_sectioned(name: str, head: Any, sections: list[bytes], family: str, keep: int = 1) -> None:
    """Write a sectioned cache file (see `open_sectioned`); errors only cost speed."""
    try:
        top = marshal.dumps({"head": head,
                             "index": [(len(s), blake2b(s, digest_size=_DIGEST).digest()) for s in sections]})
    except ValueError:
        return
    data = b"".join([_SECTIONED_MAGIC, blake2b(top, digest_size=_DIGEST).digest(),
                     len(top).to_bytes(_LENGTH, "little"), top, *sections])
    _write_file(name, data, family, keep)


class Sectioned:
    """An open sectioned cache file: its head, and its sections read one at a time."""

    def __init__(self, fd: int, size: int, head: Any, index: list[tuple[int, bytes]], start: int) -> None:
        self.head = head
        self._fd, self._size, self._spans = fd, size, []
        for length, digest in index:
            self._spans.append((start, length, digest))
            start += length

    def __len__(self) -> int:
        return len(self._spans)

    def section(self, i: int) -> bytes | None:
        """Section `i`'s bytes, or None if they cannot be read or fail their checksum."""
        try:
            start, length, digest = self._spans[i]
            if start + length > self._size:
                return None
            raw = os.pread(self._fd, length, start)
        except (OSError, IndexError, ValueError):
            return None
        return raw if len(raw) == length and blake2b(raw, digest_size=_DIGEST).digest() == digest else None


def open_sectioned(name: str) -> Sectioned | None:
    """A sectioned cache file, its head checked and its sections left unread; None on any
    failure. The file stays open for the sections' reads, for the life of the process."""
    opened = _open_cached(name)
    if opened is None:
        return None
    fd, info = opened
    try:
        fixed = len(_SECTIONED_MAGIC) + _DIGEST + _LENGTH
        lead = os.pread(fd, fixed, 0)
        size = int.from_bytes(lead[-_LENGTH:], "little")
        if len(lead) != fixed or lead[:len(_SECTIONED_MAGIC)] != _SECTIONED_MAGIC or fixed + size > info.st_size:
            raise ValueError
        top = os.pread(fd, size, fixed)
        if blake2b(top, digest_size=_DIGEST).digest() != lead[len(_SECTIONED_MAGIC):-_LENGTH]:
            raise ValueError
        data = marshal.loads(top)
        index = [(int(n), bytes(d)) for n, d in data["index"]]
        return Sectioned(fd, info.st_size, data["head"], index, fixed + size)
    except Exception:  # noqa: BLE001 - MemoryError included: a bad cache only costs a rebuild
        os.close(fd)
        return None


# --- validation ---------------------------------------------------------------------------

_LAW_FIELDS: dict[str, tuple[type | tuple[type, ...], bool]] = {
    # field: (type, required)
    "number": (int, True),
    "key": (str, True),
    "section": (str, True),
    "kind": (str, True),
    "title": (str, True),
    "text": (str, True),
    "refs": (list, True),
    "keywords": (list, True),
    "reading": (dict, False),
    "notes": (list, False),
    "somerset": (list, False),
}
_SECTION_FIELDS = {"id": (str, True), "title": (str, True), "first": (int, True),
                   "last": (int, True), "summary": (str, False), "keywords": (list, False)}
_TERM_FIELDS = {"term": (str, True), "text": (str, False), "meaning": (str, False),
                "aliases": (list, False), "synonyms": (list, False), "laws": (list, False),
                "example": (str, False), "somerset": (bool, False), "notes": (list, False),
                "printed": (list, False), "defined": (bool, False), "quote": (dict, False),
                "instead": (str, False)}
# What each kind of term must carry, and may not: the book's own (a Technical Terms quote),
# a word the code uses without defining it there (our meaning), a modern word (our meaning,
# and what the code does instead).
_TERM_KINDS = {
    "defined": ({"text"}, {"meaning", "quote", "instead"}),
    "used": ({"meaning"}, {"text", "instead"}),
    "modern": ({"meaning", "instead"}, {"text", "quote", "defined"}),
}
LAW_KINDS = ("law", "etiquette")
REF_TYPES = ("explicit", "implied")


def read_yaml(path: Path) -> Any:
    """One of the project's YAML files, read through the guarded reader; errors name the file."""
    try:
        return parse_yaml(read_text(path, DATA_CAP, "law record"), str(path))
    except InputError as err:
        raise RulebookError(str(err)) from None


def _check_fields(where: str, rec: Any, schema: dict[str, tuple[Any, bool]]) -> None:
    if not isinstance(rec, dict):
        raise RulebookError(f"{where}: expected a mapping, found {type(rec).__name__}")
    for name in rec:
        if name not in schema:
            raise RulebookError(f"{where}: unknown field {name!r}; fields are {', '.join(schema)}")
    for name, (kind, required) in schema.items():
        if name not in rec:
            if required:
                raise RulebookError(f"{where}: field {name!r} is missing")
            continue
        value = rec[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RulebookError(f"{where}: field {name!r} must be {kind.__name__}, found {value!r}")
        if kind is str and not value.strip():
            raise RulebookError(f"{where}: field {name!r} is empty")
        if kind is list and not all(isinstance(v, (str, int, dict)) for v in value):
            raise RulebookError(f"{where}: field {name!r} holds a value of the wrong type")
        if name == "notes" and not all(isinstance(v, str) for v in value):
            # An unquoted note holding ': ' is read by YAML as a mapping, and would be shown as one.
            raise RulebookError(f"{where}: field 'notes' holds a note that is not text (quote a note with ': ')")


def _check_quote(term: dict[str, Any], laws: dict[int, dict[str, Any]]) -> None:
    """A term's quote must be a law's own words, exactly as printed."""
    where = f"glossary.yaml: term {term['term']!r}: field 'quote'"
    _check_fields(where, term["quote"], {"law": (int, True), "text": (str, True)})
    law = laws.get(term["quote"]["law"])
    if law is None:
        raise RulebookError(f"{where}: names law {term['quote']['law']}, which does not exist")
    if " ".join(term["quote"]["text"].split()) not in " ".join(law["text"].split()):
        raise RulebookError(f"{where}: the words are not in Law {law['number']} as printed")


def validate(files: list[Path]) -> dict[str, Any]:
    """Read and check a ruleset's files; the first problem raises RulebookError naming file and field."""
    by_name = {p.name: p for p in files}
    if "sections.yaml" not in by_name:
        raise RulebookError("sections.yaml is missing from the ruleset")
    sec_path = by_name["sections.yaml"]
    sections = read_yaml(sec_path)
    if not isinstance(sections, list) or not sections:
        raise RulebookError(f"{sec_path}: expected a list of sections")
    for i, sec in enumerate(sections):
        _check_fields(f"{sec_path}: section {i + 1}", sec, _SECTION_FIELDS)
    section_ids = {s["id"]: s for s in sections}

    laws: dict[int, dict[str, Any]] = {}
    origin: dict[int, Path] = {}
    extra: dict[str, Any] = {}
    glossary: list[dict[str, Any]] = []
    for path in files:
        if path.name == "sections.yaml":
            continue
        data = read_yaml(path)
        if path.name == "glossary.yaml":
            if not isinstance(data, list):
                raise RulebookError(f"{path}: expected a list of terms")
            for i, term in enumerate(data):
                name = term.get("term") if isinstance(term, dict) else None
                _check_fields(f"{path}: term {i + 1} ({name!r})", term, _TERM_FIELDS)
                kind = "modern" if not term.get("somerset", True) else "defined" if term.get("defined", True) else "used"
                needs, forbids = _TERM_KINDS[kind]
                for field in sorted(needs - set(term)):
                    raise RulebookError(f"{path}: term {term['term']!r}: field {field!r} is missing")
                for field in sorted(forbids & set(term)):
                    raise RulebookError(f"{path}: term {term['term']!r}: field {field!r} does not go with a {kind} term")
            glossary = data
            continue
        if not is_whole(path.stem):
            extra[path.stem] = data  # teaching material (coups, remarks): checked by its own module
            continue
        _check_fields(str(path), data, _LAW_FIELDS)
        n = data["number"]
        if int(path.stem) != n:
            raise RulebookError(f"{path}: field 'number' is {n} but the file is named for law {int(path.stem)}")
        if n in laws:
            raise RulebookError(f"{path}: field 'number': law {n} is also defined in {origin[n]}")
        if data["section"] not in section_ids:
            raise RulebookError(f"{path}: field 'section': unknown section {data['section']!r}")
        sec = section_ids[data["section"]]
        if not sec["first"] <= n <= sec["last"]:
            raise RulebookError(
                f"{path}: field 'section': law {n} is not within {sec['id']} ({sec['first']}-{sec['last']})"
            )
        if data["kind"] not in LAW_KINDS:
            raise RulebookError(f"{path}: field 'kind' must be one of {', '.join(LAW_KINDS)}, found {data['kind']!r}")
        if not re.fullmatch(r"[a-z][a-z0-9_]*", data["key"]):
            raise RulebookError(f"{path}: field 'key' must be snake_case words, found {data['key']!r}")
        twin = next((m for m, rec in laws.items() if rec["key"] == data["key"]), None)
        if twin is not None:
            raise RulebookError(f"{path}: field 'key': {data['key']!r} is also the key of {origin[twin]}")
        laws[n], origin[n] = data, path

    if not laws:
        raise RulebookError("the ruleset has no law records")
    expected = set(range(min(s["first"] for s in sections), max(s["last"] for s in sections) + 1))
    missing = sorted(expected - set(laws))
    if missing:
        raise RulebookError(f"laws missing: no record for {', '.join(map(str, missing))}")
    for n, rec in laws.items():
        for i, ref in enumerate(rec["refs"]):
            where = f"{origin[n]}: field 'refs[{i}]'"
            _check_fields(where, ref, {"law": (int, True), "type": (str, True), "why": (str, False)})
            if ref["law"] not in laws:
                raise RulebookError(f"{where}.law: refers to law {ref['law']}, which does not exist")
            if ref["law"] == n:
                raise RulebookError(f"{where}.law: a law cannot refer to itself")
            if ref["type"] not in REF_TYPES:
                raise RulebookError(f"{where}.type must be explicit or implied, found {ref['type']!r}")
        for i, kw in enumerate(rec["keywords"]):
            if not isinstance(kw, str):
                raise RulebookError(f"{origin[n]}: field 'keywords[{i}]' must be a string")
    for term in glossary:
        for law in term.get("laws", []):
            if law not in laws:
                raise RulebookError(f"glossary.yaml: term {term['term']!r}: field 'laws' names law {law}, which does not exist")
        if "quote" in term:
            _check_quote(term, laws)
    for rec in laws.values():
        rec.setdefault("reading", {})
        rec.setdefault("notes", [])
        rec["keywords"] = [k.lower() for k in rec["keywords"]]
    return {
        "laws": [laws[n] for n in sorted(laws)],
        "sections": sections,
        "glossary": glossary,
        "extra": extra,
    }
