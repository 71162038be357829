"""The one sampler of hidden cards: deals of the cards a seat cannot see that fit what it saw.

Every caller that needs the hidden cards (the advisor, the expert bot's bids and play, the coach
and so the review, the Hint and the drills, the conventions' measurements) holds a
:class:`Sampler` and asks it for :class:`World` after :class:`World` with its own seeded
``random.Random``: the same seed gives the same worlds in the same order. A world is the core
state at the decision with every hand filled in, the log of its importance weight (0 where all
weigh the same) and whether every action the seat saw is one the strategy's model makes in it.

The strategies, one module each:

* :class:`Worlds` (:mod:`.replay`): every phase, every rule; a deal is replayed through the
  hand's history and kept when each bid the others made is of the kind a bidding bot makes with
  those cards. ``uniform=True`` keeps every deal (the PIMC baseline); ``fast=True`` hands a plain
  bidding decision to :class:`FastWorlds` (:mod:`.fast`), which rates the bids with the standard
  bot's numbers instead of replaying it;
* :class:`FitWorlds` (:mod:`.fitted`): the coach's worlds, fitted to every bid, discard and card
  seen by a proposal that leans toward the bids heard, weighted where nothing fits exactly
  (:func:`weighted_fit`, :func:`weights`); under the Benny or the railroad it falls back on
  :class:`Worlds`;
* :class:`PlayWorlds` (:mod:`.play`): the play's worlds for perfect-information Monte Carlo,
  fitted to the bids and the cards played by its :class:`BidModel`, or uniform without one;
  :func:`sample_play` averages each card over them.

Underneath, written once: what the seat has seen (:mod:`.seen`: :func:`known_history`,
:func:`played_by`, :func:`voids`, :func:`deal_hidden`), the small facts of the deal
(:mod:`.base`: :func:`deck_mask`, :func:`dead_upcard`, :func:`bid_kind`) and the two ways a
world is played out (:mod:`.playout`: :func:`finish`, :func:`score_solved`). A new strategy
subclasses :class:`Sampler` here; no other module deals hidden cards.

>>> import euchre_learn as el, random
>>> from euchre_learn.analysis.bots import get
>>> hand = el.Hand.deal('N', seed=4).apply('pass')
>>> samplers = [FitWorlds(hand, get('standard')),
...             Worlds(hand.core, hand.deal_masks[0][hand.core.to_act], hand.history_ids, get('standard'))]
>>> [type(s).__name__ for s in samplers if s.sample(random.Random(1)).state.to_act == hand.core.to_act]
['FitWorlds', 'Worlds']
"""

from euchre_learn.analysis.sampling.base import Sampler, World, bid_kind, dead_upcard, deck_mask
from euchre_learn.analysis.sampling.fast import BID_SLACK, FastWorlds, fast_ok, round1_rating
from euchre_learn.analysis.sampling.fitted import (
    TRIES,
    FitWorlds,
    truncated,
    weighted_fit,
    weights,
)
from euchre_learn.analysis.sampling.people import FIT_SDS, LEVEL_MODELS, PEOPLE, PlayerModel, Surprise, model_for
from euchre_learn.analysis.sampling.play import (
    BidModel,
    PlayWorlds,
    play_layout,
    play_reads,
    play_worlds,
    sample_play,
)
from euchre_learn.analysis.sampling.playout import finish, score_solved
from euchre_learn.analysis.sampling.replay import Worlds
from euchre_learn.analysis.sampling.seen import deal_around_voids, deal_hidden, known_history, played_by, voids

__all__ = [
    "BID_SLACK",
    "FIT_SDS",
    "LEVEL_MODELS",
    "PEOPLE",
    "TRIES",
    "BidModel",
    "FastWorlds",
    "FitWorlds",
    "PlayWorlds",
    "PlayerModel",
    "Sampler",
    "Surprise",
    "World",
    "Worlds",
    "bid_kind",
    "dead_upcard",
    "deal_around_voids",
    "deal_hidden",
    "deck_mask",
    "fast_ok",
    "finish",
    "known_history",
    "model_for",
    "play_layout",
    "play_reads",
    "play_worlds",
    "played_by",
    "round1_rating",
    "sample_play",
    "score_solved",
    "truncated",
    "voids",
    "weighted_fit",
    "weights",
]
