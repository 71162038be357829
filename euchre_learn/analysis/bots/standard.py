"""The ``'standard'`` bot: the common strategy of a club player (see :mod:`.bidding` and
:mod:`.card_play`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.bots.base import Bot, card_name
from euchre_learn.analysis.bots.bidding import (
    BIDDING,
    best_discard,
    common_phase,
    round2_loner,
    standard_bid1,
    standard_bid2,
)
from euchre_learn.analysis.bots.card_play import standard_play
from euchre_learn.analysis.bots.learned import against, near_game, policy_action, policy_words
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

    def __init__(self, seed: Any = None, bidding: dict[str, float] | None = None, learned: bool = True) -> None:
        super().__init__(seed)
        self.bidding = {**BIDDING, **(bidding or {})}
        """The bidding thresholds (see :data:`BIDDING`); pass some to try a variant."""
        self.learned = learned
        """Bid round 1 by the policy learned by counterfactual regret minimisation where it speaks
        (:func:`~.learned.policy_action`: RULES.md's default rules, a hand the training met often
        enough), by the thresholds elsewhere; ``False``: by the thresholds alone. Round 2 is
        always the thresholds': the policy calls there on almost anything (one hand in 4,000
        thrown in, against 33 by the thresholds), which gains a little in duplicate against
        bots (+0.012 points per deal) but is not how people bid, and the coach plays the rest of
        every hand with this bot (issue 35)."""

    def decide(
        self, state: State, rng: random.Random, why: list[str] | None, score: Sequence[int] | None = None
    ) -> int:
        s = state
        phase = s.phase
        if phase == PLAY_PHASE:
            return standard_play(s, why)
        if phase == BID1:
            got = self._learned_bid(s, score) if self.learned else None
            if got is None:
                return standard_bid1(s, why, score, self.bidding)
            if why is not None:
                why.append(_learned_words(s, got))
            return got[0]
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

    def _learned_bid(self, s: State, score: Sequence[int] | None) -> tuple[int, list[float], str] | None:
        """The learned policy's round-1 bid (:func:`~.learned.policy_action`), or ``None`` where the
        thresholds bid: where the policy does not speak, where the score moves a bid
        (:func:`~.learned.near_game`: the policy ignores the score), and where it orders up a
        small upcard that the thresholds turn down for a loner in another suit in round 2
        (:func:`~.bidding.round2_loner`: the policy judges one suit at a time)."""
        if near_game(score, s.rules.points_to_win):
            return None
        got = policy_action(s)
        if got is None or (got[0] == act.ORDER_UP and round2_loner(s, score, self.bidding) >= 0):
            return None
        return got


def _learned_words(s: State, got: tuple[int, list[float], str]) -> str:
    """The learned bid's sentence, naming a rule of thumb of the coach's book it goes against, if
    any: there the learned numbers decide over the rule."""
    text = policy_words(s, *got)
    rules = against(s, got[0])
    if rules:
        names = " and ".join(f"'{c.title}'" for c in rules)
        text = f"{text[:-1]}; that goes against the rule of thumb {names}, and here the learned numbers decide."
    return text
