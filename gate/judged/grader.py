"""A grader you can run: a model asked to apply the rubric, through any OpenAI-compatible
chat-completions endpoint (a local vLLM, llama.cpp or Ollama server, or a hosted one).

The grader is given the question, the answer, the
evidence, the rubric and the allowed labels; asked for structured JSON (``response_format``
with a JSON Schema) at temperature 0; and its metadata is recorded: its identity is name +
model + prompt digest (the digest of the instructions and the rubric), so a changed prompt
is a new grader that must be validated again (:mod:`gate.model.agreement`).

A response that is not valid structured output is recorded as a *failed* judgement with the
reason, never guessed. Each request has a bounded connect timeout (a few seconds: a server
that is there accepts at once) apart from its read timeout (a model may think for a minute);
a timeout, a connection error, a 429 or a 5xx is retried a bounded number of times (a 429's
``Retry-After`` is honoured up to :data:`MAX_RETRY_AFTER` seconds), then recorded as failed,
except that a connection that fails before the endpoint ever answered is not retried: a
mistyped or dead endpoint costs one connect timeout per request, and the run
(:mod:`gate.judged.grader_run`) stops after the first few. Other HTTP errors (401, 404...) stop the
command: the endpoint or the key is wrong. The API key comes from an environment variable and
never appears in output: any text shown is scrubbed of it.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from gate import __version__
from gate.core.errors import InputError, Problem, json_error_text
from gate.inputs.claims import no_unsupported_label
from gate.inputs.judgements import FAILED, GRADER, OK, Judge, Judgement, answer_digest, judgement_record
from gate.inputs.rubric import LABELS, NO, NOT_APPLICABLE, SCORE_RANGE, YES, Rubric, applies
from gate.judged.grader_cache import request_key
from gate.judged.grader_claims import CLAIM_INSTRUCTIONS, DERIVED, claims_schema, reply_claims
from gate.judged.plain import answer_data, observation_data
from gate.model.inputs import Answer, Question

#: The longest wait a 429's Retry-After is honoured for, in seconds.
MAX_RETRY_AFTER = 30.0
#: The first back-off after a timeout or a 5xx, in seconds (doubling, up to MAX_RETRY_AFTER).
BACKOFF = 0.5
#: Seconds to wait for a connection, by default (``--connect-timeout``).
CONNECT_TIMEOUT = 5.0
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
        timeout: seconds to wait for the reply (read, write, pool).
        retries: extra attempts after a timeout, connection error, 429 or 5xx.
        connect_timeout: seconds to wait for the connection.
    """

    endpoint: str
    model: str
    name: str = "answer-gate-grader"
    api_key: str = ""
    timeout: float = 60.0
    retries: int = 3
    connect_timeout: float = CONNECT_TIMEOUT


def prompt_digest(rubric: Rubric) -> str:
    """``sha256:`` of the instructions, the output schema and the rubric's content."""
    payload = json.dumps({"instructions": instructions(rubric), "schema": output_schema(rubric), "rubric": rubric.digest}, sort_keys=True)
    return "sha256:" + hashlib.sha256(payload.encode("utf-8")).hexdigest()


def instructions(rubric: Rubric) -> str:
    """The instructions: :data:`INSTRUCTIONS`, and with a rubric asking for claims, how to list them."""
    return INSTRUCTIONS + (CLAIM_INSTRUCTIONS if rubric.claims else "")


def labelled(rubric: Rubric) -> tuple[str, ...]:
    """The rubric questions the grader labels: all but ``no_unsupported_claim`` when claims
    are asked for (it follows from them)."""
    return tuple(q for q in rubric.question_ids if not (rubric.claims and q == DERIVED))


def output_schema(rubric: Rubric) -> dict[str, Any]:
    """The JSON Schema the grader's reply must follow (with ``claims`` where the rubric asks for them)."""
    schema: dict[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "required": ["labels", "quality", "note"],
        "properties": {
            "labels": {"type": "object", "additionalProperties": False, "required": list(labelled(rubric)),
                       "properties": {q: {"enum": list(LABELS)} for q in labelled(rubric)}},
            "quality": {"type": "object", "additionalProperties": False, "required": list(rubric.dimension_ids),
                        "properties": {d: {"type": "integer", "minimum": SCORE_RANGE[0], "maximum": SCORE_RANGE[1]} for d in rubric.dimension_ids}},
            "note": {"type": "string"},
        },
    }
    if rubric.claims:
        schema["required"].append("claims")
        schema["properties"]["claims"] = claims_schema()
    return schema


