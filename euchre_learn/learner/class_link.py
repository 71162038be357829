"""Live progress: a learner who joins a class sends their answers to the class server as they
happen, and keeps them in their own store too.

:func:`join_class` keeps the class's address and the learner's token in the store (a setting,
like the house rules). From then on, each answer the store records (a quiz answer, an answer
filed under a situation, a decision at the table with its situation) starts a send in the
background (:func:`flush_soon`: a daemon thread, one at a time, never raising into the
notebook). What the server acknowledges is kept in the store, so nothing is sent twice; each
answer's key is made from the store's own row (and the store's learner id), so even an answer
sent again (the reply lost) is known to the server and counted once. Offline (no connection, the
server busy or failing) nothing is lost: it waits in the store and goes with the next send, after
a restart too. A refusal (a bad token) warns once and keeps everything. An answer the server
cannot take (a 400 reply: say, a topic too long for it) is found by halving the batch, set aside
with a warning (it stays in the learner's own store), and does not hold back the others.
:func:`leave_class` stops it.

The answers sent: a quiz answer as ``(topic, correct, at)`` (with its situation, when it was a
position to play); an answer filed under a situation alone (a puzzle, a retry) under the topic
``'situations'``; a decision at the table under the topic ``'table'``, right unless the review
flagged it.

>>> import tempfile, os
>>> from euchre_learn.learner.store import Store, AddAnswer
>>> s = Store(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'))
>>> _ = s.write(AddAnswer('bowers', True, 1.0))
>>> pending(s)                                     # not linked: nothing is for a class
[]
>>> join_class('http://127.0.0.1:9', 'tok', store=s, send=False)
>>> [(e['topic'], e['correct']) for e in pending(s)]
[('bowers', True)]
>>> flush(s, timeout=0.5).status                   # nobody there: kept for later
'offline'
>>> leave_class(store=s); pending(s)
[]
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import threading
import urllib.error
import urllib.request
import warnings
from dataclasses import dataclass
from typing import Any

from euchre_learn.learner.identity import learner_id
from euchre_learn.learner.store import (
    WRITE_HOOKS,
    AddAnswer,
    AddDecision,
    AddSituationAnswer,
    MarkSent,
    Op,
    SetSetting,
    Store,
)
from euchre_learn.learner.store_tables import FLAGGED_GRADES

__all__ = [
    "LINK_KEY",
    "ClassLinkWarning",
    "Flush",
    "class_link",
    "flush",
    "flush_soon",
    "join_class",
    "leave_class",
    "pending",
    "wait",
]

LINK_KEY = "class-link"
"""The store's setting holding the class link: ``{"server": ..., "token": ...}``."""
SERVER_VARIABLE = "EUCHRE_LEARN_CLASS_SERVER"
TOKEN_VARIABLE = "EUCHRE_LEARN_CLASS_TOKEN"
HUB_TOKEN = "JUPYTERHUB_API_TOKEN"
BATCH = 200
"""Answers per request (the server takes at most 500)."""


class ClassLinkWarning(UserWarning):
    """The class server refused the learner's answers (they are kept)."""


@dataclass(frozen=True)
class Flush:
    """What one send did: ``status`` is ``'sent'`` (everything is at the class), ``'offline'``
    (the server could not be reached, or was busy: the rest waits), ``'refused'`` (the server
    said no: see the warning), or ``'not linked'``; ``added`` and ``duplicates`` as the server
    counted them; ``waiting``: the answers not yet at the class; ``set_aside``: answers the
    server could not take, kept in the learner's store and not sent again."""

    status: str
    added: int = 0
    duplicates: int = 0
    waiting: int = 0
    set_aside: int = 0


def _store(store: Store | None) -> Store:
    return Store.shared() if store is None else store


def join_class(
    server: str | None = None, token: str | None = None, *, store: Store | None = None, send: bool = True
) -> Flush | None:
    """Link this learner's store to the class at ``server`` (``http://host:port``, as the teacher
    gave it; default ``$EUCHRE_LEARN_CLASS_SERVER``) with their ``token`` (default
    ``$EUCHRE_LEARN_CLASS_TOKEN``; on a JupyterHub, the notebook server's own token,
    ``$JUPYTERHUB_API_TOKEN``, read afresh at each send). Every answer from now on goes to the
    class as it is recorded, and with ``send`` what the store already holds goes now (the
    :class:`Flush` is returned; ``None`` without ``send``)."""
    server = (server or os.environ.get(SERVER_VARIABLE, "")).strip()
    token = (token or os.environ.get(TOKEN_VARIABLE, "")).strip()
    hub = not token and bool(os.environ.get(HUB_TOKEN, "").strip())  # the notebook server's own, read when sending
    if not server.startswith(("http://", "https://")):
        raise ValueError(
            f"server: got {server!r}: expected the class server's address your teacher gave you, "
            f"like 'http://192.168.1.20:8765' (or set ${SERVER_VARIABLE}; on a JupyterHub running the class "
            "service, `euchre-learn progress join-class` in a terminal finds it)"
        )
    if not token and not hub:
        raise ValueError(f"token: expected the token your teacher gave you (or set ${TOKEN_VARIABLE})")
    s = _store(store)
    s.write(SetSetting(LINK_KEY, {"server": server.rstrip("/"), "token": token, "hub": hub}))
    return flush(s) if send else None


