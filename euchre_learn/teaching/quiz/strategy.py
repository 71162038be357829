"""Quizzes on the lessons' "What good players do" boxes: real positions where a rule of thumb
applies, graded by the coach (:func:`euchre_learn.analysis.coach.judge`).

Each question is a position from a deal the 'standard' bot played, stopped at a decision where
one of the box's conventions (:mod:`euchre_learn.analysis.convention_book`) applies and at least
one legal choice breaks it. It is kept only where the coach's best choice follows the convention
and beats every choice that breaks it by at least :data:`MARGIN` points, without a close call:
the quiz never asks a position where the rule of thumb and the numbers disagree.

Judging a position takes a tenth of a second or more, so the positions are found once and kept
in ``teaching/data/strategy_positions.json`` (written by ``python tools/strategy_positions.py``); the questions are built from that file, and
the tests judge a sample of it again. The positions are standard rules (the conventions are
advice for standard Euchre): a question keeps its own rules whatever house rules are asked for.

>>> q = strategy_question('round-1', 0)
>>> q.topic, q.check(q.answer).correct
('strategy-round-1', True)
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from euchre_learn.analysis.coach.words import name, reasons
from euchre_learn.analysis.convention_book import Convention, convention
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.records import replay
from euchre_learn.engine.rules import Rules
from euchre_learn.engine.rulings import action_words
from euchre_learn.teaching.quiz.question import Question
from euchre_learn.teaching.quiz.situations import story
from euchre_learn.teaching.quiz.topics import register_topic

__all__ = [
    "BEFORE_LONERS",
    "BOXES",
    "LONER_LATER",
    "MARGIN",
    "Asked",
    "Position",
    "askable",
    "asked",
    "choice_label",
    "find_positions",
    "positions",
    "strategy_question",
]

BOXES: dict[str, tuple[str, tuple[str, ...]]] = {
    "round-1": (
        "What good players do: bidding in round 1",
        (
            "no-order-two-small",
            "eldest-needs-strength",
            "assist-with-two-tricks",
            "no-thin-assist",
            "dealer-takes-the-bower",
            "discard-make-void",
            "keep-trump-over-ace",
        ),
    ),
    "round-2": ("What good players do: bidding in round 2", ("call-next", "reverse-next")),
    "tricks": (
        "What good players do: leading and following",
        (
            "maker-leads-trump",
            "lead-trump-to-maker",
            "lead-bower-to-maker",
            "no-trump-on-defence",
            "lead-partners-void-suit",
            "dont-trump-partners-winner",
            "second-hand-dont-ruff",
            "third-hand-high",
            "win-cheaply",
            "trump-high-against-overruff",
        ),
    ),
    "alone": (
        "What good players do: going alone and against a loner",
        ("loner-discard-void", "no-trump-into-loner", "loner-cashes-winners", "ruff-high-for-partner-against-loner"),
    ),
}
"""The boxes' quizzes: the lesson part (``round-1``: lesson 03, ``round-2``: lesson 04,
``tricks``: lesson 06, ``alone``: lesson 07), its title and the conventions it asks about."""

MARGIN = 0.15
"""The least the coach's best choice must beat every choice breaking the convention by (points
a hand at the table) for a position to be asked."""
PER_BOX = 24
"""Positions kept per box."""

DATA = Path(__file__).resolve().parent.parent / "data" / "strategy_positions.json"


@dataclass(frozen=True)
class Position:
    """One kept position: the hand record up to the decision, the convention, the coach's best
    action and each legal action's points at the table, and the coach's reason."""

    box: str
    convention: str
    record: dict[str, Any]
    best: str
    points: dict[str, float]
    reason: str

    @property
    def hand(self) -> Hand:
        return replay(self.record)


# ---- finding positions (slow: the file's writer and the tests) ------------------------------------


def _candidates(box: str, rng: random.Random) -> Iterator[tuple[Hand, Convention]]:
    """Decisions in deals the standard bot plays where one of ``box``'s conventions applies and
    some legal choice breaks it, while another follows it."""
    from euchre_learn.analysis.bots import get

    ids = BOXES[box][1]
    book = [convention(i) for i in ids]
    while True:
        bot = get("standard", seed=rng.getrandbits(32))
        hand = Hand.deal(Seat(rng.randrange(4)), Rules(), seed=rng.getrandbits(32))
        while not hand.is_over:
            legal = hand.legal_actions()
            if len(legal) > 1:
                for c in book:
                    if c.applies(hand):
                        breaks = [c.breaks(hand, a) for a in legal]
                        if any(breaks) and not all(breaks):
                            yield hand, c
                            break
            hand = hand.apply(bot.act(hand))


def find_positions(box: str, n: int = PER_BOX, seed: int = 0) -> list[Position]:
    """``n`` positions for ``box`` (see the module docs), each judged by the coach at its default
    worlds with ``seed``; the same seed gives the same positions. No convention of the box takes
    more than a third of them (half, in a box of two), so the quiz varies."""
    from euchre_learn.analysis.coach import judge

    rng = random.Random(f"euchre-learn/strategy-quiz/{box}/{seed}")
    out: list[Position] = []
    per: dict[str, int] = {}
    cap = -(-n // min(3, len(BOXES[box][1])))
    seen = 0
    for hand, c in _candidates(box, rng):
        seen += 1
        if seen > 400 * n:  # pragma: no cover - every box finds its positions long before
            raise RuntimeError(f"only {len(out)} positions for {box!r} in {seen} tries")
        if per.get(c.id, 0) >= cap:
            continue
        j = judge(hand, seed=seed)
        best = j.option(j.best)
        if j.forced or j.close or c.breaks(hand, j.best):
            continue
        broken = [o for o in j.options if c.breaks(hand, o.action)]
        if min(best.table_points - o.table_points for o in broken) < MARGIN:
            continue
        out.append(
            Position(
                box,
                c.id,
                hand.to_record(),
                str(j.best),
                {str(o.action): round(o.table_points, 3) for o in j.options},
                j.reason,
            )
        )
        per[c.id] = per.get(c.id, 0) + 1
        if len(out) == n:
            return out
    raise AssertionError("unreachable")  # pragma: no cover


def write(path: Path = DATA, boxes: tuple[str, ...] = tuple(BOXES), n: int = PER_BOX) -> None:
    """Find the positions of ``boxes`` and write them to ``path`` (one file, sorted keys; the
    other boxes already in it are kept)."""
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    for box in boxes:
        data[box] = [vars(p) for p in find_positions(box, n)]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{box}: {n} positions written to {path}")


# ---- the questions ----------------------------------------------------------------------------------


@cache
def positions(box: str) -> tuple[Position, ...]:
    """The kept positions of ``box`` (from the data file)."""
    if box not in BOXES:
        raise ValueError(f"no strategy box {box[:40]!r}: choose one of {', '.join(BOXES)}")
    raw = json.loads(
        resources.files("euchre_learn.teaching").joinpath("data", "strategy_positions.json").read_text(encoding="utf-8")
    )
    return tuple(Position(**p) for p in raw[box])


_RULE_IDS = {
    Phase.ROUND_1: ("R3.1", "R5.1"),
    Phase.DISCARD: ("R3.2",),
    Phase.ROUND_2: ("R4.1", "R5.1"),
    Phase.PLAY: ("R6.2", "R6.3"),
}
"""The rules each kind of decision rests on: who may accept the upcard (and go alone), the
dealer's discard, naming a suit in round 2, following suit and who wins the trick."""


