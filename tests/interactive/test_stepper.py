"""The stepper: a hand record (or a finished Hand) replayed one action at a time, each step
explained; and its widget, driven by clicks."""

from __future__ import annotations

import html
import json
import random

import pytest

import euchre_learn as el
from euchre_learn import Hand, IllegalActionError, RecordError, Seat, explain, replay
from euchre_learn.interactive.stepper_model import Stepper, explain_step
from euchre_learn.interactive.stepper_widget import StepperWidget

RECORD = {
    "format": "euchre-learn/hand-1",
    "rules": "standard",
    "dealer": "S",
    "hands": {"N": "9♠ 10♠ J♥ Q♦ A♣", "E": "J♦ A♦ K♣ 9♥ 10♥", "S": "Q♠ K♠ A♠ 9♣ 10♣", "W": "J♠ J♣ Q♣ K♦ 10♦"},
    "upcard": "A♥",
    "actions": ["W pass", "N order up", "S discard 9♣", "W play J♠", "N play 9♠", "E play K♣", "S play Q♠"],
    "title": "North assists",
    "notes": "The dealer's partner accepts the upcard's suit.",
}


def bot_hand(seed: int, preset: str = "standard") -> Hand:
    hand = Hand.deal(Seat(seed % 4), preset, seed=seed)
    bot = el.bots.get("standard", seed=seed)
    while not hand.is_over:
        hand = hand.apply(bot.act(hand))
    return hand


def test_forward_through_a_record_then_back_returns_the_start() -> None:
    s = Stepper(RECORD)
    start = s.current
    assert start == replay({**RECORD, "actions": []})
    seen = [start]
    while s.position < len(s):
        s.forward()
        prefix = {**RECORD, "actions": RECORD["actions"][: s.position]}
        assert s.current == replay(prefix)
        seen.append(s.current)
    assert s.current == replay(RECORD) and len(s) == len(RECORD["actions"])
    assert s.forward().position == len(s)  # stays at the end
    while s.position:
        s.back()
        assert s.current == seen[s.position]
    assert s.current == start and s.back().position == 0


def test_from_a_finished_hand_every_preset() -> None:
    for i, preset in enumerate(el.Rules.presets()):
        hand = bot_hand(i, preset)
        s = Stepper(hand, position=len(hand.history))
        assert s.current == hand and len(s) == len(hand.history)
        assert s.start().current.history == () and s.start_hand.dealer == hand.dealer
        for k in random.Random(i).sample(range(len(s) + 1), min(5, len(s) + 1)):
            s.go(k)
            assert s.current.history == hand.history[:k]
        s.end()
        assert s.current == hand


def test_jump_and_bad_positions() -> None:
    s = Stepper(json.dumps(RECORD))
    assert s.go(3).current.phase == el.Phase.PLAY
    for bad in (-1, len(s) + 1, 1.5, True):
        with pytest.raises(ValueError, match="position must be"):
            s.go(bad)  # type: ignore[arg-type]
    assert s.position == 3


def test_bad_records_are_refused_before_anything_is_shown(tmp_path) -> None:
    with pytest.raises(RecordError):
        Stepper({"dealer": "S"})
    with pytest.raises(IllegalActionError) as err:
        Stepper({**RECORD, "actions": ["W pass", "N call ♠"]})
    assert err.value.index == 1
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(RECORD), encoding="utf-8")
    s = Stepper(path)
    assert s.title == "North assists" and s.notes.startswith("The dealer's partner")


def test_each_step_is_explained() -> None:
    s = Stepper(RECORD)
    assert s.explanation(0).startswith("The deal: South deals")
    assert "eldest" in s.explanation(0)
    step2 = s.explanation(2)
    assert step2.startswith("Step 2: North assists: ♥ hearts are trump")
    assert "left bower is the J♦" in step2  # what it caused
    assert explain.bidding_options(s.hands[1]) in step2  # why it was allowed
    step3 = s.explanation(3)
    assert explain.leader_reason(s.hands[3]) in step3  # play begins: who leads and why
    step7 = s.explanation(7)
    trick = s.hands[7].tricks[0]
    assert explain.trick_reason(trick.cards, trick.seats, el.Suit.HEARTS) in step7
    assert explain.play_reasons(s.hands[6].holding("S"), "hearts", "J♠")[el.Card.parse("Q♠")] in step7
    with pytest.raises(ValueError):
        s.explanation(99)


