"""The characters the readers know: spaces, direction marks, minus signs, currency
symbols and codes, letters, and non-ASCII decimal digits.
"""

from __future__ import annotations

import re
import unicodedata

import babel.numbers

_SPACES = " \u00a0\u202f\u2009"
_BIDI = "\u200e\u200f\u061c"
_MINUS = "-\u2212\u2013\u2011"  # hyphen-minus, minus, and the en dash and non-breaking hyphen used as one
_CURRENCY_CHARS = "$€£¥₹₽₩₺₦₴₱₪฿₫¢₲₵₡₸₼₾"
_ISO_CURRENCIES = frozenset(babel.numbers.list_currencies())


_LETTERS = re.compile(r"[^\W\d_]+")


_OTHER_DIGIT = re.compile(r"(?![0-9])\d")  # a Unicode decimal digit (str.isdecimal) not in ASCII


def _ascii(body: str) -> str:
    """Replace any Unicode decimal digits of ``body`` by ASCII digits."""
    return _OTHER_DIGIT.sub(lambda m: str(unicodedata.decimal(m.group())), body)
