"""A grading run: the cache first, then bounded requests in flight, an early stop, a budget.

Each logged answer becomes one request (:meth:`gate.judged.grader.Grader.request`). With a cache
(:class:`gate.judged.grader_cache.ReplyCache`) a request asked before is answered from it and never
sent; the others are sent by up to ``concurrency`` threads sharing one HTTP client. A reply
that is valid output is stored in the cache as soon as it arrives (an interrupted run keeps
what it was paid for); a failure is never stored.

The run stops sending (in-flight requests finish; the rest are listed as not sent):

- when :data:`FAIL_FAST` requests in a row could not connect (a mistyped or dead endpoint:
  with the default connect timeout of 5 s and connections not retried before the endpoint
  ever answered, within 20 s even with nothing at the other end);
- when the first :data:`FAIL_FAST` requests sent all failed, whatever the reason (a wrong
  model, a server that answers 500, a model that cannot give structured output);
- before the ``budget``-th plus one new request.

Progress (answers done of total, failures, time left) goes to a callable the command gives,
once a run has lasted :data:`PROGRESS_AFTER` seconds and then every :data:`PROGRESS_EVERY`.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gate.inputs.judgements import OK, Judgement
from gate.judged.grader import Grader, Sent
from gate.judged.grader_cache import ReplyCache
from gate.model.inputs import Answer, Question

#: Requests in a row that failed to connect, or first requests that all failed, before the run stops.
FAIL_FAST = 3
#: Seconds a run lasts before progress is shown, and between two progress lines.
PROGRESS_AFTER, PROGRESS_EVERY = 3.0, 5.0
#: Requests in flight by default (``--concurrency``).
CONCURRENCY = 4


@dataclass(frozen=True)
class Item:
    """One answer to judge: its place in the set, the pair, the request body and its key."""

    index: int
    question: Question
    answer: Answer
    body: dict[str, Any]
    key: str


@dataclass(frozen=True)
class Plan:
    """What a run would do: the judgements the cache gives, and the requests left to send."""

    cached: tuple[tuple[Item, Judgement, tuple[str, ...]], ...]
    to_send: tuple[Item, ...]


@dataclass(frozen=True)
class GradingResult:
    """What a grading run came to.

    Attributes:
        judgements: every judgement made (from the cache, or sent: ok or failed), in the
            set's order; answers not sent have none.
        dropped: ``"<question id> <rubric question>"`` for each yes or no the grader gave
            on a rubric question that does not apply to the answer (written as not_applicable).
        cached: answers the cache answered.
        sent: new requests sent.
        not_sent: question ids of answers left unjudged (the budget, or an early stop).
        stopped: why the run stopped sending before the end ("" when it did not).
        reasons: the distinct reasons the requests sent failed, in the order met.
        warnings: what went wrong on the side (an entry the cache could not store).
    """

    judgements: tuple[Judgement, ...]
    dropped: tuple[str, ...]
    cached: int
    sent: int
    not_sent: tuple[str, ...]
    stopped: str
    reasons: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


def plan(pairs: Sequence[tuple[Question, Answer | None]], grader: Grader, cache: ReplyCache | None) -> Plan:
    """Build every request of a run and look each up in the cache; sends nothing."""
    cached: list[tuple[Item, Judgement, tuple[str, ...]]] = []
    to_send: list[Item] = []
    for index, (question, answer) in enumerate(pairs):
        if answer is None:
            continue
        body = grader.request(question, answer)
        item = Item(index, question, answer, body, grader.key(body))
        reply = cache.get(item.key) if cache is not None else None
        if reply is not None:
            judgement, dropped = grader.judgement(question, answer, reply)
            if judgement.status == OK:
                cached.append((item, judgement, dropped))
                continue
        to_send.append(item)
    return Plan(tuple(cached), tuple(to_send))


class Progress:
    """Progress lines for a run that lasts: ``grading: 12 of 42 answers done (5 from the
    cache), 1 failed, about 40 s left``."""

    def __init__(self, write: Callable[[str], None], clock: Callable[[], float] = time.monotonic,
                 after: float | None = None, every: float | None = None) -> None:
        self.write = write
        self.clock = clock
        self.after = PROGRESS_AFTER if after is None else after
        self.every = PROGRESS_EVERY if every is None else every
        self.start = clock()
        self.next = self.start + self.after
        self.shown = False

    def tick(self, done: int, total: int, cached: int, failed: int, sent_done: int, to_send: int) -> None:
        """Show a line when one is due; ``sent_done`` of ``to_send`` new requests are done."""
        now = self.clock()
        if now < self.next:
            return
        self.next = now + self.every
        self.shown = True
        elapsed = now - self.start
        if sent_done:
            left = f"about {_seconds(max(1.0, elapsed / sent_done * (to_send - sent_done)))} left"
        else:
            left = "time left not known yet"
        from_cache = f" ({cached} from the cache)" if cached else ""
        self.write(f"grading: {done} of {total} answers done{from_cache}, {failed} failed, {left}")

    def end(self, done: int, total: int, failed: int) -> None:
        """The last line, when progress was shown at all."""
        if self.shown:
            self.write(f"grading: {done} of {total} answers done, {failed} failed, in {_seconds(self.clock() - self.start)}")


def _seconds(value: float) -> str:
    value = max(0, round(value))
    return f"{value} s" if value < 120 else f"{value // 60} min {value % 60:02d} s"


class _Watch:
    """The early stop: requests in a row that could not connect, first requests that all failed."""

    def __init__(self, fail_fast: int) -> None:
        self.fail_fast = fail_fast
        self.unreachable = 0
        self.failed = 0
        self.judged = 0
        self.reasons: list[str] = []

    def see(self, sent: Sent, judgement: Judgement) -> str:
        """Take one result; why the run must stop, or ""."""
        self.unreachable = self.unreachable + 1 if sent.unreachable else 0
        if judgement.status == OK:
            self.judged += 1
        else:
            self.failed += 1
            if judgement.error not in self.reasons:
                self.reasons.append(judgement.error)
        if self.unreachable >= self.fail_fast:
            return f"{self.unreachable} requests in a row could not connect"
        if not self.judged and self.failed >= self.fail_fast:
            return f"the first {self.failed} requests all failed"
        return ""


@dataclass(frozen=True)
class _Done:
    """One item's end: not sent (``sent`` None), sent and judged, or an error to raise."""

    item: Item
    sent: Sent | None = None
    judgement: Judgement | None = None
    dropped: tuple[str, ...] = ()
    error: BaseException | None = None


