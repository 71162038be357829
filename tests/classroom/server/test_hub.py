"""The class server as a JupyterHub service, against a real JupyterHub (hubkit.py): the hub, its
proxy and the server as the hub's managed service, with the configuration docs/teaching.md gives.

A browser without a session is sent to the hub's login; signed in, a learner reaches the server
as their hub user and a hub admin (or a member of the teachers' group) gets the teacher's page;
notebooks on the hub join a table with the code alone, signed in by their own hub tokens; a
forged token, a token without access to the service, and a service's token are refused.

When JupyterHub or its proxy cannot be had here, the module skips with the reason, and the end of
the run says so in a banner (tests/reportkit.py); ``EUCHRE_LEARN_REQUIRE_HUB=1`` makes it a failure.
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Iterator
from contextlib import closing

import httpx
import pytest
import reportkit

import euchre_learn as el
from euchre_learn.interactive.seat.remote import TableClient, hub_class_server

from .hubkit import ADMIN, LEARNERS, SERVICE, STAFF, Hub, NoHub

PREFIX = f"/services/{SERVICE}"


class HubTestsSkipped(UserWarning):
    """The class server's JupyterHub tests could not run on this machine."""


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    try:
        running = Hub(tmp_path_factory.mktemp("hub"))
    except NoHub as err:
        message = f"JUPYTERHUB TESTS NOT RUN: {err}"
        reportkit.skipped("hub", str(err))
        warnings.warn(message, HubTestsSkipped, stacklevel=2)
        if os.environ.get("EUCHRE_LEARN_REQUIRE_HUB") == "1":
            pytest.fail(message + " (EUCHRE_LEARN_REQUIRE_HUB=1)", pytrace=False)
        pytest.skip(message)
    try:
        yield running
    finally:
        running.stop()


def _signed_in(hub: Hub, name: str, page: str = "/") -> tuple[httpx.Client, httpx.Response]:
    """A browser that opened ``page`` of the server, was sent to the hub's login, signed in as
    ``name``, and came back; and the page it came back to."""
    browser = hub.browser()
    login = browser.get(PREFIX + page)
    assert login.url.path == "/hub/login", login.url
    back = hub.sign_in(browser, login, name)
    assert back.url.path.startswith(PREFIX), f"the hub did not send {name} back: {back.url}\n{hub.log_text()[-2000:]}"
    return browser, back


def test_a_browser_without_a_session_is_sent_to_the_hubs_login(hub: Hub) -> None:
    with httpx.Client(base_url=hub.url, timeout=10) as browser:
        for page in ("/", "/teacher"):
            first = browser.get(PREFIX + page)
            assert first.status_code == 302
            target = first.headers["location"]
            assert target.startswith("/hub/api/oauth2/authorize?"), target
            assert f"client_id=service-{SERVICE}" in target and "state=" in target
            hub_says = browser.get(target)  # the hub: no session, so its login page
            assert hub_says.status_code == 302 and hub_says.headers["location"].startswith("/hub/login"), hub_says
        # the API does not redirect: it says who is needed
        me = browser.get(PREFIX + "/api/me")
        assert me.status_code == 401 and me.json()["code"] == "bad_token"
        assert browser.post(PREFIX + "/teacher/tables", data={"preset": "standard"}).status_code == 401


def test_a_learner_signs_in_with_the_hub_and_is_themselves(hub: Hub) -> None:
    browser, back = _signed_in(hub, "ann")
    with closing(browser):
        assert back.url.path == PREFIX + "/" and back.status_code == 200
        assert "Signed in with the hub as <b>ann</b>, a learner" in back.text
        assert browser.get(PREFIX + "/api/me").json() == {"name": "ann", "teacher": False, "via": "hub"}
        # the session cookie is the service's own, on its prefix, and not readable by scripts
        cookie = next(c for c in browser.cookies.jar if c.name == f"service-{SERVICE}")
        assert cookie.path == PREFIX + "/" and cookie.has_nonstandard_attr("HttpOnly")
        # not a teacher: no teacher's page, no table opened
        page = browser.get(PREFIX + "/teacher")
        assert page.status_code == 403 and "Signed in with the hub as ann" in page.text
        assert browser.post(PREFIX + "/teacher/tables", data={"preset": "standard"}).status_code == 401
        assert browser.get(PREFIX + "/api/tables").status_code == 401


def test_the_hub_admin_and_the_teachers_group_get_the_teachers_page(hub: Hub) -> None:
    browser, back = _signed_in(hub, ADMIN, "/teacher")
    with closing(browser):
        assert back.url.path == PREFIX + "/teacher" and back.status_code == 200, back.text[:500]
        assert "the teacher&#x27;s view" in back.text or "the teacher's view" in back.text
        assert f"Signed in with the hub as {ADMIN}" in back.text
        # every link and form stays under the service's prefix, behind the hub's proxy
        targets = re.findall(r'(?:href|action)="([^"]+)"', back.text)
        assert targets and all(t.startswith(PREFIX + "/") for t in targets), targets
        opened = browser.post(PREFIX + "/teacher/tables", data={"preset": "standard", "points": "5", "bot": "random"})
        assert opened.url.path == PREFIX + "/teacher" and opened.status_code == 200
        codes = [t["code"] for t in browser.get(PREFIX + "/api/tables").json()]
        assert len(codes) >= 1 and codes[-1] in opened.text
        assert browser.get(PREFIX + "/api/me").json() == {"name": ADMIN, "teacher": True, "via": "hub"}
    # what the server told the hub's log when the hub started it: no teacher's token, who teaches
    assert f"everyone signs in with the hub at {PREFIX}/ (teachers: the hub's admins, group staff)" in hub.log_text()
    assert "/teacher?token=" not in hub.log_text()
    staff, home = _signed_in(hub, STAFF)  # a member of the group named with --teacher-group
    with closing(staff):
        assert home.url.path == PREFIX + "/teacher" and home.status_code == 200  # "/" sends a teacher on
        assert staff.get(PREFIX + "/api/me").json()["teacher"] is True


