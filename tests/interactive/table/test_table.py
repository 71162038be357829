"""The table, driven without a browser: the model (euchre_learn.interactive.table.model) and its widget
(euchre_learn.interactive.table.widget), by clicking buttons as a learner would."""

from __future__ import annotations

import asyncio
import html
import random

import pytest

import euchre_learn as el
from euchre_learn import Action, Rules, Seat, explain
from euchre_learn.engine.hand import IllegalActionError, Phase
from euchre_learn.interactive.stepper_widget import StepperWidget
from euchre_learn.interactive.table.model import Table
from euchre_learn.interactive.table.setup_form import SetupForm
from euchre_learn.interactive.table.widget import TableWidget
from euchre_learn.interactive.table.words import CARD_PHASES, action_label

ALL_SEATS = "NESW"


def enabled(w: TableWidget) -> list:
    return [b for b in w.action_buttons + w.card_buttons if not b.disabled]


def click_through_game(
    w: TableWidget, rng: random.Random, seen: set | None = None, limit: int = 3000, passing: float = 0.0
) -> int:
    """Click random enabled buttons (and 'Next hand') until the game is won; returns the clicks.
    ``passing``: how often to prefer 'Pass' when it is offered."""
    clicks = 0
    while not w.table.game_over:
        assert clicks < limit
        if w.table.hand_over:
            w.next_button.click()
            continue
        assert w.table.is_human_turn  # with delay=0 the bots have always moved already
        if seen is not None:
            seen.add(w.table.hand.phase)
        buttons = enabled(w)
        passes = [b for b in buttons if b.description == "Pass"]
        (passes[0] if passes and rng.random() < passing else rng.choice(buttons)).click()
        clicks += 1
    return clicks


# ---- whole games by clicking ----------------------------------------------------------------


@pytest.mark.parametrize("preset", ["standard", "stick-the-dealer", "uk", "seed-000", "railroad"])
def test_a_whole_game_against_three_bots_by_clicking(preset: str) -> None:
    w = TableWidget(Table(preset, humans="S", seed=f"game/{preset}"), delay=0)
    click_through_game(w, random.Random(preset))
    game = w.table.game
    assert game.winner is not None
    assert max(game.score.values()) >= game.rules.points_to_win
    assert "won" in w.status.value and w.new_game_button.layout.display != "none"


def test_hot_seat_plays_every_special_phase_by_clicking() -> None:
    """Four learners at one screen, with railroad, defend alone, stick the dealer and the Benny:
    every phase is reached and played by clicking."""
    rules = Rules(railroad=True, defend_alone=True, benny="joker", stick_the_dealer=True, points_to_win=5)
    seen: set = set()
    rng = random.Random(4)
    for game in range(12):
        w = TableWidget(Table(rules, humans=ALL_SEATS, seed=f"hot/{game}"), delay=0)
        click_through_game(w, rng, seen, passing=0.8)
        if seen >= set(Phase) - {Phase.OVER}:
            break
    assert seen == set(Phase) - {Phase.OVER}


def test_same_seed_and_clicks_give_the_same_game() -> None:
    def play() -> el.Game:
        w = TableWidget(Table(humans="S", seed=9), delay=0)
        click_through_game(w, random.Random(1))
        return w.table.game

    assert play() == play()


def test_a_table_of_bots_plays_itself() -> None:
    t = Table(humans=(), seed=5, dealer="N")
    while not t.game_over:
        t.run_bots()
        assert t.hand_over
        if not t.game_over:
            t.next_hand()
    assert t.game.winner is not None and t.past_logs


# ---- buttons offer exactly the legal actions, in the seeds' words ----------------------------


