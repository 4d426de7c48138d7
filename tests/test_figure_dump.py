"""The figure reader reads a committed sample exactly as it did before it was made faster
(issue 12, item 3): ``scripts/figure_dump.py`` on 200 generated answers and the precision
and cases corpora (each text in its own language and in en, fr, de and ar) gives the
golden dump, written by the reader of main at 20bb924 before the rewrite. The dump holds
every field of every figure, with counts and without, its fall and ratio readings, the
evidence values of each answer and each check under three matching policies.

To renew the golden after a change meant to change readings (never for speed work)::

    python scripts/figure_dump.py --run tests/fixtures/figure_dump/answers.jsonl \\
        --texts tests/cases tests/fixtures/precision --languages en,fr,de,ar --out /tmp/g.jsonl
    gzip -9nc /tmp/g.jsonl > tests/fixtures/figure_dump/golden.jsonl.gz
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import sys

from conftest import ROOT

_spec = importlib.util.spec_from_file_location("figure_dump", ROOT / "scripts" / "figure_dump.py")
assert _spec is not None and _spec.loader is not None
figure_dump = importlib.util.module_from_spec(_spec)
sys.modules["figure_dump"] = figure_dump
_spec.loader.exec_module(figure_dump)

FOLDER = ROOT / "tests" / "fixtures" / "figure_dump"


def test_the_reader_gives_the_golden_dump_of_the_sample_record_for_record():
    golden = gzip.decompress((FOLDER / "golden.jsonl.gz").read_bytes()).decode("utf-8").splitlines()
    dumped = [
        json.dumps(r, ensure_ascii=False)
        for r in figure_dump.records([FOLDER / "answers.jsonl"], [ROOT / "tests" / "cases", ROOT / "tests" / "fixtures" / "precision"],
                                     ["en", "fr", "de", "ar"])
    ]
    assert len(dumped) == len(golden) == 6166
    for got, want in zip(dumped, golden):
        assert got == want


def test_the_dump_names_each_figure_with_its_readings_evidence_and_checks():
    record = figure_dump.read("x", "Prices fell 1.9% in 2024.", "en", [-1.9], None)
    assert record["figures"] == [["1.9%", 12, 16, "1.9", -1, True, None, ["1.9%", 12, 16, "-1.9", -1, True, None], None]]
    assert record["evidence"] == ["-1.9"]
    assert record["checks"][0][0] == [False, "1.85", "1.95", "-1.9", None]  # as written: not supported
    assert record["checks"][0][1] == [True, "-1.95", "-1.85", "-1.9", "-1.9"]  # as a fall: supported
