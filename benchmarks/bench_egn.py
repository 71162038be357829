"""Reading Euchre Game Notation (issue 32): a 15-deal match read and replayed, against a budget
of 50 ms, with a reference in the same run: the same 15 hands replayed from our own hand records
(``el.replay``, which is given every card).

The match is the standard bot's game to 30 points (seeded), written as EGN and then stripped of
what real files leave out (``playerCards``, ``discard``): the reader works out each seat's cards
from the plays and fills in the rest, as it does for the tournament games of EGN's examples.
"""

from __future__ import annotations

import json

from euchre_learn import Game, Rules, Seat, replay
from euchre_learn.analysis import bots
from euchre_learn.engine import egn

from ._table import Table, measure, ratio_text

DEALS = 15
BUDGET_MS = 50.0


def _match_text() -> tuple[str, list[dict[str, object]]]:
    """A 15-deal match as EGN text without the cards dealt, and the same hands as records."""
    bot = bots.get("standard", seed=32)
    game = Game(Rules(points_to_win=30), seed=32, dealer=Seat.N)
    while len(game.hands) < DEALS:
        game = game.apply(bot.act(game.hand))
    data = json.loads(egn.write(game))
    for deal in data["deals"]:
        deal["initialState"].pop("playerCards", None)
        deal["phases"][0].pop("discard", None)
    return json.dumps(data), [h.to_record() for h in game.hands]


def run(rounds: int = 5) -> Table:
    text, records = _match_text()
    assert len(egn.read(text).deals) == DEALS

    def read_egn(n: int) -> None:
        for _ in range(n):
            egn.read(text)

    def replay_records(n: int) -> None:
        for _ in range(n):
            for r in records:
                replay(r)

    rates = measure({"egn": read_egn, "records": replay_records}, 20, rounds)
    egn_ms = 1000 / rates["egn"].median
    ref_ms = 1000 / rates["records"].median
    table = Table(
        f"Reading a {DEALS}-deal match (median of {rounds} rounds of 20 reads)",
        ["what", "ms per match", "slowest round", "against the reference"],
    )
    table.add(
        "el.egn.read (EGN text, cards from the plays)",
        f"{egn_ms:.1f}",
        f"{1000 / rates['egn'].low:.1f}",
        ratio_text(egn_ms / ref_ms),
    )
    table.add(
        "reference: el.replay of the 15 hand records",
        f"{ref_ms:.1f}",
        f"{1000 / rates['records'].low:.1f}",
        ratio_text(1.0),
    )
    verdict = "within" if egn_ms <= BUDGET_MS else "OVER"
    table.notes.append(f"Budget {BUDGET_MS:.0f} ms per match: {verdict} ({egn_ms:.1f} ms).")
    return table
