"""The words and numbers of messages and reports (trial 3, F8): no doubled word ("at at",
"the the") in any message, and one change reads the same in every part of a report."""

from __future__ import annotations

import ast
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import ROOT
from gate.baseline.storage import read_baseline
from gate.rules.display import display_change, display_series
from gate.core.errors import InputError, json_error_text
from gate.judged.grader import parse_reply

DOUBLED = re.compile(r"\b([A-Za-z]+)\s+\1\b")
#: Word tables of the figure reader (lists of words, not sentences: ``tr tr`` is two entries).
WORD_TABLES = ROOT / "gate" / "figures" / "languages"


def _literals(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module, an f-string's fields read as ``{}``."""
    found, tree = [], ast.parse(path.read_text(encoding="utf-8"))
    parts = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            found.append((node.lineno, "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts:
            found.append((node.lineno, node.value))
    return found


def test_no_string_of_the_gate_doubles_a_word():
    doubled = [f"{path.relative_to(ROOT)}:{line}: {m.group(0)!r}"
               for path in sorted((ROOT / "gate").rglob("*.py")) if WORD_TABLES not in path.parents
               for line, text in _literals(path) for m in DOUBLED.finditer(text)]
    assert doubled == []


def test_the_scan_finds_a_doubled_word(tmp_path: Path):
    module = tmp_path / "m.py"
    module.write_text('x = f"found {a} at at column {b}"\ny = "fine " "the" " the end"\n', encoding="utf-8")
    assert [m.group(0) for _, text in _literals(module) for m in DOUBLED.finditer(text)] == ["at at", "the the"]


@pytest.mark.parametrize("text, said", [
    ('{"a": "unterminated', "Unterminated string starting at column 7"),
    ('{"a": }', "Expecting value at column 7"),
    ('{"a" 1}', "Expecting ':' delimiter at column 6"),
])
def test_a_json_error_names_its_column_once(text: str, said: str):
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    assert json_error_text(caught.value.msg, caught.value.colno) == said


def test_a_truncated_baseline_says_at_column_once(tmp_path: Path):
    stored = tmp_path / "assistant-2.0.json"
    stored.write_text('{"version": "2.0", "scorer": "unterminated', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_baseline(stored)
    said = caught.value.render()
    assert "found invalid JSON (Unterminated string starting at column 30); the file may be truncated" in said, said


def test_a_grader_reply_that_is_not_json_says_at_column_once():
    from gate.inputs.rubric import load_rubric

    said = parse_reply({"choices": [{"message": {"content": '{"labels": "cut'}}]}, load_rubric(ROOT / "rubric.yaml"))
    assert said == "not valid JSON output: Unterminated string starting at column 12"


@pytest.mark.parametrize("rates, shown", [
    ((Fraction(1), Fraction(7, 8)), ("1.000", "0.875")),  # as the change reads: 1.000 -> 0.875 (-0.125)
    ((Fraction(1), Fraction(1, 2)), ("1.00", "0.50")),
    ((Fraction(5, 6), Fraction(5, 6), Fraction(1, 2)), ("0.83", "0.83", "0.50")),
    ((Fraction(1, 2), Fraction(1), Fraction(7, 8)), ("0.500", "1.000", "0.875")),  # one step needs three: all get three
    ((Fraction(1, 3),), ("0.33",)),
])
def test_a_trend_shows_each_step_as_the_change_shows_it(rates: tuple[Fraction, ...], shown: tuple[str, ...]):
    assert display_series(rates) == shown
    for (a, b), (sa, sb) in zip(zip(rates, rates[1:]), zip(shown, shown[1:])):
        before, after, _ = display_change(a, b)
        assert Fraction(before) == Fraction(sa) and Fraction(after) == Fraction(sb)
