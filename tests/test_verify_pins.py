"""scripts/verify_pins.py: every ``uses: owner/repo@SHA # vX`` is the commit of tag vX, read
through the GitHub API (a loopback server here, the script's own httpx client)."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from conftest import ROOT
from loopback_github import serve

_spec = importlib.util.spec_from_file_location("verify_pins", ROOT / "scripts" / "verify_pins.py")
assert _spec is not None and _spec.loader is not None
verify_pins = importlib.util.module_from_spec(_spec)
sys.modules["verify_pins"] = verify_pins
_spec.loader.exec_module(verify_pins)

TOKEN = "ghs_" + "p" * 36
A, B, C = "a" * 40, "b" * 40, "c" * 40

WORKFLOW = f"""\
name: t
on: push
jobs:
  t:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@{A} # v4.2.2
      - name: python
        uses: actions/setup-python@{B} # v5.6.0
      - uses: octo/tool/sub/dir@{C}   #   v1.0.0 the sub-path's repository is octo/tool
      - uses: octo/unpinned@v2
      - uses: ./
      - uses: docker://alpine:3
"""


def test_uses_lines_are_read_with_repository_ref_and_version():
    found = list(verify_pins.uses_in("w.yml", WORKFLOW))
    assert [(u.line, u.repository, u.ref, u.version, u.pinned) for u in found] == [
        (7, "actions/checkout", A, "v4.2.2", True),
        (9, "actions/setup-python", B, "v5.6.0", True),
        (10, "octo/tool", C, "v1.0.0", True),
        (11, "octo/unpinned", "v2", None, False),
    ]


@pytest.fixture
def repo(tmp_path):
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "ci.yml").write_text(WORKFLOW, encoding="utf-8")
    (tmp_path / "action.yml").write_text(f"runs:\n  using: composite\n  steps:\n    - uses: actions/cache@{A} # v4.2.3\n", encoding="utf-8")
    return tmp_path


def run(capsys, monkeypatch, api, root):
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    code = verify_pins.main(["--root", str(root), "--api-url", api.api_url])
    out, err = capsys.readouterr()
    return code, out, err


def test_every_pin_that_is_its_tags_commit_passes(repo, capsys, monkeypatch):
    with serve(TOKEN) as api:
        api.add_tag("actions/checkout", "v4.2.2", A)
        api.add_tag("actions/setup-python", "v5.6.0", B, annotated=True)
        api.add_tag("octo/tool", "v1.0.0", C)
        api.add_tag("actions/cache", "v4.2.3", A, annotated=True)
        code, out, err = run(capsys, monkeypatch, api, repo)
        paths = [r.path for r in api.requests]
    assert code == 0, out + err
    assert out.splitlines() == [
        f"ok          .github/workflows/ci.yml:7  actions/checkout@{A} is v4.2.2",
        f"ok          .github/workflows/ci.yml:9  actions/setup-python@{B} is v5.6.0",
        f"ok          .github/workflows/ci.yml:10  octo/tool@{C} is v1.0.0",
        "not pinned  .github/workflows/ci.yml:11  octo/unpinned@v2",
        f"ok          action.yml:4  actions/cache@{A} is v4.2.3",
        "4 pin(s) checked: every one is the commit of its tag",
    ]
    assert "/repos/actions/setup-python/git/ref/tags/v5.6.0" in paths
    assert any(p.startswith("/repos/actions/setup-python/git/tags/") for p in paths)  # the annotated tag followed


def test_a_pin_that_is_not_its_tags_commit_or_has_no_tag_fails(repo, capsys, monkeypatch):
    with serve(TOKEN) as api:
        api.add_tag("actions/checkout", "v4.2.2", B)  # the tag moved, or the pin was copied wrong
        api.add_tag("actions/setup-python", "v5.6.0", B, annotated=True)
        api.add_tag("actions/cache", "v4.2.3", A)
        code, out, err = run(capsys, monkeypatch, api, repo)
    assert code == 1, out + err
    lines = out.splitlines()
    assert f"MISMATCH    .github/workflows/ci.yml:7  actions/checkout@{A}: tag v4.2.2 is commit {B}" in lines
    assert "NO TAG      .github/workflows/ci.yml:10  octo/tool has no tag v1.0.0" in lines
    assert lines[-1] == "4 pin(s) checked: some do not hold (above)"


def test_a_pin_without_its_version_comment_fails(tmp_path, capsys, monkeypatch):
    (tmp_path / "action.yml").write_text(f"steps:\n  - uses: actions/cache@{A}\n", encoding="utf-8")
    with serve(TOKEN) as api:
        code, out, _ = run(capsys, monkeypatch, api, tmp_path)
    assert code == 1
    assert f"NO VERSION  action.yml:2  actions/cache@{A}: no '# vX' comment names the tag it should be" in out


def test_an_api_that_refuses_is_exit_2_naming_the_request(repo, capsys, monkeypatch):
    with serve(TOKEN) as api:
        api.fail(1, status=500, path_contains="/git/ref/tags/")
        code, out, err = run(capsys, monkeypatch, api, repo)
    assert code == 2 and out == ""
    assert f"the API at {api.api_url} could not answer: GET /repos/actions/checkout/git/ref/tags/v4.2.2: HTTP 500" in err


def test_the_repositorys_own_pins_are_all_read_and_checked(capsys, monkeypatch):
    """Every pin of action.yml and the workflows is found, and passes against a server whose
    tags are what the comments say (what the real API answers is a maintainer's run)."""
    uses = [u for path in verify_pins.pinned_files(ROOT) for u in verify_pins.uses_in(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))]
    files = {u.file for u in uses if u.pinned}
    assert {"action.yml", ".github/workflows/ci.yml", "examples/workflows/answer-gate.yml",
            "examples/workflows/answer-gate-comment.yml", "examples/workflows/answer-gate-save-baseline.yml"} <= files
    raw = sum(row.count("@") for path in verify_pins.pinned_files(ROOT) for row in path.read_text(encoding="utf-8").splitlines()
              if row.strip().lstrip("- ").startswith("uses:") and not row.split("uses:")[1].strip().startswith("./"))
    assert len(uses) == raw
    assert all(u.version for u in uses if u.pinned), [u for u in uses if u.pinned and not u.version]
    with serve(TOKEN) as api:
        for u in uses:
            if u.pinned:
                api.add_tag(u.repository, u.version, u.ref, annotated=u.repository == "actions/setup-python")
        code, out, err = run(capsys, monkeypatch, api, ROOT)
    assert code == 0, out + err
    assert out.splitlines()[-1] == f"{sum(u.pinned for u in uses)} pin(s) checked: every one is the commit of its tag"
