"""The last hostile inputs (issue 33): each kind a test on its exit code, its message and the
files on disk afterwards."""

from __future__ import annotations

import json

import os
import signal
import threading
from pathlib import Path

import pytest

from tests.test_inputs import GOOD, QUESTION, assert_input_error, check, write_lines


@pytest.fixture
def files(workdir):
    write_lines(workdir / "set.jsonl", [{"set": {"version": "1"}}, QUESTION, {**QUESTION, "question_id": "q2"}])
    write_lines(workdir / "run.jsonl", [GOOD, {**GOOD, "question_id": "q2"}])
    return workdir


def _on_disk(folder: Path) -> list[str]:
    """Every file under ``folder`` but the inputs the fixture made, temporary ones included."""
    return sorted(p.name for p in folder.iterdir() if p.is_file() and p.name not in ("set.jsonl", "run.jsonl", "thresholds.yaml"))


# --- 1. internal errors: stored files read only when regular --------------------------------

def test_a_stored_log_that_is_a_device_is_refused_before_a_read(files, cli):
    from tests.conftest import RUN_13, SET_12
    from tests.test_security import _stored

    stored = _stored(files)
    log = next(stored.glob("*.jsonl.gz"))
    log.unlink()
    os.symlink("/dev/zero", log)  # a file that never ends: MemoryError before
    code, out, err = cli("check", str(RUN_13), "--questions", str(SET_12), "--json", "out.json")
    assert code == 2, (out, err)
    assert f"baselines/{log.name}: expected a regular file, found a device, pipe or socket" in err
    assert not Path("out.json").exists()


def test_read_bounded_refuses_a_pipe_and_counts_the_bytes_read(tmp_path):
    from gate.core.errors import InputError
    from gate.core.limits import read_bounded

    read, write = os.pipe()
    os.close(write)
    with pytest.raises(InputError, match="expected a regular file"):
        read_bounded(f"/dev/fd/{read}", "baseline", regular=True)
    os.close(read)
    assert read_bounded("/dev/null", "thresholds") == b""  # an input given may be a device or a pipe
    path = tmp_path / "f"
    path.write_bytes(b"x" * 10)
    assert read_bounded(path, "thresholds") == b"x" * 10


# --- 4. limits that fit large runs --------------------------------------------------------

def test_the_default_whole_file_limits_fit_a_million_answers():
    from gate.core.limits import limit_of

    assert limit_of("log") >= 2 * 444_000_000 and limit_of("set") >= 2 * 190_000_000  # README's "Large runs", twice over
    assert limit_of("thresholds") == 1024 * 1024 and limit_of("answer_schema") == 64 * 1024 * 1024  # read whole: strict


def test_the_option_wins_over_the_variable_and_the_message_names_both(files, cli, monkeypatch):
    monkeypatch.setenv("ANSWER_GATE_MAX_LOG_BYTES", "1GiB")
    code, out, err = check(cli, "run.jsonl", "--max-log-bytes", "100")
    assert_input_error((code, out, err), "run.jsonl: expected a run log of at most 100 bytes, found more (stopped reading there); "
                                         "raise the limit with --max-log-bytes or ANSWER_GATE_MAX_LOG_BYTES")
    monkeypatch.setenv("ANSWER_GATE_MAX_LOG_BYTES", "100")
    code, out, err = check(cli, "run.jsonl", "--max-log-bytes", "1MiB")
    assert code == 0 and Path("out.json").exists(), (out, err)
    Path("out.json").unlink()
    monkeypatch.delenv("ANSWER_GATE_MAX_LOG_BYTES")
    code, out, err = check(cli, "run.jsonl", "--max-set-bytes", "50")
    assert_input_error((code, out, err), "set.jsonl: expected a question set of at most 50 bytes", "--max-set-bytes or ANSWER_GATE_MAX_SET_BYTES")


def test_the_option_lasts_one_command(files, cli):
    from gate.core.limits import limit_of

    check(cli, "run.jsonl", "--max-log-bytes", "100")
    assert limit_of("log") == 2048 * 1024 * 1024


@pytest.mark.parametrize("size", ["0", "lots", "-5", "1.5GB"])
def test_a_size_option_that_is_not_a_size_is_an_input_error(files, cli, size):
    code, out, err = check(cli, "run.jsonl", "--max-log-bytes", size)
    assert code == 2 and f"expected a size in bytes such as 512MiB, 4GiB or 1000000, found {size!r}" in err, err
    assert not Path("out.json").exists()


