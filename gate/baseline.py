"""Baselines: the stored scores of earlier assistant versions, and regressions told from noise.

A baseline is what the gate keeps of one assistant version so that the next version can be
compared with it question by question (issue 4). Under ``baselines/`` (configurable) each
version has two files:

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

Comparing (``answer-gate check``): the previous version is the highest stored version
below the run's (PEP 440 order through ``packaging``: 1.9 < 1.10 < 2.0rc1 < 2.0). Its log
is re-scored with today's question set and matching settings, and only the questions
answered in both runs and present in today's set are compared. Per slice and measure the
change is the rate now minus the re-scored baseline rate on those questions, in rate
points; the flips are the questions broken and fixed; a drop beyond ``max_drop`` (a rise
beyond ``max_rise`` for unsupported numbers) fails only when the one-sided exact McNemar
test on the flips gives p < alpha (the drop alone decides when alpha is null), and a cell
whose n is below ``min_n`` shows a direction only.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import tempfile
import zlib
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Context, Decimal
from fractions import Fraction
from functools import lru_cache
from math import comb
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from jsonschema import Draft202012Validator
from packaging.version import InvalidVersion, Version

from gate import __version__
from gate.errors import InputError, Problem, ProblemCollector
from gate.figures.model import MatchSettings
from gate.files import atomic_write_bytes, atomic_write_text
from gate.limits import gunzip_bounded, read_bounded
from gate.measures import MEASURES, Count, Outcome, score_run
from gate.records import Answer, Joined, Question, QuestionSet, Run, join, load_question_set, load_run, schema, schema_problems
from gate.report import display_change, round_half_up
from gate.scores import ALL, Score, aggregate, language_slice, slice_language
from gate.thresholds import REGRESSION_KINDS, Rule, Thresholds, load_thresholds
from gate.verdict import FAIL, PASS, SKIP, WARN, RuleResult

#: Format version of the baseline JSON.
FORMAT = 1
#: Where baselines are kept unless ``--baselines DIR`` says otherwise (relative to the working directory).
DEFAULT_DIR = "baselines"
#: How many question ids a terminal line names before it counts the rest.
SHOWN_IDS = 10

_JSON_NAME = re.compile(r"^assistant-(?P<version>.+)\.json$")
_VERSION_HINT = "a PEP 440 version such as 1.2, 1.10 or 2.0rc1"


# --------------------------------------------------------------------------------------
# Versions, digests and the paired test
# --------------------------------------------------------------------------------------


def parse_version(text: str | None) -> Version | None:
    """A version string as a :class:`packaging.version.Version`, or None when it is not one.

    Versions order as versions, not as text: 1.9 < 1.10 < 2.0rc1 < 2.0 (PEP 440).
    """
    if text is None or len(text) > MAX_VERSION_CHARS:
        return None
    try:
        return Version(text)
    except (InvalidVersion, ValueError):  # ValueError: a release number past 4,300 digits
        return None


#: The longest text read as a version; a longer one is not a version (it is shown cut).
MAX_VERSION_CHARS = 200


def json_name(version: Version) -> str:
    """The file name of a version's baseline JSON: ``assistant-1.2.json`` (normalized version)."""
    return f"assistant-{version}.json"


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


def mcnemar_p(broken: int, fixed: int) -> Fraction:
    """One-sided exact McNemar p-value of a drop, exact.

    Under the null hypothesis (no change between the versions) each discordant question is
    as likely to break as to be fixed, so the number broken among the ``broken + fixed``
    flips is Bin(broken + fixed, 1/2), and the p-value of "worse" is the upper tail
    P(X >= broken) = sum_{k=broken}^{n} C(n, k) / 2**n (McNemar 1947; the exact form is the
    sign test on the discordant pairs, see Fagerland, Lydersen and Laake 2013, BMC Med Res
    Methodol 13:91). Published values: (3, 0) -> 1/8, (5, 1) -> 7/64, (10, 10) -> 0.588...

    Args:
        broken: questions that passed in the baseline and fail now (>= 0).
        fixed: questions that failed in the baseline and pass now (>= 0).

    Returns:
        The p-value as an exact fraction in (0, 1]; 1 when nothing flipped.

    Raises:
        ValueError: a negative count.
    """
    if broken < 0 or fixed < 0:
        raise ValueError(f"flip counts must be >= 0, found broken={broken}, fixed={fixed}")
    n = broken + fixed
    return Fraction(sum(comb(n, k) for k in range(broken, n + 1)), 2**n)


def fraction_text(value: Fraction) -> str:
    """An exact fraction as text: ``1/2``, ``-1/6``, ``0``, ``1``."""
    return str(value)