def test_the_last_step_gives_the_score() -> None:
    hand = bot_hand(3)
    s = Stepper(hand)
    last = s.explanation(len(s))
    assert explain.score_reason(hand) in last


def test_explain_step_agrees_with_the_log() -> None:
    s = Stepper(bot_hand(5))
    for k in range(len(s)):
        before, after = s.hands[k], s.hands[k + 1]
        action = s.final_hand.history[k][1]
        assert explain_step(before, action, after) == explain_step(before, action)
    assert len(s.go(len(s)).log()) == len(s)


def test_widget_steps_by_buttons_and_slider() -> None:
    w = StepperWidget(Stepper(RECORD))
    s = w.stepper
    assert "North assists" in w.title.value
    assert w.back_button.disabled and w.start_button.disabled
    boards = [w.board.value]
    for k in range(1, len(s) + 1):
        w.forward_button.click()
        assert s.position == k and w.slider.value == k
        assert html.escape(s.explanation().splitlines()[0]) in w.explanation.value
        boards.append(w.board.value)
    assert w.forward_button.disabled and w.end_button.disabled
    w.slider.value = 2
    assert s.position == 2 and w.board.value == boards[2]
    w.start_button.click()
    assert s.position == 0 and w.board.value == boards[0]
    w.end_button.click()
    assert s.position == len(s)
    w.back_button.click()
    assert s.position == len(s) - 1 and w.board.value == boards[-2]
    assert len(set(boards)) == len(boards)  # every step draws a different table


def test_widget_hides_hands_on_request() -> None:
    w = StepperWidget(Stepper(RECORD), open_hands=False)
    assert not any(f'data-card="{c}"' in w.board.value for c in w.stepper.current.holding("N"))
    w.open_hands.value = True
    assert all(f'data-card="{c}"' in w.board.value for c in w.stepper.current.holding("N"))


def test_show_entry_point() -> None:
    w = el.stepper.show(RECORD, position=2)
    assert isinstance(w, StepperWidget) and w.stepper.position == 2


def test_every_example_hand_steps_forward_and_back() -> None:
    for name in el.examples.names():
        s = Stepper(name)
        assert s.title == el.examples.load(name)["title"]
        final = el.examples.hand(name)
        assert s.end().current == final
        for k in range(len(s), -1, -1):
            s.go(k)
            assert s.current.history == final.history[:k]
            assert s.explanation()
        assert s.current == s.start_hand


def test_a_kept_class_hand_never_shows_or_names_a_stand_in() -> None:
    """A class-table hand as the non-dealing seat kept it (classroom/server/view.seat_record):
    the dealer's discard and the kitty are stand-ins, so the dealer's hand stays face down while
    it holds one, and the discard's step does not name its card; the keeper's own hand shows."""
    from euchre_learn.classroom.server.view import seat_record

    for seed in range(40):
        hand = bot_hand(seed)
        if hand.discard is not None and hand.maker is not None:
            break
    else:
        pytest.fail("no bot hand with a discard in 40 seeds")
    dealer, keeper = hand.dealer, hand.dealer.left
    record = seat_record(hand, keeper)
    assert record is not None
    s = Stepper(record)
    discarded = next(a.card for seat, a in replay(record).history if a.kind == "discard")
    assert discarded in s.stand_ins  # the keeper never saw the discard
    step = next(i + 1 for i, (_seat, a) in enumerate(s.final_hand.history) if a.kind == "discard")
    s.go(step)
    assert str(discarded) not in s.explanation() and "face down" in s.explanation()
    assert str(discarded) not in s.log()[-1]
    s.go(step - 1)  # the dealer still holds the stand-in: face down, the keeper's own hand face up
    page = s.html()
    assert f'data-card="{discarded}"' not in page
    assert all(f'data-card="{c}"' in page for c in s.current.holding(keeper))
    hidden = [c for c in s.current.holding(dealer) if c != s.current.upcard]  # the upcard lies face up
    assert hidden and not any(f'data-card="{c}"' in page for c in hidden)
    # the same hand from the whole record (no stand-ins) shows every hand and names the discard
    whole = Stepper(hand.to_record()).go(step)
    assert str(hand.discard) in whole.explanation()
