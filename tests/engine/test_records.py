"""Hand records (API.md "Records"): replay, to_record, one complete hand per preset replayed
to a score worked out by hand, and RecordError for malformed records."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from euchre_learn import Hand, HandScore, IllegalActionError, RecordError, Rules, Seat, Team, replay
from euchre_learn.engine.records import positions

FORMAT = "euchre-learn/hand-1"

# ---- one complete hand per preset, played out by hand -------------------------------------------
# Each entry: the record, then (makers' team, the HandScore, points by team) worked out by hand.

# North deals, hearts (9♥) turned up. East holds J♥ J♦ A♥ A♣ A♠ and orders up; North takes the 9♥
# and discards the 9♠. East leads J♥, J♦ (the left bower: a trump), A♥ - South follows hearts,
# North's only trump falls on the first - then A♣ and A♠, the best cards of their suits.
# East-West take all five tricks with partners: a march, 2 points (R7.1).
STANDARD = {
    "format": FORMAT,
    "rules": "standard",
    "dealer": "N",
    "hands": {"N": "9♣ 10♣ Q♣ K♣ 9♠", "E": "J♥ J♦ A♥ A♣ A♠", "S": "10♥ Q♥ K♥ 9♦ 10♦", "W": "10♠ J♠ Q♠ K♠ A♦"},
    "upcard": "9♥",
    "kitty": "J♣ Q♦ K♦",
    "actions": [
        "E order up", "N discard 9♠",
        "E play J♥", "S play 10♥", "W play A♦", "N play 9♥",
        "E play J♦", "S play Q♥", "W play 10♠", "N play 9♣",
        "E play A♥", "S play K♥", "W play J♠", "N play 10♣",
        "E play A♣", "S play 9♦", "W play Q♠", "N play Q♣",
        "E play A♠", "S play 10♦", "W play K♠", "N play K♣",
    ],
    "title": "A march with partners",
}  # fmt: skip

# The same cards; everyone passes twice until the stuck dealer, North, must name a suit (R4.3)
# and calls clubs (the J♣ is in the kitty; West's J♠ is the left bower). Trick by trick:
# 1. E A♥, S 10♥, W 10♠, N trumps K♣: North.  2. N Q♣, E A♣, S 9♦, W J♠ (left bower): West.
# 3. W K♠, N 9♠, E A♠, S 10♦: East.  4. E J♥ (a plain heart now), S Q♥, W Q♠, N trumps 10♣: North.
# 5. N 9♣, E J♦, S K♥, W A♦: North. North-South made it with 3 tricks: 1 point.
STICK = {
    **STANDARD,
    "rules": "stick-the-dealer",
    "actions": [
        "E pass", "S pass", "W pass", "N pass",
        "E pass", "S pass", "W pass", "N call ♣",
        "E play A♥", "S play 10♥", "W play 10♠", "N play K♣",
        "N play Q♣", "E play A♣", "S play 9♦", "W play J♠",
        "W play K♠", "N play 9♠", "E play A♠", "S play 10♦",
        "E play J♥", "S play Q♥", "W play Q♠", "N play 10♣",
        "N play 9♣", "E play J♦", "S play K♥", "W play A♦",
    ],
}  # fmt: skip

# The same actions without stick the dealer: North is not forced but calls clubs all the same.
SHORT_GAME = {**STICK, "rules": "short-game"}

# North deals, 9♥ up. East orders up alone; North takes the 9♥, discards the 9♣; South, asked
# first (left of the loner), defends alone, so West and North sit out: tricks of 2, South leads.
# 1. S A♠, E 9♠: South.  2. S A♣, E Q♣: South.  3. S A♦, E trumps A♥: East.
# 4. E J♥, S K♥: East.  5. E K♣, S trumps J♦ (the left bower): South.
# The loner took 2: euchred by a lone defender with 3 tricks: seed 000 gives 1 point (R7.3).
LONE_DEFENDER = {
    "format": FORMAT,
    "rules": "seed-000",
    "dealer": "N",
    "hands": {"N": "9♣ 10♣ J♣ 9♦ 10♦", "E": "J♥ A♥ K♣ Q♣ 9♠", "S": "J♦ K♥ A♣ A♠ A♦", "W": "Q♦ K♦ 10♥ Q♥ 10♠"},
    "upcard": "9♥",
    "actions": [
        "E order up alone", "N discard 9♣", "S defend alone",
        "S play A♠", "E play 9♠",
        "S play A♣", "E play Q♣",
        "S play A♦", "E play A♥",
        "E play J♥", "S play K♥",
        "E play K♣", "S play J♦",
    ],
}  # fmt: skip

# The same hand with the default lone-defender points (4, 4): 4 points instead of 1 (R7.3).
DEFEND_ALONE = {**LONE_DEFENDER, "rules": "defend-alone"}

# UK rules, the Benny turned up: North (the dealer) names spades before looking (R3.5); all pass
# and North takes it up, so North holds the Benny, and discards the 9♦. East leads.
# 1. E A♦, S Q♦, W 10♦, N trumps A♠: North.  2. N Benny, E K♠, S 9♠, W Q♠: North.
# 3. N J♠, E K♥, S 10♠, W J♣ (left bower): North.  4. N 9♣, E A♣, S Q♣, W K♦: East.
# 5. E A♥, S K♣, W J♦, N 10♣: East. North-South made 3 tricks: 1 point.
UK = {
    "format": FORMAT,
    "rules": "uk",
    "dealer": "N",
    "hands": {"N": "J♠ A♠ 9♣ 10♣ 9♦", "E": "K♠ A♣ A♦ A♥ K♥", "S": "9♠ 10♠ Q♣ K♣ Q♦", "W": "J♣ Q♠ K♦ 10♦ J♦"},
    "upcard": "Benny",
    "kitty": "9♥ 10♥ J♥ Q♥",
    "actions": [
        "N name ♠", "E pass", "S pass", "W pass", "N take it up", "N discard 9♦",
        "E play A♦", "S play Q♦", "W play 10♦", "N play A♠",
        "N play Benny", "E play K♠", "S play 9♠", "W play Q♠",
        "N play J♠", "E play K♥", "S play 10♠", "W play J♣",
        "N play 9♣", "E play A♣", "S play Q♣", "W play K♦",
        "E play A♥", "S play K♣", "W play J♦", "N play 10♣",
    ],
}  # fmt: skip

# The Benny as the 2♠ (written '2♠' here), dealt to South. East deals, 9♦ up, all pass; South
# calls clubs in round 2 and leads. 1. S Benny, W A♣, N 9♣, E 9♥: South.
# 2. S J♣, W J♠ (left bower), N 10♣, E 10♥: South.  3. S A♥, W 10♦, N Q♠, E J♥: South.
# 4. S K♥, W Q♦, N K♠, E Q♥: South.  5. S 9♠, W K♦, N A♠, E A♦: North.
# North-South take all five with partners: a march, 2 points.
UK_DEUCE = {
    "format": FORMAT,
    "rules": "uk-deuce",
    "dealer": "E",
    "hands": {"N": "9♣ 10♣ A♠ K♠ Q♠", "E": "9♥ 10♥ Q♥ J♥ A♦", "S": "2♠ J♣ A♥ K♥ 9♠", "W": "J♠ A♣ 10♦ Q♦ K♦"},
    "upcard": "9♦",
    "actions": [
        "S pass", "W pass", "N pass", "E pass", "S call clubs",
        "S play 2♠", "W play A♣", "N play 9♣", "E play 9♥",
        "S play J♣", "W play J♠", "N play 10♣", "E play 10♥",
        "S play A♥", "W play 10♦", "N play Q♠", "E play J♥",
        "S play K♥", "W play Q♦", "N play K♠", "E play Q♥",
        "S play 9♠", "W play K♦", "N play A♠", "E play A♦",
    ],
}  # fmt: skip

# OpenSpiel's rules: South, the dealer's partner, assists alone and North (the dealer) still
# picks up and discards (dealer_picks_up_for_partner_loner), then sits out. The lead is left of
# the dealer: East. Tricks of 3, in the order E-S-W or S-W-E.
# 1. E A♣, S trumps K♥, W 9♣: South.  2.-5. South leads J♥, J♦, A♥, A♠ and nobody can beat them.
# A loner's march: 4 points.
OPENSPIEL = {
    "format": FORMAT,
    "rules": "openspiel",
    "dealer": "N",
    "hands": {"N": "Q♣ J♣ 9♦ 10♦ K♦", "E": "A♣ K♣ 9♠ 10♠ Q♦", "S": "J♥ J♦ A♥ K♥ A♠", "W": "9♣ 10♣ K♠ Q♠ A♦"},
    "upcard": "9♥",
    "actions": [
        "E pass", "S assist alone", "N discard 9♦",
        "E play A♣", "S play K♥", "W play 9♣",
        "S play J♥", "W play 10♣", "E play 9♠",
        "S play J♦", "W play Q♠", "E play 10♠",
        "S play A♥", "W play K♠", "E play Q♦",
        "S play A♠", "W play A♦", "E play K♣",
    ],
}  # fmt: skip

# Super euchre: East orders up hearts holding none; South holds the five best trumps and North
# the 9♥ (taken up) and 10♥. South trumps East's A♣ and then leads four trumps: East-West take
# no trick, so the defenders score 4 (R7.2).
SUPER_EUCHRE = {
    "format": FORMAT,
    "rules": "super-euchre",
    "dealer": "N",
    "hands": {"N": "10♥ 9♣ 10♣ 9♠ 10♠", "E": "A♣ K♣ A♠ K♠ Q♦", "S": "J♥ J♦ A♥ K♥ Q♥", "W": "Q♣ J♣ Q♠ J♠ K♦"},
    "upcard": "9♥",
    "actions": [
        "E order up", "N discard 9♣",
        "E play A♣", "S play Q♥", "W play Q♣", "N play 10♣",
        "S play J♥", "W play J♠", "N play 9♥", "E play K♠",
        "S play J♦", "W play Q♠", "N play 10♥", "E play A♠",
        "S play A♥", "W play J♣", "N play 9♠", "E play K♣",
        "S play K♥", "W play K♦", "N play 10♠", "E play Q♦",
    ],
}  # fmt: skip

# Railroad: East orders up alone; North takes up the 9♥ and discards; West (the partner) passes
# the J♦ face down, East takes it and discards the 9♦, holding J♥ J♦ A♥ K♥ A♣. South leads
# (left of the loner): S A♠, N 10♣, E trumps K♥; then East leads J♥, J♦, A♥ (North's 9♥ falls)
# and the A♣ over North's K♣. A loner's march: 4 points.
RAILROAD = {
    "format": FORMAT,
    "rules": "railroad",
    "dealer": "N",
    "hands": {"N": "9♣ 10♣ J♣ Q♣ K♣", "E": "J♥ A♥ K♥ A♣ 9♦", "S": "A♠ K♠ Q♠ A♦ K♦", "W": "J♦ Q♥ 9♠ 10♠ 10♦"},
    "upcard": "9♥",
    "actions": [
        "E order up alone", "N discard 9♣", "W give J♦", "E take", "E discard 9♦",
        "S play A♠", "N play 10♣", "E play K♥",
        "E play J♥", "S play K♦", "N play 9♥",
        "E play J♦", "S play Q♠", "N play J♣",
        "E play A♥", "S play K♠", "N play Q♣",
        "E play A♣", "S play A♦", "N play K♣",
    ],
}  # fmt: skip

# Canadian loner: South, the dealer's partner, must assist alone (R5.3); North sits out without
# picking up. West leads (left of the loner). 1. W A♠, E K♣, S 9♠: West.  2. W A♣, E A♦, S 9♣: West.
# 3. W J♦ (left bower), E 10♥, S J♥: South.  4. S A♥, W K♥, E Q♥: South.  5. S 9♦, W K♠, E K♦: East.
# The loner took 2: euchred, 2 points to East-West.
CANADIAN = {
    "format": FORMAT,
    "rules": "canadian-loner",
    "dealer": "N",
    "hands": {"N": "10♠ J♠ Q♠ 10♣ J♣", "E": "Q♥ 10♥ A♦ K♦ K♣", "S": "J♥ A♥ 9♠ 9♣ 9♦", "W": "J♦ K♥ A♠ K♠ A♣"},
    "upcard": "9♥",
    "actions": [
        "E pass", "S assist alone",
        "W play A♠", "E play K♣", "S play 9♠",
        "W play A♣", "E play A♦", "S play 9♣",
        "W play J♦", "E play 10♥", "S play J♥",
        "S play A♥", "W play K♥", "E play Q♥",
        "S play 9♦", "W play K♠", "E play K♦",
    ],
}  # fmt: skip

KNOWN: dict[str, tuple[dict[str, Any], Team, HandScore, dict[Team, int]]] = {
    "standard": (STANDARD, Team.EW, HandScore(2, 0, "march"), {Team.NS: 0, Team.EW: 2}),
    "stick-the-dealer": (STICK, Team.NS, HandScore(1, 0, "made"), {Team.NS: 1, Team.EW: 0}),
    "short-game": (SHORT_GAME, Team.NS, HandScore(1, 0, "made"), {Team.NS: 1, Team.EW: 0}),
    "seed-000": (LONE_DEFENDER, Team.EW, HandScore(0, 1, "euchred"), {Team.NS: 1, Team.EW: 0}),
    "defend-alone": (DEFEND_ALONE, Team.EW, HandScore(0, 4, "euchred"), {Team.NS: 4, Team.EW: 0}),
    "uk": (UK, Team.NS, HandScore(1, 0, "made"), {Team.NS: 1, Team.EW: 0}),
    "uk-deuce": (UK_DEUCE, Team.NS, HandScore(2, 0, "march"), {Team.NS: 2, Team.EW: 0}),
    "openspiel": (OPENSPIEL, Team.NS, HandScore(4, 0, "march"), {Team.NS: 4, Team.EW: 0}),
    "super-euchre": (SUPER_EUCHRE, Team.EW, HandScore(0, 4, "super euchre"), {Team.NS: 4, Team.EW: 0}),
    "railroad": (RAILROAD, Team.EW, HandScore(4, 0, "march"), {Team.NS: 0, Team.EW: 4}),
    "canadian-loner": (CANADIAN, Team.NS, HandScore(0, 2, "euchred"), {Team.NS: 0, Team.EW: 2}),
}


def test_every_preset_has_a_known_record() -> None:
    assert set(KNOWN) == set(Rules.presets())


@pytest.mark.parametrize("preset", list(KNOWN))
def test_known_record_replays_to_its_score(preset: str) -> None:
    record, makers, score, points = KNOWN[preset]
    assert record["rules"] == preset
    hand = replay(record)
    assert hand.rules == Rules.preset(preset)
    assert hand.is_over and not hand.thrown_in
    assert hand.maker is not None and hand.maker.team is makers
    assert len(hand.tricks) == 5
    assert hand.score == score
    assert hand.points == points
    # the same through a JSON string, and back out through to_record
    assert replay(json.dumps(record, ensure_ascii=False)) == hand
    assert replay(hand.to_record()) == hand


def test_known_records_tricks_by_hand() -> None:
    # A spot check of the tricks the comments above describe.
    winners = [t.winner for t in replay(STICK).tricks]
    assert winners == [Seat.N, Seat.W, Seat.E, Seat.N, Seat.N]
    assert [t.winner for t in replay(LONE_DEFENDER).tricks] == [Seat.S, Seat.S, Seat.E, Seat.E, Seat.S]
    assert [t.winner for t in replay(CANADIAN).tricks] == [Seat.W, Seat.W, Seat.S, Seat.S, Seat.E]
    assert [t.winner for t in replay(UK).tricks] == [Seat.N, Seat.N, Seat.N, Seat.E, Seat.E]
    assert [len(t.cards) for t in replay(OPENSPIEL).tricks] == [3] * 5
    assert [len(t.cards) for t in replay(DEFEND_ALONE).tricks] == [2] * 5


def test_a_thrown_in_record() -> None:
    record = {**STANDARD, "actions": ["E pass", "S pass", "W pass", "N pass"] * 2}
    hand = replay(record)
    assert hand.is_over and hand.thrown_in and hand.score is None
    assert hand.points == {Team.NS: 0, Team.EW: 0}


def test_a_partial_record_and_optional_fields() -> None:
    record = {k: v for k, v in STANDARD.items() if k not in ("format", "kitty", "title", "rules")}
    record["actions"] = ["E order up", "N discard 9♠", "E play J♥"]
    hand = replay(record)
    assert hand.rules == Rules() and hand.to_act is Seat.S and not hand.is_over
    assert hand.current_trick is not None and str(hand.current_trick.cards) == "J♥"


def test_rules_as_an_object_of_fields() -> None:
    record = {**LONE_DEFENDER, "rules": {"defend_alone": True, "lone_defender_points": [1, 4]}}
    assert replay(record).score == HandScore(0, 1, "euchred")
    custom = {**STANDARD, "rules": {"points_to_win": 7}}
    hand = replay(custom)
    assert hand.rules == Rules(points_to_win=7)
    assert hand.to_record()["rules"] == {"points_to_win": 7}
    assert replay(hand.to_record()) == hand


def test_api_example_with_passes_after_an_order_up_is_rejected() -> None:
    # API.md's example record goes on with "E pass", "S pass" after "N order up". RULES.md R3.1
    # decides: accepting ends round 1 at once, and the dealer must discard next (R3.2).
    record = {
        "dealer": "S",
        "hands": {"N": "9♠ 10♠ J♥ Q♦ A♣", "E": "J♦ A♦ K♣ 9♥ 10♥", "S": "Q♠ K♠ A♠ 9♣ 10♣", "W": "J♠ J♣ Q♣ K♦ 10♦"},
        "upcard": "A♥",
        "actions": ["W pass", "N order up", "E pass", "S pass", "S discard 9♣"],
    }
    with pytest.raises(RecordError, match=r"record\['actions'\]\[2\] is 'E pass', but it is South's turn"):
        replay(record)


# ---- round trips ----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", Rules.presets())
def test_round_trip_at_every_step(preset: str) -> None:
    rng = random.Random(preset)
    for seed in range(3):
        hand = Hand.deal(Seat(seed), preset, seed=seed)
        while True:
            record = hand.to_record()
            assert record["format"] == FORMAT and record["rules"] == preset
            assert json.loads(json.dumps(record)) == record  # JSON-ready
            again = replay(record)
            assert again == hand
            assert again.to_record() == record
            if hand.is_over:
                break
            hand = hand.apply(rng.choice(hand.legal_actions()))


def test_to_record_lists_the_deal_and_actions() -> None:
    hand = replay(STANDARD)
    record = hand.to_record()
    assert record["dealer"] == "N" and record["upcard"] == "9♥"
    assert {k: set(v.split()) for k, v in record["hands"].items()} == {
        k: set(v.split()) for k, v in STANDARD["hands"].items()
    }
    assert set(record["kitty"].split()) == set(STANDARD["kitty"].split())
    assert record["actions"] == STANDARD["actions"]


@pytest.mark.parametrize("preset", Rules.presets())
def test_positions_replay_a_hand_and_its_record_step_by_step(preset: str) -> None:
    """``positions`` (issue 31): the position before each action, the action and its index, from a
    finished hand or its record alike; each position applied to its action is the next one."""
    rng = random.Random(preset)
    hand = Hand.deal(Seat.E, preset, seed=11)
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    steps = list(positions(hand))
    assert steps == list(positions(hand.to_record()))
    assert [s.index for s in steps] == list(range(len(hand.history)))
    assert [(s.position.to_act, s.action) for s in steps] == list(hand.history)
    assert steps[0].position == replay(dict(hand.to_record(), actions=[]))
    for step, after in zip(steps, [*steps[1:], None], strict=True):
        assert step.position.history == hand.history[: step.index]
        assert step.position.apply(step.action) == (hand if after is None else after.position)


def test_positions_of_an_unfinished_hand_and_of_a_bad_record() -> None:
    start = replay(dict(STANDARD, actions=[]))
    assert list(positions(start)) == []
    steps = list(positions(start.apply("E pass").apply("S pass")))
    assert [(s.index, str(s.position.to_act), str(s.action)) for s in steps] == [(0, "E", "pass"), (1, "S", "pass")]
    with pytest.raises(RecordError, match=r"record\['dealer'\]"):
        list(positions(dict(STANDARD, dealer="X")))


def test_replay_from_a_path(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(RAILROAD, ensure_ascii=False), encoding="utf-8")
    assert replay(path) == replay(RAILROAD)
    assert replay(str(path)) == replay(RAILROAD)


def test_replay_does_not_change_the_record() -> None:
    record = copy.deepcopy(UK)
    replay(record)
    assert record == UK


# ---- errors -------------------------------------------------------------------------------------


def broken(**changes: Any) -> dict[str, Any]:
    record = copy.deepcopy(STANDARD)
    for key, value in changes.items():
        if value is None:
            del record[key]
        else:
            record[key] = value
    return record


def with_hands(**seats: str | None) -> dict[str, Any]:
    record = copy.deepcopy(STANDARD)
    for seat, cards_text in seats.items():
        if cards_text is None:
            del record["hands"][seat]
        else:
            record["hands"][seat] = cards_text
    return record


@pytest.mark.parametrize(
    ("record", "where"),
    [
        (with_hands(W=None), r"record\['hands'\] has no seat W"),
        (with_hands(E="J♥ J♦ A♥ A♣"), r"record\['hands'\]\['E'\] holds 4 cards"),
        (with_hands(E="J♥ J♦ A♥ A♣ A♠ 9♠"), r"record\['hands'\]\['E'\] holds 6 cards"),
        (with_hands(W="10♠ J♠ Q♠ K♠ A♠"), r"the A♠ is dealt twice: to record\['hands'\]\['E'\] and to record\['hands'\]\['W'\]"),
        (with_hands(W="10♠ J♠ Q♠ K♠ 1♦"), r"record\['hands'\]\['W'\]: '1♦' is not a card"),
        (with_hands(X="9♣"), r"record\['hands'\] has an unknown seat 'X'"),
        (with_hands(N=["9♣"]), r"record\['hands'\]\['N'\] is \['9♣'\]"),  # type: ignore[arg-type]
        (broken(upcard="J♥"), r"the J♥ is dealt twice: to record\['hands'\]\['E'\] and to record\['upcard'\]"),
        (broken(upcard="X"), r"record\['upcard'\]: 'X' is not a card"),
        (broken(upcard=None), r"record\['upcard'\] is missing"),
        (broken(kitty="J♣ Q♦"), r"record\['kitty'\] must hold the 3 cards left"),
        (broken(kitty="J♣ Q♦ K♠"), r"the K♠ is dealt twice: to record\['hands'\]\['W'\] and to record\['kitty'\]"),
        (broken(kitty=5), r"record\['kitty'\] is 5"),
        (broken(dealer="Q"), r"record\['dealer'\]: 'Q' is not a seat"),
        (broken(dealer=None), r"record\['dealer'\] is missing"),
        (broken(hands=None), r"record\['hands'\] is missing"),
        (broken(actions=None), r"record\['actions'\] is missing"),
        (broken(actions="E order up"), r"record\['actions'\] is 'E order up': expected a list"),
        (broken(format="euchre-learn/hand-2"), r"record\['format'\] is 'euchre-learn/hand-2': expected 'euchre-learn/hand-1'"),
        (broken(rules="chess"), r"record\['rules'\]: 'chess' is not a preset"),
        (broken(rules={"railroad": "yes"}), r"record\['rules'\]: Rules\.railroad must be True or False"),
        (broken(rules={"benny": "joker"}), r"record\['kitty'\] must hold the 4 cards left face down, not 3: missing Benny"),
        (with_hands(W="10♠ J♠ Q♠ K♠ Benny"), r"record\['hands'\]\['W'\] holds the Benny, which is not in this deck"),
        (broken(actions=["E order up", "N fold"]), r"record\['actions'\]\[1\]: 'fold' is not an action"),
        (broken(actions=["E order up", "N discard 1♠"]), r"record\['actions'\]\[1\]: 'discard 1♠' is not an action"),
        (broken(actions=["order up"]), r"record\['actions'\]\[0\] is 'order up': it must start with the seat"),
        (broken(actions=["W pass"]), r"record\['actions'\]\[0\] is 'W pass', but it is East's turn, not West's"),
        (broken(actions=["E order up", "S discard 9♠"]), r"record\['actions'\]\[1\] is 'S discard 9♠', but it is North's turn"),
        (broken(actions=["E pass", 3]), r"record\['actions'\]\[1\] is 3"),
        (broken(actions=[*STANDARD["actions"], "E play J♥"]), r"record\['actions'\]\[22\] is 'E play J♥', but the hand is already over after 22 actions"),
    ],
)  # fmt: skip
def test_malformed_records_name_the_place(record: dict[str, Any], where: str) -> None:
    with pytest.raises(RecordError, match=where):
        replay(record)


def test_bad_json_names_line_and_column() -> None:
    with pytest.raises(RecordError, match=r"the record is not valid JSON: Expecting .* at line 1, column \d+"):
        replay('{"dealer": "N",, }')
    with pytest.raises(RecordError, match="must be a JSON object"):
        replay("[1, 2]")


def test_a_json_list_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(RecordError, match=r"record file '.*list\.json' must be a JSON object"):
        replay(path)


def test_bad_path_names_it(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"
    with pytest.raises(RecordError, match=r"cannot read the record file '.*nowhere\.json'"):
        replay(missing)
    with pytest.raises(RecordError, match=r"cannot read the record file 'no-such-hand\.json'"):
        replay("no-such-hand.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match=r"record file '.*bad\.json' is not valid JSON"):
        replay(bad)


def test_a_record_that_is_neither_dict_text_nor_path() -> None:
    with pytest.raises(RecordError, match="expected a dict, a JSON string or a path"):
        replay(42)  # type: ignore[arg-type]


def test_an_illegal_action_carries_its_index() -> None:
    record = broken(actions=["E order up", "N discard 9♠", "E play J♥", "S play 9♦"])
    with pytest.raises(IllegalActionError) as err:
        replay(record)
    assert err.value.index == 3
    assert err.value.seat is Seat.S
    message = str(err.value)
    assert message.startswith("record['actions'][3] ('S play 9♦'): South may not play the 9♦.")
    assert "South must follow hearts, the suit led" in message


def test_an_illegal_bid_carries_its_index() -> None:
    record = broken(actions=["E pass", "S pass", "W pass", "N pass", "E call ♥"])
    with pytest.raises(IllegalActionError) as err:
        replay(record)
    assert err.value.index == 4
    assert "turned down" in str(err.value)


def test_errors_are_value_errors() -> None:
    assert issubclass(RecordError, ValueError)
    assert issubclass(IllegalActionError, ValueError)
