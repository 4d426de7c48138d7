"""A grader you can run: a model asked to apply the rubric, through any OpenAI-compatible
chat-completions endpoint (a local vLLM, llama.cpp or Ollama server, or a hosted one).

The grader is given the question, the answer, the
evidence, the rubric and the allowed labels; asked for structured JSON (``response_format``
with a JSON Schema) at temperature 0; and its metadata is recorded: its identity is name +
model + prompt digest (the digest of the instructions and the rubric), so a changed prompt
is a new grader that must be validated again (:mod:`gate.model.agreement`).

A response that is not valid structured output is recorded as a *failed* judgement with the
reason, never guessed. Each request has a bounded timeout; a timeout, a connection error, a
429 or a 5xx is retried a bounded number of times (a 429's ``Retry-After`` is honoured up to
:data:`MAX_RETRY_AFTER` seconds), then recorded as failed. Other HTTP errors (401, 404...)
stop the command: the endpoint or the key is wrong. The API key comes from an environment
variable and never appears in output: any text shown is scrubbed of it.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
import urllib.parse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from gate import __version__
from gate.core.errors import InputError, Problem, json_error_text, say_notices
from gate.inputs.judgements import FAILED, GRADER, OK, Judge, Judgement, answer_digest, judgement_record
from gate.inputs.rubric import LABELS, SCORE_RANGE, Rubric, applies, caveats_known
from gate.model.inputs import Answer, Question

#: The longest wait a 429's Retry-After is honoured for, in seconds.
MAX_RETRY_AFTER = 30.0
#: The first back-off after a timeout or a 5xx, in seconds (doubling, up to MAX_RETRY_AFTER).
BACKOFF = 0.5
#: Instructions given to the grader. Part of its identity: change them and the digest changes.
INSTRUCTIONS = """You are a careful reader of answers about official statistics. Apply the rubric to the answer, using only the question, the answer and the evidence retrieved for it (ids, values, passages, series metadata, known caveats).
For each rubric question answer "yes", "no" or "not_applicable". A question marked "applies": false is "not_applicable". Score each quality dimension from 1 (poor) to 5 (excellent).
Reply with one JSON object only: {"labels": {<rubric question id>: <label>}, "quality": {<dimension id>: <score>}, "note": <one short sentence, or "">}."""


class GraderError(InputError):
    """The endpoint refused the request in a way a retry does not fix (wrong URL, key, model)."""


@dataclass(frozen=True)
class GraderSettings:
    """How to reach the model.

    Attributes:
        endpoint: base URL (``.../v1``); ``/chat/completions`` is appended.
        model: the model name sent.
        name: the grader's name in its judgements.
        api_key: sent as a bearer token when not empty; never shown.
        timeout: seconds per request (connect, read, write, pool).
        retries: extra attempts after a timeout, connection error, 429 or 5xx.
    """

    endpoint: str
    model: str
    name: str = "answer-gate-grader"
    api_key: str = ""
    timeout: float = 60.0
    retries: int = 3


def prompt_digest(rubric: Rubric) -> str:
    """``sha256:`` of the instructions, the output schema and the rubric's content."""
    payload = json.dumps({"instructions": INSTRUCTIONS, "schema": output_schema(rubric), "rubric": rubric.digest}, sort_keys=True)
    return "sha256:" + hashlib.sha256(payload.encode("utf-8")).hexdigest()


