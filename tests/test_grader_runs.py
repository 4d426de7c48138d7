"""Grading runs against a loopback server (the real httpx client): a dead endpoint stops
fast; partial failures exit 1 with the good judgements written; the cache never pays twice;
--dry-run, --budget and --concurrency; progress; labels of questions that do not apply;
graders whose model or prompt changed, named."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from conftest import ROOT, RUN_13, SET_12
from loopback_llm import Reply, completion, refused, serve, unreachable

from gate.judged import grader_run
from gate.model.agreement import GraderChange, grader_changes
from gate.judged.grader import Grader, GraderSettings
from gate.judged.grader_cache import ReplyCache, request_key
from gate.judged.grader_run import Progress
from gate.inputs.rubric import load_rubric

RUBRIC = ROOT / "rubric.yaml"
READER = ROOT / "tests" / "fixtures" / "judgements_reader_1.3.jsonl"
GOOD = {"labels": {"series": "yes", "period": "yes", "unit": "yes", "caveat": "not_applicable", "no_unsupported_claim": "yes"},
        "quality": {"answer_correctness": 5, "completeness": 4, "instruction_following": 5, "clarity": 4}, "note": ""}
IDS = ["a01", "a02", "a03", "a04", "a05", "a06", "a07", "a08"]
_ANSWERS = {json.loads(line)["question_id"]: json.loads(line)["answer"] for line in RUN_13.read_text().splitlines()[1:]}


def good(body=None):
    return Reply(200, completion(json.dumps(GOOD)))


def qid_of(body):
    """The question id of the answer a request carries."""
    answer = json.loads(body["messages"][1]["content"])["answer"]
    return next(q for q, text in _ANSWERS.items() if text == answer)


def failing_every_third():
    """A server reply function that answers 500 to every third request it receives."""
    count = [0]
    lock = threading.Lock()

    def reply(body):
        with lock:
            count[0] += 1
            n = count[0]
        return Reply(500, {"error": "overloaded"}) if n % 3 == 0 else good()

    return reply


def grade_args(url, *extra, run=RUN_13, rubric=RUBRIC, model="m"):
    return ("grade", str(run), "--questions", str(SET_12), "--rubric", str(rubric), "--endpoint", url, "--model", model, *extra)


def lines_of(path):
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]


def entries(folder):
    """The cache's whole entries (temporary files, named with a leading dot, left out)."""
    return sorted(p for p in Path(folder).glob("*/*.json") if not p.name.startswith("."))


# 1. fail fast ---------------------------------------------------------------------------


def test_the_client_has_a_connect_timeout_apart_from_the_read_timeout():
    grader = Grader(GraderSettings("http://127.0.0.1:9/v1", "m"), load_rubric(RUBRIC))
    try:
        assert grader.client.timeout == httpx.Timeout(60.0, connect=5.0)
    finally:
        grader.close()


def test_a_refused_endpoint_stops_after_three_requests_exit_2_and_nothing_written(tmp_path, cli):
    url = refused()
    out = tmp_path / "g.jsonl"
    start = time.monotonic()
    code, stdout, err = cli(*grade_args(url, "--out", str(out)))
    elapsed = time.monotonic() - start
    assert (code, stdout) == (2, "") and not out.exists()
    assert elapsed < 5, elapsed  # refused at once: no retries, no back-off before the endpoint ever answered
    assert (f"{url}: --endpoint: expected the grader to judge at least one answer, found none: 3 requests in a row could not "
            f"connect (could not connect: [Errno 111] Connection refused; not retried: the endpoint has not answered yet); "
            f"tried 3 request(s) to {url}/chat/completions (model m; connect timeout 5s, read timeout 60s, 3 retries once the "
            f"endpoint answers); nothing written\n") in err
    assert list(tmp_path.iterdir()) == []


