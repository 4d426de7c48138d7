"""YAML input files (``thresholds.yaml``, ``rubric.yaml``), read strictly, one way for both.

PyYAML alone forgets where a value was written and keeps the last of two equal keys
silently. Here the document is composed once to learn the line of every key path, its
duplicate keys, and what would make it unsafe or meaningless to load (an alias that
contains itself, more than :data:`MAX_NODES` values, a key that is not a name, ``.nan`` or
``.inf``, the same language written twice with different case), then loaded with
``yaml.safe_load`` and checked against its JSON Schema (a number beyond the bounds of
every number the gate reads, such as ``min_n`` with thousands of digits, is refused before
loading, naming its key) (``gate/schemas/<name>.schema.json``).
Every problem names the file, the line and the key path (:func:`gate.core.errors.key_path`); an
unknown key comes with the closest known name (``difflib``); all of a file's problems are
reported at once, in line order.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Collection
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from gate.core.encodings import not_utf8_message, single_byte_hint, wide_encoding
from gate.core.errors import InputError, Problem, ProblemCollector, key_path
from gate.core.jsonlines import MAX_DIGITS, MAX_MAGNITUDE
from gate.core.limits import read_bounded
from gate.core.schemas import compiled_check, describe, misspelt_required, schema, schema_problems

if TYPE_CHECKING:
    from jsonschema import ValidationError

#: The most YAML nodes a file may expand to (aliases included): a guard against alias bombs
#: ("billion laughs"), far above any real rules file or rubric.
MAX_NODES = 10_000

KeyPath = tuple[Any, ...]


def _never(path: KeyPath) -> bool:
    return False


_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BASES = {"0x": 16, "0o": 8, "0b": 2}
_CEILING: int = 10**MAX_MAGNITUDE


def _bounded(text: str, whole: bool) -> bool:
    """Whether a YAML number, as written, is within the bounds of every number the gate
    reads (:data:`gate.core.jsonlines.MAX_DIGITS`, :data:`~gate.core.jsonlines.MAX_MAGNITUDE`);
    judged on the text, before any conversion, so that thousands of digits cost nothing."""
    plain = text.replace("_", "").lower().lstrip("+-")
    if len(plain) > MAX_DIGITS + 12:  # no bounded number is written longer (exponent and point included)
        return False
    if ":" in plain:  # YAML 1.1's base 60 (1:30): short, as checked above
        return True
    if whole:
        base = _BASES.get(plain[:2], 10)
        digits = plain[2:] if base != 10 else plain
        try:
            return abs(int(digits or "0", base)) < _CEILING
        except ValueError:  # an octal written 017: YAML 1.1 reads it, and so does the loader
            return True
    if plain in (".nan", ".inf"):
        return True
    mantissa, _, exponent = plain.partition("e")
    if len(mantissa.replace(".", "").lstrip("0")) > MAX_DIGITS or len(exponent.lstrip("+-")) > 6:
        return False
    try:
        value = Decimal(plain)
    except ArithmeticError:
        return True  # not a number Decimal reads: the loader says what it is
    return not value or Decimal(10) ** -MAX_MAGNITUDE <= abs(value) < Decimal(10) ** MAX_MAGNITUDE


def _shown(text: str) -> str:
    """A number as written, cut when long: ``9999999999...9999 (5,000 characters)``."""
    return text if len(text) <= 40 else f"{text[:20]}...{text[-8:]} ({len(text):,} characters)"


class LineMap:
    """Line numbers of every key path of a YAML document, its duplicate keys, and its
    shape problems (recursive aliases, too many nodes, non-finite numbers, keys that are
    not strings, one language written twice).

    Args:
        language_keys: says of a mapping's key path whether its keys are language tags,
            compared without case (``fr`` and ``FR`` are the same language).
    """

    def __init__(self, language_keys: Callable[[KeyPath], bool] = _never) -> None:
        self.lines: dict[KeyPath, int] = {}
        self.duplicates: list[tuple[KeyPath, int, int]] = []
        self.shape: list[tuple[int, KeyPath, str]] = []
        self.nodes = 0
        self.language_keys = language_keys
        self.unloadable = False  # a number YAML cannot load within the bounds: stop before loading

    def walk(self, node: yaml.Node, path: KeyPath = (), active: frozenset[int] = frozenset()) -> bool:
        """Walk the node graph; False when it must stop (recursion or too many nodes)."""
        self.nodes += 1
        line = node.start_mark.line + 1
        if self.nodes > MAX_NODES:
            self.shape.append((line, path, f"expected at most {MAX_NODES} values, found more (aliases expanding without end?)"))
            return False
        if id(node) in active:
            self.shape.append((line, path, "expected a value, found an alias that contains itself"))
            return False
        active = active | {id(node)}
        if isinstance(node, yaml.MappingNode):
            return self._walk_mapping(node, path, active)
        if isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                self.lines[path + (i,)] = item.start_mark.line + 1
                if not self.walk(item, path + (i,), active):
                    return False
        elif node.tag == "tag:yaml.org,2002:float" and node.value.lower().lstrip("+-") in (".nan", ".inf"):
            self.shape.append((line, path, f"expected a finite number, found {node.value}"))
        elif node.tag in (_INT, _FLOAT) and not _bounded(node.value, node.tag == _INT):
            self.unloadable = True
            self.shape.append((line, path, f"expected a number of at most {MAX_DIGITS} significant digits and magnitude from "
                                            f"1e-{MAX_MAGNITUDE} to below 1e{MAX_MAGNITUDE}, found {_shown(node.value)}"))
        return True

    def _walk_mapping(self, node: yaml.MappingNode, path: KeyPath, active: frozenset[int]) -> bool:
        seen: dict[Any, int] = {}
        folded: dict[str, tuple[str, int]] = {}
        languages = self.language_keys(path)
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
            key_line = key_node.start_mark.line + 1
            if key_node.tag != "tag:yaml.org,2002:str" and key_node.tag != "tag:yaml.org,2002:merge":
                self.shape.append((key_line, path + (key,), f"expected a name as key, found {key!r}"))
            if key in seen:
                self.duplicates.append((path + (key,), seen[key], key_line))
            else:
                seen[key] = key_line
                lowered = str(key).lower()
                if languages and lowered in folded:
                    first, first_line = folded[lowered]
                    self.shape.append((key_line, path + (key,), f"duplicate language: {first!r} on line {first_line} is the same language"))
                folded.setdefault(lowered, (str(key), key_line))
            self.lines[path + (key,)] = key_line
            if not self.walk(value_node, path + (key,), active):
                return False
        return True

    def line(self, path: KeyPath) -> int | None:
        """The line of a key path, or of its nearest written parent; None for the whole file."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return None


