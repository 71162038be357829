"""Exercise sheet "cards-and-bidding" (lessons 01-04): the deck, the table and the deal, trump
and the bowers, and both rounds of bidding. ``exercises/01_cards_and_bidding.ipynb`` asks these
questions; every answer is computed here by the engine, never written by hand.

The deals the questions are about are module constants, so the notebook shows exactly the
cards the answers were computed from.

>>> from euchre_learn.classroom.exercises import checker
>>> check = checker("cards-and-bidding")
>>> check("q4", "J♣").correct, check("q4", "J♠").correct
(True, False)
>>> print(check("q4", "J♠").message)
Not the J♠. With ♠ spades trump, next is ♣ clubs (the other black suit), so the J♣ is the left bower, the second-highest trump (R1.2, R1.3).
"""

from __future__ import annotations

from functools import cmp_to_key
from typing import Any

from euchre_learn.teaching.quiz.situations import pass_times, strength_order
from euchre_learn.classroom.exercises import (
    Checker,
    Exercise,
    Grade,
    same_card,
    same_cards,
    same_function,
    same_number,
    same_suit,
    same_text,
)
from euchre_learn.engine.cards import Card, Cards, Rank, Seat, Suit, deck
from euchre_learn.engine.explain import card_reason
from euchre_learn.engine.game import choose_first_dealer
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.rules import Rules
from euchre_learn.engine.trump import effective_suit, is_trump, left_bower, trick_winner, trump_order

__all__ = ["FIRST_DEALER_SEED", "ROUND_1", "ROUND_2", "SHEET"]

FIRST_DEALER_SEED = 2
"""q3: the seed of :func:`~euchre_learn.choose_first_dealer` whose face-up cards are shown."""

ROUND_1: dict[str, Any] = {
    "dealer": "N",
    "holdings": {
        "N": "J♠ 10♠ K♥ 9♦ Q♣",
        "E": "A♥ Q♥ K♦ 10♣ 9♣",
        "S": "J♣ K♠ Q♠ A♦ 10♥",
        "W": "A♣ K♣ 9♥ J♦ Q♦",
    },
    "upcard": "A♠",
}
"""q10-q12: North deals and turns up the A♠ (arguments of :meth:`Hand.from_cards`)."""

ROUND_2: dict[str, Any] = {
    "dealer": "E",
    "holdings": {
        "N": "9♣ 10♣ Q♦ K♥ A♠",
        "E": "J♣ A♣ 9♦ 10♥ Q♠",
        "S": "K♣ K♦ A♦ 9♥ J♠",
        "W": "Q♣ 10♦ J♥ A♥ 9♠",
    },
    "upcard": "J♦",
}
"""q13-q15: East deals and turns up the J♦; all four pass in round 1."""

SUITS = tuple(Suit)
EVERY_CARD = tuple(deck())


def _strongest_first(suit: Suit, trump: Suit) -> Cards:
    """The cards that play as ``suit`` with ``trump`` trump, strongest first, as the engine
    ranks them (the first card of a two-card trick wins when it is the stronger)."""

    return Cards(strength_order([c for c in EVERY_CARD if effective_suit(c, trump) == suit], trump))


def _seat_answer(seat: Seat, why: str) -> Grade:
    """A seat answered as a letter ('W') or a word ('West')."""
    return same_text(seat.name, accept=(seat.word,), why=why)


# ---- the answers, from the engine ---------------------------------------------------------------

_first_seat, _first_shown = choose_first_dealer(FIRST_DEALER_SEED)
_round_1 = Hand.from_cards(**ROUND_1)
_assisted = _round_1.apply("pass").apply("order up")  # East passes, South assists
_discards = Cards(a.card for a in _assisted.legal_actions() if a.card is not None)
_round_2 = pass_times(Hand.from_cards(**ROUND_2), 4)
_stuck = pass_times(Hand.from_cards(**ROUND_2, rules=Rules.preset("stick-the-dealer")), 7)
_stuck_suits = sorted({a.suit for a in _stuck.legal_actions() if a.suit is not None})
_thrown = pass_times(Hand.from_cards(**ROUND_2, rules=Rules()), 8)
assert _thrown.thrown_in and _round_2.turned_down is not None

