"""The deal: seeds, the cards a deal is given as, and the one check that a deal is whole
(every card of the deck once), shared by :meth:`Hand.from_cards <euchre_learn.Hand.from_cards>`
and :func:`~euchre_learn.replay`'s records, each in its own words.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from euchre_learn.engine.cards import Card, Cards, InvalidCardError, cards, deck
from euchre_learn.engine.errors import EuchreTypeError, type_error
from euchre_learn.engine.rules import Rules

__all__ = ["DealCheck", "read_card", "read_cards", "seed_text", "seeded_random"]


def read_cards(value: str | Iterable[Card | str], where: str, argument: str | None = None) -> Cards:
    """``cards(value)``, the error naming ``where`` (and ``argument`` for a value of the wrong type)."""
    try:
        return cards(value)
    except EuchreTypeError:
        raise type_error(
            argument or where, value, "cards as text such as '9♠ 10♠ J♥ Q♦ A♣' or an iterable of cards"
        ) from None
    except InvalidCardError as err:
        raise InvalidCardError(f"{where}: {err}") from None


_SEED_TYPES = (int, float, str, bytes, bytearray)


def seeded_random(seed: Any) -> random.Random:
    """``random.Random(seed)``; a seed that ``random`` does not take (a list, a tuple) is used
    by its text, as :class:`~euchre_learn.Game` uses every seed, so any seed deals.

    >>> seeded_random([1]).random() == seeded_random('[1]').random()
    True
    """
    if isinstance(seed, str):
        try:
            return random.Random(seed)
        except UnicodeEncodeError:  # a lone surrogate: still text, and still a seed
            return random.Random(seed.encode("utf-8", "surrogatepass"))
    if seed is None or isinstance(seed, _SEED_TYPES):
        return random.Random(seed)
    return seeded_random(seed_text(seed))


def seed_text(seed: Any) -> str:
    """``str(seed)``, or an ``EuchreTypeError`` when the seed has no text form (its ``str``
    fails, or it is nested too deep to write out)."""
    try:
        return str(seed)
    except Exception:
        raise type_error("seed", seed, "None, a number, text, or a value with a text form such as [1, 2]") from None


def read_card(value: Card | str, where: str) -> Card:
    """``Card.parse(value)``, the error naming ``where``."""
    try:
        return Card.parse(value)
    except InvalidCardError as err:
        raise InvalidCardError(f"{where}: {err}") from None


class DealCheck:
    """Every card of a deal once, and only cards of this deck (R1.1, R2.2): :meth:`place` each
    holding, the upcard and the kitty in turn; the first card out of place raises ``error``
    naming where it is and where it was dealt before. ``benny_rules``: how the message names the
    rules that put the Benny in play (``"Rules(benny=...)"``).

    >>> from euchre_learn import Rules, cards
    >>> check = DealCheck(Rules(), ValueError, "Rules(benny=...)")
    >>> check.place("seat N", cards("9♠ 10♠"))
    >>> check.place("seat E", cards("A♥ 9♠"))
    Traceback (most recent call last):
    ...
    ValueError: the 9♠ is dealt twice: to seat N and to seat E
    """

    def __init__(self, rules: Rules, error: type[Exception], benny_rules: str) -> None:
        self._deck = deck(rules)
        self._in_deck = set(self._deck)
        self._seen: dict[Card, str] = {}
        self._error = error
        self._benny_rules = benny_rules

    def place(self, where: str, held: Iterable[Card], verb: str = "holds") -> None:
        """Deal ``held`` to ``where`` ("seat N holds the ..."; ``verb="is"`` for the upcard)."""
        for card in held:
            if card not in self._in_deck:
                raise self._error(
                    f"{where} {verb} the {card}, which is not in this deck"
                    + (f": the Benny is only in play with {self._benny_rules} (R1.1)" if card.is_benny else "")
                )
            if card in self._seen:
                raise self._error(f"the {card} is dealt twice: to {self._seen[card]} and to {where}")
            self._seen[card] = where

    def rest(self) -> list[Card]:
        """The cards of the deck not dealt yet, in deck order."""
        return [c for c in self._deck if c not in self._seen]

    def kitty(self, where: str, held: Cards) -> None:
        """Deal the kitty: exactly the cards left."""
        rest = self.rest()
        self.place(where, held)
        if len(held) != len(rest):
            raise self._error(
                f"{where} must hold the {len(rest)} cards left face down, not {len(held)}: "
                f"missing {' '.join(str(c) for c in rest if c not in held)}"
            )
