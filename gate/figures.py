"""Figures stated in an answer, and whether the evidence supports them.

A *figure* is a numeric quantity that an answer states as a claim: "7,6 %",
"3.2 million", "nearly 45,000", "seven percent". Years used as years, dates,
times, ordinals, period labels, citation markers, identifiers and codes,
denominators ("per 1,000"), list numbering and table references are not
figures. This module finds the figures of a text in the conventions of its
language and checks each against evidence values with exact decimal
arithmetic.

Method (recipe 4.2 of ``seeds/measurement-of-generated-answers.txt``, with the
rules of issue 3):

* Separators come from CLDR through Babel, per language (the BCP 47 tag's
  region refines them when Babel knows it: ``es-MX`` writes ``1,234.5``). A
  number the language's own convention cannot read is read with the decimal
  and group symbols swapped ("7.6 %" in a French answer is 7.6), then as
  grouped digits only ("1.234.567"). Arabic-Indic and other Unicode decimal
  digits are read, with U+066B as decimal and U+066C as group separator.
* Number words (the languages text2num covers: en, fr, es, de, pt, it, nl) are
  found with ``text_to_num.find_numbers`` over this module's own tokens, so
  each keeps its character span.
* A figure stated with its last digit at 10**e is supported by an evidence
  value v when |v - x| <= 10**e / 2, computed exactly; hedges ("about",
  "over", "nearly", "at least", "at most" and their kin per language) change
  the interval as documented in :func:`check_figure`.
* Alternative readings remove false alarms: a change stated as a fall or a
  deficit (:func:`fall_reading`) and the share a ratio states
  (:func:`ratio_reading`); the scorer accepts a figure when any reading is
  supported.

The words per language live in :mod:`gate.lexicon`. Everything here is pure: no I/O, no printing, no global mutable state other
than ``functools.lru_cache`` caches of locale data.
"""

from __future__ import annotations

import dataclasses
import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Context, Decimal, InvalidOperation
from functools import lru_cache
from typing import NamedTuple

import babel.numbers
from babel import Locale, UnknownLocaleError

from gate.lexicon import (
    AND_A_HALF,
    ARTICLE_SCALES,
    ATTACHED_SCALES,
    ATTACHED_UNITS,
    BETWEEN_WORDS,
    CODE_WORDS,
    DENOMINATOR_WORDS,
    DOT_ORDINAL_BEFORE,
    DOT_ORDINAL_LANGUAGES,
    DOT_ORDINAL_NOUNS,
    DOZEN_WORDS,
    FRACTION_WORDS,
    GLUED_PREFIXES,
    HALF,
    HALF_COMPOUNDS,
    HALF_DOZEN_WORDS,
    HALF_SCALES,
    HEDGE_ARTICLES,
    HEDGE_MARKS,
    HEDGE_SYMBOLS,
    HEDGE_WORDS,
    LABEL_WORDS,
    NUMBER_WORDS,
    PERCENT_HEADS,
    PERCENT_STARTS,
    PERCENT_WORDS,
    RANGE_AND,
    RANGE_TO,
    REFERENCE_WORDS,
    SCALE_WORDS,
    SPECIAL_HINTS,
    THOUSAND_ENDINGS,
    VAGUE_PLURALS,
    WORD,
    WORD_PUNCTUATION,
)

__all__ = [
    "DEFAULT_LANGUAGE",
    "Figure",
    "MatchSettings",
    "Support",
    "check_figure",
    "evidence_values",
    "explain",
    "extract_figures",
    "fall_reading",
    "language_known",
    "ratio_reading",
]

#: Conventions used for a language Babel does not know (separators, words).
DEFAULT_LANGUAGE = "en"

ROUNDINGS = ("stated_precision", "exact")
DERIVATIONS = ("difference",)


# --------------------------------------------------------------------------
# Public records
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """One numeric quantity stated in a text.

    Attributes:
        text: The figure as written, ``answer[start:end]``: the number with its
            sign, currency symbol or code, scale word or abbreviation and
            percent sign or word, e.g. ``"$4.1bn"``, ``"6,8 %"``,
            ``"3,2 millions"``. A hedge word is not part of the span.
        start: Offset of the first character (a Python ``str`` index).
        end: Offset one past the last character.
        value: The quantity, sign and scale applied, as an exact ``Decimal``:
            ``"3,2 millions"`` is 3200000 and ``"1,2 billion"`` in French is
            1.2e12. Percentages are kept as written (``"7,6 %"`` is 7.6).
            Written without exponent notation: an integer when ``exponent``
            is >= 0, else with exactly ``-exponent`` decimals ("7.60").
        exponent: Power of ten of the last stated digit after scale: "7.6" is
            -1, "7.60" is -2, "41" is 0, "6,000" is 0, "3.2 million" is 5,
            "1,5 Mrd." is 8. Number words state units ("twelve" is 0) unless
            they end in a scale word ("three million" is 6).
        percent: Stated as a percentage or in percentage points (``%``,
            "percent", "pour cent", "por ciento", "Prozent", "pp", ...).
        hedge: ``None`` or one of ``"about"``, ``"over"``, ``"at_least"``,
            ``"under"``, ``"at_most"``, normalised across languages ("nearly",
            "almost", "less than", "casi", "knapp" are ``"under"``; "more
            than", "plus de", "über" are ``"over"``).
    """

    text: str
    start: int
    end: int
    value: Decimal
    exponent: int
    percent: bool
    hedge: str | None = None


@dataclass(frozen=True)
class MatchSettings:
    """How figures are matched against evidence values.

    Attributes:
        rounding: ``"stated_precision"`` (a figure stands for every value that
            rounds to it at its last stated digit, ties included) or
            ``"exact"`` (only an equal value supports it).
        percent_fraction: A percentage is also supported by a value stored as
            a fraction (12% by 0.12): an evidence value v with |v| < 10 counts
            as 100 * v too (fractions up to 1,000 percent).
        derived: Optional derivations; ``("difference",)`` also accepts a
            figure supported by the absolute difference of two evidence values
            ("up 0.3 percentage points" from 7.6 and 7.9). Off by default.

    Raises:
        ValueError: On an unknown ``rounding`` or derivation.
    """

    rounding: str = "stated_precision"
    percent_fraction: bool = True
    derived: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.rounding not in ROUNDINGS:
            raise ValueError(
                f"rounding: expected one of {', '.join(ROUNDINGS)}, found {self.rounding!r}"
            )
        if isinstance(self.derived, str):
            raise ValueError(f"derived: expected a tuple of names, found the string {self.derived!r}")
        unknown = [d for d in self.derived if d not in DERIVATIONS]
        if unknown:
            raise ValueError(
                f"derived: expected names among {', '.join(DERIVATIONS)}, found {', '.join(map(repr, unknown))}"
            )


@dataclass(frozen=True)
class Support:
    """Whether the evidence supports one figure, and why.

    Attributes:
        supported: Some evidence value (or, with ``derived``, a difference of
            two) lies in the figure's interval.
        low: Lower end of the interval of values that support the figure, in
            the figure's own unit (percent for a percentage). Inclusive, except
            for hedge ``"over"`` (exclusive: the value must exceed it).
        high: Upper end of the interval. Inclusive, except for hedge
            ``"under"`` (exclusive). With ``rounding="exact"`` low == high ==
            the figure's value. An evidence value equal to the figure's value
            supports it whatever the hedge.
        nearest: The evidence value closest to the figure (a fraction counts
            by its percentage when ``percent_fraction`` applies); ``None`` when
            there is no evidence.
        matched: The evidence value that supported the figure (as stored, e.g.
            0.12 for 12%), or the difference that did with ``derived``;
            ``None`` when unsupported.
    """

    supported: bool
    low: Decimal
    high: Decimal
    nearest: Decimal | None
    matched: Decimal | None


class _Lexicon(NamedTuple):
    words: frozenset[str]  # number words (all, lone ones included)
    trigger: frozenset[str]  # words that call for a scan (not the lone ones)
    compound: re.Pattern[str] | None  # glued compounds (de, nl, it)
    starts: frozenset[str]  # the first two letters of every compound
    joiners: frozenset[str]
    lone: frozenset[str]
    stop: frozenset[str]  # parts of compounds that are no number alone ("und")
    dozen: str  # "dozen", "douzaine" ...
    half_hint: str  # in a one-word half: "einhalb", "half" ("" when none)
    article_hints: tuple[str, ...]  # "a million" ... (en: "a" is no number word)
    lone_before_scale: frozenset[str]  # "un", "d'un", "ein" ... (not for en: see hints)
    big_scales: frozenset[str]  # "million", "millions," ...
    lone_words: frozenset[str]  # the lone words as split from text: "one", "(one", "ein" ...
    trigger_or_lone: frozenset[str]  # both, for one look-up

    def is_number_word(self, w: str) -> bool:
        if w in self.words:
            return True
        if "-" in w:
            return all(self.is_number_word(p) for p in w.split("-"))
        return (
            self.compound is not None
            and w not in self.lone
            and w not in self.stop
            and self.compound.fullmatch(w) is not None
        )

    def mentioned(self, text: str) -> bool:
        """A quick, permissive test: may ``text`` hold a figure in words?"""
        lower = text.lower()
        if self.dozen in lower or (self.half_hint and self.half_hint in lower):
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
                if len(w) > 2 and w not in lone and w not in stop and match(w):
                    return True
        return False


def _lexicon(lang: str) -> _Lexicon:
    spec = NUMBER_WORDS[lang]
    lone = frozenset(spec["lone"].split())
    words = frozenset(spec.get("words", "").split()) | lone
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
        starts=frozenset(spec.get("starts", "").split()),
        joiners=frozenset(spec["joiners"].split()),
        lone=lone,
        stop=frozenset(spec.get("stop", "").split()),
        dozen=SPECIAL_HINTS[lang][0],
        half_hint=HALF_COMPOUNDS[lang][2] if lang in HALF_COMPOUNDS else "",
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
    )


_SPACES = " \u00a0\u202f\u2009"
_BIDI = "\u200e\u200f\u061c"
_MINUS = "-\u2212\u2013\u2011"  # hyphen-minus, minus, and the en dash and non-breaking hyphen used as one
_CURRENCY_CHARS = "$€£¥₹₽₩₺₦₴₱₪฿₫¢₲₵₡₸₼₾"
_ISO_CURRENCIES = frozenset(babel.numbers.list_currencies())
_CTX = Context(prec=80)
_ONE = Decimal(1)
_HUNDRED = Decimal(100)
_TEN = Decimal(10)
_MINUS_TEN = Decimal(-10)

# --------------------------------------------------------------------------
# Locale conventions (cached per tag)
# --------------------------------------------------------------------------


def _split_tag(language: str) -> tuple[str, str | None]:
    parts = str(language).strip().replace("_", "-").split("-")
    lang = parts[0].lower()
    region = None
    for p in parts[1:]:
        if len(p) == 2 and p.isalpha() or len(p) == 3 and p.isdigit():
            region = p.upper()
            break
    return lang, region


@lru_cache(maxsize=512)
def language_known(language: str) -> bool:
    """Whether Babel (CLDR) knows the language of a BCP 47 tag.

    Args:
        language: A BCP 47 tag such as ``"fr"``, ``"fr-CA"``, ``"pt_BR"``. Only
            the language subtag is judged: ``"fr-CA"`` is known because French
            is.

    Returns:
        True when Babel has locale data for the language. For an unknown one
        the module uses the conventions of :data:`DEFAULT_LANGUAGE`; the scorer
        warns once per run.
    """
    lang, _ = _split_tag(language)
    if not lang.isalpha() or not 2 <= len(lang) <= 8:
        return False
    try:
        Locale.parse(lang)
    except (UnknownLocaleError, ValueError, TypeError):
        return False
    return True


class _Conventions(NamedTuple):
    lang: str  # lexicon language (en when unknown)
    text2num: str | None  # language code for text_to_num, if covered
    native: tuple[frozenset[str], frozenset[str]]  # decimal chars, group chars
    swapped: tuple[frozenset[str], frozenset[str]]
    body: re.Pattern[str]
    body_ascii: re.Pattern[str]  # ``body`` for ASCII texts
    space_body: re.Pattern[str]  # digits grouped by spaces: "1 234 567,8"
    after_words: dict[str, list[tuple[str, str, int]]]  # first word -> (rest, kind, power)
    month_after: re.Pattern[str]
    months: frozenset[str]  # lowercase full names and dotted abbreviations
    month_first: frozenset[str]  # first letters of what ``month_after`` reads after a space
    hedges: dict[tuple[str, ...], str]
    denominators: frozenset[tuple[str, ...]]
    references: frozenset[str]
    scales: dict[str, int]
    dot_ordinals: bool
    after_first: frozenset[str]  # characters that may start what ``after`` reads
    after_pre2: frozenset[str]  # their first two letters, lowercase
    after_one: frozenset[str]  # one-letter words among them ("h"), lowercase
    hedge_last: frozenset[str]  # last words of hedge phrases
    context_last: frozenset[str]  # last words of any phrase read before a number
    denominator_last: frozenset[str]
    words: _Lexicon | None
    specials: re.Pattern[str] | None  # "a dozen", "a million"


def _strip_marks(s: str) -> str:
    return "".join(c for c in s if c not in _BIDI)


