"""``State.copy`` names every slot by hand, for speed: check that none is forgotten and that
the copy shares no mutable list with the original."""

from __future__ import annotations

import random

from euchre_learn import Rules
from euchre_learn.engine.core import OVER, State, deal

MUTABLE = ("hands", "trick", "trick_seats", "tricks", "won")


def test_copy_copies_every_slot() -> None:
    state = deal(Rules(), 0, random.Random(1))
    for i, name in enumerate(State.__slots__):  # a distinct value in every slot
        setattr(state, name, [i] if name in MUTABLE else object())
    copy = state.copy()
    for name in State.__slots__:
        assert getattr(copy, name) == getattr(state, name), f"State.copy() forgets the slot {name!r}"


def test_copy_shares_no_mutable_state() -> None:
    rng = random.Random(7)
    for _ in range(50):
        state = deal(Rules.preset("openspiel"), rng.randrange(4), rng)
        while state.phase != OVER:
            before = state.copy()
            snapshot = {name: repr(getattr(before, name)) for name in State.__slots__}
            state.apply(rng.choice(state.legal()))
            assert {name: repr(getattr(before, name)) for name in State.__slots__} == snapshot
            for name in MUTABLE:
                assert getattr(before, name) is not getattr(state, name)
