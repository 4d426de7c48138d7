"""The words the review page shows a reader in the answer's language: each SDMX observation
status spelled out (the code list CL_OBS_STATUS, :data:`gate.model.inputs.OBS_STATUS`), in the
languages the shipped rubric speaks. Data only; a language without its word shows English."""

from __future__ import annotations

from gate.model.inputs import OBS_STATUS

#: The languages of :data:`STATUS_NAMES` besides English (those of the shipped rubric).
LANGUAGES = ("fr", "es", "de", "pt", "it", "nl", "ar")

#: SDMX status code -> language -> the status spelled out.
STATUS_NAMES: dict[str, dict[str, str]] = {
    "A": {"fr": "valeur normale", "es": "valor normal", "de": "normaler Wert", "pt": "valor normal",
          "it": "valore normale", "nl": "normale waarde", "ar": "قيمة عادية"},
    "B": {"fr": "rupture de série", "es": "ruptura de serie", "de": "Zeitreihenbruch", "pt": "quebra de série",
          "it": "interruzione di serie", "nl": "trendbreuk", "ar": "انقطاع في السلسلة الزمنية"},
    "D": {"fr": "définition différente", "es": "definición diferente", "de": "abweichende Definition",
          "pt": "definição diferente", "it": "definizione diversa", "nl": "afwijkende definitie", "ar": "تعريف مختلف"},
    "E": {"fr": "valeur estimée", "es": "valor estimado", "de": "geschätzter Wert", "pt": "valor estimado",
          "it": "valore stimato", "nl": "geschatte waarde", "ar": "قيمة تقديرية"},
    "F": {"fr": "valeur prévue", "es": "valor previsto", "de": "Prognosewert", "pt": "valor previsto",
          "it": "valore previsto", "nl": "prognosewaarde", "ar": "قيمة متوقعة"},
    "G": {"fr": "valeur expérimentale", "es": "valor experimental", "de": "experimenteller Wert",
          "pt": "valor experimental", "it": "valore sperimentale", "nl": "experimentele waarde", "ar": "قيمة تجريبية"},
    "H": {"fr": "valeur manquante ; jour férié ou week-end", "es": "valor ausente; festivo o fin de semana",
          "de": "fehlender Wert; Feiertag oder Wochenende", "pt": "valor em falta; feriado ou fim de semana",
          "it": "valore mancante; festivo o fine settimana", "nl": "ontbrekende waarde; feestdag of weekend",
          "ar": "قيمة مفقودة؛ عطلة أو نهاية أسبوع"},
    "I": {"fr": "valeur imputée", "es": "valor imputado", "de": "imputierter Wert", "pt": "valor imputado",
          "it": "valore imputato", "nl": "geïmputeerde waarde", "ar": "قيمة مُستكملة"},
    "K": {"fr": "données incluses dans une autre catégorie", "es": "datos incluidos en otra categoría",
          "de": "in einer anderen Kategorie enthalten", "pt": "dados incluídos noutra categoria",
          "it": "dati inclusi in un'altra categoria", "nl": "gegevens opgenomen in een andere categorie",
          "ar": "بيانات مدرجة في فئة أخرى"},
    "L": {"fr": "valeur manquante ; données existantes mais non collectées",
          "es": "valor ausente; los datos existen pero no se recopilaron",
          "de": "fehlender Wert; Daten vorhanden, aber nicht erhoben",
          "pt": "valor em falta; os dados existem mas não foram recolhidos",
          "it": "valore mancante; i dati esistono ma non sono stati raccolti",
          "nl": "ontbrekende waarde; gegevens bestaan maar zijn niet verzameld",
          "ar": "قيمة مفقودة؛ البيانات موجودة لكنها لم تُجمع"},
    "M": {"fr": "valeur manquante ; données impossibles", "es": "valor ausente; los datos no pueden existir",
          "de": "fehlender Wert; Daten können nicht existieren", "pt": "valor em falta; os dados não podem existir",
          "it": "valore mancante; i dati non possono esistere", "nl": "ontbrekende waarde; gegevens kunnen niet bestaan",
          "ar": "قيمة مفقودة؛ لا يمكن أن توجد بيانات"},
    "N": {"fr": "non significatif", "es": "no significativo", "de": "nicht signifikant", "pt": "não significativo",
          "it": "non significativo", "nl": "niet significant", "ar": "غير دال"},
    "O": {"fr": "valeur manquante", "es": "valor ausente", "de": "fehlender Wert", "pt": "valor em falta",
          "it": "valore mancante", "nl": "ontbrekende waarde", "ar": "قيمة مفقودة"},
    "P": {"fr": "valeur provisoire", "es": "valor provisional", "de": "vorläufiger Wert", "pt": "valor provisório",
          "it": "valore provvisorio", "nl": "voorlopige waarde", "ar": "قيمة أولية"},
    "Q": {"fr": "valeur manquante ; confidentielle", "es": "valor ausente; confidencial",
          "de": "fehlender Wert; gesperrt", "pt": "valor em falta; confidencial", "it": "valore mancante; riservato",
          "nl": "ontbrekende waarde; geheimgehouden", "ar": "قيمة مفقودة؛ محجوبة"},
    "S": {"fr": "grève et autres événements particuliers", "es": "huelga y otros sucesos especiales",
          "de": "Streik und andere besondere Ereignisse", "pt": "greve e outros acontecimentos especiais",
          "it": "sciopero e altri eventi particolari", "nl": "staking en andere bijzondere gebeurtenissen",
          "ar": "إضراب وأحداث خاصة أخرى"},
    "U": {"fr": "faible fiabilité", "es": "baja fiabilidad", "de": "geringe Zuverlässigkeit", "pt": "baixa fiabilidade",
          "it": "bassa affidabilità", "nl": "lage betrouwbaarheid", "ar": "موثوقية منخفضة"},
    "V": {"fr": "valeur non validée", "es": "valor no validado", "de": "nicht validierter Wert", "pt": "valor não validado",
          "it": "valore non convalidato", "nl": "niet-gevalideerde waarde", "ar": "قيمة غير مُتحقق منها"},
    "W": {"fr": "inclut des données d'une autre catégorie", "es": "incluye datos de otra categoría",
          "de": "enthält Daten einer anderen Kategorie", "pt": "inclui dados de outra categoria",
          "it": "include dati di un'altra categoria", "nl": "bevat gegevens van een andere categorie",
          "ar": "تتضمن بيانات من فئة أخرى"},
}


def status_name(code: str, language: str) -> str:
    """An SDMX status code spelled out in a language (its tag or primary subtag), else in
    English; the code itself when it is not an SDMX code."""
    names = STATUS_NAMES.get(code, {})
    tag = language.lower()
    return names.get(tag) or names.get(tag.split("-")[0]) or OBS_STATUS.get(code, code)
