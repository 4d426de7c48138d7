"""Publishing to GitHub Actions: annotations, the job summary, step outputs and the sticky comment.

The policy of what goes where (which rules become annotations, how the summary is fitted to
its limit, when a comment is skipped and why). Nothing here prints: each function returns the
lines for standard output, and the command line prints them.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from gate.ci.actions import PULL_REQUEST_EVENTS, ActionSettings, Annotation, SettingsError, WorkflowRunHead, write_output, write_summary
from gate.ci.actions import annotations as annotation_lines
from gate.ci.github import GitHubClient, GitHubError, ReadOnlyToken, comment_body, comment_marker
from gate.core.errors import InputError, Problem
from gate.core.limits import SUMMARY_LIMIT_BYTES
from gate.report.markdown import render_markdown
from gate.report.model import Report
from gate.report.stored import read_report
from gate.rules.verdict import FAIL

#: What the GitHub Actions parts are for, said when the variables they need are missing.
COMMENT_PURPOSE = ("answer-gate comment posts the gate's sticky pull request comment from its JSON report, in a GitHub Actions "
                   "workflow started by workflow_run (the runner sets these variables, the token comes from the workflow); "
                   "outside GitHub Actions, answer-gate check --markdown FILE writes the comment's body")
GITHUB_PURPOSE = ("--github writes annotations, the job summary and step outputs in a GitHub Actions job (the runner sets these "
                  "variables); outside GitHub Actions, leave it out and use --markdown FILE or --json FILE")


@dataclass(frozen=True)
class PublishOptions:
    """What the command line asked of publishing: post the comment (with its key) and where
    the JSON and markdown reports were written (None when not asked for)."""

    comment: bool
    comment_key: str
    json_path: str | None
    markdown_path: str | None


def comment_key_problems(key: str) -> list[Problem]:
    if not key:  # the default: nothing to check (and no HTTP client to import)
        return []
    try:
        comment_marker(key)
    except ValueError as exc:
        expected, _, found = str(exc)[len("comment key must be "):].rpartition(", got ")
        return [Problem("--comment-key", None, None, f"expected {expected}, found {found}")]
    return []


def github_settings(env: Mapping[str, str]) -> ActionSettings:
    """The GitHub Actions settings of ``--github`` (every missing one named at once).

    Raises:
        gate.ci.actions.SettingsError: what is missing, and what ``--github`` is for."""
    try:
        return ActionSettings.from_env(env, require=("summary", "output"))
    except SettingsError as exc:
        raise SettingsError(exc.missing, exc.problems, purpose=GITHUB_PURPOSE) from None


def rule_annotations(report: Report) -> list[Annotation]:
    """One annotation per broken rule, those that newly break first (GitHub shows the first ten
    errors of a step), then those that break as on the baseline, titled so."""
    new, old = report.new_and_old()
    version = report.comparison.baseline_version if report.comparison is not None else ""
    items = []
    for i in new + old:
        r, text = report.rules[i], report.rule_texts[i]
        title = f"answer-gate {r.slice} {r.rule.measure}" + (f" (as on {version})" if i in old else "")
        items.append(Annotation("error" if r.status == FAIL else "warning", text, title=title))
    return items


def publish(report: Report, settings: ActionSettings, env: Mapping[str, str], options: PublishOptions) -> list[str]:
    """GitHub Actions: annotations, job summary, step outputs, sticky comment.

    Nothing here changes the verdict: a comment that cannot be posted is one warning.
    Returns the lines for standard output (workflow commands and what was done), in order:
    the command line prints them.
    """
    said: list[str] = []
    assert settings.step_summary is not None and settings.output is not None  # required by from_env(require=("summary", "output"))
    said += annotation_lines(rule_annotations(report))
    where = f"the job summary of {settings.run_url}" if settings.run_url else "the job summary"
    summary_limit = SUMMARY_LIMIT_BYTES - (settings.step_summary.stat().st_size if settings.step_summary and settings.step_summary.exists() else 0)
    summary = render_markdown(report, limit=summary_limit, full_report=options.json_path)
    while len(summary.encode("utf-8")) > summary_limit:
        summary = render_markdown(report, limit=len(summary) * summary_limit // len(summary.encode("utf-8")) - 1, full_report=options.json_path)
    write_summary(settings.step_summary, summary)
    comment_url = ""
    if options.comment:
        try:
            comment_settings = settings.from_env(env, require=("comment",))
        except SettingsError as exc:
            said.append(f"::warning title=answer-gate::comment skipped: {exc}")
            comment_settings = None
        if comment_settings is not None and comment_settings.comment_skip_reason:
            said.append(f"comment skipped: {comment_settings.comment_skip_reason}")
        elif comment_settings is not None:
            # from_env(require=("comment",)) raised unless the token and the repository are set; the pull request is known here.
            assert comment_settings.token and comment_settings.repository and comment_settings.pr_number is not None
            marker = comment_marker(options.comment_key)
            body = comment_body(report, marker, full_report=where)
            try:
                with GitHubClient(comment_settings.token, comment_settings.repository, api_url=comment_settings.api_url) as client:
                    result = client.upsert_comment(comment_settings.pr_number, body, marker)
                comment_url = result.url
                said.append(f"comment {result.action}: {result.url}")
            except ReadOnlyToken:
                said.append("::warning title=answer-gate::comment skipped: the token cannot write to this pull request "
                      "(a fork or Dependabot pull request); the report is in the job summary"
                      + (f" and in {options.markdown_path}" if options.markdown_path else ""))
            except GitHubError as exc:
                said.append(f"::warning title=answer-gate::comment not posted: {exc}; the verdict stands and the report is in the job summary")
    outputs = {
        "passed": "true" if report.verdict.passed else "false",
        "report-json": os.path.abspath(options.json_path) if options.json_path else "",
        "report-markdown": os.path.abspath(options.markdown_path) if options.markdown_path else "",
        "comment-url": comment_url,
    }
    for name, value in outputs.items():
        write_output(settings.output, name, value)
    return said


def comment_from_report(report_path: str, comment_key: str, env: Mapping[str, str]) -> list[str]:
    """The workflow_run half: re-render the comment from a validated JSON report and post it
    on the pull request the triggering run belongs to, found through the API.

    Returns the lines for standard output; raises :class:`gate.core.errors.InputError` for a
    bad report or key (with the settings' problems at once) and
    :class:`gate.ci.actions.SettingsError` for settings that are missing."""
    said: list[str] = []
    problems = comment_key_problems(comment_key)
    if problems:
        raise InputError(problems)
    try:
        report = read_report(report_path)
    except InputError as error:
        report_problems: list[Problem] | None = list(error.problems)
    else:
        report_problems = None
    missing = [name for name in ("GITHUB_REPOSITORY",) if not env.get(name)]
    if not (env.get("INPUT_TOKEN") or env.get("GITHUB_TOKEN")):
        missing.append("GITHUB_TOKEN (or INPUT_TOKEN)")
    missing += [name for name in ("GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH") if not env.get(name)]
    unset: SettingsError | None = SettingsError(missing, purpose=COMMENT_PURPOSE) if missing else None
    head = None
    if unset is None:
        try:
            head = WorkflowRunHead.from_env(env)
        except SettingsError as exc:
            unset = exc
    if report_problems is not None:  # a bad report and the settings' problems at once: the report is checked outside Actions too
        raise InputError(report_problems + ([Problem("environment", None, None, str(unset))] if unset is not None else []))
    if unset is not None:
        raise unset
    assert head is not None
    if head.event not in PULL_REQUEST_EVENTS:
        said.append(f"no comment: the triggering run {head.run_id} ran on '{head.event}', not on a pull request")
        return said
    settings = ActionSettings.from_env(env)
    assert settings.token is not None and settings.repository is not None  # both checked as missing above
    marker = comment_marker(comment_key)
    where = f"the job summary of {head.run_url}" if head.run_url else f"the job summary of run {head.run_id}"
    body = comment_body(report, marker, full_report=where)
    with GitHubClient(settings.token, settings.repository, api_url=settings.api_url) as client:
        numbers = client.pull_requests_for_head(head.head_repository, head.head_branch, head.head_sha)
        if not numbers:
            said.append(f"no comment: no open pull request of {settings.repository} has the head {head.head_repository}"
                  f"{':' + head.head_branch if head.head_branch else ''} at {head.head_sha[:12]} (closed, or pushed again since run {head.run_id})")
            return said
        for number in numbers:
            result = client.upsert_comment(number, body, marker)
            said.append(f"comment {result.action} on pull request #{number}: {result.url}")
    return said
    return said
