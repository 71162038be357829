"""The daily workout: about fifteen mixed items, every one a position drawn with its board, in
the order the learner needs them. No widgets here (the view is
:mod:`euchre_learn.teaching.workout_widget`), so tests drive it directly.

The plan, made when the workout starts from the learner's store:

1. **due**: the situations due (:mod:`euchre_learn.learner.situation_schedule`), the ones last
   got wrong first, each as *another deal* of it (:mod:`euchre_learn.teaching.situation_deals`);
   then the puzzles and table retries due;
2. **weak**: for each situation family, weakest first (the lowest share right), its weakest
   situation not mastered and not already planned, as another deal;
3. **new**: a deal of each family never met, then puzzles never tried (in an order fixed by the seed);
4. **more**: other puzzles, when the plan is still short.

An item that cannot be asked (a puzzle since removed, a situation no deal reaches) is passed
over. Each answer is recorded like Today's practice's: in the learner's progress, in the practice
schedule, and filed under the position's situation.

>>> import tempfile, os
>>> from datetime import datetime, timezone
>>> w = DailyWorkout(progress=os.path.join(tempfile.mkdtemp(), 'l.sqlite3'), seed=1, size=3,
...                  clock=lambda: datetime(2026, 12, 1, 9, tzinfo=timezone.utc))
>>> w.source, w.number, len(w), w.board is not None
('new', 1, 3, True)
>>> w.answer(w.question.answer).correct
True
>>> _ = w.next(); w.number, w.done
(2, False)
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from datetime import datetime

from euchre_learn.analysis import puzzles as _puzzles
from euchre_learn.analysis.situation import situation
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.records import replay
from euchre_learn.engine.rules import Rules
from euchre_learn.learner.progress import Progress
from euchre_learn.learner.situation_schedule import SituationSchedule, attempts_of
from euchre_learn.teaching.puzzle_model import KIND as PUZZLE
from euchre_learn.teaching.puzzle_model import TOPIC as PUZZLE_TOPIC
from euchre_learn.teaching.puzzle_model import puzzle_of, puzzle_question
from euchre_learn.teaching.quiz.question import Question, QuizError
from euchre_learn.teaching.session import ScheduledSession
from euchre_learn.teaching.situation_deals import KIND as SITUATION
from euchre_learn.teaching.situation_deals import TOPIC as SITUATION_TOPIC
from euchre_learn.teaching.situation_deals import find_family_position, situation_question
from euchre_learn.teaching.situation_deals import serve as serve_situation

__all__ = ["FAMILY", "SIZE", "DailyWorkout"]

SIZE = 15
"""Items in a daily workout."""
FAMILY = "family"
"""The kind of a workout item that is a deal of a situation family never met (its key the family)."""
NEW_FAMILIES = ("bid1", "bid2", "discard", "lead-makers", "lead-defenders", "follow-makers", "follow-defenders")
"""The families a new learner is given a deal of (the loner extras need house rules)."""


class DailyWorkout(ScheduledSession):
    """The daily workout (see the module docs): a :class:`ScheduledSession` of :attr:`size` items.

    ``progress``: a :class:`Progress`, a path, or ``None`` for the learner's own store; ``seed``:
    the deals and the order of new puzzles; ``clock``: "now" (tests pass a fake one); ``rules``:
    the house rules deals are played under. :attr:`plan` is every item considered, as
    ``(kind, key, source)``; :attr:`source` says why the current one is asked.
    """

    def __init__(
        self,
        *,
        progress: Progress | str | os.PathLike[str] | None = None,
        seed: int | None = None,
        clock: Callable[[], datetime] | None = None,
        size: int = SIZE,
        rules: Rules | None = None,
    ) -> None:
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ValueError(f"size: got {size!r}: expected a whole number of items, at least 1")
        super().__init__(progress=progress, seed=seed, clock=clock)
        self.size = size
        self.rules = rules
        self.situations = SituationSchedule(self.progress, clock=clock)
        self._rng = random.Random(f"euchre-learn/workout/{self.seed}")
        self.plan: tuple[tuple[str, str, str], ...] = tuple(self._plan())
        self._at = 0  # the next plan entry to try
        self.number = 0  # the item on show, from 1
        self.item: tuple[str, str] = ("", "")
        self.source = ""
        self._position: Hand | None = None
        self.next()

    def __len__(self) -> int:
        return self.size

    # --- the plan ------------------------------------------------------------------------------
    def _plan(self) -> list[tuple[str, str, str]]:
        now = self.schedule.now()
        plan: list[tuple[str, str, str]] = []
        seen: set[tuple[str, str]] = set()

        def add(kind: str, key: str, source: str) -> None:
            if (kind, key) not in seen:
                seen.add((kind, key))
                plan.append((kind, key, source))

        for card in self.situations.due(now):
            add(SITUATION, card.key, "due")
        for item in self.schedule.due(now, kinds=[PUZZLE, "retry"]):
            add(item.kind, item.key, "due")
        cards = self.situations.cards(now)
        by_family: dict[str, list[tuple[int, int]]] = {}
        for a in attempts_of(self.progress.store):
            by_family.setdefault(a.family, []).append((1, int(a.correct)))
        share = {f: sum(r for _n, r in rows) / len(rows) for f, rows in by_family.items()}
        for fam in sorted(share, key=lambda f: (share[f], f)):
            weakest = sorted(
                (c for c in cards if c.family == fam and not c.mastered and (SITUATION, c.key) not in seen),
                key=lambda c: (c.accuracy, -c.loss, c.key),
            )
            if weakest:
                add(SITUATION, weakest[0].key, "weak")
        for fam in NEW_FAMILIES:
            if fam not in by_family:
                add(FAMILY, fam, "new")
        tried = {i.key for i in self.schedule.items(PUZZLE)}
        pool = [p.id for p in _puzzles.all()]
        self._rng.shuffle(pool)
        for pid in pool:
            if pid not in tried:
                add(PUZZLE, pid, "new")
        for pid in pool:
            add(PUZZLE, pid, "more")
        return plan

    # --- serving -------------------------------------------------------------------------------
    def _make(self, kind: str, key: str) -> tuple[Question, Hand] | None:
        store = self.progress.store
        if kind == SITUATION:
            q = serve_situation(key, store, self._rng, self.rules)
        elif kind == FAMILY:
            pos = find_family_position(key, seed=self._rng.getrandbits(32), rules=self.rules)
            q = None if pos is None else situation_question(pos, seed=self.seed)
        elif kind == PUZZLE:
            puzzle = puzzle_of(key)
            return None if puzzle is None else (puzzle_question(puzzle), puzzle.hand)
        elif kind == "retry":
            data = store.retries().get(key)
            try:
                q = None if data is None else Question.from_dict(data)
            except QuizError:
                q = None
        else:  # pragma: no cover - the plan makes no other kind
            return None
        if q is None or q.record is None:
            return None
        try:
            hand = replay(dict(q.record))
        except ValueError:
            return None
        return None if hand.is_over else (q, hand)

    @property
    def done(self) -> bool:
        """Whether the last item has been answered (or nothing more can be asked)."""
        return self.answered and (self.number >= self.size or self._at >= len(self.plan))

    def next(self) -> Question:
        """The next item of the plan (an unanswered one is skipped, not counted). After the last
        item, the workout is :attr:`done` and the last question stays on show."""
        if self.number >= self.size:
            return self.question
        while self._at < len(self.plan):
            kind, key, source = self.plan[self._at]
            self._at += 1
            made = self._make(kind, key)
            if made is not None:
                q, hand = made
                self.item, self.source, self._position = (kind, key), source, hand
                self.number += 1
                self._show(q)
                return q
        if self.number == 0:
            raise QuizError("nothing to practise: none of the workout's items can be asked")
        return self.question

    @property
    def board(self) -> Hand | None:
        """The position of the item on show (every workout item has one)."""
        return self._position

    # --- recording -----------------------------------------------------------------------------
    def _key(self) -> tuple[str, str]:
        return self.item

    def _recorded_as(self) -> tuple[str, tuple[str, str]]:
        kind, key = self.item
        if kind == PUZZLE:
            return PUZZLE_TOPIC, self.item
        if kind == "retry":
            return self.question.topic, self.item
        assert self._position is not None
        return SITUATION_TOPIC, (SITUATION, situation(self._position).key if kind == FAMILY else key)

    def _situation(self) -> tuple[str, str] | None:
        kind, key = self.item
        if kind == SITUATION:  # filed under the situation planned, even where its family stood in
            card = self.situations.card(key)
            if card is not None:
                return key, card.family
        return super()._situation()

    def __repr__(self) -> str:
        return f"<DailyWorkout item {self.number} of {self.size}: {self.score}/{self.asked} right>"
