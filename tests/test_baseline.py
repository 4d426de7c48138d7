"""Baselines: saving, finding the previous version, re-scoring, flips, regression rules, history."""

from __future__ import annotations

import gzip
import io
import json
import os
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from rich.console import Console

import gate.core.files
from conftest import EXAMPLES, ROOT, assert_golden
from gate.baseline import (
    BaselineComparer,
    check_regression,
    display_change,
    list_baselines,
    load_baseline_run,
    parse_version,
    previous_version,
    read_baseline,
    save_baseline,
    settings_digest,
)
from gate.cli.main import main
from gate.core.errors import InputError
from gate.figures import MatchSettings
from gate.model.outcomes import Count
from gate.run.check import check_run
from gate.report.json_report import render_json
from gate.report.terminal import comparison_lines, render_terminal
from gate.rules.thresholds import Rule
from gate.rules.verdict import FAIL, PASS, SKIP, WARN

RUN_12 = "answers_run_assistant-1.2_set-1.2.jsonl"
RUN_13 = "answers_run_assistant-1.3_set-1.2.jsonl"
SET_12 = "question_set-1.2.jsonl"


# ------------------------------------------------------------------------------ helpers


def lines_of(name: str) -> list[dict]:
    return [json.loads(line) for line in (EXAMPLES / name).read_text("utf-8").splitlines() if line.strip()]


def write_run(path: str | Path, version: str | None, source: str = RUN_12, edit=None, drop=(), set_version="1.2") -> str:
    """A copy of an example run with another assistant version (header) and optional edits."""
    rows = lines_of(source)
    header, answers = rows[0], rows[1:]
    out = []
    if version is not None:
        header = {"run": {"assistant_version": version, "set_version": set_version}}
        out.append(header)
    for row in answers:
        if row["question_id"] in drop:
            continue
        if edit and row["question_id"] in edit:
            row = {**row, **edit[row["question_id"]]}
        out.append(row)
    Path(path).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out), "utf-8")
    return str(path)


def save(run: str, *extra: str) -> int:
    return main(["baseline", "save", run, "--questions", f"examples/{SET_12}", *extra])


def check(run: str = f"examples/{RUN_13}", *extra: str, questions: str = f"examples/{SET_12}"):
    return check_run(run, questions, "thresholds.yaml", compare=BaselineComparer(*_comparer_args(extra)))


def _comparer_args(extra):
    directory, choice, skip = "baselines", None, False
    it = iter(extra)
    for flag in it:
        if flag == "--baselines":
            directory = next(it)
        elif flag == "--baseline":
            choice = next(it)
        elif flag == "--no-baseline":
            skip = True
    return directory, choice, skip


def terminal(report) -> str:
    buffer = io.StringIO()
    render_terminal(report, Console(width=120, file=buffer, color_system=None, soft_wrap=True))
    return buffer.getvalue()


def comparison_text(report) -> list[str]:
    return comparison_lines(report.comparison)


# ------------------------------------------------------------------------------ versions


def test_versions_order_as_versions_not_text():
    written = ["2.0", "1.10", "2.0rc1", "1.9"]
    assert [str(v) for v in sorted(parse_version(v) for v in written)] == ["1.9", "1.10", "2.0rc1", "2.0"]
    stored = [parse_version(v) for v in written]
    assert previous_version(stored, parse_version("2.0")) == parse_version("2.0rc1")
    assert previous_version(stored, parse_version("2.0rc1")) == parse_version("1.10")
    assert previous_version(stored, parse_version("1.10")) == parse_version("1.9")
    assert previous_version(stored, parse_version("1.9")) is None
    assert previous_version(stored, parse_version("3")) == parse_version("2.0")
    assert parse_version("not a version") is None and parse_version(None) is None


def test_check_finds_the_highest_stored_version_below_the_run(workdir):
    for version in ("1.9", "1.10", "2.0rc1"):
        assert save(write_run(workdir / f"run-{version}.jsonl", version)) == 0
    assert sorted(p.name for p in (workdir / "baselines").glob("*.json")) == ["assistant-1.10.json", "assistant-1.9.json", "assistant-2.0rc1.json"]
    found = {}
    for version in ("2.0", "2.0rc1", "1.10", "1.9.5", "1.9"):
        report = check(write_run(workdir / f"now-{version}.jsonl", version, source=RUN_13))
        found[version] = report.comparison and report.comparison.baseline_version
    # The same version is not the previous one; 1.10 sorts after 1.9.
    assert found == {"2.0": "2.0rc1", "2.0rc1": "1.10", "1.10": "1.9", "1.9.5": "1.9", "1.9": None}


# ------------------------------------------------------------------------------ the shipped example


