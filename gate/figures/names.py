"""Names that hold a number: "Formula 1", "Windows 11", "a Boeing 747", "Top 100".

The number after one of these words names a thing (a championship, a product, an aircraft,
a ranking) and states no quantity, in any language: it is read as a reference ("table 3"),
so it is no figure unless a unit, a percent sign or a scale word makes it one ("the top 10%"
stays a group boundary, "Formula 1 brought 90 million" states the 90 million). Groups of
countries glued to their number ("G7", "G20") are codes already.

A language adds its own spelling of a name here (the words are lowercase, as
:func:`gate.figures.context._prefix_tokens` gives them).
"""

from __future__ import annotations

#: Words before a number that make it part of a name, lowercase, read in every language.
NAME_WORDS = frozenset(
    (
        # championships and their spellings: en, fr/nl, es/pt, de, ar
        "formula formule fórmula formel الفورمولا فورمولا "
        # products, aircraft, rankings
        "windows boeing airbus iphone ipad galaxy pixel playstation xbox android ios macos ubuntu "
        "office excel"
    ).split()
)

#: Words that name a ranking before a number when capitalised only: "the Top 100
#: universities" is a name, "the top 10 districts" a group of a distribution (the
#: question's "top 10" is still evidence).
CAPITALISED_NAME_WORDS = frozenset({"Top"})


def capitalised_name_before(text: str, start: int) -> bool:
    """Whether a capitalised name word ("Top") and one space end just before ``start``."""
    if start < 2 or text[start - 1] not in " \u00a0":
        return False
    word_start = start - 1
    while word_start > 0 and text[word_start - 1].isalpha():
        word_start -= 1
    return text[word_start : start - 1] in CAPITALISED_NAME_WORDS
