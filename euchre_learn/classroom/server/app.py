"""The class server as an ASGI app (Starlette): the learners' websocket, the progress API, and
the teacher's page with its CSV export.

Starlette, because it is the small, well-kept ASGI toolkit under FastAPI: routing, websockets,
a test client, and nothing we would not use; uvicorn (with the ``websockets`` library) serves it.

Routes:

- ``GET /``: what this server is, and how to join.
- ``WS /ws``: a learner's seat at a table (messages in :mod:`.protocol`).
- ``POST /api/answers``: a learner's progress events (``Authorization: Bearer <token>``),
  idempotent by key.
- ``GET /teacher?token=...``: the teacher's link; it sets a cookie and drops the token from the
  address. ``GET /teacher``: the page (tables in play, students, progress for a date range).
  ``POST /teacher/tables``, ``POST /teacher/tables/{code}/start``, ``POST /teacher/students``:
  the page's forms. ``GET /teacher/progress.csv?from=YYYY-MM-DD&to=YYYY-MM-DD``: the export.
- ``POST /api/tables``, ``POST /api/tables/{code}/start``, ``GET /api/tables``,
  ``POST /api/students``, ``POST /api/students/{name}/token`` (a new token; the old one goes
  stale), ``GET /api/progress``: the same for programs (``Bearer`` teacher token).
- ``GET /api/me``: who the server takes the caller for (``name``, ``teacher``, ``via``).

As a JupyterHub service (``hub=``, :mod:`.hub`), every route sits under the service's prefix
(``/services/<name>/...``), ``GET /oauth_callback`` ends the hub's sign-in, and the hub's users
need no token: a browser signs in with the hub (``/`` and ``/teacher`` send it there), a
notebook's ``$JUPYTERHUB_API_TOKEN`` is taken wherever a student's token is (the hello, the
``Bearer`` header), and hub admins (and the teachers named) are the class's teachers. The
tokens of ``euchre-learn class serve`` keep working beside it.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import secrets
from collections.abc import AsyncIterator
from concurrent.futures import Executor
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

import euchre_learn.classroom.server.pages as pages
from euchre_learn import Seat
from euchre_learn.classroom.server.db import Database
from euchre_learn.classroom.server.http_errors import HTTPException, http_error
from euchre_learn.classroom.server.hub import HubError, HubLogin, hub_student
from euchre_learn.classroom.server.protocol import (
    MAX_MESSAGE,
    ProtocolError,
    TokenBucket,
    check_answers,
    check_text,
    error,
    parse,
)
from euchre_learn.classroom.server.tables import ClassServer, Room, ServerConfig
from euchre_learn.engine.errors import quote

__all__ = ["TEACHER_COOKIE", "create_app", "new_token"]

TEACHER_COOKIE = "euchre_teacher"
MAX_BODY = 262_144
"""The largest request body the server reads, in bytes."""


class _Prefix:
    """Serve under ``root`` (a hub's proxy sends ``/services/<name>/...`` as it is): the routes
    match below it, and ``request.scope["root_path"]`` is ``root`` for the pages' links."""

    def __init__(self, app: ASGIApp, root: str) -> None:
        self.app = app
        self.root = root

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            scope = dict(scope, root_path=self.root)
        await self.app(scope, receive, send)


def new_token() -> str:
    """A fresh secret token (32 random bytes, URL-safe)."""
    return secrets.token_urlsafe(32)


class _WSConnection:
    """A websocket as the tables see it: ``send(message)``, one message at a time."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self._lock = asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message, ensure_ascii=False)
        async with self._lock:
            await self.ws.send_text(text)


class _Limits:
    """Token buckets per client for the HTTP API (a flood of POSTs gets 429)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.buckets: dict[str, TokenBucket] = {}

    def allow(self, key: str) -> bool:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) > 10_000:
                self.buckets.clear()
            bucket = self.buckets[key] = TokenBucket(self.config.rate, self.config.burst)
        return bucket.take()


def _bearer(request: Request) -> str | None:
    value = request.headers.get("authorization", "")
    if value.lower().startswith("bearer "):
        return value[7:].strip() or None
    return None


def _problem(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(error(code, message), status_code=status)


def _day(value: str | None, name: str) -> float | None:
    if not value:
        return None
    try:
        day = dt.date.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{name}={quote(value)} is not a date like 2026-12-01") from None
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc).timestamp()


