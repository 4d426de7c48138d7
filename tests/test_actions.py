"""The GitHub Actions runner protocol: commands, output and summary files, settings."""

from __future__ import annotations

import io
import json
import logging
import re
import uuid
from pathlib import Path
from typing import Any

import pytest

from gate.ci.actions import ActionSettings, Annotation, SettingsError, WorkflowCommandFormatter, annotation, annotations, escape_data, escape_property, write_output, write_summary

# -- what the runner does with our lines (ActionCommand.cs, SetOutputFileCommand) ------


def runner_unescape(value: str, *, property: bool) -> str:
    """Undo the escaping as the runner does: ``%25`` last."""
    pairs = [("%0D", "\r"), ("%0A", "\n")]
    if property:
        pairs += [("%3A", ":"), ("%2C", ",")]
    for escaped, raw in [*pairs, ("%25", "%")]:
        value = value.replace(escaped, raw)
    return value


def runner_parse_command(line: str) -> tuple[str, dict[str, str], str]:
    """Parse ``::command k=v,k=v::data`` as the runner does."""
    assert line.startswith("::")
    end = line.index("::", 2)
    info, data = line[2:end], line[end + 2 :]
    command, _, props = info.partition(" ")
    properties = {}
    for pair in filter(None, props.split(",")):
        key, _, value = pair.partition("=")
        properties[key] = runner_unescape(value, property=True)
    return command, properties, runner_unescape(data, property=False)


def runner_read_outputs(text: str) -> dict[str, str]:
    """Read a ``$GITHUB_OUTPUT`` file as the runner does (heredoc and ``k=v`` forms)."""
    lines = text.split("\n")
    outputs: dict[str, str] = {}
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line:
            continue
        eq, heredoc = line.find("="), line.find("<<")
        if eq >= 0 and (heredoc < 0 or eq < heredoc):
            outputs[line[:eq]] = line[eq + 1 :]
            continue
        name, delimiter = line[:heredoc], line[heredoc + 2 :]
        value_lines = []
        while lines[i] != delimiter:
            value_lines.append(lines[i])
            i += 1
        i += 1
        outputs[name] = "\n".join(value_lines)
    return outputs


# -- escaping ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "data", "prop"),
    [
        ("plain", "plain", "plain"),
        ("", "", ""),
        ("100%", "100%25", "100%25"),
        ("%0A is not a newline", "%250A is not a newline", "%250A is not a newline"),
        ("a\nb", "a%0Ab", "a%0Ab"),
        ("a\r\nb", "a%0D%0Ab", "a%0D%0Ab"),
        ("key: value, more", "key: value, more", "key%3A value%2C more"),
        ("::error::injected", "::error::injected", "%3A%3Aerror%3A%3Ainjected"),
        ("x=1", "x=1", "x=1"),
        ("Prévision ≥ 5 %", "Prévision ≥ 5 %25", "Prévision ≥ 5 %25"),
    ],
)
def test_escaping_follows_the_toolkit_and_round_trips(raw: str, data: str, prop: str) -> None:
    assert escape_data(raw) == data
    assert escape_property(raw) == prop
    assert runner_unescape(escape_data(raw), property=False) == raw
    assert runner_unescape(escape_property(raw), property=True) == raw


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("error", "a03 states 35"), "::error::a03 states 35"),
        (
            ("warning", "two\nlines", "numeric_accuracy"),
            "::warning title=numeric_accuracy::two%0Alines",
        ),
        (
            ("error", "m", "t: x, y", "examples/run.jsonl", 3),
            "::error title=t%3A x%2C y,file=examples/run.jsonl,line=3::m",
        ),
        (("notice", "n", None, None, 12), "::notice line=12::n"),
    ],
)
def test_annotation_lines(args: tuple[Any, ...], line: str) -> None:
    assert annotation(*args) == line


@pytest.mark.parametrize(
    ("title", "file", "message"),
    [
        ("numeric_accuracy, fr: below 0.85", "a,b:c.jsonl", "50% of 2\r\nnext ::error:: line"),
        ("%3A literal", "dir/f.jsonl", "100%0A%"),
    ],
)
def test_annotation_round_trips_through_the_runner(title: str, file: str, message: str) -> None:
    line = annotation("warning", message, title=title, file=file, line=7)
    assert "\n" not in line and "\r" not in line
    assert runner_parse_command(line) == (
        "warning",
        {"title": title, "file": file, "line": "7"},
        message,
    )


