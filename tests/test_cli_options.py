"""The command line's options as a user meets them: merge takes check's options where they
mean the same thing; every command that writes a file checks its path the same way; every
bad option value is said in the project's words (option, expected, found; exit code 2)."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import pytest
from conftest import ROOT

from gate.cli import main as cli_module
from gate.run.shards import score_shard

RUN_12 = "examples/answers_run_assistant-1.2_set-1.2.jsonl"
RUN_13 = "examples/answers_run_assistant-1.3_set-1.2.jsonl"
SET_12 = "examples/question_set-1.2.jsonl"
READER_13 = ROOT / "tests" / "fixtures" / "judgements_reader_1.3.jsonl"


def _options(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {a.option_strings[-1]: a for a in parser._actions if a.option_strings and a.dest != "help"}


def _command(name: str) -> argparse.ArgumentParser:
    parser = cli_module._parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return commands.choices[name]


# ------------------------------------------------------------------ merge has check's options

#: check's options that merge has not, and why: the shards carry the log, the set and the
#: thresholds (with their SHA-256, checked), and merge scores no answer.
CHECK_ONLY = {"--questions": "the shards carry the set", "--thresholds": "the shards carry the thresholds file",
              "--jobs": "merge scores no answer", "--dask": "merge scores no answer",
              "--strict-fields": "the shards read the log (score-shard --strict-fields)"}


def test_merge_takes_every_option_of_check_that_means_the_same_thing_with_the_same_help():
    check, merge = _options(_command("check")), _options(_command("merge"))
    assert set(check) - set(merge) == set(CHECK_ONLY)
    assert set(merge) - set(check) == set()
    for flag, action in merge.items():
        if flag == "--max-findings":  # merge lists at most the shards' own findings
            continue
        assert (action.dest, action.nargs, action.default, action.metavar) == (check[flag].dest, check[flag].nargs, check[flag].default, check[flag].metavar), flag
        assert action.help == check[flag].help, flag


def _shards(tmp_path: Path, n: int = 2) -> list[str]:
    out = []
    for k in range(1, n + 1):
        path = tmp_path / f"shard-{k}.jsonl"
        score_shard(RUN_13, SET_12, "thresholds.yaml", (k, n), path)
        out.append(str(path))
    return out


def test_merge_with_judgements_and_the_base_branch_gives_check_s_reports(workdir, cli, tmp_path):
    shutil.copy(ROOT / "rubric.yaml", workdir / "rubric.yaml")
    shutil.copy(READER_13, workdir / "reader.jsonl")
    shutil.copytree(ROOT / "baselines", workdir / "baselines")
    base = (workdir / "thresholds.yaml").read_text(encoding="utf-8")
    (workdir / "base.yaml").write_text(base.replace("numeric_accuracy:    {min: 0.90", "numeric_accuracy:    {min: 0.95"), encoding="utf-8")
    assert "min: 0.95" in (workdir / "base.yaml").read_text(encoding="utf-8")
    shared = ["--judgements", "reader.jsonl", "--rubric", "rubric.yaml", "--base-thresholds", "base.yaml"]
    code_check, out_check, _ = cli("check", RUN_13, "--questions", SET_12, *shared, "--json", "check.json", "--markdown", "check.md")
    code_merge, out_merge, err = cli("merge", *_shards(tmp_path), *shared, "--json", "merge.json", "--markdown", "merge.md")
    assert (code_check, code_merge) == (1, 1), err
    check_doc, merge_doc = (json.loads(Path(name).read_text(encoding="utf-8")) for name in ("check.json", "merge.json"))
    assert merge_doc["rubric"] is not None and merge_doc["rubric"] == check_doc["rubric"]
    assert [item["text"] for item in merge_doc["loosened"]] == [item["text"] for item in check_doc["loosened"]] != []
    assert merge_doc == check_doc
    assert Path("merge.md").read_text(encoding="utf-8") == Path("check.md").read_text(encoding="utf-8")
    assert out_merge.replace("merge.json", "check.json") == out_check


def test_merge_refuses_what_check_refuses_before_anything_runs(workdir, cli, tmp_path):
    shards = _shards(tmp_path)
    code, _, err = cli("merge", *shards, "--calibration", "c.jsonl", "--comment", "--judgements", "j.jsonl", "j.jsonl", "--json", shards[0])
    assert code == 2
    assert "--calibration: goes with --judgements" not in err  # --judgements is given
    assert "--comment: goes with --github (it posts from GitHub Actions)" in err
    assert "j.jsonl: --judgements: expected each file once, found it given twice" in err
    assert f"{shards[0]}: --json: expected a new file, found the input {shards[0]!r}: it would be overwritten" in err
    code, _, err = cli("merge", *shards, "--github")
    assert code == 2 and "GITHUB_STEP_SUMMARY" in err and "--github writes annotations" in err


def test_merge_with_judgements_refuses_a_log_changed_since_its_shards_were_scored(workdir, cli, tmp_path):
    shutil.copy(ROOT / "rubric.yaml", workdir / "rubric.yaml")
    shutil.copy(READER_13, workdir / "reader.jsonl")
    shards = _shards(tmp_path)
    with open(RUN_13, "a", encoding="utf-8") as handle:
        handle.write("\n")
    code, out, err = cli("merge", *shards, "--judgements", "reader.jsonl", "--no-baseline")
    assert (code, out) == (2, "")
    assert f"{RUN_13}: --judgements: expected the log the shards were scored from (SHA-256 " in err and "found other bytes" in err
    assert cli("merge", *shards, "--no-baseline")[0] == 1  # without judgements the shards alone make the report


# ------------------------------------------------------------ bad values in the project's words

#: A bad value of every option and argument that takes one, per command, and what must be
#: said of it. The test fails for an option missing here, so a new one gets a case.
BAD_VALUES: dict[str, tuple[str, str]] = {
    "run": ("", "run: expected a path, found an empty string"),
    "shards": ("", "SHARD: expected a path, found an empty string"),
    "report": ("", "report: expected a path, found an empty string"),
    "--questions": ("", "--questions: expected a path, found an empty string"),
    "--thresholds": ("", "--thresholds: expected a path, found an empty string"),
    "--max-log-bytes": ("lots", "--max-log-bytes: expected a size in bytes such as 512MiB, 4GiB or 1000000, found 'lots'"),
    "--max-set-bytes": ("0", "--max-set-bytes: expected a size in bytes such as 512MiB, 4GiB or 1000000, found '0'"),
    "--json": ("", "--json: expected a path, found an empty string"),
    "--markdown": ("", "--markdown: expected a path, found an empty string"),
    "--junit": ("", "--junit: expected a path, found an empty string"),
    "--baselines": ("", "--baselines: expected a path, found an empty string"),
    "--judgements": ("", "--judgements: expected a path, found an empty string"),
    "--calibration": ("", "--calibration: expected a path, found an empty string"),
    "--calibrate": ("", "--calibrate: expected a path, found an empty string"),
    "--rubric": ("", "--rubric: expected a path, found an empty string"),
    "--base-thresholds": ("", "--base-thresholds: expected a path, found an empty string"),
    "--base-questions": ("", "--base-questions: expected a path, found an empty string"),
    "--base-rubric": ("", "--base-rubric: expected a path, found an empty string"),
    "--out": ("", "--out: expected a path, found an empty string"),
    "--baseline": ("", "--baseline: expected a name, found an empty string"),
    "--dask": (" ", "--dask: expected a name, found only spaces (' ')"),
    "--model": ("", "--model: expected a name, found an empty string"),
    "--name": ("", "--name: expected a name, found an empty string"),
    "--api-key-env": ("", "--api-key-env: expected a name, found an empty string"),
    "--endpoint": ("ftp://x", "--endpoint: expected an http:// or https:// URL such as http://localhost:8000/v1, found 'ftp://x'"),
    "--comment-key": ("a b", "--comment-key: expected 1 to 64 letters, digits, '.', '_' or '-' starting with a letter or digit, found 'a b'"),
    "--jobs": ("x", "--jobs: expected a whole number of processes from 1 to"),
    "--max-findings": ("-1", "--max-findings: expected a whole number from 0 or all, found '-1'"),
    "--shard": ("3/2", "--shard"),
    "--size": ("-1", "--size: expected a whole number from 1, found '-1'"),
    "--seed": ("x", "--seed: expected a whole number, found 'x'"),
    "--timeout": ("x", "--timeout: expected a number, found 'x'"),
    "--retries": ("x", "--retries: expected a whole number, found 'x'"),
    "--connect-timeout": ("x", "--connect-timeout: expected a number, found 'x'"),
    "--max-failures": ("x", "--max-failures: expected a whole number, found 'x'"),
    "--cache": ("", "--cache: expected a path, found an empty string"),
    "--budget": ("x", "--budget: expected a whole number, found 'x'"),
    "--concurrency": ("x", "--concurrency: expected a whole number, found 'x'"),
}


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, command in action.choices.items():
                yield from _commands(command, path + (name,))
    if path and not any(isinstance(a, argparse._SubParsersAction) for a in parser._actions):
        yield path, parser


def _valued(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if a.nargs != 0 and a.dest != "help"]


def _argv(path: tuple[str, ...], parser: argparse.ArgumentParser, action: argparse.Action, value: str | None) -> list[str]:
    """The command with its required arguments given good values and ``action`` the one given."""
    good = {"run": RUN_13, "shards": "shard.jsonl", "report": "report.json", "--seed": "1", "--out": "out", "--shard": "1/2",
            "--endpoint": "http://127.0.0.1:9/v1", "--model": "m", "--questions": SET_12}
    argv = list(path)
    for other in parser._actions:
        name = other.option_strings[-1] if other.option_strings else other.dest
        if other is action or not (other.required or not other.option_strings):
            continue
        argv += ([name] if other.option_strings else []) + [good[name]]
    name = action.option_strings[-1] if action.option_strings else None
    return argv + ([name] if name else []) + ([] if value is None else [value])


def _cases():
    for path, parser in _commands(cli_module._parser()):
        for action in _valued(parser):
            yield pytest.param(path, action.option_strings[-1] if action.option_strings else action.dest, id=" ".join(path) + " " + (action.option_strings[-1] if action.option_strings else action.dest))


@pytest.mark.parametrize("path, name", list(_cases()))
def test_every_bad_option_value_of_every_command_is_said_in_the_project_s_words(workdir, cli, path, name):
    parser = dict(_commands(cli_module._parser()))[path]
    action = next(a for a in _valued(parser) if (a.option_strings[-1] if a.option_strings else a.dest) == name)
    assert name in BAD_VALUES, f"{' '.join(path)} {name}: add its bad value to BAD_VALUES"
    value, said = BAD_VALUES[name]
    code, out, err = cli(*_argv(path, parser, action, value))
    assert (code, out) == (2, ""), err
    assert said in err and "error:" not in err and "usage:" not in err, err
    if action.option_strings:  # the value left out: the option named, and what it expects
        code, out, err = cli(*_argv(path, parser, action, None))
        assert code == 2 and "error:" not in err and "usage:" not in err, err
        assert f"\n{name}: expected " in err and ", found none" in err, err


@pytest.mark.parametrize("argv, said", [
    (["chek", RUN_13], "COMMAND: expected one of check, score-shard, merge, baseline, comment, sample, grade, set, found 'chek'; did you mean check?"),
    (["--bogus"], "command line: expected no more arguments, found '--bogus'\n(answer-gate --help lists every option)"),
    (["check", RUN_13, "--sed", "1"], "command line: expected no more arguments, found '--sed 1'\n(answer-gate check --help lists every option)"),
    (["baseline", "save", RUN_13, "--forse"], "command line: expected no more arguments, found '--forse'; did you mean --force?\n(answer-gate baseline save --help"),
    (["check", RUN_13, "--baseline", "1.2", "--no-baseline"], "--no-baseline: expected --baseline or --no-baseline, not both"),
    (["check", RUN_13, "--github=yes"], "--github: expected no value (a switch), found 'yes'"),
    (["check", RUN_13, "--ba", "x"], "command line: expected no more arguments, found '--ba x'; did you mean one of --base-questions, "
                                     "--base-rubric, --base-thresholds, --baseline, --baselines?\n"),
    (["check", RUN_13, "--no-baselin"], "command line: expected no more arguments, found '--no-baselin'; did you mean --no-baseline?\n"),
    (["check", RUN_13, "--threshold", "x.yaml"], "command line: expected no more arguments, found '--threshold x.yaml'; did you mean --thresholds?\n"),
    (["check"], "run: expected the run log (JSON lines), found none (it is required)"),
    (["sample", RUN_13, "--out", "o"], "--seed: expected a value (SEED), found none (it is required)"),
    (["baseline", "sav"], "ACTION: expected one of save, list, found 'sav'; did you mean save?"),
])
def test_a_command_line_argparse_cannot_read_is_said_in_the_project_s_words(workdir, cli, argv, said):
    code, out, err = cli(*argv)
    assert (code, out) == (2, "")
    assert err.startswith("answer-gate: 1 problem with the command line; nothing was run:\n") and said in err, err


def _abbreviations():
    for path, parser in _commands(cli_module._parser()):
        options = {o for a in parser._actions for o in a.option_strings}
        for option in sorted(o for o in options if o.startswith("--") and o[:-1] not in options):
            yield pytest.param(path, option, id=" ".join(path) + " " + option)


@pytest.mark.parametrize("path, option", list(_abbreviations()))
def test_no_command_takes_an_abbreviated_option(workdir, cli, path, option):
    """Trial 3 F7: ``--no-baselin`` was run as ``--no-baseline`` (argparse's prefix matching)."""
    parser = dict(_commands(cli_module._parser()))[path]
    action = next(a for a in parser._actions if option in a.option_strings)
    argv = _argv(path, parser, action, None)
    argv[-1] = option[:-1]  # the option less its last letter, and its value when it takes one
    code, out, err = cli(*argv, *([] if action.nargs == 0 else [BAD_VALUES.get(option, ("1",))[0]]))
    assert (code, out) == (2, ""), err
    if action.required:  # argparse says first that the option, spelled in full, is missing
        assert f"\n{option}: expected " in err and "found none (it is required)" in err, err
    else:
        assert f"command line: expected no more arguments, found '{option[:-1]}" in err, err
        suggested = err.split("; did you mean ", 1)[1].split("?\n", 1)[0]  # the option, or the options it starts
        assert option in suggested.removeprefix("one of ").split(", "), err


# ------------------------------------------------------------ every written file checked alike

def _writers(tmp_path: Path) -> dict[str, tuple[list[str], bool]]:
    """Per command, its argv less the output path (appended last) and whether it takes --force."""
    shard = str(tmp_path / "shard.jsonl")
    return {
        "check --json": (["check", RUN_13, "--questions", SET_12, "--json"], False),
        "check --markdown": (["check", RUN_13, "--questions", SET_12, "--markdown"], False),
        "check --junit": (["check", RUN_13, "--questions", SET_12, "--junit"], False),
        "merge --json": (["merge", shard, "--json"], False),
        "score-shard --out": (["score-shard", RUN_13, "--questions", SET_12, "--shard", "1/1", "--out"], True),
        "grade --out": (["grade", RUN_13, "--questions", SET_12, "--rubric", "rubric.yaml", "--endpoint", "http://127.0.0.1:9/v1", "--model", "m", "--out"], True),
        "set add-failures --out": (["set", "add-failures", RUN_13, "--questions", SET_12, "--out"], True),
        "sample --out (its review.csv)": (["sample", RUN_13, "--questions", SET_12, "--rubric", "rubric.yaml", "--seed", "1", "--out"], True),
    }


WRITERS = list(_writers(Path("x")))


@pytest.fixture
def writers(workdir, tmp_path):
    shutil.copy(ROOT / "rubric.yaml", workdir / "rubric.yaml")
    score_shard(RUN_13, SET_12, "thresholds.yaml", (1, 1), tmp_path / "shard.jsonl")
    return _writers(tmp_path)


def _target(name: str, workdir: Path) -> tuple[str, Path]:
    """The value of the output option and the file the command would write."""
    if name.startswith("sample"):
        (workdir / "sheet").mkdir()
        return "sheet", workdir / "sheet" / "review.csv"
    return "out.txt", workdir / "out.txt"


@pytest.mark.parametrize("name", WRITERS)
def test_no_command_writes_through_a_symbolic_link(writers, workdir, cli, name):
    argv, _ = writers[name]
    given, path = _target(name, workdir)
    elsewhere = workdir / "elsewhere.txt"
    elsewhere.write_text("kept\n", encoding="utf-8")
    path.symlink_to(elsewhere)
    code, out, err = cli(*argv, given, *(["--force"] if writers[name][1] else []))
    assert code == 2, err
    assert f"{path.relative_to(workdir) if not name.startswith('sample') else Path(given) / 'review.csv'}: --" in err
    assert f"expected a regular file path, found a symbolic link to {str(elsewhere)!r}: outputs are never written through links" in err
    assert elsewhere.read_text(encoding="utf-8") == "kept\n" and path.is_symlink()


@pytest.mark.parametrize("name", WRITERS)
def test_no_command_writes_over_a_folder(writers, workdir, cli, name):
    argv, _ = writers[name]
    given, path = _target(name, workdir)
    path.mkdir()
    code, _, err = cli(*argv, given)
    assert code == 2 and "expected a file path, found a directory" in err, err
    assert path.is_dir() and not list(path.iterdir())


@pytest.mark.parametrize("name", [n for n in WRITERS if _writers(Path("x"))[n][1]])
def test_a_command_with_force_refuses_an_existing_file_without_it_and_writes_nothing(writers, workdir, cli, name):
    argv, _ = writers[name]
    given, path = _target(name, workdir)
    path.write_text("a person's work\n", encoding="utf-8")
    code, out, err = cli(*argv, given)
    assert code == 2, err
    assert "pass --force to replace it" in err
    assert path.read_text(encoding="utf-8") == "a person's work\n"
    assert sorted(p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")) == []


def test_sample_into_an_empty_path_or_a_file_is_refused(workdir, cli):
    shutil.copy(ROOT / "rubric.yaml", workdir / "rubric.yaml")
    args = ("sample", RUN_13, "--questions", SET_12, "--rubric", "rubric.yaml", "--seed", "1", "--out")
    assert cli(*args, "")[0] == 2 and not (workdir / "review.csv").exists()  # '' would have been the working directory
    (workdir / "file").write_text("x", encoding="utf-8")
    code, _, err = cli(*args, "file")
    assert code == 2 and "file: --out: expected a folder for the review sheet, found a file" in err


def test_baseline_save_never_writes_through_a_link_in_the_baselines_folder(workdir, cli):
    (workdir / "baselines").mkdir()
    elsewhere = workdir / "elsewhere.json"
    elsewhere.write_text("{}\n", encoding="utf-8")
    (workdir / "baselines" / "assistant-1.3.json").symlink_to(elsewhere)
    code, out, err = cli("baseline", "save", RUN_13, "--questions", SET_12, "--force")
    assert code == 2, err
    assert ("baselines/assistant-1.3.json: --baselines: expected a regular file path, found a symbolic link to "
            f"{str(elsewhere)!r}") in err
    assert elsewhere.read_text(encoding="utf-8") == "{}\n"
    assert sorted(p.name for p in (workdir / "baselines").iterdir()) == ["assistant-1.3.json"]


# ------------------------------------------------------------ check RUN: a folder without --dask

@pytest.mark.parametrize("run, found", [
    ("logs", "found a folder"),
    ("logs/*.jsonl", "found a glob naming no file here"),
    ("s3://bucket/logs/", "found a URL naming no file here"),
])
def test_check_given_many_logs_without_dask_says_that_dask_reads_them(workdir, cli, run, found):
    (workdir / "logs").mkdir()
    shutil.copy(RUN_13, workdir / "logs" / "part-1.jsonl")
    code, out, err = cli("check", run, "--questions", SET_12)
    assert (code, out) == (2, "")
    assert (f"{run}: expected a run log (a file), {found}: check --dask local (the extra answer-gate[dask]) "
            "reads a folder, a glob or a URL of logs") in err


def test_check_given_one_missing_log_says_file_not_found_without_the_dask_hint(workdir, cli):
    code, _, err = cli("check", "nothere.jsonl", "--questions", SET_12)
    assert code == 2 and "nothere.jsonl: file not found" in err and "--dask" not in err


# ------------------------------------------------------------ baseline list in a narrow terminal

@pytest.mark.parametrize("width", [80, 100, 120, 200])
def test_baseline_list_is_readable_whole_at_any_width(workdir, cli, monkeypatch, width):
    from rich.console import Console

    for run in (RUN_12, RUN_13):
        assert cli("baseline", "save", run, "--questions", SET_12)[0] == 0
    monkeypatch.setattr(cli_module, "_console", lambda: Console(width=width, color_system=None, highlight=False, soft_wrap=True))
    code, out, _ = cli("baseline", "list")
    lines = out.splitlines()
    assert code == 0 and "…" not in out and max(map(len, lines)) <= width, out
    assert lines[0] == "baselines in baselines (slice all)"
    if width < 135:  # the table is 134 columns wide: a block a version
        assert lines[1:12] == ["", "assistant 1.2 · set 1.2 · 8 answers · saved by answer-gate 0.1.0",
                               "  numeric accuracy            1.00 (n=6)", "  citation validity           1.00 (n=6)",
                               "  refusal accuracy            1.00 (n=2)", "  answer rate when expected   1.00 (n=6)",
                               "  unsupported numbers         0.00 (n=7)", "  cross-language agreement             -",
                               "  retrieval presence          1.00 (n=6)", "  format                      1.00 (n=6)", ""]
        assert lines[12] == "assistant 1.3 · set 1.2 · 8 answers · saved by answer-gate 0.1.0"
        assert lines[13] == "  numeric accuracy            0.83 (n=6)"
    else:  # one table, its headings wrapped in whole words above cells never cut
        assert lines[3].split() == ["assistant", "set", "answers", "saved", "by", "accuracy", "validity", "accuracy", "expected", "numbers",
                                    "agreement", "presence", "format"]
        assert lines[2].split() == ["numeric", "citation", "refusal", "rate", "when", "unsupported", "language", "retrieval"]
        assert lines[1].split() == ["answer", "cross-"]
        assert [line.split()[:2] for line in lines[5:7]] == [["1.2", "1.2"], ["1.3", "1.2"]]
        assert lines[6].split()[5:] == ["0.83", "(n=6)", "0.88", "(n=8)", "0.50", "(n=2)", "1.00", "(n=6)", "0.25", "(n=8)", "-",
                                        "1.00", "(n=6)", "1.00", "(n=7)"]


# ------------------------------------------------------------ a misspelt optional field in a log line

def _misspelt_log(workdir: Path) -> str:
    """The 1.3 log with series_metadata written series_metdata on lines 3 and 5."""
    lines = (workdir / RUN_13).read_text(encoding="utf-8").splitlines()
    for i in (2, 4):
        row = json.loads(lines[i])
        row["series_metdata"] = row.pop("series_metadata", {})
        lines[i] = json.dumps(row)
    path = workdir / "examples" / "answers_run_assistant-1.3_set-1.2.misspelt.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path.relative_to(workdir))


NOTICE = ("{log}:3: series_metdata: unknown field, ignored; did you mean 'series_metadata'? (a misspelt field is not read as 'series_metadata') "
          "(on 2 lines, the first shown)")


def test_a_misspelt_optional_field_is_a_notice_naming_file_line_field_and_the_field_meant(workdir, cli):
    """A notice, not an error: a field a later version of the log adds must not fail this one."""
    log = _misspelt_log(workdir)
    code, out, err = cli("check", log, "--questions", SET_12, "--no-baseline", "--json", "r.json")
    assert code == 1, err  # scored as ever: the run fails its rules, not on the field
    assert f"  - {NOTICE.format(log=log)}" in out.splitlines()
    assert NOTICE.format(log=log) in json.loads(Path("r.json").read_text(encoding="utf-8"))["notices"]


def test_sample_and_add_failures_say_the_log_s_notices_too(workdir, cli):
    shutil.copy(ROOT / "rubric.yaml", workdir / "rubric.yaml")
    log = _misspelt_log(workdir)
    code, _, err = cli("sample", log, "--questions", SET_12, "--rubric", "rubric.yaml", "--seed", "1", "--out", "sheet")
    assert code == 0 and f"answer-gate: notice: {NOTICE.format(log=log)}\n" in err, err
    code, _, err = cli("set", "add-failures", log, "--questions", SET_12, "--out", "draft.jsonl")
    assert code == 0 and f"answer-gate: notice: {NOTICE.format(log=log)}\n" in err, err


def test_grade_says_the_log_s_notices_too(workdir, cli):
    """grade, like sample and set add-failures, writes no report: the log's notices go to stderr."""
    from tests.test_grader import GOOD, Reply, completion, serve

    log = _misspelt_log(workdir)
    with serve([Reply(200, completion(json.dumps(GOOD)))]) as server:
        code, out, err = cli("grade", log, "--questions", SET_12, "--rubric", str(ROOT / "rubric.yaml"), "--endpoint", server.url,
                             "--model", "m", "--out", "graded.jsonl")
    assert code == 0, err
    assert f"answer-gate: notice: {NOTICE.format(log=log)}\n" in err, err
    assert len(Path("graded.jsonl").read_text(encoding="utf-8").splitlines()) == 8
