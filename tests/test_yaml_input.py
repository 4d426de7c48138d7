"""The YAML inputs (thresholds.yaml, rubric.yaml) are read one way (gate/yaml_input.py): the
rubric gets the thresholds file's guards (size limit, encoding, aliases, one language once),
each an input error naming file, line and key, exit code 2."""

from __future__ import annotations

import pytest

from conftest import ROOT, THRESHOLDS

RUBRIC = ROOT / "rubric.yaml"
READER = ROOT / "tests" / "fixtures" / "judgements_reader_1.3.jsonl"
CHECK = ["check", "examples/answers_run_assistant-1.3_set-1.2.jsonl", "--questions", "examples/question_set-1.2.jsonl", "--no-baseline"]


def check_with_rubric(workdir, cli, *extra):
    (workdir / "j.jsonl").write_text(READER.read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")
    return cli(*CHECK, "--judgements", "j.jsonl", *extra)


def test_a_rubric_past_its_size_limit_stops_there(workdir, cli, monkeypatch):
    monkeypatch.setenv("ANSWER_GATE_MAX_RUBRIC_BYTES", "64KiB")
    code, out, err = check_with_rubric(workdir, cli, "--rubric", "/dev/zero")
    assert code == 2 and out == "", err
    assert ("/dev/zero: expected a rubric file of at most 64 KiB, found more (stopped reading there); "
            "raise the limit with ANSWER_GATE_MAX_RUBRIC_BYTES if the file is meant to be this large") in err


def test_a_rubric_in_utf16_is_named_as_not_utf8(workdir, cli):
    (workdir / "rubric.yaml").write_bytes(RUBRIC.read_text(encoding="utf-8").encode("utf-16"))
    code, _, err = check_with_rubric(workdir, cli)
    assert code == 2
    assert "rubric.yaml: expected UTF-8 text, found UTF-16 (little-endian, with a byte order mark)" in err, err


def test_one_language_twice_in_a_rubric_text_is_named_with_both_lines(workdir, cli):
    text = RUBRIC.read_text(encoding="utf-8")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("en: Is the unit stated?"))
    lines.insert(at + 1, lines[at].replace("en:", "EN:"))
    (workdir / "rubric.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = check_with_rubric(workdir, cli)
    assert code == 2
    assert f"rubric.yaml:{at + 2}: questions.unit.text.EN: duplicate language: 'en' on line {at + 1} is the same language" in err, err


def test_a_rubric_alias_bomb_stops_at_the_node_limit(workdir, cli):
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(6))
    (workdir / "rubric.yaml").write_text(bomb, encoding="utf-8")
    code, _, err = check_with_rubric(workdir, cli)
    assert code == 2
    assert "rubric.yaml:" in err and "expected at most 10000 values, found more (aliases expanding without end?)" in err, err


@pytest.mark.parametrize("name, text, message", [
    ("thresholds.yaml", THRESHOLDS.read_text(encoding="utf-8").replace("\nmeasures:", "\nmeasurs:", 1), "unknown key 'measurs'; did you mean 'measures'?"),
    ("rubric.yaml", RUBRIC.read_text(encoding="utf-8").replace("questions:", "questons:", 1), "unknown key 'questons'; did you mean 'questions'?"),
])
def test_an_unknown_key_reads_the_same_in_both_files(workdir, cli, name, text, message):
    (workdir / name).write_text(text, encoding="utf-8")
    code, _, err = check_with_rubric(workdir, cli)
    assert code == 2 and message in err, err


LATIN1 = "; it looks like Latin-1 or Windows-1252: save the file as UTF-8"


def test_a_latin1_byte_in_thresholds_is_named_with_its_line_and_column(workdir, cli):
    (workdir / "t.yaml").write_bytes(b"version: 1\nmeasures:\n  numeric_accuracy: {min: 0.9}\n# caf\xe9\n")
    code, out, err = cli(*CHECK, "--thresholds", "t.yaml")
    assert (code, out) == (2, "")
    assert err.splitlines()[1:] == [f"t.yaml:4: expected UTF-8 text, found byte 0xe9 at column 6{LATIN1}"]


