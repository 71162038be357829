"""The display floor's settings and style: the options every rendering reads (the deck's
colours, the scale), the stylesheets (package data files beside this module, read with
:mod:`importlib.resources`), and the root element every rendering sits in.

The card stylesheet is ``cards.css``. Any other floor that needs its own CSS in an output
puts a ``<name>.css`` file here and reads it with :func:`stylesheet` (the text of the
file) or :func:`css` (a ``<style>`` block, one line per rule).
"""

from __future__ import annotations

import html as _html
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal

from euchre_learn.engine.errors import quote

__all__ = ["DeckStyle", "RenderOptions", "css", "escape", "options", "root", "set_deck_style", "stylesheet"]


@dataclass
class RenderOptions:
    """Module-wide display settings; change them on :data:`options`.

    ``four_color``: draw ♣ green, ♦ blue, ♥ red, ♠ black (a four-colour deck) instead of
    the usual red and black. Every function also takes ``four_color=`` for one call.

    >>> from euchre_learn import render
    >>> render.options.four_color
    False
    """

    four_color: bool = False
    scale: float = 1.0
    """Size of everything, 1.0 = cards 49 by 70 pixels; 0.8 fits a table in a narrow notebook.
    (The CSS reads ``--el-scale``, so any element around a rendering can set it too.)"""

    def __post_init__(self) -> None:
        _check_scale(self.scale)


def _check_scale(scale: object) -> float:
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0.3 <= scale <= 4:
        raise ValueError(f"render scale must be a number from 0.3 to 4 (1.0 is the normal size), not {quote(scale)}")
    return float(scale)


options = RenderOptions()
"""The settings every rendering uses unless a call says otherwise (see :class:`RenderOptions`)."""

DeckStyle = Literal["two-color", "four-color"]


def set_deck_style(style: DeckStyle) -> None:
    """Choose the deck's colours for every later rendering: ``'two-color'`` (♣ ♠ black,
    ♦ ♥ red, the default) or ``'four-color'`` (♣ green, ♦ blue, ♥ red, ♠ black).

    >>> from euchre_learn import Card, render
    >>> render.set_deck_style('four-color')
    >>> 'el-4c' in render.card_html(Card.parse('9♣'))
    True
    >>> render.set_deck_style('two-color')
    >>> render.set_deck_style('green')
    Traceback (most recent call last):
    ...
    ValueError: deck style 'green' is not known: use 'two-color' or 'four-color'
    """
    key = style.strip().lower().replace("_", "-").replace("colour", "color") if isinstance(style, str) else style
    if key in ("two-color", "2-color", "standard"):
        options.four_color = False
    elif key in ("four-color", "4-color"):
        options.four_color = True
    else:
        raise ValueError(f"deck style {quote(style)} is not known: use 'two-color' or 'four-color'")


# --- stylesheets ----------------------------------------------------------------------------
_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)


@cache
def stylesheet(name: str = "cards") -> str:
    """The text of the display floor's stylesheet ``<name>.css`` (comments left out).

    >>> '.el-card{' in stylesheet('cards')
    True
    >>> stylesheet('nope')
    Traceback (most recent call last):
    ...
    ValueError: no stylesheet 'nope' on the display floor: ...
    """
    known = sorted(f.name[:-4] for f in resources.files(__package__).iterdir() if f.name.endswith(".css"))
    if name not in known:
        raise ValueError(f"no stylesheet {quote(name)} on the display floor: use one of {', '.join(known)}")
    return _COMMENT.sub("", resources.files(__package__).joinpath(f"{name}.css").read_text(encoding="utf-8"))


@cache
def css(name: str = "cards") -> str:
    """The ``<style>`` block of a stylesheet (one line per rule): by default the one every
    rendering needs, for outputs built from several renderings made with ``style=False``.

    >>> css().startswith('<style>') and '.el-card' in css()
    True
    """
    return "<style>" + " ".join(line.strip() for line in stylesheet(name).strip().splitlines()) + "</style>"


def root(body: str, kind: str, four_color: bool | None, *, style: bool, inline: bool = False) -> str:
    """``body`` inside the element every rendering sits in (``el-root el-<kind>``), with the
    deck's colours and the scale of :data:`options`, and the card ``<style>`` block unless
    ``style=False``.

    >>> root('x', 'one', None, style=False, inline=True)
    '<span class="el-root el-one">x</span>'
    """
    four = options.four_color if four_color is None else four_color
    tag = "span" if inline else "div"
    cls = f"el-root el-{kind}" + (" el-4c" if four else "")
    scale = _check_scale(options.scale)
    size = f' style="--el-scale:{scale:g}"' if scale != 1 else ""
    return f'<{tag} class="{cls}"{size}>{css() if style else ""}{body}</{tag}>'


def escape(text: object) -> str:
    """``str(text)`` escaped for HTML, quotes included.

    >>> escape('<b "x">')
    '&lt;b &quot;x&quot;&gt;'
    """
    return _html.escape(str(text), quote=True)
