"""Matching figures against evidence: the shared cases, every boundary, the messages."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from gate.figures import (
    Figure,
    MatchSettings,
    Support,
    check_figure,
    evidence_values,
    explain,
    extract_figures,
)

CASES = Path(__file__).parent / "cases"


def D(x: object) -> Decimal:
    return Decimal(repr(x)) if isinstance(x, float) else Decimal(str(x))


def _load(name: str) -> list[dict]:
    with open(CASES / name, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


MATCHING_CASES = _load("matching.jsonl")


@pytest.mark.parametrize("case", MATCHING_CASES, ids=[c["id"] for c in MATCHING_CASES])
def test_matching_case(case: dict) -> None:
    figures = extract_figures(case["answer"], case["language"])
    evidence = evidence_values(
        case["retrieved_values"], case.get("question"), case.get("retrieved_passages"), case["language"]
    )
    got = [(f.value, check_figure(f, evidence).supported) for f in figures]
    assert got == [(D(x["value"]), x["supported"]) for x in case["figures"]], case["why"]


def the_figure(text: str, language: str) -> Figure:
    (figure,) = extract_figures(text, language)
    return figure


def supported(text: str, language: str, value: str, settings: MatchSettings = MatchSettings()) -> bool:
    return check_figure(the_figure(text, language), [Decimal(value)], settings).supported


# --- boundaries: exactly at the ends of each interval -------------------
# (language, text, value, supported). u is the unit of the last significant digit.

BOUNDARIES = [
    # no hedge: x - u/2 <= v <= x + u/2, ties included
    ("en", "The rate was 7.6%.", "7.55", True),
    ("en", "The rate was 7.6%.", "7.65", True),
    ("en", "The rate was 7.6%.", "7.5499", False),
    ("en", "The rate was 7.6%.", "7.6501", False),
    ("en", "The region had 3.2 million people.", "3150000", True),
    ("en", "The region had 3.2 million people.", "3250000", True),
    ("en", "The region had 3.2 million people.", "3250001", False),
    ("en", "6,000 households were surveyed.", "6000.5", True),
    ("en", "6,000 households were surveyed.", "6000.51", False),
    # about: half a unit of the last significant digit
    ("en", "About 6,000 households.", "5500", True),
    ("en", "About 6,000 households.", "6500", True),
    ("en", "About 6,000 households.", "5499", False),
    ("en", "About 6,000 households.", "6501", False),
    ("en", "About 7.6% of them.", "7.65", True),
    ("en", "About 7.6% of them.", "7.66", False),
    # over: x < v <= x + u (and x itself)
    ("en", "Sales rose to over $2.3 million.", "2300000", True),
    ("en", "Sales rose to over $2.3 million.", "2300001", True),
    ("en", "Sales rose to over $2.3 million.", "2400000", True),
    ("en", "Sales rose to over $2.3 million.", "2400001", False),
    ("en", "Sales rose to over $2.3 million.", "2299999", False),
    ("en", "Sales rose to over $96 million.", "96412330", True),
    # at least: x <= v <= x + u
    ("en", "At least 40 regions.", "40", True),
    ("en", "At least 40 regions.", "50", True),
    ("en", "At least 40 regions.", "50.1", False),
    ("en", "At least 40 regions.", "39.9", False),
    # under / nearly: x - u <= v < x (and x itself)
    ("en", "Nearly 52,000 people.", "51000", True),
    ("en", "Nearly 52,000 people.", "51870", True),
    ("en", "Nearly 52,000 people.", "50999", False),
    ("en", "Nearly 52,000 people.", "52000", True),
    ("en", "Nearly 52,000 people.", "52001", False),
    ("en", "Under 5% of them.", "4", True),
    ("en", "Under 5% of them.", "3.99", False),
    ("en", "Under 5% of them.", "5.2", False),
    # at most: x - u <= v <= x
    ("en", "At most 40 regions.", "30", True),
    ("en", "At most 40 regions.", "40", True),
    ("en", "At most 40 regions.", "29.9", False),
    ("en", "At most 40 regions.", "40.1", False),
    # French
    ("fr", "Environ 6 000 ménages.", "5500", True),
    ("fr", "Environ 6 000 ménages.", "6501", False),
    ("fr", "Plus de 3,4 millions de personnes.", "3500000", True),
    ("fr", "Plus de 3,4 millions de personnes.", "3500001", False),
    ("fr", "Plus de 3,4 millions de personnes.", "3399999", False),
    ("fr", "Presque 8 000 ménages.", "7000", True),
    ("fr", "Presque 8 000 ménages.", "8001", False),
    ("fr", "Moins de 5 % des ménages.", "4", True),
    ("fr", "Moins de 5 % des ménages.", "5.2", False),
    ("fr", "Au moins 12 % des ménages.", "13", True),
    ("fr", "Au moins 12 % des ménages.", "11.9", False),
    ("fr", "Le taux était de 6,8 %.", "6.85", True),
    ("fr", "Le taux était de 6,8 %.", "6.851", False),
    # German
    ("de", "Rund 12.000 Betriebe.", "11500", True),
    ("de", "Rund 12.000 Betriebe.", "12500", True),
    ("de", "Rund 12.000 Betriebe.", "12501", False),
    ("de", "Über 3 Mio. Personen.", "4000000", True),
    ("de", "Über 3 Mio. Personen.", "4000001", False),
    ("de", "Fast 5 % der Haushalte.", "4", True),
    ("de", "Fast 5 % der Haushalte.", "5.01", False),
    ("de", "Mindestens 20 Betriebe.", "30", True),
    ("de", "Mindestens 20 Betriebe.", "19", False),
    # Spanish
    ("es", "Casi 8.000 hogares.", "7000", True),
    ("es", "Casi 8.000 hogares.", "7930", True),
    ("es", "Casi 8.000 hogares.", "6999", False),
    ("es", "Casi 8.000 hogares.", "8001", False),
    # "1.500 millones" is an integer mantissa: its trailing zeros are not significant
    ("es", "Más de 1.500 millones de dólares.", "1600000000", True),
    ("es", "Más de 1.500 millones de dólares.", "1600000001", False),
    ("es", "Unos 3,2 millones de hogares.", "3150000", True),
    ("es", "Unos 3,2 millones de hogares.", "3250001", False),
    ("es", "Al menos 12 % de los hogares.", "12", True),
    ("es", "Menos de 5 % de los hogares.", "5.1", False),
    # a lone leading 1 keeps one zero: "nearly 100%" is 90 up to 100, not 0 up to 100
    ("en", "Nearly 100% of births are registered.", "12", False),
    ("en", "Nearly 100% of births are registered.", "90", True),
    ("en", "Nearly 100% of births are registered.", "89.9", False),
    ("en", "About 100,000 people.", "95000", True),
    ("en", "About 100,000 people.", "60000", False),
    ("en", "About 10% of them.", "10.5", True),
    ("en", "About 10% of them.", "14.6", False),
    ("en", "Nearly 1,000 schools.", "900", True),
    ("en", "Nearly 1,000 schools.", "899", False),
    # ... with "about" and "nearly" only: "over" states a round threshold loosely upwards
    ("en", "Just over 1,000 schools.", "1999", True),
    ("en", "Over 100 countries.", "150", True),
    # ... and never finer than the stated unit
    ("en", "About 1 million people.", "1400000", True),
    # negated hedges: "not more than" is at most, "not less than" at least
    ("fr", "Pas plus de 6 000 personnes.", "5800", True),
    ("fr", "Pas plus de 6 000 personnes.", "6900", False),
    ("de", "Nicht weniger als 6.000 Betriebe.", "6900", True),
    ("de", "Nicht weniger als 6.000 Betriebe.", "5800", False),
    ("es", "No más del 40 % de los hogares.", "39.5", True),
    ("nl", "Niet minder dan 6.000 huishoudens.", "5999", False),
    ("fr", "Un total d'environ 6 000 ménages.", "5870", True),
    ("de", "Rd. 6.000 Betriebe.", "5870", True),
]


@pytest.mark.parametrize(
    "language,text,value,expected", BOUNDARIES, ids=[f"{b[0]}:{b[1]}@{b[2]}" for b in BOUNDARIES]
)
def test_hedge_boundaries(language: str, text: str, value: str, expected: bool) -> None:
    assert supported(text, language, value) is expected


def test_intervals_are_reported() -> None:
    cases = [
        ("The rate was 7.6%.", ("7.55", "7.65")),
        ("About 6,000 households.", ("5500", "6500")),
        ("Sales rose to over $2.3 million.", ("2300000", "2400000")),
        ("Nearly 45,000 people.", ("44000", "45000")),
        ("At least 40 regions.", ("40", "50")),
        ("At most 40 regions.", ("30", "40")),
    ]
    for text, (low, high) in cases:
        support = check_figure(the_figure(text, "en"), [])
        assert (support.low, support.high) == (Decimal(low), Decimal(high)), text
        assert support == Support(False, support.low, support.high, None, None)


def test_negative_hedges_bound_the_magnitude() -> None:
    assert supported("Prices fell nearly −1.3%.", "en", "-1.25")
    assert not supported("Prices fell nearly −1.3%.", "en", "-1.35")
    assert supported("Prices fell over −1.3%.", "en", "-1.35")
    assert not supported("Prices fell over −1.3%.", "en", "-1.25")
    assert not supported("Prices changed by -0.4%.", "en", "0.4")


# --- settings ------------------------------------------------------------


def test_rounding_exact() -> None:
    exact = MatchSettings(rounding="exact")
    assert supported("The rate was 7.6%.", "en", "7.6", exact)
    assert supported("The rate was 7.6%.", "en", "7.60", exact)
    assert not supported("The rate was 7.6%.", "en", "7.63", exact)
    assert not supported("About 6,000 households.", "en", "6140", exact)
    assert not supported("Over $2.3 million.", "en", "2341977", exact)
    support = check_figure(the_figure("The rate was 7.6%.", "en"), [Decimal("7.63")], exact)
    assert support.low == support.high == Decimal("7.6")


def test_percent_fraction() -> None:
    figure = the_figure("About 12% of households were poor.", "en")
    assert check_figure(figure, [Decimal("0.12")]).supported
    assert check_figure(figure, [Decimal("0.1234")]).supported
    assert not check_figure(figure, [Decimal("0.12")], MatchSettings(percent_fraction=False)).supported
    plain = the_figure("About 12 households were poor.", "en")
    assert not check_figure(plain, [Decimal("0.12")]).supported
    support = check_figure(figure, [Decimal("0.12")])
    assert support.matched == Decimal("0.12") and support.nearest == Decimal("0.12")


def test_derived_difference() -> None:
    figure = the_figure("Unemployment rose by 0.3 percentage points.", "en")
    evidence = [Decimal("7.6"), Decimal("7.9")]
    assert not check_figure(figure, evidence).supported
    derived = MatchSettings(derived=("difference",))
    support = check_figure(figure, evidence, derived)
    assert support.supported and support.matched == Decimal("0.3")
    assert check_figure(figure, [Decimal("0.076"), Decimal("0.079")], derived).supported
    assert not check_figure(figure, [Decimal("7.6"), Decimal("8.4")], derived).supported
    assert check_figure(figure, [Decimal("7.63"), Decimal("7.91")], derived).supported  # 0.28 rounds to 0.3


def test_nearest_and_matched() -> None:
    figure = the_figure("The under-five mortality rate was 35 per 1,000 live births in 2020.", "en")
    support = check_figure(figure, [Decimal(41), Decimal(44)])
    assert support == Support(False, Decimal("34.5"), Decimal("35.5"), Decimal(41), None)
    support = check_figure(figure, [Decimal(44), Decimal("35.2"), Decimal("35")])
    assert support.supported and support.matched == Decimal("35") and support.nearest == Decimal("35")
    support = check_figure(figure, [Decimal(44), Decimal("35.2")])
    assert support.matched == Decimal("35.2") and support.nearest == Decimal("35.2")


def test_float_evidence_is_read_exactly() -> None:
    figure = the_figure("The share was 0.3%.", "en")
    assert check_figure(figure, [0.30000000000000004]).supported  # type: ignore[list-item]
    assert check_figure(figure, evidence_values([0.35], None, None, "en")).supported


def test_question_and_passages_support() -> None:
    answer = "Of the top 10 districts, three of them reported 31.5%."
    figures = extract_figures(answer, "en")
    evidence = evidence_values([31.5], "Which of the top 10 districts?", {"P": "Three districts."}, "en")
    assert [(f.value, check_figure(f, evidence).supported) for f in figures] == [
        (Decimal(10), True),
        (Decimal(3), True),
        (Decimal("31.5"), True),
    ]
    # a bare small count in words ("three reported") is no figure of the answer
    assert [f.value for f in extract_figures("Of the top 10 districts, three reported 31.5%.", "en")] == [
        Decimal(10), Decimal("31.5"),
    ]


def test_a_small_count_in_words_is_evidence_but_no_figure_of_the_answer() -> None:
    """The rule, the same in every language with number words: "three candidates" is
    no figure of an answer (nothing to flag when the evidence lists three candidates
    and has no value 3, nor when it states four); "three million", "about three",
    "three percent", "three of the five" are; a passage's or the question's count in
    words is evidence for an answer's digits."""
    sentences = {
        "en": ("The report compares three candidates.", "The report compares 3 candidates."),
        "fr": ("Le rapport compare trois candidats.", "Le rapport compare 3 candidats."),
        "es": ("El informe compara tres candidatos.", "El informe compara 3 candidatos."),
        "de": ("Der Bericht vergleicht drei Kandidaten.", "Der Bericht vergleicht 3 Kandidaten."),
        "pt": ("O relatório compara três candidatos.", "O relatório compara 3 candidatos."),
        "it": ("Il rapporto confronta tre candidati.", "Il rapporto confronta 3 candidati."),
        "nl": ("Het rapport vergelijkt drie kandidaten.", "Het rapport vergelijkt 3 kandidaten."),
        "ar": ("يقارن التقرير ثلاثة مرشحين.", "يقارن التقرير ٣ مرشحين."),
    }
    for lang, (words, digits) in sentences.items():
        assert extract_figures(words, lang) == [], lang
        (figure,) = extract_figures(digits, lang)
        assert figure.value == 3, lang
        supported = check_figure(figure, evidence_values([], None, {"P": words}, lang)).supported
        assert supported is (lang != "ar"), lang  # Arabic number words are not read at all
        assert [f.value for f in extract_figures(words, lang, counts=True)] == ([] if lang == "ar" else [3]), lang


