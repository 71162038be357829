"""Plain-words explanations of the rulings, in the seeds' vocabulary.

Errors, quizzes, hints and lessons all take their sentences from here, so a rule is
explained the same way everywhere. Each sentence cites its rule id (R6.2) from docs/rules.md.
Why an action is illegal, and an action in a player's words, are in
:mod:`~euchre_learn.engine.rulings` (what the engine's errors say) and are named here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from euchre_learn.engine import act
from euchre_learn.engine.cards import BENNY_INDEX, Card, Rank, Seat, Suit, Team
from euchre_learn.engine.core import (
    BENNY,
    BID1,
    BID2,
    DEFEND,
    DISCARD_PHASE,
    OVER,
    PLAY_PHASE,
    RR_GIVE,
    RR_TAKE,
    State,
)
from euchre_learn.engine.rules import Rules, score_hand
from euchre_learn.engine.rulings import action_words, illegal_action, make_word, or_list, seat_word, suit_words
from euchre_learn.engine.trump import (
    POWER,
    effective_suit,
    is_trump,
    left_bower,
    legal_plays,
    right_bower,
    trick_winner,
)

if TYPE_CHECKING:
    from euchre_learn.engine.game import Game
    from euchre_learn.engine.hand import Hand

__all__ = [
    "action_words",
    "bidding_options",
    "card_reason",
    "game_reason",
    "illegal_action",
    "leader_reason",
    "make_word",
    "play_reasons",
    "score_reason",
    "suit_words",
    "trick_card_reasons",
    "trick_reason",
]


# ---- explanations for learners: tricks, plays, bidding, scoring, the lead ---------------
# Each function below asks the engine (trump.py, rules.score_hand, State.first_leader) for
# the ruling and only puts it into words; none of them decides a rule itself.


def _singular(suit: Suit) -> str:
    return suit.plural[:-1]


def _bower_note(card: Card, trump: Suit) -> str:
    """'the left bower' / 'the right bower' / 'the Benny' / '' for a card with ``trump`` trump."""
    if card.is_benny:
        return "the Benny, always the highest trump"
    if card == right_bower(trump):
        return "the right bower"
    if card == left_bower(trump):
        return f"the left bower, which counts as a {_singular(trump)}"
    return ""


def _who(seat: Seat | int | None, card: Card) -> str:
    return f"the {card}" if seat is None else f"{Seat(seat).word}'s {card}"


def trick_reason(
    cards: Sequence[Card | str],
    seats: Sequence[Seat | int | str] | None,
    trump: Suit | str,
) -> str:
    """Why the winning card of a trick wins (R6.3): the highest trump in it, else the highest
    card of the suit led; the other cards are beaten or are discards that cannot win.

    ``cards`` are in play order (``cards[0]`` was led); ``seats`` says who played each one
    (or ``None``). The winner comes from :func:`euchre_learn.trick_winner`.

    >>> print(trick_reason(['Q♠', 'J♠', '10♠', 'A♦'], ['W', 'N', 'E', 'S'], 'hearts'))  # RULES §11.5
    West's Q♠ wins the trick: no trump was played, so the highest spade, the suit led, wins (R6.3). The J♠ is not a bower with ♥ hearts trump: here it is an ordinary spade, below the queen (R1.4). The A♦ is thrown off: it neither follows spades nor is a trump, so it cannot win (R6.3).
    >>> print(trick_reason(['K♦', 'A♦', 'J♦', '9♣'], None, 'hearts'))               # RULES §11.6
    The J♦ wins the trick: it is the left bower, which counts as a heart, and the highest trump played; any trump beats every card of the suit led, diamonds (R1.3, R6.3). The 9♣ is thrown off: it neither follows diamonds nor is a trump, so it cannot win (R6.3).
    """
    played = [Card.parse(c) for c in cards]
    who = [None] * len(played) if seats is None else [Seat.parse(s) for s in seats]
    if len(who) != len(played):
        raise ValueError(f"trick_reason needs one seat per card: {len(played)} cards but {len(who)} seats")
    t = Suit.parse(trump)
    win = trick_winner(played, t)
    card = played[win]
    led = effective_suit(played[0], t)
    head = f"{_who(who[win], card)} wins the trick"
    head = head[0].upper() + head[1:]
    notes: list[str] = []
    if is_trump(card, t):
        role = _bower_note(card, t)
        role = f"it is {role}, and" if role else "it is"
        if led == t:
            out = f"{head}: {role} the highest trump played; trump was led (R1.3, R6.3)."
        elif win == 0:
            out = f"{head}: {role} the highest trump played (R1.3, R6.3)."
        else:
            out = (
                f"{head}: {role} the highest trump played; any trump beats every card of the suit led, "
                f"{led.plural} (R1.3, R6.3)."
            )
    else:
        extra = ""
        if played[0] != card:
            extra = f", led by {_who(who[0], played[0])}" if who[0] is not None else ""
        out = f"{head}: no trump was played, so the highest {_singular(led)}, the suit led{extra}, wins (R6.3)."
    for i, c in enumerate(played):
        if i == win:
            continue
        eff = effective_suit(c, t)
        if eff != led and eff != t:
            notes.append(
                f"The {c} is thrown off: it neither follows {led.plural} nor is a trump, so it cannot win (R6.3)."
            )
        elif not c.is_benny and c.rank == Rank.JACK and eff != t and _power_below(c, card, t):
            notes.append(
                f"The {c} is not a bower with {suit_words(t)} trump: here it is an ordinary "
                f"{_singular(eff)}, below the {card.rank.word if card.rank is not None else card} (R1.4)."
            )
    return " ".join([out, *notes])


def _power_below(card: Card, winner: Card, trump: Suit) -> bool:
    """True when ``card`` lost to ``winner`` inside the same effective suit (internal helper)."""
    return (
        effective_suit(card, trump) == effective_suit(winner, trump)
        and POWER[trump][card.index] < POWER[trump][winner.index]
    )


def play_reasons(holding: Iterable[Card | str], trump: Suit | str, led: Card | str | None = None) -> dict[Card, str]:
    """For each card of ``holding``: why it may or may not be played now (R6.2).

    The legal cards come from :func:`euchre_learn.legal_plays`.

    >>> reasons = play_reasons(['J♦', 'A♦', 'K♣'], 'hearts', led='9♥')   # RULES §11.1
    >>> print(reasons[Card.parse('J♦')])
    The J♦ may be played: it follows hearts, the suit led, because it is the left bower, which counts as a heart (R1.3, R6.2).
    >>> print(reasons[Card.parse('A♦')])
    The A♦ may not be played: hearts were led and the holding has the J♦ to follow with, so it must follow (R6.2).
    """
    t = Suit.parse(trump)
    held = [Card.parse(c) for c in holding]
    if led is None:
        return {c: f"The {c} may be played: the leader may lead any card (R6.2)." for c in held}
    led_card = Card.parse(led)
    led_suit = effective_suit(led_card, t)
    ok = set(legal_plays(held, t, led_card))
    followers = [c for c in held if effective_suit(c, t) == led_suit]
    led_note = ""
    if led_suit == t and led_card.suit != t:
        led_note = f" (the {led_card} led is {_bower_note(led_card, t)}: trump was led)"
    out: dict[Card, str] = {}
    for c in held:
        eff = effective_suit(c, t)
        if c in ok and eff == led_suit:
            note = _bower_note(c, t)
            if c.is_benny:
                note = f"the Benny, which is always trump, and {t.plural} are trump"
            if note and c.suit != led_suit:
                out[c] = (
                    f"The {c} may be played: it follows {led_suit.plural}, the suit led{led_note}, because it is "
                    f"{note} (R1.3, R6.2)."
                )
            else:
                out[c] = f"The {c} may be played: it follows {led_suit.plural}, the suit led{led_note} (R6.2)."
        elif c in ok:
            trumps = " It is a trump: playing it is allowed, never required (R6.2)." if eff == t else ""
            out[c] = (
                f"The {c} may be played: the holding has no {led_suit.plural}{led_note}, so any card may be "
                f"played (R6.2).{trumps}"
            )
        else:
            fol = " ".join(str(f) for f in followers)
            why = ""
            if c.suit == led_suit and eff != led_suit:
                why = f" The {c} is {_bower_note(c, t)}, so it cannot follow {led_suit.plural} (R1.3)."
            out[c] = (
                f"The {c} may not be played: {led_suit.plural} were led{led_note} and the holding has the {fol} to "
                f"follow with, so it must follow (R6.2).{why}"
            )
    return out


def _role(dealer: int, seat: int) -> str:
    if seat == dealer:
        return "the dealer"
    if seat == (dealer + 2) & 3:
        return "the dealer's partner"
    if seat == (dealer + 1) & 3:
        return "eldest, on the dealer's left"
    return "an opponent of the dealer"


def _round1_options(s: State, legal: Sequence[int]) -> str:
    """Round 1's choices for the seat to act (R3.1-R3.4, R5.1-R5.3)."""
    seat, dealer = s.to_act, s.dealer
    who, role = seat_word(seat), _role(dealer, seat)
    parts: list[str] = []
    prop = suit_words(s.proposed)
    word = make_word(dealer, seat)
    up = "the Benny" if s.upcard == BENNY_INDEX else f"the upcard {Card(s.upcard)}"
    parts.append(f"Round 1 of the bidding: {up} proposes {prop} as trump.")
    if act.ORDER_UP in legal:
        if seat == dealer:
            parts.append(
                f"{who} ({role}) may take it up, making {prop} trump: {who} adds the upcard to the hand and "
                + (
                    "discards one card, the upcard too under these house rules (R3.1, R3.2)."
                    if s.rules.dealer_may_discard_upcard
                    else "discards one card, any but the upcard (R3.1, R3.2)."
                )
            )
        else:
            parts.append(
                f"{who} ({role}) may {word}, making {prop} trump: {seat_word(dealer)}, the dealer, then adds the "
                f"{Card(s.upcard)} to the hand and discards one card (R3.1, R3.2)."
            )
        parts.append(f"No trump needs to be held to {word} (R3.3).")
    if act.ORDER_UP_ALONE in legal:
        if seat == (dealer + 2) & 3 and act.ORDER_UP not in legal:
            parts.append(
                f"{who} ({role}) may assist only by going alone: with the Canadian loner rule the dealer's "
                "partner who assists must play alone (R5.3)."
            )
        partner = seat_word((seat + 2) & 3)
        if act.ORDER_UP in legal:
            alone = f"{who} may also {word} alone: {partner} sits out"
        else:
            alone = f"If {who} assists alone, {partner} sits out"
        if seat == (dealer + 2) & 3:
            if s.rules.dealer_picks_up_for_partner_loner:
                alone += "; the dealer still picks up and discards first (R5.1, R5.2)."
            else:
                alone += " and does not pick up; the upcard is dead (R5.1, R5.2)."
        else:
            alone += " (R5.1)."
        parts.append(alone)
    last = " If all four pass, the upcard is turned down and round 2 begins (R3.4)." if seat == dealer else ""
    parts.append(f"Or {who} may pass (R3.1).{last}")
    return " ".join(parts)


