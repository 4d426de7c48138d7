"""A loopback GitHub API for tests: a threaded ``http.server`` on 127.0.0.1, port 0.

It speaks the few endpoints the gate uses, over real HTTP, with comments kept in memory:

- ``GET  {prefix}/user``
- ``GET  {prefix}/repos/{owner}/{repo}/issues/{n}/comments?per_page=&page=`` (with
  ``Link: <...>; rel="next"`` pointing back at this server)
- ``POST {prefix}/repos/{owner}/{repo}/issues/{n}/comments``
- ``PATCH {prefix}/repos/{owner}/{repo}/issues/comments/{id}``
- ``GET  {prefix}/repos/{owner}/{repo}/pulls?state=&head={user}:{branch}`` (pull requests
  added with :meth:`LoopbackGitHub.add_pull`, filtered as GitHub filters them)
- ``GET  {prefix}/repos/{owner}/{repo}/commits/{sha}/pulls`` (the pull requests whose head
  commit is ``sha``, open or not)
- ``GET  {prefix}/repos/{owner}/{repo}/git/ref/tags/{tag}`` and
  ``GET  {prefix}/repos/{owner}/{repo}/git/tags/{sha}`` for any repository (tags added with
  :meth:`LoopbackGitHub.add_tag`, lightweight or annotated, as GitHub answers them)

Behaviours are attributes set by a test before the client runs: ``page_size``,
``read_only`` (403 "Resource not accessible by integration" on POST/PATCH),
``user_forbidden`` (403 on ``/user``; comments are then written by
``github-actions[bot]``, as with an Actions installation token), ``echo_authorization``
(error bodies quote the request's Authorization header, to test redaction) and scripted
answers (:meth:`LoopbackGitHub.fail`) such as "500 twice, then normal service". Every
request is recorded (method, path with query, headers, JSON body).
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

READ_ONLY_MESSAGE = "Resource not accessible by integration"


@dataclass(frozen=True)
class Recorded:
    """One request as the server saw it."""

    method: str
    path: str  # path and query, as sent
    headers: dict[str, str]  # lower-case names
    body: Any  # parsed JSON, or None


@dataclass
class Scripted:
    """A canned answer, used ``times`` times for requests that match.

    ``apply_then_drop`` performs the request normally, then closes the connection
    without answering: the write happened, the client only sees a connection error.
    ``drop`` closes the connection without doing anything.
    """

    method: str | None  # None matches any method
    path_contains: str
    times: int
    status: int = 500
    headers: dict[str, str] = field(default_factory=dict)
    body: Any = field(default_factory=lambda: {"message": "Server Error"})
    drop: bool = False
    apply_then_drop: bool = False


@dataclass
class Pull:
    number: int
    head_repository: str  # owner/name of the head (a fork, or the repository itself)
    head_ref: str
    head_sha: str
    state: str = "open"


@dataclass
class Comment:
    id: int
    body: str
    login: str
    type: str
    issue: int


class LoopbackGitHub:
    """The server and its state. Use :func:`serve` to start and stop it."""

    def __init__(
        self, token: str, repository: str = "octo/stats", login: str = "gate-bot", prefix: str = ""
    ) -> None:
        self.token = token
        self.repository = repository
        self.login = login
        self.prefix = prefix
        self.page_size = 100
        self.read_only = False
        self.user_forbidden = False
        self.echo_authorization = False
        self.comments: list[Comment] = []
        self.pulls: list[Pull] = []
        self.tag_refs: dict[tuple[str, str], dict[str, str]] = {}  # (repository, tag) -> the ref's object
        self.tag_objects: dict[tuple[str, str], dict[str, str]] = {}  # (repository, tag object sha) -> its object
        self.requests: list[Recorded] = []
        self.scripts: list[Scripted] = []
        self._next_id = 1000
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
        )

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.prefix}"

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    # -- test set-up ------------------------------------------------------------------

    def add_comment(
        self, issue: int, body: str, login: str | None = None, type: str = "User"
    ) -> int:
        """Store a comment as if somebody had posted it; return its id."""
        with self._lock:
            return self._store(issue, body, login or self.login, type)

    def add_pull(self, number: int, head_repository: str, head_ref: str, head_sha: str, state: str = "open") -> None:
        """Open (or record) a pull request of this repository."""
        with self._lock:
            self.pulls.append(Pull(number, head_repository, head_ref, head_sha, state))

    def add_tag(self, repository: str, tag: str, commit: str, annotated: bool = False) -> None:
        """Tag a commit of any repository; an annotated tag is a tag object pointing at the commit."""
        with self._lock:
            if not annotated:
                self.tag_refs[(repository, tag)] = {"type": "commit", "sha": commit}
                return
            tag_sha = hashlib.sha1(f"{repository} {tag} {commit}".encode()).hexdigest()
            self.tag_refs[(repository, tag)] = {"type": "tag", "sha": tag_sha}
            self.tag_objects[(repository, tag_sha)] = {"type": "commit", "sha": commit}

    def pull_json(self, p: Pull) -> dict[str, Any]:
        return {
            "number": p.number,
            "state": p.state,
            "head": {"ref": p.head_ref, "sha": p.head_sha, "repo": {"full_name": p.head_repository}},
            "base": {"ref": "main", "repo": {"full_name": self.repository}},
        }

    def fail(
        self,
        times: int,
        status: int = 500,
        method: str | None = None,
        path_contains: str = "",
        **kwargs: Any,
    ) -> None:
        """Answer the next ``times`` matching requests with ``status`` (or a drop)."""
        self.scripts.append(Scripted(method, path_contains, times, status, **kwargs))

    def requests_for(self, method: str, path_contains: str = "") -> list[Recorded]:
        return [r for r in self.requests if r.method == method and path_contains in r.path]

    def issue_comments(self, issue: int) -> list[Comment]:
        return [c for c in self.comments if c.issue == issue]

    # -- internals --------------------------------------------------------------------

    def _store(self, issue: int, body: str, login: str, type: str) -> int:
        self._next_id += 1
        self.comments.append(Comment(self._next_id, body, login, type, issue))
        return self._next_id

    def _writer(self) -> tuple[str, str]:
        return ("github-actions[bot]", "Bot") if self.user_forbidden else (self.login, "User")

    def comment_json(self, c: Comment) -> dict[str, Any]:
        return {
            "id": c.id,
            "body": c.body,
            "user": {"login": c.login, "type": c.type},
            "html_url": f"https://github.com/{self.repository}/pull/{c.issue}#issuecomment-{c.id}",
            "created_at": "2026-01-01T00:00:00Z",
        }

    def take_script(self, method: str, path: str) -> Scripted | None:
        with self._lock:
            for script in self.scripts:
                if (
                    script.times > 0
                    and script.method in (None, method)
                    and script.path_contains in path
                ):
                    script.times -= 1
                    return script
        return None

    def handle(
        self, method: str, raw_path: str, headers: dict[str, str], body: Any
    ) -> tuple[int, dict[str, str], Any]:
        """Answer one request: (status, extra headers, JSON body)."""
        auth = headers.get("authorization", "")
        if auth != f"Bearer {self.token}":
            return 401, {}, self._error("Bad credentials", auth)
        split = urlsplit(raw_path)
        if not split.path.startswith(self.prefix + "/"):
            return 404, {}, self._error("Not Found", auth)
        path = split.path[len(self.prefix) :]
        query = {k: v[0] for k, v in parse_qs(split.query).items()}
        repo = re.escape(self.repository)
        with self._lock:
            if path == "/user" and method == "GET":
                if self.user_forbidden:
                    return 403, {}, self._error(READ_ONLY_MESSAGE, auth)
                return 200, {}, {"login": self.login, "type": "User"}
            match = re.fullmatch(rf"/repos/{repo}/issues/(\d+)/comments", path)
            if match and method == "GET":
                return self._list(int(match.group(1)), query, split.path)
            if match and method == "POST":
                if self.read_only:
                    return 403, {}, self._error(READ_ONLY_MESSAGE, auth)
                login, kind = self._writer()
                self._store(int(match.group(1)), body["body"], login, kind)
                return 201, {}, self.comment_json(self.comments[-1])
            if path == f"/repos/{self.repository}/pulls" and method == "GET":
                state = query.get("state", "open")
                head = query.get("head")
                pulls = [p for p in self.pulls if state == "all" or p.state == state]
                if head is not None:
                    user, _, ref = head.partition(":")
                    pulls = [p for p in pulls if p.head_repository.split("/")[0] == user and p.head_ref == ref]
                return 200, {}, [self.pull_json(p) for p in pulls]
            match = re.fullmatch(rf"/repos/{repo}/commits/([0-9a-f]+)/pulls", path)
            if match and method == "GET":
                return 200, {}, [self.pull_json(p) for p in self.pulls if p.head_sha == match.group(1)]
            match = re.fullmatch(r"/repos/([^/]+/[^/]+)/git/ref/tags/(.+)", path)
            if match and method == "GET" and (match.group(1), match.group(2)) in self.tag_refs:
                ref = f"refs/tags/{match.group(2)}"
                return 200, {}, {"ref": ref, "object": self.tag_refs[(match.group(1), match.group(2))]}
            match = re.fullmatch(r"/repos/([^/]+/[^/]+)/git/tags/([0-9a-f]{40})", path)
            if match and method == "GET" and (match.group(1), match.group(2)) in self.tag_objects:
                return 200, {}, {"sha": match.group(2), "object": self.tag_objects[(match.group(1), match.group(2))]}
            match = re.fullmatch(rf"/repos/{repo}/issues/comments/(\d+)", path)
            if match and method == "PATCH":
                if self.read_only:
                    return 403, {}, self._error(READ_ONLY_MESSAGE, auth)
                for comment in self.comments:
                    if comment.id == int(match.group(1)):
                        comment.body = body["body"]
                        return 200, {}, self.comment_json(comment)
            return 404, {}, self._error("Not Found", auth)

    def _list(
        self, issue: int, query: dict[str, str], path: str
    ) -> tuple[int, dict[str, str], Any]:
        per_page = min(int(query.get("per_page", "30")), self.page_size)
        page = int(query.get("page", "1"))
        comments = self.issue_comments(issue)
        chunk = comments[(page - 1) * per_page : page * per_page]
        headers = {}
        last = max(1, -(-len(comments) // per_page))
        if page < last:
            base = f"http://127.0.0.1:{self.port}{path}?per_page={per_page}"
            headers["Link"] = (
                f'<{base}&page={page + 1}>; rel="next", <{base}&page={last}>; rel="last"'
            )
        return 200, headers, [self.comment_json(c) for c in chunk]

    def _error(self, message: str, auth: str) -> dict[str, Any]:
        if self.echo_authorization:
            message = f"{message} (request had Authorization: {auth})"
        return {"message": message, "documentation_url": "https://docs.github.com/rest"}


def _handler_for(api: LoopbackGitHub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # headers and body go out in two writes

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            body = json.loads(raw) if raw else None
            headers = {k.lower(): v for k, v in self.headers.items()}
            api.requests.append(Recorded(self.command, self.path, headers, body))
            script = api.take_script(self.command, self.path)
            if script is None or script.apply_then_drop:
                status, extra, payload = api.handle(self.command, self.path, headers, body)
            else:
                status, extra, payload = script.status, script.headers, script.body
                if api.echo_authorization and isinstance(payload, dict):
                    echoed = f"{payload.get('message')} ({headers.get('authorization')})"
                    payload = payload | {"message": echoed}
            if script is not None and (script.drop or script.apply_then_drop):
                self.close_connection = True  # no answer at all: a connection error
                return
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            for name, value in extra.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = do_PATCH = _serve

    return Handler


@contextmanager
def serve(token: str, **kwargs: Any) -> Iterator[LoopbackGitHub]:
    """Run a :class:`LoopbackGitHub` for the duration of a ``with`` block."""
    api = LoopbackGitHub(token, **kwargs)
    api.start()
    try:
        yield api
    finally:
        api.stop()
