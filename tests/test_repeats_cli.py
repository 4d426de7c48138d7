"""Repeated answers through the product (issue 23, part 2): ``attempt`` in the log, the mean
of question pass rates, pass^k, the flaky questions, the exact question-by-question test
against a baseline, and the same reports whatever --jobs or shards."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import EXAMPLES, THRESHOLDS

from gate.baseline import BaselineComparer
from gate.cli.main import main
from gate.core.errors import ProblemCollector
from gate.engine import workers
from gate.model.measures import MEASURE_BY_NAME
from gate.report.json_report import render_json
from gate.report.markdown import render_markdown
from gate.report.renderers import RenderOptions
from gate.report.terminal import render as render_terminal
from gate.run.check import check_run
from gate.run.shards import merge_shards, score_shard

SET = EXAMPLES / "question_set-1.2.jsonl"
RUN = EXAMPLES / "answers_run_assistant-1.2_set-1.2.jsonl"
WRONG_A02 = "Life expectancy at birth was 61.0 years in 2023 (HLTH_LIFE_EXP_YRS)."
WRONG_A01 = "About 9.9% of the population was undernourished in 2024 (FS_UNDERNOURISH_PCT)."


def _lines(path: Path) -> tuple[str, list[dict]]:
    head, *rest = path.read_text("utf-8").splitlines()
    return head, [json.loads(line) for line in rest]


def _write(path: Path, head: str | None, rows: list[dict]) -> str:
    path.write_text("".join(line + "\n" for line in ([head] if head else []) + [json.dumps(r, ensure_ascii=False) for r in rows]), "utf-8")
    return str(path)


def _repeated_log(path: Path, attempts: int = 3, wrong: dict[tuple[str, int], str] | None = None, reverse: bool = True) -> str:
    """The example run of 1.2 asked ``attempts`` times; ``wrong``: (question, attempt) -> the answer given instead."""
    head, rows = _lines(RUN)
    out = []
    for k in range(1, attempts + 1):
        for r in rows:
            r = {**r, "attempt": k}
            if wrong and (r["question_id"], k) in wrong:
                r["answer"] = wrong[r["question_id"], k]
            out.append(r)
    return _write(path, head, out[::-1] if reverse else out)  # attempts of a question far apart, in any order


def _cell(data: dict, slice_name: str, measure: str) -> dict:
    return next(s for s in data["scores"] if s["slice"] == slice_name and s["measure"] == measure)


def test_a_flaky_question_counts_its_pass_rate_and_is_named_with_pass_k(tmp_path, cli):
    log = _repeated_log(tmp_path / "answers_run_assistant-1.2_set-1.2.jsonl", wrong={("a01", 2): WRONG_A01})
    code, out, err = cli("check", log, "--questions", str(SET), "--thresholds", str(THRESHOLDS), "--no-baseline",
                         "--json", str(tmp_path / "r.json"), "--markdown", str(tmp_path / "r.md"))
    assert code == 1, err  # the invented 9.9% breaks unsupported numbers: max 0.00
    data = json.loads((tmp_path / "r.json").read_text("utf-8"))
    # numeric accuracy over 6 questions: a01 passed 2 of 3 attempts, the 5 others 3 of 3: (2/3 + 5) / 6 = 17/18
    cell = _cell(data, "all", "numeric_accuracy")
    assert Fraction(cell["numerator"], cell["denominator"]) == Fraction(17, 18) and cell["questions"] == 6
    en = _cell(data, "language=en", "numeric_accuracy")  # a01, a02, a03, a05 answer figures in en: (2/3 + 3) / 4
    assert Fraction(en["numerator"], en["denominator"]) == Fraction(11, 12) and en["questions"] == 4
    # pass^3: a01 C(2,3)/C(3,3) = 0, the others 1: 5/6
    pass_k = {(p["slice"], p["measure"]): p for p in data["pass_k"]}
    assert (pass_k["all", "numeric_accuracy"]["k"], Fraction(pass_k["all", "numeric_accuracy"]["numerator"],
            pass_k["all", "numeric_accuracy"]["denominator"])) == (3, Fraction(5, 6))
    assert ("all", "unsupported_numbers") not in pass_k  # counted in figures: no pass^k
    assert data["flaky_questions"] == [{"measures": ["numeric_accuracy"], "question_id": "a01"}]
    assert "Flaky questions (1): a01" in out and "pass^3 (every attempt of a question passes): numeric accuracy 0.83" in out
    assert "0.94 (6)" in out  # n counts questions, not answers
    assert "Flaky questions (1): a01" in (tmp_path / "r.md").read_text("utf-8")


def test_unequal_attempts_take_k_from_the_fewest(tmp_path, cli):
    head, rows = _lines(RUN)
    out = [{**r, "attempt": k} for r in rows for k in ((1, 2, 3, 4) if r["question_id"] == "a02" else (1, 2))]
    for r in out:
        if r["question_id"] == "a02" and r["attempt"] in (1, 4):
            r["answer"] = r["answer"].replace("68.2", "61.0")
    log = _write(tmp_path / "answers_run_assistant-1.2_set-1.2.jsonl", head, out)
    code, _, err = cli("check", log, "--questions", str(SET), "--thresholds", str(THRESHOLDS), "--no-baseline", "--json", str(tmp_path / "r.json"))
    data = json.loads((tmp_path / "r.json").read_text("utf-8"))
    cell = _cell(data, "all", "numeric_accuracy")
    assert Fraction(cell["numerator"], cell["denominator"]) == (Fraction(2, 4) + 5) / 6  # a02 passed 2 of 4
    p = next(p for p in data["pass_k"] if p["slice"] == "all" and p["measure"] == "numeric_accuracy")
    assert p["k"] == 2 and Fraction(p["numerator"], p["denominator"]) == (Fraction(1, 6) + 5) / 6  # a02: C(2,2)/C(4,2)
    assert [f["question_id"] for f in data["flaky_questions"]] == ["a02"]


def test_one_attempt_each_scores_as_a_log_without_attempt(tmp_path):
    plain = check_run(str(RUN), str(SET), THRESHOLDS)
    once = check_run(_repeated_log(tmp_path / RUN.name, attempts=1, reverse=False), str(SET), THRESHOLDS)
    assert [(c.slice, c.measure, c.numerator, c.denominator) for c in once.cells] == \
        [(c.slice, c.measure, c.numerator, c.denominator) for c in plain.cells]
    assert plain.repeats is None and "pass_k" not in render_json(plain) and once.repeats is not None


def test_a_duplicate_attempt_is_an_input_error_naming_both_lines(tmp_path, cli):
    head, rows = _lines(RUN)
    log = _write(tmp_path / RUN.name, head, [{**rows[0], "attempt": 1}, {**rows[1], "attempt": 1}, {**rows[0], "attempt": 2},
                                             {**rows[0], "attempt": 1}])
    code, _, err = cli("check", log, "--questions", str(SET), "--thresholds", str(THRESHOLDS), "--json", str(tmp_path / "r.json"))
    assert code == 2 and f"{log}:5: attempt: duplicate attempt 1 of question_id 'a01', first on line 2" in err
    assert not (tmp_path / "r.json").exists()


def test_a_question_answered_twice_without_attempt_stays_a_duplicate(tmp_path, cli):
    head, rows = _lines(RUN)
    log = _write(tmp_path / RUN.name, head, [rows[0], rows[1], rows[0]])
    code, _, err = cli("check", log, "--questions", str(SET), "--thresholds", str(THRESHOLDS))
    assert code == 2 and f"{log}:4: question_id: duplicate question_id 'a01', first on line 2" in err


def test_attempts_given_on_some_lines_only_are_an_input_error(tmp_path, cli):
    head, rows = _lines(RUN)
    log = _write(tmp_path / RUN.name, head, [{**rows[0], "attempt": 1}, {**rows[0], "attempt": 2}, rows[1], {**rows[1], "attempt": 2}])
    code, _, err = cli("check", log, "--questions", str(SET), "--thresholds", str(THRESHOLDS))
    assert code == 2
    assert f"{log}:5: attempt: question 'a02' is answered with attempt 2 here and without attempt on line 4" in err
    assert f"{log}:4: attempt: missing required field: line 2 gives an attempt" in err


@pytest.mark.parametrize("bad", [0, -1, "2", 1.5, True, None])
def test_an_attempt_that_is_not_a_positive_whole_number_is_rejected(tmp_path, cli, bad):
    head, rows = _lines(RUN)
    log = _write(tmp_path / RUN.name, head, [{**rows[0], "attempt": bad}])
    code, _, err = cli("check", log, "--questions", str(SET), "--thresholds", str(THRESHOLDS))
    assert code == 2 and f"{log}:2: attempt" in err


def _renders(report) -> tuple[str, str, str]:
    return render_json(report), render_markdown(report), render_terminal(report, RenderOptions())


def test_attempts_split_across_two_jobs_and_shards_give_the_same_reports(tmp_path, monkeypatch):
    log = _repeated_log(tmp_path / RUN.name, attempts=5, wrong={("a01", 2): WRONG_A01, ("a02", 4): WRONG_A02, ("a01", 5): WRONG_A01})
    one = check_run(log, str(SET), THRESHOLDS, jobs=1)
    monkeypatch.setattr(workers, "BATCH_LINES", 4)  # ten batches: two jobs use the pool; a question's attempts in several
    two = check_run(log, str(SET), THRESHOLDS, jobs=2)
    assert _renders(two) == _renders(one)
    shards = []
    for k in range(1, 4):
        shards.append(tmp_path / f"shard-{k}.jsonl")
        score_shard(log, str(SET), str(THRESHOLDS), (k, 3), shards[-1])
    merged = merge_shards(list(reversed(shards)))
    assert _renders(merged) == _renders(one)
    assert [q for q, _ in one.repeats.flaky] == ["a01", "a02"]


def _versioned(path: Path, version: str, attempts: dict[str, int], wrong: dict[tuple[str, int], str]) -> str:
    """The example run under another assistant version, each question asked ``attempts[id]``
    times (default 1; 0: no ``attempt`` field at all)."""
    head, rows = _lines(RUN)
    head = json.dumps({"run": {**json.loads(head)["run"], "assistant_version": version}})
    out = []
    for r in rows:
        times = attempts.get(r["question_id"], attempts.get("*", 0))
        for k in range(1, times + 1) if times else [None]:
            row = dict(r) if k is None else {**r, "attempt": k}
            if (r["question_id"], k) in wrong:
                row["answer"] = wrong[r["question_id"], k]
            out.append(row)
    return _write(path / f"answers_run_assistant-{version}_set-1.2.jsonl", head, out)


def _compared(report, measure: str = "numeric_accuracy", slice_name: str = "all") -> dict:
    data = json.loads(render_json(report))
    return next(c for c in data["comparison"]["cells"] if c["slice"] == slice_name and c["measure"] == measure)


def test_the_exact_test_against_an_older_baseline_without_attempts(workdir, tmp_path):
    """Baseline 1.2: one answer each, all right. Now: a01 passes 1 of 2 attempts, a02 0 of 3,
    the other four 2 of 2. Given each question's passes over both versions, its passes now
    are hypergeometric: a01 P(1) = C(2,1)C(1,1)/C(3,2) = 2/3; a02 P(0) = C(1,0)C(3,3)/C(4,3) = 1/4;
    the others cannot move. p = P(total <= 1 + 0 + 8) = 2/3 * 1/4 = 1/6, which is also the
    smallest p: the drop of 1/4 (from 1 to (1/2 + 0 + 4) / 6 = 3/4) cannot be told from chance."""
    assert main(["baseline", "save", str(RUN), "--questions", str(SET)]) == 0
    log = _versioned(tmp_path, "1.3", {"a02": 3, "*": 2}, {("a01", 2): WRONG_A01, **{("a02", k): WRONG_A02 for k in (1, 2, 3)}})
    report = check_run(log, str(SET), "thresholds.yaml", compare=BaselineComparer(directory="baselines"))
    cell = _compared(report)
    assert cell["p_value_exact"] == "1/6"
    assert (cell["baseline"]["numerator"], cell["baseline"]["denominator"]) == (6, 6)
    now = cell["current"]
    assert Fraction(now["numerator"], now["denominator"]) == Fraction(3, 4)
    assert cell["broken"] == ["a01", "a02"] and cell["fixed"] == []
    rule = next(r for r in json.loads(render_json(report))["rules"] if r["slice"] == "all" and r["measure"] == "numeric_accuracy"
                and r["kind"] == "max_drop")
    assert rule["status"] == "warn" and "insufficient evidence" in rule["reason"] and "p=0.167 at best" in rule["reason"]


def test_the_exact_test_with_unequal_attempts_in_both_versions(workdir, tmp_path, capsys):
    """Baseline 1.2: two attempts each, all right. Now as above: a01 P(1) = C(3,1)C(1,1)/C(4,2) = 1/2;
    a02 (2 of 2 before, 0 of 3 now) P(0) = C(2,0)C(3,3)/C(5,3) = 1/10; p = 1/20."""
    base = _versioned(tmp_path, "1.2", {"*": 2}, {})
    assert main(["baseline", "save", base, "--questions", str(SET)]) == 0
    assert "re-score every attempt of its stored log" in capsys.readouterr().err
    log = _versioned(tmp_path, "1.3", {"a02": 3, "*": 2}, {("a01", 2): WRONG_A01, **{("a02", k): WRONG_A02 for k in (1, 2, 3)}})
    report = check_run(log, str(SET), "thresholds.yaml", compare=BaselineComparer(directory="baselines"))
    cell = _compared(report)
    assert cell["p_value_exact"] == "1/20"
    assert Fraction(cell["current"]["numerator"], cell["current"]["denominator"]) == Fraction(3, 4)
    assert cell["baseline"]["numerator"] == cell["baseline"]["denominator"]


def test_judgements_of_a_repeated_run_are_an_input_error_not_a_silent_last_attempt(tmp_path, cli, monkeypatch):
    monkeypatch.chdir(EXAMPLES.parent)
    log = _repeated_log(tmp_path / "answers_run_assistant-1.3_set-1.2.jsonl", attempts=2)
    code, _, err = cli("check", log, "--questions", str(SET), "--thresholds", str(THRESHOLDS), "--no-baseline",
                       "--judgements", "tests/fixtures/judgements_reader_1.3.jsonl")
    assert code == 2 and "attempt: judgements (--judgements) are not read for a run with repeated answers yet" in err
    assert err.count("are not read for a run with repeated answers") == 1


def test_attempts_split_across_dask_blocks_give_the_same_report(tmp_path):
    distributed = pytest.importorskip("distributed")
    from gate.run import distributed as dist

    log = _repeated_log(tmp_path / RUN.name, attempts=5, wrong={("a01", 2): WRONG_A01, ("a02", 4): WRONG_A02, ("a01", 5): WRONG_A01})
    one = check_run(log, str(SET), THRESHOLDS)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0") as local:
        with distributed.Client(local):
            report = dist.check_on_dask(log, str(SET), THRESHOLDS, address=local.scheduler_address, block_bytes=2_000)
    assert len(dist.blocks_of(dist.log_parts(log, ProblemCollector()), 2_000)) > 5  # a question's attempts in several blocks
    assert _renders(report) == _renders(one)


def test_the_merged_form_with_attempts_counts_each_question_once(tmp_path):
    rows = [json.loads(x) for x in (EXAMPLES / "answers_run_merged.jsonl").read_text("utf-8").splitlines()]
    answers = [r for r in rows if "question_id" in r]
    log = _write(tmp_path / "merged.jsonl", None, [r for r in rows if "question_id" not in r]
                 + [{**r, "attempt": k} for k in (1, 2) for r in answers])
    plain, twice = check_run(str(EXAMPLES / "answers_run_merged.jsonl"), None, THRESHOLDS), check_run(log, None, THRESHOLDS)
    assert twice.questions == plain.questions == len(answers) and twice.answers == 2 * len(answers)
    assert [(c.slice, c.measure, c.rate) for c in twice.cells] == [(c.slice, c.measure, c.rate) for c in plain.cells]
    answers_n = [(c.measure, c.n) for c in plain.cells if MEASURE_BY_NAME[c.measure].unit == "answers"]
    assert [(c.measure, c.n) for c in twice.cells if MEASURE_BY_NAME[c.measure].unit == "answers"] == answers_n
    # counted in citations: n counts the questions with a citation (7), not the citations of one attempt (8)
    assert (twice.cell("all", "citation_validity").n, plain.cell("all", "citation_validity").n) == (7, 8)
    assert twice.repeats is not None and twice.repeats.flaky == ()


def test_a_repeated_report_read_back_gives_the_same_reports(workdir, tmp_path):
    from gate.report.stored import read_report

    assert main(["baseline", "save", str(RUN), "--questions", str(SET)]) == 0
    log = _versioned(tmp_path, "1.3", {"a02": 3, "*": 2}, {("a01", 2): WRONG_A01, **{("a02", k): WRONG_A02 for k in (1, 2, 3)}})
    original = check_run(log, str(SET), "thresholds.yaml", compare=BaselineComparer(directory="baselines"))
    path = tmp_path / "report.json"
    path.write_text(render_json(original), "utf-8")
    back = read_report(path)  # validated against report.schema.json
    assert _renders(back) == _renders(original)
    assert back.repeats == original.repeats and back.cell("all", "numeric_accuracy").n == 6


def test_a_regression_over_every_attempt_fails_the_gate(workdir, tmp_path, cli):
    """Baseline: two attempts each, all right; now every answered figure is wrong in both
    attempts. Each of the 6 questions with figures: (2 of 2 before, 0 of 2 now) P(0) =
    C(2,0)C(2,2)/C(4,2) = 1/6, so p = (1/6)^6 = 1/46656, which survives Holm's correction."""
    _, rows = _lines(RUN)
    answers = {r["question_id"]: r["answer"] for r in rows}
    edits = {"a01": ("7.6%", "9.9%"), "a02": ("68.2", "61.0"), "a03": ("41 per", "49 per"), "a04": ("6,8", "9,9"),
             "a07": ("92.5", "81.5"), "a08": ("1 234 567", "2 345 678")}
    wrong = {(q, k): answers[q].replace(*edit) for q, edit in edits.items() for k in (1, 2)}
    assert all(wrong[q, 1] != answers[q] for q in edits)
    assert main(["baseline", "save", _versioned(tmp_path, "1.2", {"*": 2}, {}), "--questions", str(SET)]) == 0
    log = _versioned(tmp_path, "1.3", {"*": 2}, wrong)
    code, out, err = cli("check", log, "--questions", str(SET), "--json", str(tmp_path / "r.json"))
    assert code == 1, err
    data = json.loads((tmp_path / "r.json").read_text("utf-8"))
    cell = next(c for c in data["comparison"]["cells"] if c["slice"] == "all" and c["measure"] == "numeric_accuracy")
    assert cell["p_value_exact"] == "1/46656" and cell["current"]["numerator"] == 0
    rule = next(r for r in data["rules"] if r["slice"] == "all" and r["measure"] == "numeric_accuracy" and r["kind"] == "max_drop")
    assert rule["status"] == "fail"


