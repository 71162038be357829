"""The checks of the convention book (:mod:`euchre_learn.analysis.convention_book`): one function
per convention, each reading a :class:`Context` (the position's :class:`Facts`, the action, its
card and the game score) and saying whether the action breaks the convention. Engine facts only.

>>> import euchre_learn as el
>>> hand = el.Hand.from_cards('N', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'K♥ 9♥ A♦ K♣ 10♣',
...                                 'S': 'Q♠ K♠ A♠ 9♣ Q♣', 'W': 'J♠ J♣ Q♥ K♦ 10♦'}, upcard='10♥')
>>> CHECKS['no-order-two-small'](Context(hand, el.Action.parse('order up'), None))
True
"""

from __future__ import annotations

from collections.abc import Callable

from euchre_learn.analysis.table_facts import Facts
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import BENNY_INDEX, Rank, Seat, Suit
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.trump import EFFECTIVE, POWER

__all__ = ["CHECKS", "Context"]

# trump strengths in POWER: 9 10 Q K A left right Benny = 10 ... 17
_KING, _ACE, _LEFT, _RIGHT = 13, 14, 15, 16
_ACE_RANK = int(Rank.ACE)


class Context:
    """An action in a position: the facts, the action, its card (index) and the score."""

    def __init__(self, hand: Hand, action: Action, score: tuple[int, int] | None) -> None:
        self.hand = hand
        self.f = Facts(hand)
        self.a = action
        card = action.card
        self.card = -1 if card is None else card.index
        target = hand.rules.points_to_win
        self.target = target
        seat = self.f.seat
        if score is None:
            self.mine: int | None = None
            self.theirs: int | None = None
        else:
            self.mine, self.theirs = (score[0], score[1]) if seat.team == 0 else (score[1], score[0])

    # bidding: the suit on offer and the seat's trumps in it
    def bid_suit(self) -> int:
        h = self.hand
        if self.f.phase == Phase.ROUND_1:
            assert h.proposed is not None
            return int(h.proposed)
        suit = self.a.suit
        return int(suit) if suit is not None else -1

    def cards_for_bid(self) -> tuple[int, ...]:
        held = self.f.held
        if self.f.phase == Phase.ROUND_1 and self.f.seat == self.f.dealer:
            return (*held, self.hand.upcard.index)
        return held

    def trumps_in(self, suit: int, cards: tuple[int, ...] | None = None) -> list[int]:
        """Powers of the trumps held in ``suit``, highest first."""
        src = self.cards_for_bid() if cards is None else cards
        return sorted((POWER[suit][c] for c in src if c == BENNY_INDEX or EFFECTIVE[suit][c] == suit), reverse=True)

    def side_aces(self, suit: int) -> int:
        return sum(1 for c in self.cards_for_bid() if c % 6 == _ACE_RANK and c < 24 and EFFECTIVE[suit][c] != suit)

    # play helpers
    @property
    def plays_trump(self) -> bool:
        return self.card >= 0 and self.f.is_trump(self.card)

    def holds_side_card(self) -> bool:
        return any(not self.f.is_trump(c) for c in self.f.legal)

    def trump_led_by_side_before(self) -> bool:
        """A trick of this hand was led with a trump by the seat's side."""
        f = self.f
        return any(t.leader.team == f.seat.team and f.is_trump(t.cards[0].index) for t in self.hand.tricks)

    def seat_led_before(self) -> bool:
        return any(t.leader == self.f.seat for t in self.hand.tricks)

    def opponents_out_of_trump(self) -> bool:
        f = self.f
        assert f.trump is not None
        opps = [s for s in Seat if s.team != f.seat.team and s not in f.out]
        return bool(opps) and all(int(f.trump) in f.voids[s] for s in opps)

    def makers_tricks(self) -> int:
        maker = self.f.maker
        assert maker is not None
        return self.hand.tricks_won[maker.team]


_Check = Callable[[Context], bool]
CHECKS: dict[str, _Check] = {}


def _check(id: str) -> Callable[[_Check], _Check]:
    def register(fn: _Check) -> _Check:
        CHECKS[id] = fn
        return fn

    return register


