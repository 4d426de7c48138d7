"""What a new user's trial found, each as a law: a capped report's verdict counts every
finding; shards of changed inputs do not merge; every output path is checked as the
reports' are; a grader that judged nothing fails; a bad report is named outside Actions;
a judgements file is given once."""

from __future__ import annotations

import json
import os

import pytest
from conftest import ROOT, RUN_13, SET_12, THRESHOLDS

from gate.cli.main import main
from gate.run.check import check_run
from gate.report import digest
from gate.report.markdown import render_markdown

JUDGED = ROOT / "tests" / "fixtures" / "judgements_reader_1.3.jsonl"


def _headline(report) -> str:
    h = digest.headline(report)
    return f"{h.words}: {', '.join(h.reasons)}"


@pytest.mark.parametrize("cap", [0, 1, 3])
def test_a_capped_report_gives_the_verdict_of_the_whole_run(cap):
    whole = check_run(RUN_13, SET_12, THRESHOLDS)
    capped = check_run(RUN_13, SET_12, THRESHOLDS, max_findings=cap)
    assert len(capped.findings) == cap and capped.findings_not_listed
    assert _headline(whole) == ("failed: 2 invented figures, 1 answer without its expected figure, "
                                "1 citation never retrieved, 1 answer that should have declined")
    assert _headline(capped) == _headline(whole)


def test_the_lead_and_the_markdown_say_how_many_findings_are_not_listed():
    capped = check_run(RUN_13, SET_12, THRESHOLDS, max_findings=1)
    lead = digest.got_worse(capped)
    assert lead is not None and lead.not_listed == 4
    assert digest.lead_heading(lead).startswith("What fails (1 question among the findings listed, and 4 more finding(s) not listed")
    text = render_markdown(capped)
    assert "4 more findings not listed in this report (`--max-findings`), counted by reason: " in text
    # the one listed is a03's wrong number; the four others are counted by reason
    assert "counted by reason: `unsupported_figure` 2, `cited_not_retrieved` 1, `should_decline` 1." in text


def _shard(tmp_path, k: int, n: int, out: str, thresholds=THRESHOLDS, *extra: str) -> int:
    return main(["score-shard", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(thresholds),
                 "--shard", f"{k}/{n}", "--out", str(tmp_path / out), *extra])


def test_shards_scored_with_another_thresholds_file_do_not_merge(tmp_path, capsys):
    changed = tmp_path / "thresholds.yaml"
    changed.write_text(THRESHOLDS.read_text("utf-8").replace("min: 0.90", "min: 0.10"), encoding="utf-8")
    assert _shard(tmp_path, 1, 2, "s1.jsonl") == 0
    assert _shard(tmp_path, 2, 2, "s2.jsonl", changed) == 0
    capsys.readouterr()
    assert main(["merge", str(tmp_path / "s1.jsonl"), str(tmp_path / "s2.jsonl"), "--no-baseline"]) == 2
    err = capsys.readouterr().err
    assert "shard.thresholds_sha256: expected a shard of the same log, set and thresholds as" in err
    assert "the thresholds file's content (SHA-256) differs" in err
    assert "{'of'" not in err  # says what differs, not a dict


def test_a_shard_header_carries_the_digests_of_its_inputs(tmp_path):
    assert _shard(tmp_path, 1, 1, "s.jsonl") == 0
    header = json.loads((tmp_path / "s.jsonl").read_text("utf-8").splitlines()[0])["shard"]
    import hashlib
    assert header["run_sha256"] == hashlib.sha256(RUN_13.read_bytes()).hexdigest()
    assert header["questions_sha256"] == hashlib.sha256(SET_12.read_bytes()).hexdigest()
    assert header["thresholds_sha256"] == hashlib.sha256(THRESHOLDS.read_bytes()).hexdigest()


def test_the_shard_output_is_checked_as_the_reports_are(tmp_path, capsys):
    folder = tmp_path / "folder"
    folder.mkdir()
    assert _shard(tmp_path, 1, 2, "folder") == 2
    assert "--out: expected a file path, found a directory" in capsys.readouterr().err
    (tmp_path / "target.json").write_text("", encoding="utf-8")
    os.symlink(tmp_path / "target.json", tmp_path / "link.jsonl")
    assert _shard(tmp_path, 1, 2, "link.jsonl") == 2
    assert "found a symbolic link" in capsys.readouterr().err
    assert (tmp_path / "target.json").read_text("utf-8") == ""
    assert _shard(tmp_path, 1, 2, "s.jsonl") == 0
    assert _shard(tmp_path, 1, 2, "s.jsonl") == 2
    assert "expected a new file, found an existing one: pass --force to replace it" in capsys.readouterr().err
    assert _shard(tmp_path, 1, 2, "s.jsonl", THRESHOLDS, "--force") == 0


def _grade(tmp_path, endpoint: str, *extra: str) -> int:
    return main(["grade", str(RUN_13), "--questions", str(SET_12), "--rubric", str(ROOT / "rubric.yaml"), "--endpoint", endpoint,
                 "--model", "m", "--out", str(tmp_path / "g.jsonl"), "--retries", "0", "--timeout", "2", *extra])


def test_a_grader_endpoint_that_is_no_url_is_bad_input(tmp_path, capsys):
    assert _grade(tmp_path, "notaurl") == 2
    assert "--endpoint: expected an http:// or https:// URL such as http://localhost:8000/v1, found 'notaurl'" in capsys.readouterr().err
    assert not (tmp_path / "g.jsonl").exists()


def test_a_grader_that_judged_nothing_fails_and_writes_nothing(tmp_path, capsys):
    # port 1 on loopback refuses the connection at once: every request fails
    assert _grade(tmp_path, "http://127.0.0.1:1/v1") == 2
    err = capsys.readouterr().err
    # it stops once 3 requests in a row could not connect: until one is judged, no more than 3 are sent
    assert ("--endpoint: expected the grader to judge at least one answer, found none: 3 requests in a row could not connect "
            "(could not connect: [Errno 111] Connection refused; not retried: the endpoint has not answered yet); tried 3 request(s) to "
            "http://127.0.0.1:1/v1/chat/completions") in err
    assert not (tmp_path / "g.jsonl").exists()


def test_the_grader_does_not_replace_a_judgements_file_without_force(tmp_path, capsys):
    (tmp_path / "g.jsonl").write_text("kept\n", encoding="utf-8")
    assert _grade(tmp_path, "http://127.0.0.1:1/v1") == 2
    assert "expected a new file, found an existing one: pass --force to replace it" in capsys.readouterr().err
    assert (tmp_path / "g.jsonl").read_text("utf-8") == "kept\n"


def test_comment_names_a_bad_report_with_the_environment(tmp_path, monkeypatch, capsys):
    for name in ("GITHUB_REPOSITORY", "GITHUB_TOKEN", "INPUT_TOKEN", "GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH"):
        monkeypatch.delenv(name, raising=False)
    bad = tmp_path / "report.json"
    bad.write_text("{}", encoding="utf-8")
    assert main(["comment", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}: " in err and "problems with the input" in err  # {} lacks every field the report schema requires
    assert "environment: GitHub Actions settings: missing environment variables: GITHUB_REPOSITORY" in err


def test_a_judgements_file_given_twice_is_bad_input(capsys):
    assert main(["check", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--no-baseline",
                 "--judgements", str(JUDGED), str(JUDGED), "--rubric", str(ROOT / "rubric.yaml")]) == 2
    err = capsys.readouterr().err
    assert "--judgements: expected each file once, found it given twice" in err
