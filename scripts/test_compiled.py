"""The whole suite on the compiled core (issue 34).

Builds the compiled core (setup.py with ``ANSWER_GATE_COMPILE=1``: mypyc over the figure
reader, the scoring and the line reader) from a copy of this checkout, installs it, not
editable, in a virtual environment of its own, and runs the test suite there against the
installed package, never the sources::

    python scripts/test_compiled.py [--venv DIR] [--skip-build] [PYTEST ARGUMENTS]

The venv (default ``.venv-compiled``) first gets ``.[test]`` installed as usual (the
dependencies, and mypy, which provides mypyc, at the release's version from
build_requirements.py), then the compiled build over it (without build isolation: mypyc
type-checks against the installed libraries' stubs; a C compiler is needed). The tests run
from a copy of the checkout whose ``gate/`` is a link to the installed package: whatever
imports ``gate`` (the tests, the commands they start with ``python -m gate`` from the copy, a
``PYTHONPATH`` set to it) gets the extension modules, and the tests that read the sources
read the installed ones, the same files. Tests marked ``pure_core`` (they replace a
function that compiled callers do not look up again) are skipped there, with their reason; the
golden files are the same for both cores. Prints the time of the build and of the run; exits
with pytest's exit code.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _copy_checkout(to: Path, venv: Path) -> None:
    """The checkout's files as git sees them (tracked and new ones, nothing ignored), in a
    repository of their own (the tests that copy the checkout ask git for its files); the
    Node tools .ci/run installs are linked. A ``venv`` inside the checkout is left out,
    ignored or not (``--venv myvenv``: thousands of files, and the compiled core itself)."""
    inside = venv.resolve().relative_to(ROOT.resolve()) if venv.resolve().is_relative_to(ROOT.resolve()) else None
    leave_out = ["--exclude", f"/{inside.as_posix()}/"] if inside else []
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", *leave_out], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():  # a tracked file deleted in the worktree is left out
            (to / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, to / name)
    subprocess.run(["git", "init", "--quiet", str(to)], check=True)
    subprocess.run(["git", "add", "--all"], cwd=to, check=True)  # gate/'s files are listed before gate/ becomes a link
    node = Path(".ci", "node", "node_modules")
    if (ROOT / node).is_dir():
        (to / node).symlink_to(ROOT / node, target_is_directory=True)


def _env() -> dict[str, str]:
    """The environment of the venv's commands: nothing that brings back the sources or
    another environment, nor the opt-in test that builds a compiled core itself."""
    dropped = {"PYTHONPATH", "VIRTUAL_ENV", "UPDATE_GOLDEN", "ANSWER_GATE_TEST_COMPILED", "ANSWER_GATE_COMPILED_WHEEL", "ANSWER_GATE_COMPILE"}
    return {k: v for k, v in os.environ.items() if k not in dropped}


def _python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def release_mypyc() -> str:
    """The mypy (mypyc) the release's wheels are built with (scripts/build_requirements.py's
    pin), so that the suite tests the core the release ships."""
    spec = importlib.util.spec_from_file_location("build_requirements", ROOT / "scripts" / "build_requirements.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.MYPYC)


def build(venv: Path, project: Path) -> float:
    """Install ``project[test]`` in ``venv``, then the compiled core over it; the seconds the
    compiled build took."""
    if not _python(venv).exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(_python(venv)), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    start = time.perf_counter()
    subprocess.run([*pip, f"{project}[test]", release_mypyc()], check=True, env=_env())
    print(f"the test extra and the dependencies installed in {time.perf_counter() - start:.0f} s", flush=True)
    start = time.perf_counter()
    subprocess.run([*pip, "--no-build-isolation", "--no-deps", "--force-reinstall", str(project)],
                   check=True, env={**_env(), "ANSWER_GATE_COMPILE": "1"}, cwd=project)
    return time.perf_counter() - start


#: What the venv is asked (with ``-c``, from a folder without ``gate/``): which of the
#: distributions named in ``sys.argv[1]`` it lacks, and which core its ``gate`` runs, from where.
PROBE = r"""
import json, os, sys
from importlib import metadata
said = {"missing": [], "gate": None, "core": None, "folder": None}
for name in json.loads(sys.argv[1]):
    try:
        metadata.distribution(name)
    except metadata.PackageNotFoundError:
        said["missing"].append(name)
