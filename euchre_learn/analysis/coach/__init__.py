"""The coach's judgement: one answer to "what was best here, and why", for the review, the Hint,
the bots' words and the lessons to ask (issue 22).

* :mod:`.deals`: the one stream of deals behind each position, extended until the grades settle;
* the worlds: deals of the hidden cards that fit every bid, discard and card the seat saw
  (:class:`~euchre_learn.analysis.sampling.FitWorlds`, the one sampler's fitted strategy),
  weighted where they cannot all fit, with ``fit`` saying how well they do;
* :mod:`.values`: every option valued in those worlds double dummy and at a real table
  (the rest of the hand played by the standard bot, which never peeks);
* :mod:`.judgement`: the :class:`Judgement` of a position (:func:`judge`), graded by the table
  value and, with a game score, by the chance to win the game;
* :mod:`.words`: the reasons, in Euchre words first and numbers second (:func:`explain`);
* :mod:`.grades`: the grades by loss and the game around a hand;
* :mod:`.hint`: the Hint's suggestion for the seat to act (:func:`hint`).

>>> import euchre_learn as el
>>> from euchre_learn.analysis.coach import judge
>>> j = judge(el.Hand.deal('S', seed=5), worlds=16)
>>> j.grade_of(j.best)
'best'
"""

from euchre_learn.analysis.coach.hint import CoachHint, hint
from euchre_learn.analysis.coach.judgement import (
    GAME_TIE,
    CoachOption,
    Judgement,
    judge,
    judge_hand,
    scaled_worlds,
)
from euchre_learn.analysis.coach.values import play_on

__all__ = [
    "GAME_TIE",
    "CoachHint",
    "CoachOption",
    "Judgement",
    "hint",
    "judge",
    "judge_hand",
    "play_on",
    "scaled_worlds",
]
