"""Scoring one answer: changes stated as falls, empty answers, missing answers."""

from __future__ import annotations

from decimal import Decimal

import pytest

from gate.figures import MatchSettings, extract_figures, fall_reading
from gate.model.outcomes import Count
from gate.scoring.answer import score_answer
from gate.model.inputs import Answer, Question

FALLS = [
    # id, language, text, the value of each figure read as a fall (None: not a fall)
    ("en-fell", "en", "Energy prices fell 1.9% in May.", [Decimal("-1.9")]),
    ("en-decreased-by", "en", "GDP decreased by 0.3% in the quarter.", [Decimal("-0.3")]),
    ("en-fell-by-about", "en", "Prices fell by about 2%.", [Decimal("-2")]),
    ("en-decline-of", "en", "Sales showed a decline of $3.2 million.", [Decimal("-3200000")]),
    ("en-fell-to-is-a-level", "en", "Unemployment fell to 5.1%.", [None]),
    ("en-down-from-is-a-level", "en", "Down from 7.9% in 2023.", [None]),
    ("en-rose", "en", "Prices rose 1.9%.", [None]),
    ("fr-a-recule-de", "fr", "Le PIB a reculé de 0,3 % au T2.", [Decimal("-0.3")]),
    ("es-cayo-un", "es", "El paro cayó un 2,1 %.", [Decimal("-2.1")]),
    ("de-sank-um", "de", "Die Quote sank um 0,4 Prozentpunkte.", [Decimal("-0.4")]),
    ("already-negative", "en", "Prices fell -0.4%.", [None]),
    ("en-was-down", "en", "Unemployment was down 0.4% on the year.", [Decimal("-0.4")]),
    ("en-down-from-is-a-level-too", "en", "It was down from 7.9%.", [None]),
    ("en-a-further", "en", "Prices fell by a further 0.4%.", [Decimal("-0.4")]),
    ("en-deficit", "en", "The budget deficit was 3.1% of GDP.", [Decimal("-3.1")]),
    ("en-deficit-of", "en", "A deficit of €1.2 billion.", [Decimal("-1200000000")]),
    ("fr-deficit", "fr", "Le déficit public s'élève à 5,5 % du PIB.", [Decimal("-5.5")]),
    ("fr-s-est-contracte", "fr", "Le PIB s'est contracté de 0,3 %.", [Decimal("-0.3")]),
    ("es-se-contrajo", "es", "El PIB se contrajo un 0,4 %.", [Decimal("-0.4")]),
    ("de-verringerte-sich", "de", "Die Produktion verringerte sich um 0,4 %.", [Decimal("-0.4")]),
    ("de-minus-von", "de", "Ein Minus von 0,4 %.", [Decimal("-0.4")]),
    ("it-e-scesa-dello", "it", "La produzione è scesa dello 0,4%.", [Decimal("-0.4")]),
    ("pt-encolheu", "pt", "A produção encolheu 0,4%.", [Decimal("-0.4")]),
    ("nl-nam-af-met", "nl", "De productie nam af met 0,4%.", [Decimal("-0.4")]),
    ("deficit-other-clause", "en", "The deficit narrowed, and growth was 2.1%.", [None]),
    ("deficit-narrowed-by-is-an-improvement", "en", "The deficit narrowed by 1.0 point.", [None]),
    ("deficit-countries-grew", "en", "Deficit countries grew 2.4% on average.", [None]),
    ("ar-deficit-with-article", "ar", "بلغ العجز ٣٫١٪.", [Decimal("-3.1")]),
    ("de-words-between-verb-and-um", "de", "Die Quote sank im 2. Quartal 2025 um 0,4 Prozentpunkte auf 5,7 %.",
     [Decimal("-0.4"), None]),
    ("de-participle-after", "de", "Die Quote ist um 0,4 Prozentpunkte gesunken.", [Decimal("-0.4")]),
    ("nl-participle-after", "nl", "De werkloosheid is met 0,4% gedaald.", [Decimal("-0.4")]),
    ("de-rise-is-no-fall", "de", "Die Quote ist um 0,4 Prozentpunkte gestiegen.", [None]),
    # a decrease said earlier in the sentence, or a comparative after the amount
    ("en-falling-by", "en", "With prices falling by 0.1% between February and March.", [Decimal("-0.1")]),
    ("en-points-lower", "en", "The rate was 0.3 percentage points lower than a year earlier.", [Decimal("-0.3")]),
    ("nl-procent-lager", "nl", "De productie was 0,5 procent lager dan een jaar eerder.", [Decimal("-0.5")]),
    ("pt-inferior-em", "pt", "Taxa inferior em 0,5 p.p. à registada no mês anterior.", [Decimal("-0.5")]),
    ("it-two-figures-one-verb", "it", "Le esportazioni diminuiscono dello 0,4%, le importazioni del 3,9%.",
     [Decimal("-0.4"), Decimal("-3.9")]),
    ("fr-deficit-soit", "fr", "Le déficit public s'établit à 5,8 % du PIB, après 5,4 % en 2023.",
     [Decimal("-5.8"), Decimal("-5.4")]),
    ("nl-compound-tekort", "nl", "Het begrotingstekort kwam uit op 0,9 procent van het bbp.", [Decimal("-0.9")]),
    ("nl-nam-af-split", "nl", "De werkloosheid nam met 6 duizend per maand af.", [Decimal("-6000")]),
    ("es-decimas-por-debajo", "es", "Se sitúa en el 2,3%, siete décimas por debajo de febrero.", [None, Decimal("-0.7")]),
    ("ar-bi-inkhifad", "ar", "بانخفاض قدره ٠٫٢ نقطة مئوية.", [Decimal("-0.2")]),
    ("en-rose-is-no-fall", "en", "Unemployment rose 1.2% in May.", [None]),
    ("pt-abbreviation-is-no-sentence-end", "pt",
     "Valor inferior em 0,1 p.p. ao do trimestre anterior e em 0,2 p.p. ao do homólogo.",
     [Decimal("-0.1"), Decimal("-0.2")]),
    ("en-a-new-sentence-ends-the-fall", "en", "Exports fell. Imports were 3.1% of GDP.", [None]),
    ("ar-verb-subject-by-rate", "ar", "انخفض معدل البطالة بنسبة ٢٫١٪.", [Decimal("-2.1")]),
    ("ar-glued-by", "ar", "تراجع الناتج ب٣٪.", [Decimal("-3")]),
    ("ar-by-about", "ar", "انخفض بحوالي ١٫٥٪.", [Decimal("-1.5")]),
    ("ar-fell-to-is-a-level", "ar", "انخفض إلى ٥٫١٪.", [None]),
    ("ar-other-clause", "ar", "انخفض معدل البطالة، وبلغ ٥٫١٪.", [None]),
]


