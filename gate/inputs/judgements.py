"""Judgements: readers' and graders' labels for answers, loaded and checked against the run.

A judgement is one judge's labels for one answer under one rubric version
(:mod:`gate.inputs.rubric`). A file of judgements is JSON lines or CSV (by its extension:
``.csv`` is CSV, anything else JSON lines). One JSON line::

    {"question_id": "a04",
     "judge": {"kind": "person", "name": "Amina", "version": null},
     "rubric_version": "1",
     "answer_digest": "sha256:...",          # of the answer text judged (answer_digest())
     "labels": {"series": "yes", "period": "yes", "unit": "yes",
                "caveat": "no", "no_unsupported_claim": "yes"},
     "quality": {"clarity": 4},               # optional, 1 to 5
     "note": "provisional status omitted"}   # optional

A grader's judge also names its ``model`` and ``prompt_digest`` (its identity is name +
model + prompt digest: a changed prompt is a new grader), and a grader's judgement may be
``"status": "failed"`` with an ``error`` and no labels: a response that was not valid
structured output, recorded and never guessed. CSV columns carry the same fields flat:
``question_id, judge_kind, judge_name, judge_version, judge_model, judge_prompt_digest,
rubric_version, answer_digest``, one column per rubric question and quality dimension,
``note``, ``status``, ``error``. A CSV file is read as spreadsheets save it
(:mod:`gate.inputs.judgement_sheet`): the separator (``,``, ``;`` or tab) read from its header
line, a byte order mark and CRLF accepted, labels read without regard to case and spaces
around them. A row is judged once it holds a yes or no label, a quality score or the status
``failed``; any other row (a reader's name alone, the sheet's not_applicable where a question
does not apply) is not judged yet: skipped, and counted in a notice. A judged row with an
empty label cell is an error naming its empty cells. The review sheet's ``review.jsonl`` or
``review.html`` passed as judgements is one problem that says what the file is.

Every bad judgement is a problem naming file, line and field, all at once: an unknown
question id, a label outside yes/no/not_applicable, a rubric question the rubric does not
have, a rubric question left without a label, another rubric version, a digest that does
not match the answer in the run (the answer changed since it was judged), a quality score
outside 1 to 5. Nothing is dropped silently.
"""

from __future__ import annotations

import csv
import difflib
import hashlib
import io
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeGuard

from gate.core.errors import InputError, ProblemCollector
from gate.core.jsonlines import RejectedLine, read_jsonl
from gate.core.limits import read_bounded
from gate.core.schemas import describe
from gate.inputs import judgement_sheet as sheet
from gate.inputs.claims import Claim, check_claims, claim_record, no_unsupported_label
from gate.inputs.rubric import DIMENSION_IDS, LABELS, NOT_APPLICABLE, QUESTION_IDS, SCORE_RANGE, Rubric
from gate.inputs.yaml_input import utf8_text
from gate.model.inputs import Answer, Run

PERSON, GRADER = "person", "grader"
OK, FAILED = "ok", "failed"
JUDGE_FIELDS = ("kind", "name", "version", "model", "prompt_digest")
TOP_FIELDS = ("question_id", "judge", "rubric_version", "answer_digest", "labels", "quality", "note", "status", "error", "claims")
CSV_FIXED = ("question_id", "judge_kind", "judge_name", "judge_version", "judge_model", "judge_prompt_digest",
             "rubric_version", "answer_digest")
CSV_TAIL = ("note", "status", "error")
_DIGEST = re.compile(r"^sha256:[0-9a-f]{64}$")


@dataclass(frozen=True)
class Judge:
    """Who judged.

    Attributes:
        kind: ``person`` or ``grader``.
        name: the reader's name, or the grader's.
        version: optional version of the judge (a grader's software).
        model: a grader's model ("" for a person).
        prompt_digest: a grader's prompt digest ("" for a person).
    """

    kind: str
    name: str
    version: str | None = None
    model: str = ""
    prompt_digest: str = ""

    @property
    def identity(self) -> tuple[str, str, str, str]:
        """What makes two judges the same: kind, name, model, prompt digest."""
        return (self.kind, self.name, self.model, self.prompt_digest)

    @property
    def label(self) -> str:
        """How the report names the judge: ``Amina`` or ``grader-x (model m, prompt sha256:1234abcd)``."""
        if self.kind == PERSON:
            return self.name
        return f"{self.name} (model {self.model}, prompt {self.prompt_digest[:15]})"


