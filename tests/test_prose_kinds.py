"""Figures as models write them (issue 25), one kind at a time, in every language a kind
applies to: ambiguous grouping, evidence read its own way, numbers in words, ranges, hedge
width, percent against fractions, names that are no figures."""

from __future__ import annotations

from decimal import Decimal

import pytest

from gate.figures import MatchSettings, check_figure, evidence_values, explain, extract_figures
from gate.figures.grouping import other_reading
from gate.model.outcomes import Count
from gate.scoring.answer import score_answer
from gate.model.inputs import Answer, Question


def values(text: str, language: str) -> list[Decimal]:
    return [f.value for f in extract_figures(text, language)]


def unsupported(text: str, language: str, retrieved: list[str], passages: tuple = ()) -> list[str]:
    """The figures of an answer the gate flags as unsupported, as written."""
    q = Question("q", language, "", "answer")
    a = Answer("q", language, "", ("S",), tuple(Decimal(v) for v in retrieved), text, (), False, passages)
    outcome = score_answer(q, a, MatchSettings())
    return [f.figure.text for f in outcome.findings if f.code == "unsupported_figure" and f.figure]


# --- 1. ambiguous grouping ---------------------------------------------------------------

AMBIGUOUS = [
    # language, answer, the source's value: English grouping in a language with a decimal comma
    ("de", "Deutschland hat eine Fläche von 357,592 km².", "357592"),
    ("es", "La superficie es de 505,990 km².", "505990"),
    ("fr", "La superficie est de 551,695 km².", "551695"),
    ("it", "La superficie è di 302,068 km².", "302068"),
    ("nl", "De oppervlakte is 41,850 km².", "41850"),
    ("pt", "A área é de 92,212 km².", "92212"),
    ("es", "Las exportaciones sumaron 1,234 millones de euros.", "1234000000"),
    # the dot read as a group where the comma is the decimal mark: an English decimal point
    ("de", "Die Fertilitätsrate lag bei 1.926 Kindern je Frau.", "1.926"),
]


@pytest.mark.parametrize(("language", "text", "value"), AMBIGUOUS)
def test_an_ambiguous_grouping_is_supported_by_either_reading(language: str, text: str, value: str) -> None:
    assert unsupported(text, language, [value]) == []


@pytest.mark.parametrize(("language", "text", "value"), AMBIGUOUS)
def test_an_ambiguous_grouping_read_both_ways_still_flags_an_invented_figure(language: str, text: str, value: str) -> None:
    [figure] = extract_figures(text, language)
    other = Decimal(value) * 3 + 7  # neither reading near it
    assert unsupported(text, language, [str(other)]) == [figure.text]


@pytest.mark.parametrize(
    ("language", "text", "value", "other", "other_exponent"),
    [
        ("de", "357,592 km²", "357.592", "357592", 0),
        ("es", "1,234 millones", "1234000", "1234000000", 6),
        ("fr", "52.300 chômeurs", "52300", "52.300", -3),
        ("de", "rund 4.500 Beschäftigte", "4500", "4.500", -3),
    ],
)
def test_the_other_reading(language: str, text: str, value: str, other: str, other_exponent: int) -> None:
    [figure] = extract_figures(text, language)
    assert figure.value == Decimal(value)
    second = other_reading(figure)
    assert second is not None and second.value == Decimal(other) and second.exponent == other_exponent
    assert second.hedge == figure.hedge and second.text == figure.text


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "357,592 km²"),  # read the English way: English writers do not write the other one
        ("ar", "357,592 km²"),
        ("es", "47,385,107 habitantes"),  # grouped twice
        ("en", "1,00,000 people"),  # Indian grouping
        ("de", "0,125 Punkte"),  # a leading zero
        ("de", "2,5 %"),  # one decimal
        ("fr", "3,1415 points"),  # four decimals
        ("fr", "1,234 billion"),  # a scale of two sizes: which reading was used cannot be told
    ],
)
def test_not_ambiguous(language: str, text: str) -> None:
    [figure] = extract_figures(text, language)
    assert other_reading(figure) is None


