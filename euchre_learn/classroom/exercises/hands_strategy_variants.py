"""Exercise sheet "hands-strategy-variants" (lessons 09-12): whole hands, the table, strategy
by simulation, and the house rules. Every answer is computed here by the engine (the example
hands, :func:`~euchre_learn.solve`, :func:`~euchre_learn.advise`, the table model,
:func:`~euchre_learn.score_hand`), never written by hand; the coding questions compare a
learner's function with the engine over every case.

>>> from euchre_learn.classroom.exercises import checker
>>> check = checker("hands-strategy-variants")
>>> check("q1", "W").correct, check("q1", "N").correct
(True, False)
>>> check("q14", lambda dealer, maker, alone, loner_lead: dealer.left).message.split(':')[0]
"leader(Seat.N, Seat.E, True, 'left_of_loner') returned Seat.E, but it should be Seat.S"
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING, Any

from euchre_learn.teaching.quiz.situations import maker_tricks
from euchre_learn.analysis import examples
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
    same_seat,
    same_text,
)
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.explain import leader_reason, play_reasons
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.records import replay
from euchre_learn.engine.rules import Rules, score_hand
from euchre_learn.engine.trump import left_bower, trump_order

if TYPE_CHECKING:
    from euchre_learn.analysis.advisor import Advice
    from euchre_learn.interactive.table import Table

__all__ = ["SHEET", "advisor_hand", "lesson10_table"]


# ---- helpers -----------------------------------------------------------------------------------



def _show(value: Any) -> str:
    """An argument as the learner would type it."""
    if isinstance(value, Seat):
        return f"Seat.{value.name}"
    if isinstance(value, Hand):
        return _HAND_NAMES.get(value, "a hand")
    return repr(value)


# ---- a whole hand (lesson 09) ------------------------------------------------------------------


def _who_leads() -> Exercise:
    hand = examples.hand("euchre", after=7)
    leader = hand.to_act
    assert leader is not None
    return Exercise(
        "q1",
        "The example 'euchre': South deals, all four pass in round 1, and in round 2 West and North pass "
        "and East calls clubs. Who leads the first trick? Answer 'N', 'E', 'S' or 'W'.",
        ("R6.1",),
        same_seat(leader, why=leader_reason(hand)),
        wrong="E",
    )


def _solver_lead() -> Exercise:
    from euchre_learn.analysis.solver import solve

    hand = examples.hand("left-bower-trap", after=2)
    sol = solve(hand)
    best = [a.card for a in sol.best if a.card is not None]
    assert len(best) == 1 and hand.trump is not None
    card = best[0]
    others = sorted((a for a in sol.values if a.card != card), key=lambda a: -sol.values[a])
    rest = ", ".join(f"the {a.card} {sol.values[a]}" for a in others)
    bower = left_bower(hand.trump)
    why = (
        f"With every card visible and best play after it, the {card} lead takes all {sol.values[Action.parse(f'play {card}')]} "
        f"tricks; the other leads take fewer ({rest}). The {card} draws East's {bower}, the left bower, which "
        "must follow a trump lead because it is a trump (R1.3, R6.2)."
    )
    return Exercise(
        "q2",
        "The example 'left-bower-trap' after its first 2 actions (shown below): hearts are trump and North "
        "leads the first trick. Which lead gives North-South all five tricks, with best play by both sides? "
        "Ask the solver.",
        ("R1.3", "R6.2"),
        same_card(card, why=why),
        wrong="A♥",
    )


def _finished_examples() -> dict[Hand, str]:
    """Every example hand in which trump was made, with how a learner would write it."""
    out = {}
    for name in examples.names():
        hand = examples.hand(name)
        if hand.maker is not None:
            out[hand] = f"examples.hand({name!r})"
    return out


_HAND_NAMES = _finished_examples()


def _makers_tricks_why(hand: Hand) -> str:
    assert hand.maker is not None
    team = hand.maker.team
    winners = ", ".join(f"trick {i} {t.winner.word}" for i, t in enumerate(hand.tricks, 1) if t.winner)
    return (
        f"{hand.maker.word} made trump, so the makers are {team.word}; the tricks were won by {winners}. "
        "A trick won by the maker's partner counts for the makers too (R7.1)."
    )


def _only_maker(hand: Hand) -> int:
    """The classic mistake: counting only the maker's own tricks, not the partner's."""
    return sum(1 for t in hand.tricks if t.winner == hand.maker)


# ---- the table (lesson 10) ------------------------------------------------------------------------


def lesson10_table() -> Table:
    """The table of lesson 10 when East leads the A♦ to trick 3: South (the learner) ordered
    it up and led the J♣ and the K♣, and the bots played the rest (questions q4 and q5).

    >>> t = lesson10_table()
    >>> t.to_act, str(t.hand.current_trick)
    (<Seat.S: 2>, 'E A♦')
    """
    from euchre_learn.interactive.table import Table

    t = Table(humans="S", seed=10, dealer="E")
    for action in ("order up", "play J♣", "play K♣"):
        t.act(action)
        t.run_bots()
    return t


def _table_play() -> Exercise:
    t = lesson10_table()
    hand = t.hand
    legal = [c.card for c in t.card_choices() if c.legal]
    held = hand.holding("S")
    trick = hand.current_trick
    assert trick is not None and hand.trump is not None
    reasons = play_reasons(held, hand.trump, trick.cards[0])
    illegal = [c for c in held if c not in legal]
    why = reasons[legal[0]] + (f" {hand.explain_illegal(Action.parse(f'play {illegal[0]}'))}" if illegal else "")
    return Exercise(
        "q4",
        f"At the table of lesson 10 (shown below), East leads the {trick.cards[0]} to trick 3 and South holds "
        f"{held}. Which cards may South play?",
        ("R6.2",),
        same_cards(legal, why=why),
        wrong=" ".join(str(c) for c in held),
    )


def _undo_points() -> Exercise:
    t = lesson10_table()
    points = t.undo_points()
    labels = "; ".join(label for _, label in points)
    why = (
        f"Back to offers every point of this hand where you had a choice: {labels}. The bots' moves are not "
        "points of their own: going back to a point takes back your action there and everything after it."
    )
    return Exercise(
        "q5",
        "At the same table, how many points of the hand does Undo's Back to menu offer? (t.undo_points() "
        "lists them; count them first without running it.)",
        (),
        same_number(len(points), why=why),
        wrong=len(t.log),
    )


# ---- strategy (lesson 11) ------------------------------------------------------------------------


def advisor_hand() -> Hand:
    """The hand of question q6: the example 'bower-to-the-enemy' at South's first bid.

    >>> hand = advisor_hand()
    >>> hand.to_act, hand.upcard
    (<Seat.S: 2>, Card.parse('J♣'))
    """
    return examples.hand("bower-to-the-enemy", after=0)


@cache
def _advice() -> Advice:
    from euchre_learn.analysis.advisor import advise

    return advise(advisor_hand(), worlds=100, seed=1, progress=False)


def _advice_grader() -> Grader:
    advice = _advice()
    best = advice.best
    rows = "; ".join(f"{o.action} {o.expected_points:+.2f} ± {o.expected_points_se:.2f}" for o in advice.options)
    why = (
        f"advise(...) ranks {best.action} first ({rows} points for North-South). Ordering up would give the "
        "J♣, the right bower, to East, the dealer, an opponent (R3.2)."
    )
    accept = {"order up": ("order it up", "assist", "take it up"), "pass": ()}.get(str(best.action), ())
    return same_text(str(best.action), why=why, accept=accept)


def _loner_break_even() -> Exercise:
    march_alone = score_hand(5, alone=True).makers
    made_alone = score_hand(3, alone=True).makers
    march_partner = score_hand(5).makers
    p = (march_partner - made_alone) / (march_alone - made_alone)
    percent = math.floor(p * 100) + 1
    why = (
        f"Alone, a march scores {march_alone} and 3 or 4 tricks score {made_alone}; with partner the sure march "
        f"scores {march_partner} (R5.1, R7.1). Alone is worth p × {march_alone} + (1 − p) × {made_alone}, "
        f"more than {march_partner} when p is above {march_partner - made_alone}/{march_alone - made_alone}, "
        f"about {p:.1%}: {percent}% is the smallest whole percentage that beats it."
    )
    return Exercise(
        "q7",
        "Your hand marches for sure with your partner's help, and it is never euchred. Alone, it marches with "
        "chance p and otherwise takes 3 or 4 tricks. From what chance p of a march, as the smallest whole "
        "percentage, is going alone worth more points on average?",
        ("R5.1", "R7.1"),
        same_number(percent, why=why),
        wrong=50,
    )


def _standard_error() -> Exercise:
    worlds, se, goal = 50, 0.12, 0.03
    need = round(worlds * (se / goal) ** 2)
    why = (
        f"The standard error shrinks with the square root of the number of worlds: to divide it by "
        f"{se / goal:g}, use {se / goal:g}² = {(se / goal) ** 2:g} times as many worlds, {worlds} × "
        f"{(se / goal) ** 2:g} = {need}."
    )
    return Exercise(
        "q8",
        f"The advisor estimates a choice at +1.26 ± {se} points with {worlds} worlds. About how many worlds "
        f"would bring the standard error down to ± {goal}?",
        (),
        same_number(need, why=why),
        wrong=worlds * 4,
    )


def _expected(p_march: float, p_made: float, p_euchred: float, alone: bool) -> float:
    return (
        p_march * score_hand(5, alone=alone).makers
        + p_made * score_hand(3, alone=alone).makers
        - p_euchred * score_hand(2, alone=alone).defenders
    )


def _expected_why(p_march: float, p_made: float, p_euchred: float, alone: bool) -> str:
    march, made, euch = (score_hand(n, alone=alone) for n in (5, 3, 2))
    who = "alone" if alone else "with partner"
    return (
        f"{who}, a march scores {march.makers}, 3 or 4 tricks {made.makers}, and a euchre gives the other side "
        f"{euch.defenders} (R7.1): {p_march:g} × {march.makers} + {p_made:g} × {made.makers} − {p_euchred:g} × "
        f"{euch.defenders} = {_expected(p_march, p_made, p_euchred, alone):g}."
    )


def _expected_cases() -> list[tuple[float, float, float, bool]]:
    out = []
    for alone in (False, True):
        for i in range(11):
            for j in range(11 - i):
                out.append((i / 10, j / 10, (10 - i - j) / 10, alone))
    out.sort(key=lambda c: (c[0] in (0.0, 1.0), not c[3]))  # mixed chances, alone, first
    return out


def _as_close(result: Any, want: Any, *_: Any) -> Any:
    """A number within 1e-9 of the engine's counts as it; for the answer key (``want`` None),
    any number as a float (the key rounds it to 6 places)."""
    if isinstance(result, (int, float)) and not isinstance(result, bool):
        if want is None:
            return float(result)
        if abs(result - want) < 1e-9:
            return want
    return result


def _wrong_expected(p_march: float, p_made: float, p_euchred: float, alone: bool) -> float:
    """The classic mistake: a march always scores 2, alone or not."""
    return p_march * 2 + p_made - p_euchred * 2


# ---- variants (lesson 12) ------------------------------------------------------------------------


def _stuck_dealer() -> Exercise:
    hand = examples.hand("stuck-dealer-poor-hand", after=7)
    legal = hand.legal_actions()
    turned = hand.turned_down
    assert turned is not None
    why = (
        f"With stick the dealer the dealer may not pass at the end of round 2 (R4.3), and may name any suit "
        f"but {turned.plural}, the turned-down one (R4.1), alone or not: {', '.join(str(a) for a in legal)}."
    )
    return Exercise(
        "q10",
        "Rules: the `stick-the-dealer` preset. In the example 'stuck-dealer-poor-hand', all seven players "
        "before North, the dealer, pass. How many different actions may North take?",
        ("R4.1", "R4.3"),
        same_number(len(legal), why=why),
        wrong=len(legal) + 1,
    )


def _benny_top() -> Exercise:
    rules = Rules.preset("uk")
    top = list(trump_order("hearts", benny=rules.benny is not None))[:3]
    why = (
        f"With the Benny in play, the trumps rank {trump_order('hearts', benny=True)}: the Benny is "
        "always the highest trump, then the right bower (J♥) and the left bower (J♦) (R1.1, R1.3)."
    )
    return Exercise(
        "q11",
        "Rules: the `uk` preset (the Benny, a joker). Hearts are trump. Name the three highest trumps, "
        "highest first (write the joker as 'Benny').",
        ("R1.1", "R1.3"),
        same_cards(top, why=why, ordered=True),
        wrong="J♥ J♦ A♥",
    )


def _benny_turned_up() -> Exercise:
    record = dict(examples.load("benny-turned-up"), actions=[])
    hand = replay(record)
    first = hand.to_act
    assert first is not None
    why = (
        f"The Benny proposes no suit, so {first.word}, the dealer, names one before looking at the hand "
        f"({hand.legal_actions()}); then round 1 runs as usual from the dealer's left for that suit (R3.5)."
    )
    return Exercise(
        "q15",
        "Rules: the `uk` preset. In the example 'benny-turned-up', East deals and turns up the Benny. "
        "Which seat acts first? (N, E, S or W)",
        ("R3.5",),
        same_seat(first, why=why),
        wrong=first.left.name,
    )


def _canadian() -> Exercise:
    hand = examples.hand("canadian-loner")
    size = len(hand.tricks[0].cards)
    assert hand.maker is not None
    out = " and ".join(s.word for s in hand.sitting_out)
    why = (
        f"Under the Canadian loner rule the dealer's partner who accepts the upcard must go alone (R5.3); the "
        f"loner's partner, {out}, the dealer, sits out and does not pick up (R5.2). Three players are left, so "
        f"each trick holds {size} cards."
    )
    return Exercise(
        "q12",
        "Rules: the `canadian-loner` preset. In the example 'canadian-loner', East deals and West, East's "
        "partner, accepts the upcard in round 1. How many cards does each trick hold?",
        ("R5.2", "R5.3"),
        same_number(size, why=why),
        wrong=4,
    )


def _loner_lead_points() -> Exercise:
    left_of_loner = examples.hand("loner-lead-left-of-loner")
    left_of_dealer = examples.hand("loner-lead-left-of-dealer")
    a, b = left_of_loner.score, left_of_dealer.score
    assert a is not None and b is not None
    diff = a.makers - b.makers
    why = (
        f"With the default rule the player on the loner's left leads, North plays last to the first trick and "
        f"marches: {a.makers} points. With loner_lead='left_of_dealer', West leads, East overtrumps North with "
        f"the left bower, and North takes 4 tricks: {b.makers} point (R6.1, R7.1). The difference is {diff}."
    )
    return Exercise(
        "q13",
        "The examples 'loner-lead-left-of-loner' and 'loner-lead-left-of-dealer' deal the same cards: North "
        "calls spades alone, under the two rules for who leads against a loner. How many more points does "
        "North score under the default rule?",
        ("R6.1", "R7.1"),
        same_number(diff, why=why),
        wrong=2,
    )


@cache
def _first_leader(dealer: Seat, maker: Seat, alone: bool, loner_lead: str) -> Seat:
    """Ask the engine: deal, pass round to ``maker``, who orders it up (alone or not); after
    the dealer's discard, the seat to act leads the first trick."""
    hand = Hand.deal(dealer, Rules(loner_lead=loner_lead), seed=0)  # type: ignore[arg-type]
    while hand.to_act != maker:
        hand = hand.apply("pass")
    hand = hand.apply("order up alone" if alone else "order up")
    while hand.phase != Phase.PLAY:
        hand = hand.apply(hand.legal_actions()[0])  # the dealer's discard: any card will do
    assert hand.to_act is not None
    return hand.to_act


