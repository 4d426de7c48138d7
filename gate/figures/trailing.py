"""Hedges written after the number, in the languages that put them there (Turkish "100'den
fazla", "%5'in üzerinde", "5 milyon civarında"; Hindi "5 लाख से अधिक", "3% के आसपास").

The hedge follows the figure, past a case ending glued to it (with or without an
apostrophe: "'den", "dan", "'in"), then one space. A figure that has a hedge before it keeps
that one. The table is the language file's ``HEDGES_AFTER``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from gate.figures.model import Figure

#: A case ending glued to a number or its scale word: "'den", "’in", "dan", "e".
_ENDING = re.compile(r"(?:['’][^\W\d_]{1,4}|[^\W\d_]{0,4})[ \u00a0]")


def with_trailing_hedges(text: str, figures: list[Figure], hedges: Mapping[str, str]) -> list[Figure]:
    """The figures, each with the hedge written after it when it has none before it.

    Args:
        text: the text the figures were read from.
        figures: its figures, in reading order.
        hedges: hedge phrase after a number -> hedge ("fazla" -> "over").
    """
    phrases = sorted(hedges, key=len, reverse=True)
    out = []
    for f in figures:
        if f.hedge is None:
            m = _ENDING.match(text, f.end)
            if m is not None:
                low = text[m.end() : m.end() + 24].lower()
                for phrase in phrases:
                    if low.startswith(phrase) and not low[len(phrase) : len(phrase) + 1].isalpha():
                        f = replace(f, hedge=hedges[phrase])
                        break
        out.append(f)
    return out
