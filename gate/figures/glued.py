"""Numbers written glued to the words around them, with scale characters: Chinese and
Japanese ("14.1亿人", "1億2,380万人", "三千五百", "百分之五", "１４．１亿").

A language that writes so has a :class:`~gate.figures.languages.base.Numerals` table
(``NUMERALS`` of its file). :func:`extract_glued` reads the numbers that hold one of its
numerals, units or scales, or a full-width digit; the digits that stand alone ("失业率为5.1%",
"2024年") are left to the digit reader, which reads the text with those numbers blanked out.
Hedges glued to any figure, before it ("约5.1%", "約3万") or after it and its counter
("100万人以上", "5%左右"), are read last.

A number of numerals only is read when it holds a unit or a scale ("三千五百", "十五", "三万"),
a decimal ("三点五") or a percent word ("百分之五"): a lone numeral or a pair of them is a word
more often than a number ("一些", "万一", "千万", "十分", "五一"). A number before a word of a
date, a time, an age, a rank or a duration (the table's ``not_after``) or after an ordinal or
"every" mark (``not_before``) is no figure.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal

from gate.figures.chars import _MINUS
from gate.figures.languages.base import Numerals
from gate.figures.model import Figure

#: Full-width digits, decimal point and comma, as ASCII (one character for one).
_FULL_WIDTH = str.maketrans("０１２３４５６７８９．，", "0123456789.,")
_DIGITS = "0-9０-９"
#: Characters that end the counter or unit between a number and a hedge after it.
_PUNCTUATION = frozenset("，。、；：！？（）()[]「」『』《》“”\"' ,.;:!?\n\t")


class _Grammar:
    """The compiled patterns of one language's numerals."""

    def __init__(self, numerals: Numerals) -> None:
        self.numerals = numerals
        cjk = "".join(numerals.digits) + "".join(numerals.units) + "".join(numerals.scales)
        inside = "".join(numerals.hedges_inside)
        self.cjk = frozenset(cjk + inside + numerals.decimal)
        decimal = re.escape(numerals.decimal) if numerals.decimal else ""
        # a run of digits, numerals, units, scales, decimal marks and hedges inside; cut
        # and checked by _parse
        self.run = re.compile("[" + _DIGITS + re.escape(cjk + inside) + decimal + ".．,]+")
        self.percent_after = tuple(sorted(numerals.percent_after, key=len, reverse=True))
        self.hedges_before = tuple(sorted(numerals.hedges_before, key=len, reverse=True))
        self.hedges_after = tuple(sorted(numerals.hedges_after, key=len, reverse=True))
        self.not_after = tuple(sorted(numerals.not_after, key=len, reverse=True))
        self.positional = re.compile("[" + re.escape("".join(numerals.digits)) + "]+")
        self.number = re.compile(r"[0-9]+(?:,[0-9]{3}(?![0-9]))*(?:\.[0-9]+)?")
        # the letters of the language's script(s), for a minus glued to a word
        self.cjk_text = _CJKText()


class _CJKText:
    """``c in _CJKText()``: whether a character is kana, an ideograph or hangul."""

    def __contains__(self, c: object) -> bool:
        return isinstance(c, str) and len(c) == 1 and any(lo <= c <= hi for lo, hi in _CJK_RANGES)


_CJK_RANGES = (("\u3040", "\u30ff"), ("\u3400", "\u4dbf"), ("\u4e00", "\u9fff"), ("\uac00", "\ud7af"), ("\uf900", "\ufaff"))


_GRAMMARS: dict[int, tuple[Numerals, _Grammar]] = {}


def _grammar(numerals: Numerals) -> _Grammar:
    """The grammar of a table, compiled once (the tables are the registry's, a few)."""
    cached = _GRAMMARS.get(id(numerals))
    if cached is None or cached[0] is not numerals:
        cached = _GRAMMARS[id(numerals)] = (numerals, _Grammar(numerals))
    return cached[1]


def extract_glued(text: str, numerals: Numerals, read_rest: Callable[[str], list[Figure]]) -> list[Figure]:
    """The figures of a text in a language that writes numbers glued (Chinese, Japanese).

    Args:
        text: an answer, a question or a passage.
        numerals: the language's :class:`~gate.figures.languages.base.Numerals`.
        read_rest: the digit and word reader, called on ``text`` with the numbers read here
            blanked out (each character a space, so spans are kept).

    Returns:
        Every figure of both readers in reading order, with the hedges glued to them.
    """
    g = _grammar(numerals)
    found = _glued_numbers(text, g)
    if found:
        chars = list(text)
        for f in found:
            chars[f.start:f.end] = " " * (f.end - f.start)
        rest = read_rest("".join(chars))
    else:
        rest = read_rest(text)
    figures = sorted([f for f in found if f.text] + [_with_percent(text, f, g) for f in rest], key=lambda f: f.start)
    return [_with_hedge(text, f, g) for f in figures]