def test_indian_grouping_is_read_and_not_ambiguous() -> None:
    assert values("Around 12,50,000 households were surveyed in India.", "en") == [Decimal(1250000)]
    assert values("The scheme reached 1,00,000 villages and 3,45,67,890 people.", "en") == [
        Decimal(100000), Decimal(34567890)]


def test_a_finding_says_which_reading_and_never_calls_the_evidence_nearest_to_a_misread_figure() -> None:
    [figure] = extract_figures("Es waren 1,930 Menschen.", "de")
    support = check_figure(figure, (Decimal(1926),))
    assert not support.supported and support.reading is not None and support.reading.value == 1930
    message = explain(figure, support)
    assert message == ("'1,930' (1930, to the nearest 1, read with the comma grouping thousands; no value supports "
                       "the other reading either) is not within 0.5 of any retrieved value; nearest 1926")
    # the source's own 1926 against a misread 1.926: the figure is supported, nothing "nearest"
    [misread] = extract_figures("Es waren 1,926 Menschen.", "de")
    assert check_figure(misread, (Decimal(1926),)).supported


def test_a_finding_of_a_figure_with_one_reading_is_unchanged() -> None:
    [figure] = extract_figures("It was 35.", "en")
    support = check_figure(figure, (Decimal(41),))
    assert support.reading is None
    assert explain(figure, support) == "'35' (35, to the nearest 1) is not within 0.5 of any retrieved value; nearest 41"


@pytest.mark.parametrize(
    ("language", "passage", "answer"),
    [
        ("de", "Im Werk arbeiten rund 4,500 Beschäftigte.", "Rund 4 500 Beschäftigte arbeiten im Werk."),
        ("es", "La superficie es de 505,990 km².", "La superficie es de 505990 km²."),
        ("fr", "On compte 52,300 chômeurs.", "On compte 52 300 chômeurs."),
    ],
)
def test_a_passage_in_its_own_language_is_read_both_ways(language: str, passage: str, answer: str) -> None:
    assert unsupported(answer, language, [], (("P", passage, language),)) == []
    # without its language, the passage is read with the answer's conventions only
    assert unsupported(answer, language, [], (("P", passage, None),)) != []


# --- 7. names are not figures --------------------------------------------------------------

NAMES = [
    ("en", "The city hosted a Formula 1 race and a G7 summit; occupancy reached 91%.", ["91"]),
    ("en", "A Boeing 747 carries about 400 passengers.", ["400"]),
    ("en", "Windows 11 runs on 64% of ministry computers.", ["64"]),
    ("en", "Among the Top 100 universities, 12 are in the country.", ["12"]),
    ("en", "An Airbus 320 and an iPhone 15 were bought for 2,300 dollars.", ["2300"]),
    ("fr", "La Formule 1 attire 300 000 spectateurs.", ["300000"]),
    ("es", "La Fórmula 1 dejó 12 millones de euros.", ["12000000"]),
    ("de", "Die Formel 1 brachte 150 Mio. Euro ein, der G7-Gipfel 80 Mio. Euro.", ["150000000", "80000000"]),
    ("pt", "A Fórmula 1 trouxe 40 milhões de euros.", ["40000000"]),
    ("it", "La Formula 1 ha portato 90 milioni di euro e il G7 30 milioni.", ["90000000", "30000000"]),
    ("nl", "De Formule 1 bracht 60 miljoen euro op.", ["60000000"]),
    ("ar", "حقق سباق الفورمولا 1 إيرادات بلغت ٩٠ مليون دولار.", ["90000000"]),
]


@pytest.mark.parametrize(("language", "text", "expected"), NAMES)
def test_names_are_not_figures(language: str, text: str, expected: list[str]) -> None:
    assert values(text, language) == [Decimal(v) for v in expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The top 10 districts hold 40% of the jobs.", ["10", "40"]),  # "top" in lower case: as before
        ("Which of the top 10 districts?", ["10"]),
        ("The top 10% earn 30% of income.", ["30"]),
        ("Formula 1 teams spent 2.1 billion dollars.", ["2100000000"]),
    ],
)
def test_a_name_word_leaves_other_numbers_alone(text: str, expected: list[str]) -> None:
    assert values(text, "en") == [Decimal(v) for v in expected]


