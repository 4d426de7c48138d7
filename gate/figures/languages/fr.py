"""French (fr): everything the figure reader knows of the language.

Separators and month names come from CLDR through Babel; the words are the project's own
lists. Every table is declared, with its meaning, in :class:`gate.figures.languages.base.Language`.
"""

from gate.figures.languages.base import CheckWords, Language, words

LANGUAGE = Language(
    code="fr",
    name="French",
    scale_words={
        "mille": 3, "millier": 3, "milliers": 3, "million": 6, "millions": 6, "mio": 6,
        "milliard": 9, "milliards": 9, "md": 9, "mds": 9, "mrd": 9, "mrds": 9, "billion": 12,
        "billions": 12,
    },
    percent_words=("points de pourcentage", "point de pourcentage", "pour cent", "pourcent"),
    hedge_words={
        "environ": "about", "approximativement": "about", "à peu près": "about",
        "autour de": "about", "aux alentours de": "about", "quelque": "about", "près de": "about",
        "presque": "under", "quasiment": "under", "pas loin de": "under", "moins de": "under",
        "un peu moins de": "under", "plus de": "over", "un peu plus de": "over",
        "au-delà de": "over", "au moins": "at_least", "au minimum": "at_least",
        "au plus": "at_most", "au maximum": "at_most", "jusqu'à": "at_most",
        "pas plus de": "at_most", "pas moins de": "at_least", "d'environ": "about",
        "env.": "about", "de l'ordre de": "about", "d'à peu près": "about", "quasi": "under",
        "d'au moins": "at_least", "d'au plus": "at_most", "d'un peu plus de": "over",
        "d'un peu moins de": "under",
    },
    hedge_articles={},
    glued_prefixes="",
    denominator_words=("pour", "pour chaque", "sur", "par"),
    reference_words=words(
        "tableau tableaux graphique graphe figure section chapitre page annexe encadré note "
        "ligne colonne question indicateur objectif cible n° nº numéro article version vague "
        "étape niveau rang"
    ),
    label_words={
        "trimestre": 4, "semestre": 2, "semaine": 53, "quintile": 5, "décile": 10, "quartile": 4,
        "percentile": 99, "centile": 99,
    },
    between_words=words("entre"),
    range_to=words("à"),
    range_and=words("et"),
    vague_plurals=words("centaines milliers millions milliards dizaines"),
    fraction_words=words("demi demie tiers quart quarts cinquième cinquièmes dixième dixièmes"),
    dot_ordinal_before=words(""),
    dot_ordinal_nouns=words(""),
    thousand_endings=("mille",),
    number_words={
        "words": (
            "zéro un une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze "
            "quinze seize vingt vingts trente quarante cinquante soixante septante octante "
            "huitante nonante cent cents mille"
        ),
        "joiners": "et virgule",
        "lone": "un une",
    },
    dozen_words=r"une\s+douzaine",
    half_dozen_words=r"une\s+demi-douzaine",
    and_a_half=r"(?i)\s+et\s+demie?(?![^\W\d_])",
    half_compound=None,
    article_scales=None,
    half_scales=r"(?:un\s+)?demi(?:-|\s+)(?=milli(?:on|ard)\b)",
    special_hints=("douzaine", "demi-milli", "demi milli"),
    dozens_after=r"(?i)\s+douzaines?(?![^\W\d_])",
    minus_words={"moins": ("au", "ou", "le", "la", "les", "du", "des")},
    scale_and=words("et"),
    decimal_words=words(""),
    part_of_words=words("des d'entre"),
    ordinal_words=r"premi[eè]re?s?|[a-zéè]+i[eè]mes?",
    unaccented={"é": ("e",), "è": ("e",), "ê": ("e",), "à": ("a",), "ç": ("c",)},
    currency_names=words("euro euros dollar dollars franc francs"),
    price_base_words=words("en constants constantes"),
    age_words=words(""),
    age_of_words=words("âgés âgées âgé âgée"),
    age_at_words=words("à"),
    age_people_words=words("enfants"),
    look_back_words=words("sur derniers dernières"),
    cumulated_words=words("cumulé cumulée cumulés"),
    over_words=words("sur en"),
    period_articles=words("les"),
    duration_words=("mois", "ans", "années", "semaines", "jours"),
    ratio_connectors=("sur",),
    ratio_ones=("un", "une"),
    decrease_words=(
        "contract[ée]e?s?", "r[ée]duit[es]?", "baiss[ée]e?s?", "recul[ée]e?s?", "reculé",
        "diminu[ée]e?s?", "chut[ée]e?s?", "repli",
    ),
    decrease_in_clause=(
        "inférieure?s?", "baiss(?:e|es|é|ée|ées|ait)", "recul(?:e|é|ée)?", "repli(?:e|é)?",
        "diminu(?:e|é|ée|tion)", "chut(?:e|é)", "déficits?",
    ),
    increase_words=(r"augment\w*", "hausse", r"progress\w*"),
    lower_words=("inférieure?s?", r"en\s+dessous", r"de\s+moins"),
)

#: The words of the code checks (stated periods, caveats, units): see gate/checks/.
CHECKS = CheckWords(
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
