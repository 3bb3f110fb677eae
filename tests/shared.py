"""Where the shared folder (the spec and the source text) is, seen from this checkout.

It stands beside the main checkout (../shared); a git worktree sits deeper (wt/NAME), so
the folder is looked for in every parent, nearest first.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent


def shared(*parts: str) -> Path:
    """The path of `parts` under the nearest shared folder (which may not exist)."""
    for parent in HERE.parents:
        if (parent / "shared").is_dir():
            return parent.joinpath("shared", *parts)
    return HERE.parent.parent.joinpath("shared", *parts)
