"""The class server's app (euchre_learn.classroom.server.app): ``create_app`` lists module-level
routes that read ``request.app.state`` (no route is a closure inside it), and puts on the state
what they read (:mod:`euchre_learn.classroom.server.asking`)."""

from __future__ import annotations

from starlette.routing import Route, WebSocketRoute

from euchre_learn.classroom.server import Database, create_app
from euchre_learn.classroom.server.asking import Limits


def test_every_route_is_a_module_level_handler() -> None:
    app = create_app(Database("sqlite://"), teacher_token="T")
    routes = [r for r in app.routes if isinstance(r, (Route, WebSocketRoute))]
    assert len(routes) >= 20
    for route in routes:
        handler = route.endpoint
        assert "<locals>" not in handler.__qualname__, route.path
        assert handler.__module__.startswith("euchre_learn.classroom.server."), route.path
    paths = [r.path for r in routes]
    assert paths.index("/api/tables/{code}/start") < paths.index("/api/tables/{code}/{op:str}")  # start first
    assert "/ws" in paths and "/oauth_callback" not in paths


def test_the_state_holds_what_the_routes_read() -> None:
    db = Database("sqlite://")
    app = create_app(db, teacher_token="T")
    assert app.state.db is db and app.state.hub is None and app.state.teacher_token == "T"
    assert app.state.class_id == db.first_class() and isinstance(app.state.limits, Limits)
    assert app.state.server.db is db and app.state.config.rate == app.state.limits.config.rate