def test_shipped_example_against_its_shipped_baseline(monkeypatch):
    monkeypatch.chdir(ROOT)
    report = check_run(f"examples/{RUN_13}", f"examples/{SET_12}", "thresholds.yaml", compare=BaselineComparer())
    c = report.comparison
    assert (c.baseline_version, c.baseline_path) == ("1.2", "baselines/assistant-1.2.json")
    assert c.differences.compared == 8 and c.difference_lines() == []

    numeric = c.cell("all", "numeric_accuracy")
    assert (numeric.baseline, numeric.current) == (Count(6, 6), Count(5, 6))
    assert numeric.delta == Fraction(-1, 6)
    assert display_change(numeric.baseline.rate, numeric.current.rate) == ("1.00", "0.83", "-0.17")
    assert (numeric.broken, numeric.fixed, numeric.p_value) == (("a03",), (), Fraction(1, 2))

    expected = {  # measure -> (broken, baseline count, current count, exact p)
        "numeric_accuracy": (("a03",), Count(6, 6), Count(5, 6), Fraction(1, 2)),
        "citation_validity": (("a07",), Count(6, 6), Count(7, 8), Fraction(1, 2)),
        "refusal_accuracy": (("a06",), Count(2, 2), Count(1, 2), Fraction(1, 2)),
        "answer_rate": ((), Count(6, 6), Count(6, 6), Fraction(1)),
        # a06 now invents 31% where 1.2 declined and stated no figure: it breaks too.
        "unsupported_numbers": (("a03", "a06"), Count(0, 7), Count(2, 8), Fraction(1, 4)),
    }
    for measure, (broken, before, after, p) in expected.items():
        cell = c.cell("all", measure)
        assert (cell.broken, cell.fixed, cell.baseline, cell.current, cell.p_value) == (broken, (), before, after, p), measure
        assert c.cell("language=en", measure).broken == broken
        assert c.cell("language=fr", measure).broken == ()

    # Every regression rule that broke has too few flips to tell (one or two): warn, never fail.
    regression = [r for r in report.rules if r.rule.kind in ("max_drop", "max_rise")]
    assert {(r.slice, r.rule.measure): r.status for r in regression if r.status != PASS and r.status != SKIP} == {
        (s, m): WARN for s in ("all", "language=en")
        for m in ("numeric_accuracy", "citation_validity", "refusal_accuracy", "unsupported_numbers")
    }
    family = [r for r in regression if r.test is not None and r.test.in_family]
    assert len(family) == 20 and {r.test.family for r in regression if r.test is not None} == {20}
    assert all(r.rule.severity == "error" and r.n >= 2 for r in family)   # min_n 2; rubric_pass is severity warn
    assert next(r for r in regression if r.slice == "all" and r.rule.measure == "numeric_accuracy").reason == (
        "insufficient evidence: with n = 6 a drop of 0.833 or more could be detected (5 broken, none fixed); 1 broken, 0 fixed "
        "can reach p=0.5 at best, not below 0.05 (adjusted p=0.5; p=0.5, Holm's step-down with Tarone's exclusion over a family of 20)")
    # The verdict fails on the floors and ceilings alone.
    assert not report.verdict.passed
    assert {r.rule.kind for r in report.rules if r.status == FAIL} == {"min", "max"}
    assert report.verdict.failed == 8

    lines = comparison_text(report)
    assert lines[0] == ("Regression against assistant 1.2 (baselines/assistant-1.2.json): 8 common question(s), "
                        "the baseline log re-scored with today's set and matching settings")
    assert "  numeric accuracy all: 1.00 -> 0.83 (-0.17), broken a03, fixed none, p=0.5 !" in lines
    assert "  citation validity all: 1.000 -> 0.875 (-0.125), broken a07, fixed none, p=0.5 !" in lines
    assert "  unsupported numbers all: 0.00 -> 0.25 (+0.25), broken a03, a06, fixed none, p=0.25 !" in lines
    assert "  40 other compared cell(s): no flip, no change" in lines


def test_golden_reports_of_the_shipped_comparison(monkeypatch):
    monkeypatch.chdir(ROOT)
    report = check_run(f"examples/{RUN_13}", f"examples/{SET_12}", "thresholds.yaml", compare=BaselineComparer())
    again = check_run(f"examples/{RUN_13}", f"examples/{SET_12}", "thresholds.yaml", compare=BaselineComparer())
    assert render_json(report) == render_json(again)
    assert_golden("check_assistant-1.3_vs_1.2.txt", terminal(report))
    assert_golden("check_assistant-1.3_vs_1.2.json", render_json(report))


