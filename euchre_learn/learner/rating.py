"""Puzzle ratings: Glicko-2 (Glickman's system, as lichess rates its puzzles) on the learner and on
each puzzle, worked out from the puzzle answers the learner's store keeps (each answer a review of
the item ``('puzzle', <id>)``, wrong rated Again).

Each answer is a game between the learner and the puzzle: solved, the learner wins. Both ratings
move, answer by answer in time order (a rating period of one game, as lichess does for puzzles).
Every puzzle starts at :data:`START` (1500, deviation 350): with one learner the puzzles' ratings
say how hard *this learner* found them.

>>> r = update(Rating(1500, 200), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
>>> round(r.rating, 1), round(r.deviation, 2), round(r.volatility, 6)  # Glickman's example: 1464.06, 151.52, 0.05999
(1464.1, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from euchre_learn.learner.schedule import AGAIN
from euchre_learn.learner.store import Store

__all__ = ["START", "TAU", "PuzzleRatings", "Rating", "puzzle_ratings", "update"]

TAU = 0.5
"""Glicko-2's system constant (how fast the volatility may change)."""
_SCALE = 173.7178
_EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: the ``rating`` (1500 to start), its ``deviation`` (how unsure: 350 to
    start, smaller with each game) and ``volatility``."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def interval(self) -> tuple[float, float]:
        """The 95% interval of the rating (two deviations either side)."""
        return self.rating - 2 * self.deviation, self.rating + 2 * self.deviation

    def __str__(self) -> str:
        return f"{self.rating:.0f} ± {2 * self.deviation:.0f}"


START = Rating()
"""Where every learner and every puzzle starts."""


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, games: Iterable[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period of ``games`` (the opponent's rating and the
    score: 1 a win, 0 a loss, 0.5 a draw). No games: only the deviation grows (Glickman's step 6)."""
    mu = (player.rating - 1500) / _SCALE
    phi = player.deviation / _SCALE
    sigma = player.volatility
    played = [((o.rating - 1500) / _SCALE, o.deviation / _SCALE, s) for o, s in games]
    if not played:
        return Rating(player.rating, min(350.0, math.sqrt(phi * phi + sigma * sigma) * _SCALE), sigma)
    v_inv = 0.0
    delta_sum = 0.0
    for mu_j, phi_j, score in played:
        e = _e(mu, mu_j, phi_j)
        g = _g(phi_j)
        v_inv += g * g * e * (1 - e)
        delta_sum += g * (score - e)
    v = 1 / v_inv
    delta = v * delta_sum
    # the new volatility (Illinois algorithm, Glickman's step 5)
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = c, f_c
    new_sigma = math.exp(big_a / 2)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * delta_sum
    return Rating(new_mu * _SCALE + 1500, new_phi * _SCALE, new_sigma)


@dataclass(frozen=True)
class PuzzleRatings:
    """The learner's puzzle rating, each puzzle's, and how many answers they come from."""

    learner: Rating
    puzzles: dict[str, Rating]
    answers: int


def puzzle_ratings(store: Store, kind: str = "puzzle") -> PuzzleRatings:
    """The ratings from every answer to a puzzle in ``store``, in time order (see the module docs).

    >>> import tempfile, os
    >>> from euchre_learn.learner.progress import Progress
    >>> p = Progress(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'))
    >>> p.record('puzzle', True, item=('puzzle', 'p1'), at=1e9); p.record('puzzle', False, item=('puzzle', 'p2'), at=1e9 + 60)
    >>> r = puzzle_ratings(p.store)
    >>> r.answers, r.puzzles['p1'].rating < 1500 < r.puzzles['p2'].rating
    (2, True)
    """
    learner = START
    puzzles: dict[str, Rating] = {}
    rows = sorted((at, key, grade) for k, key, grade, at in store.reviews() if k == kind)
    for _at, key, grade in rows:
        puzzle = puzzles.get(key, START)
        score = 0.0 if grade == AGAIN else 1.0
        learner, puzzles[key] = update(learner, [(puzzle, score)]), update(puzzle, [(learner, 1 - score)])
    return PuzzleRatings(learner, puzzles, len(rows))
