"""Private evidence stays private: redaction of every report.

A pull request comment on a public repository is public, and answers and passages may hold
what must not be: e-mail addresses, access tokens, and whatever the user names in
``thresholds.yaml`` (``redact: [regular expressions]``). Every text of the Report that
comes from the inputs (findings' messages, the figure or citation quoted, notices, rule
sentences) has each match replaced by :data:`REDACTED` before any renderer sees it, so the
terminal, the JSON, the markdown, the job summary and JUnit all agree. Figures, ids and
codes are left as they are unless a pattern matches them.

Built-in patterns: e-mail addresses; GitHub tokens (``ghp_``, ``gho_``, ``ghu_``,
``ghs_``, ``ghr_``, ``github_pat_``), Slack tokens (``xox?-``), AWS access key ids
(``AKIA...``), OpenAI-style secret keys (``sk-...``), JSON Web Tokens (``eyJ...``) and
``Bearer`` credentials.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from gate.model.outcomes import Finding
from gate.report.model import Report

REDACTED = "[redacted]"

BUILTIN = (
    ("e-mail address", r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"),
    ("GitHub token", r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})"),
    ("Slack token", r"\bxox[abposr]-[A-Za-z0-9-]{10,}"),
    ("AWS access key id", r"\bAKIA[0-9A-Z]{16}\b"),
    ("secret key", r"\bsk-[A-Za-z0-9_-]{20,}"),
    ("JSON Web Token", r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
    ("bearer credential", r"\b[Bb](?i:earer)\s+[A-Za-z0-9._~+/-]{16,}=*"),
)


def compile_patterns(user: Iterable[str] = ()) -> tuple[re.Pattern[str], ...]:
    """The built-in patterns and the user's, compiled one by one (a user's pattern may
    carry its own flags, such as ``(?i)``).

    Args:
        user: regular expressions (Python syntax) from ``thresholds.yaml``; already checked
            to compile when the file was loaded.
    """
    return _BUILTIN_COMPILED + tuple(re.compile(p) for p in user)


_BUILTIN_COMPILED = tuple(re.compile(pattern) for _, pattern in BUILTIN)


#: Any built-in pattern, in one expression: a text none of them matches (the common case)
#: is scanned once, not once per pattern.
_ANY_BUILTIN = re.compile("|".join(f"(?:{pattern})" for _, pattern in BUILTIN))

#: What every match of each built-in pattern contains, in :data:`BUILTIN`'s order (the
#: bearer credential's word in lower case): a text with none of them matches no built-in
#: pattern, and is not scanned. The scan is what costs: the e-mail pattern starts a match
#: at every letter of every word (a report of many findings spent most of its time there).
NEEDED = (("@",), ("gh", "github_pat_"), ("xox",), ("AKIA",), ("sk-",), ("eyJ",), ("earer",))


_LITERALS = tuple(literal for needed in NEEDED[:-1] for literal in needed)  # found as written
_CASED = NEEDED[-1][0]  # the bearer's word, found in lower case


def _may_hold_builtin(text: str) -> bool:
    """Whether some built-in pattern may match ``text`` (False: none does)."""
    return any(literal in text for literal in _LITERALS) or _CASED in text.lower()


_LITERAL_BYTES = tuple(literal.encode() for literal in _LITERALS)
_CASED_BYTES = _CASED.encode()


def _may_hold_builtin_bytes(data: bytes) -> bool:
    """:func:`_may_hold_builtin` of texts written in UTF-8 in ``data`` (a stored finding)."""
    return any(literal in data for literal in _LITERAL_BYTES) or _CASED_BYTES in data.lower()


def redact_text(text: str | None, patterns: tuple[re.Pattern[str], ...]) -> str | None:
    """``text`` with every match of every pattern replaced by :data:`REDACTED`."""
    if not text:
        return text
    start = 0
    if patterns[:len(BUILTIN)] == _BUILTIN_COMPILED and (not _may_hold_builtin(text) or _ANY_BUILTIN.search(text) is None):
        start = len(BUILTIN)  # no built-in pattern matches: the user's alone are tried
    for pattern in patterns[start:]:
        text = pattern.sub(REDACTED, text)
    return text


def redact_finding(f: Finding, pattern: tuple[re.Pattern[str], ...]) -> Finding:
    """The finding with its message, figure text and citation redacted; the same object
    when nothing matched."""
    message = redact_text(f.message, pattern) or ""
    cited_id = redact_text(f.cited_id, pattern)
    figure = f.figure
    if figure is not None:
        text = redact_text(figure.text, pattern) or ""
        if text != figure.text:
            figure = replace(figure, text=text)
    if message == f.message and cited_id == f.cited_id and figure is f.figure:
        return f
    return replace(f, message=message, cited_id=cited_id, figure=figure)


def redact_report(report: Report, user: Iterable[str] = ()) -> Report:
    """A copy of the Report whose texts from the inputs are redacted (see the module)."""
    pattern = compile_patterns(user)
    from gate.engine.findings import StoredFindings

    if isinstance(report.findings, StoredFindings):  # on disk: redacted into a file of their own
        may_change = _may_hold_builtin_bytes if pattern == _BUILTIN_COMPILED else None
        findings: Sequence[Finding] = report.findings.rewritten(lambda f: redact_finding(f, pattern), may_change)
    else:
        findings = tuple(redact_finding(f, pattern) for f in report.findings)
    return replace(
        report,
        findings=findings,
        notices=tuple(redact_text(n, pattern) or "" for n in report.notices),
        rule_texts=tuple(redact_text(t, pattern) or "" for t in report.rule_texts),
    )
