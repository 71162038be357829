"""Live progress at the class server: answers sent by POST or websocket with idempotency keys
(a queued event sent twice counts once), and the teacher's view and CSV export over a date range."""

from __future__ import annotations

import csv
import datetime as dt
import io

import httpx

from .serverkit import TEACHER, Client, quick_config, running


def _at(day: str, hour: int = 12) -> float:
    d = dt.date.fromisoformat(day)
    return dt.datetime(d.year, d.month, d.day, hour, tzinfo=dt.timezone.utc).timestamp()


def test_answers_count_once_and_the_teacher_sees_them(db_url: str) -> None:
    with running(db_url, quick_config()) as srv:
        ann, bob = srv.student("Ann"), srv.student("Bob")
        events = [
            {"key": f"ann-{i}", "topic": "bowers", "correct": i % 4 == 0, "at": _at("2026-11-02"), "family": "bidding"}
            for i in range(8)
        ]
        with httpx.Client(base_url=srv.url, timeout=5, headers={"authorization": f"Bearer {ann}"}) as http:
            first = http.post("/api/answers", json={"answers": events[:5]}).json()
            assert (first["added"], first["duplicates"]) == (5, 0)
            # the offline queue flushes everything it holds, the sent ones again among them
            again = http.post("/api/answers", json={"answers": events}).json()
            assert (again["added"], again["duplicates"]) == (3, 5)
            assert http.post("/api/answers", json={"answers": events}).json()["added"] == 0
        # by websocket too, with the same keys: still counted once
        code = srv.table(seed="progress")
        c = Client(srv.ws_url)
        c.hello(bob, code)
        bob_events = [
            {"key": "b1", "topic": "scoring", "correct": True, "at": _at("2026-11-20")},
            {"key": "b2", "topic": "scoring", "correct": True, "at": _at("2026-11-21")},
            {"key": "b3", "topic": "bowers", "correct": True, "at": _at("2026-10-01")},
        ]
        c.send({"type": "answers", "answers": bob_events})
        assert c.until(lambda m: m["type"] == "answers_ack")["added"] == 3
        c.send({"type": "answers", "answers": bob_events[:1]})
        ack = c.until(lambda m: m["type"] == "answers_ack")
        assert (ack["added"], ack["duplicates"], ack["keys"]) == (0, 1, ["b1"])
        c.close()

        rows = srv.http.get("/api/progress").json()
        table = {(r["student"], r["topic"]): (r["answered"], r["correct"]) for r in rows}
        assert table == {("Ann", "bowers"): (8, 2), ("Bob", "bowers"): (1, 1), ("Bob", "scoring"): (2, 2)}

        # November only: Bob's October answer drops out; the CSV says the same
        rows = srv.http.get("/api/progress", params={"from": "2026-11-01", "to": "2026-11-30"}).json()
        assert {(r["student"], r["topic"]) for r in rows} == {("Ann", "bowers"), ("Bob", "scoring")}
        text = srv.http.get("/teacher/progress.csv", params={"from": "2026-11-01", "to": "2026-11-20"}).text
        got = list(csv.DictReader(io.StringIO(text)))
        assert [(r["student"], r["topic"], r["answered"], r["correct"]) for r in got] == [
            ("Ann", "bowers", "8", "2"),
            ("Bob", "scoring", "1", "1"),  # the 21st is after the range
        ]
        assert got[0]["family"] == "bidding" and got[0]["share"] == "25%"
        assert srv.http.get("/api/progress", params={"from": "yesterday"}).status_code == 400

        # the teacher's page: the link sets a cookie and drops the token from the address
        with httpx.Client(base_url=srv.url, timeout=5) as browser:
            r = browser.get(f"/teacher?token={TEACHER}")
            assert r.status_code == 303 and r.headers["location"] == "/teacher"
            page = browser.get("/teacher").text
            assert "Ann" in page and "Bob" in page and code in page
            assert "Struggling" in page and "<b>Ann</b>: bowers, 2 of 8 right" in page
            assert TEACHER not in page
            # the page's forms work with the cookie: open a table, add a student
            r = browser.post("/teacher/tables", data={"preset": "uk", "points": "7", "bot": "beginner"})
            assert r.status_code == 303
            assert any(t["preset"] == "uk" and t["points_to_win"] == 7 for t in srv.tables().values())
            r = browser.post("/teacher/students", data={"name": "Cy <script>"})
            assert r.status_code == 200 and "Cy &lt;script&gt;" in r.text and "<script>" not in r.text
            r = browser.post("/teacher/tables", data={"preset": "nonsense"})
            assert r.status_code == 400 and "preset" in r.text


def test_progress_that_cannot_be_is_refused_naming_the_field(db_url: str) -> None:
    with running(db_url, quick_config()) as srv:
        ann = srv.student("Ann")
        good = {"key": "ok", "topic": "bowers", "correct": True, "at": _at("2026-11-02")}
        future = {"key": "k2100", "topic": "bowers", "correct": True, "at": _at("2100-01-01")}
        ancient = {"key": "k1971", "topic": "bowers", "correct": True, "at": 31_536_000.0}
        with httpx.Client(base_url=srv.url, timeout=5, headers={"authorization": f"Bearer {ann}"}) as http:
            r = http.post("/api/answers", json={"answers": [good, future]})
            assert r.status_code == 400 and r.json()["code"] == "bad_answer"
            message = r.json()["message"]
            assert message.startswith('answer 2: "at" is 2100-01-01 12:00 UTC, in the future'), message
            r = http.post("/api/answers", json={"answers": [ancient]})
            assert r.status_code == 400 and '"at" is 1971-01-01 00:00 UTC, before 2020-01-01' in r.json()["message"]
            r = http.post("/api/answers", json={"answers": [{**good, "correct": 15}]})
            assert r.status_code == 400 and '"correct": true or false' in r.json()["message"]
        assert srv.http.get("/api/progress").json() == []  # nothing of a refused batch is kept
        c = Client(srv.ws_url)
        c.hello(ann, srv.table(seed="refused"))
        c.send({"type": "answers", "answers": [future]})
        refused = c.until(lambda m: m["type"] == "error")
        assert refused["code"] == "bad_answer" and '"at"' in refused["message"]
        c.send({"type": "answers", "answers": [good]})
        assert c.until(lambda m: m["type"] == "answers_ack")["added"] == 1
        c.close()
        # what is kept is the learner's word, and the teacher's page says so
        rows = srv.http.get("/api/progress").json()
        assert [(r["student"], r["topic"], r["source"]) for r in rows] == [("Ann", "bowers", "self-reported")]
        with httpx.Client(base_url=srv.url, timeout=5) as browser:
            browser.get(f"/teacher?token={TEACHER}")
            page = browser.get("/teacher").text
            assert "<th>source</th>" in page and "<td>self-reported</td>" in page
        text = srv.http.get("/teacher/progress.csv").text
        assert [r["source"] for r in csv.DictReader(io.StringIO(text))] == ["self-reported"]
