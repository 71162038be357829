"""Fit the coach's model of players to recorded games, and measure how well its worlds fit (issue 33, item 5).

The model (:mod:`euchre_learn.analysis.sampling.people`) has a few parameters: the bidding
temperature, the looser and tighter bidders' share and how far their lines sit from the standard
bot's, the card temperature and a slip. Two sources of games whose cards are all known:

* **real games**: the tournament games in ``euchre_learn/engine/egn/data`` (``el.egn.read``); a
  decision whose seat held a card the file does not name is left out;
* **each opponent level** (``el.bots.levels()``): ``--hands`` hands recorded with four bots of
  that level at the table (seeded).

``fit``: every decision of every seat (two legal choices or more) with the real cards, scored by
the standard bot's margin and choice; the parameters by maximum likelihood on a grid; prints them
as the constants of ``people.py``.

``measure``: for every decision of every seat in those games, and for each of the outside positions
(``tests/analysis/data/outside_positions.json``), draws ``--worlds`` coach's worlds
(:class:`~euchre_learn.analysis.sampling.FitWorlds`, seeded) and counts the decisions no drawn world
fits, and the mean weighted fit. ``measure`` reads only ``FitWorlds`` and ``World.fits``, so the same
command run on an earlier tree of the package (``PYTHONPATH=old-tree``) measures *before*.

``python tools/fit_player_model.py fit`` (about a minute), ``python tools/fit_player_model.py
measure --hands 8 --worlds 16`` (a few minutes on a shared core).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import euchre_learn as el
from euchre_learn.analysis.bots import get
from euchre_learn.engine.core import BID1, BID2, DEFEND, PLAY_PHASE
from euchre_learn.engine.records import positions

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = ROOT / "tests" / "analysis" / "data" / "outside_positions.json"
LEVELS = ("novice", "casual", "club", "standard", "expert")


def real_games() -> Iterator[tuple[el.Hand, tuple[int, int], Any]]:
    """Each deal of the real tournament games: the hand, the score before it and the deal."""
    src = resources.files("euchre_learn.engine.egn") / "data"
    for f in sorted(p.name for p in src.iterdir() if p.name.endswith(".egn")):
        match = el.egn.read(str(src / f))
        for d in match.deals:
            yield d.hand, (d.score_before[el.Team.NS], d.score_before[el.Team.EW]), d


def level_games(level: str, hands: int) -> Iterator[tuple[el.Hand, tuple[int, int], Any]]:
    """``hands`` hands played by four bots of ``level`` (seeded), at 0-0."""
    for k in range(hands):
        bots = {s: get(level, seed=f"fit|{level}|{k}|{s}") for s in el.Seat}
        hand = el.Hand.deal(el.Seat(k % 4), seed=f"fit|{level}|{k}")
        while not hand.is_over:
            hand = hand.apply(bots[hand.to_act].act(hand))
        yield hand, (0, 0), None


def decisions(games: Any) -> Iterator[tuple[el.Hand, tuple[int, int], Any, int]]:
    """Every decision with two legal choices or more whose cards are all known."""
    for hand, score, deal in games:
        for step in positions(hand):
            if deal is not None and deal.depends_on_unknown(step.index):
                continue
            if len(step.position.legal_actions()) < 2:
                continue
            yield step.position, score, step.action, step.index


# ---- fit --------------------------------------------------------------------------------------
def observations(games: Any) -> dict[str, list[Any]]:
    """The actions with the real cards: bids (margin, made), cards (legal count, the bot's?), slips."""
    from euchre_learn.analysis.sampling.base import bid_kind
    from euchre_learn.analysis.sampling.people import bid_margin, bid_suit
    from euchre_learn.engine import act

    bot = get("standard", seed=1)
    rng = random.Random(1)
    out: dict[str, list[Any]] = {"bids": [], "cards": [], "slips": []}
    for pos, score, action, _i in decisions(games):
        s = pos.core
        a = action.id
        legal = s.legal()
        bots = bot.decide(s, rng, None, score)
        if s.phase == PLAY_PHASE:
            out["cards"].append((s.play_mask().bit_count(), a == bots))
        elif s.phase in (BID1, BID2) and act.PASS in legal:
            out["bids"].append((bid_margin(s, a, score), a != act.PASS))
            if a != act.PASS and bid_kind(bots) != 0:
                out["slips"].append(bid_kind(a) == bid_kind(bots) and bid_suit(a) == bid_suit(bots))
            elif a != act.PASS and bid_kind(a) == 2:
                out["slips"].append(False)
        elif s.phase in (BID1, BID2) or s.phase == DEFEND:
            out["slips"].append(a == bots)
    return out


def fit(obs: dict[str, list[Any]], source: str) -> Any:
    """The parameters of greatest likelihood on a grid."""
    from euchre_learn.analysis.sampling.people import PlayerModel

    def model(
        t: float, spread: float, loose: float, tight: float, ct: float = 0.5, slip: float = 0.1, wild: float = 0.0
    ) -> PlayerModel:
        return PlayerModel(t, spread, loose, tight, ct, slip, source, wild)

    best_bid, best_ll = None, -math.inf
    for t, spread, loose, tight, wild in itertools.product(
        (0.1, 0.2, 0.35, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0),
        (0.5, 1.0, 2.0, 3.0),
        (0.0, 0.1, 0.2, 0.35, 0.5),
        (0.0, 0.1, 0.2, 0.35, 0.5),
        (0.0, 0.05, 0.1, 0.15, 0.2, 0.3),
    ):
        m = model(t, spread, loose, tight, wild=wild)
        ll = sum(math.log(max(1e-12, m.make_chance(x) if made else 1.0 - m.make_chance(x))) for x, made in obs["bids"])
        if loose + tight <= 0.75 and ll > best_ll + 1e-9:
            best_bid, best_ll = (t, spread, loose, tight, wild), ll
    best_ct, best_cll = 0.5, -math.inf
    for ct in (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.43, 0.5, 0.6, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0, 5.0):
        m = model(0.35, 0, 0, 0, ct)
        ll = sum(math.log(m.card_chance(n, bots)) for n, bots in obs["cards"])
        if ll > best_cll:
            best_ct, best_cll = ct, ll
    slips = obs["slips"]
    slip = min(0.5, max(0.02, (sum(1 for x in slips if not x) + 1) / (len(slips) + 2)))
    assert best_bid is not None
    t, spread, loose, tight, wild = best_bid
    return model(t, spread, loose, tight, best_ct, round(slip, 3), wild), best_ll, best_cll


# ---- measure ----------------------------------------------------------------------------------
def outside_positions() -> Iterator[tuple[el.Hand, tuple[int, int] | None]]:
    for rec in json.loads(OUTSIDE.read_text(encoding="utf-8")):
        s = rec.get("score")
        yield el.replay(rec["record"]), None if s is None else (int(s[0]), int(s[1]))


def measure(
    cases: list[tuple[el.Hand, Any]], worlds: int, model: str | None = None
) -> tuple[int, int, float, float, float]:
    """(decisions, decisions no drawn world fits, mean weighted fit, mean effective share of the
    worlds, seconds); ``model``: a level's fitted model instead of the coach's."""
    from euchre_learn.analysis.sampling import FitWorlds, weighted_fit

    kw: dict[str, Any] = {}
    if model is not None:
        from euchre_learn.analysis.sampling import LEVEL_MODELS

        kw["model"] = LEVEL_MODELS[model]
    none = 0
    total = ess = 0.0
    start = time.process_time()
    for k, (pos, score) in enumerate(cases):
        ws = FitWorlds(pos, get("standard", seed=1), score, **kw).draw(worlds, random.Random(k))
        none += not any(w.fits for w in ws)
        f, e = weighted_fit(ws)
        total += f
        ess += e / worlds
    n = max(1, len(cases))
    return len(cases), none, total / n, ess / n, time.process_time() - start


def sources(hands: int, only: str | None = None) -> Iterator[tuple[str, Any]]:
    """Each source of games by name: the real games, then each level's (``only``: just one)."""
    if only in (None, "real"):
        yield "real games", list(real_games())
    for level in LEVELS:
        if only in (None, level):
            yield f"level '{level}'", list(level_games(level, hands))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("fit", "measure"))
    parser.add_argument("--hands", type=int, default=40, help="hands recorded per level (default 40)")
    parser.add_argument("--worlds", type=int, default=16, help="worlds drawn per decision when measuring")
    parser.add_argument("--model", choices=LEVELS, help="measure with a level's fitted model, not the coach's")
    parser.add_argument("--only", choices=("real", *LEVELS), help="one source only (default: every source)")
    args = parser.parse_args(argv)
    if args.what == "fit":
        for name, games in sources(args.hands, args.only):
            obs = observations(games)
            m, bll, cll = fit(obs, name)
            print(
                f"{name}: {len(obs['bids'])} bids (log-lik {bll:.1f}), {len(obs['cards'])} cards "
                f"(log-lik {cll:.1f}), {len(obs['slips'])} other"
            )
            print(f"  {m}")
        return 0
    print("| source | decisions | no world fits | mean fit | effective worlds | CPU s |")
    print("|---|---|---|---|---|---|")
    for name, games in sources(args.hands, args.only):
        cases = [(pos, score) for pos, score, _a, _i in decisions(games)]
        n, none, mean, ess, secs = measure(cases, args.worlds, args.model)
        print(f"| {name} | {n} | {none} ({none / n:.1%}) | {mean:.2f} | {ess:.0%} | {secs:.0f} |", flush=True)
    if args.only is not None:
        return 0
    n, none, mean, ess, secs = measure(list(outside_positions()), args.worlds, args.model)
    print(f"| outside positions | {n} | {none} ({none / n:.1%}) | {mean:.2f} | {ess:.0%} | {secs:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
