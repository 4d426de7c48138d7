"""Code checks: presence, quotes, format and exact match with passing and failing
fixtures; observations in the log (and their input errors, exit 2); the new shipped
example with observations, its scores and findings, and its golden files."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from conftest import EXAMPLES, SET_12, THRESHOLDS, assert_golden
from gate.judged.code_agreement import RUBRIC_QUESTIONS, rubric_outcomes
from gate.model.settings import FormatRules
from gate.scoring.checks.format import citation_markers
from gate.scoring.checks.quotes import quotes_of
from gate.figures import MatchSettings
from gate.scoring.answer import score_answer
from gate.run.check import check_run
from gate.model.inputs import Answer, Question

RUN_14 = EXAMPLES / "observations" / "answers_run_assistant-1.4_set-1.2.jsonl"


def q(**kw):
    base = dict(question_id="q1", language="en", text="", expected_behaviour="answer")
    base.update(kw)
    return Question(**base)


def a(text, **kw):
    base = dict(question_id="q1", language="en", question="", retrieved_ids=("S1",), retrieved_values=(Decimal("7.6"),),
                answer=text, cited_ids=("S1",), declined=False)
    base.update(kw)
    return Answer(**base)


def findings(question, answer, measure, rules=None):
    outcome = score_answer(question, answer, MatchSettings(), rules)
    return outcome.counts[measure], [(f.code, f.message) for f in outcome.findings if f.measure == measure]


# ------------------------------------------------------------------------------ presence

def test_presence_passes_when_every_expected_series_was_retrieved():
    count, found = findings(q(expected_ids=("S1",)), a("It was 7.6% in 2024 (S1)."), "retrieval_presence")
    assert (count.numerator, count.denominator, found) == (1, 1, [])


def test_presence_names_the_missing_series_and_a_retrieval_failure_when_the_answer_is_wrong():
    count, found = findings(q(expected_ids=("S2",), expected_values=(Decimal("8.1"),)), a("It was 7.6% in 2024 (S1)."),
                            "retrieval_presence")
    assert (count.numerator, count.denominator) == (0, 1)
    assert found == [("expected_not_retrieved", "expected S2 among the retrieved series (retrieved: S1); a retrieval failure: "
                      "the answer is wrong and its series was never retrieved, look at retrieval first")]


def test_presence_without_expected_ids_counts_nothing():
    count, found = findings(q(), a("It was 7.6% in 2024 (S1)."), "retrieval_presence")
    assert (count.denominator, found) == (0, [])


# -------------------------------------------------------------------------------- quotes

PASSAGES = (("S1", "The office said: “undernourishment fell for the third year running” in its 2024 report.", None),
            ("S2", "Methods note: the survey was not repeated in the Eastern district.", None))


@pytest.mark.parametrize("text", [
    'The office said that "undernourishment fell for the third year running" (S1).',
    "The office said that « undernourishment fell for the third year running » (S1).",
    "The office said that „undernourishment   fell for the third year running“ (S1).",
    "The office said that “undernourishment fell for the third year running” (S1).",
])
def test_a_quote_in_a_cited_passage_is_grounded_whatever_its_quote_marks(text):
    count, found = findings(q(), a(text, retrieved_passages=PASSAGES), "quote_grounding")
    assert (count.numerator, count.denominator, found) == (1, 1, [])


def test_a_quote_in_no_passage_is_not_found_and_quoted_by_the_finding():
    text = 'The office said "hunger was eliminated in every district" (S1).'
    outcome = score_answer(q(), a(text, retrieved_passages=PASSAGES), MatchSettings())
    (finding,) = [f for f in outcome.findings if f.measure == "quote_grounding"]
    assert finding.code == "quote_not_found"
    assert text[finding.quote.start:finding.quote.end] == "hunger was eliminated in every district"
    assert outcome.counts["quote_grounding"].numerator == 0


def test_a_quote_only_in_a_passage_not_cited_is_its_own_finding():
    count, found = findings(q(), a('Note that "the survey was not repeated" there (S1).', retrieved_passages=PASSAGES),
                            "quote_grounding")
    assert (count.numerator, count.denominator) == (0, 1)
    assert found == [("quote_uncited", 'the quote "the survey was not repeated" is in S2, retrieved but not cited')]


def test_scare_quotes_of_fewer_than_three_words_are_not_quotes():
    assert quotes_of('The so-called "core" rate and the “headline rate” (S1).') == []


def test_quotes_are_not_counted_when_no_passage_is_logged():
    count, found = findings(q(), a('The office said "hunger was eliminated in every district" (S1).'), "quote_grounding")
    assert (count.denominator, found) == (0, [])


# -------------------------------------------------------------------------------- format

def test_format_passes_a_cited_answer_whose_markers_resolve():
    count, found = findings(q(), a("It was 7.6% in 2024 [1] (S1)."), "format")
    assert (count.numerator, count.denominator, found) == (1, 1, [])


def test_format_finds_no_citation_an_unresolved_marker_and_a_long_answer():
    rules = FormatRules(max_words=5)
    count, found = findings(q(), a("It was 7.6% in 2024 according to [S9].", cited_ids=()), "format", rules)
    assert (count.numerator, count.denominator) == (0, 1)
    assert [c for c, _ in found] == ["no_citation", "marker_unresolved", "too_long"]
    assert found[1][1] == "the marker [S9] in the text is not a cited id (cited: nothing)"
    assert found[2][1] == "the answer has 8 words, more than the 5 allowed"


@pytest.mark.parametrize("marker, resolves", [("[1]", True), ("[٢]", True), ("[3]", False), ("[²]", False), ("[½]", False)])
def test_a_numbered_marker_resolves_by_its_decimal_digits_and_any_other_is_unresolved(marker, resolves):
    """"[n]" is the n-th cited id, in any script's decimal digits ("[٢]": the second); a
    digit that is not a decimal one ("[²]", "[½]") is a marker no cited id resolves, not a crash."""
    count, found = findings(q(), a(f"It was 7.6% in 2024 {marker}.", cited_ids=("S1", "S2")), "format")
    assert (count.numerator, [c for c, _ in found]) == ((1, []) if resolves else (0, ["marker_unresolved"]))


def test_format_checks_a_json_answer_against_the_schema_the_set_names():
    schema = {"type": "object", "required": ["label"], "properties": {"label": {"type": "string"}}}
    question = q(answer_format="json", answer_schema=schema)
    assert findings(question, a('{"label": "urban"}'), "format")[1] == []
    assert findings(question, a('{"label": 3}'), "format")[1] == [
        ("schema_invalid", "the JSON answer does not validate against its schema: at label, 3 is not of type 'string'")]
    assert [c for c, _ in findings(question, a("urban, I think"), "format")[1]] == ["not_json"]


def test_citation_markers_are_brackets_and_ids_in_parentheses():
    assert citation_markers("See [1], [S2; S3] and (FS_UNDERNOURISH_PCT; EDU_STATS_2024), not (see above).") == [
        "1", "S2", "S3", "FS_UNDERNOURISH_PCT", "EDU_STATS_2024"]


# --------------------------------------------------------------------------- exact match

@pytest.mark.parametrize("text", ["Urban", "  urban. ", "URBAN [1]", "“Urban”"])
def test_exact_match_after_case_whitespace_and_unicode_normalisation(text):
    count, found = findings(q(expected_label="urban"), a(text), "exact_match")
    assert (count.numerator, count.denominator, found) == (1, 1, [])


def test_exact_match_finds_another_label_and_a_missing_one():
    assert findings(q(expected_label="urban"), a("Peri-urban"), "exact_match")[1] == [
        ("label_mismatch", "expected the label 'urban', found 'Peri-urban'")]
    assert findings(q(expected_label="urban"), a(None, declined=True), "exact_match")[1] == [
        ("label_missing", "expected the label 'urban'; the assistant declined")]


def test_exact_match_reads_the_label_member_of_a_json_answer():
    count, _ = findings(q(expected_label="E01", answer_format="json"), a('{"label": "e01"}'), "exact_match")
    assert (count.numerator, count.denominator) == (1, 1)


# ----------------------------------------------------------- the example with observations

def test_run_14_catches_the_wrong_year_and_the_missing_caveat_and_nothing_else():
    report = check_run(RUN_14, SET_12, THRESHOLDS)
    assert [(f.question_id, f.measure, f.code) for f in report.findings] == [
        ("a01", "period_match", "wrong_period"),
        ("a04", "caveat_stated", "caveat_missing"),
    ]
    wrong_year, caveat = report.findings
    answers = [json.loads(line) for line in RUN_14.read_text("utf-8").splitlines()[1:]]
    assert answers[0]["answer"][wrong_year.figure.start:wrong_year.figure.end] == "8.4%"
    assert "'8.4%' is stated for '2023', but it matches FS_UNDERNOURISH_PCT 2022" in wrong_year.message
    assert "FS_UNDERNOURISH_PCT 2023 is 7.9" in wrong_year.message
    assert answers[3]["answer"][caveat.figure.start:caveat.figure.end] == "6,8 %"
    assert "provisional" in caveat.message


def test_run_14_scores_as_examples_readme_gives_them():
    report = check_run(RUN_14, SET_12, THRESHOLDS)
    table = {(c.slice, c.measure): c.text for c in report.cells}
    assert [table[("all", m)] for m in ("numeric_accuracy", "citation_validity", "refusal_accuracy", "answer_rate",
                                         "unsupported_numbers")] == ["1.00 (n=6)", "1.00 (n=6)", "1.00 (n=2)", "1.00 (n=6)", "0.00 (n=7)"]
    assert [table[("all", m)] for m in ("retrieval_presence", "format", "period_match", "period_unstated", "unit_stated",
                                         "caveat_stated", "series_match")] == [
        "1.00 (n=6)", "1.00 (n=6)", "0.86 (n=7)", "0.00 (n=7)", "1.00 (n=7)", "0.00 (n=1)", "1.00 (n=7)"]
    assert table[("language=en", "period_match")] == "0.80 (n=5)"
    assert table[("language=fr", "caveat_stated")] == "0.00 (n=1)"
    failed = sorted((r.slice, r.rule.measure) for r in report.rules if r.status == "fail")
    assert failed == [("all", "period_match"), ("language=en", "period_match")]
    warned = sorted((r.slice, r.rule.measure) for r in report.rules if r.status == "warn")
    assert warned == [("all", "caveat_stated"), ("language=fr", "caveat_stated")]  # n=1 below min_n


def test_rubric_outcomes_map_the_four_checks_to_the_rubric_questions():
    report_outcomes = {}
    from gate.scoring.answer import score_run
    from gate.inputs.join import join
    from gate.inputs.question_set import load_question_set
    from gate.inputs.run_log import load_run
    joined = join(load_run(RUN_14), load_question_set(SET_12))
    outcomes, _ = score_run(joined.pairs, MatchSettings())
    report_outcomes = {o.question_id: rubric_outcomes(o) for o in outcomes}
    assert set(RUBRIC_QUESTIONS.values()) == {"series", "period", "unit", "caveat"}
    assert report_outcomes["a01"] == {"series": True, "period": False, "unit": True, "caveat": None}
    assert report_outcomes["a04"] == {"series": True, "period": True, "unit": True, "caveat": False}
    assert report_outcomes["a05"] == {"series": None, "period": None, "unit": None, "caveat": None}


@pytest.mark.parametrize("fmt, golden", [("txt", "check_obs_1.4.txt"), ("json", "check_obs_1.4.json"), ("md", "check_obs_1.4.md")])
def test_cli_reports_of_the_example_with_observations_golden(workdir, cli, fmt, golden):
    args = ["check", "examples/observations/answers_run_assistant-1.4_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl"]
    if fmt == "txt":
        code, out, err = cli(*args)
        assert code == 1, err
        assert_golden(golden, out)
        return
    code, _, err = cli(*args, f"--{'json' if fmt == 'json' else 'markdown'}", f"out.{fmt}")
    assert code == 1, err
    assert_golden(golden, (workdir / f"out.{fmt}").read_text("utf-8"))


def test_junit_of_the_example_with_observations_fails_the_period_rule(workdir, cli):
    args = ["check", "examples/observations/answers_run_assistant-1.4_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl"]
    assert cli(*args, "--junit", "out.xml")[0] == 1
    xml = (workdir / "out.xml").read_text("utf-8")
    assert 'name="period_match min 1"' in xml and "a01 [en] period_match wrong_period" in xml


# ---------------------------------------------------------- bad observations: exit code 2

GOOD = {"series": "S1", "period": "2024", "value": 7.6, "unit": "percent", "status": "A"}


@pytest.mark.parametrize("bad, field, message", [
    ({"period": "2024-Q5"}, "retrieved_observations[0].period", "expected a period in SDMX form"),
    ({"period": "last year"}, "retrieved_observations[0].period", "found 'last year'"),
    ({"value": "7.6"}, "retrieved_observations[0].value", "a number"),
    ({"status": "X"}, "retrieved_observations[0].status", "expected an SDMX observation status code (A, B, D, E, F"),
    ({"status": "p"}, "retrieved_observations[0].status", "did you mean 'P'?"),
])
def test_a_bad_observation_is_an_input_error_with_file_line_and_field(tmp_path, cli, bad, field, message):
    line = {"question_id": "a01", "language": "en", "retrieved_ids": ["S1"], "retrieved_observations": [{**GOOD, **bad}],
            "answer": "It was 7.6% in 2024 (S1).", "cited_ids": ["S1"], "declined": False}
    run = tmp_path / "run.jsonl"
    run.write_text(json.dumps({"run": {"assistant_version": "9.9"}}) + "\n" + json.dumps(line) + "\n", "utf-8")
    code, out, err = cli("check", str(run), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--no-baseline")
    assert code == 2
    assert f"{run}:2: {field}:" in err
    assert message in err


def test_a_line_with_neither_values_nor_observations_is_an_input_error(tmp_path, cli):
    line = {"question_id": "a01", "language": "en", "retrieved_ids": ["S1"], "answer": "7.6% (S1).", "cited_ids": ["S1"],
            "declined": False}
    run = tmp_path / "run.jsonl"
    run.write_text(json.dumps(line) + "\n", "utf-8")
    code, _, err = cli("check", str(run), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--no-baseline")
    assert code == 2
    assert f"{run}:1: retrieved_values: missing required field: give retrieved_values, or retrieved_observations" in err


def test_observation_values_stand_for_retrieved_values(tmp_path):
    from gate.inputs.run_log import load_run
    line = {"question_id": "a01", "language": "en", "retrieved_ids": ["S1"], "retrieved_values": [1],
            "retrieved_observations": [GOOD], "answer": "x", "cited_ids": [], "declined": False}
    run = tmp_path / "run.jsonl"
    run.write_text(json.dumps(line) + "\n", "utf-8")
    (answer,) = load_run(run).answers
    assert answer.retrieved_values == (Decimal(1), Decimal("7.6"))
    assert answer.retrieved_observations[0].span.start.isoformat() == "2024-01-01"


# ------------------------------------------------------------------------ thresholds format

def test_thresholds_format_key_is_read(tmp_path):
    from gate.rules.thresholds import load_thresholds
    path = tmp_path / "t.yaml"
    path.write_text("version: 1\nmeasures:\n  format: {min: 0.9}\nformat:\n  max_words: 120\n  require_citation: false\n", "utf-8")
    rules = load_thresholds(path).format
    assert rules == FormatRules(require_citation=False, markers_resolve=True, max_chars=None, max_words=120)


def test_thresholds_format_unknown_key_is_an_error_naming_the_line(tmp_path, cli):
    path = tmp_path / "t.yaml"
    path.write_text("version: 1\nmeasures:\n  format: {min: 0.9}\nformat:\n  max_word: 120\n", "utf-8")
    code, _, err = cli("check", str(EXAMPLES / "answers_run_assistant-1.2_set-1.2.jsonl"), "--questions", str(SET_12),
                       "--thresholds", str(path), "--no-baseline")
    assert code == 2
    assert f"{path}:5: format.max_word: unknown key 'max_word'; did you mean 'max_words'?" in err


def test_json_report_of_the_example_with_observations_validates_against_its_schema():
    from jsonschema import Draft202012Validator

    from gate.core.schemas import schema
    from gate.report.json_report import render_json
    data = json.loads(render_json(check_run(RUN_14, SET_12, THRESHOLDS)))
    assert list(Draft202012Validator(schema("report")).iter_errors(data)) == []
    assert {m["name"]: m["family"] for m in data["measures"]}["period_match"] == "code_checks"


def test_json_report_carries_the_quote_at_fault():
    from gate.report.json_report import _finding
    text = 'The office said "hunger was eliminated in every district" (S1).'
    outcome = score_answer(q(), a(text, retrieved_passages=PASSAGES), MatchSettings())
    (finding,) = [f for f in outcome.findings if f.measure == "quote_grounding"]
    assert _finding(finding)["quote"] == {"text": "hunger was eliminated in every district", "start": 17, "end": 56}


# ------------------------------------------------------------------------------- baselines

def test_a_baseline_stores_the_code_checks_and_one_stored_before_them_still_reads(workdir, cli):
    from gate.baseline import read_baseline
    shutil_copy = __import__("shutil").copytree
    shutil_copy(EXAMPLES.parent / "baselines", workdir / "baselines")
    old = read_baseline(workdir / "baselines" / "assistant-1.2.json")
    assert not old.stores("period_match") and old.stores("numeric_accuracy")
    assert old.outcomes[0].passed("period_match") is None        # not stored: no outcome, never a crash
    code, _, err = cli("baseline", "save", "examples/observations/answers_run_assistant-1.4_set-1.2.jsonl",
                       "--questions", "examples/question_set-1.2.jsonl")
    assert code == 0, err
    new = read_baseline(workdir / "baselines" / "assistant-1.4.json")
    assert new.score("all", "period_match").numerator == 6 and new.score("all", "period_match").denominator == 7
    a04 = next(o for o in new.outcomes if o.question_id == "a04")
    assert a04.passed("caveat_stated") is False
    # 1.4 against the stored 1.4 baseline of itself: compared on every measure, nothing moved.
    code, out, _ = cli("check", "examples/observations/answers_run_assistant-1.4_set-1.2.jsonl",
                       "--questions", "examples/question_set-1.2.jsonl", "--baseline", "1.4")
    assert code == 1
    moved = out.split("Scores:")[0]  # what got worse and the noise, before the table
    assert "Nothing got worse: no question broke on any measure." in moved and "period match" not in moved


@pytest.mark.parametrize("status, said, words", [
    ("E", "an estimated 6.8%", "an estimated value (status E)"),
    ("B", "6.8%, after a break in the series,", "a value after a break in series (status B)"),
    ("F", "a forecast 6.8%", "a forecast value (status F)"),
])
def test_each_caveat_status_must_be_said(status, said, words):
    from gate.model.periods import parse_sdmx_period
    from gate.model.inputs import Observation
    observation = Observation("S1", "2025-Q2", parse_sdmx_period("2025-Q2"), Decimal("6.8"), "percent", status)
    plain = a("Unemployment was 6.8% in Q2 2025 (S1).", retrieved_observations=(observation,))
    count, found = findings(q(), plain, "caveat_stated")
    assert (count.numerator, count.denominator) == (0, 1)
    assert words in found[0][1]
    stated = a(f"Unemployment was {said} in Q2 2025 (S1).", retrieved_observations=(observation,))
    count, found = findings(q(), stated, "caveat_stated")
    assert (count.numerator, count.denominator, found) == (1, 1, [])


@pytest.mark.parametrize("unit, text, code", [
    ("per 1,000", "The rate was 4.1% in 2020 (S1).", "unit_mismatch"),
    ("per 1,000", "The rate was 4.1 in 2020 (S1).", "unit_missing"),
    ("per 100,000", "The rate was 4.1 per 1,000 in 2020 (S1).", "unit_mismatch"),
    ("percent", "The rate was 4.1 in 2020 (S1).", "unit_missing"),
    ("EUR", "The wage was $4.1 in 2020 (S1).", "unit_mismatch"),
    ("persons", "The count was 4.1% in 2020 (S1).", "unit_mismatch"),
])
def test_a_unit_that_does_not_fit_the_observation_is_a_finding(unit, text, code):
    from gate.model.periods import parse_sdmx_period
    from gate.model.inputs import Observation
    observation = Observation("S1", "2020", parse_sdmx_period("2020"), Decimal("4.1"), unit, "A")
    count, found = findings(q(), a(text, retrieved_observations=(observation,)), "unit_stated")
    assert (count.numerator, count.denominator) == (0, 1)
    assert [c for c, _ in found] == [code]


def test_a_figure_from_a_series_not_cited_or_not_expected_is_a_finding():
    from gate.model.periods import parse_sdmx_period
    from gate.model.inputs import Observation
    observation = Observation("S2", "2020", parse_sdmx_period("2020"), Decimal("4.1"), "percent", "A")
    answer = a("The rate was 4.1% in 2020 (S1).", retrieved_ids=("S1", "S2"), retrieved_observations=(observation,))
    assert [c for c, _ in findings(q(), answer, "series_match")[1]] == ["series_not_cited"]
    cited = a("The rate was 4.1% in 2020 (S2).", retrieved_ids=("S1", "S2"), cited_ids=("S2",), retrieved_observations=(observation,))
    assert [c for c, _ in findings(q(expected_ids=("S1",)), cited, "series_match")[1]] == ["series_not_expected"]


def test_a_missing_answer_schema_is_an_input_error_on_its_line(tmp_path, cli):
    questions = tmp_path / "set.jsonl"
    questions.write_text(json.dumps({"question_id": "a01", "language": "en", "expected_behaviour": "answer",
                                     "answer_format": "json", "answer_schema": "label.schema.json"}) + "\n", "utf-8")
    code, _, err = cli("check", str(EXAMPLES / "answers_run_assistant-1.2_set-1.2.jsonl"), "--questions", str(questions),
                       "--thresholds", str(THRESHOLDS), "--no-baseline")
    assert code == 2
    assert f"{questions}:1: answer_schema: expected a JSON Schema file, found no file" in err


def test_code_agreement_with_people_is_cohens_kappa_per_rubric_question():
    from fractions import Fraction

    from gate.judged.code_agreement import code_agreement
    from gate.scoring.answer import score_run
    from gate.inputs.join import join
    from gate.inputs.question_set import load_question_set
    from gate.inputs.run_log import load_run
    outcomes, _ = score_run(join(load_run(RUN_14), load_question_set(SET_12)).pairs, MatchSettings())
    people = {
        "a01": {"series": "yes", "period": "no", "unit": "yes", "caveat": "not_applicable"},
        "a02": {"series": "yes", "period": "yes", "unit": "yes", "caveat": "not_applicable"},
        "a03": {"series": "yes", "period": "yes", "unit": "no", "caveat": "not_applicable"},
        "a04": {"series": "yes", "period": "yes", "unit": "yes", "caveat": "no"},
        "a05": {"series": "not_applicable", "period": "not_applicable", "unit": "not_applicable", "caveat": "not_applicable"},
    }
    kappas = code_agreement(outcomes, people)
    assert kappas["period"].n == 4 and kappas["period"].value == 1          # code and person agree on a01's year
    assert kappas["unit"].n == 4 and kappas["unit"].observed == Fraction(3, 4)
    assert kappas["unit"].value is None                                     # the code said yes throughout
    assert kappas["caveat"].n == 1 and kappas["series"].n == 4


def test_a_report_read_back_from_json_keeps_the_quote_at_fault():
    from dataclasses import replace

    from gate.model.outcomes import Finding, QuoteRef
    from gate.report.json_report import render_json
    from gate.report.stored import report_from_dict
    from gate.report.markdown import render_markdown
    report = check_run(RUN_14, SET_12, THRESHOLDS)
    quoted = Finding("a01", "en", "quote_grounding", "quote_not_found", "the quote ...", quote=QuoteRef("a b c", 1, 6))
    back = report_from_dict(json.loads(render_json(replace(report, findings=report.findings + (quoted,)))))
    assert back.findings[-1].quote == QuoteRef("a b c", 1, 6)
    assert "<code>a b c</code>" in render_markdown(back)
