"""Workers send a batch back as sums, flat rows for its common lines and full results for the
others (gate.engine.rows.ScoredBatch): the main process must read them exactly as it reads every
line scored in one process. Each test runs the same log on one job (the reference: every
line fed one by one) and on two, in batches small enough that the unusual lines fall in the
middle of batches, at their edges and across them."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from conftest import ROOT, THRESHOLDS

from gate.engine import stream

from gate.engine import workers
from gate.core.errors import InputError
from gate.model.outcomes import Count, Finding, Outcome
from gate.run.check import check_run
from gate.inputs.question_set import load_question_set
from gate.report.json_report import render_json
from gate.engine.findings import Findings
from gate.engine.stream import StoredOutcomes, stream_inputs
from gate.engine.rows import StoredRows
from gate.rules.thresholds import load_thresholds

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_check import generate  # noqa: E402

#: Lines a batch holds in these tests: 2,000 answers make ten batches.
BATCH = 200


def _edit(lines: list[str], index: int, **changes: object) -> None:
    value = json.loads(lines[index])
    value.update(changes)
    lines[index] = json.dumps(value, ensure_ascii=False) + "\n"


@pytest.fixture(scope="module")
def unusual(tmp_path_factory) -> Path:
    """A generated run of 2,000 answers with lines of every kind the rows leave out or flag:
    bidirectional text, a question text that differs, unknown fields, a line in the merged
    form, languages the figure reader or the locale data does not know (in the set too)."""
    folder = tmp_path_factory.mktemp("unusual")
    paths = generate(2000, folder, seed=11)
    log = paths["run"].read_text("utf-8").splitlines(keepends=True)
    questions = paths["set"].read_text("utf-8").splitlines(keepends=True)
    for i in (5, 199, 200, 201, 1333):  # line i + 1: at the edges of the batches of 200 lines too
        value = json.loads(log[i])
        _edit(log, i, answer="\u202e" + (value["answer"] or ""))
    for i in (7, 400, 401, 1999):
        _edit(log, i, question="a question asked otherwise")
    for i in (9, 10, 600):
        _edit(log, i, confidence=0.5)
    _edit(log, 800, expected_behaviour="answer")
    for i, language in ((1001, "sv"), (1002, "sv"), (1500, "tlh")):
        _edit(log, i, language=language)
        _edit(questions, i, language=language)
    paths["run"].write_text("".join(log), encoding="utf-8")
    paths["set"].write_text("".join(questions), encoding="utf-8")
    return folder


def _paths(folder: Path) -> tuple[str, str]:
    return str(folder / "answers_run_assistant-9.0_set-2000.jsonl"), str(folder / "question_set-2000.jsonl")


@pytest.mark.parametrize("max_findings", [0, 1, 50, 1000, None])
def test_unusual_lines_give_the_same_report_on_two_jobs(monkeypatch, unusual, max_findings):
    monkeypatch.setattr(workers, "BATCH_LINES", BATCH)
    run, questions = _paths(unusual)
    one, two = (check_run(run, questions, THRESHOLDS, jobs=jobs, max_findings=max_findings) for jobs in (1, 2))
    assert render_json(two) == render_json(one)
    assert one.answers == 2000
    notices = "\n".join(one.notices)
    for notice in ("bidirectional", "is not covered by the figure reader", "unknown to the locale data", "confidence: unknown field",
                   "the log carries expectations", "differs"):
        assert notice in notices, notices


def test_the_stored_counts_are_the_same_on_two_jobs(monkeypatch, unusual):
    monkeypatch.setattr(workers, "BATCH_LINES", BATCH)
    run, questions = _paths(unusual)
    rules = load_thresholds(THRESHOLDS)
    stored = []
    for jobs in (1, 2):
        _, streamed, problems = stream_inputs(run, load_question_set(questions), rules.matching, rules.format, jobs=jobs,
                                              max_findings=10, store=True)
        assert streamed is not None and not problems.total and streamed.outcomes is not None
        stored.append(list(streamed.outcomes))
    assert stored[0] == stored[1] and len(stored[0]) == 2000


@pytest.fixture(scope="module")
def faulty(tmp_path_factory) -> Path:
    """A generated run of 2,000 answers with problems the main process finds: duplicates
    (in one batch and across batches, one after a line whose language differs), answers for
    questions not in the set, a language that differs from the set's."""
    folder = tmp_path_factory.mktemp("faulty")
    paths = generate(2000, folder, seed=12)
    log = paths["run"].read_text("utf-8").splitlines(keepends=True)
    ids = [json.loads(line)["question_id"] for line in log[1:]]
    _edit(log, 50, question_id=ids[40])  # the same batch
    _edit(log, 700, question_id=ids[10])  # another batch
    _edit(log, 1201, question_id=ids[1199])  # across the edge of a batch
    _edit(log, 300, question_id="q9999999")  # not in the set
    _edit(log, 900, language="de" if json.loads(log[900])["language"] != "de" else "fr")
    _edit(log, 950, question_id=ids[899])  # a duplicate of the line whose language differs
    paths["run"].write_text("".join(log), encoding="utf-8")
    return folder


def test_problems_are_the_same_and_in_the_same_order_on_two_jobs(monkeypatch, faulty):
    monkeypatch.setattr(workers, "BATCH_LINES", BATCH)
    run, questions = _paths(faulty)
    messages = []
    for jobs in (1, 2):
        with pytest.raises(InputError) as caught:
            check_run(run, questions, THRESHOLDS, jobs=jobs)
        messages.append(str(caught.value))
    assert messages[0] == messages[1]
    assert messages[0].count("duplicate question_id") == 4
    assert "which is not in the question set" in messages[0] and ":901: language: expected" in messages[0]


