"""Topics on the variants (RULES.md §10): the Benny, railroad, defend alone, super euchre,
the Canadian loner, the partner's loner and who leads against a loner."""

from __future__ import annotations

import dataclasses
import random

from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card, Cards
from euchre_learn.engine.explain import (
    action_words,
    bidding_options,
    illegal_action,
)
from euchre_learn.engine.hand import Phase
from euchre_learn.engine.rules import Rules
from euchre_learn.teaching.quiz.bidding import round1_at
from euchre_learn.teaching.quiz.cards_and_trump import order_question
from euchre_learn.teaching.quiz.play import leader_question, trick_question
from euchre_learn.teaching.quiz.question import (
    Question,
)
from euchre_learn.teaching.quiz.scoring import score_question
from euchre_learn.teaching.quiz.situations import (
    bid_step,
    deal_hand,
    force_rules,
    loner_hand,
    made_hand,
    name_benny,
    pass_times,
    pick_outcome,
    play_random,
    play_until,
    shuffled,
    story,
)
from euchre_learn.teaching.quiz.topics import register_topic

# ---- variants ---------------------------------------------------------------------------


def _force_benny(rules: Rules, rng: random.Random | None) -> Rules:
    return rules if rules.benny else rules.replace(benny="joker")


@register_topic(
    "benny",
    "The Benny",
    "UK Euchre's 25th card, the Benny: always the highest trump; turned up, the dealer names its suit.",
    ("R1.1", "R1.3", "R3.5", "R6.3"),
    ("order", "single"),
    variant="benny",
    forced=_force_benny,
)
def _q_benny(rng: random.Random, rules: Rules) -> Question:
    benny = Card.parse("Benny")
    x = rng.random()
    if x < 0.25:
        return _benny_turned_up(rng, rules)
    if x < 0.6:
        for _ in range(40):
            hand = play_random(made_hand(rng, rules), rng)
            if any(benny in tr.cards for tr in hand.tricks):
                q = trick_question(hand, rng, prefer=lambda tr: benny in tr.cards)
                return dataclasses.replace(q, rules=("R1.1", "R1.3", "R6.3"))
    q = order_question(made_hand(rng, rules), rng, rules, must=[benny])
    return dataclasses.replace(q, rules=("R1.1", "R1.3"))


def _benny_turned_up(rng: random.Random, rules: Rules) -> Question:
    while True:
        hand = deal_hand(rng, rules)
        if hand.upcard.is_benny:
            break
    dealer, eldest = hand.dealer, hand.dealer.left
    names_first = hand.phase == Phase.BENNY and hand.to_act == dealer
    a = f"{dealer.word}, the dealer, names a suit for the Benny before looking at the hand"
    b = f"{eldest.word} orders it up or passes, as in any round 1"
    c = f"{dealer.word} takes the Benny and discards a card"
    d = "The Benny is buried and the next card is turned up"
    rule = (
        "When the Benny is turned up, the dealer first names the suit it proposes, without looking at the "
        "hand; round 1 then runs as normal with that suit, and a dealer who takes it up takes the Benny (R3.5)."
    )
    fb = {
        a: rule,
        b: "Not yet: round 1 needs a suit, and the Benny has none until the dealer names one (R3.5).",
        c: "Only if round 1 ends with the dealer taking it up; first the dealer names a suit (R3.5).",
        d: "The Benny stays the upcard; the dealer names a suit for it (R3.5).",
    }
    return Question(
        prompt=f"UK rules. {dealer.word} deals and turns up the Benny. What happens first?",
        kind="single",
        choices=(a, b, c, d),
        answer=a if names_first else b,
        explanation=rule,
        feedback=fb,
        rules=("R1.1", "R3.5"),
        cards=Cards([hand.upcard]),
        record=hand.to_record(),
    )


_STEP_RULES = {
    Phase.DISCARD: "The dealer who picks up discards first (R3.2).",
    Phase.RAILROAD_GIVE: "Then the loner's partner passes one card of their choice, face down (R5.5).",
    Phase.RAILROAD_TAKE: "The loner takes it without looking at it, or declines it (R5.5).",
    Phase.RAILROAD_DISCARD: "A loner who took the card discards one, keeping five (R5.5).",
    Phase.DEFEND: "Only after the railroad may a defender declare to defend alone (R5.4, R5.5).",
    Phase.PLAY: "Play begins last, with the first lead (R6.1).",
}


