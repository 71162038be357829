"""Opponent levels (issue 26): legal, deterministic, never peeking, each blind spot where it applies."""

from __future__ import annotations

import itertools
import json
import math
import random
from importlib import resources

import pytest

import euchre_learn as el
from euchre_learn import Hand, Rules
from euchre_learn.analysis import blind_spots as bs
from euchre_learn.analysis import bots
from euchre_learn.analysis import levels as lv
from euchre_learn.analysis.bots import StandardBot
from euchre_learn.engine import core
from euchre_learn.engine.actions import Action

from .bots.test_bots import _reshuffle_hidden, random_states

SLIPPING = [name for name, rates in lv.LEVELS.items() if rates]
PRESETS = ["standard", "railroad", "uk", "seed-000", "openspiel"]


def run(hand: Hand, *actions: str) -> Hand:
    for a in actions:
        hand = hand.apply(a)
    return hand


def always(spot: str) -> lv.LevelBot:
    """A level that makes only this slip, every time it applies."""
    return lv.LevelBot("novice", seed=1, rates={spot: 1.0}, temperature=0.0, card_temperature=0.0)


# ---- the registry and levels() ---------------------------------------------------------------


def test_levels_names_order_and_get() -> None:
    pairs = el.bots.levels()
    names = [n for n, _ in pairs]
    assert names[:3] == ["novice", "casual", "club"] and names[-1] == "expert" and len(names) >= 5
    for name in names:
        assert el.bots.get(name, seed=1).name == name
    stored = json.loads(resources.files("euchre_learn.analysis").joinpath("data", "levels.json").read_text("utf-8"))
    for name, acc in pairs:
        assert acc == stored["levels"][name]["accuracy"]  # as measured, from the data file
    accs = [a for _, a in pairs]
    assert accs == sorted(accs), "the levels are weakest first by measured accuracy"


# ---- legal, deterministic, never peeking -----------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_levels_are_legal_and_deterministic(preset: str) -> None:
    for i, hand in enumerate(random_states(preset, 6, seed=11)):
        if hand.is_over:
            continue
        for name in SLIPPING:
            bot = bots.get(name, seed=i)
            a = bot.act(hand)
            assert a in hand.legal_actions(), (name, str(a))
            assert a == bots.get(name, seed=i).act(hand)
            assert bot.explain(hand) == bots.get(name, seed=i).explain(hand)


@pytest.mark.parametrize("preset", PRESETS)
def test_levels_play_whole_hands_on_the_core(preset: str) -> None:
    rng = random.Random(preset)
    for name in SLIPPING:
        seats = [bots.get(name, seed=k) for k in range(4)]
        for i in range(40):
            state = bots.play_hand(core.deal(Rules.preset(preset), i % 4, rng), seats, rng)
            assert state.phase == core.OVER


@pytest.mark.parametrize("preset", PRESETS)
def test_levels_never_look_at_hidden_cards(preset: str) -> None:
    """Re-deal every card the seat to act cannot see: no level changes its choice or its reason."""
    rng = random.Random(preset)
    lineup = [bots.get(n, seed=5) for n in SLIPPING]
    checked = 0
    for i in range(25):
        state = core.deal(Rules.preset(preset), i % 4, rng)
        while state.phase != core.OVER:
            other = _reshuffle_hidden(state, rng)
            for bot in lineup:
                why_a: list[str] = []
                why_b: list[str] = []
                a = bot.decide(state.copy(), random.Random(1), why_a)
                b = bot.decide(other.copy(), random.Random(1), why_b)
                assert (a, why_a) == (b, why_b), (preset, bot.name, state.phase)
                checked += 1
            state.apply(rng.choice(state.legal()))
    assert checked > 500


def test_a_level_without_slips_is_the_standard_bot_bidding_by_its_thresholds() -> None:
    plain = lv.LevelBot("novice", seed=3, rates={}, temperature=0.0, card_temperature=0.0)
    std = StandardBot(seed=3, learned=False)
    for hand in random_states("standard", 3, seed=2):
        if not hand.is_over:
            assert plain.choose(hand) == std.choose(hand)


# ---- each blind spot: where it applies and where it does not -----------------------------------

