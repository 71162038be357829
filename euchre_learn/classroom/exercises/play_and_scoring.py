"""Exercise sheet "play-and-scoring" (lessons 05-08): following suit, winning tricks, going
alone, scoring and the game. Every answer is computed here by the engine (``legal_plays``,
``trick_winner``, ``Hand``, ``score_hand``, ``Game``), never written by hand; the coding
questions compare a learner's function with the engine over many seeded cases, the
RULES.md §11 cases first, so the first disagreement a learner sees is a teaching case.

>>> from euchre_learn.classroom.exercises import checker
>>> check = checker("play-and-scoring")
>>> check("q2", "A♦").correct, check("q2", "A♦ J♦").correct
(True, False)
>>> check("q16", lambda n, alone: (1, 0) if n >= 3 else (0, 2)).message.split(':')[0]
'points(5, False) returned (1, 0), but it should be (2, 0)'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from euchre_learn.classroom.exercises import (
    Checker,
    Exercise,
    Grade,
    Grader,
    lazy,
    same_card,
    same_cards,
    same_function,
    same_number,
    same_suit,
    same_seat,
    same_text,
)
from euchre_learn.engine.cards import Card, Cards, Seat, Suit, Team, cards, deck
from euchre_learn.engine.explain import (
    bidding_options,
    card_reason,
    game_reason,
    leader_reason,
    play_reasons,
    score_reason,
    trick_reason,
)
from euchre_learn.engine.game import Game
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.rules import Rules, score_hand
from euchre_learn.engine.trump import effective_suit, left_bower, legal_plays, trick_winner

__all__ = ["SHEET", "barn_game", "barn_question", "final_question"]

HEARTS = Suit.HEARTS

# ---- following suit (lesson 05) ---------------------------------------------------------------


def _legal_question(qid: str, holding: str, led: str, wrong: str) -> Exercise:
    held, lead = cards(holding), Card.parse(led)
    legal = legal_plays(held, HEARTS, lead)
    reasons = play_reasons(held, HEARTS, lead)
    bower = left_bower(HEARTS)
    why = reasons[bower] if bower in held else reasons[held[0]]
    return Exercise(
        qid,
        f"Hearts are trump and the {lead} is led. You hold {held}. Which cards may you play?",
        ("R1.3", "R6.2"),
        same_cards(legal, why=f"Legal: {legal}. {why}"),
        wrong=wrong,
    )


def _show(value: Any) -> str:
    """An argument as the learner would type it: ``cards('J♦ A♦')``, ``Suit.HEARTS``."""
    if isinstance(value, Suit):
        return f"Suit.{value.name}"
    return repr(value)


def _legal_cases(seed: int = 5, n: int = 400) -> list[tuple[Cards, Suit, Card | None]]:
    """RULES.md §11 cases 1-4 first (hearts trump), then random holdings, trumps and leads."""
    out: list[tuple[Cards, Suit, Card | None]] = [
        (cards("J♦ A♦ K♣"), HEARTS, Card.parse("9♥")),
        (cards("A♦ J♦ 9♣"), HEARTS, Card.parse("K♦")),
        (cards("J♦ 9♣ K♣"), HEARTS, Card.parse("K♦")),
        (cards("A♦ 10♥ K♣"), HEARTS, Card.parse("J♦")),
        (cards("A♦ K♣ Q♠"), HEARTS, Card.parse("J♦")),
        (cards("Q♠ 10♥ A♣"), HEARTS, None),
    ]
    rng = random.Random(seed)
    pack = list(deck())
    for _ in range(n):
        picked = rng.sample(pack, rng.randint(2, 6))
        led = None if rng.random() < 0.1 else picked[0]
        out.append((Cards(picked[1:]), Suit(rng.randrange(4)), led))
    return out


def _legal_why(holding: Cards, trump: Suit, led: Card | None) -> str:
    want = legal_plays(holding, trump, led)
    reasons = play_reasons(holding, trump, led)
    if led is None:
        return f"the leader may lead any card (R6.2): all of {holding} are legal."
    bower = left_bower(trump)
    note = ""
    if bower in holding:
        note = " " + reasons[bower]
    elif led == bower:
        note = f" The {led} led is the left bower, a trump: trump was led (R1.3)."
    return (
        f"with {trump.symbol} {trump.plural} trump and the {led} led, follow the effective suit led, "
        f"{effective_suit(led, trump).plural}, if you can, else play anything (R6.2). Legal: {want}.{note}"
    )


def _as_cards(result: Any, _want: Any, holding: Cards, *_: Any) -> Any:
    """A learner's legal cards as ``Cards`` (they print as ``cards('J♦')``): a list, a tuple,
    text, or a set (put in holding order) all count; anything else is compared as it is."""
    if isinstance(result, (set, frozenset)):
        where = {c: i for i, c in enumerate(holding)}
        result = sorted(result, key=lambda c: where.get(c, 99))
    if isinstance(result, (str, list, tuple)):
        try:
            return cards(result)
        except (ValueError, TypeError):
            return result
    return result


_LEGAL_CASES = _legal_cases()


def _wrong_legal(holding: Cards, trump: Suit, led: Card | None) -> list[Card]:
    """The classic mistake: following the printed suit, forgetting the left bower."""
    if led is None:
        return list(holding)
    same = [c for c in holding if c.suit == led.suit]
    return same or list(holding)


# ---- winning tricks (lesson 06) ---------------------------------------------------------------


def _winner_question(qid: str, played: str, wrong: str) -> Exercise:
    trick = cards(played)
    best = trick[trick_winner(trick, HEARTS)]
    return Exercise(
        qid,
        f"Hearts are trump. The trick, in play order (the {trick[0]} was led): {trick}. Which card wins it?",
        ("R1.3", "R1.4", "R6.3"),
        same_card(best, why=trick_reason(trick, None, HEARTS)),
        wrong=wrong,
    )


def _winner_cases(seed: int = 6, n: int = 400) -> list[tuple[Cards, Suit]]:
    out = [(cards("Q♠ J♠ 10♠ A♦"), HEARTS), (cards("K♦ A♦ J♦ 9♣"), HEARTS), (cards("9♥ J♦ A♥ 10♥"), HEARTS)]
    rng = random.Random(seed)
    pack = list(deck())
    for _ in range(n):
        out.append((Cards(rng.sample(pack, rng.choice((2, 3, 4, 4, 4)))), Suit(rng.randrange(4))))
    return out


def _winner_why(trick: Cards, trump: Suit) -> str:
    return trick_reason(trick, None, trump)


def _wrong_winner(trick: Sequence[Card], trump: Suit) -> int:
    """The classic mistake: the highest card of the printed suit led, trumps forgotten."""
    led = trick[0].suit
    return max((i for i, c in enumerate(trick) if c.suit == led), key=lambda i: trick[i].rank or 0)


# ---- going alone (lesson 07) ------------------------------------------------------------------

_DEAL: dict[Seat | str, str] = {
    "N": "A♦ K♦ A♣ 10♠ Q♥",
    "E": "Q♠ K♥ 9♣ 10♦ J♥",
    "S": "K♣ Q♣ 10♣ 9♦ Q♦",
    "W": "J♠ J♣ A♠ K♠ A♥",
}
"""Lesson 07's first deal: West holds both black jacks."""


