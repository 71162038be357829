"""The double-dummy solver (API.md "Exploring hands": ``el.solve``).

Correctness is checked two ways: against a plain, unpruned minimax written here from the
engine's own ``State.legal``/``State.apply`` (no shared search code), on hundreds of random
mid-hand positions in every table size and variant; and on small endings worked out by hand.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import euchre_learn as el
from euchre_learn.analysis.search import makers_reach, makers_tricks, reduce_holding
from euchre_learn.analysis.solver import NotInPlayError
from euchre_learn.engine import core
from euchre_learn.engine.cards import cards_to_mask, mask_to_cards
from euchre_learn.engine.core import OVER, PLAY_PHASE, State

# ---- a plain minimax, the reference ------------------------------------------------------


def plain_minimax(state: State) -> int:
    """The makers' tricks at the end with best play: every legal action tried, no pruning."""
    if state.phase == OVER:
        return state.won[state.maker & 1]
    results = []
    for action in state.legal():
        child = state.copy()
        child.apply(action)
        results.append(plain_minimax(child))
    makers_to_act = state.to_act & 1 == state.maker & 1
    return max(results) if makers_to_act else min(results)


PRESETS = ["standard", "uk", "seed-000", "defend-alone", "railroad", "openspiel", "uk-deuce", "canadian-loner"]