# South deals, the 9♥ turned; hearts trump once South takes it up
DEAL_S = {
    "W": "A♠ 9♣ 10♣ Q♣ K♦",
    "N": "9♠ 10♠ Q♦ K♣ A♦",
    "E": "9♦ 10♥ A♣ J♣ 10♦",
    "S": "K♠ J♠ J♥ A♥ Q♠",
}
# the same, West holding two small hearts (10♥ Q♥) and East no trump
DEAL_W = {
    "W": "10♥ Q♥ A♠ 9♣ K♦",
    "N": "9♠ 10♠ Q♦ K♣ A♦",
    "E": "9♦ 10♣ A♣ J♣ 10♦",
    "S": "K♠ J♠ J♥ A♥ Q♠",
}
# East deals the 9♥; North holds the J♦ (the left bower) and no diamond
DEAL_E = {
    "N": "J♦ 9♠ 10♠ A♣ K♠",
    "S": "A♦ 9♣ 10♣ Q♣ K♣",
    "W": "9♦ 10♦ Q♦ Q♠ A♠",
    "E": "J♥ A♥ K♥ K♦ J♠",
}
STD = bots.get("standard", seed=1)


def slip_of(spot: str, hand: Hand) -> bs.Slip | None:
    return bs.BLIND_SPOTS[spot](hand.core, STD.act(hand).id)


def test_trump_partners_winner() -> None:
    hand = run(Hand.from_cards("S", DEAL_S, upcard="9♥"), "pass", "pass", "pass", "order up", "discard Q♠",
               "play A♠", "play 9♠")
    assert hand.to_act == el.Seat.E  # partner West's A♠ wins; East has no spade and holds the 10♥
    assert STD.act(hand) != Action.parse("play 10♥")
    slip = always("trump_partners_winner")
    assert slip.act(hand) == Action.parse("play 10♥")
    assert "trumping partner's winner" in slip.explain(hand)
    north = run(Hand.from_cards("S", DEAL_S, upcard="9♥"), "pass", "pass", "pass", "order up", "discard Q♠",
                "play A♠")
    assert slip_of("trump_partners_winner", north) is None  # the other side is winning


def test_forgot_left_bower_follows_its_printed_suit() -> None:
    hand = run(Hand.from_cards("E", DEAL_E, upcard="9♥"), "pass", "pass", "pass", "order up", "discard J♠",
               "play A♦", "play 9♦")
    assert hand.to_act == el.Seat.N and hand.trump == el.Suit.HEARTS
    assert STD.act(hand) != Action.parse("play J♦")
    slip = always("forgot_left_bower")
    assert slip.act(hand) == Action.parse("play J♦")
    assert "forgot that the J♦ is a heart with hearts trump" in slip.explain(hand)
    west = run(Hand.from_cards("E", DEAL_E, upcard="9♥"), "pass", "pass", "pass", "order up", "discard J♠",
               "play A♦")
    assert slip_of("forgot_left_bower", west) is None  # West holds no left bower


def test_trump_from_weakness_only_as_a_defender() -> None:
    hand = run(Hand.from_cards("S", DEAL_W, upcard="9♥"), "pass", "pass", "pass", "order up", "discard Q♠")
    assert hand.to_act == el.Seat.W and hand.maker == el.Seat.S
    assert STD.act(hand) != Action.parse("play 10♥")
    slip = always("trump_from_weakness")
    assert slip.act(hand) == Action.parse("play 10♥")
    assert "leading trump from weakness" in slip.explain(hand)
    maker = run(Hand.from_cards("S", DEAL_W, upcard="9♥"), "order up", "discard Q♠")
    assert maker.to_act == el.Seat.W and maker.maker == el.Seat.W
    assert slip_of("trump_from_weakness", maker) is None  # West made trump


def test_two_small_trumps_orders_it_up() -> None:
    hand = Hand.from_cards("S", DEAL_W, upcard="9♥")  # West first, holding 10♥ Q♥
    assert STD.act(hand) == Action.parse("pass")
    slip = always("two_small_trumps")
    assert slip.act(hand) == Action.parse("order up")
    assert "only two trumps" in slip.explain(hand)
    assert slip_of("two_small_trumps", Hand.from_cards("S", DEAL_S, upcard="9♥")) is None  # no heart


