"""A pre-play policy (bid, go alone) learned by counterfactual regret minimisation.

Monte Carlo CFR with **external sampling** (Lanctot, Waugh, Zinkevich and Bowling, 2009): each
iteration deals a hand and, for each seat in turn (the *traverser*), walks the bidding: at the
traverser's own decisions every action is tried on the same deal, at everyone else's one action
is drawn from the current strategy. Each leaf (trump made, or the hand thrown in) is played out
by the 'standard' bot, and the traverser's side's points are its value. Regret matching turns
each decision's summed regrets into the next strategy; the policy is the average strategy.

The decisions are grouped by a **trump-relative abstraction** (:func:`infoset`), so that what is
learned about a hand serves every hand like it:

* round 1: the seat's place at the table (left of the dealer, the dealer's partner, right of
  the dealer, the dealer), the upcard's rank (the right bower, an ace/king/queen, a ten/nine),
  and the seat's holding in the upcard's suit (for the dealer: with the upcard picked up);
* round 2: the seat's place, whether its best suit is *next* (the turned-down suit's colour
  mate) and its holding in that suit (the suit :func:`~euchre_learn.analysis.bots.hand_value`
  rates highest).

A holding is: how many trumps (the left bower counted), whether the right bower is among them,
how many of the left bower and the ace of trump, how many kings and queens of trump, off-suit
aces (0, 1, 2 or more) and off-suit voids (0, 1, 2 or more). The actions are pass, make trump
(order up, take up, or call the suit) and go alone. In training the dealer's discard is the
standard bot's (:func:`~euchre_learn.analysis.bots.best_discard`).

The policy covers the rules it was trained with (RULES.md's defaults, :func:`covers`); it ignores
the score. ``tools/train_cfr.py`` trains it and writes ``data/cfr_bidding.json``; :func:`policy` reads it.
The lookup (a key and its words in :mod:`euchre_learn.analysis.bots.learned`'s examples), the
club player's rules over it and its words live in :mod:`euchre_learn.analysis.bots.learned`, so
the standard bot bids by it (issue 35); they are named here too. ``benchmarks/bench_cfr.py``
measures it in duplicate against the standard bot's bidding and the expert's sampled bidding.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from euchre_learn.analysis.bots import Bot, get
from euchre_learn.analysis.bots.learned import (
    ACTIONS,
    ALONE_LOSERS,
    DATA,
    MIN_VISITS,
    TRAINED,
    covers,
    describe,
    gate,
    holding,
    infoset,
    policy,
    policy_action,
    policy_words,
)
from euchre_learn.analysis.sampling import finish
from euchre_learn.engine.core import BID1, BID2, OVER, State, deal

__all__ = [
    "ACTIONS",
    "ALONE_LOSERS",
    "DATA",
    "MIN_VISITS",
    "Trainer",
    "absurd",
    "covers",
    "describe",
    "gate",
    "holding",
    "infoset",
    "policy",
    "policy_action",
    "policy_words",
]

def _matching(regret: list[float], moves: list[int]) -> list[float]:
    """Regret matching over the legal moves: positive regrets, normalised (uniform if none)."""
    pos = [max(r, 0.0) if m >= 0 else 0.0 for r, m in zip(regret, moves, strict=True)]
    total = sum(pos)
    if total > 0:
        return [p / total for p in pos]
    n = sum(1 for m in moves if m >= 0)
    return [1.0 / n if m >= 0 else 0.0 for m in moves]


class Trainer:
    """External-sampling MCCFR over the abstraction (see the module docs). ``regret`` and
    ``average`` map each key to three numbers (pass, make, alone)."""

    def __init__(self, seed: int = 0, player: Bot | None = None) -> None:
        self.rng = random.Random(seed)
        self.player = player or get("standard", seed=seed)
        self.regret: dict[str, list[float]] = {}
        self.average: dict[str, list[float]] = {}
        self.iterations = 0

    def run(self, iterations: int, progress: Callable[[int], None] | None = None) -> None:
        """``iterations`` more deals, every seat a traverser on each."""
        for _ in range(iterations):
            state = deal(TRAINED, self.rng.randrange(4), self.rng)
            play_seed = self.rng.getrandbits(32)
            for traverser in range(4):
                self._walk(state.copy(), traverser, play_seed)
            self.iterations += 1
            if progress is not None:
                progress(self.iterations)

    def _walk(self, s: State, traverser: int, play_seed: int) -> float:
        if s.phase not in (BID1, BID2):
            return self._value(s, traverser, play_seed)
        key, moves = infoset(s)
        regret = self.regret.setdefault(key, [0.0, 0.0, 0.0])
        sigma = _matching(regret, moves)
        if s.to_act == traverser:
            values = [0.0, 0.0, 0.0]
            for i, m in enumerate(moves):
                if m >= 0:
                    child = s.copy()
                    child.apply(m)
                    values[i] = self._walk(child, traverser, play_seed)
            v = sum(p * x for p, x in zip(sigma, values, strict=True))
            for i, m in enumerate(moves):
                if m >= 0:
                    regret[i] += values[i] - v
            return v
        avg = self.average.setdefault(key, [0.0, 0.0, 0.0])
        for i in range(3):
            avg[i] += sigma[i]
        i = self.rng.choices(range(3), weights=sigma)[0]
        s.apply(moves[i])
        return self._walk(s, traverser, play_seed)

    def _value(self, s: State, traverser: int, play_seed: int) -> float:
        """The traverser's side's points once the bidding is over, played out by the standard bot."""
        if s.phase != OVER:
            finish(s, self.player, self.player, random.Random(play_seed))
        sc = s.score
        if sc is None:  # thrown in
            return 0.0
        return float(sc.makers - sc.defenders if s.maker & 1 == traverser & 1 else sc.defenders - sc.makers)

    def strategy(self) -> dict[str, list[float]]:
        """The average strategy at every key seen, rounded to three places, and how many times
        it was met (as another seat's decision: the average strategy's weight)."""
        out = {}
        for key in sorted(self.average):
            total = sum(self.average[key])
            if total > 0:
                out[key] = [*(round(x / total, 3) for x in self.average[key]), round(total)]
        return out

    def save(self, path: Path) -> None:
        """Write the policy (and how it was made) as JSON; nothing in it depends on the machine's speed."""
        doc = {
            "method": "external-sampling MCCFR (Lanctot et al. 2009), regret matching, the average strategy",
            "abstraction": "trump-relative: round|place|upcard or next|trumps.right.left-and-ace.kings-queens.aces.voids",
            "min_visits": MIN_VISITS,
            "actions": list(ACTIONS),
            "iterations": self.iterations,
            "rules": "the plain game (RULES.md defaults)",
            "policy": self.strategy(),
        }
        path.write_text(_dump(doc), encoding="utf-8")


