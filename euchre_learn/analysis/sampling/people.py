"""A model of how people bid and play, softened and mixed around the standard bot's line: the chance
of each action another seat was seen to take, in a world of the hidden cards.

The coach's worlds (:class:`~euchre_learn.analysis.sampling.fitted.FitWorlds`) are weighted by how
likely the seen actions are under this model. It has a few parameters (:class:`PlayerModel`):

* **bids**: a mixture of three bidders (the *levels*): the standard bot's line, a looser bidder
  whose line sits ``spread`` points of hand value lower (``loose`` of the bids) and a tighter one
  ``spread`` higher (``tight``). Each makes trump at margin ``m`` (the hand's value minus the
  standard bot's need, :func:`~euchre_learn.analysis.bots.bidding.bid1_rating`) with chance
  ``1 / (1 + exp(-m / temperature))``, the levels' own softmax (``misjudged_strength``); and a
  share ``wild`` of bids made whatever the hand (even odds), so that a few bids far from any line
  do not flatten the others;
* **cards**: the standard bot's card, else any other legal card, a softmax at
  ``card_temperature`` with the bot's card scored 0 and every other -1 (the levels'
  ``careless_card``): with ``n`` legal cards the bot's has chance ``1 / (1 + (n - 1) exp(-1 / T))``;
* **the rest** (going alone or not, the suit named, defending alone): the bot's choice, else a
  ``slip`` of chance.

A world *fits* when its seen actions are no more surprising, in all, than the model expects the
real deal's to be: their surprise (the sum of ``-log`` of each action's chance) is at most its
expectation plus :data:`FIT_SDS` standard deviations (:class:`Surprise`). A world in which every
seen action is the model's likeliest always fits.

The parameters are fitted by maximum likelihood on a grid (``python tools/fit_player_model.py``)
to the actions of recorded games whose cards are all known: :data:`PEOPLE` to the real tournament
games in ``euchre_learn/engine/egn/data``, :data:`LEVEL_MODELS` to games recorded from each
opponent level (``el.bots.levels()``). The coach uses :data:`PEOPLE`.

>>> round(PEOPLE.make_chance(0.0), 2)      # at the standard bot's line: half are tighter bidders
0.29
>>> round(PEOPLE.card_chance(3, True), 2), PEOPLE.card_chance(1, True)
(0.65, 1.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from euchre_learn.analysis.bots.bidding import BIDDING, bid1_rating, bid2_ratings
from euchre_learn.engine import act
from euchre_learn.engine.core import BID1, BID2, State

__all__ = [
    "FIT_SDS",
    "LEVEL_MODELS",
    "PEOPLE",
    "STANDARD_LINE",
    "PlayerModel",
    "Surprise",
    "bid_margin",
    "bid_suit",
    "model_for",
]

FIT_SDS = 2.0
"""How many standard deviations of surprise past its expectation a world's seen actions may be and
still fit (one-sided: about 1 real deal in 40 would fail, were the model exactly right)."""


@dataclass(frozen=True)
class PlayerModel:
    """A softened, mixed model of the other players (see the module's docs for each field).

    >>> m = PlayerModel(temperature=0.35, spread=0.0, loose=0.0, tight=0.0, card_temperature=0.25,
    ...                 slip=0.1, source='example')
    >>> round(m.make_chance(0.35), 3), round(m.card_chance(3, True), 3)
    (0.731, 0.965)
    """

    temperature: float
    spread: float
    loose: float
    tight: float
    card_temperature: float
    slip: float
    source: str
    wild: float = 0.0

    def make_chance(self, margin: float) -> float:
        """The chance of making trump (ordering up or calling) at ``margin`` over the line."""
        std = 1.0 - self.loose - self.tight
        lines = (
            std * _logistic(margin / self.temperature)
            + self.loose * _logistic((margin + self.spread) / self.temperature)
            + self.tight * _logistic((margin - self.spread) / self.temperature)
        )
        return (1.0 - self.wild) * lines + self.wild * 0.5

    def card_chance(self, n: int, bots: bool) -> float:
        """The chance of a card among ``n`` legal ones: the standard bot's (``bots``) or another."""
        if n <= 1:
            return 1.0
        other = math.exp(-1.0 / self.card_temperature) if self.card_temperature > 0 else 0.0
        top = 1.0 / (1.0 + (n - 1) * other)
        return top if bots else top * other


def _logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-min(x, 50.0)))
    e = math.exp(max(x, -50.0))
    return e / (1.0 + e)


class Surprise:
    """The seen actions' surprise in one world, action by action: ``log_like`` (the log chance of
    them all), ``log_accept`` (the log of their chance over the chance of the model's likeliest
    action at each, at most 0), and the expected surprise and its variance at the same decisions.

    >>> s = Surprise()
    >>> s.add(0.9, [0.9, 0.1]); s.add(0.1, [0.9, 0.1])
    >>> round(s.log_accept, 2), s.fits()
    (-2.2, True)
    """

    __slots__ = ("expected", "log_accept", "log_like", "variance")

    def __init__(self) -> None:
        self.log_like = 0.0
        self.log_accept = 0.0
        self.expected = 0.0
        self.variance = 0.0

    def add(self, p: float, dist: list[float]) -> None:
        """One action of chance ``p``, among outcomes of chances ``dist`` (summing to 1)."""
        p = max(p, 1e-12)
        self.log_like += math.log(p)
        self.log_accept += math.log(p / max(dist))
        h = h2 = 0.0
        for q in dist:
            if q > 0:
                x = -math.log(q)
                h += q * x
                h2 += q * x * x
        self.expected += h
        self.variance += max(0.0, h2 - h * h)

    def add_cards(self, n: int, bots: bool, model: PlayerModel) -> None:
        """A card among ``n`` legal ones, the standard bot's (``bots``) or another."""
        top = model.card_chance(n, True)
        other = model.card_chance(n, False)
        self.add(top if bots else other, [top, *([other] * (n - 1))])

    def fits(self) -> bool:
        """Whether the surprise is at most its expectation plus :data:`FIT_SDS` deviations."""
        return -self.log_like <= self.expected + FIT_SDS * math.sqrt(self.variance) + 1e-9


