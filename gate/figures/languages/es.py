"""Spanish (es): everything the figure reader knows of the language.

Separators and month names come from CLDR through Babel; the words are the project's own
lists. Every table is declared, with its meaning, in :class:`gate.figures.languages.base.Language`.
"""

from gate.figures.languages.base import CheckWords, Language, words

LANGUAGE = Language(
    code="es",
    name="Spanish",
    scale_words={
        "mil": 3, "millón": 6, "millones": 6, "millon": 6, "mill.": 6, "mdd": 6, "mil millones": 9,
        "millardo": 9, "millardos": 9, "billón": 12, "billones": 12, "billon": 12, "décima": -1,
        "décimas": -1, "centésima": -2, "centésimas": -2,
    },
    percent_words=("puntos porcentuales", "punto porcentual", "por ciento"),
    hedge_words={
        "unos": "about", "unas": "about", "alrededor de": "about", "aproximadamente": "about",
        "aprox.": "about", "en torno a": "about", "cerca de": "about", "más o menos": "about",
        "casi": "under", "menos de": "under", "poco menos de": "under", "inferior a": "under",
        "más de": "over", "poco más de": "over", "algo más de": "over", "superior a": "over",
        "por encima de": "over", "por debajo de": "under", "al menos": "at_least",
        "como mínimo": "at_least", "por lo menos": "at_least", "como máximo": "at_most",
        "a lo sumo": "at_most", "hasta": "at_most", "no más de": "at_most",
        "no menos de": "at_least",
    },
    hedge_articles={
        "de": ("del", "de un", "de una"), "a": ("al",),
        "": ("el", "la", "los", "las", "un", "una"),
    },
    glued_prefixes="",
    denominator_words=("por", "por cada", "cada"),
    level_before_denominator=words(""),
    digit_scales={"k": 3, "K": 3, "MM": 6, "M": 6},
    level_words=words("de del a fue es era son fueron alcanzó en"),
    amount_joiners=words("y"),
    reference_words=words(
        "cuadro tabla figura gráfico sección capítulo página pág. anexo recuadro nota fila "
        "columna pregunta indicador objetivo meta n.º nº núm. número artículo versión nivel"
    ),
    label_words={
        "trimestre": 4, "semestre": 2, "semana": 53, "quintil": 5, "decil": 10, "percentil": 99,
    },
    between_words=words("entre"),
    range_to=words("a al"),
    range_and=words("y"),
    vague_plurals=words("cientos centenares miles millones decenas"),
    fraction_words=words("medio media tercio tercios cuarto cuartos quinto quintos décimo décimos"),
    dot_ordinal_before=words(""),
    dot_ordinal_nouns=words(""),
    thousand_endings=("mil",),
    number_words={
        "words": (
            "cero un uno una dos tres cuatro cinco seis siete ocho nueve diez once doce trece "
            "catorce quince dieciséis diecisiete dieciocho diecinueve veinte veintiuno veintiún "
            "veintiuna veintidós veintitrés veinticuatro veinticinco veintiséis veintisiete "
            "veintiocho veintinueve treinta cuarenta cincuenta sesenta setenta ochenta noventa "
            "cien ciento doscientos doscientas trescientos trescientas cuatrocientos "
            "cuatrocientas quinientos quinientas seiscientos seiscientas setecientos setecientas "
            "ochocientos ochocientas novecientos novecientas mil"
        ),
        "joiners": "y coma",
        "lone": "un uno una",
    },
    dozen_words=r"una\s+docena",
    half_dozen_words=r"media\s+docena",
    and_a_half=r"(?i)\s+y\s+medio(?![^\W\d_])",
    half_compound=None,
    article_scales=None,
    half_scales=r"medio\s+(?=(?:millón|millon)\b)",
    special_hints=("docena", "medio mill"),
    dozens_after=r"(?i)\s+docenas?(?![^\W\d_])",
    minus_words={"menos": ("o", "lo", "al", "los", "las", "más")},
    decimal_words=words("con punto"),
    part_of_words=words("de"),
    ordinal_words=(
        r"primer[oa]?s?|segund[oa]|tercer[oa]?s?|sext[oa]s?|s[ée]ptim[oa]s?|octav[oa]s?"
        r"|noven[oa]s?|[a-zéó]+[ée]sim[oa]s?"
    ),
    unaccented={"á": ("a",), "é": ("e",), "í": ("i",), "ó": ("o",), "ú": ("u",)},
    currency_names=words("dólar dólares peso pesos libras rupias rublos euros"),
    price_base_words=words("en constantes"),
    age_words=words("edad"),
    age_of_words=words("edad menores mayores"),
    age_at_words=words("a los"),
    age_people_words=words("niños niñas"),
    look_back_words=words("últimos últimas pasados"),
    cumulated_words=words("acumulado acumulada acumulados acumuladas"),
    over_words=words("en"),
    period_articles=words("los las"),
    duration_words=("meses", "años", "semanas", "días", "trimestres"),
    ratio_connectors=(r"de\s+cada",),
    ratio_ones=("uno", "una", "un"),
    decrease_words=(
        "redujo", "contrajo", "cay[óo]", "baj[óo]", "descendi[óo]", "disminuy[óo]",
        "retrocedi[óo]", "ca[íi]da", "descenso",
    ),
    decrease_in_clause=(
        "inferior(?:es)?", "menor(?:es)?", "baj(?:a|ó|an|aron)", "ca(?:e|yó|ída)",
        "descen(?:so|dió)", "disminu(?:ye|yó|ción)", "retroce(?:de|dió|so)", "déficit",
    ),
    increase_words=(r"aument\w*", "sub(?:e|ió|iu)", r"creci\w*"),
    lower_words=("inferior(?:es)?", "menos", r"por\s+debajo"),
    band_words=("a", "al", "y"),
    age_units=("años",),
    age_hyphen_units=(),
    age_old_units=(),
    duration_nouns=words("años meses semanas días trimestres"),
    hyphen_durations=(),
    or_words=words("o y"),
    older_words=words("más"),
    older_continuations=("que", "de", "del", "la"),
    last_words=words("últimos últimas primeros primeras"),
    period_to=("hasta",),
    group_words=words(""),
    group_most=("más",),
    group_after=("ric[ao]s?", "pobres?"),
    than_words=("que",),
    confidence_before=("confianza",),
    confidence_connectors=words("de del a al"),
    confidence_last=words("confianza"),
    confidence_after=("de confian",),
    zero_compounds=(),
    time_words=(),
    fall_by=("del", "un", "una", "de", "en"),
    fall_further=(),
    fall_hedges=("casi", r"alrededor\s+del?", r"más\s+de", r"menos\s+de"),
    fall_across_words=None,
    fall_by_before_participle=(),
    decrease_participles=(),
    deficit_words=(),
    deficit_kinds=("público",),
    deficit_verbs=(r"fue\s+de", r"es\s+de", "del", "de"),
    level_after_decrease=("al", "a"),
    age_of_prepositions=words("de"),
    age_bounds=words(""),
    scale_nouns=words(""),
    scale_prepositions=words(""),
    confidence_abbreviations=words(""),
    confidence_hints=(),
)

