"""How often the bots a learner copies break the convention book, where a convention applies.

Every seat of seeded deals is played by one bot; at each decision with more than one legal
action, each convention of :mod:`euchre_learn.analysis.convention_book` that applies to the
situation (:meth:`Convention.applies`) and has a say there (some legal action breaks it and some
does not) is checked against the bot's action (:meth:`Convention.breaks`). The table gives, per
convention, the decisions where it applied and the share of them where the bot broke it. A convention is a rule of thumb: a small rate is
expected where the bot has a reason (the expert says it in its sentence), a large one is a bot
that teaches the wrong habit.

A second table plays the standard bot against 'standard-before' in duplicate (2,000 deals; 4,000
with ``EUCHRE_BENCH_FULL=1``): the conventions must cost it nothing.

``make bench`` plays 600 deals with 'standard' (and with 'standard-before', the standard bot as it
was before issue 22, frozen in ``benchmarks/_standard_reference.py``) and 60 with 'expert' (its
searches are slow); ``EUCHRE_BENCH_FULL=1`` plays 4,000 and 300. ``python -m benchmarks.bench_bot_conventions
--deals 3000 --bots standard`` picks its own.
"""

from __future__ import annotations

import argparse
import os
from collections import Counter
from collections.abc import Mapping, Sequence

from euchre_learn import Hand
from euchre_learn.analysis.bots import get
from euchre_learn.analysis.convention_book import Convention, book
from euchre_learn.analysis.tournament import duplicate
from euchre_learn.engine.actions import Action

from ._standard_reference import ReferenceStandardBot
from ._table import Table

BOTS = ("standard-before", "standard", "expert")
"""'standard-before' is the standard bot as it was before it learned the conventions of issue 22
(``benchmarks/_standard_reference.py``)."""


def _choice(c: Convention, hand: Hand, legal: Sequence[Action]) -> bool:
    """Whether the convention has a say here: some legal action breaks it and some does not."""
    verdicts = {c.breaks(hand, a) for a in legal}
    return len(verdicts) == 2


def break_counts(bot: str, deals: int, seed: int = 0) -> tuple[Counter[str], Counter[str]]:
    """For each convention id: (decisions where it applied, decisions where ``bot`` broke it),
    over ``deals`` deals (seeds ``seed`` ... ``seed + deals - 1``, the dealer rotating)."""
    conventions = book()
    applied: Counter[str] = Counter()
    broke: Counter[str] = Counter()
    player = ReferenceStandardBot(seed=seed) if bot == "standard-before" else get(bot, seed=seed)
    for i in range(deals):
        hand = Hand.deal("NESW"[i % 4], seed=seed + i)
        while not hand.is_over:
            action = player.act(hand)
            legal = hand.legal_actions()
            if len(legal) > 1:
                for c in conventions:
                    if c.applies(hand) and _choice(c, hand, legal):
                        applied[c.id] += 1
                        if c.breaks(hand, action):
                            broke[c.id] += 1
            hand = hand.apply(action)
    return applied, broke


def strength(deals: int, seed: int = 0) -> Table:
    """The standard bot against its old self ('standard-before') in duplicate play: following
    the conventions must not cost points (within the standard error)."""
    r = duplicate("standard", ReferenceStandardBot(seed=seed), deals=deals, seed=seed, progress=False)
    table = Table(
        f"'standard' against 'standard-before' in duplicate play, {deals:,} deals each at two tables",
        ["A", "B", "A pts/deal", "± se", "95% CI"],
    )
    table.add(
        "standard",
        "standard-before",
        f"{r.points_per_deal:+.3f}",
        f"{r.se:.3f}",
        f"{r.points_per_deal - 1.96 * r.se:+.3f} to {r.points_per_deal + 1.96 * r.se:+.3f}",
    )
    return table


def run(
    rounds: int = 1, deals: Mapping[str, int] | None = None, bots: Sequence[str] = BOTS, seed: int = 0
) -> list[Table]:
    """The tables for ``python -m benchmarks`` (``rounds`` is for timings: the deals are fixed by
    ``seed``, so one run is the measurement). ``deals``: how many deals each bot plays."""
    return [conventions_table(deals, bots, seed), strength(4000 if os.environ.get("EUCHRE_BENCH_FULL") else 2000, seed)]


def conventions_table(deals: Mapping[str, int] | None = None, bots: Sequence[str] = BOTS, seed: int = 0) -> Table:
    """The break rates of each bot, convention by convention."""
    full = bool(os.environ.get("EUCHRE_BENCH_FULL"))
    small = {"standard-before": 600, "standard": 600, "expert": 60}
    sizes = {**({"standard-before": 4000, "standard": 4000, "expert": 300} if full else small), **(deals or {})}
    counts = {b: break_counts(b, sizes.get(b, 60), seed) for b in bots}
    table = Table(
        "Conventions broken where they apply: "
        + ", ".join(f"{b!r} over {sizes.get(b, 60):,} deals" for b in bots)
        + " (applied: decisions where some legal action breaks the convention and some does not)",
        ["convention", *(h for b in bots for h in (f"{b} applied", f"{b} broken"))],
    )
    for c in book():
        row = [c.id]
        for b in bots:
            applied, broke = counts[b]
            n = applied[c.id]
            row += [f"{n:,}", f"{broke[c.id] / n:.0%}" if n else "-"]
        table.add(*row)
    return table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_bot_conventions", description=__doc__)
    parser.add_argument("--deals", type=int, nargs="*", help="deals per bot, in the order of --bots")
    parser.add_argument("--bots", nargs="*", default=list(BOTS))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--duplicate", type=int, default=0, help="also play 'standard' against 'standard-before'")
    args = parser.parse_args(argv)
    deals = args.deals
    if deals is not None and len(deals) != len(args.bots):
        parser.error("give one --deals figure per bot")
    sizes = dict(zip(args.bots, deals, strict=True)) if deals else None
    print(conventions_table(deals=sizes, bots=args.bots, seed=args.seed))
    if args.duplicate:
        print()
        print(strength(args.duplicate, args.seed))


if __name__ == "__main__":
    main()
