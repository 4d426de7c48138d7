"""Hedges: the symbol or phrase before a figure ("about", "plus de", "~", ">") or the "+"
after it that turns a figure into a bound or an approximation.
"""

from __future__ import annotations

import re

from gate.figures.chars import _SPACES
from gate.figures.languages import HEDGE_SYMBOLS
from gate.figures.locale import _Conventions


def _hedge_of(toks: list[str], conv: _Conventions) -> str | None:
    """The hedge phrase ending the tokens, normalised, or None."""
    if not toks or toks[-1] not in conv.hedge_last:
        return None
    hedges = conv.hedges
    n = len(toks)
    return (
        (n >= 3 and hedges.get((toks[-3], toks[-2], toks[-1])))
        or (n >= 2 and hedges.get((toks[-2], toks[-1])))
        or hedges.get((toks[-1],))
    )


_TAG_BEFORE = re.compile(r"<[/!]?[A-Za-z][^<>]*>\s*$")


def _hedge_before(text: str, start: int, end: int, toks: list[str], last: str, conv: _Conventions) -> str | None:
    """The hedge of a figure at start:end: a symbol ("~", ">", "≤"), a phrase
    ending just before it ("about", "plus de"), or a "+" right after it."""
    if start > 0:
        p = start - 1
        if text[p] in _SPACES and p > 0:
            p -= 1
        sym = HEDGE_SYMBOLS.get(text[p])
        if sym == "over" and _TAG_BEFORE.search(text, max(0, p - 80), p):
            sym = None  # "</summary> > 55.5%": markup, not "over"
        if sym:
            if text[p] in "<>" and text[p + 1 : p + 2] == "=":
                sym = "at_least" if text[p] == ">" else "at_most"
            elif p > 0 and text[p - 1] in "<>" and text[p] == "=":
                sym = "at_least" if text[p - 1] == ">" else "at_most"
            return sym
        if text[p] == "=" and p > 0 and text[p - 1] in "<>":
            return "at_least" if text[p - 1] == ">" else "at_most"
    if last in conv.hedge_last:
        hedge = _hedge_of(toks, conv)
        if hedge is not None:
            return hedge
    if text[end : end + 1] == "+" and not text[end + 1 : end + 2].isdigit():
        return "at_least"
    return None
