"""Tournaments between bots (``el.tournament``): mirrored matches and round robins
(:mod:`~euchre_learn.analysis.tournament.matches`) and duplicate matches
(:mod:`~euchre_learn.analysis.tournament.duplicate`), on any executor.

>>> import euchre_learn as el
>>> el.tournament.match is match
True
"""

from euchre_learn.analysis.tournament.duplicate import DuplicateResult, duplicate
from euchre_learn.analysis.tournament.matches import MatchResult, RoundRobin, Side, match, round_robin

__all__ = ["DuplicateResult", "MatchResult", "RoundRobin", "Side", "duplicate", "match", "round_robin"]
