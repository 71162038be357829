"""The teacher's hold on the class, as module-level routes reading ``request.app.state``
(:mod:`.asking` lists what is there):

- pause, resume and close a table: ``POST /api/tables/{code}/pause`` (``resume``, ``close``),
  and the same buttons on the teacher's page (``POST /teacher/tables/{code}/pause``, ...);
- take a student out of the class: ``DELETE /api/students/{name}``, ``POST
  /teacher/students/{name}/remove``;
- a roster: ``POST /api/roster`` (a CSV of names as the body; ``?server=`` the address the
  learners use, default this one) and ``POST /teacher/roster`` (the page's form, field ``csv``)
  add every student of the CSV (all, or none with an error naming the line) and answer with the
  CSV of their links (:mod:`.roster`);
- ``GET /join?token=...``: a learner's link: whom the server takes them for, the tables open in
  their class, and the one line that joins one from a notebook.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

import euchre_learn.classroom.server.pages as pages
from euchre_learn.classroom.server.asking import refuse_teacher, root, student_for, teacher_class
from euchre_learn.classroom.server.db import new_token
from euchre_learn.classroom.server.protocol import error
from euchre_learn.classroom.server.roster import links_csv, read_roster
from euchre_learn.engine.errors import quote

__all__ = ["ROUTES", "TABLE_OPS"]

TABLE_OPS = ("pause", "resume", "close")
MAX_ROSTER = 1_000_000
"""The longest roster read, in bytes."""


async def _table_op(request: Request) -> tuple[int, str, dict[str, Any] | None]:
    """Pause, resume or close the table of the path: (status, message, the table's summary)."""
    cls = await teacher_class(request)
    if cls is None:
        return 401, "", None
    server = request.app.state.server
    code, op = request.path_params["code"], request.path_params["op"]
    if op not in TABLE_OPS:
        return 404, f"a table can be paused, resumed or closed (POST .../{'|'.join(TABLE_OPS)}), not {op[:20]!r}", None
    room = server.rooms.get(code)
    if room is None or room.class_id != cls["id"]:
        return 404, f"there is no table {code!r} in your class", None
    try:
        if op == "close":
            await server.close_table(code)
        else:
            await server.pause_table(code, op == "pause")
    except ValueError as err:
        return 409, str(err), None
    return 200, "", room.summary()


async def api_table_op(request: Request) -> Response:
    status, message, summary = await _table_op(request)
    if status == 401:
        return refuse_teacher(request)
    if status != 200:
        code = "no_table" if status == 404 else "bad_state"
        return JSONResponse(error(code, message), status_code=status)
    return JSONResponse(summary)


async def page_table_op(request: Request) -> Response:
    status, message, _summary = await _table_op(request)
    if status == 401:
        return refuse_teacher(request)
    if status != 200:
        return HTMLResponse(pages.message_page(message, root(request)), status_code=status)
    return RedirectResponse(f"{root(request)}/teacher", status_code=303)


async def _remove(request: Request) -> tuple[int, str]:
    cls = await teacher_class(request)
    if cls is None:
        return 401, ""
    name = request.path_params["name"]
    found = request.app.state.db.student_by_name(cls["id"], name)
    if found is None:
        return 404, f"there is no student called {quote(name)} in this class"
    tables = await request.app.state.server.remove_student(found)
    at = f" (their seats at {', '.join(tables)} go to the bots)" if tables else ""
    return 200, f"{name} is no longer in the class{at}."


async def api_remove_student(request: Request) -> Response:
    status, message = await _remove(request)
    if status == 401:
        return refuse_teacher(request)
    if status != 200:
        return JSONResponse(error("no_student", message), status_code=status)
    return JSONResponse({"removed": request.path_params["name"], "message": message})


async def page_remove_student(request: Request) -> Response:
    status, message = await _remove(request)
    if status == 401:
        return refuse_teacher(request)
    return HTMLResponse(pages.message_page(message, root(request)), status_code=status)


async def _roster(request: Request, text: str, base: str) -> tuple[int, str]:
    """Add the roster's students: (200, the links CSV) or (400, the error naming the line)."""
    cls = await teacher_class(request)
    if cls is None:
        return 401, ""
    db = request.app.state.db
    try:
        names = read_roster(text, [s["name"] for s in db.students(cls["id"])])
    except ValueError as err:
        return 400, f"the roster: {err}"
    made = [(name, new_token()) for name in names]
    db.add_students(cls["id"], made)
    return 200, links_csv(made, base)


def _csv(text: str) -> Response:
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": 'attachment; filename="class-links.csv"'},
    )


async def _body_text(request: Request) -> str | None:
    body = await request.body()
    if len(body) > MAX_ROSTER:
        return None
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return None


async def api_roster(request: Request) -> Response:
    text = await _body_text(request)
    if text is None:
        problem = f"the roster must be a CSV file in UTF-8, at most {MAX_ROSTER:,} bytes"
        return JSONResponse(error("bad_roster", problem), status_code=400)
    base = request.query_params.get("server") or str(request.base_url)
    status, out = await _roster(request, text, base)
    if status == 401:
        return refuse_teacher(request)
    if status != 200:
        return JSONResponse(error("bad_roster", out), status_code=status)
    return _csv(out)


async def page_roster(request: Request) -> Response:
    text = await _body_text(request)
    form = {k: v[-1] for k, v in parse_qs(text or "").items()}
    if text is None:
        return HTMLResponse(pages.message_page("The roster is too long or not UTF-8.", root(request)), 400)
    status, out = await _roster(request, form.get("csv", ""), str(request.base_url))
    if status == 401:
        return refuse_teacher(request)
    if status != 200:
        return HTMLResponse(pages.message_page(out, root(request)), status_code=status)
    return _csv(out)


async def join_page(request: Request) -> Response:
    """A learner's own link: the tables open in their class and how to sit at one."""
    token = request.query_params.get("token", "")
    student = await student_for(request, token) if token else None
    if student is None:
        text = "This link is not valid (any more): ask your teacher for yours."
        return HTMLResponse(pages.message_page(text, root(request)), status_code=401)
    server = request.app.state.server
    open_tables = [
        r.summary()
        for r in server.rooms.values()
        if r.class_id == student["class_id"] and r.status in ("waiting", "playing", "paused")
    ]
    base = str(request.base_url).rstrip("/")
    return HTMLResponse(pages.join_page(str(student["name"]), token, base, open_tables))


ROUTES = [
    Route("/api/tables/{code}/{op:str}", api_table_op, methods=["POST"]),
    Route("/teacher/tables/{code}/{op:str}", page_table_op, methods=["POST"]),
    Route("/api/students/{name}", api_remove_student, methods=["DELETE"]),
    Route("/teacher/students/{name}/remove", page_remove_student, methods=["POST"]),
    Route("/api/roster", api_roster, methods=["POST"]),
    Route("/teacher/roster", page_roster, methods=["POST"]),
    Route("/join", join_page),
]
"""The routes, for :func:`.app.create_app` to add after its own (``start`` is matched first)."""
