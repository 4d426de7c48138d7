"""The written number expressions of benchmarks/corpora/numbers/*.written.*.jsonl, as first
written (2026-12-07, by the session of issue 25), before the reader was tuned on them.

    python benchmarks/corpora/src/written_numbers.py

writes them; the JSON lines are the corpus (frozen: a new case is added under a new id, a
case is never edited). Every third case of a language (by position) is held out.
"""

from __future__ import annotations

import json
from pathlib import Path

S = "written by hand (issue 25)"
CASES: dict[str, list[tuple[str, list[str]]]] = {
    "en": [
        ("Unemployment was 4.2% in March 2024.", ["4.2"]),
        ("The population reached 1,234,567 people.", ["1234567"]),
        ("Exports rose to $3.4 billion.", ["3400000000"]),
        ("The rate was between 7.6 and 8.4 percent.", ["7.6", "8.4"]),
        ("There were more than 15 and less than 30 applicants per post.", ["15", "30"]),
        ("The city ranked in the Top 100 and hosted a Formula 1 race.", []),
        ("A Boeing 747 carries about 400 passengers.", ["400"]),
        ("G7 members spent 2.1% of GDP on defence.", ["2.1"]),
        ("Windows 11 runs on 42% of the ministry's computers.", ["42"]),
        ("The count was 4 hundred and twenty.", ["420"]),
        ("The index was three hundred point five.", ["300.5"]),
        ("Inflation was seven and a half percent.", ["7.5"]),
        ("The warehouse held two gross of masks.", ["288"]),
        ("The balance was minus twelve million.", ["-12000000"]),
        ("There were twenty - five deaths.", ["25"]),
        ("Output was 2.5 million tonnes in Q2 2025.", ["2500000"]),
        ("The rate was 35 per 1,000 live births.", ["35"]),
        ("Growth of 1.2 per cent in the 3rd quarter.", ["1.2"]),
        ("Around 12,50,000 households were surveyed in India.", ["1250000"]),
        ("The fund held two billion three hundred million dollars.", ["2300000000"]),
        ("Turnout ranged from 40 to 55 percent.", ["40", "55"]),
    ],
    "fr": [
        ("Le taux de chômage atteint 7,3 % au deuxième trimestre 2024.", ["7.3"]),
        ("La population compte 68 373 433 habitants.", ["68373433"]),
        ("Le déficit atteint 5,5 milliards d'euros.", ["5500000000"]),
        ("Le taux varie de 2 à 4 % selon les régions.", ["2", "4"]),
        ("Entre 3 et 7 % des ménages sont concernés.", ["3", "7"]),
        ("Il y a plus de 15 et moins de 30 candidats par poste.", ["15", "30"]),
        ("Le G7 et le G20 se réunissent en 2025.", []),
        ("La Formule 1 attire 300 000 spectateurs.", ["300000"]),
        ("Le compteur indique deux millions trois cent mille cinq.", ["2300005"]),
        ("Le solde s'établit à moins trois virgule deux milliards.", ["-3200000000"]),
        ("Environ sept et demi pour cent des salariés sont concernés.", ["7.5"]),
        ("Il y avait 47,385,107 habitants.", ["47385107"]),
        ("Le PIB a progressé de 0,4 % en 2024, après 1,1 % en 2023.", ["0.4", "1.1"]),
        ("Le stock atteint trois cent quatre-vingt-dix - sept unités.", ["397"]),
    ],
    "es": [
        ("La tasa de paro fue del 11,6 % en 2024.", ["11.6"]),
        ("España tiene 47.385.107 habitantes.", ["47385107"]),
        ("España tiene 47,385,107 habitantes.", ["47385107"]),
        ("La deuda alcanzó dos mil millones trescientos mil euros.", ["2000300000"]),
        ("Entre 3 y 7 % de los hogares están afectados.", ["3", "7"]),
        ("Hubo más de 15 y menos de 30 solicitudes.", ["15", "30"]),
        ("La Fórmula 1 y el G20 llegaron a la ciudad.", []),
        ("El déficit fue de 3,5 millones de euros.", ["3500000"]),
        ("El índice fue de menos ocho puntos.", ["-8"]),
        ("Las exportaciones crecieron un 2,3 % en el segundo trimestre.", ["2.3"]),
        ("Se registraron siete millones y medio de visitas.", ["7500000"]),
        ("Por cada 1.000 habitantes hay 12 médicos.", ["12"]),
        ("El gasto osciló entre 4,5 y 6 millones de euros.", ["4500000", "6000000"]),
    ],
    "de": [
        ("Die Arbeitslosenquote lag im Jahr 2024 bei 5,7 %.", ["5.7"]),
        ("Deutschland hat 84.482.267 Einwohner.", ["84482267"]),
        ("Das BIP betrug 4,12 Billionen Euro.", ["4120000000000"]),
        ("Zwischen 3 und 7 % der Haushalte sind betroffen.", ["3", "7"]),
        ("Es gab mehr als 15 und weniger als 30 Bewerber.", ["15", "30"]),
        ("Die Formel 1 und die G7 kamen in die Stadt.", []),
        ("Der Betrieb zählte dreitausendfünf Beschäftigte.", ["3005"]),
        ("Die Quote sank um 0,4 Prozentpunkte.", ["0.4"]),
        ("Rund 2,5 Mio. Menschen pendeln täglich.", ["2500000"]),
        ("Der Wert lag bei minus drei Komma fünf.", ["-3.5"]),
        ("Es kamen zweieinhalb Millionen Besucher.", ["2500000"]),
        ("Das Windows 11 Update kam im 2. Quartal.", []),
        ("Die Ausgaben lagen zwischen 2 und 4 Milliarden Euro.", ["2000000000", "4000000000"]),
    ],
    "pt": [
        ("A taxa de desemprego foi de 6,5 % em 2024.", ["6.5"]),
        ("O Brasil tem 203.080.756 habitantes.", ["203080756"]),
        ("A dívida atingiu 3,5 mil milhões de euros.", ["3500000000"]),
        ("Entre 3 e 7 % das famílias foram afetadas.", ["3", "7"]),
        ("Houve mais de 15 e menos de 30 candidatos.", ["15", "30"]),
        ("A Fórmula 1 e o G20 chegaram à cidade.", []),
        ("Foram registados dois milhões e trezentos mil casos.", ["2300000"]),
        ("O índice caiu para menos dois vírgula cinco.", ["-2.5"]),
        ("O PIB cresceu 1,9 % no 3.º trimestre.", ["1.9"]),
        ("Cerca de 1.200 empresas participaram.", ["1200"]),
        ("O número de turistas variou de 2 a 4 milhões.", ["2000000", "4000000"]),
    ],
    "it": [
        ("Il tasso di disoccupazione è al 6,1% nel 2024.", ["6.1"]),
        ("L'Italia conta 58.989.749 residenti.", ["58989749"]),
        ("Il debito ha raggiunto 2.900 miliardi di euro.", ["2900000000000"]),
        ("Tra il 3 e il 7% delle famiglie è coinvolto.", ["3", "7"]),
        ("Ci sono stati più di 15 e meno di 30 candidati.", ["15", "30"]),
        ("La Formula 1 e il G7 sono arrivati in città.", []),
        ("Sono stati registrati tre milioni e centomila visitatori.", ["3100000"]),
        ("L'indice è sceso a meno quattro virgola due.", ["-4.2"]),
        ("Le esportazioni sono cresciute dello 0,8%.", ["0.8"]),
        ("Circa 24 milioni 332mila occupati.", ["24332000"]),
        ("La spesa è stata compresa tra 5 e 8 miliardi.", ["5000000000", "8000000000"]),
    ],
    "nl": [
        ("De werkloosheid was 3,7 procent in 2024.", ["3.7"]),
        ("Nederland telt 17.942.942 inwoners.", ["17942942"]),
        ("De schuld bedroeg 480 miljard euro.", ["480000000000"]),
        ("Tussen 3 en 7 procent van de huishoudens is getroffen.", ["3", "7"]),
        ("Er waren meer dan 15 en minder dan 30 kandidaten.", ["15", "30"]),
        ("De Formule 1 en de G7 kwamen naar de stad.", []),
        ("Er werden drieduizend en vijf aanvragen ingediend.", ["3005"]),
        ("De index daalde naar min twee komma vijf.", ["-2.5"]),
        ("Ruim 1,2 miljoen mensen reizen dagelijks.", ["1200000"]),
        ("De productie nam toe met 0,5 procent in het 2e kwartaal.", ["0.5"]),
        ("De uitgaven lagen tussen 2 en 4 miljard euro.", ["2000000000", "4000000000"]),
    ],
    "ar": [
        ("بلغ معدل البطالة ٧٫٦٪ في عام ٢٠٢٤.", ["7.6"]),
        ("بلغ عدد السكان ١٠٬٢٣٤٬٥٦٧ نسمة.", ["10234567"]),
        ("بلغت الصادرات ٣٫٢ مليون دولار.", ["3200000"]),
        ("حوالي 45 في المائة من الأسر لديها سيارة.", ["45"]),
        ("تقدم أكثر من ١٥ وأقل من ٣٠ شخصا لكل وظيفة.", ["15", "30"]),
        ("تراوحت النسبة بين ٣ و٧ في المائة.", ["3", "7"]),
        ("استضافت المدينة سباق الفورمولا 1 وقمة مجموعة السبع.", []),
        ("بلغ عدد السكان 47,385,107 نسمة.", ["47385107"]),
        ("بلغ الناتج ٢ مليار دولار.", ["2000000000"]),
        ("انخفض المؤشر بنسبة ٠٫٣٪ في الربع الثاني.", ["0.3"]),
        ("بلغ العجز 3.1 مليار دولار.", ["3100000000"]),
    ],
}


def main() -> None:
    root = Path(__file__).resolve().parent.parent / "numbers"
    for lang, cases in CASES.items():
        parts: dict[str, list[str]] = {"tune": [], "heldout": []}
        for i, (text, figures) in enumerate(cases):
            line = {"id": f"{lang}-w-{i:02d}", "language": lang, "text": text, "figures": figures, "source": S}
            parts["heldout" if i % 3 == 2 else "tune"].append(json.dumps(line, ensure_ascii=False))
        for part, lines in parts.items():
            (root / f"{lang}.written.{part}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
