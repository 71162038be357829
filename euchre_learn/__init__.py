"""euchre_learn: learn Euchre with an exact rules engine, rendered cards and quizzes.

>>> import euchre_learn as el
>>> el.legal_plays(el.cards('J♦ A♦ K♣'), 'hearts', led='9♥')
cards('J♦')
"""

from __future__ import annotations

from typing import Any

from euchre_learn import _compat
from euchre_learn.engine.actions import Action, Actions
from euchre_learn.engine.cards import Card, Cards, InvalidCardError, Rank, Seat, Suit, Team, cards, deck
from euchre_learn.engine.game import Game, choose_first_dealer
from euchre_learn.engine.hand import Hand, IllegalActionError, Phase, Trick
from euchre_learn.engine.records import RecordError, replay
from euchre_learn.engine.rules import HandScore, Rules, score_hand
from euchre_learn.engine.trump import (
    effective_suit,
    is_trump,
    left_bower,
    legal_plays,
    right_bower,
    trick_winner,
    trump_order,
)
from euchre_learn.learner.settings import house_rules, set_house_rules

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Actions",
    "Card",
    "Cards",
    "Game",
    "Hand",
    "HandScore",
    "IllegalActionError",
    "InvalidCardError",
    "Phase",
    "Rank",
    "RecordError",
    "Rules",
    "Seat",
    "Suit",
    "Team",
    "Trick",
    "cards",
    "choose_first_dealer",
    "deck",
    "effective_suit",
    "house_rules",
    "is_trump",
    "left_bower",
    "legal_plays",
    "replay",
    "right_bower",
    "score_hand",
    "set_house_rules",
    "trick_winner",
    "trump_order",
]

# The tools that pull in more code are imported on first use (``el.quiz``, ``el.solve``), so that
# ``import euchre_learn`` stays light: no ipywidgets, no matplotlib.
_SUBMODULES = {
    "bots": "euchre_learn.analysis.bots",
    "examples": "euchre_learn.analysis.examples",
    "explain": "euchre_learn.engine.explain",
    "plots": "euchre_learn.analysis.plots",
    "puzzles": "euchre_learn.analysis.puzzles",
    "quiz": "euchre_learn.teaching.quiz",
    "render": "euchre_learn.display",
    "stepper": "euchre_learn.interactive.stepper",
    "table": "euchre_learn.interactive.table",
    "tournament": "euchre_learn.analysis.tournament",
    "widgets": "euchre_learn.teaching.widgets",
}
_FUNCTIONS = {
    "advise": ("euchre_learn.analysis.advisor", "advise"),
    "review": ("euchre_learn.analysis.reviewer", "review"),
    "solve": ("euchre_learn.analysis.solver", "solve"),
}


def __getattr__(name: str) -> Any:
    """``el.quiz``, ``el.bots``, ``el.solve``, ...: imported on first use (see ``_SUBMODULES``)."""
    import importlib

    if name in _SUBMODULES:
        return importlib.import_module(_SUBMODULES[name])
    if name in _FUNCTIONS:
        module, attribute = _FUNCTIONS[name]
        return getattr(importlib.import_module(module), attribute)
    raise AttributeError(f"module 'euchre_learn' has no attribute {name!r}")


_compat.install()
