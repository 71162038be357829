"""The learner's side (euchre_learn/classroom/server/client.py): a seat a table widget can
drive, resuming after a dropped connection. (A learner's answers go to the class through their
store: tests/classroom/server/test_live_progress.py.)"""

from __future__ import annotations

import pytest

import euchre_learn as el
from euchre_learn.classroom.server.client import TableClient

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
