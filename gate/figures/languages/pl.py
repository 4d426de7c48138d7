"""Polish (pl): everything the figure reader knows of the language.

Separators (a space groups, a comma is the decimal mark) and month names come from CLDR
through Babel; the words are the project's own lists. Scale words are listed in every case
and number the grammar asks of them (``tysiąc``, ``tysiące``, ``tysięcy``; ``milion``,
``miliony``, ``milionów``) and as statistics offices abbreviate them (``tys.``, ``mln``,
``mld``, ``bln``): "2,5 mld zł" is 2.5 x 10^9 and "1,5 bln zł" 1.5 x 10^12 (a Polish
*bilion* is 10^12). text2num does not read Polish, so number words are not read
(``number_words`` is None). Every table is declared, with its meaning, in
:class:`gate.figures.languages.base.Language`.
"""

from gate.figures.languages.base import CheckWords, Language, SpelledNumbers, words


def _forms(table: str) -> dict[str, str]:
    """"3 trzy trzech" lines -> every form -> its value."""
    out: dict[str, str] = {}
    for line in table.strip().splitlines():
        value, *forms = line.split()
        out.update(dict.fromkeys(forms, value))
    return out


#: Number words in their cases (read by gate/figures/spelled.py: text2num lacks Polish).
SPELLED = SpelledNumbers(
    values=_forms("""
        1 jeden jedna jedno jednego jednej
        1.5 półtora półtorej
        2 dwa dwie dwóch dwoch dwu dwoma
        3 trzy trzech trzema
        4 cztery czterech czterema
        5 pięć pięciu
        6 sześć sześciu
        7 siedem siedmiu
        8 osiem ośmiu
        9 dziewięć dziewięciu
        10 dziesięć dziesięciu
        11 jedenaście jedenastu
        12 dwanaście dwunastu
        13 trzynaście trzynastu
        14 czternaście czternastu
        15 piętnaście piętnastu
        16 szesnaście szesnastu
        17 siedemnaście siedemnastu
        18 osiemnaście osiemnastu
        19 dziewiętnaście dziewiętnastu
        20 dwadzieścia dwudziestu
        30 trzydzieści trzydziestu
        40 czterdzieści czterdziestu
        50 pięćdziesiąt pięćdziesięciu
        60 sześćdziesiąt sześćdziesięciu
        70 siedemdziesiąt siedemdziesięciu
        80 osiemdziesiąt osiemdziesięciu
        90 dziewięćdziesiąt dziewięćdziesięciu
        100 sto stu
        200 dwieście dwustu
        300 trzysta trzystu
        400 czterysta czterystu
        500 pięćset pięciuset
        600 sześćset sześciuset
        700 siedemset siedmiuset
        800 osiemset ośmiuset
        900 dziewięćset dziewięciuset
    """),
    multipliers={},
    lone=frozenset({"jeden", "jedna", "jedno", "jednego", "jednej"}),
    minus=frozenset({"minus"}),
    points=words("przecinek"),
    fractions={},
    glued=False,
)

_THOUSAND = "tysiąc tysiące tysięcy tysiąca tysiącach tys. tys"
_MILLION = "milion miliony milionów miliona milionach mln mln."
_BILLION = "miliard miliardy miliardów miliarda miliardach mld mld."
_TRILLION = "bilion biliony bilionów biliona bilionach bln bln."

