"""The grader's cache: a judgement is never paid for twice.

A reply is stored under the SHA-256 of the exact request: the endpoint's base URL, the
model and the request body (the instructions, the case with its evidence, the rubric, the
output schema, the temperature). An answer that did not change is answered from the cache;
any change to what the grader would see is another key, so a new request. The API key is
not part of the request's identity and is never stored.

Only replies that are valid structured output are stored (the caller decides): a failure is
never cached, so the next run asks again. Each entry is one file,
``DIR/<first two hex digits>/<key>.json``, written to a temporary file in the same folder
and renamed over its name (:func:`gate.core.files.atomic_write_bytes`): two runs sharing the
folder each see a whole entry or none, and a run interrupted mid-way leaves only whole
entries (and at worst a temporary file, which no lookup reads).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gate.core.files import atomic_write_bytes

#: Written in every entry; an entry of another format is a miss.
FORMAT = "answer-gate grader cache 1"


def request_key(endpoint: str, model: str, body: Mapping[str, Any]) -> str:
    """The hex SHA-256 of a request: base URL (without a trailing ``/``), model and body,
    as canonical JSON (sorted keys, no spaces, UTF-8)."""
    identity = {"endpoint": endpoint.rstrip("/"), "model": model, "body": body}
    text = json.dumps(identity, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ReplyCache:
    """Replies stored by request key in a folder (created on the first store)."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)

    def path(self, key: str) -> Path:
        """Where the entry of ``key`` lives."""
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> Any | None:
        """The stored reply body of ``key``, or None (no entry, or one that cannot be read
        whole: it is then asked again and replaced)."""
        try:
            data = json.loads(self.path(key).read_bytes())
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key or "reply" not in data:
            return None
        return data["reply"]

    def put(self, key: str, endpoint: str, model: str, reply: Any) -> None:
        """Store a reply (valid output only: the caller never stores a failure).

        Raises:
            OSError: the folder cannot be created or written.
        """
        entry = {"format": FORMAT, "key": key, "endpoint": endpoint.rstrip("/"), "model": model, "reply": reply}
        target = self.path(key)
        os.makedirs(target.parent, exist_ok=True)
        atomic_write_bytes(target, json.dumps(entry, ensure_ascii=False, sort_keys=True).encode("utf-8"))


def cache_problem(folder: str) -> str | None:
    """Why ``folder`` cannot serve as the cache, or None (a missing folder is created)."""
    path = Path(folder)
    if path.is_symlink() and not path.is_dir():
        return "expected a folder for the cache, found a broken symbolic link"
    if path.exists() and not path.is_dir():
        return "expected a folder for the cache, found a file"
    if path.is_dir() and not os.access(path, os.W_OK | os.X_OK):
        return "the cache folder is not writable"
    if not path.exists():
        parent = path.parent
        while not parent.exists() and parent != parent.parent:
            parent = parent.parent
        if not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK):
            return f"the cache folder does not exist and cannot be created in {str(parent)!r}"
    return None
