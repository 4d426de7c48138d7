"""Caveats: the kinds the code checks know, and the words that name them.

A caveat a reader must be told is one of four kinds: ``provisional``, ``estimated``,
``break`` (in series) and ``forecast``. A caveat's text (an observation's ``caveats``, the
set's ``expected_caveats``) names a kind when it is the kind itself or holds a word for it
in any of the eight languages (``CHECKS.caveats`` of ``gate/figures/languages/<lang>.py``):
"provisoire", "vorläufig", "estimación". Text that names none is free text the code does not
check. :func:`caveat_suggestion` tells a misspelt kind or word ("provisonal") from free
text, so that the loaders can say "did you mean" instead of counting nothing.
"""

from __future__ import annotations

import difflib
import re
from functools import cache, lru_cache

from gate.model.check_words import WORDS, Words

CAVEAT_KINDS = ("provisional", "estimated", "break", "forecast")

#: The SDMX observation statuses that are caveats (OBS_STATUS: P provisional, V (and I)
#: provisional or estimated, E estimated, B break in series, F forecast), by kind.
STATUS_CAVEATS = {"P": "provisional", "V": "provisional", "E": "estimated", "I": "estimated", "B": "break",
                  "F": "forecast"}


def _has(text: str, word: str, clitics: tuple[str, ...] = ()) -> bool:
    return word_start(word, clitics).search(text) is not None


@lru_cache(maxsize=2048)
def word_start(word: str, clitics: tuple[str, ...] = ()) -> re.Pattern[str]:
    """The pattern of a word (casefolded) where a word starts, or after one of the
    language's clitics glued to it (Arabic "ال", "و", "ب": "والتقديرات" holds "تقديرات");
    compiled once per word (the words are those of the languages' tables: a few hundred)."""
    glued = "(?:" + "|".join(re.escape(c) for c in sorted(clitics, key=len, reverse=True)) + ")?" if clitics else ""
    return re.compile(r"(?<![^\W\d_])" + glued + re.escape(word.casefold()))


def says(text: str, words: tuple[str, ...], clitics: tuple[str, ...] = ()) -> bool:
    """Whether a casefolded text holds one of the words where a word starts (after a clitic
    of ``clitics``)."""
    return any(_has(text, w, clitics) for w in words)


def not_comparable(text: str, words: Words) -> bool:
    """Whether a casefolded text says a figure is not comparable (a break in series): a
    word of "not" up to four words before a word of "comparable" ("non è confrontabile",
    "n'est pas comparable", "nicht mit früheren Jahren vergleichbar")."""
    pattern = _not_comparable(words.negations, words.comparable)
    return pattern is not None and pattern.search(text) is not None


@lru_cache(maxsize=64)
def _not_comparable(negations: tuple[str, ...], comparable: tuple[str, ...]) -> re.Pattern[str] | None:
    if not negations or not comparable:
        return None
    neg = "|".join(re.escape(w.casefold()) for w in sorted(negations, key=len, reverse=True))
    comp = "|".join(re.escape(w.casefold()) for w in sorted(comparable, key=len, reverse=True))
    return re.compile(r"(?<![^\W\d_])(?:" + neg + r")(?![^\W\d_])(?:[\s’'\-]+[^\W\d_]+){0,4}?[\s’'\-]+(?:" + comp + ")")


def caveat_kind(text: str) -> str | None:
    """The caveat kind a caveat's text names (``provisional``, ``estimated``, ``break``,
    ``forecast``) in any of the eight languages, or None when it names none of them."""
    low = text.casefold().strip()
    if low in CAVEAT_KINDS:
        return low
    for kind in CAVEAT_KINDS:
        for words in WORDS.values():
            if says(low, words.caveats.get(kind, ()), words.clitics):
                return kind
    return None


@cache
def caveat_words() -> tuple[str, ...]:
    """Every kind and every word for one, lowercase, sorted."""
    words = set(CAVEAT_KINDS)
    for table in WORDS.values():
        for kind in CAVEAT_KINDS:
            words.update(w.casefold() for w in table.caveats.get(kind, ()))
    return tuple(sorted(words))


def caveat_suggestion(text: str) -> str | None:
    """For a caveat that names no kind, the known word it is a misspelling of (difflib ratio
    0.8 or more: "provisonal" -> "provisional"), or None for free text."""
    low = " ".join(text.casefold().split())
    close = difflib.get_close_matches(low, caveat_words(), n=1, cutoff=0.8)
    return close[0] if close else None
