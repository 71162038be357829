"""Signing in with the hub (classroom/server/hub.py), in one process with the hub faked at the
network edge: JupyterHub's real ``HubOAuth`` does the work, and only its one call to the hub's
API (``_api_request``) answers from a table here. Fast, and it runs where a real hub cannot
(test_hub.py is the same against a real JupyterHub)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

pytest.importorskip("jupyterhub", reason="jupyterhub is not installed (the hub extra)")

with warnings.catch_warnings():  # Starlette 1.x would rather its test client ran on httpx2; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from euchre_learn.classroom.cli import main
from euchre_learn.classroom.server import create_app
from euchre_learn.classroom.server.hub import HubLogin, under_hub

from .serverkit import quick_config

PREFIX = "/services/euchre-class"
ACCESS = "access:services!service=euchre-class"


def _user(
    name: str, *, admin: bool = False, groups: tuple[str, ...] = (), scopes: tuple[str, ...] = (ACCESS,)
) -> dict[str, Any]:
    return {"kind": "user", "name": name, "admin": admin, "groups": list(groups), "scopes": list(scopes)}


class FakeHub:
    """The hub's API as HubOAuth sees it: ``GET /user`` and ``POST /oauth2/token``."""

    def __init__(self) -> None:
        self.tokens: dict[str, dict[str, Any]] = {
            "ann-token": _user("ann"),
            "tess-token": _user("tess", admin=True),
            "pat-token": _user("pat", groups=("staff",)),
            "bob-elsewhere": _user("bob", scopes=("read:users:name!user=bob",)),  # not for this service
            "svc-token": {"kind": "service", "name": "other", "scopes": [ACCESS]},
        }
        self.codes = {"code-ann": "ann-token", "code-tess": "tess-token"}
        self.down = False
        self.asked: list[tuple[str, str]] = []

    async def __call__(self, method: str, url: str, /, **kw: Any) -> Any:
        from tornado.web import HTTPError

        self.asked.append((method, url))
        if self.down:
            raise HTTPError(500, "Failed to connect to Hub API")
        if url.endswith("/user"):
            return self.tokens.get(kw["headers"]["Authorization"].split()[1])  # None: the hub's 403
        if url.endswith("/oauth2/token"):
            form = {k: v[0] for k, v in parse_qs(kw["data"].decode()).items()}
            assert form["client_id"] == "service-euchre-class" and form["client_secret"] == "service-secret"
            assert form.get("code_verifier"), "PKCE: the verifier goes with the code"
            if form["code"] not in self.codes:
                raise HTTPError(500, "Failed to check authorization: invalid code")
            return {"access_token": self.codes[form["code"]]}
        raise AssertionError(f"the server asked the hub for {method} {url}")


@pytest.fixture
def hub_app(tmp_path: Path) -> Iterator[tuple[TestClient, FakeHub]]:
    from jupyterhub.services.auth import HubOAuth

    fake = FakeHub()
    auth = HubOAuth(
        api_token="service-secret",
        oauth_client_id="service-euchre-class",
        base_url=PREFIX + "/",
        api_url="http://hub.invalid:8081/hub/api",
        access_scopes={ACCESS},
        cache_max_age=0,
    )
    auth._api_request = fake  # the network edge
    app = create_app(
        f"sqlite:///{tmp_path / 'c.sqlite3'}", config=quick_config(), hub=HubLogin(teacher_groups=["staff"], auth=auth)
    )
    with TestClient(app, follow_redirects=False) as client:
        yield client, fake


def _sign_in(client: TestClient, code: str, page: str = "/") -> Any:
    first = client.get(PREFIX + page)
    assert first.status_code == 302
    target = urlsplit(first.headers["location"])
    assert target.path == "/hub/api/oauth2/authorize"
    query = {k: v[0] for k, v in parse_qs(target.query).items()}
    assert query["client_id"] == "service-euchre-class" and query["redirect_uri"] == PREFIX + "/oauth_callback"
    assert query["code_challenge_method"] == "S256" and query["state"]
    return client.get(PREFIX + "/oauth_callback", params={"code": code, "state": query["state"]})


