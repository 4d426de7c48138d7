"""A large run made up for the report tests: 2,500 questions in three languages, a stored
baseline that answers every one right, and a run that states a wrong figure in each (a
figure no evidence supports, and the expected value missing): 5,000 findings, every
question broken on two measures."""

from __future__ import annotations

import json
from pathlib import Path

QUESTIONS = 2_500
_TEXT = {
    "en": ("What was the rate in 2024?", "The rate was {v}% in 2024 (S{i})."),
    "fr": ("Quel était le taux en 2024 ?", "Le taux était de {v} % en 2024 (S{i})."),
    "es": ("¿Cuál fue la tasa en 2024?", "La tasa fue de {v} % en 2024 (S{i})."),
}


def _value(i: int) -> str:
    return f"{10 + i % 50}.5"


def _shown(value: str, language: str) -> str:
    return value if language == "en" else value.replace(".", ",")


def write_large_run(folder: Path) -> tuple[Path, Path, Path]:
    """Write the set, the baseline run (1.0) and the broken run (1.1) into a folder.

    Returns:
        (question set, baseline run, broken run).
    """
    languages = list(_TEXT)
    questions = [{"set": {"version": "1.0"}}]
    good = [{"run": {"assistant_version": "1.0", "set_version": "1.0"}}]
    bad = [{"run": {"assistant_version": "1.1", "set_version": "1.0"}}]
    for i in range(QUESTIONS):
        language = languages[i % len(languages)]
        question, answer = _TEXT[language]
        value = _value(i)
        qid = f"q{i:04d}"
        questions.append({"question_id": qid, "language": language, "question": question, "expected_behaviour": "answer",
                          "expected_values": [float(value)], "expected_ids": [f"S{i}"]})
        base = {"question_id": qid, "language": language, "question": question, "retrieved_ids": [f"S{i}"],
                "retrieved_values": [float(value)], "cited_ids": [f"S{i}"], "declined": False}
        good.append({**base, "answer": answer.format(v=_shown(value, language), i=i)})
        wrong = f"{10 + i % 50 + 3}.5"
        bad.append({**base, "answer": answer.format(v=_shown(wrong, language), i=i)})
    paths = folder / "set-1.0.jsonl", folder / "answers_run_assistant-1.0_set-1.0.jsonl", folder / "answers_run_assistant-1.1_set-1.0.jsonl"
    for path, rows in zip(paths, (questions, good, bad)):
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return paths
