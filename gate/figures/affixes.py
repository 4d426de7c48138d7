"""What is written around a number: percent, scale and time words after it, currency
symbols, codes and names after or before it, and its sign.
"""

from __future__ import annotations

import re

from gate.figures.chars import _BIDI, _CURRENCY_CHARS, _ISO_CURRENCIES, _LETTERS, _MINUS, _SPACES
from gate.figures.languages import (
    CODE_WORDS,
    CURRENCY_NAMES,
    LEVEL_WORDS,
    ORDINAL_SUFFIXES,
    PERCENT_BEFORE,
    PERCENT_STARTS,
    PRICE_BASE_WORDS,
)
from gate.figures.locale import _Conventions

_TIME_MINUTES = re.compile(r"[ \u00a0]?\d{2}(?!\d)")


# Currency names written after an amount ("2000 Euro", "5 dollars"), lowercase.
_CURRENCY_WORDS = CURRENCY_NAMES
_CURRENCY_PRE2 = frozenset(w[:2] for w in _CURRENCY_WORDS)
_CURRENCY_AFTER = re.compile(r"[ \u00a0\u202f]?(?:[" + _CURRENCY_CHARS + r"]|(?P<iso>[A-Z]{3})(?![^\W\d_]))")


def _after_word(text: str, e: int, conv: _Conventions) -> tuple[int, str, int] | None:
    """The percent word, scale word or time word written after a number at ``e``.

    Returns (end, kind, power) with kind "pct", "scale" or "time", or None.
    At most one space (or no-break space) may separate it from the digits.
    """
    i = e + 1 if text[e] in _SPACES else e
    c = text[i]
    if c in "%٪％":
        return i + 1, "pct", 0
    m = _LETTERS.match(text, i)
    if m is None:
        return None
    run = m.group()
    j = m.end()
    if run == "M" and text[j] in "€$£":
        return j, "scale", 6
    power = conv.digit_scales.get(run)
    if power is not None:
        return j, "scale", power  # "415 hundred", "25 k", "3 MM", "3 mil M"
    entries = conv.after_words.get(run.lower())
    if entries is None:
        return None
    for tail, kind, power in entries:
        k = j + len(tail)
        if tail and text[j:k].lower() != tail:
            continue
        if tail[-1:] != "." and text[k].isalpha():
            continue
        if kind == "time":
            t = _TIME_MINUTES.match(text, k)
            if t:
                k = t.end()
        return k, kind, power
    return None


_PRICE_BASE_BEFORE = PRICE_BASE_WORDS


def _year_amount(text: str, s: int, e: int) -> int:
    """End of the currency after a year-like number at ``s:e`` that makes it an
    amount ("2000 €", "2023 EUR", "bei 2000 Euro", "2000 euros"), or 0.

    A currency name after a price-base word ("in 2020 euros", "konstanten 2015
    Euro") or opening a compound ("2020 Euro-Raum") leaves a year.
    """
    ce = _currency_after(text, e)
    if not ce:
        return 0
    name = text[e:ce].strip(" \u00a0\u202f")
    if len(name) > 3 or not name.isupper():  # a name, not a symbol or an ISO code
        if name.isalpha() and (text[ce] == "-" or text[ce].isalpha()):
            return 0
        before = text[max(0, s - 16) : s].split()
        if before and before[-1].lower() in _PRICE_BASE_BEFORE:
            return 0
    return ce


def _currency_after(text: str, e: int) -> int:
    """End of a currency symbol, ISO code or name written after ``e``, or 0."""
    i = e + 1 if text[e] in _SPACES else e
    c = text[i]
    if c in _CURRENCY_CHARS or c.isupper():
        cm = _CURRENCY_AFTER.match(text, e)
        if cm and (not cm.group("iso") or cm.group("iso") in _ISO_CURRENCIES):
            return cm.end()
    if c.isalpha() and (c + text[i + 1]).lower() in _CURRENCY_PRE2:
        wm = _LETTERS.match(text, i)
        assert wm is not None  # text[i] is a letter
        if wm.group().lower() in _CURRENCY_WORDS:
            return wm.end()
    return 0


def _suffix(text: str, e: int, conv: _Conventions) -> tuple[int, int, bool, bool, bool]:
    """Read what follows a number at ``e``.

    Returns (end, power, percent, skip, currency) where ``skip`` marks a time.
    """
    power = 0
    percent = False
    currency = False
    found = _after_word(text, e, conv)
    if found is not None:
        end, kind, p = found
        if kind == "time":
            return end, 0, False, True, False
        e = end
        if kind == "pct":
            return e, 0, True, False, False
        power = p
        c = text[e + 1] if text[e] in _SPACES else text[e]
        if c.isalpha() and (c in conv.scale_first or not c.isascii()):  # a scale word may follow
            again = _after_word(text, e, conv)
            if again is not None and again[1] == "scale" and again[2] > p:
                e, power = again[0], p + again[2]  # "2 hundred thousand", "3 mil M"
    c = text[e + 1] if text[e] in _SPACES else text[e]
    if c in _CURRENCY_CHARS or c.isalpha():
        ce = _currency_after(text, e)
        if ce:
            currency = True
            e = ce
    if power:
        c = text[e + 1] if text[e] in _SPACES else text[e]
        if c in PERCENT_STARTS:  # "3 million percent" (skips a call after most scale words)
            again = _after_word(text, e, conv)
            if again is not None and again[1] == "pct":
                percent = True
                e = again[0]
    return e, power, percent, False, currency


