"""The package is typed end to end and lint-clean: ``mypy --strict`` and ``ruff check`` on gate/.

Both tools come with the test extra (pyproject.toml) and read their settings from
pyproject.toml (``[tool.mypy]``, ``[tool.ruff]``). A failure shows the tools' own output: the
file, line and rule of each error, and how to run the same check by hand.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from conftest import ROOT


def _run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run a tool of the test extra on the repository, as ``python -m tool``."""
    if importlib.util.find_spec(tool) is None:
        pytest.skip(f"{tool} is not installed: install the test extra (python -m pip install -e '.[test]') to run this check")
    return subprocess.run([sys.executable, "-m", tool, *args], cwd=ROOT, capture_output=True, text=True, timeout=900)


def test_mypy_strict_is_clean_on_gate():
    done = _run("mypy", "gate")
    assert done.returncode == 0, (
        "mypy --strict (settings in pyproject.toml [tool.mypy]) reports errors; run `python -m mypy gate` to see them:\n"
        + done.stdout + done.stderr
    )


def test_ruff_is_clean_on_gate():
    done = _run("ruff", "check", "gate")
    assert done.returncode == 0, (
        "ruff (rules in pyproject.toml [tool.ruff.lint]) reports errors; run `python -m ruff check gate` to see them, "
        "`python -m ruff check --fix gate` fixes the mechanical ones:\n" + done.stdout + done.stderr
    )


def test_no_module_of_gate_is_left_out_of_the_strict_check():
    import tomllib

    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert settings["strict"] is True
    ignored = [o["module"] for o in settings.get("overrides", []) if o.get("ignore_errors")]
    assert ignored == [], f"pyproject.toml [tool.mypy] ignores the errors of {ignored}: type them instead"
    skipped = [o["module"] for o in settings.get("overrides", []) if any(str(m).startswith("gate") for m in o["module"])]
    assert skipped == []
