"""A scheduled session: one question at a time from the learner's practice schedule, each answer
graded, recorded in the learner's store and reviewed in the schedule, timed from when the question
was shown by the schedule's own clock; an answer to a position (a puzzle, a retry, a situation) is
also filed under its situation (:mod:`euchre_learn.learner.situation_schedule`). The model both "Today's practice"
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
from euchre_learn.teaching.quiz.question import Feedback, Question
from euchre_learn.teaching.situation_deals import situation_of_question

__all__ = ["ScheduledSession"]


class ScheduledSession:
    """The learner's store and schedule, the question on show and the counts of this session.

    ``progress``: a :class:`Progress`, a path, or ``None`` for the learner's own store; ``seed``:
    the session's order (``None``: a fresh one, kept in :attr:`seed`); ``clock``: "now" as an aware
    datetime (tests pass a fake one). A subclass sets :attr:`question` (with :meth:`_show`) and
    says what an answer counts as (:meth:`_recorded_as`) and what was just asked (:meth:`_key`).
    """

    question: Question
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
        self.feedback: Feedback | None = None
        self._last: Hashable | None = None
        self._shown = datetime.min

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
        found = situation_of_question(self.question)
        return None if found is None else (found.key, found.family)

    def _response(self, response: object) -> object:
        """``response`` as the question's check takes it (a subclass may accept more)."""
        return response

    # --- showing --------------------------------------------------------------------------------
    def _show(self, question: Question) -> None:
        """Put ``question`` on show, unanswered, timed from now."""
        self.question = question
        self.feedback = None
        self._shown = self.schedule.now()

    @property
    def answered(self) -> bool:
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
        """Grade ``response``, record it (once) in the store and the schedule. A response that is
        not an answer raises :class:`~euchre_learn.teaching.quiz.question.QuizError` and counts nothing."""
        if self.feedback is not None:
            return self.feedback
        fb = self.question.check(self._response(response))
        self.feedback = fb
        self.asked += 1
        self.score += fb.correct
        now = self.schedule.now()
        seconds = max(0.0, (now - self._shown).total_seconds())
        topic, item = self._recorded_as()
        self.progress.record(
            topic, fb.correct, seconds=seconds, item=item, at=now.timestamp(), situation=self._situation()
        )
        self._last = self._key()
        return fb
