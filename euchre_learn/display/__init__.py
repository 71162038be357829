"""The display floor, just above the engine: cards, holdings, tricks, hands and games as HTML.

``el.render`` is this package. The plain-text renderings live in the engine
(:mod:`euchre_learn.engine.text`, what ``str()`` shows) and are named here too.
"""

from euchre_learn.display.html import (
    RenderOptions,
    back_html,
    card_html,
    card_text,
    css,
    game_html,
    game_text,
    hand_html,
    hand_text,
    holding_html,
    holding_text,
    options,
    set_deck_style,
    trick_html,
    trick_text,
)

__all__ = [
    "RenderOptions",
    "back_html",
    "card_html",
    "card_text",
    "css",
    "game_html",
    "game_text",
    "hand_html",
    "hand_text",
    "holding_html",
    "holding_text",
    "options",
    "set_deck_style",
    "trick_html",
    "trick_text",
]
