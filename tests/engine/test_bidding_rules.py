"""Bidding (RULES.md §3-5): round 1, the dealer's pick-up and discard, round 2, throw-in,
stick the dealer, the Benny turned up, the Canadian loner, a dealer's partner going alone,
railroad and defend alone.

Unless a test says otherwise South deals, so West is eldest, North is the dealer's partner
and East the other opponent:  bidding order W N E S.
"""

from __future__ import annotations

from typing import Any

import pytest

from euchre_learn import Action, Card, Cards, Hand, IllegalActionError, Phase, Rules, Seat, Suit, cards

HOLDINGS = {"N": "9♠ 10♠ J♥ Q♦ A♣", "E": "J♦ A♦ K♣ 9♥ 10♥", "S": "Q♠ K♠ A♠ 9♣ 10♣", "W": "J♠ J♣ Q♣ K♦ 10♦"}
KITTY = "9♦ Q♥ K♥"  # the three cards not dealt and not turned up


def new_hand(rules: Any = None, dealer: str = "S", upcard: str = "A♥", **changes: str) -> Hand:
    holdings = {**HOLDINGS, **changes}
    return Hand.from_cards(dealer, holdings, upcard=upcard, rules=rules)


def play(hand: Hand, *actions: str) -> Hand:
    for action in actions:
        hand = hand.apply(action)
    return hand


def legal(hand: Hand) -> list[str]:
    return [str(a) for a in hand.legal_actions()]


def illegal(hand: Hand, action: str) -> str:
    """The message of the IllegalActionError that ``action`` raises; the hand is unchanged."""
    before = hand.to_record()
    with pytest.raises(IllegalActionError) as err:
        hand.apply(action)
    assert hand.to_record() == before
    head = action.split()[0]
    # the error names the seat that tried: the seat written before the action, else the seat to act
    assert err.value.seat == (Seat.parse(head) if head in ("N", "E", "S", "W") else hand.to_act)
    return str(err.value)


# ---- round 1 ----------------------------------------------------------------------------------


def test_round_1_starts_left_of_the_dealer_and_goes_clockwise() -> None:
    hand = new_hand()
    assert hand.phase is Phase.ROUND_1
    assert hand.proposed is Suit.HEARTS and hand.trump is None and hand.maker is None
    order = []
    for _ in range(4):
        order.append(hand.to_act)
        assert legal(hand) == ["pass", "order up", "order up alone"]
        hand = hand.apply("pass")
    assert order == [Seat.W, Seat.N, Seat.E, Seat.S]
    assert hand.phase is Phase.ROUND_2


@pytest.mark.parametrize(
    ("passes", "seat", "word"),
    [(0, "West", "order it up"), (1, "North", "assist"), (2, "East", "order it up"), (3, "South", "take it up")],
)
def test_round_1_errors_use_the_seats_word(passes: int, seat: str, word: str) -> None:
    hand = play(new_hand(), *["pass"] * passes)
    message = illegal(hand, "call ♠")
    assert message.startswith(f"{seat} cannot")
    assert f"may {word} or pass" in message
    assert "R3.1" in message and "round 2" in message
    message = illegal(hand, "defend alone")
    assert f"{seat} may {word} (make ♥ hearts trump)" in message


@pytest.mark.parametrize(("passes", "word"), [(0, "order it up"), (1, "assist"), (2, "order it up"), (3, "take it up")])
def test_every_spelling_of_accepting_is_the_same_action(passes: int, word: str) -> None:
    hand = play(new_hand(), *["pass"] * passes)
    results = {hand.apply(text).to_record()["actions"][-1] for text in (word, "order up", "pick up", "take it up")}
    assert len(results) == 1
    alone = hand.apply(word + " alone")
    assert alone.alone and alone.maker == hand.to_act


