"""The standard bot's bidding: how it values a hand, what it discards, when a loner marches,
and its round-1 and round-2 bids and defending alone, by seat and by the game score."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from euchre_learn.analysis.bots.base import (
    ACE_RANK,
    KING_RANK,
    TRUMP_MASK,
    card_list,
    card_name,
    count_trumps,
    highest_card,
)
from euchre_learn.engine import act, core
from euchre_learn.engine.cards import BENNY_INDEX, Suit
from euchre_learn.engine.core import (
    BENNY,
    DEFEND,
    RR_GIVE,
    RR_TAKE,
    State,
    bits,
)
from euchre_learn.engine.explain import action_words, make_word, suit_words
from euchre_learn.engine.rulings import seat_word
from euchre_learn.engine.trump import EFFECTIVE, POWER, SUIT_MASK

if TYPE_CHECKING:
    pass


# ---- the standard bot -----------------------------------------------------------------------

# the value of a trump in hand, by power (POWER 10..17: 9 10 Q K A left right Benny)
TRUMP_VALUE = {10: 1.0, 11: 1.05, 12: 1.15, 13: 1.3, 14: 1.6, 15: 2.0, 16: 2.3, 17: 2.6}
_VOID = 0.45
# how strong a hand must be to make trump, by situation (tuned with benchmarks/bench_bots.py; issue 35
# retuned the dealer's, round 2's and the loner's against the frozen copy of 29c2fb0,
# benchmarks/bench_standard.py)
BIDDING = {
    "dealer": 4.3,
    "assist": 5.0,
    "order": 5.2,
    "call": 4.8,
    "next": 4.4,
    "upcard": 0.5,
    "eldest": 0.2,
    "alone_losers": 2,
    "assist_trumps": 3,
    "next_rule": 1,
}
"""The standard bot's bidding thresholds: the hand value needed to take it up (dealer), assist,
order it up, call in round 2 and call next from eldest; how much of the upcard's value counts
for (or against) the bidder; eldest's discount; the most losers a loner may count
(:func:`march_losers`, which counts pessimistically: two losers counted often march); and how many
trumps the dealer's partner assists with whatever the hand's value (the convention: three trumps
and the dealer's pick-up make four for the side); and whether eldest calls next on three of its
trumps or two with a bower whatever the value (1) or not (0). Tuned with ``benchmarks/bench_bots.py`` and
``benchmarks/bench_bot_conventions.py``."""


def hand_value(mask: int, t: int) -> float:
    """How good a holding is with ``t`` trump, in rough points: trumps by rank, off-suit aces,
    voids (with two trumps or more). About 5 makes a hand with a partner's help.

    >>> from euchre_learn.engine.cards import cards_to_mask
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
        p += TRUMP_VALUE[pw[c]]
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
        if sm >> (s * 6 + ACE_RANK) & 1:
            p += 1.0 if k <= 2 else 0.7
            if sm >> (s * 6 + KING_RANK) & 1:
                p += 0.35
        elif k == 1 and sm >> (s * 6 + KING_RANK) & 1:
            p += 0.15
        p += 0.01 * max(pw[c] for c in bits(sm))  # a tie-break: higher cards are worth keeping
    return p


def best_discard(mask: int, t: int, keep: int = 0) -> int:
    """The card to discard from ``mask`` (six cards) so that the five left are best; never
    one of ``keep`` (the upcard, R3.2). A side card alone in its suit, the ace excepted, goes
    first (the lowest of them): emptying the suit makes a void, so a lead of it can be trumped,
    which a club player prefers to keeping a lone king or a second card under an ace. Otherwise
    the card whose loss costs :func:`hand_value` least.

    >>> from euchre_learn.engine.cards import cards_to_mask
    >>> from euchre_learn import cards, Card
    >>> Card(best_discard(cards_to_mask(cards('J♥ A♥ 10♥ A♠ K♣ 9♠')), 2))   # keep the ace, void clubs
    Card.parse('K♣')
    >>> Card(best_discard(cards_to_mask(cards('J♠ K♠ A♥ K♥ 10♥ K♣')), 3))   # void clubs, not A♥ K♥ 10♥ to two
    Card.parse('K♣')
    """
    pw = POWER[t]
    lone = [
        c
        for c in bits(mask & ~keep & ~TRUMP_MASK[t])
        if c % 6 != ACE_RANK and not (mask & ~(1 << c)) & SUIT_MASK[t][EFFECTIVE[t][c]]
    ]
    if lone:
        return min(lone, key=lambda c: (pw[c], c))
    return max((c for c in bits(mask & ~keep)), key=lambda c: (hand_value(mask & ~(1 << c), t), -pw[c], c))


def march_losers(mask: int, t: int, benny: bool = False) -> int:
    """How many tricks these five cards may lose when played alone with ``t`` trump, counted
    pessimistically: all the missing trumps in one opponent's hand, who wins whenever a
    higher trump is missing; off-suit aces win once there are three trumps to draw with (and
    a king under its ace with four); every other off-suit card may lose. 0: a near-certain march.

    >>> from euchre_learn.engine.cards import cards_to_mask
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
        if n >= 3 and held >> (suit * 6 + ACE_RANK) & 1:
            good = 1
            if n >= 4 and held >> (suit * 6 + KING_RANK) & 1:
                good = 2
        losers += k - good
    return losers


def counted(mask: int, t: int) -> str:
    """What :func:`hand_value` counts besides the trumps, in words: the off-suit aces (with
    their kings) and, with two trumps or more, the voids. '' when there is nothing.

    >>> from euchre_learn.engine.cards import cards_to_mask
    >>> from euchre_learn import cards
    >>> counted(cards_to_mask(cards('J♥ A♥ 9♥ A♠ K♠')), 2)   # hearts trump
    'the A♠ K♠ and voids in ♣ clubs and ♦ diamonds'
    >>> counted(cards_to_mask(cards('J♥ 9♣ 10♣ Q♠ K♦')), 2)
    ''
    """
    tm = TRUMP_MASK[t]
    n = (mask & tm).bit_count()
    aces, voids = [], []
    for s in range(4):
        if s == t:
            continue
        sm = mask & ~tm & SUIT_MASK[t][s]
        if not sm:
            if n >= 2:
                voids.append(suit_words(s))
        elif sm >> (s * 6 + ACE_RANK) & 1:
            king = sm >> (s * 6 + KING_RANK) & 1
            aces.append(card_name(s * 6 + ACE_RANK) + (" " + card_name(s * 6 + KING_RANK) if king else ""))
    parts = [f"the {a}" for a in aces]
    if voids:
        parts.append(("a void in " if len(voids) == 1 else "voids in ") + " and ".join(voids))
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1] if parts else ""


def _besides(extra: str) -> str:
    """The rest of a bid's reason after the trumps: '; with the A♠ besides, that is' or ':'."""
    return f"; with {extra} besides, that is" if extra else ":"


def _strength(value: float, threshold: float) -> str:
    """How far over the line a hand is, in words (the line: what makes it with partner's help)."""
    return "comfortably enough" if value >= threshold + 1.0 else "enough"


def _bowers(t: int) -> str:
    """The two bowers of trump ``t`` in words: 'J♥ and J♦'."""
    return f"{card_name(t * 6 + 2)} and {card_name((3 - t) * 6 + 2)}"


def _need(score: Sequence[int] | None, seat: int, target: int) -> tuple[int, int]:
    """Points our side and their side still need (the target when the score is unknown)."""
    if score is None:
        return target, target
    return target - score[seat & 1], target - score[(seat + 1) & 1]


def score_words(score: Sequence[int], seat: int) -> str:
    """'with North-South on 6 and East-West on 8': the score in words, the seat's side first."""
    from euchre_learn.engine.cards import Team

    team = seat & 1
    return f"with {Team(team).word} on {score[team]} and {Team(1 - team).word} on {score[1 - team]}"


def _threshold(base: float, score: Sequence[int] | None, seat: int, target: int) -> tuple[float, str]:
    """The value needed to make trump at this score, and the words saying how the score moved it."""
    us, them = _need(score, seat, target)
    if score is None:
        return base, ""
    if them == 1:
        return base - 0.5, f" ({score_words(score, seat)}, the other side needs one point, so it pays to take control)"
    if them == 2 and us > 2:
        return base + 0.4, (
            f" ({score_words(score, seat)}, a euchre would give the other side the game, so it takes a little more)"
        )
    return base, ""


def alone_blocked(score: Sequence[int] | None, seat: int, target: int) -> str:
    """Words for why the score rules out going alone ('' when it does not): one or two points win
    the game, and a march with partner scores two (R7.1), so a loner risks the game for nothing."""
    us, _them = _need(score, seat, target)
    if score is None or us > 2:
        return ""
    return (
        f" (not alone: {score_words(score, seat)}, {'1 point wins' if us == 1 else '2 points win'} the game, "
        "which a march with partner scores too, R7.1)"
    )


def _alone_ok(value_mask: int, t: int, s: State, score: Sequence[int] | None, seat: int, th: dict[str, float]) -> bool:
    if alone_blocked(score, seat, s.rules.points_to_win):
        return False  # a march with the partner's help is enough to win
    return _marches(value_mask, t, s, th)


def _marches(value_mask: int, t: int, s: State, th: dict[str, float]) -> bool:
    """Strong enough to go alone, whatever the score."""
    return march_losers(value_mask, t, bool(s.rules.benny)) <= th["alone_losers"]


def bid1_rating(s: State, score: Sequence[int] | None, th: dict[str, float]) -> tuple[float, float, str, str, int]:
    """How the standard bot rates the seat to act's hand in round 1: (value, the value needed,
    the score's note, how the upcard counts, the five cards it would play alone with).

    >>> import euchre_learn as el
    >>> from euchre_learn.analysis.bots import BIDDING
    >>> hand = el.examples.hand('next-suit-call').state
    >>> value, needed, note, how, mask = bid1_rating(hand, (9, 8), BIDDING)
    >>> value < needed, note
    (True, ' (with East-West on 8 and North-South on 9, the other side needs one point, so it pays to take control)')
    """
    seat = s.to_act
    t = s.proposed
    hand = s.hands[seat]
    up = s.upcard
    upv = TRUMP_VALUE[POWER[t][up]]
    partner_deals = seat == (s.dealer + 2) & 3
    if seat == s.dealer:
        six = hand | (1 << up)
        best = six & ~(1 << best_discard(six, t, 1 << up))
        value = hand_value(best, t)
        base, how = th["dealer"], f" with the {card_name(up)} taken up"
        march_mask = best
    elif partner_deals:
        value = hand_value(hand, t) + th["upcard"] * upv
        base, how = th["assist"], f", and the {card_name(up)} goes to partner, the dealer"
        march_mask = hand
    else:
        value = hand_value(hand, t) - th["upcard"] * upv
        base, how = th["order"], f", though the {card_name(up)} goes to the other side's dealer"
        march_mask = hand
        if seat == (s.dealer + 1) & 3:
            base -= th["eldest"]  # eldest leads the first trick
    threshold, note = _threshold(base, score, seat, s.rules.points_to_win)
    if partner_deals and not s.rules.dealer_picks_up_for_partner_loner:
        march_mask = hand  # an alone call plays without the dealer's pick-up (R5.2)
    return value, threshold, note, how, march_mask


def bid2_ratings(s: State, score: Sequence[int] | None, th: dict[str, float]) -> dict[int, tuple[float, float]]:
    """How the standard bot rates the seat to act's hand in round 2: for each suit it may
    name, (value, the value needed).

    >>> import euchre_learn as el
    >>> from euchre_learn.analysis.bots import BIDDING
    >>> state = el.examples.hand('next-suit-call', after=4).state        # West, eldest
    >>> sorted(bid2_ratings(state, None, BIDDING)) == sorted({0, 1, 2, 3} - {state.turned_down})
    True
    """
    seat = s.to_act
    hand = s.hands[seat]
    td = s.turned_down
    eldest = seat == (s.dealer + 1) & 3
    next_suit = 3 - td
    out = {}
    for t in range(4):
        if t == td:
            continue
        base = th["next"] if (eldest and t == next_suit) else th["call"]
        out[t] = (hand_value(hand, t), _threshold(base, score, seat, s.rules.points_to_win)[0])
    return out


def standard_bid1(s: State, why: list[str] | None, score: Sequence[int] | None, th: dict[str, float]) -> int:
    seat = s.to_act
    t = s.proposed
    hand = s.hands[seat]
    legal = s.legal()
    up = s.upcard
    who = seat_word(seat)
    value, threshold, note, how, march_mask = bid1_rating(s, score, th)
    n = count_trumps(hand | ((1 << up) if seat == s.dealer else 0), t)
    alone_only = act.ORDER_UP not in legal
    alone = _alone_ok(march_mask, t, s, score, seat, th)
    if why is not None and not alone and _marches(march_mask, t, s, th):
        note += alone_blocked(score, seat, s.rules.points_to_win)
    if alone_only:
        alone = alone or value >= threshold + 1.2
    length = seat == (s.dealer + 2) & 3 and n >= th["assist_trumps"] and value < threshold and not alone_only
    if not alone and (length or (value >= threshold and not alone_only)):  # it would bid: unless...
        later = round2_loner(s, score, th)
        if later >= 0:
            if why is not None:
                why.append(
                    f"{who} passes: the {card_name(up)} is a small trump, and {who} can call {suit_words(later)} "
                    f"alone in round 2 ({card_list(hand & TRUMP_MASK[later], later)} in trumps), "
                    "a march for 4 points (R7.1), where a bid now would make 1 or 2."
                )
            return act.PASS
        if n <= 1:
            if why is not None:
                held = f"only the {card_list(hand & TRUMP_MASK[t], t)}" if n else "no trump"
                if seat == s.dealer:
                    held = f"only the {card_name(up)} it picks up"
                why.append(
                    f"{who} passes: with {suit_words(t)} trump {who} would hold {held}: the other side's trumps "
                    "ruff the aces, so a side that makes trump on one trump is often euchred; "
                    "a bid needs two trumps or more."
                )
            return act.PASS
    if length and not alone:
        if why is not None:
            why.append(
                f"{who} assists: with {suit_words(t)} trump {who} holds {n} trumps "
                f"({card_list(hand & TRUMP_MASK[t], t)}), and the {card_name(up)} goes to partner, the dealer: "
                f"with three trumps the dealer's partner assists, since the side then holds four or more{note}."
            )
        return act.ORDER_UP
    if alone or (value >= threshold and not alone_only):
        a = act.ORDER_UP_ALONE if alone else act.ORDER_UP
        if why is not None:
            verb = says_text(s, seat, a)
            if alone:
                why.append(
                    f"{who} {verb} and goes alone: with {suit_words(t)} trump ({card_list(march_mask & TRUMP_MASK[t], t)}) "
                    f"{who} should take at least four tricks and likely all five, and a loner's march scores 4 points (R7.1)."
                )
            else:
                extra = counted(march_mask, t)
                why.append(
                    f"{who} {verb}: with {suit_words(t)} trump {who} holds {n} trump{'s' * (n != 1)} "
                    f"({card_list(march_mask & TRUMP_MASK[t], t)}){how}{_besides(extra)} "
                    f"{_strength(value, threshold)} to make it with partner's help{note}."
                )
        return a
    if why is not None:
        trumps = card_list((hand | ((1 << up) if seat == s.dealer else 0)) & TRUMP_MASK[t], t)
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
    return act.PASS


def round2_loner(s: State, score: Sequence[int] | None, th: dict[str, float]) -> int:
    """The suit the seat to act could call alone in round 2, if the upcard is small (below the
    ace) and the hand marches alone in another suit; -1 otherwise. Such a hand passes in round 1:
    ordering up the small upcard wastes the loner (R7.1: 4 points instead of 1 or 2)."""
    up = s.upcard
    if POWER[s.proposed][up] >= 14:  # the ace or a bower: worth taking
        return -1
    hand = s.hands[s.to_act]
    for t in range(4):
        if t != s.proposed and (hand & TRUMP_MASK[t]).bit_count() >= 3 and _alone_ok(hand, t, s, score, s.to_act, th):
            return t
    return -1


def _next_holding(hand: int, t: int) -> bool:
    """Three trumps of next, or two with a bower: the holding the convention calls next on."""
    trumps = hand & TRUMP_MASK[t]
    bower = trumps >> (t * 6 + 2) & 1 or trumps >> ((3 - t) * 6 + 2) & 1
    return trumps.bit_count() >= 3 or (trumps.bit_count() >= 2 and bool(bower))


def standard_bid2(s: State, why: list[str] | None, score: Sequence[int] | None, th: dict[str, float]) -> int:
    seat = s.to_act
    hand = s.hands[seat]
    legal = s.legal()
    td = s.turned_down
    who = seat_word(seat)
    eldest = seat == (s.dealer + 1) & 3
    next_suit = 3 - td  # next, the same colour (R1.2): clubs-spades, diamonds-hearts (C0 D1 H2 S3)
    best_t, best_margin, best_value = -1, -99.0, 0.0
    for t, (value, threshold) in bid2_ratings(s, score, th).items():
        margin = value - threshold
        if margin > best_margin:
            best_t, best_margin, best_value = t, margin, value
    if best_margin < 0 and eldest and act.PASS in legal and th["next_rule"] and _next_holding(hand, next_suit):
        best_t, best_margin, best_value = next_suit, 0.0, hand_value(hand, next_suit)
    t = best_t
    base = th["next"] if (eldest and t == next_suit) else th["call"]
    note = _threshold(base, score, seat, s.rules.points_to_win)[1]
    stuck = act.PASS not in legal
    if best_margin >= 0 or stuck:
        alone = _alone_ok(hand, t, s, score, seat, th)
        blocked = ""
        if why is not None and not alone and _marches(hand, t, s, th):
            blocked = alone_blocked(score, seat, s.rules.points_to_win)
        a = (act.CALL_ALONE if alone else act.CALL) + t
        if why is not None:
            n = count_trumps(hand, t)
            trumps = card_list(hand & TRUMP_MASK[t], t)
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
                    f"are less likely against {who}, and from eldest {trumps} is enough"
                    f"{note}{blocked}."
                )
            else:
                extra = counted(hand, t)
                why.append(
                    f"{who} calls {suit_words(t)}: {n} trump{'s' * (n != 1)} ({trumps})"
                    f"{_besides(extra)} {_strength(best_value, best_value - best_margin)} "
                    f"to make it with partner's help{note}{blocked}."
                )
        return a
    if why is not None:
        n = count_trumps(hand, best_t)
        held = f"only {n} trump{'s' * (n != 1)} ({card_list(hand & TRUMP_MASK[best_t], best_t)})" if n else "no trump"
        extra = counted(hand, best_t)
        why.append(
            f"{who} passes: the best suit {who} may name, {suit_words(best_t)}, would give {held}"
            f"{', with ' + extra if extra else ''}: too weak to call ({suit_words(td)} was turned down, R4.1){note}."
        )
    return act.PASS


