"""One incident under every ruleset, side by side, and where the codes part (rulesets.md: Compare)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arbiter.incident import build_case
from arbiter.model import InputError
from arbiter.rulebook import rulesets
from arbiter.ruling import rule

FIELDS = ("silent", "laws", "options", "verdict", "deal", "points")
"""What is compared: the laws, the options and who elects, the deal's fate, the points."""


@dataclass(frozen=True)
class Comparison:
    """The rulings under each ruleset and the fields on which they differ."""

    rulings: dict[str, dict[str, Any]]
    """Each ruleset's ruling JSON, or {"error": ...} where the incident cannot arise under it."""
    differences: list[dict[str, Any]]
    """[{"field", "values": {ruleset: value}}] for each field that is not the same everywhere."""

    def as_dict(self) -> dict[str, Any]:
        """The JSON of rulesets.md."""
        return {"rulings": self.rulings, "differences": self.differences}


def compare(data: dict[str, Any], where: str = "case") -> Comparison:
    """Rule the raw case `data` under every shipped ruleset."""
    rulings: dict[str, dict[str, Any]] = {}
    for name in rulesets():
        try:
            rulings[name] = rule(build_case({**data, "ruleset": name}, where)).as_dict()
        except InputError as err:  # e.g. facts one code's game cannot have: say so under that code
            rulings[name] = {"error": str(err)}
    differences = []
    for field in FIELDS:
        values = {name: _field(ruling, field) for name, ruling in rulings.items()}
        if len({repr(v) for v in values.values()}) > 1:
            differences.append({"field": field, "values": values})
    return Comparison(rulings, differences)


def _field(ruling: dict[str, Any], field: str) -> Any:
    """One compared field of a ruling, as plain data."""
    if "error" in ruling:
        return {"error": ruling["error"]}
    if field == "options":
        return [{k: o[k] for k in ("id", "elector", "by", "adjustment") if k in o} for o in ruling["options"]]
    if field == "points":
        return ruling["score"]["adjustment"]
    return ruling[field]
