"""A double-dummy solver: the rest of a hand played perfectly with every card face up.

:func:`solve` answers "what was the best play here?" exactly. Both sides see all the
cards and play their best: the makers to take as many tricks as they can, the defenders
to hold them to as few. It works from any point of the play phase (R6), with 4, 3 or 2
players at the table (a loner, a lone defender: R5.1, R5.4) and with the Benny (R1.1).

How it is fast enough to run thousands of times (the advisor and the expert bot do):

* **Alpha-beta on the makers' trick count**, with zero-width windows: most searches only
  ask "can the makers take at least k tricks?", and an MTD(f) driver narrows the answer.
* **A transposition table** at the start of each trick. Who holds which card never changes
  inside one search, so the cards still out and the leader say everything.
* **Touching cards are one card.** Once the cards between them are gone, a player's Q♠ and
  J♠ (say) win and lose exactly the same tricks, so only one of them is tried. The classes
  come from the power order of :mod:`euchre_learn.engine.trump` (``POWER``/``EFFECTIVE``), per trump.
* **Sure tricks.** A player holding the top *k* trumps still out takes at least *k* tricks
  (each wins the trick it is played to, and every card gets played), which bounds the
  search before it starts.
* **Move ordering**: the best lead found before is tried first; a follower tries to win
  cheaply, or plays low when partner is already winning.

Legality always comes from :func:`euchre_learn.engine.trump.legal_mask` and who wins a trick from
:func:`euchre_learn.engine.trump.winner_index`; no trump rule is written twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from euchre_learn.engine._core import OVER, PLAY_PHASE, State, bits
from euchre_learn.engine.actions import PLAY, Action
from euchre_learn.engine.cards import Seat, Team
from euchre_learn.engine.errors import type_error
from euchre_learn.engine.trump import EFFECTIVE, POWER, SUIT_MASK, legal_mask, winner_index

if TYPE_CHECKING:
    from euchre_learn.engine.hand import Hand

__all__ = ["Solution", "solve"]


class NotInPlayError(ValueError):
    """:func:`solve` was asked about a hand that is not in its play phase."""


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
        eff = EFFECTIVE[trump]
        led_mask = SUIT_MASK[trump]
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
            m = reps[k]  # legal_mask, inline (the hot path): follow the suit led if possible
            f = m & led_mask[eff[led]]
            if f:
                m = f
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
                    nxt = hands[ws]
                    if nxt & (nxt - 1):
                        v = node(ws, a - won, b - won) + won
                    elif nxt:  # one card each: the last trick plays itself (no table, no node)
                        lc, ls = nxt.bit_length() - 1, ws
                        for s in order[ws][1:]:
                            c2 = hands[s].bit_length() - 1
                            if beats[lc * 25 + c2]:
                                lc, ls = c2, s
                        v = won + (1 if ls & 1 == mt else 0)
                    else:
                        v = won
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
        g = n - 1 if guess < 0 else min(max(guess, 0), n)
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


def makers_tricks(state: State) -> int:
    """The makers' tricks at the end of the hand with best play from ``state`` (play phase).

    The fast path for the advisor and the bots: no :class:`Solution`, no per-card values.

    >>> import euchre_learn as el
    >>> makers_tricks(el.examples.hand('left-bower-trap', after=2).state)
    5
    """
    search = _search_for(state)
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
    search = _search_for(state)
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
    search = _search_for(state)
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


class Solution:
    """The double-dummy analysis of a hand in play: see :func:`solve`.

    ``tricks`` are ``{Team: tricks}`` at the end of the hand with best play (tricks already
    won included); ``values`` give, for each legal play of :attr:`to_act`, the tricks the
    makers end with after it; ``line`` is one best sequence of plays to the end, and
    ``plays`` the same with the seat that makes each play.

    >>> import euchre_learn as el
    >>> sol = el.solve(el.examples.hand('trumping-partners-winner', after=17))
    >>> print(sol)
    Double-dummy: ♠ spades trump, makers NS; with best play NS take 3, EW take 2
    South to play (makers' tricks at the end):
      play 10♣     3  ← best
      play Q♥      3  ← best
      play 9♠      2
    >>> [f"{seat} {action}" for seat, action in sol.plays[:2]]
    ['S play 10♣', 'N play 9♥']
    """

    def __init__(self, hand: Hand, values: dict[Action, int], makers_total: int, search: _Search) -> None:
        self._hand = hand
        self._search = search
        self._line: tuple[tuple[Seat, Action], ...] | None = None
        self.values = values
        state = hand._s
        self.makers = Team(state.maker & 1)
        self.to_act = Seat(state.to_act)
        self.trump = hand.trump
        self.tricks = {self.makers: makers_total, self.makers.other: 5 - makers_total}

    @property
    def makers_tricks(self) -> int:
        """The makers' tricks at the end of the hand with best play."""
        return self.tricks[self.makers]

    @property
    def best(self) -> tuple[Action, ...]:
        """The legal plays that achieve the best result for the side of :attr:`to_act`."""
        target = self.makers_tricks
        return tuple(a for a, v in self.values.items() if v == target)

    @property
    def plays(self) -> tuple[tuple[Seat, Action], ...]:
        """One best continuation to the end of the hand, each play with its seat."""
        if self._line is None:
            self._line = self._compute_line()
        return self._line

    @property
    def line(self) -> tuple[Action, ...]:
        """One best continuation to the end of the hand (the seats are in :attr:`plays`)."""
        return tuple(a for _, a in self.plays)

    def _compute_line(self) -> tuple[tuple[Seat, Action], ...]:
        state = self._hand.state
        search = self._search
        mt = state.maker & 1
        out: list[tuple[Seat, Action]] = []
        target = self.makers_tricks
        while state.phase == PLAY_PHASE:
            search.hands[:] = [0 if state.out >> s & 1 else h for s, h in enumerate(state.hands)]
            done = state.won[mt]
            values = search.play_values(state.leader, state.trick[:], target - done)
            card = min((c for c, v in values.items() if v + done == target), key=lambda c: (POWER[state.trump][c], c))
            out.append((Seat(state.to_act), Action(PLAY + card)))
            state.apply(PLAY + card)
        return tuple(out)

    # ---- display ------------------------------------------------------------------------------
    def _rows(self) -> list[tuple[str, int, bool]]:
        target = self.makers_tricks
        order = sorted(
            self.values.items(), key=lambda kv: (-kv[1] if self.to_act.team == self.makers else kv[1], kv[0])
        )
        return [(str(a), v, v == target) for a, v in order]

    def __str__(self) -> str:
        assert self.trump is not None
        head = (
            f"Double-dummy: {self.trump.symbol} {self.trump.plural} trump, makers {self.makers}; "
            f"with best play {self.makers} take {self.makers_tricks}, {self.makers.other} take "
            f"{self.tricks[self.makers.other]}"
        )
        lines = [head, f"{self.to_act.word} to play (makers' tricks at the end):"]
        for text, v, best in self._rows():
            lines.append(f"  {text:<12} {v}" + ("  ← best" if best else ""))
        return "\n".join(lines)

    def __repr__(self) -> str:
        vals = ", ".join(f"{a}: {v}" for a, v in self.values.items())
        return f"<Solution {self.makers} {self.makers_tricks} tricks; {vals}>"

    def _repr_html_(self) -> str:
        import html

        rows = "".join(
            f"<tr><td>{html.escape(t)}</td><td>{v}</td><td>{'best' if b else ''}</td></tr>" for t, v, b in self._rows()
        )
        head = html.escape(str(self).splitlines()[0])
        return (
            f"<div><p>{head}</p><table><thead><tr><th>{html.escape(self.to_act.word)} plays</th>"
            f"<th>makers' tricks</th><th></th></tr></thead><tbody>{rows}</tbody></table></div>"
        )


def solve(hand: Hand) -> Solution:
    """Perfect-information ("double-dummy") analysis of a hand in its play phase.

    Every card is visible and every player plays best for their side. ``.tricks`` is
    ``{Team: tricks}`` at the end, ``.values`` the makers' final tricks after each legal
    play of the seat to act, ``.line`` one best continuation (``.plays`` with seats).

    >>> import euchre_learn as el
    >>> hand = el.Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
    ...                                 'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
    >>> hand = hand.apply('pass').apply('order up').apply('discard 9♣')
    >>> sol = el.solve(hand)
    >>> sol.tricks                           # North assisted, but East-West euchre them
    {<Team.NS: 0>: 2, <Team.EW: 1>: 3}
    >>> sol.values                           # only West's J♠ lead holds North-South to 2
    {Action.parse('play J♣'): 3, Action.parse('play Q♣'): 3, Action.parse('play 10♦'): 3, Action.parse('play K♦'): 3, Action.parse('play J♠'): 2}
    >>> len(sol.line), sol.plays[0][0]
    (20, <Seat.W: 3>)

    Outside the play phase there is nothing to solve:

    >>> el.solve(el.Hand.deal('N', seed=1))
    Traceback (most recent call last):
    ...
    euchre_learn.analysis.solver.NotInPlayError: solve() needs a hand in its play phase ...
    """
    from euchre_learn.engine.hand import Hand

    if not isinstance(hand, Hand):
        raise type_error("solve(hand)", hand, "a Hand in its play phase, e.g. el.examples.hand('made', after=5)")
    state = hand._s
    if state.phase != PLAY_PHASE:
        where = "the hand is over" if state.phase == OVER else f"the hand is in {hand.phase.value}"
        raise NotInPlayError(
            f"solve() needs a hand in its play phase (R6), but {where}: "
            "trump must be made (and any discard done) before the cards are played. "
            "For bidding decisions, ask el.advise(hand)."
        )
    search = _search_for(state)
    done = state.won[state.maker & 1]
    card_values = search.play_values(state.leader, state.trick[:])
    values = {Action(PLAY + c): done + v for c, v in sorted(card_values.items())}
    mt = state.maker & 1
    pick = max if state.to_act & 1 == mt else min
    total = pick(values.values())
    return Solution(hand, values, total, search)
