"""The stepper opens a game read from EGN: a deal of a match, its annotations with each step, and
the cards the file does not name kept face down."""

from __future__ import annotations

import pytest

import euchre_learn as el
from euchre_learn.interactive.stepper import Stepper


def test_a_deal_of_the_shipped_match() -> None:
    match = el.egn.read(el.egn.example())
    s = Stepper(match, deal=1)
    assert s.title == "VWEC Finals, deal 2 of 13"
    assert len(s) == len(match.deals[1].hand.history) and s.end().current.is_over
    words = s.explanation(5)  # step 5 is action 4, North's call of clubs
    assert words.startswith("Step 5: North calls ♣ clubs")
    assert "\nThe annotator: Pretty ambitious next call." in words
    assert "The annotator" not in s.explanation(4)


def test_an_egn_deal_and_its_unknown_cards() -> None:
    deal = el.egn.read(el.egn.example()).deals[0]  # South's discard is not in the file
    s = Stepper(deal)
    assert s.stand_ins == deal.stand_ins and s.stand_ins
    dealer = deal.hand.dealer
    discard_step = next(i + 1 for i, (_, a) in enumerate(deal.hand.history) if a.kind == "discard")
    assert str(deal.hand.discard) not in s.explanation(discard_step)  # a stand-in is never named
    # the dealer's hand holds a stand-in, so it is face down: five backs more than the same hand shown whole
    backs = s.go(0).html().count("el-card el-back")
    assert backs == Stepper(deal.hand).html().count("el-card el-back") + 5
    assert s.go(0).html().count(dealer.word) >= 1


def test_a_deal_out_of_range() -> None:
    match = el.egn.read(el.egn.example())
    with pytest.raises(ValueError, match="deal must be a whole number from 0 to 12"):
        Stepper(match, deal=13)


def test_the_widget_shows_the_annotation() -> None:
    match = el.egn.read(el.egn.example())
    w = el.stepper.show(match, deal=1, position=5)
    assert "The annotator: Pretty ambitious" in w.explanation.value