def _words_alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


@lru_cache(maxsize=512)
def _conventions(language: str) -> _Conventions:
    lang, region = _split_tag(language)
    if not language_known(language):
        lang, region = DEFAULT_LANGUAGE, None
    locale = None
    if region:
        try:
            locale = Locale.parse(f"{lang}_{region}")
        except (UnknownLocaleError, ValueError):
            locale = None
    if locale is None:
        locale = Locale.parse(lang)
    decimal = _strip_marks(babel.numbers.get_decimal_symbol(locale)) or "."
    group = _strip_marks(babel.numbers.get_group_symbol(locale)) or ","
    extra_groups = set(_SPACES) | {"'", "’", "\u066c"}
    native = (frozenset({decimal, "\u066b"}), frozenset({group} | extra_groups) - {decimal})
    other = "," if decimal == "." else "."
    swapped = (frozenset({other, "\u066b"}), frozenset({decimal} | extra_groups) - {other})
    sp = "[\u00a0\u202f\u2009 ]"
    # The look-behind sits after the first character so that the engine can
    # skip ahead to candidate characters (a digit, "." or U+066B).
    # A digit not glued to a word, a number or a separator (a "." may precede
    # it when nothing glued precedes the "."; ".5" is read by the caller).
    # A plain year (1800-2100) after a space or bracket and before punctuation,
    # a bracket or the end is skipped by the engine itself: the commonest
    # number in answers never reaches Python. Any other year-like number
    # ("2023-24", "$2024", "2024 million") is judged by the scanner.
    # Groups: integer digits, first separator, digits after it, the rest.
    glued = r"(?<![\w,\u066b\u066c]\d)"
    if lang in GLUED_PREFIXES:
        # a one-letter word glued to the number ("و٣٫٢", "بـ٣"): not an identifier
        prefixes = GLUED_PREFIXES[lang]
        glued = r"(?:" + glued + r"|(?<=(?<!\w)[" + prefixes + r"]\d)|(?<=(?<!\w)[" + prefixes + r"]\u0640\d))"
    after_digit = (
        glued + r"(?<![\w.,\u066b\u066c][.\u066b]\d)"
        r"(?!(?<=[\s(\[][12])(?<![" + _CURRENCY_CHARS + r"][ \u00a0\u202f][12])"
        r"(?:(?<=1)[89]\d\d|(?<=2)(?:0\d\d|100))(?:[,.;:)\]!?](?!\d)|\s*[(\[]|\x00))"
        r"\d*)(?:([.,'’\u066b\u066c])(\d+)((?:[.,'’\u066b\u066c]\d+)*))?"
    )
    body = re.compile(r"(\d" + after_digit)
    # The digits of an ASCII text are 0-9: led by a plain class, the same
    # pattern lets the engine skip to them faster.
    body_ascii = re.compile(r"([0-9]" + after_digit)
    space_body = re.compile(r"\d{1,3}(?:" + sp + r"\d{3}(?!\d))+(?:[.,\u066b]\d+)?")
    lex = lang if lang in HEDGE_WORDS else DEFAULT_LANGUAGE
    scales = dict(SCALE_WORDS.get(lex, SCALE_WORDS["en"]))
    if lex != "en":
        for w in ("bn", "mn", "mln"):
            scales.setdefault(w, SCALE_WORDS["en"][w])
    after_words: dict[str, list[tuple[str, str, int]]] = {}
    phrases = [(w, "pct", 0) for w in PERCENT_WORDS] + [(w, "scale", p) for w, p in scales.items()]
    phrases += [(w, "time", 0) for w in ("a.m.", "p.m.", "am", "pm", "uhr", "h")]
    for phrase, kind, power in phrases:
        phrase = phrase.lower()
        head = _LETTERS.match(phrase)
        assert head is not None, phrase
        after_words.setdefault(head.group(), []).append((phrase[head.end() :], kind, power))
    for entries in after_words.values():
        entries.sort(key=lambda x: -len(x[0]))
    after_words_all = [p[0].lower() for p in phrases]
    month_names: set[str] = set()
    abbreviations: set[str] = set()
    for ctx in ("format", "stand-alone") if lang != "en" else ():
        for name in locale.months[ctx]["wide"].values():
            month_names.add(name.lower())
        for name in locale.months[ctx]["abbreviated"].values():
            abbreviations.add(name.lower().rstrip("."))
    english = Locale.parse("en").months["format"]
    en_names = set(english["wide"].values()) | set(english["abbreviated"].values()) | {"Sept"}
    month_alts = [_words_alternation(en_names) + r")(?![^\W\d_])"]
    if month_names:
        month_alts.append(r"(?i:" + _words_alternation(month_names) + r"))(?![^\W\d_])")
    if abbreviations:
        month_alts.append(r"(?i:" + _words_alternation(abbreviations) + r"))(?:\.|(?=[ \u00a0]\d))")
    month_after = re.compile(
        r"(?:\.|er|st|nd|rd|th|º)?[ \u00a0](?:de[ \u00a0])?(?:"
        + "|".join("(?:" + a for a in month_alts)
        + ")"
    )
    months = frozenset(
        month_names | {a + "." for a in abbreviations} | {n.lower() for n in en_names if n != "May"}
    )
    hedges: dict[tuple[str, ...], str] = {}
    for phrase, hedge in HEDGE_WORDS[lex].items():
        words = phrase.replace("’", "'").split()
        hedges[tuple(words)] = hedge
        articles = HEDGE_ARTICLES.get(lex)
        if articles:
            for variant in articles.get(words[-1], ()):  # "más de" -> "más del"
                hedges.setdefault((*words[:-1], *variant.split()), hedge)
            for article in articles[""]:  # "casi" -> "casi el"
                hedges.setdefault((*words, article), hedge)
        for prefix in GLUED_PREFIXES.get(lex, ""):  # "حوالي" -> "وحوالي", "بحوالي"
            hedges.setdefault((prefix + words[0], *words[1:]), hedge)
    denominators = frozenset(
        tuple(p.split()) for p in DENOMINATOR_WORDS[lex] + DENOMINATOR_WORDS["en"]
    )
    refs = set(REFERENCE_WORDS[lex].split()) | set(REFERENCE_WORDS["en"].split()) | CODE_WORDS
    references = frozenset(refs | {r.rstrip(".") for r in refs if r.endswith(".") and len(r) > 3})
    t2n = lex if lex in NUMBER_WORDS and _text2num_supports(lex) else None
    specials = None
    if t2n:
        pattern = r"(?i)\b(?:(?P<halfdozen>" + HALF_DOZEN_WORDS[lex] + r")\b|(?P<dozen>" + DOZEN_WORDS[lex] + r")\b"
        if lex in HALF_COMPOUNDS:
            pattern += r"|(?P<halfword>" + HALF_COMPOUNDS[lex][0] + r")\b"
        if lex in HALF_SCALES:  # before the article: "half a million" holds "a million"
            pattern += r"|(?P<half>" + HALF_SCALES[lex] + r")"
        if lex in ARTICLE_SCALES:
            pattern += r"|(?P<article>" + ARTICLE_SCALES[lex] + r")"
        specials = re.compile(pattern + ")")
    return _Conventions(
        lang=lex,
        text2num=t2n,
        native=native,
        swapped=swapped,
        body=body,
        body_ascii=body_ascii,
        space_body=space_body,
        after_words=after_words,
        month_after=month_after,
        months=months,
        month_first=frozenset(
            {n[0] for n in en_names}
            | {c for n in month_names | abbreviations | {"de"} for c in (n[0], n[0].upper())}
        ),
        hedges=hedges,
        denominators=denominators,
        references=references,
        scales={k.lower(): v for k, v in scales.items()},
        dot_ordinals=lang in DOT_ORDINAL_LANGUAGES,
        after_first=frozenset(
            "%٪％M"
            + "".join(w[0] + w[0].upper() for w in (*PERCENT_WORDS, *scales))
            + "aApPuUhH"
        ),
        after_pre2=frozenset(w[:2] for w in after_words_all if len(w) >= 2),
        after_one=frozenset(w for w in after_words_all if len(w) == 1),
        hedge_last=frozenset(k[-1] for k in hedges),
        context_last=frozenset(k[-1] for k in hedges) | frozenset(k[-1] for k in denominators),
        denominator_last=frozenset(k[-1] for k in denominators),
        words=_lexicon(lex) if t2n else None,
        specials=specials,
    )


@lru_cache(maxsize=16)
def _text2num_supports(lang: str) -> bool:
    try:
        from text_to_num import find_numbers

        find_numbers([], lang, 0.0)
    except Exception:  # unsupported language, or text2num unavailable
        return False
    return True


# --------------------------------------------------------------------------
# Reading one number
# --------------------------------------------------------------------------

_SEPARATOR = re.compile(r"(\D)")
_CHAIN_COLON = re.compile(r"\d+(?::\d+)+")
_CHAIN_SLASH = re.compile(r"\d+(?:[./]\d+)*(?:/\d+)+")
_PERIOD_YEAR = re.compile(r"[ \u00a0]?(?:\d{4}|\d{2})(?!\d)")  # after "2T": "2T 2025", "2T25"
_YMD_COMPACT = re.compile(r"(?:18|19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")
_DMY_DASH = re.compile(r"\d{1,2}-\d{1,2}-\d{2,4}(?!\d)")
_YEAR_TAIL = re.compile(r"(?:[-–—/](?:\d{4}|\d{2})(?!\d))(?:-\d{2}(?!\d))?(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?")
_DAY_MONTH_DOT = re.compile(r"\d{1,2}\.\d{1,2}$")
_LETTERS = re.compile(r"[^\W\d_]+")
_TIME_MINUTES = re.compile(r"[ \u00a0]?\d{2}(?!\d)")
_CITATION = re.compile(r"\[\s*[A-Za-z]{0,8}[-_ ]?\d+[a-z]?(?:\s*[,;–-]\s*[A-Za-z]{0,8}[-_ ]?\d+[a-z]?)*\s*\]")
# More references after a reference ("tables 3 and 4", "pages 3, 4 and 7",
# "sections 2.1–2.3"): a comma continues the chain only in a list closed by a
# conjunction or a dash, so "In phase 4, 99.9%" and "tableau 3, 45 000" end
# the reference at the comma.
_REF_ITEM = r"\d+(?:[.]\d+)*[a-z]?(?![\d%]|[.,]\d)"
_REF_CHAIN = re.compile(
    r"(?:(?:\s*,\s*" + _REF_ITEM + r")*\s*,?\s*(?:[–—-]|(?:and|et|y|und|e|en|&)\s)\s*" + _REF_ITEM + r")+"
)
_REF_LIST = re.compile(r"(?:\s*,\s*" + _REF_ITEM + r")+")
# Currency names written after an amount ("2000 Euro", "5 dollars"), lowercase.
_CURRENCY_WORDS = frozenset(
    "euro euros dollar dollars dólar dólares dollari pound pounds sterling libras sterline franc "
    "francs franken franchi yen yuan renminbi peso pesos reais rupee rupees rupias dirham dirhams "
    "riyal riyals rial rials dinar dinars naira shilling shillings kronor kroner krona krone "
    "zloty złoty lira lire rubles roubles rubel rublos cedis kwacha ringgit baht "
    "دولار دولارا يورو دينار دينارا ريال ريالا درهم درهما جنيه جنيها".split()
)
_CURRENCY_PRE2 = frozenset(w[:2] for w in _CURRENCY_WORDS)
_CURRENCY_AFTER = re.compile(r"[ \u00a0\u202f]?(?:[" + _CURRENCY_CHARS + r"]|(?P<iso>[A-Z]{3})(?![^\W\d_]))")
_URL = re.compile(r"(?i)\b(?:https?://|www\.)\S+|\S+@\S+\.\w+")
_OTHER_DIGIT = re.compile(r"(?![0-9])\d")  # a Unicode decimal digit (str.isdecimal) not in ASCII


def _ascii(body: str) -> str:
    """Replace any Unicode decimal digits of ``body`` by ASCII digits."""
    return _OTHER_DIGIT.sub(lambda m: str(unicodedata.decimal(m.group())), body)


def _read(body: str, conv: _Conventions) -> tuple[str, str, bool] | None:
    """Split a digit body into (integer digits, fraction digits, grouped).

    Tries the language's convention, then decimal and group symbols swapped,
    then grouped digits only. Returns None when no reading fits (codes such
    as "2.1.1", dates such as "30.06.2025", lists such as "1,2,3").
    """
    if body.isdigit():
        return body, "", False
    i = body.find(".")
    if i < 0:
        i = body.find(",")
    if i >= 0:
        head = body[:i]
        tail = body[i + 1 :]
        if tail.isdigit() and (head.isdigit() or not head):
            last = body[i]
            for decimals, groups in (conv.native, conv.swapped):
                if last in decimals:
                    return head or "0", tail, False
                if last in groups and 1 <= len(head) <= 3 and len(tail) == 3:
                    return head + tail, "", True
            return None
    pieces = _SEPARATOR.split(body)
    parts = pieces[0::2]
    seps = pieces[1::2]
    last = seps[-1]
    if len(seps) == 1:
        head, tail = parts
        for decimals, groups in (conv.native, conv.swapped):
            if last in decimals:
                return head or "0", tail, False
            if last in groups and 1 <= len(head) <= 3 and len(tail) == 3:
                return head + tail, "", True
        return None
    for decimals, groups in (conv.native, conv.swapped, (frozenset(), frozenset(seps[:1]))):
        if last in decimals:
            int_parts, int_seps, frac = parts[:-1], seps[:-1], parts[-1]
        else:
            int_parts, int_seps, frac = parts, seps, ""
        if any(x not in groups for x in int_seps) or len(set(int_seps)) > 1:
            continue
        if not 1 <= len(int_parts[0]) <= 3 or any(len(x) != 3 for x in int_parts[1:]):
            continue
        return "".join(int_parts), frac, True
    return None