def test_annotation_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match="level must be error, warning or notice, got 'fatal'"):
        annotation("fatal", "x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="line must be >= 1, got 0"):
        annotation("error", "x", line=0)


# -- annotation limit -----------------------------------------------------------------


def test_at_most_ten_of_each_level_and_a_count_of_the_rest() -> None:
    items = []
    for i in range(13):
        items.append(Annotation("error", f"e{i}"))
        if i < 11:
            items.append(Annotation("warning", f"w{i}", title="t"))
    lines = annotations(items)
    assert lines[:-1] == [
        line
        for i in range(10)
        for line in (f"::error::e{i}", f"::warning title=t::w{i}")
    ]
    assert lines[-1] == (
        "3 more errors and 1 more warning were not shown as annotations "
        "(GitHub shows 10 of each per step); see the job summary."
    )


def test_exactly_ten_of_each_needs_no_count() -> None:
    items = [Annotation("error", "e")] * 10 + [Annotation("warning", "w")] * 10
    assert annotations(items) == ["::error::e"] * 10 + ["::warning::w"] * 10


def test_one_left_out() -> None:
    assert annotations([Annotation("warning", "w")] * 3, limit=2) == [
        "::warning::w",
        "::warning::w",
        "1 more warning was not shown as annotations (GitHub shows 2 of each per step); "
        "see the job summary.",
    ]


def test_no_annotations() -> None:
    assert annotations([]) == []


# -- $GITHUB_OUTPUT -------------------------------------------------------------------

HEREDOC = re.compile(
    r"(?P<name>[^<\n]+)<<(?P<d>ghadelimiter_[0-9a-f-]{36})\n(?P<value>.*?)\n(?P=d)\n", re.S
)


def test_output_uses_the_heredoc_form(tmp_path: Path) -> None:
    out = tmp_path / "output"
    write_output(out, "verdict", "fail")
    write_output(out, "report", "line 1\nline 2\n\nverdict=pass")
    text = out.read_text(encoding="utf-8")
    matches = list(HEREDOC.finditer(text))
    assert [(m["name"], m["value"]) for m in matches] == [
        ("verdict", "fail"),
        ("report", "line 1\nline 2\n\nverdict=pass"),
    ]
    assert "".join(m.group(0) for m in matches) == text  # nothing else written
    assert matches[0]["d"] != matches[1]["d"]  # a fresh delimiter each time
    assert uuid.UUID(matches[0]["d"].removeprefix("ghadelimiter_")).version == 4
    assert runner_read_outputs(text) == {
        "verdict": "fail",
        "report": "line 1\nline 2\n\nverdict=pass",
    }


def test_output_delimiter_that_occurs_in_the_value_is_drawn_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = uuid.UUID("00000000-0000-4000-8000-000000000001")
    second = uuid.UUID("00000000-0000-4000-8000-000000000002")
    drawn = iter([first, second])
    monkeypatch.setattr(uuid, "uuid4", lambda: next(drawn))
    value = f"a value that quotes\nghadelimiter_{first}\nas a line"
    write_output(tmp_path / "output", "text", value)
    text = (tmp_path / "output").read_text(encoding="utf-8")
    assert text == f"text<<ghadelimiter_{second}\n{value}\nghadelimiter_{second}\n"
    assert runner_read_outputs(text) == {"text": value}


@pytest.mark.parametrize("name", ["", "a=b", "a<<b", "a<", "a\nb", "a\rb"])
def test_output_name_that_would_confuse_the_runner_is_rejected(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValueError, match="must be non-empty, without newlines, '=' or '<'"):
        write_output(tmp_path / "output", name, "v")
    assert not (tmp_path / "output").exists()


# -- $GITHUB_STEP_SUMMARY -------------------------------------------------------------


def test_summary_is_appended_with_a_final_newline(tmp_path: Path) -> None:
    path = tmp_path / "summary.md"
    write_summary(path, "# Gate: fail")
    write_summary(path, "| a | b |\n")
    assert path.read_text(encoding="utf-8") == "# Gate: fail\n| a | b |\n"


def test_summary_limit_counts_utf8_bytes(tmp_path: Path) -> None:
    path = tmp_path / "summary.md"
    exactly = "é" * 5 + "\n"  # 11 bytes
    write_summary(path, exactly, limit=11)
    assert path.read_bytes() == exactly.encode()
    with pytest.raises(ValueError, match="job summary would be 12 bytes"):
        write_summary(tmp_path / "other.md", "é" * 5 + "x\n", limit=11)
    assert not (tmp_path / "other.md").exists()


def test_summary_over_one_mib_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    path = tmp_path / "summary.md"
    write_summary(path, "x" * 1_048_575)  # plus the newline: exactly 1 MiB
    assert path.stat().st_size == 1_048_576
    with pytest.raises(ValueError) as caught:
        write_summary(path, "y")
    assert str(caught.value) == (
        "job summary would be 1,048,578 bytes (the file already holds 1,048,576); "
        "GitHub accepts at most 1,048,576 per step (the renderer must cut it)"
    )
    assert path.stat().st_size == 1_048_576


# -- settings -------------------------------------------------------------------------

TOKEN = "ghs_settingsSecret0123456789"


def event_file(tmp_path: Path, payload: Any) -> str:
    path = tmp_path / "event.json"
    path.write_text(json.dumps(payload), encoding="utf-8")
    return str(path)


def full_env(
    tmp_path: Path, event_name: str = "pull_request", payload: Any = None
) -> dict[str, str]:
    return {
        "GITHUB_REPOSITORY": "octo/stats",
        "GITHUB_API_URL": "https://ghe.example.com/api/v3",
        "GITHUB_SERVER_URL": "https://ghe.example.com",
        "GITHUB_EVENT_NAME": event_name,
        "GITHUB_EVENT_PATH": event_file(
            tmp_path, payload or {"number": 42, "pull_request": {"number": 42}}
        ),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "GITHUB_RUN_ID": "9876",
        "GITHUB_TOKEN": TOKEN,
    }


def test_settings_from_a_full_environment(tmp_path: Path) -> None:
    env = full_env(tmp_path)
    settings = ActionSettings.from_env(env, require=["comment", "summary", "output"])
    assert settings == ActionSettings(
        repository="octo/stats",
        api_url="https://ghe.example.com/api/v3",
        server_url="https://ghe.example.com",
        event_name="pull_request",
        event_path=Path(env["GITHUB_EVENT_PATH"]),
        pr_number=42,
        step_summary=tmp_path / "summary.md",
        output=tmp_path / "output",
        run_id="9876",
        token=TOKEN,
    )
    assert settings.run_url == "https://ghe.example.com/octo/stats/actions/runs/9876"
    assert settings.comment_skip_reason is None
    assert TOKEN not in repr(settings)


def test_every_missing_setting_is_named_at_once() -> None:
    with pytest.raises(SettingsError) as caught:
        ActionSettings.from_env({}, require=["comment", "summary", "output"])
    assert caught.value.missing == (
        "GITHUB_EVENT_NAME",
        "GITHUB_EVENT_PATH",
        "GITHUB_REPOSITORY",
        "INPUT_TOKEN or GITHUB_TOKEN",
        "GITHUB_STEP_SUMMARY",
        "GITHUB_OUTPUT",
    )
    assert str(caught.value) == (
        "GitHub Actions settings: missing environment variables: GITHUB_EVENT_NAME, "
        "GITHUB_EVENT_PATH, GITHUB_REPOSITORY, INPUT_TOKEN or GITHUB_TOKEN, "
        "GITHUB_STEP_SUMMARY, GITHUB_OUTPUT"
    )
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("require", "missing"),
    [
        ([], ()),
        (["summary"], ("GITHUB_STEP_SUMMARY",)),
        (["output", "summary"], ("GITHUB_STEP_SUMMARY", "GITHUB_OUTPUT")),
    ],
)
def test_only_what_a_requested_feature_needs_is_required(
    require: list[Any], missing: tuple[str, ...]
) -> None:
    env = {"GITHUB_EVENT_NAME": "push", "GITHUB_OUTPUT": "", "GITHUB_STEP_SUMMARY": ""}
    if not missing:
        settings = ActionSettings.from_env(env, require=require)
        assert settings.step_summary is None and settings.output is None
        assert settings.api_url == "https://api.github.com"
        assert settings.server_url == "https://github.com"
        assert settings.run_url is None
        return
    with pytest.raises(SettingsError) as caught:
        ActionSettings.from_env(env, require=require)
    assert caught.value.missing == missing


