"""The stream's pure pieces: a batch of raw lines scored as the loader and scorer score
them, tallies that add up, findings beyond the cap counted by code and slice."""

from __future__ import annotations

import gzip
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
from conftest import ROOT, RUN_13, SET_12, THRESHOLDS

from gate.baseline import BaselineComparer
from gate.cli.main import main
from gate.core.errors import ProblemCollector
from gate.scoring.answer import score_run
from gate.run.check import check_run
from gate.inputs.join import join
from gate.inputs.question_set import load_question_set
from gate.inputs.run_log import load_run
from gate.core.jsonlines import read_lines
from gate.core.schemas import schema
from gate.report.json_report import render_json
from gate.report.stored import report_from_dict
from gate.model.scores import ALL, aggregate, language_slice
from gate.engine.lines import Context, LineResult, score_lines
from gate.engine.findings import Findings
from gate.engine.tallies import Tally
from gate.engine.workers import default_jobs
from gate.rules.thresholds import load_thresholds

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_check import generate  # noqa: E402


def _context(set_path: Path = SET_12) -> Context:
    rules = load_thresholds(THRESHOLDS)
    questions = load_question_set(set_path)
    return Context(str(RUN_13), {q.question_id: (i, q) for i, q in enumerate(questions.questions)}, rules.matching, rules.format)


def _lines(path: Path) -> list[tuple[int, bytes]]:
    problems = ProblemCollector()
    lines = list(read_lines(path, str(path), problems))
    assert not problems.total
    return lines


def test_a_batch_scores_as_the_loader_and_the_scorer_do():
    rules = load_thresholds(THRESHOLDS)
    joined = join(load_run(RUN_13), load_question_set(SET_12))
    expected = {o.question_id: o for o in score_run(joined.pairs, rules.matching, rules.format)[0]}
    results = score_lines(_lines(RUN_13), _context())
    header, *rest = results
    answers = [r for r in rest if r.parsed]
    assert len(answers) == len(rest)
    assert header.value["run"]["assistant_version"] == "1.3" and header.reading is None
    assert len(answers) == 8 and all(r.problems == [] for r in answers)
    assert {r.reading.question_id: r.outcome for r in answers if r.reading} == expected
    by_line = {a.line: a for a in load_run(RUN_13).answers}
    assert all(r.reading is not None and r.reading.answer == by_line[r.line] for r in answers)


def test_split_batches_give_the_same_results_as_one():
    lines = _lines(RUN_13)
    whole = score_lines(lines, _context())
    parts = score_lines(lines[:3], _context()) + score_lines(lines[3:], _context())
    assert parts == whole


def test_a_bad_line_gives_its_problems_and_no_outcome():
    context = _context()
    results = score_lines([(4, b'{"question_id": "a01"'), (5, b"   "), (6, b'[1, 2]'), (7, b'{"question_id": 3}')], context)
    assert [r.parsed for r in results] == [False, False, True, True]
    assert results[0].problems == [(None, "expected a JSON object, found invalid JSON: Expecting ',' delimiter (column 22)")]
    assert results[1].problems == []
    assert results[2].problems == [(None, "expected a JSON object, found a list of 2")]
    assert results[3].reading is None and results[3].outcome is None and results[3].problems
    assert all(isinstance(r, LineResult) and r.outcome is None for r in results)


def test_the_tally_gives_the_aggregate_and_two_halves_merge_to_the_whole():
    rules = load_thresholds(THRESHOLDS)
    joined = join(load_run(RUN_13), load_question_set(SET_12))
    outcomes = score_run(joined.pairs, rules.matching, rules.format)[0]
    whole, first, second = Tally(), Tally(), Tally()
    for i, o in enumerate(outcomes):
        whole.add(o)
        (first if i < 3 else second).add(o)
    first.merge(second)
    assert whole.scores() == aggregate(outcomes) == first.scores()
    assert Tally.from_dict(whole.to_dict()).scores() == whole.scores()
    assert Tally().scores() == aggregate([])


