"""The felt (euchre_learn.interactive.table.felt): the learner's cards on the table are the controls.
Driven without a browser by setting ``pick`` as the front end does on a click or Enter; the
last finished trick stays on the felt until the learner acts or the pause passes; the hint
says what the coach suggests and its numbers, best first (issue 11, "The table"; issue 22)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from euchre_learn.display import card_text
from euchre_learn.engine.hand import Phase
from euchre_learn.interactive.table.felt import Felt
from euchre_learn.interactive.table.model import Table
from euchre_learn.interactive.table.widget import TableWidget


def pick(w: TableWidget, card: str, token: int | None = None) -> None:
    """What the front end sends when a card picture is clicked (or Enter is pressed on it)."""
    w.board.pick = {"card": card, "token": w.board.token if token is None else token, "n": pick.n}  # type: ignore[attr-defined]
    pick.n += 1  # type: ignore[attr-defined]


pick.n = 0  # type: ignore[attr-defined]


def to_play(seed: int, **kw: Any) -> TableWidget:
    """A table at South's first card play: South passes in the bidding (the bots move at once)."""
    w = TableWidget(Table(humans="S", seed=seed, dealer="N"), delay=0, **kw)
    while w.table.hand.phase != Phase.PLAY or not w.table.is_human_turn:
        assert not w.table.hand_over, "the hand ended before South played"
        if w.table.card_choices():  # South deals nothing here, but may have to discard
            pick(w, w.board.cards[0]["card"])
        else:
            w.choose(w.table.choices()[0].action)
    return w


def test_the_cards_of_the_seat_to_act_are_the_controls_with_the_reasons() -> None:
    w = to_play(seed=3)
    t = w.table
    choices = t.card_choices()
    assert w.board.seat == "S"
    assert [c["card"] for c in w.board.cards] == [card_text(c.card, t.rules) for c in choices]
    assert [c["legal"] for c in w.board.cards] == [c.legal for c in choices]
    assert [c["reason"] for c in w.board.cards] == [c.reason for c in choices]  # the tooltips
    assert all(f'data-card="{c["card"]}"' in w.board.value for c in w.board.cards)  # pictures to click
    assert w.board.label == "South's cards: play one"
    # while the bots move (or the hand is over), nothing on the felt is clickable
    demo = TableWidget(Table(humans=[], seed=2, dealer="S"), delay=0)
    assert demo.board.seat == "" and demo.board.cards == []


def test_clicking_a_card_picture_plays_it() -> None:
    w = to_play(seed=3)
    t = w.table
    legal = next(c for c in t.card_choices() if c.legal)
    before = len(t.log)
    pick(w, card_text(legal.card, t.rules))
    assert t.log[before].seat.name == "S" and t.log[before].action == legal.action
    assert re.match(rf"South (leads|plays) the {re.escape(str(legal.card))}\.", t.log[before].text)


def test_an_illegal_card_is_refused_with_the_reason() -> None:
    for seed in range(40):
        w = to_play(seed=seed)
        while w.table.is_human_turn and all(c.legal for c in w.table.card_choices()):
            pick(w, next(c["card"] for c in w.board.cards if c["legal"]))
        if w.table.is_human_turn:
            break
    else:
        pytest.fail("no seed gave South a card that may not be played")
    t = w.table
    bad = next(c for c in t.card_choices() if not c.legal)
    position = t.position
    pick(w, card_text(bad.card, t.rules))  # the front end never sends it; if it did:
    assert t.position == position
    assert f"South may not play the {bad.card}" in w.message.value and "(R6.2)" in w.message.value


def test_a_stale_click_does_nothing() -> None:
    """A double click sends two picks drawn for one state: the second one must not play the
    next card (which sat in the same place)."""
    w = to_play(seed=3)
    t = w.table
    token = w.board.token
    first, *_ = (c["card"] for c in w.board.cards if c["legal"])
    pick(w, first, token)
    position = t.position
    assert w.board.token > token  # the felt was drawn again
    for card in (c["card"] for c in w.board.cards):
        pick(w, card, token)  # every card, on the old drawing's token
    assert t.position == position
    pick(w, "no such card")  # and a card the front end could not have drawn
    assert t.position == position


