"""The base of euchre_learn's errors, and how they quote what they were given."""

from __future__ import annotations

import reprlib

__all__ = ["PATH_LIMIT", "QUOTE_LIMIT", "EuchreError", "EuchreTypeError", "quote", "type_error"]


class EuchreError(ValueError):
    """A ``ValueError`` whose message teaches the rule.

    In a notebook only the message is shown, without the traceback through the engine's
    source: for a learner, the message *is* the lesson (IPython calls ``_render_traceback_``).

    >>> EuchreError("West must follow hearts")._render_traceback_()
    ['EuchreError: West must follow hearts']
    """

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


class EuchreTypeError(EuchreError, TypeError):
    """An argument of the wrong kind (``None`` where cards were expected, a number for a
    name): the message names the argument, what it got and what it accepts. It is both a
    ``TypeError`` and an :class:`EuchreError` (so a ``ValueError``), and catching either works.

    >>> import euchre_learn as el
    >>> el.cards(None)
    Traceback (most recent call last):
    ...
    euchre_learn.engine.errors.EuchreTypeError: cards: got None: expected text such as 'J♠ A♥ 9♦' or an iterable of cards
    """


QUOTE_LIMIT = 40
"""At most this many characters of a text given are quoted in an error message."""
PATH_LIMIT = 240
"""File names are quoted up to this length: a real path can be long."""

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = QUOTE_LIMIT
_REPR.maxother = QUOTE_LIMIT
for _name in ("maxtuple", "maxlist", "maxarray", "maxdict", "maxset", "maxfrozenset", "maxdeque"):
    setattr(_REPR, _name, 6)


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as an error message quotes it: its ``repr``, cut to a short prefix.

    Text longer than ``limit`` characters is quoted up to there and followed by its length;
    containers are shown a few items and a few levels deep, so neither a megabyte of text nor
    a list nested ten thousand deep makes the message long (or fails to make it). Every
    message that repeats the caller's input goes through here.

    >>> quote('J♠')
    "'J♠'"
    >>> quote('x' * 10**6)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (1000000 characters)"
    >>> quote([[[[[1]]]]]), quote(None)
    ('[[[[...]]]]', 'None')
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value)} characters)"
    if isinstance(value, (bytes, bytearray)) and len(value) > limit:
        return f"{bytes(value[:limit])!r}… ({len(value)} bytes)"
    try:
        text = _REPR.repr(value)
    except Exception:  # a broken __repr__, or one that recurses: say what kind of thing it is
        return f"<a {type(value).__name__}>"
    if len(text) > 2 * limit:
        text = text[: 2 * limit] + "…"
    return text


def type_error(argument: str, value: object, accepts: str) -> EuchreTypeError:
    """The error for an argument of the wrong kind: ``'<argument>: got <value>: expected <accepts>'``.

    >>> print(type_error('seed', [1], 'None, a whole number or text'))
    seed: got [1]: expected None, a whole number or text
    """
    return EuchreTypeError(f"{argument}: got {quote(value)}: expected {accepts}")
