"""`arbiter audit --json` written game by game, and over worker processes (arbiter/audit_json.py).

The document must be the one records.md describes, byte for byte whichever road made it:
here it is compared with `json.dumps` of the whole audit held as objects.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter import audit_json
from arbiter.audit import audit
from arbiter.launch import audit_json_options
from arbiter.rulebook import load

DATA = Path(__file__).resolve().parent / "data" / "egn"
ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "cases" / "records"
BOOK = load()


def whole(paths: list[str], **options: object) -> str:
    """The audit held whole, then dumped: what the stream must equal."""
    return json.dumps(audit(paths, BOOK, **options).as_dict(), ensure_ascii=False) + "\n"  # type: ignore[arg-type]


def streamed(paths: list[str], **options: object) -> tuple[str, list[str]]:
    out = io.StringIO()
    refused = audit_json.write(paths, BOOK, out, **options)[1]  # type: ignore[arg-type]
    return out.getvalue(), refused


@pytest.fixture()
def event(tmp_path: Path) -> Path:
    """Twice the bundled games and our two records, and a file that is no game: enough
    files for the workers."""
    folder = tmp_path / "event"
    folder.mkdir()
    for copy in range(2):
        for game in [*sorted(DATA.glob("*.egn")), *sorted(RECORDS.glob("*.yaml"))]:
            shutil.copy(game, folder / f"{copy}-{game.name}")
    (folder / "1-broken.egn").write_text("{not json", encoding="utf-8")
    assert len(list(folder.iterdir())) >= audit_json.POOL_FROM
    return folder


@pytest.mark.parametrize("options", [{}, {"apply": True}, {"deal": 3}])
def test_the_stream_is_the_whole_document(options: dict[str, object]) -> None:
    paths = [str(DATA), str(RECORDS)]
    text, refused = streamed(paths, **options)
    assert text == whole(paths, **options)
    assert refused == json.loads(text)["refused"]


def test_one_game_and_no_game() -> None:
    one = [str(DATA / "six-points-in-two-hands.egn")]
    assert streamed(one)[0] == whole(one)
    assert json.loads(streamed(one)[0])["house"] is not None  # one game: its house is the event's
    nothing = [str(DATA / "README.md")]  # named, so read, and refused
    text, refused = streamed(nothing)
    assert text == whole(nothing) and len(refused) == 1 and json.loads(text)["house"] is None


def test_workers_give_the_same_document(event: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITER_WORKERS", "2")
    assert audit_json.workers(len(list(event.iterdir()))) == 2
    text, refused = streamed([str(event)])
    assert text == whole([str(event)])
    assert refused == [r for r in json.loads(text)["refused"]] and any("broken" in r for r in refused)


def test_a_worker_that_dies_leaves_the_rest_to_the_parent(event: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The system may kill a worker; the audit must still be whole and in order."""
    monkeypatch.setenv("ARBITER_WORKERS", "2")
    parent = os.getpid()
    real = audit_json._one

    def dies_in_a_worker(path: str, *rest: object) -> audit_json.Done:
        if os.getpid() != parent and path.endswith("1-vwec-finals.egn"):
            os._exit(9)
        return real(path, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(audit_json, "_one", dies_in_a_worker)
    assert streamed([str(event)])[0] == whole([str(event)])


def test_a_busy_machine_gets_no_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARBITER_WORKERS", raising=False)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(os, "getloadavg", lambda: (0.2, 0.2, 0.2))
    assert audit_json.workers(1000) == 2
    monkeypatch.setattr(os, "getloadavg", lambda: (2.5, 2.5, 2.5))  # both processors taken
    assert audit_json.workers(1000) == 1


def test_few_files_or_one_processor_stay_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITER_WORKERS", "4")
    assert audit_json.workers(audit_json.POOL_FROM - 1) == 1
    assert audit_json.workers(audit_json.POOL_FROM) == 4
    monkeypatch.setenv("ARBITER_WORKERS", "1")
    assert audit_json.workers(10_000) == 1


def test_no_fork_while_another_thread_runs(event: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A forked child keeps every lock another thread held (the progress bar's, stderr's):
    with a second thread alive the audit stays in this process, and is the same."""
    import threading

    monkeypatch.setenv("ARBITER_WORKERS", "2")
    files = [str(p) for p in sorted(event.iterdir())]
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert list(audit_json._pooled(files, 2, BOOK, False, None)) == []
        assert streamed([str(event)])[0] == whole([str(event)])
    finally:
        stop.set()
        other.join()
    assert len(list(audit_json._pooled(files, 2, BOOK, False, None))) == len(files)


# --- the console script's own road to the JSON audit (arbiter/launch.py) -------------------------



def test_only_the_plain_spellings_take_the_short_road() -> None:
    assert audit_json_options(["audit", "a.egn", "--json"]) == {
        "paths": ["a.egn"], "apply": False, "deal": None, "ruleset": None}
    assert audit_json_options(["audit", "--json", "--deal", "3", "--apply", "d/", "--ruleset", "x", "b"]) == {
        "paths": ["d/", "b"], "apply": True, "deal": 3, "ruleset": "x"}
    for argv in (["audit", "a.egn"],  # the view for people needs rich and typer anyway
                 ["law", "52", "--json"], ["audit", "--json"],  # no path: click's usage line
                 ["audit", "a.egn", "--json", "--deal=3"], ["audit", "a.egn", "--json", "--deal", "-1"],
                 ["audit", "a.egn", "--json", "--deal"], ["audit", "a.egn", "--json", "--help"],
                 ["audit", "--", "-a.egn", "--json"], ["audit", "a.egn", "--json", "--ruleset"]):
        assert audit_json_options(argv) is None, argv


def both(*args: str, env: dict[str, str] | None = None) -> tuple[tuple[int, str, str], tuple[int, str, str]]:
    """The same command through arbiter.cli (typer) and through the console script's start."""
    env = {**os.environ, **(env or {})}
    out = []
    for start in ("from arbiter.cli import main; main()", "from arbiter.launch import main; main()"):
        done = subprocess.run([sys.executable, "-c", start, *args], capture_output=True, text=True, env=env,
                              cwd=ROOT)
        out.append((done.returncode, done.stdout, done.stderr))
    return out[0], out[1]


@pytest.mark.parametrize("args", [
    ("audit", "tests/data/egn", "cases/records", "--json", "--apply"),
    ("audit", "--json", "--deal", "3", "tests/data/egn/vwec-finals.egn"),
    ("audit", "tests/data/egn/vwec-finals.egn", "--json", "--deal", "99"),  # refused: exit 2
    ("audit", "/no/such/folder/game.egn", "--json"),
    ("audit", "tests/data/egn", "--json", "--ruleset", "no-such-code"),  # left to arbiter.cli
])
def test_the_short_road_says_what_the_cli_says(args: tuple[str, ...]) -> None:
    typer_road, short_road = both(*args)
    assert short_road == typer_road


def test_the_short_road_with_workers_and_a_broken_file(event: Path) -> None:
    typer_road, short_road = both("audit", str(event), "--json", env={"ARBITER_WORKERS": "2"})
    assert short_road == typer_road and short_road[0] == 2 and "broken" in short_road[2]


def test_the_short_road_loads_no_command_line_machinery() -> None:
    probe = ("import sys, contextlib, io\nfrom arbiter.launch import main\n"
             "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
             "    main(['audit', 'tests/data/egn', '--json'])\n"
             "print(' '.join(m for m in ('typer', 'click', 'rich', 'yaml') if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == ""
