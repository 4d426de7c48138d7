"""Validation at the speed of parsing: the shipped JSON Schemas compiled into Python source.

The schemas in ``gate/schemas/`` stay the published contract and the only source of the
messages. A schema is compiled once into the source of one Python function (``exec``'d):
nested ``if`` statements over the few keywords the shipped schemas use (``type``,
``required``, ``properties``, ``patternProperties``, ``additionalProperties``, ``propertyNames``, ``items``,
``minLength``, ``maxLength``, ``pattern``, ``enum``, ``const``, ``anyOf``,
``if``/``then``/``else``, ``minimum``, ``maximum``, ``exclusiveMinimum``,
``exclusiveMaximum``, ``minItems``, ``maxItems``, ``uniqueItems``, and ``$ref`` to the root's
``$defs``), each with the JSON Schema meaning (draft 2020-12; a keyword applies to instances
of its own type only). No closure or generator runs per keyword, so the common
valid line passes in a few microseconds; a line it rejects is handed to ``jsonschema``
(imported then, not before), whose errors make the messages, so a message never depends on
which path found the fault.

One keyword is compiled for the common case only: ``uniqueItems`` over an array of strings.
An array with anything else in it fails the compiled check, and jsonschema then decides (so
the check never accepts what jsonschema rejects; it may send jsonschema a value it accepts).

A schema holding a keyword this module does not know is not compiled: :func:`fast_check`
returns None and every line of that kind goes through ``jsonschema``. A schema edited by
hand therefore stays exact, only slower; ``tests/test_validation.py`` feeds every valid and
invalid line of the test corpus, and every bad-input case of the suite, through both paths
and asserts that they agree.
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any

Check = Callable[[Any], bool]

#: Keywords that carry no assertion.
_ANNOTATIONS = frozenset({"$schema", "$id", "title", "description", "default", "examples", "$comment", "deprecated", "$defs"})
#: Keywords compiled (``then`` and ``else`` are read with ``if``).
_KEYWORDS = frozenset({"type", "required", "properties", "patternProperties", "additionalProperties", "propertyNames", "items", "minLength",
                       "maxLength", "pattern", "enum", "const", "anyOf", "if", "then", "else", "minimum", "maximum",
                       "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "uniqueItems", "$ref"})
#: The test of each JSON type, as a Python expression over ``{v}``.
_TYPE_TESTS = {
    "object": "{v}.__class__ is dict or isinstance({v}, dict)",
    "array": "{v}.__class__ is list or isinstance({v}, list)",
    "string": "{v}.__class__ is str or isinstance({v}, str)",
    "boolean": "isinstance({v}, bool)",
    "null": "{v} is None",
    "number": "{v}.__class__ in _NUMBER_CLASSES or _is_number({v})",
    "integer": "_is_integer({v})",
}
#: Classes of numbers tested first, before the abstract ``numbers.Number`` (never bool).
_NUMBER_CLASSES = frozenset({int, float, Decimal})
#: The comparison that fails each bound, as jsonschema writes it (so NaN fails none).
_BOUNDS = {"minimum": "<", "maximum": ">", "exclusiveMinimum": "<=", "exclusiveMaximum": ">="}


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


def _unique_strings(value: list[Any]) -> bool:
    """``uniqueItems`` for an array of strings (equal exactly when equal as Python strings);
    False for an array holding anything else, which jsonschema then judges."""
    return all(item.__class__ is str for item in value) and len(set(value)) == len(value)


def _plain_constants(values: list[Any]) -> bool:
    """Constants whose equality in Python is JSON Schema equality (strings and null)."""
    return all(v is None or isinstance(v, str) for v in values)


class _Source:
    """The Python source of one compiled schema: its lines, the constants it names (compiled
    patterns, sets of names) and the helper functions of ``anyOf`` and ``if`` branches."""

    def __init__(self, root: Any = None) -> None:
        self.constants: dict[str, Any] = {"_is_number": _is_number, "_is_integer": _is_integer, "_NUMBER_CLASSES": _NUMBER_CLASSES,
                                          "_unique_strings": _unique_strings}
        self.functions: list[list[str]] = []
        self._names = 0
        self._root = root
        self._defs: dict[str, str] = {}  # name in the root's $defs -> its function
        self._nested: bool | None = None  # whether a subschema of the root has an $id (walked once)

    def reference(self, ref: Any) -> str:
        """The function of ``"#/$defs/NAME"`` (compiled once, recursion allowed).

        Raises:
            Unsupported: any other reference, or a subschema with an ``$id`` of its own
                (references inside it would resolve against it).
        """
        defs = self._root.get("$defs") if isinstance(self._root, dict) else None
        name = ref[len("#/$defs/"):] if isinstance(ref, str) and ref.startswith("#/$defs/") else None
        if name is None or not isinstance(defs, dict) or name not in defs or "/" in name or "~" in name or "%" in name:
            raise Unsupported(f"$ref {ref!r}")
        if self._nested is None:
            self._nested = _nested_id(self._root, top=True)
        if self._nested:
            raise Unsupported("$ref beside a subschema with an $id")
        if name not in self._defs:
            self._defs[name] = self.name("_d")
            body: list[str] = []
            _emit(defs[name], "v", body, 1, self)
            self.functions.append([f"def {self._defs[name]}(v):", *body, "    return True"])
        return self._defs[name]

    def name(self, prefix: str) -> str:
        self._names += 1
        return f"{prefix}{self._names}"

    def constant(self, value: Any) -> str:
        name = self.name("_c")
        self.constants[name] = value
        return name

    def function(self, schema: Any) -> str:
        """A helper ``def`` for a subschema (its name): True when the value is valid."""
        name = self.name("_f")
        body: list[str] = []
        _emit(schema, "v", body, 1, self)
        self.functions.append([f"def {name}(v):", *body, "    return True"])
        return name


def _nested_id(schema: Any, top: bool = False) -> bool:
    """Whether a subschema below the root declares an ``$id``."""
    if isinstance(schema, list):
        return any(_nested_id(item) for item in schema)
    if not isinstance(schema, dict):
        return False
    if not top and "$id" in schema:
        return True
    return any(_nested_id(item) for key, item in schema.items() if key not in ("enum", "const", "examples", "default"))


def _emit(schema: Any, v: str, out: list[str], depth: int, src: _Source) -> None:
    """Append statements that ``return False`` when the value named ``v`` fails ``schema``."""
    pad = "    " * depth
    if schema is True:
        return
    if schema is False:
        out.append(f"{pad}return False")
        return
    if not isinstance(schema, dict):
        raise Unsupported(repr(schema))
    unknown = set(schema) - _ANNOTATIONS - _KEYWORDS
    if unknown:
        raise Unsupported(", ".join(sorted(unknown)))
    if "prefixItems" in schema:
        raise Unsupported("prefixItems")
    if "$ref" in schema:
        out.append(f"{pad}if not {src.reference(schema['$ref'])}({v}):")
        out.append(f"{pad}    return False")
    known = _emit_type(schema, v, out, pad)
    for kind, emit in _BY_KIND:
        if not any(key in schema for key in _KINDS[kind]):
            continue
        if known == kind:
            emit(schema, v, out, depth, src)
        else:
            inner: list[str] = []
            emit(schema, v, inner, depth + 1, src)
            if inner:
                out.append(f"{pad}if {_TYPE_TESTS[kind].format(v=v)}:")
                out.extend(inner)
    _emit_any(schema, v, out, pad, src)


def _emit_type(schema: dict[str, Any], v: str, out: list[str], pad: str) -> str | None:
    """The ``type`` test; the kind the later keywords may then take for granted, if one."""
    if "type" not in schema:
        return None
    names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    if any(n not in _TYPE_TESTS for n in names):
        raise Unsupported(f"type {schema['type']!r}")
    test = " or ".join(f"({_TYPE_TESTS[n].format(v=v)})" for n in names)
    out.append(f"{pad}if not ({test}):")
    out.append(f"{pad}    return False")
    return names[0] if len(names) == 1 and names[0] in _KINDS else None


def _emit_object(schema: dict[str, Any], v: str, out: list[str], depth: int, src: _Source) -> None:
    pad = "    " * depth
    required = schema.get("required", [])
    if required:
        out.append(f"{pad}if {' or '.join(f'{n!r} not in {v}' for n in required)}:")
        out.append(f"{pad}    return False")
    properties = schema.get("properties", {})
    for key, sub in properties.items():
        item = src.name("x")
        inner: list[str] = []
        _emit(sub, item, inner, depth + 1, src)
        if inner:
            out.append(f"{pad}if {key!r} in {v}:")
            out.append(f"{pad}    {item} = {v}[{key!r}]")
            out.extend(inner)
    if "propertyNames" in schema:
        key = src.name("k")
        inner = []
        _emit(schema["propertyNames"], key, inner, depth + 1, src)
        if inner:
            out.append(f"{pad}for {key} in {v}:")
            out.extend(inner)
    searches = _emit_patterns(schema, v, out, depth, src)
    extra = schema.get("additionalProperties", True)
    names = src.constant(frozenset(properties))
    if extra is False and not searches:
        out.append(f"{pad}if not {names}.issuperset({v}):")
        out.append(f"{pad}    return False")
    elif extra is not True:
        key, item = src.name("k"), src.name("x")
        inner = []
        _emit(extra, item, inner, depth + 2, src)
        if inner:  # the keys neither named in properties nor matched by a pattern
            matched = "".join(f" and not ({key}.__class__ is str and {search}({key}) is not None)" for search in searches)
            out.append(f"{pad}for {key}, {item} in {v}.items():")
            out.append(f"{pad}    if {key} not in {names}{matched}:")
            out.extend(inner)


def _emit_patterns(schema: dict[str, Any], v: str, out: list[str], depth: int, src: _Source) -> list[str]:
    """``patternProperties``: each key a pattern finds (``re.search``, as jsonschema) holds a
    value valid against the pattern's subschema. Returns the patterns' search functions, which
    ``additionalProperties`` leaves alone."""
    pad = "    " * depth
    searches = []
    for pattern, sub in schema.get("patternProperties", {}).items():
        search = src.constant(re.compile(pattern).search)
        searches.append(search)
        key, item = src.name("k"), src.name("x")
        inner: list[str] = []
        _emit(sub, item, inner, depth + 2, src)
        if inner:
            out.append(f"{pad}for {key}, {item} in {v}.items():")
            out.append(f"{pad}    if {key}.__class__ is str and {search}({key}) is not None:")
            out.extend(inner)
    return searches


def _emit_length(schema: dict[str, Any], low: str, high: str, v: str, out: list[str], pad: str) -> None:
    """The bounds on ``len(v)`` of an array (``minItems``/``maxItems``) or a string
    (``minLength``/``maxLength``: Python's length counts code points, as JSON Schema does)."""
    if low in schema:
        out.append(f"{pad}if len({v}) < {int(schema[low])}:")
        out.append(f"{pad}    return False")
    if high in schema:
        out.append(f"{pad}if len({v}) > {int(schema[high])}:")
        out.append(f"{pad}    return False")


def _emit_array(schema: dict[str, Any], v: str, out: list[str], depth: int, src: _Source) -> None:
    pad = "    " * depth
    _emit_length(schema, "minItems", "maxItems", v, out, pad)
    if schema.get("uniqueItems") is True:
        out.append(f"{pad}if not _unique_strings({v}):")
        out.append(f"{pad}    return False")
    if "items" in schema:
        if not isinstance(schema["items"], dict):
            raise Unsupported("a boolean items")
        item = src.name("x")
        inner: list[str] = []
        _emit(schema["items"], item, inner, depth + 1, src)
        if inner:
            out.append(f"{pad}for {item} in {v}:")
            out.extend(inner)


#: The shipped schemas' pattern of a text without control characters (C0, DEL and C1, the
#: bidirectional embeddings and isolates): one or more characters, none of them those.
CONTROL_FREE = r"^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+$"


def _emit_string(schema: dict[str, Any], v: str, out: list[str], depth: int, src: _Source) -> None:
    pad = "    " * depth
    _emit_length(schema, "minLength", "maxLength", v, out, pad)
    if "pattern" in schema:
        search = src.constant(re.compile(schema["pattern"]).search)
        if schema["pattern"] == CONTROL_FREE:
            # a printable ASCII text matches it: two tests in C, not the pattern's scan;
            # any other text (empty, with a control or a non-ASCII character) is searched
            out.append(f"{pad}if not ({v} and {v}.isascii() and {v}.isprintable()) and {search}({v}) is None:")
        else:
            out.append(f"{pad}if {search}({v}) is None:")
        out.append(f"{pad}    return False")


def _emit_number(schema: dict[str, Any], v: str, out: list[str], depth: int, src: _Source) -> None:
    pad = "    " * depth
    for key, op in _BOUNDS.items():
        if key in schema:
            bound = src.constant(schema[key])
            out.append(f"{pad}if {v} {op} {bound}:")
            out.append(f"{pad}    return False")


def _emit_any(schema: dict[str, Any], v: str, out: list[str], pad: str, src: _Source) -> None:
    """``enum``, ``const``, ``anyOf`` and ``if``: keywords of any type."""
    if "enum" in schema:
        if not _plain_constants(schema["enum"]):
            raise Unsupported("enum of values other than strings and null")
        options = src.constant(frozenset(schema["enum"]))
        out.append(f"{pad}if not (({v} is None or isinstance({v}, str)) and {v} in {options}):")
        out.append(f"{pad}    return False")
    if "const" in schema:
        value = schema["const"]
        if isinstance(value, bool):
            out.append(f"{pad}if {v} is not {value!r}:")
        elif _plain_constants([value]):
            out.append(f"{pad}if not (({v} is None or isinstance({v}, str)) and {v} == {src.constant(value)}):")
        elif value.__class__ in (int, float):  # jsonschema's equality: 1 == 1.0, never a boolean
            out.append(f"{pad}if not (_is_number({v}) and {v} == {src.constant(value)}):")
        else:
            raise Unsupported("const of a value other than a string, a number, a boolean or null")
        out.append(f"{pad}    return False")
    if "anyOf" in schema:
        branches = [src.function(sub) for sub in schema["anyOf"]]
        out.append(f"{pad}if not ({' or '.join(f'{b}({v})' for b in branches)}):")
        out.append(f"{pad}    return False")
    if "if" in schema:
        condition, then, otherwise = (src.function(schema.get(k, True)) for k in ("if", "then", "else"))
        out.append(f"{pad}if not ({then}({v}) if {condition}({v}) else {otherwise}({v})):")
        out.append(f"{pad}    return False")


#: The keywords of each instance type, and what emits them.
_KINDS = {
    "object": ("required", "properties", "patternProperties", "additionalProperties", "propertyNames"),
    "array": ("items", "minItems", "maxItems", "uniqueItems"),
    "string": ("minLength", "maxLength", "pattern"),
    "number": tuple(_BOUNDS),
}
_BY_KIND: tuple[tuple[str, Callable[[dict[str, Any], str, list[str], int, _Source], None]], ...] = (
    ("object", _emit_object), ("array", _emit_array), ("string", _emit_string), ("number", _emit_number))


def compile_source(schema: Any) -> tuple[str, dict[str, Any]]:
    """The Python source of a schema's check (a function ``check(v) -> bool``) and the
    names it reads (compiled patterns, sets, helpers).

    Raises:
        Unsupported: the schema uses a keyword outside the compiled subset.
    """
    src = _Source(schema)
    body: list[str] = []
    _emit(schema, "v", body, 1, src)
    lines = [line for function in src.functions for line in function]
    lines += ["def check(v):", *body, "    return True"]
    return "\n".join(lines) + "\n", src.constants


def compile_schema(schema: Any) -> Check:
    """Compile a (sub)schema into a predicate: True exactly when jsonschema finds no error.

    Raises:
        Unsupported: the schema uses a keyword outside the compiled subset.
    """
    source, namespace = compile_source(schema)
    exec(compile(source, "<compiled schema>", "exec"), namespace)  # noqa: S102 (source built above from the schema's keywords)
    check: Check = namespace["check"]
    return check


def fast_check(schema: dict[str, Any]) -> Check | None:
    """The compiled predicate of a whole schema, or None when it uses a keyword outside the
    subset (then jsonschema checks every line)."""
    try:
        return compile_schema(schema)
    except (Unsupported, re.error):
        return None
