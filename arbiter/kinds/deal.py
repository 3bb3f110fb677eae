"""Shuffling, cutting, dealing, new deals and misdeals (Laws 22-45, 72-73)."""

from __future__ import annotations
