"""Cards, holdings, tricks, hands and games as HTML and as plain text.

This module is imported lazily, by the ``_repr_html_`` methods of :class:`~euchre_learn.Card`,
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
- The CSS is one ``<style>`` block, scoped by the ``el-`` class prefix, emitted once per
  output. Pass ``style=False`` when putting several renderings in one output, and add
  :func:`css` once.
- Where the ``<style>`` block is stripped (JupyterLab sanitizes the outputs of a notebook
  it does not trust, e.g. a lesson opened before its cells are run), the markup still reads
  as text: each card shows once as ``J♥``, a face-down card as ``▮``; the decorations are
  ``hidden`` until the CSS shows them.
- ``render.options.scale`` (default 1.0) sizes everything; 0.8 fits a narrow notebook.

The text versions (:func:`hand_text`, :func:`holding_text`, :func:`trick_text`,
:func:`game_text`, :func:`card_text`) are what ``str()`` and IPython's plain-text
display show.

>>> from euchre_learn import Card, cards, render
>>> html = render.card_html(Card.parse('J♥'))
>>> 'J♥' in html, 'jack of hearts' in html, 'el-hearts' in html
(True, True, True)
>>> render.holding_text(cards('J♦ A♦ K♣'), legal=cards('J♦'))
'[J♦] A♦ K♣  (legal in brackets)'
"""

from __future__ import annotations

import html as _html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from euchre_learn.engine.cards import Card, Seat, Suit, Team
from euchre_learn.engine.errors import quote
from euchre_learn.engine.rules import Rules

if TYPE_CHECKING:
    from euchre_learn.engine.game import Game
    from euchre_learn.engine.hand import Hand, Trick

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


# --- options --------------------------------------------------------------------------------
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
Names = Mapping[Seat, str] | Mapping[str, str] | Mapping[Seat | str, str]
"""Player names by seat (``{'S': 'You'}`` or ``{Seat.S: 'You'}``)."""
ShowSeats = Iterable[Seat | str] | Iterable[Seat] | Iterable[str] | Seat | str | None
"""The seats whose cards are face up: one seat, several, or ``None`` for all."""


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


