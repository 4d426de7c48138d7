"""Scores per slice and measure as a pandas table, under the import path the README documents.

The code lives in :mod:`gate.model.scores`.
"""

from gate.model.scores import Score, aggregate, to_frame

__all__ = ["Score", "aggregate", "to_frame"]
