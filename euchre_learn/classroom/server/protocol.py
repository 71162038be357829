"""The class server's messages: reading what a client sends, the errors it gets back, and
the rate limit on each connection.

Every message is one JSON object with a ``"type"``. A client sends:

========== ==================================================== ==================================
type       fields                                               the server answers
========== ==================================================== ==================================
hello      ``token``, ``table`` (its code), ``seat`` (optional)  ``welcome``, then ``state``
act        ``action`` (text, e.g. ``"play J♠"``), ``n``          ``ack`` to the sender, ``state``
           (optional: the ``n`` of the state it acts on)         to every seat
answers    ``answers``: a list of progress events               ``answers_ack``
reviews    (nothing)                                            ``review`` for each finished hand
ping       (nothing)                                            ``pong``
========== ==================================================== ==================================

A progress event is ``{"key": ..., "topic": ..., "correct": true, "at": <epoch seconds>}``
with optional ``"family"`` and ``"situation"``; ``key`` is the client's idempotency key. What
cannot be is refused, naming the field: a time in the future (more than :data:`CLOCK_SKEW`
ahead of the server's clock) or before :data:`EARLIEST`, a ``correct`` that is not true or false.
The rest is the learner's word: the teacher's page marks it self-reported.

Anything wrong comes back to that client alone as ``{"type": "error", "code": ..., "message":
...}`` and changes nothing. JSON is read with :func:`json.loads` only: no eval, no pickle.

>>> parse('{"type": "act", "action": "pass", "n": 3}')
{'type': 'act', 'action': 'pass', 'n': 3}
>>> parse('{"type": "act"}')
Traceback (most recent call last):
...
euchre_learn.classroom.server.protocol.ProtocolError: bad_message: an 'act' message needs "action" (a text, like "play J♠")
"""

from __future__ import annotations

import datetime as dt
import json
import math
import time
from collections.abc import Callable, Mapping
from typing import Any

__all__ = [
    "MAX_ANSWERS",
    "MAX_MESSAGE",
    "ProtocolError",
    "TokenBucket",
    "check_answers",
    "check_text",
    "error",
    "parse",
]

MAX_MESSAGE = 16_384
"""The longest message a client may send, in characters."""

MAX_ANSWERS = 500
"""The most progress events in one message or one POST."""

EARLIEST = dt.datetime(2020, 1, 1, tzinfo=dt.timezone.utc).timestamp()
"""No answer is older than this (2020-01-01): euchre_learn's stores are younger."""
CLOCK_SKEW = 86_400.0
"""How far ahead of the server's clock an answer's time may be (a learner's clock that is off,
a time zone set wrong): one day; later than that cannot be."""

_SEATS = ("N", "E", "S", "W")


