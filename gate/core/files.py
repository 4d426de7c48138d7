"""Writing files so that nothing is ever half-written.

Each file is written to a temporary file in the same folder, flushed to disk, then renamed
over the target (``os.replace`` is atomic on POSIX and Windows). A crash leaves the old file
intact and at most a stray temporary file, which is removed when the write fails. A new
file gets the usual permissions (0666 less the umask), a replaced one keeps its own, and a
symbolic link is written through, not replaced.

Several files that belong together (a command's reports) are written with
:func:`staged_writes`: each to its temporary file first, then all renamed one after the
other with SIGINT and SIGTERM held, so that an interrupt leaves all of them or none (only
SIGKILL, which cannot be held, or a crash of the machine can still leave some).
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


class Staged:
    """Files written to temporary files, renamed over their targets together (see
    :func:`staged_writes`). ``done`` lists the targets renamed so far, as given."""

    def __init__(self) -> None:
        self.done: list[str] = []
        self._pending: list[tuple[str, str, Path]] = []  # (as given, temporary file, target)

    @contextlib.contextmanager
    def open(self, path: str | Path) -> Iterator[BinaryIO]:
        """A binary file to write ``path`` with; it stays a temporary file until
        :meth:`commit` (removed if the block raises)."""
        target = Path(os.path.realpath(path))
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
        except BaseException:
            _unlink(tmp)
            raise
        self._pending.append((str(path), tmp, target))

    def write_bytes(self, path: str | Path, data: bytes) -> None:
        """Stage ``data`` for ``path``."""
        with self.open(path) as handle:
            handle.write(data)

    def commit(self) -> None:
        """Rename every staged file over its target, with SIGINT and SIGTERM held: a signal
        that arrives meanwhile is delivered after the last rename."""
        from gate.core.interrupts import signals_held

        with signals_held():
            try:
                for given, tmp, target in self._pending:
                    os.replace(tmp, target)
                    self.done.append(given)
            finally:
                self.discard()

    def discard(self) -> None:
        """Remove the temporary files not renamed."""
        for _, tmp, _ in self._pending:
            _unlink(tmp)
        self._pending.clear()


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


@contextlib.contextmanager
def staged_writes() -> Iterator[Staged]:
    """Files to write together: each staged in a temporary file in its folder; when the
    block ends they are all renamed over their targets with SIGINT and SIGTERM held; when
    it raises (an interrupt, a full disk) every temporary file is removed and no target is
    touched. All or none, but for SIGKILL.

    Raises:
        OSError: a folder is not writable or the disk is full (nothing renamed then, unless
            a rename itself fails: ``done`` says which were).
    """
    stage = Staged()
    try:
        yield stage
    except BaseException:
        stage.discard()
        raise
    stage.commit()


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