_OPENERS = "([{\"«“'"


def _prefix_tokens(text: str, start: int) -> list[str]:
    """The last (up to three) words before ``start``, lowercased.

    Opening brackets and quotes are stripped ("(about" -> "about"); an elided
    article or preposition glued to the number is expanded ("d'1,5" ->
    "de"). Punctuation after a word stays, so no phrase matches across it.
    """
    lo = start - 32
    if lo < 0:
        lo = 0
    window = text[lo:start]
    toks = window.lower().split()
    if not toks:
        return toks
    if lo and not window[0].isspace():
        del toks[0]  # a partial word
    if len(toks) > 3:
        toks = toks[-3:]
    for i, t in enumerate(toks):
        if "’" in t:
            t = toks[i] = t.replace("’", "'")
        if t[0] in _OPENERS:
            toks[i] = t.lstrip(_OPENERS)
    if toks and not window[-1].isspace():
        # glued to the number: "d'1,5", "(26.1%)"
        last = toks[-1]
        if last.endswith("'") and len(last) <= 4:
            toks[-1] = last[:-1] + "e"
        else:
            toks.pop()
    return [t for t in toks if t]


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


def _is_reference(last: str, conv: _Conventions) -> bool:
    """Whether the word before a number names a part of a document or a code."""
    refs = conv.references
    if last in refs or last.rstrip(".:") in refs:
        return True
    if "'" in last:  # "l'encadré 3"
        tail = last.rpartition("'")[2]
        return tail in refs or tail.rstrip(".:") in refs
    return False


def _is_power_of_ten(value: Decimal) -> bool:
    """10, 100, 1000 ...: an integer of at least two digits, a 1 and zeros."""
    return value >= 10 and value == value.to_integral_value() and str(int(value)).rstrip("0") == "1"


def _make_value(sign: bool, int_digits: str, frac: str, power: int) -> tuple[Decimal, int]:
    """The exact value and exponent of digits stated with a sign and a scale."""
    if not power:
        value = Decimal(f"{int_digits}.{frac}") if frac else Decimal(int_digits)
        exponent = -len(frac)
    else:
        exponent = power - len(frac)
        value = Decimal(f"{int_digits}{frac}E{exponent}")
        if exponent >= 0:
            value = Decimal(int(value))
    if sign and value:
        value = -value
    return value, exponent


def _new(cls, fields: dict) -> object:
    """An instance of a frozen dataclass without its generated ``__init__``.

    The generated initialiser of a frozen dataclass sets each field through
    ``object.__setattr__``; filling ``__dict__`` at once builds the very same
    object about twice as fast, which counts on the hot path (one Figure per
    figure, one Support per check). ``fields`` must hold every field.
    """
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


# A candidate figure: (figure, start of the number itself, has a currency of
# its own, scale power applied, preceded by "between"/"entre"/...).
_Cand = tuple[Figure, int, bool, int, bool]


def _after_word(text: str, e: int, conv: _Conventions) -> tuple[int, str, int] | None:
    """The percent word, scale word or time word written after a number at ``e``.

    Returns (end, kind, power) with kind "pct", "scale" or "time", or None.
    At most one space (or no-break space) may separate it from the digits.
    """
    i = e + 1 if text[e] in _SPACES else e
    c = text[i]
    if c in "%٪％":
        return i + 1, "pct", 0
    m = _LETTERS.match(text, i)
    if m is None:
        return None
    run = m.group()
    j = m.end()
    if run == "M" and text[j] in "€$£":
        return j, "scale", 6
    entries = conv.after_words.get(run.lower())
    if entries is None:
        return None
    for tail, kind, power in entries:
        k = j + len(tail)
        if tail and text[j:k].lower() != tail:
            continue
        if tail[-1:] != "." and text[k].isalpha():
            continue
        if kind == "time":
            t = _TIME_MINUTES.match(text, k)
            if t:
                k = t.end()
        return k, kind, power
    return None


_PRICE_BASE_BEFORE = frozenset("in constant real en constants constantes konstanten costanti em im".split())


def _year_amount(text: str, s: int, e: int) -> int:
    """End of the currency after a year-like number at ``s:e`` that makes it an
    amount ("2000 €", "2023 EUR", "bei 2000 Euro", "2000 euros"), or 0.

    A currency name after a price-base word ("in 2020 euros", "konstanten 2015
    Euro") or opening a compound ("2020 Euro-Raum") leaves a year.
    """
    ce = _currency_after(text, e)
    if not ce:
        return 0
    name = text[e:ce].strip(" \u00a0\u202f")
    if len(name) > 3 or not name.isupper():  # a name, not a symbol or an ISO code
        if name.isalpha() and (text[ce] == "-" or text[ce].isalpha()):
            return 0
        before = text[max(0, s - 16) : s].split()
        if before and before[-1].lower() in _PRICE_BASE_BEFORE:
            return 0
    return ce


def _currency_after(text: str, e: int) -> int:
    """End of a currency symbol, ISO code or name written after ``e``, or 0."""
    i = e + 1 if text[e] in _SPACES else e
    c = text[i]
    if c in _CURRENCY_CHARS or c.isupper():
        cm = _CURRENCY_AFTER.match(text, e)
        if cm and (not cm.group("iso") or cm.group("iso") in _ISO_CURRENCIES):
            return cm.end()
    if c.isalpha() and (c + text[i + 1]).lower() in _CURRENCY_PRE2:
        wm = _LETTERS.match(text, i)
        if wm.group().lower() in _CURRENCY_WORDS:
            return wm.end()
    return 0


def _suffix(text: str, e: int, conv: _Conventions):
    """Read what follows a number at ``e``.

    Returns (end, power, percent, skip, currency) where ``skip`` marks a time.
    """
    power = 0
    percent = False
    currency = False
    found = _after_word(text, e, conv)
    if found is not None:
        end, kind, p = found
        if kind == "time":
            return end, 0, False, True, False
        e = end
        if kind == "pct":
            return e, 0, True, False, False
        power = p
    c = text[e + 1] if text[e] in _SPACES else text[e]
    if c in _CURRENCY_CHARS or c.isalpha():
        ce = _currency_after(text, e)
        if ce:
            currency = True
            e = ce
    if power:
        c = text[e + 1] if text[e] in _SPACES else text[e]
        if c in PERCENT_STARTS:  # "3 million percent" (skips a call after most scale words)
            again = _after_word(text, e, conv)
            if again is not None and again[1] == "pct":
                percent = True
                e = again[0]
    return e, power, percent, False, currency


def _currency_before(text: str, s: int, power: int = 0) -> int:
    """Start of a currency symbol or ISO code written before ``s`` (or ``s``).

    Symbols may carry a short uppercase prefix ("US$", "R$", "NZ$"); a space,
    no-break space or narrow no-break space may separate them from the digits.
    """
    p = s
    if p > 0 and text[p - 1] in _SPACES:
        p -= 1
    if p == 0:
        return s
    c = text[p - 1]
    if c in _CURRENCY_CHARS:
        q = p - 1
        k = q
        while k > 0 and text[k - 1].isupper() and q - k < 3:
            k -= 1
        if k < q and (k == 0 or not text[k - 1].isalnum()):
            q = k
        return q
    if c.isupper() and p >= 3:
        code = text[p - 3 : p]
        if code in _ISO_CURRENCIES and (p == 3 or not text[p - 4].isalnum()):
            if code.lower() in CODE_WORDS and not power:
                return s  # "SDG 2" is a goal, "SDG 5 million" Sudanese pounds
            return p - 3
    return s


def _sign_before(text: str, s: int) -> bool | None:
    """True for a minus sign, False for a plus sign, None for no sign at ``s``.

    A dash after a number ("7.6-8.4", "7.6 - 8.4") is a range, never a sign;
    after a letter ("doc-2") it joins an identifier (handled by the caller).
    """
    if s == 0:
        return None
    c = text[s - 1]
    if c not in _MINUS and c != "+":
        return None
    q = s - 2
    while q >= 0 and text[q] in _BIDI:
        q -= 1
    if q >= 0 and text[q].isalnum():
        return None
    while q >= 0 and text[q] in _SPACES:
        q -= 1
    if q >= 0 and (text[q].isdigit() or text[q] in "%٪"):
        return None
    return c in _MINUS


def _line_start(text: str, s: int) -> bool:
    ls = text.rfind("\n", 0, s) + 1
    return text[ls:s].strip(" \t-*•>") == ""


def _unopened(text: str, s: int) -> bool:
    """Whether a ")" after ``s`` closes no "(" opened earlier in the clause."""
    lo = max(text.rfind("\n", 0, s), text.rfind(";", 0, s), text.rfind(".", 0, max(0, s - 1)))
    seg = text[lo + 1 : s]
    return seg.count("(") <= seg.count(")")


