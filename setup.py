"""The build: pure Python unless asked to compile.

``pip install .`` (or ``python -m build``) installs the pure-Python sources, quickly, with
nothing but setuptools. With ``ANSWER_GATE_COMPILE=1`` in the environment the build compiles
the hot path (the figure reader, the scoring and the reading of log lines) with mypyc into
extension modules next to the sources; the sources stay in the wheel, and Python loads the
extension module first. ``ANSWER_GATE_OPT_LEVEL`` (0, 1, 2 or 3; unset or empty: 3) is
mypyc's optimisation level, read only when compiling (0 builds in half the time but runs
slower than pure Python: a trial of the build only; any other value stops the build).
``answer-gate --version`` says which core runs. The release's compiled wheels are built this
way (.github/workflows/release.yml, cibuildwheel); a compiled build needs mypy (which
provides mypyc), the type stubs of pyproject.toml's test extra and a C compiler
(``python scripts/build_requirements.py`` installs the first two and the dependencies).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent

# The modules compiled: the figure reader, the scoring and the line reader, whole. Left out:
# gate/scoring/checks/format.py (jsonschema's validator, called once per answer with a schema).
COMPILED = ["gate/figures", "gate/figures/languages", "gate/scoring", "gate/scoring/checks"]
COMPILED_FILES = ["gate/engine/lines.py"]
NOT_COMPILED = {"gate/scoring/checks/format.py"}


def _lazy(path: str) -> bool:
    """A module that re-exports, left pure: one with a module-level ``__getattr__`` (a
    package's lazy exports), as mypyc's module initialiser looks attributes up before the
    module's globals are set, and crashes in such a ``__getattr__``; and one that imports
    ``*`` (a former import path), whose names a compiled module does not bind."""
    return any(line.startswith("def __getattr__(") or (line.startswith("from ") and " import *" in line)
               for line in (HERE / path).read_text(encoding="utf-8").splitlines())


def compiled_sources() -> list[str]:
    """The source files mypyc compiles, relative to the project (sorted: the build is reproducible)."""
    files = [str(p.relative_to(HERE).as_posix()) for folder in COMPILED for p in sorted((HERE / folder).glob("*.py"))]
    return sorted(f for f in files + COMPILED_FILES if f not in NOT_COMPILED and not _lazy(f))


# The commands that build extension modules: for the others (the metadata pip asks for first,
# an sdist), mypyc (minutes) is not run.
BUILDS = {"build", "build_ext", "bdist_wheel", "bdist", "install", "develop", "editable_wheel"}


#: ANSWER_GATE_COMPILE's values, any case: compile, or not. Any other value is an error, never
#: a silent pure-Python build.
YES, NO = ("1", "true", "yes", "on"), ("", "0", "false", "no", "off")


def compile_asked(value: str | None) -> bool:
    """Whether ``ANSWER_GATE_COMPILE`` (``value``, None when unset) asks for the compiled core.

    Raises:
        SystemExit: a value that is neither a yes nor a no (named with what is accepted).
    """
    said = (value or "").strip().lower()
    if said in YES:
        return True
    if said in NO:
        return False
    raise SystemExit(f"ANSWER_GATE_COMPILE: expected 1 (compile the core with mypyc) or 0 (pure Python), "
                     f"or one of {', '.join(YES[1:] + NO[2:])}; found {value!r}")


#: ANSWER_GATE_OPT_LEVEL's values: mypyc's optimisation levels (the C compiler's -O0 to -O3).
OPT_LEVELS = ("0", "1", "2", "3")


def opt_level(value: str | None) -> str:
    """mypyc's optimisation level from ``ANSWER_GATE_OPT_LEVEL`` (``value``, None when unset;
    unset or empty: 3, the release's).

    Raises:
        SystemExit: any value but 0, 1, 2 or 3 (named with what is accepted), never passed on
            to mypyc and the C compiler.
    """
    said = (value or "").strip() or "3"
    if said in OPT_LEVELS:
        return said
    raise SystemExit(f"ANSWER_GATE_OPT_LEVEL: expected mypyc's optimisation level, 0, 1, 2 or 3 (default 3); found {value!r}")


NO_MYPYC = ("ANSWER_GATE_COMPILE is set, but mypyc (it comes with mypy) cannot be imported in this build's environment. "
            "Install what a compiled build needs with `python scripts/build_requirements.py`, then build without "
            "isolation, so that the build sees it: `ANSWER_GATE_COMPILE=1 python -m pip install --no-build-isolation .` "
            "(README, 'The compiled core').")


def ext_modules() -> list[object]:
    if not compile_asked(os.environ.get("ANSWER_GATE_COMPILE")):
        return []
    if not BUILDS.intersection(sys.argv[1:]):
        return []
    problems: list[str] = []  # each said at once
    try:
        level = opt_level(os.environ.get("ANSWER_GATE_OPT_LEVEL"))
    except SystemExit as bad:
        problems.append(str(bad))
    try:
        from mypyc.build import mypycify  # only a compiled build needs mypy
    except ImportError:
        problems.append(NO_MYPYC)
    if problems:
        raise SystemExit("\n".join(problems))

    # One C file a module (compiled two at a time) rather than one large file.
    return list(mypycify(compiled_sources(), opt_level=level, multi_file=True))


if __name__ == "__main__":  # as setuptools' build backend runs it; imported (tests), it only defines the lists
    setup(ext_modules=ext_modules(), options={"build_ext": {"parallel": 2}})
