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
'West passes: with ♥ hearts trump West would hold no trump, too weak to order it up.'

The bots
--------
``'random'``
    A legal action chosen uniformly at random (the baseline).
``'beginner'``
    Simple counts: orders up (or calls) with three or more trumps, counting the upcard
    when it is the dealer; goes alone with five. Leads its highest card; follows with the
    highest card if it can win the trick, otherwise the lowest.
``'standard'``
    What a club player does: values a hand by its trumps, bowers and off-suit aces, by the
    seat (dealer, eldest, the dealer's partner) and by the game score; goes alone only when
    a march is likely (at most one trick could be lost, counted pessimistically: in 6,000
    self-play deals its loners always made at least 3 tricks and marched two times in three),
    and never when two points win the game; calls *next* from eldest in round 2; leads trump as maker; does not
    trump a partner's winning card; keeps a low trump to protect the left bower; discards to
    make a void.

Every bot only ever chooses one of ``hand.legal_actions()``, and a bot made with a ``seed``
always chooses the same action for the same hand (:meth:`Bot.act` and :meth:`Bot.explain`
agree). Bots use only what their seat may know: their own cards, the cards played, the
upcard, and (for the dealer) their own discard.

Speed: the fast path
--------------------
Playouts, tournaments and the Monte-Carlo advisor call :meth:`Bot.act_state` on the core
:class:`~euchre_learn._core.State` (an action id in, no :class:`~euchre_learn.hand.Hand`,
no sentence built), and :func:`play_hand` plays a whole hand that way:

>>> import random
>>> from euchre_learn import _core
>>> rng = random.Random(7)
>>> state = _core.deal(el.Rules(), 0, rng)
>>> seats = [el.bots.get('standard'), el.bots.get('beginner')] * 2
>>> play_hand(state, seats, rng).phase == _core.OVER
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

import importlib
import importlib.util
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from . import _core
from ._core import (
    BENNY,
    BID1,
    BID2,
    DEFEND,
    DISCARD_PHASE,
    OVER,
    PLAY_PHASE,
    RR_DISCARD,
    RR_GIVE,
    RR_TAKE,
    State,
    bits,
)
from .actions import (
    CALL,
    CALL_ALONE,
    DEFEND_ALONE,
    DISCARD,
    GIVE,
    NAME,
    ORDER_UP,
    ORDER_UP_ALONE,
    PASS,
    PLAY,
    TAKE,
    Action,
)
from .cards import BENNY_INDEX, Card, Seat, Suit
from .errors import quote, type_error
from .explain import action_words, make_word, suit_words
from .trump import EFFECTIVE, POWER, SUIT_MASK, winner_index

if TYPE_CHECKING:
    from .game import Game
    from .hand import Hand

__all__ = ["BeginnerBot", "Bot", "RandomBot", "StandardBot", "get", "names", "play_hand", "register", "unregister"]

BotFactory = Callable[[Any], "Bot"]
"""``factory(seed)`` → a :class:`Bot`."""


# ---- the base class -------------------------------------------------------------------------


class Bot:
    """A computer player. Subclasses implement :meth:`decide`; everything else is shared.

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
        >>> from euchre_learn import _core, Rules
        >>> state = _core.deal(Rules(), 2, random.Random(0))
        >>> get('standard').act_state(state, random.Random(0)) in state.legal()
        True
        """
        return self.decide(state, rng, None, score)

    # --- on hands and games ---------------------------------------------------------------
    def choose(self, hand: Hand | Game) -> tuple[Action, str]:
        """The action this bot takes, and the sentence saying why.

        ``hand`` may also be a :class:`~euchre_learn.game.Game`: then the game score counts
        (a side in the barn bids differently).
        """
        hand, score = _unwrap(hand)
        s = hand._s
        if s.phase == OVER:
            raise ValueError("the hand is over: there is nothing left to do (deal the next hand)")
        why: list[str] = []
        a = self.decide(s.copy(), self._rng_for(hand), why, score)
        return Action(a), (why[0] if why else f"{Seat(s.to_act).word} chooses to {action_words(s, s.to_act, a)}.")

    def act(self, hand: Hand | Game) -> Action:
        """The action this bot takes for the seat to act; always one of ``hand.legal_actions()``."""
        hand, score = _unwrap(hand)
        s = hand._s
        if s.phase == OVER:
            raise ValueError("the hand is over: there is nothing left to do (deal the next hand)")
        return Action(self.decide(s.copy(), self._rng_for(hand), None, score))

    def explain(self, hand: Hand | Game) -> str:
        """One plain sentence on why this bot chooses what :meth:`act` returns."""
        return self.choose(hand)[1]

    def _rng_for(self, hand: Hand) -> random.Random:
        """A generator that depends only on the bot's seed and the hand, so that :meth:`act`
        and :meth:`explain` agree and a seeded bot is deterministic."""
        return random.Random(f"{self.seed}|{hand._deal}|{hand._history}|{hand.rules}")


def _unwrap(obj: Hand | Game) -> tuple[Hand, tuple[int, int] | None]:
    from .game import Game
    from .hand import Hand

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
_ACE, _KING = 5, 4


def _who(seat: int) -> str:
    return Seat(seat).word


def _card(c: int) -> str:
    return str(Card(c))


def _cardlist(mask: int, t: int = -1) -> str:
    """The cards of ``mask``, highest first (by trump power when ``t`` is given)."""
    order = (lambda c: (-_key(c, t, EFFECTIVE[t][c]), c)) if t >= 0 else (lambda c: -c)
    return " ".join(_card(c) for c in sorted(bits(mask), key=order))


def _key(c: int, t: int, led_suit: int) -> int:
    """How strongly ``c`` stands in a trick (R6.3): trumps above the suit led, the rest -1."""
    s = EFFECTIVE[t][c]
    if s == t:
        return 100 + POWER[t][c]
    return POWER[t][c] if s == led_suit else -1


def _lowest(mask: int, t: int) -> int:
    return min(bits(mask), key=lambda c: (POWER[t][c], c))


def _highest(mask: int, t: int) -> int:
    return max(bits(mask), key=lambda c: (_key(c, t, EFFECTIVE[t][c]), -c))


def _deck_mask(state: State) -> int:
    return (1 << 25) - 1 if state.rules.benny else (1 << 24) - 1


class _View:
    """What the seat to act may know during the play: its cards, the cards gone, the voids shown."""

    __slots__ = ("hand", "partner", "seat", "t", "unseen", "voids")

    def __init__(self, s: State) -> None:
        seat = self.seat = s.to_act
        t = self.t = s.trump
        self.hand = s.hands[seat]
        self.partner = (seat + 2) & 3
        unseen = _deck_mask(s) & ~self.hand & ~s.played
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
            a = PLAY + rng.choice(bits(state.play_mask()))
        else:
            a = rng.choice(state.legal())
        if why is not None:
            why.append(
                f"{_who(state.to_act)} picks at random among the legal actions: {action_words(state, state.to_act, a)}."
            )
        return a


# ---- the beginner ---------------------------------------------------------------------------


def _count(mask: int, t: int) -> int:
    return (mask & TRUMP_MASK[t]).bit_count()


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
        who = _who(seat)
        if phase == PLAY_PHASE:
            return self._play(s, why)
        if phase == BID1:
            t = s.proposed
            held = hand | (1 << s.upcard) if seat == s.dealer else hand
            n = _count(held, t)
            alone_only = ORDER_UP not in legal
            need = 4 if alone_only else 3
            if n >= need:
                a = ORDER_UP_ALONE if (n >= 5 or alone_only) else ORDER_UP
                if why is not None:
                    counted = " counting the upcard" if seat == s.dealer else ""
                    why.append(
                        f"{who} {'goes alone: ' if a == ORDER_UP_ALONE else ''}{_says(s, seat, a)}: {who} holds {n} trumps "
                        f"in {suit_words(t)}{counted} ({_cardlist(held & TRUMP_MASK[t], t)}), "
                        + ("and five trumps cannot lose a trick." if n >= 5 else "and three make a hand.")
                    )
                return a
            if why is not None:
                why.append(f"{who} passes: only {n} trump{'s' * (n != 1)} in {suit_words(t)}; a beginner wants three.")
            return PASS
        if phase == BID2:
            options = [a for a in legal if a != PASS and a < CALL_ALONE]
            best = max(options, key=lambda a: (_count(hand, (a - CALL) & 3), -a))
            t = (best - CALL) & 3
            n = _count(hand, t)
            if n >= 3 or PASS not in legal:
                a = best + 4 if n >= 5 else best
                if why is not None:
                    stuck = " (the dealer is stuck and must call, R4.3)" if PASS not in legal else ""
                    why.append(f"{who} calls {suit_words(t)}, the suit with the most trumps in hand ({n}){stuck}.")
                return a
            if why is not None:
                why.append(f"{who} passes: no suit gives three trumps.")
            return PASS
        if phase in (DISCARD_PHASE, RR_DISCARD):
            t = s.trump
            allowed = 0
            for a in legal:
                allowed |= 1 << (a - DISCARD)
            off = allowed & ~TRUMP_MASK[t]
            c = _lowest(off or allowed, t)
            if why is not None:
                why.append(f"{who} discards the {_card(c)}, the lowest {'off-suit ' if off else ''}card.")
            return DISCARD + c
        return _common_phase(s, rng, why, beginner=True)

    def _play(self, s: State, why: list[str] | None) -> int:
        t = s.trump
        legal = s.play_mask()
        who = _who(s.to_act)
        if not s.trick:
            c = _highest(legal, t)
            if why is not None:
                why.append(f"{who} leads the {_card(c)}, the highest card in hand.")
            return PLAY + c
        led_suit = EFFECTIVE[t][s.trick[0]]
        win = s.trick[winner_index(s.trick, t)]
        wkey = _key(win, t, led_suit)
        winners = [c for c in bits(legal) if _key(c, t, led_suit) > wkey]
        if winners:
            c = max(winners, key=lambda c: _key(c, t, led_suit))
            if why is not None:
                why.append(f"{who} plays the {_card(c)}, the highest card, to beat the {_card(win)} and win the trick.")
            return PLAY + c
        c = _lowest(legal, t)
        if why is not None:
            why.append(f"{who} plays the {_card(c)}, the lowest card: nothing in hand beats the {_card(win)}.")
        return PLAY + c


def _says(s: State, seat: int, a: int) -> str:
    """The seeds' verb for a making action, in the third person ('orders it up', 'assists')."""
    if a in (ORDER_UP, ORDER_UP_ALONE):
        word = make_word(s.dealer, seat)
        return {"take it up": "takes it up", "assist": "assists", "order it up": "orders it up"}[word]
    return action_words(s, seat, a)


def _common_phase(s: State, rng: random.Random, why: list[str] | None, *, beginner: bool) -> int:
    """The phases both simple bots treat alike: naming the Benny's suit, the railroad, defending alone."""
    seat = s.to_act
    who = _who(seat)
    hand = s.hands[seat]
    phase = s.phase
    if phase == BENNY:
        a = NAME + rng.randrange(4)
        if why is not None:
            why.append(
                f"{who} names {suit_words(a - NAME)} at random: the dealer names the Benny's suit before looking "
                "at the hand (R3.5), so no suit is better than another."
            )
        return a
    if phase == RR_GIVE:
        t = s.trump
        trumps = hand & TRUMP_MASK[t]
        if trumps:
            c = _highest(trumps, t)
            reason = "the highest trump in hand"
        else:
            aces = [c for c in bits(hand) if c % 6 == _ACE and c != BENNY_INDEX]
            c = aces[0] if aces else _highest(hand, t)
            reason = "an ace, a sure winner" if aces else "the highest card in hand"
        if why is not None:
            why.append(f"{who} passes the {_card(c)} to the loner, {_who(s.maker)}: {reason} (R5.5).")
        return GIVE + c
    if phase == RR_TAKE:
        if why is not None:
            why.append(
                f"{who} takes the railroad card: it costs nothing, since {who} then discards any card, "
                "the new one included (R5.5)."
            )
        return TAKE
    if phase == DEFEND:
        if not beginner:
            return _defend(s, why)
        if why is not None:
            why.append(f"{who} passes: a lone defender needs a very strong hand, and {who}'s partner helps more.")
        return PASS
    raise ValueError(f"no decision to make in phase {_core.PHASE_NAMES[phase]}")  # pragma: no cover


# ---- the standard bot -----------------------------------------------------------------------

# the value of a trump in hand, by power (POWER 10..17: 9 10 Q K A left right Benny)
_TRUMP_VALUE = {10: 1.0, 11: 1.05, 12: 1.15, 13: 1.3, 14: 1.6, 15: 2.0, 16: 2.3, 17: 2.6}
_VOID = 0.45
# how strong a hand must be to make trump, by situation (tuned with benchmarks/bench_bots.py)
BIDDING = {
    "dealer": 4.6,
    "assist": 5.0,
    "order": 5.2,
    "call": 5.0,
    "next": 4.4,
    "upcard": 0.5,
    "eldest": 0.2,
    "alone_losers": 1,
}
"""The standard bot's bidding thresholds: the hand value needed to take it up (dealer), assist,
order it up, call in round 2 and call next from eldest; how much of the upcard's value counts
for (or against) the bidder; eldest's discount. Tuned with ``benchmarks/bench_bots.py``."""


def hand_value(mask: int, t: int) -> float:
    """How good a holding is with ``t`` trump, in rough points: trumps by rank, off-suit aces,
    voids (with two trumps or more). About 5 makes a hand with a partner's help.

    >>> from euchre_learn.cards import cards_to_mask
    >>> from euchre_learn import cards
    >>> round(hand_value(cards_to_mask(cards('J♥ J♦ A♥ A♠ 9♣')), 2), 2)   # both bowers, ace of trump, an ace
    7.4
    """
    tm = TRUMP_MASK[t]
    trumps = mask & tm
    n = trumps.bit_count()
    pw = POWER[t]
    p = 0.0
    for c in bits(trumps):
        p += _TRUMP_VALUE[pw[c]]
    off = mask & ~tm
    for s in range(4):
        if s == t:
            continue
        sm = off & SUIT_MASK[t][s]
        k = sm.bit_count()
        if k == 0:
            if n >= 2:
                p += _VOID
            continue
        if sm >> (s * 6 + _ACE) & 1:
            p += 1.0 if k <= 2 else 0.7
            if sm >> (s * 6 + _KING) & 1:
                p += 0.35
        elif k == 1 and sm >> (s * 6 + _KING) & 1:
            p += 0.15
        p += 0.01 * max(pw[c] for c in bits(sm))  # a tie-break: higher cards are worth keeping
    return p


def best_discard(mask: int, t: int, keep: int = 0) -> int:
    """The card to discard from ``mask`` (six cards) so that the five left are best; never
    one of ``keep`` (the upcard, R3.2). Emptying a short suit (a void) often wins.

    >>> from euchre_learn.cards import cards_to_mask
    >>> from euchre_learn import cards, Card
    >>> Card(best_discard(cards_to_mask(cards('J♥ A♥ 10♥ A♠ K♣ 9♠')), 2))   # keep the ace, void clubs
    Card.parse('K♣')
    """
    return max((c for c in bits(mask & ~keep)), key=lambda c: (hand_value(mask & ~(1 << c), t), -POWER[t][c], c))


def march_losers(mask: int, t: int, benny: bool = False) -> int:
    """How many tricks these five cards may lose when played alone with ``t`` trump, counted
    pessimistically: all the missing trumps in one opponent's hand, who wins whenever a
    higher trump is missing; off-suit aces win once there are three trumps to draw with (and
    a king under its ace with four); every other off-suit card may lose. 0: a near-certain march.

    >>> from euchre_learn.cards import cards_to_mask
    >>> from euchre_learn import cards
    >>> march_losers(cards_to_mask(cards('J♥ J♦ A♥ K♥ A♠')), 2)        # the top four trumps and an ace
    0
    >>> march_losers(cards_to_mask(cards('J♥ K♥ Q♥ 9♥ A♠')), 2)        # the left bower and the ace are out
    2
    """
    pw = POWER[t]
    trumps = mask & TRUMP_MASK[t]
    n = trumps.bit_count()
    mine = sorted((pw[c] for c in bits(trumps)), reverse=True)
    out = sorted(
        (pw[c] for c in range(25 if benny else 24) if EFFECTIVE[t][c] == t and not trumps >> c & 1), reverse=True
    )
    losers = 0
    for m in mine:
        if not out:
            break
        if m > out[0]:
            out.pop()  # the opponent follows with its lowest trump
        else:
            losers += 1  # the lowest trump that beats it takes the trick
            out.pop(max(i for i, o in enumerate(out) if o > m))
    for suit in range(4):
        if suit == t:
            continue
        held = mask & SUIT_MASK[t][suit]
        k = held.bit_count()
        if not k:
            continue
        good = 0
        if n >= 3 and held >> (suit * 6 + _ACE) & 1:
            good = 1
            if n >= 4 and held >> (suit * 6 + _KING) & 1:
                good = 2
        losers += k - good
    return losers


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
            return _std_play(s, why)
        if phase == BID1:
            return _std_bid1(s, why, score, self.bidding)
        if phase == BID2:
            return _std_bid2(s, why, score, self.bidding)
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
                why.append(f"{_who(seat)} discards the {_card(c)}{reason}.")
            return DISCARD + c
        return _common_phase(s, rng, why, beginner=False)


def _bowers(t: int) -> str:
    """The two bowers of trump ``t`` in words: 'J♥ and J♦'."""
    return f"{_card(t * 6 + 2)} and {_card((3 - t) * 6 + 2)}"


def _need(score: Sequence[int] | None, seat: int, target: int) -> tuple[int, int]:
    """Points our side and their side still need (the target when the score is unknown)."""
    if score is None:
        return target, target
    return target - score[seat & 1], target - score[(seat + 1) & 1]


def _threshold(base: float, score: Sequence[int] | None, seat: int, target: int) -> tuple[float, str]:
    us, them = _need(score, seat, target)
    if them == 1:
        return base - 0.5, " (they need one point, so it pays to take control)"
    if them == 2 and us > 2:
        return base + 0.4, " (a euchre would give them the game, so it takes a little more)"
    return base, ""


def _alone_ok(value_mask: int, t: int, s: State, score: Sequence[int] | None, seat: int, th: dict[str, float]) -> bool:
    us, _them = _need(score, seat, s.rules.points_to_win)
    if us <= 2:
        return False  # a march with the partner's help is enough to win
    return march_losers(value_mask, t, bool(s.rules.benny)) <= th["alone_losers"]


def _std_bid1(s: State, why: list[str] | None, score: Sequence[int] | None, th: dict[str, float]) -> int:
    seat = s.to_act
    t = s.proposed
    hand = s.hands[seat]
    legal = s.legal()
    up = s.upcard
    upv = _TRUMP_VALUE[POWER[t][up]]
    target = s.rules.points_to_win
    who = _who(seat)
    partner_deals = seat == (s.dealer + 2) & 3
    if seat == s.dealer:
        six = hand | (1 << up)
        best = six & ~(1 << best_discard(six, t, 1 << up))
        value = hand_value(best, t)
        base, how = th["dealer"], f" with the {_card(up)} taken up"
        march_mask = best
    elif partner_deals:
        value = hand_value(hand, t) + th["upcard"] * upv
        base, how = th["assist"], f", and the {_card(up)} goes to partner, the dealer"
        march_mask = hand
    else:
        value = hand_value(hand, t) - th["upcard"] * upv
        base, how = th["order"], f", though the {_card(up)} goes to the other side's dealer"
        march_mask = hand
        if seat == (s.dealer + 1) & 3:
            base -= th["eldest"]  # eldest leads the first trick
    threshold, note = _threshold(base, score, seat, target)
    n = _count(hand | ((1 << up) if seat == s.dealer else 0), t)
    alone_only = ORDER_UP not in legal
    # an alone call plays without the dealer's pick-up when the partner deals (R5.2)
    if partner_deals and not s.rules.dealer_picks_up_for_partner_loner:
        march_mask = hand
    alone = _alone_ok(march_mask, t, s, score, seat, th)
    if alone_only:
        alone = alone or value >= threshold + 1.2
    if alone or (value >= threshold and not alone_only):
        a = ORDER_UP_ALONE if alone else ORDER_UP
        if why is not None:
            verb = _says(s, seat, a)
            if alone:
                why.append(
                    f"{who} {verb} and goes alone: with {suit_words(t)} trump ({_cardlist(march_mask & TRUMP_MASK[t], t)}) "
                    f"{who} should take at least four tricks and likely all five, and a loner's march scores 4 points (R7.1)."
                )
            else:
                why.append(
                    f"{who} {verb}: with {suit_words(t)} trump {who} holds {n} trump{'s' * (n != 1)} "
                    f"({_cardlist(march_mask & TRUMP_MASK[t], t)}){how}, a hand rated {value:.1f} where "
                    f"{threshold:.1f} is enough to make it with partner's help{note}."
                )
        return a
    if why is not None:
        trumps = _cardlist((hand | ((1 << up) if seat == s.dealer else 0)) & TRUMP_MASK[t], t)
        held = f"only {n} trump{'s' * (n != 1)} ({trumps})" if n else "no trump"
        if seat == s.dealer:
            held = f"{held}, counting the upcard"
        reason = (
            "the dealer's partner must go alone to assist here (R5.3), and the hand is not strong enough"
            if alone_only
            else f"too weak to {make_word(s.dealer, seat)}"
        )
        if n:
            why.append(f"{who} passes: with {suit_words(t)} trump {who} would hold {held}, {reason}{note}.")
        else:
            why.append(f"{who} passes: with {suit_words(t)} trump {who} would hold {held}, {reason}.")
    return PASS


def _std_bid2(s: State, why: list[str] | None, score: Sequence[int] | None, th: dict[str, float]) -> int:
    seat = s.to_act
    hand = s.hands[seat]
    legal = s.legal()
    td = s.turned_down
    who = _who(seat)
    eldest = seat == (s.dealer + 1) & 3
    next_suit = 3 - td  # next, the same colour (R1.2): clubs-spades, diamonds-hearts (C0 D1 H2 S3)
    best_t, best_margin, best_value = -1, -99.0, 0.0
    for t in range(4):
        if t == td:
            continue
        value = hand_value(hand, t)
        base = th["next"] if (eldest and t == next_suit) else th["call"]
        threshold, _ = _threshold(base, score, seat, s.rules.points_to_win)
        margin = value - threshold
        if margin > best_margin:
            best_t, best_margin, best_value = t, margin, value
    t = best_t
    stuck = PASS not in legal
    if best_margin >= 0 or stuck:
        alone = _alone_ok(hand, t, s, score, seat, th)
        a = (CALL_ALONE if alone else CALL) + t
        if why is not None:
            n = _count(hand, t)
            trumps = _cardlist(hand & TRUMP_MASK[t], t)
            if alone:
                why.append(
                    f"{who} calls {suit_words(t)} alone: with {trumps} in trumps {who} should take at least four "
                    "tricks and likely all five, and a loner's march scores 4 points (R7.1)."
                )
            elif stuck and best_margin < 0:
                why.append(
                    f"{who} is stuck (R4.3) and calls {suit_words(t)}, the best suit in hand "
                    f"({n} trump{'s' * (n != 1)}{': ' + trumps if n else ''})."
                )
            elif eldest and t == next_suit:
                why.append(
                    f"{who} calls next, {suit_words(t)}, the same colour as the turned-down {suit_words(td)}: "
                    f"the dealer passed on {Suit(td).plural}, so the two jacks of that colour, {_bowers(t)}, "
                    f"are less likely against {who}, and from eldest {trumps} (rated {best_value:.1f}) is enough."
                )
            else:
                why.append(
                    f"{who} calls {suit_words(t)}: {n} trump{'s' * (n != 1)} ({trumps}) make a hand rated "
                    f"{best_value:.1f} where {best_value - best_margin:.1f} is enough with partner's help."
                )
        return a
    if why is not None:
        why.append(
            f"{who} passes: the best suit {who} may name, {suit_words(best_t)}, rates only {best_value:.1f} "
            f"where a call needs {best_value - best_margin:.1f} ({suit_words(td)} was turned down, R4.1)."
        )
    return PASS


def _defend(s: State, why: list[str] | None) -> int:
    seat = s.to_act
    hand = s.hands[seat]
    t = s.trump
    who = _who(seat)
    pays = s.rules.lone_defender_points[0]
    value = hand_value(hand, t)
    if pays > 2 and value >= 6.5:
        if why is not None:
            why.append(
                f"{who} defends alone: a hand worth {value:.1f} points can stop {_who(s.maker)} alone, "
                f"and a lone defender's euchre scores {pays} (R5.4, R7.3)."
            )
        return DEFEND_ALONE
    if why is not None:
        reason = (
            f"a lone defender's 3 tricks score only {pays}, less than the 2 a euchre with partner scores"
            if pays <= 2
            else "two defenders stop a loner more often than one"
        )
        why.append(f"{who} passes: {reason} (R5.4, R7.3).")
    return PASS


def _std_play(s: State, why: list[str] | None) -> int:
    v = _View(s)
    t = v.t
    legal = s.play_mask()
    who = _who(v.seat)
    if len(bits(legal)) == 1:
        c = bits(legal)[0]
        if why is not None:
            if not s.trick:
                why.append(f"{who} leads the {_card(c)}, the last card in hand.")
            else:
                why.append(f"{who} plays the {_card(c)}, the only legal card (R6.2).")
        return PLAY + c
    if not s.trick:
        return _std_lead(s, v, legal, why)
    trick, seats = s.trick, s.trick_seats
    led = trick[0]
    led_suit = EFFECTIVE[t][led]
    wi = winner_index(trick, t)
    win, wseat = trick[wi], seats[wi]
    wkey = _key(win, t, led_suit)
    # who is still to play after this seat
    later = []
    x = s.next_active(v.seat)
    while x not in seats:
        later.append(x)
        x = s.next_active(x)
    opp_later = [x for x in later if x & 1 != v.seat & 1]
    following = bool(legal & SUIT_MASK[t][led_suit])
    winners = [c for c in bits(legal) if _key(c, t, led_suit) > wkey]
    if wseat == v.partner:
        safe = not opp_later or _holds(v, win, led_suit, opp_later)
        sure = [c for c in winners if _holds(v, c, led_suit, opp_later)]
        if not safe and sure:
            c = min(sure, key=lambda c: _key(c, t, led_suit))
            if why is not None:
                why.append(
                    f"{who} plays the {_card(c)}, sure to win: partner's {_card(win)} could still be beaten "
                    f"by {' or '.join(_who(x) for x in opp_later)}{_left_note(v, c, legal)}."
                )
            return PLAY + c
        if safe:
            c = _throw(v, legal, following)
            if why is not None:
                base = f"{who} plays low, the {_card(c)}: partner's {_card(win)} already wins the trick"
                if not following and EFFECTIVE[t][c] != t and legal & TRUMP_MASK[t]:
                    base += ", so there is no need to trump it"
                why.append(base + ".")
            return PLAY + c
    if winners and wseat != v.partner:
        if not opp_later:
            c = min(winners, key=lambda c: _key(c, t, led_suit))
            reason = "the cheapest card that wins the trick, as nobody on the other side plays after"
        else:
            sure = [c for c in winners if _holds(v, c, led_suit, opp_later)]
            if sure:
                c = min(sure, key=lambda c: _key(c, t, led_suit))
                reason = "the lowest card sure to win the trick"
            elif following:
                c = max(winners, key=lambda c: _key(c, t, led_suit))
                reason = "the highest card in the suit, to make the next player pay to beat it"
            else:
                c = min(winners, key=lambda c: _key(c, t, led_suit))
                reason = "the lowest trump that wins the trick"
        if why is not None:
            verb = "trumps with" if not following and EFFECTIVE[t][c] == t and led_suit != t else "plays"
            note = _left_note(v, c, legal)
            why.append(f"{who} {verb} the {_card(c)}, {reason}{note}.")
        return PLAY + c
    c = _throw(v, legal, following)
    if why is not None:
        if wseat == v.partner:
            why.append(
                f"{who} plays low, the {_card(c)}: partner is winning the trick, and it is not worth overtaking."
            )
        else:
            why.append(f"{who} plays low, the {_card(c)}: nothing in hand beats the {_card(win)}.")
    return PLAY + c


def _holds(v: _View, c: int, led_suit: int, opp_later: list[int]) -> bool:
    """Whether ``c`` (winning now) should still win after ``opp_later`` play."""
    t = v.t
    if not v.boss(c):
        return False
    if EFFECTIVE[t][c] == t:
        return True
    # an off-suit winner can still be trumped by someone who has shown out of the suit
    return not any(v.voids[x] >> led_suit & 1 for x in opp_later) or not v.unseen & TRUMP_MASK[t]


def _left_note(v: _View, c: int, legal: int) -> str:
    t = v.t
    left = [x for x in range(24) if EFFECTIVE[t][x] == t and x // 6 != t and x % 6 == 2]
    if left and legal >> left[0] & 1 and c != left[0] and EFFECTIVE[t][c] == t:
        right = t * 6 + 2
        if v.unseen >> right & 1:
            return f", keeping the {_card(left[0])} (the left bower) protected while the right bower is out"
    return ""


def _throw(v: _View, legal: int, following: bool) -> int:
    """The card to give up: the lowest of the suit when following; otherwise a low off-suit card,
    from a short suit to make a void, never a trump or a sure winner if it can be helped."""
    t = v.t
    if following:
        return _lowest(legal, t)
    off = legal & ~TRUMP_MASK[t]
    if not off:
        return _lowest(legal, t)
    hand = v.hand

    def cost(c: int) -> tuple[float, int]:
        suit = EFFECTIVE[t][c]
        short = (hand & SUIT_MASK[t][suit]).bit_count() == 1
        return (POWER[t][c] + (4 if v.boss(c) else 0) - (1.5 if short else 0), c)

    return min(bits(off), key=cost)


def _std_lead(s: State, v: _View, legal: int, why: list[str] | None) -> int:
    t = v.t
    who = _who(v.seat)
    tm = TRUMP_MASK[t]
    trumps = legal & tm
    out_trumps = v.unseen & tm
    makers = s.maker & 1 == v.seat & 1
    opponents = [x for x in range(4) if x & 1 != v.seat & 1 and not s.out >> x & 1]
    if makers and trumps and out_trumps:
        top = _highest(trumps, t)
        n = trumps.bit_count()
        if v.boss(top) and (v.seat == s.maker or n >= 1):
            if why is not None:
                role = "the maker" if v.seat == s.maker else "the maker's partner"
                why.append(
                    f"{who} leads the {_card(top)}, the highest trump left: as {role}, {who} draws the "
                    "other side's trumps so the off-suit winners are safe."
                )
            return PLAY + top
        if v.seat == s.maker and n >= 2:
            low = _lowest(trumps, t)
            if why is not None:
                why.append(
                    f"{who} leads a low trump, the {_card(low)}: the maker leads trump to draw the other "
                    f"side's, keeping the {_card(top)} for later{_left_note(v, low, legal)}."
                )
            return PLAY + low
    # an off-suit winner, in a suit the other side cannot trump
    off = legal & ~tm
    cands = [c for c in bits(off) if v.boss(c)]
    if cands:
        safe = [c for c in cands if not any(v.voids[x] >> EFFECTIVE[t][c] & 1 for x in opponents)] or cands

        def short(c: int) -> tuple[int, int]:
            return ((v.hand & SUIT_MASK[t][EFFECTIVE[t][c]]).bit_count(), -POWER[t][c])

        c = min(safe, key=short)
        if why is not None:
            why.append(
                f"{who} leads the {_card(c)}, the highest {Suit(EFFECTIVE[t][c]).plural[:-1]} left, a likely winner."
            )
        return PLAY + c
    if not off:
        top = _highest(trumps, t)
        c = top if v.boss(top) else _lowest(trumps, t)
        if why is not None:
            why.append(
                f"{who} leads the {_card(c)}: "
                + (
                    "the highest trump left wins the trick."
                    if c == top and v.boss(top)
                    else "only trumps are left to lead."
                )
            )
        return PLAY + c
    # a low card, from a suit partner may win or trump
    partner = v.partner
    partner_void = v.voids[partner] if not s.out >> partner & 1 else 0

    def lead_key(c: int) -> tuple[int, int, int]:
        suit = EFFECTIVE[t][c]
        return (0 if partner_void >> suit & 1 else 1, POWER[t][c], c)

    c = min(bits(off), key=lead_key)
    if why is not None:
        if partner_void >> EFFECTIVE[t][c] & 1:
            why.append(
                f"{who} leads the {_card(c)}: partner has shown out of {Suit(EFFECTIVE[t][c]).plural} and may trump it."
            )
        else:
            why.append(f"{who} leads the {_card(c)}, a low card, keeping the trumps and high cards for later.")
    return PLAY + c


# ---- the registry ---------------------------------------------------------------------------

_FACTORIES: dict[str, BotFactory] = {
    "random": RandomBot,
    "beginner": BeginnerBot,
    "standard": StandardBot,
}
_LAZY = {"expert": "euchre_learn.expert"}


def register(name: str, factory: BotFactory, *, replace: bool = False) -> None:
    """Add a bot under ``name``: ``factory(seed)`` returns a :class:`Bot`.

    >>> class Passer(StandardBot):
    ...     name = 'passer'
    >>> register('passer', Passer)
    >>> get('passer').name, 'passer' in names()
    ('passer', True)
    >>> register('passer', Passer)
    Traceback (most recent call last):
    ...
    ValueError: a bot named 'passer' is already registered (use replace=True to change it)
    >>> unregister('passer'); 'passer' in names()
    False
    """
    if not isinstance(name, str) or not name:
        raise ValueError(f"a bot's name must be a non-empty string, not {quote(name)}")
    if not callable(factory):
        raise ValueError(f"register({quote(name)}, ...) needs a factory taking a seed and returning a Bot, not {quote(factory)}")
    if name in _FACTORIES and not replace:
        raise ValueError(f"a bot named {quote(name)} is already registered (use replace=True to change it)")
    _FACTORIES[name] = factory


def unregister(name: str) -> None:
    """Remove a bot added with :func:`register` (the built-in bots stay).

    >>> unregister('standard')
    Traceback (most recent call last):
    ...
    ValueError: 'standard' is built in and cannot be removed
    """
    if name in ("random", "beginner", "standard"):
        raise ValueError(f"{quote(name)} is built in and cannot be removed")
    if name not in _FACTORIES:
        raise ValueError(f"no bot named {quote(name)} is registered")
    del _FACTORIES[name]


def names() -> tuple[str, ...]:
    """The names :func:`get` accepts, weakest first ('expert' once ``euchre_learn.expert`` exists).

    >>> {'random', 'beginner', 'standard'} <= set(names())
    True
    """
    out = list(_FACTORIES)
    for name, module in _LAZY.items():
        if name not in _FACTORIES and importlib.util.find_spec(module) is not None:
            out.append(name)
    return tuple(out)


def get(name: str | Bot, seed: Any = None) -> Bot:
    """A new bot by name; the same ``seed`` gives the same choices every time.

    >>> get('standard', seed=1)
    <StandardBot 'standard' seed=1>
    >>> get('grandmaster')
    Traceback (most recent call last):
    ...
    ValueError: 'grandmaster' is not a bot: choose one of 'random', 'beginner', 'standard'...
    """
    if isinstance(name, Bot):
        return name
    if not isinstance(name, str):
        raise type_error("bots.get(name)", name, f"a bot's name, one of {', '.join(map(repr, names()))}, or a Bot")
    if name not in _FACTORIES and name in _LAZY:
        try:
            importlib.import_module(_LAZY[name])
        except ModuleNotFoundError as err:
            if err.name != _LAZY[name]:
                raise
    if name not in _FACTORIES:
        raise ValueError(f"{quote(name)} is not a bot: choose one of {', '.join(map(repr, names()))}")
    bot = _FACTORIES[name](seed)
    if not isinstance(bot, Bot):
        raise ValueError(f"the factory registered as {quote(name)} returned {quote(bot)}, not a Bot")
    return bot


# ---- playing whole hands on the core ----------------------------------------------------------


def play_hand(state: State, bots: Sequence[Bot], rng: random.Random, score: Sequence[int] | None = None) -> State:
    """Play ``state`` to the end in place, seat ``i`` played by ``bots[i]``; returns ``state``.

    The fast path of tournaments and benchmarks: no :class:`~euchre_learn.hand.Hand` is built.

    >>> import random
    >>> from euchre_learn import _core, Rules
    >>> rng = random.Random(1)
    >>> state = play_hand(_core.deal(Rules.preset('railroad'), 3, rng), [get('standard')] * 4, rng)
    >>> state.phase == _core.OVER, len(state.tricks) in (0, 5)
    (True, True)
    """
    if len(bots) != 4:
        raise ValueError(f"play_hand needs four bots, one per seat N E S W, not {len(bots)}")
    while state.phase != OVER:
        state.apply(bots[state.to_act].decide(state, rng, None, score))
    return state
