"""Fuzzing (issue 13): generated logs, sets, thresholds files and baselines fed to the loaders
and to the whole ``check`` command, asserting the laws:

- only the project's own errors (an InputError from a loader, exit 0, 1 or 2 from the
  command; never an internal error);
- the exit code and the files agree (0 or 1: the JSON report is written and says so; 2:
  nothing is written);
- the verdict never changes with the order of lines, blank lines or CRLF line ends;
- a figure never disappears when an invisible character is inserted into it.

Time is bounded for CI: few examples each, no per-example deadline (the machine is shared),
and the command run in-process.
"""

from __future__ import annotations

import json
import os
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gate.cli.main import main
from gate.core.errors import InputError

FUZZ = settings(max_examples=int(os.environ.get("ANSWER_GATE_FUZZ_EXAMPLES", "40")), deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

IDS = st.sampled_from(["q1", "q2", "q3", "q4", "q5"])
LANGS = st.sampled_from(["en", "fr", "de", "ar", "zh"])
INVISIBLE = st.sampled_from(["\u200b", "\u2060", "\u00ad", "\u200d", "\u202e", "\u2066", "\ufeff", "\u200e"])
NUMBERS = st.one_of(st.integers(-10**6, 10**6), st.decimals(allow_nan=False, allow_infinity=False, places=2, min_value=-10**5, max_value=10**5))
WORDS = st.sampled_from(["The rate was", "about", "fell", "to", "%", "per 1,000", "in 2024", "(S1)", "million", "nearly", "environ", "%", "٧٫٦٪", "一", "\u200b", " "])


@st.composite
def answer_text(draw) -> str:
    parts = draw(st.lists(st.one_of(WORDS, NUMBERS.map(str), st.text(max_size=6)), max_size=8))
    return " ".join(parts)


@st.composite
def answers(draw) -> list[dict]:
    ids = draw(st.lists(IDS, min_size=1, max_size=5, unique=True))
    out = []
    for qid in ids:
        declined = draw(st.booleans())
        out.append({
            "question_id": qid, "language": "en",
            "retrieved_ids": draw(st.lists(st.sampled_from(["S1", "S2"]), max_size=2, unique=True)),
            "retrieved_values": [float(x) if isinstance(x, Decimal) else x for x in draw(st.lists(NUMBERS, max_size=3))],
            "answer": None if declined and draw(st.booleans()) else draw(answer_text()),
            "cited_ids": draw(st.lists(st.sampled_from(["S1", "S2", "S3"]), max_size=2, unique=True)),
            "declined": declined,
        })
    return out


def question_set(ids: list[str]) -> list[dict]:
    return [{"question_id": q, "language": "en", "question": "What was the rate?",
             "expected_behaviour": "decline" if q == "q5" else "answer", "expected_values": [] if q == "q5" else [7.6],
             "expected_ids": ["S1"]} for q in ids]


THRESHOLDS = "version: 1\nslices: {min_n: 1}\nmeasures:\n  answer_rate: {min: 0.5}\n  unsupported_numbers: {max: 0.8}\n  citation_validity: {min: 0.3}\n"


def _write(path: Path, lines: list, blank: bool = False, crlf: bool = False) -> None:
    end = "\r\n" if crlf else "\n"
    text = "".join(json.dumps(x, ensure_ascii=False) + end + (end if blank else "") for x in lines)
    path.write_bytes(text.encode("utf-8"))


def _check(folder: Path, *extra: str) -> tuple[int, dict | None]:
    report = folder / "out.json"
    if report.exists():
        report.unlink()
    code = main(["check", str(folder / "run.jsonl"), "--questions", str(folder / "set.jsonl"), "--thresholds", str(folder / "t.yaml"),
                 "--json", str(report), "--no-baseline", *extra])
    return code, json.loads(report.read_text()) if report.exists() else None


def _agree(code: int, report: dict | None) -> None:
    assert code in (0, 1, 2), f"exit {code}: only the project's own codes"
    if code == 2:
        assert report is None, "nothing is written on bad input"
    else:
        assert report is not None and report["verdict"]["passed"] is (code == 0)


@FUZZ
@given(lines=answers(), data=st.data())
def test_the_verdict_never_changes_with_order_blank_lines_or_crlf(tmp_path_factory, lines, data, capsys):
    folder = tmp_path_factory.mktemp("order")
    (folder / "t.yaml").write_text(THRESHOLDS)
    _write(folder / "set.jsonl", question_set(sorted(x["question_id"] for x in lines)))
    _write(folder / "run.jsonl", lines)
    code, report = _check(folder)
    _agree(code, report)
    shuffled = data.draw(st.permutations(lines))
    _write(folder / "run.jsonl", shuffled, blank=data.draw(st.booleans()), crlf=data.draw(st.booleans()))
    again, other = _check(folder)
    assert again == code
    if report is not None:
        assert other is not None
        assert (other["verdict"], other["scores"]) == (report["verdict"], report["scores"])
        assert sorted(map(json.dumps, other["findings"])) == sorted(map(json.dumps, report["findings"]))
    capsys.readouterr()


@FUZZ
@given(raw=st.one_of(st.binary(max_size=300), st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass"))))
def test_the_loaders_raise_only_input_errors_on_any_bytes(tmp_path_factory, raw):
    from gate.baseline import read_baseline
    from gate.inputs.question_set import load_question_set
    from gate.inputs.run_log import load_run
    from gate.rules.thresholds import load_thresholds

    folder = tmp_path_factory.mktemp("bytes")
    path = folder / "assistant-1.0.json"
    path.write_bytes(raw)
    for load in (load_run, load_question_set, load_thresholds, read_baseline):
        try:
            load(path)
        except InputError as error:
            assert error.problems and all(p.file == str(path) for p in error.problems)


JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=10)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)), max_leaves=12)
FIELDS = st.sampled_from(["question_id", "language", "question", "retrieved_ids", "retrieved_values", "answer", "cited_ids",
                          "declined", "retrieved_passages", "expected_values", "run", "set"])


