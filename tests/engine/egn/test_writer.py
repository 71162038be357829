"""el.egn.write: read(write(x)) gives the same deals, points and annotations, for every public
example, for games the bots play (hypothesis), for hands, records and saved games."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import euchre_learn as el
from euchre_learn import Game, Rules, Seat, Team
from euchre_learn.analysis import bots
from euchre_learn.engine import egn

from .test_corpus import FILES, REFUSED, name

SETTINGS = settings(max_examples=12, deadline=None, database=None, derandomize=True)


def same_deals(a: egn.Match, b: egn.Match, *, cards: bool = True) -> None:
    assert len(a.deals) == len(b.deals)
    for x, y in zip(a.deals, b.deals, strict=True):
        assert x.hand.history == y.hand.history
        assert x.points == y.points and x.score_before == y.score_before
        assert x.annotations == y.annotations
        assert [t.cards for t in x.hand.tricks] == [t.cards for t in y.hand.tricks]
        if cards:
            assert all(x.hand.dealt(s) == y.hand.dealt(s) for s in Seat)
            assert x.hand == y.hand


@pytest.mark.parametrize("path", [p for p in FILES if name(p) not in REFUSED], ids=name)
def test_every_public_example_round_trips(path: Path) -> None:
    match = egn.read(path)
    again = egn.read(egn.write(match))
    same_deals(match, again)
    assert again.metadata == match.metadata and again.rules == match.rules
    assert [d.inferred for d in again.deals] == [d.inferred for d in match.deals]
    assert [d.alternative_lines for d in again.deals] == [d.alternative_lines for d in match.deals]


def play(rules: Rules, seed: int, hands: int) -> Game:
    """A game the standard bot plays, ``hands`` hands long (or to its end)."""
    bot = bots.get("standard", seed=seed)
    game = Game(rules, seed=seed, dealer=Seat(seed % 4))
    while len(game.hands) < hands and not game.is_over:
        game = game.apply(bot.act(game.hand))
    return game


RULE_SETS = [
    Rules(),
    Rules(stick_the_dealer=True),
    Rules(defend_alone=True),
    Rules(canadian_loner=True, loner_lead="left_of_dealer"),
    Rules(points_to_win=5),
    Rules(dealer_may_discard_upcard=True),
]


@SETTINGS
@given(seed=st.integers(0, 2**31), rules=st.sampled_from(RULE_SETS), hands=st.integers(1, 12))
def test_bot_games_round_trip(seed: int, rules: Rules, hands: int) -> None:
    game = play(rules, seed, hands)
    match = egn.read(egn.write(game))
    assert [d.hand.history for d in match.deals] == [h.history for h in game.hands]
    assert all(d.hand.dealt(s) == h.dealt(s) for d, h in zip(match.deals, game.hands, strict=True) for s in Seat)
    assert [d.points for d in match.deals] == [h.points for h in game.hands]
    assert match.score == game.score
    assert match.rules.replace(dealer_may_discard_upcard=False) == rules.replace(dealer_may_discard_upcard=False)
    assert not any(d.stand_ins for d in match.deals)  # a game written by us states every card


def test_a_hand_in_progress_is_written_as_far_as_it_goes() -> None:
    game = Game(seed=7, dealer="N")
    bot = bots.get("standard", seed=1)
    while len(game.hand.tricks) < 2:
        game = game.apply(bot.act(game.hand))
    game = game.apply(bot.act(game.hand))  # one card into trick 3
    match = egn.read(egn.write(game))
    (deal,) = match.deals
    assert not deal.complete and deal.hand.history == game.hand.history and deal.hand == game.hand


def test_records_and_a_saved_game(tmp_path: Path) -> None:
    from euchre_learn.learner.saved_games import load_game, save_hand
    from euchre_learn.learner.store import Store

    store = Store(tmp_path / "learner.sqlite3")
    game = Game(seed=11, dealer="E")
    bot = bots.get("standard", seed=2)
    while len(game.hands) < 3:
        before = len(game.hands)
        game = game.apply(bot.act(game.hand))
        if len(game.hands) > before:
            save_hand(game, "g", humans="S", store=store, at=0.0)
    saved = load_game("g", store)
    for subject in (saved, list(saved.records), [json.dumps(r) for r in saved.records], list(game.hands)):
        match = egn.read(egn.write(subject))
        assert [d.hand for d in match.deals] == list(game.hands)
        assert [d.score_before for d in match.deals] == [
            {Team.NS: r["score"]["NS"], Team.EW: r["score"]["EW"]} for r in saved.records
        ]


@pytest.mark.parametrize(
    ("subject", "words"),
    [
        (Game(rules="uk", seed=1), "nothing to write"),
        ([], "nothing to write"),
        ("not a list", "write() takes a Game"),
        ([{"dealer": "N"}], "record 1:"),
    ],
)
def test_what_cannot_be_written(subject: Any, words: str) -> None:
    with pytest.raises(egn.EgnError, match=re.escape(words)):
        egn.write(subject)


def test_rules_egn_cannot_state() -> None:
    game = play(Rules.preset("uk"), 3, 1)
    with pytest.raises(egn.EgnError, match="EGN has no rule for the Benny"):
        egn.write(game)


def test_the_shipped_game_as_text_is_egn_json() -> None:
    text = el.egn.write(el.egn.read(el.egn.example()))
    data = json.loads(text)
    assert data["fileType"] == "Euchre Game Notation" and data["version"] == "1.4"
    assert data["metadata"]["players"] == ["WWMM", "Llama", "Euchrazy1", "LeftyKnavey"]
