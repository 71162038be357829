"""Helpers for the class server's tests: the real server (uvicorn) on 127.0.0.1 and a free
port in its own process, clients speaking its websocket, and the cards a seat may know.

Every wait is bounded: a receive that times out fails the test instead of hanging it."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

import euchre_learn as el
from euchre_learn.classroom.server import Database, ServerConfig

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
TEACHER = "teacher-secret"
CARD = re.compile(r"(?<![\w])(?:10|[9JQKA2])[♣♦♥♠]|\bBenny\b")
"""A card as the server writes it ('J♠', '10♥', 'Benny')."""


def bot_script(seed: str, dealer: str, hands: int = 1, bot_seed: int = 2) -> list[tuple[str, str]]:
    """The first ``hands`` hands of a table's game (``seed``, ``dealer``), every seat's actions as
    the standard bot (``bot_seed``) would take them: what scripted learners send."""
    bot = el.bots.get("standard", seed=bot_seed)
    game = el.Game(el.Rules.preset("standard"), seed=seed, dealer=dealer)
    out = []
    while len(game.hands) < hands:
        seat = game.to_act
        assert seat is not None
        action = bot.act(game)
        out.append((str(seat), str(action)))
        game = game.apply(action)
    return out


def quick_config(**kw: Any) -> ServerConfig:
    """The server with no pauses: bots act at once, no reviews unless asked."""
    base: dict[str, Any] = {"bot_delay": 0.0, "review": False, "review_worlds": 4, "sweep_every": 0.05}
    base.update(kw)
    return ServerConfig(**base)


class Running:
    """A server running in its own process (so a test may kill it mid-hand, as a crash would):
    ``url``, ``ws_url``, ``http`` (the teacher's client), ``db`` (the same database, to read)."""

    def __init__(self, db_url: str, config: ServerConfig) -> None:
        self.db_url = db_url
        settings = {k: v for k, v in config.__dict__.items()}
        settings["teacher_token"] = TEACHER
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                str(HERE / "run_server.py"),
                db_url,
                json.dumps(settings),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line.startswith("port "):
            self.proc.kill()
            raise RuntimeError(f"the server did not start: {line}{self.proc.stderr.read() if self.proc.stderr else ''}")
        self.port = int(line.split()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"
        self.http = httpx.Client(base_url=self.url, headers={"authorization": f"Bearer {TEACHER}"}, timeout=10)
        deadline = time.monotonic() + 15
        while True:
            try:
                self.http.get("/")
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.proc.kill()
                    raise RuntimeError("the server did not answer") from None
                time.sleep(0.05)
        self.db = Database(db_url)

    def student(self, name: str) -> str:
        r = self.http.post("/api/students", json={"name": name})
        assert r.status_code == 201, r.text
        return str(r.json()["token"])

    def table(self, **kw: Any) -> str:
        r = self.http.post("/api/tables", json=kw)
        assert r.status_code == 201, r.text
        return str(r.json()["code"])

    def tables(self) -> dict[str, Any]:
        return {t["code"]: t for t in self.http.get("/api/tables").json()}

    def start(self, code: str) -> None:
        r = self.http.post(f"/api/tables/{code}/start")
        assert r.status_code == 200, r.text

    def log(self, code: str) -> list[tuple[str, str]]:
        """The table's action log as the database holds it: (seat, action) rows."""
        row = next(t for t in self.db.tables() if t["code"] == code)
        return [(a["seat"], a["action"]) for a in self.db.actions(row["id"])]

    def game(self, code: str, upto: int | None = None) -> list[el.Game]:
        """The table's game after each number of actions, replayed from the database."""
        row = next(t for t in self.db.tables() if t["code"] == code)
        rules = dataclasses.replace(el.Rules.preset(row["preset"]), points_to_win=row["points_to_win"])
        games = [el.Game(rules, seed=row["seed"], dealer=row["dealer"])]
        for _, action in self.log(code)[:upto]:
            games.append(games[-1].apply(action))
        return games

    def stop(self, kill: bool = False) -> None:
        """Stop the server: gently, or with SIGKILL (a crash: nothing is tidied up)."""
        self.http.close()
        if kill:
            self.proc.kill()
        else:
            self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
        for f in (self.proc.stdout, self.proc.stderr):
            if f is not None:
                f.close()
        self.db.close()


@contextmanager
def running(db_url: str, config: ServerConfig | None = None) -> Iterator[Running]:
    srv = Running(db_url, config or quick_config())
    try:
        yield srv
    finally:
        if srv.proc.poll() is None:
            srv.stop()


class Client:
    """One learner's websocket, with every message it got kept in ``seen``."""

    def __init__(self, ws_url: str) -> None:
        self._opened = connect(ws_url, open_timeout=5, close_timeout=2)
        self.ws: ClientConnection = self._opened.__enter__()
        self.seen: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(timeout=timeout))
        self.seen.append(msg)
        if msg.get("type") == "state":
            self.state = msg
        return msg

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no such message in {timeout} s; last: {self.seen[-3:]}")
            msg = self.recv(left)
            if pred(msg):
                return msg

    def quiet(self, wait: float = 0.3) -> list[dict[str, Any]]:
        """The messages that come within ``wait`` seconds (none, for a client left alone)."""
        out = []
        try:
            while True:
                out.append(self.recv(wait))
        except TimeoutError:
            return out

    def hello(self, token: str, table: str, seat: str | None = None) -> dict[str, Any]:
        msg: dict[str, Any] = {"type": "hello", "token": token, "table": table}
        if seat:
            msg["seat"] = seat
        self.send(msg)
        welcome = self.recv()
        assert welcome["type"] == "welcome", welcome
        self.until(lambda m: m["type"] == "state")
        return welcome

    def close(self) -> None:
        self._opened.__exit__(None, None, None)


def known_cards(hand: el.Hand, seat: el.Seat) -> set[str]:
    """Every card ``seat`` may see in ``hand`` (at its end, or at any point: the set only
    grows): its own dealt cards and what it holds, the upcard, the cards played to tricks."""
    out = {str(c) for c in hand.dealt(seat)} | {str(c) for c in hand.holding(seat)} | {str(hand.upcard)}
    for trick in hand.tricks:
        out |= {str(c) for c in trick.cards}
    if hand.current_trick is not None:
        out |= {str(c) for c in hand.current_trick.cards}
    for s, action in hand.history:  # a card it laid away itself (a discard, a railroad card)
        if s == seat and action.card is not None:
            out.add(str(action.card))
    return out


def cards_in(message: Any) -> set[str]:
    """Every card named anywhere in a message (keys and values, at any depth)."""
    return set(CARD.findall(json.dumps(message, ensure_ascii=False)))


def owed_thrown_in_hand(db: Database) -> tuple[int, int]:
    """A class, Ann at South of a table whose first hand was thrown in, her review owed in the
    database: the table's id and Ann's."""
    from euchre_learn.classroom.server.reviewer import owed_reviews

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
    return tid, ann
