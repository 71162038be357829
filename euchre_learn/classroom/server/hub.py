"""The class server as a JupyterHub service: people sign in with the hub, so nobody types a token.

Run by the hub (``c.JupyterHub.services``, docs/teaching.md), the server finds the hub's
settings in its environment (``JUPYTERHUB_API_TOKEN``, ``JUPYTERHUB_SERVICE_NAME``,
``JUPYTERHUB_SERVICE_PREFIX``, ``JUPYTERHUB_CLIENT_ID``...) and hands every question "who is
this?" to JupyterHub's own client, :class:`jupyterhub.services.auth.HubOAuth`, through its
framework-neutral calls (``user_for_token``, ``token_for_code``, ``generate_state``...); the
cookies and redirects, which HubOAuth does only for Tornado, are Starlette's here.

- **A browser** without a session is sent through the hub's OAuth (the hub's login page when
  needed) and comes back to ``<prefix>/oauth_callback``, which swaps the code for a token and
  keeps it in a cookie (``HttpOnly``, ``SameSite=Lax``, on the service's prefix).
- **A notebook on the same hub** sends the user's own ``$JUPYTERHUB_API_TOKEN`` (in the
  websocket's hello, or ``Authorization: token ...``): the hub says whose it is.
- A token counts only if the hub says it may reach this service (the scope
  ``access:services!service=<name>``, JupyterHub's own rule for services); tokens of services,
  and tokens the hub does not know, are refused.
- **Teachers** are the hub's admins, plus the users named in ``teachers`` and the members of
  ``teacher_groups``; everyone else is a learner, known by their hub name (their student record
  is made the first time they come; a student the teacher added with the same name is them).

>>> login = HubLogin(teachers=["tess"], teacher_groups=["staff"], auth=object())
>>> [login.is_teacher(u) for u in ({"name": "tess"}, {"name": "ann", "groups": ["staff"]},
...                                 {"name": "root", "admin": True}, {"name": "bob", "groups": []})]
[True, True, True, False]
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlencode

from starlette.requests import HTTPConnection, Request
from starlette.responses import RedirectResponse, Response

from euchre_learn.classroom.server.db import new_token

__all__ = ["HUB_VARIABLES", "HubError", "HubLogin", "hub_student", "under_hub"]

HUB_VARIABLES = ("JUPYTERHUB_API_TOKEN", "JUPYTERHUB_SERVICE_NAME", "JUPYTERHUB_CLIENT_ID", "JUPYTERHUB_API_URL")
"""What the hub sets for a service it runs: all four mean "this server is a hub's service"."""


class HubError(Exception):
    """The hub could not be asked (down, or refusing this service): the message says which."""


def under_hub(env: Mapping[str, str] | None = None) -> bool:
    """True when the environment is a JupyterHub service's (the hub started this process).

    >>> under_hub({}), under_hub({name: "x" for name in HUB_VARIABLES})
    (False, True)
    """
    env = os.environ if env is None else env
    return all(env.get(name, "").strip() for name in HUB_VARIABLES)


def _header_token(conn: HTTPConnection) -> str | None:
    """``Authorization: token X`` or ``Bearer X`` (JupyterHub's clients send the first)."""
    kind, _, value = conn.headers.get("authorization", "").partition(" ")
    if kind.lower() in ("token", "bearer") and value.strip():
        return value.strip()
    return None


class HubLogin:
    """Signing in with the hub, for the class server's routes (:func:`.app.create_app`).

    ``auth``: a ready :class:`~jupyterhub.services.auth.HubOAuth` (tests pass one); by default
    one is made from the environment the hub gives its services (:func:`under_hub`), and a
    missing setting is a ``ValueError`` naming it."""

    def __init__(self, *, teachers: Iterable[str] = (), teacher_groups: Iterable[str] = (), auth: Any = None) -> None:
        self.teachers = {t.strip() for t in teachers if t.strip()}
        self.teacher_groups = {g.strip() for g in teacher_groups if g.strip()}
        if auth is None:
            missing = [name for name in HUB_VARIABLES if not os.environ.get(name, "").strip()]
            if missing:
                raise ValueError(
                    f"signing in with JupyterHub needs the settings the hub gives its services; missing: "
                    f"{', '.join(missing)} (run the server as a service in c.JupyterHub.services)"
                )
            try:
                from jupyterhub.services.auth import HubOAuth
            except ImportError:
                raise ValueError(
                    "signing in with JupyterHub needs the package's hub extra: "
                    "pip install '/path/to/euchre_learn[server,hub]' with your copy of the repository"
                ) from None
            auth = HubOAuth(cache_max_age=60)
        self.auth = auth

    # --- where -----------------------------------------------------------------------------
    @property
    def root(self) -> str:
        """The service's prefix without its last slash ('/services/euchre-class'; '' at '/')."""
        return str(self.auth.base_url).rstrip("/")

    @property
    def name(self) -> str:
        """The service's name on the hub (from its OAuth client id, ``service-<name>``)."""
        client = str(self.auth.oauth_client_id)
        return client[len("service-") :] if client.startswith("service-") else client

    # --- who -------------------------------------------------------------------------------
    def is_teacher(self, user: Mapping[str, Any]) -> bool:
        """A hub admin, a user named in ``teachers``, or a member of a ``teacher_groups`` group."""
        if user.get("admin") or user.get("name") in self.teachers:
            return True
        return bool(self.teacher_groups.intersection(user.get("groups") or ()))

    async def user_for_token(self, token: str) -> dict[str, Any] | None:
        """The hub user owning ``token`` (their model: ``name``, ``admin``, ``groups``...), or
        None when the hub does not know it, it is a service's, or it may not reach this service.
        :class:`HubError` when the hub cannot be asked."""
        if not token or len(token) > 4096:
            return None
        try:
            model = await self.auth.user_for_token(token, sync=False)
        except Exception as err:  # tornado's HTTPError, a refused connection: the hub, not the token
            raise HubError(f"the hub did not answer who this is ({getattr(err, 'log_message', None) or err})") from None
        if not isinstance(model, dict) or model.get("kind", "user") != "user" or not model.get("name"):
            return None
        needed = set(self.auth.access_scopes or ())
        if needed:
            from jupyterhub.services.auth import check_scopes

            if not check_scopes(needed, set(model.get("scopes") or ())):
                return None
        return model

    async def request_user(self, conn: HTTPConnection) -> dict[str, Any] | None:
        """The hub user of a request: its ``Authorization`` header's token, else the session
        cookie set when they signed in."""
        token = _header_token(conn) or conn.cookies.get(self.auth.cookie_name)
        return await self.user_for_token(token) if token else None

    # --- signing in --------------------------------------------------------------------------
    def login(self, request: Request) -> Response:
        """Send the browser to the hub to sign in; it comes back to :meth:`callback`, then here."""
        path = request.url.path
        next_url = path + (f"?{request.url.query}" if request.url.query else "")
        if not path.startswith(self.root + "/"):
            next_url = self.root + "/"
        params: dict[str, str] = {}
        extra: dict[str, str] = {}
        pkce = getattr(self.auth, "generate_pkce_code_challenge", None)  # JupyterHub 6 and later
        if pkce is not None:
            verifier, params["code_challenge"], params["code_challenge_method"] = pkce()
            extra["code_verifier"] = verifier
        state = self.auth.generate_state(next_url, **extra)
        params["state"] = state
        sep = "&" if "?" in self.auth.login_url else "?"
        response = RedirectResponse(f"{self.auth.login_url}{sep}{urlencode(params)}", status_code=302)
        response.set_cookie(
            self.auth.state_cookie_name,
            state,
            max_age=600,
            path=self.auth.cookie_path,
            httponly=True,
            samesite="lax",
            secure=self._https(request),
        )
        return response

    async def callback(self, request: Request) -> Response:
        """``<prefix>/oauth_callback``: the hub's answer. The state must be the one this browser
        was sent with (its cookie); the code becomes the user's token, kept in the session cookie."""
        from euchre_learn.classroom.server.pages import message_page

        q = request.query_params
        if q.get("error"):
            text = f"The hub did not sign you in: {q.get('error_description') or q['error']}."
            return Response(message_page(text, self.root), status_code=400, media_type="text/html")
        state, code = q.get("state", ""), q.get("code", "")
        if not code or not state or state != request.cookies.get(self.auth.state_cookie_name):
            text = "This sign-in did not start here (or took too long): open the class server's page again."
            return Response(message_page(text, self.root), status_code=403, media_type="text/html")
        next_url = str(self.auth.get_next_url(state))
        verifier = getattr(self.auth, "get_code_verifier", lambda _s: None)(state)
        self.auth.clear_oauth_state(state)
        try:
            token = await self.auth.token_for_code(code, code_verifier=verifier, sync=False)
        except Exception as err:
            raise HubError(f"the hub refused the sign-in code ({getattr(err, 'log_message', None) or err})") from None
        if await self.user_for_token(token) is None:
            text = "The hub signed you in, but not for this service: ask the hub's admin for access."
            return Response(message_page(text, self.root), status_code=403, media_type="text/html")
        response = RedirectResponse(next_url, status_code=302)
        response.delete_cookie(self.auth.state_cookie_name, path=self.auth.cookie_path)
        response.set_cookie(
            self.auth.cookie_name,
            token,
            path=self.auth.cookie_path,
            httponly=True,
            samesite="lax",
            secure=self._https(request),
        )
        return response

    @staticmethod
    def _https(request: Request) -> bool:
        return request.url.scheme == "https" or request.headers.get("x-forwarded-proto", "") == "https"


def hub_student(db: Any, class_id: int, name: str) -> dict[str, Any]:
    """The class's student called ``name`` (a hub user's name), added the first time they come,
    with a random token nobody is shown: a hub user signs in with the hub."""
    found = db.student_by_name(class_id, name)
    if found is None:
        db.add_student(class_id, name, new_token())
        found = db.student_by_name(class_id, name)
    return dict(found)
