"""Numbers in words in the languages text2num does not read (Russian, Polish, Turkish):
"три миллиона" 3,000,000, "двести тысяч" 200,000, "полтора миллиарда" 1.5 x 10^9, "пять
процентов" 5%, "dwa i pół" is not one; "iki yüz elli bin" 250,000, "iki buçuk milyon" 2,500,000.

A language that has such words sets ``SPELLED`` (a
:class:`~gate.figures.languages.base.SpelledNumbers`) in its file. :func:`extract_spelled`
reads the runs of its number words and scale words (every case and number the file lists);
the digit reader reads the rest of the text with those runs blanked out. As in every
language, a small count in words (a whole number from two to nine in one word, alone: "три
региона") is no figure of an answer unless ``counts``; a word for one ("один", "bir") is a
figure only before a scale or percent word; a scale word alone ("миллион") only after a
hedge ("около миллиона"). A figure in words states its last scale (``exponent``): "три
миллиона" is to the nearest million, "двадцать пять" to the unit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from gate.figures.languages import PERCENT_BEFORE
from gate.figures.languages.base import Language, SpelledNumbers
from gate.figures.model import Figure

_WORD = re.compile(r"[^\W\d_]+\.?")


def extract_spelled(
    text: str, lang: Language, spelled: SpelledNumbers, read_rest: Callable[[str], list[Figure]], counts: bool
) -> list[Figure]:
    """The figures of a text in a language whose number words this module reads.

    Args:
        text: an answer, a question or a passage.
        lang: the language's tables (scale, percent and hedge words).
        spelled: its number words.
        read_rest: the digit reader, called on ``text`` with the numbers in words blanked
            out (each character a space, so spans are kept).
        counts: also read the small counts in words (see the module's docstring).

    Returns:
        Every figure of both readers, in reading order.
    """
    found = _numbers_in_words(text, lang, spelled, counts)
    if not found:
        return read_rest(text)
    chars = list(text)
    for f in found:
        chars[f.start:f.end] = " " * (f.end - f.start)
    rest = read_rest("".join(chars))
    return sorted(found + rest, key=lambda f: f.start)


def _numbers_in_words(text: str, lang: Language, spelled: SpelledNumbers, counts: bool) -> list[Figure]:
    scales = {w: p for w, p in lang.scale_words.items() if p >= 3}
    words = _words(text, spelled, scales)
    out: list[Figure] = []
    i = 0
    while i < len(words):
        j = i
        run: list[tuple[int, int, str]] = []
        while j < len(words):
            s, e, w = words[j]
            if w not in spelled.values and w not in spelled.multipliers and w not in scales:
                break
            if run and not _adjacent(text, run[-1][1], s):
                break
            run.append((s, e, w))
            j += 1
        if not run:
            i += 1
            continue
        signed = i > 0 and words[i - 1][2] in spelled.minus and _adjacent(text, words[i - 1][1], run[0][0])
        figure, used = _figure(text, run, lang, spelled, scales, counts or signed)
        pointed = _point_after(text, words, i + used, spelled)
        if pointed and figure is None:
            figure, used = _figure(text, run, lang, spelled, scales, True)
        if figure is not None and pointed:
            figure, more = _with_decimals(text, figure, words, i + used, lang, spelled, scales)
            used += more
        if figure is not None and signed:
            start = words[i - 1][0]
            figure = Figure(text[start:figure.end], start, figure.end, -figure.value, figure.exponent,
                            figure.percent, figure.hedge)
        if figure is not None:
            out.append(figure)
        i += max(used, 1)
    return out


def _words(text: str, spelled: SpelledNumbers, scales: dict[str, int]) -> list[tuple[int, int, str]]:
    """The words of the text (start, end, lower case), a glued number word ("altmışiki")
    split into its number words when the language writes them so."""
    known = set(spelled.values) | set(spelled.multipliers) | set(scales) | spelled.minus | spelled.points
    out: list[tuple[int, int, str]] = []
    for m in _WORD.finditer(text):
        s, e, w = m.start(), m.end(), m.group().lower()
        if w.endswith(".") and w not in scales:
            e, w = e - 1, w[:-1]  # the sentence's full stop, not an abbreviation's
        parts = _split(w, known) if spelled.glued and w not in known and len(w) == e - s else None
        if parts is None:
            out.append((s, e, w))
            continue
        for part in parts:
            out.append((s, s + len(part), part))
            s += len(part)
    return out


def _split(word: str, known: set[str]) -> list[str] | None:
    """The word as two or more known words glued ("üçyüzbin": üç, yüz, bin), or None."""
    best: list[list[str] | None] = [None] * (len(word) + 1)
    best[0] = []
    for i in range(len(word)):
        head = best[i]
        if head is None:
            continue
        for j in range(i + 1, len(word) + 1):
            if word[i:j] in known and best[j] is None:
                best[j] = head + [word[i:j]]
    parts = best[len(word)]
    return parts if parts is not None and len(parts) >= 2 else None


def _adjacent(text: str, end: int, start: int) -> bool:
    """Whether two words follow each other: spaces between them, or nothing (glued)."""
    gap = text[end:start]
    return not gap or gap.isspace()


def _point_after(text: str, words: list[tuple[int, int, str]], k: int, spelled: SpelledNumbers) -> bool:
    """Whether the word at k is a point word ("przecinek") right after the word before it,
    followed by a number word."""
    return (
        0 < k < len(words) - 1 and words[k][2] in spelled.points
        and _adjacent(text, words[k - 1][1], words[k][0]) and words[k + 1][2] in spelled.values
    )


def _with_decimals(
    text: str, whole: Figure, words: list[tuple[int, int, str]], k: int, lang: Language,
    spelled: SpelledNumbers, scales: dict[str, int],
) -> tuple[Figure, int]:
    """The figure with the decimals written after its point word at k ("пятнадцать целых
    восемьдесят две сотых" 15.82, "dwadzieścia trzy przecinek trzydzieści osiem" 23.38),
    and how many words they took."""
    run: list[tuple[int, int, str]] = []
    for s, e, w in words[k + 1:]:
        if w not in spelled.values or (run and not _adjacent(text, run[-1][1], s)):
            break
        run.append((s, e, w))
    part, used = _figure(text, run, lang, spelled, scales, True)
    if part is None or part.value != part.value.to_integral_value() or part.value < 0:
        return whole, 0
    end = run[used - 1][1]
    taken = 1 + used
    after = k + 1 + used
    if after < len(words) and words[after][2] in spelled.fractions and _adjacent(text, end, words[after][0]):
        places = spelled.fractions[words[after][2]]
        end, taken = words[after][1], taken + 1
    else:
        places = len(str(int(part.value)))
    value = whole.value + part.value.scaleb(-places)
    end, percent = _percent_after(text, end, lang)
    return Figure(text[whole.start:end], whole.start, end, value, -places, percent, whole.hedge), taken


def _figure(
    text: str, run: list[tuple[int, int, str]], lang: Language, spelled: SpelledNumbers,
    scales: dict[str, int], counts: bool,
) -> tuple[Figure | None, int]:
    """(the figure the run's first words state, or None, how many words it took)."""
    total, group_hi, group_lo = Decimal(0), Decimal(0), Decimal(0)
    limit: Decimal | None = None  # an addend must be smaller than this
    last_scale = 99
    exponent = 0
    decimals = 0
    used = 0
    numbers = 0
    for s, e, w in run:
        if w in spelled.values:
            v = Decimal(spelled.values[w])
            if limit is not None and v >= limit:
                break
            group_lo += v
            decimals = max(decimals, -v.as_tuple().exponent)  # type: ignore[operator]
            limit = _place(v)
            numbers += 1
        elif w in spelled.multipliers:
            p = spelled.multipliers[w]
            if limit is not None and Decimal(10) ** p >= limit and group_lo == 0:
                break
            group_hi += (group_lo or Decimal(1)) * Decimal(10) ** p
            group_lo = Decimal(0)
            limit = Decimal(10) ** p
            numbers += 1
        else:
            p = scales[w]
            if p >= last_scale:
                break
            group = group_hi + group_lo
            if group == 0 and numbers == 0 and not _hedged(text, run[0][0], lang):
                break  # a scale word alone ("миллион") states no number without a hedge
            total += (group or Decimal(1)) * Decimal(10) ** p
            exponent = p - decimals
            group_hi, group_lo, decimals = Decimal(0), Decimal(0), 0
            last_scale, limit = p, Decimal(10) ** p
        used += 1
        end = e
    if used == 0:
        return None, 1
    last_word = run[used - 1][2]
    if last_word in spelled.values or last_word in spelled.multipliers:
        exponent = -decimals
        total += group_hi + group_lo
    start = run[0][0]
    end, percent = _percent_after(text, end, lang)
    if not percent:  # "yüzde beş"
        before = text[max(0, start - 20):start].lower()
        for word in PERCENT_BEFORE.get(lang.code, ()):
            if before.endswith(word + " ") and (len(before) == len(word) + 1 or not before[-len(word) - 2].isalpha()):
                percent, start = True, start - len(word) - 1
    hedge = _hedge_before(text, start, lang)
    whole = total == total.to_integral_value()
    scaled = any(w not in spelled.values and w not in spelled.multipliers for _, _, w in run[:used])
    if not (scaled or percent or hedge):
        if used == 1 and run[0][2] in spelled.lone:
            return None, used  # "один из", "bir": an article, or "one of"
        if used == 1 and whole and 2 <= total <= 9 and not counts:
            return None, used  # a small count in words
    value = Decimal(int(total)) if exponent >= 0 else total.quantize(Decimal(1).scaleb(exponent))
    return Figure(text[start:end], start, end, value, exponent, percent, hedge), used


def _place(v: Decimal) -> Decimal:
    """The power of ten of a number word's first digit: the next word adds below it
    ("двадцать пять"; not "двадцать тридцать")."""
    if v < 1:
        return v  # a half adds nothing more
    return Decimal(10) ** (len(str(int(v))) - 1)


def _percent_after(text: str, end: int, lang: Language) -> tuple[int, bool]:
    """(the end past a percent word or sign after ``end``, whether there was one)."""
    i = end + 1 if text[end:end + 1] == " " else end
    if text[i:i + 1] in ("%", "％"):
        return i + 1, True
    low = text[i:i + 40].lower()
    for word in sorted(lang.percent_words, key=len, reverse=True):
        if low.startswith(word) and not low[len(word):len(word) + 1].isalpha():
            return i + len(word), True
    return end, False


def _hedged(text: str, start: int, lang: Language) -> bool:
    return _hedge_before(text, start, lang) is not None


def _hedge_before(text: str, start: int, lang: Language) -> str | None:
    """The hedge written just before a number in words ("около трёх миллионов"), or None."""
    before = text[max(0, start - 30):start].lower().rstrip()
    for phrase in sorted(lang.hedge_words, key=len, reverse=True):
        if before.endswith(phrase) and (len(before) == len(phrase) or not before[-len(phrase) - 1].isalpha()):
            return lang.hedge_words[phrase]
    return None