def test_cli_check_compares_automatically_from_the_repo_root(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(ROOT)
    out = tmp_path / "report.json"
    assert main(["check", f"examples/{RUN_13}", "--questions", f"examples/{SET_12}", "--json", str(out)]) == 1
    printed = capsys.readouterr().out
    assert ("  numeric accuracy, all: 1 question broke, 0 fixed: insufficient evidence (p=0.5): with n = 6 a drop of 0.833 or "
            "more could be detected (5 broken, none fixed)\n") in printed
    data = json.loads(out.read_text("utf-8"))
    cell = next(c for c in data["comparison"]["cells"] if (c["slice"], c["measure"]) == ("all", "numeric_accuracy"))
    assert cell == {
        "slice": "all", "measure": "numeric_accuracy",
        "baseline": {"numerator": 6, "denominator": 6, "rate": 1.0},
        "current": {"numerator": 5, "denominator": 6, "rate": 5 / 6},
        "baseline_display": "1.00", "current_display": "0.83",
        "delta": -1 / 6, "delta_exact": "-1/6", "delta_display": "-0.17", "broken": ["a03"], "fixed": [],
        "p_value": 0.5, "p_value_exact": "1/2", "p_display": "0.5", "status": "warn",
        "rules": [{"kind": "max_drop", "bound": 0.02, "severity": "error", "source": "thresholds.yaml:22", "status": "warn", "n": 6,
                   "reason": "insufficient evidence: with n = 6 a drop of 0.833 or more could be detected (5 broken, none fixed); "
                             "1 broken, 0 fixed can reach p=0.5 at best, not below 0.05 (adjusted p=0.5; p=0.5, Holm's step-down "
                             "with Tarone's exclusion over a family of 20)",
                   "test": {"p_value": 0.5, "p_value_exact": "1/2", "adjusted_p": 0.5, "adjusted_p_exact": "1/2", "correction": "holm",
                            "family": 20, "in_family": True, "reachable": False}}],
    }
    comparison = data["comparison"]
    assert (comparison["baseline_version"], comparison["baseline_path"], comparison["differences"]) == ("1.2", "baselines/assistant-1.2.json", [])
    assert comparison["questions"]["compared"] == 8
    assert comparison["history"] == [{
        "version": "1.2", "set_version": "1.2",
        "rates": {"numeric_accuracy": 1.0, "citation_validity": 1.0, "refusal_accuracy": 1.0, "answer_rate": 1.0, "unsupported_numbers": 0.0},
        "counts": {
            "numeric_accuracy": {"numerator": 6, "denominator": 6},
            "citation_validity": {"numerator": 6, "denominator": 6},
            "refusal_accuracy": {"numerator": 2, "denominator": 2},
            "answer_rate": {"numerator": 6, "denominator": 6},
            "unsupported_numbers": {"numerator": 0, "denominator": 7},
        },
    }]


# ------------------------------------------------------------------------------ no baseline


def test_no_baseline_runs_on_thresholds_alone_and_says_so_in_one_line(workdir, capsys):
    alone = check_run(f"examples/{RUN_13}", f"examples/{SET_12}", "thresholds.yaml")
    report = check()
    assert report.comparison is None
    assert report.rules == alone.rules and report.verdict == alone.verdict
    assert report.notices == alone.notices + ("no baseline compared (no folder baselines/); the gate ran on thresholds alone",)
    assert json.loads(render_json(report))["comparison"] is None

    # The passing run of 1.2 passes without a baseline: never an error.
    assert main(["check", f"examples/{RUN_12}", "--questions", f"examples/{SET_12}"]) == 0
    printed = capsys.readouterr().out
    assert printed.count("no baseline compared") == 1
    assert " · no baseline compared (no folder baselines/); the gate ran on thresholds alone · " in printed

    # Only a later version stored: still none below 1.3.
    assert save(write_run(workdir / "run-1.4.jsonl", "1.4")) == 0
    assert check().notices[-1] == "no baseline compared (no stored baseline below assistant 1.3 in baselines/); the gate ran on thresholds alone"
    # No version in the run (merged form), and --no-baseline.
    merged = check_run("examples/answers_run_merged.jsonl", None, "thresholds.yaml", compare=BaselineComparer())
    assert merged.comparison is None
    assert merged.notices[-1] == ("no baseline compared (the run names no assistant version, so no previous version can be found); "
                                  "the gate ran on thresholds alone")
    skipped = check(f"examples/{RUN_13}", "--no-baseline")
    assert skipped.comparison is None and skipped.notices[-1] == "no baseline compared (--no-baseline); the gate ran on thresholds alone"


# ------------------------------------------------------------------------------ apples to apples


def test_baseline_of_another_set_version_compares_common_questions_only_and_says_so(workdir):
    assert save(f"examples/{RUN_12}") == 0
    rows = lines_of(SET_12)
    new_question = {"question_id": "a09", "language": "fr", "question": "Quel était le taux d'inflation en 2024 ?",
                    "expected_behaviour": "answer", "expected_values": [3.1], "expected_ids": ["PRICES_CPI"]}
    set_13 = [{"set": {"version": "1.3"}}] + [r for r in rows[1:] if r["question_id"] != "a04"] + [new_question]
    Path("set-1.3.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in set_13), "utf-8")
    run = write_run("run-1.3-set-1.3.jsonl", "1.3", source=RUN_13, drop=("a04",), set_version="1.3")
    with open(run, "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"question_id": "a09", "language": "fr", "question": "Quel était le taux d'inflation en 2024 ?",
                                 "retrieved_ids": ["PRICES_CPI"], "retrieved_values": [3.1], "answer": "L'inflation était de 3,1 % en 2024 (PRICES_CPI).",
                                 "cited_ids": ["PRICES_CPI"], "declined": False}) + "\n")
    report = check(run, questions="set-1.3.jsonl")
    d = report.comparison.differences
    assert (d.baseline_set_version, d.set_version, d.added, d.dropped, d.compared) == ("1.2", "1.3", ("a09",), ("a04",), 7)
    assert report.comparison.difference_lines() == [
        "set version: the baseline was scored against set 1.2, this run against 1.3; the baseline log was re-scored against today's set",
        "1 question(s) added since the baseline, not compared: a09",
        "1 question(s) dropped since the baseline, not compared: a04",
    ]
    numeric = report.comparison.cell("all", "numeric_accuracy")
    assert (numeric.baseline, numeric.current, numeric.broken) == (Count(5, 5), Count(4, 5), ("a03",))
    assert report.comparison.cell("language=fr", "numeric_accuracy").current == Count(1, 1)  # a08 only, not a09
    assert "  differs: 1 question(s) added since the baseline, not compared: a09" in comparison_text(report)


