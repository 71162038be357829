"""Today's practice (euchre_learn.teaching.today and today_widget): due items first, then new topics,
counted in the store and the schedule; the lessons' practice widgets feed the same schedule."""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from euchre_learn.learner.progress import Progress
from euchre_learn.learner.schedule import Schedule
from euchre_learn.learner.store import PutRetry
from euchre_learn.teaching.quiz import Practice, Question, QuizError, generate
from euchre_learn.teaching.today import TodaysPractice
from euchre_learn.teaching.today_widget import today
from euchre_learn.teaching.widgets import practice

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=timezone.utc)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


def wrong(q: object) -> str:
    return next(c for c in q.choices if c != q.answer)  # type: ignore[attr-defined]


def right(q: Question) -> object:
    return list(q.answer) if isinstance(q.answer, tuple) else q.answer


def miss(q: Question) -> object:
    """A wrong answer of any kind of question."""
    if q.kind == "single":
        return wrong(q)
    if q.kind == "select-all":
        return [c for c in q.choices if c not in q.answer][:1] or list(q.answer)[1:]
    if q.kind == "order":
        return list(reversed(q.answer))
    assert isinstance(q.answer, int)
    return q.answer + 1


def test_due_items_first_then_new_topics(tmp_path: Path) -> None:
    clock = Clock()
    topics = ["left-bower", "trick-winner", "legal-plays"]
    t = TodaysPractice(topics, progress=tmp_path / "l.sqlite3", seed=4, clock=clock)
    assert (t.source, t.item) == ("new", ("quiz", "left-bower")) and t.count_due == 0 and t.new_left == 3
    clock.now += timedelta(seconds=20)
    assert not t.answer(wrong(t.question)).correct
    t.next()
    assert t.item == ("quiz", "trick-winner") and t.source == "new"  # the mistake waits its minute
    t.answer(t.question.answer)
    clock.now += timedelta(minutes=2)
    t.next()
    assert (t.source, t.item) == ("due", ("quiz", "left-bower"))  # the mistake comes back first
    assert t.count_due == 1 and t.streak == 1
    stats = t.progress.stats("left-bower")
    assert (stats.answered, stats.correct) == (1, 0)
    item = t.schedule.item("quiz", "left-bower")
    assert item is not None and item.mistake and item.reviews == 1


def test_a_retry_in_the_store_is_served_when_due(tmp_path: Path) -> None:
    clock = Clock()
    p = Progress(tmp_path / "l.sqlite3")
    q = generate("legal-plays", seed=9)
    p.store.write(PutRetry("game-1/2/5", q.to_dict(), note="followed suit wrongly"))
    Schedule(p, clock=clock).review("retry", "game-1/2/5", False)
    clock.now += timedelta(minutes=5)
    t = TodaysPractice(["scoring"], progress=p, seed=1, clock=clock)
    assert (t.source, t.item) == ("due", ("retry", "game-1/2/5")) and t.question.prompt == q.prompt
    t.answer(t.question.answer)
    assert t.schedule.item("retry", "game-1/2/5").reviews == 2  # type: ignore[union-attr]
    assert p.stats("legal-plays").answered == 1
    t.next()
    assert t.item == ("quiz", "scoring")


def test_with_nothing_due_or_new_the_weakest_comes_again(tmp_path: Path) -> None:
    clock = Clock()
    t = TodaysPractice(["left-bower", "scoring"], progress=tmp_path / "l.sqlite3", seed=2, clock=clock)
    for _ in range(2):
        t.answer(t.question.answer)
        t.next()
    assert t.source == "more" and t.count_due == 0 and t.new_left == 0
    with pytest.raises(QuizError):
        TodaysPractice([], progress=tmp_path / "l.sqlite3")


def test_the_lessons_practice_widget_feeds_the_same_schedule(tmp_path: Path) -> None:
    path = tmp_path / "l.sqlite3"
    p = Practice("scoring", seed=3, progress=path)
    p.answer(wrong(p.question) if p.question.choices else p.question.answer + 1)  # type: ignore[operator]
    item = Schedule(path).item("quiz", "scoring")
    assert item is not None and item.mistake
    w = practice("left-bower", seed=1, progress=path)
    w.current.choose(w.practice.question.answer)
    w.current.check_button.click()
    assert Schedule(path).item("quiz", "left-bower") is not None


