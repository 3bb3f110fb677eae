"""The standard streams as the command line wants them, for arbiter.cli and arbiter.launch."""

from __future__ import annotations

import os
import sys


def tolerant_streams() -> None:
    """Output in an encoding that lacks a character (a box corner, '·') shows '?' instead of
    crashing the view."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding != "utf8" and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="replace")
            except (ValueError, OSError):
                pass


def quiet_stdout() -> None:
    """After the reader of a pipe has gone (`| head`), send what is left nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
