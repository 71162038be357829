"""The 'expert' bot: the advisor for bidding, perfect-information sampling for the play.

* **Bidding** (round 1 and 2, the dealer's discard, naming the Benny's suit, defending
  alone, the railroad): the Monte-Carlo advisor (:func:`euchre_learn.analysis.advisor.evaluate`)
  over ``bid_worlds`` deals of the cards the seat cannot see, consistent with the bids
  made so far; the action with the best expected points wins.
* **Play**: perfect-information Monte Carlo (PIMC). The unseen cards are dealt
  ``play_worlds`` times, consistently with everything the seat has seen: its own cards,
  the cards played, the suits each player has shown out of, where the upcard went, its
  own discard. Each deal is solved double-dummy (:mod:`euchre_learn.analysis.solver`) for every
  legal card; the card with the best average score for the seat's side (then the most
  tricks) is played.

It registers itself as ``'expert'`` with :func:`euchre_learn.analysis.bots.register` when imported
(``bots.get('expert')`` imports it).

>>> import euchre_learn as el
>>> bot = el.bots.get('expert', seed=1)
>>> hand = el.examples.hand('left-bower-trap', after=2)     # North to lead, hearts trump
>>> bot.act(hand)
Action.parse('play J♥')
>>> bot.explain(hand)  # doctest: +ELLIPSIS
'North leads the J♥: over 24 deals of the unseen cards, each played out with every card visible, it averages ...'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from euchre_learn.analysis.advisor import deal_hidden as _deal_hidden
from euchre_learn.analysis.advisor import evaluate, known_history
from euchre_learn.analysis.advisor import voids as _voids
from euchre_learn.analysis.bots import Bot, get, register
from euchre_learn.analysis.solver import _search_for, reduce_holding
from euchre_learn.engine._core import OVER, PLAY_PHASE, State, bits
from euchre_learn.engine.actions import PLAY
from euchre_learn.engine.cards import Card, Seat
from euchre_learn.engine.explain import action_words
from euchre_learn.engine.rules import score_hand
from euchre_learn.engine.trump import POWER

__all__ = ["ExpertBot", "play_worlds"]


class ExpertBot(Bot):
    """Bids with the advisor and plays by perfect-information Monte Carlo (see the module docs).

    ``bid_worlds`` and ``play_worlds`` set how many deals each decision samples: more is
    stronger and slower.
    """

    name = "expert"

    def __init__(self, seed: Any = None, bid_worlds: int = 80, play_worlds: int = 24) -> None:
        super().__init__(seed)
        self.bid_worlds = bid_worlds
        self.play_worlds = play_worlds
        self._bidder = get("standard", seed=self.seed)

    def decide(
        self, state: State, rng: random.Random, why: list[str] | None, score: Sequence[int] | None = None
    ) -> int:
        if state.phase == OVER:
            raise ValueError("the hand is over: there is nothing left to do")
        legal = state.legal()
        who = Seat(state.to_act).word
        if len(legal) == 1:
            if why is not None:
                why.append(f"{who} has one legal choice: {action_words(state, state.to_act, legal[0])}.")
            return legal[0]
        if state.phase == PLAY_PHASE:
            return self._play(state, rng, why)
        own, history = known_history(state)
        options, _ = evaluate(state, own, history, self.bid_worlds, rng, self._bidder)
        best = options[0]
        if why is not None:
            team = Seat(state.to_act).team.word
            runner = f", against {options[1].expected_points:+.2f} to {action_words(state, state.to_act, options[1].action.id)}"
            why.append(
                f"{who} chooses to {action_words(state, state.to_act, best.action.id)}: over {self.bid_worlds} deals "
                f"of the cards {who} cannot see, that averages {best.expected_points:+.2f} points for {team}"
                f"{runner if len(options) > 1 else ''}."
            )
        return best.action.id

    def _play(self, state: State, rng: random.Random, why: list[str] | None) -> int:
        seat = state.to_act
        t = state.trump
        outstanding = sum(state.hands) | sum(1 << c for c in state.trick)
        cands = reduce_holding(state.play_mask(), outstanding, t)
        if cands.bit_count() == 1:  # touching cards only: they all do the same
            c = bits(cands)[0]
            if why is not None:
                why.append(f"{Seat(seat).word} plays the {Card(c)}: every legal card does the same here.")
            return PLAY + c
        points, tricks = play_worlds(state, self.play_worlds, rng)
        best = max(points, key=lambda c: (points[c], tricks[c], -POWER[t][c], -c))
        if why is not None:
            who = Seat(seat).word
            verb = "leads" if not state.trick else "plays"
            order = sorted(points, key=lambda c: (-points[c], -tricks[c]))
            nxt = next((c for c in order if c != best), None)
            tail = f"; the next best, the {Card(nxt)}, averages {points[nxt]:+.2f}" if nxt is not None else ""
            why.append(
                f"{who} {verb} the {Card(best)}: over {self.play_worlds} deals of the unseen cards, each played out "
                f"with every card visible, it averages {points[best]:+.2f} points and {tricks[best]:.1f} tricks "
                f"for {Seat(seat).team.word}{tail}."
            )
        return PLAY + best


# ---- perfect-information Monte Carlo for the play -------------------------------------------


def _layout(state: State) -> tuple[int, list[int], list[int]]:
    """What the seat to play knows: (hidden cards, cards known in each seat's hand, how
    many unknown cards each active seat holds)."""
    seat = state.to_act
    deck = (1 << 25) - 1 if state.rules.benny else (1 << 24) - 1
    hidden = deck & ~state.hands[seat] & ~state.played
    fixed = [0, 0, 0, 0]
    up = 1 << state.upcard
    dead = state.alone and state.maker == (state.dealer + 2) & 3 and not state.rules.dealer_picks_up_for_partner_loner
    if state.turned_down >= 0 or dead:
        hidden &= ~up  # turned down or out of play: in the kitty (R3.4, R5.2)
    elif hidden & up:
        fixed[state.dealer] |= up  # picked up (R3.2) and not played yet
        hidden &= ~up
    if seat == state.dealer and state.discard >= 0:
        hidden &= ~(1 << state.discard)
    if seat == state.maker and state.rr_discard >= 0:
        hidden &= ~(1 << state.rr_discard)
    if seat == state.maker and state.taken and hidden >> state.given & 1:
        hidden &= ~(1 << state.given)  # in the loner's own hand, or discarded by the loner
    counts = [0, 0, 0, 0]
    for s in range(4):
        if s != seat and not state.out >> s & 1:
            counts[s] = state.hands[s].bit_count() - fixed[s].bit_count()
    return hidden, fixed, counts


def play_worlds(state: State, worlds: int, rng: random.Random) -> tuple[dict[int, float], dict[int, float]]:
    """For each legal card of the seat to play: the average points for its side (its points
    minus the other side's) and the average tricks its side ends with, over ``worlds``
    deals of the unseen cards, each solved double-dummy.

    >>> import random, euchre_learn as el
    >>> from euchre_learn.engine._core import bits
    >>> state = el.examples.hand('left-bower-trap', after=2).state
    >>> points, tricks = play_worlds(state, 8, random.Random(0))
    >>> sorted(el.Card(c) for c in points) == sorted(el.Card(c) for c in bits(state.play_mask()))
    True
    """
    seat = state.to_act
    team = seat & 1
    mt = state.maker & 1
    hidden_mask, fixed, counts = _layout(state)
    hidden = bits(hidden_mask)
    voids = _voids(state)
    legal = bits(state.play_mask())
    points = dict.fromkeys(legal, 0.0)
    tricks = dict.fromkeys(legal, 0.0)
    done = state.won[mt]
    lone = state.lone_defender >= 0
    n = 0
    for _ in range(worlds):
        dealt = None
        for _try in range(50):
            dealt = _deal_hidden(hidden, counts, voids, state.trump, rng)
            if dealt is not None:
                break
        if dealt is None:  # the voids leave no room: ignore them this time
            dealt = _deal_hidden(hidden, counts, [0, 0, 0, 0], state.trump, rng)
        assert dealt is not None
        world = state.copy()
        for s in range(4):
            if s != seat and not state.out >> s & 1:
                world.hands[s] = dealt[s] | fixed[s]
        search = _search_for(world)
        values = search.play_values(world.leader, world.trick[:])
        for c, v in values.items():
            final = done + v
            sc = score_hand(final, alone=state.alone, lone_defender=lone, rules=state.rules)
            mine = (sc.makers - sc.defenders) if team == mt else (sc.defenders - sc.makers)
            points[c] += mine
            tricks[c] += final if team == mt else 5 - final
        n += 1
    return {c: p / n for c, p in points.items()}, {c: k / n for c, k in tricks.items()}


def _expert(seed: Any) -> ExpertBot:
    return ExpertBot(seed)


register("expert", _expert, replace=True)
