"""The comparison with the baseline and the trend over stored versions, as the renderers word
them (part of the digest, :mod:`gate.report.digest`, which re-exports these names)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gate.model.measures import MEASURE_BY_NAME
from gate.model.scores import ALL
from gate.report.model import Report
from gate.report.words import bound_text, plural
from gate.rules.comparison import Comparison, ids_text
from gate.rules.display import display_rate
from gate.rules.verdict import CORRECTION_WORDS


@dataclass(frozen=True)
class MovedCell:
    """One compared cell that moved: its measure's label, slice, the rates as shown
    (baseline, now, change), the questions broken and fixed in words, p and the worst
    status of its regression rules (None when no rule applies)."""

    label: str
    slice: str
    before: str
    after: str
    change: str
    broken: str
    fixed: str
    p: str
    status: str | None


@dataclass(frozen=True)
class Compared:
    """The comparison with the baseline as the renderers word it (:func:`compared`).

    Attributes:
        version, path: the baseline's.
        questions: the common questions compared.
        set_version: the set version both were scored with (None: unversioned).
        differs: what differs beyond the answers, in words; empty when nothing does.
        moved: the compared cells that moved, in the comparison's order.
        quiet: how many compared cells did not move.
        alpha: the alpha of the exact test as shown (:meth:`gate.rules.comparison.Comparison.alpha_text`).
        min_n: below it a change shows a direction only.
    """

    version: str
    path: str
    questions: int
    set_version: str | None
    differs: tuple[str, ...]
    moved: tuple[MovedCell, ...]
    quiet: int
    alpha: str
    min_n: int


def compared(comparison: Comparison) -> Compared:
    """The comparison in the words every renderer uses; every number comes from it."""
    moved = []
    for c in comparison.cells:
        if c.changed:
            before, after, change = c.shown
            moved.append(MovedCell(MEASURE_BY_NAME[c.measure].label, c.slice, before, after, change, ids_text(c.broken),
                                   ids_text(c.fixed), comparison.p_text(c), c.status))
    d = comparison.differences
    return Compared(comparison.baseline_version, comparison.baseline_path, d.compared, d.set_version,
                    tuple(comparison.difference_lines()), tuple(moved), len(comparison.cells) - len(moved),
                    comparison.alpha_text(), comparison.min_n)


def comparison_notes(report: Report) -> list[str]:
    """How the run was compared with the baseline: the baseline file and common questions,
    what differs beyond the answers (or that nothing does), and how to read the numbers."""
    comparison = report.comparison
    if comparison is None:
        return []
    said = compared(comparison)
    lines = [f"Baseline {said.version} ({said.path}): "
             f"{plural(said.questions, 'common question')}, its log re-scored with today's set and matching settings."]
    if said.differs:
        lines += [f"Differs: {text}." for text in said.differs]
    else:
        lines.append(f"Same set version ({said.set_version or 'unversioned'}), same questions, same matching settings.")
    alpha = "null (a drop beyond its limit alone fails)" if comparison.alpha is None else bound_text(comparison.alpha)
    family = family_text(report) if comparison.alpha is not None else ""
    lines.append(f"A change is in rate points on the common questions; p is the one-sided exact McNemar test on the "
                 f"questions that flipped, alpha {alpha}{family}; below n={said.min_n} a change shows a direction only.")
    return lines


@dataclass(frozen=True)
class Series:
    """One measure over versions: its label and the ``all`` rate at each version."""

    measure: str
    label: str
    rates: tuple[Fraction, ...]
    shown: tuple[str, ...]


@dataclass(frozen=True)
class Trend:
    """The ``all`` slice over the stored versions and this run.

    Attributes:
        versions: oldest first, this run last.
        series: the measures that moved and are known at every version.
        unknown: labels of measures that moved but are not stored for some version.
    """

    versions: tuple[str, ...]
    series: tuple[Series, ...]
    unknown: tuple[str, ...]


def trend(report: Report) -> Trend | None:
    """The measures whose ``all`` rate moved over the stored versions and this run; None
    without a baseline, with fewer than two versions, or when nothing moved."""
    comparison = report.comparison
    if comparison is None:
        return None
    history = [h for h in comparison.history if h.assistant_version != report.run.version]
    versions = tuple(h.assistant_version for h in history) + (report.run.version or "this run",)
    if len(versions) < 2:
        return None
    series: list[Series] = []
    unknown: list[str] = []
    for m in report.measures:
        stored = [dict(h.scores).get(m.name) for h in history]
        rates = [c.rate if c is not None else None for c in stored] + [report.cell(ALL, m.name).rate]
        known = [r for r in rates if r is not None]
        if len(set(known)) < 2:
            continue
        if len(known) < len(rates):
            unknown.append(m.label)
            continue
        exact = tuple(r for r in rates if r is not None)
        series.append(Series(m.name, m.label, exact, _as_in_table(exact, report.cell(ALL, m.name).display)))
    if not series and not unknown:
        return None
    return Trend(versions, tuple(series), tuple(unknown))


def _as_in_table(rates: tuple[Fraction, ...], now: str) -> tuple[str, ...]:
    """Rates over versions as the table shows them: the last one is the table's cell (``now``),
    the earlier ones with as many decimals (at least what :func:`display_rate` needs), so that
    the trend and the table read the same number."""
    digits = len(now.partition(".")[2]) if "/" not in now else 2
    return tuple(display_rate(r, digits=digits) for r in rates[:-1]) + (now,)

def family_text(report: Report) -> str:
    """The correction and the family's size as the reports name them (``, Holm's step-down
    with Tarone's exclusion over a family of 20 rules``), read from the regression rules'
    tests; empty when no rule was tested."""
    tests = [r.test for r in report.rules if r.test is not None]
    if not tests:
        return ""
    if not tests[0].family:
        return ", no regression rule in the family (none of severity error on a cell with n >= min_n)"
    return f", {CORRECTION_WORDS.get(tests[0].correction, tests[0].correction)} over a family of {plural(tests[0].family, 'rule')}"