def test_an_endpoint_that_never_answers_stops_within_20_seconds_with_the_defaults(tmp_path, cli):
    out = tmp_path / "g.jsonl"
    with unreachable() as url:
        start = time.monotonic()
        code, stdout, err = cli(*grade_args(url, "--out", str(out)))
        elapsed = time.monotonic() - start
    assert (code, stdout) == (2, "") and not out.exists()
    # three requests in flight at once, each cut at the 5 s connect timeout, none retried
    assert 4.5 < elapsed < 20, elapsed
    assert ("found none: 3 requests in a row could not connect (could not connect within 5s (connect timeout); not retried: "
            "the endpoint has not answered yet); tried 3 request(s)") in err


def test_one_request_at_a_time_stops_after_three_connect_timeouts(tmp_path, cli):
    with unreachable() as url:
        start = time.monotonic()
        code, _, err = cli(*grade_args(url, "--out", str(tmp_path / "g.jsonl"), "--concurrency", "1", "--connect-timeout", "1"))
        elapsed = time.monotonic() - start
    assert code == 2 and 2.8 < elapsed < 6, elapsed  # 3 x 1 s, not 8 answers x 4 attempts
    assert "could not connect within 1s (connect timeout)" in err and "tried 3 request(s)" in err


def test_a_server_whose_first_replies_all_fail_stops_the_run(tmp_path, cli):
    with serve([Reply(200, completion("I think the answer is fine."))]) as server:
        code, _, err = cli(*grade_args(server.url, "--out", str(tmp_path / "g.jsonl")))
    assert code == 2 and len(server.requests) == 3
    assert ("found none: the first 3 requests all failed (not valid JSON output: Expecting value at column 1); tried 3 request(s)"
            in err), err
    assert not (tmp_path / "g.jsonl").exists()


def test_failures_after_good_replies_do_not_stop_the_run_each_is_listed_and_the_good_ones_written(tmp_path, cli):
    def dies(body):
        return good() if qid_of(body) in ("a01", "a02") else Reply(503, {"error": "gone"})

    out = tmp_path / "g.jsonl"
    with serve(dies) as server:
        code, _, err = cli(*grade_args(server.url, "--out", str(out), "--concurrency", "1", "--retries", "0"))
    assert code == 1
    assert [(j["question_id"], j.get("status", "ok")) for j in lines_of(out)] == [
        ("a01", "ok"), ("a02", "ok"), ("a03", "failed"), ("a04", "failed"), ("a05", "failed"), ("a06", "failed"),
        ("a07", "failed"), ("a08", "failed")]
    assert "a03: failed judgement recorded: server error 503; gave up after 1 attempt(s)" in err
    assert "6 judgement(s) failed, more than --max-failures 0 allows: exit 1 (2 good judgement(s) written" in err


def test_an_endpoint_that_goes_away_mid_run_stops_it_and_the_good_judgements_are_written(tmp_path, cli):
    state = {}

    def goes_away(body):
        if qid_of(body) == "a03":
            state["server"].go_away()
            return Reply(200, completion(json.dumps(GOOD)), delay=1.0)  # the socket is closed before the next request
        return good()

    out = tmp_path / "g.jsonl"
    with serve(goes_away) as server:
        state["server"] = server
        code, _, err = cli(*grade_args(server.url, "--out", str(out), "--concurrency", "1", "--retries", "1"))
    assert code == 1
    refused_twice = "could not connect: [Errno 111] Connection refused; gave up after 2 attempt(s)"  # retried: it had answered
    assert [(j["question_id"], j.get("status", "ok"), j.get("error")) for j in lines_of(out)] == [
        ("a01", "ok", None), ("a02", "ok", None), ("a03", "ok", None),
        ("a04", "failed", refused_twice), ("a05", "failed", refused_twice), ("a06", "failed", refused_twice)]
    assert ("answer-gate: warning: stopped: 3 requests in a row could not connect; 2 answer(s) not sent, not judged: a07, a08\n"
            in err)
    assert "2 answer(s) left unjudged: exit 1" in err


# 2. partial failures --------------------------------------------------------------------


