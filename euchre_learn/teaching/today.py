"""Today's practice: past mistakes first, then new topics, then the checks the schedule says are
due (the weakest first), then more of the weakest; the model behind the "Today's practice" widget
(:mod:`euchre_learn.teaching.today_widget`). No widgets here, so tests drive it directly.

Each answer is recorded in the learner's store (:class:`~euchre_learn.learner.progress.Progress`)
and is one review in the schedule (:class:`~euchre_learn.learner.schedule.Schedule`), timed from
when the question was shown by the same clock the schedule uses.

Items of any kind can be served once a maker for the kind is known (:data:`MAKERS`): a quiz
topic (``'quiz'``) is a freshly dealt question, a retry (``'retry'``) is the question saved
in the store, a puzzle (``'puzzle'``, :mod:`euchre_learn.teaching.puzzle_model`) is the
puzzle's question, a situation (``'situation'``, from the learner's situation schedule,
:mod:`euchre_learn.learner.situation_schedule`) is *another deal* of it
(:mod:`euchre_learn.teaching.situation_deals`). Another kind registers its own with :func:`register`.

Mistakes come first: a puzzle or a position from the table the learner missed (the very
position, to try again), then other deals of the situations got wrong (at the table, in a
puzzle, here) and not yet got right three times in a row since, then the quiz topics last got
wrong; then new topics; then the checks due of what was last answered right (quiz topics and
puzzles, then the situations due for an occasional check); then more of the weakest. New before checks: over simulated learners who learn rules,
forget them and gain from spacing, it reaches 90% accuracy in fewer items than checks first
(``python -m benchmarks learners``, docs/teaching.md).

A day's practice has an end (:attr:`TodaysPractice.left_today`, :attr:`TodaysPractice.done`): it
is fixed when it begins, as what is due then and the day's new topics (at most :data:`NEW_PER_DAY`),
so the count the learner sees only goes down; what falls due while practising (a mistake, a new
topic's first check) is asked too, but never adds to the day.

>>> import tempfile, os
>>> from datetime import datetime, timezone
>>> t = TodaysPractice(['left-bower', 'scoring'], progress=os.path.join(tempfile.mkdtemp(), 'l.sqlite3'),
...                    seed=1, clock=lambda: datetime(2025, 3, 3, 9, tzinfo=timezone.utc))
>>> t.source, t.question.topic, t.count_due, t.streak
('new', 'left-bower', 0, 0)
>>> t.answer(t.question.answer).correct, t.streak
(True, 1)
>>> _ = t.next(); t.source, t.question.topic
('new', 'scoring')
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import Any

from euchre_learn.engine.hand import Hand
from euchre_learn.engine.records import replay
from euchre_learn.engine.rules import Rules
from euchre_learn.learner.progress import Progress
from euchre_learn.learner.schedule import Item
from euchre_learn.learner.situation_schedule import SituationCard, SituationSchedule
from euchre_learn.learner.store import Store
from euchre_learn.teaching.puzzle_model import KIND as _PUZZLE
from euchre_learn.teaching.puzzle_model import serve as _puzzle
from euchre_learn.teaching.quiz import TOPICS, Question, QuizError, generate, topic
from euchre_learn.teaching.session import ScheduledSession
from euchre_learn.teaching.situation_deals import KIND as _SITUATION
from euchre_learn.teaching.situation_deals import family_of
from euchre_learn.teaching.situation_deals import serve as _serve_situation

__all__ = ["MAKERS", "NEW_PER_DAY", "TodaysPractice", "register"]

NEW_PER_DAY = 10
"""New topics a day's practice brings in at most; once the day's practice is done, more come as
extra practice. Without a cap, every new topic answered fell due again within the hour, and "due
now" grew while the learner practised (10 to 34 in one sitting, issue 34)."""

Maker = Callable[[str, Store, random.Random, Rules | None], Question | None]
"""From an item's key (and the store, a random source, the rules) to its question; ``None``
when the item can no longer be asked (a retry since removed)."""


def _quiz(key: str, _store: Store, rng: random.Random, rules: Rules | None) -> Question | None:
    return generate(key, rng.getrandbits(32), rules=rules) if key in TOPICS else None


