"""Scale: a figure written in the unit an observation is published in, not in units.

An observation may carry ``unit_mult`` (SDMX UNIT_MULT, a power of ten): 68,400 published
in thousands is 68,400,000 people, which "68.4 million" states and "68,400 people" does
not. A figure no observation supports whose value is an observation's value as published
(before its multiplier) is counted in ``unit_stated`` as a ``unit_mismatch``: the answer
gave the figure in another unit than its observation's. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from gate import figures as fig
from gate.core.decimals import decimal_text
from gate.model.inputs import Answer, Observation, Question
from gate.model.outcomes import FigureRef, Finding

_SCALES = {3: "thousands", 6: "millions", 9: "billions", 12: "trillions", 2: "hundreds"}


def _scale(o: Observation) -> str:
    return _SCALES.get(o.unit_mult, f"units of 10^{o.unit_mult}")


def scale_faults(question: Question, answer: Answer, figures: Sequence[fig.Figure],
                 bound: Sequence[fig.Figure]) -> list[Finding]:
    """One ``unit_mismatch`` finding (measure ``unit_stated``) per figure not bound to any
    observation whose value is the published value of an observation with a multiplier."""
    scaled = [o for o in answer.retrieved_observations if o.unit_mult]
    if not scaled:
        return []
    taken = {id(f) for f in bound}
    out = []
    for f in figures:
        if id(f) in taken:
            continue
        o = next((o for o in scaled if o.published == f.value), None)
        if o is None:
            continue
        out.append(Finding(question.question_id, question.language, "unit_stated", "unit_mismatch",
                           f"'{f.text}' is {o.series} {o.period} as published in {_scale(o)} (unit_mult {o.unit_mult}): "
                           f"{decimal_text(o.published)} {_scale(o)} is {decimal_text(o.value)}, not {decimal_text(f.value)}",
                           figure=FigureRef(f.text, f.value, f.start, f.end)))
    return out
