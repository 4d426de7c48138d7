"""Caveats in each language's own words and forms: nouns, adjectives, plurals, verbs, and
Arabic words with a clitic glued to them; a caveat said once holds for every figure."""

from __future__ import annotations

import pytest

from gate.scoring.checks.binding import caveat_said
from gate.model.caveats import caveat_kind, caveat_suggestion

SAID = [
    ("en", "estimated", "GDP grew by an estimated 1.3%."), ("en", "estimated", "Estimates put growth at 1.3%."),
    ("en", "break", "There is a discontinuity in the series in 2021."), ("en", "forecast", "Growth is projected at 1.8%."),
    ("fr", "estimated", "1,3 % (chiffre estimé)."), ("fr", "provisional", "Résultats préliminaires : 2,7 %."),
    ("fr", "break", "Une interruption de la série empêche la comparaison."), ("fr", "forecast", "La croissance est prévue à 1,8 %."),
    ("es", "estimated", "Según cifras estimadas, 1,3 %."), ("es", "estimated", "Se estima un 1,3 %."),
    ("es", "forecast", "Se prevé un crecimiento del 1,8 %."), ("es", "break", "Hay una ruptura en la serie."),
    ("de", "estimated", "Nach Schätzwerten 1,3 %."), ("de", "provisional", "Vorläufige Ergebnisse: 2,7 %."),
    ("de", "break", "Zeitreihenbruch 2021."), ("de", "forecast", "Voraussichtlich 1,8 %."),
    ("pt", "provisional", "2,7% (dado provisório)."), ("pt", "forecast", "Segundo o previsto, 1,8%."),
    ("pt", "break", "Quebra de série em 2021."), ("pt", "estimated", "Estima-se 1,3%."),
    ("it", "provisional", "2,7% (dato provvisorio)."), ("it", "estimated", "Secondo le stime, 1,3%."),
    ("it", "break", "Serie interrotta per il cambio di metodo."), ("it", "forecast", "Si prevede un 1,8%."),
    ("nl", "provisional", "Voorlopig 2,7%."), ("nl", "break", "Door een trendbreuk niet vergelijkbaar."),
    ("nl", "estimated", "Naar schatting 1,3%."), ("nl", "forecast", "De groei wordt verwacht op 1,8%."),
    ("ar", "estimated", "نما بنسبة ١٫٣٪ وفق التقديرات."), ("ar", "provisional", "وفق البيانات الأولية."),
    ("ar", "forecast", "من المتوقع أن ينمو بنسبة ١٫٨٪."), ("ar", "break", "مع انقطاع في السلسلة."),
    # Not comparable: a word of "not" up to four words before one of "comparable".
    ("it", "break", "Il dato non è confrontabile con gli anni precedenti."),
    ("de", "break", "Der Wert ist nicht mit früheren Jahren vergleichbar."),
    ("fr", "break", "Le chiffre n'est pas comparable aux années antérieures."),
    ("en", "break", "It cannot be compared with earlier years."),
]


@pytest.mark.parametrize("language, kind, text", SAID, ids=[f"{c[0]}-{c[1]}-{i}" for i, c in enumerate(SAID)])
def test_a_caveat_said_in_the_language_is_heard(language, kind, text):
    assert caveat_said(text, language, kind)


@pytest.mark.parametrize("language, kind, text", [
    ("en", "provisional", "Inflation was 2.7% in June 2025."),
    ("ar", "forecast", "سينمو الناتج المحلي الإجمالي بنسبة ١٫٨٪ في عام ٢٠٢٦."),
    ("it", "estimated", "Il PIL è cresciuto dell'1,3% nel 2024."),
    ("de", "break", "Die Quote lag 2021 bei 72,5 %."),
    ("es", "estimated", "El PIB creció un 1,3 % en 2024."),
    ("en", "break", "Not surprisingly, the figures are comparable."),
    ("de", "break", "Es ist nicht so, dass die Zahl vergleichbar wäre."),
    ("en", "break", "The figure is comparable with 2020."),
])
def test_an_answer_that_says_no_caveat_is_not_heard_to(language, kind, text):
    assert not caveat_said(text, language, kind)


def test_caveat_texts_name_their_kind_and_misspellings_still_get_a_suggestion():
    assert caveat_kind("serie interrotta") == "break"
    assert caveat_kind("interruption de série") == "break"
    assert caveat_kind("valores estimados") == "estimated"
    assert caveat_kind("البيانات الأولية") == "provisional"
    assert caveat_kind("estimatd") is None and caveat_suggestion("estimatd") == "estimated"
    assert caveat_kind("seasonally adjusted") is None
