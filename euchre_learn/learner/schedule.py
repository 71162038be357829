"""The practice schedule: spaced repetition with FSRS (the ``fsrs`` package, the scheduler
modern Anki uses), kept in the learner's store.

Anything can be scheduled under a kind and a string key: a quiz topic (``'quiz'``,
``'left-bower'``), a position the learner got wrong (``'retry'``, its key), a puzzle
(``'puzzle'``, its id). Each answer is one FSRS review, rated from right or wrong and the
time it took (:func:`rating`):

============  =========================================================
wrong         **Again** (it comes back within minutes)
right, slow   **Hard**: more than :data:`SLOW_SECONDS` (30 s)
right         **Good**: between the two, or when the time is not known
right, fast   **Easy**: at most :data:`FAST_SECONDS` (8 s)
============  =========================================================

A time over :data:`AWAY_SECONDS` (10 minutes) counts as not known: the learner was away
(a lesson read before its practice widget is answered), not slow.

FSRS's fuzzing is off, so the same answers at the same times give the same schedule on
every machine. Times are stored as seconds since the epoch; days (for the daily streak)
are counted in the time zone of ``now``.

>>> from datetime import datetime, timedelta, timezone
>>> import tempfile, os
>>> t0 = datetime(2025, 1, 6, 9, 0, tzinfo=timezone.utc)
>>> s = Schedule(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'), clock=lambda: t0)
>>> _ = s.review('quiz', 'left-bower', True, seconds=12)
>>> _ = s.review('quiz', 'scoring', False, seconds=12)
>>> [i.key for i in s.due(t0 + timedelta(minutes=5))]       # the mistake comes back first
['scoring']
>>> s.count_due(t0 + timedelta(minutes=15)), s.streak()
(2, 1)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import Any, Protocol, runtime_checkable

from euchre_learn.learner.store import Store
from euchre_learn.learner.store_tables import Review, Update

__all__ = [
    "AGAIN",
    "AWAY_SECONDS",
    "EASY",
    "FAST_SECONDS",
    "GOOD",
    "HARD",
    "SLOW_SECONDS",
    "STATES",
    "HasStore",
    "Item",
    "Schedule",
    "available",
    "rating",
    "replay",
    "retrievability",
    "review_op",
]

AGAIN, HARD, GOOD, EASY = 1, 2, 3, 4
FAST_SECONDS = 8.0
"""A right answer in at most this many seconds is rated Easy."""
SLOW_SECONDS = 30.0
"""A right answer taking longer than this is rated Hard."""
AWAY_SECONDS = 600.0
"""A longer time is taken as not known (rated Good when right)."""
RATING_WORDS = {AGAIN: "again", HARD: "hard", GOOD: "good", EASY: "easy"}

_SCHEDULER: Any = None


def available() -> bool:
    """Whether the ``fsrs`` package is installed (without it answers are still counted, but not scheduled).

    >>> available()
    True
    """
    try:
        import fsrs  # noqa: F401
    except ImportError:
        return False
    return True


def _scheduler() -> Any:
    global _SCHEDULER
    if _SCHEDULER is None:
        import fsrs

        _SCHEDULER = fsrs.Scheduler(enable_fuzzing=False)
    return _SCHEDULER


def rating(
    correct: bool, seconds: float | None = None, *, fast: float = FAST_SECONDS, slow: float = SLOW_SECONDS
) -> int:
    """The FSRS rating of one answer (see the module docs' table).

    >>> [rating(False, 3), rating(True, 3), rating(True, 20), rating(True, 45), rating(True), rating(True, 3600)]
    [1, 4, 3, 2, 3, 3]
    """
    if not correct:
        return AGAIN
    if seconds is None or seconds > AWAY_SECONDS:
        return GOOD
    if seconds <= fast:
        return EASY
    if seconds > slow:
        return HARD
    return GOOD


def _utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        moment = moment.astimezone()  # a naive time is local time
    return moment.astimezone(timezone.utc)


def _update(grade: int, at: float, seconds: float | None) -> Update:
    """The change FSRS makes to a card for one review (a stored card, or a new one)."""

    def update(stored: str | None) -> tuple[str, float]:
        import fsrs

        when = datetime.fromtimestamp(at, timezone.utc)
        card = fsrs.Card(card_id=1, due=when) if stored is None else fsrs.Card.from_json(stored)
        duration = None if seconds is None else max(0, round(seconds * 1000))
        card, _log = _scheduler().review_card(card, fsrs.Rating(grade), review_datetime=when, review_duration=duration)
        return str(card.to_json()), float(card.due.timestamp())

    return update


def replay(reviews: Iterable[tuple[int, float]]) -> tuple[Any, float] | None:
    """The FSRS card after ``reviews`` (``(rating, at)`` pairs, ``at`` in seconds since the epoch,
    taken in the order given) and its due time; ``None`` with no reviews or without fsrs. A card
    worked out from its whole history rather than stored: the situation schedule
    (:mod:`euchre_learn.learner.situation_schedule`) keeps only the answers.

    >>> card, due = replay([(AGAIN, 0.0), (GOOD, 60.0)])
    >>> card.due.timestamp() == due > 60.0
    True
    """
    if not available():
        return None
    import fsrs

    card: Any = None
    for grade, at in reviews:
        when = datetime.fromtimestamp(at, timezone.utc)
        if card is None:
            card = fsrs.Card(card_id=1, due=when)
        card, _log = _scheduler().review_card(card, fsrs.Rating(grade), review_datetime=when)
    return None if card is None else (card, float(card.due.timestamp()))


def retrievability(card: Any, now: datetime) -> float:
    """FSRS's predicted chance of recalling ``card`` (an ``fsrs.Card``) at ``now``."""
    return float(_scheduler().get_card_retrievability(card, _utc(now)))


STATES = {1: "learning", 2: "review", 3: "relearning"}
"""FSRS's card states in words."""


def review_op(
    kind: str, key: str, correct: bool, *, seconds: float | None = None, at: float, grade: int | None = None
) -> Review | None:
    """The store change for one review (``None`` without the ``fsrs`` package)."""
    if not available():
        return None
    g = rating(correct, seconds) if grade is None else grade
    return Review(kind, key, g, _update(g, at, seconds), at, seconds)


@dataclass(frozen=True)
class Item:
    """A scheduled item: what it is, when it is due, how it stands.

    ``state`` is FSRS's (``'learning'``, ``'review'``, ``'relearning'``), ``retrievability``
    the predicted chance of getting it right now (0 while still being learnt), ``last`` the
    last rating's word, ``mistake`` whether the last answer was wrong.
    """

    kind: str
    key: str
    due: datetime
    state: str
    retrievability: float
    last: str
    reviews: int
    lapses: int

    @property
    def mistake(self) -> bool:
        return self.last == "again"

    def __str__(self) -> str:
        return f"{self.kind} {self.key}: due {self.due:%Y-%m-%d %H:%M}, {self.state}, last {self.last}"


@runtime_checkable
class HasStore(Protocol):
    """Anything that keeps a learner's :class:`~euchre_learn.learner.store.Store` as ``.store``: a
    :class:`~euchre_learn.learner.progress.Progress`, another :class:`Schedule`. The schedule takes
    one in place of the store, so it never needs to know the progress (which uses the schedule)."""

    @property
    def store(self) -> Store: ...


class OnStore:
    """What a schedule keeps: the learner's store and a clock. ``store`` is a
    :class:`~euchre_learn.learner.store.Store`, anything that keeps one (:class:`HasStore`), a path,
    or ``None`` for the learner's own; ``clock`` gives "now" (an aware datetime) when a call does
    not (tests pass a fake one)."""

    def __init__(
        self,
        store: Store | HasStore | str | os.PathLike[str] | None = None,
        *,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        if isinstance(store, Store):
            self.store = store
        elif isinstance(store, HasStore):
            self.store = store.store
        else:
            self.store = Store.shared() if store is None else Store(store)
        self.clock = clock or (lambda: datetime.now(timezone.utc).astimezone())

    def now(self, now: datetime | None = None) -> datetime:
        """``now``, or the clock's time (always with a time zone)."""
        moment = self.clock() if now is None else now
        return moment if moment.tzinfo is not None else moment.astimezone()


class Schedule(OnStore):
    """The learner's practice schedule (see the module docs). ``store`` is a
    :class:`~euchre_learn.learner.store.Store`, anything that keeps one (:class:`HasStore`: a
    :class:`~euchre_learn.learner.progress.Progress`), a path, or ``None`` for the learner's own. ``clock`` gives "now" (an aware
    datetime) when a call does not; tests pass a fake one."""

    def __init__(
        self,
        store: Store | HasStore | str | os.PathLike[str] | None = None,
        *,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        super().__init__(store, clock=clock)
        self._notes: list[str] = []
        if not available():
            self._notes.append(
                "The practice schedule needs the fsrs package (pip install fsrs), which is not installed "
                "here: answers are still counted, but nothing is scheduled. Practice goes on."
            )

    @property
    def warnings(self) -> list[str]:
        """Problems with the store or the scheduler, in words."""
        return [*self.store.warnings, *self._notes]

    # --- changing --------------------------------------------------------------------------
    def review(
        self, kind: str, key: str, correct: bool, *, seconds: float | None = None, now: datetime | None = None
    ) -> Item | None:
        """Review one item (without counting a quiz answer: :meth:`Progress.record` does both).
        Returns the item as it now stands (``None`` without fsrs)."""
        op = review_op(kind, key, correct, seconds=seconds, at=_utc(self.now(now)).timestamp())
        if op is None:
            return None
        self.store.write(op)
        return self.item(kind, key, now)

    # --- reading ---------------------------------------------------------------------------
    def _item(self, row: Any, now: datetime) -> Item:
        import fsrs

        card = fsrs.Card.from_json(row.card)
        return Item(
            kind=row.kind,
            key=row.key,
            due=datetime.fromtimestamp(row.due, now.tzinfo),
            state=STATES.get(int(card.state), str(card.state)),
            retrievability=float(_scheduler().get_card_retrievability(card, _utc(now))),
            last=RATING_WORDS.get(row.last_rating, str(row.last_rating)),
            reviews=row.reviews,
            lapses=row.lapses,
        )

    def items(self, kind: str | None = None, now: datetime | None = None) -> list[Item]:
        """Every scheduled item (of ``kind``), soonest due first."""
        if not available():
            return []
        moment = self.now(now)
        return [self._item(r, moment) for r in self.store.cards(kind)]

    def item(self, kind: str, key: str, now: datetime | None = None) -> Item | None:
        """One item, or ``None`` if it was never reviewed."""
        return next((i for i in self.items(kind, now) if i.key == key), None)

    def due(self, now: datetime | None = None, kinds: Sequence[str] | None = None) -> list[Item]:
        """Everything due by ``now``, in the order to practise it: past mistakes first, then
        the weakest (lowest retrievability), then the longest overdue."""
        moment = self.now(now)
        out = [i for i in self.items(now=moment) if i.due <= moment and (kinds is None or i.kind in kinds)]
        return sorted(out, key=lambda i: (not i.mistake, i.retrievability, i.due, i.kind, i.key))

    def count_due(self, now: datetime | None = None, kinds: Sequence[str] | None = None) -> int:
        """How many items are due by ``now``."""
        return len(self.due(now, kinds))

    def next_due(self, now: datetime | None = None) -> datetime | None:
        """When the next item not yet due falls due (``None`` when none is waiting)."""
        moment = self.now(now)
        later = [i.due for i in self.items(now=moment) if i.due > moment]
        return min(later, default=None)

    def new(self, candidates: Iterable[str], kind: str = "quiz") -> list[str]:
        """The ``candidates`` (keys, in their order) never reviewed yet: new material."""
        seen = {r.key for r in self.store.cards(kind)}
        return [c for c in candidates if c not in seen]

    def days(self, now: datetime | None = None) -> set[date]:
        """The days (in ``now``'s time zone) with at least one review."""
        tz = self.now(now).tzinfo
        return {datetime.fromtimestamp(t, tz).date() for t in self.store.review_times()}

    def streak(self, now: datetime | None = None) -> int:
        """Days in a row with practice, up to today (or up to yesterday, while today has none yet)."""
        moment = self.now(now)
        days = self.days(moment)
        day = moment.date()
        if day not in days:
            day -= timedelta(days=1)
        n = 0
        while day in days:
            n += 1
            day -= timedelta(days=1)
        return n

    def reviewed_today(self, now: datetime | None = None) -> int:
        """How many reviews today (in ``now``'s time zone)."""
        moment = self.now(now)
        return sum(
            1 for t in self.store.review_times() if datetime.fromtimestamp(t, moment.tzinfo).date() == moment.date()
        )

    def __repr__(self) -> str:
        return f"<Schedule {self.store.path}: {self.count_due()} due, streak {self.streak()}>"
