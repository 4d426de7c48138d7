"""What a retrieved passage states beyond the figures of its prose: a bare number in
brackets ("level (7)") and the cells of a table whose header gives their scale ("USD
million", "Millones de euros", "Mio. Euro"), each in the passage's own language.

Evidence only: these values are added to what :func:`gate.figures.extract_figures` reads in
a passage (they can only add support), never read in an answer.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache

from gate.figures.extract import extract_figures
from gate.figures.languages import SCALE_WORDS
from gate.figures.model import _CTX

#: A number alone in brackets: "(7)", "( 12 )", "(4,5)".
_BRACKETED = re.compile(r"\(\s*(\d+(?:[.,]\d+)*)\s*\)")
#: A row of a table: cells between "|" or tabs.
_ROW = re.compile(r"[|\t]")
_DIGIT = re.compile(r"\d")


def passage_values(text: str, language: str) -> list[Decimal]:
    """The values a passage states besides its figures: the numbers alone in brackets, and
    the cells of a table in a stated scale, scaled ("| Exports | 1,234 |" under "USD
    million" is 1,234,000,000)."""
    out: list[Decimal] = []
    if "(" in text:
        for m in _BRACKETED.finditer(text):
            out.extend(f.value for f in extract_figures(m.group(1), language, counts=True))
    if "|" in text or "\t" in text:
        out.extend(_table_values(text, language))
    return out


@cache
def _scale_words(language: str) -> list[tuple[re.Pattern[str], int]]:
    """The scale words of a language and of English, longest first, as patterns with their
    powers (compiled once a language)."""
    lang = language.split("-")[0].lower()
    table = {**SCALE_WORDS.get("en", {}), **SCALE_WORDS.get(lang, {})}
    return [
        (re.compile(r"(?i)(?<![^\W\d_])" + re.escape(w) + r"(?![^\W\d_])"), p)
        for w, p in sorted(table.items(), key=lambda x: -len(x[0]))
        if p >= 3
    ]


def _header_scale(line: str, words: list[tuple[re.Pattern[str], int]]) -> int | None:
    """The power of ten a table's header line (or caption) states for its cells, when a
    scale word in it follows no number ("EUR million", "(millions)", "Mio. Euro")."""
    for pattern, power in words:
        for m in pattern.finditer(line):
            before = line[: m.start()].rstrip(" \u00a0")
            if not before or not _DIGIT.match(before[-1]):
                return power
    return None


def _table_values(text: str, language: str) -> list[Decimal]:
    """The cells of the rows after a header (or caption) that states their scale, scaled."""
    words = _scale_words(language)
    out: list[Decimal] = []
    power: int | None = None
    for line in text.splitlines():
        if not _DIGIT.search(line) or power is None:
            scale = _header_scale(line, words)
            if scale is not None:
                power = scale
                continue
        if power is None or not _ROW.search(line):
            continue
        for f in extract_figures(line, language, counts=True):
            if not f.percent and not any(c.isalpha() for c in f.text):  # a cell with no scale or unit of its own
                v = f.value.scaleb(power, _CTX)
                out.append(Decimal(int(v)) if v == v.to_integral_value() else v)
    return out