def test_comment_on_a_push_needs_no_token_and_is_skipped_with_a_reason() -> None:
    settings = ActionSettings.from_env({"GITHUB_EVENT_NAME": "push"}, require=["comment"])
    assert settings.pr_number is None
    assert settings.comment_skip_reason == (
        "no pull request comment: the 'push' event is not a pull request"
    )


@pytest.mark.parametrize(
    ("env", "token"),
    [
        ({"INPUT_TOKEN": "input", "GITHUB_TOKEN": "env"}, "input"),
        ({"INPUT_TOKEN": "", "GITHUB_TOKEN": "env"}, "env"),
        ({"GITHUB_TOKEN": "env"}, "env"),
        ({"INPUT_TOKEN": "input"}, "input"),
        ({}, None),
    ],
)
def test_token_from_input_then_environment(env: dict[str, str], token: str | None) -> None:
    assert ActionSettings.from_env(env).token == token


@pytest.mark.parametrize(
    ("event_name", "payload", "number"),
    [
        ("pull_request", {"number": 5, "pull_request": {"number": 5}}, 5),
        ("pull_request_target", {"pull_request": {"number": 17}}, 17),
        ("pull_request", {"number": 8}, 8),
        ("pull_request_review", {"pull_request": {"number": 3}, "review": {}}, 3),
        ("push", {"number": 99, "ref": "refs/heads/main"}, None),
        ("workflow_dispatch", {"inputs": {}}, None),
    ],
)
def test_pr_number_from_the_event_file(
    tmp_path: Path, event_name: str, payload: Any, number: int | None
) -> None:
    env = {"GITHUB_EVENT_NAME": event_name, "GITHUB_EVENT_PATH": event_file(tmp_path, payload)}
    assert ActionSettings.from_env(env).pr_number == number


