"""A decision retried at the table goes through the one answer path (teaching/answering.py, issue 31
item 5): the finished retry lands in the learner's store once, on the retry topic, as a review of
the kept question, filed under its position's situation, at the time it finished. Both tables: the
bot table's review panel ("Try it again") and a class table's seat (its keeper)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import euchre_learn as el
from euchre_learn.analysis.situation import situation
from euchre_learn.interactive.retry_question import RETRY_TOPIC
from euchre_learn.interactive.review_panel import ReviewPanel
from euchre_learn.interactive.table.model import Table
from euchre_learn.learner.progress import Progress
from euchre_learn.learner.store import Store


def _landed_once(path: Path, key: str, position: el.Hand, before: float, *, correct: bool) -> None:
    store = Store(path)
    (row,) = store.answer_log()
    topic, right, at, seconds = row
    assert (topic, right) == (RETRY_TOPIC, correct) and before <= at <= time.time() and seconds is None
    assert [(kind, k) for kind, k, _r, _at in store.reviews()] == [("retry", key)]
    (filed,) = store.situation_answers()
    assert (filed.situation, filed.correct) == (situation(position).key, correct)
    assert key in store.retries()


def test_a_retry_at_the_review_panel_is_recorded_once_under_its_situation(tmp_path: Path) -> None:
    for seed in range(40):
        t = Table(humans="S", seed=seed, dealer="N")
        t.on_hand_end.clear()
        path = tmp_path / f"l{seed}.sqlite3"
        panel = ReviewPanel(t, worlds=4, progress=Progress(path))
        while not t.hand_over:
            t.run_bots()
            if t.is_human_turn:
                t.act(t.legal_actions()[-1])  # the last legal action: loners, last cards, often costly
        panel.wait()
        if panel.costly():
            break
        panel.close()
    else:
        raise AssertionError("no seed gave a costly decision")
    decision = panel.costly()[0]
    before = time.time()
    retry = panel.back_to(decision)
    fb = retry.attempt(decision.best)
    assert fb.correct and retry.finished
    with pytest.raises(ValueError, match="finished"):  # a second click on a finished retry counts nothing
        retry.attempt(decision.best)
    (result,) = panel.retry_results
    _landed_once(path, result.key, retry.position, before, correct=True)
    panel.close()


def test_a_retry_at_a_class_seat_is_recorded_once_under_its_situation(tmp_path: Path) -> None:
    from euchre_learn.classroom.server.review_message import review_hand
    from euchre_learn.classroom.server.view import keepsake
    from euchre_learn.interactive.seat.keeper import SeatKeeper

    hand = el.Hand.deal("N", seed=21)
    bot = el.bots.get("standard", seed=2)
    while not hand.is_over:
        hand = hand.apply(bot.act(hand))
    review = {**review_hand(hand.to_record(), "S", "keep", 4, by_bot=[]), "game": "class-T-0", "hand": 1, "table": "T"}
    d = next(d for d in review["decisions"] if not d["forced"])
    path = tmp_path / "learner.sqlite3"
    keeper = SeatKeeper(Progress(path))
    sent = {"type": "record", "game": "class-T-0", "hand": 1, "score": {"NS": 0, "EW": 0}, "preset": "standard"}
    assert keeper.take_record(sent | keepsake(hand, el.Seat.S, 1))  # the hand as the seat saw it, first
    before = time.time()
    retry = keeper.retry(review, d)
    wrong = [a for a in retry.position.legal_actions() if retry.decision.grade_of(a) not in ("best", "good")]
    if wrong:  # a miss, then a second miss: finished, not solved, recorded once as a miss
        retry.attempt(wrong[0])
        retry.attempt(wrong[0])
    else:
        retry.attempt(retry.decision.best)
    assert retry.finished and len(keeper.retry_results) == 1
    _landed_once(path, keeper.retry_results[0].key, retry.position, before, correct=not wrong)
