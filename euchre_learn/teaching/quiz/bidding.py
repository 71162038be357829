"""Topics on bidding: round 1, the dealer's discard, round 2 and stick the dealer (R3, R4)."""

from __future__ import annotations

import random

from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Cards, Seat
from euchre_learn.engine.explain import (
    action_words,
    bidding_options,
    illegal_action,
    suit_words,
)
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.rules import Rules
from euchre_learn.teaching.quiz.question import (
    Question,
)
from euchre_learn.teaching.quiz.situations import deal_hand, force_rules, name_benny, pass_times, story
from euchre_learn.teaching.quiz.topics import register_topic

# ---- bidding (R3, R4) -------------------------------------------------------------------


def round1_at(rng: random.Random, rules: Rules, passes: int) -> Hand:
    hand = name_benny(deal_hand(rng, rules), rng)
    return pass_times(hand, passes)


@register_topic(
    "round-1",
    "Round 1: order up, assist, take it up",
    "It is a seat's turn in round 1: which of the three names of accepting the upcard's suit does that seat use?",
    ("R3.1", "R3.3", "R4.1"),
    ("single",),
)
def _q_round1(rng: random.Random, rules: Rules) -> Question:
    """Accepting the upcard is one action with three names, one for each place at the table (R3.1):
    the question asks the name the seat to act uses, so the other two are wrong, not synonyms to
    pick by chance; their feedback says whose names they are."""
    hand = round1_at(rng, rules, rng.randrange(4))
    seat = hand.to_act
    assert seat is not None
    s = hand.state
    legal = s.legal()
    accept = act.ORDER_UP if act.ORDER_UP in legal else act.ORDER_UP_ALONE
    answer = action_words(s, seat, accept)
    words: dict[str, Seat] = {}
    for other in (hand.dealer.left, hand.dealer.partner, hand.dealer):
        words.setdefault(action_words(s, other, act.ORDER_UP), other)
    call = f"call {suit_words(s.proposed)}"
    choices = [*words, *([answer] if answer not in words else []), call]
    role = {hand.dealer: "the dealer", hand.dealer.partner: "the dealer's partner"}
    mine = role.get(seat, "an opponent of the dealer")
    fb = {answer: bidding_options(hand)}
    for w, other in words.items():
        if w != answer:
            if act.ORDER_UP not in legal and action_words(s, seat, act.ORDER_UP) == w:
                fb[w] = illegal_action(s, act.ORDER_UP)
            else:
                fb[w] = (
                    f"“{w}” is the name {role.get(other, 'an opponent of the dealer')} uses for the same action; "
                    f"{seat.word} is {mine}, so {seat.word} says “{answer}” (R3.1)."
                )
    fb[call] = illegal_action(s, act.CALL + s.proposed)
    return Question(
        prompt=f"{story(hand)} It is {seat.word}'s turn in round 1. Accepting the upcard's suit has three names, "
        f"one for each place at the table: which does {seat.word} use to make {suit_words(s.proposed)} trump?",
        kind="single",
        choices=tuple(choices),
        answer=answer,
        explanation=bidding_options(hand),
        feedback=fb,
        rules=("R3.1", "R3.3", "R4.1") + (("R5.3",) if rules.canadian_loner else ()),
        cards=Cards([hand.upcard]),
        record=hand.to_record(),
    )