def test_a_server_failing_one_request_in_three_exits_1_with_the_good_judgements_written(tmp_path, cli):
    out = tmp_path / "g.jsonl"
    with serve(failing_every_third()) as server:
        code, stdout, err = cli(*grade_args(server.url, "--out", str(out), "--retries", "0", "--concurrency", "1"))
    assert code == 1 and len(server.requests) == 8
    written = lines_of(out)
    assert [j["question_id"] for j in written if j.get("status", "ok") == "ok"] == ["a01", "a02", "a04", "a05", "a07", "a08"]
    assert [(j["question_id"], j["error"]) for j in written if j.get("status", "ok") == "failed"] == [
        ("a03", "server error 500; gave up after 1 attempt(s)"), ("a06", "server error 500; gave up after 1 attempt(s)")]
    assert "answer-gate: warning: a03: failed judgement recorded: server error 500; gave up after 1 attempt(s)\n" in err
    assert "answer-gate: warning: a06: failed judgement recorded: server error 500; gave up after 1 attempt(s)\n" in err
    assert ("answer-gate: warning: 2 judgement(s) failed, more than --max-failures 0 allows: exit 1 (6 good judgement(s) "
            "written, the failures recorded as failed)\n") in err
    assert stdout.startswith("graded 8 answers with answer-gate-grader (model m, prompt sha256:")
    assert stdout.endswith(f": 6 judged, 2 failed; 8 new request(s); {out}\n")


def test_failures_within_max_failures_exit_0_and_retries_heal_a_passing_failure(tmp_path, cli):
    with serve(failing_every_third()) as server:
        code, _, err = cli(*grade_args(server.url, "--out", str(tmp_path / "a.jsonl"), "--retries", "0", "--concurrency", "1",
                                       "--max-failures", "2"))
    assert code == 0 and "a03: failed judgement recorded" in err and "more than --max-failures" not in err
    with serve(failing_every_third()) as server:  # the default retries: the third request's retry is answered
        code, _, err = cli(*grade_args(server.url, "--out", str(tmp_path / "b.jsonl"), "--concurrency", "1"))
    assert code == 0, err
    assert all(j.get("status", "ok") == "ok" for j in lines_of(tmp_path / "b.jsonl")) and len(server.requests) == 11


# 4. the cache ---------------------------------------------------------------------------


def test_a_second_run_with_the_cache_sends_nothing(tmp_path, cli):
    cache = tmp_path / "cache"
    with serve(good) as server:
        assert cli(*grade_args(server.url, "--out", str(tmp_path / "1.jsonl"), "--cache", str(cache)))[0] == 0
        assert len(server.requests) == 8 and len(entries(cache)) == 8
        code, stdout, _ = cli(*grade_args(server.url, "--out", str(tmp_path / "2.jsonl"), "--cache", str(cache)))
    assert code == 0 and len(server.requests) == 8  # nothing more sent
    assert stdout.endswith(f": 8 judged (8 from the cache), 0 failed; 0 new request(s); {tmp_path / '2.jsonl'}\n")
    assert (tmp_path / "1.jsonl").read_text() == (tmp_path / "2.jsonl").read_text()


def test_the_cache_key_is_the_sha256_of_the_exact_request(tmp_path, cli):
    cache = tmp_path / "cache"
    with serve(good) as server:
        assert cli(*grade_args(server.url, "--out", str(tmp_path / "g.jsonl"), "--cache", str(cache)))[0] == 0
    expected = set()
    for sent in server.requests:
        text = json.dumps({"endpoint": server.url, "model": "m", "body": sent.body}, sort_keys=True, separators=(",", ":"),
                          ensure_ascii=False)
        expected.add(hashlib.sha256(text.encode("utf-8")).hexdigest())
    assert {p.stem for p in entries(cache)} == expected and len(expected) == 8
    assert all(p.parent.name == p.stem[:2] for p in entries(cache))
    stored = json.loads(entries(cache)[0].read_text())
    assert set(stored) == {"format", "key", "endpoint", "model", "reply"} and stored["model"] == "m"


