"""Changes between periods: a figure said as a change, supported by two observations.

"The unemployment rate fell by 0.4 percentage points, from 5.6% in 2023 to 5.2% in 2024":
0.4 is no retrieved value, but it is the difference of two retrieved observations of one
series. A figure is read as a change when a word of change is written with it, in its
clause ("fell by", "up", "rose", "a decrease of", "points": :data:`CHANGE_WORDS`, every
language the figure reader covers, with the registry's own words of increase and
decrease). It is then supported when, for two observations ``a`` (earlier) and ``b``
(later) of **one series**:

* in points (percentage points, index points, or a count or amount: the figure without a
  percent sign, or with the words of percentage points): ``|b - a|`` lies in the figure's
  interval;
* in percent of the earlier value (the figure with a percent sign or word and no word of
  points): ``|b - a| / |a| x 100`` does.

Both readings are computed and the wording picks the one that may support: percentage
points and percent are told apart. A word of rise asks ``b > a``, a word of fall
``b < a``; a neutral word ("changed by", "points") either. Bare ``retrieved_values``
carry no series and no period: they never support a change (a small invented change is
not excused by a chance pair of values). On when ``"change"`` is in the matching
settings' ``derived`` (the default); ``derived: []`` turns it off. Pure: no I/O.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from gate import figures as fig
from gate.core.build import compiled_class, picklable
from gate.core.decimals import decimal_text
from gate.model.inputs import Observation

__all__ = ["CHANGE_WORDS", "Derivation", "change_reading", "derivations", "explain_change", "supporting_change"]

#: Per language: (words of rise, words of fall, neutral words of change), regular
#: expressions matched as whole words in the figure's clause, beside the registry's
#: ``increase_words`` and ``decrease_words`` / ``decrease_in_clause``.
CHANGE_WORDS: dict[str, tuple[str, str, str]] = {
    "en": (r"ros[e]|rises?|risen|rising|increased?|increases|up|grew|grown|growth\s+of|gain(?:ed|s)?|climbed|higher",
           r"fell|falls?|fallen|dropped|drops?|declined?|declines|decreased?|decreases|down|lower|shrank|slipped|sank",
           r"chang(?:ed|es?)|moved|points?"),
    "fr": (r"hausse|augment\w*|progress\w*|gagn[ée]\w*|mont[ée]\w*|accru\w*|plus",
           r"baiss\w*|recul\w*|diminu\w*|chut\w*|repli\w*|perdu|moins",
           r"vari\w*|évolu\w*|[ée]cart|points?"),
    "es": (r"aument\w*|sub(?:e|ió|ida)|creci\w*|alza|ganó|más",
           r"baj(?:a|ó|ada)|ca(?:e|yó|ída)|descen\w*|disminu\w*|redu\w*|retroce\w*|menos",
           r"vari\w*|cambi\w*|puntos?"),
    "de": (r"st(?:ieg|eigt|iegen)|gestiegen|Anstieg|Zunahme|zugenommen|nahm\s+\w+\s+zu|Plus|höher|mehr",
           r"sank|gesunken|fiel|gefallen|R[üu]ckgang|zur[üu]ckgegangen|Abnahme|abgenommen|Minus|niedriger|weniger",
           r"ver[äa]nder\w*|Punkte?n?"),
    "pt": (r"aument\w*|sub(?:iu|ida)|cresc\w*|alta", r"ca(?:iu|ída)|diminu\w*|recu\w*|redu\w*|baixa|queda",
           r"vari\w*|pontos?"),
    "it": (r"aument\w*|cresc\w*|salit\w*|rialz\w*", r"diminu\w*|calat\w*|sces\w*|ridott\w*|cal[oi]",
           r"vari\w*|punti|punto"),
    "nl": (r"steeg|gestegen|toename|hoger|meer", r"daalde|gedaald|daling|afname|lager|minder",
           r"veranderd|punten|punt"),
    "ar": (r"ارتفع|ارتفعت|ارتفاع|بارتفاع|زاد|زادت|زيادة|بزيادة|نما|نمو",
           r"انخفض|انخفضت|انخفاض|بانخفاض|تراجع|تراجعت|هبط|هبطت|نقص|بتراجع",
           r"تغير|تغيّر|نقاط|نقطة"),
    "ru": (r"вырос\w*|увеличил\w*|повысил\w*|рост\w*|прирост\w*", r"снизил\w*|сократил\w*|упал\w*|уменьшил\w*|снижени\w*|паден\w*",
           r"изменил\w*|пункт\w*"),
    "zh": (r"增长|上升|上涨|增加|提高", r"下降|下跌|减少|降低|回落", r"变化|变动|百分点"),
    "ja": (r"増加|上昇|拡大|増", r"減少|低下|下落|縮小|減", r"変化|ポイント"),
    "tr": (r"arttı|yükseldi|büyüdü|artış", r"azaldı|düştü|geriledi|düşüş|azalış", r"değişti|puan\w*"),
    "hi": (r"बढ़कर|बढ़ा|बढ़ी|वृद्धि|बढ़ोतरी", r"घटकर|घटा|घटी|गिरावट|कमी", r"बदलाव|अंक"),
    "pl": (r"wzr[oó]s\w*|zwiększył\w*|wzrost\w*", r"spadł\w*|spad(?:ek|ku)|zmniejszył\w*|obniżył\w*",
           r"zmienił\w*|punkt\w*"),
}

#: Words of percentage points written with (or inside) a figure, in every language read.
_POINTS_WORDS = (
    r"percentage\s+points?|\bpp\b|p\.\s?p\.|points?\s+de\s+pourcentage|puntos?\s+porcentual(?:es)?|prozentpunkt\w*|"
    r"pontos?\s+percentua(?:l|is)|punt[oi]\s+percentual[ei]|procentpunt\w*|نقاط\s+مئوية|نقطة\s+مئوية|процентн\w+\s+пункт\w*|"
    r"п\.\s?п\.|个百分点|個百分點|百分点|百分點|パーセントポイント|ポイント|yüzde\s+puan|puanlık|प्रतिशत\s+अंक|"
    r"punkt\w*\s+procentow\w*|^\s*(?:points?|puntos?|punti|Punkte?n?|punten|pontos?|نقاط|نقطة|пункт\w*|puan)(?!\w)")
_CLAUSE_END = re.compile(r"[.;!?。；\n]\s|[;。；\n]|,\s+(?:and|while|et|y|und|e|en|و)\s|،")


@dataclass(frozen=True)
class Derivation:
    """A change between two observations of one series.

    Attributes:
        series: the series; earlier, later: the two observations (by period).
        points: ``later - earlier``; percent: that in percent of ``|earlier|`` (None when
            the earlier value is 0).
    """

    series: str
    earlier: Observation
    later: Observation
    points: Decimal
    percent: Decimal | None

    def said(self, in_percent: bool) -> str:
        """"0.4 = 5.6 - 5.2, UNEMP 2023 to 2024" (in points) or "7.14% = (5.2 - 5.6) / 5.6,
        UNEMP 2023 to 2024" (in percent of the earlier value)."""
        a, b = decimal_text(self.earlier.value), decimal_text(self.later.value)
        span = f"{self.series} {self.earlier.period} to {self.later.period}"
        if in_percent and self.percent is not None:
            return f"{_rounded(abs(self.percent))}% = |{b} - {a}| / {a} x 100, {span}"
        big, small = (b, a) if self.points >= 0 else (a, b)
        return f"{decimal_text(abs(self.points))} = {big} - {small}, {span}"


