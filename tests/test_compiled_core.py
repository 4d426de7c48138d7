"""The suite on the compiled core (issue 34): setup.py compiles the hot path with mypyc
when ``ANSWER_GATE_COMPILE=1``; here that wheel is built from a copy of the sources,
installed in a virtual environment of its own (an in-place build would hide the sources
that the rest of the suite tests), and the golden-file and figure tests run there, against
the same golden files as the pure-Python core.

Slow (a mypyc build takes minutes): it runs with ``ANSWER_GATE_TEST_COMPILED=1``, or with
``ANSWER_GATE_COMPILED_WHEEL=path/to/the.whl`` to test a wheel built already (a release's).
Tests that monkeypatch the reader's or the scorer's functions patch what a compiled module
does not look up again, so they run on the pure-Python core only (the rest of the suite).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not (os.environ.get("ANSWER_GATE_TEST_COMPILED") or os.environ.get("ANSWER_GATE_COMPILED_WHEEL")),
                       reason="builds the compiled core (minutes): set ANSWER_GATE_TEST_COMPILED=1 or ANSWER_GATE_COMPILED_WHEEL"),
]

# The golden-file tests and the figure reader's, run on the compiled core.
ON_BOTH_CORES = ["tests/test_example.py", "tests/test_figure_dump.py", "tests/test_checks.py", "tests/test_comment.py",
                 "tests/test_loosened.py", "tests/test_matching.py", "tests/test_measures.py", "tests/test_figures.py"]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "UPDATE_GOLDEN", "VIRTUAL_ENV")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the project's copy without its gate/ sources, the virtual environment's Python)."""
    base = tmp_path_factory.mktemp("compiled")
    copy = base / "project"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, files):
        if (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    wheel = os.environ.get("ANSWER_GATE_COMPILED_WHEEL")
    if not wheel:
        built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-w", str(base / "dist"), str(copy)],
                               env={**_env(), "ANSWER_GATE_COMPILE": "1"}, capture_output=True, text=True)
        assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
        wheel = str(next((base / "dist").glob("answer_gate-*.whl")))
    assert "none-any" not in wheel, f"{wheel} is no compiled wheel"
    # The dependencies are those of this interpreter (no download); the wheel's gate comes
    # first on the environment's path.
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(base / "venv")], check=True)
    python = base / "venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    installed = subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", wheel], env=_env(), capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr[-3000:]
    shutil.rmtree(copy / "gate")  # the tests import the installed, compiled gate, never these sources
    return copy, python


def test_the_wheel_runs_the_compiled_core(compiled: tuple[Path, Path]) -> None:
    copy, python = compiled
    probe = "import gate.figures.digits as d, gate.scoring.answer as a, gate.engine.lines as l; print(d.__file__); print(a.__file__); print(l.__file__)"
    where = subprocess.run([str(python), "-c", probe], cwd=copy, env=_env(), capture_output=True, text=True, check=True).stdout.split()
    assert all(not path.endswith(".py") and Path(path).parent.parts[-2:] != ("project", "gate") for path in where), where
    version = subprocess.run([str(python), "-m", "gate", "--version"], cwd=copy, env=_env(), capture_output=True, text=True, check=True)
    assert version.stdout == "answer-gate 0.1.0 (compiled core)\n"


def test_the_golden_files_hold_on_the_compiled_core(compiled: tuple[Path, Path]) -> None:
    copy, python = compiled
    run = subprocess.run([str(python), "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *ON_BOTH_CORES],
                         cwd=copy, env=_env(), capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-5000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and " failed" not in run.stdout
