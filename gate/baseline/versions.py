"""Assistant versions: how they are read, ordered and named on disk.

Versions order as versions, not as text (PEP 440 through ``packaging``): 1.9 < 1.10 <
2.0rc1 < 2.0. The previous version of a run is the highest stored version strictly below
its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from packaging.version import InvalidVersion, Version

#: The name of a stored baseline JSON, with its version.
JSON_NAME = re.compile(r"^assistant-(?P<version>.+)\.json$")
#: What a version is expected to look like, for messages.
VERSION_HINT = "a PEP 440 version such as 1.2, 1.10 or 2.0rc1"


def parse_version(text: str | None) -> Version | None:
    """A version string as a :class:`packaging.version.Version`, or None when it is not one.

    Versions order as versions, not as text: 1.9 < 1.10 < 2.0rc1 < 2.0 (PEP 440).
    """
    if text is None:
        return None
    try:
        return Version(text)
    except InvalidVersion:
        return None


def json_name(version: Version) -> str:
    """The file name of a version's baseline JSON: ``assistant-1.2.json`` (normalized version)."""
    return f"assistant-{version}.json"


def previous_version(versions: Iterable[Version], current: Version) -> Version | None:
    """The highest version strictly below ``current``, or None (a baseline of the same
    version is not the previous one)."""
    below = [v for v in versions if v < current]
    return max(below) if below else None