def test_bidding_buttons_are_the_legal_actions_named_for_the_seat() -> None:
    words = {Seat.E: "Order it up", Seat.S: "Assist", Seat.W: "Order it up", Seat.N: "Take it up"}
    w = TableWidget(Table(humans=ALL_SEATS, seed=2, dealer="N"), delay=0)
    for seat in (Seat.E, Seat.S, Seat.W, Seat.N):  # round 1 from eldest (R3.1)
        hand = w.table.hand
        assert hand.to_act == seat
        labels = [b.description for b in w.action_buttons]
        assert labels == [action_label(hand, a) for a in hand.legal_actions()]
        assert labels == ["Pass", words[seat], words[seat] + " alone"]
        assert not w.card_buttons
        w.action_buttons[0].click()  # pass
    hand = w.table.hand
    assert hand.phase == Phase.ROUND_2
    labels = [b.description for b in w.action_buttons]
    td = hand.turned_down
    assert td is not None
    others = [s for s in el.Suit if s != td]
    assert labels == ["Pass"] + [f"Call {s.symbol}" for s in others] + [f"Call {s.symbol} alone" for s in others]
    assert all(s.plural in b.tooltip for s, b in zip(others, w.action_buttons[1:4], strict=True))


def test_special_labels() -> None:
    """The seeds' words for every kind of button."""
    hand = Table(Rules(defend_alone=True, railroad=True), humans=ALL_SEATS, seed=1, dealer="S").hand
    assert hand.to_act == Seat.W and [action_label(hand, a) for a in hand.legal_actions()] == [
        "Pass",
        "Order it up",
        "Order it up alone",
    ]
    assert action_label(hand, Action.parse("defend alone")) == "Defend alone"
    assert action_label(hand, Action.parse("take")) == "Take the card" and action_label(hand, Action.parse("decline")) == "Decline"
    assert action_label(hand, Action.parse("name ♥")) == "Name ♥"
    assert action_label(hand, Action.parse("call ♥ alone")) == "Call ♥ alone"
    dealer = hand.apply("pass").apply("pass").apply("pass")
    assert [action_label(dealer, a) for a in dealer.legal_actions()] == ["Pass", "Take it up", "Take it up alone"]


def test_card_buttons_show_every_card_and_disable_the_illegal_ones_with_the_reason() -> None:
    checked = 0
    for seed in range(15):
        w = TableWidget(Table(humans="S", seed=seed), delay=0)
        rng = random.Random(seed)
        while not w.table.hand_over:
            t = w.table
            hand = t.hand
            if hand.phase == Phase.PLAY:
                assert [b.description for b in w.card_buttons] == [str(c) for c in hand.holding(Seat.S)]
                legal = {str(a.card) for a in hand.legal_actions()}
                for b in w.card_buttons:
                    assert b.disabled == (b.description not in legal)
                    if b.disabled:
                        assert "may not be played" in b.tooltip and "R6.2" in b.tooltip
                        checked += 1
            rng.choice(enabled(w)).click()
    assert checked > 10


def test_the_dealers_discard_disables_the_upcard() -> None:
    """The dealer takes it up and discards: the upcard is shown but may not be discarded (R3.2)."""
    seeded = None
    for seed in range(200):
        tt = Table(humans=ALL_SEATS, seed=seed, dealer="S")
        tt.act("pass")
        tt.act("order up")
        if tt.hand.phase == Phase.DISCARD:
            seeded = tt
            break
    assert seeded is not None
    w = TableWidget(seeded, delay=0)
    up = str(seeded.hand.upcard)
    buttons = {b.description: b for b in w.card_buttons}
    assert set(buttons) == {str(c) for c in seeded.hand.holding(Seat.S)}
    assert buttons[up].disabled and "R3.2" in buttons[up].tooltip
    assert sum(not b.disabled for b in buttons.values()) == 5
    before = seeded.game
    buttons[up].click()  # an illegal click: nothing changes
    assert seeded.game is before and "R3.2" in w.message.value
    next(b for b in buttons.values() if not b.disabled).click()
    assert seeded.hand.phase != Phase.DISCARD


# ---- illegal actions change nothing --------------------------------------------------------------


def test_an_illegal_click_leaves_the_state_unchanged() -> None:
    found = 0
    for seed in range(12):
        w = TableWidget(Table(humans="S", seed=seed), delay=0)
        rng = random.Random(seed)
        while not w.table.hand_over:
            disabled = [b for b in w.card_buttons if b.disabled]
            if disabled:
                t = w.table
                game, log, hand = t.game, list(t.log), t.hand
                board = w.board.value
                i = rng.choice([k for k, b in enumerate(w.card_buttons) if b.disabled])
                action = t.card_choices()[i].action
                w.card_buttons[i].click()
                assert t.game is game and t.log == log and t.hand == hand and w.board.value == board
                assert html.escape(hand.explain_illegal(action)) in w.message.value
                found += 1
            rng.choice(enabled(w)).click()
    assert found > 5


