"""The double-dummy search: the rest of a hand played perfectly with every card face up.

:func:`search_for` gives the alpha-beta search of a position in the play phase (a :class:`Search`,
whose :meth:`~Search.play_values`, :meth:`~Search.exact` and :meth:`~Search.search_pos` the advisor,
the review and the expert bot call thousands of times); :func:`makers_tricks`,
:func:`makers_reach` and :func:`makers_score_tricks` are its fast answers, and
:func:`euchre_learn.analysis.solver.solve` the learner's view of it. It works from any point of
the play phase (R6), with 4, 3 or 2 players at the table (a loner, a lone defender: R5.1, R5.4)
and with the Benny (R1.1). This module is the one allowed past 600 lines: the search is one idea
whose parts (the per-trump tables, the layout, the move ordering, the bounds, the last two
tricks written out) only make sense together, and splitting them would cost speed in the
hottest loop of the package.

How it is fast enough to run thousands of times (the advisor, the review and the expert bot
do), in pure Python:

* **Alpha-beta on the makers' trick count**, with zero-width windows: every search only
  asks "can the makers take at least k tricks?", and an MTD(f) driver narrows the answer,
  starting from "all of them" (proving a march or refuting it is quick).
* **A transposition table** at the start of each trick. Who holds which card never changes
  inside one search, so the cards still out and the leader say everything.
* **Cards as bits of one small int**, renumbered per trump (:class:`_Layout`): each suit a
  run of bits from its highest card down, so following suit is one ``&``, the cheapest card
  that wins is the highest bit, and no move list is ever sorted.
* **Touching cards are one card.** Once the cards between them are gone, a player's Q♠ and
  J♠ (say) win and lose exactly the same tricks, so only one of them is tried. One addition
  finds them for a whole hand (:meth:`_Layout.reduce`).
* **Sure and quick tricks** bound the answer before any search: every trump a seat holds
  above all the other side's trumps takes a trick for its side; and when the leader's top
  trumps will draw every other trump, each of its trumps and each card on top of a side suit
  takes one more.
* **The last two tricks** of a four-player hand are played out directly (at most 16 ways
  to play the first, the second plays itself), and the last trick always plays itself.
* **Move ordering**: the best lead found before first, then side suits before trumps, high
  cards first; a follower tries to win cheaply, or plays low when partner is already winning.

The numbering, the suits and who wins a trick are all derived from
:mod:`euchre_learn.engine.trump` (``POWER``/``EFFECTIVE`` and
:func:`~euchre_learn.engine.trump.winner_index`); no trump rule is written twice.
``benchmarks/bench_solver.py`` times it against the search as it was before (issue 12) and
checks that both give the same value on every deal.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from euchre_learn.engine.core import State, bits
from euchre_learn.engine.trump import EFFECTIVE, POWER, winner_index

__all__ = ["Search", "makers_reach", "makers_score_tricks", "makers_tricks", "reduce_holding", "search_for"]


# ---- tables per trump, derived from trump.py ---------------------------------------------


def _beats_table(trump: int) -> list[bool]:
    """``beats[w * 25 + c]``: does card ``c``, played after ``w``, take the trick from ``w``?

    When ``w`` is winning a trick it is either a trump or of the suit led, so asking
    :func:`winner_index` about the pair ``(w, c)`` gives the same answer as the whole trick.
    """
    return [winner_index((w, c), trump) == 1 if w != c else False for w in range(25) for c in range(25)]


def _suit_orders(trump: int) -> list[list[int]]:
    """For each effective suit, its 25-card-deck cards from the highest down (from POWER)."""
    eff, power = EFFECTIVE[trump], POWER[trump]
    return [sorted((c for c in range(25) if eff[c] == s), key=lambda c: -power[c]) for s in range(4)]


def _above_table(trump: int) -> list[tuple[int, ...]]:
    """``above[c]``: the cards of ``c``'s effective suit that outrank it, nearest first."""
    orders = _suit_orders(trump)
    above: list[tuple[int, ...]] = []
    for c in range(25):
        order = orders[EFFECTIVE[trump][c]]
        i = order.index(c)
        above.append(tuple(reversed(order[:i])))
    return above


