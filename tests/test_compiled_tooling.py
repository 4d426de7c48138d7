"""The compiled core's tools as a user meets them (issue 34): the benchmark refusing bad
arguments before it generates anything, ``scripts/test_compiled.py --skip-build`` naming
what the virtual environment lacks, and ``scripts/build_requirements.py`` printing what a
compiled build needs, pinned as pyproject.toml and setup.py say."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from conftest import ROOT

BENCH = ROOT / "benchmarks" / "bench_check.py"
TEST_COMPILED = ROOT / "scripts" / "test_compiled.py"
BUILD_REQUIREMENTS = ROOT / "scripts" / "build_requirements.py"


def _script(script: Path, *args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(script), *args], cwd=cwd, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)} if env is None else env)


# --- benchmarks/bench_check.py: bad arguments ------------------------------------------

COUNTS = "expected answer counts, positive whole numbers such as 10000,100000; found"


@pytest.mark.parametrize(("args", "said"), [
    (["--sizes", "abc"], f"--sizes: {COUNTS} 'abc'"),
    (["--sizes", "10000,1e4"], f"--sizes: {COUNTS} '1e4'"),
    (["--sizes", "0"], f"--sizes: {COUNTS} '0'"),
    (["--sizes=-5"], f"--sizes: {COUNTS} '-5'"),
    (["--sizes", ""], "--sizes: expected at least one answer count (--sizes '' only with --startup); found none"),
    (["--repeat", "0"], "--repeat: expected a positive number of runs; found 0"),
    (["--repeat=-2"], "--repeat: expected a positive number of runs; found -2"),
    (["--repeat", "two"], "argument --repeat: invalid int value: 'two'"),
    (["--across-jobs", "x"], f"--across-jobs: {COUNTS} 'x'"),
    (["--across-jobs", "0"], f"--across-jobs: {COUNTS} '0'"),
    (["--sizes", "20", "--across-jobs", "20,30"], "--across-jobs: expected sizes among --sizes 20; found 30"),
    (["--sizes", "20", "--only", "floor", "--across-jobs", "20"],
     "--across-jobs: compares the check's reports: expected check in --only or --compiled; found --only 'floor'"),
    (["--sizes", "20", "--only", "floor,chek"], "--only: expected one or more of floor,sketch,check; found 'floor,chek'"),
    (["--sizes", "20", "--check-args", '--jobs "1'],
     "--check-args: expected arguments as a shell splits them; found '--jobs \"1' (no closing quotation)"),
    (["--sizes", "20", "--compiled", "/no/such/venv/bin/python"],
     "--compiled /no/such/venv/bin/python: no answer-gate beside it (/no/such/venv/bin/answer-gate): install the compiled core in that environment"),
    (["--sizes", "20", "--json", "/no/such/folder/out.json"],
     "--json: expected a file in an existing folder; found '/no/such/folder/out.json' (no folder '/no/such/folder')"),
    (["--sizes", "20", "--across-jobs", "30", "--repeat", "0"],
     "--across-jobs: expected sizes among --sizes 20; found 30; --repeat: expected a positive number of runs; found 0"),
    (["--sizes", "0", "--repeat", "0", "--only", "x"],
     f"--sizes: {COUNTS} '0'; --repeat: expected a positive number of runs; found 0; --only: expected one or more of floor,sketch,check; found 'x'"),
])
def test_the_benchmark_refuses_a_bad_argument_before_generating_anything(tmp_path, args, said):
    runs = tmp_path / "runs"
    done = _script(BENCH, "--workdir", str(runs), *args, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.endswith(f"bench_check.py: error: {said}\n")
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert not runs.exists() and sorted(p.name for p in tmp_path.iterdir()) == []


def test_the_benchmark_refuses_a_workdir_that_is_a_file_and_a_json_that_is_a_folder(tmp_path):
    (tmp_path / "runs").write_text("")
    done = _script(BENCH, "--workdir", str(tmp_path / "runs"), "--sizes", "20", "--json", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.endswith(f"error: --json: expected a file in an existing folder; found {str(tmp_path)!r} (a folder); "
                                f"--workdir: expected a folder for the generated runs; found a file at {str(tmp_path / 'runs')!r}\n")
    assert (tmp_path / "runs").read_text() == ""


def test_the_benchmark_times_what_good_arguments_ask(tmp_path):
    """The other side of the refusals: the same options, well formed, run (20 answers), the
    runs' folder named relative to where the script starts (the commands run elsewhere)."""
    runs, out, temporary = tmp_path / "runs", tmp_path / "result.json", tmp_path / "tmp"
    temporary.mkdir()
    done = _script(BENCH, "--workdir", "runs", "--sizes", "2_0", "--repeat", "1", "--only", "floor, check",
                   "--across-jobs", "20", "--check-args", "--max-findings 5", "--json", str(out), cwd=tmp_path,
                   env={**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temporary)})
    assert done.returncode == 0, done.stderr

    result = json.loads(out.read_text())
    assert list(result["sizes"]) == ["20"] and result["repeat"] == 1
    entry = result["sizes"]["20"]
    assert sorted(k for k in entry if k != "bytes") == ["check", "floor"]
    assert entry["check"]["same_across_jobs"] is True and entry["check"]["runs"][0]["exit"] in (0, 1)
    assert entry["floor"]["runs"][0]["exit"] == 0 and entry["check"]["counts"]["figures"] > 0
    assert sorted(p.name for p in runs.iterdir()) == ["answers_run_assistant-9.0_set-20.jsonl", "merged-20.jsonl", "question_set-20.jsonl"]
    assert list(temporary.iterdir()) == []  # each size's working folder, with its reports, removed


