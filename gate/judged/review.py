"""The rubric scored from judgements: per answer, pure; then the summary the report shows.

Which judgements count (the combining rule, decided here and documented in the README):

1. A person's judgement always counts. A grader's counts only while the grader is
   validated against people (:func:`gate.model.agreement.validate_grader`); a failed grader
   judgement (no valid output) never counts. Every judgement is kept and listed.
2. Where a person judged an answer, the people decide it and the graders' labels serve only
   to measure agreement: a person's judgement outranks a grader's.
3. Among the judges that decide, per rubric question, ``no`` wins over ``yes``, and
   ``yes`` over ``not_applicable``: a gate does not pass what one reader found wanting.
   Quality scores: the lowest given per dimension. The report lists every answer where the
   judges disagreed.

Then, per answer:

- a rubric question counts for an answer only where it applies (:func:`gate.inputs.rubric.applies`)
  and the deciding label is yes or no: ``rubric_<question>`` is yes over yes-or-no;
- ``rubric_pass``: the judged answer passes when every counted question is yes;
- ``reviewed_share``: every logged answer counts in the denominator, the numerator when a
  person judged it; ``grader_reviewed_share``: answers a counted grader judged, and of those
  the ones a person judged too;
- ``quality_<dimension>``: the deciding score is at or above the rubric's ``pass_score``;
- with a rubric asking for claims, ``grounded_claim_rate`` and ``contradicted_claims`` from
  the deciding judges' claims, code overruling (:mod:`gate.judged.claim_scoring`), and
  ``no_unsupported_claim`` as those claims say it;
- the decision, groundedness first: ``fail_groundedness`` (an unsupported figure, an
  invalid citation, ``no`` on ``no_unsupported_claim``, or a claim unsupported or
  contradicted) whatever the quality, then
  ``fail_quality`` (a dimension below ``pass_score``), then ``pass``; an answer without a
  quality score on every dimension and not failing groundedness is undecided, counted in
  no denominator. ``decision_pass`` is pass over decided.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from gate.inputs.claims import no_unsupported_label
from gate.inputs.judgements import FAILED, GRADER, PERSON, Judge, Judgement, JudgementSet
from gate.inputs.rubric import NO, NOT_APPLICABLE, YES, Rubric, applies
from gate.judged.claim_agreement import CLAIMS_ANSWER, CLAIMS_LABEL, claim_pairs
from gate.judged.claim_scoring import ClaimOutcome, Overruled, score_claims
from gate.model.agreement import Kappa, Validation, validate_grader
from gate.model.inputs import Answer, Question
from gate.model.outcomes import Count, Finding, Outcome
from gate.model.scores import ALL, language_slice

FAIL_GROUNDEDNESS, FAIL_QUALITY, PASS = "fail_groundedness", "fail_quality", "pass"
_RANK = {NO: 2, YES: 1, NOT_APPLICABLE: 0}


@dataclass(frozen=True)
class RubricOutcome:
    """The rubric's verdict on one answer.

    Attributes:
        counts: rubric and quality measure name -> Count.
        findings: readers' ``no`` answers (with their notes) and the decision's failures.
        labels: the deciding label per rubric question (only questions judged).
        scores: the deciding quality score per dimension.
        decision: ``fail_groundedness``, ``fail_quality``, ``pass``, or None (undecided).
        disagreement: per rubric question where the counted judges differ, ``judge -> label``.
        ignored: rubric questions labelled yes or no where the rubric says they do not
            apply (not counted; the report says so).
        claims: the answer's claims combined and overruled by code
            (:mod:`gate.judged.claim_scoring`); None where no deciding judge listed claims.
    """

    counts: Mapping[str, Count]
    findings: tuple[Finding, ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict)
    scores: Mapping[str, int] = field(default_factory=dict)
    decision: str | None = None
    disagreement: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    ignored: tuple[str, ...] = ()
    claims: ClaimOutcome | None = None


def combine(judgements: Sequence[Judgement], rubric: Rubric) -> tuple[dict[str, str], dict[str, int]]:
    """The deciding labels and quality scores of judgements of one answer: per question
    ``no`` over ``yes`` over ``not_applicable``; per dimension the lowest score."""
    labels: dict[str, str] = {}
    for q in rubric.question_ids:
        given = [j.labels[q] for j in judgements if q in j.labels]
        if given:
            labels[q] = max(given, key=lambda label: _RANK[label])
    scores: dict[str, int] = {}
    for d in rubric.dimension_ids:
        given_scores = [j.quality[d] for j in judgements if d in j.quality]
        if given_scores:
            scores[d] = min(given_scores)
    return labels, scores


def deciding(judgements: Sequence[Judgement], counted: set[tuple[str, str, str, str]]) -> list[Judgement]:
    """The judgements that decide an answer: the people's, else the counted graders'."""
    ok = [j for j in judgements if j.status != FAILED]
    people = [j for j in ok if j.judge.kind == PERSON]
    return people or [j for j in ok if j.judge.kind == GRADER and j.judge.identity in counted]


def score_rubric(question: Question, answer: Answer | None, judgements: Sequence[Judgement],
                 automatic: Outcome, rubric: Rubric, counted: set[tuple[str, str, str, str]]) -> RubricOutcome:
    """Score one answer's rubric from its judgements and its automatic outcome; pure.

    Args:
        question, answer: the joined pair (answer None: no answer was logged).
        judgements: every judgement of this answer (any judge, any status).
        automatic: the answer's automatic outcome (for the groundedness decision).
        rubric: the rubric.
        counted: identities of the graders whose judgements count.

    Returns:
        Counts on every rubric and quality measure, findings, and the decision.
    """
    qid, lang = question.question_id, question.language
    counts: dict[str, Count] = {}
    findings: list[Finding] = []
    if answer is not None:
        counts["reviewed_share"] = Count(int(any(j.judge.kind == PERSON and j.status != FAILED for j in judgements)), 1)
    graded = any(j.judge.kind == GRADER and j.judge.identity in counted and j.status != FAILED for j in judgements)
    if graded:
        counts["grader_reviewed_share"] = Count(counts.get("reviewed_share", Count()).numerator, 1)
    decide = deciding(judgements, counted) if answer is not None else []
    if not decide:
        return RubricOutcome(counts)
    labels, scores = combine(decide, rubric)
    claimed = score_claims(qid, lang, answer, decide, automatic) if answer is not None else None
    if claimed is not None:
        counts.update(claimed.counts)
        findings += claimed.findings
        if "no_unsupported_claim" in labels:  # follows from the claims, code's overrule included
            labels["no_unsupported_claim"] = no_unsupported_label(claimed.claims)
    passed_all = True
    any_counted = False
    ignored = []
    for rq in rubric.questions:
        label = labels.get(rq.id)
        if label in (YES, NO) and not applies(rq, question, answer):
            ignored.append(rq.id)
            continue
        if label not in (YES, NO):
            continue
        any_counted = True
        counts[f"rubric_{rq.id}"] = Count(int(label == YES), 1)
        if label == NO:
            passed_all = False
            said = [j for j in decide if j.labels.get(rq.id) == NO]
            who = ", ".join(sorted({j.judge.label for j in said}))
            notes = "; ".join(dict.fromkeys(j.note for j in said if j.note))
            message = f"{who} answered no to \"{rq.text(lang)}\"" + (f": {notes}" if notes else "")
            if not said:  # no judge said no: the claims did, once code overruled one
                message = f"no to \"{rq.text(lang)}\", as the claims say once code overruled a claim labelled supported"
            findings.append(Finding(qid, lang, f"rubric_{rq.id}", "reader_no", message))
    if any_counted:
        counts["rubric_pass"] = Count(int(passed_all), 1)
    for d in rubric.dimension_ids:
        if d in scores:
            counts[f"quality_{d}"] = Count(int(scores[d] >= (rubric.pass_score or 0)), 1)
    decision = _decision(automatic, labels, scores, rubric, claimed)
    if decision is not None:
        counts["decision_pass"] = Count(int(decision == PASS), 1)
        if decision != PASS:
            findings.append(Finding(qid, lang, "decision_pass", decision, _decision_reason(decision, automatic, labels, scores, rubric, claimed)))
    return RubricOutcome(counts, tuple(findings), labels, scores, decision, _disagreement(judgements, counted, rubric), tuple(ignored),
                         claimed)


def _grounded_failures(automatic: Outcome, labels: Mapping[str, str], claimed: ClaimOutcome | None = None) -> list[str]:
    reasons = []
    unsupported = automatic.counts.get("unsupported_numbers", Count())
    if unsupported.numerator:
        reasons.append(f"{unsupported.numerator} unsupported figure(s)")
    citations = automatic.counts.get("citation_validity", Count())
    if citations.numerator < citations.denominator:
        reasons.append(f"{citations.denominator - citations.numerator} invalid citation(s)")
    if claimed is not None:
        for label in ("contradicted", "unsupported"):
            n = sum(c.label == label for c in claimed.claims)
            if n:
                reasons.append(f"{n} {label} claim(s)")
    elif labels.get("no_unsupported_claim") == NO:
        reasons.append("a reader found an unsupported claim")
    return reasons


def _decision(automatic: Outcome, labels: Mapping[str, str], scores: Mapping[str, int], rubric: Rubric,
              claimed: ClaimOutcome | None = None) -> str | None:
    if _grounded_failures(automatic, labels, claimed):
        return FAIL_GROUNDEDNESS
    if not rubric.dimension_ids or any(d not in scores for d in rubric.dimension_ids):
        return None
    if any(scores[d] < (rubric.pass_score or 0) for d in rubric.dimension_ids):
        return FAIL_QUALITY
    return PASS


def _decision_reason(decision: str, automatic: Outcome, labels: Mapping[str, str], scores: Mapping[str, int], rubric: Rubric,
                     claimed: ClaimOutcome | None = None) -> str:
    if decision == FAIL_GROUNDEDNESS:
        return "fails groundedness whatever its quality: " + ", ".join(_grounded_failures(automatic, labels, claimed))
    low = [f"{d} {scores[d]}" for d in rubric.dimension_ids if scores[d] < (rubric.pass_score or 0)]
    return f"grounded, but fails quality: {', '.join(low)} below the pass score {rubric.pass_score}"


def _disagreement(judgements: Sequence[Judgement], counted: set[tuple[str, str, str, str]], rubric: Rubric) -> dict[str, dict[str, str]]:
    voters = [j for j in judgements if j.status != FAILED and (j.judge.kind == PERSON or j.judge.identity in counted)]
    out: dict[str, dict[str, str]] = {}
    for q in rubric.question_ids:
        given = {j.judge.label: j.labels[q] for j in voters if q in j.labels}
        if len(set(given.values())) > 1:
            out[q] = dict(sorted(given.items()))
    return out


# -- the run as a whole -------------------------------------------------------------------


@dataclass(frozen=True)
class JudgeSummary:
    """One judge as the report shows it.

    Attributes:
        judge: who.
        judgements: how many judgements it gave this run (failed ones included).
        failed: how many of them failed (no valid output).
        counted: whether its judgements count.
        validation: for a grader, the validation against people; None for a person.
        reviewed: for a grader, how many of the answers it judged a person judged too.
    """

    judge: Judge
    judgements: int
    failed: int
    counted: bool
    validation: Validation | None = None
    reviewed: int = 0


@dataclass(frozen=True)
class Disagreement:
    """An answer on which the counted judges gave different labels to a rubric question."""

    question_id: str
    rubric_question: str
    labels: Mapping[str, str]


@dataclass(frozen=True)
class QualityMean:
    """The mean deciding score of a quality dimension in a slice, exact, with n."""

    slice: str
    dimension: str
    total: int
    n: int

    @property
    def mean(self) -> Fraction | None:
        return Fraction(self.total, self.n) if self.n else None


@dataclass(frozen=True)
class RubricSummary:
    """The rubric part of a Report (data only; renderers format it).

    Attributes:
        path, version: the rubric file and its version.
        files: the judgement files read.
        judgements: how many judgements were read.
        judges: every judge, people first, then graders, by name.
        disagreements: where counted judges differ.
        quality_means: per slice and dimension.
        decisions: decision -> number of answers.
        pass_score: the quality pass score.
        min_kappa, min_overlap: the grader floors in force.
        notices: what the report must say about the judgements (labels not counted).
        claims: with a rubric asking for claims, how many claims were counted (after
            combining the deciding judges'), else None.
        overruled: the claims judges called supported that code made unsupported.
    """

    path: str
    version: str
    files: tuple[str, ...]
    judgements: int
    judges: tuple[JudgeSummary, ...]
    disagreements: tuple[Disagreement, ...]
    quality_means: tuple[QualityMean, ...]
    decisions: Mapping[str, int]
    pass_score: int | None
    min_kappa: Fraction
    min_overlap: int
    notices: tuple[str, ...] = ()
    claims: int | None = None
    overruled: tuple[Overruled, ...] = ()


def applicable_only(judgements: Sequence[Judgement], rubric: Rubric,
                    pairs: Mapping[str, tuple[Question, Answer | None]]) -> tuple[list[Judgement], list[str]]:
    """The judgements with every label of a rubric question that does not apply to the answer
    taken out (so it counts in no kappa and no n), and ``"<question id> <rubric question>
    (<judge>)"`` for each yes or no so dropped; pure."""
    out = []
    dropped = []
    for j in judgements:
        question, answer = pairs.get(j.question_id, (None, None))
        if question is None:
            out.append(j)
            continue
        keep = {}
        for rq in rubric.questions:
            if rq.id not in j.labels:
                continue
            if applies(rq, question, answer):
                keep[rq.id] = j.labels[rq.id]
            elif j.labels[rq.id] in (YES, NO):
                dropped.append(f"{j.question_id} {rq.id} ({j.judge.label})")
        out.append(dataclasses.replace(j, labels=keep))
    return out, dropped


def validate_graders(by_answer: Mapping[str, Sequence[Judgement]], rubric: Rubric,
                     min_kappa: Fraction, min_overlap: int) -> dict[tuple[str, str, str, str], Validation]:
    """Each grader's validation on the answers both it and a person judged; pure."""
    graders = sorted({j.judge.identity for js in by_answer.values() for j in js if j.judge.kind == GRADER})
    out = {}
    for identity in graders:
        pairs: dict[str, list[tuple[str, str]]] = {q: [] for q in rubric.question_ids}
        if rubric.claims:
            pairs.update({CLAIMS_ANSWER: [], CLAIMS_LABEL: []})
        overlap = matched = people_claims = 0
        for qid in sorted(by_answer):
            js = [j for j in by_answer[qid] if j.status != FAILED]
            people = [j for j in js if j.judge.kind == PERSON]
            mine = [j for j in js if j.judge.identity == identity]
            if not people or not mine:
                continue
            overlap += 1
            person_labels, _ = combine(people, rubric)
            grader_labels, _ = combine(mine, rubric)
            for q in rubric.question_ids:
                if q in person_labels and q in grader_labels:
                    pairs[q].append((person_labels[q], grader_labels[q]))
            claimed = claim_pairs(people, mine) if rubric.claims else None
            if claimed is not None:
                pairs[CLAIMS_ANSWER].append(claimed.answer)
                pairs[CLAIMS_LABEL] += claimed.claims
                matched, people_claims = matched + len(claimed.claims), people_claims + claimed.people_claims
        out[identity] = validate_grader(pairs, overlap, min_kappa, min_overlap, (matched, people_claims) if rubric.claims else None)
    return out


def score_rubric_run(pairs: Sequence[tuple[Question, Answer | None]], outcomes: Sequence[Outcome],
                     judged: JudgementSet, rubric: Rubric, min_kappa: Fraction,
                     min_overlap: int, calibration: Sequence[Judgement] = ()) -> tuple[list[Outcome], RubricSummary]:
    """Add the rubric's counts and findings to every outcome, and summarise; pure.

    Args:
        pairs: the joined pairs, aligned with ``outcomes``.
        outcomes: the automatic outcomes.
        judged: every judgement read.
        rubric: the rubric.
        min_kappa, min_overlap: the grader floors.
        calibration: judgements of human-labelled examples (earlier runs, a calibration
            file), used only to validate graders: an answer is known by its question id and
            digest, so an example that is also this run's answer counts once.

    Returns:
        The outcomes with rubric and quality counts merged in (automatic counts unchanged),
        and the summary for the report.
    """
    by_answer: dict[str, list[Judgement]] = {}
    for j in judged.judgements:
        by_answer.setdefault(j.question_id, []).append(j)
    by_pair = {q.question_id: (q, a) for q, a in pairs}
    applicable, dropped = applicable_only(judged.judgements, rubric, by_pair)  # the rubric's word is final
    validations = validate_graders(_pool(applicable, calibration), rubric, min_kappa, min_overlap)
    counted = {identity for identity, v in validations.items() if v.validated}
    merged: list[Outcome] = []
    disagreements: list[Disagreement] = []
    means: dict[tuple[str, str], tuple[int, int]] = {}
    decisions: dict[str, int] = {}
    ignored: list[str] = []
    overruled: list[Overruled] = []
    claims = 0
    for (question, answer), outcome in zip(pairs, outcomes):
        result = score_rubric(question, answer, by_answer.get(question.question_id, ()), outcome, rubric, counted)
        ignored += [f"{question.question_id} {q}" for q in result.ignored]
        if result.claims is not None:
            claims += len(result.claims.claims)
            overruled += result.claims.overruled
        counts = dict(outcome.counts)
        counts.update(result.counts)
        merged.append(Outcome(outcome.question_id, outcome.language, counts, outcome.findings + result.findings))
        for q, labels in result.disagreement.items():
            disagreements.append(Disagreement(question.question_id, q, labels))
        for d, score in result.scores.items():
            for s in (ALL, language_slice(outcome.language)):
                total, n = means.get((s, d), (0, 0))
                means[(s, d)] = (total + score, n + 1)
        if result.decision is not None:
            decisions[result.decision] = decisions.get(result.decision, 0) + 1
    judges = _judges(judged.judgements, by_answer, validations, counted)
    slices = [ALL] + sorted({language_slice(o.language) for o in outcomes})
    quality_means = tuple(QualityMean(s, d, *means.get((s, d), (0, 0))) for s in slices for d in rubric.dimension_ids)
    summary = RubricSummary(rubric.path, rubric.version, judged.files, len(judged.judgements), judges,
                            tuple(disagreements), quality_means, dict(sorted(decisions.items())),
                            rubric.pass_score, min_kappa, min_overlap, _notices(ignored, by_answer, pairs) + _dropped_notice(dropped),
                            claims if rubric.claims else None, tuple(overruled))
    return merged, summary


def _dropped_notice(dropped: Sequence[str]) -> tuple[str, ...]:
    """One notice for the yes or no labels on rubric questions that do not apply, which no
    grader's validation counts."""
    if not dropped:
        return ()
    shown = ", ".join(dropped[:10]) + (f" and {len(dropped) - 10} more" if len(dropped) > 10 else "")
    return (f"{len(dropped)} label(s) of yes or no on rubric questions that do not apply to the answer: left out of every "
            f"grader's validation (kappa and its n): {shown}",)


def _pool(judgements: Sequence[Judgement], calibration: Sequence[Judgement]) -> dict[str, list[Judgement]]:
    """Judgements by answer judged (question id and digest) for validating graders; a
    judgement given twice (the same judge, answer and labels) counts once."""
    pool: dict[str, list[Judgement]] = {}
    seen: set[tuple[object, ...]] = set()
    for j in list(judgements) + list(calibration):
        key = (j.judge.identity, j.question_id, j.answer_digest, tuple(sorted(j.labels.items())), j.status)
        if key in seen:
            continue
        seen.add(key)
        pool.setdefault(f"{j.question_id} {j.answer_digest}", []).append(j)
    return pool


def _notices(ignored: Sequence[str], by_answer: Mapping[str, Sequence[Judgement]],
             pairs: Sequence[tuple[Question, Answer | None]]) -> tuple[str, ...]:
    out = []
    if ignored:
        out.append(f"{len(ignored)} label(s) of yes or no on a rubric question that does not apply to the answer, not counted: {', '.join(ignored)}")
    unanswered = sorted(qid for qid in by_answer if not any(q.question_id == qid and a is not None for q, a in pairs))
    if unanswered:
        out.append(f"judgements of question(s) the set does not score, not counted: {', '.join(unanswered)}")
    return tuple(out)


def _judges(judgements: Iterable[Judgement], by_answer: Mapping[str, Sequence[Judgement]],
            validations: Mapping[tuple[str, str, str, str], Validation], counted: set[tuple[str, str, str, str]]) -> tuple[JudgeSummary, ...]:
    seen: dict[tuple[str, str, str, str], Judge] = {}
    given: dict[tuple[str, str, str, str], int] = {}
    failed: dict[tuple[str, str, str, str], int] = {}
    for j in judgements:
        seen.setdefault(j.judge.identity, j.judge)
        given[j.judge.identity] = given.get(j.judge.identity, 0) + 1
        failed[j.judge.identity] = failed.get(j.judge.identity, 0) + (j.status == FAILED)
    out = []
    for identity in sorted(seen, key=lambda i: (i[0] != PERSON, i[1], i[2], i[3])):
        judge = seen[identity]
        if judge.kind == PERSON:
            out.append(JudgeSummary(judge, given[identity], failed[identity], True))
            continue
        reviewed = sum(1 for js in by_answer.values()
                       if any(j.judge.identity == identity and j.status != FAILED for j in js)
                       and any(j.judge.kind == PERSON and j.status != FAILED for j in js))
        out.append(JudgeSummary(judge, given[identity], failed[identity], identity in counted, validations.get(identity), reviewed))
    return tuple(out)


def kappa_rows(summary: RubricSummary) -> list[tuple[str, str, Kappa]]:
    """``(grader label, rubric question, kappa)`` for every grader, in report order."""
    return [(js.judge.label, q, k) for js in summary.judges if js.validation is not None for q, k in js.validation.kappas.items()]