def _is_bid(x: Context) -> bool:
    return x.a.kind in ("order up", "call")


def _at_the_bridge(x: Context) -> bool:
    """The seat's side needs one point and the other side has 6 or 7 (of 10): a loner would beat
    them, so ordering up to stop it is worth a thin hand (Joe Andrews' hints 11 and 12)."""
    if x.mine is None or x.theirs is None:
        return False
    return x.mine == x.target - 1 and x.theirs in (x.target - 4, x.target - 3)


def _thin_order(x: Context) -> bool:
    """An order-up (not alone) that the strength conventions judge, i.e. not at the bridge."""
    return x.a.kind == "order up" and not x.a.alone and not _at_the_bridge(x)


# bidding ---------------------------------------------------------------------------------------
@_check("no-order-two-small")
def _no_order_two_small(x: Context) -> bool:
    if not _thin_order(x):
        return False
    ts = x.trumps_in(x.bid_suit())
    return len(ts) <= 2 and all(p < _ACE for p in ts)


@_check("eldest-needs-strength")
def _eldest_needs_strength(x: Context) -> bool:
    if not _thin_order(x):
        return False
    suit = x.bid_suit()
    ts = x.trumps_in(suit)
    top = sum(1 for p in ts if p in (_ACE, _LEFT, _RIGHT) or p > _RIGHT)
    both_bowers = _LEFT in ts and _RIGHT in ts
    return not (len(ts) >= 3 or both_bowers or (top >= 2 and x.side_aces(suit) >= 1))


@_check("third-needs-strength")
def _third_needs_strength(x: Context) -> bool:
    if not _thin_order(x):
        return False
    suit = x.bid_suit()
    ts = x.trumps_in(suit)
    top = sum(1 for p in ts if p >= _ACE)
    return not ((top >= 2 and x.side_aces(suit) >= 1) or len(ts) >= 4)


def _sure_tricks(ts: list[int], side_aces: int) -> int:
    sure = side_aces
    if any(p >= _RIGHT for p in ts):
        sure += 1
    if _LEFT in ts and len(ts) >= 2:
        sure += 1
    if _ACE in ts and len(ts) >= 3:
        sure += 1
    return sure


@_check("assist-with-two-tricks")
def _assist_with_two_tricks(x: Context) -> bool:
    if x.a.kind != "pass":
        return False
    suit = x.bid_suit()
    ts = x.trumps_in(suit)
    return len(ts) >= 2 and _sure_tricks(ts, x.side_aces(suit)) >= 2


@_check("no-thin-assist")
def _no_thin_assist(x: Context) -> bool:
    if not _thin_order(x):
        return False
    suit = x.bid_suit()
    return len(x.trumps_in(suit)) <= 1 and x.side_aces(suit) == 0


@_check("dealer-takes-the-bower")
def _dealer_takes_the_bower(x: Context) -> bool:
    up = x.hand.upcard
    if x.a.kind != "pass" or up.rank != Rank.JACK:
        return False
    return len(x.trumps_in(x.bid_suit(), x.f.held)) >= 1


@_check("at-the-bridge")
def _at_the_bridge_pass(x: Context) -> bool:
    if x.a.kind != "pass" or not _at_the_bridge(x):
        return False
    suit = x.bid_suit()
    ts = x.trumps_in(suit)
    guarded = any(p >= _RIGHT for p in ts) or (_LEFT in ts and len(ts) >= 2) or (_ACE in ts and len(ts) >= 3)
    # a hand just short of an order-up: two trumps, one of them the ace or a bower, or with a side
    # ace (python -m benchmarks thumbs: with less the coach passes; with these it is a close call)
    near = len(ts) >= 2 and (ts[0] >= _ACE or x.side_aces(suit) >= 1)
    return near and not guarded


@_check("call-next")
def _call_next(x: Context) -> bool:
    if x.a.kind != "pass":
        return False
    down = x.hand.turned_down
    assert down is not None
    ts = x.trumps_in(int(down.next), x.f.held)
    return (len(ts) >= 2 and any(p >= _LEFT for p in ts)) or len(ts) >= 3


