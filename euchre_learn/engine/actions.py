"""Actions: what a seat says or does, as a small integer inside and an :class:`Action` outside.

Action ids (used by the core and the solver):

====== ==========================  ====== ===========================
id     action                      id     action
====== ==========================  ====== ===========================
0      pass                        16     take (railroad, the loner)
1      order up                    17     decline (railroad)
2      order up alone              18+c   discard card c
3+s    call suit s                 43+c   give card c (railroad)
7+s    call suit s alone           68+c   play card c
11+s   name suit s (Benny)
15     defend alone
====== ==========================  ====== ===========================
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from euchre_learn.engine.cards import Card, InvalidCardError, Suit
from euchre_learn.engine.errors import quote

__all__ = ["Action", "Actions"]

PASS, ORDER_UP, ORDER_UP_ALONE = 0, 1, 2
CALL, CALL_ALONE, NAME = 3, 7, 11
DEFEND_ALONE, TAKE, DECLINE = 15, 16, 17
DISCARD, GIVE, PLAY = 18, 43, 68
N_ACTIONS = 93

_FIXED = {
    PASS: "pass",
    ORDER_UP: "order up",
    ORDER_UP_ALONE: "order up alone",
    DEFEND_ALONE: "defend alone",
    TAKE: "take",
    DECLINE: "decline",
}
_SYNONYMS = {
    "pass": PASS,
    "order up": ORDER_UP,
    "order it up": ORDER_UP,
    "assist": ORDER_UP,
    "pick up": ORDER_UP,
    "pick it up": ORDER_UP,
    "take it up": ORDER_UP,
    "take up": ORDER_UP,
    "order up alone": ORDER_UP_ALONE,
    "order it up alone": ORDER_UP_ALONE,
    "assist alone": ORDER_UP_ALONE,
    "pick up alone": ORDER_UP_ALONE,
    "pick it up alone": ORDER_UP_ALONE,
    "take it up alone": ORDER_UP_ALONE,
    "take up alone": ORDER_UP_ALONE,
    "defend alone": DEFEND_ALONE,
    "take": TAKE,
    "decline": DECLINE,
}
_ACCEPTED = (
    "'pass', 'order up' (or 'assist', 'take it up'), 'order up alone', 'call ♥', 'call ♥ alone', "
    "'name ♥', 'discard 9♣', 'defend alone', 'give A♠', 'take', 'decline', 'play J♠'"
)


class Action:
    """One action, immutable and hashable; there are 93 of them, made once and shared.

    ``str(action)`` parses back, and ``repr`` pastes back:

    >>> Action.parse('call hearts alone')
    Action.parse('call ♥ alone')
    >>> str(Action.parse('Play js')), Action.parse('assist') == Action.parse('order up')
    ('play J♠', True)
    """

    __slots__ = ("id",)
    id: int

    def __new__(cls, id: int) -> Action:
        if type(id) is int and 0 <= id < N_ACTIONS:  # not ACTIONS[-1], which is a real action
            return ACTIONS[id]
        raise ValueError(f"{quote(id)} is not an action id: expected 0 to {N_ACTIONS - 1}")

    @classmethod
    def _make(cls, id: int) -> Action:
        a = object.__new__(cls)
        object.__setattr__(a, "id", id)
        return a

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Action is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.id,))

    # --- what kind of action --------------------------------------------------------------
    @property
    def kind(self) -> str:
        """One of ``'pass' 'order up' 'call' 'name' 'defend alone' 'take' 'decline' 'discard'
        'give' 'play'``."""
        i = self.id
        if i in (ORDER_UP, ORDER_UP_ALONE):
            return "order up"
        if i in _FIXED:
            return _FIXED[i]
        if i < NAME:
            return "call"
        if i < DEFEND_ALONE:
            return "name"
        if i < GIVE:
            return "discard"
        return "give" if i < PLAY else "play"

    @property
    def alone(self) -> bool:
        """True for 'order up alone' and 'call … alone'."""
        return self.id == ORDER_UP_ALONE or CALL_ALONE <= self.id < NAME

    @property
    def suit(self) -> Suit | None:
        """The suit of a call or a Benny naming."""
        if CALL <= self.id < DEFEND_ALONE:
            return Suit((self.id - CALL) % 4)
        return None

    @property
    def card(self) -> Card | None:
        """The card of a discard, a railroad give, or a play."""
        if self.id >= DISCARD:
            return Card((self.id - DISCARD) % 25)
        return None

    # --- text -----------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str | Action) -> Action:
        """Read an action: see the module docs of :mod:`euchre_learn.engine.actions` for the texts.

        >>> Action.parse('discard 9c'), Action.parse('name spades')
        (Action.parse('discard 9♣'), Action.parse('name ♠'))
        """
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ValueError(f"{quote(text)} is not an action: expected text such as {_ACCEPTED}")
        spaced = re.sub(r"\s+", " ", text.strip())
        key = spaced.lower()
        if key in _SYNONYMS:
            return ACTIONS[_SYNONYMS[key]]
        match = re.fullmatch(r"(call|name|discard|give|play) (.+?)( alone)?", spaced, re.IGNORECASE)
        if match:
            verb, arg, alone = match.groups()
            verb = verb.lower()
            try:
                if verb in ("call", "name"):
                    if alone and verb == "name":
                        raise ValueError
                    base = NAME if verb == "name" else CALL_ALONE if alone else CALL
                    return ACTIONS[base + Suit.parse(arg)]
                if alone:
                    raise ValueError
                base = {"discard": DISCARD, "give": GIVE, "play": PLAY}[verb]
                return ACTIONS[base + Card.parse(arg).index]
            except InvalidCardError as err:
                raise ValueError(f"{quote(text)} is not an action: {err}") from None
            except ValueError:
                pass
        raise ValueError(f"{quote(text)} is not an action: expected one of {_ACCEPTED}")

    def __str__(self) -> str:
        i = self.id
        if i in _FIXED:
            return _FIXED[i]
        if i < CALL_ALONE:
            return f"call {Suit(i - CALL).symbol}"
        if i < NAME:
            return f"call {Suit(i - CALL_ALONE).symbol} alone"
        if i < DEFEND_ALONE:
            return f"name {Suit(i - NAME).symbol}"
        return f"{self.kind} {Card((i - DISCARD) % 25)}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.id

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.id < other.id


ACTIONS: tuple[Action, ...] = tuple(Action._make(i) for i in range(N_ACTIONS))
"""Every action, by id: ``ACTIONS[i].id == i``."""


class Actions(tuple[Action, ...]):
    """The legal actions, printed as a learner reads them: ``(play 9♥, play J♦)``.

    ``in`` accepts text too: ``'play J♦' in hand.legal_actions()``.
    """

    __slots__ = ()

    @classmethod
    def from_ids(cls, ids: Iterable[int]) -> Actions:
        return cls(ACTIONS[i] for i in ids)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                item = Action.parse(item)
            except ValueError:
                return False
        return tuple.__contains__(self, item)

    def __repr__(self) -> str:
        return "(" + ", ".join(map(str, self)) + ")"

    def __str__(self) -> str:
        return ", ".join(map(str, self))
