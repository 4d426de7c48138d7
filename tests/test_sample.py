"""Sampling for readers: same seed same sample, every language, the whole run with a warning,
and the review sheet written three ways (the CSV read back as judgements)."""

from __future__ import annotations

import csv
import hashlib
import json

import pytest

from conftest import ROOT, RUN_13, SET_12, THRESHOLDS
from gate.run.check import check_run
from gate.model.inputs import Answer, Question
from gate.inputs.join import join
from gate.inputs.question_set import load_question_set
from gate.inputs.run_log import load_run
from gate.judged.sample import draw_sample

RUBRIC = ROOT / "rubric.yaml"


def pairs_13():
    return join(load_run(RUN_13), load_question_set(SET_12)).pairs


def synthetic(counts: dict[str, int]):
    out = []
    for lang, n in sorted(counts.items()):
        for i in range(n):
            qid = f"{lang}{i:03d}"
            out.append((Question(qid, lang, "q", "answer"), Answer(qid, lang, "q", (), (), "a", (), False)))
    return out


def test_same_seed_same_sample_and_the_documented_order():
    a = draw_sample(pairs_13(), 4, 11)
    b = draw_sample(pairs_13(), 4, 11)
    assert [q.question_id for q, _ in a.pairs] == [q.question_id for q, _ in b.pairs]
    # The order is sha256("<seed>:<id>") within each language: recompute it independently.
    key = lambda qid: hashlib.sha256(f"11:{qid}".encode()).hexdigest()  # noqa: E731
    fr = sorted(["a04", "a08"], key=key)[:1]
    assert [q.question_id for q, _ in a.pairs if q.language == "fr"] == fr


def test_different_seeds_draw_different_samples():
    drawn = {tuple(q.question_id for q, _ in draw_sample(pairs_13(), 3, seed).pairs) for seed in range(20)}
    assert len(drawn) > 1


@pytest.mark.parametrize("counts, size, expected", [
    ({"en": 90, "fr": 9, "de": 1}, 30, {"en": 26, "fr": 3, "de": 1}),   # one each, then in proportion
    ({"en": 10, "fr": 10}, 5, {"en": 3, "fr": 2}),                      # tie on remainder: by tag
    ({"en": 5, "fr": 1}, 4, {"en": 3, "fr": 1}),
])
def test_every_language_is_represented_then_proportional(counts, size, expected):
    sample = draw_sample(synthetic(counts), size, 5)
    got: dict[str, int] = {}
    for q, _ in sample.pairs:
        got[q.language] = got.get(q.language, 0) + 1
    assert got == expected and sample.warnings == ()


def test_a_sample_smaller_than_the_languages_says_which_were_left_out():
    sample = draw_sample(synthetic({"en": 3, "fr": 2, "de": 1}), 2, 1)
    assert len(sample.pairs) == 2
    assert sample.warnings == ("a sample of 2 cannot hold every language: de left out",)


def test_more_than_the_run_holds_gives_the_whole_run_with_a_warning(tmp_path, cli):
    code, out, err = cli("sample", str(RUN_13), "--questions", str(SET_12), "--rubric", str(RUBRIC),
                         "--size", "30", "--seed", "1", "--out", str(tmp_path / "r"))
    assert code == 0
    assert "answer-gate: warning: asked for 30 answers, the run holds 8: the whole run is the sample" in err
    assert out.startswith("sampled 8 of 8 answers (seed 1; languages en, fr)")
    items = [json.loads(line) for line in (tmp_path / "r" / "review.jsonl").read_text().splitlines()]
    assert [i["question_id"] for i in items] == ["a01", "a02", "a03", "a04", "a05", "a06", "a07", "a08"]
    a04 = items[3]
    assert a04["caveats_known"] == ["provisional"] and [r["applies"] for r in a04["rubric"]] == [True] * 5
    assert items[4]["declined"] and [r["applies"] for r in items[4]["rubric"]] == [False, False, False, False, True]


def test_the_review_csv_filled_in_is_read_back_as_judgements(tmp_path, cli):
    assert cli("sample", str(RUN_13), "--questions", str(SET_12), "--rubric", str(RUBRIC),
               "--size", "8", "--seed", "2", "--out", str(tmp_path / "r"))[0] == 0
    sheet = tmp_path / "r" / "review.csv"
    rows = list(csv.DictReader(sheet.open(encoding="utf-8", newline="")))
    for row in rows[:3]:  # a reader fills in three rows; five stay blank
        row["judge_name"] = "Amina Diallo"
        for q in ("series", "period", "unit", "no_unsupported_claim"):
            row[q] = "yes"
    rows[0]["unit"] = "no"
    rows[0]["note"] = "no unit"
    with sheet.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    report = check_run(RUN_13, SET_12, THRESHOLDS, judgements=[sheet], rubric=RUBRIC)
    cell = report.cell("all", "rubric_pass")
    assert (cell.numerator, cell.denominator) == (2, 3)
    assert any("5 row(s) not judged yet, skipped: a04, a05, a06, a07, a08" in n for n in report.notices)


