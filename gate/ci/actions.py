"""The GitHub Actions runner protocol: workflow commands, step outputs, job summary, settings.

Pure helpers that format workflow commands (``::error title=...::message``), small
writers that append to the files the runner reads (``$GITHUB_OUTPUT``,
``$GITHUB_STEP_SUMMARY``), the typed settings of a run read from its environment, and a
logging formatter that turns warnings and errors into annotations.

The escaping and the output file format follow the Actions toolkit
(``@actions/core``: ``command.ts`` and ``file-command.ts``) and the runner that reads
them. Nothing here prints: the command line writes the returned lines to stdout.
"""

import json
import logging
import os
import re
import uuid
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Self, cast

from gate.core.errors import GateError
from gate.core.limits import SUMMARY_LIMIT_BYTES

__all__ = [
    "ANNOTATION_LIMIT",
    "PULL_REQUEST_EVENTS",
    "SUMMARY_LIMIT_BYTES",
    "ActionSettings",
    "Annotation",
    "Feature",
    "SettingsError",
    "TOKEN_VARIABLES",
    "WorkflowCommandFormatter",
    "WorkflowRunHead",
    "annotation",
    "annotations",
    "escape_data",
    "escape_property",
    "write_output",
    "write_summary",
]

Level = Literal["error", "warning", "notice"]
Feature = Literal["comment", "summary", "output"]

ANNOTATION_LIMIT = 10
"""Annotations of one level GitHub shows per step; more are dropped silently."""

PULL_REQUEST_EVENTS = frozenset(
    {"pull_request", "pull_request_target", "pull_request_review", "pull_request_review_comment"}
)
"""Events whose payload carries ``pull_request.number``."""

# -- workflow commands ----------------------------------------------------------------


def escape_data(value: str) -> str:
    """Escape the message part of a workflow command (after the second ``::``).

    ``%`` becomes ``%25``, CR ``%0D``, LF ``%0A``, so a multi-line message stays one
    command. The runner undoes this.
    """
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(value: str) -> str:
    """Escape a property value of a workflow command (``title=...``, ``file=...``).

    As :func:`escape_data`, and also ``:`` becomes ``%3A`` and ``,`` becomes ``%2C``,
    the two characters that end a property.
    """
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


def annotation(
    level: Level,
    message: str,
    title: str | None = None,
    file: str | None = None,
    line: int | None = None,
) -> str:
    """One annotation as a workflow command line (without the newline).

    Args:
        level: ``"error"``, ``"warning"`` or ``"notice"``.
        message: the text, any length, may span lines.
        title: shown in bold above the message.
        file: a path relative to the repository root, to pin the annotation to a file.
        line: a 1-based line in ``file``.

    Returns:
        e.g. ``::error title=numeric_accuracy,file=examples/run.jsonl,line=3::a03 states 35``.

    Raises:
        ValueError: an unknown level, or a line below 1.
    """
    if level not in ("error", "warning", "notice"):
        raise ValueError(f"annotation level must be error, warning or notice, got {level!r}")
    if line is not None and line < 1:
        raise ValueError(f"annotation line must be >= 1, got {line}")
    properties = [
        f"{key}={escape_property(str(value))}"
        for key, value in (("title", title), ("file", file), ("line", line))
        if value is not None
    ]
    head = f"::{level} {','.join(properties)}" if properties else f"::{level}"
    return f"{head}::{escape_data(message)}"


@dataclass(frozen=True)
class Annotation:
    """An annotation to emit; the arguments of :func:`annotation` as a record."""

    level: Level
    message: str
    title: str | None = None
    file: str | None = None
    line: int | None = None

    def command(self) -> str:
        """The workflow command line for this annotation."""
        return annotation(self.level, self.message, self.title, self.file, self.line)


