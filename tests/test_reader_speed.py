"""The shortcuts of the faster reader and scorer change no result (issue 12, item 3).

Each shortcut skips work only where the work would find nothing: these tests run the
skipped work anyway on every text the suite's cases and examples hold, in every language,
and compare.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from gate.figures import MatchSettings, extract_figures, readings
from gate.scoring.answer import _Readings, _support, score_answer
from gate.model.inputs import Answer, Question

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "fr", "es", "de", "pt", "it", "nl", "ar")


def _texts() -> list[str]:
    texts: list[str] = []

    def walk(x: object) -> None:
        if isinstance(x, str) and len(x) > 3:
            texts.append(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for path in sorted([*ROOT.glob("tests/cases/*.jsonl"), *ROOT.glob("examples/**/*.jsonl")]):
        for line in path.read_text("utf-8").splitlines():
            if line.strip():
                walk(json.loads(line))
    return list(dict.fromkeys(texts))


TEXTS = _texts()


def test_the_fall_hint_is_built_from_the_word_tables():
    # None would mean "every text may hold a fall": correct, but the shortcut would be lost
    hints = readings._fall_hints()
    assert hints is not None
    starts, inside = hints
    assert ("fell", False) in starts["fel"] and ("gesunken", True) in starts["ges"]
    assert "de moins" in inside and "tekort" in inside and "انخفض" in inside


@pytest.mark.parametrize("text, may", [
    ("Energy prices fell 1.9% in May.", True),
    ("Le chômage a reculé de 0,3 point.", True),
    ("Die Exporte sind um 0,4 % gesunken.", True),
    ("The begrotingstekort was 2,1%.", True),
    ("انخفض معدل البطالة بنسبة ٢٪", True),
    ("0,5 % de moins qu'en 2024", True),
    ("Unemployment stood at 7.6% in 2024.", False),
    ("La population atteignait 2 732 393 habitants en 2006.", False),
    ("After the afternoon, 5 affordable homes.", False),  # "af" is a whole word only
])
def test_may_fall_says_maybe_where_a_word_of_decrease_stands(text, may):
    assert readings._may_fall(text) is may


@pytest.mark.pure_core("replaces readings._may_fall, which the compiled fall_reading calls directly")
def test_fall_readings_are_the_same_with_and_without_the_hint(monkeypatch):
    texts = TEXTS + [
        "Energy prices fell 1.9% and exports dropped by about 3 percent; the deficit was 4.1% of GDP.",
        "Le déficit s'établit à 169,6 milliards d'euros, soit 5,8 % du PIB, après 5,4 %.",
        "Die Arbeitslosenquote sank im 2. Quartal 2025 um 0,4 Prozentpunkte; sie ist um 0,2 % gesunken.",
        "El paro cayó un 2 % y quedó 3,7 puntos menos que en 2024.",
        "De werkloosheid is met 0,4% gedaald; het begrotingstekort was 2,1%.",
        "انخفض معدل البطالة بنسبة ٢٪ في عام ٢٠٢٤",
    ]
    pairs = [(t, lang, f) for t in texts for lang in LANGUAGES for f in extract_figures(t, lang)]
    assert len(pairs) > 500
    fast = [readings.fall_reading(t, f) for t, _, f in pairs]
    monkeypatch.setattr(readings, "_may_fall", lambda text: True)
    slow = [readings.fall_reading(t, f) for t, _, f in pairs]
    assert fast == slow
    assert sum(r is not None for r in slow) >= 10  # the comparison covers falls, not only None


def test_the_readings_of_an_answer_support_as_the_plain_test_does():
    settings = MatchSettings()
    text = "Prices fell 1.9% while 6 in 10 households, about 45,000, had 7.6% more."
    figures = extract_figures(text, "en")
    values_sets = [(Decimal("-1.9"),), (Decimal("58.7"),), (Decimal("45210"), Decimal("7.6")), (), (Decimal("3"),)]
    cached = _Readings(text, "en", settings)
    for values in values_sets:
        for f in figures:
            assert cached.support(f, values) == _support(f, values, text, "en", settings)
        assert cached.any_supports(figures, values) == any(
            _support(f, values, text, "en", settings).supported for f in figures)


def test_an_answer_scores_the_same_whatever_the_order_the_readings_are_asked_in():
    question = Question(question_id="q1", language="en", text="What happened to prices?",
                        expected_behaviour="answer", expected_values=(Decimal("-1.9"), Decimal("58.7")))
    answer = Answer(question_id="q1", language="en", question="", retrieved_ids=(),
                    retrieved_values=(Decimal("-1.9"), Decimal("58.7")),
                    answer="Prices fell 1.9%; 6 in 10 households had 12 cars.", cited_ids=(), declined=False)
    outcome = score_answer(question, answer, MatchSettings())
    assert outcome.counts["numeric_accuracy"].numerator == 1
    assert outcome.counts["unsupported_numbers"].numerator == 1  # the 12
    assert outcome.counts["unsupported_numbers"].denominator == 3
