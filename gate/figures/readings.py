"""Alternative readings of a figure: a change stated as a fall or a deficit, and the
share a ratio states. The scorer accepts a figure when any reading is supported.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from decimal import Decimal
from importlib import import_module
from typing import Any, NamedTuple

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
#: Kana, ideographs and hangul: a word of decrease glued to the one before it or to the
#: amount ("失业率下降0.5个百分点", "0.5ポイント低下").
_GLUED = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
#: The same class in a pattern read without case (none of these characters has one): as
#: ``(?-i:...)`` it compiles in a third of the time, matching the same characters.
_GLUED_CLASS = "(?-i:[" + _GLUED + "])"
# The patterns of the readings below are written here and compiled on the first fall
# looked for (:func:`_fall_patterns`): a run whose figures are all supported as written
# never compiles them.
_FALL = (
    r"(?i)(?:(?:\b|(?<=" + _GLUED_CLASS + r"))(?:" + DECREASE_WORDS + r"))"
    r"(?:\s+(?:" + FALL_BY + r"))?"
    r"(?:\s+(?:" + FALL_FURTHER + r"))?"
    r"(?:\s+(?:" + FALL_HEDGES + r"))?"
    r"\s*(?:بـ?)?[-−]?\s*[$€£¥]?\s*$"
)


# Arabic puts the subject between the verb and the amount ("انخفض معدل البطالة بنسبة
# ٢٪": fell the unemployment rate by 2%), German other words between the verb and "um"
# ("sank im 2. Quartal 2025 um 0,4 Prozentpunkte"): each language's pattern
# (``fall_across_words``, compiled in :func:`_fall_patterns`). German and Dutch may put the participle after the amount ("ist
# um 0,4 % gesunken", "is met 0,4% gedaald").
_BY_BEFORE = r"(?i)\b(?:" + FALL_BY_BEFORE_PARTICIPLE + r")\s*$"
_FALL_AFTER = r"(?i)(?:\s+[^\s\d.;:!?]+){0,3}?\s+(?:" + DECREASE_PARTICIPLES + r")\b"
# A deficit is stated as a magnitude and stored signed ("a deficit of 3.1% of GDP"
# against a balance of -3.1): the words of the same clause up to the number.
_DEFICIT = (
    r"(?i)(?:" + DEFICIT_WORDS + r")"
    r"(?:\s+(?:" + DEFICIT_KINDS + r"))?"
    r"(?:\s+(?:" + DEFICIT_VERBS + r"))*"
    r"\s*[-−]?\s*[$€£¥]?\s*$"
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
    p = _fall_patterns()
    before = text[max(0, figure.start - 60) : figure.start]
    if not (
        p.fall.search(before)
        or p.deficit.search(before)
        or any(across.search(before) for across in p.across)
        or (p.by_before.search(before) and p.after.match(text, figure.end))
        or p.lower_after.match(text, figure.end)
        or _decrease_in_clause(_clause_before(text, figure.start), p)
    ):
        return None
    return dataclasses.replace(figure, value=-figure.value)


def _decrease_in_clause(clause: str, p: _FallPatterns) -> bool:
    """A word of decrease or deficit governs the end of ``clause``: the last one is not
    followed by a preposition of level ("fell to 5.1%", "down from 7.9%") nor by a word of
    increase or level before the end ("deficit countries grew 2.4%", "انخفض ...، وبلغ")."""
    last = None
    for last in p.decrease_in_clause.finditer(clause):
        pass
    if last is None:
        return False
    rest = clause[last.end() :]
    return not p.level_after_decrease.match(rest) and not p.increase.search(rest)


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
_LOWER_AFTER = (
    r"(?i)(?:(?:\s+[^\W\d_]+\.?){0,3}?\s+(?:" + LOWER_WORDS + r")\b"
    r"|" + _GLUED_CLASS + r"{0,8}?(?:" + LOWER_WORDS + r")(?<=" + _GLUED_CLASS + r"))"  # "0.5ポイント低下"
)
_LEVEL_AFTER_DECREASE = r"(?i)\s+(?:" + LEVEL_AFTER_DECREASE + r")\b"
_INCREASE = r"(?i)(?<![^\W\d_])(?:" + INCREASE_WORDS + r")"
# A word of decrease or deficit earlier in the same sentence ("with prices falling by 0.1%",
# "le esportazioni diminuiscono dello 0,4%, le importazioni del 3,9%", "recuo de 24,6%",
# "le déficit s'établit à 169,6 milliards d'euros, soit 5,8 % du PIB, après 5,4 %").
_DECREASE_IN_CLAUSE = r"(?i)(?<![^\W\d_])(?:" + DECREASE_IN_CLAUSE + r")"


class _FallPatterns(NamedTuple):
    """The patterns of :func:`fall_reading`, compiled (the sources above)."""

    fall: re.Pattern[str]
    deficit: re.Pattern[str]
    across: tuple[re.Pattern[str], ...]  # each language's verb of decrease apart from "by"
    by_before: re.Pattern[str]
    after: re.Pattern[str]
    lower_after: re.Pattern[str]
    level_after_decrease: re.Pattern[str]
    increase: re.Pattern[str]
    decrease_in_clause: re.Pattern[str]


@functools.cache
def _fall_patterns() -> _FallPatterns:
    """The patterns of :func:`fall_reading`, compiled once, on its first use."""
    return _FallPatterns(
        re.compile(_FALL), re.compile(_DEFICIT), tuple(re.compile(p) for p in FALL_ACROSS_WORDS.values()),
        re.compile(_BY_BEFORE), re.compile(_FALL_AFTER), re.compile(_LOWER_AFTER),
        re.compile(_LEVEL_AFTER_DECREASE), re.compile(_INCREASE), re.compile(_DECREASE_IN_CLAUSE),
    )


# Every test of :func:`fall_reading` needs one of these words in the text: a word of
# decrease, deficit or lower level, a participle of decrease ("um"/"met" alone needs one
# after the figure), a pattern across words. When none is there, no figure of the text
# reads as a fall, which :func:`_may_fall` tells once per text instead of the searches per
# figure. Each table with where its patterns stand: at the start of a run of letters
# ("run"), there and ending at a word boundary ("word"), or anywhere ("inside").
_FALL_WORDS = (
    (DECREASE_WORDS, "run"),  # _FALL: after \b
    (DECREASE_IN_CLAUSE, "run"),  # _DECREASE_IN_CLAUSE: after no letter
    (LOWER_WORDS, "word"),  # _LOWER_AFTER: after a space, before \b
    (DECREASE_PARTICIPLES, "word"),  # _FALL_AFTER: after a space, before \b
    (DEFICIT_WORDS, "inside"),  # _DEFICIT: each language's own boundaries
    *((p, "inside") for p in FALL_ACROSS_WORDS.values()),
)
_P: Any = import_module("re._parser")  # the standard library's own parser, to read the word tables


def _literal_starts(items: Any) -> tuple[set[str], bool]:
    """The literal beginnings, one of which every match of the parsed pattern ``items``
    starts with (``\\s+`` read as one space, as :func:`_may_fall` reads the text), and
    whether they are whole matches."""
    out = {""}
    for op, av in items:
        if op is _P.AT or op is _P.ASSERT or op is _P.ASSERT_NOT:
            continue  # zero-width: without it, more texts match, never fewer
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


@functools.cache
def _fall_hints() -> _Hints | None:
    """The beginnings of :data:`_FALL_WORDS`, casefolded. Those of letters alone of a table
    read at the start of a run of letters, keyed by their first three letters ("" for a
    shorter one), each with whether it is a whole word (the run of letters must end after
    it); the others are looked for anywhere: a beginning with a space or an apostrophe ("de
    moins"), one inside a word ("[\\w]*tekort": "tekort"), every one of an "inside" table.
    None when a pattern has no such beginning (then every text may hold a fall)."""
    starts: dict[str, set[tuple[str, bool]]] = {}
    inside: set[str] = set()
    letter, glued_letter = re.compile(r"[^\W\d_]"), re.compile("[" + _GLUED + "]")
    for words, where in _FALL_WORDS:
        tree = list(_P.parse(words))
        alternatives = [list(b) for b in tree[0][1][1]] if len(tree) == 1 and tree[0][0] is _P.BRANCH else [tree]
        for items in alternatives:
            found, whole = _literal_starts(items)
            if all(w and glued_letter.search(w) for w in found):
                inside.update(w.casefold() for w in found)  # written glued: anywhere
                continue
            if where != "inside" and all(w and letter.match(w) for w in found):
                for w in found:
                    w = w.casefold()
                    if w.isalpha():
                        key = w[:3] if len(w) >= 3 else ""
                        starts.setdefault(key, set()).add((w, where == "word" and whole))
                    else:
                        inside.add(w)  # "de moins", "s'élève": anywhere in the text (more often)
                continue
            if all(found):
                inside.update(w.casefold() for w in found)
                continue
            while items and items[0][0] in (_P.AT, _P.ASSERT, _P.ASSERT_NOT):
                items = items[1:]
            if items and items[0][0] is _P.MAX_REPEAT and items[0][1][0] == 0:
                found = _literal_starts(items[1:])[0]  # "[\\w]*tekort", "(?:ال)?عجز": anywhere
                if all(found):
                    inside.update(w.casefold() for w in found)
                    continue
            return None
    return {k: tuple(sorted(v)) for k, v in starts.items()}, tuple(sorted(inside))




def _fall_start(hints: _Hints) -> re.Pattern[str]:
    """One pattern for the beginnings of :func:`_fall_hints` read at the start of a run of
    letters (keyed by their first letters there): each after no letter, a whole word
    also before none. A match in the folded text is what a test run by run of letters
    would find: a run that starts with a beginning (and is it, for a whole word). The
    beginnings are written as a tree of their letters, each first letter followed by the
    test that no letter stands before it, so that the engine scans for first letters in C."""
    tree: dict[str, Any] = {}
    for group in hints[0].values():
        for word, whole in group:
            node = tree
            for c in word:
                node = node.setdefault(c, {})
            node[""] = node.get("", True) and whole  # a beginning ends here: is it a whole word?
    first = (re.escape(c) + r"(?<![^\W\d_].)" + _branches(sub) for c, sub in sorted(tree.items()))
    return re.compile("(?:" + "|".join(first) + ")")


def _branches(node: dict[str, Any]) -> str:
    """The pattern of a subtree of :func:`_fall_start`: what may follow to end a beginning."""
    if node.get("") is False:
        return ""  # a beginning that need not be a whole word ends here: the rest is free
    options = [re.escape(c) + _branches(sub) for c, sub in sorted(node.items()) if c]
    if "" in node:
        options.append(r"(?![^\W\d_])")  # a whole word ends here
    return options[0] if len(options) == 1 else "(?:" + "|".join(options) + ")"


@functools.cache
def _fall_start_pattern() -> re.Pattern[str] | None:
    """:func:`_fall_start` of the hints, built on the first text asked about; None without hints."""
    hints = _fall_hints()
    return _fall_start(hints) if hints is not None else None


@functools.lru_cache(maxsize=256)
def _may_fall(text: str) -> bool:
    """Whether some figure of ``text`` may read as a fall: a beginning of
    :data:`_FALL_WORDS` (see :func:`_fall_hints`) in the text, casefolded, spaces as one.
    Only ever "maybe" more often than the readings."""
    hints, start = _fall_hints(), _fall_start_pattern()
    if hints is None or start is None:
        return True
    folded = " ".join(text.casefold().split())
    if any(w in folded for w in hints[1]):
        return True
    return start.search(folded) is not None
