"""Review sheets as spreadsheets save them, read through the command line: the separator of
the sheet's own header line, labels in any case, rows a reader's name alone does not judge,
rows judged in part, a byte order mark and CRLF, and the review sheet's other files passed
as judgements. Each mistake: its message and its exit code."""

from __future__ import annotations

import csv
import io
import json

import pytest

from conftest import ROOT, RUN_13, SET_12, THRESHOLDS

RUBRIC = ROOT / "rubric.yaml"
CHECK = ("check", str(RUN_13), "--questions", str(SET_12), "--thresholds", str(THRESHOLDS), "--rubric", str(RUBRIC),
         "--no-baseline", "--jobs", "1")
#: What a reader gives a01 and a04 (the reader of tests/fixtures/judgements_reader_1.3.jsonl
#: says the same): a01 passes, a04 fails the caveat question.
A01 = {"series": "yes", "period": "yes", "unit": "yes", "no_unsupported_claim": "yes"}
A04 = {"series": "yes", "period": "yes", "unit": "yes", "caveat": "no", "no_unsupported_claim": "yes"}


@pytest.fixture
def sheet_rows(tmp_path, cli):
    """The review sheet ``sample`` writes for the 1.3 example (all 8 answers), as rows."""
    out = tmp_path / "review"
    code, _, err = cli("sample", str(RUN_13), "--questions", str(SET_12), "--rubric", str(RUBRIC), "--size", "8", "--seed", "3",
                       "--out", str(out))
    assert code == 0, err
    with open(out / "review.csv", encoding="utf-8", newline="") as handle:
        return list(csv.reader(handle))


def fill(rows: list[list[str]], qid: str, **cells: str) -> None:
    header = rows[0]
    row = next(r for r in rows[1:] if r[0] == qid)
    for column, value in cells.items():
        row[header.index(column)] = value


def save(tmp_path, rows: list[list[str]], delimiter: str = ",", bom: bool = False, ending: str = "\r\n", name: str = "sheet.csv"):
    buffer = io.StringIO(newline="")
    csv.writer(buffer, delimiter=delimiter, lineterminator=ending).writerows(rows)
    path = tmp_path / name
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + buffer.getvalue().encode("utf-8"))
    return path


