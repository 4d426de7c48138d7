"""Chinese (zh): everything the figure reader knows of the language.

Chinese writes numbers glued to the words around them, with scale characters: "14.1亿人"
is 1,410,000,000 people, "134.9万亿元" is 1.349 x 10^14 yuan, "3万" is 30,000, "三千五百"
is 3,500, "百分之五" is 5%, "１４．１亿" (full-width digits) the same as "14.1亿". Those are
read by :mod:`gate.figures.glued` from :data:`NUMERALS`; digits standing apart ("失业率为5.1%")
by the digit reader with CLDR's separators.

兆: in today's mainland usage 兆 is the SI prefix mega (兆瓦 megawatt, 兆字节 megabyte,
兆赫 megahertz), while 10^12 is written 万亿; in Taiwan and in older and Japanese usage 兆
is 10^12 (1兆元 is a trillion yuan). A number written 兆 before a unit of measure is read as
10^6; anywhere else ("2兆元") as 10^12, the only number 兆 can mean when it states an amount,
since the mainland never writes a million as 兆 outside units (it writes 百万).

Every table is declared, with its meaning, in :class:`gate.figures.languages.base.Language`
and :class:`gate.figures.languages.base.Numerals`.
"""

from gate.figures.languages.base import CheckWords, Language, Numerals, words

NUMERALS = Numerals(
    digits={
        "〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6,
        "七": 7, "八": 8, "九": 9,
    },
    units={"十": 1, "拾": 1, "百": 2, "佰": 2, "千": 3, "仟": 3},
    scales={"万": 4, "萬": 4, "亿": 8, "億": 8, "兆": 12},
    prefix_scales={
        "兆": (6, ("瓦", "字节", "比特", "赫", "焦", "帕", "吨", "伏", "欧")),
        "千": (0, ("克", "米", "瓦", "卡", "焦", "帕", "赫", "伏", "字节", "比特")),  # kilo: "5千克" is 5 kg
    },
    decimal="点",
    percent_before=("百分之",),
    percent_after=("个百分点", "個百分點", "百分点", "百分點", "%", "％"),
    hedges_before={
        "大约": "about", "大概": "about", "约为": "about", "约合": "about", "约": "about", "約": "about",
        "接近": "under", "将近": "under", "將近": "under", "近": "under", "不到": "under", "不足": "under",
        "低于": "under", "少于": "under", "超过": "over", "超過": "over", "逾": "over", "高于": "over",
        "多于": "over", "至少": "at_least", "不少于": "at_least", "最多": "at_most", "不超过": "at_most",
    },
    hedges_after={
        "左右": "about", "上下": "about", "以上": "at_least", "以下": "at_most", "以内": "at_most",
        "有余": "over",
    },
    hedges_inside={"多": "over", "余": "over", "餘": "over"},
    units_before_hedge=2,
    not_before="第每",
    not_after=(
        "年", "月", "日", "号", "號", "时", "時", "点钟", "分钟", "秒", "岁", "歲", "周岁", "个月", "個月",
        "周", "週", "倍以上",
    ),
    measured_ages=("岁", "歲", "周岁"),
    minus_words=("负",),
)

LANGUAGE = Language(
    code="zh",
    name="Chinese",
    scale_words={"万": 4, "萬": 4, "亿": 8, "億": 8, "万亿": 12, "萬億": 12},
    percent_words=("个百分点", "個百分點", "百分点", "百分點"),
    hedge_words=dict(NUMERALS.hedges_before),
    hedge_articles={},
    glued_prefixes="",
    denominator_words=("每",),
    level_before_denominator=words(""),
    digit_scales={},
    level_words=words(""),
    amount_joiners=words(""),
    reference_words=words("表 图 圖 第 附表 附录 章 节 页"),
    label_words={},
    between_words=words(""),
    range_to=words("至 到"),
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
    decimal_words=words(""),
    part_of_words=words(""),
    ordinal_words=None,
    unaccented={},
    currency_names=words("元 人民币 美元 欧元"),
    price_base_words=words(""),
    age_words=words(""),
    age_of_words=words(""),
    age_at_words=words(""),
    age_people_words=words(""),
    look_back_words=words(""),
    cumulated_words=words("累计"),
    over_words=words(""),
    period_articles=words(""),
    duration_words=(),
    ratio_connectors=(),
    ratio_ones=(),
    decrease_words=("下降", "下跌", "减少", "降低", "回落", "萎缩", "收窄"),
    decrease_in_clause=("下降", "下跌", "减少", "降低", "回落", "萎缩", "赤字"),
    increase_words=("增长", "上升", "上涨", "增加", "提高"),
    lower_words=("低于", "少于"),
    band_words=(),
    age_units=(),
    age_hyphen_units=(),
    age_old_units=(),
    duration_nouns=words(""),
    hyphen_durations=(),
    or_words=words(""),
    older_words=words(""),
    older_continuations=(),
    last_words=words(""),
    period_to=(),
    group_words=words(""),
    group_most=(),
    group_after=(),
    than_words=(),
    confidence_before=("置信区间",),
    confidence_connectors=words(""),
    confidence_last=words(""),
    confidence_after=(),
    zero_compounds=(),
    time_words=(),
    fall_by=(),
    fall_further=(),
    fall_hedges=(),
    fall_across_words=None,
    fall_by_before_participle=(),
    decrease_participles=(),
    deficit_words=("赤字",),
    deficit_kinds=(),
    deficit_verbs=(),
    level_after_decrease=("至", "到"),
    age_of_prepositions=words(""),
    age_bounds=words(""),
    scale_nouns=words(""),
    scale_prepositions=words(""),
    confidence_abbreviations=words(""),
    confidence_hints=(),
)

#: The words of the code checks (stated periods, caveats, units): see gate/checks/.
CHECKS = CheckWords(
    quarter=("季度",),
    half=("半年",),
    ordinals={
        "第一": 1, "第1": 1, "一": 1, "1": 1, "第二": 2, "第2": 2, "二": 2, "2": 2,
        "第三": 3, "第3": 3, "三": 3, "3": 3, "第四": 4, "第4": 4, "四": 4, "4": 4,
    },
    of=(),
    glued=True,
    date_marks=("年", "月", "日"),
    year_mark=("年",),
    fiscal=("财年", "财政年度", "学年"),
    since=("自", "从"),
    caveats={
        "provisional": ("初步", "初值", "初步核算", "快报", "可能修订", "有待修订"),
        "estimated": ("估计", "估算", "推算"),
        "break": ("口径调整", "不可比", "统计口径变化"),
        "forecast": ("预测", "预计", "预期"),
    },
    years=("年", "岁"),
    per=("每",),
    points=("点",),
    currency={"元": "CNY", "人民币": "CNY", "美元": "USD", "欧元": "EUR"},
)
