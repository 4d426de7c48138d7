"""Renderers: each formats a finished :class:`gate.report.model.Report`; none computes."""

from __future__ import annotations

import re

# C0 and C1 control characters (bar none: a newline inside an id or answer would start a new
# log line, and GitHub Actions reads any line starting with "::" as a command), and the
# bidirectional overrides that make text read in another order than it is stored.
_CONTROLS = re.compile("[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """Text from inputs made safe for a terminal, a log or XML: every control character and
    bidirectional override is shown as an escape (``\\n``, ``\\x1b``, ``\\u202e``)."""

    def shown(match: re.Match[str]) -> str:
        char = match.group(0)
        named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
        if char in named:
            return named[char]
        code = ord(char)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"

    return _CONTROLS.sub(shown, text)