def _with_percent(text: str, f: Figure, g: _Grammar) -> Figure:
    """A figure of the digit reader with the percent word glued after it ("2.5パーセント"):
    that reader reads a word after a number only apart from the next one."""
    if f.percent:
        return f
    for word in g.percent_after:
        if text.startswith(word, f.end):
            end = f.end + len(word)
            return replace(f, text=text[f.start:end], end=end, percent=True)
    return f


def _glued_numbers(text: str, g: _Grammar) -> list[Figure]:
    """The figures read here, and, as figures of no value (``text`` empty), the numbers
    that are none: digits after an ordinal or "every" mark or before a word of a date, a
    time, an age or a duration, which the digit reader would read ("3か月", "第2位")."""
    out: list[Figure] = []
    for m in g.run.finditer(text):
        figure = _figure(text, m.start(), m.end(), g)
        if figure is not None:
            out.append(figure)
    return out


def _not_a_figure(text: str, s: int, e: int, g: _Grammar) -> bool:
    """Whether the number at s:e is after an ordinal or "every" mark ("第3", "每10万") or
    before a word of a date, time, age, rank or duration ("2024年", "3か月"), or, past its
    counter, of a denominator ("10万人当たり")."""
    if text[s - 1 : s] and text[s - 1] in g.numerals.not_before:
        return True
    if text.startswith(g.not_after, e):
        return True
    for skip in range(1, g.numerals.units_before_hedge + 1):
        i = e + skip
        if i >= len(text) or text[i - 1] in _PUNCTUATION or text[i - 1].isdigit():
            break
        if any(len(w) > 1 and text.startswith(w, i) for w in g.not_after):
            return True
    return False


_NO_FIGURE = Decimal(0)


def _figure(text: str, s: int, e: int, g: _Grammar) -> Figure | None:
    """The figure of the run at s:e, with its sign and percent word, or None when the run
    is no figure or belongs to the digit reader (ASCII digits only)."""
    n = g.numerals
    # a percent word may begin inside the run ("5百分点" holds "百"): the run ends there
    for i in range(s + 1, e):
        if text.startswith(g.percent_after, i):
            e = i
            break
    run = text[s:e]
    # marks that cannot end a number ("三点", "5.", "1,")
    while run and (run[-1] in ".．," or run[-1] == n.decimal):
        run, e = run[:-1], e - 1
    while run and run[0] in ".．,":  # "." before a number belongs to the sentence
        run, s = run[1:], s + 1
    if not run:
        return None
    percent = False
    start = s
    for word in n.percent_before:
        if text.endswith(word, 0, s):
            percent, start = True, s - len(word)
    if not percent and _not_a_figure(text, s, e, g):
        if "." in run and text.startswith(n.measured_ages, e) and text[s - 1 : s] not in n.not_before:
            parsed = _parse(run.translate(_FULL_WIDTH), text, e, g)  # "78.6岁": a measured age
            if parsed is not None:
                return Figure(text[s:e], s, e, parsed[0], parsed[1], False)
        return Figure("", s, e, _NO_FIGURE, 0, False)  # blanked out, not a figure
    wide = run != run.translate(_FULL_WIDTH)
    has_cjk = any(c in g.cjk for c in run)
    # a minus glued to the word before ("为-1.3%"): the digit reader takes it for a hyphen
    minus_glued = s >= 2 and text[s - 1] in _MINUS and text[s - 2] in g.cjk_text
    minus_word = next((w for w in n.minus_words if text.endswith(w, 0, s)), "")  # "マイナス0.4%"
    if not (has_cjk or wide or percent or minus_glued or minus_word):
        return None  # ASCII digits: the digit reader's
    plain = run.translate(_FULL_WIDTH)
    if not any(c.isdigit() for c in plain) and not percent:
        has_unit = any(c in n.units or c in n.scales for c in plain)
        decimal = bool(n.decimal) and n.decimal in plain
        if not (has_unit or decimal) or sum(c in n.digits or c in n.units for c in plain) < 2 and not decimal:
            return None  # "一些", "万一", "十分", "千万" (a word before a numeral)
        if plain[0] not in n.digits and not (plain[0] in n.units and len(plain) > 1 and plain[1] in n.digits):
            return None
    parsed = _parse(plain, text, e, g)
    if parsed is None:
        return None
    value, exponent, hedge = parsed
    end = e
    for word in g.percent_after:
        if text.startswith(word, e):
            percent, end = True, e + len(word)
            break
    if start > 0 and text[start - 1] in _MINUS and (start < 2 or not text[start - 2].isalnum() or minus_glued):
        start -= 1
        value = -value
    elif minus_word and start == s:
        start -= len(minus_word)
        value = -value
    return Figure(text[start:end], start, end, value, exponent, percent, hedge)


