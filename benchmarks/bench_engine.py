"""Random full hands per second: the public :class:`~euchre_learn.Hand` API, the core
:class:`~euchre_learn.engine.core.State`, and OpenSpiel's euchre driven from Python.

All three play OpenSpiel's rules (``Rules.preset("openspiel")``: stick the dealer, so no hand
is thrown in and every hand plays five tricks), from a random deal with uniformly random legal
actions. Targets: the core at least 1.0× OpenSpiel (issue 2); the public API at least 1.0×
(issue 12: 0.25× at first, 0.41× once the legal actions were worked out once per action, 0.66× with
them kept on the hand; 0.99-1.39× over six runs, median 1.10×, once a card played no longer copies
the core state, measured on a busy 2-core machine where the old code gave 0.60-0.78× in the same runs).
On a busy shared machine the ratios swing from run to run: the rounds are interleaved, so
read the ratio column, and ``--rounds 9`` for a steadier median.
"""

from __future__ import annotations

import random

from euchre_learn import Hand, Rules
from euchre_learn.engine import core as engine_core

from ._table import Rate, Table, Work, measure, rate_text, ratio_text, spread_text

RULES = Rules.preset("openspiel")
HANDS = 2000  # per timed round


def public_api(n: int, seed: int = 1) -> None:
    """What a notebook does: ``Hand.deal``, ``legal_actions``, ``apply`` with a random choice."""
    rng = random.Random(seed)
    for i in range(n):
        hand = Hand.deal(i & 3, RULES, seed=rng.getrandbits(64))
        while not hand.is_over:
            hand = hand.apply(rng.choice(hand.legal_actions()))


def core_state(n: int, seed: int = 1) -> None:
    """What bots and playouts do: ``core.deal`` and ``State.playout``."""
    rng = random.Random(seed)
    for i in range(n):
        engine_core.deal(RULES, i & 3, rng).playout(rng)


def openspiel_work() -> Work | None:
    """OpenSpiel's C++ euchre, with random chance outcomes (dealer, each card) and random actions
    chosen in Python; ``None`` when ``open-spiel`` is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("euchre", {"stick_the_dealer": True, "allow_lone_defender": False})

    def openspiel(n: int, seed: int = 1) -> None:
        rng = random.Random(seed)
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))

    return openspiel


def run(rounds: int = 5) -> Table:
    works: dict[str, Work] = {"public Hand API": public_api, "core State": core_state}
    theirs = openspiel_work()
    if theirs is not None:
        works["OpenSpiel (pyspiel)"] = theirs
    rates = measure(works, HANDS, rounds)
    table = Table(
        f"Random full hands per second (rules: openspiel preset; median of {rounds} rounds of {HANDS:,} hands)",
        ["engine", "hands/s", "slowest-fastest", "vs OpenSpiel", "target"],
    )
    base: Rate | None = rates.get("OpenSpiel (pyspiel)")
    targets = {"public Hand API": "≥1.00×", "core State": "≥1.00×", "OpenSpiel (pyspiel)": ""}
    for name, r in rates.items():
        ratio = ratio_text(r.median / base.median) if base else "n/a"
        table.add(name, rate_text(r.median), spread_text(r), ratio, targets[name])
    if base is None:
        table.notes.append("OpenSpiel is not installed (pip install open-spiel): no ratios.")
    return table
