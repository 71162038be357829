"""Rendering: the markup is checked with plain substring assertions, the chess.svg way.

What a learner must be able to see is asserted on the markup: each card shown (its text,
its name and its suit's name: colour is never the only cue), the dealer, trump with its
name, maker and loner, who sits out, whose turn, tricks won, card backs for hidden hands
(which must not give the cards away), the four-colour deck, the scoreboard (R8.2, R8.3),
and a plain-text version of each. The sweep at the end renders random hands from every
preset at every step of every phase.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest

import euchre_learn as el
from euchre_learn import Card, Game, Hand, Phase, Rules, Seat, Suit, Team, Trick, cards, deck, render

SPLIT = {
    "N": "9♠ 10♠ J♥ Q♦ A♣",
    "E": "J♦ A♦ K♣ 9♥ 10♥",
    "S": "Q♠ K♠ A♠ 9♣ 10♣",
    "W": "J♠ J♣ Q♣ K♦ 10♦",
}


@pytest.fixture(autouse=True)
def _two_colour() -> Iterator[None]:
    """Every test starts from, and leaves, the default deck style."""
    render.options.four_color = False
    yield
    render.options.four_color = False


def fixed_hand() -> Hand:
    return Hand.from_cards("S", SPLIT, upcard="A♥")


def markup(html: str) -> str:
    """The markup without its ``<style>`` block (whose selectors name every class)."""
    return re.sub(r"<style>.*?</style>", "", html, flags=re.S)


def seat_block(html: str, seat: Seat) -> str:
    """The markup of one seat's box (seats are emitted N, E, S, W, then the middle)."""
    start = html.index(f'<div class="el-seat el-seat-{seat.name}')
    ends = [html.find(f'<div class="el-seat el-seat-{s.name}', start + 1) for s in Seat]
    ends.append(html.find('<div class="el-mid"', start))
    end = min(e for e in ends if e > start)
    return html[start:end]


def middle(html: str) -> str:
    start = html.index('<div class="el-mid"')
    return html[start : html.index("</div>", html.index("el-caption", start))]


def text_version(html: str) -> str:
    return html[html.index("<pre>") : html.index("</pre>")]


def face_up(html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', html)


def random_walk(hand: Hand, rng: random.Random) -> Iterator[Hand]:
    yield hand
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_actions()))
        yield hand


def play_until(hand: Hand, rng: random.Random, done: object) -> Hand:
    assert callable(done)
    while not done(hand):
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


# --- cards ------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", list(deck()), ids=str)
def test_each_card_shows_its_text_name_and_suit_name(card: Card) -> None:
    html = render.card_html(card)
    assert card.suit is not None
    assert f'data-card="{card}"' in html
    assert f'aria-label="{card.name}"' in html  # 'jack of hearts'
    assert f'<span class="el-sn">{card.suit.plural}</span>' in html  # visible name: colour is never the only cue
    assert f"el-card el-{card.suit.plural}" in html
    assert f">{card.rank.text}<i>{card.suit.symbol}</i>" in html  # the corner index
    assert html.count("<style>") == 1


def test_benny_is_a_joker_or_the_two_of_spades() -> None:
    benny = Card.parse("Benny")
    joker = render.card_html(benny, rules=Rules.preset("uk"))
    assert "el-benny" in joker and "★" in joker and 'data-card="Benny"' in joker
    assert "the Benny (a joker" in joker
    deuce = render.card_html(benny, rules=Rules.preset("uk-deuce"))
    assert 'data-card="2♠ (Benny)"' in deuce and "2<i>♠</i>" in deuce and "the two of spades" in deuce
    assert render.card_text(benny, Rules.preset("uk-deuce")) == "2♠ (Benny)"
    assert render.card_text(benny) == "Benny"


def test_card_repr_html_goes_through_render() -> None:
    card = Card.parse("10♦")
    assert card._repr_html_() == render.card_html(card)
    held = cards("9♥ J♦")
    assert held._repr_html_() == render.holding_html(held)


def test_card_back_and_stack() -> None:
    html = render.back_html(4, style=False)
    assert html.count('el-back"') == 4 and "data-card" not in html
    assert 'aria-label="a face-down card"' in html
    assert render.back_html(0, style=False).count('el-back"') == 0
    with pytest.raises(ValueError, match="count must be a whole number"):
        render.back_html(-1)


