"""A learner's quiz progress (answers per topic, streaks), kept in the learner's store.

Where: the ``path`` given, else ``$EUCHRE_LEARN_PROGRESS``, else ``learner.sqlite3`` in
euchre_learn's data folder (:func:`euchre_learn.learner.settings.data_dir`: ``$EUCHRE_LEARN_HOME`` or
``<jupyter_data_dir()>/euchre_learn``), so on JupyterHub each user keeps their own. A path
ending in ``.json`` (the old progress file) means the database beside it, ``<name>.sqlite3``;
the old file is imported into it once and kept as it was.

Every answer is one row of the store (:mod:`euchre_learn.learner.store`), written in its own
transaction, and the stats are counted from those rows: any number of notebooks and processes
may record at once and no answer is lost. Each answer is also a review in the practice
schedule (:mod:`euchre_learn.learner.schedule`), in the same transaction. A damaged store is set
aside with a warning (:attr:`Progress.warnings`, and :class:`ProgressWarning`) and practice
goes on.

>>> import tempfile, os
>>> p = Progress(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'))
>>> p.record('left-bower', True); p.record('left-bower', False); p.record('left-bower', True)
>>> s = p.stats('left-bower')
>>> s.answered, s.correct, s.streak, s.best_streak
(3, 2, 1, 1)
>>> Progress(p.path).stats('left-bower') == s       # saved
True
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from euchre_learn.learner.files import default_path
from euchre_learn.learner.schedule import review_op
from euchre_learn.learner.situation_schedule import KIND as SITUATION_KIND
from euchre_learn.learner.situation_schedule import SituationSchedule
from euchre_learn.learner.store import AddAnswer, Forget, Op, Store
from euchre_learn.learner.store import StoreWarning as ProgressWarning

__all__ = ["PROGRESS_FORMAT", "Progress", "ProgressWarning", "Tally", "TopicStats", "default_path", "warnings_of"]

PROGRESS_FORMAT = "euchre-learn/progress-1"
"""The format of the old ``progress.json`` files (imported once into the store)."""


def warnings_of(progress: Progress | None) -> list[str]:
    """What a quiz that keeps its answers in ``progress`` says about the store (``None``: it keeps
    nothing, so nothing to say): a copy of :attr:`Progress.warnings`, empty when all is well.

    >>> warnings_of(None), warnings_of(Progress(':memory:'))
    ([], [])
    """
    return [] if progress is None else list(progress.warnings)


class Tally:
    """Answers counted: ``answered`` and ``correct`` (a dataclass's fields, in the class that mixes
    this in: a learner's topic here, a class's topic and a student in the teacher's summary) and
    the share answered right, worked out in this one place.

    >>> TopicStats(answered=4, correct=3).accuracy, TopicStats().accuracy
    (0.75, None)
    """

    answered: int
    correct: int

    @property
    def accuracy(self) -> float | None:
        """The share answered right (``None`` before any answer)."""
        return None if self.answered == 0 else self.correct / self.answered


@dataclass(frozen=True)
class TopicStats(Tally):
    """Answers on one topic: how many, how many right, the current and best streak."""

    answered: int = 0
    correct: int = 0
    streak: int = 0
    best_streak: int = 0


def stats_of(answers: Iterable[bool], carried: tuple[int, int, int, int] | None = None) -> TopicStats:
    """The stats of a run of answers, oldest first, after ``carried`` totals (answered,
    correct, streak, best streak) from an old progress file.

    >>> stats_of([True, True, False, True], carried=(5, 5, 5, 5))
    TopicStats(answered=9, correct=8, streak=1, best_streak=7)
    """
    answered, correct, streak, best = carried or (0, 0, 0, 0)
    for ok in answers:
        answered += 1
        correct += bool(ok)
        streak = streak + 1 if ok else 0
        best = max(best, streak)
    return TopicStats(answered, correct, streak, best)


class Progress:
    """Quiz progress in the learner's store (see the module docs).

    ``autosave`` (default) writes each answer at once; without it answers wait in this
    object until :meth:`save` (or :meth:`reset`). ``store`` shares an open
    :class:`~euchre_learn.learner.store.Store` instead of opening ``path``.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        autosave: bool = True,
        store: Store | None = None,
    ) -> None:
        if store is None:  # the learner's own store is shared in this process; another path opens its own
            store = Store.shared() if path is None else Store(path)
        self.store = store
        self.path = self.store.path
        self.autosave = autosave
        self._held: list[Op] = []

    @property
    def warnings(self) -> list[str]:
        """Problems with the store, in words (empty when all is well)."""
        return self.store.warnings

    # --- reading -------------------------------------------------------------------------
    def _held_answers(self) -> list[AddAnswer]:
        return [op for op in self._held if isinstance(op, AddAnswer)]

    def stats(self, topic: str) -> TopicStats:
        """The answers on ``topic`` so far (all zero for a new topic)."""
        rows = [ok for _t, ok in self.store.answers(topic)]
        rows += [a.correct for a in self._held_answers() if a.topic == topic]
        return stats_of(rows, self.store.carried().get(topic))

    @property
    def topics(self) -> dict[str, TopicStats]:
        """Every topic answered, with its stats."""
        runs: dict[str, list[bool]] = {}
        for t, ok in self.store.answers():
            runs.setdefault(t, []).append(ok)
        for a in self._held_answers():
            runs.setdefault(a.topic, []).append(a.correct)
        carried = self.store.carried()
        names = sorted(set(runs) | set(carried))
        return {t: stats_of(runs.get(t, ()), carried.get(t)) for t in names}

    def on_day(self, day: date | datetime | None = None, topic: str | None = None) -> TopicStats:
        """The answers given on one day (on ``topic``, or on every topic), read from the store, so
        the counts survive a restart: ``day`` a date (this machine's time zone), a datetime (its
        date in its own time zone), or ``None`` for today. The streak is the day's own.

        >>> import tempfile, os
        >>> p = Progress(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'))
        >>> p.record('scoring', True); p.record('left-bower', False)
        >>> p.on_day().answered, p.on_day().correct, p.on_day(topic='scoring').answered
        (2, 1, 1)
        """
        moment = datetime.now().astimezone() if day is None else day
        if isinstance(moment, datetime):
            tz = moment.tzinfo if moment.tzinfo is not None else moment.astimezone().tzinfo
            wanted = moment.date()
        else:
            tz, wanted = None, moment
        held = [(a.topic, a.correct, a.at) for a in self._held_answers()]
        rows = [(t, ok, at) for t, ok, at, _s in self.store.answer_log()] + held
        return stats_of(
            ok
            for t, ok, at in rows
            if (topic is None or t == topic) and datetime.fromtimestamp(at, tz).date() == wanted
        )

    @property
    def total(self) -> TopicStats:
        """All topics together (the streak is the best of the current streaks)."""
        ts = self.topics.values()
        return TopicStats(
            sum(t.answered for t in ts),
            sum(t.correct for t in ts),
            max((t.streak for t in ts), default=0),
            max((t.best_streak for t in ts), default=0),
        )

    # --- changing ------------------------------------------------------------------------
    def record(
        self,
        topic: str,
        correct: bool,
        *,
        seconds: float | None = None,
        item: tuple[str, str] | None = None,
        at: float | None = None,
        situation: tuple[str, str] | None = None,
    ) -> None:
        """Count one answer on ``topic`` (and save, with ``autosave``). It is also a review of
        ``item`` in the practice schedule (``(kind, key)``, default ``('quiz', topic)``), rated
        from ``correct`` and ``seconds``, the time the answer took. ``situation``: the answer's
        situation ``(key, family)`` where the question was a position to play, filed under it in the
        situation schedule (:mod:`euchre_learn.learner.situation_schedule`) in the same transaction;
        an item of kind ``'situation'`` is scheduled there only (its card is worked out from the answers)."""
        when = time.time() if at is None else at
        ops: list[Op] = [AddAnswer(topic, bool(correct), when, seconds)]
        kind, key = item or ("quiz", topic)
        review = None if kind == SITUATION_KIND else review_op(kind, key, bool(correct), seconds=seconds, at=when)
        if review is not None:
            ops.append(review)
        if situation is not None:
            ops.append(SituationSchedule.answer_op(*situation, bool(correct), source=None, at=when))
        if self.autosave:
            self.store.write(*ops)
        else:
            self._held.extend(ops)

    def reset(self, topic: str | None = None) -> None:
        """Forget one topic, or everything (and its practice schedule). The store keeps no copy."""
        self.store.write(*self._held, Forget(topic))  # answers waiting are written, then forgotten too
        self._held = []

    def save(self) -> bool:
        """Write answers still waiting (with ``autosave=False``) and any kept in memory while the
        store could not be written. Returns ``False`` (with a warning) while they cannot be saved."""
        if self._held:
            held, self._held = self._held, []
            self.store.write(*held)
        return self.store.save(force=True)

    def __repr__(self) -> str:
        t = self.total
        return f"<Progress {self.path}: {t.correct}/{t.answered} right over {len(self.topics)} topics>"
