"""Bad input at the class server: each gets a clear error to that client alone, changes
nothing, and a flood is cut off."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from .serverkit import Client, Running, quick_config, running

SEED, DEALER = "bad-input", "N"  # East (eldest) acts first


@pytest.fixture(scope="module")
def table(module_db_url: str) -> Iterator[dict[str, Any]]:
    with running(module_db_url, quick_config(rate=20, burst=30, flood_limit=60)) as srv:
        code = srv.table(seed=SEED, dealer=DEALER)
        tokens = {seat: srv.student(f"learner {seat}") for seat in "NESW"}
        clients = {}
        for seat, token in tokens.items():
            c = Client(srv.ws_url)
            c.hello(token, code, seat)
            clients[seat] = c
        srv.start(code)
        for c in clients.values():
            c.until(lambda m: m["type"] == "state" and m["status"] == "playing")
        yield {"srv": srv, "code": code, "tokens": tokens, "clients": clients}
        for c in clients.values():
            c.close()


def _refused(t: dict[str, Any], seat: str, message: Any, code: str) -> dict[str, Any]:
    """Send ``message`` from ``seat``: it gets the error ``code``; nobody else hears a thing and
    the table has not moved."""
    srv: Running = t["srv"]
    clients: dict[str, Client] = t["clients"]
    before = len(srv.log(t["code"]))
    clients[seat].send(message)
    err = clients[seat].until(lambda m: m["type"] == "error")
    assert err["code"] == code, err
    assert isinstance(err["message"], str) and len(err["message"]) > 10
    for other, c in clients.items():
        if other != seat:
            assert c.quiet(0.15) == [], f"{other} heard about {seat}'s bad message"
    assert len(srv.log(t["code"])) == before
    return err


def test_malformed_json(table: dict[str, Any]) -> None:
    _refused(table, "E", "{not json", "bad_json")
    _refused(table, "E", "[1, 2, 3]", "bad_message")
    _refused(table, "E", '{"no": "type"}', "unknown_type")


def test_unknown_type_and_missing_fields(table: dict[str, Any]) -> None:
    err = _refused(table, "E", {"type": "cheat", "show": "all hands"}, "unknown_type")
    assert "act" in err["message"]  # it names the types there are
    _refused(table, "E", {"type": "act"}, "bad_message")
    _refused(table, "E", {"type": "act", "action": "pass", "n": -1}, "bad_message")
    _refused(table, "E", {"type": "act", "action": "pass", "n": True}, "bad_message")


def test_out_of_turn_and_illegal_actions(table: dict[str, Any]) -> None:
    err = _refused(table, "S", {"type": "act", "action": "pass", "n": 0}, "not_your_turn")
    assert "East" in err["message"]
    err = _refused(table, "E", {"type": "act", "action": "call ♥", "n": 0}, "illegal")
    assert "East" in err["message"] and "round 1" in err["message"]  # the engine explains the rule
    _refused(table, "E", {"type": "act", "action": "dance a jig", "n": 0}, "bad_action")
    holding = table["clients"]["E"].state["hand"]["holding"]
    not_mine = next(c for c in table["clients"]["S"].state["hand"]["holding"] if c not in holding)
    _refused(table, "E", {"type": "act", "action": f"play {not_mine}", "n": 0}, "illegal")


def test_stale_state_number(table: dict[str, Any]) -> None:
    _refused(table, "E", {"type": "act", "action": "pass", "n": 7}, "stale")
    fresh = table["clients"]["E"].until(lambda m: m["type"] == "state")  # and the table as it is
    assert fresh["n"] == 0


def test_forged_and_stale_tokens(table: dict[str, Any]) -> None:
    srv: Running = table["srv"]
    stranger = Client(srv.ws_url)
    stranger.send({"type": "act", "action": "pass"})
    assert stranger.until(lambda m: m["type"] == "error")["code"] == "not_joined"
    stranger.send({"type": "hello", "token": "forged-token", "table": table["code"]})
    assert stranger.until(lambda m: m["type"] == "error")["code"] == "bad_token"
    # a token the teacher replaced is stale: refused; the new one works
    old = srv.student("Zed")
    fresh = srv.http.post("/api/students/Zed/token").json()["token"]
    stranger.send({"type": "hello", "token": old, "table": table["code"]})
    assert stranger.until(lambda m: m["type"] == "error")["code"] == "bad_token"
    stranger.send({"type": "hello", "token": fresh, "table": table["code"]})
    assert stranger.until(lambda m: m["type"] == "error")["code"] == "table_full"
    for _ in range(3):  # guessing tokens ends the connection
        stranger.send({"type": "hello", "token": "guess", "table": table["code"]})
    closing = stranger.until(lambda m: m["type"] == "error" and "closed" in m["message"])
    assert closing["code"] == "bad_token"
    with pytest.raises(Exception):  # noqa: B017 - the server closed it: any receive fails
        stranger.recv(2)
    for c in table["clients"].values():
        assert c.quiet(0.1) == []


def test_too_big_and_not_text(table: dict[str, Any]) -> None:
    _refused(table, "E", '{"type": "ping", "pad": "' + "x" * 20_000 + '"}', "too_big")
    table["clients"]["E"].ws.send(b"\xff\xfe not utf-8")
    assert table["clients"]["E"].until(lambda m: m["type"] == "error")["code"] == "bad_json"


def test_http_bad_input(table: dict[str, Any]) -> None:
    srv: Running = table["srv"]
    with httpx.Client(base_url=srv.url, timeout=5) as anon:
        assert anon.get("/api/tables").status_code == 401
        assert anon.post("/api/tables", json={}).status_code == 401
        assert anon.get("/teacher").status_code == 401
        assert anon.get("/teacher?token=forged").status_code == 401
        r = anon.post("/api/answers", json={"answers": []}, headers={"authorization": "Bearer forged"})
        assert r.status_code == 401 and r.json()["code"] == "bad_token"
        good = {"authorization": f"Bearer {table['tokens']['N']}"}
        r = anon.post("/api/answers", content=b"{nope", headers=good)
        assert r.status_code == 400 and r.json()["code"] == "bad_json"
        r = anon.post(
            "/api/answers", json={"answers": [{"key": "k", "topic": "t", "correct": "yes", "at": 1}]}, headers=good
        )
        assert r.status_code == 400 and "correct" in r.json()["message"]
    r = srv.http.post("/api/tables", json={"preset": "no-such-rules"})
    assert r.status_code == 400 and "preset" in r.json()["message"]
    r = srv.http.post("/api/tables", json={"bot": "grandmaster"})
    assert r.status_code == 400 and "bot" in r.json()["message"]
    r = srv.http.post("/api/tables", json={"points_to_win": 1000})
    assert r.status_code == 400 and "points_to_win" in r.json()["message"]


def test_a_flood_is_rate_limited_then_cut_off(table: dict[str, Any]) -> None:
    srv: Running = table["srv"]
    flooder = Client(srv.ws_url)
    flooder.hello(srv.student("Flo"), srv.table(seed="flood"))
    sent = 0
    with contextlib.suppress(ConnectionClosed):  # the server may cut it off before all 200 are out
        for _ in range(200):
            flooder.send({"type": "ping"})
            sent += 1
    assert sent >= 90  # the burst (30) and the refusals before the cut (60) were all sent
    got = []
    with pytest.raises(Exception):  # noqa: B017 - until the server closes the connection
        while True:
            got.append(flooder.recv(5))
    codes = [m.get("code") for m in got if m["type"] == "error"]
    assert "rate_limited" in codes and codes[-1] == "flood"
    assert 25 <= sum(m["type"] == "pong" for m in got) < 200  # the burst was answered, the rest refused
    for c in table["clients"].values():
        assert c.quiet(0.1) == []
    # the table is untouched and still plays
    east = table["clients"]["E"]
    east.send({"type": "act", "action": "pass", "n": 0})
    assert east.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
