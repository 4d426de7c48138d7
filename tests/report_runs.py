"""Small runs of our own for the report tests: a question set and two versions in N languages.

Per language, ``QUESTIONS`` questions whose answers state one integer figure (no decimal
separator, so every language reads it alike) and cite their series. In both versions one
answer a language also cites a series it never retrieved, so that citation validity
(14/15) fails its floor of 0.95 on every language as on the baseline. Version 1.1 breaks
``BROKEN`` answers of one language (``es``) with a figure that was retrieved but is not the
expected one (numeric accuracy: broken, never unsupported), and fixes the two English answers
that were wrong in 1.0: the ``all`` slice moves within noise, ``es`` beyond it.
"""

from __future__ import annotations

import json
from pathlib import Path

from gate.baseline import save_baseline

QUESTIONS = 14
BROKEN = 7  # enough to stay beyond noise after the family correction (issue 23): p = 1/128
THREE = ("en", "fr", "es")
EIGHT = ("en", "fr", "es", "de", "it", "pt", "nl", "pl")

THRESHOLDS = """version: 1
slices:
  min_n: 10
measures:
  numeric_accuracy:    {min: 0.90, max_drop: 0.02}
  citation_validity:   {min: 0.95}
  unsupported_numbers: {max: 0.00}
regression:
  alpha: 0.05
"""


def qid(language: str, k: int) -> str:
    return f"{language}{k:02d}"


def _answer(language: str, k: int, version: str, broken: int = BROKEN) -> dict[str, object]:
    expected, other = 40 + k, 90 + k
    wrong = (version == "1.1" and language == "es" and k < broken) or (version == "1.0" and language == "en" and k < 2)
    figure = other if wrong else expected
    series = f"SER_{language.upper()}_{k:02d}"
    cited = [series] + (["SER_NEVER"] if k == QUESTIONS - 1 else [])
    return {"question_id": qid(language, k), "language": language, "question": f"Rate {k}?", "retrieved_ids": [series],
            "retrieved_values": [expected, other], "answer": f"{figure} ({series})", "cited_ids": cited, "declined": False}


def write_inputs(folder: Path, languages: tuple[str, ...], broken: int = BROKEN) -> dict[str, Path]:
    """The set, the two runs and thresholds.yaml under ``folder``; their paths by name
    (``broken``: the Spanish answers 1.1 breaks)."""
    folder.mkdir(parents=True, exist_ok=True)
    questions = [{"set": {"version": "1"}}] + [
        {"question_id": qid(lang, k), "language": lang, "question": f"Rate {k}?", "expected_behaviour": "answer",
         "expected_values": [40 + k], "expected_ids": [f"SER_{lang.upper()}_{k:02d}"]}
        for lang in languages for k in range(QUESTIONS)]
    paths = {"set": folder / "set.jsonl", "thresholds": folder / "thresholds.yaml"}
    paths["set"].write_text("".join(json.dumps(q) + "\n" for q in questions), encoding="utf-8")
    paths["thresholds"].write_text(THRESHOLDS, encoding="utf-8")
    for version in ("1.0", "1.1"):
        lines = [{"run": {"assistant_version": version, "set_version": "1"}}]
        lines += [_answer(lang, k, version, broken) for lang in languages for k in range(QUESTIONS)]
        paths[version] = folder / f"run-{version}.jsonl"
        paths[version].write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return paths


def with_baseline(folder: Path, languages: tuple[str, ...], broken: int = BROKEN) -> dict[str, Path]:
    """:func:`write_inputs` and version 1.0 saved as the baseline in ``folder/baselines``."""
    paths = write_inputs(folder, languages, broken)
    paths["baselines"] = folder / "baselines"
    save_baseline(paths["1.0"], paths["set"], paths["thresholds"], paths["baselines"])
    return paths
