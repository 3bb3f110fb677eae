"""Incident kinds, grouped as the book groups its laws. Importing this registers them all:
`KINDS` here is the registry once every kind is declared and every code's handler is in."""

from arbiter.kinds import club, deal, play, table, trump  # noqa: F401
# Other codes' own handlers, after the kinds they handle are declared.
from arbiter.kinds import britannica, manual  # noqa: F401,E402
from arbiter.registry import HANDLERS, KINDS  # noqa: F401,E402  (filled above)
