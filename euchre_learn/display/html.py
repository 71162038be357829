"""Cards, holdings and tricks as HTML: a small white card with dark ink, the rank and suit
in two corners, the suit large in the middle and its **name** under it (colour is never the
only cue), an ``aria-label`` ("jack of hearts") and a tooltip on every card. The table and the
scoreboard built from them are in :mod:`euchre_learn.display.table`.

>>> from euchre_learn import Card
>>> html = card_html(Card.parse('J♥'))
>>> 'J♥' in html, 'jack of hearts' in html, 'el-hearts' in html
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from euchre_learn.display.style import escape, root
from euchre_learn.engine.cards import Card, Seat, Suit
from euchre_learn.engine.errors import quote
from euchre_learn.engine.hand import Trick
from euchre_learn.engine.rules import Rules
from euchre_learn.engine.text import card_name, card_text, trick_text, trick_winner_seat

__all__ = [
    "back_html",
    "back_span",
    "card_html",
    "card_span",
    "holding_html",
    "holding_span",
    "trick_html",
    "trick_slots",
]


def card_span(card: Card, rules: Rules | None, extra: str = "", note: str = "", mark: str = "") -> str:
    """One face-up card (no root, no style). ``extra``: more classes; ``note``: appended to
    the spoken label; ``mark``: a small visible caption under the card."""
    text = escape(card_text(card, rules))
    name = card_name(card, rules)
    label = escape(name + note)
    tip = escape(f"{name} ({card_text(card, rules)}){note}")
    marker = f'<span class="el-mark" aria-hidden="true" hidden="hidden">{escape(mark)}</span>' if mark else ""
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


def back_span(extra: str = "", label: str = "a face-down card") -> str:
    """One face-down card (no root, no style), labelled ``label``."""
    # the ▮ shows only where the CSS is stripped (an untrusted notebook), so a hidden card still shows
    return (
        f'<span class="el-card el-back{extra}" role="img" aria-label="{escape(label)}" title="{escape(label)}">'
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
    return root(card_span(card, rules, extra), "one", four_color, style=style, inline=True)


def back_html(count: int = 1, *, style: bool = True, label: str = "a face-down card") -> str:
    """``count`` face-down cards (card backs), overlapped like a small stack.

    >>> back_html(3, style=False).count('el-back"')
    3
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"count must be a whole number of cards (0 or more), not {quote(count)}")
    body = '<span class="el-holding el-backs">' + " ".join(back_span(label=label) for _ in range(count)) + "</span>"
    return root(body, "stack", False, style=style, inline=True)


def holding_span(
    items: Iterable[Card],
    rules: Rules | None,
    legal: Iterable[Card] | None = None,
    highlight: Iterable[Card] | None = None,
    marks: Mapping[Card, str] | None = None,
) -> str:
    """A row of face-up cards (no root, no style), ``legal`` raised and the others dimmed,
    ``highlight`` ringed, ``marks`` captioned."""
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
        parts.append(card_span(c, rules, extra, note, (marks or {}).get(c, "")))
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
    return root(holding_span(items, rules, legal, highlight), "hold", four_color, style=style, inline=True)


# --- HTML: tricks ---------------------------------------------------------------------------
def _slot(seat: Seat, card: Card, who: str, tags: list[str], rules: Rules | None, won: bool, note: str) -> str:
    cls = f"el-slot el-slot-{seat.name}" + (" el-won" if won else "")
    tag_html = (
        f'<span class="el-slot-tags">{" ".join(f"<span>{escape(t)}</span>" for t in tags)}</span>'
        if tags
        else '<span class="el-slot-tags">&nbsp;</span>'
    )
    return (
        f'<div class="{cls}"><span class="el-slot-cap">{escape(who)}</span> '
        f"{card_span(card, rules, note=note)} {tag_html}</div>"
    )


def trick_slots(
    trick: Trick, trump: Suit | None, rules: Rules | None, names: Mapping[Seat, str] | None = None
) -> list[str]:
    """Each card of ``trick`` under the seat that played it, the leader and the winner tagged."""
    win = trick_winner_seat(trick, trump)
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
    slots = "".join(trick_slots(trick, t, rules))
    if not trick.cards:
        slots = f'<span class="el-caption">{escape(trick.leader.word)} to lead</span>'
    label = escape("Trick: " + trick_text(trick, trump=t, rules=rules))
    body = f'<div class="el-trick" role="group" aria-label="{label}">{slots}</div>'
    return root(body, "tricks", four_color, style=style)
