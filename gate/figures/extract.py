"""The figures a text states: the digit reader, then the word reader, then ranges,
compounds and ratios.
"""

from __future__ import annotations

from gate.figures.compounds import _after_lone_ratio, _ranges
from gate.figures.digits import _scan_digits
from gate.figures.locale import _conventions
from gate.figures.model import Figure, _Cand
from gate.figures.words import _scan_words


def extract_figures(text: str, language: str) -> list[Figure]:
    """The figures a text states, in reading order.

    Args:
        text: An answer, a question or a passage.
        language: Its BCP 47 tag ("en", "fr", "fr-CA", "pt-BR"). Separators come
            from Babel for the tag's locale (its language's when Babel does not
            know the region); a language Babel does not know is read with the
            conventions of :data:`DEFAULT_LANGUAGE`. Number words are read for
            the languages text2num covers (en, fr, es, de, pt, it, nl).

    Returns:
        One :class:`Figure` per stated quantity, ordered by ``start``; both
        ends of a range. Years used as years, dates, times, ordinals, period
        labels, citation markers, identifiers and codes, denominators, list
        numbering and document references are left out, as is a lone "one"
        ("one of").
    """
    if not text:
        return []
    conv = _conventions(language)
    cands: list[_Cand] = []
    padded = text + "\0\0"
    words = conv.words is not None and conv.words.mentioned(text)
    spans: list[tuple[int, int]] | None = [] if words else None
    _scan_digits(padded, conv, cands, spans)
    if words:
        _scan_words(padded, conv, cands, spans)
        cands.sort(key=lambda c: c[0].start)
        # "one adult in five", "un habitant sur trois": the five, the trois are denominators
        cands = [c for c in cands if not _after_lone_ratio(text, c[0])]
    if len(cands) > 1:
        return _ranges(text, cands)
    return [c[0] for c in cands]
