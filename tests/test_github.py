"""GitHubClient against a loopback GitHub API: real httpx, real HTTP, nothing patched."""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest

from gate.ci.github import MAX_COMMENT_CHARS, CommentResult, GitHubClient, GitHubError, ReadOnlyToken
from loopback_github import READ_ONLY_MESSAGE, LoopbackGitHub, serve

TOKEN = "ghs_loopbackSecretToken0123456789abcdef"
MARKER = "<!-- answer-gate -->"
ISSUE = 7
COMMENTS = f"/repos/octo/stats/issues/{ISSUE}/comments"


@pytest.fixture
def api() -> Iterator[LoopbackGitHub]:
    with serve(TOKEN) as server:
        yield server


@pytest.fixture
def delays() -> list[float]:
    return []


def make_client(
    api: LoopbackGitHub, delays: list[float], token: str = TOKEN, **kwargs: Any
) -> GitHubClient:
    """A client for the loopback server: no real waiting, waits recorded in ``delays``."""
    options: dict[str, Any] = {"retries": 3, "backoff_seconds": 0.0, "sleep": delays.append}
    return GitHubClient(token, "octo/stats", api_url=api.api_url, **(options | kwargs))


@pytest.fixture
def client(api: LoopbackGitHub, delays: list[float]) -> Iterator[GitHubClient]:
    with make_client(api, delays) as c:
        yield c


def body(text: str) -> str:
    return f"{MARKER}\n{text}"


# -- sticky comment ---------------------------------------------------------------------