def test_a_name_is_no_false_alarm() -> None:
    assert unsupported("A Boeing 747 now flies the route; 91% of seats were sold.", "en", ["91"]) == []
    assert Count(0, 1) == score_answer(
        Question("q", "en", "", "answer"),
        Answer("q", "en", "", ("S",), (Decimal(91),), "Windows 11 runs on 91% of them.", (), False),
        MatchSettings(),
    ).counts["unsupported_numbers"]


# --- 2. evidence read as its own language writes it ----------------------------------------

def test_a_bare_number_in_brackets_is_evidence() -> None:
    passages = (("A", "The alert has stood at level (7) since May.", "en"),)
    assert unsupported("The alert level is 7.", "en", [], passages) == []
    assert unsupported("The alert level is 8.", "en", [], passages) == ["8"]
    assert evidence_values([], None, {"A": ("Il est au niveau (12) depuis mai.", "fr")}, "fr") == (Decimal(12),)


# --- 5. hedge width ------------------------------------------------------------------------

HEDGED = [
    # language, answer, a value a careful reader calls it (True) or not (False)
    ("en", "About 80% of households own a car.", "85", False),
    ("en", "About 80% of households own a car.", "82.5", True),
    ("en", "About 80% of households own a car.", "77.5", True),
    ("en", "About 80% of households own a car.", "77.4", False),
    ("en", "Around 2 billion people lack water.", "1700000000", False),
    ("en", "Around 2 billion people lack water.", "1960000000", True),
    ("fr", "Environ 80 % des ménages ont une voiture.", "85", False),
    ("fr", "Environ 80 % des ménages ont une voiture.", "81", True),
    ("fr", "Environ 2 milliards de personnes.", "1700000000", False),
    ("es", "Alrededor del 80 % de los hogares.", "85", False),
    ("es", "Unos 20 % de los adultos fuman.", "21.4", True),
    ("de", "Etwa 80 % der Haushalte.", "85", False),
    ("de", "Rund 2 Milliarden Menschen.", "2200000000", True),
    ("pt", "Cerca de 80 % das famílias.", "85", False),
    ("it", "Circa l'80% delle famiglie.", "85", False),
    ("nl", "Ongeveer 80 procent van de huishoudens.", "85", False),
    ("ar", "حوالي 80 في المائة من الأسر.", "85", False),
    ("ar", "حوالي 80 في المائة من الأسر.", "80.9", True),
    # unchanged: a count rounded to its leading digit, a lone 1, two digits, a ratio's share
    ("en", "About 6,000 households.", "5500", True),
    ("en", "About 6,000 households.", "6500", True),
    ("en", "About 1 million people.", "1400000", True),
    ("en", "About 10% of them.", "10.5", True),
    ("en", "About 45% of them.", "45.5", True),
    ("en", "About 6 in 10 adults.", "55", True),
    ("en", "About 5% of them.", "5.4", True),
    ("de", "Rund 12.000 Betriebe.", "12500", True),
]


@pytest.mark.parametrize(("language", "text", "value", "expected"), HEDGED)
def test_hedge_width(language: str, text: str, value: str, expected: bool) -> None:
    flagged = unsupported(text, language, [value])
    assert (flagged == []) is expected, flagged


def test_the_hedge_width_is_reported() -> None:
    [figure] = extract_figures("About 80% of households own a car.", "en")
    support = check_figure(figure, (Decimal(85),))
    assert (support.low, support.high) == (Decimal("77.5"), Decimal("82.5"))
    assert explain(figure, support) == (
        "'80%' (about 80 percent, to the nearest 1) is not within 2.5 of any retrieved value; nearest 85")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Circa l'80% delle famiglie ha un'auto.", ["80"]),
        ("Pari all'11% del totale, contro l’8,5% nel 2023.", ["11", "8.5"]),
        ("In Q4'24 the rate was 5%.", ["5"]),  # still a year after a capital
    ],
)
def test_a_number_after_an_elided_article_is_read(text: str, expected: list[str]) -> None:
    assert values(text, "it") == [Decimal(v) for v in expected]


# --- 6. percent against fraction-like values -------------------------------------------------