def messages(rubric: Rubric, question: Question, answer: Answer) -> list[dict[str, str]]:
    """The chat messages for one answer: the instructions, then the case as JSON."""
    data = answer_data(question, answer)
    evidence = ("retrieved_ids", "retrieved_values", "retrieved_passages", "cited_ids", "caveats_known")
    case = {
        **{k: data[k] for k in ("question", "language", "answer", "declined")},
        "evidence": {**{k: data[k] for k in evidence}, "observations": [observation_data(o) for o in answer.retrieved_observations]},
        "rubric": [{"id": rq.id, "question": rq.text("en"), "applies": applies(rq, question, answer)} for rq in rubric.questions],
        "quality_dimensions": [{"id": d.id, "question": d.text("en")} for d in rubric.dimensions],
        "allowed_labels": list(LABELS),
    }
    if rubric.claims:
        case["allowed_claim_labels"] = ["supported", "unsupported", "contradicted"]
    return [{"role": "system", "content": instructions(rubric)},
            {"role": "user", "content": json.dumps(case, ensure_ascii=False, sort_keys=True)}]


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
    extra = sorted(set(labels) - set(labelled(rubric)))
    if extra:
        return f"not valid structured output: unknown rubric question(s) {', '.join(map(str, extra))}"
    for q in labelled(rubric):
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


@dataclass(frozen=True)
class Sent:
    """What one request came to.

    Attributes:
        reply: the reply's JSON body (None when it failed).
        error: why it failed after its attempts ("" when a body came).
        unreachable: it never connected (refused, unknown host, connect timeout).
    """

    reply: Any = None
    error: str = ""
    unreachable: bool = False