def leave_class(*, store: Store | None = None) -> None:
    """Stop sending answers to the class (they stay in the store)."""
    _store(store).write(SetSetting(LINK_KEY, None))


def class_link(store: Store | None = None) -> dict[str, str] | None:
    """The class link kept in the store, ``{"server": ..., "token": ...}``, or ``None``."""
    link = _store(store).setting(LINK_KEY)
    if not isinstance(link, dict) or not isinstance(link.get("server"), str):
        return None
    token = link.get("token") or (os.environ.get(HUB_TOKEN, "").strip() if link.get("hub") else "")
    return {"server": link["server"], "token": token} if isinstance(token, str) and token else None


def _digest(*parts: object) -> str:
    return hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()[:24]


def _outbox(s: Store, server: str) -> list[tuple[dict[str, Any], tuple[str, ...]]]:
    """The answers the class at ``server`` has not acknowledged: each event with the store keys it covers."""
    me = learner_id(s)
    answers, sent = s.outbox()
    done = {k.split(" ", 1)[1] for k in sent if k.startswith(server + " ")}
    out: list[tuple[dict[str, Any], tuple[str, ...]]] = []
    # an answer filed under a situation in the same transaction as a quiz answer goes with it
    situations = {(a.at, a.correct): a for a in s.situation_answers() if a.source.startswith("answer:")}
    merged = set()
    for row_id, topic, correct, at in answers:
        key = f"el-{me}-a{row_id}-{_digest(topic, repr(at))[:8]}"
        event: dict[str, Any] = {"key": key, "topic": topic, "correct": correct, "at": at}
        covers = [key]
        sit = situations.pop((at, correct), None)
        if sit is not None:
            event.update(family=sit.family, situation=sit.situation)
            covers.append(f"el-{me}-s{_digest(sit.source)}")
            merged.add(sit.source)
        if key not in done:
            out.append((event, tuple(covers)))
    for a in s.situation_answers():
        key = f"el-{me}-s{_digest(a.source)}"
        if a.source not in merged and key not in done:
            event = {"key": key, "topic": "situations", "correct": a.correct, "at": a.at}
            out.append(({**event, "family": a.family, "situation": a.situation}, (key,)))
    for d in s.decisions():
        key = f"el-{me}-d{_digest(d.game, d.hand, d.index, d.seat, d.action)}"
        if key not in done:
            right = d.grade not in FLAGGED_GRADES and not d.convention
            event = {"key": key, "topic": "table", "correct": right, "at": d.at}
            out.append(({**event, "family": d.family, "situation": d.situation}, (key,)))
    return out


def pending(store: Store | None = None) -> list[dict[str, Any]]:
    """The answers waiting to go to the class (none when the store is not linked to one)."""
    s = _store(store)
    link = class_link(s)
    return [] if link is None else [e for e, _ in _outbox(s, link["server"])]


_WARNED: set[tuple[str, str]] = set()


def flush(store: Store | None = None, *, timeout: float = 10.0) -> Flush:
    """Send the class what it has not got yet, now (see the module docs); never raises for a
    server that is down or refuses."""
    s = _store(store)
    link = class_link(s)
    if link is None:
        return Flush("not linked")
    server, token = link["server"], link["token"]
    todo = _outbox(s, server)
    batches = [todo[i : i + BATCH] for i in range(0, len(todo), BATCH)]
    added = dups = 0
    aside: list[tuple[dict[str, Any], str]] = []
    outcome, refusal = "sent", None
    while batches:
        batch = batches[0]
        reply = _post(f"{server}/api/answers", token, [e for e, _ in batch], timeout)
        if reply is None or reply[0] == 429 or reply[0] >= 500:
            outcome = "offline"
            break
        status, body = reply
        if status not in (200, 400):
            outcome, refusal = "refused", (status, body)
            break
        batches.pop(0)
        if status == 400 and len(batch) > 1:  # an answer it cannot take: halve the batch to find it
            half = len(batch) // 2
            batches[:0] = [batch[:half], batch[half:]]
        elif status == 400:  # this one: kept here, not sent again, and the others go on
            aside.append((batch[0][0], str(body.get("message", ""))[:200]))
            s.write(MarkSent(tuple(f"{server} {k}" for k in batch[0][1])))
        else:
            acked = set(body.get("keys", []))
            s.write(MarkSent(tuple(f"{server} {k}" for e, covers in batch if e["key"] in acked for k in covers)))
            added += int(body.get("added", 0))
            dups += int(body.get("duplicates", 0))
    _set_aside(server, aside)
    if refusal is not None:
        _refused(server, token, *refusal)
    return Flush(outcome, added, dups, sum(map(len, batches)), len(aside))


