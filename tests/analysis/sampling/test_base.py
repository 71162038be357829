"""The one sampler's interface (analysis/sampling/base.py): every strategy is a ``Sampler`` whose
worlds agree with what the seat to act has seen, the same seed giving the same worlds; the deal's
small facts (``deck_mask``, ``dead_upcard``, ``bid_kind``) read as the rulings say; and the package's
docs name every strategy it holds."""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from pathlib import Path

import pytest

import euchre_learn as el
from euchre_learn.analysis import sampling
from euchre_learn.analysis.bots import get
from euchre_learn.analysis.sampling import (
    FastWorlds,
    FitWorlds,
    PlayWorlds,
    Sampler,
    World,
    Worlds,
    bid_kind,
    dead_upcard,
    deck_mask,
    fast_ok,
)
from euchre_learn.engine import act
from euchre_learn.engine.core import BENNY, BID1, BID2, DISCARD_PHASE

ROOT = Path(__file__).resolve().parents[3]


def _positions(rules: el.Rules | None, count: int, label: str) -> list[el.Hand]:
    """Positions with a real choice from hands the standard bot plays out under ``rules``: every
    bid, discard and railroad step, and every third card, so each phase comes up."""
    bot = get("standard", seed=1)
    out: list[el.Hand] = []
    k = 0
    while len(out) < count:
        hand = el.Hand.deal(el.Seat(k % 4), rules=rules, seed=f"{label}|{k}")
        i = 0
        while not hand.is_over and len(out) < count:
            if (hand.phase != el.Phase.PLAY or i % 3 == k % 3) and len(hand.legal_actions()) > 1:
                out.append(hand)
            hand = hand.apply(bot.act(hand))
            i += 1
        k += 1
    return out


def _replay(hand: el.Hand) -> Sampler:
    core = hand.core
    return Worlds(core, hand.deal_masks[0][core.to_act], hand.history_ids, get("standard", seed=0))


def _uniform(hand: el.Hand) -> Sampler:
    core = hand.core
    return Worlds(core, hand.deal_masks[0][core.to_act], hand.history_ids, get("standard", seed=0), uniform=True)


def _fast(hand: el.Hand) -> Sampler:
    core = hand.core
    return Worlds(core, hand.deal_masks[0][core.to_act], hand.history_ids, get("standard", seed=0), fast=True)


def _fitted(hand: el.Hand) -> Sampler:
    return FitWorlds(hand, get("standard"), tries=12)


STRATEGIES: dict[str, Callable[[el.Hand], Sampler]] = {
    "replay": _replay,
    "uniform": _uniform,
    "fast": _fast,
    "fitted": _fitted,
    "play": lambda hand: PlayWorlds(hand.core, model=True),
}
RULES = {"standard": None, "benny": el.Rules(benny="joker"), "railroad": el.Rules(railroad=True)}


def _agrees(world: World, hand: el.Hand) -> None:
    """The world is the real position with only the hidden cards dealt again."""
    real, got = hand.core, world.state
    assert isinstance(world, World) and isinstance(world.fits, bool) and isinstance(world.log_weight, float)
    assert (got.phase, got.to_act, got.dealer, got.upcard) == (real.phase, real.to_act, real.dealer, real.upcard)
    assert (got.trump, got.maker, got.alone, got.out) == (real.trump, real.maker, real.alone, real.out)
    assert got.tricks == real.tricks and list(got.trick) == list(real.trick)
    assert [h.bit_count() for h in got.hands] == [h.bit_count() for h in real.hands]
    if real.phase != BENNY:  # naming the Benny's suit comes before the dealer looks (R3.5)
        assert got.hands[real.to_act] == real.hands[real.to_act]
    held = 0
    for h in got.hands:
        assert not held & h, "a card in two hands"
        held |= h
    assert held & ~deck_mask(real) == 0


