"""Storing baselines: save, read, list and verify them, with the gzipped log and the digests.

Under ``baselines/`` (configurable) each assistant version has two files:

``assistant-<version>.json``
    the scores per slice with n, each question's outcome per measure, the set version, the
    scorer's version, the matching settings and their digest, and the name and SHA-256 of
    the log. Counts are integers; no rate is stored. Checked on load against
    ``gate/schemas/baseline.schema.json`` and against the log it names.
``assistant-<version>.run-<12 hex>.jsonl.gz``
    the run log itself, gzipped (``mtime`` 0, so the same log gives the same bytes), named
    by the digest of its content.

Saving writes the log first and the JSON last, each atomically (temporary file, then
rename): the JSON is the commit point. A crash before it leaves the old JSON pointing at
the old log, which is only removed after the new JSON is in place, so the old baseline
stays whole; at worst a stray ``.jsonl.gz`` is left, and the next save removes it.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import tempfile
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from packaging.version import Version

from gate import __version__
from gate.baseline.versions import JSON_NAME, VERSION_HINT, json_name, parse_version
from gate.core.errors import InputError, Problem, ProblemCollector, json_error_text, key_path
from gate.core.files import atomic_write_bytes, atomic_write_text, output_problem
from gate.core.limits import gunzip_bounded, read_bounded
from gate.core.schemas import compiled_check, schema, schema_problems
from gate.engine.batch import Scored, load_inputs, score
from gate.figures.model import MatchSettings
from gate.inputs.run_log import load_run
from gate.model.inputs import Joined, QuestionSet, Run
from gate.model.measures import MEASURES
from gate.model.outcomes import Count, Outcome
from gate.model.scores import Score, aggregate
from gate.rules.thresholds import Thresholds

if TYPE_CHECKING:  # judgements and a rubric only for a judged run, imported then
    from jsonschema import Draft202012Validator

    from gate.inputs.judgements import Judgement
    from gate.inputs.rubric import Rubric

#: Format version of the baseline JSON.
FORMAT = 1
#: Where baselines are kept unless ``--baselines DIR`` says otherwise (relative to the working directory).
DEFAULT_DIR = "baselines"

#: The families that come from readers' and graders' judgements.
JUDGED_FAMILIES = ("rubric", "quality")
#: The measures every baseline stores and compares: every family but the judged ones.
STORED_MEASURES = tuple(m for m in MEASURES if m.family not in JUDGED_FAMILIES)
#: The measures a baseline stores only when saved with judgements (``baseline save
#: --judgements``), beside the judgements themselves; compared when this run is judged too.
JUDGED_MEASURES = tuple(m for m in MEASURES if m.family in JUDGED_FAMILIES)
#: What the save says when no judgement is given.
NO_JUDGEMENTS = ("no judgements given: the baseline stores no judgement and no rubric or quality measure "
                 "(pass --judgements to store them)")


def settings_dict(settings: MatchSettings) -> dict[str, Any]:
    """The matching settings as plain JSON data, ``derived`` sorted (its order has no meaning)."""
    return {"rounding": settings.rounding, "percent_fraction": settings.percent_fraction, "derived": sorted(settings.derived)}


def settings_digest(settings: MatchSettings) -> str:
    """``sha256:<hex>`` of the matching settings in canonical JSON (sorted keys, no spaces).

    Two settings with the same digest match figures the same way; a baseline saved under
    another digest is re-scored, and the report says which setting differs.
    """
    text = json.dumps(settings_dict(settings), sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class StoredJudgements:
    """The judgements a baseline was saved with.

    Attributes:
        rubric_path: the rubric file as given when saved.
        rubric_version: the rubric version they were made under.
        files: the judgement files read when saved.
        records: every judgement, as a line of a judgements file
            (:func:`gate.inputs.judgements.judgement_record`), in the order read; checked against
            today's rubric and the stored log when used (:func:`gate.inputs.judgements.judgements_from_records`).
    """

    rubric_path: str
    rubric_version: str
    files: tuple[str, ...]
    records: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class Baseline:
    """One stored baseline, as read from ``assistant-<version>.json``.

    Attributes:
        path: the JSON file, as displayed.
        assistant_version: as the run log wrote it.
        logged_set_version: the set version the run was logged against, or None.
        set_version: the set version it was scored against when saved, or None.
        question_set_path: the set file as given when saved.
        run_path: the run log as given when saved.
        answers: how many answers the log holds.
        scorer_version: the answer-gate version that saved it.
        matching: the matching settings it was scored with.
        matching_digest: their digest as stored (see :func:`settings_digest`).
        log_path: the gzipped log beside the JSON, as displayed.
        log_name: the log's original file name.
        log_sha256: hex digest of the uncompressed log.
        log_bytes: size of the uncompressed log.
        scores: every slice x measure, exact counts.
        outcomes: one per question of the set it was scored against, set order (no
            findings are stored); ``answered`` tells which the log answered.
        answered: ids of the questions the log answered.
        judgements: the judgements it was saved with, or None: saved without any, or
            before baselines stored them (then its rubric and quality measures are not
            stored, and never compared).
    """

    path: str
    assistant_version: str
    logged_set_version: str | None
    set_version: str | None
    question_set_path: str
    run_path: str
    answers: int
    scorer_version: str
    matching: MatchSettings
    matching_digest: str
    log_path: str
    log_name: str
    log_sha256: str
    log_bytes: int
    scores: tuple[Score, ...]
    outcomes: tuple[Outcome, ...]
    answered: frozenset[str] = field(default_factory=frozenset)
    judgements: StoredJudgements | None = None

    @property
    def version(self) -> Version:
        """The assistant version, ordered as a version."""
        return Version(self.assistant_version)

    def stores(self, measure: str) -> bool:
        """Whether the baseline stores a measure (one added since it was saved is not stored)."""
        return any(s.measure == measure for s in self.scores)

    def score(self, slice_name: str, measure: str) -> Count:
        """The stored count of a slice and measure (an empty count when it is not stored)."""
        for s in self.scores:
            if s.slice == slice_name and s.measure == measure:
                return s.count
        return Count()


def baseline_document(
    run: Run,
    question_set: QuestionSet,
    joined: Joined,
    outcomes: Sequence[Outcome],
    scores: Sequence[Score],
    settings: MatchSettings,
    log: bytes,
    log_file: str,
    judgements: StoredJudgements | None = None,
) -> dict[str, Any]:
    """The baseline JSON of a scored run, as plain data; pure.

    Args:
        run, question_set, joined: the loaded inputs (``joined.pairs`` aligned with
            ``outcomes``).
        outcomes: one per question, as :func:`gate.scoring.answer.score_run` returns them.
        scores: as :func:`gate.model.scores.aggregate` returns them.
        settings: the matching settings the run was scored with.
        log: the run log's bytes, as read.
        log_file: the name of the gzipped log beside the JSON.
        judgements: the judgements the outcomes were scored with, or None. With them the
            rubric and quality measures (:data:`JUDGED_MEASURES`) are stored too, and the
            judgements under ``judgements``; without them neither is (the key is absent,
            as in a baseline saved before they were stored).

    Returns:
        The document described by ``gate/schemas/baseline.schema.json``; integers only.
    """
    stored = STORED_MEASURES + (JUDGED_MEASURES if judgements is not None else ())
    names = {m.name for m in stored}
    document = {
        "format": FORMAT,
        "assistant_version": run.assistant_version,
        "run": {"path": run.path, "set_version": run.set_version, "answers": len(run.answers)},
        "question_set": {"path": question_set.path, "version": question_set.version, "questions": len(question_set.questions)},
        "scorer": {"name": "answer-gate", "version": __version__},
        "matching": settings_dict(settings),
        "matching_digest": settings_digest(settings),
        "log": {"file": log_file, "name": Path(run.path).name, "sha256": hashlib.sha256(log).hexdigest(), "bytes": len(log)},
        "scores": [
            {"slice": s.slice, "measure": s.measure, "numerator": s.count.numerator, "denominator": s.count.denominator}
            for s in scores if s.measure in names
        ],
        "outcomes": [
            {
                "question_id": o.question_id,
                "language": o.language,
                "answered": answer is not None,
                "measures": {
                    m.name: {"passed": o.passed(m.name), "numerator": o.counts[m.name].numerator, "denominator": o.counts[m.name].denominator}
                    for m in stored
                },
            }
            for (_, answer), o in zip(joined.pairs, outcomes)
        ],
    }
    if judgements is not None:
        document["judgements"] = {"rubric": {"path": judgements.rubric_path, "version": judgements.rubric_version},
                                  "files": list(judgements.files), "items": [dict(r) for r in judgements.records]}
    return document


def _dump(document: Mapping[str, Any]) -> str:
    """The baseline JSON text: sorted keys, two-space indent, and one line per score and per
    question outcome (compact, and a diff shows which question moved)."""
    def one(value: Any) -> str:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(", ", ": "))

    parts = []
    for key in sorted(document):
        value = document[key]
        if key in ("scores", "outcomes"):
            inner = ",\n".join(f"    {one(item)}" for item in value)
            text = f"[\n{inner}\n  ]" if value else "[]"
        elif key == "judgements":  # one line per judgement
            inner = ",\n".join(f"      {one(item)}" for item in value["items"])
            fields = [f"    {json.dumps(k)}: " + ((f"[\n{inner}\n    ]" if inner else "[]") if k == "items" else one(value[k]))
                      for k in sorted(value)]
            text = "{\n" + ",\n".join(fields) + "\n  }"
        else:
            text = json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False).replace("\n", "\n  ")
        parts.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


@dataclass(frozen=True)
class Saved:
    """What :func:`save_baseline` wrote.

    Attributes:
        baseline: the baseline as stored (read back from what was written).
        replaced: whether an earlier baseline of the same version was replaced (``--force``).
        removed: old log files removed after the new JSON was in place.
        notices: warnings met while loading and scoring the run.
    """

    baseline: Baseline
    replaced: bool
    removed: tuple[str, ...]
    notices: tuple[str, ...]
    unchanged: bool = False


def save_baseline(
    run_path: str | Path,
    questions_path: str | Path | None,
    thresholds: str | Path | Thresholds,
    directory: str | Path = DEFAULT_DIR,
    force: bool = False,
    judgements: Sequence[str | Path] = (),
    rubric: str | Path = "rubric.yaml",
) -> Saved:
    """Score a run and store it as the baseline of its assistant version.

    Writes ``assistant-<v>.run-<digest>.jsonl.gz`` first and ``assistant-<v>.json`` last,
    each atomically (:func:`gate.core.files.atomic_write_bytes`): the JSON is the commit point.
    Log files of the same version that the new JSON does not name are removed afterwards.
    The folder is created when missing.

    Args:
        run_path: the run log (JSON lines) with an assistant version in its header or name.
        questions_path: the question set, or None for a log in the merged form.
        thresholds: the thresholds file (its matching settings score the run), or loaded.
        directory: the baselines folder.
        force: replace a baseline already stored for the same version.
        judgements: judgement files of the run's answers (as ``check --judgements``); with
            them the baseline stores the judgements and the rubric and quality measures,
            scored as ``check`` scores them. Without them it stores neither, and a notice
            says so (:data:`NO_JUDGEMENTS`).
        rubric: the rubric the judgements were made under (read only with judgements).

    Saving a version that is stored already is a no-op when the stored log is this very
    log (same SHA-256) and no other judgements are given (none given keeps the stored
    ones): ``unchanged`` is True and a notice says so. From another log, or from this log
    with other judgements, it is refused unless ``force``: the assistant (or its
    judgements) changed without a new version.

    Returns:
        What was written.

    Raises:
        InputError: bad run, set or thresholds; the run names no assistant version or one
            that is not PEP 440; a baseline of that version is stored from another log and
            ``force`` is False; the folder cannot be written. Nothing is written then.
    """
    inputs = load_inputs(run_path, questions_path, thresholds)
    run, joined = inputs.run, inputs.joined
    version = _version_of(run)
    folder = Path(directory)
    log = read_bounded(run_path, "log")
    scored = score(joined.pairs, inputs.thresholds)
    scored, stored_judgements, judged_notices = _judged(run, joined, scored, inputs.thresholds, judgements, rubric)
    target, replaced = _target(folder, version, run, force)
    if replaced and not force:
        return _unchanged(target, run, joined, log, stored_judgements)
    stem = target.name[: -len(".json")]
    log_file = f"{stem}.run-{hashlib.sha256(log).hexdigest()[:12]}.jsonl.gz"
    document = baseline_document(run, inputs.question_set, joined, scored.outcomes, scored.scores,
                                 inputs.thresholds.matching, log, log_file, stored_judgements)
    _refuse_links(folder, (folder / log_file, target))
    _write(folder, log_file, log, target, document)
    removed = _remove_stale_logs(folder, stem, log_file)
    notices = tuple(run.notices) + tuple(joined.notices) + tuple(scored.notices) + judged_notices
    if any(a.attempt is not None for a in run.answers):
        notices += ("the run has repeated answers (attempt): the baseline stores the last line of each question as its outcomes "
                    "and scores (shown in the trend); comparisons with it re-score every attempt of its stored log",)
    return Saved(read_baseline(target), replaced, removed, notices)


def _judged(run: Run, joined: Joined, scored: Scored, thresholds: Thresholds, paths: Sequence[str | Path],
            rubric_path: str | Path) -> tuple[Scored, StoredJudgements | None, tuple[str, ...]]:
    """The run's outcomes with the rubric and quality measures scored from its judgements
    (as ``check`` scores them), the judgements to store, and the notices; without judgement
    files the outcomes as they are, nothing to store, and the notice that says so.

    Raises:
        InputError: a bad rubric or judgement, every problem at once.
    """
    if not paths:
        return scored, None, (NO_JUDGEMENTS,)
    from gate.inputs.judgements import judgement_record, load_judgements
    from gate.inputs.rubric import load_rubric
    from gate.judged.review import score_rubric_run

    rubric = load_rubric(rubric_path)
    judged = load_judgements(paths, rubric, run)
    outcomes, summary = score_rubric_run(joined.pairs, scored.outcomes, judged, rubric, thresholds.min_kappa, thresholds.min_overlap)
    stored = StoredJudgements(str(rubric_path), rubric.version, judged.files, tuple(judgement_record(j) for j in judged.judgements))
    return Scored(outcomes, aggregate(outcomes), scored.notices), stored, tuple(judged.notices) + tuple(summary.notices)


def _version_of(run: Run) -> Version:
    """The run's assistant version, which names its baseline.

    Raises:
        InputError: the run names none, or one that is not PEP 440.
    """
    version = parse_version(run.assistant_version)
    if version is None:
        found = "none" if run.assistant_version is None else repr(run.assistant_version)
        where = ("the header line {\"run\": {...}} (a log from a pipe has no file name to read it from)" if run.path == "-" else
                 "the header line {\"run\": {...}} or the file name answers_run_assistant-<version>_set-<version>.jsonl")
        raise InputError([Problem(run.path, None, "assistant_version", f"expected {VERSION_HINT} in {where}, found {found}")])
    return version


def _target(folder: Path, version: Version, run: Run, force: bool) -> tuple[Path, bool]:
    """The JSON file a version's baseline is saved to, and whether a baseline of the version
    is stored there already (replaced with ``force``, else checked by :func:`_unchanged`).

    Raises:
        InputError: the folder is a file.
    """
    if folder.exists() and not folder.is_dir():
        raise InputError([Problem(str(folder), None, "--baselines", "expected a folder for the baselines, found a file")])
    existing = dict(stored_files(folder)) if folder.is_dir() else {}
    target = existing.get(version, folder / json_name(version))
    return target, version in existing


def _unchanged(target: Path, run: Run, joined: Any, log: bytes, judgements: StoredJudgements | None = None) -> Saved:
    """A version stored already, without ``force``: nothing to do when it was stored from
    this very log (a merge that did not change the assistant) and no other judgements are
    given (none given keeps the stored ones).

    Raises:
        InputError: it was stored from another log: the assistant changed without a new
            version; the message says to bump it or pass ``--force``. Or judgements are
            given that differ from the stored ones: ``--force`` replaces them.
    """
    stored = read_baseline(target)
    digest = hashlib.sha256(log).hexdigest()
    if stored.log_sha256 != digest:
        raise InputError([Problem(str(target), None, None,
                                  f"a baseline for assistant {run.assistant_version} is already stored here from another log "
                                  f"(sha256 {stored.log_sha256[:12]}, this log {digest[:12]}): the assistant changed without a new "
                                  "version. Bump the assistant version in the run log, or pass --force to replace the stored baseline")])
    before = stored.judgements.records if stored.judgements is not None else ()
    if judgements is not None and (stored.judgements is None or list(before) != list(judgements.records)
                                   or stored.judgements.rubric_version != judgements.rubric_version):
        raise InputError([Problem(str(target), None, "--judgements",
                                  f"the baseline of assistant {run.assistant_version} is stored from this very log with "
                                  f"{'no judgements' if stored.judgements is None else f'{len(before)} other judgement(s)'}; "
                                  f"{len(judgements.records)} given now. Pass --force to store these instead")])
    kept = "" if stored.judgements is None else f", its {len(before)} judgement(s) kept"
    notice = (f"the baseline of assistant {run.assistant_version} is already stored from this very log "
              f"(sha256 {digest[:12]}{kept}); nothing was written")
    return Saved(stored, False, (), tuple(run.notices) + tuple(joined.notices) + (notice,), unchanged=True)


def _refuse_links(folder: Path, paths: Sequence[Path]) -> None:
    """That the files a save writes are files of the folder, as every output is checked
    (:func:`gate.core.files.output_problem`): no symbolic link (a baseline is written where it
    says, never through a link), no folder in their place.

    Raises:
        InputError: one of them is no regular file path; nothing is written then.
    """
    if not folder.is_dir():
        return  # created by the save: nothing in it yet
    problems = [Problem(str(path), None, "--baselines", why) for path in paths if (why := output_problem(str(path), {}))]
    if problems:
        raise InputError(problems)


def _write(folder: Path, log_file: str, log: bytes, target: Path, document: Mapping[str, Any]) -> None:
    """Write the gzipped log, then the JSON (the commit point), each atomically.

    Raises:
        InputError: the folder cannot be created or written.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(folder / log_file, gzip.compress(log, compresslevel=9, mtime=0))
        atomic_write_text(target, _dump(document))
    except OSError as exc:
        raise InputError([Problem(str(folder), None, "--baselines", f"expected a writable folder, found: {exc.strerror or exc}")]) from None


