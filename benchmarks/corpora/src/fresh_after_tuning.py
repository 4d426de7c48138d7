"""A second held-out part, written after the reader was tuned on the first corpora (2026-12-07,
issue 25), and never tuned on: ``answers/<code>.fresh.heldout.jsonl`` and
``numbers/<code>.fresh.heldout.jsonl``. Marked up as in ``labelled_answers.py``.

    python benchmarks/corpora/src/fresh_after_tuning.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from labelled_answers import P, case

S = "written by hand after tuning (issue 25)"

ANSWERS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "en": [
        ("Roughly [[70%]] of firms reported higher costs, while some [[!1.4 million]] workers were furloughed.", {"v": ["71.2", "1210000"]}),
        ("The deficit narrowed to [[£12.4bn]] in June, the lowest since 2019.", {"v": ["12400000000"]}),
        ("About [[!60%]] of respondents said prices rose, up from [[48%]] in spring.", {"v": ["64.8", "48"]}),
        ("The PlayStation 5 sold [[!2.9 million]] units in the quarter.", {"v": ["2400000"]}),
        ("Nearly [[two thirds]] of adults voted.", {"v": ["65.8"]}),
        ("Median rent was [[$1,450]] a month, against [[!$1,320]] a year earlier.", {"v": ["1450", "1290"]}),
        ("Around [[3 billion]] euros were spent on grants.", {"v": ["3120000000"]}),
        ("Unemployment among 16–24 year olds stood at [[12.7%]].", {"v": ["12.7"]}),
        ("The index rose [[0.6 points]] to [[!104.9]].", {"v": ["0.6", "104.3"]}),
        ("Exports to the EU fell by [[4.3%]], with [[!5,600]] firms affected.", {"v": ["-4.3"], "p": {"x": P("About 5,100 firms reported lower exports.", "en")}}),
    ],
    "fr": [
        ("Environ [[70 %]] des entreprises signalent une hausse des coûts.", {"v": ["71.2"]}),
        ("Le chômage touche [[2,9 millions]] de personnes, soit [[!7,9 %]] de la population active.", {"v": ["2900000", "7.4"]}),
        ("La dette publique atteint [[3 101,2 milliards d'euros]].", {"v": ["3101200000000"]}),
        ("La région compte [[5,983,438]] habitants.", {"v": ["5983438"]}),
        ("Près de [[!40 %]] des jeunes vivent chez leurs parents.", {"v": ["31.6"]}),
        ("Le loyer médian s'élève à [[1 450 euros]], contre [[!1 320]] un an plus tôt.", {"v": ["1450", "1290"]}),
    ],
    "es": [
        ("La población activa es de [[24,2 millones]] de personas.", {"v": ["24200000"]}),
        ("El paro juvenil se sitúa en el [[!31,5 %]].", {"v": ["27.4"]}),
        ("La superficie quemada fue de [[306,554]] hectáreas.", {"v": ["306554"]}),
        ("Alrededor del [[!60 %]] de los encuestados cree que los precios subirán.", {"v": ["64.8"]}),
        ("El gasto en I+D alcanzó [[19.325 millones]] de euros.", {"v": ["19325000000"]}),
        ("Más de [[4 millones]] de turistas llegaron en julio.", {"v": ["4100000"]}),
    ],
    "de": [
        ("Rund [[70 %]] der Unternehmen meldeten höhere Kosten.", {"v": ["71.2"]}),
        ("Die Zahl der Erwerbstätigen stieg auf [[45,9 Millionen]].", {"v": ["45900000"]}),
        ("Die Mieten stiegen um [[!6,1 %]].", {"v": ["4.7"]}),
        ("Der Golf 8 wurde [[!210.000]] Mal verkauft.", {"v": ["180000"]}),
        ("Im Jahr 2023 zählte das Land [[83,118,501]] Einwohner.", {"v": ["83118501"]}),
        ("Etwa [[!60 %]] der Befragten erwarten steigende Preise.", {"v": ["64.8"]}),
    ],
    "pt": [
        ("A população ativa é de [[5,3 milhões]] de pessoas.", {"v": ["5300000"]}),
        ("O desemprego jovem situa-se em [[!22,5 %]].", {"v": ["19.9"]}),
        ("Cerca de [[70 %]] das empresas reportaram custos mais altos.", {"v": ["71.2"]}),
        ("A área ardida foi de [[106,554]] hectares.", {"v": ["106554"]}),
        ("O país recebeu [[!31 milhões]] de turistas.", {"v": ["26500000"]}),
    ],
    "it": [
        ("Gli occupati sono [[23,7 milioni]].", {"v": ["23700000"]}),
        ("La disoccupazione giovanile è al [[!24,1%]].", {"v": ["20.5"]}),
        ("Circa il [[70%]] delle imprese segnala costi più alti.", {"v": ["71.2"]}),
        ("La popolazione è di [[58,850,717]] abitanti.", {"v": ["58850717"]}),
        ("Sono arrivati oltre [[!15 milioni]] di turisti.", {"v": ["13400000"]}),
    ],
    "nl": [
        ("De beroepsbevolking telt [[10,1 miljoen]] mensen.", {"v": ["10100000"]}),
        ("De jeugdwerkloosheid is [[!9,8 procent]].", {"v": ["8.6"]}),
        ("Ongeveer [[70 procent]] van de bedrijven meldt hogere kosten.", {"v": ["71.2"]}),
        ("Het land telde [[17,811,291]] inwoners.", {"v": ["17811291"]}),
        ("Er kwamen ruim [[!21 miljoen]] toeristen.", {"v": ["19400000"]}),
    ],
    "ar": [
        ("بلغ عدد العاملين [[٤٫٢ مليون]] شخص.", {"v": ["4200000"]}),
        ("بلغت بطالة الشباب [[!٢٤٫١٪]].", {"v": ["20.5"]}),
        ("حوالي [[70%]] من الشركات أبلغت عن ارتفاع التكاليف.", {"v": ["71.2"]}),
        ("بلغ عدد السكان [[10,850,717]] نسمة.", {"v": ["10850717"]}),
        ("وصل أكثر من [[!١٥ مليون]] سائح.", {"v": ["13400000"]}),
    ],
}

NUMBERS: dict[str, list[tuple[str, list[str]]]] = {
    "en": [("Some 1.3 million people, or 4.1% of workers, were affected.", ["1300000", "4.1"]),
           ("The PlayStation 5 sold four hundred and fifty thousand units.", ["450000"]),
           ("Nearly 12,50,000 rupees were paid out.", ["1250000"]),
           ("Costs rose from £2.1bn to £2.6bn.", ["2100000000", "2600000000"])],
    "fr": [("La dette atteint 3 101,2 milliards d'euros, soit 110,6 % du PIB.", ["3101200000000", "110.6"]),
           ("Environ deux cent cinquante mille personnes ont manifesté.", ["250000"]),
           ("Le taux passe de 7,3 % à 7,5 %.", ["7.3", "7.5"])],
    "es": [("El gasto alcanzó 19.325 millones de euros.", ["19325000000"]),
           ("Unos doscientos cincuenta mil visitantes llegaron.", ["250000"]),
           ("La tasa pasó del 12,1 % al 11,6 %.", ["12.1", "11.6"])],
    "de": [("Die Schulden lagen bei 2,6 Billionen Euro, das sind 63,6 % des BIP.", ["2600000000000", "63.6"]),
           ("Rund zweihundertfünfzigtausend Menschen demonstrierten.", ["250000"]),
           ("Die Quote stieg von 5,7 % auf 6,0 %.", ["5.7", "6.0"])],
    "pt": [("A dívida atingiu 270,5 mil milhões de euros.", ["270500000000"]),
           ("Cerca de duzentas e cinquenta mil pessoas manifestaram-se.", ["250000"])],
    "it": [("Il debito è pari a 2.863 miliardi di euro.", ["2863000000000"]),
           ("Circa duecentocinquantamila persone hanno manifestato.", ["250000"])],
    "nl": [("De schuld bedroeg 481,2 miljard euro.", ["481200000000"]),
           ("Ongeveer tweehonderdvijftigduizend mensen demonstreerden.", ["250000"])],
    "ar": [("بلغ الدين ٢٫٦ مليار دولار، أي ٦٣٫٦٪ من الناتج.", ["2600000000", "63.6"]),
           ("ارتفع المعدل من ٥٫٧٪ إلى ٦٫٠٪.", ["5.7", "6.0"])],
}


def main() -> None:
    root = Path(__file__).resolve().parent.parent
    for lang, cases in ANSWERS.items():
        lines = [json.dumps({**case(lang, i, marked, ev), "id": f"{lang}-f-{i:02d}", "source": S}, ensure_ascii=False)
                 for i, (marked, ev) in enumerate(cases)]
        (root / "answers" / f"{lang}.fresh.heldout.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    for lang, numbers in NUMBERS.items():
        lines = [json.dumps({"id": f"{lang}-fn-{i:02d}", "language": lang, "text": t, "figures": f, "source": S},
                            ensure_ascii=False) for i, (t, f) in enumerate(numbers)]
        (root / "numbers" / f"{lang}.fresh.heldout.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