@dataclass(frozen=True)
class YamlFile:
    """A YAML file read and loaded: its name as given, its data, where each key is written."""

    display: str
    data: dict[str, Any]
    lines: LineMap


def data_at(data: Any, path: KeyPath) -> Any:
    """The value at a key path of loaded YAML."""
    for part in path:
        data = data[part]
    return data


def read_yaml_mapping(path: str | Path, kind: str, *, missing: str, expected: str, contents: str,
                      language_keys: Callable[[KeyPath], bool] = _never) -> YamlFile:
    """Read a YAML file whose document is a mapping.

    Args:
        path: the file.
        kind: its size limit in :data:`gate.core.limits.LIMITS` (``thresholds``, ``rubric``).
        missing: the message when the file does not exist (say how to name another).
        expected: what the document should be, for the message when it is not a mapping
            (``a mapping with version and measures``).
        contents: what the file holds, in words (``rules``), for the message when it is
            nested too deep to read.
        language_keys: see :class:`LineMap`.

    Raises:
        InputError: the file cannot be read, is not UTF-8, is not YAML, is nested too
            deep, expands without end, or is not a mapping; one problem, with the line
            where YAML knows it.
    """
    display = str(path)
    text = _read_text(path, kind, display, missing)
    try:
        lines = LineMap(language_keys)
        data = _composed_once(text, lambda node: lines.walk(node) and not lines.unloadable)
        if data is _UNLOADABLE:
            raise InputError([Problem(display, line, key_path(where) or None, message) for line, where, message in lines.shape])
    except RecursionError:
        raise InputError([Problem(display, None, None, f"expected {contents}, found values nested too deep to read")]) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise InputError([Problem(display, line, None, f"expected valid YAML, found a syntax error: {problem}")]) from None
    if not isinstance(data, dict):
        raise InputError([Problem(display, None, None, f"expected {expected}, found {describe(data) if data is not None else 'an empty file'}")])
    return YamlFile(display, data, lines)


#: What :func:`_composed_once` returns for a document its check refused.
_UNLOADABLE = object()


