"""Driving hands and games with the bots: a hand played to the end, a game played on by a number
of hands (or to the barn, or to its end), every seat by one bot. Lessons and exercises use these
to reach a position worth showing; the same ``seed`` always plays the same way.

>>> from euchre_learn import Hand
>>> play_out(Hand.deal('N', seed=2)).is_over
True
"""

from __future__ import annotations

import random
from typing import Any

from euchre_learn.analysis.bots.registry import get
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.game import Game
from euchre_learn.engine.hand import Hand

__all__ = ["play_hands", "play_out", "random_positions"]


def play_out(hand: Hand, bot: str = "standard", seed: Any = 0) -> Hand:
    """``hand`` played to the end, every seat by the bot called ``bot`` (see
    :func:`euchre_learn.analysis.bots.names`); the same ``seed`` always plays the same way.

    >>> from euchre_learn import Hand
    >>> done = play_out(Hand.deal('N', seed=2))
    >>> done.is_over, done == play_out(Hand.deal('N', seed=2))
    (True, True)
    """
    player = get(bot, seed=seed)
    while not hand.is_over:
        hand = hand.apply(player.act(hand))
    return hand


def play_hands(
    game: Game, hands: int | None = None, bot: str = "standard", seed: Any = 0, *, until_barn: bool = False
) -> Game:
    """``game`` after ``hands`` more hands played to the end by the bots (``None``: until
    the game is won). Thrown-in hands count as hands. With ``until_barn``, stop as soon as a
    side is one point short of the target, in the barn (R8.3), or the game is won.

    >>> from euchre_learn import Game, Rules
    >>> game = play_hands(Game(Rules(points_to_win=5), seed=1, dealer='N'))
    >>> game.winner is not None, max(game.score.values()) >= 5
    (True, True)
    >>> barn = play_hands(Game(Rules(points_to_win=5), seed=1, dealer='N'), until_barn=True)
    >>> bool(barn.in_the_barn) or barn.winner is not None
    True
    """
    player = get(bot, seed=seed)
    goal = None if hands is None else len(game.hands) + hands
    while not game.is_over and (goal is None or len(game.hands) < goal):
        done = len(game.hands)
        game = game.apply(player.act(game))
        if until_barn and len(game.hands) > done and game.in_the_barn:
            break
    return game


def random_positions(
    count: int, seed: Any, *, per_hand: int = 2, label: str = "one-voice", thrown_in: bool = True
) -> list[tuple[Hand, tuple[int, int] | None]]:
    """``count`` positions where a seat must act, from seeded deals the standard bot plays out
    (every phase: bids, discards, leads, follows), up to ``per_hand`` from each deal, each with a
    game score (us, them) in about a third, else ``None``. Without ``thrown_in``, deals that every
    seat passes are skipped. Tests and benchmarks use it to ask every voice about the same
    positions; the same arguments always give the same positions.

    >>> got = random_positions(5, 1)
    >>> len(got), all(not pos.is_over for pos, _ in got), got == random_positions(5, 1)
    (5, True, True)
    """
    rng = random.Random(seed)
    bot = get("standard", seed=seed)
    out: list[tuple[Hand, tuple[int, int] | None]] = []
    k = 0
    while len(out) < count:
        hand = Hand.deal(Seat(k % 4), seed=f"{label}|{seed}|{k}")
        k += 1
        steps = []
        while not hand.is_over:
            steps.append(hand)
            hand = hand.apply(bot.act(hand))
        if hand.thrown_in and not thrown_in:
            continue
        for pos in rng.sample(steps, min(per_hand, len(steps))):
            out.append((pos, (rng.randrange(10), rng.randrange(10)) if rng.random() < 0.3 else None))
    return out[:count]
