"""Alternative readings of a figure: a change stated as a fall or a deficit, and the
share a ratio states. The scorer accepts a figure when any reading is supported.
"""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal

from gate.figures.compounds import _RATIO_NEXT, _RATIO_NEXT_NOUN, _RATIO_Y, _plain_number
from gate.figures.extract import extract_figures
from gate.figures.languages import (
    DECREASE_IN_CLAUSE,
    DECREASE_PARTICIPLES,
    DECREASE_WORDS,
    DEFICIT_KINDS,
    DEFICIT_VERBS,
    DEFICIT_WORDS,
    FALL_ACROSS_WORDS,
    FALL_BY,
    FALL_BY_BEFORE_PARTICIPLE,
    FALL_FURTHER,
    FALL_HEDGES,
    INCREASE_WORDS,
    LEVEL_AFTER_DECREASE,
    LOWER_WORDS,
)
from gate.figures.model import _CTX, _HUNDRED, Figure


def ratio_reading(text: str, figure: Figure, language: str) -> Figure | None:
    """The share a ratio states, when ``figure`` is its first number.

    "6 in 10", "one in five", "nueve de cada diez", "1 sur 4": the figure read
    as the percentage 100 X / Y rounded to a whole percent, with the figure's
    hedge. A ratio over ten or fewer stands for its share within 5 points
    (writers pick the simple fraction nearest the value: "6 in 10" is 55% to
    65%, "1 in 3" 28% to 38%), one over more within half a point ("12 out of
    27" is 44%, 43.5% to 44.5%). None when the figure starts no ratio (X and
    Y whole, 0 < X <= Y <= 1,000, no unit). The scorer accepts a figure when
    either reading is supported, so this only ever removes false alarms.
    """
    if figure.percent or figure.exponent != 0 or figure.value <= 0 or not _plain_number(figure.text):
        return None
    m = _RATIO_NEXT.match(text, figure.end)
    if m is None and figure.text == "1":
        m = _RATIO_NEXT_NOUN.match(text, figure.end)
    if m is None:
        return None
    ym = _RATIO_Y.match(text, m.end())
    if ym is not None:
        y, y_end = Decimal(ym.group()), ym.end()
    else:
        tail = extract_figures(text[m.end() : m.end() + 40], language, counts=True)
        if not tail or tail[0].start != 0 or tail[0].exponent != 0:
            return None
        y, y_end = tail[0].value, m.end() + tail[0].end
    if not (2 <= y <= 1000 and figure.value <= y):
        return None
    share = _CTX.divide(_CTX.multiply(figure.value, _HUNDRED), y).to_integral_value(rounding="ROUND_HALF_UP")
    return Figure(text[figure.start : y_end], figure.start, y_end, Decimal(int(share)), 1 if y <= 10 else 0, True, figure.hedge)


# A change stated with a verb or noun of decrease ("fell 1.9%", "a reculé de 0,3 %",
# "cayó un 2 %") is written as a magnitude; statistical series store it signed (-1.9).
# Only the connectors that mean "by" may stand between the word and the number: "fell to
# 5.1%" states a level, not a change.
_FALL = re.compile(
    r"(?:\b(?:" + DECREASE_WORDS + r"))"
    r"(?:\s+(?:" + FALL_BY + r"))?"
    r"(?:\s+(?:" + FALL_FURTHER + r"))?"
    r"(?:\s+(?:" + FALL_HEDGES + r"))?"
    r"\s*(?:بـ?)?[-−]?\s*[$€£¥]?\s*$",
    re.IGNORECASE,
)


