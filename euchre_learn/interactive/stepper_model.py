"""Step through a hand one action at a time, forwards and backwards, each step explained.

The model (no ipywidgets here; the widget is :class:`.stepper_widget.StepperWidget`):

>>> import euchre_learn as el
>>> record = {"rules": "standard", "dealer": "S", "upcard": "A♥",
...           "hands": {"N": "9♠ 10♠ J♥ Q♦ A♣", "E": "J♦ A♦ K♣ 9♥ 10♥",
...                     "S": "Q♠ K♠ A♠ 9♣ 10♣", "W": "J♠ J♣ Q♣ K♦ 10♦"},
...           "actions": ["W pass", "N order up", "S discard 9♣"], "title": "An assist"}
>>> s = Stepper(record)
>>> s.position, len(s), s.title
(0, 3, 'An assist')
>>> s.forward().forward().position
2
>>> print(s.explanation().splitlines()[0])
Step 2: North assists: ♥ hearts are trump, and South, the dealer, takes up the A♥.
>>> s.back().back().current == s.start_hand
True

In a notebook, ``el.stepper.show(record)`` (or a finished ``Hand``) gives the widget
(:mod:`euchre_learn.interactive.stepper`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from euchre_learn.engine import explain
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card, Seat, cards
from euchre_learn.engine.egn.model import LABEL_WORDS, EgnDeal, Match
from euchre_learn.engine.errors import quote
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.records import load_record, replay
from euchre_learn.engine.trump import left_bower
from euchre_learn.interactive.table.words import describe_action

__all__ = ["Stepper", "explain_step"]


def _start_of(hand: Hand) -> Hand:
    record = hand.to_record()
    record["actions"] = []
    return replay(record)


def explain_step(before: Hand, action: Action | str, after: Hand | None = None, *, reveal: bool = True) -> str:
    """A step in plain words: what was done, why it was allowed, and what it caused (trump
    made, who leads, the trick won and why, the score). ``reveal=False`` keeps a face-down card
    (a discard, a railroad card) hidden.

    >>> from euchre_learn import Hand
    >>> hand = Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
    ...                              'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
    >>> print(explain_step(hand, 'pass'))
    West passes.
    Round 1 of the bidding: the upcard A♥ proposes ♥ hearts as trump. West (eldest, on the dealer's left) may order it up, ...
    Next: North.
    """
    a = Action.parse(action)
    if after is None:
        after = before.apply(a)
    seat = before.to_act
    assert seat is not None
    lines = [describe_action(before, a, after, reveal=reveal)]
    phase = before.phase
    if phase == Phase.PLAY:
        trick = before.current_trick
        led = trick.cards[0] if trick is not None and trick.cards else None
        assert before.trump is not None and a.card is not None
        lines.append(explain.play_reasons(before.holding(seat), before.trump, led)[a.card])
        if len(after.tricks) > len(before.tricks):
            done = after.tricks[-1]
            lines.append(explain.trick_reason(done.cards, done.seats, before.trump))
    elif phase == Phase.DISCARD:
        if before.rules.dealer_may_discard_upcard:
            lines.append(
                f"{seat.word}, the dealer, took up the {before.upcard} and discards any one card, the upcard too "
                "under these house rules, face down (R3.2)."
            )
        else:
            lines.append(
                f"{seat.word}, the dealer, took up the {before.upcard} and discards any one card but the upcard, "
                "face down (R3.2)."
            )
    else:
        lines.append(explain.bidding_options(before))
    if before.trump is None and after.trump is not None:
        assert after.maker is not None
        lines.append(
            f"{after.trump.symbol} {after.trump.plural.capitalize()} are trump: the left bower is the "
            f"{left_bower(after.trump)}, and {after.maker.word}'s side, the makers, need 3 tricks (R1.3, R7.1)."
        )
    if before.phase != Phase.PLAY and after.phase == Phase.PLAY:
        lines.append(explain.leader_reason(after))
    if after.is_over:
        lines.append(explain.score_reason(after))
    elif after.to_act is not None:
        lines.append(f"Next: {after.to_act.word}.")
    return "\n".join(lines)


def _example_or(source: dict[str, Any] | str | os.PathLike[str]) -> dict[str, Any] | str | os.PathLike[str]:
    """An example's name ('left-bower-trap') stands for its record (:mod:`euchre_learn.analysis.examples`)."""
    if isinstance(source, str) and not source.lstrip().startswith("{") and not os.path.exists(source):
        from euchre_learn.analysis import examples

        if source in examples.names():
            return examples.load(source)
    return source


class Stepper:
    """A hand replayed action by action: from a hand record (a dict, JSON text or a path; see
    :func:`euchre_learn.replay`), an example's name (:func:`euchre_learn.analysis.examples.names`), or a
    :class:`~euchre_learn.Hand` (its whole history).

    >>> s = Stepper('left-bower-trap')
    >>> s.title, s.end().current.score.outcome
    ('The left bower trap: lead the right bower first', 'march')

    ``position`` counts the actions taken (0: the deal). A record a seat kept of a class table's
    hand lists the cards that seat never saw, filled in with stand-ins (``"stand_ins"``,
    :mod:`euchre_learn.interactive.seat.stand_ins`): a hand holding one is shown face down,
    and a stand-in discarded or passed is not named. A malformed record raises
    :class:`~euchre_learn.RecordError`, an illegal action in it
    :class:`~euchre_learn.IllegalActionError` (with ``.index``), before anything is shown.
    """

    def __init__(
        self,
        source: Hand | Match | EgnDeal | dict[str, Any] | str | os.PathLike[str],
        *,
        position: int = 0,
        title: str | None = None,
        notes: str | None = None,
        deal: int = 0,
    ) -> None:
        record: dict[str, Any] = {}
        self.annotations: dict[int, list[tuple[str | None, str]]] = {}
        """People's words on the actions (a game read from EGN), by action index."""
        egn_ins: frozenset[Card] = frozenset()
        if isinstance(source, Match):  # a game read from EGN: deal number ``deal`` (0 first)
            if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < len(source.deals):
                raise ValueError(f"deal must be a whole number from 0 to {len(source.deals) - 1}, not {quote(deal)}")
            name = source.metadata.title or "EGN"
            record = {"title": f"{name}, deal {deal + 1} of {len(source.deals)}"}
            source = source.deals[deal]
        if isinstance(source, EgnDeal):
            final = source.hand
            self.annotations = dict(source.annotations)
            egn_ins = source.stand_ins
            record.setdefault("title", f"Deal {source.number + 1}")
        elif isinstance(source, Hand):
            final = source
        else:
            record = load_record(_example_or(source))
            final = replay(record)
        start = _start_of(final)
        self.hands: list[Hand] = [start]
        hand = start
        for _seat, action in final.history:
            hand = hand.apply(action)
            self.hands.append(hand)
        self.title = title if title is not None else str(record.get("title") or "")
        self.stand_ins: frozenset[Card] = frozenset(cards(str(record.get("stand_ins") or ""))) | egn_ins
        """The cards the record's keeper never saw (stand-ins): never shown or named."""
        self.notes = notes if notes is not None else str(record.get("notes") or "")
        self.position = 0
        self.go(position)

    # --- moving ------------------------------------------------------------------------------
    def __len__(self) -> int:
        """The number of actions (steps)."""
        return len(self.hands) - 1

    def go(self, position: int) -> Stepper:
        """Jump to the point after ``position`` actions (0: the deal; ``len(self)``: the end)."""
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= len(self):
            raise ValueError(f"position must be a whole number from 0 to {len(self)}, not {quote(position)}")
        self.position = position
        return self

    def forward(self) -> Stepper:
        """One action forward (at the end: stays)."""
        return self.go(min(self.position + 1, len(self)))

    def back(self) -> Stepper:
        """One action back (at the deal: stays)."""
        return self.go(max(self.position - 1, 0))

    def start(self) -> Stepper:
        return self.go(0)

    def end(self) -> Stepper:
        return self.go(len(self))

    # --- reading -----------------------------------------------------------------------------
    @property
    def current(self) -> Hand:
        """The hand at this step."""
        return self.hands[self.position]

    @property
    def start_hand(self) -> Hand:
        return self.hands[0]

    @property
    def final_hand(self) -> Hand:
        return self.hands[-1]

    def action(self, step: int | None = None) -> tuple[Seat, Action] | None:
        """The action of step ``step`` (default: the one that led here), or ``None`` at the deal."""
        step = self.position if step is None else step
        if step == 0:
            return None
        return self.final_hand.history[step - 1]

    def explanation(self, step: int | None = None) -> str:
        """Step ``step`` (default: this one) explained: ``'Step 3: ...'`` (or the deal at step 0)."""
        step = self.position if step is None else step
        if not 0 <= step <= len(self):
            raise ValueError(f"step must be from 0 to {len(self)}, not {quote(step)}")
        if step == 0:
            hand = self.hands[0]
            first = hand.to_act
            assert first is not None
            if hand.phase == Phase.BENNY:
                what = (
                    f"The Benny is turned up: {hand.dealer.word}, the dealer, first names the suit it proposes (R3.5)."
                )
            else:
                proposed = hand.proposed
                assert proposed is not None
                what = (
                    f"The upcard, the {hand.upcard}, proposes {proposed.symbol} {proposed.plural}; "
                    f"{first.word}, on the dealer's left (eldest), bids first (R3.1)."
                )
            return f"The deal: {hand.dealer.word} deals five cards to each player (R2.2). {what}"
        before, after = self.hands[step - 1], self.hands[step]
        act = self.action(step)
        assert act is not None
        words = f"Step {step}: " + explain_step(before, act[1], after, reveal=self._seen(step))
        for label, text in self.annotations.get(step - 1, []):
            tag = f"[{label}] {LABEL_WORDS[label]}: " if label else ""
            words += f"\nThe annotator: {tag}{text}"
        return words

    def _seen(self, step: int) -> bool:
        """Whether the card of step ``step``'s action (if any) was seen by the record's keeper."""
        act = self.action(step)
        return act is None or act[1].card not in self.stand_ins

    def log(self) -> list[str]:
        """Every step in one line each, up to this one."""
        return [
            describe_action(self.hands[i], self.final_hand.history[i][1], self.hands[i + 1], reveal=self._seen(i + 1))
            for i in range(self.position)
        ]

    def html(self, show_all: bool = True) -> str:
        """The table at this step (every hand face up unless ``show_all`` is false: then only
        the seat that just acted; a hand holding a stand-in is face down either way)."""
        from euchre_learn import display as render

        show: Iterable[Seat] = tuple(Seat)
        if not show_all:
            act = self.action()
            show = (act[0],) if act is not None else ()
        show = [s for s in show if not self.stand_ins.intersection(self.current.holding(s))]
        return render.hand_html(self.current, show=show, text=False)

    def __repr__(self) -> str:
        return f"<Stepper step {self.position} of {len(self)}{': ' + self.title if self.title else ''}>"