@dataclass(frozen=True)
class Judgement:
    """One judge's labels for one answer.

    Attributes:
        question_id: the answer judged.
        judge: who judged.
        rubric_version: the rubric it was made under.
        answer_digest: :func:`answer_digest` of the answer text judged.
        labels: rubric question id -> ``yes``, ``no`` or ``not_applicable`` (empty for a
            failed grader judgement).
        quality: quality dimension id -> score 1 to 5.
        note: the judge's note, "" when none.
        status: ``ok``, or ``failed`` (a grader's response that was not valid output).
        error: why it failed, "" otherwise.
        source: ``file:line`` it was read from.
        claims: the answer's claims as the judge labelled them (:mod:`gate.inputs.claims`),
            in order; None where the rubric asks for none.
    """

    question_id: str
    judge: Judge
    rubric_version: str
    answer_digest: str
    labels: Mapping[str, str] = field(default_factory=dict)
    quality: Mapping[str, int] = field(default_factory=dict)
    note: str = ""
    status: str = OK
    error: str = ""
    source: str = ""
    claims: tuple[Claim, ...] | None = None


@dataclass(frozen=True)
class JudgementSet:
    """Every judgement read, in file then line order, and the notices met."""

    judgements: tuple[Judgement, ...]
    files: tuple[str, ...]
    notices: tuple[str, ...] = ()


def answer_digest(text: str | None) -> str:
    """``sha256:<hex>`` of an answer's text as logged (UTF-8; a missing text is "")."""
    return "sha256:" + hashlib.sha256((text or "").encode("utf-8")).hexdigest()


def load_judgements(paths: Iterable[str | Path], rubric: Rubric, run: Run | None,
                    problems: ProblemCollector | None = None) -> JudgementSet:
    """Read judgement files and check every judgement against the rubric and the run.

    Args:
        paths: JSON lines or CSV files (``.csv``).
        rubric: the rubric the judgements must be made under.
        run: the run whose answers they judge; None for calibration examples, judged on
            answers of other runs (then the question id and digest are only checked for
            form, not against a run).
        problems: a shared collector; when given, problems are added to it and nothing
            is raised here.

    Returns:
        Every judgement that passed the checks (all of them when no problem was found).

    Raises:
        InputError: when ``problems`` is None and any judgement is bad: every problem,
            each with file, line and field.
    """
    own = ProblemCollector()
    answers = {a.question_id: a for a in run.answers} if run is not None else None
    out: list[Judgement] = []
    notices: list[str] = []
    files = []
    for path in paths:
        display = str(path)
        files.append(display)
        rows = _csv_rows(Path(path), display, rubric, own, notices) if str(path).lower().endswith(".csv") else _jsonl_rows(Path(path), display, own)
        before, found = own.total, len(out)
        for line, value in rows:
            judgement = _check(value, display, line, rubric, answers, own)
            if judgement is not None:
                out.append(judgement)
        if len(out) == found and own.total == before:
            notices.append(f"{display}: no judgement in this file (it is empty or holds only rows not judged yet); "
                           "nothing from it was counted")
    if problems is not None:
        problems.extend(own)
    else:
        own.raise_if_any()
    return JudgementSet(tuple(out), tuple(files), tuple(notices))


def judgement_record(j: Judgement) -> dict[str, Any]:
    """A judgement as one line of the judgements file (the form :func:`load_judgements`
    reads, and the form a baseline stores its judgements in); pure. A person's judge has no
    ``model`` or ``prompt_digest``; a failed judgement has ``status`` and ``error`` and no
    labels."""
    judge: dict[str, Any] = {"kind": j.judge.kind, "name": j.judge.name, "version": j.judge.version}
    if j.judge.kind == GRADER:
        judge.update(model=j.judge.model, prompt_digest=j.judge.prompt_digest)
    out: dict[str, Any] = {"question_id": j.question_id, "judge": judge, "rubric_version": j.rubric_version,
                           "answer_digest": j.answer_digest}
    if j.status == FAILED:
        out.update(status=FAILED, error=j.error)
        return out
    out["labels"] = dict(j.labels)
    if j.quality:
        out["quality"] = dict(j.quality)
    if j.note:
        out["note"] = j.note
    if j.claims is not None:
        out["claims"] = [claim_record(c) for c in j.claims]
    return out