#: The words of the code checks (stated periods, caveats, units): see gate/checks/.
CHECKS = CheckWords(
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
                        "sujetos a revisión", "sujeta a revisión", "sujetas a revisión", "susceptible de revisión",
                        "avance", "no definitiv", "podría revisarse", "pueden revisarse"),
        "estimated": ("estimación", "estimado", "estimada", "estimados", "estimadas", "se estima", "estimó", "estiman"),
        "break": ("ruptura de serie", "ruptura en la serie", "ruptura de la serie", "rupturas de serie", "quiebre de serie",
                  "quiebre en la serie", "interrupción de la serie", "serie interrumpida", "no comparable",
                  "no comparables", "cambio metodológico", "cambio de metodología"),
        "forecast": ("previsión", "previsiones", "proyección", "proyecciones", "pronóstic", "prevé", "prevén",
                     "previst", "proyectad", "pronostica"),
    },
    years=("años", "año"),
    per=("por", "por cada"),
    points=("puntos", "punto"),
    currency={"euros": "EUR", "euro": "EUR", "dólares": "USD", "dólar": "USD", "pesos": "MXN"},
    respectively=("respectivamente",),
    relative=("anterior", "anteriores", "antes", "previo", "previa", "pasado", "pasada"),
    week=("semana",),
    negations=("no", "ni"),
    comparable=("comparable", "comparables", "comparars"),
)
