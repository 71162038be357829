"""A frozen copy of the 'standard' bot's card play as it was before it learned to defend a loner
(issue 33 item 4). ``benchmarks/bench_loners.py`` plays loner deals with these defenders, the
new standard's and the expert's, to show what the new defence gains. Do not edit: it is the
measuring stick.
"""

# ruff: noqa
# mypy: ignore-errors

from __future__ import annotations

from typing import TYPE_CHECKING

from euchre_learn.analysis.bots.base import TRUMP_MASK, View, card_name, highest_card, lowest_card, trick_key
from euchre_learn.engine import act
from euchre_learn.engine.cards import Suit
from euchre_learn.engine.core import (
    State,
    bits,
)
from euchre_learn.engine.rulings import seat_word
from euchre_learn.engine.trump import EFFECTIVE, LEFT, POWER, SUIT_MASK, winner_index

if TYPE_CHECKING:
    pass


def standard_play(s: State, why: list[str] | None) -> int:
    v = View(s)
    t = v.t
    legal = s.play_mask()
    who = seat_word(v.seat)
    if len(bits(legal)) == 1:
        c = bits(legal)[0]
        if why is not None:
            if not s.trick:
                why.append(f"{who} leads the {card_name(c)}, the last card in hand.")
            else:
                why.append(f"{who} plays the {card_name(c)}, the only legal card (R6.2).")
        return act.PLAY + c
    if not s.trick:
        return _std_lead(s, v, legal, why)
    trick, seats = s.trick, s.trick_seats
    led = trick[0]
    led_suit = EFFECTIVE[t][led]
    wi = winner_index(trick, t)
    win, wseat = trick[wi], seats[wi]
    wkey = trick_key(win, t, led_suit)
    # who is still to play after this seat
    later = []
    x = s.next_active(v.seat)
    while x not in seats:
        later.append(x)
        x = s.next_active(x)
    opp_later = [x for x in later if x & 1 != v.seat & 1]
    following = bool(legal & SUIT_MASK[t][led_suit])
    winners = [c for c in bits(legal) if trick_key(c, t, led_suit) > wkey]
    if wseat == v.partner:
        safe = not opp_later or _holds(v, win, led_suit, opp_later)
        sure = [c for c in winners if _holds(v, c, led_suit, opp_later)]
        if not safe and sure:
            c = min(sure, key=lambda c: trick_key(c, t, led_suit))
            if why is not None:
                why.append(
                    f"{who} plays the {card_name(c)}, sure to win: partner's {card_name(win)} could still be beaten "
                    f"by {' or '.join(seat_word(x) for x in opp_later)}{_left_note(v, c, legal)}."
                )
            return act.PLAY + c
        if safe:
            c = _throw(v, legal, following)
            if why is not None:
                base = f"{who} plays low, the {card_name(c)}: partner's {card_name(win)} already wins the trick"
                if not following and EFFECTIVE[t][c] != t and legal & TRUMP_MASK[t]:
                    base += ", so there is no need to trump it"
                why.append(base + ".")
            return act.PLAY + c
    if winners and wseat != v.partner:
        if not opp_later:
            c = min(winners, key=lambda c: trick_key(c, t, led_suit))
            reason = "the cheapest card that wins the trick, as nobody on the other side plays after"
        elif not following and len(trick) == 1 and v.partner in later and legal & ~TRUMP_MASK[t] and not v.boss(led):
            c = _throw(v, legal, following)  # second hand, don't ruff a small card: partner plays after
            if why is not None:
                why.append(
                    f"{who} throws the {card_name(c)} rather than trump the {card_name(led)}: second hand, a small "
                    f"{Suit(led_suit).plural[:-1]} may be won by partner, who plays after {seat_word(opp_later[0])}, "
                    "and the trump is kept for later."
                )
            return act.PLAY + c
        else:
            sure = [c for c in winners if _holds(v, c, led_suit, opp_later)]
            partner_later = v.partner in later
            if sure:
                c = min(sure, key=lambda c: trick_key(c, t, led_suit))
                reason = "the lowest card sure to win the trick"
            elif following and partner_later and len(trick) == 1:
                c = _throw(v, legal, following)  # second hand low: partner plays after
                if why is not None:
                    why.append(
                        f"{who} plays low, the {card_name(c)}: second hand low, since nothing in hand is sure to win "
                        f"and partner still plays after {seat_word(opp_later[0])}."
                    )
                return act.PLAY + c
            elif following:
                c = max(winners, key=lambda c: trick_key(c, t, led_suit))
                reason = "the highest card in the suit, to make the next player pay to beat it"
            else:
                c = min(winners, key=lambda c: trick_key(c, t, led_suit))
                reason = "the lowest trump that wins the trick"
        if why is not None:
            verb = "trumps with" if not following and EFFECTIVE[t][c] == t and led_suit != t else "plays"
            note = _left_note(v, c, legal)
            why.append(f"{who} {verb} the {card_name(c)}, {reason}{note}.")
        return act.PLAY + c
    c = _throw(v, legal, following)
    if why is not None:
        if wseat == v.partner:
            why.append(
                f"{who} plays low, the {card_name(c)}: partner is winning the trick, and it is not worth overtaking."
            )
        else:
            why.append(f"{who} plays low, the {card_name(c)}: nothing in hand beats the {card_name(win)}.")
    return act.PLAY + c


