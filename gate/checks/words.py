"""The words the code checks read, one table per language (data only).

Eight languages, as the figure reader covers them: en, fr, de, es, pt, it, nl, ar. Each
language is one :class:`Words` value in :data:`WORDS`, kept apart so that it can move to
``gate/figures/languages/<lang>.py`` with the figure reader's own tables. Month names are
not here: they come from CLDR through Babel (:func:`gate.checks.periods.month_names`).

Everything is lowercase and matched case-insensitively; Arabic-Indic digits are read as
ASCII digits before these words are matched.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Words:
    """The period, caveat and unit words of one language.

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


# ----------------------------------------------------------------------------- English
EN = Words(
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
        "provisional": ("provisional", "preliminary", "subject to revision", "may be revised", "not final"),
        "estimated": ("estimate", "estimated", "imputed"),
        "break": ("break in the series", "break in series", "series break", "not comparable", "change in method"),
        "forecast": ("forecast", "projection", "projected"),
    },
    years=("years", "year"),
    per=("per",),
    points=("points", "point", "index points"),
    currency={"dollars": "USD", "dollar": "USD", "euros": "EUR", "euro": "EUR", "pounds": "GBP", "pound": "GBP"},
)

# ------------------------------------------------------------------------------ French
FR = Words(
    quarter=("trimestre",),
    half=("semestre",),
    ordinals={"premier": 1, "1er": 1, "deuxième": 2, "second": 2, "2e": 2, "2ème": 2, "troisième": 3,
              "3e": 3, "3ème": 3, "quatrième": 4, "4e": 4, "4ème": 4},
    of=("de", "des"),
    labels={"t": "quarter", "s": "half"},
    fiscal=("exercice", "exercice budgétaire", "année scolaire", "campagne"),
    year_to=("sur un an à fin", "sur les douze mois jusqu'à", "sur les 12 mois jusqu'à", "sur les douze mois à fin",
             "sur les 12 mois à fin", "l'année se terminant en", "l'année achevée en"),
    since=("depuis",),
    caveats={
        "provisional": ("provisoire", "provisoires", "préliminaire", "susceptible d'être révisé",
                        "susceptibles d'être révisés", "non définitif"),
        "estimated": ("estimation", "estimé", "estimée", "estimés", "estimées"),
        "break": ("rupture de série", "rupture dans la série", "non comparable", "non comparables"),
        "forecast": ("prévision", "prévisions", "projection", "projections"),
    },
    years=("ans", "an", "années"),
    per=("pour",),
    points=("points", "point"),
    currency={"euros": "EUR", "euro": "EUR", "dollars": "USD", "dollar": "USD", "francs": "CHF"},
)

# ------------------------------------------------------------------------------ German
DE = Words(
    quarter=("quartal", "quartals", "vierteljahr"),
    half=("halbjahr", "halbjahres", "halbjahrs"),
    ordinals={"ersten": 1, "erste": 1, "erstes": 1, "1.": 1, "zweiten": 2, "zweite": 2, "2.": 2,
              "dritten": 3, "dritte": 3, "3.": 3, "vierten": 4, "vierte": 4, "4.": 4},
    of=("des",),
    labels={"q": "quarter", "h": "half"},
    fiscal=("haushaltsjahr", "geschäftsjahr", "wirtschaftsjahr", "schuljahr"),
    year_to=("im jahr bis", "in den zwölf monaten bis", "in den 12 monaten bis", "in den zwölf monaten bis ende",
             "in den 12 monaten bis ende"),
    since=("seit",),
    caveats={
        "provisional": ("vorläufig", "vorläufige", "vorläufigen", "vorläufiger", "vorläufiges", "revidiert werden"),
        "estimated": ("geschätzt", "geschätzte", "geschätzten", "schätzung"),
        "break": ("zeitreihenbruch", "bruch in der zeitreihe", "nicht vergleichbar"),
        "forecast": ("prognose", "prognostiziert", "vorausschätzung", "projektion"),
    },
    years=("jahre", "jahren", "jahr"),
    per=("pro", "je", "auf"),
    points=("punkte", "punkten", "punkt", "indexpunkte"),
    currency={"euro": "EUR", "dollar": "USD", "franken": "CHF"},
)

