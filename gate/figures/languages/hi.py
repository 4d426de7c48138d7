"""Hindi (hi): everything the figure reader knows of the language.

Separators come from CLDR through Babel, with Indian grouping ("1,00,000" is 100,000;
"12,34,56,789") read in every language; Devanagari digits ("५") are read as digits. Scale
words are the project's own lists, with the Indian scales: lakh (लाख, 10^5) and crore
(करोड़, 10^7), arab (अरब, 10^9), written with or without the nukta ("करोड़", "करोड") and
in either form of it (precomposed or not). text2num does not read Hindi, so number words
are not read (``number_words`` is None). Every table is declared, with its meaning, in
:class:`gate.figures.languages.base.Language`.
"""

from gate.figures.languages.base import CheckWords, Language, words

_NUKTA = "\u093c"
#: Letters with a nukta written as one character -> as two (Unicode keeps the two in NFC).
_PRECOMPOSED = {"\u0958": "\u0915\u093c", "\u095b": "\u091c\u093c", "\u095c": "\u0921\u093c", "\u095e": "\u092b\u093c"}


def _spellings(text: str) -> list[str]:
    """The words of ``text`` as typed: with the nukta apart, as one character, and left out."""
    out: list[str] = []
    for word in text.split():
        apart = "".join(_PRECOMPOSED.get(c, c) for c in word)
        joined = apart
        for one, two in _PRECOMPOSED.items():
            joined = joined.replace(two, one)
        out += dict.fromkeys((apart, joined, apart.replace(_NUKTA, "")))
    return out


#: Hedges written after the number ("5 लाख से अधिक", "3% के आसपास"): read by
#: gate/figures/trailing.py.
HEDGES_AFTER = {
    "से अधिक": "over", **dict.fromkeys(_spellings("से ज़्यादा"), "over"), "से ऊपर": "over", "से कम": "under",
    "के आसपास": "about", **dict.fromkeys(_spellings("के क़रीब"), "about"), "तक": "at_most",
}

LANGUAGE = Language(
    code="hi",
    name="Hindi",
    scale_words={
        **dict.fromkeys(_spellings("हज़ार"), 3), "लाख": 5, **dict.fromkeys(_spellings("करोड़"), 7), "अरब": 9,
        "खरब": 11, "मिलियन": 6, "बिलियन": 9, "ट्रिलियन": 12,
    },
    percent_words=("प्रतिशत अंक", "प्रतिशत", *_spellings("फ़ीसदी")),
    hedge_words={
        "लगभग": "about", **dict.fromkeys(_spellings("क़रीब तक़रीबन"), "about"), "अनुमानित": "about", "कम से कम": "at_least", "न्यूनतम": "at_least",
        "अधिकतम": "at_most", "ज़्यादा से ज़्यादा": "at_most",
    },
    hedge_articles={},
    glued_prefixes="",
    denominator_words=("प्रति",),
    level_before_denominator=words(""),
    digit_scales={},
    level_words=words("रहा रही रहे था थी थे है हैं"),
    amount_joiners=words("और"),
    reference_words=words("तालिका चित्र अध्याय पृष्ठ खंड अनुलग्नक संख्या"),
    label_words={},
    between_words=words("बीच"),
    range_to=words("से"),
    range_and=words(""),
    vague_plurals=words("हज़ारों हजारों लाखों करोड़ों सैकड़ों"),
    fraction_words=words("आधा आधी तिहाई चौथाई"),
    dot_ordinal_before=words(""),
    dot_ordinal_nouns=words(""),
    thousand_endings=(),
    number_words=None,
    dozen_words=None,
    half_dozen_words=None,
    and_a_half=None,
    half_compound=None,
    article_scales=None,
    half_scales=None,
    special_hints=(),
    dozens_after=None,
    minus_words={},
    decimal_words=words(""),
    part_of_words=words("में"),
    ordinal_words=None,
    unaccented={},
    currency_names=words("रुपये रुपए रुपया डॉलर यूरो"),
    price_base_words=words("स्थिर"),
    age_words=words("आयु उम्र"),
    age_of_words=words(""),
    age_at_words=words(""),
    age_people_words=words(""),
    look_back_words=words("पिछले"),
    cumulated_words=words("संचयी"),
    over_words=words(""),
    period_articles=words(""),
    duration_words=("महीने", "महीनों", "वर्ष", "वर्षों", "साल"),
    ratio_connectors=("में से",),
    ratio_ones=("एक",),
    decrease_words=("घटकर", "घटा", "घटी", "गिरावट", "कमी", "गिरा", "गिरी"),
    decrease_in_clause=("घटकर", "घटा", "घटी", "गिरावट", "कमी", "गिरा", "गिरी", "घाटा", "घाटे"),
    increase_words=("बढ़कर", "बढ़ा", "बढ़ी", "वृद्धि"),
    # after the amount, where Hindi puts its verb: "0.5% घटी", "0.5 अंक कम", "2% गिरी"
    lower_words=("कम", "घट", "गिर"),
    band_words=(),
    age_units=("वर्ष", "साल"),
    age_hyphen_units=(),
    age_old_units=(),
    duration_nouns=words("महीने महीनों वर्ष वर्षों साल"),
    hyphen_durations=(),
    or_words=words("और या"),
    older_words=words("अधिक"),
    older_continuations=(),
    last_words=words("पिछले"),
    period_to=(),
    group_words=words(""),
    group_most=(),
    group_after=(),
    than_words=(),
    confidence_before=("विश्वास अंतराल",),
    confidence_connectors=words(""),
    confidence_last=words("अंतराल"),
    confidence_after=(),
    zero_compounds=(),
    time_words=(),
    fall_by=(),
    fall_further=(),
    fall_hedges=(),
    fall_across_words=None,
    fall_by_before_participle=(),
    decrease_participles=(),
    deficit_words=("घाटा", "घाटे"),
    deficit_kinds=("राजकोषीय", "बजट"),
    deficit_verbs=(),
    level_after_decrease=(),
    age_of_prepositions=words(""),
    age_bounds=words(""),
    scale_nouns=words(""),
    scale_prepositions=words(""),
    confidence_abbreviations=words(""),
    confidence_hints=(),
)

#: The words of the code checks (stated periods, caveats, units): see gate/checks/.
CHECKS = CheckWords(
    quarter=("तिमाही",),
    half=("छमाही",),
    ordinals={"पहली": 1, "पहला": 1, "प्रथम": 1, "दूसरी": 2, "दूसरा": 2, "द्वितीय": 2, "तीसरी": 3, "तीसरा": 3,
              "तृतीय": 3, "चौथी": 4, "चौथा": 4, "चतुर्थ": 4},
    of=(),
    year_mark=("की", "के"),
    fiscal=("वित्त वर्ष", "वित्तीय वर्ष", "शैक्षणिक वर्ष"),
    caveats={
        "provisional": ("अनंतिम", "अस्थायी", "प्रारंभिक", "संशोधित हो सकते"),
        "estimated": ("अनुमानित", "अनुमान"),
        "break": ("तुलनीय नहीं", "श्रृंखला में विराम"),
        "forecast": ("पूर्वानुमान", "प्रक्षेपण"),
    },
    years=("वर्ष", "साल"),
    per=("प्रति",),
    points=("अंक",),
    currency={"रुपये": "INR", "रुपए": "INR", "डॉलर": "USD", "यूरो": "EUR"},
)
