"""The class server as an ASGI app (Starlette): the learners' websocket, the progress API, and
the teacher's page with its CSV export.

Starlette, because it is the small, well-kept ASGI toolkit under FastAPI: routing, websockets,
a test client, and nothing we would not use; uvicorn (with the ``websockets`` library) serves it.

Routes, each a module-level handler in its room (:mod:`.page_routes`, :mod:`.api_routes`,
:mod:`.seat_socket`, :mod:`.teacher_routes`; what they read first in :mod:`.asking`):

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

import contextlib
from collections.abc import AsyncIterator
from concurrent.futures import Executor

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

import euchre_learn.classroom.server.api_routes as api_routes
import euchre_learn.classroom.server.page_routes as page_routes
import euchre_learn.classroom.server.seat_socket as seat_socket
import euchre_learn.classroom.server.teacher_routes as teacher_routes
from euchre_learn.classroom.server.asking import TEACHER_COOKIE, Limits, hub_down
from euchre_learn.classroom.server.db import Database, new_token
from euchre_learn.classroom.server.http_errors import HTTPException, http_error
from euchre_learn.classroom.server.hub import HubError, HubLogin
from euchre_learn.classroom.server.tables import ClassServer, ServerConfig

__all__ = ["TEACHER_COOKIE", "create_app", "ensure_class", "new_token"]


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


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    server: ClassServer = app.state.server
    await server.start()
    try:
        yield
    finally:
        await server.stop()


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

    The routes are module-level handlers (:mod:`.page_routes`, :mod:`.api_routes`,
    :mod:`.seat_socket`, :mod:`.teacher_routes`) that read ``request.app.state``:
    ``app.state.server`` is the :class:`~.tables.ClassServer`; ``app.state.teacher_token`` the
    teacher's token when known (``teacher_token``, or the one made with a new class);
    :mod:`.asking` lists the rest.

    >>> app = create_app('sqlite://', teacher_token='secret')
    >>> app.state.teacher_token, [r.path for r in app.routes][:3]
    ('secret', ['/', '/teacher', '/teacher/tables'])
    """
    database = db if isinstance(db, Database) else Database(db)
    config = config or ServerConfig()
    token = ensure_class(database, teacher_token)
    class_id = database.first_class()
    assert class_id is not None
    routes = [*page_routes.ROUTES, *api_routes.ROUTES, seat_socket.ROUTE, *teacher_routes.ROUTES]
    if hub is not None:
        routes.append(Route("/oauth_callback", hub.callback))
    app = Starlette(
        routes=routes,
        lifespan=_lifespan,
        middleware=[] if hub is None or not hub.root else [Middleware(_Prefix, root=hub.root)],
        exception_handlers={HubError: hub_down, HTTPException: http_error},
    )
    app.state.server = ClassServer(database, config, executor=executor)
    app.state.db = database
    app.state.class_id = class_id
    app.state.hub = hub
    app.state.config = config
    app.state.limits = Limits(config)
    app.state.teacher_token = token
    return app
