"""The pieces of the fork-safe comment: the marker per key, one comment limit, the triggering
run read from the event, the pull request found through the API, and ``answer-gate comment``'s
errors. Every HTTP call goes to the loopback server (tests/loopback_github.py)."""

from __future__ import annotations

import json

import pytest

from gate.ci.actions import SettingsError, WorkflowRunHead
from gate.ci.github import MAX_COMMENT_CHARS, GitHubClient, comment_body, comment_marker
from gate.core.limits import COMMENT_LIMIT as COMMENT_LIMIT_CHARS
from gate.report import markdown
from loopback_github import serve

TOKEN = "ghs_commentpiecestoken00000000000000000"
SHA = "a" * 40


def test_one_comment_limit_defined_once():
    assert COMMENT_LIMIT_CHARS == 65_536
    assert MAX_COMMENT_CHARS is COMMENT_LIMIT_CHARS
    assert markdown.render_markdown.__defaults__[0] is COMMENT_LIMIT_CHARS


def test_markers_per_key_are_distinct_and_the_default_is_the_old_one():
    assert comment_marker() == "<!-- answer-gate -->" == markdown.MARKER
    keys = ["", "fr", "f", "fr-CA", "3.11", "set_1.2"]
    markers = [comment_marker(k) for k in keys]
    assert markers[1] == "<!-- answer-gate:fr -->"
    for a in markers:
        for b in markers:
            assert a == b or a not in b


@pytest.mark.parametrize("key", ["a -->", "-x", "é", "a" * 65, "a b", "x\n"])
def test_a_key_that_could_break_the_marker_is_refused(key):
    with pytest.raises(ValueError, match="comment key must be 1 to 64 letters"):
        comment_marker(key)


def test_a_keyed_body_fits_the_limit_and_holds_one_marker(monkeypatch):
    from conftest import ROOT
    from gate.run.check import check_run

    monkeypatch.chdir(ROOT)
    report = check_run("examples/answers_run_assistant-1.3_set-1.2.jsonl", "examples/question_set-1.2.jsonl", "thresholds.yaml")
    marker = comment_marker("a" * 64)
    body = comment_body(report, marker)
    assert body.startswith(marker + "\n### ❌") and "<!-- answer-gate -->" not in body
    # Many findings: cut to the limit, marker included.
    many = report.__class__(**{**report.__dict__, "findings": report.findings * 2000})
    body = comment_body(many, marker, full_report="the job summary")
    assert len(body) <= COMMENT_LIMIT_CHARS and body.startswith(marker)
    assert "cut to keep this comment under GitHub's size limit. The whole report is in the job summary." in body


def _event(tmp_path, run: object, name: str = "workflow_run") -> dict[str, str]:
    path = tmp_path / "event.json"
    path.write_text(json.dumps({"workflow_run": run}), encoding="utf-8")
    return {"GITHUB_EVENT_NAME": name, "GITHUB_EVENT_PATH": str(path)}


def test_the_triggering_run_is_read_from_the_event(tmp_path):
    env = _event(tmp_path, {"id": 9, "event": "pull_request", "html_url": "https://github.com/o/r/actions/runs/9",
                            "head_repository": {"full_name": "fork/r"}, "head_branch": "main", "head_sha": SHA})
    head = WorkflowRunHead.from_env(env)
    assert head == WorkflowRunHead(9, "https://github.com/o/r/actions/runs/9", "pull_request", "fork/r", "main", SHA)


def test_a_bad_event_names_every_problem(tmp_path):
    env = _event(tmp_path, {"id": "9", "head_repository": {"full_name": "fork"}, "head_sha": "abc", "head_branch": 3})
    with pytest.raises(SettingsError) as caught:
        WorkflowRunHead.from_env(env)
    text = str(caught.value)
    for part in ("workflow_run.id: expected a number, found '9'", "workflow_run.event: expected a string, found None",
                 "workflow_run.head_repository.full_name: expected 'owner/name', found 'fork'",
                 "workflow_run.head_sha: expected a commit SHA, found 'abc'", "workflow_run.head_branch: expected a string or null, found 3"):
        assert part in text
    with pytest.raises(SettingsError, match="GITHUB_EVENT_NAME must be 'workflow_run'.*got 'pull_request'"):
        WorkflowRunHead.from_env(_event(tmp_path, {}, name="pull_request"))
    with pytest.raises(SettingsError, match="missing environment variables: GITHUB_EVENT_NAME, GITHUB_EVENT_PATH"):
        WorkflowRunHead.from_env({})