def test_bad_values_and_missing_names_are_reported_together(tmp_path: Path) -> None:
    env = {
        "GITHUB_EVENT_NAME": "pull_request",
        "GITHUB_EVENT_PATH": event_file(tmp_path, {"pull_request": {"title": "no number"}}),
        "GITHUB_REPOSITORY": "not-a-repo",
    }
    with pytest.raises(SettingsError) as caught:
        ActionSettings.from_env(env, require=["comment", "summary"])
    assert caught.value.missing == ("INPUT_TOKEN or GITHUB_TOKEN", "GITHUB_STEP_SUMMARY")
    assert caught.value.problems == (
        "GITHUB_REPOSITORY must be 'owner/name', got 'not-a-repo'",
        f"GITHUB_EVENT_PATH {env['GITHUB_EVENT_PATH']!r} has no pull request number "
        "(pull_request.number or number), found None",
    )
    assert str(caught.value).startswith(
        "GitHub Actions settings: missing environment variables: INPUT_TOKEN or GITHUB_TOKEN, "
        "GITHUB_STEP_SUMMARY; GITHUB_REPOSITORY must be"
    )


@pytest.mark.parametrize(
    ("content", "problem"),
    [(None, "cannot be read: No such file or directory"), ("{not json", "is not JSON")],
)
def test_unreadable_event_file(tmp_path: Path, content: str | None, problem: str) -> None:
    path = tmp_path / "event.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    env = {"GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": str(path)}
    with pytest.raises(SettingsError, match=re.escape(problem)):
        ActionSettings.from_env(env)


def test_unknown_feature_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match=r"unknown features \['comments'\]"):
        ActionSettings.from_env({}, require=["comments"])  # type: ignore[list-item]


# -- logging ----------------------------------------------------------------------------


def test_formatter_turns_warnings_and_errors_into_workflow_commands() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(WorkflowCommandFormatter("%(name)s: %(message)s"))
    logger = logging.getLogger("gate.test_actions")
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    try:
        logger.info("scored %d answers", 8)
        logger.warning("slice language=fr has n=2 < 20:\nwarn only")
        logger.error("%d%% of a06 is wrong", 100)
        logger.critical("stop")
    finally:
        logger.removeHandler(handler)
    assert stream.getvalue().splitlines() == [
        "gate.test_actions: scored 8 answers",
        "::warning::gate.test_actions: slice language=fr has n=2 < 20:%0Awarn only",
        "::error::gate.test_actions: 100%25 of a06 is wrong",
        "::error::gate.test_actions: stop",
    ]
