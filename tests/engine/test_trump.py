"""Trump logic (RULES.md R1.3, R1.4, R6.2, R6.3 and §11 cases 1-6).

Cases are written out by hand, then every function is cross-checked against a naive
reference written from the rules text alone (tests/engine/naive_rules.py: it reads card text,
never the engine's tables).
"""

from __future__ import annotations

import itertools
import random

import pytest

from euchre_learn import (
    Card,
    InvalidCardError,
    Rules,
    Suit,
    cards,
    deck,
    effective_suit,
    is_trump,
    left_bower,
    legal_plays,
    right_bower,
    trick_winner,
    trump_order,
)

from .naive_rules import SYMBOLS, ref_legal, ref_next, ref_strength, ref_suit, ref_winner

H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES

ALL = list(deck(Rules(benny="joker")))  # the 24 and the Benny


# ---- bowers ---------------------------------------------------------------------------------


def test_bowers_by_hand() -> None:
    assert (right_bower(H), left_bower(H)) == (Card.parse("J♥"), Card.parse("J♦"))
    assert (right_bower(D), left_bower(D)) == (Card.parse("J♦"), Card.parse("J♥"))
    assert (right_bower(C), left_bower(C)) == (Card.parse("J♣"), Card.parse("J♠"))
    assert (right_bower(S), left_bower(S)) == (Card.parse("J♠"), Card.parse("J♣"))
    assert right_bower("hearts") == right_bower("♥") == right_bower("h")
    assert left_bower("spades") is Card.parse("J♣")


def test_bowers_match_the_reference() -> None:
    for trump in SYMBOLS:
        assert str(right_bower(trump)) == "J" + trump
        assert str(left_bower(trump)) == "J" + ref_next(trump)


def test_bad_trump_text() -> None:
    with pytest.raises(InvalidCardError, match="'purple' is not a suit"):
        right_bower("purple")
    with pytest.raises(InvalidCardError, match="'x' is not a suit"):
        effective_suit("J♦", "x")


# ---- effective suit and is_trump ----------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "trump", "suit"),
    [
        ("J♦", H, H),  # left bower (R1.3)
        ("J♥", H, H),  # right bower
        ("J♦", S, D),  # an ordinary diamond when black is trump
        ("J♥", D, D),
        ("J♣", S, S),
        ("J♠", C, C),
        ("J♠", H, S),
        ("A♦", H, D),  # the ace of next is not trump
        ("9♥", H, H),
        ("Benny", C, C),  # the Benny is always trump
        ("Benny", H, H),
    ],
)
def test_effective_suit_by_hand(card: str, trump: Suit, suit: Suit) -> None:
    assert effective_suit(card, trump) is suit
    assert effective_suit(Card.parse(card), trump.letter) is suit
    assert is_trump(card, trump) == (suit is trump)


def test_effective_suit_and_is_trump_match_the_reference_for_every_card() -> None:
    for trump in Suit:
        for card in ALL:
            assert effective_suit(card, trump).symbol == ref_suit(card, trump.symbol), (card, trump)
            assert is_trump(card, trump) == (ref_suit(card, trump.symbol) == trump.symbol)


def test_seven_trumps_and_the_benny_makes_eight() -> None:
    for trump in Suit:
        assert sum(is_trump(c, trump) for c in deck()) == 7
        assert sum(is_trump(c, trump) for c in ALL) == 8
        # next has five cards left (lost its jack); the other two suits have six
        counts = {s: sum(effective_suit(c, trump) is s for c in deck()) for s in Suit}
        assert counts[trump] == 7 and counts[trump.next] == 5
        assert sorted(counts.values()) == [5, 6, 6, 7]


# ---- trump order --------------------------------------------------------------------------


def test_trump_order_by_hand() -> None:
    assert trump_order(H) == cards("J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥")
    assert trump_order(D) == cards("J♦ J♥ A♦ K♦ Q♦ 10♦ 9♦")
    assert trump_order(C) == cards("J♣ J♠ A♣ K♣ Q♣ 10♣ 9♣")
    assert trump_order(S) == cards("J♠ J♣ A♠ K♠ Q♠ 10♠ 9♠")
    assert trump_order("spades", benny=True) == cards("Benny J♠ J♣ A♠ K♠ Q♠ 10♠ 9♠")


