"""The seat at a class table without a server (interactive/seat/model.py, html.py,
widget.py): a stand-in connection whose "server" is the engine and the real view function,
so what the model sees is exactly what the class server would send. The server itself, and
el.table.join over the network, are tested in tests/classroom/server/test_join.py."""

from __future__ import annotations

import queue
from typing import Any

import euchre_learn as el
from euchre_learn.classroom.server.view import seat_view
from euchre_learn.interactive.seat.model import SeatTable
from euchre_learn.interactive.seat.widget import SeatWidget


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

    def hidden() -> set[str]:  # the cards the other seats hold now, but the upcard, which everyone saw
        hand = conn.game.hand
        return {str(c) for s in el.Seat if s != el.Seat.S for c in hand.holding(s)} - {str(hand.upcard)}

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


def test_the_keeper_files_the_learners_own_decisions_once_and_refuses_a_broken_record(tmp_path: Any) -> None:
    """SeatKeeper (interactive/seat/keeper.py) on the messages the class server sends after
    a hand: the hand is saved as one of the learner's games; the decisions are filed, but not a
    forced one nor one the table's bot played while the learner was away; the same messages
    again change nothing; a record that does not replay is refused and noted."""
    from euchre_learn.classroom.server.review_message import review_hand
    from euchre_learn.classroom.server.view import keepsake
    from euchre_learn.interactive.seat.keeper import SeatKeeper
    from euchre_learn.learner.progress import Progress
    from euchre_learn.learner.saved_games import saved_games

    hand = el.Hand.deal("N", seed=21)
    bot = el.bots.get("standard", seed=2)
    while not hand.is_over:
        hand = hand.apply(bot.act(hand))
    sent = {"type": "record", "game": "class-TEST1-0", "hand": 1, "score": {"NS": 2, "EW": 5}, "preset": "standard"}
    sent |= keepsake(hand, el.Seat.S, 1)
    mine = [i for i, (s, _a) in enumerate(hand.history) if s == el.Seat.S]
    review = {
        **review_hand(hand.to_record(), "S", "keep", 4, by_bot=mine[:1]),
        "game": "class-TEST1-0",
        "hand": 1,
        "table": "TEST1",
    }
    keeper = SeatKeeper(Progress(tmp_path / "learner.sqlite3"))
    assert keeper.take_record(sent)
    filed = keeper.take_review(review)
    want = [d for d in review["decisions"] if not d["forced"] and not d["by_bot"]]
    assert filed == len(want) and len(review["decisions"]) > len(want)
    assert sorted(r.index for r in keeper.store.decisions()) == sorted(d["index"] for d in want)
    assert mine[0] not in {r.index for r in keeper.store.decisions()}  # the bot's, not the learner's
    (game,) = saved_games(keeper.store)
    assert game.id == "class-TEST1-0" and game.learner == el.Seat.S and game.records[0]["score"] == {"NS": 2, "EW": 5}
    # again (a reconnect): nothing new
    assert not keeper.take_record(sent)
    assert keeper.take_review(review) == 0
    assert len(keeper.store.hands()) == 1
    assert game.hands[0].dealt(el.Seat.S) == hand.dealt(el.Seat.S)
    # the coach judges on what the seat knew: the kept hand, stand-ins and all, is reviewed the same
    kept = {k: v for k, v in game.records[0].items() if k != "score"}  # the server reviewed the hand alone
    again = el.review(kept, seat="S", worlds=4, seed="keep")
    assert [(d.index, d.grade, round(d.loss, 3)) for d in again.decisions] == [
        (d["index"], d["grade"], d["loss"]) for d in review["decisions"]
    ]
    # a record that does not make a hand is noted, never saved
    broken = {**sent, "hand": 2, "dealt": sent["dealt"][:4]}
    assert not keeper.take_record(broken)
    assert keeper.problems and "hand 2" in keeper.problems[-1]
    assert len(keeper.store.hands()) == 1


def test_a_table_the_teacher_paused_or_closed_says_so_and_offers_nothing() -> None:
    conn = Stand()
    t = SeatTable(conn)
    t.update()
    assert t.my_turn and t.choices()
    for status, words in (("paused", "paused the table"), ("closed", "closed this table")):
        conn.inbox.put({**seat_view(conn.game, el.Seat.S, n=conn.n, status=status)})
        t.update()
        assert t.status == status and not t.my_turn and t.choices() == [] and t.card_choices() == []
        assert words in t.status_text()


def test_after_a_hand_the_status_line_says_how_it_ended_as_the_bot_table_does() -> None:
    """Until hand 2's first bid, the status line says how hand 1 ended, in the bot table's words
    ('East-West made it and score 1.', 'North-South were euchred; …', 'Thrown in: …')."""
    from euchre_learn.interactive.table.words import hand_result

    bot = el.bots.get("standard", seed=1)
    played = el.Game(seed=4, dealer="W")
    while not played.hands:
        played = played.apply(bot.act(played))
    thrown = el.Game(el.Rules.preset("standard").replace(stick_the_dealer=False), seed=4, dealer="W")
    for _ in range(8):  # all four pass, twice
        thrown = thrown.apply("pass")
    assert thrown.hands and thrown.hands[0].thrown_in and not played.hands[0].thrown_in
    for game, words in ((played, hand_result(played.hands[0])), (thrown, "Thrown in: nobody made trump.")):
        conn = Stand()
        t = SeatTable(conn)
        t.update()
        conn.inbox.put(seat_view(game, el.Seat.S, n=conn.n + 1))
        t.update()
        assert t.status_text().startswith(f"Hand 1: {words} "), t.status_text()
