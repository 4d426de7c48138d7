"""Arabic (ar): everything the figure reader knows of the language.

Separators and month names come from CLDR through Babel; the words are the project's own
lists. Every table is declared, with its meaning, in :class:`gate.figures.languages.base.Language`.
"""

from gate.figures.languages.base import CheckWords, Language, words

LANGUAGE = Language(
    code="ar",
    name="Arabic",
    scale_words={
        "ألف": 3, "الف": 3, "آلاف": 3, "الاف": 3, "ألفا": 3, "مليون": 6, "مليونا": 6, "ملايين": 6,
        "مليار": 9, "مليارا": 9, "مليارات": 9, "بليون": 9, "تريليون": 12, "ترليون": 12,
    },
    percent_words=("نقاط مئوية", "نقطة مئوية", "في المائة", "في المئة", "بالمائة", "بالمئة"),
    hedge_words={
        "حوالي": "about", "حوالى": "about", "نحو": "about", "قرابة": "about", "زهاء": "about",
        "ما يقارب": "about", "ما يقرب من": "about", "تقريبا": "about", "يناهز": "under",
        "ما يناهز": "under", "أقل من": "under", "اقل من": "under", "دون": "under",
        "أكثر من": "over", "اكثر من": "over", "ما يزيد على": "over", "ما يزيد عن": "over",
        "يزيد على": "over", "يزيد عن": "over", "ما لا يقل عن": "at_least", "لا يقل عن": "at_least",
        "لا تقل عن": "at_least", "لا يزيد على": "at_most", "لا يزيد عن": "at_most",
        "ما يصل إلى": "at_most", "ما يصل الى": "at_most",
    },
    hedge_articles={},
    glued_prefixes="وبلفك",
    denominator_words=("لكل", "من كل", "في كل"),
    reference_words=words("جدول الجدول شكل الشكل رسم صفحة ص. فقرة الفقرة فصل الفصل ملحق الملحق رقم"),
    label_words={},
    between_words=words(""),
    range_to=words(""),
    range_and=words(""),
    vague_plurals=words(""),
    fraction_words=words(""),
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
    scale_and=words(""),
    decimal_words=words(""),
    part_of_words=words("من"),
    ordinal_words=None,
    unaccented={"أ": ("ا",), "إ": ("ا",), "آ": ("ا",)},
    currency_names=words("دولار دولارا يورو دينار دينارا ريال ريالا درهم درهما جنيه جنيها"),
    price_base_words=words(""),
    age_words=words(""),
    age_of_words=words(""),
    age_at_words=words(""),
    age_people_words=words(""),
    look_back_words=words(""),
    cumulated_words=words(""),
    over_words=words(""),
    period_articles=words(""),
    duration_words=(),
    ratio_connectors=(),
    ratio_ones=(),
    decrease_words=(
        "انخفض", "انخفضت", "انخفاض", "تراجع", "تراجعت", "هبط", "هبطت", "هبوط", "انكمش", "انكمشت",
        "انكماش",
    ),
    decrease_in_clause=(
        "انخفض", "انخفضت", "انخفاض", "بانخفاض", "تراجع", "تراجعت", "هبط", "هبوط", "عجز", "عجزا",
        "عجزاً", "العجز",
    ),
    increase_words=("ارتفع", "ارتفعت", "ارتفاع", "بلغ", "وبلغ", "بلغت", "وبلغت"),
    lower_words=("أقل", "دون"),
)

#: The words of the code checks (stated periods, caveats, units): see gate/checks/.
CHECKS = CheckWords(
    quarter=("الربع",),
    half=("النصف",),
    ordinals={"الأول": 1, "الاول": 1, "الثاني": 2, "الثالث": 3, "الرابع": 4},
    of=("من عام", "من العام", "من سنة", "عام", "لعام", "من"),
    noun_first=True,
    fiscal=("السنة المالية", "العام المالي", "العام الدراسي"),
    year_to=("في العام المنتهي في", "في الاثني عشر شهرا المنتهية في", "في 12 شهرا المنتهية في", "العام المنتهي في"),
    since=("منذ",),
    caveats={
        "provisional": ("أولية", "أولي", "مؤقتة", "مؤقت", "قابلة للمراجعة", "قابل للمراجعة"),
        "estimated": ("تقديرية", "تقديري", "تقدير", "مقدرة", "مقدر"),
        "break": ("انقطاع في السلسلة", "غير قابلة للمقارنة", "غير قابل للمقارنة"),
        "forecast": ("توقعات", "توقع", "متوقعة", "إسقاط", "تنبؤ"),
    },
    years=("سنة", "سنوات", "عاما", "عامًا", "عام"),
    per=("لكل",),
    points=("نقطة", "نقاط"),
    currency={"دولار": "USD", "يورو": "EUR", "درهم": "AED", "جنيه": "EGP", "ريال": "SAR", "دينار": "KWD"},
)