def test_the_page_loads_nothing_from_elsewhere(tmp_path, cli):
    assert cli("sample", str(RUN_13), "--questions", str(SET_12), "--rubric", str(RUBRIC),
               "--size", "3", "--seed", "1", "--out", str(tmp_path / "r"))[0] == 0
    text = (tmp_path / "r" / "review.html").read_text(encoding="utf-8")
    assert "default-src 'none'" in text
    for needle in ("http://", "https://", " src=", "<link", "@import", "fetch(", "XMLHttpRequest"):
        assert needle not in text


def test_hostile_answer_text_cannot_close_the_data_script(tmp_path):
    from gate.judged.review_page import review_html
    from gate.inputs.rubric import load_rubric

    item = {"question_id": "x", "answer_digest": "sha256:0", "answer": "</script><script>alert(1)</script>"}
    page = review_html([item], load_rubric(RUBRIC), "t")
    assert page.count("</script>") == 2  # the data script's and the page script's own


def test_sample_of_a_bad_run_is_exit_2(tmp_path, cli):
    bad = tmp_path / "run.jsonl"
    bad.write_text("not json\n", encoding="utf-8")
    code, _, err = cli("sample", str(bad), "--questions", str(SET_12), "--rubric", str(RUBRIC), "--seed", "1", "--out", str(tmp_path / "r"))
    assert code == 2 and "run.jsonl:1: expected a JSON object, found invalid JSON" in err


def test_sample_refuses_to_write_over_a_review_sheet_unless_forced(tmp_path, cli):
    out = tmp_path / "r"
    out.mkdir()
    filled = out / "review.csv"
    filled.write_bytes(b"question_id,series\r\na01,yes\r\n")
    args = ("sample", str(RUN_13), "--questions", str(SET_12), "--rubric", str(RUBRIC), "--size", "4", "--seed", "1", "--out", str(out))
    code, stdout, err = cli(*args)
    assert code == 2 and stdout == ""
    assert f"{filled}: --out: expected a folder without a review sheet, found this file already" in err
    assert "pass --force to replace it" in err
    assert filled.read_bytes() == b"question_id,series\r\na01,yes\r\n"
    assert not (out / "review.html").exists()
    code, stdout, err = cli(*args, "--force")
    assert code == 0, err
    assert filled.read_text(encoding="utf-8").startswith("question_id,")
    assert len(filled.read_text(encoding="utf-8").splitlines()) == 5


def test_the_page_shows_the_quality_dimensions_in_the_answers_language_else_english(tmp_path):
    from gate.judged.review_page import page_data, review_html
    from gate.inputs.rubric import load_rubric
    from gate.judged.sample import sheet_items

    sample = draw_sample(pairs_13(), 8, 1)
    shipped = load_rubric(RUBRIC)
    data = page_data(sheet_items(sample, shipped), shipped)
    assert sorted(data["dimensions"]) == ["en", "fr"]
    assert [d["id"] for d in data["dimensions"]["fr"]] == ["answer_correctness", "completeness", "instruction_following", "clarity"]
    assert data["dimensions"]["fr"][3]["text"] == "Un lecteur la comprend-il à la première lecture ?"
    assert data["dimensions"]["en"][3]["text"] == "Can a reader understand it at first reading?"
    # as for the rubric questions: the item's language picks the text
    a04 = next(i for i in data["items"] if i["question_id"] == "a04")
    assert a04["language"] == "fr" and a04["rubric"][0]["text"] == "Est-ce la bonne série pour la question ?"
    # a dimension rubric.yaml gives in English only is shown in English to a French reader
    text = RUBRIC.read_text(encoding="utf-8").replace("        fr: Un lecteur la comprend-il à la première lecture ?\n", "")
    (tmp_path / "rubric.yaml").write_text(text, encoding="utf-8")
    english_only = load_rubric(tmp_path / "rubric.yaml")
    data = page_data(sheet_items(sample, english_only), english_only)
    assert data["dimensions"]["fr"][3]["text"] == "Can a reader understand it at first reading?"
    assert data["dimensions"]["fr"][0]["text"] == "La réponse donne-t-elle la bonne réponse à la question posée ?"
    # and the page carries that data
    page = review_html(sheet_items(sample, shipped), shipped, "t")
    assert "Un lecteur la comprend-il à la première lecture ?" in page


