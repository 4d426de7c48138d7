"""rubric.yaml: the written rubric, loaded strictly.

The rubric is what only a reader can judge, written down: five yes/no questions (right
series, right period, unit stated, caveat stated, no unsupported claim), each with a stable
id, the text a reader sees per language and when it applies; and, in a section of its own,
the quality dimensions (``answer_correctness``, ``completeness``, ``instruction_following``, ``clarity``), scored
1 to 5 and never blended with groundedness.

The file is checked as strictly as ``thresholds.yaml`` (:mod:`gate.rules.thresholds`): the JSON
Schema ``gate/schemas/rubric.schema.json``, duplicate keys, unknown keys with the closest
known name, every problem with file and line, all at once.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gate.core.errors import ProblemCollector
from gate.core.schemas import describe, schema_problems
from gate.inputs.yaml_input import read_yaml_mapping, schema_check, structure_problems
from gate.model.inputs import Answer, Question

if TYPE_CHECKING:
    from jsonschema import ValidationError

#: The rubric questions, by stable id, in the order readers see them.
QUESTION_IDS: tuple[str, ...] = ("series", "period", "unit", "caveat", "no_unsupported_claim")
#: The quality dimensions, scored 1 to 5 and never blended with groundedness.
DIMENSION_IDS: tuple[str, ...] = ("answer_correctness", "completeness", "instruction_following", "clarity")
#: The labels a reader may give a rubric question.
YES, NO, NOT_APPLICABLE = "yes", "no", "not_applicable"
LABELS: tuple[str, ...] = (YES, NO, NOT_APPLICABLE)
#: Quality scores run from 1 to 5.
SCORE_RANGE = (1, 5)


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
        claims: whether judgements list the answer's claims (``claims: true``): each
            claim's span, label (supported, unsupported, contradicted) and evidence; then
            ``no_unsupported_claim`` follows from them (:mod:`gate.inputs.claims`).
        digest: ``sha256:`` of what the version follows (:func:`versioned_digest`: ids,
            English texts, applicability, labels, pass score; not the translations), so
            that a grader prompt built from it changes digest when the rubric does.
    """

    path: str
    version: str
    questions: tuple[RubricQuestion, ...]
    dimensions: tuple[Dimension, ...] = ()
    pass_score: int | None = None
    digest: str = ""
    claims: bool = False

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
    """The caveats a right answer should state: the set's ``expected_caveats``, then those of
    the retrieved observations: an SDMX status that is a caveat (P or V provisional, E or I
    estimated, B break, F forecast: :data:`gate.model.caveats.STATUS_CAVEATS`) and the
    free-text caveats."""
    from gate.model.caveats import STATUS_CAVEATS

    found = list(question.expected_caveats)
    for observation in answer.retrieved_observations if answer is not None else ():
        if observation.status in STATUS_CAVEATS:
            found.append(STATUS_CAVEATS[observation.status])
        found.extend(observation.caveats)
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
    doc = read_yaml_mapping(path, "rubric", expected="a mapping with version, labels and questions", contents="a rubric",
                            missing="file not found (pass --rubric FILE, or keep rubric.yaml in the working directory)",
                            language_keys=lambda where: where[-1:] == ("text",))
    problems = ProblemCollector()
    structure_problems(doc, problems)
    schema_check(doc, "rubric", problems, noun=_noun, message=_message)
    problems.problems.sort(key=lambda p: p.line or 0)
    problems.raise_if_any()
    return _build(doc.display, doc.data)


def _noun(where: tuple[Any, ...]) -> str:
    """What the keys under a key path are called in "unknown ...": questions, dimensions, or keys."""
    return {"questions": "rubric question", "dimensions": "quality dimension"}.get(str(where[-1]) if where else "", "key")


def _message(error: ValidationError, where: tuple[Any, ...]) -> str | None:
    """The rubric's own messages: labels YAML read as booleans, an unquoted version."""
    if where == ("labels",) and error.validator == "const":
        return _labels_message(error.instance)
    if where == ("version",) and error.validator == "type":
        return schema_problems(error)[1] + " (quote it: version: \"1\")"
    return None


def _labels_message(found: Any) -> str:
    if isinstance(found, list) and any(isinstance(v, bool) for v in found):
        return ("expected [\"yes\", \"no\", \"not_applicable\"], found true or false: YAML reads yes and no "
                "without quotes as booleans; write them in quotes")
    shown = json.dumps(found, ensure_ascii=False) if isinstance(found, (list, str)) else describe(found)
    return f"expected [\"yes\", \"no\", \"not_applicable\"], found {shown}"


def _texts(spec: Mapping[str, Any]) -> dict[str, str]:
    return {str(k).lower(): str(v) for k, v in spec["text"].items()}


def _build(display: str, data: Mapping[str, Any]) -> Rubric:
    questions = tuple(RubricQuestion(str(qid), spec["applies"], _texts(spec)) for qid, spec in data["questions"].items())
    quality = data.get("quality") or {}
    dimensions = tuple(Dimension(str(did), _texts(spec)) for did, spec in (quality.get("dimensions") or {}).items())
    pass_score = quality.get("pass_score")
    claims = bool(data.get("claims", False))
    return Rubric(display, str(data["version"]), questions, dimensions, pass_score,
                  versioned_digest(str(data["version"]), questions, dimensions, pass_score, claims), claims)


def versioned_digest(version: str, questions: Sequence[RubricQuestion], dimensions: Sequence[Dimension],
                     pass_score: int | None, claims: bool = False) -> str:
    """``sha256:`` of what the rubric's version follows: the version, the labels, each
    question's id, applicability and English text, the pass score and each dimension's id
    and English text; pure. The other languages' texts are translations and are left out,
    so that adding one changes neither the version nor the digest (nor a grader's prompt
    digest, built from it: the grader is shown the English texts)."""
    content = {
        "version": version,
        "labels": list(LABELS),
        "questions": [{"id": q.id, "applies": q.applies, "text": q.texts["en"]} for q in questions],
        "quality": {"pass_score": pass_score, "dimensions": [{"id": d.id, "text": d.texts["en"]} for d in dimensions]},
    }
    if claims:
        content["claims"] = ["supported", "unsupported", "contradicted"]
    return "sha256:" + hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()
