"""Topics on scoring a hand and the state of a game (R7, R8)."""

from __future__ import annotations

import random

from euchre_learn.engine.cards import Seat, Team
from euchre_learn.engine.explain import (
    game_reason,
    score_reason,
)
from euchre_learn.engine.game import Game
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.rules import Rules
from euchre_learn.teaching.quiz.question import (
    Question,
)
from euchre_learn.teaching.quiz.situations import (
    bid_step,
    loner_hand,
    made_hand,
    maker_tricks,
    pick_outcome,
    play_until,
    story,
)
from euchre_learn.teaching.quiz.topics import register_topic

# ---- scoring and the game (R7, R8) ------------------------------------------------------


def score_question(hand: Hand, rng: random.Random, team: Team, note: str = "") -> Question:
    assert hand.maker is not None
    makers = hand.maker.team
    won = maker_tricks(hand)
    who = (
        "the makers" if team == makers else ("the lone defender" if hand.lone_defender is not None else "the defenders")
    )
    explanation = score_reason(hand) + " Only one side scores for a hand (R7.1)."
    rule_ids = ["R7.1"]
    if hand.rules.super_euchre and won == 0:
        rule_ids.append("R7.2")
    if hand.lone_defender is not None:
        rule_ids += ["R7.3", "R7.4"]
    return Question(
        prompt=f"{story(hand)} {note}The makers, {makers.word}, took {won} trick{'s' if won != 1 else ''}. "
        f"How many points does {team.word} ({who}) score for this hand?",
        kind="number",
        choices=(),
        answer=hand.points[team],
        explanation=explanation,
        rules=tuple(rule_ids),
        record=hand.to_record(),
    )


@register_topic(
    "scoring",
    "Scoring a hand",
    "The hand is over: how many points does a side score (made, march, euchred, alone)?",
    ("R7.1",),
    ("number",),
)
def _q_scoring(rng: random.Random, rules: Rules) -> Question:
    start = loner_hand(rng, rules, defend=0.3) if rng.random() < 0.3 else made_hand(rng, rules, alone=0.0)
    goal = pick_outcome(rng, {"made": 0.35, "march": 0.3, "euchred": 0.2, "zero": 0.15})
    hand = play_until(start, rng, goal)
    assert hand.maker is not None
    team = hand.maker.team if rng.random() < 0.6 else hand.maker.team.other
    return score_question(hand, rng, team)


_STATES = (
    "North-South won",
    "East-West won",
    "North-South is in the barn",
    "East-West is in the barn",
    "both sides are in the barn",
    "nobody has won and nobody is in the barn",
)


def _game_answer(game: Game) -> str:
    if game.winner is not None:
        return f"{game.winner.word} won"
    barn = game.in_the_barn
    if len(barn) == 2:
        return _STATES[4]
    if barn:
        return f"{next(iter(barn)).word} is in the barn"
    return _STATES[5]


@register_topic(
    "game-state",
    "The game: in the barn, who won?",
    "After a hand is scored: has a side won the game, or is a side in the barn?",
    ("R7.1", "R8.1", "R8.2", "R8.3"),
    ("single",),
)
def _q_game_state(rng: random.Random, rules: Rules) -> Question:
    if rules == Rules():
        rules = rules.replace(points_to_win=rng.choice((5, 7, 10)))
    target = rules.points_to_win
    mode = rng.random()
    stop_at = rng.randrange(1, 6)
    game = Game(rules, seed=rng.getrandbits(32), dealer=Seat(rng.randrange(4)))
    before = game.score
    while True:
        n = len(game.hands)
        prev = game.score
        while len(game.hands) == n and not game.is_over:
            game = game.apply(bid_step(game.hand, rng, 0.3, 0.08, 0.3))
        before = prev
        if game.is_over:
            break
        if game.hands[-1].thrown_in:
            continue
        if mode < 0.45 and game.in_the_barn:
            break
        if 0.45 <= mode < 0.6 and len(game.hands) >= stop_at:
            break
    last = game.hands[-1]
    if last.thrown_in:
        what = "all four passed twice, and the hand was thrown in"
    else:
        assert last.maker is not None
        won = maker_tricks(last)
        what = (
            f"{last.maker.word} made trump"
            + (" alone" if last.alone else "")
            + f" and the makers, {last.maker.team.word}, took {won} trick{'s' if won != 1 else ''}"
        )
    answer = _game_answer(game)
    why = game_reason(game)
    score = game.score
    fb: dict[str, str] = {}
    for label in _STATES:
        if label == answer:
            fb[label] = why
            continue
        team = Team.NS if label.startswith("North-South") else Team.EW if label.startswith("East-West") else None
        if team is not None and label.endswith("won"):
            fb[label] = f"{team.word} has {score[team]} points now: a side wins on reaching {target} (R8.2)."
        elif team is not None:
            fb[label] = (
                f"{team.word} has {score[team]} points now: in the barn means {target - 1}, one short of "
                f"{target} (R8.3)."
            )
        elif label == _STATES[4]:
            fb[label] = f"Both sides would need {target - 1} points, one short of {target} (R8.3)."
        else:
            fb[label] = f"A side with {target - 1} points is in the barn, and one with {target} has won (R8.2, R8.3)."
    return Question(
        prompt=f"A game to {target} points. Before this hand the score was North-South {before[Team.NS]}, "
        f"East-West {before[Team.EW]}. In this hand {what}. What is the state of the game now?",
        kind="single",
        choices=_STATES,
        answer=answer,
        explanation=(score_reason(last) + " " if not last.thrown_in else "") + why,
        feedback=fb,
        rules=("R7.1", "R8.1", "R8.2", "R8.3"),
        record=last.to_record(),
    )