@pytest.mark.parametrize("passes", range(4))
def test_accepting_ends_round_1_and_the_dealer_picks_up(passes: int) -> None:
    # R3.1: anyone accepting ends round 1 at once (the later seats are not asked); R3.2.
    hand = play(new_hand(), *["pass"] * passes)
    maker = hand.to_act
    hand = hand.apply("order up")
    assert hand.trump is Suit.HEARTS and hand.maker == maker and not hand.alone
    assert hand.phase is Phase.DISCARD and hand.to_act is Seat.S
    assert set(hand.holding("S")) == set(cards(HOLDINGS["S"] + " A♥"))
    # The dealer may discard any card but the upcard (R3.2).
    assert sorted(legal(hand)) == sorted(f"discard {c}" for c in cards(HOLDINGS["S"]))
    message = illegal(hand, "discard A♥")
    assert "South may not discard the A♥" in message and "R3.2" in message
    assert illegal(hand, "pass").startswith("South cannot 'pass' now: South (the dealer) has taken up the A♥")
    assert "does not hold the 9♦" in illegal(hand, "discard 9♦")
    # Other seats cannot act now; the seat prefix is checked.
    assert "it is South's turn" in illegal(hand, "W discard J♠")
    hand = hand.apply("discard 9♣")
    assert hand.discard == Card.parse("9♣")
    assert hand.holding("S") == cards("10♣ A♥ Q♠ K♠ A♠")
    assert all(Card.parse("9♣") not in hand.holding(s) for s in Seat)
    assert hand.phase is Phase.PLAY and hand.to_act is Seat.W  # R6.1: eldest leads
    assert hand.sitting_out == ()


def test_the_upcard_may_never_be_discarded_whoever_made_it() -> None:
    for passes in range(4):
        hand = play(new_hand(), *["pass"] * passes, "order up")
        assert "discard A♥" not in hand.legal_actions()
        assert len(hand.legal_actions()) == 5


def test_no_trump_is_needed_to_order_up() -> None:
    # R3.3: North holds J♥ but West holds no heart at all and may still order it up.
    hand = new_hand()
    assert not any(c.suit is Suit.HEARTS for c in hand.holding("W")) and hand.holding("W") != ()
    assert hand.apply("order up").maker is Seat.W


def test_the_dealer_takes_it_up() -> None:
    hand = play(new_hand(), "pass", "pass", "pass", "take it up")
    assert hand.maker is Seat.S and hand.phase is Phase.DISCARD and hand.to_act is Seat.S
    hand = hand.apply("discard 10♣")
    assert hand.history[-2] == (Seat.S, Action.parse("order up"))
    assert hand.to_record()["actions"][-2:] == ["S order up", "S discard 10♣"]


def test_the_dealer_takes_it_up_alone() -> None:
    hand = play(new_hand(), "pass", "pass", "pass", "take it up alone")
    assert hand.phase is Phase.DISCARD and hand.alone
    hand = hand.apply("discard 9♣")
    assert hand.sitting_out == (Seat.N,)
    assert hand.phase is Phase.PLAY and hand.to_act is Seat.W  # R6.1: left of the loner, South


def test_an_opponent_orders_up_alone_the_dealer_still_picks_up() -> None:
    hand = play(new_hand(), "order up alone")
    assert hand.phase is Phase.DISCARD and hand.to_act is Seat.S
    hand = hand.apply("discard 9♣")
    assert hand.sitting_out == (Seat.E,) and Card.parse("A♥") in hand.holding("S")
    assert hand.to_act is Seat.N


def test_seat_prefix_must_be_the_seat_to_act() -> None:
    hand = new_hand()
    assert hand.apply("W pass") == hand.apply("pass")
    message = illegal(hand, "N pass")
    assert message == "North cannot act now ('N pass'): it is West's turn, not North's."


# ---- round 2 ----------------------------------------------------------------------------------


def test_round_2_names_any_suit_but_the_turned_down_one() -> None:
    hand = play(new_hand(), *["pass"] * 4)
    assert hand.phase is Phase.ROUND_2 and hand.turned_down is Suit.HEARTS and hand.to_act is Seat.W
    # R3.4: the upcard is turned down; nobody picked it up.
    assert all(Card.parse("A♥") not in hand.holding(s) for s in Seat)
    expected = ["pass"] + [f"call {s}" for s in "♣♦♠"] + [f"call {s} alone" for s in "♣♦♠"]
    for seat in (Seat.W, Seat.N, Seat.E, Seat.S):
        assert hand.to_act is seat
        assert legal(hand) == expected
        for text in ("call ♥", "call hearts alone"):
            message = illegal(hand, text)
            assert "♥ hearts was turned down in round 1" in message and "R4.1" in message
            assert "may name ♣, ♦ or ♠, or pass" in message
        assert "round 2" in illegal(hand, "order up")
        if seat is not Seat.S:
            hand = hand.apply("pass")


