"""Live progress from the learner's side (euchre_learn.learner.class_link): answers recorded in
the store go to the class server, exactly once, offline ones later, and a bad token loses nothing.

The server here is a small fake on 127.0.0.1 that keeps the keys it got (as the real one does:
a key seen before counts once); tests/classroom/server/test_live_progress.py runs the real one."""

from __future__ import annotations

import json
import socket
import threading
import warnings
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from euchre_learn.learner import class_link
from euchre_learn.learner.progress import Progress
from euchre_learn.learner.situation_schedule import SituationSchedule
from euchre_learn.learner.store import AddDecision, Store


class FakeClass:
    """``mode``: 'ok', 'lose' (keep the answers, then drop the connection before replying),
    'refuse' (401), 'busy' (503), 'picky' (400 for a batch holding a topic over 20 characters,
    nothing kept); ``stall``: an event the reply waits for."""

    def __init__(self) -> None:
        self.keys: dict[str, dict[str, Any]] = {}
        self.posts = 0
        self.mode = "ok"
        self.stall: threading.Event | None = None
        self.tokens: list[str] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["content-length"])))
                fake.posts += 1
                fake.tokens.append(self.headers.get("authorization", ""))
                if fake.stall is not None:
                    fake.stall.wait(30)
                if fake.mode == "picky" and any(len(e["topic"]) > 20 for e in body["answers"]):
                    out = json.dumps({"error": "bad_message", "message": "the topic is too long"}).encode()
                    self.send_response(400)
                    self.send_header("content-length", str(len(out)))
                    self.end_headers()
                    self.wfile.write(out)
                    return
                if fake.mode in ("refuse", "busy"):
                    code = 401 if fake.mode == "refuse" else 503
                    out = json.dumps({"error": "bad_token", "message": "unknown token"}).encode()
                    self.send_response(code)
                    self.send_header("content-length", str(len(out)))
                    self.end_headers()
                    self.wfile.write(out)
                    return
                added = dups = 0
                for e in body["answers"]:
                    if e["key"] in fake.keys:
                        dups += 1
                    else:
                        fake.keys[e["key"]] = e
                        added += 1
                if fake.mode == "lose":
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                out = json.dumps(
                    {"added": added, "duplicates": dups, "keys": [e["key"] for e in body["answers"]]}
                ).encode()
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(out)))
                self.end_headers()
                self.wfile.write(out)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        if self.stall is not None:
            self.stall.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def fake() -> Iterator[FakeClass]:
    f = FakeClass()
    yield f
    f.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _progress(tmp_path: Path) -> Progress:
    return Progress(tmp_path / "learner.sqlite3")


def _wait_sent(store: Store) -> None:
    """Wait for the background send the last write started (bounded)."""
    t = class_link.flush_soon(store)
    assert t is not None
    t.join(30)
    assert not t.is_alive()


def test_answers_recorded_offline_are_sent_once_the_server_is_up(tmp_path: Path, fake: FakeClass) -> None:
    p = _progress(tmp_path)
    down = f"http://127.0.0.1:{_free_port()}"
    assert class_link.join_class(down, "tok", store=p.store) == class_link.Flush("sent")  # nothing to send yet
    for i in range(5):
        p.record("bowers", i % 2 == 0, at=1000.0 + i)
    p.record("trumps", True, at=2000.0, situation=("sit-key-1", "following"))
    assert class_link.wait(p.store, 30)  # the sends the writes started found nobody
    assert class_link.flush(p.store, timeout=2).status == "offline"
    assert len(class_link.pending(p.store)) == 6  # nothing lost

    # the server comes up (at another address: the learner joins again)
    result = class_link.join_class(fake.url, "tok", store=p.store)
    assert result == class_link.Flush("sent", 6, 0, 0)
    assert class_link.pending(p.store) == []
    assert sorted((e["topic"], e["correct"]) for e in fake.keys.values()) == sorted(
        [("bowers", True), ("bowers", False), ("bowers", True), ("bowers", False), ("bowers", True), ("trumps", True)]
    )
    # the answer filed under a situation went with its quiz answer, not as a second one
    (trumps,) = [e for e in fake.keys.values() if e["topic"] == "trumps"]
    assert (trumps["situation"], trumps["family"]) == ("sit-key-1", "following")
    # a second flush sends nothing; the token went as a bearer token
    posts = fake.posts
    assert class_link.flush(p.store) == class_link.Flush("sent", 0, 0, 0)
    assert fake.posts == posts and set(fake.tokens) == {"Bearer tok"}