_DEALS = re.compile(r"over (\d+) deals of the cards you can't see")
_NUMBERS = re.compile(r"\(([^()]*deals of the cards you can't see)\.?\)")
"""The coach's numbers at the end of its reason: the last parenthesis, which names the deals (an
earlier one, such as "(the left)", is part of the words)."""

BEFORE_LONERS = ("round-1", "round-2")
"""The boxes of lessons 03 and 04, asked before lesson 07 teaches going alone: their questions
offer no loner. Where the coach's choice is a loner, the answer is the best choice offered, and the
feedback says a loner (lesson 07) scores more still."""

LONER_LATER = "Going alone, taught in lesson 07, would score more still here."


@dataclass(frozen=True)
class Asked:
    """How a position is asked: the ``answer`` among the choices ``offered`` (in the engine's
    order), and the choices left out as the ``same`` as the answer."""

    answer: Action
    offered: tuple[Action, ...]
    same: tuple[Action, ...]


def asked(p: Position, box: str) -> Asked | None:
    """How ``p`` is asked in ``box``'s quiz, or ``None`` when it cannot be asked there.

    Before loners are taught (:data:`BEFORE_LONERS`) no loner is offered, and the answer is the
    best choice offered: the position is asked only if that choice keeps the rule of thumb and
    beats every choice offered that breaks it by :data:`MARGIN`, as the coach's own choice does. A
    choice that keeps the rule and comes within half a hundredth of a point of the answer (touching
    cards, an exact tie) would be a second right answer: it is left out and named in the feedback.
    """
    hand = p.hand
    c = convention(p.convention)
    legal = [a for a in hand.legal_actions() if not (box in BEFORE_LONERS and a.alone)]
    answer = max(legal, key=lambda a: (p.points[str(a)], str(a) == p.best))
    top = p.points[str(answer)]
    if c.breaks(hand, answer) or any(top - p.points[str(a)] < MARGIN for a in legal if c.breaks(hand, a)):
        return None
    same = tuple(a for a in legal if a != answer and top - p.points[str(a)] < 0.005 and not c.breaks(hand, a))
    return Asked(answer, tuple(a for a in legal if a not in same), same)


