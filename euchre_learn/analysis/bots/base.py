"""The base class of every bot and the facts about a position that every bot uses."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from euchre_learn.engine.actions import (
    Action,
)
from euchre_learn.engine.cards import Card, Seat, deck_mask
from euchre_learn.engine.core import (
    OVER,
    State,
    bits,
)
from euchre_learn.engine.explain import action_words
from euchre_learn.engine.trump import EFFECTIVE, POWER, SUIT_MASK

if TYPE_CHECKING:
    from euchre_learn.engine.game import Game
    from euchre_learn.engine.hand import Hand


BotFactory = Callable[[Any], "Bot"]
"""``factory(seed)`` → a :class:`Bot`."""


# ---- the base class -------------------------------------------------------------------------


class Bot:
    """A computer player. Subclasses implement :meth:`decide`; everything else is shared.

    >>> from euchre_learn.analysis.bots import get
    >>> bot = get('beginner', seed=3)
    >>> hand = __import__('euchre_learn').Hand.deal('N', seed=3)
    >>> bot.act(hand) in hand.legal_actions(), bot.act(hand) == bot.act(hand)
    (True, True)
    """

    name = "bot"
    """The name it is registered under."""

    def __init__(self, seed: Any = None) -> None:
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(64)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seed={self.seed!r}>"

    # --- to implement --------------------------------------------------------------------
    def decide(
        self, state: State, rng: random.Random, why: list[str] | None, score: Sequence[int] | None = None
    ) -> int:
        """The action id to take in ``state`` (for ``state.to_act``). Must not change ``state``.

        ``score`` is the game score ``(NS, EW)`` before this hand, when known. When ``why``
        is a list, append one plain sentence explaining the choice.
        """
        raise NotImplementedError

    # --- the fast path -------------------------------------------------------------------
    def act_state(self, state: State, rng: random.Random, score: Sequence[int] | None = None) -> int:
        """The action id for the core ``state``, built no sentence (the fast path).

        >>> import random
        >>> from euchre_learn.engine import core
        >>> from euchre_learn import Rules
        >>> state = core.deal(Rules(), 2, random.Random(0))
        >>> from euchre_learn.analysis.bots import get
        >>> get('standard').act_state(state, random.Random(0)) in state.legal()
        True
        """
        return self.decide(state, rng, None, score)

    # --- on hands and games ---------------------------------------------------------------
    def choose(self, hand: Hand | Game) -> tuple[Action, str]:
        """The action this bot takes, and the sentence saying why.

        ``hand`` may also be a :class:`~euchre_learn.engine.game.Game`: then the game score counts
        (a side in the barn bids differently).
        """
        hand, score = _unwrap(hand)
        s = hand.core
        if s.phase == OVER:
            raise ValueError("the hand is over: there is nothing left to do (deal the next hand)")
        why: list[str] = []
        a = self.decide(s.copy(), self.rng_for(hand), why, score)
        return Action(a), (why[0] if why else f"{Seat(s.to_act).word} chooses to {action_words(s, s.to_act, a)}.")

    def act(self, hand: Hand | Game) -> Action:
        """The action this bot takes for the seat to act; always one of ``hand.legal_actions()``."""
        hand, score = _unwrap(hand)
        s = hand.core
        if s.phase == OVER:
            raise ValueError("the hand is over: there is nothing left to do (deal the next hand)")
        return Action(self.decide(s.copy(), self.rng_for(hand), None, score))

    def explain(self, hand: Hand | Game) -> str:
        """One plain sentence on why this bot chooses what :meth:`act` returns."""
        return self.choose(hand)[1]

    def rng_for(self, hand: Hand) -> random.Random:
        """A generator that depends only on the bot's seed and the hand, so that :meth:`act`
        and :meth:`explain` agree and a seeded bot is deterministic (a study that calls
        :meth:`decide` itself asks for the same one).

        >>> from euchre_learn import Hand
        >>> from euchre_learn.analysis.bots import get
        >>> hand = Hand.deal('S', seed=3)
        >>> get('standard', seed=1).rng_for(hand).random() == get('standard', seed=1).rng_for(hand).random()
        True
        """
        return random.Random(f"{self.seed}|{hand.deal_masks}|{hand.history_ids}|{hand.rules}")


def _unwrap(obj: Hand | Game) -> tuple[Hand, tuple[int, int] | None]:
    from euchre_learn.engine.game import Game
    from euchre_learn.engine.hand import Hand

    if isinstance(obj, Game):
        sc = obj.score
        return obj.hand, (sc[0], sc[1])  # type: ignore[index]
    if isinstance(obj, Hand):
        return obj, None
    raise ValueError(f"a bot acts on a Hand or a Game, not {type(obj).__name__}")


# ---- shared facts ---------------------------------------------------------------------------

TRUMP_MASK = [SUIT_MASK[t][t] for t in range(4)]
# ABOVE[t][c]: the cards of c's effective suit that beat c
ABOVE = [
    [
        sum(1 << d for d in range(25) if EFFECTIVE[t][d] == EFFECTIVE[t][c] and POWER[t][d] > POWER[t][c])
        for c in range(25)
    ]
    for t in range(4)
]
ACE_RANK, KING_RANK = 5, 4


def card_name(c: int) -> str:
    return str(Card(c))


def card_list(mask: int, t: int = -1) -> str:
    """The cards of ``mask``, highest first (by trump power when ``t`` is given)."""
    order = (lambda c: (-trick_key(c, t, EFFECTIVE[t][c]), c)) if t >= 0 else (lambda c: -c)
    return " ".join(card_name(c) for c in sorted(bits(mask), key=order))


def trick_key(c: int, t: int, led_suit: int) -> int:
    """How strongly ``c`` stands in a trick (R6.3): trumps above the suit led, the rest -1."""
    s = EFFECTIVE[t][c]
    if s == t:
        return 100 + POWER[t][c]
    return POWER[t][c] if s == led_suit else -1


def lowest_card(mask: int, t: int) -> int:
    return min(bits(mask), key=lambda c: (POWER[t][c], c))


def highest_card(mask: int, t: int) -> int:
    return max(bits(mask), key=lambda c: (trick_key(c, t, EFFECTIVE[t][c]), -c))



class View:
    """What the seat to act may know during the play: its cards, the cards gone, the voids shown."""

    __slots__ = ("hand", "partner", "seat", "t", "unseen", "voids")

    def __init__(self, s: State) -> None:
        seat = self.seat = s.to_act
        t = self.t = s.trump
        self.hand = s.hands[seat]
        self.partner = (seat + 2) & 3
        unseen = deck_mask(s.rules) & ~self.hand & ~s.played
        if seat == s.dealer and s.discard >= 0:
            unseen &= ~(1 << s.discard)
        if s.rr_discard >= 0 and seat == s.maker:
            unseen &= ~(1 << s.rr_discard)
        if s.turned_down >= 0 or _upcard_dead(s):
            unseen &= ~(1 << s.upcard)  # the upcard lies in the kitty, out of play
        self.unseen = unseen
        voids = [0, 0, 0, 0]  # bit s set: that seat showed out of suit s
        eff = EFFECTIVE[t]
        for _lead, cs, seats, _w in s.tricks:
            led = eff[cs[0]]
            for c, who in zip(cs[1:], seats[1:], strict=True):
                if eff[c] != led:
                    voids[who] |= 1 << led
        if s.trick:
            led = eff[s.trick[0]]
            for c, who in zip(s.trick[1:], s.trick_seats[1:], strict=True):
                if eff[c] != led:
                    voids[who] |= 1 << led
        self.voids = voids

    def boss(self, c: int) -> bool:
        """No card still unseen beats ``c`` in its own suit."""
        return not self.unseen & ABOVE[self.t][c]


def _upcard_dead(s: State) -> bool:
    """R5.2: the dealer's partner went alone in round 1, so the dealer never picked up."""
    return (
        s.turned_down < 0
        and s.alone
        and s.maker == (s.dealer + 2) & 3
        and not s.rules.dealer_picks_up_for_partner_loner
    )


def count_trumps(mask: int, t: int) -> int:
    return (mask & TRUMP_MASK[t]).bit_count()
