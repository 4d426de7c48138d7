"""A log scored shard by shard and merged gives the report of the whole log, byte for byte."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from conftest import MERGED, ROOT, RUN_13, SET_12, THRESHOLDS
from gate.baseline import BaselineComparer
from gate.pipeline import check_run, merge_shards
from gate.render.json_report import render_json
from gate.shards import score_shard, shard_lines
from gate.errors import ProblemCollector
from gate.thresholds import load_thresholds

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_check import generate  # noqa: E402


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("generated")
    paths = generate(600, folder, seed=8)
    lines = paths["run"].read_text("utf-8").splitlines(keepends=True)
    body = lines[1:]
    random.Random(4).shuffle(body)
    shuffled = folder / "answers_run_assistant-9.2_set-600.jsonl"
    shuffled.write_text(lines[0] + "".join(body[:-25]), encoding="utf-8")
    return {**paths, "shuffled": shuffled}


def shards_of(run: Path, questions: Path | None, n: int, folder: Path, max_findings: int | None = None) -> list[str]:
    settings = load_thresholds(THRESHOLDS).matching
    paths = []
    for k in range(n):
        out = folder / f"shard-{k}.jsonl"
        work = folder / f"work-{k}"
        work.mkdir()
        score_shard(run, questions, settings, k, n, out, str(work), max_findings=max_findings)
        paths.append(str(out))
    return paths


def test_the_shards_cover_every_line_once(generated):
    problems = ProblemCollector()
    whole = list(shard_lines(generated["run"], "run", problems, 0, 1))
    parts = [item for k in range(7) for item in shard_lines(generated["run"], "run", problems, k, 7)]
    assert parts == whole and len(whole) == 601 and whole[0][0] == 1 and whole[-1][0] == 601


@pytest.mark.parametrize("run, questions", [(RUN_13, SET_12), (MERGED, None)], ids=["1.3", "merged"])
def test_the_example_in_three_shards_merges_to_the_report_of_check(run, questions, tmp_path):
    comparer = BaselineComparer(directory=str(ROOT / "baselines"))
    merged = render_json(merge_shards(shards_of(run, questions, 3, tmp_path), THRESHOLDS, compare=comparer))
    assert merged == render_json(check_run(run, questions, THRESHOLDS, compare=comparer))


@pytest.mark.parametrize("name, questions", [("run", "set"), ("shuffled", "set"), ("merged", None)])
def test_a_generated_run_in_shards_merges_to_the_report_of_check(generated, tmp_path, name, questions):
    set_path = generated[questions] if questions else None
    merged = render_json(merge_shards(shards_of(generated[name], set_path, 4, tmp_path), THRESHOLDS))
    assert merged == render_json(check_run(generated[name], set_path, THRESHOLDS))


def test_capped_findings_merge_to_the_capped_report(generated, tmp_path):
    merged = merge_shards(shards_of(generated["shuffled"], generated["set"], 3, tmp_path, max_findings=20), THRESHOLDS)
    whole = check_run(generated["shuffled"], generated["set"], THRESHOLDS, max_findings=20)
    assert render_json(merged) == render_json(whole)
    assert len(merged.findings) == 20 and merged.findings_not_listed


def test_the_commands_score_shards_and_merge(cli, workdir):
    for k in (1, 2):
        code, out, err = cli("score-shard", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions",
                             "examples/question_set-1.2.jsonl", "--shard", f"{k}/2", "--out", f"s{k}.jsonl")
        assert code == 0, err
        assert out.startswith(f"shard {k} of 2 of examples/answers_run_assistant-1.3_set-1.2.jsonl: ")
    code, out, err = cli("merge", "s2.jsonl", "s1.jsonl", "--json", "merged.json")
    assert code == 1, err
    code2, _, _ = cli("check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions",
                      "examples/question_set-1.2.jsonl", "--json", "whole.json")
    assert code2 == 1
    assert (workdir / "merged.json").read_bytes() == (workdir / "whole.json").read_bytes()


def test_a_missing_shard_is_named(cli, workdir):
    cli("score-shard", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl",
        "--shard", "1/3", "--out", "s1.jsonl")
    code, out, err = cli("merge", "s1.jsonl", "--json", "merged.json")
    assert code == 2
    assert "s1.jsonl: expected the shards 0 to 2 of 3, each once, found 0" in err
    assert not (workdir / "merged.json").exists()


def test_a_file_that_is_no_shard_is_named(cli, workdir):
    code, out, err = cli("merge", "examples/question_set-1.2.jsonl")
    assert code == 2
    assert "examples/question_set-1.2.jsonl:1: expected a shard file written by 'answer-gate score-shard'" in err


def test_shards_of_two_logs_are_refused(cli, workdir):
    for run, k in (("examples/answers_run_assistant-1.3_set-1.2.jsonl", 1), ("examples/answers_run_assistant-1.2_set-1.2.jsonl", 2)):
        cli("score-shard", run, "--questions", "examples/question_set-1.2.jsonl", "--shard", f"{k}/2", "--out", f"s{k}.jsonl")
    code, out, err = cli("merge", "s1.jsonl", "s2.jsonl")
    assert code == 2
    assert 's2.jsonl:1: run: expected "examples/answers_run_assistant-1.3_set-1.2.jsonl" as in s1.jsonl' in err


def test_a_bad_shard_spec_is_refused(cli, workdir):
    code, out, err = cli("score-shard", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--shard", "3/2", "--out", "s.jsonl")
    assert code == 2
    assert "expected K from 1 to N, found '3/2'" in err
    assert not (workdir / "s.jsonl").exists()
