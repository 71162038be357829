"""The practice schedule (euchre_learn.learner.schedule): FSRS reviews rated from right/wrong and the
time taken, kept in the store, driven here by a fake clock."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from euchre_learn.learner.progress import Progress
from euchre_learn.learner.schedule import AGAIN, EASY, GOOD, HARD, Schedule, rating

T0 = datetime(2025, 3, 3, 8, 0, tzinfo=timezone.utc)


class Clock:
    def __init__(self, now: datetime = T0) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> datetime:
        self.now += timedelta(**kwargs)
        return self.now


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "learner.sqlite3"


def answer(progress: Progress, clock: Clock, topic: str, correct: bool, seconds: float = 12.0) -> None:
    progress.record(topic, correct, seconds=seconds, at=clock().timestamp())


def test_ratings_from_right_wrong_and_time() -> None:
    assert rating(False, 1) == rating(False, 100) == rating(False) == AGAIN
    assert rating(True, 2) == rating(True, 8) == EASY
    assert rating(True, 8.5) == rating(True, 30) == rating(True) == GOOD
    assert rating(True, 31) == rating(True, 600) == HARD
    assert rating(True, 601) == GOOD  # away, not slow
    assert rating(True, 20, fast=25) == EASY and rating(True, 20, slow=10) == HARD


def test_a_topic_answered_wrong_comes_back_sooner(path: Path) -> None:
    clock = Clock()
    p = Progress(path)
    s = Schedule(p, clock=clock)
    for topic in ("left-bower", "scoring", "legal-plays"):
        answer(p, clock, topic, True)
    answer(p, clock, "trick-winner", False)
    wrong = s.item("quiz", "trick-winner")
    right = s.item("quiz", "left-bower")
    assert wrong is not None and right is not None and wrong.due < right.due
    assert wrong.mistake and not right.mistake and wrong.lapses == 1
    assert [i.key for i in s.due(T0 + timedelta(minutes=2))] == ["trick-winner"]
    # over days too: a topic right every day drifts far out; one got wrong stays near
    for _day in range(4):
        clock.advance(days=1)
        for topic in [i.key for i in s.due()]:
            answer(p, clock, topic, topic != "scoring")
    sure, shaky = s.item("quiz", "left-bower"), s.item("quiz", "scoring")
    assert sure is not None and shaky is not None
    assert shaky.due - clock() < sure.due - clock()
    assert shaky.lapses >= 1 and s.due(clock.now + timedelta(days=1))[0].key == "scoring"


def test_past_mistakes_then_the_weakest_come_first(path: Path) -> None:
    clock = Clock()
    p = Progress(path)
    s = Schedule(p, clock=clock)
    answer(p, clock, "scoring", True, seconds=3)  # easy: days away
    answer(p, clock, "left-bower", True)  # good: minutes away
    answer(p, clock, "benny", False)
    later = T0 + timedelta(days=30)
    due = s.due(later)
    assert due[0].key == "benny"
    assert [i.retrievability for i in due[1:]] == sorted(i.retrievability for i in due[1:])
    assert s.count_due(later) == 3 and s.count_due(T0) == 0


def test_nothing_due_is_skipped(path: Path) -> None:
    clock = Clock()
    p = Progress(path)
    s = Schedule(p, clock=clock)
    rng = random.Random(5)
    topics = [f"topic-{i}" for i in range(12)]
    for _ in range(40):
        answer(p, clock, rng.choice(topics), rng.random() < 0.6, seconds=rng.uniform(1, 50))
        clock.advance(minutes=rng.uniform(1, 600))
    for _ in range(30):
        clock.advance(hours=rng.uniform(1, 48))
        now = clock()
        items = s.items()
        due = s.due()
        assert {(i.kind, i.key) for i in due} == {(i.kind, i.key) for i in items if i.due <= now}
        assert len(due) == s.count_due()
        waiting = [i.due for i in items if i.due > now]
        assert s.next_due() == (min(waiting) if waiting else None)
        for item in due[:3]:
            answer(p, clock, item.key, rng.random() < 0.7)


def test_the_schedule_survives_a_restart(path: Path) -> None:
    clock = Clock()
    p = Progress(path)
    answer(p, clock, "scoring", True)
    answer(p, clock, "benny", False)
    before = Schedule(p, clock=clock).items()
    p.store.close()
    after = Schedule(Progress(path), clock=clock).items()
    assert after == before and len(after) == 2
    s = Schedule(path, clock=clock)
    assert s.item("quiz", "benny") == before[[i.key for i in before].index("benny")]


def test_new_material_and_any_kind_of_item(path: Path) -> None:
    clock = Clock()
    s = Schedule(path, clock=clock)
    assert s.new(["a", "b", "c"]) == ["a", "b", "c"]
    s.review("quiz", "b", True)
    s.review("retry", "game-1/3/12", False, seconds=40)
    s.review("puzzle", "p-0042", True, seconds=5)
    assert s.new(["a", "b", "c"]) == ["a", "c"]
    assert s.new(["game-1/3/12"], kind="retry") == []
    kinds = {i.kind for i in s.items()}
    assert kinds == {"quiz", "retry", "puzzle"}
    assert [i.key for i in s.due(T0 + timedelta(minutes=5), kinds=["retry"])] == ["game-1/3/12"]


def test_the_daily_streak(path: Path) -> None:
    clock = Clock(datetime(2025, 3, 3, 22, 0, tzinfo=timezone.utc))
    s = Schedule(path, clock=clock)
    assert s.streak() == 0
    for _ in range(3):
        s.review("quiz", "scoring", True)
        clock.advance(days=1)
    assert s.streak() == 3  # nothing yet today: the run up to yesterday still counts
    s.review("quiz", "scoring", True)
    assert s.streak() == 4 and s.reviewed_today() == 1
    clock.advance(days=2)
    assert s.streak() == 0
    # days are counted in the time zone of "now": 22:00 UTC is already tomorrow in UTC+3
    east = timezone(timedelta(hours=3))
    assert s.streak(clock.now.astimezone(east) - timedelta(days=2)) == 4


def test_a_reset_forgets_the_topics_schedule(path: Path) -> None:
    clock = Clock()
    p = Progress(path)
    s = Schedule(p, clock=clock)
    answer(p, clock, "scoring", False)
    answer(p, clock, "benny", False)
    s.review("retry", "x", False)
    p.reset("scoring")
    assert [(i.kind, i.key) for i in s.items()] == [("quiz", "benny"), ("retry", "x")]
    p.reset()
    assert [(i.kind, i.key) for i in s.items()] == [("retry", "x")]