def test_unanswered_questions_are_not_compared_and_are_counted(workdir):
    assert save(f"examples/{RUN_12}") == 0
    report = check(write_run("run-1.3.jsonl", "1.3", source=RUN_13, drop=("a05",)))
    d = report.comparison.differences
    assert (d.unanswered_now, d.compared) == (("a05",), 7)
    assert report.comparison.cell("all", "refusal_accuracy").baseline == Count(1, 1)


def test_baseline_saved_under_other_matching_settings_is_rescored_and_said(workdir):
    # In this 1.2 log a02 states 68.2 where the retrieved value is 68.24: supported at stated
    # precision (68.15..68.25), unsupported under exact matching.
    run = write_run("run-1.2.jsonl", "1.2", edit={"a02": {"retrieved_values": [68.24, 67.9]}})
    Path("exact.yaml").write_text(Path("thresholds.yaml").read_text("utf-8").replace("rounding: stated_precision", "rounding: exact"), "utf-8")
    assert save(run, "--thresholds", "exact.yaml") == 0
    stored = read_baseline("baselines/assistant-1.2.json")
    assert stored.matching == MatchSettings(rounding="exact")
    assert stored.matching_digest == settings_digest(MatchSettings(rounding="exact")) != settings_digest(MatchSettings())
    assert stored.score("all", "unsupported_numbers") == Count(1, 7)

    report = check()
    assert report.comparison.difference_lines() == [
        'matching settings changed since the baseline was saved (rounding "exact" -> "stated_precision"); its log was re-scored with today\'s settings',
        "re-scoring changed 1 of the baseline's stored question outcomes",
    ]
    # Compared with the re-scored baseline (0 of 7 unsupported), not the stored one (1 of 7).
    assert report.comparison.cell("all", "unsupported_numbers").baseline == Count(0, 7)
    assert report.comparison.cell("all", "unsupported_numbers").broken == ("a03", "a06")
    from jsonschema import Draft202012Validator

    from gate.core.schemas import schema
    from gate.report.json_report import report_to_dict

    data = report_to_dict(report)
    assert data["comparison"]["settings_changed"] == [{"key": "rounding", "baseline": "\"exact\"", "now": "\"stated_precision\""}]
    assert list(Draft202012Validator(schema("report")).iter_errors(data)) == []


# ------------------------------------------------------------------------------ corrupt baselines


@pytest.mark.parametrize("damage, named, says", [
    ("truncate_json", "baselines/assistant-1.2.json", "expected a complete baseline (JSON), found invalid JSON"),
    ("truncate_log", ".jsonl.gz", "expected a gzipped run log, found a corrupt or truncated file"),
    ("alter_log", ".jsonl.gz", "the log was altered or replaced"),
    ("remove_log", ".jsonl.gz", "expected the run log that baselines/assistant-1.2.json names, found no such file"),
    ("edit_scores", "baselines/assistant-1.2.json", "all numeric_accuracy is stored as 5/6, the outcomes add up to 6/6"),
    ("wrong_type", "baselines/assistant-1.2.json", 'format: expected 1, found the string "1"'),
    ("edit_settings", "baselines/assistant-1.2.json", "matching_digest: expected sha256:"),
    ("edit_passed", "baselines/assistant-1.2.json", "outcomes[2].measures.numeric_accuracy.passed: expected true as its counts say, found false"),
])
def test_corrupt_baseline_exits_2_naming_the_file_and_writes_nothing(workdir, capsys, damage, named, says):
    assert save(f"examples/{RUN_12}") == 0
    json_path = workdir / "baselines" / "assistant-1.2.json"
    log_path = next((workdir / "baselines").glob("*.jsonl.gz"))
    if damage == "truncate_json":
        json_path.write_bytes(json_path.read_bytes()[:300])
    elif damage == "truncate_log":
        log_path.write_bytes(log_path.read_bytes()[:200])
    elif damage == "alter_log":
        log_path.write_bytes(gzip.compress(gzip.decompress(log_path.read_bytes()).replace(b"41 per", b"44 per"), mtime=0))
    elif damage == "remove_log":
        log_path.unlink()
    elif damage == "edit_scores":
        json_path.write_text(json_path.read_text("utf-8").replace(
            '{"denominator": 6, "measure": "numeric_accuracy", "numerator": 6, "slice": "all"}',
            '{"denominator": 6, "measure": "numeric_accuracy", "numerator": 5, "slice": "all"}'), "utf-8")
    elif damage == "edit_settings":
        json_path.write_text(json_path.read_text("utf-8").replace('"rounding": "stated_precision"', '"rounding": "exact"'), "utf-8")
    elif damage == "edit_passed":
        lines = json_path.read_text("utf-8").split("\n")
        i = next(k for k, line in enumerate(lines) if '"question_id": "a03"' in line)
        lines[i] = lines[i].replace('"numeric_accuracy": {"denominator": 1, "numerator": 1, "passed": true}',
                                    '"numeric_accuracy": {"denominator": 1, "numerator": 1, "passed": false}')
        json_path.write_text("\n".join(lines), "utf-8")
    elif damage == "wrong_type":
        json_path.write_text(json_path.read_text("utf-8").replace('"format": 1', '"format": "1"'), "utf-8")
    before = {p.name: p.read_bytes() for p in (workdir / "baselines").iterdir()}
    Path("report.json").write_text("old report\n", "utf-8")
    capsys.readouterr()

    assert main(["check", f"examples/{RUN_13}", "--questions", f"examples/{SET_12}", "--json", "report.json"]) == 2
    err = capsys.readouterr().err
    assert "nothing was written" in err and named in err and says in err
    assert Path("report.json").read_text("utf-8") == "old report\n"
    # Saving over it without --force is refused too; nothing in baselines/ changed.
    assert save(f"examples/{RUN_12}") == 2
    assert {p.name: p.read_bytes() for p in (workdir / "baselines").iterdir()} == before