# --- CSS ------------------------------------------------------------------------------------
# Colours: ink on a white card face. Two-colour: vermilion (#cc3311, Paul Tol's "vibrant"
# red, 5:1 on white) and near-black. Four-colour adds a blue-green and a blue that stay
# apart in lightness and hue for the common colour-vision deficiencies.
# Long lines wrap, never cut off: the table is at most as wide as its output (max-width:100%,
# though never narrower than its cards: min-width:min-content),
# the bidding log and the result wrap, and the makers' note takes the tricks panel's
# width instead of widening it (width:0;min-width:100%). JupyterLab styles every dl, dt and dd
# of an output (dl: width 100%, overflow hidden; dt 20% and dd 80% wide, floated), which cut
# the panels' values off at the dl's edge: the panels undo that.
_CSS = """
.el-root{--el-ink:#1b1b1b;--el-red:#cc3311;--el-green:#0a7148;--el-blue:#1b5fbf;
 --el-face:#fffef8;--el-edge:#8d8d8d;--el-felt:#1e5a3c;--el-felt-ink:#f3f7f1;--el-gold:#ffd95a;
 font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",Arial,sans-serif;
 font-size:calc(14px*var(--el-scale,1));line-height:1.25;color:var(--jp-ui-font-color1,inherit)}
span.el-root{display:inline-block;vertical-align:middle}
div.el-root{display:block;margin:.2em 0}
div.el-hand{container-type:inline-size}
.el-root *{box-sizing:border-box}
.el-sr{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;
 clip:rect(0,0,0,0);white-space:nowrap;border:0}
.el-card{display:inline-block;position:relative;width:3.5em;height:5em;margin:.15em;
 border-radius:.32em;background:var(--el-face);border:1px solid var(--el-edge);
 box-shadow:0 1px 2px rgba(0,0,0,.35);vertical-align:middle;color:var(--el-ink);
 font-family:"DejaVu Sans","Segoe UI Symbol","Apple Symbols","Noto Sans Symbols2",system-ui,sans-serif;
 font-variant-emoji:text;text-align:center;line-height:1;flex:none;font-size:calc(14px*var(--el-scale,1)*var(--el-fit,1));font-style:normal}
.el-ix{position:absolute;display:flex;flex-direction:column;align-items:center;font-weight:700;
 font-size:.84em;line-height:.98;letter-spacing:-.13em}
.el-ix i{font-style:normal;font-size:.86em;letter-spacing:0;margin-top:.04em}
.el-tl{top:.2em;left:.18em}
.el-br{bottom:.2em;right:.18em;transform:rotate(180deg)}
.el-face{position:absolute;left:0;right:0;top:.5em;display:flex;flex-direction:column;align-items:center}
.el-pip{font-size:1.8em;line-height:1.1}
.el-sn{font-size:.57em;line-height:1.15;font-weight:600;letter-spacing:-.01em;
 font-family:system-ui,-apple-system,"Segoe UI","DejaVu Sans Condensed","DejaVu Sans",sans-serif}
.el-clubs,.el-spades{color:var(--el-ink)}
.el-diamonds,.el-hearts{color:var(--el-red)}
.el-4c .el-clubs{color:var(--el-green)}
.el-4c .el-diamonds{color:var(--el-blue)}
.el-benny{color:#6a2c91}
.el-bt{display:none}
.el-small{font-size:calc(9px*var(--el-scale,1)*var(--el-fit,1))}
.el-small .el-sn,.el-small .el-br{display:none}
.el-back{background-color:#2b4a8b;background-image:repeating-linear-gradient(45deg,rgba(255,255,255,.2) 0 2px,transparent 2px 7px),
 repeating-linear-gradient(-45deg,rgba(255,255,255,.2) 0 2px,transparent 2px 7px);
 box-shadow:inset 0 0 0 .22em var(--el-face),0 1px 2px rgba(0,0,0,.35)}
.el-holding{display:inline-flex;flex-wrap:wrap;align-items:flex-end;vertical-align:middle;min-height:5em}
.el-backs .el-card+.el-card{margin-left:-1.9em}
.el-legal{transform:translateY(-.45em);box-shadow:0 0 0 .16em var(--el-gold),0 .3em .4em rgba(0,0,0,.35)}
.el-notlegal{opacity:.5;filter:grayscale(.4)}
.el-hl{box-shadow:0 0 0 .2em var(--el-gold),0 1px 2px rgba(0,0,0,.35)}
.el-mark{display:block;position:absolute;left:50%;transform:translateX(-50%);bottom:-1.15em;font-size:.62em;font-weight:700;
 white-space:nowrap;color:var(--jp-ui-font-color1,inherit)}
.el-badge{display:inline-block;padding:.05em .45em;border-radius:.8em;font-size:.78em;font-weight:700;
 background:#eceff1;color:#1b1b1b;border:1px solid #9aa3a8;white-space:nowrap;vertical-align:middle;line-height:1.3}
.el-b-dealer{background:#fff;border-color:#1b1b1b}
.el-b-turn{background:var(--el-gold);border-color:#7a5d00}
.el-b-win{background:#ffe08a;border-color:#7a5d00}
.el-b-out{background:#cfd8dc;color:#37474f}
.el-b-maker{background:#e3f0ff;border-color:#1b5fbf;color:#0b3270}
.el-suit{display:inline-block;padding:0 .4em;border-radius:.3em;background:var(--el-face);
 border:1px solid var(--el-edge);color:var(--el-ink);font-weight:600;white-space:nowrap}
.el-suit b{font-size:1.1em}
.el-table{display:grid;grid-template-columns:minmax(12em,1fr) auto minmax(12em,1fr);
 grid-template-areas:"info n tricks" "w mid e" "turn s log";gap:.6em .9em;padding:.8em .9em;
 background:var(--el-felt);color:var(--el-felt-ink);border-radius:1.1em;border:.35em solid #6b4423;
 width:max-content;max-width:100%;min-width:min-content;box-shadow:inset 0 0 2.5em rgba(0,0,0,.35);font-size:calc(14px*var(--el-scale,1)*var(--el-fit,1))}
@container (max-width:960px){.el-table{--el-fit:.88}}
@container (max-width:840px){.el-table{--el-fit:.76}}
@container (max-width:730px){.el-table{--el-fit:.64}}
@container (max-width:620px){.el-table{--el-fit:.54}}
.el-table .el-mark{color:var(--el-felt-ink)}
.el-seat{border-radius:.6em;padding:.3em .45em .45em;border:2px solid transparent;min-width:11em}
.el-seat-N{grid-area:n}.el-seat-S{grid-area:s}.el-seat-W{grid-area:w;align-self:center}
.el-seat-E{grid-area:e;align-self:center}
.el-seat-N,.el-seat-S{justify-self:center;text-align:center}
.el-turn{border-color:var(--el-gold);background:rgba(255,217,90,.13)}
.el-out .el-holding{opacity:.55}
.el-seat-head{display:flex;gap:.35em;align-items:center;flex-wrap:wrap;margin-bottom:.15em;font-size:.95em}
.el-seat-N .el-seat-head,.el-seat-S .el-seat-head{justify-content:center}
.el-seat-name{font-weight:700;font-size:1.08em}
.el-team-tag{opacity:.8;font-size:.85em}
.el-panel{font-size:.92em;align-self:start}
.el-root .el-panel :is(dl,dt,dd){float:none;width:auto;overflow:visible;padding:0;margin:0}
.el-panel dl{display:grid;grid-template-columns:auto 1fr;gap:.25em .6em;margin:0;align-items:center}
.el-panel dt{opacity:.85}
.el-panel dd{margin:0;font-weight:600}
.el-panel dt,.el-panel dd{white-space:nowrap}
.el-note{font-size:.85em;opacity:.9;margin-top:.25em;width:0;min-width:100%}
.el-p-info{grid-area:info}.el-p-tricks{grid-area:tricks;justify-self:end}
.el-p-turn{grid-area:turn;align-self:end}.el-p-log{grid-area:log;align-self:end;justify-self:end;max-width:16em}
.el-p-head{font-weight:700;text-transform:uppercase;letter-spacing:.06em;font-size:.78em;opacity:.85;margin-bottom:.2em}
.el-pips{letter-spacing:.1em;font-size:1.05em}
.el-mid{grid-area:mid;justify-self:center;align-self:center;text-align:center;min-width:17em;min-height:15.4em;display:flex;flex-direction:column;justify-content:center}
.el-pos{position:relative;width:17em;height:15.4em;margin:0 auto}
.el-slot{position:absolute;display:flex;flex-direction:column;align-items:center;gap:.05em;font-size:.85em}
.el-slot-N{top:0;left:50%;transform:translateX(-50%)}
.el-slot-S{bottom:0;left:50%;transform:translateX(-50%)}
.el-slot-W{left:0;top:50%;transform:translateY(-50%)}
.el-slot-E{right:0;top:50%;transform:translateY(-50%)}
.el-slot-cap{white-space:nowrap;font-weight:700}
.el-slot-tags{white-space:nowrap;font-weight:700;font-size:.95em;line-height:1.15}
.el-slot-tags span{display:block}
.el-won .el-card{box-shadow:0 0 0 .2em var(--el-gold),0 1px 3px rgba(0,0,0,.5)}
.el-caption{font-size:.88em;margin-top:.35em;max-width:17em;margin-left:auto;margin-right:auto}
.el-turned{transform:rotate(90deg);opacity:.8;margin:.6em .9em}
.el-deck{display:inline-flex;align-items:center;gap:.6em}
.el-trick{display:inline-flex;gap:.5em;align-items:flex-start;padding:.3em .2em 1.1em}
.el-trick .el-slot{position:static;transform:none}
.el-log{font-size:.88em;line-height:1.35;overflow-wrap:break-word}
.el-result{font-weight:700}
.el-text{margin-top:.4em;font-size:.85em}
.el-text summary{cursor:pointer;opacity:.75}
.el-text pre{margin:.3em 0 0;padding:.4em .6em;background:var(--jp-layout-color2,rgba(127,127,127,.12));
 color:var(--jp-content-font-color1,inherit);border-radius:.3em;font-size:1em;line-height:1.35}
.el-board{display:inline-block;min-width:24em;padding:.6em .9em;border-radius:.6em;
 border:1px solid var(--jp-border-color1,#9e9e9e);background:var(--jp-layout-color1,transparent);
 color:var(--jp-ui-font-color1,inherit)}
.el-board-head{font-size:.9em;opacity:.85;margin-bottom:.35em}
.el-team{display:grid;grid-template-columns:8.5em 2.4em auto;align-items:center;gap:.6em;padding:.25em 0}
.el-team-name{font-weight:700}
.el-points{font-size:1.6em;font-weight:800;text-align:right;font-variant-numeric:tabular-nums}
.el-track{display:flex;gap:2px;flex-wrap:wrap;align-items:center}
.el-track span{width:.9em;height:.9em;border-radius:2px;border:1px solid var(--jp-ui-font-color2,#777)}
.el-track span.el-on{background:var(--jp-ui-font-color1,#333);border-color:var(--jp-ui-font-color1,#333)}
.el-bar{height:.8em;width:12em;border:1px solid var(--jp-ui-font-color2,#777);border-radius:.4em;overflow:hidden}
.el-bar span{display:block;height:100%;background:var(--jp-ui-font-color1,#333)}
.el-team-notes{grid-column:3}
.el-winner .el-team-name::before{content:"\\2605  "}
.el-hands{border-collapse:collapse;margin-top:.5em;font-size:.88em}
.el-hands th,.el-hands td{padding:.12em .55em;border-bottom:1px solid var(--jp-border-color2,rgba(127,127,127,.35));text-align:left}
"""
_STYLE = "<style>" + " ".join(line.strip() for line in _CSS.strip().splitlines()) + "</style>"