SHARES = [
    # language, answer, a passage with an unrelated amount, a passage writing the value as a share
    ("en", "75% of households have broadband.", "Waste is 0.75 kg per person a day.",
     "The share of households with broadband was 0.75."),
    ("fr", "75 % des ménages ont internet.", "Les déchets atteignent 0,75 kg par personne.",
     "La part des ménages connectés est de 0,75."),
    ("es", "El 75 % de los hogares tiene internet.", "El consumo es de 0,75 kg por persona.",
     "La proporción de hogares conectados es 0,75."),
    ("de", "75 % der Haushalte haben Internet.", "Der Abfall beträgt 0,75 kg je Person.",
     "Der Haushaltsanteil mit Internet lag bei 0,75."),
    ("pt", "75 % das famílias têm internet.", "O consumo médio é de 0,75 kg por pessoa.",
     "A proporção de famílias com internet é de 0,75."),
    ("it", "Il 75% delle famiglie ha internet.", "I rifiuti sono 0,75 kg a persona.",
     "La quota di famiglie connesse è 0,75."),
    ("nl", "75 procent van de huishoudens heeft internet.", "Het afval is 0,75 kg per persoon.",
     "Het aandeel huishoudens met internet is 0,75."),
    ("ar", "75% من الأسر لديها إنترنت.", "تبلغ النفايات 0.75 كغ للفرد.", "بلغت نسبة الأسر المتصلة 0.75."),
]


@pytest.mark.parametrize(("language", "answer", "amount", "share"), SHARES)
def test_a_percentage_is_supported_by_a_fraction_only_where_the_evidence_says_it_is_a_share(
    language: str, answer: str, amount: str, share: str
) -> None:
    [figure] = extract_figures(answer, language)
    assert unsupported(answer, language, [], (("P", amount, language),)) == [figure.text]
    assert unsupported(answer, language, [], (("P", share, language),)) == []
    assert unsupported(answer, language, ["0.75"]) == []  # a bare retrieved value: as before


def test_an_amount_is_still_evidence_as_it_is() -> None:
    evidence = evidence_values([], None, {"P": ("Waste is 0.75 kg per person a day.", "en")}, "en")
    assert evidence == (Decimal("0.75"),)
    [figure] = extract_figures("Each person throws away 0.75 kg.", "en")
    assert check_figure(figure, evidence).supported


# --- 3. numbers in words ---------------------------------------------------------------------

WORDS = [
    # compounds across scale words, with "and", a comma or nothing between the parts
    ("en", "The survey counted six million, four hundred thousand households.", ["6400000"]),
    ("en", "The fund held two million, three hundred thousand and five dollars.", ["2300005"]),
    ("es", "La deuda alcanzó dos mil millones trescientos mil euros.", ["2000300000"]),
    ("fr", "Le compteur indique deux millions trois cent mille cinq.", ["2300005"]),
    ("pt", "Foram registados dois milhões e trezentos mil casos.", ["2300000"]),
    ("it", "Sono stati registrati tre milioni e centomila visitatori.", ["3100000"]),
    ("nl", "Er werden drieduizend en vijf aanvragen ingediend.", ["3005"]),
    ("de", "Der Betrieb zählte dreitausendfünf Beschäftigte.", ["3005"]),
    # a hyphen with spaces around it
    ("fr", "Le stock atteint trois cent quatre-vingt-dix - sept unités.", ["397"]),
    ("en", "There were twenty - five deaths.", ["25"]),
    # decimals in words, one word a digit after the first
    ("en", "The index was three hundred point five.", ["300.5"]),
    ("fr", "L'indice s'établissait à quarante virgule deux trois points.", ["40.23"]),
    ("it", "L'indice si è attestato a cinquantasei virgola cinque quattro punti.", ["56.54"]),
    ("nl", "De index stond op eenenzeventig komma vijf acht punten.", ["71.58"]),
    ("pt", "O índice situou-se em quarenta e um vírgula dois um pontos.", ["41.21"]),
    ("de", "Der Wert lag bei zwei Komma fünf drei.", ["2.53"]),
    ("es", "El índice fue de nueve con veinticinco.", ["9.25"]),
    # halves, grosses, minus as a word
    ("en", "Inflation was seven and a half percent.", ["7.5"]),
    ("en", "The warehouse held two gross of masks.", ["288"]),
    ("fr", "Il a commandé trois grosses de stylos.", ["432"]),
    ("en", "The balance was minus twelve million.", ["-12000000"]),
    ("fr", "Le solde s'établit à moins trois virgule deux milliards.", ["-3200000000"]),
    ("de", "Der Wert lag bei minus drei Komma fünf.", ["-3.5"]),
    ("nl", "De index daalde naar min twee komma vijf.", ["-2.5"]),
    ("pt", "O índice caiu para menos dois vírgula cinco.", ["-2.5"]),
    ("it", "L'indice è sceso a meno quattro virgola due.", ["-4.2"]),
    ("es", "El índice fue de menos ocho puntos.", ["-8"]),
    # digits with a scale word, then the rest in words
    ("en", "The count was 4 hundred and twenty.", ["420"]),
    ("es", "Se contaron 3 mil y cinco votos.", ["3005"]),
]