def test_the_pull_request_is_the_open_one_whose_head_is_the_commit():
    with serve(TOKEN, repository="octo/stats") as api:
        api.add_pull(3, "fork/stats", "main", SHA)
        api.add_pull(4, "fork/stats", "main", SHA, state="closed")
        api.add_pull(5, "other/stats", "main", SHA)  # same branch name and commit, another fork
        api.add_pull(6, "fork/stats", "main", "b" * 40)  # fork's branch at another commit (cannot be open twice, but be strict)
        with GitHubClient(TOKEN, "octo/stats", api_url=api.api_url, retries=0) as client:
            assert client.pull_requests_for_head("fork/stats", "main", SHA) == [3]
            assert client.pull_requests_for_head("fork/stats", None, SHA) == [3]  # by commit only
            assert client.pull_requests_for_head("fork/stats", "gone", "c" * 40) == []
        paths = [r.path for r in api.requests if r.method == "GET"]
        assert paths[0].startswith("/repos/octo/stats/pulls?") and "head=fork%3Amain" in paths[0]
        assert paths[1] == f"/repos/octo/stats/commits/{SHA}/pulls?per_page=100"


def test_a_lookup_that_is_not_a_list_is_a_github_error():
    from gate.ci.github import GitHubError

    with serve(TOKEN, repository="octo/stats") as api:
        api.fail(1, status=200, method="GET", path_contains="/pulls", body={"message": "not a list"})
        with GitHubClient(TOKEN, "octo/stats", api_url=api.api_url, retries=0) as client:
            with pytest.raises(GitHubError, match="GET /repos/octo/stats/pulls: unexpected answer, expected a list of pull requests"):
                client.pull_requests_for_head("fork/stats", "main", SHA)


def test_comment_command_errors_exit_2_with_the_reason(workdir, cli, monkeypatch, tmp_path):
    code, _, err = cli("comment", "report.json")
    assert code == 2 and "GITHUB_REPOSITORY, GITHUB_TOKEN (or INPUT_TOKEN)" in err
    monkeypatch.setenv("GITHUB_REPOSITORY", "octo/stats")
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    monkeypatch.setenv("GITHUB_EVENT_NAME", "pull_request")
    monkeypatch.setenv("GITHUB_EVENT_PATH", str(tmp_path / "none.json"))
    code, _, err = cli("comment", "report.json")
    assert code == 2 and "GITHUB_EVENT_NAME must be 'workflow_run'" in err
    for name, value in _event(tmp_path, {"id": 9, "event": "pull_request", "head_repository": {"full_name": "fork/r"},
                                         "head_branch": "main", "head_sha": SHA}).items():
        monkeypatch.setenv(name, value)
    code, _, err = cli("comment", "report.json")
    assert code == 2 and "report.json: expected a JSON report, found no file" in err
    (workdir / "report.md").write_text("### a markdown body\n", encoding="utf-8")
    code, _, err = cli("comment", "report.md")
    assert code == 2 and "report.md:1: expected JSON, found an error: Expecting value" in err
    code, _, err = cli("comment", "report.json", "--comment-key", "a b")
    assert code == 2 and "--comment-key: expected 1 to 64 letters, digits, '.', '_' or '-' starting with a letter or digit, found 'a b'" in err
    assert TOKEN not in err


def test_comment_command_skips_a_run_that_was_not_a_pull_request(workdir, cli, monkeypatch, tmp_path):
    code, _, _ = cli("check", "examples/answers_run_assistant-1.2_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
                     "--json", "report.json")
    assert code == 0
    monkeypatch.setenv("GITHUB_REPOSITORY", "octo/stats")
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    for name, value in _event(tmp_path, {"id": 9, "event": "push", "head_repository": {"full_name": "octo/stats"},
                                         "head_branch": "main", "head_sha": SHA}).items():
        monkeypatch.setenv(name, value)
    code, out, err = cli("comment", "report.json")
    assert code == 0, err
    assert out == "no comment: the triggering run 9 ran on 'push', not on a pull request\n"
