"""Computer players that play every phase of every preset, and say why in one sentence.

>>> import euchre_learn as el
>>> el.bots.names()[:3]
('random', 'beginner', 'standard')
>>> hand = el.Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
...                                 'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
>>> bot = el.bots.get('standard', seed=1)
>>> bot.act(hand)                  # West holds no heart at all
Action.parse('pass')
>>> bot.explain(hand)
'West chooses to pass: with hands like this one (round 1, left of the dealer, the upcard an ace, king or queen; no trump: no right bower, neither the left bower nor the ace, no king or queen; no side ace, no void), the bidding it learned by counterfactual regret minimisation over 1,000,000 deals passes 100% of the time.'

The bots
--------
``'random'``
    A legal action chosen uniformly at random (the baseline).
``'beginner'``
    Simple counts: orders up (or calls) with three or more trumps, counting the upcard
    when it is the dealer; goes alone with five. Leads its highest card; follows with the
    highest card if it can win the trick, otherwise the lowest.
``'standard'``
    What a club player does. Under RULES.md's default rules it bids round 1 by the bidding
    learned by counterfactual regret minimisation (:mod:`euchre_learn.analysis.bots.learned`),
    with the club player's rules over it (no trump made on one trump, no loner on a thin hand,
    R-L-A ordered up), wherever the training met hands like its own often enough and the score
    does not move the bid. Elsewhere, in round 2 and under other rules, it values a hand by its
    trumps, bowers and off-suit aces, by the seat (dealer, eldest, the dealer's partner) and by
    the game score, and goes alone only when a march is likely (at most two tricks could be
    lost, counted pessimistically). Never alone when two points win the game; calls *next*
    from eldest in round 2; leads trump as maker; does not trump a partner's winning card;
    keeps a low trump to protect the left bower; discards to make a void.

``'novice'``, ``'casual'``, ``'club'``
    Opponent levels (:mod:`euchre_learn.analysis.levels`): the standard bot with named blind
    spots the course teaches (trumping partner's winner, forgetting the left bower's suit, not
    counting trumps, leading trump from weakness, ordering up on two small trumps, going alone too
    often or too rarely) at each level's rate, and temperatures over its bids and cards. Each names
    its slip when it makes one. :func:`levels` lists them with 'standard' and 'expert', weakest
    first, with each one's measured review accuracy.

Every bot only ever chooses one of ``hand.legal_actions()``, and a bot made with a ``seed``
always chooses the same action for the same hand (:meth:`Bot.act` and :meth:`Bot.explain`
agree). Bots use only what their seat may know: their own cards, the cards played, the
upcard, and (for the dealer) their own discard.

Speed: the fast path
--------------------
Playouts, tournaments and the Monte-Carlo advisor call :meth:`Bot.act_state` on the core
:class:`~euchre_learn.engine.core.State` (an action id in, no :class:`~euchre_learn.engine.hand.Hand`,
no sentence built), and :func:`play_hand` plays a whole hand that way:

>>> import random
>>> from euchre_learn.engine import core
>>> rng = random.Random(7)
>>> state = core.deal(el.Rules(), 0, rng)
>>> seats = [el.bots.get('standard'), el.bots.get('beginner')] * 2
>>> play_hand(state, seats, rng).phase == core.OVER
True

Adding a bot: the registry hook
-------------------------------
:func:`register` adds a bot under a name: ``register('mine', factory)`` where
``factory(seed)`` returns a :class:`Bot`. A bot subclasses :class:`Bot` and implements
:meth:`Bot.decide` (``decide(state, rng, why)`` → an action id; when ``why`` is a list,
append one sentence saying why). The ``'expert'`` bot lives in ``euchre_learn/expert.py``,
which calls ``register('expert', ...)`` when imported; :func:`get` imports it on first use
and :func:`names` lists ``'expert'`` as soon as that module exists, so this module never
imports the solver.
"""

from __future__ import annotations

from euchre_learn.analysis.bots.base import Bot, BotFactory
from euchre_learn.analysis.bots.bidding import BIDDING, best_discard, hand_value, march_losers
from euchre_learn.analysis.bots.registry import get, levels, names, play_hand, register, unregister
from euchre_learn.analysis.bots.simple import BeginnerBot, RandomBot
from euchre_learn.analysis.bots.standard import StandardBot

__all__ = [
    "BIDDING",
    "BeginnerBot",
    "Bot",
    "BotFactory",
    "RandomBot",
    "StandardBot",
    "best_discard",
    "get",
    "hand_value",
    "levels",
    "march_losers",
    "names",
    "play_hand",
    "register",
    "unregister",
]
