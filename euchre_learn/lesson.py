"""Small helpers the lessons use to *show* things. Every ruling comes from the engine
(:mod:`euchre_learn.trump`, :func:`~euchre_learn.score_hand`, the bots); these only lay the
answers out as rendered cards and tables, so a lesson cell stays one or two lines.

Each helper returns an object that displays as HTML in a notebook and as plain text
elsewhere (``str()`` and IPython's text view).

>>> from euchre_learn import cards
>>> print(legal_view(cards('J♦ A♦ K♣'), 'hearts', led='9♥'))
♥ hearts trump, 9♥ led: [J♦] A♦ K♣  (legal in brackets)
"""

from __future__ import annotations

import html as _html
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .cards import Card, Seat, Suit, cards
from .hand import Hand, Trick
from .rules import Rules, score_hand
from .trump import effective_suit, is_trump, legal_plays, trick_winner

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "Shown",
    "legal_view",
    "play_hands",
    "play_out",
    "scoring_table",
    "suit_table",
    "trick",
    "trick_table",
]


class Shown:
    """Something to show: HTML for the notebook, text for everywhere else.

    >>> s = Shown('<b>hi</b>', 'hi')
    >>> s._repr_html_(), str(s)
    ('<b>hi</b>', 'hi')
    """

    __slots__ = ("html", "text")

    def __init__(self, html: str, text: str) -> None:
        self.html = html
        self.text = text

    def _repr_html_(self) -> str:
        return self.html

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


def _esc(text: object) -> str:
    return _html.escape(str(text), quote=True)


def _suit_words(suit: Suit) -> str:
    return f"{suit.symbol} {suit.plural}"


_TABLE_STYLE = "border-collapse:collapse;margin:.3em 0;font-size:14px;color:var(--jp-ui-font-color1,inherit)"
_CELL_STYLE = "padding:.2em .7em;border-bottom:1px solid var(--jp-border-color2,rgba(127,127,127,.35));text-align:left"


def _table(header: Sequence[str], rows: Iterable[Sequence[str]], caption: str = "") -> str:
    """An HTML table; cells are HTML already (escape text before)."""
    head = "".join(f'<th style="{_CELL_STYLE}">{h}</th>' for h in header)
    body = "".join("<tr>" + "".join(f'<td style="{_CELL_STYLE}">{c}</td>' for c in row) + "</tr>" for row in rows)
    cap = f'<caption style="caption-side:top;text-align:left;font-weight:600;padding:.2em 0">{caption}</caption>'
    return f'<table style="{_TABLE_STYLE}">{cap if caption else ""}<tr>{head}</tr>{body}</table>'


# ---- following suit (R6.2) -------------------------------------------------------------------


def legal_view(holding: Iterable[Card | str] | str, trump: Suit | str, led: Card | str | None = None) -> Shown:
    """A holding with its legal plays raised and the others dimmed, next to the card led
    (R6.2). The legal cards come from :func:`~euchre_learn.legal_plays`.

    >>> from euchre_learn import cards
    >>> print(legal_view('A♦ J♦ 9♣', 'hearts', led='K♦'))      # RULES §11.2
    ♥ hearts trump, K♦ led: [A♦] J♦ 9♣  (legal in brackets)
    >>> print(legal_view('A♦ J♦ 9♣', 'hearts'))                 # leading: anything goes
    ♥ hearts trump, leading: [A♦] [J♦] [9♣]  (legal in brackets)
    """
    from . import render

    held = cards(holding) if isinstance(holding, str) else cards(list(holding))
    t = Suit.parse(trump)
    led_card = None if led is None else Card.parse(led)
    ok = legal_plays(held, t, led_card)
    where = "leading" if led_card is None else f"{led_card} led"
    text = f"{_suit_words(t)} trump, {where}: {render.holding_text(held, legal=ok)}"
    if led_card is None:
        led_html = '<div style="align-self:center;font-weight:600">You lead:<br>any card</div>'
    else:
        led_html = (
            '<div style="text-align:center"><div style="font-weight:600">Led</div>'
            f"{render.card_html(led_card, style=False)}</div>"
        )
    legal_words = " ".join(str(c) for c in ok)
    body = (
        f'<div style="display:flex;gap:1.5em;align-items:flex-end;flex-wrap:wrap">'
        f'<div style="font-weight:600;align-self:center">Trump:<br>{_esc(_suit_words(t))}</div>{led_html}'
        f'<div><div style="font-weight:600">Your cards (legal plays raised)</div>'
        f"{render.holding_html(held, legal=ok, style=False)}</div></div>"
        f'<div style="margin-top:.2em">Legal: <b>{_esc(legal_words)}</b></div>'
    )
    return Shown(f'<div class="el-root">{render.css()}{body}</div>', text)


