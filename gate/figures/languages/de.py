"""German (de): everything the figure reader knows of the language.

Separators and month names come from CLDR through Babel; the words are the project's own
lists. Every table is declared, with its meaning, in :class:`gate.figures.languages.base.Language`.
"""

from gate.figures.languages.base import CheckWords, Language, words

LANGUAGE = Language(
    code="de",
    name="German",
    scale_words={
        "tausend": 3, "tsd.": 3, "million": 6, "millionen": 6, "mio.": 6, "mio": 6, "mill.": 6,
        "milliarde": 9, "milliarden": 9, "mrd.": 9, "mrd": 9, "billion": 12, "billionen": 12,
        "bio.": 12,
    },
    percent_words=("prozentpunkte", "prozentpunkten", "prozentpunkt", "prozent"),
    hedge_words={
        "rund": "about", "etwa": "about", "ca.": "about", "circa": "about", "zirka": "about",
        "ungefähr": "about", "um die": "about", "fast": "under", "knapp": "under",
        "beinahe": "under", "nahezu": "under", "annähernd": "under", "weniger als": "under",
        "unter": "under", "gut": "over", "über": "over", "mehr als": "over",
        "mindestens": "at_least", "wenigstens": "at_least", "höchstens": "at_most",
        "maximal": "at_most", "bis zu": "at_most", "nicht mehr als": "at_most",
        "nicht weniger als": "at_least", "rd.": "about",
    },
    hedge_articles={},
    glued_prefixes="",
    denominator_words=("je", "pro", "auf"),
    level_before_denominator=words("sich stieg stiegen steigt gestiegen sank sanken sinkt gesunken fiel fielen fällt gefallen wuchs wächst gewachsen kletterte klettert erhöhte erhöht verringerte verringert ging gingen geht kam kommt bis schätzt geschätzt beziffert"),
    digit_scales={"k": 3, "K": 3},
    level_words=words("von auf bei um betrug beträgt lag liegt war ist"),
    amount_joiners=words("und"),
    reference_words=words(
        "tabelle abbildung abb. grafik schaubild abschnitt kapitel seite s. anhang kasten "
        "fußnote zeile spalte frage indikator ziel nr. nummer artikel version absatz stufe "
        "rang platz"
    ),
    label_words={
        "quartal": 4, "halbjahr": 2, "woche": 53, "quintil": 5, "dezil": 10, "quartil": 4,
        "perzentil": 99,
    },
    between_words=words("zwischen"),
    range_to=words("bis"),
    range_and=words("und"),
    vague_plurals=words("hunderte tausende millionen milliarden dutzende"),
    fraction_words=words("hälfte drittel viertel fünftel zehntel"),
    dot_ordinal_before=words(
        "ab am beim bis das dem den der des die für ihr ihre ihrem im in jede jeder jedes "
        "nach sein seine seinem seit vom vor zum zur"
    ),
    dot_ordinal_nouns=words(
        "auflage halbjahr halbjahres jahrhundert jahrhunderts klasse lebensjahr mal monat "
        "monats platz quartal quartals rang runde stelle stock welle woche"
    ),
    thousand_endings=("tausend",),
    number_words={
        "compound": (
            r"(?:null|eins?|eine|zwei|zwo|drei|vier|fünf|sechs|sech|sieben|sieb|acht|neun|zehn"
            r"|elf|zwölf|zwanzig|dreißig|dreissig|vierzig|fünfzig|sechzig|siebzig|achtzig"
            r"|neunzig|hundert|tausend|und)+"
        ),
        "starts": "nu ei zw dr vi fü se si ac ne ze el hu ta",
        "joiners": "komma",
        "lone": "ein eine eins einer",
        "stop": "und",
    },
    dozen_words=r"ein\s+dutzend",
    half_dozen_words=r"ein\s+halbes\s+dutzend",
    and_a_half=None,
    half_compound=(
        "anderthalb|(?:ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn)einhalb",
        {
            "ander": 1, "ein": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7,
            "acht": 8, "neun": 9, "zehn": 10,
        },
        ("einhalb", "anderthalb"),
    ),
    article_scales=None,
    half_scales=r"(?:eine\s+)?halbe\s+(?=(?:million|milliarde)\b)",
    special_hints=("dutzend", "halbe milli"),
    dozens_after=r"(?i)\s+dutzend(?![^\W\d_])",
    minus_words={"minus": ()},
    decimal_words=words(""),
    part_of_words=words("der von"),
    ordinal_words=None,
    unaccented={
        "fünf": ("fuenf", "funf"), "zwölf": ("zwoelf", "zwolf"), "dreißig": ("dreissig",),
        "ä": ("ae",), "ö": ("oe",), "ü": ("ue",), "ß": ("ss",),
    },
    currency_names=words("euro franken rubel dollar"),
    price_base_words=words("konstanten im"),
    age_words=words(""),
    age_of_words=words("alter"),
    age_at_words=words("mit"),
    age_people_words=words("kinder"),
    look_back_words=words("letzten vergangenen"),
    cumulated_words=words("kumuliert"),
    over_words=words("auf"),
    period_articles=words("die den"),
    duration_words=(
        "monaten?", "monate", "jahren?", "jahre", "wochen", "tagen?", "tage", "quartalen?",
        "quartale",
    ),
    ratio_connectors=(),
    ratio_ones=("ein", "eine", "einer"),
    decrease_words=(
        r"verringerte\s+sich", "verringert", "Minus", "gesunken", "gefallen", "fiel", "sank",
        "zur[üu]ckgegangen", "R[üu]ckgang",
    ),
    decrease_in_clause=(
        "niedriger", "sinkt", "sank", "gesunken", "fiel", "gefallen", "rückgang", "defizit",
        "minus",
    ),
    increase_words=("st(?:ieg|eigt|iegen)", "gestiegen"),
    lower_words=("kleiner", "niedriger", "weniger", "geringer", "unter"),
    band_words=("bis", "und"),
    age_units=("jahren?", "jährigen?"),
    age_hyphen_units=("jährigen?", "jährige"),
    age_old_units=("jährigen?", "jährige"),
    duration_nouns=words("jahre jahren monate monaten wochen tage tagen"),
    hyphen_durations=(),
    or_words=words("und oder"),
    older_words=words("älter mehr"),
    older_continuations=("als", "die", "der", "das", "den", "dem"),
    last_words=words("letzten ersten"),
    period_to=("bis",),
    group_words=words(""),
    group_most=(r"am\s+",),
    group_after=("reichsten", "ärmsten"),
    than_words=("als",),
    confidence_before=(r"\bKI", "konfidenzintervall"),
    confidence_connectors=words("von zum"),
    confidence_last=words("ki konfidenzintervall"),
    confidence_after=("Konfidenz",),
    zero_compounds=(),
    time_words=("uhr",),
    fall_by=("um", "von"),
    fall_further=(),
    fall_hedges=("rund", "etwa", "fast", "über", "knapp"),
    fall_across_words=(
        r"(?i)\b(?:sank|sanken|fiel|fielen|verringerte|verringerten|schrumpfte|schrumpften|ging|gingen)\b"
        r"[^;:!?]{0,40}?\s+um\s*[-−]?\s*$"
    ),
    fall_by_before_participle=("um",),
    decrease_participles=("gesunken", "gefallen", "zurückgegangen", "geschrumpft"),
    deficit_words=(r"\bdefizits?",),
    deficit_kinds=("öffentliche", "staatliche"),
    deficit_verbs=("von", "betrug", "beträgt", r"lag\s+bei", r"liegt\s+bei"),
    level_after_decrease=("auf",),
    age_of_prepositions=words("von"),
    age_bounds=words(""),
    scale_nouns=words(""),
    scale_prepositions=words(""),
    confidence_abbreviations=words("ki"),
    confidence_hints=(),
)

