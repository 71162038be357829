"""The stepper in a notebook (``el.stepper``): a recorded hand, one action at a time, each explained.

>>> import euchre_learn as el
>>> s = el.stepper.Stepper('made')
>>> s.position, len(s)
(0, 22)

The model is :class:`Stepper` (:mod:`.stepper_model`, no widgets); :func:`show` puts it on
screen with buttons (:class:`.stepper_widget.StepperWidget`, imported only then).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from euchre_learn.engine.egn.model import EgnDeal, Match
from euchre_learn.engine.hand import Hand
from euchre_learn.interactive.stepper_model import Stepper, explain_step

if TYPE_CHECKING:
    from euchre_learn.interactive.stepper_widget import StepperWidget

__all__ = ["Stepper", "explain_step", "show"]


def show(
    source: Hand | Match | EgnDeal | dict[str, Any] | str | os.PathLike[str],
    *,
    position: int = 0,
    open_hands: bool = True,
    deal: int = 0,
) -> StepperWidget:
    """The stepper widget for a record, a hand, or a game read from EGN (``el.egn.read``: its
    deal number ``deal``, 0 first, or one :class:`~euchre_learn.engine.egn.EgnDeal`), the
    people's annotations with each step (see :class:`Stepper`)."""
    from euchre_learn.interactive.stepper_widget import StepperWidget

    return StepperWidget(Stepper(source, position=position, deal=deal), open_hands=open_hands)