def test_going_alone_too_often_and_too_rarely() -> None:
    # West's two low clubs are two losers beside the trumps' one: too many to go alone (BIDDING's alone_losers)
    holdings = {"W": "J♥ A♥ K♥ 10♣ 9♣", "N": "J♦ 9♦ 10♠ A♣ K♠", "E": "Q♥ 9♥ Q♦ 9♠ 10♦",
                "S": "Q♠ A♦ J♠ K♣ Q♣"}
    hand = Hand.from_cards("S", holdings, upcard="10♥")
    assert STD.act(hand) == Action.parse("order up")
    assert always("alone_too_often").act(hand) == Action.parse("order up alone")
    assert "going alone too often" in always("alone_too_often").explain(hand)
    assert always("alone_too_rarely").act(hand) == Action.parse("order up")  # nobody goes alone: no slip
    strong = Hand.from_cards("S", {**holdings, "W": "J♥ J♦ A♥ K♥ A♠", "N": "10♣ 9♦ 10♠ A♣ K♠"}, upcard="10♥")
    assert STD.act(strong) == Action.parse("order up alone")
    assert always("alone_too_rarely").act(strong) == Action.parse("order up")
    assert "going alone too rarely" in always("alone_too_rarely").explain(strong)
    assert always("alone_too_often").act(strong) == Action.parse("order up alone")


def test_not_counting_trumps_fires_only_with_a_trump_and_picks_one_legally() -> None:
    found = 0
    for seed in range(30):
        h = Hand.deal(el.Seat(seed % 4), seed=seed)
        while not h.is_over:
            a = STD.act(h).id
            slip = bs.not_counting_trumps(h.core, a)
            if slip is not None:
                found += 1
                assert Action(slip.action) in h.legal_actions() and slip.action != a
                assert "not counting the trumps" in slip.words
            h = h.apply(Action(a))
    assert found > 5


def test_the_temperatures_are_zero_at_standard_and_slip_when_hot() -> None:
    rng = random.Random(3)
    hand = Hand.from_cards("S", DEAL_W, upcard="9♥")
    assert bs.misjudged_strength(hand.core, 0, rng, 0.0, None, STD.bidding) is None
    hot = [bs.misjudged_strength(hand.core, 0, random.Random(k), 50.0, None, STD.bidding) for k in range(40)]
    assert any(h is not None and h.action == 1 for h in hot) and any(h is None for h in hot)
    play = run(Hand.from_cards("S", DEAL_S, upcard="9♥"), "pass", "pass", "pass", "order up", "discard Q♠")
    a = STD.act(play).id
    assert bs.careless_card(play.core, a, rng, 0.0) is None
    slips = [bs.careless_card(play.core, a, random.Random(k), 5.0) for k in range(40)]
    assert all(x is None or Action(x.action) in play.legal_actions() for x in slips)
    assert any(x is not None for x in slips)


# ---- the ordering, measured small ---------------------------------------------------------------


def test_the_weakest_level_loses_to_standard_in_duplicate() -> None:
    r = el.tournament.duplicate("standard", "novice", deals=200, seed=7)
    assert r.points_per_deal - 2 * r.se > 0, r


def test_a_small_sample_of_the_weakest_level_lies_near_its_stored_accuracy() -> None:
    """Re-measure 'novice' over 12 hands (the bench's own hands) and check the mean lies within
    the stored figure ± 3 standard errors of a 12-hand mean (the stored per-hand spread)."""
    from benchmarks.bench_levels import reviewed_hand

    stored = json.loads(resources.files("euchre_learn.analysis").joinpath("data", "levels.json").read_text("utf-8"))
    row = stored["levels"]["novice"]
    n = 12
    accs = [reviewed_hand(("novice", k, row["worlds"], str(stored["seed"]))) for k in range(n)]  # each row says its worlds
    mean = sum(accs) / n
    assert abs(mean - row["accuracy"]) <= 3 * row["sd"] / math.sqrt(n), (mean, row)


# ---- the level for a learner's accuracy ------------------------------------------------------


def test_closest_level_to_an_accuracy() -> None:
    measured = [(name, acc if acc is not None else lv.BANDS[name]) for name, acc in el.bots.levels()]
    for name, acc in measured:
        assert lv.closest(acc) == name
    for (weak, a), (strong, b) in itertools.pairwise(measured):
        assert lv.closest((a + b) / 2) == strong  # halfway: the stronger, a little better than the learner
        assert lv.closest(a + (b - a) / 4) == weak
    assert lv.closest(0) == measured[0][0] and lv.closest(100) == measured[-1][0]
    for bad in (101, -1, math.nan, "90", True, None):
        with pytest.raises(ValueError, match="closest"):
            lv.closest(bad)  # type: ignore[arg-type]