def _round2_options(s: State, legal: Sequence[int]) -> str:
    """Round 2's choices for the seat to act (R4.1-R4.3, R5.1)."""
    seat, dealer = s.to_act, s.dealer
    who, role = seat_word(seat), _role(dealer, seat)
    parts: list[str] = []
    td = s.turned_down
    calls = sorted({(a - act.CALL) & 3 for a in legal if act.CALL <= a < act.NAME})
    allowed = or_list([suit_words(x) for x in calls])
    parts.append(
        f"Round 2 of the bidding: {suit_words(td)} was turned down, so {who} ({role}) may name "
        f"{allowed} as trump, but not {Suit(td).plural} (R4.1). Any suit named may be played alone (R5.1)."
    )
    if act.PASS in legal:
        if seat == dealer:
            parts.append(f"Or {who} may pass; if all four pass again, the hand is thrown in (R4.2).")
        else:
            parts.append(f"Or {who} may pass (R4.1).")
    else:
        # worded as the refusal of a pass, so a quiz's feedback on "pass" and this say it once
        parts.append(
            f"{who} cannot pass: with stick the dealer, the dealer may not pass at the end of round 2 and must "
            f"name {allowed} (R4.3)."
        )
    return " ".join(parts)


def bidding_options(hand: Hand) -> str:
    """What the seat to act may do now in the bidding, and why, in the seeds' words (R3-R5).

    The choices are the engine's legal actions (:meth:`Hand.legal_actions`), put into words.

    >>> from euchre_learn import Hand
    >>> hand = Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
    ...                              'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
    >>> print(bidding_options(hand.apply('pass')))
    Round 1 of the bidding: the upcard A♥ proposes ♥ hearts as trump. North (the dealer's partner) may assist, making ♥ hearts trump: South, the dealer, then adds the A♥ to the hand and discards one card (R3.1, R3.2). No trump needs to be held to assist (R3.3). North may also assist alone: South sits out and does not pick up; the upcard is dead (R5.1, R5.2). Or North may pass (R3.1).
    """
    s = hand.core
    phase = s.phase
    if phase == OVER:
        return "The hand is over: nobody bids now." + (
            " All four passed twice: thrown in (R4.2)." if s.thrown_in else ""
        )
    if phase == PLAY_PHASE:
        return f"The bidding is over: {suit_words(s.trump)} is trump and {seat_word(s.to_act)} plays a card (R6.2)."
    legal = s.legal()
    who = seat_word(s.to_act)
    if phase == BENNY:
        return (
            f"The Benny was turned up: {who}, the dealer, names the suit it proposes before looking at the hand "
            f"({or_list([Suit(a - act.NAME).symbol for a in legal])}); round 1 then runs with that suit, and a dealer "
            "who takes it up takes the Benny (R3.5)."
        )
    if phase == BID1:
        return _round1_options(s, legal)
    if phase == BID2:
        return _round2_options(s, legal)
    if phase == DISCARD_PHASE:
        if s.rules.dealer_may_discard_upcard:
            return (
                f"{who}, the dealer, took up the {Card(s.upcard)} and now discards one card face down: any card, "
                f"the upcard too under these house rules (R3.2)."
            )
        return (
            f"{who}, the dealer, took up the {Card(s.upcard)} and now discards one card face down: any card but "
            f"the upcard, which stays with the dealer until played (R3.2)."
        )
    if phase == DEFEND:
        return (
            f"{seat_word(s.maker)} is going alone, so {who}, a defender, may defend alone (the partner then sits out) "
            "or pass; the first defender to declare plays alone (R5.4)."
        )
    if phase == RR_GIVE:
        return (
            f"Railroad: {who}, the loner's partner, passes one card of their choice face down to "
            f"{seat_word(s.maker)} (R5.5)."
        )
    if phase == RR_TAKE:
        return f"Railroad: {who}, without looking at the card passed, takes it (then discards one) or declines (R5.5)."
    return f"Railroad: {who} took the card passed and now discards one card (R5.5)."  # RR_DISCARD


