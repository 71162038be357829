"""The Hint's suggestion from the coach: the best action of the seat to act and the coach's
reason, read from the one judgement of the position (so the review, which asks the same
judgement, grades the suggestion 'best')."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.coach.judgement import Judgement, check_position, judge, scaled_worlds
from euchre_learn.engine.actions import Action
from euchre_learn.engine.hand import Hand

if TYPE_CHECKING:
    from euchre_learn.analysis.review.model import Decision

__all__ = ["CoachHint", "hint"]


@dataclass(frozen=True)
class CoachHint:
    """The suggestion (never an action the coach's own numbers show worse) and why."""

    action: Action
    reason: str
    judgement: Judgement

    @property
    def explanation(self) -> str:
        """Why, in Euchre words first and numbers second (the judgement's reason)."""
        return self.reason

    @property
    def decision(self) -> Decision:
        """The review's :class:`~euchre_learn.analysis.review.Decision` for the suggestion: the
        same one ``el.review_decision(hand, hint.action)`` gives (graded 'best')."""
        from euchre_learn.analysis.review.run import decide

        return decide(self.judgement, self.action)

    def __str__(self) -> str:
        return f"Suggestion: {self.action}. {self.reason}"


def hint(
    hand: Hand,
    *,
    score: tuple[int, int] | None = None,
    seed: Any = None,
    worlds: int | None = None,
    first: bool = False,
) -> CoachHint:
    """The coach's suggestion for the seat to act in ``hand``: the best of the position's one
    judgement and its reason. ``score``: the game score ``(NS, EW)`` before the hand.
    ``worlds=None`` (the default): the settled judgement, the one every voice reads (the seed is
    then not used); ``worlds=N``: exactly ``N`` deals for a card decision (a bid: three times as
    many) of the stream ``seed`` picks. ``first``: the quick first answer, on the fewest deals,
    which the settled judgement refines.

    >>> import euchre_learn as el
    >>> h = hint(el.Hand.deal('N', seed=3))
    >>> h.action == h.judgement.best, h.decision.grade, h.decision.sure
    (True, 'best', True)
    """
    check_position(hand, "hint")
    j = judge(hand, score=score, worlds=scaled_worlds(hand, worlds), seed=seed, first=first)
    return CoachHint(j.best, j.reason, j)
