"""The class server's answer to a request no route takes: a wrong address or a wrong method.

Under ``/api/`` a program reads the answer, so it is the JSON error every route gives
(``{"type": "error", "code": ..., "message": ...}``); elsewhere a person reads it, in plain words.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from euchre_learn.classroom.server.protocol import error
from euchre_learn.engine.errors import quote

__all__ = ["API_ROUTES", "HTTPException", "http_error"]

API_ROUTES = ("/api/tables", "/api/students", "/api/progress", "/api/answers", "/api/me")
"""The API's addresses, as a wrong one's error names them."""


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's handler for its ``HTTPException`` (404, 405): a JSON error under ``/api/``
    (``no_route``, ``bad_method`` with the ``Allow`` header kept), else the plain words."""
    assert isinstance(exc, HTTPException)
    path = request.url.path
    if "/api/" not in path:
        return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=exc.headers)
    headers = dict(exc.headers or {})
    if exc.status_code == 405:
        allowed = next((v for k, v in headers.items() if k.lower() == "allow"), "")
        body = error("bad_method", f"{request.method} is not how to ask {quote(path)}: it takes {allowed}")
    elif exc.status_code == 404:
        body = error("no_route", f"there is no {quote(path)} here: the API is {', '.join(API_ROUTES)}")
    else:
        body = error("bad_request", quote(exc.detail, 200))
    return JSONResponse(body, status_code=exc.status_code, headers=headers)