def css() -> str:
    """The ``<style>`` block every rendering needs, for outputs built from several
    renderings made with ``style=False``.

    >>> css().startswith('<style>') and '.el-card' in css()
    True
    """
    return _STYLE


def _root(body: str, kind: str, four_color: bool | None, *, style: bool, inline: bool = False) -> str:
    four = options.four_color if four_color is None else four_color
    tag = "span" if inline else "div"
    cls = f"el-root el-{kind}" + (" el-4c" if four else "")
    scale = _check_scale(options.scale)
    size = f' style="--el-scale:{scale:g}"' if scale != 1 else ""
    return f'<{tag} class="{cls}"{size}>{_STYLE if style else ""}{body}</{tag}>'


def _esc(text: object) -> str:
    return _html.escape(str(text), quote=True)


# --- text -----------------------------------------------------------------------------------
def card_text(card: Card, rules: Rules | None = None) -> str:
    """A card as text: ``'J♥'``; the Benny is ``'Benny'``, or ``'2♠ (Benny)'`` when the rules
    play the 2♠ as the Benny (R1.1).

    >>> from euchre_learn import Card, Rules
    >>> card_text(Card.parse('10♦')), card_text(Card.parse('Benny'), Rules(benny='2♠'))
    ('10♦', '2♠ (Benny)')
    """
    if card.is_benny and rules is not None and rules.benny == "2♠":
        return "2♠ (Benny)"
    return str(card)


def _card_name(card: Card, rules: Rules | None) -> str:
    if card.is_benny:
        if rules is not None and rules.benny == "2♠":
            return "the Benny (the two of spades, always the highest trump)"
        return "the Benny (a joker, always the highest trump)"
    return card.name


def holding_text(items: Iterable[Card], *, legal: Iterable[Card] | None = None, rules: Rules | None = None) -> str:
    """A holding as text, legal cards in brackets when ``legal`` is given.

    >>> from euchre_learn import cards
    >>> holding_text(cards('9♥ J♦ A♦'))
    '9♥ J♦ A♦'
    >>> holding_text(cards('9♥ J♦ A♦'), legal=cards('9♥ J♦'))
    '[9♥] [J♦] A♦  (legal in brackets)'
    """
    shown = list(items)
    if not shown:
        return "—"
    if legal is None:
        return " ".join(card_text(c, rules) for c in shown)
    ok = set(legal)
    body = " ".join(f"[{card_text(c, rules)}]" if c in ok else card_text(c, rules) for c in shown)
    return body + "  (legal in brackets)"


def _trick_winner_seat(trick: Trick, trump: Suit | None) -> Seat | None:
    if trick.winner is not None:
        return trick.winner
    if trump is None or not trick.cards:
        return None
    from euchre_learn.engine.trump import trick_winner

    return trick.seats[trick_winner(trick.cards, trump)]


def trick_text(trick: Trick, *, trump: Suit | str | None = None, rules: Rules | None = None) -> str:
    """A trick as text, in play order: who led, each seat's card, who wins.

    With ``trump``, a trick in progress also says who is winning it so far.

    >>> from euchre_learn import Seat, Trick, cards
    >>> t = Trick(Seat.W, cards('9♥ J♦ A♥ 10♥'), (Seat.W, Seat.N, Seat.E, Seat.S), Seat.N)
    >>> trick_text(t)
    'W led 9♥, N J♦, E A♥, S 10♥ → N wins'
    >>> trick_text(t._replace(cards=t.cards[:2], seats=t.seats[:2], winner=None), trump='hearts')
    'W led 9♥, N J♦ → N winning so far'
    """
    if not trick.cards:
        return f"{trick.leader} to lead"
    parts = [
        f"{s} led {card_text(c, rules)}" if i == 0 else f"{s} {card_text(c, rules)}"
        for i, (s, c) in enumerate(zip(trick.seats, trick.cards, strict=True))
    ]
    t = Suit.parse(trump) if trump is not None else None
    win = _trick_winner_seat(trick, t)
    tail = ""
    if trick.winner is not None:
        tail = f" → {trick.winner} wins"
    elif win is not None:
        tail = f" → {win} winning so far"
    return ", ".join(parts) + tail