LANGUAGE = Language(
    code="pl",
    name="Polish",
    scale_words={
        **{w: 3 for w in _THOUSAND.split()}, **{w: 6 for w in _MILLION.split()},
        **{w: 9 for w in _BILLION.split()}, **{w: 12 for w in _TRILLION.split()},
    },
    percent_words=("punktów procentowych", "punktu procentowego", "punkty procentowe", "punkt procentowy",
                   "p.p.", "procent", "proc."),
    hedge_words={
        "około": "about", "ok.": "about", "blisko": "about", "mniej więcej": "about", "rzędu": "about",
        "prawie": "under", "niemal": "under", "niespełna": "under", "mniej niż": "under", "poniżej": "under",
        "ponad": "over", "przeszło": "over", "więcej niż": "over", "powyżej": "over",
        "co najmniej": "at_least", "przynajmniej": "at_least", "najwyżej": "at_most",
        "maksymalnie": "at_most", "nie więcej niż": "at_most", "nie mniej niż": "at_least",
    },
    hedge_articles={},
    glued_prefixes="",
    denominator_words=("na",),
    level_before_denominator=words(
        "wzrósł wzrosła wzrosło wzrosły spadł spadła spadło spadły zmalał zmalała zmalało "
        "zwiększył zwiększyła zwiększyło zmniejszył zmniejszyła zmniejszyło obniżył obniżyła "
        "szacuje szacowany"
    ),
    digit_scales={},
    level_words=words("wyniósł wyniosła wyniosło wyniosły wynosi był była było"),
    amount_joiners=words("i"),
    reference_words=words(
        "tabela tabeli tab. wykres rysunek rys. rozdział rozdziale strona str. s. załącznik "
        "punkt pkt art. artykuł wiersz kolumna pytanie wskaźnik cel nr"
    ),
    label_words={"kwartał": 4, "kwartale": 4, "półrocze": 2, "kwintyl": 5, "decyl": 10},
    between_words=words("między pomiędzy"),
    range_to=words(""),
    range_and=words(""),
    vague_plurals=words("setki tysiące miliony miliardy dziesiątki"),
    fraction_words=words("połowa połowy trzecia trzecie czwarta ćwierć"),
    dot_ordinal_before=words("w we"),
    dot_ordinal_nouns=words("kwartał kwartale kwartału półrocze półroczu miejsce miejscu"),
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
    part_of_words=words("z"),
    ordinal_words=None,
    unaccented={"ą": ("a",), "ę": ("e",), "ł": ("l",), "ó": ("o",), "ś": ("s",), "ż": ("z",), "ź": ("z",), "ć": ("c",), "ń": ("n",)},
    currency_names=words("zł złotych złote złoty euro dolarów dolary"),
    price_base_words=words("stałych"),
    age_words=words("wieku"),
    age_of_words=words(""),
    age_at_words=words(""),
    age_people_words=words("dzieci osoby osób"),
    look_back_words=words("ostatnich ubiegłych"),
    cumulated_words=words("skumulowany narastająco"),
    over_words=words(""),
    period_articles=words(""),
    duration_words=("miesięcy", "miesiące", "lat", "lata", "tygodni", "dni"),
    ratio_connectors=("na", "z"),
    ratio_ones=("jeden", "jedna", "co"),
    decrease_words=("spadł[aoy]?", "zmalał[aoy]?", "zmniejszył[aoy]?", "obniżył[aoy]?", "spadek", "obniżenie"),
    decrease_in_clause=("spadł[aoy]?", "zmalał[aoy]?", "zmniejszył[aoy]?", "obniżył[aoy]?", "spade?k", "deficyt"),
    increase_words=("wzrósł", "wzrosł[aoy]", "zwiększył[aoy]?", "wzrost"),
    lower_words=("niższy", "niższa", "mniej"),
    band_words=("do",),
    age_units=("lat", "lata"),
    age_hyphen_units=(),
    age_old_units=(),
    duration_nouns=words("miesięcy miesiące lat lata tygodni dni"),
    hyphen_durations=(),
    or_words=words("i lub"),
    older_words=words("więcej starsi"),
    older_continuations=(),
    last_words=words("ostatnich"),
    period_to=(),
    group_words=words(""),
    group_most=(),
    group_after=(),
    than_words=("niż",),
    confidence_before=("przedział(?:u)?\\s+ufności",),
    confidence_connectors=words(""),
    confidence_last=words("ufności"),
    confidence_after=(),
    zero_compounds=(),
    time_words=(),
    fall_by=("o",),
    fall_further=(),
    fall_hedges=("około", "prawie", "ponad"),
    fall_across_words=None,
    fall_by_before_participle=(),
    decrease_participles=(),
    deficit_words=(r"(?<![^\W\d_])deficyt",),
    deficit_kinds=("budżetowy", "sektora"),
    deficit_verbs=("wyniósł", "wynosi", "w wysokości"),
    level_after_decrease=("do", "z"),
    age_of_prepositions=words(""),
    age_bounds=words("poniżej powyżej"),
    scale_nouns=words("skali"),
    scale_prepositions=words("od"),
    confidence_abbreviations=words(""),
    confidence_hints=("ufno",),
)

#: The words of the code checks (stated periods, caveats, units): see gate/checks/.
CHECKS = CheckWords(
    quarter=("kwartał", "kwartale", "kwartału", "kw."),
    half=("półrocze", "półroczu", "półrocza"),
    ordinals={
        "pierwszy": 1, "pierwszym": 1, "pierwszego": 1, "i": 1, "1.": 1,
        "drugi": 2, "drugim": 2, "drugiego": 2, "ii": 2, "2.": 2,
        "trzeci": 3, "trzecim": 3, "trzeciego": 3, "iii": 3, "3.": 3,
        "czwarty": 4, "czwartym": 4, "czwartego": 4, "iv": 4, "4.": 4,
    },
    of=(),
    fiscal=("rok budżetowy", "roku budżetowym", "rok szkolny", "roku szkolnym"),
    year_to=("w ciągu 12 miesięcy do", "w ciągu roku do"),
    since=("od",),
    caveats={
        "provisional": ("wstępn", "tymczasow", "mogą zostać zrewidowane"),
        "estimated": ("szacunk", "szacowan", "oszacowan"),
        "break": ("nieporównywaln", "zmiana metodologii", "przerwa w szeregu"),
        "forecast": ("prognoz", "przewidywan"),
    },
    years=("lat", "lata", "rok", "roku"),
    per=("na",),
    points=("punktu", "punktów", "punkty", "pkt"),
    currency={"zł": "PLN", "złotych": "PLN", "złote": "PLN", "złoty": "PLN", "euro": "EUR", "dolarów": "USD"},
)