def test_a_latin1_byte_in_a_rubric_after_a_byte_order_mark_is_named_as_in_a_log(workdir, cli):
    text = RUBRIC.read_text(encoding="utf-8").splitlines()
    text[1] = "# d\xe9j\xe0 " + text[1]
    (workdir / "rubric.yaml").write_bytes(b"\xef\xbb\xbf" + "\n".join(text).encode("latin-1", "replace"))
    code, _, err = check_with_rubric(workdir, cli)
    assert code == 2
    assert err.splitlines()[1:] == [f"rubric.yaml:2: expected UTF-8 text, found byte 0xe9 at column 4{LATIN1}"]


def test_a_broken_utf8_sequence_gets_no_latin1_hint(workdir, cli):
    (workdir / "t.yaml").write_bytes(b"version: 1\n# \xe2\x82\xe2\x82\n")
    code, _, err = cli(*CHECK, "--thresholds", "t.yaml")
    assert code == 2
    assert err.splitlines()[1:] == ["t.yaml:2: expected UTF-8 text, found byte 0xe2 at column 3"]


def test_a_latin1_byte_in_a_judgements_sheet_is_named_as_in_the_yaml_inputs(workdir, cli):
    (workdir / "j.csv").write_bytes(b"question_id,note\nq1,caf\xe9\n")
    code, _, err = cli(*CHECK, "--judgements", "j.csv", "--rubric", str(RUBRIC))
    assert code == 2
    assert f"j.csv:2: expected UTF-8 text, found byte 0xe9 at column 7{LATIN1}" in err.splitlines(), err


@pytest.mark.parametrize("text", [
    "version: 1\nmeasures: {numeric_accuracy: {min: 0.9}}\n",
    "base: &base {min: 0.9, min_n: 5}\nmeasures:\n  numeric_accuracy: {<<: *base, min: 0.85}\n  format: *base\n",
    "a: [1, 0x1F, 0o17, 1_000, 2.5e3, .5, -1]\nb: !!str 12\nc: 2025-01-02\nd: ~\ne: 'yes'\nf: yes\n",
    "list: &l [a, b]\nboth: [*l, *l]\nmerged: {<<: [{x: 1}, {x: 2, y: 3}], y: 4}\n",
])
def test_a_yaml_file_is_read_once_into_the_data_yaml_safe_load_gives(tmp_path, text):
    """The file is composed once (for the lines of its keys) and its data built from those
    nodes: the same data as ``yaml.safe_load`` of the text, anchors and merge keys included."""
    import yaml

    from gate.inputs.yaml_input import read_yaml_mapping

    path = tmp_path / "t.yaml"
    path.write_text(text, encoding="utf-8")
    doc = read_yaml_mapping(path, "thresholds", missing="no file", expected="a mapping", contents="rules")
    assert doc.data == yaml.safe_load(text)
    assert doc.lines.line((next(iter(doc.data)),)) == 1


def test_an_empty_or_unloadable_yaml_file_is_refused_as_before(tmp_path):
    from gate.core.errors import InputError
    from gate.inputs.yaml_input import read_yaml_mapping

    for name, text, message in [("empty.yaml", "", "expected a mapping, found an empty file"),
                                ("bad.yaml", "a: [1, 2\n", "expected valid YAML, found a syntax error"),
                                ("huge.yaml", "a: 1\nb: 1" + "0" * 400 + "\n",
                                 "huge.yaml:2: b: expected a number of at most 34 significant digits")]:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        with pytest.raises(InputError) as caught:
            read_yaml_mapping(path, "thresholds", missing="no file", expected="a mapping", contents="rules")
        assert message in str(caught.value), (name, str(caught.value))
