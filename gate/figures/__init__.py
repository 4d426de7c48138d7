"""Figures stated in an answer, and whether the evidence supports them.

A *figure* is a numeric quantity that an answer states as a claim: "7,6 %",
"3.2 million", "nearly 45,000", "seven percent". Years used as years, dates,
times, ordinals, period labels, citation markers, identifiers and codes,
denominators ("per 1,000"), list numbering and table references are not
figures. This package finds the figures of a text in the conventions of its
language and checks each against evidence values with exact decimal
arithmetic.

Method:

* Separators come from CLDR through Babel, per language (the BCP 47 tag's
  region refines them when Babel knows it: ``es-MX`` writes ``1,234.5``). A
  number the language's own convention cannot read is read with the decimal
  and group symbols swapped ("7.6 %" in a French answer is 7.6), then as
  grouped digits only ("1.234.567"). Arabic-Indic and other Unicode decimal
  digits are read, with U+066B as decimal and U+066C as group separator.
* Number words (the languages text2num covers: en, fr, es, de, pt, it, nl) are
  found with ``text_to_num.find_numbers`` over this package's own tokens, so
  each keeps its character span.
* A figure stated with its last digit at 10**e is supported by an evidence
  value v when |v - x| <= 10**e / 2, computed exactly; hedges ("about",
  "over", "nearly", "at least", "at most" and their kin per language) change
  the interval as documented in :func:`check_figure`.
* Alternative readings remove false alarms: a change stated as a fall or a
  deficit (:func:`fall_reading`) and the share a ratio states
  (:func:`ratio_reading`); the scorer accepts a figure when any reading is
  supported.

The modules, in reading order:

* :mod:`~gate.figures.model`: the records (:class:`Figure`,
  :class:`MatchSettings`, :class:`Support`); what other modules of the gate
  import when they need no reader.
* :mod:`~gate.figures.chars`, :mod:`~gate.figures.locale`,
  :mod:`~gate.figures.vocabulary`: characters, conventions per language
  (CLDR through Babel) and number words.
* :mod:`~gate.figures.digits` and :mod:`~gate.figures.words`: the two
  readers; :mod:`~gate.figures.affixes` (units, currencies, signs),
  :mod:`~gate.figures.hedges` and :mod:`~gate.figures.context` (what is not a
  figure) serve both.
* :mod:`~gate.figures.compounds` (ranges, amounts in two parts, ratios) and
  :mod:`~gate.figures.extract` (:func:`extract_figures`).
* :mod:`~gate.figures.readings` (falls, ratios), :mod:`~gate.figures.matching`
  (evidence, intervals, :func:`check_figure`) and
  :mod:`~gate.figures.explanation`.
* Figures as models write them (issue 25): :mod:`~gate.figures.grouping`
  (ambiguous grouping read both ways), :mod:`~gate.figures.passages` (numbers
  in brackets, tables in a stated scale), :mod:`~gate.figures.shares` (which
  evidence stands for a percentage as a fraction), :mod:`~gate.figures.names`
  ("Formula 1", "Windows 11") and :mod:`~gate.figures.gross`.

The words of each language live in one module of :mod:`gate.figures.languages`.
Everything here is pure: no I/O, no printing, no global mutable state other than
``functools.lru_cache`` caches of locale data.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gate.figures.explanation import explain
    from gate.figures.extract import extract_figures
    from gate.figures.locale import DEFAULT_LANGUAGE, language_known
    from gate.figures.matching import check_figure, evidence_values
    from gate.figures.model import DERIVATIONS as DERIVATIONS
    from gate.figures.model import ROUNDINGS as ROUNDINGS
    from gate.figures.model import Figure, MatchSettings, Support
    from gate.figures.readings import fall_reading, ratio_reading

# Public names, by the module that defines them. Imported on first use, so that a
# module needing only the records (``from gate.figures.model import MatchSettings``)
# does not load the readers.
_EXPORTS = {
    "DEFAULT_LANGUAGE": "locale",
    "DERIVATIONS": "model",
    "Figure": "model",
    "MatchSettings": "model",
    "ROUNDINGS": "model",
    "Support": "model",
    "check_figure": "matching",
    "evidence_values": "matching",
    "explain": "explanation",
    "extract_figures": "extract",
    "fall_reading": "readings",
    "language_known": "locale",
    "ratio_reading": "readings",
}

__all__ = [
    "DEFAULT_LANGUAGE",
    "Figure",
    "MatchSettings",
    "Support",
    "check_figure",
    "evidence_values",
    "explain",
    "extract_figures",
    "fall_reading",
    "language_known",
    "ratio_reading",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'gate.figures' has no attribute {name!r}")
    value = getattr(import_module(f"gate.figures.{module}"), name)
    globals()[name] = value  # later look-ups are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})


def _load_compiled() -> None:
    """The compiled core (setup.py) calls the readers' compiled functions directly, which
    needs their modules imported first: there, every module re-exported here is imported
    with the package (the pure core keeps importing them on first use)."""
    from gate.core.build import compiled

    if compiled():
        for module in sorted(set(_EXPORTS.values())):
            import_module(f"gate.figures.{module}")


_load_compiled()