def _dump(doc: dict[str, Any]) -> str:
    """The policy's JSON, one abstract hand a line (to read and to diff)."""
    head = json.dumps({k: v for k, v in doc.items() if k != "policy"}, indent=1, ensure_ascii=False)[:-2]
    rows = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in doc["policy"].items())
    return f'{head},\n "policy": {{\n{rows}\n }}\n}}\n'


def absurd(min_visits: int = MIN_VISITS) -> dict[str, list[str]]:
    """The keys of the shipped policy met ``min_visits`` times or more whose most likely bid no
    club player makes, by kind: ``'thin loner'`` (alone on two trumps, or three without the right
    bower), ``'one trump'`` (making trump on one trump) and ``'strong pass'`` (a round-1 pass with
    the right bower and two more of the top trumps, or the right, the left or ace, and a king or
    queen). :func:`gate` refuses every one of them.

    >>> {kind: len(keys) for kind, keys in absurd().items()}
    {'thin loner': 114, 'one trump': 23, 'strong pass': 7}
    """
    out: dict[str, list[str]] = {"thin loner": [], "one trump": [], "strong pass": []}
    for key, row in policy()["policy"].items():
        if row[3] < min_visits:
            continue
        rnd, _place, _third, hold = key.split("|")
        n, right, top, mid, _aces, _voids = (int(x) for x in hold.split("."))
        best = max(range(3), key=lambda i: row[i])
        if best == 2 and (n <= 2 or (n == 3 and not right)):
            out["thin loner"].append(key)
        if best == 1 and n <= 1:
            out["one trump"].append(key)
        if best == 0 and rnd == "1" and right and top >= 1 and top + mid >= 2:
            out["strong pass"].append(key)
    return out
