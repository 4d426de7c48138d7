"""The digit reader: numbers written with digits, in the conventions of the text's language.
"""

from __future__ import annotations

import re
from decimal import Decimal

from gate.figures.affixes import (
    _CURRENCY_PRE2,
    _after_word,
    _currency_after,
    _currency_before,
    _sign_before,
    _suffix,
    _year_amount,
)
from gate.figures.chars import _CURRENCY_CHARS, _LETTERS, _MINUS, _SPACES, _ascii
from gate.figures.context import (
    _BASE_BEFORE,
    _CITATION,
    _CONFIDENCE,
    _CONFIDENCE_LAST,
    _GROUP_AFTER,
    _GROUP_WORDS,
    _P_VALUE,
    _REF_CHAIN,
    _REF_LIST,
    _URL,
    _confidence_before,
    _defining_number,
    _is_power_of_ten,
    _is_reference,
    _line_start,
    _prefix_tokens,
    _unopened,
)
from gate.figures.hedges import _hedge_before
from gate.figures.locale import _Conventions
from gate.figures.model import Figure, _Cand, _new
from gate.lexicon import (
    AND_A_HALF,
    ATTACHED_SCALES,
    ATTACHED_UNITS,
    BETWEEN_WORDS,
    DOT_ORDINAL_BEFORE,
    DOT_ORDINAL_NOUNS,
    HEDGE_MARKS,
    LABEL_WORDS,
)

