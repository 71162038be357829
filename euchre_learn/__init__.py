"""euchre_learn: learn Euchre with an exact rules engine, rendered cards and quizzes.

>>> import euchre_learn as el
>>> el.legal_plays(el.cards('J♦ A♦ K♣'), 'hearts', led='9♥')
cards('J♦')

The cards, the rules, a hand and a game are imported with the package. The tools that pull in
more code are imported on first use, so that ``import euchre_learn`` stays light (no ipywidgets,
no matplotlib): the functions ``el.solve``, ``el.advise``, ``el.hint``, ``el.review``,
``el.review_decision`` and ``el.situation``, and the modules
``el.bots``, ``el.egn``, ``el.examples``, ``el.explain``, ``el.plots``, ``el.puzzles``, ``el.quiz``,
``el.render``, ``el.stepper``, ``el.table``, ``el.tournament`` and ``el.widgets``. Each one also
has one home on its floor (``el.quiz`` is :mod:`euchre_learn.teaching.quiz`, ``el.solve`` is
:func:`euchre_learn.analysis.solver.solve`); docs/architecture.md draws the floors.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:  # what __getattr__ imports on first use, spelled out for type checkers
    from euchre_learn import charts as plots
    from euchre_learn import display as render
    from euchre_learn.analysis import bots, examples, puzzles, tournament
    from euchre_learn.analysis.advisor import advise
    from euchre_learn.analysis.coach import hint
    from euchre_learn.analysis.review import review, review_decision
    from euchre_learn.analysis.situation import situation
    from euchre_learn.analysis.solver import solve
    from euchre_learn.engine import egn, explain
    from euchre_learn.interactive import stepper, table
    from euchre_learn.teaching import quiz, widgets

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
    "advise",
    "bots",
    "cards",
    "choose_first_dealer",
    "deck",
    "effective_suit",
    "egn",
    "examples",
    "explain",
    "hint",
    "house_rules",
    "is_trump",
    "left_bower",
    "legal_plays",
    "plots",
    "puzzles",
    "quiz",
    "render",
    "replay",
    "review",
    "review_decision",
    "right_bower",
    "score_hand",
    "set_house_rules",
    "situation",
    "solve",
    "stepper",
    "table",
    "tournament",
    "trick_winner",
    "trump_order",
    "widgets",
]

# The tools that pull in more code are imported on first use (``el.quiz``, ``el.solve``), so that
# ``import euchre_learn`` stays light: no ipywidgets, no matplotlib. They are in ``__all__`` and
# ``dir(el)`` (so ``help(el)`` lists them); ``from euchre_learn import *`` imports them all.
_SUBMODULES = {
    "bots": "euchre_learn.analysis.bots",
    "egn": "euchre_learn.engine.egn",
    "examples": "euchre_learn.analysis.examples",
    "explain": "euchre_learn.engine.explain",
    "plots": "euchre_learn.charts",
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
    "hint": ("euchre_learn.analysis.coach", "hint"),
    "review": ("euchre_learn.analysis.review", "review"),
    "review_decision": ("euchre_learn.analysis.review", "review_decision"),
    "situation": ("euchre_learn.analysis.situation", "situation"),
    "solve": ("euchre_learn.analysis.solver", "solve"),
}


if not TYPE_CHECKING:  # type checkers see the names themselves (above), so a misspelt one is an error

    def __getattr__(name: str) -> Any:
        """``el.quiz``, ``el.bots``, ``el.solve``, ...: imported on first use (see ``_SUBMODULES``)."""
        import importlib

        if name in _SUBMODULES:
            return importlib.import_module(_SUBMODULES[name])
        if name in _FUNCTIONS:
            module, attribute = _FUNCTIONS[name]
            return getattr(importlib.import_module(module), attribute)
        raise AttributeError(f"module 'euchre_learn' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The names of the package, those imported on first use included (``dir(el)``, completion)."""
    return sorted({*globals(), *_SUBMODULES, *_FUNCTIONS})
