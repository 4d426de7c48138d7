"""A log line reads the same with msgspec (the fast path) as with the standard library.

msgspec reads a line only when the two cannot differ; on any doubt (NaN and Infinity, a number
beyond the bounds, a key given twice, a lone surrogate, bad JSON, nesting too deep) the line
goes to the standard library, which gives the value or the message as it always did. The
suite's conftest checks every line any test parses both ways (``both_parsers``).
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from conftest import PARSE_AUDIT

import gate.core.jsonlines as jsonlines
from gate.core.errors import ProblemCollector
from gate.core.jsonlines import NO_VALUE, parse_line, read_jsonl


def read(raw: bytes, fast: bool = True):
    """``(value or None, [(field, message)])`` of one raw line."""
    problems = ProblemCollector(limit=1000)
    saved = jsonlines._fast_parse
    if not fast:
        jsonlines._fast_parse = lambda text: NO_VALUE
    try:
        value = parse_line(3, raw, "log.jsonl", problems)
    finally:
        jsonlines._fast_parse = saved
    return (None if value is NO_VALUE else value), [(p.field, p.message) for p in problems.problems]


CASES = [
    (b'{"a": 1, "b": [1.50, -0.0, 2E3, 7], "c": {"d": null, "e": true}}', False),
    (b'{"a": NaN}', True), (b'{"a": Infinity}', True), (b'{"a": -Infinity}', True),
    (b'{"a": 1e400}', True), (b'{"a": 1.23456789012345678901234567890123456789}', True),
    (b'{"a": 1234567890123456789012345678901}', True), (b'{"a": -1234567890123456789012345678901}', True),
    (b'{"a": 123456789012345678901234567890}', False), (b'{"a": 0.0000000000000000000000000000001}', True),
    (b'{"a": 1, "a": 2}', True), (b'{"a": {"b": 1, "b": 1}}', True), (b'[{"x": 1}, {"x": 1, "x": 2}]', True),
    (b'{"a" : 1, "a":2, "b": "x\\":"}', True), (b'{"a": "\\":", "b": 1}', False),
    (b'{"a": "\\ud800"}', True), (b'{"\\udc00": 1}', True), (b'{"a": "\\ud83d\\ude00"}', False),
    (b'\xef\xbb\xbf{"a": 1}', True), (b'{"a": 1,}', True), (b'{"a": "x\ty"}', True), (b'[' * 3000 + b']' * 3000, True),
    (b'{"a": 1} x', True), (b'"just a string"', False), (b'{"a": 1}\r', False), (b'   ', False), (b'\xff{}', True),
]


@pytest.mark.parametrize("raw, refused", CASES)
def test_a_line_reads_the_same_both_ways(raw, refused):
    assert repr(read(raw)) == repr(read(raw, fast=False))
    text = raw.rstrip(b"\r").decode("utf-8", "replace")
    if refused:
        assert jsonlines._fast_parse(text) is NO_VALUE


def test_what_the_standard_library_refused_is_still_refused_with_its_message():
    assert read(b'{"a": 1, "a": 2}')[1] == [(None, "expected a JSON object, found duplicate key 'a' in one object")]
    assert read(b'{"a": NaN}')[1] == [("a", "expected a number, found NaN, which JSON does not allow as a number")]
    assert read(b'{"a": {"b": 1, "b": 2, "c": -Infinity}}')[1] == [
        ("a", "expected a JSON object, found duplicate key 'b' in one object"),
        ("a.c", "expected a number, found -Infinity, which JSON does not allow as a number")]
    assert read(b'{"a": "\\ud800"}')[1][0][0] == "a"
    assert read(b'{"a": 1e400}')[1][0][0] == "a"


def test_numbers_are_exact_decimals_as_written():
    value, problems = read(b'{"v": [65.9, 1.50, 2E3, 7, -0.0, 12345678901234]}')
    assert not problems
    assert repr(value["v"]) == repr([Decimal("65.9"), Decimal("1.50"), Decimal("2E3"), 7, Decimal("-0.0"), 12345678901234])


def test_a_byte_order_mark_at_the_start_of_a_file_is_dropped(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_bytes(b'\xef\xbb\xbf{"a": 1.5}\n{"b": 2}\n')
    assert list(read_jsonl(path, "log.jsonl", ProblemCollector())) == [(1, {"a": Decimal("1.5")}), (2, {"b": 2})]


def test_the_common_line_is_read_by_msgspec():
    before = dict(PARSE_AUDIT)
    line = {"question_id": "q1", "language": "fr", "retrieved_ids": ["S1"], "retrieved_values": [65.9, 2732393],
            "answer": "Le taux était de 65,9 % (S1).", "cited_ids": ["S1"], "declined": False,
            "retrieved_passages": {"S1": {"text": "65,9 %", "language": "fr"}}}
    value, problems = read(json.dumps(line, ensure_ascii=False).encode())
    assert not problems and value["retrieved_values"] == [Decimal("65.9"), 2732393]
    assert PARSE_AUDIT["fast"] == before["fast"] + 1


def test_a_run_of_31_digits_is_found_as_the_expression_finds_it():
    """has_long_digits (a table and a substring search) says what ``[0-9]{31}`` says, on
    edge cases and on random lines of digits, other bytes and UTF-8 digits of other scripts."""
    import random
    import re

    from gate.core.jsonlines import MAX_MAGNITUDE, has_long_digits

    expression = re.compile(rb"[0-9]{%d}" % (MAX_MAGNITUDE + 1))
    n = MAX_MAGNITUDE + 1
    cases = [b"", b"0" * (n - 1), b"0" * n, b"x" + b"9" * n, b"9" * n + b"}", b"1" * (n - 1) + b".1",
             b"1" * (n - 1) + "١".encode() + b"1", "١".encode() * n, b"-" + b"5" * n, b'{"v": 1%s}' % (b"0" * n)]
    rng = random.Random(34)
    alphabet = [b"0", b"7", b"9", b" ", b".", b"/", b":", b"a", "٣".encode(), bytes([0xff])]
    cases += [b"".join(rng.choice(alphabet[:3]) if rng.random() < 0.97 else rng.choice(alphabet) for _ in range(rng.randrange(200)))
              for _ in range(3000)]
    said = [has_long_digits(c) for c in cases]
    assert said == [expression.search(c) is not None for c in cases]
    assert said[:10] == [False, False, True, True, True, False, False, False, True, True]
    assert 500 < sum(said) < len(said) - 500  # both answers, many times