def _scan_digits(text: str, conv: _Conventions, out: list[_Cand], spans: list[tuple[int, int]] | None) -> None:
    """Append the digit figures of ``text`` to ``out``; record consumed spans.

    ``text`` ends with two NUL sentinels (see :func:`extract_figures`), so the
    characters around a number can be read without bounds checks; ``text[-1]``
    is a sentinel too, which serves as the character before offset 0.
    """
    search = (conv.body_ascii if text.isascii() else conv.body).search
    after_first = conv.after_first
    after_pre2 = conv.after_pre2
    after_one = conv.after_one
    halves = AND_A_HALF.get(conv.lang)  # "2 and a half million", "2 millions et demi"
    hedge_last = conv.hedge_last
    context_last = conv.context_last
    native_decimals, native_groups = conv.native
    swapped_decimals = conv.swapped[0]
    denominator_last = conv.denominator_last
    references = conv.references
    dot_ordinals = conv.dot_ordinals
    pos = 0
    prev_end = 0  # end of the last figure
    urls = [m.span() for m in _URL.finditer(text)] if ("://" in text or "www." in text or "@" in text) else ()
    while True:
        m = search(text, pos)
        if m is None:
            return
        s, e = m.span()
        body = m.group()
        c1 = text[e]
        c2 = text[e + 1]
        simple = True  # the groups of m describe body
        if c1 in _SPACES and c2.isdigit() and e - s <= 3:
            sm = conv.space_body.match(text, s)
            if sm:
                e = sm.end()
                body = sm.group()
                c1 = text[e]
                c2 = text[e + 1]
                simple = False
        pos = e
        cb = text[s - 1]
        if cb == "." or cb == "\u066b":
            s -= 1  # ".5"
            body = cb + body
            cb = text[s - 1]
            simple = False
        if spans is not None:
            spans.append((s, e))
        # years, the commonest number in answers: "2024", "2023-24", "2025-06-30"
        if len(body) == 4 and "1800" <= body <= "2100" and body.isdigit() and body.isascii():
            if c1.isalpha():
                lm = _LETTERS.match(text, e)
                if lm.group() not in ATTACHED_SCALES or text[lm.end()].isdigit():
                    pos = lm.end()
                    continue  # "1990s", "2025Q2", "2024M06" (SDMX period)
            elif cb not in _CURRENCY_CHARS and cb not in "%٪" and not (cb == " " and text[s - 2] in _CURRENCY_CHARS):
                c = text[e + 1] if c1 in _SPACES else c1
                aw = _after_word(text, e, conv) if c in after_first else None
                money = (
                    c in _CURRENCY_CHARS
                    or c.isupper()
                    or (c.isalpha() and (c + text[e + 2 if c1 in _SPACES else e + 1]).lower() in _CURRENCY_PRE2)
                ) and _year_amount(text, s, e)
                if (aw is None or aw[1] == "time") and not money:
                    if c1 in "-–—/" and c2.isdigit():
                        tm = _YEAR_TAIL.match(text, e)
                        if tm:
                            pos = tm.end()
                            if spans is not None:
                                spans.append((s, pos))
                    continue
        if urls and any(a <= s < b for a, b in urls):
            continue
        # chains: times, ratios, dates
        if c2.isdigit():
            if c1 == ":":
                cm = _CHAIN_COLON.match(text, s)
                pos = cm.end() if cm else e
                if spans is not None:
                    spans.append((s, pos))
                continue
            if c1 == "/":
                cm = _CHAIN_SLASH.match(text, s)
                pos = cm.end() if cm else e + 1
                if spans is not None:
                    spans.append((s, pos))
                continue
            if c1 == "-" and len(body) <= 2:
                dm = _DMY_DASH.match(text, s)
                if dm:
                    pos = dm.end()
                    if spans is not None:
                        spans.append((s, pos))
                    continue
        if cb not in _SPACES:
            if cb in "/:#№^【":
                continue  # "[^1]", "14.2%^1", "【3†source】"
            if cb in "'’" and len(body) == 2 and text[s - 2].isalnum() and not c1.isdigit():
                continue  # "Q4'24", "FY’25": a year
            if cb in _MINUS and (text[s - 2].isalpha() or text[s - 2] == "_"):
                continue  # identifier: "doc-2", "COVID-19", "under-5"
            if cb == "(" and c1 == ")" and len(body) == 1 and not text[s - 2].isalnum():
                continue  # "(1)" list marker
            if cb == "[":
                cm = _CITATION.match(text, s - 1)
                if cm:
                    pos = max(pos, cm.end())
                    continue
        elif text[s - 2] in "[,;":
            # a citation marker such as "[1, 2]"
            lb = text.rfind("[", max(0, s - 12), s)
            if lb >= 0:
                cm = _CITATION.match(text, lb)
                if cm and cm.end() >= e:
                    pos = max(pos, cm.end())
                    continue
        if not body.isascii():
            body = _ascii(body)
            simple = False
        int_digits, sep, frac, more = m.groups()
        if simple and not more:  # one separator at most
            grouped = False
            if sep is None:
                frac = ""
            elif sep in native_decimals:
                pass
            elif sep in native_groups and len(frac) == 3 and len(int_digits) <= 3:
                int_digits += frac
                frac = ""
                grouped = True
            elif sep in swapped_decimals:
                pass
            else:
                continue  # "5'6"
        else:
            read = _read(body, conv)
            if read is None:
                continue  # codes "2.1.1", dates "30.06.2025", lists "1,2,3"
            int_digits, frac, grouped = read
        if frac and c1 == "." and "," in native_decimals and len(body) <= 5 and _DAY_MONTH_DOT.match(body):
            continue  # German-style date without year: "am 30.06."
        if c1 == " " and c2 in "aeyAEY" and halves is not None and not frac and not grouped:
            h = halves.match(text, e)
            if h:  # "2 and a half million", "2 et demi pour cent"
                frac = "5"
                e = h.end()
                c1 = text[e]
                c2 = text[e + 1]
        # what follows: attached scale or unit, scale word, percent, currency
        power = 0
        percent = False
        currency = False
        end = e
        if c1.isalpha():
            lm = _LETTERS.match(text, e)
            run = lm.group()
            if run == "T" and len(body) == 1 and "1" <= body <= "4" and _PERIOD_YEAR.match(text, lm.end()):
                pos = lm.end()
                continue  # "2T 2025", "2T25": a quarter (trimestre), not 2 trillion
            if run in ATTACHED_SCALES:
                power = ATTACHED_SCALES[run]
                end = lm.end()
                if text[end] == "." and run in ("Mio", "Mrd", "Md"):
                    end += 1
                ce = _currency_after(text, end)
                if ce:
                    currency = True
                    end = ce
            elif run in ATTACHED_UNITS:
                if run == "pp":
                    percent = True
                    end = lm.end()
            else:
                pos = lm.end()
                continue  # 2nd, 3e, 1er, 1990s, 5G, 10h30, 2025Q2
        elif c1 == "." and c2.isalpha():
            continue  # "2.º", "1.er"
        elif c1 == "°" and c2 == " " and text[e + 2].islower() and not frac and not grouped:
            continue  # "1° gennaio", "2° trimestre": an ordinal (not "25 °C")
        elif c1 != "\0":
            i = e + 1 if c1 in _SPACES else e
            c = text[i]
            if c in "%٪％":  # what _suffix would read, without the call
                percent = True
                end = i + 1
            elif c.isalpha():
                d = text[i + 1]
                call = (
                    c.isupper()
                    or (c + d).lower() in after_pre2
                    or (not d.isalpha() and c.lower() in after_one)
                )
            else:
                call = c in after_first or c in _CURRENCY_CHARS
            if not percent and call:
                end, power, percent, is_time, currency = _suffix(text, e, conv)
                if is_time:
                    pos = end
                    continue
        if power and not frac and halves is not None and text[end] == " ":
            h = halves.match(text, end)
            if h:  # "2 millions et demi", "3 milioni e mezzo"
                frac = "5"
                end = h.end()
        # what precedes: sign, currency, percent sign
        percent_after, currency_after = percent, currency
        start = s
        sign = None
        if cb in _MINUS or cb == "+":
            sign = _sign_before(text, s)
            if sign is not None:
                start = s - 1
        c = text[start - 1]
        c0 = text[start - 2] if c in _SPACES else c  # the character before a space
        if c0 in _CURRENCY_CHARS or c0.isupper():
            cs = _currency_before(text, start, power)
            if cs != start:
                currency = True
                start = cs
                if sign is None:
                    sign = _sign_before(text, start)
                    if sign is not None:
                        start -= 1
        if c in "%٪" and not percent and start > 0:
            percent = True
            start -= 1
        if start < prev_end:  # those characters belong to the previous figure: "0%0"
            start, sign, percent, currency = s, None, percent_after, currency_after
        unit = percent or power or currency
        plain_int = not frac and not grouped
        if plain_int and not unit and sign is None and len(int_digits) == 4 and 1800 <= int(int_digits) <= 2100:
            ce = _year_amount(text, s, e)
            if not ce:
                continue  # a year (in other digits: "٢٠٢٥")
            currency = unit = True  # "2000 euros": an amount
            end = ce
        if plain_int and not unit and len(int_digits) == 8 and _YMD_COMPACT.fullmatch(int_digits):
            continue  # a compact date: "20250630"
        # list numbering: "1. Rural" at a line start, "2) Urban"
        if plain_int and c1 in ".)" and c2 in " \t\n\0" and len(int_digits) <= 2:
            if _line_start(text, start) or (c1 == ")" and _unopened(text, start)):
                continue
        if (
            frac and not unit and not grouped and len(frac) <= 2 and len(int_digits) <= 2
            and (c1 in " \t" and c2.isupper() or c1 == "." and c2 in " \t")
            and _line_start(text, start)
        ):
            continue  # "1.1 Employment", "2.3. Prices": nested list numbering
        # the words before: one is enough unless it may end a longer phrase
        j = start - 1
        toks = None
        if j > 0 and text[j] == " ":
            k = text.rfind(" ", j - 24 if j > 24 else 0, j)
            if k >= 0 or j <= 24:
                last = text[k + 1 : j]
                if last.isalpha():
                    last = last.lower()
                    if last not in context_last or k < 0:  # k < 0: the text's first word
                        toks = [last]
                    elif k > 0:
                        # a phrase may end here ("up to", "more than"): two words more
                        k2 = text.rfind(" ", max(0, k - 24), k)
                        k3 = text.rfind(" ", max(0, k2 - 24), k2) if k2 > 0 else -1
                        if k3 >= 0:
                            words = text[k3 + 1 : j].lower().split(" ")
                            if len(words) == 3 and all(w.isalpha() for w in words):
                                toks = words
        if toks is None:
            toks = _prefix_tokens(text, start)
            last = toks[-1] if toks else ""
        if plain_int and not unit and len(int_digits) <= 2 and 1 <= int(int_digits) <= 31:
            if (
                ((c1 == "." or (c1 in _SPACES and text[e + 1] in conv.month_first)) and conv.month_after.match(text, e))
                or last in conv.months
                or last.rstrip(",.") in conv.months
                or (c1 == "-" and c2.isalpha() and _LETTERS.match(text, e + 1).group().lower() in conv.months)
                or text[max(0, start - 4) : start].rstrip() == "May"
            ):
                continue  # day of a date: "30 juin", "June 30", "30. Juni"
        if body == "100" and not unit and (cb == "=" or cb == " ") and _BASE_BEFORE.search(text, max(0, s - 7), s):
            continue  # "2015=100", "2015 = 100": an index base
        if plain_int and not unit and len(int_digits) <= 3:
            skip = _defining_number(text, start, end, toks, last, conv)
            if skip:
                pos = max(pos, skip)
                continue  # "aged 15–64", "15-24 ans", "over the past 12 months"
        elif percent and text[end] in _SPACES and _CONFIDENCE.match(text, end):
            continue  # "95% confidence interval": a level, not a claim
        elif percent and last in _CONFIDENCE_LAST and _confidence_before(text, start, last):
            continue  # "IC 95%", "intervallo di confidenza al 95%": a level, not a claim
        elif percent and (
            last in _GROUP_WORDS or (text[end] in _SPACES and text[end + 1] in "lmpaLMPA" and _GROUP_AFTER.match(text, end))
        ):
            continue  # "the top 10%", "les 10 % les plus riches": a group, not a claim
        if dot_ordinals and plain_int and c1 == "." and c2 == " " and len(int_digits) <= 3:
            nxt = _LETTERS.match(text, e + 2)
            word = nxt.group() if nxt else ""
            if word and (word[0].islower() or word.lower() in DOT_ORDINAL_NOUNS or last in DOT_ORDINAL_BEFORE):
                continue  # "im 2. Quartal"
        if plain_int and not unit and last in LABEL_WORDS and int(int_digits) <= LABEL_WORDS[last]:
            continue  # "quarter 2", "week 23", "decile 10": a label
        if power and end - e <= 1 and not percent and not currency and _is_reference(last, conv):
            continue  # "Figure 4b", "Table 2m": a label, not 4 billion
        if power or sign:
            value, exponent = _make_value(bool(sign), int_digits, frac, power)
        elif frac:
            value, exponent = Decimal(int_digits + "." + frac), -len(frac)
        else:
            value, exponent = Decimal(int_digits), 0
        if last:
            # denominators: "per 1,000", "pour 1 000", "por cada 1.000", "je 100.000"
            if last in denominator_last and not percent and _is_power_of_ten(value):
                if (last,) in conv.denominators or tuple(toks[-2:]) in conv.denominators:
                    continue
            # references and codes: "table 3", "SDG 2", "No. 5", "p. 12", "tables 3 and 4"
            if not unit and (
                last in references or (last[-1] in ".:'" or "'" in last) and _is_reference(last, conv)
            ):
                rc = _REF_CHAIN.match(text, end)
                if rc is None and (last.rstrip(".:")[-1:] in ("s", "x") or last == "pp."):
                    rc = _REF_LIST.match(text, end)  # a plural names a list: "tables 3, 4"
                if rc:
                    pos = max(pos, rc.end())
                continue
        if cb == "#":
            continue
        marked = text[start - 1] in HEDGE_MARKS or text[start - 2] in HEDGE_MARKS
        if marked and _P_VALUE.search(text, max(0, start - 6), start):
            continue  # "p < 0.05": a significance threshold, not a claim
        if marked or last in hedge_last or text[end] == "+":
            hedge = _hedge_before(text, start, end, toks, last, conv)
        else:
            hedge = None
        out.append(
            (
                _new(
                    Figure,
                    {"text": text[start:end], "start": start, "end": end, "value": value,
                     "exponent": exponent, "percent": percent, "hedge": hedge},
                ),
                s,
                currency,
                power,
                last in BETWEEN_WORDS,
            )
        )
        if end > pos:
            pos = end
        prev_end = end
        if spans is not None:
            spans.append((start, end))