def test_notebooks_on_the_hub_join_with_the_code_alone(hub: Hub, monkeypatch: pytest.MonkeyPatch) -> None:
    # the teacher, from a program with their own hub token, opens a table
    teacher = {"Authorization": f"token {hub.user_token(ADMIN, [f'access:services!service={SERVICE}'])}"}
    made = httpx.post(f"{hub.service_url}/api/tables", json={"seed": "hub-1", "bot": "random"}, headers=teacher)
    assert made.status_code == 201, made.text
    code = made.json()["code"]
    widgets = []
    try:
        for name in LEARNERS:
            env = hub.notebook_env(name)  # what the hub's spawner gives a notebook: no class token in sight
            for key, value in env.items():
                monkeypatch.setenv(key, value)
            monkeypatch.delenv("EUCHRE_LEARN_CLASS_SERVER", raising=False)
            monkeypatch.delenv("EUCHRE_LEARN_CLASS_TOKEN", raising=False)
            assert hub_class_server() == hub.service_direct  # asked of the hub: the service's own address
            w = el.table.join(code)
            widgets.append(w)
            assert w.seat.connection.name == name, "the server seated someone else"
        table = next(t for t in httpx.get(f"{hub.service_url}/api/tables", headers=teacher).json() if t["code"] == code)
        seats = {p["name"]: s for s, p in table["players"].items() if p["kind"] != "bot"}
        assert set(seats) == set(LEARNERS)
        # the hub's public address known: the notebook goes through the hub's proxy, websocket and all
        monkeypatch.setenv("JUPYTERHUB_PUBLIC_HUB_URL", f"{hub.url}/hub/")
        assert hub_class_server() == hub.service_url
        again = TableClient(hub_class_server() or "", os.environ["JUPYTERHUB_API_TOKEN"], code)
        assert again.seat == seats[LEARNERS[-1]]  # the same learner, the same seat
        again.close()
        # the teacher's page lists them as students, by their hub names
        students = httpx.get(f"{hub.service_url}/api/students", headers=teacher).json()
        assert set(LEARNERS) <= {s["name"] for s in students}
    finally:
        for w in widgets:
            w.seat.connection.close()


def test_forged_foreign_and_service_tokens_are_refused(hub: Hub) -> None:
    code = httpx.post(
        f"{hub.service_url}/api/tables",
        json={"bot": "random"},
        headers={"Authorization": f"token {hub.user_token(ADMIN, [f'access:services!service={SERVICE}'])}"},
    ).json()["code"]
    no_access = hub.user_token("bob", ["read:users:name!user"])  # bob's, but not for this service
    for token in ("forged-" + "x" * 40, no_access, hub.driver_token):
        with pytest.raises(ValueError, match="neither a class token nor a hub token"):
            TableClient(hub.service_url, token, code, timeout=10)
        for header in (f"token {token}", f"Bearer {token}"):
            assert httpx.get(f"{hub.service_url}/api/me", headers={"Authorization": header}).status_code == 401
        answers = httpx.post(
            f"{hub.service_url}/api/answers", json={"answers": []}, headers={"Authorization": f"token {token}"}
        )
        assert answers.status_code == 401
    # a forged session cookie is no session: back to the hub's login
    with httpx.Client(base_url=hub.url, timeout=10, cookies={f"service-{SERVICE}": "forged"}) as browser:
        first = browser.get(PREFIX + "/teacher")
        assert first.status_code == 302 and first.headers["location"].startswith("/hub/api/oauth2/authorize")
    # a callback that did not start here (no state cookie) signs nobody in
    with httpx.Client(base_url=hub.url, timeout=10) as browser:
        cb = browser.get(PREFIX + "/oauth_callback", params={"code": "x", "state": "y"})
        assert cb.status_code == 403 and "did not start here" in cb.text


def test_class_tokens_still_work_beside_the_hub(hub: Hub) -> None:
    teacher = {"Authorization": f"token {hub.user_token(ADMIN, [f'access:services!service={SERVICE}'])}"}
    code = httpx.post(f"{hub.service_url}/api/tables", json={"bot": "random"}, headers=teacher).json()["code"]
    made = httpx.post(f"{hub.service_url}/api/students", json={"name": "Guest Carol"}, headers=teacher)
    assert made.status_code == 201
    client = TableClient(hub.service_url, made.json()["token"], code)
    try:
        assert client.seat in ("N", "E", "S", "W")
        me = httpx.get(f"{hub.service_url}/api/me", headers={"Authorization": f"Bearer {made.json()['token']}"})
        assert me.json() == {"name": "Guest Carol", "teacher": False, "via": "token"}
    finally:
        client.close()