@register_topic(
    "dealer-discard",
    "The dealer's discard",
    "Trump was ordered up: which cards may the dealer discard after taking the upcard?",
    ("R3.2",),
    ("select-all",),
)
def _q_discard(rng: random.Random, rules: Rules) -> Question:
    while True:
        hand = round1_at(rng, rules, rng.randrange(4))
        if Action(act.ORDER_UP) in hand.legal_actions():
            break
    hand = hand.apply(Action(act.ORDER_UP))
    s = hand.state
    dealer = hand.dealer
    held = hand.holding(dealer)
    legal = s.legal()
    ok = [c for c in held if act.DISCARD + c.index in legal]
    fb = {
        str(c): (
            (
                f"The {c} may be discarded: under these house rules the dealer discards any card, the upcard "
                "too (R3.2's option)."
                if rules.dealer_may_discard_upcard
                else f"The {c} may be discarded: the dealer discards any card but the upcard (R3.2)."
            )
            if act.DISCARD + c.index in legal
            else illegal_action(s, act.DISCARD + c.index)
        )
        for c in held
    }
    return Question(
        prompt=f"{story(hand)} {dealer.word} now holds six cards. Which cards may {dealer.word} discard? Select all.",
        kind="select-all",
        choices=tuple(str(c) for c in held),
        answer=tuple(str(c) for c in ok),
        explanation=bidding_options(hand),
        feedback=fb,
        rules=("R3.2",),
        cards=held,
        record=hand.to_record(),
    )


def _round2_question(rng: random.Random, rules: Rules, dealer_bias: float) -> Question:
    hand = round1_at(rng, rules, 4)
    n = 3 if rng.random() < dealer_bias else rng.randrange(4)
    hand = pass_times(hand, n)
    seat = hand.to_act
    assert seat is not None
    s = hand.state
    legal = s.legal()
    options = [(act.PASS, "pass")] + [(act.CALL + x, f"call {suit_words(x)}") for x in range(4)]
    # Short notes per choice, and the explanation says each of them once (join_once drops a repeat).
    turned = suit_words(s.proposed)
    fb = {}
    for a, label in options:
        if a == act.PASS:
            if a not in legal:
                fb[label] = "with stick the dealer, the dealer may not pass at the end of round 2 (R4.3)."
            elif seat == hand.dealer:
                fb[label] = f"{seat.word} may pass: the dealer passing too throws the hand in (R4.2)."
            else:
                fb[label] = f"{seat.word} may pass (R4.1)."
        elif a in legal:
            fb[label] = "a suit that was not turned down may be named (R4.1)."
        else:
            fb[label] = f"{turned} was turned down in round 1, so it cannot be named in round 2 (R4.1)."
    if act.PASS in legal:
        passing = (
            f"; or {seat.word} may pass: the dealer passing too throws the hand in (R4.2)"
            if seat == hand.dealer
            else f"; or {seat.word} may pass (R4.1)"
        )
    else:
        passing = f"; {seat.word}, the dealer, is stuck and must name a suit (R4.3)"
    explanation = (
        f"In round 2, {seat.word} may name any suit but {turned}, turned down in round 1 (R4.1), "
        f"alone or not (R5.1){passing}."
    )
    stick = ("R4.3",) if rules.stick_the_dealer else ()
    return Question(
        prompt=f"{story(hand)} It is {seat.word}'s turn in round 2. Select everything {seat.word} may do "
        f"(each call may also be made alone).",
        kind="select-all",
        choices=tuple(label for _, label in options),
        answer=tuple(label for a, label in options if a in legal),
        explanation=explanation,
        feedback=fb,
        rules=("R3.4", "R4.1", "R4.2", *stick),
        cards=Cards([hand.upcard]),
        record=hand.to_record(),
    )


@register_topic(
    "round-2",
    "Round 2: which suits may be named?",
    "All four passed and the upcard was turned down: what may the seat to act do now?",
    ("R3.4", "R4.1", "R4.2"),
    ("select-all",),
)
def _q_round2(rng: random.Random, rules: Rules) -> Question:
    return _round2_question(rng, rules, 0.3)


@register_topic(
    "stick-the-dealer",
    "Stick the dealer",
    "With stick the dealer, the dealer may not pass at the end of round 2.",
    ("R4.1", "R4.3"),
    ("select-all",),
    variant="stick_the_dealer",
    forced=force_rules(stick_the_dealer=True),
)
def _q_stick(rng: random.Random, rules: Rules) -> Question:
    return _round2_question(rng, rules, 0.75)
