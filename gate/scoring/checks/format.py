"""Format: the answer is shaped as the rules and the set say.

``format`` (answers given, not declined): each rule of ``thresholds.yaml``'s ``format:``
key that is on must hold (:class:`FormatRules`), and, where the set says the answer must
be JSON (``answer_format: json``), it parses and validates against the schema the set
names (``answer_schema``). One finding per broken rule: ``no_citation``,
``marker_unresolved``, ``too_long``, ``not_json``, ``schema_invalid``.

Citation markers are ``[ID]``, ``[n]`` (the n-th cited id, from 1) and ids in parentheses
("(FS_UNDERNOURISH_PCT; EDU_STATS_2024)"), an id being a word of capitals, digits and
``_ . : -`` with a digit or an underscore in it.
"""

from __future__ import annotations

import json
import re

from gate.model.inputs import Answer, Question
from gate.model.outcomes import Count, Finding, count_of
from gate.model.settings import FormatRules

DEFAULT_RULES = FormatRules()

_BRACKET = re.compile(r"\[\s*([^\[\]\s][^\[\]]*?)\s*\]")
_PAREN = re.compile(r"\(([^()]*)\)")
_ID = re.compile(r"^(?=[A-Z0-9_.:-]*[\d_])[A-Z][A-Z0-9_.:-]{2,}$")
_SEPARATOR = re.compile(r"[;,]")


def citation_markers(text: str) -> list[str]:
    """The citation markers of a text, as written inside their brackets, in order."""
    out: list[str] = []
    if "[" in text:
        for m in _BRACKET.finditer(text):
            inside = m.group(1)
            if ";" not in inside and "," not in inside:  # one marker: what the split gives
                if inside.strip():
                    out.append(inside.strip())
                continue
            out.extend(p.strip() for p in _SEPARATOR.split(inside) if p.strip())
    if "(" in text:
        for m in _PAREN.finditer(text):
            parts = [p.strip() for p in _SEPARATOR.split(m.group(1))]
            if all(_ID.match(p) for p in parts):  # split gives one part at least
                out.extend(parts)
    return out


def _resolves(marker: str, cited: tuple[str, ...]) -> bool:
    if marker in cited:
        return True
    return marker.isdecimal() and 1 <= int(marker) <= len(cited)  # not "[²]": a digit, not a decimal one


def check_format(question: Question, answer: Answer, rules: FormatRules) -> tuple[Count, list[Finding]]:
    """The format count of one answer and its findings."""
    text = answer.answer or ""
    if answer.declined or not text.strip():
        return count_of(0, 0), []
    qid, lang = question.question_id, question.language
    found: list[Finding] = []

    def fail(code: str, message: str) -> None:
        found.append(Finding(qid, lang, "format", code, message))

    if rules.require_citation and question.expected_behaviour == "answer" and not answer.cited_ids:
        fail("no_citation", "the answer cites no id")
    if rules.markers_resolve:
        for marker in dict.fromkeys(citation_markers(text)):
            if not _resolves(marker, answer.cited_ids):
                fail("marker_unresolved", f"the marker [{marker}] in the text is not a cited id (cited: {', '.join(answer.cited_ids) or 'nothing'})")
    if rules.max_chars is not None and len(text) > rules.max_chars:
        fail("too_long", f"the answer has {len(text)} characters, more than the {rules.max_chars} allowed")
    if rules.max_words is not None and len(text.split()) > rules.max_words:
        fail("too_long", f"the answer has {len(text.split())} words, more than the {rules.max_words} allowed")
    if question.answer_format == "json":
        try:
            data = json.loads(text)
        except ValueError as exc:
            fail("not_json", f"the answer must be JSON and does not parse: {exc.args[0] if exc.args else exc}")
        else:
            if question.answer_schema is not None:
                from jsonschema import Draft202012Validator  # only for an answer in JSON with a schema: imported then

                errors = sorted(Draft202012Validator(question.answer_schema).iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
                if errors:
                    where = "/".join(map(str, errors[0].absolute_path)) or "the document"
                    fail("schema_invalid", f"the JSON answer does not validate against its schema: at {where}, {errors[0].message}")
    return count_of(0 if found else 1, 1), found
