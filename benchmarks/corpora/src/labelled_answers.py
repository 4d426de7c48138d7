"""The labelled answers of benchmarks/corpora/answers/*.jsonl, as first written (2026-12-07,
by the session of issue 25), before the reader was tuned on them.

    python benchmarks/corpora/src/labelled_answers.py

writes them; the JSON lines are the corpus (frozen: a new case is added under a new id, a
case is never edited). In an answer below, ``[[text]]`` marks a figure the evidence supports
and ``[[!text]]`` one it does not (invented); the JSON line holds the plain answer and the
labels. A number not marked is no figure (a name, a year, an ordinal), so a flag on it is a
false alarm. The label is what a careful reader of the evidence says: "about 80%" for a
source's 85% is invented, "about 6,000" for 6,140 is not. Every third answer of a language
(by position) is held out.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

S = "written by hand (issue 25)"


def P(text: str, lang: str) -> dict[str, str]:
    return {"text": text, "language": lang}


def obs(value: str, unit: str) -> dict[str, str]:
    return {"series": "OBS", "period": "2024", "value": value, "unit": unit}


T = tuple[str, dict[str, Any]]
CASES: dict[str, list[T]] = {
    "en": [
        ("Unemployment was [[4.2%]] in March 2024, down from [[4.5%]] a year earlier.", {"v": ["4.2", "4.5"]}),
        ("Unemployment was [[4.2%]] in March 2024, down from [[!4.9%]] a year earlier.", {"v": ["4.2", "4.5"]}),
        ("About [[6,000]] firms went bankrupt in 2023.", {"v": ["6140"]}),
        ("About [[!80%]] of households own a car.", {"v": ["85"]}),
        ("Around [[2 billion]] people lack safe drinking water.", {"v": ["1960000000"]}),
        ("Around [[!2 billion]] people lack safe drinking water.", {"v": ["1700000000"]}),
        ("Nearly [[45,000]] people were displaced by the floods.", {"v": ["44800"]}),
        ("The city hosted a Formula 1 race and a G7 summit; hotel occupancy reached [[91%]].", {"v": ["91"]}),
        ("A Boeing 747 now flies the route, and passenger numbers rose to [[!3.4 million]].", {"v": ["3100000"]}),
        ("Among the Top 100 universities, [[12]] are in the country.", {"v": ["12"]}),
        ("[[75%]] of households have broadband.", {"o": [obs("0.75", "ratio")]}),
        ("[[!75%]] of households have broadband.", {"v": ["62"], "p": {"w": P("Average household waste is 0.75 kg per person a day.", "en")}}),
        ("Between [[15]] and [[!35]] applicants per post were recorded.", {"v": ["15", "30"]}),
        ("More than [[15]] and less than [[30]] applicants applied per post.", {"v": ["16", "29"]}),
        ("The balance was [[minus twelve million]] euros.", {"v": ["-12000000"]}),
        ("Inflation was [[seven and a half percent]] last year.", {"v": ["7.5"]}),
        ("Exports reached [[$1.2 billion]].", {"p": {"t1": P("| Item | USD million |\n| --- | --- |\n| Exports | 1,234 |\n| Imports | 987 |", "en")}}),
        ("The alert level is [[7]].", {"p": {"a": P("The alert has stood at level (7) since May.", "en")}}),
        ("The survey covered [[1,250]] households, of which [[!640]] were rural.", {"v": ["1250", "610"]}),
        ("GDP grew [[2.1%]] while the deficit was [[!3.9%]] of GDP.", {"v": ["2.1", "3.4"]}),
        ("Nearly [[!100%]] of schools have electricity.", {"v": ["84"]}),
        ("Some [[2.5 million]] tonnes of wheat were exported, about [[!15%]] more than in 2022.", {"v": ["2500000", "12.3"]}),
        ("The unemployment rate of those aged 15–24 was [[14.3%]], against [[!6.1%]] overall.", {"v": ["14.3", "5.8"]}),
        ("About [[20%]] of adults smoke.", {"v": ["21.4"]}),
        ("About [[!20%]] of adults smoke.", {"v": ["24.6"]}),
        ("Roughly [[3,000]] jobs were created in the quarter.", {"v": ["2870"]}),
        ("Around [[!50,000]] people attended the festival.", {"v": ["56000"]}),
        ("The trade surplus was [[€4.1bn]] in 2023, up from [[€3.8bn]] in 2022.", {"v": ["4100000000", "3812000000"]}),
        ("India's survey covered [[12,50,000]] households.", {"v": ["1250000"]}),
        ("Prices rose [[0.3%]] in May and [[!0.5%]] in June.", {"v": ["0.3", "0.4"]}),
        ("About [[!40%]] of the budget went to health, and [[22%]] to education.", {"v": ["44.6", "22"]}),
        ("Over [[1,000]] schools were rebuilt, about [[1.5%]] of the total.", {"v": ["1012", "1.49"]}),
        ("The region exported [[two hundred thousand]] tonnes, [[!twelve percent]] of the national total.", {"v": ["200000", "9.8"]}),
        ("Windows 11 runs on [[64%]] of ministry computers.", {"v": ["64"]}),
        ("The fertility rate was [[1.62]] children per woman, against [[!1.84]] in 2010.", {"v": ["1.62", "1.94"]}),
        ("Roughly [[!3 million]] visitors came, [[1.1 million]] of them from abroad.", {"v": ["3600000", "1100000"]}),
    ],
    "fr": [
        ("Le taux de chômage atteint [[7,3 %]] au deuxième trimestre 2024, contre [[7,5 %]] un an plus tôt.", {"v": ["7.3", "7.5"]}),
        ("La population compte [[68,373,433]] habitants.", {"v": ["68373433"]}),
        ("La France compte [[!69,1 millions]] d'habitants.", {"v": ["68373433"]}),
        ("Environ [[6 000]] entreprises ont fait faillite.", {"v": ["6140"]}),
        ("Environ [[!80 %]] des ménages ont une voiture.", {"v": ["85"]}),
        ("Le taux varie de [[2]] à [[4 %]] selon les régions.", {"v": ["2", "4"]}),
        ("Le Grand Prix de Formule 1 a attiré [[300 000]] spectateurs, et le sommet du G7 [[!12 000]] délégués.", {"v": ["300000", "9000"]}),
        ("Le déficit public s'élève à [[5,5 %]] du PIB.", {"v": ["-5.5"]}),
        ("Les exportations ont atteint [[52,3 milliards d'euros]].", {"p": {"s": P("Exports reached EUR 52.3 billion in 2023.", "en")}}),
        ("Le PIB a progressé de [[0,4 %]] en 2024, après [[!1,4 %]] en 2023.", {"v": ["0.4", "1.1"]}),
        ("Plus de [[15]] et moins de [[30]] candidats se présentent par poste.", {"v": ["16", "29"]}),
        ("Près de [[45 000]] personnes ont été déplacées.", {"v": ["44800"]}),
        ("Le nombre de chômeurs atteint [[2,3 millions]].", {"p": {"p": P("Le nombre de chômeurs s'établit à 2 310 000 personnes.", "fr")}}),
        ("Environ [[!2 milliards]] de personnes n'ont pas accès à l'eau potable.", {"v": ["1700000000"]}),
        ("[[75 %]] des ménages ont accès à internet.", {"o": [obs("0.75", "ratio")]}),
        ("Le salaire médian atteint [[!2 183 euros]] par mois.", {"v": ["2138"]}),
        ("La superficie est de [[551,695]] km².", {"v": ["551695"]}),
        ("Environ [[!20 %]] des adultes fument.", {"v": ["24.6"]}),
    ],
    "es": [
        ("España tiene [[47,385,107]] habitantes.", {"v": ["47385107"]}),
        ("España tiene [[47.385.107]] habitantes.", {"v": ["47385107"]}),
        ("La tasa de paro fue del [[11,6 %]] en 2024, frente al [[!12,9 %]] de 2023.", {"v": ["11.6", "12.2"]}),
        ("La superficie es de [[505,990]] km².", {"v": ["505990"]}),
        ("La superficie es de [[!506,990]] km².", {"v": ["505990"]}),
        ("Entre [[3]] y [[7 %]] de los hogares están afectados.", {"v": ["3", "7"]}),
        ("Alrededor del [[!80 %]] de los hogares tiene coche.", {"v": ["85"]}),
        ("Unos [[6.000]] negocios cerraron el año pasado.", {"v": ["6140"]}),
        ("La deuda alcanzó [[dos mil millones trescientos mil]] euros.", {"v": ["2000300000"]}),
        ("La Fórmula 1 dejó [[12 millones]] de euros y la cumbre del G20 [[!9 millones]].", {"v": ["12000000", "7000000"]}),
        ("Las exportaciones crecieron un [[2,3 %]] en el segundo trimestre.", {"p": {"p": P("Exports grew 2.3% in the second quarter.", "en")}}),
        ("Casi [[45.000]] personas fueron desplazadas.", {"v": ["44800"]}),
        ("El déficit fue de [[3,5 millones]] de euros.", {"p": {"t": P("| Concepto | Millones de euros |\n| --- | --- |\n| Déficit | 3,5 |", "es")}}),
        ("El [[75 %]] de los hogares tiene internet.", {"o": [obs("75", "percent")]}),
        ("El [[!75 %]] de los hogares tiene internet.", {"v": ["62"], "p": {"p": P("El consumo medio es de 0,75 kg de residuos por persona.", "es")}}),
        ("Hubo más de [[15]] y menos de [[30]] solicitudes por plaza.", {"v": ["16", "29"]}),
        ("Unos [[!20 %]] de los adultos fuman.", {"v": ["24.6"]}),
        ("El PIB creció un [[!0,9 %]] en el trimestre.", {"v": ["0.6"]}),
    ],
    "de": [
        ("Deutschland hat eine Fläche von [[357,592 km²]].", {"v": ["357592"]}),
        ("Deutschland hat eine Fläche von [[!375,592 km²]].", {"v": ["357592"]}),
        ("Deutschland hat [[84,482,267]] Einwohner.", {"v": ["84482267"]}),
        ("Die Arbeitslosenquote lag bei [[5,7 %]], nach [[!5,2 %]] im Vorjahr.", {"v": ["5.7", "5.5"]}),
        ("Rund [[4.500]] Beschäftigte arbeiten im Werk.", {"p": {"p": P("Im Werk arbeiten rund 4,500 Beschäftigte.", "de")}}),
        ("Etwa [[!80 %]] der Haushalte besitzen ein Auto.", {"v": ["85"]}),
        ("Rund [[6.000]] Firmen meldeten Insolvenz an.", {"v": ["6140"]}),
        ("Die Formel 1 brachte [[!150 Mio. Euro]] ein, der G7-Gipfel [[80 Mio. Euro]].", {"v": ["120000000", "80000000"]}),
        ("Der Betrieb zählte [[dreitausendfünf]] Beschäftigte.", {"v": ["3005"]}),
        ("Die Quote sank um [[0,4 Prozentpunkte]] auf [[5,7 %]].", {"v": ["-0.4", "5.7"]}),
        ("Mehr als [[15]] und weniger als [[30]] Bewerber kamen auf eine Stelle.", {"v": ["16", "29"]}),
        ("Die Exporte stiegen auf [[1,6 Billionen Euro]].", {"p": {"p": P("Exports rose to EUR 1.6 trillion.", "en")}}),
        ("Die Inflation lag im Jahr 2024 bei [[2,2 %]].", {"v": ["2.2"]}),
        ("Knapp [[45.000]] Menschen wurden vertrieben.", {"v": ["44800"]}),
        ("[[75 %]] der Haushalte haben einen Internetanschluss.", {"o": [obs("0.75", "ratio")]}),
        ("Das BIP wuchs um [[!0,9 %]].", {"v": ["0.3"]}),
        ("Die Ausfuhren erreichten [[1,2 Milliarden Euro]].", {"p": {"t": P("| Posten | Mio. Euro |\n| --- | --- |\n| Ausfuhren | 1.234 |", "de")}}),
        ("Etwa [[!20 %]] der Erwachsenen rauchen.", {"v": ["24.6"]}),
    ],
    "pt": [
        ("O Brasil tem [[203,080,756]] habitantes.", {"v": ["203080756"]}),
        ("A taxa de desemprego foi de [[6,5 %]] em 2024, contra [[!7,9 %]] em 2023.", {"v": ["6.5", "7.4"]}),
        ("Cerca de [[!80 %]] das famílias têm carro.", {"v": ["85"]}),
        ("Cerca de [[6.000]] empresas faliram.", {"v": ["6140"]}),
        ("A área é de [[92,212]] km².", {"v": ["92212"]}),
        ("A dívida atingiu [[3,5 mil milhões de euros]].", {"v": ["3500000000"]}),
        ("Entre [[3]] e [[7 %]] das famílias foram afetadas.", {"v": ["3", "7"]}),
        ("A Fórmula 1 trouxe [[!40 milhões]] de euros à cidade.", {"v": ["32000000"]}),
        ("Foram registados [[dois milhões e trezentos mil]] casos.", {"v": ["2300000"]}),
        ("As exportações cresceram [[2,3 %]].", {"p": {"p": P("Exports grew 2.3%.", "en")}}),
        ("Mais de [[15]] e menos de [[30]] candidatos por vaga.", {"v": ["16", "29"]}),
        ("Quase [[45.000]] pessoas foram deslocadas.", {"v": ["44800"]}),
        ("[[!75 %]] das famílias têm internet.", {"v": ["62"], "p": {"p": P("O consumo médio é de 0,75 kg por pessoa.", "pt")}}),
        ("O PIB cresceu [[1,9 %]] no 3.º trimestre.", {"v": ["1.9"]}),
        ("Cerca de [[!20 %]] dos adultos fumam.", {"v": ["24.6"]}),
    ],
    "it": [
        ("L'Italia conta [[58,989,749]] residenti.", {"v": ["58989749"]}),
        ("Il tasso di disoccupazione è al [[6,1%]], contro il [[!7,3%]] dell'anno prima.", {"v": ["6.1", "6.9"]}),
        ("Circa l'[[!80%]] delle famiglie ha un'auto.", {"v": ["85"]}),
        ("Circa [[6.000]] imprese sono fallite.", {"v": ["6140"]}),
        ("La superficie è di [[302,068]] km².", {"v": ["302068"]}),
        ("Tra il [[3]] e il [[7%]] delle famiglie è coinvolto.", {"v": ["3", "7"]}),
        ("La Formula 1 ha portato [[!90 milioni]] di euro e il G7 [[30 milioni]].", {"v": ["75000000", "30000000"]}),
        ("Sono stati registrati [[tre milioni e centomila]] visitatori.", {"v": ["3100000"]}),
        ("Le esportazioni sono cresciute dello [[0,8%]].", {"p": {"p": P("Exports grew by 0.8%.", "en")}}),
        ("Più di [[15]] e meno di [[30]] candidati per posto.", {"v": ["16", "29"]}),
        ("Quasi [[45.000]] persone sono state sfollate.", {"v": ["44800"]}),
        ("Il [[75%]] delle famiglie ha internet.", {"o": [obs("75", "percent")]}),
        ("Il debito ha raggiunto [[!3.100 miliardi]] di euro.", {"v": ["2900000000000"]}),
        ("Circa [[24 milioni 332mila]] occupati.", {"v": ["24332000"]}),
        ("Circa il [[!20%]] degli adulti fuma.", {"v": ["24.6"]}),
    ],
    "nl": [
        ("Nederland telt [[17,942,942]] inwoners.", {"v": ["17942942"]}),
        ("De werkloosheid was [[3,7 procent]], tegen [[!4,2 procent]] een jaar eerder.", {"v": ["3.7", "3.5"]}),
        ("Ongeveer [[!80 procent]] van de huishoudens heeft een auto.", {"v": ["85"]}),
        ("Ongeveer [[6.000]] bedrijven gingen failliet.", {"v": ["6140"]}),
        ("De oppervlakte is [[41,850]] km².", {"v": ["41850"]}),
        ("Tussen [[3]] en [[7 procent]] van de huishoudens is getroffen.", {"v": ["3", "7"]}),
        ("De Formule 1 bracht [[!60 miljoen]] euro op.", {"v": ["45000000"]}),
        ("Er werden [[drieduizend en vijf]] aanvragen ingediend.", {"v": ["3005"]}),
        ("De export groeide met [[2,3 procent]].", {"p": {"p": P("Exports grew by 2.3%.", "en")}}),
        ("Meer dan [[15]] en minder dan [[30]] kandidaten per vacature.", {"v": ["16", "29"]}),
        ("Bijna [[45.000]] mensen raakten ontheemd.", {"v": ["44800"]}),
        ("[[75 procent]] van de huishoudens heeft internet.", {"o": [obs("0.75", "ratio")]}),
        ("De schuld bedroeg [[!520 miljard]] euro.", {"v": ["480000000000"]}),
        ("Ruim [[1,2 miljoen]] mensen reizen dagelijks.", {"v": ["1230000"]}),
        ("Ongeveer [[!20 procent]] van de volwassenen rookt.", {"v": ["24.6"]}),
    ],
    "ar": [
        ("بلغ معدل البطالة [[٧٫٦٪]] في عام ٢٠٢٤ مقابل [[!٨٫٤٪]] في عام ٢٠٢٣.", {"v": ["7.6", "7.9"]}),
        ("بلغ عدد السكان [[47,385,107]] نسمة.", {"v": ["47385107"]}),
        ("تبلغ مساحة البلاد [[357,592]] كيلومتر مربع.", {"v": ["357592"]}),
        ("حوالي [[!80 في المائة]] من الأسر لديها سيارة.", {"v": ["85"]}),
        ("أفلست حوالي [[6,000]] شركة.", {"v": ["6140"]}),
        ("تراوحت النسبة بين [[٣]] و[[٧]] في المائة.", {"v": ["3", "7"]}),
        ("حقق سباق الفورمولا 1 إيرادات بلغت [[!٩٠ مليون]] دولار.", {"v": ["75000000"]}),
        ("بلغ العجز [[3.1 مليار]] دولار.", {"v": ["-3100000000"]}),
        ("ارتفعت الصادرات بنسبة [[2.3%]].", {"p": {"p": P("Exports grew 2.3%.", "en")}}),
        ("تقدم أكثر من [[١٥]] وأقل من [[٣٠]] شخصا لكل وظيفة.", {"v": ["16", "29"]}),
        ("نزح ما يقرب من [[45,000]] شخص.", {"v": ["44800"]}),
        ("[[75%]] من الأسر لديها إنترنت.", {"o": [obs("0.75", "ratio")]}),
        ("بلغ الناتج [[!٢٫٥ مليار]] دولار.", {"v": ["2100000000"]}),
        ("بلغت نسبة التضخم [[٣٫٢٪]].", {"v": ["3.2"]}),
        ("حوالي [[!20%]] من البالغين يدخنون.", {"v": ["24.6"]}),
    ],
}

_MARK = re.compile(r"\[\[(!?)(.+?)\]\]")


def case(lang: str, i: int, marked: str, ev: dict[str, Any]) -> dict[str, Any]:
    labels = []
    plain = ""
    last = 0
    for m in _MARK.finditer(marked):
        plain += marked[last:m.start()]
        labels.append({"text": m.group(2), "start": len(plain), "invented": m.group(1) == "!"})
        plain += m.group(2)
        last = m.end()
    plain += marked[last:]
    out: dict[str, Any] = {"id": f"{lang}-a-{i:02d}", "language": lang, "answer": plain}
    if "q" in ev:
        out["question"] = ev["q"]
    out["retrieved_values"] = ev.get("v", [])
    if "p" in ev:
        out["retrieved_passages"] = ev["p"]
    if "o" in ev:
        out["observations"] = ev["o"]
    out["figures"] = labels
    out["source"] = S
    return out


def main() -> None:
    root = Path(__file__).resolve().parent.parent / "answers"
    root.mkdir(exist_ok=True)
    for lang, cases in CASES.items():
        parts: dict[str, list[str]] = {"tune": [], "heldout": []}
        for i, (marked, ev) in enumerate(cases):
            line = json.dumps(case(lang, i, marked, ev), ensure_ascii=False)
            parts["heldout" if i % 3 == 2 else "tune"].append(line)
        for part, lines in parts.items():
            (root / f"{lang}.{part}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
