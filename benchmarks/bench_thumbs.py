"""How often the coach agrees with each rule of thumb the course states (issue 22, item 6).

The rules of thumb: the conventions of the convention book
(:mod:`euchre_learn.analysis.convention_book`, which the review and the cheat sheet quote) and
the rows of the lessons' "What good players do" boxes (:mod:`euchre_learn.analysis.strategy`).
For each, a corpus of positions where it speaks, taken from hands the 'standard' bot plays at all
four seats (seeded), and the share of them where the coach
(:func:`euchre_learn.analysis.coach.judge`, a few worlds, seeded) agrees:

* a **convention** speaks where it applies and some legal action breaks it while another keeps
  it; the coach agrees when its best action breaks it not. Two conventions speak only at a score:
  *at the bridge* is asked at 9 points against 6 or 7, and *no loner when one point wins* at 9
  points, on hands the standard bot would play alone (without the score);
* a **box row** compares two choices ("order up" against "pass"); the coach agrees when it ranks
  them as the row says (its table value, the game-win chance where there is a score).

Columns: *positions* judged (at most ``PER_RULE`` each, from at most ``HANDS`` hands); *best*: the
share where the coach's best keeps the rule; *cheap*: the share where keeping it costs little (the
best action that keeps it is graded 'best' or 'good': within 0.2 points of the best). A rule claims
the first; a convention marked as a *default* (its sentence says "as a default", see
``Convention.default``) claims only the second. *agreement* is the share the rule claims; below
80% the rule is reworded or qualified where it is stated (docs/conventions.md, "How often the coach
agrees"). Nothing is stored: every figure is computed in the run. Run with
``python -m benchmarks thumbs``; a few minutes (``EUCHRE_BENCH_FULL=1`` for more positions).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass

import euchre_learn as el
from euchre_learn.analysis.coach import Judgement, judge
from euchre_learn.analysis.convention_book import Convention, book, broken, convention
from euchre_learn.analysis.situation import situation
from euchre_learn.analysis.strategy import RULES, claims

from ._table import Table

FULL = os.environ.get("EUCHRE_BENCH_FULL") == "1"
HANDS = 4000 if FULL else 1500
"""The most bot-played hands the positions are taken from."""
PER_RULE = 80 if FULL else 25
"""The most positions judged per rule."""
WORLDS = 24
"""Worlds per judgement (adaptive: a third once the best two are apart)."""
THRESHOLD = 0.8

_BOX_LESSON = {
    "order-up": "lesson 03 box",
    "bower-to-dealer": "lesson 03 box",
    "next": "lesson 04 box",
    "lead-trump": "lesson 06 box",
    "partner-winner": "lesson 06 box",
    "second-hand-low": "lesson 06 box",
    "loner": "lesson 07 box",
}
_BRIDGE, _NO_LONER = "at-the-bridge", "no-loner-when-one-point-wins"


@dataclass(frozen=True)
class Position:
    """One position where a rule speaks: the hand, the score ``(NS, EW)`` (or ``None``), and
    either the actions that break the convention or the two choices a box row compares."""

    hand: el.Hand
    score: tuple[int, int] | None
    breaks: frozenset[el.Action] = frozenset()
    choice: el.Action | None = None
    versus: el.Action | None = None
    claim: int = 0


def _score_for(seat: el.Seat, mine: int, theirs: int) -> tuple[int, int]:
    return (mine, theirs) if seat.team == 0 else (theirs, mine)


def bot_positions(hands: int) -> Iterator[tuple[int, el.Hand]]:
    """Every decision with a choice in ``hands`` hands the standard bot plays at all four seats."""
    for k in range(hands):
        bot = el.bots.get("standard", seed=k)
        hand = el.Hand.deal(el.Seat(k % 4), seed=90_000 + k)
        while not hand.is_over:
            if len(hand.legal_actions()) > 1:
                yield k, hand
            hand = hand.apply(bot.act(hand))


def corpus(
    hands: int = HANDS, per_rule: int = PER_RULE, only: frozenset[str] = frozenset()
) -> dict[str, list[Position]]:
    """The positions of each rule (a convention's id, or ``'box:<rule>:<row>'``), in deal order;
    ``only`` limits it to those conventions (and no box rows)."""
    conventions = tuple(c for c in book() if not only or c.id in only)
    found: dict[str, list[Position]] = {c.id: [] for c in conventions}
    rng = random.Random("thumbs")
    loner_bot = el.bots.get("standard", seed=0)
    for _, hand in bot_positions(hands):
        legal = hand.legal_actions()
        seat = hand.to_act
        assert seat is not None
        sit = situation(hand)
        speaking = [c for c in conventions if len(found[c.id]) < per_rule and c.applies_to(sit)]
        plain = [c for c in speaking if c.id not in (_BRIDGE, _NO_LONER)]
        if plain:
            broke = {a: {c.id for c in broken(hand, a)} for a in legal}
            for c in plain:
                bad = frozenset(a for a in legal if c.id in broke[a])
                if bad and len(bad) < len(legal):
                    found[c.id].append(Position(hand, None, bad))
        for c in speaking:
            if c.id == _BRIDGE:
                score = _score_for(seat, 9, rng.choice((6, 7)))
            elif c.id == _NO_LONER and loner_bot.act(hand).alone:
                score = _score_for(seat, 9, rng.randrange(9))
            else:
                continue
            bad = frozenset(a for a in legal if c.breaks(hand, a, score))
            if bad and len(bad) < len(legal):
                found[c.id].append(Position(hand, score, bad))
        for cl in () if only else claims(hand):
            key = f"box:{cl.rule}:{cl.label}"
            rows = found.setdefault(key, [])
            if len(rows) < per_rule:
                rows.append(Position(hand, None, choice=cl.choice, versus=cl.versus, claim=cl.claim))
        if all(len(v) >= per_rule for v in found.values()) and len(found) > len(conventions):
            break
    return found


def agrees(pos: Position, j: Judgement) -> tuple[bool, bool]:
    """Whether the coach's judgement keeps the rule, and whether keeping it costs little."""
    if pos.choice is not None and pos.versus is not None:
        a, b = j.option(pos.choice).value(), j.option(pos.versus).value()
        right = a >= b if pos.claim > 0 else b >= a
        kept = pos.choice if pos.claim > 0 else pos.versus
        return right, j.grade_of(kept) in ("best", "good")
    kept_options = [o.action for o in j.options if o.action not in pos.breaks]
    cheap = any(j.grade_of(a) in ("best", "good") for a in kept_options)
    return j.best not in pos.breaks, cheap


@dataclass(frozen=True)
class Agreement:
    """One rule's count: positions judged, where the coach's best keeps it, where keeping it is cheap."""

    rule: str
    source: str
    sentence: str
    default: bool
    positions: int
    agree: int
    cheap: int

    @property
    def share(self) -> float:
        """The share the rule claims: the coach's best keeps it, or (a default) keeping it is cheap."""
        n = self.cheap if self.default else self.agree
        return n / self.positions if self.positions else float("nan")


def _where(c: Convention) -> str:
    return "convention book" + (" (default)" if c.default else "")


def measure(
    hands: int = HANDS, per_rule: int = PER_RULE, worlds: int = WORLDS, only: frozenset[str] = frozenset()
) -> list[Agreement]:
    """Judge every position of :func:`corpus` and count the coach's agreement with each rule."""
    found = corpus(hands, per_rule, only)
    out = []
    for key, positions in found.items():
        agree = cheap = 0
        for i, pos in enumerate(positions):
            j = judge(pos.hand, score=pos.score, worlds=worlds, seed=i)
            right, little = agrees(pos, j)
            agree += right
            cheap += little
        default = False
        if key.startswith("box:"):
            _, rule, label = key.split(":", 2)
            source = _BOX_LESSON.get(rule, "strategy box")
            sentence = f"{rule}: {label}"
        else:
            c = convention(key)
            source, sentence, default = _where(c), c.title, c.default
        out.append(Agreement(key, source, sentence, default, len(positions), agree, cheap))
    order = {c.id: i for i, c in enumerate(book())}
    box_order = {r: i for i, r in enumerate(RULES)}
    out.sort(key=lambda a: (0, order[a.rule], 0) if a.rule in order else (1, box_order[a.rule.split(":")[1]], 0))
    return out


def run(rounds: int = 1, hands: int = HANDS, per_rule: int = PER_RULE) -> Table:
    start = time.perf_counter()
    rows = measure(hands, per_rule)
    table = Table(
        f"How often the coach agrees with each rule of thumb (positions from at most {hands} standard-bot "
        f"hands, at most {per_rule} per rule; judge(worlds={WORLDS}, seed=position))",
        ["rule", "from", "positions", "best", "cheap", "agreement", "verdict"],
    )
    for r in rows:
        if r.positions < 10:
            verdict = "too few to tell"
        else:
            verdict = "holds" if r.share >= THRESHOLD else "below 80%"
        cells = [f"{100 * n / r.positions:.0f}%" if r.positions else "—" for n in (r.agree, r.cheap)]
        share = f"{100 * r.share:.0f}%" if r.positions else "—"
        table.add(r.sentence, r.source, r.positions, *cells, share, verdict)
    judged = sum(r.positions for r in rows)
    table.notes.append(f"{judged} positions judged in {time.perf_counter() - start:.0f} s.")
    return table


if __name__ == "__main__":  # pragma: no cover
    print(run())