def random_position(rng: random.Random, rules: el.Rules) -> State:
    """A random deal, bid at random into the play phase, then played at random to mid-hand
    (two or three tricks left, sometimes inside a trick)."""
    while True:
        state = core.deal(rules, rng.randrange(4), rng)
        while state.phase not in (PLAY_PHASE, OVER):
            state.apply(rng.choice(state.legal()))
        if state.phase != PLAY_PHASE:
            continue  # thrown in
        players = state.n_active()
        for _ in range(rng.randrange(2 * players, 3 * players + players // 2 + 1)):
            state.apply(rng.choice(state.legal()))
        if state.phase == PLAY_PHASE:
            return state


def positions(n: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    return [random_position(rng, el.Rules.preset(PRESETS[i % len(PRESETS)])) for i in range(n)]


MID_HAND = positions(320, seed=2024)


def test_the_random_positions_cover_every_table_size_and_the_benny() -> None:
    sizes = Counter(s.n_active() for s in MID_HAND)
    assert sizes[4] >= 100 and sizes[3] >= 30 and sizes[2] >= 5, sizes
    assert sum(1 for s in MID_HAND if s.trick) >= 100  # inside a trick, not only at its start
    benny_out = sum(1 for s in MID_HAND if s.rules.benny and any(h >> 24 & 1 for h in s.hands))
    assert benny_out >= 10


def test_agrees_with_plain_minimax_on_300_mid_hand_positions() -> None:
    disagreements = []
    for i, state in enumerate(MID_HAND):
        want = plain_minimax(state)
        got = makers_tricks(state.copy())
        if got != want:
            disagreements.append((i, want, got))
    assert not disagreements


def test_every_legal_play_is_valued_as_plain_minimax_values_it() -> None:
    for state in MID_HAND[:120]:
        sol = el.solve(el.Hand._start(state.copy()))
        expected = {}
        for a in state.legal():
            child = state.copy()
            child.apply(a)
            expected[el.Action(a)] = plain_minimax(child)
        assert sol.values == expected
        best = max if state.to_act & 1 == state.maker & 1 else min
        assert sol.tricks[sol.makers] == best(expected.values())
        assert sol.tricks[sol.makers] + sol.tricks[sol.makers.other] == 5


def test_threshold_queries_agree_with_the_exact_count() -> None:
    for state in MID_HAND[:80]:
        total = plain_minimax(state)
        for k in range(6):
            assert makers_reach(state.copy(), k) == (total >= k)


def test_the_best_line_is_legal_and_reaches_the_solved_result() -> None:
    for state in MID_HAND[:60]:
        hand = el.Hand._start(state.copy())
        sol = el.solve(hand)
        for seat, action in sol.plays:
            assert hand.to_act == seat
            hand = hand.apply(action)  # raises if illegal
        assert hand.is_over
        assert hand.tricks_won[sol.makers] == sol.tricks[sol.makers]


def test_full_deal_from_the_first_lead() -> None:
    rng = random.Random(5)
    for _ in range(3):
        state = core.deal(el.Rules(), rng.randrange(4), rng)
        state.apply(1)  # eldest orders up
        state.apply(state.legal()[0])  # the dealer discards
        sol = el.solve(el.Hand._start(state))
        assert set(sol.values) == {el.Action(a) for a in state.legal()}
        assert len(sol.line) == 20
        # every play in the line keeps the result: re-solving after it gives the same count
        hand = el.Hand._start(state)
        for action in sol.line[:8]:
            hand = hand.apply(action)
            if hand.phase == el.Phase.PLAY:
                assert el.solve(hand).tricks == sol.tricks


# ---- endings worked out by hand ----------------------------------------------------------


def ending(
    trump: str,
    maker: str,
    leader: str,
    holdings: dict[str, str],
    *,
    won: tuple[int, int] = (0, 0),
    trick: str = "",
    alone: bool = False,
    out: str = "",
    rules: el.Rules | None = None,
) -> el.Hand:
    """A hand in its play phase with the given cards left (tricks already played are not shown)."""
    r = rules or el.Rules()
    state = State.new(r, 0, [0, 0, 0, 0], 0, 0)
    state.trump = el.Suit.parse(trump)
    state.maker = el.Seat.parse(maker)
    state.alone = alone
    state.out = sum(1 << el.Seat.parse(s) for s in out.split())
    state.phase = PLAY_PHASE
    state.hands = [cards_to_mask(el.cards(holdings.get(str(s), ""))) for s in el.Seat]
    state.won = list(won)
    state.leader = el.Seat.parse(leader)
    state.trick = [c.index for c in el.cards(trick)]
    state.trick_seats = []
    seat = state.leader
    for _ in state.trick:
        state.trick_seats.append(seat)
        seat = state.next_active(seat)
    state.to_act = seat
    state.tricks = [(0, (), (), 0)] * (won[0] + won[1])
    return el.Hand._start(state)


def values(sol: el.solver.Solution) -> dict[str, int]:
    return {str(a): v for a, v in sol.values.items()}


def test_pull_the_last_trump_before_cashing_the_ace() -> None:
    # Hearts trump, N-S made it and have 2 tricks; 2 tricks left, North on lead.
    # North: J♥ A♠. East: 10♥ 9♦ (the last trump out, and void in spades).
    # Lead J♥: East must follow with 10♥ (R6.2); then the A♠ wins too: N-S end with 4.
    # Lead A♠: East trumps it with 10♥, leads 9♦, and only J♥ wins: N-S end with 3.
    hand = ending("H", "N", "N", {"N": "J♥ A♠", "E": "10♥ 9♦", "S": "9♣ 10♣", "W": "Q♣ K♣"}, won=(2, 1))
    sol = el.solve(hand)
    assert values(sol) == {"play J♥": 4, "play A♠": 3}
    assert sol.tricks == {el.Team.NS: 4, el.Team.EW: 1}
    # the line plays the cheapest card that keeps the result when the choice does not matter
    assert [str(a) for a in sol.line] == [
        "play J♥", "play 10♥", "play 9♣", "play Q♣", "play A♠", "play 9♦", "play 10♣", "play K♣"
    ]  # fmt: skip


def test_the_right_bower_pulls_the_left() -> None:
    # Hearts trump, East made it; 1 trick each, 3 left, South on lead (then W, N, E).
    # North: K♥ Q♠ 9♠. East: A♣ K♣ 9♦. South: J♥ A♥ 10♠. West: J♦ 9♣ 10♣.
    # Lead J♥: West must follow with J♦, the left bower, his only trump (R1.3, R6.2); South
    #   wins, cashes A♥, and North's Q♠ takes the last: East-West end with 1 trick (euchred).
    # Lead A♥: West's J♦ beats it; later West's club lead is trumped by J♥: E-W end with 2.
    # Lead 10♠: West, void in spades, trumps with J♦: E-W end with 2.
    hand = ending("H", "E", "S", {"N": "K♥ Q♠ 9♠", "E": "A♣ K♣ 9♦", "S": "J♥ A♥ 10♠", "W": "J♦ 9♣ 10♣"}, won=(1, 1))
    sol = el.solve(hand)
    assert values(sol) == {"play J♥": 1, "play A♥": 2, "play 10♠": 2}
    assert sol.tricks[el.Team.EW] == 1
    assert [str(a) for a in sol.line[:2]] == ["play J♥", "play J♦"]


def test_do_not_trump_your_partners_winner() -> None:
    # Spades trump, N-S made it and have 2 tricks; 3 left. West led K♦, North's A♦ is winning,
    # East followed 9♦; South (void in diamonds) holds 9♠ 10♣ Q♥. Any card is legal.
    # Discard (either card): North keeps the trick and must lead a heart; South's 9♠ is left
    #   to trump one of East's A♥ K♥ (at once, or after following once with Q♥): N-S end with 4.
    # Trump with 9♠: South wins the trick North had already won and must then lead into
    #   West's clubs or East's hearts with no trump left: N-S end with 3.
    hand = ending(
        "S",
        "N",
        "W",
        {"N": "9♥ 10♥", "E": "A♥ K♥", "S": "9♠ 10♣ Q♥", "W": "A♣ K♣"},
        won=(2, 0),
        trick="K♦ A♦ 9♦",
    )
    sol = el.solve(hand)
    assert sol.to_act == el.Seat.S
    assert values(sol) == {"play 9♠": 3, "play 10♣": 4, "play Q♥": 4}


def test_a_loner_ending_with_three_players() -> None:
    # North alone in hearts (South sits out), 3 tricks won, 2 left; North leads, then E, W.
    # North: A♥ K♠. East: J♦ 9♣. West: Q♥ A♠.
    # Lead A♥: East's J♦ (left bower, his only trump: he must play it) wins, and East's 9♣
    #   then wins the last trick too. Lead K♠: East throws 9♣, West wins with A♠ and leads
    #   Q♥, which draws North's A♥ under East's J♦. Either way the loner ends with 3.
    hand = ending("H", "N", "N", {"N": "A♥ K♠", "E": "J♦ 9♣", "W": "Q♥ A♠"}, won=(3, 0), alone=True, out="S")
    sol = el.solve(hand)
    assert values(sol) == {"play A♥": 3, "play K♠": 3}
    assert len(sol.line) == 6
    assert {seat for seat, _ in sol.plays} == {el.Seat.N, el.Seat.E, el.Seat.W}


def test_a_lone_defender_ending_with_two_players() -> None:
    # North alone in clubs, East defends alone (South and West sit out): two cards a trick.
    # North: J♣ 9♦. East: J♠ A♦. Lead J♣: East must follow with the left bower J♠; then A♦
    # beats 9♦. Lead 9♦: A♦ wins, and East's J♠ then falls to the J♣. One trick each.
    rules = el.Rules(defend_alone=True)
    hand = ending("C", "N", "N", {"N": "J♣ 9♦", "E": "J♠ A♦"}, won=(2, 1), alone=True, out="S W", rules=rules)
    sol = el.solve(hand)
    assert values(sol) == {"play J♣": 3, "play 9♦": 3}
    assert len(sol.line) == 4


def test_the_benny_is_the_highest_trump() -> None:
    # UK rules, diamonds trump. East holds the Benny: it beats North's right bower.
    rules = el.Rules.preset("uk")
    benny = el.Card.parse("Benny")
    hand = ending(
        "D", "N", "N", {"N": "J♦ A♣", "E": f"{benny} 9♣", "S": "9♠ 10♠", "W": "Q♠ K♠"}, won=(2, 1), rules=rules
    )
    sol = el.solve(hand)
    # J♦ led: East wins with the Benny, then leads 9♣ to North's A♣: 3. A♣ led: East
    # follows 9♣; then J♦ loses to the Benny: 3 as well.
    assert values(sol) == {"play J♦": 3, "play A♣": 3}


def test_equivalent_cards_share_a_value_and_only_one_is_searched() -> None:
    # Spades trump: J♣ is the left bower, so in clubs Q♣ and 10♣ touch (A K Q 10 9, R1.4).
    held = cards_to_mask(el.cards("Q♣ 10♣ A♥"))
    outstanding = held | cards_to_mask(el.cards("K♣ 9♣ J♣"))
    assert mask_to_cards(reduce_holding(held, outstanding, el.Suit.SPADES)) == el.cards("Q♣ A♥")
    # hearts trump: J♣ is an ordinary club between Q♣ and 10♣ - while it is out, they differ
    assert mask_to_cards(reduce_holding(held, outstanding, el.Suit.HEARTS)) == el.cards("10♣ Q♣ A♥")
    # ... and once it is gone, they touch again
    assert mask_to_cards(reduce_holding(held, held, el.Suit.HEARTS)) == el.cards("Q♣ A♥")


# ---- the API -----------------------------------------------------------------------------


def test_solve_outside_the_play_phase_explains_itself() -> None:
    hand = el.Hand.deal("N", seed=1)
    with pytest.raises(ValueError, match="play phase") as err:
        el.solve(hand)
    assert isinstance(err.value, NotInPlayError)
    assert "bidding round 1" in str(err.value) and "advise" in str(err.value)


def test_solve_does_not_change_the_hand_and_is_deterministic() -> None:
    state = MID_HAND[3].copy()
    hand = el.Hand._start(state)
    before = hand.state.hands[:]
    a, b = el.solve(hand), el.solve(hand)
    assert hand.state.hands == before
    assert a.values == b.values and a.line == b.line and a.tricks == b.tricks


def test_solution_prints_its_table() -> None:
    sol = el.solve(ending("H", "N", "N", {"N": "J♥ A♠", "E": "10♥ 9♦", "S": "9♣ 10♣", "W": "Q♣ K♣"}, won=(2, 1)))
    text = str(sol)
    assert "play J♥" in text and "← best" in text and "hearts" in text
    assert "<table>" in sol._repr_html_() and "play A♠" in sol._repr_html_()
    assert sol.best == (el.Action.parse("play J♥"),)
