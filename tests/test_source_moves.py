"""When the source moves (issue 28): revised figures, context figures, changes between
periods, units and multipliers, in English, French, Spanish, German and Arabic."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from gate.core.errors import InputError
from gate.figures.model import MatchSettings
from gate.inputs.question_set import load_question_set
from gate.model.inputs import Answer, Observation, Question, QuestionSet
from gate.model.outcomes import Count
from gate.model.periods import parse_sdmx_period
from gate.rules.loosened import loosened_questions
from gate.rules.thresholds import load_thresholds
from gate.run.failures import draft_entry
from gate.scoring.answer import score_answer

LANGS = ("en", "fr", "es", "de", "ar")


def obs(series: str, period: str, value: str, unit: str | None = "percent", mult: int = 0) -> Observation:
    return Observation(series, period, parse_sdmx_period(period), Decimal(value).scaleb(mult), unit, None, (), mult)


def answer(lang: str, text: str, observations: tuple[Observation, ...] = (), values: tuple[str, ...] = (),
           retrieved: tuple[str, ...] | None = None, cited: tuple[str, ...] | None = None) -> Answer:
    """An answer as the run log gives it: the observations' values follow the bare values."""
    ids = retrieved if retrieved is not None else tuple(dict.fromkeys(o.series for o in observations))
    return Answer("q", lang, "", ids, tuple(Decimal(v) for v in values) + tuple(o.value for o in observations), text,
                  cited if cited is not None else ids, False, retrieved_observations=observations)


def question(lang: str, values: tuple[str, ...] = (), ids: tuple[str, ...] = (), period: str | None = None,
             acceptable: tuple[str, ...] = ()) -> Question:
    return Question("q", lang, "", "answer", tuple(Decimal(v) for v in values), ids, expected_period=period,
                    acceptable_ids=acceptable)


def codes(outcome) -> list[str]:
    return sorted(f"{f.measure}:{f.code}" for f in outcome.findings)


# --- 1. stale expectations ------------------------------------------------------------

