"""Scoring a hand (RULES.md §7): every cell of the table, super euchre, lone defenders,
and the same outcomes reached through whole hands played by the engine."""

from __future__ import annotations

import random

import pytest

from euchre_learn import Hand, HandScore, Rules, Seat, Team, score_hand

# RULES.md R7.1, cell by cell: (maker tricks, alone) -> (makers, defenders, outcome)
TABLE = {
    (0, False): (0, 2, "euchred"),
    (1, False): (0, 2, "euchred"),
    (2, False): (0, 2, "euchred"),
    (3, False): (1, 0, "made"),
    (4, False): (1, 0, "made"),
    (5, False): (2, 0, "march"),
    (0, True): (0, 2, "euchred"),
    (1, True): (0, 2, "euchred"),
    (2, True): (0, 2, "euchred"),
    (3, True): (1, 0, "made"),
    (4, True): (1, 0, "made"),
    (5, True): (4, 0, "march"),
}


@pytest.mark.parametrize(("tricks", "alone"), TABLE)
def test_every_cell_of_the_table(tricks: int, alone: bool) -> None:
    assert score_hand(tricks, alone=alone) == HandScore(*TABLE[tricks, alone])  # type: ignore[arg-type]
    assert score_hand(tricks, alone=alone, rules=Rules()) == score_hand(tricks, alone=alone)


@pytest.mark.parametrize("alone", [False, True])
def test_super_euchre(alone: bool) -> None:
    # R7.2: makers who take no trick give the defenders 4; one or two tricks is the usual 2.
    rules = Rules(super_euchre=True)
    assert score_hand(0, alone=alone, rules=rules) == HandScore(0, 4, "super euchre")
    assert score_hand(1, alone=alone, rules=rules) == HandScore(0, 2, "euchred")
    assert score_hand(2, alone=alone, rules=rules) == HandScore(0, 2, "euchred")
    for tricks in (3, 4, 5):
        assert score_hand(tricks, alone=alone, rules=rules) == HandScore(*TABLE[tricks, alone])  # type: ignore[arg-type]


# A lone defender takes 5 - maker tricks. R7.3: 3 or 4 tricks scores points[0], all 5 points[1].
LONE = {
    (4, 4): {0: (0, 4, "euchred"), 1: (0, 4, "euchred"), 2: (0, 4, "euchred")},
    (1, 4): {0: (0, 4, "euchred"), 1: (0, 1, "euchred"), 2: (0, 1, "euchred")},
}


@pytest.mark.parametrize("points", list(LONE))
@pytest.mark.parametrize("tricks", range(6))
def test_lone_defender(points: tuple[int, int], tricks: int) -> None:
    rules = Rules(defend_alone=True, lone_defender_points=points)
    expected = LONE[points].get(tricks, TABLE[tricks, True])  # the makers' cells do not change
    assert score_hand(tricks, alone=True, lone_defender=True, rules=rules) == HandScore(*expected)  # type: ignore[arg-type]
    # without a lone defender (both defenders played), the usual table
    assert score_hand(tricks, alone=True, rules=rules) == HandScore(*TABLE[tricks, True])  # type: ignore[arg-type]


def test_the_larger_of_lone_defender_points_and_super_euchre() -> None:
    # R7.4: a lone defender's points replace the 2; with no maker trick super euchre's 4 still
    # applies, and the defenders take the larger.
    def score(tricks: int, points: tuple[int, int]) -> HandScore:
        rules = Rules(defend_alone=True, lone_defender_points=points, super_euchre=True)
        return score_hand(tricks, alone=True, lone_defender=True, rules=rules)

    assert score(0, (1, 2)) == HandScore(0, 4, "super euchre")  # 4 > 2
    assert score(0, (1, 4)) == HandScore(0, 4, "super euchre")  # equal
    assert score(0, (4, 6)) == HandScore(0, 6, "super euchre")  # 6 > 4
    assert score(1, (1, 2)) == HandScore(0, 1, "euchred")  # super euchre needs no maker trick
    assert score(2, (4, 6)) == HandScore(0, 4, "euchred")
    assert score(3, (4, 6)) == HandScore(1, 0, "made")


def test_only_one_side_scores() -> None:
    for tricks in range(6):
        for alone in (False, True):
            for rules in (Rules(), Rules(super_euchre=True)):
                result = score_hand(tricks, alone=alone, rules=rules)
                assert (result.makers == 0) != (result.defenders == 0)


@pytest.mark.parametrize("tricks", [-1, 6, 2.0, "3", None, True])
def test_bad_trick_counts(tricks: object) -> None:
    with pytest.raises(ValueError, match="maker_tricks must be a whole number from 0 to 5"):
        score_hand(tricks)  # type: ignore[arg-type]


