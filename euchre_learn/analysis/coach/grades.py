"""The coach's scale: the grades by loss, the game around a hand (the score and the chance to win
it) and the outcome of a finished world. The review's :class:`~euchre_learn.analysis.review.Decision`
and the coach's :class:`~euchre_learn.analysis.coach.Judgement` grade on this one scale.

>>> grade_for(0.3, game=False), grade_for(0.08, game=True)
('inaccuracy', 'blunder')
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre_learn.analysis.win_table import win_probability
from euchre_learn.engine.core import State

__all__ = ["GRADES", "POINT_THRESHOLDS", "WIN_THRESHOLDS", "Context", "cost_label", "grade_for", "loss_text", "outcome"]

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
POINT_THRESHOLDS = (0.05, 0.2, 0.5, 1.0)
"""Points lost in a hand below which a decision is best, good, inaccuracy, mistake (else blunder)."""
WIN_THRESHOLDS = (0.005, 0.015, 0.035, 0.07)
"""Game-win chance lost below which a decision is best, good, inaccuracy, mistake (else blunder)."""


def grade_for(loss: float, game: bool) -> str:
    """The grade of a loss: points lost in the hand, or with ``game`` the game-win chance lost."""
    limits = WIN_THRESHOLDS if game else POINT_THRESHOLDS
    for grade, limit in zip(GRADES, limits, strict=False):
        if loss < limit:
            return grade
    return GRADES[-1]


def loss_text(loss: float, game: bool, *, words: bool = False) -> str:
    """What a choice below the best gives up, as the coach's words show it: the game-win chance to
    a tenth of a percent, points to a hundredth, the unit left to the sentence. A loss too small
    for that reads '<0.1%' (``words``: 'less than 0.1%'), never '0.0%': a 'good' choice is worse
    than the best, if only by a hair or by its risk (the numbers can be level), and '-0.0%'
    beside the grade reads as nonsense.

    >>> loss_text(0.021, True), loss_text(0.0003, True), loss_text(0.0003, True, words=True)
    ('2.1%', '<0.1%', 'less than 0.1%')
    >>> loss_text(0.25, False), loss_text(0.004, False), loss_text(0.0, False)
    ('0.25', '<0.01', '<0.01')
    """
    text, tiny = (f"{loss:.1%}", "0.1%") if game else (f"{loss:.2f}", "0.01")
    if float(text.rstrip("%")) == 0:
        return f"less than {tiny}" if words else f"<{tiny}"
    return text


def cost_label(loss: float, win_loss: float | None) -> str:
    """What a choice gave up, as the reviews' tables and lists label it: the game-win chance where
    there is a game score (``win_loss``), else the points (:func:`loss_text`).

    >>> cost_label(0.4, 0.021), cost_label(0.4, None), cost_label(0.0, 0.0)
    ('−2.1% to win', '−0.40 points', '−<0.1% to win')
    """
    return f"−{loss_text(win_loss, True)} to win" if win_loss is not None else f"−{loss_text(loss, False)} points"


@dataclass(frozen=True)
class Context:
    """What is known about the game around the hand: the score before it, the target."""

    score: tuple[int, int] | None
    points_to_win: int

    def win(self, team: int, dealer: int, points: tuple[int, int]) -> float:
        """``team``'s chance to win the game after a hand dealt by ``dealer`` scores ``points`` (NS, EW)."""
        assert self.score is not None
        mine = self.score[team] + points[team]
        theirs = self.score[1 - team] + points[1 - team]
        dealing_next = ((dealer + 1) & 3) & 1 == team  # the deal passes left (R2.3)
        return win_probability(mine, theirs, dealing_next, self.points_to_win)


def outcome(state: State) -> tuple[tuple[int, int], int]:
    """The (NS, EW) points of a finished world and the side euchred as makers (-1 if none)."""
    if state.thrown_in or state.score is None:
        return (0, 0), -1
    sc = state.score
    mt = state.maker & 1
    pts = (sc.makers, sc.defenders) if mt == 0 else (sc.defenders, sc.makers)
    return pts, (mt if not sc.makers else -1)
