"""Renderings per second: what a notebook cell pays to show a card, a holding, the table and
the scoreboard (:mod:`euchre_learn.display`, plain string building).

A notebook redraws one table per step, so anything above a few hundred per second is
instant; the table is also shown with the per-output ``<style>`` block's size, which every
output carries.
"""

from __future__ import annotations

import random

from euchre_learn import Card, Game, Hand, Phase, cards, render

from ._table import Table, Work, measure, rate_text, spread_text

COUNT = 500  # renderings per timed round


def _mid_play_hand() -> Hand:
    rng = random.Random(7)
    hand = Hand.deal("N", seed=7)
    while not (hand.phase == Phase.PLAY and len(hand.tricks) == 2 and hand.current_trick and hand.current_trick.cards):
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


def _game() -> Game:
    rng = random.Random(3)
    game = Game(seed=3, dealer="N")
    for _ in range(120):
        game = game.apply(rng.choice(game.legal_actions()))
    return game


def run(rounds: int = 5) -> Table:
    hand = _mid_play_hand()
    game = _game()
    card = Card.parse("J♦")
    held = cards("J♦ A♦ K♣ 9♥ Q♠")
    samples = {
        "card_html (one card)": lambda: render.card_html(card),
        "holding_html (5 cards, legal marked)": lambda: render.holding_html(held, legal=held[:2]),
        "hand_html (table mid-play, South's view)": lambda: render.hand_html(hand, show="S", mark_legal=True),
        "hand_html (all hands face up)": lambda: render.hand_html(hand),
        "hand_text (plain text)": lambda: render.hand_text(hand),
        "game_html (scoreboard and table)": lambda: render.game_html(game),
    }

    def repeat(make: object) -> Work:
        assert callable(make)

        def work(n: int) -> None:
            for _ in range(n):
                make()

        return work

    rates = measure({name: repeat(make) for name, make in samples.items()}, COUNT, rounds)
    table = Table(
        f"Renderings per second (median of {rounds} rounds of {COUNT:,})",
        ["rendering", "per second", "slowest-fastest", "characters"],
    )
    for name, make in samples.items():
        r = rates[name]
        table.add(name, rate_text(r.median), spread_text(r), f"{len(make()):,}")
    table.notes.append(f"Each HTML output carries one <style> block of {len(render.css()):,} characters.")
    return table