def annotations(items: Iterable[Annotation], limit: int = ANNOTATION_LIMIT) -> list[str]:
    """Workflow command lines for at most ``limit`` annotations of each level.

    GitHub shows 10 errors, 10 warnings and 10 notices per step and drops the rest
    without a word, so the first ``limit`` of each level are kept, in their order, and
    when any were left out a last, plain log line (not an annotation, which would
    itself be dropped) says how many of each.

    Args:
        items: annotations in the order they should appear.
        limit: the most of one level to emit, >= 0.

    Returns:
        Lines without newlines, e.g. ``["::error::a", ..., "12 more errors and 3 more
        warnings were not shown as annotations (GitHub shows 10 of each per step)."]``.

    Raises:
        ValueError: limit is negative.
    """
    if limit < 0:
        raise ValueError(f"limit must be >= 0, got {limit}")
    shown: dict[str, int] = {}
    left_out: dict[str, int] = {}
    lines: list[str] = []
    for item in items:
        if shown.get(item.level, 0) < limit:
            shown[item.level] = shown.get(item.level, 0) + 1
            lines.append(item.command())
        else:
            left_out[item.level] = left_out.get(item.level, 0) + 1
    if left_out:
        parts = [
            f"{count} more {level}{'' if count == 1 else 's'}"
            for level in ("error", "warning", "notice")
            if (count := left_out.get(level, 0))
        ]
        verb = "was" if sum(left_out.values()) == 1 else "were"
        lines.append(
            f"{' and '.join(parts)} {verb} not shown as annotations "
            f"(GitHub shows {limit} of each per step); see the job summary."
        )
    return lines


class WorkflowCommandFormatter(logging.Formatter):
    """Format WARNING records as ``::warning::`` and ERROR (and above) as ``::error::``.

    The record is first formatted as usual (message, format string, traceback), then
    escaped with :func:`escape_data`, so a multi-line message or traceback stays one
    annotation. Records below WARNING are formatted plainly.
    """

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        if record.levelno >= logging.ERROR:
            return f"::error::{escape_data(text)}"
        if record.levelno >= logging.WARNING:
            return f"::warning::{escape_data(text)}"
        return text


# -- files the runner reads -----------------------------------------------------------

def write_output(path: str | os.PathLike[str], name: str, value: str) -> None:
    """Append one step output to ``$GITHUB_OUTPUT`` in the heredoc form.

    Writes ``name<<ghadelimiter_<uuid4>``, the value, and the delimiter, each on its own
    line, as ``@actions/core`` ``setOutput`` does, so values with newlines are safe. The
    delimiter is random; if it occurs in the value (it never does by chance), a new one
    is drawn.

    Args:
        path: the file named by ``$GITHUB_OUTPUT``; created if missing.
        name: the output name; must not be empty or contain CR, LF, ``=`` or ``<``,
            which would change how the runner reads the line.
        value: any text.

    Raises:
        ValueError: the name is not usable.
        OSError: the file cannot be written.
    """
    if not name or any(c in name for c in "\r\n=<"):
        raise ValueError(f"output name {name!r} must be non-empty, without newlines, '=' or '<'")
    delimiter = f"ghadelimiter_{uuid.uuid4()}"
    while delimiter in value:
        delimiter = f"ghadelimiter_{uuid.uuid4()}"
    with open(path, "a", encoding="utf-8", newline="\n") as handle:
        handle.write(f"{name}<<{delimiter}\n{value}\n{delimiter}\n")


def write_summary(
    path: str | os.PathLike[str], markdown: str, limit: int = SUMMARY_LIMIT_BYTES
) -> None:
    """Append markdown to ``$GITHUB_STEP_SUMMARY``, whole or not at all.

    A newline is added when the markdown does not end with one, so later appends start
    on a line of their own. The size is checked before writing: GitHub refuses a step
    summary over 1 MiB, counting what the step already wrote to the file.

    Args:
        path: the file named by ``$GITHUB_STEP_SUMMARY``; created if missing.
        markdown: the summary; the renderer is responsible for cutting it to size.
        limit: the most bytes the file may hold afterwards (UTF-8), 1 MiB by default.

    Raises:
        ValueError: the file would exceed ``limit`` bytes; nothing is written.
        OSError: the file cannot be written.
    """
    if not markdown.endswith("\n"):
        markdown += "\n"
    data = markdown.encode("utf-8")
    try:
        existing = os.path.getsize(path)
    except FileNotFoundError:
        existing = 0
    if existing + len(data) > limit:
        already = f" (the file already holds {existing:,})" if existing else ""
        raise ValueError(
            f"job summary would be {existing + len(data):,} bytes{already}; GitHub accepts "
            f"at most {limit:,} per step (the renderer must cut it)"
        )
    with open(path, "ab") as handle:
        handle.write(data)


