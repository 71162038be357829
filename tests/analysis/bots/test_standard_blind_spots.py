"""The 'standard' bot without the blind spots issue 35 found, each on the deal that shows it, and
the frozen copy of the old bot (``benchmarks/frozen.py``) making the old mistake on the same deal.

The frozen copy runs the code of commit 29c2fb0 in a child process; a checkout without that
commit (a shallow clone) skips the comparisons with it, and says so.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import euchre_learn as el
from benchmarks.frozen import has_reference
from euchre_learn import Hand, Rules
from euchre_learn.analysis.bots import best_discard, get
from euchre_learn.analysis.bots.base import TRUMP_MASK
from euchre_learn.engine import act, core
from euchre_learn.engine.cards import cards_to_mask
from euchre_learn.engine.deals import seeded_random
from euchre_learn.engine.trump import EFFECTIVE, SUIT_MASK

needs_reference = pytest.mark.skipif(
    not has_reference(), reason="the frozen bot needs commit 29c2fb0 in this git checkout (a shallow clone lacks it)"
)


@pytest.fixture(scope="module")
def old() -> Iterator[el.bots.Bot]:
    from benchmarks.frozen import FrozenBot

    with FrozenBot("standard", seed=0) as bot:
        yield bot


NEW = get("standard", seed=0)

# issue 35: S deals, Q♣ up, stick the dealer; North, the dealer's partner, holds four aces and one trump
ACES = Hand.from_cards(
    "S",
    {"N": "A♣ A♥ A♠ A♦ K♥", "E": "J♠ 9♠ J♦ 10♣ K♠", "S": "K♦ J♥ 10♠ 9♣ 10♥", "W": "9♦ J♣ 10♦ K♣ Q♥"},
    upcard="Q♣",
    kitty="9♥ Q♠ Q♦",
    rules="stick-the-dealer",
)

# North deals with the 9♠ up, holding both red bowers, the A♥ and the A♠ J♠: a lay-down loner in
# hearts in round 2 (deal 1996 of a search over seeded deals, issue 35's 'round-2 loner')
LONER = Hand.from_cards(
    "N",
    {"N": "A♠ J♠ A♥ J♥ J♦", "E": "10♠ K♥ 9♦ Q♣ 10♣", "S": "10♥ 9♥ 10♦ J♣ 9♣", "W": "K♠ Q♠ Q♥ K♦ A♣"},
    upcard="9♠",
    kitty="A♦ Q♦ K♣",
)

# East deals the K♠ and is ordered up; East then holds J♠ A♥ K♥ 10♥ K♣ and the K♠: a lone K♣
SINGLETON = Hand.from_cards(
    "E",
    {"E": "J♠ A♥ K♥ 10♥ K♣", "S": "9♦ 10♦ Q♦ 9♣ 10♣", "W": "A♠ 9♠ 10♠ Q♣ A♣", "N": "9♥ Q♥ J♥ J♦ K♦"},
    upcard="K♠",
)


def play_to_north(hand: Hand) -> Hand:
    while str(hand.to_act) != "N":
        hand = hand.apply(NEW.act(hand))
    return hand


# ---- the dealer's partner with four aces and one trump ----------------------------------------


def test_dealers_partner_passes_four_aces_and_one_trump() -> None:
    hand = play_to_north(ACES)  # West passes first
    assert [str(a) for _seat, a in hand.history] == ["pass"]
    action, why = NEW.choose(hand)
    assert str(action) == "pass"
    assert "only the A♣" in why and "two trumps or more" in why


@needs_reference
def test_the_frozen_copy_assists_on_four_aces(old: el.bots.Bot) -> None:
    """The frozen copy is really the old code: it makes the old bid the new bot does not."""
    hand = play_to_north(ACES)
    action, why = old.choose(hand)
    assert str(action) == "order up" and why.startswith("North assists: with ♣ clubs trump North holds 1 trump")


# ---- no round-1 bid on one trump --------------------------------------------------------------


def round1_bids(deals: int) -> Iterator[tuple[core.State, int]]:
    """Every round-1 bid the standard bot makes over seeded deals, with the trumps it holds
    (the dealer's counting the upcard)."""
    for i in range(deals):
        s = core.deal(Rules(), i % 4, seeded_random(f"one-trump/{i}"))
        rng = random.Random(i)
        while s.phase != core.OVER:
            a = NEW.decide(s, rng, None)
            if s.phase == core.BID1 and a in (act.ORDER_UP, act.ORDER_UP_ALONE):
                mask = s.hands[s.to_act] | ((1 << s.upcard) if s.to_act == s.dealer else 0)
                yield s.copy(), (mask & TRUMP_MASK[s.proposed]).bit_count()
            s.apply(a)


def test_no_round1_bid_on_one_trump() -> None:
    bids = list(round1_bids(600))
    assert len(bids) > 300  # round 1 is bid on about half the deals
    assert min(n for _s, n in bids) >= 2


# North deals the J♦ holding 9♠ A♥ K♥ A♣ K♣: one trump with the pick-up (deal 1028 of a search)
RIGHT_BOWER = (
    Hand.from_cards(
        "N",
        {"N": "9♠ A♥ K♥ A♣ K♣", "E": "A♠ J♠ J♥ A♦ 10♣", "S": "10♠ 10♥ K♦ Q♣ J♣", "W": "K♠ Q♠ Q♥ 10♦ 9♣"},
        upcard="J♦",
        kitty="9♥ Q♦ 9♦",
    )
    .apply("pass")
    .apply("pass")
    .apply("pass")
)


def test_the_dealer_does_not_take_up_the_right_bower_on_aces() -> None:
    action, why = NEW.choose(RIGHT_BOWER)
    assert str(action) == "pass" and "1 trump" in why  # the learned bidding's words: it passes 100%


@needs_reference
def test_the_frozen_copy_took_up_the_right_bower_on_aces(old: el.bots.Bot) -> None:
    assert str(old.act(RIGHT_BOWER)) == "order up"


# ---- the discard voids a suit -----------------------------------------------------------------


def test_discard_voids_a_lone_king() -> None:
    hand = SINGLETON.apply("order up")  # South, eldest, orders the K♠ up
    action, why = NEW.choose(hand)
    assert str(action) == "discard K♣"
    assert "to be void in clubs" in why


@needs_reference
def test_the_frozen_copy_kept_the_lone_king(old: el.bots.Bot) -> None:
    hand = SINGLETON.apply("order up")
    assert str(old.act(hand)) == "discard 10♥"


def test_discard_never_keeps_a_non_ace_singleton_it_could_void() -> None:
    kept = total = 0
    for i in range(800):
        s = core.deal(Rules(), i % 4, seeded_random(f"discard/{i}"))
        while s.phase not in (core.DISCARD_PHASE, core.OVER):
            s.apply(NEW.decide(s, random.Random(i), None))
        if s.phase != core.DISCARD_PHASE:
            continue
        total += 1
        t, six = s.trump, s.hands[s.to_act]
        c = NEW.decide(s, random.Random(i), None) - act.DISCARD
        lone = {x for x in range(24) if six >> x & 1 and EFFECTIVE[t][x] != t and _alone_in_suit(six, t, x)}
        if any(x % 6 != 5 for x in lone) and c not in lone:  # a non-ace lone side card kept (5: the ace)
            kept += 1
    assert total > 300 and kept == 0


def _alone_in_suit(six: int, t: int, x: int) -> bool:
    return (six & SUIT_MASK[t][EFFECTIVE[t][x]]).bit_count() == 1


def test_best_discard_examples() -> None:
    spades, hearts = 3, 2
    assert best_discard(cards_to_mask(el.cards("J♠ K♠ A♥ K♥ 10♥ K♣")), spades) == el.Card.parse("K♣").index
    # two lone side cards: the lower goes
    assert best_discard(cards_to_mask(el.cards("J♥ A♥ 9♥ Q♠ 10♣ K♥")), hearts) == el.Card.parse("10♣").index
    # the lone 9♣ goes, not the 9♠ under the A♠
    assert best_discard(cards_to_mask(el.cards("J♥ A♥ 9♥ A♠ 9♠ 9♣")), hearts) == el.Card.parse("9♣").index


# ---- a round-2 loner is not thrown away on a small upcard -------------------------------------


def test_dealer_turns_down_a_small_upcard_for_a_loner_in_round_2() -> None:
    hand = LONER
    while str(hand.to_act) != "N":
        hand = hand.apply(NEW.act(hand))
    action, why = NEW.choose(hand)
    assert str(action) == "pass" and "alone in round 2" in why
    hand = hand.apply(action)
    while str(hand.to_act) != "N":  # round 2 comes round to North (the others' bids are theirs)
        hand = hand.apply("pass")
    while not hand.is_over:
        hand = hand.apply(NEW.act(hand))
    assert hand.maker is not None and str(hand.maker) == "N" and hand.alone
    assert hand.score is not None and hand.score.makers == 4  # the march, R7.1


@needs_reference
def test_the_frozen_copy_takes_up_the_small_upcard(old: el.bots.Bot) -> None:
    hand = LONER
    while str(hand.to_act) != "N":
        hand = hand.apply(NEW.act(hand))
    assert str(old.act(hand)) == "order up"  # the dealer takes up the 9♠ and makes 1 or 2


@needs_reference
def test_duplicate_against_the_frozen_copy(old: el.bots.Bot) -> None:
    result = el.tournament.duplicate("standard", old, deals=8, seed=5)
    assert result.b == "standard@29c2fb0" and result.deals == 8
