"""Aggregation by plain additions, and the scores as a DataFrame for notebooks."""

from __future__ import annotations

import math
import subprocess
import sys

from conftest import RUN_13, SET_12, THRESHOLDS

from gate.run.check import check_run
from gate.model.scores import ALL, to_frame


def _scores():
    report = check_run(RUN_13, SET_12, THRESHOLDS)
    return report


def test_to_frame_holds_every_cell_with_its_exact_count_and_rate():
    report = _scores()
    frame = to_frame(s for s in _score_objects(report))
    row = frame[(frame["slice"] == ALL) & (frame["measure"] == "numeric_accuracy")].iloc[0]
    assert (row["numerator"], row["denominator"]) == (5, 6)
    assert math.isclose(row["rate"], 5 / 6)
    empty = frame[(frame["slice"] == "language=fr") & (frame["measure"] == "refusal_accuracy")].iloc[0]
    assert empty["denominator"] == 0 and math.isnan(empty["rate"])
    assert list(frame.columns) == ["slice", "measure", "numerator", "denominator", "rate"]


def _score_objects(report):
    from gate.model.outcomes import Count
    from gate.model.scores import Score

    return [Score(c.slice, c.measure, Count(c.numerator, c.denominator)) for c in report.cells]


def test_check_does_not_import_pandas():
    code = ("import sys; from gate.cli.main import main; "
            f"main(['check', {str(RUN_13)!r}, '--questions', {str(SET_12)!r}, '--thresholds', {str(THRESHOLDS)!r}, '--no-baseline']); "
            "print('pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.stdout.strip().splitlines()[-1] == "False", out.stderr
