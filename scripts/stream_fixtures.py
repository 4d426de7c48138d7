"""Check, and rewrite, the fixtures of tests/test_stream.py and tests/test_shards.py.

The fixtures are the JSON reports of the check as it was before it streamed: the in-memory
``check_run`` of commit 95f5ef1 (read from git history), run on today's modules (loading,
scoring, rendering). For each input this script renders that reference and the streamed
``check_run`` (two jobs, small batches); it rewrites a fixture only when the two are equal
byte for byte, and says DIFF (writing both to /tmp) otherwise. Run it from the repository
root when a change elsewhere changes what a report holds:

    python scripts/stream_fixtures.py [--write]

One fixture the reference cannot write alone: ``ex13judged``, whose report has shown the claim
measures only under a rubric that asks for claims since issue 32 (the reference lists every
rubric measure). Its DIFF must name only ``grounded_claim_rate`` and ``contradicted_claims``;
then the streamed report is the fixture (gzip, level 9, mtime 0).
"""

from __future__ import annotations

import gzip
import os
import random
import subprocess
import sys
import tempfile
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "stream"
REFERENCE_COMMIT = "95f5ef1"


def reference() -> types.ModuleType:
    """The pipeline module of the reference commit, on today's other modules."""
    source = subprocess.run(["git", "show", f"{REFERENCE_COMMIT}:gate/pipeline.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    for old, new in _HOMES.items():  # the flat modules of that commit, in today's layers
        source = source.replace(f"from {old} import", f"from {new} import")
    module = types.ModuleType("reference_pipeline")
    sys.modules[module.__name__] = module
    exec(compile(source, "reference_pipeline.py", "exec"), module.__dict__)
    return module


#: Where the reference commit's imports live today (gate/ in layers): one module each, for the
#: names that pipeline imports (``records`` and ``measures`` were split: see below).
_HOMES = {
    "gate.comparison": "gate.rules.comparison", "gate.errors": "gate.core.errors", "gate.judgements": "gate.inputs.judgements",
    "gate.loosened": "gate.rules.loosened", "gate.redact": "gate.report.redact", "gate.report": "gate.report.model",
    "gate.review": "gate.judged.review", "gate.rubric": "gate.inputs.rubric", "gate.scores": "gate.model.scores",
    "gate.thresholds": "gate.rules.thresholds", "gate.verdict": "gate.rules.verdict",
    "gate.measures": "gate.reference_measures", "gate.records": "gate.reference_records",
}


class _Names(types.ModuleType):
    """A module that finds each name in one of several modules (for a module that was split)."""

    def __init__(self, name: str, homes: tuple[str, ...]) -> None:
        super().__init__(name)
        self._homes = homes

    def __getattr__(self, name: str) -> object:
        import importlib

        for home in self._homes:
            module = importlib.import_module(home)
            if hasattr(module, name):
                return getattr(module, name)
        raise AttributeError(name)


sys.modules["gate.reference_measures"] = _Names("gate.reference_measures", ("gate.model.outcomes", "gate.model.measures", "gate.scoring.answer"))
sys.modules["gate.reference_records"] = _Names("gate.reference_records", ("gate.model.inputs", "gate.inputs.join", "gate.inputs.question_set",
                                                                          "gate.inputs.run_log"))


def generated(folder: Path) -> None:
    """The generated runs of the tests: 3,000 answers (seed 5), shuffled with 40 dropped."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_check import generate

    paths = generate(3000, folder, seed=5)
    lines = paths["run"].read_text("utf-8").splitlines(keepends=True)
    body = lines[1:]
    random.Random(3).shuffle(body)
    (folder / "answers_run_assistant-9.1_set-3000.jsonl").write_text(lines[0] + "".join(body[:-40]), encoding="utf-8")
    (folder / "thresholds.yaml").write_bytes((ROOT / "thresholds.yaml").read_bytes())


def _with_code_agreement(report, run, questions, extra):  # type: ignore[no-untyped-def]
    """The reference report with the step the check gained after the reference commit: with
    judgements, the code checks' agreement with the readers (gate.judged.code_agreement), computed
    from today's loaders and scorer as the check does."""
    from dataclasses import replace

    from gate.judged.code_agreement import agreement_with_readers, people_labels
    from gate.inputs.judgements import load_judgements
    from gate.scoring.answer import score_run
    from gate.inputs.join import join
    from gate.inputs.question_set import load_question_set
    from gate.inputs.run_log import load_run
    from gate.inputs.rubric import load_rubric
    from gate.rules.thresholds import load_thresholds

    if not extra.get("judgements"):
        return report
    loaded = load_run(run)
    rules = load_thresholds("thresholds.yaml")
    outcomes, _ = score_run(join(loaded, load_question_set(questions) if questions else None).pairs, rules.matching, rules.format)
    rubric = load_rubric(extra["rubric"])
    people = people_labels(load_judgements(extra["judgements"], rubric, loaded).judgements, rubric)
    return replace(report, code_agreement=agreement_with_readers(outcomes, people))


def main() -> int:
    import gate.engine.stream
    from gate.baseline import BaselineComparer
    from gate.run.check import check_run
    from gate.report.json_report import render_json

    gate.engine.lines.BATCH_LINES = 700
    old = reference()
    write = "--write" in sys.argv
    differ = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        generated(folder)
        cases = [
            ("ex13", ROOT, "examples/answers_run_assistant-1.3_set-1.2.jsonl", "examples/question_set-1.2.jsonl", True, {}),
            ("ex12", ROOT, "examples/answers_run_assistant-1.2_set-1.2.jsonl", "examples/question_set-1.2.jsonl", True, {}),
            ("merged", ROOT, "examples/answers_run_merged.jsonl", None, True, {}),
            ("obs14", ROOT, "examples/observations/answers_run_assistant-1.4_set-1.2.jsonl", "examples/question_set-1.2.jsonl", True, {}),
            ("ex13judged", ROOT, "examples/answers_run_assistant-1.3_set-1.2.jsonl", "examples/question_set-1.2.jsonl", True,
             {"judgements": ["tests/fixtures/judgements_reader_1.3.jsonl"], "rubric": "rubric.yaml"}),
            ("gen3000", folder, "answers_run_assistant-9.0_set-3000.jsonl", "question_set-3000.jsonl", False, {}),
            ("gen3000shuffled", folder, "answers_run_assistant-9.1_set-3000.jsonl", "question_set-3000.jsonl", False, {}),
            ("gen3000merged", folder, "merged-3000.jsonl", None, False, {}),
        ]
        for name, cwd, run, questions, baseline, extra in cases:
            os.chdir(cwd)
            def comparer() -> BaselineComparer:
                return BaselineComparer(directory="baselines", skip=not baseline)
            want = render_json(_with_code_agreement(old.check_run(run, questions, "thresholds.yaml", compare=comparer(), **extra),
                                                    run, questions, extra))
            got = render_json(check_run(run, questions, "thresholds.yaml", compare=comparer(), jobs=2, **extra))
            if want != got:
                differ += 1
                Path(f"/tmp/{name}.reference.json").write_text(want, "utf-8")
                Path(f"/tmp/{name}.streamed.json").write_text(got, "utf-8")
                print(f"{name}: DIFF (/tmp/{name}.reference.json, /tmp/{name}.streamed.json)")
                continue
            print(f"{name}: equal")
            if write:
                (FIXTURES / f"{name}.json.gz").write_bytes(gzip.compress(want.encode("utf-8"), 9, mtime=0))
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
