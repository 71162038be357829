"""What one seat may see (euchre_learn/classroom/server/view.py): its own cards, the public
play, its own face-down cards; never another seat's hidden cards or the kitty."""

from __future__ import annotations

import json
import random

import euchre_learn as el
from euchre_learn.classroom.server.view import hand_view, seat_record, seat_view

from .serverkit import cards_in, known_cards


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


def _steps(hand: el.Hand) -> list[el.Hand]:
    rec = hand.to_record()
    step = el.Hand.from_cards(rec["dealer"], rec["hands"], rec["upcard"], rec["kitty"], rules=hand.rules)
    out = [step]
    for _seat, action in hand.history:
        step = step.apply(action)
        out.append(step)
    return out


def _relabel(record: dict[str, object], swap: dict[str, str]) -> dict[str, object]:
    """The record with the cards in ``swap`` renamed everywhere (hands, kitty, actions)."""

    def cards(text: str) -> str:
        return " ".join(swap.get(str(el.Card.parse(c)), str(el.Card.parse(c))) for c in text.split())

    out = dict(record)
    out["hands"] = {s: cards(h) for s, h in record["hands"].items()}  # type: ignore[attr-defined]
    out["kitty"] = cards(str(record["kitty"]))
    acts = []
    for a in record["actions"]:  # type: ignore[attr-defined]
        seat, kind, *rest = a.split(" ")
        if kind in ("play", "discard", "give") and rest:
            a = f"{seat} {kind} {cards(rest[0])}"
        acts.append(a)
    out["actions"] = acts
    return out


def test_a_finished_hand_is_kept_with_what_the_seat_saw_and_stand_ins_for_the_rest() -> None:
    """seat_record: every preset, every seat, random play. The seat's own cards and the play are
    the real ones, every card it never saw is listed as a stand-in, and two deals the seat cannot
    tell apart (its unseen cards shuffled among their places) give the same record: it says
    nothing the seat did not know."""
    rng = random.Random(11)
    checked = same = 0
    for preset in el.Rules.presets():
        rules = el.Rules.preset(preset)
        for i in range(3):
            hand = el.Hand.deal(el.Seat(i % 4), rules=rules, seed=f"keep-{preset}-{i}")
            while not hand.is_over:
                hand = hand.apply(rng.choice(list(hand.legal_actions())))
            for seat in el.Seat:
                rec = seat_record(hand, seat)
                assert rec is not None, (preset, i, seat, hand.to_record())
                kept = el.replay(rec)
                assert kept.is_over and kept.dealt(seat) == hand.dealt(seat)
                assert [t.cards for t in kept.tricks] == [t.cards for t in hand.tricks]
                assert kept.points == hand.points
                unseen = {str(c) for c in el.deck(rules)} - known_cards(hand, seat)
                assert set(rec["stand_ins"].split()) == unseen
                checked += 1
                # another deal this seat cannot tell from this one: the same record
                names = sorted(unseen)
                shuffled = names[:]
                rng.shuffle(shuffled)
                try:
                    other = el.replay(_relabel(hand.to_record(), dict(zip(names, shuffled, strict=True))))
                except ValueError:
                    continue  # a railroad card that no longer fits the cards played
                views = [hand_view(h, seat, 1) for h in _steps(hand)]
                if [hand_view(h, seat, 1) for h in _steps(other)] != views:
                    continue
                assert seat_record(other, seat) == rec, (preset, i, seat)
                same += 1
    assert checked == 4 * 3 * len(el.Rules.presets())
    assert same > checked // 2, f"only {same} of {checked} records were compared with another deal"
