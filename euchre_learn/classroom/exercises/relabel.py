"""Graded copies with questions of their own: the same sheet with its suits and seats renamed.

Euchre does not change when two suits of one colour trade names (♠ and ♣, or ♥ and ♦: the left
bower stays the jack of the same colour) or when every seat moves two places (North and South
trade, East and West trade: the partnerships stay). A :class:`Relabel` is one such renaming;
applied to a sheet's text, its deals and its solutions, it gives a sheet whose every deal and
right answer differs from the published ones in ``exercises/solutions/``, and applied to a
learner's answer it gives back the answer to the published question, which the sheet's own
checker grades. A renaming is its own inverse, so the one method goes both ways.

>>> r = Relabel.parse("black-red-turn")
>>> r.text("North deals and turns up the J♠; 'N' holds 'JH' (Spades are trump, Suit.HEARTS)")
"South deals and turns up the J♣; 'S' holds 'JD' (Clubs are trump, Suit.DIAMONDS)"
>>> r.text("North-South 4, East-West 6"), r.answer(" west "), r.answer("js", "card"), r.answer("H", "suit")
('North-South 4, East-West 6', ' east ', 'jC', 'D')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from euchre_learn.engine.cards import Card, InvalidCardError, Seat, Suit

__all__ = ["VARIANTS", "Relabel"]

VARIANTS = ("black", "red", "black-red", "turn", "black-turn", "red-turn", "black-red-turn")
"""The renamings, by name: which suit pairs trade names, and whether the seats turn by two."""

_SEAT_WORDS = {"north": "south", "south": "north", "east": "west", "west": "east"}
_SEAT_LISTS = ("`'N'`, `'E'`, `'S'` or `'W'`", "`'N'`, `'E'`, `'S'`, `'W'`")


def _cased(word: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return word.upper()
    if like[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


@dataclass(frozen=True)
class Relabel:
    """Trade ♠/♣ (``black``), ♥/♦ (``red``), and turn the seats by two (``turn``)."""

    black: bool = False
    red: bool = False
    turn: bool = False

    @classmethod
    def parse(cls, name: str) -> Relabel:
        """One of :data:`VARIANTS`."""
        if name not in VARIANTS:
            raise ValueError(f"{name[:30]!r} is not a renaming: choose one of {', '.join(VARIANTS)}")
        parts = name.split("-")
        return cls("black" in parts, "red" in parts, "turn" in parts)

    @classmethod
    def for_course(cls, course_id: str) -> Relabel:
        """The renaming a course's graded copies use, fixed by its id: one that turns the seats
        and renames at least one suit pair, so that most answers change."""
        strong = [v for v in VARIANTS if v.endswith("-turn")]
        return cls.parse(strong[sum(course_id.encode("utf-8")) % len(strong)])

    @property
    def name(self) -> str:
        return "-".join(p for p, on in (("black", self.black), ("red", self.red), ("turn", self.turn)) if on)

    def _pairs(self) -> dict[str, str]:
        pairs: dict[str, str] = {}
        if self.black:
            pairs.update({"♠": "♣", "♣": "♠", "S": "C", "C": "S", "spade": "club", "club": "spade"})
        if self.red:
            pairs.update({"♥": "♦", "♦": "♥", "H": "D", "D": "H", "heart": "diamond", "diamond": "heart"})
        return pairs

    def text(self, text: str) -> str:
        """Prose or code with the suits and seats renamed: symbols, words ("spades", "Hearts",
        ``Suit.CLUBS``), cards written with a letter in quotes (``'JS'``), seat words, seats in
        quotes (``'N'``) and ``Seat.N``; the partnerships' names stay."""
        kept = {}  # the sheets' list of the seats, "'N', 'E', 'S' or 'W'", is not a question: it stays
        for i, listing in enumerate(_SEAT_LISTS):
            if listing in text:
                kept[f"\x00{i}\x00"] = listing
                text = text.replace(listing, f"\x00{i}\x00")
        text = self._text(text)
        for mark, listing in kept.items():
            text = text.replace(mark, listing)
        return text

    def _text(self, text: str) -> str:
        pairs = self._pairs()
        symbols = "".join(s for s in "♠♣♥♦" if s in pairs)
        if symbols:
            text = re.sub(f"[{symbols}]", lambda m: pairs[m.group()], text)
        words = [w for w in ("spade", "club", "heart", "diamond") if w in pairs]
        if words:
            text = re.sub(
                rf"\b({'|'.join(words)})(s?)\b",
                lambda m: _cased(pairs[m.group(1).lower()], m.group(1)) + m.group(2),
                text,
                flags=re.IGNORECASE,
            )
            letters = "".join(s for s in "SCHD" if s in pairs)
            text = re.sub(
                rf"(?<=['\"])(10|[2-9TJQKA])([{letters}])(?=['\"])",
                lambda m: m.group(1) + pairs[m.group(2)],
                text,
            )
        if self.turn:
            text = re.sub(
                r"\b(north|south|east|west)\b",
                lambda m: _cased(_SEAT_WORDS[m.group().lower()], m.group()),
                text,
                flags=re.IGNORECASE,
            )
            text = re.sub(  # the partnerships keep their names: "North-South", not "South-North"
                r"\b(south|west)(\s*[-–]\s*)(north|east)\b",
                lambda m: m.group(3) + m.group(2) + m.group(1),
                text,
                flags=re.IGNORECASE,
            )
            text = re.sub(r"(?<=['\"])([NESW])(?=['\"])", lambda m: _turn_letter(m.group()), text)
            text = re.sub(r"\bSeat\.([NESW])\b", lambda m: f"Seat.{_turn_letter(m.group(1))}", text)
        return text

    def answer(self, answer: Any, kind: str = "text") -> Any:
        """A learner's answer renamed, read as the question reads it (``kind``: ``'card'``,
        ``'cards'``, ``'suit'``, ``'text'`` for a seat or a word; anything else, a number or a
        function, stays as it is): text, a card, a suit, a seat, or a list of them."""
        if kind not in ("card", "cards", "suit", "text"):
            return answer
        pairs = self._pairs()
        if isinstance(answer, str):
            bare = answer.strip()
            if kind == "text" and self.turn and bare.upper() in ("N", "E", "S", "W"):
                return answer.replace(bare, _turn_letter(bare.upper()))
            if kind == "suit" and bare.upper() in pairs:
                return answer.replace(bare, pairs[bare.upper()])
            if kind in ("card", "cards"):
                answer = re.sub(
                    r"(?i)(?<![A-Za-z0-9])(10|[2-9tjqka])([cdhs])(?![A-Za-z0-9])",
                    lambda m: m.group(1) + pairs.get(m.group(2).upper(), m.group(2).upper()),
                    answer,
                )
            return self.text(answer)
        if isinstance(answer, Card):
            try:
                return Card.parse(self.text(str(answer)))
            except InvalidCardError:
                return answer
        if isinstance(answer, Suit):
            return Suit[self.text(answer.name)]
        if isinstance(answer, Seat):
            return Seat[_turn_letter(answer.name)] if self.turn else answer
        if isinstance(answer, (list, tuple)):
            mapped = [self.answer(a, kind) for a in answer]
            if isinstance(answer, list):
                return mapped
            return type(answer)(mapped) if _rebuilds(answer) else tuple(mapped)
        return answer


def _turn_letter(letter: str) -> str:
    return {"N": "S", "S": "N", "E": "W", "W": "E"}[letter]


def _rebuilds(value: tuple[Any, ...]) -> bool:
    try:
        type(value)(list(value))
    except Exception:  # a named tuple or a class that takes other arguments
        return False
    return True
