"""Opponents at your level: ``opponents='match'`` picks the level closest to the learner's own play.

The learner's store keeps each decision the table's review graded (:mod:`.saver`'s
``save_decisions``: its loss, in points). :func:`recent_accuracy` scores the learner's last
:data:`RECENT_HANDS` reviewed hands as the review scores a hand (each decision by the review's
accuracy formula, a hand by the mean of its decisions' scores and of their harmonic mean), every
decision weighing the same (the store keeps each decision's loss, not what was at stake), and
averages the hands, as the levels' own accuracy is measured (``el.bots.levels()``).
:func:`match_level` then takes the level whose measured accuracy is closest
(:func:`euchre_learn.analysis.levels.closest`) and says why in one sentence. With fewer than
:data:`MIN_DECISIONS` decisions reviewed there is nothing to judge by yet, and the table starts at
:data:`FIRST_LEVEL`.

>>> import os, tempfile
>>> from euchre_learn.learner.store import Store
>>> store = Store(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'))
>>> m = match_level(store)                 # nothing played yet
>>> m.level, m.reason
('casual', 'no hand of yours has been reviewed yet, so the table starts at casual')
>>> spec_error('opponents', 'grandmaster')  # doctest: +ELLIPSIS
ValueError("opponents='grandmaster' is not a bot or a level: choose a level (novice, casual, club, standard, expert), ...")
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from euchre_learn.analysis.bots import Bot, names
from euchre_learn.analysis.levels import LEVELS, closest
from euchre_learn.analysis.review.model import accuracy_score, mean_accuracy
from euchre_learn.engine.errors import quote
from euchre_learn.learner.store import Store, StoreWarning

if TYPE_CHECKING:
    from euchre_learn.analysis.review.model import Decision

__all__ = [
    "FIRST_LEVEL",
    "MATCH",
    "MIN_DECISIONS",
    "RECENT_HANDS",
    "LevelMatch",
    "match_level",
    "recent_accuracy",
    "spec_error",
]

MATCH = "match"
"""The name that asks for the level closest to the learner's recent accuracy."""

RECENT_HANDS = 20
"""How many of the learner's last reviewed hands the match reads."""

MIN_DECISIONS = 10
"""Fewer decisions reviewed than this say too little: the table starts at :data:`FIRST_LEVEL`."""

FIRST_LEVEL = "casual"
"""The level a learner with no reviewed hands (or too few) plays against."""


class _Scored(NamedTuple):
    """A stored decision as the review's accuracy formula reads one (every decision weighing the same)."""

    accuracy: float
    forced: bool = False
    stakes: float = 1.0


@dataclass(frozen=True)
class LevelMatch:
    """The level chosen for a learner: ``level``, the learner's recent ``accuracy`` (``None``
    without enough history), over how many ``decisions`` and ``hands``, and the ``reason`` in
    words ('your recent accuracy 91 on 40 decisions')."""

    level: str
    accuracy: float | None
    decisions: int
    hands: int
    reason: str

    def __str__(self) -> str:
        return f"{self.level} ({self.reason})"


def recent_accuracy(store: Store, hands: int = RECENT_HANDS) -> tuple[float | None, int, int]:
    """The learner's accuracy over their last ``hands`` reviewed hands in ``store``, with the
    number of decisions and of hands it rests on (``None`` when no decision is stored). A row
    whose loss is not a number of points (a damaged row) is left out."""
    groups: dict[tuple[str, int, str], list[float]] = {}
    for row in reversed(store.decisions()):  # newest first
        key = (row.game, row.hand, row.seat)
        if key not in groups and len(groups) >= hands:
            continue
        loss = row.loss
        if isinstance(loss, bool) or not isinstance(loss, (int, float)) or not math.isfinite(loss) or loss < 0:
            continue
        groups.setdefault(key, []).append(accuracy_score(float(loss)))
    # the review's own formula, read through the three fields it uses of a decision
    per_hand = [
        mean_accuracy(cast("list[Decision]", [_Scored(a) for a in scores])) for scores in groups.values() if scores
    ]
    decisions = sum(len(scores) for scores in groups.values())
    if not per_hand:
        return None, 0, 0
    return sum(per_hand) / len(per_hand), decisions, len(per_hand)


def match_level(store: Store | None = None) -> LevelMatch:
    """The level closest to the learner's recent accuracy in ``store`` (the learner's own by
    default), and why. A store that cannot be read gives a warning and :data:`FIRST_LEVEL`."""
    try:
        accuracy, decisions, hands = recent_accuracy(Store.shared() if store is None else store)
    except Exception as err:  # a store broken in a way it could not mend itself: play on
        warnings.warn(
            f"your reviewed hands could not be read ({type(err).__name__}: {str(err)[:120]}), "
            f"so the table starts at {FIRST_LEVEL}",
            StoreWarning,
            stacklevel=2,
        )
        return LevelMatch(
            FIRST_LEVEL, None, 0, 0, f"your reviewed hands could not be read, so the table starts at {FIRST_LEVEL}"
        )
    if accuracy is None:
        return LevelMatch(
            FIRST_LEVEL, None, 0, 0, f"no hand of yours has been reviewed yet, so the table starts at {FIRST_LEVEL}"
        )
    if decisions < MIN_DECISIONS:
        return LevelMatch(
            FIRST_LEVEL,
            accuracy,
            decisions,
            hands,
            f"only {decisions} of your decisions reviewed so far, too few to judge by, so the table starts at "
            f"{FIRST_LEVEL}",
        )
    level = closest(accuracy)
    return LevelMatch(
        level, accuracy, decisions, hands, f"your recent accuracy {accuracy:.0f} on {decisions} decisions"
    )


def spec_error(role: str, value: Any) -> ValueError | None:
    """``None`` when ``value`` names a bot, a level or :data:`MATCH` (or is a bot), else the
    error to raise, naming ``role`` and the value and listing the choices."""
    if isinstance(value, Bot) or value == MATCH or (isinstance(value, str) and value in names()):
        return None
    levels = [n for n in LEVELS if n in names()]
    others = [n for n in names() if n not in levels]
    what = "is not a bot or a level" if isinstance(value, str) else "should be a bot's name"
    return ValueError(
        f"{role}={quote(value)} {what}: choose a level ({', '.join(levels)}), another bot ({', '.join(others)}), "
        f"or {MATCH!r} (the level closest to your recent review accuracy)"
    )
