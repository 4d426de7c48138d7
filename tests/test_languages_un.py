"""The six UN languages and more (issue 26): Russian and Chinese read fully, then Turkish,
Japanese, Hindi and Polish; any other language Babel knows read for its digits, with a notice.

Per language: the value read from digits, scale words in their cases, CJK numerals and scale
characters, full-width digits, a percent sign or word before the number, Indian grouping;
what is no figure; hedges; an invented figure flagged with the value read; a period and a
caveat written in the language's own words, bound by the code checks.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from gate.model.periods import parse_sdmx_period
from gate.scoring.checks.periods import stated_periods
from gate.figures import MatchSettings, extract_figures
from gate.figures.languages import CODES, LANGUAGES, NUMERALS
from gate.model.measures import MEASURES
from gate.scoring.answer import score_answer, score_run
from gate.model.inputs import Answer, Observation, Question

CODE_CHECKS = {m.name for m in MEASURES if m.family == "code_checks"}
NEW = ("ru", "zh", "tr", "ja", "hi", "pl")

# (language, text, [(value, hedge, percent), ...] in reading order)
READINGS = [
    # Russian: scale words in every case and number, abbreviations, a no-break space grouping.
    ("ru", "Население составило 146,2 миллиона человек.", [("146200000", None, False)]),
    ("ru", "около 3,5 миллиона человек", [("3500000", "about", False)]),
    ("ru", "Экспорт составил 425 млрд долларов, а дефицит — 1,2 трлн рублей.", [("425000000000", None, False), ("1200000000000", None, False)]),
    ("ru", "В городе живут 12 тыс. человек, в области — 2 тысячи, в стране — 5 тысяч.", [("12000", None, False), ("2000", None, False), ("5000", None, False)]),
    ("ru", "Всего 1 миллион, 3 миллиона и 7 миллионов; 4 миллиарда и 9 миллиардов.", [("1000000", None, False), ("3000000", None, False), ("7000000", None, False), ("4000000000", None, False), ("9000000000", None, False)]),
    ("ru", "Население — 1 234 567 человек, безработица — 5,1 %, более 2 млн.", [("1234567", None, False), ("5.1", None, True), ("2000000", "over", False)]),
    ("ru", "почти 40 процентов, не менее 3 млн, свыше 700 тыс.", [("40", "under", True), ("3000000", "at_least", False), ("700000", "over", False)]),
    ("ru", "Смертность — 41 на 1 000 живорождений.", [("41", None, False)]),
    # Chinese: scale characters, 万亿, CJK numerals, 百分之, full-width digits, 兆.
    ("zh", "人口为14.1亿人，失业率为5.1%。", [("1410000000", None, False), ("5.1", None, True)]),
    ("zh", "国内生产总值为134.9万亿元。", [("134900000000000", None, False)]),
    ("zh", "约3万人参加，三千五百人获奖，两千万人受益。", [("30000", "about", False), ("3500", None, False), ("20000000", None, False)]),
    ("zh", "比重为百分之五，上升0.5个百分点。", [("5", None, True), ("0.5", None, True)]),
    ("zh", "人口为１４．１亿人，比率为５．１％。", [("1410000000", None, False), ("5.1", None, True)]),
    ("zh", "台湾的债务为2兆元，装机容量为3兆瓦。", [("2000000000000", None, False), ("3000000", None, False)]),
    ("zh", "100多万人，300余万户，5%左右，1000万人以上，超过20%，不到3万人。", [("1000000", "over", False), ("3000000", "over", False), ("5", "about", True), ("10000000", "at_least", False), ("20", "over", True), ("30000", "under", False)]),
    ("zh", "2024年3月15日，排名第3，每10万人中，一些人，千万不要，十分重要，五一假期。", []),
    ("zh", "负增长为-1.3%，十五个省份。", [("-1.3", None, True), ("15", None, False)]),
    # Japanese: 兆 is 10^12, 億, 万, hedges after the counter.
    ("ja", "人口は1億2,380万人です。", [("123800000", None, False)]),
    ("ja", "約3万人、2兆円、100万人以上、5％未満、1,000人超、三千五百人。", [("30000", "about", False), ("2000000000000", None, False), ("1000000", "at_least", False), ("5", "under", True), ("1000", "over", False), ("3500", None, False)]),
    ("ja", "2025年4月1日、第2位、65歳、3か月、人口10万人当たり、3期ぶり。", []),
    ("ja", "失業率は2.5パーセントで、0.2ポイント低下した。", [("2.5", None, True), ("0.2", None, True)]),
    # Turkish: the percent sign or word before the number, scale words, hedges.
    ("tr", "Enflasyon %8,7 oldu; ihracat 1,2 milyar dolara ulaştı.", [("8.7", None, True), ("1200000000", None, False)]),
    ("tr", "İşsizlik yüzde 8,7 ve yaklaşık 3 milyon kişi; 425 mn lira, 3 bin kişi.", [("8.7", None, True), ("3000000", "about", False), ("425000000", None, False), ("3000", None, False)]),
    ("tr", "Nüfus 85.372.377 kişi, en az %2,5 ve neredeyse yüzde 40.", [("85372377", None, False), ("2.5", "at_least", True), ("40", "under", True)]),
    # Hindi: lakh and crore, Indian grouping, Devanagari digits, hedges.
    ("hi", "जनसंख्या 5 लाख है और बजट 2 करोड़ रुपये है।", [("500000", None, False), ("20000000", None, False)]),
    ("hi", "गाँव में 1,00,000 लोग हैं, कुल 12,34,56,789 रुपये।", [("100000", None, False), ("123456789", None, False)]),
    ("hi", "लगभग 3.5 करोड़ लोग, बेरोजगारी ५.१ प्रतिशत, कम से कम 2 लाख।", [("35000000", "about", False), ("5.1", None, True), ("200000", "at_least", False)]),
    ("hi", "बजट 2 करोड रुपये और 3 हजार लोग।", [("20000000", None, False), ("3000", None, False)]),
    # Polish: mld, bln (10^12), plural forms, hedges.
    ("pl", "Deficyt wyniósł 2,5 mld zł, a dług 1,5 bln zł.", [("2500000000", None, False), ("1500000000000", None, False)]),
    ("pl", "około 3 tys. osób, 2 miliony, 5 milionów i 1 milion; ponad 4 miliardy.", [("3000", "about", False), ("2000000", None, False), ("5000000", None, False), ("1000000", None, False), ("4000000000", "over", False)]),
    ("pl", "Stopa bezrobocia wyniosła 5,1% wobec prawie 6 procent; co najmniej 38 411 148 osób.", [("5.1", None, True), ("6", "under", True), ("38411148", "at_least", False)]),
]


@pytest.mark.parametrize(("language", "text", "expected"), READINGS, ids=[f"{r[0]}-{i}" for i, r in enumerate(READINGS)])
def test_each_new_language_reads_its_figures(language, text, expected):
    read = [(str(f.value), f.hedge, f.percent) for f in extract_figures(text, language)]
    assert read == expected


def test_every_new_language_has_readings_here():
    assert {r[0] for r in READINGS} == set(NEW)


def test_the_registry_is_the_one_list_of_languages():
    from gate.model.check_words import WORDS

    assert CODES == ("en", "fr", "es", "de", "pt", "it", "nl", "ar", "ru", "zh", "tr", "ja", "hi", "pl")
    assert list(LANGUAGES) == list(CODES) == list(WORDS)
    assert set(NUMERALS) == {"zh", "ja"}


def test_the_scale_characters_are_read_by_their_language():
    """兆 is 10^12 in Japanese; in Chinese 10^12 too, except as the SI prefix mega before a
    unit of measure; 万亿 multiplies."""
    (ja,) = extract_figures("2兆円", "ja")
    (zh,) = extract_figures("2兆元", "zh")
    (mega,) = extract_figures("3兆瓦", "zh")
    (kilo,) = extract_figures("5千克", "zh")
    (both,) = extract_figures("1.5万亿元", "zh")
    assert (ja.value, zh.value, mega.value, kilo.value, both.value) == (2 * 10**12, 2 * 10**12, 3 * 10**6, 5, 15 * 10**11)
    assert (ja.exponent, both.exponent, mega.text) == (12, 11, "3兆")


def test_a_cjk_figure_keeps_its_precision_and_span():
    text = "人口为14.1亿人"
    (f,) = extract_figures(text, "zh")
    assert (f.text, text[f.start:f.end], f.exponent) == ("14.1亿", "14.1亿", 7)
    (g,) = extract_figures("1億2,380万人", "ja")
    assert (g.text, g.exponent) == ("1億2,380万", 4)
    (h,) = extract_figures("三千五百人", "zh")
    assert (h.value, h.exponent) == (3500, 2)


def test_indian_grouping_is_read_in_any_language():
    assert [f.value for f in extract_figures("India has 1,00,000 villages and 1,234,567 people.", "en")] == [100000, 1234567]


# --- Scoring: correct answers give no finding; invented ones are flagged with the value read.


def obs(series, period, value, unit, status="A", caveats=()):
    return Observation(series, period, parse_sdmx_period(period), Decimal(str(value)), unit, status, tuple(caveats))


U, P = "LAB_UNEMP", "POP"
SERIES = {
    U: [obs(U, "2025-Q2", 6.8, "percent", "P"), obs(U, "2025-Q1", 7.1, "percent"), obs(U, "2024", 7.4, "percent")],
    P: [obs(P, "2024", 146200000, "persons"), obs(P, "2024-06-30", 5400000, "persons")],
}


def pair(language, series, text):
    question = Question(f"q-{language}-{series}", language, "", "answer", expected_ids=(series,))
    observations = tuple(SERIES[series])
    answer = Answer(
        question_id=question.question_id, language=language, question="", retrieved_ids=(series,),
        retrieved_values=tuple(o.value for o in observations), answer=text, cited_ids=(series,), declined=False,
        retrieved_observations=observations,
    )
    return question, answer


def findings(language, series, text):
    outcome = score_answer(*pair(language, series, text), MatchSettings())
    return outcome, [(f.measure, f.code, f.message) for f in outcome.findings]


# (language, series, a correct answer with a period and, for the provisional 2025-Q2, a caveat)
CORRECT = [
    ("ru", U, "Уровень безработицы во втором квартале 2025 года составил 6,8% (предварительные данные), в первом квартале 2025 года — 7,1% (LAB_UNEMP)."),
    ("ru", P, "Население в 2024 году составило 146,2 миллиона человек (POP)."),
    ("ru", P, "На 30 июня 2024 года население составляло около 5,4 млн человек (POP)."),
    ("zh", U, "2025年第二季度失业率为6.8%（初步数据），2025年第一季度为7.1%（LAB_UNEMP）。"),
    ("zh", P, "2024年人口为1.462亿人（POP）。"),
    ("zh", P, "2024年6月30日人口约为540万人（POP）。"),
    ("tr", U, "2025 yılının ikinci çeyreğinde işsizlik oranı %6,8 oldu (geçici veri); 2025'in ilk çeyreğinde %7,1 idi (LAB_UNEMP)."),
    ("tr", P, "2024 yılında nüfus 146,2 milyon kişiydi (POP)."),
    ("ja", U, "2025年第2四半期の失業率は6.8％（速報値）、2025年第1四半期は7.1％でした（LAB_UNEMP）。"),
    ("ja", P, "2024年の人口は1億4,620万人でした（POP）。"),
    ("ja", P, "2024年6月30日時点の人口は約540万人です（POP）。"),
    ("hi", U, "2025 की दूसरी तिमाही में बेरोजगारी दर 6.8% रही (अनंतिम आंकड़े), जबकि 2025 की पहली तिमाही में यह 7.1% थी (LAB_UNEMP)।"),
    ("hi", P, "2024 में जनसंख्या 14.62 करोड़ थी (POP)।"),
    ("hi", P, "2024 में जनसंख्या 14,62,00,000 थी (POP)।"),
    ("pl", U, "Stopa bezrobocia w II kwartale 2025 r. wyniosła 6,8% (dane wstępne), a w I kwartale 2025 r. 7,1% (LAB_UNEMP)."),
    ("pl", P, "W 2024 r. ludność liczyła 146,2 mln osób (POP)."),
]


@pytest.mark.parametrize(("language", "series", "text"), CORRECT, ids=[f"{c[0]}-{i}" for i, c in enumerate(CORRECT)])
def test_a_correct_answer_in_a_new_language_gives_no_finding(language, series, text):
    outcome, found = findings(language, series, text)
    assert found == []
    bound = outcome.counts["series_match"].denominator
    assert bound >= 1 and outcome.counts["series_match"].numerator == bound
    assert outcome.counts["period_match"] == outcome.counts["series_match"]
    assert outcome.counts["period_unstated"].numerator == 0
    assert outcome.counts["unit_stated"].denominator == bound


def test_every_new_language_has_correct_answers_here():
    assert {c[0] for c in CORRECT} == set(NEW)


def test_correct_answers_in_all_fourteen_languages_give_no_finding_at_all():
    """The eight languages' correct answers (tests/test_checks_no_false_alarms.py) and the six
    new ones: no finding of any measure, every figure bound."""
    from test_checks_no_false_alarms import CORRECT as EIGHT
    from test_checks_no_false_alarms import pair as eight_pair

    pairs = [eight_pair(*c) for c in EIGHT] + [pair(*c) for c in CORRECT]
    assert {q.language for q, _ in pairs} == set(CODES)
    for question, answer in pairs:
        outcome = score_answer(question, answer, MatchSettings())
        assert [(f.measure, f.code) for f in outcome.findings] == [], answer.answer
        assert outcome.counts["series_match"].numerator == outcome.counts["series_match"].denominator >= 1
    _, notices = score_run(pairs, MatchSettings())
    assert notices == []


# (language, answer with one invented figure, the value it is read as)
INVENTED = [
    ("ru", "Население в 2024 году составило 147,3 миллиона человек (POP).", "147300000"),
    ("zh", "2024年人口为14.8亿人（POP）。", "1480000000"),
    ("zh", "2024年人口为一亿七千万人（POP）。", "170000000"),
    ("tr", "2024 yılında nüfus 151,4 milyon kişiydi (POP).", "151400000"),
    ("ja", "2024年の人口は1億5,120万人でした（POP）。", "151200000"),
    ("hi", "2024 में जनसंख्या 15.3 करोड़ थी (POP)।", "153000000"),
    ("hi", "2024 में जनसंख्या 15,30,00,000 थी (POP)।", "153000000"),
    ("pl", "W 2024 r. ludność liczyła 151,4 mln osób (POP).", "151400000"),
]


@pytest.mark.parametrize(("language", "text", "value"), INVENTED, ids=[f"{c[0]}-{i}" for i, c in enumerate(INVENTED)])
def test_an_invented_figure_is_flagged_with_the_value_read(language, text, value):
    _, found = findings(language, P, text)
    unsupported = [f for f in found if f[0] == "unsupported_numbers"]
    assert len(unsupported) == 1 and unsupported[0][1] == "unsupported_figure"
    assert value in unsupported[0][2] and "nearest 146200000" in unsupported[0][2]


# (language, hedged figure supported by 5,400,000, the same hedge too far from it)
HEDGED = [
    ("ru", "около 5,4 млн человек", "около 5,6 млн человек"),
    ("zh", "约540万人", "约560万人"),
    ("ja", "約540万人", "約560万人"),
    ("tr", "yaklaşık 5,4 milyon kişi", "yaklaşık 5,6 milyon kişi"),
    ("hi", "लगभग 54 लाख लोग", "लगभग 56 लाख लोग"),
    ("pl", "około 5,4 mln osób", "około 5,6 mln osób"),
    ("zh", "不到550万人", "不到530万人"),
    ("ja", "500万人以上", "600万人以上"),
]


@pytest.mark.parametrize(("language", "near", "far"), HEDGED, ids=[f"{c[0]}-{i}" for i, c in enumerate(HEDGED)])
def test_a_hedge_widens_the_figure_by_its_language_s_words(language, near, far):
    (f,) = extract_figures(near, language)
    assert f.hedge is not None
    _, ok = findings(language, P, f"2024-06-30: {near} (POP)")
    _, bad = findings(language, P, f"2024-06-30: {far} (POP)")
    assert [x for x in ok if x[0] == "unsupported_numbers"] == []
    assert [x[1] for x in bad if x[0] == "unsupported_numbers"] == ["unsupported_figure"]


# (language, the provisional 2025-Q2 figure without its caveat, the same with the wrong period)
BOUND = [
    ("ru", "Уровень безработицы во втором квартале 2025 года составил 6,8% (LAB_UNEMP).",
     "Уровень безработицы в первом квартале 2025 года составил 6,8% (предварительные данные) (LAB_UNEMP)."),
    ("zh", "2025年第二季度失业率为6.8%（LAB_UNEMP）。", "2025年第一季度失业率为6.8%（初步数据）（LAB_UNEMP）。"),
    ("tr", "2025 yılının ikinci çeyreğinde işsizlik oranı %6,8 oldu (LAB_UNEMP).",
     "2025 yılının ilk çeyreğinde işsizlik oranı %6,8 oldu (geçici veri) (LAB_UNEMP)."),
    ("ja", "2025年第2四半期の失業率は6.8％でした（LAB_UNEMP）。", "2025年第1四半期の失業率は6.8％（速報値）でした（LAB_UNEMP）。"),
    ("hi", "2025 की दूसरी तिमाही में बेरोजगारी दर 6.8% रही (LAB_UNEMP)।",
     "2025 की पहली तिमाही में बेरोजगारी दर 6.8% रही (अनंतिम आंकड़े) (LAB_UNEMP)।"),
    ("pl", "Stopa bezrobocia w II kwartale 2025 r. wyniosła 6,8% (LAB_UNEMP).",
     "Stopa bezrobocia w I kwartale 2025 r. wyniosła 6,8% (dane wstępne) (LAB_UNEMP)."),
]


@pytest.mark.parametrize(("language", "no_caveat", "wrong_period"), BOUND, ids=[c[0] for c in BOUND])
def test_the_code_checks_bind_a_period_and_a_caveat_in_the_language_s_words(language, no_caveat, wrong_period):
    _, missing = findings(language, U, no_caveat)
    assert [(m, c) for m, c, _ in missing] == [("caveat_stated", "caveat_missing")]
    _, wrong = findings(language, U, wrong_period)
    assert [(m, c) for m, c, _ in wrong] == [("period_match", "wrong_period")]
    assert "2025-Q2" in wrong[0][2]


@pytest.mark.parametrize(("language", "text", "sdmx"), [
    ("zh", "2024年6月30日", "2024-06-30"), ("zh", "2025年6月", "2025-06"), ("ja", "2024年度上半期", "2024-S1"),
    ("ru", "во II квартале 2024 года", "2024-Q2"), ("tr", "2025'in ilk çeyreğinde", "2025-Q1"),
    ("hi", "दूसरी तिमाही 2024", "2024-Q2"), ("pl", "w I półroczu 2025 r.", "2025-S1"),
])
def test_a_period_is_read_in_the_language_s_own_order(language, text, sdmx):
    (stated,) = stated_periods(text, language)
    expected = parse_sdmx_period(sdmx)
    assert (stated.period.start, stated.period.end) == (expected.start, expected.end)


# --- Any other language: digits with CLDR's separators, and one notice naming what is not read.


def test_a_language_babel_knows_is_read_for_its_digits_with_one_notice():
    answers = [
        ("sv", "Arbetslösheten var 8,5 % och befolkningen 10 551 707 personer."),
        ("sv", "Inflationen var 2,3 %."),
        ("id", "Inflasi 2,5% dan penduduk 281.603.800 orang."),
    ]
    assert [(str(f.value), f.percent) for f in extract_figures(answers[0][1], "sv")] == [("8.5", True), ("10551707", False)]
    assert [(str(f.value), f.percent) for f in extract_figures(answers[2][1], "id")] == [("2.5", True), ("281603800", False)]
    pairs = []
    for i, (language, text) in enumerate(answers):
        question = Question(f"q{i}", language, "", "answer")
        pairs.append((question, Answer(question_id=f"q{i}", language=language, question="", retrieved_ids=(),
                                       retrieved_values=(), answer=text, cited_ids=(), declined=False)))
    _, notices = score_run(pairs, MatchSettings())
    assert len(notices) == 2
    assert notices[0].startswith("language 'id' is not covered by the figure reader: in its 1 answer(s)")
    assert notices[1].startswith("language 'sv' is not covered by the figure reader: in its 2 answer(s)")
    assert all("not number words, scale words or hedges" in n for n in notices)


def test_no_notice_for_the_fourteen_languages():
    pairs = []
    for i, language in enumerate(CODES):
        question = Question(f"q{i}", language, "", "answer")
        pairs.append((question, Answer(question_id=f"q{i}", language=language, question="", retrieved_ids=(),
                                       retrieved_values=(), answer="5", cited_ids=(), declined=False)))
    _, notices = score_run(pairs, MatchSettings())
    assert notices == []


def test_korean_digits_glued_to_a_numeral_a_scale_or_a_date_are_left_unread():
    """Korean is read for digits only: "5천만" (50 million) is not misread as 5."""
    read = [(str(f.value), f.percent) for f in extract_figures("실업률은 3.5%이고 인구는 5천만 명, 2024년, 65세", "ko")]
    assert read == [("3.5", True)]


# --- Number words where text2num has none: Russian, Polish, Turkish (gate/figures/spelled.py).

WORDS = [
    ("ru", "Население составило около трёх миллионов человек.", [("3000000", "about", False)]),
    ("ru", "двести тысяч детей, полтора миллиарда рублей, пять процентов, двадцать пять.",
     [("200000", None, False), ("1500000000", None, False), ("5", None, True), ("25", None, False)]),
    ("ru", "Сравниваются три региона; один из них; около миллиона; две тысячи триста сорок пять человек.",
     [("1000000", "about", False), ("2345", None, False)]),
    ("pl", "Ludność wyniosła dwa miliony osób, około pięciu procent, trzy regiony, półtora miliarda złotych.",
     [("2000000", None, False), ("5", "about", True), ("1500000000", None, False)]),
    ("tr", "Nüfus iki yüz elli bin kişi, iki buçuk milyon, yüzde beş, bir ülke, üç bölge, yaklaşık bir milyon.",
     [("250000", None, False), ("2500000", None, False), ("5", None, True), ("1000000", "about", False)]),
]


@pytest.mark.parametrize(("language", "text", "expected"), WORDS, ids=[f"{w[0]}-{i}" for i, w in enumerate(WORDS)])
def test_number_words_are_read_where_text2num_has_none(language, text, expected):
    assert [(str(f.value), f.hedge, f.percent) for f in extract_figures(text, language)] == expected


def test_a_small_count_in_words_is_evidence_but_no_figure_of_an_answer():
    assert extract_figures("Сравниваются три региона.", "ru") == []
    assert [f.value for f in extract_figures("Сравниваются три региона.", "ru", counts=True)] == [3]


def test_a_figure_in_words_states_its_last_scale():
    (f,) = extract_figures("полтора миллиарда", "ru")
    (g,) = extract_figures("двадцать пять", "ru")
    assert (f.exponent, g.exponent) == (8, 0)


@pytest.mark.parametrize(("language", "text"), [
    ("ru", "Население в 2024 году составило сто сорок шесть миллионов человек (POP)."),
    ("pl", "W 2024 r. ludność liczyła sto czterdzieści sześć milionów osób (POP)."),
    ("tr", "2024 yılında nüfus yüz kırk altı milyon kişiydi (POP)."),
])
def test_a_correct_figure_in_words_gives_no_finding_and_an_invented_one_is_flagged(language, text):
    outcome, found = findings(language, P, text)
    assert found == [] and outcome.counts["series_match"].numerator == 1
    wrong = text.replace("сорок", "пятьдесят").replace("czterdzieści", "pięćdziesiąt").replace("kırk", "elli")
    _, flagged = findings(language, P, wrong)
    assert [f[1] for f in flagged] == ["unsupported_figure"] and "156000000" in flagged[0][2]


# --- Words of decrease: the change read as a fall, in each language's order.

FALLS = [
    ("ru", "Безработица снизилась на 0,5 п.п.", "0,5 п.п."),
    ("pl", "Bezrobocie spadło o 0,5 p.p.", "0,5 p.p."),
    ("tr", "İhracat %2,1 geriledi.", "%2,1"),
    ("hi", "निर्यात 2.1% गिरा।", "2.1%"),
    ("zh", "失业率比上年下降0.5个百分点。", "0.5个百分点"),
    ("zh", "就业人数减少3万人。", "3万"),
    ("ja", "失業率は0.5ポイント低下した。", "0.5ポイント"),
]


@pytest.mark.parametrize(("language", "text", "figure"), FALLS, ids=[f"{f[0]}-{i}" for i, f in enumerate(FALLS)])
def test_a_word_of_decrease_reads_the_change_as_a_fall(language, text, figure):
    from gate.figures import fall_reading

    (f,) = extract_figures(text, language)
    fall = fall_reading(text, f)
    assert f.text == figure and fall is not None and fall.value == -f.value


@pytest.mark.parametrize(("language", "text"), [
    ("tr", "İhracat %2,1 arttı."), ("hi", "निर्यात 2.1% बढ़ा।"), ("zh", "出口增长2.1%。"), ("ja", "輸出は2.1%増加した。"),
])
def test_a_word_of_increase_reads_no_fall(language, text):
    from gate.figures import fall_reading

    (f,) = extract_figures(text, language)
    assert fall_reading(text, f) is None


def test_ordinals_and_ages_written_with_a_hyphen_are_no_figure():
    text = "Во 2-м квартале, на 3-м месте, 1-го января, 15-летние подростки: 2,1%."
    assert [str(f.value) for f in extract_figures(text, "ru")] == ["2.1"]
    assert [str(f.value) for f in extract_figures("15-летние подростки: 2,1%.", "ru")] == ["2.1"]


@pytest.mark.parametrize(("language", "text", "expected"), [
    ("tr", "100'den fazla kişi, %5'in üzerinde, 5 milyon civarında, 5 milyondan fazla kişi, 3 milyara ulaştı, %8,7 daha az.",
     [("100", "over"), ("5", "over"), ("5000000", "about"), ("5000000", "over"), ("3000000000", None), ("8.7", None)]),
    ("hi", "5 लाख से अधिक लोग, 3% के आसपास, 2 करोड़ से कम, 5 लाख लोग।",
     [("500000", "over"), ("3", "about"), ("20000000", "under"), ("500000", None)]),
])
def test_hedges_written_after_the_number_are_read(language, text, expected):
    assert [(str(f.value), f.hedge) for f in extract_figures(text, language)] == expected


OTHER = [
    ("fa", "نرخ بیکاری ۸٫۵٪ و جمعیت ۸۵٬۰۰۰٬۰۰۰ نفر بود.", [("8.5", True), ("85000000", False)]),
    ("bn", "বেকারত্বের হার ৫.১% এবং জনসংখ্যা ১৭,০০,০০,০০০।", [("5.1", True), ("170000000", False)]),
    ("uk", "Безробіття становило 8,5 % і населення 41 000 000 осіб.", [("8.5", True), ("41000000", False)]),
    ("cs", "Nezaměstnanost byla 3,5 % a obyvatel 10 900 555.", [("3.5", True), ("10900555", False)]),
    ("de-CH", "Die Quote lag bei 2.5 % und die Bevölkerung bei 8’900’000.", [("2.5", True), ("8900000", False)]),
    ("vi", "Tỷ lệ thất nghiệp là 2,3% và dân số 100.300.000 người.", [("2.3", True), ("100300000", False)]),
    ("ko", "실업률은 3.5%이고 인구는 51,700,000명이다.", [("3.5", True), ("51700000", False)]),
]


@pytest.mark.parametrize(("language", "text", "expected"), OTHER, ids=[o[0] for o in OTHER])
def test_any_language_babel_knows_is_read_with_its_cldr_separators(language, text, expected):
    assert [(str(f.value), f.percent) for f in extract_figures(text, language)] == expected


UNITS = {
    "GDP": [obs("GDP", "2024", 134900000000000, "CNY")],
    "GDPJ": [obs("GDPJ", "2024", 610000000000000, "JPY")],
    "LE": [obs("LE", "2023", 78.6, "years")],
}


@pytest.mark.parametrize(("language", "series", "text"), [
    ("zh", "GDP", "2024年国内生产总值为134.9万亿元（GDP）。"),
    ("ja", "GDPJ", "2024年の名目GDPは610兆円でした（GDPJ）。"),
    ("zh", "LE", "2023年人均预期寿命为78.6岁（LE）。"),
    ("ja", "LE", "2023年の平均寿命は78.6歳です（LE）。"),
    ("ru", "LE", "Ожидаемая продолжительность жизни в 2023 году составила 78,6 года (LE)."),
    ("tr", "LE", "2023 yılında doğumda beklenen yaşam süresi 78,6 yıl oldu (LE)."),
    ("pl", "LE", "W 2023 r. oczekiwana długość życia wyniosła 78,6 lat (LE)."),
    ("hi", "LE", "2023 में जीवन प्रत्याशा 78.6 वर्ष थी (LE)।"),
])
def test_a_unit_written_in_the_language_s_words_is_checked(language, series, text):
    """A currency or a unit of years glued to the words after it ("円でした", "歳です"); a
    measured age with decimals is a figure ("78.6岁"), a whole one defines a group ("65岁以上")."""
    observations = tuple(UNITS[series])
    question = Question("q", language, "", "answer", expected_ids=(series,))
    answer = Answer(question_id="q", language=language, question="", retrieved_ids=(series,),
                    retrieved_values=tuple(o.value for o in observations), answer=text, cited_ids=(series,),
                    declined=False, retrieved_observations=observations)
    outcome = score_answer(question, answer, MatchSettings())
    assert [(f.measure, f.code) for f in outcome.findings] == []
    assert outcome.counts["unit_stated"].numerator == outcome.counts["unit_stated"].denominator == 1
    if series.startswith("GDP"):  # the same figure without its currency
        missing = dataclasses.replace(answer, answer=text.replace("元", "").replace("円", ""))
        assert [f.code for f in score_answer(question, missing, MatchSettings()).findings] == ["unit_missing"]


_ALPHABET = list("0123456789０１２３.,，。．%％-−一二三十百千万亿億兆点多余约左右以上第每年月日岁人元円 ") + list(
    "миллионатысячтрипятьнаоколо ") + ["yüzde ", "milyon", "'den fazla", "लाख", " से अधिक", "mld", "półtora "]


@pytest.mark.parametrize("language", NEW)
def test_the_new_readers_give_figures_in_order_without_overlap_on_any_text(language):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(st.lists(st.sampled_from(_ALPHABET), max_size=30).map("".join), st.booleans())
    def check(text, counts):
        figures = extract_figures(text, language, counts=counts)
        assert all(text[f.start:f.end] == f.text and f.start < f.end for f in figures)
        assert all(a.end <= b.start for a, b in zip(figures, figures[1:]))

    check()


# Issue 26's corpus (benchmarks/corpora/, its tune part): decimals and minus in words, Turkish
# number words written as one word, the Japanese decimal point between numerals.
WORDS = [
    ("ru", "Индекс составил шестьсот девятнадцать целых пять десятых пункта.", [("619.5", -1)]),
    ("ru", "Доля — две целых семь сотых процента.", [("2.07", -2)]),
    ("ru", "Рост составил три целых сто двадцать пять тысячных.", [("3.125", -3)]),
    ("ru", "Индекс составил минус семьдесят семь пунктов.", [("-77", 0)]),
    ("ru", "Температура — минус пять градусов.", [("-5", 0)]),
    ("pl", "Indeks wyniósł dwadzieścia trzy przecinek trzydzieści osiem punktu.", [("23.38", -2)]),
    ("pl", "Indeks wyniósł sześćset sześćdziesiąt dziewięć przecinek pięć punktu.", [("669.5", -1)]),
    ("pl", "Saldo wyniosło minus dwanaście punktów.", [("-12", 0)]),
    ("tr", "Anket bölgede altmışiki hane saydı.", [("62", 0)]),
    ("tr", "Anket bölgede üçyüzkırksekizmilyondoksansekizbin hane saydı.", [("348098000", 3)]),
    ("tr", "Anket bölgede iki yüz elli bin hane saydı.", [("250000", 3)]),
    ("tr", "Endeks geçen ay onbirvirgülelli puan oldu.", [("11.50", -2)]),
    ("tr", "Endeks geçen ay on bir virgül beş puan oldu.", [("11.5", -1)]),
    ("tr", "Endeks geçen ay eksiseksendokuz puan oldu.", [("-89", 0)]),
    ("tr", "Endeks geçen ay eksi on iki puan oldu.", [("-12", 0)]),
    ("ja", "指数は先月八百六十二点九ポイントだった。", [("862.9", -1)]),
    ("ja", "指数は先月二十六点二七ポイントだった。", [("26.27", -2)]),
    ("ja", "指数は先月マイナス十六ポイントだった。", [("-16", 0)]),
    ("ja", "鉱工業生産は前期比マイナス1.2%だった。", [("-1.2", -1)]),
    ("zh", "财政赤字为负三百亿元。", [("-30000000000", 10)]),
    ("zh", "增速为负1.5%。", [("-1.5", -1)]),
]


@pytest.mark.parametrize(("language", "text", "expected"), WORDS, ids=[f"{w[0]}-{i}" for i, w in enumerate(WORDS)])
def test_decimals_and_minus_in_words_and_glued_number_words_are_read(language, text, expected):
    figures = extract_figures(text, language)
    assert [(str(f.value), f.exponent) for f in figures] == expected
    assert [Decimal(f.value) for f in figures] == [Decimal(v) for v, _ in expected]


@pytest.mark.parametrize(("language", "text"), [
    # a Turkish word that splits only partly into number words is no number ("yüzyıl": yüz+yıl)
    ("tr", "Yüzyıl boyunca onur ve birbirine saygı gösterildi."),
    ("tr", "Ondan sonra bine binmedi."),
    # a point word with no number after it, or a minus word with none, states no decimals
    ("ru", "Минус этого подхода в том, что целых регионов нет."),
    ("pl", "Przecinek stoi po słowie minus."),
    # "点" and "负" outside a number are words ("問題点", "负责")
    ("ja", "問題点は二つある。"),
    ("zh", "他负责这项工作。"),
])
def test_point_minus_and_glued_words_outside_a_number_are_no_figure(language, text):
    assert extract_figures(text, language) == []
