"""Italian (it): everything the figure reader knows of the language.

Separators and month names come from CLDR through Babel; the words are the project's own
lists. Every table is declared, with its meaning, in :class:`gate.figures.languages.base.Language`.
"""

from gate.figures.languages.base import CheckWords, Language, words

LANGUAGE = Language(
    code="it",
    name="Italian",
    scale_words={
        "mila": 3, "milione": 6, "milioni": 6, "mln": 6, "miliardo": 9, "miliardi": 9, "mld": 9,
        "mrd": 9, "bilione": 12, "bilioni": 12,
    },
    percent_words=("punti percentuali", "punto percentuale", "per cento", "percento"),
    hedge_words={
        "circa": "about", "intorno a": "about", "attorno a": "about", "all'incirca": "about",
        "approssimativamente": "about", "quasi": "under", "meno di": "under",
        "poco meno di": "under", "oltre": "over", "più di": "over", "poco più di": "over",
        "almeno": "at_least", "al massimo": "at_most", "fino a": "at_most",
        "non più di": "at_most", "non meno di": "at_least", "ca.": "about", "pressoché": "under",
    },
    hedge_articles={
        "di": ("del", "dello", "della", "dei", "degli", "delle"),
        "a": ("al", "allo", "alla", "ai", "agli", "alle"),
        "": ("il", "lo", "la", "i", "gli", "le", "un", "uno", "una"),
    },
    glued_prefixes="",
    denominator_words=("per", "ogni", "su"),
    reference_words=words(
        "tabella tavola figura grafico sezione capitolo pagina pag. allegato nota riga "
        "colonna domanda indicatore obiettivo traguardo n. nº numero articolo versione "
        "livello"
    ),
    label_words={
        "trimestre": 4, "semestre": 2, "settimana": 53, "quintile": 5, "decile": 10, "quartile": 4,
        "terzile": 4, "percentile": 99, "centile": 99,
    },
    between_words=words("tra fra"),
    range_to=words("a"),
    range_and=words("e"),
    vague_plurals=words("centinaia migliaia milioni miliardi decine"),
    fraction_words=words("mezzo mezza terzo terzi quarto quarti quinto quinti decimo decimi"),
    dot_ordinal_before=words(""),
    dot_ordinal_nouns=words(""),
    thousand_endings=("mila",),
    number_words={
        "compound": (
            r"(?:zero|un[oa]?|due|tr[eé]|quattro|cinque|sei|sette|otto|nove|dieci|undici"
            r"|dodici|tredici|quattordici|quindici|sedici|diciassette|diciotto|diciannove"
            r"|vent[io]?|trent[ao]?|quarant[ao]?|cinquant[ao]?|sessant[ao]?|settant[ao]?"
            r"|ottant[ao]?|novant[ao]?|cento?|mille|mila)+"
        ),
        "starts": "ze un du tr tr qu ci se ot no di do ve ce mi",
        "joiners": "e virgola",
        "lone": "un uno una",
    },
    dozen_words=r"una\s+dozzina",
    half_dozen_words=r"mezza\s+dozzina",
    and_a_half=r"(?i)\s+e\s+mezzo(?![^\W\d_])",
    half_compound=None,
    article_scales=None,
    half_scales=r"(?:un\s+)?mezzo\s+(?=(?:milione|miliardo)\b)",
    special_hints=("dozzin", "mezzo mili"),
    dozens_after=r"(?i)\s+dozzin[ae](?![^\W\d_])",
    minus_words={"meno": ("o", "più", "al", "il")},
    scale_and=words("e"),
    decimal_words=words(""),
    part_of_words=words("dei degli delle di"),
    ordinal_words=r"prim[oaie]|terz[oaie]|[a-z]+esim[oaie]",
    unaccented={"é": ("e",), "è": ("e",)},
    currency_names=words("euro dollari sterline franchi lire"),
    price_base_words=words("costanti"),
    age_words=words(""),
    age_of_words=words("età"),
    age_at_words=words("a"),
    age_people_words=words("bambini"),
    look_back_words=words("ultimi ultime"),
    cumulated_words=words("cumulato cumulata cumulati"),
    over_words=words("su in"),
    period_articles=words("i gli le"),
    duration_words=("mesi", "anni", "settimane", "giorni", "trimestri"),
    ratio_connectors=("su",),
    ratio_ones=("uno", "una", "un"),
    decrease_words=(
        "scesa", "sceso", "scesi", "scese", "calat[oa]", "ces[oa]", "diminuit[oa]", "calo",
        "flessione",
    ),
    decrease_in_clause=(
        "inferiore", "cal(?:o|ano|ato|ata|ati)", "diminu(?:isce|iscono|ito|ita|zione)",
        "flessione", "scend(?:e|ono)", "scesa", "sceso", "disavanzo",
    ),
    increase_words=(r"aument\w*", r"cresc\w*"),
    lower_words=("inferiore", r"in\s+meno"),
)

#: The words of the code checks (stated periods, caveats, units): see gate/checks/.
CHECKS = CheckWords(
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