def test_a_lost_reply_means_a_resend_that_the_server_counts_once(tmp_path: Path, fake: FakeClass) -> None:
    p = _progress(tmp_path)
    for i in range(3):  # recorded before joining: no send in the background, this test sends by hand
        p.record("scoring", True, at=10.0 + i)
    class_link.join_class(fake.url, "tok", store=p.store, send=False)
    keys = [e["key"] for e in class_link.pending(p.store)]
    fake.mode = "lose"
    assert class_link.flush(p.store, timeout=5).status == "offline"
    assert set(fake.keys) == set(keys)  # the server has them; the learner does not know
    assert [e["key"] for e in class_link.pending(p.store)] == keys  # the same keys: the row's own
    fake.mode = "ok"
    assert class_link.flush(p.store) == class_link.Flush("sent", 0, 3, 0)
    assert class_link.flush(p.store) == class_link.Flush("sent", 0, 0, 0)
    assert len(fake.keys) == 3


def test_keys_are_the_same_after_a_restart_and_differ_between_two_stores(tmp_path: Path) -> None:
    a = Store(tmp_path / "a.sqlite3")
    class_link.join_class(f"http://127.0.0.1:{_free_port()}", "tok", store=a, send=False)
    Progress(a.path).record("bowers", True, at=5.0)
    first = class_link.pending(a)
    a.close()
    again = Store(tmp_path / "a.sqlite3")
    assert class_link.pending(again) == first and len(first) == 1
    b = Store(tmp_path / "b.sqlite3")
    class_link.join_class(f"http://127.0.0.1:{_free_port()}", "tok", store=b, send=False)
    Progress(b.path).record("bowers", True, at=5.0)
    assert class_link.pending(b)[0]["key"] != first[0]["key"]  # the same row id in two stores: two answers


def test_a_table_decision_and_a_puzzle_go_with_their_situation(tmp_path: Path, fake: FakeClass) -> None:
    store = Store(tmp_path / "learner.sqlite3")
    class_link.join_class(fake.url, "tok", store=store, send=False)
    store.write(AddDecision("g1", 0, 3, "S", "bid-key", "bidding", "pass", "order up", "mistake", 0.4, at=50.0))
    store.write(AddDecision("g1", 0, 7, "S", "lead-key", "leading", "J♠", "J♠", "best", 0.0, at=51.0))
    SituationSchedule(store).record("puzzle-key", "following", True, source="puzzle:p7")
    assert class_link.wait(store, 30)
    assert class_link.flush(store).waiting == 0
    got = {(e["topic"], e["situation"], e["family"], e["correct"]) for e in fake.keys.values()}
    assert got == {
        ("table", "bid-key", "bidding", False),  # flagged: a mistake
        ("table", "lead-key", "leading", True),
        ("situations", "puzzle-key", "following", True),
    }


def test_each_write_sends_in_the_background_without_waiting_for_the_server(tmp_path: Path, fake: FakeClass) -> None:
    p = _progress(tmp_path)
    class_link.join_class(fake.url, "tok", store=p.store)
    fake.stall = threading.Event()
    p.record("bowers", True, at=1.0)  # returns while the server stalls
    p.record("bowers", False, at=2.0)  # coalesced: one more send after the one running
    assert fake.keys == {} and fake.stall is not None
    fake.stall.set()
    fake.stall = None
    _wait_sent(p.store)
    assert sorted(e["at"] for e in fake.keys.values()) == [1.0, 2.0]
    assert class_link.pending(p.store) == []


