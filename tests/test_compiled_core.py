"""The suite on the compiled core (issue 34): setup.py compiles the hot path with mypyc
when ``ANSWER_GATE_COMPILE=1``; here that wheel is built from a copy of the sources,
installed in a virtual environment of its own (an in-place build would hide the sources
that the rest of the suite tests), and the golden-file and figure tests run there, against
the same golden files as the pure-Python core.

Slow (a mypyc build takes minutes): it runs with ``ANSWER_GATE_TEST_COMPILED=1``, or with
``ANSWER_GATE_COMPILED_WHEEL=path/to/the.whl`` to test a wheel built already (a release's).
The whole suite runs on the compiled core with ``python scripts/test_compiled.py`` (CI does);
there the tests marked ``pure_core`` (they replace a function a compiled module does not look
up again) are skipped. The first two tests here run everywhere: what keeps the code
compilable, and the benchmark's compiled command.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT

#: The tests that build the compiled core (or install a wheel built already).
builds = pytest.mark.skipif(not (os.environ.get("ANSWER_GATE_TEST_COMPILED") or os.environ.get("ANSWER_GATE_COMPILED_WHEEL")),
                            reason="builds the compiled core (minutes): set ANSWER_GATE_TEST_COMPILED=1 or ANSWER_GATE_COMPILED_WHEEL")

# The golden-file tests and the figure reader's, run on the compiled core.
ON_BOTH_CORES = ["tests/test_example.py", "tests/test_figure_dump.py", "tests/test_checks.py", "tests/test_comment.py",
                 "tests/test_loosened.py", "tests/test_matching.py", "tests/test_measures.py", "tests/test_figures.py"]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "UPDATE_GOLDEN", "VIRTUAL_ENV")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _setup() -> Any:
    spec = importlib.util.spec_from_file_location("answer_gate_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not as __main__: setup() is not run
    return module


@pytest.mark.parametrize(("value", "asked"), [(None, False), ("", False), ("0", False), ("off", False), ("No", False),
                                             ("1", True), (" 1", True), ("yes", True), ("TRUE", True), ("on", True)])
def test_answer_gate_compile_says_yes_or_no_in_any_case(value, asked):
    assert _setup().compile_asked(value) is asked


@pytest.mark.parametrize("value", ["garbage", "2", "compile"])
def test_any_other_value_of_answer_gate_compile_stops_the_build_never_builds_pure(value):
    with pytest.raises(SystemExit) as stopped:
        _setup().compile_asked(value)
    assert str(stopped.value) == ("ANSWER_GATE_COMPILE: expected 1 (compile the core with mypyc) or 0 (pure Python), "
                                  f"or one of true, yes, on, false, no, off; found {value!r}")


def test_a_compiled_build_without_mypyc_says_what_to_install_and_how_to_build(monkeypatch):
    setup = _setup()
    monkeypatch.setenv("ANSWER_GATE_COMPILE", "1")
    monkeypatch.setattr(sys, "argv", ["setup.py", "bdist_wheel"])
    monkeypatch.setitem(sys.modules, "mypyc.build", None)  # as in an isolated build: no mypy there
    with pytest.raises(SystemExit) as stopped:
        setup.ext_modules()
    assert "python scripts/build_requirements.py" in str(stopped.value) and "--no-build-isolation" in str(stopped.value)


OPT_LEVEL_WRONG = "ANSWER_GATE_OPT_LEVEL: expected mypyc's optimisation level, 0, 1, 2 or 3 (default 3); found {!r}"


@pytest.mark.parametrize(("value", "level"), [(None, "3"), ("", "3"), ("0", "0"), (" 1 ", "1"), ("2", "2"), ("3", "3")])
def test_answer_gate_opt_level_is_mypyc_s_level_from_0_to_3(value, level):
    assert _setup().opt_level(value) == level


@pytest.mark.parametrize("value", ["4", "-1", "O2", "fast", "3.0", "s"])
def test_any_other_opt_level_stops_the_build_naming_the_variable(value):
    with pytest.raises(SystemExit) as stopped:
        _setup().opt_level(value)
    assert str(stopped.value) == OPT_LEVEL_WRONG.format(value)


class _Mypyc:
    """A stand-in for mypyc.build: what setup.py would hand to mypycify."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def mypycify(self, paths: list[str], **options: Any) -> list[str]:
        self.calls.append({"paths": paths, **options})
        return ["an extension"]