def _defend(s: State, why: list[str] | None) -> int:
    seat = s.to_act
    hand = s.hands[seat]
    t = s.trump
    who = seat_word(seat)
    pays = s.rules.lone_defender_points[0]
    value = hand_value(hand, t)
    if pays > 2 and value >= 6.5:
        if why is not None:
            why.append(
                f"{who} defends alone: a hand worth {value:.1f} points can stop {seat_word(s.maker)} alone, "
                f"and a lone defender's euchre scores {pays} (R5.4, R7.3)."
            )
        return act.DEFEND_ALONE
    if why is not None:
        reason = (
            f"a lone defender's 3 tricks score only {pays}, less than the 2 a euchre with partner scores"
            if pays <= 2
            else "two defenders stop a loner more often than one"
        )
        why.append(f"{who} passes: {reason} (R5.4, R7.3).")
    return act.PASS


# ---- the phases every bot plays the same way (defend alone, the railroad, the Benny) ----


def says_text(s: State, seat: int, a: int) -> str:
    """The seeds' verb for a making action, in the third person ('orders it up', 'assists')."""
    if a in (act.ORDER_UP, act.ORDER_UP_ALONE):
        word = make_word(s.dealer, seat)
        return {"take it up": "takes it up", "assist": "assists", "order it up": "orders it up"}[word]
    return action_words(s, seat, a)


