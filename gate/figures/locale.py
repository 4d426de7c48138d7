"""Number conventions per language: separators from CLDR through Babel, and the words
read around numbers, gathered once per BCP 47 tag.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

import babel.numbers
from babel import Locale, UnknownLocaleError

from gate.core.bcp47 import parse_tag
from gate.figures.chars import _BIDI, _CURRENCY_CHARS, _LETTERS, _SPACES
from gate.figures.languages import (
    ARTICLE_SCALES,
    CODE_WORDS,
    DENOMINATOR_WORDS,
    DIGIT_SCALES,
    DOT_ORDINAL_LANGUAGES,
    DOZEN_WORDS,
    GLUED_PREFIXES,
    HALF_COMPOUNDS,
    HALF_DOZEN_WORDS,
    HALF_SCALES,
    HEDGE_ARTICLES,
    HEDGE_WORDS,
    NUMBER_WORDS,
    PERCENT_WORDS,
    REFERENCE_WORDS,
    SCALE_WORDS,
    TIME_WORDS,
)
from gate.figures.names import NAME_WORDS
from gate.figures.vocabulary import _Lexicon, _lexicon

#: Conventions used for a language Babel does not know (separators, words).
DEFAULT_LANGUAGE = "en"


def _split_tag(language: str) -> tuple[str, str | None]:
    """The language and region subtags of a tag, read by :func:`gate.core.bcp47.parse_tag` (the
    ``ca`` of ``en-u-ca-gregory`` is a calendar, not a region); a tag it cannot read has its
    first subtag as language and no region."""
    try:
        tag = parse_tag(language)
    except ValueError:
        return language.strip().replace("_", "-").split("-")[0].lower(), None
    return tag.language, tag.region


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
    digit_scales: dict[str, int]  # read after digits only, case-sensitive: "hundred", "k", "MM"
    dot_ordinals: bool
    after_first: frozenset[str]  # characters that may start what ``after`` reads
    after_pre2: frozenset[str]  # their first two letters, lowercase
    after_one: frozenset[str]  # one-letter words among them ("h"), lowercase
    # the ASCII characters that may start a scale word as ``after_words`` and
    # ``digit_scales`` read it ("m", "M", "k"); a non-ASCII one may start any
    scale_first: frozenset[str]
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
    """Everything the readers need to read numbers in ``language`` (a BCP 47 tag),
    gathered once per tag: the locale's separators (:func:`_separators`), the
    digit patterns (:func:`_digit_patterns`), the words read after a number
    (:func:`_after_words`), month names (:func:`_months`), hedges
    (:func:`_hedges`), denominators, references and number words."""
    lang, locale = _locale_of(language)
    native, swapped = _separators(locale)
    body, body_ascii, space_body = _digit_patterns(lang)
    lex = lang if lang in HEDGE_WORDS else DEFAULT_LANGUAGE
    scales = dict(SCALE_WORDS.get(lex, SCALE_WORDS["en"]))
    if lex != "en":
        for w in ("bn", "mn", "mln"):
            scales.setdefault(w, SCALE_WORDS["en"][w])
    after_words, after_words_all = _after_words(scales)
    digit_scales = DIGIT_SCALES.get(lex, {})
    month_after, months, month_first = _months(lang, locale)
    hedges = _hedges(lex)
    denominators = frozenset(
        tuple(p.split())
        for p in DENOMINATOR_WORDS[lex] + DENOMINATOR_WORDS["en"] + (DENOMINATOR_WORDS.get(lang, ()) if lang != lex else ())
    )
    refs = set(REFERENCE_WORDS[lex].split()) | set(REFERENCE_WORDS["en"].split()) | CODE_WORDS | NAME_WORDS
    references = frozenset(refs | {r.rstrip(".") for r in refs if r.endswith(".") and len(r) > 3})
    t2n = lex if lex in NUMBER_WORDS and _text2num_supports(lex) else None
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
        month_first=month_first,
        hedges=hedges,
        denominators=denominators,
        references=references,
        scales={k.lower(): v for k, v in scales.items()},
        digit_scales=digit_scales,
        dot_ordinals=lang in DOT_ORDINAL_LANGUAGES,
        after_first=frozenset(
            "%٪％M"
            + "".join(w[0] + w[0].upper() for w in (*PERCENT_WORDS, *scales))
            + "aApPuUhH"
            + "".join(digit_scales)
        ),
        after_pre2=frozenset(w[:2] for w in after_words_all if len(w) >= 2)
        | frozenset(w[:2].lower() for w in digit_scales if len(w) >= 2),
        after_one=frozenset(w for w in after_words_all if len(w) == 1)
        | frozenset(w.lower() for w in digit_scales if len(w) == 1),
        scale_first=_scale_first(after_words, digit_scales),
        hedge_last=frozenset(k[-1] for k in hedges),
        context_last=frozenset(k[-1] for k in hedges) | frozenset(k[-1] for k in denominators),
        denominator_last=frozenset(k[-1] for k in denominators),
        words=_lexicon(lex) if t2n else None,
        specials=_specials(lex) if t2n else None,
    )


def _locale_of(language: str) -> tuple[str, Locale]:
    """(language subtag, Babel locale) of a tag: the region's locale when Babel knows
    it ("es-MX"), else the language's; :data:`DEFAULT_LANGUAGE` for an unknown one."""
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
    return lang, locale


