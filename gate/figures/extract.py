"""The figures a text states: the digit reader, then the word reader, then ranges,
compounds and ratios.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from functools import cache, partial

from gate.figures.compounds import _after_lone_ratio, _ranges
from gate.figures.digits import _scan_digits
from gate.figures.glued import extract_glued
from gate.figures.languages import HEDGES_AFTER, LANGUAGES, NUMERALS, SCALE_AND, SPELLED
from gate.figures.locale import _Conventions, _conventions
from gate.figures.model import Figure, _Cand
from gate.figures.spelled import extract_spelled
from gate.figures.trailing import with_trailing_hedges
from gate.figures.words import _scan_words, _without_counts


def extract_figures(text: str, language: str, *, counts: bool = False) -> list[Figure]:
    """The figures a text states, in reading order.

    Args:
        text: An answer, a question or a passage.
        language: Its BCP 47 tag ("en", "fr", "fr-CA", "pt-BR"). Separators come
            from Babel for the tag's locale (its language's when Babel does not
            know the region); a language Babel does not know is read with the
            conventions of :data:`DEFAULT_LANGUAGE`. Number words are read for
            the languages text2num covers (en, fr, es, de, pt, it, nl), and from the
            languages' own tables in Russian, Polish and Turkish
            (:mod:`~gate.figures.spelled`); Chinese and Japanese numbers glued to their
            words, with scale characters, by :mod:`~gate.figures.glued`.
        counts: Also read the small counts written in words ("three candidates",
            "cinq régions": a whole number from two to nine in one word, alone),
            which an answer's prose uses to count what it names, not to state a
            statistic. Evidence is read with them (a passage's "the three regions"
            supports an answer's "3 regions"); an answer without.

    Returns:
        One :class:`Figure` per stated quantity, ordered by ``start``; both
        ends of a range. Years used as years, dates, times, ordinals, period
        labels, citation markers, identifiers and codes, denominators, list
        numbering and document references are left out, as is a lone "one"
        ("one of"), and, unless ``counts``, a small count in words.
    """
    if not text:
        return []
    if not text.isascii():
        code = language.split("-")[0].split("_")[0].lower()
        numerals = NUMERALS.get(code)
        if numerals is not None:  # Chinese, Japanese: "14.1亿", "1億2,380万", "三千五百"
            return extract_glued(text, numerals, partial(_figures, language=language, counts=counts))
        spelled = SPELLED.get(code)
        after = HEDGES_AFTER.get(code)
        if spelled is not None:  # Russian, Polish, Turkish: "три миллиона", "dwa miliony"
            figures = extract_spelled(text, LANGUAGES[code], spelled, partial(_figures, language=language, counts=counts), counts)
        elif after is not None:
            figures = _figures(text, language, counts)
        else:
            return _figures(text, language, counts)
        return with_trailing_hedges(text, figures, after) if after is not None else figures
    return _figures(text, language, counts)


def _figures(text: str, language: str, counts: bool) -> list[Figure]:
    """:func:`extract_figures` by the digit and word readers."""
    if not text:
        return []
    if not text.isascii() and _INVISIBLE_OR_CJK.search(text) and (_INVISIBLE.search(text) or _cjk()[0].search(text)):
        figures = _normalised(text, language)
    else:
        conv = _conventions(language)
        if conv.words is None or not conv.words.mentioned(text):
            return _extract(text, conv, False)  # digits only: no count in words to drop
        figures = _extract(text, conv, True)
    if counts or not figures:
        return figures
    return _without_counts(text, figures, _conventions(language).lang)


#: Characters that do not show, which an answer may hide inside a number so that "3\u200b5"
#: reads as 3 and 5: soft hyphen, zero-width space, non-joiner and joiner, word joiner, byte
#: order mark, and the bidirectional marks, embeddings, overrides and isolates.
_INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u2060-\u2064\ufeff\u061c\u202a-\u202e\u2066-\u2069]")


#: A digit written against a Chinese, Japanese or Korean character ("失业率为5.1%", "35人").
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"  # kana, ideographs, hangul; not punctuation ("【3†source】")
#: Either kind of character: one scan that rules out both patterns in most non-ASCII texts.
_INVISIBLE_OR_CJK = re.compile(_INVISIBLE.pattern[:-1] + _CJK + "]")


@cache
def _cjk() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A digit against a CJK character, and a CJK character: compiled on the first text
    that holds such a character or an invisible one (each class of thousands of characters
    takes milliseconds to compile)."""
    return re.compile(f"[{_CJK}][0-9]|[0-9][{_CJK}]"), re.compile(f"[{_CJK}]")
#: CJK characters that make the digits beside them something other than a plain figure, so
#: those digits are left unread (conservatively): numerals and scales ("1億2千万": the
#: reader cannot weigh them; Korean "5천만"), dates and times ("3月15日", "2024年", "2024년"), ages ("65岁"), ranks
#: and ordinals ("第3", "3位"), and "every" ("每1000人": a denominator).
_CJK_KEEP_GLUED = set("〇一二三四五六七八九十百千万萬亿億兆年月日号號時时分秒岁歳才第位次回每" + "십백천만억조년월일세")


def _normalised(text: str, language: str) -> list[Figure]:
    """The figures of ``text`` read as if its invisible characters were not there and a
    space stood between a digit and a CJK character (other than those of
    :data:`_CJK_KEEP_GLUED`), each with its span (and ``text``, invisible characters
    included) in the original text."""
    chars: list[str] = []
    origin: list[int] = []
    cjk = _cjk()[1]
    for i, c in enumerate(text):
        if _INVISIBLE.match(c):
            continue
        if chars and c.isdigit() != chars[-1].isdigit():
            other = chars[-1] if c.isdigit() else c
            if cjk.match(other) and other not in _CJK_KEEP_GLUED:
                chars.append(" ")
                origin.append(i)
        chars.append(c)
        origin.append(i)
    visible = "".join(chars)
    out = []
    conv = _conventions(language)
    for f in _extract(visible, conv, conv.words is not None and conv.words.mentioned(visible)):
        start, end = origin[f.start], origin[f.end - 1] + 1
        out.append(replace(f, text=text[start:end], start=start, end=end))
    return out


def _extract(text: str, conv: _Conventions, words: bool) -> list[Figure]:
    """:func:`extract_figures` on a text with no invisible character, without dropping the
    counts in words; the word reader reads it only when ``words`` (see
    :meth:`~gate.figures.vocabulary._Lexicon.mentioned`)."""
    cands: list[_Cand] = []
    padded = text + "\0\0"
    spans: list[tuple[int, int]] | None = [] if words else None
    _scan_digits(padded, conv, cands, spans)
    if spans is not None:  # words were mentioned
        _scan_words(padded, conv, cands, spans)
        cands.sort(key=lambda c: c[0].start)
        cands = _digits_then_words(text, _disjoint(cands), conv)
        # "one adult in five", "un habitant sur trois": the five, the trois are denominators
        cands = [c for c in cands if not _after_lone_ratio(text, c[0])]
    if len(cands) > 1:
        return _ranges(text, cands)
    return [c[0] for c in cands]


def _disjoint(cands: list[_Cand]) -> list[_Cand]:
    """The candidates in reading order without one that starts inside the one before: the
    digit and the word readers may both claim a sign between them ("mil millones%0")."""
    kept: list[_Cand] = []
    for c in cands:
        if kept and c[0].start < kept[-1][0].end:
            continue
        kept.append(c)
    return kept


def _digits_then_words(text: str, cands: list[_Cand], conv: _Conventions) -> list[_Cand]:
    """Digits with a scale word, then the rest of the number in words: "4 hundred and
    twenty" is 420, "3 mil y cinco" 3005 (the digit reader read "4 hundred", the word reader
    "twenty"). The rest must be a whole number below the scale, after "and" or a space."""
    joiners = SCALE_AND.get(conv.lang, frozenset())
    out: list[_Cand] = []
    for c in cands:
        if out:
            prev = out[-1]
            f, g = prev[0], c[0]
            power = prev[3]
            gap = text[f.end : g.start]
            if (
                power >= 2
                and not f.percent
                and not g.percent
                and g.exponent == 0
                and g.hedge is None
                and 0 < g.value < Decimal(10) ** power
                and (power < 6 or g.value >= Decimal(10) ** (power - 3))  # not "2 million and three regions"
                and f.value % Decimal(10) ** power == 0
                and gap[:1].isspace()
                and gap[-1:].isspace()
                and (not gap.strip() or gap.strip().lower() in joiners)
                and not any(ch.isdigit() for ch in g.text)
            ):
                value = f.value - g.value if f.value < 0 else f.value + g.value
                joined = replace(f, text=text[f.start : g.end], end=g.end, value=value, exponent=0)
                out[-1] = (joined, prev[1], prev[2] or c[2], prev[3], prev[4])
                continue
        out.append(c)
    return out