def _show_set(show: ShowSeats) -> frozenset[Seat]:
    if show is None:
        return frozenset(Seat)
    if isinstance(show, (str, Seat)):
        return frozenset((Seat.parse(show),))
    return frozenset(Seat.parse(s) for s in show)


def _seat_names(names: Names | None) -> dict[Seat, str]:
    out = {s: s.word for s in Seat}
    if names:
        for k, v in names.items():
            out[Seat.parse(k)] = str(v)
    return out


def _upcard_taken(hand: Hand) -> bool:
    """Whether the dealer picked the upcard up (R3.2)."""
    from euchre_learn.engine.hand import Phase

    return hand.phase == Phase.DISCARD or hand.discard is not None


def hand_text(
    hand: Hand,
    *,
    show: ShowSeats = None,
    names: Names | None = None,
) -> str:
    """A plain-text table: the state of the hand, one line per seat, the upcard, the trick,
    the tricks won and the result. Seats not in ``show`` (default: all) are face down.

    >>> from euchre_learn import Hand
    >>> hand = Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
    ...                              'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
    >>> print(hand_text(hand, show='S'))
    Dealer S · bidding round 1 · W to act
    N: ▮▮▮▮▮ (5 cards face down)
    E: ▮▮▮▮▮ (5 cards face down)
    S: 9♣ 10♣ Q♠ K♠ A♠  (dealer)
    W: ▮▮▮▮▮ (5 cards face down)  (to act)
    Upcard: A♥ (♥ hearts proposed)
    """
    shown = _show_set(show)
    who = _seat_names(names)
    rules = hand.rules
    head = [f"Dealer {hand.dealer}"]
    if hand.trump is not None:
        maker = f"{hand.maker}" + (" alone" if hand.alone else "")
        head.append(f"trump {hand.trump.symbol} {hand.trump.plural} (made by {maker})")
    head.append(str(hand.phase))
    if hand.to_act is not None:
        head.append(f"{hand.to_act} to act")
    lines = [" · ".join(head)]
    for seat in Seat:
        marks = []
        if names and who[seat] != seat.word:
            marks.append(who[seat])
        if seat == hand.dealer:
            marks.append("dealer")
        if seat == hand.maker:
            marks.append("maker, alone" if hand.alone else "maker")
        if seat == hand.lone_defender:
            marks.append("defends alone")
        if seat in hand.sitting_out:
            marks.append("sits out")
        if seat == hand.to_act:
            marks.append("to act")
        note = f"  ({', '.join(marks)})" if marks else ""
        held = hand.holding(seat)
        if seat in shown or not held:
            body = holding_text(held, rules=rules)
        else:
            body = "▮" * len(held) + f" ({len(held)} card{'s' if len(held) != 1 else ''} face down)"
        lines.append(f"{seat}: {body}{note}")
    up = card_text(hand.upcard, rules)
    if hand.turned_down is not None:
        lines.append(
            f"Upcard: {up} (turned down: {hand.turned_down.symbol} {hand.turned_down.plural} may not be named)"
        )
    elif hand.trump is None:
        proposed = hand.proposed
        prop = (
            f" ({proposed.symbol} {proposed.plural} proposed)" if proposed is not None else " (the dealer names a suit)"
        )
        lines.append(f"Upcard: {up}{prop}")
    elif _upcard_taken(hand):
        lines.append(f"Upcard: {up} (taken up by the dealer, {hand.dealer})")
    else:
        lines.append(f"Upcard: {up} (not taken: the dealer sits out)")
    trick = hand.current_trick
    if trick is not None and trick.cards:
        lines.append(f"Trick {len(hand.tricks) + 1}: {trick_text(trick, trump=hand.trump, rules=rules)}")
    elif hand.tricks:
        last = hand.tricks[-1]
        lines.append(f"Trick {len(hand.tricks)}: {trick_text(last, rules=rules)}")
    if hand.trump is not None:
        won = hand.tricks_won
        lines.append("Tricks: " + ", ".join(f"{t} {n}" for t, n in won.items()))
    if hand.score is not None:
        lines.append("Result: " + _result_words(hand))
    if hand.thrown_in:
        lines.append("Thrown in: all four passed twice; no score, the deal passes left (R4.2)")
    return "\n".join(lines)


def _result_words(hand: Hand) -> str:
    sc = hand.score
    assert sc is not None and hand.maker is not None
    makers = hand.maker.team
    took = hand.tricks_won[makers]
    tricks = f"{took} trick{'s' if took != 1 else ''}"
    if sc.outcome in ("made", "march"):
        what = "march" if sc.outcome == "march" else "made it"
        return f"{makers.word} {what} with {tricks}: {makers} scores {sc.makers}"
    word = "super euchred" if sc.outcome == "super euchre" else "euchred"
    return f"{makers.word} {word} with {tricks}: {makers.other} scores {sc.defenders}"


def game_text(game: Game) -> str:
    """The scoreboard as text: points, target, who is in the barn, the winner (R8).

    >>> from euchre_learn import Game
    >>> print(game_text(Game(seed=1, dealer='N')))
    Game to 10 points · hand 1 · dealer N
    North-South: 0
    East-West: 0
    """
    rules = game.rules
    head = [f"Game to {rules.points_to_win} points"]
    winner = game.winner
    if winner is None:
        head += [f"hand {len(game.hands) + 1}", f"dealer {game.hand.dealer}"]
    else:
        head.append(f"{winner.word} won")
    lines = [" · ".join(head)]
    barn = game.in_the_barn
    for team in Team:
        notes = []
        if team == winner:
            notes.append("winner")
        if team in barn:
            notes.append(f"in the barn: {game.score[team]} of {rules.points_to_win}")
        lines.append(f"{team.word}: {game.score[team]}" + (f"  ({'; '.join(notes)})" if notes else ""))
    return "\n".join(lines)


