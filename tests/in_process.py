"""Run the command line in this process, as `main` runs it (the view options --plain and
--braille are read there, before typer sees the arguments)."""

from __future__ import annotations

import contextlib
import io

from arbiter.cli import main


def run(*args: str) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of `arbiter ARGS`."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(args))
        except SystemExit as done:
            return int(done.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()
