"""The fuzz harness for the class server (issue 34 item 12), the server's side of tests/fuzzkit.py.

A *probe* sends one input to the real server (uvicorn, in its own process: serverkit.py) over
its websocket or HTTP and reads what comes back. It ends one of three ways:

- ``accepted``: the server took it (a pong, an ack, a 2xx): the state may have moved;
- ``clear``: refused with the server's own error: on the websocket an ``error`` message with a
  ``code`` and a short ``message`` (the connection kept, or closed cleanly: after an error that
  says so, or by the websocket's own size limit), over HTTP a 4xx whose body (for ``/api/``)
  is a JSON error; and the database and the tables unchanged;
- a *leak*: anything else: a 5xx, a connection dropped without a word (or with 1011, the
  server's own failure), no answer, a long message, a changed database or table after a refusal,
  a traceback or an error in the server's log.

The budget of drawn inputs per target is ``EUCHRE_FUZZ_EXAMPLES`` (fuzzkit.budget(): 12 by
default, ``make fuzz`` runs ten times that), after the fixed inputs every target tries.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import sqlalchemy as sa
from fuzzkit import Stats, budget
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from euchre_learn.engine.errors import quote

from .serverkit import Running

MAX_MESSAGE = 1500
"""An error's message may be at most this long."""
REPLY_TIMEOUT = 10.0
"""Seconds to wait for the server's answer to one input (a leak if it never comes)."""
NO_ANSWER = -1
"""The 'close code' of an input the server never answered."""

ODD_TEXT = [
    "", " ", "\x00", "a\x00b", "\udcff", "x\ud800", "\ufeff", "\u202eevil", "ü", "🂡", "J♠", "pass", "play J♠",
    "N", "n", "north", "null", "true", "<script>alert(1)</script>", "'; drop table students; --", "%s%n",
    "{}", "[]", "\r\n", "x" * 41, "x" * 81, "x" * 101, "x" * 201,
]  # fmt: skip
"""Text no name, token, code or action should hold, or only just may (and text just over the
limits: 40 for an action, 80 for a seed, 100 for a name, 200 for a token)."""

TEXT = st.one_of(
    st.sampled_from(ODD_TEXT),
    st.text(max_size=30),
    st.sampled_from([5000, 17_000]).map(lambda n: "x" * n),  # drawn, so that no repr holds them whole
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=10,
)
"""Any JSON value (with NaN and Infinity, which Python's json writes and reads)."""

RAW_FRAMES: list[str | bytes] = [
    "", " ", "{", "{not json", "[1, 2, 3]", "null", "1e999", "1" * 5000, '{"type": "ping"', "[" * 10_000,
    '{"type": ' + "[" * 10_000, '{"type": "ping", "type": "act"}', '{"type": "\\ud800"}',
    '{"type": "ping", "x": NaN}', '{"type": "act", "action": "pass", "n": 1e999}',
    '{"type": "hello", "token": "\\udcff", "table": "\\u0000"}', "x" * 20_000, "x" * 70_000,
    b"", b"\xff\xfe", b'{"type": "ping"}', b"\x00" * 100, b"x" * 70_000,
]  # fmt: skip
"""Frames that are not (or barely) messages; the last are over the websocket's 64 KiB limit."""

TYPES = ["hello", "act", "answers", "reviews", "ping", "cheat", "", "ACT", " ping", "welcome", "error"]


def answer_events(extra: st.SearchStrategy[Any] = JSON) -> st.SearchStrategy[Any]:
    """Progress events, well formed or not."""
    event = st.fixed_dictionaries(
        {},
        optional={
            "key": st.one_of(TEXT, extra),
            "topic": st.one_of(st.sampled_from(["left-bower", "bowers"]), TEXT, extra),
            "correct": st.one_of(st.booleans(), extra),
            "at": st.one_of(st.floats(), st.integers(), extra),
            "family": st.one_of(st.none(), TEXT, extra),
            "situation": st.one_of(st.none(), TEXT, extra),
        },
    )
    return st.one_of(st.lists(event, max_size=3), extra)


def messages(tokens: list[str], tables: list[str], actions: list[str]) -> st.SearchStrategy[Any]:
    """Messages shaped like the protocol's, every field any JSON value or a near miss; now and
    then the real token, table code or a legal-looking action, so that the checks behind the
    first are reached too."""
    fields = {
        "token": st.one_of(JSON, st.sampled_from(tokens)),
        "table": st.one_of(JSON, st.sampled_from(tables)),
        "seat": st.one_of(JSON, st.sampled_from(["N", "E", "S", "W", "w", "X", "north"])),
        "action": st.one_of(JSON, st.sampled_from(actions)),
        "n": st.one_of(JSON, st.integers(-3, 500)),
        "answers": answer_events(),
    }
    return st.one_of(
        st.fixed_dictionaries({"type": st.one_of(st.sampled_from(TYPES), JSON)}, optional=fields),
        JSON,
    )


