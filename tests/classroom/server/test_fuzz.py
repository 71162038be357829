"""Fuzz the class server (issue 34 item 12): random and structured garbage at its websocket and
its HTTP routes, on SQLite and PostgreSQL. Wrong JSON types, huge strings, odd unicode (lone
surrogates, NUL), missing fields, messages out of order, actions for another seat, replays,
unknown tables and tokens each get a clear error (a 4xx JSON error; on the websocket an
``error`` message, the connection kept or closed cleanly), change nothing in the database or
at the tables, and leave no traceback in the server's log. The harness is serverfuzz.py; the
budget is ``EUCHRE_FUZZ_EXAMPLES`` (``make fuzz`` runs ten times the default).

The structured tests at the end keep one test for each defect the fuzz found."""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import strategies as st

import euchre_learn as el

from . import serverfuzz as sf
from .serverkit import TEACHER, Client, Running, quick_config, running

SEED, DEALER = "fuzz", "N"


class Arena:
    """A server with one table in play, a learner at every seat (so nothing moves unless a
    learner acts), a table still waiting with a learner at it, and a connection that has not
    said hello."""

    def __init__(self, srv: Running) -> None:
        self.srv = srv
        self.log = sf.ServerLog(srv)
        self.code = srv.table(seed=SEED, dealer=DEALER, points_to_win=100)
        self.waiting = srv.table(seed="waiting", dealer="S")
        self.tokens = {seat: srv.student(f"Fuzz {seat}") for seat in "NESW"}
        self.spare = srv.student("Fuzz spare")  # a real token with no seat
        self.seats = {
            seat: sf.Socket(srv, {"type": "hello", "token": tok, "table": self.code, "seat": seat})
            for seat, tok in self.tokens.items()
        }
        srv.start(self.code)
        self.stranger = sf.Socket(srv)
        # the spare learner waits at the table not started (acts there are refused: not_started)
        self.idle = sf.Socket(srv, {"type": "hello", "token": self.spare, "table": self.waiting, "seat": "S"})
        self.drain()

    def as_stranger(self, value: Any) -> tuple[str, str | None]:
        """Send from the connection that has not said hello; if it was let in, it is closed and
        a new one opened, so that it stays a stranger."""
        outcome = sf.send_frame(self.stranger, value)
        if any(m.get("type") == "welcome" for m in self.stranger.last):
            self.stranger.close()
            self.stranger = sf.Socket(self.srv)
            sf.settled(self.srv)
        return outcome

    def drain(self) -> None:
        for s in self.seats.values():
            s.drain()

    def game(self) -> el.Game:
        return self.srv.game(self.code)[-1]

    def n(self) -> int:
        return len(self.srv.log(self.code))

    def to_act(self) -> sf.Socket:
        return self.seats[str(self.game().to_act)]

    def not_to_act(self) -> sf.Socket:
        return self.seats[str(self.game().to_act.left)]

    def close(self) -> None:
        for s in (*self.seats.values(), self.stranger, self.idle):
            s.close()


@pytest.fixture(scope="module")
def arena(module_db_url: str) -> Iterator[Arena]:
    # no rate limit here (the flood has its own test): every input is read
    with running(module_db_url, quick_config(rate=1e6, burst=1e6, flood_limit=10**9)) as srv:
        a = Arena(srv)
        yield a
        a.close()
        assert sf.log_problem(a.log.new()) is None, a.log.text


def _check(stats: sf.Stats, what: str) -> None:
    print(
        f"{what}: {stats.tried} inputs, {stats.accepted} accepted, {stats.clear} refused clearly, {len(stats.leaks)} leaks"
    )
    assert stats.leaks == [], "\n".join(f"{name}({value}): {problem}" for name, value, problem in stats.leaks)


ACTIONS = ["pass", "order up", "order up alone", "call ♥", "call hearts alone", "discard 9♣", "play J♠", "play 10♥",
           "defend alone", "give A♠", "take", "decline", "name ♥", "dance a jig", "PASS", "play", "play J♠ J♠"]  # fmt: skip


