"""A lesson quiz's answer, recorded once in the learner's store: the grader the lessons' quiz
widgets (:func:`euchre_learn.teaching.widgets.quiz`) check with, so every quiz answered in a lesson
counts in the learner's progress and is a review in the practice schedule, which Today's practice
(:mod:`euchre_learn.teaching.today`) reads. No widgets here.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from euchre_learn.teaching.answering import OnShow, answer
from euchre_learn.teaching.quiz.question import Feedback, Question

if TYPE_CHECKING:
    from euchre_learn.learner.progress import Progress

__all__ = ["Recorder"]


class Recorder:
    """Grades one question and records its first answer in the learner's progress, through the one
    answer path (:func:`~euchre_learn.teaching.answering.answer`): one answer on the question's topic
    and one review of ``('quiz', topic)`` in the practice schedule, timed from when the widget was
    made; a question asking the seat to act what to do is also filed under its situation. A second
    Check returns the first feedback and records nothing. The store is opened at the first answer,
    not before, so showing a quiz (a lesson's Run All) writes nothing.

    ``progress``: a :class:`~euchre_learn.learner.progress.Progress`, a path, ``None`` (or ``True``)
    for the learner's own store, ``False`` to keep nothing.

    >>> from euchre_learn import quiz
    >>> r = Recorder(quiz.generate('left-bower', seed=3), progress=False)
    >>> r(r.question.answer).correct, r.recorded
    (True, True)
    """

    def __init__(self, question: Question, progress: Progress | str | os.PathLike[str] | bool | None = None) -> None:
        self.question = question
        self._given = progress
        self.progress: Progress | None = None
        self.on_show = OnShow(question)

    @property
    def recorded(self) -> bool:
        """True once the question has been answered (and the answer recorded, if kept)."""
        return self.on_show.answered

    def _open(self) -> Progress | None:
        given = self._given
        if given is False:
            return None
        from euchre_learn.learner.progress import Progress

        if isinstance(given, Progress):
            return given
        return Progress(None if given is None or given is True else given)

    def __call__(self, response: object) -> Feedback:
        if not self.on_show.answered:
            self.question.normalize(response)  # not an answer: its QuizError, before the store is opened
            self.progress = self._open()
        return answer(self.on_show, response, self.progress)

    @property
    def warnings(self) -> list[str]:
        """Problems with the learner's store, in words (empty before the answer)."""
        from euchre_learn.learner.progress import warnings_of  # the store is opened on first use

        return warnings_of(self.progress)
