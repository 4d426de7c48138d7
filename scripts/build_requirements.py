"""Install what a compiled build needs (setup.py with ANSWER_GATE_COMPILE=1) into the
environment of the Python that runs this script, without building the project: setuptools
and wheel; mypy, which provides mypyc, pinned to the release's; the type stubs of
pyproject.toml's test extra; and the project's dependencies, which mypyc reads the code with
(an import it cannot find fails the build). Each is pinned as pyproject.toml says. Then
build without isolation:
    ANSWER_GATE_COMPILE=1 python -m pip install --no-build-isolation .

The release's cibuildwheel runs it before each build (.github/workflows/release.yml), where
ANSWER_GATE_COMPILE=1 is already set and a plain ``pip install .`` would try to compile in an
isolated environment without mypy.

    python scripts/build_requirements.py [--print]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The mypy (mypyc) of the release's builds: the one the compiled core was last built and
#: tested with (scripts/test_compiled.py), for the test extra's looser "mypy>=".
MYPYC = "mypy==2.4.1"


def _name(requirement: str) -> str:
    """A requirement's project name, normalised (PEP 503): ``types-PyYAML`` -> ``types-pyyaml``."""
    return re.sub(r"[-_.]+", "-", re.split(r"[<>=!~\[;@ ]", requirement.strip(), maxsplit=1)[0]).lower()


def requirements() -> list[str]:
    """What a compiled build needs, one requirement each, in pyproject.toml's words: the build
    system's requirements, wheel, mypy (as ``MYPYC``), the test extra's type stubs
    (``types-*``, ``*-stubs``) and the project's dependencies.

    Raises:
        SystemExit: the test extra names no mypy (mypyc would be missing from the build).
    """
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    test = project["project"]["optional-dependencies"]["test"]
    if not any(_name(r) == "mypy" for r in test):
        raise SystemExit("pyproject.toml: expected mypy (which provides mypyc) in the test extra; found none")
    typing = [MYPYC if _name(r) == "mypy" else r for r in test
              if _name(r) == "mypy" or _name(r).startswith("types-") or _name(r).endswith("-stubs")]
    return [*project["build-system"]["requires"], "wheel", *typing, *project["project"]["dependencies"]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], usage="%(prog)s [--print]",
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--print", action="store_true", help="print the requirements, one a line, and install nothing")
    args = parser.parse_args(argv)
    wanted = requirements()
    if args.print:
        print("\n".join(wanted))
        return 0
    print(f"installing into {sys.prefix}: {' '.join(wanted)}", flush=True)
    return subprocess.run([sys.executable, "-m", "pip", "install", *wanted]).returncode


if __name__ == "__main__":
    sys.exit(main())
