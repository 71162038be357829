"""The reviews a finished hand owes its learners (classroom/server/reviewer.py): owed in the
database with the action that ends the hand, so a server killed mid-review (SIGKILL, started as
the docs start it: ``euchre-learn class serve --db ... --port ...``) finishes it after a restart;
a thrown-in hand is reviewed too; and a stopped server leaves no review process behind."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from euchre_learn.classroom.server import Database

from .servedkit import Served, alive, children, four_learners_play_a_hand, free_port, served
from .serverkit import Client, bot_script, owed_thrown_in_hand, quick_config, running

SEED, DEALER = "review-owed", "E"
WAIT = 180.0
"""The longest a review may take to arrive (seconds of CPU each, on a shared 2-core machine)."""


def _script() -> list[tuple[str, str]]:
    """One whole hand, every seat's actions as the standard bot would take them."""
    return bot_script(SEED, DEALER)


def test_a_review_still_being_computed_when_the_server_dies_arrives_after_a_restart(db_url: str) -> None:
    script = _script()
    port = free_port()
    with served(db_url, port) as srv:
        code, tokens = four_learners_play_a_hand(srv, SEED, DEALER, script, freeze=True)
        kids = children(srv.proc.pid)
        srv.stop(signal.SIGKILL)  # a crash, with the four reviews owed and none computed yet
        for k in kids:  # the pool's processes are orphans now: end them as the machine's restart would
            if alive(k):
                os.kill(k, signal.SIGKILL)
    db = Database(db_url)
    table = next(t for t in db.tables() if t["code"] == code)
    owed = db.review_jobs()
    done = [r for s in "NESW" for r in db.reviews(table["id"], s)]
    assert owed and len(owed) + len(done) == 4  # owed in the database, none lost
    assert {(j["hand"], j["seat"]) for j in owed} <= {(1, s) for s in "NESW"}
    seat = owed[-1]["seat"]  # the last in the queue: surely not computed before the crash

    with served(db_url, port) as srv:  # the same command again
        c = Client(srv.ws_url)
        c.hello(tokens[seat], code)
        review = c.until(lambda m: m["type"] == "review", timeout=WAIT)
        assert review["hand"] == 1 and review["seat"] == seat and review["table"] == code
        actions = [a for s, a in script if s == seat]
        assert [d["action"] for d in review["decisions"]] == actions  # this seat's decisions, every one
        deadline = time.monotonic() + WAIT
        while db.review_jobs():  # the rest of the queue is paid too, and leaves the queue
            assert time.monotonic() < deadline, f"reviews still owed: {db.review_jobs()}"
            time.sleep(0.5)
        assert sorted(r["seat"] for s in "NESW" for r in db.reviews(table["id"], s)) == list("ENSW")
        c.close()
    db.close()


def _review_processes(srv: Served) -> set[int]:
    deadline = time.monotonic() + 60
    while not (kids := children(srv.proc.pid)):  # the pool starts its process for the first review
        assert time.monotonic() < deadline, "no review process started"
        time.sleep(0.1)
    return kids


def _all_end(kids: set[int], how: str) -> None:
    deadline = time.monotonic() + 15
    while left := [k for k in kids if alive(k)]:
        assert time.monotonic() < deadline, f"review processes left running after {how}: {left}"
        time.sleep(0.1)


def test_a_stopped_server_leaves_no_review_process(tmp_path: Path) -> None:
    db, port = str(tmp_path / "class.sqlite3"), free_port()
    with served(db, port) as srv:
        four_learners_play_a_hand(srv, SEED, DEALER, _script())
        kids = _review_processes(srv)
        srv.stop(signal.SIGKILL)  # killed mid-review: its review processes end by themselves
        _all_end(kids, "the server was killed")
    with served(db, port) as srv:  # the reviews still owed start again ...
        kids = _review_processes(srv)
        assert srv.stop(signal.SIGINT, group=True) == 0  # ... and Ctrl+C at the terminal, mid-review
        _all_end(kids, "Ctrl+C")


def test_a_thrown_in_hand_is_reviewed(db_url: str) -> None:
    with running(db_url, quick_config(review=True, review_worlds=4)) as srv:
        code = srv.table(seed="thrown-in", dealer="N")
        tokens = {s: srv.student(f"learner {s}") for s in "NESW"}
        clients = {s: Client(srv.ws_url) for s in "NESW"}
        for s, c in clients.items():
            c.hello(tokens[s], code, s)
        srv.start(code)
        order = "ESWN"  # left of the dealer first, twice round: everybody passes
        for n in range(8):
            seat = order[n % 4]
            clients[seat].send({"type": "act", "action": "pass", "n": n})
            assert clients[seat].until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        assert srv.game(code)[-1].hands[0].thrown_in
        for seat, c in clients.items():
            review = c.until(lambda m: m["type"] == "review", timeout=WAIT)
            assert review["hand"] == 1 and review["seat"] == seat
            # both of the seat's passes are decisions the coach judged: a pass that should have
            # ordered up (or called) is graded like any other
            assert [(d["phase"], d["action"]) for d in review["decisions"]] == [
                ("ROUND_1", "pass"),
                ("ROUND_2", "pass"),
            ]
            assert all(d["options"] and d["best"] for d in review["decisions"])
            c.close()


def test_a_review_owed_to_a_student_taken_out_meanwhile_is_dropped(db_url: str) -> None:
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from euchre_learn.classroom.server.reviewer import Reviewer

    db = Database(db_url)
    tid, ann = owed_thrown_in_hand(db)
    job = db.review_jobs()[0]
    sent: list[dict[str, object]] = []

    async def deliver(table_id: int, seat: str, body: dict[str, object]) -> None:
        sent.append(body)

    async def run() -> None:
        with ThreadPoolExecutor(1) as pool:
            reviewer = Reviewer(db, pool, 4, deliver)
            db.remove_student(ann)  # the teacher takes Ann out while her review is owed
            await reviewer.submit(tid, job)  # computed, then dropped: nobody to keep it for

    asyncio.run(run())
    assert sent == [] and db.review_jobs() == [] and db.reviews(tid, "S") == []
    db.close()