def suit_table(holding: Iterable[Card | str] | str, trump: Suit | str) -> Shown:
    """For each card: the suit printed on it and the suit it *plays as* with ``trump`` trump,
    its effective suit (R1.3, R6.2). Asks :func:`~euchre_learn.effective_suit`.

    >>> print(suit_table('J♦ A♦ J♥ 9♣', 'hearts'))
    ♥ hearts trump
    J♦: printed ♦ diamonds, plays as ♥ hearts (trump)
    A♦: printed ♦ diamonds, plays as ♦ diamonds
    J♥: printed ♥ hearts, plays as ♥ hearts (trump)
    9♣: printed ♣ clubs, plays as ♣ clubs
    """
    from . import render

    held = cards(holding) if isinstance(holding, str) else cards(list(holding))
    t = Suit.parse(trump)
    lines = [f"{_suit_words(t)} trump"]
    rows = []
    for c in held:
        eff = effective_suit(c, t)
        printed = "none: the Benny" if c.suit is None else _suit_words(c.suit)
        trumpy = is_trump(c, t)
        lines.append(f"{c}: printed {printed}, plays as {_suit_words(eff)}" + (" (trump)" if trumpy else ""))
        changed = c.suit != eff
        plays = _esc(_suit_words(eff)) + (" — trump" if trumpy else "")
        if changed:
            plays = f"<b>{plays}</b>"
        rows.append([render.card_html(c, style=False), _esc(printed), plays])
    caption = f"With {_esc(_suit_words(t))} trump"
    return Shown(
        f'<div class="el-root">{render.css()}{_table(["card", "printed suit", "plays as (effective suit)"], rows, caption)}</div>',
        "\n".join(lines),
    )


# ---- tricks (R6.3) ---------------------------------------------------------------------------


def trick(played: Iterable[Card | str] | str, trump: Suit | str, leader: Seat | str = "W") -> Trick:
    """A finished trick for a lesson: ``played`` in play order, clockwise from ``leader``, and
    the winner that :func:`~euchre_learn.trick_winner` names (R6.3). Two or three cards make
    a trick where seats sit out (the seats that play are still taken clockwise).

    >>> print(trick('Q♠ J♠ 10♠ A♦', 'hearts', leader='W').winner)     # RULES §11.5
    W
    >>> t = trick('K♦ A♦ J♦ 9♣', 'hearts', leader='N')                 # RULES §11.6
    >>> t.winner, t.cards[t.seats.index(t.winner)]
    (<Seat.S: 2>, Card.parse('J♦'))
    """
    got = cards(played) if isinstance(played, str) else cards(list(played))
    first = Seat.parse(leader)
    seats = tuple(Seat((first + i) % 4) for i in range(len(got)))
    return Trick(first, got, seats, seats[trick_winner(got, trump)])