@pytest.mark.parametrize("language, text, falls", [c[1:] for c in FALLS], ids=[c[0] for c in FALLS])
def test_fall_reading(language, text, falls):
    figures = extract_figures(text, language)
    assert [None if (f2 := fall_reading(text, f)) is None else f2.value for f in figures] == falls


def question(values, behaviour="answer"):
    return Question("q1", "en", "What changed?", behaviour, tuple(Decimal(v) for v in values))


def answer(text, retrieved, declined=False):
    return Answer("q1", "en", "What changed?", ("S1",), tuple(Decimal(v) for v in retrieved), text, ("S1",), declined)


def test_a_fall_stated_as_a_magnitude_is_supported_by_the_signed_series():
    outcome = score_answer(question(["-1.9"]), answer("Energy prices fell 1.9% (S1).", ["-1.9"]), MatchSettings())
    assert outcome.counts["unsupported_numbers"] == Count(0, 1)
    assert outcome.counts["numeric_accuracy"] == Count(1, 1)
    assert outcome.findings == ()


def test_a_rise_is_not_supported_by_a_fall():
    outcome = score_answer(question(["-1.9"]), answer("Energy prices rose 1.9% (S1).", ["-1.9"]), MatchSettings())
    assert outcome.counts["unsupported_numbers"] == Count(1, 1)
    assert [f.code for f in outcome.findings] == ["numeric_mismatch", "unsupported_figure"]


