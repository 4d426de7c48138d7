"""English (en): everything the figure reader knows of the language.

Separators and month names come from CLDR through Babel; the words are the project's own
lists. Every table is declared, with its meaning, in :class:`gate.figures.languages.base.Language`.
"""

from gate.figures.languages.base import CheckWords, Language, words

LANGUAGE = Language(
    code="en",
    name="English",
    scale_words={
        "thousand": 3, "thousands": 3, "million": 6, "millions": 6, "mn": 6, "mln": 6,
        "billion": 9, "billions": 9, "bn": 9, "bln": 9, "trillion": 12, "trillions": 12, "tn": 12,
        "trn": 12, "lakh": 5, "lakhs": 5, "crore": 7, "crores": 7,
    },
    percent_words=(
        "percentage points", "percentage point", "percent", "per cent", "pct", "pp", "p.p.",
    ),
    hedge_words={
        "about": "about", "around": "about", "approximately": "about", "approx.": "about",
        "approx": "about", "roughly": "about", "circa": "about", "ca.": "about", "c.": "about",
        "some": "about", "close to": "about", "an estimated": "about", "estimated": "about",
        "nearly": "under", "almost": "under", "just under": "under", "under": "under",
        "below": "under", "less than": "under", "fewer than": "under", "just below": "under",
        "slightly less than": "under", "not quite": "under", "over": "over", "more than": "over",
        "above": "over", "just over": "over", "exceeding": "over", "in excess of": "over",
        "upwards of": "over", "slightly more than": "over", "well over": "over",
        "at least": "at_least", "no less than": "at_least", "no fewer than": "at_least",
        "a minimum of": "at_least", "at most": "at_most", "up to": "at_most",
        "no more than": "at_most", "not more than": "at_most", "a maximum of": "at_most",
        "not less than": "at_least", "not fewer than": "at_least",
    },
    hedge_articles={},
    glued_prefixes="",
    denominator_words=("per", "per every", "for every"),
    level_before_denominator=words(""),
    digit_scales={"hundred": 2, "k": 3, "K": 3, "MM": 6},
    level_words=words("was were is are of at to by from reached totalled totaled stood"),
    amount_joiners=words("and"),
    reference_words=words(
        "table tables tab. figure figures fig. chart graph section sections chapter page rev. "
        "revision code codes pages p. pp. annex appendix box item note footnote row column "
        "line step question indicator indicators goal target no. nos. nr. version v. article "
        "art. paragraph para. volume vol. issue wave round phase tier grade rank ranked level "
        "source sources doc docs ref ref. refs."
    ),
    label_words={
        "quarter": 4, "semester": 2, "week": 53, "wk.": 53, "quintile": 5, "decile": 10,
        "quartile": 4, "tercile": 4, "percentile": 99, "centile": 99,
    },
    between_words=words("between"),
    range_to=words("to"),
    range_and=words("and"),
    vague_plurals=words("hundreds thousands millions billions dozens tens scores"),
    fraction_words=words("half halves third thirds quarter quarters fifth fifths tenth tenths"),
    dot_ordinal_before=words(""),
    dot_ordinal_nouns=words(""),
    thousand_endings=("thousand",),
    number_words={
        "words": (
            "zero one two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty "
            "seventy eighty ninety hundred thousand"
        ),
        "joiners": "and point",
        "lone": "one",
    },
    dozen_words=r"(?:a|one)\s+dozen",
    half_dozen_words=r"half\s+a\s+dozen",
    and_a_half=r"(?i)\s+and\s+a\s+half(?![^\W\d_])",
    half_compound=None,
    article_scales=r"an?\s+(?=(?:million|billion|trillion)\b)",
    half_scales=r"(?:an?\s+)?half\s+(?:an?\s+)?(?=(?:million|billion|trillion)\b)",
    special_hints=(
        "dozen", "a million", "a billion", "a trillion", "one million", "one billion",
        "one trillion", "half million", "half billion", "half trillion",
    ),
    dozens_after=r"(?i)\s+dozens?(?![^\W\d_])",
    minus_words={"minus": ()},
    decimal_words=words(""),
    part_of_words=words("of"),
    ordinal_words=(
        r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth"
        r"|[a-z]+teenth|[a-z]+ieth|hundredth|thousandth|millionth|billionth"
    ),
    unaccented={},
    currency_names=words(
        "euro euros dollar dollars pound pounds sterling franc francs yen yuan renminbi peso "
        "pesos rupee rupees dirham dirhams riyal riyals rial rials dinar dinars naira "
        "shilling shillings kronor kroner krona krone zloty złoty lira rubles roubles cedis "
        "kwacha ringgit baht"
    ),
    price_base_words=words("in constant real"),
    age_words=words("aged age ages"),
    age_of_words=words(""),
    age_at_words=words("at"),
    age_people_words=words(
        "children child kids infants babies boys girls people persons adults women men"
    ),
    look_back_words=words("past last previous preceding"),
    cumulated_words=words("accumulated cumulative cumulated"),
    over_words=words("over in"),
    period_articles=words("the"),
    duration_words=("months?", "years?", "weeks?", "days?", "quarters?", "decades?"),
    ratio_connectors=("in", r"out\s+of", r"of\s+every", r"in\s+every"),
    ratio_ones=("one",),
    decrease_words=(
        "fell", "falls?", "fallen", "dropped", "drops?", "declined", "declines?", "decreased",
        "decreases?", "shrank", "shrunk", "contracted", "slipped", "sank", "down",
        r"(?:decline|decrease|drop|fall|reduction|contraction)\s+of",
    ),
    decrease_in_clause=(
        "fall(?:s|ing|en)?", "fell", "declin(?:e|es|ed|ing)", "decreas(?:e|es|ed|ing)",
        "drop(?:s|ped|ping)?", "down", "shr[iau]nk(?:ing)?", "contract(?:ed|ion|ing)",
        "deficits?", "lower", "below",
    ),
    increase_words=(
        "r[oi]se", "rising", "risen", "gr[eo]w", "grown", "growing", "increas(?:e|ed|es|ing)",
        "up", "narrow(?:ed|s|ing)?", "improv(?:e|ed|es|ing)",
    ),
    lower_words=("lower", "less", "below", "down", "smaller", "fewer"),
    band_words=("to", "and"),
    age_units=(r"years?[ -]olds?",),
    age_hyphen_units=("years?-olds?",),
    age_old_units=(r"years?[ -]olds?",),
    duration_nouns=words("year years month months week weeks day days quarter quarters decades"),
    hyphen_durations=("years?", "months?", "weeks?", "days?", "quarters?", "hours?", "decades?"),
    or_words=words("and or"),
    older_words=words("older over above more"),
    older_continuations=("than", "the", "a", "an", "that", "this", "those", "its", "their", "half", "of", "in", "on", "at", "for", "during"),
    last_words=words(""),
    period_to=("to", "ending", "ended", "through", "until", r"up\s+to"),
    group_words=words("top bottom poorest richest wealthiest lowest-income highest-income"),
    group_most=(),
    group_after=(),
    than_words=("than",),
    confidence_before=(r"\bCI", r"confidence(?:\s+interval)?"),
    confidence_connectors=words("at"),
    confidence_last=words("ci confidence interval"),
    confidence_after=("confidence", r"CI\b", "credible"),
    zero_compounds=("width", "tolerance", "hunger", "emissions?", "waste", "carbon", "sum", "based", "rated", "day", "hour"),
    time_words=("a.m.", "p.m.", "am", "pm"),
    fall_by=("by", "of"),
    fall_further=(r"(?:a\s+)?further",),
    fall_hedges=("about", "around", "nearly", "almost", "roughly", "some", "just", "over", "under", r"more\s+than", r"less\s+than"),
    fall_across_words=None,
    fall_by_before_participle=(),
    decrease_participles=(),
    deficit_words=(r"\bdeficits?",),
    deficit_kinds=("public", "budget", "fiscal", "primary"),
    deficit_verbs=("was", "is", r"stood\s+at", "reached", r"amounted\s+to", r"came\s+to", "of", "at", "to"),
    level_after_decrease=("to", "from", "at"),
    age_of_prepositions=words(""),
    age_bounds=words("under over"),
    scale_nouns=words("scale"),
    scale_prepositions=words("of from"),
    confidence_abbreviations=words("ci"),
    confidence_hints=("onf", "CI "),
)

