"""The rubric part of every report, formatted from :class:`gate.judged.review.RubricSummary`.

Lines for people (terminal and markdown share them; markdown escapes them) and plain data
for the JSON report. Nothing is computed here beyond formatting.
"""

from __future__ import annotations

from typing import Any

from gate.model.agreement import format_kappa, grader_changes
from gate.report.digest import label_of
from gate.report.model import Report, display_rate


def _count(report: Report, measure: str, what: str) -> str:
    """``5 of 8 judged answers (0.63)`` for the all slice, or ``none counted``."""
    cell = report.cell("all", measure)
    if not cell.denominator:
        return f"no {what}"
    return f"{cell.numerator} of {cell.denominator} {what} ({cell.display})"


def _judge_line(js: Any) -> str:
    text = f"{js.judge.label}: {js.judgements} judgement(s)"
    if js.failed:
        text += f", {js.failed} failed (no valid output; listed, never counted)"
    if js.validation is None:
        return text
    kappas = ", ".join(f"{q} {format_kappa(k.value)} (n={k.n})" for q, k in js.validation.kappas.items())
    state = "counted" if js.counted else "NOT counted"
    text += f"; {state}, {js.validation.reason}; kappa {kappas or 'none'}"
    if js.validation.claims_matched is not None:
        matched, given = js.validation.claims_matched
        text += f"; claims matched by largest overlap: {matched} of the people's {given}"
    text += f"; re-read by a person: {js.reviewed} of {js.judgements - js.failed}"
    return text


def rubric_lines(report: Report) -> list[str]:
    """The rubric section as lines of plain text (empty without judgements)."""
    s = report.rubric
    if s is None:
        return []
    lines = [f"Rubric {s.path} (version {s.version}): rubric pass {_count(report, 'rubric_pass', 'judged answers')}, beside the automatic scores",
             f"  judgements: {s.judgements} from {', '.join(s.files)}",
             f"  reviewed share: {_count(report, 'reviewed_share', 'answers')} judged by a person"]
    people = [js for js in s.judges if js.validation is None]
    graders = [js for js in s.judges if js.validation is not None]
    lines.append("  people: " + ("; ".join(_judge_line(js) for js in people) or "none"))
    if graders:
        lines.append(f"  graders (count only with kappa >= {format_kappa(s.min_kappa)} on every question and >= {s.min_overlap} answers judged by a person too):")
        lines += [f"    - {_judge_line(js)}" for js in graders]
        changes = grader_changes((js.judge.name, js.judge.model, js.judge.prompt_digest) for js in graders)
        lines += [f"    - changed: {change.sentence}" for change in changes]
    else:
        lines.append("  graders: none")
    lines += code_agreement_lines(report)
    means = [m for m in s.quality_means if m.slice == "all" and m.n]
    if means:
        shown = ", ".join(f"{m.dimension} mean {display_rate(m.mean)} (n={m.n})" for m in means)
        lines.append(f"  quality (pass at {s.pass_score} or above): {shown}")
    lines += claim_lines(report)
    if s.decisions:
        lines.append("  decisions: " + ", ".join(f"{k} {v}" for k, v in s.decisions.items()))
    if s.disagreements:
        lines.append(f"  disagreements ({len(s.disagreements)}):")
        for d in s.disagreements:
            lines.append(f"    - {d.question_id} {d.rubric_question}: " + ", ".join(f"{who} {label}" for who, label in d.labels.items()))
    return lines


def claim_lines(report: Report) -> list[str]:
    """Claim by claim (a rubric with claims: true): the grounded claim rate, the share of
    answers with a contradicted claim, and every claim code overruled."""
    s = report.rubric
    if s is None or s.claims is None:
        return []
    lines = [f"  claims: {s.claims} judged; grounded claim rate {_count(report, 'grounded_claim_rate', 'claims')}; "
             f"answers with a contradicted claim {_count(report, 'contradicted_claims', 'answers judged claim by claim')}",
             f"  code overruled {len(s.overruled)} claim label(s) (a judge said supported; code found an unsupported figure or an invalid citation in the claim)"
             + (":" if s.overruled else "")]
    for o in s.overruled:  # the claim's text is the answer's: kept out where the report keeps evidence out
        claim = f"\"{o.claim.text}\"" if report.evidence else f"claim {o.claim.start}-{o.claim.end}"
        lines.append(f"    - {o.question_id} {claim}: {', '.join(o.judges)} said supported; code: {o.reason}")
    return lines