# --- style, palette, options --------------------------------------------------------------------
def test_style_is_emitted_once_per_output_and_can_be_left_out() -> None:
    hand = fixed_hand()
    for html in (
        render.card_html(Card.parse("A♠")),
        render.holding_html(cards("A♠ K♠")),
        render.hand_html(hand),
        render.game_html(Game(seed=1, dealer="N")),  # the scoreboard and the hand inside it
        render.trick_html(Trick(Seat.N, cards("A♠"), (Seat.N,), None)),
    ):
        assert html.count("<style>") == 1, html[:200]
    assert "<style>" not in render.hand_html(hand, style=False)
    assert render.css().count("<style>") == 1 and ".el-card{" in render.css()


def test_no_external_assets_or_web_fonts() -> None:
    hand = fixed_hand()
    everything = render.css() + render.hand_html(hand) + render.game_html(Game(seed=2, dealer="E"))
    for banned in ("http", "url(", "@import", "@font-face", "<img", "<script", "<link"):
        assert banned not in everything


def test_theme_variables_have_fallbacks() -> None:
    css = render.css()
    variables = re.findall(r"var\((--jp-[a-z0-9-]+)([,)])", css)
    assert variables, "the CSS should follow JupyterLab's theme"
    assert all(sep == "," for _, sep in variables), "every JupyterLab variable needs a fallback outside JupyterLab"
    assert "--el-face:#fffef8" in css  # cards carry their own white face: readable on light and dark


def test_four_colour_deck_option() -> None:
    nine = Card.parse("9♣")
    assert "el-4c" not in markup(render.card_html(nine))
    assert "el-4c" in markup(render.card_html(nine, four_color=True))
    css = render.css()
    for suit, colour in (("clubs", "green"), ("diamonds", "blue")):
        assert f".el-4c .el-{suit}{{color:var(--el-{colour})}}" in css
    render.set_deck_style("four-color")
    assert render.options.four_color
    assert "el-4c" in markup(render.card_html(nine))
    assert "el-4c" in markup(render.hand_html(fixed_hand()))
    assert "el-4c" not in markup(render.card_html(nine, four_color=False))
    render.options.four_color = False
    assert "el-4c" not in markup(render.hand_html(fixed_hand()))
    render.set_deck_style("4-colour")
    assert render.options.four_color
    render.set_deck_style("two-color")
    assert not render.options.four_color
    with pytest.raises(ValueError, match="'two-color' or 'four-color'"):
        render.set_deck_style("rainbow")  # type: ignore[arg-type]


# --- holdings and tricks ------------------------------------------------------------------------
def test_holding_marks_legal_plays_and_says_so() -> None:
    held = cards("J♦ A♦ K♣ Q♠")
    legal = el.legal_plays(held, "hearts", led="9♥")  # RULES §11.1: only the left bower follows
    html = render.holding_html(held, legal=legal, style=False)
    assert html.count("el-legal") == len(legal) == 1
    assert html.count("el-notlegal") == len(held) - len(legal)
    assert "jack of diamonds, a legal play" in html
    assert "ace of diamonds, not a legal play" in html
    assert render.holding_text(held, legal=legal) == "[J♦] A♦ K♣ Q♠  (legal in brackets)"
    ringed = render.holding_html(held, highlight=cards("K♣"), style=False)
    assert ringed.count("el-hl") == 1 and "el-legal" not in ringed
    assert render.holding_text([]) == "—"


def test_finished_trick_marks_leader_and_winner() -> None:
    played = cards("K♦ A♦ J♦ 9♣")  # RULES §11.6: the left bower wins
    seats = (Seat.E, Seat.S, Seat.W, Seat.N)
    winner = seats[el.trick_winner(played, "hearts")]
    trick = Trick(Seat.E, played, seats, winner)
    html = markup(trick._repr_html_())
    for seat, card in zip(seats, played, strict=True):
        assert f'data-card="{card}"' in html
        assert f"{card.name}, played by {seat.word}" in html
    assert f"{Card.parse('K♦').name}, played by East, led" in html
    assert "jack of diamonds, played by West, wins the trick" in html
    assert html.count("el-won") == 1 and "el-slot el-slot-W el-won" in html
    assert render.trick_text(trick) == "E led K♦, S A♦, W J♦, N 9♣ → W wins"
    assert str(trick) == "E K♦, S A♦, W J♦, N 9♣ → W wins"


