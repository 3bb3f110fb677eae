"""The one guarded way in for every file the program reads, and for YAML text.

A case file may come from anyone at the club, so nothing in it is trusted: a path named
on the command line is opened only if it is a regular file (never a device, a pipe or a
folder), and never more than its cap plus one byte is read, so `/dev/zero` or a FIFO
cannot make the program hang or eat memory. YAML is parsed with the safe loader, and
tags, aliases and duplicate keys are refused, because each lets a file say something
other than what a reader of it sees. The caps are the contract's ("Reading files").
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from arbiter.model import InputError

CASE_CAP = 256 * 1024
"""A case file."""
HOUSE_CAP = 64 * 1024
"""A house-rules file."""
RECORD_CAP = 32 * 1024 * 1024
"""A recorded game (EGN or our YAML deal record)."""
DATA_CAP = 1024 * 1024
"""One of the project's own law or teaching files."""
PHRASEBOOK_CAP = 4 * 1024 * 1024
"""The labelled descriptions the plain-words reader votes with (about 1 MB at 2,300)."""

_CONTROL = {c: None for c in (*range(0x00, 0x09), *range(0x0B, 0x20), 0x7F, *range(0x80, 0xA0))}
_MAX_SHOWN = 200


def read_bytes(path: str | Path, cap: int, what: str = "file") -> bytes:
    """A regular file's bytes, at most `cap` of them; anything else is an InputError.

    The file is opened without blocking (a FIFO would otherwise wait for a writer) and
    checked on the open descriptor, so it cannot be swapped between the check and the read.
    """
    name = shown(str(path))
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except IsADirectoryError:
        raise InputError(f"{name}: is a folder, not a {what}") from None
    except (OSError, ValueError) as err:
        reason = getattr(err, "strerror", None) or str(err)
        raise InputError(f"{name}: cannot be read: {reason}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(f"{name}: is a folder, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"{name}: not a regular file (a device, pipe or socket); a {what} must be a file")
        if info.st_size > cap:
            raise InputError(f"{name}: too large for a {what} ({info.st_size} bytes; at most {cap})")
        chunks: list[bytes] = []
        left = cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    except OSError as err:
        raise InputError(f"{name}: cannot be read: {err.strerror or err}") from None
    finally:
        os.close(fd)
    if len(data) > cap:  # it grew after the size check
        raise InputError(f"{name}: too large for a {what} (more than {cap} bytes)")
    return data


def read_text(path: str | Path, cap: int, what: str = "file") -> str:
    """A regular file's text, UTF-8 only, at most `cap` bytes."""
    return decode(read_bytes(path, cap, what), path)


def decode(raw: bytes, path: str | Path) -> str:
    """Bytes read from `path` as UTF-8 text; anything else is refused, naming the offset."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(f"{shown(str(path))}: not UTF-8 text (bad byte at offset {err.start})") from None


def check_writable_place(path: Path, what: str) -> bool:
    """Whether `path` exists; refused unless it is a regular file or absent.

    For files the program writes to (the ledger): a device such as /dev/null, a pipe or
    a folder is never opened as one.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return False
    except (OSError, ValueError) as err:
        raise InputError(f"{shown(str(path))}: cannot be used as a {what}: {getattr(err, 'strerror', None) or err}") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"{shown(str(path))}: is a folder, not a {what}")
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"{shown(str(path))}: not a regular file (a device, pipe or socket); a {what} must be a file")
    return True


def clean(text: str) -> str:
    """Text with control characters removed, so data cannot drive the terminal.

    Newlines and tabs stay; escape sequences, carriage returns, bells and the C1
    controls go.
    """
    return text.translate(_CONTROL)


def shown(value: object, limit: int = _MAX_SHOWN) -> str:
    """A value as an error line may quote it: cleaned, on one line, and cut to `limit`."""
    text = " ".join(clean(str(value)).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- YAML ---------------------------------------------------------------------------------


def parse_yaml(text: str, where: str) -> Any:
    """YAML text parsed with the safe loader; tags, aliases and duplicate keys are refused."""
    import yaml

    loader = _loader()
    try:
        events = list(yaml.parse(text, Loader=loader))
    except yaml.YAMLError as err:
        raise InputError(f"{where}: not valid YAML: {shown(err)}") from None
    except (ValueError, RecursionError) as err:
        raise InputError(f"{where}: not valid YAML: {shown(err)}") from None
    for event in events:
        # Aliases let a few lines expand into gigabytes; an input never needs one.
        if isinstance(event, yaml.AliasEvent):
            raise InputError(f"{where}: YAML aliases (*name) are not allowed")
        tag = getattr(event, "tag", None)
        if tag and (tag.startswith("tag:yaml.org,2002:python") or tag.startswith("!")):
            raise InputError(f"{where}: YAML tag {shown(tag, 60)!r} is not allowed")
    try:
        return yaml.load(text, Loader=loader)  # noqa: S506 (a safe loader)
    except InputError as err:
        raise InputError(f"{where}: {err}") from None
    except (yaml.YAMLError, ValueError, TypeError, RecursionError) as err:
        raise InputError(f"{where}: not valid YAML: {shown(err)}") from None


_LOADER: Any = None


def _loader() -> Any:
    """The safe loader (the C one where built), refusing a key given twice in one mapping.

    PyYAML keeps the last of two equal keys silently; in a case file that means a second
    `dealer:` line wins over the first without anyone seeing it.
    """
    global _LOADER
    if _LOADER is None:
        import yaml

        base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

        class StrictLoader(base):  # type: ignore[misc,valid-type]
            def construct_mapping(self, node: Any, deep: bool = False) -> Any:
                seen: set[Any] = set()
                for key_node, _ in node.value:
                    key = self.construct_object(key_node, deep=True)
                    try:
                        duplicate = key in seen
                    except TypeError:
                        raise InputError(f"line {key_node.start_mark.line + 1}: a mapping key must be a "
                                         "plain value") from None
                    if duplicate:
                        raise InputError(f"key {shown(key, 60)!r} is given twice "
                                         f"(line {key_node.start_mark.line + 1})")
                    seen.add(key)
                return super().construct_mapping(node, deep=deep)

        _LOADER = StrictLoader
    return _LOADER
