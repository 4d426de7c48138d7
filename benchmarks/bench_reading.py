"""Benchmark: how well the gate reads figures and flags invented ones, per language.

Scores the frozen corpora of ``benchmarks/corpora/`` (see its README):

* ``numbers/<lang>.<kind>.<part>.jsonl``: number expressions, text -> the values of the
  figures it states. A case is read exactly when :func:`gate.figures.extract_figures`
  gives those values, no more, no fewer, in that order.
* ``answers/<lang>.<part>.jsonl``: labelled answers, the answer with its evidence (retrieved
  values, passages with their language, observations with their unit) and, per figure, whether
  it is invented. The gate's ``unsupported_figure`` findings (one answer scored as the gate
  scores it, :func:`gate.scoring.answer.score_answer`) are its flags; a flag on an invented figure is
  a true positive, on a supported figure or on a number that is no figure (a name, a year) a
  false positive, and an invented figure without a flag a miss.

The naive regex beside it: every run of digits (with ``.`` or ``,`` inside) that is not a
bare year from 1900 to 2099, flagged unless the same digits (separators, sign and a leading
zero dropped) are among the digits of the evidence: the retrieved and observed values as
written, and the digit runs of the question and passages.

A language is added by adding its files: the script reads whatever files are there.

Usage:
    python benchmarks/bench_reading.py                 # both parts, a table each
    python benchmarks/bench_reading.py --part tune     # the tuning part only
    python benchmarks/bench_reading.py --part tune --failures   # and what went wrong
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gate.figures import MatchSettings, extract_figures  # noqa: E402
from gate.model.inputs import Answer, Observation, Question  # noqa: E402
from gate.model.periods import parse_sdmx_period  # noqa: E402
from gate.scoring.answer import score_answer  # noqa: E402

CORPORA = Path(__file__).resolve().parent / "corpora"
PARTS = ("tune", "heldout")


@dataclass
class Tally:
    """Counts of one language (or a pool of languages) in one part."""

    cases: int = 0
    exact: int = 0
    answers: int = 0
    tp: int = 0
    fp: int = 0
    fn: int = 0
    naive_tp: int = 0
    naive_fp: int = 0
    naive_fn: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("cases", "exact", "answers", "tp", "fp", "fn", "naive_tp", "naive_fp", "naive_fn"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


def _lines(path: Path) -> Iterable[dict[str, Any]]:
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                yield json.loads(line)
            except json.JSONDecodeError as e:
                raise SystemExit(f"{path}:{n}: not JSON: {e}") from None


def read_numbers(path: Path, tally: Tally) -> None:
    for case in _lines(path):
        expected = [Decimal(v) for v in case["figures"]]
        got = [f.value for f in extract_figures(case["text"], case["language"])]
        tally.cases += 1
        if got == expected:
            tally.exact += 1
        else:
            tally.failures.append(f"{case['id']}: {case['text']!r}: expected {[str(v) for v in expected]}, "
                                  f"read {[str(v) for v in got]}")


def _answer(case: dict[str, Any]) -> tuple[Question, Answer]:
    observations = tuple(
        Observation(o.get("series", "OBS"), o.get("period", "2024"), parse_sdmx_period(o.get("period", "2024")),
                    Decimal(o["value"]), o.get("unit"))
        for o in case.get("observations", ())
    )
    values = tuple(Decimal(v) for v in case.get("retrieved_values", ())) + tuple(o.value for o in observations)
    passages = tuple((pid, p["text"], p.get("language")) for pid, p in case.get("retrieved_passages", {}).items())
    question = Question(case["id"], case["language"], case.get("question", ""), "answer")
    answer = Answer(case["id"], case["language"], case.get("question", ""), ("OBS",), values, case["answer"], (),
                    False, passages, 0, observations)
    return question, answer


def _gate_flags(question: Question, answer: Answer) -> list[tuple[int, int, str]]:
    outcome = score_answer(question, answer, MatchSettings())
    return [(f.figure.start, f.figure.end, f.figure.text) for f in outcome.findings
            if f.code == "unsupported_figure" and f.figure is not None]


_DIGITS = re.compile(r"(?<![\w.,])-?\d+(?:[.,]\d+)*")
_YEAR = re.compile(r"(19|20)\d\d")


def _digits(token: str) -> str:
    """A digit run's digits only (Arabic-Indic digits as ASCII), leading zeros dropped."""
    ascii_digits = "".join(str(unicodedata.digit(c)) for c in token if c.isdigit())
    return ascii_digits.lstrip("0") or "0"


