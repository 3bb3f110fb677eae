"""Test-wide settings."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Tests never read or write the user's cache of validated data."""
    mp = pytest.MonkeyPatch()
    mp.setenv("ARBITER_CACHE", str(tmp_path_factory.mktemp("arbiter-cache")))
    yield
    mp.undo()