@pytest.mark.parametrize("passes", range(4))
def test_calling_in_round_2_makes_trump_without_a_pick_up(passes: int) -> None:
    hand = play(new_hand(), *["pass"] * (4 + passes))
    maker = hand.to_act
    hand = hand.apply("call spades")
    assert hand.trump is Suit.SPADES and hand.maker == maker and not hand.alone
    assert hand.phase is Phase.PLAY and hand.to_act is Seat.W
    assert hand.discard is None
    for seat in Seat:
        assert hand.holding(seat) == Cards(sorted(cards(HOLDINGS[seat.name])))


def test_calling_alone_in_round_2() -> None:
    hand = play(new_hand(), *["pass"] * 5, "call ♣ alone")  # North calls clubs alone
    assert hand.maker is Seat.N and hand.alone and hand.sitting_out == (Seat.S,)
    assert hand.to_act is Seat.E


def test_throw_in() -> None:
    # R4.2: all four pass twice: no score; the hand is over.
    hand = play(new_hand(), *["pass"] * 8)
    assert hand.is_over and hand.thrown_in and hand.phase is Phase.OVER
    assert hand.to_act is None and hand.score is None and hand.trump is None
    assert hand.legal_actions() == ()
    assert sum(hand.points.values()) == 0
    message = illegal(hand, "pass")
    assert "thrown in (R4.2)" in message


# ---- stick the dealer ---------------------------------------------------------------------------


def test_stick_the_dealer_exact_legal_set() -> None:
    # RULES.md §11.7: seven passes, upcard 9♣: exactly call ♦, ♥, ♠, each also alone.
    hand = new_hand("stick-the-dealer", upcard="9♣", S="Q♠ K♠ A♠ A♥ 10♣")
    hand = play(hand, *["pass"] * 7)
    assert hand.to_act is Seat.S and hand.phase is Phase.ROUND_2
    assert set(hand.legal_actions()) == {
        Action.parse(t) for t in ("call ♦", "call ♥", "call ♠", "call ♦ alone", "call ♥ alone", "call ♠ alone")
    }
    assert len(hand.legal_actions()) == 6
    message = illegal(hand, "pass")
    assert "South cannot pass" in message and "R4.3" in message and "♦, ♥ or ♠" in message
    message = illegal(hand, "call ♣")
    assert "turned down" in message and "may not pass" in message
    assert hand.apply("call ♥").trump is Suit.HEARTS


def test_stick_the_dealer_lets_the_others_pass() -> None:
    hand = new_hand("stick-the-dealer", upcard="9♣", S="Q♠ K♠ A♠ A♥ 10♣")
    for _ in range(7):
        assert "pass" in hand.legal_actions()
        hand = hand.apply("pass")
    assert "pass" not in hand.legal_actions()


# ---- the Benny turned up (R3.5) ------------------------------------------------------------------


def benny_hand() -> Hand:
    return Hand.from_cards("S", HOLDINGS, upcard="Benny", rules="uk")


def test_benny_turned_up_the_dealer_names_the_suit_first() -> None:
    hand = benny_hand()
    assert hand.phase is Phase.BENNY and hand.to_act is Seat.S
    assert legal(hand) == ["name ♣", "name ♦", "name ♥", "name ♠"]
    assert set(hand.kitty) == set(cards("9♦ Q♥ K♥ A♥"))
    message = illegal(hand, "order up")
    assert "the dealer first names the suit" in message and "R3.5" in message
    hand = hand.apply("name spades")
    assert hand.phase is Phase.ROUND_1 and hand.proposed is Suit.SPADES and hand.to_act is Seat.W
    assert legal(hand) == ["pass", "order up", "order up alone"]


