"""Properties of whole hands for every preset (hypothesis over random deals and choices),
an OpenSpiel-style random simulation on the core, and perft-like counts for fixed deals
compared between two independent enumerations."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_learn import Action, Card, Hand, IllegalActionError, Phase, Rules, Seat, Suit, deck, replay, score_hand
from euchre_learn.engine import act
from euchre_learn.engine import core as core

from .naive_rules import ref_discards, ref_legal, ref_winner

PRESETS = Rules.presets()
RULE_SETS: list[str | Rules] = [
    *PRESETS,
    Rules(dealer_may_discard_upcard=True),  # R3.2's option (no preset: EGN's reader turns it on)
    Rules(dealer_may_discard_upcard=True, stick_the_dealer=True, canadian_loner=True),
]
SETTINGS = settings(max_examples=20, deadline=None, database=None, derandomize=True)


# ---- what should be legal, from RULES.md, for the public view of a hand -----------------------


def expected_legal(hand: Hand) -> set[str]:
    """The legal actions as RULES.md states them, from what a hand shows."""
    seat, rules, phase = hand.to_act, hand.rules, hand.phase
    if phase is Phase.OVER:
        assert seat is None
        return set()
    assert seat is not None
    # a seat that sits out never acts (§11.8), except the loner's partner passing a card (R5.5)
    assert seat not in hand.sitting_out or phase is Phase.RAILROAD_GIVE
    maker = hand.maker
    if phase is Phase.BENNY:  # R3.5
        assert seat is hand.dealer
        return {f"name {s}" for s in Suit}
    if phase is Phase.ROUND_1:  # R3.1, R5.3
        words = {"pass", "order up alone"}
        if not (rules.canadian_loner and seat is hand.dealer.partner):
            words.add("order up")
        return words
    if phase is Phase.DISCARD:  # R3.2: never the upcard, unless its option dealer_may_discard_upcard
        assert seat is hand.dealer
        return {f"discard {c}" for c in ref_discards(hand.holding(seat), hand.upcard, rules.dealer_may_discard_upcard)}
    if phase is Phase.ROUND_2:  # R4.1, R4.3
        suits = [s for s in Suit if s is not hand.turned_down]
        words = {f"call {s}" for s in suits} | {f"call {s} alone" for s in suits}
        if not (rules.stick_the_dealer and seat is hand.dealer):
            words.add("pass")
        return words
    assert maker is not None
    if phase is Phase.RAILROAD_GIVE:  # R5.5
        assert seat is maker.partner
        return {f"give {c}" for c in hand.holding(seat)}
    if phase is Phase.RAILROAD_TAKE:
        assert seat is maker
        return {"take", "decline"}
    if phase is Phase.RAILROAD_DISCARD:
        assert seat is maker
        return {f"discard {c}" for c in hand.holding(seat)}
    if phase is Phase.DEFEND:  # R5.4
        assert seat in (maker.left, maker.right) and hand.alone
        return {"pass", "defend alone"}
    assert phase is Phase.PLAY and hand.trump is not None
    trick = hand.current_trick
    assert trick is not None
    led = trick.cards[0] if trick.cards else None
    return {f"play {c}" for c in ref_legal(list(hand.holding(seat)), hand.trump.symbol, led)}


def check_finished(hand: Hand) -> None:
    """Five tricks, each active seat once per trick, one side scores (or thrown in)."""
    assert hand.is_over and hand.to_act is None and hand.legal_actions() == ()
    if hand.thrown_in:
        assert hand.score is None and hand.tricks == () and hand.trump is None
        assert len(hand.history) == 8 and all(a == Action.parse("pass") for _, a in hand.history)
        return
    assert hand.trump is not None and hand.maker is not None and hand.score is not None
    active = [s for s in Seat if s not in hand.sitting_out]
    expected_out = {hand.maker.partner} if hand.alone else set()
    if hand.lone_defender is not None:
        expected_out.add(hand.lone_defender.partner)
    assert set(hand.sitting_out) == expected_out
    assert len(hand.tricks) == 5
    leader = hand.tricks[0].leader
    for trick in hand.tricks:
        assert trick.leader is leader
        assert sorted(trick.seats) == active  # each active seat exactly once
        order = [s for k in range(4) if (s := Seat((leader + k) % 4)) in active]
        assert list(trick.seats) == order  # clockwise from the leader
        assert trick.winner is trick.seats[ref_winner(list(trick.cards), hand.trump.symbol)]
        leader = trick.winner
    makers = hand.maker.team
    tricks = sum(t.winner.team is makers for t in hand.tricks)
    assert hand.tricks_won[makers] == tricks and hand.tricks_won[makers.other] == 5 - tricks
    # exactly one side scores
    assert (hand.score.makers > 0) != (hand.score.defenders > 0)
    assert (hand.points[makers] > 0) != (hand.points[makers.other] > 0)
    assert hand.score == score_hand(
        tricks, alone=hand.alone, lone_defender=hand.lone_defender is not None, rules=hand.rules
    )
    # every card played once, by the seat that held it
    for seat in active:
        played = [c for t in hand.tricks for s, c in zip(t.seats, t.cards, strict=True) if s is seat]
        assert len(played) == 5 and not set(played) & set(hand.holding(seat))


@pytest.mark.parametrize("preset", RULE_SETS)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), dealer=st.sampled_from(list(Seat)), choices=st.randoms(use_true_random=False))
def test_random_hands(preset: str | Rules, seed: int, dealer: Seat, choices: random.Random) -> None:
    hand = Hand.deal(dealer, preset, seed=seed)
    everything = [Action(i) for i in range(act.N_ACTIONS)]
    steps = 0
    while True:
        legal = hand.legal_actions()
        # only legal actions are offered: exactly those RULES.md allows
        assert {str(a) for a in legal} == expected_legal(hand)
        assert len(set(legal)) == len(legal)
        # any other action raises IllegalActionError and leaves the hand equal to before
        before, record, holdings = hand, hand.to_record(), [hand.holding(s) for s in Seat]
        for action in choices.sample([a for a in everything if a not in legal], 4):
            with pytest.raises(IllegalActionError):
                hand.apply(action)
            assert hand == before and hand.to_record() == record
            assert [hand.holding(s) for s in Seat] == holdings and hand.legal_actions() == legal
        if hand.is_over:
            break
        hand = hand.apply(choices.choice(legal))
        steps += 1
    assert steps == len(hand.history)
    check_finished(hand)
    assert replay(hand.to_record()) == hand


@pytest.mark.parametrize("preset", PRESETS)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 40))
def test_replay_of_a_hand_in_progress(preset: str, seed: int, stop: int) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(Seat(seed % 4), preset, seed=seed)
    for _ in range(stop):
        if hand.is_over:
            break
        hand = hand.apply(rng.choice(hand.legal_actions()))
    again = replay(hand.to_record())
    assert again == hand and again.legal_actions() == hand.legal_actions()
    assert [again.holding(s) for s in Seat] == [hand.holding(s) for s in Seat]


# ---- OpenSpiel's random_sim_test, on the core State ---------------------------------------------


def conserved(state: core.State, deck_mask: int) -> None:
    """Every card is in exactly one place: a hand, played, the kitty, or set aside."""
    places = [*state.hands, state.played, state.kitty]
    held = state.played | state.kitty
    for mask in state.hands:
        held |= mask
    aside = []
    if not held >> state.upcard & 1:
        aside.append(state.upcard)  # turned down, or dead (R5.2)
    aside += [c for c in (state.discard, state.rr_discard) if c >= 0]
    if state.given >= 0 and not state.taken:
        aside.append(state.given)  # declined: set aside with the partner's cards
    for c in aside:
        places.append(1 << c)
    total = 0
    for mask in places:
        assert total & mask == 0, "a card is in two places"
        total |= mask
    assert total == deck_mask


@pytest.mark.parametrize("preset", PRESETS)
def test_random_sim_on_the_core(preset: str) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    deck_mask = (1 << len(deck(rules))) - 1
    outcomes: set[str] = set()
    for n in range(150):
        state = core.deal(rules, n % 4, rng)
        conserved(state, deck_mask)
        while state.phase != core.OVER:
            legal = state.legal()
            assert legal and legal == sorted(set(legal))
            if state.phase == core.PLAY_PHASE:
                assert legal == [act.PLAY + c for c in core.bits(state.play_mask())]
                assert not state.out >> state.to_act & 1
            state.apply(rng.choice(legal))
            conserved(state, deck_mask)
        assert state.legal() == []
        if state.thrown_in:
            outcomes.add("thrown in")
            assert state.score is None
            continue
        assert state.score is not None and sum(state.won) == 5 and len(state.tricks) == 5
        assert (state.score.makers == 0) != (state.score.defenders == 0)
        assert all(len(t[1]) == state.n_active() for t in state.tricks)
        outcomes.add(state.score.outcome)
    assert {"made", "euchred"} <= outcomes


@pytest.mark.parametrize("preset", PRESETS)
def test_playout_matches_step_by_step(preset: str) -> None:
    rules = Rules.preset(preset)
    for n in range(40):
        start = core.deal(rules, n % 4, random.Random(n))
        fast = start.copy()
        fast.playout(random.Random(1000 + n))
        # the same choices, one step at a time through legal() and apply()
        slow, rng = start.copy(), random.Random(1000 + n)
        while slow.phase != core.OVER:
            if slow.phase == core.PLAY_PHASE:
                slow.apply(act.PLAY + rng.choice(core.bits(slow.play_mask())))
            else:
                slow.apply(rng.choice(slow.legal()))
        assert (fast.score, fast.tricks, fast.won, fast.thrown_in) == (
            slow.score,
            slow.tricks,
            slow.won,
            slow.thrown_in,
        )
        assert start.phase != core.OVER  # playout worked on a copy


# ---- perft: fixed counts for fixed deals, two enumerations ------------------------------------------


def perft_core(state: core.State, depth: int | None = None) -> int:
    """Leaves of the action tree on the core: the end of the bidding (play begins or the hand
    is thrown in), or ``depth`` actions into the play."""
    if depth is None:
        if state.phase in (core.PLAY_PHASE, core.OVER):
            return 1
    elif depth == 0 or state.phase == core.OVER:
        return 1
    total = 0
    for action in state.legal():
        child = state.copy()
        child.apply(action)
        total += perft_core(child, None if depth is None else depth - 1)
    return total


def bidding_count_by_rules(rules: Rules, benny_up: bool) -> int:
    """The number of ways the bidding can go, counted from RULES.md without the engine.

    Round 1 (R3.1): the seats after the dealer in turn, each pass or accept, alone or not
    (R5.3: the dealer's partner only alone). Accepting picks up (R3.2: 5 discards, never the
    upcard) unless the dealer's partner goes alone (R5.2). Round 2 (R4.1): each seat passes or
    names one of 3 suits, alone or not; the dealer may not pass with stick the dealer (R4.3);
    four passes throw in (R4.2). A loner with railroad (R5.5): 5 cards to give, then decline,
    or take and discard one of 6. Defend alone (R5.4): the first defender declares, or passes
    and the second declares, or both pass. The Benny turned up: 4 suits to name first (R3.5).
    """

    def after_making(seat: int, alone: bool, round_1: bool) -> int:
        partner_of_dealer = seat == 2  # seats counted from the dealer (0), clockwise
        ways = 1
        if round_1 and not (alone and partner_of_dealer and not rules.dealer_picks_up_for_partner_loner):
            ways *= 5
        if alone and rules.railroad:
            ways *= 5 * (1 + 6)
        if alone and rules.defend_alone:
            ways *= 3
        return ways

    total = 0
    for seat in (1, 2, 3, 0):  # round 1, from eldest
        for alone in (False, True):
            if seat == 2 and rules.canadian_loner and not alone:
                continue
            total += after_making(seat, alone, round_1=True)
    for seat in (1, 2, 3, 0):  # round 2
        total += sum(after_making(seat, alone, round_1=False) for alone in (False, True)) * 3
    if not rules.stick_the_dealer:
        total += 1
    return total * (4 if benny_up else 1)


def test_bidding_count_by_hand_for_the_standard_rules() -> None:
    # Round 1: West, East and South each order up / take up 5 ways (a discard) and alone 5 ways;
    # North (the dealer's partner) 5 ways, and alone 1 way (no pick-up): 10+6+10+10 = 36.
    # Round 2: 4 seats x 3 suits x (alone or not) = 24. One throw-in. 36 + 24 + 1 = 61.
    assert bidding_count_by_rules(Rules(), benny_up=False) == 61
    assert perft_core(core.deal(Rules(), 2, random.Random(0))) == 61


@pytest.mark.parametrize("preset", PRESETS)
def test_bidding_perft_two_ways(preset: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(2):
        state = core.deal(rules, seed, random.Random(seed))
        assert state.upcard != 24
        assert perft_core(state) == bidding_count_by_rules(rules, benny_up=False)
    if rules.benny:
        hands = [sum(1 << c for c in range(5 * s, 5 * s + 5)) for s in range(4)]
        state = core.State.new(rules, 1, hands, 24, sum(1 << c for c in range(20, 24)))
        assert perft_core(state) == bidding_count_by_rules(rules, benny_up=True)


COMBINATIONS = [
    Rules(railroad=True, defend_alone=True),
    Rules(railroad=True, dealer_picks_up_for_partner_loner=True, stick_the_dealer=True),
    Rules(canadian_loner=True, dealer_picks_up_for_partner_loner=True, defend_alone=True),
    Rules(canadian_loner=True, railroad=True, defend_alone=True, stick_the_dealer=True, benny="joker"),
]


@pytest.mark.parametrize("rules", COMBINATIONS, ids=lambda r: ",".join(r.changes()))
def test_bidding_perft_two_ways_for_combined_options(rules: Rules) -> None:
    state = core.deal(rules, 3, random.Random(3))
    if state.upcard == 24:
        state = core.deal(rules, 3, random.Random(4))
    assert perft_core(state) == bidding_count_by_rules(rules, benny_up=False)


def perft_naive(holdings: dict[Seat, list[Card]], active: list[Seat], trump: str, leader: Seat, depth: int) -> int:
    """Leaves ``depth`` plays deep, from the naive rules: follow suit, the winner leads."""

    def walk(hold: dict[Seat, list[Card]], leader: Seat, trick: list[tuple[Seat, Card]], depth: int) -> int:
        if depth == 0 or not any(hold.values()):
            return 1
        if len(trick) == len(active):
            winner = trick[ref_winner([c for _, c in trick], trump)][0]
            return walk(hold, winner, [], depth)
        k = active.index(leader)
        seat = active[(k + len(trick)) % len(active)]
        led = trick[0][1] if trick else None
        total = 0
        for card in ref_legal(hold[seat], trump, led):
            rest = {**hold, seat: [c for c in hold[seat] if c != card]}
            total += walk(rest, leader, [*trick, (seat, card)], depth - 1)
        return total

    return walk(holdings, leader, [], depth)


PLAY_DEALS: list[tuple[str, dict[str, Any], list[str], int]] = [
    # (rules, deal, bidding, depth)
    ("standard", {"seed": 1, "dealer": "N"}, ["order up", "discard"], 8),
    ("standard", {"seed": 2, "dealer": "E"}, ["pass"] * 4 + ["call ♠"], 8),
    ("standard", {"seed": 3, "dealer": "S"}, ["order up alone", "discard"], 9),
    ("defend-alone", {"seed": 4, "dealer": "W"}, ["order up alone", "discard", "defend alone"], 10),
    ("uk", {"seed": 5, "dealer": "N"}, ["pass", "pass", "pass", "order up", "discard"], 8),
]


@pytest.mark.parametrize(("preset", "where", "bids", "depth"), PLAY_DEALS)
def test_play_perft_two_ways(preset: str, where: dict[str, Any], bids: list[str], depth: int) -> None:
    hand = Hand.deal(where["dealer"], preset, seed=where["seed"])
    if hand.phase is Phase.BENNY:
        hand = hand.apply("name ♠")
    for bid in bids:
        hand = hand.apply(hand.legal_actions()[0] if bid == "discard" else bid)
    assert hand.phase is Phase.PLAY and hand.trump is not None and hand.to_act is not None
    active = [s for s in Seat if s not in hand.sitting_out]
    holdings = {s: list(hand.holding(s)) for s in active}
    expected = perft_naive(holdings, active, hand.trump.symbol, hand.to_act, depth)
    assert perft_core(hand.state, depth) == expected
    assert expected > 1
