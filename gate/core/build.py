"""Which core runs: the modules compiled with mypyc (a wheel built with
``ANSWER_GATE_COMPILE=1``, see setup.py) or the pure-Python sources.

Read from the files beside the sources, without importing the reader, so that
``answer-gate --version`` stays quick: Python's import system loads an extension
module before a ``.py`` file of the same name, so a compiled figure reader next to
its source is the one that runs.
"""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES

# A module every compiled build compiles (setup.py's list): its extension decides.
_PROBE = ("figures", "digits")


def compiled() -> bool:
    """Whether the compiled core runs (the figure reader is an extension module)."""
    folder = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), _PROBE[0])
    return any(os.path.exists(os.path.join(folder, _PROBE[1] + suffix)) for suffix in EXTENSION_SUFFIXES)


def core_name() -> str:
    """``"compiled core"`` or ``"pure-Python core"``, as ``answer-gate --version`` says it."""
    return "compiled core" if compiled() else "pure-Python core"