def _finding(i: int) -> Finding:
    return Finding(f"q{i}", "fr" if i % 3 else "de", "unsupported_numbers", "unsupported_figure", f"figure {i}")


@pytest.mark.parametrize("limit", [1, 7, 40])
def test_findings_offered_below_the_bar_are_listed_and_counted_as_in_one(limit):
    """A batch summed with the bar of the findings held so far gives, once merged, what
    offering every finding to one Findings gives (any order of batches)."""
    rng = random.Random(limit)
    keyed = [(rng.randrange(200), order, _finding(i)) for i, order in enumerate(rng.choices(range(3), k=300))]
    keyed = list({(p, o): (p, o, f) for p, o, f in keyed}.values())  # a key is one finding
    one = Findings(limit)
    for position, order, finding in keyed:
        one.add_keyed(position, order, finding)
    merged = Findings(limit)
    for start in range(0, len(keyed), 25):
        part = Findings(limit, merged.bar())
        for position, order, finding in keyed[start:start + 25]:
            part.add_keyed(position, order, finding)
        for item in part.keyed():
            merged.add_keyed(*item)
        for left_out in part.not_listed():
            merged.count_left_out(*left_out)
    assert merged.listed() == one.listed() and merged.not_listed() == one.not_listed() and merged.total == one.total
    assert Findings(None).bar() is None and Findings(0).bar() is None


def test_stored_rows_made_elsewhere_store_as_put():
    names = [m.name for m in stream.MEASURES]
    outcomes = [Outcome(f"q{i}", "en", {name: Count(i * j % 7, (i + j) % 5) for j, name in enumerate(names)}, ()) for i in range(6)]
    outcomes[2] = Outcome("q2", "en", {names[0]: Count(300, 1000), names[3]: Count(0, 255), "not_a_measure": Count(1, 1)}, ())
    questions = [type("Q", (), {"question_id": o.question_id, "language": o.language})() for o in outcomes]
    put, rows = StoredOutcomes(questions), StoredOutcomes(questions)  # type: ignore[arg-type]
    made = StoredRows()
    for position in (4, 0, 2, 5, 1, 3):
        put.put(position, outcomes[position])
        made.add(position, outcomes[position])
    rows.put_rows(made)
    assert list(rows) == list(put)
    assert rows[2].counts[names[0]] == Count(300, 1000) and rows[2].counts[names[3]] == Count(0, 255)
    assert rows[2].counts[names[1]] == Count(0, 0)


def test_the_last_batches_of_a_log_on_two_jobs_are_smaller_and_hold_the_same_lines(unusual):
    """On two jobs the lines of the last four batches come in batches of a fifth (the workers
    finish together); every line comes once, in order, as on one job."""
    from gate.core.errors import ProblemCollector

    run, _ = _paths(unusual)
    one = list(workers.batches(run, run, ProblemCollector(), size=BATCH))
    two = list(workers.batches(run, run, ProblemCollector(), size=BATCH, jobs=2))
    assert [len(b) for b in one] == [BATCH] * 10 + [1]
    sizes = [len(b) for b in two]
    assert sizes[0] == BATCH and BATCH // 5 in sizes and sum(sizes) == 2001
    assert sizes[sizes.index(BATCH // 5):-1] == [BATCH // 5] * len(sizes[sizes.index(BATCH // 5):-1])
    assert 3 * BATCH <= BATCH // 5 * (len(sizes) - 1 - sizes.index(BATCH // 5)) <= 5 * BATCH
    assert [item for b in two for item in b] == [item for b in one for item in b]


def test_the_workers_are_forked_with_the_objects_out_of_the_collector_and_they_come_back_after():
    import gc

    before = gc.get_freeze_count()
    with workers._frozen_objects():
        assert gc.get_freeze_count() > before
    assert gc.get_freeze_count() == before



def _thresholds_seen(batch: list[tuple[int, bytes]], bar: object) -> list[tuple[int, ...]]:
    """In a worker, in place of scoring a batch: the collector's thresholds there."""
    import gc

    return [gc.get_threshold()]


@pytest.mark.parametrize("jobs", [1, 2])
def test_lines_are_scored_with_fewer_collections_and_the_thresholds_come_back_after(monkeypatch, unusual, jobs):
    """While lines are scored, here and in the workers, the collector's first threshold is
    ``workers.COLLECT_EVERY`` (not Python's 700); after the last batch the thresholds are
    those before."""
    import gc

    from gate.core.errors import ProblemCollector
    from gate.engine.lines import Context
    from gate.figures import MatchSettings
    from gate.inputs.question_index import QuestionLookup

    monkeypatch.setattr(workers, "BATCH_LINES", BATCH)
    if jobs == 2:
        monkeypatch.setattr(workers, "_score_in_worker", _thresholds_seen)
    run, questions = _paths(unusual)
    context = Context(run, QuestionLookup(load_question_set(questions).questions), MatchSettings())
    before = gc.get_threshold()
    assert before[0] < workers.COLLECT_EVERY
    here, there = [], []
    for scored in workers.scored_batches(run, context, ProblemCollector(), jobs=jobs):
        here.append(gc.get_threshold())
        there += scored if jobs == 2 else []
    assert gc.get_threshold() == before
    assert len(here) >= 10 and {t[0] for t in here} == {workers.COLLECT_EVERY}
    assert jobs == 1 or (len(there) == len(here) and {t[0] for t in there} == {workers.COLLECT_EVERY})