def _rounded(value: Decimal) -> str:
    return decimal_text(value.quantize(Decimal("0.01"))) if value.as_tuple().exponent < -2 else decimal_text(value)  # type: ignore[operator]


@dataclass(frozen=True)
class ChangeReading:
    """How a figure is said as a change: ``direction`` +1 (rise), -1 (fall) or 0 (either);
    ``in_percent``: in percent of the earlier value (else in points or the unit itself)."""

    direction: int
    in_percent: bool

    def __init__(self, direction: int, in_percent: bool) -> None:
        # compiled, the slots set directly (the dataclass's own initialiser is interpreted code)
        if _PURE:
            object.__setattr__(self, "direction", direction)
            object.__setattr__(self, "in_percent", in_percent)
            return
        self.direction = direction  # type: ignore[misc]
        self.in_percent = in_percent  # type: ignore[misc]


_PURE = not compiled_class(ChangeReading)
picklable(ChangeReading)  # compiled, pickled by its fields as the figure records are


def _language(language: str) -> str:
    code = language.split("-")[0].lower()
    return code if code in CHANGE_WORDS else "en"


@functools.cache
def _patterns(code: str) -> tuple[re.Pattern[str], ...]:
    """The words of rise, fall and neutral change of a language (with English's), each a
    pattern matched as a whole word (or glued, for languages written without spaces); then
    any word of rise, fall or neutral change, and any word of rise or fall, each one pattern
    (a clause without any is read with two searches, not five)."""
    from gate.figures.languages import LANGUAGES

    own = LANGUAGES.get(code)
    rise, fall, neutral = CHANGE_WORDS[code]
    en_rise, en_fall, en_neutral = CHANGE_WORDS["en"]
    if own is not None:
        rise = "|".join([rise, *(w for w in own.increase_words if not w.startswith(("بلغ", "وبلغ")))])
        fall = "|".join([fall, *own.decrease_words])
    edge = ("(?:", ")") if code in ("zh", "ja") else (r"(?<![^\W\d_])(?:", r")(?![^\W\d_])")

    def compiled(words: str, en: str) -> re.Pattern[str]:
        body = words if code == "en" else f"{words}|{en}"
        return re.compile(f"(?i){edge[0]}{factored(body)}{edge[1]}")

    any_word = compiled(f"{rise}|{fall}|{neutral}", f"{en_rise}|{en_fall}|{en_neutral}")
    rise_or_fall = compiled(f"{rise}|{fall}", f"{en_rise}|{en_fall}")
    return compiled(rise, en_rise), compiled(fall, en_fall), compiled(neutral, en_neutral), any_word, rise_or_fall