def test_list_reports_a_corrupt_baseline(workdir, capsys):
    assert save(f"examples/{RUN_12}") == 0
    path = workdir / "baselines" / "assistant-1.2.json"
    path.write_bytes(path.read_bytes()[:-40])
    capsys.readouterr()
    assert main(["baseline", "list"]) == 2
    assert "baselines/assistant-1.2.json:" in capsys.readouterr().err


def test_badly_named_baseline_file_is_an_error(workdir):
    (workdir / "baselines").mkdir()
    (workdir / "baselines" / "assistant-latest.json").write_text("{}", "utf-8")
    with pytest.raises(InputError, match="expected a file name assistant-<version>.json with a PEP 440 version"):
        check()


# ------------------------------------------------------------------------------ saving


def test_saving_another_log_under_a_stored_version_needs_force(workdir, capsys):
    assert save(f"examples/{RUN_12}") == 0
    capsys.readouterr()
    before = {p.name: p.read_bytes() for p in (workdir / "baselines").iterdir()}
    changed = write_run("run-1.2b.jsonl", "1.2", edit={"a03": {"answer": "The under-five mortality rate was 35 per 1,000 live births in 2020 (HLTH_U5_MORT_RATE)."}})
    assert save(changed) == 2
    err = capsys.readouterr().err
    assert "baselines/assistant-1.2.json: a baseline for assistant 1.2 is already stored here from another log" in err
    assert {p.name: p.read_bytes() for p in (workdir / "baselines").iterdir()} == before

    # --force replaces it; the old log goes once the new JSON is in place.
    assert save(changed, "--force") == 0
    out = capsys.readouterr().out
    assert out.startswith("replaced the baseline of assistant 1.2 (set 1.2): baselines/assistant-1.2.json")
    assert "removed the old log baselines/" in out
    logs = sorted(p.name for p in (workdir / "baselines").glob("*.jsonl.gz"))
    assert len(logs) == 1 and logs[0] not in before
    stored = read_baseline("baselines/assistant-1.2.json")
    assert stored.score("all", "numeric_accuracy") == Count(5, 6)
    assert load_baseline_run(stored).answers[2].answer.startswith("The under-five mortality rate was 35")


def test_saved_baseline_holds_everything_and_is_deterministic(workdir, tmp_path):
    assert save(f"examples/{RUN_12}") == 0
    assert save(f"examples/{RUN_12}", "--baselines", "again") == 0
    first = {p.name: p.read_bytes() for p in (workdir / "baselines").iterdir()}
    assert first == {p.name: p.read_bytes() for p in (workdir / "again").iterdir()}
    data = json.loads(first["assistant-1.2.json"])
    assert (data["assistant_version"], data["question_set"]["version"], data["run"]["set_version"]) == ("1.2", "1.2", "1.2")
    assert data["scorer"] == {"name": "answer-gate", "version": "0.1.0"}
    assert data["matching_digest"] == settings_digest(MatchSettings())
    assert {"slice": "language=fr", "measure": "refusal_accuracy", "numerator": 0, "denominator": 0} in data["scores"]
    a06 = next(o for o in data["outcomes"] if o["question_id"] == "a06")
    assert a06["measures"]["refusal_accuracy"] == {"passed": True, "numerator": 1, "denominator": 1}
    assert a06["measures"]["unsupported_numbers"] == {"passed": None, "numerator": 0, "denominator": 0}
    log_name = data["log"]["file"]
    assert gzip.decompress(first[log_name]) == (EXAMPLES / RUN_12).read_bytes()
    # The run re-loads from the stored log exactly as from the original.
    run = load_baseline_run(read_baseline("baselines/assistant-1.2.json"))
    assert [a.answer for a in run.answers] == [r["answer"] for r in lines_of(RUN_12)[1:]]


def test_saving_needs_a_pep440_assistant_version(workdir, capsys):
    assert main(["baseline", "save", "examples/answers_run_merged.jsonl"]) == 2
    err = capsys.readouterr().err
    assert "examples/answers_run_merged.jsonl: assistant_version: expected a PEP 440 version such as 1.2, 1.10 or 2.0rc1" in err
    assert "found none" in err
    assert not (workdir / "baselines").exists()


class PowerCut(BaseException):
    """A crash the program cannot catch (like SIGKILL half-way)."""


def test_a_crash_between_the_log_and_the_json_leaves_the_old_baseline_intact(workdir, monkeypatch):
    assert save(f"examples/{RUN_12}") == 0
    old_json = (workdir / "baselines" / "assistant-1.2.json").read_bytes()
    old = read_baseline("baselines/assistant-1.2.json")
    changed = write_run("run-1.2b.jsonl", "1.2", edit={"a07": {"cited_ids": ["NOPE"]}})

    def crash(*args, **kwargs):
        raise PowerCut()

    with monkeypatch.context() as patch, pytest.raises(PowerCut):
        patch.setattr("gate.baseline.storage.atomic_write_text", crash)
        save_baseline(changed, f"examples/{SET_12}", "thresholds.yaml", "baselines", force=True)
    assert (workdir / "baselines" / "assistant-1.2.json").read_bytes() == old_json
    again = read_baseline("baselines/assistant-1.2.json")  # checks the log it names
    assert again == old and load_baseline_run(again).answers[6].cited_ids == ("EDU_PRIM_ENRL_PCT",)
    assert len(list((workdir / "baselines").glob("*.jsonl.gz"))) == 2  # the stray new log

    # The next save completes and removes both the stray log and the old one.
    saved = save_baseline(changed, f"examples/{SET_12}", "thresholds.yaml", "baselines", force=True)
    assert [p.name for p in (workdir / "baselines").glob("*.jsonl.gz")] == [Path(saved.baseline.log_path).name]
    assert len(saved.removed) == 1