def test_findings_beyond_the_cap_are_counted_by_code_and_slice():
    rules = load_thresholds(THRESHOLDS)
    joined = join(load_run(RUN_13), load_question_set(SET_12))
    outcomes = score_run(joined.pairs, rules.matching, rules.format)[0]
    every = [f for o in outcomes for f in o.findings]
    assert len(every) > 4
    capped, full = Findings(3), Findings(None)
    for position in reversed(range(len(outcomes))):  # offered out of order: listed in set order
        capped.add(position, outcomes[position].findings)
        full.add(position, outcomes[position].findings)
    assert full.listed() == every and full.not_listed() == ()
    assert capped.listed() == every[:3] and capped.total == len(every)
    left = every[3:]
    expected = Counter((f.measure, f.code, ALL) for f in left) + Counter((f.measure, f.code, language_slice(f.language)) for f in left)
    assert capped.not_listed() == tuple(sorted((m, c, s, n) for (m, c, s), n in expected.items()))
    nothing = Findings(0)
    nothing.add(0, every)
    assert nothing.listed() == [] and sum(n for _, _, s, n in nothing.not_listed() if s == ALL) == len(every)


# --- the check path: streamed, byte for byte the reports of the in-memory check before it -

FIXTURES = ROOT / "tests" / "fixtures" / "stream"


def _fixture(name: str) -> str:
    """A JSON report of the check as it was before it streamed: the in-memory ``check_run``
    of commit 95f5ef1 on today's other modules (``scripts/stream_fixtures.py`` writes them,
    and only when the streamed check gives the same bytes), gzipped."""
    return gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()).decode("utf-8")


@pytest.mark.parametrize("name, run, questions, extra", [
    ("ex13", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "examples/question_set-1.2.jsonl", {}),
    ("ex12", "examples/answers_run_assistant-1.2_set-1.2.jsonl", "examples/question_set-1.2.jsonl", {}),
    ("merged", "examples/answers_run_merged.jsonl", None, {}),
    ("obs14", "examples/observations/answers_run_assistant-1.4_set-1.2.jsonl", "examples/question_set-1.2.jsonl", {}),
    ("ex13judged", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "examples/question_set-1.2.jsonl",
     {"judgements": ["tests/fixtures/judgements_reader_1.3.jsonl"], "rubric": "rubric.yaml"}),
], ids=["1.3-with-baseline", "1.2", "merged", "observations", "judged"])
def test_the_examples_stream_to_the_reports_of_before(monkeypatch, name, run, questions, extra):
    monkeypatch.chdir(ROOT)
    report = check_run(run, questions, "thresholds.yaml", compare=BaselineComparer(directory="baselines"), **extra)
    assert render_json(report) == _fixture(name)


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """The benchmark's generated run of 3,000 answers in five languages (seed 5), its set,
    its merged form, and the same log shuffled with 40 answers dropped."""
    folder = tmp_path_factory.mktemp("generated")
    paths = generate(3000, folder, seed=5)
    lines = paths["run"].read_text("utf-8").splitlines(keepends=True)
    body = lines[1:]
    random.Random(3).shuffle(body)
    shuffled = folder / "answers_run_assistant-9.1_set-3000.jsonl"
    shuffled.write_text(lines[0] + "".join(body[:-40]), encoding="utf-8")
    (folder / "thresholds.yaml").write_bytes(THRESHOLDS.read_bytes())  # named as the fixtures name it
    return folder


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("name, run, questions", [
    ("gen3000", "answers_run_assistant-9.0_set-3000.jsonl", "question_set-3000.jsonl"),
    ("gen3000shuffled", "answers_run_assistant-9.1_set-3000.jsonl", "question_set-3000.jsonl"),
    ("gen3000merged", "merged-3000.jsonl", None),
], ids=["in-order", "shuffled-40-missing", "merged"])
def test_a_generated_run_streams_to_the_report_of_before_on_one_or_two_jobs(monkeypatch, generated, name, run, questions, jobs):
    monkeypatch.setattr("gate.engine.workers.BATCH_LINES", 700)  # five batches: two jobs use the pool
    monkeypatch.chdir(generated)
    report = check_run(run, questions, "thresholds.yaml", compare=BaselineComparer(directory="baselines", skip=True), jobs=jobs)
    assert render_json(report) == _fixture(name)
    assert report.answers == (2960 if "shuffled" in name else 3000)


