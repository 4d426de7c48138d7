"""Judgement sheets as spreadsheets save them, and files of the review sheet passed as judgements.

A reader fills in ``review.csv`` (:mod:`gate.judged.sample`) in a spreadsheet, which saves it its
own way: the separator of its locale (``,``; ``;`` in French, Spanish, German locales; a tab
for "text" exports), a byte order mark, CRLF line ends, labels as typed ("Yes", " no ").
This module reads what the gate needs from such a sheet, pure functions over its text:

- :func:`separator`: the separator, read from the sheet's own header line;
- :func:`read_label`: a label without regard to case and surrounding spaces;
- :func:`row_judged`: whether a row is judged at all (a yes or no label, a quality score,
  or a failed status: a reader's name alone does not judge a row);
- :func:`empty_cells`: the rubric questions a judged row leaves empty;
- :func:`review_file_kind`: a file of the review sheet (``review.jsonl``, ``review.html``)
  passed where judgements are read, named as such.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from gate.inputs.rubric import LABELS, NO, NOT_APPLICABLE, YES

#: The separators a sheet may use, in the order a tie is broken.
SEPARATORS = (",", ";", "\t")
#: What a reader may type for each label, compared after folding case and spaces.
SPELLINGS = {YES: YES, NO: NO, NOT_APPLICABLE: NOT_APPLICABLE, "not applicable": NOT_APPLICABLE,
             "n.a.": NOT_APPLICABLE, "n/a": NOT_APPLICABLE}
#: What the reader is told about the labels a sheet accepts.
ACCEPTED = "yes, no or not_applicable (any case, spaces around ignored; n.a. reads not_applicable)"
#: The keys only a line of the review sheet's review.jsonl has (a sampled answer with its rubric).
_REVIEW_ITEM_KEYS = frozenset({"answer", "rubric", "answer_digest", "question"})
#: How many names a notice lists before it says how many more.
SHOWN = 10


def separator(text: str) -> str:
    """The separator of a sheet: the one of ``,``, ``;`` and tab that splits its header line
    (its first line, quotes respected) into the most columns; ``,`` when none splits it."""
    first = text.split("\n", 1)[0].rstrip("\r")
    best, most = ",", 1
    for candidate in SEPARATORS:
        columns = len(next(csv.reader(io.StringIO(first), delimiter=candidate), []))
        if columns > most:
            best, most = candidate, columns
    return best


def unseparated(header: Sequence[str], known: Collection[str]) -> str:
    """Why a header is one column that is no known column: the message when it holds none
    of the separators (the sheet was saved with another), else ""."""
    if len(header) != 1 or header[0] in known or any(s in header[0] for s in SEPARATORS):
        return ""
    shown = header[0] if len(header[0]) <= 60 else header[0][:57] + "..."
    return (f"expected the columns separated by ',', ';' or a tab, found the header line {shown!r}: "
            "save the sheet as CSV with one of them")


def read_label(cell: str | None) -> str:
    """A label cell as the gate reads it: folded to lower case, spaces around and doubled
    inside dropped, a spelling of :data:`SPELLINGS` turned into its label; any other text is
    returned as typed (stripped), for the checks to name it; "" for an empty cell."""
    text = (cell or "").strip()
    folded = " ".join(text.lower().split())
    return SPELLINGS.get(folded, text)


def row_judged(labels: Mapping[str, str], quality: Mapping[str, str], status: str) -> bool:
    """Is a row judged? When a rubric question holds yes or no, a quality score is given,
    or the status is ``failed`` (a grader's). A reader's name, a note or not_applicable
    alone (the sheet writes not_applicable where a question does not apply) judge nothing."""
    return any(v in (YES, NO) for v in labels.values()) or any(quality.values()) or status.strip().lower() == "failed"


def empty_cells(labels: Mapping[str, str], question_ids: Sequence[str]) -> list[str]:
    """The rubric questions a row leaves empty, in the rubric's order."""
    return [q for q in question_ids if q in labels and not labels[q]]


def unknown_label(label: str) -> bool:
    """A label cell that is not empty and not a label once read."""
    return bool(label) and label not in LABELS


def not_judged_notice(display: str, skipped: Sequence[str], named: int) -> str:
    """The notice for rows skipped as not judged: how many, how many of them carry a
    reader's name, and the first ids."""
    shown = ", ".join(skipped[:SHOWN]) + (f" and {len(skipped) - SHOWN} more" if len(skipped) > SHOWN else "")
    with_name = f", {named} of them with a reader's name" if named else ""
    return (f"{display}: {len(skipped)} row(s) not judged yet{with_name}, skipped: {shown} "
            "(a row is judged once it holds a yes or no label or a quality score)")


def review_item(value: Any) -> bool:
    """Is a parsed JSON line a line of the review sheet's ``review.jsonl`` (a sampled answer
    for readers) rather than a judgement?"""
    return isinstance(value, dict) and "judge" not in value and "labels" not in value and _REVIEW_ITEM_KEYS <= set(value)


def review_file_kind(head: bytes) -> str | None:
    """What a judgements file is when it is a file of the review sheet, read from its first
    bytes: ``review.html`` for an HTML page, else None (``review.jsonl`` is known by its
    first line: :func:`review_item`)."""
    start = head.removeprefix(b"\xef\xbb\xbf").lstrip().lower()
    return "review.html" if start.startswith((b"<!doctype html", b"<html")) else None


def review_file_message(kind: str) -> str:
    """The one-line message for a file of the review sheet passed as judgements."""
    what = {"review.jsonl": "the review sheet's list of sampled answers (review.jsonl)",
            "review.html": "the review page (review.html)"}[kind]
    return (f"this is {what}, not judgements: judge the answers in review.html and pass the judgements.jsonl it "
            "exports, or fill in review.csv and pass that")