# --- 2. interrupted between two reports: all or none ----------------------------------------

def test_an_interrupt_while_the_reports_are_rendered_leaves_none(files, cli, monkeypatch):
    from gate.report import renderers

    real = renderers.render

    def render(name, report, options):
        if name == "markdown":  # the JSON report is staged already
            raise KeyboardInterrupt
        return real(name, report, options)

    monkeypatch.setattr(renderers, "render", render)
    code, out, err = check(cli, "run.jsonl", "--markdown", "out.md", "--junit", "out.xml")
    assert code == 130 and err.endswith("answer-gate: interrupted; nothing was written\n"), err
    assert _on_disk(files) == []  # no report, no temporary file


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_between_two_renames_is_held_until_all_are_done(files, cli, monkeypatch, signum):
    real = os.replace
    renamed = []

    def replace(source, target):
        if not renamed:
            # held: delivered after the last rename (sent to this thread: sent to the process,
            # another thread of the test session, a Dask cluster's, may take it)
            signal.pthread_kill(threading.get_ident(), signum)
        real(source, target)
        renamed.append(Path(target).name)

    monkeypatch.setattr(os, "replace", replace)
    code, out, err = check(cli, "run.jsonl", "--markdown", "out.md", "--junit", "out.xml")
    assert code == 128 + signum, (out, err)
    assert renamed == ["out.json", "out.md", "out.xml"] and _on_disk(files) == ["out.json", "out.md", "out.xml"]
    assert "written before the interrupt: out.json, out.md, out.xml" in err


def test_a_report_that_cannot_be_written_leaves_none(files, cli, monkeypatch):
    from gate.report import renderers

    real = renderers.render

    def render(name, report, options):
        if name == "junit":
            raise OSError(28, "No space left on device")
        return real(name, report, options)

    monkeypatch.setattr(renderers, "render", render)
    code, out, err = check(cli, "run.jsonl", "--markdown", "out.md", "--junit", "out.xml")
    assert code == 2 and "No space left on device" in err, err
    assert _on_disk(files) == []


# --- 1. every number a YAML input gives is bounded, naming its key --------------------------

LONG = "9" * 5000
YAML_NUMBERS = [
    ("min_n", f"version: 1\nmeasures:\n  numeric_accuracy: {{min: 0.9}}\nslices:\n  min_n: {LONG}\n", "t.yaml:5: slices.min_n: "),
    ("fraction", f"version: 1\nmeasures:\n  numeric_accuracy: {{min: 0.{LONG}}}\n", "t.yaml:3: measures.numeric_accuracy.min: "),
    ("exponent", "version: 1\nmeasures:\n  numeric_accuracy: {min: 1.0e+400}\n", "t.yaml:3: measures.numeric_accuracy.min: "),
    ("tiny", "version: 1\nmeasures:\n  numeric_accuracy: {min: 1.0e-40}\n", "t.yaml:3: measures.numeric_accuracy.min: "),
    ("hex", f"version: 1\nmeasures:\n  numeric_accuracy: {{min: 0.9}}\nslices:\n  min_n: 0x{'f' * 40}\n", "t.yaml:5: slices.min_n: "),
    ("underscores", f"version: 1\nmeasures:\n  numeric_accuracy: {{min: 0.9}}\nslices:\n  min_n: {'1_' * 40}1\n", "t.yaml:5: slices.min_n: "),
    ("language rule", f"version: 1\nmeasures:\n  numeric_accuracy: {{min: 0.9}}\nlanguages:\n  fr: {{numeric_accuracy: {{max_drop: {LONG}}}}}\n",
     "t.yaml:5: languages.fr.numeric_accuracy.max_drop: "),
]


@pytest.mark.parametrize("text, where", [c[1:] for c in YAML_NUMBERS], ids=[c[0] for c in YAML_NUMBERS])
def test_a_yaml_number_beyond_the_bounds_names_its_key(files, cli, text, where):
    (files / "t.yaml").write_text(text)
    code, out, err = check(cli, "run.jsonl", "--thresholds", "t.yaml")
    assert_input_error((code, out, err), where + "expected a number of at most 34 significant digits and magnitude from 1e-30 to below 1e30, found ")
    assert "internal error" not in err and len(err) < 1000
    assert _on_disk(files) == ["t.yaml"]


