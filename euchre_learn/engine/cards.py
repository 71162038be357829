"""Cards, suits, ranks, seats and teams (RULES.md §1).

Outside, a card is a small immutable :class:`Card`; inside, it is an integer index
``suit * 6 + rank`` (0-23, and 24 for the Benny), so that a holding is a bitmask.
The 25 ``Card`` objects are made once and shared, as python-chess shares its squares.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import Any, SupportsIndex, overload

from euchre_learn.engine.errors import EuchreError, quote, type_error
from euchre_learn.engine.rules import Rules

__all__ = [
    "BENNY_INDEX",
    "Card",
    "Cards",
    "InvalidCardError",
    "Rank",
    "Seat",
    "Suit",
    "Team",
    "cards",
    "deck",
    "deck_mask",
]

BENNY_INDEX = 24


class InvalidCardError(EuchreError):
    """Text that does not name a card, such as ``'J♣♣'`` or ``'1H'``.

    >>> Card.parse('1H')
    Traceback (most recent call last):
    ...
    euchre_learn.engine.cards.InvalidCardError: '1H' is not a card: ...
    """


class Suit(enum.IntEnum):
    """The four suits, in bridge order.

    >>> Suit.HEARTS.symbol, Suit.HEARTS.letter, Suit.HEARTS.color, Suit.HEARTS.next
    ('♥', 'H', 'red', <Suit.DIAMONDS: 1>)
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def color(self) -> str:
        """``'black'`` for clubs and spades, ``'red'`` for diamonds and hearts (R1.2)."""
        return "red" if self in (Suit.DIAMONDS, Suit.HEARTS) else "black"

    @property
    def next(self) -> Suit:
        """The other suit of the same colour, called *next* (R1.2)."""
        return Suit(3 - self)

    @property
    def plural(self) -> str:
        """The suit's name in plain words, e.g. ``'hearts'``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """A suit from its symbol, letter or name: ``'♥'``, ``'H'``, ``'hearts'``, ``'heart'``.

        >>> Suit.parse('hearts'), Suit.parse('♠')
        (<Suit.HEARTS: 2>, <Suit.SPADES: 3>)
        """
        if isinstance(text, Suit):
            return text
        suit = _SUIT_WORDS.get(text.strip().lower()) if isinstance(text, str) else None
        if suit is None:
            raise InvalidCardError(
                f"{quote(text)} is not a suit: use a symbol (♣ ♦ ♥ ♠), a letter (C D H S) "
                "or a name (clubs, diamonds, hearts, spades)"
            )
        return suit

    def __str__(self) -> str:
        return self.symbol


_SUIT_WORDS: dict[str, Suit] = {}
for _s in Suit:
    for _word in (_s.symbol, _s.letter.lower(), _s.plural, _s.plural[:-1]):
        _SUIT_WORDS[_word] = _s
_SUIT_WORDS.update({"♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♤": Suit.SPADES, "♧": Suit.CLUBS})


class Rank(enum.IntEnum):
    """The six ranks of the Euchre deck, low to high in an off suit (R1.1)."""

    NINE = 0
    TEN = 1
    JACK = 2
    QUEEN = 3
    KING = 4
    ACE = 5

    @property
    def text(self) -> str:
        """``'9'``, ``'10'``, ``'J'``, ``'Q'``, ``'K'`` or ``'A'``."""
        return ("9", "10", "J", "Q", "K", "A")[self]

    @property
    def word(self) -> str:
        """The rank in words: ``'nine'`` … ``'ace'``."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.text


_RANK_WORDS = {"9": 0, "10": 1, "t": 1, "j": 2, "q": 3, "k": 4, "a": 5}


