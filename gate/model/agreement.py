"""Agreement between readers: Cohen's kappa, and graders validated against people.

Cohen's kappa (Cohen, 1960, "A coefficient of agreement for nominal scales") is the
agreement of two raters on the same items beyond what chance would give::

    kappa = (p_o - p_e) / (1 - p_e)

with ``p_o`` the share of items both raters labelled alike and ``p_e`` the agreement
expected by chance from each rater's share of each label. It is computed here in exact
fractions. It is *undefined* (None, never 0 or NaN) when there is nothing to compare, or
when either rater gives a single label throughout: a rater who never varies shows nothing
about agreement beyond chance (the formula then gives 0 or 0/0, neither of which is a
measurement).

A grader (a model used as a reader) is validated against people, on the answers both it
and a person judged: per rubric question kappa between the person's label
and the grader's, with the overlap n. It counts only while it has at least ``min_overlap``
answers in common with people and a kappa of at least ``min_kappa`` on every rubric
question the rubric has.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Kappa:
    """Cohen's kappa of one pair of raters on one question.

    Attributes:
        n: items both rated.
        observed: ``p_o``, the share rated alike (None when n = 0).
        expected: ``p_e``, the share chance would give (None when n = 0).
        value: kappa, or None when undefined.
        reason: why it is undefined, "" otherwise.
    """

    n: int
    observed: Fraction | None
    expected: Fraction | None
    value: Fraction | None
    reason: str = ""


def cohen_kappa(pairs: Iterable[tuple[str, str]]) -> Kappa:
    """Cohen's kappa of two raters' labels on the same items; pure, exact.

    Args:
        pairs: ``(label of rater A, label of rater B)`` per item.

    Returns:
        The kappa with its parts; ``value`` None when undefined (no items, or a rater
        who gives a single label).
    """
    pairs = list(pairs)
    n = len(pairs)
    if n == 0:
        return Kappa(0, None, None, None, "no answer judged by both")
    a = Counter(x for x, _ in pairs)
    b = Counter(y for _, y in pairs)
    observed = Fraction(sum(x == y for x, y in pairs), n)
    expected = sum((Fraction(a[k], n) * Fraction(b[k], n) for k in set(a) | set(b)), Fraction(0))
    if len(a) == 1 or len(b) == 1:
        single = next(iter(a)) if len(a) == 1 else next(iter(b))
        who = "both raters" if len(a) == 1 and len(b) == 1 else ("the first rater" if len(a) == 1 else "the second rater")
        return Kappa(n, observed, expected, None, f"undefined: {who} gave only {single!r}")
    return Kappa(n, observed, expected, (observed - expected) / (1 - expected))


@dataclass(frozen=True)
class Validation:
    """Whether a grader counts, and why.

    Attributes:
        overlap: answers both the grader and a person judged.
        kappas: rubric question id -> kappa between people and the grader.
        validated: whether its judgements count.
        reason: a sentence for people.
        claims_matched: with claims asked for, ``(matched, people's claims)``: how many of
            the people's claims a claim of the grader's overlapped (compared by label);
            None otherwise.
    """

    overlap: int
    kappas: Mapping[str, Kappa]
    validated: bool
    reason: str
    claims_matched: tuple[int, int] | None = None


def validate_grader(pairs: Mapping[str, Sequence[tuple[str, str]]], overlap: int,
                    min_kappa: Fraction, min_overlap: int, claims_matched: tuple[int, int] | None = None) -> Validation:
    """Decide whether a grader counts; pure.

    Args:
        pairs: rubric question id -> ``(person's label, grader's label)`` on the answers
            both judged.
        overlap: how many answers both judged.
        min_kappa, min_overlap: the floors of ``graders`` in thresholds.yaml.
        claims_matched: with claims, how many of the people's claims were matched (kept
            in the validation for the report).

    Returns:
        The validation: validated only with overlap >= min_overlap and, on every rubric
        question, a defined kappa >= min_kappa.
    """
    kappas = {q: cohen_kappa(p) for q, p in pairs.items()}
    if overlap < min_overlap:
        return Validation(overlap, kappas, False, f"not validated: {overlap} answer(s) judged by a person too, min_overlap is {min_overlap}",
                          claims_matched)
    low = []
    for q, k in kappas.items():
        if k.value is None:
            low.append(f"{q} kappa {k.reason}")
        elif k.value < min_kappa:
            low.append(f"{q} kappa {format_kappa(k.value)} < {format_kappa(min_kappa)}")
    if low:
        return Validation(overlap, kappas, False, "not validated: " + "; ".join(low), claims_matched)
    return Validation(overlap, kappas, True, f"validated: kappa at least {format_kappa(min_kappa)} on every rubric question, n={overlap}",
                      claims_matched)


def format_kappa(value: Fraction | None) -> str:
    """Kappa with two decimals, rounded half up; ``undefined`` for None."""
    if value is None:
        return "undefined"
    from gate.core.decimals import round_half_up

    return f"{round_half_up(value, 2):.2f}"


@dataclass(frozen=True)
class GraderChange:
    """A grader's name met under more than one identity: the grader changed.

    Attributes:
        name: the grader's name.
        parts: what differs between its identities: ``model``, ``prompt`` or both.
        models: the models met, in the order given.
        prompts: the prompt digests met, in the order given.
    """

    name: str
    parts: tuple[str, ...]
    models: tuple[str, ...]
    prompts: tuple[str, ...]

    @property
    def sentence(self) -> str:
        """What changed, for people: ``grader-x changed its model (m1, m2): ...``."""
        said = []
        if "model" in self.parts:
            said.append(f"its model ({', '.join(self.models)})")
        if "prompt" in self.parts:
            said.append(f"its prompt ({', '.join(p[:15] for p in self.prompts)})")
        return (f"{self.name} changed {' and '.join(said)}: a changed grader is a new grader and must be validated "
                f"again against people; the earlier one's validation does not carry over")


def grader_changes(identities: Iterable[tuple[str, str, str]]) -> list[GraderChange]:
    """The graders whose name comes with more than one identity; pure.

    Args:
        identities: ``(name, model, prompt digest)`` of each grader met, in report order
            (duplicates allowed).

    Returns:
        One change per such name, in the order names were first met, naming the parts
        (model, prompt) that differ.
    """
    by_name: dict[str, list[tuple[str, str]]] = {}
    for name, model, prompt in identities:
        seen = by_name.setdefault(name, [])
        if (model, prompt) not in seen:
            seen.append((model, prompt))
    out = []
    for name, seen in by_name.items():
        if len(seen) < 2:
            continue
        models = tuple(dict.fromkeys(m for m, _ in seen))
        prompts = tuple(dict.fromkeys(p for _, p in seen))
        parts = tuple(part for part, values in (("model", models), ("prompt", prompts)) if len(values) > 1)
        out.append(GraderChange(name, parts, models, prompts))
    return out
