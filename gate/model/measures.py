"""The measures: what the gate computes over a run, each with its direction, unit and family.

A measure is a rate over a run (numerator over denominator, :class:`gate.model.outcomes.Count`);
the list :data:`MEASURES` is the one source every other list follows (the thresholds and
baseline schemas, the report's rows, the JSON report's keys).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Measure:
    """A rate computed over a run.

    Attributes:
        name: stable key used in thresholds.yaml and the JSON report.
        label: the name people read.
        higher_is_better: direction; for a lower-is-better measure a rule is a ceiling.
        unit: what the denominator counts (``answers``, ``citations``, ``figures``).
        description: one sentence for the README and the reports.
        family: the family the report keeps it in, never blended with another (see
            :data:`FAMILIES`): ``automatic``, ``code_checks``, ``rubric`` or ``quality``.
    """

    name: str
    label: str
    higher_is_better: bool
    unit: str
    description: str
    family: str = "automatic"


#: The families of measures, in report order, with the heading people read. The report
#: groups measures by family and never blends two families into one number.
FAMILIES: tuple[tuple[str, str], ...] = (
    ("automatic", "automatic measures"),
    ("code_checks", "code checks"),
    ("rubric", "rubric"),
    ("quality", "quality"),
)


MEASURES: tuple[Measure, ...] = (
    Measure("numeric_accuracy", "numeric accuracy", True, "answers",
            "share of questions expecting an answer whose answer states every expected value"),
    Measure("citation_validity", "citation validity", True, "citations",
            "share of cited identifiers that were among the records retrieved for that answer"),
    Measure("refusal_accuracy", "refusal accuracy", True, "answers",
            "recall of refusals: share of questions that should be declined and were "
            "(a question declined that should have been answered counts against answer rate)"),
    Measure("answer_rate", "answer rate when expected", True, "answers",
            "share of questions that should be answered and were"),
    Measure("unsupported_numbers", "unsupported numbers", False, "figures",
            "share of figures stated in answers that no retrieved value, question number or passage supports"),
    Measure("cross_language_consistency", "cross-language agreement", True, "groups",
            "share of question groups answered in two languages or more whose answers agree across languages "
            "(per language: share of its grouped answers that agree with their group)"),
    # Code checks: deterministic checks before any judge, see gate/checks/.
    Measure("retrieval_presence", "retrieval presence", True, "answers",
            "share of answers whose retrieved series include every series the set expects", "code_checks"),
    Measure("quote_grounding", "quote grounding", True, "quotes",
            "share of quotes in answers that appear word for word in a cited passage", "code_checks"),
    Measure("format", "format", True, "answers",
            "share of answers that keep the format rules (citations, markers, length, JSON and its schema)", "code_checks"),
    Measure("exact_match", "exact match", True, "answers",
            "share of questions with one right label whose answer gives exactly that label", "code_checks"),
    Measure("period_match", "period match", True, "figures",
            "share of figures bound to an observation whose stated period is the observation's period", "code_checks"),
    Measure("period_unstated", "no stated period", False, "figures",
            "share of figures bound to an observation for which the answer states no period (counted apart, never guessed)", "code_checks"),
    Measure("unit_stated", "unit stated", True, "figures",
            "share of figures bound to an observation that carry a unit compatible with the observation's", "code_checks"),
    Measure("caveat_stated", "caveat stated", True, "answers",
            "share of answers stating a figure from an observation with a caveat that say the caveat", "code_checks"),
    Measure("series_match", "series match", True, "figures",
            "share of figures bound to an observation whose series the answer cites (and the set expects)", "code_checks"),
    Measure("set_stale", "stale expectation", False, "answers",
            "share of answers to questions with an expected_period whose expected series' observation of that period "
            "the source now gives with another value: the set is stale, not the assistant", "code_checks"),
    # The rubric, from readers' judgements: see gate/review.py.
    Measure("rubric_pass", "rubric pass", True, "answers",
            "share of judged answers that pass every rubric question that applies to them", "rubric"),
    Measure("rubric_series", "rubric: right series", True, "answers",
            "share of judged answers the readers found to use the right series", "rubric"),
    Measure("rubric_period", "rubric: right period", True, "answers",
            "share of judged answers the readers found to give the right period", "rubric"),
    Measure("rubric_unit", "rubric: unit stated", True, "answers",
            "share of judged answers the readers found to state the unit", "rubric"),
    Measure("rubric_caveat", "rubric: caveat stated", True, "answers",
            "share of judged answers with a known caveat that state it, as the readers found", "rubric"),
    Measure("rubric_no_unsupported_claim", "rubric: no unsupported claim", True, "answers",
            "share of judged answers the readers found to claim nothing the retrieved records do not support", "rubric"),
    Measure("grounded_claim_rate", "grounded claim rate", True, "claims",
            "share of the claims judged (rubric claims: true) that the evidence supports, code overruling a claim "
            "with an unsupported figure or an invalid citation", "rubric"),
    Measure("contradicted_claims", "contradicted claims", False, "answers",
            "share of answers judged claim by claim with at least one claim the evidence contradicts", "rubric"),
    Measure("reviewed_share", "reviewed share", True, "answers",
            "share of the run's answers that a person judged", "rubric"),
    Measure("grader_reviewed_share", "grader judgements re-read", True, "answers",
            "share of the answers a counted grader judged that a person judged too", "rubric"),
    # Quality (scored 1 to 5), never blended with groundedness.
    Measure("quality_answer_correctness", "quality: answer correctness", True, "answers",
            "share of scored answers whose answer correctness is at or above the rubric's pass score", "quality"),
    Measure("quality_completeness", "quality: completeness", True, "answers",
            "share of scored answers whose completeness is at or above the rubric's pass score", "quality"),
    Measure("quality_instruction_following", "quality: instruction following", True, "answers",
            "share of scored answers whose instruction following is at or above the rubric's pass score", "quality"),
    Measure("quality_clarity", "quality: clarity", True, "answers",
            "share of scored answers whose clarity is at or above the rubric's pass score", "quality"),
    Measure("decision_pass", "decision pass", True, "answers",
            "share of decided answers that pass: neither fail_groundedness nor fail_quality", "quality"),
)
MEASURE_BY_NAME: dict[str, Measure] = {m.name: m for m in MEASURES}
#: The measures scored claim by claim, only where the rubric asks for claims (``claims: true``).
CLAIM_MEASURES: tuple[str, ...] = ("grounded_claim_rate", "contradicted_claims")


def measures_of(families: Iterable[str]) -> tuple[Measure, ...]:
    """The measures of some families, in :data:`MEASURES` order."""
    wanted = set(families)
    return tuple(m for m in MEASURES if m.family in wanted)


AUTOMATIC = tuple(m.name for m in MEASURES if m.family == "automatic")
_AUTOMATIC_DIRECTIONS = tuple((m.name, m.higher_is_better) for m in MEASURES if m.family == "automatic")
