"""``answer-gate grade``: judge a run's answers with a grader, or calibrate it on people's labels.

Exit codes (as every command): 0 every answer judged (failures within ``--max-failures``);
1 more judgements failed than ``--max-failures`` allows, answers left unjudged (the budget,
an early stop), or, with ``--calibrate``, a grader below the floor; 2 bad options or input,
an endpoint that refuses the request (401, 404), or nothing judged at all (then nothing is
written).
"""

from __future__ import annotations

import json
import os
import sys
import urllib.parse
from collections.abc import Callable, Sequence
from typing import Any

from gate.core.errors import InputError, Problem, ProblemCollector, say_notices
from gate.core.files import atomic_write_text, output_problem
from gate.inputs.join import join
from gate.inputs.judgements import FAILED, OK, Judgement
from gate.inputs.question_set import load_question_set
from gate.inputs.rubric import Rubric, load_rubric
from gate.inputs.run_log import load_run
from gate.judged.grader import Grader, GraderSettings, judgement_dict
from gate.judged.grader_cache import ReplyCache, cache_problem
from gate.judged.grader_run import GradingResult, Progress, plan, run_grading
from gate.judged.review import applicable_only
from gate.model.inputs import Answer, Question

EXIT_PASS, EXIT_FAIL = 0, 1
#: The failures and unjudged answers listed one by one before the rest is counted.
LISTED = 20


def option_problems(args: Any) -> ProblemCollector:
    """Every problem of the options, at once (nothing read yet, nothing sent)."""
    problems = ProblemCollector()
    if args.calibrate and args.out:
        problems.add("--out", None, None, "not with --calibrate: calibration prints kappa per rubric question and writes no judgements")
    elif not args.out and not args.calibrate and not args.dry_run:
        problems.add("--out", None, None, "expected --out FILE for the judgements (or --calibrate FILE, or --dry-run)")
    if args.retries < 0 or args.retries > 10:
        problems.add("--retries", None, None, f"expected 0 to 10, found {args.retries}")
    for option, value in (("--timeout", args.timeout), ("--connect-timeout", args.connect_timeout)):
        if not value > 0 or value > 600:
            problems.add(option, None, None, f"expected more than 0 and at most 600 seconds, found {value:g}")
    if args.max_failures < 0:
        problems.add("--max-failures", None, None, f"expected 0 or more, found {args.max_failures}")
    if args.budget is not None and args.budget < 0:
        problems.add("--budget", None, None, f"expected 0 or more new requests, found {args.budget}")
    if not 1 <= args.concurrency <= 64:
        problems.add("--concurrency", None, None, f"expected 1 to 64 requests in flight, found {args.concurrency}")
    endpoint = urllib.parse.urlsplit(args.endpoint)
    if endpoint.scheme not in ("http", "https") or not endpoint.netloc:
        problems.add("--endpoint", None, None, f"expected an http:// or https:// URL such as http://localhost:8000/v1, found {args.endpoint!r}")
    if args.out:
        taken = {os.path.realpath(p): p for p in (args.run, args.questions, args.rubric, args.calibrate) if p}
        why = output_problem(args.out, taken, force=args.force)
        if why:
            problems.add(args.out, None, "--out", why)
    if args.cache:
        why = cache_problem(args.cache)
        if why:
            problems.add(args.cache, None, "--cache", why)
    return problems


