"""A log scored in shards and merged gives the report of check, byte for byte; shards that do
not belong together are named, with exit code 2."""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

import pytest
from conftest import ROOT, THRESHOLDS

from gate.baseline import BaselineComparer
from gate.cli.main import main
from gate.core.errors import ProblemCollector
from gate.run.check import check_run
from gate.core.jsonlines import read_lines
from gate.report.json_report import render_json
from gate.run.shards import merge_shards, score_shard

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_check import generate  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "stream"


def _fixture(name: str) -> str:
    return gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()).decode("utf-8")


def _shards(tmp_path: Path, run: str, questions: str | None, thresholds: str | Path, n: int, cap: int | None = None) -> list[Path]:
    out = []
    for k in range(1, n + 1):
        path = tmp_path / f"shard-{k}.jsonl"
        score_shard(run, questions, thresholds, (k, n), path, max_findings=cap)
        out.append(path)
    return out


@pytest.mark.parametrize("n", [1, 3, 5])
def test_byte_ranges_hold_every_line_once_with_its_number(tmp_path, n):
    log = tmp_path / "log.jsonl"
    log.write_bytes(b"\xef\xbb\xbf" + b"".join(b'{"a": %d}\r\n' % i for i in range(40)) + b"\n\nlast")
    whole = list(read_lines(log, "log", ProblemCollector()))
    size = log.stat().st_size
    parts = [item for k in range(n) for item in read_lines(log, "log", ProblemCollector(), byte_range=(k * size // n, (k + 1) * size // n))]
    assert parts == whole and whole[-1] == (43, b"last") and whole[0] == (1, b'{"a": 0}\r')


@pytest.mark.parametrize("n", [1, 3, 4])
def test_the_example_in_shards_merges_to_the_report_of_check_with_its_baseline(monkeypatch, tmp_path, n):
    monkeypatch.chdir(ROOT)
    shards = _shards(tmp_path, "examples/answers_run_assistant-1.3_set-1.2.jsonl", "examples/question_set-1.2.jsonl", "thresholds.yaml", n)
    report = merge_shards(list(reversed(shards)), compare=BaselineComparer(directory="baselines"))
    assert render_json(report) == _fixture("ex13")


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("generated")
    paths = generate(3000, folder, seed=5)
    lines = paths["run"].read_text("utf-8").splitlines(keepends=True)
    body = lines[1:]
    random.Random(3).shuffle(body)
    (folder / "answers_run_assistant-9.1_set-3000.jsonl").write_text(lines[0] + "".join(body[:-40]), encoding="utf-8")
    (folder / "thresholds.yaml").write_bytes(THRESHOLDS.read_bytes())  # named as the fixtures name it
    return folder


@pytest.mark.parametrize("name, run, questions", [
    ("gen3000shuffled", "answers_run_assistant-9.1_set-3000.jsonl", "question_set-3000.jsonl"),
    ("gen3000merged", "merged-3000.jsonl", None),
], ids=["shuffled-40-missing", "merged"])
def test_a_generated_run_in_shards_merges_to_the_report_of_check(monkeypatch, tmp_path, generated, name, run, questions):
    monkeypatch.chdir(generated)
    skip = BaselineComparer(directory="baselines", skip=True)
    assert render_json(merge_shards(_shards(tmp_path, run, questions, "thresholds.yaml", 3), compare=skip)) == _fixture(name)
    capped = render_json(merge_shards(_shards(tmp_path, run, questions, THRESHOLDS, 4, cap=60), compare=skip, max_findings=60))
    assert capped == render_json(check_run(run, questions, THRESHOLDS, compare=skip, max_findings=60))
    assert len(json.loads(capped)["findings"]) == 60


def test_the_commands_score_shards_and_merge_them(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(ROOT)
    args = ["examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl", "--thresholds", "thresholds.yaml"]
    for k in (1, 2):
        assert main(["score-shard", *args, "--shard", f"{k}/2", "--out", str(tmp_path / f"s{k}.jsonl")]) == 0
    out = tmp_path / "report.json"
    assert main(["merge", str(tmp_path / "s2.jsonl"), str(tmp_path / "s1.jsonl"), "--json", str(out)]) == 1
    assert out.read_text("utf-8") == _fixture("ex13")
    assert "shard 2/2 of examples/answers_run_assistant-1.3_set-1.2.jsonl" in capsys.readouterr().out


def test_shards_that_do_not_belong_together_are_named_with_exit_code_2(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(ROOT)
    run13 = ["examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl"]
    run12 = ["examples/answers_run_assistant-1.2_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl"]
    for name, args in (("a1", [*run13, "--shard", "1/2"]), ("a2", [*run13, "--shard", "2/2"]), ("b2", [*run12, "--shard", "2/2"])):
        assert main(["score-shard", *args, "--out", str(tmp_path / f"{name}.jsonl")]) == 0
    capsys.readouterr()
    cases = [
        ([str(tmp_path / "a1.jsonl")], "expected the 2 shards of examples/answers_run_assistant-1.3_set-1.2.jsonl, found no shard 2"),
        ([str(tmp_path / "a1.jsonl"), str(tmp_path / "b2.jsonl")], "expected a shard of the same log, set and thresholds as"),
        ([str(tmp_path / "a1.jsonl"), str(tmp_path / "a1.jsonl"), str(tmp_path / "a2.jsonl")], "expected each shard once, found shard 1 again"),
        ([str(tmp_path / "a1.jsonl"), "thresholds.yaml"], "expected a shard file"),
        ([str(tmp_path / "a1.jsonl"), str(tmp_path / "a2.jsonl"), "--max-findings", "all"], "expected at most 1000, the findings each shard lists"),
    ]
    for shards, message in cases:
        assert main(["merge", *shards]) == 2
        assert message in capsys.readouterr().err
    assert main(["score-shard", *run13, "--shard", "3/2", "--out", str(tmp_path / "x.jsonl")]) == 2
    assert "--shard: expected K/N with 1 <= K <= N, such as 2/4, found '3/2'" in capsys.readouterr().err


def _damage(lines: list[str], how: str) -> list[str]:
    """A shard file's lines damaged one way (the header stays line 1, the findings line last)."""
    middle = len(lines) // 2
    if how == "not json":
        return lines[:middle] + ["not json\n"] + lines[middle + 1:]
    if how == "another value":
        return lines[:middle] + ['{"x": 1}\n'] + lines[middle + 1:]
    if how == "a line left out":
        return lines[:middle] + lines[middle + 1:]
    if how == "cut short":
        return lines[:-1]
    if how == "cut inside its last line":
        return lines[:-1] + [lines[-1][: len(lines[-1]) // 2]]
    return lines + [lines[1]]  # a line after the end


@pytest.mark.parametrize("how, line, said", [
    ("not json", "mid", "expected a record of a shard file, found a line that is not JSON"),
    ("another value", "mid", "expected a record of a shard file, found another JSON value"),
    ("a line left out", "last", "the findings line counts"),
    ("cut short", None, "expected its findings line at the end, found none: the file is cut short"),
    ("cut inside its last line", "last", "found a line that is not JSON"),
    ("a line after the end", "end", "expected nothing after the findings line, found more"),
])
def test_a_damaged_shard_is_named_by_file_and_line_with_exit_code_2(monkeypatch, tmp_path, capsys, how, line, said):
    """Never an internal error, never a report quietly short of what the shard held."""
    monkeypatch.chdir(ROOT)
    args = ["examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl"]
    for k in (1, 2):
        assert main(["score-shard", *args, "--shard", f"{k}/2", "--out", str(tmp_path / f"s{k}.jsonl")]) == 0
    lines = (tmp_path / "s2.jsonl").read_text("utf-8").splitlines(keepends=True)
    damaged = _damage(lines, how)
    (tmp_path / "s2.jsonl").write_text("".join(damaged), "utf-8")
    capsys.readouterr()
    assert main(["merge", str(tmp_path / "s1.jsonl"), str(tmp_path / "s2.jsonl"), "--json", str(tmp_path / "r.json")]) == 2
    err = capsys.readouterr().err
    number = {"mid": len(lines) // 2 + 1, "last": len(damaged), "end": len(damaged), None: None}[line]
    where = f"{tmp_path / 's2.jsonl'}:{number}:" if number else f"{tmp_path / 's2.jsonl'}:"
    assert where in err and said in err and "score the shard again" in err, err
    assert "internal error" not in err and not (tmp_path / "r.json").exists()


def test_a_shard_carries_every_field_of_a_finding():
    import dataclasses
    from decimal import Decimal

    from gate.model.outcomes import FigureRef, Finding, QuoteRef
    from gate.run.shards import _finding, _finding_from

    full = Finding("q1", "fr", "numeric_accuracy", "numeric_mismatch", "expected 41", FigureRef("4,10", Decimal("4.10"), 3, 7),
                   "S1", QuoteRef("x", 1, 2), "generation")
    assert [f.name for f in dataclasses.fields(Finding)] == ["question_id", "language", "measure", "code", "message", "figure",
                                                             "cited_id", "quote", "look_first"]  # a new field: carry it in gate/shards.py
    assert _finding_from(json.loads(json.dumps(_finding(full)))) == full
