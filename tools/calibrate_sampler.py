"""Calibration of the samplers of hidden cards (issue 22, item 2): do the worlds they draw say
what the real deals were?

Plays ``--hands`` hands between four 'standard' bots (seeded). In each hand where trump was made,
it takes a defender's first decision in the play (after the bidding: the opening lead when a
defender leads, else the first defender to play to the first trick) and draws ``--worlds``
worlds from that defender's view with each sampler:

* the coach's :class:`~euchre_learn.analysis.sampling.FitWorlds` (weighted worlds that fit every
  bid, discard and card seen);
* the review's :class:`~euchre_learn.analysis.sampling.Worlds` (rejection on the bids, then a
  silent fallback).

Then it compares, over all those positions, each sampler's predicted distribution of **the
maker's trump count** (trumps the maker held when the play began) and of **who holds each bower**
(the maker, the maker's partner, the defender's partner, or out of play: the kitty, a discard,
a hand sitting out), bowers the defender holds or has seen played left out, against the truth,
and prints the tables as Markdown: the mean predicted share of each outcome beside how often it
was the truth, and the mean probability each sampler gave the true outcome (higher is sharper).

``python tools/calibrate_sampler.py`` (200 hands, about a minute); the published table:
``python tools/calibrate_sampler.py --hands 2000`` (about ten minutes on two shared cores).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

import euchre_learn as el
from euchre_learn.analysis.bots import get
from euchre_learn.analysis.sampling import FitWorlds, Worlds
from euchre_learn.engine.core import PLAY_PHASE, State
from euchre_learn.engine.trump import EFFECTIVE

HOLDERS = ("maker", "maker's partner", "defender's partner", "out of play")


def defender_positions(hands: int, seed: int) -> list[el.Hand]:
    """One position per hand where trump was made: a defender's first decision in the play."""
    bot = get("standard", seed=seed)
    out: list[el.Hand] = []
    for k in range(hands):
        hand = el.Hand.deal(el.Seat(k % 4), seed=f"calibrate|{seed}|{k}")
        found = None
        while not hand.is_over:
            s = hand.core
            if found is None and s.phase == PLAY_PHASE and s.to_act & 1 != s.maker & 1:
                found = hand
            hand = hand.apply(bot.act(hand))
        if found is not None:
            out.append(found)
    return out


def maker_trumps(state: State) -> int:
    """Trumps the maker held when the play began (in hand now, or played to the trick so far)."""
    t = state.trump
    held = state.hands[state.maker] | sum(
        1 << c for c, x in zip(state.trick, state.trick_seats, strict=True) if x == state.maker
    )
    return sum(1 for c in range(25) if held >> c & 1 and EFFECTIVE[t][c] == t)


def holder(state: State, card: int) -> str | None:
    """Who holds ``card`` in ``state``, from the view of the seat to act (None: known to it)."""
    me = state.to_act
    if state.hands[me] >> card & 1 or state.played >> card & 1:
        return None
    for s in range(4):
        if state.hands[s] >> card & 1 and not state.out >> s & 1:
            if s == state.maker:
                return HOLDERS[0]
            if s == (state.maker + 2) & 3:
                return HOLDERS[1]
            if s == (me + 2) & 3:
                return HOLDERS[2]
    return HOLDERS[3]


def bowers(state: State) -> tuple[int, int]:
    t = state.trump
    return t * 6 + 2, (3 - t) * 6 + 2


Sampler = Callable[[el.Hand, random.Random, int], list[tuple[State, float]]]


def coach_worlds(hand: el.Hand, rng: random.Random, n: int) -> list[tuple[State, float]]:
    from euchre_learn.analysis.sampling import weights

    fw = FitWorlds(hand, get("standard"))
    worlds = fw.draw(n, rng)
    return [(w.state, x) for w, x in zip(worlds, weights(worlds), strict=True)]


def review_worlds(hand: el.Hand, rng: random.Random, n: int) -> list[tuple[State, float]]:
    s = hand.core
    sampler = Worlds(s, hand.deal_masks[0][s.to_act], hand.history_ids, get("standard"))
    return [(sampler.sample(rng).state, 1.0) for _ in range(n)]


