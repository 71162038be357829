"""The teacher's hold on the class (classroom/server/teacher_routes.py): a table with no learner
connected stands still (the bots never play it out alone) and goes on when one comes back; the
teacher pauses, resumes and closes tables and takes students out of the class, by the HTTP API
and by the teacher's page."""

from __future__ import annotations

import time
from typing import Any

import httpx

from .serverkit import TEACHER, Client, Running, quick_config, running


def _my_turn(c: Client) -> dict[str, Any]:
    """The state that asks ``c``'s seat to act (the last one received, or the next such)."""
    if c.state is not None and c.state["hand"].get("legal") and c.state["status"] == "playing":
        return c.state
    return c.until(lambda m: m["type"] == "state" and bool(m["hand"].get("legal")) and m["status"] == "playing")


def _still(srv: Running, code: str, wait: float = 0.6) -> int:
    """The table's number of actions, once it has stayed the same for ``wait`` seconds."""
    before = len(srv.log(code))
    deadline = time.monotonic() + 30
    while True:
        time.sleep(wait)
        now = len(srv.log(code))
        if now == before:
            return now
        assert time.monotonic() < deadline, "the table never stood still"
        before = now


def test_a_table_nobody_sits_at_waits_for_a_learner(db_url: str) -> None:
    with running(db_url, quick_config()) as srv:
        code = srv.table(seed="nobody", dealer="N")
        srv.start(code)
        assert _still(srv, code) == 0  # started, nobody there: the bots do not play it out
        assert srv.tables()[code]["paused"] == "nobody at the table"
        ann = srv.student("Ann")
        c = Client(srv.ws_url)
        c.hello(ann, code, "S")  # a learner comes: the bots play up to South's turn
        mine = _my_turn(c)
        assert mine["n"] == len(srv.log(code)) > 0 and srv.tables()[code]["paused"] is None
        c.send({"type": "act", "action": mine["hand"]["legal"][0], "n": mine["n"]})
        c.until(lambda m: m["type"] == "ack")
        c.close()  # and goes: whatever the bots were doing, the table stops
        stopped = _still(srv, code)
        assert srv.tables()[code]["paused"] == "nobody at the table"
        again = Client(srv.ws_url)
        again.hello(ann, code)  # back: it goes on from where it stood
        back = _my_turn(again)
        assert back["n"] >= stopped
        again.close()


def test_the_teacher_pauses_resumes_and_closes_a_table(db_url: str) -> None:
    with running(db_url, quick_config()) as srv:
        code = srv.table(seed="pause", dealer="W")
        ann = srv.student("Ann")
        assert srv.http.post(f"/api/tables/{code}/pause").status_code == 409  # waiting: nothing to pause
        c = Client(srv.ws_url)
        c.hello(ann, code, "N")
        srv.start(code)
        turn = _my_turn(c)
        r = srv.http.post(f"/api/tables/{code}/pause")
        assert r.status_code == 200 and r.json()["status"] == "paused" and r.json()["paused"] == "by the teacher"
        c.until(lambda m: m["type"] == "state" and m["status"] == "paused")  # the learner sees it
        c.send({"type": "act", "action": turn["hand"]["legal"][0], "n": turn["n"]})
        refused = c.until(lambda m: m["type"] == "error")
        assert refused["code"] == "paused" and "paused" in refused["message"]
        assert len(srv.log(code)) == turn["n"]  # nothing moved
        r = srv.http.post(f"/api/tables/{code}/resume")
        assert r.status_code == 200 and r.json()["status"] == "playing"
        c.send({"type": "act", "action": turn["hand"]["legal"][0], "n": turn["n"]})
        assert c.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        # the teacher's page has the same buttons
        with httpx.Client(base_url=srv.url, timeout=10) as browser:
            browser.get(f"/teacher?token={TEACHER}")
            assert f'action="/teacher/tables/{code}/pause"' in browser.get("/teacher").text
            assert browser.post(f"/teacher/tables/{code}/pause").status_code == 303
            page = browser.get("/teacher").text
            assert "paused (by the teacher)" in page and f'action="/teacher/tables/{code}/resume"' in page
            assert browser.post(f"/teacher/tables/{code}/close").status_code == 303
            assert f'action="/teacher/tables/{code}/' not in browser.get("/teacher").text  # closed: no buttons
            assert browser.post(f"/teacher/tables/{code}/shuffle").status_code == 404
        assert srv.tables()[code]["status"] == "closed"
        c.until(lambda m: m["type"] == "state" and m["status"] == "closed")  # the learner sees it
        c.send({"type": "act", "action": "pass", "n": len(srv.log(code))})
        assert c.until(lambda m: m["type"] == "error")["code"] == "closed"
        late = Client(srv.ws_url)
        late.send({"type": "hello", "token": srv.student("Bob"), "table": code})
        assert late.until(lambda m: m["type"] == "error")["code"] == "closed"
        late.close()
        c.close()
        assert srv.http.post("/api/tables/NOPE9/close").status_code == 404
        with httpx.Client(base_url=srv.url, timeout=10) as stranger:
            assert stranger.post(f"/api/tables/{code}/resume").status_code == 401


def test_the_teacher_takes_a_student_out_of_the_class(db_url: str) -> None:
    with running(db_url, quick_config()) as srv:
        code = srv.table(seed="remove", dealer="E")
        ann, bob = srv.student("Ann"), srv.student("Bob")
        a, b = Client(srv.ws_url), Client(srv.ws_url)
        a.hello(ann, code, "S")
        b.hello(bob, code, "N")
        with httpx.Client(base_url=srv.url, timeout=10, headers={"authorization": f"Bearer {ann}"}) as http:
            at = time.time()
            assert http.post(
                "/api/answers", json={"answers": [{"key": "k", "topic": "bowers", "correct": True, "at": at}]}
            )
        r = srv.http.delete("/api/students/Ann")
        assert r.status_code == 200 and code in r.json()["message"]
        gone = a.until(lambda m: m["type"] == "error")
        assert gone["code"] == "removed"
        seats = b.until(lambda m: m["type"] == "state" and m["players"]["S"]["kind"] == "bot")["players"]
        assert seats["N"]["name"] == "Bob"  # South goes to the table's bot; North is still Bob's
        assert [s["name"] for s in srv.http.get("/api/students").json()] == ["Bob"]
        assert {r["student"] for r in srv.http.get("/api/progress").json()} == set()  # her answers went with her
        with httpx.Client(base_url=srv.url, timeout=10, headers={"authorization": f"Bearer {ann}"}) as http:
            assert http.post("/api/answers", json={"answers": []}).status_code == 401  # her token is dead
        assert srv.http.delete("/api/students/Ann").status_code == 404
        srv.student("Ann")  # the name is free again
        # from the teacher's page
        with httpx.Client(base_url=srv.url, timeout=10) as browser:
            browser.get(f"/teacher?token={TEACHER}")
            assert 'action="/teacher/students/Bob/remove"' in browser.get("/teacher").text
            r = browser.post("/teacher/students/Bob/remove")
            assert r.status_code == 200 and "Bob is no longer in the class" in r.text
        assert [s["name"] for s in srv.http.get("/api/students").json()] == ["Ann"]
        a.close()
        b.close()
