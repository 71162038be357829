"""The coach's words are never false (issue 33, items 3 and 6), over 200 decisions of bot-played
games: every decision judged by the coach, and every sentence it would print about it checked
against the position (:mod:`tests.analysis.coach.wordkit`) — the Hint's reason and rule of
thumb, ``Judgement.explain`` for every option, and the review's explanation for every option.

The checks are shown to fail first, on the issue's own false sentences put on real positions.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import euchre_learn as el
from euchre_learn.analysis.bots import get
from euchre_learn.analysis.coach import Judgement, judge
from euchre_learn.analysis.coach.words import hint_rule, name
from euchre_learn.analysis.convention_book import convention
from euchre_learn.analysis.review.run import decide
from euchre_learn.analysis.table_facts import Facts
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card, Team

from . import wordkit as wc

DECISIONS = 200
"""Decisions with a choice (two legal actions or more), from seeded games between 'standard' bots."""


def _decisions() -> Iterator[tuple[el.Hand, tuple[int, int]]]:
    g = 0
    while True:
        game = el.Game(seed=f"words|{g}", dealer="NESW"[g % 4])
        bot = get("standard", seed=g)
        g += 1
        while not game.is_over:
            hand = game.hand
            if hand.to_act is not None and len(hand.legal_actions()) > 1:
                yield hand, (game.score[Team.NS], game.score[Team.EW])
            game = game.apply(bot.act(game))


@pytest.fixture(scope="module")
def judged() -> list[tuple[el.Hand, tuple[int, int] | None, Judgement]]:
    """200 decisions, each judged at a few worlds (the words, not the numbers, are under test);
    one in four without the game score, as a hand reviewed on its own."""
    out = []
    for i, (hand, score) in zip(range(DECISIONS), _decisions(), strict=False):
        sc = score if i % 4 else None
        out.append((hand, sc, judge(hand, score=sc, seed=i, worlds=8 if hand.phase == el.Phase.PLAY else 24)))
    return out


def _texts(j: Judgement) -> Iterator[tuple[Action, Action, str]]:
    """(the action spoken of, the action the words recommend, the words) for everything the coach
    would print about ``j``: the Hint (reason and rule of thumb), and for every option the
    judgement's explanation and the review's."""
    yield j.best, j.best, f"{j.reason} {hint_rule(j)}".strip()
    for o in j.options:
        rec = o.action if j.grade_of(o.action) == "best" else j.best
        yield o.action, rec, j.explain(o.action)
        yield o.action, rec, decide(j, o.action).explanation


def _problems(judged, check) -> list[str]:
    out = []
    for hand, score, j in judged:
        for action, rec, text in _texts(j):
            for p in check(hand, score, j, action, rec, text):
                out.append(f"{hand.to_act.word} {action} at {score}: {p}\n    {text}")
    return out


def test_the_decisions_are_many_and_varied(judged) -> None:
    phases = {hand.phase for hand, _, _ in judged}
    assert len(judged) == DECISIONS and {el.Phase.ROUND_1, el.Phase.PLAY, el.Phase.DISCARD} <= phases
    assert sum(not j.forced for _, _, j in judged) >= 150


def test_no_card_wins_the_trick_while_a_later_seat_can_beat_it(judged) -> None:
    bad = _problems(judged, lambda hand, score, j, a, rec, text: wc.trick_claims(hand, text))
    assert not bad, f"{len(bad)} false trick claims, e.g.\n" + "\n".join(bad[:5])


def test_every_reason_names_a_card_a_rule_or_the_score(judged) -> None:
    def check(hand, score, j, a, rec, text):
        return [] if j.forced else wc.names_something(text)

    bad = _problems(judged, check)
    assert not bad, f"{len(bad)} empty reasons, e.g.\n" + "\n".join(bad[:5])


def test_no_reason_against_the_rule_it_quotes(judged) -> None:
    bad = _problems(judged, lambda hand, score, j, a, rec, text: wc.rules_agree(hand, score, text, a))
    assert not bad, f"{len(bad)} rules quoted against their choice, e.g.\n" + "\n".join(bad[:5])


def test_best_never_stands_beside_a_larger_number(judged) -> None:
    bad = _problems(judged, lambda hand, score, j, a, rec, text: wc.numbers_agree(text))
    assert not bad, f"{len(bad)} 'best' beside a larger number, e.g.\n" + "\n".join(bad[:5])


def test_the_score_is_named_where_it_decides(judged) -> None:
    def check(hand, score, j, a, rec, text):
        if j.forced:
            return []
        other = a if a != rec else next(o.action for o in j.options if o.action != rec)
        x, y = j.option(rec), j.option(other)
        return wc.score_named(hand, score, text, rec, other, x.win or 0.0, y.win or 0.0, x.table_points, y.table_points)

    bad = _problems(judged, check)
    assert not bad, f"{len(bad)} decisions the score decides without a word of it, e.g.\n" + "\n".join(bad[:5])
    # the score decides somewhere in these games, and a march that wins the game is said
    said = [t for _, _, j in judged for _, _, t in _texts(j)]
    assert any("going alone adds nothing" in t for t in said)


# ---- the checks catch the false sentences ---------------------------------------------------


def _beatable(judged) -> tuple[el.Hand, Card]:
    """A decision where the seat can play a card that would be winning the trick so far, but a seat
    still to play could beat it."""
    for hand, _, j in judged:
        if hand.phase != el.Phase.PLAY or j.forced:
            continue
        f = Facts(hand)
        for c in f.legal:
            if f.trick[0] and f.wins(c) and wc.could_be_beaten(f, c) is not None:
                return hand, Card(c)
    raise AssertionError("no such decision in the sample")


def test_the_trick_check_catches_a_card_a_later_seat_can_beat(judged) -> None:
    hand, card = _beatable(judged)
    assert wc.trick_claims(hand, f"The {card} is best: the {card} takes the trick (and you lead next).")
    assert wc.trick_claims(hand, f"The {card} is best: the {card} wins this trick as well as the J♦.")
    assert not wc.trick_claims(hand, f"The {card} is best: the {card} is winning the trick so far.")


def test_the_reason_check_catches_a_count_and_empty_words() -> None:
    count = "The Q♥ is best: you hold 3 trumps and 4 more are still out. (+0.40 points against +0.20)"
    assert wc.names_something(count)
    played = "The Q♥ is best: you hold 2 trumps and 2 more are still out, with the J♥ already played. (+0.4"
    assert wc.names_something(played)
    assert wc.names_something("The J♣ was a little better than the Q♦: it gives your side more. (+0.35")
    assert wc.names_something("The J♣ is best: it gives your side the most. (+0.35 points against +0.18")
    assert not wc.names_something("The 9♥ is best: the 9♥ wins this trick as surely as the J♥. (+0.3")


def test_the_rule_check_catches_lead_a_big_trump_beside_a_side_lead() -> None:
    hand = el.examples.hand("left-bower-trap", after=2)  # North made hearts and leads
    big = convention("maker-leads-high-trump").sentence
    side = next(a for a in hand.legal_actions() if not Facts(hand).is_trump(a.card.index))
    text = f"The {side.card} is best: leading trump here spends a trump your side needs. Rule of thumb: {big}"
    assert wc.rules_agree(hand, None, text, side)
    trump = convention("maker-leads-trump").sentence
    assert wc.rules_agree(hand, None, f"The {side.card} is best: it is a boss. Rule of thumb: {trump}", side)


def test_the_numbers_check_catches_best_beside_a_larger_number() -> None:
    assert wc.numbers_agree("The K♠ is best: … (+1.36 points against +1.81 for the next best, the A♠, over 40")
    assert wc.numbers_agree("To pass is best: … (34% to win the game against 35% for the next best, to assist")
    assert not wc.numbers_agree("The numbers can't separate the K♠ and the A♠ (+1.36 points against +1.81")


def test_the_score_check_catches_a_loner_at_eight() -> None:
    hand = el.Hand.deal("N", seed=1)
    alone, call = (
        next(a for a in hand.legal_actions() if a.kind == "order up" and a.alone),
        next(a for a in hand.legal_actions() if a.kind == "order up" and not a.alone),
    )
    text = "To order it up is best: alone you give up your partner's help."
    seat = hand.to_act
    score = (8, 5) if seat.team == Team.NS else (5, 8)
    assert wc.score_named(hand, score, text, call, alone, 0.9, 0.8, 1.0, 1.5)
    assert not wc.score_named(
        hand, score, text + " At 8–5 … going alone adds nothing.", call, alone, 0.9, 0.8, 1.0, 1.5
    )


# ---- the loner at 8-5 -----------------------------------------------------------------------

THIN_LONER = {"S": "J♥ 9♥ A♠ K♠ Q♠", "N": "Q♥ 9♣ 10♣ 9♦ 10♦", "E": "A♥ J♠ A♣ K♦ Q♣", "W": "10♥ 9♠ 10♠ J♣ K♣"}
STRONG_LONER = {"S": "J♥ J♦ A♥ K♥ A♠", "N": "9♥ 9♣ 10♣ 9♦ 10♦", "E": "10♥ J♠ A♣ K♦ Q♣", "W": "Q♠ 9♠ 10♠ J♣ K♣"}
LONERS = {
    "thin": (THIN_LONER, "K♥", "J♦ Q♦ A♦"),
    "strong": (STRONG_LONER, "Q♥", "Q♦ A♦ K♠"),
}


@pytest.mark.parametrize("score", [(8, 5), (8, 9), (9, 2)])
@pytest.mark.parametrize("loner", sorted(LONERS))
def test_a_loner_when_a_march_wins_the_game_adds_nothing(loner: str, score: tuple[int, int]) -> None:
    """Issue 33: the dealer's partner with J♥ 9♥ A♠ K♠ Q♠ under the K♥, at 8-5: "alone a march
    scores 4 points instead of 2" was the reason, and 2 points already win. Whatever the numbers
    (with R-L-A-K under the Q♥ the loner does best in these deals), the words about going alone say
    it adds nothing, name the score, and never call it best."""
    holding, up, kitty = LONERS[loner]
    hand = el.Hand.from_cards("N", holding, upcard=up, kitty=kitty).apply("pass")
    j = judge(hand, score=score, seed=1, worlds=24)
    alone = el.Action.parse("order up alone")
    texts = [(a, t) for a, _, t in _texts(j)]
    for a, text in texts:
        assert "4 points instead of 2" not in text, text
        assert not wc.every_problem(hand, score, text, a), text
    about_alone = [t for a, t in texts if a == alone] + ([j.reason] if j.best == alone else [])
    for text in about_alone:
        assert "going alone adds nothing" in text and f"{score[0]}–{score[1]}" in text, text
        said = name(hand, alone).capitalize()
        assert not text.startswith((f"{said} is best", f"{said} was")), text  # never 'best' nor 'better'
