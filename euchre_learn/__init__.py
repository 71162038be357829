"""euchre_learn: learn Euchre with an exact rules engine, rendered cards and quizzes.

>>> import euchre_learn as el
>>> el.legal_plays(el.cards('J♦ A♦ K♣'), 'hearts', led='9♥')
cards('J♦')
"""

from __future__ import annotations

from typing import Any

from .actions import Action, Actions
from .cards import Card, Cards, InvalidCardError, Rank, Seat, Suit, Team, cards, deck
from .game import Game, choose_first_dealer
from .hand import Hand, IllegalActionError, Phase, Trick
from .records import RecordError, replay
from .rules import HandScore, Rules, score_hand
from .settings import house_rules, set_house_rules
from .trump import effective_suit, is_trump, left_bower, legal_plays, right_bower, trick_winner, trump_order

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

_SUBMODULES = ("quiz", "bots", "examples", "explain", "render", "widgets", "table", "stepper", "tournament", "plots")


def __getattr__(name: str) -> Any:
    """Submodules and tools that pull in more code are imported on first use, so that
    ``import euchre_learn`` stays light (no ipywidgets, no matplotlib)."""
    import importlib

    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    if name == "solve":
        return importlib.import_module(".solver", __name__).solve
    if name == "advise":
        return importlib.import_module(".advisor", __name__).advise
    if name == "review":
        return importlib.import_module(".reviewer", __name__).review
    raise AttributeError(f"module 'euchre_learn' has no attribute {name!r}")