# --- explanations --------------------------------------------------------

EXPLAIN = [
    (
        "en", "The under-five mortality rate was 35 per 1,000 live births.", ["41", "44"],
        MatchSettings(), "retrieved value",
        "'35' (35, to the nearest 1) is not within 0.5 of any retrieved value; nearest 41",
    ),
    (
        "en", "Under 5% of them.", ["5.2"], MatchSettings(), "retrieved value",
        "'5%' (under 5 percent, to the nearest 1) needs a retrieved value in [4, 5); nearest 5.2",
    ),
    (
        "en", "Sales rose to over $2.3 million.", ["9100000"], MatchSettings(), "retrieved value",
        "'$2.3 million' (over 2300000, to the nearest 100000) needs a retrieved value in (2300000, 2400000]; "
        "nearest 9100000",
    ),
    (
        "en", "The rate was 7.60%.", ["7.63"], MatchSettings(), "retrieved value",
        "'7.60%' (7.60 percent, to the nearest 0.01) is not within 0.005 of any retrieved value; nearest 7.63",
    ),
    (
        "en", "The rate was 7.6%.", ["7.63"], MatchSettings(), "retrieved value",
        "'7.6%' (7.6 percent, to the nearest 0.1) is supported by 7.63; it needs a value in [7.55, 7.65]",
    ),
    (
        "en", "About 12% of households.", ["0.12"], MatchSettings(), "retrieved value",
        "'12%' (about 12 percent, to the nearest 1) is supported by 0.12 as a fraction (12 percent); "
        "it needs a value in [11.5, 12.5]",
    ),
    (
        "en", "The rate was 7.6%.", ["7.63"], MatchSettings(rounding="exact"), "evidence value",
        "'7.6%' (7.6 percent, to the nearest 0.1) equals no evidence value; nearest 7.63",
    ),
    (
        "en", "The rate was 7.6%.", [], MatchSettings(), "retrieved value",
        "'7.6%' (7.6 percent, to the nearest 0.1) is not within 0.05 of any retrieved value; "
        "there is no retrieved value",
    ),
    (
        "en", "The share was 0.0000003%.", ["0.00000031"], MatchSettings(), "retrieved value",
        "'0.0000003%' (0.0000003 percent, to the nearest 0.0000001) is supported by 0.00000031; "
        "it needs a value in [0.00000025, 0.00000035]",
    ),
]


