"""The reviews a finished hand owes its learners (classroom/server/reviewer.py): owed in the
database with the action that ends the hand, so a server killed mid-review (SIGKILL, started as
the docs start it: ``euchre-learn class serve --db ... --port ...``) finishes it after a restart;
a thrown-in hand is reviewed too; and a stopped server leaves no review process behind."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

import euchre_learn as el
from euchre_learn.classroom.server import Database

from .serverkit import ROOT, Client, bot_script, quick_config, running

SEED, DEALER = "review-owed", "E"
WAIT = 180.0
"""The longest a review may take to arrive (seconds of CPU each, on a shared 2-core machine)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> set[int]:
    """The live processes ``pid`` started, and theirs (Linux: /proc)."""
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids = (task / "children").read_text().split()
        except OSError:
            continue
        for k in map(int, kids):
            out |= {k} | _children(k)
    return {p for p in out if _alive(p)}


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended


class Served:
    """``euchre-learn class serve --db DB --port P`` in its own process, as a teacher starts it."""

    def __init__(self, db: str, port: int) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        cmd = [sys.executable, "-m", "euchre_learn.classroom.cli", "class", "serve", "--db", db, "--port", str(port)]
        # its own process group, as a terminal gives a command: Ctrl+C there signals the whole group
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True
        )
        assert self.proc.stdout is not None
        lines = [self.proc.stdout.readline(), self.proc.stdout.readline()]
        link = lines[1].rsplit(" ", 1)[-1].strip()
        assert "/teacher?token=" in link, lines
        self.url = f"http://127.0.0.1:{port}"
        self.ws_url = f"ws://127.0.0.1:{port}/ws"
        self.http = httpx.Client(
            base_url=self.url, headers={"authorization": f"Bearer {link.split('token=')[1]}"}, timeout=10
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                self.http.get("/")
                return
            except httpx.TransportError:
                assert time.monotonic() < deadline and self.proc.poll() is None, "the server did not answer"
                time.sleep(0.1)

    def stop(self, sig: int = signal.SIGINT, wait: float = 15.0, group: bool = False) -> int:
        """Send ``sig`` (to the whole process group with ``group``, as Ctrl+C at a terminal does)
        and wait for the process to end; returns its exit code."""
        self.http.close()
        if group:
            os.killpg(self.proc.pid, sig)
        else:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(wait)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(5)
            for f in (self.proc.stdout, self.proc.stderr):
                if f is not None:
                    f.close()


@contextmanager
def served(db: str, port: int) -> Iterator[Served]:
    srv = Served(db, port)
    kids: set[int] = set()
    try:
        yield srv
    finally:
        if srv.proc.poll() is None:
            kids = _children(srv.proc.pid)
            srv.stop()
        for k in kids:  # never leave a process behind, whatever the test found
            if _alive(k):
                os.kill(k, signal.SIGKILL)


def _script() -> list[tuple[str, str]]:
    """One whole hand, every seat's actions as the standard bot would take them."""
    return bot_script(SEED, DEALER)


def _four_learners_play_a_hand(
    srv: Served, script: list[tuple[str, str]], freeze: bool = False
) -> tuple[str, dict[str, str]]:
    """Four learners play one hand at a new table. With ``freeze``, the server's whole process
    group is stopped (SIGSTOP) the moment the hand's last action is acknowledged: its reviews are
    owed in the database by then, and none can have been computed, however fast the machine."""
    code = srv.http.post("/api/tables", json={"seed": SEED, "dealer": DEALER}).json()["code"]
    tokens = {s: srv.http.post("/api/students", json={"name": f"learner {s}"}).json()["token"] for s in "NESW"}
    clients = {}
    for seat, token in tokens.items():
        clients[seat] = Client(srv.ws_url)
        clients[seat].hello(token, code, seat)
    assert srv.http.post(f"/api/tables/{code}/start").status_code == 200
    for n, (seat, action) in enumerate(script):
        clients[seat].send({"type": "act", "action": action, "n": n})
        assert clients[seat].until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
    if freeze:
        os.killpg(srv.proc.pid, signal.SIGSTOP)
        return code, tokens
    for c in clients.values():
        c.until(lambda m: m["type"] == "record")  # the hand is over: its reviews are owed
        c.close()
    return code, tokens


def test_a_review_still_being_computed_when_the_server_dies_arrives_after_a_restart(db_url: str) -> None:
    script = _script()
    port = _free_port()
    with served(db_url, port) as srv:
        code, tokens = _four_learners_play_a_hand(srv, script, freeze=True)
        kids = _children(srv.proc.pid)
        srv.stop(signal.SIGKILL)  # a crash, with the four reviews owed and none computed yet
        for k in kids:  # the pool's processes are orphans now: end them as the machine's restart would
            if _alive(k):
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
    while not (kids := _children(srv.proc.pid)):  # the pool starts its process for the first review
        assert time.monotonic() < deadline, "no review process started"
        time.sleep(0.1)
    return kids


def _all_end(kids: set[int], how: str) -> None:
    deadline = time.monotonic() + 15
    while left := [k for k in kids if _alive(k)]:
        assert time.monotonic() < deadline, f"review processes left running after {how}: {left}"
        time.sleep(0.1)


def test_a_stopped_server_leaves_no_review_process(tmp_path: Path) -> None:
    db, port = str(tmp_path / "class.sqlite3"), _free_port()
    with served(db, port) as srv:
        _four_learners_play_a_hand(srv, _script())
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

    from euchre_learn.classroom.server.reviewer import Reviewer, owed_reviews

    db = Database(db_url)
    cid = db.create_class("Room 12", "t")
    ann = db.add_student(cid, "Ann", "a")
    tid = db.create_table(
        cid, "K7QBX", preset="standard", rules={}, points_to_win=10, bot="standard", seed="s", dealer="N"
    )
    game = el.Game(el.Rules.preset("standard"), seed="t34", dealer="N")
    for n in range(8):
        seat = str(game.to_act)
        game = game.apply("pass")
        owed = owed_reviews(game.hands[0], 0, 0, {el.Seat.S: ann}, set(), "K7QBX", "g", "s") if n == 7 else []
        db.append_action(tid, n, seat, "pass", by_bot=False, student_id=ann, owed=owed)
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
