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
from collections.abc import Iterable
from dataclasses import dataclass
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
    assert set(action["inputs"]) == {"run", "questions", "thresholds", "baselines", "comment", "comment-key", "token", "python-version", "base-ref"}
    assert set(action["outputs"]) == {"passed", "report-json", "report-markdown", "comment-url"}
    setup = action["runs"]["steps"][0]
    assert setup["uses"].startswith("actions/setup-python@") and setup["with"]["update-environment"] is False


def test_every_action_used_is_pinned_by_commit_with_its_version_beside():
    text = (ROOT / "action.yml").read_text(encoding="utf-8")
    uses = re.findall(r"uses: (\S+)(.*)", text)
    assert uses, "no uses: found"
    for ref, comment in uses:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", ref), ref
        assert re.fullmatch(r" # v\d+\.\d+\.\d+", comment), (ref, comment)


def test_the_lock_pins_every_dependency_with_hashes():
    """requirements/action.txt: every runtime dependency of pyproject.toml, and everything they
    need, at one version with its hashes, plus the build backend."""
    import tomllib

    from packaging.requirements import Requirement

    lock = (ROOT / "requirements" / "action.txt").read_text(encoding="utf-8")
    pinned = {m.group(1).lower().replace("_", "-"): m.group(2) for m in re.finditer(r"^([A-Za-z0-9_.-]+)==(\S+) \\$", lock, re.M)}
    hashed = re.findall(r"^\S+==\S+ \\\n(?: {4}--hash=sha256:[0-9a-f]{64}(?: \\)?\n)+", lock, re.M)
    assert len(pinned) == lock.count("==") == len(hashed) > 20
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for text in project["project"]["dependencies"] + project["build-system"]["requires"]:
        requirement = Requirement(text)
        name = requirement.name.lower().replace("_", "-")
        assert name in pinned, f"{name} is not in the lock"
        assert requirement.specifier.contains(pinned[name]), (text, pinned[name])
    assert not re.search(r"^--(find-links|index-url|extra-index-url)", lock, re.M)  # nothing but PyPI


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


INSTALL_STEPS = ("Key of the dependency cache", "Install the dependencies from the lock", "Install answer-gate")