@cache
def askable(box: str) -> tuple[Position, ...]:
    """The positions of ``box`` its quiz asks (:func:`asked`)."""
    return tuple(p for p in positions(box) if asked(p, box) is not None)


def _numbers(p: Position, hand: Hand, how: Asked) -> str:
    """The coach's numbers as a sentence: its own clause where the answer is its choice and the
    next best it names is offered, else the same numbers for the answer against the best other
    choice offered (where a loner or a tie is not offered)."""
    rival = max((a for a in how.offered if a != how.answer), key=lambda a: p.points[str(a)])
    m = _NUMBERS.search(p.reason)
    runner_up = max(v for k, v in p.points.items() if k != p.best)
    if m is not None and str(how.answer) == p.best and p.points[str(rival)] == runner_up:
        return f"The coach agrees here: {m.group(1)}."
    deals = _DEALS.search(p.reason)
    over = f", over {deals.group(1)} deals of the cards you can't see" if deals else ""
    return (
        f"The coach agrees here: {p.points[str(how.answer)]:+.2f} points against {p.points[str(rival)]:+.2f} "
        f"for the next best, {name(hand, rival)}{over}."
    )


def choice_label(hand: Hand, a: Action) -> str:
    """A choice as the quiz shows it: the card ('J♦'), or the bid in the seat's words ('Assist')."""
    if a.card is not None:
        return str(a.card)
    s = hand.state
    words = action_words(s, s.to_act, a.id)
    return words[:1].upper() + words[1:]


def _play_story(hand: Hand) -> str:
    out = [story(hand)]
    assert hand.trump is not None
    for k, t in enumerate(hand.tricks, 1):
        cards = ", ".join(f"{s.word} {c}" for s, c in zip(t.seats, t.cards, strict=True))
        assert t.winner is not None  # a finished trick has its winner (Seat.N is 0: never 'if t.winner')
        out.append(f"Trick {k}: {cards}; {t.winner.word} won it.")
    trick = hand.current_trick
    seat = hand.to_act
    assert seat is not None  # a question's position always has a seat to act
    if trick is not None and trick.cards:
        cards = ", ".join(f"{s.word} {c}" for s, c in zip(trick.seats, trick.cards, strict=True))
        out.append(f"In this trick so far: {cards}.")
    else:
        out.append(f"{seat.word} leads {'this' if hand.tricks else 'the first'} trick.")
    return " ".join(out)


