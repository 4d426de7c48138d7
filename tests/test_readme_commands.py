"""Every command the README shows runs as pasted, from a clean copy of the repository.

The README's fenced blocks whose info string starts with ``bash`` are commands a newcomer
pastes; each runs here, in order, in one copy of the repository's files (a fresh git
repository, so ``git add`` and ``git commit`` work) and one fresh virtual environment (with
this test environment's packages visible through a ``.pth`` file, so ``pip install .``
needs no index). A word after ``bash`` in the info string says what to expect:

- ````` ```bash ````` the block must exit 0;
- ````` ```bash exit=N ````` it must exit N (``exit=1``: the shipped example fails the gate
  by design);
- ````` ```bash ci ````` it is run by ``.ci/run``, not here: the install-and-test command,
  which would run this suite inside itself.

Blocks with another info string (``yaml``, ``json``, ``console``, none) are illustrations:
output, file formats, fragments of workflows. They are never run. Give a new command the
``bash`` info string, and it is tested.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from conftest import ROOT

FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```\s*$", re.S | re.M)


def readme_blocks(text: str) -> list[tuple[str, str]]:
    """``(info string, body)`` of each fenced block, in order."""
    return [(m.group(1).strip(), m.group(2)) for m in FENCE.finditer(text)]


def commands(text: str) -> list[tuple[int | None, str]]:
    """The bash blocks to run: ``(expected exit code or None for "run by .ci/run", body)``."""
    out = []
    for info, body in readme_blocks(text):
        words = info.split()
        if not words or words[0] != "bash":
            continue
        rest = words[1:]
        if rest == ["ci"]:
            out.append((None, body))
        elif not rest:
            out.append((0, body))
        else:
            (word,) = rest
            match = re.fullmatch(r"exit=(\d+)", word)
            assert match, f"unknown word {word!r} after bash in the README (bash, bash exit=N or bash ci)"
            out.append((int(match.group(1)), body))
    return out


def test_the_markers_are_read_as_documented():
    text = "```bash\na\n```\n\n```bash exit=1\nb\n```\n\n```bash ci\nc\n```\n\n```yaml\nd: 1\n```\n\n```\nout\n```\n"
    assert commands(text) == [(0, "a\n"), (1, "b\n"), (None, "c\n")]
    with pytest.raises(AssertionError, match="unknown word 'exit1'"):
        commands("```bash exit1\nx\n```\n")


def test_the_ci_blocks_are_those_ci_runs():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    skipped = [body.strip() for code, body in commands(readme) if code is None]
    assert skipped == ["python -m pip install -e '.[test]' && python -m pytest"]
    assert all(f'"{body}"' in ci for body in skipped)


def _clean_copy(where: Path) -> Path:
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split("\0")
    for name in filter(None, files):
        source = ROOT / name
        if not source.is_file():
            continue  # deleted in the working tree
        target = where / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source.read_bytes())
    return where


def test_every_readme_command_runs_as_pasted(tmp_path):
    copy = _clean_copy(tmp_path / "answer-gate")
    env = {
        "PATH": f"{tmp_path / 'venv' / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "HOME": str(tmp_path),
        "PIP_NO_INDEX": "1", "PIP_NO_BUILD_ISOLATION": "0", "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PIP_CONFIG_FILE": os.devnull, "PIP_CONSTRAINT": "", "PIP_FIND_LINKS": "",
        "GIT_AUTHOR_NAME": "newcomer", "GIT_AUTHOR_EMAIL": "newcomer@example.org",
        "GIT_COMMITTER_NAME": "newcomer", "GIT_COMMITTER_EMAIL": "newcomer@example.org",
        "NO_COLOR": "1",
    }
    for argv in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-q", "-m", "clean copy"]):
        subprocess.run(argv, cwd=copy, env=env, check=True, capture_output=True)
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True)
    purelib = subprocess.run([str(tmp_path / "venv" / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    Path(purelib, "_readme_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")

    blocks = commands((copy / "README.md").read_text(encoding="utf-8"))
    ran = 0
    for expected, body in blocks:
        if expected is None:
            continue
        result = subprocess.run(["bash", "--noprofile", "--norc", "-e", "-c", body], cwd=copy, env=env,
                                capture_output=True, text=True, timeout=600)
        assert result.returncode == expected, f"README block exited {result.returncode}, expected {expected}:\n{body}\n{result.stderr[-2000:]}"
        ran += 1
    assert ran >= 2
    # What the blocks did: the gate ran on the example, and the baseline of 1.3 is committed.
    log = subprocess.run(["git", "log", "--format=%s", "-1"], cwd=copy, env=env, capture_output=True, text=True, check=True).stdout
    assert log.strip() == "answer-gate: baseline for assistant 1.3"
    assert (copy / "baselines" / "assistant-1.3.json").exists()


def test_the_test_command_says_how_long_the_suite_takes():
    """Trial 3 F9: after two minutes a newcomer could not tell a long suite from a stuck one."""
    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    after = text.split("python -m pip install -e '.[test]' && python -m pytest\n```\n", 1)[1]
    said = re.match(r"\nThe whole suite \(about (\d,\d00) tests\) takes (\d+) to (\d+) minutes on a quiet 2-core machine", after)
    assert said, after[:200]
    tests, fastest, slowest = int(said[1].replace(",", "")), int(said[2]), int(said[3])
    assert 2000 <= tests <= 4000 and 1 <= fastest < slowest <= 15
