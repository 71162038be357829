"""The club player's rules the expert keeps (euchre_learn/analysis/expert_rules.py)."""

from __future__ import annotations

import euchre_learn as el
from euchre_learn.analysis.convention_book import broken
from euchre_learn.analysis.expert_rules import loner_allowed, loner_suit, one_trump_call, position, strong_order
from euchre_learn.engine import act
from euchre_learn.engine.cards import cards_to_mask


def test_position_rebuilds_the_hand_from_the_core_state_at_every_decision() -> None:
    """The convention book reads a Hand; the bots act on the core state: the replay must give the
    very hand (the dealer's discard, the tricks, the trick in progress), under the rules it covers."""
    bot = el.bots.get("standard", seed=3)
    seen = 0
    for k in range(40):
        rules = el.Rules(stick_the_dealer=True) if k % 3 == 0 else el.Rules()
        hand = el.Hand.deal("NESW"[k % 4], rules=rules, seed=k)
        while not hand.is_over:
            if hand.phase in (el.Phase.ROUND_1, el.Phase.PLAY):
                again = position(hand.core)
                assert again == hand, (k, hand.history)
                assert again is not None and again.legal_actions() == hand.legal_actions()
                seen += 1
            hand = hand.apply(bot.act(hand))
    assert seen > 400
    assert position(el.Hand.deal("N", rules=el.Rules(benny="joker"), seed=1).core) is None  # not covered


def test_strong_order_is_the_books_order_up_strong() -> None:
    """The right bower and two of the left, the ace and the king; a queen does not count."""
    for north, strong in (
        ("J♥ J♦ A♥ 10♣ 9♠", True),
        ("J♥ K♥ A♥ 10♣ 9♠", True),
        ("J♥ Q♥ A♥ 10♣ 9♠", False),
        ("J♦ K♥ A♥ 10♣ 9♠", False),
    ):
        hand = el.Hand.from_cards(
            "W",
            {"N": north, "E": "K♣ Q♣ 9♣ K♦ Q♦", "S": "10♦ 9♦ K♠ Q♠ J♠", "W": "A♦ 10♠ A♠ 10♥ J♣"},
            upcard="9♥",
        )
        ids = [c.id for c in broken(hand, "pass")]
        assert strong_order(hand.core) == strong == ("order-up-strong" in ids), north


def test_the_loner_gate_and_the_one_trump_call() -> None:
    def mask(text: str) -> int:
        return cards_to_mask(el.cards(text))

    hearts, diamonds = int(el.Suit.HEARTS), int(el.Suit.DIAMONDS)
    assert loner_allowed(mask("J♥ J♦ A♥ K♥ A♠"), hearts)
    assert not loner_allowed(mask("J♥ A♥ A♠ A♣ A♦"), hearts)  # two trumps: no loner, whatever the aces
    assert not loner_allowed(mask("J♦ A♥ K♥ A♠ A♣"), hearts)  # three without the right
    assert not loner_allowed(mask("J♦ A♦ K♦ K♠ K♣"), diamonds)  # two bare side kings: three losers
    hand = el.Hand.from_cards(
        "S",
        {"N": "A♣ A♥ A♠ A♦ K♥", "E": "J♠ 9♠ J♦ 10♣ K♠", "S": "K♦ J♥ 10♠ 9♣ 10♥", "W": "9♦ J♣ 10♦ K♣ Q♥"},
        upcard="Q♣",
    ).apply("pass")
    assert one_trump_call(hand.core, act.ORDER_UP) and not one_trump_call(hand.core, act.PASS)
    assert loner_suit(hand.core) == -1  # not the dealer