def test_explain_says_the_opposite_sign() -> None:
    (figure,) = extract_figures("Unemployment changed by 0.4 points.", "en")
    support = check_figure(figure, evidence_values([-0.4, 7.9], None, None, "en"))
    assert explain(figure, support) == (
        "'0.4' (0.4, to the nearest 0.1) is not within 0.05 of any retrieved value; "
        "nearest -0.4, which has the opposite sign"
    )


@pytest.mark.parametrize("language,text,evidence,settings,against,message", EXPLAIN, ids=[str(i) for i in range(len(EXPLAIN))])
def test_explain(
    language: str, text: str, evidence: list[str], settings: MatchSettings, against: str, message: str
) -> None:
    figure = the_figure(text, language)
    support = check_figure(figure, [Decimal(v) for v in evidence], settings)
    assert explain(figure, support, against) == message
    assert "E" not in message.replace("EUR", "")


# --- tester findings: the supported flag of every figure ----------------
# (id, language, answer, evidence values, [supported per figure])

FINDINGS = [
    ("range-scale-by-to", "en", "Employment rose by 45,000 to 2.31 million.", [45000, 2310000], [True, True]),
    ("range-scale-fr", "fr", "Il est passé de 950 000 à 1,2 million.", [950000, 1200000], [True, True]),
    ("range-scale-es", "es", "Pasó de 950.000 a 1,2 millones.", [950000, 1200000], [True, True]),
    ("range-scale-both", "en", "between 7.6 and 8.4 million", [7600000, 8400000], [True, True]),
    ("ref-comma-phase", "en", "In phase 4, 99.9% of residents", [99.9], [True]),
    ("ref-comma-fr", "fr", "Selon le tableau 3, 45 000 personnes", [45000], [True]),
    ("hedge-es-mas-del", "es", "Más del 40 % de los hogares.", [40.5], [True]),
    ("hedge-es-mas-del-below", "es", "Más del 40 % de los hogares.", [39.5], [False]),
    ("hedge-it-quasi-il", "it", "Quasi il 40% delle famiglie.", [39.6], [True]),
    ("hedge-it-quasi-il-above", "it", "Quasi il 40% delle famiglie.", [40.4], [False]),
    ("hedge-pt-mais-do-que", "pt", "Mais do que 40% das famílias.", [40.4], [True]),
    ("period-es-2T", "es", "En el 2T 2025 el paro fue 11,4 %.", [11.4], [True]),
    ("define-aged", "en", "Of those aged 15–64, 68.2% were employed.", [68.2], [True]),
    ("html-tag", "en", "</summary> > 55.5%", [55.5], [True]),
]


@pytest.mark.parametrize(
    "language,text,evidence,expected", [f[1:] for f in FINDINGS], ids=[f[0] for f in FINDINGS]
)
def test_findings_supported(language: str, text: str, evidence: list, expected: list[bool]) -> None:
    values = evidence_values(evidence, None, None, language)
    figures = extract_figures(text, language)
    assert [check_figure(f, values).supported for f in figures] == expected