_SEPARATOR = re.compile(r"(\D)")
_CHAIN_COLON = re.compile(r"\d+(?::\d+)+")
_CHAIN_SLASH = re.compile(r"\d+(?:[./]\d+)*(?:/\d+)+")
_PERIOD_YEAR = re.compile(r"[ \u00a0]?(?:\d{4}|\d{2})(?!\d)")  # after "2T": "2T 2025", "2T25"
_YMD_COMPACT = re.compile(r"(?:18|19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")
_DMY_DASH = re.compile(r"\d{1,2}-\d{1,2}-\d{2,4}(?!\d)")
_YEAR_TAIL = re.compile(r"(?:[-–—/](?:\d{4}|\d{2})(?!\d))(?:-\d{2}(?!\d))?(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?")
_DAY_MONTH_DOT = re.compile(r"\d{1,2}\.\d{1,2}$")


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
        if any(x not in groups for x in int_seps) or len(set(int_seps)) > 1:
            continue
        if not 1 <= len(int_parts[0]) <= 3 or any(len(x) != 3 for x in int_parts[1:]):
            continue
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
    """
    search = (conv.body_ascii if text.isascii() else conv.body).search
    after_first = conv.after_first
    after_pre2 = conv.after_pre2
    after_one = conv.after_one
    halves = AND_A_HALF.get(conv.lang)  # "2 and a half million", "2 millions et demi"
    hedge_last = conv.hedge_last
    context_last = conv.context_last
    native_decimals, native_groups = conv.native
    swapped_decimals = conv.swapped[0]
    denominator_last = conv.denominator_last
    references = conv.references
    dot_ordinals = conv.dot_ordinals
    pos = 0
    prev_end = 0  # end of the last figure
    urls = [m.span() for m in _URL.finditer(text)] if ("://" in text or "www." in text or "@" in text) else ()
    while True:
        m = search(text, pos)
        if m is None:
            return
        s, e = m.span()
        body = m.group()
        c1 = text[e]
        c2 = text[e + 1]
        simple = True  # the groups of m describe body
        if c1 in _SPACES and c2.isdigit() and e - s <= 3:
            sm = conv.space_body.match(text, s)
            if sm:
                e = sm.end()
                body = sm.group()
                c1 = text[e]
                c2 = text[e + 1]
                simple = False
        pos = e
        cb = text[s - 1]
        if cb == "." or cb == "\u066b":
            s -= 1  # ".5"
            body = cb + body
            cb = text[s - 1]
            simple = False
        if spans is not None:
            spans.append((s, e))
        # years, the commonest number in answers: "2024", "2023-24", "2025-06-30"
        if len(body) == 4 and "1800" <= body <= "2100" and body.isdigit() and body.isascii():
            if c1.isalpha():
                lm = _LETTERS.match(text, e)
                if lm.group() not in ATTACHED_SCALES or text[lm.end()].isdigit():
                    pos = lm.end()
                    continue  # "1990s", "2025Q2", "2024M06" (SDMX period)
            elif cb not in _CURRENCY_CHARS and cb not in "%٪" and not (cb == " " and text[s - 2] in _CURRENCY_CHARS):
                c = text[e + 1] if c1 in _SPACES else c1
                aw = _after_word(text, e, conv) if c in after_first else None
                money = (
                    c in _CURRENCY_CHARS
                    or c.isupper()
                    or (c.isalpha() and (c + text[e + 2 if c1 in _SPACES else e + 1]).lower() in _CURRENCY_PRE2)
                ) and _year_amount(text, s, e)
                if (aw is None or aw[1] == "time") and not money:
                    if c1 in "-–—/" and c2.isdigit():
                        tm = _YEAR_TAIL.match(text, e)
                        if tm:
                            pos = tm.end()
                            if spans is not None:
                                spans.append((s, pos))
                    continue
        if urls and any(a <= s < b for a, b in urls):
            continue
        # chains: times, ratios, dates
        if c2.isdigit():
            if c1 == ":":
                cm = _CHAIN_COLON.match(text, s)
                pos = cm.end() if cm else e
                if spans is not None:
                    spans.append((s, pos))
                continue
            if c1 == "/":
                cm = _CHAIN_SLASH.match(text, s)
                pos = cm.end() if cm else e + 1
                if spans is not None:
                    spans.append((s, pos))
                continue
            if c1 == "-" and len(body) <= 2:
                dm = _DMY_DASH.match(text, s)
                if dm:
                    pos = dm.end()
                    if spans is not None:
                        spans.append((s, pos))
                    continue
        if cb not in _SPACES:
            if cb in "/:#№^【":
                continue  # "[^1]", "14.2%^1", "【3†source】"
            if cb in "'’" and len(body) == 2 and text[s - 2].isalnum() and not c1.isdigit():
                continue  # "Q4'24", "FY’25": a year
            if cb in _MINUS and (text[s - 2].isalpha() or text[s - 2] == "_"):
                continue  # identifier: "doc-2", "COVID-19", "under-5"
            if cb == "(" and c1 == ")" and len(body) == 1 and not text[s - 2].isalnum():
                continue  # "(1)" list marker
            if cb == "[":
                cm = _CITATION.match(text, s - 1)
                if cm:
                    pos = max(pos, cm.end())
                    continue
        elif text[s - 2] in "[,;":
            # a citation marker such as "[1, 2]"
            lb = text.rfind("[", max(0, s - 12), s)
            if lb >= 0:
                cm = _CITATION.match(text, lb)
                if cm and cm.end() >= e:
                    pos = max(pos, cm.end())
                    continue
        if not body.isascii():
            body = _ascii(body)
            simple = False
        int_digits, sep, frac, more = m.groups()
        if simple and not more:  # one separator at most
            grouped = False
            if sep is None:
                frac = ""
            elif sep in native_decimals:
                pass
            elif sep in native_groups and len(frac) == 3 and len(int_digits) <= 3:
                int_digits += frac
                frac = ""
                grouped = True
            elif sep in swapped_decimals:
                pass
            else:
                continue  # "5'6"
        else:
            read = _read(body, conv)
            if read is None:
                continue  # codes "2.1.1", dates "30.06.2025", lists "1,2,3"
            int_digits, frac, grouped = read
        if frac and c1 == "." and "," in native_decimals and len(body) <= 5 and _DAY_MONTH_DOT.match(body):
            continue  # German-style date without year: "am 30.06."
        if c1 == " " and c2 in "aeyAEY" and halves is not None and not frac and not grouped:
            h = halves.match(text, e)
            if h:  # "2 and a half million", "2 et demi pour cent"
                frac = "5"
                e = h.end()
                c1 = text[e]
                c2 = text[e + 1]
        # what follows: attached scale or unit, scale word, percent, currency
        power = 0
        percent = False
        currency = False
        end = e
        if c1.isalpha():
            lm = _LETTERS.match(text, e)
            run = lm.group()
            if run == "T" and len(body) == 1 and "1" <= body <= "4" and _PERIOD_YEAR.match(text, lm.end()):
                pos = lm.end()
                continue  # "2T 2025", "2T25": a quarter (trimestre), not 2 trillion
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
                pos = lm.end()
                continue  # 2nd, 3e, 1er, 1990s, 5G, 10h30, 2025Q2
        elif c1 == "." and c2.isalpha():
            continue  # "2.º", "1.er"
        elif c1 == "°" and c2 == " " and text[e + 2].islower() and not frac and not grouped:
            continue  # "1° gennaio", "2° trimestre": an ordinal (not "25 °C")
        elif c1 != "\0":
            i = e + 1 if c1 in _SPACES else e
            c = text[i]
            if c in "%٪％":  # what _suffix would read, without the call
                percent = True
                end = i + 1
            elif c.isalpha():
                d = text[i + 1]
                call = (
                    c.isupper()
                    or (c + d).lower() in after_pre2
                    or (not d.isalpha() and c.lower() in after_one)
                )
            else:
                call = c in after_first or c in _CURRENCY_CHARS
            if not percent and call:
                end, power, percent, is_time, currency = _suffix(text, e, conv)
                if is_time:
                    pos = end
                    continue
        if power and not frac and halves is not None and text[end] == " ":
            h = halves.match(text, end)
            if h:  # "2 millions et demi", "3 milioni e mezzo"
                frac = "5"
                end = h.end()
        # what precedes: sign, currency, percent sign
        percent_after, currency_after = percent, currency
        start = s
        sign = None
        if cb in _MINUS or cb == "+":
            sign = _sign_before(text, s)
            if sign is not None:
                start = s - 1
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
        if start < prev_end:  # those characters belong to the previous figure: "0%0"
            start, sign, percent, currency = s, None, percent_after, currency_after
        unit = percent or power or currency
        plain_int = not frac and not grouped
        if plain_int and not unit and sign is None and len(int_digits) == 4 and 1800 <= int(int_digits) <= 2100:
            ce = _year_amount(text, s, e)
            if not ce:
                continue  # a year (in other digits: "٢٠٢٥")
            currency = unit = True  # "2000 euros": an amount
            end = ce
        if plain_int and not unit and len(int_digits) == 8 and _YMD_COMPACT.fullmatch(int_digits):
            continue  # a compact date: "20250630"
        # list numbering: "1. Rural" at a line start, "2) Urban"
        if plain_int and c1 in ".)" and c2 in " \t\n\0" and len(int_digits) <= 2:
            if _line_start(text, start) or (c1 == ")" and _unopened(text, start)):
                continue
        if (
            frac and not unit and not grouped and len(frac) <= 2 and len(int_digits) <= 2
            and (c1 in " \t" and c2.isupper() or c1 == "." and c2 in " \t")
            and _line_start(text, start)
        ):
            continue  # "1.1 Employment", "2.3. Prices": nested list numbering
        # the words before: one is enough unless it may end a longer phrase
        j = start - 1
        toks = None
        if j > 0 and text[j] == " ":
            k = text.rfind(" ", j - 24 if j > 24 else 0, j)
            if k >= 0 or j <= 24:
                last = text[k + 1 : j]
                if last.isalpha():
                    last = last.lower()
                    if last not in context_last or k < 0:  # k < 0: the text's first word
                        toks = [last]
                    elif k > 0:
                        # a phrase may end here ("up to", "more than"): two words more
                        k2 = text.rfind(" ", max(0, k - 24), k)
                        k3 = text.rfind(" ", max(0, k2 - 24), k2) if k2 > 0 else -1
                        if k3 >= 0:
                            words = text[k3 + 1 : j].lower().split(" ")
                            if len(words) == 3 and all(w.isalpha() for w in words):
                                toks = words
        if toks is None:
            toks = _prefix_tokens(text, start)
            last = toks[-1] if toks else ""
        if plain_int and not unit and len(int_digits) <= 2 and 1 <= int(int_digits) <= 31:
            if (
                ((c1 == "." or (c1 in _SPACES and text[e + 1] in conv.month_first)) and conv.month_after.match(text, e))
                or last in conv.months
                or last.rstrip(",.") in conv.months
                or (c1 == "-" and c2.isalpha() and _LETTERS.match(text, e + 1).group().lower() in conv.months)
                or text[max(0, start - 4) : start].rstrip() == "May"
            ):
                continue  # day of a date: "30 juin", "June 30", "30. Juni"
        if body == "100" and not unit and (cb == "=" or cb == " ") and _BASE_BEFORE.search(text, max(0, s - 7), s):
            continue  # "2015=100", "2015 = 100": an index base
        if plain_int and not unit and len(int_digits) <= 3:
            skip = _defining_number(text, start, end, toks, last, conv)
            if skip:
                pos = max(pos, skip)
                continue  # "aged 15–64", "15-24 ans", "over the past 12 months"
        elif percent and text[end] in _SPACES and _CONFIDENCE.match(text, end):
            continue  # "95% confidence interval": a level, not a claim
        elif percent and last in _CONFIDENCE_LAST and _confidence_before(text, start, last):
            continue  # "IC 95%", "intervallo di confidenza al 95%": a level, not a claim
        elif percent and (
            last in _GROUP_WORDS or (text[end] in _SPACES and text[end + 1] in "lmpaLMPA" and _GROUP_AFTER.match(text, end))
        ):
            continue  # "the top 10%", "les 10 % les plus riches": a group, not a claim
        if dot_ordinals and plain_int and c1 == "." and c2 == " " and len(int_digits) <= 3:
            nxt = _LETTERS.match(text, e + 2)
            word = nxt.group() if nxt else ""
            if word and (word[0].islower() or word.lower() in DOT_ORDINAL_NOUNS or last in DOT_ORDINAL_BEFORE):
                continue  # "im 2. Quartal"
        if plain_int and not unit and last in LABEL_WORDS and int(int_digits) <= LABEL_WORDS[last]:
            continue  # "quarter 2", "week 23", "decile 10": a label
        if power and end - e <= 1 and not percent and not currency and _is_reference(last, conv):
            continue  # "Figure 4b", "Table 2m": a label, not 4 billion
        if power or sign:
            value, exponent = _make_value(bool(sign), int_digits, frac, power)
        elif frac:
            value, exponent = Decimal(int_digits + "." + frac), -len(frac)
        else:
            value, exponent = Decimal(int_digits), 0
        if last:
            # denominators: "per 1,000", "pour 1 000", "por cada 1.000", "je 100.000"
            if last in denominator_last and not percent and _is_power_of_ten(value):
                if (last,) in conv.denominators or tuple(toks[-2:]) in conv.denominators:
                    continue
            # references and codes: "table 3", "SDG 2", "No. 5", "p. 12", "tables 3 and 4"
            if not unit and (
                last in references or (last[-1] in ".:'" or "'" in last) and _is_reference(last, conv)
            ):
                rc = _REF_CHAIN.match(text, end)
                if rc is None and (last.rstrip(".:")[-1:] in ("s", "x") or last == "pp."):
                    rc = _REF_LIST.match(text, end)  # a plural names a list: "tables 3, 4"
                if rc:
                    pos = max(pos, rc.end())
                continue
        if cb == "#":
            continue
        marked = text[start - 1] in HEDGE_MARKS or text[start - 2] in HEDGE_MARKS
        if marked and _P_VALUE.search(text, max(0, start - 6), start):
            continue  # "p < 0.05": a significance threshold, not a claim
        if marked or last in hedge_last or text[end] == "+":
            hedge = _hedge_before(text, start, end, toks, last, conv)
        else:
            hedge = None
        out.append(
            (
                _new(
                    Figure,
                    {"text": text[start:end], "start": start, "end": end, "value": value,
                     "exponent": exponent, "percent": percent, "hedge": hedge},
                ),
                s,
                currency,
                power,
                last in BETWEEN_WORDS,
            )
        )
        if end > pos:
            pos = end
        prev_end = end
        if spans is not None:
            spans.append((start, end))