RULE_FILES = st.builds(
    lambda m, k, v: f"version: 1\nmeasures:\n  {m}: {{{k}: {v}}}\n",
    st.sampled_from(["numeric_accuracy", "unsupported_numbers", "answer_rate", "bogus"]),
    st.sampled_from(["min", "max", "max_drop", "severity"]),
    st.one_of(st.floats(allow_nan=True), st.text(max_size=5)))


@FUZZ
@given(lines=answers(), mutations=st.lists(st.tuples(st.integers(0, 4), FIELDS, JSON_VALUES), max_size=3),
       thresholds=st.one_of(st.just(THRESHOLDS), st.text(max_size=80), RULE_FILES))
def test_the_whole_command_on_mutated_inputs_gives_only_its_own_codes_and_agrees_with_its_files(tmp_path_factory, lines, mutations, thresholds, capsys):
    folder = tmp_path_factory.mktemp("mutated")
    for index, name, value in mutations:
        if index < len(lines):
            lines[index][name] = value
    (folder / "t.yaml").write_text(thresholds)
    _write(folder / "set.jsonl", question_set(["q1", "q2", "q3", "q4", "q5"]))
    _write(folder / "run.jsonl", lines)
    code, report = _check(folder, "--markdown", str(folder / "out.md"))
    _agree(code, report)
    assert (folder / "out.md").exists() is (code != 2)
    out, err = capsys.readouterr()
    assert "internal error" not in err and "Traceback" not in err


@FUZZ
@given(raw=st.binary(max_size=400), truncate=st.integers(0, 400))
def test_a_corrupt_stored_baseline_or_log_is_an_input_error(tmp_path_factory, raw, truncate, capsys):
    import shutil

    from tests.conftest import ROOT, RUN_13, SET_12

    folder = tmp_path_factory.mktemp("baseline")
    shutil.copytree(ROOT / "baselines", folder / "baselines")
    target = sorted((folder / "baselines").iterdir())[truncate % 2]
    data = target.read_bytes()
    target.write_bytes(data[: truncate % (len(data) + 1)] + raw)
    code = main(["check", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(ROOT / "thresholds.yaml"),
                 "--baselines", str(folder / "baselines"), "--json", str(folder / "out.json")])
    out, err = capsys.readouterr()
    assert code in (1, 2) and "internal error" not in err, err
    assert (folder / "out.json").exists() is (code != 2)


@FUZZ
@given(number=st.one_of(st.integers(0, 10**9), st.decimals(min_value=0, max_value=10**6, places=2, allow_nan=False)),
       language=st.sampled_from(["en", "fr", "de", "es"]), char=INVISIBLE, where=st.integers(0, 50))
