"""Ctrl-C and SIGTERM during ``check`` with worker processes (trial 3, F1 and F2): the
signal goes to the whole process group, as a terminal and ``timeout`` send it; the command
stops its workers, prints no traceback, writes nothing and exits 130 (143 after SIGTERM),
every time (the hang after "interrupted" was 1 try in 6, so each case is tried several times).
"""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import ROOT, THRESHOLDS

from gate.core import interrupts

#: The longest a stopped command may take to exit, in seconds (a hang fails, not a slow exit).
BOUND = 30


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A generated run of 20,000 answers (several seconds to score on two workers)."""
    spec = importlib.util.spec_from_file_location("bench_check", ROOT / "benchmarks" / "bench_check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    paths: dict[str, Path] = module.generate(20_000, tmp_path_factory.mktemp("generated"), seed=5)
    return paths


def _children(pid: int) -> list[int]:
    """The pids whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _stopped(generated: dict[str, Path], folder: Path, signum: int, *extra: str, settle: float = 0.3) -> tuple[int, str]:
    """Start ``check --jobs 2`` in its own process group, send ``signum`` to the group once the
    workers run, and return the exit code and stderr; fails if it does not exit in BOUND s."""
    command = [sys.executable, "-m", "gate", "check", str(generated["run"]), "--questions", str(generated["set"]),
               "--thresholds", str(THRESHOLDS), "--jobs", "2", "--json", "out.json", "--markdown", "out.md", *extra]
    child = subprocess.Popen(command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
    try:
        for _ in range(6000):  # the workers are the child's children; up to a minute under load
            if len(_children(child.pid)) >= 2 or child.poll() is not None:
                break
            time.sleep(0.01)
        assert child.poll() is None, child.communicate()[1]
        time.sleep(settle)  # the workers score their first batches
        os.killpg(child.pid, signum)
        _, err = child.communicate(timeout=BOUND)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        pytest.fail(f"check did not exit within {BOUND} s of signal {signum}")
    assert _group_gone(child.pid), "a process of the command outlived it"
    return child.returncode, err


def _group_gone(group: int) -> bool:
    """Whether the process group ends within BOUND s (killed if not)."""
    for _ in range(BOUND * 10):
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    os.killpg(group, signal.SIGKILL)
    return False


@pytest.mark.parametrize("signum, code, said", [
    (signal.SIGINT, 130, "answer-gate: interrupted; nothing was written\n"),
    (signal.SIGTERM, 143, "answer-gate: terminated (SIGTERM); nothing was written\n"),
], ids=["SIGINT", "SIGTERM"])
def test_a_signal_to_the_group_stops_the_workers_quietly_every_time(generated: dict[str, Path], tmp_path: Path, signum: int,
                                                                    code: int, said: str) -> None:
    for attempt in range(4):
        folder = tmp_path / str(attempt)
        folder.mkdir()
        got, err = _stopped(generated, folder, signum)
        assert (got, err) == (code, said), f"attempt {attempt}"
        assert list(folder.iterdir()) == []  # no report, no temporary file


def test_dask_local_workers_print_no_keyboard_interrupt(generated: dict[str, Path], tmp_path: Path) -> None:
    """Once the local cluster is up (a Ctrl-C while its workers start is not covered)."""
    pytest.importorskip("distributed")
    got, err = _stopped(generated, tmp_path, signal.SIGINT, "--dask", "local", settle=4.0)
    assert got == 130 and "KeyboardInterrupt" not in err and err.endswith("answer-gate: interrupted; nothing was written\n")
    assert list(tmp_path.iterdir()) == []


def test_the_exit_codes_are_the_shells() -> None:
    assert interrupts.exit_code(KeyboardInterrupt()) == 130
    assert interrupts.exit_code(interrupts.Terminated()) == 143


def test_sigterm_raises_terminated_inside_the_block_only() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with interrupts.terminated_as_interrupt(), pytest.raises(interrupts.Terminated):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(1)  # the handler runs at once; the sleep is only its chance
    assert signal.getsignal(signal.SIGTERM) is before


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, interrupts.Terminated])
def test_an_interrupt_inside_a_finaliser_is_delivered_again(interrupt: type[KeyboardInterrupt], capsys) -> None:
    """Ctrl-C or SIGTERM landing in a ``__del__`` (or a weak reference's callback) raises
    there, where Python can only print it and go on; the run must stop all the same, quietly."""

    class Finalised:
        def __del__(self) -> None:
            raise interrupt()

    with pytest.raises(interrupt):
        with interrupts.terminated_as_interrupt():
            Finalised()  # collected at once: its __del__ raises where nothing can catch it
            time.sleep(1)  # the signal sent again is handled here, at the latest
    assert "Exception ignored" not in capsys.readouterr().err