@register_topic(
    "railroad",
    "Railroad",
    "The loner's partner passes a card face down: put the steps in order.",
    ("R3.2", "R5.5", "R6.1"),
    ("order",),
    variant="railroad",
    forced=force_rules(railroad=True),
)
def _q_railroad(rng: random.Random, rules: Rules) -> Question:
    while True:
        hand = name_benny(deal_hand(rng, rules), rng)
        if rng.random() < 0.6:
            hand = pass_times(hand, rng.randrange(4)).apply(Action(act.ORDER_UP_ALONE))
        else:
            hand = pass_times(hand, 4 + rng.randrange(4))
            hand = hand.apply(rng.choice([a for a in hand.legal_actions() if a.alone]))
        made = hand
        steps: list[tuple[Phase, str]] = []
        while hand.phase != Phase.PLAY:
            seat = hand.to_act
            assert seat is not None and hand.maker is not None
            a = bid_step(hand, rng, 0.0, 0.0, 0.4)
            loner, partner = hand.maker.word, hand.maker.partner.word
            label = {
                Phase.DISCARD: f"{seat.word}, the dealer, discards a card",
                Phase.RAILROAD_GIVE: f"{partner} passes {loner} a card face down",
                Phase.RAILROAD_TAKE: f"{loner} {'takes' if a.kind == 'take' else 'declines'} the card without looking at it",
                Phase.RAILROAD_DISCARD: f"{loner} discards a card",
                Phase.DEFEND: f"{seat.word} may defend alone",
            }[hand.phase]
            steps.append((hand.phase, label))
            hand = hand.apply(a)
        leader = hand.to_act
        assert leader is not None
        steps.append((Phase.PLAY, f"{leader.word} leads the first trick"))
        if len(steps) >= 3:
            break
    answer = tuple(label for _, label in steps)
    fb = {label: _STEP_RULES[ph] for ph, label in steps}
    expl = " ".join(dict.fromkeys(_STEP_RULES[ph] for ph, _ in steps))
    return Question(
        prompt=f"Railroad is on. {story(made)} Put what happens next in order.",
        kind="order",
        choices=shuffled(rng, answer, answer),
        answer=answer,
        explanation=expl,
        feedback=fb,
        rules=("R3.2", "R5.5", "R6.1") + (("R5.4",) if any(ph == Phase.DEFEND for ph, _ in steps) else ()),
        record=hand.to_record(),
    )


def _force_defend(rules: Rules, rng: random.Random | None) -> Rules:
    if rules.defend_alone:
        return rules
    points = (4, 4) if rng is None else rng.choice(((4, 4), (1, 4)))
    return rules.replace(defend_alone=True, lone_defender_points=points)


@register_topic(
    "defend-alone",
    "Defending alone",
    "Against a loner a defender may play alone too: how many points does the lone defender score?",
    ("R5.4", "R7.3", "R7.4"),
    ("number",),
    variant="defend_alone",
    forced=_force_defend,
)
def _q_defend_alone(rng: random.Random, rules: Rules) -> Question:
    while True:
        start = loner_hand(rng, rules, defend=0.9)
        if start.lone_defender is not None:
            break
    goal = pick_outcome(rng, {"euchred": 0.45, "zero": 0.3, "made": 0.15, "march": 0.1})
    hand = play_until(start, rng, goal)
    assert hand.lone_defender is not None
    ldp = rules.lone_defender_points
    note = f"House rule: a lone defender scores {ldp[0]} for 3 or 4 tricks and {ldp[1]} for all 5. "
    team = hand.lone_defender.team if rng.random() < 0.75 else hand.lone_defender.team.other
    q = score_question(hand, rng, team, note)
    return dataclasses.replace(q, rules=("R5.4", "R7.1", "R7.3", "R7.4"))


@register_topic(
    "super-euchre",
    "Super euchre",
    "Makers who take no trick give the defenders 4 points.",
    ("R7.1", "R7.2"),
    ("number",),
    variant="super_euchre",
    forced=force_rules(super_euchre=True),
)
def _q_super_euchre(rng: random.Random, rules: Rules) -> Question:
    start = loner_hand(rng, rules, defend=0.3) if rng.random() < 0.2 else made_hand(rng, rules, alone=0.0)
    goal = pick_outcome(rng, {"zero": 0.6, "euchred": 0.25, "made": 0.15})
    hand = play_until(start, rng, goal)
    assert hand.maker is not None
    team = hand.maker.team.other if rng.random() < 0.8 else hand.maker.team
    q = score_question(hand, rng, team, "Super euchre is on. ")
    return dataclasses.replace(q, rules=("R7.1", "R7.2") + (("R7.4",) if hand.lone_defender is not None else ()))


