"""Where the EGN reader is in a file, for its error messages (:class:`Where`), and EGN's cards
(:func:`parse_card`)."""

from __future__ import annotations

from typing import Any

from euchre_learn.engine.cards import Card
from euchre_learn.engine.egn.model import EgnError, split_label
from euchre_learn.engine.errors import quote

__all__ = ["Where", "parse_card"]

_SUITS = "cdhs"  # our suit order: ♣ ♦ ♥ ♠
_RANKS = "9tjqka"


def parse_card(text: object) -> Card:
    """An EGN card (``'Td'``, ``'Jc'``: rank then suit letter, either case) as a :class:`Card`;
    anything else raises ``ValueError`` saying why.

    >>> parse_card('Td'), parse_card('AS')
    (Card.parse('10♦'), Card.parse('A♠'))
    """
    if not isinstance(text, str):
        raise ValueError(f"{quote(text)} is not a card: expected text such as 'Td' or 'Jc'")
    if text in ("L", "R"):
        raise ValueError(f"{quote(text)} names a bower without its suit: expected the card itself, e.g. 'Jc'")
    if text == "B":
        raise ValueError("'B' is EGN's joker (the Benny): euchre_learn does not read EGN's joker games")
    if (len(text) == 2 and text[0].upper() == "X") or text[-1:] in ("x", "X"):
        raise ValueError(f"{quote(text)} is an unknown card: a deal can only be replayed with every card played named")
    if len(text) != 2 or text[0].lower() not in _RANKS or text[1].lower() not in _SUITS:
        extra = " (7s and 8s are only in EGN's min_rank 7 games)" if text[:1] in ("7", "8") else ""
        raise ValueError(
            f"{quote(text)} is not a card: expected a rank 9 T J Q K A then a suit c d h s, e.g. 'Td'{extra}"
        )
    return Card(_SUITS.index(text[1].lower()) * 6 + _RANKS.index(text[0].lower()))


class Where:
    """One file's reading: the file and the deal being read, named by every error."""

    def __init__(self, file: str | None) -> None:
        self.file = file
        self.deal: int | None = None

    def error(self, field: str, problem: str) -> EgnError:
        return EgnError(problem, file=self.file, deal=self.deal, field=field)

    def card(self, field: str, value: object) -> Card:
        try:
            return parse_card(value)
        except ValueError as err:
            raise self.error(field, str(err)) from None

    def cards(self, field: str, value: object) -> list[Card]:
        if not isinstance(value, list):
            raise self.error(field, f'{quote(value)} is not a list of cards: expected e.g. ["Td", "Jc"]')
        return [self.card(f"{field}[{i}]", v) for i, v in enumerate(value)]

    def integer(self, field: str, value: object, low: int, high: int, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.error(field, f"{quote(value)} is not {what}")
        return value

    def mapping(self, field: str, value: object, keys: set[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(field, f"{quote(value)} is not a JSON object")
        unknown = sorted((k for k in value if k not in keys), key=str)
        if unknown:
            raise self.error(
                f"{field}.{unknown[0]}", f"unknown field {quote(unknown[0])}: expected one of {', '.join(sorted(keys))}"
            )
        return value

    def annotations(
        self, field: str, value: object, limit: int, offset: int
    ) -> dict[int, list[tuple[str | None, str]]]:
        """``{"3": ["[!]text"]}`` as ``{offset + 3: [('!', 'text')]}``; keys must be under ``limit``."""
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self.error(
                field, f'{quote(value)} is not an object of annotations, e.g. {{"3": ["[!]Strong order"]}}'
            )
        out: dict[int, list[tuple[str | None, str]]] = {}
        for key, notes in value.items():
            if not (isinstance(key, str) and key.isdigit()):
                raise self.error(f"{field}.{key}", f'the key {quote(key)} is not an action number such as "3"')
            k = int(key)
            if k >= limit:
                raise self.error(
                    f"{field}.{key}", f"annotates action {k}, but there are only {limit} (numbered from 0)"
                )
            if isinstance(notes, str):
                notes = [notes]
            if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
                raise self.error(f"{field}.{key}", f"{quote(notes)} is not a list of annotation texts")
            out[offset + k] = [split_label(n) for n in notes]
        return out