def score_reason(
    hand_or_tricks: Hand | int,
    *,
    alone: bool = False,
    lone_defender: bool = False,
    rules: Rules | None = None,
) -> str:
    """How a hand is scored (R7.1-R7.4), from a finished :class:`Hand` or from the makers'
    tricks and the same keywords as :func:`euchre_learn.score_hand` (which decides the points).

    >>> print(score_reason(5, alone=True))
    The makers took all 5 tricks, a march: a loner's march scores 4 points (R7.1).
    >>> print(score_reason(2))
    The makers took 2 tricks, fewer than the 3 they need: they are euchred, and the defenders score 2 points (R7.1).
    """
    makers, defenders, verb = "The makers", "the defenders", "score"
    if isinstance(hand_or_tricks, int):
        tricks = hand_or_tricks
        r = rules or Rules()
    else:
        h = hand_or_tricks
        if h.thrown_in:
            return "All four passed twice, so the hand was thrown in: nobody scores, and the deal passes left (R4.2, R2.3)."
        if not h.is_over or h.maker is None:
            raise ValueError(
                f"score_reason needs a finished hand (all five tricks played); this hand is in phase {h.phase}"
            )
        r = h.rules
        tricks = h.tricks_won[h.maker.team]
        alone = h.alone
        lone_defender = h.lone_defender is not None
        maker = h.maker
        if alone:
            makers = f"{maker.word}, the maker, going alone,"
        else:
            makers = f"{maker.word} and {maker.partner.word} (the makers)"
        if h.lone_defender is not None:
            defenders, verb = f"{h.lone_defender.word}, the lone defender,", "scores"
        else:
            defenders = f"{maker.left.word} and {maker.right.word} (the defenders)"
    sc = score_hand(tricks, alone=alone, lone_defender=lone_defender, rules=r)
    pts = _points
    if sc.outcome == "march":
        if alone:
            return f"{makers} took all 5 tricks, a march: a loner's march scores {pts(sc.makers)} (R7.1)."
        return f"{makers} took all 5 tricks, a march: the makers score {pts(sc.makers)} (R7.1)."
    if sc.outcome == "made":
        tail = " Going alone pays more only for a march (R7.1)." if alone else ""
        return (
            f"{makers} took {tricks} tricks, at least the 3 they need: the makers score {pts(sc.makers)} (R7.1).{tail}"
        )
    took = "no trick" if tricks == 0 else f"{tricks} trick" + ("s" if tricks != 1 else "")
    base = f"{makers} took {took}, fewer than the 3 they need: they are euchred"
    if lone_defender:
        if defenders == "the defenders":
            defenders = "the lone defender"
            verb = "scores"
        ldp = r.lone_defender_points
        which = "all 5 tricks" if tricks == 0 else "3 or 4 tricks"
        msg = (
            f"{base}. A lone defender who takes {which} scores {pts(ldp[1 if tricks == 0 else 0])} "
            "instead of the usual 2 (R7.3, R7.4)"
        )
        if sc.outcome == "super euchre":
            msg += (
                f"; with super euchre a side that takes no trick gives 4, and the defender takes the larger: "
                f"{defenders} {verb} {pts(sc.defenders)} (R7.2, R7.4)"
            )
        else:
            msg += f", so {defenders} {verb} {pts(sc.defenders)}"
        return msg + "."
    if sc.outcome == "super euchre":
        return f"{base} without a trick, a super euchre: {defenders} {verb} {pts(sc.defenders)} (R7.2)."
    return f"{base}, and {defenders} {verb} {pts(sc.defenders)} (R7.1)."