class Card:
    """One card, immutable and hashable; ordered by suit (♣ ♦ ♥ ♠) then rank.

    There are 25 ``Card`` objects in all, shared by everyone: the 24 of the deck and the
    Benny (R1.1). Build them with :meth:`parse` or :func:`cards`.

    >>> Card.parse('J♠')
    Card.parse('J♠')
    >>> str(Card.parse('10h')), Card.parse('TH') == Card.parse('10♥')
    ('10♥', True)
    >>> Card.parse('Js').suit, Card.parse('Js').rank
    (<Suit.SPADES: 3>, <Rank.JACK: 2>)
    """

    __slots__ = ("index",)
    index: int

    def __new__(cls, index: int) -> Card:
        if type(index) is int and 0 <= index <= BENNY_INDEX:  # not _CARDS[-1]: that is the Benny
            return _CARDS[index]
        raise InvalidCardError(f"{quote(index)} is not a card index: expected 0 to 24")

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        return card

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.index,))

    @property
    def is_benny(self) -> bool:
        """True for the Benny, the extra card of the UK deck (R1.1)."""
        return self.index == BENNY_INDEX

    @property
    def suit(self) -> Suit | None:
        """The printed suit (``None`` for the Benny). For the suit a card *plays as*,
        ask :func:`euchre_learn.effective_suit`."""
        return None if self.index == BENNY_INDEX else Suit(self.index // 6)

    @property
    def rank(self) -> Rank | None:
        """The printed rank (``None`` for the Benny)."""
        return None if self.index == BENNY_INDEX else Rank(self.index % 6)

    @property
    def name(self) -> str:
        """The card in words: ``'jack of spades'``, ``'the Benny'``."""
        if self.index == BENNY_INDEX:
            return "the Benny"
        return f"{Rank(self.index % 6).word} of {Suit(self.index // 6).plural}"

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card: rank then suit, as ``'J♠'``, ``'JS'``, ``'js'``, ``'10♥'``, ``'TH'``,
        ``'t♥'`` or ``'10h'``; the Benny as ``'Benny'``, ``'joker'`` or ``'2♠'``.

        >>> Card.parse('t♥'), Card.parse('joker')
        (Card.parse('10♥'), Card.parse('Benny'))
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidCardError(f"{quote(text)} is not a card: expected text such as 'J♠' or '10H'")
        key = text.strip().lower()
        if key in ("benny", "joker", "2♠", "2s", "2♤"):
            return _CARDS[BENNY_INDEX]
        match = re.fullmatch(r"(10|[9tjqka])\s*(.)", key)
        if match:
            suit = _SUIT_WORDS.get(match.group(2))
            if suit is not None and len(match.group(2)) == 1:
                return _CARDS[suit * 6 + _RANK_WORDS[match.group(1)]]
        raise InvalidCardError(
            f"{quote(text)} is not a card: write the rank (9, 10 or T, J, Q, K, A) then the suit "
            "(♣ ♦ ♥ ♠ or C D H S), e.g. 'J♠', '10h' or 'TD'; the Benny is 'Benny' or 'joker'"
        )

    def __str__(self) -> str:
        if self.index == BENNY_INDEX:
            return "Benny"
        return _RANK_TEXT[self.index % 6] + "♣♦♥♠"[self.index // 6]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def _repr_html_(self) -> str:
        from euchre_learn.display import card_html

        return card_html(self)


_RANK_TEXT = ("9", "10", "J", "Q", "K", "A")
_CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(25))


class Cards(tuple[Card, ...]):
    """A tuple of cards that prints as the call that makes it: ``cards('J♠ A♥')``."""

    __slots__ = ()

    @overload
    def __getitem__(self, i: SupportsIndex) -> Card: ...
    @overload
    def __getitem__(self, i: slice) -> Cards: ...
    def __getitem__(self, i: SupportsIndex | slice) -> Card | Cards:
        if isinstance(i, slice):
            return Cards(tuple.__getitem__(self, i))
        return tuple.__getitem__(self, i)

    def __repr__(self) -> str:
        return f"cards({' '.join(map(str, self))!r})"

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def _repr_html_(self) -> str:
        from euchre_learn.display import holding_html

        return holding_html(self)


def cards(text: str | Iterable[Card | str]) -> Cards:
    """Read several cards, separated by spaces or commas.

    >>> cards("J♠ A♥, 9♦")
    cards('J♠ A♥ 9♦')
    >>> cards("")
    cards('')
    >>> cards(None)
    Traceback (most recent call last):
    ...
    euchre_learn.engine.errors.EuchreTypeError: cards(text): got None: expected text such as 'J♠ A♥ 9♦' or an iterable of cards
    """
    if isinstance(text, str):
        parts: Iterable[Card | str] = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, bytearray)):
        parts = text
    else:
        raise type_error("cards(text)", text, "text such as 'J♠ A♥ 9♦' or an iterable of cards")
    return Cards(Card.parse(p) for p in parts)