class _Sender:
    """The threads that send the plan's requests, each taking the next one in turn. The
    early stop and the budget are decided under one lock, before a request is taken."""

    def __init__(self, grader: Grader, items: Sequence[Item], budget: int | None, watch: _Watch) -> None:
        self.grader = grader
        self.items = items
        self.budget = budget
        self.watch = watch
        self.lock = threading.Lock()
        self.turn = threading.Condition(self.lock)
        self.stop = threading.Event()
        self.stopped = ""
        self.next = 0
        self.sent = 0
        self.results: queue.Queue[_Done] = queue.Queue()

    def start(self, threads: int) -> None:
        for _ in range(max(1, min(threads, len(self.items)))):
            threading.Thread(target=self._work, daemon=True, name="answer-gate-grader").start()

    def _take(self) -> tuple[Item | None, bool]:
        """The next item, and whether to send it. Until a request has been judged, no more
        than the early stop's count are sent: a dead endpoint costs that many, never more."""
        with self.turn:
            while True:
                if self.next >= len(self.items):
                    return None, False
                probing = not self.watch.judged and self.sent >= self.watch.fail_fast
                if probing and not self.stop.is_set():
                    self.turn.wait()
                    continue
                item = self.items[self.next]
                self.next += 1
                if self.stop.is_set() or (self.budget is not None and self.sent >= self.budget):
                    return item, False
                self.sent += 1
                return item, True

    def halt(self, why: str) -> None:
        """Stop taking requests (those in flight finish); the first reason given is kept."""
        with self.turn:
            if why and not self.stopped:
                self.stopped = why
            self.stop.set()
            self.turn.notify_all()

    def _work(self) -> None:
        while True:
            item, send = self._take()
            if item is None:
                return
            if not send:
                self.results.put(_Done(item))
                continue
            try:
                sent = self.grader.send(item.body)
                judgement, dropped = self.grader.judgement(item.question, item.answer, sent.reply, sent.error)
            except BaseException as exc:  # a GraderError (401, 404): the main thread raises it
                self.halt("")
                self.results.put(_Done(item, error=exc))
                continue
            with self.turn:
                why = self.watch.see(sent, judgement)
                self.turn.notify_all()
            if why:
                self.halt(why)
            self.results.put(_Done(item, sent, judgement, dropped))