def test_a_figure_never_disappears_when_an_invisible_character_is_inserted(number, language, char, where):
    from gate.figures import extract_figures

    text = f"The value was {number} in total."
    before = [f.value for f in extract_figures(text, language)]
    digits = [i for i, c in enumerate(text) if c.isdigit()]
    at = digits[where % len(digits)] + 1
    hidden = text[:at] + char + text[at:]
    after = [f.value for f in extract_figures(hidden, language)]
    assert after == before, (text, hidden)


@pytest.mark.parametrize("char", ["\u200b", "\u00ad", "\u2060"])
def test_the_fuzz_law_on_a_number_with_groups(char):
    from gate.figures import extract_figures

    assert [f.value for f in extract_figures(f"It had 1,23{char}4,567 people.", "en")] == [Decimal(1234567)]


# --- issue 33: YAML numbers and piped logs ----------------------------------------------------

YAML_NUMBER = st.one_of(
    st.integers(-10**40, 10**40).map(str),
    st.integers(0, 6000).map(lambda n: "9" * max(n, 1)),
    st.tuples(st.integers(0, 60), st.integers(-9999, 9999)).map(lambda t: f"0.{'3' * t[0]}5e{t[1]}"),
    st.integers(0, 2**200).map(hex),
    st.integers(0, 10**45).map(lambda n: f"{n:_}"),
    st.decimals(allow_nan=False, allow_infinity=False).map(str),
)
YAML_NUMBER_FILES = st.builds(
    lambda where, number: where.format(n=number),
    st.sampled_from(["version: 1\nslices: {{min_n: {n}}}\nmeasures:\n  answer_rate: {{min: 0.5}}\n",
                     "version: 1\nmeasures:\n  answer_rate: {{min: {n}}}\n",
                     "version: 1\nmeasures:\n  unsupported_numbers: {{max: 0.8, max_rise: {n}}}\n",
                     "version: 1\nmeasures:\n  answer_rate: {{min: 0.5}}\nlanguages:\n  en: {{answer_rate: {{min: {n}}}}}\n"]),
    YAML_NUMBER)


@FUZZ
@given(lines=answers(), thresholds=YAML_NUMBER_FILES)
def test_any_yaml_number_gives_only_the_commands_own_codes(tmp_path_factory, lines, thresholds, capsys):
    folder = tmp_path_factory.mktemp("yaml-numbers")
    (folder / "t.yaml").write_text(thresholds)
    _write(folder / "set.jsonl", question_set(["q1", "q2", "q3", "q4", "q5"]))
    _write(folder / "run.jsonl", lines)
    code, report = _check(folder)
    _agree(code, report)
    out, err = capsys.readouterr()
    assert "internal error" not in err and "Traceback" not in err
    if code == 2:
        assert "t.yaml:" in err and len(err) < 4000, err  # the file, its line; a long number is cut


@FUZZ
@given(lines=answers(), blank=st.booleans(), crlf=st.booleans())
def test_a_piped_log_scores_as_the_same_file(tmp_path_factory, lines, blank, crlf, capsys, monkeypatch):
    import sys

    folder = tmp_path_factory.mktemp("piped")
    (folder / "t.yaml").write_text(THRESHOLDS)
    _write(folder / "set.jsonl", question_set(["q1", "q2", "q3", "q4", "q5"]))
    _write(folder / "run.jsonl", lines, blank=blank, crlf=crlf)
    code, report = _check(folder)
    data = (folder / "run.jsonl").read_bytes()
    read, write = os.pipe()
    os.write(write, data)  # a few KB: within the pipe's buffer
    os.close(write)
    with os.fdopen(read, "r") as stdin:
        monkeypatch.setattr(sys, "stdin", stdin)
        piped = folder / "piped.json"
        again = main(["check", "-", "--questions", str(folder / "set.jsonl"), "--thresholds", str(folder / "t.yaml"),
                      "--json", str(piped), "--no-baseline"])
    assert again == code
    if report is None:
        assert not piped.exists()
    else:
        other = json.loads(piped.read_text().replace(json.dumps("-:")[1:-1], json.dumps(str(folder / "run.jsonl") + ":")[1:-1]))
        assert other["run"]["path"] == "-"  # the notices name the log as given: "-:2: ..." for "<path>:2: ..."
        assert {**other, "run": report["run"]} == report
    capsys.readouterr()
