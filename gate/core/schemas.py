"""The shipped JSON Schemas: loaded, compiled, and their errors told as people read them."""

from __future__ import annotations

import difflib
import json
import re
from decimal import Decimal
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from gate.core.errors import key_path
from gate.core.validation import Check, fast_check

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError


#: The date-time an example in a message gives.
DATE_TIME_EXAMPLE = "2026-11-20T09:00:00Z"


def _looks_numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


@cache
def schema(name: str) -> dict[str, Any]:
    """A JSON Schema shipped in ``gate/schemas`` by file stem (``answer``, ``question``, ...)."""
    text = resources.files("gate").joinpath("schemas", f"{name}.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def _validator(name: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator  # only to explain a line the fast check rejects

    return Draft202012Validator(schema(name))


@cache
def _fast(name: str) -> Check | None:
    """The schema compiled into a plain predicate (see :mod:`gate.core.validation`), or None."""
    return fast_check(schema(name))


def compiled_check(name: str) -> Check | None:
    """The compiled check of the shipped schema ``name`` (True: jsonschema finds no error;
    see :mod:`gate.core.validation`), or None when that schema is not compiled."""
    return _fast(name)


def schema_errors(name: str, value: Any) -> list[tuple[str | None, str]]:
    """Every ``(field, message)`` the schema ``name`` finds in ``value``, in a stable order.

    The compiled predicate answers for the common valid value; jsonschema runs only on a
    value it rejects, to explain it (so the messages are jsonschema's, whichever path)."""
    fast = _fast(name)
    if fast is not None and fast(value):
        return []
    errors = sorted(_validator(name).iter_errors(value), key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    return [schema_problems(e) for e in errors if not _said_otherwise(e, errors)]


def _said_otherwise(error: ValidationError, errors: list[ValidationError]) -> bool:
    """An error another one of the same value says better, so that one fault is one message:
    the pattern of an empty string (its minLength says "expected a non-empty string"), and an
    unknown field that is the misspelling of a missing required one (the required field's
    message names it)."""
    sub: Any = error.schema
    if error.validator == "pattern" and error.instance == "" and isinstance(sub, dict) and sub.get("minLength", 0) >= 1:
        return True
    if error.validator == "additionalProperties":
        typos = {misspelt_required(e) for e in errors if e.validator == "required" and e.absolute_path == error.absolute_path}
        extra = set(re.findall(r"'([^']+)'", error.message))
        return bool(extra) and extra <= typos
    return False


def misspelt_required(error: ValidationError) -> str | None:
    """For a missing required field: the key of the same object that looks like its
    misspelling (``cited_id`` for ``cited_ids``), or None."""
    instance: Any = error.instance
    if error.validator != "required" or not isinstance(instance, dict):
        return None
    missing = re.findall(r"'([^']+)' is a required property", error.message)
    known = set((error.schema.get("properties") or {}).keys()) if isinstance(error.schema, dict) else set()
    others = [k for k in instance if isinstance(k, str) and k not in known]
    close = difflib.get_close_matches(missing[0], others, n=1, cutoff=0.6) if missing else []
    return close[0] if close else None


def describe(value: Any) -> str:
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the string {json.dumps(shown, ensure_ascii=False)}"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (int, Decimal)):
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return repr(value)


_TYPE_WORDS = {
    "string": "a string",
    "number": "a number",
    "boolean": "a boolean (true or false, without quotes)",
    "array": "a list",
    "object": "an object",
    "null": "null",
    "integer": "a whole number",
}


def schema_problems(error: ValidationError) -> tuple[str | None, str]:
    """Turn a jsonschema error into (field, message) a user can act on."""
    field_name = key_path(error.absolute_path) or None
    # jsonschema types these as "Any or unset"; an error from iter_errors has them all set.
    v: Any = error.validator
    value: Any = error.validator_value
    instance: Any = error.instance
    sub: Any = error.schema
    if v == "required":
        missing = re.findall(r"'([^']+)' is a required property", error.message)
        name = missing[0] if missing else error.message
        where = f"{field_name}.{name}" if field_name else name
        typo = misspelt_required(error)
        return where, "missing required field" + (f"; found {typo!r}: did you mean {name!r}?" if typo else "")
    if v == "type":
        types = value if isinstance(value, list) else [value]
        expected = " or ".join(_TYPE_WORDS.get(str(t), str(t)) for t in types)
        hint = ""
        if "number" in types and isinstance(instance, str) and _looks_numeric(instance):
            hint = " (YAML reads a number like 1e-3 without a decimal point as text: write 0.001)" if "e" in instance.lower() else " (remove the quotes)"
        if "then" in error.absolute_schema_path and isinstance(sub.get("description"), str):
            hint = f" ({sub['description']})"  # a condition (if/then) says when the type holds
        return field_name, f"expected {expected}, found {describe(instance)}{hint}"
    if v == "enum":
        options = ", ".join(json.dumps(o) for o in value)
        return field_name, f"expected one of {options}, found {describe(instance)}"
    if v == "const":
        return field_name, f"expected {json.dumps(value)}, found {describe(instance)}"
    if v == "minLength":
        return field_name, f"expected a non-empty string, found {describe(instance)}"
    if v == "pattern":
        if "[Tt ]" in value:
            return field_name, f"expected an ISO 8601 date-time such as {DATE_TIME_EXAMPLE}, found {describe(instance)}"
        if "A-Za-z" in value:
            return field_name, f"expected a BCP 47 language tag such as en or fr-CA, found {describe(instance)}"
        if "\\S" in value:
            return field_name, f"expected a version without leading or trailing spaces, found {describe(instance)}"
        if value.startswith("^[^/"):  # a file name: no folder part (a stored baseline's log.file)
            return field_name, (f"expected a file name (no folder part), found {describe(instance)}: "
                                "a stored log must be a file name in the baselines folder, beside its baseline")
        return field_name, f"expected an identifier without control characters or bidirectional overrides, found {describe(instance)}"
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        low = sub.get("minimum", sub.get("exclusiveMinimum"))
        high = sub.get("maximum", sub.get("exclusiveMaximum"))
        if low is not None and high is not None:
            above = "greater than" if "exclusiveMinimum" in sub else "from"
            joint = "and at most" if "exclusiveMinimum" in sub else "to"
            return field_name, f"expected a number {above} {low} {joint} {high}, found {describe(instance)}"
        bound = "at least" if v in ("minimum", "exclusiveMinimum") else "at most"
        return field_name, f"expected {bound} {value}, found {describe(instance)}"
    if v == "anyOf":
        # the branch of the instance's own type says what is wrong inside it
        kinds: dict[type, str] = {dict: "object", str: "string", list: "array"}
        kind = kinds.get(type(instance))
        for i, branch in enumerate(value):
            if branch.get("type") == kind:
                inner = [e for e in error.context if e.relative_schema_path and e.relative_schema_path[0] == i]
                if inner:
                    # an unknown field first: its hint ("did you mean") explains the rest
                    return schema_problems(
                        min(inner, key=lambda e: (e.validator != "additionalProperties", len(e.absolute_path), e.message))
                    )
        expected = " or ".join(
            _TYPE_WORDS.get(b.get("type"), str(b.get("type")))
            + (f" with {', '.join(b['properties'])}" if b.get("properties") else "")
            for b in value
        )
        return field_name, f"expected {expected}, found {describe(instance)}"
    if v == "additionalProperties":
        extra = re.findall(r"'([^']+)'", error.message)
        known = list((sub.get("properties") or {}).keys())
        parts = []
        for name in extra:
            close = difflib.get_close_matches(name, known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            parts.append(f"{name!r}{hint}")
        where = field_name
        return where, f"unknown field {', '.join(parts)}; expected one of {', '.join(known)}"
    return field_name, error.message