def _separators(locale: Locale) -> tuple[tuple[frozenset[str], frozenset[str]], tuple[frozenset[str], frozenset[str]]]:
    """(decimal marks, group separators) of the locale (CLDR), then the same with the
    decimal and group symbols swapped; spaces, apostrophes and U+066C group in both."""
    decimal = _strip_marks(babel.numbers.get_decimal_symbol(locale)) or "."
    group = _strip_marks(babel.numbers.get_group_symbol(locale)) or ","
    extra_groups = set(_SPACES) | {"'", "’", "\u066c"}
    native = (frozenset({decimal, "\u066b"}), frozenset({group} | extra_groups) - {decimal})
    other = "," if decimal == "." else "."
    swapped = (frozenset({other, "\u066b"}), frozenset({decimal} | extra_groups) - {other})
    return native, swapped


def _digit_patterns(lang: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The patterns that find numbers: any decimal digits, ASCII digits, and digits
    grouped with spaces ("1 234 567,8")."""
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
    # A "," or U+066B before the first digit is a leading decimal mark (",7 %", "٫٧٪")
    # when nothing glued precedes it; after a digit or a letter it is none.
    glued = r"(?<![\w\u066c]\d)(?<![\w.,\u066b\u066c][,\u066b]\d)"
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
    return body, body_ascii, space_body


def _after_words(scales: dict[str, int]) -> tuple[dict[str, list[tuple[str, str, int]]], list[str]]:
    """The percent, scale and time words read after a number, by their first run of
    letters: first word -> [(rest, kind, power)], longest rest first; and all of
    them, lowercase."""
    after_words: dict[str, list[tuple[str, str, int]]] = {}
    phrases = [(w, "pct", 0) for w in PERCENT_WORDS] + [(w, "scale", p) for w, p in scales.items()]
    phrases += [(w, "time", 0) for w in TIME_WORDS]
    for phrase, kind, power in phrases:
        phrase = phrase.lower()
        head = _LETTERS.match(phrase)
        assert head is not None, phrase
        after_words.setdefault(head.group(), []).append((phrase[head.end() :], kind, power))
    for entries in after_words.values():
        entries.sort(key=lambda x: -len(x[0]))
    return after_words, [p[0].lower() for p in phrases]


def _scale_first(after_words: dict[str, list[tuple[str, str, int]]], digit_scales: dict[str, int]) -> frozenset[str]:
    """The ASCII first characters of the scale words read after a number: "M" ("3 M€"),
    those of ``digit_scales`` (case-sensitive) and of ``after_words`` (read lowercased, so
    in either case: an ASCII character lowercases to its own letter only)."""
    firsts = {"M"} | {w[0] for w in digit_scales}
    for head, entries in after_words.items():
        if any(kind == "scale" for _, kind, _ in entries):
            firsts |= {head[0], head[0].upper()}
    return frozenset(c for c in firsts if c.isascii())


def _months(lang: str, locale: Locale) -> tuple[re.Pattern[str], frozenset[str], frozenset[str]]:
    """(the pattern of a month name after a day, the month names and dotted
    abbreviations, the first letters the pattern reads after a space): the
    locale's names (CLDR) and the English ones."""
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
    month_first = frozenset(
        {n[0] for n in en_names}
        | {c for n in month_names | abbreviations | {"de"} for c in (n[0], n[0].upper())}
    )
    return month_after, months, month_first


def _hedges(lex: str) -> dict[tuple[str, ...], str]:
    """Hedge phrases as word tuples -> hedge, with the articles a hedge may take
    ("más del", "casi el") and one-letter words glued to it ("وحوالي")."""
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
    return hedges


def _specials(lex: str) -> re.Pattern[str]:
    """The phrases the word reader reads itself: half a dozen, a dozen, halves in
    one word, half a million, a million."""
    pattern = r"(?i)\b(?:(?P<halfdozen>" + HALF_DOZEN_WORDS[lex] + r")\b|(?P<dozen>" + DOZEN_WORDS[lex] + r")\b"
    if lex in HALF_COMPOUNDS:
        pattern += r"|(?P<halfword>" + HALF_COMPOUNDS[lex][0] + r")\b"
    if lex in HALF_SCALES:  # before the article: "half a million" holds "a million"
        pattern += r"|(?P<half>" + HALF_SCALES[lex] + r")"
    if lex in ARTICLE_SCALES:
        pattern += r"|(?P<article>" + ARTICLE_SCALES[lex] + r")"
    return re.compile(pattern + ")")


@lru_cache(maxsize=16)
def _text2num_supports(lang: str) -> bool:
    try:
        from text_to_num import find_numbers

        find_numbers([], lang, 0.0)
    except Exception:  # unsupported language, or text2num unavailable
        return False
    return True