# Numbers that define an indicator rather than state a figure: ages, age
# bands, look-back periods ("aged 15–64", "15-24 ans", "children under 5",
# "over the past 12 months").
_AGE_BEFORE = frozenset("aged age ages edad".split())
_AGE_OF = frozenset(  # + de/von/di/van: "âgés de 15", "menores de cinco años"
    "âgés âgées âgé âgée edad alter età idade leeftijd menores mayores maiores".split()
)
_AGE_AT = frozenset("à a at los aos mit met".split())  # "à 60 ans", "a los 65 años"
_AGE_PEOPLE = frozenset(
    "children child kids infants babies boys girls people persons adults women men "
    "enfants niños niñas kinder crianças bambini kinderen".split()
)
_LOOK_BACK = frozenset(
    "past last previous preceding sur últimos últimas pasados letzten vergangenen "
    "afgelopen laatste ultimi ultime derniers dernières".split()
)
_BAND = r"(?:-?\s*(?:[-–—/]|to|à|a|bis|tot|al|y|and|et|und|e|en)\s*-?\d{1,3}(?![\d.,]\d))"
_AGE_UNIT = (
    r"(?:-(?:years?-olds?|jährigen?|jährige|jarigen?)\b|[ \u00a0](?:years?[ -]olds?|ans|años|anos|"
    r"jahren?|jährigen?|jaar|jarigen|anni)(?![^\W\d_]))"
)
_AGE_AFTER = re.compile(r"(?i)" + _BAND + r"?" + _AGE_UNIT)
_AGE_BAND = re.compile(r"(?i)" + _BAND + _AGE_UNIT + r"?")
_OLD = re.compile(r"(?i)-?(?:years?[ -]olds?|jährigen?|jährige|jarigen?)")
_DURATIONS = (
    r"(?:months?|years?|weeks?|days?|quarters?|decades?|mois|ans|années|semaines|jours|"
    r"meses|años|semanas|días|trimestres|monaten?|monate|jahren?|jahre|wochen|tagen?|tage|quartalen?|quartale|"
    r"maanden|jaren|jaar|weken|dagen|kwartalen|mesi|anni|settimane|giorni|trimestri|anos|dias)"
)
_DURATION_AFTER = re.compile(r"(?i)[ \u00a0]" + _DURATIONS + r"(?![^\W\d_])")
_ZERO_COMPOUND = re.compile(
    r"(?i)[ -](?:width|tolerance|hunger|emissions?|waste|carbon|sum|based|rated|day|hour)(?![^\W\d_])"
)
_BASE_BEFORE = re.compile(r"(?:[1١][89٨٩]|[2٢][0٠])\d\d\s?=\s?$")  # before the 100 of "2015=100", "2015 = 100"
_CUMULATED = frozenset(
    "accumulated cumulative cumulated acumulado acumulada acumulados acumuladas cumulé cumulée "
    "cumulés cumulato cumulata cumulati kumuliert gecumuleerd".split()
)
_OVER_WORDS = frozenset("over in em en nos sur su auf over".split())
_PERIOD_ARTICLES = frozenset("the les los las die den de het i gli le os as".split())
# After a duration: the period it ends with ("the 12 months to June 2025").
_PERIOD_TO = re.compile(r"(?i)[ \u00a0](?:to|ending|ended|through|until|up\s+to|jusqu'à|hasta|bis|até|fino\s+a|tot)\b")
# The first words of what _DEFINING_AFTER reads after a space.
_DEFINING_FIRST = frozenset(
    "year years ans años anos jahre jahren anni jaar and or ou et o und oder e en of "
    "month months week weeks day days quarter quarters decades mois semaines jours meses semanas "
    "días trimestres monate monaten wochen tage tagen maanden weken dagen mesi settimane giorni dias "
    "derniers dernières premiers premières últimos últimas primeros primeras letzten ersten "
    "ultimi ultime primi prime laatste eerste".split()
)
# After a small integer: words that make it define a group or a period rather than
# state a result: "12-month average", "5-year survival", "65 and older", "65 ans ou
# plus", "3 or more children", "12 derniers mois". "and over" must close the phrase:
# "108 and over the same period" states 108.
_DEFINING_PRE2 = frozenset(w[:2] for w in _DEFINING_FIRST)
_DEFINING_AFTER = re.compile(
    r"(?i)(?:-(?:years?|months?|weeks?|days?|quarters?|hours?|decades?)(?![^\W\d_])(?!-old)"
    r"|[ \u00a0](?:" + _DURATIONS + r"[ \u00a0])?"
    r"(?:and|or|ou|et|o|und|oder|e|en|of)[ \u00a0]"
    r"(?:older|over|above|more|plus|más|mais|älter|mehr|oltre|più|ouder|meer)(?![^\W\d_])"
    r"(?!\s*[\d$€£]|\s+(?:than|the|a|an|that|this|those|its|their|half|que|qu'|de|del|la|le|les|des|du|"
    r"als|die|der|das|den|dem|di|della|dello|delle|dan|do|da|of|in|on|at|for|during)(?![^\W\d_]))"
    r"|[ \u00a0](?:derniers|dernières|premiers|premières|últimos|últimas|primeros|primeras|letzten|ersten|"
    r"ultimi|ultime|primi|prime|laatste|eerste)[ \u00a0]" + _DURATIONS + r"(?![^\W\d_]))"
)
_P_VALUE = re.compile(r"(?<![^\W\d_])[pP]\s?(?:[<>≤≥]=?)\s?$")  # "p < 0.05"; "p = 0.03" is a result
# Words that make a percentage name a part of a distribution ("the top 10%").
_GROUP_WORDS = frozenset("top bottom poorest richest wealthiest lowest-income highest-income".split())
_GROUP_AFTER = re.compile(
    r"(?i)[ \u00a0\u202f](?:les\s+plus|la\s+plus|más|mais|più|meest|am\s+)\s*"
    r"(?:riches?|pauvres?|aisée?s?|modestes?|ric[ao]s?|pobres?|ricchi|poveri|rijke|rijkste|arme|armste|reichsten|ärmsten)\b"
    r"(?!\s+(?:que|qu'|do\s+que|di|dan|als|than|rispetto)\b)"  # "un 10 % más pobres que": a comparison, a result
)
# Before a confidence level: "(IC 95%: 3,1–3,9)", "IC del 95%", "IC à 95 %", "CI 95%",
# "intervallo di confidenza al 95%", "Konfidenzintervall von 95 %".
_CONFIDENCE_BEFORE = re.compile(
    r"(?i)(?:\b(?:IC|CI|KI|BI)|confian[cç]e|confianza|confiança|confidenza|konfidenzintervall|"
    r"betrouwbaarheidsinterval|confidence(?:\s+interval)?)\s*(?:(?:de|del|à|a|al|at|von|van|zum)\s+)?$"
)
def _confidence_before(text: str, start: int, last: str) -> bool:
    """Whether a confidence-interval phrase ends just before ``start`` ("IC del 95%")."""
    if last not in ("ic", "ci", "ki", "bi"):
        window = text[max(0, start - 40) : start]
        if "onf" not in window and "IC " not in window and "CI " not in window and "ertrouw" not in window:
            return False  # the common case: "de 7,6 %", "al 5%"
    return _CONFIDENCE_BEFORE.search(text, max(0, start - 40), start) is not None


_CONFIDENCE_LAST = frozenset(
    "ic ci ki bi de del à a al at von van zum confiance confianza confiança confidenza "
    "konfidenzintervall betrouwbaarheidsinterval confidence interval".split()
)
_CONFIDENCE = re.compile(
    r"(?i)[ \u00a0\u202f](?:confidence|CI\b|credible|de confian|Konfidenz|di confidenza|betrouwbaarheid)"
)


def _defining_number(text: str, start: int, end: int, toks: list[str], last: str, conv: _Conventions) -> int:
    """Where an age, age band or look-back period ends when the integer just
    before ``end`` is one ("aged 15–64", "15-24 ans", "children under 5",
    "over the past 12 months"); 0 when it states a figure."""
    if last in ("de", "von", "di", "van") and len(toks) < 2:
        toks = _prefix_tokens(text, start)  # the scanner read one word only
    if last in _AGE_BEFORE or (len(toks) > 1 and toks[-2] in _AGE_OF and last in ("de", "von", "di", "van")):
        m = _AGE_BAND.match(text, end)
        return m.end() if m else end
    if last in ("under", "over") and len(toks) > 1 and toks[-2] in _AGE_PEOPLE:
        return end  # "children under 5"
    if last in ("of", "from") and len(toks) > 1 and toks[-2] == "scale":
        m = _BAND_START.match(text, end)
        return m.end() if m else end  # "on a scale of 1 to 5"
    c = text[end]
    if c not in " \u00a0-–—/" and c != "\0":
        return 0
    if c != "\0":
        m = _AGE_AFTER.match(text, end)
        if m and (
            _OLD.search(m.group())
            or last in _AGE_AT
            or (last in conv.hedge_last and _hedge_of(toks, conv) is not None)
            or _BAND_START.match(text, end)
        ):
            return m.end()
        if last in _OVER_WORDS and len(toks) < 2:
            toks = _prefix_tokens(text, start)  # the scanner read one word only
        if last in _LOOK_BACK or (last in _OVER_WORDS and len(toks) > 1 and toks[-2] in _CUMULATED):
            m = _DURATION_AFTER.match(text, end)
            if m:
                return m.end()  # "over the past 12 months", "acumulado em 12 meses"
        if last in _PERIOD_ARTICLES:
            m = _DURATION_AFTER.match(text, end)
            t = _PERIOD_TO.match(text, m.end()) if m else None
            if t:
                return t.end()  # "in the 12 months to June" (not "from 5 months to 7")
        if c == "-" or (text[end + 1 : end + 3].lower() in _DEFINING_PRE2 and _first_word(text, end + 1) in _DEFINING_FIRST):
            m = _DEFINING_AFTER.match(text, end)
            if m:
                return m.end()  # "12-month average", "65 and older", "12 derniers mois", "3 or more"
    return 0


def _first_word(text: str, i: int) -> str:
    """The letters at ``i``, lowercased ("" when none)."""
    m = _LETTERS.match(text, i)
    return m.group().lower() if m else ""


_BAND_START = re.compile(r"(?i)" + _BAND)


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


def _finish(
    text: str,
    conv: _Conventions,
    toks: list[str],
    start: int,
    end: int,
    value: Decimal,
    exponent: int,
    percent: bool,
    power: int,
    currency: bool,
) -> _Cand | None:
    """Apply the context rules to a figure written in words; None when it is none.

    The digit scanner applies the same rules inline (it is the hot path).
    """
    unit = percent or power or currency
    last = toks[-1] if toks else ""
    if not unit and exponent == 0 and value < 1000:
        if not value and _ZERO_COMPOUND.match(text, end):
            return None  # "zero width", "zero hunger": no quantity
        if _defining_number(text, start, end, toks, last, conv):
            return None  # "menores de cinco años", "over the past ten years"
    if last:
        # denominators: "per 1,000", "pour 1 000", "por cada 1.000", "je 100.000"
        if last in conv.denominator_last and not percent and _is_power_of_ten(value):
            if (last,) in conv.denominators or tuple(toks[-2:]) in conv.denominators:
                return None
        # references and codes: "table 3", "SDG 2", "No. 5", "p. 12"
        if not unit and (
            last in conv.references or (last[-1] in ".:'" or "'" in last) and _is_reference(last, conv)
        ):
            return None
    hedge = _hedge_before(text, start, end, toks, last, conv)
    fig = _new(
        Figure,
        {"text": text[start:end], "start": start, "end": end, "value": value,
         "exponent": exponent, "percent": percent, "hedge": hedge},
    )
    return (fig, start, currency, power, last in BETWEEN_WORDS)


# --------------------------------------------------------------------------
# Number words
# --------------------------------------------------------------------------


class _Token:
    """A token for ``text_to_num.find_numbers`` (its Token protocol)."""

    __slots__ = ("_text", "barrier", "start", "end")

    def __init__(self, text: str, start: int, end: int, barrier: bool) -> None:
        self._text = text
        self.start = start
        self.end = end
        self.barrier = barrier

    def text(self) -> str:
        return self._text

    def nt_separated(self, previous: object) -> bool:
        return False

    def not_a_number_part(self) -> bool:
        return self.barrier


def _scan_words(text: str, conv: _Conventions, out: list[_Cand], spans: list[tuple[int, int]]) -> None:
    """Append figures written as words ("seven percent", "trois millions").

    Runs of number words (with their joiners: "vingt et un", "two point five")
    are found with this module's tokens, so each keeps its span; text2num's
    ``find_numbers`` reads each run. Scale words and percent words after a
    run are read as after digits.
    """
    from text_to_num import find_numbers

    lex = conv.words
    assert lex is not None
    spans.sort()
    covered = _Covered(spans)
    found: list[tuple[int, int, Decimal, int]] = []
    lower = text.lower()
    if conv.specials is not None and (
        lex.dozen in lower
        or (lex.half_hint and lex.half_hint in lower)
        or ("il" in lower and any(h in lower for h in lex.article_hints))
    ):
        for m in conv.specials.finditer(text):
            if covered.hit(m.start(), m.end()):
                continue
            if m.group("halfdozen"):
                found.append((m.start(), m.end(), Decimal(6), 0))
                spans.append(m.span())
            elif m.groupdict().get("halfword"):
                # "zweieinhalb Millionen": the whole number before the half, plus one half
                word = m.group().lower()
                units = HALF_COMPOUNDS[conv.lang][1]
                whole = next(v for k, v in units.items() if word.startswith(k))
                found.append((m.start(), m.end(), Decimal(whole) + HALF, -1))
                spans.append(m.span())
            elif m.group("dozen"):
                found.append((m.start(), m.end(), Decimal(12), 0))
                spans.append(m.span())
            elif m.group("half"):
                # "half a million": 0.5 of the scale word that follows, to the nearest tenth of it
                found.append((m.start(), m.start() + len(m.group().rstrip()), HALF, -1))
                spans.append(m.span())
            else:
                # "a million": the scale word follows; the suffix reader applies it
                found.append((m.start(), m.start() + len(m.group().rstrip()), _ONE, 0))
        spans.sort()
    runs: list[list[tuple[int, int, str]]] = []
    run: list[tuple[int, int, str]] = []
    pending: tuple[int, int, str] | None = None  # a joiner waiting for a number word
    prev_word = ""
    prev_end = -1
    is_number_word = lex.is_number_word
    number_words = lex.words
    listed_only = lex.compound is None  # no glued compounds (en, fr, es, pt)
    for m in WORD.finditer(lower):
        w = m.group()
        # most words are settled by one look-up: listed, or (without compounds
        # to try) not a number word unless hyphenated
        if w in number_words:
            numeric = True
        elif listed_only and "-" not in w:
            numeric = False
        else:
            numeric = is_number_word(w)
        if not numeric and not run:
            prev_word, prev_end = w, m.end()
            continue
        s, e = m.span()
        adjacent = prev_end >= 0 and text[prev_end:s].isspace()
        if numeric and (
            (w in ("cent", "ciento", "cento") and prev_word in ("pour", "por", "per") and adjacent)
            or covered.hit(s, e)
            or (text[e] == "." and w + "." in conv.months and _in_date(text, s, e + 1))
        ):
            numeric = False
        if numeric:
            if run and adjacent and (pending is None or text[pending[1] : s].isspace()):
                if pending is not None:
                    run.append(pending)
                run.append((s, e, w))
            else:
                if run:
                    runs.append(run)
                run = [(s, e, w)]
            pending = None
        elif run and adjacent and pending is None and w in lex.joiners:
            pending = (s, e, w)
        else:
            if run:
                runs.append(run)
            run = []
            pending = None
        prev_word, prev_end = w, e
    if run:
        runs.append(run)
    for run in runs:
        if len(run) == 1 and run[0][2] in lex.lone:
            # a lone word alone ("one", "ein", "een"): text2num reads it as an
            # article; it is a figure when a scale or percent word follows
            # ("one percent", "Eine Million"), which the filter below checks
            found.append((run[0][0], run[0][1], _ONE, 0))
            continue
        tokens = [_Token(text[s:e], s, e, False) for s, e, _ in run]
        try:
            occurrences = find_numbers(tokens, conv.text2num, 0.0)
        except Exception:  # pragma: no cover - text2num refuses an input
            continue
        for o in occurrences:
            if o.is_ordinal:
                continue
            first, last_tok = tokens[o.start], tokens[o.end - 1]
            names = [t.text().lower() for t in tokens[o.start : o.end]]
            if len(names) == 1 and names[0] in VAGUE_PLURALS:
                continue
            following = WORD.match(lower, _skip_spaces(text, last_tok.end))
            if following and following.group() in FRACTION_WORDS:
                continue
            raw = o.text.replace(",", ".")
            try:
                value = Decimal(raw)
            except InvalidOperation:
                continue
            frac = raw.split(".")[1] if "." in raw else ""
            exponent = -len(frac)
            if not frac and names[-1].endswith(THOUSAND_ENDINGS) and value and value % 1000 == 0:
                exponent = 3
            found.append((first.start, last_tok.end, value, exponent))
    found.sort()
    taken = 0  # end of the last word figure: "un mil millones" is one figure
    halves = AND_A_HALF.get(conv.lang)
    for s, e, value, exponent in found:
        if s < taken:
            continue
        if halves is not None and exponent == 0 and value != 12:  # not "a dozen and a half"
            h = halves.match(text, e)
            if h:  # "two and a half million": 2.5 before the scale
                value, exponent, e = value + HALF, -1, h.end()
        end, power, percent, _, currency = _suffix(text, e, conv)
        if power and halves is not None and exponent == 0:
            h = halves.match(text, end)
            if h:  # "a million and a half", "deux millions et demi": 1.5 of the scale
                value, exponent, end = value + HALF, -1, h.end()
        if value == 1 and exponent == 0 and not power and not percent:
            if " " not in text[s:e].strip() and not _RATIO_NEXT.match(text, e):
                continue  # "one of", "un taux", "ein": never a figure alone (but "one in five")
        if power:
            value = value.scaleb(power, _CTX)
            exponent += power
            value = Decimal(int(value)) if exponent >= 0 else value
        toks = _prefix_tokens(text, s)
        cand = _finish(text, conv, toks, s, end, value, exponent, percent, power, currency)
        if cand is not None:
            out.append(cand)
            taken = end