def _range(request: Request) -> tuple[float | None, float | None]:
    start = _day(request.query_params.get("from"), "from")
    end = _day(request.query_params.get("to"), "to")
    return start, None if end is None else end + 86_400  # "to" counts its whole day


def ensure_class(db: Database, teacher_token: str | None, name: str = "Class") -> str | None:
    """The class of this server: made on first start; ``teacher_token`` (if given) becomes its
    teacher's token. Returns the token when it is known (given, or just made)."""
    cid = db.first_class()
    if cid is None:
        token = teacher_token or new_token()
        db.create_class(name, token)
        return token
    if teacher_token:
        db.set_teacher_token(cid, teacher_token)
    return teacher_token


def create_app(
    db: Database | str,
    *,
    config: ServerConfig | None = None,
    teacher_token: str | None = None,
    executor: Executor | None = None,
    hub: HubLogin | None = None,
) -> Starlette:
    """The class server's app over ``db`` (a :class:`~.db.Database` or a SQLAlchemy URL);
    ``hub``: signing in with a JupyterHub, when the server is a hub's service.

    ``app.state.server`` is the :class:`~.tables.ClassServer`; ``app.state.teacher_token`` the
    teacher's token when known (``teacher_token``, or the one made with a new class)."""
    database = db if isinstance(db, Database) else Database(db)
    config = config or ServerConfig()
    token = ensure_class(database, teacher_token)
    class_id = database.first_class()
    assert class_id is not None
    server = ClassServer(database, config, executor=executor)
    limits = _Limits(config)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    # --- who is asking -------------------------------------------------------------------------
    def root(request: Request) -> str:
        return str(request.scope.get("root_path", "")).rstrip("/")

    async def teacher_class(request: Request) -> dict[str, Any] | None:
        tok = _bearer(request) or request.cookies.get(TEACHER_COOKIE)
        cls = database.class_by_teacher_token(tok) if tok else None
        if cls is None and hub is not None:
            user = await hub.request_user(request)
            if user is not None and hub.is_teacher(user):
                cls = database.class_by_id(class_id)
        return cls

    async def student_for(tok: str) -> dict[str, Any] | None:
        """The student of a class token, or on a hub of the hub user's own token."""
        found = database.student_by_token(tok)
        if found is None and hub is not None:
            user = await hub.user_for_token(tok)
            if user is not None:
                found = hub_student(database, class_id, str(user["name"]))
        return found

    unknown_token = "this token is not known (or was replaced by a new one): ask your teacher for your link"
    if hub is not None:
        unknown_token = (
            "this token is neither a class token nor a hub token that may reach this service (the hub must give "
            f"users' servers the scope access:services!service={hub.name}: docs/teaching.md)"
        )

    def refuse_teacher() -> JSONResponse:
        if hub is not None:
            return _problem(401, "bad_token", "this needs a teacher: sign in with the hub as one (a hub admin)")
        return _problem(
            401, "bad_token", "this needs the teacher's token (the link printed by euchre-learn class serve)"
        )

    async def hub_down(request: Request, exc: Exception) -> Response:
        if "/api/" in request.url.path:
            return _problem(502, "hub_unavailable", str(exc))
        return HTMLResponse(pages.message_page(f"Cannot sign you in now: {exc}.", root(request)), status_code=502)

    async def read_json(request: Request) -> Any:
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
        body = await request.body()
        if len(body) > MAX_BODY:
            raise ProtocolError("too_big", "the form is too long")
        form = {k: v[-1] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
        check_text(form)
        return form

    def limited(request: Request, who: str | None) -> JSONResponse | None:
        key = who or (request.client.host if request.client else "?")
        if not limits.allow(key):
            return _problem(429, "rate_limited", "too many requests: slow down and send again in a moment")
        return None

    # --- pages ---------------------------------------------------------------------------------
    async def home(request: Request) -> Response:
        if hub is None:
            return HTMLResponse(pages.home_page())
        user = await hub.request_user(request)
        if user is None:
            return hub.login(request)
        if hub.is_teacher(user):
            return RedirectResponse(f"{root(request)}/teacher", status_code=303)
        return HTMLResponse(pages.learner_page(str(user["name"])))

    async def api_me(request: Request) -> Response:
        tok = _bearer(request)
        if tok and database.class_by_teacher_token(tok) is not None:
            return JSONResponse({"name": None, "teacher": True, "via": "token"})
        found = database.student_by_token(tok) if tok else None
        if found is not None:
            return JSONResponse({"name": found["name"], "teacher": False, "via": "token"})
        user = None if hub is None else await hub.request_user(request)
        if hub is None or user is None:
            return _problem(401, "bad_token", "not signed in: no known token or hub session")
        return JSONResponse({"name": user["name"], "teacher": hub.is_teacher(user), "via": "hub"})

    async def teacher(request: Request) -> Response:
        link_token = request.query_params.get("token")
        here = root(request)
        if link_token:
            if database.class_by_teacher_token(link_token) is None:
                return HTMLResponse(
                    pages.message_page("This teacher link is not valid (any more).", here), status_code=401
                )
            response = RedirectResponse(f"{here}/teacher", status_code=303)
            response.set_cookie(TEACHER_COOKIE, link_token, httponly=True, samesite="strict")
            return response
        cls = await teacher_class(request)
        user = None if hub is None else await hub.request_user(request)
        if cls is None:
            if hub is not None and user is None:
                return hub.login(request)
            text = "Open the teacher's link printed by euchre-learn class serve."
            if user is not None:
                text = f"Signed in with the hub as {user['name']}: the teacher's page is for the class's teachers."
            return HTMLResponse(pages.message_page(text, here), status_code=401 if user is None else 403)
        try:
            start, end = _range(request)
        except ValueError as err:
            return HTMLResponse(pages.message_page(str(err), here), status_code=400)
        rooms = [r for r in server.rooms.values() if r.class_id == cls["id"]]
        html = pages.teacher_page(
            cls,
            [r.summary() for r in rooms],
            database.students(cls["id"]),
            database.progress(cls["id"], start, end),
            database.review_summary(cls["id"]),
            request.query_params.get("from", ""),
            request.query_params.get("to", ""),
            database.flagged_decisions(cls["id"]),
            root=here,
            signed_in=None if user is None else str(user["name"]),
        )
        return HTMLResponse(html)

    async def teacher_open_table(request: Request) -> Response:
        cls = await teacher_class(request)
        if cls is None:
            return refuse_teacher()
        try:
            form = await read_form(request)
            points = form.get("points", "").strip()
            server.open_table(
                cls["id"],
                preset=form.get("preset", "standard"),
                points_to_win=int(points) if points else None,
                bot=form.get("bot", "standard"),
            )
        except (ValueError, ProtocolError) as err:
            return HTMLResponse(pages.message_page(str(err), root(request)), status_code=400)
        return RedirectResponse(f"{root(request)}/teacher", status_code=303)

    async def teacher_start_table(request: Request) -> Response:
        cls = await teacher_class(request)
        if cls is None:
            return refuse_teacher()
        room = server.rooms.get(request.path_params["code"])
        if room is None or room.class_id != cls["id"]:
            return HTMLResponse(pages.message_page("No such table.", root(request)), status_code=404)
        await server.start_table(room.code)
        return RedirectResponse(f"{root(request)}/teacher", status_code=303)

    async def teacher_add_student(request: Request) -> Response:
        cls = await teacher_class(request)
        if cls is None:
            return refuse_teacher()
        try:
            form = await read_form(request)
            name, tok = add_student(cls["id"], form.get("name", ""))
        except (ValueError, ProtocolError) as err:
            return HTMLResponse(pages.message_page(str(err), root(request)), status_code=400)
        return HTMLResponse(pages.student_added_page(name, tok, str(request.base_url), root(request)))

    async def teacher_progress(request: Request) -> Any:
        """The signed-in teacher's class progress for the request's date range, or the error response."""
        cls = await teacher_class(request)
        if cls is None:
            return refuse_teacher()
        try:
            start, end = _range(request)
        except ValueError as err:
            return _problem(400, "bad_date", str(err))
        return database.progress(cls["id"], start, end)

    async def progress_csv(request: Request) -> Response:
        rows = await teacher_progress(request)
        if isinstance(rows, Response):
            return rows
        text = pages.progress_csv(rows)
        return Response(
            text,
            media_type="text/csv; charset=utf-8",
            headers={"content-disposition": 'attachment; filename="class-progress.csv"'},
        )

    # --- the API -------------------------------------------------------------------------------
    def add_student(class_id: int, name: str) -> tuple[str, str]:
        name = " ".join(name.split())
        if not name or len(name) > 100:
            raise ValueError("a student needs a name (1 to 100 characters)")
        if any(s["name"] == name for s in database.students(class_id)):
            raise ValueError(f"there is already a student called {name!r} in this class")
        tok = new_token()
        database.add_student(class_id, name, tok)
        return name, tok

    async def api_tables(request: Request) -> Response:
        cls = await teacher_class(request)
        if cls is None:
            return refuse_teacher()
        if request.method == "GET":
            return JSONResponse([r.summary() for r in server.rooms.values() if r.class_id == cls["id"]])
        try:
            body = await read_json(request)
            if not isinstance(body, dict):
                raise ProtocolError("bad_message", "send a JSON object: preset, points_to_win, bot")
            points = body.get("points_to_win")
            if points is not None and (isinstance(points, bool) or not isinstance(points, int)):
                raise ProtocolError("bad_message", "points_to_win must be a whole number")
            room = server.open_table(
                cls["id"],
                preset=str(body.get("preset", "standard")),
                points_to_win=points,
                bot=str(body.get("bot", "standard")),
                seed=str(body["seed"]) if body.get("seed") is not None else None,
                dealer=str(body["dealer"]) if body.get("dealer") is not None else None,
            )
        except ProtocolError as err:
            return _problem(400, err.code, err.text)
        except ValueError as err:
            return _problem(400, "bad_table", str(err))
        return JSONResponse(room.summary(), status_code=201)

    async def api_start(request: Request) -> Response:
        cls = await teacher_class(request)
        if cls is None:
            return refuse_teacher()
        room = server.rooms.get(request.path_params["code"])
        if room is None or room.class_id != cls["id"]:
            return _problem(404, "no_table", "no such table in your class")
        await server.start_table(room.code)
        return JSONResponse(room.summary())

    async def api_students(request: Request) -> Response:
        cls = await teacher_class(request)
        if cls is None:
            return refuse_teacher()
        if request.method == "GET":
            return JSONResponse(database.students(cls["id"]))
        try:
            body = await read_json(request)
            if not isinstance(body, dict) or not isinstance(body.get("name"), str):
                raise ProtocolError("bad_message", 'send {"name": "the student\'s name"}')
            name, tok = add_student(cls["id"], body["name"])
        except ProtocolError as err:
            return _problem(400, err.code, err.text)
        except ValueError as err:
            return _problem(400, "bad_student", str(err))
        return JSONResponse({"name": name, "token": tok}, status_code=201)

    async def api_student_token(request: Request) -> Response:
        """A new token for a student (a lost or shared one): the old token is stale from now on."""
        cls = await teacher_class(request)
        if cls is None:
            return refuse_teacher()
        name = request.path_params["name"]
        found = next((s for s in database.students(cls["id"]) if s["name"] == name), None)
        if found is None:
            return _problem(404, "no_student", f"no student called {quote(name)} in this class")
        tok = new_token()
        database.set_student_token(found["id"], tok)
        return JSONResponse({"name": name, "token": tok})

    async def api_progress(request: Request) -> Response:
        rows = await teacher_progress(request)
        return rows if isinstance(rows, Response) else JSONResponse(rows)

    async def api_answers(request: Request) -> Response:
        tok = _bearer(request)
        refused = limited(request, tok)
        if refused is not None:
            return refused
        student = await student_for(tok) if tok else None
        if student is None:
            return _problem(401, "bad_token", unknown_token)
        try:
            body = await read_json(request)
            events = check_answers(body.get("answers") if isinstance(body, dict) else None)
        except ProtocolError as err:
            return _problem(400, err.code, err.text)
        added, dups = database.add_answers(student["id"], events)
        return JSONResponse(
            {"type": "answers_ack", "added": added, "duplicates": dups, "keys": [e["key"] for e in events]}
        )

    # --- the learners' websocket -------------------------------------------------------------------
    async def ws_endpoint(ws: WebSocket) -> None:
        await ws.accept()
        conn = _WSConnection(ws)
        bucket = TokenBucket(config.rate, config.burst)
        refused = 0
        bad_tokens = 0
        student: dict[str, Any] | None = None
        seat_of: tuple[Room, Seat] | None = None
        try:
            while True:
                raw = await ws.receive()
                if raw["type"] == "websocket.disconnect":
                    break
                data = raw.get("text")
                if data is None:
                    data = raw.get("bytes") or b""
                if not bucket.take():
                    refused += 1
                    if refused >= config.flood_limit:
                        await conn.send(error("flood", "too many messages: the connection is closed"))
                        await ws.close(code=1008)
                        break
                    if refused == 1 or refused % 25 == 0:
                        await conn.send(error("rate_limited", "too many messages: this one was ignored; slow down"))
                    continue
                refused = 0
                kind = "?"
                try:
                    if len(data) > MAX_MESSAGE * 4:
                        raise ProtocolError("too_big", f"the message is too long; at most {MAX_MESSAGE} characters")
                    msg = parse(data)
                    kind = msg["type"]
                    if kind == "ping":
                        await conn.send({"type": "pong"})
                    elif kind == "hello":
                        if student is not None:
                            raise ProtocolError("already_joined", "this connection has said hello already")
                        try:
                            found = await student_for(msg["token"])
                        except HubError as err:
                            raise ProtocolError("hub_unavailable", str(err)) from None
                        if found is None:
                            bad_tokens += 1
                            if bad_tokens >= 5:
                                await conn.send(error("bad_token", "too many unknown tokens: the connection is closed"))
                                await ws.close(code=1008)
                                break
                            raise ProtocolError("bad_token", unknown_token)
                        seat_of = await server.join(found, msg["table"], msg.get("seat"), conn)
                        student = found
                    elif student is None or seat_of is None:
                        raise ProtocolError(
                            "not_joined", 'say hello first: {"type": "hello", "token": ..., "table": ...}'
                        )
                    elif kind == "act":
                        room, seat = seat_of
                        await server.act(room, seat, student["id"], msg["action"], msg.get("n"), conn)
                    elif kind == "answers":
                        events = msg["answers"]
                        added, dups = database.add_answers(student["id"], events)
                        await conn.send(
                            {
                                "type": "answers_ack",
                                "added": added,
                                "duplicates": dups,
                                "keys": [e["key"] for e in events],
                            }
                        )
                    elif kind == "reviews":
                        room, seat = seat_of
                        await server.send_reviews(room, seat, conn)
                except ProtocolError as err:
                    extra: dict[str, Any] = {"ref": kind}
                    if err.code == "stale" and seat_of is not None:
                        await conn.send(error(err.code, err.text, **extra))
                        await conn.send(seat_of[0].view(seat_of[1]))
                        continue
                    await conn.send(error(err.code, err.text, **extra))
        except WebSocketDisconnect:
            pass
        finally:
            if seat_of is not None:
                await server.leave(seat_of[0], seat_of[1], conn)

    app = Starlette(
        routes=[
            Route("/", home),
            Route("/teacher", teacher),
            Route("/teacher/tables", teacher_open_table, methods=["POST"]),
            Route("/teacher/tables/{code}/start", teacher_start_table, methods=["POST"]),
            Route("/teacher/students", teacher_add_student, methods=["POST"]),
            Route("/teacher/progress.csv", progress_csv),
            Route("/api/tables", api_tables, methods=["GET", "POST"]),
            Route("/api/tables/{code}/start", api_start, methods=["POST"]),
            Route("/api/students", api_students, methods=["GET", "POST"]),
            Route("/api/students/{name}/token", api_student_token, methods=["POST"]),
            Route("/api/progress", api_progress),
            Route("/api/answers", api_answers, methods=["POST"]),
            Route("/api/me", api_me),
            WebSocketRoute("/ws", ws_endpoint),
        ]
        + ([] if hub is None else [Route("/oauth_callback", hub.callback)]),
        lifespan=lifespan,
        middleware=[] if hub is None or not hub.root else [Middleware(_Prefix, root=hub.root)],
        exception_handlers={HubError: hub_down, HTTPException: http_error},
    )
    app.state.server = server
    app.state.db = database
    app.state.teacher_token = token
    return app
