"""The join: each question of the set with its answer, and the notices the join gives."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gate.core.bcp47 import canonical_language
from gate.core.errors import ProblemCollector
from gate.inputs.lines import _finish
from gate.model.inputs import Answer, Joined, QuestionSet, Run

if TYPE_CHECKING:
    pass


def join(run: Run, question_set: QuestionSet | None, problems: ProblemCollector | None = None) -> Joined:
    """Join the run's answers to the set's questions on ``question_id``.

    With ``question_set`` None the run must be in the merged form; its inline expectations
    are used, with a notice that they belong in the set. When a set is given, expectations
    in the log are ignored, with a notice.

    Returns:
        One pair per question of the set, in the set's order; a question with no answer is
        paired with None (scored as a failure by the measures).

    Raises:
        InputError: no set and no inline expectations; an answer whose question is not in
            the set; an answer whose language differs from its question's. With a collector
            ``problems`` they are added to it instead.
    """
    shared, problems = problems, ProblemCollector()
    notices: list[str] = []
    if question_set is None:
        if run.merged_set is None:
            problems.add(run.path, None, None, "expected a question set (--questions FILE), found none; the log carries no expectations either")
            question_set = QuestionSet(path=run.path, version=None, questions=())
        else:
            question_set = run.merged_set
            notices.append(f"{run.path}: expectations are read from the log (merged form); they belong in the question set, so that the same log can be re-scored against a revised set")
            inline = {q.question_id for q in question_set.questions}
            for a in run.answers:  # a line that carried expectations, one of them bad, is reported already
                if a.question_id not in inline and a.line not in run.carried:
                    problems.add(run.path, a.line, "expected_behaviour", "missing required field: in the merged form every line carries its expectations")
    elif run.merged_set is not None:
        notices.append(f"{run.path}: the log carries expectations (expected_* fields); they are ignored: expectations come from the question set {question_set.path}")

    by_id = {q.question_id: q for q in question_set.questions}
    answers: dict[str, Answer] = {}
    repeated: dict[str, int] = {}  # question id -> its answers, when more than one (attempts)
    for a in run.answers:
        q = by_id.get(a.question_id)
        if q is None:
            if a.question_id in question_set.rejected:
                continue  # its question's line is already reported as bad input
            if question_set.questions and question_set is not run.merged_set:
                hint = id_hint(a.question_id, list(by_id))
                problems.add(run.path, a.line, "question_id", f"answer for question {a.question_id!r}{hint}, which is not in the question set {question_set.path}")
            continue
        if canonical_language(a.language) != canonical_language(q.language):
            problems.add(run.path, a.line, "language", f"expected {q.language!r} as in the question set (line {q.line}), found {a.language!r}")
            continue
        if a.question_id in answers:
            repeated[a.question_id] = repeated.get(a.question_id, 1) + 1
        answers[a.question_id] = a
    _finish(problems, shared)
    notices.extend(repeated_notice(run.path, repeated))

    if run.set_version and question_set.version and run.set_version != question_set.version:
        notices.append(f"the run was logged against question set {run.set_version} and is scored against set {question_set.version}")
    pairs = tuple((q, answers.get(q.question_id)) for q in question_set.questions)
    notices.extend(logged_question_notices([q.question_id for q, a in pairs if a is not None and a.question and a.question != q.text]))
    notices.extend(missing_notice([q.question_id for q, a in pairs if a is None]))
    return Joined(pairs=pairs, notices=tuple(notices + list(question_set.notices)))


def logged_question_notices(differ: list[str], total: int | None = None) -> list[str]:
    """One notice for the answers (ids in the set's order) whose logged question differs
    from the set's: only the set's question text is evidence for figures, never the log's
    own ``question`` field. ``total``: how many there are, when ``differ`` holds the first
    ten only."""
    total = len(differ) if total is None else total
    if not total:
        return []
    shown = ", ".join(differ[:10]) + (f" and {total - 10} more" if total > 10 else "")
    return [f"{total} answer(s) log a question that differs from the set's text ({shown}); "
            "numbers in the logged question are not evidence, only the set's question is"]


def repeated_notice(path: str, repeated: dict[str, int]) -> list[str]:
    """One notice for the questions answered more than once (a run with repeated attempts):
    the answers joined one to a question hold the last attempt of each, never silently."""
    if not repeated:
        return []
    shown = ", ".join(list(repeated)[:10]) + (f" and {len(repeated) - 10} more" if len(repeated) > 10 else "")
    return [f"{path}: {len(repeated)} question(s) are answered more than once (up to {max(repeated.values())} attempts: {shown}); "
            "only the last of each in the log is read here (check scores every attempt)"]


def missing_notice(missing: list[str], total: int | None = None) -> list[str]:
    """One notice for the questions (ids in the set's order) the run has no answer for;
    ``total``: how many there are, when ``missing`` holds the first ten only."""
    total = len(missing) if total is None else total
    if not total:
        return []
    shown = ", ".join(missing[:10]) + (f" and {total - 10} more" if total > 10 else "")
    return [f"{total} question(s) of the set have no answer in the run: {shown}; each counts as a failure"]


def _form(text: str) -> str:
    return next((form for form in ("NFC", "NFD") if unicodedata.is_normalized(form, text)), "neither NFC nor NFD")


def id_hint(question_id: str, ids: Sequence[str]) -> str:
    """What to say after an answer's id that the set does not hold: the set's id that is the
    same text in another Unicode normalisation (``é`` as one character or as ``e`` and an
    accent: they look alike and compare unequal), else the closest id, else nothing."""
    same = unicodedata.normalize("NFC", question_id)
    for known in ids:
        if unicodedata.normalize("NFC", known) == same:
            return (f" (the set has {known!r}, the same text in another Unicode normalisation: {_form(question_id)} here, "
                    f"{_form(known)} in the set; write both in NFC)")
    close = difflib.get_close_matches(question_id, ids, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