def _remove_stale_logs(folder: Path, stem: str, kept: str) -> tuple[str, ...]:
    """Remove the logs of a version that its JSON no longer names; the paths removed."""
    removed = []
    for stale in sorted(folder.iterdir()):
        if stale.name.startswith(f"{stem}.run-") and stale.name.endswith(".jsonl.gz") and stale.name != kept:
            stale.unlink()
            removed.append(str(stale))
    return tuple(removed)


@cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator  # only when a baseline is read

    return Draft202012Validator(schema("baseline"))


def stored_files(folder: Path) -> list[tuple[Version, Path]]:
    """The baseline JSON files of a folder with their versions, ascending.

    Raises:
        InputError: a file named ``assistant-<x>.json`` whose ``<x>`` is not a version, or
            two files of equal versions (``1.2`` and ``1.2.0``).
    """
    problems = ProblemCollector()
    found: dict[Version, Path] = {}
    for path in sorted(folder.iterdir()):
        match = JSON_NAME.match(path.name)
        if not match:
            continue
        if not path.is_file():
            problems.add(str(path), None, None, "expected a baseline file, found a folder, device, pipe or socket of that name")
            continue
        version = parse_version(match["version"])
        if version is None:
            problems.add(str(path), None, None, f"expected a file name assistant-<version>.json with {VERSION_HINT}, found {path.name!r}")
            continue
        if version in found:
            problems.add(str(path), None, None, f"expected one baseline per version, found a second one for {version} beside {found[version]}")
            continue
        found[version] = path
    problems.raise_if_any()
    return sorted(found.items())