def run_grading(pairs: Sequence[tuple[Question, Answer | None]], grader: Grader, cache: ReplyCache | None = None,
                concurrency: int = CONCURRENCY, budget: int | None = None, progress: Progress | None = None,
                fail_fast: int = FAIL_FAST) -> GradingResult:
    """Judge every logged answer: the cache first, then new requests (see the module's docstring).

    Raises:
        gate.judged.grader.GraderError: the endpoint refused a request in a way no retry fixes.
        KeyboardInterrupt: the run was interrupted (what was stored in the cache stays).
    """
    the_plan = plan(pairs, grader, cache)
    judged: dict[int, Judgement] = {item.index: j for item, j, _ in the_plan.cached}
    dropped: dict[int, tuple[str, ...]] = {item.index: d for item, _, d in the_plan.cached if d}
    watch = _Watch(fail_fast)
    sender = _Sender(grader, the_plan.to_send, budget, watch)
    not_sent: list[Item] = []
    warnings: list[str] = []
    total = len(the_plan.cached) + len(the_plan.to_send)
    to_send = len(the_plan.to_send) if budget is None else min(budget, len(the_plan.to_send))
    sender.start(concurrency)
    try:
        for _ in range(len(the_plan.to_send)):
            done = _next_result(sender, progress, judged, total, len(the_plan.cached), to_send)
            if done.error is not None:
                raise done.error
            if done.sent is None or done.judgement is None:
                not_sent.append(done.item)
                continue
            judged[done.item.index] = done.judgement
            if done.dropped:
                dropped[done.item.index] = done.dropped
            if done.judgement.status == OK and cache is not None:
                try:
                    cache.put(done.item.key, grader.settings.endpoint, grader.settings.model, _scrubbed(grader, done.sent.reply))
                except OSError as exc:
                    if not warnings:
                        warnings.append(f"the cache could not store a reply: {exc.strerror or exc} ({cache.folder})")
    finally:
        sender.halt("")
    stopped = sender.stopped
    if not stopped and budget is not None and len(the_plan.to_send) > budget:
        stopped = f"the budget of {budget} new request(s) was reached"
    if progress is not None:
        progress.end(len(judged), total, sum(j.status != OK for j in judged.values()))
    not_sent.sort(key=lambda item: item.index)
    said = tuple(f"{judged[i].question_id} {q}" for i in sorted(dropped) for q in dropped[i])
    return GradingResult(tuple(judged[i] for i in sorted(judged)), said, len(the_plan.cached), sender.sent,
                         tuple(item.question.question_id for item in not_sent), stopped, tuple(watch.reasons), tuple(warnings))


def _scrubbed(grader: Grader, reply: Any) -> Any:
    """The reply with the API key taken out (a server may echo it): the cache never holds it."""
    if not grader.settings.api_key:
        return reply
    return json.loads(grader.scrub(json.dumps(reply, ensure_ascii=False)))


def _next_result(sender: _Sender, progress: Progress | None, judged: dict[int, Judgement], total: int, cached: int,
                 to_send: int) -> _Done:
    """The next result of the threads, showing progress while waiting."""
    while True:
        if progress is not None:
            failed = sum(j.status != OK for j in judged.values())
            progress.tick(len(judged), total, cached, failed, len(judged) - cached, to_send)
        try:
            return sender.results.get(timeout=0.25)
        except queue.Empty:
            continue
