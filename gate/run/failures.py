"""Failures back into the set: draft entries for a person to review.

``answer-gate set add-failures`` scores a run (with readers' judgements when given) and
writes, for each question that failed anything, a draft line: the question as the set has
it (``question_id``, ``language``, ``question``, ``expected_behaviour``, ``expected_values``,
``expected_ids``, ``expected_caveats``), with the caveats known for the answer added to
``expected_caveats`` where a reader said the caveat was missing, and a ``review`` object
saying why it is there (every finding, every reader's note) and what was added. A question
whose expected value the source revised (``expected_value_stale``) is drafted with the
source's value in ``expected_values`` (and ``review.stale`` saying what changed). The
``review`` object is not part of the set's format: a person reads it, edits the entry and
removes it before the entry goes into the set. The set itself is never edited.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from gate.core.errors import InputError, Problem, say_notices
from gate.inputs.rubric import caveats_known
from gate.model.inputs import Answer, Question
from gate.model.outcomes import Finding


def _number(value: Decimal) -> Any:
    return int(value) if value == value.to_integral_value() and "." not in str(value) else float(value)


def draft_entry(question: Question, answer: Answer | None, findings: Sequence[Finding], run_path: str) -> dict[str, Any]:
    """One draft line for a failed question; pure."""
    caveats = list(question.expected_caveats)
    added = []
    if any(f.code == "reader_no" and f.measure == "rubric_caveat" for f in findings):
        for caveat in caveats_known(question, answer):
            if caveat not in caveats:
                caveats.append(caveat)
                added.append(caveat)
    entry: dict[str, Any] = {
        "question_id": question.question_id,
        "language": question.language,
        "question": question.text or (answer.question if answer is not None else ""),
        "expected_behaviour": question.expected_behaviour,
        "expected_values": [_number(v) for v in question.expected_values],
        "expected_ids": list(question.expected_ids),
        "expected_caveats": caveats,
    }
    if question.expected_period is not None:
        entry["expected_period"] = question.expected_period
    if question.acceptable_ids:
        entry["acceptable_ids"] = list(question.acceptable_ids)
    review = {
        "status": "draft: review, edit, and remove this review object before adding the entry to the set",
        "from_run": run_path,
        "answer": answer.answer if answer is not None else None,
        "findings": [{"measure": f.measure, "code": f.code, "message": f.message} for f in findings],
    }
    if any(f.code == "reader_no" and f.measure == "rubric_caveat" for f in findings):
        review["caveat"] = (f"added to expected_caveats: {', '.join(added)}" if added else
                            "a reader found the caveat missing; expected_caveats already names it: "
                            + (", ".join(caveats) or "nothing known: write the caveat in"))
    stale = _stale_correction(question, answer, findings)
    if stale is not None:
        entry["expected_values"], review["stale"] = stale
    entry["review"] = review
    return entry


def _stale_correction(question: Question, answer: Answer | None,
                      findings: Sequence[Finding]) -> tuple[list[Any], str] | None:
    """The corrected ``expected_values`` of a question the source revised (an
    ``expected_value_stale`` finding), and what was changed; None otherwise."""
    if answer is None or not any(f.code == "expected_value_stale" for f in findings):
        return None
    from gate.scoring.checks.stale import revision

    revised = revision(question, answer)
    if revised is None or revised.old is None:
        return None
    o = revised.observation
    values = [_number(v) for v in revised.expected(question.expected_values)]
    return values, (f"expected_values corrected: {o.series} {o.period} was {_number(revised.old)} in the set, "
                    f"the source now gives {_number(o.value)}")


def add_failures_command(args: Any) -> int:
    """Write the draft file; 0 when written (even when empty, said so)."""
    from gate.core.files import atomic_write_text, output_problem
    from gate.inputs.join import join
    from gate.inputs.question_set import load_question_set
    from gate.inputs.run_log import load_run
    from gate.run.check import check_run

    taken = {os.path.realpath(p): p for p in (args.questions, args.run, *args.judgements, args.rubric, args.thresholds)}
    why = output_problem(args.out, taken, force=args.force)
    if why and why.startswith("expected a new file, found the input"):
        why = "expected a new draft file, found an input: the set is never edited in place"
    elif why and why.startswith("expected a new file, found an existing one"):
        why = ("expected a new draft file, found one already: it may hold a person's edits; "
               "pass --force to replace it, or choose another --out")
    if why:
        raise InputError([Problem(args.out, None, "--out", why)])
    report = check_run(args.run, args.questions, args.thresholds, judgements=args.judgements, rubric=args.rubric)
    say_notices(report.notices)  # a misspelt field, a set version that differs: said as check says them
    pairs = join(load_run(args.run), load_question_set(args.questions)).pairs
    by_question: dict[str, list[Finding]] = {}
    for f in report.findings:
        by_question.setdefault(f.question_id, []).append(f)
    entries = [draft_entry(q, a, by_question[q.question_id], args.run) for q, a in pairs if q.question_id in by_question]
    atomic_write_text(args.out, "".join(json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in entries))
    ids = ", ".join(e["question_id"] for e in entries) or "none"
    print(f"wrote {len(entries)} draft entr{'y' if len(entries) == 1 else 'ies'} for review to {args.out} ({ids}); the set is unchanged")
    return 0
