"""The compiled schema check agrees with jsonschema on every valid and invalid line.

The corpus: every line of the shipped examples and of tests/cases, each line of the
bad-input tests, and, from each valid line, its mutations (each field dropped, each field and
each list item replaced by a value of every JSON type, by strings with control characters or
bidirectional overrides, an unknown field added, the passages in every form). Besides, the
suite's conftest runs both paths on every line any test validates (``both_validation_paths``).
"""

from __future__ import annotations

import copy
import json
from decimal import Decimal
from pathlib import Path

import pytest

from conftest import EXAMPLES, ROOT
from gate.core.schemas import _fast, _validator, schema, schema_errors, schema_problems
from gate.core.validation import compile_schema, fast_check

SCHEMAS = ("answer", "question", "run_header", "set_header")
ODD_VALUES = [None, True, False, 0, 1, -3, Decimal("7.6"), Decimal("1e400"), "", "x", "7.6", "a\u0000b", "a\u202eb",
              "fr-CA", "not a tag", " 1.0 ", "1.0", "answer", "decline", [], ["S1"], [1], [None], {}, {"text": "t"},
              {"text": "t", "language": "de"}, {"text": 1}, {"language": "fr"}, {"text": "t", "x": 1}, "\n", "S1\n"]


def slow_errors(name: str, value) -> list:
    errors = sorted(_validator(name).iter_errors(value), key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    return [schema_problems(e) for e in errors]


def corpus_lines() -> list[dict]:
    lines = []
    for path in sorted(EXAMPLES.glob("*.jsonl")) + sorted((ROOT / "tests" / "cases").glob("*.jsonl")):
        for text in path.read_text("utf-8").splitlines():
            if text.strip():
                value = json.loads(text, parse_float=Decimal)
                if isinstance(value, dict):
                    lines.append(value)
    # one line of each shape (the same keys with the same kinds of value): mutations of two
    # lines of one shape test the same paths
    shapes = {}
    for value in lines:
        shapes.setdefault(tuple(sorted((k, type(v).__name__) for k, v in value.items())), value)
    return list(shapes.values())


def mutations(value: dict):
    """The line itself, each field dropped, replaced by odd values, list items replaced."""
    yield value
    yield {**value, "unknown_field": 1}
    yield {**value, "expected_behaviuor": "answer"}
    for key in value:
        yield {k: v for k, v in value.items() if k != key}
        for odd in ODD_VALUES:
            yield {**value, key: copy.deepcopy(odd)}
        item = value[key]
        if isinstance(item, list) and item:
            for odd in ODD_VALUES:
                yield {**value, key: [*item[:-1], copy.deepcopy(odd)]}
        if isinstance(item, dict):
            for inner in list(item):
                for odd in ODD_VALUES:
                    yield {**value, key: {**item, inner: copy.deepcopy(odd)}}
    for odd in ODD_VALUES:
        yield {**value, "retrieved_passages": {"p1": copy.deepcopy(odd)}}


def test_every_shipped_schema_compiles():
    for name in SCHEMAS:
        assert fast_check(schema(name)) is not None, name


def test_the_two_paths_agree_on_every_line_and_mutation():
    lines = corpus_lines()
    assert len(lines) >= 8
    seen = valid = 0
    for base in lines:
        for value in mutations(base):
            for name in SCHEMAS:
                slow = slow_errors(name, value)
                assert _fast(name)(value) == (not slow), (name, value, slow)
                seen += 1
                valid += not slow
    assert seen > 10_000 and 100 < valid < seen - 5_000


@pytest.mark.parametrize("schema_text, good, bad", [
    ({"type": "integer"}, [1, -2], [1.5, True, "1", None]),
    ({"minimum": 0, "maximum": 1}, [0, 1, Decimal("0.5"), "x"], [-1, Decimal("1.01")]),
    ({"exclusiveMinimum": 0}, [1], [0]),
    ({"maxLength": 2, "minItems": 1, "maxItems": 2}, ["ab", [1], [1, 2], 7], ["abc", [], [1, 2, 3]]),
    ({"const": True}, [True], [1, False, "true"]),
    ({"enum": ["a", None]}, ["a", None], ["b", 0, False]),
    ({"type": "object", "additionalProperties": {"type": "string"}}, [{"a": "b"}, {}], [{"a": 1}, []]),
    ({"if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {"required": ["c"]}}, [{"a": 1, "b": 1}, {"c": 1}], [{"a": 1}, {}]),
    ({"minimum": 0, "exclusiveMaximum": 1}, [float("nan"), 0, Decimal("0.99")], [1, -0.5]),
    ({"const": 1}, [1, 1.0, Decimal("1")], [True, "1", 2, [1], None]),
    ({"type": "object", "propertyNames": {"pattern": "^[a-z]+$"}}, [{"ab": 1}, {}, {1: 2}], [{"A": 1}, {"a1": 0}]),
    ({"uniqueItems": True}, [["a", "b"], [], "aa"], [["a", "a"]]),
    ({"$defs": {"rate": {"type": "number", "maximum": 1}, "pair": {"type": "array", "items": {"$ref": "#/$defs/rate"}}},
      "type": "object", "properties": {"r": {"$ref": "#/$defs/rate"}, "p": {"$ref": "#/$defs/pair", "maxItems": 1}}},
     [{"r": 0.5}, {"p": [1]}, {}], [{"r": 2}, {"p": [0, 1]}, {"p": [2]}, {"r": "x"}]),
    ({"$defs": {"tree": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/tree"}}}}},
      "$ref": "#/$defs/tree"}, [{"kids": [{"kids": []}]}], [{"kids": [{"kids": [1]}]}]),
    ({"type": "object", "patternProperties": {"^a": {"type": "integer"}}, "additionalProperties": False},
     [{"ab": 1}, {}, {"a\n": 2}], [{"ab": "x"}, {"b": 1}, {"ab": 1, "c": 1}]),
    ({"type": "object", "properties": {"b": {"type": "string"}}, "patternProperties": {"^(x|y)$": {"type": "integer"}, "y": {"minimum": 2}},
      "additionalProperties": {"type": "boolean"}},
     [{"x": 1, "b": "s", "z": True}, {"x\n": 1}, {"y": 2}, {"yy": True}], [{"x": "1"}, {"z": 1}, {"b": 1}, {"y": 1}, {"yy": 1}]),
])
def test_each_keyword_means_what_jsonschema_means(schema_text, good, bad):
    from jsonschema import Draft202012Validator

    check = compile_schema(schema_text)
    validator = Draft202012Validator(schema_text)
    for value in good:
        assert check(value) and validator.is_valid(value), value
    for value in bad:
        assert not check(value) and not validator.is_valid(value), value


def test_an_unknown_keyword_leaves_the_schema_to_jsonschema():
    assert fast_check({"type": "array", "prefixItems": [{"type": "string"}]}) is None
    assert fast_check({"properties": {"a": {"$ref": "#/$defs/b"}}}) is None
    assert fast_check({"type": "object", "properties": {"a": {"format": "date"}}}) is None
    assert fast_check({"$defs": {"b": {}}, "properties": {"a": {"$ref": "other.json#/$defs/b"}}}) is None
    assert fast_check({"$defs": {"b": {"$id": "b.json"}}, "properties": {"a": {"$ref": "#/$defs/b"}}}) is None


def test_unique_items_over_other_values_is_left_to_jsonschema():
    check = compile_schema({"uniqueItems": True})
    assert not check([1, True]) and not check([1, 2])  # jsonschema then decides (both unique there)


def test_every_thresholds_file_of_the_suite_is_checked_both_ways():
    from conftest import VALIDATION_AUDIT

    from gate.rules.thresholds import load_thresholds

    before = VALIDATION_AUDIT["checked"]
    load_thresholds(ROOT / "thresholds.yaml")
    assert VALIDATION_AUDIT["checked"] == before + 1  # the conftest runs jsonschema beside the compiled check


def test_the_bad_input_lines_of_the_suite_are_checked_both_ways(tmp_path):
    import test_inputs

    bad = [{k: v for k, v in test_inputs.GOOD.items() if k != "cited_ids"}, {**test_inputs.GOOD, "declined": "false"},
           {**test_inputs.GOOD, "retrieved_values": [7.6, "7.9"]}, {**test_inputs.GOOD, "question_id": "q\u0001"},
           {k: v for k, v in test_inputs.GOOD.items() if k != "answer"}, {**test_inputs.QUESTION, "expected_behaviour": "maybe"}]
    for value in bad:
        value = json.loads(json.dumps(value), parse_float=Decimal)
        for name in ("answer", "question"):
            slow = slow_errors(name, value)
            assert _fast(name)(value) == (not slow)
        assert slow_errors("answer", value) or slow_errors("question", value)


def test_the_suite_runs_every_validated_line_through_both_paths():
    import gate.core.jsonlines as jsonlines  # the name the readers call (gate.core.jsonlines._validate)
    from conftest import VALIDATION_AUDIT

    before = dict(VALIDATION_AUDIT)
    jsonlines.schema_errors("answer", {"question_id": "q1"})
    jsonlines.schema_errors("question", {"question_id": "q1", "language": "en", "expected_behaviour": "answer"})
    assert VALIDATION_AUDIT["checked"] == before["checked"] + 2
    assert VALIDATION_AUDIT["rejected"] == before["rejected"] + 1


def test_a_rejected_line_is_explained_with_the_schema_messages():
    value = {"question_id": "q1", "language": "english", "retrieved_ids": ["S1"], "retrieved_values": ["7"],
             "cited_ids": [], "declined": False}
    assert schema_errors("answer", value) == [
        ("answer", "missing required field"),
        ("language", 'expected a BCP 47 language tag such as en or fr-CA, found the string "english"'),
        ("retrieved_values[0]", 'expected a number, found the string "7" (remove the quotes)'),
    ]


def test_shipped_answer_schema_is_unchanged_on_disk():
    # the published contract: the compiled check reads it, never replaces it
    assert json.loads((Path(ROOT) / "gate" / "schemas" / "answer.schema.json").read_text("utf-8")) == schema("answer")


def test_the_baseline_schema_is_compiled_and_agrees_with_jsonschema_on_a_stored_baseline_and_its_mutations():
    """A stored baseline is checked by the compiled schema (its ``patternProperties`` of measure
    names included), and jsonschema explains only what it rejects: both must agree."""
    from jsonschema import Draft202012Validator

    check, validator = fast_check(schema("baseline")), Draft202012Validator(schema("baseline"))
    assert check is not None
    stored = json.loads((ROOT / "baselines" / "assistant-1.2.json").read_text("utf-8"))
    item = stored["outcomes"][0]
    measure = item["measures"]["numeric_accuracy"]
    documents = [stored, {**stored, "extra": 1}, {k: v for k, v in stored.items() if k != "outcomes"}]
    for odd in ODD_VALUES:
        documents.append({**stored, "outcomes": [*stored["outcomes"][1:], copy.deepcopy(odd)]})
        for key in item:
            documents.append({**stored, "outcomes": [{**item, key: copy.deepcopy(odd)}]})
        for key in measure:
            documents.append({**stored, "outcomes": [{**item, "measures": {**item["measures"], "numeric_accuracy": {**measure, key: copy.deepcopy(odd)}}}]})
        for name in ("format", "format\n", "bogus", "rubric_pass", "Format"):
            documents.append({**stored, "outcomes": [{**item, "measures": {**item["measures"], name: copy.deepcopy(odd)}}]})
    for name in item["measures"]:
        documents.append({**stored, "outcomes": [{**item, "measures": {k: v for k, v in item["measures"].items() if k != name}}]})
    verdicts = [check(d) for d in documents]
    assert verdicts == [validator.is_valid(d) for d in documents]
    assert verdicts[0] and 10 < sum(verdicts) < len(verdicts) - 100


def test_the_control_free_pattern_is_shortcut_for_printable_ascii_only_and_agrees_with_it():
    """A printable ASCII text passes the shipped schemas' pattern of texts without control
    characters without the pattern being searched; every other text is searched: the shortcut
    and the pattern agree on every text of up to two ASCII characters, on texts with each
    control character, and on random texts."""
    import random
    import re

    from gate.core.validation import CONTROL_FREE, compile_source

    shipped = json.dumps([json.loads((ROOT / "gate" / "schemas" / f"{n}.schema.json").read_text()) for n in ("answer", "question")])
    assert shipped.count(json.dumps(CONTROL_FREE)[1:-1]) == 10  # the shortcut serves the shipped schemas
    source, constants = compile_source({"type": "string", "pattern": CONTROL_FREE})
    assert ".isprintable()" in source
    namespace = dict(constants)
    exec(source, namespace)  # noqa: S102 - the compiled schema, as fast_check runs it
    check = next(f for name, f in namespace.items() if name == "check")
    pattern = re.compile(CONTROL_FREE)
    texts = ["", *map(chr, range(128)), *(chr(a) + chr(b) for a in range(128) for b in range(0, 128, 3))]
    texts += [f"abc{chr(c)}" for c in (*range(0x80, 0xa1), *range(0x202a, 0x202f), *range(0x2066, 0x206a), 0x2028, 0xe9)]
    rng = random.Random(7)
    texts += ["".join(rng.choice("aZ 9.\n\t\x7f\x85é\u202b\u2067") for _ in range(rng.randrange(12))) for _ in range(3000)]
    said = [check(t) for t in texts]
    assert said == [pattern.search(t) is not None for t in texts]
    assert check("FS_UNDERNOURISH_PCT") and check("abc\n") and not check("a\tb") and not check("") and check("é")
