"""Check that every action pinned by commit resolves to the release tag its comment names.

Not a test: a maintainer runs it before a release and whenever a pin changes (RELEASING.md,
step 4). A pin is a line ``uses: owner/repo@<40 hex digits> # v1.2.3`` (a sub-path such as
``owner/repo/sub@...`` is the repository ``owner/repo``) in ``action.yml``,
``.github/workflows/*.yml`` and ``examples/workflows/*.yml``. For each one the tag is read
through the GitHub REST API, ``GET /repos/{owner}/{repo}/git/ref/tags/{tag}``, and an
annotated tag is followed (``GET /repos/{owner}/{repo}/git/tags/{sha}``) to the commit it
tags; the pin holds when that commit is the pinned SHA. From the repository root::

    python scripts/verify_pins.py                 # GITHUB_TOKEN is used when set (rate limits)
    python scripts/verify_pins.py --api-url URL   # another API root (GitHub Enterprise, a test server)

It prints one line per pin (``ok``, ``MISMATCH``, ``NO TAG``, ``NO VERSION``) and one per
reference that is not pinned by commit (``not pinned``, for a reader to judge; local
actions ``./`` are left out). Exit code 0 when every pin holds, 1 when one does not, 2 when a
file cannot be read or the API cannot answer.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_API_URL = "https://api.github.com"
#: The files whose ``uses:`` lines are checked, relative to the repository root.
PINNED_FILES = ("action.yml", ".github/workflows/*.yml", ".github/workflows/*.yaml", "examples/workflows/*.yml")

_USES = re.compile(r"^\s*(?:-\s+)?uses:\s*(?P<ref>[^\s#]+)\s*(?:#\s*(?P<comment>.*))?$")
_SHA = re.compile(r"[0-9a-f]{40}")
_VERSION = re.compile(r"v\d+(?:\.\d+)*\S*")


@dataclass(frozen=True)
class Use:
    """One ``uses:`` line: where it is, the repository, what it is pinned to, the version comment."""

    file: str
    line: int
    repository: str
    ref: str
    version: str | None

    @property
    def pinned(self) -> bool:
        """Pinned by a full commit SHA."""
        return bool(_SHA.fullmatch(self.ref))

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"


def uses_in(path: str, text: str) -> Iterator[Use]:
    """Every ``uses: owner/repo[/path]@ref`` of a workflow or action file, local and Docker ones left out."""
    for number, row in enumerate(text.splitlines(), 1):
        match = _USES.match(row)
        if not match or match["ref"].startswith(("./", "docker://")) or "@" not in match["ref"]:
            continue
        name, _, ref = match["ref"].partition("@")
        repository = "/".join(name.split("/")[:2])
        version = _VERSION.match(match["comment"].strip()) if match["comment"] else None
        yield Use(path, number, repository, ref, version[0] if version else None)


def pinned_files(root: Path) -> list[Path]:
    """The action and workflow files of a repository, in a stable order."""
    return sorted({p for pattern in PINNED_FILES for p in root.glob(pattern)})


class ApiError(Exception):
    """The API could not answer a question about a tag (other than "no such tag")."""


class TagReader:
    """Reads which commit a tag names, through the GitHub REST API (httpx)."""

    def __init__(self, api_url: str = DEFAULT_API_URL, token: str | None = None, timeout: float = 20.0) -> None:
        headers = {"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28", "User-Agent": "answer-gate-verify-pins"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self._client = httpx.Client(base_url=api_url.rstrip("/"), headers=headers, timeout=timeout)

    def __enter__(self) -> TagReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self._client.close()

    def _get(self, path: str) -> dict[str, object] | None:
        try:
            response = self._client.get(path)
        except httpx.HTTPError as exc:
            raise ApiError(f"GET {path}: {exc}") from None
        if response.status_code == 404:
            return None
        if response.status_code != 200:
            raise ApiError(f"GET {path}: HTTP {response.status_code} {response.text[:200]}")
        data = response.json()
        if not isinstance(data, dict):
            raise ApiError(f"GET {path}: expected an object, found {type(data).__name__}")
        return data

    def commit_of(self, repository: str, tag: str) -> str | None:
        """The commit SHA a tag of a repository names (an annotated tag followed), or None without such a tag."""
        found = self._get(f"/repos/{repository}/git/ref/tags/{tag}")
        for _ in range(5):  # a tag of a tag is allowed; a chain longer than this is not a release
            if found is None:
                return None
            target = found.get("object")
            if not isinstance(target, dict) or not isinstance(target.get("sha"), str):
                raise ApiError(f"tag {tag} of {repository}: expected an object with a sha, found {target!r}")
            if target.get("type") != "tag":
                return str(target["sha"])
            found = self._get(f"/repos/{repository}/git/tags/{target['sha']}")
        raise ApiError(f"tag {tag} of {repository}: annotated tags nested deeper than 5")


def verify(uses: Iterable[Use], reader: TagReader) -> tuple[list[str], bool]:
    """One line per reference, and whether every pin holds."""
    lines, good = [], True
    for use in uses:
        if not use.pinned:
            lines.append(f"not pinned  {use.where}  {use.repository}@{use.ref}")
            continue
        if use.version is None:
            lines.append(f"NO VERSION  {use.where}  {use.repository}@{use.ref}: no '# vX' comment names the tag it should be")
            good = False
            continue
        commit = reader.commit_of(use.repository, use.version)
        if commit is None:
            lines.append(f"NO TAG      {use.where}  {use.repository} has no tag {use.version}")
            good = False
        elif commit != use.ref:
            lines.append(f"MISMATCH    {use.where}  {use.repository}@{use.ref}: tag {use.version} is commit {commit}")
            good = False
        else:
            lines.append(f"ok          {use.where}  {use.repository}@{use.ref} is {use.version}")
    return lines, good


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository to check (default: this one)")
    parser.add_argument("--api-url", default=os.environ.get("GITHUB_API_URL") or DEFAULT_API_URL, help="the GitHub REST API root")
    args = parser.parse_args(argv)
    uses: list[Use] = []
    for path in pinned_files(args.root):
        try:
            uses.extend(uses_in(path.relative_to(args.root).as_posix(), path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError) as exc:
            print(f"{path}: cannot be read: {exc}", file=sys.stderr)
            return 2
    if not uses:
        print(f"no uses: lines in {', '.join(PINNED_FILES)} under {args.root}", file=sys.stderr)
        return 2
    try:
        with TagReader(args.api_url, os.environ.get("GITHUB_TOKEN") or None) as reader:
            lines, good = verify(uses, reader)
    except ApiError as exc:
        print(f"the API at {args.api_url} could not answer: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    pinned = sum(u.pinned for u in uses)
    print(f"{pinned} pin(s) checked: " + ("every one is the commit of its tag" if good else "some do not hold (above)"))
    return 0 if good else 1


if __name__ == "__main__":
    raise SystemExit(main())