# -- settings -------------------------------------------------------------------------

DEFAULT_API_URL = "https://api.github.com"
DEFAULT_SERVER_URL = "https://github.com"
TOKEN_VARIABLES = "INPUT_TOKEN or GITHUB_TOKEN"
"""How a missing token is named in :attr:`SettingsError.missing`."""

_FEATURES = ("comment", "summary", "output")


class SettingsError(GateError, ValueError):
    """The environment lacks settings a requested feature needs, or holds bad ones.

    Attributes:
        missing: names of the missing variables, all of them, in a stable order;
            a token is named ``"INPUT_TOKEN or GITHUB_TOKEN"``.
        problems: one sentence per invalid value (unreadable event file, bad repository).

    Args:
        purpose: a sentence after the list: what the command needing them is for, and what
            to use outside GitHub Actions.
    """

    def __init__(self, missing: Sequence[str], problems: Sequence[str] = (), *, purpose: str = "") -> None:
        self.missing = tuple(missing)
        self.problems = tuple(problems)
        parts = []
        if self.missing:
            parts.append("missing environment variables: " + ", ".join(self.missing))
        parts.extend(self.problems)
        super().__init__("GitHub Actions settings: " + "; ".join(parts) + (f". {purpose}" if purpose else ""))


@dataclass(frozen=True)
class ActionSettings:
    """The settings of one GitHub Actions run, read from its environment.

    Attributes:
        repository: ``"owner/name"`` (``GITHUB_REPOSITORY``), or None.
        api_url: REST API root (``GITHUB_API_URL``, default ``https://api.github.com``).
        server_url: web root (``GITHUB_SERVER_URL``, default ``https://github.com``).
        event_name: ``GITHUB_EVENT_NAME``, e.g. ``"pull_request"``, or None.
        event_path: the event payload file (``GITHUB_EVENT_PATH``), or None.
        pr_number: the pull request number, or None when the event is not a pull
            request (then the comment is skipped; see :attr:`comment_skip_reason`).
        step_summary: ``GITHUB_STEP_SUMMARY``, or None.
        output: ``GITHUB_OUTPUT``, or None.
        run_id: ``GITHUB_RUN_ID``, or None.
        token: ``INPUT_TOKEN``, else ``GITHUB_TOKEN``, or None; left out of ``repr``.
    """

    repository: str | None = None
    api_url: str = DEFAULT_API_URL
    server_url: str = DEFAULT_SERVER_URL
    event_name: str | None = None
    event_path: Path | None = None
    pr_number: int | None = None
    step_summary: Path | None = None
    output: Path | None = None
    run_id: str | None = None
    token: str | None = field(default=None, repr=False)

    @property
    def run_url(self) -> str | None:
        """Link to this workflow run, or None when the repository or run id is unknown."""
        if self.repository is None or self.run_id is None:
            return None
        return f"{self.server_url.rstrip('/')}/{self.repository}/actions/runs/{self.run_id}"

    @property
    def comment_skip_reason(self) -> str | None:
        """Why no pull-request comment can be posted, in one line, or None if it can."""
        if self.pr_number is not None:
            return None
        if self.event_name is None:
            return "no pull request comment: GITHUB_EVENT_NAME is not set (not in GitHub Actions?)"
        if self.event_name in PULL_REQUEST_EVENTS:
            return "no pull request comment: GITHUB_EVENT_PATH is not set"
        return f"no pull request comment: the '{self.event_name}' event is not a pull request"

    @classmethod
    def from_env(
        cls, env: Mapping[str, str], *, require: Iterable[Feature] = ()
    ) -> Self:
        """Read the settings from an environment mapping (usually ``os.environ``).

        Empty values count as missing (Actions passes an unset input as ``""``). For
        ``pull_request`` and ``pull_request_target`` events (and the two review events)
        the pull request number is ``pull_request.number`` of the event payload, else its
        top-level ``number``; for any other event it is None.

        Args:
            env: variable names to values.
            require: the features the caller will use. ``"comment"`` needs
                GITHUB_EVENT_NAME and, unless that names an event other than a pull
                request, GITHUB_EVENT_PATH, GITHUB_REPOSITORY and a token (on other
                events the comment is skipped, so nothing more is needed); ``"summary"`` needs
                GITHUB_STEP_SUMMARY; ``"output"`` needs GITHUB_OUTPUT.

        Returns:
            The settings; those no requested feature needs are None when absent.

        Raises:
            SettingsError: naming every missing variable the requested features need,
                and every invalid value (a repository not ``owner/name``, an event file
                that cannot be read or has no pull request number), all at once.
            ValueError: an unknown feature name.
        """
        wanted = set(require)
        if unknown := sorted(wanted - set(_FEATURES)):
            raise ValueError(f"unknown features {unknown}; known: {list(_FEATURES)}")

        def get(name: str) -> str | None:
            return env.get(name) or None

        repository = get("GITHUB_REPOSITORY")
        token = get("INPUT_TOKEN") or get("GITHUB_TOKEN")
        event_name = get("GITHUB_EVENT_NAME")
        event_path = get("GITHUB_EVENT_PATH")
        missing = [name for name in _needed(wanted, event_name)
                   if (token is None if name == TOKEN_VARIABLES else get(name) is None)]
        problems, pr_number = _invalid(repository, event_name, event_path)
        if missing or problems:
            raise SettingsError(missing, problems)

        def path(name: str) -> Path | None:
            value = get(name)
            return None if value is None else Path(value)

        return cls(
            repository=repository,
            api_url=get("GITHUB_API_URL") or DEFAULT_API_URL,
            server_url=get("GITHUB_SERVER_URL") or DEFAULT_SERVER_URL,
            event_name=event_name,
            event_path=path("GITHUB_EVENT_PATH"),
            pr_number=pr_number,
            step_summary=path("GITHUB_STEP_SUMMARY"),
            output=path("GITHUB_OUTPUT"),
            run_id=get("GITHUB_RUN_ID"),
            token=token,
        )


