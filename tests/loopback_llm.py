"""A loopback OpenAI-compatible chat-completions server for tests: a threaded
``http.server`` on 127.0.0.1, port 0, speaking ``POST {prefix}/chat/completions``.

A test scripts the answers: a list of :class:`Reply` used in turn (the last one repeats),
or a function of the request's JSON body returning a Reply. Every request is recorded
(path, headers with lower-case names, JSON body), and the most requests in flight at once.

:func:`unreachable` gives the other end of a dead endpoint: a port that listens but whose
queue of connections is full, so a connection attempt hangs until the client's connect
timeout (as a firewalled or mistyped host does); :func:`refused` a port nobody listens on.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    """One answer: status, headers, body (JSON data or raw text), and a delay before it."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


def completion(content: str) -> dict[str, Any]:
    """A chat-completions body whose message content is ``content``."""
    return {"id": "cmpl-1", "object": "chat.completion", "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}]}


@dataclass(frozen=True)
class Recorded:
    path: str
    headers: dict[str, str]
    body: Any


class LoopbackLLM:
    def __init__(self, replies: list[Reply] | Callable[[Any], Reply], prefix: str = "/v1") -> None:
        self.replies = replies
        self.prefix = prefix
        self.requests: list[Recorded] = []
        self.lock = threading.Lock()
        self.url = ""
        self.in_flight = 0
        self.most_in_flight = 0
        self.server: ThreadingHTTPServer | None = None

    def go_away(self) -> None:
        """Stop listening, from a reply function: the replies under way are still sent; new
        connections are refused."""
        server = self.server
        assert server is not None

        def close() -> None:
            server.shutdown()
            server.server_close()

        threading.Thread(target=close, daemon=True).start()

    def next_reply(self, body: Any) -> Reply:
        if callable(self.replies):
            return self.replies(body)
        with self.lock:
            return self.replies.pop(0) if len(self.replies) > 1 else self.replies[0]


def _handler(state: LoopbackLLM):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # keep test output clean
            pass

        def do_POST(self) -> None:  # noqa: N802
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw)
            except ValueError:
                body = None
            with state.lock:
                state.requests.append(Recorded(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                state.in_flight += 1
                state.most_in_flight = max(state.most_in_flight, state.in_flight)
            try:
                if self.path != state.prefix + "/chat/completions":
                    reply = Reply(404, {"error": {"message": f"no route {self.path}"}})
                else:
                    reply = state.next_reply(body)
                if reply.delay:
                    time.sleep(reply.delay)
            finally:
                with state.lock:
                    state.in_flight -= 1
            data = reply.body if isinstance(reply.body, (str, bytes)) else json.dumps(reply.body)
            data = data.encode() if isinstance(data, str) else data
            try:
                self.send_response(reply.status)
                for k, v in reply.headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test)

    return Handler


@contextmanager
def serve(replies: list[Reply] | Callable[[Any], Reply]) -> Iterator[LoopbackLLM]:
    """Start the server, yield its state (``.url`` is the base URL, ``.../v1``), stop it."""
    state = LoopbackLLM(replies)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    server.daemon_threads = True
    state.server = server
    state.url = f"http://127.0.0.1:{server.server_address[1]}{state.prefix}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@contextmanager
def unreachable() -> Iterator[str]:
    """A base URL whose connections hang: a socket listening with a backlog of 0 whose queue
    is filled by connections never accepted; new connection attempts are dropped (no reply,
    no refusal), as with a firewalled host."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    port = listener.getsockname()[1]
    fillers = []
    try:
        for _ in range(3):
            filler = socket.socket()
            filler.setblocking(False)
            try:
                filler.connect(("127.0.0.1", port))
            except BlockingIOError:
                pass
            fillers.append(filler)
        time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        for filler in fillers:
            filler.close()
        listener.close()


def refused() -> str:
    """A base URL on a loopback port nobody listens on (bound, then closed)."""
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return f"http://127.0.0.1:{port}/v1"