def test_a_crash_while_writing_the_log_changes_nothing(workdir, monkeypatch):
    assert save(f"examples/{RUN_12}") == 0
    before = {p.name: p.read_bytes() for p in (workdir / "baselines").iterdir()}
    changed = write_run("run-1.2b.jsonl", "1.2", edit={"a07": {"cited_ids": ["NOPE"]}})

    def crash(*args, **kwargs):
        raise PowerCut()

    with monkeypatch.context() as patch, pytest.raises(PowerCut):
        patch.setattr("gate.baseline.storage.atomic_write_bytes", crash)
        save_baseline(changed, f"examples/{SET_12}", "thresholds.yaml", "baselines", force=True)
    assert {p.name: p.read_bytes() for p in (workdir / "baselines").iterdir()} == before
    read_baseline("baselines/assistant-1.2.json")


def test_a_crash_inside_the_json_rename_leaves_the_old_file_and_no_temporary(workdir, monkeypatch):
    assert save(f"examples/{RUN_12}") == 0
    old_json = (workdir / "baselines" / "assistant-1.2.json").read_bytes()
    changed = write_run("run-1.2b.jsonl", "1.2", edit={"a07": {"cited_ids": ["NOPE"]}})
    real_replace = os.replace

    def replace(src, dst):
        if str(dst).endswith(".json"):
            raise PowerCut()
        return real_replace(src, dst)

    with monkeypatch.context() as patch, pytest.raises(PowerCut):
        patch.setattr(gate.core.files.os, "replace", replace)
        save_baseline(changed, f"examples/{SET_12}", "thresholds.yaml", "baselines", force=True)
    assert (workdir / "baselines" / "assistant-1.2.json").read_bytes() == old_json
    assert not [p for p in (workdir / "baselines").iterdir() if p.name.endswith(".tmp")]
    read_baseline(workdir / "baselines" / "assistant-1.2.json")


def test_list_shows_versions_in_order_with_scores(workdir, capsys):
    for version in ("1.10", "1.9"):
        assert save(write_run(workdir / f"run-{version}.jsonl", version)) == 0
    capsys.readouterr()
    assert main(["baseline", "list"]) == 0
    out = capsys.readouterr().out  # seven measures: too wide for a table at 120 columns, a block a version
    heads = [line for line in out.splitlines() if line.startswith("assistant ")]
    assert heads == ["assistant 1.9 · set 1.2 · 8 answers · saved by answer-gate 0.1.0", "assistant 1.10 · set 1.2 · 8 answers · saved by answer-gate 0.1.0"]
    assert "  numeric accuracy            1.00 (n=6)" in out
    assert [b.assistant_version for b in list_baselines("baselines")] == ["1.9", "1.10"]
    assert main(["baseline", "list", "--baselines", "nowhere"]) == 2
    assert "nowhere: --baselines: expected a folder of baselines, found nothing there" in capsys.readouterr().err
    (workdir / "empty").mkdir()
    assert main(["baseline", "list", "--baselines", "empty"]) == 0
    assert capsys.readouterr().out == "no baselines stored in empty\n"


# ------------------------------------------------------------------------------ choosing a baseline


def test_naming_a_baseline_by_version_or_path(workdir, capsys):
    for version in ("1.0", "1.1"):
        assert save(write_run(workdir / f"run-{version}.jsonl", version)) == 0
    assert check(f"examples/{RUN_13}", "--baseline", "1.0").comparison.baseline_version == "1.0"
    assert check(f"examples/{RUN_13}", "--baseline", "baselines/assistant-1.0.json").comparison.baseline_path == "baselines/assistant-1.0.json"
    capsys.readouterr()
    assert main(["check", f"examples/{RUN_13}", "--questions", f"examples/{SET_12}", "--baseline", "0.9"]) == 2
    assert "--baseline: expected a stored baseline for assistant 0.9, found 1.0, 1.1" in capsys.readouterr().err
    assert main(["check", f"examples/{RUN_13}", "--questions", f"examples/{SET_12}", "--baseline", "gone.json"]) == 2
    assert "gone.json: --baseline: baseline file not found" in capsys.readouterr().err
    assert main(["check", f"examples/{RUN_13}", "--questions", f"examples/{SET_12}", "--baseline", "1.0", "--no-baseline"]) == 2


def test_history_carries_the_stored_scores_of_earlier_versions(workdir):
    assert save(write_run(workdir / "run-1.0.jsonl", "1.0", source=RUN_13)) == 0
    for version in ("1.1", "1.4"):
        assert save(write_run(workdir / f"run-{version}.jsonl", version)) == 0
    history = check().comparison.history
    assert [h.assistant_version for h in history] == ["1.0", "1.1"]  # 1.4 is not earlier than 1.3
    assert dict(history[0].scores)["numeric_accuracy"] == Count(5, 6)
    assert dict(history[1].scores)["numeric_accuracy"] == Count(6, 6)