def test_a_missing_answer_fails_every_measure_it_counts_in():
    outcome = score_answer(question(["7.6"]), None, MatchSettings())
    assert outcome.counts["numeric_accuracy"] == Count(0, 1) and outcome.counts["answer_rate"] == Count(0, 1)
    assert [(f.measure, f.code) for f in outcome.findings] == [("numeric_accuracy", "no_answer_logged"), ("answer_rate", "no_answer_logged")]
    declined = score_answer(question([], "decline"), None, MatchSettings())
    assert declined.counts["refusal_accuracy"] == Count(0, 1)


def test_numeric_accuracy_needs_every_expected_value():
    outcome = score_answer(question(["7.6", "7.9"]), answer("It was 7.6% (S1).", ["7.6", "7.9"]), MatchSettings())
    assert outcome.counts["numeric_accuracy"] == Count(0, 1)
    assert outcome.findings[0].message == "expected 7.9; the answer states 7.6%"


def test_a_passage_in_another_language_supports_a_figure_read_its_own_way():
    q = Question("q1", "fr", "Combien ?", "answer", (Decimal("7.6"),))
    text = "Le taux est de 7,6 % et l'on compte 1 234 décès (S1)."
    base = dict(question_id="q1", language="fr", question="Combien ?", retrieved_ids=("S1",),
                retrieved_values=(Decimal("7.6"),), answer=text, cited_ids=("S1",), declined=False)
    own = score_answer(q, Answer(**base, retrieved_passages=(("P1", "There were 1,234 deaths.", "en"),)), MatchSettings())
    alone = score_answer(q, Answer(**base, retrieved_passages=(("P1", "There were 1,234 deaths.", None),)), MatchSettings())
    assert own.counts["unsupported_numbers"] == Count(0, 2)
    assert alone.counts["unsupported_numbers"] == Count(1, 2)


@pytest.mark.parametrize(
    "text, retrieved, expected, unsupported",
    [
        # the share a ratio states supports it, in numeric accuracy and in evidence
        ("About 6 in 10 adults (S1).", ["58.7"], ["58.7"], Count(0, 1)),
        ("About 6 in 10 adults (S1).", ["0.587"], ["0.587"], Count(0, 1)),
        # ... as does the count itself: "12 out of 27 member states"
        ("Unemployment fell in 12 out of 27 member states (S1).", ["12"], ["12"], Count(0, 1)),
        # a share too far is a finding
        ("About 6 in 10 adults (S1).", ["66"], ["66"], Count(1, 1)),
    ],
)
def test_a_ratio_is_supported_by_its_share_or_its_count(text, retrieved, expected, unsupported):
    outcome = score_answer(question(expected), answer(text, retrieved), MatchSettings())
    assert outcome.counts["unsupported_numbers"] == unsupported
    assert outcome.counts["numeric_accuracy"] == Count(1 if unsupported == Count(0, 1) else 0, 1)


def test_an_unsupported_ratio_says_the_share_it_was_read_as():
    outcome = score_answer(question(["61.8"]), answer("About 7 in 10 adults (S1).", ["61.8"]), MatchSettings())
    (finding,) = [f for f in outcome.findings if f.measure == "unsupported_numbers"]
    assert finding.message == (
        "'7' (about 7, to the nearest 1) is not within 0.5 of any retrieved value; nearest 61.8; "
        "read as a share, '7 in 10' (about 70 percent, to the nearest 10) is not within 5 of any "
        "retrieved value; nearest 61.8"
    )


def test_a_figure_whose_opposite_is_retrieved_says_so():
    outcome = score_answer(question(["7.9"]), answer("The rate was 7.9%, and the change 0.5 points (S1).", ["7.9", "0.2", "-0.5"]),
                           MatchSettings())
    (finding,) = [f for f in outcome.findings if f.measure == "unsupported_numbers"]
    assert finding.message == (
        "'0.5' (0.5, to the nearest 0.1) is not within 0.05 of any retrieved value; nearest 0.2; "
        "-0.5, the same size with the opposite sign, is among them"
    )