def _leader_cases() -> list[tuple[Seat, Seat, bool, str]]:
    cases = [
        (d, m, alone, lead)
        for lead in ("left_of_loner", "left_of_dealer")
        for alone in (True, False)
        for d in Seat
        for m in Seat
    ]
    return cases


def _leader_why(dealer: Seat, maker: Seat, alone: bool, loner_lead: str) -> str:
    if not alone:
        return f"nobody plays alone, so eldest, the player on the dealer's left ({dealer.left.word}), leads (R6.1)."
    partner = maker.partner
    if loner_lead == "left_of_loner":
        return (
            f"{maker.word} plays alone and {partner.word} sits out (R5.1); with loner_lead='left_of_loner' the "
            f"player on the loner's left, {maker.left.word}, leads (R6.1)."
        )
    start = dealer.left
    note = f", but {start.word} sits out, so the next seat, {start.left.word}, leads" if start == partner else ""
    return (
        f"{maker.word} plays alone and {partner.word} sits out (R5.1, R5.2); with loner_lead='left_of_dealer' "
        f"eldest ({start.word}) leads{note} (R6.1)."
    )


def _as_seat(result: Any, *_: Any) -> Any:
    if isinstance(result, (str, Seat)) and not isinstance(result, bool):
        try:
            return Seat.parse(result)
        except ValueError:
            return result
    return result