# --- HTML: cards ----------------------------------------------------------------------------
def _card(card: Card, rules: Rules | None, extra: str = "", note: str = "", mark: str = "") -> str:
    """One face-up card (no root, no style). ``extra``: more classes; ``note``: appended to
    the spoken label; ``mark``: a small visible caption under the card."""
    text = _esc(card_text(card, rules))
    name = _card_name(card, rules)
    label = _esc(name + note)
    tip = _esc(f"{name} ({card_text(card, rules)}){note}")
    marker = f'<span class="el-mark" aria-hidden="true" hidden="hidden">{_esc(mark)}</span>' if mark else ""
    if card.is_benny:
        deuce = rules is not None and rules.benny == "2♠"
        ix = "2<i>♠</i>" if deuce else "★"
        pip = "♠" if deuce else "★"
        return (
            f'<span class="el-card el-benny{extra}" data-card="{text}" role="img" aria-label="{label}" '
            f'title="{tip}"><span class="el-ix el-tl">{ix}</span>'
            f'<span class="el-face" hidden="hidden"><span class="el-pip" aria-hidden="true">{pip}</span>'
            f'<span class="el-sn">Benny</span></span>'
            f'<span class="el-ix el-br" aria-hidden="true" hidden="hidden">{ix}</span>{marker}</span>'
        )
    suit = card.suit
    rank = card.rank
    assert suit is not None and rank is not None
    sym = suit.symbol
    return (
        f'<span class="el-card el-{suit.plural}{extra}" data-card="{text}" role="img" '
        f'aria-label="{label}" title="{tip}">'
        f'<span class="el-ix el-tl">{rank.text}<i>{sym}</i></span>'
        f'<span class="el-face" hidden="hidden"><span class="el-pip" aria-hidden="true">{sym}</span>'
        f'<span class="el-sn">{suit.plural}</span></span>'
        f'<span class="el-ix el-br" aria-hidden="true" hidden="hidden">{rank.text}<i>{sym}</i></span>{marker}</span>'
    )


def _back(extra: str = "", label: str = "a face-down card") -> str:
    # the ▮ shows only where the CSS is stripped (an untrusted notebook), so a hidden card still shows
    return (
        f'<span class="el-card el-back{extra}" role="img" aria-label="{_esc(label)}" title="{_esc(label)}">'
        '<span class="el-bt">▮</span></span>'
    )


def card_html(
    card: Card,
    *,
    rules: Rules | None = None,
    four_color: bool | None = None,
    highlight: bool = False,
    style: bool = True,
) -> str:
    """One card as HTML: rank in the corners, the suit symbol large, the suit's name in text
    (and in the ``aria-label`` and tooltip), so colour is never the only cue.

    >>> from euchre_learn import Card, Rules
    >>> html = card_html(Card.parse('10♦'))
    >>> 'data-card="10♦"' in html, 'ten of diamonds' in html, '<style>' in html
    (True, True, True)
    >>> '2♠ (Benny)' in card_html(Card.parse('Benny'), rules=Rules(benny='2♠'))
    True
    """
    extra = " el-hl" if highlight else ""
    return _root(_card(card, rules, extra), "one", four_color, style=style, inline=True)


