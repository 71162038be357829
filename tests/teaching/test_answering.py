"""The one answer path (teaching/answering.py, issue 31 item 5): every widget model's answer lands in
the learner's store with its topic, its situation (re-derived here from the question's own position)
and its time, graded once: a second answer (a double click) returns the first feedback and writes
nothing. One test per model: the lesson quiz, the practice widget, Today's practice, the puzzle
trainer and the daily workout (the table's retry: tests/interactive/test_retry_question.py)."""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from euchre_learn.analysis.situation import situation
from euchre_learn.engine.records import replay
from euchre_learn.learner.progress import Progress
from euchre_learn.learner.store import Store
from euchre_learn.teaching.answering import OnShow, answer, record_answer, situation_filed
from euchre_learn.teaching.puzzle_model import PuzzleTrainer
from euchre_learn.teaching.quiz import Question, QuizError, generate
from euchre_learn.teaching.session import ScheduledSession
from euchre_learn.teaching.today import TodaysPractice
from euchre_learn.teaching.widgets import practice, quiz
from euchre_learn.teaching.workout import DailyWorkout

T0 = datetime(2026, 12, 1, 9, tzinfo=timezone.utc)
STRATEGY = "strategy-round-1"  # a quiz topic whose every question is a position to act in


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


def _position_key(q: Question) -> str:
    """The situation of the question's position, worked out here, not by the answer path."""
    assert q.record is not None, "the test needs a question on a position"
    return situation(replay(dict(q.record))).key


def _wrong(q: Question) -> str:
    return next(c for c in q.choices if c != q.answer and c not in q.accept)


def _filed(path: Path) -> tuple[list[tuple[str, bool, float, float | None]], list[tuple[str, str, int]], list[str]]:
    store = Store(path)
    reviews = [(kind, key, rating) for kind, key, rating, _at in store.reviews()]
    return store.answer_log(), reviews, [a.situation for a in store.situation_answers()]


def test_the_lesson_quiz_records_its_first_answer_with_topic_situation_and_time(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    q = generate(STRATEGY, 0)
    before = time.time()
    w = quiz(q, progress=Progress(path))
    w.choose(_wrong(q))
    w.check_button.click()
    w.check_button.click()  # a double click
    assert w.recorder is not None
    again = w.recorder(q.answer)  # even past the widget's own guard, the first answer stands
    assert again is w.feedback and w.feedback is not None and not w.feedback.correct
    (row,), reviews, filed = _filed(path)
    topic, correct, at, seconds = row
    assert (topic, correct) == (STRATEGY, False) and before <= at <= time.time()
    assert seconds is not None and 0 <= seconds <= at - before
    assert [r[:2] for r in reviews] == [("quiz", STRATEGY)]
    assert filed == [_position_key(q)]


def test_the_practice_widget_files_an_answer_under_its_situation_once(tmp_path: Path) -> None:
    """The practice widget's answers were not filed under their situation (a lesson's were): now
    the same path files both."""
    path = tmp_path / "learner.sqlite3"
    before = time.time()
    w = practice(STRATEGY, seed=4, progress=path)
    q = w.practice.question
    w.current.choose(q.answer)
    w.current.check_button.click()
    w.current.check_button.click()
    fb = w.practice.answer(_wrong(q))  # the model's own guard
    assert fb.correct and (w.practice.asked, w.practice.score, w.practice.streak) == (1, 1, 1)
    (row,), reviews, filed = _filed(path)
    assert row[:2] == (STRATEGY, True) and before <= row[2] <= time.time() and row[3] is not None
    assert reviews == [("quiz", STRATEGY, reviews[0][2])] and reviews[0][2] >= 3  # right: Good or Easy
    assert filed == [_position_key(q)]
    w.next()  # the next question is a new one, answered anew
    w.practice.answer(w.practice.question.answer)
    assert len(Store(path).answer_log()) == 2 and len(Store(path).situation_answers()) == 2


def _answer_twice(model: ScheduledSession, clock: Clock, seconds: int) -> Question:
    q = model.question
    clock.now += timedelta(seconds=seconds)
    fb = model.answer(_wrong(q))
    clock.now += timedelta(seconds=5)
    assert model.answer(q.answer) is fb and not fb.correct  # the double click counts once
    assert (model.asked, model.score) == (1, 0)
    return q


@pytest.mark.parametrize(
    ("make", "topic"),
    [
        (lambda path, clock: TodaysPractice([STRATEGY], progress=path, seed=1, clock=clock), STRATEGY),
        (lambda path, clock: PuzzleTrainer(progress=path, seed=1, clock=clock), "puzzle"),
        (lambda path, clock: DailyWorkout(progress=path, seed=1, size=3, clock=clock), "situation"),
    ],
    ids=["today", "puzzles", "workout"],
)
def test_a_scheduled_session_records_its_answer_at_the_schedules_time(tmp_path: Path, make, topic: str) -> None:
    path = tmp_path / "learner.sqlite3"
    clock = Clock()
    model = make(path, clock)
    kind, key = model.item if hasattr(model, "item") else ("puzzle", model.puzzle.id)
    q = _answer_twice(model, clock, 42)
    (row,), reviews, filed = _filed(path)
    assert row == (topic, False, (T0 + timedelta(seconds=42)).timestamp(), 42.0)
    assert filed == [_position_key(q)]
    if kind == "quiz" or kind == "puzzle":
        assert reviews == [(kind, key, 1)]  # a miss: Again
    else:  # a situation is scheduled from its answers alone
        assert reviews == []


def test_answer_and_record_answer_directly(tmp_path: Path) -> None:
    p = Progress(tmp_path / "learner.sqlite3")
    q = generate(STRATEGY, 2)
    on_show = OnShow(q, shown=1000.0)
    with pytest.raises(QuizError, match="is not one of the choices"):
        answer(on_show, "no such choice", p, at=1010.0)
    assert not on_show.answered and Store(p.path).answer_log() == []  # not an answer: nothing counted
    fb = answer(on_show, q.answer, p, at=1010.0, topic="mine", item=("quiz", "other"))
    assert fb.correct and on_show.feedback is fb
    assert answer(on_show, _wrong(q), p, at=2000.0) is fb
    record_answer(p, q, False, at=3000.0, situation=None)  # no situation, said plainly
    record_answer(p, generate("left-bower", 3), True, at=3001.0)  # a question on no position files none
    rows, reviews, filed = _filed(Path(p.path))
    assert rows == [("mine", True, 1010.0, 10.0), (STRATEGY, False, 3000.0, None), ("left-bower", True, 3001.0, None)]
    assert [r[:2] for r in reviews] == [("quiz", "other"), ("quiz", STRATEGY), ("quiz", "left-bower")]
    assert filed == [_position_key(q)]
    assert situation_filed(q) == (_position_key(q), situation(replay(dict(q.record or {}))).family)
