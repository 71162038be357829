"""The table's actions in words: button labels and tooltips in the seeds' words, and the lines of
the log ("North assists: ♥ hearts are trump, and South, the dealer, takes up the A♥.").

Pure functions of a :class:`~euchre_learn.engine.hand.Hand` and an :class:`~euchre_learn.Action`,
with no table and no widget: the table's model (:mod:`.model`), the stepper and the review panel all
speak through them. They take actions, not text: the entry points that take text (``Table.act``,
``explain_step``) parse it once.

>>> from euchre_learn import Action, Hand
>>> hand = Hand.deal('S', seed=3)
>>> action_label(hand, Action.parse('order up')), describe_action(hand, Action.parse('pass'))
('Order it up', 'West passes.')
"""

from __future__ import annotations

from euchre_learn.engine import act, explain
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card, Suit, Team
from euchre_learn.engine.hand import Hand, Phase
from euchre_learn.engine.rules import HandScore

__all__ = ["CARD_PHASES", "THROWN_IN", "action_label", "action_tooltip", "describe_action", "hand_result", "result_words"]

CARD_PHASES = (Phase.DISCARD, Phase.RAILROAD_GIVE, Phase.RAILROAD_DISCARD, Phase.PLAY)
"""The phases where the seat to act chooses one of its cards (clickable cards, not buttons)."""


def action_label(hand: Hand, action: Action) -> str:
    """A button's label for ``action`` by the seat to act, in the seeds' words (R3.1).

    >>> from euchre_learn import Hand
    >>> hand = Hand.deal('S', seed=3)        # West (eldest) to act
    >>> [action_label(hand, a) for a in hand.legal_actions()]
    ['Pass', 'Order it up', 'Order it up alone']
    >>> hand = hand.apply('pass')            # North: the dealer's partner
    >>> [action_label(hand, a) for a in hand.legal_actions()]
    ['Pass', 'Assist', 'Assist alone']
    """
    a = action
    i = a.id
    seat = hand.to_act
    if i in (act.ORDER_UP, act.ORDER_UP_ALONE):
        if seat is None:
            raise ValueError("the hand is over: no action has a label")
        word = explain.make_word(hand.dealer, seat)
        return word[0].upper() + word[1:] + (" alone" if i == act.ORDER_UP_ALONE else "")
    if i == act.PASS:
        return "Pass"
    if act.CALL <= i < act.NAME:
        return f"Call {Suit((i - act.CALL) & 3).symbol}" + (" alone" if i >= act.CALL_ALONE else "")
    if act.NAME <= i < act.DEFEND_ALONE:
        return f"Name {Suit(i - act.NAME).symbol}"
    if i == act.DEFEND_ALONE:
        return "Defend alone"
    if i == act.TAKE:
        return "Take the card"
    if i == act.DECLINE:
        return "Decline"
    return str(a)[0].upper() + str(a)[1:]


def action_tooltip(hand: Hand, action: Action) -> str:
    """A button's tooltip: what ``action`` does, with the rule's number in RULES.md."""
    i = action.id
    seat = hand.to_act
    assert seat is not None
    if i in (act.ORDER_UP, act.ORDER_UP_ALONE) and hand.proposed is not None:
        alone = " and play alone: your partner sits out (R5.1)" if i == act.ORDER_UP_ALONE else ""
        return f"Make {hand.proposed.symbol} {hand.proposed.plural} trump{alone} (R3.1)."
    if act.CALL <= i < act.NAME:
        s = Suit((i - act.CALL) & 3)
        alone = " and play alone: your partner sits out (R5.1)" if i >= act.CALL_ALONE else ""
        return f"Make {s.symbol} {s.plural} trump{alone} (R4.1)."
    if act.NAME <= i < act.DEFEND_ALONE:
        s = Suit(i - act.NAME)
        return f"The Benny proposes {s.symbol} {s.plural} in round 1 (R3.5)."
    if i == act.PASS:
        return "Pass: round 2 follows if all four pass (R3.4)." if hand.phase == Phase.ROUND_1 else "Pass (R4.1)."
    if i == act.DEFEND_ALONE:
        return "Play alone against the loner; your partner sits out (R5.4)."
    if i == act.TAKE:
        return "Take the card your partner passed, then discard one (R5.5)."
    if i == act.DECLINE:
        return "Leave the card your partner passed (R5.5)."
    return str(action)


def _card_words(card: Card) -> str:
    return "the Benny" if card.is_benny else f"the {card}"