def test_trick_in_progress_shows_who_is_winning_with_trump() -> None:
    played = cards("Q♠ J♠ 10♠")  # RULES §11.5: J♠ is an ordinary spade with hearts trump
    seats = (Seat.N, Seat.E, Seat.S)
    trick = Trick(Seat.N, played, seats, None)
    winning = seats[el.trick_winner(played, Suit.HEARTS)]
    html = render.trick_html(trick, trump="hearts")
    assert f"played by {winning.word}, led, winning so far" in html
    assert "wins the trick" not in html
    assert "winning" not in render.trick_html(trick)  # no trump given: no claim
    assert render.trick_text(trick, trump="♥").endswith(f"→ {winning} winning so far")
    assert render.trick_text(Trick(Seat.W, cards(""), (), None)) == "W to lead"


def test_trick_pretty_is_its_text() -> None:
    class Printer:
        text_out = ""

        def text(self, s: str) -> None:
            self.text_out += s

    trick = Trick(Seat.S, cards("A♠ K♠"), (Seat.S, Seat.W), None)
    p = Printer()
    trick._repr_pretty_(p, False)
    assert p.text_out == render.trick_text(trick) == "S led A♠, W K♠"


# --- the table ----------------------------------------------------------------------------------
def test_table_marks_dealer_turn_and_upcard_in_round_one() -> None:
    hand = fixed_hand()
    html = markup(render.hand_html(hand))
    for seat in Seat:
        block = seat_block(html, seat)
        assert f'<span class="el-seat-name">{seat.word}</span>' in block
        assert ("el-b-dealer" in block) == (seat == hand.dealer)
        assert ("el-b-turn" in block) == (seat == hand.to_act)
        assert (" el-turn" in block) == (seat == hand.to_act)
        for card in hand.holding(seat):
            assert f'data-card="{card}"' in block and card.name in block
    mid = middle(html)
    assert f'data-card="{hand.upcard}"' in mid
    assert "♥ hearts proposed as trump (R3.1)" in mid
    assert "not yet made" in html
    assert "▶ West to bid" in html


def test_round_two_shows_the_turned_down_card_and_suit() -> None:
    hand = fixed_hand()
    for _ in range(4):
        hand = hand.apply("pass")
    assert hand.phase == Phase.ROUND_2 and hand.turned_down == Suit.HEARTS
    html = render.hand_html(hand)
    mid = middle(html)
    assert f'data-card="{hand.upcard}"' in mid and "el-turned" in mid
    assert "any suit but ♥ hearts (R4.1)" in mid
    assert '<dt>Turned down</dt><dd><span class="el-suit"><b class="el-hearts">♥</b> hearts</span>' in html
    assert "turned down: ♥ hearts may not be named" in render.hand_text(hand)
    log = html[html.index("el-p-log") :]
    assert log.count(": pass") == 4 and 'South: pass<br><span class="el-p-head">Round 2</span>' in log
    after = hand.apply("call ♠ alone")
    assert "West: call ♠ spades alone" in render.hand_html(after)


def test_trump_maker_and_discard_phase() -> None:
    hand = fixed_hand().apply("pass").apply("order up")  # North assists (R3.1)
    assert hand.phase == Phase.DISCARD
    html = markup(render.hand_html(hand, mark_legal=True))
    assert '<dt>Trump</dt><dd><span class="el-suit"><b class="el-hearts">♥</b> hearts</span>' in html
    assert "<dt>Maker</dt><dd>North</dd>" in html
    north, south = seat_block(html, Seat.N), seat_block(html, Seat.S)
    assert "el-b-maker" in north and ">maker<" in north
    assert "▶ to discard" in south
    # the upcard is in the dealer's hand, ringed and captioned; legal discards are raised
    assert f'data-card="{hand.upcard}"' in south and ">upcard<" in south
    discards = [a.card for a in hand.legal_actions()]
    assert south.count("el-legal") == len(discards) == 5
    assert south.count("el-notlegal") == 1  # the upcard may not be discarded (R3.2)
    assert "South took up A♥ and discards one card (R3.2)." in html
    assert "West: pass<br>North: assist</div>" in html  # the dealer's partner assists (R3.1)


def test_loner_partner_sits_out_face_down() -> None:
    hand = fixed_hand().apply("order up alone")  # West orders up alone: East sits out
    hand = hand.apply(hand.legal_actions()[0])  # the dealer's discard
    assert hand.phase == Phase.PLAY and hand.sitting_out == (Seat.E,)
    html = render.hand_html(hand, show=("N", "S", "W"))
    east, west = seat_block(html, Seat.E), seat_block(html, Seat.W)
    assert "sits out" in east and "el-out" in east
    assert east.count('el-back"') == 5 and "data-card" not in east
    assert "maker, alone" in west
    assert "<dt>Maker</dt><dd>West — alone</dd>" in html
    assert "▶ North to play" in html  # left of the loner leads (R6.1)
    for card in hand.holding("E"):
        assert str(card) not in text_version(html)