def _needed(wanted: Collection[str], event_name: str | None) -> list[str]:
    """The variables the wanted features need, in a stable order (a token as :data:`TOKEN_VARIABLES`)."""
    needed: list[str] = []
    if "comment" in wanted:
        needed.append("GITHUB_EVENT_NAME")
        if event_name is None or event_name in PULL_REQUEST_EVENTS:
            needed += ["GITHUB_EVENT_PATH", "GITHUB_REPOSITORY", TOKEN_VARIABLES]
    if "summary" in wanted:
        needed.append("GITHUB_STEP_SUMMARY")
    if "output" in wanted:
        needed.append("GITHUB_OUTPUT")
    return needed


def _invalid(repository: str | None, event_name: str | None, event_path: str | None) -> tuple[list[str], int | None]:
    """The invalid values (a repository not ``owner/name``, an event file without a pull
    request number), one sentence each, and the pull request number when there is one."""
    problems: list[str] = []
    if repository is not None and not re.fullmatch(r"[^/\s]+/[^/\s]+", repository):
        problems.append(f"GITHUB_REPOSITORY must be 'owner/name', got {repository!r}")
    pr_number = None
    if event_name in PULL_REQUEST_EVENTS and event_path is not None:
        pr_number, problem = _pr_number(Path(event_path))
        if problem is not None:
            problems.append(problem)
    return problems, pr_number


def _pr_number(event_path: Path) -> tuple[int | None, str | None]:
    """The pull request number from an event payload, or a sentence saying what is wrong."""
    try:
        payload: Any = json.loads(event_path.read_text(encoding="utf-8"))
    except OSError as exc:
        return None, f"GITHUB_EVENT_PATH {str(event_path)!r} cannot be read: {exc.strerror}"
    except ValueError as exc:
        return None, f"GITHUB_EVENT_PATH {str(event_path)!r} is not JSON: {exc}"
    number: Any = None
    if isinstance(payload, dict):
        pull_request = payload.get("pull_request")
        if isinstance(pull_request, dict) and "number" in pull_request:
            number = pull_request["number"]
        else:
            number = payload.get("number")
    if isinstance(number, int) and not isinstance(number, bool) and number > 0:
        return number, None
    return None, (
        f"GITHUB_EVENT_PATH {str(event_path)!r} has no pull request number "
        f"(pull_request.number or number), found {number!r}"
    )