def code_agreement_lines(report: Report) -> list[str]:
    """The code checks beside the readers: per rubric question the code answers, kappa with
    n and the share labelled alike; the questions the code answered on no judged answer in
    one line."""
    if not report.code_agreement:
        return []
    lines = ["  code checks vs readers (Cohen's kappa, the code as one more grader, on the answers both labelled yes or no):"]
    none = [a for a in report.code_agreement if a.kappa.n == 0]
    for a in report.code_agreement:
        if a.kappa.n == 0:
            continue
        k = a.kappa
        kappa = format_kappa(k.value) if k.value is not None else k.reason
        lines.append(f"    - {a.question} ({label_of(report, a.measure)}): kappa {kappa}; agreement {display_rate(a.agreement)} (n={k.n})")
    if none:
        names = ", ".join(f"{a.question} ({label_of(report, a.measure)})" for a in none)
        lines.append(f"    - not answered by the code on any judged answer (no figure bound to an observation, or no caveat known): {names}")
    return lines


def code_agreement_dict(report: Report) -> list[dict[str, Any]] | None:
    """The ``code_agreement`` part of the JSON report (None without judgements)."""
    if report.rubric is None:
        return None
    return [
        {"question": a.question, "measure": a.measure, "n": a.kappa.n,
         "agreement": None if a.agreement is None else float(a.agreement), "agreement_display": display_rate(a.agreement),
         "kappa": None if a.kappa.value is None else float(a.kappa.value), "display": format_kappa(a.kappa.value),
         "reason": a.kappa.reason or None}
        for a in report.code_agreement
    ]


def rubric_dict(report: Report) -> dict[str, Any] | None:
    """The rubric part of the JSON report (None without judgements)."""
    s = report.rubric
    if s is None:
        return None

    def kappa(k: Any) -> dict[str, Any]:
        return {"n": k.n, "value": None if k.value is None else float(k.value),
                "display": format_kappa(k.value), "reason": k.reason or None}

    out: dict[str, Any] = {
        "path": s.path,
        "version": s.version,
        "files": list(s.files),
        "judgements": s.judgements,
        "pass_score": s.pass_score,
        "graders_floor": {"min_kappa": float(s.min_kappa), "min_overlap": s.min_overlap},
        "judges": [
            {
                "kind": js.judge.kind,
                "name": js.judge.name,
                "version": js.judge.version,
                "model": js.judge.model or None,
                "prompt_digest": js.judge.prompt_digest or None,
                "judgements": js.judgements,
                "failed": js.failed,
                "counted": js.counted,
                "validated": None if js.validation is None else js.validation.validated,
                "reason": None if js.validation is None else js.validation.reason,
                "overlap": None if js.validation is None else js.validation.overlap,
                "reviewed": None if js.validation is None else js.reviewed,
                "kappa": None if js.validation is None else {q: kappa(k) for q, k in js.validation.kappas.items()},
                **({} if js.validation is None or js.validation.claims_matched is None else
                   {"claims_matched": {"matched": js.validation.claims_matched[0], "people_claims": js.validation.claims_matched[1]}}),
            }
            for js in s.judges
        ],
        "disagreements": [{"question_id": d.question_id, "rubric_question": d.rubric_question, "labels": dict(d.labels)} for d in s.disagreements],
        "quality_means": [
            {"slice": m.slice, "dimension": m.dimension, "total": m.total, "n": m.n,
             "mean": None if m.mean is None else float(m.mean), "display": display_rate(m.mean)}
            for m in s.quality_means
        ],
        "decisions": dict(s.decisions),
    }
    if s.claims is not None:  # a rubric asking for claims (claims: true)
        out["claims"] = {
            "counted": s.claims,
            "overruled": [{"question_id": o.question_id, "start": o.claim.start, "end": o.claim.end, "text": o.claim.text,
                           "judges": list(o.judges), "reason": o.reason} for o in s.overruled],
        }
    return out