def test_status_names_spell_every_sdmx_code_in_every_language_of_the_rubric():
    from gate.model.inputs import OBS_STATUS
    from gate.judged.review_words import LANGUAGES, STATUS_NAMES, status_name
    from gate.inputs.rubric import load_rubric

    assert set(STATUS_NAMES) == set(OBS_STATUS)
    for code, names in STATUS_NAMES.items():
        assert set(names) == set(LANGUAGES), code
    spoken = {lang for q in load_rubric(RUBRIC).questions for lang in q.texts}
    assert spoken == {"en", *LANGUAGES}
    assert status_name("P", "fr-CA") == "valeur provisoire"
    assert status_name("P", "sw") == "provisional value"  # no Swahili: English
    assert status_name("B", "ar") == "انقطاع في السلسلة الزمنية"


def test_the_gates_view_of_each_answer_marks_figures_by_state():
    """What the page marks, read without a browser: every figure with the state the gate
    gave it, the findings, the observations as rows (the browser test shows them drawn)."""
    from gate.judged.review_marks import gate_view

    obs = join(load_run(ROOT / "examples" / "observations" / "answers_run_assistant-1.4_set-1.2.jsonl"), load_question_set(SET_12))
    views = {q.question_id: gate_view(q, a) for q, a in obs.pairs}
    assert [(m["text"], m["state"], m["codes"], m["kind"]) for m in views["a01"]["figures"]] == [
        ("7.6%", "supported", [], "figure"), ("8.4%", "wrong_period", ["wrong_period"], "figure"),
        ("2023", "wrong_period", ["wrong_period"], "period")]  # the year 8.4% is stated for: 2022's value
    assert views["a01"]["figures"][2]["figure"] == "8.4%"
    answer = next(a for q, a in obs.pairs if q.question_id == "a01").answer
    assert [answer[m["start"]:m["end"]] for m in views["a01"]["figures"]] == ["7.6%", "8.4%", "2023"]
    assert [(m["text"], m["state"]) for m in views["a04"]["figures"]] == [("6,8 %", "caveat_missing")]
    assert [f["code"] for f in views["a04"]["findings"]] == ["caveat_missing"]
    assert views["a04"]["observations"][0]["status"] == "valeur provisoire (P)"
    assert views["a04"]["observations"][0]["caveats"] == "provisional: revised with the next quarterly release"
    assert views["a02"]["findings"] == []
    published = {q.question_id: gate_view(q, a) for q, a in pairs_13()}
    assert [(m["text"], m["state"]) for m in published["a03"]["figures"]] == [("35", "unsupported")]
    assert [(m["text"], m["state"]) for m in published["a06"]["figures"]] == [("31%", "unsupported")]
    assert published["a03"]["observations"] == []


def test_a_figure_two_findings_quote_takes_the_worse_state():
    from decimal import Decimal

    from gate.model.outcomes import FigureRef, Finding
    from gate.judged.review_marks import figure_marks

    text = "Unemployment was 6.8% in 2024."
    figure = FigureRef("6.8%", Decimal("6.8"), 17, 21)
    caveat = Finding("q", "en", "caveat_stated", "caveat_missing", "m", figure)
    period = Finding("q", "en", "period_match", "wrong_period", "m", figure)
    unit = Finding("q", "en", "unit_stated", "unit_mismatch", "m", figure)
    assert [(m["text"], m["state"], m["codes"], m["kind"]) for m in figure_marks(text, "en", [caveat, period])] == [
        ("6.8%", "wrong_period", ["caveat_missing", "wrong_period"], "figure"),
        ("2024", "wrong_period", ["wrong_period"], "period")]
    assert [m["state"] for m in figure_marks(text, "en", [unit])] == ["flagged"]
    assert [m["state"] for m in figure_marks(text, "en", [])] == ["supported"]