_BEATS = [_beats_table(t) for t in range(4)]
_ABOVE = [_above_table(t) for t in range(4)]
_TRUMPS_DOWN = [_suit_orders(t)[t] for t in range(4)]
_TRUMP_MASK = [sum(1 << c for c in _TRUMPS_DOWN[t]) for t in range(4)]


def reduce_holding(holding: int, outstanding: int, trump: int) -> int:
    """One card from each run of touching cards in ``holding``: the highest of the run.

    Two cards touch when no card still ``outstanding`` (in a hand or in the current trick)
    lies between them in the power order of their effective suit; such cards win and lose
    the same tricks, so a search need try only one.

    >>> from euchre_learn.engine.cards import cards_to_mask, mask_to_cards
    >>> from euchre_learn import cards
    >>> held = cards_to_mask(cards('Q♠ J♠ 9♠ A♥'))          # hearts trump
    >>> mask_to_cards(reduce_holding(held, held | cards_to_mask(cards('10♠')), 2))
    cards('A♥ 9♠ Q♠')
    >>> mask_to_cards(reduce_holding(held, held, 2))         # once the 10♠ is gone
    cards('A♥ Q♠')
    """
    above = _ABOVE[trump]
    keep = holding
    m = holding
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        for a in above[c]:
            if outstanding >> a & 1:
                if holding >> a & 1:
                    keep ^= low  # the next card up is ours too: c is the same card as it
                break
    return keep


# ---- the search's own numbering of the cards, per trump -----------------------------------


class _Layout:
    """The cards renumbered for one trump suit so that the search works on plain bit tricks.

    Each effective suit is a block of consecutive positions, trumps first, every block from
    its highest card down (from :func:`_suit_orders`), with one empty *gap* position between
    blocks. So inside a suit "higher" means "lower position", a seat's cheapest card of a
    suit is its highest set bit there, and one addition finds the touching cards (see
    :meth:`reduce`). The trump suit has 8 positions with the Benny, the suit of the same
    colour 5, the other two 6 each: 25 cards and 3 gaps, positions 0 to 27, so every mask
    (and a transposition key with the leader above it) stays a one-digit Python int.
    """

    __slots__ = ("all", "beats", "block", "card_at", "chunks", "gap_marks", "pos_of", "trumps")

    def __init__(self, trump: int) -> None:
        orders = _suit_orders(trump)
        beats = _BEATS[trump]
        pos_of = [-1] * 25
        card_at = [-1] * 28
        block = [0] * 28
        gaps = 0
        p = 0
        for i, s in enumerate([trump, *(s for s in range(4) if s != trump)]):
            if i:
                gaps |= 1 << p
                p += 1
            start = p
            for c in orders[s]:
                pos_of[c], card_at[p] = p, c
                p += 1
            for q in range(start, p):
                block[q] = (1 << p) - (1 << start)
        assert p == 28
        self.pos_of = pos_of
        self.card_at = card_at
        self.block = block  #: block[p]: the positions of p's effective suit
        self.trumps = block[0]
        self.all = sum(1 << q for q in range(28) if card_at[q] >= 0)
        # the marks the touching-card addition starts from: every gap moved up one, and bit 0
        # (a gap above the trumps' top card)
        self.gap_marks = gaps << 1 | 1
        #: beats[p]: the positions whose card, played after p's, takes the trick from it
        self.beats = [
            0 if w < 0 else sum(1 << q for q in range(28) if card_at[q] >= 0 and beats[w * 25 + card_at[q]])
            for w in card_at
        ]
        #: chunks[i][x]: the positions of the cards of suit i (card index 6i + rank) in mask x
        self.chunks = [
            [sum(1 << pos_of[6 * i + r] for r in range(6) if x >> r & 1) for x in range(64)] for i in range(4)
        ]

    def to_positions(self, mask: int) -> int:
        """A mask of card indices (0-24) as a mask of positions."""
        ch = self.chunks
        out = ch[0][mask & 63] | ch[1][mask >> 6 & 63] | ch[2][mask >> 12 & 63] | ch[3][mask >> 18 & 63]
        if mask >> 24 & 1:
            out |= 1 << self.pos_of[24]
        return out

    def to_cards(self, positions: int) -> int:
        """A mask of positions as a mask of card indices."""
        out = 0
        card_at = self.card_at
        while positions:
            low = positions & -positions
            out |= 1 << card_at[low.bit_length() - 1]
            positions ^= low
        return out

    def reduce(self, holding: int, outstanding: int) -> int:
        """:func:`reduce_holding` on positions: the highest card of each run of touching cards.

        A card of ``holding`` is kept when the next card above it still out in its suit is
        someone else's (or there is none). With ``gone`` the positions of cards no longer out,
        adding a 1 just below every card held by others (and just below each gap, so at the top
        of each suit) carries through every run of gone cards and lands on the next card
        still out below: exactly the cards to keep, when they are ours.
        """
        gone = self.all & ~outstanding
        return holding & (gone + (((outstanding & ~holding) << 1) | self.gap_marks)) & ~gone