def _question(p: Position, box: str, seed: int | None) -> Question:
    hand = p.hand
    seat = hand.to_act
    assert seat is not None
    c = convention(p.convention)
    how = asked(p, box)
    if how is None:
        raise ValueError(f"position {p.record} is not asked in the {box!r} quiz")
    labels = {str(a): choice_label(hand, a) for a in how.offered}
    answer = labels[str(how.answer)]
    card_phase = hand.phase == Phase.PLAY or hand.phase == Phase.DISCARD
    held = hand.holding(seat)
    where = _play_story(hand) if hand.phase == Phase.PLAY else story(hand)
    ask = "Which card do good players play?" if hand.phase == Phase.PLAY else "What do good players do?"
    if hand.phase == Phase.DISCARD:
        ask = "Which card do good players discard?"
    prompt = f"{where} You are {seat.word}, holding {' '.join(map(str, held))}. {ask}"
    top = p.points[str(how.answer)]
    extra = ""
    if how.same:
        cards = " and ".join(choice_label(hand, a) for a in how.same)
        extra += f" The {cards} would do as well here (they come to the same), so {'it is' if len(how.same) == 1 else 'they are'} not offered."
    if str(how.answer) != p.best:
        extra += f" {LONER_LATER}"
    fb: dict[str, str] = {}
    for key, label in labels.items():
        a = Action.parse(key)
        gap = top - p.points[key]
        if label == answer:
            fb[label] = f"Yes. {c.sentence} {_numbers(p, hand, how)}{extra}"
        elif c.breaks(hand, a):
            fb[label] = (
                f"That breaks the rule of thumb, and here it costs about {gap:.2f} points a hand against "
                f"{answer}, {'the coach' + chr(39) + 's choice' if str(how.answer) == p.best else 'the best of these choices'}."
            )
        else:
            why = reasons(hand, how.answer, a)
            fb[label] = (
                f"That keeps the rule of thumb, but {answer} does better here by about {gap:.2f} points a hand"
                + (f": {why}." if why else ".")
            )
    ordered = list(labels.values())
    if not card_phase:
        ordered = sorted(ordered, key=lambda x: (x.casefold() != "pass", x))
    return Question(
        prompt=prompt,
        kind="single",
        choices=tuple(ordered),
        answer=answer,
        explanation=f"{c.title}: {c.sentence}",
        feedback=fb,
        rules=_RULE_IDS[hand.phase] + (("R5.1",) if hand.alone else ()),
        cards=held,
        topic=f"strategy-{box}",
        title=BOXES[box][0],
        record=p.record,
    )


def strategy_question(box: str, seed: int) -> Question:
    """The question the lesson asks for ``box`` and ``seed``; the same seed gives the same question.

    >>> q = strategy_question('tricks', 3)
    >>> q == strategy_question('tricks', 3), q.kind
    (True, 'single')
    """
    q = _make(box, random.Random(f"euchre-learn/strategy/{box}/{seed}"))
    from dataclasses import replace

    return replace(q, id=f"strategy-{box}-{seed}", seed=seed)


def _make(box: str, rng: random.Random) -> Question:
    ps = askable(box)
    return _question(ps[rng.randrange(len(ps))], box, None)


def _standard(rules: Rules, rng: random.Random | None) -> Rules:
    return Rules()


def _register(box: str) -> None:
    title, ids = BOXES[box]
    about = ", ".join(convention(i).title.casefold() for i in ids[:3])

    @register_topic(
        f"strategy-{box}",
        title,
        f"Real positions the coach grades, on the lesson's rules of thumb ({about}, ...).",
        (),
        ("single",),
        forced=_standard,
    )
    def make(rng: random.Random, rules: Rules) -> Question:
        return _make(box, rng)


for _box in BOXES:
    _register(_box)
