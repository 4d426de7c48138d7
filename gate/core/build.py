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


def picklable(*classes: type) -> None:
    """Pickle these frozen dataclasses by their fields where they are compiled.

    A compiled frozen dataclass (a native class of mypyc) marked serializable is pickled by
    mypyc's ``__setstate__``, which sets each field through the class's ``__setattr__``, and
    a frozen dataclass refuses that; workers and Dask pickle them. Here, each compiled one is
    pickled as its class and its fields in order, and unpickled by its initialiser (compiled
    too). The pure-Python classes keep the standard pickling.
    """
    import copyreg
    from dataclasses import fields

    for cls in classes:
        if getattr(cls, "__mypyc_attrs__", None) is not None:
            _FIELDS[cls] = tuple(f.name for f in fields(cls))
            copyreg.pickle(cls, _by_fields)


_FIELDS: dict[type, tuple[str, ...]] = {}


def compiled_class(cls: type) -> bool:
    """Whether ``cls`` is compiled (a native class of mypyc: its fields in slots, its own
    ``__init__`` compiled; the initialiser a dataclass decorator generates for it stays
    interpreted code, 35 times slower to build a frozen record with seven fields)."""
    return getattr(cls, "__mypyc_attrs__", None) is not None


def _by_fields(record: object) -> tuple[type, tuple[object, ...]]:
    """How pickle rebuilds a compiled frozen dataclass: its class called with its fields."""
    cls = type(record)
    return cls, tuple(getattr(record, name) for name in _FIELDS[cls])
