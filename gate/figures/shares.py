"""Which evidence values may stand for a percentage as a fraction (12% for 0.12).

A retrieved value as logged (``retrieved_values``, with no unit) may: the log does not say
what it measures, and series store shares as fractions. So may an observation's value when
its unit is a share (percent, ratio, share, ...) or not given; one in another unit ("kg",
"EUR", "per 1,000") may not (:func:`observed_as_units`). A number read in a passage or the
question may only where the text writes it as a share: a share word before it in its
sentence ("a share of 0.75", "Anteil: 0,75", "la proporción fue de 0,75"), so that "75% of
households" is not supported by an unrelated "0.75 kg". Such a number is kept in the
evidence as an :class:`~gate.figures.model.Amount`, which the matching never multiplies
by 100.

A language adds its share words here (lowercase; in German and Dutch a compound ending in
one counts too: "Frauenanteil", "werkloosheidsaandeel").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from typing import Protocol

from gate.figures.model import Amount

#: Words that say the number after them is a share, per language; English's are read in
#: every language.
SHARE_WORDS: dict[str, frozenset[str]] = {
    lang: frozenset(words.split())
    for lang, words in {
        "en": "share shares proportion proportions ratio ratios fraction fractions rate rates part",
        "fr": "part parts proportion proportions ratio ratios taux fraction quote-part",
        "es": "proporción proporciones cuota cuotas tasa tasas ratio ratios parte fracción porción",
        "de": "anteil anteile anteils quote quoten verhältnis rate raten",
        "pt": "proporção proporções parcela parcelas taxa taxas rácio razão parte fração",
        "it": "quota quote proporzione proporzioni rapporto tasso tassi parte frazione",
        "nl": "aandeel aandelen verhouding ratio deel fractie",
        "ar": "نسبة النسبة حصة",
    }.items()
}
_COMPOUNDING = frozenset({"de", "nl"})
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_SENTENCE_END = re.compile(r"[.!?;]\s|\n")


def written_as_share(text: str, start: int, language: str) -> bool:
    """Whether a share word stands before ``start`` in the same sentence, within 60
    characters."""
    lo = max(0, start - 60)
    window = text[lo:start]
    ends = list(_SENTENCE_END.finditer(window))
    if ends:
        window = window[ends[-1].end() :]
    lang = language.split("-")[0].lower()
    own = SHARE_WORDS.get(lang, frozenset())
    words = SHARE_WORDS["en"] | own
    compounds = lang in _COMPOUNDING
    for m in _WORD.finditer(window.lower()):
        w = m.group()
        if w in words or (compounds and any(w.endswith(s) for s in own)):
            return True
    return False


class _Observed(Protocol):
    @property
    def value(self) -> Decimal: ...

    @property
    def unit(self) -> str | None: ...


#: Units of an observation that say its value is a share (lowercase, without spaces).
SHARE_UNITS = frozenset(
    "% percent percentage pc pct percentagepoints pp ratio share proportion fraction rate pure_number "
    "pourcentage porcentaje prozent percentuale procent percentagem نسبة".split()
)


def observed_as_units(values: Sequence[Decimal], observations: Sequence[_Observed]) -> Sequence[Decimal]:
    """The retrieved values (the logged ones, then one per observation, as the log's reader
    joins them) with each observation's value in a unit that is no share kept as an
    :class:`~gate.figures.model.Amount` (unless the same value is logged bare too), so that
    "75% of households" is not supported by an observation of 0.75 kg. ``values`` itself when
    no observation has such a unit."""
    if not observations or len(observations) > len(values):
        return values
    logged = len(values) - len(observations)
    marked = [
        i for i, o in enumerate(observations, logged)
        if o.unit and o.unit.lower().replace(" ", "") not in SHARE_UNITS and -10 < values[i] < 10
    ]
    if not marked:
        return values
    bare = set(values[:logged])
    out = list(values)
    for i in marked:
        if out[i] not in bare:
            out[i] = Amount(out[i])
    return tuple(out)