def test_findings_of_several_attempts_of_one_question_are_listed_in_file_order(tmp_path, cli):
    """Two attempts of one question each with a finding share the question's place in the set:
    both listed, in the log's order, whatever --jobs and the cap (it was an internal error:
    the list of findings compared the findings themselves)."""
    observation = {"series": "S1", "period": "2024", "value": 7.7, "unit": "percent"}
    set_path = tmp_path / "set.jsonl"
    set_path.write_text(json.dumps({"question_id": "q1", "language": "en", "expected_behaviour": "answer",
                                    "expected_values": [7.7], "expected_ids": ["S1"]}) + "\n")
    rows = [{"question_id": "q1", "language": "en", "retrieved_ids": ["S1"], "retrieved_observations": [observation],
             "answer": f"It was {said} in 2024 (S1).", "cited_ids": ["S1"], "declined": False, "attempt": k}
            for k, said in ((1, "7.2%"), (2, "7.6%"), (3, "7.7%"))]
    run = tmp_path / "run.jsonl"
    run.write_text("".join(json.dumps(r) + "\n" for r in rows))
    reports = []
    for extra in ([], ["--jobs", "2"], ["--max-findings", "1"]):
        out = tmp_path / f"r{len(reports)}.json"
        code, _, err = cli("check", str(run), "--questions", str(set_path), "--thresholds", str(THRESHOLDS), "--no-baseline",
                           "--json", str(out), *extra)
        assert code == 1 and "internal error" not in err, err
        reports.append(json.loads(out.read_text()))
    figures = [(f["question_id"], f["figure"]["text"]) for f in reports[0]["findings"] if f["code"] == "unsupported_figure"]
    assert figures == [("q1", "7.2%"), ("q1", "7.6%")]  # attempt 1's, then attempt 2's
    assert reports[0] == reports[1]
    assert reports[2]["findings"] == reports[0]["findings"][:1]