def test_after_leaving_nothing_is_sent(tmp_path: Path, fake: FakeClass) -> None:
    p = _progress(tmp_path)
    class_link.join_class(fake.url, "tok", store=p.store)
    class_link.leave_class(store=p.store)
    assert class_link.class_link(p.store) is None
    p.record("bowers", True, at=1.0)
    assert class_link.flush_soon(p.store) is None
    assert class_link.flush(p.store).status == "not linked" and fake.posts == 0


def test_a_refused_token_warns_once_and_keeps_everything(tmp_path: Path, fake: FakeClass) -> None:
    fake.mode = "refuse"
    store = Store(tmp_path / "learner.sqlite3")
    Progress(store.path).record("bowers", True, at=1.0)
    with pytest.warns(class_link.ClassLinkWarning, match="token was not accepted.*ask your teacher"):
        assert class_link.join_class(fake.url, "wrong", store=store).status == "refused"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert class_link.flush(store).status == "refused"  # said once
    assert len(class_link.pending(store)) == 1
    fake.mode = "busy"
    assert class_link.flush(store).status == "offline"
    fake.mode = "ok"
    class_link.join_class(fake.url, "right", store=store)
    assert class_link.pending(store) == [] and len(fake.keys) == 1


def test_an_answer_the_server_cannot_take_is_set_aside_and_holds_back_nothing(tmp_path: Path, fake: FakeClass) -> None:
    fake.mode = "picky"
    store = Store(tmp_path / "learner.sqlite3")
    p = Progress(store.path)
    for i in range(9):
        p.record("a topic far too long for this class" if i == 6 else "bowers", True, at=10.0 + i)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        class_link.join_class(fake.url, "tok", store=store, send=False)
    with pytest.warns(class_link.ClassLinkWarning, match="could not take your answer on 'a topic far too long"):
        result = class_link.flush(store)
    assert result == class_link.Flush("sent", added=8, duplicates=0, waiting=0, set_aside=1)
    assert len(fake.keys) == 8 and all(e["topic"] == "bowers" for e in fake.keys.values())
    assert fake.posts <= 1 + 2 * 4  # halving 9 answers down to the one: a few posts, not one per answer
    assert class_link.pending(store) == []  # not sent again
    assert len(Progress(store.path).store.outbox()[0]) == 9  # and still in the learner's own progress
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert class_link.flush(store) == class_link.Flush("sent")  # nothing left, nothing said


def test_bad_input_names_what_was_expected(tmp_path: Path) -> None:
    store = Store(tmp_path / "learner.sqlite3")
    with pytest.raises(ValueError, match=r"server: got 'class\.school'.*http://"):
        class_link.join_class("class.school", "tok", store=store)
    with pytest.raises(ValueError, match="token: expected the token your teacher gave you"):
        class_link.join_class("http://127.0.0.1:1", " ", store=store)
    assert class_link.class_link(store) is None


def test_two_sends_at_once_count_each_answer_once(tmp_path: Path, fake: FakeClass) -> None:
    p = _progress(tmp_path)
    for i in range(30):
        p.record("bowers", i % 3 != 0, at=100.0 + i)
    class_link.join_class(fake.url, "tok", store=p.store, send=False)
    other = Store(tmp_path / "learner.sqlite3")  # another notebook on the same store
    results: list[class_link.Flush] = []
    threads = [threading.Thread(target=lambda s=s: results.append(class_link.flush(s))) for s in (p.store, other)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(r.status for r in results) == ["sent", "sent"]
    assert sum(r.added for r in results) == 30 == len(fake.keys)  # whatever went twice was a duplicate
    assert class_link.pending(p.store) == class_link.pending(other) == []


def test_a_store_without_sqlite_sends_too(tmp_path: Path, fake: FakeClass, monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre_learn.learner import store as store_module

    monkeypatch.setattr(store_module, "sqlite3", None)
    with pytest.warns(store_module.StoreWarning):
        store = Store(tmp_path / "learner.sqlite3")
    Progress(store=store).record("bowers", True, at=1.0)
    assert class_link.join_class(fake.url, "tok", store=store) == class_link.Flush("sent", 1, 0, 0)
    assert class_link.pending(store) == [] and class_link.flush(store).added == 0
