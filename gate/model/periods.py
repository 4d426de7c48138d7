"""SDMX time periods: the period of an observation, as a closed interval of days.

An observation's period is written in SDMX form (SDMX 2.1 TIME_PERIOD, the ISO 8601
subset it uses): ``2024`` (year), ``2025-Q2`` (quarter), ``2025-S1`` (half-year),
``2025-06`` or ``2025-M06`` (month), ``2024-W05`` (ISO week), ``2024-06-30`` (day),
``2024-A1`` (year, reporting form) and time ranges ``start/duration`` such as
``2024-04-01/P1Y`` (a fiscal year, "the year to March 2025") or ``2025-01-01/P6M``.
Each is the closed interval of days it covers (:class:`Period`).
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta


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
