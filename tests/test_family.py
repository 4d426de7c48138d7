"""One decision over many slices (issue 23): the family of regression rules, Holm's step-down
with Tarone's exclusion, and a run that changes nothing failing at most alpha of the time."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from math import sqrt
from pathlib import Path

import pytest

from gate.baseline.family import FamilyTest, adjust, tarone_k
from gate.baseline.regression import decide_family
from gate.baseline.stats import flips_needed, mcnemar_min_p, mcnemar_p
from gate.rules.comparison import ComparedCell
from gate.model.outcomes import Count
from gate.rules.thresholds import Rule, Thresholds
from gate.rules.verdict import FAIL, PASS, SKIP, WARN, RuleResult
from tests.test_inputs import write_lines

ALPHA = Fraction(1, 20)


def t(p: Fraction, p_min: Fraction | None = None) -> FamilyTest:
    return FamilyTest(p, p if p_min is None else p_min)


# ------------------------------------------------------------------------------ the statistics


def test_smallest_attainable_p_and_flips_needed():
    assert [mcnemar_min_p(n) for n in (0, 1, 5)] == [1, Fraction(1, 2), Fraction(1, 32)]
    assert mcnemar_min_p(5) == mcnemar_p(5, 0)
    # 1/32 < 0.05 but 1/16 is not; 1/64 < 0.025 but 1/32 is not; exactly at the level is not below it
    assert (flips_needed(ALPHA), flips_needed(ALPHA / 2), flips_needed(Fraction(1, 16)), flips_needed(Fraction(1))) == (5, 6, 5, 1)
    with pytest.raises(ValueError):
        flips_needed(Fraction(0))


@pytest.mark.parametrize("p_mins, k", [
    ([], 1),
    ([Fraction(1)] * 10, 1),                                   # nothing can reach alpha: K = 1
    ([Fraction(1, 32), Fraction(1, 32)], 2),                   # both reach 0.05, neither 0.025
    ([Fraction(1, 32), Fraction(1, 2)], 1),                    # one test can reach 0.05: it stands alone
    ([Fraction(1, 1024)] * 3 + [Fraction(1, 32)] * 5, 3),     # k=3: 3 reach 1/60 (the 1/1024s), 3 <= 3
])
def test_tarone_k(p_mins, k):
    assert tarone_k(sorted(p_mins), ALPHA) == k
    # brute force: the smallest k with #{p_min < alpha/k} <= k
    assert k == next(j for j in range(1, len(p_mins) + 2) if sum(p < ALPHA / j for p in p_mins) <= j)


def test_holm_tarone_by_hand():
    # four tests: raw p and the least p each could reach (its flips)
    tests = [t(Fraction(1, 1024)), t(Fraction(3, 64), Fraction(1, 64)), t(Fraction(1, 2), Fraction(1, 2)), t(Fraction(1, 40), Fraction(1, 128))]
    out = adjust(tests, ALPHA, "holm")
    # step 1: p_mins 1/1024, 1/128, 1/64, 1/2; k=1: 3 reach 0.05 > 1; k=2: 3 reach 0.025 > 2; k=3: 3 reach 1/60 <= 3: K=3
    #   smallest p 1/1024: adjusted 3/1024 < 0.05, rejected
    assert (out[0].adjusted_p, out[0].level, out[0].rejected) == (Fraction(3, 1024), ALPHA / 3, True)
    # step 2: p_mins 1/128, 1/64, 1/2; k=1: 2 > 1; k=2: 2 reach 0.025 <= 2: K=2; p 1/40: adjusted 1/20, not below alpha: stop
    assert (out[3].adjusted_p, out[3].level, out[3].reachable, out[3].rejected) == (Fraction(1, 20), ALPHA / 2, True, False)
    # step 3: p_mins 1/64, 1/2: K=1; p 3/64: adjusted max(1/20, 3/64) = 1/20, not rejected (the procedure stopped)
    assert (out[1].adjusted_p, out[1].rejected) == (Fraction(1, 20), False)
    # step 4: 1/2 can reach 1/2 at best: not reachable at 0.05
    assert (out[2].adjusted_p, out[2].reachable, out[2].rejected) == (Fraction(1, 2), False, False)


def test_bonferroni_and_none_by_hand():
    tests = [t(Fraction(1, 1024)), t(Fraction(1, 32)), t(Fraction(1))]
    bonferroni = adjust(tests, ALPHA, "bonferroni")
    assert [a.adjusted_p for a in bonferroni] == [Fraction(3, 1024), Fraction(3, 32), 1]
    assert [a.rejected for a in bonferroni] == [True, False, False]
    assert [a.reachable for a in bonferroni] == [True, False, False]    # 1/32 >= 0.05/3
    none = adjust(tests, ALPHA, "none")
    assert [a.adjusted_p for a in none] == [Fraction(1, 1024), Fraction(1, 32), 1] and [a.rejected for a in none] == [True, True, False]
    with pytest.raises(ValueError, match="expected a correction in holm, bonferroni, none, found 'bh'"):
        adjust(tests, ALPHA, "bh")


def test_holm_with_tarone_rejects_whatever_bonferroni_rejects():
    rng = random.Random(7)
    for _ in range(300):
        tests = []
        for _ in range(rng.randint(1, 12)):
            flips = rng.randint(0, 12)
            broken = rng.randint(0, flips)
            tests.append(FamilyTest(mcnemar_p(broken, flips - broken), mcnemar_min_p(flips)))
        holm, bonf = adjust(tests, ALPHA, "holm"), adjust(tests, ALPHA, "bonferroni")
        assert all(h.rejected for h, b in zip(holm, bonf) if b.rejected)
        assert all(h.adjusted_p <= b.adjusted_p for h, b in zip(holm, bonf))
        assert all(a.rejected == (a.adjusted_p < ALPHA) for a in holm)


def _chance_of_any_rejection(flips: tuple[int, ...], correction: str) -> Fraction:
    """Every outcome of independent cells under "no change" (each flip breaks with chance
    1/2), enumerated: the exact chance that the family rejects any test."""
    from itertools import product
    from math import comb

    rejected = Fraction(0)
    for broken in product(*(range(n + 1) for n in flips)):
        tests = [FamilyTest(mcnemar_p(b, n - b), mcnemar_min_p(n)) for b, n in zip(broken, flips)]
        if any(a.rejected for a in adjust(tests, ALPHA, correction)):
            weight = Fraction(1)
            for b, n in zip(broken, flips):
                weight *= Fraction(comb(n, b), 2**n)
            rejected += weight
    return rejected


@pytest.mark.parametrize("flips", [(5, 5), (5, 6, 8), (6, 6, 7, 9), (1, 2, 12, 12), (0, 5, 20)])
@pytest.mark.parametrize("correction", ["holm", "bonferroni"])
def test_the_chance_of_any_false_failure_is_at_most_alpha_exactly(flips, correction):
    assert _chance_of_any_rejection(flips, correction) <= ALPHA


def test_without_a_correction_the_exact_chance_exceeds_alpha():
    # (5, 6, 8): 0.0195 with holm, 0.0799 with none; (6, 6, 7, 9): 0.0098 and 0.0574
    assert _chance_of_any_rejection((5, 6, 8), "none") > ALPHA and _chance_of_any_rejection((6, 6, 7, 9), "none") > ALPHA
    assert float(_chance_of_any_rejection((5, 6, 8), "holm")) == pytest.approx(0.01947, abs=1e-5)


# ------------------------------------------------------------------------------ the simulation

LANGUAGES = ("de", "en", "es", "fr", "it", "nl", "pl", "pt")
#: Eight measures, each with a drop rule of 0.02 (one question in 25 breaks it), passing with
#: these probabilities in both versions: nothing changes but chance.
RATES = (0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.6, 0.5)
MEASURES = ("numeric_accuracy", "citation_validity", "refusal_accuracy", "answer_rate", "retrieval_presence", "format",
            "exact_match", "rubric_pass")
PER_LANGUAGE = 25
RUNS = 2000


def _rule(measure: str) -> Rule:
    return Rule(measure, "max_drop", Fraction(1, 50), "error", "t.yaml:1")


def _null_cells(rng: random.Random) -> list[ComparedCell]:
    """One null pair of runs: 8 languages x 25 questions, every answer right with the same
    probability in both versions; its cells (all and each language) x the ten measures."""
    cells = []
    for measure, rate in zip(MEASURES, RATES):
        per_language = []
        for _ in LANGUAGES:
            before = [rng.random() < rate for _ in range(PER_LANGUAGE)]
            after = [rng.random() < rate for _ in range(PER_LANGUAGE)]
            per_language.append((sum(before), sum(after), sum(b and not a for b, a in zip(before, after)),
                                 sum(a and not b for b, a in zip(before, after))))
        rows = [("all", tuple(sum(x[i] for x in per_language) for i in range(4)))]
        rows += [(f"language={lang}", row) for lang, row in zip(LANGUAGES, per_language)]
        for slice_name, (was, now, broken, fixed) in rows:
            n = PER_LANGUAGE * (len(LANGUAGES) if slice_name == "all" else 1)
            p = mcnemar_p(broken, fixed)
            rule = _rule(measure)
            # the cell as compare_cell leaves it: each rule checked alone, then decided in the family
            result = RuleResult(slice_name, rule, PASS, None, n, "", could_decide=True)
            cells.append(ComparedCell(slice_name, measure, Count(was, n), Count(now, n), ("b",) * broken, ("f",) * fixed, p, (result,)))
    return cells


def _failed(cells: list[ComparedCell], correction: str) -> bool:
    thresholds = Thresholds(path="t.yaml", min_n=20, alpha=ALPHA, correction=correction)
    return any(r.status == FAIL for c in decide_family(cells, thresholds) for r in c.results)


def _failed_uncorrected(cells: list[ComparedCell]) -> bool:
    """correction none, read straight from the cells (the same rule: a drop beyond 0.02 and p < alpha)."""
    return any(c.p_value < ALPHA and c.baseline.numerator - c.current.numerator > Fraction(1, 50) * c.baseline.denominator
               for c in cells)


def test_a_run_that_changes_nothing_fails_at_most_alpha_of_the_time():
    rng = random.Random(23)
    holm = none = 0
    for i in range(RUNS):
        cells = _null_cells(rng)
        holm += _failed(cells, "holm")
        uncorrected = _failed_uncorrected(cells)
        if i < 50:  # the shortcut reads as the gate does
            assert uncorrected == _failed(cells, "none")
        none += uncorrected
    margin = 3 * sqrt(float(ALPHA) * (1 - float(ALPHA)) / RUNS)
    rate, rate_none = holm / RUNS, none / RUNS
    print(f"\nnull pairs of runs: {RUNS}, 9 slices x 8 measures; false failures: holm {rate:.4f}, none {rate_none:.4f} "
          f"(alpha 0.05, Monte Carlo margin {margin:.4f})")
    assert rate <= float(ALPHA) + margin
    # without the correction the same runs fail far more often than alpha
    assert rate_none > 2 * float(ALPHA)


# ------------------------------------------------------------------------------ runs of our own


def _question(qid: str, language: str) -> dict:
    return {"question_id": qid, "language": language, "question": "What was the rate?", "expected_behaviour": "answer",
            "expected_values": [7.6], "expected_ids": ["S1"]}


def _answer(qid: str, language: str, value: str = "7.6") -> dict:
    # 9.9 is retrieved too: a wrong answer is a numeric mismatch, not an invented figure
    return {"question_id": qid, "language": language, "question": "What was the rate?", "retrieved_ids": ["S1"],
            "retrieved_values": [7.6, 9.9], "answer": f"The rate was {value}% (S1).", "cited_ids": ["S1"], "declined": False}


THRESHOLDS = """version: 1
slices:
  min_n: 20
