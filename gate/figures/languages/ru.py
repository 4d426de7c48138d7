"""Russian (ru): everything the figure reader knows of the language.

Separators (a no-break space groups, a comma is the decimal mark) and month names come
from CLDR through Babel; the words are the project's own lists. Scale words are listed in
every case and number the grammar asks of them (``тысяча``, ``тысячи``, ``тысяч``;
``миллион``, ``миллиона``, ``миллионов``) and as statistics offices abbreviate them
(``тыс.``, ``млн``, ``млрд``, ``трлн``): "146,2 миллиона" is 146,200,000. text2num does not
read Russian, so number words are not read (``number_words`` is None). Every table is
declared, with its meaning, in :class:`gate.figures.languages.base.Language`.
"""

from gate.figures.languages.base import CheckWords, Language, SpelledNumbers, words


def _forms(table: str) -> dict[str, str]:
    """"3 три трёх трех" lines -> every form -> its value."""
    out: dict[str, str] = {}
    for line in table.strip().splitlines():
        value, *forms = line.split()
        out.update(dict.fromkeys(forms, value))
    return out


#: Endings of an ordinal written with digits and a hyphen ("2-й", "во 2-м квартале", "1-го
#: января", "3-е место"): no figure. Read in every language (they are Cyrillic).
ORDINAL_SUFFIXES = (
    "й", "я", "е", "го", "м", "му", "ом", "ый", "ой", "ая", "ое", "ые", "ых", "х", "ми",
    # adjectives of age and duration, read as beginnings: "15-летние", "12-месячный"
    "летн*", "месячн*", "недельн*", "дневн*", "часов*", "комнатн*",
)

#: Number words in their cases (read by gate/figures/spelled.py: text2num lacks Russian).
SPELLED = SpelledNumbers(
    values=_forms("""
        1 один одна одно одного одной одному одним одном
        1.5 полтора полторы полутора
        2 два две двух двум двумя
        3 три трёх трех трём трем тремя
        4 четыре четырёх четырех четырём четырем четырьмя
        5 пять пяти пятью
        6 шесть шести шестью
        7 семь семи семью
        8 восемь восьми восемью
        9 девять девяти девятью
        10 десять десяти десятью
        11 одиннадцать одиннадцати
        12 двенадцать двенадцати
        13 тринадцать тринадцати
        14 четырнадцать четырнадцати
        15 пятнадцать пятнадцати
        16 шестнадцать шестнадцати
        17 семнадцать семнадцати
        18 восемнадцать восемнадцати
        19 девятнадцать девятнадцати
        20 двадцать двадцати
        30 тридцать тридцати
        40 сорок сорока
        50 пятьдесят пятидесяти
        60 шестьдесят шестидесяти
        70 семьдесят семидесяти
        80 восемьдесят восьмидесяти
        90 девяносто девяноста
        100 сто ста
        200 двести двухсот
        300 триста трёхсот трехсот
        400 четыреста четырёхсот четырехсот
        500 пятьсот пятисот
        600 шестьсот шестисот
        700 семьсот семисот
        800 восемьсот восьмисот
        900 девятьсот девятисот
    """),
    multipliers={},
    lone=frozenset({"один", "одна", "одно", "одного", "одной", "одному", "одним", "одном"}),
    minus=frozenset({"минус"}),
    points=words("целых целая целой"),
    fractions={
        "десятых": 1, "десятая": 1, "десятой": 1, "сотых": 2, "сотая": 2, "сотой": 2, "тысячных": 3,
        "тысячная": 3, "тысячной": 3,
    },
    glued=False,
)

_THOUSAND = "тысяча тысячи тысяч тысячу тысячей тысячами тысячах тыс. тыс"
_MILLION = "миллион миллиона миллионов миллионы миллионам миллионами миллионах млн млн."
_BILLION = "миллиард миллиарда миллиардов миллиарды миллиардам миллиардами миллиардах млрд млрд."
_TRILLION = "триллион триллиона триллионов триллионы триллионами триллионах трлн трлн."

