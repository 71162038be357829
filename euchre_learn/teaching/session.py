"""A scheduled session: one question at a time from the learner's practice schedule, each answer
graded once, recorded in the learner's store and reviewed in the schedule, timed from when the
question was shown by the schedule's own clock; an answer to a position (a puzzle, a retry, a
situation) is also filed under its situation (:mod:`euchre_learn.learner.situation_schedule`). The
grading and the recording are the one answer path's (:func:`~euchre_learn.teaching.answering.answer`). The model both "Today's practice"
(:class:`~euchre_learn.teaching.today.TodaysPractice`) and the puzzle trainer
(:class:`~euchre_learn.teaching.puzzle_model.PuzzleTrainer`) are; each says only what to ask next
and under which topic and item an answer counts. No widgets here (the one view of a session is
:class:`~euchre_learn.teaching.session_widget.SessionWidget`), so the tests drive it directly.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Hashable
from datetime import datetime

from euchre_learn.learner.progress import Progress, TopicStats
from euchre_learn.learner.schedule import Schedule
from euchre_learn.teaching.answering import OnShow, answer, situation_filed
from euchre_learn.teaching.quiz.question import Feedback, Question

__all__ = ["ScheduledSession"]


class ScheduledSession:
    """The learner's store and schedule, the question on show and the counts of this session.

    ``progress``: a :class:`Progress`, a path, or ``None`` for the learner's own store; ``seed``:
    the session's order (``None``: a fresh one, kept in :attr:`seed`); ``clock``: "now" as an aware
    datetime (tests pass a fake one). A subclass puts a question on show (with :meth:`_show`) and
    says what an answer counts as (:meth:`_recorded_as`) and what was just asked (:meth:`_key`).
    """

    source: str
    """Why the current question was chosen (``'due'``, ``'new'``, ``'more'``, ...)."""

    def __init__(
        self,
        *,
        progress: Progress | str | os.PathLike[str] | None,
        seed: int | None,
        clock: Callable[[], datetime] | None,
    ) -> None:
        self.progress = progress if isinstance(progress, Progress) else Progress(progress)
        self.schedule = Schedule(self.progress, clock=clock)
        self.seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        self.asked = 0
        self.score = 0
        self.on_show: OnShow | None = None
        """The question on show and its one answer (``None`` until the first is shown)."""
        self._last: Hashable | None = None

    # --- what a subclass says -----------------------------------------------------------------
    def _key(self) -> Hashable:  # pragma: no cover - abstract
        """What is being asked now (the session asks something else next when it can)."""
        raise NotImplementedError

    def _recorded_as(self) -> tuple[str, tuple[str, str]]:  # pragma: no cover - abstract
        """The topic an answer counts under in the progress, and its item in the schedule."""
        raise NotImplementedError

    def next(self) -> object:  # pragma: no cover - abstract
        """Show the next item in the session's order."""
        raise NotImplementedError

    def _situation(self) -> tuple[str, str] | None:
        """The situation ``(key, family)`` an answer is filed under in the situation schedule: the
        question's, where it asks the seat to act what to do (a puzzle, a retry), else ``None``."""
        return situation_filed(self.question)

    def _response(self, response: object) -> object:
        """``response`` as the question's check takes it (a subclass may accept more)."""
        return response

    # --- showing --------------------------------------------------------------------------------
    def _show(self, question: Question) -> None:
        """Put ``question`` on show, unanswered, timed from now."""
        self.on_show = OnShow(question, shown=self.schedule.now().timestamp())

    @property
    def question(self) -> Question:
        """The question on show."""
        if self.on_show is None:  # pragma: no cover - a subclass shows a question as it starts
            raise AttributeError("no question has been shown yet")
        return self.on_show.question

    @property
    def feedback(self) -> Feedback | None:
        """The answer's feedback to the question on show (``None`` until answered)."""
        return None if self.on_show is None else self.on_show.feedback

    @property
    def answered(self) -> bool:
        """True once the question on show has been answered."""
        return self.feedback is not None

    @property
    def today(self) -> TopicStats:
        """Every answer in the learner's store dated today (by the schedule's clock), whatever asked
        it: read from the store, so "today 5 of 6 right" survives a restart (:attr:`score` and
        :attr:`asked` count this session only)."""
        return self.progress.on_day(self.schedule.now(), self._today_topic)

    _today_topic: str | None = None
    """The topic :attr:`today` counts (``None``: every topic)."""

    @property
    def warnings(self) -> list[str]:
        """Problems with the store or the schedule, in words (shown by the widget)."""
        return self.schedule.warnings

    # --- answering ------------------------------------------------------------------------------
    def answer(self, response: object) -> Feedback:
        """Grade ``response``, record it (once) in the store and the schedule, by the one answer path
        (:func:`~euchre_learn.teaching.answering.answer`), at the schedule's "now". A response that
        is not an answer raises :class:`~euchre_learn.teaching.quiz.question.QuizError` and counts nothing."""
        on_show = self.on_show
        if on_show is None:  # pragma: no cover - a subclass shows a question as it starts
            raise AttributeError("no question has been shown yet")
        if on_show.feedback is not None:
            return on_show.feedback
        topic, item = self._recorded_as()
        at = self.schedule.now().timestamp()
        fb = answer(
            on_show, self._response(response), self.progress, at=at, topic=topic, item=item, situation=self._situation()
        )
        self.asked += 1
        self.score += fb.correct
        self._last = self._key()
        return fb