def test_the_model_refuses_illegal_and_out_of_turn_actions() -> None:
    t = Table(humans="S", seed=1, dealer="N")
    assert t.to_act == Seat.E and t.is_bot_turn
    with pytest.raises(IllegalActionError, match="East is a bot"):
        t.act("pass")
    t.run_bots()
    game = t.game
    with pytest.raises(IllegalActionError, match="round 1"):
        t.act("call ♠")
    with pytest.raises(ValueError, match="not an action"):
        t.act("jump")
    assert t.game is game and t.position == 1


# ---- undo --------------------------------------------------------------------------------------


def test_undo_restores_exactly() -> None:
    for seed in range(8):
        t = Table(humans="S", seed=seed)
        t.run_bots()
        snapshots: list[tuple] = []
        rng = random.Random(seed)
        while not t.hand_over:
            assert t.is_human_turn
            snapshots.append((t.position, t.game, list(t.log), t.hand))
            t.act(rng.choice(t.legal_actions()))
            t.run_bots()
        # undo one decision at a time, back to the first
        for position, game, log, hand in reversed(snapshots):
            t.undo()
            assert (t.position, t.game, t.log, t.hand) == (position, game, log, hand)
            assert t.is_human_turn
        assert not t.can_undo
        with pytest.raises(ValueError, match="nothing to undo"):
            t.undo()


def test_undo_to_any_point_through_the_widget() -> None:
    w = TableWidget(Table(humans="S", seed=21), delay=0)
    rng = random.Random(0)
    states = {}
    while not w.table.hand_over:
        states[w.table.position] = (w.table.game, w.table.hand)
        rng.choice(enabled(w)).click()
    options = list(w.undo_to.options)
    assert [pos for _label, pos in options] == sorted(states)
    assert all(label.startswith("before South") for label, _pos in options)
    picks = sorted(random.Random(1).sample(options, min(4, len(options))), key=lambda o: -o[1])
    for _label, pos in picks:  # latest first: going back removes the later points
        w.undo_to.value = pos
        w.undo_to_button.click()
        assert (w.table.game, w.table.hand) == states[pos]
        assert w.table.is_human_turn
        w.table.rewind(w.table.position)  # a no-op rewind is allowed
    with pytest.raises(ValueError, match="position must be"):
        w.table.rewind(99)


def test_undo_button_takes_back_a_finished_hand() -> None:
    w = TableWidget(Table(humans="S", seed=3), delay=0)
    rng = random.Random(3)
    while not w.table.hand_over:
        rng.choice(enabled(w)).click()
    finished = w.table.hand
    score = w.table.game.score
    assert sum(score.values()) > 0 or finished.thrown_in
    w.undo_button.click()
    assert not w.table.hand_over and w.table.is_human_turn
    assert w.table.game.hands == () and sum(w.table.game.score.values()) == 0
    assert w.table.hand.history == finished.history[: len(w.table.hand.history)]


# ---- hints and explanations ---------------------------------------------------------------------


def test_hints_are_legal_and_explained() -> None:
    for preset in ("standard", "railroad", "uk", "seed-000"):
        t = Table(preset, humans=ALL_SEATS, seed=f"hint/{preset}")
        rng = random.Random(preset)
        for _ in range(30):
            if t.hand_over:
                if t.game_over:
                    break
                t.next_hand()
            hint = t.hint(worlds=4)
            legal = t.legal_actions()
            assert hint.action in legal
            assert hint.reason and hint.seat == t.to_act
            hand = t.hand
            if hand.phase in CARD_PHASES:
                assert set(hint.legal) == {str(a.card) for a in legal}
            else:
                assert list(hint.legal) == [action_label(hand, a) for a in legal]
            assert hint.label == action_label(hand, hint.action)
            t.act(rng.choice(legal))


def test_hint_button_shows_the_suggestion() -> None:
    w = TableWidget(Table(humans="S", seed=4), delay=0)
    w.hint_button.click()
    hint = w.table.hint()  # the same judgement: the table keeps it for the position
    shown = html.unescape(w.message.value)
    assert "Suggestion: " + hint.label in shown
    assert hint.judgement is not None and hint.judgement.reason in shown
    assert f"<li><b>{hint.label}:" in shown  # the suggestion is the first row of the numbers, in bold


