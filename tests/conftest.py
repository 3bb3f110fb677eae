"""Test-wide settings."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Tests never read or write the user's cache of validated data."""
    mp = pytest.MonkeyPatch()
    mp.setenv("ARBITER_CACHE", str(tmp_path_factory.mktemp("arbiter-cache")))
    yield
    mp.undo()


@pytest.fixture(autouse=True)
def private_ledger(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never touch the user's ledger: each has its own data folder, and no $ARBITER_LEDGER."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
    monkeypatch.delenv("ARBITER_LEDGER", raising=False)


# CI must be repeatable: there the property tests draw the same examples on every run.
# Locally they keep drawing new ones, which is how they find new bugs.
if os.environ.get("CI"):
    settings.register_profile("ci", derandomize=True, deadline=None)
    settings.load_profile("ci")
