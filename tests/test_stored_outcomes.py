"""The stream keeps every question's counts only when a baseline may be compared with."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gate.engine import stream
from gate.baseline import BaselineComparer
from gate.run.check import check_run

ROOT = Path(__file__).resolve().parents[1]
RUN = "examples/answers_run_assistant-1.3_set-1.2.jsonl"
SET = "examples/question_set-1.2.jsonl"


@pytest.fixture
def stored(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of questions of every StoredOutcomes the stream makes."""
    made: list[int] = []
    original = stream.StoredOutcomes.__init__

    def record(self: stream.StoredOutcomes, questions: object) -> None:
        made.append(len(questions))  # type: ignore[arg-type]
        original(self, questions)  # type: ignore[arg-type]

    monkeypatch.setattr(stream.StoredOutcomes, "__init__", record)
    monkeypatch.chdir(ROOT)
    return made


def test_no_counts_are_kept_when_no_baseline_is_stored(stored: list[int], tmp_path: Path) -> None:
    report = check_run(RUN, SET, "thresholds.yaml", compare=BaselineComparer(directory=str(tmp_path / "none")), jobs=1)
    assert stored == []
    assert report.comparison is None


def test_no_counts_are_kept_with_no_baseline_asked(stored: list[int]) -> None:
    check_run(RUN, SET, "thresholds.yaml", compare=BaselineComparer(skip=True), jobs=1)
    assert stored == []


def test_counts_are_kept_when_a_baseline_is_stored(stored: list[int]) -> None:
    report = check_run(RUN, SET, "thresholds.yaml", compare=BaselineComparer(), jobs=1)
    assert stored == [8]
    assert report.comparison is not None and report.comparison.baseline_version == "1.2"


def test_a_named_baseline_keeps_the_counts_even_in_an_empty_folder(stored: list[int], tmp_path: Path) -> None:
    assert os.path.isdir(ROOT / "baselines")
    comparer = BaselineComparer(directory=str(tmp_path), choice=str(ROOT / "baselines" / "assistant-1.2.json"))
    assert comparer.needs_outcomes() is True
    check_run(RUN, SET, "thresholds.yaml", compare=comparer, jobs=1)
    assert stored == [8]