def read_baseline(path: str | Path, verify: bool = True) -> Baseline:
    """Read and check one stored baseline.

    Args:
        path: ``assistant-<version>.json``.
        verify: also check that the counts agree with each other (see
            :func:`_check_consistent`) and that the gzipped log it names is there,
            decompresses, and has the stored size and SHA-256. Skipped for the history,
            which reads the stored scores only.

    Returns:
        The baseline.

    Raises:
        InputError: every problem found, each naming the file: unreadable, truncated or
            invalid JSON; schema violations; a version that differs from the file name or
            is not PEP 440; passed values or scores that disagree with the stored counts; a
            missing, truncated or altered log.
    """
    display = str(path)
    file = Path(path)
    data = _load_document(display, file)
    problems = ProblemCollector()
    _check_version(display, file, data, problems)
    outcomes = tuple(Outcome(item["question_id"], item["language"], _stored_counts(item), ()) for item in data["outcomes"])
    scores = tuple(Score(s["slice"], s["measure"], Count(s["numerator"], s["denominator"])) for s in data["scores"])
    matching = MatchSettings(rounding=data["matching"]["rounding"], percent_fraction=data["matching"]["percent_fraction"],
                             derived=tuple(data["matching"]["derived"]))
    if verify:
        _check_consistent(display, data, outcomes, scores, matching, problems)
    problems.raise_if_any()

    log = data["log"]
    log_path = file.parent / log["file"]
    if verify:
        read_log(log_path, log["sha256"], log["bytes"], display)
    return Baseline(
        path=display,
        assistant_version=data["assistant_version"],
        logged_set_version=data["run"]["set_version"],
        set_version=data["question_set"]["version"],
        question_set_path=data["question_set"]["path"],
        run_path=data["run"]["path"],
        answers=data["run"]["answers"],
        scorer_version=data["scorer"]["version"],
        matching=matching,
        matching_digest=data["matching_digest"],
        log_path=str(log_path),
        log_name=log["name"],
        log_sha256=log["sha256"],
        log_bytes=log["bytes"],
        scores=scores,
        outcomes=outcomes,
        answered=frozenset(item["question_id"] for item in data["outcomes"] if item["answered"]),
        judgements=_stored_judgements(data.get("judgements")),
    )


