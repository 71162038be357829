"""The class server's API for programs, as module-level routes reading ``request.app.state``
(:mod:`.asking` lists what is there):

- ``POST /api/tables``, ``GET /api/tables``, ``POST /api/tables/{code}/start``: open, list and
  start the class's tables (``Bearer`` teacher token);
- ``POST /api/students``, ``GET /api/students``, ``POST /api/students/{name}/token`` (a new
  token; the old one goes stale); ``GET /api/progress?from=&to=``: the class's progress;
- ``POST /api/answers``: a learner's progress events (``Bearer`` student token), idempotent by key;
- ``GET /api/me``: who the server takes the caller for (``name``, ``teacher``, ``via``).

:func:`add_student` and :func:`class_progress` serve the teacher's page too (:mod:`.page_routes`).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from euchre_learn.classroom.server.asking import (
    bearer,
    date_range,
    limited,
    problem,
    read_json,
    refuse_teacher,
    student_for,
    teacher_class,
    unknown_token,
)
from euchre_learn.classroom.server.db import Database, new_token
from euchre_learn.classroom.server.protocol import ProtocolError, check_answers
from euchre_learn.engine.errors import quote

__all__ = ["ROUTES", "add_student", "class_progress"]


def add_student(db: Database, class_id: int, name: str) -> tuple[str, str]:
    """Add a student called ``name`` (spaces tidied) to the class: ``(name, their token)``; a
    ``ValueError`` when the name is empty, too long or taken."""
    name = " ".join(name.split())
    if not name or len(name) > 100:
        raise ValueError("a student needs a name (1 to 100 characters)")
    if any(s["name"] == name for s in db.students(class_id)):
        raise ValueError(f"there is already a student called {name!r} in this class")
    tok = new_token()
    db.add_student(class_id, name, tok)
    return name, tok


async def class_progress(request: Request) -> Any:
    """The signed-in teacher's class progress for the request's date range, or the error response."""
    cls = await teacher_class(request)
    if cls is None:
        return refuse_teacher(request)
    try:
        start, end = date_range(request)
    except ValueError as err:
        return problem(400, "bad_date", str(err))
    db = request.app.state.db
    return db.progress(cls["id"], start, end) + db.graded_progress(cls["id"], start, end)


async def api_tables(request: Request) -> Response:
    """``GET``: the class's tables; ``POST`` (preset, points_to_win, bot, seed, dealer): open one."""
    cls = await teacher_class(request)
    if cls is None:
        return refuse_teacher(request)
    server = request.app.state.server
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
        return problem(400, err.code, err.text)
    except ValueError as err:
        return problem(400, "bad_table", str(err))
    return JSONResponse(room.summary(), status_code=201)


async def api_start(request: Request) -> Response:
    """Start the table of the path."""
    cls = await teacher_class(request)
    if cls is None:
        return refuse_teacher(request)
    server = request.app.state.server
    room = server.rooms.get(request.path_params["code"])
    if room is None or room.class_id != cls["id"]:
        return problem(404, "no_table", "no such table in your class")
    await server.start_table(room.code)
    return JSONResponse(room.summary())


async def api_students(request: Request) -> Response:
    """``GET``: the class's students; ``POST {"name": ...}``: add one, answering with their token."""
    cls = await teacher_class(request)
    if cls is None:
        return refuse_teacher(request)
    db = request.app.state.db
    if request.method == "GET":
        return JSONResponse(db.students(cls["id"]))
    try:
        body = await read_json(request)
        if not isinstance(body, dict) or not isinstance(body.get("name"), str):
            raise ProtocolError("bad_message", 'send {"name": "the student\'s name"}')
        name, tok = add_student(db, cls["id"], body["name"])
    except ProtocolError as err:
        return problem(400, err.code, err.text)
    except ValueError as err:
        return problem(400, "bad_student", str(err))
    return JSONResponse({"name": name, "token": tok}, status_code=201)


async def api_student_token(request: Request) -> Response:
    """A new token for a student (a lost or shared one): the old token is stale from now on."""
    cls = await teacher_class(request)
    if cls is None:
        return refuse_teacher(request)
    db = request.app.state.db
    name = request.path_params["name"]
    found = next((s for s in db.students(cls["id"]) if s["name"] == name), None)
    if found is None:
        return problem(404, "no_student", f"no student called {quote(name)} in this class")
    tok = new_token()
    db.set_student_token(found["id"], tok)
    return JSONResponse({"name": name, "token": tok})


async def api_progress(request: Request) -> Response:
    """The class's progress per student and topic, for ``?from=&to=``."""
    rows = await class_progress(request)
    return rows if isinstance(rows, Response) else JSONResponse(rows)


async def api_answers(request: Request) -> Response:
    """A learner's progress events, filed once by key: ``answers_ack`` with what was new."""
    tok = bearer(request)
    refused = limited(request, tok)
    if refused is not None:
        return refused
    student = await student_for(request, tok) if tok else None
    if student is None:
        return problem(401, "bad_token", unknown_token(request))
    try:
        body = await read_json(request)
        events = check_answers(body.get("answers") if isinstance(body, dict) else None)
    except ProtocolError as err:
        return problem(400, err.code, err.text)
    added, dups = request.app.state.db.add_answers(student["id"], events)
    return JSONResponse({"type": "answers_ack", "added": added, "duplicates": dups, "keys": [e["key"] for e in events]})


async def api_me(request: Request) -> Response:
    """Who the server takes the caller for: a token's teacher or student, or the hub's user."""
    db, hub = request.app.state.db, request.app.state.hub
    tok = bearer(request)
    if tok and db.class_by_teacher_token(tok) is not None:
        return JSONResponse({"name": None, "teacher": True, "via": "token"})
    found = db.student_by_token(tok) if tok else None
    if found is not None:
        return JSONResponse({"name": found["name"], "teacher": False, "via": "token"})
    user = None if hub is None else await hub.request_user(request)
    if hub is None or user is None:
        return problem(401, "bad_token", "not signed in: no known token or hub session")
    return JSONResponse({"name": user["name"], "teacher": hub.is_teacher(user), "via": "hub"})


ROUTES = [
    Route("/api/tables", api_tables, methods=["GET", "POST"]),
    Route("/api/tables/{code}/start", api_start, methods=["POST"]),
    Route("/api/students", api_students, methods=["GET", "POST"]),
    Route("/api/students/{name}/token", api_student_token, methods=["POST"]),
    Route("/api/progress", api_progress),
    Route("/api/answers", api_answers, methods=["POST"]),
    Route("/api/me", api_me),
]
"""The API's routes, in the order :func:`.app.create_app` matches them."""