def test_a_spanish_or_arabic_answer_gets_the_rubric_in_its_language():
    from gate.judged.review_page import page_data
    from gate.inputs.rubric import load_rubric
    from gate.judged.sample import Sample, sheet_items

    rubric = load_rubric(RUBRIC)
    pairs = tuple((Question(qid, lang, "q", "answer"), Answer(qid, lang, "q", (), (), "a", (), False))
                  for qid, lang in (("s1", "es"), ("s2", "ar"), ("s3", "sw")))
    items = sheet_items(Sample(pairs, 1), rubric)
    assert [i["rubric"][0]["text"] for i in items] == ["¿Es esta la serie correcta para la pregunta?",
                                                       "هل هذه هي السلسلة الصحيحة للسؤال؟",
                                                       "Is this the right series for the question?"]
    data = page_data(items, rubric)
    assert data["dimensions"]["es"][3]["text"] == "¿Puede un lector entenderla en la primera lectura?"
    assert data["dimensions"]["sw"][3]["text"] == "Can a reader understand it at first reading?"


def _one_answer_run(tmp_path):
    """A run of one answer whose figure only the percent-fraction setting supports (12% against
    a retrieved 0.12), and its set."""
    run = tmp_path / "answers_run_assistant-1.0_set-1.0.jsonl"
    run.write_text(json.dumps({"question_id": "q1", "language": "en", "question": "What share?", "retrieved_ids": ["S1"],
                               "retrieved_values": [0.12], "answer": "The share was 12% (S1).", "cited_ids": ["S1"],
                               "declined": False}) + "\n")
    questions = tmp_path / "question_set-1.0.jsonl"
    questions.write_text(json.dumps({"question_id": "q1", "language": "en", "question": "What share?",
                                     "expected_behaviour": "answer", "expected_values": [0.12]}) + "\n")
    return run, questions


@pytest.mark.parametrize("matching, state", [("", "supported"), ("matching:\n  percent_fraction: false\n", "unsupported")])
def test_the_page_marks_figures_with_the_thresholds_matching_settings(tmp_path, cli, matching, state):
    run, questions = _one_answer_run(tmp_path)
    rules = tmp_path / "t.yaml"
    rules.write_text("version: 1\n" + matching + "measures:\n  numeric_accuracy: {min: 0.9}\n")
    out = tmp_path / "r"
    code, _, err = cli("sample", str(run), "--questions", str(questions), "--rubric", str(RUBRIC), "--seed", "1",
                       "--out", str(out), "--thresholds", str(rules))
    assert code == 0, err
    item = json.loads((out / "review.jsonl").read_text().splitlines()[0])
    assert [(m["text"], m["state"]) for m in item["figures"]] == [("12%", state)]


def test_a_bad_thresholds_file_for_the_page_is_exit_2_and_writes_nothing(tmp_path, cli):
    run, questions = _one_answer_run(tmp_path)
    rules = tmp_path / "t.yaml"
    rules.write_text("version: 1\nmatching:\n  rounding: sometimes\n")
    code, _, err = cli("sample", str(run), "--questions", str(questions), "--rubric", str(RUBRIC), "--seed", "1",
                       "--out", str(tmp_path / "r"), "--thresholds", str(rules))
    assert code == 2 and "t.yaml" in err and "rounding" in err
    assert not (tmp_path / "r").exists()


def test_a_run_with_repeated_attempts_is_sampled_one_answer_a_question_and_says_which(tmp_path, cli):
    """A question answered twice (attempts 1 and 2) is one answer of the sheet, the last in the
    log, and the notice says so: the count is of answers sampled from, not of lines."""
    lines = RUN_13.read_text("utf-8").splitlines()
    header, body = (lines[:1], lines[1:]) if '"run"' in lines[0] else ([], lines)
    repeated = [json.dumps({**json.loads(line), "attempt": k, "answer": json.loads(line)["answer"] + (" (second)" if k == 2 else "")})
                for line in body for k in (1, 2)]
    run = tmp_path / "answers_run_assistant-1.3_set-1.2.jsonl"
    run.write_text("\n".join(header + repeated) + "\n", encoding="utf-8")
    out = tmp_path / "r"
    code, stdout, err = cli("sample", str(run), "--questions", str(SET_12), "--rubric", str(RUBRIC), "--size", "3", "--seed", "1", "--out", str(out))
    assert code == 0, err
    assert f"{len(body)} question(s) are answered more than once (up to 2 attempts: a01, a02, " in err
    assert "only the last of each in the log is read here (check scores every attempt)" in err
    assert stdout.startswith(f"sampled 3 of {len(body)} answers (seed 1;")
    sheet = [json.loads(line) for line in (out / "review.jsonl").read_text("utf-8").splitlines()]
    assert len(sheet) == 3 and all(item["answer"].endswith(" (second)") for item in sheet)
