"""The Hint's suggestion from the coach: the best action of the seat to act and the coach's
reason, in the same words the judgement (and so the review, which asks the coach too) uses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from euchre_learn.analysis.coach.judgement import (
    CARD_WORLDS,
    HINT_BID_WORLDS,
    Judgement,
    check_position,
    judge,
    scaled_worlds,
)
from euchre_learn.engine.actions import Action
from euchre_learn.engine.core import PLAY_PHASE
from euchre_learn.engine.hand import Hand

__all__ = ["CoachHint", "hint"]


@dataclass(frozen=True)
class CoachHint:
    """The suggestion (never an action the coach's own numbers show worse) and why."""

    action: Action
    reason: str
    judgement: Judgement

    def __str__(self) -> str:
        return f"Suggestion: {self.action}. {self.reason}"


def hint(hand: Hand, *, score: tuple[int, int] | None = None, seed: Any = None, worlds: int | None = None) -> CoachHint:
    """The coach's suggestion for the seat to act in ``hand``: the judgement's best and its reason,
    exactly what :func:`~euchre_learn.analysis.review.review_decision` names best with the same
    ``seed`` and ``worlds`` (the most for a card decision; a bid gets proportionally more, see
    :func:`~.judgement.scaled_worlds`; ``None``: the defaults).

    >>> import euchre_learn as el
    >>> h = hint(el.Hand.deal('N', seed=3), seed=1)
    >>> h.action == h.judgement.best
    True
    """
    check_position(hand, "hint")
    if worlds is None:
        worlds = CARD_WORLDS if hand.core.phase == PLAY_PHASE else HINT_BID_WORLDS
    else:
        worlds = scaled_worlds(hand, worlds)
    j = judge(hand, score=score, worlds=worlds, seed=seed)
    return CoachHint(j.best, j.reason, j)
