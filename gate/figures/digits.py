"""The digit reader: numbers written with digits, in the conventions of the text's language.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from gate.figures.affixes import (
    _CURRENCY_PRE2,
    _after_word,
    _currency_after,
    _currency_before,
    _hyphen_ordinal,
    _percent_word_before,
    _sign_before,
    _spaced_minus,
    _suffix,
    _year_amount,
)
from gate.figures.chars import _CURRENCY_CHARS, _LETTERS, _MINUS, _SPACES, _ascii, _letters_at
from gate.figures.context import (
    _BASE_BEFORE,
    _CITATION,
    _CONFIDENCE,
    _CONFIDENCE_FIRST,
    _CONFIDENCE_LAST,
    _GROUP_AFTER,
    _GROUP_FIRST,
    _GROUP_WORDS,
    _P_VALUE,
    _URL,
    _confidence_before,
    _is_reference,
    _line_start,
    _not_a_figure,
    _prefix_tokens,
    _unopened,
)
from gate.figures.hedges import _hedge_before
from gate.figures.languages import (
    ATTACHED_SCALES,
    ATTACHED_UNITS,
    BETWEEN_WORDS,
    DOT_ORDINAL_BEFORE,
    DOT_ORDINAL_NOUNS,
    HEDGE_MARKS,
    LABEL_WORDS,
    PERCENT_BEFORE,
    language_patterns,
)
from gate.figures.locale import _Conventions
from gate.figures.model import OPEN_INSTANCES, Figure, _Cand

_SEPARATOR = re.compile(r"(\D)")
_CHAIN_COLON = re.compile(r"\d+(?::\d+)+")
_CHAIN_SLASH = re.compile(r"\d+(?:[./]\d+)*(?:/\d+)+")
_PERIOD_YEAR = re.compile(r"[ \u00a0]?(?:\d{4}|\d{2})(?!\d)")  # after "2T": "2T 2025", "2T25"
_YMD_COMPACT = re.compile(r"(?:18|19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")
_DMY_DASH = re.compile(r"\d{1,2}-\d{1,2}-\d{2,4}(?!\d)")
_YEAR_TAIL = re.compile(r"(?:[-–—/](?:\d{4}|\d{2})(?!\d))(?:-\d{2}(?!\d))?(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?")
_DAY_MONTH_DOT = re.compile(r"\d{1,2}\.\d{1,2}$")
_BEFORE = frozenset(_MINUS + "+%٪" + _CURRENCY_CHARS)  # what may precede a number and belong to its figure


def _read(body: str, conv: _Conventions) -> tuple[str, str, bool] | None:
    """Split a digit body into (integer digits, fraction digits, grouped).

    Tries the language's convention, then decimal and group symbols swapped,
    then grouped digits only. Returns None when no reading fits (codes such
    as "2.1.1", dates such as "30.06.2025", lists such as "1,2,3").
    """
    if body.isdigit():
        return body, "", False
    i = body.find(".")
    if i < 0:
        i = body.find(",")
    if i >= 0:
        head = body[:i]
        tail = body[i + 1 :]
        if tail.isdigit() and (head.isdigit() or not head):
            last = body[i]
            for decimals, groups in (conv.native, conv.swapped):
                if last in decimals:
                    return head or "0", tail, False
                if last in groups and 1 <= len(head) <= 3 and len(tail) == 3:
                    return head + tail, "", True
            return None
    pieces = _SEPARATOR.split(body)
    parts = pieces[0::2]
    seps = pieces[1::2]
    last = seps[-1]
    if len(seps) == 1:
        head, tail = parts
        for decimals, groups in (conv.native, conv.swapped):
            if last in decimals:
                return head or "0", tail, False
            if last in groups and 1 <= len(head) <= 3 and len(tail) == 3:
                return head + tail, "", True
        return None
    for decimals, groups in (conv.native, conv.swapped, (frozenset(), frozenset(seps[:1]))):
        if last in decimals:
            int_parts, int_seps, frac = parts[:-1], seps[:-1], parts[-1]
        else:
            int_parts, int_seps, frac = parts, seps, ""
        # one separator, a group one (int_seps is never empty: seps holds two or more)
        if len(set(int_seps)) > 1 or int_seps[0] not in groups:
            continue
        # every group after the first of three digits (int_parts[1:] is never empty either)
        if not 1 <= len(int_parts[0]) <= 3 or set(map(len, int_parts[1:])) != {3}:
            continue
        return "".join(int_parts), frac, True
    return _indian_grouping(parts, seps)


def _indian_grouping(parts: list[str], seps: list[str]) -> tuple[str, str, bool] | None:
    """Digits grouped the Indian way, read in every language ("1,00,000" is 100,000,
    "12,34,56,789.5"): one or two digits, groups of two, then a group of three, with a
    point as the decimal mark. Such a number has no other reading, so it is never
    ambiguous. (integer digits, fraction digits, True), or None."""
    if seps[-1] == "." and len(seps) >= 3 and set(seps[:-1]) == {","}:
        int_parts, frac = parts[:-1], parts[-1]
    elif set(seps) == {","}:
        int_parts, frac = parts, ""
    else:
        return None
    if 1 <= len(int_parts[0]) <= 2 and len(int_parts[-1]) == 3 and {len(p) for p in int_parts[1:-1]} == {2}:
        return "".join(int_parts), frac, True
    return None


def _make_value(sign: bool, int_digits: str, frac: str, power: int) -> tuple[Decimal, int]:
    """The exact value and exponent of digits stated with a sign and a scale."""
    if not power:
        value = Decimal(f"{int_digits}.{frac}") if frac else Decimal(int_digits)
        exponent = -len(frac)
    else:
        exponent = power - len(frac)
        value = Decimal(f"{int_digits}{frac}E{exponent}")
        if exponent >= 0:
            value = Decimal(int(value))
    if sign and value:
        value = -value
    return value, exponent


def _scan_digits(text: str, conv: _Conventions, out: list[_Cand], spans: list[tuple[int, int]] | None) -> None:
    """Append the digit figures of ``text`` to ``out``; record consumed spans.

    ``text`` ends with two NUL sentinels (see :func:`extract_figures`), so the
    characters around a number can be read without bounds checks; ``text[-1]``
    is a sentinel too, which serves as the character before offset 0.

    Each number the language's pattern finds goes through these steps; a step
    that finds it is no figure says where the scan resumes:

    1. :func:`_number_at`: its span and digits ("1 234 567", ".5");
    2. :func:`_skip_not_a_number`: a year, a link, a time, ratio or date, a
       citation, identifier or list marker;
    3. :func:`_digits_of`: its integer and fraction digits;
    4. :func:`_after_number`: the half, unit, scale, percent or currency after it;
    5. :func:`_before_number`: the sign, currency or percent sign before it;
    6. :func:`_numbering_or_date` and :func:`_digit_context`: the rules of digits
       alone (dates, list numbering, index bases, levels, ordinals, labels);
    7. :func:`~gate.figures.context.not_a_figure`: the rules both readers share
       (defining numbers, denominators, references);
    8. a significance threshold ("p < 0.05") is none; the hedge, then the figure.

    Steps 1 to 5 are :func:`_number`, 6 to 8 :func:`_figure`.
    """
    search = (conv.body_ascii if text.isascii() else conv.body).search
    urls = [m.span() for m in _URL.finditer(text)] if ("://" in text or "www." in text or "@" in text) else ()
    pos = 0
    prev_end = 0  # end of the last figure
    while True:
        m = search(text, pos)
        if m is None:
            return
        pos, cand = _number(text, m, conv, spans, urls, prev_end)
        if cand is not None:
            out.append(cand)
            prev_end = cand[0].end


def _number(
    text: str, m: re.Match[str], conv: _Conventions, spans: list[tuple[int, int]] | None,
    urls: Sequence[tuple[int, int]], prev_end: int,
) -> tuple[int, _Cand | None]:
    """(where the scan resumes, the candidate figure or None) for the number ``m`` found:
    steps 1 to 5 of :func:`_scan_digits`, then :func:`_figure`."""
    s, e = m.span()
    cb = text[s - 1]
    # the two cases where _number_at changes the number: a leading decimal mark, or
    # digits grouped with spaces (it leaves every other number as found)
    if cb in ".,\u066b" or (text[e] in _SPACES and e - s <= 3 and text[e + 1].isdigit()):
        s, e, body, simple = _number_at(text, m, conv)
        if body[0] == "," and "," not in conv.native[0]:
            return e, None  # ",5" in a language whose decimal mark is "." states nothing
        cb = text[s - 1]
    else:
        body = m.group()
        simple = True  # the groups of m describe body
    if spans is not None:
        spans.append((s, e))
    # what _skip_not_a_number reads: a year (1800-2100), a link, a chain, a marker
    if (len(body) == 4 and "1800" <= body <= "2100") or urls or text[e + 1].isdigit() or cb not in _SPACES or text[s - 2] in "[,;":
        skip = _skip_not_a_number(text, s, e, body, conv, spans, urls)
        if skip is not None:
            return max(e, skip), None
    digits = _digits_of(text, m, body, simple, e, conv)
    if digits is None:
        return e, None  # codes "2.1.1", dates "30.06.2025", lists "1,2,3", "5'6", "am 30.06."
    body, int_digits, frac, grouped = digits
    skip, e_half, end, frac, power, percent, currency = _after_number(text, e, body, frac, grouped, conv)
    if skip is not None:
        return max(e, skip), None
    if text[e] == "-" and not frac and not grouped:
        ordinal = _hyphen_ordinal(text, e)  # "во 2-м квартале", "1-го января"
        if ordinal is not None:
            return ordinal, None
    c0 = text[s - 2] if cb in _SPACES else cb
    if c0 in _BEFORE or c0.isupper() or (cb in _SPACES and conv.lang in PERCENT_BEFORE):  # what _before_number reads
        start, sign, percent, currency = _before_number(text, s, power, percent, currency, prev_end, conv.lang)
    else:
        start, sign = s, None
    number = (s, e_half, start, end, body, int_digits, frac, grouped, sign, power, percent, currency)
    return _figure(text, conv, spans, e, number)


#: A number read by :func:`_number`: (start of its digits, end of its digits (past a half
#: read before the scale), start of its figure (sign, currency), end of its figure, digits
#: as written in ASCII, integer digits, fraction digits, grouped, sign (True minus, False
#: plus, None), scale power, percent, currency).
_Number = tuple[int, int, int, int, str, str, str, bool, "bool | None", int, bool, bool]


def _figure(
    text: str, conv: _Conventions, spans: list[tuple[int, int]] | None, pos: int, number: _Number
) -> tuple[int, _Cand | None]:
    """(where the scan resumes, the candidate figure or None) for a number read by
    :func:`_number`, whose digits as found end at ``pos``: steps 6 to 8 of
    :func:`_scan_digits`."""
    s, e, start, end, body, int_digits, frac, grouped, sign, power, percent, currency = number
    unit = bool(percent or power or currency)
    plain_int = not frac and not grouped
    if plain_int and not unit and sign is None and len(int_digits) == 4 and 1800 <= int(int_digits) <= 2100:
        end = _year_amount(text, s, e)
        if not end:
            return pos, None  # a year (in other digits: "٢٠٢٥")
        currency = unit = True  # "2000 euros": an amount
    c1 = text[e]
    if (
        c1 in ".)" or len(int_digits) == 8 or (frac and c1 in " \t" and text[e + 1].isupper())
        or (c1 == " " and text[e + 1] in "-–" and text[e + 2] == " ")
    ) and _numbering_or_date(text, start, e, int_digits, frac, grouped, unit):
        return pos, None
    toks, last = _words_before(text, start, conv.context_last)
    if percent or power or (plain_int and (not unit or c1 == ".")):  # what each rule of _digit_context needs
        skip = _digit_context(text, s, e, start, end, body, int_digits, plain_int, unit, percent, power, currency, toks, last, conv)
        if skip is not None:
            return max(pos, skip), None
    if power or sign:
        value, exponent = _make_value(bool(sign), int_digits, frac, power)
    elif frac:  # the commonest case, no sign and no scale, at once
        value, exponent = Decimal(int_digits + "." + frac), -len(frac)
    else:
        value, exponent = Decimal(int_digits), 0
    small = plain_int and len(int_digits) <= 3
    # the rules of _not_a_figure need a small number without unit, or a word before it
    # that ends a denominator (or, without unit, any word: a reference)
    if (small and not unit) or (last and (not unit or last in conv.denominator_last)):
        skip = _not_a_figure(text, conv, toks, last, start, end, value, small, unit, percent)
        if skip is not None:
            if skip > e and spans is not None:
                spans.append((s, skip))  # "por cada 10 mil": the word reader reads no "mil" there
            return max(pos, skip), None
    if text[start - 1] in HEDGE_MARKS or text[start - 2] in HEDGE_MARKS:
        if _P_VALUE.search(text, max(0, start - 6), start):
            return pos, None  # "p < 0.05": a significance threshold, not a claim
        hedge = _hedge_before(text, start, end, toks, last, conv)
    elif last in conv.hedge_last:
        # _hedge_before without a mark before the figure (no symbol to read there), its
        # _hedge_of at once: toks ends with last
        hedges = conv.hedges
        n = len(toks)
        hedge = (
            (n >= 3 and hedges.get((toks[-3], toks[-2], last)))
            or (n >= 2 and hedges.get((toks[-2], last)))
            or hedges.get((last,))
            or ("at_least" if text[end] == "+" and not text[end + 1].isdigit() else None)
        )
    elif text[end] == "+":
        hedge = _hedge_before(text, start, end, toks, last, conv)
    else:
        hedge = None
    if OPEN_INSTANCES:
        figure = _object_new(Figure)  # _new(Figure, ...) without the call
        figure.__dict__.update({"text": text[start:end], "start": start, "end": end, "value": value,
                                "exponent": exponent, "percent": percent, "hedge": hedge})
    else:  # the compiled core: its initialiser is compiled too
        figure = Figure(text[start:end], start, end, value, exponent, percent, hedge)
    if spans is not None:
        spans.append((start, end))
    return end if end > pos else pos, (figure, s, currency, power, last in BETWEEN_WORDS)


_object_new = object.__new__


def _number_at(text: str, m: re.Match[str], conv: _Conventions) -> tuple[int, int, str, bool]:
    """(start, end, digits as written, whether ``m``'s groups describe them) of the
    number ``m`` found: digits grouped with spaces ("1 234 567,8") are one number,
    and a ".", "," or U+066B before the digits is their decimal mark (".5", ",7")."""
    s, e = m.span()
    body = m.group()
    simple = True
    if text[e] in _SPACES and text[e + 1].isdigit() and e - s <= 3:
        sm = conv.space_body.match(text, s)
        if sm:
            e = sm.end()
            body = sm.group()
            simple = False
    cb = text[s - 1]
    if cb == "." or cb == "\u066b" or cb == ",":
        s -= 1  # ".5", ",7 %": a leading decimal mark (the caller drops "," where it is none)
        body = cb + body
        simple = False
    return s, e, body, simple


def _skip_not_a_number(
    text: str, s: int, e: int, body: str, conv: _Conventions, spans: list[tuple[int, int]] | None,
    urls: Sequence[tuple[int, int]],
) -> int | None:
    """Where the scan resumes when the digits at ``s:e`` are a year, part of a link,
    a chain (time, ratio, date) or a marker; None when they are a number to read."""
    if len(body) == 4 and "1800" <= body <= "2100" and body.isdigit() and body.isascii():
        skip = _skip_year(text, s, e, conv, spans)  # the commonest number in answers
        if skip is not None:
            return skip
    if urls and any(a <= s < b for a, b in urls):
        return e
    if text[e + 1].isdigit():
        skip = _skip_chain(text, s, e, body, spans)
        if skip is not None:
            return skip
    return _skip_marker(text, s, e, body)


def _skip_year(text: str, s: int, e: int, conv: _Conventions, spans: list[tuple[int, int]] | None) -> int | None:
    """Where the scan resumes after a year used as a year ("2024", "2023-24",
    "2025-06-30", "1990s", "2025Q2", "2024M06"); None when the four digits at
    ``s:e`` may state an amount ("2000 €", "$2024", "2024 million")."""
    c1 = text[e]
    if c1.isalpha():
        lm = _LETTERS.match(text, e)
        assert lm is not None  # text[e] is a letter
        if lm.group() not in ATTACHED_SCALES or text[lm.end()].isdigit():
            return lm.end()  # "1990s", "2025Q2", "2024M06" (SDMX period)
        return None
    cb = text[s - 1]
    if cb in _CURRENCY_CHARS or cb in "%٪" or (cb == " " and text[s - 2] in _CURRENCY_CHARS):
        return None
    c = text[e + 1] if c1 in _SPACES else c1
    aw = _after_word(text, e, conv) if c in conv.after_first else None
    money = (
        c in _CURRENCY_CHARS
        or c.isupper()
        or (c.isalpha() and (c + text[e + 2 if c1 in _SPACES else e + 1]).lower() in _CURRENCY_PRE2)
    ) and _year_amount(text, s, e)
    if (aw is not None and aw[1] != "time") or money:
        return None
    if c1 in "-–—/" and text[e + 1].isdigit():
        tm = _YEAR_TAIL.match(text, e)
        if tm:
            if spans is not None:
                spans.append((s, tm.end()))
            return tm.end()
    return e


def _skip_chain(text: str, s: int, e: int, body: str, spans: list[tuple[int, int]] | None) -> int | None:
    """Where the scan resumes after a time, a ratio or a date written as a chain of
    numbers ("10:30", "1/2/2025", "30-06-2025"); None for none."""
    c1 = text[e]
    if c1 == ":":
        cm = _CHAIN_COLON.match(text, s)
        end = cm.end() if cm else e
    elif c1 == "/":
        cm = _CHAIN_SLASH.match(text, s)
        end = cm.end() if cm else e + 1
    elif c1 == "-" and len(body) <= 2 and (dm := _DMY_DASH.match(text, s)):
        end = dm.end()
    else:
        return None
    if spans is not None:
        spans.append((s, end))
    return end


def _skip_marker(text: str, s: int, e: int, body: str) -> int | None:
    """Where the scan resumes after a citation marker ("[1]", "[1, 2]", "[^1]",
    "【3†source】"), an identifier ("doc-2", "COVID-19"), a year ("Q4'24") or a
    list marker ("(1)"); None for none."""
    cb = text[s - 1]
    c1 = text[e]
    if cb not in _SPACES:
        if cb in "/:#№^【":
            return e  # "[^1]", "14.2%^1", "【3†source】"
        if cb in "'’" and len(body) == 2 and (text[s - 2].isdigit() or text[s - 2].isupper()) and not c1.isdigit():
            return e  # "Q4'24", "FY’25": a year; not "l'80%", "dell'11%" (an elided article)
        if cb in _MINUS and (text[s - 2].isalpha() or text[s - 2] == "_"):
            return e  # identifier: "doc-2", "COVID-19", "under-5"
        if cb == "(" and c1 == ")" and len(body) == 1 and not text[s - 2].isalnum():
            return e  # "(1)" list marker
        if cb == "[":
            cm = _CITATION.match(text, s - 1)
            if cm:
                return max(e, cm.end())
    elif text[s - 2] in "[,;":
        # a citation marker such as "[1, 2]"
        lb = text.rfind("[", max(0, s - 12), s)
        if lb >= 0:
            cm = _CITATION.match(text, lb)
            if cm and cm.end() >= e:
                return max(e, cm.end())
    return None


def _digits_of(
    text: str, m: re.Match[str], body: str, simple: bool, e: int, conv: _Conventions
) -> tuple[str, str, str, bool] | None:
    """(body in ASCII digits, integer digits, fraction digits, grouped) of a number
    in the language's convention (see :func:`_read`); None when no reading fits or
    it is a day and month ("am 30.06.")."""
    if not body.isascii():
        body = _ascii(body)
        simple = False
    int_digits, sep, frac, more = m.groups()
    if simple and not more:  # one separator at most
        grouped = False
        native_decimals, native_groups = conv.native
        if sep is None:
            frac = ""
        elif sep in native_decimals:
            pass
        elif sep in native_groups and len(frac) == 3 and len(int_digits) <= 3:
            int_digits += frac
            frac = ""
            grouped = True
        elif sep == "." and len(frac) == 3 and len(int_digits) <= 3 and int_digits != "0" and "," in native_decimals:
            aw = _after_word(text, e, conv)
            if aw is None or aw[1] != "pct":  # "3.125 %" keeps its decimals
                int_digits += frac  # "52.300 chômeurs": a dot groups thousands where the comma is the decimal mark
                frac = ""
                grouped = True
        elif sep not in conv.swapped[0]:
            return None  # "5'6"
    else:
        read = _read(body, conv)
        if read is None:
            return None  # codes "2.1.1", dates "30.06.2025", lists "1,2,3"
        int_digits, frac, grouped = read
    if frac and text[e] == "." and "," in conv.native[0] and len(body) <= 5 and _DAY_MONTH_DOT.match(body):
        return None  # German-style date without year: "am 30.06."
    return body, int_digits, frac, grouped


def _after_number(
    text: str, e: int, body: str, frac: str, grouped: bool, conv: _Conventions
) -> tuple[int | None, int, int, str, int, bool, bool]:
    """What follows the digits ending at ``e``: a half, an attached scale or unit, a
    scale word, a percent sign or word, a currency.

    Returns (skip, e, end, frac, power, percent, currency): ``skip`` is None, or where
    the scan resumes when what follows makes the number no figure (an ordinal "2nd",
    "1er", "2.º", "1° gennaio", a quarter "2T 2025", a time "10h30"); ``e`` is past a
    half read before the scale ("2 and a half million"), ``end`` past all of it.
    """
    c1 = text[e]
    c2 = text[e + 1]
    if c1 in "%٪％" or (c2 in "%٪％" and c1 in _SPACES):  # the commonest: what the last branch reads
        return None, e, e + 1 if c1 in "%٪％" else e + 2, frac, 0, True, False
    halves = language_patterns(conv.lang).and_a_half  # "2 and a half million", "2 millions et demi"
    if c1 == " " and c2 in "aeyAEY" and halves is not None and not frac and not grouped:
        h = halves.match(text, e)
        if h:  # "2 and a half million", "2 et demi pour cent"
            frac = "5"
            e = h.end()
            c1 = text[e]
            c2 = text[e + 1]
    power = 0
    percent = False
    currency = False
    end = e
    if c1.isalpha():
        lm = _LETTERS.match(text, e)
        assert lm is not None  # text[e] is a letter
        run = lm.group()
        if run == "T" and len(body) == 1 and "1" <= body <= "4" and _PERIOD_YEAR.match(text, lm.end()):
            return lm.end(), e, end, frac, power, percent, currency  # "2T 2025", "2T25": a quarter, not 2 trillion
        if run in ATTACHED_SCALES:
            power = ATTACHED_SCALES[run]
            end = lm.end()
            if text[end] == "." and run in ("Mio", "Mrd", "Md"):
                end += 1
            ce = _currency_after(text, end)
            if ce:
                currency = True
                end = ce
        elif run in ATTACHED_UNITS:
            if run == "pp":
                percent = True
                end = lm.end()
        else:
            return lm.end(), e, end, frac, power, percent, currency  # 2nd, 3e, 1er, 1990s, 5G, 10h30, 2025Q2
    elif c1 == "." and c2.isalpha() and (
        c2.islower() or c2 in "ºª" or (c2.isupper() and conv.dot_ordinals and not frac and not grouped and len(body) <= 3)
    ):
        return 0, e, end, frac, power, percent, currency  # "2.º", "1.er", "2.Quartal"; not "€2,318,004.The"
    elif c1 == "°" and c2 == " " and not frac and not grouped and (
        text[e + 2].islower() or (text[e + 2].isupper() and len(body) <= 2 and _line_start(text, e - len(body)))
    ):
        return 0, e, end, frac, power, percent, currency  # "1° gennaio", "2° trimestre", "1° Il tasso" (a list); not "25 °C"
    elif c1 != "\0":
        i = e + 1 if c1 in _SPACES else e
        c = text[i]
        if c in "%٪％":  # what _suffix would read, without the call
            percent = True
            end = i + 1
        elif _may_follow(c, text[i + 1], conv):
            end, power, percent, is_time, currency = _suffix(text, e, conv)
            if is_time:
                return end, e, end, frac, power, percent, currency
    if power and not frac and halves is not None and text[end] == " ":
        h = halves.match(text, end)
        if h:  # "2 millions et demi", "3 milioni e mezzo"
            frac = "5"
            end = h.end()
    return None, e, end, frac, power, percent, currency


def _may_follow(c: str, d: str, conv: _Conventions) -> bool:
    """Whether the characters ``c``, ``d`` after a number may start what
    :func:`_suffix` reads (a quick test that spares most calls)."""
    if c.isalpha():
        return c.isupper() or (c + d).lower() in conv.after_pre2 or (not d.isalpha() and c.lower() in conv.after_one)
    return c in conv.after_first or c in _CURRENCY_CHARS


def _before_number(
    text: str, s: int, power: int, percent: bool, currency: bool, prev_end: int, lang: str
) -> tuple[int, bool | None, bool, bool]:
    """What precedes the number at ``s``: a sign, a currency symbol or code, a
    percent sign ("%5" in Turkish style). Returns (start, sign, percent, currency),
    ``sign`` True for minus, False for plus, None for none. Characters that belong
    to the previous figure (ending at ``prev_end``: "0%0") are not taken. A minus
    written with a space ("de - 2,5 %", "− 3.1") is read in ``lang`` (see
    :func:`~gate.figures.affixes._spaced_minus`)."""
    cb = text[s - 1]
    percent_after, currency_after = percent, currency
    start = s
    sign = None
    if cb in _MINUS or cb == "+":
        sign = _sign_before(text, s)
        if sign is not None:
            start = s - 1
    elif cb in _SPACES and text[s - 2] in _MINUS and _spaced_minus(text, s - 2, lang):
        sign = True
        start = s - 2
    c = text[start - 1]
    c0 = text[start - 2] if c in _SPACES else c  # the character before a space
    if c0 in _CURRENCY_CHARS or c0.isupper():
        cs = _currency_before(text, start, power)
        if cs != start:
            currency = True
            start = cs
            if sign is None:
                sign = _sign_before(text, start)
                if sign is not None:
                    start -= 1
    if c in "%٪" and not percent and start > 0:
        percent = True
        start -= 1
    elif not percent and sign is None and c in _SPACES:
        before = _percent_word_before(text, start, lang)  # "yüzde 8,7"
        if before is not None:
            percent, start = True, before
    if start < prev_end:  # those characters belong to the previous figure: "0%0"
        return s, None, percent_after, currency_after
    return start, sign, percent, currency


def _numbering_or_date(text: str, start: int, e: int, int_digits: str, frac: str, grouped: bool, unit: bool) -> bool:
    """Whether the number is a compact date ("20250630") or list numbering ("1. Rural"
    at a line start, "**1.** Rural", "2) Urban", "1 - Rural" at a line start, "... 5.2%.
    2. Inflation" after a sentence, "1.1 Employment", "2.3. Prices")."""
    c1 = text[e]
    c2 = text[e + 1]
    plain_int = not frac and not grouped
    if plain_int and not unit and len(int_digits) == 8 and _YMD_COMPACT.fullmatch(int_digits):
        return True  # a compact date: "20250630"
    if plain_int and c1 in ".)" and c2 in " \t\n\0*_" and len(int_digits) <= 2:
        if _line_start(text, start) or (c1 == ")" and _unopened(text, start)):
            return True  # list numbering: "1. Rural" at a line start, "**1.** Rural", "2) Urban"
        if c2 in " \t" and text[e + 2].isupper() and _after_sentence(text, start):
            return True  # "... was 5.2%. 2. Inflation was": numbering inside a paragraph
    if plain_int and not unit and c1 == " " and len(int_digits) <= 2 and text[e + 3].isupper() and _line_start(text, start):
        return True  # "1 - Unemployment" at a line start
    return bool(
        frac and not unit and not grouped and len(frac) <= 2 and len(int_digits) <= 2
        and (c1 in " \t" and c2.isupper() or c1 == "." and c2 in " \t")
        and _line_start(text, start)
    )  # "1.1 Employment", "2.3. Prices": nested list numbering


def _after_sentence(text: str, start: int) -> bool:
    """Whether ``start`` follows the end of a sentence or a colon ("figures. 1. Rural")."""
    p = start - 1
    if p < 0 or text[p] not in " \t":
        return False
    while p > 0 and text[p] in " \t":
        p -= 1
    return text[p] in ".!?:"


def _words_before(text: str, start: int, context_last: frozenset[str]) -> tuple[list[str], str]:
    """(the words before ``start``, lowercased, and the last of them; "" when none).

    One word is enough unless it may end a longer phrase ("up to", "more than"):
    then three; anything but plain words is read by :func:`_prefix_tokens`.
    """
    j = start - 1
    if j > 0 and text[j] == " ":
        k = text.rfind(" ", j - 24 if j > 24 else 0, j)
        if k >= 0 or j <= 24:
            last = text[k + 1 : j]
            if last.isalpha():
                last = last.lower()
                if last not in context_last or k < 0:  # k < 0: the text's first word
                    return [last], last
                if k > 0:
                    # a phrase may end here ("up to", "more than"): two words more
                    k2 = text.rfind(" ", max(0, k - 24), k)
                    k3 = text.rfind(" ", max(0, k2 - 24), k2) if k2 > 0 else -1
                    if k3 >= 0:
                        words = text[k3 + 1 : j].lower().split(" ")
                        if len(words) == 3 and words[0].isalpha() and words[1].isalpha() and words[2].isalpha():
                            return words, last
    if start == 0:
        return [], ""  # what _prefix_tokens reads before the text's first character
    toks = _prefix_tokens(text, start)
    return toks, toks[-1] if toks else ""


def _digit_context(
    text: str, s: int, e: int, start: int, end: int, body: str, int_digits: str, plain_int: bool,
    unit: bool, percent: bool, power: int, currency: bool, toks: list[str], last: str, conv: _Conventions,
) -> int | None:
    """The rules of digits alone that make a number no figure: a day of a date ("30
    juin", "June 30", "30. Juni"), an index base ("2015=100"), a confidence level
    ("95% confidence interval", "IC 95%"), a group of a distribution ("the top
    10%"), an ordinal written "2." ("im 2. Quartal"), a label ("quarter 2", "decile
    10") or a document label read as a scale ("Figure 4b"). Returns 0 (the scan
    resumes where it was) or None when no rule applies. Each rule needs a percent, a
    scale, or a plain integer without unit or before a "." (which :func:`_figure` tests
    before the call)."""
    c1 = text[e]
    c2 = text[e + 1]
    if plain_int and not unit and len(int_digits) <= 2 and 1 <= int(int_digits) <= 31:
        if (
            ((c1 == "." or (c1 in _SPACES and text[e + 1] in conv.month_first)) and conv.month_after.match(text, e))
            or last in conv.months
            or last.rstrip(",.") in conv.months
            or (c1 == "-" and c2.isalpha() and _letters_at(text, e + 1).lower() in conv.months)
            or text[max(0, start - 4) : start].rstrip() == "May"
        ):
            return 0  # day of a date: "30 juin", "June 30", "30. Juni"
    cb = text[s - 1]
    if body == "100" and not unit and (cb == "=" or cb == " ") and _BASE_BEFORE.search(text, max(0, s - 7), s):
        return 0  # "2015=100", "2015 = 100": an index base
    if percent and (
        (
            text[end] in _SPACES and (text[end + 1] in _CONFIDENCE_FIRST or not text[end + 1].isascii())
            and _CONFIDENCE.match(text, end)
        )  # "95% confidence interval"
        or (last in _CONFIDENCE_LAST and _confidence_before(text, start, last))  # "IC 95%", "al 95%" of confidence
        or last in _GROUP_WORDS  # "the top 10%"
        or (text[end] in _SPACES and text[end + 1] in _GROUP_FIRST and _GROUP_AFTER.match(text, end))
    ):
        return 0  # a level or a group ("les 10 % les plus riches"), not a claim
    if conv.dot_ordinals and plain_int and c1 == "." and c2 == " " and len(int_digits) <= 3:
        nxt = _LETTERS.match(text, e + 2)
        word = nxt.group() if nxt else ""
        if word and (word[0].islower() or word.lower() in DOT_ORDINAL_NOUNS or last in DOT_ORDINAL_BEFORE):
            return 0  # "im 2. Quartal"
    if plain_int and not unit and last in LABEL_WORDS and int(int_digits) <= LABEL_WORDS[last]:
        return 0  # "quarter 2", "week 23", "decile 10": a label
    if power and end - e <= 1 and not percent and not currency and _is_reference(last, conv):
        return 0  # "Figure 4b", "Table 2m": a label, not 4 billion
    return None