@pytest.mark.parametrize("rules", list(RULES), ids=list(RULES))
@pytest.mark.parametrize("name", list(STRATEGIES), ids=list(STRATEGIES))
def test_every_strategy_keeps_the_interface(name: str, rules: str) -> None:
    make = STRATEGIES[name]
    hands = _positions(RULES[rules], 12, f"sampler|{rules}")
    if name == "play":
        hands = [h for h in hands if h.phase == el.Phase.PLAY]
    assert hands
    for hand in hands:
        sampler = make(hand)
        assert isinstance(sampler, Sampler)
        first = sampler.draw(3, random.Random(7))
        again = make(hand).draw(3, random.Random(7))
        assert [w.state.hands for w in first] == [w.state.hands for w in again]  # same seed, same worlds
        one_by_one = [sampler.sample(r) for r in [random.Random(7)] for _ in range(3)]
        assert [w.state.hands for w in one_by_one] == [w.state.hands for w in first]  # draw is n samples
        for world in first:
            _agrees(world, hand)
        if name in ("uniform", "play") and not (name == "play" and sampler.model and sampler.model.active):
            assert all(w.fits and w.log_weight == 0.0 for w in first)


def test_the_fast_strategy_takes_the_decisions_it_covers() -> None:
    """``fast=True`` hands a bidding decision (or the dealer's discard) of the plain game to
    FastWorlds while the history is passes and at most an order-up in round 1; the replay elsewhere."""
    for hand in _positions(None, 12, "fast") + _positions(el.Rules(benny="joker"), 6, "fast"):
        core = hand.core
        sampler = _fast(hand)
        assert isinstance(sampler, Worlds)
        plain = not core.rules.benny and not core.rules.railroad
        heard = [(i, a) for i, (_seat, a) in enumerate(hand.history_ids)]
        simple = all(a == act.PASS or (a == act.ORDER_UP and i < 4) for i, a in heard)
        covered = core.phase in (BID1, BID2, DISCARD_PHASE) and plain and simple
        assert fast_ok(core, hand.history_ids) == (plain and simple)
        assert isinstance(sampler.fast, FastWorlds) == covered, hand


def test_fitted_worlds_fit_a_plain_pass() -> None:
    """The doctest's position: after one pass every fitted world is one where the passer passes."""
    hand = el.Hand.deal("N", seed=4).apply("pass")
    worlds = FitWorlds(hand, get("standard")).draw(8, random.Random(2))
    assert all(w.fits for w in worlds)
    assert len({w.state.hands[1] for w in worlds}) > 1  # the passer's hand really is dealt again


def test_dead_upcard_reads_r5_2() -> None:
    """The dealer's partner ordering up alone in round 1 leaves the upcard dead (R5.2), unless the
    house lets the dealer pick up for a partner's loner."""
    for rules, dead in ((None, True), (el.Rules(dealer_picks_up_for_partner_loner=True), False)):
        hand = el.Hand.deal("N", rules=rules, seed=3).apply("pass")  # East passes, South is N's partner
        hand = hand.apply("order up alone")
        assert hand.core.maker == 2 and hand.core.alone
        assert dead_upcard(hand.core) is dead
    assert not dead_upcard(el.Hand.deal("N", seed=3).apply("order up alone").core)  # East is no partner


def test_deck_mask_counts_the_benny() -> None:
    assert bin(deck_mask(el.Hand.deal("N", seed=1).core)).count("1") == 24
    assert bin(deck_mask(el.Hand.deal("N", rules=el.Rules(benny="joker"), seed=1).core)).count("1") == 25


def test_bid_kind_of_every_bid() -> None:
    assert bid_kind(act.PASS) == 0
    assert bid_kind(act.ORDER_UP) == 1 and bid_kind(act.ORDER_UP_ALONE) == 2
    assert bid_kind(act.DEFEND_ALONE) == 2
    for suit in range(4):
        assert bid_kind(act.CALL + suit) == 1
        assert bid_kind(act.CALL_ALONE + suit) == 2


def test_the_docs_name_every_strategy() -> None:
    """Every Sampler in the package is exported, named in the package's docs and in
    docs/architecture.md's "The one sampler", and implements sample itself."""
    strategies = {c for _n, c in inspect.getmembers(sampling, inspect.isclass) if issubclass(c, Sampler)} - {Sampler}
    assert {c.__name__ for c in strategies} == {"Worlds", "FastWorlds", "FitWorlds", "PlayWorlds"}
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = doc[doc.index("### The one sampler") :]
    for cls in strategies:
        assert cls.__name__ in sampling.__all__
        assert f":class:`{cls.__name__}`" in (sampling.__doc__ or "")
        assert f"{cls.__module__.rsplit('.', 1)[1]}.{cls.__name__}" in section
        assert "sample" in vars(cls) and not inspect.isabstract(cls)