def test_benny_a_dealer_who_takes_it_up_takes_the_benny() -> None:
    hand = play(benny_hand(), "name ♣", "pass", "pass", "pass", "take it up")
    assert hand.trump is Suit.CLUBS
    assert Card.parse("Benny") in hand.holding("S")
    assert "discard Benny" not in hand.legal_actions()
    assert "may not discard the Benny" in illegal(hand, "discard Benny")
    hand = hand.apply("discard Q♠")
    assert Card.parse("Benny") in hand.holding("S") and len(hand.holding("S")) == 5


def test_benny_ordered_up_by_an_opponent() -> None:
    hand = play(benny_hand(), "name ♦", "order up")
    assert hand.trump is Suit.DIAMONDS and hand.maker is Seat.W and hand.to_act is Seat.S
    assert Card.parse("Benny") in hand.holding("S")


def test_benny_turned_down_blocks_the_named_suit_in_round_2() -> None:
    hand = play(benny_hand(), "name ♥", *["pass"] * 4)
    assert hand.turned_down is Suit.HEARTS
    assert "call ♥" not in hand.legal_actions() and "call ♠" in hand.legal_actions()
    assert all(Card.parse("Benny") not in hand.holding(s) for s in Seat)


# ---- the Canadian loner (R5.3) -------------------------------------------------------------------


def test_canadian_loner_dealers_partner_must_assist_alone() -> None:
    hand = new_hand("canadian-loner")
    assert legal(hand) == ["pass", "order up", "order up alone"]  # West: unaffected
    hand = hand.apply("pass")
    assert hand.to_act is Seat.N and legal(hand) == ["pass", "order up alone"]
    message = illegal(hand, "assist")
    assert "North cannot assist without going alone" in message and "R5.3" in message
    assert "'assist alone'" in message
    alone = hand.apply("assist alone")
    assert alone.alone and alone.maker is Seat.N and alone.sitting_out == (Seat.S,)
    hand = hand.apply("pass")
    assert legal(hand) == ["pass", "order up", "order up alone"]  # East and the dealer: unaffected
    hand = hand.apply("pass")
    assert legal(hand) == ["pass", "order up", "order up alone"]


def test_canadian_loner_does_not_bind_round_2() -> None:
    hand = play(new_hand("canadian-loner"), *["pass"] * 5)
    assert hand.to_act is Seat.N and "call ♠" in hand.legal_actions()
    assert not hand.apply("call ♠").alone


# ---- the dealer's partner goes alone (R5.2) ------------------------------------------------------


def test_dealers_partner_assists_alone_dealer_sits_out_and_does_not_pick_up() -> None:
    hand = play(new_hand(), "pass", "assist alone")
    assert hand.alone and hand.maker is Seat.N and hand.trump is Suit.HEARTS
    assert hand.sitting_out == (Seat.S,)
    assert hand.phase is Phase.PLAY  # no discard: the upcard is dead
    assert hand.discard is None
    assert hand.holding("S") == Cards(sorted(cards(HOLDINGS["S"])))
    assert all(Card.parse("A♥") not in hand.holding(s) for s in Seat)
    assert hand.to_act is Seat.E  # left of the loner


def test_option_dealer_picks_up_for_partner_loner() -> None:
    rules = Rules(dealer_picks_up_for_partner_loner=True)
    hand = play(new_hand(rules), "pass", "assist alone")
    assert hand.phase is Phase.DISCARD and hand.to_act is Seat.S
    assert Card.parse("A♥") in hand.holding("S")
    assert "discard A♥" not in hand.legal_actions()
    hand = hand.apply("discard Q♠")
    assert hand.sitting_out == (Seat.S,) and hand.phase is Phase.PLAY
    assert Card.parse("A♥") in hand.holding("S")  # the dealer's cards are laid aside, not played


def test_dealers_partner_calls_alone_in_round_2_no_pick_up_either_way() -> None:
    rules = Rules(dealer_picks_up_for_partner_loner=True)
    hand = play(new_hand(rules), *["pass"] * 5, "call ♠ alone")
    assert hand.phase is Phase.PLAY and hand.sitting_out == (Seat.S,) and hand.discard is None