#: The words of the code checks (stated periods, caveats, units): see gate/checks/.
CHECKS = CheckWords(
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
        "provisional": ("vorläufig", "vorläufige", "vorläufigen", "vorläufiger", "vorläufiges", "revidiert werden",
                        "nicht endgültig", "noch nicht endgültig", "vorab", "revidierbar"),
        "estimated": ("geschätzt", "geschätzte", "geschätzten", "schätz", "hochgerechnet", "hochrechnung"),
        "break": ("zeitreihenbruch", "zeitreihenbrüche", "bruch in der zeitreihe", "bruch in der reihe", "reihenbruch",
                  "nicht vergleichbar", "eingeschränkt vergleichbar", "nur bedingt vergleichbar", "methodenwechsel",
                  "methodenänderung", "methodische änderung", "strukturbruch"),
        "forecast": ("prognose", "prognostiziert", "vorausschätzung", "vorausgeschätzt", "projektion", "voraussichtlich",
                     "vorhergesagt", "vorausberechnung", "vorausberechnet"),
    },
    years=("jahre", "jahren", "jahr"),
    per=("pro", "je", "auf"),
    points=("punkte", "punkten", "punkt", "indexpunkte"),
    currency={"euro": "EUR", "dollar": "USD", "franken": "CHF"},
    respectively=("beziehungsweise", "bzw."),
    nouns_capitalised=True,
    relative=("vorjahr", "vorjahres", "vorjahresmonat", "vorjahresmonats", "vorjahresquartal", "vorjahresquartals",
              "vorjahreszeitraum", "vormonat", "vormonats", "vorquartal", "vorquartals", "vorwoche", "zuvor", "vorher",
              "davor", "früher", "letzten jahr", "vergangenen jahr"),
    week=("kalenderwoche", "woche", "kw"),
    negations=("nicht", "kaum", "nur eingeschränkt", "nur bedingt"),
    comparable=("vergleichbar", "vergleichen"),
)