try:
    import gate, gate.core.build as build
except ImportError as bad:
    said["gate"] = f"{type(bad).__name__}: {bad}"
else:
    said["core"], said["folder"] = build.core_name(), os.path.dirname(gate.__file__)
print(json.dumps(said))
"""


def needed() -> list[str]:
    """The distributions the compiled suite needs besides answer-gate: its dependencies and its
    test extra (pyproject.toml), by name."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = [re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0] for r in project["dependencies"] + project["optional-dependencies"]["test"]]
    return list(dict.fromkeys(names))


class VenvLacks(Exception):
    """The virtual environment cannot run the suite on the compiled core (the message says why)."""


def installed_package(venv: Path, elsewhere: Path) -> Path:
    """The folder of the installed ``gate``, asserted to be the compiled core.

    Raises:
        VenvLacks: no interpreter in ``venv``; or answer-gate, some of its dependencies or of
            its test extra missing there, or the pure-Python core installed (all said at once,
            with what to do).
    """
    if not _python(venv).exists():
        raise VenvLacks(f"--venv {venv}: no virtual environment there (no {_python(venv)}); build one without --skip-build")
    done = subprocess.run([str(_python(venv)), "-c", PROBE, json.dumps(needed())], cwd=elsewhere, env=_env(),
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise VenvLacks(f"--venv {venv}: its interpreter failed (exit {done.returncode}): {done.stderr.strip()[-500:]}")
    said = json.loads(done.stdout)
    lacks = []
    if said["gate"]:
        lacks.append(f"answer-gate is not installed there ({said['gate']})")
    if said["missing"]:
        lacks.append(f"{len(said['missing'])} of the dependencies and the test extra are missing there: {', '.join(said['missing'])}")
    if said["core"] and said["core"] != "compiled core":
        lacks.append(f"its answer-gate ({said['folder']}) runs the {said['core']}, not the compiled one "
                     "(built without ANSWER_GATE_COMPILE=1, or installed editable)")
    if lacks:
        raise VenvLacks(f"--venv {venv}: " + "; ".join(lacks) + "; build it without --skip-build")
    return Path(said["folder"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], usage="%(prog)s [--venv DIR] [--skip-build] [PYTEST ARGUMENTS]",
                                     epilog="Every other argument goes to pytest, e.g. `-q tests/test_example.py`.")
    parser.add_argument("--venv", type=Path, default=ROOT / ".venv-compiled", help="the virtual environment (made when missing; default .venv-compiled)")
    parser.add_argument("--skip-build", action="store_true", help="test the compiled core the venv holds, without building it again")
    args, pytest_args = parser.parse_known_args(argv)
    venv = args.venv.absolute()
    with tempfile.TemporaryDirectory(prefix="answer-gate-compiled-") as work:
        project = Path(work) / "project"
        try:
            if args.skip_build:  # what the venv lacks, said before the checkout is copied
                package = installed_package(venv, Path(work))
                _copy_checkout(project, venv)
            else:
                _copy_checkout(project, venv)
                seconds = build(venv, project)
                print(f"compiled core built and installed in {seconds:.0f} s", flush=True)
                package = installed_package(venv, Path(work))
        except VenvLacks as lacking:
            if args.skip_build:
                parser.error(str(lacking))
            raise SystemExit(f"the build ran, but {lacking}") from None
        shutil.rmtree(project / "gate")
        shutil.rmtree(project / "build", ignore_errors=True)
        (project / "gate").symlink_to(package, target_is_directory=True)
        start = time.perf_counter()
        run = subprocess.run([str(_python(venv)), "-m", "pytest", "-p", "no:cacheprovider", *pytest_args], cwd=project, env=_env())
        print(f"the suite on the compiled core ({package}): exit {run.returncode} in {time.perf_counter() - start:.0f} s", flush=True)
        return run.returncode


if __name__ == "__main__":
    sys.exit(main())
