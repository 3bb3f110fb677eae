"""The rubber, scoring, cutting for the table and etiquette (Laws 1-21, 106-116)."""

from __future__ import annotations
