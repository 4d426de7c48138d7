"""The claims fixture's rubric narrowed to the questions that vary on the example, for the tests
that validate graders on it (tests/test_claims.py, tests/test_claims_grader.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

CLAIMS = Path(__file__).resolve().parent / "fixtures" / "claims"
RUBRIC = CLAIMS / "rubric.yaml"


def narrowed(tmp_path, *judgements, drop=("period", "unit", "caveat")):
    """The claims rubric without the rubric questions that apply to too few of the example's
    answers to vary (labels where a question does not apply count in no grader's validation,
    so their kappa is undefined there), and copies of the judgements without their labels."""
    text = RUBRIC.read_text(encoding="utf-8")
    for q in drop:
        start = text.index(f"  {q}:\n")
        nxt = re.search(r"\n  [a-z_]+:\n", text[start + 3:])
        end = start + 3 + nxt.start() + 1 if nxt else text.index("\nquality:", start) + 1
        text = text[:start] + text[end:]
    rubric = tmp_path / "rubric_narrowed.yaml"
    rubric.write_text(text, encoding="utf-8")
    copies = []
    for i, path in enumerate(judgements):
        rows = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
        for row in rows:
            for q in drop:
                row.get("labels", {}).pop(q, None)
        copy = tmp_path / f"narrowed_{i}.jsonl"
        copy.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        copies.append(copy)
    return rubric, copies