# ------------------------------------------------------------------------------ regression rules


def rule(kind="max_drop", bound="0.02", severity="error", measure="numeric_accuracy"):
    return Rule(measure, kind, Fraction(bound), severity, "thresholds.yaml:1")


@pytest.mark.parametrize("the_rule, before, after, broken, fixed, alpha, min_n, status, reason", [
    # a drop of exactly max_drop holds
    (rule(bound="0.25"), Count(4, 4), Count(3, 4), 1, 0, Fraction(1, 20), 0, PASS, ""),
    # a drop beyond it with p < alpha fails: 5 broken, 0 fixed is p = 1/32
    (rule(), Count(20, 20), Count(15, 20), 5, 0, Fraction(1, 20), 0, FAIL,
     "adjusted p=0.0313 < alpha 0.05 (p=0.0313, no correction over a family of 1; 5 broken, 0 fixed)"),
    # the same drop with p >= alpha is noise: 5 broken, 1 fixed is p = 7/64
    (rule(), Count(20, 20), Count(16, 20), 5, 1, Fraction(1, 20), 0, WARN,
     "drop within noise (adjusted p=0.109, not below alpha 0.05; p=0.109, no correction over a family of 1; 5 broken, 1 fixed)"),
    # p exactly alpha is not below it: 4 broken is p = 1/16, the least 4 flips can give: too few to tell
    (rule(), Count(20, 20), Count(16, 20), 4, 0, Fraction(1, 16), 0, WARN,
     "insufficient evidence: with n = 20 a drop of 0.25 or more could be detected (5 broken, none fixed); 4 broken, 0 fixed "
     "can reach p=0.0625 at best, not below 0.0625 (adjusted p=0.0625; p=0.0625, no correction over a family of 1)"),
    # n = 4 can never reach 0.05: even all 4 broken is p = 1/16
    (rule(), Count(4, 4), Count(0, 4), 4, 0, Fraction(1, 20), 0, WARN,
     "insufficient evidence: with n = 4 no drop could be detected (5 would have to break, none fixed); 4 broken, 0 fixed "
     "can reach p=0.0625 at best, not below 0.05 (adjusted p=0.0625; p=0.0625, no correction over a family of 1)"),
    # severity warn, within noise: outside the family, its raw p only
    (rule(severity="warn"), Count(20, 20), Count(16, 20), 5, 1, Fraction(1, 20), 0, WARN,
     "drop within noise (p=0.109, not below alpha 0.05; outside the family; 5 broken, 1 fixed)"),
    # alpha null: the drop alone decides
    (rule(), Count(20, 20), Count(19, 20), 1, 0, None, 0, FAIL, "alpha is null: the drop alone decides (1 broken, 0 fixed)"),
    # below min_n: a direction only
    (rule(), Count(4, 4), Count(0, 4), 4, 0, Fraction(1, 20), 5, WARN, "n=4 is below min_n=5: a direction only, never a failure"),
    # severity warn
    (rule(severity="warn"), Count(20, 20), Count(15, 20), 5, 0, Fraction(1, 20), 0, WARN, "p=0.0313 < alpha 0.05 (5 broken, 0 fixed); severity warn: reported only"),
    # an improvement never breaks a drop limit
    (rule(), Count(15, 20), Count(20, 20), 0, 5, Fraction(1, 20), 0, PASS, ""),
    # one invented figure in 220 rises beyond a max_rise of 0, exactly
    (rule("max_rise", "0", measure="unsupported_numbers"), Count(0, 220), Count(1, 220), 1, 0, None, 0, FAIL, "alpha is null: the rise alone decides (1 broken, 0 fixed)"),
    (rule("max_rise", "0", measure="unsupported_numbers"), Count(0, 220), Count(1, 220), 1, 0, Fraction(1, 20), 0, WARN,
     "insufficient evidence: with n = 220 a rise of 0.0227 or more could be detected (5 broken, none fixed); 1 broken, 0 fixed "
     "can reach p=0.5 at best, not below 0.05 (adjusted p=0.5; p=0.5, no correction over a family of 1)"),
    (rule("max_rise", "0.01", measure="unsupported_numbers"), Count(0, 220), Count(2, 220), 2, 0, None, 0, PASS, ""),
    # nothing on one side: skip
    (rule(), Count(0, 0), Count(1, 1), 0, 0, Fraction(1, 20), 0, SKIP, "n=0 in the baseline on the common questions: nothing to compare"),
])
def test_regression_rule_table(the_rule, before, after, broken, fixed, alpha, min_n, status, reason):
    from gate.baseline import mcnemar_p

    result = check_regression(the_rule, "all", before, after, broken, fixed, mcnemar_p(broken, fixed), alpha, min_n)
    assert (result.status, result.reason) == (status, reason)
    if status != SKIP:
        assert result.actual == after.rate - before.rate
        assert result.n == min(before.denominator, after.denominator)