def _holds(v: View, c: int, led_suit: int, opp_later: list[int]) -> bool:
    """Whether ``c`` (winning now) should still win after ``opp_later`` play."""
    t = v.t
    if not v.boss(c):
        return False
    if EFFECTIVE[t][c] == t:
        return True
    # an off-suit winner can still be trumped by someone who has shown out of the suit
    return not any(v.voids[x] >> led_suit & 1 for x in opp_later) or not v.unseen & TRUMP_MASK[t]



def _left_note(v: View, c: int, legal: int) -> str:
    t = v.t
    left = [x for x in range(24) if EFFECTIVE[t][x] == t and x // 6 != t and x % 6 == 2]
    others = legal & TRUMP_MASK[t] & ~(1 << c) & ~(1 << left[0]) if left else 0
    if left and legal >> left[0] & 1 and c != left[0] and EFFECTIVE[t][c] == t and others:
        right = t * 6 + 2
        if v.unseen >> right & 1:
            return f", keeping the {card_name(left[0])} (the left bower) protected while the right bower is out"
    return ""


def _throw(v: View, legal: int, following: bool) -> int:
    """The card to give up: the lowest of the suit when following; otherwise a low off-suit card,
    from a short suit to make a void, never a trump or a sure winner if it can be helped."""
    t = v.t
    if following:
        return lowest_card(legal, t)
    off = legal & ~TRUMP_MASK[t]
    if not off:
        return lowest_card(legal, t)
    hand = v.hand

    def cost(c: int) -> tuple[float, int]:
        suit = EFFECTIVE[t][c]
        short = (hand & SUIT_MASK[t][suit]).bit_count() == 1
        return (POWER[t][c] + (4 if v.boss(c) else 0) - (1.5 if short else 0), c)

    return min(bits(off), key=cost)


def _side_led_trump(s: State, v: View) -> bool:
    """A trick of this hand was led with a trump by the seat's side."""
    t = v.t
    return any(EFFECTIVE[t][cs[0]] == t and seats[0] & 1 == v.seat & 1 for _lead, cs, seats, _w in s.tricks)


def _std_lead(s: State, v: View, legal: int, why: list[str] | None) -> int:
    t = v.t
    who = seat_word(v.seat)
    tm = TRUMP_MASK[t]
    trumps = legal & tm
    out_trumps = v.unseen & tm
    makers = s.maker & 1 == v.seat & 1
    opponents = [x for x in range(4) if x & 1 != v.seat & 1 and not s.out >> x & 1]
    # a dealer who named trump in round 2 under stick the dealer may have been forced to (R4.3)
    stuck = s.maker == s.dealer and s.turned_down >= 0 and s.rules.stick_the_dealer
    if makers and trumps and out_trumps and not (stuck and v.seat != s.maker):
        top = highest_card(trumps, t)
        n = trumps.bit_count()
        if v.boss(top):
            if why is not None:
                role = "the maker" if v.seat == s.maker else "the maker's partner"
                why.append(
                    f"{who} leads the {card_name(top)}, the highest trump left: as {role}, {who} draws the "
                    "other side's trumps so the off-suit winners are safe."
                )
            return act.PLAY + top
        if v.seat != s.maker and top == LEFT[t] and not v.voids[s.maker] >> t & 1:
            if why is not None:
                why.append(
                    f"{who} leads the {card_name(top)}, the left bower, to partner who made trump: it draws the "
                    "other side's trumps and tells partner where the left bower is."
                )
            return act.PLAY + top
        partner_made = v.seat != s.maker and not s.out >> s.maker & 1
        if partner_made and not _side_led_trump(s, v) and not all(v.voids[x] >> t & 1 for x in opponents):
            low = lowest_card(trumps, t)
            if why is not None:
                why.append(
                    f"{who} leads a low trump, the {card_name(low)}, to partner who made trump: it draws a round of "
                    "the other side's trumps, and partner's high trumps sit over theirs."
                )
            return act.PLAY + low
        if v.seat == s.maker and n >= 3 and POWER[t][top] >= POWER[t][t * 6 + 5]:
            if why is not None:
                why.append(
                    f"{who} leads the {card_name(top)}, a high trump: the maker draws trumps, and a high one forces "
                    "out the right bower rather than losing to a small trump."
                )
            return act.PLAY + top
        if v.seat == s.maker and n >= 2:
            low = lowest_card(trumps, t)
            if why is not None:
                why.append(
                    f"{who} leads a low trump, the {card_name(low)}: the maker leads trump to draw the other "
                    f"side's, keeping the {card_name(top)} for later{_left_note(v, low, legal)}."
                )
            return act.PLAY + low
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
                f"{who} leads the {card_name(c)}, the highest {Suit(EFFECTIVE[t][c]).plural[:-1]} left, a likely winner."
            )
        return act.PLAY + c
    if not off:
        top = highest_card(trumps, t)
        c = top if v.boss(top) else lowest_card(trumps, t)
        if why is not None:
            why.append(
                f"{who} leads the {card_name(c)}: "
                + (
                    "the highest trump left wins the trick."
                    if c == top and v.boss(top)
                    else "only trumps are left to lead."
                )
            )
        return act.PLAY + c
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
                f"{who} leads the {card_name(c)}: partner has shown out of {Suit(EFFECTIVE[t][c]).plural} and may trump it."
            )
        else:
            why.append(f"{who} leads the {card_name(c)}, a low card, keeping the trumps and high cards for later.")
    return act.PLAY + c
