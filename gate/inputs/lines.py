"""One line of a question set or run log read into records: questions, observations, headers."""

from __future__ import annotations

import difflib
import json
from datetime import datetime
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gate.core.bcp47 import canonical_language
from gate.core.errors import InputError, ProblemCollector
from gate.core.limits import read_bounded
from gate.core.schemas import DATE_TIME_EXAMPLE, describe, schema
from gate.model.inputs import OBS_STATUS, Observation, Question
from gate.model.periods import parse_sdmx_period

if TYPE_CHECKING:
    pass


def _decimals(values: list[Any]) -> tuple[Decimal, ...]:
    return tuple(v if isinstance(v, Decimal) else Decimal(v) for v in values)


def _scaled(value: Decimal, unit_mult: int) -> Decimal:
    """An observation's value in units: the published value times 10 to ``unit_mult``
    (SDMX UNIT_MULT), exactly."""
    return value.scaleb(unit_mult) if unit_mult else value


def _question(value: dict[str, Any], line: int, schema_of_answer: Any = None, grouped: bool = True) -> Question:
    """A validated question-set line (or merged log line, ``grouped`` False: a log in the merged
    form carries no ``group``) as a :class:`Question`."""
    return Question(
        question_id=value["question_id"],
        language=canonical_language(value["language"]),
        text=value.get("question", ""),
        expected_behaviour=value["expected_behaviour"],
        expected_values=_decimals(value.get("expected_values", [])),
        expected_ids=tuple(value.get("expected_ids", [])),
        expected_caveats=tuple(value.get("expected_caveats", [])),
        line=line,
        expected_label=value.get("expected_label"),
        answer_format=value.get("answer_format"),
        answer_schema=schema_of_answer,
        expected_period=value.get("expected_period"),
        acceptable_ids=tuple(value.get("acceptable_ids", [])),
        group=value.get("group") if grouped else None,
    )