_LAYOUTS = [_Layout(t) for t in range(4)]


# ---- the search ---------------------------------------------------------------------------


@functools.cache
def _play_orders(out: int) -> list[tuple[int, ...]]:
    """For each leader, the seats that play to a trick in order, with the seats in ``out``
    sitting out (R5.1, R5.4)."""
    active = [s for s in range(4) if not out >> s & 1]
    orders: list[tuple[int, ...]] = [()] * 4
    for lead in active:
        seq, s = [lead], (lead + 1) & 3
        while len(seq) < len(active):
            if not out >> s & 1:
                seq.append(s)
            s = (s + 1) & 3
        orders[lead] = tuple(seq)
    return orders


class Search:
    """Alpha-beta over one position's future, with every card visible.

    ``hands`` are the four holdings as card masks (seats sitting out hold nothing);
    ``maker_team`` is 0 (N-S) or 1 (E-W). Values are the makers' tricks *from now on*.
    Inside, cards are :class:`_Layout` positions; :meth:`play_values`, :meth:`exact` and
    :meth:`search_pos` take and give card indices.
    """

    def __init__(self, hands: list[int], trump: int, out: int, maker_team: int) -> None:
        self.layout = _LAYOUTS[trump]
        self.trump = trump
        self.maker_team = maker_team
        self.out = out
        self.order = _play_orders(out)  #: the seats in play order of a trick, from each leader
        self.n_active = 4 - out.bit_count()
        self.hands = [0, 0, 0, 0]  #: positions held by each seat, during a search
        self.owner = [-1] * 28  #: the seat holding each position
        self.tt: dict[int, tuple[int, int, int, list[int] | None]] = {}
        self.nodes = 0
        self.load(hands)
        self._node, self._ply = self._build()

    def load(self, hands: list[int]) -> None:
        """Set the holdings (card masks) to search from; the table stays valid for any
        position reached by playing cards from the holdings it was filled with."""
        to_pos = self.layout.to_positions
        owner = self.owner
        for s in range(4):
            h = 0 if self.out >> s & 1 else to_pos(hands[s])
            self.hands[s] = h
            while h:
                low = h & -h
                owner[low.bit_length() - 1] = s
                h ^= low

    def _build(self) -> tuple[Callable[[int, int, int], int], Callable[..., int]]:
        hands = self.hands
        owner = self.owner
        mt = self.maker_team
        order = self.order
        tt = self.tt
        tt_get = tt.get
        lay = self.layout
        beats = lay.beats
        block = lay.block
        trumps = lay.trumps
        all_cards = lay.all
        gap_marks = lay.gap_marks
        sides = sorted(set(block) - {0, trumps})
        last_k = self.n_active - 1
        four = self.n_active == 4
        self_ = self

        def ply(
            k: int, seats: tuple[int, ...], reps: list[int], led: int, wcard: int, wseat: int, a: int, b: int
        ) -> int:
            """The k-th play of the trick (k >= 1): a follower chooses. ``led`` is the
            suit led (its block of positions), ``wcard`` and ``wseat`` the trick's winner."""
            seat = seats[k]
            m = reps[k]
            f = m & led  # follow the suit led if possible (R6.2)
            if f:
                m = f
            maxing = seat & 1 == mt
            over = beats[wcard]
            # order: against the other side, the cheapest cards that take the trick first
            # (the highest positions among them), then the rest low first; behind a partner's
            # winner, low first
            if wseat & 1 == seat & 1:
                todo, rest = m, 0
            else:
                todo = m & over
                rest = m ^ todo
                if not todo:
                    todo, rest = rest, 0
            held = hands[seat]
            best = -1 if maxing else 99
            while todo:
                c = todo.bit_length() - 1
                bit = 1 << c
                todo ^= bit
                if not todo:
                    todo, rest = rest, 0
                hands[seat] = held ^ bit
                if over & bit:
                    w, ws = c, seat
                else:
                    w, ws = wcard, wseat
                if k == last_k:
                    won = 1 if ws & 1 == mt else 0
                    nxt = hands[ws]
                    if nxt & (nxt - 1):
                        # the trick decides the window on its own: no need to look further
                        if won >= b:
                            v = won
                        elif won + nxt.bit_count() <= a:
                            v = won + nxt.bit_count()
                        else:
                            v = node(ws, a - won, b - won) + won
                    elif nxt:  # one card each: the last trick plays itself (no table, no node)
                        lc, ls = nxt.bit_length() - 1, ws
                        for s in order[ws][1:]:
                            c2 = hands[s].bit_length() - 1
                            if beats[lc] >> c2 & 1:
                                lc, ls = c2, s
                        v = won + (1 if ls & 1 == mt else 0)
                    else:
                        v = won
                else:
                    v = ply(k + 1, seats, reps, led, w, ws, a, b)
                if maxing:
                    if v > best:
                        best = v
                        if v > a:
                            a = v
                            if a >= b:
                                break
                elif v < best:
                    best = v
                    if v < b:
                        b = v
                        if a >= b:
                            break
            hands[seat] = held
            return best

        def end2(leader: int, goal: int) -> bool:
            """Four players with two cards each, at a trick's start: can the leader's side
            take ``goal`` (1 or 2) of the last two tricks? Every way to play the first trick is
            tried (at most 16; the second plays itself), each side stopping at its first
            answer."""
            s0, s1, s2, s3 = order[leader]
            side = s0 & 1
            x = hands[s0]
            h0, l0 = (x & -x).bit_length() - 1, x.bit_length() - 1  # its higher, lower card
            x = hands[s1]
            h1, l1 = (x & -x).bit_length() - 1, x.bit_length() - 1
            x = hands[s2]
            h2, l2 = (x & -x).bit_length() - 1, x.bit_length() - 1
            x = hands[s3]
            h3, l3 = (x & -x).bit_length() - 1, x.bit_length() - 1
            # each seat's replies are written out, not put in a helper: this runs at every
            # leaf of the search (benchmarks/bench_solver.py measures it)
            for c0, r0 in ((h0, l0), (l0, h0)):
                led = block[c0]
                if led >> l1 & 1 and not led >> h1 & 1:
                    o1: tuple[tuple[int, int], ...] = ((l1, h1),)
                elif led >> h1 & 1 and not led >> l1 & 1:
                    o1 = ((h1, l1),)
                else:
                    o1 = ((l1, h1), (h1, l1))
                if led >> l2 & 1 and not led >> h2 & 1:
                    o2: tuple[tuple[int, int], ...] = ((l2, h2),)
                elif led >> h2 & 1 and not led >> l2 & 1:
                    o2 = ((h2, l2),)
                else:
                    o2 = ((l2, h2), (h2, l2))
                if led >> l3 & 1 and not led >> h3 & 1:
                    o3: tuple[tuple[int, int], ...] = ((l3, h3),)
                elif led >> h3 & 1 and not led >> l3 & 1:
                    o3 = ((h3, l3),)
                else:
                    o3 = ((l3, h3), (h3, l3))
                ok1 = True  # every reply of the second seat still lets the leader's side reach the goal
                for c1, r1 in o1:
                    if beats[c0] >> c1 & 1:
                        w1, j1, n1 = c1, s1, r1
                    else:
                        w1, j1, n1 = c0, s0, r0
                    m1 = 1 << r0 | 1 << r1
                    ok2 = False  # the partner has a card that reaches it
                    for c2, r2 in o2:
                        if beats[w1] >> c2 & 1:
                            w2, j2, n2 = c2, s2, r2
                        else:
                            w2, j2, n2 = w1, j1, n1
                        m2 = m1 | 1 << r2
                        ok3 = True
                        for c3, r3 in o3:
                            if beats[w2] >> c3 & 1:
                                j, lc = s3, r3
                            else:
                                j, lc = j2, n2
                            # the last trick: the highest trump, else the highest card of the suit led
                            m = m2 | 1 << r3
                            t = m & trumps or m & block[lc]
                            if (j & 1 == side) + (owner[(t & -t).bit_length() - 1] & 1 == side) < goal:
                                ok3 = False
                                break
                        if ok3:
                            ok2 = True
                            break
                    if not ok2:
                        ok1 = False
                        break
                if ok1:
                    return True
            return False

        def node(leader: int, alpha: int, beta: int) -> int:
            """Start of a trick: the makers' tricks from here on, fail-soft in (alpha, beta)."""
            self_.nodes += 1
            rem = hands[0] | hands[1] | hands[2] | hands[3]
            key = rem | leader << 28
            e = tt_get(key)
            if e is not None:
                lo, hi, first, reps = e
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
            else:
                n = hands[leader].bit_count()
                # sure tricks: every trump a seat holds above all the other side's trumps
                # takes a trick for its side (it wins, or partner's higher trump does), and
                # each is played to a different trick
                t = rem & trumps
                if t:
                    o = owner[(t & -t).bit_length() - 1]
                    x = t & ~(hands[o] | hands[o ^ 2])
                    top = t & ((x & -x) - 1) if x else t
                    run = (top & hands[o]).bit_count()
                    run2 = (top & hands[o ^ 2]).bit_count()
                    if run2 > run:
                        run = run2
                    lo, hi = (run, n) if o & 1 == mt else (0, n - run)
                else:
                    lo, hi = 0, n
                # quick tricks: when no other seat holds more trumps than the leader's run of
                # top trumps, leading those draws every other trump; then each of the leader's
                # trumps and each card on top of a side suit wins the trick it is led to
                mine = hands[leader]
                x = t & ~mine
                if x:
                    k = (t & ((x & -x) - 1)).bit_count()
                    drawn = (
                        k > 0
                        and (hands[leader ^ 1] & t).bit_count() <= k
                        and (hands[leader ^ 2] & t).bit_count() <= k
                        and (hands[leader ^ 3] & t).bit_count() <= k
                    )
                else:
                    drawn = True
                if drawn:
                    q = (mine & t).bit_count()
                    for bm in sides:
                        y = rem & bm
                        x = y & ~mine
                        q += (y & ((x & -x) - 1) if x else y).bit_count()
                    if leader & 1 == mt:
                        if q > lo:
                            lo = q
                    elif n - q < hi:
                        hi = n - q
                first, reps = -1, None
                if lo >= beta or lo == hi or n == 1:
                    if n == 1 and lo != hi:
                        seats = order[leader]
                        wc = hands[leader].bit_length() - 1
                        ws = leader
                        for s in seats[1:]:
                            c = hands[s].bit_length() - 1
                            if beats[wc] >> c & 1:
                                wc, ws = c, s
                        lo = hi = 1 if ws & 1 == mt else 0
                    tt[key] = (lo, hi, -1, None)
                    return lo
                if hi <= alpha:
                    tt[key] = (lo, hi, -1, None)
                    return hi
            a = alpha if alpha > lo else lo
            b = beta if beta < hi else hi
            if four and b == a + 1:
                x = hands[leader]
                x &= x - 1
                if x and not x & (x - 1):  # two cards each: ask end2 whether the makers reach b
                    if leader & 1 == mt:
                        made = end2(leader, b)
                    else:
                        made = not end2(leader, 3 - b)
                    if made:
                        tt[key] = (b, hi, -1, None)
                        return b
                    tt[key] = (lo, a, -1, None)
                    return a
            seats = order[leader]
            if reps is None:
                gone = all_cards ^ rem
                keep = ~gone
                reps = [h & (gone + (((rem ^ h) << 1) | gap_marks)) & keep for h in [hands[s] for s in seats]]
            maxing = leader & 1 == mt
            held = hands[leader]
            # order: the best lead found before first; then the side suits, high cards first,
            # then the trumps (on 200 bid deals, 15% fewer nodes than leading trumps first)
            todo = reps[0]
            rest = todo & trumps
            todo ^= rest
            if first >= 0:
                todo &= ~(1 << first)
                rest &= ~(1 << first)
            c = first
            best = -1 if maxing else 99
            best_card = -1
            while True:
                if c < 0:
                    if not todo:
                        if not rest:
                            break
                        todo, rest = rest, 0
                    low = todo & -todo
                    todo ^= low
                    c = low.bit_length() - 1
                hands[leader] = held ^ (1 << c)
                v = ply(1, seats, reps, block[c], c, leader, a, b)
                if maxing:
                    if v > best:
                        best, best_card = v, c
                        if v > a:
                            a = v
                            if a >= b:
                                break
                elif v < best:
                    best, best_card = v, c
                    if v < b:
                        b = v
                        if a >= b:
                            break
                c = -1
            hands[leader] = held
            # store what we learnt: best is exact inside the window, a bound outside it
            if best <= alpha:
                hi = best if best < hi else hi
            elif best >= beta:
                lo = best if best > lo else lo
            else:
                lo = hi = best
            tt[key] = (lo, hi, best_card, reps)
            return best

        return node, ply

    # ---- positions with a trick in progress -----------------------------------------------
    def _pos_trick(self, trick: list[int]) -> list[int]:
        pos_of = self.layout.pos_of
        return [pos_of[c] for c in trick]

    def _search(self, leader: int, trick: list[int], alpha: int, beta: int) -> int:
        """:meth:`search_pos` with the trick already in positions."""
        if not trick:
            return self._node(leader, alpha, beta)
        seats = self.order[leader]
        hands = self.hands
        outstanding = hands[0] | hands[1] | hands[2] | hands[3]
        for p in trick:
            outstanding |= 1 << p
        reduce = self.layout.reduce
        reps = [reduce(hands[s], outstanding) for s in seats]
        beats = self.layout.beats
        wi = 0
        for i in range(1, len(trick)):
            if beats[trick[wi]] >> trick[i] & 1:
                wi = i
        return self._ply(len(trick), seats, reps, self.layout.block[trick[0]], trick[wi], seats[wi], alpha, beta)

    def search_pos(self, leader: int, trick: list[int], alpha: int, beta: int) -> int:
        """Fail-soft search from a position whose current trick holds ``trick`` (card
        indices, in play order)."""
        return self._search(leader, self._pos_trick(trick), alpha, beta)

    def _exact(self, leader: int, trick: list[int], guess: int = -1) -> int:
        n = self.hands[self.order[leader][len(trick)]].bit_count()
        lo, hi = 0, n
        g = n if guess < 0 else min(max(guess, 0), n)
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self._search(leader, trick, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return lo

    def exact(self, leader: int, trick: list[int], guess: int = -1) -> int:
        """The makers' tricks from here on (the current trick included), exactly."""
        return self._exact(leader, self._pos_trick(trick), guess)

    def play_values(self, leader: int, trick: list[int], guess: int = -1) -> dict[int, int]:
        """For each card the seat to play may play: the makers' tricks from here on after it."""
        lay = self.layout
        ptrick = self._pos_trick(trick)
        seats = self.order[leader]
        seat = seats[len(ptrick)]
        hands = self.hands
        held = hands[seat]
        outstanding = hands[0] | hands[1] | hands[2] | hands[3]
        for p in ptrick:
            outstanding |= 1 << p
        legal = held
        if ptrick:
            legal = held & lay.block[ptrick[0]] or held
        reps = lay.reduce(legal, outstanding)
        values: dict[int, int] = {}
        for p in bits(reps):
            hands[seat] = held ^ (1 << p)
            after = [*ptrick, p]
            if len(after) == self.n_active:
                wi = 0
                for i in range(1, len(after)):
                    if lay.beats[after[wi]] >> after[i] & 1:
                        wi = i
                w = seats[wi]
                won = 1 if w & 1 == self.maker_team else 0
                v = won + self._exact(w, [], guess - won)
            else:
                v = self._exact(leader, after, guess)
            values[lay.card_at[p]] = v
            guess = v
        hands[seat] = held
        # equivalent cards share their run's value: the card kept for a run is the first one
        # at or above (a lower position) that the reduction kept
        for p in bits(legal & ~reps):
            q = p - 1
            while not reps >> q & 1:
                q -= 1
            values[lay.card_at[p]] = values[lay.card_at[q]]
        return values


def search_for(state: State) -> Search:
    """The search of ``state``'s position (play phase): every hand visible, the makers' tricks
    from now on as its values.

    >>> import euchre_learn as el
    >>> state = el.examples.hand('left-bower-trap', after=2).state
    >>> search_for(state).exact(state.leader, [])
    5
    """
    return Search(state.hands[:], state.trump, state.out, state.maker & 1)


def makers_tricks(state: State) -> int:
    """The makers' tricks at the end of the hand with best play from ``state`` (play phase).

    The fast path for the advisor and the bots: no :class:`Solution`, no per-card values.

    >>> import euchre_learn as el
    >>> makers_tricks(el.examples.hand('left-bower-trap', after=2).state)
    5
    """
    search = search_for(state)
    return state.won[state.maker & 1] + search.exact(state.leader, state.trick[:])


def makers_reach(state: State, k: int) -> bool:
    """Can the makers end the hand with at least ``k`` tricks, with best play from ``state``?

    One zero-window search: cheaper than :func:`makers_tricks` when only a threshold matters.

    >>> import euchre_learn as el
    >>> state = el.examples.hand('euchre', after=7).state       # East's clubs, South's bowers
    >>> makers_reach(state, 2), makers_reach(state, 3)
    (True, False)
    """
    need = k - state.won[state.maker & 1]
    if need <= 0:
        return True
    search = search_for(state)
    trick = state.trick[:]
    n = search.hands[state.to_act].bit_count()
    if need > n:
        return False
    return search.search_pos(state.leader, trick, need - 1, need) >= need


def makers_score_tricks(state: State) -> int:
    """The makers' final tricks with best play, as far as the score can tell them apart:
    5 (a march), 3 (made: 3 or 4), 1 (euchred: 1 or 2) or 0 (when no trick at all scores
    differently: super euchre, R7.2, or a lone defender's march, R7.3). ``score_hand`` of
    the answer is the exact score. Two or three zero-window searches instead of an exact count.

    >>> import euchre_learn as el
    >>> makers_score_tricks(el.examples.hand('super-euchre', after=5).state)
    0
    >>> makers_score_tricks(el.examples.hand('made', after=2).state)    # four tricks: 'made'
    3
    """
    search = search_for(state)
    won = state.won[state.maker & 1]
    trick = state.trick[:]
    left = search.hands[state.to_act].bit_count()

    def reach(k: int) -> bool:
        need = k - won
        if need <= 0:
            return True
        if need > left:
            return False
        return search.search_pos(state.leader, trick, need - 1, need) >= need

    if reach(3):
        return 5 if reach(5) else 3
    rules = state.rules
    zero_counts = rules.super_euchre or (
        state.lone_defender >= 0 and rules.lone_defender_points[0] != rules.lone_defender_points[1]
    )
    return 1 if not zero_counts or reach(1) else 0