def scores(path) -> dict[str, tuple[int, int]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {s["measure"]: (s["numerator"], s["denominator"]) for s in data["scores"] if s["slice"] == "all"}


def judged(tmp_path, cli, path):
    """Check with the sheet as judgements: (exit code, stdout + stderr, scores of slice all)."""
    report = tmp_path / "report.json"
    code, out, err = cli(*CHECK, "--judgements", str(path), "--json", str(report))
    return code, out + err, scores(report) if report.exists() else {}


@pytest.mark.parametrize("delimiter, bom, ending", [(",", False, "\r\n"), (";", False, "\r\n"), ("\t", False, "\n"),
                                                    (";", True, "\r\n"), (",", True, "\n")],
                         ids=["comma", "semicolon", "tab", "semicolon-bom-crlf", "comma-bom-lf"])
def test_the_separator_is_read_from_the_header_line_with_or_without_bom_and_crlf(tmp_path, cli, sheet_rows, delimiter, bom, ending):
    for qid, labels in (("a01", A01), ("a04", A04)):
        fill(sheet_rows, qid, judge_name="Amina Diallo", **labels)
    fill(sheet_rows, "a04", note="provisional; status omitted")  # the separator inside a quoted cell
    code, said, found = judged(tmp_path, cli, save(tmp_path, sheet_rows, delimiter, bom, ending))
    assert code == 1, said  # the example fails its automatic rules, not its input
    assert found["rubric_pass"] == (1, 2)
    assert found["rubric_caveat"] == (0, 1)
    assert found["reviewed_share"] == (2, 8)
    assert "6 row(s) not judged yet, skipped: a02, a03, a05, a06, a07, a08" in said


def test_labels_are_read_without_regard_to_case_and_spaces(tmp_path, cli, sheet_rows):
    fill(sheet_rows, "a01", judge_name="Amina Diallo", series="Yes", period=" YES ", unit="yes ", no_unsupported_claim="Yes")
    fill(sheet_rows, "a04", judge_name="Amina Diallo", series="Yes", period="Yes", unit="Yes", caveat=" No",
         no_unsupported_claim="Yes")
    fill(sheet_rows, "a06", judge_name="Amina Diallo", series="N.A.", period="Not Applicable", unit="n/a",
         no_unsupported_claim="NO")
    code, said, found = judged(tmp_path, cli, save(tmp_path, sheet_rows))
    assert code == 1, said
    assert found["rubric_pass"] == (1, 3)
    assert found["rubric_no_unsupported_claim"] == (2, 3)
    assert found["rubric_series"] == (2, 2)  # a06's n.a. counts in no denominator


def test_a_name_filled_down_does_not_judge_a_row_and_a_notice_counts_such_rows(tmp_path, cli, sheet_rows):
    for row in sheet_rows[1:]:
        fill(sheet_rows, row[0], judge_name="Amina Diallo")
    fill(sheet_rows, "a01", **A01)
    fill(sheet_rows, "a04", **A04)
    code, said, found = judged(tmp_path, cli, save(tmp_path, sheet_rows))
    assert code == 1, said  # not 2: nothing is wrong with the sheet
    assert found["reviewed_share"] == (2, 8)
    notice = ("6 row(s) not judged yet, 6 of them with a reader's name, skipped: a02, a03, a05, a06, a07, a08 "
              "(a row is judged once it holds a yes or no label or a quality score)")
    assert notice in said


def test_a_row_judged_in_part_is_an_error_naming_its_empty_cells(tmp_path, cli, sheet_rows):
    fill(sheet_rows, "a01", judge_name="Amina Diallo", **A01)
    fill(sheet_rows, "a02", judge_name="Amina Diallo", series="yes", no_unsupported_claim="no")
    fill(sheet_rows, "a03", judge_name="Amina Diallo", clarity="4")  # a score alone judges a row: in part
    path = save(tmp_path, sheet_rows)
    code, out, err = cli(*CHECK, "--judgements", str(path))
    assert code == 2
    assert out == ""
    assert (f"{path}:3: period, unit: a02 is judged in part: 2 empty cell(s) among its rubric questions; give each yes, no "
            "or not_applicable (any case, spaces around ignored; n.a. reads not_applicable), or empty the row's labels and "
            "scores to leave it unjudged") in err
    assert f"{path}:4: series, period, unit, no_unsupported_claim: a03 is judged in part: 4 empty cell(s)" in err
    assert "answer-gate: 2 problems with the input" in err


def test_a_label_that_is_no_label_is_named_with_what_a_sheet_accepts(tmp_path, cli, sheet_rows):
    fill(sheet_rows, "a01", judge_name="Amina Diallo", **{**A01, "unit": "Oui"})
    path = save(tmp_path, sheet_rows)
    code, out, err = cli(*CHECK, "--judgements", str(path))
    assert code == 2
    assert (f"{path}:2: unit: expected yes, no or not_applicable (any case, spaces around ignored; n.a. reads "
            "not_applicable), found the string \"Oui\"") in err
    assert "answer-gate: 1 problem with the input" in err


def test_a_header_without_a_known_separator_says_so(tmp_path, cli, sheet_rows):
    fill(sheet_rows, "a01", judge_name="Amina Diallo", **A01)
    path = save(tmp_path, sheet_rows, delimiter="|")
    code, _, err = cli(*CHECK, "--judgements", str(path))
    assert code == 2
    assert (f"{path}:1: expected the columns separated by ',', ';' or a tab, found the header line "
            "'question_id|language|question|answer|declined|retrieved_i...': save the sheet as CSV with one of them") in err
    assert "answer-gate: 1 problem with the input" in err


@pytest.mark.parametrize("name, what", [("review.jsonl", "the review sheet's list of sampled answers (review.jsonl)"),
                                        ("review.html", "the review page (review.html)")])
def test_the_review_sheets_other_files_passed_as_judgements_are_named_in_one_line(tmp_path, cli, name, what):
    out = tmp_path / "review"
    assert cli("sample", str(RUN_13), "--questions", str(SET_12), "--rubric", str(RUBRIC), "--size", "8", "--seed", "3",
               "--out", str(out))[0] == 0
    code, stdout, err = cli(*CHECK, "--judgements", str(out / name))
    assert code == 2
    assert stdout == ""
    lines = err.strip().splitlines()
    assert lines == ["answer-gate: 1 problem with the input; nothing was written:",
                     f"{out / name}: this is {what}, not judgements: judge the answers in review.html and pass the "
                     "judgements.jsonl it exports, or fill in review.csv and pass that"]


def test_judgements_lines_stay_strict_about_case(tmp_path, cli):
    """The JSON lines a page or a grader writes are not typed by hand: "Yes" there is an error."""
    line = json.loads((ROOT / "tests" / "fixtures" / "judgements_reader_1.3.jsonl").read_text().splitlines()[0])
    line["labels"]["unit"] = "Yes"
    path = tmp_path / "j.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    code, _, err = cli(*CHECK, "--judgements", str(path))
    assert code == 2
    assert f"{path}:1: labels.unit: expected one of yes, no, not_applicable, found the string \"Yes\"" in err
