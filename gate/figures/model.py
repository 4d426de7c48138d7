"""The figure model: what a figure is, how figures are matched, and the support found.

Records only (frozen dataclasses), with the decimal constants the readers share. Thresholds,
reports and baselines import this module, not the readers.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from decimal import Context, Decimal
from typing import Any, TypeVar, cast

from mypy_extensions import mypyc_attr

from gate.core.build import picklable

ROUNDINGS = ("stated_precision", "exact")
DERIVATIONS = ("difference", "change")
#: The derivations on when thresholds.yaml says nothing: a change said as a change,
#: supported by two retrieved observations of one series (``derived: []`` turns it off).
DEFAULT_DERIVED = ("change",)


@dataclass(frozen=True)  # compiled, pickled by its fields (picklable below): workers and Dask send it
class Figure:
    """One numeric quantity stated in a text.

    Attributes:
        text: The figure as written, ``answer[start:end]``: the number with its
            sign, currency symbol or code, scale word or abbreviation and
            percent sign or word, e.g. ``"$4.1bn"``, ``"6,8 %"``,
            ``"3,2 millions"``. A hedge word is not part of the span.
        start: Offset of the first character (a Python ``str`` index).
        end: Offset one past the last character.
        value: The quantity, sign and scale applied, as an exact ``Decimal``:
            ``"3,2 millions"`` is 3200000 and ``"1,2 billion"`` in French is
            1.2e12. Percentages are kept as written (``"7,6 %"`` is 7.6).
            Written without exponent notation: an integer when ``exponent``
            is >= 0, else with exactly ``-exponent`` decimals ("7.60").
        exponent: Power of ten of the last stated digit after scale: "7.6" is
            -1, "7.60" is -2, "41" is 0, "6,000" is 0, "3.2 million" is 5,
            "1,5 Mrd." is 8. Number words state units ("twelve" is 0) unless
            they end in a scale word ("three million" is 6).
        percent: Stated as a percentage or in percentage points (``%``,
            "percent", "pour cent", "por ciento", "Prozent", "pp", ...).
        hedge: ``None`` or one of ``"about"``, ``"over"``, ``"at_least"``,
            ``"under"``, ``"at_most"``, normalised across languages ("nearly",
            "almost", "less than", "casi", "knapp" are ``"under"``; "more
            than", "plus de", "über" are ``"over"``).
    """

    text: str
    start: int
    end: int
    value: Decimal
    exponent: int
    percent: bool
    hedge: str | None = None

    def __init__(self, text: str, start: int, end: int, value: Decimal, exponent: int, percent: bool,
                 hedge: str | None = None) -> None:
        # Compiled, this initialiser sets the slots directly (the one the dataclass generates
        # is interpreted code); pure, it fills __dict__ at once. Not marked serializable: mypyc
        # then builds the record without it (its fields left unset).
        if OPEN_INSTANCES:
            self.__dict__.update(text=text, start=start, end=end, value=value, exponent=exponent, percent=percent, hedge=hedge)
            return
        self.text = text  # type: ignore[misc]
        self.start = start  # type: ignore[misc]
        self.end = end  # type: ignore[misc]
        self.value = value  # type: ignore[misc]
        self.exponent = exponent  # type: ignore[misc]
        self.percent = percent  # type: ignore[misc]
        self.hedge = hedge  # type: ignore[misc]


@mypyc_attr(native_class=False)  # compiled, a Decimal's subclass is a Python class (a native one is no Decimal inside)
class Amount(Decimal):
    """An evidence value that is no share: a number a passage or the question states
    without writing it as a share ("0.75 kg"), which supports a percentage only as it is,
    never as a fraction (see :mod:`gate.figures.shares`). Equal to, and hashed as, the
    same :class:`~decimal.Decimal`."""

    __slots__ = ()


@mypyc_attr(native_class=False)  # a Python class in the compiled core too: its __post_init__, not a compiled __init__, judges a bad field
@dataclass(frozen=True)
class MatchSettings:
    """How figures are matched against evidence values.

    Attributes:
        rounding: ``"stated_precision"`` (a figure stands for every value that
            rounds to it at its last stated digit, ties included) or
            ``"exact"`` (only an equal value supports it).
        percent_fraction: A percentage is also supported by a value stored as
            a fraction (12% by 0.12): an evidence value v with |v| < 10 counts
            as 100 * v too (fractions up to 1,000 percent).
        derived: Optional derivations. ``"change"`` (on by default): a figure
            said as a change ("fell by 0.4 points") is supported by the change
            between two retrieved observations of one series, in points or in
            percent of the earlier value (see :mod:`gate.scoring.changes`);
            bare retrieved values never support it. ``"difference"`` (off by
            default) also accepts a figure supported by the absolute difference
            of any two evidence values, series or not.

    Raises:
        ValueError: On an unknown ``rounding`` or derivation.
    """

    rounding: str = "stated_precision"
    percent_fraction: bool = True
    derived: tuple[str, ...] = DEFAULT_DERIVED

    def __post_init__(self) -> None:
        if self.rounding not in ROUNDINGS:
            raise ValueError(
                f"rounding: expected one of {', '.join(ROUNDINGS)}, found {self.rounding!r}"
            )
        if isinstance(self.derived, str):
            raise ValueError(f"derived: expected a tuple of names, found the string {self.derived!r}")
        unknown = [d for d in self.derived if d not in DERIVATIONS]
        if unknown:
            raise ValueError(
                f"derived: expected names among {', '.join(DERIVATIONS)}, found {', '.join(map(repr, unknown))}"
            )


@dataclass(frozen=True)  # compiled, pickled by its fields (picklable below)
class Support:
    """Whether the evidence supports one figure, and why.

    Attributes:
        supported: Some evidence value (or, with ``derived``, a difference of
            two) lies in the figure's interval.
        low: Lower end of the interval of values that support the figure, in
            the figure's own unit (percent for a percentage). Inclusive, except
            for hedge ``"over"`` (exclusive: the value must exceed it).
        high: Upper end of the interval. Inclusive, except for hedge
            ``"under"`` (exclusive). With ``rounding="exact"`` low == high ==
            the figure's value. An evidence value equal to the figure's value
            supports it whatever the hedge.
        nearest: The evidence value closest to the figure (a fraction counts
            by its percentage when ``percent_fraction`` applies); ``None`` when
            there is no evidence.
        matched: The evidence value that supported the figure (as stored, e.g.
            0.12 for 12%), or the difference that did with ``derived``;
            ``None`` when unsupported.
        reading: For a figure of ambiguous grouping ("357,592" in a German
            answer, see :mod:`gate.figures.grouping`), the reading the support is
            of (the interval and the nearest value are that reading's): the one that
            was supported, or, when neither is, the one nearer to its nearest
            evidence value. ``None`` for a figure with one reading.
    """

    supported: bool
    low: Decimal
    high: Decimal
    nearest: Decimal | None
    matched: Decimal | None
    reading: Figure | None = None

    def __init__(self, supported: bool, low: Decimal, high: Decimal, nearest: Decimal | None, matched: Decimal | None,
                 reading: Figure | None = None) -> None:
        # as Figure's: compiled, the slots set directly; pure, __dict__ filled at once
        if OPEN_INSTANCES:
            self.__dict__.update(supported=supported, low=low, high=high, nearest=nearest, matched=matched, reading=reading)
            return
        self.supported = supported  # type: ignore[misc]
        self.low = low  # type: ignore[misc]
        self.high = high  # type: ignore[misc]
        self.nearest = nearest  # type: ignore[misc]
        self.matched = matched  # type: ignore[misc]
        self.reading = reading  # type: ignore[misc]


_CTX = Context(prec=80)
_ONE = Decimal(1)
_HUNDRED = Decimal(100)
_TEN = Decimal(10)
_T = TypeVar("_T")
_MINUS_TEN = Decimal(-10)


def _open_instances() -> bool:
    """Whether this module's records keep their fields in an instance ``__dict__``: true of
    the pure-Python core, false where the module is compiled with mypyc (setup.py), whose
    classes keep their fields in slots and refuse ``object.__new__``."""
    try:
        object.__new__(Support)
    except TypeError:
        return False
    return True


OPEN_INSTANCES = _open_instances()
picklable(Figure, Support)


def _new(cls: type[_T], fields: dict[str, object]) -> _T:
    """An instance of a frozen dataclass without its generated ``__init__``.

    The generated initialiser of a frozen dataclass sets each field through
    ``object.__setattr__``; filling ``__dict__`` at once builds the very same
    object about twice as fast, which counts on the hot path (one Figure per
    figure, one Support per check). ``fields`` must hold every field. The
    compiled core's classes have no ``__dict__``: there their initialiser,
    compiled too, is the quick way.
    """
    if OPEN_INSTANCES:
        obj = object.__new__(cls)
        obj.__dict__.update(fields)
        return obj
    return cast(Any, cls)(**fields)  # type: ignore[no-any-return]


def _fields(record: object) -> dict[str, object]:
    """A record's fields as a new dict, in field order (for :func:`_new` with some changed)."""
    if OPEN_INSTANCES:
        return dict(record.__dict__)
    return {f.name: getattr(record, f.name) for f in dataclass_fields(record)}  # type: ignore[arg-type]


# A candidate figure: (figure, start of the number itself, has a currency of
# its own, scale power applied, preceded by "between"/"entre"/...).
_Cand = tuple[Figure, int, bool, int, bool]
