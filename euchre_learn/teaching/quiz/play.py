"""Topics on the play: who leads (R6.1), legal plays and who wins a trick (R6.2, R6.3)."""

from __future__ import annotations

import random
from collections.abc import Callable

from euchre_learn.engine.cards import Seat
from euchre_learn.engine.explain import (
    card_reason,
    leader_reason,
    play_reasons,
    trick_card_reasons,
    trick_reason,
)
from euchre_learn.engine.hand import Hand, Trick
from euchre_learn.engine.rules import Rules
from euchre_learn.engine.trump import effective_suit, is_trump, left_bower
from euchre_learn.teaching.quiz.question import (
    Question,
)
from euchre_learn.teaching.quiz.situations import SEATS, loner_hand, made_hand, made_sentence, play_random, story
from euchre_learn.teaching.quiz.topics import register_topic

# ---- who leads (R6.1) -------------------------------------------------------------------


def leader_question(hand: Hand, extra: str = "") -> Question:
    leader = hand.to_act
    assert leader is not None
    why = leader_reason(hand)
    fb = {}
    for seat in Seat:
        if seat == leader:
            fb[seat.word] = why
        elif seat in hand.sitting_out:
            role = (
                "the loner's partner"
                if hand.maker is not None and seat == hand.maker.partner
                else "the lone defender's partner"
            )
            fb[seat.word] = f"{seat.word} is {role} and sits out this hand, so cannot lead (R5.1, R5.4). {why}"
        else:
            fb[seat.word] = f"Not {seat.word}. {why}"
    rules = ("R6.1",) + (("R5.1",) if hand.alone else ()) + (("R5.4",) if hand.lone_defender is not None else ())
    return Question(
        prompt=f"{story(hand)} {extra}Who leads the first trick?",
        kind="single",
        choices=SEATS,
        answer=leader.word,
        explanation=why,
        feedback=fb,
        rules=rules,
        record=hand.to_record(),
    )


@register_topic(
    "who-leads",
    "Who leads the first trick?",
    "The bidding is over, perhaps with someone going alone: who leads?",
    ("R6.1", "R5.1"),
    ("single",),
)
def _q_who_leads(rng: random.Random, rules: Rules) -> Question:
    hand = loner_hand(rng, rules) if rng.random() < 0.4 else made_hand(rng, rules, alone=0.0)
    return leader_question(hand)


# ---- play (R6.2, R6.3) ------------------------------------------------------------------


def _trick_words(trick: Trick) -> str:
    return ", ".join(f"{s.word} {c}" for s, c in zip(trick.seats, trick.cards, strict=True))


@register_topic(
    "legal-plays",
    "Which cards may be played?",
    "A trick has been led: select every card the player may play (follow the effective suit).",
    ("R1.3", "R6.2"),
    ("select-all",),
)
def _q_legal_plays(rng: random.Random, rules: Rules) -> Question:
    hand = made_hand(rng, rules)
    t = hand.trump
    assert t is not None
    plain: list[Hand] = []
    tricky: list[Hand] = []
    while not hand.is_over:
        trick = hand.current_trick
        seat = hand.to_act
        assert seat is not None and trick is not None
        held = hand.holding(seat)
        if trick.cards and len(held) >= 2:
            legal = hand.legal_actions()
            led = trick.cards[0]
            lb = left_bower(t)
            if len(legal) < len(held) and (
                lb in held
                or led == lb
                or any(c.suit == effective_suit(led, t) for c in held if is_trump(c, t) and c.suit != t)
            ):
                tricky.append(hand)
            elif len(legal) < len(held) or rng.random() < 0.3:
                plain.append(hand)
        hand = hand.apply(rng.choice(hand.legal_actions()))
    pool = tricky if tricky and (rng.random() < 0.7 or not plain) else plain or tricky
    if not pool:  # pragma: no cover - every hand has a trick with a choice to follow
        return _q_legal_plays(rng, rules)
    at = rng.choice(pool)
    seat = at.to_act
    trick = at.current_trick
    assert seat is not None and trick is not None
    held = at.holding(seat)
    led = trick.cards[0]
    legal_cards = [a.card for a in at.legal_actions()]
    reasons = play_reasons(held, t, led)
    led_suit = effective_suit(led, t)
    if len(legal_cards) == len(held):
        expl = f"{seat.word} holds no {led_suit.plural}, the suit led, so any card may be played (R6.2)."
    else:
        expl = (
            f"{seat.word} must follow {led_suit.plural}, the suit led, with "
            f"{' '.join(str(c) for c in legal_cards)}: follow the effective suit if able (R6.2)."
        )
    lb = left_bower(t)
    if lb in held or led == lb:
        expl += " " + card_reason(lb, t)
    return Question(
        prompt=f"{made_sentence(at)} In this trick: {_trick_words(trick)}. Select every card {seat.word} may play.",
        kind="select-all",
        choices=tuple(str(c) for c in held),
        answer=tuple(str(c) for c in legal_cards if c is not None),
        explanation=expl,
        feedback={str(c): reasons[c] for c in held},
        rules=("R1.3", "R6.2"),
        cards=trick.cards,
        record=at.to_record(),
    )


def trick_question(hand: Hand, rng: random.Random, prefer: Callable[[Trick], bool] | None = None) -> Question:
    t = hand.trump
    assert t is not None
    tricks = list(hand.tricks)

    def interesting(tr: Trick) -> bool:
        led = effective_suit(tr.cards[0], t)
        return (any(is_trump(c, t) for c in tr.cards) and led != t) or left_bower(t) in tr.cards

    pick = [tr for tr in tricks if (prefer or interesting)(tr)]
    trick = rng.choice(pick) if pick and (prefer is not None or rng.random() < 0.7) else rng.choice(tricks)
    assert trick.winner is not None
    win = trick.cards[trick.seats.index(trick.winner)]
    reasons = trick_card_reasons(trick.cards, trick.seats, t)
    return Question(
        prompt=f"{made_sentence(hand)} {trick.leader.word} leads, and the trick goes {_trick_words(trick)}. "
        "Which card wins the trick?",
        kind="single",
        choices=tuple(str(c) for c in trick.cards),
        answer=str(win),
        explanation=trick_reason(trick.cards, trick.seats, t),
        feedback={str(c): reasons[c] for c in trick.cards},
        rules=("R1.3", "R6.3"),
        cards=trick.cards,
        record=hand.to_record(),
    )


@register_topic(
    "trick-winner",
    "Who wins the trick?",
    "Four cards (or three, or two) have been played: which one wins?",
    ("R1.3", "R6.3"),
    ("single",),
)
def _q_trick_winner(rng: random.Random, rules: Rules) -> Question:
    hand = play_random(made_hand(rng, rules, alone=0.1), rng)
    return trick_question(hand, rng)