def _set_aside(server: str, aside: list[tuple[dict[str, Any], str]]) -> None:
    """Warn of the answers the server could not take (the first one named)."""
    if not aside:
        return
    event, why = aside[0]
    more = f" and {len(aside) - 1} more" if len(aside) > 1 else ""
    warnings.warn(
        f"The class server {server} could not take your answer on {str(event['topic'])[:40]!r}{more} "
        f"(HTTP 400: {why}). It stays in your own progress; the class will not get it, and the rest were sent.",
        ClassLinkWarning,
        stacklevel=3,
    )


def _post(url: str, token: str, events: list[dict[str, Any]], timeout: float) -> tuple[int, dict[str, Any]] | None:
    """POST the events (the standard library only: a learner's Python needs nothing more);
    ``(status, the reply's JSON object)``, or ``None`` when no reply came (offline)."""
    request = urllib.request.Request(
        url,
        data=json.dumps({"answers": events}).encode(),
        method="POST",
        headers={"content-type": "application/json", "authorization": f"Bearer {token}"},
    )
    try:
        try:
            with urllib.request.urlopen(request, timeout=timeout) as r:
                status, raw = int(r.status), r.read()
        except urllib.error.HTTPError as err:
            status, raw = int(err.code), err.read()
    except (OSError, http.client.HTTPException, ValueError):  # refused, reset, timed out, a bad address
        return None
    try:
        body = json.loads(raw)
    except ValueError:
        body = None
    if not isinstance(body, dict):
        return None if status == 200 else (status, {"message": raw[:200].decode(errors="replace")})
    return status, body


def _refused(server: str, token: str, status: int, body: dict[str, Any]) -> None:
    if (server, token) in _WARNED:
        return
    _WARNED.add((server, token))
    why = str(body.get("message", ""))[:200]
    what = (
        "your token was not accepted: ask your teacher for yours, then join again with "
        "euchre_learn.learner.class_link.join_class(server, token) (or euchre-learn progress join-class)"
        if status in (401, 403)
        else "it could not take them"
    )
    warnings.warn(
        f"The class server {server} refused your answers (HTTP {status}: {why}); {what}. "
        "Your answers are kept and sent once it accepts them.",
        ClassLinkWarning,
        stacklevel=3,
    )


# --- sending in the background, as answers are recorded ---------------------------------------

_SENDERS: dict[int, _Sender] = {}
_SENDERS_LOCK = threading.Lock()


class _Sender:
    """At most one send at a time per store; a send asked for while one runs runs once after it."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.lock = threading.Lock()
        self.running = False
        self.again = False
        self.thread: threading.Thread | None = None

    def ask(self) -> None:
        with self.lock:
            if self.running:
                self.again = True
                return
            self.running = True
            self.thread = threading.Thread(target=self._run, name="euchre_learn class link", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            try:
                flush(self.store)
            except Exception:
                pass
            with self.lock:
                if not self.again:
                    self.running = False
                    return
                self.again = False


def flush_soon(store: Store | None = None) -> threading.Thread | None:
    """Send in the background (a daemon thread, one at a time per store); returns the thread
    that sends (``None`` when the store is not linked)."""
    s = _store(store)
    if class_link(s) is None:
        return None
    with _SENDERS_LOCK:
        sender = _SENDERS.setdefault(id(s), _Sender(s))
    sender.ask()
    return sender.thread


def wait(store: Store | None = None, timeout: float | None = None) -> bool:
    """Wait for the background send of ``store`` to end (``timeout``: seconds at most); ``True``
    when none is running."""
    sender = _SENDERS.get(id(_store(store)))
    thread = None if sender is None else sender.thread
    if thread is not None:
        thread.join(timeout)
    return thread is None or not thread.is_alive()


_ANSWER_OPS = (AddAnswer, AddDecision, AddSituationAnswer)


def _after_write(store: Store, ops: tuple[Op, ...]) -> None:
    try:
        if any(isinstance(op, _ANSWER_OPS) for op in ops):
            flush_soon(store)
    except Exception:
        pass


if _after_write not in WRITE_HOOKS:
    WRITE_HOOKS.append(_after_write)
