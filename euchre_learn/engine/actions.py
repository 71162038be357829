"""Actions: what a seat says or does, as a small integer inside and an :class:`Action` outside.

The ids, by kind, are the action vocabulary in :mod:`euchre_learn.engine.act` (``act.PLAY + c``).
:meth:`Action.parse` reads the texts; public entry points (``Hand.apply``, ``Table.act``, ...)
parse once, and below them only :class:`Action` (or its id) travels.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from euchre_learn.engine import act
from euchre_learn.engine.cards import Card, InvalidCardError, Suit
from euchre_learn.engine.errors import quote

__all__ = ["Action", "Actions"]

_FIXED = {
    act.PASS: "pass",
    act.ORDER_UP: "order up",
    act.ORDER_UP_ALONE: "order up alone",
    act.DEFEND_ALONE: "defend alone",
    act.TAKE: "take",
    act.DECLINE: "decline",
}
_SYNONYMS = {
    "pass": act.PASS,
    "order up": act.ORDER_UP,
    "order it up": act.ORDER_UP,
    "assist": act.ORDER_UP,
    "pick up": act.ORDER_UP,
    "pick it up": act.ORDER_UP,
    "take it up": act.ORDER_UP,
    "take up": act.ORDER_UP,
    "order up alone": act.ORDER_UP_ALONE,
    "order it up alone": act.ORDER_UP_ALONE,
    "assist alone": act.ORDER_UP_ALONE,
    "pick up alone": act.ORDER_UP_ALONE,
    "pick it up alone": act.ORDER_UP_ALONE,
    "take it up alone": act.ORDER_UP_ALONE,
    "take up alone": act.ORDER_UP_ALONE,
    "defend alone": act.DEFEND_ALONE,
    "take": act.TAKE,
    "decline": act.DECLINE,
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
        if type(id) is int and 0 <= id < act.N_ACTIONS:  # not ACTIONS[-1], which is a real action
            return ACTIONS[id]
        raise ValueError(f"{quote(id)} is not an action id: expected 0 to {act.N_ACTIONS - 1}")

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
        if i in (act.ORDER_UP, act.ORDER_UP_ALONE):
            return "order up"
        if i in _FIXED:
            return _FIXED[i]
        if i < act.NAME:
            return "call"
        if i < act.DEFEND_ALONE:
            return "name"
        if i < act.GIVE:
            return "discard"
        return "give" if i < act.PLAY else "play"

    @property
    def alone(self) -> bool:
        """True for 'order up alone' and 'call … alone'."""
        return self.id == act.ORDER_UP_ALONE or act.CALL_ALONE <= self.id < act.NAME

    @property
    def suit(self) -> Suit | None:
        """The suit of a call or a Benny naming."""
        if act.CALL <= self.id < act.DEFEND_ALONE:
            return Suit((self.id - act.CALL) % 4)
        return None

    @property
    def card(self) -> Card | None:
        """The card of a discard, a railroad give, or a play."""
        if self.id >= act.DISCARD:
            return Card((self.id - act.DISCARD) % 25)
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
                    base = act.NAME if verb == "name" else act.CALL_ALONE if alone else act.CALL
                    return ACTIONS[base + Suit.parse(arg)]
                if alone:
                    raise ValueError
                base = {"discard": act.DISCARD, "give": act.GIVE, "play": act.PLAY}[verb]
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
        if i < act.CALL_ALONE:
            return f"call {Suit(i - act.CALL).symbol}"
        if i < act.NAME:
            return f"call {Suit(i - act.CALL_ALONE).symbol} alone"
        if i < act.DEFEND_ALONE:
            return f"name {Suit(i - act.NAME).symbol}"
        return f"{self.kind} {Card((i - act.DISCARD) % 25)}"

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


ACTIONS: tuple[Action, ...] = tuple(Action._make(i) for i in range(act.N_ACTIONS))
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