def test_the_widget_answers_by_clicking_and_shows_the_counts(tmp_path: Path) -> None:
    clock = Clock()
    w = today(["left-bower", "scoring"], seed=5, progress=str(tmp_path / "l.sqlite3"), clock=clock)
    assert "New topic" in w.why_view.value and "2 left today" in w.status_view.value
    w.current.choose(wrong(w.model.question))
    w.current.check_button.click()
    assert w.current.feedback is not None and not w.current.feedback.correct
    assert "streak 1 day " in w.status_view.value and "today 0 of 1 right" in w.status_view.value
    clock.now += timedelta(minutes=3)
    w.next_button.click()
    assert "New topic" in w.why_view.value  # the item just answered waits one turn, though due
    w.next()
    assert "Due for review" in w.why_view.value and "1 left today" in w.status_view.value  # a re-ask adds none
    assert w.warning_view.value == ""


def test_a_lesson_quiz_answer_lands_in_the_store_once_and_today_hears_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lesson's ``widgets.quiz(...)``, called as the lessons call it, records its answer in the
    learner's own store when Check is clicked (not when shown), once however often it is clicked;
    Today's practice then counts the topic as seen and schedules it (issue 23)."""
    from euchre_learn.teaching import widgets

    path = tmp_path / "learner.sqlite3"
    monkeypatch.setenv("EUCHRE_LEARN_PROGRESS", str(path))
    shown = widgets.quiz("left-bower", seed=4)
    right = widgets.quiz("scoring", seed=3)
    assert not path.exists()  # showing a quiz (a lesson's Run All) records nothing
    shown.choose(wrong(shown.question))
    shown.check_button.click()
    shown.check_button.click()  # a second click changes nothing
    shown.check()
    right.choose(right.question.answer)
    right.check_button.click()
    p = Progress(path)
    assert p.store.answers() == [("left-bower", False), ("scoring", True)]
    clock = Clock()
    clock.now = datetime.now(timezone.utc) + timedelta(minutes=5)
    t = TodaysPractice(["left-bower", "scoring", "trick-winner"], progress=p, seed=1, clock=clock)
    assert t.new_left == 1 and t.schedule.new(t.topics) == ["trick-winner"]
    assert (t.source, t.item) == ("due", ("quiz", "left-bower"))  # the lesson's mistake comes back first
    assert t.count_due == 1


def test_a_lesson_quiz_can_keep_nothing_or_use_a_given_store(tmp_path: Path) -> None:
    from euchre_learn.teaching import widgets

    w = widgets.quiz("left-bower", seed=4, progress=False)
    w.choose(w.question.answer)
    w.check_button.click()
    assert w.feedback is not None and w.feedback.correct
    path = tmp_path / "l.sqlite3"
    w = widgets.quiz(generate("trick-winner", seed=2), progress=path)
    w.choose(w.question.answer)
    w.check_button.click()
    assert Progress(path).stats("trick-winner").answered == 1
    assert Schedule(path).item("quiz", "trick-winner") is not None


def test_todays_counts_and_streak_survive_a_restart(tmp_path: Path) -> None:
    """'today 5 of 6 right' and the day streak are read from the store (the answers dated today),
    so a fresh model over the same store (a kernel restart) shows them again (issue 23)."""
    clock = Clock()
    path = tmp_path / "l.sqlite3"
    Schedule(path, clock=lambda: T0 - timedelta(days=1)).review("quiz", "scoring", True)  # yesterday
    Progress(path).record("scoring", True, at=(T0 - timedelta(days=1)).timestamp())  # not today
    w = today(["left-bower", "scoring", "trick-winner"], seed=5, progress=str(path), clock=clock)
    for i in range(6):
        w.current.choose(w.model.question.answer if i else wrong(w.model.question))
        w.current.check_button.click()
        clock.now += timedelta(minutes=1)
        w.next()
    assert "today 5 of 6 right" in w.status_view.value and "streak 2 days" in w.status_view.value
    again = today(["left-bower", "scoring", "trick-winner"], seed=6, progress=str(path), clock=clock)
    assert "today 5 of 6 right" in again.status_view.value and "streak 2 days" in again.status_view.value
    assert (again.model.today.correct, again.model.today.answered) == (5, 6)
    clock.now += timedelta(days=1)
    tomorrow = TodaysPractice(["left-bower"], progress=path, seed=1, clock=clock)
    assert (tomorrow.today.correct, tomorrow.today.answered) == (0, 0) and tomorrow.streak == 2


