"""One answer path: every answer a learner gives, whichever widget took it, is graded once and
recorded by one function, with its topic, its situation and its time.

- :class:`OnShow` is a question on show: the question, when it was shown, and its one
  :class:`~euchre_learn.teaching.quiz.question.Feedback` once answered.
- :func:`answer` grades a response to the question on show, once: a second answer (a double
  click) returns the first feedback and records nothing; a response that is not an answer raises
  :class:`~euchre_learn.teaching.quiz.question.QuizError` and counts nothing. The first answer goes
  to :func:`record_answer`.
- :func:`record_answer` is the one write of an answer: one answer on its topic in the learner's
  progress, one review of its item in the practice schedule, and, where the question asks the seat
  to act in a position what to do, one answer filed under that position's situation
  (:func:`~euchre_learn.teaching.situation_deals.situation_of_question`), all at one time and in one
  transaction (:meth:`~euchre_learn.learner.progress.Progress.record`).

The lesson quiz (:class:`~euchre_learn.teaching.quiz_record.Recorder`), the practice widget
(:class:`~euchre_learn.teaching.quiz.practice.Practice`), every scheduled session (Today's practice,
the puzzle trainer, the daily workout: :class:`~euchre_learn.teaching.session.ScheduledSession`) and a
retry at the table (:func:`~euchre_learn.interactive.retry_question.file_retry`, whose verdict the
retry itself reaches) answer through here; they differ only in what they pass: the topic and item
an answer counts under, and the clock.

>>> import tempfile, os
>>> from euchre_learn import quiz
>>> from euchre_learn.learner.progress import Progress
>>> p = Progress(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'))
>>> on_show = OnShow(quiz.generate('left-bower', seed=3), shown=1e9)
>>> answer(on_show, on_show.question.answer, p, at=1e9 + 12).correct
True
>>> answer(on_show, 'J♣', p, at=1e9 + 20).correct      # a double click: the first answer stands
True
>>> p.store.answer_log()
[('left-bower', True, 1000000012.0, 12.0)]
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # types only: the quiz package's practice imports this module as it loads
    from euchre_learn.learner.progress import Progress
    from euchre_learn.teaching.quiz.question import Feedback, Question

__all__ = ["FROM_QUESTION", "OnShow", "answer", "record_answer", "situation_filed"]

FROM_QUESTION: Literal["question"] = "question"
"""The default ``situation`` of :func:`record_answer`: the question's own (:func:`situation_filed`)."""

Situated = tuple[str, str] | None | Literal["question"]


@dataclass
class OnShow:
    """A question on show: :attr:`question`, :attr:`shown` (when it was put on show, in seconds
    since the epoch by the caller's clock) and :attr:`feedback`, the first answer's (``None``
    until answered)."""

    question: Question
    shown: float = field(default_factory=time.time)
    feedback: Feedback | None = None

    @property
    def answered(self) -> bool:
        """True once the question has been answered."""
        return self.feedback is not None


def situation_filed(question: Question) -> tuple[str, str] | None:
    """The situation ``(key, family)`` an answer to ``question`` is filed under: its position's,
    where it asks the seat to act what to do (a puzzle, a retry, a strategy quiz), else ``None``.

    >>> from euchre_learn import quiz
    >>> situation_filed(quiz.generate('left-bower', seed=3)) is None
    True
    """
    from euchre_learn.teaching.situation_deals import situation_of_question

    found = situation_of_question(question)
    return None if found is None else (found.key, found.family)


def record_answer(
    progress: Progress,
    question: Question,
    correct: bool,
    *,
    at: float | None = None,
    seconds: float | None = None,
    topic: str | None = None,
    item: tuple[str, str] | None = None,
    situation: Situated = FROM_QUESTION,
) -> None:
    """Record one answer to ``question`` in ``progress``: under ``topic`` (default the question's),
    a review of ``item`` in the practice schedule (default ``('quiz', topic)``), filed under
    ``situation`` (default the question's own, :func:`situation_filed`; ``None`` for none), at ``at``
    (seconds since the epoch, default now), having taken ``seconds`` (``None``: not timed).

    >>> import tempfile, os
    >>> from euchre_learn import quiz
    >>> from euchre_learn.learner.progress import Progress
    >>> p = Progress(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'))
    >>> record_answer(p, quiz.generate('scoring', seed=1), False, at=1e9, seconds=30)
    >>> p.store.answer_log(), [r[:3] for r in p.store.reviews()]
    ([('scoring', False, 1000000000.0, 30.0)], [('quiz', 'scoring', 1)])
    """
    progress.record(
        question.topic if topic is None else topic,
        correct,
        seconds=seconds,
        item=item,
        at=time.time() if at is None else at,
        situation=situation_filed(question) if situation == FROM_QUESTION else situation,
    )


def answer(
    on_show: OnShow,
    response: object,
    progress: Progress | None,
    *,
    at: float | None = None,
    topic: str | None = None,
    item: tuple[str, str] | None = None,
    situation: Situated = FROM_QUESTION,
) -> Feedback:
    """Grade ``response`` to the question on show, once, and record it (:func:`record_answer`,
    timed from :attr:`OnShow.shown` to ``at``, default now) in ``progress`` (``None``: keep
    nothing). Answering again returns the first feedback and records nothing. A response that is
    not an answer raises :class:`~euchre_learn.teaching.quiz.question.QuizError` and counts nothing.

    >>> from euchre_learn import quiz
    >>> on_show = OnShow(quiz.generate('left-bower', seed=3))
    >>> fb = answer(on_show, on_show.question.answer, None)
    >>> fb.correct, answer(on_show, 'J♣', None) is fb
    (True, True)
    """
    if on_show.feedback is not None:
        return on_show.feedback
    fb = on_show.question.check(response)
    on_show.feedback = fb
    if progress is not None:
        when = time.time() if at is None else at
        record_answer(
            progress,
            on_show.question,
            fb.correct,
            at=when,
            seconds=max(0.0, when - on_show.shown),
            topic=topic,
            item=item,
            situation=situation,
        )
    return fb