STANDARD_LINE = PlayerModel(
    temperature=0.35,
    spread=0.0,
    loose=0.0,
    tight=0.0,
    card_temperature=0.43,
    slip=0.1,
    source="the coach's soft model before issue 33: the standard bot's line at 0.35, a card it would not play 0.1 (3 legal)",
)
"""The soft model the coach used before, for comparison (not fitted)."""

_REAL = "the 13 real tournament deals in euchre_learn/engine/egn/data (39 bids, 162 cards, 1 other choice)"
_LEVEL = "40 hands by four {} bots, tools/fit_player_model.py fit --hands 40"

PEOPLE = PlayerModel(
    temperature=0.1,
    spread=1.0,
    loose=0.0,
    tight=0.5,
    card_temperature=0.75,
    slip=0.333,
    source=f"maximum likelihood on a grid over {_REAL}; the slip is the estimate's prior (one choice seen)",
    wild=0.15,
)
"""The coach's model of people: fitted to the real tournament games. Of their bids 15% are made
whatever the hand; the rest follow the standard bot's line sharply (temperature 0.1), half of them
a line 1 point of hand value tighter; with three legal cards they play the standard bot's card
65% of the time."""

LEVEL_MODELS: dict[str, PlayerModel] = {
    "novice": PlayerModel(3.0, 3.0, 0.5, 0.0, 5.0, 0.5, _LEVEL.format("'novice'"), 0.15),
    "casual": PlayerModel(3.0, 3.0, 0.35, 0.2, 1.5, 0.5, _LEVEL.format("'casual'"), 0.3),
    "club": PlayerModel(0.5, 2.0, 0.5, 0.2, 0.35, 0.5, _LEVEL.format("'club'")),
    "standard": PlayerModel(0.1, 1.0, 0.1, 0.0, 0.05, 0.024, _LEVEL.format("'standard'")),
    "expert": PlayerModel(0.2, 1.0, 0.35, 0.0, 0.5, 0.257, _LEVEL.format("'expert'")),
}
"""The model fitted to games recorded from each opponent level (``el.bots.levels()``), by level
name, in the order ``temperature, spread, loose, tight, card_temperature, slip, source, wild``: for
comparison with :data:`PEOPLE` (docs/review.md, "A model of players that fits people")."""


def model_for(players: str | None) -> PlayerModel:
    """The model of players for a table whose other seats are ``players``: a level's name
    (``el.bots.levels()``) gives the model fitted to that level's games; ``None`` (people, or not
    known) gives :data:`PEOPLE`. On hands between 'standard' bots the level's model places the
    cards as well as the coach's worlds did before issue 33 (docs/review.md, "Calibration of the
    sampler"); :data:`PEOPLE` gives the maker a wild bid's junk more often, as people bid.

    >>> model_for('standard') is LEVEL_MODELS['standard'], model_for(None) is PEOPLE
    (True, True)
    >>> model_for('grandmaster')
    Traceback (most recent call last):
    ...
    ValueError: model_for('grandmaster'): expected a level, one of 'novice', 'casual', 'club', 'standard', 'expert', or None for people
    """
    if players is None:
        return PEOPLE
    if players not in LEVEL_MODELS:
        levels = ", ".join(map(repr, LEVEL_MODELS))
        raise ValueError(f"model_for({players!r}): expected a level, one of {levels}, or None for people")
    return LEVEL_MODELS[players]


def bid_suit(a: int) -> int:
    """The suit a bid names in round 2 (-1 in round 1: the upcard's).

    >>> from euchre_learn.engine import act
    >>> bid_suit(act.ORDER_UP), bid_suit(act.CALL + 2), bid_suit(act.CALL_ALONE + 2)
    (-1, 2, 2)
    """
    if act.CALL_ALONE <= a < act.NAME:
        return a - act.CALL_ALONE
    return a - act.CALL if act.CALL <= a < act.CALL_ALONE else -1


def bid_margin(state: State, real: int, score: tuple[int, int] | None) -> float:
    """How far the seat's hand is from the standard bot's line for making trump with the bid
    ``real`` (a pass: its best suit), in points of the bot's hand value.

    >>> import euchre_learn as el
    >>> from euchre_learn.engine import act
    >>> bid_margin(el.Hand.deal('N', seed=4).core, act.PASS, None) < 0
    True
    """
    if state.phase == BID1:
        value, need = bid1_rating(state, score, BIDDING)[:2]
        return value - need
    if state.phase == BID2:
        ratings = bid2_ratings(state, score, BIDDING)
        if real >= act.CALL and real < act.NAME:
            t = (real - act.CALL) & 3
            if t in ratings:
                v, n = ratings[t]
                return v - n
        return max(v - n for v, n in ratings.values())
    return 1.0  # defending alone: no rating, a fixed slip