def _currency_before(text: str, s: int, power: int = 0) -> int:
    """Start of a currency symbol or ISO code written before ``s`` (or ``s``).

    Symbols may carry a short uppercase prefix ("US$", "R$", "NZ$"); a space,
    no-break space or narrow no-break space may separate them from the digits.
    """
    p = s
    if p > 0 and text[p - 1] in _SPACES:
        p -= 1
    if p == 0:
        return s
    c = text[p - 1]
    if c in _CURRENCY_CHARS:
        q = p - 1
        k = q
        while k > 0 and text[k - 1].isupper() and q - k < 3:
            k -= 1
        if k < q and (k == 0 or not text[k - 1].isalnum()):
            q = k
        return q
    if c.isupper() and p >= 3:
        code = text[p - 3 : p]
        if code in _ISO_CURRENCIES and (p == 3 or not text[p - 4].isalnum()):
            if code.lower() in CODE_WORDS and not power:
                return s  # "SDG 2" is a goal, "SDG 5 million" Sudanese pounds
            return p - 3
    return s


def _sign_before(text: str, s: int) -> bool | None:
    """True for a minus sign, False for a plus sign, None for no sign at ``s``.

    A dash after a number ("7.6-8.4", "7.6 - 8.4") is a range, never a sign;
    after a letter ("doc-2") it joins an identifier (handled by the caller).
    """
    if s == 0:
        return None
    c = text[s - 1]
    if c not in _MINUS and c != "+":
        return None
    q = s - 2
    while q >= 0 and text[q] in _BIDI:
        q -= 1
    if q >= 0 and text[q].isalnum():
        return None
    while q >= 0 and text[q] in _SPACES:
        q -= 1
    if q >= 0 and (text[q].isdigit() or text[q] in "%٪"):
        return None
    return c in _MINUS


def _spaced_minus(text: str, i: int, lang: str) -> bool:
    """Whether the dash at ``i``, written with a space before a number, is a minus:
    a minus sign (U+2212) after a word, ":", "=" or "(" ("− 3.1"), or a hyphen or
    en dash after such a sign or after a word before a stated value in ``lang``
    ("de - 2,5 %", "betrug - 2,5 %", "évolution : – 0,3 %"). Not at a line start (a
    list bullet "- 2.5% growth"), after a number (a range "7.6 - 8.4"), nor after
    other words (a dash of punctuation: "strong – 2.5% in the second quarter")."""
    p = i - 1
    if p >= 0 and text[p] in "(=[":
        return True
    if p < 0 or text[p] not in _SPACES:
        return False
    while p >= 0 and text[p] in _SPACES:
        p -= 1
    if p < 0:
        return False
    c = text[p]
    if c in ":=(":
        return True
    if not c.isalpha():
        return False
    if text[i] == "\u2212":
        return True
    q = p
    while q > 0 and text[q - 1].isalpha():
        q -= 1
    return text[q : p + 1].lower() in LEVEL_WORDS.get(lang, ())


def _percent_word_before(text: str, start: int, lang: str) -> int | None:
    """Where a percent word written before the number at ``start`` begins, in the languages
    that write one there ("yüzde 8,7" in Turkish), or None."""
    words = PERCENT_BEFORE.get(lang)
    if not words or start < 2 or text[start - 1] not in _SPACES:
        return None
    before = text[max(0, start - 24) : start - 1].lower()
    for word in words:
        if before.endswith(word) and (len(before) == len(word) or not before[-len(word) - 1].isalpha()):
            return start - 1 - len(word)
    return None


def _hyphen_ordinal(text: str, e: int) -> int | None:
    """The end of an ordinal ending written after the digits ending at ``e`` with a hyphen
    ("2-й", "1-го", "3-е"), or of an adjective of age or duration ("15-летние"; an ending
    that ends in "*" is a beginning), or None."""
    if text[e] != "-" or not text[e + 1].isalpha():
        return None
    m = _LETTERS.match(text, e + 1)
    if m is None:
        return None
    ending = m.group().lower()
    if ending in ORDINAL_SUFFIXES or any(s.endswith("*") and ending.startswith(s[:-1]) for s in ORDINAL_SUFFIXES):
        return m.end()
    return None
