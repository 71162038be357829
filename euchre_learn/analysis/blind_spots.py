"""The blind spots the course teaches, as slips the opponent levels (:mod:`euchre_learn.analysis.levels`)
make over the standard bot's decisions.

A level is the ``'standard'`` bot with a handful of **blind spots**, each a named function over
the standard bot's decision, applied at a rate that sets the level. A blind spot looks at what
the seat to act may know and at the standard bot's choice; where the slip is possible it returns
the card or bid a player with that blind spot would choose (always a legal one) and the words
naming the slip; elsewhere ``None``. The level then makes the slip with the blind spot's rate,
drawn from the bot's seeded generator, so the same seed always plays the same way. Every choice
is the standard bot's or a slip with a name, and the slip is said in :meth:`Bot.explain`.

The blind spots (:data:`BLIND_SPOTS`):

``trump_partners_winner``
    Void in the suit led, trumps the partner's card that is already winning the trick.
``forgot_left_bower``
    Treats the left bower as a card of its printed suit: follows that suit with it when void in
    it, or throws it away as a small side card.
``not_counting_trumps``
    Throws a trump under the other side's higher trump when a side card would do; leads trump
    when no other trump is left to draw; trumps with its highest trump when a lower one wins.
``trump_from_weakness``
    As a defender, leads its lowest trump instead of a side card.
``two_small_trumps``
    Orders it up (or calls in round 2) with just two trumps, neither the right bower.
``alone_too_often``
    Goes alone where the standard bot (or a slip before) makes trump with its partner, on two trumps or more.
``alone_too_rarely``
    Plays with its partner where the standard bot goes alone.

Two temperatures, over the standard bot's own candidates, complete the weaker levels:

``misjudged_strength`` (each level's :data:`~euchre_learn.analysis.levels.TEMPERATURE`)
    A softmax over pass and each bid the seat may make, each scored by how far the standard bot's
    hand value lies over its own line: hands near the line are misjudged first.
``careless_card`` (each level's :data:`~euchre_learn.analysis.levels.CARD_TEMPERATURE`)
    A softmax over the legal cards, the standard bot's card scored 0 and the others -1: the one
    part close to noise (at temperature 3 the standard bot's card is kept about a third of the
    time with four cards to choose from; at 0.2 almost always). Measured on 60-80 hands, the blind
    spots above cost little on the review's scale (every one at every chance, the bids hot: about
    89-92), so the weaker levels need it to come near a random player's 78.5.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from euchre_learn.analysis.bots.base import (
    TRUMP_MASK,
    View,
    card_list,
    card_name,
    count_trumps,
    highest_card,
    lowest_card,
    trick_key,
)
from euchre_learn.analysis.bots.bidding import bid1_rating, bid2_ratings, says_text
from euchre_learn.engine import act
from euchre_learn.engine.cards import Suit
from euchre_learn.engine.core import BID1, BID2, PLAY_PHASE, State, bits
from euchre_learn.engine.explain import suit_words
from euchre_learn.engine.rulings import seat_word
from euchre_learn.engine.trump import EFFECTIVE, LEFT, POWER, SUIT_MASK, winner_index

__all__ = [
    "BLIND_SPOTS",
    "BlindSpot",
    "Slip",
    "alone_too_often",
    "alone_too_rarely",
    "careless_card",
    "forgot_left_bower",
    "misjudged_strength",
    "not_counting_trumps",
    "trump_from_weakness",
    "trump_partners_winner",
    "two_small_trumps",
]


class Slip(NamedTuple):
    """What a blind spot makes the seat do instead: the action id and the sentence saying so."""

    action: int
    words: str


BlindSpot = Callable[[State, int], "Slip | None"]
"""``spot(state, standard_action)`` → the :class:`Slip`, or ``None`` where it does not apply."""



def _trumps_held(s: State) -> int:
    return s.hands[s.to_act] & TRUMP_MASK[s.trump]


def _follow_facts(s: State) -> tuple[int, int, int, int, bool] | None:
    """When following: (legal mask, led suit, winning card, winning seat, following suit)."""
    if s.phase != PLAY_PHASE or not s.trick:
        return None
    t = s.trump
    legal = s.play_mask()
    led_suit = EFFECTIVE[t][s.trick[0]]
    wi = winner_index(s.trick, t)
    return legal, led_suit, s.trick[wi], s.trick_seats[wi], bool(legal & SUIT_MASK[t][led_suit])


# ---- the blind spots ------------------------------------------------------------------------


def trump_partners_winner(s: State, std: int) -> Slip | None:
    """Does not watch the partner's card: trumps (void in the suit led) or overtakes (following
    suit) the partner's card that is already winning, where the standard bot plays low.

    Applies only when the partner is winning and the seat holds a card that beats it."""
    facts = _follow_facts(s)
    if facts is None:
        return None
    legal, led_suit, win, wseat, following = facts
    t = s.trump
    me = s.to_act
    if wseat != (me + 2) & 3:
        return None
    wkey = trick_key(win, t, led_suit)
    if trick_key(std - act.PLAY, t, led_suit) > wkey:
        return None  # the standard bot overtakes on purpose (partner's card could still be beaten)
    winners = [c for c in bits(legal) if trick_key(c, t, led_suit) > wkey]
    if not winners:
        return None
    who = seat_word(me)
    if following:
        c = max(winners, key=lambda c: trick_key(c, t, led_suit))
        return Slip(
            act.PLAY + c,
            f"{who} plays the {card_name(c)} over partner's {card_name(win)}: a slip, overtaking partner's winner "
            f"(the {card_name(win)} was already winning the trick, and the {card_name(c)} is wasted).",
        )
    c = min(winners, key=lambda c: POWER[t][c])
    return Slip(
        act.PLAY + c,
        f"{who} trumps partner's {card_name(win)} with the {card_name(c)}: a slip, trumping partner's winner "
        f"(the {card_name(win)} was already winning the trick, and the trump is wasted).",
    )


def forgot_left_bower(s: State, std: int) -> Slip | None:
    """Treats the left bower as a card of its printed suit (the course's 'which suit is the left?').

    Following a lead of the left's printed suit while void in it, plays the left as if it had to
    follow; or, where the standard bot throws a side card, throws the left away as a small card
    of its printed suit. Legal always: it picks among the legal cards as if the left were a side card."""
    facts = _follow_facts(s)
    if facts is None:
        return None
    legal, led_suit, _win, _wseat, following = facts
    t = s.trump
    if not 0 <= t < 4:
        return None
    left = LEFT[t]
    if not legal >> left & 1 or std - act.PLAY == left:
        return None
    printed = left // 6
    who = seat_word(s.to_act)
    forgot = (
        f"{who} forgot that the {card_name(left)} is a {Suit(t).plural[:-1]} with {Suit(t).plural} trump "
        f"(the left bower, R1.2)"
    )
    if led_suit == printed and not following:
        return Slip(
            act.PLAY + left,
            f"{who} plays the {card_name(left)}, following {Suit(printed).plural}: a slip, {forgot[len(who) + 1 :]}.",
        )
    if not following and EFFECTIVE[t][std - act.PLAY] != t:
        return Slip(
            act.PLAY + left,
            f"{who} throws away the {card_name(left)} as a small {Suit(printed).plural[:-1]}: a slip, "
            f"{forgot[len(who) + 1 :]}.",
        )
    return None


def not_counting_trumps(s: State, std: int) -> Slip | None:
    """Does not count the trumps: throws a trump under the other side's higher trump when a side
    card would do; trumps with its highest trump when a lower one wins; leads trump when every
    other trump is gone (drawing trumps nobody holds)."""
    if s.phase != PLAY_PHASE:
        return None
    t = s.trump
    me = s.to_act
    who = seat_word(me)
    trumps = s.play_mask() & TRUMP_MASK[t]
    if not trumps:
        return None
    c_std = std - act.PLAY
    if not s.trick:
        v = View(s)
        side = s.play_mask() & ~TRUMP_MASK[t]
        if not side:
            return None
        if v.unseen & TRUMP_MASK[t]:
            if s.maker & 1 != me & 1 or EFFECTIVE[t][c_std] != t:
                return None
            c = highest_card(side, t)
            return Slip(
                act.PLAY + c,
                f"{who} leads the {card_name(c)}: a slip, not counting the trumps (the other side still holds "
                f"trumps, so the makers draw them first, or the {card_name(c)} may be trumped).",
            )
        if EFFECTIVE[t][c_std] == t:
            return None
        c = highest_card(trumps, t)
        return Slip(
            act.PLAY + c,
            f"{who} leads the {card_name(c)} to draw trumps: a slip, not counting the trumps "
            f"(every other trump is already gone, so the {card_name(c)} only draws side cards).",
        )
    facts = _follow_facts(s)
    assert facts is not None
    _legal, led_suit, win, wseat, following = facts
    if following or wseat & 1 == me & 1:
        return None
    wkey = trick_key(win, t, led_suit)
    winners = [c for c in bits(trumps) if trick_key(c, t, led_suit) > wkey]
    if not winners and EFFECTIVE[t][c_std] != t:
        c = lowest_card(trumps, t)
        return Slip(
            act.PLAY + c,
            f"{who} trumps in with the {card_name(c)} under the {card_name(win)}: a slip, not counting the trumps "
            f"(the {card_name(win)} is higher, so a side card would do and the trump is wasted).",
        )
    if len(winners) > 1 and c_std in winners:
        c = max(winners, key=lambda c: POWER[t][c])
        if c != c_std:
            return Slip(
                act.PLAY + c,
                f"{who} trumps with the {card_name(c)}: a slip, not counting the trumps "
                f"(the {card_name(c_std)} was enough to win the trick, and the {card_name(c)} is needed later).",
            )
    return None


def trump_from_weakness(s: State, std: int) -> Slip | None:
    """As a defender, leads its lowest trump where the standard bot leads a side card."""
    if s.phase != PLAY_PHASE or s.trick:
        return None
    t = s.trump
    me = s.to_act
    if s.maker & 1 == me & 1:
        return None
    legal = s.play_mask()
    trumps = legal & TRUMP_MASK[t]
    if not trumps or not legal & ~TRUMP_MASK[t] or EFFECTIVE[t][std - act.PLAY] == t:
        return None
    c = lowest_card(trumps, t)
    who = seat_word(me)
    return Slip(
        act.PLAY + c,
        f"{who} leads the {card_name(c)}: a slip, leading trump from weakness as a defender "
        f"(it helps the makers draw trumps and leaves {who}'s side cards to be trumped).",
    )


def two_small_trumps(s: State, std: int) -> Slip | None:
    """Orders it up (round 1) or calls (round 2) with only two trumps, neither the right bower,
    where the standard bot passes."""
    if std != act.PASS or s.phase not in (BID1, BID2):
        return None
    me = s.to_act
    hand = s.hands[me]
    legal = s.legal()
    who = seat_word(me)

    def small_pair(mask: int, t: int) -> bool:
        return count_trumps(mask, t) == 2 and not mask >> (t * 6 + 2) & 1

    if s.phase == BID1:
        t = s.proposed
        held = hand | ((1 << s.upcard) if me == s.dealer else 0)
        if act.ORDER_UP not in legal or not small_pair(held, t):
            return None
        return Slip(
            act.ORDER_UP,
            f"{who} {says_text(s, me, act.ORDER_UP)} with only two trumps ({card_list(held & TRUMP_MASK[t], t)}): a slip, "
            f"two small trumps rarely make it, even with partner's help.",
        )
    for t in range(4):
        if act.CALL + t in legal and small_pair(hand, t):
            return Slip(
                act.CALL + t,
                f"{who} calls {suit_words(t)} with only two trumps ({card_list(hand & TRUMP_MASK[t], t)}): a slip, "
                f"two small trumps rarely make it, even with partner's help.",
            )
    return None


def alone_too_often(s: State, std: int) -> Slip | None:
    """Goes alone, on two trumps or more, where the standard bot makes trump with its partner."""
    me = s.to_act
    who = seat_word(me)
    legal = s.legal()
    if s.phase == BID1 and std == act.ORDER_UP and act.ORDER_UP_ALONE in legal:
        t = s.proposed
        held = s.hands[me] | ((1 << s.upcard) if me == s.dealer else 0)
        a = act.ORDER_UP_ALONE
    elif s.phase == BID2 and act.CALL <= std < act.CALL_ALONE and std + 4 in legal:
        t = std - act.CALL
        held = s.hands[me]
        a = std + 4
    else:
        return None
    n = count_trumps(held, t)
    if n < 2:
        return None
    return Slip(
        a,
        f"{who} {says_text(s, me, a - (1 if a == act.ORDER_UP_ALONE else 4))} and goes alone with {n} trumps "
        f"({card_list(held & TRUMP_MASK[t], t)}): a slip, going alone too often (without partner's help this hand "
        "will often lose two tricks or more).",
    )


def alone_too_rarely(s: State, std: int) -> Slip | None:
    """Plays with its partner where the standard bot goes alone (a march then scores 2, not 4)."""
    me = s.to_act
    legal = s.legal()
    if s.phase == BID1 and std == act.ORDER_UP_ALONE and act.ORDER_UP in legal:
        a = act.ORDER_UP
    elif s.phase == BID2 and act.CALL_ALONE <= std < act.NAME and std - 4 in legal:
        a = std - 4
    else:
        return None
    who = seat_word(me)
    return Slip(
        a,
        f"{who} {says_text(s, me, a)} with partner: a slip, going alone too rarely (this hand likely marches alone, "
        "for 4 points instead of 2, R7.1).",
    )


def misjudged_strength(
    s: State, std: int, rng: random.Random, temperature: float, score: Sequence[int] | None, th: dict[str, float]
) -> Slip | None:
    """Misjudges how strong the hand is: a softmax at ``temperature`` over the standard bot's own
    bidding candidates, each scored by how far its hand value lies over the line the standard bot
    needs (pass scores 0). At a low temperature it bids as the standard bot; the higher, the more
    often a hand near the line (and then further from it) is bid the other way. ``None`` where the
    draw agrees with the standard bot, or outside the bidding."""
    if temperature <= 0 or s.phase not in (BID1, BID2) or std not in (act.PASS, act.ORDER_UP, *range(act.CALL, act.CALL_ALONE)):
        return None
    legal = s.legal()
    me = s.to_act
    who = seat_word(me)
    if s.phase == BID1:
        if act.ORDER_UP not in legal or act.PASS not in legal:
            return None
        value, needed, _note, _how, _mask = bid1_rating(s, score, th)
        scores = {act.PASS: 0.0, act.ORDER_UP: (value - needed) / temperature}
    else:
        scores = {act.PASS: 0.0} if act.PASS in legal else {}
        for t, (value, needed) in bid2_ratings(s, score, th).items():
            if act.CALL + t in legal:
                scores[act.CALL + t] = (value - needed) / temperature
    top = max(scores.values())
    weights = {a: math.exp(x - top) for a, x in scores.items()}
    pick = rng.random() * sum(weights.values())
    a = std
    for candidate, w in weights.items():
        a = candidate
        pick -= w
        if pick < 0:
            break
    if a == std:
        return None
    if a == act.PASS:
        return Slip(act.PASS, f"{who} passes: a slip, misjudging the hand's strength (the standard count says it is "
                          f"strong enough to {'order it up' if std == act.ORDER_UP else 'call'}).")
    if a == act.ORDER_UP:
        t = s.proposed
        held = s.hands[me] | ((1 << s.upcard) if me == s.dealer else 0)
        trumps = card_list(held & TRUMP_MASK[t], t) or "no trump"
        return Slip(act.ORDER_UP, f"{who} {says_text(s, me, act.ORDER_UP)} with {trumps}: a slip, misjudging the hand's "
                              "strength (too weak to make trump by the standard count).")
    t = a - act.CALL
    trumps = card_list(s.hands[me] & TRUMP_MASK[t], t) or "no trump"
    return Slip(a, f"{who} calls {suit_words(t)} with {trumps}: a slip, misjudging the hand's strength "
                   "(not the best call by the standard count).")


def careless_card(s: State, std: int, rng: random.Random, temperature: float) -> Slip | None:
    """Plays without thinking the trick through: a softmax at ``temperature`` over the legal cards,
    the standard bot's card scored 0 and every other -1 (at 0 the standard bot's card; the higher,
    the closer to any legal card). ``None`` where it keeps the standard bot's card."""
    if temperature <= 0 or s.phase != PLAY_PHASE:
        return None
    cards = bits(s.play_mask())
    if len(cards) < 2:
        return None
    others = [c for c in cards if act.PLAY + c != std]
    p_std = 1.0 / (1.0 + len(others) * math.exp(-1.0 / temperature))
    if rng.random() < p_std:
        return None
    c = others[rng.randrange(len(others))]
    who = seat_word(s.to_act)
    return Slip(
        act.PLAY + c,
        f"{who} plays the {card_name(c)} without thinking the trick through: a slip "
        f"(the careful play was the {card_name(std - act.PLAY)}).",
    )


BLIND_SPOTS: dict[str, BlindSpot] = {
    "trump_partners_winner": trump_partners_winner,
    "forgot_left_bower": forgot_left_bower,
    "not_counting_trumps": not_counting_trumps,
    "trump_from_weakness": trump_from_weakness,
    "two_small_trumps": two_small_trumps,
    "alone_too_often": alone_too_often,
    "alone_too_rarely": alone_too_rarely,
}
"""Every blind spot by name, in the order a level tries them."""
