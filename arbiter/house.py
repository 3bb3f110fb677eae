"""House rules: a club's own amendments laid over a printed code (rulesets.md: House rules).

A house file names its base ruleset and amends it. It is applied as a reform, never by
copying the base: its figures replace the figures of the records they amend (so every rule
that reads a figure follows it), and its behaviour amendments are read by the handlers
that the amendment concerns. What each key means, what it amends and how it reads are data
(`house.yaml`); this module only checks a file against them and applies it.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, NamedTuple

from arbiter.model import InputError
from arbiter.reader import DATA_CAP, HOUSE_CAP, decode, parse_yaml, read_bytes, shown

if TYPE_CHECKING:
    from arbiter.rulebook import Rulebook

ENV = "ARBITER_HOUSE"
"""The environment variable naming a house file, used when no flag or case file names one."""

CONTRADICTIONS = (
    # (one amendment, another, why they cannot both stand)
    ("defend_alone.euchre", "defend_alone.allowed", "scores a lone defence that 'defend_alone.allowed: false' forbids"),
    ("game", "hands_per_game", "both say when a game ends: at so many points, or after so many deals"),
)


# NamedTuples, not dataclasses: the audit starts without importing dataclasses.


class Amendment(NamedTuple):
    """One house rule: a key of the file and its value."""

    path: str
    """Its dotted key: `revoke.points`."""
    value: Any
    """What the file says."""
    amends: tuple[str, ...]
    """The provisions it amends, by key."""
    figures: tuple[tuple[str, str], ...]
    """The record figures it replaces: (provision key, figure name)."""
    says: str
    """The amendment in words."""


class House(NamedTuple):
    """A club's book: a base ruleset and its amendments."""

    name: str
    """The club's name for it, shown in rulings."""
    base: str
    """The ruleset it amends."""
    amendments: dict[str, Amendment]
    """Its amendments by dotted key; what it leaves out is the base's."""
    source: dict[str, Any]
    """The file's mapping as read, for the ledger and the audit to keep."""

    @property
    def called(self) -> str:
        """How messages name it: "house rules 'Tuesday club'", or "the house rules"."""
        return f"house rules {self.name!r}" if self.name else "the house rules"

    def value(self, path: str, default: Any = None) -> Any:
        """An amendment's value, or `default` where the house leaves it to the base."""
        found = self.amendments.get(path)
        return default if found is None else found.value

    def amending(self, key: str, figure: str) -> str | None:
        """The amendment that replaces a provision's figure, if any."""
        return next((a.path for a in self.amendments.values() if (key, figure) in a.figures), None)

    def amending_law(self, key: str) -> list[Amendment]:
        """The amendments to the provision `key`, in the file's order."""
        return [a for a in self.amendments.values() if key in a.amends]

    def entry(self, path: str, book: Rulebook) -> dict[str, Any]:
        """An applied amendment as a ruling's JSON gives it: key, the laws it amends, its words."""
        a = self.amendments[path]
        laws = [book.provision(k).number for k in a.amends if book.has(k)]
        return {"key": path, "amends": laws, "text": a.says}

    def words(self, path: str, book: Rulebook) -> str:
        """'House rule: a renege costs 2 points (amends Law 63)'."""
        entry = self.entry(path, book)
        laws = entry["amends"]
        which = f" (amends Law{'s' if len(laws) > 1 else ''} {', '.join(map(str, laws))})" if laws else ""
        return f"House rule: {entry['text']}{which}."

    def apply(self, book: Rulebook) -> Rulebook:
        """The base rulebook with this house's figures laid over its records, and the house
        attached for the handlers whose behaviour it amends."""
        if book.ruleset != self.base:
            raise InputError(f"{self.called} amend {self.base}, not {book.ruleset}: "
                             f"give --ruleset {self.base} or leave it out")
        changes: dict[int, dict[str, Any]] = {}
        for a in self.amendments.values():
            for key, figure in a.figures:
                if not book.has(key):
                    raise InputError(f"{self.called}: {a.path} amends a provision {book.ruleset} "
                                     f"does not have ({key})")
                changes.setdefault(book.provision(key).number, {})[figure] = a.value
        amended = book.with_numbers(changes)
        amended.house = self
        return amended


def schema() -> dict[str, Any]:
    """The keys a house file may use (`house.yaml`)."""
    global _SCHEMA
    if _SCHEMA is None:
        path = Path(__file__).with_name("house.yaml")
        _SCHEMA = _parsed(read_bytes(path, DATA_CAP, "house rules schema"), path, "house-schema")
    return _SCHEMA


_SCHEMA: dict[str, Any] | None = None


def read(path: str | os.PathLike[str]) -> House:
    """A house file: a regular file of at most 64 KB, UTF-8 YAML, every amendment checked."""
    raw = read_bytes(path, HOUSE_CAP, "house file")
    return from_mapping(_parsed(raw, path, "house"), shown(str(path)))


