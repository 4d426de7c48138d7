"""Periods: the SDMX time periods of observations, and the periods an answer states.

An observation's period is written in SDMX form (SDMX 2.1 TIME_PERIOD, the ISO 8601
subset it uses): ``2024`` (year), ``2025-Q2`` (quarter), ``2025-S1`` (half-year),
``2025-06`` or ``2025-M06`` (month), ``2024-W05`` (ISO week), ``2024-06-30`` (day),
``2024-A1`` (year, reporting form) and time ranges ``start/duration`` such as
``2024-04-01/P1Y`` (a fiscal year, "the year to March 2025") or ``2025-01-01/P6M``.
Each is the closed interval of days it covers (:class:`Period`).

An answer states periods as statisticians write them, in its own language: "in 2024",
"Q2 2025", "au deuxième trimestre 2025", "im 2. Quartal 2025", "en junio de 2025",
"2024/25", "the year to June 2025". :func:`stated_periods` finds them with their spans;
:func:`period_of_figures` gives each figure the period stated for it, or None:

1. the first period after the figure and before the next figure ("7.6% in 2024");
2. else a period stated before the figure in the same sentence that no earlier figure
   took as its own ("In 2024, 5.1% for men and 5.6% for women");
3. else the period that ends a list the figure is in ("5.1% for men and 5.6% for women
   in 2024").

A figure with no period by these rules has none: it is counted apart, never guessed.
"""

from __future__ import annotations

import calendar
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache

from babel.dates import get_month_names

from gate.checks.words import Words, words_for


@dataclass(frozen=True)
class Period:
    """A closed interval of days.

    Attributes:
        start, end: the first and last day (inclusive).
        label: how it is written (SDMX form for an observation's period).
        fiscal: a stated 12-month period across two calendar years ("2024/25") whose
            months are not said: it matches any 12-month range from ``start.year`` into
            the next year.
    """

    start: date
    end: date
    label: str
    fiscal: bool = False

    def matches(self, other: Period) -> bool:
        """Whether two periods are the same period (a fiscal one: any 12-month range that
        starts in its first year and ends in the next)."""
        if self.fiscal or other.fiscal:
            a, b = (self, other) if self.fiscal else (other, self)
            return (b.start.year == a.start.year and b.end.year == a.start.year + 1
                    and _months_between(b.start, b.end) == 12)
        return self.start == other.start and self.end == other.end


def _months_between(start: date, end: date) -> int:
    """Whole months from start to the day after end (12 for a year's range)."""
    after = end + timedelta(days=1)
    return (after.year - start.year) * 12 + after.month - start.month if after.day == start.day else -1


def _add_months(day: date, months: int) -> date:
    month = day.month - 1 + months
    year = day.year + month // 12
    month = month % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def _year(y: int) -> tuple[date, date]:
    return date(y, 1, 1), date(y, 12, 31)


def _months(y: int, first: int, count: int) -> tuple[date, date]:
    start = date(y, first, 1)
    return start, _add_months(start, count) - timedelta(days=1)


_SDMX = re.compile(
    r"^(?P<y>\d{4})(?:"
    r"(?P<a>-A1)|-S(?P<s>[12])|-Q(?P<q>[1-4])|-T(?P<t>[1-3])|-M?(?P<m>0[1-9]|1[0-2])"
    r"|-W(?P<w>0[1-9]|[1-4]\d|5[0-3])|-(?P<dm>0[1-9]|1[0-2])-(?P<dd>0[1-9]|[12]\d|3[01])"
    r")?$"
)
_RANGE = re.compile(r"^(?P<start>\d{4}-\d{2}-\d{2})(?:T[\d:.]+Z?)?/P(?:(?P<Y>\d+)Y)?(?:(?P<M>\d+)M)?(?:(?P<W>\d+)W)?(?:(?P<D>\d+)D)?$")

#: The SDMX period forms accepted, for messages.
SDMX_FORMS = "2024, 2024-A1, 2025-S1, 2025-Q2, 2025-T1, 2025-06, 2025-M06, 2024-W05, 2024-06-30, 2024-04-01/P1Y"


