"""The solver's search as it was before the speed work of issue 12 (commit 901dc87), kept
unchanged as the benchmark's reference: ``bench_solver`` times it beside today's solver on the
same positions in the same run, so the ratio survives a busy machine. Not used by the package.
"""

from __future__ import annotations

from collections.abc import Callable

from euchre_learn.engine.core import State, bits
from euchre_learn.engine.trump import EFFECTIVE, POWER, legal_mask, winner_index

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


# ---- move ordering, cached per trump ------------------------------------------------------

_CACHE_LIMIT = 200_000
_FOLLOW_CACHE: list[dict[int, tuple[int, ...]]] = [{}, {}, {}, {}]
_LEAD_CACHE: list[dict[int, tuple[int, ...]]] = [{}, {}, {}, {}]


def _follow_order(mask: int, winning: int, trump: int) -> tuple[int, ...]:
    """A follower's cards in the order to try: when the other side is winning with card
    ``winning``, the cheapest card that beats it first; otherwise (``winning`` = -1) low first."""
    power = POWER[trump]
    if winning < 0:
        return tuple(sorted(bits(mask), key=power.__getitem__))
    beats = _BEATS[trump]
    return tuple(sorted(bits(mask), key=lambda c: power[c] - (50 if beats[winning * 25 + c] else 0)))


def _lead_order(mask: int, trump: int) -> tuple[int, ...]:
    """A leader's cards in the order to try: high cards (trumps first) before low ones."""
    return tuple(sorted(bits(mask), key=POWER[trump].__getitem__, reverse=True))


# ---- the search ---------------------------------------------------------------------------


