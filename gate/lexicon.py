"""Words per language that the figure reader needs: scale words, percent words, hedges,
denominators, references, number words, halves and dozens.

Data only, lowercase unless said otherwise; :mod:`gate.figures` builds its per-language
conventions from these tables. Languages: en, fr, es, de, pt, it, nl (number words through
text2num) and ar. Separators and month names come from CLDR through Babel, in
:mod:`gate.figures`; the words here are the project's own lists.
"""

from __future__ import annotations

import re
from decimal import Decimal

# Scale words written after a number, with a space: word -> power of ten.
SCALE_WORDS: dict[str, dict[str, int]] = {
    "en": {
        "thousand": 3, "thousands": 3, "million": 6, "millions": 6, "mn": 6, "mln": 6,
        "billion": 9, "billions": 9, "bn": 9, "bln": 9, "trillion": 12, "trillions": 12,
        "tn": 12, "trn": 12, "lakh": 5, "lakhs": 5, "crore": 7, "crores": 7,
    },
    "fr": {
        "mille": 3, "millier": 3, "milliers": 3, "million": 6, "millions": 6, "mio": 6,
        "milliard": 9, "milliards": 9, "md": 9, "mds": 9, "mrd": 9, "mrds": 9,
        "billion": 12, "billions": 12,
    },
    "es": {
        "mil": 3, "millón": 6, "millones": 6, "millon": 6, "mill.": 6, "mdd": 6,
        "mil millones": 9, "millardo": 9, "millardos": 9, "billón": 12, "billones": 12,
        "billon": 12, "décima": -1, "décimas": -1, "centésima": -2, "centésimas": -2,
    },
    "de": {
        "tausend": 3, "tsd.": 3, "million": 6, "millionen": 6, "mio.": 6, "mio": 6, "mill.": 6,
        "milliarde": 9, "milliarden": 9, "mrd.": 9, "mrd": 9, "billion": 12,
        "billionen": 12, "bio.": 12,
    },
    "pt": {
        "mil": 3, "milhão": 6, "milhões": 6, "milhao": 6, "milhoes": 6, "mi": 6,
        "mil milhões": 9, "bilhão": 9, "bilhões": 9, "bilhao": 9, "bilhoes": 9, "bi": 9,
        "bilião": 12, "biliões": 12, "trilhão": 12, "trilhões": 12, "tri": 12,
    },
    "it": {
        "mila": 3, "milione": 6, "milioni": 6, "mln": 6, "miliardo": 9, "miliardi": 9,
        "mld": 9, "mrd": 9, "bilione": 12, "bilioni": 12,
    },
    "nl": {
        "duizend": 3, "miljoen": 6, "miljoenen": 6, "mln": 6, "mln.": 6, "miljard": 9,
        "miljarden": 9, "mld": 9, "mld.": 9, "mrd": 9, "biljoen": 12,
    },
    # Arabic, with and without hamza as both are written; "مليار" is 10^9
    "ar": {
        "ألف": 3, "الف": 3, "آلاف": 3, "الاف": 3, "ألفا": 3, "مليون": 6, "مليونا": 6,
        "ملايين": 6, "مليار": 9, "مليارا": 9, "مليارات": 9, "بليون": 9, "تريليون": 12,
        "ترليون": 12,
    },
}
# Abbreviations written right after the digits ("$4.1bn", "3.2B", "10k"):
# case-sensitive, every language.
ATTACHED_SCALES = {
    "k": 3, "K": 3, "m": 6, "M": 6, "mn": 6, "mln": 6, "Mn": 6, "bn": 9, "Bn": 9,
    "b": 9, "B": 9, "bln": 9, "tn": 12, "Tn": 12, "T": 12, "Md": 9, "Mds": 9, "Mrd": 9,
    "Mio": 6, "mila": 3,
}
# Units written right after the digits: the number stays a figure.
ATTACHED_UNITS = frozenset(
    "km km2 km² m2 m² kg g mg t kt Mt Gt ha l L ml mL hl cm mm kWh MWh GWh TWh kW MW GW "
    "x pp pts bp bps yrs y mo wk".split()
)
# Percent words and percentage points, every language (lowercase match).
PERCENT_WORDS = (
    "percentage points", "percentage point", "percent", "per cent", "pct", "pp", "p.p.",
    "points de pourcentage", "point de pourcentage", "pour cent", "pourcent",
    "puntos porcentuales", "punto porcentual", "por ciento",
    "prozentpunkte", "prozentpunkten", "prozentpunkt", "prozent",
    "pontos percentuais", "ponto percentual", "por cento",
    "punti percentuali", "punto percentuale", "per cento", "percento",
    "procentpunten", "procentpunt", "procent",
    "نقاط مئوية", "نقطة مئوية", "في المائة", "في المئة", "بالمائة", "بالمئة",
)
# What a percent sign or word may start with, in either case.
PERCENT_STARTS = frozenset("%٪％" + "".join(w[0] + w[0].upper() for w in PERCENT_WORDS))
HEDGE_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "about": "about", "around": "about", "approximately": "about", "approx.": "about",
        "approx": "about", "roughly": "about", "circa": "about", "ca.": "about",
        "c.": "about", "some": "about", "close to": "about", "an estimated": "about",
        "estimated": "about", "nearly": "under", "almost": "under", "just under": "under",
        "under": "under", "below": "under", "less than": "under", "fewer than": "under",
        "just below": "under", "slightly less than": "under", "not quite": "under",
        "over": "over", "more than": "over", "above": "over", "just over": "over",
        "exceeding": "over", "in excess of": "over", "upwards of": "over",
        "slightly more than": "over", "well over": "over", "at least": "at_least",
        "no less than": "at_least", "no fewer than": "at_least", "a minimum of": "at_least",
        "at most": "at_most", "up to": "at_most", "no more than": "at_most",
        "not more than": "at_most", "a maximum of": "at_most", "not less than": "at_least",
        "not fewer than": "at_least",
    },
    "fr": {
        "environ": "about", "approximativement": "about", "à peu près": "about",
        "autour de": "about", "aux alentours de": "about", "quelque": "about",
        "près de": "about", "presque": "under", "quasiment": "under",
        "pas loin de": "under", "moins de": "under", "un peu moins de": "under",
        "plus de": "over", "un peu plus de": "over", "au-delà de": "over",
        "au moins": "at_least", "au minimum": "at_least", "au plus": "at_most",
        "au maximum": "at_most", "jusqu'à": "at_most", "pas plus de": "at_most",
        "pas moins de": "at_least", "d'environ": "about", "env.": "about",
        "de l'ordre de": "about", "d'à peu près": "about", "quasi": "under",
        "d'au moins": "at_least", "d'au plus": "at_most", "d'un peu plus de": "over",
        "d'un peu moins de": "under",
    },
    "es": {
        "unos": "about", "unas": "about", "alrededor de": "about", "aproximadamente": "about",
        "aprox.": "about", "en torno a": "about", "cerca de": "about", "más o menos": "about",
        "casi": "under", "menos de": "under", "poco menos de": "under", "inferior a": "under",
        "más de": "over", "poco más de": "over", "algo más de": "over", "superior a": "over",
        "por encima de": "over", "por debajo de": "under",
        "al menos": "at_least", "como mínimo": "at_least", "por lo menos": "at_least",
        "como máximo": "at_most", "a lo sumo": "at_most", "hasta": "at_most",
        "no más de": "at_most", "no menos de": "at_least",
    },
    "de": {
        "rund": "about", "etwa": "about", "ca.": "about", "circa": "about", "zirka": "about",
        "ungefähr": "about", "um die": "about", "fast": "under", "knapp": "under",
        "beinahe": "under", "nahezu": "under", "annähernd": "under", "weniger als": "under",
        "unter": "under", "gut": "over", "über": "over", "mehr als": "over",
        "mindestens": "at_least", "wenigstens": "at_least", "höchstens": "at_most",
        "maximal": "at_most", "bis zu": "at_most", "nicht mehr als": "at_most",
        "nicht weniger als": "at_least", "rd.": "about",
    },
    "pt": {
        "cerca de": "about", "aproximadamente": "about", "em torno de": "about",
        "por volta de": "about", "perto de": "about", "quase": "under", "menos de": "under",
        "abaixo de": "under", "mais de": "over", "acima de": "over", "pelo menos": "at_least",
        "mais do que": "over", "mais que": "over", "menos do que": "under", "menos que": "under",
        "no mínimo": "at_least", "no máximo": "at_most", "até": "at_most",
        "não mais de": "at_most", "não mais do que": "at_most", "não menos de": "at_least",
        "não menos do que": "at_least", "aprox.": "about",
    },
    "it": {
        "circa": "about", "intorno a": "about", "attorno a": "about", "all'incirca": "about",
        "approssimativamente": "about", "quasi": "under", "meno di": "under",
        "poco meno di": "under", "oltre": "over", "più di": "over", "poco più di": "over",
        "almeno": "at_least", "al massimo": "at_most", "fino a": "at_most",
        "non più di": "at_most", "non meno di": "at_least", "ca.": "about", "pressoché": "under",
    },
    "nl": {
        "ongeveer": "about", "circa": "about", "ca.": "about", "rond": "about",
        "rond de": "about", "zo'n": "about", "ruwweg": "about", "bijna": "under",
        "nagenoeg": "under", "krap": "under", "minder dan": "under", "ruim": "over",
        "meer dan": "over", "ten minste": "at_least", "minstens": "at_least",
        "hoogstens": "at_most", "maximaal": "at_most", "niet meer dan": "at_most",
        "niet minder dan": "at_least", "pakweg": "about", "omstreeks": "about",
        "bij benadering": "about",
    },
    "ar": {
        "حوالي": "about", "حوالى": "about", "نحو": "about", "قرابة": "about", "زهاء": "about",
        "ما يقارب": "about", "ما يقرب من": "about", "تقريبا": "about", "يناهز": "under",
        "ما يناهز": "under", "أقل من": "under", "اقل من": "under", "دون": "under",
        "أكثر من": "over", "اكثر من": "over", "ما يزيد على": "over", "ما يزيد عن": "over",
        "يزيد على": "over", "يزيد عن": "over", "ما لا يقل عن": "at_least",
        "لا يقل عن": "at_least", "لا تقل عن": "at_least", "لا يزيد على": "at_most",
        "لا يزيد عن": "at_most", "ما يصل إلى": "at_most", "ما يصل الى": "at_most",
    },
}
# Articles and contractions a hedge may take before a number ("más del 40 %",
# "quasi il 40%", "quase o"): per language, the last word of a hedge phrase ->
# what may replace it; "" -> articles that may follow any hedge.
HEDGE_ARTICLES: dict[str, dict[str, tuple[str, ...]]] = {
    "es": {"de": ("del", "de un", "de una"), "a": ("al",), "": ("el", "la", "los", "las", "un", "una")},
    "it": {
        "di": ("del", "dello", "della", "dei", "degli", "delle"),
        "a": ("al", "allo", "alla", "ai", "agli", "alle"),
        "": ("il", "lo", "la", "i", "gli", "le", "un", "uno", "una"),
    },
    "pt": {
        "de": ("do", "da", "dos", "das", "de um", "de uma"), "a": ("ao", "à", "aos", "às"),
        "": ("o", "a", "os", "as", "um", "uma"),
    },
}
HEDGE_SYMBOLS = {
    "~": "about", "≈": "about", "∼": "about", ">": "over", "<": "under",
    "≥": "at_least", "≤": "at_most",
}
HEDGE_MARKS = frozenset(HEDGE_SYMBOLS) | {"="}  # characters that may stand for a hedge (">=")
# One-letter words written glued to the next word, a number too ("و٣٫٢" and
# 3.2, "بـ٣" with 3), per language.
GLUED_PREFIXES = {"ar": "وبلفك"}
# Words before a denominator ("35 per 1,000"): only a power of ten follows them.
DENOMINATOR_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("per", "per every", "for every"),
    "fr": ("pour", "pour chaque", "sur", "par"),
    "es": ("por", "por cada", "cada"),
    "de": ("je", "pro", "auf"),
    "pt": ("por", "por cada", "a cada", "em cada"),
    "it": ("per", "ogni", "su"),
    "nl": ("per", "op"),
    "ar": ("لكل", "من كل", "في كل"),
    # Languages the reader does not otherwise cover: their denominators only (issue 13),
    # so that "на 1 000 человек" or "प्रति 1,000" is not counted as a figure.
    "ru": ("на", "на каждые", "в расчёте на", "в расчете на"),
    "uk": ("на", "на кожні"),
    "hi": ("प्रति",),
}
# Words before a reference to a part of a document or a code ("table 3").
REFERENCE_WORDS: dict[str, str] = {
    "en": "table tables tab. figure figures fig. chart graph section sections chapter page rev. "
    "revision code codes "
    "pages p. pp. annex appendix box item note footnote row column line step question "
    "indicator indicators goal target no. nos. nr. version v. article art. paragraph "
    "para. volume vol. issue wave round phase tier grade rank ranked level source sources "
    "doc docs ref ref. refs.",
    "fr": "tableau tableaux graphique graphe figure section chapitre page annexe encadré "
    "note ligne colonne question indicateur objectif cible n° nº numéro article version "
    "vague étape niveau rang",
    "es": "cuadro tabla figura gráfico sección capítulo página pág. anexo recuadro nota "
    "fila columna pregunta indicador objetivo meta n.º nº núm. número artículo versión "
    "nivel",
    "de": "tabelle abbildung abb. grafik schaubild abschnitt kapitel seite s. anhang kasten "
    "fußnote zeile spalte frage indikator ziel nr. nummer artikel version absatz stufe "
    "rang platz",
    "pt": "tabela quadro figura gráfico seção secção capítulo página pág. anexo nota linha "
    "coluna pergunta indicador objetivo meta nº n.º número artigo versão nível",
    "it": "tabella tavola figura grafico sezione capitolo pagina pag. allegato nota riga "
    "colonna domanda indicatore obiettivo traguardo n. nº numero articolo versione livello",
    "nl": "tabel figuur grafiek sectie paragraaf hoofdstuk pagina blz. bijlage kader noot "
    "rij kolom vraag indicator doel nr. nummer artikel versie niveau",
    "ar": "جدول الجدول شكل الشكل رسم صفحة ص. فقرة الفقرة فصل الفصل ملحق الملحق رقم",
}
# Labels of periods and quantiles before a small integer ("quarter 2", "week 23",
# "decile 10"), every language: word -> the largest number it labels.
LABEL_WORDS: dict[str, int] = {
    **dict.fromkeys("quarter trimestre kwartaal quartal".split(), 4),
    **dict.fromkeys("semester semestre halbjahr".split(), 2),
    **dict.fromkeys("week wk. semaine semana woche settimana".split(), 53),
    **dict.fromkeys("quintile quintil kwintiel".split(), 5),
    **dict.fromkeys("decile décile decil dezil deciel".split(), 10),
    **dict.fromkeys("quartile quartil kwartiel tercile terzile".split(), 4),
    **dict.fromkeys("percentile percentil perzentil percentiel centile".split(), 99),
}
# Classification codes and goal labels written before a number ("SDG 2.1.1").
CODE_WORDS = frozenset(
    "sdg sdgs odd ods sdg-indikator iso isic nace naics icd hs cpc coicop cofog nuts isced "
    "isco sitc #".split()
)
BETWEEN_WORDS = frozenset("between entre zwischen tra fra tussen".split())
RANGE_TO = frozenset("- – — to à a bis tot al até".split())
RANGE_AND = frozenset("and et y und e en".split())
# Articles and prepositions before a German-style ordinal ("im 2. Quartal").
DOT_ORDINAL_BEFORE = frozenset(
    "im am in der die das den dem des zum zur vom beim ab bis seit jedes jeder jede "
    "sein seine ihr ihre ihrem seinem für nach vor".split()
)
DOT_ORDINAL_NOUNS = frozenset(
    "quartal quartals halbjahr halbjahres jahrhundert jahrhunderts monat monats woche "
    "platz rang stelle mal klasse lebensjahr auflage stock welle runde".split()
)
# Languages that write ordinals as "2." (CLDR), where "2. Quartal" is no figure.
DOT_ORDINAL_LANGUAGES = frozenset("de da nb no nn fi cs sk sl hr sr bs hu pl et lv is tr".split())
VAGUE_PLURALS = frozenset(
    "hundreds thousands millions billions dozens tens scores centaines milliers millions "
    "milliards dizaines cientos centenares miles millones decenas hunderte tausende "
    "millionen milliarden dutzende centenas milhares milhões dezenas centinaia migliaia "
    "milioni miliardi decine honderden duizenden miljoenen miljarden tientallen".split()
)
# Words that make a number word a fraction ("two thirds"): no figure.
FRACTION_WORDS = frozenset(
    "half halves third thirds quarter quarters fifth fifths tenth tenths demi demie tiers "
    "quart quarts cinquième cinquièmes dixième dixièmes medio media tercio tercios cuarto "
    "cuartos quinto quintos décimo décimos hälfte drittel viertel fünftel zehntel meio meia "
    "terço terços quarto quartos quinto quintos mezzo mezza terzo terzi quarto quarti "
    "quinto quinti decimo decimi derde derden kwart vijfde tiende".split()
)
THOUSAND_ENDINGS = ("thousand", "mille", "mil", "tausend", "duizend", "mila")
DOZEN_WORDS = {
    "en": r"(?:a|one)\s+dozen", "fr": r"une\s+douzaine", "es": r"una\s+docena",
    "de": r"ein\s+dutzend", "pt": r"uma\s+dúzia", "it": r"una\s+dozzina", "nl": r"een\s+dozijn",
}
HALF_DOZEN_WORDS = {  # six
    "en": r"half\s+a\s+dozen", "fr": r"une\s+demi-douzaine", "es": r"media\s+docena",
    "de": r"ein\s+halbes\s+dutzend", "pt": r"meia\s+dúzia", "it": r"mezza\s+dozzina",
    "nl": r"een\s+half\s+dozijn",
}
# A half after a number ("two and a half million", "2 et demi pour cent") or after its
# scale word ("a million and a half", "deux millions et demi").
AND_A_HALF = {
    "en": re.compile(r"(?i)\s+and\s+a\s+half(?![^\W\d_])"),
    "nl": re.compile(r"(?i)\s+en\s+een\s+half(?![^\W\d_])"),
    "fr": re.compile(r"(?i)\s+et\s+demie?(?![^\W\d_])"),
    "es": re.compile(r"(?i)\s+y\s+medio(?![^\W\d_])"),
    "pt": re.compile(r"(?i)\s+e\s+meio(?![^\W\d_])"),
    "it": re.compile(r"(?i)\s+e\s+mezzo(?![^\W\d_])"),
}
# Halves written as one word: "zweieinhalb", "anderhalf", "tweeënhalf" (value + 1/2).
HALF_COMPOUNDS = {
    "de": (
        r"(?:ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn)einhalb",
        {"ein": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10},
        "einhalb",
    ),
    "nl": (
        r"anderhalf|(?:twee|drie|vier|vijf|zes|zeven|acht|negen|tien)(?:en|ën)half",
        {"ander": 1, "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7, "acht": 8, "negen": 9, "tien": 10},
        "half",
    ),
}
ARTICLE_SCALES = {"en": r"an?\s+(?=(?:million|billion|trillion)\b)"}
# Half of a scale word ("half a million" is 500,000, never a million): the
# words before the scale word, which the suffix reader then applies.
HALF_SCALES = {
    "en": r"half\s+an?\s+(?=(?:million|billion|trillion)\b)",
    "fr": r"(?:un\s+)?demi-(?=milli(?:on|ard)\b)",
    "es": r"medio\s+(?=(?:millón|millon)\b)",
    "de": r"(?:eine\s+)?halbe\s+(?=(?:million|milliarde)\b)",
    "pt": r"(?:um\s+)?meio\s+(?=(?:milhão|milhao|bilhão|bilhao)\b)",
    "it": r"(?:un\s+)?mezzo\s+(?=(?:milione|miliardo)\b)",
    "nl": r"(?:een\s+)?half\s+(?=(?:miljoen|miljard)\b)",
}
HALF = Decimal("0.5")
# Number words per language (lowercase) for the languages text2num covers: the
# words a run of number words may consist of. Scale words of a million and
# more are not here: the reader of what follows a number applies them, as it
# does after digits. ``lone`` words mean one and double as articles; they are
# a figure only with a scale or percent after them ("un million").
NUMBER_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "words": "zero one two three four five six seven eight nine ten eleven twelve "
        "thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty "
        "fifty sixty seventy eighty ninety hundred thousand",
        "joiners": "and point",
        "lone": "one",
    },
    "fr": {
        "words": "zéro un une deux trois quatre cinq six sept huit neuf dix onze douze treize "
        "quatorze quinze seize vingt vingts trente quarante cinquante soixante septante "
        "octante huitante nonante cent cents mille",
        "joiners": "et virgule",
        "lone": "un une",
    },
    "es": {
        "words": "cero un uno una dos tres cuatro cinco seis siete ocho nueve diez once doce "
        "trece catorce quince dieciséis diecisiete dieciocho diecinueve veinte veintiuno "
        "veintiún veintiuna veintidós veintitrés veinticuatro veinticinco veintiséis "
        "veintisiete veintiocho veintinueve treinta cuarenta cincuenta sesenta setenta "
        "ochenta noventa cien ciento doscientos doscientas trescientos trescientas "
        "cuatrocientos cuatrocientas quinientos quinientas seiscientos seiscientas "
        "setecientos setecientas ochocientos ochocientas novecientos novecientas mil",
        "joiners": "y coma",
        "lone": "un uno una",
    },
    "pt": {
        "words": "zero um uma dois duas três quatro cinco seis sete oito nove dez onze doze "
        "treze catorze quatorze quinze dezesseis dezasseis dezessete dezassete dezoito "
        "dezenove dezanove vinte trinta quarenta cinquenta sessenta setenta oitenta noventa "
        "cem cento duzentos duzentas trezentos trezentas quatrocentos quatrocentas "
        "quinhentos quinhentas seiscentos seiscentas setecentos setecentas oitocentos "
        "oitocentas novecentos novecentas mil",
        "joiners": "e vírgula",
        "lone": "um uma",
    },
    "it": {
        "compound": r"(?:zero|un[oa]?|due|tr[eé]|quattro|cinque|sei|sette|otto|nove|dieci|undici"
        r"|dodici|tredici|quattordici|quindici|sedici|diciassette|diciotto|diciannove"
        r"|vent[io]?|trent[ao]?|quarant[ao]?|cinquant[ao]?|sessant[ao]?|settant[ao]?"
        r"|ottant[ao]?|novant[ao]?|cento?|mille|mila)+",
        "starts": "ze un du tr tr qu ci se ot no di do ve ce mi",
        "joiners": "e virgola",
        "lone": "un uno una",
    },
    "de": {
        "compound": r"(?:null|eins?|eine|zwei|zwo|drei|vier|fünf|sechs|sech|sieben|sieb|acht"
        r"|neun|zehn|elf|zwölf|zwanzig|dreißig|dreissig|vierzig|fünfzig|sechzig|siebzig"
        r"|achtzig|neunzig|hundert|tausend|und)+",
        "starts": "nu ei zw dr vi fü se si ac ne ze el hu ta",
        "joiners": "komma",
        "lone": "ein eine eins einer",
        "stop": "und",
    },
    "nl": {
        "compound": r"(?:nul|een|één|twee|drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf"
        r"|dertien|veertien|twintig|dertig|veertig|vijftig|zestig|zeventig|tachtig|negentig"
        r"|honderd|duizend|en|ën)+",
        "starts": "nu ee éé tw dr vi ze ac ne ti el de ve ho du ta",
        "joiners": "komma",
        "lone": "een één",
        "stop": "en ën",
    },
}
# Substrings that call for the phrase reader: the dozen word first, then
# article + scale phrases ("a million") where the article is no number word.
SPECIAL_HINTS: dict[str, tuple[str, ...]] = {
    "en": ("dozen", "a million", "a billion", "a trillion", "one million", "one billion", "one trillion"),
    "fr": ("douzaine", "demi-milli"), "es": ("docena", "medio mill"), "de": ("dutzend", "halbe milli"),
    "pt": ("dúzia", "meio milh", "meio bilh"), "it": ("dozzina", "mezzo mili"), "nl": ("dozijn", "half milj"),
}
WORD_PUNCTUATION = ".,;:!?()[]{}\"'«»“”‘’/–—%…"
# The first word of every percent word: after a lone word ("one", "ein") it
# calls for the word reader ("one percent", "ein Prozent").
PERCENT_HEADS = frozenset(w.split()[0] for w in PERCENT_WORDS)
WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