def judgements_from_records(records: Iterable[Mapping[str, Any]], display: str, rubric: Rubric, run: Run | None,
                            where: str = "judgements.items") -> tuple[Judgement, ...]:
    """Judgements stored as records (a baseline's, see :func:`judgement_record`), checked as
    strictly as a judgements file's lines against the rubric and, when given, the run whose
    answers they judged (the digest must match the stored log's answer).

    Args:
        records: the stored records, in order.
        display: the file they are stored in, for the problems.
        rubric: the rubric they must be made under.
        run: the run they judged, or None (then id and digest are checked for form only).
        where: the field path of the records in the file; a problem names
            ``<where>[i].<field>``.

    Raises:
        InputError: every bad record, each naming the file and ``<where>[i]``.
    """
    own = ProblemCollector()
    answers = {a.question_id: a for a in run.answers} if run is not None else None
    out = []
    for i, value in enumerate(records):
        inner = ProblemCollector()
        judgement = _check(value, display, 0, rubric, answers, inner)
        for p in inner.problems:
            own.add(p.file, None, f"{where}[{i}]" + (f".{p.field}" if p.field else ""), p.message)
        if judgement is not None:
            out.append(replace(judgement, source=f"{display}:{where}[{i}]"))
    own.raise_if_any()
    return tuple(out)


def _jsonl_rows(path: Path, display: str, problems: ProblemCollector) -> Iterator[tuple[int, dict[str, Any]]]:
    kind = _review_file(path)
    if kind is not None:
        problems.add(display, None, None, sheet.review_file_message(kind))
        return
    first = True
    for line, value in read_jsonl(path, display, problems, kind="judgements", rejected=True):
        if first and sheet.review_item(value):  # the review sheet's review.jsonl: one problem, not one a field
            problems.add(display, None, None, sheet.review_file_message("review.jsonl"))
            return
        first = False
        if not isinstance(value, dict):
            problems.add(display, line, None, f"expected a JSON object (one judgement), found {describe(value)}")
            continue
        yield line, value