@_check("reverse-next")
def _reverse_next(x: Context) -> bool:
    if x.a.kind not in ("pass", "call") or x.a.alone:
        return False
    down = x.hand.turned_down
    assert down is not None
    good = [s for s in Suit if s.color != down.color and _k9_kicker(x, int(s))]
    if not good:
        return False
    return x.a.kind == "pass" or x.a.suit not in good


def _k9_kicker(x: Context, suit: int) -> bool:
    """Two trumps or more in ``suit``, headed by the king or better, and an off-suit ace."""
    ts = x.trumps_in(suit, x.f.held)
    return len(ts) >= 2 and ts[0] >= _KING and x.side_aces(suit) >= 1


@_check("no-loner-when-one-point-wins")
def _no_loner_when_one_point_wins(x: Context) -> bool:
    return _is_bid(x) and x.a.alone and x.mine is not None and x.mine == x.target - 1


# the discard -----------------------------------------------------------------------------------
def _side_counts(f: Facts, cards: tuple[int, ...]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in cards:
        if not f.is_trump(c):
            counts[f.suit_of(c)] = counts.get(f.suit_of(c), 0) + 1
    return counts


@_check("discard-make-void")
def _discard_make_void(x: Context) -> bool:
    f = x.f
    if x.a.kind != "discard":
        return False
    held = f.held
    counts = _side_counts(f, held)
    up = x.hand.upcard.index
    singles = [c for c in held if not f.is_trump(c) and counts[f.suit_of(c)] == 1 and c % 6 != _ACE_RANK and c != up]
    if not singles:
        return False
    c = x.card
    return f.is_trump(c) or counts[f.suit_of(c)] != 1


@_check("keep-trump-over-ace")
def _keep_trump_over_ace(x: Context) -> bool:
    f = x.f
    if x.a.kind == "discard":
        return f.is_trump(x.card) and any(not f.is_trump(c) for c in f.held)
    if not x.plays_trump or not f.void_in_led or f.wins(x.card):
        return False
    return x.holds_side_card()


@_check("loner-discard-void")
def _loner_discard_void(x: Context) -> bool:
    f = x.f
    if x.a.kind != "discard":
        return False
    counts = _side_counts(f, f.held)
    up = x.hand.upcard.index
    if not any(not f.is_trump(c) and counts[f.suit_of(c)] == 1 and c != up for c in f.held):
        return False
    return f.is_trump(x.card) or counts[f.suit_of(x.card)] != 1


# leads -----------------------------------------------------------------------------------------
@_check("maker-leads-trump")
def _maker_leads_trump(x: Context) -> bool:
    f = x.f
    if x.plays_trump or x.trump_led_by_side_before() or x.opponents_out_of_trump():
        return False
    ts = f.trumps()
    return len(ts) >= 3 or (len(ts) >= 2 and f.power(ts[0]) >= _RIGHT)


@_check("maker-leads-high-trump")
def _maker_leads_high_trump(x: Context) -> bool:
    f = x.f
    if not x.plays_trump:
        return False
    ts = f.trumps()
    if len(ts) < 2 or f.power(ts[0]) >= _RIGHT or ts[0] == f.boss_trump_out():
        return False
    # a big trump is the left or the ace (TricksterBots #313: "lead the ace or the left")
    return f.power(x.card) < _ACE <= f.power(ts[0])


@_check("three-trumps-lead-trump")
def _three_trumps_lead_trump(x: Context) -> bool:
    f = x.f
    if x.plays_trump or x.trump_led_by_side_before():
        return False
    ts = f.trumps()
    if len(ts) != 3 or any(f.power(c) >= _LEFT for c in ts):
        return False
    side = [c for c in f.held if not f.is_trump(c)]
    if len(side) != 2 or f.suit_of(side[0]) != f.suit_of(side[1]):
        return False
    ranks = sorted((c % 6 for c in side), reverse=True)
    return ranks in ([5, 4], [5, 3], [4, 3])


def _partner_leads(x: Context) -> bool:
    return not x.f.maker_was_stuck and not x.trump_led_by_side_before() and not x.opponents_out_of_trump()


@_check("lead-trump-to-maker")
def _lead_trump_to_maker(x: Context) -> bool:
    return not x.plays_trump and bool(x.f.trumps()) and _partner_leads(x)


@_check("lead-bower-to-maker")
def _lead_bower_to_maker(x: Context) -> bool:
    f = x.f
    if x.seat_led_before() or not _partner_leads(x):
        return False
    bowers = [c for c in f.trumps() if f.power(c) in (_LEFT, _RIGHT)]
    return bool(bowers) and x.card not in bowers


@_check("keep-leading-trump-to-maker")
def _keep_leading_trump_to_maker(x: Context) -> bool:
    f = x.f
    if x.plays_trump or not x.trump_led_by_side_before() or f.maker_was_stuck or x.opponents_out_of_trump():
        return False
    boss = f.boss_trump_out()
    return boss is not None and boss in f.held


@_check("no-trump-to-stuck-dealer")
def _no_trump_to_stuck_dealer(x: Context) -> bool:
    return x.f.maker_was_stuck and x.plays_trump and x.holds_side_card()


@_check("stop-leading-trump-when-they-are-out")
def _stop_leading_trump(x: Context) -> bool:
    # the waste is partner's trump (TricksterBots #272); with partner shown out of trump too, a
    # boss trump led is a sure trick that makes the others choose their last cards (#2)
    f = x.f
    assert f.trump is not None
    partner = f.seat.partner
    partner_may_hold = partner not in f.out and int(f.trump) not in f.voids[partner]
    return x.plays_trump and x.holds_side_card() and x.opponents_out_of_trump() and partner_may_hold


@_check("no-trump-on-defence")
def _no_trump_on_defence(x: Context) -> bool:
    f = x.f
    if not x.plays_trump or len(f.trumps()) >= 3:
        return False
    return not (x.card == f.boss_trump_out() and x.makers_tricks() == 2)


@_check("defence-cashes-boss-trump")
def _defence_cashes_boss_trump(x: Context) -> bool:
    f = x.f
    if x.plays_trump or x.makers_tricks() != 2:
        return False
    maker = f.maker
    assert maker is not None and f.trump is not None
    makers_out = all(int(f.trump) in f.voids[s] for s in (maker, maker.partner) if s not in f.out)
    boss = f.boss_trump_out()
    others = [c for c in f.out_of_sight if f.is_trump(c) and c != boss]
    return not makers_out and boss is not None and boss in f.held and bool(others)


@_check("no-trump-into-loner")
def _no_trump_into_loner(x: Context) -> bool:
    return x.plays_trump and x.holds_side_card()


@_check("lead-next-through-loner")
def _lead_next_through_loner(x: Context) -> bool:
    f = x.f
    maker = f.maker
    if maker is None or f.made_in_round != 1 or not f.still_to_play or f.still_to_play[0] != maker:
        return False
    if (maker - f.dealer) % 4 != 3:  # the loner sits right of the dealer: the third seat
        return False
    assert f.trump is not None
    nxt = int(Suit(f.trump).next)
    mine = [c for c in f.held if not f.is_trump(c) and f.suit_of(c) == nxt]
    return bool(mine) and x.card not in mine


@_check("lead-partners-void-suit")
def _lead_partners_void_suit(x: Context) -> bool:
    f = x.f
    partner = f.seat.partner
    if partner in f.out or x.plays_trump or f.trump is None or int(f.trump) in f.voids[partner]:
        return False
    if f.is_boss(x.card):
        return False
    void_suits = {s for s in f.voids[partner] if s != int(f.trump)}
    mine = [c for c in f.held if not f.is_trump(c) and f.suit_of(c) in void_suits]
    return bool(mine) and x.card not in mine


@_check("no-trump-lead-fourth-trick")
def _no_trump_lead_fourth_trick(x: Context) -> bool:
    f = x.f
    if f.trick_number != 4 or len(f.held) != 2 or not x.plays_trump:
        return False
    return len(f.trumps()) == 1 and not f.is_boss(x.card)


@_check("no-right-after-calling-next")
def _no_right_after_calling_next(x: Context) -> bool:
    f = x.f
    down = x.hand.turned_down
    if f.made_in_round != 2 or down is None or f.trump != down.next or f.bid_seat != 1 or x.seat_led_before():
        return False
    return x.plays_trump and f.power(x.card) == _RIGHT and len(f.trumps()) >= 2


@_check("loner-cashes-winners")
def _loner_cashes_winners(x: Context) -> bool:
    f = x.f
    if len(f.held) < 2 or f.is_boss(x.card):
        return False
    return any(f.is_boss(c) for c in f.held)


# following -------------------------------------------------------------------------------------
@_check("dont-trump-partners-winner")
def _dont_trump_partners_winner(x: Context) -> bool:
    f = x.f
    if not x.plays_trump or not x.holds_side_card():
        return False
    w = f.winner
    assert w is not None
    if f.role(f.seat) == "vs-loner" and f.maker in f.still_to_play:
        return False  # the loner plays after you and can trump partner's card: trumping first is no mistake
    return f.last or f.is_boss(w[0])


@_check("ruff-high-for-partner-against-loner")
def _ruff_high_for_partner_against_loner(x: Context) -> bool:
    f = x.f
    if f.maker not in f.still_to_play:
        return False
    ts = f.trumps()
    led = f.led
    assert led is not None
    if f.power(ts[0]) <= 11 and led % 6 == _ACE_RANK and led < 24:
        return False  # a lone nine or ten on partner's ace: the loner would only overtrump it
    if f.power(ts[0]) == _LEFT and len(ts) >= 2:
        return False  # a guarded left stays home
    return x.card != ts[0]


def _partner_to_come(f: Facts) -> bool:
    return f.seat.partner in f.still_to_play


@_check("second-hand-low")
def _second_hand_low(x: Context) -> bool:
    f = x.f
    if not _partner_to_come(f):
        return False
    lowest = min(f.legal, key=f.power)
    if x.card == lowest or f.power(x.card) == f.power(lowest):
        return False
    # a side suit's boss may be trumped later, so cashing it is no mistake; a boss trump keeps
    return f.is_trump(x.card) or not f.is_boss(x.card)


@_check("second-hand-dont-ruff")
def _second_hand_dont_ruff(x: Context) -> bool:
    f = x.f
    if not _partner_to_come(f) or not x.plays_trump or not x.holds_side_card():
        return False
    led = f.led
    assert led is not None
    return not f.is_boss(led)


@_check("third-hand-high")
def _third_hand_high(x: Context) -> bool:
    f = x.f
    return not f.wins(x.card) and any(f.wins(c) for c in f.legal)


@_check("win-cheaply")
def _win_cheaply(x: Context) -> bool:
    f = x.f
    if not f.wins(x.card):
        return False
    p = f.power(x.card)
    return any(f.wins(c) and f.suit_of(c) == f.suit_of(x.card) and f.power(c) < p for c in f.legal)


@_check("never-bare-the-left")
def _never_bare_the_left(x: Context) -> bool:
    f = x.f
    if f.maker is not None and f.maker == f.seat.partner:
        return False  # partner called it: help bleed the right out (TricksterBots #275)
    ts = f.trumps()
    if len(ts) != 2 or f.power(ts[0]) != _LEFT or not x.plays_trump or x.card != ts[1]:
        return False
    return any(f.is_trump(c) and f.power(c) == _RIGHT for c in f.out_of_sight)


@_check("trump-high-against-overruff")
def _trump_high_against_overruff(x: Context) -> bool:
    f = x.f
    if not x.plays_trump or not any(s.team != f.seat.team for s in f.still_to_play):
        return False
    # the smallest trump, which two or more cards still out can overtrump, while one held can be
    # overtrumped by one card at most (TricksterBots #281: the king, not the ten, with the left out)
    ts = f.trumps()
    if len(ts) < 2 or x.card != ts[-1] or f.higher_out(x.card) < 2:
        return False
    return any(f.higher_out(t) <= 1 for t in ts[:-1])