# ---- railroad (R5.5) ---------------------------------------------------------------------------


def test_railroad_give_take_discard() -> None:
    hand = play(new_hand("railroad"), "order up alone")  # West alone; East is the partner
    assert hand.phase is Phase.DISCARD  # the dealer's discard comes first
    hand = hand.apply("discard 9♣")
    assert hand.phase is Phase.RAILROAD_GIVE and hand.to_act is Seat.E
    assert legal(hand) == [f"give {c}" for c in hand.holding("E")]
    message = illegal(hand, "pass")
    assert "East, the loner's partner, passes one card face down to West" in message and "R5.5" in message
    hand = hand.apply("give J♦")
    assert hand.railroad_card == Card.parse("J♦") and Card.parse("J♦") not in hand.holding("E")
    assert hand.phase is Phase.RAILROAD_TAKE and hand.to_act is Seat.W
    assert legal(hand) == ["take", "decline"]
    assert "takes the railroad card or declines it" in illegal(hand, "discard J♠")
    hand = hand.apply("take")
    assert hand.phase is Phase.RAILROAD_DISCARD and hand.to_act is Seat.W
    assert len(hand.holding("W")) == 6 and Card.parse("J♦") in hand.holding("W")
    assert sorted(legal(hand)) == sorted(f"discard {c}" for c in hand.holding("W"))
    assert "took the railroad card and now discards" in illegal(hand, "take")
    hand = hand.apply("discard 10♦")
    assert hand.holding("W") == cards("J♣ Q♣ J♦ K♦ J♠")
    assert hand.phase is Phase.PLAY and hand.to_act is Seat.N
    assert hand.to_record()["actions"] == ["W order up alone", "S discard 9♣", "E give J♦", "W take", "W discard 10♦"]


def test_railroad_decline() -> None:
    hand = play(new_hand("railroad"), *["pass"] * 4, "call ♠ alone", "give 9♥", "decline")
    assert hand.maker is Seat.W and hand.phase is Phase.PLAY and hand.to_act is Seat.N
    assert set(hand.holding("W")) == set(cards(HOLDINGS["W"]))
    assert hand.railroad_card == Card.parse("9♥")
    assert all(Card.parse("9♥") not in hand.holding(s) for s in Seat)  # set aside with East's cards
    assert hand.to_record()["actions"][-2:] == ["E give 9♥", "W decline"]


def test_railroad_only_for_a_loner() -> None:
    hand = play(new_hand("railroad"), *["pass"] * 4, "call ♠")
    assert hand.phase is Phase.PLAY


def test_railroad_when_the_dealers_partner_goes_alone_the_dealer_gives() -> None:
    hand = play(new_hand("railroad"), "pass", "assist alone")
    assert hand.phase is Phase.RAILROAD_GIVE and hand.to_act is Seat.S
    assert len(hand.legal_actions()) == 5  # the dealer did not pick up


# ---- defend alone (R5.4) ------------------------------------------------------------------------


def test_defend_alone_asks_clockwise_from_the_loners_left() -> None:
    hand = play(new_hand("defend-alone"), "order up alone", "discard 9♣")  # West alone
    assert hand.phase is Phase.DEFEND and hand.to_act is Seat.N
    assert legal(hand) == ["pass", "defend alone"]
    assert "R5.4" in illegal(hand, "play 9♠")
    passed = hand.apply("pass")
    assert passed.to_act is Seat.S and legal(passed) == ["pass", "defend alone"]
    both = passed.apply("pass")
    assert both.phase is Phase.PLAY and both.lone_defender is None and both.sitting_out == (Seat.E,)
    south = passed.apply("defend alone")
    assert south.lone_defender is Seat.S and south.sitting_out == (Seat.N, Seat.E)
    assert south.phase is Phase.PLAY


def test_defend_alone_first_to_declare_plays_alone() -> None:
    hand = play(new_hand("defend-alone"), "order up alone", "discard 9♣", "defend alone")
    assert hand.lone_defender is Seat.N and hand.sitting_out == (Seat.E, Seat.S)
    assert hand.phase is Phase.PLAY  # South is not asked


