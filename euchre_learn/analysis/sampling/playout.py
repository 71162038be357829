"""The two ways a sampled world is played out: by bots (:func:`finish`) or, from its play phase,
by the double-dummy solver (:func:`score_solved`)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from euchre_learn.analysis.search import makers_score_tricks
from euchre_learn.engine.core import OVER, PLAY_PHASE, State
from euchre_learn.engine.rules import score_hand

if TYPE_CHECKING:
    from euchre_learn.analysis.bots import Bot

__all__ = ["finish", "score_solved"]


def finish(state: State, bidder: Bot, player: Bot | None, rng: random.Random) -> None:
    """Play ``state`` to the end: bidding by ``bidder``, play by ``player`` (or leave the
    play phase for the solver when ``player`` is None)."""
    while state.phase != OVER:
        if state.phase == PLAY_PHASE:
            if player is None:
                return
            state.apply(player.decide(state, rng, None))
        else:
            state.apply(bidder.decide(state, rng, None))


def score_solved(state: State) -> None:
    """Finish a state in its play phase with the solver's trick count, and score it."""
    tricks = makers_score_tricks(state)
    state.phase, state.to_act = OVER, -1
    state.score = score_hand(tricks, alone=state.alone, lone_defender=state.lone_defender >= 0, rules=state.rules)

