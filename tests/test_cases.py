"""Every worked case in cases/ is a test: its ruling must show what its `expect` block says."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter import casebook

ROOT = Path(__file__).resolve().parent.parent.joinpath("cases")
CASES = sorted(p for p in ROOT.rglob("*.yaml") if p.parent.name != "records")  # records/: recorded games


@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(p.parents[1])) for p in CASES])
def test_case(path: Path) -> None:
    result = casebook.run_one(path)
    assert result.ok, f"{result.title}: " + "; ".join(result.problems)


def test_there_are_worked_cases() -> None:
    assert len(CASES) >= 60