def test_alpha_null_lets_the_drop_alone_fail_the_example(workdir):
    shutil.copytree(ROOT / "baselines", workdir / "baselines")
    Path("thresholds.yaml").write_text(Path("thresholds.yaml").read_text("utf-8").replace("alpha: 0.05", "alpha: null"), "utf-8")
    report = check()
    failed = [(r.slice, r.rule.measure) for r in report.rules if r.status == FAIL and r.rule.kind in ("max_drop", "max_rise")]
    assert len(failed) == 8 and ("all", "numeric_accuracy") in failed
    assert report.verdict.failed == 16
    assert "alpha null: a drop beyond the limit alone fails" in comparison_text(report)[-1]


def test_per_language_override_of_max_drop(workdir):
    shutil.copytree(ROOT / "baselines", workdir / "baselines")
    text = Path("thresholds.yaml").read_text("utf-8").replace(
        "  fr:\n    numeric_accuracy: {min: 0.85}", "  fr:\n    numeric_accuracy: {min: 0.85}\n  en:\n    numeric_accuracy: {max_drop: 0.30}")
    Path("thresholds.yaml").write_text(text, "utf-8")
    report = check()
    by_cell = {(r.slice, r.rule.measure): r for r in report.rules if r.rule.kind == "max_drop"}
    en = by_cell[("language=en", "numeric_accuracy")]
    assert (en.status, en.rule.bound, en.rule.language, en.actual) == (PASS, Fraction(3, 10), "en", Fraction(-1, 4))
    assert by_cell[("all", "numeric_accuracy")].status == WARN
    assert by_cell[("language=en", "citation_validity")].rule.bound == Fraction(1, 50)  # not overridden


def test_min_n_above_the_cells_makes_every_regression_a_direction(workdir):
    shutil.copytree(ROOT / "baselines", workdir / "baselines")
    Path("thresholds.yaml").write_text(Path("thresholds.yaml").read_text("utf-8").replace("min_n: 2", "min_n: 50"), "utf-8")
    broken = [r for r in check().rules if r.rule.kind in ("max_drop", "max_rise") and r.broken]
    assert len(broken) == 8 and all(r.status == WARN and "below min_n=50" in r.reason for r in broken)


@pytest.mark.parametrize("before, after, shown", [
    (Fraction(1), Fraction(5, 6), ("1.00", "0.83", "-0.17")),
    (Fraction(1), Fraction(7, 8), ("1.000", "0.875", "-0.125")),  # never 1.00 -> 0.88 (-0.13)
    (Fraction(0), Fraction(1, 4), ("0.00", "0.25", "+0.25")),
    (Fraction(1, 2), Fraction(1, 2), ("0.50", "0.50", "0.00")),
    (Fraction(0), Fraction(1, 1000), ("0.000", "0.001", "+0.001")),
    (None, Fraction(1, 2), ("-", "0.50", "-")),
])
def test_display_of_a_change_never_contradicts_itself(before, after, shown):
    assert display_change(before, after) == shown


def _disjoint_run(n: int) -> tuple[str, str]:
    """A set of ``n`` questions none of which the example's baseline (a01 to a08) holds, and a
    run of assistant 1.3 answering each (the example's first answer, under another id)."""
    question, answer = lines_of(SET_12)[1], lines_of(RUN_13)[1]
    ids = [f"z{i:04d}" for i in range(n)]
    Path(f"set-{n}.jsonl").write_text(json.dumps({"set": {"version": "1.2"}}) + "\n" + "".join(
        json.dumps({**question, "question_id": i}) + "\n" for i in ids), "utf-8")
    Path(f"run-{n}.jsonl").write_text(json.dumps({"run": {"assistant_version": "1.3", "set_version": "1.2"}}) + "\n" + "".join(
        json.dumps({**answer, "question_id": i}) + "\n" for i in ids), "utf-8")
    return f"run-{n}.jsonl", f"set-{n}.jsonl"


def test_a_comparison_builds_nothing_per_question_of_the_run_that_the_baseline_does_not_hold(workdir, monkeypatch):
    """Compared with a baseline that shares none of its questions, a run of 40 questions costs
    the comparison as many outcomes and questions built as a run of 10: none per question of
    the run (its ids are read for the questions added, no question or outcome is built)."""
    from gate.inputs.question_index import QuestionIndex
    from gate.model.outcomes import Outcome

    shutil.copytree(ROOT / "baselines", workdir / "baselines")
    built = {"on": False, "outcomes": 0, "questions": 0}
    outcome_init, question = Outcome.__init__, QuestionIndex.question

    def counted_outcome(self, *args, **kwargs):
        built["outcomes"] += built["on"]
        outcome_init(self, *args, **kwargs)

    def counted_question(self, position):
        built["questions"] += built["on"]
        return question(self, position)

    monkeypatch.setattr(Outcome, "__init__", counted_outcome)
    monkeypatch.setattr(QuestionIndex, "question", counted_question)

    class Counting(BaselineComparer):
        def __call__(self, *args, **kwargs):
            built["on"] = True
            try:
                return super().__call__(*args, **kwargs)
            finally:
                built["on"] = False

    seen = {}
    for n in (10, 40):
        built.update(outcomes=0, questions=0)
        report = check_run(*_disjoint_run(n), "thresholds.yaml", compare=Counting(directory="baselines"), jobs=1)
        assert report.comparison is not None and report.comparison.baseline_version == "1.2"
        assert report.comparison.differences.added == tuple(f"z{i:04d}" for i in range(n))
        assert report.comparison.differences.compared == 0
        seen[n] = (built["outcomes"], built["questions"])
    assert seen[10] == seen[40]
    assert seen[10][1] == 0  # no question of the run is built: the baseline knows none of them