@pytest.mark.parametrize(("language", "text", "expected"), WORDS)
def test_numbers_in_words(language: str, text: str, expected: list[str]) -> None:
    assert values(text, language) == [Decimal(v) for v in expected]


@pytest.mark.parametrize(
    ("language", "text", "expected"),
    [
        ("en", "In 2024, three thousand, five were hired.", ["3000"]),  # a list after a comma
        ("en", "It received 2 million and three regions joined.", ["2000000"]),
        ("en", "Ships of 5,000 gross tonnes.", ["5000"]),  # no gross
        ("en", "It rose from ten - twenty percent.", ["10", "20"]),  # a range, not one number
        ("en", "Three million, two million and one million.", ["3000000", "2000000", "1000000"]),
    ],
)
def test_numbers_in_words_that_stay_apart(language: str, text: str, expected: list[str]) -> None:
    assert values(text, language) == [Decimal(v) for v in expected]


# --- 4. ranges and comparisons, every bound ----------------------------------------------------

RANGES = [
    ("en", "There were more than 15 and less than 30 applicants per post.", [("15", "over"), ("30", "under")]),
    ("fr", "Il y a plus de 15 et moins de 30 candidats par poste.", [("15", "over"), ("30", "under")]),
    ("es", "Hubo más de 15 y menos de 30 solicitudes.", [("15", "over"), ("30", "under")]),
    ("de", "Es gab mehr als 15 und weniger als 30 Bewerber.", [("15", "over"), ("30", "under")]),
    ("pt", "Houve mais de 15 e menos de 30 candidatos.", [("15", "over"), ("30", "under")]),
    ("it", "Ci sono stati più di 15 e meno di 30 candidati.", [("15", "over"), ("30", "under")]),
    ("nl", "Er waren meer dan 15 en minder dan 30 kandidaten.", [("15", "over"), ("30", "under")]),
    ("ar", "تقدم أكثر من ١٥ وأقل من ٣٠ شخصا لكل وظيفة.", [("15", "over"), ("30", "under")]),
    ("es", "Entre 3 y 7 % de los hogares están afectados.", [("3", None), ("7", None)]),
    ("fr", "Le taux varie de 2 à 4 % selon les régions.", [("2", None), ("4", None)]),
    ("de", "Zwischen 3 und 7 % der Haushalte sind betroffen.", [("3", None), ("7", None)]),
    ("pt", "Entre 3 e 7 % das famílias foram afetadas.", [("3", None), ("7", None)]),
    ("it", "Tra il 3 e il 7% delle famiglie è coinvolto.", [("3", None), ("7", None)]),
    ("nl", "Tussen 3 en 7 procent van de huishoudens is getroffen.", [("3", None), ("7", None)]),
    ("ar", "تراوحت النسبة بين ٣ و٧ في المائة.", [("3", None), ("7", None)]),
    ("en", "Turnout ranged from 40 to 55 percent.", [("40", None), ("55", None)]),
]


@pytest.mark.parametrize(("language", "text", "expected"), RANGES)
def test_every_bound_is_read(language: str, text: str, expected: list[tuple[str, str | None]]) -> None:
    assert [(f.value, f.hedge) for f in extract_figures(text, language)] == [
        (Decimal(v), h) for v, h in expected]


