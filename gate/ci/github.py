"""GitHub REST client for the sticky pull-request comment.

The gate posts one summary comment per pull request and keeps it up to date: the first
run creates it, every later run edits the same comment in place. The comment is found
by a hidden marker in its body (an HTML comment such as ``<!-- answer-gate -->``) and by
its author, which must be the token's own user, so a comment by somebody else that
quotes the marker is never touched.

Errors:
    Every failure is raised as :class:`GitHubError` (or its subclass
    :class:`ReadOnlyToken`); a body that is too long raises :class:`ValueError` before
    any request is sent. Messages are safe to print: the token is never part of a
    message or a ``repr``, and anything the server echoes back is redacted.

Retries:
    Server errors (5xx), rate limiting (429, and 403 when GitHub marks it as a rate
    limit) and connection errors are retried ``retries`` times, waiting
    ``backoff_seconds * 2**attempt`` seconds (1 s, 2 s, 4 s by default), or the
    server's ``Retry-After`` when it is at most ``max_retry_after_seconds``; a longer
    ``Retry-After`` fails at once rather than holding a CI job. Creating a comment is
    not idempotent, so before a failed ``POST`` is tried again the comments are listed
    again: if the first attempt reached GitHub after all, that comment is updated
    instead of a second one being created.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Literal, NoReturn

import httpx

from gate import __version__
from gate.core.errors import GateError
from gate.core.limits import COMMENT_LIMIT
from gate.report.markdown import MARKER as _MARKER_DEFAULT
from gate.report.markdown import render_markdown

__all__ = [
    "ACTIONS_BOT_LOGIN",
    "MAX_COMMENT_CHARS",
    "CommentResult",
    "GitHubClient",
    "GitHubError",
    "ReadOnlyToken",
    "comment_marker",
]

MAX_COMMENT_CHARS = COMMENT_LIMIT
"""GitHub's limit on an issue comment body, in characters (Unicode code points); defined
once, as :data:`gate.core.limits.COMMENT_LIMIT`."""

_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


def comment_marker(key: str = "") -> str:
    """The hidden marker that finds a gate's sticky comment again.

    With no key it is ``<!-- answer-gate -->``, the marker of every earlier version, so an
    existing comment is still found. A key (``comment-key`` of the Action, ``--comment-key``)
    gives each gate of a pull request its own comment: ``<!-- answer-gate:fr -->``. No
    marker is a substring of another, so one gate never finds another's comment.

    Args:
        key: empty, or 1 to 64 of ``A-Z a-z 0-9 . _ -``, starting with a letter or digit
            (a job name, a matrix value such as ``3.11`` or ``fr``, a question set).

    Raises:
        ValueError: the key has other characters, or is too long.
    """
    if not key:
        return _MARKER_DEFAULT
    if not _KEY.fullmatch(key):
        raise ValueError(f"comment key must be 1 to 64 letters, digits, '.', '_' or '-' starting with a "
                         f"letter or digit, got {key!r}")
    return f"<!-- answer-gate:{key} -->"


def comment_body(report: Any, marker: str, full_report: str | None = None) -> str:
    """The sticky comment's body for a report, under ``marker``, within GitHub's limit.

    The markdown report (:func:`gate.report.markdown.render_markdown`) starts with the
    default marker; a keyed marker takes its place, and the findings are cut so that the
    body still fits :data:`MAX_COMMENT_CHARS`.

    Args:
        report: a :class:`gate.report.model.Report` (built, or read back from the JSON report).
        marker: from :func:`comment_marker`.
        full_report: where the whole report is, said when findings are cut.
    """
    body = render_markdown(report, limit=MAX_COMMENT_CHARS - (len(marker) - len(_MARKER_DEFAULT)), full_report=full_report)
    if marker != _MARKER_DEFAULT:
        body = marker + body[len(_MARKER_DEFAULT):]
    return body

ACTIONS_BOT_LOGIN = "github-actions[bot]"
"""Author of comments made with a GitHub Actions installation token (``GITHUB_TOKEN``)."""

API_VERSION = "2022-11-28"
USER_AGENT = f"answer-gate/{__version__}"
PER_PAGE = 100
_MAX_MESSAGE_CHARS = 300
_MAX_PAGES = 1_000  # 100,000 comments: a guard against a Link loop, not a real limit

# Tokens GitHub issues (classic, OAuth, user-to-server, server-to-server, refresh,
# fine-grained) and any ``Bearer``/``token`` credential, in case a server echoes one
# that is not ours.
_TOKEN_PATTERNS = (
    re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{16,})"),
    re.compile(r"(?i)\b(bearer|token)(\s+)[^\s\"'`,;()<>\[\]{}]+"),
)


class GitHubError(GateError):
    """A GitHub API call failed; the message is safe to print.

    Attributes:
        endpoint: ``"METHOD /path"`` of the call that failed, relative to the API root,
            or None when no call was involved.
        status: HTTP status of the last answer, or None for a connection error.
        rate_limited: the last answer was GitHub's rate limit (429, or 403 marked so).
    """

    def __init__(
        self,
        message: str,
        *,
        endpoint: str | None = None,
        status: int | None = None,
        rate_limited: bool = False,
    ) -> None:
        super().__init__(message)
        self.endpoint = endpoint
        self.status = status
        self.rate_limited = rate_limited


class ReadOnlyToken(GitHubError):
    """GitHub refused a write (403 or 404 on ``POST``/``PATCH``).

    This is what a read-only token looks like: pull requests from forks, Dependabot
    pull requests, or a workflow without ``permissions: pull-requests: write``. A caller
    usually reports it as a warning and carries on; the job summary still has the report.
    """


@dataclass(frozen=True)
class CommentResult:
    """What :meth:`GitHubClient.upsert_comment` did.

    Attributes:
        action: ``"created"`` for a new comment, ``"updated"`` when an existing one was edited.
        url: ``html_url`` of the comment, for people.
        comment_id: GitHub's numeric id of the comment.
    """

    action: Literal["created", "updated"]
    url: str
    comment_id: int


class _Retry(Exception):
    """One attempt failed in a way worth retrying (internal, never escapes the client).

    Attributes:
        message: what failed, redacted.
        status: HTTP status, or None for a connection error.
        delay: seconds the server asked to wait; None means use the backoff.
        rate_limited: the answer was a rate limit.
    """

    def __init__(
        self, message: str, status: int | None, delay: float | None, rate_limited: bool = False
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.delay = delay
        self.rate_limited = rate_limited


class GitHubClient:
    """A small GitHub REST client: the calls the gate needs, retried and redacted.

    Args:
        token: a GitHub token (``GITHUB_TOKEN``, a PAT, an app token); sent as
            ``Authorization: Bearer``. Never shown in messages or ``repr``.
        repository: ``"owner/name"``.
        api_url: API root, e.g. ``https://api.github.com`` or
            ``https://ghe.example.com/api/v3``.
        retries: how many times a failed call is tried again (so ``retries + 1``
            attempts in all); 0 disables retrying.
        backoff_seconds: the first wait before a retry; it doubles on every retry.
        timeout_seconds: connect, read, write and pool timeout of each attempt.
        transport: an httpx transport, for tests or proxies; None uses the default.
        max_retry_after_seconds: the longest ``Retry-After`` (or rate-limit reset) the
            client waits for; a longer one fails the call at once.
        sleep: how to wait, in seconds (``time.sleep``); tests pass a recorder.

    Raises:
        ValueError: repository is not ``owner/name``, the token is empty, or a number
            is out of range.
    """

    def __init__(
        self,
        token: str,
        repository: str,
        api_url: str = "https://api.github.com",
        retries: int = 3,
        backoff_seconds: float = 1.0,
        timeout_seconds: float = 10.0,
        transport: httpx.BaseTransport | None = None,
        *,
        max_retry_after_seconds: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if not token:
            raise ValueError("the GitHub token is empty")
        if not re.fullmatch(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+", repository):
            raise ValueError(f"repository must be 'owner/name', got {repository!r}")
        if retries < 0:
            raise ValueError(f"retries must be >= 0, got {retries}")
        if backoff_seconds < 0 or max_retry_after_seconds < 0:
            raise ValueError("backoff_seconds and max_retry_after_seconds must be >= 0")
        if timeout_seconds <= 0:
            raise ValueError(f"timeout_seconds must be > 0, got {timeout_seconds}")
        self._token = token
        self.repository = repository
        self.api_url = api_url.rstrip("/")
        self.retries = retries
        self.backoff_seconds = backoff_seconds
        self.max_retry_after_seconds = max_retry_after_seconds
        self._sleep = sleep
        self._login: str | None = None
        self._login_known = False
        self._http = httpx.Client(
            base_url=self.api_url + "/",
            headers={
                "Authorization": f"Bearer {token}",
                "Accept": "application/vnd.github+json",
                "X-GitHub-Api-Version": API_VERSION,
                "User-Agent": USER_AGENT,
            },
            timeout=httpx.Timeout(timeout_seconds),
            transport=transport,
            follow_redirects=False,
        )

    def __repr__(self) -> str:
        return f"GitHubClient(repository={self.repository!r}, api_url={self.api_url!r})"

    def close(self) -> None:
        """Close the connection pool. Safe to call twice."""
        self._http.close()

    def __enter__(self) -> GitHubClient:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- the public operation -------------------------------------------------------

    def upsert_comment(self, issue_number: int, body: str, marker: str) -> CommentResult:
        """Create the sticky comment on a pull request, or edit it in place.

        The issue's comments are listed (100 a page, following ``Link: rel="next"``) and
        the first comment, in creation order, whose body contains ``marker`` and whose
        author is the token's user is updated. Later duplicates (left by an older
        version or a race between two jobs) are left alone. A comment is created only
        when none matches.

        The token's user is read from ``GET /user``. GitHub Actions installation tokens
        cannot call ``/user`` (403); then the author must be ``github-actions[bot]`` of
        type ``Bot``.

        Args:
            issue_number: the pull request (or issue) number, > 0.
            body: the markdown of the comment; ``marker`` is prepended on a line of its
                own when the body does not contain it already.
            marker: a string that identifies the gate's comment, usually a hidden HTML
                comment such as ``<!-- answer-gate -->``. Must not be empty.

        Returns:
            What was done, the comment's ``html_url`` and its id.

        Raises:
            ValueError: the body (with the marker) is longer than
                :data:`MAX_COMMENT_CHARS` (65,536) characters,
                the marker is empty or the issue number is not positive; raised before
                any request.
            ReadOnlyToken: GitHub answered 403 or 404 to the ``POST`` or ``PATCH``.
            GitHubError: the token was rejected (401), or a call still failed after
                its retries; the message names the endpoint and the status.
        """
        if issue_number <= 0:
            raise ValueError(f"issue number must be positive, got {issue_number}")
        if not marker:
            raise ValueError("the comment marker must not be empty")
        if marker not in body:
            body = f"{marker}\n{body}"
        if len(body) > MAX_COMMENT_CHARS:
            raise ValueError(
                f"comment body is {len(body):,} characters; GitHub accepts at most "
                f"{MAX_COMMENT_CHARS:,} (the renderer must cut it)"
            )
        owner_repo = f"repos/{self.repository}"
        create_path = f"{owner_repo}/issues/{issue_number}/comments"
        for attempt in range(self.retries + 1):
            existing = self._find_comment(create_path, marker)
            if existing is not None:
                return self._update(owner_repo, existing, body)
            try:
                response = self._attempt("POST", create_path, {"body": body})
            except _Retry as failure:
                self._wait_or_fail("POST", create_path, failure, attempt)
                continue  # list again: the failed POST may have created the comment
            return self._result("created", "POST", create_path, response)
        raise AssertionError("unreachable")  # pragma: no cover

    def pull_requests_for_head(self, head_repository: str, head_branch: str | None, head_sha: str) -> list[int]:
        """The open pull requests of this repository whose head is exactly that commit.

        How the comment workflow finds where to post: from the triggering run's head
        repository, branch and SHA (the ``workflow_run`` event), never from anything the
        run uploaded. First ``GET /repos/{repo}/pulls?state=open&head={owner}:{branch}``;
        when that finds none (no branch, or GitHub has not indexed it yet),
        ``GET /repos/{repo}/commits/{sha}/pulls``. Either way a pull request counts only
        when it is open, its head commit is ``head_sha``, its head repository is
        ``head_repository`` and its base repository is this one: a run of an older commit
        of the pull request finds nothing (a newer run will comment).

        Args:
            head_repository: ``"owner/name"`` of the head (the fork, or this repository).
            head_branch: the head branch, or None.
            head_sha: the commit the run gated.

        Returns:
            Pull request numbers, ascending; empty when none matches.

        Raises:
            GitHubError: a call failed after its retries, or GitHub answered something
                that is not a list of pull requests.
        """
        owner = head_repository.split("/", 1)[0]
        candidates: list[Any] = []
        if head_branch:
            query = httpx.QueryParams({"state": "open", "head": f"{owner}:{head_branch}", "per_page": PER_PAGE})
            candidates = self._list_pulls(f"repos/{self.repository}/pulls?{query}")
        matches = self._matching_pulls(candidates, head_repository, head_sha)
        if not matches:
            candidates = self._list_pulls(f"repos/{self.repository}/commits/{head_sha}/pulls?per_page={PER_PAGE}")
            matches = self._matching_pulls(candidates, head_repository, head_sha)
        return matches

    def _list_pulls(self, url: str) -> list[Any]:
        path = url.split("?", 1)[0]
        response = self._call("GET", url)
        page = self._json(response, "GET", path)
        if not isinstance(page, list):
            self._fail_shape("GET", path, "a list of pull requests")
        return page

    def _matching_pulls(self, pulls: list[Any], head_repository: str, head_sha: str) -> list[int]:
        numbers = set()
        for pull in pulls:
            if not isinstance(pull, dict):
                continue
            head, base = pull.get("head"), pull.get("base")
            if not (isinstance(head, dict) and isinstance(base, dict)):
                continue
            head_repo = (head.get("repo") or {}).get("full_name") if isinstance(head.get("repo"), dict) else None
            base_repo = (base.get("repo") or {}).get("full_name") if isinstance(base.get("repo"), dict) else None
            number = pull.get("number")
            if (
                pull.get("state") == "open"
                and head.get("sha") == head_sha
                and isinstance(head_repo, str) and head_repo.casefold() == head_repository.casefold()
                and isinstance(base_repo, str) and base_repo.casefold() == self.repository.casefold()
                and isinstance(number, int) and not isinstance(number, bool) and number > 0
            ):
                numbers.add(number)
        return sorted(numbers)

    # -- steps -------------------------------------------------------------------------

    def _find_comment(self, comments_path: str, marker: str) -> int | None:
        """Return the id of the first matching comment, or None."""
        login = self._token_login()
        url: str = f"{comments_path}?per_page={PER_PAGE}"
        for _ in range(_MAX_PAGES):
            response = self._call("GET", url)
            page = self._json(response, "GET", comments_path)
            if not isinstance(page, list):
                self._fail_shape("GET", comments_path, "a list of comments")
            for comment in page:
                if self._is_ours(comment, marker, login):
                    return int(comment["id"])
            next_url = response.links.get("next", {}).get("url")
            if not next_url:
                return None
            url = self._same_origin(next_url, comments_path)
        raise GitHubError(
            f"GET /{comments_path}: more than {_MAX_PAGES} pages of comments",
            endpoint=f"GET /{comments_path}",
        )

    @staticmethod
    def _is_ours(comment: Any, marker: str, login: str | None) -> bool:
        if not isinstance(comment, dict):
            return False
        body = comment.get("body")
        user = comment.get("user")
        if not isinstance(body, str) or marker not in body or not isinstance(user, dict):
            return False
        author = user.get("login")
        if not isinstance(author, str) or not isinstance(comment.get("id"), int):
            return False
        if login is not None:
            return author.casefold() == login.casefold()
        return author == ACTIONS_BOT_LOGIN and user.get("type") == "Bot"

    def _token_login(self) -> str | None:
        """The token's user login, or None for an installation token (cached)."""
        if not self._login_known:
            try:
                response = self._call("GET", "user")
            except GitHubError as error:
                if error.status != 403 or error.rate_limited:
                    raise
                self._login = None  # an installation token: /user is not allowed
            else:
                data = self._json(response, "GET", "user")
                login = data.get("login") if isinstance(data, dict) else None
                if not isinstance(login, str):
                    self._fail_shape("GET", "user", "an object with a login")
                self._login = login
            self._login_known = True
        return self._login

    def _update(self, owner_repo: str, comment_id: int, body: str) -> CommentResult:
        path = f"{owner_repo}/issues/comments/{comment_id}"
        response = self._call("PATCH", path, {"body": body})
        return self._result("updated", "PATCH", path, response)

    def _result(
        self,
        action: Literal["created", "updated"],
        method: str,
        path: str,
        response: httpx.Response,
    ) -> CommentResult:
        data = self._json(response, method, path)
        if not (
            isinstance(data, dict)
            and isinstance(data.get("id"), int)
            and isinstance(data.get("html_url"), str)
        ):
            self._fail_shape(method, path, "a comment with id and html_url")
        return CommentResult(action=action, url=data["html_url"], comment_id=data["id"])

    # -- HTTP with retries ------------------------------------------------------------

    def _call(self, method: str, url: str, payload: Any = None) -> httpx.Response:
        """Send one idempotent call, retrying as documented; raise GitHubError."""
        for attempt in range(self.retries + 1):
            try:
                return self._attempt(method, url, payload)
            except _Retry as failure:
                self._wait_or_fail(method, url, failure, attempt)
        raise AssertionError("unreachable")  # pragma: no cover

    def _wait_or_fail(self, method: str, url: str, failure: _Retry, attempt: int) -> None:
        """Sleep before the next attempt, or raise when attempts or patience ran out."""
        endpoint = self._endpoint(method, url)
        attempts = attempt + 1
        if failure.delay is not None and failure.delay > self.max_retry_after_seconds:
            raise GitHubError(
                f"{endpoint}: {failure.message}; GitHub asks to wait {failure.delay:.0f} s, "
                f"longer than the {self.max_retry_after_seconds:.0f} s this client waits",
                endpoint=endpoint,
                status=failure.status,
                rate_limited=failure.rate_limited,
            )
        if attempt >= self.retries:
            plural = "attempt" if attempts == 1 else "attempts"
            raise GitHubError(
                f"{endpoint} failed after {attempts} {plural}: {failure.message}",
                endpoint=endpoint,
                status=failure.status,
                rate_limited=failure.rate_limited,
            )
        delay = failure.delay
        if delay is None:
            delay = self.backoff_seconds * 2**attempt
        if delay > 0:
            self._sleep(delay)

    def _attempt(self, method: str, url: str, payload: Any) -> httpx.Response:
        """One request. Returns a 2xx answer; raises _Retry or GitHubError."""
        try:
            response = self._http.request(method, url, json=payload)
        except httpx.TransportError as exc:
            reason = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            raise _Retry(f"connection error ({self._redact(reason)})", None, None) from None
        status = response.status_code
        if 200 <= status < 300:
            return response
        endpoint = self._endpoint(method, url)
        detail = self._detail(response)
        if status >= 500:
            raise _Retry(f"HTTP {status} {detail}", status, None)
        limited, delay = self._rate_limit(response, detail)
        if limited:
            raise _Retry(f"rate limited (HTTP {status} {detail})", status, delay, True)
        if status == 401:
            raise GitHubError(
                f"{endpoint}: token rejected (HTTP 401 {detail}); check that the token is "
                "valid and not expired",
                endpoint=endpoint,
                status=status,
            )
        if method in ("POST", "PATCH") and status in (403, 404):
            raise ReadOnlyToken(
                f"{endpoint}: GitHub refused to write the comment on {self.repository} "
                f"(HTTP {status} {detail}). The token is read-only here: this happens on "
                "pull requests from forks, on Dependabot pull requests, and when the "
                "workflow lacks 'permissions: pull-requests: write'.",
                endpoint=endpoint,
                status=status,
            )
        raise GitHubError(f"{endpoint}: HTTP {status} {detail}", endpoint=endpoint, status=status)

    @staticmethod
    def _rate_limit(response: httpx.Response, detail: str) -> tuple[bool, float | None]:
        """Whether an answer is a rate limit, and the seconds GitHub asks to wait.

        GitHub's rules: honour ``Retry-After``; else when ``x-ratelimit-remaining`` is 0
        wait until ``x-ratelimit-reset`` (epoch seconds). A 429, or a 403 that says
        "rate limit", without either header gets the exponential backoff (delay None).
        """
        status = response.status_code
        if status not in (403, 429):
            return False, None
        retry_after = response.headers.get("retry-after")
        if retry_after is not None:
            try:
                return True, max(0.0, float(retry_after))
            except ValueError:
                return True, None  # an HTTP date: not worth parsing, use the backoff
        if response.headers.get("x-ratelimit-remaining") == "0":
            try:
                return True, max(0.0, float(response.headers["x-ratelimit-reset"]) - time.time())
            except (KeyError, ValueError):
                return True, None
        return status == 429 or "rate limit" in detail.lower(), None

    # -- helpers ---------------------------------------------------------------------

    def _same_origin(self, next_url: str, comments_path: str) -> str:
        """Check that a pagination link stays on the API host, so the token does too."""
        base = httpx.URL(self.api_url)
        target = httpx.URL(next_url)
        if (target.scheme, target.host, target.port) != (base.scheme, base.host, base.port):
            raise GitHubError(
                f"GET /{comments_path}: pagination link leaves the API host "
                f"({target.scheme}://{target.host}); not followed",
                endpoint=f"GET /{comments_path}",
            )
        return next_url

    def _endpoint(self, method: str, url: str) -> str:
        """``"METHOD /path"`` relative to the API root, without the query string."""
        path = httpx.URL(url).path
        root = httpx.URL(self.api_url).path.rstrip("/")
        if root and path.startswith(root + "/"):
            path = path[len(root) :]
        return f"{method} /{path.lstrip('/')}"

    def _detail(self, response: httpx.Response) -> str:
        """The reason phrase and GitHub's ``message``, short and redacted."""
        text = response.reason_phrase
        try:
            data = response.json()
        except ValueError:
            data = None
        message = data.get("message") if isinstance(data, dict) else None
        if isinstance(message, str) and message:
            text = f"{text}: {message}" if text else message
        elif not isinstance(data, dict) and response.text.strip():
            text = f"{text}: {response.text.strip()}" if text else response.text.strip()
        text = " ".join(self._redact(text).split())
        if len(text) > _MAX_MESSAGE_CHARS:
            text = text[: _MAX_MESSAGE_CHARS - 1] + "…"
        return text

    def _json(self, response: httpx.Response, method: str, path: str) -> Any:
        try:
            return response.json()
        except ValueError:
            self._fail_shape(method, path, "JSON")

    def _fail_shape(self, method: str, path: str, expected: str) -> NoReturn:
        endpoint = self._endpoint(method, path)
        raise GitHubError(f"{endpoint}: unexpected answer, expected {expected}", endpoint=endpoint)

    def _redact(self, text: str) -> str:
        """Remove the token, and anything that looks like a credential, from text."""
        text = text.replace(self._token, "***")
        text = _TOKEN_PATTERNS[0].sub("***", text)
        return _TOKEN_PATTERNS[1].sub(r"\1\2***", text)