def test_a_rubric_number_beyond_the_bounds_names_its_key(tmp_path):
    from gate.core.errors import InputError
    from gate.inputs.rubric import load_rubric

    path = tmp_path / "rubric.yaml"
    path.write_text(f"version: '1'\nquality:\n  pass_score: {LONG}\n")
    with pytest.raises(InputError) as raised:
        load_rubric(path)
    assert "rubric.yaml:3: quality.pass_score: expected a number of at most 34 significant digits" in raised.value.render()


def test_yaml_numbers_within_the_bounds_still_load(files, cli):
    (files / "t.yaml").write_text("version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9, max_drop: 1.0e-2}\nslices:\n  min_n: 1_0\n")
    code, out, err = check(cli, "run.jsonl", "--thresholds", "t.yaml", "--json", "out.json")
    # loaded as read (min_n ten): the run's two answers are below it, so no rule could decide (exit 1, not 2)
    assert code == 1 and json.loads((files / "out.json").read_text())["thresholds"]["min_n"] == 10, (out, err)


# --- 3. a log from a pipe -------------------------------------------------------------------

def _piped(folder: Path, data: bytes, *args: str) -> tuple[int, str, str]:
    """Run the command in a child process with ``data`` on its standard input."""
    import subprocess
    import sys

    from tests.conftest import ROOT

    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(folder / "tmp")}
    (folder / "tmp").mkdir(exist_ok=True)
    done = subprocess.run([sys.executable, "-m", "gate", *args], input=data, capture_output=True, cwd=folder, env=env, timeout=120)
    return done.returncode, done.stdout.decode(), done.stderr.decode()


HEADED = [{"run": {"assistant_version": "2.0", "set_version": "1"}}, GOOD, {**GOOD, "question_id": "q2"}]


def test_check_reads_a_log_from_standard_input_and_names_it_dash(files, cli):
    write_lines(files / "run.jsonl", HEADED)
    data = (files / "run.jsonl").read_bytes()
    code, out, err = _piped(files, data, "check", "-", "--questions", "set.jsonl", "--json", "piped.json")
    assert code == 0 and out.startswith("answer-gate passed") or "run - (assistant 2.0" in out, (out, err)
    assert "run - (assistant 2.0, 2 answers)" in out
    assert check(cli, "run.jsonl")[0] == 0
    import json

    piped, read = json.loads((files / "piped.json").read_text()), json.loads((files / "out.json").read_text())
    assert piped["run"]["path"] == "-" and {**piped["run"], "path": "run.jsonl"} == read["run"]
    assert list((files / "tmp").iterdir()) == []  # the spooled copy removed


def test_a_pipe_past_the_limit_stops_there_and_writes_nothing(files):
    data = (files / "run.jsonl").read_bytes() * 50
    code, out, err = _piped(files, data, "check", "-", "--questions", "set.jsonl", "--json", "out.json", "--max-log-bytes", "1KiB")
    assert code == 2, (out, err)
    assert ("-: expected a run log of at most 1 KiB, found more (stopped reading there); "
            "raise the limit with --max-log-bytes or ANSWER_GATE_MAX_LOG_BYTES") in err
    assert not (files / "out.json").exists() and list((files / "tmp").iterdir()) == []


def test_an_empty_pipe_is_a_log_without_answers(files):
    code, out, err = _piped(files, b"", "check", "-", "--questions", "set.jsonl", "--json", "out.json")
    assert code == 2 and "-: expected at least one answer, found none" in err, err
    assert not (files / "out.json").exists()


def test_baseline_save_reads_the_versions_from_the_header_line(files):
    data = b"".join((files / "run.jsonl").read_bytes() for _ in range(1))
    code, out, err = _piped(files, data, "baseline", "save", "-", "--questions", "set.jsonl")
    assert code == 2 and "-: assistant_version: expected a PEP 440 version" in err, (out, err)
    assert "(a log from a pipe has no file name to read it from)" in err
    assert not (files / "baselines").exists() or list((files / "baselines").iterdir()) == []
    write_lines(files / "headed.jsonl", HEADED)
    code, out, err = _piped(files, (files / "headed.jsonl").read_bytes(), "baseline", "save", "-", "--questions", "set.jsonl")
    assert code == 0 and "saved the baseline of assistant 2.0 (set 1)" in out, (out, err)
    assert sorted(p.name for p in (files / "baselines").iterdir())[0] == "assistant-2.0.json"


