"""benchmarks/profile_stages.py: each sampled stack in the stage of the outermost function
that names one, for the pure-Python core (Python frames) and the compiled one (mypyc's
native symbols), so that the profiles before and after compiling are the same measure."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_SPEC = importlib.util.spec_from_file_location("profile_stages", Path(__file__).resolve().parents[1] / "benchmarks" / "profile_stages.py")
assert _SPEC is not None and _SPEC.loader is not None
stages = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(stages)

WORKER = ["_run_module_as_main (<frozen runpy>:198)", "stream_inputs (gate/engine/stream.py:513)",
          "scored_batches (gate/engine/workers.py:97)", "Pool.__init__ (multiprocessing/pool.py:215)",
          "worker (multiprocessing/pool.py:125)", "score_lines (gate/engine/lines.py:159)"]


@pytest.mark.parametrize(("tail", "stage"), [
    (["parse_line (gate/core/jsonlines.py:246)", "_fast_parse (gate/core/jsonlines.py:351)"], "parse"),
    (["read_answer (gate/inputs/run_log.py:75)"], "the answer's record"),
    (["join_reading (gate/engine/lines.py:99)", "find (gate/inputs/question_index.py:194)"], "join"),
    (["score_reading (gate/engine/lines.py:117)", "score_answer (gate/scoring/answer.py:70)",
      "extract_figures (gate/figures/extract.py:63)", "_number (gate/figures/digits.py:186)"], "read figures"),
    (["score_answer (gate/scoring/answer.py:70)", "_unsupported_numbers (gate/scoring/answer.py:253)",
      "evidence_values (gate/figures/matching.py:57)", "extract_figures (gate/figures/extract.py:63)"], "match"),
    (["score_answer (gate/scoring/answer.py:70)", "code_checks (gate/scoring/checks/__init__.py:112)"], "code checks"),
    (["score_answer (gate/scoring/answer.py:70)", "_outcome (gate/scoring/answer.py:120)"], "findings and outcome"),
    (["_recv_bytes (multiprocessing/connection.py:413)"], "read"),
])
def test_a_python_stack_is_in_the_stage_of_its_outermost_named_function(tail, stage):
    assert stages.stage_of(WORKER + tail) == stage


def test_a_compiled_stack_is_read_by_mypyc_s_symbols():
    native = ["CPyPy_lines___score_lines (gate/engine/lines.cpython-311-x86_64-linux-gnu.so)",
              "CPyDef_answer___score_answer (answer.c)", "CPyDef_answer____unsupported_numbers (answer.c)",
              "CPyDef_extract___extract_figures (extract.c)"]
    assert stages.function_name(native[2]) == "_unsupported_numbers"
    assert stages.stage_of(WORKER[:3] + native) == "match"
    assert stages.stage_of(WORKER[:3] + native[:2] + native[3:]) == "read figures"


def test_the_main_process_feeds_and_reports_in_their_own_stages():
    main = WORKER[:2]
    assert stages.stage_of(main + ["feed (gate/engine/stream.py:284)", "_add (gate/engine/stream.py:384)"]) == "aggregate"
    assert stages.stage_of(main[:1] + ["write_json (gate/report/json_report.py:272)"]) == stages.STAGES[-1]


def test_py_spy_s_raw_lines_are_summed_per_stage(tmp_path):
    raw = tmp_path / "stacks.txt"
    raw.write_text('process 7:"python -m gate check";' + ";".join(WORKER + ["read_answer (gate/inputs/run_log.py:75)"]) + " 3\n"
                   + ";".join(WORKER[:1] + ["write_json (gate/report/json_report.py:272)"]) + " 2\nnot a sample line\n")
    assert stages.stages(raw) == {"the answer's record": 3, stages.STAGES[-1]: 2}


def test_a_bad_interpreter_or_count_is_refused_before_anything_runs(capsys):
    with pytest.raises(SystemExit) as stopped:
        stages.main(["run.jsonl", "--questions", "set.jsonl", "--answers", "5", "--python", "/no/such/python", "--", "--jobs", "1"])
    assert stopped.value.code == 2 and "--python: expected an interpreter, found no file at /no/such/python" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        stages.main(["run.jsonl", "--questions", "set.jsonl", "--answers", "0"])
    assert stopped.value.code == 2 and "--answers and --rate: expected a positive number" in capsys.readouterr().err


def test_an_interpreter_named_relative_to_where_the_script_starts_is_found_from_the_check_s_folder(tmp_path, monkeypatch):
    """``--python .venv-compiled/bin/python``: the check runs in a temporary folder, so the
    interpreter is named by its absolute path. Here a stand-in says its core and fails the
    check (exit 2), which stops the profile before py-spy runs."""
    venv = tmp_path / "venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "python").write_text('#!/bin/sh\nif [ "$3" = "--version" ]; then echo "answer-gate 0.1.0 (compiled core)"; exit 0; fi\n'
                                 f'echo "$0" > {tmp_path / "called"}\nexit 2\n')
    (venv / "py-spy").write_text("#!/bin/sh\nexit 9\n")
    for script in ("python", "py-spy"):
        (venv / script).chmod(0o755)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stopped:
        stages.main(["run.jsonl", "--questions", "set.jsonl", "--answers", "5", "--python", "venv/bin/python"])
    assert str(stopped.value) == "the check exited 2; nothing profiled (its error is above)"
    assert (tmp_path / "called").read_text() == f"{venv / 'python'}\n"


def _stand_ins(tmp_path: Path, check_exit: int, spy: str) -> Path:
    """A venv whose python says its core and exits ``check_exit`` as the check, beside a py-spy
    script ``spy``."""
    venv = tmp_path / "venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "python").write_text('#!/bin/sh\nif [ "$3" = "--version" ]; then echo "answer-gate 0.1.0 (pure-Python core)"; exit 0; fi\n'
                                 f"exit {check_exit}\n")
    (venv / "py-spy").write_text(spy)
    for script in ("python", "py-spy"):
        (venv / script).chmod(0o755)
    return venv


@pytest.mark.parametrize(("check_exit", "spy", "said"), [
    (2, "#!/bin/sh\nexit 0\n", "the check exited 2; nothing profiled"),
    (1, "#!/bin/sh\nkill -SEGV $$\n", "py-spy wrote no samples (exit -11); py-spy itself crashed (signal 11): try again, or with a lower --rate"),
])
def test_the_profile_s_folder_is_removed_however_it_ends_and_a_crashed_py_spy_is_named(tmp_path, monkeypatch, check_exit, spy, said):
    venv = _stand_ins(tmp_path, check_exit, spy)
    made: list[str] = []
    real = stages.tempfile.mkdtemp

    def mkdtemp(**kwargs: str) -> str:
        made.append(real(dir=tmp_path, **kwargs))
        return made[-1]

    monkeypatch.setattr(stages.tempfile, "mkdtemp", mkdtemp)
    with pytest.raises(SystemExit) as stopped:
        stages.main(["run.jsonl", "--questions", "set.jsonl", "--answers", "5", "--python", str(venv / "python")])
    assert str(stopped.value).startswith(said)
    assert len(made) == 1 and not Path(made[0]).exists()
