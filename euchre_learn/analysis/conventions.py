"""Convention situations: positions where club players agree on the right call or card.

Each situation (``data/conventions.json``, package data) is a hand record stopped at a decision,
the game score when it matters, the conventional answer (one action, or several that all
honour the convention) and why, in plain words; many come from the complaints players file
about a popular app's bots (``source``). :func:`situations` loads them, :func:`decide` asks a
bot, with the score, what it would do.

>>> import euchre_learn as el
>>> from euchre_learn.analysis import conventions
>>> sit = conventions.situation('no-loner-at-nine')
>>> sit.convention, sit.score, sit.answer
('Not going alone at 9 points', (5, 9), ('order up',))
>>> action, reason = conventions.decide(el.bots.get('standard', seed=1), sit)
>>> str(action), '9' in reason
('order up', True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from euchre_learn.analysis.bots import Bot
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.records import replay

__all__ = ["Situation", "decide", "situation", "situations"]


@dataclass(frozen=True)
class Situation:
    """One convention position: ``hand`` (to act: ``seat``), the game ``score`` ``(NS, EW)``
    or ``None``, the conventional ``answer`` (action texts) and ``why``."""

    id: str
    convention: str
    hand: Hand
    seat: Seat
    score: tuple[int, int] | None
    answer: tuple[str, ...]
    why: str
    source: str | None = None
    disputes: dict[str, str | list[str]] | None = None
    """For a bot that departs from the answer: ``{bot name: its action}`` (or the actions it
    picks among, when its sample cannot separate them)."""
    numbers: dict[str, Any] | None = None
    """:func:`compare`'s estimates, where the convention and a bot or an estimate disagree."""
    verdict: str | None = None
    """Which is right, and why (docs/conventions.md gathers them)."""

    def honours(self, action: Action | str) -> bool:
        """Whether ``action`` is one of the conventional answers.

        >>> situation('second-hand-low').honours('play 9♣')
        True
        """
        return str(Action.parse(action) if isinstance(action, str) else action) in self.answer


def _load(raw: dict[str, Any]) -> Situation:
    score = raw.get("score")
    return Situation(
        raw["id"],
        raw["convention"],
        replay(raw["record"]),
        Seat.parse(raw["seat"]),
        (int(score[0]), int(score[1])) if score else None,
        tuple(raw["answer"]),
        raw["why"],
        raw.get("source"),
        raw.get("disputes"),
        raw.get("numbers"),
        raw.get("verdict"),
    )


@cache
def situations() -> tuple[Situation, ...]:
    """Every convention situation, in the file's order.

    >>> len(situations()) >= 25
    True
    """
    text = resources.files("euchre_learn.analysis").joinpath("data", "conventions.json").read_text(encoding="utf-8")
    return tuple(_load(raw) for raw in json.loads(text))


def situation(id: str) -> Situation:
    """The situation named ``id``; an unknown name raises ``ValueError`` listing a few.

    >>> situation('no-such')
    Traceback (most recent call last):
    ...
    ValueError: no convention situation 'no-such': try 'call-next-from-eldest', ...
    """
    for s in situations():
        if s.id == id:
            return s
    some = ", ".join(repr(s.id) for s in situations()[:3])
    raise ValueError(f"no convention situation {id[:40]!r}: try {some}, ...")


def decide(bot: Bot, sit: Situation) -> tuple[Action, str]:
    """What ``bot`` does in ``sit``, knowing the score, and its one-sentence reason."""
    state = sit.hand.core
    why: list[str] = []
    a = bot.decide(state.copy(), bot.rng_for(sit.hand), why, sit.score)
    return Action(a), (why[0] if why else "")


def compare(sit: Situation, worlds: int = 200, seed: int = 0) -> dict[str, dict[str, float]]:
    """Two estimates of every legal action in ``sit``, for the seat's side, over the same
    ``worlds`` deals of the unseen cards (fitting the bids heard): ``'table'``, the points
    when the 'standard' bot plays every seat from there on (what happens at a club table),
    and ``'solver'``, the points with every card visible and perfect play (the double-dummy
    solver for the play; the advisor's worlds for a bid). With a score, ``'game'`` is the
    table's result counting the game (points capped at what each side needs, plus the game).

    >>> numbers = compare(situation('second-hand-low'), worlds=20, seed=1)
    >>> sorted(numbers), sorted(numbers['table'])
    (['solver', 'table'], ['play 9♣', 'play K♣'])
    """
    import random

    from euchre_learn.analysis import expert
    from euchre_learn.analysis.advisor import evaluate
    from euchre_learn.analysis.bots import get
    from euchre_learn.analysis.sampling import PlayWorlds, known_history, sample_play
    from euchre_learn.engine.core import PLAY_PHASE, bits

    state = sit.hand.core
    bidder = get("standard", seed=seed)
    if state.phase != PLAY_PHASE:
        legal = state.legal()
        table, game = expert.bid_worlds(state, legal, worlds, random.Random(seed), bidder, sit.score)
        options, _ = evaluate(state, *known_history(state), worlds, random.Random(seed), bidder)
        out = {
            "table": {str(Action(a)): round(v, 3) for a, v in table.items()},
            "solver": {str(o.action): round(o.expected_points, 3) for o in options},
        }
        if sit.score is not None:
            out["game"] = {str(Action(a)): round(v, 3) for a, v in game.items()}
        return out
    rng = random.Random(seed)
    solver, _tricks, _n = sample_play(state, worlds, random.Random(seed), model=True)
    seat = state.to_act
    sampler = PlayWorlds(state, model=True)
    table = dict.fromkeys(bits(state.play_mask()), 0.0)
    for _ in range(worlds):
        world = sampler.sample(rng).state
        for c in table:
            w = world.copy()
            w.apply(68 + c)
            while w.score is None and not w.thrown_in:
                w.apply(bidder.decide(w, rng, None, sit.score))
            sc = w.score
            assert sc is not None
            mine = sc.makers - sc.defenders
            table[c] += mine if w.maker & 1 == seat & 1 else -mine
    from euchre_learn.engine.cards import Card

    return {
        "table": {f"play {Card(c)}": round(v / worlds, 3) for c, v in table.items()},
        "solver": {f"play {Card(c)}": round(v, 3) for c, v in solver.items()},
    }
