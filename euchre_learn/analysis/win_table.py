"""The chance to win a game from each score, dealing or not: the table the review grades game
decisions by and lesson 11 draws (:func:`euchre_learn.charts.scores.win_probability_chart`).
Its own module so that the review and the charts both read it without importing each other.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

__all__ = ["simulated_games", "win_probability"]


@functools.cache
def _table() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data", "win_probability.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def win_probability(mine: int, theirs: int, dealing: bool, points_to_win: int = 10) -> float:
    """The chance that my side wins the game from the start of a hand at ``mine`` to ``theirs``,
    when my side deals this hand (``dealing``) or not.

    From ``euchre_learn/analysis/data/win_probability.json``, made by ``tools/win_probability.py``:
    40,000 games between four 'standard' bots under the standard rules, solved as a chain of
    hands (see that script and docs/review.md). It is read by the points each side still needs,
    so games to 5, 7 or 11 points use it too; past 15 points needed, the needs are scaled down.

    >>> win_probability(9, 9, dealing=True) > 0.6 > win_probability(9, 9, dealing=False)
    True
    >>> win_probability(10, 4, dealing=False), win_probability(3, 10, dealing=True)
    (1.0, 0.0)
    """
    need_me, need_them = points_to_win - mine, points_to_win - theirs
    if need_me <= 0:
        return 1.0
    if need_them <= 0:
        return 0.0
    data = _table()
    top = int(data["needs"])
    if max(need_me, need_them) > top:
        scale = top / max(need_me, need_them)
        need_me, need_them = max(1, round(need_me * scale)), max(1, round(need_them * scale))
    grid = data["table"]["dealing" if dealing else "not_dealing"]
    return float(grid[need_me - 1][need_them - 1])


def simulated_games() -> int:
    """How many simulated games the table is made from.

    >>> simulated_games() > 10_000
    True
    """
    return int(_table()["games"])
