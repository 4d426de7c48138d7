"""Baselines: the stored scores of earlier assistant versions, and regressions told from noise.

A baseline is what the gate keeps of one assistant version so that the next version can be
compared with it question by question. One job a module:

:mod:`gate.baseline.storage`
    save, read, list and verify the stored baselines, with the gzipped log and the digests.
:mod:`gate.baseline.versions` and :mod:`gate.baseline.choice`
    versions in PEP 440 order, the baseline named or the previous version, the history.
:mod:`gate.baseline.regression`
    the baseline's log re-scored with today's set and settings, the compared cells, and
    their regression rules (their status decided as every rule's, in :mod:`gate.rules.verdict`).
:mod:`gate.baseline.stats`
    the one-sided exact McNemar test on the flips.
:mod:`gate.baseline.today`
    today's side of a comparison: the questions the baseline knows, found by id in the set,
    and this run's outcomes of them (nothing built per question of the run).
:mod:`gate.baseline.comparer`
    :class:`BaselineComparer`, which ``answer-gate check`` hands to the pipeline.

The comparison itself is data (:mod:`gate.rules.comparison`); the renderers format it.
Every name below is importable from ``gate.baseline``.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gate.baseline.choice import choose_baseline, history_of, named_baseline, no_baseline_notice, previous_baseline
    from gate.baseline.comparer import BaselineComparer
    from gate.baseline.regression import check_regression, compare, compare_cell, differences, rescore
    from gate.baseline.stats import mcnemar_p
    from gate.baseline.storage import (
        DEFAULT_DIR,
        FORMAT,
        Baseline,
        Saved,
        baseline_document,
        list_baselines,
        load_baseline_run,
        read_baseline,
        read_log,
        save_baseline,
        settings_dict,
        settings_digest,
        stored_files,
    )
    from gate.baseline.versions import JSON_NAME, VERSION_HINT, json_name, parse_version, previous_version
    from gate.rules.comparison import SHOWN_IDS, ComparedCell, Comparison, Differences, HistoryPoint
    from gate.rules.display import display_change, display_p, fraction_text

# Public names, by the module that defines them. Imported on first use, so that ``answer-gate
# check`` without a stored baseline loads only the comparer and what finds the baseline.
_EXPORTS = {
    "Baseline": "gate.baseline.storage",
    "BaselineComparer": "gate.baseline.comparer",
    "ComparedCell": "gate.rules.comparison",
    "Comparison": "gate.rules.comparison",
    "DEFAULT_DIR": "gate.baseline.storage",
    "Differences": "gate.rules.comparison",
    "FORMAT": "gate.baseline.storage",
    "HistoryPoint": "gate.rules.comparison",
    "JSON_NAME": "gate.baseline.versions",
    "SHOWN_IDS": "gate.rules.comparison",
    "Saved": "gate.baseline.storage",
    "VERSION_HINT": "gate.baseline.versions",
    "baseline_document": "gate.baseline.storage",
    "check_regression": "gate.baseline.regression",
    "choose_baseline": "gate.baseline.choice",
    "compare": "gate.baseline.regression",
    "compare_cell": "gate.baseline.regression",
    "differences": "gate.baseline.regression",
    "display_change": "gate.rules.display",
    "display_p": "gate.rules.display",
    "fraction_text": "gate.rules.display",
    "history_of": "gate.baseline.choice",
    "json_name": "gate.baseline.versions",
    "list_baselines": "gate.baseline.storage",
    "load_baseline_run": "gate.baseline.storage",
    "mcnemar_p": "gate.baseline.stats",
    "named_baseline": "gate.baseline.choice",
    "no_baseline_notice": "gate.baseline.choice",
    "parse_version": "gate.baseline.versions",
    "previous_baseline": "gate.baseline.choice",
    "previous_version": "gate.baseline.versions",
    "read_baseline": "gate.baseline.storage",
    "read_log": "gate.baseline.storage",
    "rescore": "gate.baseline.regression",
    "save_baseline": "gate.baseline.storage",
    "settings_dict": "gate.baseline.storage",
    "settings_digest": "gate.baseline.storage",
    "stored_files": "gate.baseline.storage",
}

__all__ = [
    "DEFAULT_DIR",
    "FORMAT",
    "JSON_NAME",
    "SHOWN_IDS",
    "VERSION_HINT",
    "Baseline",
    "BaselineComparer",
    "ComparedCell",
    "Comparison",
    "Differences",
    "HistoryPoint",
    "Saved",
    "baseline_document",
    "check_regression",
    "choose_baseline",
    "compare",
    "compare_cell",
    "differences",
    "display_change",
    "display_p",
    "fraction_text",
    "history_of",
    "json_name",
    "list_baselines",
    "load_baseline_run",
    "mcnemar_p",
    "named_baseline",
    "no_baseline_notice",
    "parse_version",
    "previous_baseline",
    "previous_version",
    "read_baseline",
    "read_log",
    "rescore",
    "save_baseline",
    "settings_dict",
    "settings_digest",
    "stored_files",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'gate.baseline' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # later look-ups are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