# --- scripts/test_compiled.py --skip-build: what the venv lacks ------------------------

def _venv(where: Path, *on_path: Path, system: bool = False) -> Path:
    """A virtual environment without pip (quick), with ``on_path`` added to its path by a .pth file."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", *(["--system-site-packages"] if system else []), str(where)], check=True)
    python = where / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "paths.pth").write_text("".join(f"{p}\n" for p in on_path))
    return where


def _compiled_skip_build(venv: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return _script(TEST_COMPILED, "--venv", str(venv), "--skip-build", "-q", "tests/test_example.py", cwd=cwd, env=env)


def _needed() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [re.split(r"[<>=!~\[; ]", r)[0] for r in project["dependencies"] + project["optional-dependencies"]["test"]]


def test_skip_build_names_a_missing_venv(tmp_path):
    done = _compiled_skip_build(tmp_path / "nothing", tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stdout == ""
    assert done.stderr.endswith(f"test_compiled.py: error: --venv {tmp_path / 'nothing'}: no virtual environment there "
                                f"(no {tmp_path / 'nothing' / 'bin' / 'python'}); build one without --skip-build\n")


def test_skip_build_names_everything_a_venv_without_answer_gate_lacks(tmp_path):
    venv = _venv(tmp_path / "bare")
    done = _compiled_skip_build(venv, tmp_path)
    needed = _needed()
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stdout == ""
    assert done.stderr.endswith(f"test_compiled.py: error: --venv {venv}: answer-gate is not installed there "
                                f"(ModuleNotFoundError: No module named 'gate'); {len(needed)} of the dependencies and the test extra "
                                f"are missing there: {', '.join(needed)}; build it without --skip-build\n")
    assert "pytest" in needed and "pyyaml" in needed and "mypy" in needed


@pytest.mark.pure_core("puts the checkout's gate/ on a venv's path as the pure core: where the compiled core runs, that folder is the compiled package")
def test_skip_build_names_the_pure_core_where_the_compiled_one_should_be(tmp_path):
    """The sources on the venv's path (as an editable install puts them), every dependency
    there (this interpreter's site-packages): the one thing lacking is the compiled core."""
    venv = _venv(tmp_path / "pure", ROOT, system=True)
    done = _compiled_skip_build(venv, tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stdout == ""
    assert done.stderr.endswith(f"test_compiled.py: error: --venv {venv}: its answer-gate ({ROOT / 'gate'}) runs the pure-Python core, "
                                "not the compiled one (built without ANSWER_GATE_COMPILE=1, or installed editable); "
                                "build it without --skip-build\n")


@pytest.mark.pure_core("puts the checkout's gate/ on a venv's path as the pure core: where the compiled core runs, that folder is the compiled package")
def test_skip_build_names_the_pure_core_and_the_missing_packages_at_once(tmp_path):
    venv = _venv(tmp_path / "sources", ROOT)
    done = _compiled_skip_build(venv, tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"--venv {venv}: {len(_needed())} of the dependencies and the test extra are missing there: pyyaml, " in done.stderr
    assert "; its answer-gate" in done.stderr and "runs the pure-Python core, not the compiled one" in done.stderr


def test_skip_build_accepts_a_venv_with_the_compiled_core_and_everything_it_needs(tmp_path):
    """The compiled core as gate.core.build sees it (an extension module beside the figure
    reader's source), in a venv with every dependency: its folder is the one tested."""
    import importlib.util
    from importlib.machinery import EXTENSION_SUFFIXES

    spec = importlib.util.spec_from_file_location("test_compiled_script", TEST_COMPILED)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    installed = tmp_path / "site"
    for name in ("gate/__init__.py", "gate/core/__init__.py", "gate/core/build.py"):
        (installed / name).parent.mkdir(parents=True, exist_ok=True)
        (installed / name).write_text((ROOT / name).read_text(encoding="utf-8") if name.endswith("build.py") else "")
    (installed / "gate" / "figures").mkdir()
    (installed / "gate" / "figures" / f"digits{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    venv = _venv(tmp_path / "compiled", installed, system=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert script.installed_package(venv, elsewhere) == installed / "gate"
    (installed / "gate" / "figures" / f"digits{EXTENSION_SUFFIXES[0]}").unlink()
    with pytest.raises(script.VenvLacks, match=r"runs the pure-Python core, not the compiled one"):
        script.installed_package(venv, elsewhere)


# --- scripts/build_requirements.py: what a compiled build needs --------------------------

def _build_requirements() -> object:
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_requirements", BUILD_REQUIREMENTS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_build_requirements_help_says_what_it_installs_and_how_to_build_then(tmp_path):
    done = _script(BUILD_REQUIREMENTS, "--help", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("usage: build_requirements.py [--print]\n\nInstall what a compiled build needs "
                                  "(setup.py with ANSWER_GATE_COMPILE=1) into the\nenvironment of the Python that runs this script")
    assert "    ANSWER_GATE_COMPILE=1 python -m pip install --no-build-isolation .\n" in done.stdout
    assert re.search(r"\n  --print +print the requirements, one a line, and install nothing\n", done.stdout)
    bad = _script(BUILD_REQUIREMENTS, "--prnt", cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr.endswith("build_requirements.py: error: unrecognized arguments: --prnt\n")


def test_build_requirements_prints_what_a_compiled_build_needs_pinned_as_pyproject_says(tmp_path):
    """Read apart from the script: the build system's requirements, wheel, mypy at the
    release's pin (inside the test extra's range), the test extra's stubs, the dependencies,
    each written as pyproject.toml writes it."""
    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    test = project["project"]["optional-dependencies"]["test"]
    done = _script(BUILD_REQUIREMENTS, "--print", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    printed = done.stdout.splitlines()
    (mypy,) = [line for line in printed if Requirement(line).name == "mypy"]
    (ranged,) = [r for r in test if Requirement(r).name == "mypy"]
    assert mypy == "mypy==2.4.1" and Requirement(ranged).specifier.contains("2.4.1")
    stubs = [r for r in test if Requirement(r).name.startswith("types-") or Requirement(r).name.endswith("-stubs")]
    assert stubs == ["types-PyYAML", "types-jsonschema", "pandas-stubs"]
    assert printed == ["setuptools>=68", "wheel", mypy, *stubs, *project["project"]["dependencies"]]
    assert project["build-system"]["requires"] == ["setuptools>=68"] and "wheel" in test
    assert "mypy_extensions>=1.0" in printed  # @mypyc_attr, read by mypyc in the compiled modules


def test_build_requirements_finds_mypy_and_stubs_however_pyproject_spells_them(tmp_path, monkeypatch):
    module = _build_requirements()
    (tmp_path / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=68"]\n[project]\ndependencies = ["pyyaml>=6.0"]\n'
        '[project.optional-dependencies]\ntest = ["pytest>=7.4", "MyPy >= 1.10", "types_requests>=2", "Foo.Stubs", "typesetter"]\n')
    monkeypatch.setattr(module, "ROOT", tmp_path)
    assert module.requirements() == ["setuptools>=68", "wheel", "mypy==2.4.1", "types_requests>=2", "Foo.Stubs", "pyyaml>=6.0"]
    (tmp_path / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=68"]\n[project]\ndependencies = []\n[project.optional-dependencies]\ntest = ["pytest"]\n')
    with pytest.raises(SystemExit, match=r"^pyproject.toml: expected mypy \(which provides mypyc\) in the test extra; found none$"):
        module.requirements()


@pytest.mark.parametrize("status", [0, 3])
def test_build_requirements_installs_with_the_pip_of_the_python_that_runs_it(tmp_path, status):
    """Without --print: pip of the running interpreter (a stand-in here, which records its
    arguments), given exactly what --print prints; its exit status is the script's."""
    stand_in = tmp_path / "stand-in"
    (stand_in / "pip").mkdir(parents=True)
    (stand_in / "pip" / "__init__.py").write_text("")
    (stand_in / "pip" / "__main__.py").write_text(
        f"import json, sys\nopen({str(tmp_path / 'pip-args.json')!r}, 'w').write(json.dumps(sys.argv[1:]))\nsys.exit({status})\n")
    venv = _venv(tmp_path / "venv", stand_in)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    done = subprocess.run([str(python), str(BUILD_REQUIREMENTS)], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    wanted = _build_requirements().requirements()
    assert done.returncode == status, done.stderr
    assert done.stdout == f"installing into {venv}: {' '.join(wanted)}\n"
    assert json.loads((tmp_path / "pip-args.json").read_text()) == ["install", *wanted]


def test_the_checkout_is_copied_without_a_venv_inside_it(tmp_path, monkeypatch):
    """``--venv myvenv`` in the checkout, which no .gitignore names: its files stay out of the
    copy the suite runs in; the checkout's tracked and new files go in."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("test_compiled_script", TEST_COMPILED)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    repo = tmp_path / "checkout"
    for name in ("tracked.py", "new.py", "myvenv/bin/python", "myvenvs/kept.txt", "docs/myvenv/kept.txt"):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(name)
    subprocess.run(["git", "init", "--quiet", str(repo)], check=True)
    subprocess.run(["git", "add", "tracked.py"], cwd=repo, check=True)
    monkeypatch.setattr(script, "ROOT", repo)
    for venv, copied in ((repo / "myvenv", ["docs/myvenv/kept.txt", "myvenvs/kept.txt", "new.py", "tracked.py"]),
                         (tmp_path / "elsewhere", ["docs/myvenv/kept.txt", "myvenv/bin/python", "myvenvs/kept.txt", "new.py", "tracked.py"])):
        to = tmp_path / f"copy-{venv.name}"
        script._copy_checkout(to, venv)
        assert sorted(p.relative_to(to).as_posix() for p in to.rglob("*") if p.is_file() and ".git" not in p.parts) == copied


def test_the_benchmark_s_compiled_venv_may_be_named_relative_to_where_it_starts(tmp_path, monkeypatch):
    """``--compiled .venv-compiled/bin/python``, the benchmarks README's command: the commands
    run in a temporary folder, so the venv's answer-gate is named by its absolute path (the
    venv's link to its interpreter not resolved)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_check", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    (tmp_path / "venv" / "bin").mkdir(parents=True)
    (tmp_path / "venv" / "bin" / "python").symlink_to(sys.executable)
    (tmp_path / "venv" / "bin" / "answer-gate").write_text("#!/bin/sh\necho 'answer-gate 0.1.0 (compiled core)'\n")
    (tmp_path / "venv" / "bin" / "answer-gate").chmod(0o755)
    monkeypatch.chdir(tmp_path)
    command = bench.compiled_command("venv/bin/python")
    assert command == [str(tmp_path / "venv" / "bin" / "answer-gate")]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert bench.core_of(command, {"PATH": os.environ["PATH"]}, elsewhere) == "answer-gate 0.1.0 (compiled core)"
