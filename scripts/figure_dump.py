"""Every figure the reader finds in a corpus, with everything the reader says about it.

Not a test: the proof that a faster reader changed no result (issue 12, item 3). Run it
before and after a change on the same corpus and compare the outputs byte for byte. Each
output line is one text read in one language (JSON)::

    {"source": "...", "language": "fr", "text": "...",
     "figures": [...], "counts": [...], "evidence": [...], "checks": [...]}

* ``figures``: :func:`~gate.figures.extract_figures` of the text, each figure as
  ``[text, start, end, value, exponent, percent, hedge, fall, ratio]``, ``fall`` and
  ``ratio`` its :func:`~gate.figures.fall_reading` and
  :func:`~gate.figures.ratio_reading` in the same shape (null for none);
* ``counts``: the same with ``counts=True`` (how evidence is read);
* ``evidence`` (answers of a run only): :func:`~gate.figures.evidence_values` of the
  answer's retrieved values and its question, as strings;
* ``checks``: :func:`~gate.figures.check_figure` of each figure and of each of its readings
  against that evidence (or, without evidence, against the text's own ``counts`` values
  and each of them plus 0.05 and times 1.1), under each matching policy, as
  ``[supported, low, high, nearest, matched]``.

The corpus: answers of generated runs (JSON Lines with ``answer``, ``language``,
``question``, ``retrieved_values``), and any JSON, JSON Lines or gzipped JSON file, or
Python file (its string constants), or folder of them, whose every string is read in its record's ``language`` and in every
language of :data:`LANGUAGES`. From the repository root::

    python scripts/figure_dump.py --run /tmp/answer-gate-bench/answers_run_assistant-9.0_set-100000.jsonl \\
        --texts tests/fixtures /work/shared/cases tests/test_figures.py --out /tmp/dump.jsonl
"""

from __future__ import annotations

import argparse
import ast
import gzip
import json
import sys
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gate.figures import (  # noqa: E402
    Figure,
    MatchSettings,
    check_figure,
    evidence_values,
    extract_figures,
    fall_reading,
    ratio_reading,
)

LANGUAGES = ("en", "fr", "es", "de", "pt", "it", "nl", "ar", "fr-CA", "es-MX", "pt-BR", "zz")
POLICIES = (
    MatchSettings(),
    MatchSettings(rounding="exact"),
    MatchSettings(percent_fraction=False, derived=("difference",)),
)
_SKIPPED = ("figure_dump",)  # the dump's own golden files are no corpus


def _figure(f: Figure | None) -> list[Any] | None:
    if f is None:
        return None
    return [f.text, f.start, f.end, str(f.value), f.exponent, f.percent, f.hedge]


def _support(figure: Figure, evidence: Sequence[Decimal], settings: MatchSettings) -> list[Any]:
    s = check_figure(figure, evidence, settings)
    return [s.supported, str(s.low), str(s.high), None if s.nearest is None else str(s.nearest),
            None if s.matched is None else str(s.matched)]


def read(source: str, text: str, language: str, values: Sequence[object] | None = None,
         question: str | None = None) -> dict[str, Any]:
    """One output record: what the reader says about ``text`` read in ``language``."""
    figures = extract_figures(text, language)
    counted = extract_figures(text, language, counts=True)
    readings = [(f, fall_reading(text, f), ratio_reading(text, f, language)) for f in figures]
    record: dict[str, Any] = {
        "source": source, "language": language, "text": text,
        "figures": [[*_figure(f), _figure(fall), _figure(ratio)] for f, fall, ratio in readings],  # type: ignore[misc]
        "counts": [_figure(f) for f in counted],
    }
    if values is not None or question is not None:
        evidence = evidence_values(values, question, None, language)  # type: ignore[arg-type]
        record["evidence"] = [str(v) for v in evidence]
    else:
        base = [f.value for f in counted]
        evidence = (*base, *(v + Decimal("0.05") for v in base), *(v * Decimal("1.1") for v in base))
    record["checks"] = [
        [_support(f, evidence, settings) for settings in POLICIES for f in (f0, fall, ratio) if f is not None]
        for f0, fall, ratio in readings
    ]
    return record


