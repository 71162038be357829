"""Making hands and reading them (API.md "A hand"), and actions as text (Action, Actions)."""

from __future__ import annotations

import pytest

from euchre_learn import (
    Action,
    Actions,
    Card,
    Hand,
    InvalidCardError,
    Phase,
    Rules,
    Seat,
    Suit,
    Team,
    cards,
    deck,
)
from euchre_learn.engine import act
from euchre_learn.engine.cards import mask_to_cards

HOLDINGS = {"N": "9♠ 10♠ J♥ Q♦ A♣", "E": "J♦ A♦ K♣ 9♥ 10♥", "S": "Q♠ K♠ A♠ 9♣ 10♣", "W": "J♠ J♣ Q♣ K♦ 10♦"}


# ---- Hand.deal ------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", Rules.presets())
def test_deal_gives_five_each_an_upcard_and_the_rest_face_down(preset: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(5):
        hand = Hand.deal(Seat(seed % 4), preset, seed=seed)
        dealt = [c for s in Seat for c in hand.holding(s)]
        assert all(len(hand.holding(s)) == 5 for s in Seat)
        assert hand.dealt(Seat.N) == hand.holding(Seat.N)
        everything = [*dealt, hand.upcard, *hand.kitty]
        assert sorted(everything) == list(deck(rules))  # every card once (R2.2)
        assert len(hand.kitty) == (4 if rules.benny else 3)
        assert hand.rules == rules and hand.dealer is Seat(seed % 4)


def test_deal_is_seeded() -> None:
    assert Hand.deal("N", seed=7) == Hand.deal("N", seed=7)
    assert Hand.deal("N", seed=7).to_record() == Hand.deal(Seat.N, Rules(), seed=7).to_record()
    assert Hand.deal("N", seed=7) != Hand.deal("N", seed=8)
    assert Hand.deal("N", seed=7) != Hand.deal("E", seed=7)
    assert Hand.deal("N", seed="a string seed") == Hand.deal("N", seed="a string seed")


def test_deal_packets_do_not_change_what_is_legal() -> None:
    # R2.2: 3-2 or 2-3 packets deal different cards from the same shuffle, with the same rules.
    a = Hand.deal("N", Rules(deal_packets=(3, 2)), seed=1)
    b = Hand.deal("N", Rules(deal_packets=(2, 3)), seed=1)
    assert a.upcard == b.upcard and set(a.kitty) == set(b.kitty)
    assert [a.holding(s) for s in Seat] != [b.holding(s) for s in Seat]
    assert a.legal_actions() == b.legal_actions()


def test_deal_bad_arguments() -> None:
    with pytest.raises(ValueError, match="'X' is not a seat"):
        Hand.deal("X")
    with pytest.raises(ValueError, match="'nope' is not a preset"):
        Hand.deal("N", "nope")


# ---- Hand.from_cards ------------------------------------------------------------------------------


def test_from_cards_accepts_text_iterables_and_seat_objects() -> None:
    a = Hand.from_cards("S", HOLDINGS, upcard="A♥")
    b = Hand.from_cards(Seat.S, {Seat.parse(k): cards(v) for k, v in HOLDINGS.items()}, upcard=Card.parse("A♥"))
    c = Hand.from_cards("south", {k.lower(): v.split() for k, v in HOLDINGS.items()}, upcard="ah", kitty="9♦ Q♥ K♥")
    assert a == b == c
    assert set(a.kitty) == set(cards("9♦ Q♥ K♥"))
    assert a.holding("N") == tuple(sorted(cards("A♣ Q♦ J♥ 9♠ 10♠")))  # in deck order


@pytest.mark.parametrize(
    ("changes", "upcard", "kitty", "message"),
    [
        ({"N": "9♠ 10♠ J♥ Q♦"}, "A♥", None, "seat N must hold 5 cards, not 4"),
        ({"N": "9♠ 10♠ J♥ Q♦ A♣ 9♦"}, "A♥", None, "seat N must hold 5 cards, not 6"),
        ({"N": "9♠ 10♠ J♥ Q♦ A♦"}, "A♥", None, "the A♦ is dealt twice: to seat N and to seat E"),
        ({"N": "9♠ 10♠ J♥ Q♦ 1♦"}, "A♥", None, "seat N: '1♦' is not a card"),
        ({}, "A♠", None, "the A♠ is dealt twice: to seat S and to the upcard"),
        ({}, "X", None, "the upcard: 'X' is not a card"),
        ({}, "Benny", None, r"the upcard is the Benny, which is not in this deck: the Benny is only in play"),
        ({"W": "J♠ J♣ Q♣ K♦ joker"}, "A♥", None, "seat W holds the Benny, which is not in this deck"),
        ({}, "A♥", "9♦ Q♥", "the kitty must hold the 3 cards left face down, not 2: missing K♥"),
        ({}, "A♥", "9♦ Q♥ K♥ A♥", "the A♥ is dealt twice: to the upcard and to the kitty"),
        ({}, "A♥", "9♦ Q♥ Z", "the kitty: 'Z' is not a card"),
    ],
)
def test_from_cards_errors_explain_which(changes: dict[str, str], upcard: str, kitty: str | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Hand.from_cards("S", {**HOLDINGS, **changes}, upcard=upcard, kitty=kitty)


def test_from_cards_missing_or_doubled_seats() -> None:
    with pytest.raises(ValueError, match="missing W"):
        Hand.from_cards("S", {k: v for k, v in HOLDINGS.items() if k != "W"}, upcard="A♥")
    with pytest.raises(ValueError, match="holdings names seat N twice"):
        Hand.from_cards("S", {**HOLDINGS, "north": HOLDINGS["N"]}, upcard="A♥")
    with pytest.raises(ValueError, match="'X' is not a seat"):
        Hand.from_cards("S", {**HOLDINGS, "X": "9♦"}, upcard="A♥")


def test_invalid_card_errors_stay_invalid_card_errors() -> None:
    with pytest.raises(InvalidCardError):
        Hand.from_cards("S", {**HOLDINGS, "N": "9♠ 10♠ J♥ Q♦ 1♦"}, upcard="A♥")


# ---- reading a hand -----------------------------------------------------------------------------


def test_properties_at_the_start() -> None:
    hand = Hand.from_cards("S", HOLDINGS, upcard="A♥")
    assert hand.rules == Rules() and hand.dealer is Seat.S and hand.phase is Phase.ROUND_1
    assert hand.to_act is Seat.W and hand.upcard == Card.parse("A♥") and hand.proposed is Suit.HEARTS
    assert hand.turned_down is None and hand.trump is None and hand.maker is None
    assert hand.alone is False and hand.lone_defender is None and hand.sitting_out == ()
    assert hand.discard is None and hand.railroad_card is None
    assert hand.tricks == () and hand.current_trick is None
    assert hand.tricks_won == {Team.NS: 0, Team.EW: 0}
    assert not hand.is_over and not hand.thrown_in and hand.score is None
    assert hand.points == {Team.NS: 0, Team.EW: 0} and hand.history == ()


def test_legal_actions_print_as_a_learner_reads_them() -> None:
    hand = Hand.from_cards("S", HOLDINGS, upcard="A♥")
    legal = hand.legal_actions()
    assert isinstance(legal, Actions)
    assert repr(legal) == "(pass, order up, order up alone)"
    assert str(legal) == "pass, order up, order up alone"
    assert "order up" in legal and "order it up" in legal and "call ♠" not in legal and "nonsense" not in legal
    assert Action.parse("pass") in legal and len(legal) == 3
    assert hand.is_legal("pass") and not hand.is_legal("call ♠") and not hand.is_legal("nonsense")
    assert hand.explain_illegal("pass") == ""
    assert "round 1" in hand.explain_illegal("call ♠")


def test_repr_and_str() -> None:
    hand = Hand.from_cards("S", HOLDINGS, upcard="A♥")
    assert repr(hand) == "<Hand dealer=S bidding round 1, W to act>"
    assert "A♥" in str(hand)
    assert str(Phase.ROUND_1) == "bidding round 1"


def test_state_is_a_copy() -> None:
    hand = Hand.from_cards("S", HOLDINGS, upcard="A♥")
    state = hand.state
    state.apply(0)  # pass, on the copy
    assert hand.to_act is Seat.W and hand.history == ()
    assert hand.state is not hand.state


def test_the_core_is_shared_and_read_as_the_public_properties_read() -> None:
    """The public face of the core (issue 31): ``core`` is the hand's own state (not a copy, unlike
    ``state``), and ``history_ids`` and ``deal_masks`` say in integers what ``history`` and
    ``dealt`` say in cards, at every step of a hand into the play."""
    hand = Hand.from_cards("S", HOLDINGS, upcard="A♥")
    for text in ("pass", "order up", "discard 9♣", None, None, None, None):
        core = hand.core
        assert hand.core is core and hand.state is not core and hand.state.hands == core.hands
        assert Seat(core.to_act) is hand.to_act and core.phase == list(Phase).index(hand.phase)
        for seat in Seat:
            assert mask_to_cards(core.hands[seat]) == hand.holding(seat)
            assert mask_to_cards(hand.deal_masks[0][seat]) == hand.dealt(seat)
        assert Card(hand.deal_masks[1]) == hand.upcard and mask_to_cards(hand.deal_masks[2]) == hand.kitty
        assert tuple((Seat(s), Action(a)) for s, a in hand.history_ids) == hand.history
        hand = hand.apply(text if text is not None else hand.legal_actions()[0])
    assert len(hand.history_ids) == 7 and len(hand.core.tricks) == 1 and hand.core.trick == []


def test_hands_are_hashable_by_their_history() -> None:
    a = Hand.from_cards("S", HOLDINGS, upcard="A♥")
    assert len({a, a.apply("pass"), Hand.from_cards("S", HOLDINGS, upcard="A♥")}) == 2


# ---- actions as text ------------------------------------------------------------------------------


def test_every_action_round_trips_through_text() -> None:
    seen = set()
    for i in range(act.N_ACTIONS):
        action = Action(i)
        assert action.id == i
        assert Action.parse(str(action)) is action
        assert eval(repr(action), {"Action": Action}) is action
        seen.add(str(action))
    assert len(seen) == act.N_ACTIONS


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pass", "pass"),
        ("PASS", "pass"),
        ("order up", "order up"),
        ("order it up", "order up"),
        ("assist", "order up"),
        ("pick up", "order up"),
        ("take it up", "order up"),
        ("assist alone", "order up alone"),
        ("take it up alone", "order up alone"),
        ("call ♥", "call ♥"),
        ("call hearts", "call ♥"),
        ("Call  Heart", "call ♥"),
        ("call h alone", "call ♥ alone"),
        ("name spades", "name ♠"),
        ("discard 9c", "discard 9♣"),
        ("give as", "give A♠"),
        ("take", "take"),
        ("decline", "decline"),
        ("defend alone", "defend alone"),
        ("play js", "play J♠"),
        ("Play 10H", "play 10♥"),
        ("play Benny", "play Benny"),
    ],
)
def test_action_parse_spellings(text: str, expected: str) -> None:
    assert str(Action.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "fold", "call", "call purple", "name ♠ alone", "discard 9♣ alone", "play", 3])
def test_action_parse_bad_text(text: object) -> None:
    with pytest.raises(ValueError, match="is not an action"):
        Action.parse(text)  # type: ignore[arg-type]


def test_action_properties() -> None:
    call = Action.parse("call ♥ alone")
    assert (call.kind, call.alone, call.suit, call.card) == ("call", True, Suit.HEARTS, None)
    play = Action.parse("play J♦")
    assert (play.kind, play.alone, play.suit, play.card) == ("play", False, None, Card.parse("J♦"))
    assert Action.parse("order up alone").kind == "order up" and Action.parse("order up alone").alone
    assert Action.parse("give 9♣").card == Card.parse("9♣") and Action.parse("discard 9♣").kind == "discard"
    assert Action.parse("name ♣").suit is Suit.CLUBS and Action.parse("name ♣").kind == "name"
    assert Action.parse("pass") < Action.parse("order up")
    with pytest.raises(TypeError):
        _ = Action.parse("pass") < 1  # type: ignore[operator]


@pytest.mark.parametrize("bad", [-1, act.N_ACTIONS, 2.0, "0", None])
def test_action_from_a_bad_id(bad: object) -> None:
    with pytest.raises(ValueError, match="is not an action id"):
        Action(bad)  # type: ignore[arg-type]
