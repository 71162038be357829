"""Plain-words rulings: why an action is not legal now, and an action in the seeds' words.

The engine's errors (:class:`~euchre_learn.IllegalActionError`) take their sentences from
here; :mod:`euchre_learn.engine.explain` (which names these too) puts every other ruling into
words for learners. Each sentence cites its rule id (R6.2) from docs/rules.md.
"""

from __future__ import annotations

from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import BENNY_INDEX, Card, Seat, Suit
from euchre_learn.engine.core import (
    BENNY,
    BID1,
    BID2,
    DEFEND,
    DISCARD_PHASE,
    OVER,
    PLAY_PHASE,
    RR_DISCARD,
    RR_GIVE,
    RR_TAKE,
    State,
    bits,
)
from euchre_learn.engine.errors import quote
from euchre_learn.engine.trump import (
    EFFECTIVE,
    SUIT_MASK,
)

__all__ = [
    "action_words",
    "illegal_action",
    "illegal_play",
    "make_word",
    "not_your_turn",
    "or_list",
    "seat_word",
    "suit_words",
]


def suit_words(suit: int) -> str:
    """``'♥ hearts'``: a symbol and a name, so colour is never the only cue."""
    s = Suit(suit)
    return f"{s.symbol} {s.plural}"


def _cards(mask_or_list: int | list[int]) -> str:
    items = bits(mask_or_list) if isinstance(mask_or_list, int) else mask_or_list
    return " ".join(str(Card(c)) for c in items)


def or_list(items: list[str]) -> str:
    """``'a, b or c'``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def make_word(dealer: int, seat: int) -> str:
    """The seeds' word for accepting the upcard (R3.1): the dealer *takes it up*, the
    dealer's partner *assists*, an opponent *orders it up*."""
    if seat == dealer:
        return "take it up"
    if seat == (dealer + 2) & 3:
        return "assist"
    return "order it up"


def action_words(state: State, seat: int, action: int) -> str:
    """An action as this seat would say it: 'assist alone', 'take it up', 'call ♥ hearts'."""
    if action in (act.ORDER_UP, act.ORDER_UP_ALONE):
        word = make_word(state.dealer, seat)
        return word + (" alone" if action == act.ORDER_UP_ALONE else "")
    if act.CALL <= action < act.NAME:
        return f"call {suit_words((action - act.CALL) & 3)}" + (" alone" if action >= act.CALL_ALONE else "")
    if act.NAME <= action < act.DEFEND_ALONE:
        return f"name {suit_words(action - act.NAME)}"
    return str(Action(action))


def seat_word(seat: int) -> str:
    """``'North'``."""
    return Seat(seat).word


def _legal_words(state: State) -> str:
    return or_list([f"'{action_words(state, state.to_act, a)}'" for a in state.legal()])


def _card_note(card: int, trump: int) -> str:
    """Why a card belongs to trump although its printed suit says otherwise (R1.3)."""
    if card == BENNY_INDEX:
        return f"The Benny is always the highest trump, so it counts as {Suit(trump).plural[:-1]}."
    if EFFECTIVE[trump][card] == trump and card // 6 != trump:
        t = Suit(trump)
        return (
            f"The {Card(card)} is the left bower: with {t.plural} trump it counts as a "
            f"{t.plural[:-1]}, not a {Suit(card // 6).plural[:-1]}."
        )
    return ""