def _csv_rows(path: Path, display: str, rubric: Rubric, problems: ProblemCollector, notices: list[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        text = utf8_text(read_bounded(path, "judgements", display), display)
    except InputError as exc:  # past its size limit
        problems.absorb(exc)
        return
    except FileNotFoundError:
        problems.add(display, None, None, "file not found")
        return
    except OSError as exc:
        problems.add(display, None, None, f"cannot be read as UTF-8 text: {exc}")
        return
    if rubric.claims:
        problems.add(display, None, "claims", f"the CSV sheet carries no claims, and the rubric ({rubric.path}, version {rubric.version}) "
                                              "asks for them: judge claim by claim on the review page (review.html) or in JSON lines")
        return
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=sheet.separator(text))
    header = reader.fieldnames or []
    known = set(CSV_FIXED) | set(CSV_TAIL) | set(QUESTION_IDS) | set(DIMENSION_IDS)
    unseparated = sheet.unseparated(header, known | set(_SHEET_COLUMNS))
    if unseparated:
        problems.add(display, 1, None, unseparated)
        return
    extra = [h for h in header if h not in known and h not in _SHEET_COLUMNS]
    for name in extra:
        close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        problems.add(display, 1, name, f"unknown column {name!r}{hint}")
    misspelt = _misspelt(dict.fromkeys(header), sorted(known))
    for name in ("question_id",):
        if name not in header and name not in misspelt:
            problems.add(display, 1, name, "missing required column")
    if extra or "question_id" not in header:
        return
    skipped: list[str] = []
    named = 0
    for row in reader:
        line = reader.line_num
        if None in row:
            problems.add(display, line, None, f"expected {len(header)} columns, found more")
            continue
        labels = {q: sheet.read_label(row.get(q)) for q in QUESTION_IDS if q in header}
        quality = {d: (row.get(d) or "").strip() for d in DIMENSION_IDS if d in header}
        judge = {k: (row.get(f"judge_{k}") or "").strip() for k in JUDGE_FIELDS if f"judge_{k}" in header}
        status = (row.get("status") or "").strip()
        qid = (row.get("question_id") or "").strip()
        if not sheet.row_judged(labels, quality, status):
            skipped.append(qid or f"line {line}")
            named += bool(judge.get("name"))
            continue
        empty = sheet.empty_cells(labels, rubric.question_ids) if status != FAILED else []
        if empty:
            problems.add(display, line, ", ".join(empty),
                         f"{qid or 'this row'} is judged in part: {len(empty)} empty cell(s) among its rubric questions; "
                         f"give each {sheet.ACCEPTED}, or empty the row's labels and scores to leave it unjudged")
        for q, label in labels.items():
            if sheet.unknown_label(label):
                problems.add(display, line, q, f"expected {sheet.ACCEPTED}, found {describe(label)}")
        value: dict[str, Any] = {
            "question_id": qid,
            "judge": {k: (v or None) if k == "version" else v for k, v in judge.items()},
            "rubric_version": (row.get("rubric_version") or "").strip(),
            "answer_digest": (row.get("answer_digest") or "").strip(),
            "labels": {q: v for q, v in labels.items() if (v or q in rubric.question_ids) and not sheet.unknown_label(v) and q not in empty},
            "quality": {d: _int_or_text(v) for d, v in quality.items() if v},
            "note": row.get("note") or "",
        }
        if status:
            value["status"] = status
        if (row.get("error") or "").strip():
            value["error"] = row["error"].strip()
        if empty or any(sheet.unknown_label(v) for v in labels.values()):
            value = RejectedLine(value, tuple(f"labels.{q}" for q in labels if q in empty or sheet.unknown_label(labels[q])))
        yield line, value
    if skipped:
        notices.append(sheet.not_judged_notice(display, skipped, named))


def _review_file(path: Path) -> str | None:
    """``review.html`` when the file is the review page (read from its first bytes), else None."""
    try:
        with open(path, "rb") as handle:
            return sheet.review_file_kind(handle.read(256))
    except OSError:  # said when the file is read
        return None


#: Columns of the review sheet (gate/sample.py) that a judgements CSV may keep and the gate ignores.
_SHEET_COLUMNS = ("language", "question", "answer", "declined", "retrieved_ids", "retrieved_values", "cited_ids",
                  "series_metadata", "expected_caveats", "caveat_applies")


def _int_or_text(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        return text


def _text(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and bool(value.strip())


def _misspelt(value: Mapping[str, Any], known: Sequence[str]) -> set[str]:
    """The known fields a value lacks but holds a misspelling of (``answer_digset``), whose
    unknown-field message already asks "did you mean"."""
    return {close[0] for key in value if key not in known
            for close in [difflib.get_close_matches(str(key), known, n=1, cutoff=0.6)] if close and close[0] not in value}


def _check(value: Mapping[str, Any], display: str, line: int, rubric: Rubric,
           answers: Mapping[str, Answer] | None, problems: ProblemCollector) -> Judgement | None:
    before = problems.total
    misspelt = _misspelt(value, TOP_FIELDS)
    rejected = value if isinstance(value, RejectedLine) else RejectedLine({}, ())  # bad values already said

    def bad(fld: str | None, message: str) -> None:
        if fld not in misspelt and not rejected.said(fld):  # misspelt: its "did you mean" says it
            problems.add(display, line, fld, message)

    for key in value:
        if key not in TOP_FIELDS:
            close = difflib.get_close_matches(str(key), TOP_FIELDS, n=1, cutoff=0.6)
            bad(str(key), f"unknown field {key!r}" + (f"; did you mean {close[0]!r}?" if close else f"; expected one of {', '.join(TOP_FIELDS)}"))
    qid = value.get("question_id")
    answer = None
    if not _text(qid):
        bad("question_id", f"expected the id of an answer in the run, found {describe(qid) if qid is not None else 'nothing'}")
    elif answers is not None:
        answer = answers.get(qid)
        if answer is None:
            close = difflib.get_close_matches(qid, sorted(answers), n=1, cutoff=0.6)
            bad("question_id", f"unknown question id {qid!r}: the run has no answer for it" + (f"; did you mean {close[0]!r}?" if close else ""))
    judge = _judge(value.get("judge"), bad)
    version = value.get("rubric_version")
    if not isinstance(version, (str, int)) or isinstance(version, bool) or str(version) == "":
        bad("rubric_version", f"expected the rubric version {rubric.version!r}, found {describe(version) if version is not None else 'nothing'}")
    elif str(version) != rubric.version:
        bad("rubric_version", f"expected rubric version {rubric.version!r} ({rubric.path}), found {str(version)!r}: "
                              "judgements made under another rubric are not mixed in")
    digest = value.get("answer_digest")
    if not _text(digest):
        bad("answer_digest", "expected the digest of the answer judged (sha256:...), found nothing")
    elif answers is None and not _DIGEST.match(digest):
        bad("answer_digest", f"expected sha256: and 64 hex digits, found {describe(digest)}")
    elif answer is not None and digest != answer_digest(answer.answer):
        bad("answer_digest", f"expected {answer_digest(answer.answer)} (the answer in the run), found {digest}: "
                             "the answer changed since it was judged")
    status = value.get("status", OK)
    if status not in (OK, FAILED):
        bad("status", f"expected \"ok\" or \"failed\", found {describe(status)}")
    labels = value.get("labels", {})
    if not isinstance(labels, dict):
        bad("labels", f"expected an object of rubric question -> label, found {describe(labels)}")
        labels = {}
    if status == FAILED:
        if labels or value.get("claims"):
            bad("labels", "expected no labels on a failed judgement, found some")
        if not _text(value.get("error")):
            bad("error", "expected why the judgement failed, found nothing")
    claims = _claims(value, rubric, answer, answers is None, status, bad)
    labels = _labels_with_claims(labels, claims, rubric, "claims" in value, bad)
    if status != FAILED:
        _check_labels(labels, rubric, bad)
    quality = value.get("quality", {})
    if not isinstance(quality, dict):
        bad("quality", f"expected an object of quality dimension -> score, found {describe(quality)}")
        quality = {}
    for dim, score in quality.items():
        if dim not in rubric.dimension_ids:
            known = rubric.dimension_ids or ("(none: the rubric has no quality section)",)
            close = difflib.get_close_matches(str(dim), rubric.dimension_ids, n=1, cutoff=0.6)
            bad(f"quality.{dim}", f"unknown quality dimension {dim!r}" + (f"; did you mean {close[0]!r}?" if close else f"; expected one of {', '.join(known)}"))
        elif isinstance(score, bool) or not isinstance(score, int) or not SCORE_RANGE[0] <= score <= SCORE_RANGE[1]:
            bad(f"quality.{dim}", f"expected a whole number from {SCORE_RANGE[0]} to {SCORE_RANGE[1]}, found {describe(score)}")
    note = value.get("note", "")
    if note is not None and not isinstance(note, str):
        bad("note", f"expected text, found {describe(note)}")
    if problems.total > before or rejected.bad or judge is None or not (_text(qid) and _text(digest)):
        return None
    return Judgement(qid, judge, str(version), digest, dict(labels), dict(quality), note or "",
                     status, str(value.get("error") or ""), f"{display}:{line}", claims)


def _labels_with_claims(labels: dict[str, Any], claims: tuple[Claim, ...] | None, rubric: Rubric, given_claims: bool,
                        bad: Callable[[str, str], None]) -> dict[str, Any]:
    """The labels with ``no_unsupported_claim`` as the claims say it; a label given that
    disagrees is a problem. Claims given but at fault: the label is not asked for (said there)."""
    if claims is None:
        if rubric.claims and given_claims and "no_unsupported_claim" not in labels:
            return {**labels, "no_unsupported_claim": NOT_APPLICABLE}
        return labels
    if "no_unsupported_claim" not in rubric.question_ids:
        return labels
    derived = no_unsupported_label(claims)
    given = labels.get("no_unsupported_claim")
    if given == NOT_APPLICABLE:  # where the rubric says it does not apply: the label stands
        return labels
    if given is not None and given != derived:
        bad("labels.no_unsupported_claim", f"expected {derived!r}, as the claims say (no_unsupported_claim follows from them: "
                                          f"{'none' if derived == 'yes' else 'one or more'} unsupported or contradicted), found {describe(given)}; "
                                          "leave the label out or make the two agree")
    return {**labels, "no_unsupported_claim": derived} if isinstance(given, str) or given is None else labels


def _claims(value: Mapping[str, Any], rubric: Rubric, answer: Answer | None, unknown_run: bool, status: Any,
            bad: Callable[[str, str], None]) -> tuple[Claim, ...] | None:
    """The judgement's claims, checked against the answer judged; None where none are asked for."""
    if status == FAILED:
        return None
    if not rubric.claims:
        if "claims" in value:
            bad("claims", f"the rubric ({rubric.path}, version {rubric.version}) does not ask for claims: "
                          "give them under a rubric with claims: true (a new version)")
        return None
    if "claims" not in value:
        bad("claims", "missing: the rubric asks for the answer's claims (claims: true); give [] for an answer that makes none")
        return None
    if answer is None and not unknown_run:
        return None  # the question id is already at fault
    return check_claims(value["claims"], answer, bad)


def _check_labels(labels: Mapping[str, Any], rubric: Rubric, bad: Callable[[str, str], None]) -> None:
    for qid, label in labels.items():
        if qid not in rubric.question_ids:
            if qid in QUESTION_IDS:
                bad(f"labels.{qid}", f"rubric question {qid!r} is not in the rubric ({rubric.path}, version {rubric.version}); "
                                     f"it has {', '.join(rubric.question_ids)}")
            else:
                close = difflib.get_close_matches(str(qid), rubric.question_ids, n=1, cutoff=0.6)
                bad(f"labels.{qid}", f"unknown rubric question {qid!r}" + (f"; did you mean {close[0]!r}?" if close else f"; expected one of {', '.join(rubric.question_ids)}"))
        elif label not in LABELS:
            hint = " (YAML and some tools turn yes/no into true/false: write the word)" if isinstance(label, bool) else ""
            bad(f"labels.{qid}", f"expected one of yes, no, not_applicable, found {describe(label) if label != '' else 'an empty label'}{hint}")
    for qid in rubric.question_ids:
        if qid not in labels:
            bad(f"labels.{qid}", "missing label: every rubric question gets yes, no or not_applicable")


def _judge(value: Any, report: Callable[[str, str], None]) -> Judge | None:
    if not isinstance(value, dict):
        report("judge", f"expected who judged ({{\"kind\": \"person\" or \"grader\", \"name\": ...}}), found {describe(value) if value is not None else 'nothing'}")
        return None
    ok = True
    misspelt = {f"judge.{name}" for name in _misspelt(value, JUDGE_FIELDS)}

    def bad(fld: str, message: str) -> None:
        if fld not in misspelt:  # a missing field written misspelt: its "did you mean" says it
            report(fld, message)

    for key in value:
        if key not in JUDGE_FIELDS:
            close = difflib.get_close_matches(str(key), JUDGE_FIELDS, n=1, cutoff=0.6)
            bad(f"judge.{key}", f"unknown field {key!r}" + (f"; did you mean {close[0]!r}?" if close else f"; expected one of {', '.join(JUDGE_FIELDS)}"))
            ok = False
    kind, name = value.get("kind"), value.get("name")
    if kind not in (PERSON, GRADER):
        bad("judge.kind", f"expected \"person\" or \"grader\", found {describe(kind) if kind is not None else 'nothing'}")
        ok = False
    if not _text(name):
        bad("judge.name", f"expected who judged, found {describe(name) if name is not None else 'nothing'}")
        ok = False
    version = value.get("version")
    if version is not None and not isinstance(version, str):
        bad("judge.version", f"expected text or null, found {describe(version)}")
        ok = False
    model, prompt = value.get("model") or "", value.get("prompt_digest") or ""
    if kind == GRADER:
        if not _text(model):
            bad("judge.model", "expected the grader's model: a grader is name + model + prompt digest")
            ok = False
        if not _text(prompt):
            bad("judge.prompt_digest", "expected the grader's prompt digest: a grader is name + model + prompt digest")
            ok = False
    if not ok:
        return None
    return Judge(str(kind), str(name).strip(), version, str(model), str(prompt))
