"""Learn from your mistakes: each costly decision of a review comes back as a position to replay.

The model behind a "try again" panel, with no widgets (a widget only shows it and forwards
clicks). A :class:`MistakeDrill` holds one :class:`Retry` per mistake or blunder of a
:class:`~euchre_learn.analysis.review.Review`, worst first. For each, the learner must find an
action within the 'good' threshold of the best (graded best or good) before the answer is
shown: the first miss says how much that action gives up and asks again; a second miss
shows the better action with the review's explanation.

Every finished retry is reported to an optional ``recorder``: any callable taking a
:class:`RetryResult` (the adaptive-practice store schedules it again later; a list's
``append`` will do for a test).

>>> import euchre_learn as el
>>> rev = el.review(el.examples.hand('left-bower-trap'), seat='N')
>>> drill = MistakeDrill(rev, grades=('inaccuracy', 'mistake', 'blunder'))
>>> retry = drill.current
>>> print(retry.prompt)  # doctest: +ELLIPSIS
North to act (bidding round 1): you chose to order it up, an inaccuracy. Find a better choice.
>>> retry.attempt('order up alone').correct
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from euchre_learn.analysis.coach.grades import loss_text
from euchre_learn.analysis.review.model import Decision
from euchre_learn.analysis.review.report import Review
from euchre_learn.engine.actions import Action
from euchre_learn.engine.hand import Hand, IllegalActionError

__all__ = ["Feedback", "MistakeDrill", "Recorder", "Retry", "RetryResult"]


@dataclass(frozen=True)
class RetryResult:
    """What a finished retry reports to the recorder.

    ``key`` is stable for the same position and seat (a hash of the position's record), so a
    store can schedule it again; ``record`` is the position as a hand record (see
    :func:`euchre_learn.replay`); ``attempts`` the actions tried, in order; ``solved`` whether
    one of them was good enough, ``first_try`` whether the first was.
    """

    key: str
    seat: str
    phase: str
    grade: str
    attempts: tuple[str, ...]
    solved: bool
    first_try: bool
    record: dict[str, object]


Recorder = Callable[[RetryResult], object]
"""Anything that takes a :class:`RetryResult` (its return value is ignored)."""


@dataclass(frozen=True)
class Feedback:
    """The answer to one attempt: ``correct`` (within the good threshold), the attempt's
    ``grade``, a plain ``message``, and whether the answer is now shown (``revealed``)."""

    correct: bool
    grade: str
    message: str
    revealed: bool


def _key(position: Hand, seat: str) -> str:
    text = json.dumps(position.to_record(), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(f"{seat}|{text}".encode()).hexdigest()[:16]


class Retry:
    """One costly decision to find again: :attr:`position` is the hand before it.

    :meth:`attempt` takes an action (or its text) and returns :class:`Feedback`. An illegal
    action is explained and does not count as a miss. After a good answer or a second miss
    the retry is :attr:`finished` and the recorder (if any) has been told.
    """

    def __init__(self, decision: Decision, recorder: Recorder | None = None) -> None:
        self.decision = decision
        self.position = decision.position
        self.recorder = recorder
        self.attempts: list[Action] = []
        self.solved = False
        self.revealed = False

    @property
    def finished(self) -> bool:
        return self.solved or self.revealed

    @property
    def prompt(self) -> str:
        d = self.decision
        article = "an" if d.grade[0] in "aeiou" else "a"
        return (
            f"{d.seat.word} to act ({d.phase.value}): you chose {_said(d, d.action)}, {article} {d.grade}. "
            "Find a better choice."
        )

    @property
    def answer(self) -> Action | None:
        """The best action, once it is shown (``None`` before)."""
        return self.decision.best if self.finished else None

    def attempt(self, action: Action | str) -> Feedback:
        d = self.decision
        if self.finished:
            raise ValueError("this retry is finished: go on to the next one")
        try:
            a = Action.parse(action)
        except ValueError as err:
            return Feedback(False, "", f"That is not an action: {err}", False)
        if not self.position.is_legal(a):
            why = self.position.explain_illegal(a)
            return Feedback(False, "", f"That is not allowed here: {why} Try another.", False)
        self.attempts.append(a)
        grade = d.grade_of(a)
        if grade in ("best", "good"):
            self.solved = True
            head = (
                "Yes: that is the best choice." if grade == "best" else f"Good: that is close to the best ({d.best})."
            )
            self._report()
            return Feedback(True, grade, f"{head} {d.explanation}", False)
        cost = d.gap(a)
        game = d.win_loss is not None
        unit = f"{loss_text(cost, game, words=True)} " + ("of the chance to win" if game else "points")
        if len(self.attempts) == 1:
            return Feedback(
                False,
                grade,
                f"Not yet: {_said(d, a)} gives up {unit} against the best. Look again at what you know "
                "(your cards, the bids, the cards played) and try once more.",
                False,
            )
        self.revealed = True
        self._report()
        return Feedback(
            False, grade, f"Not this time: {_said(d, a)} gives up {unit}. The answer: {d.explanation}", True
        )

    def _report(self) -> None:
        if self.recorder is None:
            return
        d = self.decision
        self.recorder(
            RetryResult(
                key=_key(self.position, str(d.seat)),
                seat=str(d.seat),
                phase=d.phase.value,
                grade=d.grade,
                attempts=tuple(str(a) for a in self.attempts),
                solved=self.solved,
                first_try=self.solved and len(self.attempts) == 1,
                record=self.position.to_record(),
            )
        )


def _said(d: Decision, a: Action) -> str:
    from euchre_learn.engine.explain import action_words

    if a.card is not None:
        return f"the {a.card}"
    state = d.position.core
    return f"to {action_words(state, state.to_act, a.id)}"


class MistakeDrill:
    """The costly decisions of a review, worst first, one :class:`Retry` at a time.

    ``grades``: which grades come back (mistakes and blunders by default).
    """

    def __init__(
        self, review: Review, recorder: Recorder | None = None, grades: Sequence[str] = ("mistake", "blunder")
    ) -> None:
        bad = [d for d in review.decisions if d.grade in grades]
        bad.sort(key=lambda d: (-(d.win_loss if d.win_loss is not None else d.loss), d.hand_number, d.index))
        self.retries = tuple(Retry(d, recorder) for d in bad)
        self._at = 0

    def __len__(self) -> int:
        return len(self.retries)

    @property
    def current(self) -> Retry | None:
        """The retry in hand: the first one not finished, or ``None`` when all are done."""
        while self._at < len(self.retries) and self.retries[self._at].finished:
            self._at += 1
        return self.retries[self._at] if self._at < len(self.retries) else None

    @property
    def done(self) -> bool:
        return self.current is None

    def attempt(self, action: Action | str) -> Feedback:
        """An attempt at the current retry."""
        retry = self.current
        if retry is None:
            raise IllegalActionError("every mistake of this review has been retried: nothing is left to try")
        return retry.attempt(action)

    @property
    def score(self) -> tuple[int, int]:
        """(retries solved, retries finished)."""
        finished = [r for r in self.retries if r.finished]
        return sum(r.solved for r in finished), len(finished)
