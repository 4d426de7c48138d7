"""Benchmark: figures extracted and matched per second, against the naive regex.

Builds a synthetic run of answers (default 100,000) in en, fr, es, de, pt, ar
from templates shaped like the running example and the cases, then times
three things in the same process, on the same answers, runs interleaved:

* gate: ``extract_figures`` + ``evidence_values`` + ``check_figure`` for every
  figure (what the scorer does per answer);
* sketch: the plain regular expression of recipe 4.2 in
  ``seeds/measurement-of-generated-answers.txt`` with the steps the sketch
  takes per answer, reimplemented here only as a yardstick (it misreads
  French, dates, codes and denominators): ``IGNORE.sub`` then
  ``NUMBER.findall``, separators dropped with ``re.sub(r"[ ,]", "", whole)``,
  ``float``, the ``is_year`` filter, the supported values gathered in a set,
  ``math.isclose`` against each;
* tightened sketch: the same regular expressions and the same results, with
  the per-number overheads the sketch pays removed (the separator pattern
  compiled once, the year test inlined, no set built): a stricter yardstick.

Prints answers per second for each, the figures found, and the ratio of the
gate's rate to each yardstick's. The issue's goal is a gate rate of at least
a third of the sketch's; the ratio to the tightened sketch is printed beside
it so that the margin is plain.

Usage:
    python benchmarks/bench_figures.py [--answers N] [--repeat R] [--seed S]
"""

from __future__ import annotations

import argparse
import math
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gate.figures import (  # noqa: E402
    MatchSettings,
    check_figure,
    evidence_values,
    extract_figures,
)

# --- the sketch's naive regex, reimplemented as the yardstick --------------
NAIVE_NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:[ ,]\d{3})+|\d+)(?:[.,](\d+))?(?![\w])")
NAIVE_IGNORE = re.compile(r"\d{4}-\d{2}-\d{2}|per\s+[\d,. ]+\b|\b[A-Z][A-Z0-9_]{3,}\b")
NAIVE_SEPARATORS = re.compile(r"[ ,]")


def naive_numbers(text: str) -> list[float]:
    out = []
    for whole, frac in NAIVE_NUMBER.findall(NAIVE_IGNORE.sub(" ", text)):
        whole = NAIVE_SEPARATORS.sub("", whole)
        out.append(float(f"{whole}.{frac}") if frac else float(whole))
    return out


def sketch_numbers(text: str) -> list[float]:
    """The sketch's steps: the separator pattern is looked up on every number."""
    out = []
    for whole, frac in NAIVE_NUMBER.findall(NAIVE_IGNORE.sub(" ", text)):
        whole = re.sub(r"[ ,]", "", whole)
        out.append(float(f"{whole}.{frac}") if frac else float(whole))
    return out


def sketch_is_year(v: float) -> bool:
    return 1900 <= v <= 2100 and v.is_integer()


def sketch_score(text: str, values: list[float]) -> tuple[int, int]:
    found = 0
    supported = 0
    evidence = set(values)
    for v in sketch_numbers(text):
        if sketch_is_year(v):
            continue
        found += 1
        supported += any(math.isclose(v, s) for s in evidence)
    return found, supported


def naive_score(text: str, values: list[float]) -> tuple[int, int]:
    found = 0
    supported = 0
    for v in naive_numbers(text):
        if 1900 <= v <= 2100 and v.is_integer():
            continue
        found += 1
        supported += any(math.isclose(v, s) for s in values)
    return found, supported


# --- the corpus -----------------------------------------------------------
TEMPLATES = {
    "en": [
        "About {p1}% of the population was undernourished in {y}, down from {p2}% in {y0} (FS_UNDERNOURISH_PCT).",
        "Life expectancy at birth was {d1} years in {y} (HLTH_LIFE_EXP_YRS).",
        "The under-five mortality rate was {i1} per 1,000 live births in {y} (HLTH_U5_MORT_RATE).",
        "The statistics office does not publish a forecast of the population for {yf}, so I cannot give one.",
        "Net primary enrolment reached {p1}% in {y} (EDU_PRIM_ENRL_PCT; EDU_STATS_{y}).",
        "Remittances reached {d1} billion dollars in {y}, or {p2}% of GDP [1].",
        "Nearly {g1} people moved to the capital between {y0} and {y}, according to table 3.",
        "In Q2 {y} the unemployment rate was {p1}%, up 0.3 percentage points on the 1st quarter.",
        "Seven percent of households had no electricity on 30/06/{y}; the urban share was {p2}%.",
    ],
    "fr": [
        "Le taux de chômage était de {p1f} % au deuxième trimestre {y} (LAB_UNEMP_RATE_Q).",
        "La population urbaine comptait {g1f} habitants en {y} (POP_URBAN).",
        "Plus de {d1f} millions de personnes sont concernées, selon l'Insee au 1er janvier {y}.",
        "Entre {p1f} et {p2f} % des ménages, soit environ {g1f} ménages, pour 1 000 habitants.",
    ],
    "es": [
        "La tasa de paro fue del {p1f} % en el segundo trimestre de {y}.",
        "Casi {g1d} hogares respondieron; las remesas sumaron {g2d} millones de dólares.",
    ],
    "de": [
        "Die Arbeitslosenquote lag im 2. Quartal {y} bei {p1f} %.",
        "Rund {g1d} Betriebe wurden am 30.06.{y} befragt; die Exporte erreichten {d1f} Mrd. Euro.",
    ],
    "pt": [
        "A taxa de desocupação foi de {p1f}% no segundo trimestre de {y}.",
        "As exportações somaram R$ {d1f} bilhão em {y}.",
    ],
    "ar": ["بلغ معدل البطالة {p1a}٪ في عام {ya}."],
}
LANGUAGE_WEIGHTS = {"en": 60, "fr": 15, "es": 8, "de": 8, "pt": 6, "ar": 3}
ARABIC = str.maketrans("0123456789.", "٠١٢٣٤٥٦٧٨٩٫")


