"""Where the console script starts.

`arbiter audit PATHS --json` goes straight to the audit: the command line's machinery
(typer, click) takes about 70 ms to import, most of what Python takes to json.loads
10,000 recorded deals, and an event's audit is measured against that (records.md, Speed).
Only the plain spellings are taken here (`--json`, `--apply`, `--deal N`, `--ruleset NAME`
and paths); anything else, and any refusal that is not a file's, is left to arbiter.cli,
which says it as every command does. Every other command goes to arbiter.cli unchanged.
"""

from __future__ import annotations

import sys
from typing import Any


def main(argv: list[str] | None = None) -> None:
    """The console script."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        options = audit_json_options(argv)
        if options is None or not _audit_json(**options):
            from arbiter.cli import main as full

            full(argv)
    finally:
        _ending()


def _ending() -> None:
    """The command is done and the process about to end. Python's last act would be a full
    garbage collection, tracing every object the rulebook and the libraries made (about
    15 ms, more than any command's own work); the objects are freed as the process ends
    all the same, so they are frozen out of that collection. Nothing is collected here:
    a worker pool's threads may still hold what looks like garbage (a collection here
    closed their pipes under them); every file and ledger is closed by its own code."""
    import gc

    gc.freeze()


def audit_json_options(argv: list[str]) -> dict[str, Any] | None:
    """The options of `audit ... --json` in its plain spellings; None for anything else."""
    if not argv or argv[0] != "audit" or "--json" not in argv:
        return None
    paths: list[str] = []
    out: dict[str, Any] = {"paths": paths, "apply": False, "deal": None, "ruleset": None}
    words = iter(argv[1:])
    for word in words:
        if word == "--apply":
            out["apply"] = True
        elif word == "--deal":
            value = next(words, "")
            if not value.isdigit() or not value.isascii():
                return None
            out["deal"] = int(value)
        elif word == "--ruleset":
            out["ruleset"] = next(words, "-")
            if out["ruleset"].startswith("-"):
                return None
        elif word.startswith("-") or not word:
            if word != "--json":
                return None
        else:
            paths.append(word)
    return out if paths else None


def _audit_json(paths: list[str], apply: bool, deal: int | None, ruleset: str | None) -> bool:
    """The audit written as JSON, then the process ends; False, with nothing written, where
    arbiter.cli must speak instead (a rulebook that will not load, no files at all)."""
    from arbiter.streams import quiet_stdout, tolerant_streams

    tolerant_streams()
    from arbiter import audit as auditing
    from arbiter.model import InputError
    from arbiter.reader import shown
    from arbiter.rulebook import DEFAULT_RULESET, RulebookError, load

    try:
        book = load(ruleset or DEFAULT_RULESET)
        files = auditing.expand(paths)
    except (InputError, RulebookError, OSError):
        return False
    if not files:
        return False
    from arbiter import audit_json

    bar = None
    if len(files) >= 20 and sys.stderr.isatty():
        from arbiter.audit_view import Progress

        bar = Progress(len(files))
    try:
        event = audit_json.Event(files, book, apply=apply, deal=deal, progress=bar)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception:  # a fault of ours: nothing is written yet, and arbiter.cli says it as it says any
        return False
    finally:
        if bar is not None:
            bar.stop()
    try:
        event.dump(sys.stdout)
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()
    except OSError as err:
        sys.stderr.write(f"arbiter: cannot write the audit: {shown(err)}\n")
        sys.exit(1)
    for line in event.refused:
        sys.stderr.write(f"arbiter: {shown(line, 400)}\n")
    sys.exit(2 if event.refused else 0)
