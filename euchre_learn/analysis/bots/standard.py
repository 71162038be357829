"""The ``'standard'`` bot: the common strategy of a club player (see :mod:`.bidding` and
:mod:`.card_play`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.bots.base import Bot, card_name
from euchre_learn.analysis.bots.bidding import BIDDING, best_discard, common_phase, standard_bid1, standard_bid2
from euchre_learn.analysis.bots.card_play import standard_play
from euchre_learn.engine import act
from euchre_learn.engine.cards import Suit
from euchre_learn.engine.core import (
    BID1,
    BID2,
    DISCARD_PHASE,
    PLAY_PHASE,
    RR_DISCARD,
    State,
)
from euchre_learn.engine.rulings import seat_word
from euchre_learn.engine.trump import EFFECTIVE, SUIT_MASK

if TYPE_CHECKING:
    pass


class StandardBot(Bot):
    """The common strategy of a club player (see the module docs for what it does).

    >>> import euchre_learn as el
    >>> hand = el.Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
    ...                                 'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
    >>> bot = el.bots.get('standard')
    >>> [str(bot.act(h)) for h in (hand, hand.apply('pass'))]
    ['pass', 'pass']
    """

    name = "standard"

    def __init__(self, seed: Any = None, bidding: dict[str, float] | None = None) -> None:
        super().__init__(seed)
        self.bidding = {**BIDDING, **(bidding or {})}
        """The bidding thresholds (see :data:`BIDDING`); pass some to try a variant."""

    def decide(
        self, state: State, rng: random.Random, why: list[str] | None, score: Sequence[int] | None = None
    ) -> int:
        s = state
        phase = s.phase
        if phase == PLAY_PHASE:
            return standard_play(s, why)
        if phase == BID1:
            return standard_bid1(s, why, score, self.bidding)
        if phase == BID2:
            return standard_bid2(s, why, score, self.bidding)
        if phase in (DISCARD_PHASE, RR_DISCARD):
            seat = s.to_act
            keep = (1 << s.upcard) if phase == DISCARD_PHASE else 0
            hand = s.hands[seat]
            t = s.trump
            c = best_discard(hand, t, keep)
            if why is not None:
                suit = EFFECTIVE[t][c]
                if suit != t and not (hand & ~(1 << c)) & SUIT_MASK[t][suit]:
                    reason = f" to be void in {Suit(suit).plural}, so a {Suit(suit).plural[:-1]} lead can be trumped"
                elif suit == t:
                    reason = ": every card is a trump, so the lowest one goes"
                else:
                    reason = ", the weakest card, keeping the trumps and the aces"
                why.append(f"{seat_word(seat)} discards the {card_name(c)}{reason}.")
            return act.DISCARD + c
        return common_phase(s, rng, why, beginner=False)