def _naive_flags(case: dict[str, Any]) -> list[tuple[int, int, str]]:
    evidence: set[str] = set()
    for v in case.get("retrieved_values", ()):
        evidence.add(_digits(v))
    for o in case.get("observations", ()):
        evidence.add(_digits(o["value"]))
    texts = [case.get("question", "")] + [p["text"] for p in case.get("retrieved_passages", {}).values()]
    for t in texts:
        evidence.update(_digits(m.group()) for m in _DIGITS.finditer(t))
    flags = []
    for m in _DIGITS.finditer(case["answer"]):
        token = m.group().rstrip(".,")
        if _YEAR.fullmatch(token):
            continue
        if _digits(token) not in evidence:
            flags.append((m.start(), m.start() + len(token), token))
    return flags


def _score(flags: list[tuple[int, int, str]], labels: list[dict[str, Any]]) -> tuple[int, int, int, list[str]]:
    """(true positives, false positives, misses, what went wrong) of flags against labels:
    a flag counts for each label whose span it overlaps."""
    spans = [(lab["start"], lab["start"] + len(lab["text"]), lab["invented"], lab["text"]) for lab in labels]
    flagged = [False] * len(spans)
    tp = fp = 0
    notes = []
    for start, end, text in flags:
        hit = [i for i, (s, e, _, _) in enumerate(spans) if s < end and start < e]
        if any(spans[i][2] for i in hit):
            tp += 1
        else:
            fp += 1
            notes.append(f"false alarm on {text!r}")
        for i in hit:
            flagged[i] = True
    fn = 0
    for (_, _, invented, text), was in zip(spans, flagged):
        if invented and not was:
            fn += 1
            notes.append(f"missed invented {text!r}")
    return tp, fp, fn, notes


def read_answers(path: Path, tally: Tally) -> None:
    for case in _lines(path):
        question, answer = _answer(case)
        tp, fp, fn, notes = _score(_gate_flags(question, answer), case["figures"])
        ntp, nfp, nfn, _ = _score(_naive_flags(case), case["figures"])
        tally.answers += 1
        tally.tp, tally.fp, tally.fn = tally.tp + tp, tally.fp + fp, tally.fn + fn
        tally.naive_tp, tally.naive_fp, tally.naive_fn = tally.naive_tp + ntp, tally.naive_fp + nfp, tally.naive_fn + nfn
        if notes:
            tally.failures.append(f"{case['id']}: {case['answer']!r}: " + "; ".join(notes))


def _ratio(a: int, b: int) -> str:
    return f"{a / b:.2f}" if b else "-"


def _row(name: str, t: Tally) -> str:
    exact = f"{100 * t.exact / t.cases:.1f}%" if t.cases else "-"
    return (f"| {name} | {t.cases} | {exact} | {t.answers} | {t.tp + t.fn} | {_ratio(t.tp, t.tp + t.fp)} | "
            f"{_ratio(t.tp, t.tp + t.fn)} | {_ratio(t.naive_tp, t.naive_tp + t.naive_fp)} | "
            f"{_ratio(t.naive_tp, t.naive_tp + t.naive_fn)} |")


def tally_part(part: str) -> dict[str, Tally]:
    """The counts of one part, per language code (from the file names)."""
    tallies: dict[str, Tally] = defaultdict(Tally)
    for path in sorted((CORPORA / "numbers").glob(f"*.{part}.jsonl")):
        read_numbers(path, tallies[path.name.split(".")[0]])
    for path in sorted((CORPORA / "answers").glob(f"*.{part}.jsonl")):
        read_answers(path, tallies[path.name.split(".")[0]])
    return dict(sorted(tallies.items()))


def table(part: str, tallies: dict[str, Tally]) -> str:
    lines = [
        f"{part}:",
        "",
        "| language | expressions | read exactly | answers | invented | precision | recall | naive precision | naive recall |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    others, every = Tally(), Tally()
    for lang, t in tallies.items():
        lines.append(_row(lang, t))
        every.add(t)
        if lang != "en":
            others.add(t)
    lines.append(_row("all but en", others))
    lines.append(_row("all", every))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=(*PARTS, "both"), default="both")
    parser.add_argument("--failures", action="store_true", help="list the cases read wrongly and the wrong flags")
    args = parser.parse_args(argv)
    for part in PARTS if args.part == "both" else (args.part,):
        tallies = tally_part(part)
        print(table(part, tallies))
        print()
        if args.failures:
            for lang, t in tallies.items():
                for failure in t.failures:
                    print(f"  {lang} {failure}")
            print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
