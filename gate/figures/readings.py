"""Alternative readings of a figure: a change stated as a fall or a deficit, and the
share a ratio states. The scorer accepts a figure when any reading is supported.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from decimal import Decimal
from importlib import import_module
from typing import Any

from gate.figures.compounds import _RATIO_NEXT, _RATIO_NEXT_NOUN, _RATIO_Y, _plain_number
from gate.figures.extract import extract_figures
from gate.figures.languages import DECREASE_IN_CLAUSE, DECREASE_WORDS, INCREASE_WORDS, LOWER_WORDS
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
        tail = extract_figures(text[m.end() : m.end() + 40], language)
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
    r"(?:\s+(?:by|of|de|du|del|de\s+la|en|un|una|um|di|del|dello|della|met|van|em|von|بنسبة|بمقدار))?"
    r"(?:\s+(?:a\s+)?further)?"
    r"(?:\s+(?:about|around|nearly|almost|roughly|some|just|over|under|more\s+than|less\s+than|"
    r"environ|près\s+de|presque|plus\s+de|moins\s+de|casi|alrededor\s+del?|más\s+de|menos\s+de|"
    r"rund|etwa|fast|über|knapp|quase|cerca\s+de|mais\s+de|circa|quasi|oltre|ongeveer|bijna|ruim|"
    r"ب?حوالي|ب?نحو|قرابة|أكثر\s+من|أقل\s+من))?"
    r"\s*(?:بـ?)?[-−]?\s*[$€£¥]?\s*$",
    re.IGNORECASE,
)


# Arabic puts the subject between the verb and the amount ("انخفض معدل البطالة بنسبة
# ٢٪": fell the unemployment rate by 2%): up to three words of the same clause may
# stand between them when "by" (بنسبة, بمقدار, a glued ب) introduces the amount.
_FALL_AR_VERBS = r"انخفض|انخفضت|تراجع|تراجعت|هبط|هبطت|انكمش|انكمشت"
_FALL_AR = re.compile(
    r"(?:" + _FALL_AR_VERBS + r")"
    r"(?:\s+[^\s\d.,;:،؛]+){0,3}?"
    r"\s+(?:(?:بنسبة|بمقدار)(?:\s+(?:حوالي|نحو|قرابة))?\s*|ب(?:حوالي|نحو)?\s*(?:ـ\s*)?)[-−]?$"
)


# German puts other words between the verb and "um" ("sank im 2. Quartal 2025 um 0,4
# Prozentpunkte"), or the participle after the amount ("ist um 0,4 % gesunken", Dutch "is
# met 0,4% gedaald").
_FALL_DE_VERBS = r"sank|sanken|fiel|fielen|verringerte|verringerten|schrumpfte|schrumpften|ging|gingen"
_FALL_DE = re.compile(
    r"(?i)\b(?:" + _FALL_DE_VERBS + r")\b"
    r"[^;:!?]{0,40}?\s+um\s*[-−]?\s*$"
)
_BY_BEFORE = re.compile(r"(?i)\b(?:um|met)\s*$")
_FALL_AFTER_WORDS = r"gesunken|gefallen|zurückgegangen|geschrumpft|gedaald|afgenomen|gekrompen|af"
_FALL_AFTER = re.compile(r"(?i)(?:\s+[^\s\d.;:!?]+){0,3}?\s+(?:" + _FALL_AFTER_WORDS + r")\b")
# A deficit is stated as a magnitude and stored signed ("a deficit of 3.1% of GDP"
# against a balance of -3.1): the words of the same clause up to the number.
_DEFICIT_WORDS = r"deficits?|déficits?|defizits?|disavanzo|tekort"
_DEFICIT = re.compile(
    r"(?:\b(?:" + _DEFICIT_WORDS + r")|(?<![^\W\d_])(?:ال)?عجز)"
    r"(?:\s+(?:public|publics|budgétaire|budget|fiscal|primary|primaire|público|primário|pubblico|"
    r"öffentliche|staatliche|begrotingstekort))?"
    r"(?:\s+(?:was|is|stood\s+at|reached|amounted\s+to|came\s+to|of|at|to|de|du|s'élève\s+à|s'établit\s+à|"
    r"était\s+de|est\s+de|a\s+atteint|atteint|von|betrug|beträgt|lag\s+bei|liegt\s+bei|fue\s+de|es\s+de|"
    r"del|foi\s+de|é\s+de|do|è\s+stato|è\s+pari\s+al|è|pari\s+al|di|bedroeg|bedraagt|van|بلغ|قدره))*"
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
    if figure.value <= 0 or not _may_fall(text):
        return None
    before = text[max(0, figure.start - 60) : figure.start]
    if not (
        _FALL.search(before)
        or _FALL_AR.search(before)
        or _DEFICIT.search(before)
        or _FALL_DE.search(before)
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
_LEVEL_AFTER_DECREASE = re.compile(r"(?i)\s+(?:to|from|at|à|au|auf|op|naar|para|até|al|a|إلى|الى|من)\b")
_INCREASE = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + INCREASE_WORDS + r")"
)
# A word of decrease or deficit earlier in the same sentence ("with prices falling by 0.1%",
# "le esportazioni diminuiscono dello 0,4%, le importazioni del 3,9%", "recuo de 24,6%",
# "le déficit s'établit à 169,6 milliards d'euros, soit 5,8 % du PIB, après 5,4 %").
_DECREASE_IN_CLAUSE = re.compile(
    r"(?i)(?<![^\W\d_])(?:" + DECREASE_IN_CLAUSE + r")"
)



# Every test of :func:`fall_reading` needs one of these words in the text: a word of
# decrease, deficit or lower level ("um"/"met" alone needs a participle after the figure).
# When none is there, no figure of the text reads as a fall, which :func:`_may_fall` tells
# once per text instead of seven searches per figure. Each table with whether its patterns
# end at a word boundary; all but the Arabic verbs and "عجز" start a run of letters.
_P: Any = import_module("re._parser")  # the standard library's own parser, to read the word tables
_FALL_WORDS = ((DECREASE_WORDS, False), (DECREASE_IN_CLAUSE, False), (LOWER_WORDS, True), (_DEFICIT_WORDS, False),
               (_FALL_DE_VERBS, True), (_FALL_AFTER_WORDS, True))
_FALL_INSIDE = (*_FALL_AR_VERBS.split("|"), "عجز")  # may start inside a word ("وانخفض", "العجز")


def _literal_starts(items: Any) -> tuple[set[str], bool]:
    """The literal beginnings, one of which every match of the parsed pattern ``items``
    starts with (``\\s+`` read as one space, as :func:`_may_fall` reads the text), and
    whether they are whole matches."""
    out = {""}
    for op, av in items:
        if op is _P.LITERAL:
            step, whole = {chr(av)}, True
        elif op is _P.IN and av and all(o is _P.LITERAL for o, _ in av):
            step, whole = {chr(c) for _, c in av}, True
        elif op is _P.MAX_REPEAT and av[0] == 1 and list(av[2]) == [(_P.IN, [(_P.CATEGORY, _P.CATEGORY_SPACE)])]:
            step, whole = {" "}, True  # \s+: one space in the text as _may_fall reads it
        elif op is _P.SUBPATTERN:
            step, whole = _literal_starts(av[-1])
        elif op is _P.BRANCH:
            parts = [_literal_starts(b) for b in av[1]]
            step = set().union(*(p for p, _ in parts))
            whole = all(w for _, w in parts)
        else:
            return out, False
        grown = {p + q for p in out for q in step}
        if len(grown) > 4096:
            return out, False
        out = grown
        if not whole:
            return out, False
    return out, True


_Hints = tuple[dict[str, tuple[tuple[str, bool], ...]], tuple[str, ...]]


def _fall_hints() -> _Hints | None:
    """The beginnings of :data:`_FALL_WORDS`, casefolded: those of letters alone, which
    start a run of letters, keyed by their first three letters ("" for a shorter one),
    each with whether it is a whole word (the run of letters must end after it); and the
    others, looked for anywhere: with a space or an apostrophe ("de moins"), inside a word
    ("[\\w]*tekort": "tekort") and :data:`_FALL_INSIDE`. None when a word has no such
    beginning (then every text may hold a fall)."""
    starts: dict[str, set[tuple[str, bool]]] = {}
    inside = set(_FALL_INSIDE)
    for words, bounded in _FALL_WORDS:
        tree = list(_P.parse(words))
        alternatives = [list(b) for b in tree[0][1][1]] if len(tree) == 1 and tree[0][0] is _P.BRANCH else [tree]
        for items in alternatives:
            found, whole = _literal_starts(items)
            if all(w and _LETTER.match(w) for w in found):
                for w in found:
                    w = w.casefold()
                    if w.isalpha():
                        starts.setdefault(w[:3] if len(w) >= 3 else "", set()).add((w, bounded and whole))
                    else:
                        inside.add(w)  # "de moins", "s'élève": anywhere in the text (more often)
                continue
            if items and items[0][0] is _P.MAX_REPEAT and items[0][1][0] == 0:
                found = _literal_starts(items[1:])[0]  # "[\\w]*tekort": anywhere in a word
                if all(found):
                    inside.update(w.casefold() for w in found)
                    continue
            return None
    return {k: tuple(sorted(v)) for k, v in starts.items()}, tuple(sorted(inside))


_LETTER = re.compile(r"[^\W\d_]")
_LETTER_RUN = re.compile(r"[^\W\d_]+")
_FALL_HINTS = _fall_hints()


@functools.lru_cache(maxsize=256)
def _may_fall(text: str) -> bool:
    """Whether some figure of ``text`` may read as a fall: a beginning of
    :data:`_FALL_WORDS` (see :func:`_fall_hints`) in the text, casefolded, spaces as one.
    Only ever "maybe" more often than the readings."""
    if _FALL_HINTS is None:
        return True
    starts, inside = _FALL_HINTS
    folded = " ".join(text.casefold().split())
    if any(w in folded for w in inside):
        return True
    short = starts.get("", ())  # beginnings of one or two letters
    for run in set(_LETTER_RUN.findall(folded)):
        for start, word in starts.get(run[:3], ()) + short if short else starts.get(run[:3], ()):
            if run.startswith(start) and not (word and len(run) > len(start)):
                return True
    return False
