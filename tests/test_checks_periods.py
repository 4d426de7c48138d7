"""Periods: SDMX periods of observations, and the period an answer states for each figure.

Table-driven: each case is an answer as statisticians write it, one of its figures, and
the period the figure is bound to (an SDMX period the stated one must match), or None
when the answer states none for it (counted apart, never guessed).
"""

from __future__ import annotations

from datetime import date

import pytest

from gate import figures as fig
from gate.model.periods import Period, parse_sdmx_period
from gate.scoring.checks.periods import period_of_figures, stated_periods

CASES = [
    # English: years, quarters, halves, months, days, fiscal years, "the year to".
    ("en", "About 7.6% of the population was undernourished in 2024, down from 7.9% in 2023.", "7.6%", "2024"),
    ("en", "About 7.6% of the population was undernourished in 2024, down from 7.9% in 2023.", "7.9%", "2023"),
    ("en", "In 2024, unemployment was 5.1% for men and 5.6% for women.", "5.1%", "2024"),
    ("en", "In 2024, unemployment was 5.1% for men and 5.6% for women.", "5.6%", "2024"),
    ("en", "Unemployment was 5.1% for men and 5.6% for women in 2024.", "5.1%", "2024"),
    ("en", "Unemployment was 5.1% for men and 5.6% for women in 2024.", "5.6%", "2024"),
    ("en", "The unemployment rate was 6.8% in Q2 2025.", "6.8%", "2025-Q2"),
    ("en", "The unemployment rate was 6.8% in the second quarter of 2025, after 7.1% in the first quarter.", "7.1%", "2025-Q1"),
    ("en", "GDP grew by 0.4% in 2025 Q2.", "0.4%", "2025-Q2"),
    ("en", "Exports rose 3.2% in the first half of 2025.", "3.2%", "2025-S1"),
    ("en", "Inflation was 2.9% in June 2025.", "2.9%", "2025-06"),
    ("en", "Inflation stood at 3.1% in the year to June 2025.", "3.1%", "2024-07-01/P1Y"),
    ("en", "The deficit was 2.1% of GDP in 2024/25.", "2.1%", "2024-04-01/P1Y"),
    ("en", "The deficit was 2.1% of GDP in FY2024-25.", "2.1%", "2024-07-01/P1Y"),
    ("en", "The population was 5.4 million on 30 June 2024.", "5.4 million", "2024-06-30"),
    ("en", "The population was 5.4 million on June 30, 2024.", "5.4 million", "2024-06-30"),
    ("en", "Life expectancy at birth was 68.2 years.", "68.2", None),
    ("en", "The rate was 7.6% in 2024, down from 7.9% a year earlier.", "7.9%", None),
    ("en", "The rate is the highest since 2010 at 7.6%.", "7.6%", None),
    # French.
    ("fr", "Le taux de chômage était de 6,8 % au deuxième trimestre 2025.", "6,8 %", "2025-Q2"),
    ("fr", "Le taux de chômage était de 6,8 % au T2 2025, après 7,1 % au T1 2025.", "7,1 %", "2025-Q1"),
    ("fr", "Le taux de chômage s'établit à 7,3 % au 2e trimestre 2024.", "7,3 %", "2024-Q2"),
    ("fr", "Les exportations ont progressé de 3,2 % au premier semestre 2025.", "3,2 %", "2025-S1"),
    ("fr", "L'inflation atteint 2,9 % en juin 2025.", "2,9 %", "2025-06"),
    ("fr", "En 2024, le taux était de 5,1 % pour les hommes et de 5,6 % pour les femmes.", "5,6 %", "2024"),
    ("fr", "La population comptait 1 234 567 habitants au 1er janvier 2024.", "1 234 567", "2024-01-01"),
    ("fr", "Le déficit atteint 4,2 % du PIB sur l'exercice 2024-2025.", "4,2 %", "2024-07-01/P1Y"),
    # German.
    ("de", "Die Arbeitslosenquote lag im 2. Quartal 2025 bei 6,8 %.", "6,8 %", "2025-Q2"),
    ("de", "Die Arbeitslosenquote lag im zweiten Quartal 2025 bei 6,8 % und im ersten Quartal 2025 bei 7,1 %.", "7,1 %", "2025-Q1"),
    ("de", "Die Exporte stiegen im ersten Halbjahr 2025 um 3,2 %.", "3,2 %", "2025-S1"),
    ("de", "Die Inflationsrate betrug im Juni 2025 2,9 %.", "2,9 %", "2025-06"),
    ("de", "Im Jahr 2024 lag die Quote bei 5,1 % für Männer und 5,6 % für Frauen.", "5,1 %", "2024"),
    ("de", "Das Defizit lag im Haushaltsjahr 2024/25 bei 2,1 %.", "2,1 %", "2024-04-01/P1Y"),
    ("de", "Die Quote lag 2023 bei 4,9 %, 2024 bei 5,3 %.", "5,3 %", "2024"),
    # Spanish.
    ("es", "La tasa de paro fue del 6,8 % en el segundo trimestre de 2025.", "6,8 %", "2025-Q2"),
    ("es", "La inflación fue del 2,9 % en junio de 2025.", "2,9 %", "2025-06"),
    ("es", "Las exportaciones crecieron un 3,2 % en el primer semestre de 2025.", "3,2 %", "2025-S1"),
    ("es", "En 2024, la tasa fue del 5,1 % para los hombres y del 5,6 % para las mujeres.", "5,6 %", "2024"),
    ("es", "La inflación fue del 3,1 % en los doce meses hasta junio de 2025.", "3,1 %", "2024-07-01/P1Y"),
    ("es", "El paro bajó al 11,4 % en el T2 2025, frente al 12,3 % del T1 2025.", "12,3 %", "2025-Q1"),
    # Portuguese.
    ("pt", "A taxa de desemprego foi de 6,8% no segundo trimestre de 2025.", "6,8%", "2025-Q2"),
    ("pt", "A inflação foi de 2,9% em junho de 2025.", "2,9%", "2025-06"),
    ("pt", "As exportações cresceram 3,2% no primeiro semestre de 2025.", "3,2%", "2025-S1"),
    ("pt", "Em 2024, a taxa foi de 5,1% para os homens e 5,6% para as mulheres.", "5,1%", "2024"),
    ("pt", "A inflação acumulada foi de 4,2% nos 12 meses até junho de 2025.", "4,2%", "2024-07-01/P1Y"),
    # Italian.
    ("it", "Il tasso di disoccupazione era del 6,8% nel secondo trimestre 2025.", "6,8%", "2025-Q2"),
    ("it", "Il tasso era del 6,8% nel secondo trimestre 2025, dopo il 7,1% nel primo trimestre.", "7,1%", "2025-Q1"),
    ("it", "L'inflazione era al 2,9% a giugno 2025.", "2,9%", "2025-06"),
    ("it", "Le esportazioni sono cresciute del 3,2% nel primo semestre 2025.", "3,2%", "2025-S1"),
    ("it", "Nel 2024 il tasso era del 5,1% per gli uomini e del 5,6% per le donne.", "5,6%", "2024"),
    # Dutch.
    ("nl", "De werkloosheid was 3,7% in het tweede kwartaal van 2025.", "3,7%", "2025-Q2"),
    ("nl", "De inflatie bedroeg 2,9% in juni 2025.", "2,9%", "2025-06"),
    ("nl", "De export groeide met 3,2% in de eerste helft van 2025.", "3,2%", "2025-S1"),
    ("nl", "In 2024 was de werkloosheid 3,6% voor mannen en 3,9% voor vrouwen.", "3,9%", "2024"),
    ("nl", "De werkloosheid was 3,7% in K2 2025.", "3,7%", "2025-Q2"),
    # Arabic (Arabic-Indic digits and ASCII digits).
    ("ar", "بلغ معدل البطالة ٦٫٨٪ في الربع الثاني من عام ٢٠٢٥.", "٦٫٨٪", "2025-Q2"),
    ("ar", "بلغ معدل التضخم ٢٫٩٪ في يونيو ٢٠٢٥.", "٢٫٩٪", "2025-06"),
    ("ar", "بلغ معدل البطالة ٥٫١٪ في عام ٢٠٢٤.", "٥٫١٪", "2024"),
    ("ar", "ارتفعت الصادرات بنسبة ٣٫٢٪ في النصف الأول من عام ٢٠٢٥.", "٣٫٢٪", "2025-S1"),
    ("ar", "بلغ معدل البطالة 6.8٪ في الربع الثاني 2025.", "6.8٪", "2025-Q2"),
    # Two figures for two periods in one sentence, in several languages.
    ("fr", "Le taux passe de 7,9 % en 2023 à 7,6 % en 2024.", "7,9 %", "2023"),
    ("fr", "Le taux passe de 7,9 % en 2023 à 7,6 % en 2024.", "7,6 %", "2024"),
    ("es", "La tasa fue del 7,6 % en 2024 y del 7,9 % en 2023.", "7,9 %", "2023"),
    ("nl", "Het percentage was 7,6% in 2024 en 7,9% in 2023.", "7,6%", "2024"),
]


