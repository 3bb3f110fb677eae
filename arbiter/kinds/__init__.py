"""Incident kinds, grouped as the book groups its laws. Importing this registers them all."""

from arbiter.kinds import club, deal, play, table, trump  # noqa: F401
# Other codes' own handlers, after the kinds they handle are declared.
from arbiter.kinds import britannica, manual  # noqa: F401,E402
