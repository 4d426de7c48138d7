"""A sample of a run for readers (the step before judging), and the review sheet written three ways.

The sample is stratified by language, then filled in proportion:

1. the answers of each language are put in a fixed pseudo-random order: by
   ``sha256("<seed>:<question id>")``, so that the order depends on the seed and the ids
   only, the same on any machine and any Python (no set iteration order, no ``hash()``);
2. every language with answers gets one answer (when the size allows; when it does not,
   the languages with the most answers first, then by tag);
3. the rest of the size is shared in proportion to each language's answers (largest
   remainder, ties by tag), never more than a language has;
4. the sample is listed in the question set's order.

Asking for at least as many answers as the run holds gives the whole run, with a warning.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from gate.figures.model import MatchSettings
from gate.inputs.judgements import CSV_FIXED, PERSON, answer_digest
from gate.inputs.rubric import DIMENSION_IDS, QUESTION_IDS, Rubric, applies
from gate.judged.plain import answer_data, observation_data
from gate.judged.review_marks import gate_view
from gate.model.inputs import Answer, Question


@dataclass(frozen=True)
class Sample:
    """The answers drawn for review.

    Attributes:
        pairs: ``(question, answer)`` in the set's order.
        seed: the seed drawn with.
        warnings: said to the user (the whole run was taken, a language left out).
    """

    pairs: tuple[tuple[Question, Answer], ...]
    seed: int
    warnings: tuple[str, ...] = ()


def order_key(seed: int, question_id: str) -> str:
    """The sort key that puts answers in the seed's order: ``sha256("<seed>:<id>")``."""
    return hashlib.sha256(f"{seed}:{question_id}".encode()).hexdigest()


def _quotas(sizes: dict[str, int], size: int) -> dict[str, int]:
    languages = sorted(sizes, key=lambda lang: (-sizes[lang], lang))
    quotas = {lang: 0 for lang in sizes}
    for lang in languages[:size]:
        quotas[lang] = 1
    left = size - sum(quotas.values())
    room = {lang: sizes[lang] - quotas[lang] for lang in sizes}
    total_room = sum(room.values())
    if left <= 0 or total_room == 0:
        return quotas
    shares = {lang: Fraction(room[lang] * left, total_room) for lang in sizes}
    for lang in sizes:
        quotas[lang] += int(shares[lang])
    rest = size - sum(quotas.values())
    by_remainder = sorted(sizes, key=lambda lang: (-(shares[lang] - int(shares[lang])), lang))
    for lang in by_remainder:
        if rest <= 0:
            break
        if quotas[lang] < sizes[lang]:
            quotas[lang] += 1
            rest -= 1
    return quotas


def draw_sample(pairs: Sequence[tuple[Question, Answer | None]], size: int, seed: int) -> Sample:
    """Draw a stratified sample of the logged answers; pure.

    Args:
        pairs: the joined pairs (questions without an answer are never drawn).
        size: how many answers to draw (at least 1).
        seed: any whole number; the same seed gives the same sample.

    Returns:
        The sample, in the set's order, with its warnings.
    """
    logged = [(q, a) for q, a in pairs if a is not None]
    warnings: list[str] = []
    if size >= len(logged):
        if size > len(logged):
            warnings.append(f"asked for {size} answers, the run holds {len(logged)}: the whole run is the sample")
        return Sample(tuple(logged), seed, tuple(warnings))
    by_language: dict[str, list[tuple[Question, Answer]]] = {}
    for q, a in logged:
        by_language.setdefault(q.language.lower(), []).append((q, a))
    quotas = _quotas({lang: len(items) for lang, items in by_language.items()}, size)
    left_out = sorted(lang for lang, n in quotas.items() if n == 0)
    if left_out:
        warnings.append(f"a sample of {size} cannot hold every language: {', '.join(left_out)} left out")
    chosen: set[str] = set()
    for lang, items in by_language.items():
        ordered = sorted(items, key=lambda pair: order_key(seed, pair[0].question_id))
        chosen.update(q.question_id for q, _ in ordered[: quotas[lang]])
    return Sample(tuple(p for p in logged if p[0].question_id in chosen), seed, tuple(warnings))


def _plain(values: Sequence[Any]) -> str:
    return "; ".join(format(v, "f") if isinstance(v, Decimal) else str(v) for v in values)


def sheet_items(sample: Sample, rubric: Rubric, settings: MatchSettings | None = None) -> list[dict[str, Any]]:
    """One item per sampled answer: the question, the answer and its evidence, the rubric
    questions that apply (with their text in the answer's language), the digest a
    judgement must carry, and what the gate found (:func:`gate.judged.review_marks.gate_view`:
    ``figures`` with their states, ``findings``, ``observations`` as rows), scored with
    ``settings`` (default: those of the shipped thresholds.yaml)."""
    items = []
    for q, a in sample.pairs:
        items.append({
            **gate_view(q, a, settings),
            "question_id": q.question_id,
            **answer_data(q, a),
            "series_metadata": [observation_data(o, omit_empty=True) for o in a.retrieved_observations],
            "expected_caveats": list(q.expected_caveats),
            "answer_digest": answer_digest(a.answer),
            "rubric_version": rubric.version,
            "rubric": [{"id": rq.id, "text": rq.text(a.language), "applies": applies(rq, q, a)} for rq in rubric.questions],
        })
    return items


def review_csv(items: Sequence[dict[str, Any]], rubric: Rubric) -> str:
    """The review sheet as CSV (opens in a spreadsheet; the gate reads it back as judgements
    once the reader's name and the labels are filled in)."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    label_columns = [q for q in QUESTION_IDS if q in rubric.question_ids]
    quality_columns = [d for d in DIMENSION_IDS if d in rubric.dimension_ids]
    header = ["question_id", "language", "question", "answer", "declined", "retrieved_ids", "retrieved_values", "cited_ids",
              "series_metadata", "expected_caveats", "caveat_applies",
              *[c for c in CSV_FIXED if c != "question_id"], *label_columns, *quality_columns, "note"]
    writer.writerow(header)
    for item in items:
        applies_to = {r["id"]: r["applies"] for r in item["rubric"]}
        row = {
            "question_id": item["question_id"], "language": item["language"], "question": item["question"],
            "answer": item["answer"], "declined": "yes" if item["declined"] else "no",
            "retrieved_ids": "; ".join(item["retrieved_ids"]), "retrieved_values": _plain(item["retrieved_values"]),
            "cited_ids": "; ".join(item["cited_ids"]),
            "series_metadata": json.dumps(item["series_metadata"], ensure_ascii=False) if item["series_metadata"] else "",
            "expected_caveats": "; ".join(item["expected_caveats"]),
            "caveat_applies": "yes" if applies_to.get("caveat") else "no",
            "judge_kind": PERSON, "rubric_version": item["rubric_version"], "answer_digest": item["answer_digest"],
        }
        for q in label_columns:
            row[q] = "" if applies_to.get(q) else "not_applicable"
        writer.writerow([row.get(h, "") for h in header])
    return buffer.getvalue()


def review_jsonl(items: Sequence[dict[str, Any]]) -> str:
    """The review sheet as JSON lines, one sampled answer a line, keys sorted."""
    return "".join(json.dumps(item, sort_keys=True, ensure_ascii=False) + "\n" for item in items)