class ProtocolError(ValueError):
    """A client's message the server refuses; ``code`` is a short stable word for programs,
    the message a sentence for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.text = message


def error(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """The error message a client gets."""
    return {"type": "error", "code": code, "message": message, **extra}


def _where(path: list[Any]) -> str:
    """A place in a message, as a person reads it: '"token"', 'answer 2\'s "key"'."""
    if len(path) >= 2 and path[0] == "answers" and isinstance(path[1], int):
        head, path = f"answer {path[1] + 1}", path[2:]
        return head if not path else f"{head}'s " + _where(path)
    parts = [f"item {p + 1}" if isinstance(p, int) else json.dumps(p if len(p) <= 40 else p[:40] + "…") for p in path]
    return " in ".join(reversed(parts)) if parts else "the message"


def check_text(value: Any) -> None:
    """Refuse text that no name, token, code or answer may hold, anywhere in a message (keys
    too): a lone surrogate (JSON's ``"\\udcff"``: no UTF-8 writes it, so the database cannot)
    and the NUL character (PostgreSQL stores none). The error names the first such field.

    >>> check_text({"type": "hello", "token": "abc", "table": "K7Q2P"})
    >>> check_text({"answers": [{"key": "k"}, {"key": "a\\x00b"}]})
    Traceback (most recent call last):
    ...
    euchre_learn.classroom.server.protocol.ProtocolError: bad_text: answer 2's "key" holds a NUL character (\\u0000): no name, token, code or answer may hold one
    """
    todo: list[tuple[Any, list[Any]]] = [(value, [])]
    while todo:
        item, path = todo.pop()
        if isinstance(item, dict):
            for k, v in item.items():
                if isinstance(k, str) and _bad_char(k) is not None:
                    raise ProtocolError("bad_text", f"a field name in {_where(path)} {_bad_char(k)}")
                todo.append((v, [*path, k]))
        elif isinstance(item, list):
            todo.extend((v, [*path, i]) for i, v in enumerate(item))
        elif isinstance(item, str):
            bad = _bad_char(item)
            if bad is not None:
                raise ProtocolError("bad_text", f"{_where(path)} {bad}")


def _bad_char(text: str) -> str | None:
    if "\x00" in text:
        return "holds a NUL character (\\u0000): no name, token, code or answer may hold one"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "is not text UTF-8 can write: it holds half of a surrogate pair (like \\udcff): send the text as typed"
    return None


def _text(msg: Mapping[str, Any], field: str, kind: str, what: str, *, limit: int = 200) -> str:
    value = msg.get(field)
    if not isinstance(value, str) or not value.strip():
        raise ProtocolError("bad_message", f'{what} needs "{field}" ({kind})')
    if len(value) > limit:
        raise ProtocolError("bad_message", f'"{field}" is too long ({len(value)} characters; at most {limit})')
    return value.strip()


def _hello(msg: dict[str, Any]) -> dict[str, Any]:
    out = {
        "type": "hello",
        "token": _text(msg, "token", "your token, from your teacher", "a 'hello' message"),
        "table": _text(msg, "table", "the table's code", "a 'hello' message", limit=16).upper(),
    }
    seat = msg.get("seat")
    if seat is not None:
        if not isinstance(seat, str) or seat.upper() not in _SEATS:
            raise ProtocolError("bad_message", '"seat" must be one of "N", "E", "S", "W" (or left out)')
        out["seat"] = seat.upper()
    return out


def _act(msg: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "act",
        "action": _text(msg, "action", 'a text, like "play J♠"', "an 'act' message", limit=40),
    }
    n = msg.get("n")
    if n is not None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ProtocolError("bad_message", '"n" must be a whole number, the "n" of the state you act on')
        out["n"] = n
    return out


def _when(t: float) -> str:
    return dt.datetime.fromtimestamp(t, dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def check_answers(events: Any, now: float | None = None) -> list[dict[str, Any]]:
    """The progress events of a message or a POST, checked (``now``: the server's clock); a
    ``ProtocolError`` names the first bad one and its field (and none of them is recorded).

    >>> check_answers([{'key': 'k1', 'topic': 'bowers', 'correct': True, 'at': 1_764_000_000}])
    [{'key': 'k1', 'topic': 'bowers', 'correct': True, 'at': 1764000000.0, 'family': None, 'situation': None}]
    >>> check_answers([{'key': 'k1', 'topic': 'bowers', 'correct': True, 'at': 4_102_444_800}], now=1_764_000_000)
    Traceback (most recent call last):
    ...
    euchre_learn.classroom.server.protocol.ProtocolError: bad_answer: answer 1: "at" is 2100-01-01 00:00 UTC, in the future (the server's clock says 2025-11-24 16:00 UTC): check the computer's date
    """
    now = time.time() if now is None else now
    if not isinstance(events, list):
        raise ProtocolError("bad_message", '"answers" must be a list of progress events')
    if len(events) > MAX_ANSWERS:
        raise ProtocolError("too_big", f"at most {MAX_ANSWERS} answers at once (this has {len(events)}): send in parts")
    out = []
    for i, e in enumerate(events):
        where = f"answer {i + 1}"
        if not isinstance(e, dict):
            raise ProtocolError("bad_message", f"{where} is not an object")
        key = _text(e, "key", "an idempotency key", where, limit=100)
        topic = _text(e, "topic", "the topic", where, limit=100)
        correct = e.get("correct")
        if not isinstance(correct, bool):
            raise ProtocolError("bad_message", f'{where} needs "correct": true or false')
        at = e.get("at")
        if isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at) or at < 0:
            raise ProtocolError("bad_message", f'{where} needs "at": when it was answered, in seconds since 1970')
        if at > now + CLOCK_SKEW:
            raise ProtocolError(
                "bad_answer",
                f'{where}: "at" is {_when(at)}, in the future (the server\'s clock says {_when(now)}): '
                "check the computer's date",
            )
        if at < EARLIEST:
            raise ProtocolError(
                "bad_answer", f'{where}: "at" is {_when(at)}, before {_when(EARLIEST)}: no answer can be that old'
            )
        extra = {}
        for field in ("family", "situation"):
            value = e.get(field)
            if value is not None and (not isinstance(value, str) or len(value) > 200):
                raise ProtocolError("bad_message", f'{where}: "{field}" must be a text of at most 200 characters')
            extra[field] = value
        out.append({"key": key, "topic": topic, "correct": correct, "at": float(at), **extra})
    return out


def _answers(msg: dict[str, Any]) -> dict[str, Any]:
    return {"type": "answers", "answers": check_answers(msg.get("answers"))}


_READERS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "hello": _hello,
    "act": _act,
    "answers": _answers,
    "reviews": lambda msg: {"type": "reviews"},
    "ping": lambda msg: {"type": "ping"},
}


def parse(text: str | bytes) -> dict[str, Any]:
    """A client's message, checked: a dict with a known ``type`` and its fields, or a
    :class:`ProtocolError` saying what is wrong."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad_json", "the message is not UTF-8 text") from None
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"the message has {len(text)} characters; at most {MAX_MESSAGE}")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "the message is not JSON: send one JSON object per message") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_message", 'a message is a JSON object with a "type"')
    check_text(msg)
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in _READERS:
        known = ", ".join(_READERS)
        shown = json.dumps(kind)[:40] if kind is not None else "none"
        raise ProtocolError("unknown_type", f"unknown message type {shown}: the types are {known}")
    return _READERS[kind](msg)


class TokenBucket:
    """``rate`` messages a second on average, bursts of ``burst``; :meth:`take` says whether
    one more is allowed now.

    >>> b = TokenBucket(rate=1, burst=2, clock=lambda: 0.0)
    >>> [b.take() for _ in range(3)]
    [True, True, False]
    """

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.clock = clock
        self.last = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