def test_held_signals_come_after_the_block() -> None:
    """Held from this thread (the one that forks the workers): sent to it, the signal waits.
    Sent to the process, another thread of the test session (a Dask cluster's) may take it."""
    with pytest.raises(KeyboardInterrupt):
        with interrupts.signals_held():
            signal.pthread_kill(threading.get_ident(), signal.SIGINT)
            reached = True  # not interrupted while held
        time.sleep(1)
    assert reached


SIGTERM_IN_A_CALLBACK = """
import os, signal, sys, weakref
from gate.core.interrupts import worker_signals
worker_signals()
class Held:
    pass
held = Held()
weakref.finalize(held, lambda: (os.kill(os.getpid(), signal.SIGTERM), [i for i in range(10**6)]))
del held  # SIGTERM arrives in the callback, where an exception cannot propagate
print("went on after SIGTERM", flush=True)
"""


def test_a_worker_sent_sigterm_inside_a_callback_ends_at_once_and_quietly() -> None:
    """In a worker, SIGTERM raises SystemExit; raised in a callback (a weak reference's, as the
    import system's module locks use), Python would print "Exception ignored" and go on: the
    worker ends at once instead, with 143 and nothing printed."""
    done = subprocess.run([sys.executable, "-c", SIGTERM_IN_A_CALLBACK], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (143, "", "")


def _idle_pool(jobs: int = 2):  # type: ignore[no-untyped-def]
    """A fork pool whose workers ran one task each and now wait for the next, as the
    check's pools do when the last result is in."""
    import multiprocessing

    pool = multiprocessing.get_context("fork").Pool(jobs, initializer=interrupts.worker_signals)
    assert pool.map(abs, range(-jobs, 0)) == list(range(jobs, 0, -1))
    return pool


def test_a_finished_pool_lets_its_workers_exit_every_time() -> None:
    """When every result is in, the workers are let exit (exit code 0), not terminated:
    ``Pool.terminate`` with idle workers waited the full timeout in 3 checks out of 40
    (10,000 answers, two workers), and 4 out of 30, before this; 20 pools in a row here."""
    for _ in range(20):
        pool = _idle_pool()
        workers = list(pool._pool)
        started = time.monotonic()
        interrupts.stop_pool(pool, finished=True)
        assert time.monotonic() - started < interrupts.STOP_TIMEOUT / 2
        assert [w.exitcode for w in workers] == [0, 0]


def test_a_pool_stopped_early_is_terminated() -> None:
    """Not finished (interrupted, closed early): a worker busy with a task is sent SIGTERM
    and leaves quietly with the shell's code (143) at once, its task not waited for."""
    import multiprocessing

    pool = multiprocessing.get_context("fork").Pool(1, initializer=interrupts.worker_signals)
    pool.apply_async(time.sleep, (600,))
    time.sleep(0.3)
    workers = list(pool._pool)
    started = time.monotonic()
    interrupts.stop_pool(pool)
    assert time.monotonic() - started < interrupts.STOP_TIMEOUT
    assert [w.exitcode for w in workers] == [128 + signal.SIGTERM]


def test_a_finished_pool_whose_worker_hangs_is_stopped_in_bounded_time() -> None:
    """A worker still busy after the join's timeout (a task that never returns) is
    terminated: the stop takes about two timeouts, not forever."""
    import multiprocessing

    pool = multiprocessing.get_context("fork").Pool(1, initializer=interrupts.worker_signals)
    pool.apply_async(time.sleep, (600,))
    time.sleep(0.2)
    started = time.monotonic()
    interrupts.stop_pool(pool, timeout=0.5, finished=True)
    assert time.monotonic() - started < BOUND
    assert not multiprocessing.active_children()