def _parse(run: str, text: str, e: int, g: _Grammar) -> tuple[Decimal, int, str | None] | None:
    """(value, exponent of the last stated digit, hedge inside) of a run of ASCII digits
    and numerals, or None when it is no number ("2,3,4", scales out of order)."""
    n = g.numerals
    run = g.positional.sub(lambda m: "".join(str(n.digits[c]) for c in m.group()), run)
    if n.decimal:
        run = run.replace(n.decimal, ".")
    total = Decimal(0)
    group = Decimal(0)  # the value below the next scale
    group_exp: int | None = None  # exponent of its last stated digit
    pending: tuple[Decimal, int] | None = None  # a number waiting for its unit
    last_scale = 99
    exponent: int | None = None
    hedge: str | None = None
    i = 0
    while i < len(run):
        c = run[i]
        m = g.number.match(run, i)
        if m:
            if pending is not None:
                return None
            digits = m.group().replace(",", "")
            frac = digits.split(".")[1] if "." in digits else ""
            pending = (Decimal(digits), -len(frac))
            i = m.end()
            continue
        power = n.units.get(c)
        is_scale = power is None and c in n.scales
        if is_scale:
            power = 0
            while i < len(run) and run[i] in n.scales:
                power += _scale_power(run[i], text, e if i == len(run) - 1 else -1, n)
                i += 1
            if pending is not None:
                group += pending[0]
                group_exp = pending[1] if group_exp is None else min(group_exp, pending[1])
                pending = None
            if group_exp is None or power >= last_scale:
                return None  # "万" alone, "3万5亿"
            total += group.scaleb(power)
            exponent = group_exp + power
            group, group_exp, last_scale = Decimal(0), None, power
            continue
        if power is not None:
            power = _scale_power(c, text, e if i == len(run) - 1 else -1, n) if c in n.prefix_scales else power
            count, count_exp = pending if pending is not None else (Decimal(1), 0)
            group += count.scaleb(power)
            group_exp = count_exp + power if group_exp is None else min(group_exp, count_exp + power)
            pending = None
            i += 1
            continue
        if c in n.hedges_inside and (pending is not None or group_exp is not None) and hedge is None:
            hedge = n.hedges_inside[c]
            i += 1
            continue
        return None
    if pending is not None:
        group += pending[0]
        group_exp = pending[1] if group_exp is None else min(group_exp, pending[1])
    if group_exp is not None:
        total += group
        exponent = group_exp
    if exponent is None:
        return None
    value = Decimal(int(total)) if exponent >= 0 else total.quantize(Decimal(1).scaleb(exponent))
    return value, exponent, hedge


def _scale_power(c: str, text: str, e: int, n: Numerals) -> int:
    """The power of a unit or scale character; an SI prefix before its unit of measure
    ("兆瓦", "千克") when it ends the number (``e`` is where the number ends, -1 inside)."""
    if c in n.prefix_scales and e >= 0:
        power, units = n.prefix_scales[c]
        if text.startswith(units, e):
            return power
    return n.scales[c] if c in n.scales else n.units[c]


def _with_hedge(text: str, f: Figure, g: _Grammar) -> Figure:
    """The figure with the hedge glued before or after it, when it has none yet."""
    if f.hedge is not None:
        return f
    for word in g.hedges_before:
        if text.endswith(word, 0, f.start):
            return replace(f, hedge=g.numerals.hedges_before[word])
    i = f.end
    for _ in range(g.numerals.units_before_hedge + 1):
        for word in g.hedges_after:
            if text.startswith(word, i):
                return replace(f, hedge=g.numerals.hedges_after[word])
        if i >= len(text) or text[i] in _PUNCTUATION or text[i].isdigit() or text[i] in g.cjk:
            break
        i += 1
    return f
