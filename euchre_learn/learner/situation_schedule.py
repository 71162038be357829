"""The situation schedule: one FSRS card per situation the learner has met, so a mistake brings
back *the situation* (another deal of it), not only the position it was made in.

A situation is a key and a family (:func:`euchre_learn.analysis.situation.situation` names them;
this floor only stores the strings). Two kinds of answer file under one:

- each decision at the table the store keeps (:class:`~euchre_learn.learner.store_tables.DecisionRow`):
  right unless the review flagged it (graded inaccuracy or worse, or breaking a convention);
- each answer filed under a situation by practice, a puzzle or a retry
  (:class:`~euchre_learn.learner.store_tables.SituationAnswerRow`, written by :meth:`SituationSchedule.record`).

Nothing but the answers is stored: each card is worked out from its situation's answers in time
order (:func:`~euchre_learn.learner.schedule.replay`), wrong rated **Again**, right **Good**, and
right once mastered **Easy** (a mastered situation comes back rarely, for an occasional check).
So an answer written twice (the same source) counts once, two processes writing at once both
count, and a restart finds the same schedule. **Mastered** is :data:`MASTERY` (3) right in a
row; a wrong answer takes the mastery away until three more.

>>> import tempfile, os
>>> from datetime import datetime, timedelta, timezone
>>> t0 = datetime(2026, 12, 1, 9, tzinfo=timezone.utc)
>>> s = SituationSchedule(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'), clock=lambda: t0)
>>> _ = s.record('bid1.eldest', 'bid1', False)
>>> _ = s.record('play.maker.lead1', 'lead-makers', True)
>>> [c.key for c in s.due(t0 + timedelta(minutes=5))]          # the mistake comes back first
['bid1.eldest']
>>> for minutes in (10, 20, 30):
...     _ = s.record('bid1.eldest', 'bid1', True, at=t0 + timedelta(minutes=minutes))
>>> c = s.card('bid1.eldest'); c.in_a_row, c.mastered, c.answers, c.right
(3, True, 4, 3)
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone

import euchre_learn.learner.class_link  # noqa: F401  (answers recorded here go to a joined class)
from euchre_learn.learner.schedule import (
    AGAIN,
    EASY,
    GOOD,
    STATES,
    OnStore,
    replay,
    retrievability,
)
from euchre_learn.learner.store import AddSituationAnswer, Store

__all__ = ["KIND", "MASTERY", "Attempt", "SituationCard", "SituationSchedule", "attempts_of", "cards_of"]

MASTERY = 3
"""Right answers in a row that master a situation."""
KIND = "situation"
"""The kind of a situation's items in practice (their key is the situation's key)."""


@dataclass(frozen=True)
class Attempt:
    """One answer under a situation: its key and family, right or wrong, when (seconds since
    the epoch), where it came from (``'table:...'`` for a decision at the table, else the source
    written), and the expected points it gave up (0 where not known)."""

    key: str
    family: str
    correct: bool
    at: float
    source: str
    loss: float = 0.0


@dataclass(frozen=True)
class SituationCard:
    """How one situation stands: answers, right answers, right ``in_a_row`` now (and the best
    run), whether ``mastered`` (and since when), the points given up at the table (``loss``), the
    last answer and whether it was right, FSRS's state and due time, and the chance of getting it
    right now (``retrievability``; 0 while still being learnt)."""

    key: str
    family: str
    answers: int
    right: int
    in_a_row: int
    best_in_a_row: int
    mastered: bool
    mastered_at: datetime | None
    loss: float
    last: datetime
    last_correct: bool
    state: str
    due: datetime
    retrievability: float

    @property
    def mistake(self) -> bool:
        """Whether the last answer was wrong (the situation is to come back soon)."""
        return not self.last_correct

    @property
    def relearning(self) -> bool:
        """Whether a miss has not yet been made good by :data:`MASTERY` right answers in a row
        (the situation keeps coming back before anything new: a right retry just after the miss
        does not retire it)."""
        return self.right < self.answers and self.in_a_row < MASTERY

    @property
    def accuracy(self) -> float:
        """The share answered right."""
        return self.right / self.answers

    def __str__(self) -> str:
        mark = " · mastered" if self.mastered else ""
        return f"{self.key}: {self.right}/{self.answers} right, {self.in_a_row} in a row{mark}, due {self.due:%Y-%m-%d %H:%M}"


def attempts_of(store: Store) -> list[Attempt]:
    """Every answer under a situation in ``store`` (decisions at the table and the answers filed
    under a situation), in time order."""
    out = [
        Attempt(
            d.situation,
            d.family,
            not d.flagged,
            d.at,
            f"table:{d.game}/{d.hand}/{d.index}/{d.seat}/{d.action}",
            d.loss,
        )
        for d in store.decisions()
    ]
    out += [Attempt(a.situation, a.family, a.correct, a.at, a.source) for a in store.situation_answers()]
    return sorted(out, key=lambda a: a.at)  # stable: answers at one moment keep their order


def _rating(correct: bool, in_a_row: int) -> int:
    if not correct:
        return AGAIN
    return EASY if in_a_row >= MASTERY else GOOD


def cards_of(attempts: Iterable[Attempt], now: datetime) -> dict[str, SituationCard]:
    """The card of each situation met in ``attempts`` (taken in time order), as it stands at
    ``now`` (an aware datetime: times are given in its time zone).

    >>> now = datetime(2026, 12, 1, tzinfo=timezone.utc)
    >>> t = now.timestamp()
    >>> c = cards_of([Attempt('k', 'f', False, t, 'a'), Attempt('k', 'f', True, t + 60, 'b')], now)['k']
    >>> c.answers, c.right, c.in_a_row, c.mastered
    (2, 1, 1, False)
    """
    tz = now.tzinfo or timezone.utc
    runs: dict[str, list[Attempt]] = {}
    for a in sorted(attempts, key=lambda a: a.at):  # stable: ties keep the order given
        runs.setdefault(a.key, []).append(a)
    out = {}
    for key, run in runs.items():
        ratings = []
        in_a_row = best = right = 0
        mastered_at: float | None = None
        for a in run:
            ratings.append((_rating(a.correct, in_a_row), a.at))
            in_a_row = in_a_row + 1 if a.correct else 0
            right += a.correct
            best = max(best, in_a_row)
            if in_a_row == MASTERY:
                mastered_at = a.at
            elif in_a_row < MASTERY:
                mastered_at = None
        last = run[-1]
        fsrs_card = replay(ratings)
        if fsrs_card is None:  # no fsrs: a mistake is due at once, a right answer a day per answer in a row
            due = last.at if not last.correct else last.at + 86400.0 * in_a_row
            state, chance = "unscheduled", 0.0
        else:
            card, due = fsrs_card
            state = STATES.get(int(card.state), str(card.state))
            chance = retrievability(card, now)
        out[key] = SituationCard(
            key=key,
            family=run[-1].family,
            answers=len(run),
            right=right,
            in_a_row=in_a_row,
            best_in_a_row=best,
            mastered=in_a_row >= MASTERY,
            mastered_at=None if mastered_at is None else datetime.fromtimestamp(mastered_at, tz),
            loss=sum(a.loss for a in run),
            last=datetime.fromtimestamp(last.at, tz),
            last_correct=last.correct,
            state=state,
            due=datetime.fromtimestamp(due, tz),
            retrievability=chance,
        )
    return out


class SituationSchedule(OnStore):
    """The learner's situations (see the module docs). ``store`` is a
    :class:`~euchre_learn.learner.store.Store`, anything that keeps one (a
    :class:`~euchre_learn.learner.progress.Progress`), a path, or ``None`` for the learner's own;
    ``clock`` gives "now" (an aware datetime) when a call does not."""

    # --- changing --------------------------------------------------------------------------
    def record(
        self,
        key: str,
        family: str,
        correct: bool,
        *,
        source: str | None = None,
        at: datetime | None = None,
    ) -> SituationCard:
        """File one answer under situation ``key`` (of ``family``) and return its card. ``source``
        names the answer (the same source again counts once; default: a new name each call);
        ``at`` defaults to the clock's now."""
        for name, value in (("key", key), ("family", family)):
            if not isinstance(value, str) or not value:
                raise ValueError(f"{name}: got {value!r}: expected a situation's {name}, a non-empty string")
        moment = self.now(at)
        self.store.write(self.answer_op(key, family, correct, source=source, at=moment.timestamp()))
        card = self.card(key, moment)
        assert card is not None
        return card

    @staticmethod
    def answer_op(key: str, family: str, correct: bool, *, source: str | None, at: float) -> AddSituationAnswer:
        """The store change for one answer filed under a situation (to write with others in one transaction)."""
        return AddSituationAnswer(source or f"answer:{uuid.uuid4().hex}", key, family, bool(correct), at)

    # --- reading ---------------------------------------------------------------------------
    def attempts(self) -> list[Attempt]:
        """Every answer under a situation, in time order."""
        return attempts_of(self.store)

    def cards(self, now: datetime | None = None) -> list[SituationCard]:
        """Every situation met, soonest due first."""
        found = cards_of(self.attempts(), self.now(now))
        return sorted(found.values(), key=lambda c: (c.due, c.key))

    def card(self, key: str, now: datetime | None = None) -> SituationCard | None:
        """One situation's card (``None`` if never met)."""
        return next((c for c in self.cards(now) if c.key == key), None)

    def due(self, now: datetime | None = None) -> list[SituationCard]:
        """The situations due by ``now``, in the order to practise them: last answered wrong first,
        then not yet mastered, then the weakest, then the longest overdue."""
        moment = self.now(now)
        out = [c for c in self.cards(moment) if c.due <= moment]
        return sorted(out, key=lambda c: (not c.mistake, not c.relearning, c.mastered, c.retrievability, c.due, c.key))

    def mastered(self, now: datetime | None = None) -> list[SituationCard]:
        """The situations mastered (:data:`MASTERY` right in a row), most recently mastered first."""
        done = [c for c in self.cards(now) if c.mastered]
        return sorted(done, key=lambda c: (c.mastered_at or c.last, c.key), reverse=True)

    def next_due(self, now: datetime | None = None) -> datetime | None:
        """When the next situation not yet due falls due (``None`` when none is waiting)."""
        moment = self.now(now)
        return min((c.due for c in self.cards(moment) if c.due > moment), default=None)

    def __repr__(self) -> str:
        cards = self.cards()
        due = sum(1 for c in cards if c.due <= self.now())
        return f"<SituationSchedule {self.store.path}: {len(cards)} situations, {due} due>"
