"""Teaching and lookups, tried as a new member would (issue 11)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app, main

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input, env={"COLUMNS": "120"})


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The console script itself, as `arbiter ARGS` runs it."""
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    return done.value.code, out, err


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, f"expected one line on stderr, got {err!r}"
    assert "Traceback" not in err
    return err


# --- arbiter alone, arbiter --version ---------------------------------------------------------


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    code, out, err = run_main(capsys, "--version")
    assert (code, out, err) == (0, f"arbiter {version}\n", "")
    result = run("--version")
    assert result.exit_code == 0 and result.stdout == f"arbiter {version}\n"
    assert "--version" in run("--help").stdout


def test_version_loads_no_command() -> None:
    probe = ("import sys, contextlib, io\nfrom arbiter.cli import main\n"
             "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
             "    main(['--version'])\n"
             "print(' '.join(m for m in ('yaml', 'rich.console', 'arbiter.rulebook') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_arbiter_alone_prints_the_help_and_no_stray_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys)
    assert "Usage: arbiter" in out and "rule" in out
    assert err == ""
