"""The command line's options as a user meets them: merge takes check's options where they
mean the same thing; every command that writes a file checks its path the same way; every
bad option value is said in the project's words (option, expected, found; exit code 2)."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

from conftest import ROOT

from gate import cli
from gate.shards import score_shard

RUN_12 = "examples/answers_run_assistant-1.2_set-1.2.jsonl"
RUN_13 = "examples/answers_run_assistant-1.3_set-1.2.jsonl"
SET_12 = "examples/question_set-1.2.jsonl"
READER_13 = ROOT / "tests" / "fixtures" / "judgements_reader_1.3.jsonl"


def _options(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {a.option_strings[-1]: a for a in parser._actions if a.option_strings and a.dest != "help"}


def _command(name: str) -> argparse.ArgumentParser:
    parser = cli._parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return commands.choices[name]


# ------------------------------------------------------------------ merge has check's options

#: check's options that merge has not, and why: the shards carry the log, the set and the
#: thresholds (with their SHA-256, checked), and merge scores no answer.
CHECK_ONLY = {"--questions": "the shards carry the set", "--thresholds": "the shards carry the thresholds file",
              "--jobs": "merge scores no answer", "--dask": "merge scores no answer"}


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