@register_topic(
    "canadian-loner",
    "Canadian loner",
    "The dealer's partner who assists in round 1 must go alone.",
    ("R3.1", "R5.3"),
    ("select-all",),
    variant="canadian_loner",
    forced=force_rules(canadian_loner=True),
)
def _q_canadian(rng: random.Random, rules: Rules) -> Question:
    hand = round1_at(rng, rules, 1 if rng.random() < 0.7 else rng.randrange(4))
    seat = hand.to_act
    assert seat is not None
    s = hand.state
    legal = s.legal()
    options = [
        (act.PASS, "pass"),
        (act.ORDER_UP, action_words(s, seat, act.ORDER_UP)),
        (act.ORDER_UP_ALONE, action_words(s, seat, act.ORDER_UP_ALONE)),
    ]
    fb = {}
    for a, label in options:
        if a not in legal:
            fb[label] = illegal_action(s, a)
        elif a == act.PASS:
            fb[label] = f"{seat.word} may pass (R3.1)."
        elif a == act.ORDER_UP:
            fb[label] = f"{seat.word} is not the dealer's partner, so may '{label}' with a partner (R3.1, R5.3)."
        else:
            fb[label] = f"{seat.word} may '{label}': going alone is declared with the making action (R5.1)."
    return Question(
        prompt=f"Canadian loner is on. {story(hand)} It is {seat.word}'s turn in round 1. "
        f"Select everything {seat.word} may do.",
        kind="select-all",
        choices=tuple(label for _, label in options),
        answer=tuple(label for a, label in options if a in legal),
        explanation=bidding_options(hand),
        feedback=fb,
        rules=("R3.1", "R5.1", "R5.3"),
        cards=Cards([hand.upcard]),
        record=hand.to_record(),
    )


def _force_pickup(rules: Rules, rng: random.Random | None) -> Rules:
    if rng is None:
        return rules
    return rules.replace(dealer_picks_up_for_partner_loner=rng.random() < 0.5)


@register_topic(
    "partner-alone",
    "The dealer's partner goes alone",
    "When the dealer's partner assists alone, what happens to the upcard?",
    ("R3.2", "R5.1", "R5.2"),
    ("single",),
    variant="dealer_picks_up_for_partner_loner",
    forced=_force_pickup,
)
def _q_partner_alone(rng: random.Random, rules: Rules) -> Question:
    hand = round1_at(rng, rules, 1)
    dealer, partner, up = hand.dealer, hand.dealer.partner, hand.upcard
    after = hand.apply(Action(act.ORDER_UP_ALONE))
    picks_up = after.phase == Phase.DISCARD
    a = f"{dealer.word}, the dealer, adds the {up} to the hand and discards a card, then sits out"
    b = f"The {up} is dead: {dealer.word} sits out and does not pick it up"
    c = f"{partner.word}, the loner, takes the {up} and discards a card"
    rule = (
        "With the house rule that the dealer picks up even when partner goes alone (as OpenSpiel plays), the "
        "dealer picks up and discards first anyway, then sits out (R5.2)."
        if picks_up
        else "The dealer is the loner's partner, so the dealer sits out, cards face down, and does not pick up the upcard: it is dead (R5.1, R5.2)."
    )
    fb = {
        a: rule if picks_up else f"Not with these rules. {rule}",
        b: rule if not picks_up else f"Not with these rules. {rule}",
        c: f"The upcard only ever goes to the dealer (R3.2); the loner plays the cards dealt. {rule}",
    }
    house = (
        "Rules: as OpenSpiel plays them (the dealer picks up the upcard even when partner goes alone)."
        if rules.dealer_picks_up_for_partner_loner
        else "Rules: standard."
    )
    return Question(
        prompt=f"{house} {story(after)} What happens to the upcard?",
        kind="single",
        choices=(a, b, c),
        answer=a if picks_up else b,
        explanation=rule,
        feedback=fb,
        rules=("R3.2", "R5.1", "R5.2"),
        cards=Cards([up]),
        record=after.to_record(),
    )


def _force_lead(rules: Rules, rng: random.Random | None) -> Rules:
    if rng is None:
        return rules
    lead = rng.choice(("left_of_loner", "left_of_dealer"))
    return rules.replace(loner_lead=lead, defend_alone=rules.defend_alone or rng.random() < 0.35)


@register_topic(
    "loner-lead",
    "Who leads against a loner?",
    "Both loner-lead rules, and a lone defender: who leads the first trick?",
    ("R5.1", "R5.4", "R6.1"),
    ("single",),
    variant="loner_lead",
    forced=_force_lead,
)
def _q_loner_lead(rng: random.Random, rules: Rules) -> Question:
    hand = loner_hand(rng, rules, defend=0.6)
    rule = (
        "the player on the loner's left leads"
        if rules.loner_lead == "left_of_loner"
        else "the player on the dealer's left leads, even against a loner"
    )
    return leader_question(hand, f"Loner lead rule: {rule}. ")
