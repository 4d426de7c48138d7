"""Scoring a batch of raw log lines anywhere, under the import path the README documents.

The code lives in :mod:`gate.engine.lines` and :mod:`gate.engine.tallies`; this module re-exports the pure scorer of a
batch of lines, its context, its result per line and the tallies that merge by addition.
"""

from gate.engine.lines import Context, LineResult, score_lines
from gate.engine.tallies import Tally

__all__ = ["Context", "LineResult", "Tally", "score_lines"]
