"""Trump logic: pure functions of (card, trump), each rule with one home (R1.3, R1.4, R6.2, R6.3).

A card never changes; the left bower is a question asked of it. Everything in the
project (the engine, explanations, quizzes, bots, the solver) asks these functions or the
tables under them, which work on card indices and bitmasks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from euchre_learn.engine.cards import BENNY_INDEX, Card, Cards, InvalidCardError, Rank, Suit, cards
from euchre_learn.engine.errors import EuchreError, quote, type_error

__all__ = [
    "DuplicateCardError",
    "effective_suit",
    "is_trump",
    "left_bower",
    "legal_plays",
    "right_bower",
    "trick_winner",
    "trump_order",
]

JACK = Rank.JACK

# ---- tables on card indices (0-23, the Benny is 24), one row per trump suit -------------
# EFFECTIVE[t][c]: the suit card c plays as with t trump.
# SUIT_MASK[t][s]: bitmask of the cards that play as suit s.
# POWER[t][c]: strength inside its effective suit (trumps 10-16, off-suit cards 0-5).
# LEFT[t]: the left bower's index, the jack of trump's colour (R1.2).

LEFT: tuple[int, ...] = tuple((3 - t) * 6 + JACK for t in range(4))


def _build() -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    effective, suit_mask, power = [], [], []
    for t in range(4):
        left = LEFT[t]
        eff = [c // 6 for c in range(24)] + [t]
        eff[left] = t
        pw = [c % 6 for c in range(24)] + [0]
        # trump order, low to high: 9 10 Q K A, left bower, right bower, Benny (R1.3)
        order = [t * 6 + r for r in (0, 1, 3, 4, 5)] + [left, t * 6 + JACK, BENNY_INDEX]
        for strength, card in enumerate(order):
            pw[card] = 10 + strength
        masks = [0, 0, 0, 0]
        for c in range(25):
            masks[eff[c]] |= 1 << c
        effective.append(eff)
        suit_mask.append(masks)
        power.append(pw)
    return effective, suit_mask, power


EFFECTIVE, SUIT_MASK, POWER = _build()


def legal_mask(holding: int, trump: int, led: int) -> int:
    """Bitmask of the legal plays from ``holding``; ``led`` is the card led or -1 (R6.2)."""
    if led < 0:
        return holding
    follow = holding & SUIT_MASK[trump][EFFECTIVE[trump][led]]
    return follow or holding


def _build_keys() -> list[list[tuple[int, ...]]]:
    """``TRUMP_KEYS[trump][led suit][c]``: how strongly card ``c`` plays in a trick led in that suit:
    100 and up for a trump, its power for the suit led, -1 for a card that cannot win. Row -1 (the
    fifth) is ``trump = -1``: no trump, as :func:`winner_index` always read it."""
    rows = []
    for t in (0, 1, 2, 3, -1):
        eff, power = EFFECTIVE[t], POWER[t]
        rows.append(
            [
                tuple(100 + power[c] if eff[c] == t else power[c] if eff[c] == s else -1 for c in range(25))
                for s in range(4)
            ]
        )
    return rows


TRUMP_KEYS = _build_keys()


def winner_index(played: Sequence[int], trump: int) -> int:
    """Index into ``played`` of the winning card: highest trump, else highest of the suit led (R6.3)."""
    keys = TRUMP_KEYS[trump][EFFECTIVE[trump][played[0]]]
    strength = tuple(map(keys.__getitem__, played))
    return strength.index(max(strength))


# ---- the public, readable functions ------------------------------------------------------


def _trump(trump: Suit | str) -> Suit:
    return Suit.parse(trump)


def right_bower(trump: Suit | str) -> Card:
    """The jack of trump, the highest card in the deck without a Benny (R1.3).

    >>> right_bower(Suit.HEARTS)
    Card.parse('J♥')
    """
    return Card(_trump(trump) * 6 + JACK)


def left_bower(trump: Suit | str) -> Card:
    """The jack of *next*, the same-colour suit: second-highest trump (R1.3).

    >>> left_bower(Suit.HEARTS)
    Card.parse('J♦')
    """
    return Card(_trump(trump).next * 6 + JACK)


def effective_suit(card: Card | str, trump: Suit | str) -> Suit:
    """The suit a card plays as: its printed suit, but trump for the left bower and the Benny.

    >>> effective_suit('J♦', Suit.HEARTS), effective_suit('J♦', Suit.SPADES)
    (<Suit.HEARTS: 2>, <Suit.DIAMONDS: 1>)
    """
    return Suit(EFFECTIVE[_trump(trump)][Card.parse(card).index])


def is_trump(card: Card | str, trump: Suit | str) -> bool:
    """True when the card plays as trump (R1.3): trump suit, left bower, or the Benny.

    >>> is_trump('J♦', 'hearts'), is_trump('A♦', 'hearts')
    (True, False)
    """
    t = _trump(trump)
    return EFFECTIVE[t][Card.parse(card).index] == t


def trump_order(trump: Suit | str, *, benny: bool = False) -> Cards:
    """The trumps, highest first (R1.3).

    >>> trump_order('hearts')
    cards('J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥')
    """
    t = _trump(trump)
    ranked = sorted((c for c in range(25 if benny else 24) if EFFECTIVE[t][c] == t), key=lambda c: -POWER[t][c])
    return Cards(Card(c) for c in ranked)


def legal_plays(holding: Iterable[Card | str], trump: Suit | str, led: Card | str | None = None) -> Cards:
    """The cards of ``holding`` that may be played, in holding order (R6.2).

    Follow the *effective* suit led if you can; otherwise play anything.

    >>> from euchre_learn import cards
    >>> legal_plays(cards('J♦ A♦ K♣'), 'hearts', led='9♥')      # RULES §11.1
    cards('J♦')
    >>> legal_plays(cards('A♦ J♦ 9♣'), 'hearts', led='K♦')      # RULES §11.2
    cards('A♦')
    """
    t = _trump(trump)
    held = _cards(holding, "legal_plays(holding)", "the cards held, as text such as 'J♦ A♦ K♣' or cards")
    mask = _once(held, "legal_plays(holding)")
    lead = None if led is None else Card.parse(led)
    if lead is not None and mask >> lead.index & 1:
        raise DuplicateCardError(
            f"legal_plays: the {lead} is led and also in the holding ({quote(str(held))}): "
            "the card led was played by another seat, so it cannot be held"
        )
    ok = legal_mask(mask, t, -1 if lead is None else lead.index)
    return Cards(c for c in held if ok >> c.index & 1)


def trick_winner(played: Sequence[Card | str], trump: Suit | str) -> int:
    """Index into ``played`` (``played[0]`` was led) of the card that wins the trick (R6.3).

    >>> from euchre_learn import cards
    >>> trick_winner(cards('Q♠ J♠ 10♠ A♦'), 'hearts')           # RULES §11.5
    0
    >>> trick_winner(cards('K♦ A♦ J♦ 9♣'), 'hearts')            # RULES §11.6
    2
    """
    played = _cards(
        played, "trick_winner(played)", "the cards of the trick in play order, as text such as 'Q♠ J♠' or cards"
    )
    if not 1 <= len(played) <= 4:
        raise ValueError(f"a trick holds 1 to 4 cards, not {len(played)}")
    _once(played, "trick_winner(played)")
    return winner_index([c.index for c in played], _trump(trump))


class DuplicateCardError(EuchreError):
    """The same card twice where each card can be only once (a trick, a holding).

    >>> from euchre_learn import cards
    >>> trick_winner(cards('9♠ 9♠'), 'hearts')
    Traceback (most recent call last):
    ...
    euchre_learn.engine.trump.DuplicateCardError: trick_winner(played): the 9♠ is there twice (9♠ 9♠): a deck holds each card once
    """


def _cards(value: object, argument: str, accepts: str) -> Cards:
    """``value`` read as cards (text or an iterable of cards), or the error naming ``argument``."""
    if not isinstance(value, (str, Iterable)) or isinstance(value, (bytes, bytearray, Card)):
        raise type_error(argument, value, accepts)
    try:
        return cards(value)
    except InvalidCardError as err:
        raise InvalidCardError(f"{argument}: {err}") from None


def _once(items: Cards, argument: str) -> int:
    """The bitmask of ``items``, refusing a card that is there twice."""
    mask = 0
    for c in items:
        if mask >> c.index & 1:
            raise DuplicateCardError(
                f"{argument}: the {c} is there twice ({quote(str(items))}): a deck holds each card once"
            )
        mask |= 1 << c.index
    return mask
