"""Small helpers the lessons use to *show* things. Every ruling comes from the engine
(:mod:`euchre_learn.engine.trump`, :func:`~euchre_learn.score_hand`); these only lay the
answers out as rendered cards and tables, so a lesson cell stays one or two lines. (The bots
that play a hand or a game on for a lesson are :mod:`euchre_learn.analysis.bots.drive`; lesson
01's questions on the table are :mod:`euchre_learn.teaching.quiz.table`.)

Each helper returns an object that displays as HTML in a notebook and as plain text
elsewhere (``str()`` and IPython's text view).

>>> from euchre_learn import cards
>>> print(legal_view(cards('J♦ A♦ K♣'), 'hearts', led='9♥'))
♥ hearts trump, 9♥ led: [J♦] A♦ K♣  (legal in brackets)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cmp_to_key
from typing import Any

from euchre_learn.display.style import escape
from euchre_learn.engine.cards import Card, Cards, Seat, Suit, cards, deck
from euchre_learn.engine.hand import Hand, Trick
from euchre_learn.engine.rules import Rules, score_hand
from euchre_learn.engine.trump import effective_suit, is_trump, legal_plays, trick_winner, trump_order

__all__ = [
    "Shown",
    "as_seen_by",
    "dealing",
    "first_dealer",
    "legal_view",
    "scoring_table",
    "short_errors",
    "suit_ranks",
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


def short_errors() -> None:
    """In a notebook, show an error as its message alone, without Python's traceback (IPython's
    ``%xmode Minimal``), so a lesson's deliberate mistakes read as the engine's explanation:
    ``IllegalActionError: South may not discard the K♥: …``. Outside IPython it does nothing.

    >>> short_errors()   # not in IPython here: nothing happens
    """
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with Jupyter
        return
    shell = get_ipython()
    if shell is not None:
        shell.InteractiveTB.set_mode(mode="Minimal")


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
    from euchre_learn import display as render

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
        f'<div style="font-weight:600;align-self:center">Trump:<br>{escape(_suit_words(t))}</div>{led_html}'
        f'<div><div style="font-weight:600">Your cards (legal plays raised)</div>'
        f"{render.holding_html(held, legal=ok, style=False)}</div></div>"
        f'<div style="margin-top:.2em">Legal: <b>{escape(legal_words)}</b></div>'
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
    from euchre_learn import display as render

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
        plays = escape(_suit_words(eff)) + (" — trump" if trumpy else "")
        if changed:
            plays = f"<b>{plays}</b>"
        rows.append([render.card_html(c, style=False), escape(printed), plays])
    caption = f"With {escape(_suit_words(t))} trump"
    return Shown(
        f'<div class="el-root">{render.css()}{_table(["card", "printed suit", "plays as (effective suit)"], rows, caption)}</div>',
        "\n".join(lines),
    )


# ---- tricks (R6.3) ---------------------------------------------------------------------------


def trick(
    played: Iterable[Card | str] | str,
    trump: Suit | str,
    leader: Seat | str = "W",
    sitting_out: Iterable[Seat | str] | str = (),
) -> Trick:
    """A finished trick for a lesson: ``played`` in play order, clockwise from ``leader``
    skipping the seats ``sitting_out`` (R5.1, R5.4), and the winner that
    :func:`~euchre_learn.trick_winner` names (R6.3).

    >>> print(trick('Q♠ J♠ 10♠ A♦', 'hearts', leader='W').winner)     # RULES §11.5
    W
    >>> t = trick('K♦ A♦ J♦ 9♣', 'hearts', leader='N')                 # RULES §11.6
    >>> t.winner, t.cards[t.seats.index(t.winner)]
    (<Seat.S: 2>, Card.parse('J♦'))
    >>> print(trick('10♠ A♠ 9♥', 'hearts', leader='S', sitting_out='W'))  # West sits out
    S 10♠, N A♠, E 9♥ → E wins
    """
    got = cards(played) if isinstance(played, str) else cards(list(played))
    first = Seat.parse(leader)
    out = {Seat.parse(s) for s in ([sitting_out] if isinstance(sitting_out, (str, Seat)) else sitting_out)}
    if first in out:
        raise ValueError(f"the leader {first} cannot be sitting out")
    active = [Seat((first + i) % 4) for i in range(4) if Seat((first + i) % 4) not in out]
    if len(got) != len(active):
        raise ValueError(f"{len(active)} seats play to this trick, so it needs {len(active)} cards, not {len(got)}")
    seats = tuple(active)
    return Trick(first, got, seats, seats[trick_winner(got, trump)])


def trick_table(hand: Hand) -> Shown:
    """Every finished trick of ``hand``: who led, the cards, who won and why (R6.3). The
    winner is the engine's; the reason is :func:`euchre_learn.engine.explain.trick_reason`.

    >>> from euchre_learn import Hand
    >>> from euchre_learn.analysis.bots.drive import play_out
    >>> hand = play_out(Hand.deal('S', seed=6), seed=1)
    >>> text = str(trick_table(hand))
    >>> text.count('Trick '), text.splitlines()[0].startswith('Trump: ')
    (5, True)
    """
    from euchre_learn import display as render
    from euchre_learn.engine.explain import trick_reason

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
                escape(t.leader.word),
                render.trick_html(t, trump=trump, rules=hand.rules, style=False),
                f"<b>{escape(t.winner.word)}</b>",
                escape(why),
            ]
        )
    caption = f"Trump: {escape(_suit_words(trump))}"
    table = _table(["trick", "led by", "cards in play order", "won by", "why"], rows, caption)
    return Shown(f'<div class="el-root">{render.css()}{table}</div>', "\n".join(lines))


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
    caption = f"Points for one hand (rules: {escape(name)})"
    html_rows = [[escape(c) for c in row] for row in rows]
    return Shown(f'<div class="el-root">{_table([escape(h) for h in header], html_rows, caption)}</div>', text)


# ---- the deck, the table and the deal (R1.1, R2.1-R2.3) --------------------------------------


def dealing(dealer: Seat | str, rules: Rules | str | None = None, seed: Any = 0) -> Shown:
    """The deal of ``Hand.deal(dealer, rules, seed=seed)`` packet by packet (R2.2): clockwise
    from eldest, a packet to each seat, then the second packet to each, then the upcard face
    up and the kitty face down. The cards are the engine's: each seat's packets are checked
    against :meth:`Hand.dealt <euchre_learn.Hand.dealt>` of the same deal.

    >>> print(dealing('S', seed=3))
    South deals; packets of 3 then 2, clockwise from West (eldest)
    1. West: 9♦ K♥ Q♠
    2. North: J♥ 10♣ A♣
    3. East: 10♠ K♦ Q♦
    4. South: 10♥ A♠ 9♥
    5. West: Q♣ J♦
    6. North: J♠ K♠
    7. East: 9♣ J♣
    8. South: Q♥ A♦
    upcard (face up): K♣
    kitty (face down): 3 cards
    """
    from euchre_learn import display as render

    r = Rules.from_value(rules)
    first = Seat.parse(dealer)
    hand = Hand.deal(first, r, seed=seed)
    pack = list(deck(r))
    random.Random(seed).shuffle(pack)  # the engine's shuffle: the same seed, the same order
    steps: list[tuple[Seat, Cards]] = []
    i = 0
    for size in r.deal_packets:
        for k in range(4):
            steps.append((Seat((first + 1 + k) % 4), Cards(pack[i : i + size])))
            i += size
    upcard, kitty = pack[i], Cards(pack[i + 1 :])
    for seat in Seat:
        got = sorted(c for s, packet in steps if s == seat for c in packet)
        if got != sorted(hand.dealt(seat)) or upcard != hand.upcard:  # pragma: no cover - a guard
            raise RuntimeError("lesson.dealing is out of step with the engine's deal (euchre_learn.engine.core.deal)")
    eldest = first.left
    a, b = r.deal_packets
    head = f"{first.word} deals; packets of {a} then {b}, clockwise from {eldest.word} (eldest)"
    lines = [head]
    for n, (seat, packet) in enumerate(steps, 1):
        lines.append(f"{n}. {seat.word}: {packet}")
    lines.append(f"upcard (face up): {render.card_text(upcard, r)}")
    lines.append(f"kitty (face down): {len(kitty)} cards")
    # one column per seat, in the order they receive cards; one row per round of packets
    order = [Seat((first + 1 + k) % 4) for k in range(4)]
    header = [""] + [
        escape(s.word) + (" <small>(eldest)</small>" if s == eldest else " <small>(dealer)</small>" if s == first else "")
        for s in order
    ]
    rows = []
    for rnd, size in enumerate(r.deal_packets):
        cells = [f"{'first' if rnd == 0 else 'then'}: {size} each"]
        for k in range(4):
            n = rnd * 4 + k
            cells.append(
                f'<span style="opacity:.7;font-size:.85em">{n + 1}.</span> '
                + render.holding_html(steps[n][1], rules=r, style=False)
            )
        rows.append(cells)
    table = _table(header, rows, escape(head))
    rest = (
        '<div style="display:flex;gap:2em;align-items:center;flex-wrap:wrap;margin-top:.2em">'
        f"<div><b>then the upcard</b>, face up: {render.card_html(upcard, rules=r, style=False)}</div>"
        f"<div><b>the kitty</b>, {len(kitty)} cards face down: "
        + render.back_html(len(kitty), style=False, label="a face-down card of the kitty")
        + "</div></div>"
    )
    return Shown(f'<div class="el-root">{render.css()}{table}{rest}</div>', "\n".join(lines))


def first_dealer(seed: Any = 0) -> Shown:
    """Choosing the first dealer (R2.1) as it looks on the table: the cards
    :func:`~euchre_learn.choose_first_dealer` deals face up, one to each seat from North
    clockwise, in a column per seat, until a black jack; its receiver deals.

    >>> print(first_dealer(seed=4))
    North: A♠
    East: K♦
    South: J♠
    South receives a black jack, the J♠, and deals first.
    """
    from euchre_learn import display as render
    from euchre_learn.engine.game import choose_first_dealer

    seat, shown = choose_first_dealer(seed)
    jack = shown[-1]
    got: dict[Seat, list[Card]] = {s: [] for s in Seat}
    for i, card in enumerate(shown):
        got[Seat(i % 4)].append(card)
    said = f"{seat.word} receives a black jack, the {jack}, and deals first."
    lines = [f"{s.word}: {' '.join(map(str, got[s]))}" for s in Seat if got[s]]
    cols = "".join(
        f'<div style="text-align:center;min-width:5em"><div style="font-weight:600">{escape(s.word)}</div>'
        + render.holding_html(got[s], highlight=[jack] if s == seat else None, style=False)
        + "</div>"
        for s in Seat
    )
    body = (
        f'<div style="display:flex;gap:1em;align-items:flex-start;flex-wrap:wrap">{cols}</div>'
        f'<div style="margin-top:.3em">{escape(said)}</div>'
    )
    return Shown(f'<div class="el-root">{render.css()}{body}</div>', "\n".join([*lines, said]))


def suit_ranks(trump: Suit | str, rules: Rules | str | None = None) -> Shown:
    """Every suit with ``trump`` trump, its cards strongest first (R1.3, R1.4): trump with both
    bowers, then *next*, which has lost its jack, then the other two. The order comes from
    :func:`~euchre_learn.trump_order` and, for the off suits, from asking
    :func:`~euchre_learn.trick_winner` which of two cards wins.

    >>> print(suit_ranks('hearts'))
    ♥ hearts, trump (7 cards): J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥
    ♦ diamonds, next (5 cards): A♦ K♦ Q♦ 10♦ 9♦
    ♣ clubs (6 cards): A♣ K♣ Q♣ J♣ 10♣ 9♣
    ♠ spades (6 cards): A♠ K♠ Q♠ J♠ 10♠ 9♠
    """
    from euchre_learn import display as render

    r = Rules.from_value(rules)
    t = Suit.parse(trump)

    def stronger_first(a: Card, b: Card) -> int:
        return -1 if trick_winner([a, b], t) == 0 else 1

    order = [t, t.next, *(s for s in Suit if s not in (t, t.next))]
    lines, rows = [], []
    for s in order:
        if s == t:
            ranked = trump_order(t, benny=r.benny is not None)
            role = "trump"
        else:
            ranked = Cards(sorted((c for c in deck(r) if effective_suit(c, t) == s), key=cmp_to_key(stronger_first)))
            role = "next" if s == t.next else ""
        label = _suit_words(s) + (f", {role}" if role else "")
        lines.append(f"{label} ({len(ranked)} cards): {ranked}")
        note = {"trump": "both bowers are trumps", "next": "has lost its jack to trump"}.get(role, "")
        rows.append(
            [
                f"<b>{escape(_suit_words(s))}</b>" + (f"<br>{escape(role)}: {escape(note)}" if role else ""),
                str(len(ranked)),
                render.holding_html(ranked, rules=r, style=False),
            ]
        )
    caption = f"With {escape(_suit_words(t))} trump, strongest first"
    table = _table(["suit", "cards", "from strongest to weakest"], rows, caption)
    return Shown(f'<div class="el-root">{render.css()}{table}</div>', "\n".join(lines))


def as_seen_by(hand: Hand, seat: Seat | str | None = None) -> Shown:
    """The table as one player sees it: only ``seat``'s cards face up (default: the seat to
    act), the others face down, as the advisor (:func:`euchre_learn.advise`) sees a hand.

    >>> from euchre_learn import Hand
    >>> print(as_seen_by(Hand.deal('S', seed=3)))
    Dealer S · bidding round 1 · W to act
    N: ▮▮▮▮▮ (5 cards face down)
    E: ▮▮▮▮▮ (5 cards face down)
    S: ▮▮▮▮▮ (5 cards face down)  (dealer)
    W: Q♣ 9♦ J♦ K♥ Q♠  (to act)
    Upcard: K♣ (♣ clubs proposed)
    """
    from euchre_learn import display as render

    who = hand.to_act if seat is None else Seat.parse(seat)
    shown: tuple[Seat, ...] = () if who is None else (who,)
    return Shown(render.hand_html(hand, show=shown, text=False), render.hand_text(hand, show=shown))
