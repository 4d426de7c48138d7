"""The fast paths of per-answer scoring agree with the general ones (issue 12).

* ``answer_scoring._values_to_try``: a figure the retrieved values do not support is tried
  against the new values of the evidence only (unless a derived value may support it);
  the general path tries it against all the evidence.
* ``answer_scoring._all_decimal``: a type test over the whole sequence at once.
* ``matching.evidence_values`` over Decimals (as the records hold them): the finite
  values kept by ``Decimal.is_finite``; the general path converts each one.

Compared on the suite's examples, answers made for each branch, a generated run and
generated answers (hypothesis), with and without derived values.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_scoring_speed import _pairs

import gate.scoring.answer as answer_scoring
import gate.model.outcomes as outcomes
from gate import figures as fig
from gate.figures import matching
from gate.scoring.answer import score_answer
from gate.model.inputs import Answer, Question
from gate.inputs.join import join
from gate.inputs.question_set import load_question_set
from gate.inputs.run_log import load_run

ROOT = Path(__file__).resolve().parents[1]
ALL_SETTINGS = [fig.MatchSettings(), fig.MatchSettings(derived=("difference",)),
                fig.MatchSettings(percent_fraction=False), fig.MatchSettings(rounding="exact")]


def _all_the_evidence(settings, retrieved, evidence):  # type: ignore[no-untyped-def]
    """The general path: every value of the evidence tried."""
    return evidence


def _outcomes(pairs, settings):  # type: ignore[no-untyped-def]
    return [score_answer(q, a, settings) for q, a in pairs]


def _generated_pairs(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    from bench_check import generate  # the benchmark's realistic runs, five languages

    paths = generate(400, tmp_path, seed=9)
    return list(join(load_run(paths["run"]), load_question_set(paths["set"])).pairs)


@pytest.mark.pure_core("replaces answer._values_to_try, which the compiled scoring calls directly")
@pytest.mark.parametrize("match", ALL_SETTINGS, ids=str)
def test_the_new_values_alone_decide_as_all_the_evidence_does(match, tmp_path, monkeypatch):
    pairs = _pairs() + _generated_pairs(tmp_path, monkeypatch)
    fast = _outcomes(pairs, match)
    with monkeypatch.context() as m:
        m.setattr(answer_scoring, "_values_to_try", _all_the_evidence)
        general = _outcomes(pairs, match)
    assert fast == general
    assert sum(o.counts["unsupported_numbers"].numerator for o in fast) > 50


_NUMBER = st.builds(lambda units, tenths: Decimal(units) + Decimal(tenths) / 10,
                    st.integers(-120, 120), st.integers(0, 9))
_WRITTEN = st.tuples(st.sampled_from(["", "about ", "over ", "nearly ", "at least ", "fell ", "rose "]),
                     _NUMBER, st.sampled_from(["", "%", " percent", " in 10"]))


def _text(parts: list[tuple[str, Decimal, str]]) -> str:
    return "The rate was " + ", then ".join(f"{hedge}{abs(value)}{unit}" for hedge, value, unit in parts) + "."


@settings(max_examples=150, deadline=None, derandomize=True)
@given(answer=st.lists(_WRITTEN, min_size=1, max_size=4), retrieved=st.lists(_NUMBER, max_size=4),
       asked=st.lists(_NUMBER, max_size=3), match=st.sampled_from(ALL_SETTINGS))
def test_generated_answers_score_as_with_all_the_evidence(answer, retrieved, asked, match):
    q = Question(question_id="q", language="en", text="Was it " + " or ".join(map(str, asked)) + "?" if asked else "",
                 expected_behaviour="answer", expected_values=tuple(retrieved[:1]), expected_ids=("S1",))
    a = Answer(question_id="q", language="en", question="", retrieved_ids=("S1",), retrieved_values=tuple(retrieved),
               answer=_text(answer), cited_ids=("S1",), declined=False)
    fast = score_answer(q, a, match)
    original = answer_scoring._values_to_try
    answer_scoring._values_to_try = _all_the_evidence
    try:
        general = score_answer(q, a, match)
    finally:
        answer_scoring._values_to_try = original
    assert fast == general


_VALUES = st.lists(st.one_of(_NUMBER, st.sampled_from([Decimal("NaN"), Decimal("-Infinity"), Decimal("sNaN"),
                                                          Decimal("-0"), Decimal("7.60"), Decimal("7.6")]),
                             st.integers(-5, 5), st.floats(allow_nan=True), st.booleans(), st.none()), max_size=6)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(values=_VALUES)
def test_all_decimal_is_the_test_of_each_value(values):
    assert answer_scoring._all_decimal(values) == all(type(v) is Decimal for v in values)
    assert answer_scoring._all_decimal(tuple(values)) == all(type(v) is Decimal for v in values)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(values=st.lists(st.one_of(_NUMBER, st.sampled_from([Decimal("NaN"), Decimal("-Infinity"), Decimal("sNaN"),
                                                            Decimal("Infinity"), Decimal("-0"), Decimal("0"),
                                                            Decimal("7.60"), Decimal("7.6")])), max_size=6))
def test_decimal_evidence_is_each_value_converted(values):
    general = tuple(dict.fromkeys(d for d in map(matching._to_decimal, values) if d is not None))
    got = matching.evidence_values(values, None, None, "en")
    assert got == general and list(map(str, got)) == list(map(str, general))  # the same values, the first kept
    assert matching.evidence_values(got, None, None, "en") == got  # read again: kept as they are


def test_a_difference_of_a_retrieved_value_and_a_new_one_still_supports():
    q = Question(question_id="q", language="en", text="Was it 7.9% last year?", expected_behaviour="answer",
                 expected_values=(), expected_ids=("S1",))
    a = Answer(question_id="q", language="en", question="", retrieved_ids=("S1",), retrieved_values=(Decimal("7.6"),),
               answer="It was 0.3 points lower.", cited_ids=("S1",), declined=False)
    with_difference, without = fig.MatchSettings(derived=("difference",)), fig.MatchSettings()
    assert score_answer(q, a, with_difference).counts["unsupported_numbers"] == outcomes.Count(0, 1)  # |7.9 - 7.6|
    assert score_answer(q, a, without).counts["unsupported_numbers"] == outcomes.Count(1, 1)


def _markers_split(text: str) -> list[str]:
    """The general path of citation_markers: every bracket's text split at ; and ,."""
    from gate.scoring.checks.format import _BRACKET, _ID, _PAREN, _SEPARATOR

    out: list[str] = []
    for m in _BRACKET.finditer(text):
        out.extend(p.strip() for p in _SEPARATOR.split(m.group(1)) if p.strip())
    for m in _PAREN.finditer(text):
        parts = [p.strip() for p in _SEPARATOR.split(m.group(1))]
        if all(_ID.match(p) for p in parts):
            out.extend(parts)
    return out