def trick_table(hand: Hand) -> Shown:
    """Every finished trick of ``hand``: who led, the cards, who won and why (R6.3). The
    winner is the engine's; the reason is :func:`euchre_learn.explain.trick_reason`.

    >>> from euchre_learn import Hand
    >>> hand = play_out(Hand.deal('S', seed=6), seed=1)
    >>> text = str(trick_table(hand))
    >>> text.count('Trick '), text.splitlines()[0].startswith('Trump: ')
    (5, True)
    """
    from . import render
    from .explain import trick_reason

    trump = hand.trump
    if trump is None:
        return Shown("<p>No tricks: trump was never made.</p>", "No tricks: trump was never made.")
    lines = [f"Trump: {_suit_words(trump)}"]
    rows = []
    for i, t in enumerate(hand.tricks, 1):
        why = trick_reason(t.cards, t.seats, trump)
        assert t.winner is not None
        lines.append(f"Trick {i}: {render.trick_text(t, rules=hand.rules)}. {why}")
        rows.append(
            [
                str(i),
                _esc(t.leader.word),
                render.trick_html(t, trump=trump, rules=hand.rules, style=False),
                f"<b>{_esc(t.winner.word)}</b>",
                _esc(why),
            ]
        )
    caption = f"Trump: {_esc(_suit_words(trump))}"
    table = _table(["trick", "led by", "cards in play order", "won by", "why"], rows, caption)
    return Shown(f'<div class="el-root">{render.css()}{table}</div>', "\n".join(lines))


# ---- playing hands with the bots -------------------------------------------------------------


def play_out(hand: Hand, bot: str = "standard", seed: Any = 0) -> Hand:
    """``hand`` played to the end, every seat by the bot called ``bot`` (see
    :func:`euchre_learn.bots.names`); the same ``seed`` always plays the same way.

    >>> from euchre_learn import Hand
    >>> done = play_out(Hand.deal('N', seed=2))
    >>> done.is_over, done == play_out(Hand.deal('N', seed=2))
    (True, True)
    """
    from . import bots

    player = bots.get(bot, seed=seed)
    while not hand.is_over:
        hand = hand.apply(player.act(hand))
    return hand


def play_hands(game: Game, hands: int | None = None, bot: str = "standard", seed: Any = 0) -> Game:
    """``game`` after ``hands`` more hands played to the end by the bots (``None``: until
    the game is won). Thrown-in hands count as hands.

    >>> from euchre_learn import Game
    >>> game = play_hands(Game(Rules(points_to_win=5), seed=1, dealer='N'))
    >>> game.winner is not None, max(game.score.values()) >= 5
    (True, True)
    """
    from . import bots

    player = bots.get(bot, seed=seed)
    goal = None if hands is None else len(game.hands) + hands
    while not game.is_over and (goal is None or len(game.hands) < goal):
        game = game.apply(player.act(game))
    return game


# ---- scoring (R7) ----------------------------------------------------------------------------


def scoring_table(rules: Rules | str | None = None) -> Shown:
    """The points for every number of tricks the makers can take, with a partner and alone
    (and against a lone defender when the rules allow one), each computed by
    :func:`~euchre_learn.score_hand` (R7.1-R7.4).

    >>> print(scoring_table())
    makers took | outcome | with partner | alone
    5 | march | makers 2 | makers 4
    4 | made | makers 1 | makers 1
    3 | made | makers 1 | makers 1
    2 | euchred | defenders 2 | defenders 2
    1 | euchred | defenders 2 | defenders 2
    0 | euchred | defenders 2 | defenders 2
    """
    r = Rules.from_value(rules)

    def points(n: int, alone: bool = False, lone: bool = False) -> str:
        sc = score_hand(n, alone=alone, lone_defender=lone, rules=r)
        return f"makers {sc.makers}" if sc.makers else f"defenders {sc.defenders}"

    header = ["makers took", "outcome", "with partner", "alone"]
    if r.defend_alone:
        header.append("alone, against a lone defender")
    rows = []
    for n in range(5, -1, -1):
        row = [str(n), score_hand(n, rules=r).outcome, points(n), points(n, True)]
        if r.defend_alone:
            row.append(points(n, True, True))
        rows.append(row)
    text = "\n".join(" | ".join(row) for row in [header, *rows])
    name = r.name or "custom"
    caption = f"Points for one hand (rules: {_esc(name)})"
    html_rows = [[_esc(c) for c in row] for row in rows]
    return Shown(f'<div class="el-root">{_table([_esc(h) for h in header], html_rows, caption)}</div>', text)
