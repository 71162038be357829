"""Topics on the cards and trump: ranking and the bowers (R1.2-R1.4), choosing the dealer and
dealing (R2)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from euchre_learn.engine.cards import Card, Cards, Rank, Seat, Suit, deck
from euchre_learn.engine.core import State, bits
from euchre_learn.engine.core import deal as _core_deal
from euchre_learn.engine.explain import (
    card_reason,
    suit_words,
)
from euchre_learn.engine.game import Game, choose_first_dealer
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.rules import Rules
from euchre_learn.engine.trump import effective_suit, is_trump, left_bower, right_bower, trump_order
from euchre_learn.teaching.quiz.question import (
    Question,
)
from euchre_learn.teaching.quiz.situations import (
    SEATS,
    bid_step,
    made_hand,
    made_sentence,
    maker_tricks,
    shuffled,
    strength_order,
)
from euchre_learn.teaching.quiz.topics import register_topic

# ---- ranking and bowers (R1.2-R1.4) -----------------------------------------------------


@register_topic(
    "left-bower",
    "Which card is the left bower?",
    "Trump has just been made; pick the left bower, the jack of the same colour as trump.",
    ("R1.2", "R1.3"),
    ("single",),
)
def _q_left_bower(rng: random.Random, rules: Rules) -> Question:
    hand = made_hand(rng, rules)
    t = hand.trump
    assert t is not None
    jacks = [c for c in deck() if c.rank == Rank.JACK]
    ans = left_bower(t)
    fb = {}
    for j in jacks:
        fb[str(j)] = card_reason(j, t) if j == ans else f"{card_reason(j, t)} So it is not the left bower."
    return Question(
        prompt=f"{made_sentence(hand)} Which card is the left bower?",
        kind="single",
        choices=tuple(str(j) for j in jacks),
        answer=str(ans),
        explanation=card_reason(ans, t),
        feedback=fb,
        rules=("R1.2", "R1.3"),
        record=hand.to_record(),
    )


def order_question(hand: Hand, rng: random.Random, rules: Rules, must: Sequence[Card] = ()) -> Question:
    t = hand.trump
    assert t is not None
    benny = bool(rules.benny)
    if must or rng.random() < 0.7:
        order = list(trump_order(t, benny=benny))
        forced = list(must)
        if rng.random() < 0.7:
            forced.append(left_bower(t))
        if rng.random() < 0.5:
            forced.append(right_bower(t))
        forced = list(dict.fromkeys(forced))[:4]
        rest = [c for c in order if c not in forced]
        rng.shuffle(rest)
        chosen = forced + rest[: 4 - len(forced)]
        ranking = " ".join(str(c) for c in order)
        expl = (
            f"With {suit_words(t)} trump the trumps rank, high to low: {ranking}"
            + (": the Benny, " if benny else ": ")
            + f"the right bower {right_bower(t)}, the left bower {left_bower(t)}, then A K Q 10 9 (R1.3)."
        )
        rule_ids: tuple[str, ...] = ("R1.3",) + (("R1.1",) if benny else ())
    else:
        suit = t.next if rng.random() < 0.5 else rng.choice([s for s in Suit if s not in (t, t.next)])
        pool = [c for c in deck() if c.suit == suit and effective_suit(c, t) == suit]
        chosen = rng.sample(pool, 4)
        full = " ".join(str(c) for c in strength_order(pool, t))
        lost = (
            f" Their jack, the {left_bower(t)}, is missing: it is the left bower, a {t.plural[:-1]} now (R1.2)."
            if suit == t.next
            else ""
        )
        expl = f"With {suit_words(t)} trump, {suit.plural} are an off suit: {full}, high to low (R1.4).{lost}"
        rule_ids = ("R1.2", "R1.4") if suit == t.next else ("R1.4",)
    answer = tuple(str(c) for c in strength_order(chosen, t))
    return Question(
        prompt=f"{made_sentence(hand)} Put these cards in order, strongest first.",
        kind="order",
        choices=shuffled(rng, answer, answer),
        answer=answer,
        explanation=expl,
        feedback={str(c): card_reason(c, t) for c in chosen},
        rules=rule_ids,
        record=hand.to_record(),
    )


@register_topic(
    "trump-ranking",
    "Order cards by strength",
    "Four trumps, or four cards of one off suit: put them in order, strongest first.",
    ("R1.3", "R1.4"),
    ("order",),
)
def _q_trump_ranking(rng: random.Random, rules: Rules) -> Question:
    return order_question(made_hand(rng, rules), rng, rules)


@register_topic(
    "is-trump",
    "Is this card a trump?",
    "A player's five cards: select every trump, the left bower included.",
    ("R1.3",),
    ("select-all",),
)
def _q_is_trump(rng: random.Random, rules: Rules) -> Question:
    while True:
        hand = made_hand(rng, rules)
        t = hand.trump
        assert t is not None
        seats = [s for s in Seat if s not in hand.sitting_out]
        good = [s for s in seats if 1 <= sum(is_trump(c, t) for c in hand.holding(s)) <= 4]
        if not good:
            continue
        with_left = [s for s in good if left_bower(t) in hand.holding(s)]
        seat = rng.choice(with_left) if with_left and rng.random() < 0.6 else rng.choice(good)
        held = hand.holding(seat)
        extra = " and the Benny" if rules.benny else ""
        return Question(
            prompt=f"{made_sentence(hand)} Select every trump in {seat.word}'s hand.",
            kind="select-all",
            choices=tuple(str(c) for c in held),
            answer=tuple(str(c) for c in held if is_trump(c, t)),
            explanation=(
                f"The trumps are every {t.plural[:-1]}, the left bower {left_bower(t)} (the jack of "
                f"{t.next.plural}){extra} (R1.3)."
            ),
            feedback={str(c): card_reason(c, t) for c in held},
            rules=("R1.3",),
            cards=held,
            record=hand.to_record(),
        )


@register_topic(
    "effective-suit",
    "Which suit does a card follow as?",
    "Once trump is made, a card plays as its effective suit: the left bower is a trump.",
    ("R1.3", "R6.2"),
    ("single",),
)
def _q_effective_suit(rng: random.Random, rules: Rules) -> Question:
    hand = made_hand(rng, rules)
    t = hand.trump
    assert t is not None
    x = rng.random()
    if x < 0.35:
        card = left_bower(t)
    elif x < 0.55:
        card = rng.choice([c for c in deck() if c.rank == Rank.JACK])
    else:
        card = rng.choice(list(hand.holding(rng.choice([s for s in Seat if s not in hand.sitting_out]))))
    eff = effective_suit(card, t)
    fb = {}
    for s in Suit:
        if s == eff:
            fb[suit_words(s)] = card_reason(card, t)
        elif s == card.suit:
            fb[suit_words(s)] = f"Its printed suit is {s.plural}, but it plays as {eff.plural}. {card_reason(card, t)}"
        else:
            printed = "it is always trump" if card.suit is None else f"its printed suit is {card.suit.plural}"
            fb[suit_words(s)] = (
                f"The {card} is not a {s.plural[:-1]}: {printed}, and with {t.plural} trump it plays as "
                f"{eff.plural} (R1.3, R6.2)."
            )
    return Question(
        prompt=f"{made_sentence(hand)} Which suit does the {card} count as in play (the suit it follows)?",
        kind="single",
        choices=tuple(suit_words(s) for s in Suit),
        answer=suit_words(eff),
        explanation=f"{card_reason(card, t)} It follows {eff.plural} and only {eff.plural} (R6.2).",
        feedback=fb,
        rules=("R1.3", "R6.2"),
        cards=Cards([card]),
        record=hand.to_record(),
    )


# ---- choosing the dealer and dealing (R2) -----------------------------------------------


@register_topic(
    "first-dealer",
    "Who deals first?",
    "Cards are dealt face up until a black jack appears: who deals the first hand?",
    ("R2.1",),
    ("single",),
)
def _q_first_dealer(rng: random.Random, rules: Rules) -> Question:
    want_red = rng.random() < 0.6  # often a red jack shows first: it does not count
    for _ in range(30):
        seat, shown = choose_first_dealer(rng.getrandbits(32))
        red_first = any(c.rank == Rank.JACK and c.suit is not None and c.suit.color == "red" for c in shown)
        if red_first == want_red:
            break
    # choose_first_dealer deals one card to each seat from North clockwise (its docs)
    dealt = [(Seat(i % 4), c) for i, c in enumerate(shown)]
    jack = shown[-1]
    said = ", ".join(f"{s.word} {c}" for s, c in dealt)
    red = [c for c in shown if c.rank == Rank.JACK and c is not jack]
    why = f"The {jack} is the first black jack, and {seat.word} received it, so {seat.word} deals first (R2.1)."
    if red:
        why += f" The {' and '.join(str(c) for c in red)} {'is a red jack' if len(red) == 1 else 'are red jacks'}: only a black jack counts."
    fb = {}
    for other in Seat:
        if other == seat:
            fb[other.word] = why
        else:
            got = [str(c) for s, c in dealt if s == other]
            fb[other.word] = (
                f"{other.word} received {' '.join(got) or 'no card'}: no black jack, so not the first dealer (R2.1)."
            )
    return Question(
        prompt=(
            "To choose the first dealer, cards are dealt face up, one to each player from North clockwise, "
            f"until a black jack appears: {said}. Who deals first?"
        ),
        kind="single",
        choices=SEATS,
        answer=seat.word,
        explanation=why,
        feedback=fb,
        rules=("R2.1",),
        cards=shown,
    )


class _Unshuffled(random.Random):
    """A Random whose shuffle leaves the pack in order, so that the engine's deal shows which
    position of the pack each seat receives."""

    def shuffle(self, x: Any) -> None:
        return None


@register_topic(
    "dealing",
    "Dealing the cards",
    "Packets of 3 then 2 (or 2 then 3), clockwise from the dealer's left: put the deal in order.",
    ("R2.2",),
    ("order",),
)
def _q_dealing(rng: random.Random, rules: Rules) -> Question:
    if rules == Rules() and rng.random() < 0.3:
        rules = rules.replace(deal_packets=(2, 3))
    dealer = Seat(rng.randrange(4))
    state = _core_deal(rules, dealer, _Unshuffled())
    # position in the pack of every card each seat receives, from the engine's deal
    got = {seat: bits(state.hands[seat]) for seat in Seat}
    first, second = rules.deal_packets
    steps: list[tuple[int, str]] = []
    for seat in Seat:
        pos = got[seat]
        steps.append((pos[0], f"{seat.word} gets {first} cards"))
    eldest = min(Seat, key=lambda s: got[s][0])
    steps.append((got[eldest][first], f"{eldest.word} gets {second} more cards"))
    steps.append((state.upcard, "the next card is turned face up: the upcard"))
    steps.sort()
    answer = tuple(label for _, label in steps)
    fb = {label: "" for label in answer}
    for label in answer:
        if label.startswith(dealer.word + " gets"):
            fb[label] = f"The dealer, {dealer.word}, is served last in each round of packets (R2.2)."
        elif label.startswith(eldest.word + " gets") and "more" not in label:
            fb[label] = f"The deal starts with eldest, {eldest.word}, on the dealer's left (R2.2)."
        elif "more" in label:
            fb[label] = f"The second round of packets starts again with eldest, after everyone has {first} (R2.2)."
        elif "upcard" in label:
            fb[label] = "After the deal the next card is turned face up (R2.2)."
        else:
            fb[label] = "Packets go clockwise, one packet to each player in turn (R2.2)."
    return Question(
        prompt=(
            f"{dealer.word} deals, in packets of {first} then {second}. Put these in the order they happen "
            "(the rest of the second round is left out)."
        ),
        kind="order",
        choices=shuffled(rng, answer, answer),
        answer=answer,
        explanation=(
            f"Dealing goes clockwise from eldest, {eldest.word}, on the dealer's left: a packet of {first} to each "
            f"player, the dealer last, then a packet of {second} to each, then the upcard is turned (R2.2)."
        ),
        feedback=fb,
        rules=("R2.2",),
        record=_dealt(state, dealer, rules).to_record(),
    )


def _dealt(state: State, dealer: Seat, rules: Rules) -> Hand:
    """The :class:`Hand` of a core deal, just dealt: the same cards in the same seats."""
    pack = deck(rules)
    holdings: dict[Seat | str, list[Card]] = {seat: [pack[i] for i in bits(state.hands[seat])] for seat in Seat}
    kitty = [pack[i] for i in bits(state.kitty)]
    return Hand.from_cards(dealer, holdings, pack[state.upcard], kitty=kitty, rules=rules)


@register_topic(
    "next-dealer",
    "Who deals next?",
    "The deal passes to the left after every hand, also after a hand is thrown in.",
    ("R2.3", "R4.2"),
    ("single",),
)
def _q_next_dealer(rng: random.Random, rules: Rules) -> Question:
    thrown = rng.random() < 0.5
    accept = 0.02 if thrown else 0.4
    game = Game(rules, seed=rng.getrandbits(32), dealer=Seat(rng.randrange(4)))
    for _ in range(rng.randrange(1, 4)):
        n = len(game.hands)
        while len(game.hands) == n and not game.is_over:
            game = game.apply(bid_step(game.hand, rng, accept, 0.0, 0.0))
    last = game.hands[-1]
    nxt = game.hand.dealer
    if last.thrown_in:
        what = "all four passed twice, so the hand was thrown in"
    else:
        assert last.maker is not None
        assert last.trump is not None
        won = maker_tricks(last)
        what = (
            f"{last.maker.word} made {suit_words(last.trump)} trump"
            + (" alone" if last.alone else "")
            + f", and the makers took {won} trick{'s' if won != 1 else ''}"
        )
    why = f"The deal passes to the left after every hand: {last.dealer.word} dealt, so {nxt.word} deals next (R2.3)."
    if last.thrown_in:
        why += " A thrown-in hand passes the deal too (R4.2)."
    fb = {}
    for seat in Seat:
        if seat == nxt:
            fb[seat.word] = why
        elif seat == last.dealer:
            fb[seat.word] = (
                f"{seat.word} dealt this hand; nobody deals twice in a row, even after a throw-in (R2.3, R4.2)."
            )
        else:
            fb[seat.word] = f"The deal moves one seat to the left (clockwise), not to {seat.word} (R2.3)."
    return Question(
        prompt=f"{last.dealer.word} dealt this hand, and {what}. Who deals the next hand?",
        kind="single",
        choices=SEATS,
        answer=nxt.word,
        explanation=why,
        feedback=fb,
        rules=("R2.3", "R4.2") if last.thrown_in else ("R2.3",),
        record=last.to_record(),
    )