def test_score_shard_and_sample_read_standard_input(files):
    write_lines(files / "headed.jsonl", HEADED)
    data = (files / "headed.jsonl").read_bytes()
    code, out, err = _piped(files, data, "score-shard", "-", "--questions", "set.jsonl", "--shard", "1/1", "--out", "s1.json")
    assert code == 0 and "shard 1/1 of -: 3 line(s) scored" in out and (files / "s1.json").exists(), (out, err)
    import shutil

    from tests.conftest import ROOT

    shutil.copy(ROOT / "rubric.yaml", files / "rubric.yaml")
    code, out, err = _piped(files, data, "sample", "-", "--questions", "set.jsonl", "--seed", "1", "--size", "2", "--out", "review")
    assert code == 0 and "sampled 2 of 2 answers" in out, (out, err)
    assert sorted(p.name for p in (files / "review").iterdir()) == ["review.csv", "review.html", "review.jsonl"]


# --- 5. quiet losses ----------------------------------------------------------------------------

@pytest.mark.parametrize("jobs", ["1", "2"])
def test_blank_lines_in_a_log_are_noticed(files, cli, jobs):
    (files / "run.jsonl").write_text(f'{{"run": {{"assistant_version": "2.0"}}}}\n\n{__import__("json").dumps(GOOD)}\n  \n'
                                     f'{__import__("json").dumps({**GOOD, "question_id": "q2"})}\n')
    code, out, err = check(cli, "run.jsonl", "--jobs", jobs)
    assert code == 0, (out, err)
    assert "run.jsonl:2: 2 blank line(s) skipped: an answer written as an empty line is not scored" in out + err
    assert _on_disk(files) == ["out.json"]


@pytest.mark.parametrize("header, field", [
    ({"run": {"assistant_version": "2.0\n"}}, "run.assistant_version"),
    ({"run": {"assistant_version": "2.0", "set_version": " 1"}}, "run.set_version"),
    ({"run": {"assistant_version": "2.0\t"}}, "run.assistant_version"),
])
def test_a_header_version_with_a_line_end_is_refused(files, cli, header, field):
    write_lines(files / "run.jsonl", [header, GOOD])
    version = header["run"]["set_version" if field.endswith("set_version") else "assistant_version"]
    shown = __import__("json").dumps(version)  # the schema's words for the others; ours for a final line end, which its $ lets through
    assert_input_error(check(cli, "run.jsonl"), f"run.jsonl:1: {field}: expected a version without leading or trailing spaces, found the string {shown}")
    assert _on_disk(files) == []


def test_a_set_version_with_a_line_end_is_refused(files, cli):
    write_lines(files / "set.jsonl", [{"set": {"version": "1\r\n"}}, QUESTION, {**QUESTION, "question_id": "q2"}])
    assert_input_error(check(cli, "run.jsonl"), "set.jsonl:1: set.version: expected a version without leading or trailing spaces, found the string \"1\\r\\n\"")
    write_lines(files / "set.jsonl", [{"set": {"version": "1\n"}}, QUESTION, {**QUESTION, "question_id": "q2"}])
    assert_input_error(check(cli, "run.jsonl"), 'set.jsonl:1: set.version: expected a version without leading or trailing spaces, found the string "1\\n": '
                                                "remove the line end")


# --- 6. a misspelt optional field -----------------------------------------------------------------

MISSPELT = {**GOOD, "retrieved_passage": [{"id": "S1", "text": "The rate was 7.6%."}], "retrieved_observation": []}