def test_mid_play_trick_tricks_won_and_legal_plays() -> None:
    rng = random.Random(7)
    hand = play_until(Hand.deal("N", seed=7), rng, lambda h: h.phase == Phase.PLAY and len(h.tricks) == 2)
    hand = hand.apply(rng.choice(hand.legal_actions()))
    trick = hand.current_trick
    assert trick is not None and len(trick.cards) == 1
    to_act = hand.to_act
    assert to_act is not None
    html = markup(render.hand_html(hand, show=to_act, mark_legal=True))
    mid = middle(html)
    assert f'data-card="{trick.cards[0]}"' in mid and "el-slot-" + trick.seats[0].name in mid
    assert f"Trick {len(hand.tricks) + 1}" in mid
    block = seat_block(html, to_act)
    legal = [a.card for a in hand.legal_actions()]
    assert block.count("el-legal") == len(legal)
    for card in legal:
        assert f"{card.name}, a legal play" in block
    for team, n in hand.tricks_won.items():
        assert f"<dt>{team.word}" in html
        assert f"{n} trick{'s' if n != 1 else ''}</dd>" in html


def test_last_trick_and_result_when_over() -> None:
    rng = random.Random(3)
    hand = play_until(Hand.deal("W", seed=3), rng, lambda h: h.is_over)
    html = render.hand_html(hand)
    if hand.thrown_in:
        assert "Thrown in" in html
        return
    last = hand.tricks[-1]
    assert last.winner is not None
    mid = middle(html)
    for card in last.cards:
        assert f'data-card="{card}"' in mid
    assert f"won by {last.winner.word}" in mid
    sc = hand.score
    assert sc is not None
    points = sc.makers or sc.defenders
    assert f"scores {points}" in html and "Result:" in text_version(html)


def test_hidden_hands_do_not_leak() -> None:
    rng = random.Random(11)
    for seed in range(40):
        hand = play_until(Hand.deal("E", seed=seed), rng, lambda h: h.discard is not None or h.is_over)
        if hand.discard is None:
            continue
        html = render.hand_html(hand, show="W")  # the dealer (E) is hidden: its discard is secret
        assert f'data-card="{hand.discard}"' not in html
        assert str(hand.discard) not in html.replace(f"{hand.upcard}", "")
        assert "East: discard (face down)" in html
        shown = render.hand_html(hand, show="E")
        assert f"East: discard {hand.discard}" in shown
        return
    pytest.fail("no seed gave a dealer's discard")


def test_names_are_shown_and_escaped() -> None:
    hand = fixed_hand()
    html = render.hand_html(hand, names={"S": "You", Seat.N: "<b>Ann</b>"})
    assert '<span class="el-seat-name">You</span>' in seat_block(html, Seat.S)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html and "<b>Ann</b>" not in html
    assert "S: 9♣ 10♣ Q♠ K♠ A♠  (You, dealer)" in render.hand_text(hand, names={"S": "You"})


def test_hand_repr_html_and_text() -> None:
    hand = fixed_hand()
    assert hand._repr_html_() == render.hand_html(hand)
    assert str(hand) == render.hand_text(hand)
    hidden = render.hand_text(hand, show=["S"])
    assert "N: ▮▮▮▮▮ (5 cards face down)" in hidden
    for seat in ("N", "E", "W"):
        for card in hand.holding(seat):
            assert str(card) not in hidden
    with pytest.raises(ValueError, match="not a seat"):
        render.hand_html(hand, show="X")


# --- the game -----------------------------------------------------------------------------------
def barn_game() -> Game:
    """A game with one side in the barn (R8.3), found by seeded random play."""
    for seed in range(200):
        rng = random.Random(seed)
        game = Game(seed=seed, dealer="N")
        while not game.in_the_barn and not game.is_over:
            game = game.apply(rng.choice(game.legal_actions()))
        if game.in_the_barn:
            return game
    raise AssertionError("no seed reached the barn")