@pytest.mark.parametrize(("language", "text", "expected"), RANGES)
def test_every_bound_is_checked(language: str, text: str, expected: list[tuple[str, str | None]]) -> None:
    bounds = [Decimal(v) for v, _ in expected]
    near = [str(b + 1 if h == "over" else b - 1 if h == "under" else b) for b, (_, h) in zip(bounds, expected)]
    assert unsupported(text, language, near) == []  # each bound supported by its own value
    figures = extract_figures(text, language)
    assert unsupported(text, language, near[:1]) == [figures[1].text]  # the second bound alone is not


@pytest.mark.parametrize(
    ("unit", "supported"),
    [("ratio", True), ("percent", True), ("share", True), (None, True), ("kg", False), ("EUR", False)],
)
def test_an_observation_stands_for_a_percentage_as_a_fraction_only_when_its_unit_is_a_share(
    unit: str | None, supported: bool
) -> None:
    from gate.model.periods import parse_sdmx_period
    from gate.model.inputs import Observation

    obs = Observation("S", "2024", parse_sdmx_period("2024"), Decimal("0.75"), unit)
    for language, text in (("en", "75% of households have broadband."), ("de", "75 % der Haushalte haben Internet."),
                           ("fr", "75 % des ménages ont internet."), ("es", "El 75 % de los hogares tiene internet.")):
        a = Answer("q", language, "", ("S",), (Decimal("0.75"),), text, (), False, (), 0, (obs,))
        outcome = score_answer(Question("q", language, "", "answer"), a, MatchSettings())
        assert (outcome.counts["unsupported_numbers"] == Count(0, 1)) is supported
        # the same value logged bare as well: supported, as a bare value is
        both = Answer("q", language, "", ("S",), (Decimal("0.75"), Decimal("0.75")), text, (), False, (), 0, (obs,))
        assert score_answer(Question("q", language, "", "answer"), both, MatchSettings()).counts[
            "unsupported_numbers"] == Count(0, 1)


TABLES = [
    ("en", "| Item | USD million |\n| --- | --- |\n| Exports | 1,234 |\n| Imports | 987 |", "Exports reached $1.2 billion.", "1234000000"),
    ("de", "| Posten | Mio. Euro |\n| --- | --- |\n| Ausfuhren | 1.234 |", "Die Ausfuhren erreichten 1,2 Milliarden Euro.", "1234000000"),
    ("es", "| Concepto | Millones de euros |\n| --- | --- |\n| Déficit | 3,5 |", "El déficit fue de 3,5 millones de euros.", "3500000"),
    ("fr", "Tableau 2 (en millions d'euros)\nExportations\t52 300", "Les exportations atteignent 52,3 milliards d'euros.", "52300000000"),
    ("it", "| Voce | Milioni di euro |\n| --- | --- |\n| Export | 2.450 |", "L'export ha raggiunto 2,45 miliardi.", "2450000000"),
    ("nl", "| Post | Miljoen euro |\n| --- | --- |\n| Uitvoer | 780 |", "De uitvoer bedroeg 780 miljoen euro.", "780000000"),
    ("pt", "| Rubrica | Milhões de euros |\n| --- | --- |\n| Exportações | 1.100 |", "As exportações atingiram 1,1 mil milhões de euros.", "1100000000"),
]


@pytest.mark.parametrize(("language", "table", "answer", "cell"), TABLES)
def test_a_table_in_a_stated_scale_is_read_in_that_scale(language: str, table: str, answer: str, cell: str) -> None:
    assert Decimal(cell) in evidence_values([], None, {"T": (table, language)}, language)
    assert unsupported(answer, language, [], (("T", table, language),)) == []


def test_a_table_without_a_scale_and_prose_with_one_are_read_as_they_are() -> None:
    plain = "| Item | Tonnes |\n| --- | --- |\n| Wheat | 1,234 |"
    assert evidence_values([], None, {"T": (plain, "en")}, "en") == (Decimal(1234),)
    prose = "Exports were 3.2 million in 2024 | other"
    assert evidence_values([], None, {"T": (prose, "en")}, "en") == (Decimal(3200000),)
