"""Quote grounding: text the answer quotes appears word for word in a cited passage.

``quote_grounding`` (quotes, in answers whose log has ``retrieved_passages``): each quote
is found in a passage the answer cites, after Unicode normalisation (NFKC), whitespace
collapsing and quote-mark folding (curly and straight apostrophes alike); case and words
are kept, since a quote is verbatim. A quote found only in a passage that was retrieved
but not cited is ``quote_uncited``; one found in no passage, ``quote_not_found``.

Quotes are text between ``"…"``, ``“…”``, ``„…“``, ``«…»``, ``»…«``, ``‹…›``, ``‚…‘``,
``‘…’`` and ``「…」``. A quoted text of fewer than :data:`MIN_WORDS` words is a scare quote
or a term ("the so-called “core” rate") and is not checked. A quote holds when it appears
verbatim in the passages the answer cites.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from gate.model.inputs import Answer, Question
from gate.model.outcomes import Count, Finding, QuoteRef, count_of

#: The fewest words a quoted text needs to count as a quote.
MIN_WORDS = 3

_PAIRS = [("\"", "\""), ("“", "”"), ("„", "“"), ("«", "»"), ("»", "«"), ("‹", "›"), ("‚", "‘"), ("‘", "’"), ("「", "」")]


@cache
def _quote() -> re.Pattern[str]:
    """A text between a pair of quote marks (:data:`_PAIRS`, each its group), compiled on the
    first answer read for quotes."""
    return re.compile("|".join(f"{re.escape(a)}([^{re.escape(a + b)}\n]+?){re.escape(b)}" for a, b in _PAIRS))


_FOLD = str.maketrans({"’": "'", "‘": "'", "‚": "'", "‛": "'", "ʼ": "'", "“": '"', "”": '"', "„": '"', "«": '"', "»": '"'})


def fold(text: str) -> str:
    """Text as quotes are compared: NFKC, quote marks folded, whitespace collapsed,
    guillemet padding (« … ») dropped."""
    text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    return " ".join(text.split())


def quotes_of(text: str) -> list[QuoteRef]:
    """The quotes of a text long enough to check, with their spans (inside the marks)."""
    out = []
    for m in _quote().finditer(text):
        group = next(i for i in range(1, len(_PAIRS) + 1) if m.group(i) is not None)
        inner = m.group(group)
        if len(fold(inner).split()) >= MIN_WORDS:
            out.append(QuoteRef(inner.strip(), m.start(group), m.end(group)))
    return out


def check_quotes(question: Question, answer: Answer) -> tuple[Count, list[Finding]]:
    """The quote-grounding count of one answer (quotes found in a cited passage over
    quotes) and its findings; nothing counted when the log has no passages."""
    text = answer.answer or ""
    if not answer.retrieved_passages or not text:
        return count_of(0, 0), []
    quotes = quotes_of(text)
    if not quotes:
        return count_of(0, 0), []
    cited = set(answer.cited_ids)
    passages = [(pid, fold(body)) for pid, body, _ in answer.retrieved_passages]
    qid, lang = question.question_id, question.language
    found: list[Finding] = []
    grounded = 0
    for q in quotes:
        needle = fold(q.text)
        in_cited = [pid for pid, body in passages if pid in cited and needle in body]
        if in_cited:
            grounded += 1
            continue
        elsewhere = [pid for pid, body in passages if needle in body]
        if elsewhere:
            found.append(Finding(qid, lang, "quote_grounding", "quote_uncited",
                                 f"the quote \"{_short(q.text)}\" is in {', '.join(elsewhere)}, retrieved but not cited",
                                 quote=q))
        else:
            found.append(Finding(qid, lang, "quote_grounding", "quote_not_found",
                                 f"the quote \"{_short(q.text)}\" appears in no retrieved passage", quote=q))
    return count_of(grounded, len(quotes)), found


def _short(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
