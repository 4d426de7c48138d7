"""Where a file of the repository can be read on GitHub: the address the reports link a rule's
line of thresholds.yaml to, at the commit the pull request is reviewed at.

The command line calls :func:`thresholds_url` and puts the address into the Report
(``Report.thresholds_url``); renderers only add the line anchor (``#L22``), and never read
the environment themselves.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import quote

#: Events whose payload names the pull request's head commit as ``pull_request.head.sha``.
_PULL_REQUEST_EVENTS = frozenset({"pull_request", "pull_request_target", "pull_request_review", "pull_request_review_comment"})


def head_sha(env: Mapping[str, str]) -> str | None:
    """The commit under review in GitHub Actions.

    For a pull request event, the head commit of the pull request (``pull_request.head.sha``
    in the payload at ``GITHUB_EVENT_PATH``): ``GITHUB_SHA`` is then a merge commit that
    the reviewer never sees. For ``workflow_run``, the triggering run's ``head_sha``. Else,
    or when the payload cannot be read, ``GITHUB_SHA``.

    Returns:
        40 hexadecimal digits, or None when none is known.
    """
    event = env.get("GITHUB_EVENT_NAME")
    payload = _payload(env.get("GITHUB_EVENT_PATH"))
    found: Any = None
    if event in _PULL_REQUEST_EVENTS:
        found = ((payload.get("pull_request") or {}).get("head") or {}).get("sha")
    elif event == "workflow_run":
        found = (payload.get("workflow_run") or {}).get("head_sha")
    sha = found if isinstance(found, str) else env.get("GITHUB_SHA")
    if sha and len(sha) == 40 and all(c in "0123456789abcdefABCDEF" for c in sha):
        return sha.lower()
    return None


def _payload(path: str | None) -> dict[str, Any]:
    if not path:
        return {}
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def thresholds_url(env: Mapping[str, str], path: str | os.PathLike[str], cwd: str | os.PathLike[str] | None = None) -> str | None:
    """The address of a repository file at the commit under review, in GitHub Actions.

    Args:
        env: the environment (``GITHUB_ACTIONS``, ``GITHUB_SERVER_URL``,
            ``GITHUB_REPOSITORY``, ``GITHUB_WORKSPACE``, and what :func:`head_sha` reads).
        path: the file as given on the command line.
        cwd: the working directory a relative ``path`` is read from (default: the current one).

    Returns:
        ``https://github.com/OWNER/NAME/blob/SHA/thresholds.yaml``; None outside GitHub
        Actions, without a repository or commit, or for a file outside the workspace.
    """
    if env.get("GITHUB_ACTIONS") != "true":
        return None
    repository = env.get("GITHUB_REPOSITORY", "")
    sha = head_sha(env)
    owner, _, name = repository.partition("/")
    if not owner or not name or "/" in name or sha is None:
        return None
    base = Path(cwd) if cwd is not None else Path.cwd()
    workspace = Path(env.get("GITHUB_WORKSPACE") or base).resolve()
    file = (base / path).resolve()
    try:
        relative = file.relative_to(workspace)
    except ValueError:
        return None
    server = (env.get("GITHUB_SERVER_URL") or "https://github.com").rstrip("/")
    return f"{server}/{quote(owner)}/{quote(name)}/blob/{sha}/{quote(relative.as_posix())}"
