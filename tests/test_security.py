"""A gate nobody can fool (issue 13): each kind of fault fixed as a whole, each a test on
its message and exit code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_inputs import GOOD, QUESTION, assert_input_error, check, write_lines


@pytest.fixture
def files(workdir):
    write_lines(workdir / "set.jsonl", [{"set": {"version": "1"}}, QUESTION, {**QUESTION, "question_id": "q2"}])
    write_lines(workdir / "run.jsonl", [GOOD, {**GOOD, "question_id": "q2"}])
    return workdir


# --- 1. passing without deciding -----------------------------------------------------

UNDECIDABLE_FILES = [
    ("no-measures", "version: 1\nmeasures: {}\n",
     "t.yaml:2: measures: expected at least one rule with a bound (min, max, max_drop, max_rise), found none: a gate with nothing to check can never decide"),
    ("null-measures", "version: 1\nmeasures:\n",
     "t.yaml:2: measures: expected an object, found null"),
    ("rule-without-bound", "version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9}\n  citation_validity: {}\n",
     "t.yaml:4: measures.citation_validity: expected a bound (min, max, max_drop, max_rise), found no bound: this rule would check nothing"),
    ("severity-alone", "version: 1\nmeasures:\n  numeric_accuracy: {severity: warn}\n",
     "t.yaml:3: measures.numeric_accuracy: expected a bound (min, max, max_drop, max_rise), found a severity alone: this rule would check nothing"),
    ("language-rule-without-bound", "version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9}\nlanguages:\n  fr: {answer_rate: {}}\n",
     "t.yaml:5: languages.fr.answer_rate: expected a bound (min, max, max_drop, max_rise), found no bound: this rule would check nothing"),
    ("language-severity-without-top-bound", "version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9}\nlanguages:\n  fr: {answer_rate: {severity: warn}}\n",
     "t.yaml:5: languages.fr.answer_rate: expected a bound (min, max, max_drop, max_rise), found a severity alone"),
]


@pytest.mark.parametrize("text, message", [c[1:] for c in UNDECIDABLE_FILES], ids=[c[0] for c in UNDECIDABLE_FILES])
def test_a_thresholds_file_that_checks_nothing_is_an_input_error(files, cli, text, message):
    (files / "t.yaml").write_text(text)
    assert_input_error(check(cli, "run.jsonl", "--thresholds", "t.yaml"), message)


def test_a_language_may_change_only_the_severity_of_top_level_bounds(files, cli):
    (files / "t.yaml").write_text("version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9}\nlanguages:\n  en: {numeric_accuracy: {severity: warn}}\n")
    code, out, err = check(cli, "run.jsonl", "--thresholds", "t.yaml")
    assert code == 0 and "answer-gate passed" in out and "2 rules held" in out, (out, err)


def _verdict(path: str = "out.json") -> dict:
    return json.loads(Path(path).read_text())["verdict"]


def test_every_cell_with_nothing_to_count_fails_the_run(files, cli):
    # refusal accuracy counts questions to decline; this set has none
    (files / "t.yaml").write_text("version: 1\nmeasures:\n  refusal_accuracy: {min: 0.9}\n")
    code, out, err = check(cli, "run.jsonl", "--thresholds", "t.yaml", "--markdown", "out.md")
    reason = "every rule's cell had nothing to count (2 rule(s) skipped, n=0)"
    assert code == 1, (out, err)
    assert f"FAILED: nothing was checked, so the gate cannot pass: {reason}" in out
    assert _verdict() == {"passed": False, "failed": 0, "warned": 0, "checked": 0, "skipped": 2, "undecided": reason}
    assert Path("out.md").read_text().splitlines()[1] == f"### ❌ answer-gate failed: nothing was checked, so the gate cannot pass: {reason}"


def test_only_regression_rules_and_no_baseline_fails_the_run(files, cli):
    (files / "t.yaml").write_text("version: 1\nmeasures:\n  numeric_accuracy: {max_drop: 0.02}\n  unsupported_numbers: {max_rise: 0}\n")
    code, out, err = check(cli, "run.jsonl", "--thresholds", "t.yaml")
    reason = "the thresholds hold only regression rules (max_drop, max_rise) and there is no baseline to compare with"
    assert code == 1 and f"FAILED: nothing was checked, so the gate cannot pass: {reason}" in out, (out, err)
    assert _verdict()["undecided"] == reason and _verdict()["passed"] is False


def test_some_rules_checked_still_pass(files, cli):
    (files / "t.yaml").write_text("version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9, max_drop: 0.02}\n  refusal_accuracy: {min: 0.9}\n")
    code, out, _ = check(cli, "run.jsonl", "--thresholds", "t.yaml")
    assert code == 0 and "answer-gate passed" in out and "4 rules: 2 held, 2 skipped" in out
    assert "undecided" not in _verdict()


# --- 2. the logged question is not evidence -------------------------------------------

def test_a_figure_in_the_logged_question_supports_nothing(files, cli):
    invented = {**GOOD, "question": "What was the rate, 35%?", "answer": "The rate was 35% (S1)."}
    write_lines(files / "run.jsonl", [invented, {**GOOD, "question_id": "q2"}])
    code, out, err = check(cli, "run.jsonl")
    assert code == 1, (out, err)
    report = json.loads(Path("out.json").read_text())
    assert [(f["question_id"], f["code"], f["figure"]["text"]) for f in report["findings"] if f["measure"] == "unsupported_numbers"] == [("q1", "unsupported_figure", "35%")]
    assert ("1 answer(s) log a question that differs from the set's text (q1); numbers in the logged question are not evidence, "
            "only the set's question is") in report["notices"]


def test_a_figure_in_the_sets_question_is_evidence(files, cli):
    write_lines(files / "set.jsonl", [{**QUESTION, "question": "Was the rate 35%?"}, {**QUESTION, "question_id": "q2"}])
    write_lines(files / "run.jsonl", [{**GOOD, "question": "Was the rate 35%?", "answer": "It was 7.6%, not 35% (S1)."}, {**GOOD, "question_id": "q2"}])
    code, out, err = check(cli, "run.jsonl")
    assert code == 0, (out, err)
    assert not [n for n in json.loads(Path("out.json").read_text())["notices"] if "logged question" in n]


# --- 3. report paths that destroy data ---------------------------------------------------

def _stored(files) -> Path:
    import shutil

    from tests.conftest import ROOT

    shutil.copytree(ROOT / "baselines", files / "baselines")
    return files / "baselines"


@pytest.mark.parametrize("flag", ["--json", "--markdown", "--junit"])
def test_a_report_inside_the_baselines_folder_is_refused(files, cli, flag):
    stored = _stored(files)
    before = {p.name: p.read_bytes() for p in stored.iterdir()}
    for target in ("baselines/assistant-1.2.json", "baselines/assistant-1.2.run-297109044386.jsonl.gz", "baselines/new.md", "./baselines/../baselines/x"):
        code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", flag, target)
        assert code == 2 and (f"{target}: {flag}: expected a report path outside the baselines folder, found one inside it: "
                              "a report there would replace a stored baseline or its log") in err, err
    assert {p.name: p.read_bytes() for p in stored.iterdir()} == before


def test_a_report_beside_a_named_baseline_or_in_a_named_folder_is_refused(files, cli):
    import shutil

    stored = _stored(files)
    shutil.move(stored, files / "kept")
    code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--baseline", "kept/assistant-1.2.json", "--json", "kept/assistant-1.2.json")
    assert code == 2 and "expected a report path outside the baselines folder" in err
    code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--baselines", "kept", "--markdown", "kept/r.md")
    assert code == 2 and "kept/r.md: --markdown: expected a report path outside the baselines folder" in err


def test_a_folder_link_into_the_baselines_is_seen_through(files, cli):
    import os

    _stored(files)
    os.symlink("baselines", files / "elsewhere")
    code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--json", "elsewhere/assistant-1.2.json")
    assert code == 2 and "expected a report path outside the baselines folder" in err


def test_a_dangling_link_is_refused(files, cli):
    import os

    os.symlink("/tmp/nowhere-answer-gate/x.json", files / "dangling.json")
    code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--json", "dangling.json")
    assert code == 2 and "dangling.json: --json: expected a regular file path, found a symbolic link to '/tmp/nowhere-answer-gate/x.json'" in err


def test_a_name_over_255_bytes_is_an_input_error(files, cli):
    name = "r" * 251 + ".json"
    code, out, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--json", name)
    assert code == 2 and f"{name}: --json: expected a file name of at most 255 bytes, found one of 256" in err, (out, err)
    name = "é" * 128 + ".md"  # 259 bytes in UTF-8, 131 characters
    code, _, err = cli("check", "run.jsonl", "--questions", "set.jsonl", "--markdown", name)
    assert code == 2 and "expected a file name of at most 255 bytes, found one of 259" in err


# --- 4. size limits, and files that are not UTF-8 ----------------------------------------

SIZE_CASES = [
    # (which input, its variable, the command's arguments with ZERO for /dev/zero)
    ("run log", "ANSWER_GATE_MAX_LOG_BYTES", ["check", "ZERO", "--questions", "set.jsonl"]),
    ("question set", "ANSWER_GATE_MAX_SET_BYTES", ["check", "run.jsonl", "--questions", "ZERO"]),
    ("thresholds file", "ANSWER_GATE_MAX_THRESHOLDS_BYTES", ["check", "run.jsonl", "--questions", "set.jsonl", "--thresholds", "ZERO"]),
]


@pytest.mark.parametrize("what, variable, args", SIZE_CASES, ids=[c[0] for c in SIZE_CASES])
def test_dev_zero_as_any_input_stops_at_its_limit(files, cli, monkeypatch, what, variable, args):
    monkeypatch.setenv(variable, "64KiB")
    option = {"run log": "--max-log-bytes or ", "question set": "--max-set-bytes or "}.get(what, "")
    code, out, err = cli(*["/dev/zero" if a == "ZERO" else a for a in args], "--json", "out.json")
    assert code == 2, (out, err)
    assert (f"/dev/zero: expected a {what} of at most 64 KiB, found more (stopped reading there); "
            f"raise the limit with {option}{variable} if the file is meant to be this large") in err
    assert not Path("out.json").exists()


def test_a_stored_baseline_past_its_limit_or_not_a_file(files, cli, monkeypatch):
    import os

    monkeypatch.setenv("ANSWER_GATE_MAX_BASELINE_BYTES", "64KiB")
    (files / "baselines").mkdir()
    os.symlink("/dev/zero", files / "baselines" / "assistant-0.9.json")
    write_lines(files / "answers_run_assistant-1.0_set-1.jsonl", [GOOD, {**GOOD, "question_id": "q2"}])
    code, out, err = check(cli, "answers_run_assistant-1.0_set-1.jsonl")
    assert code == 2 and "baselines/assistant-0.9.json: expected a baseline file, found a folder, device, pipe or socket of that name" in err
    os.unlink(files / "baselines" / "assistant-0.9.json")
    (files / "baselines" / "assistant-0.9.json").write_bytes(b" " * 70_000)
    code, out, err = check(cli, "answers_run_assistant-1.0_set-1.jsonl")
    assert code == 2 and ("baselines/assistant-0.9.json: expected a baseline of at most 64 KiB, found more (stopped reading there); "
                          "raise the limit with ANSWER_GATE_MAX_BASELINE_BYTES") in err, (out, err)


def test_the_default_limits_apply_without_a_variable(files, cli, monkeypatch):
    from gate.core import limits

    monkeypatch.setitem(limits.LIMITS, "log", limits.Limit("run log", "ANSWER_GATE_MAX_LOG_BYTES", 1000))
    write_lines(files / "big.jsonl", [GOOD] + [{**GOOD, "question_id": f"x{i}"} for i in range(10)])
    assert_input_error(check(cli, "big.jsonl"), "big.jsonl: expected a run log of at most 1,000 bytes, found more")


def test_a_limit_that_is_not_a_size_is_an_input_error(files, cli, monkeypatch):
    monkeypatch.setenv("ANSWER_GATE_MAX_SET_BYTES", "lots")
    assert_input_error(check(cli), "ANSWER_GATE_MAX_SET_BYTES: expected a size in bytes such as 64MiB or 1000000, found 'lots'")


def test_sizes_parse_with_their_units():
    from gate.core.limits import parse_size

    assert [parse_size(t) for t in ("1000", "64KiB", "2 MB", "1GiB", "5k", "1.5MB", "-3", "12 parsecs")] == [
        1000, 65536, 2_000_000, 1024**3, 5000, None, None, None]


def _stored_with_log(files, raw: bytes) -> None:
    """A copy of the shipped baseline whose log is replaced by ``raw``, gzipped."""
    import gzip

    stored = _stored(files)
    log = next(stored.glob("*.jsonl.gz"))
    log.write_bytes(gzip.compress(raw))


def test_a_baseline_log_is_never_decompressed_past_its_stored_size(files, cli):
    from tests.conftest import RUN_13, SET_12

    _stored_with_log(files, b"\n" * (64 * 1024 * 1024))  # 64 MiB of newlines: 65 KB gzipped
    code, _, err = cli("check", str(RUN_13), "--questions", str(SET_12), "--json", "out.json")
    assert code == 2, err
    assert ("assistant-1.2.run-297109044386.jsonl.gz: expected the 2,737 bytes its baseline records, found more "
            "(stopped decompressing there): the log was altered or replaced") in err
    assert not Path("out.json").exists()


def test_a_baseline_log_past_the_limit_names_the_limit(files, cli, monkeypatch):
    from tests.conftest import RUN_13, SET_12

    monkeypatch.setenv("ANSWER_GATE_MAX_LOG_BYTES", "100")
    _stored(files)
    code, _, err = cli("check", str(RUN_13), "--questions", str(SET_12))
    assert code == 2 and "expected a run log of at most 100 bytes, found more" in err, err


ENCODINGS = [
    ("utf-16-le-bom", "utf-16", "UTF-16 (little-endian, with a byte order mark)"),
    ("utf-16-be-bom", "utf-16-be-bom", "UTF-16 (big-endian, with a byte order mark)"),
    ("utf-16-le", "utf-16-le", "UTF-16 (little-endian, no byte order mark)"),
    ("utf-16-be", "utf-16-be", "UTF-16 (big-endian, no byte order mark)"),
    ("utf-32-le-bom", "utf-32", "UTF-32 (little-endian, with a byte order mark)"),
    ("utf-32-be", "utf-32-be", "UTF-32 (big-endian, no byte order mark)"),
    ("utf-32-le", "utf-32-le", "UTF-32 (little-endian, no byte order mark)"),
]


def _encode(text: str, codec: str) -> bytes:
    if codec == "utf-16-be-bom":
        return b"\xfe\xff" + text.encode("utf-16-be")
    return text.encode(codec)


@pytest.mark.parametrize("codec, name", [c[1:] for c in ENCODINGS], ids=[c[0] for c in ENCODINGS])
def test_a_wide_encoding_is_named_once(files, cli, codec, name):
    text = (files / "run.jsonl").read_text(encoding="utf-8")
    (files / "run.jsonl").write_bytes(_encode(text, codec))
    code, _, err = check(cli)
    assert code == 2
    assert (f"run.jsonl: expected UTF-8 text, found {name}: this file is not UTF-8; save it as UTF-8 "
            "(with or without a byte order mark)") in err
    assert "1 problem with the input" in err, err
    (files / "t.yaml").write_bytes(_encode("version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9}\n", codec))
    write_lines(files / "run.jsonl", [GOOD, {**GOOD, "question_id": "q2"}])
    assert_input_error(check(cli, "run.jsonl", "--thresholds", "t.yaml"), f"t.yaml: expected UTF-8 text, found {name}")


def test_latin1_is_named_as_a_likely_encoding(files, cli):
    (files / "run.jsonl").write_bytes(json.dumps({**GOOD, "answer": "Le taux était 7,6 % (S1)."}, ensure_ascii=False).encode("latin-1") + b"\n")
    assert_input_error(check(cli), "run.jsonl:1: expected UTF-8 text, found byte 0xe9 at column",
                       "it looks like Latin-1 or Windows-1252: save the file as UTF-8")


# --- 5. extreme numbers --------------------------------------------------------------------

def _strict_json(path: str = "out.json") -> dict:
    def refuse(constant: str):
        raise ValueError(f"{constant} is not JSON")

    return json.loads(Path(path).read_text(), parse_constant=refuse)


UNBOUNDED = [
    ("billion-digit-exponent-value", "1e" + "9" * 1000, "1e999999999999999999...9999999999 (1,002 characters)"),
    ("huge-exponent", "1e999999", "1e999999"),
    ("tiny-exponent", "1e-999999", "1e-999999"),
    ("5000-digit-value", "7" * 5000, "77777777777777777777...7777777777 (5,000 characters)"),
    ("400-digit-value", "7" * 400, "77777777777777777777...7777777777 (400 characters)"),
    ("35-significant-digits", "1." + "2" * 34, "1." + "2" * 34),
    ("magnitude-1e30", "1e30", "1e30"),
    ("below-1e-30", "0.5e-30", "0.5e-30"),
]


@pytest.mark.parametrize("number, shown", [c[1:] for c in UNBOUNDED], ids=[c[0] for c in UNBOUNDED])
def test_a_number_beyond_the_bounds_is_an_input_error_naming_its_field(files, cli, number, shown):
    line = json.dumps({**GOOD, "retrieved_values": [7.6, 0]}).replace("[7.6, 0]", f"[7.6, {number}]")
    (files / "run.jsonl").write_text(line + "\n" + json.dumps({**GOOD, "question_id": "q2"}) + "\n")
    assert_input_error(check(cli), f"run.jsonl:1: retrieved_values[1]: expected a number of at most 34 significant digits and "
                                   f"magnitude from 1e-30 to below 1e30, found {shown}")
    write_lines(files / "run.jsonl", [GOOD, {**GOOD, "question_id": "q2"}])
    (files / "set.jsonl").write_text(json.dumps(QUESTION).replace("[7.6]", f"[{number}]") + "\n")
    assert_input_error(check(cli), "set.jsonl:1: expected_values[0]: expected a number of at most 34 significant digits")


def test_numbers_within_the_bounds_are_read_exactly(files, cli):
    from gate.inputs.run_log import load_run

    line = json.dumps(GOOD).replace("[7.6]", "[0, 1e-30, 9.99e29, 123456789012345678901234567890.1234, -5, 7.60]")
    (files / "run.jsonl").write_text(line + "\n")
    assert [str(v) for v in load_run(files / "run.jsonl").answers[0].retrieved_values] == [
        "0", "1E-30", "9.99E+29", "123456789012345678901234567890.1234", "-5", "7.60"]


@pytest.mark.parametrize("digits", [400, 5000])
def test_a_huge_figure_in_an_answer_is_an_unsupported_figure_and_the_report_stays_json(files, cli, digits):
    figure = "7" * digits
    write_lines(files / "run.jsonl", [{**GOOD, "answer": f"The rate was 7.6%, or {figure} people (S1)."}, {**GOOD, "question_id": "q2"}])
    code, out, err = check(cli, "run.jsonl", "--markdown", "out.md")
    assert code == 1, (out, err)
    report = _strict_json()
    (finding,) = [f for f in report["findings"] if f["code"] == "unsupported_figure"]
    assert finding["figure"]["text"] == figure and finding["figure"]["value"] is None


def test_a_330_digit_decimal_figure_is_never_infinity(files, cli):
    figure = "9" * 330 + ".5"  # float() of it is inf: the JSON report once held Infinity
    write_lines(files / "run.jsonl", [{**GOOD, "answer": f"The rate was 7.6%, or {figure} (S1)."}, {**GOOD, "question_id": "q2"}])
    code, out, err = check(cli)
    assert code == 1, (out, err)
    text = Path("out.json").read_text()
    assert "Infinity" not in text and "NaN" not in text
    (finding,) = [f for f in _strict_json()["findings"] if f["code"] == "unsupported_figure"]
    assert (finding["figure"]["text"], finding["figure"]["value"]) == (figure, None)


def test_a_baseline_with_a_5000_digit_number_is_an_input_error(files, cli):
    stored = _stored(files)
    path = stored / "assistant-1.2.json"
    path.write_text(path.read_text().replace('"bytes": 2737', '"bytes": ' + "7" * 5000, 1))
    from tests.conftest import RUN_13, SET_12

    code, _, err = cli("check", str(RUN_13), "--questions", str(SET_12))
    assert code == 2 and "assistant-1.2.json: expected a baseline (JSON), found a number that cannot be read" in err, err


# --- 6. what is on disk agrees with what is said -----------------------------------------

def test_an_interrupt_between_two_reports_leaves_none(files, cli, monkeypatch):
    import gate.core.files

    real = gate.core.files.Staged.write_bytes
    calls = []

    def interrupted(self, path, data):  # the JSON report is staged first (Staged.open), then the markdown
        calls.append(path)
        if len(calls) == 1:
            raise KeyboardInterrupt
        real(self, path, data)

    monkeypatch.setattr(gate.core.files.Staged, "write_bytes", interrupted)
    code, _, err = check(cli, "run.jsonl", "--markdown", "out.md")
    assert code == 130 and calls == ["out.md"]
    assert err.endswith("answer-gate: interrupted; nothing was written\n"), err  # issue 33: all reports or none
    assert not Path("out.json").exists() and not Path("out.md").exists()
    assert not list(files.glob(".*.tmp"))


def test_an_interrupt_before_any_report_says_nothing_was_written(files, cli, monkeypatch):
    import gate.run.check

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(gate.run.check, "check_run", interrupted)
    code, _, err = check(cli)
    assert code == 130 and "answer-gate: interrupted; nothing was written" in err and not Path("out.json").exists()


def _github_env(files, monkeypatch) -> None:
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(files / "summary.md"))
    monkeypatch.setenv("GITHUB_OUTPUT", str(files / "output.txt"))


@pytest.mark.parametrize("passing", [True, False])
def test_an_unwritable_job_summary_keeps_the_verdict(files, cli, monkeypatch, passing):
    import gate.ci.publish

    _github_env(files, monkeypatch)
    if not passing:
        write_lines(files / "run.jsonl", [{**GOOD, "answer": "It was 35% (S1)."}, {**GOOD, "question_id": "q2"}])

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device", str(files / "summary.md"))

    monkeypatch.setattr(gate.ci.publish, "write_summary", full)
    code, _, err = check(cli, "run.jsonl", "--github")
    assert code == (0 if passing else 1), err
    assert (f"cannot publish to GitHub Actions {files / 'summary.md'} (No space left on device); the verdict stands: "
            f"{'passed' if passing else 'failed'}; written: out.json") in err
    assert _strict_json()["verdict"]["passed"] is passing


def _gate(files, *args: str, **kwargs):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "gate", "check", "run.jsonl", "--questions", "set.jsonl", "--json", "out.json", *args],
                          cwd=files, capture_output=True, text=True, **kwargs)


def test_a_closed_standard_output_keeps_the_verdict(files):
    import subprocess
    import sys

    result = subprocess.run(f"{sys.executable} -m gate check run.jsonl --questions set.jsonl --json out.json >&-",
                            shell=True, cwd=files, capture_output=True, text=True)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert json.loads((files / "out.json").read_text())["verdict"]["passed"] is True


def test_an_unwritable_standard_output_keeps_the_verdict(files):
    import subprocess
    import sys

    result = subprocess.run(f"{sys.executable} -m gate check run.jsonl --questions set.jsonl --json out.json >/dev/full",
                            shell=True, cwd=files, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "cannot print the report to standard output (No space left on device); the verdict stands: passed; written: out.json" in result.stderr
    assert json.loads((files / "out.json").read_text())["verdict"]["passed"] is True


@pytest.mark.parametrize("passing", [True, False])
def test_a_gate_piped_into_a_reader_that_leaves_keeps_its_exit_code(files, passing):
    import subprocess
    import sys

    if not passing:
        write_lines(files / "run.jsonl", [{**GOOD, "answer": "It was 35% (S1)."}, {**GOOD, "question_id": "q2"}])
    proc = subprocess.Popen([sys.executable, "-m", "gate", "check", "run.jsonl", "--questions", "set.jsonl", "--json", "out.json"],
                            cwd=files, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader is gone before the first line: like `| head -c 0`
    err = proc.stderr.read().decode()
    assert proc.wait() == (0 if passing else 1), err
    assert "Traceback" not in err and "internal error" not in err


SURROGATES = [
    ("answer", lambda g: json.dumps(g).replace("The rate", "The \\ud800 rate"), "run.jsonl:1: answer: expected text, found a lone surrogate escape \\ud800 at character 5"),
    ("cited-id", lambda g: json.dumps(g).replace('"cited_ids": ["S1"]', '"cited_ids": ["S\\udc001"]'), "run.jsonl:1: cited_ids[0]: expected text, found a lone surrogate escape \\udc00 at character 2"),
    ("question-id", lambda g: json.dumps(g).replace('"q1"', '"q\\uDBFF"'), "run.jsonl:1: question_id: expected text, found a lone surrogate escape \\udbff"),
    ("version", lambda g: '{"run": {"assistant_version": "1.\\ud8003"}}\n' + json.dumps(g), "run.jsonl:1: run.assistant_version: expected text, found a lone surrogate escape \\ud800"),
    ("passage-key", lambda g: json.dumps({**g, "retrieved_passages": {"P": "x"}}).replace('"P"', '"P\\ud800"'), "run.jsonl:1: retrieved_passages: expected a key, found a lone surrogate escape \\ud800"),
]


@pytest.mark.parametrize("make, message", [c[1:] for c in SURROGATES], ids=[c[0] for c in SURROGATES])
def test_a_lone_surrogate_is_an_input_error(files, cli, make, message):
    (files / "run.jsonl").write_text(make(GOOD) + "\n" + json.dumps({**GOOD, "question_id": "q2"}) + "\n")
    assert_input_error(check(cli), message)


def test_a_surrogate_pair_escape_is_a_character(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "answer": "The rate was 7.6% \ud83d\ude00 (S1)."}, {**GOOD, "question_id": "q2"}])
    assert "\\ud83d\\ude00" in (files / "run.jsonl").read_text()
    assert check(cli)[0] == 0


def test_a_very_long_question_id_and_version_are_cut_to_fit_the_comment(files, cli):
    from gate.ci.github import MAX_COMMENT_CHARS

    long_id, version = "q" * 100_000, "1." + "1" * 100_000
    write_lines(files / "set.jsonl", [{**QUESTION, "question_id": long_id}])
    write_lines(files / "run.jsonl", [{"run": {"assistant_version": version}}, {**GOOD, "question_id": long_id, "answer": "It was 35% (S1)."}])
    code, out, err = check(cli, "run.jsonl", "--markdown", "out.md")
    # one answer: every cell has n=1, below min_n=2, so no rule could decide: undecided, exit 1
    assert code == 1 and "no rule could decide" in out, err
    body = Path("out.md").read_text()
    assert len(body) < MAX_COMMENT_CHARS and "q" * 100 + "… (99,900 characters cut)" in body and "1." + "1" * 98 + "… (99,902 characters cut)" in body
    assert _strict_json()["run"]["assistant_version"] == version  # the JSON report keeps it whole


def test_a_baseline_nested_100000_deep_is_an_input_error(files, cli):
    stored = _stored(files)
    (stored / "assistant-1.2.json").write_text("[" * 100_000 + "]" * 100_000)
    from tests.conftest import RUN_13, SET_12

    code, _, err = cli("check", str(RUN_13), "--questions", str(SET_12))
    assert code == 2 and "assistant-1.2.json: expected a baseline (JSON), found nested too deep to read" in err, err


def test_thresholds_nested_100000_deep_are_an_input_error(files, cli):
    (files / "t.yaml").write_text("version: 1\nmeasures: " + "[" * 100_000 + "]" * 100_000 + "\n")
    assert_input_error(check(cli, "run.jsonl", "--thresholds", "t.yaml"), "t.yaml: expected rules, found values nested too deep to read")


def test_an_unknown_key_in_the_run_header_is_reported(files, cli):
    write_lines(files / "run.jsonl", [{"run": {"assistant_version": "1.3", "set_vresion": "1"}}, GOOD, {**GOOD, "question_id": "q2"}])
    code, _, _ = check(cli)
    assert code == 0
    assert "run.jsonl:1: unknown key 'set_vresion' in the run header (did you mean 'set_version'?); it is ignored" in _strict_json()["notices"]


# --- 8. private evidence stays private ----------------------------------------------------

DECLINE = {**QUESTION, "question_id": "d1", "expected_behaviour": "decline", "expected_values": [], "expected_ids": []}
SECRET_ANSWER = "Mail jane.doe@example.org, ghp_abcdefghijklmnopqrstuvwxyz0123456789 or Bearer abcdefghijklmnop1234 re CASE-778812."


def _secret_files(files, extra: str = "") -> None:
    write_lines(files / "set.jsonl", [QUESTION, DECLINE])
    write_lines(files / "run.jsonl", [GOOD, {**GOOD, "question_id": "d1", "answer": SECRET_ANSWER}])
    (files / "t.yaml").write_text("version: 1\nmeasures:\n  refusal_accuracy: {min: 1}\n" + extra)


def _all_reports(cli, *extra: str) -> tuple[int, str]:
    code, out, err = check(cli, "run.jsonl", "--thresholds", "t.yaml", "--markdown", "out.md", "--junit", "out.xml", *extra)
    return code, "\n".join([out, err, Path("out.json").read_text(), Path("out.md").read_text(), Path("out.xml").read_text()])


def test_e_mail_addresses_and_tokens_are_redacted_in_every_report(files, cli):
    _secret_files(files)
    code, everything = _all_reports(cli)
    assert code == 1
    for secret in ("jane.doe@example.org", "ghp_abcdefghijklmnopqrstuvwxyz0123456789", "abcdefghijklmnop1234"):
        assert secret not in everything
    message = next(f["message"] for f in _strict_json()["findings"] if f["code"] == "answered_not_declined" or f["question_id"] == "d1")
    assert message == 'should have been declined; answered "Mail [redacted], [redacted] or..."'


#: A secret of each built-in kind, in BUILTIN's order, as it may be written (the bearer's word in any case).
SECRETS = ("Jane.Doe+x@stats.example.org", "ghs_abcdefghijklmnopqrstuvwxyz0123", "github_pat_11ABCDEFG0123456789_abcdefghij",
           "xoxb-1234567890-abcdef", "AKIAABCDEFGHIJKLMNOP", "sk-proj_abcdefghijklmnopqrstuvwx",
           "eyJhbGciOiJI.eyJzdWIiOiIx.SflKxwRJSMeK", "BEARER abcdefghijklmnop0123", "bEaReR abcdefghijklmnop0123")


@pytest.mark.parametrize("secret", SECRETS)
def test_every_built_in_kind_of_secret_passes_the_quick_test_and_is_redacted(secret):
    from gate.report.redact import _BUILTIN_COMPILED, _may_hold_builtin, compile_patterns, redact_text

    assert any(p.search(secret) for p in _BUILTIN_COMPILED)  # the example is of a built-in kind
    assert _may_hold_builtin(f"as said in {secret}, the figure") is True
    assert redact_text(f"as said in {secret}, the figure", compile_patterns()) == "as said in [redacted], the figure"


def test_the_quick_test_names_what_each_built_in_pattern_needs():
    from gate.report.redact import BUILTIN, NEEDED

    assert len(NEEDED) == len(BUILTIN)
    for (_, pattern), needed in zip(BUILTIN, NEEDED, strict=True):  # each literal is written in its pattern
        assert all(literal in pattern for literal in needed), (pattern, needed)


def test_a_finding_without_any_built_in_kind_is_not_scanned_and_comes_back_the_same():
    from gate.report.redact import _may_hold_builtin, compile_patterns, redact_text

    text = "states 7.6% for 2024, which no retrieved value (7.5, 7.4) supports; Ziffern wie 1.234.567 und 3,5 %"
    assert _may_hold_builtin(text) is False
    assert redact_text(text, compile_patterns()) == text
    assert redact_text(text, compile_patterns([r"\d{4}"])) == text.replace("2024", "[redacted]")


def test_a_token_cut_by_the_quote_is_cut_at_a_space_never_inside():
    from gate.scoring.answer import _quote

    text = "x" * 60 + " ghp_abcdefghijklmnopqrstuvwxyz0123456789 tail"
    assert _quote(text) == "x" * 60 + "..."


def test_the_users_own_patterns_are_redacted(files, cli):
    _secret_files(files, "redact:\n  - '(?i)case-\\d+'\n")
    write_lines(files / "run.jsonl", [GOOD, {**GOOD, "question_id": "d1", "answer": "See CASE-778812."}])
    code, everything = _all_reports(cli)
    assert code == 1 and "778812" not in everything and 'answered "See [redacted]."' in everything


def test_a_redaction_pattern_that_is_not_a_regular_expression_is_an_input_error(files, cli):
    _secret_files(files, "redact:\n  - 'CASE-('\n")
    assert_input_error(check(cli, "run.jsonl", "--thresholds", "t.yaml"),
                       "t.yaml:5: redact[0]: expected a regular expression, found 'CASE-(': missing ), unterminated subpattern at position 5")


def test_without_evidence_the_comment_and_job_summary_keep_ids_codes_and_figures_only(files, cli, monkeypatch):
    _secret_files(files, "comment: {evidence: false}\n")
    write_lines(files / "run.jsonl", [{**GOOD, "answer": "The rate was 35% for Mr Smith (S1)."},
                                      {**GOOD, "question_id": "d1", "answer": "Mr Smith of Leeds says no (S1)."}])
    _github_env(files, monkeypatch)
    code, out, err = check(cli, "run.jsonl", "--thresholds", "t.yaml", "--markdown", "out.md", "--github")
    assert code == 1, err
    for public in (Path("out.md").read_text(), (files / "summary.md").read_text()):
        assert "Smith" not in public and "Leeds" not in public
        assert "| q1 | en | unsupported numbers | unsupported&#95;figure | <code>35%</code> | (detail hidden: comment.evidence is false) |" in public
        assert "- **d1** · en\n  - refusal accuracy: (detail hidden: comment.evidence is false)" in public
    assert "Mr Smith of Leeds" in Path("out.json").read_text()  # the JSON report, an artifact, keeps the detail


# --- 10. figures that hide --------------------------------------------------------------

INVISIBLE = [("zero-width space", "\u200b"), ("word joiner", "\u2060"), ("soft hyphen", "\u00ad"), ("zero-width joiner", "\u200d"),
             ("left-to-right mark", "\u200e"), ("right-to-left override", "\u202e"), ("pop directional", "\u202c"),
             ("first-strong isolate", "\u2068"), ("byte order mark", "\ufeff")]


@pytest.mark.parametrize("char", [c[1] for c in INVISIBLE], ids=[c[0] for c in INVISIBLE])
def test_an_invisible_character_never_splits_a_figure(char):
    from decimal import Decimal

    from gate.figures import extract_figures

    for text, language, value in (("It was 35% in 2024.", "en", "35"), ("Il y avait 1 234 567 habitants.", "fr", "1234567"),
                                  ("Es waren 7,6 %.", "de", "7.6")):
        at = next(i for i, c in enumerate(text) if c.isdigit()) + 1
        hidden = text[:at] + char + text[at:]
        (figure,) = extract_figures(hidden, language)
        assert figure.value == Decimal(value) and hidden[figure.start:figure.end] == figure.text and char in figure.text


def test_an_invented_35_hidden_as_3_and_5_is_caught(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "retrieved_values": [3, 5, 7.6], "answer": "The rate was 3\u200b5% (S1)."}, {**GOOD, "question_id": "q2"}])
    code, out, err = check(cli)
    assert code == 1, (out, err)
    (finding,) = [f for f in _strict_json()["findings"] if f["code"] == "unsupported_figure"]
    assert (finding["figure"]["text"], finding["figure"]["value"]) == ("3\u200b5%", 35)


def test_a_correct_figure_with_an_invisible_character_passes_once(files, cli):
    write_lines(files / "run.jsonl", [{**GOOD, "answer": "The rate was 7\u2060.\u20606% (S1)."}, {**GOOD, "question_id": "q2"}])
    code, out, err = check(cli)
    assert code == 0 and not [f for f in _strict_json()["findings"]], (out, err)


def test_a_bidi_override_in_an_answer_gets_a_notice(files, cli):
    write_lines(files / "run.jsonl", [GOOD, {**GOOD, "question_id": "q2", "answer": "The rate was \u202e%6.7\u202c (S1)."}])
    check(cli)
    assert ("run.jsonl: 1 answer(s) hold bidirectional override or isolate characters (U+202A to U+202E, U+2066 to U+2069), "
            "which show text in another order than it is stored; figures are read as stored (first line 2)") in _strict_json()["notices"]


# --- 10. scripts with no reader ------------------------------------------------------------

CJK = [
    ("zh-percent", "2024年失业率为5.1%。", "zh", ["5.1"]),
    ("zh-count", "失业率为35%，共35人", "zh", ["35", "35"]),
    ("ja-scale-read-by-its-language", "人口は1億2千万人、失業率は2.6%でした。", "ja", ["120000000", "2.6"]),  # issue 26
    ("ko-scale-left-unread", "인구는 5천만 명, 실업률은 2.6%였다", "ko", ["2.6"]),
    ("ja-date-left-unread", "3月15日に35人が", "ja", ["35"]),
    ("zh-every-denominator", "每1000人中有35人", "zh", ["35"]),
    ("ko", "실업률은 3.5%였다", "ko", ["3.5"]),
    ("ru-denominator", "Уровень 35 на 1 000 человек", "ru", ["35"]),
    ("ru-change-still-read", "выросла на 3,5%", "ru", ["3.5"]),
    ("hi-denominator", "प्रति 1,000 जीवित जन्मों पर 35 मौतें", "hi", ["35"]),
]


@pytest.mark.parametrize("text, language, values", [c[1:] for c in CJK], ids=[c[0] for c in CJK])
def test_digits_in_scripts_the_reader_does_not_cover(text, language, values):
    from gate.figures import extract_figures

    figures = extract_figures(text, language)
    assert [str(f.value) for f in figures] == values
    assert all(text[f.start:f.end] == f.text for f in figures)


def test_an_invented_figure_in_korean_is_caught_and_the_language_gets_one_notice(files, cli):
    """Korean is read for its digits only (Chinese is covered since issue 26: no notice)."""
    ko = {**QUESTION, "language": "ko"}
    write_lines(files / "set.jsonl", [ko, {**ko, "question_id": "q2"}])
    write_lines(files / "run.jsonl", [{**GOOD, "language": "ko", "answer": "실업률은 35%였다 (S1)."},
                                      {**GOOD, "language": "ko", "question_id": "q2", "answer": "실업률은 7.6%였다 (S1)."}])
    code, out, err = check(cli)
    assert code == 1, (out, err)
    report = _strict_json()
    assert [(f["question_id"], f["figure"]["text"]) for f in report["findings"] if f["code"] == "unsupported_figure"] == [("q1", "35%")]
    assert [n for n in report["notices"] if "not covered" in n] == [
        "language 'ko' is not covered by the figure reader: in its 2 answer(s) digits were read as figures (with its separators), "
        "but not number words, scale words or hedges; an invented figure in words passes unseen"]


def test_an_invented_figure_in_chinese_is_caught_with_no_notice(files, cli):
    zh = {**QUESTION, "language": "zh"}
    write_lines(files / "set.jsonl", [zh, {**zh, "question_id": "q2"}])
    write_lines(files / "run.jsonl", [{**GOOD, "language": "zh", "answer": "失业率为35%（S1）。"},
                                      {**GOOD, "language": "zh", "question_id": "q2", "answer": "失业率为7.6%（S1）。"}])
    code, out, err = check(cli)
    assert code == 1, (out, err)
    report = _strict_json()
    assert [(f["question_id"], f["figure"]["text"]) for f in report["findings"] if f["code"] == "unsupported_figure"] == [("q1", "35%")]
    assert [n for n in report["notices"] if "not covered" in n] == []


def test_language_rules_for_a_language_the_run_does_not_hold_get_a_notice(files, cli):
    """A misspelt language key (frr) would otherwise leave its language on the top-level
    rules without a word: the report says its rules checked nothing."""
    (files / "t.yaml").write_text("version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9}\nlanguages:\n  frr: {numeric_accuracy: {min: 0.5}}\n  en: {numeric_accuracy: {min: 0.8}}\n")
    code, out, err = check(cli, "run.jsonl", "--thresholds", "t.yaml")
    assert code == 0, (out, err)
    assert "t.yaml: the rules under languages.frr apply to no language of this run (its languages: en); they checked nothing" in out
    assert "languages.en apply" not in out


def test_a_bad_question_line_is_reported_once_not_again_for_its_answer(tmp_path, cli):
    """A fault on a set's line (a misspelt field) is one problem: the answer to that question
    is not reported a second time as 'not in the question set'."""
    from conftest import RUN_13, SET_12, THRESHOLDS

    lines = SET_12.read_text("utf-8").splitlines()
    lines[1] = lines[1].replace('"expected_values"', '"expected_value"')
    bad = tmp_path / "set.jsonl"
    bad.write_text("\n".join(lines) + "\n", "utf-8")
    code, _, err = cli("check", str(RUN_13), "--questions", str(bad), "--thresholds", str(THRESHOLDS), "--no-baseline")
    assert code == 2
    assert f"{bad}:2:" in err and "'expected_value'" in err
    assert "not in the question set" not in err
    assert "1 problem with the input" in err
