"""Repeated answers: the same question asked several times, as statistics.

An assistant answers differently each time it is asked. When a run asks each question more
than once (attempts 1, 2, ...), per question and measure the attempts are tallied
(:class:`Tally`: attempts and passes, which add, so batches, shards and workers merge by
addition whatever the order of the attempts in the log), and:

- a measure's rate over the run is the **mean of its questions' pass rates**, in exact
  fractions: each question weighs one, n counts questions, so retrying only the failures
  cannot bias it (a question passing 1 of 3 attempts counts 1/3, however many attempts);
- **pass^k** is the chance that k attempts of a question all pass, estimated without bias
  per question as C(c, k) / C(a, k) (c passes of a attempts) and averaged over questions
  (Yao et al. 2024, tau-bench); with k = the attempts of every question it is the share of
  questions that passed every attempt;
- a **flaky** question passed some attempts and failed others;
- the **regression test**, question by question: under "no change" a question's attempts in
  both versions are exchangeable, so given its passes over both versions the number in this
  run is hypergeometric; the exact distribution of the run's total is the convolution over
  questions, and the one-sided p of a drop is its lower tail at the observed total. With one
  attempt of every question in each version it is the exact McNemar test
  (:func:`gate.baseline.stats.mcnemar_p`); it handles different numbers of attempts per
  question and per version.

Pure and exact; nothing here reads a log (the ``attempt`` field of the log is read
elsewhere).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb


@dataclass(frozen=True)
class Tally:
    """The attempts of one question on one measure.

    Attributes:
        attempts: attempts the measure applied to (>= 0).
        passes: those that passed (0 <= passes <= attempts).
    """

    attempts: int = 0
    passes: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.passes <= self.attempts:
            raise ValueError(f"expected 0 <= passes <= attempts, found {self.passes} passes of {self.attempts} attempts")

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.attempts + other.attempts, self.passes + other.passes)

    @property
    def rate(self) -> Fraction | None:
        """The question's pass rate, or None with no attempt."""
        return Fraction(self.passes, self.attempts) if self.attempts else None

    @property
    def flaky(self) -> bool:
        """Passed some attempts and failed others."""
        return 0 < self.passes < self.attempts


@dataclass(frozen=True)
class Repeats:
    """Per question, the tally of its attempts on one measure; adds up question by question.

    Attributes:
        tallies: question id -> tally; questions with no attempt the measure applied to are
            left out.
    """

    tallies: Mapping[str, Tally] = field(default_factory=dict)

    @classmethod
    def of(cls, attempts: Iterable[tuple[str, bool | None]]) -> Repeats:
        """Tally attempts given as ``(question id, passed)``, in any order; ``None`` (the
        measure did not apply to that attempt) is not counted."""
        out: dict[str, Tally] = {}
        for qid, passed in attempts:
            if passed is None:
                continue
            out[qid] = out.get(qid, Tally()) + Tally(1, int(passed))
        return cls(out)

    def __add__(self, other: Repeats) -> Repeats:
        merged = dict(self.tallies)
        for qid, tally in other.tallies.items():
            merged[qid] = merged.get(qid, Tally()) + tally
        return Repeats(merged)

    @property
    def n(self) -> int:
        """How many questions count (each weighs one)."""
        return len(self.tallies)

    @property
    def rate(self) -> Fraction | None:
        """The mean of the questions' pass rates, exact; None with no question."""
        if not self.tallies:
            return None
        return sum((Fraction(t.passes, t.attempts) for t in self.tallies.values()), Fraction(0)) / len(self.tallies)

    def pass_hat(self, k: int | None = None) -> Fraction | None:
        """pass^k: the mean over questions of C(passes, k) / C(attempts, k), the unbiased
        chance that k attempts all pass; None with no question.

        Args:
            k: attempts that must all pass; default the fewest attempts of any question
                (with equal attempts: the share of questions that passed every attempt).

        Raises:
            ValueError: k below 1, or above a question's attempts (naming it).
        """
        if not self.tallies:
            return None
        k = min(t.attempts for t in self.tallies.values()) if k is None else k
        if k < 1:
            raise ValueError(f"expected k >= 1, found {k}")
        short = sorted(qid for qid, t in self.tallies.items() if t.attempts < k)
        if short:
            raise ValueError(f"pass^{k} needs {k} attempts of every question; {short[0]} has "
                             f"{self.tallies[short[0]].attempts}")
        total = sum((Fraction(comb(t.passes, k), comb(t.attempts, k)) for t in self.tallies.values()), Fraction(0))
        return total / len(self.tallies)

    @property
    def flaky(self) -> tuple[str, ...]:
        """The ids of the questions with passing and failing attempts, sorted."""
        return tuple(sorted(qid for qid, t in self.tallies.items() if t.flaky))


