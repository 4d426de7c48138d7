"""``--max-findings all`` on a large run (issue 12, item 2): past a number held, the findings go
to a temporary file as they are scored, and the JSON report writes them one after another from
there; the reports are the same bytes as when every finding is held."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import RUN_13, SET_12, THRESHOLDS

import gate.engine.findings
from gate.baseline import BaselineComparer
from gate.engine.findings import SpilledFindings, StoredFindings
from gate.report.json_report import render_json, write_json
from gate.report.markdown import render_markdown
from gate.report.model import Report
from gate.run.check import check_run


def _check(run: Path, jobs: int = 1) -> Report:
    return check_run(run, SET_12, THRESHOLDS, compare=BaselineComparer(skip=True), jobs=jobs, max_findings=None)


def _written(report: Report) -> bytes:
    out = io.BytesIO()
    write_json(report, out)
    return out.getvalue()


@pytest.fixture
def reversed_log(tmp_path) -> Path:
    """The example log with its answers in reverse order: findings come out of the set's order."""
    lines = RUN_13.read_text("utf-8").splitlines(keepends=True)
    header, body = (lines[:1], lines[1:]) if '"run"' in lines[0] else ([], lines)
    path = tmp_path / RUN_13.name
    path.write_text("".join(header + body[::-1]), encoding="utf-8")
    return path


@pytest.mark.parametrize("log", ["in-order", "reversed"])
def test_findings_past_the_hold_are_on_disk_and_the_reports_are_the_same_bytes(monkeypatch, reversed_log, log):
    run = RUN_13 if log == "in-order" else reversed_log
    held = _check(run)
    assert not isinstance(held.findings, StoredFindings) and len(held.findings) == 5
    monkeypatch.setattr(gate.engine.findings, "HOLD_FINDINGS", 2)
    spilled = _check(run)
    assert isinstance(spilled.findings, StoredFindings)
    assert len(spilled.findings) == len(held.findings)
    assert list(spilled.findings) == list(held.findings)
    assert spilled.findings[-1] == held.findings[-1] and tuple(spilled.findings[1:4]) == tuple(held.findings[1:4])
    assert _written(spilled) == render_json(held).encode("utf-8") == _written(held)
    assert render_markdown(spilled, full_report="r.json") == render_markdown(held, full_report="r.json")


def test_the_spill_holds_nothing_once_past_the_hold():
    findings = SpilledFindings(hold=2)
    report = _check(RUN_13)
    for position, f in enumerate(report.findings):
        findings.add_keyed(len(report.findings) - position, 0, f)  # in reverse: sorted back on reading
    assert findings._heap == [] and findings.total == len(report.findings)
    assert list(findings.listed()) == list(report.findings)[::-1]


def test_the_command_writes_every_finding_from_disk_as_when_held(monkeypatch, workdir, cli):
    args = ("check", str(RUN_13), "--questions", str(SET_12), "--no-baseline", "--max-findings", "all", "--jobs", "1")
    cli(*args, "--json", "held.json", "--markdown", "held.md")
    monkeypatch.setattr(gate.engine.findings, "HOLD_FINDINGS", 2)
    cli(*args, "--json", "spilled.json", "--markdown", "spilled.md")
    assert Path("spilled.json").read_bytes() == Path("held.json").read_bytes()
    assert Path("spilled.md").read_text("utf-8").replace("spilled.json", "held.json") == Path("held.md").read_text("utf-8")


def test_write_json_gives_the_bytes_of_render_json_with_and_without_findings():
    report = _check(RUN_13)
    assert _written(report) == render_json(report).encode("utf-8")
    from dataclasses import replace

    empty = replace(report, findings=())
    assert _written(empty) == render_json(empty).encode("utf-8")


def _stored(findings: list) -> StoredFindings:
    from array import array

    from gate.engine.findings import _encode, _temporary

    file, offsets = _temporary(), array("q", [0])
    for f in findings:
        data = _encode(f)
        file.write(data)
        offsets.append(offsets[-1] + len(data))
    return StoredFindings(file, offsets, range(len(findings))[::-1])  # read in reverse: the order is kept


def test_redacting_findings_on_disk_reads_only_the_records_that_may_hold_a_secret(monkeypatch):
    from dataclasses import replace

    from gate.report.redact import redact_report

    report = _check(RUN_13)
    plain = list(report.findings)
    secret = replace(plain[1], message=plain[1].message + " (ask jane.doe@example.org)")
    decoded: list[bytes] = []
    decode = gate.engine.findings._decode
    monkeypatch.setattr(gate.engine.findings, "_decode", lambda data: decoded.append(data) or decode(data))

    clean = _stored(plain)
    assert redact_report(replace(report, findings=clean)).findings is clean  # nothing to redact: the same file
    assert decoded == []
    redacted = redact_report(replace(report, findings=_stored(plain[:1] + [secret] + plain[2:]))).findings
    assert len(decoded) == 1  # the one record with an '@'
    assert list(redacted) == list(reversed(plain[:1] + [replace(secret, message=plain[1].message + " (ask [redacted])")] + plain[2:]))
    assert list(redact_report(replace(report, findings=_stored(plain[:1] + [secret])), ["ZZZ"]).findings)[0].message.endswith("(ask [redacted])")