@dataclass(frozen=True)
class WorkflowRunHead:
    """The pull request side of the run that triggered a ``workflow_run`` workflow.

    Read from the ``workflow_run`` event payload, which the runner writes: the only
    trustworthy account of which run finished, unlike anything in that run's artifacts.

    Attributes:
        run_id: the triggering run's id (``workflow_run.id``).
        run_url: its page (``workflow_run.html_url``), or None.
        event: the event that started it, e.g. ``"pull_request"``.
        head_repository: ``"owner/name"`` of the head branch's repository (the fork).
        head_branch: the head branch, or None (a tag or a deleted branch).
        head_sha: the commit the run gated.
    """

    run_id: int
    run_url: str | None
    event: str
    head_repository: str
    head_branch: str | None
    head_sha: str

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Self:
        """Read the triggering run from ``GITHUB_EVENT_NAME`` and ``GITHUB_EVENT_PATH``.

        Raises:
            SettingsError: the event is not ``workflow_run``, the payload cannot be read,
                or a field is missing or malformed; every problem at once.
        """
        missing = [name for name in ("GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH") if not env.get(name)]
        if missing:
            raise SettingsError(missing)
        if env["GITHUB_EVENT_NAME"] != "workflow_run":
            raise SettingsError((), [f"GITHUB_EVENT_NAME must be 'workflow_run' (the comment is posted by a workflow "
                                     f"triggered by the gate's run), got {env['GITHUB_EVENT_NAME']!r}"])
        path = env["GITHUB_EVENT_PATH"]
        try:
            payload: Any = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise SettingsError((), [f"GITHUB_EVENT_PATH {path!r} cannot be read: {exc.strerror}"]) from None
        except ValueError as exc:
            raise SettingsError((), [f"GITHUB_EVENT_PATH {path!r} is not JSON: {exc}"]) from None
        run = payload.get("workflow_run") if isinstance(payload, dict) else None
        if not isinstance(run, dict):
            raise SettingsError((), [f"GITHUB_EVENT_PATH {path!r} has no workflow_run object"])
        head_repo = run.get("head_repository")
        fields = {
            "workflow_run.id": run.get("id"),
            "workflow_run.event": run.get("event"),
            "workflow_run.head_repository.full_name": head_repo.get("full_name") if isinstance(head_repo, dict) else None,
            "workflow_run.head_sha": run.get("head_sha"),
        }
        problems = []
        if not (isinstance(fields["workflow_run.id"], int) and not isinstance(fields["workflow_run.id"], bool)):
            problems.append(f"workflow_run.id: expected a number, found {fields['workflow_run.id']!r}")
        if not isinstance(fields["workflow_run.event"], str):
            problems.append(f"workflow_run.event: expected a string, found {fields['workflow_run.event']!r}")
        full_name = fields["workflow_run.head_repository.full_name"]
        if not (isinstance(full_name, str) and re.fullmatch(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+", full_name)):
            problems.append(f"workflow_run.head_repository.full_name: expected 'owner/name', found {full_name!r}")
        sha = fields["workflow_run.head_sha"]
        if not (isinstance(sha, str) and re.fullmatch(r"[0-9a-f]{40}|[0-9a-f]{64}", sha)):
            problems.append(f"workflow_run.head_sha: expected a commit SHA, found {sha!r}")
        branch = run.get("head_branch")
        if branch is not None and not isinstance(branch, str):
            problems.append(f"workflow_run.head_branch: expected a string or null, found {branch!r}")
        if problems:
            raise SettingsError((), [f"GITHUB_EVENT_PATH {path!r}: {p}" for p in problems])
        url = run.get("html_url")
        return cls(
            run_id=cast(int, fields["workflow_run.id"]),  # each field checked above
            run_url=url if isinstance(url, str) else None,
            event=str(fields["workflow_run.event"]),
            head_repository=str(full_name),
            head_branch=branch,
            head_sha=str(sha),
        )
