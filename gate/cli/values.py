"""The values of options, checked as argparse reads them (a ``type=``): each says what it
expected and what it found, in the words of the other problems."""

from __future__ import annotations

import argparse


def _blank(text: str) -> str:
    return "an empty string" if not text else f"only spaces ({text!r})"


def path_value(text: str) -> str:
    """A file or folder path: not empty (an empty path would name the working directory)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"expected a path, found {_blank(text)}")
    return text


def text_value(text: str) -> str:
    """A name or address: not empty."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"expected a name, found {_blank(text)}")
    return text


def size_value(text: str) -> int:
    """A size in bytes, with an optional unit (``64MiB``, ``2GB``; see
    :func:`gate.core.limits.parse_size`), at least one byte."""
    from gate.core.limits import parse_size

    size = parse_size(text)
    if size is None or size < 1:
        raise argparse.ArgumentTypeError(f"expected a size in bytes such as 512MiB, 4GiB or 1000000, found {text!r}")
    return size


def whole_value(text: str) -> int:
    """A whole number, negative or not."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, found {text!r}") from None


def count_value(text: str) -> int:
    """A whole number from 1."""
    value = whole_value(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1, found {text!r}")
    return value


def number_value(text: str) -> float:
    """A finite number (its range is the command's to check)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if value != value or value in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(f"expected a number, found {text!r}")
    return value