def output_schema(rubric: Rubric) -> dict[str, Any]:
    """The JSON Schema the grader's reply must follow."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["labels", "quality", "note"],
        "properties": {
            "labels": {"type": "object", "additionalProperties": False, "required": list(rubric.question_ids),
                       "properties": {q: {"enum": list(LABELS)} for q in rubric.question_ids}},
            "quality": {"type": "object", "additionalProperties": False, "required": list(rubric.dimension_ids),
                        "properties": {d: {"type": "integer", "minimum": SCORE_RANGE[0], "maximum": SCORE_RANGE[1]} for d in rubric.dimension_ids}},
            "note": {"type": "string"},
        },
    }


def messages(rubric: Rubric, question: Question, answer: Answer) -> list[dict[str, str]]:
    """The chat messages for one answer: the instructions, then the case as JSON."""
    case = {
        "question": answer.question or question.text,
        "language": answer.language,
        "answer": answer.answer or "",
        "declined": answer.declined,
        "evidence": {
            "retrieved_ids": list(answer.retrieved_ids),
            "retrieved_values": [format(v, "f") for v in answer.retrieved_values],
            "retrieved_passages": [{"id": pid, "text": text} for pid, text, _ in answer.retrieved_passages],
            "cited_ids": list(answer.cited_ids),
            "observations": _observations(answer),
            "caveats_known": list(caveats_known(question, answer)),
        },
        "rubric": [{"id": rq.id, "question": rq.text("en"), "applies": applies(rq, question, answer)} for rq in rubric.questions],
        "quality_dimensions": [{"id": d.id, "question": d.text("en")} for d in rubric.dimensions],
        "allowed_labels": list(LABELS),
    }
    return [{"role": "system", "content": INSTRUCTIONS},
            {"role": "user", "content": json.dumps(case, ensure_ascii=False, sort_keys=True)}]


def _observations(answer: Answer) -> list[dict[str, Any]]:
    """The series metadata of the retrieved observations, as plain data."""
    return [{"series": o.series, "period": o.period, "value": format(o.value, "f"), "unit": o.unit, "status": o.status,
             "caveats": list(o.caveats)} for o in answer.retrieved_observations]


def parse_reply(body: Any, rubric: Rubric) -> tuple[dict[str, str], dict[str, int], str] | str:
    """The labels, scores and note of a chat-completions reply, or why it is not valid
    structured output (a string). Nothing is guessed: a missing label is a failure."""
    try:
        content = body["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        return "malformed response: no choices[0].message.content"
    if not isinstance(content, str):
        return "malformed response: the message content is not text"
    try:
        data = json.loads(content)
    except json.JSONDecodeError as exc:
        return f"not valid JSON output: {json_error_text(exc.msg, exc.colno)}"
    if not isinstance(data, dict):
        return "not valid structured output: expected a JSON object"
    labels, quality, note = data.get("labels"), data.get("quality", {}), data.get("note", "")
    if not isinstance(labels, dict):
        return "not valid structured output: no labels object"
    extra = sorted(set(labels) - set(rubric.question_ids))
    if extra:
        return f"not valid structured output: unknown rubric question(s) {', '.join(map(str, extra))}"
    for q in rubric.question_ids:
        if labels.get(q) not in LABELS:
            return f"not valid structured output: label of {q} is {json.dumps(labels.get(q))}, expected one of {', '.join(LABELS)}"
    if not isinstance(quality, dict):
        return "not valid structured output: quality is not an object"
    scores: dict[str, int] = {}
    for d, score in quality.items():
        if d not in rubric.dimension_ids:
            return f"not valid structured output: unknown quality dimension {d}"
        if isinstance(score, bool) or not isinstance(score, int) or not SCORE_RANGE[0] <= score <= SCORE_RANGE[1]:
            return f"not valid structured output: {d} score {json.dumps(score)} is not a whole number from 1 to 5"
        scores[d] = score
    if not isinstance(note, str):
        return "not valid structured output: note is not text"
    return dict(labels), scores, note


def _retry_after(response: httpx.Response) -> float:
    value = response.headers.get("retry-after", "")
    try:
        seconds = float(value)
    except ValueError:
        seconds = BACKOFF
    return min(max(seconds, 0.0), MAX_RETRY_AFTER)


class Grader:
    """The client: one :class:`httpx.Client`, bounded timeouts and retries."""

    def __init__(self, settings: GraderSettings, rubric: Rubric, sleep: Callable[[float], None] = time.sleep,
                 transport: httpx.BaseTransport | None = None) -> None:
        self.settings = settings
        self.rubric = rubric
        self.sleep = sleep
        headers = {"Content-Type": "application/json", "User-Agent": f"answer-gate/{__version__}"}
        if settings.api_key:
            headers["Authorization"] = f"Bearer {settings.api_key}"
        self.client = httpx.Client(timeout=httpx.Timeout(settings.timeout), headers=headers, transport=transport, trust_env=False)
        self.url = settings.endpoint.rstrip("/") + "/chat/completions"
        self.judge = Judge(GRADER, settings.name, __version__, settings.model, prompt_digest(rubric))

    def close(self) -> None:
        self.client.close()

    def scrub(self, text: str) -> str:
        """Text with the API key taken out, whatever its source."""
        key = self.settings.api_key
        return text.replace(key, "***") if key else text

    def _post(self, payload: Mapping[str, Any]) -> tuple[Any, str]:
        """The reply's JSON, or ("", why it failed after every retry)."""
        last = ""
        for attempt in range(self.settings.retries + 1):
            wait = min(BACKOFF * 2 ** attempt, MAX_RETRY_AFTER)
            try:
                response = self.client.post(self.url, json=payload)
            except httpx.TimeoutException:
                last = f"timed out after {self.settings.timeout:g}s"
            except httpx.TransportError as exc:
                last = f"connection failed: {type(exc).__name__}"
            else:
                if response.status_code == 429:
                    last = "rate limited (429)"
                    wait = _retry_after(response)
                elif response.status_code >= 500:
                    last = f"server error {response.status_code}"
                elif response.status_code >= 400:
                    detail = self.scrub(response.text[:200])
                    raise GraderError([Problem(self.url, None, "--endpoint", f"the endpoint answered {response.status_code}: {detail}")])
                else:
                    try:
                        return response.json(), ""
                    except ValueError:
                        return None, "malformed response: the body is not JSON"
            if attempt < self.settings.retries:
                self.sleep(wait)
        return None, f"{last}; gave up after {self.settings.retries + 1} attempt(s)"

    def judge_answer(self, question: Question, answer: Answer) -> Judgement:
        """One judgement of one answer: ``ok`` with labels, or ``failed`` with the reason."""
        payload = {
            "model": self.settings.model,
            "temperature": 0,
            "messages": messages(self.rubric, question, answer),
            "response_format": {"type": "json_schema", "json_schema": {"name": "rubric_judgement", "strict": True, "schema": output_schema(self.rubric)}},
        }
        base: dict[str, Any] = dict(question_id=question.question_id, judge=self.judge, rubric_version=self.rubric.version,
                    answer_digest=answer_digest(answer.answer))
        body, error = self._post(payload)
        if error:
            return Judgement(**base, status=FAILED, error=self.scrub(error))
        parsed = parse_reply(body, self.rubric)
        if isinstance(parsed, str):
            return Judgement(**base, status=FAILED, error=self.scrub(parsed))
        labels, scores, note = parsed
        return Judgement(**base, labels=labels, quality=scores, note=self.scrub(note), status=OK)