def test_trump_order_matches_the_reference() -> None:
    for trump in Suit:
        expected = sorted(
            (c for c in ALL if ref_suit(c, trump.symbol) == trump.symbol),
            key=lambda c: -ref_strength(c, trump.symbol),
        )
        assert list(trump_order(trump, benny=True)) == expected


# ---- legal plays: RULES.md §11 cases 1-4, written out ---------------------------------------


def test_case_1_left_bower_must_follow_trump_led() -> None:
    # 9♥ led, hearts trump, holding J♦ A♦ K♣: only J♦ (the left bower follows trump).
    assert legal_plays(cards("J♦ A♦ K♣"), H, led="9♥") == cards("J♦")


def test_case_2_left_bower_cannot_follow_its_printed_suit() -> None:
    # K♦ led, holding A♦ J♦ 9♣: only A♦; the J♦ is a heart and cannot follow diamonds.
    assert legal_plays(cards("A♦ J♦ 9♣"), H, led="K♦") == cards("A♦")


def test_case_3_void_in_the_effective_suit_plays_anything() -> None:
    # K♦ led, holding J♦ 9♣ K♣: no effective diamond, so all three are legal.
    assert legal_plays(cards("J♦ 9♣ K♣"), H, led="K♦") == cards("J♦ 9♣ K♣")


def test_case_4_left_bower_led_is_trump_led() -> None:
    # J♦ led with hearts trump: trump was led; A♦ does not follow it.
    assert legal_plays(cards("A♦ 9♥ K♣"), H, led="J♦") == cards("9♥")
    assert legal_plays(cards("A♦ K♣"), H, led="J♦") == cards("A♦ K♣")
    assert legal_plays(cards("A♦ J♥"), H, led="J♦") == cards("J♥")


def test_leading_any_card_is_legal_and_order_is_kept() -> None:
    holding = cards("K♣ J♦ 9♥ A♠ 10♦")
    assert legal_plays(holding, H) == holding
    assert legal_plays(holding, H, led=None) == holding
    assert legal_plays(cards("10♦ K♣ A♦"), S, led="9♦") == cards("10♦ A♦")  # holding order, not deck order


def test_nobody_must_trump_or_beat_a_card() -> None:
    # Void in clubs with trump in hand: any card, trump or not (R6.2).
    assert legal_plays(cards("9♥ A♠ 10♦"), H, led="A♣") == cards("9♥ A♠ 10♦")
    # Following with a low card is as legal as a high one.
    assert legal_plays(cards("9♣ A♣ J♥"), H, led="K♣") == cards("9♣ A♣")


def test_the_right_bower_follows_only_trump() -> None:
    assert legal_plays(cards("J♥ 9♦"), H, led="A♥") == cards("J♥")
    assert legal_plays(cards("J♥ 9♦"), D, led="A♥") == cards("J♥ 9♦")  # the J♥ is diamonds' left bower


@pytest.mark.parametrize(
    ("holding", "trump", "led", "legal"),
    [
        ("Benny 9♦ A♣", H, "K♦", "9♦"),  # the Benny cannot follow diamonds
        ("Benny A♣", H, "K♦", "Benny A♣"),  # void: anything
        ("Benny 9♦ A♣", H, "9♥", "Benny"),  # the Benny follows trump
        ("Benny J♦ A♦", H, "10♥", "Benny J♦"),
        ("9♥ A♦ A♣", H, "Benny", "9♥"),  # the Benny led is trump led
        ("J♦ A♦", H, "Benny", "J♦"),
        ("A♦ A♣", S, "Benny", "A♦ A♣"),
    ],
)
def test_the_benny_in_legal_plays(holding: str, trump: Suit, led: str, legal: str) -> None:
    assert legal_plays(cards(holding), trump, led=led) == cards(legal)


# ---- trick winners: RULES.md §11 cases 5-6, the Benny, tricks of 2 and 3 ---------------------


def test_case_5_jack_of_spades_is_ordinary_with_hearts_trump() -> None:
    # Q♠ J♠ 10♠ A♦ with Q♠ led: Q♠ wins; the J♠ is an ordinary spade; A♦ is thrown off.
    assert trick_winner(cards("Q♠ J♠ 10♠ A♦"), H) == 0


def test_case_6_left_bower_wins_an_off_suit_trick() -> None:
    # K♦ A♦ J♦ 9♣ with K♦ led: J♦ wins as the left bower.
    assert trick_winner(cards("K♦ A♦ J♦ 9♣"), H) == 2