measures:
  numeric_accuracy: {min: 0.5, max_drop: 0.02}
  citation_validity: {min: 0.5, max_drop: 0.02}
regression:
  alpha: 0.05
"""


def _runs(workdir: Path, broken: int, thresholds: str = THRESHOLDS) -> None:
    """Eight languages of 25 questions; version 1.0 answers all right, 1.1 breaks ``broken``
    questions of German only."""
    ids = [(f"{lang}{i:02d}", lang) for lang in LANGUAGES for i in range(PER_LANGUAGE)]
    write_lines(workdir / "set.jsonl", [{"set": {"version": "1"}}] + [_question(q, lang) for q, lang in ids])
    write_lines(workdir / "run_1.0.jsonl", [{"run": {"assistant_version": "1.0", "set_version": "1"}}] + [_answer(q, lang) for q, lang in ids])
    wrong = {q for q, lang in ids if lang == "de"}
    wrong = set(sorted(wrong)[:broken])
    write_lines(workdir / "run_1.1.jsonl", [{"run": {"assistant_version": "1.1", "set_version": "1"}}]
                + [_answer(q, lang, "9.9" if q in wrong else "7.6") for q, lang in ids])
    (workdir / "t.yaml").write_text(thresholds, "utf-8")


def _check(cli, *extra: str):
    assert cli("baseline", "save", "run_1.0.jsonl", "--questions", "set.jsonl", "--thresholds", "t.yaml")[0] == 0
    code, out, err = cli("check", "run_1.1.jsonl", "--questions", "set.jsonl", "--thresholds", "t.yaml", "--json", "out.json", *extra)
    return code, out, err, json.loads(Path("out.json").read_text("utf-8"))


def _rule_of(data: dict, slice_name: str, measure: str = "numeric_accuracy") -> dict:
    return next(r for r in data["rules"] if (r["slice"], r["measure"], r["kind"]) == (slice_name, measure, "max_drop"))


def test_a_chance_5_0_drop_in_one_language_of_eight_is_absorbed(workdir, cli):
    _runs(workdir, broken=5)
    code, out, err, data = _check(cli)
    assert code == 0, (out, err)
    # the family: 2 measures x 9 slices, every cell n=25 or 200 >= min_n 20
    assert (data["comparison"]["method"]["correction"], data["comparison"]["method"]["family"]) == ("holm", 18)
    # 5 broken, 0 fixed: p = 1/32 in German and in all. Step 1 (all, first of the tie): two tests can reach 0.05,
    # none 0.025 (Tarone's K = 2), and 5 flips cannot reach 0.025: insufficient evidence, adjusted p = 2/32.
    every = _rule_of(data, "all")
    assert every["status"] == "warn" and every["test"] == {
        "p_value": 0.03125, "p_value_exact": "1/32", "adjusted_p": 0.0625, "adjusted_p_exact": "1/16", "correction": "holm",
        "family": 18, "in_family": True, "reachable": False}
    assert every["reason"] == (
        "insufficient evidence: with n = 200 a drop of 0.03 or more could be detected (6 broken, none fixed); 5 broken, 0 fixed "
        "can reach p=0.0313 at best, not below 0.025 (adjusted p=0.0625; p=0.0313, Holm's step-down with Tarone's exclusion "
        "over a family of 18)")
    # step 2 (German): K = 1, so 1/32 could reach 0.05, but the step-down stopped: adjusted p = max(1/16, 1/32)
    de = _rule_of(data, "language=de")
    assert de["status"] == "warn" and (de["test"]["adjusted_p_exact"], de["test"]["reachable"]) == ("1/16", True)
    assert de["reason"] == ("drop within noise (adjusted p=0.0625, not below alpha 0.05; p=0.0313, Holm's step-down with "
                            "Tarone's exclusion over a family of 18; 5 broken, 0 fixed)")
    assert _rule_of(data, "all")["test"]["adjusted_p_exact"] == "1/16"
    assert "answer-gate passed with warnings" in out and "Holm's step-down with Tarone's exclusion over a family of 18 rules" in out
    assert "adjusted p=0.0625" in out


def test_the_same_drop_fails_each_rule_alone_with_correction_none(workdir, cli):
    _runs(workdir, broken=5, thresholds=THRESHOLDS + "  correction: none\n")
    code, out, err, data = _check(cli)
    assert code == 1, (out, err)
    de = _rule_of(data, "language=de")
    assert de["status"] == "fail" and de["test"]["correction"] == "none" and de["test"]["adjusted_p_exact"] == "1/32"
    assert de["reason"] == "adjusted p=0.0313 < alpha 0.05 (p=0.0313, no correction over a family of 18; 5 broken, 0 fixed)"


def test_a_regression_large_enough_survives_the_correction(workdir, cli):
    _runs(workdir, broken=12)
    code, out, err, data = _check(cli)
    assert code == 1, (out, err)
    de = _rule_of(data, "language=de")
    # 12 broken, 0 fixed: p = 1/4096; K = 2 (two tests reach 0.05 and 0.025, none of the others any)
    assert de["status"] == "fail" and (de["test"]["p_value_exact"], de["test"]["adjusted_p_exact"]) == ("1/4096", "1/2048")
    assert de["reason"] == ("adjusted p=0.000488 < alpha 0.05 (p=0.000244, Holm's step-down with Tarone's exclusion over a "
                            "family of 18; 12 broken, 0 fixed)")
    assert _rule_of(data, "all")["status"] == "fail"
    assert [r["slice"] for r in data["rules"] if r["status"] == "fail"] == ["all", "language=de"]


def test_bonferroni_divides_alpha_by_the_whole_family(workdir, cli):
    _runs(workdir, broken=8, thresholds=THRESHOLDS + "  correction: bonferroni\n")
    code, out, err, data = _check(cli)
    # 8 broken: p = 1/256; 18 x 1/256 = 0.0703, not below 0.05; Holm with Tarone (K = 2) fails it
    de = _rule_of(data, "language=de")
    assert code == 0 and de["status"] == "warn" and de["test"]["adjusted_p_exact"] == "9/128", (out, err)


def test_a_run_where_no_rule_could_decide_is_undecided(workdir, cli):
    _runs(workdir, broken=0, thresholds=THRESHOLDS.replace("min_n: 20", "min_n: 500"))
    code, out, err, data = _check(cli)
    assert code == 1, (out, err)
    reason = ("no rule could decide: 36 rule(s) on cells with n below min_n (a direction only); to decide, lower slices.min_n, "
              "add questions, make a rule severity error, or compare with a baseline")
    assert data["verdict"]["passed"] is False and data["verdict"]["undecided"] == reason
    assert reason in out
    assert (data["comparison"]["method"]["family"], data["verdict"]["failed"]) == (0, 0)
    assert "alpha 0.05, no regression rule in the family (none of severity error on a cell with n >= min_n)" in out


def test_family_is_fixed_before_the_flips(workdir):
    """Severity warn and cells below min_n stay outside the family, whatever their flips."""
    n, alpha = 25, ALPHA
    error, warn = _rule("numeric_accuracy"), Rule("citation_validity", "max_drop", Fraction(1, 50), "warn", "t.yaml:2")
    cells = [
        ComparedCell("all", "numeric_accuracy", Count(n, n), Count(n - 12, n), ("b",) * 12, (), mcnemar_p(12, 0),
                     (RuleResult("all", error, PASS, None, n, ""),)),
        ComparedCell("all", "citation_validity", Count(n, n), Count(n - 12, n), ("b",) * 12, (), mcnemar_p(12, 0),
                     (RuleResult("all", warn, PASS, None, n, ""),)),
        ComparedCell("language=de", "numeric_accuracy", Count(10, 10), Count(0, 10), ("b",) * 10, (), mcnemar_p(10, 0),
                     (RuleResult("language=de", error, PASS, None, 10, ""),)),
        ComparedCell("language=fr", "numeric_accuracy", Count(0, 0), Count(0, 0), (), (), Fraction(1),
                     (RuleResult("language=fr", error, SKIP, None, 0, ""),)),
    ]
    # the cells as compare_cell leaves them: each rule checked alone
    from gate.baseline.regression import check_regression

    alone = [ComparedCell(c.slice, c.measure, c.baseline, c.current, c.broken, c.fixed, c.p_value, tuple(
        check_regression(r.rule, c.slice, c.baseline, c.current, len(c.broken), len(c.fixed), c.p_value, alpha, 20)
        for r in c.results)) for c in cells]
    decided = decide_family(alone, Thresholds(path="t.yaml", min_n=20, alpha=alpha))
    [(a,), (w,), (small,), (empty,)] = [c.results for c in decided]
    assert a.test is not None and (a.test.family, a.test.in_family, a.status) == (1, True, FAIL)
    assert w.test is not None and (w.test.in_family, w.status, w.could_decide) == (False, WARN, False)
    assert small.status == WARN and not small.could_decide and small.reason.startswith("n=10 is below min_n=20")
    assert empty.status == SKIP and not empty.could_decide


def test_the_json_report_reads_back_with_its_tests_and_its_undecided_verdict(workdir, cli):
    from gate.report.stored import read_report
    from gate.report.json_report import render_json

    _runs(workdir, broken=12)
    code, _, _, data = _check(cli)
    report = read_report("out.json")
    [de] = [r for r in report.rules if (r.slice, r.rule.measure, r.rule.kind) == ("language=de", "numeric_accuracy", "max_drop")]
    assert de.test is not None and (de.test.p_value, de.test.adjusted_p, de.test.correction, de.test.family) == (
        Fraction(1, 4096), Fraction(1, 2048), "holm", 18)
    assert json.loads(render_json(report)) == data
    (workdir / "t.yaml").write_text(THRESHOLDS.replace("min_n: 20", "min_n: 500"), "utf-8")
    code, _, _ = cli("check", "run_1.1.jsonl", "--questions", "set.jsonl", "--thresholds", "t.yaml", "--json", "out.json")
    assert code == 1
    report = read_report("out.json")
    assert report.verdict.undecided is not None and report.verdict.undecided.startswith("no rule could decide: 36 rule(s)")
    assert json.loads(render_json(report))["verdict"] == json.loads(Path("out.json").read_text("utf-8"))["verdict"]


def test_an_unknown_correction_is_an_input_error_naming_its_line(workdir, cli):
    _runs(workdir, broken=0, thresholds=THRESHOLDS + "  correction: fdr\n")
    code, out, err = cli("check", "run_1.1.jsonl", "--questions", "set.jsonl", "--thresholds", "t.yaml")
    assert code == 2 and 't.yaml:9: regression.correction: expected one of "holm", "bonferroni", "none", found the string "fdr"' in err, err


def test_the_shipped_thresholds_name_holm_and_where(tmp_path):
    from gate.rules.thresholds import load_thresholds

    root = Path(__file__).resolve().parent.parent
    shipped = load_thresholds(root / "thresholds.yaml")
    line = next(i for i, text in enumerate((root / "thresholds.yaml").read_text("utf-8").splitlines(), 1)
                if text.strip().startswith("correction:"))
    assert shipped.correction == "holm" and shipped.sources["regression.correction"].endswith(f"thresholds.yaml:{line}")
    (tmp_path / "t.yaml").write_text(THRESHOLDS, "utf-8")
    assert load_thresholds(tmp_path / "t.yaml").correction == "holm"          # the default
    (tmp_path / "t.yaml").write_text(THRESHOLDS + "  correction: bonferroni\n", "utf-8")
    assert load_thresholds(tmp_path / "t.yaml").correction == "bonferroni"


def test_the_noise_section_reads_each_measure_by_its_rule_in_the_family(workdir, cli):
    _runs(workdir, broken=12)
    # two more German questions cite a series that was not retrieved: citation validity, 2 broken
    lines = (workdir / "run_1.1.jsonl").read_text("utf-8").splitlines()
    for i, line in enumerate(lines):
        if '"question_id": "de20"' in line or '"question_id": "de21"' in line:
            lines[i] = line.replace('(S1).", "cited_ids": ["S1"]', '(S2).", "cited_ids": ["S2"]')
    (workdir / "run_1.1.jsonl").write_text("\n".join(lines) + "\n", "utf-8")
    code, out, err, data = _check(cli)
    assert code == 1, (out, err)
    assert ("Beyond noise: numeric accuracy on all, de; 2 with insufficient evidence to tell (one-sided exact McNemar test "
            "on the questions that flipped, alpha 0.05, Holm's step-down with Tarone's exclusion over a family of 18 rules; "
            "below n=20 a direction only):") in out
    assert "  numeric accuracy, all: 12 questions broke, 0 fixed: beyond noise (p=0.000244, adjusted p=0.000488)\n" in out
    assert "  numeric accuracy, de: 12 questions broke, 0 fixed: beyond noise (p=0.000244, adjusted p=0.000488)\n" in out
    # all: a drop of 2 in 200 holds its limit (no reason to quote), but 2 flips could never tell
    assert "  citation validity, all: 2 questions broke, 0 fixed: insufficient evidence (p=0.25)\n" in out
    assert ("  !  language=de  citation validity  max_drop 0.02   -0.08 (n=25)  t.yaml:6  insufficient evidence: with n = 25 "
            "a drop of 0.2 or more could be detected (5 broken, none fixed); 2 broken, 0 fixed can reach p=0.25 at best") in out
    # the comparison's notes name the correction and the family too (they stand even when nothing moved)
    assert ("p is the one-sided exact McNemar test on the questions that flipped, alpha 0.05, Holm's step-down with "
            "Tarone's exclusion over a family of 18 rules; below n=20") in out
