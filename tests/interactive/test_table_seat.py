"""The seat at a class table without a server (interactive/table/seat.py, seat_html.py,
seat_widget.py): a stand-in connection whose "server" is the engine and the real view function,
so what the model sees is exactly what the class server would send. The server itself, and
el.table.join over the network, are tested in tests/classroom/server/test_server_join.py."""

from __future__ import annotations

import queue
from typing import Any

import euchre_learn as el
from euchre_learn.classroom.server.view import seat_view
from euchre_learn.interactive.table.seat import SeatTable
from euchre_learn.interactive.table.seat_widget import SeatWidget


class Stand:
    """A connection to a pretend server: every message sent is answered at once as the class
    server would (the engine checks it; ``ack`` then a ``state`` to this seat); ``lose``
    drops the next message sent, as a connection dying under it would, and says it is back."""

    def __init__(self, seat: str = "S", seed: int = 4) -> None:
        self.seat, self.name = seat, "Ann"
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.game = el.Game(seed=seed, dealer="W")
        self.n = 0
        self.sent: list[dict[str, Any]] = []
        self.lose = False
        self.bot = el.bots.get("standard", seed=1)
        self.run_bots()
        self.push()

    def push(self) -> None:
        self.inbox.put(seat_view(self.game, el.Seat.parse(self.seat), n=self.n))

    def run_bots(self) -> None:
        while self.game.winner is None and str(self.game.to_act) != self.seat:
            self.game = self.game.apply(self.bot.act(self.game))
            self.n += 1

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)
        if self.lose:
            self.lose = False
            self.inbox.put({"type": "connection", "state": "back", "message": "Back at the table."})
            return
        if message["n"] < self.n:  # sent again: acknowledged as a duplicate, never applied twice
            self.inbox.put({"type": "ack", "n": message["n"], "action": message["action"], "duplicate": True})
            self.push()
            return
        try:
            self.game = self.game.apply(message["action"])
        except el.IllegalActionError as err:
            self.inbox.put({"type": "error", "code": "illegal", "message": str(err), "ref": "act"})
            return
        self.inbox.put({"type": "ack", "n": self.n, "action": message["action"]})
        self.n += 1
        self.run_bots()
        self.push()


def test_a_choice_goes_to_the_server_and_a_refusal_changes_nothing() -> None:
    conn = Stand()
    t = SeatTable(conn, timeout=2)
    t.update()
    assert t.my_turn and t.hand["held"] == {"N": 5, "E": 5, "S": 5, "W": 5}
    before = (t.state, t.hand["holding"])
    assert t.act("play A♠") is False  # bidding: the engine's explanation comes back
    assert t.error and (t.state, t.hand["holding"]) == before
    assert t.act(t.legal_actions()[0]) is True and t.error is None
    assert conn.sent[-1]["n"] == before[0]["n"]


def test_a_choice_sent_across_a_drop_is_sent_again_with_its_number() -> None:
    conn = Stand()
    t = SeatTable(conn, timeout=2)
    t.update()
    n = t.state["n"] if t.state else None
    conn.lose = True
    assert t.act("pass") is True
    assert [m["n"] for m in conn.sent] == [n, n]  # the same number twice: the server applies it once
    assert t.state is not None and t.state["n"] > (n or 0)


def test_the_widget_shows_only_the_seats_own_cards_and_plays_them_from_the_felt() -> None:
    conn = Stand(seed=9)
    w = SeatWidget(SeatTable(conn, timeout=2))

    def hidden() -> set[str]:  # the cards the other seats hold now
        hand = conn.game.hand
        return {str(c) for s in el.Seat if s != el.Seat.S for c in hand.holding(s)}

    assert not any(f'data-card="{c}"' in w.board.value for c in hidden())
    while w.seat.hand["phase"] != "PLAY" and w.seat.my_turn:  # bid: the first button, as a click
        w.action_buttons[0].click()
    assert w.seat.my_turn and w.seat.hand["phase"] == "PLAY"  # this deal: South passes, South plays
    playable = [c for c in w.board.cards if c["legal"]]
    held = len(w.seat.hand["holding"])
    w.board.pick = {"card": playable[0]["card"], "token": w.board.token, "n": 1}
    assert len(w.seat.hand["holding"]) == held - 1
    assert conn.sent[-1]["action"] == f"play {playable[0]['card']}"
    assert w.message.value == ""
    assert not any(f'data-card="{c}"' in w.board.value for c in hidden())