def test_defend_alone_only_against_a_loner() -> None:
    hand = play(new_hand("defend-alone"), "order up", "discard 9♣")
    assert hand.phase is Phase.PLAY and "defend alone" not in hand.legal_actions()
    hand = play(new_hand("defend-alone"), *["pass"] * 4, "call ♠")
    assert hand.phase is Phase.PLAY


def test_defend_alone_not_offered_without_the_option() -> None:
    hand = play(new_hand(), "order up alone", "discard 9♣")
    assert hand.phase is Phase.PLAY


def test_railroad_comes_before_defend_alone() -> None:
    rules = Rules(railroad=True, defend_alone=True)
    hand = play(new_hand(rules), "pass", "assist alone")  # North alone, dealer South gives
    assert hand.phase is Phase.RAILROAD_GIVE
    hand = play(hand, "give A♠", "take", "discard 9♠")
    assert hand.phase is Phase.DEFEND and hand.to_act is Seat.E
    hand = play(hand, "pass", "defend alone")
    assert hand.lone_defender is Seat.W and hand.sitting_out == (Seat.E, Seat.S)


def test_defend_alone_order_for_every_loner() -> None:
    for maker_passes in range(4):
        hand = play(new_hand("defend-alone"), *["pass"] * (4 + maker_passes), "call ♠ alone")
        loner = hand.maker
        assert loner is not None
        assert hand.phase is Phase.DEFEND and hand.to_act is loner.left
        assert hand.apply("pass").to_act is loner.left.left.left


# ---- the explanations read right for each rule ---------------------------------------------------


def test_canadian_loner_partner_is_not_told_alone_or_not() -> None:
    hand = play(new_hand("canadian-loner"), "pass")
    message = illegal(hand, "discard 9♣")
    assert "North may assist alone (make ♥ hearts trump and play alone, R5.3) or pass (R3.1)" in message
    assert "alone or not" not in message


def test_the_stuck_dealer_is_not_told_to_pass() -> None:
    hand = play(new_hand("stick-the-dealer", upcard="9♣", S="Q♠ K♠ A♠ A♥ 10♣"), *["pass"] * 7)
    message = illegal(hand, "order up")
    assert "the dealer is stuck and may not pass (R4.1, R4.3)" in message
    assert "or pass" not in message
    assert "or pass (R4.1)" in illegal(play(new_hand("stick-the-dealer"), *["pass"] * 4), "order up")


def test_discarding_a_card_not_held_lists_the_cards() -> None:
    hand = play(new_hand(), "order up")
    assert illegal(hand, "discard 9♦") == "South does not hold the 9♦: South may discard 9♣, 10♣, Q♠, K♠ or A♠."


def test_railroad_card_not_held() -> None:
    hand = play(new_hand("railroad"), "order up alone", "discard 9♣")
    assert illegal(hand, "give 9♠") == ("East does not hold the 9♠: East may give K♣, J♦, A♦, 9♥ or 10♥ (R5.5).")
    hand = play(hand, "give J♦", "take")
    assert illegal(hand, "discard A♥") == (
        "West does not hold the A♥: West may discard J♣, Q♣, 10♦, J♦, K♦ or J♠ (R5.5)."
    )


def test_a_loners_partner_sits_out_from_the_declaration() -> None:
    # R5.1: going alone is declared with the making action, before the dealer's discard.
    hand = play(new_hand(), "order up alone")
    assert hand.phase is Phase.DISCARD and hand.sitting_out == (Seat.E,)
    hand = play(new_hand(), "pass", "pass", "pass", "take it up alone")
    assert hand.phase is Phase.DISCARD and hand.sitting_out == (Seat.N,)
    # ... but a dealer who picks up for a partner's loner discards first, then sits out (R5.2)
    hand = play(new_hand(Rules(dealer_picks_up_for_partner_loner=True)), "pass", "assist alone")
    assert hand.phase is Phase.DISCARD and hand.sitting_out == ()
    assert hand.apply("discard 9♣").sitting_out == (Seat.S,)
