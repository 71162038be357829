"""The leak test: hundreds of hands at the class server, bots as clients (each sees only what
the server sends it and plays a random legal action), and no message to a seat ever names a
card that seat may not see at that moment: another seat's hidden cards, the kitty, the cards
laid away, a bot's thinking; nor the record of a finished hand each seat is sent to keep."""

from __future__ import annotations

import asyncio
import json
import random
import time
import zlib
from typing import Any

from websockets.asyncio.client import connect

import euchre_learn as el

from .serverkit import cards_in, known_cards, quick_config, running

PRESETS = ("standard", "railroad", "uk", "defend-alone", "uk-deuce", "stick-the-dealer", "canadian-loner", "seed-000")
TABLES = 10
HANDS = 20
"""Hands each table plays (the clients leave then); points_to_win is out of reach (100)."""
MIN_HANDS = 200


async def _bot_client(ws_url: str, token: str, code: str, seat: str, seed: int, inbox: list[Any]) -> None:
    rng = random.Random(seed)
    async with connect(ws_url, open_timeout=5) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "table": code, "seat": seat}))
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 30))
            inbox.append(msg)
            assert msg["type"] != "error", msg
            if msg["type"] != "state":
                continue
            if msg["status"] == "over" or msg["hand"]["number"] > HANDS:
                return
            legal = msg["hand"].get("legal")
            if legal and msg["status"] == "playing":
                await ws.send(json.dumps({"type": "act", "action": rng.choice(legal), "n": msg["n"]}))


def test_no_message_names_a_card_its_seat_may_not_see(tmp_path: Any) -> None:
    started = time.monotonic()
    with running(f"sqlite:///{tmp_path / 'class.sqlite3'}", quick_config()) as srv:
        plan = []  # (code, seat, token): two learners and two bots at every table, the seats taking turns
        for t in range(TABLES):
            code = srv.table(preset=PRESETS[t % len(PRESETS)], points_to_win=100, bot="standard", seed=f"leak{t}")
            seats = ("NE", "SW", "NW", "ES", "NS")[t % 5]
            for s in seats:
                plan.append((code, s, srv.student(f"learner {t}{s}")))
        inboxes: dict[tuple[str, str], list[Any]] = {(c, s): [] for c, s, _ in plan}

        async def play() -> None:
            tasks = [
                asyncio.create_task(_bot_client(srv.ws_url, tok, c, s, zlib.crc32(f"{c}{s}".encode()), inboxes[(c, s)]))
                for c, s, tok in plan
            ]
            await asyncio.sleep(0.3)  # everyone seated
            for code in {c for c, _, _ in plan}:
                await asyncio.to_thread(srv.start, code)
            await asyncio.wait_for(asyncio.gather(*tasks), 120)

        asyncio.run(play())
        games = {code: srv.game(code) for code in {c for c, _, _ in plan}}

    hands = 0
    checked = records = 0
    for code, per_n in games.items():
        hands += len(per_n[-1].hands)
        for (c, seat_letter), inbox in inboxes.items():
            if c != code:
                continue
            seat = el.Seat.parse(seat_letter)
            for msg in inbox:
                if msg["type"] == "welcome":
                    assert not cards_in(msg)
                    continue
                if msg["type"] == "record":  # a finished hand, for the learner to keep
                    done = per_n[-1].hands[msg["hand"] - 1]
                    leaked = cards_in(msg) - known_cards(done, seat)
                    assert not leaked, f"table {code}: {seat_letter} was sent {sorted(leaked)} in {msg}"
                    records += 1
                    continue
                if msg["type"] == "ack":  # the action it took, in the hand before it
                    hand = per_n[msg["n"]].hand
                    leaked = cards_in(msg) - known_cards(hand, seat)
                    assert not leaked, f"table {code}: {seat_letter} was sent {sorted(leaked)} in {msg}"
                    checked += 1
                    continue
                assert msg["type"] == "state", msg
                game = per_n[msg["n"]]
                # the state shows the hand in play (the last one, once the game is won) and the one
                # before; each is checked on its own, since the same cards are dealt again every hand
                if game.winner is not None:
                    shown, before = game.hands[-1], (game.hands[-2] if len(game.hands) > 1 else None)
                else:
                    shown, before = game.hand, (game.hands[-1] if game.hands else None)
                parts = {"hand": shown, "last_hand": before}
                for key, part in parts.items():
                    if part is None:
                        assert msg[key] is None
                        continue
                    leaked = cards_in(msg[key]) - known_cards(part, seat)
                    assert not leaked, f"table {code}: {seat_letter} was sent {sorted(leaked)} in {key} of {msg}"
                rest = {k: v for k, v in msg.items() if k not in parts}
                assert not cards_in(rest), rest
                assert msg["seat"] == seat_letter
                assert sorted(msg["hand"]["holding"]) == sorted(str(x) for x in shown.holding(seat))
                checked += 1
    print(f"{hands} hands, {checked} messages checked in {time.monotonic() - started:.1f} s")
    assert hands >= MIN_HANDS, f"only {hands} hands were played"
    assert checked > 20 * hands
    assert records >= hands, f"only {records} hand records were checked for {hands} hands"
