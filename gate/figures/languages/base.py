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
        level_before_denominator: Words after which a denominator word introduces a level,
            not a denominator ("belief sich auf 1 Million", "kwam uit op 100.000"): the
            verbs and particles before the prepositions that double as "per" ("auf", "op").
        digit_scales: Scale words and abbreviations read after digits only, with or
            without a space, case-sensitive, -> power of ten ("415 hundred", "25 k",
            "US$ 3 MM", "3 mil M"). Empty when none.
        level_words: Words before a stated value ("was", "de", "betrug"): after them a dash
            written with a space before a number is a minus ("de - 2,5 %"). A minus sign
            (U+2212) with a space is one after any word.
        amount_joiners: "and" and its kin: the words joining the two parts of an amount
            written with scale words ("3 milioni e 118mila", "2 millones y 300 mil"; the
            Arabic "و" is written glued to the second part), read in every language; and,
            in the text's own language, the parts of a number in words after a scale word
            ("two million and four hundred thousand", "dos millones y cuatrocientos
            mil": the parts are one number).
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
        band_words: Regular expressions of the words joining the two ends of an age band or scale
            ("15 to 24", "15 à 24 ans", "de 15 a 24 años", "15 bis 24"); a dash or slash joins
            them in every language.
        age_units: Regular expressions of the units of an age after a space ("years old", "ans",
            "Jahren"): the number before them defines a group.
        age_hyphen_units: Regular expressions of the units of an age glued with a hyphen ("15-year-olds",
            "15-Jährige").
        age_old_units: Regular expressions of the units that say "old" themselves ("years old", "jährig"):
            after a number they make it an age whatever precedes.
        duration_nouns: The nouns of durations as written after a number ("years", "mois", "Monaten"), for
            the quick test before the pattern of a defining number.
        hyphen_durations: Regular expressions of durations glued with a hyphen that define a period
            ("12-month average", "5-year survival").
        or_words: "and" and "or" between a number and "older" or "more" ("65 and older", "65 ans ou
            plus", "30 años y más").
        older_words: "older", "more" and their kin after such a conjunction ("plus", "más", "älter").
        older_continuations: Regular expressions of the words after "and over" that make it no group's bound
            ("108 and over the same period", "65 ans et plus de"): articles, "than" and
            prepositions.
        last_words: "last" and "first" between a number and a duration ("12 derniers mois", "die
            letzten 12 Monate" is a look-back word).
        period_to: Regular expressions of "to" after a duration, the period it ends with ("the 12
            months to June 2025", "les 12 mois jusqu'à juin").
        group_words: Words before a percentage that make it a part of a distribution ("the top 10%").
        group_most: Regular expressions of "the most" after a percentage, before a group word ("les
            10 % les plus riches", "die 10 % am reichsten").
        group_after: Regular expressions of the groups such a phrase names ("riches", "pobres",
            "ärmsten").
        than_words: Regular expressions of "than" after such a phrase: "un 10 % más pobres que" is a
            comparison, a result.
        confidence_before: Regular expressions of a confidence-interval phrase before its level, case
            insensitive ("IC", "confidence interval", "Konfidenzintervall"); the short ones
            (IC, CI) as whole words.
        confidence_connectors: Prepositions between such a phrase and the level ("IC à 95 %", "IC del 95%",
            "KI von 95 %").
        confidence_last: The last words such a phrase may end with before the level, lowercase ("ic",
            "interval", "confiance"): the quick test before the pattern.
        confidence_after: Regular expressions of the words after a percentage that make it a confidence
            level ("95% confidence interval", "95 % de confiance"), case insensitive.
        zero_compounds: Regular expressions of the nouns that make "zero" part of a compound ("zero-sum",
            "zero emissions"): no figure.
        time_words: Words after a number that make it a time of day ("10 a.m.", "10 Uhr", "10 h 30"),
            lowercase.
        fall_by: Regular expressions of "by" between a word of decrease and the amount ("fell by",
            "a reculé de", "cayó un", "sank um", "بنسبة").
        fall_further: Regular expressions of "further" after "by" ("fell a further 0.3%").
        fall_hedges: Regular expressions of the hedges between a word of decrease and the amount
            ("fell about 2%", "a baissé de près de 2 %").
        fall_across_words: Regular expression of a verb of decrease separated from "by" and the amount by other
            words of its clause, matched at the end of the text before the amount (German
            "sank im 2. Quartal um", Arabic "انخفض معدل البطالة بنسبة"), or None.
        fall_by_before_participle: Regular expressions of "by" before an amount whose participle of decrease comes after
            it ("ist um 0,4 % gesunken", "is met 0,4% gedaald").
        decrease_participles: Regular expressions of those participles ("gesunken", "gedaald").
        deficit_words: Regular expressions of "deficit", each with what may precede it (a deficit is stated
            as a magnitude and stored signed: "a deficit of 3.1% of GDP").
        deficit_kinds: Regular expressions of the adjectives of a deficit ("public", "budgétaire").
        deficit_verbs: Regular expressions of the verbs and prepositions between a deficit and its amount
            ("was", "s'élève à", "betrug", "بلغ").
        level_after_decrease: Regular expressions of the prepositions of a level after a word of decrease ("fell to
            5.1%", "down from 7.9%"): the amount is a level, not the change.
        age_of_prepositions: The prepositions after an age-of word before the age ("âgés de 15", "im Alter von
            15").
        age_bounds: Words of a bound after a people word before an age ("children under 5").
        scale_nouns: Nouns of a rating scale before its ends ("on a scale of 1 to 5").
        scale_prepositions: The prepositions between such a noun and its first end ("of", "from").
        confidence_abbreviations: Abbreviations of a confidence interval, lowercase ("ci", "ic", "ki").
        confidence_hints: Substrings, as written, of which one stands in a confidence phrase before its level
            ("onf" of "confidence", "IC "): the quick test before the pattern.
        dozens_after: Regular expression of the word for a dozen after a number, matched
            right after it ("three dozen" 36, "4 Dutzend" 48, "trois douzaines" 36), or None.
        minus_words: Words for minus before a number in words -> the words before them
            after which they are no sign ("moins trois" -3, but "ou moins trois"); a
            minus word after a number is arithmetic ("ten minus three"), never a sign.
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
    level_before_denominator: frozenset[str]
    digit_scales: Mapping[str, int]
    level_words: frozenset[str]
    amount_joiners: frozenset[str]
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
    band_words: tuple[str, ...]
    age_units: tuple[str, ...]
    age_hyphen_units: tuple[str, ...]
    age_old_units: tuple[str, ...]
    duration_nouns: frozenset[str]
    hyphen_durations: tuple[str, ...]
    or_words: frozenset[str]
    older_words: frozenset[str]
    older_continuations: tuple[str, ...]
    last_words: frozenset[str]
    period_to: tuple[str, ...]
    group_words: frozenset[str]
    group_most: tuple[str, ...]
    group_after: tuple[str, ...]
    than_words: tuple[str, ...]
    confidence_before: tuple[str, ...]
    confidence_connectors: frozenset[str]
    confidence_last: frozenset[str]
    confidence_after: tuple[str, ...]
    zero_compounds: tuple[str, ...]
    time_words: tuple[str, ...]
    fall_by: tuple[str, ...]
    fall_further: tuple[str, ...]
    fall_hedges: tuple[str, ...]
    fall_across_words: str | None
    fall_by_before_participle: tuple[str, ...]
    decrease_participles: tuple[str, ...]
    deficit_words: tuple[str, ...]
    deficit_kinds: tuple[str, ...]
    deficit_verbs: tuple[str, ...]
    level_after_decrease: tuple[str, ...]
    age_of_prepositions: frozenset[str]
    age_bounds: frozenset[str]
    scale_nouns: frozenset[str]
    scale_prepositions: frozenset[str]
    confidence_abbreviations: frozenset[str]
    confidence_hints: tuple[str, ...]


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
        respectively: words that pair the figures of a sentence with its periods in order
            ("respectively", "respectivement", "beziehungsweise", "على التوالي").
        relative: words that state a figure's period relative to another ("a year earlier",
            "the previous month", "im Vorjahr", "del trimestre anterior"): such a figure
            takes no period stated for another one.
        negations: words of "not" ("not", "pas", "nicht", "non", "غير").
        comparable: words of "comparable" ("comparable", "vergleichbar", "confrontabil"): a
            word of ``negations`` up to four words before one says a break in series
            ("non è confrontabile", "nicht mit früheren Jahren vergleichbar").
        week: nouns for a week before its number ("week", "semaine", "KW", "Kalenderwoche").
        nouns_capitalised: the language capitalises every noun (German), so an ordinal
            followed by a lowercase word stands without its noun ("im vierten bei 4,4 %").
        clitics: prefixes glued to a word that may come before a caveat word (Arabic "ال",
            "و", "ب": "التقديرات" says "تقديرات").
        glued: the language writes a period's ordinal and noun without a space between
            them ("第二季度").
        year_mark: words written right after a year before its period noun ("年",
            "yılının", "की"): the year comes first ("2025年第二季度").
        date_marks: the marks after a year, a month and a day in a date written with
            numbers ("年", "月", "日": "2024年6月30日"), or empty.
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
    respectively: tuple[str, ...] = ()
    relative: tuple[str, ...] = ()
    clitics: tuple[str, ...] = ()
    nouns_capitalised: bool = False
    week: tuple[str, ...] = ()
    negations: tuple[str, ...] = ()
    comparable: tuple[str, ...] = ()
    glued: bool = False
    year_mark: tuple[str, ...] = ()
    date_marks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Numerals:
    """The numerals of a language written without spaces (Chinese, Japanese): numbers
    glued to the words around them, with scale characters instead of scale words.

    A language file that has them sets ``NUMERALS`` beside ``LANGUAGE`` and ``CHECKS``;
    :mod:`gate.figures.glued` reads them. Every field is a plain string or mapping of the
    characters as written (no regular expressions).

    Attributes:
        digits: numeral characters -> their digit ("三" -> 3, "〇" -> 0, "两" -> 2).
        units: the small units inside a group of four digits -> power of ten ("十" 1,
            "百" 2, "千" 3): "三千五百" is 3,500.
        scales: the large units -> power of ten ("万" 4, "亿" 8, "兆" 12 in Japanese):
            "1億2,380万" is 123,800,000; two written together multiply ("万亿" 12).
        prefix_scales: large units that are an SI prefix before a unit of measure -> (its
            power there, the units): Chinese "兆" before "瓦" (megawatt) is 10^6.
        decimal: the word for the decimal point between numerals ("点": "三点五" 3.5), or "".
        percent_before: words before a number that make it a percentage ("百分之五" 5%).
        percent_after: words after a number that make it a percentage or percentage
            points ("%", "％", "个百分点", "パーセント"), longest first.
        hedges_before: hedge words right before a number -> hedge ("约" about, "超过" over).
        hedges_after: hedge words after a number, or after its unit ("100万人以上") ->
            hedge ("左右" about, "以上" at_least, "未満" under).
        hedges_inside: words between a number and its scale or after it that make it a
            lower bound ("100多万", "300余万": over).
        units_before_hedge: how many characters of a counter or unit ("人", "元", "円")
            may stand between a number and a hedge after it.
        not_before: characters before a number that make it no figure: an ordinal ("第"),
            "every" ("每": a denominator).
        not_after: words after a number that make it no figure: dates and times ("年",
            "月", "日"), ages ("岁"), durations ("个月"), ranks, denominators ("当たり").
        measured_ages: the words of ``not_after`` after which a number with decimals is a
            figure all the same: a measured age ("预期寿命为78.6岁", "平均寿命は84.1歳"),
            where a whole number defines a group ("65岁以上").
        minus_words: words for minus right before a number ("マイナス0.4%", "负三百亿").
    """

    digits: Mapping[str, int]
    units: Mapping[str, int]
    scales: Mapping[str, int]
    prefix_scales: Mapping[str, tuple[int, tuple[str, ...]]]
    decimal: str
    percent_before: tuple[str, ...]
    percent_after: tuple[str, ...]
    hedges_before: Mapping[str, str]
    hedges_after: Mapping[str, str]
    hedges_inside: Mapping[str, str]
    units_before_hedge: int
    not_before: str
    not_after: tuple[str, ...]
    measured_ages: tuple[str, ...]
    minus_words: tuple[str, ...]


@dataclass(frozen=True)
class SpelledNumbers:
    """The number words of a language text2num does not read (Russian, Polish, Turkish),
    for :mod:`gate.figures.spelled`: a number in words is a run of these words and the
    language's scale words (``Language.scale_words``), each added or multiplied in turn.

    A language file that has them sets ``SPELLED`` beside ``LANGUAGE``.

    Attributes:
        values: every form of a number word below a thousand -> its value, as a decimal
            string ("три", "трёх", "трех" -> "3"; "полтора" -> "1.5"; Turkish "buçuk", a half
            after a number -> "0.5"). Words that add up within a group of three digits.
        multipliers: words that multiply the number before them within a group -> power of
            ten (Turkish "yüz" 2: "iki yüz" is 200).
        lone: words for one that are no figure alone ("один", "bir", "jeden": "one of",
            an article); they are read before a scale or percent word.
        minus: words for minus right before a number in words ("минус", "eksi").
        points: words between a number in words and its decimals ("przecinek", "virgül",
            "целых"): the decimals are the digits of the number after them ("dwadzieścia
            trzy przecinek trzydzieści osiem" 23.38), or, before a word of ``fractions``,
            that number of tenths, hundredths... ("пятнадцать целых восемьдесят две сотых"
            15.82).
        fractions: the words naming the decimals' place after a point word -> how many
            decimals ("десятых" 1, "сотых" 2, "тысячных" 3).
        glued: number words may be written as one word ("altmışiki", "üçyüzbin",
            "onvirgüldoksan"): a word that splits wholly into number, scale, minus and
            point words is read as those words.
    """

    values: Mapping[str, str]
    multipliers: Mapping[str, int]
    lone: frozenset[str]
    minus: frozenset[str]
    points: frozenset[str]
    fractions: Mapping[str, int]
    glued: bool