def display_p(p: Fraction, alpha: Fraction | None = None) -> str:
    """A p-value as people read it, never contradicting the test beside it.

    Three significant digits, rounded half up, trailing zeros dropped (``0.5``, ``0.125``,
    ``0.109``, ``0.588``); more digits when the rounded value would read as on the other side
    of ``alpha`` than the exact one, and the exact fraction when even 12 would.
    """
    if p == 1:
        return "1"
    exact = Context(prec=60).divide(Decimal(p.numerator), Decimal(p.denominator))
    for digits in range(3, 13):
        quantum = Decimal(1).scaleb(exact.adjusted() - digits + 1)
        shown = exact.quantize(quantum, rounding=ROUND_HALF_UP)
        if alpha is None or (Fraction(shown) < alpha) == (p < alpha):
            text = format(shown.normalize(), "f")
            return text
    return fraction_text(p)


def _decimal_text(value: Fraction) -> str:
    """A bound such as alpha as written (``0.05``), six decimals at most."""
    shown = round_half_up(value, 6).normalize()
    return format(shown, "f")


def _ids(ids: Sequence[str]) -> str:
    if not ids:
        return "none"
    shown = ", ".join(ids[:SHOWN_IDS])
    return shown + (f" and {len(ids) - SHOWN_IDS} more" if len(ids) > SHOWN_IDS else "")


# --------------------------------------------------------------------------------------
# The stored baseline
# --------------------------------------------------------------------------------------


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

    @property
    def version(self) -> Version:
        """The assistant version, ordered as a version."""
        return Version(self.assistant_version)

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
) -> dict[str, Any]:
    """The baseline JSON of a scored run, as plain data; pure.

    Args:
        run, question_set, joined: the loaded inputs (``joined.pairs`` aligned with
            ``outcomes``).
        outcomes: one per question, as :func:`gate.measures.score_run` returns them.
        scores: as :func:`gate.scores.aggregate` returns them.
        settings: the matching settings the run was scored with.
        log: the run log's bytes, as read.
        log_file: the name of the gzipped log beside the JSON.

    Returns:
        The document described by ``gate/schemas/baseline.schema.json``; integers only.
    """
    return {
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
            for s in scores
        ],
        "outcomes": [
            {
                "question_id": o.question_id,
                "language": o.language,
                "answered": answer is not None,
                "measures": {
                    m.name: {"passed": o.passed(m.name), "numerator": o.counts[m.name].numerator, "denominator": o.counts[m.name].denominator}
                    for m in MEASURES
                },
            }
            for (_, answer), o in zip(joined.pairs, outcomes)
        ],
    }


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


def save_baseline(
    run_path: str | Path,
    questions_path: str | Path | None,
    thresholds: str | Path | Thresholds,
    directory: str | Path = DEFAULT_DIR,
    force: bool = False,
) -> Saved:
    """Score a run and store it as the baseline of its assistant version.

    Writes ``assistant-<v>.run-<digest>.jsonl.gz`` first and ``assistant-<v>.json`` last,
    each atomically (:func:`gate.files.atomic_write_bytes`): the JSON is the commit point.
    Log files of the same version that the new JSON does not name are removed afterwards.
    The folder is created when missing.

    Args:
        run_path: the run log (JSON lines) with an assistant version in its header or name.
        questions_path: the question set, or None for a log in the merged form.
        thresholds: the thresholds file (its matching settings score the run), or loaded.
        directory: the baselines folder.
        force: replace a baseline already stored for the same version.

    Returns:
        What was written.

    Raises:
        InputError: bad run, set or thresholds; the run names no assistant version or one
            that is not PEP 440; a baseline of that version is stored and ``force`` is
            False; the folder cannot be written. Nothing is written then.
    """
    rules = thresholds if isinstance(thresholds, Thresholds) else load_thresholds(thresholds)
    run = load_run(run_path)
    question_set = load_question_set(questions_path) if questions_path is not None else None
    joined = join(run, question_set)
    used_set = question_set if question_set is not None else run.merged_set
    assert used_set is not None  # join raised otherwise
    version = parse_version(run.assistant_version)
    if version is None:
        found = "none" if run.assistant_version is None else repr(run.assistant_version)
        raise InputError([Problem(run.path, None, "assistant_version",
                                  f"expected {_VERSION_HINT} in the header line {{\"run\": {{...}}}} or the file name "
                                  f"answers_run_assistant-<version>_set-<version>.jsonl, found {found}")])
    folder = Path(directory)
    if folder.exists() and not folder.is_dir():
        raise InputError([Problem(str(folder), None, "--baselines", "expected a folder for the baselines, found a file")])
    existing = {ref_version: path for ref_version, path in _stored_files(folder)} if folder.is_dir() else {}
    target = existing.get(version, folder / json_name(version))
    if version in existing and not force:
        raise InputError([Problem(str(target), None, None,
                                  f"a baseline for assistant {run.assistant_version} is already stored here; "
                                  "pass --force to replace it")])

    outcomes, score_notices = score_run(joined.pairs, rules.matching)
    scores = aggregate(outcomes)
    log = read_bounded(run_path, "log")
    digest = hashlib.sha256(log).hexdigest()
    stem = target.name[: -len(".json")]
    log_file = f"{stem}.run-{digest[:12]}.jsonl.gz"
    document = baseline_document(run, used_set, joined, outcomes, scores, rules.matching, log, log_file)

    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(folder / log_file, gzip.compress(log, compresslevel=9, mtime=0))
        atomic_write_text(target, _dump(document))
    except OSError as exc:
        raise InputError([Problem(str(folder), None, "--baselines", f"expected a writable folder, found: {exc.strerror or exc}")]) from None
    removed = []
    for stale in sorted(folder.iterdir()):
        if stale.name.startswith(f"{stem}.run-") and stale.name.endswith(".jsonl.gz") and stale.name != log_file:
            stale.unlink()
            removed.append(str(stale))
    notices = tuple(run.notices) + tuple(joined.notices) + tuple(score_notices)
    return Saved(read_baseline(target), version in existing, tuple(removed), notices)


