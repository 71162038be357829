"""Faults at the class server: the server killed mid-hand and started again on the same
SQLite file; connections dropped and resumed; a seat left empty, played by the bot, and handed
back. No action is lost, and none is applied twice."""

from __future__ import annotations

import time

import euchre_learn as el

from .serverkit import Client, bot_script, quick_config, running

SEED, DEALER = "fault-hand", "E"


def _script(hands: int = 1) -> list[tuple[str, str]]:
    return bot_script(SEED, DEALER, hands)


def _seat_all(srv_url: str, tokens: dict[str, str], code: str) -> dict[str, Client]:
    clients = {}
    for seat, token in tokens.items():
        c = Client(srv_url)
        assert c.hello(token, code, seat)["seat"] == seat
        clients[seat] = c
    return clients


def _play(clients: dict[str, Client], script: list[tuple[str, str]], start: int, stop: int) -> None:
    for n in range(start, stop):
        seat, action = script[n]
        clients[seat].send({"type": "act", "action": action, "n": n})
        assert clients[seat].until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        for c in clients.values():
            c.until(lambda m, n=n: m["type"] == "state" and m["n"] == n + 1)


def test_a_killed_server_resumes_every_table_with_no_action_lost_or_doubled(db_url: str) -> None:
    db = db_url
    script = _script(hands=2)
    with running(db) as srv:
        code = srv.table(preset="standard", points_to_win=10, bot="standard", seed=SEED, dealer=DEALER)
        tokens = {seat: srv.student(f"learner {seat}") for seat in "NESW"}
        clients = _seat_all(srv.ws_url, tokens, code)
        srv.start(code)
        _play(clients, script, 0, 9)
        holding_before = {s: c.state["hand"]["holding"] for s, c in clients.items() if c.state}
        srv.stop(kill=True)  # SIGKILL: a crash, mid-hand, after action 9 was acknowledged
        for c in clients.values():
            c.close()

    with running(db) as srv:  # a new server on the same file
        clients = _seat_all(srv.ws_url, tokens, code)
        for seat, c in clients.items():
            assert c.state is not None and c.state["n"] == 9 and c.state["status"] == "playing"
            assert c.state["hand"]["holding"] == holding_before[seat]
        # the last action resent (as a client that never saw its ack would): acknowledged, not applied again
        seat, action = script[8]
        clients[seat].send({"type": "act", "action": action, "n": 8})
        ack = clients[seat].until(lambda m: m["type"] in ("ack", "error"))
        assert ack == {"type": "ack", "n": 8, "action": action, "duplicate": True}
        _play(clients, script, 9, 14)
        # action 14 sent, and the server killed before the client hears back: applied once or not at all
        seat, action = script[14]
        clients[seat].send({"type": "act", "action": action, "n": 14})
        time.sleep(0.05)
        srv.stop(kill=True)
        for c in clients.values():
            c.close()

    with running(db) as srv:
        clients = _seat_all(srv.ws_url, tokens, code)
        n = clients["N"].state["n"] if clients["N"].state else -1
        assert n in (14, 15)
        seat, action = script[14]
        clients[seat].send({"type": "act", "action": action, "n": 14})  # sent again after the crash
        ack = clients[seat].until(lambda m: m["type"] in ("ack", "error"))
        assert ack["type"] == "ack" and ack["n"] == 14 and ack.get("duplicate", False) == (n == 15)
        for c in clients.values():  # everyone at 15 (those who saw it at hello already are)
            if c.state is None or c.state["n"] != 15:
                c.until(lambda m: m["type"] == "state" and m["n"] == 15)
        _play(clients, script, 15, len(script))
        assert srv.log(code) == script  # every action once, in order, across two crashes
        assert clients["S"].state is not None and clients["S"].state["hand"]["number"] == 3
        for c in clients.values():
            c.close()


def test_a_dropped_connection_resumes_its_seat(db_url: str) -> None:
    script = _script()
    with running(db_url) as srv:
        code = srv.table(seed=SEED, dealer=DEALER)
        tokens = {seat: srv.student(f"learner {seat}") for seat in "NESW"}
        clients = _seat_all(srv.ws_url, tokens, code)
        srv.start(code)
        _play(clients, script, 0, 6)
        seat = script[6][0]
        before = clients[seat].state
        clients[seat].close()
        other = next(s for s in "NESW" if s != seat)
        gone = clients[other].until(lambda m: m["type"] == "state" and not m["players"][seat]["present"])
        assert gone["n"] == 6
        again = Client(srv.ws_url)
        assert again.hello(tokens[seat], code)["seat"] == seat  # no seat asked: the same one
        assert again.state is not None and before is not None
        assert again.state["hand"]["holding"] == before["hand"]["holding"]
        assert again.state["hand"]["legal"] == before["hand"]["legal"]
        clients[seat] = again
        _play(clients, script, 6, len(script))
        assert srv.log(code) == script
        for c in clients.values():
            c.close()


def test_an_empty_seat_is_played_by_the_bot_and_handed_back(db_url: str) -> None:
    config = quick_config(seat_timeout=0.3)
    script = _script()
    with running(db_url, config) as srv:
        code = srv.table(seed=SEED, dealer=DEALER)
        tokens = {seat: srv.student(f"learner {seat}") for seat in "NESW"}
        clients = _seat_all(srv.ws_url, tokens, code)
        srv.start(code)
        _play(clients, script, 0, 2)
        seat = script[2][0]
        clients.pop(seat).close()
        other = next(iter(clients.values()))
        taken = other.until(lambda m: m["type"] == "state" and m["players"][seat]["bot_playing"], timeout=10)
        assert not taken["players"][seat]["present"]
        moved = other.until(lambda m: m["type"] == "state" and m["n"] == 3, timeout=10)  # the bot acted for it
        assert moved["hand"]["to_act"] != seat
        row = srv.db.actions(next(t["id"] for t in srv.db.tables() if t["code"] == code))[2]
        assert row["seat"] == seat and row["by_bot"] is True and row["student_id"] is None
        back = Client(srv.ws_url)
        back.hello(tokens[seat], code)
        assert back.state is not None
        assert back.state["players"][seat] == {
            "kind": "learner",
            "name": f"learner {seat}",
            "present": True,
            "bot_playing": False,
        }
        # the bot no longer plays the seat: when its turn comes, the learner is asked
        clients[seat] = back
        game = el.Game(el.Rules.preset("standard"), seed=SEED, dealer=DEALER)
        for _, action in srv.log(code):
            game = game.apply(action)
        n = len(srv.log(code))
        while str(game.to_act) != seat:
            who = str(game.to_act)
            action = str(game.legal_actions()[0])
            clients[who].send({"type": "act", "action": action, "n": n})
            clients[who].until(lambda m: m["type"] == "ack")
            game = game.apply(action)
            n += 1
        mine = back.until(lambda m, n=n: m["type"] == "state" and m["n"] == n)
        assert mine["hand"]["to_act"] == seat and mine["hand"]["legal"]
        assert back.quiet(0.5) == [] and len(srv.log(code)) == n  # nobody plays for the learner now
        for c in clients.values():
            c.close()
