"""The play app (Voilà) at a class table: ``?join=CODE&server=URL&class_token=T&seat=N`` builds
the very seat widget ``el.table.join`` builds, against the real server in its own process
(serverkit); every bad or missing option, a refused hello and an unreachable server get a
warning naming the option instead of a traceback, and nothing is joined."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from euchre_learn.classroom import apps
from euchre_learn.interactive.seat.widget import SeatWidget
from euchre_learn.interactive.table import SERVER_VARIABLE, TOKEN_VARIABLE

from .serverkit import Running, quick_config, running


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    folder = tmp_path_factory.mktemp("play-app")
    with running(f"sqlite:///{folder / 'class.sqlite3'}", quick_config()) as server:
        yield server


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EUCHRE_LEARN_HOME", str(tmp_path))
    monkeypatch.setenv("EUCHRE_LEARN_PROGRESS", str(tmp_path / "progress.sqlite3"))
    monkeypatch.delenv(SERVER_VARIABLE, raising=False)
    monkeypatch.delenv(TOKEN_VARIABLE, raising=False)
    return tmp_path


def _text(widget: Any) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


def _alert(widget: Any) -> str:
    first = widget if not hasattr(widget, "children") else widget.children[0]
    assert 'role="alert"' in first.value, first.value
    return _text(first)


def _seat(app: Any) -> SeatWidget:
    found = [w for w in app.children if isinstance(w, SeatWidget)]
    assert len(found) == 1, app.children
    return found[0]


def test_the_play_app_takes_the_seat_el_table_join_takes(srv: Running) -> None:
    code = srv.table(seed="app", dealer="N")
    token = srv.student("Ann")
    app: Any = apps.play_app(urlencode({"join": code.lower(), "server": srv.url, "class_token": token, "seat": "e"}))
    seat = _seat(app)
    try:
        assert seat.seat.seat_letter == "E" and seat.seat.name == "Ann"
        assert "Class table " + code in _text(app.children[0]) and "East" in _text(app.children[0])
        # the first view arrives on the connection's thread: wait for it (CI once read the status before it came)
        seat.seat.wait_for(lambda t: t.state is not None, "the table's first view", timeout=20)
        seat.refresh()
        assert "Waiting for your teacher" in seat.status.value
        assert srv.tables()[code]["players"]["E"]["name"] == "Ann"
        srv.start(code)
        seat.seat.wait_for(lambda t: t.status == "playing", "the started table", timeout=20)
        seat.refresh()
        assert len(seat.seat.holding) == 5  # its own five cards, from its own view
    finally:
        seat.leave()


def test_options_of_the_bot_table_are_named_and_ignored_at_a_class_table(srv: Running) -> None:
    code = srv.table(seed="app2")
    token = srv.student("Bob")
    query = urlencode({"join": code, "server": srv.url, "class_token": token, "seat": "X", "pace": "quick", "sed": 3})
    app: Any = apps.play_app(query)
    seat = _seat(app)
    try:
        alert = _alert(app)
        assert "pace= does not apply at a class table" in alert
        assert "seat='X' is not one of N, E, S, W: the first free seat is taken instead" in alert
        assert "'sed' is not an option of this app" in alert and ".." not in alert
        assert seat.seat.seat_letter in "NESW"
    finally:
        seat.leave()


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ({"join": "K7 QB!", "server": "http://127.0.0.1:1", "class_token": "t"}, "join='K7 QB!' is not a table's code"),
        ({"join": "K7QBX", "class_token": "t"}, "server= is needed with join="),
        (
            {"join": "K7QBX", "server": "ftp://x", "class_token": "t"},
            "server='ftp://x' is not a class server's address",
        ),
        ({"join": "K7QBX", "server": "http://127.0.0.1:1"}, "class_token= is needed with join="),
        (
            {"join": "K7QBX", "server": "http://127.0.0.1:1", "token": "voila"},
            "token= in the address is the app server's own sign-in, not your class token",
        ),
    ],
)
def test_a_bad_or_missing_option_is_named_and_nothing_is_joined(query: dict[str, str], named: str) -> None:
    app: Any = apps.play_app(urlencode(query))
    alert = _alert(app)
    assert named in alert and alert.endswith("Not joining the class table: fix the address and open it again.")
    assert ".." not in alert


def test_server_and_token_come_from_the_environment_as_for_el_table_join(
    srv: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = srv.table(seed="app3")
    monkeypatch.setenv(SERVER_VARIABLE, srv.url)
    monkeypatch.setenv(TOKEN_VARIABLE, srv.student("Cy"))
    seat = _seat(apps.play_app(f"join={code}"))
    try:
        assert seat.seat.name == "Cy"
    finally:
        seat.leave()


def test_a_refused_hello_and_an_unreachable_server_are_said_with_the_option(srv: Running, tmp_path: Path) -> None:
    code = srv.table(seed="app4")
    refused = _alert(apps.play_app(urlencode({"join": code, "server": srv.url, "class_token": "forged"})))
    assert "the class server refused to seat you: this token is not known" in refused, refused
    assert refused.endswith("Check join=, class_token= and seat= in the address your teacher gave you.")
    nowhere = _alert(apps.play_app(urlencode({"join": "ABCDE", "server": srv.url, "class_token": srv.student("Di")})))
    assert "there is no table 'ABCDE'" in nowhere, nowhere
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    down = _alert(apps.play_app(urlencode({"join": code, "server": f"http://127.0.0.1:{port}", "class_token": "t"})))
    assert down.startswith(f"⚠ server=http://127.0.0.1:{port}: cannot reach the class server"), down


def test_join_options_without_join_are_named_at_the_bot_table() -> None:
    app: Any = apps.play_app("server=http://x&seed=3&pace=instant")
    alert = _alert(app)
    assert "server= is for a class table: give the table's code as join=CODE too" in alert
    assert alert.endswith("Using the defaults for those.")