# ---- the sheet --------------------------------------------------------------------------------------

_LEADER_CASES = _leader_cases()

SHEET = Checker(
    "hands-strategy-variants",
    "Whole hands, the table, strategy and variants",
    [
        _who_leads(),
        _solver_lead(),
        Exercise(
            "q3",
            "Write makers_tricks(hand): how many tricks the makers took in a finished hand. Use hand.maker "
            "(a Seat), hand.tricks (each trick has a .winner seat) and seat.team; not hand.tricks_won.",
            ("R7.1",),
            same_function(
                maker_tricks,
                [(h,) for h in _HAND_NAMES],
                name="makers_tricks",
                why=_makers_tricks_why,
                show=_show,
            ),
            wrong=_only_maker,
            coding=True,
        ),
        _table_play(),
        _undo_points(),
        Exercise(
            "q6",
            "Run the advisor on advisor_hand() (the example 'bower-to-the-enemy' at South's first bid) with "
            "worlds=100 and seed=1. Which action does it rank best?",
            ("R3.1", "R3.2"),
            lazy(_advice_grader),
            wrong="order up alone",
        ),
        _loner_break_even(),
        _standard_error(),
        Exercise(
            "q9",
            "Write expected_points(p_march, p_made, p_euchred, alone): the average points per hand for the "
            "makers' side, when they march with chance p_march, take 3 or 4 tricks with chance p_made and are "
            "euchred with chance p_euchred (standard rules; a euchre counts as the other side's points, "
            "so negative). Use no score_hand.",
            ("R7.1",),
            same_function(
                _expected,
                _expected_cases(),
                name="expected_points",
                why=_expected_why,
                show=_show,
                normalize=_as_close,
            ),
            wrong=_wrong_expected,
            coding=True,
        ),
        _stuck_dealer(),
        _benny_top(),
        _canadian(),
        _loner_lead_points(),
        Exercise(
            "q14",
            "Write leader(dealer, maker, alone, loner_lead): the seat that leads the first trick when maker "
            "orders it up in round 1 (alone or not). dealer and maker are Seats; loner_lead is "
            "'left_of_loner' or 'left_of_dealer'. Use seat.left and seat.partner; a seat that sits out never leads.",
            ("R5.1", "R5.2", "R6.1"),
            same_function(
                _first_leader,
                _LEADER_CASES,
                name="leader",
                why=_leader_why,
                show=_show,
                normalize=_as_seat,
            ),
            wrong=lambda dealer, maker, alone, loner_lead: maker.left if alone else dealer.left,
            coding=True,
        ),
        _benny_turned_up(),
    ],
)
"""The sheet: 15 questions, three of them coding ones (q3, q9, q14)."""