def test_scoreboard_points_target_and_barn() -> None:
    game = barn_game()
    html = game._repr_html_()
    target = game.rules.points_to_win
    assert f"Game to {target} points" in html
    for team in Team:
        assert f'aria-label="{team.word}: {game.score[team]} of {target} points"' in html
        assert f'<span class="el-points">{game.score[team]}</span>' in html
    for team in game.in_the_barn:
        assert f"in the barn: {game.score[team]} of {target}" in html
    assert html.count("in the barn:") == len(game.in_the_barn) >= 1
    assert html.count("<tr><td>") == len(game.hands)
    assert 'class="el-table"' in html  # the hand in progress
    text = str(game)
    assert text == render.game_text(game) and "in the barn" in text
    assert "el-table" not in markup(render.game_html(game, show_hand=False))


def test_scoreboard_winner() -> None:
    rng = random.Random(5)
    game = Game(rules="short-game", seed=5, dealer="S")
    while not game.is_over:
        game = game.apply(rng.choice(game.legal_actions()))
    winner = game.winner
    assert winner is not None
    html = markup(render.game_html(game))
    assert html.count("★ winner") == 1
    assert f'<div class="el-team el-winner" role="group" aria-label="{winner.word}:' in html
    assert f"{winner.word} won" in html and "el-table" not in html  # no hand in progress
    assert f"{winner.word}: {game.score[winner]}  (winner)" in str(game)


def test_scoreboard_between_hands_names_the_finished_hand() -> None:
    """A table between hands still shows the hand just played: the head names it and its
    dealer (the score counting it), not the next deal the game has already made."""
    rng = random.Random(2)
    game = Game(seed=2, dealer="E")
    while len(game.hands) < 2:
        game = game.apply(rng.choice(game.legal_actions()))
    last = game.hands[-1]
    assert game.winner is None and game.hand.dealer != last.dealer  # the next hand is dealt (R2.3)
    now = markup(render.game_html(game, show_hand=True))
    between = markup(render.game_html(game, show_hand=True, finished_hand=True))
    assert f"Game to 10 points · hand 3 · dealer {game.hand.dealer.word}<" in now
    assert f"Game to 10 points · hand 2 over · dealer {last.dealer.word}<" in between
    assert f"<dt>Dealer</dt><dd>{last.dealer.word}</dd>" in between  # the board shows that hand too
    assert f"<dt>Dealer</dt><dd>{game.hand.dealer.word}</dd>" in now
    for team in Team:  # the score counts the finished hand either way
        label = f'aria-label="{team.word}: {game.score[team]} of 10 points"'
        assert label in now and label in between
    fresh = Game(seed=2, dealer="E")  # before any hand: nothing is finished
    assert render.game_html(fresh, finished_hand=True) == render.game_html(fresh)


def css_rule(selector: str) -> str:
    """The declarations of the CSS rule whose selector list holds ``selector``."""
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", render.css().removeprefix("<style>")):
        if selector in (s.strip() for s in re.split(r",(?![^()]*\))", selectors)):
            return body
    raise AssertionError(f"no CSS rule for {selector}")


def test_long_lines_of_the_table_wrap_and_are_never_cut() -> None:
    """JupyterLab styles every dl/dt/dd of an output (dl: width 100%, overflow hidden; dd 80%
    wide), which cut the panels' values off; the table undoes that. Sentences wrap rather
    than widen the table past its output, which never cuts the cards (min-width)."""
    reset = css_rule(".el-root .el-panel :is(dl,dt,dd)")
    for declaration in ("float:none", "width:auto", "overflow:visible"):
        assert declaration in reset
    table = css_rule(".el-table")
    assert "max-width:100%" in table and "min-width:min-content" in table
    note = css_rule(".el-note")  # "Makers: North-South, who need 3 (R7.1)" wraps within the panel
    assert "width:0" in note and "min-width:100%" in note
    for selector in (".el-note", ".el-log", ".el-caption", ".el-result", ".el-p-log"):
        assert "nowrap" not in css_rule(selector) and "ellipsis" not in css_rule(selector)
    assert "ellipsis" not in render.css()


def test_game_pretty_is_its_text() -> None:
    class Printer:
        text_out = ""

        def text(self, s: str) -> None:
            self.text_out += s

    game = Game(seed=3, dealer="W")
    p = Printer()
    game._repr_pretty_(p, False)
    assert p.text_out == render.game_text(game)
    assert p.text_out.splitlines()[0] == "Game to 10 points · hand 1 · dealer W"