def _socket_targets(a: Arena) -> list[sf.Target]:
    tokens = [*a.tokens.values(), a.spare, TEACHER, "forged-token"]
    tables = [a.code, a.code.lower(), a.waiting, "ZZZZZ", a.code + " "]
    msgs = sf.messages(tokens, tables, ACTIONS)
    fixed_msgs: list[Any] = [
        {"type": "hello"},
        {"type": "hello", "token": a.spare, "table": a.code},  # the table is full
        {"type": "hello", "token": a.spare, "table": "ZZZZZ"},  # no such table
        {"type": "hello", "token": "\udcff", "table": a.code},
        {"type": "hello", "token": "x\x00", "table": a.code},
        {"type": "hello", "token": a.spare, "table": "\udcff"},
        {"type": "hello", "token": a.spare, "table": a.code, "seat": "\udcff"},
        {"type": "act"},
        {"type": "act", "action": "pass", "n": -1},
        {"type": "act", "action": "pass", "n": 10**30},
        {"type": "act", "action": "\udcff"},
        {"type": "act", "action": "play \x00"},
        {"type": "act", "action": ["pass"]},
        {"type": "answers", "answers": [{"key": "\udcff", "topic": "t", "correct": True, "at": 1}]},
        {"type": "answers", "answers": [{"key": "k\x00", "topic": "t", "correct": True, "at": 1}]},
        {"type": "answers", "answers": [{"key": "k", "topic": "t\x00", "correct": True, "at": 1}]},
        {"type": "answers", "answers": [{"key": "k", "topic": "t", "correct": True, "at": 1, "situation": "\udcff"}]},
        {"type": "answers", "answers": [{"key": "k", "topic": "t", "correct": True, "at": 1}] * 501},
        {"type": "answers", "answers": {"key": "k"}},
        {"type": "reviews", "extra": "\udcff"},
        {"type": "\udcff"},
        {"type": "x" * 10_000},
    ]
    return [
        sf.Target(
            "ws frame (no hello)",
            st.one_of(st.text(max_size=60), st.binary(max_size=60)),
            a.as_stranger,
            list(sf.RAW_FRAMES),
        ),
        sf.Target("ws message (no hello)", msgs, a.as_stranger, fixed_msgs),
        sf.Target("ws message (the seat to act)", msgs, lambda v: sf.send_frame(a.to_act(), v), fixed_msgs),
        sf.Target("ws message (another seat)", msgs, lambda v: sf.send_frame(a.not_to_act(), v), fixed_msgs),
        sf.Target("ws message (a table not started)", msgs, lambda v: sf.send_frame(a.idle, v), fixed_msgs),
        sf.Target(
            "ws frame (the seat to act)",
            st.one_of(st.text(max_size=60), st.binary(max_size=60)),
            lambda v: sf.send_frame(a.to_act(), v),
            list(sf.RAW_FRAMES),
        ),
    ]


def _play(a: Arena, value: tuple[int, int, bool, int]) -> tuple[str, str | None]:
    """A structured act from the table as it is: ``who`` (0: the seat to act, 1-3 the others),
    ``pick`` (a legal action by index, or an illegal one: another seat's card), ``replay`` (the
    last action logged, sent again with its own number), ``dn`` (the state number's offset)."""
    who, pick, replay, dn = value
    game = a.game()
    seat = game.to_act
    for _ in range(who):
        seat = seat.left
    n = a.n()
    if replay and n:
        s, action = a.srv.log(a.code)[-1]
        return sf.send_frame(a.seats[s], {"type": "act", "action": action, "n": n - 1})
    legal = [str(x) for x in game.hand.legal_actions()]
    if pick < len(legal) * 2:
        action = legal[pick % len(legal)]
    else:  # a card of another seat
        other = game.hand.holding(seat.partner)
        action = f"play {other[pick % len(other)]}" if other else "pass"
    return sf.send_frame(a.seats[str(seat)], {"type": "act", "action": action, "n": max(0, n + dn)})


def test_the_websocket_takes_garbage_calmly(arena: Arena) -> None:
    total = sf.Stats()
    for target in _socket_targets(arena):
        stats = sf.fuzz(target, arena.srv, arena.log)
        arena.drain()
        total.add(stats)
    _check(total, "websocket")
    assert total.clear > total.accepted


def test_acts_out_of_turn_out_of_order_and_replayed(arena: Arena) -> None:
    """Structured acts: from every seat, legal and not, at the state's number, an old one or a
    future one, and the last action sent again (a duplicate, acknowledged once)."""
    values = st.tuples(st.integers(0, 3), st.integers(0, 40), st.booleans(), st.sampled_from([0, 0, 0, -1, -5, 1, 7]))
    target = sf.Target("ws act (structured)", values, lambda v: _play(arena, v), [(0, 0, True, 0), (1, 0, False, 0)])
    stats = sf.fuzz(target, arena.srv, arena.log, examples=4 * sf.budget())
    arena.drain()
    _check(stats, "structured acts")
    assert stats.accepted > 0 and stats.clear > 0