@pytest.mark.parametrize(
    ("played", "trump", "winner"),
    [
        ("9♥ J♦ J♥ A♥", H, 2),  # right bower beats left bower beats ace
        ("9♥ J♦ A♥ K♥", H, 1),  # left bower beats the ace of trump
        ("A♣ 9♥ K♣ Q♣", H, 1),  # the lowest trump beats the off-suit ace
        ("10♣ 9♣ A♠ A♦", H, 0),  # off-suit aces are discards
        ("9♣ 10♣ Q♣ K♣", H, 3),
        ("9♠ J♠ A♠ Q♠", C, 1),  # J♠ is the left bower with clubs trump
        ("A♠ J♣ K♠ Q♠", C, 1),  # right bower
        ("A♦ K♦ Q♦ J♥", D, 3),  # left bower of diamonds
        ("A♦ K♦ Q♦ J♥", S, 0),  # with spades trump the J♥ is thrown off
        ("J♣ 9♠ 10♣ A♣", D, 3),  # J♣ ordinary with red trump: A♣ beats it
        ("J♥ Benny J♦ A♥", H, 1),  # the Benny beats the right bower
        ("Benny J♥ J♦ A♥", H, 0),
        ("A♣ Benny K♣ Q♣", S, 1),  # the Benny trumps in
        ("A♣ K♣", S, 0),  # a trick of 2 (a lone defender against a loner)
        ("9♠ 10♥", S, 0),
        ("9♠ 10♥", H, 1),
        ("K♦ J♦", H, 1),  # 2 cards, the left bower trumps
        ("Benny 9♥", C, 0),
        ("K♦ A♦ Q♦", H, 1),  # a trick of 3 (a loner)
        ("K♦ 9♣ J♦", H, 2),
        ("10♠ 9♠ A♥", C, 0),
        ("10♠ 9♠ J♠", C, 2),
        ("A♥ K♥ Q♥ J♥", H, 3),
    ],
)
def test_trick_winner_by_hand(played: str, trump: Suit, winner: int) -> None:
    assert trick_winner(cards(played), trump) == winner
    assert trick_winner(str(cards(played)).split(), trump) == winner  # text works too


def test_a_single_card_wins_and_bad_sizes_raise() -> None:
    assert trick_winner(cards("9♣"), H) == 0
    with pytest.raises(ValueError, match="1 to 4 cards, not 0"):
        trick_winner([], H)
    with pytest.raises(ValueError, match="1 to 4 cards, not 5"):
        trick_winner(cards("9♣ 10♣ J♣ Q♣ K♣"), H)


# ---- cross-checks against the reference ------------------------------------------------------


def test_every_two_card_trick_matches_the_reference() -> None:
    for trump in Suit:
        for a, b in itertools.permutations(ALL, 2):
            assert trick_winner([a, b], trump) == ref_winner([a, b], trump.symbol), (a, b, trump)


def test_random_three_and_four_card_tricks_match_the_reference() -> None:
    rng = random.Random(2024)
    for _ in range(4000):
        trump = rng.choice(list(Suit))
        played = rng.sample(ALL, rng.choice((3, 4)))
        assert trick_winner(played, trump) == ref_winner(played, trump.symbol), (played, trump)


def test_the_rank_of_every_card_matches_the_reference() -> None:
    # Two cards of the same effective suit: the reference's order decides who wins.
    for trump in Suit:
        for a, b in itertools.permutations(ALL, 2):
            if ref_suit(a, trump.symbol) == ref_suit(b, trump.symbol):
                stronger = 0 if ref_strength(a, trump.symbol) > ref_strength(b, trump.symbol) else 1
                assert trick_winner([a, b], trump) == stronger


def test_every_lead_against_random_holdings_matches_the_reference() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        trump = rng.choice(list(Suit))
        dealt = rng.sample(ALL, 6)
        led, holding = dealt[0], dealt[1:]
        assert list(legal_plays(holding, trump, led=led)) == ref_legal(holding, trump.symbol, led)
        assert list(legal_plays(holding, trump)) == holding


def test_every_single_card_holding_and_lead() -> None:
    # With one card left, that card is always legal: the player can always play something.
    for trump in Suit:
        for led, card in itertools.permutations(ALL, 2):
            assert legal_plays([card], trump, led=led) == (card,)