def back_html(count: int = 1, *, style: bool = True, label: str = "a face-down card") -> str:
    """``count`` face-down cards (card backs), overlapped like a small stack.

    >>> back_html(3, style=False).count('el-back"')
    3
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"count must be a whole number of cards (0 or more), not {quote(count)}")
    body = '<span class="el-holding el-backs">' + " ".join(_back(label=label) for _ in range(count)) + "</span>"
    return _root(body, "stack", False, style=style, inline=True)


def _holding(
    items: Iterable[Card],
    rules: Rules | None,
    legal: Iterable[Card] | None = None,
    highlight: Iterable[Card] | None = None,
    marks: Mapping[Card, str] | None = None,
) -> str:
    ok = None if legal is None else set(legal)
    hl = set(highlight) if highlight is not None else set()
    parts = []
    for c in items:
        extra, note = "", ""
        if ok is not None:
            if c in ok:
                extra, note = " el-legal", ", a legal play"
            else:
                extra, note = " el-notlegal", ", not a legal play"
        if c in hl:
            extra += " el-hl"
        parts.append(_card(c, rules, extra, note, (marks or {}).get(c, "")))
    return '<span class="el-holding">' + " ".join(parts) + "</span>"


def holding_html(
    items: Iterable[Card],
    *,
    legal: Iterable[Card] | None = None,
    highlight: Iterable[Card] | None = None,
    rules: Rules | None = None,
    four_color: bool | None = None,
    style: bool = True,
) -> str:
    """A player's cards in a row. With ``legal``, those cards are raised and ringed and the
    others dimmed (and each card's spoken label says which); ``highlight`` rings cards.

    >>> from euchre_learn import cards
    >>> html = holding_html(cards('9♥ J♦ A♦'), legal=cards('J♦'), style=False)
    >>> html.count('el-legal'), html.count('el-notlegal'), 'jack of diamonds, a legal play' in html
    (1, 2, True)
    """
    return _root(_holding(items, rules, legal, highlight), "hold", four_color, style=style, inline=True)


# --- HTML: tricks ---------------------------------------------------------------------------
def _slot(seat: Seat, card: Card, who: str, tags: list[str], rules: Rules | None, won: bool, note: str) -> str:
    cls = f"el-slot el-slot-{seat.name}" + (" el-won" if won else "")
    tag_html = (
        f'<span class="el-slot-tags">{" ".join(f"<span>{_esc(t)}</span>" for t in tags)}</span>'
        if tags
        else '<span class="el-slot-tags">&nbsp;</span>'
    )
    return (
        f'<div class="{cls}"><span class="el-slot-cap">{_esc(who)}</span> '
        f"{_card(card, rules, note=note)} {tag_html}</div>"
    )


def _trick_slots(
    trick: Trick, trump: Suit | None, rules: Rules | None, names: Mapping[Seat, str] | None = None
) -> list[str]:
    win = _trick_winner_seat(trick, trump)
    final = trick.winner is not None
    out = []
    for i, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=True)):
        who = (names or {}).get(seat, seat.word)
        tags = []
        notes = [f", played by {who}"]
        if i == 0:
            tags.append("led")
            notes.append(", led")
        if seat == win:
            tags.append("★ wins" if final else "★ winning")
            notes.append(", wins the trick" if final else ", winning so far")
        out.append(_slot(seat, card, who, tags, rules, seat == win, "".join(notes)))
    return out


def trick_html(
    trick: Trick,
    *,
    trump: Suit | str | None = None,
    rules: Rules | None = None,
    four_color: bool | None = None,
    style: bool = True,
) -> str:
    """A trick in play order: each card under the seat that played it, the leader marked
    "led" and the winner "★ wins" (for a trick in progress and a known ``trump``:
    "★ winning").

    >>> from euchre_learn import Seat, Trick, cards
    >>> t = Trick(Seat.W, cards('9♥ J♦ A♥'), (Seat.W, Seat.N, Seat.E), None)
    >>> html = trick_html(t, trump='hearts')
    >>> 'jack of diamonds, played by North, winning so far' in html, 'data-card="A♥"' in html
    (True, True)
    >>> trick_text(t, trump='hearts')
    'W led 9♥, N J♦, E A♥ → N winning so far'
    """
    t = Suit.parse(trump) if trump is not None else None
    slots = "".join(_trick_slots(trick, t, rules))
    if not trick.cards:
        slots = f'<span class="el-caption">{_esc(trick.leader.word)} to lead</span>'
    label = _esc("Trick: " + trick_text(trick, trump=t, rules=rules))
    body = f'<div class="el-trick" role="group" aria-label="{label}">{slots}</div>'
    return _root(body, "tricks", four_color, style=style)


# --- HTML: the table ------------------------------------------------------------------------
def _suit_chip(suit: Suit) -> str:
    return f'<span class="el-suit"><b class="el-{suit.plural}">{suit.symbol}</b> {suit.plural}</span>'


def _badge(text: str, kind: str = "") -> str:
    cls = "el-badge" + (f" el-b-{kind}" if kind else "")
    return f'<span class="{cls}">{_esc(text)}</span>'


_TURN_WORDS = {
    "BENNY": "to name the Benny's suit",
    "ROUND_1": "to bid",
    "ROUND_2": "to bid",
    "DISCARD": "to discard",
    "RAILROAD_GIVE": "to pass a card",
    "RAILROAD_TAKE": "to take or decline",
    "RAILROAD_DISCARD": "to discard",
    "DEFEND": "to defend alone or pass",
    "PLAY": "to play",
}


def _seat_html(hand: Hand, seat: Seat, shown: bool, who: str, mark_legal: bool) -> str:
    from euchre_learn.engine.hand import Phase

    rules = hand.rules
    held = hand.holding(seat)
    badges = []
    if seat == hand.dealer:
        badges.append(_badge("dealer", "dealer"))
    if seat == hand.maker:
        badges.append(_badge("maker, alone" if hand.alone else "maker", "maker"))
    if seat == hand.lone_defender:
        badges.append(_badge("defends alone", "maker"))
    out = seat in hand.sitting_out
    if out:
        badges.append(_badge("sits out", "out"))
    turn = seat == hand.to_act
    if turn:
        badges.append(_badge("▶ " + _TURN_WORDS.get(hand.phase.name, "to act"), "turn"))
    if shown:
        legal = None
        if mark_legal and turn and hand.phase in (Phase.PLAY, Phase.DISCARD, Phase.RAILROAD_DISCARD):
            acts = hand.legal_actions()
            legal = [a.card for a in acts if a.card is not None]
        hl = [hand.upcard] if hand.phase == Phase.DISCARD and seat == hand.dealer else None
        marks = {hand.upcard: "upcard"} if hl else None
        cards_html = _holding(held, rules, legal, hl, marks) if held else ""
    else:
        noun = "card" if len(held) == 1 else "cards"
        cards_html = '<span class="el-holding el-backs">' + " ".join(
            _back(label=f"{who}: {len(held)} {noun} face down") for _ in held
        )
        cards_html += "</span>"
    if not held:
        cards_html = '<span class="el-holding"><span class="el-caption">no cards left</span></span>'
    cls = f"el-seat el-seat-{seat.name}" + (" el-turn" if turn else "") + (" el-out" if out else "")
    team = f'<span class="el-team-tag">{seat.team}</span>'
    head = f'<div class="el-seat-head"><span class="el-seat-name">{_esc(who)}</span> {team} {" ".join(badges)}</div>'
    return f'<div class="{cls}" role="group" aria-label="{_esc(who)}">{head}{cards_html}</div>'


def _centre(hand: Hand, who: Mapping[Seat, str]) -> str:
    from euchre_learn.engine.hand import Phase

    rules = hand.rules
    phase = hand.phase
    up = hand.upcard
    trick = hand.current_trick
    if trick is not None and trick.cards:
        slots = "".join(_trick_slots(trick, hand.trump, rules, who))
        cap = f"Trick {len(hand.tricks) + 1}"
        return f'<div class="el-pos" role="group" aria-label="{_esc(cap)}">{slots}</div><div class="el-caption">{cap}</div>'
    if hand.tricks and (phase == Phase.PLAY or phase == Phase.OVER):
        last = hand.tricks[-1]
        slots = "".join(_trick_slots(last, hand.trump, rules, who))
        cap = f"Trick {len(hand.tricks)}, won by {who[last.winner] if last.winner is not None else '?'}"
        if phase == Phase.PLAY and hand.to_act is not None:
            cap += f"; {who[hand.to_act]} leads next"
        return f'<div class="el-pos" role="group" aria-label="{_esc(cap)}">{slots}</div><div class="el-caption">{_esc(cap)}</div>'
    kitty = (
        '<span class="el-holding el-backs">' + " ".join([_back(" el-small", "the kitty, face down")] * 3) + "</span>"
    )
    if phase == Phase.BENNY:
        body = _card(up, rules, " el-hl", ", the upcard")
        cap = "The Benny turned up: the dealer names the suit it proposes (R3.5)."
    elif phase == Phase.ROUND_1:
        body = _card(up, rules, "", ", the upcard")
        prop = hand.proposed
        named = "" if up.suit == prop or prop is None else " (named by the dealer for the Benny)"
        cap = f"Upcard {card_text(up, rules)}: round 1, " + (
            f"{prop.symbol} {prop.plural}{named} proposed as trump (R3.1)." if prop is not None else "."
        )
    elif phase == Phase.ROUND_2:
        body = _card(up, rules, " el-turned", ", turned down")
        td = hand.turned_down
        assert td is not None
        cap = f"Upcard {card_text(up, rules)} turned down: round 2, any suit but {td.symbol} {td.plural} (R4.1)."
    elif phase == Phase.DISCARD:
        body = ""
        cap = f"{who[hand.dealer]} took up {card_text(up, rules)} and discards one card (R3.2)."
    elif phase in (Phase.RAILROAD_GIVE, Phase.RAILROAD_TAKE, Phase.RAILROAD_DISCARD):
        body = ""
        cap = "Railroad: the loner's partner passes one card face down (R5.5)."
    elif phase == Phase.DEFEND:
        body = ""
        cap = "A defender may play alone against the loner (R5.4)."
    elif hand.thrown_in:
        body = _card(up, rules, " el-turned", ", turned down")
        cap = "Thrown in: all four passed twice. No score; the deal passes left (R4.2)."
    else:
        body = ""
        cap = ""
    return f'<div class="el-deck">{body} {kitty}</div>' + (f'<div class="el-caption">{_esc(cap)}</div>' if cap else "")


def _info_panel(hand: Hand, who: Mapping[Seat, str]) -> str:
    rules = hand.rules
    rows = [("Dealer", _esc(who[hand.dealer]))]
    if hand.trump is not None:
        rows.append(("Trump", _suit_chip(hand.trump)))
        maker = hand.maker
        assert maker is not None
        rows.append(("Maker", _esc(who[maker]) + (" — alone" if hand.alone else "")))
        if hand.lone_defender is not None:
            rows.append(("Defends alone", _esc(who[hand.lone_defender])))
        up = _card(hand.upcard, rules, " el-small", "")
        if hand.turned_down is not None:
            rows.append(("Upcard", f"{up} turned down"))
        elif _upcard_taken(hand):
            rows.append(("Upcard", f"{up} taken by {_esc(who[hand.dealer])}"))
        else:
            rows.append(("Upcard", f"{up} dead (dealer sits out)"))
    else:
        rows.append(("Trump", "not yet made"))
        if hand.turned_down is not None:
            rows.append(("Turned down", _suit_chip(hand.turned_down)))
    rnames = rules.name or "custom"
    rows.append(("Rules", _esc(rnames)))
    dl = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in rows)
    return f'<div class="el-panel el-p-info"><dl>{dl}</dl></div>'


def _tricks_panel(hand: Hand) -> str:
    won = hand.tricks_won
    makers = hand.maker.team if hand.maker is not None else None
    rows = []
    for team in Team:
        n = won[team]
        pips = "●" * n + "○" * (5 - n)
        rows.append(
            f'<dt>{team.word}</dt><dd><span class="el-pips" aria-hidden="true">{pips}</span> '
            f"{n} trick{'s' if n != 1 else ''}</dd>"
        )
    note = f'<div class="el-note">Makers: {makers.word}, who need 3 (R7.1)</div>' if makers is not None else ""
    return f'<div class="el-panel el-p-tricks"><div class="el-p-head">Tricks</div><dl>{"".join(rows)}</dl>{note}</div>'


def _turn_panel(hand: Hand, who: Mapping[Seat, str]) -> str:
    lines = [f'<div class="el-p-head">{_esc(str(hand.phase).capitalize())}</div>']
    if hand.to_act is not None:
        lines.append(f"<div>▶ {_esc(who[hand.to_act])} {_esc(_TURN_WORDS.get(hand.phase.name, 'to act'))}</div>")
    elif hand.score is not None:
        lines.append(f'<div class="el-result">{_esc(_result_words(hand))}</div>')
    elif hand.thrown_in:
        lines.append('<div class="el-result">Thrown in: no score (R4.2)</div>')
    return f'<div class="el-panel el-p-turn">{"".join(lines)}</div>'


def _log_panel(hand: Hand, shown: frozenset[Seat], who: Mapping[Seat, str]) -> str:
    """The bidding so far, in the seeds' words (the dealer *takes it up*, the partner
    *assists*, R3.1), hiding what a seat not shown did face down (a discard, a railroad card)."""
    from euchre_learn.engine.explain import make_word, suit_words

    items = []
    passes, round_1 = 0, True
    for seat, action in hand.history:
        kind = action.kind
        if kind == "play":
            continue
        if kind in ("discard", "give") and seat not in shown:
            text = "discard (face down)" if kind == "discard" else "give a card (face down)"
        elif kind == "order up":
            text = make_word(hand.dealer, seat) + (" alone" if action.alone else "")
        elif kind in ("call", "name") and action.suit is not None:
            text = f"{kind} {suit_words(action.suit)}" + (" alone" if action.alone else "")
        elif action.card is not None:
            text = f"{kind} {card_text(action.card, hand.rules)}"
        else:
            text = str(action)
        items.append(f"{_esc(who[seat])}: {_esc(text)}")
        if round_1 and kind == "pass":
            passes += 1
            if passes == 4:
                items.append('<span class="el-p-head">Round 2</span>')
                round_1 = False
        elif kind in ("order up", "call"):
            round_1 = False
    if not items:
        return ""
    return (
        '<div class="el-panel el-p-log"><div class="el-p-head">Bidding</div>'
        f'<div class="el-log">{"<br>".join(items)}</div></div>'
    )


def hand_html(
    hand: Hand,
    *,
    show: ShowSeats = None,
    names: Names | None = None,
    mark_legal: bool = False,
    four_color: bool | None = None,
    text: bool = True,
    style: bool = True,
) -> str:
    """The table: four seats around North, East, South and West with their names and cards,
    the dealer, maker, loner and whoever sits out marked, the upcard (or the turned-down
    card), trump, the current trick in the middle (or the last one, with its winner), the
    tricks each team has won, whose turn it is, the bidding so far, and the result.

    ``show``: the seats whose cards are face up (default: all); the others show card backs,
    and neither the cards nor the text version give them away. ``names``: player names by
    seat. ``mark_legal``: raise the legal cards of the seat to play or discard. ``text``:
    add a collapsed plain-text version (:func:`hand_text`).

    >>> from euchre_learn import Hand
    >>> hand = Hand.deal('S', seed=3)
    >>> html = hand_html(hand, show='S')
    >>> all(f'data-card="{c}"' in html for c in hand.holding('S'))
    True
    >>> any(f'data-card="{c}"' in html for c in hand.holding('N'))
    False
    >>> html.count('el-back"') >= 15
    True
    """
    shown = _show_set(show)
    who = _seat_names(names)
    seats = "".join(_seat_html(hand, s, s in shown, who[s], mark_legal) for s in Seat)
    centre = f'<div class="el-mid">{_centre(hand, who)}</div>'
    body = (
        f'<div class="el-table" role="group" aria-label="Euchre table">'
        f"{_info_panel(hand, who)}{_tricks_panel(hand)}{seats}{centre}{_turn_panel(hand, who)}"
        f"{_log_panel(hand, shown, who)}</div>"
    )
    if text:
        body += (
            '<details class="el-text"><summary>Text version</summary><pre>'
            + _esc(hand_text(hand, show=shown, names=names))
            + "</pre></details>"
        )
    return _root(body, "hand", four_color, style=style)


# --- HTML: the game -------------------------------------------------------------------------
def game_html(
    game: Game,
    *,
    show_hand: bool = True,
    show: ShowSeats = None,
    names: Names | None = None,
    four_color: bool | None = None,
    style: bool = True,
    finished_hand: bool = False,
) -> str:
    """The scoreboard: each side's points on a track to the target, who is in the barn (one
    point short, R8.3), the winner (R8.2), the hands played so far; then the hand in
    progress (``show_hand=False`` leaves it out; ``show`` and ``names`` as in :func:`hand_html`).

    ``finished_hand``: the hand just played is still on the table (a table between hands), so
    the head names that hand and its dealer, "hand 1 over", with the score counting it, and
    ``show_hand`` shows it, not the next deal (the game has already dealt that).

    >>> from euchre_learn import Game
    >>> html = game_html(Game(seed=1, dealer='N'), show_hand=False)
    >>> 'North-South' in html and 'Game to 10 points · hand 1 · dealer North' in html
    True
    """
    rules = game.rules
    target = rules.points_to_win
    winner = game.winner
    barn = game.in_the_barn
    head = [f"Game to {target} points"]
    between = finished_hand and bool(game.hands)
    if winner is not None:
        head.append(f"{winner.word} won")
    elif between:
        head += [f"hand {len(game.hands)} over", f"dealer {game.hands[-1].dealer.word}"]
    else:
        head += [f"hand {len(game.hands) + 1}", f"dealer {game.hand.dealer.word}"]
    rows = []
    for team in Team:
        score = game.score[team]
        shown_pts = min(score, target)
        if target <= 15:
            track = "".join('<span class="el-on"></span>' if i < shown_pts else "<span></span>" for i in range(target))
            track = f'<span class="el-track" aria-hidden="true">{track}</span>'
        else:
            track = f'<span class="el-bar" aria-hidden="true"><span style="width:{100 * shown_pts // target}%"></span></span>'
        notes = []
        if team == winner:
            notes.append(_badge("★ winner", "win"))
        if team in barn:
            notes.append(_badge(f"in the barn: {score} of {target}", "turn"))
        cls = "el-team" + (" el-winner" if team == winner else "") + (" el-barn" if team in barn else "")
        label = _esc(f"{team.word}: {score} of {target} points")
        rows.append(
            f'<div class="{cls}" role="group" aria-label="{label}"><span class="el-team-name">{team.word}</span> '
            f'<span class="el-points">{score}</span> {track} '
            + (f'<span class="el-team-notes">{"".join(notes)}</span>' if notes else "")
            + "</div>"
        )
    board = f'<div class="el-board"><div class="el-board-head">{_esc(" · ".join(head))}</div>{"".join(rows)}'
    if game.hands:
        trs = []
        for i, h in enumerate(game.hands, 1):
            if h.thrown_in:
                trump, maker, result = "—", "—", "thrown in"
            else:
                assert h.trump is not None and h.maker is not None and h.score is not None
                trump = f"{h.trump.symbol} {h.trump.plural}"
                maker = h.maker.word + (" alone" if h.alone else "")
                pts = h.points
                result = f"{h.score.outcome}: NS +{pts[Team.NS]}, EW +{pts[Team.EW]}"
            trs.append(
                f"<tr><td>{i}</td><td>{h.dealer}</td><td>{_esc(trump)}</td><td>{_esc(maker)}</td><td>{_esc(result)}</td></tr>"
            )
        board += (
            f'<details class="el-text"><summary>Hands played ({len(game.hands)})</summary><table class="el-hands">'
            "<tr><th>#</th><th>dealer</th><th>trump</th><th>maker</th><th>result</th></tr>"
            + "".join(trs)
            + "</table></details>"
        )
    board += "</div>"
    body = board
    if show_hand and winner is None:
        on_table = game.hands[-1] if between else game.hand
        body += hand_html(on_table, show=show, names=names, four_color=four_color, style=False)
    return _root(body, "game", four_color, style=style)