def deck(rules: Rules | str | None = None) -> Cards:
    """The cards in play, in a fixed order: ♣ ♦ ♥ ♠, 9 to A, then the Benny if used (R1.1).
    ``rules`` is a :class:`~euchre_learn.Rules`, a preset name or ``None`` (the standard rules).

    >>> len(deck()), deck()[:3], len(deck('uk'))
    (24, cards('9♣ 10♣ J♣'), 25)
    """
    n = 25 if Rules.from_value(rules, argument="deck(rules)").benny else 24
    return Cards(_CARDS[:n])


def deck_mask(rules: Rules) -> int:
    """The cards in play as a bitmask over the card indices (:func:`deck`'s cards): 24 bits, 25
    with the Benny (R1.1). The bots and the analysis read holdings against it.

    >>> bin(deck_mask(Rules())).count('1'), deck_mask(Rules.preset('uk')) == (1 << 25) - 1
    (24, True)
    """
    return (1 << 25) - 1 if rules.benny else (1 << 24) - 1


def mask_to_cards(mask: int) -> Cards:
    """The cards of a bitmask, in deck order (internal helper)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_CARDS[low.bit_length() - 1])
        mask ^= low
    return Cards(out)


def cards_to_mask(items: Iterable[Card]) -> int:
    mask = 0
    for c in items:
        mask |= 1 << c.index
    return mask


class Seat(enum.IntEnum):
    """The four seats, clockwise: North, East, South, West. Partners sit opposite.

    >>> Seat.N.left, Seat.N.partner, Seat.N.team
    (<Seat.E: 1>, <Seat.S: 2>, <Team.NS: 0>)
    """

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def left(self) -> Seat:
        """The next seat clockwise, who plays after this one."""
        return Seat((self + 1) % 4)

    @property
    def right(self) -> Seat:
        return Seat((self + 3) % 4)

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def team(self) -> Team:
        return Team(self % 2)

    @property
    def word(self) -> str:
        """``'North'``, ``'East'``, ``'South'`` or ``'West'``."""
        return ("North", "East", "South", "West")[self]

    @classmethod
    def parse(cls, text: str | int) -> Seat:
        """A seat from ``'N'``, ``'north'``, a ``Seat`` or 0-3."""
        if isinstance(text, Seat):
            return text
        if isinstance(text, int) and not isinstance(text, bool) and 0 <= text < 4:
            return Seat(text)
        key = str(text).strip().lower()[:1] if isinstance(text, str) else ""
        if isinstance(text, str) and text.strip().lower() in ("n", "e", "s", "w", "north", "east", "south", "west"):
            return Seat("nesw".index(key))
        raise ValueError(f"{quote(text)} is not a seat: expected N, E, S or W (North, East, South, West)")

    def __str__(self) -> str:
        return self.name


class Team(enum.IntEnum):
    """The two partnerships: North-South and East-West."""

    NS = 0
    EW = 1

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat(self), Seat(self + 2))

    @property
    def word(self) -> str:
        return ("North-South", "East-West")[self]

    @property
    def other(self) -> Team:
        return Team(1 - self)

    def __str__(self) -> str:
        return self.name
