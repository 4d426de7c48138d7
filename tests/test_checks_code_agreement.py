"""Issue 10 item 6: the code checks beside the readers, in every report format.

Where people judged the same answers (``check --judgements``), the report shows, per rubric
question a code check answers (series, period, unit, caveat), Cohen's kappa of the code with
the readers, its n and the share labelled alike; undefined (never 0) when a side gives a
single label, naming the side. The example with observations (run 1.4) judged by one reader
(tests/fixtures/judgements_reader_1.4.jsonl: a01's year wrong, a04's caveat missing, the
rest right) and the published example judged by one reader (no observations: the code
answers no rubric question there).
"""

from __future__ import annotations

import io
import json
from fractions import Fraction

from conftest import ROOT, SET_12, THRESHOLDS, assert_golden
from jsonschema import Draft202012Validator
from rich.console import Console

from gate.model.agreement import Kappa
from gate.judged.code_agreement import agreement_with_readers, people_labels
from gate.figures import MatchSettings
from gate.inputs.judgements import load_judgements
from gate.scoring.answer import score_run
from gate.run.check import check_run
from gate.inputs.join import join
from gate.inputs.question_set import load_question_set
from gate.inputs.run_log import load_run
from gate.core.schemas import schema
from gate.report.json_report import render_json
from gate.report.junit import render_junit
from gate.report.markdown import render_markdown
from gate.report.terminal import render_terminal
from gate.inputs.rubric import load_rubric

RUN_14 = "examples/observations/answers_run_assistant-1.4_set-1.2.jsonl"
READER_14 = "tests/fixtures/judgements_reader_1.4.jsonl"
READER_13 = "tests/fixtures/judgements_reader_1.3.jsonl"


def terminal(report) -> str:
    buffer = io.StringIO()
    render_terminal(report, Console(file=buffer, width=200, color_system=None, force_terminal=False))
    return buffer.getvalue()


def judged_14(monkeypatch):
    monkeypatch.chdir(ROOT)  # relative paths in the reports, as a user would type them
    return check_run(RUN_14, "examples/question_set-1.2.jsonl", "thresholds.yaml", judgements=[READER_14], rubric="rubric.yaml")


def test_the_code_agrees_with_the_reader_on_the_wrong_year_and_kappa_is_undefined_where_a_side_never_varies(monkeypatch):
    report = judged_14(monkeypatch)
    got = {a.question: (a.measure, a.kappa.n, a.agreement, a.kappa.value, a.kappa.reason) for a in report.code_agreement}
    assert got == {
        "series": ("series_match", 6, Fraction(1), None, "undefined: the readers and the code gave only 'yes'"),
        "period": ("period_match", 6, Fraction(1), Fraction(1), ""),    # both say a01's 8.4% is the wrong year
        "unit": ("unit_stated", 6, Fraction(1), None, "undefined: the readers and the code gave only 'yes'"),
        "caveat": ("caveat_stated", 1, Fraction(1), None, "undefined: the readers and the code gave only 'no'"),  # a04 only
    }


def test_the_agreement_is_cohens_kappa_with_the_reader_as_rater_one_and_the_code_as_rater_two():
    outcomes, _ = score_run(join(load_run(ROOT / RUN_14), load_question_set(SET_12)).pairs, MatchSettings())
    people = {  # a reader who disagrees: a02's period no, a03's period no, a01's period yes
        "a01": {"period": "yes", "unit": "no"}, "a02": {"period": "no", "unit": "yes"}, "a03": {"period": "no"},
        "a04": {"period": "yes"}, "a07": {"period": "yes"}, "a05": {"period": "yes"},  # a05 declined: the code says nothing
    }
    by_q = {a.question: a for a in agreement_with_readers(outcomes, people)}
    period = by_q["period"].kappa
    # pairs (reader, code): a01 (yes, no), a02 (no, yes), a03 (no, yes), a04 (yes, yes), a07 (yes, yes)
    assert period.n == 5 and period.observed == Fraction(2, 5)
    assert period.expected == Fraction(3, 5) * Fraction(4, 5) + Fraction(2, 5) * Fraction(1, 5)
    assert period.value == (Fraction(2, 5) - period.expected) / (1 - period.expected)
    assert by_q["unit"].kappa.reason == "undefined: the code gave only 'yes'"
    assert by_q["series"].kappa == Kappa(0, None, None, None, "no answer both a reader and the code labelled yes or no")


def test_only_the_peoples_labels_count_and_no_wins_over_yes():
    rubric = load_rubric(ROOT / "rubric.yaml")
    run = load_run(ROOT / RUN_14)
    judged = load_judgements([ROOT / READER_14], rubric, run)
    labels = people_labels(judged.judgements, rubric)
    assert labels["a01"]["period"] == "no" and labels["a04"]["caveat"] == "no" and labels["a05"]["series"] == "not_applicable"
    assert sorted(labels) == ["a01", "a02", "a03", "a04", "a05", "a06", "a07", "a08"]


def test_every_format_shows_the_code_beside_the_readers(monkeypatch):
    report = judged_14(monkeypatch)
    text = terminal(report)
    assert_golden("check_obs_1.4_judged.txt", text)
    assert "    - period (period match): kappa 1.00; agreement 1.00 (n=6)" in text.splitlines()
    md = render_markdown(report)
    assert_golden("check_obs_1.4_judged.md", md)
    assert "period (period match): kappa 1.00; agreement 1.00 (n=6)" in md
    data = json.loads(render_json(report))
    assert_golden("check_obs_1.4_judged.json", render_json(report))
    assert list(Draft202012Validator(schema("report")).iter_errors(data)) == []
    assert data["code_agreement"][1] == {"question": "period", "measure": "period_match", "n": 6, "agreement": 1.0,
                                         "agreement_display": "1.00", "kappa": 1.0, "display": "1.00", "reason": None}
    assert data["code_agreement"][3]["reason"] == "undefined: the readers and the code gave only 'no'"
    junit = render_junit(report)
    assert_golden("check_obs_1.4_judged.junit.xml", junit)
    assert "caveat (caveat stated): kappa undefined: the readers and the code gave only &apos;no&apos;; agreement 1.00 (n=1)" in junit \
        or "caveat (caveat stated): kappa undefined: the readers and the code gave only 'no'; agreement 1.00 (n=1)" in junit


def test_on_the_published_example_the_code_answers_no_rubric_question(monkeypatch):
    monkeypatch.chdir(ROOT)
    report = check_run("examples/answers_run_assistant-1.3_set-1.2.jsonl", "examples/question_set-1.2.jsonl", "thresholds.yaml",
                       judgements=[READER_13], rubric="rubric.yaml")
    assert [(a.question, a.kappa.n) for a in report.code_agreement] == [("series", 0), ("period", 0), ("unit", 0), ("caveat", 0)]
    assert ("    - not answered by the code on any judged answer (no figure bound to an observation, or no caveat known): "
            "series (series match), period (period match), unit (unit stated), caveat (caveat stated)") in terminal(report).splitlines()


def test_without_judgements_there_is_no_code_agreement():
    report = check_run(ROOT / RUN_14, SET_12, THRESHOLDS)
    assert report.code_agreement == ()
    assert "code_agreement" not in json.loads(render_json(report))
    assert "code checks vs readers" not in render_markdown(report)