def test_the_hub_signs_a_learner_in_and_they_are_themselves(hub_app: tuple[TestClient, FakeHub]) -> None:
    client, _ = hub_app
    back = _sign_in(client, "code-ann", "/teacher")
    assert back.status_code == 302 and back.headers["location"] == PREFIX + "/teacher"
    (session,) = [c for c in back.headers.get_list("set-cookie") if c.startswith("service-euchre-class=")]
    assert session == f"service-euchre-class=ann-token; HttpOnly; Path={PREFIX}/; SameSite=lax"
    assert client.get(PREFIX + "/teacher").status_code == 403
    assert "Signed in with the hub as <b>ann</b>" in client.get(PREFIX + "/").text
    assert client.get(PREFIX + "/api/me").json() == {"name": "ann", "teacher": False, "via": "hub"}


def test_teachers_are_hub_admins_and_the_named_group(hub_app: tuple[TestClient, FakeHub]) -> None:
    client, _ = hub_app
    _sign_in(client, "code-tess")
    assert client.get(PREFIX + "/").headers["location"] == PREFIX + "/teacher"
    page = client.get(PREFIX + "/teacher")
    assert page.status_code == 200 and "Signed in with the hub as tess" in page.text
    assert f'action="{PREFIX}/teacher/tables"' in page.text
    pat = client.get(PREFIX + "/api/me", headers={"Authorization": "token pat-token"}).json()
    assert pat == {"name": "pat", "teacher": True, "via": "hub"}


def test_a_notebooks_hub_token_takes_a_seat_and_others_are_refused(hub_app: tuple[TestClient, FakeHub]) -> None:
    client, _ = hub_app
    made = client.post(PREFIX + "/api/tables", json={"bot": "random"}, headers={"Authorization": "Bearer tess-token"})
    assert made.status_code == 201
    code = made.json()["code"]
    with client.websocket_connect(PREFIX + "/ws") as ws:
        ws.send_json({"type": "hello", "token": "ann-token", "table": code})
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome" and welcome["name"] == "ann"
    for token in ("forged", "bob-elsewhere", "svc-token"):
        with client.websocket_connect(PREFIX + "/ws") as ws:
            ws.send_json({"type": "hello", "token": token, "table": code})
            refused = ws.receive_json()
            assert refused["code"] == "bad_token" and ACCESS in refused["message"], refused
        assert client.get(PREFIX + "/api/me", headers={"Authorization": f"token {token}"}).status_code == 401
    students = client.get(PREFIX + "/api/students", headers={"Authorization": "token tess-token"}).json()
    assert [s["name"] for s in students] == ["ann"]


def test_a_callback_that_did_not_start_here_or_a_bad_code_signs_nobody_in(hub_app: tuple[TestClient, FakeHub]) -> None:
    client, _ = hub_app
    stray = client.get(PREFIX + "/oauth_callback", params={"code": "code-ann", "state": "made-up"})
    assert stray.status_code == 403 and "set-cookie" not in stray.headers
    bad = _sign_in(client, "code-nobody")
    assert bad.status_code == 502 and "refused the sign-in code" in bad.text
    assert client.get(PREFIX + "/api/me").status_code == 401
    denied = client.get(PREFIX + "/oauth_callback", params={"error": "access_denied"})
    assert denied.status_code == 400 and "access_denied" in denied.text


def test_a_hub_that_does_not_answer_is_said_so(hub_app: tuple[TestClient, FakeHub]) -> None:
    client, fake = hub_app
    fake.down = True
    reply = client.get(PREFIX + "/api/me", headers={"Authorization": "token ann-token"})
    assert reply.status_code == 502 and reply.json()["code"] == "hub_unavailable"
    assert client.get(PREFIX + "/teacher", headers={"Authorization": "token ann-token"}).status_code == 502


def test_serve_under_a_hub_only_with_its_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: Any) -> None:
    for name in ("JUPYTERHUB_API_TOKEN", "JUPYTERHUB_SERVICE_NAME", "JUPYTERHUB_CLIENT_ID", "JUPYTERHUB_API_URL"):
        monkeypatch.delenv(name, raising=False)
    assert not under_hub()
    assert main(["class", "serve", "--hub", "--db", str(tmp_path / "c.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert "JUPYTERHUB_API_TOKEN" in err and "c.JupyterHub.services" in err
