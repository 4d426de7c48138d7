"""rubric.yaml: the written rubric, loaded strictly.

The rubric is recipe 4.3 of the measurement chapter written down: five yes/no questions only
a reader can answer (right series, right period, unit stated, caveat stated, no unsupported
claim), each with a stable id, the text a reader sees per language and when it applies; and,
in a section of its own, the quality dimensions of the scoring-quality lesson
(``answer_correctness``, ``completeness``, ``instruction_following``, ``clarity``), scored
1 to 5 and never blended with groundedness.

The file is checked as strictly as ``thresholds.yaml`` (:mod:`gate.thresholds`): the JSON
Schema ``gate/schemas/rubric.schema.json``, duplicate keys, unknown keys with the closest
known name, every problem with file and line, all at once.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import yaml
from jsonschema import Draft202012Validator

from gate.errors import InputError, Problem, ProblemCollector, key_path
from gate.records import Answer, Question, describe, schema, schema_problems
from gate.thresholds import _LineMap, data_at

#: The rubric questions of recipe 4.3, by stable id, in the order readers see them.
QUESTION_IDS: tuple[str, ...] = ("series", "period", "unit", "caveat", "no_unsupported_claim")
#: The quality dimensions of the scoring-quality lesson, scored 1 to 5.
DIMENSION_IDS: tuple[str, ...] = ("answer_correctness", "completeness", "instruction_following", "clarity")
#: The labels a reader may give a rubric question.
YES, NO, NOT_APPLICABLE = "yes", "no", "not_applicable"
LABELS: tuple[str, ...] = (YES, NO, NOT_APPLICABLE)
#: Quality scores run from 1 to 5.
SCORE_RANGE = (1, 5)
#: The caveat statuses of an observation (official statistics' flags) that make the caveat
#: question apply, besides the set's expected caveats.
CAVEAT_STATUSES = ("provisional", "estimated", "break", "break_in_series", "forecast")


@dataclass(frozen=True)
class RubricQuestion:
    """One rubric question.

    Attributes:
        id: stable id (one of :data:`QUESTION_IDS`).
        applies: ``answered``, ``always`` or ``caveat`` (see :func:`applies`).
        texts: language tag -> the text a reader sees; ``en`` always present.
    """

    id: str
    applies: str
    texts: Mapping[str, str]

    def text(self, language: str) -> str:
        """The text in a language: the exact tag, its primary subtag, else English."""
        tag = language.lower()
        return self.texts.get(tag) or self.texts.get(tag.split("-")[0]) or self.texts["en"]


@dataclass(frozen=True)
class Dimension:
    """One quality dimension, scored 1 to 5.

    Attributes:
        id: one of :data:`DIMENSION_IDS`.
        texts: language tag -> the text a reader sees.
    """

    id: str
    texts: Mapping[str, str]

    def text(self, language: str) -> str:
        tag = language.lower()
        return self.texts.get(tag) or self.texts.get(tag.split("-")[0]) or self.texts["en"]


@dataclass(frozen=True)
class Rubric:
    """A loaded rubric.

    Attributes:
        path: the file as given.
        version: the rubric's version (a string); every judgement must name it.
        questions: in file order.
        dimensions: the quality dimensions, in file order (empty without a quality section).
        pass_score: a quality dimension passes at this score or above (None without one).
        digest: ``sha256:`` of the rubric's content (ids, texts, applicability, labels), so
            that a grader prompt built from it changes digest when the rubric does.
    """

    path: str
    version: str
    questions: tuple[RubricQuestion, ...]
    dimensions: tuple[Dimension, ...] = ()
    pass_score: int | None = None
    digest: str = ""

    @property
    def question_ids(self) -> tuple[str, ...]:
        return tuple(q.id for q in self.questions)

    @property
    def dimension_ids(self) -> tuple[str, ...]:
        return tuple(d.id for d in self.dimensions)

    def question(self, question_id: str) -> RubricQuestion:
        for q in self.questions:
            if q.id == question_id:
                return q
        raise KeyError(question_id)


def caveats_known(question: Question, answer: Answer | None) -> tuple[str, ...]:
    """The caveats a right answer should state: the set's ``expected_caveats``, then the
    caveats and caveat statuses of the observations the log carries (when it carries any)."""
    found = list(question.expected_caveats)
    for observation in getattr(answer, "observations", ()) or ():
        status = getattr(observation, "status", None)
        if status and str(status).lower() in CAVEAT_STATUSES:
            found.append(str(status))
        found.extend(str(c) for c in (getattr(observation, "caveats", ()) or ()))
    return tuple(dict.fromkeys(found))


def applies(rubric_question: RubricQuestion, question: Question, answer: Answer | None) -> bool:
    """Does a rubric question apply to an answer? Pure.

    ``always``: every logged answer. ``answered``: the assistant answered (did not decline).
    ``caveat``: answered, and a caveat is known (:func:`caveats_known`). No logged answer:
    nothing applies.
    """
    if answer is None:
        return False
    if rubric_question.applies == "always":
        return True
    if answer.declined:
        return False
    if rubric_question.applies == "caveat":
        return bool(caveats_known(question, answer))
    return True


def load_rubric(path: str | Path) -> Rubric:
    """Load and check a rubric file.

    Args:
        path: a YAML file in the format of ``rubric.yaml``.

    Returns:
        The rubric.

    Raises:
        InputError: every problem found, each naming file, line and key: unreadable file,
            YAML syntax, duplicate keys, unknown keys (with the closest known name), labels
            other than yes/no/not_applicable (an unquoted yes read as true is named), a
            version that is not a string.
    """
    display = str(path)
    data, lines = _read(display, path)
    problems = ProblemCollector()
    for line, where, message in lines.shape:
        problems.add(display, line, key_path(where) or None, message)
    for where, first, again in lines.duplicates:
        problems.add(display, again, key_path(where), f"duplicate key: already set on line {first}; YAML would silently keep only the last one")
    validator = Draft202012Validator(schema("rubric"))
    for error in sorted(validator.iter_errors(data), key=lambda e: lines.line(tuple(e.absolute_path)) or 0):
        where = tuple(error.absolute_path)
        if error.validator == "additionalProperties":
            known = list((error.schema.get("properties") or {}).keys())
            for name in [k for k in data_at(data, where) if k not in known]:
                bad = where + (name,)
                close = difflib.get_close_matches(str(name), known, n=1, cutoff=0.6)
                hint = f"; did you mean {close[0]!r}?" if close else f"; expected one of {', '.join(known)}"
                what = {"questions": "rubric question", "dimensions": "quality dimension"}.get(str(where[-1]) if where else "", "key")
                problems.add(display, lines.line(bad), key_path(bad), f"unknown {what} {name!r}{hint}")
            continue
        if where == ("labels",) and error.validator == "const":
            problems.add(display, lines.line(where), "labels", _labels_message(error.instance))
            continue
        if "propertyNames" in error.absolute_schema_path:
            bad = where + (error.instance,)
            problems.add(display, lines.line(bad), key_path(bad), f"expected a language tag such as fr or fr-CA as key, found {error.instance!r}")
            continue
        fld, message = schema_problems(error)
        if where == ("version",) and error.validator == "type":
            message += " (quote it: version: \"1\")"
        problems.add(display, lines.line(where), key_path(where) or fld, message)
    problems.problems.sort(key=lambda p: p.line or 0)
    problems.raise_if_any()
    return _build(display, data)


def _labels_message(found: Any) -> str:
    if isinstance(found, list) and any(isinstance(v, bool) for v in found):
        return ("expected [\"yes\", \"no\", \"not_applicable\"], found true or false: YAML reads yes and no "
                "without quotes as booleans; write them in quotes")
    shown = json.dumps(found, ensure_ascii=False) if isinstance(found, (list, str)) else describe(found)
    return f"expected [\"yes\", \"no\", \"not_applicable\"], found {shown}"


def _read(display: str, path: str | Path) -> tuple[dict[str, Any], _LineMap]:
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InputError([Problem(display, None, None, "file not found (pass --rubric FILE, or keep rubric.yaml in the working directory)")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError([Problem(display, None, None, f"cannot be read: {exc}")]) from None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        lines = _LineMap()
        if node is not None and not lines.walk(node):
            raise InputError([Problem(display, line, key_path(p) or None, m) for line, p, m in lines.shape])
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise InputError([Problem(display, line, None, f"expected valid YAML, found a syntax error: {problem}")]) from None
    if not isinstance(data, dict):
        found = describe(data) if data is not None else "an empty file"
        raise InputError([Problem(display, None, None, f"expected a mapping with version, labels and questions, found {found}")])
    return data, lines


def _texts(spec: Mapping[str, Any]) -> dict[str, str]:
    return {str(k).lower(): str(v) for k, v in spec["text"].items()}


def _build(display: str, data: Mapping[str, Any]) -> Rubric:
    questions = tuple(RubricQuestion(str(qid), spec["applies"], _texts(spec)) for qid, spec in data["questions"].items())
    quality = data.get("quality") or {}
    dimensions = tuple(Dimension(str(did), _texts(spec)) for did, spec in (quality.get("dimensions") or {}).items())
    content = {
        "version": data["version"],
        "labels": list(LABELS),
        "questions": [{"id": q.id, "applies": q.applies, "text": dict(sorted(q.texts.items()))} for q in questions],
        "quality": {"pass_score": quality.get("pass_score"), "dimensions": [{"id": d.id, "text": dict(sorted(d.texts.items()))} for d in dimensions]},
    }
    digest = "sha256:" + hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()
    return Rubric(display, str(data["version"]), questions, dimensions, quality.get("pass_score"), digest)
