"""What a review is made of: the options of a decision, the :class:`Decision`, its grade and
its accuracy score (the formulas are in :mod:`euchre_learn.analysis.review.run`'s docs)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from euchre_learn.analysis.coach.grades import GRADES, POINT_THRESHOLDS, WIN_THRESHOLDS, grade_for, loss_text
from euchre_learn.analysis.situation import Situation
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.hand import Hand, Phase

if TYPE_CHECKING:
    pass


__all__ = [
    "GRADES",
    "POINTS_TO_PERCENT",
    "POINT_THRESHOLDS",
    "STAKES_LIMITS",
    "WIN_PERCENT_PER_POINT",
    "WIN_THRESHOLDS",
    "Decision",
    "ReviewOption",
    "accuracy_score",
    "grade_for",
    "mean_accuracy",
]


POINTS_TO_PERCENT = 20.0
"""In the accuracy formula, one point lost in a hand counts as this many of lichess's
percentage points: a blunder (1 point or more) scores 40 or less, a mistake 40 to 64, an
inaccuracy 64 to 84, a good decision 84 to 96."""
WIN_PERCENT_PER_POINT = 7.0
"""Percentage points of game-win chance that count as one point of a hand in the accuracy
formula: the ratio of the grades' own thresholds (a blunder is 1 point, or 7 of game-win chance),
and about what one point is worth near 0-0 in the win-probability table."""
STAKES_LIMITS = (0.1, 2.0)
"""A decision's weight in the accuracy is its stakes, the points between its best and worst
option, held between these limits."""


# ---- results -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReviewOption:
    """One legal action of a reviewed decision and what it was worth, over the worlds.

    ``expected_points`` is for the seat's side (negative when the other side scores),
    ``win_probability`` the chance to win the game after it (``None`` without a game score);
    ``tricks`` the seat's side's average tricks (card decisions), ``p_euchred`` the chance
    that the seat's side makes trump and is euchred, ``p_set`` that it euchres the makers.
    """

    action: Action
    expected_points: float
    expected_points_se: float
    win_probability: float | None
    tricks: float
    p_euchred: float
    p_set: float

    def __str__(self) -> str:
        win = "" if self.win_probability is None else f", win {self.win_probability:.1%}"
        return f"{self.action}: {self.expected_points:+.2f} ± {self.expected_points_se:.2f} points{win}"


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: what was done, what was best, the grade and why.

    ``index`` is the 0-based position of the action in the hand record's ``actions``;
    ``hand_number`` the hand in the game (0 for a single hand); ``position`` the hand just
    before the decision (:meth:`Review.retry` gives it). ``loss`` is the expected points given
    up against ``best`` (never negative), ``win_loss`` the game-win chance given up (``None``
    without a score); the grade uses ``win_loss`` when there is one. ``forced`` is true when
    every option was worth the same (one legal card, touching cards). ``note`` is the honest
    caveat, also in ``explanation``: where double dummy would rate the choice as good as the
    best and the table does not, it says so (empty otherwise).

    ``situation`` names the decision in a player's words (:func:`euchre_learn.analysis.situation.situation`);
    ``convention`` is the sentence of the first strong players' convention the action breaks
    (:mod:`euchre_learn.analysis.convention_book`), or ``None``; ``fit`` the weighted share of the
    sampled worlds behind the values in which the bids, discard and plays the seat saw are ones the
    model of players would make (together no more surprising than it expects: see
    :mod:`euchre_learn.analysis.sampling.people`).
    """

    seat: Seat
    phase: Phase
    index: int
    action: Action
    best: Action
    options: tuple[ReviewOption, ...]
    loss: float
    win_loss: float | None
    grade: str
    explanation: str
    note: str
    worlds: int
    forced: bool
    hand_number: int
    position: Hand = field(repr=False, compare=False)
    situation: Situation | None = None
    convention: str | None = None
    fit: float = 1.0
    grades: tuple[str, ...] = ()
    """The coach's grade of each option, in the order of :attr:`options` (empty: graded by the gap)."""
    sure: bool = True
    """Whether the grade is settled beyond the noise of the deals behind it: a grade below 'good'
    always is (the coach gives one only then); 'best' or 'good' is sure when the choice surely
    costs less than an inaccuracy. Not sure: a close call, and the words say so."""

    def option(self, action: Action | str) -> ReviewOption:
        """The row of one action (an :class:`~euchre_learn.Action` or its text)."""
        a = Action.parse(action)
        for o in self.options:
            if o.action == a:
                return o
        raise ValueError(f"{a} was not a legal option: {', '.join(str(o.action) for o in self.options)}")

    @property
    def chosen(self) -> ReviewOption:
        """The row of the action taken."""
        return self.option(self.action)

    @property
    def accuracy(self) -> float:
        """This decision's score in the accuracy formula (0-100)."""
        return accuracy_score(self.loss, self.win_loss)

    @property
    def stakes(self) -> float:
        """What was at stake: the points between the best and the worst option (in a game, the
        game-win chance between them, ``WIN_PERCENT_PER_POINT`` percentage points to a point),
        held within ``STAKES_LIMITS``: the decision's weight in the accuracy."""
        wins = [o.win_probability for o in self.options]
        if self.win_loss is not None and all(w is not None for w in wins):
            known = [w for w in wins if w is not None]
            spread = 100.0 * (max(known) - min(known)) / WIN_PERCENT_PER_POINT
        else:
            points = [o.expected_points for o in self.options]
            spread = max(points) - min(points)
        low, high = STAKES_LIMITS
        return min(high, max(low, spread))

    def gap(self, action: Action | str) -> float:
        """How much ``action`` gave up against the best, in the unit that grades (points, or
        game-win chance when there is a score); never negative."""
        o, b = self.option(action), self.option(self.best)
        if b.win_probability is not None and o.win_probability is not None:
            return max(0.0, b.win_probability - o.win_probability)
        return max(0.0, b.expected_points - o.expected_points)

    def grade_of(self, action: Action | str) -> str:
        """The grade ``action`` would have had here."""
        a = Action.parse(action)
        if a == self.best:
            return "best"
        if self.grades:
            return next(g for o, g in zip(self.options, self.grades, strict=True) if o.action == a)
        return grade_for(self.gap(a), self.win_loss is not None)

    def __str__(self) -> str:
        return f"{self.seat} {self.action} ({self.phase.value}): {self.grade}" + (
            f", best {self.best} (−{loss_text(self.loss, False)} points)" if self.action != self.best else ""
        )