def describe_action(before: Hand, action: Action, after: Hand | None = None, *, reveal: bool = True) -> str:
    """One line of the log: what the seat to act in ``before`` did, in plain words; when the
    action ends a trick or the hand, what that caused. ``reveal=False`` keeps face-down cards
    (a discard, a railroad card) hidden.

    >>> from euchre_learn import Action, Hand
    >>> hand = Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
    ...                              'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
    >>> describe_action(hand, Action.parse('pass'))
    'West passes.'
    >>> describe_action(hand.apply('pass'), Action.parse('order up'))
    'North assists: ♥ hearts are trump, and South, the dealer, takes up the A♥.'
    """
    a = action
    if after is None:
        after = before.apply(a)
    seat = before.to_act
    if seat is None:
        raise ValueError("the hand is over: nobody acts")
    who = seat.word
    i = a.id
    phase = before.phase
    if i == act.PASS:
        if phase == Phase.DEFEND:
            text = f"{who} passes (does not defend alone)."
        else:
            text = f"{who} passes."
        if after.phase == Phase.ROUND_2 and phase == Phase.ROUND_1:
            td = after.turned_down
            assert td is not None
            text += f" All four passed: the {after.upcard} is turned down, and round 2 begins (R3.4)."
        if after.thrown_in:
            text += " All four passed again: the hand is thrown in (R4.2)."
        return text
    if i in (act.ORDER_UP, act.ORDER_UP_ALONE):
        verb = {"take it up": "takes it up", "assist": "assists", "order it up": "orders it up"}[
            explain.make_word(before.dealer, seat)
        ]
        trump = after.trump
        assert trump is not None
        alone = " alone" if i == act.ORDER_UP_ALONE else ""
        text = f"{who} {verb}{alone}: {trump.symbol} {trump.plural} are trump"
        if after.phase == Phase.DISCARD or after.discard is not None:
            dealer = before.dealer
            if dealer == seat:
                text += f", and {who} adds {_card_words(before.upcard)} to the hand."
            else:
                text += f", and {dealer.word}, the dealer, takes up {_card_words(before.upcard)}."
        else:
            text += f"; {before.dealer.word}, the dealer, sits out, and the upcard is dead (R5.2)."
        return text
    if act.CALL <= i < act.NAME:
        s = Suit((i - act.CALL) & 3)
        return f"{who} calls {s.symbol} {s.plural}" + (" alone" if i >= act.CALL_ALONE else "") + "."
    if act.NAME <= i < act.DEFEND_ALONE:
        s = Suit(i - act.NAME)
        return f"{who} names {s.symbol} {s.plural} for the Benny (R3.5)."
    if i == act.DEFEND_ALONE:
        return f"{who} defends alone; {seat.partner.word} sits out (R5.4)."
    if i == act.TAKE:
        return f"{who} takes the railroad card (R5.5)."
    if i == act.DECLINE:
        return f"{who} declines the railroad card (R5.5)."
    card = a.card
    assert card is not None
    if act.DISCARD <= i < act.GIVE:
        return f"{who} discards {_card_words(card)}." if reveal else f"{who} discards a card face down."
    if act.GIVE <= i < act.PLAY:
        to = seat.partner.word
        return (
            f"{who} passes {_card_words(card)} to {to} (R5.5)."
            if reveal
            else f"{who} passes a card face down to {to} (R5.5)."
        )
    trick = before.current_trick
    leads = trick is None or not trick.cards
    text = f"{who} {'leads' if leads else 'plays'} {_card_words(card)}."
    if len(after.tricks) > len(before.tricks):
        last = after.tricks[-1]
        assert last.winner is not None
        n = len(after.tricks)
        text += f" {last.winner.word} wins trick {n} with {_card_words(last.cards[last.seats.index(last.winner)])}."
    if after.is_over and after.score is not None:
        text += " " + explain.score_reason(after)
    return text


THROWN_IN = "Thrown in: nobody made trump."
"""How a hand all four passed ended, where :func:`hand_result` says how a played one did."""


def hand_result(hand: Hand) -> str:
    """Who made it or was euchred in a finished hand, and what they score, in one sentence."""
    sc = hand.score
    assert sc is not None and hand.maker is not None
    return result_words(hand.maker.team, sc)


def result_words(team: Team, sc: HandScore) -> str:
    """The sentence of :func:`hand_result` from the makers' ``team`` and the hand's score (a class
    seat has these, not the hand).

    >>> result_words(Team.EW, HandScore(makers=1, defenders=0, outcome='made'))
    'East-West made it and score 1.'
    >>> result_words(Team.NS, HandScore(makers=0, defenders=2, outcome='euchred'))
    'North-South were euchred; East-West score 2.'
    """
    if sc.makers:
        march = " with a march" if sc.outcome == "march" else ""
        return f"{team.word} made it{march} and score {sc.makers}."
    word = "super euchred" if sc.outcome == "super euchre" else "euchred"
    return f"{team.word} were {word}; {team.other.word} score {sc.defenders}."