def grade_command(args: Any, warn: Callable[[str], None]) -> int:
    """``answer-gate grade``: write judgements, say what a run would send (``--dry-run``),
    or with ``--calibrate`` print kappa per rubric question against people's labels."""
    problems = option_problems(args)
    problems.raise_if_any()
    rubric = None
    try:
        rubric = load_rubric(args.rubric)
    except InputError as error:
        problems.absorb(error)
    run = load_run(args.run, problems)
    question_set = load_question_set(args.questions, problems) if args.questions else None
    joined = join(run, question_set, problems)
    problems.raise_if_any()
    assert rubric is not None
    say_notices((*run.notices, *joined.notices))
    settings = GraderSettings(args.endpoint, args.model, args.name, os.environ.get(args.api_key_env, ""), args.timeout,
                              args.retries, args.connect_timeout)
    grader = Grader(settings, rubric)
    cache = ReplyCache(args.cache) if args.cache else None
    try:
        if args.calibrate:
            return _calibrate(args, joined.pairs, rubric, run, grader, cache, warn)
        if args.dry_run:
            return _dry_run(args, joined.pairs, grader, cache)
        result = run_grading(joined.pairs, grader, cache, args.concurrency, args.budget, _progress())
    finally:
        grader.close()
    judgements = result.judgements
    failed = [j for j in judgements if j.status == FAILED]
    if len(failed) == len(judgements) and (judgements or result.not_sent):
        raise InputError([_nothing_judged(args, grader, result)])
    _say_result(result, warn)
    atomic_write_text(args.out, "".join(json.dumps(judgement_dict(j), ensure_ascii=False, sort_keys=True) + "\n" for j in judgements))
    total = len(judgements) + len(result.not_sent)
    shown = f"{len(judgements)} of {total}" if result.not_sent else f"{len(judgements)}"
    from_cache = f" ({result.cached} from the cache)" if cache is not None else ""
    unsent = f", {len(result.not_sent)} not sent" if result.not_sent else ""
    print(f"graded {shown} answers with {grader.judge.label}: {len(judgements) - len(failed)} judged{from_cache}, "
          f"{len(failed)} failed{unsent}; {result.sent} new request(s); {args.out}")
    return _verdict(args, len(judgements) - len(failed), len(failed), len(result.not_sent), warn)


def _progress() -> Progress:
    return Progress(lambda line: print(f"answer-gate: {line}", file=sys.stderr, flush=True))


def _say_result(result: GradingResult, warn: Callable[[str], None]) -> None:
    """The run's notices and warnings on standard error: labels dropped, failures with why,
    answers not sent and why."""
    if result.dropped:
        say_notices([f"the grader labelled yes or no on {len(result.dropped)} rubric question(s) that do not apply to the "
                     f"answer: dropped (written as not_applicable, never counted): {', '.join(result.dropped)}"])
    for text in result.warnings:
        warn(text)
    failed = [j for j in result.judgements if j.status == FAILED]
    for j in failed[:LISTED]:
        warn(f"{j.question_id}: failed judgement recorded: {j.error}")
    if len(failed) > LISTED:
        warn(f"and {len(failed) - LISTED} more failed judgement(s)")
    if result.not_sent:
        ids = ", ".join(result.not_sent[:LISTED]) + (f" and {len(result.not_sent) - LISTED} more" if len(result.not_sent) > LISTED else "")
        warn(f"stopped: {result.stopped}; {len(result.not_sent)} answer(s) not sent, not judged: {ids}")


def _nothing_judged(args: Any, grader: Grader, result: GradingResult) -> Problem:
    """Why a run judged nothing, with what it tried: the URL, the requests, the timeouts, and
    the reasons the requests failed (the first three distinct ones)."""
    s = grader.settings
    tried = (f"tried {result.sent} request(s) to {grader.url} (model {s.model}; connect timeout {s.connect_timeout:g}s, "
             f"read timeout {s.timeout:g}s, {s.retries} retries once the endpoint answers)")
    failed = [j for j in result.judgements if j.status == FAILED]
    why = result.stopped or (f"every one of the {len(failed):,} requests failed" if failed else "no request was sent")
    if result.reasons:
        why += f" ({'; '.join(result.reasons[:3])})"
    field = "--budget" if not result.sent and args.budget is not None else "--endpoint"
    return Problem(args.endpoint, None, field, f"expected the grader to judge at least one answer, found none: {why}; {tried}; "
                   f"nothing written")


def _verdict(args: Any, judged: int, failed: int, not_sent: int, warn: Callable[[str], None]) -> int:
    """Exit 1 when more judgements failed than --max-failures allows, or answers were left unjudged."""
    code = EXIT_PASS
    if failed > args.max_failures:
        kept = (f"{judged} good judgement(s) written, the failures recorded as failed" if args.out
                else f"{judged} good judgement(s) measured, the failures not counted")
        warn(f"{failed} judgement(s) failed, more than --max-failures {args.max_failures} allows: exit 1 ({kept})")
        code = EXIT_FAIL
    if not_sent:
        warn(f"{not_sent} answer(s) left unjudged: exit 1 (with --cache, the next run sends only those)")
        code = EXIT_FAIL
    return code


