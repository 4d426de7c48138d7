"""The streamed check gives the report the in-memory check gives, byte for byte; on every core
too; and findings beyond the cap are counted, not listed."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter

import pytest

from conftest import MERGED, ROOT, RUN_12, RUN_13, SET_12, THRESHOLDS
from gate.baseline import BaselineComparer
from gate.measures import MEASURES
from gate.pipeline import check_run, check_run_in_memory
from gate.render.json_report import render_json, report_to_dict

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_check import generate  # noqa: E402


@pytest.fixture(autouse=True)
def small_batches(monkeypatch):
    """Batches of 150 lines, so that a run of 800 answers is scored in several batches."""
    monkeypatch.setattr("gate.stream.BATCH_LINES", 150)


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """A generated run of 800 answers in five languages, its set, and the same log shuffled
    with some answers dropped."""
    folder = tmp_path_factory.mktemp("generated")
    paths = generate(800, folder, seed=5)
    lines = paths["run"].read_text("utf-8").splitlines(keepends=True)
    body = lines[1:]
    random.Random(3).shuffle(body)
    shuffled = folder / "answers_run_assistant-9.1_set-800.jsonl"
    shuffled.write_text(lines[0] + "".join(body[:-40]), encoding="utf-8")
    return {**paths, "shuffled": shuffled}


def both(*args, **kwargs) -> tuple[str, str]:
    return render_json(check_run(*args, **kwargs)), render_json(check_run_in_memory(*args[:3], **{k: v for k, v in kwargs.items() if k == "compare"}))


@pytest.mark.parametrize("run, questions", [(RUN_13, SET_12), (RUN_12, SET_12), (MERGED, None)], ids=["1.3", "1.2", "merged"])
def test_the_example_streams_to_the_same_report(run, questions):
    streamed, in_memory = both(run, questions, THRESHOLDS, compare=BaselineComparer(directory=str(ROOT / "baselines")))
    assert streamed == in_memory
    assert json.loads(streamed)["run"]["answers"] == 8


def test_a_generated_run_streams_to_the_same_report(generated):
    streamed, in_memory = both(generated["run"], generated["set"], THRESHOLDS)
    assert streamed == in_memory
    data = json.loads(streamed)
    assert data["run"]["answers"] == 800 and len(data["findings"]) > 150
    assert {s["slice"] for s in data["scores"]} == {"all", "language=de", "language=en", "language=es", "language=fr", "language=it"}


def test_a_shuffled_log_with_missing_answers_streams_to_the_same_report(generated):
    streamed, in_memory = both(generated["shuffled"], generated["set"], THRESHOLDS)
    assert streamed == in_memory
    assert "40 question(s) of the set have no answer in the run" in streamed


def test_two_jobs_give_the_same_bytes_as_one(generated):
    one = render_json(check_run(generated["shuffled"], generated["set"], THRESHOLDS, jobs=1))
    two = render_json(check_run(generated["shuffled"], generated["set"], THRESHOLDS, jobs=2))
    assert one == two


def test_the_merged_form_of_a_generated_run_streams_to_the_same_report(generated):
    streamed, in_memory = both(generated["merged"], None, THRESHOLDS)
    assert streamed == in_memory


def test_findings_beyond_the_cap_are_counted_by_code_and_slice(generated):
    full = check_run(generated["run"], generated["set"], THRESHOLDS)
    capped = check_run(generated["run"], generated["set"], THRESHOLDS, max_findings=25, jobs=2)
    assert capped.findings == full.findings[:25]
    left = full.findings[25:]
    expected = Counter((f.code, "all") for f in left) + Counter((f.code, f"language={f.language}") for f in left)
    assert {(c, s): n for c, s, n in capped.findings_not_listed} == dict(expected)
    assert capped.cells == full.cells and capped.verdict == full.verdict
    data = report_to_dict(capped)
    assert sum(x["count"] for x in data["findings_not_listed"] if x["slice"] == "all") == len(full.findings) - 25


def test_the_capped_json_report_follows_the_published_schema(generated, tmp_path):
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "gate" / "schemas" / "report.schema.json").read_text("utf-8"))
    data = report_to_dict(check_run(generated["run"], generated["set"], THRESHOLDS, max_findings=3))
    assert len(data["findings"]) == 3 and data["findings_not_listed"]
    assert list(Draft202012Validator(schema).iter_errors(data)) == []
    assert "findings_not_listed" not in report_to_dict(check_run(RUN_13, SET_12, THRESHOLDS, max_findings=5))


def test_the_command_lists_the_cap_and_says_how_many_are_left_out(generated, cli, workdir):
    code, out, err = cli("check", str(generated["run"]), "--questions", str(generated["set"]), "--max-findings", "2",
                         "--jobs", "2", "--json", "out.json")
    assert code == 1, err
    data = json.loads((workdir / "out.json").read_text("utf-8"))
    left = sum(x["count"] for x in data["findings_not_listed"] if x["slice"] == "all")
    assert len(data["findings"]) == 2
    assert f"... and {left} more findings not listed (" in out


def test_a_bad_cap_is_refused(cli, workdir):
    code, out, err = cli("check", str(RUN_13), "--questions", str(SET_12), "--max-findings", "some")
    assert code == 2
    assert "expected a whole number or 'all', found 'some'" in err


def test_scores_as_a_frame_for_notebooks():
    from gate.measures import score_run
    from gate.records import join, load_question_set, load_run
    from gate.scores import aggregate, to_frame
    from gate.thresholds import load_thresholds

    pairs = join(load_run(RUN_13), load_question_set(SET_12)).pairs
    outcomes, _ = score_run(pairs, load_thresholds(THRESHOLDS).matching)
    frame = to_frame(aggregate(outcomes))
    row = frame[(frame["slice"] == "all") & (frame["measure"] == "unsupported_numbers")].iloc[0]
    assert (row["numerator"], row["denominator"], row["rate"]) == (2, 8, 0.25)
    assert list(frame.columns) == ["slice", "measure", "numerator", "denominator", "rate"]
    assert len(frame) == 3 * len(MEASURES)


def test_check_does_not_import_pandas(tmp_path):
    import subprocess

    code = ("import sys; from gate.cli import main; main(['check', sys.argv[1], '--questions', sys.argv[2], '--thresholds', sys.argv[3], "
            "'--no-baseline', '--json', sys.argv[4]]); print('pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code, str(RUN_13), str(SET_12), str(THRESHOLDS), str(tmp_path / "r.json")],
                         capture_output=True, text=True, check=False).stdout
    assert out.strip().splitlines()[-1] == "False"
