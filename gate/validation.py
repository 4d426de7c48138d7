"""Validation at the speed of parsing: the shipped JSON Schemas compiled into plain checks.

The schemas in ``gate/schemas/`` stay the published contract and the only source of the
messages. A schema is compiled once into a predicate made of the few keywords the shipped
schemas use (``type``, ``required``, ``properties``, ``additionalProperties``, ``items``,
``minLength``, ``maxLength``, ``pattern``, ``enum``, ``const``, ``anyOf``, ``if``/``then``/
``else``, ``minimum``, ``maximum``, ``minItems``, ``maxItems``), each with the JSON Schema
meaning (draft 2020-12; a keyword applies to instances of its own type only). The common
valid line passes that predicate in a few microseconds; a line it rejects is handed to
``jsonschema`` (imported then, not before), whose errors make the messages, so a message
never depends on which path found the fault.

A schema holding a keyword this module does not know is not compiled: :func:`fast_check`
returns None and every line of that kind goes through ``jsonschema``. A schema edited by
hand therefore stays exact, only slower; ``tests/test_validation.py`` feeds every valid and
invalid line of the test corpus through both paths and asserts that they agree.
"""

from __future__ import annotations

import numbers
import re
from typing import Any, Callable

Check = Callable[[Any], bool]

#: Keywords that carry no assertion.
_ANNOTATIONS = frozenset({"$schema", "$id", "title", "description", "default", "examples", "$comment", "deprecated"})


class Unsupported(Exception):
    """A schema keyword the compiler does not know: use jsonschema for the whole schema."""


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Number) and not isinstance(value, bool)


def _is_integer(value: Any) -> bool:
    # jsonschema's draft 2020-12 checker: an int that is not a bool, or a float with no fraction
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, float) and value.is_integer()


_TYPES: dict[str, Check] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": _is_number,
    "integer": _is_integer,
}


def _plain_constants(values: list[Any]) -> bool:
    """Constants whose equality in Python is JSON Schema equality (strings and null)."""
    return all(v is None or isinstance(v, str) for v in values)


def compile_schema(schema: Any) -> Check:
    """Compile a (sub)schema into a predicate: True exactly when jsonschema finds no error.

    Raises:
        Unsupported: the schema uses a keyword outside the compiled subset.
    """
    if schema is True:
        return lambda v: True
    if schema is False:
        return lambda v: False
    if not isinstance(schema, dict):
        raise Unsupported(repr(schema))
    unknown = set(schema) - _ANNOTATIONS - _COMPILERS.keys() - {"then", "else"}
    if unknown:
        raise Unsupported(", ".join(sorted(unknown)))
    checks = [_COMPILERS[key](schema[key], schema) for key in schema if key in _COMPILERS]
    checks = [c for c in checks if c is not None]
    if not checks:
        return lambda v: True
    if len(checks) == 1:
        return checks[0]
    return lambda v: all(c(v) for c in checks)


def _type(value: Any, schema: dict) -> Check:
    names = value if isinstance(value, list) else [value]
    if any(n not in _TYPES for n in names):
        raise Unsupported(f"type {value!r}")
    tests = [_TYPES[n] for n in names]
    if len(tests) == 1:
        return tests[0]
    return lambda v: any(t(v) for t in tests)


def _required(value: list[str], schema: dict) -> Check:
    names = tuple(value)
    return lambda v: not isinstance(v, dict) or all(n in v for n in names)


def _properties(value: dict[str, Any], schema: dict) -> Check:
    inner = {name: compile_schema(sub) for name, sub in value.items()}

    def check(v: Any) -> bool:
        if not isinstance(v, dict):
            return True
        for name, test in inner.items():
            if name in v and not test(v[name]):
                return False
        return True

    return check


def _additional(value: Any, schema: dict) -> Check:
    if "patternProperties" in schema:
        raise Unsupported("patternProperties")
    known = frozenset(schema.get("properties", {}))
    if value is False:
        return lambda v: not isinstance(v, dict) or known.issuperset(v)
    test = compile_schema(value)
    return lambda v: not isinstance(v, dict) or all(test(item) for key, item in v.items() if key not in known)


def _items(value: Any, schema: dict) -> Check:
    if "prefixItems" in schema or not isinstance(value, dict):
        raise Unsupported("prefixItems or a boolean items")
    test = compile_schema(value)
    return lambda v: not isinstance(v, list) or all(test(item) for item in v)


def _min_length(value: int, schema: dict) -> Check:
    return lambda v: not isinstance(v, str) or len(v) >= value


def _max_length(value: int, schema: dict) -> Check:
    return lambda v: not isinstance(v, str) or len(v) <= value


def _pattern(value: str, schema: dict) -> Check:
    search = re.compile(value).search
    return lambda v: not isinstance(v, str) or search(v) is not None


def _enum(value: list[Any], schema: dict) -> Check:
    if not _plain_constants(value):
        raise Unsupported("enum of values other than strings and null")
    options = frozenset(value)
    return lambda v: (v is None or isinstance(v, str)) and v in options


def _const(value: Any, schema: dict) -> Check:
    if isinstance(value, bool):
        return lambda v: v is value
    if not _plain_constants([value]):
        raise Unsupported("const of a value other than a string, a boolean or null")
    return lambda v: (v is None or isinstance(v, str)) and v == value


def _any_of(value: list[Any], schema: dict) -> Check:
    tests = [compile_schema(sub) for sub in value]
    return lambda v: any(t(v) for t in tests)


def _if(value: Any, schema: dict) -> Check:
    condition = compile_schema(value)
    then = compile_schema(schema.get("then", True))
    otherwise = compile_schema(schema.get("else", True))
    return lambda v: then(v) if condition(v) else otherwise(v)


def _bound(op: Callable[[Any, Any], bool]) -> Callable[[Any, dict], Check]:
    def build(value: Any, schema: dict) -> Check:
        return lambda v: not _is_number(v) or op(v, value)

    return build


def _min_items(value: int, schema: dict) -> Check:
    return lambda v: not isinstance(v, list) or len(v) >= value


def _max_items(value: int, schema: dict) -> Check:
    return lambda v: not isinstance(v, list) or len(v) <= value


_COMPILERS: dict[str, Callable[[Any, dict], Check]] = {
    "type": _type,
    "required": _required,
    "properties": _properties,
    "additionalProperties": _additional,
    "items": _items,
    "minLength": _min_length,
    "maxLength": _max_length,
    "pattern": _pattern,
    "enum": _enum,
    "const": _const,
    "anyOf": _any_of,
    "if": _if,
    "minimum": _bound(lambda v, b: v >= b),
    "maximum": _bound(lambda v, b: v <= b),
    "exclusiveMinimum": _bound(lambda v, b: v > b),
    "exclusiveMaximum": _bound(lambda v, b: v < b),
    "minItems": _min_items,
    "maxItems": _max_items,
}


def fast_check(schema: dict[str, Any]) -> Check | None:
    """The compiled predicate of a whole schema, or None when it uses a keyword outside the
    subset (then jsonschema checks every line)."""
    try:
        return compile_schema(schema)
    except (Unsupported, re.error):
        return None
