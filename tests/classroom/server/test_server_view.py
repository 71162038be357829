"""What one seat may see (euchre_learn/classroom/server/view.py): its own cards, the public
play, its own face-down cards; never another seat's hidden cards or the kitty."""

from __future__ import annotations

import json
import random

import euchre_learn as el
from euchre_learn.classroom.server.view import seat_view

from .serverkit import cards_in


def _hidden_from(hand: el.Hand, seat: el.Seat) -> set[str]:
    """The cards ``seat`` must not be told of: the others' unplayed cards and the kitty."""
    played = {str(c) for t in hand.tricks for c in t.cards}
    if hand.current_trick is not None:
        played |= {str(c) for c in hand.current_trick.cards}
    others = {str(c) for s in el.Seat if s != seat for c in hand.holding(s)}
    return (others | {str(c) for c in hand.kitty}) - played - {str(hand.upcard)}


def test_every_seat_sees_its_own_cards_and_nothing_hidden() -> None:
    rng = random.Random(7)
    for preset in ("standard", "railroad", "uk", "defend-alone"):
        game = el.Game(el.Rules.preset(preset), seed=f"view-{preset}", dealer="S")
        for _ in range(120):
            if game.winner is not None:
                break
            for seat in el.Seat:
                view = seat_view(game, seat)
                assert view["hand"]["holding"] == [str(c) for c in game.hand.holding(seat)]
                assert not cards_in(view["hand"]) & _hidden_from(game.hand, seat), (preset, seat, view)
                last = game.last_hand
                if last is not None:  # the hand before: its play, never its unplayed cards
                    assert not cards_in(view["last_hand"]) & _hidden_from(last, seat), (preset, seat, view)
                assert ("legal" in view["hand"]) == (game.to_act == seat)
                json.dumps(view)  # plain JSON
            game = game.apply(rng.choice(list(game.legal_actions())))


def test_a_discard_is_face_down_for_everyone_but_the_dealer() -> None:
    hand = el.Hand.from_cards(
        "S",
        {"N": "9♠ 10♠ J♥ Q♦ A♣", "E": "J♦ A♦ K♣ 9♥ 10♥", "S": "Q♠ K♠ A♠ 9♣ 10♣", "W": "J♠ J♣ Q♣ K♦ 10♦"},
        upcard="A♥",
    )
    game_like = hand.apply("pass").apply("order up").apply("discard 9♣")
    events = {}
    for seat in el.Seat:
        view = seat_view_for_hand(game_like, seat)
        events[str(seat)] = view["events"][-1]["action"]
    assert events == {"S": "discard 9♣", "N": "discard", "E": "discard", "W": "discard"}


def seat_view_for_hand(hand: el.Hand, seat: el.Seat) -> dict[str, object]:
    from euchre_learn.classroom.server.view import hand_view

    return hand_view(hand, seat, 1)


def test_a_railroad_card_is_seen_by_the_giver_and_by_the_loner_only_if_taken() -> None:
    rules = el.Rules.preset("railroad")
    for seed in range(200):
        hand = el.Hand.deal("S", rules, seed=seed)
        # find a hand where someone orders up alone and the partner gives a card
        alone = next((a for a in hand.legal_actions() if str(a).endswith("alone")), None)
        if alone is None:
            continue
        hand = hand.apply(alone)
        while hand.phase.name in ("DISCARD",):
            hand = hand.apply(hand.legal_actions()[0])
        if hand.phase.name != "RAILROAD_GIVE":
            continue
        giver = hand.to_act
        assert giver is not None
        give = hand.legal_actions()[0]
        hand = hand.apply(give)
        card = str(give.card)
        loner = hand.to_act
        assert loner is not None
        for seat in el.Seat:
            named = card in cards_in(seat_view_for_hand(hand, seat))
            assert named == (seat == giver), (seat, hand.history)
        return
    raise AssertionError("no railroad hand in 200 deals")
