"""The expert bot over its frozen copy (issue 35): points per deal in duplicate, and its speed.

A bot is only stronger than it was if it beats its own old self. The frozen copy is the 'expert'
as it was at commit 29c2fb0 (``benchmarks/frozen.py``'s ``FrozenBot``: the old commit's
``euchre_learn`` extracted by ``git archive`` and run in a child process). Every deal is played
at two tables with the seats swapped (``el.tournament.duplicate``), the bots playing every hand as
at 0-0; the points per deal are the new expert's side's minus the old one's, the mean of the two
tables. Issue 35's target: +0.10 points per deal over 20,000 deal pairs, the expert keeping at
least 1% of the standard bot's hands per second.

``make bench`` plays 24 deals (one process); ``EUCHRE_BENCH_FULL=1`` 20,000, saved chunk by chunk
in ``.expert-frozen/expert-<digest of euchre_learn's files>.jsonl`` so that a stopped run resumes,
and a run after the bots change starts afresh instead of resuming chunks that the old code played.
The run of docs/ladder.md (``--write`` writes the strength only: the page keeps no figure that
depends on the machine's speed); name a fresh checkpoint whenever the code has changed:

    python -m benchmarks.bench_expert_frozen --deals 20000 --checkpoint .expert-frozen/expert-<commit>.jsonl --write

A run that had to stop early is summarised by asking for the deals its checkpoint holds (the
chunks already played are read back, not played again). The speed is the ratio of two tables'
hands per second, the new expert's and its frozen copy's, each beside three 'standard' bots
(``bench_expert``'s table), timed in alternating rounds. This is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from pathlib import Path

from euchre_learn.analysis import bots, tournament
from euchre_learn.analysis.bots import Bot
from euchre_learn.analysis.tournament.duplicate import DuplicateResult
from euchre_learn.engine import core
from euchre_learn.engine.rules import Rules

from ._code import code_digest
from ._table import Table, replace_sections

LADDER = Path(__file__).resolve().parent.parent / "docs" / "ladder.md"
TITLE = "The expert over its frozen copy (29c2fb0), in duplicate"
TARGET = 0.10
"""Issue 35: the expert at least this many points per deal over its frozen copy."""


def _frozen(bot: str, seed: int) -> Bot:
    from .frozen import FrozenBot  # the frozen-copy harness (issue 35), started only when asked for

    return FrozenBot(bot, seed=seed)


def strength(deals: int, seed: str, checkpoint: str | None, processes: int | None = 1) -> DuplicateResult:
    """The expert against its frozen copy over ``deals`` deals (resumed from ``checkpoint``)."""
    if checkpoint:
        Path(checkpoint).parent.mkdir(parents=True, exist_ok=True)
    return tournament.duplicate(
        bots.get("expert", seed=1),
        _frozen("expert", 1),
        deals=deals,
        seed=seed,
        processes=processes,
        checkpoint=checkpoint,
        progress=False,
    )


def _rate(player: Bot, hands: int, offset: int) -> float:
    """Hands per second with ``player`` in one seat (rotating) and three 'standard' bots."""
    std = bots.get("standard", seed=2)
    rules = Rules()
    start = time.perf_counter()
    for i in range(offset, offset + hands):
        seats = [std] * 4
        seats[i % 4] = player
        bots.play_hand(core.deal(rules, i % 4, random.Random(f"speed/{i}")), seats, random.Random(i))
    return hands / (time.perf_counter() - start)


def speed(rounds: int = 3, hands: int = 40) -> tuple[float, float, float]:
    """Median hands per second of the tables with the new expert, its frozen copy and a fourth
    'standard' bot, over ``rounds`` alternating rounds."""
    new, old, std = bots.get("expert", seed=1), _frozen("expert", 1), bots.get("standard", seed=1)
    _rate(new, 4, 10_000), _rate(old, 4, 10_000)  # warm up (the child process starts)
    rates: list[list[float]] = [[], [], []]
    for r in range(rounds):
        for k, player in enumerate((new, old, std)):
            rates[k].append(_rate(player, hands * (25 if k == 2 else 1), r * hands))
    a, b, c = (statistics.median(x) for x in rates)
    return a, b, c


def table(r: DuplicateResult, rates: tuple[float, float, float] | None) -> Table:
    """The strength (and speed) table of docs/ladder.md."""
    t = Table(TITLE, ["figure", "ours", "± se", "95% CI", "deals", "target", "reading"])
    low, high = r.interval
    reading = (
        "meets it" if low >= TARGET else "below it, beyond chance" if high < TARGET else "not yet told apart from it"
    )
    t.add(
        "expert over expert@29c2fb0, points per deal",
        f"{r.points_per_deal:+.3f}",
        f"{r.se:.3f}",
        f"[{low:+.3f}, {high:+.3f}]",
        f"{r.deals:,}",
        f"at least +{TARGET:.2f} over 20,000 deals",
        reading,
    )
    a, b = r.as_dealer
    t.add(
        "points per hand as the dealer's team: expert, expert@29c2fb0 (same cards)",
        f"{a:.3f}, {b:.3f} ({a - b:+.3f})",
        f"{r.as_dealer_se:.3f}",
        f"[{a - b - 1.96 * r.as_dealer_se:+.3f}, {a - b + 1.96 * r.as_dealer_se:+.3f}]",
        f"{r.deals:,}",
        "",
        "",
    )
    if rates is not None:
        new, old, std = rates
        t.add(
            "hands per second beside three 'standard': expert / expert@29c2fb0 / standard's table",
            f"{new:.1f} / {old:.1f} / {std:,.0f}",
            "",
            "",
            "",
            "the expert at least 1% of standard's",
            f"{new / std:.2%} of standard's ({new / old:.0%} of the frozen expert's)",
        )
    t.notes.append(
        "Each deal is played at two tables with the seats swapped, every hand as at 0-0; the frozen copy is the "
        "expert of commit 29c2fb0 run from that commit's code in a child process (benchmarks/frozen.py). What "
        "changed: the club player's rules over the numbers (euchre_learn/analysis/bots/learned.py: R-L-A ordered "
        "up, no loner on two trumps or beside two bare side kings, no call on one trump, the dealer turning down a "
        "small upcard for a loner in another suit), the convention book at a lead the deals cannot settle "
        "(euchre_learn/analysis/expert_rules.py), the 'standard' bots its sampled bids are played out by, "
        "which bid round 1 by the learned policy since issue 35, and each card weighed over up to 32 deals of the "
        "unseen cards, not 16 (euchre_learn/analysis/expert.py's PLAY_WORLDS)."
    )
    return t


def run(rounds: int = 3) -> Table:
    """``make bench``: 24 deals and the speed; ``EUCHRE_BENCH_FULL=1``: 20,000 deals, saved as they go."""
    full = os.environ.get("EUCHRE_BENCH_FULL") == "1"
    checkpoint = f".expert-frozen/expert-{code_digest()}.jsonl" if full else None
    r = strength(20_000 if full else 24, "expert-35", checkpoint)
    return table(r, speed(rounds))


def write(t: Table, command: str) -> None:
    """Rewrite the table's section of docs/ladder.md, keeping the others."""
    parts = [f"## {t.title}", "", f"Generated by `{command}`; do not edit by hand.", ""]
    parts += [*t.markdown(), "", *t.notes]
    LADDER.write_text(
        replace_sections(LADDER.read_text(encoding="utf-8"), ["\n".join(parts)], [t.title]), encoding="utf-8"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--deals", type=int, default=24, help="deals (each at two tables)")
    parser.add_argument("--seed", default="expert-35", help="the match's seed (text)")
    parser.add_argument("--checkpoint", default=None, metavar="FILE", help="save each chunk here; resume from it")
    parser.add_argument("--speed-rounds", type=int, default=3, help="timed rounds of the speed (0: none)")
    parser.add_argument("--write", action="store_true", help="write the table into docs/ladder.md")
    args = parser.parse_args()
    result = strength(args.deals, args.seed, args.checkpoint)
    print(table(result, speed(args.speed_rounds) if args.speed_rounds else None))
    if args.write:  # the page keeps no figure that depends on the machine's speed: the strength only
        write(
            table(result, None),
            f"python -m benchmarks.bench_expert_frozen --deals {args.deals} --seed {args.seed} "
            f"--checkpoint {args.checkpoint}",
        )
