"""The class server started as a teacher starts it (``euchre-learn class serve --db ... --port
...``) in its own process group, the processes it started, and four learners playing a hand at
it: for the tests that kill it, stop it, or point its reviews elsewhere (test_reviewer.py,
test_executors.py)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import httpx

from .serverkit import ROOT, Client


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def children(pid: int) -> set[int]:
    """The live processes ``pid`` started, and theirs (Linux: /proc)."""
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids = (task / "children").read_text().split()
        except OSError:
            continue
        for k in map(int, kids):
            out |= {k} | children(k)
    return {p for p in out if alive(p)}


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended


class Served:
    """``euchre-learn class serve --db DB --port P`` (and ``options``) in its own process, as a
    teacher starts it; ``said``: the lines it printed at its start, the teacher's link among them."""

    def __init__(self, db: str, port: int, options: Sequence[str] = ()) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        # the script beside this Python, as the docs write it (python -m ... where there is none)
        script = Path(sys.executable).with_name("euchre-learn")
        head = [str(script)] if script.exists() else [sys.executable, "-m", "euchre_learn.classroom.cli"]
        cmd = [*head, "class", "serve", "--db", db, "--port", str(port), *options]
        # its own process group, as a terminal gives a command: Ctrl+C there signals the whole group
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True
        )
        assert self.proc.stdout is not None
        lines = [self.proc.stdout.readline() for _ in range(3)]  # the data, the link, where reviews run
        self.said = lines
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
def served(db: str, port: int, options: Sequence[str] = ()) -> Iterator[Served]:
    srv = Served(db, port, options)
    kids: set[int] = set()
    try:
        yield srv
    finally:
        if srv.proc.poll() is None:
            kids = children(srv.proc.pid)
            srv.stop()
        for k in kids:  # never leave a process behind, whatever the test found
            if alive(k):
                os.kill(k, signal.SIGKILL)


def four_learners_play_a_hand(
    srv: Served, seed: str, dealer: str, script: list[tuple[str, str]], freeze: bool = False
) -> tuple[str, dict[str, str]]:
    """Four learners play one hand (``script``: :func:`.serverkit.bot_script` of ``seed`` and
    ``dealer``) at a new table. With ``freeze``, the server's whole process
    group is stopped (SIGSTOP) the moment the hand's last action is acknowledged: its reviews are
    owed in the database by then, and none can have been computed, however fast the machine."""
    code = srv.http.post("/api/tables", json={"seed": seed, "dealer": dealer}).json()["code"]
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
