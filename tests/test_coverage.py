"""Between them, the worked cases reach every law from 8 to 105 that prescribes a consequence."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.incident import build_case, read_case_file
from arbiter.model import InputError
from arbiter.ruling import KINDS, rule
from spec_kinds import SPEC, SPEC_KINDS, kinds_in_spec

CASES = Path(__file__).resolve().parent.parent / "cases"
CASE_FILES = [p for p in sorted(CASES.rglob("*.yaml")) if p.parent.name != "records"]  # records/: recorded games

# Laws in 8-105 that prescribe no consequence of their own, and why.
NO_CONSEQUENCE = {
    32: "the dealer 'should' put the pack at his right hand; no remedy is stated",
}
CONSEQUENCE = set(range(8, 106)) - set(NO_CONSEQUENCE)



def rulings() -> list[tuple[Path, object]]:
    out = []
    for path in CASE_FILES:
        try:
            out.append((path, rule(build_case(read_case_file(path), str(path)))))
        except InputError:
            continue  # refusal cases reach no law
    return out


def test_every_spec_kind_is_implemented() -> None:
    assert set(SPEC_KINDS) <= set(KINDS)


def test_the_list_of_spec_kinds_is_the_spec_s() -> None:
    if not SPEC.exists():
        pytest.skip("the shared spec is beside the repository")
    assert kinds_in_spec() == SPEC_KINDS


def test_every_kind_has_a_worked_case() -> None:
    kinds = {read_case_file(p)["incident"]["kind"] for p in CASE_FILES}
    assert set(KINDS) - kinds == set()


def test_the_cases_reach_every_law_that_prescribes_a_consequence() -> None:
    cited = {n for _, ruling in rulings() for n in ruling.laws}
    assert sorted(CONSEQUENCE - cited) == []


def test_every_ruled_case_pins_its_options_and_its_points() -> None:
    """An extra penalty or an extra point must fail a case: each case that expects a ruling
    says which options it leaves (an empty list included) and what it scores."""
    loose = []
    for path in CASE_FILES:
        expect = read_case_file(path).get("expect") or {}
        if "error" not in expect and not {"options", "adjustment"} <= set(expect):
            loose.append(path.name)
    assert loose == []