def test_why_explains_the_last_trick_and_the_hand() -> None:
    w = TableWidget(Table(humans="S", seed=6), delay=0)
    rng = random.Random(6)
    saw_trick = False
    while not w.table.hand_over:
        hand = w.table.hand
        if hand.tricks:
            w.why_button.click()
            last = hand.tricks[-1]
            assert hand.trump is not None
            reason = explain.trick_reason(last.cards, last.seats, hand.trump)
            assert reason.replace("'", "&#x27;") in w.message.value
            saw_trick = True
        rng.choice(enabled(w)).click()
    w.why_button.click()
    hand = w.table.hand
    if not hand.thrown_in:
        assert explain.score_reason(hand).replace("'", "&#x27;") in w.message.value
        assert saw_trick or hand.alone is not None


def test_log_in_plain_words_hides_face_down_cards() -> None:
    t = Table(humans="S", seed=0)
    t.run_bots()
    rng = random.Random(0)
    while not t.hand_over:
        t.act(rng.choice(t.legal_actions()))
        t.run_bots()
    assert len(t.log_lines()) == len(t.hand.history)
    for entry, (seat, action) in zip(t.log, t.hand.history, strict=True):
        assert entry.seat == seat and entry.action == action
        if action.kind == "discard" and seat != Seat.S:
            assert entry.text == f"{seat.word} discards a card face down."
        if action.kind == "play":
            assert str(action.card) in entry.text
    t.open_hands = True
    assert any("(" in line for line in t.log_lines())  # the bots' reasons, with open hands


# ---- showing and hiding hands ----------------------------------------------------------------------


def test_open_hands_shows_the_other_hands() -> None:
    w = TableWidget(Table(humans="S", seed=8), delay=0)
    hand = w.table.hand
    north = hand.holding(Seat.N)
    assert not any(f'data-card="{c}"' in w.board.value for c in north)
    assert all(f'data-card="{c}"' in w.board.value for c in hand.holding(Seat.S))
    w.open_hands.value = True
    assert all(f'data-card="{c}"' in w.board.value for c in north)
    w.open_hands.value = False
    assert not any(f'data-card="{c}"' in w.board.value for c in north)


def test_hot_seat_shows_only_the_learner_to_act() -> None:
    t = Table(humans="NS", seed=2, dealer="W")  # North is eldest
    assert t.to_act == Seat.N and t.visible_seats() == {Seat.N}
    t.act("pass")
    assert t.is_bot_turn and t.visible_seats() == {Seat.N}  # East (a bot) thinks: North's cards stay up
    t.run_bots()
    if t.is_human_turn:
        assert t.to_act is not None and t.visible_seats() == {t.to_act}
    t.open_hands = True
    assert t.visible_seats() == set(Seat)


# ---- pacing: the kernel is never blocked --------------------------------------------------------------


def test_paced_bots_move_on_the_event_loop() -> None:
    async def scenario() -> tuple[int, bool, int, bool]:
        w = TableWidget(Table(humans="S", seed=1, dealer="N"), delay=0.001)  # East, a bot, is first
        moved_at_once = w.table.position
        busy = w.busy
        for _ in range(1000):
            if not w.busy:
                break
            await asyncio.sleep(0.001)
        return moved_at_once, busy, w.table.position, w.table.is_human_turn

    at_once, busy, later, human = asyncio.run(scenario())
    assert at_once == 0 and busy  # nothing moved synchronously: the cell returns at once
    assert later >= 1 and human


def test_undo_cancels_pending_bot_moves() -> None:
    async def scenario() -> bool:
        w = TableWidget(Table(humans="S", seed=1, dealer="N"), delay=0.001)
        while w.busy:
            await asyncio.sleep(0.001)
        w.choose(w.table.legal_actions()[0])
        assert w.busy or w.table.is_human_turn
        w.undo()  # back before South's action: nothing pending may act on the old state
        for _ in range(1000):
            if not w.busy:
                break
            await asyncio.sleep(0.001)
        return w.table.is_human_turn and w.table.position == 1

    assert asyncio.run(scenario())