def _stored_judgements(data: Mapping[str, Any] | None) -> StoredJudgements | None:
    """The ``judgements`` of a baseline document, or None when it has none (saved without
    judgements, or before baselines stored them: "not stored", never an error)."""
    if data is None:
        return None
    return StoredJudgements(data["rubric"]["path"], str(data["rubric"]["version"]), tuple(data["files"]), tuple(data["items"]))


def _load_document(display: str, file: Path) -> dict[str, Any]:
    """The baseline JSON as data, checked against ``gate/schemas/baseline.schema.json`` (by the
    compiled schema, :func:`gate.core.schemas.compiled_check`; jsonschema explains a document
    it rejects, so the messages are jsonschema's whichever path).

    Raises:
        InputError: unreadable, truncated or invalid JSON, not an object, or every schema
            violation, each naming the file.
    """
    try:
        text = read_bounded(file, "baseline", display, regular=True).decode("utf-8")
    except FileNotFoundError:
        raise InputError([Problem(display, None, None, "baseline file not found")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError([Problem(display, None, None, f"expected a baseline JSON file, found one that cannot be read: {exc}")]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError([Problem(display, exc.lineno, None,
                                  f"expected a complete baseline (JSON), found invalid JSON ({json_error_text(exc.msg, exc.colno)}); "
                                  "the file may be truncated: restore it from git or save the baseline again with --force")]) from None
    except (ValueError, RecursionError) as exc:  # a number past Python's 4,300 digits; nesting too deep to read
        why = "nested too deep to read" if isinstance(exc, RecursionError) else f"a number that cannot be read ({exc})"
        raise InputError([Problem(display, None, None, f"expected a baseline (JSON), found {why}")]) from None
    if not isinstance(data, dict):
        raise InputError([Problem(display, None, None, f"expected a JSON object, found {type(data).__name__}")])
    fast = compiled_check("baseline")
    if fast is not None and fast(data):  # the compiled schema: jsonschema would find no error
        return data
    problems = ProblemCollector()
    for error in sorted(_validator().iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path]):
        fld, message = schema_problems(error)
        problems.add(display, None, fld, message)
    problems.raise_if_any()
    return data


def _check_version(display: str, file: Path, data: Mapping[str, Any], problems: ProblemCollector) -> None:
    """The stored assistant version is PEP 440 and the one in the file name."""
    version = parse_version(data["assistant_version"])
    match = JSON_NAME.match(file.name)
    if version is None:
        problems.add(display, None, "assistant_version", f"expected {VERSION_HINT}, found {data['assistant_version']!r}")
    elif match and parse_version(match["version"]) != version:
        problems.add(display, None, "assistant_version",
                     f"expected the version in the file name ({match['version']}), found {data['assistant_version']!r}")


def _stored_counts(item: Mapping[str, Any]) -> dict[str, Count]:
    """A stored question outcome's count per measure; a measure the baseline predates is not
    stored and reads as an empty count (the log is re-scored for the comparison anyway)."""
    stored = item["measures"]
    return {m.name: Count(stored[m.name]["numerator"], stored[m.name]["denominator"]) if m.name in stored else Count()
            for m in MEASURES}


def _check_consistent(display: str, data: Mapping[str, Any], outcomes: Sequence[Outcome], scores: Sequence[Score],
                      matching: MatchSettings, problems: ProblemCollector) -> None:
    """What the schema cannot say: each count is at most its denominator, each ``passed``
    agrees with its counts, no question twice, the scores add up from the outcomes, and the
    settings digest is the digest of the settings stored."""
    seen: set[str] = set()
    for i, (item, outcome) in enumerate(zip(data["outcomes"], outcomes)):
        if outcome.question_id in seen:
            problems.add(display, None, key_path(("outcomes", i, "question_id")), f"expected each question once, found {outcome.question_id!r} again")
        seen.add(outcome.question_id)
        for m in MEASURES:
            if m.name not in item["measures"]:
                continue
            count, stored = outcome.counts[m.name], item["measures"][m.name]["passed"]
            if count.numerator > count.denominator:
                problems.add(display, None, key_path(("outcomes", i, "measures", m.name)),
                             f"expected numerator <= denominator, found {count.numerator}/{count.denominator}")
            elif outcome.passed(m.name) != stored:
                problems.add(display, None, key_path(("outcomes", i, "measures", m.name, "passed")), f"expected {json.dumps(outcome.passed(m.name))} as its counts say, found {json.dumps(stored)}")
    if problems.total:
        return
    summed = {(s.slice, s.measure): s.count for s in aggregate(list(outcomes))} if outcomes else {}
    stored_scores = {(s.slice, s.measure): s.count for s in scores}
    for key in sorted(set(summed) | set(stored_scores)):
        a, b = stored_scores.get(key, Count()), summed.get(key, Count())
        if a != b:
            problems.add(display, None, "scores", f"expected the scores to add up from the outcomes; {key[0]} {key[1]} is stored as "
                                                  f"{a.numerator}/{a.denominator}, the outcomes add up to {b.numerator}/{b.denominator}")
    if data["matching_digest"] != settings_digest(matching):
        problems.add(display, None, "matching_digest", f"expected {settings_digest(matching)} (the digest of the matching settings stored), "
                                                       f"found {data['matching_digest']}")


def read_log(path: Path, sha256: str, size: int, owner: str) -> bytes:
    """The uncompressed bytes of a stored log, checked against its size and digest.

    Raises:
        InputError: the log is missing, is not gzip, is truncated, or its content differs
            from what ``owner`` (the baseline JSON) records.
    """
    display = str(path)
    try:
        raw = gunzip_bounded(read_bounded(path, "log", display, regular=True), size, display)
    except FileNotFoundError:
        raise InputError([Problem(display, None, None, f"expected the run log that {owner} names, found no such file")]) from None
    except (OSError, EOFError, zlib.error) as exc:
        raise InputError([Problem(display, None, None, f"expected a gzipped run log, found a corrupt or truncated file ({exc})")]) from None
    digest = hashlib.sha256(raw).hexdigest()
    if len(raw) != size or digest != sha256:
        raise InputError([Problem(display, None, None,
                                  f"expected the log that {owner} records ({size} bytes, sha256 {sha256[:12]}...), "
                                  f"found {len(raw)} bytes, sha256 {digest[:12]}...: the log was altered or replaced")])
    return raw


def load_baseline_run(baseline: Baseline) -> Run:
    """The baseline's stored run log, loaded as a :class:`Run` to be re-scored.

    Problems are reported against the stored ``.jsonl.gz``, not the scratch copy the log
    is read from.

    Raises:
        InputError: the log is missing or altered (see :func:`read_log`), or no longer a
            valid run log for this version of answer-gate.
    """
    raw = read_log(Path(baseline.log_path), baseline.log_sha256, baseline.log_bytes, baseline.path)
    name = Path(baseline.log_name).name or "run.jsonl"
    with tempfile.TemporaryDirectory(prefix="answer-gate-baseline-") as scratch:
        copy = Path(scratch) / name
        copy.write_bytes(raw)
        try:
            run = load_run(copy)
        except InputError as exc:
            problems = [Problem(baseline.log_path if p.file == str(copy) else p.file, p.line, p.field, p.message) for p in exc.problems]
            raise InputError(problems, exc.total) from None
    return replace(run, path=baseline.log_path, notices=())


def stored_examples(directory: str | Path, rubric: Rubric) -> tuple[tuple[Judgement, ...], tuple[str, ...]]:
    """The judgements stored with earlier runs' baselines, as examples to validate graders
    with (chapter 6 of the method: a grader is validated on the answers both it and a
    person judged, in this run or an earlier one); pure but for reading the folder.

    An answer is known by its question id and the digest of its text
    (:func:`gate.judged.review.score_rubric_run` pools them so), so a person's stored judgement
    pairs with a grader's judgement of the same answer text now, and an answer that changed
    since pairs with nothing. Baselines whose judgements were made under another rubric
    version are left out and named.

    Args:
        directory: the baselines folder (a missing one holds none).
        rubric: the rubric this run's judgements were made under.

    Returns:
        The stored judgements (checked for form, as a calibration file's), and notices:
        which baselines gave examples, and which were left out and why.

    Raises:
        InputError: a stored baseline that is corrupt, or a stored judgement that is bad
            under the rubric (naming the file and ``judgements.items[i]``).
    """
    from gate.inputs.judgements import judgements_from_records

    found: list[Judgement] = []
    used, other = [], []
    for b in list_baselines(directory, verify=False):
        if b.judgements is None:
            continue
        if b.judgements.rubric_version != rubric.version:
            other.append(f"{b.assistant_version} (rubric version {b.judgements.rubric_version})")
            continue
        found += judgements_from_records(b.judgements.records, b.path, rubric, None)
        used.append(b.assistant_version)
    notices = []
    if used:
        notices.append(f"graders validated on this run's judgements and on {len(found)} judgement(s) stored with the baseline(s) of "
                       f"assistant {', '.join(used)} (an answer known by its question id and text digest)")
    if other:
        notices.append(f"judgements stored with the baseline(s) of assistant {', '.join(other)} not used to validate graders: "
                       f"this run's rubric is version {rubric.version}")
    return tuple(found), tuple(notices)


def list_baselines(directory: str | Path = DEFAULT_DIR, verify: bool = True) -> list[Baseline]:
    """Every baseline stored in a folder, in version order (oldest first).

    Returns:
        An empty list when the folder does not exist or holds none.

    Raises:
        InputError: a badly named, corrupt or inconsistent baseline (see
            :func:`read_baseline`), every problem at once.
    """
    folder = Path(directory)
    if not folder.is_dir():
        return []
    problems = ProblemCollector()
    found = []
    for _, path in stored_files(folder):
        try:
            found.append(read_baseline(path, verify=verify))
        except InputError as exc:
            for p in exc.problems:
                problems.add(p.file, p.line, p.field, p.message)
    problems.raise_if_any()
    return found


