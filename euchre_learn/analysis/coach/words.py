"""The coach's words: why one option beats another, in Euchre words first and numbers second.

Every sentence is built from engine facts the seat can see (:class:`~euchre_learn.analysis.table_facts.Facts`):
the trumps it holds and those still out, the bowers already played, the boss card of a suit,
the voids shown, who is winning the trick and whether a seat still to play can beat it, who
leads next, next and green in round 2, and the game score. The numbers follow in one short
clause. The Hint and the review say the same thing because both call :func:`explain`.

The rules the words keep:

* a choice graded 'best' is never told another choice was better;
* a close call says so in one plain sentence (:data:`CLOSE`);
* a forced choice says only that it was forced;
* a partner's card is "already winning" only when no seat still to play can beat it (against a
  loner who plays after you, it is not).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from euchre_learn.analysis.table_facts import ROLES, Facts
from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card, Seat, Suit
from euchre_learn.engine.core import BID1, BID2, DISCARD_PHASE, PLAY_PHASE
from euchre_learn.engine.explain import action_words

if TYPE_CHECKING:
    from euchre_learn.engine.hand import Hand

__all__ = ["CLOSE", "FORCED", "explain", "name", "reasons", "table_note"]

CLOSE = "Close: it depends on cards you can't see."
FORCED = "Forced: every legal card does the same here (the cards touch: nothing still out lies between them)."


class _Option(Protocol):
    @property
    def action(self) -> Action: ...
    @property
    def table_points(self) -> float: ...
    @property
    def dd_points(self) -> float: ...
    @property
    def win(self) -> float | None: ...
    @property
    def p_euchred(self) -> float: ...
    @property
    def p_set(self) -> float: ...
    @property
    def tricks(self) -> float: ...


class _Judged(Protocol):
    """What the words need of a :class:`~euchre_learn.analysis.coach.Judgement`."""

    @property
    def position(self) -> Hand: ...
    @property
    def options(self) -> Sequence[_Option]: ...
    @property
    def best(self) -> Action: ...
    @property
    def decided_by(self) -> str: ...
    @property
    def forced(self) -> bool: ...
    @property
    def close(self) -> bool: ...
    @property
    def worlds(self) -> int: ...
    @property
    def score(self) -> tuple[int, int] | None: ...

    def option(self, action: Action | str) -> _Option: ...
    def grade_of(self, action: Action | str) -> str: ...
    def close_for(self, action: Action | str) -> bool: ...


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def name(hand: Hand, a: Action) -> str:
    """An action as the coach says it: 'the K♣' for a card, 'to order it up alone' for a bid."""
    if a.id >= act.PLAY:
        return f"the {Card(a.id - act.PLAY)}"
    s = hand.core
    return f"to {action_words(s, s.to_act, a.id)}"


def explain(j: _Judged, chosen: Action, convention: str | None = None, *, both_break: bool = False) -> str:
    """Why ``chosen`` earned its grade in judgement ``j``: the reason in Euchre words, the numbers
    in one clause, whether it was close, and the convention it breaks (``convention``: its
    sentence) or, where the numbers say the convention is wrong in this deal, that said plainly
    (``both_break``: the better choice breaks it too, so it does not decide this one)."""
    hand = j.position
    if j.forced:
        if len(j.options) == 1:
            return f"{_cap(name(hand, chosen))} was the only legal choice."
        return FORCED
    grade = j.grade_of(chosen)
    game = j.score is not None
    parts: list[str] = []
    if grade == "best":
        other = next((o for o in j.options if j.grade_of(o.action) != "best"), None)
        if other is None:  # every option the same on every count
            parts.append(f"{_cap(name(hand, chosen))} is best: every choice comes to the same here.")
        else:
            # the reason against the best-ranked option the position has a specific word for
            why = ""
            for o in j.options:
                if j.grade_of(o.action) != "best":
                    why = _why(hand, chosen, o.action, j, generic=False)
                    if why:
                        break
            why = why or _why(hand, chosen, other.action, j)
            # tied on the game: name the loner the call ties with, where there is one
            tied = [o for o in j.options if j.grade_of(o.action) != "best" and _game_tie(j, chosen, o.action)]
            loner = next((o for o in tied if o.action.alone and not chosen.alone), None)
            other = loner or (tied[0] if tied else other)
            tie = _game_tie(j, chosen, other.action)
            head = f"{_cap(name(hand, chosen))} is best"
            parts.append(f"{head}: {tie or why or 'it gives your side the most'}.")
            if tie and why:
                parts.append(_cap(why) + ".")
            parts.append(_numbers(j, chosen, other.action, "the next best"))
    else:
        best = j.best
        why = _why(hand, best, chosen, j)
        tie = _game_tie(j, best, chosen)
        than = "a little better than" if grade == "good" else "better than"
        parts.append(f"{_cap(name(hand, best))} was {than} {name(hand, chosen)}: {tie or why or _plain(j)}.")
        if tie and why:
            parts.append(_cap(why) + ".")
        parts.append(_numbers(j, best, chosen, ""))
        parts.append(table_note(j, chosen))
    if j.close_for(chosen):
        parts.append(CLOSE)
    if j.decided_by == "convention" and chosen == j.best:
        from euchre_learn.analysis.convention_book import broken

        rules = broken(hand, j.options[1].action, j.score)
        if rules:
            parts.append(f"Between choices this close, the rule of thumb decides: {rules[0].sentence}")
    if convention and both_break and grade not in ("best", "good"):
        parts.append(
            f'The rule of thumb says: "{convention}" Here the better choice breaks it too: it does not decide this one.'
        )
    elif convention:
        if grade in ("best", "good"):
            verdict = "otherwise: it is best here" if grade == "best" else "breaking it costs little here"
            parts.append(f'The rule of thumb says: "{convention}" In this deal the numbers say {verdict}.')
        else:
            parts.append(f"Rule of thumb: {convention}")
    del game
    return " ".join(p for p in parts if p)


def table_note(j: _Judged, chosen: Action) -> str:
    """Where double dummy would rate ``chosen`` as good as the best and the table does not, the
    sentence that says so ('' otherwise, and for a choice graded 'best')."""
    if j.forced or j.grade_of(chosen) == "best" or j.decided_by != "table":
        return ""
    b, c = j.option(j.best), j.option(chosen)
    if c.dd_points < b.dd_points - 1e-9:
        return ""
    return (
        f"With every card in view {name(j.position, chosen)} would look as good, but at the table, where "
        "nobody sees the hidden cards, it does worse."
    )


def _plain(j: _Judged) -> str:
    return "it gives your side more" if j.score is None else "it gives your side a better chance to win the game"


def _numbers(j: _Judged, a: Action, b: Action, label: str) -> str:
    """The numbers, second and short: ``a`` against ``b`` at the table."""
    x, y = j.option(a), j.option(b)
    who = f" for {label}, {name(j.position, b)}" if label else ""
    if x.win is not None and y.win is not None:
        text = f"({x.win:.0%} to win the game against {y.win:.0%}{who}"
    else:
        text = f"({x.table_points:+.2f} points against {y.table_points:+.2f}{who}"
    if y.p_euchred - x.p_euchred >= 0.05:
        text += f"; euchred {y.p_euchred:.0%} of the time {_after(j.position, b)}, against {x.p_euchred:.0%}"
    return text + f", over {j.worlds} deals of the cards you can't see.)"


def _after(hand: Hand, a: Action) -> str:
    """'after the A♣' for a card, 'if you call ♦ diamonds' for a bid."""
    if a.id >= act.PLAY:
        return f"after the {Card(a.id - act.PLAY)}"
    s = hand.core
    return f"if you {action_words(s, s.to_act, a.id)}"


def _game_tie(j: _Judged, better: Action, worse: Action) -> str:
    """Both choices give the same chance to win the game: say why the safer one is better."""
    x, y = j.option(better), j.option(worse)
    if x.win is None or y.win is None or abs(x.win - y.win) >= 0.002 or j.score is None:
        return ""
    s = j.position.core
    team = s.to_act & 1
    target = s.rules.points_to_win
    one_point = j.score[team] + 1 >= target
    both = (
        "both win the game"
        if one_point and x.win >= 0.95
        else f"both give the same chance to win the game ({x.win:.0%})"
    )
    if y.action.alone and not x.action.alone:
        extra = "going alone adds nothing"
        if one_point:
            extra += f" (at {j.score[team]} points one point wins it, and partner's cards can only help)"
        return f"{both}; {extra}"
    if y.p_euchred > x.p_euchred:
        return f"{both}, and {name(j.position, better)} risks less"
    return f"{both}; {name(j.position, better)} is the safer of the two"


# ---- reasons from the position --------------------------------------------------------------


def reasons(hand: Hand, better: Action | str, worse: Action | str) -> str:
    """Why ``better`` beats ``worse`` for the seat to act in ``hand``, in Euchre words only (no
    numbers; '' when the position names no reason). The puzzles' feedback uses it.

    >>> import euchre_learn as el
    >>> reasons(el.examples.hand('left-bower-trap', after=2), 'play J♥', 'play A♣')[:42]
    'your side made trump: leading trump draws '
    """
    return _why(hand, Action.parse(better), Action.parse(worse), None)


def _why(hand: Hand, better: Action, worse: Action, j: _Judged | None, generic: bool = True) -> str:
    """Euchre reasons why ``better`` beats ``worse`` here, joined; '' when the position names none
    (without ``generic``, '' also when all it could say is the count of trumps)."""
    s = hand.core
    if s.phase == PLAY_PHASE:
        reasons = _card_why(Facts(hand), better.id - act.PLAY, worse.id - act.PLAY, generic)
    elif s.phase == DISCARD_PHASE:
        reasons = _discard_why(Facts(hand), better, worse)
    elif s.phase in (BID1, BID2):
        reasons = _bid_why(Facts(hand), better, worse, j)
    else:
        reasons = []
    return "; ".join(reasons)


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
        elif partner_winning and tb and not tc and threats:
            why.append(
                f"your partner's {Card(wcard)} is winning so far, but {_seat_words(f, threats[0])} still plays after "
                f"you and can beat it: {_card_words(f, b)} takes the trick first"
            )
        wb, wc = f.wins(b), f.wins(c)
        if wb and wc and f.suit_of(b) == f.suit_of(c) and f.power(b) < f.power(c):
            safe = not any(_can_beat(f, x, b) for x in after if x.team != f.seat.team)
            why.append(
                f"the {Card(b)} wins this trick {'as surely as' if safe else 'as well as'} {_card_words(f, c)}, "
                f"which is worth keeping for later"
            )
        elif wb and not wc:
            why.append(f"the {Card(b)} takes the trick (and you lead next); the {Card(c)} does not")
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
    if not why and (tb or tc) and generic:
        why.append(_trump_count(f))
    return why


def _discard_why(f: Facts, better: Action, worse: Action) -> list[str]:
    held = [x.index for x in f.hand.holding(f.seat)]
    b, c = better.card, worse.card
    if b is None or c is None:
        return []
    why = []
    bi, ci = b.index, c.index
    if f.is_trump(ci) and not f.is_trump(bi):
        why.append("keep your trumps: a trump outranks any side card")
    sb = f.suit_of(bi)
    if not f.is_trump(bi) and sum(1 for x in held if f.suit_of(x) == sb) == 1:
        why.append(f"throwing the {b} leaves you void in {_suit(sb)}, so you can trump them")
    elif f.is_boss(ci) and not f.is_trump(ci):
        why.append(f"the {c} is the boss {_suit(f.suit_of(ci))[:-1]}: it takes a trick later")
    return why


def _bid_why(f: Facts, better: Action, worse: Action, j: _Judged | None) -> list[str]:
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
    if better.alone and not worse.alone and worse.id != act.PASS:
        why.insert(0, "your hand can take the tricks by itself, and alone a march scores 4 points instead of 2")
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
