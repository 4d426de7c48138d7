"""Findings whose messages are written when first read (issue 12: per-answer scoring).

``gate.model.outcomes.unwritten_finding`` makes a finding whose message is written only when
something reads it; most findings of a large run are only counted by measure, code and
language. These tests compare it with the finding made with its message written at once
(the general path) on the examples, the made answers and a generated run, through every
way a finding is read: the attribute, equality, hash, repr, pickle, copy, replace.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from decimal import Decimal
from pathlib import Path

import pytest
from test_scoring_speed import _made_pairs, _pairs

import gate.model.outcomes as outcomes
import gate.scoring.answer as answer_scoring
from gate import figures as fig
from gate.model.outcomes import Finding, marked, new_finding
from gate.scoring.answer import score_answer
from gate.model.inputs import Answer, Question
from gate.inputs.join import join
from gate.inputs.question_set import load_question_set
from gate.inputs.run_log import load_run
from gate.engine.findings import Findings
from gate.rules.thresholds import load_thresholds

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = fig.MatchSettings()
MISMATCH = "expected 7.6; the answer states 7.9%"
UNSUPPORTED = "'7.9%' (about 7.9 percent, to the nearest 0.1) is not within 0.05 of any retrieved value; nearest 7.6"


def _written_at_once(question_id, language, measure, code, message, *rest):  # type: ignore[no-untyped-def]
    """The general path: the message written when the finding is made."""
    write, args = message
    return new_finding(question_id, language, measure, code, write(*args), *rest)


def _generated_pairs(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    from bench_check import generate  # the benchmark's realistic runs, five languages

    paths = generate(400, tmp_path, seed=5)
    return join(load_run(paths["run"]), load_question_set(paths["set"])).pairs


def _unwritten(finding: Finding) -> bool:
    return outcomes._UNWRITTEN in finding.__dict__


def test_findings_written_when_read_are_the_findings_written_at_once(tmp_path, monkeypatch):
    rules = load_thresholds(ROOT / "thresholds.yaml")
    pairs = _pairs() + list(_generated_pairs(tmp_path, monkeypatch))
    later = [score_answer(q, a, rules.matching, rules.format) for q, a in pairs]
    assert sum(_unwritten(f) for o in later for f in o.findings) > 100  # both codes, many answers
    with monkeypatch.context() as m:
        m.setattr(answer_scoring, "unwritten_finding", _written_at_once)
        at_once = [score_answer(q, a, rules.matching, rules.format) for q, a in pairs]
    assert not any(_unwritten(f) for o in at_once for f in o.findings)
    for o, e in zip(later, at_once):
        for f, g in zip(o.findings, e.findings, strict=True):
            assert f.message == g.message
            assert f.__dict__ == g.__dict__ and list(f.__dict__) == list(g.__dict__)  # the same object
    assert later == at_once


def test_a_message_is_written_only_when_read_and_once(monkeypatch):
    calls: list[str] = []
    for name in ("_unsupported_message", "_mismatch_message"):
        def counted(*args, _original=getattr(answer_scoring, name), _name=name):  # type: ignore[no-untyped-def]
            calls.append(_name)
            return _original(*args)

        monkeypatch.setattr(answer_scoring, name, counted)
    q = Question(question_id="q", language="en", text="What was unemployment?", expected_behaviour="answer",
                 expected_values=(Decimal("7.6"),), expected_ids=("S1",))
    a = Answer(question_id="q", language="en", question="", retrieved_ids=("S1",), retrieved_values=(Decimal("7.6"),),
               answer="Unemployment was about 7.9% in 2024.", cited_ids=("S1",), declined=False)
    outcome = score_answer(q, a, SETTINGS)
    assert [(f.measure, f.code, f.language) for f in outcome.findings] == [
        ("numeric_accuracy", "numeric_mismatch", "en"), ("unsupported_numbers", "unsupported_figure", "en")]
    findings = Findings(limit=0)
    findings.add(0, outcome.findings)  # counted by measure, code and language, not listed
    assert findings.total == 2 and calls == []
    assert [f.message for f in outcome.findings] == [MISMATCH, UNSUPPORTED]
    assert calls == ["_mismatch_message", "_unsupported_message"]
    assert [f.message for f in outcome.findings] == [MISMATCH, UNSUPPORTED] and len(calls) == 2


def _fresh() -> tuple[list[Finding], list[Finding]]:
    """The made answers' findings, unwritten, and the same written at once."""
    later = [f for q, a in _made_pairs() for f in score_answer(q, a, SETTINGS).findings]
    again = [f for q, a in _made_pairs() for f in score_answer(q, a, SETTINGS).findings]
    return later, [Finding(**{name: getattr(f, name) for name in outcomes._FINDING_FIELDS}) for f in again]


@pytest.mark.parametrize(("read", "writes"), [
    (lambda f: pickle.loads(pickle.dumps(f)), True),  # as sent from a worker process
    (lambda f: pickle.loads(pickle.dumps(f, protocol=0)), True),
    (copy.copy, True),
    (copy.deepcopy, True),
    (lambda f: dataclasses.replace(f), True),
    (lambda f: dataclasses.replace(f, look_first="generation"), True),
    (lambda f: marked(f, "generation"), False),  # a copy still unwritten, written when read
])
def test_an_unwritten_finding_copies_and_pickles_as_the_finding_written(read, writes):
    later, at_once = _fresh()
    assert any(_unwritten(f) for f in later)
    for f, g in zip(later, at_once, strict=True):
        was = _unwritten(f)
        got, want = read(f), read(g)
        assert _unwritten(got) == (was and not writes) and _unwritten(f) == (was and not writes)
        assert got == want and list(got.__dict__) == list(want.__dict__) and got.__dict__ == want.__dict__


def test_an_unwritten_finding_hashes_compares_and_shows_as_the_finding_written():
    for read in (hash, repr, dataclasses.asdict, dataclasses.astuple):
        later, at_once = _fresh()
        assert [read(f) for f in later] == [read(g) for g in at_once]
    later, at_once = _fresh()
    assert later == at_once and set(later) == set(at_once)


def test_an_unwritten_finding_has_no_other_attribute():
    later, _ = _fresh()
    f = next(f for f in later if _unwritten(f))
    with pytest.raises(AttributeError, match="'Finding' object has no attribute 'messages'"):
        f.messages  # type: ignore[attr-defined]  # noqa: B018
    assert _unwritten(f)  # reading another name writes nothing
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.message = "other"  # type: ignore[misc]