@pytest.mark.parametrize(("level", "given"), [(None, "3"), ("0", "0"), ("2", "2")])
def test_a_compiled_build_hands_the_opt_level_to_mypyc(monkeypatch, level, given):
    setup, mypyc = _setup(), _Mypyc()
    monkeypatch.setitem(sys.modules, "mypyc.build", mypyc)
    monkeypatch.setenv("ANSWER_GATE_COMPILE", "1")
    if level is None:
        monkeypatch.delenv("ANSWER_GATE_OPT_LEVEL", raising=False)
    else:
        monkeypatch.setenv("ANSWER_GATE_OPT_LEVEL", level)
    monkeypatch.setattr(sys, "argv", ["setup.py", "bdist_wheel"])
    assert setup.ext_modules() == ["an extension"]
    assert [(c["opt_level"], c["paths"]) for c in mypyc.calls] == [(given, setup.compiled_sources())]


@pytest.mark.parametrize(("compile_", "command"), [("0", "bdist_wheel"), (None, "bdist_wheel"), ("1", "egg_info")])
def test_the_opt_level_is_read_only_when_compiling(monkeypatch, compile_, command):
    setup, mypyc = _setup(), _Mypyc()
    monkeypatch.setitem(sys.modules, "mypyc.build", mypyc)
    if compile_ is None:
        monkeypatch.delenv("ANSWER_GATE_COMPILE", raising=False)
    else:
        monkeypatch.setenv("ANSWER_GATE_COMPILE", compile_)
    monkeypatch.setenv("ANSWER_GATE_OPT_LEVEL", "fast")
    monkeypatch.setattr(sys, "argv", ["setup.py", command])
    assert setup.ext_modules() == [] and mypyc.calls == []


@pytest.mark.parametrize("value", ["4", "fast"])
def test_a_wrong_opt_level_stops_the_compiled_build_before_mypyc_runs(monkeypatch, value):
    setup, mypyc = _setup(), _Mypyc()
    monkeypatch.setitem(sys.modules, "mypyc.build", mypyc)
    monkeypatch.setenv("ANSWER_GATE_COMPILE", "yes")
    monkeypatch.setenv("ANSWER_GATE_OPT_LEVEL", value)
    monkeypatch.setattr(sys, "argv", ["setup.py", "bdist_wheel"])
    with pytest.raises(SystemExit) as stopped:
        setup.ext_modules()
    assert str(stopped.value) == OPT_LEVEL_WRONG.format(value) and mypyc.calls == []


def test_a_wrong_compile_value_stops_the_build_through_what_setup_runs(monkeypatch):
    setup, mypyc = _setup(), _Mypyc()
    monkeypatch.setitem(sys.modules, "mypyc.build", mypyc)
    monkeypatch.setenv("ANSWER_GATE_COMPILE", "maybe")
    monkeypatch.setattr(sys, "argv", ["setup.py", "bdist_wheel"])
    with pytest.raises(SystemExit, match=r"^ANSWER_GATE_COMPILE: expected 1 .* found 'maybe'$"):
        setup.ext_modules()
    assert mypyc.calls == []


def test_a_wrong_opt_level_and_no_mypyc_are_said_at_once(monkeypatch):
    setup = _setup()
    monkeypatch.setenv("ANSWER_GATE_COMPILE", "1")
    monkeypatch.setenv("ANSWER_GATE_OPT_LEVEL", "9")
    monkeypatch.setattr(sys, "argv", ["setup.py", "bdist_wheel"])
    monkeypatch.setitem(sys.modules, "mypyc.build", None)
    with pytest.raises(SystemExit) as stopped:
        setup.ext_modules()
    assert str(stopped.value) == OPT_LEVEL_WRONG.format("9") + "\n" + setup.NO_MYPYC