def judgement_dict(j: Judgement) -> dict[str, Any]:
    """A judgement as one line of the judgements file (:func:`gate.inputs.judgements.judgement_record`)."""
    return judgement_record(j)


def grade(pairs: Sequence[tuple[Question, Answer | None]], grader: Grader) -> list[Judgement]:
    """Judge every logged answer, in the set's order."""
    return [grader.judge_answer(q, a) for q, a in pairs if a is not None]


def grade_command(args: Any, warn: Callable[[str], None]) -> int:
    """``answer-gate grade``: write judgements, or with ``--calibrate`` print kappa per
    rubric question against people's labels and return 1 below the floor."""
    from gate.core.errors import ProblemCollector
    from gate.core.files import atomic_write_text, output_problem
    from gate.inputs.join import join
    from gate.inputs.question_set import load_question_set
    from gate.inputs.rubric import load_rubric
    from gate.inputs.run_log import load_run

    problems = ProblemCollector()
    if not args.run:
        problems.add("RUN", None, None, "expected the run log whose answers the grader judges")
    if not args.out and not args.calibrate:
        problems.add("--out", None, None, "expected --out FILE for the judgements (or --calibrate FILE)")
    if args.retries < 0 or args.retries > 10:
        problems.add("--retries", None, None, f"expected 0 to 10, found {args.retries}")
    if not args.timeout > 0 or args.timeout > 600:
        problems.add("--timeout", None, None, f"expected more than 0 and at most 600 seconds, found {args.timeout:g}")
    endpoint = urllib.parse.urlsplit(args.endpoint)
    if endpoint.scheme not in ("http", "https") or not endpoint.netloc:
        problems.add("--endpoint", None, None, f"expected an http:// or https:// URL such as http://localhost:8000/v1, found {args.endpoint!r}")
    if args.out:
        taken = {os.path.realpath(p): p for p in (args.run, args.questions, args.rubric) if p}
        why = output_problem(args.out, taken, force=args.force)
        if why:
            problems.add(args.out, None, "--out", why)
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
    settings = GraderSettings(args.endpoint, args.model, args.name, os.environ.get(args.api_key_env, ""), args.timeout, args.retries)
    grader = Grader(settings, rubric)
    try:
        if args.calibrate:
            return _calibrate(args, joined, rubric, run, grader, warn)
        judgements = grade(joined.pairs, grader)
    finally:
        grader.close()
    failed = [j for j in judgements if j.status == FAILED]
    if judgements and len(failed) == len(judgements):
        raise InputError([Problem(args.endpoint, None, "--endpoint", f"expected the grader to judge at least one answer, found every one of "
                                  f"the {len(judgements):,} requests failed (first: {failed[0].question_id}: {failed[0].error})")])
    atomic_write_text(args.out, "".join(json.dumps(judgement_dict(j), ensure_ascii=False, sort_keys=True) + "\n" for j in judgements))
    for j in failed:
        warn(f"{j.question_id}: failed judgement recorded: {j.error}")
    print(f"graded {len(judgements)} answers with {grader.judge.label}: {len(judgements) - len(failed)} judged, {len(failed)} failed; {args.out}")
    return 0


