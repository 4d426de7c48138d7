"""actionlint and zizmor on every workflow, the example workflows and action.yml.

Both come with the test extra (binary wheels on PyPI) and run offline. zizmor must find
nothing at its default level, and nothing at ``--pedantic`` either: each finding was fixed
or is suppressed by a ``# zizmor: ignore[...]`` comment beside the line that says why, and
the only configured exception (``.github/zizmor.yml``) lets the examples use this action at
its release tag. actionlint checks the workflows, and action.yml through ``uses: ./`` in
ci.yml (an undefined input there is an error).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import ROOT

WORKFLOWS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / ".github" / "workflows").glob("*.yml"))
EXAMPLES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples" / "workflows").glob("*.yml"))


def _tool(name: str) -> str:
    path = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    assert path, f"{name} is not installed: it comes with the test extra (python -m pip install -e '.[test]')"
    return path


def test_there_are_workflows_to_lint():
    assert WORKFLOWS == [".github/workflows/ci.yml", ".github/workflows/release.yml"]
    assert EXAMPLES == ["examples/workflows/answer-gate-comment.yml", "examples/workflows/answer-gate-save-baseline.yml",
                        "examples/workflows/answer-gate.yml"]


def test_actionlint_finds_nothing():
    result = subprocess.run([_tool("actionlint"), "-no-color", *WORKFLOWS, *EXAMPLES], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stdout) == (0, ""), result.stdout + result.stderr


@pytest.mark.parametrize("persona", ["regular", "pedantic"])
def test_zizmor_finds_nothing(persona):
    result = subprocess.run([_tool("zizmor"), "--offline", "--no-progress", f"--persona={persona}", "--config", ".github/zizmor.yml",
                             "--format", "plain", *WORKFLOWS, *EXAMPLES, "action.yml"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No findings to report" in result.stdout, result.stdout


def test_every_ignored_finding_says_why():
    for path in [*WORKFLOWS, *EXAMPLES, "action.yml"]:
        for number, line in enumerate((ROOT / path).read_text(encoding="utf-8").splitlines(), 1):
            if "zizmor: ignore[" in line:
                reason = line.split("]", 1)[1].strip()
                assert len(reason.split()) >= 4, f"{path}:{number}: an ignored finding without its reason"


def test_every_job_has_least_permissions_and_a_timeout():
    for path in [*WORKFLOWS, *EXAMPLES]:
        workflow = yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))
        assert workflow["permissions"] == {}, f"{path}: permissions belong to the jobs"
        lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
        explained = [l.strip().split(":", 1)[0] for l in lines if l.startswith(" " * 6) and "#" in l and l.split("#", 1)[1].strip()]
        wanted = []
        for name, job in workflow["jobs"].items():
            assert isinstance(job.get("timeout-minutes"), int), f"{path}: job {name} has no timeout-minutes"
            assert job.get("permissions"), f"{path}: job {name} names no permissions"
            wanted += list(job["permissions"])
        for scope in set(wanted):
            assert explained.count(scope) >= wanted.count(scope), f"{path}: a {scope} permission without its reason beside it"
