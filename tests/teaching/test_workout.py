"""The daily workout (euchre_learn.teaching.workout and its widget): due situations first, then the
weakest families, then new; every item with its board; every answer recorded."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from euchre_learn.analysis.situation import FAMILIES, situation
from euchre_learn.learner.progress import Progress
from euchre_learn.learner.situation_schedule import SituationSchedule
from euchre_learn.learner.store import AddDecision, Store
from euchre_learn.teaching.workout import FAMILY, NEW_FAMILIES, DailyWorkout
from euchre_learn.teaching.workout_widget import workout

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
KEY = "play.defender.last.side.opp.void-trump.win"


def test_a_new_learner_gets_a_deal_of_each_family_then_new_puzzles_each_with_its_board(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    w = DailyWorkout(progress=path, seed=3, size=9, clock=lambda: T0)
    assert set(NEW_FAMILIES) <= set(FAMILIES)
    assert [(k, key, s) for k, key, s in w.plan[:7]] == [(FAMILY, f, "new") for f in NEW_FAMILIES]
    assert all(kind == "puzzle" for kind, _k, _s in w.plan[7:])
    seen = []
    while True:
        assert w.board is not None and not w.board.is_over and w.board.to_act is not None
        kind, key = w.item
        if kind == FAMILY:
            assert situation(w.board).family == key
        seen.append(kind)
        w.answer(w.question.answer)
        if w.done:
            break
        w.next()
    assert len(seen) == 9 and w.number == 9 and w.score == 9
    assert w.next() is w.question  # after the last item the workout stays done
    p = Progress(path)
    assert p.total.answered == 9 and p.stats("puzzle").answered == 2 and p.stats("situation").answered == 7
    met = {c.family for c in SituationSchedule(path).cards(T0)}
    assert set(NEW_FAMILIES) <= met  # each new family's deal is filed under its situation


def test_due_situations_come_first_then_the_weakest_family(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    long_ago = T0 - timedelta(days=1)
    s = SituationSchedule(path)
    for minutes in range(4):  # bid1 answered right four times (mastered, not due for a while)
        s.record("bid1.eldest", "bid1", True, at=long_ago + timedelta(minutes=minutes))
    s.record("bid2.third", "bid2", True, at=T0 - timedelta(minutes=1))  # not due for a few minutes
    s.record("bid2.dealer", "bid2", True, at=long_ago)
    s.record("bid2.dealer", "bid2", False, at=T0 - timedelta(minutes=30))
    Store(path).write(
        AddDecision(
            "g", 0, 1, "S", KEY, "follow-defenders", "play 9♣", "play J♠", "blunder", 1.2, at=T0.timestamp() - 600
        )
    )
    w = DailyWorkout(progress=path, seed=1, size=3, clock=lambda: T0)
    due = [(k, key) for k, key, src in w.plan if src == "due"]
    assert due[:2] in (
        [("situation", KEY), ("situation", "bid2.dealer")],
        [("situation", "bid2.dealer"), ("situation", KEY)],
    )
    weak = [key for _k, key, src in w.plan if src == "weak"]
    assert weak == ["bid2.third"]  # the weakest family's weakest situation not mastered and not due already
    assert w.item[0] == "situation" and w.source == "due"
    assert w.board is not None and situation(w.board).key in (KEY, "bid2.dealer")


def test_the_widget_counts_the_items(tmp_path: Path) -> None:
    v = workout(seed=4, size=2, progress=str(tmp_path / "l.sqlite3"), clock=lambda: T0)
    assert "Item 1 of 2 · 0 of 0 right" in v.status_view.value and "el-hand" in v.board_view.value
    v.current.choose(v.model.question.answer)
    v.current.check_button.click()
    v.next_button.click()
    assert "Item 2 of 2 · 1 of 1 right" in v.status_view.value
    v.current.choose(v.model.question.answer)
    v.current.check_button.click()
    assert "workout done" in v.status_view.value


def test_a_bad_size_is_named(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="size"):
        DailyWorkout(progress=tmp_path / "l.sqlite3", size=0)