# --- HTTP --------------------------------------------------------------------------------------

ROUTES = [
    ("GET", "/"), ("GET", "/teacher"), ("POST", "/teacher/tables"), ("POST", "/teacher/tables/{code}/start"),
    ("POST", "/teacher/students"), ("GET", "/teacher/progress.csv"), ("GET", "/api/tables"),
    ("POST", "/api/tables"), ("POST", "/api/tables/{code}/start"), ("GET", "/api/students"),
    ("POST", "/api/students"), ("POST", "/api/students/{name}/token"), ("GET", "/api/progress"),
    ("POST", "/api/answers"), ("GET", "/api/me"), ("DELETE", "/api/tables"), ("PUT", "/api/students"),
    ("GET", "/api/nothing-here"), ("GET", "/ws"),
]  # fmt: skip

SAFE_TEXT = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=30)
"""What a header may hold."""


def _http_targets(a: Arena) -> list[sf.Target]:
    srv = a.srv
    auth = st.sampled_from(["teacher", "student", "none", "forged", "odd"])
    path_part = st.one_of(sf.TEXT, st.sampled_from(["ZZZZZ", a.code.lower(), "..", "%2e%2e", "%00", "%ED%B3%BF"]))
    body = st.one_of(
        sf.JSON.map(lambda v: ("json", v)),
        st.fixed_dictionaries(
            {},
            optional={
                "name": sf.JSON,
                "preset": st.one_of(sf.JSON, st.sampled_from(["standard", "seed-000", "uk"])),
                "points_to_win": st.one_of(sf.JSON, st.integers(-5, 200)),
                "bot": st.one_of(sf.JSON, st.sampled_from(["standard", "expert", "grandmaster"])),
                "seed": sf.JSON,
                "dealer": st.one_of(sf.JSON, st.sampled_from(["N", "x", "west"])),
                "answers": sf.answer_events(),
            },
        ).map(lambda v: ("json", v)),
        st.binary(max_size=80).map(lambda v: ("raw", v)),
        st.dictionaries(SAFE_TEXT, sf.TEXT, max_size=3).map(lambda v: ("form", v)),
    )
    query = st.dictionaries(st.sampled_from(["from", "to", "token", "x"]), SAFE_TEXT | sf.TEXT, max_size=2)
    requests = st.tuples(st.sampled_from(ROUTES), path_part, auth, body, query)

    def send(value: Any) -> tuple[str, str | None]:
        (method, path), part, who, (kind, payload), params = value
        segment = urllib.parse.quote(part.encode("utf-8", "surrogatepass"), safe="") if part else "ZZZZZ"
        path = path.replace("{code}", segment).replace("{name}", segment)
        headers = {
            "teacher": {"authorization": f"Bearer {TEACHER}"},
            "student": {"authorization": f"Bearer {a.spare}"},
            "none": {},
            "forged": {"authorization": "Bearer forged"},
            "odd": {"authorization": "Bearer", "cookie": "euchre_teacher=\x7f"},
        }[who]
        if kind == "json":
            try:
                content = json.dumps(payload).encode("utf-8", "surrogatepass")
            except ValueError:
                content = b"{}"
            headers = {**headers, "content-type": "application/json"}
        elif kind == "form":
            content = urllib.parse.urlencode(payload, encoding="utf-8", errors="surrogatepass").encode()
            headers = {**headers, "content-type": "application/x-www-form-urlencoded"}
        else:
            content = payload
        try:
            params_safe = {k: v.encode("utf-8", "surrogatepass").decode("utf-8", "replace") for k, v in params.items()}
            r = httpx.request(method, srv.url + path, headers=headers, content=content, params=params_safe, timeout=15)
        except httpx.InvalidURL:
            return "clear", None  # the client would not send it
        return sf.judge_http(path, r)

    fixed = [
        (("POST", "/api/students"), "", "teacher", ("json", {"name": "a\udcffb"}), {}),
        (("POST", "/api/students"), "", "teacher", ("json", {"name": "a\x00b"}), {}),
        (("POST", "/api/students"), "", "teacher", ("json", {"name": "x" * 101}), {}),
        (("POST", "/api/tables"), "", "teacher", ("json", {"seed": "\udcff"}), {}),
        (("POST", "/api/tables"), "", "teacher", ("json", {"seed": "s\x00"}), {}),
        (("POST", "/api/tables"), "", "teacher", ("json", {"seed": "x" * 100_000}), {}),
        (("POST", "/api/tables"), "", "teacher", ("json", {"dealer": "\udcff"}), {}),
        (("POST", "/api/tables"), "", "teacher", ("json", {"points_to_win": 10**30}), {}),
        (("POST", "/api/tables"), "", "teacher", ("raw", b"[" * 100_000), {}),
        (("POST", "/api/tables"), "", "teacher", ("raw", b"x" * 300_000), {}),
        (
            ("POST", "/api/answers"),
            "",
            "student",
            ("json", {"answers": [{"key": "\udcff", "topic": "t", "correct": True, "at": 1}]}),
            {},
        ),
        (
            ("POST", "/api/answers"),
            "",
            "student",
            ("json", {"answers": [{"key": "k\x00", "topic": "t", "correct": True, "at": 1}]}),
            {},
        ),
        (("POST", "/teacher/students"), "", "teacher", ("form", {"name": "a\x00b"}), {}),
        (("POST", "/teacher/tables"), "", "teacher", ("form", {"points": "9" * 5000}), {}),
        (("POST", "/teacher/tables"), "", "teacher", ("form", {"preset": "\x00"}), {}),
        (("GET", "/teacher/progress.csv"), "", "teacher", ("raw", b""), {"from": "2026-02-30"}),
        (("GET", "/api/progress"), "", "teacher", ("raw", b""), {"to": "\udcff"}),
        (("POST", "/api/students/{name}/token"), "\x00", "teacher", ("raw", b""), {}),
    ]
    return [sf.Target("http", requests, send, fixed)]


