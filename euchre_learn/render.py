"""Rendering hands, cards and games as text and HTML (imported lazily by ``_repr_html_``)."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .cards import Card, Seat, Suit

if TYPE_CHECKING:
    from .game import Game
    from .hand import Hand


def hand_text(hand: Hand) -> str:
    """A plain-text table: one line per seat, then the state of the bidding or play."""
    lines = []
    head = [f"Dealer {hand.dealer}", str(hand.phase)]
    if hand.trump is not None:
        maker = f"{hand.maker}" + (" alone" if hand.alone else "")
        head.insert(1, f"trump {hand.trump.symbol} {hand.trump.plural} (made by {maker})")
    lines.append(" · ".join(head))
    for seat in Seat:
        marks = []
        if seat == hand.dealer:
            marks.append("dealer")
        if seat in hand.sitting_out:
            marks.append("sits out")
        if seat == hand.to_act:
            marks.append("to act")
        note = f"  ({', '.join(marks)})" if marks else ""
        lines.append(f"{seat}: {hand.holding(seat) or '—'}{note}")
    up = f"Upcard: {hand.upcard}"
    if hand.turned_down is not None:
        up += " (turned down)"
    lines.append(up)
    trick = hand.current_trick
    if trick is not None and trick.cards:
        lines.append(f"Trick {len(hand.tricks) + 1}: {trick}")
    if hand.tricks:
        won = hand.tricks_won
        lines.append("Tricks: " + ", ".join(f"{t} {n}" for t, n in won.items()))
    if hand.score is not None:
        sc = hand.score
        lines.append(f"Result: {sc.outcome}; makers {sc.makers}, defenders {sc.defenders}")
    if hand.thrown_in:
        lines.append("Thrown in: all passed twice (R4.2)")
    return "\n".join(lines)


def _suit_class(suit: Suit | None) -> str:
    return "benny" if suit is None else suit.plural


def card_html(card: Card) -> str:
    """One card as an inline HTML element with its symbol and its name in text."""
    label = html.escape(card.name)
    return f'<span class="el-card el-{_suit_class(card.suit)}" title="{label}" aria-label="{label}">{html.escape(str(card))}</span>'


def holding_html(items: Iterable[Card]) -> str:
    return '<span class="el-holding">' + " ".join(card_html(c) for c in items) + "</span>"


def hand_html(hand: Hand) -> str:
    return "<pre>" + html.escape(hand_text(hand)) + "</pre>"


def game_html(game: Game) -> str:
    return "<pre>" + html.escape(repr(game)) + "</pre>"
