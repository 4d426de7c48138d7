"""Ambiguous grouping: "357,592" in a German answer, "4.500" in a German passage.

Models write English grouping in any language ("47,385,107 habitantes", "eine Fläche von
357,592 km²"). A number with one mark between digits, followed by exactly three digits,
reads two ways where the language's convention and English's disagree: a comma that the
language reads as its decimal mark ("357,592" is 357.592 in German) or a dot that it reads
as a group mark ("4.500" is 4500) could be English's group mark or decimal point. Such a
figure has a second reading (:func:`other_reading`) and is supported when either reading
is; a finding says which reading it used. A number read the English way (an English
answer's "1,926") has no second reading: writers of English do not write the other
convention. Digits grouped more than once ("47,385,107") or the Indian way ("1,00,000"),
a leading zero ("0,125") or other than three digits after the mark are not ambiguous.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache

from gate.figures.chars import _ascii
from gate.figures.languages import DIGIT_SCALES, SCALE_WORDS
from gate.figures.model import _CTX, Figure, _fields, _new

#: One mark between digits: one to three digits (no leading zero), the mark, three digits,
#: with no other digit or mark between digits around them.
_ONE_MARK = re.compile(r"(?<![0-9])(?<![0-9][.,])([1-9][0-9]{0,2})([.,])([0-9]{3})(?![0-9]|[.,][0-9])")
_DIGIT = re.compile(r"[0-9]")

#: Every scale word and abbreviation of every language, lowercase -> the powers it has
#: ("billion" is 9 in English, 12 in French and German).
_SCALES: dict[str, set[int]] = {}
for _table in (*SCALE_WORDS.values(), *DIGIT_SCALES.values()):
    for _word, _power in _table.items():
        if _power > 0:
            _SCALES.setdefault(_word.lower(), set()).add(_power)


@cache
def _scale_at_start() -> re.Pattern[str]:
    """A scale word of any language at the start of a text (compiled on first use)."""
    words = "|".join(re.escape(w) for w in sorted(_SCALES, key=len, reverse=True))
    return re.compile(r"[ \u00a0\u202f]*(" + words + r")(?![^\W\d_])", re.IGNORECASE)


def _powers(tail: str) -> set[int]:
    """The powers of ten the scale word at the start of ``tail`` (what follows the digits
    in a figure's text) may stand for; {0} when none starts it."""
    m = _scale_at_start().match(tail)
    return _SCALES[m.group(1).lower()] if m else {0}


def _read_as_decimals(figure: Figure, text: str, m: re.Match[str]) -> bool | None:
    """Whether the figure's one mark was read as a decimal mark (True), as a group mark
    (False), or cannot be told (None: a scale word of different sizes, "1,234 billion")."""
    powers = _powers(text[m.end() :])
    e = figure.exponent
    decimals, grouped = e + 3 in powers, e in powers
    if decimals == grouped:
        return None
    return decimals


def other_reading(figure: Figure) -> Figure | None:
    """The figure read with its one mark the English way, when the language's way read it
    otherwise: the comma read as a decimal mark is read as grouping thousands (value times
    1,000), the dot read as grouping is read as a decimal point (value divided by 1,000);
    its scale, sign, percent and hedge kept. None when the figure is not ambiguous."""
    text = figure.text if figure.text.isascii() else _ascii(figure.text)
    if "," not in text and "." not in text:
        return None  # the common case: no mark at all
    m = _ONE_MARK.search(text)
    if m is None or len(_DIGIT.findall(text)) != len(m.group(1)) + 3:
        return None
    mark = m.group(2)
    decimals = _read_as_decimals(figure, text, m)
    if mark == "," and decimals is True:
        value, exponent = figure.value.scaleb(3, _CTX), figure.exponent + 3  # decimals: group them
    elif mark == "." and decimals is False:
        value, exponent = figure.value.scaleb(-3, _CTX), figure.exponent - 3  # a group: a decimal point
    else:
        return None
    if exponent >= 0:
        value = Decimal(int(value))
    return _new(Figure, {**_fields(figure), "value": value, "exponent": exponent})


def mark_role(figure: Figure) -> str:
    """How a reading of an ambiguous figure reads its mark, for a finding: "the comma as a
    decimal mark", "the dot grouping thousands" and the like ("" when it has no mark)."""
    text = figure.text if figure.text.isascii() else _ascii(figure.text)
    m = _ONE_MARK.search(text)
    if m is None:
        return ""
    mark = "the comma" if m.group(2) == "," else "the dot"
    if _read_as_decimals(figure, text, m):
        return f"{mark} as a decimal mark"
    return f"{mark} grouping thousands"
