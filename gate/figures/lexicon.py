"""The words per language that the figure reader needs, under their former import path.

The words now live one language a module in :mod:`gate.figures.languages` (``en.py``,
``fr.py``, ...), which also builds these tables from them; this module re-exports them
so that ``from gate.figures.lexicon import SCALE_WORDS`` keeps working.
"""

from __future__ import annotations

from gate.figures.languages import *  # noqa: F403
from gate.figures.languages import __all__ as __all__
