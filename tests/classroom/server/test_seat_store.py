"""A class table leaves each learner's own copy in their own store (interactive/seat/keeper.py):
the game in ``saved_games()``, every decision the coach reviewed with its situation (so a flagged
one comes back in the situation schedule), a retry of a flagged decision filed as at the bot
table; never twice, whatever a reconnect sends again.

The real server runs in its own process (serverkit), with reviews on; two learners (South and
West) sit at one table through the seat's model, each with a store of their own; the table's bot
plays North and East."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import euchre_learn as el
from euchre_learn.interactive.retry_question import choice_label
from euchre_learn.interactive.seat.model import SeatTable
from euchre_learn.interactive.seat.remote import SeatConnection
from euchre_learn.interactive.seat.widget import SeatWidget
from euchre_learn.learner.progress import Progress
from euchre_learn.learner.saved_games import saved_games
from euchre_learn.learner.situation_schedule import SituationSchedule

from .serverkit import Client, Running, known_cards, quick_config, running

WAIT = 120.0
"""The longest any step may take (the reviews run four deals a decision on a shared machine)."""


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    folder = tmp_path_factory.mktemp("keep")
    with running(f"sqlite:///{folder / 'class.sqlite3'}", quick_config(review=True)) as server:
        yield server


def _choose(t: SeatTable) -> el.Action:
    """A learner who goes alone whenever the bidding lets them, otherwise takes the last bid
    offered, and plays the first legal card it holds (costly habits, so the review has something
    to flag)."""
    legal = t.legal_actions()
    if legal[0].kind == "play":
        return legal[0]
    return next((a for a in legal if a.alone), legal[-1])


def _play_hand(seats: dict[str, SeatTable], number: int) -> None:
    deadline = time.monotonic() + WAIT
    while not all(any(h["number"] == number for h in t.finished_hands) for t in seats.values()):
        assert time.monotonic() < deadline, f"hand {number} did not finish in {WAIT:g} s"
        for t in seats.values():
            t.update(wait=0.02)
            if t.my_turn and t.hand["number"] == number:
                assert t.act(_choose(t)), t.error


def _kept(t: SeatTable, number: int) -> None:
    """Wait until the seat has its copy of hand ``number`` and its review."""
    t.wait_for(
        lambda x: (
            x.keeper is not None and number in x.keeper.records and any(r.get("hand") == number for r in x.reviews)
        ),
        f"record and review of hand {number}",
        timeout=WAIT,
    )


def test_a_class_game_is_kept_in_each_learners_own_store_once(srv: Running, tmp_path: Path) -> None:
    code = srv.table(seed="keep-2", dealer="N", bot="standard", points_to_win=10)
    paths = {s: tmp_path / f"learner-{s}.sqlite3" for s in "SW"}
    progress = {s: Progress(paths[s]) for s in "SW"}
    seats = {
        s: SeatTable(
            SeatConnection(srv.url, srv.student(f"learner {code} {s}"), code, s, timeout=10),
            timeout=30,
            progress=progress[s],
        )
        for s in "SW"
    }
    try:
        for t in seats.values():
            t.wait_for(lambda x: x.state is not None, "table")
        srv.start(code)
        _play_hand(seats, 1)
        for t in seats.values():
            _kept(t, 1)
        true = srv.game(code)[-1].hands[0]
        flags = 0
        for s, t in seats.items():
            me = el.Seat.parse(s)
            store = progress[s].store
            review = next(r for r in t.reviews if r["hand"] == 1)
            # the game is one of this learner's games, and theirs alone
            games = saved_games(store)
            assert [g.id for g in games] == [review["game"]]
            game = games[0]
            assert game.learner == me and game.humans == (me,) and game.problem is None
            assert game.hands_played == 1 and game.records[0]["score"] == {"NS": 0, "EW": 0}
            kept = game.hands[0]
            # what this seat saw is exactly the real hand; every card it never saw is a stand-in
            assert kept.dealt(me) == true.dealt(me)
            assert [(t.leader, t.cards) for t in kept.tricks] == [(t.leader, t.cards) for t in true.tricks]
            assert kept.points == true.points
            assert [(seat, a.kind) for seat, a in kept.history] == [(seat, a.kind) for seat, a in true.history]
            unseen = {str(c) for c in el.deck()} - known_cards(true, me)
            assert set(game.records[0]["stand_ins"].split()) == unseen
            # every decision of this seat (not forced, not the bot's) is filed with its situation, once
            rows = store.decisions()
            mine = [d for d in review["decisions"] if not d["forced"] and not d["by_bot"]]
            assert mine and {r.seat for r in rows} == {s}
            assert sorted((r.index, r.situation, r.grade) for r in rows) == sorted(
                (d["index"], d["situation"]["key"], d["grade"]) for d in mine
            )
            assert all(str(true.history[r.index][0]) == s for r in rows)
            # a flagged decision comes back in the situation schedule, as a mistake
            flagged = [d for d in mine if d["flagged"] and d["grade"] not in ("best", "good")]
            flags += len(flagged)
            schedule = SituationSchedule(store)
            for d in flagged:
                card = schedule.card(d["situation"]["key"])
                assert card is not None and card.answers >= 1 and card.right < card.answers
        assert flags, "neither review flagged a decision: the situation schedule was not tried"
        # a reconnect asks for every record and review again: nothing is filed twice
        south = seats["S"]
        store = progress["S"].store
        before = (len(store.decisions()), store.hands())
        calls: list[int] = []
        keeper = south.keeper
        assert keeper is not None
        take = keeper.take_review
        keeper.take_review = lambda msg: calls.append(msg["hand"]) or take(msg)  # type: ignore[method-assign]
        south.connection.drop()
        south.wait_for(lambda x: x.connection.drops == 1 and 1 in calls, "the reviews sent again", timeout=WAIT)
        south.take(next(r for r in south.reviews if r["hand"] == 1))  # and the same message once more
        assert (len(store.decisions()), store.hands()) == before
        # a second seat model on the same store (the cell run again) files nothing new either
        again = SeatTable(
            SeatConnection(srv.url, south.connection.token, code, "S", timeout=10),
            timeout=30,
            progress=Progress(paths["S"]),
        )
        try:
            _kept(again, 1)
            assert (len(Progress(paths["S"]).store.decisions()), Progress(paths["S"]).store.hands()) == before
        finally:
            again.close()
    finally:
        for t in seats.values():
            t.close()


def test_try_it_again_at_a_class_table_is_played_locally_and_filed(srv: Running, tmp_path: Path) -> None:
    code = srv.table(seed="keep-2", dealer="E", bot="standard", points_to_win=10)
    progress = Progress(tmp_path / "learner.sqlite3")
    t = SeatTable(
        SeatConnection(srv.url, srv.student(f"learner {code}"), code, "S", timeout=10), timeout=30, progress=progress
    )
    try:
        t.wait_for(lambda x: x.state is not None, "table")
        srv.start(code)
        _play_hand({"S": t}, 1)
        _kept(t, 1)
        offered = t.retries()
        assert offered, f"nothing to try again: {[d['grade'] for d in t.reviews[-1]['decisions']]}"
        d = offered[0]
        true = srv.game(code)[-1].hands[0]
        sent: list[dict[str, Any]] = []
        send = t.connection.send
        t.connection.send = lambda m: sent.append(m) or send(m)
        retry = t.retry(d)
        # the position is the learner's own: their cards then, the same choices
        real = el.replay({**true.to_record(), "actions": true.to_record()["actions"][: d["index"]]})
        assert retry.position.holding(el.Seat.S) == real.holding(el.Seat.S)
        assert retry.position.to_act == el.Seat.S
        assert set(retry.position.legal_actions()) == set(real.legal_actions())
        # a miss first (the same choice again), then the best: graded with the review's values
        first = retry.attempt(d["action"])
        assert not first.correct and not retry.finished
        second = retry.attempt(d["best"])
        assert second.correct and retry.finished
        assert not sent, "the retry went to the server"
        # filed as at the bot table: a question kept under the retry's key, scheduled, answered
        store = progress.store
        keys = list(store.retries())
        assert len(keys) == 1
        key = keys[0]
        assert store.retries()[key]["topic"] == "table-retry"
        assert any(c.key == key for c in store.cards("retry"))
        assert store.answers("table-retry") == [("table-retry", False)]  # solved, not at the first try
        # the same from the seat widget: "Try it again" under the review, a button per choice
        w = SeatWidget(t)
        assert len(w.retry_buttons) == len(offered)
        w.retry_buttons[0].click()
        assert w.retry is not None and w.retry.position == retry.position
        best = choice_label(w.retry.position, el.Action.parse(d["best"]))
        next(b for b in w.choice_buttons if b.description == best).click()
        assert w.retry.finished and w.retry.solved
        assert "best" in w.retry_feedback.value or "Good" in w.retry_feedback.value
        assert all(b.disabled for b in w.choice_buttons)
        assert store.answers("table-retry") == [("table-retry", False), ("table-retry", True)]
        assert list(store.retries()) == [key]  # the same position: the same question, once
    finally:
        t.close()


def test_decisions_the_bot_played_for_an_absent_learner_are_not_filed_as_theirs(tmp_path: Path) -> None:
    config = quick_config(review=True, seat_timeout=0.3)
    with running(f"sqlite:///{tmp_path / 'class.sqlite3'}", config) as server:
        code = server.table(seed="keep-3", dealer="W", bot="standard", points_to_win=10)
        token = server.student("learner away")
        first = Client(server.ws_url)
        first.hello(token, code, "S")
        first.close()  # seated, then gone: the bot plays South
        # a table with nobody connected stands still: a second learner, at North, keeps it going
        north = Client(server.ws_url)
        north.hello(server.student("learner here"), code, "N")
        server.start(code)
        deadline = time.monotonic() + WAIT
        while not server.game(code)[-1].hands:
            assert time.monotonic() < deadline, "the hand did not finish"
            state = north.until(lambda m: m["type"] == "state", timeout=WAIT)
            if state["hand"].get("legal") and state["status"] == "playing":
                north.send({"type": "act", "action": state["hand"]["legal"][0], "n": state["n"]})
        north.close()
        progress = Progress(tmp_path / "learner.sqlite3")
        back = SeatTable(SeatConnection(server.url, token, code, "S", timeout=10), timeout=30, progress=progress)
        try:
            _kept(back, 1)
            review = next(r for r in back.reviews if r["hand"] == 1)
            assert review["decisions"] and all(d["by_bot"] for d in review["decisions"])
            assert not back.retries(review)  # nothing of the bot's to try again
            assert [g.id for g in saved_games(progress.store)] == [review["game"]]  # the game is still theirs
            assert progress.store.decisions() == []  # but not the bot's decisions
        finally:
            back.close()
