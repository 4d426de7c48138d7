"""Shared helpers: paths of the shipped example, a CLI runner, golden-file comparison."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from gate.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
GOLDEN = Path(__file__).resolve().parent / "golden"
RUN_13 = EXAMPLES / "answers_run_assistant-1.3_set-1.2.jsonl"
RUN_12 = EXAMPLES / "answers_run_assistant-1.2_set-1.2.jsonl"
MERGED = EXAMPLES / "answers_run_merged.jsonl"
SET_12 = EXAMPLES / "question_set-1.2.jsonl"
THRESHOLDS = ROOT / "thresholds.yaml"


def assert_golden(name: str, text: str) -> None:
    """Compare text with tests/golden/<name>; UPDATE_GOLDEN=1 rewrites it deliberately."""
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"golden file {path} missing: run with UPDATE_GOLDEN=1 once and review it"
    assert text == path.read_text(encoding="utf-8")


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """A working directory holding examples/ and thresholds.yaml but no baselines/."""
    shutil.copytree(EXAMPLES, tmp_path / "examples", ignore=shutil.ignore_patterns("workflows"))
    shutil.copy(THRESHOLDS, tmp_path / "thresholds.yaml")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return tmp_path


@pytest.fixture
def cli(capsys):
    """Run the command line in-process; returns (exit code, stdout, stderr)."""

    def run(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return run


#: How many lines the suite validated, and how many the schema rejected; every one went
#: through both the compiled check and jsonschema (see tests/test_validation.py).
VALIDATION_AUDIT = {"checked": 0, "rejected": 0}
#: How many lines the suite parsed with msgspec (gate.core.jsonlines._fast_parse), and how many it
#: left to the standard library; each one msgspec read was read by the standard library too.
PARSE_AUDIT = {"fast": 0, "standard": 0}
#: How many question-set lines the suite read in one step (gate.inputs.question_set.valid_question), and
#: how many it left to the full path; each one read in one step was read by the full path too.
QUESTION_AUDIT = {"one step": 0, "full": 0}


@pytest.fixture(autouse=True, scope="session")
def both_validation_paths():
    """Every line any test validates is checked by both paths, which must agree."""
    import gate.core.jsonlines as jsonlines
    import gate.core.schemas as schemas
    import gate.inputs.question_set as question_set

    compiled = schemas.schema_errors

    def both(name, value):
        slow = sorted(schemas._validator(name).iter_errors(value), key=lambda e: (list(map(str, e.absolute_path)), e.validator))
        fast = schemas._fast(name)
        assert fast is None or fast(value) == (not slow), f"the compiled {name} check and jsonschema disagree on {value!r}"
        found = compiled(name, value)
        assert found == [schemas.schema_problems(e) for e in slow if not schemas._said_otherwise(e, slow)]
        VALIDATION_AUDIT["checked"] += 1
        VALIDATION_AUDIT["rejected"] += bool(found)
        return found

    jsonlines.schema_errors = both  # the name jsonlines._validate calls
    fast_parse = jsonlines._fast_parse
    jsonlines._fast_parse = both_parsers(fast_parse)
    valid_question = question_set.valid_question
    question_set.valid_question = both_question_paths(valid_question)
    import gate.inputs.yaml_input as yaml_input

    yaml_check = yaml_input.compiled_check
    yaml_input.compiled_check = both_yaml_paths(yaml_check)
    yield
    jsonlines.schema_errors = compiled
    jsonlines._fast_parse = fast_parse
    question_set.valid_question = valid_question
    yaml_input.compiled_check = yaml_check


def both_yaml_paths(compiled_check):
    """Every YAML file any test checks (thresholds, rubric) also goes through jsonschema: the
    compiled check accepts exactly what jsonschema finds no error in (the shipped schemas'
    uniqueItems is over strings only, where the compiled check is exact)."""
    import gate.core.schemas as schemas
    import gate.core.jsonlines as jsonlines

    def checker(name):
        check = compiled_check(name)
        if check is None:
            return None

        def both(value):
            fast = check(value)
            slow = list(schemas._validator(name).iter_errors(value))
            assert fast == (not slow), f"the compiled {name} check and jsonschema disagree on {value!r}"
            VALIDATION_AUDIT["checked"] += 1
            VALIDATION_AUDIT["rejected"] += bool(slow)
            return fast

        return both

    return checker


def both_question_paths(valid_question):
    """A question-set line read in one step checked against the full path (parse_line and the
    schema check): the full path must read the same value and find no problem in it."""
    import gate.core.schemas as schemas
    import gate.core.jsonlines as jsonlines
    from gate.core.errors import ProblemCollector

    def both(chunk):
        value = valid_question(chunk)
        if value is None:
            QUESTION_AUDIT["full"] += 1
            return value
        problems = ProblemCollector()
        full = jsonlines.parse_line(1, chunk, "set.jsonl", problems)
        assert type(full) is dict and repr(full) == repr(value), f"the two paths read {chunk!r} differently"
        assert not schemas.schema_errors("question", full) and not problems.total, f"{chunk!r} is not a valid question"
        QUESTION_AUDIT["one step"] += 1
        return value

    return both


def both_parsers(fast_parse):
    """msgspec's reading of a line checked against the standard library's: a line msgspec
    reads must give the same value there, with no problem."""
    import json

    import gate.core.schemas as schemas
    import gate.core.jsonlines as jsonlines

    def both(text):
        value = fast_parse(text)
        if value is jsonlines.NO_VALUE:
            PARSE_AUDIT["standard"] += 1
            return value
        standard = json.loads(text, parse_float=jsonlines._bounded_number, parse_int=jsonlines._whole_number,
                              parse_constant=jsonlines._reject_constant, object_pairs_hook=jsonlines._pairs_hook)
        assert repr(standard) == repr(value), f"msgspec and the standard library read {text!r} differently"
        assert not list(jsonlines._bad_values(standard)), f"msgspec read {text!r}, which holds a value no report can carry"
        PARSE_AUDIT["fast"] += 1
        return value

    return both


def pytest_collection_modifyitems(config, items):
    """Where the compiled core runs (scripts/test_compiled.py), skip the tests marked
    ``pure_core``, with their reason: they replace a function of a compiled module, and the
    compiled callers call the compiled function directly."""
    from gate.core.build import compiled

    if not compiled():
        return
    for item in items:
        marker = item.get_closest_marker("pure_core")
        if marker is not None:
            item.add_marker(pytest.mark.skip(reason=f"pure-Python core only: {marker.args[0]}"))


def pytest_terminal_summary(terminalreporter):
    """Say how many lines the suite ran through both validation paths and both parsers (every
    bad-input case of the suite among them): the fast paths never judged a line alone."""
    if QUESTION_AUDIT["one step"] or QUESTION_AUDIT["full"]:
        terminalreporter.write_line(
            f"question sets: {QUESTION_AUDIT['one step']} lines read in one step and by the full path alike, "
            f"{QUESTION_AUDIT['full']} left to the full path")
    if VALIDATION_AUDIT["checked"] or PARSE_AUDIT["fast"] or PARSE_AUDIT["standard"]:
        terminalreporter.write_line(
            f"both paths: {VALIDATION_AUDIT['checked']} lines validated by the compiled check and by jsonschema "
            f"({VALIDATION_AUDIT['rejected']} rejected by both); {PARSE_AUDIT['fast']} lines read by msgspec and by the "
            f"standard library alike, {PARSE_AUDIT['standard']} left to the standard library")
