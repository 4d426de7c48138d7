"""The one exception hierarchy of answer-gate.

Library code raises these; only :func:`gate.cli.main.main` prints them and chooses the exit
code. Every problem names where it was found (file, line, field), what was expected and
what was found, so a user can act on it without a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: How many problems of one input are reported before the rest are counted only.
MAX_PROBLEMS = 20


def json_error_text(msg: str, column: int) -> str:
    """The standard library's JSON error (``JSONDecodeError.msg``) with its column, said once:
    ``Expecting value at column 5``; ``Unterminated string starting at column 5`` (its message
    ends with "at" already, which is not said twice)."""
    return f"{msg} column {column}" if msg.endswith(" at") else f"{msg} at column {column}"


def key_path(parts: Iterable[str | int]) -> str:
    """Where a value sits in a document, as :attr:`Problem.field` names it: keys joined with
    dots, list indexes in brackets (``("rules", "all", 0, "min")`` -> ``rules.all[0].min``)."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input.

    Attributes:
        file: the path as the user gave it.
        line: 1-based line number, or None when the problem concerns the whole file.
        field: the field or key at fault (a JSON pointer-like path such as
            ``retrieved_values[1]``), or None.
        message: what was expected and what was found, in a sentence.
    """

    file: str
    line: int | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        field = f" {self.field}:" if self.field else ""
        return f"{where}:{field} {self.message}"


class GateError(Exception):
    """Base of every error answer-gate raises on purpose."""


class InputError(GateError):
    """Bad input or configuration (exit code 2): carries every problem found, up to a limit.

    Args:
        problems: the problems, in the order found.
        total: how many problems there were in all (more than ``len(problems)`` when the
            list was cut at :data:`MAX_PROBLEMS`).
    """

    def __init__(self, problems: list[Problem], total: int | None = None) -> None:
        self.problems = list(problems)
        self.total = total if total is not None else len(problems)
        super().__init__(self.render())

    def render(self) -> str:
        """The problems as lines of text, with a count of those left out."""
        lines = [str(p) for p in self.problems]
        if self.total > len(self.problems):
            lines.append(f"... and {self.total - len(self.problems)} more problems not shown (the first {len(self.problems)} "
                         "are listed: correct them and run again for the rest)")
        return "\n".join(lines)


class ProblemCollector:
    """Collects problems of one input, keeping the first :data:`MAX_PROBLEMS` and counting all."""

    def __init__(self, limit: int = MAX_PROBLEMS) -> None:
        self.limit = limit
        self.problems: list[Problem] = []
        self.total = 0

    def add(self, file: str, line: int | None, field: str | None, message: str) -> None:
        """Record one problem."""
        self.total += 1
        if len(self.problems) < self.limit:
            self.problems.append(Problem(file, line, field, message))

    def extend(self, other: ProblemCollector) -> None:
        """Take over another collector's problems."""
        for p in other.problems:
            self.add(p.file, p.line, p.field, p.message)
        self.total += other.total - len(other.problems)

    def absorb(self, error: InputError) -> None:
        """Take over the problems of a raised :class:`InputError`."""
        for p in error.problems:
            self.add(p.file, p.line, p.field, p.message)
        self.total += error.total - len(error.problems)

    def raise_if_any(self) -> None:
        """Raise :class:`InputError` with every problem collected, if there is one."""
        if self.total:
            raise InputError(self.problems, self.total)


def say_notices(notices: Iterable[str]) -> None:
    """Print each notice of the inputs (a misspelt field, a set version that differs) on
    standard error, as ``answer-gate: notice: TEXT``: what the commands that write no report
    (sample, set add-failures, grade) say where check lists them in its report."""
    import sys

    for notice in notices:
        print(f"answer-gate: notice: {notice}", file=sys.stderr)
