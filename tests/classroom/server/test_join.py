"""``el.table.join(code)``: a learner's seat at a class table in the notebook widget.

The real server runs in its own process (serverkit); two learners join from Python with
``el.table.join`` (South and West), a scripted client plays North, the table's bot East. The
widgets are driven as a browser would: a card picked on the felt, a bid button clicked. Every
view a seat's model takes in, and every felt it draws, is checked against the cards that seat
may see at that moment (the game replayed from the server's database)."""

from __future__ import annotations

import asyncio
import html
import time
from collections.abc import Iterator
from typing import Any

import pytest

import euchre_learn as el
from euchre_learn.interactive.seat.model import SeatTable
from euchre_learn.interactive.seat.widget import SeatWidget

from .serverkit import Client, Running, cards_in, known_cards, quick_config, running

WAIT = 120.0
"""The longest any step may take (the reviews run four deals a decision on a shared machine)."""


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    folder = tmp_path_factory.mktemp("join")
    with running(f"sqlite:///{folder / 'class.sqlite3'}", quick_config(review=True, review_worlds=4)) as server:
        yield server


def _record(seat: SeatTable, seen: list[dict[str, Any]]) -> None:
    seat.listeners.append(lambda t: seen.append(t.state) if t.state is not None else None)


def _click(w: SeatWidget, action: el.Action) -> None:
    """Act as the learner would: a bid's button, or the card on the felt."""
    if action.card is None:
        button = next(b for b, c in zip(w.action_buttons, w.seat.choices(), strict=True) if c.action == action)
        button.click()
        return
    text = next(c["card"] for c in w.board.cards if el.Card.parse(c["card"]) == action.card)
    w.board.pick = {"card": text, "token": w.board.token, "n": time.monotonic()}


def _allowed(games: list[el.Game], n: int, number: int, s: el.Seat) -> tuple[el.Hand, set[str]]:
    """The hand numbered ``number`` after ``n`` actions, and the cards ``s`` may see then."""
    game = games[n]
    hands = list(game.hands) + ([game.hand] if game.winner is None else [])
    now = hands[number - 1]
    return now, known_cards(now, s) | (known_cards(hands[number - 2], s) if number > 1 else set())


def _check_views(
    srv: Running, code: str, seat: str, views: list[dict[str, Any]], felts: list[tuple[dict[str, Any], str]]
) -> None:
    """Every view the seat's model took in, and every felt it drew, names only cards the
    seat may see at that moment; the model's cards are the seat's own, exactly."""
    games = srv.game(code)
    s = el.Seat.parse(seat)
    for view in views:
        now, allowed = _allowed(games, view["n"], view["hand"]["number"], s)
        leaked = cards_in(view) - allowed
        assert not leaked, f"{seat}'s view at action {view['n']} names {leaked}, which {seat} may not see"
        assert view["hand"]["holding"] == [str(c) for c in now.holding(s)], f"{seat}'s cards at {view['n']}"
    for view, drawn in felts:
        _, allowed = _allowed(games, view["n"], view["hand"]["number"], s)
        leaked = cards_in(drawn) - allowed
        assert not leaked, f"{seat}'s felt at action {view['n']} shows {leaked}, which {seat} may not see"
    assert views and felts, f"{seat} got no views"


