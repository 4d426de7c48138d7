"""The languages the figure reader knows, one module each, and the tables built from them.

:data:`LANGUAGES` maps a code to its :class:`~gate.figures.languages.base.Language` (one
module per language: ``en``, ``fr``, ``es``, ``de``, ``pt``, ``it``, ``nl``, ``ar``). The
tables below are what the reader looks up: per language (``SCALE_WORDS["fr"]``), or, for
words read whatever the text's language, the union over all languages (``RANGE_TO``,
``VAGUE_PLURALS``). Signs that every language writes alike (``~``, ``k``, ``bn``,
classification codes) are defined here once. Adding a language is adding one module and
its name to :data:`CODES` (see ``CONTRIBUTING.md``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from functools import cache
from importlib import import_module
from typing import Any, NamedTuple

from gate.figures.languages.base import CheckWords, Language, Numerals, SpelledNumbers, words

#: The languages, in the order their words are joined into shared tables: the only list of
#: them (the code checks' words and the notices follow it).
CODES: tuple[str, ...] = ("en", "fr", "es", "de", "pt", "it", "nl", "ar", "ru", "zh", "tr", "ja", "hi", "pl")

_MODULES = {code: import_module(f"gate.figures.languages.{code}") for code in CODES}

#: Code -> language, one module of this package each.
LANGUAGES: dict[str, Language] = {code: module.LANGUAGE for code, module in _MODULES.items()}
#: Code -> the words of the code checks (``CHECKS`` of each module).
CHECK_WORDS: dict[str, CheckWords] = {code: module.CHECKS for code, module in _MODULES.items()}
#: Code -> the numerals of a language that writes numbers glued, with scale characters
#: (``NUMERALS`` of its module: zh, ja).
NUMERALS: dict[str, Numerals] = {
    code: module.NUMERALS for code, module in _MODULES.items() if hasattr(module, "NUMERALS")
}
#: Code -> the number words of a language text2num does not read (``SPELLED`` of its
#: module: ru, pl, tr), read by :mod:`gate.figures.spelled`.
SPELLED: dict[str, SpelledNumbers] = {
    code: module.SPELLED for code, module in _MODULES.items() if hasattr(module, "SPELLED")
}
#: Endings of an ordinal written with digits and a hyphen ("2-й", "1-го"), and beginnings
#: ("летн*") of adjectives of age or duration ("15-летние"), read in every language
#: (``ORDINAL_SUFFIXES`` of a module: ru).
ORDINAL_SUFFIXES: frozenset[str] = frozenset().union(
    *(module.ORDINAL_SUFFIXES for module in _MODULES.values() if hasattr(module, "ORDINAL_SUFFIXES"))
)
#: Code -> the hedges written after a number ("100'den fazla", "5 लाख से अधिक") -> hedge
#: (``HEDGES_AFTER`` of its module: tr, hi), read by :mod:`gate.figures.trailing`.
HEDGES_AFTER: dict[str, dict[str, str]] = {
    code: dict(module.HEDGES_AFTER) for code, module in _MODULES.items() if hasattr(module, "HEDGES_AFTER")
}
#: Code -> the percent words written before a number ("yüzde 8,7"), lowercase
#: (``PERCENT_BEFORE`` of its module, where the language has them).
PERCENT_BEFORE: dict[str, tuple[str, ...]] = {
    code: module.PERCENT_BEFORE for code, module in _MODULES.items() if hasattr(module, "PERCENT_BEFORE")
}


def _union(field: str) -> frozenset[str]:
    return frozenset().union(*(getattr(lang, field) for lang in LANGUAGES.values()))


def _alternatives(field: str) -> str:
    """The regular expressions of a field, joined in language order: "a|b|c"."""
    return "|".join(dict.fromkeys(p for lang in LANGUAGES.values() for p in getattr(lang, field)))


def _word_alternatives(field: str) -> str:
    """The words of a field over all languages as one alternation, longest first: "ou|et|o"."""
    return "|".join(re.escape(w) for w in sorted(_union(field), key=lambda w: (-len(w), w)))


def _where(field: str) -> dict[str, Any]:
    """Code -> the field, for the languages that fill it (not None, not empty)."""
    return {code: getattr(lang, field) for code, lang in LANGUAGES.items() if getattr(lang, field)}


# --- Signs every language writes alike -------------------------------------

# Abbreviations written right after the digits ("$4.1bn", "3.2B", "10k"):
# case-sensitive, every language.
ATTACHED_SCALES = {
    "k": 3, "K": 3, "m": 6, "M": 6, "mn": 6, "mln": 6, "Mn": 6, "bn": 9, "Bn": 9,
    "b": 9, "B": 9, "bln": 9, "tn": 12, "Tn": 12, "T": 12, "Md": 9, "Mds": 9, "Mrd": 9,
    "Mio": 6, "mila": 3, "MM": 6,
}
# Units written right after the digits: the number stays a figure.
ATTACHED_UNITS = frozenset(
    "km km2 km² m2 m² kg g mg t kt Mt Gt ha l L ml mL hl cm mm kWh MWh GWh TWh kW MW GW "
    "x pp pts bp bps yrs y mo wk".split()
)
HEDGE_SYMBOLS = {
    "~": "about", "≈": "about", "∼": "about", ">": "over", "<": "under",
    "≥": "at_least", "≤": "at_most",
}
HEDGE_MARKS = frozenset(HEDGE_SYMBOLS) | {"="}  # characters that may stand for a hedge (">=")
# Classification codes and goal labels written before a number ("SDG 2.1.1").
CODE_WORDS = frozenset(
    "sdg sdgs odd ods sdg-indikator iso isic nace naics icd hs cpc coicop cofog nuts isced "
    "isco sitc #".split()
)
# Dashes between the two ends of a range ("7.6–8.4").
RANGE_DASHES = frozenset("- – —".split())
# Languages that write ordinals as "2." (CLDR), where "2. Quartal" is no figure.
DOT_ORDINAL_LANGUAGES = frozenset("de da nb no nn fi cs sk sl hr sr bs hu pl et lv is tr".split())
HALF = Decimal("0.5")
WORD_PUNCTUATION = ".,;:!?()[]{}\"'«»“”‘’/–—%…"
WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")

# --- Per language ------------------------------------------------------------


def typed_spellings(spelled: Iterable[str], code: str) -> dict[str, str]:
    """The spellings people type for ``spelled`` words of language ``code`` without
    accents (its ``unaccented`` table), each -> the word as spelled: for Spanish
    ``{"dieciseis": "dieciséis", "millon": "millón"}``. A typed spelling that is itself
    one of the words is left out."""
    table = LANGUAGES[code].unaccented
    words = set(spelled)
    out: dict[str, str] = {}
    for word in sorted(words):
        forms = {word}
        for letters, typed in table.items():
            if letters in word:
                forms |= {f.replace(letters, t) for f in forms for t in typed}
        for form in sorted(forms - words):
            out.setdefault(form, word)
    return out


def _with_typed(scales: Mapping[str, int], code: str) -> dict[str, int]:
    """Scale words and their typed spellings ("millón" and "millon")."""
    out = dict(scales)
    for typed, word in typed_spellings(scales, code).items():
        out.setdefault(typed, scales[word])
    return out


SCALE_WORDS: dict[str, dict[str, int]] = {c: _with_typed(lang.scale_words, c) for c, lang in LANGUAGES.items()}
HEDGE_WORDS: dict[str, dict[str, str]] = {c: dict(lang.hedge_words) for c, lang in LANGUAGES.items()}
HEDGE_ARTICLES: dict[str, dict[str, tuple[str, ...]]] = {c: dict(v) for c, v in _where("hedge_articles").items()}
GLUED_PREFIXES: dict[str, str] = _where("glued_prefixes")
DENOMINATOR_WORDS: dict[str, tuple[str, ...]] = {c: lang.denominator_words for c, lang in LANGUAGES.items()}
# Languages the reader does not otherwise cover get their denominators only, so
# that "на 1 000 человек" or "प्रति 1,000" is not counted as a figure.
DENOMINATOR_WORDS.update({"uk": ("на", "на кожні")})
DIGIT_SCALES: dict[str, dict[str, int]] = {c: dict(lang.digit_scales) for c, lang in LANGUAGES.items()}
LEVEL_WORDS: dict[str, frozenset[str]] = {c: lang.level_words for c, lang in LANGUAGES.items()}
REFERENCE_WORDS: dict[str, str] = {c: " ".join(sorted(lang.reference_words)) for c, lang in LANGUAGES.items()}
NUMBER_WORDS: dict[str, dict[str, str]] = {c: dict(v) for c, v in _where("number_words").items()}
DOZEN_WORDS: dict[str, str] = _where("dozen_words")
HALF_DOZEN_WORDS: dict[str, str] = _where("half_dozen_words")
HALF_COMPOUNDS: dict[str, tuple[str, dict[str, int], tuple[str, ...]]] = {
    c: (p, dict(units), hints) for c, (p, units, hints) in _where("half_compound").items()
}
ARTICLE_SCALES: dict[str, str] = _where("article_scales")
HALF_SCALES: dict[str, str] = _where("half_scales")
SPECIAL_HINTS: dict[str, tuple[str, ...]] = _where("special_hints")
MINUS_WORDS: dict[str, dict[str, tuple[str, ...]]] = {c: dict(lang.minus_words) for c, lang in LANGUAGES.items()}
# "and" between the parts of a number in words, in the words' language: the amount joiners
# (the word reader reads only the languages with number words, which Arabic has not)
SCALE_AND: dict[str, frozenset[str]] = {
    c: lang.amount_joiners for c, lang in LANGUAGES.items() if lang.number_words is not None
}
DECIMAL_WORDS: dict[str, frozenset[str]] = {c: lang.decimal_words for c, lang in LANGUAGES.items()}
PART_OF_WORDS: dict[str, frozenset[str]] = {c: lang.part_of_words for c, lang in LANGUAGES.items()}


class LanguagePatterns(NamedTuple):
    """The regular expressions of one language's own tables, compiled; None where the
    language has no such table."""

    and_a_half: re.Pattern[str] | None  # "and a half" after a number: "2 and a half million"
    dozens_after: re.Pattern[str] | None  # the word for a dozen after a number
    ordinal_words: re.Pattern[str] | None  # an ordinal in words


@cache
def language_patterns(code: str) -> LanguagePatterns:
    """The patterns of language ``code`` (a code of :data:`CODES`; any other has none),
    compiled on the first text read in it: a run never compiles those of the languages it
    does not read. The one place they are built."""
    lang = LANGUAGES.get(code)
    if lang is None:
        return LanguagePatterns(None, None, None)
    return LanguagePatterns(*(re.compile(p) if p else None for p in (lang.and_a_half, lang.dozens_after, lang.ordinal_words)))


# --- Read whatever the text's language -------------------------------------

PERCENT_WORDS: tuple[str, ...] = tuple(
    dict.fromkeys(w for lang in LANGUAGES.values() for w in lang.percent_words)
)
# What a percent sign or word may start with, in either case.
PERCENT_STARTS = frozenset("%٪％" + "".join(w[0] + w[0].upper() for w in PERCENT_WORDS))
# The first word of every percent word: after a lone word ("one", "ein") it
# calls for the word reader ("one percent", "ein Prozent").
PERCENT_HEADS = frozenset(w.split()[0] for w in PERCENT_WORDS)
LABEL_WORDS: dict[str, int] = {w: n for lang in LANGUAGES.values() for w, n in lang.label_words.items()}
BETWEEN_WORDS = _union("between_words")
RANGE_TO = RANGE_DASHES | _union("range_to")
RANGE_AND = _union("range_and")
DOT_ORDINAL_BEFORE = _union("dot_ordinal_before")
DOT_ORDINAL_NOUNS = _union("dot_ordinal_nouns")
VAGUE_PLURALS = _union("vague_plurals")
FRACTION_WORDS = _union("fraction_words")
THOUSAND_ENDINGS: tuple[str, ...] = tuple(
    dict.fromkeys(w for lang in LANGUAGES.values() for w in lang.thousand_endings)
)
# Around numbers: currencies, ages, periods, ratios.
CURRENCY_NAMES = _union("currency_names")
PRICE_BASE_WORDS = _union("price_base_words")
AGE_WORDS = _union("age_words")
AGE_OF_WORDS = _union("age_of_words")
AGE_AT_WORDS = _union("age_at_words")
AGE_PEOPLE_WORDS = _union("age_people_words")
LOOK_BACK_WORDS = _union("look_back_words")
CUMULATED_WORDS = _union("cumulated_words")
OVER_WORDS = _union("over_words")
PERIOD_ARTICLES = _union("period_articles")
LEVEL_BEFORE_DENOMINATOR = _union("level_before_denominator")
AMOUNT_JOINERS = _union("amount_joiners")
DURATION_WORDS = _alternatives("duration_words")  # regular expression: "months?|years?|..."
RATIO_CONNECTORS = _alternatives("ratio_connectors")
RATIO_ONES = _alternatives("ratio_ones")
# Decrease and increase: the alternative readings of a change.
DECREASE_WORDS = _alternatives("decrease_words")
DECREASE_IN_CLAUSE = _alternatives("decrease_in_clause")
INCREASE_WORDS = _alternatives("increase_words")
LOWER_WORDS = _alternatives("lower_words")
FALL_BY = _alternatives("fall_by")
FALL_FURTHER = _alternatives("fall_further")
FALL_HEDGES = _alternatives("fall_hedges")
# Code -> its pattern of a verb of decrease apart from "by" ("sank im 2. Quartal um").
FALL_ACROSS_WORDS: dict[str, str] = _where("fall_across_words")
FALL_BY_BEFORE_PARTICIPLE = _alternatives("fall_by_before_participle")
DECREASE_PARTICIPLES = _alternatives("decrease_participles")
DEFICIT_WORDS = _alternatives("deficit_words")
DEFICIT_KINDS = _alternatives("deficit_kinds")
DEFICIT_VERBS = _alternatives("deficit_verbs")
LEVEL_AFTER_DECREASE = _alternatives("level_after_decrease")
# Ages, bands and defining numbers (regular expressions unless said otherwise).
BAND_WORDS = _alternatives("band_words")
AGE_UNITS = _alternatives("age_units")
AGE_HYPHEN_UNITS = _alternatives("age_hyphen_units")
AGE_OLD_UNITS = _alternatives("age_old_units")
DURATION_NOUNS = _union("duration_nouns")  # words
HYPHEN_DURATIONS = _alternatives("hyphen_durations")
OR_WORDS = _union("or_words")  # words
OR_WORD_ALTERNATIVES = _word_alternatives("or_words")
OLDER_WORDS = _word_alternatives("older_words")
OLDER_CONTINUATIONS = _alternatives("older_continuations")
LAST_WORDS = _union("last_words")  # words
LAST_WORD_ALTERNATIVES = _word_alternatives("last_words")
PERIOD_TO = _alternatives("period_to")
# Confidence levels and groups of a distribution.
GROUP_WORDS = _union("group_words")  # words
GROUP_MOST = _alternatives("group_most")
GROUP_AFTER = _alternatives("group_after")
THAN_WORDS = _alternatives("than_words")
CONFIDENCE_BEFORE = _alternatives("confidence_before")
CONFIDENCE_CONNECTORS = _union("confidence_connectors")  # words
CONFIDENCE_CONNECTOR_ALTERNATIVES = _word_alternatives("confidence_connectors")
CONFIDENCE_LAST = _union("confidence_last") | CONFIDENCE_CONNECTORS  # words
CONFIDENCE_AFTER = _alternatives("confidence_after")
ZERO_COMPOUNDS = _alternatives("zero_compounds")
AGE_OF_PREPOSITIONS = _union("age_of_prepositions")  # words
AGE_BOUNDS = _union("age_bounds")  # words
SCALE_NOUNS = _union("scale_nouns")  # words
SCALE_PREPOSITIONS = _union("scale_prepositions")  # words
CONFIDENCE_ABBREVIATIONS = _union("confidence_abbreviations")  # words
CONFIDENCE_HINTS: tuple[str, ...] = tuple(dict.fromkeys(w for lang in LANGUAGES.values() for w in lang.confidence_hints))
TIME_WORDS: tuple[str, ...] = tuple(dict.fromkeys(w for lang in LANGUAGES.values() for w in lang.time_words))

__all__ = [
    "CHECK_WORDS", "CODES", "HEDGES_AFTER", "NUMERALS", "ORDINAL_SUFFIXES", "PERCENT_BEFORE", "SPELLED",
    "DECIMAL_WORDS", "MINUS_WORDS", "PART_OF_WORDS", "SCALE_AND",
    "LanguagePatterns", "language_patterns", "typed_spellings",
    "ARTICLE_SCALES", "ATTACHED_SCALES", "ATTACHED_UNITS", "BETWEEN_WORDS",
    "CODE_WORDS", "DENOMINATOR_WORDS", "DOT_ORDINAL_BEFORE", "DOT_ORDINAL_LANGUAGES",
    "DOT_ORDINAL_NOUNS", "DOZEN_WORDS", "FRACTION_WORDS", "GLUED_PREFIXES", "HALF",
    "HALF_COMPOUNDS", "HALF_DOZEN_WORDS", "HALF_SCALES", "HEDGE_ARTICLES", "HEDGE_MARKS",
    "HEDGE_SYMBOLS", "HEDGE_WORDS", "LABEL_WORDS", "LANGUAGES", "Language", "NUMBER_WORDS",
    "PERCENT_HEADS", "PERCENT_STARTS", "PERCENT_WORDS", "RANGE_AND", "RANGE_DASHES",
    "RANGE_TO", "REFERENCE_WORDS", "SCALE_WORDS", "SPECIAL_HINTS", "THOUSAND_ENDINGS",
    "VAGUE_PLURALS", "WORD", "WORD_PUNCTUATION", "words",
    "AGE_AT_WORDS", "AGE_OF_WORDS", "AGE_PEOPLE_WORDS", "AGE_WORDS", "CUMULATED_WORDS",
    "CURRENCY_NAMES", "DECREASE_IN_CLAUSE", "DECREASE_WORDS", "DURATION_WORDS",
    "INCREASE_WORDS", "LOOK_BACK_WORDS", "LOWER_WORDS", "OVER_WORDS", "PERIOD_ARTICLES",
    "PRICE_BASE_WORDS", "RATIO_CONNECTORS", "RATIO_ONES",
    "AMOUNT_JOINERS", "DIGIT_SCALES", "LEVEL_BEFORE_DENOMINATOR", "LEVEL_WORDS",
    "AGE_HYPHEN_UNITS", "AGE_OLD_UNITS", "AGE_UNITS", "BAND_WORDS", "CONFIDENCE_AFTER",
    "CONFIDENCE_BEFORE", "CONFIDENCE_CONNECTORS", "CONFIDENCE_CONNECTOR_ALTERNATIVES", "CONFIDENCE_LAST",
    "DECREASE_PARTICIPLES", "DEFICIT_KINDS", "DEFICIT_VERBS", "DEFICIT_WORDS", "DURATION_NOUNS",
    "FALL_ACROSS_WORDS", "FALL_BY", "FALL_BY_BEFORE_PARTICIPLE", "FALL_FURTHER", "FALL_HEDGES",
    "GROUP_AFTER", "GROUP_MOST", "GROUP_WORDS", "HYPHEN_DURATIONS", "LAST_WORDS", "LAST_WORD_ALTERNATIVES",
    "LEVEL_AFTER_DECREASE", "OLDER_CONTINUATIONS", "OLDER_WORDS", "OR_WORDS", "OR_WORD_ALTERNATIVES",
    "PERIOD_TO", "THAN_WORDS", "TIME_WORDS", "ZERO_COMPOUNDS",
    "AGE_BOUNDS", "AGE_OF_PREPOSITIONS", "CONFIDENCE_ABBREVIATIONS", "CONFIDENCE_HINTS", "SCALE_NOUNS",
    "SCALE_PREPOSITIONS",
]