#: The words of the code checks (stated periods, caveats, units): see gate/checks/.
CHECKS = CheckWords(
    quarter=("quarter",),
    half=("half", "half-year", "half year"),
    ordinals={"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4},
    of=("of",),
    labels={"q": "quarter", "h": "half"},
    fiscal=("fy", "fiscal year", "financial year", "school year"),
    year_to=("the year to", "the year ending", "the year ended", "the 12 months to", "the twelve months to",
             "the 12 months ending", "the 12 months ended", "year to", "year ending", "12 months to"),
    since=("since",),
    caveats={
        "provisional": ("provisional", "preliminary", "subject to revision", "may be revised", "not final",
                        "could be revised", "will be revised", "to be revised", "not yet final", "unrevised"),
        "estimated": ("estimate", "estimated", "estimation", "imputed", "modelled", "modeled", "nowcast"),
        "break": ("break in the series", "break in series", "series break", "not comparable", "change in method",
                  "break in the time series", "breaks in the series", "discontinuit", "not directly comparable",
                  "not strictly comparable", "not fully comparable", "methodological change", "change of method",
                  "change in methodology"),
        "forecast": ("forecast", "projection", "projected", "predict", "expected to", "outlook"),
    },
    years=("years", "year"),
    per=("per",),
    points=("points", "point", "index points"),
    currency={"dollars": "USD", "dollar": "USD", "euros": "EUR", "euro": "EUR", "pounds": "GBP", "pound": "GBP"},
    respectively=("respectively", "resp."),
    relative=("earlier", "before", "previous", "preceding", "prior year", "prior month", "prior quarter", "ago",
              "last year", "last month", "last quarter", "last week"),
    week=("week",),
    negations=("not", "no longer", "cannot be"),
    comparable=("comparable", "compared"),
)
