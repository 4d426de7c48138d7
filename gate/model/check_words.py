"""The words the code checks read, one table per language.

The tables live with the figure reader's words, one module per language
(``gate/figures/languages/<lang>.py``, the value ``CHECKS``, a
:class:`~gate.figures.languages.base.CheckWords`), one for each language of the registry
(:data:`gate.figures.languages.CODES`). Month
names are not there: they come from CLDR through Babel
(:func:`gate.scoring.checks.periods.month_names`). Everything is lowercase and matched
case-insensitively; Arabic-Indic digits are read as ASCII digits before these words are
matched.
"""

from __future__ import annotations

from gate.figures.languages import CHECK_WORDS
from gate.figures.languages.base import CheckWords as Words

__all__ = ["WORDS", "Words", "words_for", "EN"]

#: Language code -> its words. A language not listed is read with English words.
WORDS: dict[str, Words] = dict(CHECK_WORDS)
EN = WORDS["en"]


def words_for(language: str) -> Words:
    """The words of a BCP 47 tag's primary language, English when it has none."""
    return WORDS.get(language.split("-")[0].lower(), EN)
