"""The class server's pages, as module-level routes reading ``request.app.state`` (:mod:`.asking`
lists what is there):

- ``GET /``: what this server is, and how to join (on a hub: the learner's page, or the
  teacher's for a teacher);
- ``GET /teacher?token=...``: the teacher's link; it sets a cookie and drops the token from the
  address. ``GET /teacher``: the page (tables in play, students, progress for a date range);
- ``POST /teacher/tables``, ``POST /teacher/tables/{code}/start``, ``POST /teacher/students``:
  the page's forms; ``GET /teacher/progress.csv?from=YYYY-MM-DD&to=YYYY-MM-DD``: the export.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

import euchre_learn.classroom.server.pages as pages
from euchre_learn.classroom.server.api_routes import add_student, class_progress
from euchre_learn.classroom.server.asking import (
    TEACHER_COOKIE,
    date_range,
    read_form,
    refuse_teacher,
    root,
    teacher_class,
)
from euchre_learn.classroom.server.hub import HubLogin
from euchre_learn.classroom.server.protocol import ProtocolError

__all__ = ["ROUTES"]


async def home(request: Request) -> Response:
    """What this server is; on a hub, the signed-in learner's page (a teacher goes to theirs)."""
    hub: HubLogin | None = request.app.state.hub
    if hub is None:
        return HTMLResponse(pages.home_page())
    user = await hub.request_user(request)
    if user is None:
        return hub.login(request)
    if hub.is_teacher(user):
        return RedirectResponse(f"{root(request)}/teacher", status_code=303)
    return HTMLResponse(pages.learner_page(str(user["name"])))


def _teacher_link(request: Request, link_token: str) -> Response:
    """The teacher's link: a cookie, and the page again without the token in the address."""
    here = root(request)
    if request.app.state.db.class_by_teacher_token(link_token) is None:
        return HTMLResponse(pages.message_page("This teacher link is not valid (any more).", here), status_code=401)
    response = RedirectResponse(f"{here}/teacher", status_code=303)
    response.set_cookie(TEACHER_COOKIE, link_token, httponly=True, samesite="strict")
    return response


async def teacher(request: Request) -> Response:
    """The teacher's page for the request's date range (or the link that signs the teacher in)."""
    link_token = request.query_params.get("token")
    if link_token:
        return _teacher_link(request, link_token)
    here, db = root(request), request.app.state.db
    hub: HubLogin | None = request.app.state.hub
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
        start, end = date_range(request)
    except ValueError as err:
        return HTMLResponse(pages.message_page(str(err), here), status_code=400)
    rooms = [r for r in request.app.state.server.rooms.values() if r.class_id == cls["id"]]
    html = pages.teacher_page(
        cls,
        [r.summary() for r in rooms],
        db.students(cls["id"]),
        db.progress(cls["id"], start, end) + db.graded_progress(cls["id"], start, end),
        db.review_summary(cls["id"]),
        request.query_params.get("from", ""),
        request.query_params.get("to", ""),
        db.flagged_decisions(cls["id"]),
        root=here,
        signed_in=None if user is None else str(user["name"]),
    )
    return HTMLResponse(html)


async def teacher_open_table(request: Request) -> Response:
    """The page's form that opens a table (preset, points, bots)."""
    cls = await teacher_class(request)
    if cls is None:
        return refuse_teacher(request)
    try:
        form = await read_form(request)
        points = form.get("points", "").strip()
        request.app.state.server.open_table(
            cls["id"],
            preset=form.get("preset", "standard"),
            points_to_win=int(points) if points else None,
            bot=form.get("bot", "standard"),
        )
    except (ValueError, ProtocolError) as err:
        return HTMLResponse(pages.message_page(str(err), root(request)), status_code=400)
    return RedirectResponse(f"{root(request)}/teacher", status_code=303)


async def teacher_start_table(request: Request) -> Response:
    """The page's Start button of a table."""
    cls = await teacher_class(request)
    if cls is None:
        return refuse_teacher(request)
    server = request.app.state.server
    room = server.rooms.get(request.path_params["code"])
    if room is None or room.class_id != cls["id"]:
        return HTMLResponse(pages.message_page("No such table.", root(request)), status_code=404)
    await server.start_table(room.code)
    return RedirectResponse(f"{root(request)}/teacher", status_code=303)


async def teacher_add_student(request: Request) -> Response:
    """The page's form that adds a student: a page with their token, shown once."""
    cls = await teacher_class(request)
    if cls is None:
        return refuse_teacher(request)
    try:
        form = await read_form(request)
        name, tok = add_student(request.app.state.db, cls["id"], form.get("name", ""))
    except (ValueError, ProtocolError) as err:
        return HTMLResponse(pages.message_page(str(err), root(request)), status_code=400)
    return HTMLResponse(pages.student_added_page(name, tok, str(request.base_url), root(request)))


async def progress_csv(request: Request) -> Response:
    """The class's progress for ``?from=&to=`` as a CSV file."""
    rows = await class_progress(request)
    if isinstance(rows, Response):
        return rows
    text = pages.progress_csv(rows)
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": 'attachment; filename="class-progress.csv"'},
    )


ROUTES = [
    Route("/", home),
    Route("/teacher", teacher),
    Route("/teacher/tables", teacher_open_table, methods=["POST"]),
    Route("/teacher/tables/{code}/start", teacher_start_table, methods=["POST"]),
    Route("/teacher/students", teacher_add_student, methods=["POST"]),
    Route("/teacher/progress.csv", progress_csv),
]
"""The pages' routes, in the order :func:`.app.create_app` matches them."""
