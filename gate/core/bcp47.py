"""Language tags (BCP 47, RFC 5646): the one reader of tags in the gate, through Babel.

A tag is a primary language, then optionally a script, a region and variants
(``zh-Hant-TW``, ``de-CH-1996``), then extensions and private use, each introduced by a
one-character subtag (``en-u-ca-gregory``, ``en-x-mine``). Babel's ``parse_locale`` reads
the part before the first such singleton; the extensions are kept as written, lowercased,
and never read as a region (the ``ca`` of ``u-ca-gregory`` is a calendar, not Canada).
A tag Babel cannot read (an extended language subtag such as ``zh-yue``, two variants) keeps
its primary language and has no script or region.

Case follows the conventions of RFC 5646 section 2.1.1: language lowercase, script title
case, region uppercase, everything else lowercase.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from babel.core import parse_locale


@dataclass(frozen=True)
class Tag:
    """A parsed language tag.

    Attributes:
        language: the primary language subtag, lowercase (``fr``).
        script: the script subtag in title case (``Hant``), or None.
        region: the region subtag, uppercase or three digits (``CA``, ``419``), or None.
        rest: the other subtags (variants, extensions, private use, or what Babel could not
            read), lowercase, in order.
    """

    language: str
    script: str | None
    region: str | None
    rest: tuple[str, ...] = ()

    def __str__(self) -> str:
        """The tag in its conventional case: ``zh-Hant-TW``, ``en-u-ca-gregory``."""
        parts = [self.language, self.script, self.region, *self.rest]
        return "-".join(p for p in parts if p)


@lru_cache(maxsize=1024)
def parse_tag(tag: str) -> Tag:
    """Read a BCP 47 tag (``_`` is read as ``-``; surrounding spaces are ignored).

    Raises:
        ValueError: an empty tag, an empty subtag, or a primary language subtag that is not
            letters.
    """
    subtags = tag.strip().replace("_", "-").split("-")
    if not all(subtags):
        raise ValueError(f"expected a language tag such as en, fr-CA or zh-Hant-TW, found {tag!r}")
    cut = next((i for i, s in enumerate(subtags) if len(s) == 1 and i > 0), len(subtags))
    head, tail = subtags[:cut], tuple(s.lower() for s in subtags[cut:])
    if not head[0].isalpha():
        raise ValueError(f"expected a language subtag of letters, found {head[0]!r} in {tag!r}")
    try:
        language, region, script, variant = parse_locale("-".join(head), sep="-")[:4]
    except ValueError:
        return Tag(head[0].lower(), None, None, tuple(s.lower() for s in head[1:]) + tail)
    variants = (variant.lower(),) if variant else ()
    return Tag(language.lower(), script, region, variants + tail)


@lru_cache(maxsize=1024)
def canonical_language(tag: str) -> str:
    """A BCP 47 tag in its conventional case: ``fr-ca`` -> ``fr-CA``, ``ZH-hant`` -> ``zh-Hant``,
    ``en-U-CA-gregory`` -> ``en-u-ca-gregory``; a tag that cannot be read is returned lowercase.
    Pure, so the last 1,024 tags are remembered (a run holds a few, read once an answer)."""
    try:
        return str(parse_tag(tag))
    except ValueError:
        return tag.strip().replace("_", "-").lower()