def _points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def leader_reason(hand: Hand) -> str:
    """Who leads the first trick and why (R6.1), once trump is made and the play has begun.

    The leader comes from the engine (``State.first_leader``); this puts the rule into words,
    for both ``loner_lead`` rules and a lone defender (R5.4).

    >>> from euchre_learn import Hand
    >>> hand = Hand.deal('N', seed=1).apply('order up').apply('discard ' + str(Hand.deal('N', seed=1).holding('N')[0]))
    >>> print(leader_reason(hand))
    East leads the first trick: the player on the dealer's left (eldest) leads, whoever made trump (R6.1).
    """
    s = hand.core
    if s.phase not in (PLAY_PHASE, OVER) or s.thrown_in:
        raise ValueError(
            f"who leads is settled once the bidding is over and play begins; this hand is in phase {hand.phase}"
        )
    leader = s.first_leader()
    who = seat_word(leader)
    dealer = s.dealer
    eldest = (dealer + 1) & 3
    if not s.alone:
        return (
            f"{who} leads the first trick: the player on the dealer's left (eldest) leads, whoever made trump (R6.1)."
        )
    loner = s.maker
    if s.rules.loner_lead == "left_of_loner":
        start = (loner + 1) & 3
        rule = f"{seat_word(loner)} is going alone, so the player on the loner's left leads (R6.1)"
    else:
        start = eldest
        rule = (
            f"{seat_word(loner)} is going alone, and with the house rule that the dealer's left always leads, the "
            "player on the dealer's left (eldest) leads even against a loner (R6.1)"
        )
    if leader == start:
        return f"{who} leads the first trick: {rule}."
    skipped = []
    seat = start
    while seat != leader:
        why = "the loner's partner" if seat == (loner + 2) & 3 else "the lone defender's partner"
        skipped.append(f"{seat_word(seat)} ({why}) sits out")
        seat = (seat + 1) & 3
    rules_cited = "R5.4, R6.1" if s.lone_defender >= 0 else "R5.1, R6.1"
    return (
        f"{who} leads the first trick: {rule}. But {' and '.join(skipped)}, so the lead goes to the next active "
        f"seat clockwise ({rules_cited})."
    )


