"""Where the codes part on one section (`arbiter teach --compare SECTION`).

Two halves. The texts: each Somerset law of the section beside the other codes' provisions on
the same subject (a provision's `somerset:` list, or a shared `key`), quoted as printed, and
the codes that say nothing on it marked silent. The rulings: for each incident kind the
section governs, one worked case ruled under every code (`comparison.compare`), with the
fields on which the rulings differ.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from arbiter.model import InputError
from arbiter.rulebook import DEFAULT_RULESET, load, rulesets

if TYPE_CHECKING:
    from arbiter.rulebook import Law, Rulebook, Section


@dataclass(frozen=True)
class Provision:
    """One code's provision, quoted as printed."""

    ruleset: str
    number: int
    title: str
    text: str

    def as_dict(self) -> dict[str, Any]:
        """Plain data for --json."""
        return {"number": self.number, "title": self.title, "text": self.text}


@dataclass(frozen=True)
class Subject:
    """One subject of the section: the Somerset law on it (None where Somerset is silent and
    another code speaks) and each code's provisions on it (an empty tuple: silent)."""

    somerset: Provision | None
    codes: dict[str, tuple[Provision, ...]]

    def as_dict(self) -> dict[str, Any]:
        """Plain data for --json: silent codes are listed as such, never left out."""
        return {
            DEFAULT_RULESET: None if self.somerset is None else self.somerset.as_dict(),
            **{name: [p.as_dict() for p in ps] for name, ps in self.codes.items()},
            "silent": [name for name, ps in self.codes.items() if not ps]
            + ([DEFAULT_RULESET] if self.somerset is None else []),
        }


@dataclass(frozen=True)
class KindRulings:
    """One incident kind of the section, ruled under every code."""

    kind: str
    case: str
    """The worked case ruled (its file under cases/)."""
    title: str
    summaries: dict[str, str]
    """Each code's ruling in a line: its summary, `silent`, or why it cannot arise there."""
    differences: list[dict[str, Any]]
    """`comparison.compare`'s differences: [{"field", "values": {ruleset: value}}]."""

    def as_dict(self) -> dict[str, Any]:
        """Plain data for --json."""
        return {"kind": self.kind, "case": self.case, "title": self.title, "summaries": self.summaries,
                "differences": self.differences}


