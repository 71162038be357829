"""What seeing every card is worth to the expert: ceilings on what a better reading can gain (issue 35).

Issue 35 asks for the expert +0.10 points per deal over its frozen copy. These ceilings say how
much room there is. The expert plays in duplicate against itself cheating (:class:`Seeing`): the
same bot, except that for some decisions it reads the three hands it may not see, and the kitty,
which the engine's state holds and a fair bot never looks at:

* **the card play**: every legal card valued double dummy on the true deal (its partner cheats
  too, so its side plays as if all four hands were face up); every bid is the expert's own;
* **the leads only**, and **the follows only** (a card played to a trick already led): the card
  play's row split in two, to say where the hidden cards are worth most;
* **the bidding**: every bid, loner and discard with more than one legal choice valued on the true
  deal, each choice played out by four 'standard' bots (the mean of :data:`PLAYOUTS` playouts,
  their ties drawn differently); every card is the expert's own;
* **round 1 only**: as the bidding, but only round 1's decisions (order up, alone, or pass).

No reading of the bids and the play can know more than the cards themselves, so each row bounds
what better inference could gain in its part of the hand: a bot that reads half as well as the
cheat gains about half its row. (The bidding's cheat values a choice by the 'standard' bot's
playouts, not the expert's, so its row is a ceiling only up to that.) :class:`Seeing` is never
registered: no table, lesson or level can seat it.

``make bench`` plays 24 deals a row (one process); ``EUCHRE_BENCH_FULL=1`` 2,000 deal pairs a row,
saved chunk by chunk in ``.ceiling/<row>-<digest of euchre_learn's files>.jsonl`` so that a
stopped run resumes. The run of docs/ladder.md:

    python -m benchmarks.bench_ceiling --deals 2000 --processes 2 --checkpoint .ceiling/<commit> --write

This is a benchmark, not a test: it measures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Sequence

from euchre_learn.analysis import bots, tournament
from euchre_learn.analysis.bots import Bot
from euchre_learn.analysis.expert import ExpertBot
from euchre_learn.analysis.sampling import finish
from euchre_learn.analysis.search import search_for
from euchre_learn.analysis.tournament.duplicate import DuplicateResult
from euchre_learn.engine import act
from euchre_learn.engine.core import BID1, BID2, DISCARD_PHASE, PLAY_PHASE, State
from euchre_learn.engine.rules import score_hand
from euchre_learn.engine.trump import POWER

from ._code import code_digest
from ._table import Table
from .bench_expert_frozen import TARGET, write

TITLE = "What seeing every card is worth: the expert against itself cheating, in duplicate"
PLAYOUTS = 4
"""Playouts of each bidding choice on the true deal (they differ only in the bots' ties)."""
ROWS = {
    "play": ("the card play", True, True, ()),
    "leads": ("the card play's leads only", True, False, ()),
    "follows": ("the card play's follows only", False, True, ()),
    "bids": ("the bidding (bids, loners, discards)", False, False, (BID1, BID2, DISCARD_PHASE)),
    "round1": ("round 1's bids only", False, False, (BID1,)),
}
"""Each row: what the cheat sees the cards for, whether for its leads, whether for its follows,
in which bidding phases."""
SEED = "ceiling-35"


def seen_card(state: State) -> int:
    """The card the seat to play holds that scores best for its side with every hand face up
    (double dummy on the true deal); ties go to the most tricks, then the lowest card."""
    team, makers = state.to_act & 1, state.maker & 1
    values = search_for(state).play_values(state.leader, state.trick[:])
    lone = state.lone_defender >= 0

    def result(card: int) -> tuple[int, int]:
        tricks = state.won[makers] + values[card]
        sc = score_hand(tricks, alone=state.alone, lone_defender=lone, rules=state.rules)
        ours = sc.makers - sc.defenders
        return (ours, tricks) if team == makers else (-ours, -tricks)

    t = state.trump
    return max(values, key=lambda c: (*result(c), -POWER[t][c], -c))


def seen_bid_values(
    state: State, rng: random.Random, standard: Bot, playouts: int = PLAYOUTS
) -> dict[int, float]:
    """For each legal action of the seat to act (bidding or discarding): the mean points for its
    side on the true deal, the rest of the hand played by four ``standard`` bots, ``playouts``
    times (a hand thrown in scores 0)."""
    team = state.to_act & 1
    seeds = [rng.getrandbits(32) for _ in range(playouts)]
    values: dict[int, float] = {}
    for a in state.legal():
        total = 0
        for s in seeds:
            after = state.copy()
            after.apply(a)
            finish(after, standard, standard, random.Random(s))
            sc = after.score
            if sc is not None:
                total += (sc.makers - sc.defenders) * (1 if after.maker & 1 == team else -1)
        values[a] = total / playouts
    return values


class Seeing(ExpertBot):
    """The expert, reading the hidden cards for its leads (``leads``), its other cards
    (``follows``) or the bidding decisions of ``phases``: a ceiling to measure against, never a
    player (module docs)."""

    def __init__(
        self, seed: int = 1, *, leads: bool = False, follows: bool = False, phases: Sequence[int] = ()
    ) -> None:
        super().__init__(seed)
        self.leads, self.follows, self.phases = leads, follows, frozenset(phases)
        self._standard = bots.get("standard", seed=seed)  # the bidding's playouts

    def decide(
        self, state: State, rng: random.Random, why: list[str] | None, score: Sequence[int] | None = None
    ) -> int:
        if len(state.legal()) > 1:
            if state.phase == PLAY_PHASE and (self.follows if state.trick else self.leads):
                return act.PLAY + seen_card(state)
            if state.phase in self.phases:
                values = seen_bid_values(state, rng, self._standard)
                return max(values, key=lambda a: (values[a], -a))
        return super().decide(state, rng, why, score)


def ceiling(row: str, deals: int, seed: str, processes: int | None = 1, checkpoint: str | None = None) -> DuplicateResult:
    """The cheat of ``row`` (a key of :data:`ROWS`) against the expert over ``deals`` deals."""
    _what, leads, follows, phases = ROWS[row]
    cheat = Seeing(1, leads=leads, follows=follows, phases=phases)
    cheat.name = f"expert-seeing-{row}"
    expert = bots.get("expert", seed=1)
    return tournament.duplicate(
        cheat, expert, deals=deals, seed=seed, processes=processes, checkpoint=checkpoint, progress=False
    )


def table(results: dict[str, DuplicateResult]) -> Table:
    """The section of docs/ladder.md: one row per ceiling, and what the target is of each."""
    dealer = "as the dealer's team: cheat, expert (same cards)"
    t = Table(TITLE, ["the expert sees every card in", "points per deal", "± se", "95% CI", "deals", dealer, f"+{TARGET:.2f} is"])
    for row, r in results.items():
        low, high = r.interval
        a, b = r.as_dealer
        t.add(
            ROWS[row][0],
            f"{r.points_per_deal:+.3f}",
            f"{r.se:.3f}",
            f"[{low:+.3f}, {high:+.3f}]",
            f"{r.deals:,}",
            f"{a:.3f}, {b:.3f} ({a - b:+.3f})",
            f"{TARGET / r.points_per_deal:.0%} of it" if r.points_per_deal > 0 else "more than all of it",
        )
    t.notes.append(
        "Each deal is played at two tables with the seats swapped, every hand as at 0-0, against today's expert. "
        "The cheat is the same expert, but in the part of the hand its row names it reads the hidden hands and "
        "the kitty: in the card play every card is valued double dummy on the true deal (in the split rows, only "
        "the cards it leads, or only those it plays to a trick already led); in the bidding every "
        f"choice is played out on the true deal by 'standard' bots ({PLAYOUTS} playouts). No inference from what "
        "is seen can know more, so a row bounds what reading the unseen cards better could gain there (up to how "
        "the cheat values a choice: double dummy play, and the bidding's playouts by 'standard', are not perfect "
        f"play); the last column is issue 35's target (+{TARGET:.2f} over the expert's frozen copy) as a share of "
        "the row."
    )
    return t


def run(rounds: int = 3) -> Table:
    """``make bench``: 24 deals a row; ``EUCHRE_BENCH_FULL=1``: 2,000, saved as they go."""
    full = os.environ.get("EUCHRE_BENCH_FULL") == "1"
    digest = code_digest() if full else ""
    return table(
        {
            row: ceiling(row, 2_000 if full else 24, SEED, checkpoint=f".ceiling/{row}-{digest}.jsonl" if full else None)
            for row in ROWS
        }
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--deals", type=int, default=24, help="deals a row (each at two tables)")
    parser.add_argument("--seed", default=SEED, help="the matches' seed (text)")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--checkpoint", default=None, metavar="DIR", help="save each row's chunks here; resume from them")
    parser.add_argument("--write", action="store_true", help="write the table into docs/ladder.md")
    args = parser.parse_args()
    results = {
        row: ceiling(
            row, args.deals, args.seed, args.processes, f"{args.checkpoint}/{row}.jsonl" if args.checkpoint else None
        )
        for row in ROWS
    }
    t = table(results)
    print(t)
    if args.write:
        write(
            t,
            f"python -m benchmarks.bench_ceiling --deals {args.deals} --seed {args.seed} "
            f"--processes {args.processes} --checkpoint {args.checkpoint}",
        )
