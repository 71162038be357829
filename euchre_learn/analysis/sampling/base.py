"""The one interface of the sampler: a :class:`Sampler` gives :class:`World` after :class:`World`,
each a deal of the hidden cards the seat to act cannot tell from the real one.

Every strategy of the package implements it (see the package's docs for the list); a caller holds
a sampler, asks it for worlds with its own seeded ``random.Random`` and reads each world's
``state`` (the core state at the decision, every hand filled in), ``log_weight`` (its importance
weight's log, relative to the other worlds of the same sampler; 0 where all weigh the same) and
``fits`` (whether every action the seat saw is one the strategy's model makes in that world).

Also here, the small facts of the deal every strategy needs, written once: the deck's mask
(:func:`deck_mask`), whether the upcard is out of play (:func:`dead_upcard`, R5.2) and the kind of
a bid (:func:`bid_kind`).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass

from euchre_learn.engine import act
from euchre_learn.engine.core import State

__all__ = ["Sampler", "World", "bid_kind", "dead_upcard", "deck_mask"]


@dataclass(frozen=True)
class World:
    """One sampled world: the core state at the decision, the log of its weight (relative to the
    other worlds of the same sampler), and whether every observed action in it is the model's."""

    state: State
    log_weight: float
    fits: bool


class Sampler(ABC):
    """A strategy for dealing the cards the seat to act cannot see. Subclasses set up what the
    seat knows in ``__init__`` (no randomness there, unless documented) and deal in :meth:`sample`;
    the same seed gives the same worlds in the same order.

    >>> import euchre_learn as el, random
    >>> from euchre_learn.analysis.sampling import PlayWorlds
    >>> sampler = PlayWorlds(el.examples.hand('left-bower-trap', after=2).core)
    >>> [w.state.hands == v.state.hands for w, v in zip(sampler.draw(3, random.Random(1)),
    ...                                                 sampler.draw(3, random.Random(1)))]
    [True, True, True]
    """

    @abstractmethod
    def sample(self, rng: random.Random) -> World:
        """One world, drawn with ``rng``."""

    def draw(self, n: int, rng: random.Random) -> list[World]:
        """``n`` worlds, one :meth:`sample` after another."""
        return [self.sample(rng) for _ in range(n)]


def deck_mask(state: State) -> int:
    """The mask of every card in play under the hand's rules: 24 cards, 25 with the Benny (R1.2).

    >>> import euchre_learn as el
    >>> bin(deck_mask(el.Hand.deal('N', seed=1).core)).count('1')
    24
    """
    return (1 << 25) - 1 if state.rules.benny else (1 << 24) - 1


def dead_upcard(state: State) -> bool:
    """R5.2: the dealer's partner went alone in round 1, so the dealer never picked up.

    >>> import euchre_learn as el
    >>> dead_upcard(el.Hand.deal('N', seed=1).core)
    False
    """
    return state.alone and state.maker == (state.dealer + 2) & 3 and not state.rules.dealer_picks_up_for_partner_loner


def bid_kind(a: int) -> int:
    """The kind of a bid's action id: 0 for a pass, 1 for making trump, 2 for going or defending alone.

    >>> from euchre_learn.engine import act
    >>> bid_kind(act.PASS), bid_kind(act.ORDER_UP), bid_kind(act.ORDER_UP_ALONE)
    (0, 1, 2)
    """
    if a == act.PASS:
        return 0
    return 2 if a in (act.ORDER_UP_ALONE, act.DEFEND_ALONE) or act.CALL_ALONE <= a < act.NAME else 1
