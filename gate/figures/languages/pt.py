"""Portuguese (pt): everything the figure reader knows of the language.

Separators and month names come from CLDR through Babel; the words are the project's own
lists. Every table is declared, with its meaning, in :class:`gate.figures.languages.base.Language`.
"""

from gate.figures.languages.base import CheckWords, Language, words

LANGUAGE = Language(
    code="pt",
    name="Portuguese",
    scale_words={
        "mil": 3, "milhão": 6, "milhões": 6, "milhao": 6, "milhoes": 6, "mi": 6, "mil milhões": 9,
        "bilhão": 9, "bilhões": 9, "bilhao": 9, "bilhoes": 9, "bi": 9, "bilião": 12, "biliões": 12,
        "trilhão": 12, "trilhões": 12, "tri": 12,
    },
    percent_words=("pontos percentuais", "ponto percentual", "por cento"),
    hedge_words={
        "cerca de": "about", "aproximadamente": "about", "em torno de": "about",
        "por volta de": "about", "perto de": "about", "quase": "under", "menos de": "under",
        "abaixo de": "under", "mais de": "over", "acima de": "over", "pelo menos": "at_least",
        "mais do que": "over", "mais que": "over", "menos do que": "under", "menos que": "under",
        "no mínimo": "at_least", "no máximo": "at_most", "até": "at_most",
        "não mais de": "at_most", "não mais do que": "at_most", "não menos de": "at_least",
        "não menos do que": "at_least", "aprox.": "about",
    },
    hedge_articles={
        "de": ("do", "da", "dos", "das", "de um", "de uma"), "a": ("ao", "à", "aos", "às"),
        "": ("o", "a", "os", "as", "um", "uma"),
    },
    glued_prefixes="",
    denominator_words=("por", "por cada", "a cada", "em cada"),
    level_before_denominator=words(""),
    digit_scales={"k": 3, "K": 3},
    level_words=words("de do da a foi é era são foram em atingiu"),
    amount_joiners=words("e"),
    reference_words=words(
        "tabela quadro figura gráfico seção secção capítulo página pág. anexo nota linha "
        "coluna pergunta indicador objetivo meta nº n.º número artigo versão nível"
    ),
    label_words={
        "trimestre": 4, "semestre": 2, "semana": 53, "quintil": 5, "decil": 10, "quartil": 4,
        "percentil": 99,
    },
    between_words=words("entre"),
    range_to=words("a até"),
    range_and=words("e"),
    vague_plurals=words("centenas milhares milhões dezenas"),
    fraction_words=words("meio meia terço terços quarto quartos quinto quintos"),
    dot_ordinal_before=words(""),
    dot_ordinal_nouns=words(""),
    thousand_endings=("mil",),
    number_words={
        "words": (
            "zero um uma dois duas três quatro cinco seis sete oito nove dez onze doze treze "
            "catorze quatorze quinze dezesseis dezasseis dezessete dezassete dezoito dezenove "
            "dezanove vinte trinta quarenta cinquenta sessenta setenta oitenta noventa cem cento "
            "duzentos duzentas trezentos trezentas quatrocentos quatrocentas quinhentos "
            "quinhentas seiscentos seiscentas setecentos setecentas oitocentos oitocentas "
            "novecentos novecentas mil"
        ),
        "joiners": "e vírgula",
        "lone": "um uma",
    },
    dozen_words=r"uma\s+dúzia",
    half_dozen_words=r"meia\s+dúzia",
    and_a_half=r"(?i)\s+e\s+meio(?![^\W\d_])",
    half_compound=None,
    article_scales=None,
    half_scales=r"(?:um\s+)?meio\s+(?=(?:milhão|milhao|bilhão|bilhao)\b)",
    special_hints=("dúzia", "meio milh", "meio bilh"),
    dozens_after=r"(?i)\s+d[úu]zias?(?![^\W\d_])",
    minus_words={"menos": ("ou", "ao", "o", "os", "as", "mais")},
    decimal_words=words(""),
    part_of_words=words("de dos das"),
    ordinal_words=(
        r"primeir[oa]s?|segund[oa]|terceir[oa]s?|sext[oa]s?|s[ée]tim[oa]s?|oitav[oa]s?"
        r"|[a-zéó]+[ée]sim[oa]s?"
    ),
    unaccented={
        "á": ("a",), "â": ("a",), "ã": ("a",), "é": ("e",), "ê": ("e",), "í": ("i",),
        "ó": ("o",), "ô": ("o",), "õ": ("o",), "ú": ("u",), "ç": ("c",),
    },
    currency_names=words("reais dólares libras euros"),
    price_base_words=words("em constantes"),
    age_words=words(""),
    age_of_words=words("idade maiores menores"),
    age_at_words=words("aos"),
    age_people_words=words("crianças"),
    look_back_words=words("últimos últimas"),
    cumulated_words=words("acumulado acumulada acumulados acumuladas"),
    over_words=words("em nos"),
    period_articles=words("os as"),
    duration_words=("anos", "dias", "meses", "semanas", "trimestres"),
    ratio_connectors=(r"em\s+cada",),
    ratio_ones=("um", "uma"),
    decrease_words=("encolheu", "reduziu", "caiu", "recuou", "diminuiu", "queda"),
    decrease_in_clause=(
        "abaixo", "ca(?:iu|i|íram)", "recu(?:ou|o)", "queda", "retração", "diminu(?:iu|ição|i)",
    ),
    increase_words=(r"aument\w*", "sub(?:e|ió|iu)", r"cresc\w*"),
    lower_words=("abaixo", r"a\s+menos", "inferior(?:es)?"),
    band_words=("a", "e"),
    age_units=("anos",),
    age_hyphen_units=(),
    age_old_units=(),
    duration_nouns=words("anos meses semanas dias"),
    hyphen_durations=(),
    or_words=words("e ou"),
    older_words=words("mais"),
    older_continuations=("do", "da", "de", "que"),
    last_words=words(""),
    period_to=("até",),
    group_words=words(""),
    group_most=("mais",),
    group_after=("ric[ao]s?", "pobres?"),
    than_words=(r"do\s+que",),
    confidence_before=("confiança",),
    confidence_connectors=words("de"),
    confidence_last=words("confiança"),
    confidence_after=("de confian",),
    zero_compounds=(),
    time_words=(),
    fall_by=("em", "de"),
    fall_further=(),
    fall_hedges=("quase", r"cerca\s+de", r"mais\s+de"),
    fall_across_words=None,
    fall_by_before_participle=(),
    decrease_participles=(),
    deficit_words=(),
    deficit_kinds=("primário", "público"),
    deficit_verbs=(r"foi\s+de", r"é\s+de", "do", "de"),
    level_after_decrease=("para", "até"),
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
                        "sujeito a revisão", "sujeitos a revisão", "sujeita a revisão", "sujeitas a revisão",
                        "passível de revisão", "passíveis de revisão", "não definitiv", "provisoriamente"),
        "estimated": ("estimativa", "estimado", "estimada", "estimados", "estimadas", "estima-se", "se estima", "estimou", "estimam"),
        "break": ("quebra de série", "quebra na série", "quebra da série", "quebras de série", "interrupção da série",
                  "série interrompida", "não comparável", "não comparáveis", "mudança metodológica",
                  "alteração metodológica", "mudança de metodologia"),
        "forecast": ("previsão", "previsões", "projeção", "projeções", "projecç", "previst", "prevê", "preveem",
                     "projetad", "projectad"),
    },
    years=("anos", "ano"),
    per=("por", "por cada"),
    points=("pontos", "ponto"),
    currency={"euros": "EUR", "euro": "EUR", "reais": "BRL", "real": "BRL", "dólares": "USD"},
    respectively=("respectivamente", "respetivamente"),
    relative=("anterior", "anteriores", "antes", "passado", "passada", "prévio", "prévia"),
    week=("semana",),
    negations=("não", "nem"),
    comparable=("comparável", "comparáveis", "comparad"),
)
