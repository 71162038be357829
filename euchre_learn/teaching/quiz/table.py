"""Lesson 01's questions on the table and the deal (R1.1, R2.1-R2.3): whose partner, who is
eldest, who deals next, who deals first after a face-up deal, or how many cards. Every answer
comes from the engine (:class:`~euchre_learn.Seat`, :func:`~euchre_learn.choose_first_dealer`,
:meth:`Hand.deal <euchre_learn.Hand.deal>`).

:func:`table_question` is the question lesson 01 asks for a seed; :func:`make_table_question`
makes one from a random source: it is the quiz topic ``"the-table"`` (so practice, Today's
practice and worksheets ask it too). Partners sitting opposite have no rule id: those questions
cite the passage of docs/rules.md that says so, its anchor ``seats`` ("rule book: seats").

>>> q = table_question(2)
>>> q.prompt, q.answer
("Who is West's partner?", 'East')
"""

from __future__ import annotations

import dataclasses
import random

from euchre_learn.engine.cards import Cards, Rank, Seat, deck
from euchre_learn.engine.game import choose_first_dealer
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.rules import Rules
from euchre_learn.teaching.quiz.question import Question
from euchre_learn.teaching.quiz.topics import register_topic

__all__ = ["TOPIC", "make_table_question", "table_question"]

TOPIC = "the-table"
"""The topic name lesson 01's questions are recorded under."""

_SEAT_WORDS = tuple(s.word for s in Seat)


def table_question(seed: int) -> Question:
    """The question on the table and the deal that lesson 01 asks for ``seed``; the same seed
    gives the same question.

    >>> q = table_question(1)
    >>> q.check(q.answer).correct, q == table_question(1)
    (True, True)
    >>> sorted({table_question(s).title for s in range(40)})
    ['Choosing the first dealer', 'Eldest', 'How many cards?', 'Partners', 'The deal passes left']
    """
    q = make_table_question(random.Random(f"euchre-learn/lesson/table/{seed}"), Rules())
    return dataclasses.replace(q, id=f"{TOPIC}-{seed}", seed=seed)


@register_topic(
    TOPIC,
    "The table and the deal",
    "Whose partner, who is eldest, who deals next, who deals first, how many cards.",
    ("seats", "R1.1", "R2.1", "R2.2", "R2.3", "R3.1"),
    ("single", "number"),
)
def make_table_question(rng: random.Random, rules: Rules) -> Question:
    """A question on the table and the deal, drawn with ``rng``: whose partner, who is eldest,
    who deals next, who deals first, or how many cards. The seats and the first dealer are the
    same under every house rule; the counts follow ``rules`` (the Benny adds a card to the
    kitty), and those questions carry the hand dealt as their record."""
    kind = rng.choice(("partner", "eldest", "next-dealer", "first-dealer", "count"))
    seat = Seat(rng.randrange(4))
    choices: tuple[str, ...] = _SEAT_WORDS
    feedback: dict[str, str] = {}
    rule_ids: tuple[str, ...] = ()
    shown = Cards()
    record = None
    answer: str | int
    if kind == "partner":
        title, answer = "Partners", seat.partner.word
        prompt = f"Who is {seat.word}'s partner?"
        explanation = "Partners sit opposite each other: North with South, East with West (rule book: seats)."
        rule_ids = ("seats",)
        feedback = {
            seat.word: f"That is {seat.word}: a player is not their own partner (rule book: seats).",
            seat.left.word: f"{seat.left.word} sits on {seat.word}'s left: an opponent (rule book: seats).",
            seat.right.word: f"{seat.right.word} sits on {seat.word}'s right: an opponent (rule book: seats).",
            seat.partner.word: f"Yes: {seat.partner.word} sits opposite {seat.word} (rule book: seats).",
        }
    elif kind in ("eldest", "next-dealer"):
        left = seat.left
        answer = left.word
        if kind == "eldest":
            title = "Eldest"
            prompt = f"{seat.word} deals. Who is eldest: the first to receive cards and the first to bid?"
            explanation = "Eldest is the player on the dealer's left, the next seat clockwise (R2.2, R3.1)."
            rule_ids = ("R2.2", "R3.1")
        else:
            title = "The deal passes left"
            prompt = f"{seat.word} dealt this hand. Who deals the next one?"
            explanation = "The deal passes to the left, to the next seat clockwise, after every hand (R2.3)."
            rule_ids = ("R2.3",)
        cite = f"({', '.join(rule_ids)})"
        feedback = {
            seat.word: f"{seat.word} has just dealt; everything moves on clockwise {cite}.",
            left.word: f"Yes: {left.word} sits on {seat.word}'s left, the next seat clockwise {cite}.",
            seat.partner.word: f"{seat.partner.word} is {seat.word}'s partner, across the table {cite}.",
            seat.right.word: f"{seat.right.word} sits on {seat.word}'s right: clockwise goes the other way {cite}.",
        }
    elif kind == "first-dealer":
        dealer, shown = choose_first_dealer(rng.getrandbits(32))
        title, answer = "Choosing the first dealer", dealer.word
        prompt = (
            "To choose the first dealer, cards are dealt face up, one to each player from North clockwise "
            f"(North, East, South, West, North, …) until a black jack appears: {shown}. Who deals first?"
        )
        explanation = "The player who receives the first black jack (J♣ or J♠) deals first (R2.1)."
        rule_ids = ("R2.1",)
        for s in Seat:
            theirs = [c for i, c in enumerate(shown) if i % 4 == s]
            red = [c for c in theirs if c.rank == Rank.JACK and c != shown[-1]]
            if s == dealer:
                feedback[s.word] = f"Yes: {s.word} received the {shown[-1]}, a black jack (R2.1)."
            elif red:
                feedback[s.word] = f"{s.word}'s {red[0]} is a red jack: only a black jack (J♣ or J♠) counts (R2.1)."
            elif theirs:
                feedback[s.word] = f"{s.word} received {' '.join(map(str, theirs))}: no black jack (R2.1)."
            else:
                feedback[s.word] = f"{s.word} received no card before the black jack appeared (R2.1)."
    else:
        hand = Hand.deal(seat, rules=rules, seed=rng.getrandbits(32))
        record = hand.to_record()
        title, choices = "How many cards?", ()
        which = rng.choice(("deck", "hand", "kitty"))
        if which == "deck":
            prompt, answer = "How many cards are in a Euchre deck (without the Benny)?", len(deck())
            explanation = "9, 10, J, Q, K and A in each of the four suits: 6 × 4 = 24 cards (R1.1)."
            rule_ids = ("R1.1",)
        elif which == "hand":
            prompt, answer = "How many cards does each player hold after the deal?", len(hand.dealt(seat))
            explanation = "Five each: a packet of 3 and a packet of 2 (R2.2)."
            rule_ids = ("R2.2",)
        else:
            prompt = "After the deal, how many cards stay face down in the kitty, under the upcard?"
            answer = len(hand.kitty)
            total = len(deck(rules))
            explanation = (
                f"{total} cards: 5 to each of 4 players is 20, one more is the upcard, and the other "
                f"{answer} {'is' if answer == 1 else 'are'} the kitty (R2.2)."
            )
            rule_ids = ("R1.1", "R2.2")
    return Question(
        prompt=prompt,
        kind="number" if not choices else "single",
        choices=choices,
        answer=answer,
        explanation=explanation,
        feedback=feedback,
        rules=rule_ids,
        cards=shown,
        topic=TOPIC,
        title=title,
        record=record,
    )


