"""Figures stated in an answer, and whether the evidence supports them.

The reader moves into this package (this commit renames the module only; the
next one splits it by job).
"""

from gate.figures.digits import *  # noqa: F403
from gate.figures.digits import DERIVATIONS, ROUNDINGS, __all__  # noqa: F401