def test_a_changed_answer_is_sent_again_and_only_it(tmp_path, cli):
    cache = tmp_path / "cache"
    lines = RUN_13.read_text(encoding="utf-8").splitlines()
    changed = [json.loads(line) for line in lines]
    changed[2]["answer"] = changed[2]["answer"] + " (Revised.)"
    assert changed[2]["question_id"] == "a02"
    run = tmp_path / "run.jsonl"
    run.write_text("".join(json.dumps(d) + "\n" for d in changed), encoding="utf-8")
    with serve(good) as server:
        assert cli(*grade_args(server.url, "--out", str(tmp_path / "1.jsonl"), "--cache", str(cache)))[0] == 0
        code, stdout, _ = cli(*grade_args(server.url, "--out", str(tmp_path / "2.jsonl"), "--cache", str(cache), run=run))
    assert code == 0 and len(server.requests) == 9
    assert json.loads(server.requests[8].body["messages"][1]["content"])["answer"].endswith(" (Revised.)")
    assert ": 8 judged (7 from the cache), 0 failed; 1 new request(s);" in stdout


def test_a_changed_prompt_or_model_is_sent_again(tmp_path, cli):
    cache = tmp_path / "cache"
    rubric = tmp_path / "rubric.yaml"
    rubric.write_text(RUBRIC.read_text().replace("Is the unit stated?", "Is the unit of the figure stated?"), encoding="utf-8")
    with serve(good) as server:
        assert cli(*grade_args(server.url, "--out", str(tmp_path / "1.jsonl"), "--cache", str(cache)))[0] == 0
        assert cli(*grade_args(server.url, "--out", str(tmp_path / "2.jsonl"), "--cache", str(cache), rubric=rubric))[0] == 0
        assert len(server.requests) == 16  # the rubric's text is part of the prompt: every answer asked again
        assert cli(*grade_args(server.url, "--out", str(tmp_path / "3.jsonl"), "--cache", str(cache), model="m2"))[0] == 0
        assert len(server.requests) == 24
        assert cli(*grade_args(server.url, "--out", str(tmp_path / "4.jsonl"), "--cache", str(cache), model="m2"))[0] == 0
    assert len(server.requests) == 24 and len(entries(cache)) == 24


def test_a_failure_is_never_cached_and_is_retried_next_run(tmp_path, cli):
    cache = tmp_path / "cache"
    replies = [failing_every_third()]
    with serve(lambda body: replies[0](body)) as server:  # the cache key holds the URL: the same server twice
        code, _, _ = cli(*grade_args(server.url, "--out", str(tmp_path / "1.jsonl"), "--cache", str(cache), "--retries", "0",
                                     "--concurrency", "1"))
        assert code == 1 and len(entries(cache)) == 6 and len(server.requests) == 8
        replies[0] = good
        code, stdout, _ = cli(*grade_args(server.url, "--out", str(tmp_path / "2.jsonl"), "--cache", str(cache)))
    assert code == 0
    assert sorted(qid_of(r.body) for r in server.requests[8:]) == ["a03", "a06"]
    assert ": 8 judged (6 from the cache), 0 failed; 2 new request(s);" in stdout
    assert all(j.get("status", "ok") == "ok" for j in lines_of(tmp_path / "2.jsonl"))


def test_an_unreadable_cache_entry_is_asked_again(tmp_path, cli):
    cache = tmp_path / "cache"
    with serve(good) as server:
        assert cli(*grade_args(server.url, "--out", str(tmp_path / "1.jsonl"), "--cache", str(cache)))[0] == 0
        entries(cache)[0].write_text('{"format": "answer-gate grader cache 1", "key": ', encoding="utf-8")  # cut short
        assert cli(*grade_args(server.url, "--out", str(tmp_path / "2.jsonl"), "--cache", str(cache)))[0] == 0
    assert len(server.requests) == 9 and all(json.loads(p.read_text()) for p in entries(cache))