_DAY_BEFORE = re.compile(r"\d(?:\.|º|er)?\s+(?:de\s+)?$")
_YEAR_AFTER = re.compile(r"\s*(?:de\s+)?\d")


def _in_date(text: str, s: int, e: int) -> bool:
    """Whether a month abbreviation at s:e ("sept.", "dez.") sits by a day or a year."""
    return bool(_DAY_BEFORE.search(text[max(0, s - 12) : s]) or _YEAR_AFTER.match(text, e))


def _skip_spaces(text: str, i: int) -> int:
    n = len(text)
    while i < n and text[i].isspace():
        i += 1
    return i


class _Covered:
    """Membership test of character ranges in sorted spans."""

    __slots__ = ("spans",)

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        self.spans = spans

    def hit(self, s: int, e: int) -> bool:
        for a, b in self.spans:
            if a >= e:
                return False
            if b > s:
                return True
        return False


# --------------------------------------------------------------------------
# Extraction
# --------------------------------------------------------------------------



_GROUPED = re.compile(r"\d[^\d\s]\d{3}(?!\d)|\d[\u00a0\u202f\u2009 ]\d{3}(?!\d)")


def _same_order(fa: Figure, fb: Figure, b_power: int) -> bool:
    """Whether the first end of a range may take the second's scale word.

    Only a first end written without group separators and, unscaled, at most
    a hundred times the second's unscaled number: "7.6 and 8.4 million",
    "3 to 4 billion", but not "45,000 to 2.31 million" or "950 to 1.2 million".
    """
    if fa.exponent >= 0 and _GROUPED.search(fa.text):
        return False
    return abs(fa.value) <= abs(fb.value).scaleb(2 - b_power, _CTX)


def _ranges(text: str, cands: list[_Cand]) -> list[Figure]:
    """Let the first end of a range take the unit of the second.

    "7.6–8.4%", "between 7.6 and 8.4 percent", "3-4 million": the first end
    is a percentage, or in millions, too. The dash of a range is never read as
    a sign, so the second end is never negative because of it.
    """
    figs = [c[0] for c in cands]
    for i in range(len(cands) - 1):
        fa, _, a_currency, a_power, a_between = cands[i]
        fb, _, _, b_power, _ = cands[i + 1]
        take_scale = b_power and not a_power and not fa.percent and _same_order(fa, fb, b_power)
        take_percent = fb.percent and not fa.percent and not a_power and not a_currency
        if not (take_scale or take_percent):
            continue
        gap = text[fa.end : fb.start].strip().lower()
        if not (gap in RANGE_TO or (gap in RANGE_AND and a_between)):
            continue
        value, exponent = fa.value, fa.exponent
        if take_scale:
            value = value.scaleb(b_power, _CTX)
            exponent += b_power
            value = Decimal(int(value)) if exponent >= 0 else value
        figs[i] = Figure(fa.text, fa.start, fa.end, value, exponent, fa.percent or take_percent, fa.hedge)
    return _ratios(text, _compounds(text, figs, cands))


def _compounds(text: str, figs: list[Figure], cands: list[_Cand]) -> list[Figure]:
    """Join an amount written in two parts: "24 milioni 332mila" is 24,332,000 and
    "3 millions 200 000" is 3,200,000 (a scaled figure of a million or more, then,
    after a space only, a smaller whole number without unit)."""
    out: list[Figure] = []
    i = 0
    n = len(figs)
    while i < n:
        fa = figs[i]
        if i + 1 < n and cands[i][3] >= 6 and not fa.percent:
            fb = figs[i + 1]
            if (
                fb.start - fa.end == 1
                and text[fa.end] in _SPACES
                and not fb.percent
                and not cands[i + 1][2]
                and fb.exponent >= 0
                and 0 < fb.value < Decimal(10) ** cands[i][3]
                and fa.value > 0
            ):
                out.append(Figure(text[fa.start : fb.end], fa.start, fb.end, fa.value + fb.value, fb.exponent, False, fa.hedge))
                i += 2
                continue
        out.append(fa)
        i += 1
    return out


# Between the two numbers of a ratio: "6 in 10", "one out of five", "9 de cada 10",
# "1 sur 4", "3 su 10", "1 op de 5", "4.5 in 100,000". Not "von" or "op" alone, which
# also mean "from" and "to" ("von 3 auf 5", "van 5 op 7").
_RATIO_CONNECTOR = r"\s+(?:in|out\s+of|of\s+every|in\s+every|sur|de\s+cada|em\s+cada|su|op\s+de|van\s+de)\s+"
_RATIO_GAP = re.compile(r"(?i)" + _RATIO_CONNECTOR)
_RATIO_NEXT = re.compile(_RATIO_GAP.pattern + r"(?=[^\W_])")
# "one adult in five", "un habitant sur trois": after a one, a noun may come first
_RATIO_GAP_NOUN = re.compile(r"(?i)\s+[^\W\d_]+" + _RATIO_CONNECTOR)
_RATIO_NEXT_NOUN = re.compile(_RATIO_GAP_NOUN.pattern + r"(?=[^\W_])")
_RATIO_Y = re.compile(r"\d+(?![\d.,]\d)")


def _ratio_denominator(fa: Figure, fb: Figure, text: str) -> bool:
    """Whether ``fb`` is the second number of a ratio "X in Y" started by ``fa``."""
    gap = fb.start - fa.end
    return (
        3 <= gap <= 32
        and not fa.percent
        and not fb.percent
        and fb.exponent == 0
        and fa.value > 0
        and fb.value >= 2
        and (fb.value <= 1000 or _is_power_of_ten(fb.value))
        and _plain_number(fa.text)
        and _plain_number(fb.text)
        and fa.value <= fb.value
        and (
            _RATIO_GAP.fullmatch(text, fa.end, fb.start) is not None
            or (fa.text == "1" and _RATIO_GAP_NOUN.fullmatch(text, fa.end, fb.start) is not None)
        )
    )


# "un habitant sur", "one adult in", "una persona de cada": a word for one (no figure
# alone) and a noun before a ratio's connector; what follows is the denominator.
_LONE_RATIO_BEFORE = re.compile(
    r"(?i)(?<![^\W\d_])(?:one|un|une|uno|una|um|uma|ein|eine|einer|een|één)\s+[^\W\d_]+" + _RATIO_CONNECTOR + r"$"
)


_RATIO_LAST_WORDS = (" in ", " sur ", " of ", "cada ", " su ", " de ")


def _after_lone_ratio(text: str, figure: Figure) -> bool:
    """Whether ``figure`` is the denominator of "one <noun> in <figure>"."""
    s = figure.start
    return (
        text[max(0, s - 6) : s].lower().endswith(_RATIO_LAST_WORDS)
        and figure.exponent == 0
        and not figure.percent
        and _LONE_RATIO_BEFORE.search(text, max(0, s - 40), s) is not None
    )


def _plain_number(written: str) -> bool:
    """Digits, separators or words only: no currency, sign or unit."""
    return all(c.isalnum() or c in " .,\u00a0\u202f\u2009-" for c in written)


def _ratios(text: str, figs: list[Figure]) -> list[Figure]:
    """Drop the second number of a ratio: in "6 in 10", "one in five", "4.5 in
    100,000" the 10, five, 100,000 say what the first number is out of, as
    the 1,000 of "per 1,000" does. The first number stays a figure;
    :func:`ratio_reading` gives the share it states."""
    n = len(figs)
    for i in range(n - 1):
        if 3 <= figs[i + 1].start - figs[i].end <= 32 and _ratio_denominator(figs[i], figs[i + 1], text):
            break
    else:
        return figs  # the common case: no ratio
    out: list[Figure] = []
    skip = -1
    for i, fa in enumerate(figs):
        if i == skip:
            continue
        out.append(fa)
        if i + 1 < n and _ratio_denominator(fa, figs[i + 1], text):
            skip = i + 1
    return out


def ratio_reading(text: str, figure: Figure, language: str) -> Figure | None:
    """The share a ratio states, when ``figure`` is its first number.

    "6 in 10", "one in five", "nueve de cada diez", "1 sur 4": the figure read
    as the percentage 100 X / Y rounded to a whole percent, with the figure's
    hedge. A ratio over ten or fewer stands for its share within 5 points
    (writers pick the simple fraction nearest the value: "6 in 10" is 55% to
    65%, "1 in 3" 28% to 38%), one over more within half a point ("12 out of
    27" is 44%, 43.5% to 44.5%). None when the figure starts no ratio (X and
    Y whole, 0 < X <= Y <= 1,000, no unit). The scorer accepts a figure when
    either reading is supported, so this only ever removes false alarms.
    """
    if figure.percent or figure.exponent != 0 or figure.value <= 0 or not _plain_number(figure.text):
        return None
    m = _RATIO_NEXT.match(text, figure.end)
    if m is None and figure.text == "1":
        m = _RATIO_NEXT_NOUN.match(text, figure.end)
    if m is None:
        return None
    ym = _RATIO_Y.match(text, m.end())
    if ym is not None:
        y, y_end = Decimal(ym.group()), ym.end()
    else:
        tail = extract_figures(text[m.end() : m.end() + 40], language)
        if not tail or tail[0].start != 0 or tail[0].exponent != 0:
            return None
        y, y_end = tail[0].value, m.end() + tail[0].end
    if not (2 <= y <= 1000 and figure.value <= y):
        return None
    share = _CTX.divide(_CTX.multiply(figure.value, _HUNDRED), y).to_integral_value(rounding="ROUND_HALF_UP")
    return Figure(text[figure.start : y_end], figure.start, y_end, Decimal(int(share)), 1 if y <= 10 else 0, True, figure.hedge)


