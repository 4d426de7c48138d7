"""Writing files so that nothing is ever half-written.

Each file is written to a temporary file in the same folder, flushed to disk, then renamed
over the target (``os.replace`` is atomic on POSIX and Windows). A crash leaves the old file
intact and at most a stray temporary file, which is removed when the write fails. A new
file gets the usual permissions (0666 less the umask), a replaced one keeps its own, and a
symbolic link is written through, not replaced.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import BinaryIO

#: The longest file name (one path component) most file systems accept, in bytes.
NAME_MAX = 255


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


@contextlib.contextmanager
def atomic_open(path: str | Path) -> Iterator[BinaryIO]:
    """A binary file to write ``path`` with, in steps: it replaces ``path`` atomically when
    the block ends, and is removed if the block raises (the target is then untouched).

    Raises:
        OSError: the folder does not exist or is not writable; the target is untouched.
    """
    target = Path(os.path.realpath(path))  # a symbolic link is written through, not replaced
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (see :func:`atomic_open`)."""
    with atomic_open(path) as handle:
        handle.write(data)


def atomic_write_text(path: str | Path, text: str) -> None:
    """Replace ``path`` with UTF-8 ``text`` atomically (see :func:`atomic_write_bytes`)."""
    atomic_write_bytes(path, text.encode("utf-8"))


def check_writable(path: str | Path) -> str | None:
    """Why ``path`` cannot be written, or None when its folder exists and is writable."""
    long = max((part for part in Path(path).parts), key=lambda part: len(os.fsencode(part)), default="")
    if len(os.fsencode(long)) > NAME_MAX:
        return f"expected a file name of at most {NAME_MAX} bytes, found one of {len(os.fsencode(long))}"
    try:
        target = Path(os.path.realpath(path))
    except (OSError, ValueError) as exc:
        return f"cannot be resolved: {exc}"
    folder = target.parent
    shown = str(Path(path).parent) if str(Path(path).parent) else "."
    if target.is_dir():
        return "expected a file path, found a directory"
    if target.exists() and not target.is_file():
        return "expected a regular file path, found a device, pipe or socket (reports are written whole, by renaming)"
    if not folder.is_dir():
        return f"the folder {shown!r} does not exist"
    if not os.access(folder, os.W_OK):
        return f"the folder {shown!r} is not writable"
    return None


def output_problem(path: str, taken: Mapping[str, str], stored: Sequence[str] = (), force: bool = True) -> str | None:
    """Why an output file cannot be written at ``path``, or None: an empty path, a symbolic
    link (outputs are written where they say, never through a link), a folder or a path
    :func:`gate.core.files.check_writable` refuses, a path inside a ``stored`` folder (the
    baselines), one of the inputs (``taken``: real path -> as given), or, unless ``force``,
    an existing file."""
    if not path.strip():
        return "expected a file path, found an empty string"
    if os.path.islink(path):
        return (f"expected a regular file path, found a symbolic link to {os.readlink(path)!r}: "
                "outputs are never written through links; name the target itself")
    why = check_writable(path)
    if why:
        return why
    real = os.path.realpath(path)
    if any(os.path.commonpath([f, real]) == f for f in stored):
        return ("expected a report path outside the baselines folder, found one inside it: "
                "a report there would replace a stored baseline or its log")
    if real in taken:
        return f"expected a new file, found the input {taken[real]!r}: it would be overwritten"
    if not force and os.path.exists(path):
        return "expected a new file, found an existing one: pass --force to replace it"
    return None