def factored(body: str) -> str:
    """An alternation of words (a regular expression ``w1|w2|...``) grouped by the letter each
    word begins with: ``r(?:ose|ises?)|f(?:ell|alls?)|...``, then the words that begin
    otherwise, each once. It matches the same strings, so a search finds a match where the
    alternation does (which alternative, and so where a match ends, may differ: callers ask
    only whether there is one). Python's matcher tries an alternation's words one by one at
    each position, each first letter compared without case: grouped, it compares each first
    letter once; and when every word begins with a letter, a position is first tested
    against the set of those letters (a search over a clause 2 to 4 times quicker). Letters
    that differ only in ASCII case share a group; any other letter has its own."""
    groups: dict[str, list[str]] = {}
    rest: list[str] = []
    for word in dict.fromkeys(_alternatives(body)):
        head = word[:1]
        if head.isalpha() and word[1:2] not in ("?", "*", "+", "{"):
            groups.setdefault(head.lower() if head.isascii() else head, []).append(word[1:])
        else:
            rest.append(word)
    grouped = "|".join([f"{head}(?:{'|'.join(tails)})" for head, tails in groups.items()] + rest)
    if rest or not groups:
        return grouped
    return f"(?=[{''.join(groups)}])(?:{grouped})"  # a position whose letter begins no word fails at once


