"""What ``answer-gate baseline save`` decides when a version may be stored already.

The save-baseline workflow runs it on every merge to main, and most merges do not change
the assistant: saving must not turn main red for them, and must stop when the assistant
changed without a new version.

- same version, identical log: a no-op with a notice, exit 0, nothing written;
- same version, another log: exit 2, saying what to do (bump the version, or ``--force``);
- a new version: saved beside the others.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import RUN_12

SAVE = ["baseline", "save", "--questions", "examples/question_set-1.2.jsonl"]


def _stored(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _copy_with_version(source: Path, target: str, version: str, answer_of: str | None = None) -> str:
    rows = [json.loads(line) for line in source.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows[0] = {"run": {"assistant_version": version, "set_version": "1.2"}}
    if answer_of is not None:
        for row in rows[1:]:
            if row.get("question_id") == answer_of:
                row["answer"] = row["answer"] + " See the table."
    Path(target).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return target


def test_same_version_and_identical_log_is_a_no_op_with_a_notice(workdir, cli):
    run = f"examples/{RUN_12.name}"
    code, out, err = cli(*SAVE[:2], run, *SAVE[2:])
    assert code == 0 and out.startswith("saved the baseline of assistant 1.2")
    before = _stored(workdir / "baselines")
    code, out, err = cli(*SAVE[:2], run, *SAVE[2:])
    assert code == 0, err
    assert out == "unchanged: the baseline of assistant 1.2 is stored already from this log: baselines/assistant-1.2.json\n"
    assert "notice: the baseline of assistant 1.2 is already stored from this very log (sha256 " in err
    assert err.rstrip().endswith("); nothing was written")
    assert _stored(workdir / "baselines") == before


def test_same_version_and_another_log_is_an_input_error_that_says_what_to_do(workdir, cli):
    assert cli(*SAVE[:2], f"examples/{RUN_12.name}", *SAVE[2:])[0] == 0
    before = _stored(workdir / "baselines")
    other = _copy_with_version(workdir / "examples" / RUN_12.name, "run-1.2-again.jsonl", "1.2", answer_of="a01")
    code, out, err = cli(*SAVE[:2], other, *SAVE[2:])
    assert code == 2 and out == ""
    assert "baselines/assistant-1.2.json: a baseline for assistant 1.2 is already stored here from another log" in err
    assert "Bump the assistant version in the run log, or pass --force to replace the stored baseline" in err
    assert _stored(workdir / "baselines") == before


def test_a_new_version_is_saved_beside_the_others(workdir, cli):
    assert cli(*SAVE[:2], f"examples/{RUN_12.name}", *SAVE[2:])[0] == 0
    newer = _copy_with_version(workdir / "examples" / RUN_12.name, "run-1.4.jsonl", "1.4", answer_of="a01")
    code, out, err = cli(*SAVE[:2], newer, *SAVE[2:])
    assert code == 0, err
    assert out.startswith("saved the baseline of assistant 1.4 (set 1.2): baselines/assistant-1.4.json")
    names = sorted(p.name for p in (workdir / "baselines").iterdir())
    assert [n for n in names if n.endswith(".json")] == ["assistant-1.2.json", "assistant-1.4.json"]
    assert len([n for n in names if n.endswith(".jsonl.gz")]) == 2