@lru_cache(maxsize=None)
def _validator() -> Draft202012Validator:
    return Draft202012Validator(schema("baseline"))


def _stored_files(folder: Path) -> list[tuple[Version, Path]]:
    """The baseline JSON files of a folder with their versions, ascending.

    Raises:
        InputError: a file named ``assistant-<x>.json`` whose ``<x>`` is not a version, or
            two files of equal versions (``1.2`` and ``1.2.0``).
    """
    problems = ProblemCollector()
    found: dict[Version, Path] = {}
    for path in sorted(folder.iterdir()):
        match = _JSON_NAME.match(path.name)
        if not match:
            continue
        if not path.is_file():
            problems.add(str(path), None, None, "expected a baseline file, found a folder, device, pipe or socket of that name")
            continue
        version = parse_version(match["version"])
        if version is None:
            problems.add(str(path), None, None, f"expected a file name assistant-<version>.json with {_VERSION_HINT}, found {path.name!r}")
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
    try:
        text = read_bounded(file, "baseline", display).decode("utf-8")
    except FileNotFoundError:
        raise InputError([Problem(display, None, None, "baseline file not found")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError([Problem(display, None, None, f"expected a baseline JSON file, found one that cannot be read: {exc}")]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError([Problem(display, exc.lineno, None,
                                  f"expected a complete baseline (JSON), found invalid JSON ({exc.msg} at column {exc.colno}); "
                                  "the file may be truncated: restore it from git or save the baseline again with --force")]) from None
    except (ValueError, RecursionError) as exc:  # a number past Python's 4,300 digits; nesting too deep to read
        why = "nested too deep to read" if isinstance(exc, RecursionError) else f"a number that cannot be read ({exc})"
        raise InputError([Problem(display, None, None, f"expected a baseline (JSON), found {why}")]) from None
    problems = ProblemCollector()
    if not isinstance(data, dict):
        problems.add(display, None, None, f"expected a JSON object, found {type(data).__name__}")
        problems.raise_if_any()
    for error in sorted(_validator().iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path]):
        fld, message = schema_problems(error)
        problems.add(display, None, fld, message)
    problems.raise_if_any()

    version = parse_version(data["assistant_version"])
    match = _JSON_NAME.match(file.name)
    if version is None:
        problems.add(display, None, "assistant_version", f"expected {_VERSION_HINT}, found {data['assistant_version']!r}")
    elif match and parse_version(match["version"]) != version:
        problems.add(display, None, "assistant_version", f"expected the version in the file name ({match['version']}), found {data['assistant_version']!r}")

    outcomes = tuple(
        Outcome(item["question_id"], item["language"],
                {m.name: Count(item["measures"][m.name]["numerator"], item["measures"][m.name]["denominator"]) for m in MEASURES}, ())
        for item in data["outcomes"]
    )
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
    )


def _check_consistent(display: str, data: Mapping[str, Any], outcomes: Sequence[Outcome], scores: Sequence[Score],
                      matching: MatchSettings, problems: ProblemCollector) -> None:
    """What the schema cannot say: each count is at most its denominator, each ``passed``
    agrees with its counts, no question twice, the scores add up from the outcomes, and the
    settings digest is the digest of the settings stored."""
    seen: set[str] = set()
    for i, (item, outcome) in enumerate(zip(data["outcomes"], outcomes)):
        if outcome.question_id in seen:
            problems.add(display, None, f"outcomes[{i}].question_id", f"expected each question once, found {outcome.question_id!r} again")
        seen.add(outcome.question_id)
        for m in MEASURES:
            count, stored = outcome.counts[m.name], item["measures"][m.name]["passed"]
            where = f"outcomes[{i}].measures.{m.name}"
            if count.numerator > count.denominator:
                problems.add(display, None, where, f"expected numerator <= denominator, found {count.numerator}/{count.denominator}")
            elif outcome.passed(m.name) != stored:
                problems.add(display, None, f"{where}.passed", f"expected {json.dumps(outcome.passed(m.name))} as its counts say, found {json.dumps(stored)}")
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
        raw = gunzip_bounded(path.read_bytes(), size, display)
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
    for _, path in _stored_files(folder):
        try:
            found.append(read_baseline(path, verify=verify))
        except InputError as exc:
            for p in exc.problems:
                problems.add(p.file, p.line, p.field, p.message)
    problems.raise_if_any()
    return found


def previous_version(versions: Iterable[Version], current: Version) -> Version | None:
    """The highest version strictly below ``current``, or None (a baseline of the same
    version is not the previous one)."""
    below = [v for v in versions if v < current]
    return max(below) if below else None


# --------------------------------------------------------------------------------------
# The comparison
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ComparedCell:
    """One slice x measure compared with the baseline on the common questions.

    Attributes:
        slice, measure: where it stands.
        baseline: the re-scored baseline's count on the common questions of the slice.
        current: this run's count on the same questions.
        broken: questions that did not fail the measure in the baseline and fail it now,
            in the set's order.
        fixed: questions that failed it in the baseline and do not now.
        p_value: one-sided exact McNemar p of ``len(broken)`` against ``len(fixed)``.
        results: the regression rules checked on the cell (``max_drop`` or ``max_rise``),
            none when thresholds.yaml sets none.
    """

    slice: str
    measure: str
    baseline: Count
    current: Count
    broken: tuple[str, ...]
    fixed: tuple[str, ...]
    p_value: Fraction
    results: tuple[RuleResult, ...] = ()

    @property
    def delta(self) -> Fraction | None:
        """The rate now minus the baseline rate, in rate points; None when either is empty."""
        if self.baseline.rate is None or self.current.rate is None:
            return None
        return self.current.rate - self.baseline.rate

    @property
    def status(self) -> str | None:
        """The worst status of the regression rules on the cell, or None when none applies."""
        order = {SKIP: 0, PASS: 1, WARN: 2, FAIL: 3}
        return max((r.status for r in self.results), key=order.__getitem__, default=None)

    @property
    def changed(self) -> bool:
        """Whether anything moved: a flip, or a different rate."""
        return bool(self.broken or self.fixed) or (self.delta is not None and self.delta != 0)


@dataclass(frozen=True)
class Differences:
    """How the baseline and this run differ beyond the answers.

    Attributes:
        baseline_set_version: the set version the baseline was scored against when saved.
        set_version: today's set version.
        added: questions of today's set the baseline's set did not hold.
        dropped: questions of the baseline's set today's set does not hold.
        unanswered_baseline: questions of both sets the baseline log did not answer.
        unanswered_now: questions of both sets the baseline answered and this run did not.
        language_changed: questions whose language in today's set differs from the
            baseline's answer.
        settings: ``(key, baseline value, today's value)`` for each matching setting that
            differs.
        scorer_version: the answer-gate version that saved the baseline.
        rescored_outcomes: how many stored (question, measure) outcomes re-scoring changed,
            on the questions of both sets the baseline answered.
        compared: how many questions were compared.
    """

    baseline_set_version: str | None
    set_version: str | None
    added: tuple[str, ...]
    dropped: tuple[str, ...]
    unanswered_baseline: tuple[str, ...]
    unanswered_now: tuple[str, ...]
    language_changed: tuple[str, ...]
    settings: tuple[tuple[str, str, str], ...]
    scorer_version: str
    rescored_outcomes: int
    compared: int


@dataclass(frozen=True)
class HistoryPoint:
    """The stored scores of one earlier version on the ``all`` slice.

    Attributes:
        assistant_version, set_version: of the baseline.
        scores: measure name -> stored count, in measure order.
    """

    assistant_version: str
    set_version: str | None
    scores: tuple[tuple[str, Count], ...]


@dataclass(frozen=True)
class Comparison:
    """The run compared with its baseline; what the report shows under "Regression".

    Attributes:
        baseline_version: the baseline's assistant version.
        baseline_path: its JSON file.
        differences: what differs beyond the answers.
        cells: every slice x measure compared, ``all`` first, then languages; measures in
            :data:`gate.measures.MEASURES` order.
        history: stored scores of the versions below this run, oldest first (the baseline
            among them when it is below the run).
        alpha: the test's level, or None (the drop alone decides).
        min_n: below this n a cell shows a direction only.
    """

    baseline_version: str
    baseline_path: str
    differences: Differences
    cells: tuple[ComparedCell, ...]
    history: tuple[HistoryPoint, ...]
    alpha: Fraction | None
    min_n: int

    def cell(self, slice_name: str, measure: str) -> ComparedCell:
        """The compared cell of a slice and measure."""
        for c in self.cells:
            if c.slice == slice_name and c.measure == measure:
                return c
        raise KeyError((slice_name, measure))

    def difference_lines(self) -> list[str]:
        """What differs between the baseline and this run, a sentence each (none when the
        set version, the questions, the matching settings and the scorer are the same)."""
        d = self.differences
        lines = []
        if d.baseline_set_version != d.set_version:
            lines.append(f"set version: the baseline was scored against set {d.baseline_set_version or 'unversioned'}, "
                         f"this run against {d.set_version or 'unversioned'}; the baseline log was re-scored against today's set")
        if d.added:
            lines.append(f"{len(d.added)} question(s) added since the baseline, not compared: {_ids(d.added)}")
        if d.dropped:
            lines.append(f"{len(d.dropped)} question(s) dropped since the baseline, not compared: {_ids(d.dropped)}")
        if d.unanswered_baseline:
            lines.append(f"{len(d.unanswered_baseline)} question(s) without an answer in the baseline log, not compared: {_ids(d.unanswered_baseline)}")
        if d.unanswered_now:
            lines.append(f"{len(d.unanswered_now)} question(s) without an answer in this run, not compared (they fail in the scores above): {_ids(d.unanswered_now)}")
        if d.language_changed:
            lines.append(f"{len(d.language_changed)} question(s) whose language changed since the baseline, not compared: {_ids(d.language_changed)}")
        if d.settings:
            changed = "; ".join(f"{key} {old} -> {new}" for key, old, new in d.settings)
            lines.append(f"matching settings changed since the baseline was saved ({changed}); its log was re-scored with today's settings")
        if d.scorer_version != __version__:
            lines.append(f"the baseline was saved by answer-gate {d.scorer_version}; re-scored by {__version__}")
        if d.rescored_outcomes:
            lines.append(f"re-scoring changed {d.rescored_outcomes} of the baseline's stored question outcomes")
        return lines

    def _alpha_text(self) -> str:
        return "null: a drop beyond the limit alone fails" if self.alpha is None else _decimal_text(self.alpha)

    def terminal_lines(self) -> list[str]:
        """A few readable lines for the terminal report.

        The baseline, what differs, then each compared cell that moved (``numeric accuracy
        all: 1.00 -> 0.83 (-0.17), broken a03, fixed none, p=0.5``), marked like the table
        (``✗`` fail, ``!`` warn), then a count of the cells that did not move and how to read
        the numbers.
        """
        d = self.differences
        lines = [f"Regression against assistant {self.baseline_version} ({self.baseline_path}): "
                 f"{d.compared} common question(s), the baseline log re-scored with today's set and matching settings"]
        differs = self.difference_lines()
        if differs:
            lines += [f"  differs: {text}" for text in differs]
        else:
            lines.append(f"  same set version ({d.set_version or 'unversioned'}), same questions, same matching settings")
        label = {m.name: m.label for m in MEASURES}
        quiet = 0
        for c in self.cells:
            if not c.changed:
                quiet += 1
                continue
            before, after, change = display_change(c.baseline.rate, c.current.rate, [(r.rule.kind, r.rule.bound, not r.broken) for r in c.results if r.actual is not None])
            mark = {FAIL: " ✗", WARN: " !"}.get(c.status or "", "")
            lines.append(f"  {label[c.measure]} {c.slice}: {before} -> {after} ({change}), "
                         f"broken {_ids(c.broken)}, fixed {_ids(c.fixed)}, p={display_p(c.p_value, self.alpha)}{mark}")
        if quiet:
            lines.append(f"  {quiet} other compared cell(s): no flip, no change")
        lines.append(f"  (change in rate points on the common questions; p: one-sided exact McNemar test on the flips, "
                     f"alpha {self._alpha_text()}; below n={self.min_n} a direction only)")
        return lines

    def to_dict(self) -> dict[str, Any]:
        """The comparison as JSON-ready data, for the JSON report and the markdown renderer.

        Counts are integers; each rate, change and p-value is a float with its exact
        fraction as a string beside it and its display text (the same as the terminal's),
        so that no renderer computes. Lists keep a fixed order; the same comparison gives
        the same data. ``differences`` holds the sentences of :meth:`difference_lines`; the
        structured detail is under ``questions``, ``set_versions`` and ``settings_changed``.
        """
        def count(c: Count) -> dict[str, Any]:
            return {"numerator": c.numerator, "denominator": c.denominator, "rate": None if c.rate is None else float(c.rate)}

        def rule(r: RuleResult) -> dict[str, Any]:
            return {"kind": r.rule.kind, "bound": float(r.rule.bound), "severity": r.rule.severity, "source": r.rule.source,
                    "status": r.status, "n": r.n, "reason": r.reason}

        def cell(c: ComparedCell) -> dict[str, Any]:
            before, after, change = display_change(c.baseline.rate, c.current.rate, [(r.rule.kind, r.rule.bound, not r.broken) for r in c.results if r.actual is not None])
            return {
                "slice": c.slice,
                "measure": c.measure,
                "baseline": count(c.baseline),
                "current": count(c.current),
                "baseline_display": before,
                "current_display": after,
                "delta": None if c.delta is None else float(c.delta),
                "delta_exact": None if c.delta is None else fraction_text(c.delta),
                "delta_display": change,
                "broken": list(c.broken),
                "fixed": list(c.fixed),
                "p_value": float(c.p_value),
                "p_value_exact": fraction_text(c.p_value),
                "p_display": display_p(c.p_value, self.alpha),
                "status": c.status,
                "rules": [rule(r) for r in c.results],
            }

        d = self.differences
        return {
            "baseline_version": self.baseline_version,
            "baseline_path": self.baseline_path,
            "differences": self.difference_lines(),
            "set_versions": {"baseline": d.baseline_set_version, "now": d.set_version},
            "questions": {
                "compared": d.compared,
                "added": list(d.added),
                "dropped": list(d.dropped),
                "unanswered_baseline": list(d.unanswered_baseline),
                "unanswered_now": list(d.unanswered_now),
                "language_changed": list(d.language_changed),
            },
            "settings_changed": [{"key": k, "baseline": old, "now": new} for k, old, new in d.settings],
            "scorer_version": d.scorer_version,
            "rescored_outcomes": d.rescored_outcomes,
            "method": {
                "change": "rate now minus the re-scored baseline rate on the common questions, in rate points",
                "test": "one-sided exact McNemar on the flips: P(X >= broken), X ~ Bin(broken + fixed, 1/2)",
                "alpha": None if self.alpha is None else float(self.alpha),
                "alpha_exact": None if self.alpha is None else fraction_text(self.alpha),
                "min_n": self.min_n,
            },
            "cells": [cell(c) for c in self.cells],
            "history": [
                {"version": h.assistant_version, "set_version": h.set_version,
                 "rates": {name: None if c.rate is None else float(c.rate) for name, c in h.scores},
                 "counts": {name: {"numerator": c.numerator, "denominator": c.denominator} for name, c in h.scores}}
                for h in self.history
            ],
        }


def no_baseline_notice(reason: str) -> str:
    """The one line the report shows when there is no baseline."""
    return f"no baseline compared ({reason}); the gate ran on thresholds alone"


def history_of(baselines: Iterable[Baseline], below: Version | None) -> tuple[HistoryPoint, ...]:
    """The stored ``all`` scores of the baselines below a version (all of them when None), oldest first."""
    points = [b for b in baselines if below is None or b.version < below]
    points.sort(key=lambda b: b.version)
    return tuple(HistoryPoint(b.assistant_version, b.set_version, tuple((m.name, b.score(ALL, m.name)) for m in MEASURES)) for b in points)


def check_regression(rule: Rule, slice_name: str, baseline: Count, current: Count, broken: int, fixed: int,
                     p_value: Fraction, alpha: Fraction | None, min_n: int) -> RuleResult:
    """Check one ``max_drop`` or ``max_rise`` rule on a compared cell; pure, exact.

    A drop (``max_drop``, higher-is-better measures) or a rise (``max_rise``, unsupported
    numbers) breaks the rule when it exceeds the bound, exactly (a drop of 1/6 against
    0.02). A broken rule then:

    * warns, direction only, when n (the smaller of the two denominators) is below min_n;
    * fails (severity error) when alpha is None, or when p < alpha (exact comparison);
    * otherwise warns: "drop within noise (p=...)".

    Severity ``warn`` turns a failure into a warning. A cell empty on either side is
    skipped.

    Returns:
        The result; ``actual`` is the change in rate points, ``n`` the smaller denominator.
    """
    n = min(baseline.denominator, current.denominator)
    if baseline.rate is None or current.rate is None:
        side = "the baseline" if baseline.rate is None else "this run"
        return RuleResult(slice_name, rule, SKIP, None, n, f"n=0 in {side} on the common questions: nothing to compare")
    delta = current.rate - baseline.rate
    word = "drop" if rule.kind == "max_drop" else "rise"
    beyond = -delta > rule.bound if rule.kind == "max_drop" else delta > rule.bound
    if not beyond:
        return RuleResult(slice_name, rule, PASS, delta, n, "")
    if n < min_n:
        return RuleResult(slice_name, rule, WARN, delta, n, f"n={n} is below min_n={min_n}: a direction only, never a failure")
    flips = f"{broken} broken, {fixed} fixed"
    if alpha is None:
        reason = f"alpha is null: the {word} alone decides ({flips})"
    elif p_value < alpha:
        reason = f"p={display_p(p_value, alpha)} < alpha {_decimal_text(alpha)} ({flips})"
    else:
        return RuleResult(slice_name, rule, WARN, delta, n,
                          f"{word} within noise (p={display_p(p_value, alpha)}, not below alpha {_decimal_text(alpha)}; {flips})")
    if rule.severity == "warn":
        return RuleResult(slice_name, rule, WARN, delta, n, f"{reason}; severity warn: reported only")
    return RuleResult(slice_name, rule, FAIL, delta, n, reason)


def compare(
    baseline: Baseline,
    baseline_run: Run,
    questions: Sequence[Question],
    set_version: str | None,
    current: Mapping[str, Outcome],
    thresholds: Thresholds,
    history: Sequence[HistoryPoint] = (),
) -> tuple[Comparison, list[RuleResult]]:
    """Compare a run with a baseline, question by question; pure.

    The baseline log is re-scored against today's questions with today's matching settings;
    the common questions are those of today's set answered in both runs (with the same
    language). Per slice (``all``, then each language of the common questions) and measure:
    the counts of both runs on the common questions, the change in rate points, the flips
    and their p-value, and the regression rules of thresholds.yaml.

    A question *fails* a measure when :meth:`Outcome.passed` is False; it breaks when it did
    not fail in the baseline (it passed, or the measure did not apply) and fails now, and is
    fixed the other way round. So an answer that states an invented figure where the
    baseline stated none breaks unsupported numbers.

    Args:
        baseline: the stored baseline.
        baseline_run: its log (:func:`load_baseline_run`).
        questions: today's question set, in order.
        set_version: today's set version.
        current: this run's outcomes by question id, answered questions only.
        thresholds: rules, matching settings, alpha and min_n.
        history: stored scores of earlier versions, carried into the comparison.

    Returns:
        The comparison, and one regression result per (compared cell, rule).
    """
    by_id = {a.question_id: a for a in baseline_run.answers}
    stored_ids = [o.question_id for o in baseline.outcomes]
    today_ids = [q.question_id for q in questions]
    stored_set, today_set = set(stored_ids), set(today_ids)

    pairs: list[tuple[Question, Answer]] = []
    language_changed = []
    for q in questions:
        a = by_id.get(q.question_id)
        if a is None:
            continue
        if a.language.lower() != q.language.lower():
            language_changed.append(q.question_id)
            continue
        pairs.append((q, a))
    rescored_list, _ = score_run(pairs, thresholds.matching)
    rescored = {o.question_id: o for o in rescored_list}
    stored = {o.question_id: o for o in baseline.outcomes}
    rescored_outcomes = sum(
        1 for qid, o in rescored.items() if qid in stored and qid in baseline.answered
        for m in MEASURES if o.passed(m.name) != stored[qid].passed(m.name)
    )

    common = [q for q in questions if q.question_id in rescored and q.question_id in current]
    languages = {q.question_id: q.language for q in common}
    old_settings, new_settings = settings_dict(baseline.matching), settings_dict(thresholds.matching)
    differences = Differences(
        baseline_set_version=baseline.set_version,
        set_version=set_version,
        added=tuple(i for i in today_ids if i not in stored_set),
        dropped=tuple(i for i in stored_ids if i not in today_set),
        unanswered_baseline=tuple(i for i in today_ids if i in stored_set and i not in by_id),
        unanswered_now=tuple(i for i in today_ids if i in rescored and i not in current),
        language_changed=tuple(i for i in language_changed if i in stored_set),
        settings=tuple((k, json.dumps(old_settings[k]), json.dumps(new_settings[k])) for k in sorted(new_settings) if old_settings[k] != new_settings[k]),
        scorer_version=baseline.scorer_version,
        rescored_outcomes=rescored_outcomes,
        compared=len(common),
    )

    slices = [ALL] + sorted({language_slice(q.language) for q in common})
    cells: list[ComparedCell] = []
    results: list[RuleResult] = []
    for slice_name in slices:
        ids = [q.question_id for q in common if slice_name == ALL or language_slice(languages[q.question_id]) == slice_name]
        rules = thresholds.rules_for(slice_language(slice_name))
        for m in MEASURES:
            before = sum((rescored[i].counts[m.name] for i in ids), Count())
            after = sum((current[i].counts[m.name] for i in ids), Count())
            broken = tuple(i for i in ids if rescored[i].passed(m.name) is not False and current[i].passed(m.name) is False)
            fixed = tuple(i for i in ids if rescored[i].passed(m.name) is False and current[i].passed(m.name) is not False)
            p = mcnemar_p(len(broken), len(fixed))
            on_cell = tuple(
                check_regression(r, slice_name, before, after, len(broken), len(fixed), p, thresholds.alpha, thresholds.min_n)
                for r in rules if r.measure == m.name and r.kind in REGRESSION_KINDS
            )
            results.extend(on_cell)
            cells.append(ComparedCell(slice_name, m.name, before, after, broken, fixed, p, on_cell))
    comparison = Comparison(baseline.assistant_version, baseline.path, differences, tuple(cells), tuple(history),
                            thresholds.alpha, thresholds.min_n)
    return comparison, results


@dataclass(frozen=True)
class BaselineComparer:
    """The :data:`gate.pipeline.Comparer` of ``answer-gate check``: finds the baseline and compares.

    Attributes:
        directory: the baselines folder (``--baselines``).
        choice: ``--baseline VERSION|PATH``: a stored version, or a baseline JSON file;
            None finds the previous version.
        skip: ``--no-baseline``: compare with nothing, and say so.
    """

    directory: str = DEFAULT_DIR
    choice: str | None = None
    skip: bool = False

    def __call__(self, run: Run, joined: Joined, outcomes: Sequence[Outcome], scores: Sequence[Score],
                 thresholds: Thresholds, question_set: QuestionSet | None = None) -> tuple[Comparison | None, list[RuleResult], list[str]]:
        """Compare the run with its baseline (see :func:`compare`).

        Returns:
            ``(comparison, regression results, notices)``. Without a baseline: no
            comparison (the JSON report's ``comparison`` is null), no regression result,
            and one notice saying why (:func:`no_baseline_notice`).

        Raises:
            InputError: the baseline named with ``choice`` is not stored or not a file; a
                stored baseline is corrupt, truncated or altered (naming the file).
        """
        if self.skip:
            return None, [], [no_baseline_notice("--no-baseline")]
        run_version = parse_version(run.assistant_version)
        stored = list_baselines(self.directory, verify=False)
        baseline = self._choose(run, run_version, stored)
        if isinstance(baseline, str):
            return None, [], [no_baseline_notice(baseline)]
        history = history_of(stored, run_version)
        baseline_run = load_baseline_run(baseline)
        questions = [q for q, _ in joined.pairs]
        current = {q.question_id: o for (q, a), o in zip(joined.pairs, outcomes) if a is not None}
        set_version = question_set.version if question_set is not None else run.set_version
        comparison, results = compare(baseline, baseline_run, questions, set_version, current, thresholds, history)
        return comparison, results, []

    def _choose(self, run: Run, run_version: Version | None, stored: list[Baseline]) -> Baseline | str:
        folder = f"{self.directory.rstrip('/')}/"
        if self.choice is not None:
            path = Path(self.choice)
            if self.choice.endswith(".json") or path.is_file():
                if not path.is_file():
                    raise InputError([Problem(self.choice, None, "--baseline", "baseline file not found")])
                return read_baseline(path)
            wanted = parse_version(self.choice)
            if wanted is None:
                raise InputError([Problem(self.choice, None, "--baseline", f"expected {_VERSION_HINT}, or a baseline file assistant-<version>.json")])
            for b in stored:
                if b.version == wanted:
                    return read_baseline(b.path)
            have = ", ".join(b.assistant_version for b in stored) or "none"
            raise InputError([Problem(folder, None, "--baseline", f"expected a stored baseline for assistant {self.choice}, found {have}")])
        if run_version is None:
            found = "no assistant version" if run.assistant_version is None else f"assistant version {run.assistant_version!r}, which is not PEP 440"
            return f"the run names {found}, so no previous version can be found"
        if not Path(self.directory).is_dir():
            return f"no folder {folder}"
        previous = previous_version((b.version for b in stored), run_version)
        if previous is None:
            return f"no stored baseline below assistant {run.assistant_version} in {folder}"
        return read_baseline(next(b.path for b in stored if b.version == previous))
