"""Stopping cleanly on Ctrl-C (SIGINT) and SIGTERM, with or without worker processes.

The main process alone decides what an interrupt does: on SIGINT it gets Python's
``KeyboardInterrupt``, on SIGTERM :class:`Terminated` (a ``KeyboardInterrupt``, so that every
``except KeyboardInterrupt`` and every ``finally`` that cleans up, such as
:func:`gate.core.files.atomic_open` removing its temporary file, runs the same way). Worker
processes ignore SIGINT (a terminal sends it to the whole process group: the workers must not
print tracebacks nor die holding the pool's locks) and leave quietly on SIGTERM, which is what
the main process sends them when it stops them (:func:`stop_pool`).

Exit codes: 130 after SIGINT, 143 (128 + 15) after SIGTERM, as a shell reports a process
killed by that signal.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator

from gate import TYPE_CHECKING

if TYPE_CHECKING:
    from types import FrameType
    from typing import Any

#: The signals a run stops on, in the main process and in its workers.
STOPPING = (signal.SIGINT, signal.SIGTERM)

#: How long after an interrupt lost in a finaliser its signal is sent again, in seconds.
AGAIN_AFTER = 0.05

#: How long the main process waits for its workers to stop before it kills them, in seconds.
STOP_TIMEOUT = 5.0


class Terminated(KeyboardInterrupt):
    """Raised in the main process when it receives SIGTERM; ``code`` is the exit code (143)."""

    code = 128 + signal.SIGTERM


def exit_code(interrupt: KeyboardInterrupt) -> int:
    """The exit code for an interrupt: 143 for :class:`Terminated`, else 130 (Ctrl-C)."""
    return interrupt.code if isinstance(interrupt, Terminated) else 128 + signal.SIGINT


_MAIN: list[int] = []  # the pid of the process that installed the handler


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    if _MAIN and os.getpid() != _MAIN[0]:  # a worker forked before it set its own handlers
        raise SystemExit(128 + signum)  # multiprocessing's bootstrap leaves quietly with this code
    raise Terminated()


@contextlib.contextmanager
def terminated_as_interrupt() -> Iterator[None]:
    """While the block runs, SIGTERM raises :class:`Terminated` in this process (from the main
    thread only; elsewhere this does nothing). The handler before is restored at the end."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _MAIN[:] = [os.getpid()]
    before = signal.signal(signal.SIGTERM, _on_sigterm)
    hook = sys.unraisablehook
    sys.unraisablehook = _deliver_again
    try:
        yield
    finally:
        sys.unraisablehook = hook
        signal.signal(signal.SIGTERM, before)


def _deliver_again(unraisable: Any) -> None:
    """``sys.unraisablehook`` of the main process while a run may be interrupted: an interrupt
    raised where Python can only print it and go on (Ctrl-C or SIGTERM landing in a
    ``__del__`` or a weak reference's callback) is not lost: its signal is sent again, and
    its handler raises it once the finaliser has returned. Anything else is printed as usual."""
    exc = unraisable.exc_value
    if isinstance(exc, KeyboardInterrupt) and _MAIN and os.getpid() == _MAIN[0]:
        # Sent from another thread a moment later: sent from here (or at once), its handler
        # would run inside this hook, where the interrupt it raises can only be printed too.
        signum = signal.SIGTERM if isinstance(exc, Terminated) else signal.SIGINT
        again = threading.Timer(AGAIN_AFTER, os.kill, (os.getpid(), signum))
        again.daemon = True
        again.start()
        return
    sys.__unraisablehook__(unraisable)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back from this thread while the block runs (workers are forked
    in it and start with them held, until :func:`worker_signals`); one that arrives meanwhile
    is delivered when the block ends."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks (and no fork)
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def ignore_ctrl_c() -> None:
    """Ignore SIGINT in this process (a Dask worker of a local cluster, from the main thread of
    its process: the main process closes the cluster)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _leave(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


def _leave_at_once(unraisable: Any) -> None:
    """``sys.unraisablehook`` of a worker: a ``SystemExit`` raised where Python can only print
    it and go on (SIGTERM arriving in a ``__del__`` or a weak reference's callback, such as the
    import system's module locks) ends the worker at once, with its code and nothing printed;
    anything else is printed as usual."""
    if isinstance(unraisable.exc_value, SystemExit):
        code = unraisable.exc_value.code
        os._exit(code if isinstance(code, int) else 1)
    sys.__unraisablehook__(unraisable)


def worker_signals() -> None:
    """A worker process's handlers: SIGINT ignored (the main process stops the workers),
    SIGTERM a quiet exit (``SystemExit``, which releases the locks held in ``with`` blocks and
    prints no traceback; raised where it cannot propagate, it ends the worker at once:
    :func:`_leave_at_once`); then both signals are let through."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _leave)
    sys.unraisablehook = _leave_at_once
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)


def stop_pool(pool: Any, timeout: float = STOP_TIMEOUT, finished: bool = False) -> None:
    """Stop a ``multiprocessing.pool.Pool`` and its workers.

    ``finished``: every task's result was collected. The pool is then closed and joined: each
    idle worker reads the end-of-work marker and exits. ``pool.terminate()`` is not used then:
    with workers idle in their wait for a task it can wait forever (CPython's
    ``Pool._help_stuff_finish`` takes the task queue's read lock, which an idle worker holds
    while it waits; measured: 3 checks in 40 of 10,000 answers waited the full timeout).
    Otherwise (interrupted, closed early), and when the join takes longer than ``timeout``
    seconds, ``pool.terminate()`` is waited for at most ``timeout`` seconds; the worker
    processes still alive then are killed (a worker that died holding one of the pool's
    locks would make ``terminate`` wait forever; the pool's workers are then this process's
    only children)."""
    if finished and _closed_and_joined(pool, timeout):
        return
    stopping = threading.Thread(target=pool.terminate, name="answer-gate-stop-pool", daemon=True)
    stopping.start()
    stopping.join(timeout)
    if stopping.is_alive():
        import multiprocessing

        for process in multiprocessing.active_children():
            process.kill()
        stopping.join(timeout)


def _closed_and_joined(pool: Any, timeout: float) -> bool:
    """Whether the pool, closed, had every worker exit within ``timeout`` seconds."""
    pool.close()
    joining = threading.Thread(target=pool.join, name="answer-gate-join-pool", daemon=True)
    joining.start()
    joining.join(timeout)
    return not joining.is_alive()
