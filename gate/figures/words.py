"""The word reader: figures written as number words ("seven percent", "trois millions"),
read with text2num over this package's own tokens so that each keeps its span.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal, InvalidOperation

from gate.figures.affixes import _suffix
from gate.figures.compounds import _RATIO_NEXT
from gate.figures.context import _ZERO_COMPOUND, _not_a_figure, _prefix_tokens
from gate.figures.gross import GROSS, gross_after
from gate.figures.hedges import _hedge_before
from gate.figures.languages import (
    BETWEEN_WORDS,
    DECIMAL_WORDS,
    FRACTION_WORDS,
    HALF,
    HALF_COMPOUNDS,
    MINUS_WORDS,
    PART_OF_WORDS,
    RATIO_CONNECTORS,
    SCALE_AND,
    THOUSAND_ENDINGS,
    VAGUE_PLURALS,
    WORD,
    language_patterns,
)
from gate.figures.locale import _Conventions
from gate.figures.model import _CTX, _ONE, Figure, _Cand, _new
from gate.figures.vocabulary import _Lexicon


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
    dozens = language_patterns(conv.lang).dozens_after
    if dozens is not None and lex.dozen in lower:
        _dozens_of_digits(text, dozens, out)
    spans.sort()
    covered = _Covered(spans)
    found = _special_phrases(text, lower, conv, covered, spans)
    found += _read_runs(_word_runs(text, lower, conv, covered), text, lower, conv)
    found.sort()
    _word_figures(_decimals_in_words(found, text, conv), text, conv, out)


def _dozens_of_digits(text: str, dozens: re.Pattern[str], out: list[_Cand]) -> None:
    """Digits before the word for a dozen are dozens: "4 dozens" is 48, "5 douzaines"
    60. Only a whole number with no scale, percent or currency is so multiplied."""
    for i, (fig, start, currency, power, between) in enumerate(out):
        if fig.exponent < 0 or fig.percent or power or currency:
            continue
        m = dozens.match(text, fig.end)
        if m is not None:
            fig = replace(fig, text=text[fig.start : m.end()], end=m.end(), value=fig.value * 12)
            out[i] = (fig, start, currency, power, between)


def _special_phrases(
    text: str, lower: str, conv: _Conventions, covered: _Covered, spans: list[tuple[int, int]]
) -> list[_Found]:
    """Dozens ("a dozen" 12, "half a dozen" 6), halves in one word ("zweieinhalb"),
    "half a million" (0.5 of the scale word after it) and "a million" (1 of it).
    Their spans are added to ``spans``, kept sorted, so no run reads them again."""
    lex = conv.words
    assert lex is not None  # words are read only in a language with a lexicon
    found: list[_Found] = []
    if conv.specials is None or not (
        lex.dozen in lower
        or any(h in lower for h in lex.half_hint)
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
            # "zweieinhalb Millionen", "anderthalb": the whole number before the half, plus one half
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
    assert lex is not None  # words are read only in a language with a lexicon
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
        if numeric and run and pending is None and not adjacent and run[-1][1] == prev_end:
            joined = _spaced_hyphen(text, run[-1], (s, e, w), conv)
            if joined is not None:  # "quatre-vingt-dix - sept", "twenty - five": one number
                run[-1] = joined
                prev_word, prev_end = w, e
                continue
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


_SPACED_HYPHEN = re.compile(r"\s*[-\u2010\u2011]\s*")


def _spaced_hyphen(
    text: str, before: tuple[int, int, str], word: tuple[int, int, str], conv: _Conventions
) -> tuple[int, int, str] | None:
    """The two number words as one hyphenated word when a hyphen with spaces around it
    joins them and text2num reads the hyphenated word as one number ("quatre-vingt-dix -
    sept" is 97, "twenty - five" 25); None otherwise ("ten - twenty" is a range)."""
    gap = text[before[1] : word[0]]
    if " " not in gap or _SPACED_HYPHEN.fullmatch(gap) is None:
        return None
    joined = f"{before[2]}-{word[2]}"
    from text_to_num import alpha2digit

    try:
        read = alpha2digit(joined, conv.text2num or conv.lang)
    except Exception:  # pragma: no cover - text2num refuses an input
        return None
    return (before[0], word[1], joined) if read.isdigit() else None


def _read_runs(runs: list[list[tuple[int, int, str]]], text: str, lower: str, conv: _Conventions) -> list[_Found]:
    """The numbers text2num reads in each run, with their spans and the exponent of
    their last stated digit ("trois mille" is to the nearest 1,000). Ordinals,
    vague plurals ("thousands") and fractions ("two thirds") are none; a lone word
    for one ("one", "ein") is kept for the scale or percent word that may follow."""
    from text_to_num import find_numbers

    lex = conv.words
    assert lex is not None  # words are read only in a language with a lexicon
    found: list[_Found] = []
    ordinals = language_patterns(conv.lang).ordinal_words
    for run in runs:
        if len(run) == 1 and run[0][2] in lex.lone:
            # a lone word alone ("one", "ein", "een"): text2num reads it as an
            # article; it is a figure when a scale or percent word follows
            # ("one percent", "Eine Million"), which the filter below checks
            found.append((run[0][0], run[0][1], _ONE, 0))
            continue
        tokens = [_Token(_as_spelled(text[s:e] if " " not in text[s:e] else w, w, lex), s, e, False) for s, e, w in run]
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
            if ordinals is not None and following and _ordinal_after(following, lower, text, ordinals, lex):
                continue  # "twenty first", "vingt et unième", "trente deuxieme": an ordinal
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


def _as_spelled(written: str, w: str, lex: _Lexicon) -> str:
    """A word as text2num reads it: as written, or respelled when it is typed without
    accents ("dieciseis" -> "dieciséis", "zwoelf" -> "zwölf")."""
    spelled = lex.spelled(w)
    return written if spelled == w else spelled


def _ordinal_after(following: re.Match[str], lower: str, text: str, ordinals: re.Pattern[str], lex: _Lexicon) -> bool:
    """Whether the word after a number in words (or after a joiner after it) is an
    ordinal, so that the number is the start of one ("twenty first")."""
    word = following.group()
    if word in lex.joiners:
        after = WORD.match(lower, _skip_spaces(text, following.end()))
        if after is None or following.end() == after.start():
            return False
        word = after.group()
    return ordinals.fullmatch(word) is not None


def _decimals_in_words(found: list[_Found], text: str, conv: _Conventions) -> list[_Found]:
    """Join a whole number in words and its decimals across a decimal word text2num
    does not read: "nueve con veinticinco" is 9.25, "nueve punto cinco" 9.5; and the
    decimal digits said one word each after the first ("quarante virgule deux trois" is
    40.23, "cinquantasei virgola cinque quattro" 56.54), which text2num reads apart."""
    if len(found) < 2:
        return found
    marks = DECIMAL_WORDS.get(conv.lang) or frozenset()
    out: list[_Found] = []
    i = 0
    while i < len(found):
        s, e, value, exponent = found[i]
        if _decimal_word_between(found, i, text, marks):
            digits, e = str(int(found[i + 1][2])), found[i + 1][1]
            i += 2
        elif exponent < 0 and -exponent <= 2:  # text2num read the decimal word and a digit or two
            whole, _, digits = format(value, "f").rpartition(".")
            value = Decimal(whole or "0")
            i += 1
        else:
            out.append(found[i])
            i += 1
            continue
        while i < len(found) and _next_digit(found[i], e, text):
            digits += str(int(found[i][2]))
            e = found[i][1]
            i += 1
        out.append((s, e, _with_decimals(value, digits), -len(digits)))
    return out


def _decimal_word_between(found: list[_Found], i: int, text: str, marks: frozenset[str]) -> bool:
    """Whether a decimal word text2num does not read ("con", "punto") joins the whole
    number ``found[i]`` and the number after it."""
    if not marks or i + 1 >= len(found):
        return False
    _, e, value, exponent = found[i]
    s2, _, v2, x2 = found[i + 1]
    gap = text[e:s2]
    return (
        exponent == 0
        and value == value.to_integral_value()
        and x2 == 0
        and v2 > 0
        and gap[:1].isspace()
        and gap[-1:].isspace()
        and gap.strip().lower() in marks
    )


def _with_decimals(whole: Decimal, digits: str) -> Decimal:
    """A whole number with decimal digits after it, keeping its sign."""
    frac = Decimal(digits).scaleb(-len(digits))
    return whole - frac if whole < 0 else whole + frac


def _next_digit(found: _Found, end: int, text: str) -> bool:
    """Whether ``found`` is one more decimal digit in words after the decimals ending at
    ``end``: a single digit (0 to 9, one word) after spaces only."""
    s, _, value, exponent = found
    return (
        exponent == 0
        and 0 <= value <= 9
        and value == value.to_integral_value()
        and text[end:s].isspace()
        and " " not in text[s : found[1]]
    )


def _word_figures(found: list[_Found], text: str, conv: _Conventions, out: list[_Cand]) -> None:
    """Append the figures of the numbers found, in order: a half after a number or
    its scale word ("two and a half million", "deux millions et demi"), the scale
    or percent word after it, then the rules of :func:`_finish`. A number inside
    the previous figure ("un mil millones") and a lone one ("one of", "un taux")
    are none."""
    taken = 0  # end of the last word figure: "un mil millones" is one figure
    i = 0
    while i < len(found):
        s, e, value, exponent = found[i]
        i += 1
        if s < taken:
            continue
        end, value, exponent, power, percent, currency = _amount(found[i - 1], text, conv)
        if value == 1 and exponent == 0 and not power and not percent:
            if " " not in text[s:e].strip() and not _RATIO_NEXT.match(text, e):
                continue  # "one of", "un taux", "ein": never a figure alone (but "one in five")
        toks = _prefix_tokens(text, s)
        between = bool(toks) and toks[-1] in BETWEEN_WORDS  # "entre dos millones y ...": a range
        while (power >= 3 or (exponent >= 3 and not power)) and not percent and not between and i < len(found):
            # ... and after a thousand glued in one word: "drieduizend en vijf" is 3005
            # "two million four hundred thousand", "dos millones y cuatrocientos mil": one number
            joined = _rest_after_scale(found[i], end, value, exponent, text, conv)
            if joined is None:
                break
            end, value, exponent, power, percent, currency = joined
            i += 1
        cand = _finish(text, conv, toks, s, end, value, exponent, percent, power, currency)
        if cand is not None:
            out.append(cand)
            taken = end


def _amount(found: _Found, text: str, conv: _Conventions) -> tuple[int, Decimal, int, int, bool, bool]:
    """A number found in words with what follows it: a half ("two and a half
    million", "deux millions et demi"), dozens ("three dozen" 36), the scale, percent
    or currency word. Returns (end, value, exponent, power, percent, currency), the
    value and exponent with the scale applied."""
    s, e, value, exponent = found
    halves = language_patterns(conv.lang).and_a_half
    if halves is not None and exponent == 0 and value != 12:  # not "a dozen and a half"
        h = halves.match(text, e)
        if h:  # "two and a half million": 2.5 before the scale
            value, exponent, e = value + HALF, -1, h.end()
    dozens = language_patterns(conv.lang).dozens_after
    if dozens is not None and exponent == 0 and value != 12:
        d = dozens.match(text, e)
        if d:  # "three dozen", "sechs Dutzend": twelve each
            value, e = value * 12, d.end()
    gross = gross_after(conv.lang)
    if gross is not None and exponent == 0 and 0 < value <= 12:
        g = gross.match(text, e)
        if g:  # "two gross of masks": 288
            value, e = value * GROSS, g.end()
    end, power, percent, _, currency = _suffix(text, e, conv)
    if power and halves is not None and exponent == 0:
        h = halves.match(text, end)
        if h:  # "a million and a half", "deux millions et demi": 1.5 of the scale
            value, exponent, end = value + HALF, -1, h.end()
    if power:
        value = value.scaleb(power, _CTX)
        exponent += power
        value = Decimal(int(value)) if exponent >= 0 else value
    return end, value, exponent, power, percent, currency


def _rest_after_scale(
    found: _Found, end: int, value: Decimal, exponent: int, text: str, conv: _Conventions
) -> tuple[int, Decimal, int, int, bool, bool] | None:
    """The amount ``found`` as the rest of a number in words whose scale word ends at
    ``end`` ("two million" + "four hundred thousand", across "and" and its kin:
    "dos millones y cuatrocientos mil"), or None when it is a number of its own: a
    percentage, not smaller than the scale, or not right after it."""
    gap = text[end : found[0]]
    comma = gap[:1] == "," and gap[1:].isspace()
    if comma:
        gap = gap[1:]  # "six million, four hundred thousand": a comma between the parts
    if not gap[:1].isspace() or (gap.strip() and (gap.strip().lower() not in SCALE_AND.get(conv.lang, ()) or not gap[-1:].isspace())):
        return None
    rest = _amount(found, text, conv)
    r_end, r_value, r_exponent, r_power, r_percent, r_currency = rest
    if r_percent or r_exponent < 0 or not 0 < r_value < Decimal(10) ** exponent or value % Decimal(10) ** exponent:
        return None
    if comma and r_value < 100:
        return None  # "three thousand, five were hired": a list, not one number
    return r_end, value + r_value, r_exponent, r_power, False, r_currency


def _minus_before(text: str, start: int, toks: list[str], conv: _Conventions) -> int | None:
    """The start of a word for minus right before a number in words ("minus", "moins",
    "menos"), or None: none there, or one after a number ("ten minus three") or after
    a word that makes it no sign ("ou moins", "más o menos")."""
    if not toks:
        return None
    minus = MINUS_WORDS.get(conv.lang, {})
    not_after = minus.get(toks[-1])
    if not_after is None or not text[start - 1].isspace():
        return None
    before = toks[-2] if len(toks) > 1 else ""
    lex = conv.words
    if before in not_after or before[-1:].isdigit() or (lex is not None and lex.is_number_word(before)):
        return None
    i = start - 1
    while i > 0 and text[i - 1].isspace():
        i -= 1
    return i - len(toks[-1])


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
    unit = bool(percent or power or currency)
    last = toks[-1] if toks else ""
    small = exponent == 0 and value < 1000
    if small and not unit and not value and _ZERO_COMPOUND.match(text, end):
        return None  # "zero width", "zero hunger": no quantity
    if _not_a_figure(text, conv, toks, last, start, end, value, small, unit, percent) is not None:
        return None  # "menores de cinco años", "per thousand", "table three"
    hedge = _hedge_before(text, start, end, toks, last, conv)
    if hedge is None and value > 0:
        minus = _minus_before(text, start, toks, conv)
        if minus is not None:  # "minus two point five percent", "menos ocho por ciento"
            start, value = minus, -value
    fig = _new(
        Figure,
        {"text": text[start:end], "start": start, "end": end, "value": value,
         "exponent": exponent, "percent": percent, "hedge": hedge},
    )
    return (fig, start, currency, power, last in BETWEEN_WORDS)


#: A count in words: a whole number from two to nine written as one word, alone.
_COUNT_VALUES = frozenset(Decimal(n) for n in range(2, 10))


def _without_counts(text: str, figures: list[Figure], lang: str) -> list[Figure]:
    """The figures without the small counts written in words: a whole number from two
    to nine written as one number word, with no scale, percent or currency word, no
    half or dozen, no sign and no hedge, that starts no ratio and states no part of
    a whole ("the report compares three candidates", "cinq régions", "drei
    Kandidaten"). Prose that summarises a text counts what it names with such words;
    the evidence lists those things rather than states the count, so they are not
    read as statistics (written in digits, "3 candidates" is). Every other number in
    words is a figure ("three million", "about five", "five percent", "nine out of
    ten", "three regions out of twelve", "three of the twelve regions", "twelve
    regions"). ``lang`` is the
    language's code ("en"), for its words of a part (``part_of_words``)."""
    parts = PART_OF_WORDS.get(lang, frozenset())
    kept = []
    for f in figures:
        if f.value in _COUNT_VALUES and f.exponent == 0 and not f.percent and f.hedge is None and f.text.isalpha():
            after = _NEXT_WORD.match(text, f.end)
            if not (_RATIO_NEXT.match(text, f.end) or _COUNT_OUT_OF.match(text, f.end)) and not (
                after and after.group(1).lower() in parts
            ):
                continue
        kept.append(f)
    return kept


# "three regions out of twelve", "trois régions sur douze": a count, a noun, then a ratio's
# connector other than the bare "in" ("three candidates in five matches" is two counts)
_COUNT_OUT_OF = re.compile(
    r"(?i)\s+[^\W\d_]+\s+(?:" + "|".join(c for c in RATIO_CONNECTORS.split("|") if c != "in") + r")\s+(?=[^\W_])"
)
_NEXT_WORD = re.compile(r"\s+([^\W\d_]+(?:['’][^\W\d_]+)?)")
