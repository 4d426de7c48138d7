"""answer-gate: a regression gate for assistants that answer with official statistics.

Scores a logged answer run per language (numeric accuracy, citation validity, refusal
accuracy, answer rate when expected, unsupported numbers), checks each measure against
``thresholds.yaml`` and the previous version's baseline, and reports a verdict.

The public API is re-exported here lazily, so that ``import gate`` stays quick::

    from gate import check_run
    report = check_run("answers.jsonl", "questions.jsonl", "thresholds.yaml")
    report.verdict.passed
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing at every start (mypy reads the name)
if TYPE_CHECKING:
    from typing import Any

__version__ = "0.1.0"

_EXPORTS = {
    "check_run": "gate.run.check",
    "Report": "gate.report.model",
    "InputError": "gate.core.errors",
    "GateError": "gate.core.errors",
    "load_run": "gate.inputs.run_log",
    "load_question_set": "gate.inputs.question_set",
    "load_thresholds": "gate.rules.thresholds",
    "extract_figures": "gate.figures",
    "check_figure": "gate.figures",
    "MatchSettings": "gate.figures",
    "MEASURES": "gate.model.measures",
}

__all__ = ["__version__", *sorted(_EXPORTS)]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'gate' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(module), name)