LANGUAGE = Language(
    code="ru",
    name="Russian",
    scale_words={
        **{w: 3 for w in _THOUSAND.split()}, **{w: 6 for w in _MILLION.split()},
        **{w: 9 for w in _BILLION.split()}, **{w: 12 for w in _TRILLION.split()},
    },
    percent_words=(
        "процентных пункта", "процентных пунктов", "процентный пункт", "процентного пункта",
        "п.п.", "процента", "процентов", "процент",
    ),
    hedge_words={
        "около": "about", "примерно": "about", "приблизительно": "about", "порядка": "about",
        "почти": "under", "чуть менее": "under", "менее": "under", "меньше": "under",
        "менее чем": "under", "не более": "at_most", "не более чем": "at_most", "не больше": "at_most",
        "более": "over", "больше": "over", "свыше": "over", "более чем": "over", "чуть более": "over",
        "не менее": "at_least", "не менее чем": "at_least", "как минимум": "at_least",
        "по меньшей мере": "at_least", "максимум": "at_most", "около ~": "about",
    },
    hedge_articles={},
    glued_prefixes="",
    denominator_words=("на", "на каждые", "в расчёте на", "в расчете на"),
    # "вырос на 100 тыс.", "снизилась на 1 %": after a verb of change "на" gives the change
    level_before_denominator=words(
        "вырос выросла выросло выросли увеличился увеличилась увеличилось увеличились "
        "снизился снизилась снизилось снизились сократился сократилась сократилось сократились "
        "упал упала упало упали уменьшился уменьшилась уменьшилось уменьшились повысился "
        "повысилась повысилось возрос возросла возросло понизился понизилась составил составила "
        "составило составили оценивается"
    ),
    digit_scales={},
    level_words=words("составил составила составило составили составляет составляют достиг достигла был была было"),
    amount_joiners=words("и"),
    reference_words=words(
        "таблица таблице таблицы табл. рисунок рисунке рис. график раздел разделе глава главе "
        "страница стр. с. приложение приложении пункт п. статья ст. строка столбец вопрос "
        "индикатор показатель цель задача №"
    ),
    label_words={"квартал": 4, "квартале": 4, "полугодие": 2, "квинтиль": 5, "дециль": 10},
    between_words=words("между"),
    range_to=words("до"),
    range_and=words(""),
    vague_plurals=words("сотни тысячи миллионы миллиарды десятки"),
    fraction_words=words("половина половины треть трети четверть четверти"),
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
    part_of_words=words("из"),
    ordinal_words=None,
    unaccented={"ё": ("е",)},
    currency_names=words("рублей рубля рубль долларов доллара доллар евро"),
    price_base_words=words("в постоянных"),
    age_words=words("возрасте"),
    age_of_words=words(""),
    age_at_words=words(""),
    age_people_words=words("детей дети лиц люди населения"),
    look_back_words=words("последние прошедшие"),
    cumulated_words=words("накопленная накопленный"),
    over_words=words("за"),
    period_articles=words(""),
    duration_words=("месяцев", "месяца", "лет", "года", "недель", "дней"),
    ratio_connectors=("из",),
    ratio_ones=("один", "одна", "каждый", "каждая"),
    decrease_words=(
        "снизил(?:ся|ась|ось|ись)", "сократил(?:ся|ась|ось|ись)", "упал[аои]?", "уменьшил(?:ся|ась|ось|ись)",
        "понизил(?:ся|ась|ось|ись)", "снижение", "сокращение", "падение",
    ),
    decrease_in_clause=(
        "снизил(?:ся|ась|ось|ись)", "сократил(?:ся|ась|ось|ись)", "упал[аои]?", "уменьшил(?:ся|ась|ось|ись)",
        "снижени[ея]", "сокращени[ея]", "падени[ея]", "дефицит[а]?",
    ),
    increase_words=("вырос(?:ла|ло|ли)?", "увеличил(?:ся|ась|ось|ись)", "повысил(?:ся|ась|ось|ись)", "рост"),
    lower_words=("ниже", "меньше"),
    band_words=("до",),
    age_units=("лет", "года"),
    age_hyphen_units=("летн[а-я]*",),
    age_old_units=(),
    duration_nouns=words("месяцев месяца лет года недель дней"),
    hyphen_durations=(),
    or_words=words("и или"),
    older_words=words("старше более"),
    older_continuations=(),
    last_words=words("последних последние"),
    period_to=(),
    group_words=words(""),
    group_most=(),
    group_after=(),
    than_words=("чем",),
    confidence_before=("доверительный\\s+интервал", "доверительного\\s+интервала"),
    confidence_connectors=words(""),
    confidence_last=words("интервал интервала"),
    confidence_after=(),
    zero_compounds=(),
    time_words=(),
    fall_by=("на",),
    fall_further=(),
    fall_hedges=("около", "почти", "примерно", r"более", r"менее"),
    fall_across_words=None,
    fall_by_before_participle=(),
    decrease_participles=(),
    deficit_words=(r"(?<![^\W\d_])дефицит",),
    deficit_kinds=("бюджета", "бюджетный", "государственного"),
    deficit_verbs=("составил", "составляет", "в размере"),
    level_after_decrease=("до", "с"),
    age_of_prepositions=words(""),
    age_bounds=words("младше старше"),
    scale_nouns=words("шкале"),
    scale_prepositions=words("от"),
    confidence_abbreviations=words("ди"),
    confidence_hints=("доверит",),
)

#: The words of the code checks (stated periods, caveats, units): see gate/checks/.
CHECKS = CheckWords(
    quarter=("квартал", "квартале", "квартала", "кв."),
    half=("полугодие", "полугодии", "полугодия"),
    ordinals={
        "первый": 1, "первом": 1, "первого": 1, "i": 1, "1-й": 1, "1-м": 1,
        "второй": 2, "втором": 2, "второго": 2, "ii": 2, "2-й": 2, "2-м": 2,
        "третий": 3, "третьем": 3, "третьего": 3, "iii": 3, "3-й": 3, "3-м": 3,
        "четвёртый": 4, "четвертый": 4, "четвёртом": 4, "четвертом": 4, "iv": 4, "4-й": 4, "4-м": 4,
    },
    of=(),
    fiscal=("финансовый год", "финансовом году", "учебный год", "учебном году"),
    year_to=("за год до", "за 12 месяцев до", "за двенадцать месяцев до"),
    since=(" с", " со", "начиная с"),  # a space before: "с" ends many words
    caveats={
        "provisional": ("предварительн", "оперативн", "могут быть пересмотрены", "будут уточнены"),
        "estimated": ("оценк", "оценочн", "по оценке", "расчётн", "расчетн"),
        "break": ("разрыв ряда", "несопоставим", "изменение методологии"),
        "forecast": ("прогноз", "прогнозн", "ожидается"),
    },
    years=("лет", "года", "год"),
    per=("на",),
    points=("пункта", "пунктов", "пункт"),
    currency={"рублей": "RUB", "рубля": "RUB", "рубль": "RUB", "долларов": "USD", "доллара": "USD", "евро": "EUR"},
)