def common_phase(s: State, rng: random.Random, why: list[str] | None, *, beginner: bool) -> int:
    """The phases both simple bots treat alike: naming the Benny's suit, the railroad, defending alone."""
    seat = s.to_act
    who = seat_word(seat)
    hand = s.hands[seat]
    phase = s.phase
    if phase == BENNY:
        a = act.NAME + rng.randrange(4)
        if why is not None:
            why.append(
                f"{who} names {suit_words(a - act.NAME)} at random: the dealer names the Benny's suit before looking "
                "at the hand (R3.5), so no suit is better than another."
            )
        return a
    if phase == RR_GIVE:
        t = s.trump
        trumps = hand & TRUMP_MASK[t]
        if trumps:
            c = highest_card(trumps, t)
            reason = "the highest trump in hand"
        else:
            aces = [c for c in bits(hand) if c % 6 == ACE_RANK and c != BENNY_INDEX]
            c = aces[0] if aces else highest_card(hand, t)
            reason = "an ace, a sure winner" if aces else "the highest card in hand"
        if why is not None:
            why.append(f"{who} passes the {card_name(c)} to the loner, {seat_word(s.maker)}: {reason} (R5.5).")
        return act.GIVE + c
    if phase == RR_TAKE:
        if why is not None:
            why.append(
                f"{who} takes the railroad card: it costs nothing, since {who} then discards any card, "
                "the new one included (R5.5)."
            )
        return act.TAKE
    if phase == DEFEND:
        if not beginner:
            return _defend(s, why)
        if why is not None:
            why.append(f"{who} passes: a lone defender needs a very strong hand, and {who}'s partner helps more.")
        return act.PASS
    raise ValueError(f"no decision to make in phase {core.PHASE_NAMES[phase]}")  # pragma: no cover