def test_a_field_one_edit_from_a_known_one_is_named_first(files, cli):
    write_lines(files / "run.jsonl", [MISSPELT, {**GOOD, "question_id": "q2", "retreived_id": []}])
    code, out, err = check(cli, "run.jsonl")
    assert code == 0, (out, err)
    first = out.splitlines()[:2]
    assert first == ["warning: run.jsonl:1: retrieved_observation is one edit from the field 'retrieved_observations': it is ignored and "
                     "what it holds is not read (rename it; --strict-fields makes an unknown field an input error)",
                     "warning: run.jsonl:1: retrieved_passage is one edit from the field 'retrieved_passages': it is ignored and "
                     "what it holds is not read (rename it; --strict-fields makes an unknown field an input error)"], out
    assert "retreived_id is one edit" not in out  # two edits from retrieved_ids: a notice at the end only
    assert "run.jsonl:2: retreived_id: unknown field, ignored; did you mean 'retrieved_ids'?" in out + err
    assert _on_disk(files) == ["out.json"]


def test_a_field_one_edit_from_a_known_one_is_in_the_comment_s_first_screen(files, cli):
    write_lines(files / "run.jsonl", [MISSPELT, {**GOOD, "question_id": "q2"}])
    code, out, err = check(cli, "run.jsonl", "--markdown", "out.md")
    assert code == 0, (out, err)
    lines = (files / "out.md").read_text().splitlines()
    warned = [i for i, line in enumerate(lines) if line.startswith("> ⚠️ **warning**: run.jsonl:1: retrieved&#95;passage is one edit")]
    assert warned and warned[0] < 6, lines[:8]  # right under the verdict and the context line


def test_strict_fields_make_an_unknown_field_an_input_error(files, cli):
    write_lines(files / "run.jsonl", [MISSPELT, {**GOOD, "question_id": "q2", "next_version_field": 1}])
    expected = ("run.jsonl:1: retrieved_passage: expected a field the gate knows (--strict-fields or strict_fields: true), found an unknown one; "
                "did you mean 'retrieved_passages'?", "run.jsonl:2: next_version_field: expected a field the gate knows")
    assert_input_error(check(cli, "run.jsonl", "--strict-fields"), *expected)
    assert_input_error(check(cli, "run.jsonl", "--strict-fields", "--jobs", "1"), *expected)
    (files / "t.yaml").write_text((files / "thresholds.yaml").read_text() + "strict_fields: true\n")
    assert_input_error(check(cli, "run.jsonl", "--thresholds", "t.yaml"), *expected)
    code, out, err = cli("baseline", "save", "run.jsonl", "--questions", "set.jsonl", "--thresholds", "t.yaml")
    assert code == 2 and expected[1] in err and not (files / "baselines").exists(), (out, err)
    assert _on_disk(files) == ["t.yaml"]
    assert check(cli, "run.jsonl")[0] == 0  # not strict: notices


@pytest.mark.parametrize("a, b, close", [("retrieved_passage", "retrieved_passages", True), ("retrieved_ids", "retrived_ids", True),
                                         ("cited_ids", "citde_ids", True), ("answer", "answre", True), ("answer", "answers", True),
                                         ("retrieved_ids", "retrivedids", False), ("answer", "answer", False), ("ab", "ba", True)])
def test_one_edit(a, b, close):
    from gate.inputs.run_log import one_edit

    assert one_edit(a, b) is close and one_edit(b, a) is close


# --- 1. a report never fails to be written: hundreds of languages ---------------------------------

def _many_languages(folder: Path, n: int) -> None:
    import json

    from gate.core.bcp47 import canonical_language

    tags = []
    for a in "abcdefghijklmnopqrstuvwxyz":
        for b in "abcdefghijklmnopqrstuvwxyz":
            tag = f"x{a}{b}"  # three letters: well formed, unregistered
            tags.append(f"{a}{b}" if canonical_language(f"{a}{b}") else tag)
    tags = sorted(set(tags))[:n]
    questions = [{"set": {"version": "1"}}] + [{**QUESTION, "question_id": f"q{i}", "language": t} for i, t in enumerate(tags)]
    answers = [{**GOOD, "question_id": f"q{i}", "language": t} for i, t in enumerate(tags)]
    (folder / "set.jsonl").write_text("".join(json.dumps(x) + "\n" for x in questions))
    (folder / "run.jsonl").write_text("".join(json.dumps(x) + "\n" for x in answers))