def test_a_lone_defender_needs_a_loner_and_the_option() -> None:
    with pytest.raises(ValueError, match="needs alone=True"):
        score_hand(2, lone_defender=True, rules=Rules(defend_alone=True))
    with pytest.raises(ValueError, match="defend_alone=True"):
        score_hand(2, alone=True, lone_defender=True)


# ---- the same outcomes through whole hands ----------------------------------------------------


def expected_points(tricks: int, alone: bool, lone: bool, rules: Rules) -> tuple[int, int]:
    """(makers, defenders) from the tables above, without asking score_hand."""
    makers, defenders, _ = TABLE[tricks, alone]
    if lone and tricks < 3:
        makers, defenders, _ = LONE[rules.lone_defender_points][tricks]
    if rules.super_euchre and tricks == 0:
        defenders = max(defenders, 4)
    return makers, defenders


def play_randomly(hand: Hand, rng: random.Random, *, alone: bool, lone: bool) -> Hand:
    """Eldest makes the upcard's suit trump (alone or not), the first defender asked defends
    alone if ``lone``; the rest is random legal play."""
    hand = hand.apply("order up alone" if alone else "order up")
    while not hand.is_over:
        legal = hand.legal_actions()
        if "defend alone" in legal:
            hand = hand.apply("defend alone" if lone else "pass")
        else:
            hand = hand.apply(rng.choice(legal))
    return hand


CONFIGS = [
    (Rules(), False, False),
    (Rules(), True, False),
    (Rules(super_euchre=True), False, False),
    (Rules(super_euchre=True), True, False),
    (Rules(defend_alone=True), True, True),
    (Rules.preset("seed-000"), True, True),
    (Rules(defend_alone=True, lone_defender_points=(1, 4), super_euchre=True), True, True),
]


@pytest.mark.parametrize(("rules", "alone", "lone"), CONFIGS)
def test_whole_hands_reach_every_cell(rules: Rules, alone: bool, lone: bool) -> None:
    rng = random.Random(11)
    seen: set[int] = set()
    for seed in range(4000):
        hand = play_randomly(Hand.deal(Seat(seed % 4), rules, seed=seed), rng, alone=alone, lone=lone)
        assert hand.maker == hand.dealer.left and hand.alone is alone
        assert (hand.lone_defender is not None) is lone
        makers = hand.maker.team
        tricks = hand.tricks_won[makers]
        assert tricks == sum(t.winner.team is makers for t in hand.tricks)
        assert hand.tricks_won[makers] + hand.tricks_won[makers.other] == 5
        mine, theirs = expected_points(tricks, alone, lone, rules)
        assert hand.score is not None
        assert (hand.score.makers, hand.score.defenders) == (mine, theirs)
        assert hand.points == {makers: mine, makers.other: theirs}
        assert hand.score == score_hand(tricks, alone=alone, lone_defender=lone, rules=rules)
        seen.add(tricks)
        if len(seen) == 6:
            break
    assert seen == set(range(6)), f"random play never reached {set(range(6)) - seen} maker tricks"


def test_a_march_alone_by_hand() -> None:
    # North (eldest, dealer W) holds the five best hearts and orders up alone: five tricks, 4 points.
    hand = Hand.from_cards(
        "W",
        {"N": "J♥ J♦ A♥ K♥ Q♥", "E": "9♣ 10♣ J♣ Q♣ K♣", "S": "A♣ 9♦ 10♦ Q♦ K♦", "W": "A♦ 9♠ 10♠ J♠ Q♠"},
        upcard="9♥",
    )
    hand = hand.apply("order up alone").apply("discard 9♠")
    while not hand.is_over:
        hand = hand.apply(hand.legal_actions()[0])
    assert hand.tricks_won == {Team.NS: 5, Team.EW: 0}
    assert hand.score == HandScore(4, 0, "march")
    assert hand.points == {Team.NS: 4, Team.EW: 0}


def test_a_super_euchre_by_hand() -> None:
    # East (dealer N) orders up clubs holding no trump at all. North takes up the 9♣ and
    # discards the Q♣, keeping five trumps and nothing else: every trick East-West could win,
    # North trumps, and East-West hold no trump to beat it. East-West take no trick: 4 points.
    holdings = {"N": "J♣ J♠ A♣ K♣ Q♣", "E": "9♦ 10♦ Q♦ K♦ A♦", "S": "10♣ A♠ K♠ Q♠ 10♠", "W": "9♥ 10♥ Q♥ K♥ A♥"}
    hand = Hand.from_cards("N", holdings, upcard="9♣", rules="super-euchre")
    hand = hand.apply("order up").apply("discard Q♣")
    while not hand.is_over:
        hand = hand.apply(hand.legal_actions()[-1])
    assert hand.tricks_won[Team.EW] == 0
    assert hand.score == HandScore(0, 4, "super euchre")
    assert hand.points == {Team.NS: 4, Team.EW: 0}
