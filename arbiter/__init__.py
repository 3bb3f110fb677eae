"""arbiter: Euchre law arbitration under the 1888 Somerset Club code.

From Python, the same engine as `arbiter rule`:

    >>> import arbiter
    >>> ruling = arbiter.rule({"dealer": "N", "incident": {"kind": "lead_out_of_turn", "offender": "E"}})
    >>> ruling.laws[0]
    52
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from arbiter.ruling import Ruling

__version__ = "0.1.0"


def rule(case: dict[str, Any] | str | Path) -> Ruling:
    """The ruling for a case: a mapping shaped like a case file, or a case file's path.

    Bad input raises `arbiter.model.InputError` with a one-line message.
    """
    # Imported here so that `import arbiter` stays cheap for the command line.
    from arbiter.incident import build_case, read_case_file
    from arbiter.ruling import rule as ruling_for

    if isinstance(case, dict):
        return ruling_for(build_case(dict(case)))
    return ruling_for(build_case(read_case_file(case), str(case)))
