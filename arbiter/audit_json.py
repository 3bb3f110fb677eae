"""The audit as JSON (records.md), game by game: each game is turned into JSON text as soon
as it is audited, so an event's results are never all held as objects at once, and the
document is written when all are done (its `house` comes before the games and depends on
all of them). A large event is shared out among worker processes, a few files at a time,
kept in order.

The document is byte for byte what `json.dumps(audit(...).as_dict(), ensure_ascii=False)`
gives: the same keys in the same order, with json's own separators.

Workers are forked, so they start with the rulebook already read; only from a process
with one thread (the progress bar's starts after them). If a worker dies (the system
killed it), the files it took and did not send back are audited here, so the result is the
same, only slower. ARBITER_WORKERS=1 turns the pool off.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from arbiter.audit import audited_file, expand, no_cycle_collector, to_json
from arbiter.model import InputError
from arbiter.rulebook import Rulebook

POOL_FROM = 16
"""Fewer files than this are audited here: starting workers costs more than it saves."""
CHUNK = 8
"""Files a worker is given at a time: enough to make a message worth its cost, few
enough to keep both workers busy to the end."""

Done = tuple[str | None, Any, str | None, str | None]
"""One file's outcome: its game as JSON text, its house rules and their repr (which names
them, as `Audit.as_dict` compares them); or its refusal line. The repr is made where the
game is audited, in a worker where there are workers, not by this process at the end."""


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
        self.house_names: set[str] = set()
        self.refused: list[str] = []
        with no_cycle_collector():
            for i, (text, house, name, refusal) in enumerate(_outcomes(self.files, book, apply, deal)):
                if refusal is not None:
                    self.refused.append(refusal)
                else:
                    self.games.append(text)  # type: ignore[arg-type]
                    self.houses.append(house)
                    self.house_names.add(name)  # type: ignore[arg-type]
                if progress is not None:
                    progress(i + 1, len(self.files))

    def dump(self, out: TextIO) -> None:
        """The document and a newline."""
        same = len(self.house_names) == 1
        out.write(f'{{"files": {to_json(self.files)}, "ruleset": {to_json(self.ruleset)}, '
                  f'"house": {to_json(self.houses[0] if same else None)}, "games": [')
        out.write(", ".join(self.games))
        out.write(f'], "refused": {to_json(self.refused)}}}\n')


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
    """Outcomes from `n` forked workers, in order; none where no worker can be forked."""
    import threading

    if threading.active_count() > 1:  # a fork copies no thread but every lock one may hold
        return
    try:
        pool = _Pool(n, [files[i:i + CHUNK] for i in range(0, len(files), CHUNK)], (book, apply, deal))
    except (AttributeError, OSError):  # no fork here, or no pipes or processes to be had
        return
    try:
        yield from pool.outcomes()
    finally:
        pool.stop()


class _Pool:
    """Forked workers sharing out an event's files CHUNK at a time.

    The chunks' numbers are written to a pipe all the workers read, so each takes the next as
    soon as it is free; each sends its chunks' outcomes back on a pipe of its own, in marshal
    form, and this process puts them in order. Nothing beyond os, select and marshal: no thread
    here (multiprocessing's pool costs this process 40 ms to import and its threads a tenth
    of a second for an event, taken from the workers on a machine of two processors). A chunk
    no worker sent back (one died, or met what marshal cannot carry) is audited here, where
    whatever stopped it happens again, as it would have without workers.
    """

    def __init__(self, n: int, chunks: list[list[str]], job: tuple[Rulebook, bool, int | None]) -> None:
        self.chunks, self.job = chunks, job
        self.tasks = b"".join(i.to_bytes(4, "little") for i in range(len(chunks)))
        self.sent = 0
        self.workers: dict[int, tuple[int, bytearray]] = {}
        """Each worker's pipe (its reading end, here), with its process and what came unread."""
        tasks_in, self.tasks_out = os.pipe()
        try:
            for _ in range(n):
                self._fork(tasks_in)
            os.set_blocking(self.tasks_out, False)
        except BaseException:
            self.stop()
            raise
        finally:
            os.close(tasks_in)

    def _fork(self, tasks_in: int) -> None:
        back_in, back_out = os.pipe()
        pid = os.fork()
        if pid == 0:  # the worker, which never returns from here
            code = 1  # anything raised ends it at once, its chunk unsent
            try:
                for fd in (self.tasks_out, back_in, *self.workers):
                    os.close(fd)
                self._work(tasks_in, back_out)
                code = 0
            finally:
                os._exit(code)
        os.close(back_out)
        self.workers[back_in] = (pid, bytearray())

    def _work(self, tasks: int, back: int) -> None:
        """A worker's life: audit each chunk whose number it reads, send back its number, the
        length of its outcomes and them, and stop at the end of the numbers."""
        import marshal

        book, apply, deal = self.job
        while len(number := os.read(tasks, 4)) == 4:
            done = marshal.dumps([_one(path, book, apply, deal) for path in self.chunks[int.from_bytes(number, "little")]])
            message = memoryview(number + len(done).to_bytes(8, "little") + done)
            while message:
                message = message[os.write(back, message):]

    def outcomes(self) -> Iterator[Done]:
        """Every file's outcome, in order, as the chunks come back."""
        import marshal
        import select

        poll = select.poll()
        for fd in self.workers:
            poll.register(fd, select.POLLIN)
        poll.register(self.tasks_out, select.POLLOUT)
        got: dict[int, list[Done]] = {}
        due = 0
        while self.workers:
            for fd, _ in poll.poll():
                if fd == self.tasks_out:
                    self._send(poll)
                elif not self._read(fd, got, marshal.loads):
                    poll.unregister(fd)
            while due in got:
                yield from got.pop(due)
                due += 1
        for i in range(due, len(self.chunks)):  # what no worker sent back
            yield from got.pop(i, None) or [_one(path, *self.job) for path in self.chunks[i]]

    def _send(self, poll: Any) -> None:
        """More chunk numbers, 512 bytes at most at a time: written whole or not at all (POSIX's
        least PIPE_BUF), so a worker's read of one number never takes part of another."""
        try:
            self.sent += os.write(self.tasks_out, self.tasks[self.sent:self.sent + 512])
        except BlockingIOError:
            return
        except OSError:  # no worker is left to read them
            self.sent = len(self.tasks)
        if self.sent >= len(self.tasks):  # the end of the numbers: each worker stops when it has read them all
            poll.unregister(self.tasks_out)
            os.close(self.tasks_out)
            self.tasks_out = -1

    def _read(self, fd: int, got: dict[int, list[Done]], load: Callable[[bytes], Any]) -> bool:
        """What a worker sent, each whole message a chunk's outcomes; False at the end of its
        pipe, when it is done (or dead) and has been waited for."""
        pid, unread = self.workers[fd]
        data = os.read(fd, 1 << 20)
        if not data:
            os.close(fd)
            del self.workers[fd]
            os.waitpid(pid, 0)
            return False
        unread += data
        while len(unread) >= 12 and len(unread) >= 12 + (size := int.from_bytes(unread[4:12], "little")):
            got[int.from_bytes(unread[:4], "little")] = load(unread[12:12 + size])
            del unread[:12 + size]
        return True

    def stop(self) -> None:
        """Close the pipes; a worker still at work (the audit was stopped half-way) is ended,
        and each is waited for."""
        import signal

        if self.tasks_out >= 0:
            os.close(self.tasks_out)
            self.tasks_out = -1
        for fd, (pid, _) in self.workers.items():
            os.close(fd)
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
            os.waitpid(pid, 0)
        self.workers.clear()


def _one(path: str, book: Rulebook, apply: bool, deal: int | None) -> Done:
    try:
        game = audited_file(path, book, apply, deal)
    except InputError as err:
        return None, None, None, str(err)
    return game.as_json(), game.head["house"], game.house_written, None
