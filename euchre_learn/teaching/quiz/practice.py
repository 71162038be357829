"""Practice: endless questions with score and streak, the model behind the practice widget."""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from euchre_learn.engine.errors import quote
from euchre_learn.engine.rules import Rules
from euchre_learn.teaching.answering import OnShow, answer
from euchre_learn.teaching.quiz.bank import Bank, load_bank
from euchre_learn.teaching.quiz.question import Feedback, Question, QuizError
from euchre_learn.teaching.quiz.topics import generate, rule_link, topic
from euchre_learn.teaching.quiz.topics import topics as all_topics

if TYPE_CHECKING:
    from euchre_learn.learner.progress import Progress


# ---- practice: endless questions with score and streak (the model behind the widget) ----


class Practice:
    """Endless practice from one topic or a mix, with score and streak; the model the practice
    widget shows. Each answer goes through the one answer path
    (:func:`~euchre_learn.teaching.answering.answer`): graded once (answering a question twice
    counts once) and recorded with its topic, its situation (a question on a position to play) and
    its time.

    ``progress`` is a :class:`~euchre_learn.learner.progress.Progress` (or a path to one), ``None``
    for the learner's progress file, or ``False`` to keep nothing. With ``bank`` (a
    :class:`Bank`, a list of questions, or a path to a bank file) the questions come from the
    bank, each once in a shuffled order before any repeats; ``topics`` then picks among the
    bank's topics.

    >>> p = Practice('left-bower', seed=1, progress=False)
    >>> fb = p.answer(p.question.answer)
    >>> fb.correct, p.score, p.asked, p.streak
    (True, 1, 1, 1)
    >>> p.answer('J♣') is fb, p.asked          # a second answer does not count again
    (True, 1)
    >>> q = p.next(); p.asked, p.answered
    (1, False)
    """

    def __init__(
        self,
        topics: str | Sequence[str] | None = None,
        *,
        seed: int | None = None,
        rules: Rules | str | dict[str, Any] | None = None,
        progress: Progress | str | os.PathLike[str] | bool | None = None,
        bank: Bank | Sequence[Question] | str | os.PathLike[str] | None = None,
    ) -> None:
        if isinstance(bank, (str, os.PathLike)):
            bank = load_bank(bank)
        self.bank: tuple[Question, ...] | None = None if bank is None else tuple(bank)
        if self.bank is not None and not self.bank:
            raise QuizError("the bank has no questions to practise")
        known = tuple(t.name for t in all_topics()) if self.bank is None else tuple(dict.fromkeys(q.topic for q in self.bank))
        if topics is None:
            chosen = known
        elif isinstance(topics, str):
            chosen = (topics,)
        else:
            chosen = tuple(topics)
        if not chosen:
            raise QuizError("Practice needs at least one topic")
        for name in chosen:
            if self.bank is None:
                topic(name)
            elif name not in known:
                raise QuizError(f"{quote(name)} is not a topic of this bank: its topics are {', '.join(map(repr, known))}")
        self.topics: tuple[str, ...] = chosen
        self._queue: list[Question] = []
        self.rules = None if rules is None else Rules.from_value(rules)
        self.seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        self._rng = random.Random(f"euchre-learn/practice/{self.seed}")
        if progress is None or progress is True:
            from euchre_learn.learner.progress import Progress

            self.progress: Progress | None = Progress()
        elif progress is False:
            self.progress = None
        elif isinstance(progress, (str, os.PathLike)):
            from euchre_learn.learner.progress import Progress

            self.progress = Progress(progress)
        else:
            self.progress = progress
        self.asked = 0
        self.score = 0
        self.streak = 0
        self.best_streak = 0
        self.on_show = OnShow(self._make())

    def _make(self) -> Question:
        if self.bank is not None:
            self._queue = [q for q in self._queue if q.topic in self.topics]
            if not self._queue:
                self._queue = [q for q in self.bank if q.topic in self.topics]
                self._rng.shuffle(self._queue)
            return self._queue.pop()
        name = self._rng.choice(self.topics)
        return generate(name, self._rng.getrandbits(32), rules=self.rules)

    @property
    def question(self) -> Question:
        """The question on show."""
        return self.on_show.question

    @property
    def feedback(self) -> Feedback | None:
        """The current question's feedback, once answered (``None`` before)."""
        return self.on_show.feedback

    @property
    def answered(self) -> bool:
        """True once the current question has been answered."""
        return self.on_show.answered

    def next(self) -> Question:
        """Move on to a new question (an unanswered one is skipped, not counted)."""
        self.on_show = OnShow(self._make())
        return self.question

    def answer(self, response: object) -> Feedback:
        """Grade ``response`` to the current question and count it, once. Answering again
        returns the first feedback and changes nothing. A response that is not an answer
        raises :class:`QuizError` and counts nothing."""
        if self.on_show.feedback is not None:
            return self.on_show.feedback
        fb = answer(self.on_show, response, self.progress)  # also a review in the schedule, timed from when shown
        self.asked += 1
        if fb.correct:
            self.score += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        return fb

    @property
    def warnings(self) -> list[str]:
        """Problems with the progress file, in words (shown by the widget)."""
        from euchre_learn.learner.progress import warnings_of  # the store is opened on first use

        return warnings_of(self.progress)

    def links(self) -> list[tuple[str, str]]:
        """The rules the current question practises, as (rule id, link into docs/rules.md)."""
        return [(r, rule_link(r)) for r in self.question.rules]

    def __repr__(self) -> str:
        return f"<Practice {'mixed' if len(self.topics) > 1 else self.topics[0]}: {self.score}/{self.asked}, streak {self.streak}>"
