"""The word reader: figures written as number words ("seven percent", "trois millions"),
read with text2num over this package's own tokens so that each keeps its span.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from gate.figures.affixes import _suffix
from gate.figures.compounds import _RATIO_NEXT
from gate.figures.context import _ZERO_COMPOUND, _not_a_figure, _prefix_tokens
from gate.figures.hedges import _hedge_before
from gate.figures.languages import (
    AND_A_HALF,
    BETWEEN_WORDS,
    FRACTION_WORDS,
    HALF,
    HALF_COMPOUNDS,
    THOUSAND_ENDINGS,
    VAGUE_PLURALS,
    WORD,
)
from gate.figures.locale import _Conventions
from gate.figures.model import _CTX, _ONE, Figure, _Cand, _new


class _Token:
    """A token for ``text_to_num.find_numbers`` (its Token protocol)."""

    __slots__ = ("_text", "barrier", "start", "end")

    def __init__(self, text: str, start: int, end: int, barrier: bool) -> None:
        self._text = text
        self.start = start
        self.end = end
        self.barrier = barrier

    def text(self) -> str:
        return self._text

    def nt_separated(self, previous: object) -> bool:
        return False

    def not_a_number_part(self) -> bool:
        return self.barrier


_DAY_BEFORE = re.compile(r"\d(?:\.|º|er)?\s+(?:de\s+)?$")
_YEAR_AFTER = re.compile(r"\s*(?:de\s+)?\d")


def _in_date(text: str, s: int, e: int) -> bool:
    """Whether a month abbreviation at s:e ("sept.", "dez.") sits by a day or a year."""
    return bool(_DAY_BEFORE.search(text[max(0, s - 12) : s]) or _YEAR_AFTER.match(text, e))


def _skip_spaces(text: str, i: int) -> int:
    n = len(text)
    while i < n and text[i].isspace():
        i += 1
    return i


class _Covered:
    """Membership test of character ranges in sorted spans."""

    __slots__ = ("spans",)

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        self.spans = spans

    def hit(self, s: int, e: int) -> bool:
        for a, b in self.spans:
            if a >= e:
                return False
            if b > s:
                return True
        return False

# A number found in words: (start, end, value, exponent), before the scale or percent after it.
_Found = tuple[int, int, Decimal, int]


def _scan_words(text: str, conv: _Conventions, out: list[_Cand], spans: list[tuple[int, int]]) -> None:
    """Append figures written as words ("seven percent", "trois millions").

    Runs of number words (with their joiners: "vingt et un", "two point five")
    are found with this module's tokens, so each keeps its span; text2num's
    ``find_numbers`` reads each run. Scale words and percent words after a
    run are read as after digits. The steps:

    1. :func:`_special_phrases`: dozens, one-word halves, "half a million",
       "a million" (phrases text2num does not read);
    2. :func:`_word_runs`: the runs of number words and their joiners, outside
       the spans the digit reader consumed (``spans``);
    3. :func:`_read_runs`: the numbers text2num reads in each run;
    4. :func:`_word_figures`: halves and the scale or percent word after each
       number, then the rules that say what is no figure (:func:`_finish`).
    """
    lex = conv.words
    assert lex is not None
    lower = text.lower()
    spans.sort()
    covered = _Covered(spans)
    found = _special_phrases(text, lower, conv, covered, spans)
    found += _read_runs(_word_runs(text, lower, conv, covered), text, lower, conv)
    found.sort()
    _word_figures(found, text, conv, out)


def _special_phrases(
    text: str, lower: str, conv: _Conventions, covered: _Covered, spans: list[tuple[int, int]]
) -> list[_Found]:
    """Dozens ("a dozen" 12, "half a dozen" 6), halves in one word ("zweieinhalb"),
    "half a million" (0.5 of the scale word after it) and "a million" (1 of it).
    Their spans are added to ``spans``, kept sorted, so no run reads them again."""
    lex = conv.words
    found: list[_Found] = []
    if conv.specials is None or not (
        lex.dozen in lower
        or (lex.half_hint and lex.half_hint in lower)
        or ("il" in lower and any(h in lower for h in lex.article_hints))
    ):
        return found
    for m in conv.specials.finditer(text):
        if covered.hit(m.start(), m.end()):
            continue
        if m.group("halfdozen"):
            found.append((m.start(), m.end(), Decimal(6), 0))
            spans.append(m.span())
        elif m.groupdict().get("halfword"):
            # "zweieinhalb Millionen": the whole number before the half, plus one half
            word = m.group().lower()
            units = HALF_COMPOUNDS[conv.lang][1]
            whole = next(v for k, v in units.items() if word.startswith(k))
            found.append((m.start(), m.end(), Decimal(whole) + HALF, -1))
            spans.append(m.span())
        elif m.group("dozen"):
            found.append((m.start(), m.end(), Decimal(12), 0))
            spans.append(m.span())
        elif m.group("half"):
            # "half a million": 0.5 of the scale word that follows, to the nearest tenth of it
            found.append((m.start(), m.start() + len(m.group().rstrip()), HALF, -1))
            spans.append(m.span())
        else:
            # "a million": the scale word follows; the suffix reader applies it
            found.append((m.start(), m.start() + len(m.group().rstrip()), _ONE, 0))
    spans.sort()
    return found


def _word_runs(text: str, lower: str, conv: _Conventions, covered: _Covered) -> list[list[tuple[int, int, str]]]:
    """The runs of adjacent number words, each word as (start, end, lowercase word),
    a joiner ("and", "et", "point") kept only between two number words. A word in
    a consumed span, the "cent" of "pour cent", or a month abbreviation by a date
    ("sept.") ends a run."""
    lex = conv.words
    runs: list[list[tuple[int, int, str]]] = []
    run: list[tuple[int, int, str]] = []
    pending: tuple[int, int, str] | None = None  # a joiner waiting for a number word
    prev_word = ""
    prev_end = -1
    is_number_word = lex.is_number_word
    number_words = lex.words
    listed_only = lex.compound is None  # no glued compounds (en, fr, es, pt)
    for m in WORD.finditer(lower):
        w = m.group()
        # most words are settled by one look-up: listed, or (without compounds
        # to try) not a number word unless hyphenated
        if w in number_words:
            numeric = True
        elif listed_only and "-" not in w:
            numeric = False
        else:
            numeric = is_number_word(w)
        if not numeric and not run:
            prev_word, prev_end = w, m.end()
            continue
        s, e = m.span()
        adjacent = prev_end >= 0 and text[prev_end:s].isspace()
        if numeric and (
            (w in ("cent", "ciento", "cento") and prev_word in ("pour", "por", "per") and adjacent)
            or covered.hit(s, e)
            or (text[e] == "." and w + "." in conv.months and _in_date(text, s, e + 1))
        ):
            numeric = False
        if numeric:
            if run and adjacent and (pending is None or text[pending[1] : s].isspace()):
                if pending is not None:
                    run.append(pending)
                run.append((s, e, w))
            else:
                if run:
                    runs.append(run)
                run = [(s, e, w)]
            pending = None
        elif run and adjacent and pending is None and w in lex.joiners:
            pending = (s, e, w)
        else:
            if run:
                runs.append(run)
            run = []
            pending = None
        prev_word, prev_end = w, e
    if run:
        runs.append(run)
    return runs


def _read_runs(runs: list[list[tuple[int, int, str]]], text: str, lower: str, conv: _Conventions) -> list[_Found]:
    """The numbers text2num reads in each run, with their spans and the exponent of
    their last stated digit ("trois mille" is to the nearest 1,000). Ordinals,
    vague plurals ("thousands") and fractions ("two thirds") are none; a lone word
    for one ("one", "ein") is kept for the scale or percent word that may follow."""
    from text_to_num import find_numbers

    lex = conv.words
    found: list[_Found] = []
    for run in runs:
        if len(run) == 1 and run[0][2] in lex.lone:
            # a lone word alone ("one", "ein", "een"): text2num reads it as an
            # article; it is a figure when a scale or percent word follows
            # ("one percent", "Eine Million"), which the filter below checks
            found.append((run[0][0], run[0][1], _ONE, 0))
            continue
        tokens = [_Token(text[s:e], s, e, False) for s, e, _ in run]
        try:
            occurrences = find_numbers(tokens, conv.text2num, 0.0)
        except Exception:  # pragma: no cover - text2num refuses an input
            continue
        for o in occurrences:
            if o.is_ordinal:
                continue
            first, last_tok = tokens[o.start], tokens[o.end - 1]
            names = [t.text().lower() for t in tokens[o.start : o.end]]
            if len(names) == 1 and names[0] in VAGUE_PLURALS:
                continue
            following = WORD.match(lower, _skip_spaces(text, last_tok.end))
            if following and following.group() in FRACTION_WORDS:
                continue
            raw = o.text.replace(",", ".")
            try:
                value = Decimal(raw)
            except InvalidOperation:
                continue
            frac = raw.split(".")[1] if "." in raw else ""
            exponent = -len(frac)
            if not frac and names[-1].endswith(THOUSAND_ENDINGS) and value and value % 1000 == 0:
                exponent = 3
            found.append((first.start, last_tok.end, value, exponent))
    return found


def _word_figures(found: list[_Found], text: str, conv: _Conventions, out: list[_Cand]) -> None:
    """Append the figures of the numbers found, in order: a half after a number or
    its scale word ("two and a half million", "deux millions et demi"), the scale
    or percent word after it, then the rules of :func:`_finish`. A number inside
    the previous figure ("un mil millones") and a lone one ("one of", "un taux")
    are none."""
    taken = 0  # end of the last word figure: "un mil millones" is one figure
    halves = AND_A_HALF.get(conv.lang)
    for s, e, value, exponent in found:
        if s < taken:
            continue
        if halves is not None and exponent == 0 and value != 12:  # not "a dozen and a half"
            h = halves.match(text, e)
            if h:  # "two and a half million": 2.5 before the scale
                value, exponent, e = value + HALF, -1, h.end()
        end, power, percent, _, currency = _suffix(text, e, conv)
        if power and halves is not None and exponent == 0:
            h = halves.match(text, end)
            if h:  # "a million and a half", "deux millions et demi": 1.5 of the scale
                value, exponent, end = value + HALF, -1, h.end()
        if value == 1 and exponent == 0 and not power and not percent:
            if " " not in text[s:e].strip() and not _RATIO_NEXT.match(text, e):
                continue  # "one of", "un taux", "ein": never a figure alone (but "one in five")
        if power:
            value = value.scaleb(power, _CTX)
            exponent += power
            value = Decimal(int(value)) if exponent >= 0 else value
        toks = _prefix_tokens(text, s)
        cand = _finish(text, conv, toks, s, end, value, exponent, percent, power, currency)
        if cand is not None:
            out.append(cand)
            taken = end


def _finish(
    text: str,
    conv: _Conventions,
    toks: list[str],
    start: int,
    end: int,
    value: Decimal,
    exponent: int,
    percent: bool,
    power: int,
    currency: bool,
) -> _Cand | None:
    """The candidate figure of a number written in words, or None when the rules
    say it is none: "zero width", "zero hunger" (no quantity), then the rules both
    readers share (:func:`~gate.figures.context._not_a_figure`)."""
    unit = percent or power or currency
    last = toks[-1] if toks else ""
    small = exponent == 0 and value < 1000
    if small and not unit and not value and _ZERO_COMPOUND.match(text, end):
        return None  # "zero width", "zero hunger": no quantity
    if _not_a_figure(text, conv, toks, last, start, end, value, small, unit, percent) is not None:
        return None  # "menores de cinco años", "per thousand", "table three"
    hedge = _hedge_before(text, start, end, toks, last, conv)
    fig = _new(
        Figure,
        {"text": text[start:end], "start": start, "end": end, "value": value,
         "exponent": exponent, "percent": percent, "hedge": hedge},
    )
    return (fig, start, currency, power, last in BETWEEN_WORDS)
