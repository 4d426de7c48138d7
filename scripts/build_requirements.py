"""Install what a compiled build needs (setup.py with ``ANSWER_GATE_COMPILE=1``), without
building the project: setuptools and wheel, mypy (which provides mypyc) and the type stubs
from pyproject.toml's test extra, and the project's dependencies (mypyc reads the code with
them: an import it cannot find fails the build). The release's cibuildwheel runs it before
each build (.github/workflows/release.yml), where ``ANSWER_GATE_COMPILE=1`` is already set and
a plain ``pip install .`` would try to compile in an isolated environment without mypy.

    python scripts/build_requirements.py [--print]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The mypy (mypyc) of the release's builds: the one the compiled core was last built and
#: tested with (scripts/test_compiled.py), for the test extra's looser "mypy>=".
MYPYC = "mypy==2.4.1"


def requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    typing = [MYPYC if r.startswith("mypy>") else r for r in project["project"]["optional-dependencies"]["test"]
              if r.startswith(("mypy>", "types-", "pandas-stubs"))]
    return [*project["build-system"]["requires"], "wheel", *typing, *project["project"]["dependencies"]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--print", action="store_true", help="print the requirements, one a line, and install nothing")
    args = parser.parse_args(argv)
    wanted = requirements()
    if args.print:
        print("\n".join(wanted))
        return 0
    return subprocess.run([sys.executable, "-m", "pip", "install", *wanted]).returncode


if __name__ == "__main__":
    sys.exit(main())