def illegal_play(state: State, card: int) -> str:
    """Why ``card`` may not be played now (R6.2)."""
    seat, hand, trump = state.to_act, state.hands[state.to_act], state.trump
    who = seat_word(seat)
    if not hand >> card & 1:
        return f"{who} does not hold the {Card(card)}: {who} holds {_cards(hand)}."
    led = state.trick[0]
    led_suit = EFFECTIVE[trump][led]
    followers = hand & SUIT_MASK[trump][led_suit]
    suit_name = Suit(led_suit).plural
    msg = f"{who} must follow {suit_name}, the suit led, and holds {_cards(followers)} (R6.2)."
    notes = []
    if card // 6 == led_suit and EFFECTIVE[trump][card] != led_suit:
        notes.append(_card_note(card, trump) + f" So it cannot follow {suit_name}.")
    if led_suit == trump and EFFECTIVE[trump][led] == trump and led // 6 != trump and led != BENNY_INDEX:
        notes.append(_card_note(led, trump) + f" So {suit_name} were led.")
    elif led == BENNY_INDEX:
        notes.append(f"The Benny led is always trump, so {suit_name} were led.")
    for c in bits(followers):
        if c == BENNY_INDEX:
            notes.append("The Benny is always trump, so it follows trump too.")
        elif c // 6 != led_suit:
            t = Suit(trump).plural
            notes.append(f"The {Card(c)} is the left bower with {t} trump, so it counts as a {t[:-1]} too.")
    return msg + "".join(f" ({n})" for n in notes if n)


def illegal_action(state: State, action: int) -> str:
    """Why ``action`` is not legal for the seat to act, in plain words with the rule id."""
    if state.phase == OVER:
        if state.thrown_in:
            return "The hand is over: all four passed twice and it was thrown in (R4.2). Deal the next hand."
        return "The hand is over: all five tricks have been played. Nobody has an action left."
    seat = state.to_act
    who = seat_word(seat)
    phase = state.phase
    said = action_words(state, seat, action)
    dealer = seat_word(state.dealer)
    if phase == PLAY_PHASE:
        if action >= act.PLAY:
            return f"{who} may not play the {Card(action - act.PLAY)}. " + illegal_play(state, action - act.PLAY)
        return (
            f"{who} cannot '{said}' now: the bidding is over and it is {who}'s turn to play a card "
            f"to the trick (R6.2). Legal now: {_legal_words(state)}."
        )
    if phase == BID1:
        proposed = suit_words(state.proposed)
        if action == act.ORDER_UP and state.rules.canadian_loner and seat == (state.dealer + 2) & 3:
            return (
                f"{who} cannot assist without going alone: with the Canadian loner rule the dealer's "
                f"partner who assists must play alone (R5.3). {who} may 'assist alone' or 'pass'."
            )
        if act.CALL <= action < act.NAME:
            return (
                f"{who} cannot '{said}' in round 1: only the upcard's suit, {proposed}, can become trump "
                f"now. {who} may {make_word(state.dealer, seat)} or pass (R3.1); naming another suit "
                "comes in round 2, if all four pass (R4.1)."
            )
        if act.ORDER_UP not in state.legal():  # the Canadian loner: the dealer's partner only alone
            return (
                f"{who} cannot '{said}' now: it is round 1 of the bidding, and {who} may assist alone "
                f"(make {proposed} trump and play alone, R5.3) or pass (R3.1)."
            )
        return (
            f"{who} cannot '{said}' now: it is round 1 of the bidding, and {who} may "
            f"{make_word(state.dealer, seat)} (make {proposed} trump), alone or not, or pass (R3.1)."
        )
    if phase == BID2:
        td = state.turned_down
        allowed = or_list([Suit(s).symbol for s in range(4) if s != td])
        if act.CALL <= action < act.NAME and (action - act.CALL) & 3 == td:
            return (
                f"{who} cannot {said}: {suit_words(td)} was turned down in round 1, so it cannot be "
                f"named in round 2 (R4.1). {who} may name {allowed}"
                + (" (the dealer is stuck and may not pass, R4.3)." if act.PASS not in state.legal() else ", or pass.")
            )
        if action == act.PASS:
            return (
                f"{who} cannot pass: with stick the dealer, the dealer may not pass at the end of "
                f"round 2 and must name {allowed} (R4.3)."
            )
        stuck = act.PASS not in state.legal()
        return (
            f"{who} cannot '{said}' now: it is round 2 of the bidding, and {who} may name any suit "
            f"but the turned-down {suit_words(td)} ({allowed}), alone or not"
            + (": the dealer is stuck and may not pass (R4.1, R4.3)." if stuck else ", or pass (R4.1).")
        )
    if phase == DISCARD_PHASE:
        up = Card(state.upcard)
        if action - act.DISCARD == state.upcard:
            return (
                f"{who} may not discard the {up}: the dealer took up the upcard and must discard "
                f"one of the other cards, face down (R3.2; some tables' house rules let the dealer discard "
                f"it). Legal now: {_legal_words(state)}."
            )
        if act.DISCARD <= action < act.DISCARD + 25:
            options = or_list([str(Card(a - act.DISCARD)) for a in state.legal()])
            return f"{who} does not hold the {Card(action - act.DISCARD)}: {who} may discard {options}."
        return (
            f"{who} cannot '{said}' now: {dealer} (the dealer) has taken up the {up} and must "
            f"first discard one card face down (R3.2). Legal now: {_legal_words(state)}."
        )
    if phase == BENNY:
        return (
            f"{who} cannot '{said}' now: the Benny was turned up, so the dealer first names the "
            f"suit it proposes, before looking at the hand (R3.5). Legal now: {_legal_words(state)}."
        )
    base = act.GIVE if phase == RR_GIVE else act.DISCARD
    if phase in (RR_GIVE, RR_DISCARD) and base <= action < base + 25 and not state.hands[seat] >> (action - base) & 1:
        verb = "give" if phase == RR_GIVE else "discard"
        options = or_list([str(Card(a - base)) for a in state.legal()])
        return f"{who} does not hold the {Card(action - base)}: {who} may {verb} {options} (R5.5)."
    if phase in (RR_GIVE, RR_TAKE, RR_DISCARD):
        loner = seat_word(state.maker)
        step = {
            RR_GIVE: f"{who}, the loner's partner, passes one card face down to {loner}",
            RR_TAKE: f"{loner}, without looking at it, takes the railroad card or declines it",
            RR_DISCARD: f"{loner} took the railroad card and now discards one card",
        }[phase]
        return f"{who} cannot '{said}' now: {step} (R5.5). Legal now: {_legal_words(state)}."
    if phase == DEFEND:
        return (
            f"{who} cannot '{said}' now: {seat_word(state.maker)} is going alone, and each defender in "
            f"turn may defend alone or pass (R5.4). Legal now: {_legal_words(state)}."
        )
    return f"{who} cannot '{said}' now. Legal now: {_legal_words(state)}."  # pragma: no cover


