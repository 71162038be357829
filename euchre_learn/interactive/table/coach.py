"""The table's coach: the Hint button (what the seat to act may do, and what the coach suggests,
with its reason and its numbers) and the Why? button (why the last thing happened, and what the
coach thinks of the learner's last decision).

Both ask one voice, the coach's judgement (:mod:`euchre_learn.analysis.coach`): the Hint's
suggestion is the judgement's best action, its reason the judgement's reason, and the numbers
under it that judgement's options, best first, so the suggestion is always the top row of its
own numbers. Why? judges the learner's decision in the same position with the same seed, so it
never contradicts the Hint the learner saw there.

Functions of the game at the table, with no table and no widget: :class:`~.model.Table`'s
:meth:`~.model.Table.hint` and :meth:`~.model.Table.why` call them.

>>> from euchre_learn import Game
>>> game = Game(seed=3, dealer='S')
>>> h = hint(game)
>>> h.seat, h.legal
(<Seat.W: 3>, ('Pass', 'Order it up', 'Order it up alone'))
>>> h.action == h.judgement.best and h.odds.splitlines()[1].startswith(h.label + ':')
True
>>> print(why(game.hand, game).splitlines()[0])
Round 1 of the bidding: the upcard Q♠ proposes ♠ spades as trump. West (eldest, on the dealer's left) may order it up, ...
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from euchre_learn.analysis.coach import GAME_TIE, CoachOption, Judgement, judge, scaled_worlds
from euchre_learn.analysis.coach.grades import loss_text
from euchre_learn.analysis.coach.words import hint_rule
from euchre_learn.analysis.convention_book import broken
from euchre_learn.engine import act, explain
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat, Team
from euchre_learn.engine.game import Game
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.interactive.table.words import CARD_PHASES, action_label

__all__ = ["Hint", "game_score", "hint", "judge_position", "odds_text", "verdict", "why"]


@dataclass(frozen=True)
class Hint:
    """What the seat to act may do, the coach's suggestion with its reason, and its numbers."""

    seat: Seat
    legal: tuple[str, ...]
    action: Action
    label: str
    reason: str
    rules_text: str
    odds: str = ""
    """With ``hint(odds=True)`` (the default): every choice played out by the coach over deals
    of the unseen cards, best first (the suggestion is the first row), in words."""
    judgement: Judgement | None = field(default=None, repr=False, compare=False)
    """The coach's judgement behind the suggestion and the numbers."""

    def __str__(self) -> str:
        return (
            f"{self.seat.word} may: {', '.join(self.legal)}.\n"
            f"Suggestion: {self.label}. {self.reason}\n{self.odds}\n{self.rules_text}".replace("\n\n", "\n").rstrip()
        )


def game_score(game: Game) -> tuple[int, int]:
    """The game score ``(NS, EW)`` before the hand in progress (what the coach grades by)."""
    score = game.score
    return (score[Team.NS], score[Team.EW])


def hint(
    game: Game, *, odds: bool = True, worlds: int | None = None, seed: Any = None, judgement: Judgement | None = None
) -> Hint:
    """The legal actions of the seat to act in ``game.hand`` and the coach's suggestion with its reason.

    The suggestion is :func:`euchre_learn.analysis.coach.hint`'s (the coach's best choice,
    graded by the chance to win the game from the game's score); ``worlds`` and ``seed`` as
    :func:`judge_position` takes them (default: the settled judgement every voice reads).
    ``odds``: also say each choice's numbers from the same judgement, best first.
    ``judgement``: a judgement of this position already made (the table keeps them)."""
    hand = game.hand
    seat = hand.to_act
    if seat is None:
        raise ValueError("there is nothing to decide: the hand is over")
    j = judgement or judge_position(game, worlds=worlds, seed=seed)
    if hand.phase in CARD_PHASES:
        legal = tuple(str(a.card) for a in hand.legal_actions() if a.card is not None)
        if hand.phase == Phase.PLAY:
            rules_text = explain.leader_reason(hand) if not hand.tricks and not hand.current_trick else ""
            trick = hand.current_trick
            if trick is not None and trick.cards:
                assert hand.trump is not None
                legal_cards = [a.card for a in hand.legal_actions() if a.card is not None]
                rules_text = explain.play_reasons(legal_cards, hand.trump, trick.cards[0])[legal_cards[0]]
        else:
            rules_text = explain.bidding_options(hand)
    else:
        legal = tuple(action_label(hand, a) for a in hand.legal_actions())
        rules_text = explain.bidding_options(hand)
    reason = j.reason
    rule = hint_rule(j)
    if rule:
        reason += " " + rule
    return Hint(seat, legal, j.best, action_label(hand, j.best), reason, rules_text, odds_text(j) if odds else "", j)


def judge_position(game: Game, *, worlds: int | None = None, seed: Any = None, first: bool = False) -> Judgement:
    """The coach's judgement of the decision of the seat to act in ``game.hand``, graded by the
    chance to win the game: the position's one judgement, settled (``worlds=None``; the one
    :func:`euchre_learn.hint` and the review read), or exactly ``worlds`` deals for a card
    decision (a bid: three times as many) from the stream ``seed`` picks. ``first``: the quick
    first answer the settled judgement refines."""
    return judge(game.hand, score=game_score(game), worlds=scaled_worlds(game.hand, worlds), seed=seed, first=first)


def _percent(x: float, digits: int) -> str:
    return f"{x:.{digits}%}"


