"""No false alarms: correct answers in eight languages, with their observations, give no
finding from the code checks (presence, quotes, format, exact match, period, unit, caveat,
series), and every figure is bound to an observation with its period."""

from __future__ import annotations

from decimal import Decimal

import pytest

from gate.model.periods import parse_sdmx_period
from gate.figures import MatchSettings
from gate.model.measures import MEASURES
from gate.scoring.answer import score_answer
from gate.model.inputs import Answer, Observation, Question

CODE_CHECKS = {m.name for m in MEASURES if m.family == "code_checks"}


def obs(series, period, value, unit, status="A", caveats=()):
    return Observation(series, period, parse_sdmx_period(period), Decimal(str(value)), unit, status, tuple(caveats))


U = "LAB_UNEMP"      # percent, quarterly
P = "POP"            # persons
L = "LIFE_EXP"       # years
M = "U5_MORT"        # per 1,000
W = "WAGE"           # EUR

SERIES = {
    U: [obs(U, "2025-Q2", 6.8, "percent", "P"), obs(U, "2025-Q1", 7.1, "percent"), obs(U, "2024", 7.4, "percent"),
        obs(U, "2023", 7.9, "percent")],
    P: [obs(P, "2024", 1234567, "persons"), obs(P, "2024-06-30", 5400000, "persons")],
    L: [obs(L, "2023", 68.2, "years"), obs(L, "2022", 67.9, "years")],
    M: [obs(M, "2020", 41, "per 1,000"), obs(M, "2015", 44, "per 1,000")],
    W: [obs(W, "2024", 2450, "EUR"), obs(W, "2024-04-01/P1Y", 2380, "EUR", "E")],
}