def test_first_run_creates_second_run_updates_the_same_comment(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    first = client.upsert_comment(ISSUE, body("run 1: pass"), MARKER)
    assert first.action == "created"
    pr_url = f"https://github.com/octo/stats/pull/{ISSUE}"
    assert first.url == f"{pr_url}#issuecomment-{first.comment_id}"
    assert [c.body for c in api.issue_comments(ISSUE)] == [body("run 1: pass")]

    second = client.upsert_comment(ISSUE, body("run 2: fail"), MARKER)
    assert second == CommentResult("updated", first.url, first.comment_id)
    assert [(c.id, c.body) for c in api.issue_comments(ISSUE)] == [
        (first.comment_id, body("run 2: fail"))
    ]
    assert len(api.requests_for("POST")) == 1
    assert [r.path for r in api.requests_for("PATCH")] == [
        f"/repos/octo/stats/issues/comments/{first.comment_id}"
    ]
    assert api.requests_for("PATCH")[0].body == {"body": body("run 2: fail")}


def test_marker_is_prepended_when_the_body_lacks_it(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    client.upsert_comment(ISSUE, "## Gate: pass", MARKER)
    client.upsert_comment(ISSUE, body("## Gate: fail"), MARKER)
    assert [c.body for c in api.issue_comments(ISSUE)] == [f"{MARKER}\n## Gate: fail"]


def test_every_request_carries_the_github_headers(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    client.upsert_comment(ISSUE, body("x"), MARKER)
    assert [(r.method, r.path) for r in api.requests] == [
        ("GET", "/user"),
        ("GET", f"{COMMENTS}?per_page=100"),
        ("POST", COMMENTS),
    ]
    for request in api.requests:
        assert request.headers["authorization"] == f"Bearer {TOKEN}"
        assert request.headers["accept"] == "application/vnd.github+json"
        assert request.headers["x-github-api-version"] == "2022-11-28"
        assert request.headers["user-agent"].startswith("answer-gate")


def test_comment_by_another_user_with_the_marker_is_not_touched(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    theirs = api.add_comment(ISSUE, body("quoted by a reviewer"), login="reviewer")
    result = client.upsert_comment(ISSUE, body("ours"), MARKER)
    assert result.action == "created"
    assert result.comment_id != theirs
    assert [(c.login, c.body) for c in api.issue_comments(ISSUE)] == [
        ("reviewer", body("quoted by a reviewer")),
        ("gate-bot", body("ours")),
    ]
    assert api.requests_for("PATCH") == []


def test_own_comment_without_the_marker_is_not_touched(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    api.add_comment(ISSUE, "a note by the same bot")
    assert client.upsert_comment(ISSUE, body("ours"), MARKER).action == "created"
    assert [c.body for c in api.issue_comments(ISSUE)] == ["a note by the same bot", body("ours")]


def test_comments_on_other_issues_are_not_touched(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    api.add_comment(ISSUE + 1, body("other pr"))
    assert client.upsert_comment(ISSUE, body("ours"), MARKER).action == "created"
    assert [c.body for c in api.issue_comments(ISSUE + 1)] == [body("other pr")]


def test_pagination_across_three_pages_finds_the_marker_on_the_last(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    api.page_size = 2
    for i in range(4):
        api.add_comment(ISSUE, f"review {i}", login="reviewer")
    ours = api.add_comment(ISSUE, body("old"))  # 5th comment: page 3 of 3

    result = client.upsert_comment(ISSUE, body("new"), MARKER)

    assert result == CommentResult(
        "updated", f"https://github.com/octo/stats/pull/{ISSUE}#issuecomment-{ours}", ours
    )
    assert [r.path for r in api.requests_for("GET", COMMENTS)] == [
        f"{COMMENTS}?per_page=100",
        f"{COMMENTS}?per_page=2&page=2",
        f"{COMMENTS}?per_page=2&page=3",
    ]
    assert len(api.issue_comments(ISSUE)) == 5
    assert api.requests_for("POST") == []


def test_listing_stops_at_the_first_match(api: LoopbackGitHub, client: GitHubClient) -> None:
    api.page_size = 2
    ours = api.add_comment(ISSUE, body("old"))
    for i in range(4):
        api.add_comment(ISSUE, f"review {i}", login="reviewer")
    assert client.upsert_comment(ISSUE, body("new"), MARKER).comment_id == ours
    assert len(api.requests_for("GET", COMMENTS)) == 1


def test_several_matches_update_the_first_created_and_leave_the_others(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    api.page_size = 1
    first = api.add_comment(ISSUE, body("first"))
    second = api.add_comment(ISSUE, body("second"))
    result = client.upsert_comment(ISSUE, body("new"), MARKER)
    assert result.comment_id == first
    assert [(c.id, c.body) for c in api.issue_comments(ISSUE)] == [
        (first, body("new")),
        (second, body("second")),
    ]


def test_installation_token_without_user_endpoint_matches_github_actions_bot(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    api.user_forbidden = True
    api.add_comment(ISSUE, body("a human quoting the marker"), login="gate-bot")
    created = client.upsert_comment(ISSUE, body("run 1"), MARKER)
    updated = client.upsert_comment(ISSUE, body("run 2"), MARKER)

    assert created.action == "created"
    assert updated == CommentResult("updated", created.url, created.comment_id)
    assert [(c.login, c.type, c.body) for c in api.issue_comments(ISSUE)] == [
        ("gate-bot", "User", body("a human quoting the marker")),
        ("github-actions[bot]", "Bot", body("run 2")),
    ]
    assert len(api.requests_for("GET", "/user")) == 1  # the answer is cached


def test_api_url_with_a_path_prefix_as_on_github_enterprise(delays: list[float]) -> None:
    with serve(TOKEN, prefix="/api/v3") as api, make_client(api, delays) as client:
        api.page_size = 1
        api.add_comment(ISSUE, "someone else", login="reviewer")
        client.upsert_comment(ISSUE, body("one"), MARKER)
        result = client.upsert_comment(ISSUE, body("two"), MARKER)
    assert result.action == "updated"
    assert all(r.path.startswith("/api/v3/") for r in api.requests)
    assert len(api.issue_comments(ISSUE)) == 2


# -- read-only tokens and errors ------------------------------------------------------


def test_read_only_token_on_create_raises_read_only_token(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    api.read_only = True
    with pytest.raises(ReadOnlyToken) as caught:
        client.upsert_comment(ISSUE, body("x"), MARKER)
    message = str(caught.value)
    assert message.startswith(f"POST {COMMENTS}: GitHub refused to write the comment on octo/stats")
    assert f"HTTP 403 Forbidden: {READ_ONLY_MESSAGE}" in message
    assert "forks" in message and "Dependabot" in message and "pull-requests: write" in message
    assert caught.value.status == 403
    assert caught.value.endpoint == f"POST {COMMENTS}"
    assert len(api.requests_for("POST")) == 1  # not retried
    assert api.issue_comments(ISSUE) == []


def test_read_only_token_on_update_raises_read_only_token(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    ours = api.add_comment(ISSUE, body("old"))
    api.read_only = True
    with pytest.raises(ReadOnlyToken) as caught:
        client.upsert_comment(ISSUE, body("new"), MARKER)
    assert caught.value.endpoint == f"PATCH /repos/octo/stats/issues/comments/{ours}"
    assert [c.body for c in api.issue_comments(ISSUE)] == [body("old")]


def test_404_on_create_is_a_read_only_token(api: LoopbackGitHub, client: GitHubClient) -> None:
    api.fail(1, status=404, method="POST", body={"message": "Not Found"})
    with pytest.raises(ReadOnlyToken, match="HTTP 404 Not Found: Not Found"):
        client.upsert_comment(ISSUE, body("x"), MARKER)


def test_404_on_listing_is_a_plain_github_error(api: LoopbackGitHub, client: GitHubClient) -> None:
    api.fail(1, status=404, method="GET", path_contains="/comments", body={"message": "Not Found"})
    with pytest.raises(GitHubError) as caught:
        client.upsert_comment(ISSUE, body("x"), MARKER)
    assert type(caught.value) is GitHubError
    assert str(caught.value) == f"GET {COMMENTS}: HTTP 404 Not Found: Not Found"


def test_rejected_token_is_reported_without_retrying(
    api: LoopbackGitHub, delays: list[float]
) -> None:
    with make_client(api, delays, token="ghp_" + "w" * 36) as client:
        with pytest.raises(GitHubError) as caught:
            client.upsert_comment(ISSUE, body("x"), MARKER)
    assert str(caught.value) == (
        "GET /user: token rejected (HTTP 401 Unauthorized: Bad credentials); "
        "check that the token is valid and not expired"
    )
    assert caught.value.status == 401
    assert len(api.requests) == 1


def test_500_twice_then_success(
    api: LoopbackGitHub, client: GitHubClient, delays: list[float]
) -> None:
    api.fail(2, status=500, method="GET", path_contains="/comments")
    result = client.upsert_comment(ISSUE, body("x"), MARKER)
    assert result.action == "created"
    assert len(api.requests_for("GET", COMMENTS)) == 3
    assert len(api.issue_comments(ISSUE)) == 1
    assert delays == []  # backoff 0: no waiting at all


@pytest.mark.parametrize("retries", [0, 1, 3])
def test_500_always_fails_after_retries_plus_one_attempts(
    api: LoopbackGitHub, delays: list[float], retries: int
) -> None:
    api.fail(
        99, status=502, method="GET", path_contains="/comments", body={"message": "Bad Gateway"}
    )
    with make_client(api, delays, retries=retries) as client:
        with pytest.raises(GitHubError) as caught:
            client.upsert_comment(ISSUE, body("x"), MARKER)
    attempts = retries + 1
    plural = "attempt" if attempts == 1 else "attempts"
    assert str(caught.value) == (
        f"GET {COMMENTS} failed after {attempts} {plural}: HTTP 502 Bad Gateway: Bad Gateway"
    )
    assert (caught.value.endpoint, caught.value.status) == (f"GET {COMMENTS}", 502)
    assert len(api.requests_for("GET", COMMENTS)) == attempts


def test_backoff_doubles_between_attempts(api: LoopbackGitHub, delays: list[float]) -> None:
    api.fail(99, status=500, method="GET", path_contains="/comments")
    with make_client(api, delays, retries=3, backoff_seconds=1.5) as client:
        with pytest.raises(GitHubError):
            client.upsert_comment(ISSUE, body("x"), MARKER)
    assert delays == [1.5, 3.0, 6.0]


def test_failed_create_is_retried_after_listing_again(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    api.fail(2, status=503, method="POST")
    result = client.upsert_comment(ISSUE, body("x"), MARKER)
    assert result.action == "created"
    assert [r.method for r in api.requests if r.path != "/user"] == ["GET", "POST"] * 3
    assert len(api.issue_comments(ISSUE)) == 1


def test_create_that_reached_github_before_the_connection_dropped_is_not_duplicated(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    api.fail(1, method="POST", apply_then_drop=True)
    result = client.upsert_comment(ISSUE, body("x"), MARKER)
    assert result.action == "updated"
    assert len(api.issue_comments(ISSUE)) == 1
    assert [r.method for r in api.requests if r.path != "/user"] == ["GET", "POST", "GET", "PATCH"]


def test_create_failing_always_names_the_post_endpoint(
    api: LoopbackGitHub, delays: list[float]
) -> None:
    api.fail(99, status=500, method="POST")
    with make_client(api, delays, retries=2) as client:
        with pytest.raises(GitHubError) as caught:
            client.upsert_comment(ISSUE, body("x"), MARKER)
    assert str(caught.value).startswith(f"POST {COMMENTS} failed after 3 attempts: HTTP 500")
    assert len(api.requests_for("POST")) == 3


def test_dropped_connection_is_retried(api: LoopbackGitHub, client: GitHubClient) -> None:
    api.fail(1, method="GET", path_contains="/comments", drop=True)
    assert client.upsert_comment(ISSUE, body("x"), MARKER).action == "created"
    assert len(api.requests_for("GET", COMMENTS)) == 2


def test_connection_refused_fails_after_retries(delays: list[float]) -> None:
    with socket.socket() as sock:  # a port that nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    client = GitHubClient(
        TOKEN, "octo/stats", api_url=f"http://127.0.0.1:{port}", retries=2,
        backoff_seconds=0.25, sleep=delays.append,
    )
    with client, pytest.raises(GitHubError) as caught:
        client.upsert_comment(ISSUE, body("x"), MARKER)
    assert str(caught.value).startswith(
        "GET /user failed after 3 attempts: connection error (ConnectError"
    )
    assert caught.value.status is None
    assert delays == [0.25, 0.5]


def test_rate_limit_retry_after_is_honoured(
    api: LoopbackGitHub, client: GitHubClient, delays: list[float]
) -> None:
    api.fail(1, status=429, method="GET", path_contains="/comments", headers={"Retry-After": "7"})
    assert client.upsert_comment(ISSUE, body("x"), MARKER).action == "created"
    assert delays == [7.0]


def test_secondary_rate_limit_403_on_create_is_retried_not_read_only(
    api: LoopbackGitHub, client: GitHubClient, delays: list[float]
) -> None:
    api.fail(
        1, status=403, method="POST", headers={"Retry-After": "2"},
        body={"message": "You have exceeded a secondary rate limit."},
    )
    assert client.upsert_comment(ISSUE, body("x"), MARKER).action == "created"
    assert delays == [2.0]
    assert len(api.issue_comments(ISSUE)) == 1


def test_long_retry_after_fails_at_once(
    api: LoopbackGitHub, client: GitHubClient, delays: list[float]
) -> None:
    api.fail(
        9, status=429, method="GET", path_contains="/comments",
        headers={"Retry-After": "3600"}, body={"message": "API rate limit exceeded"},
    )
    with pytest.raises(GitHubError) as caught:
        client.upsert_comment(ISSUE, body("x"), MARKER)
    assert str(caught.value) == (
        f"GET {COMMENTS}: rate limited (HTTP 429 Too Many Requests: API rate limit exceeded); "
        "GitHub asks to wait 3600 s, longer than the 60 s this client waits"
    )
    assert delays == []
    assert len(api.requests_for("GET", COMMENTS)) == 1


def test_rate_limit_without_retry_after_uses_the_backoff(
    api: LoopbackGitHub, delays: list[float]
) -> None:
    api.fail(1, status=403, method="GET", path_contains="/comments",
             body={"message": "You have exceeded a secondary rate limit"})
    with make_client(api, delays, backoff_seconds=0.5) as client:
        assert client.upsert_comment(ISSUE, body("x"), MARKER).action == "created"
    assert delays == [0.5]


def test_pagination_link_to_another_host_is_not_followed(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    api.fail(1, status=200, method="GET", path_contains="/comments", body=[],
             headers={"Link": '<https://evil.example/steal?page=2>; rel="next"'})
    with pytest.raises(GitHubError, match="pagination link leaves the API host"):
        client.upsert_comment(ISSUE, body("x"), MARKER)
    assert len(api.requests_for("GET", COMMENTS)) == 1


# -- the token never shows ------------------------------------------------------------


def _text_of(error: BaseException) -> str:
    parts = [str(error), repr(error), *map(str, error.args)]
    cause = error.__cause__ or error.__context__
    if cause is not None and not error.__suppress_context__:
        parts.append(_text_of(cause))
    return "\n".join(parts)


@pytest.mark.parametrize(
    "setup",
    [
        pytest.param(lambda api: setattr(api, "read_only", True), id="403-read-only"),
        pytest.param(lambda api: api.fail(99, status=500, method="GET"), id="500-always"),
        pytest.param(lambda api: api.fail(1, status=422, method="PATCH",
                                          body={"message": "Validation Failed"}), id="422"),
        pytest.param(lambda api: api.fail(1, status=404, method="PATCH"), id="404-patch"),
    ],
)
def test_token_never_appears_in_messages_reprs_or_logs(
    api: LoopbackGitHub, delays: list[float], caplog: pytest.LogCaptureFixture, setup: Any
) -> None:
    caplog.set_level(logging.DEBUG)
    api.echo_authorization = True
    api.add_comment(ISSUE, body("old"))
    api.page_size = 1
    setup(api)
    with make_client(api, delays) as client:
        with pytest.raises(GitHubError) as caught:
            client.upsert_comment(ISSUE, body("x"), MARKER)
        assert TOKEN not in repr(client)
    text = _text_of(caught.value)
    assert "Bearer ***)" in str(caught.value)  # the server did echo the header
    assert TOKEN not in text
    assert TOKEN not in caplog.text
    assert all(r.headers["authorization"] == f"Bearer {TOKEN}" for r in api.requests)


def test_a_foreign_token_echoed_by_the_server_is_redacted_too(
    api: LoopbackGitHub, delays: list[float]
) -> None:
    api.echo_authorization = True
    wrong = "github_pat_" + "Z" * 40
    with make_client(api, delays, token=wrong) as client, pytest.raises(GitHubError) as caught:
        client.upsert_comment(ISSUE, body("x"), MARKER)
    assert wrong not in _text_of(caught.value)
    assert "Bearer ***" in str(caught.value)


# -- inputs checked before any request ------------------------------------------------


def test_body_at_the_limit_is_sent(api: LoopbackGitHub, client: GitHubClient) -> None:
    text = body("x" * (MAX_COMMENT_CHARS - len(MARKER) - 1))
    assert len(text) == 65_536
    client.upsert_comment(ISSUE, text, MARKER)
    assert api.issue_comments(ISSUE)[0].body == text


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(body("x" * (MAX_COMMENT_CHARS - len(MARKER))), id="one-over"),
        pytest.param("x" * (MAX_COMMENT_CHARS - 5), id="over-once-the-marker-is-added"),
    ],
)
def test_body_over_the_limit_is_rejected_before_any_request(
    api: LoopbackGitHub, client: GitHubClient, text: str
) -> None:
    expected = r"comment body is 65,5\d\d characters; GitHub accepts at most 65,536"
    with pytest.raises(ValueError, match=expected):
        client.upsert_comment(ISSUE, text, MARKER)
    assert api.requests == []


@pytest.mark.parametrize(
    ("issue", "marker", "message"),
    [(0, MARKER, "issue number must be positive"), (ISSUE, "", "marker must not be empty")],
)
def test_bad_arguments_are_rejected_before_any_request(
    api: LoopbackGitHub, client: GitHubClient, issue: int, marker: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        client.upsert_comment(issue, "x", marker)
    assert api.requests == []


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"repository": "octo"}, "repository must be 'owner/name', got 'octo'"),
        ({"token": ""}, "the GitHub token is empty"),
        ({"retries": -1}, "retries must be >= 0"),
        ({"timeout_seconds": 0}, "timeout_seconds must be > 0"),
    ],
)
def test_constructor_checks_its_arguments(kwargs: dict[str, Any], message: str) -> None:
    options: dict[str, Any] = {"token": TOKEN, "repository": "octo/stats"} | kwargs
    with pytest.raises(ValueError, match=message):
        GitHubClient(**options)


def test_rate_limited_user_endpoint_is_not_mistaken_for_an_installation_token(
    api: LoopbackGitHub, delays: list[float]
) -> None:
    api.fail(9, status=403, method="GET", path_contains="/user",
             body={"message": "You have exceeded a secondary rate limit"})
    with make_client(api, delays, retries=1) as client, pytest.raises(GitHubError) as caught:
        client.upsert_comment(ISSUE, body("x"), MARKER)
    assert caught.value.rate_limited is True
    assert (caught.value.endpoint, caught.value.status) == ("GET /user", 403)
    assert api.requests_for("GET", COMMENTS) == []


def test_primary_rate_limit_with_a_far_reset_fails_at_once_not_as_read_only(
    api: LoopbackGitHub, client: GitHubClient
) -> None:
    far = str(int(time.time()) + 3600)
    api.fail(1, status=403, method="POST", body={"message": "API rate limit exceeded"},
             headers={"x-ratelimit-remaining": "0", "x-ratelimit-reset": far})
    with pytest.raises(GitHubError) as caught:
        client.upsert_comment(ISSUE, body("x"), MARKER)
    assert type(caught.value) is GitHubError  # a rate limit, not a read-only token
    assert caught.value.rate_limited is True
    assert str(caught.value).startswith(
        f"POST {COMMENTS}: rate limited (HTTP 403 Forbidden: API rate limit exceeded); "
        "GitHub asks to wait 3"
    )