def _grade_process(url, cache, out, *extra):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "gate", *grade_args(url, "--out", str(out), "--cache", str(cache), *extra)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_runs_sharing_the_cache_at_once_both_succeed(tmp_path):
    cache = tmp_path / "cache"
    with serve([Reply(200, completion(json.dumps(GOOD)), delay=0.05)]) as server:
        runs = [_grade_process(server.url, cache, tmp_path / f"{i}.jsonl") for i in (1, 2)]
        results = [run.communicate(timeout=60) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], results
    assert len(entries(cache)) == 8 and all(json.loads(p.read_text())["reply"] for p in entries(cache))
    assert not [p for p in cache.rglob(".*")]  # no temporary file left
    assert (tmp_path / "1.jsonl").read_text() == (tmp_path / "2.jsonl").read_text()
    assert 8 <= len(server.requests) <= 16


def _settled(server, quiet: float = 0.5, within: float = 10.0) -> int:
    """The server's count of requests once it has not changed for ``quiet`` seconds."""
    count, since, deadline = len(server.requests), time.monotonic(), time.monotonic() + within
    while time.monotonic() - since < quiet and time.monotonic() < deadline:
        time.sleep(0.05)
        if len(server.requests) != count:
            count, since = len(server.requests), time.monotonic()
    return count


def test_an_interrupted_run_keeps_what_it_paid_for(tmp_path, cli):
    cache = tmp_path / "cache"
    with serve([Reply(200, completion(json.dumps(GOOD)), delay=0.3)]) as server:
        run = _grade_process(server.url, cache, tmp_path / "1.jsonl", "--concurrency", "1")
        deadline = time.monotonic() + 30
        while len(entries(cache)) < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
        run.send_signal(signal.SIGKILL)  # no chance to tidy up
        run.communicate(timeout=30)
        kept = len(entries(cache))
        assert 3 <= kept < 8 and not (tmp_path / "1.jsonl").exists()
        before = _settled(server)  # the killed run's request in flight is recorded before the count
        code, stdout, _ = cli(*grade_args(server.url, "--out", str(tmp_path / "2.jsonl"), "--cache", str(cache)))
    assert code == 0 and len(server.requests) - before == 8 - kept
    assert f": 8 judged ({kept} from the cache), 0 failed; {8 - kept} new request(s);" in stdout


def test_the_cache_store_and_lookup(tmp_path):
    cache = ReplyCache(tmp_path / "c")
    key = request_key("http://h/v1/", "m", {"a": 1})
    assert key == request_key("http://h/v1", "m", {"a": 1}) != request_key("http://h/v1", "m2", {"a": 1})
    assert cache.get(key) is None
    cache.put(key, "http://h/v1", "m", {"choices": []})
    assert cache.get(key) == {"choices": []}
    cache.path(key).write_text(json.dumps({"format": "answer-gate grader cache 1", "key": "other", "reply": 1}))
    assert cache.get(key) is None  # an entry filed under another key is no answer


# --dry-run, --budget, --concurrency -----------------------------------------------------------


def test_dry_run_says_what_a_run_would_send_and_sends_nothing(tmp_path, cli):
    cache = tmp_path / "cache"
    with serve(good) as server:
        code, stdout, _ = cli(*grade_args(server.url, "--dry-run", "--cache", str(cache)))
        assert (code, server.requests) == (0, [])
        assert stdout == (f"dry run: 8 answer(s) to judge with {_label()}: 0 answered by the cache ({cache}), "
                          f"8 new request(s) to {server.url}/chat/completions; nothing sent, nothing written\n")
        assert not cache.exists()
        assert cli(*grade_args(server.url, "--out", str(tmp_path / "g.jsonl"), "--cache", str(cache), "--budget", "5"))[0] == 1
        code, stdout, _ = cli(*grade_args(server.url, "--dry-run", "--cache", str(cache), "--budget", "2"))
    assert code == 0 and len(server.requests) == 5
    assert ": 5 answered by the cache" in stdout and "3 new request(s)" in stdout
    assert "; --budget 2: 2 would be sent, 1 answer(s) left unjudged; nothing sent, nothing written\n" in stdout


def _label():
    from gate.judged.grader import prompt_digest

    return f"answer-gate-grader (model m, prompt {prompt_digest(load_rubric(RUBRIC))[:15]})"


