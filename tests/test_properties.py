"""Laws of scoring: order does not matter, counts add up, a passing answer never lowers a rate."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from conftest import RUN_13, SET_12
from gate.figures import MatchSettings
from gate.model.measures import MEASURE_BY_NAME, MEASURES
from gate.model.outcomes import Count, Outcome
from gate.scoring.answer import score_run
from gate.inputs.join import join
from gate.inputs.question_set import load_question_set
from gate.inputs.run_log import load_run
from gate.model.scores import aggregate

counts = st.builds(lambda a, b: Count(min(a, b), max(a, b)), st.integers(0, 50), st.integers(0, 50))
outcome = st.builds(
    lambda qid, lang, cs: Outcome(qid, lang, dict(zip([m.name for m in MEASURES], cs)), ()),
    st.text("abc", min_size=1, max_size=3), st.sampled_from(["en", "fr", "de"]), st.lists(counts, min_size=len(MEASURES), max_size=len(MEASURES)),
)


@given(st.lists(outcome, max_size=30), st.randoms())
@settings(max_examples=60, deadline=None)
def test_scores_do_not_depend_on_order(outcomes, rnd):
    shuffled = list(outcomes)
    rnd.shuffle(shuffled)
    assert aggregate(outcomes) == aggregate(shuffled)


@given(st.lists(outcome, max_size=20), st.lists(outcome, max_size=20))
@settings(max_examples=60, deadline=None)
def test_shards_merge_by_addition(left, right):
    whole = {(s.slice, s.measure): s.count for s in aggregate(left + right)}
    parts: dict = {}
    for s in aggregate(left) + aggregate(right):
        parts[(s.slice, s.measure)] = parts.get((s.slice, s.measure), Count()) + s.count
    assert {k: v for k, v in whole.items() if v.denominator} == {k: v for k, v in parts.items() if v.denominator}


@given(st.lists(outcome, max_size=20), st.sampled_from([m.name for m in MEASURES]), st.sampled_from(["en", "fr"]))
@settings(max_examples=60, deadline=None)
def test_adding_a_passing_answer_never_lowers_a_rate(outcomes, measure, language):
    before = {(s.slice, s.measure): s.rate for s in aggregate(outcomes)}
    passing = Count(0, 1) if not MEASURE_BY_NAME[measure].higher_is_better else Count(1, 1)
    new = Outcome("zz", language, {m.name: (passing if m.name == measure else Count()) for m in MEASURES}, ())
    after = {(s.slice, s.measure): s.rate for s in aggregate(outcomes + [new])}
    for key in [("all", measure), (f"language={language}", measure)]:
        if before.get(key) is not None:
            better = after[key] >= before[key] if MEASURE_BY_NAME[measure].higher_is_better else after[key] <= before[key]
            assert better


def test_example_run_scores_the_same_in_any_line_order(tmp_path):
    lines = RUN_13.read_text().splitlines()
    header, answers = lines[0], lines[1:]
    reference = aggregate(score_run(join(load_run(RUN_13), load_question_set(SET_12)).pairs, MatchSettings())[0])
    rnd = random.Random(7)
    for _ in range(5):
        rnd.shuffle(answers)
        path = tmp_path / "answers_run_assistant-1.3_set-1.2.jsonl"
        path.write_text("\n".join([header] + answers) + "\n")
        assert aggregate(score_run(join(load_run(path), load_question_set(SET_12)).pairs, MatchSettings())[0]) == reference