def _calibrate(args: Any, joined: Any, rubric: Rubric, run: Any, grader: Grader, warn: Callable[[str], None]) -> int:
    from gate.inputs.judgements import PERSON, load_judgements
    from gate.judged.review import validate_graders
    from gate.model.agreement import format_kappa
    from gate.rules.thresholds import load_thresholds

    rules = load_thresholds(args.thresholds)
    people = [j for j in load_judgements([args.calibrate], rubric, run).judgements if j.judge.kind == PERSON and j.status != FAILED]
    labelled = {j.question_id for j in people}
    pairs = [(q, a) for q, a in joined.pairs if a is not None and q.question_id in labelled]
    graded = grade(pairs, grader)
    for j in graded:
        if j.status == FAILED:
            warn(f"{j.question_id}: failed judgement (not counted): {j.error}")
    by_answer: dict[str, list[Judgement]] = {}
    for j in people + graded:
        by_answer.setdefault(j.question_id, []).append(j)
    validation = validate_graders(by_answer, rubric, rules.min_kappa, rules.min_overlap).get(grader.judge.identity)
    print(f"calibration of {grader.judge.label} on {len(pairs)} human-labelled answer(s) from {args.calibrate}:")
    if validation is None:
        print("  no valid judgement from the grader: not validated")
        return 1
    for q, k in validation.kappas.items():
        print(f"  {q}: kappa {format_kappa(k.value)} (n={k.n})" + (f"; {k.reason}" if k.reason else ""))
    print(f"  {validation.reason}")
    return 0 if validation.validated else 1