def accuracy_score(loss: float, win_loss: float | None = None) -> float:
    """One decision's accuracy (0-100) by the module's formula: lichess's curve
    ``103.1668 * exp(-0.04354 * L) - 3.1669`` with ``L`` = ``POINTS_TO_PERCENT`` (20) times
    the points lost, or in a game the game-win chance lost counted ``WIN_PERCENT_PER_POINT``
    (7) percentage points to a point.

    >>> accuracy_score(0.0), round(accuracy_score(1.0)), round(accuracy_score(0.5)), round(accuracy_score(0.2))
    (100.0, 40, 64, 84)
    >>> round(accuracy_score(0.0, 0.07))    # 7 percentage points of game-win chance: like 1 point
    40
    """
    points = 100.0 * win_loss / WIN_PERCENT_PER_POINT if win_loss is not None else loss
    lost = POINTS_TO_PERCENT * points
    if lost <= 0:
        return 100.0
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * lost) - 3.1669))


def mean_accuracy(decisions: Iterable[Decision]) -> float:
    """A seat's accuracy over some decisions: the average of the mean of their scores weighted
    by their stakes and of the harmonic mean of the scores (lichess's game accuracy, with
    the stakes in the place of its volatility weights); forced decisions are left out.

    A slip where little was at stake counts little; a blunder weighs on the harmonic mean:

    >>> from types import SimpleNamespace as D
    >>> calm = D(forced=False, accuracy=100.0, stakes=0.1)
    >>> slip = D(forced=False, accuracy=accuracy_score(0.08), stakes=0.1)
    >>> blunder = D(forced=False, accuracy=accuracy_score(1.5), stakes=2.0)
    >>> best_big = D(forced=False, accuracy=100.0, stakes=2.0)
    >>> round(mean_accuracy([calm, slip, best_big])), round(mean_accuracy([calm, calm, blunder]))
    (99, 41)
    """
    ds = [d for d in decisions if not d.forced]
    if not ds:
        return 100.0
    scores = [d.accuracy for d in ds]
    weights = [d.stakes for d in ds]
    weighted = sum(w * a for w, a in zip(weights, scores, strict=True)) / sum(weights)
    harmonic = len(scores) / sum(1.0 / max(1.0, a) for a in scores)
    return (weighted + harmonic) / 2
