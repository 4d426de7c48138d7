"""The stream's pure pieces: a batch of raw lines scored as the loader and scorer score
them, tallies that add up, findings beyond the cap counted by code and slice."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from conftest import RUN_13, SET_12, THRESHOLDS

from gate.errors import ProblemCollector
from gate.measures import score_run
from gate.records import join, load_question_set, load_run, read_lines
from gate.scores import ALL, aggregate, language_slice
from gate.stream import Context, Findings, LineResult, Tally, score_lines
from gate.thresholds import load_thresholds


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
    assert [r.problems for r in rest if not r.parsed] == [[]]  # the blank end of the last line
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
    expected = Counter((f.code, ALL) for f in left) + Counter((f.code, language_slice(f.language)) for f in left)
    assert capped.not_listed() == tuple(sorted((c, s, n) for (c, s), n in expected.items()))
    nothing = Findings(0)
    nothing.add(0, every)
    assert nothing.listed() == [] and sum(n for _, s, n in nothing.not_listed() if s == ALL) == len(every)