def test_the_puzzle_trainers_today_survives_a_restart(tmp_path: Path) -> None:
    from euchre_learn.teaching.puzzle_widget import puzzles

    clock = Clock()
    path = str(tmp_path / "l.sqlite3")
    Progress(path).record("scoring", True, at=T0.timestamp())  # a quiz answer: not a puzzle solved
    w = puzzles(["trumping in"], seed=2, progress=path, clock=clock)
    w.current.choose(w.model.question.answer)
    w.current.check_button.click()
    assert "solved 1 of 1 today" in w.status_view.value
    assert "solved 1 of 1 today" in puzzles(["trumping in"], seed=3, progress=path, clock=clock).status_view.value


def test_a_puzzle_in_todays_practice_is_asked_with_its_board(tmp_path: Path) -> None:
    """A due puzzle served by Today's practice shows the table as the solver sees it, as the
    puzzle trainer (lesson 14) does; a quiz topic shows no board (issue 23)."""
    from euchre_learn.analysis import puzzles as all_puzzles
    from euchre_learn.display import hand_html

    clock = Clock()
    path = tmp_path / "l.sqlite3"
    puzzle = all_puzzles.all("trumping in")[0]
    Schedule(path, clock=clock).review("puzzle", puzzle.id, False)
    w = today(["left-bower"], seed=1, progress=str(path), clock=clock)
    assert w.model.item == ("quiz", "left-bower") and w.board_view.value == ""
    clock.now += timedelta(minutes=10)
    w.next()
    assert w.model.item == ("puzzle", puzzle.id)
    assert w.board_view.value == hand_html(puzzle.hand, show=puzzle.seat, mark_legal=True)
    assert w.board_view in w.children and w.children.index(w.board_view) < w.children.index(w.holder)


def test_a_days_practice_has_an_end_and_its_count_only_goes_down(tmp_path: Path) -> None:
    """Issue 34: "due now" grew while practising (10 to 34 in one sitting) as each new topic fell
    due again. A day's practice is fixed when it begins: what is due, and today's new topics (at most
    NEW_PER_DAY); what falls due later is still practised but never adds to the day. The count goes
    down to 0, "done for today", and a restart the same day keeps what was done."""
    from euchre_learn.teaching.quiz import TOPICS
    from euchre_learn.teaching.today import NEW_PER_DAY

    clock = Clock()
    path = tmp_path / "l.sqlite3"
    t = TodaysPractice(progress=path, seed=3, clock=clock)
    assert t.left_today == NEW_PER_DAY < len(TOPICS) and not t.done
    counts = [t.left_today]
    for n in range(60):
        clock.now += timedelta(minutes=2)
        t.answer(right(t.question) if n % 3 else miss(t.question))  # a third wrong: they fall due again
        counts.append(t.left_today)
        t.next()
        counts.append(t.left_today)
        if t.done:
            break
    assert t.done and counts[-1] == 0
    assert all(b <= a for a, b in itertools.pairwise(counts)), counts  # never up
    assert t.count_due > 0  # today's mistakes are due again: practised as extra, not added to the day
    seen_new = {key for kind, key, _rating, _at in t.progress.store.reviews() if kind == "quiz"}
    assert len(seen_new) == NEW_PER_DAY  # no new topic beyond the day's until the day is done
    # a restart the same day: still done
    assert TodaysPractice(progress=path, seed=4, clock=clock).done
    # past the day's end, extra practice goes on: new topics again
    t.next()
    assert t.source in ("due", "new", "more")
    # the next day brings the checks due and new topics again
    clock.now += timedelta(days=1)
    tomorrow = TodaysPractice(progress=path, seed=5, clock=clock)
    assert tomorrow.left_today > 0 and not tomorrow.done


def test_the_widget_says_done_for_today(tmp_path: Path) -> None:
    clock = Clock()
    w = today(["left-bower"], seed=1, progress=str(tmp_path / "l.sqlite3"), clock=clock)
    assert "1 left today" in w.status_view.value
    w.current.choose(w.model.question.answer)
    w.current.check_button.click()
    assert "Done for today" in w.status_view.value
    w.next_button.click()
    assert "Extra practice: done for today" in w.why_view.value and "Done for today" in w.status_view.value