def _retry(key: str, store: Store, _rng: random.Random, _rules: Rules | None) -> Question | None:
    data = store.retries().get(key)
    if data is None:
        return None
    try:
        return Question.from_dict(data)
    except QuizError:
        return None


MAKERS: dict[str, Maker] = {"quiz": _quiz, "retry": _retry, _PUZZLE: _puzzle, _SITUATION: _serve_situation}
"""The question maker for each kind of scheduled item."""


def register(kind: str, maker: Maker) -> None:
    """Serve scheduled items of ``kind`` with ``maker`` (see :data:`Maker`)."""
    MAKERS[kind] = maker


class TodaysPractice(ScheduledSession):
    """Practice in the schedule's order (see the module docs): a :class:`ScheduledSession` of quiz
    topics, retries and puzzles.

    ``topics``: the quiz topics to draw on (default all, in teaching order); ``progress``: a
    :class:`Progress`, a path, or ``None`` for the learner's own store; ``clock``: "now" as an
    aware datetime (tests pass a fake one). :attr:`source` says why the current question was
    chosen: ``'due'``, ``'new'`` or ``'more'`` (nothing due and nothing new: the weakest again).
    """

    def __init__(
        self,
        topics: Sequence[str] | None = None,
        *,
        progress: Progress | str | os.PathLike[str] | None = None,
        seed: int | None = None,
        rules: Rules | str | dict[str, Any] | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.topics: tuple[str, ...] = TOPICS if topics is None else tuple(topics)
        if not self.topics:
            raise QuizError("Today's practice needs at least one topic")
        for name in self.topics:
            topic(name)
        super().__init__(progress=progress, seed=seed, clock=clock)
        self.situations = SituationSchedule(self.progress, clock=clock)
        self.rules = None if rules is None else Rules.from_value(rules)
        self._rng = random.Random(f"euchre-learn/today/{self.seed}")
        self.item: tuple[str, str] = ("quiz", self.topics[0])
        self.source = "new"
        self._plan_day: date | None = None
        self._plan: frozenset[tuple[str, str]] = frozenset()
        self._serve()

    # --- what to ask --------------------------------------------------------------------------
    def _situations_due(self) -> list[SituationCard]:
        return self.situations.due(self.schedule.now()) if _SITUATION in MAKERS else []

    def _candidates(self) -> list[tuple[str, str, str]]:
        """(kind, key, source) in the order to serve them."""
        items = [
            i
            for i in self.schedule.due()
            if i.kind in MAKERS and i.kind != _SITUATION and (i.kind != "quiz" or i.key in self.topics)
        ]
        # the very position missed (a puzzle, a retry) first, then other deals of the situations
        # missed and not yet made good (three right in a row), then the quiz topics missed; then
        # new topics; then the checks of what was last right (new before checks:
        # benchmarks/bench_learners.py measured it the faster way to 90%)
        mine = [(i.kind, i.key, "due") for i in items if i.kind != "quiz" and i.mistake]
        quiz_missed = [(i.kind, i.key, "due") for i in items if i.kind == "quiz" and i.mistake]
        checks = [(i.kind, i.key, "due") for i in items if not i.mistake]
        situations = self._situations_due()
        missed = [(_SITUATION, c.key, "due") for c in situations if c.relearning]
        checks += [(_SITUATION, c.key, "due") for c in situations if not c.relearning]
        new = [("quiz", k, "new") for k in self.schedule.new(self.topics) if self.done or ("quiz", k) in self._plan]
        weakest: list[Item] = sorted(
            (i for i in self.schedule.items("quiz") if i.key in self.topics), key=lambda i: (i.retrievability, i.due)
        )
        more = [("quiz", i.key, "more") for i in weakest] or [("quiz", self._rng.choice(self.topics), "more")]
        return mine + missed + quiz_missed + new + checks + more

    def _serve(self) -> Question:
        self._plan_the_day()
        candidates = self._candidates()
        # the item just answered waits its turn when anything else is on offer
        fresh = [c for c in candidates if (c[0], c[1]) != self._last] or candidates
        for kind, key, source in fresh:
            q = MAKERS[kind](key, self.progress.store, self._rng, self.rules)
            if q is not None:
                self.item, self.source = (kind, key), source
                self._last = None  # it waited one turn
                self._show(q)
                return q
        raise QuizError("nothing to practise: none of today's items can be asked")

    def _key(self) -> tuple[str, str]:
        return self.item

    def _recorded_as(self) -> tuple[str, tuple[str, str]]:
        return self.question.topic, self.item

    def _situation(self) -> tuple[str, str] | None:
        kind, key = self.item
        if kind == _SITUATION:  # filed under the situation scheduled, even where its family stood in
            card = self.situations.card(key)
            return key, card.family if card is not None else family_of(key) or "other"
        return super()._situation()

    @property
    def board(self) -> Hand | None:
        """The position the current question asks about (a puzzle, a retry, a situation), to draw
        beside it as the seat to act sees it; ``None`` for a quiz question without one."""
        if self.item[0] == "quiz" or self.question.record is None:
            return None
        try:
            hand = replay(dict(self.question.record))
        except ValueError:
            return None
        return None if hand.is_over or hand.to_act is None else hand

    # --- the day's practice -------------------------------------------------------------------
    def _due_items(self) -> list[tuple[str, str]]:
        items = [
            (i.kind, i.key)
            for i in self.schedule.due()
            if i.kind in MAKERS and i.kind != _SITUATION and (i.kind != "quiz" or i.key in self.topics)
        ]
        return items + [(_SITUATION, c.key) for c in self._situations_due()]

    def _done_today(self) -> set[tuple[str, str]]:
        """The items answered today (by the schedule's clock, in the store: a restart keeps them)."""
        now = self.schedule.now()
        day, tz = now.date(), now.tzinfo
        store = self.progress.store
        done = {(k, key) for k, key, _r, at in store.reviews() if datetime.fromtimestamp(at, tz).date() == day}
        done |= {
            (_SITUATION, r.situation)
            for r in store.situation_answers()
            if datetime.fromtimestamp(r.at, tz).date() == day
        }
        return done

    def _introduced_today(self) -> int:
        """New quiz topics whose first answer was today."""
        now = self.schedule.now()
        first: dict[str, float] = {}
        for kind, key, _r, at in self.progress.store.reviews():
            if kind == "quiz":
                first.setdefault(key, at)
        return sum(1 for at in first.values() if datetime.fromtimestamp(at, now.tzinfo).date() == now.date())

    def _plan_the_day(self) -> None:
        """Fix today's practice the first time it is asked for on a day: what is due now and not yet
        answered today, and the new topics left of today's :data:`NEW_PER_DAY`. What falls due later
        (a mistake made today, a new topic's first check) is practised too, but never adds to the
        day: :attr:`left_today` only goes down."""
        day = self.schedule.now().date()
        if self._plan_day == day:
            return
        done = self._done_today()
        quota = max(0, NEW_PER_DAY - self._introduced_today())
        new = [("quiz", k) for k in self.schedule.new(self.topics)[:quota]]
        self._plan = frozenset(i for i in [*self._due_items(), *new] if i not in done)
        self._plan_day = day

    @property
    def left_today(self) -> int:
        """How many of today's items are still to practise (the current one included until it is
        answered): what was due when the day's practice began, and today's new topics. It only goes
        down as the learner practises; 0 means done for today."""
        self._plan_the_day()
        return len(self._plan - self._done_today())

    @property
    def done(self) -> bool:
        """Today's practice is done (:attr:`left_today` is 0); more questions are extra practice."""
        return self.left_today == 0

    # --- the counts ---------------------------------------------------------------------------
    @property
    def count_due(self) -> int:
        """How many items are due now (the current one included, until it is answered)."""
        items = self.schedule.due()
        return len(self._situations_due()) + sum(
            1 for i in items if i.kind in MAKERS and i.kind != _SITUATION and (i.kind != "quiz" or i.key in self.topics)
        )

    @property
    def streak(self) -> int:
        """Days in a row with practice (see :meth:`Schedule.streak`)."""
        return self.schedule.streak()

    @property
    def new_left(self) -> int:
        """Topics never practised yet."""
        return len(self.schedule.new(self.topics))

    # --- moving on ----------------------------------------------------------------------------
    def next(self) -> Question:
        """The next question in the schedule's order (an unanswered one is skipped, not counted)."""
        return self._serve()

    def __repr__(self) -> str:
        return f"<TodaysPractice: {self.count_due} due, {self.new_left} new, streak {self.streak}, {self.score}/{self.asked}>"
