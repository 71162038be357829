"""The cheat of ``benchmarks/bench_ceiling.py`` (issue 35's yardstick): it must really see every
card, and play and bid as well as the true deal allows, or its rows bound nothing."""

from __future__ import annotations

import random

from benchmarks import bench_ceiling
from benchmarks.bench_ceiling import Seeing, seen_bid_values, seen_card
from euchre_learn import Hand, Rules
from euchre_learn.analysis import bots
from euchre_learn.analysis.search import makers_tricks
from euchre_learn.engine import act, core
from euchre_learn.engine.core import OVER, PLAY_PHASE, State
from euchre_learn.engine.rules import score_hand

STANDARD = bots.get("standard", seed=0)


def _side_result(state: State, card: int) -> int:
    """Points for the side of the seat to play after ``card``, every later card played double
    dummy: an exact count (``makers_tricks``), not the search the cheat asks for values."""
    team, makers = state.to_act & 1, state.maker & 1
    after = state.copy()
    after.apply(act.PLAY + card)
    tricks = after.won[makers] if after.phase == OVER else makers_tricks(after)
    sc = score_hand(tricks, alone=after.alone, lone_defender=after.lone_defender >= 0, rules=after.rules)
    return (sc.makers - sc.defenders) * (1 if team == makers else -1)


def _positions(n: int) -> list[State]:
    """Play-phase positions of seeded deals, a few cards into the hand, bid and played by 'standard'."""
    found: list[State] = []
    rng = random.Random(35)
    while len(found) < n:
        state = core.deal(Rules(), rng.randrange(4), random.Random(rng.getrandbits(32)))
        while state.phase not in (PLAY_PHASE, OVER):
            state.apply(STANDARD.decide(state, rng, None))
        if state.phase == OVER:  # thrown in
            continue
        for _ in range(rng.randrange(12)):
            if state.phase != PLAY_PHASE:
                break
            state.apply(STANDARD.decide(state, rng, None))
        if state.phase == PLAY_PHASE and len(state.legal()) > 1:
            found.append(state)
    return found


def test_the_cheat_plays_a_card_that_keeps_the_best_result_the_true_deal_allows() -> None:
    for state in _positions(40):
        before = state.copy()
        card = seen_card(state)
        assert act.PLAY + card in state.legal()
        best = max(_side_result(state, a - act.PLAY) for a in state.legal())
        assert _side_result(state, card) == best, (state, card)
        assert state.hands == before.hands and state.trick == before.trick  # it only looked


def test_the_cheat_sees_a_lay_down_loner_and_its_points() -> None:
    # East leads after North deals: East holds the five top hearts, so alone it marches (4 points),
    # with its partner 2; whatever the hidden hands hold, nothing beats it
    hand = Hand.from_cards(
        "N",
        {"E": "J♥ J♦ A♥ K♥ Q♥", "S": "9♠ 10♠ Q♠ K♠ A♠", "W": "9♣ 10♣ Q♣ K♣ A♣", "N": "9♦ 10♦ Q♦ K♦ A♦"},
        upcard="9♥",
        kitty="10♥ J♠ J♣",
    )
    values = seen_bid_values(hand.state, random.Random(1), STANDARD)
    assert values[act.ORDER_UP_ALONE] == 4.0 and values[act.ORDER_UP] == 2.0
    assert values[act.PASS] < 4.0
    assert Seeing(phases=bench_ceiling.ROWS["bids"][3]).decide(hand.state, random.Random(1), None) == (
        act.ORDER_UP_ALONE
    )


def test_the_cheat_is_no_level_or_registered_bot() -> None:
    assert not any("seeing" in name for name in bots.names())
    # where its row does not see, it is the expert: same action on the same position and dice
    state = _positions(1)[0]
    plain = Seeing(1)
    assert plain.decide(state, random.Random(4), None) == bots.get("expert", seed=1).decide(state, random.Random(4), None)


def test_the_split_rows_see_the_leads_or_the_follows_and_nothing_else() -> None:
    expert = bots.get("expert", seed=1)
    positions = _positions(24)
    assert {bool(s.trick) for s in positions} == {True, False}  # leads and follows both met
    for state in positions:
        for row in ("leads", "follows"):
            _what, leads, follows, _phases = bench_ceiling.ROWS[row]
            sees = follows if state.trick else leads
            got = Seeing(1, leads=leads, follows=follows).decide(state, random.Random(4), None)
            want = act.PLAY + seen_card(state) if sees else expert.decide(state, random.Random(4), None)
            assert got == want, (row, state)


def test_the_table_gives_the_target_as_a_share_of_each_ceiling() -> None:
    from euchre_learn.analysis.tournament.duplicate import DuplicateResult

    def result(points: float) -> DuplicateResult:
        return DuplicateResult(
            a="cheat", b="expert", deals=2000, points_per_deal=points, se=0.02, games=0, games_won=0.0,
            games_se=0.0, as_dealer=(1.1, 0.9), as_dealer_se=0.03,
        )

    t = bench_ceiling.table({"play": result(0.25), "bids": result(0.2), "round1": result(-0.01)})
    text = "\n".join(t.markdown())
    assert "| 40% of it |" in text and "| 50% of it |" in text and "| more than all of it |" in text
    assert "1.100, 0.900 (+0.200)" in text
