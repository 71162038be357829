"""The learner's side (euchre_learn/classroom/server/client.py): a seat a table widget can
drive, resuming after a dropped connection, and the progress queue that never sends an answer twice."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import euchre_learn as el
from euchre_learn.classroom.server.client import ProgressQueue, TableClient

from .serverkit import quick_config, running


def test_a_seat_plays_a_hand_against_the_bots_and_survives_a_drop(db_url: str) -> None:
    with running(db_url, quick_config(review=True, review_worlds=4)) as srv:
        code = srv.table(seed="client", dealer="W", bot="standard")
        seat = TableClient(srv.url, srv.student("Ann"), code, "S")
        assert seat.seat == "S"
        srv.start(code)
        dropped = False
        acted: list[str] = []
        while seat.state is not None and seat.state["hand"]["number"] == 1:
            seat.poll(0.2)
            if not seat.my_turn or seat.state["hand"]["number"] != 1:
                continue
            not_mine = next(str(c) for c in el.deck() if str(c) not in seat.state["hand"]["holding"])
            with pytest.raises(el.IllegalActionError):  # the engine's explanation, nothing sent on
                seat.act(f"play {not_mine}")
            if not dropped and len(seat.state["hand"]["tricks"]) == 1:
                seat._ws.close()  # the connection drops; act() opens it again and sends once
                dropped = True
            choice = seat.legal()[-1]
            seat.act(choice)
            acted.append(choice)
        assert dropped
        games = srv.game(code)  # the log replays: every action legal, none applied twice
        first = games[-1].hands[0]
        assert [str(a) for s, a in first.history if s == el.Seat.S] == acted
        seat._until(lambda m: m["type"] == "review", timeout=60)
        assert seat.reviews[0]["seat"] == "S"
        seat.close()


def test_the_progress_queue_keeps_answers_offline_and_sends_each_once(tmp_path: Path, db_url: str) -> None:
    db = db_url
    with running(db) as srv:
        token = srv.student("Ann")
    queue = ProgressQueue(tmp_path / "queue.json", srv.url, token, timeout=1)
    for i in range(3):
        queue.record("bowers", i != 1, family="bidding")
    assert queue.flush() is None and len(queue.pending()) == 3  # the server is down
    queue = ProgressQueue(tmp_path / "queue.json", srv.url, token)  # the notebook restarted
    assert len(queue.pending()) == 3
    with running(db) as srv:
        queue.server = srv.url
        shutil.copy(tmp_path / "queue.json", tmp_path / "before.json")
        assert queue.flush() == (3, 0)
        assert queue.pending() == [] and queue.flush() == (0, 0)
        # the reply was lost: the old queue file is back and sends again; nothing counts twice
        shutil.copy(tmp_path / "before.json", tmp_path / "queue.json")
        again = ProgressQueue(tmp_path / "queue.json", srv.url, token)
        assert again.flush() == (0, 3)
        rows = srv.http.get("/api/progress").json()
        assert [(r["student"], r["topic"], r["answered"], r["correct"]) for r in rows] == [("Ann", "bowers", 3, 2)]
        with pytest.raises(ValueError, match="refused"):
            bad = ProgressQueue(None, srv.url, "forged")
            bad.record("bowers", True)
            bad.flush()