def card_reason(card: Card | str, trump: Suit | str) -> str:
    """What a card is with ``trump`` trump: a bower, the Benny, a trump, a card of the suit of
    trump's colour (*next*), or an ordinary off-suit card (R1.2-R1.4). The words avoid "next",
    which lesson 03 introduces, since lesson 02's quizzes use them. Asks :func:`euchre_learn.is_trump` and friends.

    >>> print(card_reason('J♦', 'hearts'))
    The J♦ is the left bower: the jack of ♦ diamonds, the other suit of the same colour as ♥ hearts, so it is the second-highest trump and counts as a heart, not a diamond (R1.2, R1.3).
    >>> print(card_reason('A♦', 'hearts'))
    The A♦ is not a trump: ♦ diamonds are the same colour as ♥ hearts, but only their jack turns into trump; the rest of diamonds rank A K Q 10 9 (R1.2, R1.4).
    """
    c = Card.parse(card)
    t = Suit.parse(trump)
    if c.is_benny:
        return "The Benny is always trump, the highest card of all, whatever suit is trump (R1.1, R1.3)."
    assert c.suit is not None and c.rank is not None
    if c == right_bower(t):
        return f"The {c} is the right bower: the jack of trump, the highest trump (only the Benny, if used, is higher) (R1.3)."
    if c == left_bower(t):
        return (
            f"The {c} is the left bower: the jack of {suit_words(c.suit)}, the other suit of the same colour "
            f"as {suit_words(t)}, so it is the second-highest trump and counts as a {_singular(t)}, "
            f"not a {_singular(c.suit)} (R1.2, R1.3)."
        )
    if is_trump(c, t):
        return f"The {c} is a trump: {suit_words(t)} are trump, and the {c.rank.word} ranks below both bowers (R1.3)."
    if c.suit == t.next:
        return (
            f"The {c} is not a trump: {suit_words(c.suit)} are the same colour as {suit_words(t)}, but only their jack "
            f"turns into trump; the rest of {c.suit.plural} rank A K Q 10 9 (R1.2, R1.4)."
        )
    if c.rank == Rank.JACK:
        return (
            f"The {c} is not a trump: the bowers are the red jacks with a red trump and the black jacks with a "
            f"black trump, so with {suit_words(t)} trump the {c} is an ordinary {_singular(c.suit)} (R1.3, R1.4)."
        )
    return f"The {c} is not a trump: {suit_words(c.suit)} are an off suit, ranking A K Q J 10 9 (R1.4)."


