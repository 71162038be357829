"""A learner's side of the class server, with no widgets: the queue that sends progress to
the class, and :class:`TableClient`, a seat at a table (it lives on the interactive floor, in
:mod:`euchre_learn.interactive.table.remote`, beside the seat the notebook widget drives, and is
re-exported here).

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

from euchre_learn.interactive.table.remote import TableClient

__all__ = ["ProgressQueue", "TableClient"]


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
