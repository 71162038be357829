"""The bidding learned by counterfactual regret minimisation, in duplicate (issue 26).

:mod:`euchre_learn.analysis.cfr_bidding` holds a pre-play policy (pass, make trump, go alone)
trained by external-sampling MCCFR over a trump-relative abstraction (``tools/train_cfr.py``).
Three matches measure it, each deal played at two tables with the seats swapped
(``el.tournament.duplicate``):

* **standard against standard-thresholds**: the standard bot's cards, round-1 bids by the policy
  (the standard bot since issue 35) against bids by the standard bot's ratings alone
  (``StandardBot(learned=False)``). Cheap: 20,000 deals take about a minute a core.
* **expert-cfr against expert-sampled**: the expert's PIMC cards, bids by the policy
  (``ExpertBot(preplay='cfr')``) against bids sampled over deals of the unseen cards, as the
  expert bid before the policy (``ExpertBot(preplay='sampled')``). This is the issue's question:
  is the learned policy the better pre-play?
* **expert against expert-sampled**: the expert as it is (``ExpertBot()``): the policy's bid
  where it is sure (90% or more), the sampled bid where it is not.

``make bench`` plays a few dozen deals of each; the run of docs/ladder.md (saved chunk by chunk in
``--checkpoint DIR`` so a stopped run resumes; ``--scheduler`` plays it on Dask):

    python -m benchmarks.bench_cfr --deals 20000 --expert-deals 8000 --processes 2 \
        --checkpoint .expert --write

This is a benchmark, not a test: it measures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
from concurrent.futures import Executor
from pathlib import Path

from euchre_learn import tournament
from euchre_learn.analysis.bots import Bot, StandardBot
from euchre_learn.analysis.cfr_bidding import ALONE_LOSERS, MIN_VISITS, policy
from euchre_learn.analysis.expert import ExpertBot
from euchre_learn.analysis.tournament.duplicate import DuplicateResult
from euchre_learn.analysis.tournament.matches import Z95

from ._table import Table
from .bench_expert import _ci, _verdict, write

HEADING = "Bidding learned by counterfactual regret minimisation, in duplicate"


def expert_with(preplay: str) -> ExpertBot:
    """The expert bidding another way: ``'sampled'`` over deals of the unseen cards (the expert
    before the policy), or ``'cfr'``, by the policy wherever it covers the bid."""
    bot = ExpertBot(seed=1, preplay=preplay)
    bot.name = f"expert-{preplay}"
    return bot


def matches(
    deals: int,
    expert_deals: int,
    seed: int,
    processes: int | None,
    checkpoint: str | None,
    executor: Executor | None = None,
) -> list[DuplicateResult]:
    """standard against standard-thresholds over ``deals``; expert-cfr and the expert against
    expert-sampled over ``expert_deals`` each (0: not played)."""
    folder = Path(checkpoint) if checkpoint else None
    sampled = expert_with("sampled")
    thresholds = StandardBot(seed=1, learned=False)
    thresholds.name = "standard-thresholds"
    pairs: list[tuple[str | Bot, Bot | str, int]] = [("standard", thresholds, deals)]
    if expert_deals:
        pairs += [(expert_with("cfr"), sampled, expert_deals), ("expert", sampled, expert_deals)]
    return [
        tournament.duplicate(
            a,
            b,
            deals=n,
            seed=seed,
            processes=processes,
            executor=executor,
            checkpoint=folder / f"{_name(a)}-{_name(b)}.jsonl" if folder else None,
        )
        for a, b, n in pairs
    ]


def _name(bot: str | Bot) -> str:
    return bot if isinstance(bot, str) else bot.name


def table(results: list[DuplicateResult]) -> Table:
    """One row per match: the policy's side's points per deal, games to 10, as the dealer's team."""
    t = Table(HEADING, ["match", "points per deal", "± se", "95% CI", "deals", "games to 10 won", "reading"])
    for r in results:
        m, se = r.points_per_deal, r.se
        t.add(
            f"{r.a} over {r.b}",
            f"{m:+.3f}",
            f"{se:.3f}",
            _ci(m, se),
            f"{r.deals:,}",
            f"{r.games_won:.1%} of {r.games:,}",
            _verdict(
                m - Z95 * se > 0,
                m + Z95 * se >= 0,
                ("the policy's bids are better", "no difference beyond chance", "the policy's bids are worse"),
            ),
        )
    doc = policy()
    t.notes += [
        f"The policy: {doc['method']}; {doc['iterations']:,} deals of training (tools/train_cfr.py), "
        f"{len(doc['policy']):,} abstract hands ({doc['abstraction']}). Each leaf of the bidding is played out by "
        "'standard' bots. The bots play the policy's most likely action; a hand the training met fewer than "
        f"{MIN_VISITS} times is bid as the bot would bid it without the policy. The club player's gate "
        "(cfr_bidding.gate) refuses the bids no club player makes: a loner only on three trumps with the right "
        f"bower or four, with at most {ALONE_LOSERS} losers by march_losers; no trump made on one trump; no pass "
        "of the right bower with two more of the top trumps in round 1.",
        "standard: the standard bot, which bids round 1 by the policy (issue 35); standard-thresholds: the same "
        "bot bidding by its hand-value thresholds alone (StandardBot(learned=False)). expert-cfr: the expert's PIMC play with the policy's "
        "bids (ExpertBot(preplay='cfr')). expert-sampled: the same play with bids sampled over 36 deals of the "
        "unseen cards that fit the bids heard, each played out by 'standard' bots (ExpertBot(preplay='sampled'), "
        "the expert before the policy). expert: the expert as it is, the policy's bid where it makes it 90% of "
        "the time or more, the sampled bid elsewhere (ExpertBot(), preplay='cfr+sampled').",
    ]
    return t


def run(rounds: int = 3, seed: int = 2026, processes: int | None = None) -> Table:
    """``make bench``: 200 deals of standard against standard-thresholds and 12 of each expert; ``EUCHRE_BENCH_FULL=1``:
    20,000 and 8,000 on every core, saved in ``.expert`` as they go."""
    full = os.environ.get("EUCHRE_BENCH_FULL") == "1"
    return table(matches(20_000 if full else 200, 8_000 if full else 12, seed, processes, ".expert" if full else None))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals of standard against standard-thresholds")
    parser.add_argument("--expert-deals", type=int, default=12, help="deals of each expert against expert (0: none)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--processes", type=int, default=None)
    parser.add_argument("--checkpoint", default=None, metavar="DIR", help="save each chunk here; resume from it")
    parser.add_argument("--scheduler", default=None, help="a Dask scheduler address, e.g. tcp://host:8786")
    parser.add_argument("--write", action="store_true", help="write the table into docs/ladder.md")
    args = parser.parse_args()
    executor = None
    if args.scheduler:
        from distributed import Client

        executor = Client(args.scheduler).get_executor()  # type: ignore[no-untyped-call]
    result = table(matches(args.deals, args.expert_deals, args.seed, args.processes, args.checkpoint, executor))
    print(result)
    if args.write:
        write(
            result,
            f"python -m benchmarks.bench_cfr --deals {args.deals} --expert-deals {args.expert_deals} --seed {args.seed}",
        )
