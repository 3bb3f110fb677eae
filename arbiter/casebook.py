"""Worked cases: YAML incidents with an `expect` block, run as a regression record.

The expectations are written by reasoning from the law text. A case passes when the
ruling shows everything its `expect` block asks for:

- `laws`: the first is the governing law (the ruling's first); all must be cited.
- `options`: the option ids, as a set; `elector`: the side that elects them all.
- `verdict`, `deal` (outcome), `dealer` (who deals next): equal.
- `adjustment`: points scored by force of the ruling, e.g. {EW: 3}; an omitted side scores 0.
- `after`: any keys of `score.after`, compared as given.
- `actions`: law numbers that the actions must cite.
- `notes`, `summary`: words that must appear in some note, in the summary.
- `error`: the case must be refused (exit 2) with these words in the message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arbiter.model import InputError
from arbiter.reader import shown


@dataclass
class Result:
    """One case run."""

    path: str
    """The case file."""
    title: str
    """Its title, or its file name."""
    problems: list[str] = field(default_factory=list)
    """What the ruling failed to show; empty when it passed."""

    @property
    def ok(self) -> bool:
        """True when the ruling showed all that was expected."""
        return not self.problems


def cases_root() -> Path:
    """`cases/` in a checkout, or the copy inside the installed package."""
    here = Path(__file__).resolve().parent
    for root in (here / "_data" / "cases", here.parent / "cases"):
        if root.is_dir():
            return root
    raise InputError("no cases/ folder found")


def find_case(name: str) -> Path:
    """A shipped case by its slug, the file's stem (unique across the folders of cases/),
    so that it can be named from any folder; a near miss is answered with the slugs it may mean."""
    slug = Path(name).name.removesuffix(".yaml").removesuffix(".yml")
    found = {p.stem: p for p in discover([])}
    if slug in found:
        return found[slug]
    import difflib

    near = difflib.get_close_matches(slug, found, n=3, cutoff=0.6)
    if not near:
        near = [s for s in found if slug and slug in s][:3]
    hint = f"did you mean {' or '.join(near)}?" if near else "'arbiter test' lists them by title"
    raise InputError(f"no worked case {slug!r}; {hint}")


def discover(paths: list[str]) -> list[Path]:
    """Case files under the given files and folders (default: the shipped cases)."""
    roots = [Path(p) for p in paths] or [cases_root()]
    found: list[Path] = []
    for root in roots:
        if root.is_dir():
            # cases/records/ holds recorded games for `arbiter audit`, not case files.
            found.extend(sorted(p for p in root.rglob("*.y*ml") if p.suffix in (".yaml", ".yml")
                                and "records" not in p.relative_to(root).parts[:-1]))
        elif root.is_file():
            found.append(root)
        else:
            raise InputError(f"{root}: no such case file or folder")
    return found


def run(paths: list[str]) -> list[Result]:
    """Run every case found."""
    return [run_one(p) for p in discover(paths)]


def run_one(path: Path) -> Result:
    """Rule on one case file and compare with its `expect` block."""
    from arbiter.incident import build_case, read_case_file
    from arbiter.ruling import rule

    result = Result(str(path), path.stem.replace("-", " "))
    try:
        data = read_case_file(path)
    except InputError as err:
        result.problems.append(f"unreadable: {err}")
        return result
    if isinstance(data.get("title"), str):
        result.title = shown(data["title"])
    expect = data.get("expect")
    if not isinstance(expect, dict):
        result.problems.append("no expect block: a worked case must say what the ruling must show")
        return result
    try:
        ruling = rule(build_case(data, str(path)))
    except InputError as err:
        wanted = expect.get("error")
        if wanted is None:
            result.problems.append(f"refused: {err}")
        elif str(wanted).lower() not in str(err).lower():
            result.problems.append(f"refused with {str(err)!r}, expected words {wanted!r}")
        return result
    if "error" in expect:
        result.problems.append(f"expected a refusal mentioning {expect['error']!r}, got a ruling")
        return result
    result.problems.extend(compare(expect, ruling.as_dict()))
    return result


def compare(expect: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """What the ruling fails to show of the expectations."""
    problems: list[str] = []

    def differ(name: str, want: Any, have: Any) -> None:
        if want != have:
            problems.append(f"{name}: expected {want!r}, got {have!r}")

    if "laws" in expect:
        want = list(expect["laws"])
        if want and (not got["laws"] or got["laws"][0] != want[0]):
            problems.append(f"governing law: expected {want[0]}, got {got['laws'][:1]}")
        missing = [n for n in want if n not in got["laws"]]
        if missing:
            problems.append(f"laws: {missing} not cited (cited {got['laws']})")
    if "governing" in expect:
        differ("governing law", expect["governing"], got["laws"][0] if got["laws"] else None)
    if "options" in expect:
        differ("options", sorted(expect["options"] or []), sorted(o["id"] for o in got["options"]))
    if "elector" in expect:
        electors = sorted({o["elector"] for o in got["options"]})
        differ("elector", [str(expect["elector"])], electors)
    if "verdict" in expect:
        differ("verdict", expect["verdict"], got["verdict"])
    if "deal" in expect:
        differ("deal", expect["deal"], got["deal"]["outcome"])
    if "dealer" in expect:
        differ("next dealer", expect["dealer"], got["deal"]["dealer"])
    if "adjustment" in expect:
        want = {**{side: 0 for side in got["score"]["adjustment"]},  # NS and EW, or N and S at a table of two
                **{str(k): v for k, v in (expect["adjustment"] or {}).items()}}
        differ("adjustment", want, got["score"]["adjustment"])
    if "after" in expect:
        for key, want in (expect["after"] or {}).items():
            differ(f"after.{key}", want, got["score"]["after"].get(key))
    if "actions" in expect:
        cited = {a["law"] for a in got["actions"]}
        missing = [n for n in expect["actions"] if n not in cited]
        if missing:
            problems.append(f"actions: none cites {missing}")
    if "house_rules" in expect:  # the amendments named must be among those the ruling applied
        applied = {h["key"] for h in got.get("house_rules") or ()}
        missing = [k for k in expect["house_rules"] if k not in applied]
        if missing:
            problems.append(f"house rules: {missing} not applied (applied: {sorted(applied)})")
    if "by" in expect:  # the one player who demands, where a code gives the choice to one player
        demanders = sorted({o["by"] for o in got["options"] if o.get("by")})
        if str(expect["by"]) not in demanders:
            problems.append(f"by: expected {expect['by']}, got {demanders}")
    if "silent" in expect:
        differ("silent", expect["silent"], got.get("silent", False))
    for key, source in (("notes", " ".join(got["notes"])), ("summary", got["summary"])):
        for words in _as_list(expect.get(key)):
            if str(words).lower() not in source.lower():
                problems.append(f"{key}: {words!r} not found")
    return problems


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]