def extract_figures(text: str, language: str) -> list[Figure]:
    """The figures a text states, in reading order.

    Args:
        text: An answer, a question or a passage.
        language: Its BCP 47 tag ("en", "fr", "fr-CA", "pt-BR"). Separators come
            from Babel for the tag's locale (its language's when Babel does not
            know the region); a language Babel does not know is read with the
            conventions of :data:`DEFAULT_LANGUAGE`. Number words are read for
            the languages text2num covers (en, fr, es, de, pt, it, nl).

    Returns:
        One :class:`Figure` per stated quantity, ordered by ``start``; both
        ends of a range. Years used as years, dates, times, ordinals, period
        labels, citation markers, identifiers and codes, denominators, list
        numbering and document references are left out, as is a lone "one"
        ("one of").
    """
    if not text:
        return []
    conv = _conventions(language)
    cands: list[_Cand] = []
    padded = text + "\0\0"
    words = conv.words is not None and conv.words.mentioned(text)
    spans: list[tuple[int, int]] | None = [] if words else None
    _scan_digits(padded, conv, cands, spans)
    if words:
        _scan_words(padded, conv, cands, spans)
        cands.sort(key=lambda c: c[0].start)
        # "one adult in five", "un habitant sur trois": the five, the trois are denominators
        cands = [c for c in cands if not _after_lone_ratio(text, c[0])]
    if len(cands) > 1:
        return _ranges(text, cands)
    return [c[0] for c in cands]


_PLAIN_TYPES = frozenset({float, int})


def _to_decimal(v: object) -> Decimal | None:
    """An exact Decimal for an evidence value; None for None, NaN, infinities."""
    if type(v) is float:
        return Decimal(repr(v)) if math.isfinite(v) else None
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, Decimal):
        d = v
    elif isinstance(v, float):
        d = Decimal(repr(v))
    elif isinstance(v, int):
        d = Decimal(v)
    elif isinstance(v, str):
        try:
            d = Decimal(v.strip())
        except InvalidOperation:
            raise ValueError(f"evidence value: expected a number, found {v!r}") from None
    else:
        raise TypeError(f"evidence value: expected int, float, Decimal or numeric str, found {type(v).__name__}")
    return d if d.is_finite() else None


def evidence_values(
    values: Iterable[int | float | Decimal | str | None] | None,
    question: str | None,
    passages: Mapping[str, str | tuple[str, str]] | None,
    language: str,
) -> tuple[Decimal, ...]:
    """All values a figure of an answer may be supported by.

    Args:
        values: The retrieved values. Floats are converted through ``repr``
            (0.1 is Decimal("0.1"), never the binary expansion); ``None``,
            NaN and infinities are skipped.
        question: The question text, or None; numbers it states are evidence
            (the user said them).
        passages: Retrieved passages, id -> text, id -> (text, language) or
            id -> {"text": ..., "language": ...}, or None; their figures,
            digits and number words alike, are evidence. A text alone (or a
            passage without a language) is read with ``language``; one with
            its own language that way ("1,234" in an English passage is 1234
            for a French answer).
        language: BCP 47 tag of the answer, for reading the question and the
            passages given without a language.

    Returns:
        Retrieved values first, then figures of the question, then of each
        passage in mapping order; de-duplicated by numeric value (first one
        kept).

    Raises:
        TypeError: A value is neither a number nor a numeric string; a passage
            is none of the forms above.
        ValueError: A string value is not a number.
    """
    raw = list(values) if values is not None else []
    if _PLAIN_TYPES.issuperset(map(type, raw)):
        # Equal floats and ints hash alike (7 == 7.0): de-duplicate before converting.
        # repr is the shortest round-trip form of a float and the digits of an int
        converted = list(map(Decimal, map(repr, [v for v in dict.fromkeys(raw) if v - v == 0])))
        if not question and not passages:
            return tuple(converted)
        seen = dict.fromkeys(converted)
    else:
        seen = dict.fromkeys(d for d in map(_to_decimal, raw) if d is not None)  # 7.6 == 7.60
        if not question and not passages:
            return tuple(seen)
    texts: list[tuple[str, str]] = []
    if question:
        texts.append((question, language))
    if passages:
        for pid, p in passages.items():
            if isinstance(p, str):
                text, lang = p, None
            elif isinstance(p, Mapping) and isinstance(p.get("text"), str):
                text, lang = p["text"], p.get("language")  # as the log writes it
            elif isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str):
                text, lang = p
            else:
                raise TypeError(f"passage {pid!r}: expected a text, (text, language) or {{text, language}}, found {p!r}")
            if text:
                texts.append((text, lang or language))
    for t, lang in texts:
        for f in extract_figures(t, lang):
            if f.value not in seen:
                seen[f.value] = None
    return tuple(seen)


# --------------------------------------------------------------------------
# Matching
# --------------------------------------------------------------------------

_LAST_RUN = re.compile(r"(\d++)\D*+$")


def _written_integer(text: str) -> bool:
    """Whether a figure's digits, as written, have no decimal part.

    The last run of digits follows a separator only in "3.2" (a decimal part,
    any length but 3) or "6,000" (a group, exactly 3 digits).
    """
    m = _LAST_RUN.search(_ascii(text) if not text.isascii() else text)
    if not m:
        return True
    i = m.start(1)
    if i > 0 and text[i - 1] in ".,\u066b" and i > 1 and text[i - 2].isdigit():
        return len(m.group(1)) == 3
    if i > 0 and text[i - 1] in ".\u066b" and (i == 1 or not text[i - 2].isdigit()):
        return False  # ".5"
    return True


def _unit_exponent(figure: Figure) -> int:
    """Power of ten of the figure's last significant digit.

    A hedged figure whose mantissa is written as an integer does not count
    its trailing zeros ("about 6,000" -> 3, "over $96 million" -> 6), except
    one zero after a lone leading 1 with "about" or "nearly": "nearly 100%" ->
    1, "about 1,000" -> 2, "about 10 million" -> 6. A single significant 1
    would stand for anything from half to one and a half times the number (or,
    with "nearly", from 0 to 100%), which no writer means. "Over 100" keeps
    100..200 (writers state round thresholds loosely upwards), and the unit is
    never finer than the stated one ("about 1 million" -> 6).
    """
    e = figure.exponent
    if figure.hedge is None or e < 0 or not figure.value:
        return e
    mantissa = abs(int(figure.value.scaleb(-e, _CTX)))
    # no trailing zero (the usual case): nothing to drop, however it is written
    if mantissa % 10 or not _written_integer(figure.text):
        return e
    while mantissa and mantissa % 10 == 0:
        mantissa //= 10
        e += 1
    if mantissa == 1 and e > figure.exponent and figure.hedge in ("about", "under"):
        e -= 1
    return e


def _interval(figure: Figure, settings: MatchSettings) -> tuple[Decimal, Decimal, bool, bool]:
    """(low, high, low_inclusive, high_inclusive) of the supporting values."""
    x = figure.value
    if settings.rounding == "exact":
        return x, x, True, True
    hedge = figure.hedge
    e = _unit_exponent(figure)
    unit, half = _STEPS.get(e) or _steps(e)
    if hedge is None or hedge == "about":
        return _CTX.subtract(x, half), _CTX.add(x, half), True, True
    # hedges bound the magnitude: "nearly −1.3%" lies between −1.3 and −1.2
    neg = x < 0
    if hedge == "over":
        lo, hi, li, hi_inc = x, _CTX.add(x, unit), False, True
    elif hedge == "at_least":
        lo, hi, li, hi_inc = x, _CTX.add(x, unit), True, True
    elif hedge == "under":
        lo, hi, li, hi_inc = _CTX.subtract(x, unit), x, True, False
    else:  # at_most
        lo, hi, li, hi_inc = _CTX.subtract(x, unit), x, True, True
    if neg:
        lo, hi, li, hi_inc = (
            _CTX.subtract(x, _CTX.subtract(hi, x)),
            _CTX.add(x, _CTX.subtract(x, lo)),
            hi_inc,
            li,
        )
    return lo, hi, li, hi_inc


def _steps(e: int) -> tuple[Decimal, Decimal]:
    """10**e and 10**e / 2, exactly."""
    return Decimal((0, (1,), e)), Decimal((0, (5,), e - 1))


_STEPS = {e: _steps(e) for e in range(-12, 16)}  # constant tables
_HALVES = {e: half for e, (_, half) in _STEPS.items()}


def _inside(v: Decimal, x: Decimal, lo: Decimal, hi: Decimal, li: bool, hi_inc: bool) -> bool:
    if v == x:
        return True
    if v < lo or v > hi:
        return False
    if v == lo and not li:
        return False
    if v == hi and not hi_inc:
        return False
    return True


def check_figure(
    figure: Figure,
    evidence: Sequence[Decimal],
    settings: MatchSettings = MatchSettings(),
) -> Support:
    """Whether any evidence value supports a figure.

    Rule (issue 3; recipe 4.2): with ``rounding="stated_precision"`` and u the
    unit of the figure's last stated digit (10**exponent), a value v supports
    a figure x when

    * no hedge: x - u/2 <= v <= x + u/2 (ties included: 7.65 supports 7.6
      and 7.7);
    * "about": the same, with u taken at x's last *significant* digit: a
      hedged figure written as an integer does not count its trailing zeros
      ("about 6,000" covers 5,500..6,500);
    * "over": x < v <= x + u;  "at_least": x <= v <= x + u;
    * "under" (nearly, almost, less than): x - u <= v < x;
      "at_most": x - u <= v <= x;
    * for a negative x the hedged intervals are mirrored (they bound the
      magnitude);
    * a value equal to x always supports it.

    With ``rounding="exact"`` only v == x does. A percentage is also supported
    by a fraction (v * 100 in the interval) when ``settings.percent_fraction``
    is on. With ``"difference"`` in ``settings.derived``, |a - b| of two
    evidence values supports it too. All arithmetic is exact decimal.

    Args:
        figure: A figure from :func:`extract_figures`.
        evidence: Values from :func:`evidence_values` (Decimals).
        settings: Matching policy.

    Returns:
        A :class:`Support` with the interval, the nearest evidence value and
        the value that matched.
    """
    x = figure.value
    hedge = figure.hedge
    if hedge is None and settings.rounding == "stated_precision":
        half = _HALVES.get(figure.exponent) or _steps(figure.exponent)[1]
        lo, hi, li, hi_inc = _CTX.subtract(x, half), _CTX.add(x, half), True, True
    else:
        lo, hi, li, hi_inc = _interval(figure, settings)
        symmetric = hedge is None or hedge == "about" or settings.rounding == "exact"
        half = _CTX.subtract(hi, x) if symmetric else None
    # Fast path for the commonest case, the figure's own value among the
    # evidence: the loop below would return at it too, as long as every value
    # before it is a Decimal already (others are converted first).
    if x in evidence:
        for v in evidence:
            if type(v) is not Decimal:
                break
            if v == x:
                return _new(Support, {"supported": True, "low": lo, "high": hi, "nearest": v, "matched": v})
    fraction = figure.percent and settings.percent_fraction
    nearest: Decimal | None = None
    matched: Decimal | None = None
    best: Decimal | None = None
    subtract = _CTX.subtract
    for v in evidence:
        if type(v) is not Decimal:
            v = _to_decimal(v)
            if v is None:
                continue
        if v == x:  # the value itself: it supports, and none is nearer
            return _new(Support, {"supported": True, "low": lo, "high": hi, "nearest": v, "matched": v})
        d = abs(subtract(v, x))
        if matched is None and (
            d <= half if half is not None else (lo < v < hi or (li and v == lo) or (hi_inc and v == hi))
        ):
            matched = v
        if fraction and _MINUS_TEN < v < _TEN:  # a fraction, up to 1,000 percent
            v100 = v.scaleb(2, _CTX)
            d100 = abs(subtract(v100, x))
            if d100 < d:
                d = d100
            if matched is None and (
                d100 <= half
                if half is not None
                else (lo < v100 < hi or v100 == x or (li and v100 == lo) or (hi_inc and v100 == hi))
            ):
                matched = v
        if best is None or d < best:
            best, nearest = d, v
    if matched is not None:
        return _new(Support, {"supported": True, "low": lo, "high": hi, "nearest": nearest, "matched": matched})
    if "difference" in settings.derived and len(evidence) > 1:
        values = [v if isinstance(v, Decimal) else _to_decimal(v) for v in evidence]
        values = [v for v in values if v is not None]
        for i, a in enumerate(values):
            for b in values[i + 1 :]:
                diff = abs(_CTX.subtract(a, b))
                if _inside(diff, x, lo, hi, li, hi_inc):
                    return Support(True, lo, hi, nearest, diff)
                if fraction:
                    d100 = _CTX.multiply(diff, _HUNDRED)
                    if _inside(d100, x, lo, hi, li, hi_inc):
                        return Support(True, lo, hi, nearest, diff)
    return _new(Support, {"supported": False, "low": lo, "high": hi, "nearest": nearest, "matched": None})


# --------------------------------------------------------------------------
# Explanations
# --------------------------------------------------------------------------

_HEDGE_TEXT = {"about": "about", "over": "over", "at_least": "at least", "under": "under", "at_most": "at most"}


def _fmt(d: Decimal) -> str:
    """A decimal without exponent notation and without artefact zeros."""
    if d == d.to_integral_value():
        return format(d.to_integral_value(), "f")  # never str(int(d)): no 4,300-digit limit
    s = format(d, "f")
    return s.rstrip("0").rstrip(".") if "." in s else s