def _bound_period(language: str, text: str, figure_text: str):
    figures = fig.extract_figures(text, language)
    assert figure_text in [f.text for f in figures], [f.text for f in figures]
    periods = stated_periods(text, language)
    stated = period_of_figures(text, [(f.start, f.end) for f in figures], periods)
    return dict(zip([f.text for f in figures], stated))[figure_text]


@pytest.mark.parametrize("language, text, figure_text, expected", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_the_period_bound_to_a_figure(language, text, figure_text, expected):
    stated = _bound_period(language, text, figure_text)
    if expected is None:
        assert stated is None, stated
    else:
        assert stated is not None, f"no period bound to {figure_text!r}"
        assert stated.period.matches(parse_sdmx_period(expected)), (stated.text, stated.period)
        assert text[stated.start:stated.end] == stated.text


def test_there_are_sixty_cases_in_eight_languages():
    assert len(CASES) >= 60
    assert {c[0] for c in CASES} == {"en", "fr", "de", "es", "pt", "it", "nl", "ar"}


@pytest.mark.parametrize("text, start, end", [
    ("2024", date(2024, 1, 1), date(2024, 12, 31)),
    ("2024-A1", date(2024, 1, 1), date(2024, 12, 31)),
    ("2025-Q2", date(2025, 4, 1), date(2025, 6, 30)),
    ("2025-S1", date(2025, 1, 1), date(2025, 6, 30)),
    ("2025-S2", date(2025, 7, 1), date(2025, 12, 31)),
    ("2025-T3", date(2025, 9, 1), date(2025, 12, 31)),
    ("2025-06", date(2025, 6, 1), date(2025, 6, 30)),
    ("2025-M02", date(2025, 2, 1), date(2025, 2, 28)),
    ("2024-W05", date(2024, 1, 29), date(2024, 2, 4)),
    ("2024-06-30", date(2024, 6, 30), date(2024, 6, 30)),
    ("2024-04-01/P1Y", date(2024, 4, 1), date(2025, 3, 31)),
    ("2025-01-01/P6M", date(2025, 1, 1), date(2025, 6, 30)),
    ("2024-12-30/P1W", date(2024, 12, 30), date(2025, 1, 5)),
])
def test_sdmx_periods_are_the_days_they_cover(text, start, end):
    period = parse_sdmx_period(text)
    assert (period.start, period.end, period.label) == (start, end, text)


@pytest.mark.parametrize("text", ["2025-Q5", "2025-13", "2025-02-30", "2021-W53", "24", "2024/25", "Q2 2025", "2024-04-01/P", ""])
def test_what_is_not_an_sdmx_period_says_the_forms(text):
    with pytest.raises(ValueError, match="expected a period in SDMX form"):
        parse_sdmx_period(text)


def test_a_fiscal_year_matches_any_twelve_months_from_its_first_year():
    stated = Period(date(2024, 1, 1), date(2025, 12, 31), "2024/25", fiscal=True)
    assert stated.matches(parse_sdmx_period("2024-04-01/P1Y"))
    assert stated.matches(parse_sdmx_period("2024-07-01/P1Y"))
    assert not stated.matches(parse_sdmx_period("2024"))
    assert not stated.matches(parse_sdmx_period("2023-04-01/P1Y"))


# ------------------------------------------------------------------ periods as answers write them
# With the language: "respectively", periods said relative to another, a period heading a
# paragraph, months and ordinals without their year; and where each rule stops.

WRITTEN = [
    # A month alone takes the year before it, or of the dated month ending its list.
    ("en", "There were 12,345 births in March 2025, against 13,002 in February.", "13,002", "2025-02"),
    ("en", "Inflation was 3.3%, 3.1% and 2.9% in April, May and June 2025 respectively.", "3.3%", "2025-04"),
    ("en", "Inflation was 3.3%, 3.1% and 2.9% in April, May and June 2025 respectively.", "3.1%", "2025-05"),
    ("de", "Im März 2025 wurden 12.345 Geburten registriert, im Februar 13.002.", "13.002", "2025-02"),
    # "may" is a word where months are capitalised: no month, no period.
    ("en", "Inflation was 2.9% in June 2025; the rate of 3.1% may be revised.", "3.1%", None),
    # An ordinal alone after a quarter is a quarter of the same year; after a year it is nothing.
    ("fr", "Le taux atteint 4,3 % au deuxième trimestre 2025, après 4,1 % au premier.", "4,1 %", "2025-Q1"),
    ("de", "Im dritten Quartal 2024 lag die Quote bei 4,6 %, im vierten bei 4,4 %.", "4,4 %", "2024-Q4"),
    ("en", "GDP grew 1.3% in 2024, after 0.7% in the first.", "0.7%", None),
    # "Respectively" pairs in order only when the periods are as many as the figures.
    ("nl", "De werkloosheid bedroeg 5,4% en 5,1% in respectievelijk 2023 en 2024.", "5,4%", "2023"),
    ("de", "Die Quote lag 2023 bzw. 2024 bei 15,7 % bzw. 14,2 %.", "14,2 %", "2024"),
    ("ar", "بلغت الصادرات ٤٩٫٨ مليار يورو و٥١٫٢ مليار يورو في عامي ٢٠٢٣ و٢٠٢٤ على التوالي.", "٤٩٫٨ مليار يورو", "2023"),
    ("en", "In 2024 the rates of men and women were 5.1% and 5.6% respectively.", "5.6%", "2024"),
    # A figure said relative to another takes no other figure's period.
    ("de", "Die Inflationsrate lag im Juni 2025 bei 2,9 %, nach 3,1 % im Vormonat.", "3,1 %", None),
    ("es", "El paro fue del 4,3 % en el segundo trimestre de 2025, frente al 4,1 % del trimestre anterior.", "4,1 %", None),
    # ... but a period of its own, taken by no other figure, stays its period.
    ("en", "Before the pandemic, in 2019, unemployment was 3.5%.", "3.5%", "2019"),
    ("fr", "Auparavant, en 2019, le taux était de 3,5 %.", "3,5 %", "2019"),
    # A period heading a paragraph, the only one in it, is its figures' period ...
    ("fr", "Données de 2024. Le taux des hommes était de 5,1 %. Celui des femmes était de 5,6 %.", "5,6 %", "2024"),
    ("en", "In 2024:\n- men: 5.1%;\n- women: 5.6%.", "5.6%", "2024"),
    # ... not one after the first figure, nor when the paragraph states another period, nor past a blank line.
    ("en", "Exports reached €51.2 billion in 2024. A year earlier they were €49.8 billion.", "€49.8 billion", None),
    ("en", "In 2024, men: 5.1%. Women: 5.6%, against 5.9% in 2023.", "5.6%", None),
    ("en", "In 2024 men's rate was 5.1%.\n\nWomen's rate was 5.6%.", "5.6%", None),
    # A tie goes to the figure after when the sentence already put a period before its figure.
    ("de", "Laut Prognose wächst das BIP 2026 um 1,8 % und 2027 um 2,2 %.", "1,8 %", "2026"),
    # A period nearer the next figure goes back to the one before when the next has its own.
    ("ar", "سُجلت ١٢٣٤٥ ولادة في مارس ٢٠٢٥ مقابل ١٣٠٠٢ في فبراير.", "١٢٣٤٥", "2025-03"),
    # Weeks, with their year or with the year of the week before.
    ("en", "Initial claims rose to 231,000 in week 10 of 2025, from 224,000 in week 9.", "224,000", "2025-W09"),
    ("de", "In KW 10/2025 gab es 231.000 Erstanträge.", "231.000", "2025-W10"),
    ("en", "Initial claims were 231,000 in 2025-W10.", "231,000", "2025-W10"),
    ("en", "Initial claims were 231,000 over the past week.", "231,000", None),
    # Age bands are not periods.
    ("de", "2024 lag die Erwerbstätigenquote der 25- bis 54-Jährigen bei 81,3 %.", "81,3 %", "2024"),
    ("es", "En 2024, el 21,4 % de la población tenía 65 años y más.", "21,4 %", "2024"),
]


@pytest.mark.parametrize("language, text, figure_text, expected", WRITTEN, ids=[f"{c[0]}-{i}" for i, c in enumerate(WRITTEN)])
def test_the_period_bound_to_a_figure_as_answers_write_it(language, text, figure_text, expected):
    figures = fig.extract_figures(text, language)
    assert figure_text in [f.text for f in figures], [f.text for f in figures]
    stated = period_of_figures(text, [(f.start, f.end) for f in figures], stated_periods(text, language), language)
    got = dict(zip([f.text for f in figures], stated))[figure_text]
    if expected is None:
        assert got is None, got
    else:
        assert got is not None, f"no period bound to {figure_text!r}"
        assert got.period.matches(parse_sdmx_period(expected)), (got.text, got.period)