_HEARTS_HOLDING = "J♦ A♦ K♥ 9♣ J♣ 10♥"


def _is_left_bower(card: Card, trump: Suit) -> bool:
    return card == left_bower(trump)


def _why_card(card: Card, trump: Suit) -> str:
    return card_reason(card, trump)


def _wrong_left_bower(card: Card, trump: Suit) -> bool:
    return card.rank == Rank.JACK and card.suit != trump  # any other jack: forgets the colour


def _wrong_effective_suit(card: Card, trump: Suit) -> Suit | None:
    return card.suit  # forgets the left bower


_EXERCISES = [
    Exercise(
        "q1",
        "How many cards are in a Euchre deck (without the Benny)? Answer with a number.",
        ("R1.1",),
        same_number(
            len(deck()), why="The deck holds 9, 10, J, Q, K and A in each of the four suits: 6 × 4 = 24 (R1.1)."
        ),
        wrong=52,
    ),
    Exercise(
        "q2",
        "West deals. Who is eldest, the first player to receive cards and the first to bid? "
        "Answer with a seat: `'N'`, `'E'`, `'S'` or `'W'`.",
        ("R2.2", "R3.1"),
        _seat_answer(
            Seat.W.left,
            why="Eldest sits on the dealer's left, the next seat clockwise: after West comes North (R2.2, R3.1).",
        ),
        wrong="E",
    ),
    Exercise(
        "q3",
        "To choose the first dealer, these cards were dealt face up, one to each player from North "
        f"clockwise (North, East, South, West, North, …): {_first_shown}. Who deals first? Answer with a seat.",
        ("R2.1",),
        _seat_answer(
            _first_seat,
            why=(
                f"The first black jack decides: the {_first_shown[-1]} is card {len(_first_shown)}, which goes to "
                f"{_first_seat.word}. A red jack such as the J♥ does not count (R2.1)."
            ),
        ),
        wrong="N",
    ),
    Exercise(
        "q4",
        "Spades are trump. Which card is the left bower? Answer with a card, like `'J♥'`.",
        ("R1.2", "R1.3"),
        same_card(
            left_bower(Suit.SPADES),
            why=(
                "With ♠ spades trump, next is ♣ clubs (the other black suit), so the J♣ is the left bower, "
                "the second-highest trump (R1.2, R1.3)."
            ),
        ),
        wrong="J♠",
    ),
    Exercise(
        "q5",
        "Diamonds are trump. List all the trumps, highest first, as text like `'J♠ A♠ …'`.",
        ("R1.3",),
        same_cards(
            trump_order(Suit.DIAMONDS),
            ordered=True,
            why=(
                "Seven trumps: the right bower J♦, the left bower J♥ (the jack of the other red suit), "
                "then A K Q 10 9 of diamonds (R1.3)."
            ),
        ),
        wrong="A♦ K♦ Q♦ J♦ 10♦ 9♦",
    ),
    Exercise(
        "q6",
        "Clubs are trump. Put every card that plays as a spade in order, strongest first.",
        ("R1.2", "R1.4"),
        same_cards(
            _strongest_first(Suit.SPADES, Suit.CLUBS),
            ordered=True,
            why=(
                "Spades are next to clubs, so the J♠ has become the left bower, a club: the spades are "
                "only A K Q 10 9 (R1.2, R1.4)."
            ),
        ),
        wrong="A♠ K♠ Q♠ J♠ 10♠ 9♠",
    ),
    Exercise(
        "q7",
        f"Hearts are trump and you hold {_HEARTS_HOLDING}. Which of these cards are trumps?",
        ("R1.3",),
        same_cards(
            [c for c in Cards(Card.parse(t) for t in _HEARTS_HOLDING.split()) if is_trump(c, Suit.HEARTS)],
            why=(
                "The hearts are trumps, and so is the J♦, the left bower. The A♦ stays a diamond, and the J♣ "
                "is an ordinary club: only the jack of trump's colour changes sides (R1.3)."
            ),
        ),
        wrong="K♥ 10♥",
    ),
    Exercise(
        "q8",
        "Write a function `is_left_bower(card, trump)` that returns `True` when `card` is the left bower "
        "with `trump` as trump, and `False` otherwise. `card` is a `Card` (it has `.rank` and `.suit`), `trump` a "
        "`Suit` (it has `.next`, the other suit of the same colour). It is checked on every card and every trump.",
        ("R1.2", "R1.3"),
        same_function(
            _is_left_bower,
            [(c, t) for t in SUITS for c in EVERY_CARD],
            name="is_left_bower",
            why=_why_card,
        ),
        wrong=_wrong_left_bower,
        coding=True,
    ),
    Exercise(
        "q9",
        "Write a function `effective_suit_of(card, trump)` that returns the `Suit` the card plays as: "
        "`trump` for the left bower, otherwise the suit printed on the card (`card.suit`). It is checked "
        "on every card and every trump.",
        ("R1.3",),
        same_function(
            effective_suit,
            [(c, t) for t in SUITS for c in EVERY_CARD],
            name="effective_suit_of",
            why=_why_card,
        ),
        wrong=_wrong_effective_suit,
        coding=True,
    ),
    Exercise(
        "q10",
        "North deals and turns up the A♠. East passes, then South accepts spades as trump. South is "
        "North's partner: what is South's accepting called? One or a few words.",
        ("R3.1",),
        same_text(
            "assist",
            accept=("assists", "assisting", "assist it", "assisted"),
            why=(
                "The dealer's partner assists; an opponent of the dealer orders it up; the dealer takes it up. "
                "It is one action with three names (R3.1)."
            ),
        ),
        wrong="order it up",
    ),
    Exercise(
        "q11",
        "In the same deal, East, eldest, holds A♥ Q♥ K♦ 10♣ 9♣: not a single spade. May East order up "
        "the A♠? Answer True or False.",
        ("R3.3",),
        same_text(
            str(_round_1.is_legal("order up")),
            accept=("yes",) if _round_1.is_legal("order up") else ("no",),
            why="You need not hold a trump to order it up (R3.3); whether it is wise is another question.",
        ),
        wrong=False,
    ),
    Exercise(
        "q12",
        f"South assists, so North, the dealer, picks up the A♠ and now holds "
        f"{_assisted.holding(_assisted.dealer)}. Which cards may North discard? List them all.",
        ("R3.2",),
        same_cards(
            _discards,
            why="The dealer discards one card face down: any card but the upcard, which stays in the hand (R3.2).",
        ),
        wrong=str(_assisted.holding(_assisted.dealer)),
    ),
    Exercise(
        "q13",
        f"East deals and turns up the {_round_2.upcard}; all four pass, so it is turned down. Which suit "
        "may nobody name in round 2? Answer with a suit, like `'hearts'` or `'♥'`.",
        ("R3.4", "R4.1"),
        same_suit(
            _round_2.turned_down,
            why=(
                f"The turned-down suit is the upcard's suit, {_round_2.turned_down.plural}: it was offered in "
                "round 1 and may not be named in round 2 (R3.4, R4.1). Its jack does not change that."
            ),
        ),
        wrong="hearts",
    ),
    Exercise(
        "q14",
        "The same deal, played with stick the dealer: the first seven players pass in round 2. How many "
        "different suits may East, the dealer, name now?",
        ("R4.1", "R4.3"),
        same_number(
            len(_stuck_suits),
            why=(
                f"The dealer may not pass and must name a suit, any but the turned-down "
                f"{_round_2.turned_down.plural}: {', '.join(s.plural for s in _stuck_suits)} (R4.1, R4.3)."
            ),
        ),
        wrong=4,
    ),
    Exercise(
        "q15",
        "The same deal under the standard rules: all four pass in round 2 too. The hand is thrown in. "
        "Who deals the next hand? Answer with a seat.",
        ("R2.3", "R4.2"),
        _seat_answer(
            _thrown.dealer.left,
            why=(
                f"A thrown-in hand scores nothing, and the deal passes to the left as after every hand: "
                f"from East to {_thrown.dealer.left.word} (R4.2, R2.3)."
            ),
        ),
        wrong="E",
    ),
]

SHEET = Checker("cards-and-bidding", "Cards and bidding (lessons 01-04)", _EXERCISES)
"""The sheet's questions; ``euchre_learn.classroom.exercises.checker("cards-and-bidding")`` returns it."""
