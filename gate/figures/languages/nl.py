"""Dutch (nl): everything the figure reader knows of the language.

Separators and month names come from CLDR through Babel; the words are the project's own
lists. Every table is declared, with its meaning, in :class:`gate.figures.languages.base.Language`.
"""

from gate.figures.languages.base import CheckWords, Language, words

LANGUAGE = Language(
    code="nl",
    name="Dutch",
    scale_words={
        "duizend": 3, "miljoen": 6, "miljoenen": 6, "mln": 6, "mln.": 6, "miljard": 9,
        "miljarden": 9, "mld": 9, "mld.": 9, "mrd": 9, "biljoen": 12,
    },
    percent_words=("procentpunten", "procentpunt", "procent"),
    hedge_words={
        "ongeveer": "about", "circa": "about", "ca.": "about", "rond": "about", "rond de": "about",
        "zo'n": "about", "ruwweg": "about", "bijna": "under", "nagenoeg": "under", "krap": "under",
        "minder dan": "under", "ruim": "over", "meer dan": "over", "ten minste": "at_least",
        "minstens": "at_least", "hoogstens": "at_most", "maximaal": "at_most",
        "niet meer dan": "at_most", "niet minder dan": "at_least", "pakweg": "about",
        "omstreeks": "about", "bij benadering": "about",
    },
    hedge_articles={},
    glued_prefixes="",
    denominator_words=("per", "op"),
    reference_words=words(
        "tabel figuur grafiek sectie paragraaf hoofdstuk pagina blz. bijlage kader noot rij "
        "kolom vraag indicator doel nr. nummer artikel versie niveau"
    ),
    label_words={
        "kwartaal": 4, "semester": 2, "week": 53, "kwintiel": 5, "deciel": 10, "kwartiel": 4,
        "percentiel": 99,
    },
    between_words=words("tussen"),
    range_to=words("tot"),
    range_and=words("en"),
    vague_plurals=words("honderden duizenden miljoenen miljarden tientallen"),
    fraction_words=words("derde derden kwart vijfde tiende"),
    dot_ordinal_before=words(""),
    dot_ordinal_nouns=words(""),
    thousand_endings=("duizend",),
    number_words={
        "compound": (
            r"(?:nul|een|één|twee|drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf|dertien"
            r"|veertien|twintig|dertig|veertig|vijftig|zestig|zeventig|tachtig|negentig"
            r"|honderd|duizend|en|ën)+"
        ),
        "starts": "nu ee éé tw dr vi ze ac ne ti el de ve ho du ta",
        "joiners": "komma",
        "lone": "een één",
        "stop": "en ën",
    },
    dozen_words=r"een\s+dozijn",
    half_dozen_words=r"een\s+half\s+dozijn",
    and_a_half=r"(?i)\s+en\s+een\s+half(?![^\W\d_])",
    half_compound=(
        "anderhalf|(?:twee|drie|vier|vijf|zes|zeven|acht|negen|tien)(?:en|ën)half",
        {
            "ander": 1, "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7,
            "acht": 8, "negen": 9, "tien": 10,
        },
        ("half",),
    ),
    article_scales=None,
    half_scales=r"(?:een\s+)?half\s+(?=(?:miljoen|miljard)\b)",
    special_hints=("dozijn", "half milj"),
    dozens_after=r"(?i)\s+dozijn(?![^\W\d_])",
    minus_words={"min": ("of", "meer", "te"), "minus": ()},
    scale_and=words("en"),
    decimal_words=words(""),
    part_of_words=words("van"),
    ordinal_words=None,
    unaccented={"eeën": ("eeen",), "ieën": ("ieen",)},
    currency_names=words("euro dollar"),
    price_base_words=words("in"),
    age_words=words(""),
    age_of_words=words("leeftijd"),
    age_at_words=words("met"),
    age_people_words=words("kinderen"),
    look_back_words=words("afgelopen laatste"),
    cumulated_words=words("gecumuleerd"),
    over_words=words("over in"),
    period_articles=words("de het"),
    duration_words=("maanden", "jaren", "jaar", "weken", "dagen", "kwartalen"),
    ratio_connectors=(r"op\s+de", r"van\s+de"),
    ratio_ones=("een", "één"),
    decrease_words=(r"nam\s+af", "kromp", "daalde", "gedaald", "daling"),
    decrease_in_clause=(
        "lager", r"[\w]*tekort", "daal(?:de|t)", "gedaald", "daling", "afname", "kromp",
    ),
    increase_words=("steeg", "gestegen", "toename"),
    lower_words=("lager", "minder", "onder"),
)

#: The words of the code checks (stated periods, caveats, units): see gate/checks/.
CHECKS = CheckWords(
    quarter=("kwartaal",),
    half=("helft", "halfjaar", "jaarhelft"),
    ordinals={"eerste": 1, "1e": 1, "tweede": 2, "2e": 2, "derde": 3, "3e": 3, "vierde": 4, "4e": 4},
    of=("van",),
    labels={"k": "quarter", "q": "quarter", "h": "half"},
    fiscal=("boekjaar", "begrotingsjaar", "schooljaar"),
    year_to=("in het jaar tot", "in de twaalf maanden tot", "in de 12 maanden tot", "in de twaalf maanden tot eind",
             "in de 12 maanden tot eind"),
    since=("sinds", "sedert"),
    caveats={
        "provisional": ("voorlopig", "voorlopige", "kan worden herzien", "nog niet definitief"),
        "estimated": ("schatting", "geschat", "geschatte"),
        "break": ("trendbreuk", "breuk in de reeks", "niet vergelijkbaar"),
        "forecast": ("prognose", "raming", "voorspelling", "verwachting"),
    },
    years=("jaar", "jaren"),
    per=("per", "op de"),
    points=("punten", "punt", "indexpunten"),
    currency={"euro": "EUR", "dollar": "USD"},
)