CORRECT = [
    ("en", U, "Unemployment was 6.8% in the second quarter of 2025, a provisional figure, after 7.1% in the first quarter (LAB_UNEMP)."),
    ("en", P, "The urban population was 1,234,567 in 2024 (POP)."),
    ("en", L, "Life expectancy at birth was 68.2 years in 2023, up from 67.9 years in 2022 (LIFE_EXP)."),
    ("en", M, "The under-five mortality rate was 41 per 1,000 live births in 2020, down from 44 per 1,000 in 2015 (LIFE_EXP; U5_MORT)."),
    ("en", W, "The average monthly wage was €2,450 in 2024 and an estimated €2,380 in 2024/25 [WAGE]."),
    ("fr", U, "Le taux de chômage s'établit à 6,8 % au deuxième trimestre 2025 (donnée provisoire), après 7,1 % au premier trimestre 2025 (LAB_UNEMP)."),
    ("fr", P, "La population urbaine comptait 1 234 567 habitants en 2024 (POP)."),
    ("fr", L, "L'espérance de vie à la naissance était de 68,2 ans en 2023 (LIFE_EXP)."),
    ("fr", M, "Le taux de mortalité des moins de cinq ans était de 41 pour 1 000 naissances vivantes en 2020 (U5_MORT)."),
    ("fr", W, "Le salaire mensuel moyen était de 2 450 euros en 2024 (WAGE)."),
    ("de", U, "Die Arbeitslosenquote lag im 2. Quartal 2025 nach vorläufigen Angaben bei 6,8 % (LAB_UNEMP)."),
    ("de", P, "Die Stadtbevölkerung zählte 2024 1.234.567 Einwohner (POP)."),
    ("de", L, "Die Lebenserwartung bei Geburt betrug 2023 68,2 Jahre (LIFE_EXP)."),
    ("de", M, "Die Sterblichkeit der unter Fünfjährigen lag 2020 bei 41 je 1.000 Lebendgeburten (U5_MORT)."),
    ("de", W, "Der durchschnittliche Monatslohn betrug 2024 2.450 Euro (WAGE)."),
    ("es", U, "La tasa de paro fue del 6,8 % en el segundo trimestre de 2025, según datos provisionales, y del 7,1 % en el primer trimestre (LAB_UNEMP)."),
    ("es", P, "La población urbana era de 1.234.567 habitantes en 2024 (POP)."),
    ("es", L, "La esperanza de vida al nacer fue de 68,2 años en 2023 (LIFE_EXP)."),
    ("es", M, "La mortalidad de menores de cinco años fue de 41 por cada 1.000 nacidos vivos en 2020 (U5_MORT)."),
    ("es", W, "El salario mensual medio fue de 2.450 euros en 2024 (WAGE)."),
    ("pt", U, "A taxa de desemprego foi de 6,8% no segundo trimestre de 2025 (dado provisório) (LAB_UNEMP)."),
    ("pt", P, "A população urbana era de 1.234.567 habitantes em 2024 (POP)."),
    ("pt", L, "A esperança de vida ao nascer era de 68,2 anos em 2023 (LIFE_EXP)."),
    ("pt", M, "A mortalidade de menores de cinco anos foi de 41 por 1.000 nascidos vivos em 2020 (U5_MORT)."),
    ("pt", W, "O salário médio mensal foi de 2.450 euros em 2024 (WAGE)."),
    ("it", U, "Il tasso di disoccupazione era del 6,8% nel secondo trimestre 2025 (dato provvisorio), dopo il 7,1% nel primo trimestre (LAB_UNEMP)."),
    ("it", P, "La popolazione urbana contava 1.234.567 abitanti nel 2024 (POP)."),
    ("it", L, "La speranza di vita alla nascita era di 68,2 anni nel 2023 (LIFE_EXP)."),
    ("it", M, "La mortalità sotto i cinque anni era di 41 per 1.000 nati vivi nel 2020 (U5_MORT)."),
    ("it", W, "La retribuzione media mensile era di 2.450 euro nel 2024 (WAGE)."),
    ("nl", U, "De werkloosheid was volgens voorlopige cijfers 6,8% in het tweede kwartaal van 2025 (LAB_UNEMP)."),
    ("nl", P, "De stedelijke bevolking telde 1.234.567 inwoners in 2024 (POP)."),
    ("nl", L, "De levensverwachting bij geboorte was 68,2 jaar in 2023 (LIFE_EXP)."),
    ("nl", M, "De sterfte onder vijfjarigen was 41 per 1.000 levendgeborenen in 2020 (U5_MORT)."),
    ("nl", W, "Het gemiddelde maandloon was 2.450 euro in 2024 (WAGE)."),
    ("ar", U, "بلغ معدل البطالة ٦٫٨٪ في الربع الثاني من عام ٢٠٢٥ وفق بيانات أولية (LAB_UNEMP)."),
    ("ar", P, "بلغ عدد سكان المدن ١٬٢٣٤٬٥٦٧ نسمة في عام ٢٠٢٤ (POP)."),
    ("ar", L, "بلغ متوسط العمر المتوقع عند الولادة ٦٨٫٢ سنة في عام ٢٠٢٣ (LIFE_EXP)."),
    ("ar", M, "بلغ معدل وفيات الأطفال دون الخامسة ٤١ لكل ١٠٠٠ مولود حي في عام ٢٠٢٠ (U5_MORT)."),
    ("ar", W, "بلغ متوسط الأجر الشهري ٢٤٥٠ يورو في عام ٢٠٢٤ (WAGE)."),
]


def pair(language: str, series: str, text: str, cited=None):
    question = Question(f"q-{language}-{series}", language, "", "answer", expected_ids=(series,))
    observations = tuple(SERIES[series])
    answer = Answer(
        question_id=question.question_id, language=language, question="", retrieved_ids=(series, "LIFE_EXP"),
        retrieved_values=tuple(o.value for o in observations), answer=text,
        cited_ids=tuple(cited or ([series] if series not in ("U5_MORT",) else ["LIFE_EXP", series])), declined=False,
        retrieved_observations=observations,
    )
    return question, answer


def test_forty_correct_answers_in_eight_languages():
    assert len(CORRECT) >= 40
    assert {c[0] for c in CORRECT} == {"en", "fr", "de", "es", "pt", "it", "nl", "ar"}


@pytest.mark.parametrize("language, series, text", CORRECT, ids=[f"{c[0]}-{c[1]}" for c in CORRECT])
def test_a_correct_answer_gives_no_code_check_finding(language, series, text):
    question, answer = pair(language, series, text)
    outcome = score_answer(question, answer, MatchSettings())
    found = [(f.measure, f.code, f.message) for f in outcome.findings if f.measure in CODE_CHECKS]
    assert found == []
    # Every figure is bound and checked: the checks did not pass by counting nothing.
    bound = outcome.counts["series_match"].denominator
    assert bound >= 1
    assert outcome.counts["period_match"] == outcome.counts["series_match"]
    assert outcome.counts["unit_stated"].denominator == bound
    assert outcome.counts["period_unstated"].numerator == 0