def stage_action(where: Path, venv_python: Path) -> Path:
    """A copy of the action as GitHub checks it out, whose lock names the versions this test
    environment has installed (same packages, same hashes' lines), so that pip finds every
    one already installed and needs no index. Run from this repository the lock is the
    shipped one; it differs only when the environment has moved on since the lock was made."""
    for name in ("action.yml", "pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, where / name)
    shutil.copytree(ROOT / "gate", where / "gate", ignore=shutil.ignore_patterns("__pycache__"))
    (where / "requirements").mkdir()
    lock = (ROOT / "requirements" / "action.txt").read_text(encoding="utf-8")
    names = re.findall(r"^([A-Za-z0-9_.-]+)==\S+ \\$", lock, re.M)
    found = subprocess.run([str(venv_python), "-c", "import json, sys, importlib.metadata as m; "
                            "print(json.dumps({n: m.version(n) for n in sys.argv[1:]}))", *names],
                           check=True, capture_output=True, text=True).stdout
    versions = json.loads(found)
    lock = re.sub(r"^([A-Za-z0-9_.-]+)==\S+ \\$", lambda m: f"{m.group(1)}=={versions[m.group(1)]} \\", lock, flags=re.M)
    (where / "requirements" / "action.txt").write_text(lock, encoding="utf-8")
    return where


class Runner:
    """Runs the action's steps like the GitHub runner, in a temporary workspace.

    ``uses:`` steps are not run: setup-python's output (the interpreter) is this test's
    Python, and the cache restores the virtual environment the session's install made
    (``steps.cache.outputs.cache-hit`` is ``true``), as on every run after the first.
    """

    def __init__(self, tmp: Path, api_url: str, inputs: dict[str, str], installed: "Installed", *,
                 baselines: bool = True, event: dict | None = None) -> None:
        self.tmp = tmp
        self.workspace = tmp / "workspace"
        shutil.copytree(ROOT / "examples", self.workspace / "examples", ignore=shutil.ignore_patterns("workflows"))
        if baselines:
            shutil.copytree(ROOT / "baselines", self.workspace / "baselines")
        shutil.copy(ROOT / "thresholds.yaml", self.workspace / "thresholds.yaml")
        self.runner_temp = tmp / "runner-temp"
        (self.runner_temp / "answer-gate").mkdir(parents=True)
        (self.runner_temp / "answer-gate" / "venv").symlink_to(installed.venv)
        self.action_path = installed.action_path
        self.summary = tmp / "step_summary.md"
        self.output = tmp / "output.txt"
        event_path = tmp / "event.json"
        event_path.write_text(json.dumps(event or {"pull_request": {"number": 7}}))
        self.action = load_action()
        self.inputs = {name: str(spec.get("default", "")) for name, spec in self.action["inputs"].items()}
        self.inputs["token"] = TOKEN
        self.inputs.update(inputs)
        self.outputs: dict[str, dict[str, str]] = {"cache": {"cache-hit": "true"}}
        # `uses: ./` (a local action): no repository and no ref; `uses: octo/answer-gate@v1.2.0` sets both.
        self.action_repository = ""
        self.action_ref = ""
        self.base_env = {
            "PATH": os.environ["PATH"],
            "HOME": str(tmp),
            "GITHUB_ACTIONS": "true",
            "GITHUB_REPOSITORY": "octo/stats",
            "GITHUB_API_URL": api_url,
            "GITHUB_SERVER_URL": "https://github.example",
            "GITHUB_RUN_ID": "42",
            "GITHUB_EVENT_NAME": "pull_request",
            "GITHUB_EVENT_PATH": str(event_path),
            "GITHUB_STEP_SUMMARY": str(self.summary),
            "GITHUB_OUTPUT": str(self.output),
            "PIP_NO_INDEX": "1",
            "PIP_DISABLE_PIP_VERSION_CHECK": "1",
            "PIP_CONSTRAINT": "",
            "PIP_FIND_LINKS": "",
            "PIP_CONFIG_FILE": os.devnull,
        }

    def expression(self, text: str) -> str:
        def value(match: re.Match) -> str:
            expr = match.group(1)
            if expr.startswith("inputs."):
                return self.inputs[expr[len("inputs."):]]
            step = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expr)
            if step and step.group(1) in self.outputs:
                return self.outputs[step.group(1)].get(step.group(2), "")
            known = {
                "github.action_path": str(self.action_path),
                "github.action_repository": self.action_repository,
                "github.action_ref": self.action_ref,
                "github.token": TOKEN,
                "runner.temp": str(self.runner_temp),
                "runner.os": "Linux",
                "runner.arch": "X64",
                "steps.python.outputs.python-path": sys.executable,
                "steps.python.outputs.python-version": ".".join(map(str, sys.version_info[:3])),
                "github.event.pull_request.base.sha": "",  # no pull request here: the base step reads nothing
            }
            if expr in known:
                return known[expr]
            raise AssertionError(f"the test runner does not know the expression {expr!r}")

        return EXPRESSION.sub(value, str(text))

    def condition(self, step: dict) -> bool:
        """The ``if:`` of a step: the only one the action has compares the cache hit."""
        condition = step.get("if")
        if condition is None:
            return True
        assert condition == "steps.cache.outputs.cache-hit != 'true'", condition
        return self.outputs["cache"]["cache-hit"] != "true"

    def run(self, only: Iterable[str] | None = None) -> list[subprocess.CompletedProcess]:
        """Run the ``run:`` steps (those named in ``only``, else those after the install)."""
        names = set(only) if only is not None else None
        results = []
        for step in self.action["runs"]["steps"]:
            if "uses" in step or not self.condition(step):
                continue
            if names is not None and step["name"] not in names:
                continue
            if names is None and step["name"] in INSTALL_STEPS:
                continue
            env = dict(self.base_env)
            env.update({k: self.expression(v) for k, v in (step.get("env") or {}).items()})
            before = self.output.read_text(encoding="utf-8") if self.output.exists() else ""
            result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                                    cwd=self.workspace, env=env, capture_output=True, text=True, timeout=600)
            results.append(result)
            if "id" in step and self.output.exists():
                written = self.output.read_text(encoding="utf-8")[len(before):]
                self.outputs[step["id"]] = dict(line.split("=", 1) for line in written.splitlines() if "=" in line and "<<" not in line)
            if result.returncode != 0:
                break
        return results


@dataclass(frozen=True)
class Installed:
    """The action's virtual environment, installed once per test session by its own steps."""

    action_path: Path
    venv: Path
    results: tuple[subprocess.CompletedProcess, ...]