def test_no_compiled_class_is_native_over_a_python_base():
    """mypyc makes a class native unless told otherwise, over a base it cannot lay out too:
    a native subclass of Decimal was no Decimal inside (its values crashed the compiled core).
    Every class of a compiled module with a base class is a NamedTuple, a Protocol or marked
    ``@mypyc_attr(native_class=False)``."""
    compiled = _setup().compiled_sources()
    assert "gate/figures/model.py" in compiled and "gate/engine/lines.py" in compiled
    found = []
    for name in compiled:
        for node in ast.walk(ast.parse((ROOT / name).read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.bases:
                bases = {ast.unparse(b) for b in node.bases}
                python_class = any(ast.unparse(d) == "mypyc_attr(native_class=False)" for d in node.decorator_list)
                if not (bases <= {"NamedTuple", "Protocol"} or python_class):
                    found.append(f"{name}: {node.name}({', '.join(sorted(bases))})")
    assert found == []


def test_the_benchmark_times_the_answer_gate_of_the_compiled_venv(tmp_path):
    """benchmarks/bench_check.py --compiled PYTHON: the answer-gate beside that interpreter,
    run without PYTHONPATH, and nothing timed unless each command says the core it stands for."""
    spec = importlib.util.spec_from_file_location("bench_check", ROOT / "benchmarks" / "bench_check.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    venv = tmp_path / "venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "python").symlink_to(sys.executable)  # as a venv has it: not resolved
    # A compiled core that the sources on PYTHONPATH would hide, as they would the real one.
    (venv / "answer-gate").write_text('#!/bin/sh\nif [ -n "$PYTHONPATH" ]; then echo "answer-gate 0.1.0 (pure-Python core)"; '
                                      'else echo "answer-gate 0.1.0 (compiled core)"; fi\n')
    (tmp_path / "pure").write_text('#!/bin/sh\necho "answer-gate 0.1.0 (pure-Python core)"\n')
    for script in (venv / "answer-gate", tmp_path / "pure"):
        script.chmod(0o755)
    command = bench.compiled_command(str(venv / "python"))
    assert command == [str(venv / "answer-gate")]
    bench.LIMITS["PYTHONPATH"] = str(ROOT)  # the pure core's sources, as the house runs it
    assert bench.checked_cores([str(tmp_path / "pure")], command, tmp_path) == {
        "check": "answer-gate 0.1.0 (pure-Python core)", "compiled": "answer-gate 0.1.0 (compiled core)"}
    with pytest.raises(SystemExit, match=r"the compiled command would time 'answer-gate 0.1.0 \(pure-Python core\)', not the compiled core"):
        bench.checked_cores([str(tmp_path / "pure")], [str(tmp_path / "pure")], tmp_path)
    with pytest.raises(SystemExit, match="no answer-gate beside it"):
        bench.compiled_command(str(tmp_path / "python"))


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


@pytest.mark.slow
@builds
def test_the_wheel_runs_the_compiled_core(compiled: tuple[Path, Path]) -> None:
    copy, python = compiled
    probe = "import gate.figures.digits as d, gate.scoring.answer as a, gate.engine.lines as l; print(d.__file__); print(a.__file__); print(l.__file__)"
    where = subprocess.run([str(python), "-c", probe], cwd=copy, env=_env(), capture_output=True, text=True, check=True).stdout.split()
    assert all(not path.endswith(".py") and Path(path).parent.parts[-2:] != ("project", "gate") for path in where), where
    version = subprocess.run([str(python), "-m", "gate", "--version"], cwd=copy, env=_env(), capture_output=True, text=True, check=True)
    assert version.stdout == "answer-gate 0.1.0 (compiled core)\n"


@pytest.mark.slow
@builds
def test_the_golden_files_hold_on_the_compiled_core(compiled: tuple[Path, Path]) -> None:
    copy, python = compiled
    run = subprocess.run([str(python), "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *ON_BOTH_CORES],
                         cwd=copy, env=_env(), capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-5000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and " failed" not in run.stdout


def test_what_workers_and_dask_pickle_comes_back_equal_on_either_core():
    """Figures, supports, settings and the line reader's records cross processes pickled
    (workers, Dask); a compiled frozen dataclass is rebuilt from its fields
    (gate.core.build.picklable), and an Amount stays a Decimal of its value."""
    import pickle
    from decimal import Decimal

    from gate.engine.lines import Context, LineResult, score_lines
    from gate.figures.model import Amount, Figure, MatchSettings, Support

    figure = Figure("about 4.1%", 6, 10, Decimal("4.1"), -1, True, "about")
    records = [figure, Support(True, Decimal("4.05"), Decimal("4.15"), Decimal("4.1"), Decimal("4.1"), figure),
               MatchSettings(rounding="exact", percent_fraction=False, derived=("difference",)),
               Context("run.jsonl", None, MatchSettings(), None, join=False), LineResult(7, problems=[("answer", "missing")], size=12)]
    for record in records:
        for protocol in (2, pickle.HIGHEST_PROTOCOL):
            back = pickle.loads(pickle.dumps(record, protocol))
            assert type(back) is type(record) and back == record
    assert hash(pickle.loads(pickle.dumps(figure))) == hash(figure)
    amount = pickle.loads(pickle.dumps(Amount(Decimal("0.75"))))
    assert type(amount) is Amount and amount == Decimal("0.75") and hash(amount) == hash(Decimal("0.75")) and amount * 100 == 75
    # the records of a scored batch too, as a worker sends them
    (result,) = score_lines([(1, b'{"run": {"assistant_version": "1.0"}}')], Context("run.jsonl", None, MatchSettings(), None))
    assert pickle.loads(pickle.dumps(result)) == result
