"""Who is asking, and what they sent: what every route of the class server reads first.

The routes are module-level handlers (Starlette's idiom); what they share lives on the app's
``state``, put there by :func:`.app.create_app`: ``server`` (the :class:`~.tables.ClassServer`),
``db`` (the :class:`~.db.Database`), ``class_id`` (the class of this server), ``hub`` (the
:class:`~.hub.HubLogin`, or ``None``), ``config`` (the :class:`~.tables.ServerConfig`) and
``limits`` (:class:`Limits`). The functions here read them from the request (or the websocket).
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, Response

import euchre_learn.classroom.server.pages as pages
from euchre_learn.classroom.server.hub import hub_student
from euchre_learn.classroom.server.protocol import ProtocolError, TokenBucket, check_text, error
from euchre_learn.classroom.server.tables import ServerConfig
from euchre_learn.engine.errors import quote

__all__ = [
    "MAX_BODY",
    "TEACHER_COOKIE",
    "Limits",
    "bearer",
    "date_range",
    "hub_down",
    "limited",
    "problem",
    "read_form",
    "read_json",
    "refuse_teacher",
    "root",
    "student_for",
    "teacher_class",
    "unknown_token",
]

TEACHER_COOKIE = "euchre_teacher"
MAX_BODY = 262_144
"""The largest request body the server reads, in bytes."""


class Limits:
    """Token buckets per client for the HTTP API (a flood of POSTs gets 429)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.buckets: dict[str, TokenBucket] = {}

    def allow(self, key: str) -> bool:
        """Whether ``key`` (a token, or the client's address) may send one more request now.

        >>> limits = Limits(ServerConfig(rate=1.0, burst=2))
        >>> [limits.allow('me') for _ in range(3)]
        [True, True, False]
        """
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) > 10_000:
                self.buckets.clear()
            bucket = self.buckets[key] = TokenBucket(self.config.rate, self.config.burst)
        return bucket.take()


def root(request: HTTPConnection) -> str:
    """The server's prefix for the pages' links: ``''``, or ``/services/<name>`` on a hub."""
    return str(request.scope.get("root_path", "")).rstrip("/")


def bearer(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if any."""
    value = request.headers.get("authorization", "")
    if value.lower().startswith("bearer "):
        return value[7:].strip() or None
    return None


def problem(status: int, code: str, message: str) -> JSONResponse:
    """The API's error: ``{"type": "error", "code": ..., "message": ...}`` with ``status``."""
    return JSONResponse(error(code, message), status_code=status)


def _day(value: str | None, name: str) -> float | None:
    if not value:
        return None
    try:
        day = dt.date.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{name}={quote(value)} is not a date like 2026-12-01") from None
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc).timestamp()


def date_range(request: Request) -> tuple[float | None, float | None]:
    """The request's ``from`` and ``to`` days as timestamps (``to`` counts its whole day);
    a ``ValueError`` names the one that is not a date."""
    start = _day(request.query_params.get("from"), "from")
    end = _day(request.query_params.get("to"), "to")
    return start, None if end is None else end + 86_400  # "to" counts its whole day


async def teacher_class(request: Request) -> dict[str, Any] | None:
    """The class whose teacher is asking (by ``Bearer`` token, the teacher's cookie, or a hub
    session of a teacher), or ``None``."""
    state = request.app.state
    tok = bearer(request) or request.cookies.get(TEACHER_COOKIE)
    cls: dict[str, Any] | None = state.db.class_by_teacher_token(tok) if tok else None
    if cls is None and state.hub is not None:
        user = await state.hub.request_user(request)
        if user is not None and state.hub.is_teacher(user):
            cls = state.db.class_by_id(state.class_id)
    return cls


async def student_for(conn: HTTPConnection, tok: str) -> dict[str, Any] | None:
    """The student of a class token, or on a hub of the hub user's own token."""
    state = conn.app.state
    found: dict[str, Any] | None = state.db.student_by_token(tok)
    if found is None and state.hub is not None:
        user = await state.hub.user_for_token(tok)
        if user is not None:
            found = hub_student(state.db, state.class_id, str(user["name"]))
    return found


def unknown_token(conn: HTTPConnection) -> str:
    """What a learner with an unknown token is told (on a hub: the scope the hub must give)."""
    hub = conn.app.state.hub
    if hub is None:
        return "this token is not known (or was replaced by a new one): ask your teacher for your link"
    return (
        "this token is neither a class token nor a hub token that may reach this service (the hub must give "
        f"users' servers the scope access:services!service={hub.name}: docs/teaching.md)"
    )


def refuse_teacher(request: Request) -> JSONResponse:
    """The 401 of a route that needs the teacher."""
    if request.app.state.hub is not None:
        return problem(401, "bad_token", "this needs a teacher: sign in with the hub as one (a hub admin)")
    return problem(401, "bad_token", "this needs the teacher's token (the link printed by euchre-learn class serve)")


async def hub_down(request: Request, exc: Exception) -> Response:
    """The answer when the hub cannot be asked (the app's handler of :class:`~.hub.HubError`)."""
    if "/api/" in request.url.path:
        return problem(502, "hub_unavailable", str(exc))
    return HTMLResponse(pages.message_page(f"Cannot sign you in now: {exc}.", root(request)), status_code=502)


async def read_json(request: Request) -> Any:
    """The request's JSON body (``{}`` when empty); a :class:`~.protocol.ProtocolError` when it
    is too big, not JSON, or holds text no database keeps (``check_text``)."""
    body = await request.body()
    if len(body) > MAX_BODY:
        raise ProtocolError("too_big", f"the request has {len(body)} bytes; at most {MAX_BODY}")
    try:
        data = json.loads(body or b"{}")
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "the request body is not JSON") from None
    check_text(data)
    return data


async def read_form(request: Request) -> dict[str, str]:
    """A page's form as ``{field: its last value}``; a :class:`~.protocol.ProtocolError` when too long."""
    body = await request.body()
    if len(body) > MAX_BODY:
        raise ProtocolError("too_big", "the form is too long")
    form = {k: v[-1] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
    check_text(form)
    return form


def limited(request: Request, who: str | None) -> JSONResponse | None:
    """The 429 when ``who`` (a token, else the client's address) sends too fast, else ``None``."""
    key = who or (request.client.host if request.client else "?")
    if not request.app.state.limits.allow(key):
        return problem(429, "rate_limited", "too many requests: slow down and send again in a moment")
    return None
