"""Play (RULES.md §6, §11.1-4 and §11.8): following the effective suit, who leads, tricks of
4, 3 and 2 cards, errors that teach, and a hand that never changes after an error."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from euchre_learn import Action, Card, Hand, IllegalActionError, Phase, Rules, Seat, Suit, Team, cards

# South deals; West (eldest) orders up hearts; South takes up the A♥ and discards the K♠.
# West leads the K♦: North holds the A♦ and the J♦, which is the left bower (a heart).
EXAMPLE = {"W": "K♦ 9♣ 10♣ Q♣ 9♠", "N": "J♦ A♦ 9♥ 10♠ Q♠", "E": "K♣ A♣ 10♦ Q♦ J♠", "S": "J♥ K♥ Q♥ A♠ K♠"}


def example_hand() -> Hand:
    hand = Hand.from_cards("S", EXAMPLE, upcard="A♥")
    return hand.apply("order up").apply("discard K♠").apply("play K♦")


def error(hand: Hand, action: str) -> str:
    """The message of the IllegalActionError that ``action`` raises."""
    with pytest.raises(IllegalActionError) as err:
        hand.apply(action)
    return str(err.value)


def snapshot(hand: Hand) -> dict[str, Any]:
    """Everything a hand shows, to compare before and after an error."""
    state = hand.state
    return {
        "record": hand.to_record(),
        "props": [
            getattr(hand, name)
            for name in (
                "rules dealer phase to_act upcard proposed turned_down trump maker alone lone_defender "
                "sitting_out discard railroad_card kitty tricks current_trick tricks_won is_over "
                "thrown_in score points history"
            ).split()
        ],
        "holdings": [hand.holding(s) for s in Seat],
        "dealt": [hand.dealt(s) for s in Seat],
        "legal": hand.legal_actions(),
        "core": {name: getattr(state, name) for name in state.__slots__},
        "text": (repr(hand), str(hand)),
    }


def assert_every_illegal_action_leaves_it_unchanged(hand: Hand) -> int:
    """Try all 93 actions; each illegal one raises and changes nothing. Returns how many."""
    before, copy = snapshot(hand), Hand._wrap(hand.state, hand.deal_masks, hand.history_ids)
    legal = set(hand.legal_actions())
    tried = 0
    for i in range(93):
        action = Action(i)
        if action in legal:
            continue
        with pytest.raises(IllegalActionError) as err:
            hand.apply(action)
        assert err.value.action is action and err.value.seat == hand.to_act
        with pytest.raises(IllegalActionError):
            hand.apply(str(action))
        tried += 1
    assert snapshot(hand) == before
    assert hand == copy
    return tried


# ---- following the effective suit (R6.2) -----------------------------------------------------


def test_the_issue_example_ace_legal_left_bower_not() -> None:
    hand = example_hand()
    assert hand.trump is Suit.HEARTS and hand.to_act is Seat.N
    assert hand.current_trick is not None and hand.current_trick.cards == cards("K♦")
    assert "play A♦" in hand.legal_actions()
    assert hand.legal_actions() == (Action.parse("play A♦"),)
    with pytest.raises(IllegalActionError) as err:
        hand.apply("play J♦")
    message = str(err.value)
    assert message.startswith("North may not play the J♦.")
    assert "North must follow diamonds, the suit led, and holds A♦ (R6.2)" in message
    assert "The J♦ is the left bower: with hearts trump it counts as a heart, not a diamond." in message
    assert "So it cannot follow diamonds." in message
    assert err.value.seat is Seat.N and err.value.action == Action.parse("play J♦")


def test_other_play_errors_teach() -> None:
    hand = example_hand()
    message = error(hand, "play 9♥")
    assert message == "North may not play the 9♥. North must follow diamonds, the suit led, and holds A♦ (R6.2)."
    message = error(hand, "play K♣")
    assert message == "North may not play the K♣. North does not hold the K♣: North holds J♦ A♦ 9♥ 10♠ Q♠."
    message = error(hand, "assist")
    assert "the bidding is over" in message and "Legal now: 'play A♦'" in message
    message = error(hand, "E play 10♦")
    assert message == "East cannot act now ('E play 10♦'): it is North's turn, not East's."


def test_the_left_bower_must_follow_trump_led_in_a_hand() -> None:
    # RULES §11.1 in a hand: trump led, North holds the J♦, A♦ and no heart: only the J♦.
    holdings = {"W": "10♥ 9♣ 10♣ Q♣ 9♠", "N": "J♦ A♦ K♣ 10♠ Q♠", "E": "A♣ 10♦ Q♦ J♠ K♦", "S": "J♥ K♥ Q♥ A♠ K♠"}
    hand = Hand.from_cards("S", holdings, upcard="A♥").apply("order up").apply("discard K♠").apply("play 10♥")
    assert hand.legal_actions() == (Action.parse("play J♦"),)
    message = error(hand, "play A♦")
    assert "North must follow hearts, the suit led, and holds J♦ (R6.2)" in message
    assert "The J♦ is the left bower with hearts trump, so it counts as a heart too." in message


def test_the_left_bower_led_is_trump_led_in_a_hand() -> None:
    # RULES §11.4 in a hand: the J♦ led with hearts trump; East's A♦ does not follow it.
    holdings = {"W": "J♦ 9♣ 10♣ Q♣ 9♠", "N": "10♥ A♣ K♣ 10♠ Q♠", "E": "A♦ 9♥ Q♦ J♠ K♦", "S": "J♥ K♥ Q♥ A♠ K♠"}
    hand = Hand.from_cards("S", holdings, upcard="A♥").apply("order up").apply("discard K♠").apply("play J♦")
    hand = hand.apply("play 10♥")
    assert hand.to_act is Seat.E and hand.legal_actions() == (Action.parse("play 9♥"),)
    message = error(hand, "play A♦")
    assert "East must follow hearts, the suit led" in message
    assert "The J♦ is the left bower: with hearts trump it counts as a heart, not a diamond. So hearts were led." in (
        message
    )


def test_void_in_the_effective_suit_plays_anything_in_a_hand() -> None:
    # RULES §11.3 in a hand: K♦ led, North holds the J♦ but no other diamond: anything goes.
    holdings = {"W": "K♦ 9♣ 10♣ Q♣ 9♠", "N": "J♦ A♣ K♣ 10♠ Q♠", "E": "A♦ 9♥ Q♦ J♠ 10♦", "S": "J♥ K♥ Q♥ A♠ K♠"}
    hand = Hand.from_cards("S", holdings, upcard="A♥").apply("order up").apply("discard K♠").apply("play K♦")
    assert set(hand.legal_actions()) == {Action.parse(f"play {c}") for c in hand.holding("N")}


def test_every_illegal_action_in_the_example_leaves_the_hand_unchanged() -> None:
    assert assert_every_illegal_action_leaves_it_unchanged(example_hand()) == 92


def test_every_illegal_action_at_every_step_of_random_hands_leaves_them_unchanged() -> None:
    rng = random.Random(5)
    for name in ("standard", "uk", "seed-000", "railroad"):
        hand = Hand.deal("N", Rules.preset(name), seed=name)
        while not hand.is_over:
            assert_every_illegal_action_leaves_it_unchanged(hand)
            hand = hand.apply(rng.choice(hand.legal_actions()))
        assert assert_every_illegal_action_leaves_it_unchanged(hand) == 93


# ---- who leads (R6.1) and who leads next (R6.3) ------------------------------------------------

# Written out by hand for South dealing (eldest West). Key: (maker, alone, loner_lead, lone
# defender or None) -> the seat that leads the first trick.
LEADER_SOUTH_DEALS = {
    # Not alone: eldest, whatever the lead rule.
    **{(m, False, lead, None): "W" for m in "NESW" for lead in ("left_of_loner", "left_of_dealer")},
    # Alone, left of the loner (the default):
    ("W", True, "left_of_loner", None): "N",
    ("N", True, "left_of_loner", None): "E",
    ("E", True, "left_of_loner", None): "S",
    ("S", True, "left_of_loner", None): "W",
    # ... with a lone defender: the first active seat clockwise from the loner's left.
    ("W", True, "left_of_loner", "N"): "N",
    ("W", True, "left_of_loner", "S"): "S",  # N sits out, E is the loner's partner
    ("N", True, "left_of_loner", "E"): "E",
    ("N", True, "left_of_loner", "W"): "W",  # E sits out, S is the loner's partner
    ("E", True, "left_of_loner", "S"): "S",
    ("E", True, "left_of_loner", "N"): "N",  # S sits out, W is the loner's partner
    ("S", True, "left_of_loner", "W"): "W",
    ("S", True, "left_of_loner", "E"): "E",  # W sits out, N is the loner's partner
    # Alone, left of the dealer: eldest (West), skipping seats that sit out.
    ("W", True, "left_of_dealer", None): "W",  # the loner is eldest and leads
    ("N", True, "left_of_dealer", None): "W",
    ("E", True, "left_of_dealer", None): "N",  # West sits out
    ("S", True, "left_of_dealer", None): "W",
    ("W", True, "left_of_dealer", "N"): "W",
    ("W", True, "left_of_dealer", "S"): "W",
    ("N", True, "left_of_dealer", "E"): "N",  # West sits out
    ("N", True, "left_of_dealer", "W"): "W",
    ("E", True, "left_of_dealer", "S"): "E",  # West and North sit out: the loner leads
    ("E", True, "left_of_dealer", "N"): "N",
    ("S", True, "left_of_dealer", "W"): "W",
    ("S", True, "left_of_dealer", "E"): "E",  # West sits out, North is the loner's partner
}


def reach_play(dealer: Seat, maker: Seat, alone: bool, lead: str, defender: Seat | None) -> Hand:
    """Deal, let ``maker`` order up (alone or not), the dealer discard, and ``defender`` defend alone."""
    rules = Rules(loner_lead=lead, defend_alone=True)  # type: ignore[arg-type]
    hand = Hand.deal(dealer, rules, seed=f"{dealer}{maker}")
    while hand.to_act != maker:
        hand = hand.apply("pass")
    hand = hand.apply("order up alone" if alone else "order up")
    if hand.phase is Phase.DISCARD:
        hand = hand.apply(hand.legal_actions()[0])
    while hand.phase is Phase.DEFEND:
        hand = hand.apply("defend alone" if hand.to_act == defender else "pass")
    assert hand.phase is Phase.PLAY
    assert hand.lone_defender == defender
    return hand


@pytest.mark.parametrize(("key", "leader"), LEADER_SOUTH_DEALS.items(), ids=str)
def test_leader_of_the_first_trick_south_deals(key: tuple[str, bool, str, str | None], leader: str) -> None:
    maker, alone, lead, defender = key
    hand = reach_play(Seat.S, Seat.parse(maker), alone, lead, None if defender is None else Seat.parse(defender))
    assert hand.to_act is Seat.parse(leader)
    assert hand.current_trick is not None and hand.current_trick.leader is Seat.parse(leader)
    assert hand.to_act not in hand.sitting_out


def reference_leader(dealer: Seat, maker: Seat, alone: bool, lead: str, defender: Seat | None) -> Seat:
    """R6.1 from its words: start left of the dealer, or left of the loner under the default;
    the leader is the first seat from there, clockwise, that is not sitting out."""
    out = {maker.partner} if alone else set()
    if defender is not None:
        out.add(defender.partner)
    seat = maker.left if alone and lead == "left_of_loner" else dealer.left
    while seat in out:
        seat = seat.left
    return seat


def test_leader_for_every_dealer_maker_and_rule_matches_the_reference() -> None:
    cases = 0
    for dealer in Seat:
        for maker in Seat:
            for lead in ("left_of_loner", "left_of_dealer"):
                for alone, defender in [(False, None), (True, None), (True, maker.left), (True, maker.right)]:
                    hand = reach_play(dealer, maker, alone, lead, defender)
                    assert hand.to_act == reference_leader(dealer, maker, alone, lead, defender)
                    cases += 1
    assert cases == 4 * 4 * 2 * 4


def test_the_reference_agrees_with_the_table() -> None:
    for (maker, alone, lead, defender), leader in LEADER_SOUTH_DEALS.items():
        d = None if defender is None else Seat.parse(defender)
        assert reference_leader(Seat.S, Seat.parse(maker), alone, lead, d) is Seat.parse(leader)


def play_out(hand: Hand, rng: random.Random) -> Hand:
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


def test_the_winner_leads_the_next_trick() -> None:
    rng = random.Random(3)
    for seed in range(40):
        hand = play_out(Hand.deal(Seat(seed % 4), seed=seed), rng)
        if hand.thrown_in:
            continue
        tricks = hand.tricks
        assert len(tricks) == 5
        for before, after in itertools.pairwise(tricks):
            assert after.leader is before.winner
            assert after.seats[0] is before.winner
        for trick in tricks:
            assert trick.seats[trick_winner_index(trick, hand.trump)] is trick.winner


def trick_winner_index(trick: Any, trump: Suit | None) -> int:
    from euchre_learn import trick_winner

    assert trump is not None
    return trick_winner(trick.cards, trump)


# ---- sitting out: tricks of 3 and 2 cards (R5.1, R5.4, §11.8) -----------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_a_loners_partner_never_acts_and_tricks_hold_three_cards(seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(Seat(seed % 4), seed=seed)
    maker = hand.to_act
    hand = hand.apply("order up alone")
    assert maker is not None
    assert hand.sitting_out == (maker.partner,)  # from the declaration on (R5.1)
    if hand.phase is Phase.DISCARD:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    assert hand.sitting_out == (maker.partner,)
    partner_cards = hand.holding(maker.partner)
    while not hand.is_over:
        assert hand.to_act is not maker.partner
        hand = hand.apply(rng.choice(hand.legal_actions()))
    assert [len(t.cards) for t in hand.tricks] == [3] * 5
    assert all(maker.partner not in t.seats for t in hand.tricks)
    assert hand.holding(maker.partner) == partner_cards  # kept, face down, not played
    assert len(hand.holding(maker.partner)) == 5


def test_a_sitting_out_seat_is_told_why() -> None:
    hand = Hand.from_cards("S", EXAMPLE, upcard="A♥").apply("pass").apply("assist alone")  # South sits out
    message = error(hand, "S play J♥")
    assert message == (
        "South cannot act ('S play J♥'): South sits out this hand because North is going alone (R5.1). "
        "South's cards stay face down and South never acts. It is East's turn."
    )


@pytest.mark.parametrize("seed", range(12))
def test_with_a_lone_defender_tricks_hold_two_cards(seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(Seat(seed % 4), "defend-alone", seed=seed)
    maker = hand.to_act
    assert maker is not None
    hand = hand.apply("order up alone")
    if hand.phase is Phase.DISCARD:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    defender = maker.left if seed % 2 else maker.right
    while hand.phase is Phase.DEFEND:
        hand = hand.apply("defend alone" if hand.to_act is defender else "pass")
    assert hand.lone_defender is defender
    assert set(hand.sitting_out) == {maker.partner, defender.partner}
    if seed == 0:
        message = error(hand, f"{defender.partner} pass")
        assert f"because {defender.word} is defending alone (R5.4)" in message
    while not hand.is_over:
        assert hand.to_act in (maker, defender)
        hand = hand.apply(rng.choice(hand.legal_actions()))
    assert [len(t.cards) for t in hand.tricks] == [2] * 5
    assert all(set(t.seats) == {maker, defender} for t in hand.tricks)
    assert hand.tricks_won[maker.team] + hand.tricks_won[defender.team] == 5


def test_four_cards_a_trick_with_partners() -> None:
    rng = random.Random(1)
    hand = play_out(Hand.deal("E", seed=2).apply("order up"), rng)
    assert [len(t.cards) for t in hand.tricks] == [4] * 5
    assert all(len(set(t.seats)) == 4 for t in hand.tricks)
    assert sum(hand.tricks_won.values()) == 5
    assert hand.tricks_won[Team.NS] == sum(t.winner.team is Team.NS for t in hand.tricks)


def test_the_hand_over_refuses_every_action() -> None:
    hand = play_out(Hand.deal("E", seed=2).apply("order up"), random.Random(1))
    assert hand.to_act is None and hand.legal_actions() == ()
    message = error(hand, "play 9♣")
    assert message == "The hand is over: all five tricks have been played. Nobody has an action left."
    message = error(hand, "N play 9♣")
    assert message.startswith("North cannot act ('N play 9♣'). The hand is over")


def test_apply_returns_a_new_hand() -> None:
    hand = example_hand()
    before = snapshot(hand)
    after = hand.apply("play A♦")
    assert after is not hand and after != hand
    assert snapshot(hand) == before
    assert after.history == (*hand.history, (Seat.N, Action.parse("play A♦")))
    assert Card.parse("A♦") not in after.holding("N") and Card.parse("A♦") in hand.holding("N")


def test_bad_action_text_is_a_value_error_not_a_crash() -> None:
    hand = example_hand()
    with pytest.raises(ValueError, match="'fold' is not an action"):
        hand.apply("fold")
    with pytest.raises(ValueError, match="is not an action"):
        hand.apply(68)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'1H' is not a card"):
        hand.apply("play 1H")


def test_the_benny_led_is_trump_led() -> None:
    # UK rules, spades named for the Benny turned up; North took it up and leads it. East holds
    # K♠ and K♥: the Benny is always trump (R1.3), so East must play the K♠.
    holdings = {"N": "J♠ A♠ 9♣ 10♣ 9♦", "E": "K♠ A♣ A♦ A♥ K♥", "S": "9♠ 10♠ Q♣ K♣ Q♦", "W": "J♣ Q♠ K♦ 10♦ J♦"}
    hand = Hand.from_cards("N", holdings, upcard="Benny", rules="uk")
    for action in ("name ♠", "pass", "pass", "pass", "take it up", "discard 9♦", "play A♦", "play Q♦"):
        hand = hand.apply(action)
    hand = hand.apply("play 10♦").apply("play A♠").apply("play Benny")
    assert hand.to_act is Seat.E and hand.legal_actions() == (Action.parse("play K♠"),)
    assert error(hand, "play K♥") == (
        "East may not play the K♥. East must follow spades, the suit led, and holds K♠ (R6.2). "
        "(The Benny led is always trump, so spades were led.)"
    )


def test_the_benny_must_follow_trump() -> None:
    # Hearts trump; West leads the 9♥. North holds the Benny and no heart: only the Benny.
    holdings = {"N": "Benny 10♠ A♣ Q♦ 9♠", "E": "J♦ A♦ K♣ 10♦ 10♥", "S": "Q♠ K♠ A♠ 9♣ 10♣", "W": "J♠ J♣ Q♣ K♦ 9♥"}
    hand = Hand.from_cards("S", holdings, upcard="A♥", rules="uk")
    hand = hand.apply("order up").apply("discard 9♣").apply("play 9♥")
    assert hand.to_act is Seat.N and hand.legal_actions() == (Action.parse("play Benny"),)
    assert error(hand, "play A♣") == (
        "North may not play the A♣. North must follow hearts, the suit led, and holds Benny (R6.2). "
        "(The Benny is always trump, so it follows trump too.)"
    )
