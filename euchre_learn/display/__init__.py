"""The display floor, just above the engine: cards, holdings, tricks, hands and games as HTML
(``el.render`` is this package).

This package is imported lazily, by the ``_repr_html_`` methods of :class:`~euchre_learn.Card`,
:class:`~euchre_learn.Cards`, :class:`~euchre_learn.Trick`, :class:`~euchre_learn.Hand`
and :class:`~euchre_learn.Game` (as ``chess.svg`` is imported by python-chess), so
``import euchre_learn`` stays light. Everything here is string building: no images, no
web fonts, no network, no ipywidgets or matplotlib.

How it looks, and why:

- A card is a small white card with dark ink, the rank and suit symbol in two corners,
  the suit symbol large in the middle and the suit's **name** written under it. Colour is
  never the only cue: every suit has its shape and its name, every card has an
  ``aria-label`` ("jack of hearts") and a tooltip. Because a card carries its own white
  face, it reads on JupyterLab's light and dark themes alike.
- Everything around the cards uses JupyterLab's theme variables with fallbacks
  (``var(--jp-ui-font-color1, #222)``), or the table's own felt, so it reads on either theme.
- The default palette is two-colour (♣ ♠ near-black, ♦ ♥ a vermilion red that stays
  distinct from black for red-blind readers). The four-colour deck (♣ green, ♦ blue,
  ♥ red, ♠ black) is an option: ``render.options.four_color = True``,
  :func:`set_deck_style`, or ``four_color=True`` in a call.
- The CSS (``cards.css``, a package data file) is one ``<style>`` block, scoped by the ``el-`` class prefix, emitted once per
  output. Pass ``style=False`` when putting several renderings in one output, and add
  :func:`css` once.
- Where the ``<style>`` block is stripped (JupyterLab sanitizes the outputs of a notebook
  it does not trust, e.g. a lesson opened before its cells are run), the markup still reads
  as text: each card shows once as ``J♥``, a face-down card as ``▮``; the decorations are
  ``hidden`` until the CSS shows them.
- ``render.options.scale`` (default 1.0) sizes everything; 0.8 fits a narrow notebook.

The text versions (:func:`hand_text`, :func:`holding_text`, :func:`trick_text`,
:func:`game_text`, :func:`card_text`) are what ``str()`` and IPython's plain-text
display show: they live in the engine (:mod:`euchre_learn.engine.text`) and are named here too.

Rooms: :mod:`~euchre_learn.display.style` (the options, the stylesheets, the root element),
:mod:`~euchre_learn.display.html` (cards, holdings, tricks), :mod:`~euchre_learn.display.table`
(the table and the scoreboard).

>>> from euchre_learn import Card, cards, render
>>> html = render.card_html(Card.parse('J♥'))
>>> 'J♥' in html, 'jack of hearts' in html, 'el-hearts' in html
(True, True, True)
>>> render.holding_text(cards('J♦ A♦ K♣'), legal=cards('J♦'))
'[J♦] A♦ K♣  (legal in brackets)'
"""

from euchre_learn.display.html import back_html, card_html, holding_html, trick_html
from euchre_learn.display.style import DeckStyle, RenderOptions, css, options, root, set_deck_style, stylesheet
from euchre_learn.display.table import game_html, hand_html
from euchre_learn.engine.text import (
    Names,
    ShowSeats,
    card_name,
    card_text,
    game_text,
    hand_text,
    holding_text,
    trick_text,
)

__all__ = [
    "DeckStyle",
    "Names",
    "RenderOptions",
    "ShowSeats",
    "back_html",
    "card_html",
    "card_name",
    "card_text",
    "css",
    "game_html",
    "game_text",
    "hand_html",
    "hand_text",
    "holding_html",
    "holding_text",
    "options",
    "root",
    "set_deck_style",
    "stylesheet",
    "trick_html",
    "trick_text",
]
