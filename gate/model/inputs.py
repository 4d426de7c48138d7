"""The records of the inputs: questions, observations, answers, the set, the run and the join."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from gate.model.periods import Period

if TYPE_CHECKING:
    pass


RUN_FILE_NAME = re.compile(r"answers_run_assistant-(?P<assistant>.+?)_set-(?P<set>.+?)\.jsonl$")
#: What a merged log line may carry inline, as a question-set line does (validated by the
#: same definitions: gate/schemas/answer.schema.json repeats question.schema.json's).
MERGED_FIELDS = ("expected_behaviour", "expected_values", "expected_ids", "expected_caveats", "expected_label",
                 "answer_format", "answer_schema", "expected_period", "acceptable_ids")


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
        expected_caveats: caveats a right answer states (``provisional``, ``estimated``,
            ``break``, ``forecast``, or free text); checked by ``caveat_stated`` for the
            figures an answer takes from observations.
        expected_label: the one right label (a classification, category or code), checked
            by ``exact_match``; None when the question has none.
        answer_format: ``json`` when the answer must be a JSON document, else None.
        answer_schema: the JSON Schema a JSON answer must validate against, as loaded
            from the file the set names (relative to the set), or None.
        line: 1-based line in the set file.
        expected_period: the SDMX period the expected values are for (``2024``,
            ``2025-Q2``), or None; with it, a value the source has revised since the set
            was written is told apart from a wrong answer (``set_stale``).
        acceptable_ids: series that may answer the question in their own right, beside
            ``expected_ids`` (``series_match`` accepts a figure from them).
        group: questions with the same group are the same question in different languages
            (their answers are compared across languages: ``cross_language_consistency``);
            None when the question is in no group.
    """

    question_id: str
    language: str
    text: str
    expected_behaviour: str
    expected_values: tuple[Decimal, ...] = ()
    expected_ids: tuple[str, ...] = ()
    expected_caveats: tuple[str, ...] = ()
    line: int = 0
    expected_label: str | None = None
    answer_format: str | None = None
    answer_schema: Any = field(default=None, compare=False)
    expected_period: str | None = None
    acceptable_ids: tuple[str, ...] = ()
    group: str | None = None


#: SDMX observation status codes (the SDMX code list CL_OBS_STATUS, version 2.2), with
#: their meaning. A value outside this list is an input error.
OBS_STATUS: dict[str, str] = {
    "A": "normal value",
    "B": "time series break",
    "D": "definition differs",
    "E": "estimated value",
    "F": "forecast value",
    "G": "experimental value",
    "H": "missing value; holiday or weekend",
    "I": "imputed value",
    "K": "data included in another category",
    "L": "missing value; data exist but were not collected",
    "M": "missing value; data cannot exist",
    "N": "not significant",
    "O": "missing value",
    "P": "provisional value",
    "Q": "missing value; suppressed",
    "S": "strike and other special events",
    "U": "low reliability",
    "V": "unvalidated value",
    "W": "includes data from another category",
}


@dataclass(frozen=True)
class Observation:
    """One retrieved data point as official statistics publish it (SDMX: series key,
    TIME_PERIOD, OBS_VALUE, UNIT_MEASURE, OBS_STATUS).

    Attributes:
        series: the series id (as in ``retrieved_ids`` and ``cited_ids``).
        period: the SDMX time period as logged (``2024``, ``2025-Q2``, ``2024-04-01/P1Y``).
        span: the interval of days it covers (see :func:`gate.model.periods.parse_sdmx_period`).
        value: the value, exact, in units: the published OBS_VALUE times 10 to the
            ``unit_mult`` (68,400 in thousands is 68400000).
        unit: the unit as a word or code (``percent``, ``per 1,000``, ``EUR``), or None.
        status: an SDMX observation status code (:data:`OBS_STATUS`), or None.
        caveats: free-text caveats, as logged.
        unit_mult: SDMX UNIT_MULT, the power of ten the published value is in (3:
            thousands, 6: millions); 0 when the log gives none.
    """

    series: str
    period: str
    span: Period
    value: Decimal
    unit: str | None = None
    status: str | None = None
    caveats: tuple[str, ...] = ()
    unit_mult: int = 0

    @property
    def published(self) -> Decimal:
        """The value as published, in its ``unit_mult`` (68400 for 68,400 thousand)."""
        return self.value.scaleb(-self.unit_mult) if self.unit_mult else self.value


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
        retrieved_observations: the observations retrieved, in file order; their values
            are in ``retrieved_values`` too (after the values logged there).
        attempt: which attempt at its question the line is (1, 2, ...) in a run with
            repeated answers, or None.
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
    retrieved_observations: tuple[Observation, ...] = ()
    attempt: int | None = None


@dataclass(frozen=True)
class QuestionSet:
    """A versioned question set.

    Attributes:
        path: the file as given, or the run log's path for the merged form.
        version: from the header line, or None.
        questions: in file order: a tuple, or, as :func:`load_question_set` gives them, a
            :class:`gate.inputs.question_index.QuestionIndex` that reads each from the file.
        notices: warnings met while loading (reported, not fatal).
        rejected: ids of question lines that were reported as bad input and left out, so
            that an answer to one is not reported a second time as "not in the set".
    """

    path: str
    version: str | None
    questions: Sequence[Question]
    notices: tuple[str, ...] = ()
    rejected: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Run:
    """A logged answer run.

    Attributes:
        path: the file as given.
        assistant_version, set_version: from the header line or the file name, or None.
        answers: in file order.
        merged_set: the question set carried inline (merged form), else None.
        notices: warnings met while loading.
        carried: the lines of the answers that carry expectations (``expected_*`` fields),
            those whose expectations were rejected as bad input included.
    """

    path: str
    assistant_version: str | None
    set_version: str | None
    answers: tuple[Answer, ...]
    merged_set: QuestionSet | None = None
    notices: tuple[str, ...] = ()
    carried: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Joined:
    """The answers joined to their questions, in the set's order.

    Attributes:
        pairs: ``(question, answer or None)`` for each question of the set; None means the
            run has no answer for it.
        notices: warnings from the join (set version differs, missing answers).
    """

    pairs: Sequence[tuple[Question, Answer | None]]
    notices: tuple[str, ...] = ()
