"""The registry of bots by name, and playing whole hands on the core."""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.bots.base import Bot, BotFactory
from euchre_learn.analysis.bots.simple import BeginnerBot, RandomBot
from euchre_learn.analysis.bots.standard import StandardBot
from euchre_learn.engine.core import (
    OVER,
    State,
)
from euchre_learn.engine.errors import quote, type_error

if TYPE_CHECKING:
    pass



# ---- the registry ---------------------------------------------------------------------------

_FACTORIES: dict[str, BotFactory] = {
    "random": RandomBot,
    "beginner": BeginnerBot,
    "standard": StandardBot,
}
_LAZY = {
    "novice": "euchre_learn.analysis.levels",
    "casual": "euchre_learn.analysis.levels",
    "club": "euchre_learn.analysis.levels",
    "expert": "euchre_learn.analysis.expert",
}


def register(name: str, factory: BotFactory, *, replace: bool = False) -> None:
    """Add a bot under ``name``: ``factory(seed)`` returns a :class:`Bot`.

    >>> class Passer(StandardBot):
    ...     name = 'passer'
    >>> register('passer', Passer)
    >>> get('passer').name, 'passer' in names()
    ('passer', True)
    >>> register('passer', Passer)
    Traceback (most recent call last):
    ...
    ValueError: a bot named 'passer' is already registered (use replace=True to change it)
    >>> unregister('passer'); 'passer' in names()
    False
    """
    if not isinstance(name, str) or not name:
        raise ValueError(f"a bot's name must be a non-empty string, not {quote(name)}")
    if not callable(factory):
        raise ValueError(f"register({quote(name)}, ...) needs a factory taking a seed and returning a Bot, not {quote(factory)}")
    if name in _FACTORIES and not replace:
        raise ValueError(f"a bot named {quote(name)} is already registered (use replace=True to change it)")
    _FACTORIES[name] = factory


def unregister(name: str) -> None:
    """Remove a bot added with :func:`register` (the built-in bots stay).

    >>> unregister('standard')
    Traceback (most recent call last):
    ...
    ValueError: 'standard' is built in and cannot be removed
    """
    if name in ("random", "beginner", "standard"):
        raise ValueError(f"{quote(name)} is built in and cannot be removed")
    if name not in _FACTORIES:
        raise ValueError(f"no bot named {quote(name)} is registered")
    del _FACTORIES[name]


def names() -> tuple[str, ...]:
    """The names :func:`get` accepts: the built-in bots weakest first, the opponent levels
    (:func:`levels`), then 'expert' (once ``euchre_learn.analysis.expert`` exists).

    >>> {'random', 'beginner', 'standard'} <= set(names())
    True
    """
    # the built-in and lazy bots in this fixed order, whichever were loaded first; then any added
    built_in = [n for n in ("random", "beginner", "standard") if n in _FACTORIES]
    lazy = [n for n, module in _LAZY.items() if n in _FACTORIES or importlib.util.find_spec(module) is not None]
    added = [n for n in _FACTORIES if n not in built_in and n not in _LAZY]
    return (*built_in, *lazy, *added)


def get(name: str | Bot, seed: Any = None) -> Bot:
    """A new bot by name; the same ``seed`` gives the same choices every time.

    >>> get('standard', seed=1)
    <StandardBot 'standard' seed=1>
    >>> get('grandmaster')
    Traceback (most recent call last):
    ...
    ValueError: 'grandmaster' is not a bot: choose one of 'random', 'beginner', 'standard'...
    """
    if isinstance(name, Bot):
        return name
    if not isinstance(name, str):
        raise type_error("bots.get(name)", name, f"a bot's name, one of {', '.join(map(repr, names()))}, or a Bot")
    if name not in _FACTORIES and name in _LAZY:
        try:
            importlib.import_module(_LAZY[name])
        except ModuleNotFoundError as err:
            if err.name != _LAZY[name]:
                raise
    if name not in _FACTORIES:
        raise ValueError(f"{quote(name)} is not a bot: choose one of {', '.join(map(repr, names()))}")
    bot = _FACTORIES[name](seed)
    if not isinstance(bot, Bot):
        raise ValueError(f"the factory registered as {quote(name)} returned {quote(bot)}, not a Bot")
    return bot


def levels() -> tuple[tuple[str, float | None], ...]:
    """The opponent levels, weakest first, as ``(name, accuracy)`` pairs: each level's review
    accuracy as measured by ``python -m benchmarks.bench_levels --write`` (see
    :mod:`euchre_learn.analysis.levels`); every name works with :func:`get`.

    >>> [name for name, _ in levels()]
    ['novice', 'casual', 'club', 'standard', 'expert']
    """
    # imported by name, as 'expert' is on its first get(): the levels are built on the bots here
    measured: Callable[[], tuple[tuple[str, float | None], ...]] = importlib.import_module(_LAZY["novice"]).levels
    return measured()


# ---- playing whole hands on the core ----------------------------------------------------------


def play_hand(state: State, bots: Sequence[Bot], rng: random.Random, score: Sequence[int] | None = None) -> State:
    """Play ``state`` to the end in place, seat ``i`` played by ``bots[i]``; returns ``state``.

    The fast path of tournaments and benchmarks: no :class:`~euchre_learn.engine.hand.Hand` is built.

    >>> import random
    >>> from euchre_learn.engine import core
    >>> from euchre_learn import Rules
    >>> rng = random.Random(1)
    >>> state = play_hand(core.deal(Rules.preset('railroad'), 3, rng), [get('standard')] * 4, rng)
    >>> state.phase == core.OVER, len(state.tricks) in (0, 5)
    (True, True)
    """
    if len(bots) != 4:
        raise ValueError(f"play_hand needs four bots, one per seat N E S W, not {len(bots)}")
    while state.phase != OVER:
        state.apply(bots[state.to_act].decide(state, rng, None, score))
    return state
