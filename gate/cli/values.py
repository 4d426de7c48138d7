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