def _swap(a: str, b: str) -> dict[Seat | str, str]:
    """Lesson 07's deal with two seats' cards swapped."""
    out = dict(_DEAL)
    out[a], out[b] = _DEAL[b], _DEAL[a]
    return out


_DEAL_TEXT = "South deals and turns up the 9♠"


def _west_alone(rules: Rules | str) -> Hand:
    return Hand.from_cards("S", _DEAL, upcard="9♠", rules=rules).apply("order up alone").apply("discard 9♦")


def _east_alone(rules: Rules | str) -> Hand:
    hand = Hand.from_cards("S", _swap("W", "E"), upcard="9♠", rules=rules)
    return hand.apply("pass").apply("pass").apply("order up alone").apply("discard 9♦")



def _leader_question(qid: str, prompt: str, hand: Hand, wrong: str) -> Exercise:
    leader = hand.to_act
    assert leader is not None
    return Exercise(qid, prompt, ("R5.1", "R6.1"), same_seat(leader, why=leader_reason(hand)), wrong=wrong)


def _partner_alone() -> Exercise:
    hand = Hand.from_cards("S", _swap("N", "W"), upcard="9♠").apply("pass").apply("order up alone")
    (out,) = hand.sitting_out
    why = (
        f"{out.word}, the dealer, sits out: when the dealer's partner assists alone, the dealer does not "
        f"pick up and the upcard is dead (R5.2). {leader_reason(hand)}"
    )
    return Exercise(
        "q10",
        f"{_DEAL_TEXT}. West passes and North assists alone. Which seat sits out? Answer 'N', 'E', 'S' or 'W'.",
        ("R5.1", "R5.2"),
        same_seat(out, why=why),
        wrong="N",
    )


