"""Training mode at the table (``el.table.play(training=True)``): the coach watches each decision
of the learner as it is made, and stops the game at a costly one.

After each learner decision, before the bots move, the coach judges it
(:func:`~euchre_learn.analysis.review.review_decision`, from the score before the hand). A forced
move (every choice worth the same) and a choice graded best or good pass silently. A
**flagged** decision, graded inaccuracy or worse or breaking a strong players' rule of thumb
(:mod:`~euchre_learn.analysis.convention_book`), is not played: the table stays where it was and
says what the choice gives up (its grade and cost, and the rule of thumb it breaks) without
naming the coach's choice, and asks the learner to choose again.

- **The second try is played, whatever it is**: the game goes on with the learner's own final
  choice, so the hand, its saved record and its review are what the learner played. The table
  then says the coach's choice and its reason (the review's explanation, with its numbers): a
  "Right" when the retry is graded best or good, "Still costly" otherwise.
- **Both tries are kept in the learner's store**, under the position's situation
  (:func:`~euchre_learn.analysis.situation.situation`): the miss as a wrong answer of source
  ``'training:<game>/<hand>/<index>'``, the retry as the table's decision at that point (the
  row the background review would write, with its grade, loss and convention). So the
  situation's card starts with the miss, and Today's practice and the daily workout bring the
  situation back as other deals until it is mastered. Written again (an undo, then the same
  miss), each counts once.
- **Undo and Back** while the table waits for a retry drop the retry (the miss stays kept: it was
  made); the learner is back at the earlier point, and the position is judged afresh when reached.

>>> import os, tempfile
>>> from euchre_learn.interactive.table.model import Table
>>> from euchre_learn.learner.store import Store
>>> store = Store(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'))
>>> t = Table(humans='S', seed=1, dealer='N', training=True, store=store)
>>> _ = t.run_bots(); [c.label for c in t.choices()]
['Pass', 'Assist', 'Assist alone']
>>> t.act('pass')                       # costly here: the table stops, South still to act
>>> t.training_stop is not None, t.to_act, t.position
(True, <Seat.S: 2>, 1)
>>> t.act('order up')                   # the retry is played (North, the dealer, discards next)
>>> t.training_stop is None, t.to_act, t.training_note.startswith('Right')
(True, <Seat.N: 0>, True)
>>> [(a.source.split(':')[0], a.correct) for a in store.situation_answers()]
[('training', False)]
>>> [(d.action, d.flagged) for d in store.decisions()]
[('order up', False)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from euchre_learn.analysis.coach.grades import loss_text
from euchre_learn.analysis.review import Decision, review_decision
from euchre_learn.analysis.situation import situation
from euchre_learn.engine.actions import Action
from euchre_learn.interactive.table.coach import game_score
from euchre_learn.interactive.table.saver import decision_op, game_name, table_store
from euchre_learn.interactive.table.words import action_label
from euchre_learn.learner.situation_schedule import SituationSchedule

if TYPE_CHECKING:
    from euchre_learn.engine.game import Game
    from euchre_learn.engine.hand import Hand

FLAGGED_GRADES = frozenset({"inaccuracy", "mistake", "blunder"})
"""The grades training mode stops at (as :meth:`Review.flagged <euchre_learn.analysis.review.Review.flagged>` does)."""

__all__ = ["FLAGGED_GRADES", "SOURCE", "Trained", "Trainer", "TrainingStop", "flagged", "trainer_for"]

SOURCE = "training"
"""The source prefix of a miss kept by training mode: ``'training:<game>/<hand>/<index>'``."""


class Trained(Protocol):
    """What the trainer reads of a table (a :class:`~euchre_learn.interactive.table.model.Table` is
    one): the hand to decide in, the game, the seed, which game of the table and how many actions
    of the hand so far, and its listeners (where its :class:`~.saver.GameSaver` is)."""

    @property
    def hand(self) -> Hand: ...

    @property
    def game(self) -> Game: ...

    @property
    def game_number(self) -> int: ...

    @property
    def position(self) -> int: ...

    seed: Any
    on_hand_end: Any


def flagged(d: Decision) -> bool:
    """Whether training mode stops at ``d``: not forced, and graded inaccuracy or worse or
    breaking a rule of thumb (what the review flags)."""
    return not d.forced and (d.grade in FLAGGED_GRADES or d.convention is not None)


@dataclass(frozen=True)
class TrainingStop:
    """The decision the table stopped at: the learner's first try (not played) and the coach's
    judgement of it; ``game``, ``hand`` and ``position`` say where (the table's game number, the
    hand's number in it, the actions of the hand before the decision)."""

    game: int
    hand: int
    position: int
    decision: Decision

    @property
    def action(self) -> Action:
        """The choice tried."""
        return self.decision.action

    def text(self, who: str = "Your") -> str:
        """What the table says: the try, its grade and cost, the rule of thumb it breaks, and
        "Try again" (the coach's choice is not named before the retry)."""
        d = self.decision
        hand = d.position
        label = action_label(hand, d.action)
        subject = f"{who} {d.action.card}" if d.action.card is not None else f"{who} {label[0].lower()}{label[1:]}"
        if d.win_loss is not None:
            cost = f"it gives up {loss_text(d.win_loss, True, words=True)} of the chance to win the game"
        else:
            cost = f"it gives up {loss_text(d.loss, False, words=True)} points a hand"
        rule = f" Good players' rule of thumb: {d.convention}" if d.convention else ""
        if d.grade in FLAGGED_GRADES:
            said = f"{subject} is {_article(d.grade)} {d.grade} here ({cost})."
        else:
            said = f"{subject} goes against what good players do here."
        if said.startswith("Your "):
            said = "your " + said[5:]
        return f"Wait: {said}{rule} Try again: choose once more."


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


class Trainer:
    """The coach of a table in training mode (a :class:`~euchre_learn.interactive.table.model.Table`
    made with ``training=True`` has one, ``Table.trainer``). The tries are kept in the table's
    store (:func:`~.saver.table_store`). ``worlds``: the deals of the unseen cards the coach plays
    out for each judgement (default the review's)."""

    def __init__(self, worlds: int | None = None) -> None:
        self.worlds = worlds
        self.stop: TrainingStop | None = None
        """The flagged decision waiting for the learner's retry (``None`` when play goes on)."""
        self.note = ""
        """What the coach said of the last retry (the coach's choice and why), until the next decision."""
        self.stops: list[TrainingStop] = []
        """Every stop of this table, in order."""

    def judge(self, table: Trained, action: Action) -> Decision | None:
        """The coach's judgement of ``action`` by the seat to act (``None`` for a move with one legal choice)."""
        hand = table.hand
        if len(hand.legal_actions()) < 2:
            return None
        seed = f"{table.seed}/training/{table.game_number}/{len(table.game.hands)}/{table.position}"
        return review_decision(hand, action, worlds=self.worlds, seed=seed, score=game_score(table.game))

    def check(self, table: Trained, action: Action) -> bool:
        """What the table asks before playing the learner's ``action`` (legal): ``True`` to play
        it, ``False`` to hold it (a flagged first try: :attr:`stop` says why)."""
        stop = self.stop
        if stop is not None and (stop.game, stop.hand, stop.position) != self._here(table):
            stop = self.stop = None  # the table moved (a rewind): that retry is gone
        self.note = ""
        d = self.judge(table, action)
        if stop is None:
            if d is None or not flagged(d):
                return True
            self.stop = TrainingStop(table.game_number, len(table.game.hands), table.position, d)
            self.stops.append(self.stop)
            self._keep_miss(table, self.stop)
            return False
        self.stop = None
        if d is None:  # pragma: no cover - a stop is never at a forced move
            return True
        table_store(table).write(decision_op(game_name(table, stop.game), stop.hand, d))
        self.note = self._verdict(d)
        return True

    def cancel(self) -> None:
        """The learner went back (Undo, Back to): the retry is not asked any more."""
        self.stop = None
        self.note = ""

    def _here(self, table: Trained) -> tuple[int, int, int]:
        return (table.game_number, len(table.game.hands), table.position)

    def _keep_miss(self, table: Trained, stop: TrainingStop) -> None:
        d = stop.decision
        sit = d.situation or situation(d.position)
        source = f"{SOURCE}:{game_name(table, stop.game)}/{stop.hand}/{stop.position}"
        op = SituationSchedule.answer_op(sit.key, sit.family, False, source=source, at=_now())
        table_store(table).write(op)

    @staticmethod
    def _verdict(d: Decision) -> str:
        if not flagged(d):
            head = "Right: that is the coach's choice." if d.action == d.best else "Right: that does as well."
        elif d.grade in FLAGGED_GRADES:
            head = f"Still costly ({d.grade}); play goes on with your choice."
        else:  # as good in the numbers here, but against a rule of thumb
            head = f"Still against the rule of thumb ({d.convention}); play goes on with your choice."
        return f"{head} {d.explanation}"

    def __repr__(self) -> str:
        return f"<Trainer {len(self.stops)} stops{' · waiting for a retry' if self.stop else ''}>"


def _now() -> float:
    import time

    return time.time()


def trainer_for(value: Any) -> Trainer | None:
    """``training`` as :class:`~euchre_learn.interactive.table.model.Table` takes it: ``True`` or
    ``False``, or a :class:`Trainer` (its store, its worlds)."""
    if isinstance(value, Trainer):
        return value
    if value is None or isinstance(value, bool):
        return Trainer() if value else None
    raise TypeError(f"training: got {value!r}: expected True, False or a Trainer")