@settings(max_examples=400, deadline=None, derandomize=True)
@given(text=st.lists(st.sampled_from(["[", "]", "(", ")", ";", ",", " ", "\u00a0", "S1", "EDU_STATS_2024", "2", "x",
                                      "[1]", "[ S1 ]", "[S1; S2]", "(FS_UNDERNOURISH_PCT; EDU_STATS_2024)", "[,]"]),
                     max_size=12).map("".join))
def test_citation_markers_are_the_brackets_split(text):
    from gate.scoring.checks.format import citation_markers

    assert citation_markers(text) == _markers_split(text)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(cited=st.lists(st.sampled_from(["S1", "S2", "S3", "P1"]), max_size=4),
       retrieved=st.lists(st.sampled_from(["S1", "S2", "S3"]), max_size=3))
def test_citation_validity_counts_as_each_citation_tried(cited, retrieved):
    q = Question(question_id="q", language="en", text="", expected_behaviour="answer", expected_values=(), expected_ids=())
    a = Answer(question_id="q", language="en", question="", retrieved_ids=tuple(retrieved), retrieved_values=(),
               answer="It rose.", cited_ids=tuple(cited), declined=False)
    outcome = score_answer(q, a, fig.MatchSettings())
    distinct = list(dict.fromkeys(cited))
    invalid = [c for c in distinct if c not in retrieved]
    assert outcome.counts["citation_validity"] == outcomes.Count(len(distinct) - len(invalid), len(distinct))
    assert [f.cited_id for f in outcome.findings if f.measure == "citation_validity"] == invalid


def test_an_outcome_built_at_once_is_the_dataclass_built():
    counts = {"format": outcomes.Count(1, 1)}
    findings = (outcomes.Finding("q", "en", "format", "too_long", "m"),)
    made, built = answer_scoring._new_outcome("q", "en", counts, findings), outcomes.Outcome("q", "en", counts, findings)
    assert made == built and list(made.__dict__.items()) == list(built.__dict__.items())


@pytest.mark.pure_core("replaces answer._stated_values, which the compiled scoring calls directly")
@pytest.mark.parametrize("match", ALL_SETTINGS, ids=str)
def test_an_expected_value_stated_exactly_is_found_as_any_supports_finds_it(match, tmp_path, monkeypatch):
    pairs = _pairs() + _generated_pairs(tmp_path, monkeypatch)
    fast = _outcomes(pairs, match)
    with monkeypatch.context() as m:
        m.setattr(answer_scoring, "_stated_values", lambda figures: set())  # the general path: any_supports for each
        general = _outcomes(pairs, match)
    assert fast == general
    counts = [o.counts["numeric_accuracy"] for o in fast]
    assert sum(c.numerator for c in counts) > 100 and sum(c.denominator - c.numerator for c in counts) > 20


@settings(max_examples=150, deadline=None, derandomize=True)
@given(answer=st.lists(_WRITTEN, min_size=1, max_size=4), others=st.lists(_NUMBER, max_size=2),
       shifts=st.lists(st.sampled_from(["0", "0", "1", "-1", "0.1", "0.05", "-0.04", "100"]), min_size=1, max_size=4),
       match=st.sampled_from(ALL_SETTINGS))
def test_generated_expected_values_are_found_as_any_supports_finds_them(answer, others, shifts, match):
    # expected: the answer's values as written, some moved a little or a lot, and others
    expected = [abs(value) + Decimal(shift) for (_, value, _), shift in zip(answer, shifts)] + others
    q = Question(question_id="q", language="en", text="", expected_behaviour="answer",
                 expected_values=tuple(expected), expected_ids=("S1",))
    a = Answer(question_id="q", language="en", question="", retrieved_ids=("S1",), retrieved_values=(),
               answer=_text(answer), cited_ids=("S1",), declined=False)
    fast = score_answer(q, a, match)
    original = answer_scoring._stated_values
    answer_scoring._stated_values = lambda figures: set()
    try:
        general = score_answer(q, a, match)
    finally:
        answer_scoring._stated_values = original
    assert fast == general


def test_an_expected_value_not_finite_takes_the_general_path():
    assert not answer_scoring._exact(Decimal("NaN")) and not answer_scoring._exact(Decimal("sNaN")) and answer_scoring._exact(Decimal("-0"))