def test_budget_stops_before_more_new_requests_and_the_cache_carries_on(tmp_path, cli):
    cache = tmp_path / "cache"
    with serve(good) as server:
        code, stdout, err = cli(*grade_args(server.url, "--out", str(tmp_path / "1.jsonl"), "--cache", str(cache), "--budget", "3",
                                            "--concurrency", "2"))
        assert code == 1 and len(server.requests) == 3
        assert [j["question_id"] for j in lines_of(tmp_path / "1.jsonl")] == ["a01", "a02", "a03"]
        assert ("answer-gate: warning: stopped: the budget of 3 new request(s) was reached; 5 answer(s) not sent, not judged: "
                "a04, a05, a06, a07, a08\n") in err
        assert stdout.startswith("graded 3 of 8 answers with ") and ": 3 judged (0 from the cache), 0 failed, 5 not sent; 3 new" in stdout
        code, _, _ = cli(*grade_args(server.url, "--out", str(tmp_path / "2.jsonl"), "--cache", str(cache), "--budget", "3"))
        assert code == 1 and len(server.requests) == 6
        code, stdout, _ = cli(*grade_args(server.url, "--out", str(tmp_path / "3.jsonl"), "--cache", str(cache), "--budget", "3"))
    assert code == 0 and len(server.requests) == 8 and ": 8 judged (6 from the cache), 0 failed; 2 new request(s);" in stdout


def test_a_budget_of_nothing_with_nothing_cached_judges_nothing_exit_2(tmp_path, cli):
    with serve(good) as server:
        code, _, err = cli(*grade_args(server.url, "--out", str(tmp_path / "g.jsonl"), "--budget", "0"))
    assert code == 2 and server.requests == [] and not (tmp_path / "g.jsonl").exists()
    assert ("--budget: expected the grader to judge at least one answer, found none: the budget of 0 new request(s) was reached; "
            "tried 0 request(s)") in err


@pytest.mark.parametrize("concurrency", [1, 3])
def test_concurrency_bounds_the_requests_in_flight(tmp_path, cli, concurrency):
    with serve([Reply(200, completion(json.dumps(GOOD)), delay=0.25)]) as server:
        code, _, err = cli(*grade_args(server.url, "--out", str(tmp_path / "g.jsonl"), "--concurrency", str(concurrency)))
    assert code == 0, err
    assert server.most_in_flight == concurrency and len(server.requests) == 8
    assert [j["question_id"] for j in lines_of(tmp_path / "g.jsonl")] == IDS  # the set's order, whatever the order of replies


# 3. progress ----------------------------------------------------------------------------------


def test_progress_lines_say_done_of_total_failures_and_time_left():
    now = [0.0]
    said: list[str] = []
    progress = Progress(said.append, clock=lambda: now[0])
    progress.tick(5, 42, 5, 0, 0, 37)
    assert said == []  # not in the first 3 s
    now[0] = 3.0
    progress.tick(5, 42, 5, 0, 0, 37)
    now[0] = 4.0
    progress.tick(6, 42, 5, 0, 1, 37)  # within 5 s of the last line: nothing
    now[0] = 8.0
    progress.tick(9, 42, 5, 1, 4, 37)
    now[0] = 130.0
    progress.end(42, 42, 2)
    assert said == ["grading: 5 of 42 answers done (5 from the cache), 0 failed, time left not known yet",
                    "grading: 9 of 42 answers done (5 from the cache), 1 failed, about 66 s left",
                    "grading: 42 of 42 answers done, 2 failed, in 2 min 10 s"]


def test_a_run_that_lasts_shows_progress_on_stderr_and_a_quick_one_does_not(tmp_path, cli, monkeypatch):
    with serve(good) as server:
        code, _, err = cli(*grade_args(server.url, "--out", str(tmp_path / "quick.jsonl")))
    assert code == 0 and "grading:" not in err
    monkeypatch.setattr(grader_run, "PROGRESS_AFTER", 0.3)
    monkeypatch.setattr(grader_run, "PROGRESS_EVERY", 0.3)
    with serve([Reply(200, completion(json.dumps(GOOD)), delay=0.15)]) as server:
        code, _, err = cli(*grade_args(server.url, "--out", str(tmp_path / "slow.jsonl"), "--concurrency", "1"))
    assert code == 0
    lines = [line for line in err.splitlines() if line.startswith("answer-gate: grading: ")]
    assert len(lines) >= 2 and all(" of 8 answers done, 0 failed, " in line for line in lines)
    assert any(line.endswith(" s left") for line in lines[:-1])
    assert lines[-1].startswith("answer-gate: grading: 8 of 8 answers done, 0 failed, in ")


