"""A gross is twelve dozen: "two gross of masks" is 288.

Read after a whole number in words up to twelve only, and only when "of" (or its kin), a
punctuation mark or the end follows: "5,000 gross tonnes", "two gross domestic products"
and "gross income" are no grosses.
"""

from __future__ import annotations

import re
from functools import cache

#: The word for a gross after a number, per language, and the words that may follow it.
_GROSS = {
    "en": ("gross", "of"),
    "fr": ("grosses?", "de|d'|d’"),
    "es": ("gruesas?", "de"),
    "de": ("gros", ""),
    "pt": ("grosas?", "de"),
    "it": ("gross[ae]", "di"),
    "nl": ("gros", ""),
}


@cache
def gross_after(lang: str) -> re.Pattern[str] | None:
    """The word for a gross after a number in language ``lang``, then punctuation, the end,
    or ``of`` (any word where the language writes no "of": "zwei Gros Eier"); None for a
    language without one. Compiled on the first text read in the language."""
    if lang not in _GROSS:
        return None
    word, of = _GROSS[lang]
    then = r"[.,;:!?)]|$|\x00|\s+" + (r"(?:" + of + r")(?![^\W\d_])" if of else r"[^\W\d_]")
    return re.compile(r"(?i)\s+(?:" + word + r")(?![^\W\d_])(?=\s*(?:" + then + r"))")


GROSS = 144
