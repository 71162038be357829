"""The puzzle trainer's model: which puzzle to show, the choices, checking, and the record of
each answer in the learner's store; no widgets here (the view is
:mod:`euchre_learn.teaching.puzzle_widget`), so the tests drive it directly.

Each answer is recorded in the store under the topic ``'puzzle'`` and is one review of the
item ``('puzzle', <id>)`` in the practice schedule, rated from right or wrong and the time it
took, like a quiz topic. The trainer serves the chosen themes' puzzles that are due first
(a missed puzzle comes back soon), then ones never tried, in an order fixed by the seed, then
the weakest again. :func:`puzzle_question` turns a puzzle into a quiz question, which is how
"Today's practice" (:mod:`euchre_learn.teaching.today`) serves due puzzles among its items.

>>> import tempfile, os
>>> from datetime import datetime, timezone
>>> t = PuzzleTrainer(['trumping in'], progress=os.path.join(tempfile.mkdtemp(), 'l.sqlite3'), seed=1,
...                   clock=lambda: datetime(2026, 12, 1, 9, tzinfo=timezone.utc))
>>> t.puzzle.theme, t.source
('trumping in', 'new')
>>> t.answer(t.question.answer).correct, t.solved, t.asked
(True, 1, 1)
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from euchre_learn.analysis import puzzles as _puzzles
from euchre_learn.analysis.puzzles import Puzzle
from euchre_learn.engine.actions import Action
from euchre_learn.engine.hand import Phase
from euchre_learn.learner.progress import Progress
from euchre_learn.teaching.quiz.question import Question, QuizError
from euchre_learn.teaching.session import ScheduledSession

if TYPE_CHECKING:
    import random as _random

    from euchre_learn.engine.rules import Rules
    from euchre_learn.learner.store import Store

__all__ = ["KIND", "TOPIC", "PuzzleTrainer", "puzzle_of", "puzzle_question", "serve"]

KIND = "puzzle"
"""The kind of the puzzles' items in the practice schedule (their key is the puzzle's id)."""
TOPIC = "puzzle"
"""The topic puzzle answers are counted under in the learner's progress."""


def _choice(puzzle: Puzzle, action: Action) -> str:
    """The text of a choice: the card for a card to play (shown as a card button), else the action
    in the seat's words ('assist' for the dealer's partner, as at the table: R3.1)."""
    return str(action.card) if puzzle.hand.phase == Phase.PLAY and action.card is not None else puzzle.words(action)


def puzzle_question(puzzle: Puzzle) -> Question:
    """The puzzle as a single-choice quiz question: one choice per legal action, in the order
    of ``hand.legal_actions()``, and, for each, what the puzzle's check says about it.

    >>> p = _puzzles.all()[0]
    >>> q = puzzle_question(p)
    >>> q.check(q.answer).correct, q.topic, q.id == p.id
    (True, 'puzzle', True)
    """
    hand = puzzle.hand
    seat = puzzle.seat
    actions = list(hand.legal_actions())
    choices = tuple(_choice(puzzle, a) for a in actions)
    feedback = {c: puzzle.verdict(a) for c, a in zip(choices, actions, strict=True)}
    return Question(
        prompt=puzzle.question,
        kind="single",
        choices=choices,
        answer=_choice(puzzle, puzzle.answer),
        explanation=puzzle.why,
        feedback=feedback,
        cards=hand.holding(seat),
        topic=TOPIC,
        title=f"Puzzle: {puzzle.theme}",
        id=puzzle.id,
        house_rules=hand.rules.name,
        record=puzzle.record,
    )


def puzzle_of(key: str) -> Puzzle | None:
    """The puzzle with id ``key`` (``None`` when no puzzle has that id any more)."""
    try:
        return _puzzles.get(key)
    except ValueError:
        return None


def serve(key: str, _store: Store, _rng: _random.Random, _rules: Rules | None) -> Question | None:
    """The maker of ``'puzzle'`` items for Today's practice: the question of puzzle ``key``
    (``None`` when no puzzle has that id any more)."""
    puzzle = puzzle_of(key)
    return None if puzzle is None else puzzle_question(puzzle)


