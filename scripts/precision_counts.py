"""How many sentences of a precision corpus the figure reader reads exactly, per language.

Not a test: the measure behind the issue 15 note, which anyone can run before and after a
change. A corpus is a JSON Lines file, one sentence a line with its labelled figures
(``tests/fixtures/precision/digits.jsonl``: ``language``, ``text``, ``figures`` as
``[text, value, exponent, percent, hedge]``); a sentence is read exactly when the reader
gives that full list, in order. From the repository root::

    python scripts/precision_counts.py tests/fixtures/precision/*.jsonl             # the working tree
    python scripts/precision_counts.py --rev 95f5ef1 tests/fixtures/precision/*.jsonl  # the reader at a commit

``--rev`` reads the package ``gate`` at that commit with ``git archive`` into a temporary
folder and runs this script again there. Add ``--misses`` to list the sentences read
otherwise. The output is the same for the same tree and corpus.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "fr", "es", "de", "pt", "it", "nl", "ar")


def _count(paths: list[str], misses: bool) -> None:
    from gate.figures import extract_figures

    total: Counter[str] = Counter()
    exact: Counter[str] = Counter()
    missed = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            case = json.loads(line)
            got = [[f.text, f.value, f.exponent, f.percent, f.hedge] for f in extract_figures(case["text"], case["language"])]
            want = [[t, Decimal(v), e, p, h] for t, v, e, p, h in case["figures"]]
            lang = case["language"].split("-")[0]
            total[lang] += 1
            if got == want:
                exact[lang] += 1
            else:
                missed.append((case["id"], got))
    for lang in LANGUAGES:
        print(f"{lang}  {exact[lang]:3} / {total[lang]:3}")
    print(f"all {sum(exact.values()):3} / {sum(total.values()):3}")
    for case_id, got in missed if misses else ():
        print(f"  missed {case_id}: read {got}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="+", help="JSON Lines files of labelled sentences")
    parser.add_argument("--rev", help="read with the package gate at this commit")
    parser.add_argument("--misses", action="store_true", help="list the sentences not read exactly")
    parser.add_argument("--tree", help=argparse.SUPPRESS)  # the folder --rev extracted the package to
    args = parser.parse_args()
    if args.rev is None:
        sys.path.insert(0, args.tree or str(ROOT))
        _count(args.corpus, args.misses)
        return
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.rev, "gate"], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        corpus = [str(Path(c).resolve()) for c in args.corpus]
        command = [sys.executable, str(Path(__file__).resolve()), *corpus, "--tree", tmp, *(["--misses"] if args.misses else [])]
        subprocess.run(command, check=True, cwd=tmp, env=dict(os.environ, PYTHONSAFEPATH="1"))

if __name__ == "__main__":
    main()