def test_a_capped_report_lists_the_first_findings_and_counts_the_others(monkeypatch, generated):
    monkeypatch.chdir(generated)
    args = ("answers_run_assistant-9.1_set-3000.jsonl", "question_set-3000.jsonl", THRESHOLDS)
    full, capped = check_run(*args), check_run(*args, max_findings=100)
    assert capped.findings == full.findings[:100]
    left = full.findings[100:]
    expected = Counter((f.measure, f.code, ALL) for f in left) + Counter((f.measure, f.code, language_slice(f.language)) for f in left)
    assert capped.findings_not_listed == tuple(sorted((m, c, s, n) for (m, c, s), n in expected.items()))
    data = json.loads(render_json(capped))
    jsonschema.validate(data, schema("report"))
    assert sum(x["count"] for x in data["findings_not_listed"] if x["slice"] == "all") == len(left)
    assert report_from_dict(data).findings_not_listed == capped.findings_not_listed


def test_the_command_caps_the_findings_and_the_terminal_says_where_the_rest_are(generated, tmp_path, capsys):
    out = tmp_path / "report.json"
    code = main(["check", str(generated / "answers_run_assistant-9.0_set-3000.jsonl"), "--questions", str(generated / "question_set-3000.jsonl"),
                 "--thresholds", str(THRESHOLDS), "--json", str(out), "--max-findings", "200", "--jobs", "2", "--no-baseline"])
    assert code == 1
    printed = capsys.readouterr().out
    data = json.loads(out.read_text("utf-8"))
    total = len(data["findings"]) + sum(x["count"] for x in data["findings_not_listed"] if x["slice"] == "all")
    assert len(data["findings"]) == 200 and total == 3207
    shown = re.search(r"Other findings \(([\d,]+); ([\d,]+) shown above\):", printed)
    assert shown is not None
    rest, above = (int(x.replace(",", "")) for x in shown.groups())
    assert rest + above == total
    assert f"... and {rest - 25:,} more (" in printed and "the JSON report (--json PATH) lists 200" in printed
    assert printed.count(" [en] ") + printed.count(" [fr] ") + printed.count(" [de] ") + printed.count(" [es] ") + printed.count(" [it] ") <= 40


#: The largest --jobs accepted here (4 times the cores this process may use), as the message says it.
MOST_JOBS = 4 * default_jobs()
CORES_SAID = f"4 times the {default_jobs()} cores this process may use"


@pytest.mark.parametrize("flag, value, message", [
    ("--jobs", "0", f"--jobs: expected a whole number of processes from 1 to {MOST_JOBS} ({CORES_SAID}), found '0'"),
    ("--jobs", "two", f"--jobs: expected a whole number of processes from 1 to {MOST_JOBS} ({CORES_SAID}), found 'two'"),
    ("--jobs", "²", f"--jobs: expected a whole number of processes from 1 to {MOST_JOBS} ({CORES_SAID}), found '²'"),
    ("--jobs", str(MOST_JOBS + 1), f"--jobs: expected a whole number of processes from 1 to {MOST_JOBS} ({CORES_SAID}), found '{MOST_JOBS + 1}'"),
    ("--jobs", "99999", f"--jobs: expected a whole number of processes from 1 to {MOST_JOBS} ({CORES_SAID}), found '99999'"),
    ("--max-findings", "-3", "--max-findings: expected a whole number from 0 or all, found '-3'"),
    ("--max-findings", "many", "--max-findings: expected a whole number from 0 or all, found 'many'"),
    ("--max-findings", "²", "--max-findings: expected a whole number from 0 or all, found '²'"),
    ("--max-findings", "1_000", "--max-findings: expected a whole number from 0 or all, found '1_000'"),
])
def test_a_bad_jobs_or_cap_is_named_with_exit_code_2(flag, value, message, capsys):
    code = main(["check", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), flag, value])
    assert code == 2
    assert message in capsys.readouterr().err
