"""The audit as JSON (records.md), game by game: each game is turned into JSON text as soon
as it is audited, so an event's results are never all held as objects at once, and the
document is written when all are done (its `house` comes before the games and depends on
all of them). A large event is shared out among worker processes, a few files at a time,
kept in order.

The document is byte for byte what `json.dumps(audit(...).as_dict(), ensure_ascii=False)`
gives: the same keys in the same order, with json's own separators.

Workers are forked, so they start with the rulebook already read; only from a process
with one thread (the progress bar's starts after them). A worker that dies (the
system killed it) breaks the pool; the files not yet done are then audited here, one after
another, so the result is the same, only slower. ARBITER_WORKERS=1 turns the pool off.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from arbiter.audit import audit_file, expand, no_cycle_collector
from arbiter.model import InputError
from arbiter.rulebook import Rulebook

POOL_FROM = 16
"""Fewer files than this are audited here: starting workers costs more than it saves."""
CHUNK = 8
"""Files a worker is given at a time: enough to make a message worth its cost, few
enough to keep both workers busy to the end."""

_encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
"""json.dumps's text; without its watch for a list or mapping inside itself, which an
audit, a tree of fresh values, never makes, and which cost a fifth of the encoding."""
Done = tuple[str | None, Any, str | None]
"""One file's outcome: its game as JSON text and its house rules; or its refusal line."""


def write(paths: list[str], book: Rulebook, out: TextIO, apply: bool = False, deal: int | None = None,
          progress: Callable[[int, int], None] | None = None) -> tuple[list[str], list[str]]:
    """Write the audit of `paths` to `out` as one JSON document and a newline; the files
    audited and the refusal lines."""
    done = Event(paths, book, apply, deal, progress)
    done.dump(out)
    return done.files, done.refused


class Event:
    """An event audited, each game already JSON text; `dump` writes the document."""

    def __init__(self, paths: list[str], book: Rulebook, apply: bool = False, deal: int | None = None,
                 progress: Callable[[int, int], None] | None = None) -> None:
        self.files = expand(paths)
        self.ruleset = book.ruleset
        self.games: list[str] = []
        self.houses: list[Any] = []
        self.refused: list[str] = []
        with no_cycle_collector():
            for i, (text, house, refusal) in enumerate(_outcomes(self.files, book, apply, deal)):
                if refusal is not None:
                    self.refused.append(refusal)
                else:
                    self.games.append(text)  # type: ignore[arg-type]
                    self.houses.append(house)
                if progress is not None:
                    progress(i + 1, len(self.files))

    def dump(self, out: TextIO) -> None:
        """The document and a newline."""
        same = len({repr(h) for h in self.houses}) == 1
        out.write(f'{{"files": {_encode(self.files)}, "ruleset": {_encode(self.ruleset)}, '
                  f'"house": {_encode(self.houses[0] if same else None)}, "games": [')
        out.write(", ".join(self.games))
        out.write(f'], "refused": {_encode(self.refused)}}}\n')


def workers(count: int) -> int:
    """How many processes share `count` files: one per processor this process may use and
    other programs leave idle, unless the files are few or ARBITER_WORKERS says otherwise.

    On a machine already busy, more processes only take turns: they cost the time to
    start them and to send the results back, and gain nothing.
    """
    wanted = os.environ.get("ARBITER_WORKERS", "")
    if wanted.isdigit() and int(wanted) > 0:
        n = int(wanted)
    else:
        try:
            cpus = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):
            cpus = os.cpu_count() or 1
        try:
            busy = os.getloadavg()[0]
        except (AttributeError, OSError):
            busy = 0.0
        n = min(4, cpus, round(cpus - busy + 1))
    return n if count >= POOL_FROM and n > 1 else 1


def _outcomes(files: list[str], book: Rulebook, apply: bool, deal: int | None) -> Iterator[Done]:
    """Each file's outcome, in the order of `files`."""
    done = 0
    n = workers(len(files))
    if n > 1:
        for outcome in _pooled(files, n, book, apply, deal):
            yield outcome
            done += 1
    for path in files[done:]:  # all of them, or those a broken pool left
        yield _one(path, book, apply, deal)


def _pooled(files: list[str], n: int, book: Rulebook, apply: bool, deal: int | None) -> Iterator[Done]:
    """Outcomes from `n` forked workers, in order, until done or the pool cannot go on."""
    import threading

    if threading.active_count() > 1:  # a fork copies no thread but every lock one may hold
        return
    try:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        pool = ProcessPoolExecutor(n, mp_context=multiprocessing.get_context("fork"),
                                   initializer=_start, initargs=(book, apply, deal))
    except (ImportError, OSError, ValueError):  # no fork, or no semaphores here
        return
    try:
        yield from pool.map(_job, files, chunksize=CHUNK)
    except (BrokenProcessPool, OSError):
        return
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


_JOB: tuple[Rulebook, bool, int | None] | None = None
"""In a worker: the rulebook and options of the audit it works for."""


def _start(book: Rulebook, apply: bool, deal: int | None) -> None:
    global _JOB
    _JOB = (book, apply, deal)


def _job(path: str) -> Done:
    assert _JOB is not None
    return _one(path, *_JOB)


def _one(path: str, book: Rulebook, apply: bool, deal: int | None) -> Done:
    try:
        game = audit_file(path, book, apply, deal)
    except InputError as err:
        return None, None, str(err)
    return _encode(game), game["house"], None
