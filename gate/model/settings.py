"""Settings the scoring reads from thresholds.yaml: the format rules of the code checks."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FormatRules:
    """The ``format:`` key of thresholds.yaml.

    Attributes:
        require_citation: an answer to a question that should be answered cites at least
            one id.
        markers_resolve: every citation marker in the text is a cited id.
        max_chars, max_words: the longest answer allowed, or None for no limit.
    """

    require_citation: bool = True
    markers_resolve: bool = True
    max_chars: int | None = None
    max_words: int | None = None
