"""Periods: the SDMX time periods of observations, and the periods an answer states.

An observation's period is written in SDMX form (SDMX 2.1 TIME_PERIOD, the ISO 8601
subset it uses): ``2024`` (year), ``2025-Q2`` (quarter), ``2025-S1`` (half-year),
``2025-06`` or ``2025-M06`` (month), ``2024-W05`` (ISO week), ``2024-06-30`` (day),
``2024-A1`` (year, reporting form) and time ranges ``start/duration`` such as
``2024-04-01/P1Y`` (a fiscal year, "the year to March 2025") or ``2025-01-01/P6M``.
Each is the closed interval of days it covers (:class:`Period`).

An answer states periods as statisticians write them, in its own language: "in 2024",
"Q2 2025", "au deuxième trimestre 2025", "im 2. Quartal 2025", "en junio de 2025",
"2024/25", "the year to June 2025", "week 10 of 2025", "KW 10/2025". :func:`stated_periods` finds them with their spans;
:func:`period_of_figures` gives each figure the period stated for it, or None:

1. the first period after the figure and before the next figure ("7.6% in 2024");
2. else a period stated before the figure in the same sentence that no earlier figure
   took as its own ("In 2024, 5.1% for men and 5.6% for women");
3. else the period that ends a list the figure is in ("5.1% for men and 5.6% for women
   in 2024").

With the answer's language, as answers write them: a sentence with "respectively"
("respectivement", "beziehungsweise", "على التوالي") and as many periods as figures pairs
them in order; a figure said relative to another ("a year earlier", "im Vormonat") takes no
other figure's period; a period heading a paragraph, the only one stated in it, is the
period of its figures. A month or an ordinal stated without its year ("against 13,002 in
February", "up from 4.1% in the first") takes the year of the period before it, or of the
dated month ending the list it heads ("April, May and June 2025").

A figure with no period by these rules has none: it is counted apart, never guessed.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache

from babel.dates import get_month_names

from gate.model.check_words import Words, words_for
from gate.model.periods import Period, _add_months, _months, _months_between, _year

# ----------------------------------------------------------------------------------------
# Periods stated in prose
# ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class StatedPeriod:
    """A period an answer states, where it stands.

    Attributes:
        period: the interval it names.
        text: as written, ``answer[start:end]``.
        start, end: its span in the answer.
    """

    period: Period
    text: str
    start: int
    end: int


def ascii_digits(text: str) -> str:
    """The text with every Unicode decimal digit (Arabic-Indic included) as its ASCII
    digit; one character for one, so spans are kept."""
    if text.isascii():
        return text
    return "".join(str(unicodedata.digit(ch)) if ch.isdecimal() and not "0" <= ch <= "9" else ch for ch in text)


@cache
def month_names(language: str) -> dict[str, int]:
    """Month names of a language (wide and abbreviated, format and stand-alone, from CLDR
    through Babel), lowercased, with and without a final dot -> month number."""
    out: dict[str, int] = {}
    primary = language.split("-")[0].lower()
    for width in ("wide", "abbreviated"):
        for context in ("format", "stand-alone"):
            try:
                names = get_month_names(width, context, locale=primary)
            except Exception:  # a language Babel does not know: English names
                names = get_month_names(width, context, locale="en")
            for number, name in names.items():
                name = name.lower()
                out.setdefault(name, number)
                out.setdefault(name.rstrip("."), number)
    if primary != "en":
        # English month names are read in every language (tables copied from English sources).
        for number, name in get_month_names("wide", locale="en").items():
            out.setdefault(name.lower(), number)
    return {k: v for k, v in out.items() if len(k) >= 3}


@cache
def wide_month_names(language: str) -> dict[str, tuple[int, bool]]:
    """The full month names of a language alone (CLDR wide, format and stand-alone):
    lowercased name -> (month number, whether the language capitalises it). Read without a
    year ("against 13,002 in February"), so neither abbreviations nor English names in
    other languages: "mar", "set", "may" are words too."""
    out: dict[str, tuple[int, bool]] = {}
    primary = language.split("-")[0].lower()
    for context in ("format", "stand-alone"):
        try:
            names = get_month_names("wide", context, locale=primary)
        except Exception:  # a language Babel does not know: English names
            names = get_month_names("wide", context, locale="en")
        for number, name in names.items():
            if len(name) >= 3:
                out.setdefault(name.lower(), (number, name[:1].isupper()))
    return out


def _phrases(words: Iterable[str]) -> re.Pattern[str] | None:
    """Whole words or phrases (a final dot kept: "bzw."), case-insensitive; None for none."""
    words = tuple(words)
    if not words:
        return None
    return re.compile(r"(?i)(?<![^\W_])(?:" + _alt(words) + r")(?![^\W_])" if not any(w.endswith(".") for w in words)
                      else r"(?i)(?<![^\W_])(?:" + _alt(words) + r")(?:(?<=\.)|(?![^\W_]))")


def _alt(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


_YEAR = r"(?P<{}>(?:18|19|20)\d\d)"
#: Kana, ideographs and hangul: languages that write without spaces ("2024年第二季度"), so
#: that a year or an ordinal may touch them.
_GLUED = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
_B = r"(?<![^\W" + _GLUED + r"])"      # no letter or digit before (a CJK character may touch)
_E = r"(?![^\W" + _GLUED + r"])"       # no letter or digit after


class _Grammar:
    """The compiled patterns of one language."""

    def __init__(self, language: str) -> None:
        w = words_for(language)
        self.words = w
        self.months = month_names(language)
        months = _alt(self.months)
        ords = _alt(w.ordinals)
        of = r"(?:\s+(?:" + _alt(w.of) + r"))?" if w.of else ""
        quarter, half = _alt(w.quarter), _alt(w.half)
        labels_q = "".join(k for k, v in w.labels.items() if v == "quarter") or "q"
        labels_h = "".join(k for k, v in w.labels.items() if v == "half") or "h"
        y = _YEAR
        gap = r"\s*" if w.glued else r"\s+"  # "第二季度", "2. Quartal"
        if w.noun_first:
            noun = rf"(?P<noun>{quarter}|{half}){gap}(?P<ord>{ords})"
        else:
            noun = rf"(?P<ord>{ords}){gap}(?P<noun>{quarter}|{half})"
        day = r"(?P<day>0?[1-9]|[12]\d|3[01])(?:\.|º|er|st|nd|rd|th)?"
        # A year may carry a one-letter clitic glued to it (Arabic "و٢٠٢٤", "and 2024").
        singles = "".join(c for c in w.clitics if len(c) == 1)
        glued = r"(?:" + _B + r"|(?<=(?<![\w\d])[" + singles + r"]))" if singles else _B
        self.patterns: list[tuple[str, re.Pattern[str]]] = [
            ("iso_day", re.compile(_B + y.format("y") + r"-(?P<m>0[1-9]|1[0-2])-(?P<d>0[1-9]|[12]\d|3[01])" + _E)),
            ("fiscal", re.compile(
                r"(?i)" + _B + r"(?:(?:" + _alt(w.fiscal + ("fy",)) + r")\s*)?" + y.format("y")
                + r"\s?[/–-]\s?(?P<y2>(?:18|19|20)?\d\d)" + _E)),
            ("day_month", re.compile(
                r"(?i)" + _B + day + r"\s+(?:de\s+)?(?P<month>" + months + r")\.?" + r"(?:\s+(?:de|del)\b)?,?\s+" + y.format("y") + _E)),
            ("month_day", re.compile(
                r"(?i)" + _B + r"(?P<month>" + months + r")\.?\s+" + day + r",?\s+" + y.format("y") + _E)),
            ("month", re.compile(
                r"(?i)" + _B + r"(?P<month>" + months + r")\.?" + of + r",?\s+" + y.format("y") + _E)),
            ("noun", re.compile(r"(?i)" + _B + noun + of + r"\s+" + y.format("y") + _E)),
            *_year_first(w, noun),
            ("label", re.compile(
                r"(?i)" + _B + r"(?P<letter>[" + labels_q + labels_h + r"])(?P<n>[1-4])" + of + r"\s*[-/ ]?\s*(?:'|’)?"
                + r"(?P<y>(?:18|19|20)\d\d|\d\d)" + _E)),
            ("year_label", re.compile(
                r"(?i)" + _B + y.format("y") + r"[- ]?(?P<letter>[" + labels_q + labels_h + r"])(?P<n>[1-4])" + _E)),
            ("year", re.compile(glued + y.format("y") + _E)),
        ]
        weeks_alone: list[tuple[str, re.Pattern[str]]] = []
        if w.week:
            # Weeks: "week 10 of 2025", "KW 10/2025", "la semaine 10 de 2025", "2025-W10".
            week = r"(?:" + _alt(w.week) + r")\.?\s*(?P<n>[1-9]|[1-4]\d|5[0-3])" + _E
            self.patterns.insert(0, ("week", re.compile(
                r"(?i)" + _B + week + r"(?:" + of + r",?\s*|\s*[/,]\s*|\s+)" + y.format("y") + _E)))
            weeks_alone = [("week", re.compile(r"(?i)" + _B + week))]
        self.patterns.insert(0, ("week", re.compile(_B + y.format("y") + r"-?W(?P<n>0[1-9]|[1-4]\d|5[0-3])" + _E)))
        # Year-less forms ("in Q1", "en février", "au premier"), read with the year of the
        # period before them, or of the dated month ending a list they head ("April, May
        # and June 2025").
        self.wide = wide_month_names(language)
        words_alone = [o for o in w.ordinals if o.isalpha() and len(o) >= 4]
        self.yearless: list[tuple[str, re.Pattern[str]]] = [
            ("noun", re.compile(r"(?i)" + _B + noun + _E)),
            ("label", re.compile(r"(?i)" + _B + r"(?P<letter>[" + labels_q + labels_h + r"])(?P<n>[1-4])" + _E)),
            ("month_alone", re.compile(r"(?i)" + _B + r"(?P<month>" + _alt(self.wide) + r")" + _E)),
        ]
        if words_alone:
            # An ordinal whose noun is left out after a quarter or half-year ("up from 4.1%
            # in the first", "après 4,1 % au premier."): it ends its clause.
            # Where nouns are capitalised (German), a lowercase word after it is no noun
            # either ("im vierten bei 4,4 %").
            lower = r"|\s+(?-i:[^\W\d_A-ZÄÖÜ])" if w.nouns_capitalised else ""
            self.yearless.append(("ordinal_alone", re.compile(
                r"(?i)" + _B + r"(?P<ord>" + _alt(words_alone) + r")(?=\s*(?:[,;:.!?)]|$)" + lower + ")")))
        self.yearless[:0] = weeks_alone
        self.respectively = _phrases(w.respectively)
        self.relative = _phrases(w.relative)
        self.year_to = re.compile(r"(?i)(?:" + _alt(w.year_to) + r")\s+(?:(?:the|le|la|el|o|il|de|het)\s+)?$") if w.year_to else None
        self.since = re.compile(r"(?i)(?:" + _alt(w.since) + r")\s*$") if w.since else None


def _year_first(w: Words, noun: str) -> list[tuple[str, re.Pattern[str]]]:
    """The pattern of a year written before its period noun ("2025年第二季度", "2025 yılının
    ikinci çeyreğinde", "2025 की दूसरी तिमाही"), for a language whose words give the marks
    after such a year (``year_mark``)."""
    if not w.year_mark:
        return []
    mark = r"(?:\s*(?:" + _alt(w.year_mark) + r"))?\s*"
    out = [("noun", re.compile(r"(?i)" + _B + _YEAR.format("y") + mark + noun + _E))]
    if w.date_marks:  # "2024年6月30日", "2025年6月"
        y, m, d = (re.escape(x) for x in w.date_marks)
        out.insert(0, ("ymd", re.compile(
            _B + _YEAR.format("y") + r"\s*" + y + r"\s*(?P<m>1[0-2]|0?[1-9])\s*" + m
            + r"(?:\s*(?P<d>3[01]|[12]\d|0?[1-9])\s*" + d + r")?")))
    return out


@cache
def _grammar(language: str) -> _Grammar:
    return _Grammar(language.split("-")[0].lower())


def _period_of(kind: str, m: re.Match[str], g: _Grammar, text: str, year: int | None = None) -> Period | None:
    """The period one match names, or None when it names none."""
    label = m.group(0)
    try:
        if kind == "iso_day":
            day = date(int(m["y"]), int(m["m"]), int(m["d"]))
            return Period(day, day, label)
        if kind == "fiscal":
            y1 = int(m["y"])
            y2 = int(m["y2"]) if len(m["y2"]) == 4 else (y1 // 100) * 100 + int(m["y2"])
            if y2 != y1 + 1:
                return None
            return Period(date(y1, 1, 1), date(y2, 12, 31), label, fiscal=True)
        if kind == "ymd":
            if m["d"]:
                day = date(int(m["y"]), int(m["m"]), int(m["d"]))
                return Period(day, day, label)
            start, end = _months(int(m["y"]), int(m["m"]), 1)
            return Period(start, end, label)
        if kind in ("day_month", "month_day"):
            day = date(int(m["y"]), g.months[m["month"].lower().rstrip(".")], int(m["day"]))
            return Period(day, day, label)
        if kind == "month":
            start, end = _months(int(m["y"]), g.months[m["month"].lower().rstrip(".")], 1)
            return Period(start, end, label)
        if kind == "month_alone" and year is not None:
            start, end = _months(year, g.wide[m["month"].lower()][0], 1)
            return Period(start, end, label)
        y = year if year is not None else int(m["y"]) if len(m["y"]) == 4 else 2000 + int(m["y"])
        if kind == "noun":
            n = _ordinal(g.words, m["ord"])
            is_quarter = m["noun"].lower() in g.words.quarter
            if n is None or (not is_quarter and n > 2):
                return None
            start, end = _months(y, 1 + (3 if is_quarter else 6) * (n - 1), 3 if is_quarter else 6)
            return Period(start, end, label)
        if kind == "week":
            start = date.fromisocalendar(y, int(m["n"]), 1)
            return Period(start, start + timedelta(days=6), label)
        if kind in ("label", "year_label"):
            n = int(m["n"])
            is_quarter = g.words.labels.get(m["letter"].lower(), "quarter" if m["letter"].lower() == "q" else "half") == "quarter"
            if not is_quarter and n > 2:
                return None
            start, end = _months(y, 1 + (3 if is_quarter else 6) * (n - 1), 3 if is_quarter else 6)
            return Period(start, end, label)
        if kind == "year":
            start, end = _year(y)
            return Period(start, end, label)
    except (ValueError, KeyError):
        return None
    return None


def _ordinal(w: Words, word: str) -> int | None:
    return w.ordinals.get(word.lower())


def stated_periods(text: str, language: str) -> list[StatedPeriod]:
    """The periods a text states, in reading order, without overlaps (the longest form
    wins: "the second quarter of 2025" is one period, not a year).

    A year after a word of "since" ("since 2010", "depuis 2010") starts a comparison and
    is not a stated period; a month or day after a phrase of "the year to" ("the year to
    June 2025") is the 12 months ending then. A quarter, half-year or label without a year
    ("in Q1") takes the year of the period stated before it in the text.

    Args:
        text: the answer.
        language: its BCP 47 tag.

    Returns:
        The stated periods with their spans in ``text``.
    """
    g = _grammar(language)
    plain = ascii_digits(text)
    taken: list[tuple[int, int]] = []
    found: list[StatedPeriod] = []
    for kind, pattern in g.patterns:
        for m in pattern.finditer(plain):
            s, e = m.span()
            if any(s < te and ts < e for ts, te in taken):
                continue
            if _in_identifier(plain, s, e):
                continue
            period = _period_of(kind, m, g, plain)
            if period is None:
                continue
            taken.append((s, e))
            if kind == "year" and g.since is not None and g.since.search(plain[max(0, s - 20):s]):
                continue
            if kind in ("month", "day_month", "month_day", "ymd") and g.year_to is not None:
                window = max(0, s - 50)
                before = g.year_to.search(plain[window:s])
                if before:
                    s = window + before.start()
                    period = Period(_add_months(period.end + timedelta(days=1), -12), period.end, text[s:e])
            found.append(StatedPeriod(period, text[s:e], s, e))
    found.sort(key=lambda p: p.start)
    dated = list(found)
    for kind, pattern in g.yearless:
        for m in pattern.finditer(plain):
            s, e = m.span()
            if any(s < te and ts < e for ts, te in taken):
                continue
            period = _yearless(kind, m, g, plain, dated)
            if period is not None:
                taken.append((s, e))
                found.append(StatedPeriod(period, text[s:e], s, e))
    found.sort(key=lambda p: p.start)
    return found


def _yearless(kind: str, m: re.Match[str], g: _Grammar, text: str, dated: Sequence[StatedPeriod]) -> Period | None:
    """The period of a form stated without its year, or None: a month alone takes the year
    of the dated month ending a list it heads ("April, May and June 2025"), else of the
    period before it; an ordinal alone ("in the first") is a quarter or half-year like the
    period before it in its sentence; the other forms take the year of the period before."""
    s, e = m.span()
    earlier = [p for p in dated if p.end <= s and not p.period.fiscal]
    if kind == "month_alone":
        name = m["month"]
        if g.wide[name.lower()][1] and not name[:1].isupper():
            return None  # "may", "march" as words, where months are capitalised
        later = next((p for p in dated if p.start >= e), None)
        if later is not None and _month_list(text[e:later.start], g):
            return _period_of(kind, m, g, text, year=later.period.start.year)
    if not earlier:
        return None
    if kind == "ordinal_alone":
        before = earlier[-1]
        months = _months_between(before.period.start, before.period.end)
        n = g.words.ordinals.get(m["ord"].lower())
        if months not in (3, 6) or n is None or (months == 6 and n > 2) or _SENTENCE_END.search(text[before.end:s]):
            return None
        start, end = _months(before.period.end.year, 1 + months * (n - 1), months)
        return Period(start, end, m.group(0))
    return _period_of(kind, m, g, text, year=earlier[-1].period.end.year)


_JOINERS = re.compile(r"(?i)^(?:[\s,،]|\b(?:and|et|y|e|und|en|or|ou|o|oder|of)\b|و)*$")


def _month_list(gap: str, g: _Grammar) -> bool:
    """Whether the text between a month alone and a dated month holds only other months
    and the words joining a list ("April, May and June 2025")."""
    names = re.sub(r"(?i)" + _B + r"(?:" + _alt(g.wide) + r")" + _E, " ", gap) if g.wide else gap
    return bool(_JOINERS.match(names))


def _in_identifier(text: str, s: int, e: int) -> bool:
    """A year inside a code or id ("EDU_STATS_2024", "SDG-2024-Q1")."""
    return (s > 0 and text[s - 1] in "_") or (e < len(text) and text[e] in "_")


#: A full stop ends a sentence, but not after a digit of a date or list number, nor after
#: the year's abbreviation of Polish and Russian ("2025 r.", "2024 г.").
_SENTENCE_END = re.compile(r"(?<![^\d]\d)(?<![^\d]\d\d)(?<!^\d)(?<!^\d\d)(?<!\s[rг](?=\.))[.!?؟](?=\s+[^\W\d_]|\s*$)|[;\n。！？；]")
_LIST_GAP = re.compile(r"(?i)^[^.;:]*?(?:,|\band\b|\bet\b|\by\b|\bund\b|\be\b|\ben\b|\bو|\bsowie\b)[^.;:]*$")
_COMPARISON = re.compile(
    r"(?i)\b(?:from|since|after|compared|than|against|versus|vs|up|down|depuis|après|contre|contra|desde|frente|"
    r"von|seit|nach|gegenüber|rispetto|dopo|dan|sinds|na|tegen|منذ|مقارنة|بعد)\b"
)


def sentence_bounds(text: str) -> list[tuple[int, int]]:
    """The spans of the sentences of a text (a full stop before a capital, ``;`` or a line
    break ends one; a dot between digits does not)."""
    bounds, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        bounds.append((start, m.end()))
        start = m.end()
    if start < len(text):
        bounds.append((start, len(text)))
    return bounds


def period_of_figures(text: str, spans: Sequence[tuple[int, int]], periods: Sequence[StatedPeriod],
                      language: str | None = None) -> list[StatedPeriod | None]:
    """The period stated for each figure, by the rules of this module's docstring.

    A period between two figures of a sentence belongs to the nearer one: fewer commas
    between, then fewer words ("7.6% in 2024, down from 7.9%" gives 2024 to 7.6; "im 2.
    Quartal bei 6,8 % und im ersten Quartal bei 7,1 %" gives the first quarter to 7,1); a
    tie goes to the figure before.

    With the answer's language, three more rules of how answers are written
    (:func:`_as_written`): a sentence with "respectively" and as many periods as figures
    pairs them in order; a figure said relative to another ("a year earlier", "im
    Vormonat") takes no period stated for another figure; and a period stated at the head
    of a paragraph, the only one stated in it, is the period of its figures.

    Args:
        text: the answer.
        spans: the figures' ``(start, end)`` spans, in reading order.
        periods: :func:`stated_periods` of the text.
        language: the answer's BCP 47 tag, for the words of those three rules; None to
            read by position only.

    Returns:
        One stated period or None per figure, in the order of ``spans``.
    """
    out, trailing = _by_position(text, spans, periods)
    if language is None:
        return out
    return _as_written(text, spans, periods, _grammar(language), out, trailing)


def _by_position(text: str, spans: Sequence[tuple[int, int]],
                 periods: Sequence[StatedPeriod]) -> tuple[list[StatedPeriod | None], set[int]]:
    """The period of each figure by the three rules of position, and the figures that took
    the period after them (rule 1)."""
    sentences = sentence_bounds(text)

    def sentence_of(pos: int) -> tuple[int, int]:
        return next(((s, e) for s, e in sentences if s <= pos < e), (0, len(text)))

    order = sorted(range(len(spans)), key=lambda i: spans[i][0])
    leading: set[int] = set()   # indexes of periods that belong to the figure after them
    for k, p in enumerate(periods):
        sent = sentence_of(p.start)
        before = [spans[i] for i in order if sent[0] <= spans[i][0] and spans[i][1] <= p.start]
        after = [spans[i] for i in order if p.end <= spans[i][0] < sent[1]]
        if not after:
            continue
        if any(p.end <= q.start and q.end <= after[0][0] for q in periods):
            continue  # another period stands between it and the next figure
        ahead, behind = _distance(text[p.end:after[0][0]]), _distance(text[before[-1][1]:p.start]) if before else (0, 0)
        # A tie goes to the figure after when the sentence already put a period before
        # its figure ("2026 um 1,8 % und 2027 um 2,2 %": one clause built like the other).
        parallel = any(j in leading and sent[0] <= periods[j].start for j in range(k))
        if not before or ahead < behind or (parallel and ahead == behind):
            leading.add(k)
    _keep_one_each(text, spans, periods, order, leading, sentence_of)
    out: list[StatedPeriod | None] = [None] * len(spans)
    trailing: dict[int, StatedPeriod] = {}
    for rank, i in enumerate(order):
        s, e = spans[i]
        sent = sentence_of(s)
        nxt = spans[order[rank + 1]][0] if rank + 1 < len(order) else len(text)
        limit = min(nxt, sent[1])
        after_k = [k for k, p in enumerate(periods) if e <= p.start < limit and k not in leading]
        if after_k:
            trailing[i] = periods[after_k[0]]
    for rank, i in enumerate(order):
        if i in trailing:
            out[i] = trailing[i]
            continue
        s, e = spans[i]
        sent = sentence_of(s)
        before_k = [k for k, p in enumerate(periods) if sent[0] <= p.start and p.end <= s and k in leading]
        if before_k:
            out[i] = periods[before_k[-1]]
            continue
        # The period that ends a list the figure is in.
        for later in order[rank + 1:]:
            ls = spans[later][0]
            if ls >= sent[1]:
                break
            gap = text[e:ls]
            if not _LIST_GAP.match(gap) or _COMPARISON.search(gap) or any(e <= p.start < ls for p in periods):
                break
            if later in trailing:
                out[i] = trailing[later]
                break
            e = spans[later][1]
    return out, set(trailing)


def _keep_one_each(text: str, spans: Sequence[tuple[int, int]], periods: Sequence[StatedPeriod], order: Sequence[int],
                   leading: set[int], sentence_of: Callable[[int], tuple[int, int]]) -> None:
    """A period nearer the figure after it goes back to the figure before when that one has
    no other and the figure after has its own period after it ("١٢٣٤٥ ولادة في مارس ٢٠٢٥
    مقابل ١٣٠٠٢ في فبراير": 12345 in March, 13002 in February); in place."""
    for k in sorted(leading):
        p = periods[k]
        s0, s1 = sentence_of(p.start)
        before = [i for i in order if s0 <= spans[i][0] and spans[i][1] <= p.start]
        after = [i for i in order if p.end <= spans[i][0] < s1]
        if not before or not after:
            continue
        first = spans[after[0]]
        limit = spans[after[1]][0] if len(after) > 1 else s1
        own = any(first[1] <= q.start < limit and j not in leading for j, q in enumerate(periods))
        last = spans[before[-1]]
        start = spans[before[-2]][1] if len(before) > 1 else s0
        other = any(last[1] <= q.start < p.start or (start <= q.start < last[0] and j in leading)
                    for j, q in enumerate(periods) if j != k)
        if own and not other:
            leading.discard(k)


def _as_written(text: str, spans: Sequence[tuple[int, int]], periods: Sequence[StatedPeriod], g: _Grammar,
                out: list[StatedPeriod | None], trailing: set[int]) -> list[StatedPeriod | None]:
    """The periods by position, corrected by "respectively", relative periods and a
    period heading a paragraph (:func:`period_of_figures`)."""
    out = list(out)
    sentences = sentence_bounds(text)
    order = sorted(range(len(spans)), key=lambda i: spans[i][0])
    if g.respectively is not None:
        for s0, s1 in sentences:
            if not g.respectively.search(text, s0, s1):
                continue
            figs = [i for i in order if s0 <= spans[i][0] < s1]
            said = [p for p in periods if s0 <= p.start < s1]
            if len(said) >= 2 and len(said) == len(figs):
                for i, p in zip(figs, said):
                    out[i] = p
                    trailing.add(i)
    relative = set()
    if g.relative is not None:
        shared = Counter(id(p) for p in out if p is not None)
        for rank, i in enumerate(order):
            s0, s1 = next(((a, b) for a, b in sentences if a <= spans[i][0] < b), (0, len(text)))
            lo = max(s0, spans[order[rank - 1]][1]) if rank else s0
            hi = min(s1, spans[order[rank + 1]][0]) if rank + 1 < len(order) else s1
            if i in trailing or not g.relative.search(text, lo, hi):
                continue
            relative.add(i)  # never given the period heading its paragraph
            if out[i] is not None and shared[id(out[i])] > 1:
                out[i] = None  # another figure's period ("2,9 % im Juni 2025, nach 3,1 % im Vormonat")
    for p0, p1 in _paragraphs(text):
        figs = [i for i in order if p0 <= spans[i][0] < p1]
        said = [p for p in periods if p0 <= p.start < p1]
        if not figs or not said or said[0].end > spans[figs[0]][0]:
            continue
        if all(p.period.matches(said[0].period) for p in said):
            for i in figs:
                if out[i] is None and i not in relative:
                    out[i] = said[0]
    return out


_PARAGRAPH = re.compile(r"\n[ \t]*\n")


def _paragraphs(text: str) -> list[tuple[int, int]]:
    """The spans of the paragraphs of a text (a blank line ends one)."""
    bounds, start = [], 0
    for m in _PARAGRAPH.finditer(text):
        bounds.append((start, m.start()))
        start = m.end()
    bounds.append((start, len(text)))
    return bounds


def _distance(gap: str) -> tuple[int, int]:
    """How far apart two things are: the commas and colons between them first, then the
    words."""
    return len(_SEPARATOR.findall(gap)), len(_WORD.findall(gap))


_SEPARATOR = re.compile(r"[:;：；]|(?<!\d)[,،，、]|[,،，、](?!\d)")
_WORD = re.compile(r"[^\W_]+")