def _made_text(hand: Hand, o: CoachOption) -> str:
    """Made or euchred, for the rows where it says something: a bid that makes trump, or any
    choice once trump is made (made by the seat's side, or euchring the makers)."""
    seat = hand.to_act
    assert seat is not None
    if hand.maker is None:
        return "" if o.action.id == act.PASS else f", made {o.p_made:.0%}"
    if hand.maker.team == seat.team:
        return f", made {o.p_made:.0%}"
    return f", euchre them {o.p_set:.0%}"


RULED = "as good within the noise, but it breaks a rule of thumb: the rule decides"
GATED = "more in these deals, but strong players do not go alone with this hand (the march gate)"
"""What a row of the Hint's numbers adds when it shows a hair more than the suggestion, which the
coach chose because it keeps a rule of thumb that row's choice breaks."""


def odds_text(j: Judgement) -> str:
    """The judgement's numbers for each choice, best first, in a few lines: the chance to win the
    game (with a score), the points for the seat's side this hand on average, and how often it
    is made (or euchred)."""
    hand = j.position
    best = j.options[0]
    digits = 0
    if j.game:
        # one decimal where whole percents would show the best no better than the next untied choice
        untied = [
            o for o in j.options[1:] if o.win is not None and best.win is not None and best.win - o.win >= GAME_TIE
        ]
        if (
            untied
            and best.win is not None
            and untied[0].win is not None
            and round(best.win * 100) <= round(untied[0].win * 100)
        ):
            digits = 1
    rows = []
    for o in j.options:
        parts = []
        # a choice the numbers put a hair above the suggestion, which keeps a rule of thumb the
        # other breaks (the coach's judgement: within noise, the convention decides), says so
        ruled = o is not best and j.decided_by in ("convention", "gate") and o.value() > best.value()
        if o.win is not None and best.win is not None:
            win = f"{_percent(o.win, digits)} to win the game"
            if not ruled and o is not best and best.win - o.win < GAME_TIE:
                win += " (a tie on the game)"
            parts.append(win)
        parts.append(f"{o.table_points:+.1f} points{_made_text(hand, o)}")
        if ruled:
            parts.append(RULED if j.decided_by == "convention" else GATED)
        rows.append(f"{action_label(hand, o.action)}: {', '.join(parts)}")
    unit = (
        "your side's chance to win the game, then its points this hand on average"
        if j.game
        else "points for your side, on average"
    )
    return (
        f"Played out in {j.worlds} deals of the cards you cannot see, by players who cannot see them either "
        f"({unit}), best first:\n" + "\n".join(rows)
    )


def _named(hand: Hand, action: Action) -> str:
    """An action inside a sentence: 'the 10♦' for a card, else its label ('Take it up alone')."""
    return f"the {action.card}" if action.card is not None else action_label(hand, action)


def verdict(j: Judgement, action: Action, who: str = "Your") -> str:
    """The coach's word on a decision already taken, short: ``action`` in the position ``j``
    judged (the Hint's own judgement there, so the two never disagree), its grade and cost, the
    coach's choice, and the rule of thumb it breaks, if any.

    ("Your pass: the coach's choice too.", "Your 9♣: inaccuracy (it gives up 3.1% of the chance
    to win the game). The coach's choice: the K♣.")"""
    hand = j.position
    label = action_label(hand, action)
    subject = f"{who} {label[0].lower()}{label[1:]}" if action.card is None else f"{who} {action.card}"
    close = " Close: it depends on cards you can't see." if j.close_for(action) else ""
    if j.forced:
        return f"{subject}: nothing to choose here."
    grade = j.grade_of(action)
    if action == j.best:
        return f"{subject}: the coach's choice too.{close}"
    if grade == "best":
        return f"{subject}: as good as the coach's choice, {_named(hand, j.best)}."
    if j.same_as_best(action):
        cost = "it comes to the same as the coach's choice in every deal here"
    else:
        loss = loss_text(j.loss_of(action), j.game, words=True)
        cost = f"it gives up {loss} " + ("of the chance to win the game" if j.game else "points")
    text = f"{subject}: {grade} ({cost}). The coach's choice: {_named(hand, j.best)}.{close}"
    rules = broken(hand, action, j.score)
    if rules:
        text += f" Good players' rule of thumb: {rules[0].sentence}"
    return text


def why(hand: Hand, game: Game, coach: str = "") -> str:
    """Why the last thing happened in ``hand`` (the hand on the table, finished or not, of
    ``game``): the last trick's winner, the score of a finished hand, who leads, or what the
    bidding offers now; then ``coach``, the coach's word on the learner's last decision
    (:func:`verdict`), when there is one."""
    parts = []
    if hand.thrown_in:
        parts.append(explain.score_reason(hand))
    else:
        if hand.tricks:
            trick = hand.tricks[-1]
            assert hand.trump is not None
            parts.append(f"Trick {len(hand.tricks)}: " + explain.trick_reason(trick.cards, trick.seats, hand.trump))
        if hand.is_over:
            parts.append(explain.score_reason(hand))
            parts.append(explain.game_reason(game))
        elif hand.phase == Phase.PLAY and not hand.tricks:
            assert hand.trump is not None and hand.maker is not None
            made = f"{hand.maker.word} made {hand.trump.symbol} {hand.trump.plural} trump" + (
                " and plays alone." if hand.alone else "."
            )
            parts.append(made + " " + explain.leader_reason(hand))
        elif hand.phase != Phase.PLAY:
            parts.append(explain.bidding_options(hand))
    if coach:
        parts.append(coach)
    return "\n".join(parts)
