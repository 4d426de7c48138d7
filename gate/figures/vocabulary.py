"""The number words of one language as the word reader looks them up.

Built from the tables of :mod:`gate.figures.languages`; one :class:`_Lexicon` per language.
"""

from __future__ import annotations

import re
from functools import partial
from typing import NamedTuple

from gate.figures.languages import (
    HALF_COMPOUNDS,
    LANGUAGES,
    NUMBER_WORDS,
    PERCENT_HEADS,
    SCALE_WORDS,
    SPECIAL_HINTS,
    WORD_PUNCTUATION,
    typed_spellings,
)


def _respelled(table: dict[str, str], m: re.Match[str]) -> str:
    """The spelling of the compounds for the typed spelling ``m`` found (a module-level
    function: mypyc compiles no lambda in a NamedTuple's method)."""
    return table[m.group()]


class _Lexicon(NamedTuple):
    words: frozenset[str]  # number words (all, lone ones included)
    trigger: frozenset[str]  # words that call for a scan (not the lone ones)
    compound: re.Pattern[str] | None  # glued compounds (de, nl, it)
    starts: frozenset[str]  # the first two letters of every compound
    joiners: frozenset[str]
    lone: frozenset[str]
    stop: frozenset[str]  # parts of compounds that are no number alone ("und")
    dozen: str  # "dozen", "douzaine" ...
    half_hint: tuple[str, ...]  # in a one-word half: "einhalb", "anderthalb", "half"
    article_hints: tuple[str, ...]  # "a million" ... (en: "a" is no number word)
    lone_before_scale: frozenset[str]  # "un", "d'un", "ein" ... (not for en: see hints)
    big_scales: frozenset[str]  # "million", "millions," ...
    lone_words: frozenset[str]  # the lone words as split from text: "one", "(one", "ein" ...
    trigger_or_lone: frozenset[str]  # both, for one look-up
    typed: dict[str, str]  # a listed word typed without accents -> as listed ("dieciseis")
    respell: re.Pattern[str] | None  # typed spellings in a glued compound ("zwoelf")
    respelled: dict[str, str]  # each such spelling -> as the compounds spell it

    def spelled(self, w: str) -> str:
        """``w`` (lowercase) as the number words spell it: "dieciseis" -> "dieciséis",
        "fuenfundzwanzig" -> "fünfundzwanzig"; other words unchanged."""
        listed = self.typed.get(w)
        if listed is not None:
            return listed
        if self.respell is None:
            return w
        return self.respell.sub(partial(_respelled, self.respelled), w)

    def is_number_word(self, w: str) -> bool:
        if w in self.words:
            return True
        if "-" in w:
            return all(self.is_number_word(p) for p in w.split("-"))
        return (
            self.compound is not None
            and w not in self.lone
            and w not in self.stop
            and (self.compound.fullmatch(w) is not None or self.compound.fullmatch(self.spelled(w)) is not None)
        )

    def mentioned(self, text: str) -> bool:
        """A quick, permissive test: may ``text`` hold a figure in words?"""
        lower = text.lower()
        if self.dozen in lower or any(h in lower for h in self.half_hint):
            return True
        if self.article_hints and "il" in lower:  # every hint holds "il": "a million", "demi-milli"
            for h in self.article_hints:
                if h in lower:
                    return True
        words = lower.split()
        if not self.trigger_or_lone.isdisjoint(words):
            if not self.trigger.isdisjoint(words):  # the trigger holds "seven," "(seven" ...
                return True
            articles = self.lone_before_scale  # empty for en
            if articles and not articles.isdisjoint(words) and not self.big_scales.isdisjoint(words):
                return True  # "un million", "plus d'un milliard"
            lone = self.lone_words  # "one percent", "ein Prozent", "een procent", "one and a half"
            for i in range(len(words) - 1):
                if words[i] in lone:
                    after = words[i + 1]
                    if after.rstrip(WORD_PUNCTUATION) in PERCENT_HEADS or after in ("and", "en"):
                        return True
        if "-" in lower:
            for w in words:
                if "-" in w and self.is_number_word(w.strip(WORD_PUNCTUATION)):
                    return True
        if self.compound is not None:
            match = self.compound.fullmatch
            lone = self.lone
            stop = self.stop
            starts = self.starts
            for w in words:
                if w[:2] not in starts and w[1:3] not in starts:
                    continue
                w = w.strip(WORD_PUNCTUATION)
                if len(w) > 2 and w not in lone and w not in stop and (match(w) or match(self.spelled(w))):
                    return True
        return False


def _lexicon(lang: str) -> _Lexicon:
    spec = NUMBER_WORDS[lang]
    lone = frozenset(spec["lone"].split())
    listed = frozenset(spec.get("words", "").split()) | lone
    joiners = frozenset(spec["joiners"].split())
    typed = typed_spellings(listed | joiners, lang)
    words = listed | frozenset(w for w, s in typed.items() if s in listed)
    respelled = {t: w for w, forms in LANGUAGES[lang].unaccented.items() for t in forms if len(t) > 1}
    compound = re.compile(spec["compound"]) if "compound" in spec else None
    trigger = words - lone
    trigger_words = (
        trigger | {w + p for w in trigger for p in WORD_PUNCTUATION} | {p + w for w in trigger for p in "(\"'«“"}
    )
    lone_words = frozenset(lone | {p + w for w in lone for p in "(\"'«“"})
    lone_before_scale = (
        frozenset() if lang == "en" else frozenset(lone | {e + w for w in lone for e in ("d'", "d’", "l'", "l’")})
    )
    return _Lexicon(
        words=words,
        trigger=frozenset(trigger_words),
        compound=compound,
        starts=frozenset(spec.get("starts", "").split()) | frozenset(t[:2] for t in respelled if len(t) > 2),
        joiners=joiners | frozenset(w for w, s in typed.items() if s in joiners),
        lone=lone,
        stop=frozenset(spec.get("stop", "").split()),
        dozen=SPECIAL_HINTS[lang][0],
        half_hint=HALF_COMPOUNDS[lang][2] if lang in HALF_COMPOUNDS else (),
        article_hints=SPECIAL_HINTS[lang][1:],
        lone_before_scale=lone_before_scale,
        big_scales=frozenset(
            w + p
            for w, power in SCALE_WORDS[lang].items()
            if power >= 3 and " " not in w
            for p in ("", *WORD_PUNCTUATION)
        ),
        lone_words=lone_words,
        trigger_or_lone=frozenset(trigger_words | lone_words | lone_before_scale),
        typed=typed,
        respell=(
            re.compile("|".join(map(re.escape, sorted(respelled, key=len, reverse=True))))
            if compound is not None and respelled
            else None
        ),
        respelled=respelled,
    )
