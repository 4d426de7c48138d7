"""The shape of a language: every table the figure reader needs from one language.

A language is one module of this package (``en.py``, ``fr.py``, ...) that builds one
:class:`Language`, named ``LANGUAGE``; :mod:`gate.figures.languages` maps codes to them.
Every field must be given (the dataclass has no defaults): a language without such words
says so with an empty table or ``None``. Words are lowercase unless said otherwise; the
fields that hold regular expressions say so, and are matched case-insensitively where the
reader says so. The model is text2num's ``text_to_num/lang/base.py``: one class declares
the tables, each language fills them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


def words(text: str) -> frozenset[str]:
    """The words of ``text``, split at white space: ``words("a b")`` is ``{"a", "b"}``."""
    return frozenset(text.split())


@dataclass(frozen=True)
class Language:
    """Everything the figure reader knows of one language.

    Attributes:
        code: The BCP 47 language subtag ("en", "fr", ...).
        name: The language's English name, for people.
        scale_words: Scale words written after a number with a space, word -> power of
            ten ("million" -> 6, "mil millones" -> 9, "décimas" -> -1).
        percent_words: Percent words and percentage points ("pour cent", "Prozentpunkte"),
            longest first where one begins another. Read after numbers in every language.
        hedge_words: Hedge phrases before a number -> the hedge they state: ``"about"``,
            ``"over"``, ``"at_least"``, ``"under"``, ``"at_most"`` ("près de" -> about,
            "knapp" -> under).
        hedge_articles: Articles a hedge may take before a number: last word of a hedge
            phrase -> what may replace it ("de" -> "del"), and "" -> articles that may
            follow any hedge ("casi el"). Empty when the language has none.
        glued_prefixes: One-letter words written glued to the next word, a number too
            (Arabic "و" and "ب"), as one string of letters; "" when none.
        denominator_words: Words before a denominator ("per", "por cada"): a power of ten
            after them is what a rate is out of, not a figure.
        reference_words: Words naming a part of a document or a code before a number
            ("table", "tableau", "Abb."): the number is a label.
        label_words: Labels of periods and quantiles before a small integer -> the largest
            number they label ("quarter" -> 4, "décile" -> 10). Read in every language.
        between_words: "between" and its kin, which open a range ("between 3 and 4%").
            Read in every language.
        range_to: Words joining the two ends of a range ("to", "à", "bis"). Read in every
            language.
        range_and: "and" and its kin, joining the ends of a range opened by a between word.
            Read in every language.
        vague_plurals: Plural scale words that state no number alone ("thousands",
            "milliers"). Read in every language.
        fraction_words: Words that make a number word a fraction ("two thirds", "trois
            quarts"): no figure. Read in every language.
        dot_ordinal_before: Articles and prepositions before an ordinal written "2." ("im
            2. Quartal"). Read in every language that writes ordinals so (CLDR).
        dot_ordinal_nouns: Nouns after such an ordinal ("Quartal", "Platz").
        thousand_endings: How a number word for a thousand ends ("mille", "tausend"): a
            number word ending so states thousands ("trois mille" is to the nearest 1,000).
        number_words: The number words text2num reads, or None when text2num does not
            cover the language. Keys: ``words`` (listed words) or ``compound`` (a regular
            expression of glued compounds, with ``starts``, their first two letters),
            ``joiners`` ("and", "point"), ``lone`` (words for one that double as articles:
            a figure only before a scale or percent word), ``stop`` (compound parts that
            are no number alone, "und").
        dozen_words: Regular expression of "a dozen" (12), or None.
        half_dozen_words: Regular expression of "half a dozen" (6), or None.
        and_a_half: Regular expression of "and a half" after a number or its scale word
            ("two and a half million", "deux millions et demi"), or None.
        half_compound: A half written as one word ("zweieinhalb", "anderthalb"): (regular
            expression of the words, first part -> whole number, the substrings that call
            for the reader), or None.
        article_scales: Regular expression of an article before a scale word ("a
            million"), where the article is no number word, or None.
        half_scales: Regular expression of half of a scale word ("half a million",
            "demi-milliard"), or None.
        special_hints: Substrings that call for the reader of dozens, halves and article
            phrases: the dozen word first, then the article phrases. Empty when none.
        dozens_after: Regular expression of the word for a dozen after a number, matched
            right after it ("three dozen" 36, "4 Dutzend" 48, "trois douzaines" 36), or None.
        minus_words: Words for minus before a number in words -> the words before them
            after which they are no sign ("moins trois" -3, but "ou moins trois"); a
            minus word after a number is arithmetic ("ten minus three"), never a sign.
        scale_and: "and" and its kin between the parts of a number in words after a
            scale word ("two million and four hundred thousand", "dos millones y
            cuatrocientos mil"): the parts are one number.
        decimal_words: Words between a number in words and its decimals that text2num
            does not read ("nueve con veinticinco" 9.25, "nueve punto cinco" 9.5); the
            decimal words text2num reads ("point", "virgule", "Komma") are joiners of
            ``number_words``.
        part_of_words: Words after a small count in words that make it a part of a whole
            ("three of the twelve regions", "trois des douze régions", "drei der zwölf"):
            such a count is a figure (see ``gate.figures.words._without_counts``).
        ordinal_words: Regular expression of an ordinal word, matched whole on a
            lowercase word: a number in words right before it (or before "and"/"et" and
            it) is part of an ordinal ("twenty first", "vingt et unième"), no figure.
            None when ordinals are glued to the number (de, nl).
        unaccented: How people type the number words without accents: a spelling of the
            number words -> the spellings typed for it ("é" -> "e", "fünf" -> "fuenf",
            "funf"; "ß" -> "ss"). Every number word, joiner and scale word is also read
            in each typed spelling; a glued compound is read after its typed spellings of
            two letters or more are put back ("zwoelf" is "zwölf").
    """

    code: str
    name: str
    scale_words: Mapping[str, int]
    percent_words: tuple[str, ...]
    hedge_words: Mapping[str, str]
    hedge_articles: Mapping[str, tuple[str, ...]]
    glued_prefixes: str
    denominator_words: tuple[str, ...]
    reference_words: frozenset[str]
    label_words: Mapping[str, int]
    between_words: frozenset[str]
    range_to: frozenset[str]
    range_and: frozenset[str]
    vague_plurals: frozenset[str]
    fraction_words: frozenset[str]
    dot_ordinal_before: frozenset[str]
    dot_ordinal_nouns: frozenset[str]
    thousand_endings: tuple[str, ...]
    number_words: Mapping[str, str] | None
    dozen_words: str | None
    half_dozen_words: str | None
    and_a_half: str | None
    half_compound: tuple[str, Mapping[str, int], tuple[str, ...]] | None
    article_scales: str | None
    half_scales: str | None
    special_hints: tuple[str, ...]
    dozens_after: str | None
    minus_words: Mapping[str, tuple[str, ...]]
    scale_and: frozenset[str]
    decimal_words: frozenset[str]
    part_of_words: frozenset[str]
    ordinal_words: str | None
    unaccented: Mapping[str, tuple[str, ...]]
    currency_names: frozenset[str]
    price_base_words: frozenset[str]
    age_words: frozenset[str]
    age_of_words: frozenset[str]
    age_at_words: frozenset[str]
    age_people_words: frozenset[str]
    look_back_words: frozenset[str]
    cumulated_words: frozenset[str]
    over_words: frozenset[str]
    period_articles: frozenset[str]
    duration_words: tuple[str, ...]
    ratio_connectors: tuple[str, ...]
    ratio_ones: tuple[str, ...]
    decrease_words: tuple[str, ...]
    decrease_in_clause: tuple[str, ...]
    increase_words: tuple[str, ...]
    lower_words: tuple[str, ...]


@dataclass(frozen=True)
class CheckWords:
    """The period, caveat and unit words of one language, for the code checks (gate/checks/).

    Attributes:
        quarter: nouns for a quarter ("quarter", "trimestre", "Quartal").
        half: nouns for a half-year ("half", "semestre", "Halbjahr").
        ordinals: ordinal words and abbreviations for 1 to 4 ("second", "2e", "2.").
        of: words between a period noun or month and its year ("of", "de", "van").
        labels: one-letter period labels before a number: quarter and half letters
            (``Q2``, ``T2``, ``K2``; ``H1``, ``S1``).
        noun_first: the ordinal follows the noun (Arabic: "الربع الثاني").
        fiscal: words that introduce a fiscal or school year ("FY", "exercice").
        year_to: phrases before a month (or day) meaning the 12 months ending then
            ("the year to", "in the 12 months to", "sur les douze mois jusqu'à").
        since: words after which a year is a starting point, not the figure's period.
        caveats: caveat kind -> words that state it ("provisional", "provisoire").
        years: words for a unit of years after a figure.
        per: words for a rate's base after a figure ("per", "pour", "pro").
        points: words for index points ("points", "Punkte").
        currency: currency words -> ISO 4217 code ("euros" -> EUR).
    """

    quarter: tuple[str, ...]
    half: tuple[str, ...]
    ordinals: dict[str, int]
    of: tuple[str, ...]
    labels: dict[str, str] = field(default_factory=dict)
    noun_first: bool = False
    fiscal: tuple[str, ...] = ()
    year_to: tuple[str, ...] = ()
    since: tuple[str, ...] = ()
    caveats: dict[str, tuple[str, ...]] = field(default_factory=dict)
    years: tuple[str, ...] = ()
    per: tuple[str, ...] = ()
    points: tuple[str, ...] = ()
    currency: dict[str, str] = field(default_factory=dict)