def test_a_run_with_hundreds_of_languages_gets_a_folded_markdown_report(files, cli):
    _many_languages(files, 400)
    (files / "t.yaml").write_text("version: 1\nslices: {min_n: 1}\nmeasures:\n  numeric_accuracy: {min: 0.5}\n  answer_rate: {min: 0.5}\n"
                                  "  citation_validity: {min: 0.5}\n  unsupported_numbers: {max: 0.5}\n")
    code, out, err = check(cli, "run.jsonl", "--thresholds", "t.yaml", "--markdown", "out.md")
    assert code == 0, (out[-2000:], err)
    body = (files / "out.md").read_text(encoding="utf-8")
    assert len(body) <= 65_536
    assert "Folded to fit 65,536 characters: 400 language column(s) of the scores table and the list of" in body
    assert "the JSON report (out.json) holds them all" in body
    assert _on_disk(files) == ["out.json", "out.md", "t.yaml"]


def test_the_folding_goes_as_far_as_the_limit_needs():
    from gate.report.markdown import render_markdown
    from tests.test_render import _nasty_report

    report = _nasty_report(50)
    for limit in (4000, 1500, 400, 50):
        body = render_markdown(report, limit=limit, full_report="out.json")
        assert len(body) <= limit and body.startswith("<!--"), (limit, body)


@pytest.mark.parametrize("name", ["../../etc/passwd", "/tmp/run.jsonl.gz", "sub/assistant-1.2.run-1.jsonl.gz"])
def test_a_stored_log_outside_the_baselines_folder_is_refused_in_words(files, cli, name):
    import json

    from tests.conftest import RUN_13, SET_12
    from tests.test_security import _stored

    stored = _stored(files)
    path = next(stored.glob("*.json"))
    data = json.loads(path.read_text())
    data["log"]["file"] = name
    path.write_text(json.dumps(data))
    code, out, err = cli("check", str(RUN_13), "--questions", str(SET_12), "--json", "out.json")
    assert code == 2, (out, err)
    assert (f"baselines/{path.name}: log.file: expected a file name (no folder part), found the string {json.dumps(name)}: "
            "a stored log must be a file name in the baselines folder, beside its baseline") in err
    assert "control characters" not in err and not Path("out.json").exists()


def test_expected_values_on_a_question_to_decline_are_a_contradiction_in_the_set(files, cli):
    declined = {**QUESTION, "question_id": "q2", "expected_behaviour": "decline", "expected_values": [7.6, 8]}
    write_lines(files / "set.jsonl", [{"set": {"version": "1"}}, QUESTION, declined])
    assert_input_error(check(cli, "run.jsonl"), "set.jsonl:3: expected_values: expected no expected values on a question to decline "
                                                "(expected_behaviour: decline), found 2: the set contradicts itself")
    assert _on_disk(files) == []
    write_lines(files / "set.jsonl", [{"set": {"version": "1"}}, QUESTION, {**declined, "expected_values": []}])
    assert check(cli, "run.jsonl")[0] in (0, 1)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ids_that_differ_only_in_unicode_normalisation_are_hinted(files, cli, jobs):
    import unicodedata

    nfc, nfd = unicodedata.normalize("NFC", "café-1"), unicodedata.normalize("NFD", "café-1")
    write_lines(files / "set.jsonl", [{"set": {"version": "1"}}, {**QUESTION, "question_id": nfc}])
    write_lines(files / "run.jsonl", [{**GOOD, "question_id": nfd}])
    assert_input_error(check(cli, "run.jsonl", "--jobs", jobs),
                       f"run.jsonl:1: question_id: answer for question {nfd!r} (the set has {nfc!r}, the same text in another Unicode "
                       "normalisation: NFD here, NFC in the set; write both in NFC), which is not in the question set set.jsonl")
    assert _on_disk(files) == []


def test_a_passage_whose_language_tag_is_unknown_gets_one_notice(files, cli):
    rows = [{**GOOD, "question_id": q, "retrieved_passages": {"P1": {"text": "The rate was 35 per cent.", "language": "qx"}}}
            for q in ("q1", "q2")]
    write_lines(files / "run.jsonl", rows)
    code, out, err = check(cli, "run.jsonl", "--json", "out.json")
    notices = json.loads((files / "out.json").read_text())["notices"]
    said = [n for n in notices if "retrieved passage" in n]
    assert said == ["language 'qx' of 2 retrieved passage(s) is unknown to the locale data: they were read with 'en' number "
                    "conventions and their answer's"], notices
    assert code in (0, 1) and "internal error" not in err
