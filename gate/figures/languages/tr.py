"""Turkish (tr): everything the figure reader knows of the language.

Separators (a dot groups, a comma is the decimal mark) and the percent sign written before
the number ("%8,7") come from CLDR through Babel; the words are the project's own lists:
scale words and their abbreviations ("1,2 milyar", "425 mn", "3 bin"). Suffixes glued with
an apostrophe ("%8,7'ye", "1,2 milyar'a") end the number. text2num does not read Turkish,
so number words are not read (``number_words`` is None). Every table is declared, with its
meaning, in :class:`gate.figures.languages.base.Language`.
"""

from gate.figures.languages.base import CheckWords, Language, SpelledNumbers, words

#: Scale words with the case endings Turkish glues to them ("5 milyondan fazla", "3 milyara",
#: "2 bin kişilik"), each with its vowel harmony.
_INFLECTED = {
    base + ending: power
    for base, power, endings in (
        ("bin", 3, "e de den i in le lik"),
        ("milyon", 6, "a da dan u un la luk"),
        ("milyar", 9, "a da dan ı ın la lık"),
        ("trilyon", 12, "a da dan u un la luk"),
    )
    for ending in endings.split()
}

#: Hedges written after the number, past a case ending glued to it ("100'den fazla", "%5'in
#: üzerinde", "5 milyon civarında"): read by gate/figures/trailing.py.
HEDGES_AFTER = {
    "fazla": "over", "fazlası": "over", "aşkın": "over", "üzerinde": "over", "üstünde": "over",
    "civarında": "about", "dolayında": "about", "kadar": "at_most", "az": "under", "altında": "under",
}

#: Number words (read by gate/figures/spelled.py: text2num lacks Turkish); "yüz" multiplies
#: ("iki yüz" 200) and "buçuk" adds a half ("iki buçuk milyon" 2,500,000).
SPELLED = SpelledNumbers(
    values={
        "bir": "1", "iki": "2", "üç": "3", "dört": "4", "beş": "5", "altı": "6", "yedi": "7", "sekiz": "8",
        "dokuz": "9", "on": "10", "yirmi": "20", "otuz": "30", "kırk": "40", "elli": "50", "altmış": "60",
        "yetmiş": "70", "seksen": "80", "doksan": "90", "buçuk": "0.5",
    },
    multipliers={"yüz": 2},
    lone=frozenset({"bir"}),
    minus=frozenset({"eksi"}),
    points=words("virgül"),
    fractions={},
    glued=True,
)

#: Percent words written before the number ("yüzde 8,7" is 8.7%), as "%" is ("%8,7").
PERCENT_BEFORE = ("yüzde",)

LANGUAGE = Language(
    code="tr",
    name="Turkish",
    scale_words={
        "bin": 3, "milyon": 6, "mn": 6, "mln": 6, "milyar": 9, "mlr": 9, "mr": 9, "trilyon": 12,
        "trl": 12, **_INFLECTED,
    },
    percent_words=("yüzde puan", "puanlık", "yüzdelik puan"),
    hedge_words={
        "yaklaşık": "about", "yaklaşık olarak": "about", "tahminen": "about", "aşağı yukarı": "about",
        "neredeyse": "under", "hemen hemen": "under", "en az": "at_least", "asgari": "at_least",
        "en fazla": "at_most", "en çok": "at_most", "azami": "at_most",
    },
    hedge_articles={},
    glued_prefixes="",
    denominator_words=("her",),
    level_before_denominator=words(""),
    digit_scales={},
    level_words=words("oldu olarak idi"),
    amount_joiners=words("ve"),
    reference_words=words("tablo şekil grafik bölüm sayfa ek madde soru gösterge hedef no"),
    label_words={"çeyrek": 4},
    between_words=words(""),
    range_to=words("ile"),
    range_and=words(""),
    vague_plurals=words("yüzlerce binlerce milyonlarca milyarlarca onlarca"),
    fraction_words=words("yarısı üçte dörtte"),
    dot_ordinal_before=words(""),
    dot_ordinal_nouns=words("çeyrek çeyrekte çeyreğinde sıra sırada"),
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
    part_of_words=words(""),
    ordinal_words=None,
    unaccented={"ş": ("s",), "ı": ("i",), "ç": ("c",), "ğ": ("g",), "ü": ("u",), "ö": ("o",)},
    currency_names=words("lira tl dolar avro euro"),
    price_base_words=words("sabit"),
    age_words=words("yaş yaşındaki"),
    age_of_words=words(""),
    age_at_words=words(""),
    age_people_words=words(""),
    look_back_words=words("son"),
    cumulated_words=words("kümülatif birikimli"),
    over_words=words(""),
    period_articles=words(""),
    duration_words=("ay", "yıl", "hafta", "gün"),
    ratio_connectors=(),
    ratio_ones=(),
    decrease_words=("azaldı", "düştü", "geriledi", "daraldı", "azalış", "düşüş", "gerileme"),
    decrease_in_clause=("azaldı", "düştü", "geriledi", "daraldı", "azalış", "düşüş", "açık", "açığı"),
    increase_words=("arttı", "yükseldi", "büyüdü", "artış"),
    # after the amount, where Turkish puts its verb: "0,5 puan azaldı", "%2 geriledi"
    lower_words=(r"daha\s+düşük", "altında", "azaldı", "düştü", "geriledi", "daraldı", "azalarak", "düşerek"),
    band_words=(),
    age_units=("yaş",),
    age_hyphen_units=(),
    age_old_units=(),
    duration_nouns=words("ay yıl hafta gün"),
    hyphen_durations=(),
    or_words=words("ve veya"),
    older_words=words("üzeri"),
    older_continuations=(),
    last_words=words("son"),
    period_to=(),
    group_words=words(""),
    group_most=(),
    group_after=(),
    than_words=(),
    confidence_before=("güven aralığı",),
    confidence_connectors=words(""),
    confidence_last=words("aralığı"),
    confidence_after=(),
    zero_compounds=(),
    time_words=(),
    fall_by=(),
    fall_further=(),
    fall_hedges=(),
    fall_across_words=None,
    fall_by_before_participle=(),
    decrease_participles=(),
    deficit_words=(r"(?<![^\W\d_])açı[kğ]",),
    deficit_kinds=("bütçe", "cari"),
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
    quarter=("çeyrek", "çeyrekte", "çeyreğinde", "çeyreği", "çeyreğin"),
    half=("yarı", "yarıda", "yarısında", "yarıyıl", "yarıyılda"),
    ordinals={"birinci": 1, "ilk": 1, "1.": 1, "ikinci": 2, "2.": 2, "üçüncü": 3, "3.": 3, "dördüncü": 4,
              "son": 4, "4.": 4},
    of=(),
    year_mark=("yılının", "yılı", "yılında", "'in", "'ın", "'nin", "'nın", "’in", "’ın", "’nin", "’nın"),
    fiscal=("mali yıl", "mali yılı", "öğretim yılı"),
    caveats={
        "provisional": ("geçici", "öncü", "revize edilebilir"),
        "estimated": ("tahmini", "tahmin"),
        "break": ("seri kırılması", "karşılaştırılamaz"),
        "forecast": ("öngörü", "projeksiyon", "beklenti"),
    },
    years=("yıl", "yaş"),
    per=("başına",),
    points=("puan",),
    currency={"lira": "TRY", "tl": "TRY", "dolar": "USD", "avro": "EUR", "euro": "EUR"},
)
