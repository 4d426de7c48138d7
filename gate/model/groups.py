"""What one answer of a group of questions (the same question in several languages) gives
the cross-language comparison: the figures that answer the question, as intervals.

Built by :func:`gate.scoring.groups.group_entry` while the answer is scored, carried by its
:class:`gate.model.outcomes.Outcome`, summed per group by :mod:`gate.engine.groups` and
compared after the pass by :func:`gate.scoring.groups.compare_group`.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

#: What an answer of a group did: declined, stated figures, or answered with no figure.
DECLINED, STATED, NO_FIGURE = "declined", "stated", "no_figure"


@dataclass(frozen=True)
class GroupFigure:
    """A figure that answers the question, with the values its stated precision stands for.

    Attributes:
        key: ``"SERIES PERIOD"`` of the observation it is bound to, or ``""`` for the
            answer's main figure (the first that matches an expected value, else the first).
        text: as written (``"7,6 %"``, ``"8%"``).
        low, high: the interval of values it stands for (:func:`gate.figures.figure_bounds`).
        low_in, high_in: whether each end is included.
    """

    key: str
    text: str
    low: Decimal
    high: Decimal
    low_in: bool = True
    high_in: bool = True


@dataclass(frozen=True)
class GroupEntry:
    """One answer of a grouped question, for the comparison across languages.

    Attributes:
        group: the set's ``group``.
        question_id, language: of the question (the language as in the set).
        stance: :data:`DECLINED`, :data:`STATED` or :data:`NO_FIGURE`.
        figures: with ``STATED``, its bound figures (one per observation key, in reading
            order), then its main figure (key ``""``).
    """

    group: str
    question_id: str
    language: str
    stance: str
    figures: tuple[GroupFigure, ...] = ()

    def to_data(self) -> list[Any]:
        """As plain JSON data (a shard record); :meth:`from_data` reads it back."""
        return [self.group, self.question_id, self.language, self.stance,
                [[f.key, f.text, str(f.low), str(f.high), f.low_in, f.high_in] for f in self.figures]]

    @classmethod
    def from_data(cls, data: list[Any]) -> GroupEntry:
        group, question_id, language, stance, figures = data
        return cls(group, question_id, language, stance,
                   tuple(GroupFigure(k, t, Decimal(lo), Decimal(hi), bool(li), bool(hi_in)) for k, t, lo, hi, li, hi_in in figures))