FOLLOWED = {
    "en": "The unemployment rate was 7.7% in 2024 [UNEMP].",
    "fr": "Le taux de chômage était de 7,7 % en 2024 [UNEMP].",
    "es": "La tasa de desempleo fue del 7,7 % en 2024 [UNEMP].",
    "de": "Die Arbeitslosenquote lag 2024 bei 7,7 % [UNEMP].",
    "ar": "بلغ معدل البطالة 7.7% في عام 2024 [UNEMP].",
}
IGNORED = {lang: text.replace("7.7", "7.6").replace("7,7", "7,6") for lang, text in FOLLOWED.items()}
REVISED = (obs("UNEMP", "2023", "7.9"), obs("UNEMP", "2024", "7.7"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_revision_followed_blames_the_set_not_the_assistant(lang):
    outcome = score_answer(question(lang, ("7.6",), ("UNEMP",), "2024"), answer(lang, FOLLOWED[lang], REVISED), MatchSettings())
    assert outcome.counts["numeric_accuracy"] == Count(1, 1)
    assert outcome.counts["unsupported_numbers"].numerator == 0
    assert outcome.counts["set_stale"] == Count(1, 1)
    (stale,) = [f for f in outcome.findings if f.code == "expected_value_stale"]
    assert stale.measure == "set_stale" and stale.cited_id == "UNEMP"
    assert stale.message.startswith("the set expects 7.6 for UNEMP 2024; the source now gives 7.7")
    assert codes(outcome) == ["set_stale:expected_value_stale"]
    assert stale.look_first is None  # the answer is not wrong: nothing to look at in it


@pytest.mark.parametrize("lang", LANGS)
def test_a_revision_ignored_is_unsupported_and_fails_numeric_accuracy(lang):
    outcome = score_answer(question(lang, ("7.6",), ("UNEMP",), "2024"), answer(lang, IGNORED[lang], REVISED), MatchSettings())
    assert outcome.counts["numeric_accuracy"] == Count(0, 1)
    assert outcome.counts["unsupported_numbers"] == Count(1, 1)
    assert outcome.counts["set_stale"] == Count(1, 1)
    assert "numeric_accuracy:numeric_mismatch" in codes(outcome)
    assert "unsupported_numbers:unsupported_figure" in codes(outcome)
    mismatch = next(f for f in outcome.findings if f.code == "numeric_mismatch")
    assert mismatch.message.startswith("expected 7.7;")  # the source's value


def test_a_set_that_agrees_with_the_source_counts_zero_and_precision_is_the_sets():
    for source in ("7.6", "7.63", "7.55"):
        outcome = score_answer(question("en", ("7.6",), ("UNEMP",), "2024"),
                               answer("en", "The rate was 7.6% in 2024 [UNEMP].", (obs("UNEMP", "2024", source),)), MatchSettings())
        assert outcome.counts["set_stale"] == Count(0, 1), source
    outcome = score_answer(question("en", ("7.6",), ("UNEMP",), "2024"),
                           answer("en", "The rate was 7.66% in 2024 [UNEMP].", (obs("UNEMP", "2024", "7.66"),)), MatchSettings())
    assert outcome.counts["set_stale"] == Count(1, 1)


def test_without_expected_period_or_its_observation_staleness_is_not_judged():
    no_period = score_answer(question("en", ("7.6",), ("UNEMP",)), answer("en", FOLLOWED["en"], REVISED), MatchSettings())
    assert no_period.counts["set_stale"] == Count(0, 0)
    assert no_period.counts["numeric_accuracy"] == Count(0, 1)  # never guessed: the set's value stands
    other_year = score_answer(question("en", ("7.6",), ("UNEMP",), "2022"), answer("en", FOLLOWED["en"], REVISED), MatchSettings())
    assert other_year.counts["set_stale"] == Count(0, 0)
    other_series = score_answer(question("en", ("7.6",), ("OTHER",), "2024"), answer("en", FOLLOWED["en"], REVISED), MatchSettings())
    assert other_series.counts["set_stale"] == Count(0, 0)


def _write(path: Path, lines: list[dict]) -> str:
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    return str(path)


def test_a_set_with_some_periods_says_which_questions_are_not_judged(tmp_path):
    path = _write(tmp_path / "set.jsonl", [
        {"question_id": "q1", "language": "en", "expected_behaviour": "answer", "expected_values": [7.6],
         "expected_ids": ["UNEMP"], "expected_period": "2024"},
        {"question_id": "q2", "language": "fr", "expected_behaviour": "answer", "expected_values": [5.2], "expected_ids": ["U2"]},
        {"question_id": "q3", "language": "en", "expected_behaviour": "decline"},
    ])
    loaded = load_question_set(path)
    assert [q.expected_period for q in loaded.questions] == ["2024", None, None]
    (notice,) = loaded.notices
    assert "1 question(s) give expected_values and expected_ids without expected_period (q2)" in notice
    assert "set_stale" in notice and "not judged" in notice
    plain = _write(tmp_path / "plain.jsonl", [{"question_id": "q2", "language": "fr", "expected_behaviour": "answer",
                                               "expected_values": [5.2], "expected_ids": ["U2"]}])
    assert load_question_set(plain).notices == ()


def test_a_period_that_is_not_sdmx_is_an_error_naming_file_line_and_field(tmp_path):
    path = _write(tmp_path / "set.jsonl", [
        {"question_id": "q1", "language": "en", "expected_behaviour": "answer", "expected_period": "2024"},
        {"question_id": "q2", "language": "en", "expected_behaviour": "answer", "expected_period": "last year"},
    ])
    with pytest.raises(InputError) as caught:
        load_question_set(path)
    (problem,) = caught.value.problems
    assert (problem.line, problem.field) == (2, "expected_period")


def test_add_failures_drafts_the_corrected_expectation():
    q = question("de", ("7.6",), ("UNEMP",), "2024")
    a = answer("de", FOLLOWED["de"], REVISED)
    outcome = score_answer(q, a, MatchSettings())
    entry = draft_entry(q, a, outcome.findings, "run.jsonl")
    assert entry["expected_values"] == [7.7]
    assert entry["expected_period"] == "2024"
    assert entry["review"]["stale"] == "expected_values corrected: UNEMP 2024 was 7.6 in the set, the source now gives 7.7"


# --- 2. context figures -----------------------------------------------------------------

CONTEXT = {
    "en": "The rate was 5.4% for women and 5.0% for men in 2024 [UW] [UM].",
    "fr": "Le taux était de 5,4 % pour les femmes et de 5,0 % pour les hommes en 2024 [UW] [UM].",
    "es": "La tasa fue del 5,4 % para las mujeres y del 5,0 % para los hombres en 2024 [UW] [UM].",
    "de": "Die Quote lag 2024 bei 5,4 % für Frauen und 5,0 % für Männer [UW] [UM].",
    "ar": "بلغ المعدل 5.4% للنساء و5.0% للرجال في عام 2024 [UW] [UM].",
}
MEN_ONLY = {
    "en": "The rate for men was 5.0% in 2024 [UM].",
    "fr": "Le taux des hommes était de 5,0 % en 2024 [UM].",
    "es": "La tasa de los hombres fue del 5,0 % en 2024 [UM].",
    "de": "Die Quote der Männer lag 2024 bei 5,0 % [UM].",
    "ar": "بلغ معدل الرجال 5.0% في عام 2024 [UM].",
}
SEXES = (obs("UW", "2024", "5.4"), obs("UM", "2024", "5.0"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_context_figure_beside_the_expected_one_is_no_series_mismatch(lang):
    outcome = score_answer(question(lang, ("5.4",), ("UW",)), answer(lang, CONTEXT[lang], SEXES), MatchSettings())
    assert outcome.counts["series_match"] == Count(2, 2)
    assert codes(outcome) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_figure_from_an_unretrieved_series_is_still_a_finding(lang):
    # the men's series was neither retrieved nor given as an observation: 5.0 is invented
    outcome = score_answer(question(lang, ("5.4",), ("UW",)),
                           answer(lang, CONTEXT[lang], SEXES[:1], retrieved=("UW",), cited=("UW", "UM")), MatchSettings())
    assert "unsupported_numbers:unsupported_figure" in codes(outcome)
    assert "citation_validity:cited_not_retrieved" in codes(outcome)


@pytest.mark.parametrize("lang", LANGS)
def test_another_series_alone_is_not_expected_unless_acceptable(lang):
    alone = score_answer(question(lang, (), ("UW",)), answer(lang, MEN_ONLY[lang], SEXES), MatchSettings())
    assert codes(alone) == ["series_match:series_not_expected"]
    accepted = score_answer(question(lang, (), ("UW",), acceptable=("UM",)), answer(lang, MEN_ONLY[lang], SEXES), MatchSettings())
    assert codes(accepted) == [] and accepted.counts["series_match"] == Count(1, 1)


def test_an_added_acceptable_id_is_a_loosened_expectation():
    base = QuestionSet("base.jsonl", "1", (question("en", ("5.4",), ("UW",)),))
    head = QuestionSet("head.jsonl", "2", (question("en", ("5.4",), ("UW",), acceptable=("UM",)),))
    (loosening,) = loosened_questions(base, head)
    assert (loosening.kind, loosening.where, loosening.before, loosening.after) == (
        "expected_changed", "question q acceptable_ids", "[]", "[UM]")
    assert loosened_questions(head, base) == []  # one acceptable series fewer is stricter


# --- 3. changes between periods ---------------------------------------------------------

def _change(lang: str, points: str, percent: str) -> tuple[str, str]:
    """(a fall in points, a fall in percent) in the language, from 5.6 in 2023 to 5.2 in 2024."""
    comma = points.replace(".", ","), percent.replace(".", ",")
    return {
        "en": (f"The unemployment rate fell by {points} percentage points, from 5.6% in 2023 to 5.2% in 2024 [UNEMP].",
               f"The unemployment rate fell by {percent}%, from 5.6% in 2023 to 5.2% in 2024 [UNEMP]."),
        "fr": (f"Le taux de chômage a baissé de {comma[0]} point de pourcentage, de 5,6 % en 2023 à 5,2 % en 2024 [UNEMP].",
               f"Le taux de chômage a baissé de {comma[1]} %, de 5,6 % en 2023 à 5,2 % en 2024 [UNEMP]."),
        "es": (f"La tasa de desempleo bajó {comma[0]} puntos porcentuales, del 5,6 % en 2023 al 5,2 % en 2024 [UNEMP].",
               f"La tasa de desempleo bajó un {comma[1]} %, del 5,6 % en 2023 al 5,2 % en 2024 [UNEMP]."),
        "de": (f"Die Arbeitslosenquote sank um {comma[0]} Prozentpunkte, von 5,6 % im Jahr 2023 auf 5,2 % im Jahr 2024 [UNEMP].",
               f"Die Arbeitslosenquote sank um {comma[1]} %, von 5,6 % im Jahr 2023 auf 5,2 % im Jahr 2024 [UNEMP]."),
        "ar": (f"انخفض معدل البطالة بمقدار {points} نقطة مئوية، من 5.6% في عام 2023 إلى 5.2% في عام 2024 [UNEMP].",
               f"انخفض معدل البطالة بنسبة {percent}%، من 5.6% في عام 2023 إلى 5.2% في عام 2024 [UNEMP]."),
    }[lang]


SERIES = (obs("UNEMP", "2023", "5.6"), obs("UNEMP", "2024", "5.2"))
Q_CHANGE = ("5.2",)


def _unsupported(lang: str, text: str, observations=SERIES, values=(), settings=MatchSettings()):
    outcome = score_answer(question(lang, Q_CHANGE, ("UNEMP",)), answer(lang, text, observations, values), settings)
    return [f for f in outcome.findings if f.measure == "unsupported_numbers"], outcome


@pytest.mark.parametrize("lang", LANGS)
def test_a_change_in_points_and_in_percent_from_two_observations_is_supported(lang):
    points, percent = _change(lang, "0.4", "7.1")  # 5.6 - 5.2; 0.4 / 5.6 = 7.14%
    for text in (points, percent):
        found, outcome = _unsupported(lang, text)
        assert found == [], text
        assert outcome.counts["unsupported_numbers"] == Count(0, 3)
        assert outcome.counts["numeric_accuracy"] == Count(1, 1)


@pytest.mark.parametrize("lang", LANGS)
def test_an_invented_change_names_the_derivation(lang):
    points, percent = _change(lang, "0.5", "9.3")
    (found,) = _unsupported(lang, points)[0]
    assert "is said as a fall in points" in found.message
    assert found.message.endswith("0.4 = 5.6 - 5.2, UNEMP 2023 to 2024")
    (found,) = _unsupported(lang, percent)[0]
    assert "is said as a fall in percent of the earlier value" in found.message
    assert "7.14% = |5.2 - 5.6| / 5.6 x 100, UNEMP 2023 to 2024" in found.message


@pytest.mark.parametrize("lang", LANGS)
def test_points_said_as_percent_are_told_apart(lang):
    _, percent = _change(lang, "0.4", "0.4")  # "fell by 0.4%": 0.4 points, not 0.4 percent
    (found,) = _unsupported(lang, percent)[0]
    assert "in percentage points it would be 0.4 = 5.6 - 5.2, UNEMP 2023 to 2024: points are not percent" in found.message


@pytest.mark.parametrize("lang", LANGS)
def test_bare_values_support_no_change(lang):
    points, percent = _change(lang, "0.4", "7.1")
    for text in (points, percent):
        found, _ = _unsupported(lang, text, observations=(), values=("5.6", "5.2"))
        assert len(found) == 1, text


def test_a_change_the_wrong_way_or_across_two_series_is_unsupported():
    (found,) = _unsupported("en", "The unemployment rate rose by 0.4 percentage points to 5.2% in 2024 [UNEMP].")[0]
    assert found.message.endswith("the observations change by it the other way")
    two = (obs("UNEMP", "2023", "5.6"), obs("OTHER", "2024", "5.2"))
    found, _ = _unsupported("en", "The unemployment rate fell by 0.4 percentage points to 5.2% in 2024 [UNEMP] [OTHER].", two)
    assert len(found) == 1


def test_derived_empty_turns_changes_off_and_the_absent_key_turns_them_on(tmp_path):
    points, _ = _change("en", "0.4", "7.1")
    off = MatchSettings(derived=())
    assert len(_unsupported("en", points, settings=off)[0]) == 1
    rules = "measures:\n  numeric_accuracy: {min: 0.9}\n"
    (tmp_path / "off.yaml").write_text("version: 1\nmatching:\n  derived: []\n" + rules, encoding="utf-8")
    (tmp_path / "absent.yaml").write_text("version: 1\nmatching:\n  rounding: stated_precision\n" + rules, encoding="utf-8")
    assert load_thresholds(str(tmp_path / "off.yaml")).matching.derived == ()
    assert load_thresholds(str(tmp_path / "absent.yaml")).matching.derived == ("change",)
    shipped = Path(__file__).resolve().parents[1] / "thresholds.yaml"
    assert load_thresholds(str(shipped)).matching.derived == ("change",)
    assert _unsupported("en", points, settings=load_thresholds(str(shipped)).matching)[0] == []


# --- 4. units and scale -----------------------------------------------------------------

MILLIONS = {
    "en": ("The population was 68.4 million in 2024 [POP].", "The population was 68,400 people in 2024 [POP]."),
    "fr": ("La population était de 68,4 millions en 2024 [POP].", "La population était de 68 400 personnes en 2024 [POP]."),
    "es": ("La población era de 68,4 millones en 2024 [POP].", "La población era de 68.400 personas en 2024 [POP]."),
    "de": ("Die Bevölkerung betrug 2024 68,4 Millionen [POP].", "Die Bevölkerung betrug 2024 68.400 Personen [POP]."),
    "ar": ("بلغ عدد السكان 68.4 مليون في عام 2024 [POP].", "بلغ عدد السكان 68,400 شخص في عام 2024 [POP]."),
}
POP = (obs("POP", "2024", "68400", "persons", 3),)


@pytest.mark.parametrize("lang", LANGS)
def test_thousands_support_millions_and_not_the_published_digits(lang):
    right, wrong = MILLIONS[lang]
    ok = score_answer(question(lang, (), ("POP",)), answer(lang, right, POP), MatchSettings())
    assert codes(ok) == [] and ok.counts["unit_stated"] == Count(1, 1)
    bad = score_answer(question(lang, (), ("POP",)), answer(lang, wrong, POP), MatchSettings())
    assert codes(bad) == ["unit_stated:unit_mismatch", "unsupported_numbers:unsupported_figure"]
    assert bad.counts["unit_stated"] == Count(0, 1)
    mismatch = next(f for f in bad.findings if f.code == "unit_mismatch")
    assert mismatch.message.endswith("POP 2024 as published in thousands (unit_mult 3): 68400 thousands is 68400000, not 68400")


RATES = {
    "en": ("Infant mortality was 3.4 per 1,000 live births in 2024 [IMR].", "Infant mortality was 3.4 per 100,000 live births in 2024 [IMR]."),
    "fr": ("La mortalité infantile était de 3,4 pour 1 000 naissances en 2024 [IMR].", "La mortalité infantile était de 3,4 pour 100 000 naissances en 2024 [IMR]."),
    "es": ("La mortalidad infantil fue de 3,4 por cada 1.000 nacidos vivos en 2024 [IMR].", "La mortalidad infantil fue de 3,4 por cada 100.000 nacidos vivos en 2024 [IMR]."),
    "de": ("Die Säuglingssterblichkeit lag 2024 bei 3,4 je 1.000 Lebendgeborene [IMR].", "Die Säuglingssterblichkeit lag 2024 bei 3,4 je 100.000 Lebendgeborene [IMR]."),
    "ar": ("بلغ معدل وفيات الرضع 3.4 لكل 1000 مولود حي في عام 2024 [IMR].", "بلغ معدل وفيات الرضع 3.4 لكل 100000 مولود حي في عام 2024 [IMR]."),
}


@pytest.mark.parametrize("lang", LANGS)
def test_per_thousand_and_per_hundred_thousand_are_not_interchangeable(lang):
    right, wrong = RATES[lang]
    imr = (obs("IMR", "2024", "3.4", "per 1,000"),)
    ok = score_answer(question(lang, ("3.4",), ("IMR",)), answer(lang, right, imr), MatchSettings())
    assert codes(ok) == [] and ok.counts["unit_stated"] == Count(1, 1)
    bad = score_answer(question(lang, ("3.4",), ("IMR",)), answer(lang, wrong, imr), MatchSettings())
    assert codes(bad) == ["unit_stated:unit_mismatch"]


def test_unit_mult_is_read_from_the_log_and_checked_by_the_schema(tmp_path):
    from gate.inputs.run_log import load_run

    line = {"question_id": "q", "language": "en", "retrieved_ids": ["POP"], "cited_ids": ["POP"], "declined": False,
            "answer": "68.4 million", "retrieved_observations": [
                {"series": "POP", "period": "2024", "value": 68400, "unit": "persons", "unit_mult": 3}]}
    run = load_run(_write(tmp_path / "answers_run_assistant-1_set-1.jsonl", [line]))
    (o,) = run.answers[0].retrieved_observations
    assert (o.value, o.published, o.unit_mult) == (Decimal("6.84E+7"), Decimal("68400"), 3)
    assert Decimal("6.84E+7") in run.answers[0].retrieved_values
    line["retrieved_observations"][0]["unit_mult"] = "thousands"
    with pytest.raises(InputError) as caught:
        load_run(_write(tmp_path / "answers_run_assistant-2_set-1.jsonl", [line]))
    assert any("unit_mult" in (p.field or "") for p in caught.value.problems)


# --- in every report format -------------------------------------------------------------

def test_a_stale_set_and_a_change_in_every_report_format(tmp_path):
    from jsonschema import Draft202012Validator

    from gate.core.schemas import schema
    from gate.report.json_report import report_to_dict
    from gate.report.renderers import render
    from gate.run.check import check_run

    questions = _write(tmp_path / "set.jsonl", [
        {"question_id": "q1", "language": "en", "expected_behaviour": "answer", "expected_values": [7.6],
         "expected_ids": ["UNEMP"], "expected_period": "2024"},
        {"question_id": "q2", "language": "fr", "expected_behaviour": "answer", "expected_values": [5.4],
         "expected_ids": ["UW"], "acceptable_ids": ["UM"]},
    ])
    observations = [{"series": "UNEMP", "period": "2023", "value": 7.9, "unit": "percent"},
                    {"series": "UNEMP", "period": "2024", "value": 7.7, "unit": "percent"}]
    run = _write(tmp_path / "answers_run_assistant-1_set-1.jsonl", [
        {"question_id": "q1", "language": "en", "retrieved_ids": ["UNEMP"], "cited_ids": ["UNEMP"], "declined": False,
         "answer": "The rate fell by 0.2 percentage points to 7.7% in 2024 [UNEMP].", "retrieved_observations": observations},
        {"question_id": "q2", "language": "fr", "retrieved_ids": ["UW", "UM"], "cited_ids": ["UW", "UM"], "declined": False,
         "answer": CONTEXT["fr"], "retrieved_observations": [
             {"series": "UW", "period": "2024", "value": 5.4, "unit": "percent"},
             {"series": "UM", "period": "2024", "value": 5.0, "unit": "percent"}]},
    ])
    thresholds = Path(__file__).resolve().parents[1] / "thresholds.yaml"
    report = check_run(run, questions, str(thresholds))
    cells = {(c.slice, c.measure): (c.numerator, c.denominator) for c in report.cells}
    assert cells[("all", "set_stale")] == (1, 1) and cells[("all", "numeric_accuracy")] == (2, 2)
    assert cells[("all", "unsupported_numbers")] == (0, 4) and cells[("all", "series_match")] == (3, 3)
    stale_rule = next(r for r in report.rules if r.slice == "all" and r.rule.measure == "set_stale")
    assert (stale_rule.status, stale_rule.rule.severity) == ("warn", "warn")
    assert report.verdict.passed  # the set is stale, the assistant is right: a warning only
    data = report_to_dict(report)
    Draft202012Validator(schema("report")).validate(data)
    assert data["matching"]["derived"] == ["change"]
    assert [f["code"] for f in data["findings"]] == ["expected_value_stale"]
    for name in ("terminal", "markdown", "junit"):
        text = render(name, report)
        assert "stale expectation" in text or "set_stale" in text, name
        assert "the set expects 7.6 for UNEMP 2024; the source now gives 7.7" in text, name


OTHER_LANGUAGES = {
    "pt": "A taxa de desemprego caiu 0,4 pontos percentuais, de 5,6 % em 2023 para 5,2 % em 2024 [UNEMP].",
    "it": "Il tasso di disoccupazione è calato di 0,4 punti percentuali, dal 5,6 % nel 2023 al 5,2 % nel 2024 [UNEMP].",
    "nl": "De werkloosheid daalde met 0,4 procentpunt, van 5,6% in 2023 naar 5,2% in 2024 [UNEMP].",
    "ru": "Уровень безработицы снизился на 0,4 процентного пункта, с 5,6% в 2023 году до 5,2% в 2024 году [UNEMP].",
    "zh": "失业率下降了0.4个百分点，从2023年的5.6%降至2024年的5.2% [UNEMP]。",
    "ja": "失業率は0.4ポイント低下し、2023年の5.6%から2024年の5.2%になった [UNEMP]。",
    "tr": "İşsizlik oranı 0,4 yüzde puan azaldı; 2023'te %5,6 iken 2024'te %5,2 oldu [UNEMP].",
    "hi": "बेरोज़गारी दर 0.4 प्रतिशत अंक घटकर 2023 में 5.6% से 2024 में 5.2% हो गई [UNEMP]।",
    "pl": "Stopa bezrobocia spadła o 0,4 punktu procentowego, z 5,6% w 2023 r. do 5,2% w 2024 r. [UNEMP].",
}


@pytest.mark.parametrize("lang", sorted(OTHER_LANGUAGES))
def test_a_change_in_points_in_the_other_languages_read(lang):
    text = OTHER_LANGUAGES[lang]
    assert _unsupported(lang, text)[0] == []
    (found,) = _unsupported(lang, text.replace("0,4", "0,7").replace("0.4", "0.7"))[0]
    assert "is said as a fall in points" in found.message and found.message.endswith("0.4 = 5.6 - 5.2, UNEMP 2023 to 2024")


def test_every_language_read_has_its_words_of_change():
    from gate.figures.languages import CODES
    from gate.scoring.changes import CHANGE_WORDS

    assert set(CHANGE_WORDS) == set(CODES)


def test_the_merged_form_carries_expected_period_and_acceptable_ids(tmp_path):
    from gate.inputs.run_log import load_run

    line = {"question_id": "q", "language": "en", "retrieved_ids": ["U"], "cited_ids": ["U"], "declined": False,
            "answer": "7.7% in 2024", "expected_behaviour": "answer", "expected_values": [7.6], "expected_ids": ["U"],
            "expected_period": "2024", "acceptable_ids": ["V"],
            "retrieved_observations": [{"series": "U", "period": "2024", "value": 7.7}]}
    run = load_run(_write(tmp_path / "answers_run_merged.jsonl", [line]))
    assert run.merged_set is not None
    (q,) = run.merged_set.questions
    assert (q.expected_period, q.acceptable_ids) == ("2024", ("V",))
    line["expected_period"] = "someday"
    with pytest.raises(InputError) as caught:
        load_run(_write(tmp_path / "answers_run_merged_2.jsonl", [line]))
    (problem,) = caught.value.problems
    assert (problem.line, problem.field) == (1, "expected_period")
