"""A :class:`Hand` in the play phase keeps its cards in slots of its own and builds its core
``State`` only when asked for, sharing with its successors a ``State`` that nothing mutates and
tuples (engine/hand.py). Check that this is invisible: every hand reads exactly as the state that
copy-and-apply gives, whenever it is read, and applying actions to a hand's successors (or to the
hand again, down other branches) never changes it."""

from __future__ import annotations

import random

import pytest

from euchre_learn import Action, Hand, IllegalActionError, Rules
from euchre_learn.engine.core import OVER, PLAY_PHASE, State, deal

RULES = [
    Rules.preset("openspiel"),
    Rules(),
    Rules(defend_alone=True, super_euchre=True),
    Rules(railroad=True, stick_the_dealer=True),
    Rules(canadian_loner=True, loner_lead="left_of_dealer", benny="joker"),
    Rules(dealer_picks_up_for_partner_loner=True, deal_packets=(2, 3), benny="2♠"),
]


def slots(state: State) -> dict[str, object]:
    """Every slot of ``state``, copied (lists as tuples: a later change would show)."""
    return {name: tuple(v) if isinstance(v := getattr(state, name), list) else v for name in State.__slots__}


def reading(hand: Hand) -> tuple[object, ...]:
    """What a learner reads of a hand (the public properties), and its record."""
    return (
        hand.phase,
        hand.to_act,
        hand.legal_actions(),
        hand.trump,
        hand.maker,
        hand.alone,
        hand.is_over,
        hand.score,
        hand.tricks,
        hand.current_trick,
        hand.tricks_won,
        tuple(hand.holding(s) for s in "NESW"),
        hand.history,
        hand.to_record(),
    )


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name or str(sorted(r.changes())))
def test_every_hand_reads_as_copy_and_apply_and_its_successors_never_change_it(rules: Rules) -> None:
    rng = random.Random(11)
    for number in range(10):
        seed = rng.getrandbits(32)
        hand = Hand.deal(number & 3, rules, seed=seed)
        ref = deal(rules, number & 3, random.Random(seed))
        line: list[tuple[Hand, State, tuple[object, ...] | None]] = []
        while True:
            # read about half of the hands now, the rest only after their successors exist
            seen = reading(hand) if rng.random() < 0.5 else None
            line.append((hand, ref, seen))
            if ref.phase == OVER:
                break
            legal = ref.legal()
            assert [a.id for a in hand.legal_actions()] == legal
            i = rng.choice(legal)
            hand = hand.apply(Action(i))
            ref = ref.copy()
            ref.apply(i)
        for old, old_ref, _ in line:  # other branches from every hand of the line
            for i in old_ref.legal():
                branch = old.apply(Action(i))
                branch_ref = old_ref.copy()
                branch_ref.apply(i)
                assert slots(branch.core) == slots(branch_ref)
                if branch_ref.phase == PLAY_PHASE:  # and one card further down the branch
                    j = branch_ref.legal()[0]
                    branch_ref.apply(j)
                    assert slots(branch.apply(Action(j)).core) == slots(branch_ref)
        for old, old_ref, seen in line:
            assert slots(old.core) == slots(old_ref), "a hand changed when its successors were played"
            assert old.state is not old.core and slots(old.state) == slots(old_ref)
            if seen is not None:
                assert reading(old) == seen


def test_an_illegal_action_in_the_play_changes_nothing_and_the_hand_plays_on() -> None:
    hand = Hand.deal("S", "openspiel", seed=4)
    while hand.phase.name != "PLAY":
        hand = hand.apply(hand.legal_actions()[0])
    hand = hand.apply(hand.legal_actions()[0])  # a card led: the next seat must follow if it can
    before = (slots(hand.core), reading(hand))
    refused = 0
    for i in range(68, 93):
        action = Action(i)
        if action not in hand.legal_actions():
            with pytest.raises(IllegalActionError):
                hand.apply(action)
            refused += 1
    assert refused > 15
    assert (slots(hand.core), reading(hand)) == before
    while not hand.is_over:
        hand = hand.apply(hand.legal_actions()[-1])
    assert hand.score is not None and sum(hand.tricks_won.values()) == 5


def test_a_state_the_play_slots_cannot_hold_still_plays_by_copy_and_apply() -> None:
    """A made-up state with one card in two holdings (no deal gives one) is played as the core
    plays it, by copying the state for each card."""
    state = deal(Rules.preset("openspiel"), 0, random.Random(2))
    state.apply(1)  # order up
    state.apply(state.legal()[0])  # the dealer discards
    assert state.phase == PLAY_PHASE
    shared = state.hands[state.to_act] & -state.hands[state.to_act]
    state.hands[(state.to_act + 1) & 3] |= shared
    hand, ref = Hand._start(state.copy()), state.copy()
    while ref.phase != OVER:
        i = ref.legal()[-1]
        hand = hand.apply(Action(i))
        ref.apply(i)
        assert slots(hand.core) == slots(ref)
