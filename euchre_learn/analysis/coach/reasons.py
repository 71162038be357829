"""Why one choice beats another for the seat to act, from what it can see: the coach's reasons in
Euchre words, without numbers (:mod:`.words` adds the numbers, the grades and the rules of thumb).

Every reason comes from engine facts the seat can see (:class:`~euchre_learn.analysis.table_facts.Facts`).
A card "wins" or "takes" the trick only when no seat still to play could beat it (the voids shown,
the cards still out of sight); otherwise it is "winning so far". Where the position names no
particular reason, the words still name the cards: the card a choice keeps, or the rank it plays,
with the count of trumps beside it; never the count alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from euchre_learn.analysis.table_facts import ROLES, Facts
from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card, Seat, Suit
from euchre_learn.engine.core import BID1, BID2, DISCARD_PHASE, PLAY_PHASE

if TYPE_CHECKING:
    from euchre_learn.engine.hand import Hand

__all__ = ["Judged", "and_words", "reasons", "why_better"]


class _Rates(Protocol):
    @property
    def p_set(self) -> float: ...


class Judged(Protocol):
    """What the reasons read of a judgement, where there is one: the game score and each option's
    rate of euchring the makers."""

    @property
    def score(self) -> tuple[int, int] | None: ...

    def option(self, action: Action | str) -> _Rates: ...


def reasons(hand: Hand, better: Action | str, worse: Action | str) -> str:
    """Why ``better`` beats ``worse`` for the seat to act in ``hand``, in Euchre words only (no
    numbers; '' when the position names no reason). The puzzles' feedback uses it.

    >>> import euchre_learn as el
    >>> reasons(el.examples.hand('left-bower-trap', after=2), 'play J♥', 'play A♣')[:42]
    'your side made trump: leading trump draws '
    """
    return why_better(hand, Action.parse(better), Action.parse(worse))


def why_better(hand: Hand, better: Action, worse: Action, j: Judged | None = None, generic: bool = True) -> str:
    """Euchre reasons why ``better`` beats ``worse`` here, joined; '' when the position names none
    (without ``generic``, '' also when all it could say is the count of trumps)."""
    s = hand.core
    reasons: list[str]
    if s.phase == PLAY_PHASE:
        reasons = _card_why(Facts(hand), better.id - act.PLAY, worse.id - act.PLAY, generic)
    elif s.phase == DISCARD_PHASE:
        reasons = _discard_why(Facts(hand), better, worse)
    elif s.phase in (BID1, BID2):
        reasons = _bid_why(Facts(hand), better, worse, j)
    else:
        reasons = []
    if not reasons and generic and s.phase == DISCARD_PHASE and better.card and worse.card:
        reasons = [f"discarding the {better.card} keeps the {worse.card}"]
    elif not reasons and generic and s.phase in (BID1, BID2):
        reasons = [f"with the {Card(s.upcard)} turned up, the cards you can't see decide between them"]
    return "; ".join(reasons)


def and_words(items: Iterable[str]) -> str:
    """'the K♠, the 9♠ and the Q♦' from its parts."""
    words = list(items)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _suit(i: int) -> str:
    return Suit(i).plural


def _card_words(f: Facts, c: int) -> str:
    """'the J♥ (the right bower)' where the name matters."""
    card = Card(c)
    t = f.trump
    if t is not None and c == t * 6 + 2:
        return f"the {card} (the right bower, the highest trump)"
    if t is not None and c == (3 - t) * 6 + 2:
        return f"the {card} (the left bower)"
    return f"the {card}"


def _seat_words(f: Facts, seat: Seat) -> str:
    if seat == f.seat.partner:
        return "your partner"
    role = f.role(seat)
    if role == "loner":
        return f"{seat.word}, who went alone,"
    if role in ("maker", "lone-defender"):
        return f"{seat.word} ({ROLES[role]})"
    return seat.word


def _can_beat(f: Facts, seat: Seat, card: int) -> bool:
    """Could ``seat``, still to play, beat ``card`` with a card it may hold (voids shown respected)?"""
    suit = f.suit_of(card)
    void = f.voids.get(seat, frozenset())
    unseen = f.out_of_sight
    trump = f.trump
    assert trump is not None
    led = f.suit_of(f.trick[0][0]) if f.trick[0] else suit
    if suit not in void and any(f.suit_of(x) == suit and f.power(x) > f.power(card) for x in unseen):
        return True
    if suit != trump and trump not in void and any(f.is_trump(x) for x in unseen):
        # it may trump only when it cannot follow the led suit: shown void, or possibly void
        return led != trump
    return False


def _trump_count(f: Facts) -> str:
    mine = len(f.trumps())
    out = sum(1 for x in f.out_of_sight if f.is_trump(x))
    t = f.trump
    assert t is not None
    right = t * 6 + 2
    bowers = [b for b in (right, (3 - t) * 6 + 2) if b in f.played]
    seen = f", with {' and '.join(f'the {Card(b)}' for b in bowers)} already played" if bowers else ""
    return (
        f"you hold {mine} trump{'s' if mine != 1 else ''} and {out} more {'are' if out != 1 else 'is'} still out{seen}"
    )


def _card_why(f: Facts, b: int, c: int, generic: bool = True) -> list[str]:
    trump = f.trump
    assert trump is not None
    why: list[str] = []
    tb, tc = f.is_trump(b), f.is_trump(c)
    if f.trick[0]:
        win = f.winner
        assert win is not None
        wcard, wseat = win
        after = f.still_to_play
        threats = [x for x in after if x.team != f.seat.team and _can_beat(f, x, wcard)]
        partner_winning = wseat == f.seat.partner
        if partner_winning and tc and not f.is_trump(wcard) and not tb:
            if threats:
                why.append(
                    f"your partner's {Card(wcard)} is winning so far, but {_seat_words(f, threats[0])} still plays "
                    f"after you and can beat it"
                )
            else:
                why.append(
                    f"your partner's {Card(wcard)} is already winning the trick and nobody left to play can beat it, "
                    f"so {_card_words(f, c)} would be a trump spent for nothing"
                )
        wb, wc = f.wins(b), f.wins(c)
        # 'wins'/'takes' only when no seat still to play could beat the card; else 'winning so far'
        sure_b = wb and not any(_can_beat(f, x, b) for x in after)
        sure_c = wc and not any(_can_beat(f, x, c) for x in after)
        if partner_winning and tb and not tc and threats:
            takes = (
                "takes the trick first" if sure_b else "is winning the trick so far, and only a higher trump beats it"
            )
            why.append(
                f"your partner's {Card(wcard)} is winning so far, but {_seat_words(f, threats[0])} still plays after "
                f"you and can beat it: {_card_words(f, b)} {takes}"
            )
        elif wb and wc and f.suit_of(b) == f.suit_of(c) and f.power(b) < f.power(c):
            if sure_b:
                why.append(
                    f"the {Card(b)} wins this trick as surely as {_card_words(f, c)}, which is worth keeping for later"
                )
            elif sure_c:
                why.append(
                    f"the {Card(b)} is winning the trick so far; {_card_words(f, c)} would make it sure, "
                    f"but the {Card(c)} is worth keeping for later"
                )
            else:
                why.append(
                    f"the {Card(b)} is winning the trick so far, as {_card_words(f, c)} would be, and the "
                    f"{Card(c)} is worth keeping for later"
                )
        elif wb and not wc and sure_b:
            why.append(f"the {Card(b)} takes the trick (and you lead next); the {Card(c)} does not")
        elif wb and not wc:
            seat = next(x for x in after if _can_beat(f, x, b))
            why.append(
                f"the {Card(b)} is winning the trick so far ({_seat_words(f, seat)} still plays after you and "
                f"might beat it); the {Card(c)} would not be"
            )
        elif wc and not wb and partner_winning and not why:
            why.append(f"your partner is winning already, so the {Card(c)} is better kept")
        elif wc and not wb and f.seat.partner in after:
            why.append(f"your partner still plays after you and may win the trick, so keep the {Card(c)} for later")
        if f.void_in_led and not tb and not tc and f.is_boss(c):
            why.append(
                f"the {Card(c)} is the boss {_suit(f.suit_of(c))[:-1]} (the highest still out): keep it for a trick it wins"
            )
    else:
        ours = f.makers_side
        alone_against = f.maker is not None and f.alone and not ours
        if tb and not tc and ours:
            why.append(
                f"your side made trump: leading trump draws the other side's trumps before they can ruff your winners ({_trump_count(f)})"
            )
        elif tc and not tb and alone_against:
            why.append(
                "against a loner, don't lead trump: the loner is strong in it, and your trump may be the card that stops it"
            )
        elif tc and not tb and not ours:
            why.append("on defence a trump lead draws your partner's trumps, not the makers'")
        elif tc and not tb and ours:
            why.append(f"leading trump here spends a trump your side needs ({_trump_count(f)})")
        elif tb and not tc:
            why.append(f"a trump lead pulls the trumps that would ruff your side cards ({_trump_count(f)})")
        elif tb and tc and f.is_boss(b) and not f.is_boss(c) and ours:
            why.append(f"the {Card(b)} is the highest trump still out: it wins the trick and pulls trumps")
        partner_void = f.voids.get(f.seat.partner, frozenset())
        if f.suit_of(b) in partner_void and f.suit_of(b) != trump and f.maker is not None and not (f.alone and ours):
            why.append(f"your partner has shown out of {_suit(f.suit_of(b))}, so they can trump it")
        if not tb and f.is_boss(b) and not f.is_boss(c) and f.suit_of(b) != f.suit_of(c):
            why.append(f"the {Card(b)} is the boss {_suit(f.suit_of(b))[:-1]} (nothing still out beats it in its suit)")
        for x in Seat:
            if x.team != f.seat.team and f.suit_of(c) in f.voids.get(x, frozenset()) and not tc:
                why.append(f"{x.word} has shown out of {_suit(f.suit_of(c))} and can trump the {Card(c)}")
                break
    if not why and generic:
        why.append(_contrast(f, b, c))
    return why


def _contrast(f: Facts, b: int, c: int) -> str:
    """What choosing card ``b`` over card ``c`` does, in cards, where the position names no other
    reason: the card it keeps, or the rank it plays; the trump count beside it when trumps are in it."""
    tb, tc = f.is_trump(b), f.is_trump(c)
    if tc and not tb:
        text = f"the {Card(b)} keeps your trump, {_card_words(f, c)}, for a later trick"
    elif tb and not tc:
        text = f"the {Card(b)} is a trump: it outranks the {Card(c)} and every other {_suit(f.suit_of(c))[:-1]}"
    elif f.suit_of(b) == f.suit_of(c) and f.power(b) < f.power(c):
        text = f"the {Card(b)} keeps {_card_words(f, c)}, the higher card, for later"
    elif f.suit_of(b) == f.suit_of(c):
        above = [Card(x) for x in f.out_of_sight if f.suit_of(x) == f.suit_of(b) and f.power(x) > f.power(b)]
        over = f", with {and_words(f'the {x}' for x in above)} still out above it" if above else ""
        text = f"the {Card(b)} ranks above the {Card(c)}{over}"
    else:
        text = f"the {Card(b)} keeps the {Card(c)} for later"
    return f"{text} ({_trump_count(f)})" if tb or tc else text


def _discard_why(f: Facts, better: Action, worse: Action) -> list[str]:
    held = [x.index for x in f.hand.holding(f.seat)]
    b, c = better.card, worse.card
    if b is None or c is None:
        return []
    why = []
    bi, ci = b.index, c.index
    if f.is_trump(ci) and not f.is_trump(bi):
        why.append(f"the {c} is a trump: keep your trumps, a trump outranks any side card")
    sb = f.suit_of(bi)
    if not f.is_trump(bi) and sum(1 for x in held if f.suit_of(x) == sb) == 1:
        why.append(f"throwing the {b} leaves you void in {_suit(sb)}, so you can trump them")
    elif f.is_boss(ci) and not f.is_trump(ci):
        why.append(f"the {c} is the boss {_suit(f.suit_of(ci))[:-1]}: it takes a trick later")
    return why


def _bid_why(f: Facts, better: Action, worse: Action, j: Judged | None) -> list[str]:
    s = f.hand.core
    why: list[str] = []
    if s.upcard >= 24:  # the Benny turned up: no suit to read
        return why
    up = Card(s.upcard)
    upsuit = up.suit
    assert upsuit is not None
    made = [a for a in (better, worse) if a.id != act.PASS]
    if not made:
        return why
    a = made[0]
    suit = upsuit if s.phase == BID1 else a.suit
    if suit is None:
        return why
    t = int(suit)
    held = [c.index for c in f.hand.holding(f.seat)]
    if s.phase == BID1 and f.seat == f.dealer:
        held.append(up.index)
    eff = [c for c in held if (c // 6 == t and c % 6 != 2) or c in (t * 6 + 2, (3 - t) * 6 + 2)]
    bowers = [n for c, n in ((t * 6 + 2, "the right bower"), ((3 - t) * 6 + 2, "the left")) if c in held]
    aces = sum(1 for c in held if c % 6 == 5 and c // 6 != t)
    desc = f"with {suit.plural} trump you hold {len(eff)} trump{'s' if len(eff) != 1 else ''}"
    if bowers:
        desc += f" ({' and '.join(bowers)})"
    elif eff and max(c % 6 for c in eff) <= 3:
        desc += " (all small: no bower, no ace)"
    if aces:
        desc += f" and {aces} side ace{'s' if aces > 1 else ''}"
    why.append(desc)
    if s.phase == BID1:
        dealer = f.dealer
        who = (
            "you"
            if dealer == f.seat
            else ("your partner" if dealer == f.seat.partner else f"{dealer.word}, on the other side")
        )
        why.append(f"the {up} goes to the dealer, {who}")
    else:
        nxt = 3 - upsuit
        if t == nxt and f.seat.team != f.dealer.team:
            why.append(
                f"{suit.plural} is next, the same colour as the turned-down {upsuit.plural}: the dealer's side "
                f"passed the {up}, so the jacks of that colour are less likely over there"
            )
        elif t == nxt:
            why.append(f"{suit.plural} is next, the same colour as the {upsuit.plural} your side turned down")
        elif t != int(upsuit):
            why.append(f"{suit.plural} is green (the other colour from the turned-down {upsuit.plural})")
    two_win = j is not None and j.score is not None and j.score[f.seat.team] + 2 >= s.rules.points_to_win
    if better.alone and not worse.alone and worse.id != act.PASS:
        four = "" if two_win else ", and alone a march scores 4 points instead of 2"
        why.insert(0, f"your hand can take the tricks by itself{four}")
    elif worse.alone and not better.alone:
        why.insert(0, "alone you give up your partner's help, and three or four tricks still score only 1")
    if j is None:
        return why
    b, w = j.option(better), j.option(worse)
    if b.p_set - w.p_set >= 0.1:  # (the euchres your side suffers are in the numbers)
        why.append(
            f"with {'that choice' if better.id != act.PASS else 'a pass'} your side euchres the makers {b.p_set:.0%} of the time"
        )
    return why
