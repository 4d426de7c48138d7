"""The same question in several languages (``group`` in the set): answers compared across
languages, the measure cross_language_consistency and the finding cross_language_disagreement,
the same whatever --jobs or shards."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from conftest import THRESHOLDS

from gate.engine.groups import GroupSummaries, group_counts
from gate.model.groups import DECLINED, STATED, GroupEntry, GroupFigure
from gate.model.outcomes import Count
from gate.report.json_report import render_json
from gate.run.check import check_run
from gate.run.shards import merge_shards, score_shard
from gate.scoring.groups import agree, compare_group

MEASURE, CODE = "cross_language_consistency", "cross_language_disagreement"
OBS = [{"series": "UNEMP", "period": "2024", "value": 7.6, "unit": "percent"}]


def _q(qid: str, language: str, group: str, **more: object) -> dict[str, object]:
    return {"question_id": qid, "language": language, "question": "", "expected_behaviour": "answer", "group": group, **more}


def _a(qid: str, language: str, text: str | None, declined: bool = False, observations: list[dict[str, object]] | None = None) -> dict[str, object]:
    line: dict[str, object] = {"question_id": qid, "language": language, "question": "", "retrieved_ids": ["UNEMP"],
                               "retrieved_values": [7.6, 9.1, 5.2, 6.0], "answer": text, "cited_ids": [] if declined else ["UNEMP"],
                               "declined": declined}
    if observations is not None:
        line["retrieved_observations"] = observations
    return line


#: Groups in English, French, Spanish, Arabic, German: one that agrees (7.6%, "7,6 %", "about
#: 8%", "٧٫٦٪"), one where French says otherwise, one where Spanish declines, one without a
#: majority (two languages, two figures), one bound to an observation, and one answered
#: in one language only (not counted).
QUESTIONS = [
    _q("agree-en", "en", "agree"), _q("agree-fr", "fr", "agree"), _q("agree-es", "es", "agree"), _q("agree-ar", "ar", "agree"),
    _q("differ-en", "en", "differ"), _q("differ-fr", "fr", "differ"), _q("differ-es", "es", "differ"), _q("differ-de", "de", "differ"),
    _q("decline-en", "en", "decline"), _q("decline-fr", "fr", "decline"), _q("decline-es", "es", "decline"),
    _q("split-en", "en", "split"), _q("split-de", "de", "split"),
    _q("bound-en", "en", "bound"), _q("bound-fr", "fr", "bound"),
    _q("alone-en", "en", "alone"),
    {"question_id": "plain", "language": "en", "question": "", "expected_behaviour": "answer"},
]
ANSWERS = [
    _a("agree-en", "en", "Unemployment was 7.6% in 2024."),
    _a("agree-fr", "fr", "Le taux de chômage était de 7,6 % en 2024."),
    _a("agree-es", "es", "El desempleo fue de alrededor del 8 % en 2024."),
    _a("agree-ar", "ar", "بلغ معدل البطالة ٧٫٦٪ في عام 2024."),
    _a("differ-en", "en", "Unemployment was 7.6% in 2024."),
    _a("differ-fr", "fr", "Le taux de chômage était de 9,1 % en 2024."),
    _a("differ-es", "es", "El desempleo fue del 7,6 % en 2024."),
    _a("differ-de", "de", "Die Arbeitslosenquote lag 2024 bei 7,6 %."),
    _a("decline-en", "en", "Unemployment was 7.6% in 2024."),
    _a("decline-fr", "fr", "Le taux de chômage était de 7,6 % en 2024."),
    _a("decline-es", "es", None, declined=True),
    _a("split-en", "en", "Unemployment was 5.2% in 2024."),
    _a("split-de", "de", "Die Arbeitslosenquote lag 2024 bei 6,0 %."),
    _a("bound-en", "en", "In 2024 unemployment was 7.6% (UNEMP), against 9.1% in the capital.", observations=OBS),
    _a("bound-fr", "fr", "Dans la capitale, 5,2 % ; au total, le chômage était de 7,6 % en 2024 (UNEMP).", observations=OBS),
    _a("alone-en", "en", "Unemployment was 6.0% in 2024."),
    _a("plain", "en", "Unemployment was 7.6% in 2024."),
]


def _write(tmp_path: Path, answers: list[dict[str, object]] = ANSWERS) -> tuple[Path, Path]:
    questions, run = tmp_path / "question_set-g.jsonl", tmp_path / "answers_run_assistant-1_set-g.jsonl"
    questions.write_text(json.dumps({"set": {"version": "g"}}) + "\n" + "".join(json.dumps(q, ensure_ascii=False) + "\n" for q in QUESTIONS), "utf-8")
    run.write_text(json.dumps({"run": {"assistant_version": "1", "set_version": "g"}}) + "\n"
                   + "".join(json.dumps(a, ensure_ascii=False) + "\n" for a in answers), "utf-8")
    return questions, run


def _report(tmp_path: Path, jobs: int = 1) -> dict[str, object]:
    questions, run = _write(tmp_path)
    return json.loads(render_json(check_run(str(run), str(questions), THRESHOLDS, jobs=jobs)))


def _findings(report: dict[str, object]) -> dict[str, str]:
    return {f["question_id"]: f["message"] for f in report["findings"] if f["code"] == CODE}  # type: ignore[index, union-attr]


def _score(report: dict[str, object], slice_name: str) -> tuple[int, int]:
    row = next(s for s in report["scores"] if s["slice"] == slice_name and s["measure"] == MEASURE)  # type: ignore[union-attr, index]
    return row["numerator"], row["denominator"]


def test_findings_name_the_differing_language_and_what_each_said(tmp_path):
    found = _findings(_report(tmp_path))
    # agreeing groups ("7.6%", "7,6 %", "about 8%", Arabic digits; bound to UNEMP 2024) and
    # a group answered in one language give no finding
    assert sorted(found) == ["decline-es", "differ-fr", "split-de", "split-en"]
    assert "fr said 9,1 %, which differs from the majority" in found["differ-fr"]
    assert "en (differ-en) said 7.6%" in found["differ-fr"] and "de (differ-de) said 7,6 %" in found["differ-fr"]
    assert "es declined, which differs from the majority" in found["decline-es"]
    assert "fr (decline-fr) said 7,6 %" in found["decline-es"]
    assert "en said 5.2%, and no answer of its group agrees with a majority" in found["split-en"]
    assert "de said 6,0 %, and no answer of its group agrees with a majority" in found["split-de"]
    assert "(group 'split': de (split-de) said 6,0 %; en (split-en) said 5.2%)" in found["split-en"]


def test_the_measure_counts_groups_in_all_and_grouped_answers_per_language(tmp_path):
    report = _report(tmp_path)
    # groups answered in two languages or more: agree, differ, decline, split, bound; agree: 2
    assert _score(report, "all") == (2, 5)
    # en: agree, differ, decline, bound with their group, split not: 4 of 5 (alone not counted)
    assert _score(report, "language=en") == (4, 5)
    assert _score(report, "language=fr") == (3, 4)  # differ-fr outside its majority
    assert _score(report, "language=es") == (2, 3)  # decline-es
    assert _score(report, "language=de") == (1, 2)  # split-de
    assert _score(report, "language=ar") == (1, 1)
    rule = next(r for r in report["rules"] if r["measure"] == MEASURE and r["slice"] == "all")  # type: ignore[union-attr, index]
    assert rule["severity"] == "warn" and rule["status"] != "pass"


@pytest.mark.parametrize("max_findings", [None, 2, 5])
def test_jobs_give_the_same_bytes_with_groups_split_across_batches(tmp_path, monkeypatch, max_findings):
    questions, run = _write(tmp_path)
    one = render_json(check_run(str(run), str(questions), THRESHOLDS, jobs=1, max_findings=max_findings))
    monkeypatch.setattr("gate.engine.workers.BATCH_LINES", 3)  # each group's answers in two batches or more, in two workers
    two = render_json(check_run(str(run), str(questions), THRESHOLDS, jobs=2, max_findings=max_findings))
    assert one == two and CODE in one


@pytest.mark.parametrize("n", [2, 3, 5])
def test_a_group_split_across_shards_merges_to_the_report_of_check(tmp_path, n):
    questions, run = _write(tmp_path)
    whole = render_json(check_run(str(run), str(questions), THRESHOLDS))
    shards = []
    for k in range(1, n + 1):
        path = tmp_path / f"shard-{k}.jsonl"
        score_shard(str(run), str(questions), THRESHOLDS, (k, n), path)
        shards.append(path)
    groups_in = [{json.loads(line).get("g", [None])[0] for line in p.read_text("utf-8").splitlines()[1:]} - {None} for p in shards]
    assert any(a & b for i, a in enumerate(groups_in) for b in groups_in[i + 1:])  # some group spans two shards
    assert render_json(merge_shards(list(reversed(shards)))) == whole


def _entry(language: str, text: str, low: str, high: str, stance: str = STATED, key: str = "") -> GroupEntry:
    figures = (GroupFigure(key, text, Decimal(low), Decimal(high)),) if stance == STATED else ()
    return GroupEntry("g", f"q-{language}", language, stance, figures)


@pytest.mark.parametrize("a, b, agrees", [
    (("7.6%", "7.55", "7.65"), ("about 8%", "7.5", "8.5"), True),
    (("7.6%", "7.55", "7.65"), ("7.7%", "7.65", "7.75"), True),  # ends touch, both included
    (("7.6%", "7.55", "7.65"), ("7.8%", "7.75", "7.85"), False),
])
def test_two_figures_agree_when_their_intervals_overlap(a, b, agrees):
    assert agree(_entry("en", *a), _entry("fr", *b)) is agrees


def test_an_open_end_does_not_overlap():
    over = GroupEntry("g", "q-fr", "fr", STATED, (GroupFigure("", "over 7.65", Decimal("7.65"), Decimal("7.75"), False, True),))
    assert not agree(_entry("en", "7.6%", "7.55", "7.65"), over)


def test_the_comparison_does_not_depend_on_the_order_and_summaries_merge():
    entries = [_entry("en", "7.6%", "7.55", "7.65"), _entry("fr", "7,6 %", "7.55", "7.65"), _entry("ar", "", "", "", DECLINED)]
    one, two = GroupSummaries(), GroupSummaries()
    one.add(entries[0])
    two.add(entries[1])
    two.add(entries[2])
    one.merge(two)
    whole = GroupSummaries()
    for e in reversed(entries):
        whole.add(e)
    assert one.comparisons() == whole.comparisons() == [compare_group("g", entries)]
    assert group_counts(one.comparisons()) == {"all": Count(0, 1), "language=ar": Count(0, 1), "language=en": Count(1, 1),
                                               "language=fr": Count(1, 1)}


def test_the_measure_and_the_finding_in_every_report_format(tmp_path):
    import io
    import xml.etree.ElementTree as ET

    from jsonschema import Draft202012Validator
    from rich.console import Console

    from gate.core.schemas import schema
    from gate.report.json_report import report_to_dict
    from gate.report.junit import render_junit
    from gate.report.markdown import render_markdown
    from gate.report.terminal import render_terminal

    questions, run = _write(tmp_path)
    report = check_run(str(run), str(questions), THRESHOLDS)
    data = report_to_dict(report)
    assert list(Draft202012Validator(schema("report")).iter_errors(data)) == []
    assert {"name": MEASURE, "label": "cross-language agreement", "direction": "higher", "family": "automatic",
            "unit": "groups"} in data["measures"]
    buffer = io.StringIO()
    render_terminal(report, Console(width=200, file=buffer, color_system=None, soft_wrap=True))
    terminal = buffer.getvalue()
    assert "cross-language agreement" in terminal and "0.40 (5)" in terminal
    assert "fr said 9,1 %, which differs from the majority" in terminal
    markdown = render_markdown(report)
    assert "cross-language agreement" in markdown and "fr said 9,1 %" in markdown
    suite = next(ET.fromstring(render_junit(report)).iter("testsuite"))
    cases = {(c.get("classname"), c.get("name")): c for c in suite.iter("testcase")}
    warned = cases[("answer-gate.all", "cross_language_consistency min 1")]
    assert warned.find("skipped") is None and "cross-language agreement 0.40 (n=5)" in (warned.findtext("system-out") or "")
    assert "differ-fr [fr] cross_language_consistency cross_language_disagreement" in (suite.findtext("system-out") or "")


def test_on_dask_in_small_blocks_the_report_is_the_same_bytes(tmp_path):
    distributed = pytest.importorskip("distributed")
    pytest.importorskip("fsspec")
    from gate.run.distributed import check_on_dask

    questions, run = _write(tmp_path)
    whole = render_json(check_run(str(run), str(questions), THRESHOLDS))
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0") as local:
        on_dask = check_on_dask(str(run), str(questions), THRESHOLDS, address=local.scheduler_address, block_bytes=600)
    assert render_json(on_dask) == whole and CODE in whole


@pytest.mark.parametrize("group, expected", [("", "group"), (7, "group")])
def test_a_bad_group_is_named_with_file_line_and_field_and_exit_code_2(tmp_path, capsys, group, expected):
    from gate.cli.main import main

    questions, run = _write(tmp_path)
    lines = questions.read_text("utf-8").splitlines()
    bad = json.loads(lines[2])
    bad["group"] = group
    lines[2] = json.dumps(bad)
    questions.write_text("\n".join(lines) + "\n", "utf-8")
    out = tmp_path / "report.json"
    assert main(["check", str(run), "--questions", str(questions), "--thresholds", str(THRESHOLDS), "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{questions}:3" in err and expected in err and not out.exists()


def test_a_log_in_the_merged_form_carries_no_group(tmp_path):
    """Groups come from the question set only; in a merged log ``group`` is an unknown field,
    named in a notice and ignored (nothing is compared)."""
    run = tmp_path / "answers_run_assistant-1_set-g.jsonl"
    by_id = {q["question_id"]: q for q in QUESTIONS}
    merged = [{**a, "expected_behaviour": "answer", "group": by_id[a["question_id"]].get("group")} for a in ANSWERS[:8]]
    run.write_text(json.dumps({"run": {"assistant_version": "1", "set_version": "g"}}) + "\n"
                   + "".join(json.dumps(a, ensure_ascii=False) + "\n" for a in merged), "utf-8")
    report = json.loads(render_json(check_run(str(run), None, THRESHOLDS)))
    assert _findings(report) == {} and _score(report, "all") == (0, 0)
    assert any("group: unknown field, ignored" in n for n in report["notices"])  # type: ignore[union-attr]


def test_with_judgements_the_comparison_and_its_findings_stay(tmp_path):
    """With judgements the outcomes are summed again with the rubric's counts: the groups and
    their findings are those of the run without judgements."""
    from conftest import ROOT

    from gate.inputs.judgements import answer_digest

    questions, run = _write(tmp_path)
    labels = {"series": "yes", "period": "yes", "unit": "yes", "caveat": "not_applicable", "no_unsupported_claim": "yes"}
    judged = tmp_path / "judgements.jsonl"
    judged.write_text("".join(json.dumps({"question_id": a["question_id"], "judge": {"kind": "person", "name": "A", "version": None},
                                          "rubric_version": "1", "answer_digest": answer_digest(a["answer"]),  # type: ignore[arg-type]
                                          "labels": labels}) + "\n" for a in ANSWERS[:6]), "utf-8")
    plain = json.loads(render_json(check_run(str(run), str(questions), THRESHOLDS)))
    with_judgements = json.loads(render_json(check_run(str(run), str(questions), THRESHOLDS, judgements=[str(judged)],
                                                       rubric=str(ROOT / "rubric.yaml"))))
    assert _findings(with_judgements) == _findings(plain) and len(_findings(plain)) == 4
    for slice_name in ("all", "language=en", "language=fr", "language=es", "language=de", "language=ar"):
        assert _score(with_judgements, slice_name) == _score(plain, slice_name)
    assert any(s["measure"] == "rubric_pass" and s["denominator"] for s in with_judgements["scores"])  # type: ignore[union-attr, index]
