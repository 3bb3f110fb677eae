"""Incident kinds, grouped as the book groups its laws. Importing this registers them all."""

from arbiter.kinds import club, deal, play, table, trump  # noqa: F401