# 5. labels of questions that do not apply -----------------------------------------------------------


def test_the_graders_labels_on_questions_that_do_not_apply_are_dropped_with_a_notice(tmp_path, cli):
    says_yes = {**GOOD, "labels": {q: "yes" for q in GOOD["labels"]}}
    out = tmp_path / "g.jsonl"
    with serve([Reply(200, completion(json.dumps(says_yes)))]) as server:
        code, _, err = cli(*grade_args(server.url, "--out", str(out)))
    assert code == 0
    # a caveat is known for a04 only; a05 declined: only no_unsupported_claim applies
    dropped = "a01 caveat, a02 caveat, a03 caveat, a05 series, a05 period, a05 unit, a05 caveat, a06 caveat, a07 caveat, a08 caveat"
    assert (f"answer-gate: notice: the grader labelled yes or no on 10 rubric question(s) that do not apply to the answer: "
            f"dropped (written as not_applicable, never counted): {dropped}\n") in err
    written = {j["question_id"]: j["labels"] for j in lines_of(out)}
    assert written["a04"] == says_yes["labels"]
    assert written["a05"] == {"series": "not_applicable", "period": "not_applicable", "unit": "not_applicable",
                              "caveat": "not_applicable", "no_unsupported_claim": "yes"}
    assert all(written[q]["caveat"] == "not_applicable" for q in IDS if q != "a04")


# 6. changed graders named ------------------------------------------------------------------------


def test_grader_changes_name_the_part_that_changed():
    a, b = "sha256:" + "a" * 64, "sha256:" + "b" * 64
    assert grader_changes([("g", "m1", a), ("g", "m1", a), ("h", "m1", a)]) == []
    assert grader_changes([("g", "m1", a), ("h", "m1", a), ("g", "m2", a)]) == [GraderChange("g", ("model",), ("m1", "m2"), (a,))]
    assert grader_changes([("g", "m1", a), ("g", "m1", b)])[0].parts == ("prompt",)
    both = grader_changes([("g", "m1", a), ("g", "m2", b)])[0]
    assert both.parts == ("model", "prompt")
    assert both.sentence == (f"g changed its model (m1, m2) and its prompt ({a[:15]}, {b[:15]}): a changed grader is a new grader "
                             "and must be validated again against people; the earlier one's validation does not carry over")


def test_the_report_names_a_graders_changed_model_and_prompt(tmp_path, cli, monkeypatch):
    from gate.judged import grader as grader_module

    with serve(good) as server:
        for name, model in (("m1.jsonl", "m1"), ("m2.jsonl", "m2")):
            assert cli(*grade_args(server.url, "--out", str(tmp_path / name), model=model))[0] == 0
        monkeypatch.setattr(grader_module, "INSTRUCTIONS", grader_module.INSTRUCTIONS + " Be brief.")
        assert cli(*grade_args(server.url, "--out", str(tmp_path / "p2.jsonl"), model="m2"))[0] == 0
    digests = sorted({j["judge"]["prompt_digest"] for name in ("m1.jsonl", "p2.jsonl") for j in lines_of(tmp_path / name)})
    check = ("check", str(RUN_13), "--questions", str(SET_12), "--rubric", str(RUBRIC), "--thresholds", str(ROOT / "thresholds.yaml"),
             "--no-baseline", "--judgements", str(READER))
    code, out, err = cli(*check, str(tmp_path / "m1.jsonl"), str(tmp_path / "m2.jsonl"))
    text = " ".join(out.split())  # the terminal wraps long lines
    assert ("- changed: answer-gate-grader changed its model (m1, m2): a changed grader is a new grader and must be "
            "validated again against people; the earlier one's validation does not carry over") in text, out + err
    code, out, err = cli(*check, str(tmp_path / "m2.jsonl"), str(tmp_path / "p2.jsonl"))
    text = " ".join(out.split())
    assert len(digests) == 2
    assert (f"- changed: answer-gate-grader changed its prompt ({digests[0][:15]}, {digests[1][:15]}): a changed grader is a "
            "new grader and must be validated again") in text, out
    code, out, _ = cli(*check, str(tmp_path / "m1.jsonl"))
    assert "- changed:" not in out


