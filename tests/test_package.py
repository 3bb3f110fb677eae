"""The installed package carries its data and works from any folder."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(ROOT)],
        check=True, capture_output=True,
    )
    return next(out.glob("arbiter-*.whl"))


def test_the_wheel_ships_the_laws_and_the_cases(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    laws = [n for n in names if n.startswith("arbiter/_data/laws/somerset-1888/") and n[-8:-5].isdigit()]
    assert len(laws) == 116
    assert "arbiter/_data/laws/somerset-1888/sections.yaml" in names
    assert any(n.startswith("arbiter/_data/cases/") for n in names)
    assert "arbiter/_data/laws/sources/somerset-laws-1888.txt" in names  # the book the records quote


def test_an_installed_copy_works_from_another_folder(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(wheel)],
        check=True, capture_output=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target), "ARBITER_CACHE": str(tmp_path / "cache")}
    proc = subprocess.run(
        [sys.executable, "-m", "arbiter", "law", "52", "--json"], cwd=elsewhere, env=env, capture_output=True, text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert '"number": 52' in proc.stdout
    proc = subprocess.run(
        [sys.executable, "-c", "import arbiter.rulebook as r; print(r.data_root())"],
        cwd=elsewhere, env=env, capture_output=True, text=True,
    )
    assert proc.stdout.strip().startswith(str(target)), "the installed copy must use its own data"