def explain(figure: Figure, support: Support, against: str = "retrieved value") -> str:
    """One sentence for people saying why a figure is or is not supported.

    Gives the figure as written in the text, its reading (hedge, value,
    precision), the interval that would support it and the nearest evidence
    value, e.g. ``"'35' (35, to the nearest 1) is not within 0.5 of any retrieved
    value; nearest 41"`` or ``"'5%' (under 5 percent, to the nearest 1) needs a
    retrieved value in [4, 5); nearest 5.2"``. When the nearest value has the
    figure's size and the opposite sign, it says so. Numbers never use
    exponent notation.

    Args:
        figure: The figure.
        support: Its :class:`Support` from :func:`check_figure`.
        against: What the evidence is called in the sentence.

    Returns:
        The sentence, without a final period.
    """
    value = format(figure.value, "f")
    unit = _fmt(Decimal((0, (1,), figure.exponent)))
    hedge = f"{_HEDGE_TEXT[figure.hedge]} " if figure.hedge else ""
    head = f"'{figure.text}' ({hedge}{value}{' percent' if figure.percent else ''}, to the nearest {unit})"
    low, high = _fmt(support.low), _fmt(support.high)
    if support.supported:
        m = support.matched
        how = ""
        if m is not None and figure.percent and not (support.low <= m <= support.high) and m != figure.value:
            how = f" as a fraction ({_fmt(_CTX.multiply(m, _HUNDRED))} percent)"
        return f"{head} is supported by {_fmt(m) if m is not None else 'the evidence'}{how}; it needs a value in {_bracket(figure, support, low, high)}"
    nearest = f"nearest {_fmt(support.nearest)}" if support.nearest is not None else f"there is no {against}"
    if support.nearest is not None and figure.value and support.nearest == -figure.value:
        nearest += ", which has the opposite sign"
    if support.low == support.high:
        return f"{head} equals no {against}; {nearest}"
    if figure.hedge in (None, "about"):
        half = _fmt(_CTX.subtract(figure.value, support.low))
        return f"{head} is not within {half} of any {against}; {nearest}"
    return f"{head} needs a {against} in {_bracket(figure, support, low, high)}; {nearest}"


def _bracket(figure: Figure, support: Support, low: str, high: str) -> str:
    """The interval in mathematical notation: "[4, 5)", "(2300000, 2400000]"."""
    if support.low == support.high:
        return f"[{low}]"
    left, right = "[", "]"
    negative = figure.value < 0  # hedged intervals are mirrored for negative figures
    if figure.hedge == "over":
        left, right = ("[", ")") if negative else ("(", "]")
    elif figure.hedge == "under":
        left, right = ("(", "]") if negative else ("[", ")")
    return f"{left}{low}, {high}{right}"


# A change stated with a verb or noun of decrease ("fell 1.9%", "a reculé de 0,3 %",
# "cayó un 2 %") is written as a magnitude; statistical series store it signed (-1.9).
# Only the connectors that mean "by" may stand between the word and the number: "fell to
# 5.1%" states a level, not a change.
_FALL = re.compile(
    r"(?:\b(?:fell|falls?|fallen|dropped|drops?|declined|declines?|decreased|decreases?|shrank|shrunk|"
    r"contracted|slipped|sank|down|(?:decline|decrease|drop|fall|reduction|contraction)\s+of|"
    r"contract[ée]e?s?|r[ée]duit[es]?|redujo|contrajo|encolheu|reduziu|scesa|sceso|scesi|scese|"
    r"verringerte\s+sich|verringert|Minus|nam\s+af|kromp|"
    r"baiss[ée]e?s?|recul[ée]e?s?|reculé|diminu[ée]e?s?|chut[ée]e?s?|repli|"
    r"cay[óo]|baj[óo]|descendi[óo]|disminuy[óo]|retrocedi[óo]|ca[íi]da|descenso|"
    r"gesunken|gefallen|fiel|sank|zur[üu]ckgegangen|R[üu]ckgang|"
    r"caiu|recuou|diminuiu|queda|calat[oa]|ces[oa]|diminuit[oa]|calo|flessione|daalde|gedaald|daling|"
    r"انخفض|انخفضت|انخفاض|تراجع|تراجعت|هبط|هبطت|هبوط|انكمش|انكمشت|انكماش))"
    r"(?:\s+(?:by|of|de|du|del|de\s+la|en|un|una|um|di|del|dello|della|met|van|em|von|بنسبة|بمقدار))?"
    r"(?:\s+(?:a\s+)?further)?"
    r"(?:\s+(?:about|around|nearly|almost|roughly|some|just|over|under|more\s+than|less\s+than|"
    r"environ|près\s+de|presque|plus\s+de|moins\s+de|casi|alrededor\s+del?|más\s+de|menos\s+de|"
    r"rund|etwa|fast|über|knapp|quase|cerca\s+de|mais\s+de|circa|quasi|oltre|ongeveer|bijna|ruim|"
    r"ب?حوالي|ب?نحو|قرابة|أكثر\s+من|أقل\s+من))?"
    r"\s*(?:بـ?)?[-−]?\s*[$€£¥]?\s*$",
    re.IGNORECASE,
)


# Arabic puts the subject between the verb and the amount ("انخفض معدل البطالة بنسبة
# ٢٪": fell the unemployment rate by 2%): up to three words of the same clause may
# stand between them when "by" (بنسبة, بمقدار, a glued ب) introduces the amount.
_FALL_AR = re.compile(
    r"(?:انخفض|انخفضت|تراجع|تراجعت|هبط|هبطت|انكمش|انكمشت)"
    r"(?:\s+[^\s\d.,;:،؛]+){0,3}?"
    r"\s+(?:(?:بنسبة|بمقدار)(?:\s+(?:حوالي|نحو|قرابة))?\s*|ب(?:حوالي|نحو)?\s*(?:ـ\s*)?)[-−]?$"
)


# German puts other words between the verb and "um" ("sank im 2. Quartal 2025 um 0,4
# Prozentpunkte"), or the participle after the amount ("ist um 0,4 % gesunken", Dutch "is
# met 0,4% gedaald").
_FALL_DE = re.compile(
    r"(?i)\b(?:sank|sanken|fiel|fielen|verringerte|verringerten|schrumpfte|schrumpften|ging|gingen)\b"
    r"[^;:!?]{0,40}?\s+um\s*[-−]?\s*$"
)
_BY_BEFORE = re.compile(r"(?i)\b(?:um|met)\s*$")
_FALL_AFTER = re.compile(
    r"(?i)(?:\s+[^\s\d.;:!?]+){0,3}?\s+(?:gesunken|gefallen|zurückgegangen|geschrumpft|gedaald|afgenomen|gekrompen|af)\b"
)
# A deficit is stated as a magnitude and stored signed ("a deficit of 3.1% of GDP"
# against a balance of -3.1): the words of the same clause up to the number.
_DEFICIT = re.compile(
    r"(?:\b(?:deficits?|déficits?|defizits?|disavanzo|tekort)|(?<![^\W\d_])(?:ال)?عجز)"
    r"(?:\s+(?:public|publics|budgétaire|budget|fiscal|primary|primaire|público|primário|pubblico|"
    r"öffentliche|staatliche|begrotingstekort))?"
    r"(?:\s+(?:was|is|stood\s+at|reached|amounted\s+to|came\s+to|of|at|to|de|du|s'élève\s+à|s'établit\s+à|"
    r"était\s+de|est\s+de|a\s+atteint|atteint|von|betrug|beträgt|lag\s+bei|liegt\s+bei|fue\s+de|es\s+de|"
    r"del|foi\s+de|é\s+de|do|è\s+stato|è\s+pari\s+al|è|pari\s+al|di|bedroeg|bedraagt|van|بلغ|قدره))*"
    r"\s*[-−]?\s*[$€£¥]?\s*$",
    re.IGNORECASE,
)


def fall_reading(text: str, figure: Figure) -> Figure | None:
    """The figure read as a fall, when a word of decrease (or deficit) states it.

    "Energy prices fell 1.9%" states the change -1.9 as the magnitude 1.9; a series stores
    -1.9. Returns the figure with its value negated when a verb or noun of decrease (en, fr,
    es, de, pt, it, nl, ar), optionally followed by a connector meaning "by" and a hedge, stands
    right before it in the same clause; None otherwise (and for a figure that is already
    negative or zero). The scorer accepts a figure when either reading is supported, so this
    only ever removes false alarms.
    """
    if figure.value <= 0:
        return None
    before = text[max(0, figure.start - 60) : figure.start]
    if not (
        _FALL.search(before)
        or _FALL_AR.search(before)
        or _DEFICIT.search(before)
        or _FALL_DE.search(before)
        or (_BY_BEFORE.search(before) and _FALL_AFTER.match(text, figure.end))
        or _LOWER_AFTER.match(text, figure.end)
        or _decrease_in_clause(_clause_before(text, figure.start))
    ):
        return None
    return dataclasses.replace(figure, value=-figure.value)


def _decrease_in_clause(clause: str) -> bool:
    """A word of decrease or deficit governs the end of ``clause``: the last one is not
    followed by a preposition of level ("fell to 5.1%", "down from 7.9%") nor by a word of
    increase or level before the end ("deficit countries grew 2.4%", "انخفض ...، وبلغ")."""
    last = None
    for last in _DECREASE_IN_CLAUSE.finditer(clause):
        pass
    if last is None:
        return False
    rest = clause[last.end() :]
    return not _LEVEL_AFTER_DECREASE.match(rest) and not _INCREASE.search(rest)


def _clause_before(text: str, start: int) -> str:
    """The text of the sentence before ``start``, at most 120 characters back."""
    lo = max(0, start - 120)
    cut = max(text.rfind("; ", lo, start), text.rfind("\n", lo, start))
    i = start
    while True:  # a sentence ends at ". " before a capital or a digit, not in "p.p. ao"
        i = max(text.rfind(". ", lo, i), text.rfind("! ", lo, i), text.rfind("? ", lo, i))
        if i <= cut:
            break
        following = text[i + 2 : i + 3]
        if following.isupper() or following.isdigit():
            cut = i
            break
    return text[cut + 1 if cut >= 0 else lo : start]


# A comparative of decrease right after the amount: "0.3 points lower than a year earlier",
# "0,5 p.p. inferior", "0,5 procent lager", "3,7 puntos menos", "0,75 ponto percentual abaixo".
_LOWER_AFTER = re.compile(
    r"(?i)(?:\s+[^\W\d_]+\.?){0,3}?\s+(?:lower|less|below|down|smaller|fewer|inférieure?s?|en\s+dessous|"
    r"de\s+moins|inferior(?:es)?|menos|por\s+debajo|abaixo|a\s+menos|inferiore|in\s+meno|lager|minder|"
    r"kleiner|onder|niedriger|weniger|geringer|unter|أقل|دون)\b"
)
_LEVEL_AFTER_DECREASE = re.compile(r"(?i)\s+(?:to|from|at|à|au|auf|op|naar|para|até|al|a|إلى|الى|من)\b")
_INCREASE = re.compile(
    r"(?i)(?<![^\W\d_])(?:r[oi]se|rising|risen|gr[eo]w|grown|growing|increas(?:e|ed|es|ing)|up|narrow(?:ed|s|ing)?|"
    r"improv(?:e|ed|es|ing)|augment\w*|hausse|progress\w*|aument\w*|sub(?:e|ió|iu)|creci\w*|cresc\w*|"
    r"st(?:ieg|eigt|iegen)|gestiegen|steeg|gestegen|toename|ارتفع|ارتفعت|ارتفاع|بلغ|وبلغ|بلغت|وبلغت)"
)
# A word of decrease or deficit earlier in the same sentence ("with prices falling by 0.1%",
# "le esportazioni diminuiscono dello 0,4%, le importazioni del 3,9%", "recuo de 24,6%",
# "le déficit s'établit à 169,6 milliards d'euros, soit 5,8 % du PIB, après 5,4 %").
_DECREASE_IN_CLAUSE = re.compile(
    r"(?i)(?<![^\W\d_])(?:fall(?:s|ing|en)?|fell|declin(?:e|es|ed|ing)|decreas(?:e|es|ed|ing)|drop(?:s|ped|ping)?|"
    r"down|shr[iau]nk(?:ing)?|contract(?:ed|ion|ing)|deficits?|lower|below|"
    r"inférieure?s?|inferior(?:es)?|inferiore|abaixo|menor(?:es)?|niedriger|lager|"
    r"baiss(?:e|es|é|ée|ées|ait)|recul(?:e|é|ée)?|repli(?:e|é)?|diminu(?:e|é|ée|tion)|chut(?:e|é)|déficits?|"
    r"baj(?:a|ó|an|aron)|ca(?:e|yó|ída)|descen(?:so|dió)|disminu(?:ye|yó|ción)|retroce(?:de|dió|so)|déficit|"
    r"[\w]*tekort|daal(?:de|t)|gedaald|daling|afname|kromp|kromp|"
    r"sinkt|sank|gesunken|fiel|gefallen|rückgang|defizit|minus|"
    r"ca(?:iu|i|íram)|recu(?:ou|o)|queda|retração|diminu(?:iu|ição|i)|"
    r"cal(?:o|ano|ato|ata|ati)|diminu(?:isce|iscono|ito|ita|zione)|flessione|scend(?:e|ono)|scesa|sceso|disavanzo|"
    r"انخفض|انخفضت|انخفاض|بانخفاض|تراجع|تراجعت|هبط|هبوط|عجز|عجزا|عجزاً|العجز)"
)