def test_without_a_running_loop_paced_play_is_instant() -> None:
    w = TableWidget(Table(humans="S", seed=1, dealer="N"), delay=0.5)
    assert w.table.is_human_turn and not w.busy


# ---- the setup form --------------------------------------------------------------------------------


def test_setup_form_builds_the_chosen_table() -> None:
    form = SetupForm()
    form.preset.value = "railroad"
    form.points.value = 5
    form.seats[Seat.S].value = False
    form.seats[Seat.E].value = True
    form.seats[Seat.W].value = True
    form.bots.value = "beginner"
    form.pace.value = 0.0
    form.seed.value = "42"
    form.start.click()
    w = form.table_widget
    assert w is not None and form.holder.children[0] is w
    t = w.table
    assert t.rules == Rules(railroad=True, points_to_win=5)
    assert t.humans == {Seat.E, Seat.W} and {b.name for b in t.bots.values()} == {"beginner"}
    assert t.seed == "42"
    # the menu says what each preset is; its values stay the preset names
    assert form.preset.label == Rules.preset_label("railroad")
    assert [value for _, value in form.preset.options] == list(Rules.menu_presets())
    # internal presets are no choice for a learner (issue 34): seed-000 was offered by that name
    assert "seed-000" in Rules.presets() and "seed-000" not in Rules.menu_presets()
    assert not any("seed-000" in label for label, _ in form.preset.options)
    form.holder.children[1].click()  # back to the setup
    assert form.start in form.holder.children


def test_a_strong_partner_against_beatable_opponents() -> None:
    t = Table(humans="E", partner="expert", opponents="beginner", seed=4)
    assert {str(s): b.name for s, b in t.bots.items()} == {"W": "expert", "N": "beginner", "S": "beginner"}
    # a seat named in a bots mapping keeps its bot; the rest follow partner / opponents / the default
    t = Table(humans="S", bots={"E": "random"}, partner="expert", seed=4)
    assert {str(s): b.name for s, b in t.bots.items()} == {"N": "expert", "E": "random", "W": "standard"}
    form = SetupForm()
    form.partner.value = "expert"
    form.bots.value = "beginner"
    form.pace.value = 0.0
    form.start.click()
    assert form.table_widget is not None
    assert {str(s): b.name for s, b in form.table_widget.table.bots.items()} == {
        "N": "expert",
        "E": "beginner",
        "W": "beginner",
    }
    w = el.table.play(humans="S", seed=3, delay=0, partner="expert", opponents="random")
    assert w.table.bots[Seat.N].name == "expert" and w.table.bots[Seat.W].name == "random"


def test_setup_form_entry_points() -> None:
    assert isinstance(el.table.setup(), SetupForm)
    w = el.table.play(humans="S", seed=3, delay=0)
    assert isinstance(w, TableWidget) and w.table.is_human_turn