def test_the_last_trick_stays_until_the_learner_acts() -> None:
    for seed in range(60):
        w = to_play(seed=seed, last_trick_pause=None)
        t = w.table
        while t.is_human_turn and t.last_trick_shown is None and t.hand.phase == Phase.PLAY:
            pick(w, next(c["card"] for c in w.board.cards if c["legal"]))
        if t.last_trick_shown is not None:
            break
    else:
        pytest.fail("no seed had the bots lead a trick before South's turn")
    shown = t.last_trick_shown
    assert shown == t.hand.tricks[-1] and t.hand.current_trick is not None and t.hand.current_trick.cards
    n = len(t.hand.tricks)
    winner = t.name(shown.winner)
    assert f"Last trick (trick {n}), won by {winner}" in w.board.last_trick
    assert all(f'data-card="{card_text(c, t.rules)}"' in w.board.last_trick for c in shown.cards)
    # the learner acts: it goes (the bots may finish another trick at once, which then shows)
    t.act(next(c.action for c in t.card_choices() if c.legal))
    assert t.last_trick is None or t.last_trick == t.hand.tricks[-1] != shown
    # undo, a new hand, a new game never bring back a stale trick
    t.undo()
    assert t.last_trick is None


def test_the_last_trick_goes_after_the_pause() -> None:
    async def play() -> tuple[str, str, Table]:
        for seed in range(60):
            w = to_play(seed=seed, last_trick_pause=0.05)
            t = w.table
            while t.is_human_turn and t.last_trick_shown is None and t.hand.phase == Phase.PLAY:
                pick(w, next(c["card"] for c in w.board.cards if c["legal"]))
            if t.last_trick_shown is not None:
                shown = w.board.last_trick
                await asyncio.sleep(0.2)
                return shown, w.board.last_trick, t
        raise AssertionError("no seed had the bots lead a trick before South's turn")

    before, after, t = asyncio.run(play())
    assert before.startswith("<div class='el-caption'>Last trick") and after == ""
    assert t.last_trick is None and t.is_human_turn  # the learner's turn is still there


def test_the_felt_on_its_own() -> None:
    t = Table(humans="S", seed=3, dealer="N")
    t.run_bots()
    played: list[Any] = []
    felt = Felt(on_pick=played.append)
    choices = [c for c in t.card_choices()]
    felt.draw("<div class='el-table'></div>", None, choices, "Play")
    assert felt.seat == "" and felt.cards == []
    assert felt.token == 1


def test_the_hint_gives_the_coachs_numbers_best_first() -> None:
    seen = 0
    for seed in range(12):
        t = Table(humans="S", seed=seed, dealer="N")
        t.run_bots()
        if t.hand.phase not in (Phase.ROUND_1, Phase.ROUND_2):
            continue
        h = t.hint(worlds=12)
        assert not re.search(r"rated|\d\.\d where", h.reason), h.reason
        head, *rows = h.odds.splitlines()
        assert re.match(r"Played out in \d+ deals of the cards you cannot see", head), head
        assert sorted(r.split(":")[0] for r in rows) == sorted(h.legal)
        assert rows[0].startswith(h.label + ": ")  # the suggestion is the top row of its numbers
        seen += 1
    assert seen >= 5
    w = TableWidget(Table(humans="S", seed=1, dealer="N"), delay=0)
    w.hint_button.click()
    assert "Played out in" in w.message.value and "el-hint-numbers" in w.message.value


def test_no_bot_reason_rates_a_hand_in_numbers() -> None:
    reasons = []
    for seed in range(80):
        t = Table(humans=[], seed=seed)
        t.run_bots()
        reasons += [e.reason for e in t.log if e.reason and e.action.kind not in ("play",)]
    assert len(reasons) > 150
    rated = [r for r in reasons if re.search(r"rated|rates|\b\d\.\d\b", r)]
    assert rated == [], rated[:3]
    assert any("besides, that is" in r or "side ace" in r for r in reasons)  # the aces and voids it counted


@pytest.mark.parametrize("preset", ["standard", "uk", "stick-the-dealer", "railroad"])
def test_the_hint_gives_numbers_in_every_phase(preset: str) -> None:
    from euchre_learn import Rules

    if preset not in Rules.presets():
        pytest.skip(f"no preset {preset!r}")
    phases = set()
    for seed in range(3):
        t = Table(preset, humans="NESW", seed=f"odds/{seed}", dealer="N")
        while t.to_act is not None and t.hand.phase != Phase.PLAY:
            h = t.hint(worlds=3)
            assert h.odds.startswith("Played out in "), (t.hand.phase, h.odds)
            assert h.odds.splitlines()[1].startswith(h.label + ": ")
            phases.add(t.hand.phase)
            t.act(h.action)
        if t.to_act is not None:
            h = t.hint(worlds=3)  # the play too: the coach judges cards as well as bids
            assert h.odds.splitlines()[1].startswith(h.label + ": ")
            assert t.hint(odds=False, worlds=3).odds == ""
    assert Phase.ROUND_1 in phases
