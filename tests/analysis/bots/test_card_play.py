"""The standard bot's card play against a loner (issue 33 item 4): the defenders keep the cards
that may stop it, cash the highest trump, and make the loner pay for every trick; over seeded
loner deals they hold it to fewer points than the card play before."""

from __future__ import annotations

import pytest

import euchre_learn as el
from benchmarks.bench_loners import loner_deals, measure
from benchmarks.frozen import has_reference


def _position(dealer: str, deal: dict[str, str], upcard: str, actions: str) -> el.Hand:
    hand = el.Hand.from_cards(dealer, deal, upcard=upcard)
    for a in actions.split(", "):
        hand = hand.apply(a)
    return hand


def test_a_defender_keeps_the_card_that_may_stop_the_loner() -> None:
    # East alone in clubs trumped the A♥: South's hearts can no longer win, the K♦ (the A♦ was
    # turned down, North threw a diamond) can; before, South threw the K♦ to make a void
    hand = _position(
        "N",
        {"N": "9♣ 10♣ 10♦ 10♠ A♠", "E": "J♣ Q♣ A♣ J♦ J♠", "S": "K♦ 10♥ Q♥ K♥ A♥", "W": "K♣ 9♥ J♥ 9♠ Q♠"},
        "A♦",
        "pass, pass, pass, pass, call clubs alone, play A♥, play 10♦, play Q♣, play J♣, play 10♥, play 9♣, play J♠",
    )
    bot = el.bots.get("standard", seed=1)
    assert str(bot.act(hand)) == "play Q♥"
    assert "K♦" in bot.explain(hand) or "Q♥" in bot.explain(hand)


def test_a_defender_leads_the_highest_trump_left_against_a_loner() -> None:
    # West alone in spades; North won the third trick and holds the J♣, now the highest trump:
    # leading it draws West's A♠ (before, North led the K♥ and West trumped it)
    hand = _position(
        "S",
        {"N": "J♣ 10♥ K♥ Q♠ K♠", "E": "Q♣ K♣ 10♦ J♦ A♦", "S": "9♣ 10♣ 9♦ Q♦ K♦", "W": "A♣ Q♥ 9♠ J♠ A♠"},
        "J♥",
        "pass, pass, pass, pass, call spades alone, play 10♥, play 9♦, play Q♥, play J♠, play Q♠, play 9♣, "
        "play 9♠, play K♠, play 10♣",
    )
    bot = el.bots.get("standard", seed=1)
    action, why = bot.choose(hand)
    assert str(action) == "play J♣"
    assert "highest trump left" in why and "West" in why


def test_a_defender_overtakes_a_partner_the_loner_can_beat() -> None:
    # East alone in clubs; South leads the 9♠, which East (after North) may beat: North trumps it
    # with the 9♣, making East spend a trump (before, North threw the 9♥)
    hand = _position(
        "W",
        {"N": "9♣ A♣ A♦ 9♥ Q♥", "E": "J♣ 10♥ J♥ 10♠ J♠", "S": "10♦ Q♦ K♥ 9♠ Q♠", "W": "10♣ J♦ K♦ K♠ A♠"},
        "K♣",
        "pass, order up alone, play 9♠",
    )
    bot = el.bots.get("standard", seed=1)
    action, why = bot.choose(hand)
    assert str(action) == "play 9♣"
    assert "East alone" in why


@pytest.mark.skipif(
    not has_reference(), reason="the old defence is commit 29c2fb0's code (benchmarks/frozen.py): a shallow clone lacks it"
)
def test_the_new_defence_holds_loners_to_fewer_points_than_before() -> None:
    deals = loner_deals(300, seed=0)
    results = measure(deals, ("standard (before)", "standard"), seed=0)

    def points(rows: list[tuple[int, int]]) -> int:
        return sum(4 if t == 5 else 1 if t >= 3 else -2 for t, _losers in rows)

    assert points(results["standard"]) < points(results["standard (before)"])