def _parsed(raw: bytes, path: str | os.PathLike[str], family: str) -> Any:
    """YAML already read safely, remembered by the hash of its bytes: importing PyYAML costs
    more than the rest of a ruling (as for case files)."""
    from arbiter.rulebook import blake2b, read_cache, write_cache

    name = f"{family}-{blake2b(raw, digest_size=16).hexdigest()}"
    data = read_cache(name)
    if data is None:
        data = parse_yaml(decode(raw, path), shown(str(path)))
        write_cache(name, data, family=rf"{family}-[0-9a-f]{{32}}", keep=50)
    return data


def beside(case_file: str, value: str) -> House:
    """A case file's `house:` path: relative, and inside the case file's folder."""
    rel = PurePath(value)
    if rel.is_absolute() or ".." in rel.parts or not value.strip():
        raise InputError(f"{shown(case_file)}: house: {shown(value)!r} must be a path inside the case file's folder "
                         "(no absolute path, no '..')")
    return read(Path(case_file).parent / rel)


def from_mapping(data: Any, where: str = "house rules") -> House:
    """A House from a mapping; an unknown key, a wrong type or a contradiction is refused, naming it."""
    from arbiter.rulebook import DEFAULT_RULESET, check_ruleset

    if not isinstance(data, dict):
        raise InputError(f"{where}: house rules must be a mapping of amendments, as 'revoke: {{points: 2}}'")
    spec = schema()
    amendments: dict[str, Amendment] = {}
    _walk(data, spec, "", where, amendments)
    base = data.get("base", DEFAULT_RULESET)
    try:
        check_ruleset(base)
    except InputError as err:
        raise InputError(f"{where}: base: {err}") from None
    for one, other, why in CONTRADICTIONS:
        if one in amendments and other in amendments and _contradicts(one, amendments):
            raise InputError(f"{where}: {one} contradicts {other}: it {why}")
    if "revoke.points" in amendments and "revoke.lone" not in amendments:  # say what a club may not expect
        a = amendments["revoke.points"]
        amendments["revoke.points"] = Amendment(a.path, a.value, a.amends, a.figures,
                                                a.says + " (in a lone hand, as the code says: give revoke.lone to change it)")
    name = data.get("name") or ""
    amendments.pop("name", None)
    amendments.pop("base", None)
    return House(str(name), base, amendments, data)


def _contradicts(one: str, amendments: dict[str, Amendment]) -> bool:
    if one == "defend_alone.euchre":
        return amendments["defend_alone.allowed"].value is False
    return True


def _walk(data: dict[str, Any], spec: dict[str, Any], prefix: str, where: str, out: dict[str, Amendment]) -> None:
    for key, value in data.items():
        path = f"{prefix}{key}"
        rule = spec.get(key) if isinstance(key, str) else None
        if rule is None:
            known = ", ".join(f"{prefix}{k}" for k in spec)
            raise InputError(f"{where}: unknown house rule {shown(path)!r}; the keys are {known}")
        if "type" not in rule:  # a group of sub-keys: revoke, points, defend_alone, table_talk
            if not isinstance(value, dict):
                raise InputError(f"{where}: {path} must be a mapping, as {path}: {{{next(iter(rule))}: ...}}")
            _walk(value, rule, f"{path}.", where, out)
            continue
        _check(path, value, rule, where)
        says = rule.get("says", "")
        if isinstance(says, dict):
            says = says.get(value, says.get(str(value), ""))
        out[path] = Amendment(path, value, tuple(rule.get("amends", ())),
                              tuple(tuple(f) for f in rule.get("figures", ())), str(says).format(value=value))


def written(value: Any) -> str:
    """A value as the house file writes it: true and false, not Python's True and False."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _check(path: str, value: Any, rule: dict[str, Any], where: str) -> None:
    kind = rule["type"]
    if kind == "int":
        low, high = rule.get("range", (0, 99))
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise InputError(f"{where}: {path} must be a whole number from {low} to {high}, not {shown(value)!r}")
    elif kind == "bool":
        if not isinstance(value, bool):
            raise InputError(f"{where}: {path} must be true or false, not {shown(value)!r}")
    elif kind == "choice":
        if value not in rule["choices"] or isinstance(value, bool):
            raise InputError(f"{where}: {path} must be one of {', '.join(map(str, rule['choices']))}, "
                             f"not {shown(value)!r}")
    elif kind in ("text", "ruleset"):
        if not isinstance(value, str) or not value.strip():
            raise InputError(f"{where}: {path} must be words, not {shown(value)!r}")


def chosen(flag: str | None) -> House | None:
    """The house file of the command line, else of $ARBITER_HOUSE; None when neither names one."""
    path = flag or os.environ.get(ENV)
    return read(path) if path else None
