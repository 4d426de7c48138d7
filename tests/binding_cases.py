"""The binding cases of tests/fixtures/binding/: answers with their observations and the
code-check findings they must give, scored as the gate scores them.

Each line of ``kinds.jsonl`` (tuned on) and ``held_out.jsonl`` (written apart, not tuned on):
``kind`` (two_periods, respectively, one_period, age_band, caveat, no_period), ``language``,
``answer``, ``series`` (names in ``series.json``, the observations retrieved; all cited unless
``cited`` says otherwise), ``expected`` (the findings it must give, ``measure:code``, of the
five binding measures) and ``correct`` (a right answer: any other finding is a false alarm).

Run ``PYTHONPATH=$PWD python tests/binding_cases.py`` for the measure: per file, the share
of cases decided right (exactly the expected findings) and the false alarms on correct answers.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from gate.model.periods import parse_sdmx_period
from gate.figures import MatchSettings
from gate.scoring.answer import score_answer
from gate.model.inputs import Answer, Observation, Question

HERE = Path(__file__).parent / "fixtures" / "binding"
BINDING = ("period_match", "period_unstated", "unit_stated", "caveat_stated", "series_match")
KINDS = ("two_periods", "respectively", "one_period", "age_band", "caveat", "no_period")
LANGUAGES = ("en", "fr", "es", "ar", "de", "pt", "it", "nl")


@dataclass(frozen=True)
class Case:
    file: str
    line: int
    kind: str
    language: str
    answer: str
    series: tuple[str, ...]
    cited: tuple[str, ...]
    expected: frozenset[str]
    correct: bool

    @property
    def name(self) -> str:
        return f"{self.file}:{self.line}:{self.kind}:{self.language}"


def _observation(o: dict) -> Observation:
    return Observation(o["series"], o["period"], parse_sdmx_period(o["period"]), Decimal(str(o["value"])),
                       o.get("unit"), o.get("status", "A"), tuple(o.get("caveats", ())))


SERIES = {name: tuple(_observation(o) for o in obs)
          for name, obs in json.loads((HERE / "series.json").read_text(encoding="utf-8")).items()}


def load(file: str) -> list[Case]:
    cases = []
    for n, line in enumerate((HERE / file).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        d = json.loads(line)
        cases.append(Case(file, n, d["kind"], d["language"], d["answer"], tuple(d["series"]),
                          tuple(d.get("cited", d["series"])), frozenset(d["expected"]), d["correct"]))
    return cases


def findings(case: Case) -> frozenset[str]:
    """The binding findings the gate gives the case's answer, as ``measure:code``."""
    question = Question(f"q{case.line}", case.language, "", "answer")
    observations = tuple(o for s in case.series for o in SERIES[s])
    answer = Answer(question_id=question.question_id, language=case.language, question="",
                    retrieved_ids=case.series, retrieved_values=tuple(o.value for o in observations),
                    answer=case.answer, cited_ids=case.cited, declined=False, retrieved_observations=observations)
    outcome = score_answer(question, answer, MatchSettings())
    return frozenset(f"{f.measure}:{f.code}" for f in outcome.findings if f.measure in BINDING)


@dataclass(frozen=True)
class Measure:
    cases: int
    right: int
    correct: int
    false_alarms: int  # correct answers given a finding they should not have

    @property
    def share_right(self) -> float:
        return self.right / self.cases if self.cases else 0.0


def measure(cases: list[Case]) -> tuple[Measure, list[tuple[Case, frozenset[str]]]]:
    wrong = []
    right = alarms = 0
    for c in cases:
        got = findings(c)
        if got == c.expected:
            right += 1
        else:
            wrong.append((c, got))
        if c.correct and got - c.expected:
            alarms += 1
    return Measure(len(cases), right, sum(c.correct for c in cases), alarms), wrong


if __name__ == "__main__":
    import sys

    show_held_out = "--show-held-out" in sys.argv  # the held-out cases are read for their counts only
    for file in ("kinds.jsonl", "held_out.jsonl", "held_out_2.jsonl", "held_out_3.jsonl"):
        if not (HERE / file).exists():
            continue
        cases = load(file)
        m, wrong = measure(cases)
        per_kind = Counter(c.kind for c in cases)
        print(f"{file}: {m.right}/{m.cases} decided right ({100 * m.share_right:.1f}%), "
              f"false alarms {m.false_alarms}/{m.correct} correct answers; per kind {dict(per_kind)}")
        for c, got in wrong if file == "kinds.jsonl" or show_held_out else []:
            print(f"  {c.name}: expected {sorted(c.expected)}, got {sorted(got)}\n    {c.answer}")