def _composed_once(text: str, loadable: Callable[[yaml.Node], bool]) -> Any:
    """The data of a YAML document, as ``yaml.safe_load`` gives it, parsed once: its node
    tree is composed, shown to ``loadable`` (which reads it), and the data built from it;
    :data:`_UNLOADABLE` when ``loadable`` says no. None for an empty document.

    Raises:
        yaml.YAMLError: the text is not YAML (as ``yaml.compose`` raises it).
    """
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if not loadable(node):
            return _UNLOADABLE
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _read_text(path: str | Path, kind: str, display: str, missing: str) -> str:
    """The file's text: read within its size limit, UTF-8 (a byte order mark is dropped)."""
    try:
        raw = read_bounded(path, kind, display)
        wide = wide_encoding(raw)
        if wide:
            raise InputError([Problem(display, None, None, not_utf8_message(wide))])
        return utf8_text(raw, display)
    except FileNotFoundError:
        raise InputError([Problem(display, None, None, missing)]) from None
    except OSError as exc:
        raise InputError([Problem(display, None, None, f"cannot be read: {exc}")]) from None


def utf8_text(raw: bytes, display: str) -> str:
    """A whole file's bytes as UTF-8 text (a byte order mark is dropped).

    Raises:
        InputError: a byte that is not UTF-8, with its line and column as the JSON lines
            inputs give them (and a Latin-1 / Windows-1252 hint when it looks like one).
    """
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = raw.rfind(b"\n", 0, exc.start) + 1
        end = raw.find(b"\n", exc.start)
        chunk = raw[start:end if end >= 0 else len(raw)]
        message = (f"expected UTF-8 text, found byte 0x{raw[exc.start]:02x} at column {exc.start - start + 1}"
                   + single_byte_hint(chunk, exc.start - start))
        raise InputError([Problem(display, raw.count(b"\n", 0, exc.start) + 1, None, message)]) from None


def structure_problems(doc: YamlFile, problems: ProblemCollector) -> None:
    """Add the shape problems and duplicate keys the line map found."""
    for line, where, message in doc.lines.shape:
        problems.add(doc.display, line, key_path(where) or None, message)
    for where, first, again in doc.lines.duplicates:
        problems.add(doc.display, again, key_path(where), f"duplicate key: already set on line {first}; YAML would silently keep only the last one")


def unknown_key_message(name: Any, known: list[str], what: str = "key") -> str:
    """``unknown key 'severty'; did you mean 'severity'?``, or the known names when none is close."""
    close = difflib.get_close_matches(str(name), known, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else f"; expected one of {', '.join(known)}"
    return f"unknown {what} {name!r}{hint}"


def schema_check(doc: YamlFile, schema_name: str, problems: ProblemCollector, *,
                 noun: Callable[[KeyPath], str] = lambda where: "key",
                 reported: Collection[KeyPath] = (),
                 message: Callable[[ValidationError, KeyPath], str | None] = lambda error, where: None) -> None:
    """Add what the file's JSON Schema rejects, in file order.

    Args:
        doc: the file.
        schema_name: the schema (``gate/schemas/<schema_name>.schema.json``).
        problems: where the problems go.
        noun: what a key under a key path is called in "unknown ..." (``measure``).
        reported: key paths already reported by a more precise check, left alone here.
        message: the file's own message for an error, or None for the usual one.
    """
    check = compiled_check(schema_name)
    if check is not None and check(doc.data):
        return  # valid: jsonschema would find no error (gate.core.validation)
    from jsonschema import Draft202012Validator  # only to explain a file the compiled check rejects

    validator = Draft202012Validator(schema(schema_name))
    errors = sorted(validator.iter_errors(doc.data), key=lambda e: doc.lines.line(tuple(e.absolute_path)) or 0)
    unknown_at = {tuple(e.absolute_path) for e in errors if e.validator == "additionalProperties"}
    for error in errors:
        where = tuple(error.absolute_path)
        if where in unknown_at and misspelt_required(error) is not None:
            continue  # the misspelt key's own "unknown key ...; did you mean" says it, on its line
        if error.validator == "additionalProperties":
            known = list((error.schema.get("properties") or {}).keys())
            for name in [k for k in data_at(doc.data, where) if k not in known]:
                bad = where + (name,)
                if bad not in reported:
                    problems.add(doc.display, doc.lines.line(bad), key_path(bad), unknown_key_message(name, known, noun(where)))
            continue
        if "propertyNames" in error.absolute_schema_path:
            bad = where + (error.instance,)
            problems.add(doc.display, doc.lines.line(bad), key_path(bad), f"expected a language tag such as fr or fr-CA as key, found {error.instance!r}")
            continue
        if where in reported:
            continue
        fld, text = schema_problems(error)
        problems.add(doc.display, doc.lines.line(where), key_path(where) or fld, message(error, where) or text)
