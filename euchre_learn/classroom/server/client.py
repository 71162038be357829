"""A learner's side of the class server, with no widgets: a seat at a table (a model the
table widget can drive) and the queue that sends progress to the class.

>>> q = ProgressQueue(None, 'http://127.0.0.1:9', 'token')    # in memory; the server is unreachable
>>> key = q.record('bowers', True, at=1.0)
>>> q.flush() is None, len(q.pending())                      # kept for later, never lost
(True, 1)
"""

from __future__ import annotations

import json
import os
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import euchre_learn as el

__all__ = ["ProgressQueue", "TableClient"]


def _ws_url(server: str) -> str:
    base = server.rstrip("/")
    if base.startswith("https://"):
        return "wss://" + base[len("https://") :] + "/ws"
    if base.startswith("http://"):
        return "ws://" + base[len("http://") :] + "/ws"
    return base if base.endswith("/ws") else base + "/ws"


class TableClient:
    """A learner's seat at table ``code`` on ``server`` (``http://host:port``).

    :attr:`state` is the last view the server sent (see :func:`.view.seat_view`), and
    :attr:`reviews` the coach's reviews received. :meth:`act` sends an action and waits for the
    table to take it; an illegal one raises :class:`~euchre_learn.IllegalActionError` with the
    engine's explanation. A dropped connection is opened again and the action sent again with
    the same number: the server applies it once.
    """

    def __init__(self, server: str, token: str, code: str, seat: str | None = None, *, timeout: float = 10.0) -> None:
        self.url = _ws_url(server)
        self.token = token
        self.code = code.upper()
        self.want = seat
        self.timeout = timeout
        self.state: dict[str, Any] | None = None
        self.reviews: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.seat: str | None = None
        self._cm: Any = None
        self._ws: Any = None
        self.connect()

    # --- the connection --------------------------------------------------------------------
    def connect(self) -> None:
        from websockets.sync.client import connect

        self.close()
        self._cm = connect(self.url, open_timeout=self.timeout, close_timeout=2)
        self._ws = self._cm.__enter__()
        hello: dict[str, Any] = {"type": "hello", "token": self.token, "table": self.code}
        if self.seat or self.want:
            hello["seat"] = self.seat or self.want
        self._send(hello)
        welcome = self._until(lambda m: m["type"] in ("welcome", "error"))
        if welcome["type"] == "error":
            self.close()
            raise ValueError(f"the class server refused to seat you: {welcome['message']}")
        self.seat = welcome["seat"]
        self._until(lambda m: m["type"] == "state")

    def close(self) -> None:
        if self._cm is not None:
            try:
                self._cm.__exit__(None, None, None)
            except Exception:  # already gone
                pass
        self._cm = self._ws = None

    def _send(self, message: dict[str, Any]) -> None:
        self._ws.send(json.dumps(message, ensure_ascii=False))

    def _take(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "state":
            self.state = msg
        elif kind == "review":
            self.reviews.append(msg)
        elif kind == "error":
            self.errors.append(msg)

    def _until(self, pred: Any, timeout: float | None = None) -> dict[str, Any]:
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the class server did not answer in time")
            msg = json.loads(self._ws.recv(timeout=left))
            self._take(msg)
            if pred(msg):
                return dict(msg)

    def poll(self, wait: float = 0.0) -> int:
        """Take in the messages that have come (waiting up to ``wait`` seconds for the first);
        returns how many."""
        count = 0
        try:
            while True:
                msg = json.loads(self._ws.recv(timeout=wait if count == 0 else 0))
                self._take(msg)
                count += 1
        except TimeoutError:
            return count

    # --- reading -----------------------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return bool(self.state and self.state["hand"].get("legal"))

    def legal(self) -> list[str]:
        return list(self.state["hand"].get("legal", [])) if self.state else []

    # --- acting ------------------------------------------------------------------------------
    def act(self, action: str) -> None:
        """Send ``action`` (text, like ``"play J♠"``) for this seat and wait until the table took it."""
        from websockets.exceptions import ConnectionClosed

        if self.state is None:
            raise ValueError("not seated")
        n = self.state["n"]
        message = {"type": "act", "action": str(action), "n": n}
        for attempt in range(2):
            try:
                self._send(message)
                reply = self._until(lambda m: m["type"] in ("ack", "error"))
                break
            except (ConnectionClosed, OSError):
                if attempt:
                    raise
                self.connect()  # the same seat; the action goes again with the same number
        if reply["type"] == "error":
            if reply["code"] == "illegal":
                raise el.IllegalActionError(reply["message"])
            raise ValueError(reply["message"])
        if self.state["n"] <= reply["n"]:
            self._until(lambda m: m["type"] == "state" and m["n"] > reply["n"])


class ProgressQueue:
    """Answers for the class, kept in ``path`` (JSON, written atomically; ``None``: in memory)
    until the server at ``server`` has them. Each answer gets an idempotency key when it is
    recorded, so an answer sent twice (the reply lost, the notebook restarted) counts once."""

    def __init__(self, path: str | os.PathLike[str] | None, server: str, token: str, *, timeout: float = 5.0) -> None:
        self.path = None if path is None else Path(path)
        self.server = server.rstrip("/")
        self.token = token
        self.timeout = timeout
        self._pending: list[dict[str, Any]] = []
        if self.path is not None and self.path.exists():
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self._pending = list(data.get("pending", []))

    def _save(self) -> None:
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".queue-")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"pending": self._pending}, f, ensure_ascii=False)
        os.replace(tmp, self.path)

    def record(
        self,
        topic: str,
        correct: bool,
        *,
        at: float | None = None,
        family: str | None = None,
        situation: str | None = None,
    ) -> str:
        """Queue one answer; returns its key."""
        key = uuid.uuid4().hex
        event = {"key": key, "topic": topic, "correct": bool(correct), "at": time.time() if at is None else at}
        if family is not None:
            event["family"] = family
        if situation is not None:
            event["situation"] = situation
        self._pending.append(event)
        self._save()
        return key

    def pending(self) -> list[dict[str, Any]]:
        return list(self._pending)

    def flush(self) -> tuple[int, int] | None:
        """Send what waits; returns (added, duplicates), or ``None`` when the server cannot be
        reached (everything stays queued). A refusal (a bad token) raises ``ValueError``."""
        import httpx

        added = dups = 0
        while self._pending:
            batch = self._pending[:500]
            try:
                r = httpx.post(
                    f"{self.server}/api/answers",
                    json={"answers": batch},
                    headers={"authorization": f"Bearer {self.token}"},
                    timeout=self.timeout,
                )
            except httpx.TransportError:
                return None
            if r.status_code == 429 or r.status_code >= 500:
                return None
            if r.status_code != 200:
                raise ValueError(f"the class server refused the answers: {r.json().get('message', r.text)}")
            body = r.json()
            done = set(body["keys"])
            self._pending = [e for e in self._pending if e["key"] not in done]
            self._save()
            added += body["added"]
            dups += body["duplicates"]
        return added, dups
