"""set add-failures: draft entries for every failed question, the set never edited."""

from __future__ import annotations

import json

from conftest import ROOT, RUN_13, SET_12, THRESHOLDS

RUBRIC = ROOT / "rubric.yaml"
READER = ROOT / "tests" / "fixtures" / "judgements_reader_1.3.jsonl"


def test_add_failures_drafts_each_failed_question_with_findings_and_notes(tmp_path, cli):
    before = SET_12.read_bytes()
    out = tmp_path / "draft.jsonl"
    code, stdout, err = cli("set", "add-failures", str(RUN_13), "--questions", str(SET_12), "--judgements", str(READER),
                            "--rubric", str(RUBRIC), "--thresholds", str(THRESHOLDS), "--out", str(out))
    assert code == 0, err
    entries = [json.loads(line) for line in out.read_text().splitlines()]
    assert [e["question_id"] for e in entries] == ["a03", "a04", "a06", "a07"]
    a04 = entries[1]
    assert a04["expected_caveats"] == ["provisional"]
    assert [f["code"] for f in a04["review"]["findings"]] == ["reader_no"]
    assert a04["review"]["findings"][0]["message"].endswith("provisional status omitted")
    assert "expected_caveats already names it: provisional" in a04["review"]["caveat"]
    assert entries[0]["expected_values"] == [41.0]
    assert "wrote 4 draft entries for review" in stdout and "the set is unchanged" in stdout
    assert SET_12.read_bytes() == before


def test_add_failures_without_judgements_uses_the_automatic_findings(tmp_path, cli):
    out = tmp_path / "draft.jsonl"
    assert cli("set", "add-failures", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--out", str(out))[0] == 0
    assert [json.loads(line)["question_id"] for line in out.read_text().splitlines()] == ["a03", "a06", "a07"]


def test_add_failures_refuses_to_write_over_the_set(tmp_path, cli):
    code, _, err = cli("set", "add-failures", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--out", str(SET_12))
    assert code == 2 and "expected a new draft file, found an input: the set is never edited in place" in err


def test_add_failures_refuses_to_write_over_an_existing_draft_unless_forced(tmp_path, cli):
    out = tmp_path / "draft.jsonl"
    out.write_text('{"question_id": "a03", "edited": "by a person"}\n', encoding="utf-8")
    args = ("set", "add-failures", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--out", str(out))
    code, stdout, err = cli(*args)
    assert code == 2 and stdout == ""
    assert f"{out}: --out: expected a new draft file, found one already: it may hold a person's edits; pass --force to replace it" in err
    assert out.read_text(encoding="utf-8") == '{"question_id": "a03", "edited": "by a person"}\n'
    code, stdout, err = cli(*args, "--force")
    assert code == 0, err
    assert [json.loads(line)["question_id"] for line in out.read_text().splitlines()] == ["a03", "a06", "a07"]