# --- what the server holds ---------------------------------------------------------------------


_METADATA: dict[str, sa.MetaData] = {}


def snapshot(srv: Running) -> Any:
    """Everything a refused input must leave as it was: every row of every table in the
    database (by reflection, so a table added later is covered too) and the tables as the
    teacher sees them live (seats, players, score, number of actions)."""
    meta = _METADATA.get(srv.db_url)
    if meta is None:
        meta = _METADATA[srv.db_url] = sa.MetaData()
        meta.reflect(srv.db.engine)
    with srv.db.engine.connect() as conn:
        rows = {
            name: sorted((tuple(r) for r in conn.execute(sa.select(t))), key=repr)
            for name, t in sorted(meta.tables.items())
        }
    live = srv.http.get("/api/tables")
    assert live.status_code == 200, live.text
    return rows, live.json()


def _flat(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        return {k: v for key, item in value.items() for k, v in _flat(item, f"{prefix}.{key}").items()}
    if isinstance(value, list):
        return {k: v for i, item in enumerate(value) for k, v in _flat(item, f"{prefix}[{i}]").items()}
    return {prefix: value}


def difference(before: Any, after: Any) -> str:
    """Where two snapshots differ, briefly."""
    rows_b, live_b = before
    rows_a, live_a = after
    out = [f"{k}: {quote(rows_b[k], 200)} -> {quote(rows_a.get(k), 200)}" for k in rows_b if rows_b[k] != rows_a.get(k)]
    flat_b, flat_a = _flat(live_b), _flat(live_a)
    out += [
        f"{k}: {flat_b.get(k)!r} -> {flat_a.get(k)!r}"
        for k in sorted(set(flat_b) | set(flat_a))
        if flat_b.get(k) != flat_a.get(k)
    ]
    return "; ".join(out)


class ServerLog:
    """The server's stderr, read as it comes (non-blocking): uvicorn writes a traceback there
    when a route or the websocket fails with an exception of its own."""

    def __init__(self, srv: Running) -> None:
        assert srv.proc.stderr is not None
        self.fd = srv.proc.stderr.fileno()
        os.set_blocking(self.fd, False)
        self.text = ""

    def new(self) -> str:
        chunks = []
        while True:
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                break
            if not data:
                break
            chunks.append(data)
        got = b"".join(chunks).decode("utf-8", "replace")
        self.text += got
        return got


def log_problem(text: str) -> str | None:
    for marker in ("Traceback", "ERROR", "Exception in ASGI"):
        if marker in text:
            return f"the server's log: {text.strip()[-600:]}"
    return None


# --- the websocket ---------------------------------------------------------------------------


class Socket:
    """One websocket to the server; ``hello`` (if any) seats it, and seats it again when the
    server has closed it (``trouble`` says if the seat did not show its learner back)."""

    def __init__(self, srv: Running, hello: dict[str, Any] | None = None) -> None:
        self.srv = srv
        self.hello = hello
        self.ws: ClientConnection | None = None
        self.trouble: str | None = None
        self.last: list[dict[str, Any]] = []
        self.fences = 0
        self.open()

    def open(self) -> None:
        # every message kept (max_queue=None): a seat not read for a while must not stop reading its
        # socket, or the pings go unanswered and the connection dies (the server's view changes)
        self.ws = connect(
            self.srv.ws_url, open_timeout=5, close_timeout=2, max_size=2**22, max_queue=None, ping_interval=None
        ).__enter__()
        if self.hello is not None:
            self.ws.send(json.dumps(self.hello))
            while True:  # the welcome, then the table as it is
                msg = json.loads(self.ws.recv(timeout=REPLY_TIMEOUT))
                assert msg["type"] != "error", msg
                if msg["type"] == "state":
                    break
            self.trouble = self.settle()

    def settle(self) -> str | None:
        """Wait until the teacher's view shows this seat present again (the server may read the
        old connection's end a moment after the new one's hello); a problem if it never does."""
        assert self.hello is not None
        code, seat = self.hello["table"], self.hello["seat"]
        for _ in range(100):
            if self.srv.tables()[code]["players"][seat].get("present"):
                return None
            time.sleep(0.03)
        return f"seat {seat} shows absent 3 s after its learner came back"

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()

    def drain(self) -> list[dict[str, Any]]:
        """Every message waiting (a table's states after another seat acted)."""
        out = []
        assert self.ws is not None
        try:
            while True:
                out.append(json.loads(self.ws.recv(timeout=0.01)))
        except TimeoutError:
            return out

    def exchange(self, frame: str | bytes) -> tuple[list[dict[str, Any]], int | None]:
        """Send ``frame``, then a fence: a message of a type of its own, which the server refuses
        naming it; the messages before that refusal are the answer to the frame (a ping would
        not do: the frame may be a ping too). Returns them and, if the server closed the
        connection, its close code."""
        assert self.ws is not None
        got: list[dict[str, Any]] = []
        self.last = got
        self.fences += 1
        fence = f"fence-{self.fences}"
        try:
            self.ws.send(frame)
            self.ws.send(json.dumps({"type": fence}))
            while True:
                msg = json.loads(self.ws.recv(timeout=REPLY_TIMEOUT))
                if msg.get("code") == "unknown_type" and f'"{fence}"' in msg.get("message", ""):
                    return got, None
                got.append(msg)
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd is not None else 1006
            self.open()
            return got, code
        except TimeoutError:  # no answer at all: a leak; a new connection for the next input
            self.close()
            self.open()
            return got, NO_ANSWER


def settled(srv: Running) -> None:
    """Wait (up to 3 s) until two snapshots a moment apart agree: a connection just closed has
    been read to its end."""
    last = snapshot(srv)
    for _ in range(100):
        time.sleep(0.03)
        now = snapshot(srv)
        if now == last:
            return
        last = now


@dataclass
class Target:
    """Inputs drawn from ``values`` (after the ``fixed`` ones), each given to ``send``."""

    name: str
    values: st.SearchStrategy[Any]
    send: Callable[[Any], tuple[str, str | None]]
    """Send the value; returns ('accepted' | 'clear', None) or ('leak', the problem)."""
    fixed: list[Any] = field(default_factory=list)


def judge_socket(got: list[dict[str, Any]], code: int | None) -> tuple[str, str | None]:
    errors = [m for m in got if m.get("type") == "error"]
    for e in errors:
        if not isinstance(e.get("code"), str) or not isinstance(e.get("message"), str) or not e["message"]:
            return "leak", f"an error without a code and a message: {quote(e, 200)}"
        if len(e["message"]) > MAX_MESSAGE:
            return "leak", f"a {len(e['message'])}-character error message"
    if code == NO_ANSWER:
        return "leak", f"no answer in {REPLY_TIMEOUT:.0f} s (after {quote(got, 200)})"
    if code is not None:
        said = any("closed" in e["message"] for e in errors)
        if code == 1009 or (code == 1008 and said):
            return "clear", None  # over the websocket's size limit, or closed after saying why
        return "leak", f"the connection was closed with {code} after {quote(got, 200)}"
    return ("clear", None) if errors else ("accepted", None)


def send_frame(socket: Socket, value: Any) -> tuple[str, str | None]:
    frame = value if isinstance(value, (str, bytes)) else json.dumps(value)
    socket.trouble = None
    outcome = judge_socket(*socket.exchange(frame))
    if socket.trouble is not None:
        return "leak", socket.trouble
    return outcome


# --- HTTP --------------------------------------------------------------------------------------


def judge_http(path: str, r: httpx.Response) -> tuple[str, str | None]:
    if r.status_code >= 500:
        return "leak", f"{r.status_code}: {r.text[:300]}"
    if r.status_code < 400:
        return "accepted", None
    if path.startswith("/api/"):
        try:
            body = r.json()
        except ValueError:
            return "leak", f"{r.status_code} with a body that is not JSON: {r.text[:200]}"
        if not isinstance(body, dict) or body.get("type") != "error" or not isinstance(body.get("message"), str):
            return "leak", f"{r.status_code} without a JSON error: {r.text[:200]}"
        if len(body["message"]) > MAX_MESSAGE:
            return "leak", f"a {len(body['message'])}-character error message"
    elif len(r.text) > 20_000:
        return "leak", f"a {len(r.text)}-character error page"
    return "clear", None


# --- running -----------------------------------------------------------------------------------


def probe(target: Target, value: Any, srv: Running, log: ServerLog, stats: Stats) -> None:
    stats.tried += 1
    before = snapshot(srv)
    outcome, problem = target.send(value)
    late = log_problem(log.new())
    if outcome == "clear" and problem is None:
        after = snapshot(srv)
        if after != before:
            problem = f"the database or a table changed although the input was refused: {difference(before, after)}"
    if late is not None:
        problem = late if problem is None else f"{problem}; {late}"
    if problem is not None:
        stats.leaks.append((target.name, quote(value, 120), problem))
    elif outcome == "accepted":
        stats.accepted += 1
    else:
        stats.clear += 1


def fuzz(target: Target, srv: Running, log: ServerLog, examples: int | None = None) -> Stats:
    """The target's fixed inputs, then ``examples`` drawn ones (default :func:`fuzzkit.budget`)."""
    stats = Stats()
    for value in target.fixed:
        probe(target, value, srv, log, stats)
    n = budget() if examples is None else examples
    if n <= 0:
        return stats

    @settings(
        max_examples=n,
        deadline=None,
        derandomize=True,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(target.values)
    def run(value: Any) -> None:
        probe(target, value, srv, log, stats)

    run()
    return stats
