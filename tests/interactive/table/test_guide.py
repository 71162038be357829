"""The guided first game (issue 34, item 7): the table introduces each rule the first time it
matters, once, in whole games played by a scripted newcomer; the view shows the notes."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

import euchre_learn as el
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.hand import Phase
from euchre_learn.engine.rules import Rules
from euchre_learn.engine.trump import is_trump, left_bower, legal_plays, right_bower
from euchre_learn.interactive.table.guide import TOPICS, Guide, Note
from euchre_learn.interactive.table.guide_widget import GuidedTableWidget
from euchre_learn.interactive.table.model import Table

CORE = ("deal", "first-bid", "trump", "follow", "trick", "loner", "scoring", "game")
"""What the issue asks a whole guided game to introduce."""


@dataclass
class Seen:
    """One look at the table, as the view takes it (after the bots moved), and the notes it brought."""

    hand: int
    bidding: bool
    my_play_to_led: bool
    trump: bool
    alone: bool
    trick_done: bool
    hand_over: bool
    game_over: bool
    added: list[Note] = field(default_factory=list)


def newcomer(seed: int, how: str = "bot") -> tuple[Table, Guide, list[Seen]]:
    """A whole game at South: the newcomer plays what the standard bot would (``'bot'``) or a
    legal action at random (``'random'``), and the guide is asked after every change."""
    t = Table(humans="S", seed=seed)
    g = Guide()
    pick = random.Random(seed)
    seen: list[Seen] = []
    while True:
        t.run_bots()
        hand = t.hand
        trick = hand.current_trick
        mine = t.is_human_turn
        look = Seen(
            hand=len(t.game.hands) - (1 if t.hand_over else 0) + 1,
            bidding=mine and hand.phase in (Phase.ROUND_1, Phase.ROUND_2),
            my_play_to_led=mine and hand.phase == Phase.PLAY and trick is not None and bool(trick.cards),
            trump=hand.trump is not None,
            alone=hand.alone,
            trick_done=any(x.winner is not None for x in hand.tricks),
            hand_over=t.hand_over,
            game_over=t.game_over,
        )
        look.added = g.update(t)
        seen.append(look)
        if t.game_over:
            return t, g, seen
        if t.hand_over:
            g.turn_over()
            t.next_hand()
            continue
        if how == "bot":
            action, _ = t.hint_bot.choose(t.game)
        else:
            action = pick.choice(list(t.legal_actions()))
        g.turn_over()
        t.act(action)


def first(seen: list[Seen], test: object) -> int:
    assert callable(test)
    return next(i for i, s in enumerate(seen) if test(s))


@pytest.mark.parametrize("how", ["bot", "random"])
@pytest.mark.parametrize("seed", [0, 1, 3, 7, 12, 23])
def test_a_whole_guided_game_introduces_each_rule_once_when_it_first_matters(seed: int, how: str) -> None:
    _, g, seen = newcomer(seed, how)
    keys = [n.key for n in g.notes]
    assert len(keys) == len(set(keys)), f"a rule introduced twice: {keys}"
    assert set(CORE) <= set(keys), f"not reached: {set(CORE) - set(keys)}"
    assert keys[0] == "deal" and keys[-1] == "game"
    when = {n.key: i for i, s in enumerate(seen) for n in s.added}
    assert when["deal"] == 0
    assert when["first-bid"] == first(seen, lambda s: s.bidding)
    assert when["trump"] == first(seen, lambda s: s.trump)
    assert when["follow"] == first(seen, lambda s: s.my_play_to_led)
    assert when["trick"] == first(seen, lambda s: s.trick_done)
    assert when["scoring"] == first(seen, lambda s: s.hand_over)
    assert when["game"] == first(seen, lambda s: s.game_over) == len(seen) - 1
    # a loner: when someone first goes alone, or else at the learner's first bid after the first hand
    assert when["loner"] == first(seen, lambda s: s.alone or (s.bidding and s.hand >= 2))
    for n in g.notes:  # each note names its rule and lesson, and the rule is in the rule book
        assert n.rule == TOPICS[n.key].rule and n.lesson.endswith(".ipynb")
        assert n.text and n.why and "  " not in n.text


def test_the_notes_say_this_deals_facts() -> None:
    t, g, _ = newcomer(1)
    notes = {n.key: n for n in g.notes}
    # the game those notes were about is the table's
    hand1 = t.game.hands[0]
    trump = hand1.trump
    assert trump is not None
    said = notes["trump"].text
    assert f"The {right_bower(trump)} is the right bower" in said and f"the {left_bower(trump)}, " in said
    held = [c for c in hand1.dealt(Seat.S) if is_trump(c, trump)]
    assert f"You hold {len(held)}" in said or hand1.dealer == Seat.S  # the dealer's hand changes on the pick-up
    assert f"the {hand1.upcard}, the upcard" in notes["deal"].text
    assert "North, across the table, is your partner" in notes["deal"].text
    assert str(hand1.score.makers if hand1.score else 0) in notes["scoring"].text
    assert "The first side to 10 points wins" in notes["scoring"].text
    winner = t.game.winner
    assert winner is not None and f"{t.game.score[winner]} to {t.game.score[winner.other]}" in notes["game"].text


def test_the_follow_note_lists_exactly_the_cards_south_may_play() -> None:
    t = Table(humans="S", seed=1)
    g = Guide()
    while True:
        t.run_bots()
        g.update(t)
        if "follow" in g.introduced:
            break
        action, _ = t.hint_bot.choose(t.game)
        t.act(action)
    hand = t.hand
    trick = hand.current_trick
    assert trick is not None and hand.trump is not None
    legal = legal_plays(hand.holding(Seat.S), hand.trump, trick.cards[0])
    note = next(n for n in g.notes if n.key == "follow")
    assert f"led the {trick.cards[0]}" in note.text
    if len(legal) < len(hand.holding(Seat.S)):
        assert f"so you must play one: {' '.join(str(c) for c in legal)}." in note.text
    else:
        assert "any card will do" in note.text


def test_a_real_loner_is_introduced_when_it_is_called() -> None:
    for seed in range(40):
        _, g, seen = newcomer(seed)
        at = next((i for i, s in enumerate(seen) if s.alone), None)
        loner = next(n for n in g.notes if n.key == "loner")
        if at is not None and at == next(i for i, s in enumerate(seen) for n in s.added if n.key == "loner"):
            assert "goes alone" in loner.text or "You go alone" in loner.text
            assert "sits this hand out" in loner.text or "you sit this hand out" in loner.text
            assert "score 4 points" in loner.text
            return
        assert "The button" in loner.text and "score 4 points" in loner.text  # the choice on the buttons
    pytest.fail("no game of 40 had a loner called before the learner's second hand")


def test_round_2_and_the_dealers_discard_come_when_they_arise() -> None:
    _, g, _ = newcomer(1)
    notes = {n.key: n for n in g.notes}
    assert "turned down" not in notes["first-bid"].text  # round 1 came first
    assert "All four passed in round 1" in notes["round-2"].text
    assert "discard one card face down" in notes["discard"].text


def test_stick_the_dealer_is_said_in_round_2() -> None:
    t = Table(Rules.preset("stick-the-dealer"), humans="S", seed=8, dealer="W")
    g = Guide()
    while "round-2" not in g.introduced and not t.game_over:
        t.run_bots()
        g.update(t)
        if t.hand_over:
            t.next_hand()
        elif "round-2" not in g.introduced:
            t.act("pass" if t.hand.phase == Phase.ROUND_1 else t.hint_bot.choose(t.game)[0])
    assert "stick the dealer" in next(n for n in g.notes if n.key == "round-2").text


def test_a_guided_game_speaks_to_one_learner() -> None:
    with pytest.raises(ValueError, match="guided: a guided game speaks to one learner, and this table has 2"):
        el.table.play(humans="NS", guided=True, seed=1, delay=0)
    with pytest.raises(TypeError, match="guided: got 'yes': expected True"):
        el.table.play(guided="yes", seed=1, delay=0)  # type: ignore[arg-type]
    g = Guide(learner="N")  # several humans: name the learner
    t = Table(humans="NS", seed=1, dealer="W")
    t.run_bots()
    assert "You sit North" in g.update(t)[0].text


def test_undo_does_not_introduce_a_rule_again() -> None:
    t = Table(humans="S", seed=1, dealer="N")
    g = Guide()
    t.run_bots()
    g.update(t)
    t.act("order up")
    t.run_bots()
    g.update(t)
    t.undo()
    t.run_bots()
    assert g.update(t) == []
    t.act("order up")
    t.run_bots()
    assert g.update(t) == []
    assert [n.key for n in g.notes] == ["deal", "first-bid", "trump", "follow"]


def test_the_view_shows_the_notes_since_the_last_action_with_their_rule_and_lesson() -> None:
    w = el.table.play(guided=True, seed=1, dealer="N", delay=0, review=False)
    assert isinstance(w, GuidedTableWidget)
    assert w.children.index(w.guide_panel) == w.children.index(w.board) + 1  # right under the felt
    panel = w.guide_panel.value
    assert "el-guide-now" in panel and "The deal." in panel and "Your first bid." in panel
    assert 'href="../docs/rules.md#R3.1"' in panel and 'href="03_bidding_round_1.ipynb"' in panel
    assert "Why it matters:" in panel and "Rules met so far" not in panel
    assist = next(b for b in w.action_buttons if b.description == "Assist")
    assist.click()  # South assists; the bots play on to South's first card
    panel = w.guide_panel.value
    now = panel.split("el-guide-earlier")[0]
    assert "Trump and the bowers." in now and "The deal." not in now
    assert "Rules met so far (2)" in panel
    card = next(b for b in w.card_buttons if not b.disabled)
    card.click()
    assert "Trump and the bowers." not in w.guide_panel.value.split("el-guide-earlier")[0]


def test_the_guided_view_plays_a_whole_game_by_clicking() -> None:
    w = el.table.play(guided=True, seed=3, delay=0, review=False)
    for _ in range(2000):
        if w.table.game_over:
            break
        if w.table.hand_over:
            w.next_button.click()
        elif w.action_buttons:
            w.action_buttons[0].click()
        else:
            next(b for b in w.card_buttons if not b.disabled).click()
    assert w.table.game_over
    assert "The end of the game." in w.guide_panel.value
    assert set(CORE) <= w.guide.introduced
    w.new_game_button.click()  # a second game: every rule met, nothing new, the notes folded
    assert w.guide.current == [] and "el-guide-now" not in w.guide_panel.value
    assert f"Rules met so far ({len(w.guide.notes)})" in w.guide_panel.value
