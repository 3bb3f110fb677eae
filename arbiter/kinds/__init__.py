"""Incident kinds, grouped as the book groups its laws. Importing this registers them all."""

from arbiter.kinds import deal, play, trump, table  # noqa: F401