def _alternatives(body: str) -> list[str]:
    """The top-level alternatives of a regular expression (``|`` outside groups and classes)."""
    out, depth, start, i, in_class = [], 0, 0, 0, False
    while i < len(body):
        c = body[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            i += 2 if body[i + 1:i + 2] == "^" else 1
            i += 1 if body[i:i + 1] == "]" else 0  # a "]" first in a class is one of its characters
            continue
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            out.append(body[start:i])
            start = i + 1
        i += 1
    out.append(body[start:])
    return out


#: The words of percentage points, grouped (:func:`factored`): a search over a figure and
#: the 30 characters after it about twice as quick.
_POINTS = re.compile("(?i)" + factored(_POINTS_WORDS))
#: A letter each word of percentage points holds, in either case (p, п, ن, 百, ポ, प): a text
#: without any holds none of the words, and is not searched.
_POINTS_LETTERS = frozenset("pPпПن百ポप")


def _says_points(text: str) -> bool:
    """Whether a word of percentage points is written in ``text`` (``_POINTS.search``)."""
    return not _POINTS_LETTERS.isdisjoint(text) and _POINTS.search(text) is not None


def change_reading(text: str, figure: fig.Figure, language: str) -> ChangeReading | None:
    """How the figure is said as a change, or None when no word of change is written in
    its clause (up to 60 characters before it, 30 after it, never across a sentence)."""
    before = text[max(0, figure.start - 60):figure.start]
    cut = list(_CLAUSE_END.finditer(before))
    if cut:
        before = before[cut[-1].end():]
    after = text[figure.end:figure.end + 30]
    stop = _CLAUSE_END.search(after)
    if stop:
        after = after[:stop.start()]
    rise, fall, neutral, any_word, rise_or_fall = _patterns(_language(language))
    points = _says_points(figure.text) or _says_points(after)
    if not (points or any_word.search(before) or rise_or_fall.search(after)):
        return None  # the test below, each pattern's words at once
    ups = bool(rise.search(before) or rise.search(after))
    downs = bool(fall.search(before) or fall.search(after))
    if not (ups or downs or points or neutral.search(before)):
        return None
    if figure.value < 0:
        ups, downs = False, True
    direction = 1 if ups and not downs else -1 if downs and not ups else 0
    return ChangeReading(direction, figure.percent and not points)


def derivations(observations: Sequence[Observation]) -> list[Derivation]:
    """Every change between two observations of one series with different periods, the
    earlier first, in the order of the log (the series as first met, then by period)."""
    by_series: dict[str, list[Observation]] = {}
    for o in observations:
        by_series.setdefault(o.series, []).append(o)
    out = []
    for series, items in by_series.items():
        ordered = sorted(items, key=lambda o: (o.span.start, o.span.end))
        for i, a in enumerate(ordered):
            for b in ordered[i + 1:]:
                if a.span.matches(b.span):
                    continue
                diff = b.value - a.value
                percent = (diff * 100 / abs(a.value)) if a.value else None
                out.append(Derivation(series, a, b, diff, percent))
    return out


_PLAIN = fig.MatchSettings(percent_fraction=False, derived=())


def supporting_change(figure: fig.Figure, reading: ChangeReading, changes: Sequence[Derivation],
                      settings: fig.MatchSettings) -> Derivation | None:
    """The first derivation whose change, read as the wording says, supports the figure."""
    plain = _PLAIN if settings.rounding == "stated_precision" else fig.MatchSettings("exact", False, ())
    size = fig.Figure(figure.text, figure.start, figure.end, abs(figure.value), figure.exponent, figure.percent, figure.hedge)
    for d in changes:
        value = d.percent if reading.in_percent else d.points
        if value is None or not value:
            continue
        if reading.direction and (value > 0) != (reading.direction > 0):
            continue
        if fig.check_figure(size, (abs(value),), plain).supported:
            return d
    return None


def explain_change(figure: fig.Figure, reading: ChangeReading, changes: Sequence[Derivation],
                   settings: fig.MatchSettings) -> str | None:
    """Why a figure said as a change is unsupported: the changes the retrieved
    observations give, in the figure's reading, and the other reading when it would fit;
    None when they give none (the figure's support as written then says why)."""
    kind = "percent of the earlier value" if reading.in_percent else "points"
    said = "a rise" if reading.direction > 0 else "a fall" if reading.direction < 0 else "a change"
    head = f"'{figure.text}' is said as {said} in {kind}"
    if not changes:
        return None
    shown = "; ".join(d.said(reading.in_percent) for d in changes[:3])
    message = f"{head}; no two retrieved observations of one series change by it: {shown}"
    other = supporting_change(figure, ChangeReading(reading.direction, not reading.in_percent), changes, settings)
    if other is not None:
        if reading.in_percent:
            message += f"; in percentage points it would be {other.said(False)}: points are not percent"
        else:
            message += f"; in percent of the earlier value it would be {other.said(True)}: percent is not points"
    elif reading.direction and supporting_change(figure, ChangeReading(0, reading.in_percent), changes, settings):
        message += "; the observations change by it the other way"
    return message