def _hypergeometric(before: Tally, now: Tally) -> tuple[int, list[int], int]:
    """A question's passes in this run given its passes over both versions: ``(lowest
    count, numerators of P(count = lowest + j), denominator)``, exact."""
    total, passes, drawn = before.attempts + now.attempts, before.passes + now.passes, now.attempts
    low, high = max(0, passes - before.attempts), min(passes, drawn)
    return low, [comb(passes, y) * comb(total - passes, drawn - y) for y in range(low, high + 1)], comb(total, drawn)


def _distribution(pairs: Sequence[tuple[Tally, Tally]]) -> tuple[int, list[int], int]:
    """The exact distribution of the run's total passes under "no change": ``(lowest total,
    numerators, denominator)``, the convolution over questions (those whose count is fixed
    only shift it)."""
    offset, numerators, denominator = 0, [1], 1
    for before, now in pairs:
        low, pmf, den = _hypergeometric(before, now)
        offset += low
        if len(pmf) == 1:
            continue
        out = [0] * (len(numerators) + len(pmf) - 1)
        for i, a in enumerate(numerators):
            if a:
                for j, b in enumerate(pmf):
                    out[i + j] += a * b
        numerators, denominator = out, denominator * den
    return offset, numerators, denominator


def repeated_p(pairs: Sequence[tuple[Tally, Tally]]) -> Fraction:
    """One-sided exact p of a drop, question by question, with repeated answers.

    Under "no change" the attempts of a question in both versions are exchangeable: given
    its passes over both, its passes in this run are hypergeometric (drawing this run's
    attempts from all of them). The run's total passes has the convolution of these as its
    exact distribution; p = P(total <= observed). With one attempt of each question in each
    version it equals :func:`gate.baseline.stats.mcnemar_p` of the broken and fixed
    questions.

    Args:
        pairs: per question, ``(baseline tally, this run's tally)``; questions with no
            attempt on either side are left out by the caller.

    Returns:
        The p-value, an exact fraction in (0, 1]; 1 with no question.

    Raises:
        ValueError: a question with no attempt in one of the versions.
    """
    _check(pairs)
    offset, numerators, denominator = _distribution(pairs)
    observed = sum(now.passes for _, now in pairs) - offset
    return Fraction(sum(numerators[: observed + 1]), denominator)


def repeated_min_p(pairs: Sequence[tuple[Tally, Tally]]) -> Fraction:
    """The smallest p :func:`repeated_p` could give with these questions' passes over both
    versions (every question at its fewest passes in this run): what Tarone's exclusion
    weighs the test by. (Each question's passes over both versions are ancillary under "no
    change".)"""
    _check(pairs)
    numerator = denominator = 1
    for before, now in pairs:
        total, passes, drawn = before.attempts + now.attempts, before.passes + now.passes, now.attempts
        low = max(0, passes - before.attempts)
        numerator *= comb(passes, low) * comb(total - passes, drawn - low)
        denominator *= comb(total, drawn)
    return Fraction(numerator, denominator)


def _check(pairs: Sequence[tuple[Tally, Tally]]) -> None:
    for i, (before, now) in enumerate(pairs):
        if not before.attempts or not now.attempts:
            side = "the baseline" if not before.attempts else "this run"
            raise ValueError(f"question {i}: no attempt in {side}; compare only questions answered in both")


@dataclass(frozen=True)
class RepeatedCell:
    """One slice x measure of a run with repeats compared with its baseline, question by question.

    Attributes:
        baseline, current: the two runs' tallies on the common questions.
        worse: questions whose pass rate fell, sorted.
        better: questions whose pass rate rose, sorted.
        p_value: :func:`repeated_p` of the common questions (one-sided, a drop).
        p_min: :func:`repeated_min_p`: what Tarone's exclusion weighs the test by.
    """

    baseline: Repeats
    current: Repeats
    worse: tuple[str, ...]
    better: tuple[str, ...]
    p_value: Fraction
    p_min: Fraction

    @property
    def delta(self) -> Fraction | None:
        """The mean of question pass rates now minus before, in rate points; None when empty."""
        before, now = self.baseline.rate, self.current.rate
        return None if before is None or now is None else now - before


def compare_repeats(baseline: Repeats, current: Repeats) -> RepeatedCell:
    """A cell compared question by question on the questions with attempts in both runs
    (in id order); pure, exact. Its ``p_value`` and ``p_min`` are a test of the family
    (:class:`gate.baseline.family.FamilyTest`)."""
    common = sorted(set(baseline.tallies) & set(current.tallies))
    before = Repeats({q: baseline.tallies[q] for q in common})
    now = Repeats({q: current.tallies[q] for q in common})
    pairs = [(before.tallies[q], now.tallies[q]) for q in common]
    rates = [(q, before.tallies[q].rate, now.tallies[q].rate) for q in common]
    worse = tuple(q for q, b, n in rates if b is not None and n is not None and n < b)
    better = tuple(q for q, b, n in rates if b is not None and n is not None and n > b)
    return RepeatedCell(before, now, worse, better, repeated_p(pairs), repeated_min_p(pairs))
