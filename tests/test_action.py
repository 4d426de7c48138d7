"""End to end: the steps of action.yml run as GitHub would run them.

Each ``run:`` step of the composite action runs in bash with its ``env:`` (expressions filled
in as the runner would), the ``GITHUB_*`` variables pointing at temporary files, and the
GitHub API served by a loopback server started here. The setup-python step is the only one
not run: its output (the interpreter) is this test's Python. The install step runs for real,
offline: the action's virtual environment sees this test environment's packages through a
``.pth`` file, so pip finds every dependency installed and needs no index.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
import yaml

from conftest import ROOT
from loopback_github import serve

TOKEN = "ghs_actiontesttoken0000000000000000000"
EXPRESSION = re.compile(r"\$\{\{\s*([^}]+?)\s*\}\}")


def load_action() -> dict:
    return yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))


def test_action_passes_inputs_through_env_never_inline():
    action = load_action()
    assert action["runs"]["using"] == "composite"
    for step in action["runs"]["steps"]:
        if "run" in step:
            assert "${{" not in step["run"], f"expression inside run: of step {step['name']!r}"
            assert step["shell"] == "bash"
    assert set(action["inputs"]) == {"run", "questions", "thresholds", "baselines", "comment", "token", "python-version"}
    assert set(action["outputs"]) == {"passed", "report-json", "report-markdown", "comment-url"}
    setup = action["runs"]["steps"][0]
    assert setup["uses"].startswith("actions/setup-python@") and setup["with"]["update-environment"] is False


def parse_outputs(path: Path) -> dict[str, str]:
    """Read a GITHUB_OUTPUT file written with the heredoc form."""
    out: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        name, _, delimiter = lines[i].partition("<<")
        value = []
        i += 1
        while lines[i] != delimiter:
            value.append(lines[i])
            i += 1
        out[name] = "\n".join(value)
        i += 1
    return out


class Runner:
    """Runs the action's steps like the GitHub runner, in a temporary workspace."""

    def __init__(self, tmp: Path, api_url: str, inputs: dict[str, str]) -> None:
        self.tmp = tmp
        self.workspace = tmp / "workspace"
        shutil.copytree(ROOT / "examples", self.workspace / "examples")
        shutil.copytree(ROOT / "baselines", self.workspace / "baselines")
        shutil.copy(ROOT / "thresholds.yaml", self.workspace / "thresholds.yaml")
        self.runner_temp = tmp / "runner-temp"
        self.runner_temp.mkdir()
        self.summary = tmp / "step_summary.md"
        self.output = tmp / "output.txt"
        event = tmp / "event.json"
        event.write_text(json.dumps({"pull_request": {"number": 7}}))
        self.action = load_action()
        self.inputs = {name: str(spec.get("default", "")) for name, spec in self.action["inputs"].items()}
        self.inputs["token"] = TOKEN
        self.inputs.update(inputs)
        self.base_env = {
            "PATH": os.environ["PATH"],
            "HOME": str(tmp),
            "GITHUB_ACTIONS": "true",
            "GITHUB_REPOSITORY": "octo/stats",
            "GITHUB_API_URL": api_url,
            "GITHUB_SERVER_URL": "https://github.example",
            "GITHUB_RUN_ID": "42",
            "GITHUB_EVENT_NAME": "pull_request",
            "GITHUB_EVENT_PATH": str(event),
            "GITHUB_STEP_SUMMARY": str(self.summary),
            "GITHUB_OUTPUT": str(self.output),
            "PIP_NO_INDEX": "1",
            "PIP_NO_BUILD_ISOLATION": "0",
            "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        }
        self._prepare_offline_venv()

    def _prepare_offline_venv(self) -> None:
        venv = self.runner_temp / "answer-gate" / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        purelib = subprocess.run([str(venv / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                 check=True, capture_output=True, text=True).stdout.strip()
        Path(purelib, "_answer_gate_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")

    def expression(self, text: str) -> str:
        def value(match: re.Match) -> str:
            expr = match.group(1)
            if expr.startswith("inputs."):
                return self.inputs[expr[len("inputs."):]]
            known = {
                "github.action_path": str(ROOT),
                "github.token": TOKEN,
                "runner.temp": str(self.runner_temp),
                "steps.python.outputs.python-path": sys.executable,
            }
            if expr in known:
                return known[expr]
            raise AssertionError(f"the test runner does not know the expression {expr!r}")

        return EXPRESSION.sub(value, str(text))

    def run(self) -> list[subprocess.CompletedProcess]:
        results = []
        for step in self.action["runs"]["steps"]:
            if "uses" in step:
                continue
            env = dict(self.base_env)
            env.update({k: self.expression(v) for k, v in (step.get("env") or {}).items()})
            result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                                    cwd=self.workspace, env=env, capture_output=True, text=True, timeout=300)
            results.append(result)
            if result.returncode != 0:
                break
        return results


@pytest.fixture
def github():
    with serve(TOKEN, repository="octo/stats") as server:
        yield server


GATE_INPUTS = {"run": "examples/answers_run_assistant-1.3_set-1.2.jsonl", "questions": "examples/question_set-1.2.jsonl"}


def test_action_steps_as_github_runs_them(tmp_path, github):
    runner = Runner(tmp_path, github.api_url, GATE_INPUTS)
    install, gate = runner.run()
    assert install.returncode == 0, install.stderr
    assert gate.returncode == 1, gate.stderr  # the example fails its floors: the step fails

    outputs = parse_outputs(runner.output)
    assert outputs["passed"] == "false"
    report = json.loads(Path(outputs["report-json"]).read_text())
    assert report["verdict"] == {"passed": False, "failed": 8, "warned": 8, "checked": 28, "skipped": 2}
    (comment,) = github.issue_comments(7)
    assert outputs["comment-url"].endswith(f"#issuecomment-{comment.id}")
    assert comment.body.startswith("<!-- answer-gate -->\n### ❌ answer-gate failed")
    assert Path(outputs["report-markdown"]).read_text(encoding="utf-8").startswith("<!-- answer-gate -->")

    summary = runner.summary.read_text(encoding="utf-8")
    assert "### ❌ answer-gate failed: 2 invented figures" in summary and " · 8 of 28 rules failed, 8 warned" in summary
    errors = [line for line in gate.stdout.splitlines() if line.startswith("::error ")]
    warnings = [line for line in gate.stdout.splitlines() if line.startswith("::warning ")]
    assert len(errors) == 8 and len(warnings) == 8
    assert errors[0].startswith("::error title=answer-gate all numeric_accuracy::all: numeric accuracy 0.83 (n=6), floor min 0.90")
    assert TOKEN not in gate.stdout + gate.stderr + summary

    # A second run updates the same comment in place.
    runner.output.write_text("")
    _, again = runner.run()
    assert again.returncode == 1
    (updated,) = github.issue_comments(7)
    assert updated.id == comment.id
    assert len(github.requests_for("POST")) == 1 and len(github.requests_for("PATCH")) == 1


def test_read_only_token_skips_the_comment_keeps_the_verdict_and_writes_the_summary(tmp_path, github):
    github.read_only = True
    runner = Runner(tmp_path, github.api_url, GATE_INPUTS)
    _, gate = runner.run()
    assert gate.returncode == 1
    assert github.issue_comments(7) == []
    assert "::warning title=answer-gate::comment skipped: the token cannot write to this pull request" in gate.stdout
    assert "answer-gate failed" in runner.summary.read_text(encoding="utf-8")
    outputs = parse_outputs(runner.output)
    assert outputs["comment-url"] == "" and outputs["passed"] == "false"
    assert Path(outputs["report-markdown"]).exists()


def test_passing_run_exits_zero_with_outputs(tmp_path, github):
    runner = Runner(tmp_path, github.api_url, {"run": "examples/answers_run_assistant-1.2_set-1.2.jsonl",
                                                "questions": "examples/question_set-1.2.jsonl", "comment": "false"})
    _, gate = runner.run()
    assert gate.returncode == 0, gate.stderr
    assert parse_outputs(runner.output)["passed"] == "true"
    assert github.requests == []
    assert "### ✅ answer-gate passed" in runner.summary.read_text(encoding="utf-8")
