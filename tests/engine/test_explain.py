"""Explanations (euchre_learn.engine.explain): every sentence agrees with the engine's ruling and
cites rule ids that exist in docs/rules.md. RULES.md §11's edge cases are spelled out."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from euchre_learn import (
    Card,
    Game,
    Hand,
    Phase,
    Rules,
    Seat,
    Suit,
    Team,
    cards,
    deck,
    effective_suit,
    is_trump,
    left_bower,
    legal_plays,
    right_bower,
    score_hand,
    trick_winner,
)
from euchre_learn.engine.explain import (
    bidding_options,
    card_reason,
    game_reason,
    leader_reason,
    make_word,
    play_reasons,
    score_reason,
    trick_card_reasons,
    trick_reason,
)

RULE_IDS = set(re.findall(r'id="(R\d+\.\d+)"', (Path(__file__).parents[2] / "docs" / "rules.md").read_text()))
CITED = re.compile(r"R\d+\.\d+")


def cites_known_rules(text: str) -> bool:
    found = CITED.findall(text)
    return bool(found) and set(found) <= RULE_IDS


def test_rule_book_has_ids():
    assert {"R1.3", "R6.2", "R7.4", "R8.3"} <= RULE_IDS


# ---- RULES.md §11 (hearts trump) --------------------------------------------------------


def test_edge_1_left_bower_must_follow_trump():
    reasons = play_reasons(cards("J♦ A♦ K♣"), "hearts", led="9♥")
    j, a, k = cards("J♦ A♦ K♣")
    assert "may be played" in reasons[j] and "left bower" in reasons[j] and "R6.2" in reasons[j]
    for c in (a, k):
        assert "may not be played" in reasons[c] and "J♦" in reasons[c]


def test_edge_2_left_bower_cannot_follow_its_printed_suit():
    reasons = play_reasons(cards("A♦ J♦ 9♣"), "hearts", led="K♦")
    a, j, n = cards("A♦ J♦ 9♣")
    assert "may be played" in reasons[a]
    assert "may not be played" in reasons[j]
    assert "left bower" in reasons[j] and "cannot follow diamonds" in reasons[j]
    assert "may not be played" in reasons[n]


def test_edge_3_void_in_effective_suit_plays_anything():
    reasons = play_reasons(cards("J♦ 9♣ K♣"), "hearts", led="K♦")
    assert all("may be played" in r for r in reasons.values())
    assert "no diamonds" in reasons[Card.parse("9♣")]


def test_edge_4_left_bower_led_is_trump_led():
    reasons = play_reasons(cards("A♦ 9♥"), "hearts", led="J♦")
    assert "may not be played" in reasons[Card.parse("A♦")]
    assert "trump was led" in reasons[Card.parse("9♥")]


def test_edge_5_jack_of_other_colour_is_ordinary():
    text = trick_reason(cards("Q♠ J♠ 10♠ A♦"), "WNES", "hearts")
    assert text.startswith("West's Q♠ wins the trick")
    assert "ordinary spade" in text and "A♦ is thrown off" in text


def test_edge_6_left_bower_wins_a_diamond_trick():
    text = trick_reason(cards("K♦ A♦ J♦ 9♣"), "NESW", "hearts")
    assert text.startswith("South's J♦ wins the trick") and "left bower" in text
    reasons = trick_card_reasons(cards("K♦ A♦ J♦ 9♣"), None, "hearts")
    assert "a trump beats every card of the suit led" in reasons[Card.parse("A♦")]
    assert "thrown off" in reasons[Card.parse("9♣")]


# ---- agreement with the engine over random situations -----------------------------------


def _random_positions(n: int, seed: int = 0, preset: str = "standard"):
    rng = random.Random(seed)
    for i in range(n):
        hand = Hand.deal(Seat(i % 4), preset, seed=rng.getrandbits(32))
        while not hand.is_over:
            yield hand
            hand = hand.apply(rng.choice(hand.legal_actions()))
        yield hand


@pytest.mark.parametrize("preset", ["standard", "uk", "defend-alone"])
def test_play_reasons_agree_with_legal_plays(preset):
    seen = 0
    for hand in _random_positions(60, preset=preset):
        if hand.phase != Phase.PLAY:
            continue
        trick = hand.current_trick
        held = hand.holding(hand.to_act)
        led = trick.cards[0] if trick.cards else None
        legal = set(legal_plays(held, hand.trump, led))
        reasons = play_reasons(held, hand.trump, led)
        assert list(reasons) == list(held)
        for c, text in reasons.items():
            assert ("may be played" in text) == (c in legal), text
            assert text.startswith(f"The {c} ") and cites_known_rules(text)
        seen += 1
    assert seen > 500


@pytest.mark.parametrize("preset", ["standard", "uk", "seed-000"])
def test_trick_reasons_name_the_engines_winner(preset):
    n = 0
    for hand in _random_positions(80, seed=1, preset=preset):
        if not hand.is_over or hand.thrown_in:
            continue
        for tr in hand.tricks:
            win = trick_winner(tr.cards, hand.trump)
            text = trick_reason(tr.cards, tr.seats, hand.trump)
            assert text.startswith(f"{tr.seats[win].word}'s {tr.cards[win]} wins the trick"), text
            assert cites_known_rules(text)
            reasons = trick_card_reasons(tr.cards, tr.seats, hand.trump)
            led = effective_suit(tr.cards[0], hand.trump)
            for c, why in reasons.items():
                discard = effective_suit(c, hand.trump) not in (led, hand.trump)
                assert ("is thrown off" in why.split(".")[0]) == (discard and c != tr.cards[win]), why
            n += 1
    assert n > 200


def test_trick_reason_needs_one_seat_per_card():
    with pytest.raises(ValueError, match="one seat per card"):
        trick_reason(cards("9♥ A♥"), "N", "hearts")


@pytest.mark.parametrize("trump", list(Suit))
def test_card_reason_for_every_card(trump):
    for c in deck(Rules(benny="joker")):
        text = card_reason(c, trump)
        assert ("is the left bower" in text) == (c == left_bower(trump))
        assert ("is the right bower" in text) == (c == right_bower(trump))
        trumpy = "is a trump" in text or "bower" in text.split(":")[0] or "always trump" in text
        assert trumpy == is_trump(c, trump), text
        assert cites_known_rules(text)


# ---- bidding -----------------------------------------------------------------------------


def test_bidding_options_use_the_seats_word():
    hand = Hand.deal("N", seed=5)  # East is eldest
    words = []
    for _ in range(4):
        text = bidding_options(hand)
        seat = hand.to_act
        assert f"may {make_word(hand.dealer, seat)}" in text or "may take it up" in text
        words.append(make_word(hand.dealer, seat))
        hand = hand.apply("pass")
    assert words == ["order it up", "assist", "order it up", "take it up"]
    assert "R3.4" in text  # the dealer is told what happens if all four pass


def test_bidding_options_round_2_and_stick_the_dealer():
    hand = Hand.deal("N", "stick-the-dealer", seed=5)
    for _ in range(7):
        hand = hand.apply("pass")
    text = bidding_options(hand)
    td = hand.turned_down
    assert f"but not {td.plural}" in text and "may not pass" in text and "R4.3" in text
    plain = Hand.deal("N", seed=5)
    for _ in range(7):
        plain = plain.apply("pass")
    assert "thrown in (R4.2)" in bidding_options(plain)


def test_bidding_options_in_every_phase():
    found = {}
    for preset in ("standard", "uk", "railroad", "defend-alone", "canadian-loner", "openspiel"):
        for hand in _random_positions(60, seed=2, preset=preset):
            text = bidding_options(hand)
            assert (text and cites_known_rules(text)) or hand.phase == Phase.OVER, (hand.phase, text)
            found.setdefault(hand.phase, text)
    assert "R3.5" in found[Phase.BENNY]
    assert "R3.2" in found[Phase.DISCARD]
    assert "R5.4" in found[Phase.DEFEND]
    for ph in (Phase.RAILROAD_GIVE, Phase.RAILROAD_TAKE, Phase.RAILROAD_DISCARD):
        assert "R5.5" in found[ph]


def test_bidding_options_canadian_loner():
    hand = Hand.deal("N", "canadian-loner", seed=1).apply("pass")  # South, the dealer's partner
    text = bidding_options(hand)
    assert "only by going alone" in text and "R5.3" in text


# ---- scoring -----------------------------------------------------------------------------

RULE_SETS = [
    Rules(),
    Rules(super_euchre=True),
    Rules(defend_alone=True),
    Rules(defend_alone=True, lone_defender_points=(1, 4)),
    Rules(defend_alone=True, super_euchre=True, lone_defender_points=(1, 3)),
]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_score_reason_states_score_hands_points(rules):
    for tricks in range(6):
        for alone in (False, True):
            for lone in (False, True) if rules.defend_alone and alone else (False,):
                sc = score_hand(tricks, alone=alone, lone_defender=lone, rules=rules)
                text = score_reason(tricks, alone=alone, lone_defender=lone, rules=rules)
                points = sc.makers or sc.defenders
                assert re.search(rf"score[s]? {points} point", text), text
                assert ("euchred" in text) == (sc.outcome in ("euchred", "super euchre"))
                assert ("tricks, a march" in text) == (sc.outcome == "march")
                assert ("super euchre" in text) == (sc.outcome == "super euchre")
                assert cites_known_rules(text)


def test_score_reason_of_finished_hands():
    rng = random.Random(4)
    outcomes = set()
    for i in range(300):
        hand = Hand.deal(Seat(i % 4), "seed-000", seed=i)
        while not hand.is_over:
            legal = hand.legal_actions()
            alone = [a for a in legal if a.alone or str(a) == "defend alone"]
            hand = hand.apply(alone[0] if alone and rng.random() < 0.3 else rng.choice(legal))
        text = score_reason(hand)
        if hand.thrown_in:
            assert "thrown in" in text and "R4.2" in text
            continue
        pts = max(hand.points.values())
        assert f"{pts} point" in text and hand.maker.word in text
        if hand.lone_defender is not None:
            assert hand.lone_defender.word in text or hand.score.outcome in ("made", "march")
        outcomes.add(hand.score.outcome)
    assert outcomes >= {"made", "march", "euchred"}


def test_score_reason_needs_a_finished_hand():
    with pytest.raises(ValueError, match="finished hand"):
        score_reason(Hand.deal("N", seed=1))


# ---- who leads ---------------------------------------------------------------------------

LEAD_RULES = [
    Rules(),
    Rules(loner_lead="left_of_dealer"),
    Rules(defend_alone=True),
    Rules(defend_alone=True, loner_lead="left_of_dealer"),
]


@pytest.mark.parametrize("rules", LEAD_RULES)
def test_leader_reason_names_the_engines_leader(rules):
    rng = random.Random(9)
    kinds = set()
    for i in range(250):
        hand = Hand.deal(Seat(i % 4), rules, seed=i)
        while hand.phase not in (Phase.PLAY, Phase.OVER):
            legal = hand.legal_actions()
            pref = [a for a in legal if a.alone or str(a) == "defend alone"]
            hand = hand.apply(pref[0] if pref and rng.random() < 0.5 else rng.choice(legal))
        if hand.phase != Phase.PLAY:
            continue
        text = leader_reason(hand)
        assert text.startswith(f"{hand.to_act.word} leads the first trick"), text
        assert cites_known_rules(text)
        if hand.alone:
            assert "going alone" in text
        if "sits out" in text:
            kinds.add("skip")
        kinds.add(hand.alone)
    assert {True, False} <= kinds
    if rules.defend_alone or rules.loner_lead == "left_of_dealer":
        assert "skip" in kinds  # a seat that sits out is skipped, and the text says so


def test_leader_reason_before_play_is_an_error():
    with pytest.raises(ValueError, match="bidding is over"):
        leader_reason(Hand.deal("N", seed=1))


# ---- the game ----------------------------------------------------------------------------


def test_game_reason_agrees_with_game():
    rng = random.Random(3)
    game = Game(Rules(points_to_win=5), seed=3, dealer="N")
    seen = set()
    while True:
        text = game_reason(game)
        assert f"North-South {game.score[Team.NS]}, East-West {game.score[Team.EW]} in a game to 5" in text
        if game.winner is not None:
            assert f"{game.winner.word} reached 5 first" in text
            seen.add("won")
            break
        for team in game.in_the_barn:
            assert f"{team.word}" in text and "in the barn" in text
            seen.add("barn")
        if not game.in_the_barn:
            assert "nobody is in the barn" in text
        game = game.apply(rng.choice(game.legal_actions()))
    assert "won" in seen