def not_your_turn(state: State, seat: Seat, text: str) -> str:
    """Why ``seat`` may not act now (``text`` is what it tried): the hand is over, ``seat`` sits out
    (R5.1, R5.4), or it is another seat's turn. :meth:`Hand.apply <euchre_learn.Hand.apply>` raises it
    when an action names its seat ('E pass').

    >>> from euchre_learn import Hand
    >>> not_your_turn(Hand.deal('S', seed=3).core, Seat.E, 'E pass')
    "East cannot act now ('E pass'): it is West's turn, not East's."
    """
    if state.to_act < 0:
        return f"{seat.word} cannot act ({quote(text)}). " + illegal_action(state, 0)
    turn = f"It is {Seat(state.to_act).word}'s turn."
    if state.out >> seat & 1:
        if state.lone_defender >= 0 and seat == (state.lone_defender + 2) & 3:
            why = f"{Seat(state.lone_defender).word} is defending alone (R5.4)"
        else:
            why = f"{seat.partner.word} is going alone (R5.1)"
        return (
            f"{seat.word} cannot act ({quote(text)}): {seat.word} sits out this hand because {why}. "
            f"{seat.word}'s cards stay face down and {seat.word} never acts. {turn}"
        )
    return f"{seat.word} cannot act now ({quote(text)}): it is {Seat(state.to_act).word}'s turn, not {seat.word}'s."
