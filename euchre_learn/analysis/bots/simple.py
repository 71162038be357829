"""The two simple players: ``'random'`` (the baseline) and ``'beginner'`` (simple counts)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from euchre_learn.analysis.bots.base import (
    TRUMP_MASK,
    Bot,
    card_list,
    card_name,
    count_trumps,
    highest_card,
    lowest_card,
    trick_key,
)
from euchre_learn.analysis.bots.bidding import common_phase, says_text
from euchre_learn.engine import act
from euchre_learn.engine.core import (
    BID1,
    BID2,
    DISCARD_PHASE,
    PLAY_PHASE,
    RR_DISCARD,
    State,
    bits,
)
from euchre_learn.engine.explain import action_words, suit_words
from euchre_learn.engine.rulings import seat_word
from euchre_learn.engine.trump import EFFECTIVE, winner_index

if TYPE_CHECKING:
    pass


# ---- the random bot -------------------------------------------------------------------------


class RandomBot(Bot):
    """Picks a legal action uniformly at random: the baseline every bot must beat.

    >>> import euchre_learn as el
    >>> el.bots.get('random', seed=2).explain(el.Hand.deal('N', seed=1))
    'East picks at random among the legal actions: ...'
    """

    name = "random"

    def decide(
        self, state: State, rng: random.Random, why: list[str] | None, score: Sequence[int] | None = None
    ) -> int:
        if state.phase == PLAY_PHASE:
            a = act.PLAY + rng.choice(bits(state.play_mask()))
        else:
            a = rng.choice(state.legal())
        if why is not None:
            why.append(
                f"{seat_word(state.to_act)} picks at random among the legal actions: {action_words(state, state.to_act, a)}."
            )
        return a


# ---- the beginner ---------------------------------------------------------------------------


class BeginnerBot(Bot):
    """Plays as a learner in their first games: simple counts, no partnership play.

    Bids with three or more trumps (the dealer counts the upcard); goes alone with five;
    leads its highest card; follows with its highest card if that can win the trick,
    otherwise its lowest.

    >>> import euchre_learn as el
    >>> hand = el.Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
    ...                                 'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
    >>> bot = el.bots.get('beginner')
    >>> hand = hand.apply('pass').apply('pass')       # West and North pass; East holds 3 hearts
    >>> bot.act(hand), bot.explain(hand)
    (Action.parse('order up'), 'East orders it up: East holds 3 trumps in ♥ hearts (J♦ 10♥ 9♥), and three make a hand.')
    """

    name = "beginner"

    def decide(
        self, state: State, rng: random.Random, why: list[str] | None, score: Sequence[int] | None = None
    ) -> int:
        s = state
        seat = s.to_act
        hand = s.hands[seat]
        phase = s.phase
        legal = s.legal()
        who = seat_word(seat)
        if phase == PLAY_PHASE:
            return self._play(s, why)
        if phase == BID1:
            t = s.proposed
            held = hand | (1 << s.upcard) if seat == s.dealer else hand
            n = count_trumps(held, t)
            alone_only = act.ORDER_UP not in legal
            need = 4 if alone_only else 3
            if n >= need:
                a = act.ORDER_UP_ALONE if (n >= 5 or alone_only) else act.ORDER_UP
                if why is not None:
                    counted = " counting the upcard" if seat == s.dealer else ""
                    why.append(
                        f"{who} {'goes alone: ' if a == act.ORDER_UP_ALONE else ''}{says_text(s, seat, a)}: {who} holds {n} trumps "
                        f"in {suit_words(t)}{counted} ({card_list(held & TRUMP_MASK[t], t)}), "
                        + ("and five trumps cannot lose a trick." if n >= 5 else "and three make a hand.")
                    )
                return a
            if why is not None:
                why.append(f"{who} passes: only {n} trump{'s' * (n != 1)} in {suit_words(t)}; a beginner wants three.")
            return act.PASS
        if phase == BID2:
            options = [a for a in legal if a != act.PASS and a < act.CALL_ALONE]
            best = max(options, key=lambda a: (count_trumps(hand, (a - act.CALL) & 3), -a))
            t = (best - act.CALL) & 3
            n = count_trumps(hand, t)
            if n >= 3 or act.PASS not in legal:
                a = best + 4 if n >= 5 else best
                if why is not None:
                    stuck = " (the dealer is stuck and must call, R4.3)" if act.PASS not in legal else ""
                    why.append(f"{who} calls {suit_words(t)}, the suit with the most trumps in hand ({n}){stuck}.")
                return a
            if why is not None:
                why.append(f"{who} passes: no suit gives three trumps.")
            return act.PASS
        if phase in (DISCARD_PHASE, RR_DISCARD):
            t = s.trump
            allowed = 0
            for a in legal:
                allowed |= 1 << (a - act.DISCARD)
            off = allowed & ~TRUMP_MASK[t]
            c = lowest_card(off or allowed, t)
            if why is not None:
                why.append(f"{who} discards the {card_name(c)}, the lowest {'off-suit ' if off else ''}card.")
            return act.DISCARD + c
        return common_phase(s, rng, why, beginner=True)

    def _play(self, s: State, why: list[str] | None) -> int:
        t = s.trump
        legal = s.play_mask()
        who = seat_word(s.to_act)
        if not s.trick:
            c = highest_card(legal, t)
            if why is not None:
                why.append(f"{who} leads the {card_name(c)}, the highest card in hand.")
            return act.PLAY + c
        led_suit = EFFECTIVE[t][s.trick[0]]
        win = s.trick[winner_index(s.trick, t)]
        wkey = trick_key(win, t, led_suit)
        winners = [c for c in bits(legal) if trick_key(c, t, led_suit) > wkey]
        if winners:
            c = max(winners, key=lambda c: trick_key(c, t, led_suit))
            if why is not None:
                why.append(
                    f"{who} plays the {card_name(c)}, the highest card, to beat the {card_name(win)} and win the trick."
                )
            return act.PLAY + c
        c = lowest_card(legal, t)
        if why is not None:
            why.append(f"{who} plays the {card_name(c)}, the lowest card: nothing in hand beats the {card_name(win)}.")
        return act.PLAY + c