def _defend_alone() -> Exercise:
    hand = _west_alone("defend-alone").apply("defend alone")
    first = hand
    while not hand.tricks:
        hand = hand.apply(hand.legal_actions()[0])
    size = len(hand.tricks[0].cards)
    out = " and ".join(s.word for s in first.sitting_out)
    why = (
        f"{out} sit out: West's partner because West plays alone (R5.1), and North's partner because "
        f"North defends alone (R5.4). Only West and North play, so each trick has {size} cards (R6.3)."
    )
    return Exercise(
        "q11",
        f"Rules: the `defend-alone` preset. {_DEAL_TEXT}. West orders it up alone and North, on "
        "West's left, defends alone. How many cards does each trick hold?",
        ("R5.4", "R6.3"),
        same_number(size, why=why),
        wrong=3,
    )


def _railroad() -> Exercise:
    hand = _west_alone("railroad")
    seat = hand.to_act
    assert seat is not None
    return Exercise(
        "q12",
        f"Rules: the `railroad` preset. {_DEAL_TEXT}. West orders it up alone and South, the dealer, "
        "discards. Whose turn is it now? Answer 'N', 'E', 'S' or 'W'.",
        ("R5.5",),
        same_seat(seat, why=bidding_options(hand)),
        wrong="N",
    )


# ---- scoring and the game (lesson 08) ---------------------------------------------------------


def _points_question(qid: str, prompt: str, tricks: int, rules_ids: tuple[str, ...], wrong: int, **kw: Any) -> Exercise:
    sc = score_hand(tricks, **kw)
    side = sc.makers or sc.defenders
    return Exercise(qid, prompt, rules_ids, same_number(side, why=score_reason(tricks, **kw)), wrong=wrong)


def _points(maker_tricks: int, alone: bool) -> tuple[int, int]:
    sc = score_hand(maker_tricks, alone=alone)
    return (sc.makers, sc.defenders)


def _points_why(maker_tricks: int, alone: bool) -> str:
    return score_reason(maker_tricks, alone=alone)


def _as_pair(result: Any, *_: Any) -> Any:
    return tuple(result) if isinstance(result, list) else result


_GAME_SEED = 18  # the standard bots reach North-South 5, East-West 6 (in the barn) and North-South wins (19 before round 1 was bid by the learned policy, issue 35)


@cache
def _barn_game() -> Game:
    from euchre_learn.analysis.bots.drive import play_hands

    return play_hands(Game(Rules(points_to_win=7), seed=_GAME_SEED, dealer="S"), until_barn=True)


def barn_game() -> Game:
    """The game of question q17: a game to 7 played by the standard bots until a side is in
    the barn."""
    return _barn_game()


def barn_question() -> str:
    """The score of :func:`barn_game` in words, for the exercise notebook (without saying who
    is in the barn: that is the question).

    >>> barn_question().startswith('A game to 7 points: North-South ')
    True
    """
    game = _barn_game()
    return (
        f"A game to {game.rules.points_to_win} points: North-South {game.score[Team.NS]}, "
        f"East-West {game.score[Team.EW]}. Nobody has won yet."
        if game.winner is None
        else f"A game to {game.rules.points_to_win} points is over."
    )


def _barn_answer() -> str:
    game = _barn_game()
    barn = game.in_the_barn
    if game.winner is not None or not barn:
        return "none"
    return "both" if len(barn) == 2 else next(iter(barn)).name


def _barn_grader() -> Grader:
    want = _barn_answer()
    accept = {"NS": (Team.NS.word,), "EW": (Team.EW.word,), "none": ("nobody",), "both": ()}[want]
    return same_text(want, why=game_reason(_barn_game()), accept=accept)


@cache
def _final_game() -> Game:
    from euchre_learn.analysis.bots.drive import play_hands

    return play_hands(_barn_game())


def final_question() -> str:
    """The end of :func:`barn_game`, played on by the bots: the score before its last hand and
    how that hand was scored, for question q18 (without saying who won: that is the question).

    >>> final_question().startswith('The bots play on. Before the last hand')
    True
    """
    game = _final_game()
    last = game.hands[-1]
    before = {team: game.score[team] - last.points[team] for team in Team}
    return (
        f"The bots play on. Before the last hand the score was North-South {before[Team.NS]}, "
        f"East-West {before[Team.EW]}, in a game to {game.rules.points_to_win}. "
        f"The last hand: {score_reason(last)}"
    )


