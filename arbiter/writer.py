"""The one guarded way out for a file the user names for us to write (`book --html FILE`).

Writing the named file is what the user asked, so a regular file there is replaced; but
never a folder, a device, a pipe or a symbolic link, which would send our bytes somewhere
the user did not name. The text goes to a new temporary file beside the target, and only a
complete file is renamed into place: a reader never sees half a book, and a failure leaves
what was there before untouched.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from arbiter.model import InputError
from arbiter.reader import shown


def write_text(path: str | os.PathLike[str], text: str, what: str = "file") -> None:
    """Write `text` (UTF-8) to `path` atomically; anything there but a regular file is refused."""
    target = Path(path)
    name = shown(str(path))
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        info = None
    except (OSError, ValueError) as err:
        raise InputError(f"{name}: cannot be written: {getattr(err, 'strerror', None) or err}") from None
    if info is not None:
        if stat.S_ISLNK(info.st_mode):
            raise InputError(f"{name}: is a symbolic link; name the {what} itself")
        if stat.S_ISDIR(info.st_mode):
            raise InputError(f"{name}: is a folder, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"{name}: not a regular file (a device, pipe or socket); a {what} must be a file")
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
    except (OSError, ValueError) as err:
        raise InputError(f"{name}: cannot be written: {getattr(err, 'strerror', None) or err}") from None
    try:
        try:
            data = memoryview(text.encode("utf-8"))
            while data:
                data = data[os.write(fd, data):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except OSError as err:
        tmp.unlink(missing_ok=True)  # ours: created above with O_EXCL
        raise InputError(f"{name}: cannot be written: {err.strerror or err}") from None