class Grader:
    """The client: one :class:`httpx.Client` (safe to share between threads), bounded
    timeouts and retries."""

    def __init__(self, settings: GraderSettings, rubric: Rubric, sleep: Callable[[float], None] = time.sleep,
                 transport: httpx.BaseTransport | None = None) -> None:
        self.settings = settings
        self.rubric = rubric
        self.sleep = sleep
        headers = {"Content-Type": "application/json", "User-Agent": f"answer-gate/{__version__}"}
        if settings.api_key:
            headers["Authorization"] = f"Bearer {settings.api_key}"
        timeout = httpx.Timeout(settings.timeout, connect=settings.connect_timeout)
        self.client = httpx.Client(timeout=timeout, headers=headers, transport=transport, trust_env=False)
        self.url = settings.endpoint.rstrip("/") + "/chat/completions"
        self.judge = Judge(GRADER, settings.name, __version__, settings.model, prompt_digest(rubric))
        #: Whether the endpoint has answered any request (with any status) yet.
        self.answered = False

    def close(self) -> None:
        self.client.close()

    def scrub(self, text: str) -> str:
        """Text with the API key taken out, whatever its source."""
        key = self.settings.api_key
        return text.replace(key, "***") if key else text

    def request(self, question: Question, answer: Answer) -> dict[str, Any]:
        """The request body for one answer: model, temperature 0, the messages, the output schema."""
        return {
            "model": self.settings.model,
            "temperature": 0,
            "messages": messages(self.rubric, question, answer),
            "response_format": {"type": "json_schema", "json_schema": {"name": "rubric_judgement", "strict": True, "schema": output_schema(self.rubric)}},
        }

    def key(self, body: Mapping[str, Any]) -> str:
        """The request's cache key (:func:`gate.judged.grader_cache.request_key`)."""
        return request_key(self.settings.endpoint, self.settings.model, body)

    def send(self, body: Mapping[str, Any]) -> Sent:
        """Post one request, with the retries its failure allows (see the module's docstring)."""
        last = ""
        attempts = self.settings.retries + 1
        for attempt in range(attempts):
            wait = min(BACKOFF * 2 ** attempt, MAX_RETRY_AFTER)
            try:
                response = self.client.post(self.url, json=body)
            except httpx.ConnectTimeout:
                last = f"could not connect within {self.settings.connect_timeout:g}s (connect timeout)"
                if not self.answered:
                    return Sent(error=f"{last}; not retried: the endpoint has not answered yet", unreachable=True)
            except httpx.ConnectError as exc:
                last = f"could not connect: {self.scrub(str(exc)) or type(exc).__name__}"
                if not self.answered:
                    return Sent(error=f"{last}; not retried: the endpoint has not answered yet", unreachable=True)
            except httpx.TimeoutException:
                last = f"timed out after {self.settings.timeout:g}s"
            except httpx.TransportError as exc:
                last = f"connection failed: {type(exc).__name__}"
            else:
                self.answered = True
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
                        return Sent(response.json())
                    except ValueError:
                        return Sent(error="malformed response: the body is not JSON")
            if attempt < self.settings.retries:
                self.sleep(wait)
        return Sent(error=f"{last}; gave up after {attempts} attempt(s)", unreachable=last.startswith("could not connect"))

    def judgement(self, question: Question, answer: Answer, reply: Any, error: str = "") -> tuple[Judgement, tuple[str, ...]]:
        """The judgement a reply (or a failure) makes: ``ok`` with labels, or ``failed``
        with the reason; and the rubric questions whose yes or no was dropped because the
        rubric says they do not apply to this answer (:func:`drop_inapplicable`)."""
        base: dict[str, Any] = dict(question_id=question.question_id, judge=self.judge, rubric_version=self.rubric.version,
                                    answer_digest=answer_digest(answer.answer))
        if error:
            return Judgement(**base, status=FAILED, error=self.scrub(error)), ()
        parsed = parse_reply(reply, self.rubric)
        if isinstance(parsed, str):
            return Judgement(**base, status=FAILED, error=self.scrub(parsed)), ()
        labels, scores, note = parsed
        claims = None
        if self.rubric.claims:
            found = reply_claims(json.loads(reply["choices"][0]["message"]["content"]), answer)
            if isinstance(found, str):
                return Judgement(**base, status=FAILED, error=self.scrub(found)), ()
            claims = found
            if DERIVED in self.rubric.question_ids:
                labels[DERIVED] = no_unsupported_label(claims)
        kept, dropped = drop_inapplicable(labels, self.rubric, question, answer)
        return Judgement(**base, labels=kept, quality=scores, note=self.scrub(note), status=OK, claims=claims), dropped

    def judge_answer(self, question: Question, answer: Answer) -> Judgement:
        """One judgement of one answer, asked now (no cache): ``ok`` with labels, or ``failed`` with the reason."""
        sent = self.send(self.request(question, answer))
        return self.judgement(question, answer, sent.reply, sent.error)[0]


def drop_inapplicable(labels: Mapping[str, str], rubric: Rubric, question: Question, answer: Answer | None) -> tuple[dict[str, str], tuple[str, ...]]:
    """The labels with each yes or no on a rubric question that does not apply to the answer
    (:func:`gate.inputs.rubric.applies`) replaced by ``not_applicable``, and those questions' ids.
    The rubric's word is final: such a label is never counted, in a score or in agreement."""
    kept = dict(labels)
    dropped = []
    for rq in rubric.questions:
        if kept.get(rq.id) in (YES, NO) and not applies(rq, question, answer):
            kept[rq.id] = NOT_APPLICABLE
            dropped.append(rq.id)
    return kept, tuple(dropped)


def judgement_dict(j: Judgement) -> dict[str, Any]:
    """A judgement as one line of the judgements file (:func:`gate.inputs.judgements.judgement_record`)."""
    return judgement_record(j)


def grade(pairs: Sequence[tuple[Question, Answer | None]], grader: Grader) -> list[Judgement]:
    """Judge every logged answer, in the set's order, one at a time and without a cache."""
    return [grader.judge_answer(q, a) for q, a in pairs if a is not None]