# Arabic puts the subject between the verb and the amount ("انخفض معدل البطالة بنسبة
# ٢٪": fell the unemployment rate by 2%), German other words between the verb and "um"
# ("sank im 2. Quartal 2025 um 0,4 Prozentpunkte"): each language's pattern
# (``fall_across_words``). German and Dutch may put the participle after the amount ("ist
# um 0,4 % gesunken", "is met 0,4% gedaald").
_FALL_ACROSS = tuple(re.compile(p) for p in FALL_ACROSS_WORDS.values())
_BY_BEFORE = re.compile(r"(?i)\b(?:" + FALL_BY_BEFORE_PARTICIPLE + r")\s*$")
_FALL_AFTER = re.compile(r"(?i)(?:\s+[^\s\d.;:!?]+){0,3}?\s+(?:" + DECREASE_PARTICIPLES + r")\b")
# A deficit is stated as a magnitude and stored signed ("a deficit of 3.1% of GDP"
# against a balance of -3.1): the words of the same clause up to the number.
_DEFICIT = re.compile(
    r"(?:" + DEFICIT_WORDS + r")"
    r"(?:\s+(?:" + DEFICIT_KINDS + r"))?"
    r"(?:\s+(?:" + DEFICIT_VERBS + r"))*"
    r"\s*[-−]?\s*[$€£¥]?\s*$",
    re.IGNORECASE,
)


def fall_reading(text: str, figure: Figure) -> Figure | None:
    """The figure read as a fall, when a word of decrease (or deficit) states it.

    "Energy prices fell 1.9%" states the change -1.9 as the magnitude 1.9; a series stores
    -1.9. Returns the figure with its value negated when a verb or noun of decrease (en, fr,
    es, de, pt, it, nl, ar), optionally followed by a connector meaning "by" and a hedge, stands
    right before it in the same clause; None otherwise (and for a figure that is already
    negative or zero). The scorer accepts a figure when either reading is supported, so this
    only ever removes false alarms.
    """
    if figure.value <= 0:
        return None
    before = text[max(0, figure.start - 60) : figure.start]
    if not (
        _FALL.search(before)
        or _DEFICIT.search(before)
        or any(p.search(before) for p in _FALL_ACROSS)
        or (_BY_BEFORE.search(before) and _FALL_AFTER.match(text, figure.end))
        or _LOWER_AFTER.match(text, figure.end)
        or _decrease_in_clause(_clause_before(text, figure.start))
    ):
        return None
    return dataclasses.replace(figure, value=-figure.value)


def _decrease_in_clause(clause: str) -> bool:
    """A word of decrease or deficit governs the end of ``clause``: the last one is not
    followed by a preposition of level ("fell to 5.1%", "down from 7.9%") nor by a word of
    increase or level before the end ("deficit countries grew 2.4%", "انخفض ...، وبلغ")."""
    last = None
    for last in _DECREASE_IN_CLAUSE.finditer(clause):
        pass
    if last is None:
        return False
    rest = clause[last.end() :]
    return not _LEVEL_AFTER_DECREASE.match(rest) and not _INCREASE.search(rest)


def _clause_before(text: str, start: int) -> str:
    """The text of the sentence before ``start``, at most 120 characters back."""
    lo = max(0, start - 120)
    cut = max(text.rfind("; ", lo, start), text.rfind("\n", lo, start))
    i = start
    while True:  # a sentence ends at ". " before a capital or a digit, not in "p.p. ao"
        i = max(text.rfind(". ", lo, i), text.rfind("! ", lo, i), text.rfind("? ", lo, i))
        if i <= cut:
            break
        following = text[i + 2 : i + 3]
        if following.isupper() or following.isdigit():
            cut = i
            break
    return text[cut + 1 if cut >= 0 else lo : start]


# A comparative of decrease right after the amount: "0.3 points lower than a year earlier",
# "0,5 p.p. inferior", "0,5 procent lager", "3,7 puntos menos", "0,75 ponto percentual abaixo".
_LOWER_AFTER = re.compile(
    r"(?i)(?:\s+[^\W\d_]+\.?){0,3}?\s+(?:" + LOWER_WORDS + r")\b"
)
_LEVEL_AFTER_DECREASE = re.compile(r"(?i)\s+(?:" + LEVEL_AFTER_DECREASE + r")\b")
_INCREASE = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + INCREASE_WORDS + r")"
)
# A word of decrease or deficit earlier in the same sentence ("with prices falling by 0.1%",
# "le esportazioni diminuiscono dello 0,4%, le importazioni del 3,9%", "recuo de 24,6%",
# "le déficit s'établit à 169,6 milliards d'euros, soit 5,8 % du PIB, après 5,4 %").
_DECREASE_IN_CLAUSE = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + DECREASE_IN_CLAUSE + r")"
)
