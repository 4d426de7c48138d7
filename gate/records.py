"""Records and loading: the run log and the question set, validated and joined.

A run log is JSON lines, one answer a line (recipe 4.1 of the measurement chapter), with an
optional header line ``{"run": {"assistant_version": ..., "set_version": ...}}`` or the
versions in the file name ``answers_run_assistant-<v>_set-<v>.jsonl``. A question set is
JSON lines with an optional header ``{"set": {"version": ...}}``. Both are validated with
the JSON Schemas (draft 2020-12) shipped in ``gate/schemas/``.

Every problem of a file is collected (up to :data:`gate.errors.MAX_PROBLEMS`) and raised at
once as :class:`gate.errors.InputError`, naming file, line and field. Numbers are read as
:class:`decimal.Decimal`, exactly as written, so that no binary float decides a match.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterator

from typing import TYPE_CHECKING

from gate.bcp47 import canonical_language
from gate.errors import ProblemCollector, key_path
from gate.validation import fast_check

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

RUN_FILE_NAME = re.compile(r"answers_run_assistant-(?P<assistant>.+?)_set-(?P<set>.+?)\.jsonl$")
MERGED_FIELDS = ("expected_behaviour", "expected_values", "expected_ids", "expected_caveats")


@dataclass(frozen=True)
class Question:
    """One question of the set: the judgement.

    Attributes:
        question_id: the id answers are joined on.
        language: BCP 47 tag as written in the set.
        text: the question, or "" when the set does not carry it.
        expected_behaviour: ``"answer"`` or ``"decline"``.
        expected_values: the values a right answer states (exact decimals).
        expected_ids: the series a right answer retrieves.
        expected_caveats: caveats a right answer states (for the rubric; not scored here).
        line: 1-based line in the set file.
    """

    question_id: str
    language: str
    text: str
    expected_behaviour: str
    expected_values: tuple[Decimal, ...] = ()
    expected_ids: tuple[str, ...] = ()
    expected_caveats: tuple[str, ...] = ()
    line: int = 0


@dataclass(frozen=True)
class Answer:
    """One logged answer: the evidence, never the judgement.

    Attributes:
        question_id, language: as logged.
        question: the question text as asked, or "".
        retrieved_ids: ids of the records retrieved.
        retrieved_values: values in them (exact decimals).
        retrieved_passages: ``(id, text, language)`` of retrieved passages, in file
            order; language is the passage's canonical BCP 47 tag, or None when the
            log gives the text alone (it is read with the answer's language).
        answer: the answer text, or None when a declined answer carries none.
        cited_ids: ids the answer cites.
        declined: whether the assistant declined.
        line: 1-based line in the log file.
    """

    question_id: str
    language: str
    question: str
    retrieved_ids: tuple[str, ...]
    retrieved_values: tuple[Decimal, ...]
    answer: str | None
    cited_ids: tuple[str, ...]
    declined: bool
    retrieved_passages: tuple[tuple[str, str, str | None], ...] = ()
    line: int = 0


@dataclass(frozen=True)
class QuestionSet:
    """A versioned question set.

    Attributes:
        path: the file as given, or the run log's path for the merged form.
        version: from the header line, or None.
        questions: in file order.
        notices: warnings met while loading (reported, not fatal).
    """

    path: str
    version: str | None
    questions: tuple[Question, ...]
    notices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Run:
    """A logged answer run.

    Attributes:
        path: the file as given.
        assistant_version, set_version: from the header line or the file name, or None.
        answers: in file order.
        merged_set: the question set carried inline (merged form), else None.
        notices: warnings met while loading.
    """

    path: str
    assistant_version: str | None
    set_version: str | None
    answers: tuple[Answer, ...]
    merged_set: QuestionSet | None = None
    notices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Joined:
    """The answers joined to their questions, in the set's order.

    Attributes:
        pairs: ``(question, answer or None)`` for each question of the set; None means the
            run has no answer for it.
        notices: warnings from the join (set version differs, missing answers).
    """

    pairs: tuple[tuple[Question, Answer | None], ...]
    notices: tuple[str, ...] = ()


@lru_cache(maxsize=None)
def schema(name: str) -> dict[str, Any]:
    """A JSON Schema shipped in ``gate/schemas`` by file stem (``answer``, ``question``, ...)."""
    text = resources.files("gate").joinpath("schemas", f"{name}.schema.json").read_text("utf-8")
    return json.loads(text)


@lru_cache(maxsize=None)
def _validator(name: str) -> "Draft202012Validator":
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema(name))


@lru_cache(maxsize=None)
def _fast(name: str):
    """The schema compiled into a plain predicate (see :mod:`gate.validation`), or None."""
    return fast_check(schema(name))


def schema_errors(name: str, value: Any) -> list[tuple[str | None, str]]:
    """Every ``(field, message)`` the schema ``name`` finds in ``value``, in a stable order.

    The compiled predicate answers for the common valid value; jsonschema runs only on a
    value it rejects, to explain it (so the messages are jsonschema's, whichever path)."""
    fast = _fast(name)
    if fast is not None and fast(value):
        return []
    errors = sorted(_validator(name).iter_errors(value), key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    return [schema_problems(e) for e in errors]


def describe(value: Any) -> str:
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the string {json.dumps(shown, ensure_ascii=False)}"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (int, Decimal)):
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return repr(value)


_TYPE_WORDS = {
    "string": "a string",
    "number": "a number",
    "boolean": "a boolean (true or false, without quotes)",
    "array": "a list",
    "object": "an object",
    "null": "null",
    "integer": "a whole number",
}


def schema_problems(error: "ValidationError") -> tuple[str | None, str]:
    """Turn a jsonschema error into (field, message) a user can act on."""
    field_name = key_path(error.absolute_path) or None
    v = error.validator
    if v == "required":
        missing = re.findall(r"'([^']+)' is a required property", error.message)
        name = missing[0] if missing else error.message
        where = f"{field_name}.{name}" if field_name else name
        return where, "missing required field"
    if v == "type":
        types = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        expected = " or ".join(_TYPE_WORDS.get(t, t) for t in types)
        hint = ""
        if "number" in types and isinstance(error.instance, str) and _looks_numeric(error.instance):
            hint = " (YAML reads a number like 1e-3 without a decimal point as text: write 0.001)" if "e" in error.instance.lower() else " (remove the quotes)"
        return field_name, f"expected {expected}, found {describe(error.instance)}{hint}"
    if v == "enum":
        options = ", ".join(json.dumps(o) for o in error.validator_value)
        return field_name, f"expected one of {options}, found {describe(error.instance)}"
    if v == "const":
        return field_name, f"expected {json.dumps(error.validator_value)}, found {describe(error.instance)}"
    if v == "minLength":
        return field_name, f"expected a non-empty string, found {describe(error.instance)}"
    if v == "pattern":
        if "A-Za-z" in error.validator_value:
            return field_name, f"expected a BCP 47 language tag such as en or fr-CA, found {describe(error.instance)}"
        if "\\S" in error.validator_value:
            return field_name, f"expected a version without leading or trailing spaces, found {describe(error.instance)}"
        return field_name, f"expected an identifier without control characters or bidirectional overrides, found {describe(error.instance)}"
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        low = error.schema.get("minimum", error.schema.get("exclusiveMinimum"))
        high = error.schema.get("maximum", error.schema.get("exclusiveMaximum"))
        if low is not None and high is not None:
            above = "greater than" if "exclusiveMinimum" in error.schema else "from"
            joint = "and at most" if "exclusiveMinimum" in error.schema else "to"
            return field_name, f"expected a number {above} {low} {joint} {high}, found {describe(error.instance)}"
        bound = "at least" if v in ("minimum", "exclusiveMinimum") else "at most"
        return field_name, f"expected {bound} {error.validator_value}, found {describe(error.instance)}"
    if v == "anyOf":
        # the branch of the instance's own type says what is wrong inside it
        kind = {dict: "object", str: "string", list: "array"}.get(type(error.instance))
        for i, branch in enumerate(error.validator_value):
            if branch.get("type") == kind:
                inner = [e for e in error.context if e.relative_schema_path and e.relative_schema_path[0] == i]
                if inner:
                    # an unknown field first: its hint ("did you mean") explains the rest
                    return schema_problems(
                        min(inner, key=lambda e: (e.validator != "additionalProperties", len(e.absolute_path), e.message))
                    )
        expected = " or ".join(
            _TYPE_WORDS.get(b.get("type"), str(b.get("type")))
            + (f" with {', '.join(b['properties'])}" if b.get("properties") else "")
            for b in error.validator_value
        )
        return field_name, f"expected {expected}, found {describe(error.instance)}"
    if v == "additionalProperties":
        extra = re.findall(r"'([^']+)'", error.message)
        known = list((error.schema.get("properties") or {}).keys())
        parts = []
        for name in extra:
            close = difflib.get_close_matches(name, known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            parts.append(f"{name!r}{hint}")
        where = field_name
        return where, f"unknown field {', '.join(parts)}; expected one of {', '.join(known)}"
    return field_name, error.message


def _looks_numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name}, which JSON does not allow as a number")


def _pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r} in one object")
        out[key] = value
    return out


def read_lines(path: Path, display: str, problems: ProblemCollector) -> Iterator[tuple[int, bytes]]:
    """Yield ``(line number, raw line)`` of a file, line by line, without its line end.

    Reads the binary file one line at a time, so memory does not grow with the file. A
    UTF-8 byte order mark at the start is dropped; CRLF line ends are accepted. A file that
    cannot be read at all is one problem, and nothing is yielded.
    """
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        problems.add(display, None, None, "file not found")
        return
    except IsADirectoryError:
        problems.add(display, None, None, "expected a file, found a directory")
        return
    except OSError as exc:
        problems.add(display, None, None, f"cannot be read: {exc.strerror}")
        return
    with handle:
        try:
            for number, chunk in enumerate(handle, start=1):
                if number == 1 and chunk.startswith(b"\xef\xbb\xbf"):
                    chunk = chunk[3:]
                if chunk.endswith(b"\n"):
                    chunk = chunk[:-1]
                if chunk.endswith(b"\r"):
                    chunk = chunk[:-1]
                yield number, chunk
        except IsADirectoryError:
            problems.add(display, None, None, "expected a file, found a directory")
        except OSError as exc:
            problems.add(display, None, None, f"cannot be read: {exc.strerror}")


#: What :func:`parse_line` returns for a line that holds no value (blank, or a problem).
NO_VALUE: Any = object()


def parse_line(number: int, chunk: bytes, display: str, problems: ProblemCollector) -> Any:
    """One raw line parsed as JSON, or :data:`NO_VALUE` (blank, or a problem added: not
    UTF-8, not JSON).

    Numbers with a fraction or exponent are read as :class:`~decimal.Decimal`."""
    try:
        text = chunk.decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.add(display, number, None, f"expected UTF-8 text, found byte 0x{chunk[exc.start]:02x} at column {exc.start + 1}")
        return NO_VALUE
    if not text.strip():
        return NO_VALUE
    try:
        return json.loads(text, parse_float=Decimal, parse_constant=_reject_constant, object_pairs_hook=_pairs_hook)
    except json.JSONDecodeError as exc:
        problems.add(display, number, None, f"expected a JSON object, found invalid JSON: {exc.msg} (column {exc.colno})")
    except ValueError as exc:
        problems.add(display, number, None, f"expected a JSON object, found {exc}")
    except RecursionError:
        problems.add(display, number, None, "expected a JSON object, found one nested too deep to read")
    return NO_VALUE


def read_jsonl(path: Path, display: str, problems: ProblemCollector) -> Iterator[tuple[int, Any]]:
    """Yield ``(line number, parsed JSON)`` of a JSON lines file, line by line.

    Accepts a UTF-8 byte order mark and CRLF line ends. Numbers with a fraction or exponent
    are read as :class:`~decimal.Decimal`. Blank lines are skipped. Lines that are not UTF-8
    or not JSON become problems (see :func:`parse_line`).

    A file that cannot be read at all is one problem, and nothing is yielded.
    """
    for number, chunk in read_lines(path, display, problems):
        value = parse_line(number, chunk, display, problems)
        if value is not NO_VALUE:
            yield number, value


def _validate(name: str, value: Any, display: str, line: int, problems: ProblemCollector) -> bool:
    if not isinstance(value, dict):
        problems.add(display, line, None, f"expected a JSON object, found {describe(value)}")
        return False
    errors = schema_errors(name, value)
    for fld, message in errors:
        problems.add(display, line, fld, message)
    return not errors


def _decimals(values: list[Any]) -> tuple[Decimal, ...]:
    return tuple(v if isinstance(v, Decimal) else Decimal(v) for v in values)


def _question(value: dict[str, Any], line: int) -> Question:
    """A validated question-set line (or merged log line) as a :class:`Question`."""
    return Question(
        question_id=value["question_id"],
        language=canonical_language(value["language"]),
        text=value.get("question", ""),
        expected_behaviour=value["expected_behaviour"],
        expected_values=_decimals(value.get("expected_values", [])),
        expected_ids=tuple(value.get("expected_ids", [])),
        expected_caveats=tuple(value.get("expected_caveats", [])),
        line=line,
    )


def _finish(problems: ProblemCollector, shared: ProblemCollector | None) -> None:
    """Raise the problems of one input, or hand them to the caller's collector."""
    if shared is None:
        problems.raise_if_any()
    else:
        shared.extend(problems)


def load_question_set(path: str | Path, problems: ProblemCollector | None = None) -> QuestionSet:
    """Load and validate a question set.

    Args:
        path: a JSON lines file, optionally starting with ``{"set": {"version": ...}}``.

    Problems are raised, or, when a collector ``problems`` is given, added to it; the valid
    questions are then returned, so that later stages can report theirs too.

    Returns:
        The set, questions in file order.

    Raises:
        InputError: every problem found (unreadable file, bad JSON, schema violations,
            duplicate ``question_id``, no question at all), each naming file and line.
    """
    display = str(path)
    shared, problems = problems, ProblemCollector()
    version: str | None = None
    questions: list[Question] = []
    seen: dict[str, int] = {}
    first = True
    for line, value in read_jsonl(Path(path), display, problems):
        if first and isinstance(value, dict) and "set" in value:
            first = False
            if _validate("set_header", value, display, line, problems):
                version = value["set"]["version"]
            continue
        if isinstance(value, dict) and "set" in value and "question_id" not in value:
            problems.add(display, line, "set", "expected a question, found a header line: the {\"set\": ...} header must be the first line")
            continue
        first = False
        if isinstance(value, dict) and "run" in value:
            problems.add(display, line, "run", "expected a question, found a run log header: is this file a run log rather than the question set?")
            continue
        if not _validate("question", value, display, line, problems):
            continue
        qid = value["question_id"]
        if qid in seen:
            problems.add(display, line, "question_id", f"duplicate question_id {qid!r}, first on line {seen[qid]}")
            continue
        seen[qid] = line
        questions.append(_question(value, line))
    if not questions and not problems.total:
        problems.add(display, None, None, "expected at least one question, found none (the file is empty or holds a header only)")
    _finish(problems, shared)
    return QuestionSet(path=display, version=version, questions=tuple(questions))


def _known_answer_fields() -> list[str]:
    return list(schema("answer")["properties"].keys())


def load_run(path: str | Path, problems: ProblemCollector | None = None) -> Run:
    """Load and validate a run log.

    Accepts the merged form (expectations inline, as in the recipe's sketch): the run then
    carries its own question set in :attr:`Run.merged_set`, with a notice that expectations
    belong in the set.

    Args:
        path: a JSON lines file, optionally starting with ``{"run": {...}}``.

    Returns:
        The run, answers in file order, with the versions from the header or the file name.

    Raises:
        InputError: every problem found (unreadable file, bad JSON, schema violations,
            duplicate ``question_id``, a merged line missing its expectations, no answer at
            all), each naming file and line.
    """
    display = str(path)
    shared, problems = problems, ProblemCollector()
    notices: list[str] = []
    header: dict[str, Any] | None = None
    answers: list[Answer] = []
    merged: list[Question] = []
    merged_lines: list[int] = []
    plain_lines: list[int] = []
    unknown: dict[str, list[int]] = {}
    seen: dict[str, int] = {}
    known = set(_known_answer_fields())
    first = True
    for line, value in read_jsonl(Path(path), display, problems):
        if first and isinstance(value, dict) and "run" in value:
            first = False
            if _validate("run_header", value, display, line, problems):
                header = value["run"]
            continue
        if isinstance(value, dict) and "run" in value and "question_id" not in value:
            problems.add(display, line, "run", "expected an answer, found a header line: the {\"run\": ...} header must be the first line")
            continue
        first = False
        if isinstance(value, dict) and "set" in value and "question_id" not in value:
            problems.add(display, line, "set", "expected an answer, found a question set header: is this file the question set rather than a run log?")
            continue
        if not _validate("answer", value, display, line, problems):
            continue
        qid = value["question_id"]
        if qid in seen:
            problems.add(display, line, "question_id", f"duplicate question_id {qid!r}, first on line {seen[qid]}")
            continue
        seen[qid] = line
        typos = False
        for key in value:
            if key not in known:
                if key.startswith("expected"):
                    close = difflib.get_close_matches(key, MERGED_FIELDS, n=1)
                    hint = f"did you mean {close[0]!r}? " if close else ""
                    problems.add(display, line, key, f"unknown expectation field; {hint}expected one of {', '.join(MERGED_FIELDS)} (a misspelt expectation would silently score nothing)")
                    typos = True
                else:
                    unknown.setdefault(key, []).append(line)
        if typos:
            continue
        passages = value.get("retrieved_passages") or {}
        answers.append(
            Answer(
                question_id=qid,
                language=canonical_language(value["language"]),
                question=value.get("question", ""),
                retrieved_ids=tuple(value["retrieved_ids"]),
                retrieved_values=_decimals(value["retrieved_values"]),
                answer=value.get("answer"),
                cited_ids=tuple(value["cited_ids"]),
                declined=value["declined"],
                retrieved_passages=tuple(
                    (pid, p, None) if isinstance(p, str)
                    else (pid, p["text"], canonical_language(p["language"]) if "language" in p else None)
                    for pid, p in passages.items()
                ),
                line=line,
            )
        )
        if any(f in value for f in MERGED_FIELDS):
            merged_lines.append(line)
            if "expected_behaviour" not in value:
                problems.add(display, line, "expected_behaviour", "missing required field: a merged line carrying expectations must state the expected behaviour")
                continue
            merged.append(_question(value, line))
        else:
            plain_lines.append(line)
    if not answers and not problems.total:
        problems.add(display, None, None, "expected at least one answer, found none (the file is empty or holds a header only)")
    _finish(problems, shared)

    for key in sorted(unknown):
        lines = unknown[key]
        close = difflib.get_close_matches(key, sorted(known), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        notices.append(f"{display}: unknown field {key!r}{hint} on {len(lines)} line(s), first line {lines[0]}; it is ignored")

    assistant_version = set_version = None
    if header is not None:
        assistant_version = header.get("assistant_version")
        set_version = header.get("set_version")
    name = RUN_FILE_NAME.search(Path(display).name)
    if name:
        if assistant_version is None:
            assistant_version = name["assistant"]
        elif assistant_version != name["assistant"]:
            notices.append(f"{display}: the header says assistant {assistant_version}, the file name says {name['assistant']}; the header is used")
        if set_version is None:
            set_version = name["set"]
        elif set_version != name["set"]:
            notices.append(f"{display}: the header says set {set_version}, the file name says {name['set']}; the header is used")

    merged_set = None
    if merged:
        if plain_lines:
            notices.append(f"{display}: {len(plain_lines)} line(s) carry no expectations while others do (first line {plain_lines[0]})")
        merged_set = QuestionSet(path=display, version=set_version, questions=tuple(merged))
    return Run(
        path=display,
        assistant_version=assistant_version,
        set_version=set_version,
        answers=tuple(answers),
        merged_set=merged_set,
        notices=tuple(notices),
    )


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
            for a in run.answers:
                if a.question_id not in inline:
                    problems.add(run.path, a.line, "expected_behaviour", "missing required field: in the merged form every line carries its expectations")
    elif run.merged_set is not None:
        notices.append(f"{run.path}: the log carries expectations (expected_* fields); they are ignored: expectations come from the question set {question_set.path}")

    by_id = {q.question_id: q for q in question_set.questions}
    answers: dict[str, Answer] = {}
    for a in run.answers:
        q = by_id.get(a.question_id)
        if q is None:
            if question_set.questions and question_set is not run.merged_set:
                close = difflib.get_close_matches(a.question_id, list(by_id), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                problems.add(run.path, a.line, "question_id", f"answer for question {a.question_id!r}{hint}, which is not in the question set {question_set.path}")
            continue
        if canonical_language(a.language) != canonical_language(q.language):
            problems.add(run.path, a.line, "language", f"expected {q.language!r} as in the question set (line {q.line}), found {a.language!r}")
            continue
        answers[a.question_id] = a
    _finish(problems, shared)

    if run.set_version and question_set.version and run.set_version != question_set.version:
        notices.append(f"the run was logged against question set {run.set_version} and is scored against set {question_set.version}")
    pairs = tuple((q, answers.get(q.question_id)) for q in question_set.questions)
    missing = [q.question_id for q, a in pairs if a is None]
    if missing:
        shown = ", ".join(missing[:10]) + (f" and {len(missing) - 10} more" if len(missing) > 10 else "")
        notices.append(f"{len(missing)} question(s) of the set have no answer in the run: {shown}; each counts as a failure")
    return Joined(pairs=pairs, notices=tuple(notices + list(question_set.notices)))