class Tally:
    """Predicted shares and true outcomes of one question over many positions."""

    def __init__(self, outcomes: Sequence[str]) -> None:
        self.outcomes = list(outcomes)
        self.predicted = dict.fromkeys(self.outcomes, 0.0)
        self.true = dict.fromkeys(self.outcomes, 0)
        self.p_true = 0.0
        self.n = 0

    def add(self, dist: dict[str, float], truth: str) -> None:
        for o in self.outcomes:
            self.predicted[o] += dist.get(o, 0.0)
        self.true[truth] += 1
        self.p_true += dist.get(truth, 0.0)
        self.n += 1


def distribution(worlds: list[tuple[State, float]], ask: Callable[[State], str | None]) -> dict[str, float]:
    total = sum(w for _s, w in worlds)
    out: dict[str, float] = {}
    for s, w in worlds:
        a = ask(s)
        if a is not None:
            out[a] = out.get(a, 0.0) + w / total
    return out


def run(hands: int, worlds: int, seed: int) -> str:
    start = time.perf_counter()
    positions = defender_positions(hands, seed)
    counts = [str(k) for k in range(6)]
    samplers: dict[str, Sampler] = {"coach (FitWorlds)": coach_worlds, "review (Worlds)": review_worlds}
    tallies = {name: {"trumps": Tally(counts), "right": Tally(HOLDERS), "left": Tally(HOLDERS)} for name in samplers}
    for i, pos in enumerate(positions):
        truth = pos.core
        right, left = bowers(truth)
        for name, sampler in samplers.items():
            ws = sampler(pos, random.Random(f"calibrate|{seed}|{i}|{name}"), worlds)
            tallies[name]["trumps"].add(distribution(ws, lambda s: str(maker_trumps(s))), str(maker_trumps(truth)))
            for key, card in (("right", right), ("left", left)):
                true_holder = holder(truth, card)
                if true_holder is not None:
                    tallies[name][key].add(distribution(ws, lambda s, c=card: holder(s, c)), true_holder)
    lines = [
        f"Calibration over {len(positions)} positions (a defender's first decision in the play) from {hands} "
        f"standard-bot hands, {worlds} worlds each ({time.perf_counter() - start:.0f} s):",
        "",
        "**The maker's trump count** (mean predicted share, and how often it was the truth):",
        "",
        "| trumps | " + " | ".join(samplers) + " | truth |",
        "|---|" + "---|" * (len(samplers) + 1),
    ]
    for k in counts:
        first = next(iter(tallies.values()))["trumps"]
        row = [f"{t['trumps'].predicted[k] / max(1, t['trumps'].n):.1%}" for t in tallies.values()]
        lines.append(f"| {k} | " + " | ".join(row) + f" | {first.true[k] / max(1, first.n):.1%} |")
    for key, label in (("right", "right bower"), ("left", "left bower")):
        first = next(iter(tallies.values()))[key]
        lines += [
            "",
            f"**Who holds the {label}** ({first.n} positions where the defender had not seen it):",
            "",
            "| holder | " + " | ".join(samplers) + " | truth |",
            "|---|" + "---|" * (len(samplers) + 1),
        ]
        for o in HOLDERS:
            row = [f"{t[key].predicted[o] / max(1, t[key].n):.1%}" for t in tallies.values()]
            lines.append(f"| {o} | " + " | ".join(row) + f" | {first.true[o] / max(1, first.n):.1%} |")
    lines += ["", "**Mean probability given to the truth** (higher is sharper, if calibrated):", ""]
    lines += ["| question | " + " | ".join(samplers) + " |", "|---|" + "---|" * len(samplers)]
    for key, label in (
        ("trumps", "maker's trump count"),
        ("right", "right bower's holder"),
        ("left", "left bower's holder"),
    ):
        row = [f"{t[key].p_true / max(1, t[key].n):.3f}" for t in tallies.values()]
        lines.append(f"| {label} | " + " | ".join(row) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="bot hands to play (default 200; the docs use 2000)")
    parser.add_argument("--worlds", type=int, default=32, help="worlds per position (default 32)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(run(args.hands, args.worlds, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