def test_the_http_routes_take_garbage_calmly(arena: Arena) -> None:
    total = sf.Stats()
    for target in _http_targets(arena):
        total.add(sf.fuzz(target, arena.srv, arena.log, examples=4 * sf.budget()))
    _check(total, "http")
    assert total.clear > 0 and total.accepted > 0


# --- one test for each defect the fuzz found ---------------------------------------------------


def test_odd_text_in_a_message_is_refused_by_name(arena: Arena) -> None:
    """A lone surrogate (JSON's "\\udcff") or a NUL in a token, a code, a name or an answer was
    taken into the database's driver: the websocket died with a traceback (a token), an answer
    was a 500, a name's error was the codec's ('surrogates not allowed'), and PostgreSQL refused
    a NUL with a 500 where SQLite stored it. Now each is a clear error naming the field."""
    c = Client(arena.srv.ws_url)
    try:
        c.send({"type": "hello", "token": "\udcff", "table": arena.code})
        err = c.until(lambda m: m["type"] == "error")
        assert err["code"] == "bad_text" and '"token"' in err["message"], err
        c.send({"type": "ping"})
        assert c.until(lambda m: True)["type"] == "pong"  # the connection is kept
    finally:
        c.close()
    srv = arena.srv
    before = sf.snapshot(srv)
    for body, field in (
        ({"name": "a\udcffb"}, "name"),
        ({"name": "a\x00b"}, "name"),
    ):
        r = srv.http.post("/api/students", content=json.dumps(body), headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["code"] == "bad_text", r.text
        assert f'"{field}"' in r.json()["message"] and "surrogates" not in r.json()["message"]
    r = srv.http.post("/api/tables", content=json.dumps({"seed": "\udcff"}))
    assert r.status_code == 400 and '"seed"' in r.json()["message"], r.text
    event = {"key": "\udcff", "topic": "t", "correct": True, "at": 1}
    r = httpx.post(
        srv.url + "/api/answers",
        content=json.dumps({"answers": [event]}),
        headers={"authorization": f"Bearer {arena.spare}"},
    )
    assert r.status_code == 400 and "answer 1" in r.json()["message"] and '"key"' in r.json()["message"], r.text
    r = srv.http.post("/teacher/students", data={"name": "a\x00b"})
    assert r.status_code == 400 and "name" in r.text
    assert sf.snapshot(srv) == before
    assert sf.log_problem(arena.log.new()) is None


def test_a_seed_longer_than_the_database_keeps_is_refused(arena: Arena) -> None:
    """A table's seed of 100,000 characters was a 500 on PostgreSQL (its column keeps 80) and
    stored whole on SQLite: now a 400 on both that says how long a seed may be."""
    before = sf.snapshot(arena.srv)
    r = arena.srv.http.post("/api/tables", json={"seed": "x" * 100_000})
    assert r.status_code == 400 and "at most 80" in r.json()["message"] and len(r.text) < 300, r.text
    assert arena.srv.http.post("/api/tables", json={"seed": "x" * 81}).status_code == 400
    assert sf.snapshot(arena.srv) == before
    assert sf.log_problem(arena.log.new()) is None


def test_a_huge_input_is_not_echoed_whole(arena: Arena) -> None:
    """The error for a name, a date, a preset, a bot or a field name 5,000 to 17,000 characters
    long repeated it whole (found at EUCHRE_FUZZ_EXAMPLES=600): now each quotes a short prefix."""
    srv, big = arena.srv, "x" * 17_000
    answers = {"answers": [{big: "a\x00b", "key": "k", "topic": "t", "correct": True, "at": 1}]}
    replies = [
        srv.http.post(f"/api/students/{big[:5000]}/token"),
        srv.http.get("/api/progress", params={"to": big[:5000]}),
        srv.http.post("/api/tables", json={"bot": big}),
        srv.http.post("/api/tables", json={"preset": big}),
        srv.http.post("/api/tables", json={big: {"deeper": "\x00"}}),
        httpx.post(srv.url + "/api/answers", json=answers, headers={"authorization": f"Bearer {arena.spare}"}),
    ]
    for r in replies:
        assert 400 <= r.status_code < 500 and r.json()["type"] == "error", r.text[:300]
        assert "xxxxxxxxxx" in r.json()["message"] and len(r.json()["message"]) < 400, r.json()["message"][:500]
    assert sf.log_problem(arena.log.new()) is None


def test_a_wrong_address_or_method_under_api_is_a_json_error(arena: Arena) -> None:
    """A program that asked the wrong address or method under /api/ got Starlette's plain
    'Not Found' / 'Method Not Allowed': now the API's JSON error, naming what there is."""
    r = arena.srv.http.get("/api/nothing-here")
    assert r.status_code == 404 and r.json()["code"] == "no_route" and "/api/tables" in r.json()["message"]
    r = arena.srv.http.delete("/api/tables")
    assert r.status_code == 405 and r.json()["code"] == "bad_method", r.text
    assert "GET" in r.json()["message"] and "POST" in r.headers["allow"]
    r = arena.srv.http.get("/no-such-page")  # a person's address: plain words, as before
    assert r.status_code == 404 and r.text == "Not Found"


def test_the_harness_tells_a_leak_from_a_clear_refusal() -> None:
    """The judges can fail: a 500, an HTML 4xx from the API, a drop without a word, a long error."""
    request = httpx.Request("GET", "http://x/api/tables")
    assert sf.judge_http("/api/tables", httpx.Response(500, text="Internal Server Error", request=request))[0] == "leak"
    assert sf.judge_http("/api/tables", httpx.Response(400, text="<html>", request=request))[0] == "leak"
    ok = httpx.Response(400, json={"type": "error", "code": "x", "message": "why"}, request=request)
    assert sf.judge_http("/api/tables", ok) == ("clear", None)
    assert sf.judge_socket([], 1011)[0] == "leak"
    assert sf.judge_socket([], 1006)[0] == "leak"
    assert sf.judge_socket([], sf.NO_ANSWER)[0] == "leak"
    assert (
        sf.judge_socket([{"type": "error", "code": "flood", "message": "the connection is closed"}], 1008)[0] == "clear"
    )
    assert sf.judge_socket([{"type": "error", "code": "x", "message": "y" * 5000}], None)[0] == "leak"
    assert sf.judge_socket([{"type": "error", "code": "x"}], None)[0] == "leak"
    assert sf.judge_socket([{"type": "ack"}], None) == ("accepted", None)
    assert sf.log_problem("INFO: fine\n") is None
    assert sf.log_problem("ERROR:    Exception in ASGI application\nTraceback (most recent call last):") is not None


def test_a_running_server_is_reachable(arena: Arena) -> None:
    """The arena is what the fuzz thinks it is: four learners seated, the table in play."""
    table = arena.srv.tables()[arena.code]
    assert table["status"] == "playing"
    assert all(p["kind"] == "learner" for p in table["players"].values())
    waiting = arena.srv.tables()[arena.waiting]
    assert waiting["status"] == "waiting" and waiting["players"]["S"]["kind"] == "learner"