def test_the_models_never_import_ipywidgets() -> None:
    import subprocess
    import sys

    code = (
        "import sys, euchre_learn as el; el.table.Table(seed=1).run_bots(); el.stepper.Stepper(el.Hand.deal('N', seed=1)); "
        "el.bots.get('standard'); print('ipywidgets' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_end_of_a_hand_is_explained_at_once() -> None:
    w = TableWidget(Table(humans="S", seed=12), delay=0)
    rng = random.Random(12)
    while not w.table.hand_over:
        rng.choice(enabled(w)).click()
    hand = w.table.hand
    assert html.escape(explain.score_reason(hand)) in w.message.value
    w.next_button.click()
    assert w.message.value == "" and not w.table.hand_over


# ---- the scoreboard and the board agree ----------------------------------------------------------


def _board_dealer(w: TableWidget) -> str:
    """The dealer the board (render.hand_html's info panel) shows."""
    import re

    found = re.search(r"<dt>Dealer</dt><dd>(\w+)", w.board.value)
    assert found is not None
    return found.group(1)


def _scoreboard_head(w: TableWidget) -> str:
    import re

    found = re.search(r'class="el-board-head">([^<]*)<', w.scoreboard.value)
    assert found is not None
    return html.unescape(found.group(1))


def test_the_scoreboard_names_the_hand_on_the_board() -> None:
    """After a hand ends the game has dealt the next one already; the scoreboard must still
    name the finished hand the board shows (with the score counting it), until Next hand."""
    w = TableWidget(Table(humans="S", seed=3), delay=0)
    rng = random.Random(3)
    seen_between = 0
    while not w.table.game_over and seen_between < 3:
        t = w.table
        number = len(t.game.hands) + (0 if t.hand_over else 1)
        head = _scoreboard_head(w)
        dealer = _board_dealer(w)
        assert dealer == t.hand.dealer.word
        if t.hand_over:
            seen_between += 1
            assert f"hand {number} over · dealer {dealer}" in head, head
            for team in el.Team:  # the score already counts the hand on the board
                assert f"{team.word}: {t.game.score[team]} of" in w.scoreboard.value
            w.next_button.click()
            assert f"hand {number + 1} · dealer {_board_dealer(w)}" in _scoreboard_head(w)
            assert _board_dealer(w) == w.table.hand.dealer.word != dealer  # the deal passes left (R2.3)
        else:
            assert f"hand {number} · dealer {dealer}" in head, head
            rng.choice(enabled(w)).click()
    assert seen_between == 3


def test_the_scoreboard_of_a_won_game_names_the_winner() -> None:
    t = Table(humans=(), seed=5, dealer="N", rules=Rules(points_to_win=5))
    while not t.game_over:
        t.run_bots()
        if not t.game_over:
            t.next_hand()
    winner = t.game.winner
    assert winner is not None
    assert f"Game to 5 points · {winner.word} won" in html.unescape(t.scoreboard_html())


def test_the_table_rings_the_focus_and_no_button_cuts_its_text() -> None:
    """The focus ring's <style> comes with the table once; every button (bids such as
    'Order it up alone', cards such as '10♥') is as wide as its text, never cut off with '…'."""
    import ipywidgets as W

    from euchre_learn.teaching.widget_look import STYLE

    w = TableWidget(Table(humans="S", seed=10, dealer="E"), delay=0)
    assert "el-tableview" in w._dom_classes
    assert [c.value for c in w.children if isinstance(c, W.HTML)].count(STYLE) == 1
    rng = random.Random(10)
    seen_cards: set[str] = set()
    while not w.table.hand_over:
        buttons = [w.hint_button, w.why_button, w.undo_button, w.undo_to_button, w.next_button, w.new_game_button]
        for b in buttons + w.action_buttons + w.card_buttons:
            assert b.layout.width == "auto" and b.layout.min_width, b.description
        seen_cards.update(b.description for b in w.card_buttons)
        for b in w.card_buttons:  # a light face, legal or not, so the ink reads on a dark theme too
            assert b.style.button_color == ("#e6e6e6" if b.disabled else "white")
        rng.choice(enabled(w)).click()
    assert any(len(d) == 3 for d in seen_cards)  # a '10♥' was among them
    assert "el-stepper" in StepperWidget(el.stepper.Stepper(el.Hand.deal("N", seed=2)))._dom_classes


# ---- a double click at instant pace (issue 16) -------------------------------------------------


def _round_1_pass_then_round_2() -> TableWidget:
    """A table where South's pass in round 1 brings the hand, at instant pace, to South again in
    round 2 with 'Pass' in the same place: the double click of the issue."""
    w = TableWidget(Table(humans="S", seed=4, dealer="S", bots="standard"), delay=0)
    assert w.table.hand.phase == Phase.ROUND_1 and w.table.is_human_turn
    assert w.action_buttons[0].description == "Pass"
    return w


def test_a_double_click_at_instant_pace_acts_once() -> None:
    w = _round_1_pass_then_round_2()
    button = w.action_buttons[0]
    button.click()
    after_one = (w.table.game, [e.text for e in w.table.log])
    assert w.table.hand.phase == Phase.ROUND_2 and w.table.is_human_turn
    assert w.action_buttons[0].description == "Pass"  # the slot holds a new 'Pass' now
    button.click()  # the second click of the double click: drawn for round 1, which is over
    assert (w.table.game, [e.text for e in w.table.log]) == after_one
    south = [e for e in w.table.log if e.seat == Seat.S]
    assert len(south) == 1
    w.action_buttons[0].click()  # the button drawn for round 2 acts on round 2
    assert len([e for e in w.table.log if e.seat == Seat.S]) == 2


def test_a_double_click_on_a_card_plays_one_card() -> None:
    rng = random.Random(5)
    w = TableWidget(Table(humans="S", seed=11, dealer="N"), delay=0)
    while not (w.table.is_human_turn and w.table.hand.phase == Phase.PLAY and len(w.table.hand.holding("S")) >= 3):
        assert not w.table.hand_over
        rng.choice(enabled(w)).click()
    first = next(b for b in w.card_buttons if not b.disabled)
    held = len(w.table.hand.holding("S"))
    first.click()
    first.click()
    first.click()
    assert len(w.table.hand.holding("S")) == held - 1


def test_a_button_redrawn_for_the_same_decision_still_acts() -> None:
    w = TableWidget(Table(humans="S", seed=1, dealer="N"), delay=0)
    button = w.action_buttons[0]
    w.show_hint()
    w.refresh()
    w.choose("call ♣")  # illegal in round 1: the message says why, nothing moves
    assert w.action_buttons[0] is button
    before = w.table.position
    button.click()
    assert w.table.position > before


def test_the_buttons_are_reused_not_piled_up() -> None:
    w = TableWidget(Table(humans="S", seed=3), delay=0)
    seen: set[int] = set()
    rng = random.Random(2)
    for _ in range(60):
        if w.table.game_over:
            break
        if w.table.hand_over:
            w.next_button.click()
            continue
        seen.update(id(b) for b in w.action_buttons + w.card_buttons)
        rng.choice(enabled(w)).click()
    assert len(seen) <= 2 * (6 + 6)  # two sets, each at most a row of actions and a row of cards


def test_a_click_reads_text_once_and_only_actions_travel_below(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parsing at the edge (issue 31): a button's click hands the table an Action, and nothing below
    ``Table.act`` (the hand, the log's words, the buttons' labels) parses it again; text typed by a
    learner is read once, where it comes in."""
    parsed: list[object] = []
    real = Action.parse.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Action], text: object) -> Action:
        parsed.append(text)
        return real(cls, text)  # type: ignore[no-any-return]

    t = Table(humans="S", seed=1)
    t.run_bots()
    monkeypatch.setattr(Action, "parse", classmethod(counting))
    for _ in range(3):  # the bidding's buttons, then cards
        choice = t.choices()[0].action if t.choices() else next(c.action for c in t.card_choices() if c.legal)
        t.act(choice)
        t.run_bots()
        t.choices(), t.card_choices()
    assert parsed == []
    text = str(t.choices()[0].action) if t.choices() else str(next(c.action for c in t.card_choices() if c.legal))
    t.act(text)
    assert parsed == [text]


def test_hint_and_why_after_the_dealer_discards_the_upcard() -> None:
    """R3.2's option at the table: after the learner, dealing, discards the upcard, the Hint says
    why the coach has nothing to suggest, and Why? gives the rules' words (no error)."""
    t = Table(Rules(dealer_may_discard_upcard=True), humans="S", seed=0, dealer="S")
    t.run_bots()
    t.act("order up")
    t.run_bots()
    t.act(f"discard {t.hand.upcard}")
    t.run_bots()
    w = TableWidget(t, delay=0)
    w.hint_button.click()
    assert "No hint here: the dealer discarded the upcard" in html.unescape(w.message.value)
    w.why_button.click()
    assert "el-why" in w.message.value


def test_the_hint_answers_first_then_settles_on_the_judgement_every_voice_reads() -> None:
    import html

    import euchre_learn as el

    w = TableWidget(Table(humans="S", seed=1, dealer="N"), delay=0)
    first = w.table.hint(odds=True, first=True)
    w.show_hint()
    w.wait_hint()
    settled = w.table.hint(odds=True)
    shown = html.unescape(w.message.value)
    assert settled.judgement is not None and first.judgement is not None
    assert first.judgement.worlds <= settled.judgement.worlds
    assert f"Played out in {settled.judgement.worlds} deals" in shown
    # the review of the suggestion, asked as a learner would, reads the same numbers: 'best'
    d = el.review_decision(w.table.hand, settled.action, score=(0, 0))
    assert d.grade == "best" and d.worlds == settled.judgement.worlds
    assert [o.expected_points for o in d.options] == [o.table_points for o in settled.judgement.options]