def test_calibrate_names_a_grader_whose_model_changed_since_its_earlier_judgements(tmp_path, cli):
    with serve(good) as server:
        assert cli(*grade_args(server.url, "--out", str(tmp_path / "m1.jsonl"), model="m1"))[0] == 0
        calibration = tmp_path / "calibration.jsonl"
        calibration.write_text(READER.read_text() + (tmp_path / "m1.jsonl").read_text(), encoding="utf-8")
        code, out, err = cli(*grade_args(server.url, "--calibrate", str(calibration), model="m2"))
    assert code == 1, err  # 8 answers: below min_overlap 10
    assert ("  changed: answer-gate-grader changed its model (m1, m2): a changed grader is a new grader and must be validated "
            "again against people; the earlier one's validation does not carry over\n") in out


# 7. help and errors agree with the command -------------------------------------------------------------


def test_grade_help_says_what_the_command_does(cli):
    code, out, _ = cli("grade", "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "not with --calibrate" not in text.split("--questions")[0]  # the run: needed with --calibrate too
    assert "the run log (JSON lines) whose answers are judged; with --calibrate, the run the people's judgements are of" in text
    for option in ("--connect-timeout", "--max-failures", "--cache DIR", "--dry-run", "--budget N", "--concurrency N"):
        assert option in text
    assert "write the judgements here (JSON lines; a new file, unless --force); not with --calibrate" in text


def test_calibrate_without_the_run_names_it(tmp_path, cli):
    code, out, err = cli("grade", "--questions", str(SET_12), "--rubric", str(RUBRIC), "--endpoint", "http://127.0.0.1:9/v1",
                         "--model", "m", "--calibrate", str(READER))
    assert (code, out) == (2, "")
    assert ("run: expected the run log (JSON lines) whose answers are judged; with --calibrate, the run the people's judgements "
            "are of, found none (it is required)\n") in err
    code, out, _ = cli("grade", "--help")
    usage = out.split("\n\n")[0]
    assert usage.split()[-1] == "run" and "[run]" not in usage  # required in the usage line too


def test_calibrate_against_a_dead_endpoint_stops_fast_and_exits_2(cli):
    url = refused()
    code, out, err = cli(*grade_args(url, "--calibrate", str(READER)))
    assert (code, out) == (2, "")
    assert "--endpoint: expected the grader to judge at least one answer, found none: 3 requests in a row could not connect" in err


def test_the_cache_never_holds_the_api_key(tmp_path, cli, monkeypatch):
    key = "sk-test-5ecret-never-stored"
    monkeypatch.setenv("ANSWER_GATE_API_KEY", key)

    def echo(body):
        return Reply(200, completion(json.dumps({**GOOD, "note": "key was Bearer " + key})))

    cache = tmp_path / "cache"
    with serve(echo) as server:
        assert cli(*grade_args(server.url, "--out", str(tmp_path / "1.jsonl"), "--cache", str(cache)))[0] == 0
        assert server.requests[0].headers["authorization"] == f"Bearer {key}"
        assert cli(*grade_args(server.url, "--out", str(tmp_path / "2.jsonl"), "--cache", str(cache)))[0] == 0
    assert len(server.requests) == 8 and len(entries(cache)) == 8
    assert not any(key in p.read_text() for p in entries(cache))
    assert "key was Bearer ***" in entries(cache)[0].read_text()
    assert (tmp_path / "1.jsonl").read_text() == (tmp_path / "2.jsonl").read_text()