@pytest.fixture(scope="session")
def installed(tmp_path_factory) -> Installed:
    """Run the action's install steps once, for real and offline (a cache miss): the venv
    sees this test environment's packages through a ``.pth`` file, and the staged lock names
    their versions, so pip finds every dependency installed."""
    home = tmp_path_factory.mktemp("action-install")
    venv = home / "runner-temp" / "answer-gate" / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    purelib = subprocess.run([str(venv / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    Path(purelib, "_answer_gate_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    action_path = home / "action"
    action_path.mkdir()
    stage_action(action_path, venv / "bin" / "python")
    runner = Runner(home / "install", "http://127.0.0.1:9", {"run": "unused"}, Installed(action_path, venv, ()))
    runner.runner_temp = home / "runner-temp"  # the real venv, not a link to it
    runner.outputs["cache"] = {"cache-hit": "false"}
    results = tuple(runner.run(only=INSTALL_STEPS))
    return Installed(action_path, venv, results)


# -- the install step: the release's compiled wheel where one fits the runner, else pure ---

FAKE_GH = """#!/usr/bin/env bash
# A stand-in for the GitHub CLI: `gh release download REF --repo R --pattern P --dir D` copies
# the files of the release REF from $FAKE_RELEASES/REF, and fails as gh does where there is none;
# `gh api repos/R/commits/REF --jq .sha` prints the commit in $FAKE_TAGS/REF, or fails (no such ref).
echo "$*" >> "$FAKE_GH_LOG"
if [ "$1" = api ]; then
  ref=${2##*/commits/}
  [ -f "$FAKE_TAGS/$ref" ] || { echo "gh: No commit found for SHA: $ref (HTTP 422)" >&2; exit 1; }
  cat "$FAKE_TAGS/$ref"; exit 0
fi
[ "$1 $2" = "release download" ] || exit 2
ref=$3; shift 3
while [ $# -gt 0 ]; do case $1 in --dir) dir=$2; shift 2;; *) shift;; esac; done
[ -d "$FAKE_RELEASES/$ref" ] || { echo "release not found" >&2; exit 1; }
cp "$FAKE_RELEASES/$ref"/*.whl "$dir"/
"""


@pytest.fixture(scope="module")
def release_wheels(tmp_path_factory, installed) -> dict[str, Path]:
    """The wheels a release can hold, by the runner they fit: the pure-Python one, built from
    the action's source, and copies of it tagged as the compiled wheels cibuildwheel makes, one
    for this runner (its interpreter, ABI and platform: the first of packaging's tags), others
    for Windows, macOS and the next Python. What is inside does not matter: the step picks a
    file, and the installed wheel's tags say which."""
    from packaging.tags import sys_tags

    base = tmp_path_factory.mktemp("release-wheels")
    source = base / "source"
    shutil.copytree(installed.action_path, source)
    offline = {**os.environ, "PIP_NO_INDEX": "1", "PIP_CONFIG_FILE": os.devnull, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(base), str(source)],
                   check=True, env=offline)
    (pure,) = base.glob("answer_gate-*.whl")
    here = next(iter(sys_tags()))
    after = f"cp3{sys.version_info.minor + 1}"
    tags = {"here": (here.interpreter, here.abi, here.platform), "windows": (here.interpreter, here.abi, "win_amd64"),
            "macos": (here.interpreter, here.abi, "macosx_11_0_arm64"), "next python": (after, after, here.platform)}
    wheels = {"pure": pure}
    for name, (python, abi, platform) in tags.items():
        made = subprocess.run([sys.executable, "-m", "wheel", "tags", "--python-tag", python, "--abi-tag", abi, "--platform-tag", platform,
                               str(pure)], check=True, capture_output=True, text=True, cwd=base).stdout.strip()
        wheels[name] = base / made
        assert wheels[name].name == f"{pure.name.split('-py3')[0]}-{python}-{abi}-{platform}.whl"
    return wheels


def _bare_venv(where: Path) -> Path:
    """A virtual environment without answer-gate that sees this test environment's packages
    (pip and the dependencies) through a ``.pth`` file, as the session's install does."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True)
    purelib = subprocess.run([str(where / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    Path(purelib, "_answer_gate_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return Path(purelib)


def _install_answer_gate(tmp: Path, installed: Installed, venv: Path, ref: str, release: tuple[Path, ...] | None,
                         release_tag: str | None = None, tags: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """The action's step "Install answer-gate", used as ``octo/answer-gate@REF`` (``uses: ./``
    when ``ref`` is empty), with gh standing in for GitHub: the release ``release_tag`` (default
    ``ref``) holds the files ``release`` (``None``: there is no such release), and ``tags``
    gives the commit of each tag."""
    runner = Runner(tmp / "runner", "http://127.0.0.1:9", {"run": "unused"}, Installed(installed.action_path, venv, ()), baselines=False)
    runner.action_ref, runner.action_repository = ref, "octo/answer-gate" if ref else ""
    tools, releases, commits = tmp / "tools", tmp / "releases", tmp / "tags"
    tools.mkdir(parents=True)
    commits.mkdir()
    (tools / "gh").write_text(FAKE_GH)
    (tools / "gh").chmod(0o755)
    if release is not None:
        (releases / (release_tag or ref)).mkdir(parents=True)
        for wheel in release:
            shutil.copy(wheel, releases / (release_tag or ref) / wheel.name)
    for tag, commit in (tags or {}).items():
        (commits / tag).write_text(commit + "\n")
    runner.base_env.update({"PATH": f"{tools}{os.pathsep}{os.environ['PATH']}", "FAKE_RELEASES": str(releases), "FAKE_GH_LOG": str(tmp / "gh.log"),
                            "FAKE_TAGS": str(commits)})
    (result,) = runner.run(only=["Install answer-gate"])
    return result


def _installed_from(purelib: Path) -> str:
    """Where the environment's answer-gate came from: the tags of its wheel, and ``source``
    for the wheel pip built from the action's folder (a direct reference)."""
    (dist,) = purelib.glob("answer_gate-*.dist-info")
    if (dist / "direct_url.json").exists():
        assert json.loads((dist / "direct_url.json").read_text())["url"].startswith("file://")
        return "source"
    return "-".join(line.split(": ", 1)[1] for line in (dist / "WHEEL").read_text().splitlines() if line.startswith("Tag: "))


EVERY_RUNNER = ("here", "windows", "macos", "next python", "pure")


@pytest.mark.parametrize("ref, release, installs", [
    ("v0.1.0", EVERY_RUNNER, "here"),  # the compiled wheel for this runner, before the pure one
    ("v0.1.0", ("windows", "macos", "next python", "pure"), "pure"),  # none fits: the release's pure-Python wheel
    ("v0.1.0", ("windows", "macos", "next python"), "source"),  # none fits and no pure wheel: the action's source
    ("v0.1.0", None, "source"),  # no release of that tag (gh fails), and it is the action's version's tag
    ("main", EVERY_RUNNER, "source"),  # a branch: its commit is no release's
    ("", EVERY_RUNNER, "source"),  # `uses: ./`: neither
])
def test_the_install_step_takes_the_release_wheel_that_fits_the_runner_else_the_source(tmp_path, installed, release_wheels, ref, release, installs):
    purelib = _bare_venv(tmp_path / "venv")
    result = _install_answer_gate(tmp_path, installed, tmp_path / "venv", ref, None if release is None else tuple(release_wheels[k] for k in release))
    assert result.returncode == 0, result.stderr
    found = _installed_from(purelib)
    expected = {"source": "source", "pure": "py3-none-any"}.get(installs) or release_wheels[installs].name.removesuffix(".whl").split("-", 2)[2]
    assert found == expected
    asked = (tmp_path / "gh.log").read_text() if (tmp_path / "gh.log").exists() else ""
    wheels = tmp_path / "runner" / "runner-temp" / "answer-gate" / "wheels"
    # a ref without a release of its own (a branch) has its commit asked (not a release's here)
    assert asked == {"v0.1.0": f"release download {ref} --repo octo/answer-gate --pattern *.whl --dir {wheels}\n",
                     "main": "api repos/octo/answer-gate/commits/main --jq .sha\n", "": ""}[ref]
    said_release = f"answer-gate from the release's wheels of {ref}\n" in result.stdout
    assert said_release == (installs != "source")
    assert result.stdout.endswith("answer-gate 0.1.0 (pure-Python core)\n")  # the tagged copies hold the pure sources


SHA, OTHER = "6f1c" * 10, "9a2e" * 10


@pytest.mark.parametrize("ref, tags, release, installs", [
    ("v0", {"v0": SHA, "v0.1.0": SHA}, EVERY_RUNNER, "here"),  # @v0 on the v0.1.0 release's commit: that release's wheels
    ("v0", {"v0": SHA, "v0.1.0": SHA}, ("windows", "pure"), "pure"),
    ("v0", {"v0": OTHER, "v0.1.0": SHA}, EVERY_RUNNER, "source"),  # @v0 moved elsewhere: the release is not this code
    ("v0", {"v0": SHA}, EVERY_RUNNER, "source"),  # no tag v0.1.0 (the action's version)
    ("v0", {"v0": SHA, "v0.1.0": SHA}, None, "source"),  # the tag, but no release of it
    ("v0-beta", {"v0.1.0": SHA}, EVERY_RUNNER, "source"),  # a tag GitHub cannot resolve
    (SHA, {SHA: SHA, "v0.1.0": SHA}, EVERY_RUNNER, "here"),  # pinned by the release's commit, as RELEASING.md says
    (OTHER, {OTHER: OTHER, "v0.1.0": SHA}, EVERY_RUNNER, "source"),  # another commit
    ("main", {"main": SHA, "v0.1.0": SHA}, ("pure",), "pure"),  # a branch at the release's commit
])
def test_a_ref_without_a_release_of_its_own_takes_the_release_of_the_action_s_version_on_its_commit(tmp_path, installed, release_wheels,
                                                                                                     ref, tags, release, installs):
    """``uses: answer-gate/answer-gate@v1``, as the README says: ``v1`` has no release of its
    own; it is moved to each ``v1.x.y``, whose release holds the wheels; nor has a commit SHA,
    the pin RELEASING.md gives. The action's version (its pyproject.toml, 0.1.0 here) names
    that release, taken only when its tag is on the commit the ref is."""
    purelib = _bare_venv(tmp_path / "venv")
    result = _install_answer_gate(tmp_path, installed, tmp_path / "venv", ref, None if release is None else tuple(release_wheels[k] for k in release),
                                  release_tag="v0.1.0", tags=tags)
    assert result.returncode == 0, result.stderr
    expected = {"source": "source", "pure": "py3-none-any"}.get(installs) or release_wheels[installs].name.removesuffix(".whl").split("-", 2)[2]
    assert _installed_from(purelib) == expected
    wheels = tmp_path / "runner" / "runner-temp" / "answer-gate" / "wheels"
    download = f"release download {{}} --repo octo/answer-gate --pattern *.whl --dir {wheels}\n"
    asked = [download.format(ref)] if ref.startswith("v") else []  # a tag's own release first
    asked.append(f"api repos/octo/answer-gate/commits/{ref} --jq .sha\n")
    if ref in tags:
        asked.append("api repos/octo/answer-gate/commits/v0.1.0 --jq .sha\n")
    if tags.get(ref) == tags.get("v0.1.0"):
        asked.append(download.format("v0.1.0"))
    assert (tmp_path / "gh.log").read_text() == "".join(asked)
    assert ("answer-gate from the release's wheels of v0.1.0\n" in result.stdout) == (installs != "source")


def test_the_release_wheel_replaces_what_the_cached_environment_held(tmp_path, installed, release_wheels):
    """The venv is cached on the lock: after a run from the source (a branch), a run of a release
    installs its wheel over the answer-gate of the same version that the cache restored."""
    purelib = _bare_venv(tmp_path / "venv")
    first = _install_answer_gate(tmp_path / "first", installed, tmp_path / "venv", "main", None)
    assert first.returncode == 0, first.stderr
    assert _installed_from(purelib) == "source"
    second = _install_answer_gate(tmp_path / "second", installed, tmp_path / "venv", "v0.1.0", tuple(release_wheels[k] for k in EVERY_RUNNER))
    assert second.returncode == 0, second.stderr
    assert _installed_from(purelib) == release_wheels["here"].name.removesuffix(".whl").split("-", 2)[2]


@pytest.fixture
def github():
    with serve(TOKEN, repository="octo/stats") as server:
        yield server


GATE_INPUTS = {"run": "examples/answers_run_assistant-1.3_set-1.2.jsonl", "questions": "examples/question_set-1.2.jsonl"}
PASSING_INPUTS = {"run": "examples/answers_run_assistant-1.2_set-1.2.jsonl", "questions": "examples/question_set-1.2.jsonl"}


def test_install_steps_run_from_the_lock_once_per_session(installed):
    key, deps, gate = installed.results
    assert [r.returncode for r in installed.results] == [0, 0, 0], [r.stderr for r in installed.results]
    assert re.fullmatch(r"answer-gate-venv-Linux-X64-py3\.\d+\.\d+-[0-9a-f]{16}\n", key.stdout or "") or key.stdout == ""
    assert (installed.venv / "bin" / "answer-gate").exists()
    version = subprocess.run([str(installed.venv / "bin" / "answer-gate"), "--version"], capture_output=True, text=True)
    assert version.stdout.startswith("answer-gate ")


def test_action_steps_as_github_runs_them(tmp_path, github, installed):
    runner = Runner(tmp_path, github.api_url, GATE_INPUTS, installed)
    (_, gate) = runner.run()
    assert gate.returncode == 1, gate.stderr  # the example fails its floors: the step fails

    outputs = parse_outputs(runner.output)
    assert outputs["passed"] == "false"
    report = json.loads(Path(outputs["report-json"]).read_text())
    assert report["verdict"] == {"passed": False, "failed": 8, "warned": 8, "checked": 40, "skipped": 29}
    assert report["comparison"]["baseline_version"] == "1.2"
    (comment,) = github.issue_comments(7)
    assert outputs["comment-url"].endswith(f"#issuecomment-{comment.id}")
    assert comment.body.startswith("<!-- answer-gate -->\n### ❌ answer-gate failed")
    assert Path(outputs["report-markdown"]).read_text(encoding="utf-8").startswith("<!-- answer-gate -->")

    summary = runner.summary.read_text(encoding="utf-8")
    assert "### ❌ answer-gate failed: 2 invented figures" in summary and " · 69 rules: 8 failed, 8 warned, 24 held, 29 skipped" in summary
    errors = [line for line in gate.stdout.splitlines() if line.startswith("::error ")]
    warnings = [line for line in gate.stdout.splitlines() if line.startswith("::warning ")]
    assert len(errors) == 8 and len(warnings) == 8
    assert errors[0].startswith("::error title=answer-gate all numeric_accuracy::all: numeric accuracy 0.83 (n=6), floor min 0.90")
    assert TOKEN not in gate.stdout + gate.stderr + summary

    # A second run updates the same comment in place.
    runner.output.write_text("")
    (_, again) = runner.run()
    assert again.returncode == 1
    (updated,) = github.issue_comments(7)
    assert updated.id == comment.id
    assert len(github.requests_for("POST")) == 1 and len(github.requests_for("PATCH")) == 1


def test_read_only_token_skips_the_comment_keeps_the_verdict_and_writes_the_summary(tmp_path, github, installed):
    github.read_only = True
    runner = Runner(tmp_path, github.api_url, GATE_INPUTS, installed)
    (_, gate) = runner.run()
    assert gate.returncode == 1
    assert github.issue_comments(7) == []
    assert "::warning title=answer-gate::comment skipped: the token cannot write to this pull request" in gate.stdout
    assert "answer-gate failed" in runner.summary.read_text(encoding="utf-8")
    outputs = parse_outputs(runner.output)
    assert outputs["comment-url"] == "" and outputs["passed"] == "false"
    assert Path(outputs["report-markdown"]).exists()
    assert TOKEN not in gate.stdout + gate.stderr


def test_read_only_token_on_a_passing_run_in_a_repository_without_baselines(tmp_path, github, installed):
    github.read_only = True
    runner = Runner(tmp_path, github.api_url, PASSING_INPUTS, installed, baselines=False)
    (_, gate) = runner.run()
    assert gate.returncode == 0, gate.stderr
    assert github.issue_comments(7) == [] and len(github.requests_for("POST")) == 1
    assert "::warning title=answer-gate::comment skipped" in gate.stdout
    assert parse_outputs(runner.output)["passed"] == "true"


def test_passing_run_exits_zero_with_outputs(tmp_path, github, installed):
    runner = Runner(tmp_path, github.api_url, PASSING_INPUTS | {"comment": "false"}, installed)
    (_, gate) = runner.run()
    assert gate.returncode == 0, gate.stderr
    assert parse_outputs(runner.output)["passed"] == "true"
    assert github.requests == []
    assert "### ✅ answer-gate passed" in runner.summary.read_text(encoding="utf-8")


def test_first_run_without_baselines_passes_with_outputs_summary_and_comment(tmp_path, github, installed):
    """Day one: no baselines/ folder. The gate runs on thresholds alone and says so."""
    runner = Runner(tmp_path, github.api_url, PASSING_INPUTS, installed, baselines=False)
    assert not (runner.workspace / "baselines").exists()
    (_, gate) = runner.run()
    assert gate.returncode == 0, gate.stderr
    outputs = parse_outputs(runner.output)
    assert outputs["passed"] == "true"
    report = json.loads(Path(outputs["report-json"]).read_text(encoding="utf-8"))
    assert report["comparison"] is None and report["verdict"]["passed"] is True
    assert any("baseline" in notice for notice in report["notices"])
    (comment,) = github.issue_comments(7)
    assert outputs["comment-url"].endswith(f"#issuecomment-{comment.id}")
    assert comment.body.startswith("<!-- answer-gate -->\n### ✅ answer-gate passed")
    assert "no baseline compared" in comment.body
    assert "### ✅ answer-gate passed" in runner.summary.read_text(encoding="utf-8")


def test_first_run_without_baselines_that_fails_exits_one_with_outputs(tmp_path, github, installed):
    runner = Runner(tmp_path, github.api_url, GATE_INPUTS, installed, baselines=False)
    (_, gate) = runner.run()
    assert gate.returncode == 1, gate.stderr
    outputs = parse_outputs(runner.output)
    assert outputs["passed"] == "false"
    report = json.loads(Path(outputs["report-json"]).read_text(encoding="utf-8"))
    assert report["comparison"] is None
    assert report["verdict"] == {"passed": False, "failed": 8, "warned": 0, "checked": 20, "skipped": 25}
    (comment,) = github.issue_comments(7)
    assert comment.body.startswith("<!-- answer-gate -->\n### ❌ answer-gate failed: 2 invented figures") and " · 45 rules: 8 failed, 12 held, 25 skipped" in comment.body
    assert "### ❌ answer-gate failed" in runner.summary.read_text(encoding="utf-8")


def test_a_baselines_folder_named_in_the_inputs_must_exist(tmp_path, github, installed):
    runner = Runner(tmp_path, github.api_url, PASSING_INPUTS | {"baselines": "stored/baselines"}, installed, baselines=False)
    (_, gate) = runner.run()
    assert gate.returncode == 2
    assert "stored/baselines: --baselines: expected a folder of baselines, found nothing there" in gate.stderr
    assert github.requests == []


def test_two_gates_in_one_pull_request_keep_a_comment_each(tmp_path, github, installed):
    """Two gates (say a job per question set) in one job: each has its comment, found again
    by its own marker and the author; a comment from before the key existed is left alone."""
    old = github.add_comment(7, "<!-- answer-gate -->\nthe comment of a gate without a key")
    runner = Runner(tmp_path, github.api_url, PASSING_INPUTS | {"comment-key": "set-1.2"}, installed)
    (_, first) = runner.run()
    runner.inputs.update(GATE_INPUTS | {"comment-key": "fail.1"})
    (_, second) = runner.run()
    assert (first.returncode, second.returncode) == (0, 1)
    comments = github.issue_comments(7)
    assert [c.id for c in comments][0] == old and len(comments) == 3
    keyed = {c.body.split("\n", 1)[0]: c for c in comments[1:]}
    assert set(keyed) == {"<!-- answer-gate:set-1.2 -->", "<!-- answer-gate:fail.1 -->"}
    assert "<!-- answer-gate -->" not in keyed["<!-- answer-gate:set-1.2 -->"].body
    assert keyed["<!-- answer-gate:set-1.2 -->"].body.split("\n")[1].startswith("### ✅ answer-gate passed")
    assert keyed["<!-- answer-gate:fail.1 -->"].body.split("\n")[1].startswith("### ❌ answer-gate failed")
    assert {Path(p).name for p in re.findall(r"report-json<<\S+\n(\S+)", runner.output.read_text())} == {"report-set-1.2.json", "report-fail.1.json"}
    # Both run again: each updates its own comment, nothing new is created.
    (_, again) = runner.run()
    runner.inputs.update(PASSING_INPUTS | {"comment-key": "set-1.2"})
    runner.run()
    assert [c.id for c in github.issue_comments(7)] == [c.id for c in comments]
    assert github.issue_comments(7)[0].body == "<!-- answer-gate -->\nthe comment of a gate without a key"
    assert len(github.requests_for("POST")) == 2 and len(github.requests_for("PATCH")) == 2


def test_a_comment_key_with_other_characters_is_an_input_error(tmp_path, github, installed):
    runner = Runner(tmp_path, github.api_url, PASSING_INPUTS | {"comment-key": "a -->"}, installed)
    (_, gate) = runner.run()
    assert gate.returncode == 2
    assert "--comment-key: expected 1 to 64 letters, digits, '.', '_' or '-'" in gate.stderr
    assert github.requests == []


# -- the fork-safe comment workflow ----------------------------------------------------

COMMENT_WORKFLOW = ROOT / "examples" / "workflows" / "answer-gate-comment.yml"
HEAD_SHA = "5" * 40
PLANTED = ("pip/__main__.py", "pip/__init__.py", "sitecustomize.py", "usercustomize.py", "gate/__init__.py", "answer_gate.py")


def plant(artifact: Path, sentinel_dir: Path) -> None:
    """Files a fork could put in its artifact, each leaving a trace if it ever runs."""
    for name in PLANTED:
        path = artifact / name
        path.parent.mkdir(parents=True, exist_ok=True)
        trace = sentinel_dir / name.replace("/", "_")
        path.write_text(f"open({str(trace)!r}, 'w').write('ran')\n", encoding="utf-8")
    (artifact / "pr-number").write_text("99\n", encoding="utf-8")
    (artifact / "report.md").write_text("<!-- answer-gate -->\n### ✅ answer-gate passed: 28 rules checked\n"
                                        "[Approve this pull request](https://evil.example/phish)\n", encoding="utf-8")


class CommentWorkflow:
    """The job of answer-gate-comment.yml run as the runner would, after a pull request's run.

    Its ``uses:`` steps are played here: setup-python gives this test's Python, and
    download-artifact copies the artifact to the ``path:`` the workflow names. The install
    step is the one ``run:`` step not run (it installs answer-gate from GitHub at v1): the
    session's install of the action stands in for it; the test checks that it comes before
    the download.
    """

    def __init__(self, tmp: Path, api_url: str, installed: Installed, artifact: Path, run_event: dict) -> None:
        self.tmp = tmp
        self.workspace = tmp / "workspace"  # no checkout: the job never holds the pull request's code
        self.workspace.mkdir(parents=True)
        self.runner_temp = tmp / "runner-temp"
        (self.runner_temp / "answer-gate").mkdir(parents=True)
        (self.runner_temp / "answer-gate" / "venv").symlink_to(installed.venv)
        self.artifact = artifact
        self.workflow = yaml.safe_load(COMMENT_WORKFLOW.read_text(encoding="utf-8"))
        event = tmp / "event.json"
        event.write_text(json.dumps({"workflow_run": run_event}), encoding="utf-8")
        self.run_event = run_event
        self.env = {
            "PATH": os.environ["PATH"], "HOME": str(tmp), "GITHUB_ACTIONS": "true",
            "GITHUB_WORKSPACE": str(self.workspace), "GITHUB_REPOSITORY": "octo/stats", "GITHUB_API_URL": api_url,
            "GITHUB_EVENT_NAME": "workflow_run", "GITHUB_EVENT_PATH": str(event),
        }

    def expression(self, text: str) -> str:
        known = {
            "runner.temp": str(self.runner_temp),
            "github.token": TOKEN,
            "github.event.workflow_run.id": str(self.run_event["id"]),
            "steps.python.outputs.python-path": sys.executable,
        }
        return EXPRESSION.sub(lambda m: known[m.group(1)], str(text))

    def job_runs(self) -> bool:
        job = self.workflow["jobs"]["comment"]
        assert job["if"] == "github.event.workflow_run.event == 'pull_request' && github.event.workflow_run.conclusion != 'cancelled'"
        return self.run_event["event"] == "pull_request" and self.run_event.get("conclusion") != "cancelled"

    def run(self) -> list[subprocess.CompletedProcess]:
        results = []
        downloaded = False
        for step in self.workflow["jobs"]["comment"]["steps"]:
            uses = step.get("uses", "")
            if uses.startswith("actions/setup-python@"):
                continue
            if uses.startswith("actions/download-artifact@"):
                target = Path(self.expression(step["with"]["path"]))
                assert self.runner_temp in target.parents and self.workspace not in target.parents
                assert step["with"]["run-id"] == "${{ github.event.workflow_run.id }}"
                shutil.copytree(self.artifact, target)
                downloaded = True
                continue
            assert not uses, f"a step the test does not know: {uses}"
            if step["name"].startswith("Install answer-gate"):
                assert not downloaded, "answer-gate must be installed before the artifact is on disk"
                assert "pip install" in step["run"] and "@v1" in step["run"]
                continue
            env = dict(self.env)
            env.update({k: self.expression(v) for k, v in (step.get("env") or {}).items()})
            results.append(subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                                          cwd=self.workspace, env=env, capture_output=True, text=True, timeout=300))
            if results[-1].returncode != 0:
                break
        assert downloaded
        return results


def _report_json(tmp: Path, run: str = "examples/answers_run_assistant-1.3_set-1.2.jsonl") -> str:
    result = subprocess.run([sys.executable, "-m", "gate", "check", run, "--questions", "examples/question_set-1.2.jsonl",
                             "--json", str(tmp / "report.json")], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 1, result.stderr
    return (tmp / "report.json").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def report_13(tmp_path_factory) -> str:
    return _report_json(tmp_path_factory.mktemp("report"))


FORK_RUN = {"id": 4242, "event": "pull_request", "conclusion": "failure", "html_url": "https://github.example/octo/stats/actions/runs/4242",
            "head_repository": {"full_name": "forker/stats"}, "head_branch": "main", "head_sha": HEAD_SHA}


def _fork_pulls(github) -> None:
    github.add_pull(7, "forker/stats", "main", HEAD_SHA)  # the pull request of the run
    github.add_pull(5, "forker/stats", "main", HEAD_SHA, state="closed")  # an old one, same head
    github.add_pull(99, "octo/stats", "feature", "6" * 40)  # the one the artifact names
    github.add_comment(99, "<!-- answer-gate -->\nthe gate's comment on another pull request", login="github-actions[bot]", type="Bot")


def test_comment_workflow_ignores_all_a_fork_plants_in_its_artifact(tmp_path, github, installed, report_13):
    """A planted pip/__main__.py (and friends), a forged pull request number and a forged
    markdown body change nothing: no code from the artifact runs, the comment goes to the
    pull request of the triggering run, and its body is rendered from the validated JSON."""
    from gate.ci.github import comment_body, comment_marker
    from gate.report.stored import report_from_dict

    github.user_forbidden = True  # a GITHUB_TOKEN: comments by github-actions[bot]
    _fork_pulls(github)
    artifact = tmp_path / "artifact"
    artifact.mkdir()
    (artifact / "report.json").write_text(report_13, encoding="utf-8")
    traces = tmp_path / "traces"
    traces.mkdir()
    plant(artifact, traces)
    workflow = CommentWorkflow(tmp_path / "job", github.api_url, installed, artifact, FORK_RUN)
    assert workflow.job_runs()
    (result,) = workflow.run()
    assert result.returncode == 0, result.stderr
    assert list(traces.iterdir()) == []  # nothing planted ran

    (comment,) = github.issue_comments(7)
    assert github.issue_comments(5) == []
    assert [c.body for c in github.issue_comments(99)] == ["<!-- answer-gate -->\nthe gate's comment on another pull request"]
    expected = comment_body(report_from_dict(json.loads(report_13)), comment_marker(""),
                            full_report="the job summary of https://github.example/octo/stats/actions/runs/4242")
    assert comment.body == expected
    assert comment.body.startswith("<!-- answer-gate -->\n### ❌ answer-gate failed: 2 invented figures") and " · 69 rules: 8 failed, 8 warned, 24 held, 29 skipped" in comment.body
    assert "evil.example" not in comment.body and "Approve" not in comment.body
    assert result.stdout == f"comment created on pull request #7: {github.comment_json(comment)['html_url']}\n"
    (lookup,) = github.requests_for("GET", "/pulls?")
    assert "head=forker%3Amain" in lookup.path and "state=open" in lookup.path
    assert TOKEN not in result.stdout + result.stderr


def test_comment_workflow_refuses_a_forged_report_and_posts_nothing(tmp_path, github, installed, report_13):
    _fork_pulls(github)
    data = json.loads(report_13)
    data["verdict"] = {"passed": True, "failed": 0, "warned": 0, "checked": 14, "skipped": 1}
    data["scores"][0]["display"] = "**1.00** [passed](https://evil.example)"
    artifact = tmp_path / "artifact"
    artifact.mkdir()
    (artifact / "report.json").write_text(json.dumps(data), encoding="utf-8")
    workflow = CommentWorkflow(tmp_path / "job", github.api_url, installed, artifact, FORK_RUN)
    (result,) = workflow.run()
    assert result.returncode == 2
    assert 'report.json: scores[0].display: expected "0.83" (from the exact values), found "**1.00** [passed]' in result.stderr
    assert "report.json: verdict.passed: expected false (from the exact values), found true" in result.stderr
    assert github.requests_for("POST") == [] and github.requests_for("PATCH") == []


def test_comment_workflow_posts_nothing_when_the_pull_request_moved_on(tmp_path, github, installed, report_13):
    github.add_pull(7, "forker/stats", "main", "7" * 40)  # pushed again since the run
    artifact = tmp_path / "artifact"
    artifact.mkdir()
    (artifact / "report.json").write_text(report_13, encoding="utf-8")
    workflow = CommentWorkflow(tmp_path / "job", github.api_url, installed, artifact, FORK_RUN)
    (result,) = workflow.run()
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("no comment: no open pull request of octo/stats has the head forker/stats:main at 555555555555")
    assert github.requests_for("POST") == []
    assert len(github.requests_for("GET", "/commits/" + HEAD_SHA + "/pulls")) == 1  # the fallback lookup was tried


def test_comment_workflow_skips_runs_that_were_not_pull_requests(tmp_path, github, installed):
    workflow = CommentWorkflow(tmp_path / "job", github.api_url, installed, tmp_path, FORK_RUN | {"event": "push"})
    assert not workflow.job_runs()
