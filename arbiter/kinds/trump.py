"""Making the trump, the discard, the trump card and playing alone (Laws 74-105)."""

from __future__ import annotations