class PuzzleTrainer(ScheduledSession):
    """Puzzles of the chosen themes, one at a time (see the module docs): a
    :class:`ScheduledSession` of puzzles.

    ``themes``: theme names (default every theme that has puzzles); ``progress``: a
    :class:`Progress`, a path, or ``None`` for the learner's own store; ``clock``: "now" as an
    aware datetime (tests pass a fake one); ``daily``: start with the puzzle of the day.
    :attr:`source` says why the current puzzle was chosen: ``'daily'``, ``'due'``, ``'new'``
    or ``'more'`` (every puzzle of the themes tried and none due: the weakest again).
    """

    puzzle: Puzzle

    def __init__(
        self,
        themes: Sequence[str] | None = None,
        *,
        progress: Progress | str | os.PathLike[str] | None = None,
        seed: int | None = None,
        clock: Callable[[], datetime] | None = None,
        daily: bool = False,
    ) -> None:
        super().__init__(progress=progress, seed=seed, clock=clock)
        self.themes: tuple[str, ...] = ()
        self.set_themes(themes, serve=False)
        if daily:
            self.puzzle = _puzzles.daily(self.schedule.now().date())
            self.source = "daily"
            self._start()
        else:
            self._serve()

    _today_topic = TOPIC  # "solved 3 of 4 today": the puzzles answered today, from the store

    @property
    def solved(self) -> int:
        """Puzzles solved in this session (the session's :attr:`score`)."""
        return self.score

    # --- the themes -----------------------------------------------------------------------------
    @staticmethod
    def available_themes() -> dict[str, int]:
        """The themes that have puzzles, with how many each."""
        return _puzzles.themes()

    def set_themes(self, themes: Sequence[str] | None, *, serve: bool = True) -> None:
        """Practise these themes (``None`` or empty: all). An unknown theme raises ``ValueError``
        naming the themes; with ``serve``, a puzzle of the new themes is shown next."""
        have = self.available_themes()
        chosen = tuple(have) if not themes else tuple(themes)
        for t in chosen:
            if isinstance(t, str) and t in have:
                continue
            raise ValueError(f"{str(t)[:40]!r} is not a puzzle theme: choose from {', '.join(map(repr, have))}")
        self.themes = chosen
        if serve:
            self._serve()

    @property
    def pool(self) -> tuple[Puzzle, ...]:
        """The puzzles of the chosen themes, in a fixed order for the seed."""
        out = [p for t in self.themes for p in _puzzles.all(t)]
        rng = random.Random(f"euchre-learn/puzzles/{self.seed}")
        rng.shuffle(out)
        return tuple(out)

    # --- what to show ---------------------------------------------------------------------------
    def _order(self) -> list[tuple[Puzzle, str]]:
        pool = self.pool
        by_id = {p.id: p for p in pool}
        due = [(by_id[i.key], "due") for i in self.schedule.due(kinds=[KIND]) if i.key in by_id]
        new_ids = set(self.schedule.new([p.id for p in pool], kind=KIND))
        new = [(p, "new") for p in pool if p.id in new_ids]
        weakest = sorted(
            (i for i in self.schedule.items(KIND) if i.key in by_id), key=lambda i: (i.retrievability, i.due, i.key)
        )
        more = [(by_id[i.key], "more") for i in weakest]
        return due + new + more

    def _serve(self) -> None:
        order = self._order()
        fresh = [o for o in order if o[0].id != self._last] or order
        self.puzzle, self.source = fresh[0]
        self._start()

    def _start(self) -> None:
        self._show(puzzle_question(self.puzzle))

    def next(self) -> Puzzle:
        """The next puzzle in the schedule's order (an unanswered one is skipped, not counted)."""
        if self.feedback is None:
            self._last = self.puzzle.id
        self._serve()
        return self.puzzle

    # --- answering ------------------------------------------------------------------------------
    @property
    def choices(self) -> tuple[str, ...]:
        return self.question.choices

    def action_of(self, choice: str) -> Action:
        """The action a choice names."""
        text = self.question.normalize(choice)
        assert isinstance(text, str)
        return Action.parse(f"play {text}") if self.puzzle.hand.phase == Phase.PLAY else Action.parse(text)

    def _response(self, response: object) -> object:
        """A choice's text, a card, or an :class:`~euchre_learn.Action` (one of the legal ones)."""
        if isinstance(response, Action):
            if not self.puzzle.hand.is_legal(response):
                raise QuizError(f"{response} is not one of the choices: {', '.join(self.choices)}")
            return _choice(self.puzzle, response)
        return response

    def _key(self) -> str:
        return self.puzzle.id

    def _recorded_as(self) -> tuple[str, tuple[str, str]]:
        return TOPIC, (KIND, self.puzzle.id)

    # --- the counts -----------------------------------------------------------------------------
    @property
    def count_due(self) -> int:
        """Puzzles of the chosen themes due now."""
        ids = {p.id for p in self.pool}
        return sum(1 for i in self.schedule.due(kinds=[KIND]) if i.key in ids)

    @property
    def tried(self) -> int:
        """Puzzles of the chosen themes tried at least once."""
        ids = {p.id for p in self.pool}
        return sum(1 for i in self.schedule.items(KIND) if i.key in ids)

    def __repr__(self) -> str:
        return f"<PuzzleTrainer {len(self.themes)} themes: {self.solved}/{self.asked} solved, {self.count_due} due>"
