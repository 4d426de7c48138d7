"""The shortcuts of the faster scoring change no result (issue 12: per-answer scoring).

Each shortcut skips work only where the work would change nothing: these tests run the
skipped work anyway (the scoring as it was) on the examples, the generated run and answers
made to reach every branch, and compare.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path

import pytest

import gate.scoring.answer as answer_scoring
from gate import figures as fig
from gate.scoring.checks.presence import _marked
from gate.model.outcomes import Count, FigureRef, Finding, QuoteRef
from gate.scoring.answer import score_answer
from gate.model.inputs import Answer, Question
from gate.inputs.join import join
from gate.inputs.question_set import load_question_set
from gate.inputs.run_log import load_run
from gate.model.scores import ALL
from gate.engine.findings import Findings
from gate.engine.tallies import Tally
from gate.rules.thresholds import load_thresholds

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = fig.MatchSettings()


def _eager_unsupported_numbers(s: answer_scoring._Scoring, answer: Answer, figures: Sequence[fig.Figure],
                               readings: answer_scoring._Readings) -> None:
    """Unsupported numbers as scored before the shortcut: all the evidence read first."""
    passages = {pid: text if lang is None else (text, lang) for pid, text, lang in answer.retrieved_passages}
    evidence = fig.evidence_values(answer.retrieved_values, s.question.text, passages, answer.language)
    unsupported = 0
    for f in figures:
        support = readings.support(f, evidence)
        if not support.supported:
            unsupported += 1
            s.fail("unsupported_numbers", "unsupported_figure", readings.explain(f, support, evidence),
                   figure=FigureRef(f.text, f.value, f.start, f.end))
    s.counts["unsupported_numbers"] = Count(unsupported, len(figures))


def _pairs() -> list[tuple[Question, Answer | None]]:
    pairs: list[tuple[Question, Answer | None]] = []
    question_set = load_question_set(ROOT / "examples" / "question_set-1.2.jsonl")
    for log in ("answers_run_assistant-1.2_set-1.2.jsonl", "answers_run_assistant-1.3_set-1.2.jsonl",
                "observations/answers_run_assistant-1.4_set-1.2.jsonl"):
        pairs += join(load_run(ROOT / "examples" / log), question_set).pairs
    pairs += join(load_run(ROOT / "examples" / "answers_run_merged.jsonl"), None).pairs
    return pairs + _made_pairs()


def _made_pairs() -> list[tuple[Question, Answer]]:
    """Answers whose figures are supported by the retrieved values, only by the set's
    question, only by a passage (in its own language or the answer's), or by nothing."""
    def pair(text: str, question: str, values: tuple[str, ...], passages: tuple[tuple[str, str, str | None], ...] = (),
             expected: tuple[str, ...] = (), language: str = "en") -> tuple[Question, Answer]:
        q = Question(question_id="q", language=language, text=question, expected_behaviour="answer",
                     expected_values=tuple(map(Decimal, expected)), expected_ids=("S1",))
        a = Answer(question_id="q", language=language, question="", retrieved_ids=("S1", "P1"),
                   retrieved_values=tuple(map(Decimal, values)), answer=text, cited_ids=("S1",), declined=False,
                   retrieved_passages=passages)
        return q, a

    return [
        pair("Unemployment was 7.6% in 2024.", "What was unemployment?", ("7.6",), expected=("7.6",)),
        pair("Unemployment was 7.6%, up from the 5.2% you asked about.", "Was it above 5.2%?", ("7.6",)),
        pair("Exports fell 1.9% to 45,000 tonnes, 3.3% of the total.", "How did exports move?", ("-1.9",),
             passages=(("P1", "Exports were 45,000 tonnes.", None),)),
        pair("Le chômage était de 7,6 %, et 1 234 foyers.", "Quel taux ?", ("7.6",),
             passages=(("P1", "1,234 households", "en"),), language="fr"),
        pair("About 6 in 10 households, 12 cars and 8.8% more.", "Households with 12 cars?", ("58.7",),
             passages=(("P1", "no figure here", None),), expected=("8.8",)),
        pair("Prices rose 2.4% and 3.1%.", "", ("2.4",)),
        pair("Prices rose 2.4% and 3.1%.", "Between 2.4 and 3.1?", ()),
    ]


@pytest.fixture(scope="module")
def pairs() -> list[tuple[Question, Answer | None]]:
    return _pairs()


@pytest.mark.pure_core("replaces answer._unsupported_numbers, which the compiled score_answer calls directly")
def test_unsupported_numbers_score_as_when_all_the_evidence_was_read_first(pairs, monkeypatch):
    fast = [score_answer(q, a, SETTINGS) for q, a in pairs]
    monkeypatch.setattr(answer_scoring, "_unsupported_numbers", _eager_unsupported_numbers)
    eager = [score_answer(q, a, SETTINGS) for q, a in pairs]
    assert fast == eager
    made = fast[-len(_made_pairs()):]
    # the made answers reach every branch: supported by the question, by a passage, by nothing
    assert [o.counts["unsupported_numbers"] for o in made] == [
        Count(0, 1), Count(0, 2), Count(1, 3), Count(0, 2), Count(1, 3), Count(1, 2), Count(0, 2)]


@pytest.mark.pure_core("replaces answer._unsupported_numbers, which the compiled score_answer calls directly")
def test_the_generated_run_scores_as_when_all_the_evidence_was_read_first(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    from bench_check import generate  # the benchmark's realistic runs, five languages

    paths = generate(600, tmp_path, seed=12)
    pairs = join(load_run(paths["run"]), load_question_set(paths["set"])).pairs
    rules = load_thresholds(ROOT / "thresholds.yaml")
    fast = [score_answer(q, a, rules.matching, rules.format) for q, a in pairs]
    monkeypatch.setattr(answer_scoring, "_unsupported_numbers", _eager_unsupported_numbers)
    assert fast == [score_answer(q, a, rules.matching, rules.format) for q, a in pairs]
    assert sum(o.counts["unsupported_numbers"].numerator for o in fast) > 50


@pytest.mark.pure_core("replaces gate.figures.evidence_values, which the compiled scoring calls directly")
def test_the_question_and_passages_are_read_only_when_a_figure_is_not_supported_by_the_retrieved_values(monkeypatch):
    calls: list[str | None] = []
    original = fig.evidence_values

    def counted(values, question, passages, language):  # type: ignore[no-untyped-def]
        calls.append(question)
        return original(values, question, passages, language)

    monkeypatch.setattr(fig, "evidence_values", counted)
    supported, unsupported = _made_pairs()[0], _made_pairs()[1]
    score_answer(*supported, SETTINGS)
    assert calls == [None]  # the retrieved values alone
    calls.clear()
    outcome = score_answer(*unsupported, SETTINGS)
    assert calls == [None, "Was it above 5.2%?"]
    assert outcome.counts["unsupported_numbers"] == Count(0, 2)  # 5.2 is the question's


def test_a_marked_finding_is_the_finding_replaced():
    finding = Finding("q1", "fr", "unsupported_numbers", "unsupported_figure", "why", FigureRef("7,6 %", Decimal("7.6"), 3, 8),
                      "S1", QuoteRef("a quoted text", 1, 14), None)
    assert [f.name for f in dataclasses.fields(Finding)] == [
        "question_id", "language", "measure", "code", "message", "figure", "cited_id", "quote", "look_first"]
    for where in ("retrieval", "generation"):
        assert _marked(finding, where) == dataclasses.replace(finding, look_first=where)


def test_a_tally_sums_as_before_with_the_empty_counts_skipped():
    outcomes = [score_answer(q, a, SETTINGS) for q, a in _pairs()]
    tally = Tally()
    for o in outcomes:
        tally.add(o)
    expected: dict[str, list[list[int]]] = {}
    for o in outcomes:
        for slice_name in (ALL, f"language={o.language}"):
            row = expected.setdefault(slice_name, [[0, 0] for _ in tally.names])
            for i, name in enumerate(tally.names):
                row[i][0] += o.counts[name].numerator
                row[i][1] += o.counts[name].denominator
    assert tally.sums == expected


def test_findings_left_out_are_counted_by_slice_with_those_of_shards():
    findings = Findings(limit=1)
    made = [Finding("q", lang, "format", code, "m") for lang, code in (("fr", "no_citation"), ("en", "no_citation"),
                                                                      ("fr", "too_long"), ("fr", "no_citation"))]
    for position, f in enumerate(made):
        findings.add(position, [f])
    findings.count_left_out("format", "no_citation", ALL, 2)
    findings.count_left_out("format", "no_citation", "language=de", 2)
    assert findings.total == 6
    assert findings.listed() == [made[0]]
    assert findings.not_listed() == (
        ("format", "no_citation", "all", 4), ("format", "no_citation", "language=de", 2),
        ("format", "no_citation", "language=en", 1), ("format", "no_citation", "language=fr", 1),
        ("format", "too_long", "all", 1), ("format", "too_long", "language=fr", 1))