def make_corpus(n: int, seed: int) -> list[tuple[str, str, list[float]]]:
    rng = random.Random(seed)
    languages = list(LANGUAGE_WEIGHTS)
    weights = [LANGUAGE_WEIGHTS[x] for x in languages]
    corpus = []
    for _ in range(n):
        lang = rng.choices(languages, weights)[0]
        template = rng.choice(TEMPLATES[lang])
        p1, p2 = round(rng.uniform(1, 60), 1), round(rng.uniform(1, 60), 1)
        d1 = round(rng.uniform(1, 90), 1)
        i1 = rng.randint(5, 120)
        g1, g2 = rng.randint(1000, 999_999), rng.randint(1000, 9_999)
        y = rng.randint(2000, 2025)
        fields = {
            "p1": p1, "p2": p2, "d1": d1, "i1": i1, "y": y, "y0": y - 1, "yf": y + 15,
            "g1": f"{g1:,}", "p1f": str(p1).replace(".", ","), "p2f": str(p2).replace(".", ","),
            "d1f": str(d1).replace(".", ","), "g1f": f"{g1:,}".replace(",", "\u202f"),
            "g1d": f"{g1:,}".replace(",", "."), "g2d": f"{g2:,}".replace(",", "."),
            "p1a": str(p1).translate(ARABIC), "ya": str(y).translate(ARABIC),
        }
        text = template.format(**fields)
        values = [p1, p2, d1, float(i1), float(g1)] if rng.random() < 0.8 else [p1 + 1.0, float(i1 + 3)]
        corpus.append((lang, text, values))
    return corpus


def run_gate(corpus, settings: MatchSettings) -> tuple[int, int]:
    found = supported = 0
    for lang, text, values in corpus:
        figures = extract_figures(text, lang)
        evidence = evidence_values(values, None, None, lang)
        for f in figures:
            found += 1
            supported += check_figure(f, evidence, settings).supported
    return found, supported


def run_yardstick(corpus, score) -> tuple[int, int]:
    found = supported = 0
    for _, text, values in corpus:
        f, s = score(text, values)
        found += f
        supported += s
    return found, supported


def best_of_interleaved(fns, repeat: int) -> list[tuple[float, tuple[int, int]]]:
    """Best time of each function, runs interleaved so both see the same load."""
    best = [math.inf] * len(fns)
    results: list[tuple[int, int]] = [(0, 0)] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            t0 = time.perf_counter()
            results[i] = fn()
            best[i] = min(best[i], time.perf_counter() - t0)
    return list(zip(best, results))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--answers", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5, help="runs per method, interleaved; the best counts")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    corpus = make_corpus(args.answers, args.seed)
    settings = MatchSettings()
    run_gate(corpus[:1000], settings)  # warm the locale caches
    timed = best_of_interleaved(
        [
            lambda: run_gate(corpus, settings),
            lambda: run_yardstick(corpus, sketch_score),
            lambda: run_yardstick(corpus, naive_score),
        ],
        args.repeat,
    )
    (gate_s, (gate_found, gate_supported)), (sketch_s, sketch_res), (tight_s, tight_res) = timed
    if sketch_res != tight_res:  # the two yardsticks must read the same numbers
        raise SystemExit(f"yardsticks disagree: sketch {sketch_res}, tightened {tight_res}")
    n = len(corpus)
    gate_rate, sketch_rate, tight_rate = n / gate_s, n / sketch_s, n / tight_s
    found, supported = sketch_res
    print(f"answers: {n:,} (best of {args.repeat} interleaved runs each)")
    print(f"gate             (extract + evidence + match): {gate_rate:>9,.0f} answers/s  {gate_found:,} figures, {gate_supported:,} supported")
    print(f"sketch           (regex + is_year + isclose):  {sketch_rate:>9,.0f} answers/s  {found:,} numbers, {supported:,} supported")
    print(f"tightened sketch (same, overheads removed):    {tight_rate:>9,.0f} answers/s")
    ratio = gate_rate / sketch_rate
    tight_ratio = gate_rate / tight_rate
    print(f"ratio gate/sketch:           {ratio:.3f} (goal >= 0.333: {'met' if ratio >= 1 / 3 else 'NOT met'})")
    print(f"ratio gate/tightened sketch: {tight_ratio:.3f} ({'also' if tight_ratio >= 1 / 3 else 'not'} >= 0.333)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
