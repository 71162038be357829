"""A naive model of Euchre's card rules, written from the words of RULES.md for the tests.

It reads each card's printed text ('J♠', 'Benny') and never the engine's tables, so that the
engine's trump logic can be checked against something built another way.

- R1.2: clubs and spades are black, diamonds and hearts red; *next* is the other suit of
  trump's colour.
- R1.3: trumps high to low are the Benny, the J of trump, the J of next, then A K Q 10 9.
- R1.4: off suits rank A K Q J 10 9, except next, which has lost its jack.
- R6.2: follow the effective suit led if able, else play anything.
- R6.3: the highest trump wins, else the highest card of the suit led.
- R3.2: the dealer who took the upcard up discards any card but the upcard; with the option
  ``dealer_may_discard_upcard``, any card at all.
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre_learn import Card

SYMBOLS = "♣♦♥♠"
COLOUR = {"♣": "black", "♠": "black", "♦": "red", "♥": "red"}


def ref_next(symbol: str) -> str:
    """The other suit of the same colour."""
    return next(s for s in SYMBOLS if s != symbol and COLOUR[s] == COLOUR[symbol])


def split(card: Card) -> tuple[str, str]:
    """(rank text, suit symbol) read from the card's printed text: 'J♠' -> ('J', '♠')."""
    text = str(card)
    if text == "Benny":
        return "Benny", ""
    return text[:-1], text[-1]


def ref_suit(card: Card, trump: str) -> str:
    """The suit the card plays as, with ``trump`` (a symbol) trump."""
    rank, suit = split(card)
    if rank == "Benny":
        return trump
    if rank == "J" and suit == ref_next(trump):
        return trump
    return suit


def ref_strength(card: Card, trump: str) -> int:
    """Higher is stronger inside a suit; every trump is stronger than every other card."""
    rank, suit = split(card)
    trumps_high_to_low = ["Benny", "J" + trump, "J" + ref_next(trump)] + [r + trump for r in ("A", "K", "Q", "10", "9")]
    name = "Benny" if rank == "Benny" else rank + suit
    if name in trumps_high_to_low:
        return 100 - trumps_high_to_low.index(name)
    return 10 - ["A", "K", "Q", "J", "10", "9"].index(rank)


def ref_legal(holding: Sequence[Card], trump: str, led: Card | None) -> list[Card]:
    """The cards of ``holding`` that may be played to a trick led by ``led``."""
    if led is None:
        return list(holding)
    follow = [c for c in holding if ref_suit(c, trump) == ref_suit(led, trump)]
    return follow or list(holding)


def ref_discards(holding: Sequence[Card], upcard: Card, may_discard_upcard: bool) -> list[Card]:
    """The dealer's legal discards after taking ``upcard`` up (``holding`` has it): R3.2."""
    return [c for c in holding if may_discard_upcard or str(c) != str(upcard)]


def ref_winner(played: Sequence[Card], trump: str) -> int:
    """Index of the winning card; ``played[0]`` was led."""
    led_suit = ref_suit(played[0], trump)
    best, best_key = -1, -1
    for i, card in enumerate(played):
        suit = ref_suit(card, trump)
        if suit == trump:
            key = 1000 + ref_strength(card, trump)
        elif suit == led_suit:
            key = ref_strength(card, trump)
        else:
            continue  # a discard never wins
        if key > best_key:
            best, best_key = i, key
    return best