def _winner_grader() -> Grader:
    game = _final_game()
    winner = game.winner
    assert winner is not None
    return same_text(winner.name, why=game_reason(game), accept=(winner.word,))


# ---- the sheet --------------------------------------------------------------------------------

SHEET = Checker(
    "play-and-scoring",
    "Play and scoring: following suit, winning tricks, going alone, scoring",
    [
        _legal_question("q1", "J♦ A♦ K♣", "9♥", wrong="A♦ K♣"),
        _legal_question("q2", "A♦ J♦ 9♣", "K♦", wrong="A♦ J♦"),
        Exercise(
            "q3",
            "Spades are trump. Which suit does the J♣ follow as (its effective suit)?",
            ("R1.3", "R6.2"),
            same_suit(effective_suit("J♣", "spades"), why=card_reason("J♣", "spades")),
            wrong="clubs",
        ),
        Exercise(
            "q4",
            "Write legal(holding, trump, led): the cards of holding that may be played, in holding order. "
            "led is the card led, or None when you lead. Use effective_suit, not legal_plays.",
            ("R1.3", "R6.2"),
            same_function(legal_plays, _LEGAL_CASES, name="legal", why=_legal_why, show=_show, normalize=_as_cards),
            wrong=_wrong_legal,
            coding=True,
        ),
        _winner_question("q5", "Q♠ J♠ 10♠ A♦", wrong="J♠"),
        _winner_question("q6", "K♦ A♦ J♦ 9♣", wrong="A♦"),
        Exercise(
            "q7",
            "Write winner(trick, trump): the position (0 for the card led) of the card that wins the trick. "
            "Use effective_suit and trump_order, not trick_winner.",
            ("R1.3", "R1.4", "R6.3"),
            same_function(trick_winner, _winner_cases(), name="winner", why=_winner_why, show=_show),
            wrong=_wrong_winner,
            coding=True,
        ),
        _leader_question(
            "q8",
            f"Standard rules. {_DEAL_TEXT}. West orders it up alone. Who leads the first trick? "
            "Answer 'N', 'E', 'S' or 'W'.",
            _west_alone(Rules()),
            wrong="W",
        ),
        _leader_question(
            "q9",
            f"Rules(loner_lead='left_of_dealer'). {_DEAL_TEXT}. West and North pass and East orders it up "
            "alone. Who leads the first trick? Answer 'N', 'E', 'S' or 'W'.",
            _east_alone(Rules(loner_lead="left_of_dealer")),
            wrong="W",
        ),
        _partner_alone(),
        _defend_alone(),
        _railroad(),
        _points_question(
            "q13", "A loner takes all five tricks. How many points do the makers score?", 5, ("R7.1",), 2, alone=True
        ),
        _points_question(
            "q14",
            "Rules: the `super-euchre` preset. The makers (not alone) take no trick at all. How many points "
            "do the defenders score?",
            0,
            ("R7.1", "R7.2"),
            2,
            rules=Rules.preset("super-euchre"),
        ),
        _points_question(
            "q15",
            "Rules: the `seed-000` preset. A loner takes 2 tricks against a lone defender, who takes the "
            "other 3. How many points does the lone defender score?",
            2,
            ("R7.3", "R7.4"),
            4,
            alone=True,
            lone_defender=True,
            rules=Rules.preset("seed-000"),
        ),
        Exercise(
            "q16",
            "Write points(maker_tricks, alone): the points for one hand as a pair (makers, defenders), "
            "with the standard rules. Use no score_hand.",
            ("R7.1",),
            same_function(
                _points,
                [(n, alone) for alone in (False, True) for n in range(6)],
                name="points",
                why=_points_why,
                normalize=_as_pair,
            ),
            wrong=lambda n, alone: (1, 0) if n >= 3 else (0, 2),
            coding=True,
        ),
        Exercise(
            "q17",
            "A game to 7 points stands as barn_question() says. Which side is in the barn? Answer 'NS', 'EW', 'both' or 'none'.",
            ("R8.1", "R8.3"),
            lazy(_barn_grader),
            wrong={"NS": "EW", "EW": "NS"}.get(_barn_answer(), "NS"),
        ),
        Exercise(
            "q18",
            "The game of q17 goes on, as final_question() tells. Which side won the game? Answer 'NS' or 'EW'.",
            ("R8.1", "R8.2"),
            lazy(_winner_grader),
            wrong="EW" if _final_game().winner == Team.NS else "NS",
        ),
    ],
)
"""The sheet: 18 questions, three of them coding ones (q4, q7, q16)."""