def trick_card_reasons(
    cards: Sequence[Card | str],
    seats: Sequence[Seat | int | str] | None,
    trump: Suit | str,
) -> dict[Card, str]:
    """For each card of a finished trick: why it wins or why it loses (R6.3).

    >>> reasons = trick_card_reasons(['K♦', 'A♦', 'J♦', '9♣'], None, 'hearts')   # RULES §11.6
    >>> print(reasons[Card.parse('A♦')])
    The A♦ follows diamonds, the suit led, but a trump beats every card of the suit led, and the J♦ is a trump (R6.3).
    """
    played = [Card.parse(c) for c in cards]
    t = Suit.parse(trump)
    win = trick_winner(played, t)
    best = played[win]
    led = effective_suit(played[0], t)
    out = {best: trick_reason(played, seats, t)}
    for c in played:
        if c == best:
            continue
        eff = effective_suit(c, t)
        if eff == t:
            out[c] = f"The {c} is a trump, but a lower one than the {best} (R1.3, R6.3)."
        elif eff == led and is_trump(best, t):
            out[c] = (
                f"The {c} follows {led.plural}, the suit led, but a trump beats every card of the suit led, "
                f"and the {best} is a trump (R6.3)."
            )
        elif eff == led:
            order = "A K Q 10 9" if led == t.next else "A K Q J 10 9"
            out[c] = f"The {c} follows {led.plural}, the suit led, but the {best} ranks higher ({order}) (R1.4, R6.3)."
        else:
            out[c] = f"The {c} is thrown off: it neither follows {led.plural} nor is a trump, so it cannot win (R6.3)."
    return out


def game_reason(game: Game) -> str:
    """The state of a game in words: the score, who is in the barn, who won (R8.1-R8.3).

    >>> from euchre_learn import Game
    >>> print(game_reason(Game(seed=1, dealer='N')))
    The score is North-South 0, East-West 0 in a game to 10. Nobody is one point short of 10, so nobody is in the barn (R8.3).
    """
    target = game.rules.points_to_win
    score = game.score
    head = f"The score is North-South {score[Team.NS]}, East-West {score[Team.EW]} in a game to {target}."
    if game.winner is not None:
        return f"{head} {game.winner.word} reached {target} first and won the game; points past {target} do not carry over (R8.1, R8.2)."
    barn = sorted(game.in_the_barn)
    if not barn:
        return f"{head} Nobody is one point short of {target}, so nobody is in the barn (R8.3)."
    who = " and ".join(t.word for t in barn)
    verb = "are" if len(barn) == 2 else "is"
    return f"{head} {who} {verb} one point short of {target}: in the barn (R8.3)."