# --- every preset, every phase ------------------------------------------------------------------
@pytest.mark.parametrize("preset", Rules.presets())
def test_random_hands_from_every_preset_show_every_card_shown(preset: str) -> None:
    """Many seeded random hands, rendered after every action, with a random set of seats face
    up: each card shown appears (its text and its name) in its seat's box; hidden seats show
    one card back per card and give nothing away; the text version agrees."""
    rules = Rules.preset(preset)
    rng = random.Random(f"render/{preset}")
    phases: set[Phase] = set()
    for seed in range(12):
        dealer = Seat(seed % 4)
        for hand in random_walk(Hand.deal(dealer, rules, seed=seed), rng):
            phases.add(hand.phase)
            shown = {s for s in Seat if rng.random() < 0.6}
            html = markup(render.hand_html(hand, show=shown, mark_legal=rng.random() < 0.5))
            text = text_version(html)
            public = {hand.upcard}
            trick = hand.current_trick
            if trick is not None:
                public |= set(trick.cards)
            if hand.tricks:
                public |= set(hand.tricks[-1].cards)
            for seat in Seat:
                block = seat_block(html, seat)
                held = hand.holding(seat)
                if seat in shown:
                    for card in held:
                        label = render.card_text(card, rules)
                        assert f'data-card="{label}"' in block
                        assert f'aria-label="{render.card_name(card, rules)}' in block
                        assert card.is_benny or f'<span class="el-sn">{card.suit.plural}</span>' in block  # type: ignore[union-attr]
                        assert label in text
                    assert block.count('el-back"') == 0
                else:
                    assert "data-card" not in block
                    assert block.count('el-back"') == len(held)
                    for card in held:
                        if card not in public:
                            assert f'data-card="{render.card_text(card, rules)}"' not in html
            if trick is not None:
                for card in trick.cards:
                    assert f'data-card="{render.card_text(card, rules)}"' in middle(html)
            if hand.trump is not None:
                assert f"{hand.trump.symbol}</b> {hand.trump.plural}</span>" in html
            assert html.count("el-b-dealer") == 1 and ("el-b-dealer" in seat_block(html, hand.dealer))
            assert html.count("el-b-turn") == (0 if hand.to_act is None else 1)
            for seat in hand.sitting_out:
                assert "sits out" in seat_block(html, seat)
    assert Phase.PLAY in phases and Phase.OVER in phases


def test_importing_the_package_stays_light() -> None:
    code = (
        "import sys, euchre_learn as el\n"
        "assert 'euchre_learn.display' not in sys.modules\n"
        "h = el.Hand.deal('N', seed=1)\n"
        "h._repr_html_(); el.Game(seed=1, dealer='N')._repr_html_()\n"
        "assert 'euchre_learn.display' in sys.modules\n"
        "assert 'ipywidgets' not in sys.modules and 'matplotlib' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


class _VisibleText(HTMLParser):
    """The text a browser shows when the CSS is stripped: ``hidden`` subtrees and the style
    block left out (what JupyterLab's sanitizer leaves of an untrusted output)."""

    VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "wbr"})

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0  # depth inside a hidden or style element

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            self.parts.append(" ")
            return
        if self.skip or tag == "style" or any(name == "hidden" and value == "hidden" for name, value in attrs):
            self.skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _VisibleText()
    parser.feed(html)
    return re.sub(r"\s+", " ", "".join(parser.parts))


def test_without_its_css_the_table_still_reads_as_text() -> None:
    hand = fixed_hand()
    text = visible_text(render.hand_html(hand, show=("S", "W"), text=False))
    assert "{" not in text  # no CSS shown as text
    for seat in ("S", "W"):
        assert Seat.parse(seat).word in text
        assert str(hand.holding(seat)) in text  # 'Q♠ K♠ A♠ 9♣ 10♣' once, in order, nothing doubled
    assert text.count("▮") == 10 + 3  # North's and East's cards, and the kitty
    for card in hand.holding("S"):
        assert text.count(str(card)) == 1
    assert "Upcard A♥" in text and "▶ West to bid" in text


def test_scale_option() -> None:
    card = Card.parse("A♠")
    assert "--el-scale" not in markup(render.card_html(card))
    render.options.scale = 0.8
    try:
        assert 'style="--el-scale:0.8"' in render.card_html(card)
        assert 'style="--el-scale:0.8"' in render.hand_html(fixed_hand())
        render.options.scale = 0
        with pytest.raises(ValueError, match=r"render scale must be a number from 0\.3 to 4"):
            render.card_html(card)
    finally:
        render.options.scale = 1.0
    with pytest.raises(ValueError, match="render scale"):
        render.RenderOptions(scale=9)