@dataclass(frozen=True)
class Divergence:
    """A section across the codes."""

    ruleset: str
    """The code whose section was asked for."""
    section: Section
    subjects: tuple[Subject, ...]
    kinds: tuple[KindRulings, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        """Plain data for --json."""
        s = self.section
        return {"ruleset": self.ruleset,
                "section": {"id": s.id, "title": s.title, "first": s.first, "last": s.last},
                "codes": [DEFAULT_RULESET, *self.subjects[0].codes] if self.subjects else [DEFAULT_RULESET],
                "subjects": [x.as_dict() for x in self.subjects],
                "rulings": [k.as_dict() for k in self.kinds]}


def _quoted(book: Rulebook, law: Law) -> Provision:
    return Provision(book.ruleset, law.number, law.title, " ".join(law.text.split()))


def _on(somerset_law: Law, book: Rulebook) -> tuple[Provision, ...]:
    """A code's provisions on a Somerset law's subject: mapped to it, or sharing its key."""
    return tuple(_quoted(book, law) for _, law in sorted(book.laws.items())
                 if somerset_law.number in law.somerset or (law.key and law.key == somerset_law.key))


def _find(key: str, first: str) -> tuple[Rulebook, Section]:
    """The section by id, title or word: in the chosen code first, then Somerset, then the rest."""
    order = [first, *(n for n in (DEFAULT_RULESET, *rulesets()) if n != first)]
    for name in dict.fromkeys(order):
        book = load(name)
        try:
            return book, book.section(key)
        except InputError:
            continue
    shown = "; ".join(f"{n}: {', '.join(s.id for s in load(n).sections)}" for n in dict.fromkeys(order))
    raise InputError(f"no section {key!r} in any code; the sections are {shown}")


def divergence(key: str, ruleset: str = DEFAULT_RULESET) -> Divergence:
    """Where the codes part on a section (`revoke`, `alone`, or any code's section id)."""
    book, section = _find(key, ruleset)
    somerset = load(DEFAULT_RULESET)
    others = [load(n) for n in rulesets() if n != DEFAULT_RULESET]
    if book.ruleset == DEFAULT_RULESET:
        numbers = list(section.numbers)
        extra: list[Law] = []
    else:  # another code's section: the Somerset laws its provisions map to, then those Somerset lacks
        own = [book.law(n) for n in section.numbers]
        numbers = sorted({n for law in own for n in law.somerset if n in somerset.laws}
                         | {somerset.keys[law.key] for law in own if law.key in somerset.keys})
        extra = [law for law in own if not law.somerset and law.key not in somerset.keys]
    subjects = [Subject(_quoted(somerset, somerset.law(n)), {b.ruleset: _on(somerset.law(n), b) for b in others})
                for n in numbers]
    for law in extra:  # on a subject Somerset lacks, a code speaks by the same key or not at all
        subjects.append(Subject(None, {b.ruleset: tuple(_quoted(b, x) for _, x in sorted(b.laws.items())
                                                        if x.key == law.key) for b in others}))
    return Divergence(book.ruleset, section, tuple(subjects), _kinds(book, section, numbers))


def _kinds(book: Rulebook, section: Section, somerset_numbers: list[int]) -> tuple[KindRulings, ...]:
    """One worked case for each incident kind the section governs, ruled under every code:
    Somerset's own cases governed by the section's Somerset laws, and, for another code's
    section, that code's cases governed by its provisions."""
    from arbiter.comparison import compare
    from arbiter.teaching import worked_cases

    picked: dict[str, Any] = {}
    sources = [(DEFAULT_RULESET, set(somerset_numbers))]
    if book.ruleset != DEFAULT_RULESET:
        sources.append((book.ruleset, set(section.numbers)))
    for name, governing in sources:
        for case in sorted(worked_cases(name), key=lambda c: c.path):
            kind = (case.data.get("incident") or {}).get("kind")
            if isinstance(kind, str) and case.laws[0] in governing and kind not in picked:
                picked[kind] = case
    out = []
    for kind, case in picked.items():
        data = {k: v for k, v in case.data.items() if k not in ("ruleset", "expect")}
        result = compare(data, case.path)
        out.append(KindRulings(kind, case.path, case.title,
                               {n: _summary(r) for n, r in result.rulings.items()}, result.differences))
    return tuple(out)


def _summary(ruling: dict[str, Any]) -> str:
    if "error" in ruling:
        return f"cannot arise: {ruling['error']}"
    if ruling.get("silent"):
        return "silent: the code does not address it"
    return str(ruling.get("summary", ""))


def value_words(field_name: str, value: Any) -> str:
    """A compared field's value in a few words, for the view."""
    if isinstance(value, dict) and "error" in value:
        return "cannot arise"
    if field_name == "laws":
        return ("Laws " + ", ".join(map(str, value))) if value else "none"
    if field_name == "silent":
        return "silent" if value else "rules on it"
    if field_name == "points":
        shown = ", ".join(f"{side} {n:+d}" for side, n in value.items() if n)
        return shown or "no points"
    if field_name == "options":
        if not value:
            return "none"
        parts = []
        for o in value:
            who = o.get("elector", "")
            by = f", {o['by']} demands" if o.get("by") else ""
            adj = o.get("adjustment")
            pts = (" " + ", ".join(f"{s} {n:+d}" for s, n in adj.items() if n)) if isinstance(adj, dict) else ""
            parts.append(f"{o['id'].replace('_', ' ')} ({who}{by}){pts}")
        return "; ".join(parts)
    if field_name == "deal" and isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items() if v is not None) or "stands"
    return "none" if value is None else str(value)