# ----------------------------------------------------------------------------- Spanish
ES = Words(
    quarter=("trimestre",),
    half=("semestre",),
    ordinals={"primer": 1, "primero": 1, "1.er": 1, "1er": 1, "1.º": 1, "1º": 1, "segundo": 2, "2.º": 2, "2º": 2,
              "tercer": 3, "tercero": 3, "3.er": 3, "3er": 3, "3.º": 3, "3º": 3, "cuarto": 4, "4.º": 4, "4º": 4},
    of=("de", "del"),
    labels={"t": "quarter", "s": "half"},
    fiscal=("año fiscal", "ejercicio", "ejercicio fiscal", "curso", "año escolar"),
    year_to=("en el año hasta", "en los doce meses hasta", "en los 12 meses hasta", "en los doce meses terminados en",
             "en los 12 meses terminados en", "en el año terminado en"),
    since=("desde",),
    caveats={
        "provisional": ("provisional", "provisionales", "preliminar", "preliminares", "sujeto a revisión",
                        "sujetos a revisión", "avance"),
        "estimated": ("estimación", "estimado", "estimada", "estimados", "estimadas"),
        "break": ("ruptura de serie", "ruptura en la serie", "no comparable", "no comparables"),
        "forecast": ("previsión", "previsiones", "proyección", "proyecciones", "pronóstico"),
    },
    years=("años", "año"),
    per=("por", "por cada"),
    points=("puntos", "punto"),
    currency={"euros": "EUR", "euro": "EUR", "dólares": "USD", "dólar": "USD", "pesos": "MXN"},
)

# -------------------------------------------------------------------------- Portuguese
PT = Words(
    quarter=("trimestre",),
    half=("semestre",),
    ordinals={"primeiro": 1, "1º": 1, "1.º": 1, "segundo": 2, "2º": 2, "2.º": 2, "terceiro": 3, "3º": 3, "3.º": 3,
              "quarto": 4, "4º": 4, "4.º": 4},
    of=("de", "do"),
    labels={"t": "quarter", "s": "half"},
    fiscal=("ano fiscal", "exercício", "ano letivo"),
    year_to=("nos 12 meses até", "nos doze meses até", "no ano até", "nos 12 meses terminados em",
             "nos doze meses terminados em"),
    since=("desde",),
    caveats={
        "provisional": ("provisório", "provisória", "provisórios", "provisórias", "preliminar", "preliminares",
                        "sujeito a revisão", "sujeitos a revisão"),
        "estimated": ("estimativa", "estimado", "estimada", "estimados", "estimadas"),
        "break": ("quebra de série", "quebra na série", "não comparável", "não comparáveis"),
        "forecast": ("previsão", "previsões", "projeção", "projeções"),
    },
    years=("anos", "ano"),
    per=("por", "por cada"),
    points=("pontos", "ponto"),
    currency={"euros": "EUR", "euro": "EUR", "reais": "BRL", "real": "BRL", "dólares": "USD"},
)

# ----------------------------------------------------------------------------- Italian
IT = Words(
    quarter=("trimestre",),
    half=("semestre",),
    ordinals={"primo": 1, "1°": 1, "i": 1, "secondo": 2, "2°": 2, "ii": 2, "terzo": 3, "3°": 3, "iii": 3,
              "quarto": 4, "4°": 4, "iv": 4},
    of=("del", "di"),
    labels={"t": "quarter", "s": "half"},
    fiscal=("anno fiscale", "esercizio", "anno scolastico"),
    year_to=("nei dodici mesi fino a", "nei 12 mesi fino a", "nell'anno fino a", "nei dodici mesi terminati a",
             "nei 12 mesi terminati a"),
    since=("dal", "dall'", "da"),
    caveats={
        "provisional": ("provvisorio", "provvisoria", "provvisori", "provvisorie", "preliminare", "preliminari",
                        "soggetto a revisione", "soggetti a revisione"),
        "estimated": ("stima", "stimato", "stimata", "stimati", "stimate"),
        "break": ("interruzione della serie", "discontinuità", "non confrontabile", "non confrontabili"),
        "forecast": ("previsione", "previsioni", "proiezione", "proiezioni"),
    },
    years=("anni", "anno"),
    per=("per", "ogni"),
    points=("punti", "punto"),
    currency={"euro": "EUR", "dollari": "USD", "dollaro": "USD"},
)

# -------------------------------------------------------------------------------- Dutch
NL = Words(
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

# ------------------------------------------------------------------------------ Arabic
AR = Words(
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

#: Language code -> its words. A language not listed is read with English words.
WORDS: dict[str, Words] = {"en": EN, "fr": FR, "de": DE, "es": ES, "pt": PT, "it": IT, "nl": NL, "ar": AR}


def words_for(language: str) -> Words:
    """The words of a BCP 47 tag's primary language, English when it has none."""
    return WORDS.get(language.split("-")[0].lower(), EN)
