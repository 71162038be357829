"""The core: the phase machine on small integers (:mod:`~euchre_learn.engine.core.state`), the one
implementation of RULES.md's hand that playouts, bots and the solver drive directly, and the play
phase as the public ``Hand`` reads it without copying the state (:mod:`~euchre_learn.engine.core.play`).

``from euchre_learn.engine.core import State, bits, deal, PLAY_PHASE, ...`` names them here.
"""

from euchre_learn.engine.core.state import (
    BENNY,
    BID1,
    BID2,
    DEFEND,
    DISCARD_PHASE,
    OVER,
    PHASE_NAMES,
    PLAY_PHASE,
    RR_DISCARD,
    RR_GIVE,
    RR_TAKE,
    State,
    bits,
    deal,
    deal_by,
    deal_seeded,
    final_score,
)

__all__ = [
    "BENNY",
    "BID1",
    "BID2",
    "DEFEND",
    "DISCARD_PHASE",
    "OVER",
    "PHASE_NAMES",
    "PLAY_PHASE",
    "RR_DISCARD",
    "RR_GIVE",
    "RR_TAKE",
    "State",
    "bits",
    "deal",
    "deal_by",
    "deal_seeded",
    "final_score",
]