class _Search:
    """Alpha-beta over one position's future, with every card visible.

    ``hands`` are the four holdings (seats sitting out hold cards that never move),
    ``maker_team`` is 0 (N-S) or 1 (E-W). Values are the makers' tricks *from now on*.
    """

    def __init__(self, hands: list[int], trump: int, out: int, maker_team: int) -> None:
        self.hands = [0 if out >> s & 1 else h for s, h in enumerate(hands)]  # sitting out: no cards
        hands = self.hands
        self.trump = trump
        self.maker_team = maker_team
        active = [s for s in range(4) if not out >> s & 1]
        self.active = active
        self.n_active = len(active)
        # play order of a trick from each leader
        self.order: list[tuple[int, ...]] = [()] * 4
        for lead in active:
            seq, s = [lead], (lead + 1) & 3
            while len(seq) < len(active):
                if not out >> s & 1:
                    seq.append(s)
                s = (s + 1) & 3
            self.order[lead] = tuple(seq)
        self.active_mask = 0
        for s in active:
            self.active_mask |= hands[s]
        owner = [-1] * 25
        for s in active:
            for c in bits(hands[s]):
                owner[c] = s
        self.owner = owner
        self.tt: dict[int, tuple[int, int, int, list[int] | None]] = {}
        self.sure: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        self._node, self._ply = self._build()

    def _sure(self, trumps_out: int) -> tuple[int, int]:
        """(makers, defenders) sure tricks from top trumps, for the trumps still out."""
        got = self.sure.get(trumps_out)
        if got is not None:
            return got
        owner, mt = self.owner, self.maker_team
        counts = [0, 0, 0, 0]
        team = -1
        for c in _TRUMPS_DOWN[self.trump]:
            if not trumps_out >> c & 1:
                continue
            s = owner[c]
            if team < 0:
                team = s & 1
            elif s & 1 != team:
                break
            counts[s] += 1
        n = max(counts)
        res = (0, 0) if team < 0 else ((n, 0) if team == mt else (0, n))
        self.sure[trumps_out] = res
        return res

    def _build(self) -> tuple[Callable[[int, int, int], int], Callable[..., int]]:
        hands = self.hands
        trump = self.trump
        mt = self.maker_team
        beats = _BEATS[trump]
        order = self.order
        tt = self.tt
        tt_get = tt.get
        sure = self._sure
        trump_mask = _TRUMP_MASK[trump]
        n_active = self.n_active
        last_k = n_active - 1
        lm = legal_mask
        reduce = reduce_holding
        follow_cache, lead_cache = _FOLLOW_CACHE[trump], _LEAD_CACHE[trump]
        if len(follow_cache) > _CACHE_LIMIT:
            follow_cache.clear()
        if len(lead_cache) > _CACHE_LIMIT:
            lead_cache.clear()
        follow_get, lead_get = follow_cache.get, lead_cache.get
        self_ = self

        def ply(
            k: int,
            seats: tuple[int, ...],
            reps: list[int],
            led: int,
            wcard: int,
            wseat: int,
            a: int,
            b: int,
        ) -> int:
            """The k-th play of the trick (k >= 1): a follower chooses."""
            seat = seats[k]
            m = lm(reps[k], trump, led)
            maxing = seat & 1 == mt
            # partner winning: low cards first; else the cheapest winner first, then low cards
            okey = m if wseat & 1 == seat & 1 else m | (wcard + 1) << 25
            cands = follow_get(okey)
            if cands is None:
                cands = follow_cache[okey] = _follow_order(m, wcard if okey != m else -1, trump)
            best = -1 if maxing else 99
            for c in cands:
                bit = 1 << c
                hands[seat] ^= bit
                if beats[wcard * 25 + c]:
                    w, ws = c, seat
                else:
                    w, ws = wcard, wseat
                if k == last_k:
                    won = 1 if ws & 1 == mt else 0
                    v = node(ws, a - won, b - won) + won
                else:
                    v = ply(k + 1, seats, reps, led, w, ws, a, b)
                hands[seat] ^= bit
                if maxing:
                    if v > best:
                        best = v
                        if v > a:
                            a = v
                            if a >= b:
                                break
                else:
                    if v < best:
                        best = v
                        if v < b:
                            b = v
                            if a >= b:
                                break
            return best

        def node(leader: int, alpha: int, beta: int) -> int:
            """Start of a trick: the makers' tricks from here on, fail-soft in (alpha, beta)."""
            self_.nodes += 1
            rem = hands[0] | hands[1] | hands[2] | hands[3]
            key = rem | leader << 25
            e = tt_get(key)
            if e is not None:
                lo, hi, first, reps = e
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
            else:
                n = hands[leader].bit_count()
                ms, ds = sure(rem & trump_mask)
                lo, hi, first, reps = ms, n - ds, -1, None
                if lo >= beta or lo == hi:
                    tt[key] = (lo, hi, -1, None)
                    return lo
                if hi <= alpha:
                    tt[key] = (lo, hi, -1, None)
                    return hi
                if n == 1:
                    seats = order[leader]
                    w = hands[leader]
                    wc = w.bit_length() - 1
                    ws = leader
                    for s in seats[1:]:
                        c = hands[s].bit_length() - 1
                        if beats[wc * 25 + c]:
                            wc, ws = c, s
                    v = 1 if ws & 1 == mt else 0
                    tt[key] = (v, v, -1, None)
                    return v
            seats = order[leader]
            if reps is None:
                reps = [reduce(hands[s], rem, trump) for s in seats]
            a = alpha if alpha > lo else lo
            b = beta if beta < hi else hi
            maxing = leader & 1 == mt
            cands = lead_get(reps[0])
            if cands is None:
                cands = lead_cache[reps[0]] = _lead_order(reps[0], trump)
            if first >= 0 and cands[0] != first:
                cands = (first, *(c for c in cands if c != first))
            best = -1 if maxing else 99
            best_card = -1
            for c in cands:
                bit = 1 << c
                hands[leader] ^= bit
                v = ply(1, seats, reps, c, c, leader, a, b)
                hands[leader] ^= bit
                if maxing:
                    if v > best:
                        best, best_card = v, c
                        if v > a:
                            a = v
                            if a >= b:
                                break
                else:
                    if v < best:
                        best, best_card = v, c
                        if v < b:
                            b = v
                            if a >= b:
                                break
            # store what we learnt: best is exact inside the window, a bound outside it
            if best <= alpha:
                hi = best if best < hi else hi
            elif best >= beta:
                lo = best if best > lo else lo
            else:
                lo = hi = best
            tt[key] = (lo, hi, best_card, reps)
            return best

        del n_active
        return node, ply

    # ---- positions with a trick in progress -----------------------------------------------
    def search_pos(self, leader: int, trick: list[int], alpha: int, beta: int) -> int:
        """Fail-soft search from a position whose current trick holds ``trick`` (play order)."""
        if not trick:
            return self._node(leader, alpha, beta)
        seats = self.order[leader]
        hands = self.hands
        played = 0
        for c in trick:
            played |= 1 << c
        outstanding = hands[0] | hands[1] | hands[2] | hands[3] | played
        reps = [reduce_holding(hands[s], outstanding, self.trump) for s in seats]
        wi = winner_index(trick, self.trump)
        return self._ply(len(trick), seats, reps, trick[0], trick[wi], seats[wi], alpha, beta)

    def exact(self, leader: int, trick: list[int], guess: int = -1) -> int:
        """The makers' tricks from here on (the current trick included), exactly."""
        n = self.hands[self.order[leader][len(trick)]].bit_count()
        lo, hi = 0, n
        g = (n + 1) // 2 if guess < 0 else min(max(guess, 0), n)
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self.search_pos(leader, trick, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return lo

    def play_values(self, leader: int, trick: list[int], guess: int = -1) -> dict[int, int]:
        """For each card the seat to play may play: the makers' tricks from here on after it."""
        seats = self.order[leader]
        seat = seats[len(trick)]
        hands = self.hands
        held = hands[seat]
        played = 0
        for c in trick:
            played |= 1 << c
        outstanding = hands[0] | hands[1] | hands[2] | hands[3] | played
        legal = legal_mask(held, self.trump, trick[0] if trick else -1)
        reps = reduce_holding(legal, outstanding, self.trump)
        values: dict[int, int] = {}
        for c in bits(reps):
            bit = 1 << c
            hands[seat] ^= bit
            after = [*trick, c]
            if len(after) == self.n_active:
                w = seats[winner_index(after, self.trump)]
                won = 1 if w & 1 == self.maker_team else 0
                values[c] = won + self.exact(w, [], guess - won)
            else:
                values[c] = self.exact(leader, after, guess)
            hands[seat] ^= bit
            guess = values[c]
        # equivalent cards share their run's value
        above = _ABOVE[self.trump]
        for c in bits(legal & ~reps):
            top = c
            for a in above[c]:
                if outstanding >> a & 1:
                    if not held >> a & 1:
                        break
                    top = a
            values[c] = values[top]
        return values


def _search_for(state: State) -> _Search:
    return _Search(state.hands[:], state.trump, state.out, state.maker & 1)