def _observation_problems(items: Any, display: str, line: int, problems: ProblemCollector,
                          units: list[tuple[str, str]] | None = None) -> bool:
    """Add every problem of a line's observations that the schema does not see (a period
    that is not an SDMX period, a status that is not an SDMX code, a misspelt unit or caveat,
    each with its field, all at once); fields of a type the schema rejects are skipped, so
    nothing is said twice. A unit the code checks do not know and that is no misspelling
    goes to ``units`` as ``(unit, field)`` for a notice. Returns whether a problem was added.
    """
    if not items or not isinstance(items, list):
        return False
    from gate.model.caveats import caveat_kind, caveat_suggestion
    from gate.model.units import KNOWN_UNITS, unit_class, unit_suggestion

    before = problems.total
    for i, item in enumerate(items if isinstance(items, list) else []):
        if not isinstance(item, dict):
            continue
        where = f"retrieved_observations[{i}]"
        period, status, unit, caveats = item.get("period"), item.get("status"), item.get("unit"), item.get("caveats")
        if isinstance(period, str):
            try:
                parse_sdmx_period(period)
            except ValueError as exc:
                problems.add(display, line, f"{where}.period", str(exc))
        if isinstance(status, str) and status not in OBS_STATUS:
            close = difflib.get_close_matches(status.upper(), list(OBS_STATUS), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close and close[0] == status.upper() else ""
            problems.add(display, line, f"{where}.status", f"expected an SDMX observation status code ({', '.join(OBS_STATUS)}), found {status!r}{hint}")
        if isinstance(unit, str) and unit.strip() and unit_class(unit) is None:
            close_unit = unit_suggestion(unit)
            if close_unit is not None:
                problems.add(display, line, f"{where}.unit", f"expected a unit the code checks know ({KNOWN_UNITS}), found {unit!r} (did you mean {close_unit!r}?)")
            elif units is not None:
                units.append((unit, f"{where}.unit"))
        for k, caveat in enumerate(caveats if isinstance(caveats, list) else []):
            close_caveat = caveat_suggestion(caveat) if isinstance(caveat, str) and caveat_kind(caveat) is None else None
            if close_caveat is not None:
                problems.add(display, line, f"{where}.caveats[{k}]",
                             f"expected a caveat the code checks know (provisional, estimated, break, forecast, or a word for one in "
                             f"the eight languages) or free text, found {caveat!r} (did you mean {close_caveat!r}?)")
    return problems.total > before


def _observations(items: list[dict[str, Any]], display: str, line: int, problems: ProblemCollector,
                  units: list[tuple[str, str]] | None = None) -> tuple[Observation, ...] | None:
    """The schema-valid ``retrieved_observations`` of a line as :class:`Observation`, or
    None when :func:`_observation_problems` found any problem (each added with its field)."""
    if _observation_problems(items, display, line, problems, units):
        return None
    return tuple(
        Observation(series=item["series"], period=item["period"], span=parse_sdmx_period(item["period"]),
                    value=_scaled(_decimals([item["value"]])[0], item.get("unit_mult", 0)), unit=item.get("unit"),
                    status=item.get("status"), caveats=tuple(item.get("caveats", ())), unit_mult=item.get("unit_mult", 0))
        for item in items
    )


def rejected_line_problems(value: Any, display: str, line: int, problems: ProblemCollector) -> None:
    """The problems of a line the schema rejected that the schema does not see (its
    observations' periods, statuses, units, caveats), so that all of a line's problems are
    reported at once."""
    if isinstance(value, dict):
        _observation_problems(value.get("retrieved_observations"), display, line, problems)


def expected_caveat_problems(value: dict[str, Any], display: str, line: int, problems: ProblemCollector) -> list[str]:
    """Check a question's (or merged line's) ``expected_caveats``: a misspelt kind or word
    ("provisonal") is a problem with "did you mean"; free text that names no kind the code
    checks is a notice (returned), since ``caveat_stated`` will not check it."""
    from gate.model.caveats import CAVEAT_KINDS, caveat_kind, caveat_suggestion

    notices = []
    for k, caveat in enumerate(value.get("expected_caveats") or []):
        if not isinstance(caveat, str) or caveat_kind(caveat) is not None:
            continue
        close = caveat_suggestion(caveat)
        if close is not None:
            problems.add(display, line, f"expected_caveats[{k}]",
                         f"expected a caveat the code checks know ({', '.join(CAVEAT_KINDS)}, or a word for one in the eight "
                         f"languages) or free text, found {caveat!r} (did you mean {close!r}?)")
        else:
            notices.append(f"{display}:{line}: expected_caveats[{k}]: {caveat!r} names no caveat the code checks know "
                           f"({', '.join(CAVEAT_KINDS)}); caveat_stated does not check it (a reader's caveat question still can)")
    return notices


def expected_period_problems(value: dict[str, Any], display: str, line: int, problems: ProblemCollector) -> None:
    """A question's ``expected_period`` that is not an SDMX period (``2024``, ``2025-Q2``,
    ``2025-06``) is a problem naming the field."""
    period = value.get("expected_period")
    if isinstance(period, str):
        try:
            parse_sdmx_period(period)
        except ValueError as exc:
            problems.add(display, line, "expected_period", str(exc))


def unknown_unit_notices(display: str, units: dict[str, list[tuple[int, str]]], counts: dict[str, int] | None = None) -> list[str]:
    """One notice per observation unit the code checks do not know (unit -> ``(line,
    field)`` of each observation, or of the first only with ``counts``, unit -> how many):
    its figures are not counted in ``unit_stated``."""
    from gate.model.units import KNOWN_UNITS

    out = []
    for unit in sorted(units):
        (line, where), n = units[unit][0], (counts[unit] if counts is not None else len(units[unit]))
        out.append(f"{display}:{line}: {where}: the unit {unit!r} is not one the code checks know ({KNOWN_UNITS}); "
                   f"figures bound to it are not counted in unit_stated ({n} observation(s), first on line {line})")
    return out


#: Answer schemas named by merged log lines, per log folder (loaded once per process).
_MERGED_SCHEMAS: dict[str, dict[str, Any]] = {}


def _finish(problems: ProblemCollector, shared: ProblemCollector | None) -> None:
    """Raise the problems of one input, or hand them to the caller's collector."""
    if shared is None:
        problems.raise_if_any()
    else:
        shared.extend(problems)




def _calendar_problems(header: dict[str, Any], display: str, line: int, problems: ProblemCollector) -> None:
    """A ``created_at`` that has the shape of a date-time (the schema's pattern) but is not
    in the calendar (2026-02-30), read with :meth:`datetime.fromisoformat`."""
    value = header.get("created_at")
    if isinstance(value, str):
        try:
            datetime.fromisoformat(value.upper())
        except ValueError as exc:
            problems.add(display, line, "run.created_at",
                         f"expected an ISO 8601 date-time such as {DATE_TIME_EXAMPLE}, found {describe(value)} ({exc})")


def version_text_problems(header: dict[str, Any], prefix: str, display: str, line: int, problems: ProblemCollector) -> bool:
    """A header's version written with a line end, a tab or another control character, or
    with spaces around it (``"1.3\\n"``: JSON Schema's ``$`` matches before a final line
    end, so the schema's pattern lets it through, and reports would print it broken); True
    when there was one, each added to ``problems``."""
    found = False
    for key, value in header.items():
        if isinstance(value, str) and key.endswith("version") and (value != value.strip() or any(c < " " or c == "\x7f" for c in value)):
            problems.add(display, line, f"{prefix}.{key}", f"expected a version without leading or trailing spaces, found {describe(value)}: "
                                                          "remove the line end or control character")
            found = True
    return found


def _unknown_header_keys(header: dict[str, Any], display: str, line: int) -> list[str]:
    """One notice per unknown key of the run header (reported with the closest known name,
    then ignored, as unknown answer fields are)."""
    known = list(schema("run_header")["properties"]["run"]["properties"])
    out = []
    for key in sorted(k for k in header if k not in known):
        close = difflib.get_close_matches(key, known, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else f" (known: {', '.join(known)})"
        out.append(f"{display}:{line}: unknown key {key!r} in the run header{hint}; it is ignored")
    return out
def _answer_schema(value: dict[str, Any], set_path: Path, display: str, line: int,
                   problems: ProblemCollector, cache: dict[str, Any]) -> Any:
    """The JSON Schema a question's answer must validate against (``answer_schema``, a path
    relative to the set file), loaded and checked once per file; None when not named."""
    name = value.get("answer_schema")
    if name is None:
        return None
    if value.get("answer_format") != "json":
        problems.add(display, line, "answer_schema", "expected answer_format \"json\" beside answer_schema, found none: only a JSON answer is validated against a schema")
        return None
    if name not in cache:
        target = set_path.parent / name
        try:
            from jsonschema import Draft202012Validator  # only for a set that names a schema

            loaded = json.loads(read_bounded(target, "answer_schema", str(target)).decode("utf-8"))
            Draft202012Validator.check_schema(loaded)
            cache[name] = loaded
        except InputError as exc:  # past its size limit
            cache[name] = None
            problems.add(display, line, "answer_schema", f"{str(target)!r}: {exc.problems[0].message}")
        except FileNotFoundError:
            cache[name] = None
            problems.add(display, line, "answer_schema", f"expected a JSON Schema file, found no file {str(target)!r}")
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            cache[name] = None
            problems.add(display, line, "answer_schema", f"expected a JSON Schema file, found one that cannot be read as JSON: {exc}")
        except Exception as exc:  # jsonschema.SchemaError
            cache[name] = None
            problems.add(display, line, "answer_schema", f"expected a valid JSON Schema (draft 2020-12), found: {getattr(exc, 'message', exc)}")
    return cache[name]


def _known_answer_fields() -> list[str]:
    return list(schema("answer")["properties"].keys())


@cache
def _known_answer_set() -> frozenset[str]:
    return frozenset(_known_answer_fields())
