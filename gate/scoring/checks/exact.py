"""Exact match: the answer's label equals the one right label of the question.

``exact_match`` (questions with ``expected_label``): for a classification, a category or
a code. The answer's label is the answer text, or, for a JSON answer (the set's
``answer_format: json``), its ``label`` member; citation markers (``[1]``, ``(ID)``) and
a final full stop are left out. Both sides are compared after Unicode normalisation
(NFKC), case folding and whitespace collapsing, and with surrounding quote marks removed;
nothing else (no synonyms, no stemming).
"""

from __future__ import annotations

import json
import re
import unicodedata

from gate.model.inputs import Answer, Question
from gate.model.outcomes import Count, Finding, count_of

_MARKERS = re.compile(r"\s*(?:\[[^\]]*\]|\([A-Z][A-Z0-9_.:-]*(?:\s*[;,]\s*[A-Z][A-Z0-9_.:-]*)*\))")
_EDGES = "\"'«»“”„‘’‹›「」 .。!?:;"


def normal_label(text: str) -> str:
    """A label as compared: NFKC, case-folded, whitespace collapsed, quotes and final
    punctuation stripped."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = " ".join(text.split())
    return text.strip(_EDGES).strip()


def answer_label(question: Question, text: str) -> str | None:
    """The label an answer gives: its JSON ``label`` member for a JSON answer (None when it
    has none), else its text without citation markers."""
    if question.answer_format == "json":
        try:
            data = json.loads(text)
        except ValueError:
            return None
        label = data.get("label") if isinstance(data, dict) else None
        return label if isinstance(label, str) else None
    return _MARKERS.sub("", text)


def check_exact(question: Question, answer: Answer) -> tuple[Count, list[Finding]]:
    """The exact-match count of one answer and its finding (``label_mismatch``,
    ``label_missing`` when the assistant declined, gave nothing or no ``label``)."""
    if question.expected_label is None:
        return count_of(0, 0), []
    qid, lang = question.question_id, question.language
    text = answer.answer or ""
    label = None if answer.declined or not text.strip() else answer_label(question, text)
    if label is None:
        why = "the assistant declined" if answer.declined else "the answer gives no label"
        return count_of(0, 1), [Finding(qid, lang, "exact_match", "label_missing", f"expected the label '{question.expected_label}'; {why}")]
    if normal_label(label) == normal_label(question.expected_label):
        return count_of(1, 1), []
    shown = " ".join(label.split())
    shown = shown if len(shown) <= 80 else shown[:77] + "..."
    return count_of(0, 1), [Finding(qid, lang, "exact_match", "label_mismatch",
                                 f"expected the label '{question.expected_label}', found '{shown}'")]
