"""Telling a file that is not UTF-8 by its first bytes, so that it gets one message naming
its encoding instead of one byte error a line.

Detected cheaply: UTF-32 and UTF-16 (either byte order) with a byte order mark, and without
one by the zero bytes an ASCII character leaves beside it (JSON lines and YAML files start
with ASCII); a single-byte encoding (Latin-1, Windows-1252) by a byte from 0x80 up that
does not start a valid UTF-8 sequence and is followed by an ASCII byte.
"""

from __future__ import annotations

_BOMS = (
    (b"\x00\x00\xfe\xff", "UTF-32 (big-endian, with a byte order mark)"),
    (b"\xff\xfe\x00\x00", "UTF-32 (little-endian, with a byte order mark)"),
    (b"\xfe\xff", "UTF-16 (big-endian, with a byte order mark)"),
    (b"\xff\xfe", "UTF-16 (little-endian, with a byte order mark)"),
)

#: How many leading bytes the sniffing looks at.
SNIFF = 4096


def wide_encoding(raw: bytes) -> str | None:
    """The name of a UTF-16 or UTF-32 encoding the bytes are in, or None.

    Args:
        raw: the start of a file (at least its first few bytes).
    """
    for bom, name in _BOMS:
        if raw.startswith(bom):
            return name
    head = raw[:SNIFF]
    if len(head) < 4 or b"\x00" not in head:
        return None
    quads = len(head) // 4 * 4
    if quads and all(head[i:i + 3] == b"\x00\x00\x00" and head[i + 3] for i in range(0, min(quads, 64), 4)):
        return "UTF-32 (big-endian, no byte order mark)"
    if quads and all(head[i + 1:i + 4] == b"\x00\x00\x00" and head[i] for i in range(0, min(quads, 64), 4)):
        return "UTF-32 (little-endian, no byte order mark)"
    pairs = len(head) // 2 * 2
    even = sum(1 for i in range(0, pairs, 2) if head[i] == 0)
    odd = sum(1 for i in range(1, pairs, 2) if head[i] == 0)
    half = pairs // 2
    if even > half * 0.6 and odd < half * 0.1:
        return "UTF-16 (big-endian, no byte order mark)"
    if odd > half * 0.6 and even < half * 0.1:
        return "UTF-16 (little-endian, no byte order mark)"
    return None


def single_byte_hint(chunk: bytes, position: int) -> str:
    """A hint for a byte that is not UTF-8: names Latin-1 / Windows-1252 when the byte stands
    alone (a high byte followed by an ASCII one), else nothing."""
    byte = chunk[position]
    following = chunk[position + 1:position + 2]
    if byte >= 0x80 and (not following or following[0] < 0x80):
        return "; it looks like Latin-1 or Windows-1252: save the file as UTF-8"
    return ""


def not_utf8_message(name: str) -> str:
    """The one message of a file in a wide encoding."""
    return f"expected UTF-8 text, found {name}: this file is not UTF-8; save it as UTF-8 (with or without a byte order mark)"