def run_records(path: Path) -> Iterator[dict[str, Any]]:
    """The records of a generated run's answers (the run's header line skipped)."""
    with path.open(encoding="utf-8") as lines:
        for n, line in enumerate(lines, 1):
            row = json.loads(line)
            if "answer" not in row:
                continue
            yield read(f"{path.name}:{n}", row["answer"] or "", row.get("language") or "en",
                       row.get("retrieved_values") or [], row.get("question"))


def _json_files(path: Path) -> Iterator[Path]:
    if path.is_dir():
        for p in sorted(path.rglob("*")):
            if p.is_file() and not any(s in p.parts for s in _SKIPPED) and p.name.endswith((".json", ".jsonl", ".json.gz", ".py")):
                yield p
    else:
        yield path


def _documents(path: Path) -> Iterator[Any]:
    raw = gzip.decompress(path.read_bytes()) if path.name.endswith(".gz") else path.read_bytes()
    text = raw.decode("utf-8")
    if path.name.endswith(".jsonl"):
        for line in text.splitlines():
            if line.strip():
                yield json.loads(line)
    else:
        yield json.loads(text)


def _literals(path: Path) -> Iterator[str]:
    """The string constants of a Python file (the cases a test module pins)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value:
            yield node.value


def _strings(x: Any, language: str) -> Iterator[tuple[str, str]]:
    """(string, the language of its record) for every string inside ``x``."""
    if isinstance(x, dict):
        lang = x.get("language") if isinstance(x.get("language"), str) else language
        for v in x.values():
            yield from _strings(v, lang)
    elif isinstance(x, list):
        for v in x:
            yield from _strings(v, language)
    elif isinstance(x, str) and x:
        yield x, language


def text_records(paths: Sequence[Path], languages: Sequence[str] = LANGUAGES) -> Iterator[dict[str, Any]]:
    """The records of every string of the files, each read in its record's language and in
    every one of ``languages`` (each (text, language) once)."""
    seen: set[tuple[str, str]] = set()
    for path in paths:
        for file in _json_files(path):
            found = ((t, "en") for t in _literals(file)) if file.suffix == ".py" else (
                pair for doc in _documents(file) for pair in _strings(doc, "en"))
            for text, lang in found:
                    for language in dict.fromkeys((lang, *languages)):
                        if (text, language) not in seen:
                            seen.add((text, language))
                            yield read(file.name, text, language)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--run", type=Path, action="append", default=[], help="a generated run (JSON Lines)")
    parser.add_argument("--texts", type=Path, nargs="*", default=[], help="JSON files or folders of them")
    parser.add_argument("--languages", default=",".join(LANGUAGES),
                        help="comma-separated: the languages each string of --texts is read in besides its own")
    parser.add_argument("--out", type=Path, required=True, help="the dump (JSON Lines; gzipped when it ends in .gz)")
    args = parser.parse_args(argv)
    languages = [x for x in args.languages.split(",") if x]
    lines = (json.dumps(r, ensure_ascii=False) + "\n" for r in records(args.run, args.texts, languages))
    if args.out.name.endswith(".gz"):
        with gzip.open(args.out, "wt", encoding="utf-8", errors="surrogatepass") as out:
            out.writelines(lines)
    else:
        with args.out.open("w", encoding="utf-8", errors="surrogatepass") as out:
            out.writelines(lines)
    return 0


def records(runs: Sequence[Path], texts: Sequence[Path], languages: Sequence[str] = LANGUAGES) -> Iterator[dict[str, Any]]:
    """The records of the runs' answers, then of the texts' strings."""
    for run in runs:
        yield from run_records(run)
    yield from text_records(texts, languages)


if __name__ == "__main__":
    raise SystemExit(main())