def _dry_run(args: Any, pairs: Sequence[tuple[Question, Answer | None]], grader: Grader, cache: ReplyCache | None) -> int:
    """Say how many requests a run would make and how many the cache answers; send nothing."""
    the_plan = plan(pairs, grader, cache)
    new = len(the_plan.to_send)
    answers = len(the_plan.cached) + new
    where = f"answered by the cache ({args.cache})" if cache is not None else "answered by a cache (none given: --cache DIR)"
    text = (f"dry run: {answers} answer(s) to judge with {grader.judge.label}: {len(the_plan.cached)} {where}, "
            f"{new} new request(s) to {grader.url}")
    if args.budget is not None and new > args.budget:
        text += f"; --budget {args.budget}: {args.budget} would be sent, {new - args.budget} answer(s) left unjudged"
    print(text + "; nothing sent, nothing written")
    return EXIT_PASS


def _calibrate(args: Any, pairs: Sequence[tuple[Question, Answer | None]], rubric: Rubric, run: Any, grader: Grader,
               cache: ReplyCache | None, warn: Callable[[str], None]) -> int:
    from gate.inputs.judgements import GRADER, PERSON, load_judgements
    from gate.judged.review import validate_graders
    from gate.model.agreement import format_kappa, grader_changes
    from gate.rules.thresholds import load_thresholds

    rules = load_thresholds(args.thresholds)
    given = load_judgements([args.calibrate], rubric, run).judgements
    people = [j for j in given if j.judge.kind == PERSON and j.status != FAILED]
    labelled = {j.question_id for j in people}
    chosen = [(q, a) for q, a in pairs if a is not None and q.question_id in labelled]
    if args.dry_run:
        return _dry_run(args, chosen, grader, cache)
    result = run_grading(chosen, grader, cache, args.concurrency, args.budget, _progress())
    graded = list(result.judgements)
    failed = [j for j in graded if j.status == FAILED]
    if len(failed) == len(graded) and (graded or result.not_sent):
        raise InputError([_nothing_judged(args, grader, result)])
    _say_result(result, warn)
    by_pair = {q.question_id: (q, a) for q, a in chosen}
    people, dropped = applicable_only(people, rubric, by_pair)
    if dropped:
        say_notices([f"{len(dropped)} label(s) of yes or no by people on rubric questions that do not apply to the answer: "
                     f"dropped, never counted in agreement: {', '.join(dropped)}"])
    mine, _ = applicable_only([j for j in graded if j.status == OK], rubric, by_pair)
    by_answer: dict[str, list[Judgement]] = {}
    for j in people + mine:
        by_answer.setdefault(j.question_id, []).append(j)
    validation = validate_graders(by_answer, rubric, rules.min_kappa, rules.min_overlap).get(grader.judge.identity)
    print(f"calibration of {grader.judge.label} on {len(chosen)} human-labelled answer(s) from {args.calibrate}:")
    earlier = [(j.judge.name, j.judge.model, j.judge.prompt_digest) for j in given if j.judge.kind == GRADER]
    for change in grader_changes(earlier + [(grader.judge.name, grader.judge.model, grader.judge.prompt_digest)]):
        if change.name == grader.judge.name:
            print(f"  changed: {change.sentence}")
    if validation is None:
        print("  no valid judgement from the grader: not validated")
        return EXIT_FAIL
    for q, k in validation.kappas.items():
        print(f"  {q}: kappa {format_kappa(k.value)} (n={k.n})" + (f"; {k.reason}" if k.reason else ""))
    if validation.claims_matched is not None:
        print(f"  claims matched by largest overlap: {validation.claims_matched[0]} of the people's {validation.claims_matched[1]}")
    print(f"  {validation.reason}")
    code = _verdict(args, len(mine), len(failed), len(result.not_sent), warn)
    return EXIT_PASS if validation.validated and code == EXIT_PASS else EXIT_FAIL