def test_two_learners_join_play_a_hand_and_see_their_own_reviews(srv: Running) -> None:
    code = srv.table(seed="join-1", dealer="E", bot="standard", points_to_win=10)
    tokens = {s: srv.student(f"learner {code} {s}") for s in "SWN"}
    south = el.table.join(code, server=srv.url, token=tokens["S"], seat="S")
    west = el.table.join(code.lower(), server=srv.url, token=tokens["W"], seat="W")
    north = Client(srv.ws_url)
    north.hello(tokens["N"], code, "N")
    widgets = {"S": south, "W": west}
    views: dict[str, list[dict[str, Any]]] = {"S": [], "W": []}
    felts: dict[str, list[tuple[dict[str, Any], str]]] = {"S": [], "W": []}
    for s, w in widgets.items():
        assert w.seat.seat_letter == s
        _record(w.seat, views[s])
    srv.start(code)
    refused = dropped = False
    north_sent = -1
    acted: dict[str, list[str]] = {"S": [], "W": []}
    deadline = time.monotonic() + WAIT
    try:
        while not all(any(h["number"] == 1 for h in w.seat.finished_hands) for w in widgets.values()):
            assert time.monotonic() < deadline, (
                f"hand 1 did not finish in {WAIT:g} s: {[w.seat for w in widgets.values()]}"
            )
            for s, w in widgets.items():
                w.refresh()
                t = w.seat
                if t.state is not None:
                    felts[s].append((t.state, w.board.value))
                if not t.my_turn or t.hand["number"] != 1:
                    continue
                legal = t.legal_actions()
                held = [c.card for c in t.card_choices()]
                if s == "S" and not refused and held:
                    # a card that is not South's: the server says why, and nothing changes
                    before = (t.state["n"] if t.state else None, t.hand["holding"])
                    other = next(c for c in el.deck() if c not in held)
                    w.choose(el.Action.parse(f"{legal[0].kind} {other}"))
                    assert t.error and str(other) in t.error, t.error  # the engine's explanation
                    assert html.escape(t.error) in w.message.value
                    assert (t.state["n"] if t.state else None, t.hand["holding"]) == before
                    refused = True
                if s == "S" and not dropped and len(t.hand["tricks"]) >= 1:
                    t.connection.drop()  # the network drops; the seat's thread joins again
                    t.wait_for(lambda x: x.connection.drops == 1 and x.connection_state == "back", "reconnection")
                    assert t.connection.seat == "S"
                    dropped = True
                    if not t.my_turn:
                        continue
                    legal = t.legal_actions()
                choice = legal[-1]
                _click(w, choice)
                assert t.error is None, f"{s}'s {choice} was refused: {t.error}"
                acted[s].append(str(choice))
            for msg in north.quiet(0.05):
                if msg.get("type") == "error":
                    raise AssertionError(f"North's scripted client got {msg}")
            st = north.state
            if st and st["status"] == "playing" and st["hand"]["number"] == 1 and st["hand"].get("legal"):
                if st["n"] != north_sent:
                    north.send({"type": "act", "action": st["hand"]["legal"][0], "n": st["n"]})
                    north_sent = st["n"]
        assert refused and dropped
        # every learner's action is in the table's log once, as sent, in order
        first = srv.game(code)[-1].hands[0]
        for s in "SW":
            assert [str(a) for seat, a in first.history if str(seat) == s] == acted[s]
        # each seat sees its own review, the hand's points and the game's score
        for s, w in widgets.items():
            w.seat.wait_for(lambda t: any(r.get("hand") == 1 for r in t.reviews), "review of hand 1", timeout=WAIT)
            w.refresh()
            review = next(r for r in w.seat.reviews if r.get("hand") == 1)
            assert review["seat"] == s
            assert review["decisions"], f"{s}'s review has no decisions"
            assert all(str(first.history[d["index"]][0]) == s for d in review["decisions"])  # its own only
            assert "Review of your decisions: hand 1" in w.review.value
            shown = w.seat.state
            assert shown is not None
            finished = w.seat.finished_hands[0]
            assert finished["points"] == {t.name: n for t, n in first.points.items()}
            assert {k: v for k, v in shown["score"].items()} == {
                t.name: n for t, n in srv.game(code, shown["n"])[-1].score.items()
            }
        for s in "SW":
            _check_views(srv, code, s, views[s], felts[s])
    finally:
        north.close()
        for w in widgets.values():
            w.seat.close()


def test_joining_again_resumes_the_seat_and_bad_input_is_refused_clearly(
    srv: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("EUCHRE_LEARN_CLASS_SERVER", raising=False)
    code = srv.table(seed="join-2", dealer="N", bot="standard")
    token = srv.student(f"learner {code}")
    first = el.table.join(code, server=srv.url, token=token)
    seat = first.seat.seat_letter
    first.seat.wait_for(lambda t: t.state is not None, "table")
    holding = first.seat.hand["holding"]
    first.leave()
    again = el.table.join(code, server=srv.url, token=token)  # the notebook's cell run again
    try:
        assert again.seat.seat_letter == seat
        again.seat.wait_for(lambda t: t.state is not None, "table")
        assert again.seat.hand["holding"] == holding
        assert "Waiting for your teacher" in again.status.value
    finally:
        again.seat.close()
    with pytest.raises(ValueError, match="refused to seat you: this token is not known"):
        el.table.join(code, server=srv.url, token="forged")
    with pytest.raises(ValueError, match="refused to seat you: there is no table"):
        el.table.join("NOPE1", server=srv.url, token=token)
    with pytest.raises(ValueError, match="server= is needed"):
        el.table.join(code, token=token)
    with pytest.raises(ConnectionError, match="cannot reach the class server"):
        el.table.join(code, server="http://127.0.0.1:9", token=token, timeout=2)


def test_the_seat_widget_redraws_itself_from_the_kernels_event_loop(srv: Running) -> None:
    """In a notebook the kernel's loop runs: the connection's thread wakes the widget through
    it, and nobody calls refresh()."""
    code = srv.table(seed="join-3", dealer="S", bot="standard")
    token = srv.student(f"learner {code}")

    async def notebook() -> None:
        w = el.table.join(code, server=srv.url, token=token, seat="N")
        try:
            deadline = time.monotonic() + WAIT  # the first view arrives through the loop too
            while "Waiting for your teacher" not in w.status.value:
                assert time.monotonic() < deadline, f"the widget never showed the table: {w.status.value}"
                await asyncio.sleep(0.02)
            srv.start(code)  # West (a bot) bids, then it is North's turn
            deadline = time.monotonic() + WAIT
            while not w.action_buttons:
                assert time.monotonic() < deadline, f"the widget was not redrawn: {w.status.value}"
                await asyncio.sleep(0.02)
            assert "Your turn" in w.status.value
            assert w.action_buttons[0].description == "Pass"
        finally:
            w.seat.close()

    asyncio.run(notebook())
