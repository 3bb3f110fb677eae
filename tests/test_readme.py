"""The README's examples run as written, so the documentation cannot rot."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
COMMANDS = re.findall(r"^\$ (arbiter .+)$", README, re.M)
CASE = re.search(r"```yaml\n(title: .+?)```", README, re.S)
HOUSE = re.search(r"```yaml\n(name: .+?)```", README, re.S)
"""The README's house-rules file, which its examples call tuesday.yaml."""


def test_the_readme_has_examples_and_a_case_file() -> None:
    assert len(COMMANDS) >= 15
    assert CASE is not None


def test_the_set_up_commands_are_the_ones_ci_runs() -> None:
    setup = re.search(r"```sh\n(.+?)```", README, re.S)
    assert setup is not None
    install, test = setup.group(1).strip().splitlines()
    assert install.startswith("pip install .") and "arbiter law 52" in install
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test in ci.splitlines(), "the CI script must run the README's test command as written"


@pytest.mark.parametrize("command", COMMANDS)
def test_each_example_runs(command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARBITER_LEDGER", raising=False)
    (tmp_path / "case.yaml").write_text(CASE.group(1), encoding="utf-8")  # type: ignore[union-attr]
    (tmp_path / "tuesday.yaml").write_text(HOUSE.group(1), encoding="utf-8")  # type: ignore[union-attr]
    (tmp_path / "cases").symlink_to(ROOT / "cases")
    (tmp_path / "laws").symlink_to(ROOT / "laws")
    if command.startswith("arbiter score"):  # a sheet to show, undo or report on
        CliRunner().invoke(app, ["score", "--makers", "EW", "--tricks", "2", "--record"])
    result = CliRunner().invoke(app, shlex.split(command, comments=True)[1:])
    assert result.exit_code == 0, f"{command}: {result.stderr or result.stdout}"
    assert result.stdout.strip()
