"""Euchre Game Notation (EGN): real games, read and written (``el.egn``).

EGN is an open format for recorded Euchre games, "inspired by chess PGN", published as
NextSuit-Labs/euchre-game-notation (version 1.4, Apache-2.0). :func:`read` gives a
:class:`~.model.Match` (a game's metadata, its rules as an :class:`~euchre_learn.Rules` and its
deals, each replayed by the engine as a :class:`~euchre_learn.Hand` with the points it scored
and the players' annotations); :func:`write` gives EGN text for a game, a saved game, a match or
hand records; :func:`read_series` reads each game of a series in Euchre Match Notation (EMN).
docs/egn.md says what the reader infers and what it refuses.

>>> import euchre_learn as el
>>> match = el.egn.read(el.egn.example())
>>> deal = match.deals[1]
>>> deal.hand.history[4], deal.annotations[4][0][1][:40]
((<Seat.N: 0>, Action.parse('call ♣')), 'Pretty ambitious next call. Dealer was b')
>>> el.egn.read(el.egn.write(match)).deals[1].points == deal.points
True
"""

from __future__ import annotations

from importlib import resources

from euchre_learn.engine.egn.model import LABEL_WORDS, LABELS, EgnDeal, EgnError, Inference, Match, Metadata
from euchre_learn.engine.egn.reader import read
from euchre_learn.engine.egn.series import read_series
from euchre_learn.engine.egn.writer import write

__all__ = [
    "LABELS",
    "LABEL_WORDS",
    "EgnDeal",
    "EgnError",
    "Inference",
    "Match",
    "Metadata",
    "example",
    "read",
    "read_series",
    "write",
]


def example() -> str:
    """The path of the real game shipped as example data: the finals of the Virtual World
    Euchre Championship (2026), annotated, from EGN's public examples (Apache-2.0; its licence
    and attribution lie beside it, ``NOTICE.md``).

    >>> example().endswith('vwec-finals-annotated.egn')
    True
    """
    return str(resources.files("euchre_learn.engine.egn") / "data" / "vwec-finals-annotated.egn")