def parse_sdmx_period(text: str) -> Period:
    """An SDMX time period as the interval of days it covers.

    Args:
        text: the period as logged, e.g. ``"2025-Q2"`` or ``"2024-04-01/P1Y"``.

    Returns:
        The period, labelled with ``text``.

    Raises:
        ValueError: not one of the SDMX forms (:data:`SDMX_FORMS`), or not a real day
            or week ("2025-02-30", "2021-W53").
    """
    found = _SDMX.match(text)
    if found:
        y = int(found["y"])
        try:
            if found["s"]:
                start, end = _months(y, 1 + 6 * (int(found["s"]) - 1), 6)
            elif found["q"]:
                start, end = _months(y, 1 + 3 * (int(found["q"]) - 1), 3)
            elif found["t"]:
                start, end = _months(y, 1 + 4 * (int(found["t"]) - 1), 4)
            elif found["m"]:
                start, end = _months(y, int(found["m"]), 1)
            elif found["w"]:
                start = date.fromisocalendar(y, int(found["w"]), 1)
                end = start + timedelta(days=6)
            elif found["dm"]:
                start = end = date(y, int(found["dm"]), int(found["dd"]))
            else:
                start, end = _year(y)
        except ValueError:
            raise ValueError(f"expected a period in SDMX form ({SDMX_FORMS}), found {text!r}, which is no such day or week") from None
        return Period(start, end, text)
    found = _RANGE.match(text)
    if found and any(found[k] for k in "YMWD"):
        try:
            start = date.fromisoformat(found["start"])
        except ValueError:
            raise ValueError(f"expected a period in SDMX form ({SDMX_FORMS}), found {text!r}, whose start is no such day") from None
        after = _add_months(start, 12 * int(found["Y"] or 0) + int(found["M"] or 0))
        after += timedelta(weeks=int(found["W"] or 0), days=int(found["D"] or 0))
        return Period(start, after - timedelta(days=1), text)
    raise ValueError(f"expected a period in SDMX form ({SDMX_FORMS}), found {text!r}")


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
            ("year", re.compile(_B + y.format("y") + _E)),
        ]
        # Year-less forms ("in Q1", "en mars"), read with the year of the period before.
        self.yearless: list[tuple[str, re.Pattern[str]]] = [
            ("noun", re.compile(r"(?i)" + _B + noun + _E)),
            ("label", re.compile(r"(?i)" + _B + r"(?P<letter>[" + labels_q + labels_h + r"])(?P<n>[1-4])" + _E)),
        ]
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
        y = year if year is not None else int(m["y"]) if len(m["y"]) == 4 else 2000 + int(m["y"])
        if kind == "noun":
            n = _ordinal(g.words, m["ord"])
            is_quarter = m["noun"].lower() in g.words.quarter
            if n is None or (not is_quarter and n > 2):
                return None
            start, end = _months(y, 1 + (3 if is_quarter else 6) * (n - 1), 3 if is_quarter else 6)
            return Period(start, end, label)
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
    for kind, pattern in g.yearless:
        for m in pattern.finditer(plain):
            s, e = m.span()
            if any(s < te and ts < e for ts, te in taken):
                continue
            earlier = [p for p in found if p.end <= s and not p.period.fiscal]
            if not earlier:
                continue
            period = _period_of(kind, m, g, plain, year=earlier[-1].period.end.year)
            if period is not None:
                taken.append((s, e))
                found.append(StatedPeriod(period, text[s:e], s, e))
    found.sort(key=lambda p: p.start)
    return found


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


def period_of_figures(text: str, spans: Sequence[tuple[int, int]], periods: Sequence[StatedPeriod]) -> list[StatedPeriod | None]:
    """The period stated for each figure, by the rules of this module's docstring.

    A period between two figures of a sentence belongs to the nearer one: fewer commas
    between, then fewer words ("7.6% in 2024, down from 7.9%" gives 2024 to 7.6; "im 2.
    Quartal bei 6,8 % und im ersten Quartal bei 7,1 %" gives the first quarter to 7,1); a
    tie goes to the figure before.

    Args:
        text: the answer.
        spans: the figures' ``(start, end)`` spans, in reading order.
        periods: :func:`stated_periods` of the text.

    Returns:
        One stated period or None per figure, in the order of ``spans``.
    """
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
        if not before or _distance(text[p.end:after[0][0]]) < _distance(text[before[-1][1]:p.start]):
            leading.add(k)
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
    return out


def _distance(gap: str) -> tuple[int, int]:
    """How far apart two things are: the commas and colons between them first, then the
    words."""
    return len(_SEPARATOR.findall(gap)), len(_WORD.findall(gap))


_SEPARATOR = re.compile(r"[:;：；]|(?<!\d)[,،，、]|[,،，、](?!\d)")
_WORD = re.compile(r"[^\W_]+")
