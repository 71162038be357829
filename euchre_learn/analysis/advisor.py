"""The Monte-Carlo advisor: "should I have ordered that up?", answered with honest estimates.

:func:`advise` looks at a hand from the seat to act in a bidding phase (round 1, round 2,
the dealer's discard, naming the Benny's suit, defending alone, the railroad) and uses only
what that seat may know: its own cards, the upcard, what the others did. It deals the
hidden cards at random many times over (the *worlds*), keeping only deals in which the
players who passed would have passed (they are modelled by the 'standard' bot), and plays
every legal action out in every world:

* the rest of the bidding, by the 'standard' bot for every seat (the advised seat's later
  choices too, e.g. its discard after taking up);
* the play, by the double-dummy solver (``policy='solver'``, the default: every card
  visible, best play on both sides) or by a named bot (``policy='standard'``), which is
  slower and closer to what happens at a real table.

Every action is tried in the same worlds, so the differences between the rows are sharper
than their standard errors suggest. Each row reports the expected points for the seat's
team (their points minus the other side's), and the chances that the seat's team makes
trump and makes it, marches, or is euchred, each with its standard error.

With ``adaptive=True``, ``worlds`` is the most deals played: after a third of them, and then
every 8 deals, the advisor stops as soon as the two best actions are apart by more than twice
the standard error of their paired difference (the difference of the two in the same deals),
as :func:`~euchre_learn.review` does for itself. The stop depends only on the values, so the
same seed still gives the same advice.
"""

from __future__ import annotations

import html
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.progressbar import progress_bar
from euchre_learn.analysis.solver import makers_score_tricks
from euchre_learn.engine.actions import (
    CALL,
    CALL_ALONE,
    DECLINE,
    DEFEND_ALONE,
    DISCARD,
    GIVE,
    NAME,
    ORDER_UP,
    ORDER_UP_ALONE,
    PASS,
    PLAY,
    TAKE,
    Action,
)
from euchre_learn.engine.cards import BENNY_INDEX, Seat
from euchre_learn.engine.core import (
    BENNY,
    BID1,
    BID2,
    DEFEND,
    DISCARD_PHASE,
    OVER,
    PLAY_PHASE,
    RR_DISCARD,
    State,
    bits,
)
from euchre_learn.engine.errors import quote, type_error
from euchre_learn.engine.rules import score_hand
from euchre_learn.engine.trump import EFFECTIVE

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from euchre_learn.analysis.bots import Bot
    from euchre_learn.analysis.plots import NoChart
    from euchre_learn.engine.hand import Hand

__all__ = ["Advice", "NotBiddingError", "Option", "advise"]

_MAX_TRIES = 100
"""Deals tried per world before settling for one that fits the bids less well (counted in ``loose``)."""


class NotBiddingError(ValueError):
    """:func:`advise` was asked about a hand outside its bidding phases."""


@dataclass(frozen=True)
class Option:
    """One legal action and what it is worth, averaged over the worlds.

    ``expected_points`` is for the advised seat's team (negative when the other side
    scores); ``p_make``/``p_march``/``p_euchred`` are the chances that the seat's team makes
    trump and then takes 3+ tricks, all 5, or fewer than 3; ``p_set`` the chance that the
    other side makes trump and the seat's team euchres them; ``p_thrown_in`` that nobody makes trump. Each
    ``*_se`` is a standard error.

    >>> import euchre_learn as el
    >>> row = el.advise(el.examples.hand('lone-defender', after=5), worlds=10, seed=1).option('defend alone')
    >>> row.p_make, row.p_set > 0.5, row.worlds
    (0.0, True, 10)
    """

    action: Action
    expected_points: float
    expected_points_se: float
    p_make: float
    p_make_se: float
    p_march: float
    p_march_se: float
    p_euchred: float
    p_euchred_se: float
    p_set: float
    p_set_se: float
    p_thrown_in: float
    worlds: int

    def __str__(self) -> str:
        return (
            f"{self.action}: {self.expected_points:+.2f} ± {self.expected_points_se:.2f} points, "
            f"make {self.p_make:.0%}, march {self.p_march:.0%}, euchred {self.p_euchred:.0%}"
        )


class Advice:
    """The advisor's answer: :attr:`options`, one row per legal action, best first.

    ``print(advice)`` or a notebook shows the table; :meth:`plot` draws it.

    >>> import euchre_learn as el
    >>> advice = el.advise(el.examples.hand('next-suit-call', after=4), worlds=30, seed=2)
    >>> advice.best.action, advice.seat
    (Action.parse('call ♥'), <Seat.W: 3>)
    >>> print(advice)
    Advice for West (bidding round 2): 30 deals of the unseen cards, double-dummy play; points are for East-West (± one standard error)
    action               points   make  march  euchred  euchre them
    call ♥         +1.67 ± 0.09   100%    67%       0%           0%
    call ♥ alone   +0.90 ± 0.10    97%     0%       3%           0%
    pass           -0.33 ± 0.18    13%     3%       0%           3%
    call ♣         -0.70 ± 0.30    40%    10%      60%           0%
    call ♠         -0.93 ± 0.28    33%     7%      67%           0%
    call ♣ alone   -2.00 ± 0.00     0%     0%     100%           0%
    call ♠ alone   -2.00 ± 0.00     0%     0%     100%           0%
    """

    def __init__(
        self, hand: Hand, options: tuple[Option, ...], worlds: int, policy: str, loose: int, seed: Any
    ) -> None:
        self.hand = hand
        self.seat = Seat(hand._s.to_act)
        self.options = options
        self.worlds = worlds
        self.policy = policy
        self.loose = loose
        """Worlds in which no deal fitting every bid was found in time (a near fit was used)."""
        self.seed = seed

    @property
    def best(self) -> Option:
        """The option with the highest expected points."""
        return self.options[0]

    def option(self, action: Action | str) -> Option:
        """The row of one action (an :class:`~euchre_learn.engine.actions.Action` or its text)."""
        a = Action.parse(action)
        for o in self.options:
            if o.action == a:
                return o
        raise ValueError(f"{a} is not one of the options: {', '.join(str(o.action) for o in self.options)}")

    def _head(self) -> str:
        how = "double-dummy play" if self.policy == "solver" else f"play by the {self.policy!r} bot"
        return (
            f"Advice for {self.seat.word} ({self.hand.phase.value}): {self.worlds} deals of the unseen cards, "
            f"{how}; points are for {self.seat.team.word} (± one standard error)"
        )

    def __str__(self) -> str:
        width = max(len(str(o.action)) for o in self.options)
        lines = [
            self._head(),
            f"{'action':<{width}}  {'points':>13}  {'make':>5}  {'march':>5}  {'euchred':>7}  {'euchre them':>11}",
        ]
        for o in self.options:
            lines.append(
                f"{o.action!s:<{width}}  {o.expected_points:+6.2f} ± {o.expected_points_se:4.2f}  "
                f"{o.p_make:5.0%}  {o.p_march:5.0%}  {o.p_euchred:7.0%}  {o.p_set:11.0%}"
            )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Advice {self.seat.word}: best {self.best.action} ({self.best.expected_points:+.2f} points)>"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(str(o.action))}</td><td>{o.expected_points:+.2f} ± {o.expected_points_se:.2f}</td>"
            f"<td>{o.p_make:.0%}</td><td>{o.p_march:.0%}</td><td>{o.p_euchred:.0%}</td><td>{o.p_set:.0%}</td></tr>"
            for o in self.options
        )
        return (
            f'<div class="el-advice"><p>{html.escape(self._head())}</p><table><thead><tr><th>action</th>'
            "<th>expected points</th><th>make</th><th>march</th><th>euchred</th><th>euchre them</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></div>"
        )

    def plot(self) -> Figure | NoChart:
        """A chart of the options: expected points with 95% error bars, and the chances to
        make, march and be euchred. Colour-blind-safe colours (Okabe-Ito), each also labelled.
        Without matplotlib (the offline JupyterLite site), a :class:`~euchre_learn.analysis.plots.NoChart`
        that says so in one sentence.

        >>> import euchre_learn as el
        >>> advice = el.advise(el.Hand.deal('N', seed=2), worlds=20, seed=1)
        >>> fig = advice.plot()
        >>> [ax.get_title() for ax in fig.axes]
        ['Expected points for East-West', 'Chances for East-West']
        """
        from euchre_learn.analysis.plots import advice_figure

        return advice_figure(self)


# ---- worlds --------------------------------------------------------------------------------


def _deck(state: State) -> int:
    return (1 << 25) - 1 if state.rules.benny else (1 << 24) - 1


def voids(state: State) -> list[int]:
    """For each seat, a bitmask of the effective suits it has shown out of (R6.2).

    >>> import euchre_learn as el
    >>> voids(el.examples.hand('left-bower-trap', after=2).state)
    [0, 0, 0, 0]
    """
    eff = EFFECTIVE[state.trump]
    out = [0, 0, 0, 0]
    tricks = [(cs, seats) for _lead, cs, seats, _w in state.tricks]
    if state.trick:
        tricks.append((tuple(state.trick), tuple(state.trick_seats)))
    for cs, seats in tricks:
        led = eff[cs[0]]
        for c, who in zip(cs[1:], seats[1:], strict=True):
            if eff[c] != led:
                out[who] |= 1 << led
    return out


def deal_hidden(
    hidden: list[int], counts: list[int], voids: list[int], trump: int, rng: random.Random
) -> list[int] | None:
    """Give each seat ``counts[s]`` of the hidden cards, none of a suit it has shown out of;
    the rest stay unseen (kitty, or a hand sitting out). ``None`` when a try gets stuck."""
    eff = EFFECTIVE[trump]
    spare = len(hidden) - sum(counts)
    room = counts[:]
    hands = [0, 0, 0, 0]
    cards = hidden[:]
    rng.shuffle(cards)
    # the most constrained cards first: those few seats may take
    cards.sort(key=lambda c: sum(1 for s in range(4) if room[s] and not voids[s] >> eff[c] & 1))
    for c in cards:
        suit = eff[c]
        options = [s for s in range(4) if room[s] and not voids[s] >> suit & 1]
        weights = [room[s] for s in options]
        total = sum(weights) + spare
        if total == 0:
            return None
        pick = rng.randrange(total)
        for s, w in zip(options, weights, strict=True):
            if pick < w:
                hands[s] |= 1 << c
                room[s] -= 1
                break
            pick -= w
        else:
            spare -= 1
    if any(room):
        return None
    return hands


class _Worlds:
    """Deals of the hidden cards that the advised seat cannot tell from the real one.

    A world is a deal of the cards the seat has not seen, replayed through the hand's
    history. It fits when every bid the others made is of the kind the model (the bidding
    bot) makes with those cards: a pass where they passed, a making action where they made
    trump, alone where they went (or defended) alone.
    Cards the seat never saw (another dealer's discard, a railroad card passed to someone
    else) are chosen by the model in each world.

    In the play phase a world also agrees with every card played: each seat is dealt the
    cards it has played, and its unplayed cards are drawn from the hidden ones, none of a
    suit it has shown out of (:func:`deal_hidden`); the upcard stays with the dealer who
    took it up; another dealer's unseen discard is a hidden card the model would have
    discarded from that six-card hand (a near fit when no such card is found). When no deal
    fits the bids in time, the fallback keeps only the cards played and the voids.
    """

    def __init__(self, state: State, own_dealt: int, history: Sequence[tuple[int, int]], bidder: Bot) -> None:
        self.rules = state.rules
        self.dealer = state.dealer
        self.seat = state.to_act
        self.own_dealt = own_dealt
        self.upcard = state.upcard
        self.history = history
        self.bidder = bidder
        # naming the Benny's suit happens before the dealer looks at the hand (R3.5)
        self.own_known = state.phase != BENNY
        # a railroad card the loner has taken is known to the loner (R5.5)
        self.given = state.given if state.taken and state.maker == self.seat else -1
        known = (own_dealt if self.own_known else 0) | (1 << self.upcard)
        if self.given >= 0:
            known |= 1 << self.given
        self.pool = [c for c in range(25) if _deck(state) >> c & 1 and not known >> c & 1]
        self.play = _PlayLayout(state, own_dealt, self.given) if state.phase == PLAY_PHASE else None
        self.discard_at = next(
            (i for i, (seat, a) in enumerate(history) if seat == self.dealer and DISCARD <= a < GIVE), -1
        )

    def sample(self, rng: random.Random) -> tuple[State, bool]:
        """A world at the current decision, and whether every bid in it fits the model.

        When no deal fits exactly within ``_MAX_TRIES`` (a partner's loner is rare in any
        model), the first deal that fits in all but going alone is used, else the last one.
        """
        fallback: State | None = None
        for _ in range(_MAX_TRIES):
            state, fit = self._try(rng)
            if fit == 2:
                return state, True
            if fit == 1 and fallback is None:
                fallback = state
        if fallback is None:
            fallback = self.play.loose(rng) if self.play is not None else self._try(rng, check=False)[0]
        return fallback, False

    def _try(self, rng: random.Random, check: bool = True) -> tuple[State, int]:
        """A random world, and how well it fits: 2 every bid, 1 all but going alone, 0 not
        (then the world is left unfinished, unless ``check`` is False)."""
        if self.play is not None:
            return self._try_play(self.play, rng, check)
        pool = self.pool[:]
        rng.shuffle(pool)
        hands = [0, 0, 0, 0]
        i = 0
        for s in range(4):
            if s == self.seat and self.own_known:
                hands[s] = self.own_dealt
                continue
            n = 5
            if self.given >= 0 and s == (self.seat + 2) & 3:
                hands[s], n = 1 << self.given, 4
            for c in pool[i : i + n]:
                hands[s] |= 1 << c
            i += n
        kitty = 0
        for c in pool[i:]:
            kitty |= 1 << c
        state = State.new(self.rules, self.dealer, hands, self.upcard, kitty)
        return state, self._replay(state, rng, check)

    def _replay(self, state: State, rng: random.Random, check: bool, discard: int = -1) -> int:
        """Replay the history on a fresh world ``state``, checking the others' bids against the
        model; ``discard`` is the dealer's unseen discard when the world fixes it. Returns the fit."""
        bidder = self.bidder
        fit = 2
        for seat, a in self.history:
            if seat != self.seat:
                if check and state.phase in (BID1, BID2, DEFEND):
                    model, real = _kind(bidder.decide(state, rng, None)), _kind(a)
                    if (model == 0) != (real == 0):
                        return 0
                    if model != real:
                        fit = 1
                elif discard >= 0 and state.phase == DISCARD_PHASE:
                    a = DISCARD + discard
                elif DISCARD <= a < PLAY and not (a >= GIVE and self.given >= 0):
                    a = bidder.decide(state, rng, None)  # a card the seat did not see: chosen in this world
                elif a >= PLAY and check and not state.play_mask() >> (a - PLAY) & 1:
                    return 0  # a railroad card chosen in this world does not fit the cards played
            state.apply(a)
        return fit

    def _try_play(self, lay: _PlayLayout, rng: random.Random, check: bool) -> tuple[State, int]:
        hands, kitty = lay.deal(rng)
        fit = 2
        discard = -1
        if lay.discards:
            # the dealer's unseen discard: a card of the kitty's share the model would throw
            spare = bits(kitty)
            rng.shuffle(spare)
            base = hands[self.dealer]
            for d in spare:
                if not check or self._would_discard(base | 1 << d, kitty & ~(1 << d), hands, d, rng):
                    discard = d
                    break
            else:
                discard, fit = spare[0], 1
            hands[self.dealer] = base | 1 << discard
            kitty &= ~(1 << discard)
        state = State.new(self.rules, self.dealer, hands, self.upcard, kitty)
        got = self._replay(state, rng, check, discard)
        return state, min(fit, got)

    def _would_discard(self, dealt: int, kitty: int, hands: list[int], d: int, rng: random.Random) -> bool:
        probe_hands = hands[:]
        probe_hands[self.dealer] = dealt
        probe = State.new(self.rules, self.dealer, probe_hands, self.upcard, kitty)
        for _seat, a in self.history[: self.discard_at]:
            probe.apply(a)
        return self.bidder.decide(probe, rng, None) == DISCARD + d


def played_by(state: State) -> list[int]:
    """The cards each seat has played so far, as four card masks (by seat)."""
    played = [0, 0, 0, 0]
    for _lead, cs, seats, _w in state.tricks:
        for c, s in zip(cs, seats, strict=True):
            played[s] |= 1 << c
    for c, s in zip(state.trick, state.trick_seats, strict=True):
        played[s] |= 1 << c
    return played


class _PlayLayout:
    """What the seat to play knows of where the cards are (the play-phase part of :class:`_Worlds`)."""

    def __init__(self, state: State, own_dealt: int, given: int) -> None:
        me = self.seat = state.to_act
        self.trump = state.trump
        self.dealer = state.dealer
        self.out = state.out
        self.given = given
        self.own_dealt = own_dealt
        self.played = played = played_by(state)
        up = 1 << state.upcard
        self.up = up
        self.picked = state.turned_down < 0 and not _dead_upcard(state)
        dealer_active = not state.out >> state.dealer & 1
        self.fixed = [0, 0, 0, 0]
        if self.picked and state.dealer != me and dealer_active and not played[state.dealer] & up:
            self.fixed[state.dealer] = up
        self.discards = self.picked and state.dealer != me and dealer_active
        known = own_dealt | up | played[0] | played[1] | played[2] | played[3]
        if given >= 0:
            known |= 1 << given
        self.hidden = bits(_deck(state) & ~known)
        self.counts = [
            0 if s == me or state.out >> s & 1 else state.hands[s].bit_count() - self.fixed[s].bit_count()
            for s in range(4)
        ]
        self.voids = voids(state)
        self.base = state.copy()

    def _current(self, rng: random.Random) -> list[int]:
        for _ in range(20):
            dealt = deal_hidden(self.hidden, self.counts, self.voids, self.trump, rng)
            if dealt is not None:
                return dealt
        dealt = deal_hidden(self.hidden, self.counts, [0, 0, 0, 0], self.trump, rng)  # the voids leave no room
        assert dealt is not None
        return dealt

    def deal(self, rng: random.Random) -> tuple[list[int], int]:
        """Dealt hands (the dealer's without the discard, which :class:`_Worlds` adds) and the
        cards left over (the kitty, with the dealer's discard among them)."""
        current = self._current(rng)
        taken = current[0] | current[1] | current[2] | current[3]
        spare = [c for c in self.hidden if not taken >> c & 1]
        rng.shuffle(spare)
        hands = [0, 0, 0, 0]
        i = 0
        for s in range(4):
            if s == self.seat:
                hands[s] = self.own_dealt
            elif self.out >> s & 1:
                n = 5
                if self.given >= 0 and s == (self.seat + 2) & 3:
                    hands[s], n = 1 << self.given, 4
                for c in spare[i : i + n]:
                    hands[s] |= 1 << c
                i += n
            else:
                h = current[s] | self.played[s] | self.fixed[s]
                hands[s] = h & ~self.up if s == self.dealer and self.picked else h
        kitty = 0
        for c in spare[i:]:
            kitty |= 1 << c
        return hands, kitty

    def loose(self, rng: random.Random) -> State:
        """A world that keeps only the cards played and the voids shown (no bid checked)."""
        world = self.base.copy()
        current = self._current(rng)
        for s in range(4):
            if s != self.seat:
                world.hands[s] = 0 if self.out >> s & 1 else current[s] | self.fixed[s]
        return world


def _kind(a: int) -> int:
    """0 for a pass, 1 for making trump, 2 for going or defending alone."""
    if a == PASS:
        return 0
    return 2 if a in (ORDER_UP_ALONE, DEFEND_ALONE) or CALL_ALONE <= a < NAME else 1


# ---- playing an action out ------------------------------------------------------------------


def _finish(state: State, bidder: Bot, player: Bot | None, rng: random.Random) -> None:
    """Play ``state`` to the end: bidding by ``bidder``, play by ``player`` (or leave the
    play phase for the solver when ``player`` is None)."""
    while state.phase != OVER:
        if state.phase == PLAY_PHASE:
            if player is None:
                return
            state.apply(player.decide(state, rng, None))
        else:
            state.apply(bidder.decide(state, rng, None))


class _Tally:
    __slots__ = ("euchred", "last", "make", "march", "n", "pts", "pts2", "set", "thrown")

    def __init__(self) -> None:
        self.n = self.make = self.march = self.euchred = self.set = self.thrown = 0
        self.pts = self.pts2 = self.last = 0.0

    def add(self, state: State, team: int) -> None:
        self.n += 1
        if state.thrown_in:
            self.thrown += 1
            self.last = 0.0
            return
        sc = state.score
        assert sc is not None
        ours = state.maker & 1 == team
        points = (sc.makers - sc.defenders) if ours else (sc.defenders - sc.makers)
        self.last = points
        self.pts += points
        self.pts2 += points * points
        if ours:
            if sc.makers:
                self.make += 1
                self.march += sc.outcome == "march"
            else:
                self.euchred += 1
        elif not sc.makers:
            self.set += 1

    def option(self, action: int) -> Option:
        n = self.n
        mean = self.pts / n
        var = max(0.0, self.pts2 / n - mean * mean) * n / max(1, n - 1)

        def p(k: int) -> tuple[float, float]:
            q = k / n
            return q, math.sqrt(q * (1 - q) / n)

        make, march, euch = p(self.make), p(self.march), p(self.euchred)
        return Option(
            Action(action),
            mean,
            math.sqrt(var / n),
            *make,
            *march,
            *euch,
            *p(self.set),
            self.thrown / n,
            n,
        )


def _score_solved(state: State) -> None:
    """Finish a state in its play phase with the solver's trick count, and score it."""
    tricks = makers_score_tricks(state)
    state.phase, state.to_act = OVER, -1
    state.score = score_hand(tricks, alone=state.alone, lone_defender=state.lone_defender >= 0, rules=state.rules)


def advise(
    hand: Hand,
    worlds: int = 500,
    seed: Any = None,
    *,
    policy: str = "solver",
    bidder: str = "standard",
    progress: bool | None = None,
    adaptive: bool = False,
) -> Advice:
    """Advice for the seat to act in a bidding phase: every legal action, played out in
    ``worlds`` deals of the cards that seat cannot see (with ``adaptive=True``, at most
    ``worlds``: it stops once the two best actions are clearly apart, see the module docs;
    ``advice.worlds`` says how many were played).

    ``policy='solver'`` (the default) plays each deal double-dummy; a bot name such as
    ``'standard'`` plays it as that bot would (slower, more realistic). ``bidder`` is the
    bot that makes every later bidding decision and models the players who passed.
    ``progress``: ``True`` always shows a progress bar, ``False`` never, ``None`` only
    when the run takes more than a couple of seconds (and never with the environment variable
    ``EUCHRE_LEARN_PROGRESS_BARS=off``, which the tests and the stored lessons use, so that no
    saved output depends on the machine's speed). The same ``seed`` gives the same advice.

    >>> import euchre_learn as el
    >>> hand = el.Hand.from_cards('S', {'N': '9♠ 10♠ J♥ Q♦ A♣', 'E': 'J♦ A♦ K♣ 9♥ 10♥',
    ...                                 'S': 'Q♠ K♠ A♠ 9♣ 10♣', 'W': 'J♠ J♣ Q♣ K♦ 10♦'}, upcard='A♥')
    >>> advice = el.advise(hand.apply('pass'), worlds=40, seed=1)   # North, the dealer's partner
    >>> sorted(str(o.action) for o in advice.options)
    ['order up', 'order up alone', 'pass']
    >>> advice.best.action
    Action.parse('order up')
    >>> el.advise(hand, worlds=40, seed=1).options == el.advise(hand, worlds=40, seed=1).options
    True
    >>> clear = el.examples.hand('assist-partner', after=1)     # ordering up is clearly right
    >>> quick = el.advise(clear, worlds=120, seed=1, adaptive=True)
    >>> quick.worlds, quick.best.action == el.advise(clear, worlds=120, seed=1).best.action
    (40, True)
    """
    from euchre_learn.analysis.bots import get
    from euchre_learn.engine.hand import Hand

    if not isinstance(hand, Hand):
        raise type_error("advise(hand)", hand, "a Hand in a bidding phase, e.g. el.examples.hand('made', after=0)")
    state = hand._s
    if state.phase in (PLAY_PHASE, OVER):
        where = "is over" if state.phase == OVER else "is in its play phase"
        raise NotBiddingError(
            f"advise() answers bidding questions (ordering up, calling, discarding, going or defending "
            f"alone), but this hand {where}. For the play, ask el.solve(hand)."
        )
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
        raise ValueError(f"worlds must be a whole number of deals, at least 1, not {quote(worlds)}")
    master = random.Random(f"advise|{seed}")
    bid_bot = get(bidder, seed=master.getrandbits(32))
    player = None if policy == "solver" else get(policy, seed=master.getrandbits(32))
    bar = _progress(worlds, progress)
    try:
        options, loose = evaluate(
            state,
            hand._deal[0][state.to_act],
            hand._history,
            worlds,
            master,
            bid_bot,
            player,
            bar,
            min_worlds=max(1, worlds // 3) if adaptive else None,
        )
    finally:
        if bar is not None:
            bar.close()
    return Advice(hand, options, options[0].worlds, policy, loose, seed)


ADAPTIVE_EVERY = 8
"""With a ``min_worlds``, :func:`evaluate` asks whether to stop every this many worlds."""


def separated(first: Sequence[float], second: Sequence[float]) -> bool:
    """Is ``first`` better than ``second`` (values of two actions in the same worlds) by more
    than twice the standard error of their paired difference? Two equal columns count as
    separated: more worlds would not part them.

    >>> separated([1, 2, 1, 2], [0, 1, 0, 1]), separated([1, -1, 1, -1], [0, 0, 0, 0])
    (True, False)
    """
    n = len(first)
    diffs = [x - y for x, y in zip(first, second, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    se = math.sqrt(var / n)
    return mean > 2 * se or (se == 0.0 and mean == 0.0)


def evaluate(
    state: State,
    own_dealt: int,
    history: Sequence[tuple[int, int]],
    worlds: int,
    rng: random.Random,
    bidder: Bot,
    player: Bot | None = None,
    bar: Any = None,
    *,
    min_worlds: int | None = None,
) -> tuple[tuple[Option, ...], int]:
    """The engine of :func:`advise`, on the core state: every legal action of the seat to act
    in ``worlds`` sampled deals. ``own_dealt`` is the seat's dealt cards and ``history`` the
    ``(seat, action id)`` pairs so far (see :func:`known_history`). Returns the options, best
    first, and the number of worlds with no deal fitting every bid. With ``min_worlds``,
    ``worlds`` is a maximum: from ``min_worlds`` on, every :data:`ADAPTIVE_EVERY` worlds, it
    stops once the two best actions are :func:`separated`.

    >>> import random, euchre_learn as el
    >>> state = el.examples.hand('dealer-discard', after=4).state          # East must discard
    >>> options, loose = evaluate(state, *known_history(state), 10, random.Random(1), el.bots.get('standard'))
    >>> len(options), options[0].action.kind, loose
    (5, 'discard', 0)
    """
    sampler = _Worlds(state, own_dealt, history, bidder)
    team = state.to_act & 1
    actions = state.legal()
    tallies = {a: _Tally() for a in actions}
    points: dict[int, list[float]] = {a: [] for a in actions}  # per world, for the paired stop
    loose = 0
    for n in range(1, worlds + 1):
        world, ok = sampler.sample(rng)
        loose += not ok
        world_seed = rng.getrandbits(32)
        for a in actions:
            s = world.copy()
            s.apply(a)
            chance = random.Random(world_seed)  # the same chances for every action in a world
            _finish(s, bidder, player, chance)
            if s.phase == PLAY_PHASE:
                _score_solved(s)
            tallies[a].add(s, team)
            if min_worlds is not None:
                points[a].append(tallies[a].last)
        if bar is not None:
            bar.update(1)
        if min_worlds is not None and n >= min_worlds and n % ADAPTIVE_EVERY == 0 and len(actions) > 1:
            top = sorted(actions, key=lambda a: (-tallies[a].pts, a))[:2]
            if separated(points[top[0]], points[top[1]]):
                break
    options = sorted((tallies[a].option(a) for a in actions), key=lambda o: (-o.expected_points, o.action.id))
    return tuple(options), loose


def known_history(state: State) -> tuple[int, list[tuple[int, int]]]:
    """What the seat to act remembers of a hand in a bidding phase, rebuilt from the core state
    alone: its dealt cards and the ``(seat, action id)`` pairs so far. Cards it never saw (another
    dealer's discard, a railroad card given to someone else) appear as the state holds them; the
    advisor redraws them in each world. (Bots act on a :class:`State`, which keeps no history.)

    >>> import euchre_learn as el
    >>> from euchre_learn.engine.actions import Action
    >>> dealt, history = known_history(el.examples.hand('stuck-dealer-poor-hand', after=7).state)
    >>> len(history), {str(Action(a)) for _, a in history}
    (7, {'pass'})
    """
    seat, dealer = state.to_act, state.dealer
    hist: list[tuple[int, int]] = []
    if state.upcard == BENNY_INDEX and state.phase != BENNY:
        hist.append((dealer, NAME + state.proposed))
    eldest = (dealer + 1) & 3
    made = state.maker >= 0
    round2 = state.turned_down >= 0
    if round2:
        hist += [((eldest + i) & 3, PASS) for i in range(4)]
        if made:
            hist += [((eldest + i) & 3, PASS) for i in range((state.maker - eldest) & 3)]
            hist.append((state.maker, (CALL_ALONE if state.alone else CALL) + state.trump))
        else:
            hist += [((eldest + i) & 3, PASS) for i in range(state.passes)]
    elif made:
        hist += [((eldest + i) & 3, PASS) for i in range((state.maker - eldest) & 3)]
        hist.append((state.maker, ORDER_UP_ALONE if state.alone else ORDER_UP))
    elif state.phase == BID1:
        hist += [((eldest + i) & 3, PASS) for i in range(state.passes)]
    picked_up = made and not round2 and not _dead_upcard(state)
    if picked_up and state.discard >= 0:
        hist.append((dealer, DISCARD + state.discard))
    if state.given >= 0:
        hist.append(((state.maker + 2) & 3, GIVE + state.given))
        if state.phase in (RR_DISCARD, DEFEND):  # the loner has taken or declined it
            hist.append((state.maker, TAKE if state.taken else DECLINE))
        if state.rr_discard >= 0:
            hist.append((state.maker, DISCARD + state.rr_discard))
    if state.phase == DEFEND:
        hist += [((state.maker + 1 + 2 * i) & 3, PASS) for i in range(state.passes)]
    dealt = state.hands[seat]
    if picked_up and seat == dealer:
        dealt &= ~(1 << state.upcard)
        if state.discard >= 0:
            dealt |= 1 << state.discard
    if state.given >= 0:
        if seat == state.maker and state.taken:
            dealt &= ~(1 << state.given)
            if state.rr_discard >= 0:
                dealt |= 1 << state.rr_discard
        elif seat == (state.maker + 2) & 3:
            dealt |= 1 << state.given
    return dealt, hist


def _dead_upcard(state: State) -> bool:
    """R5.2: the dealer's partner went alone in round 1, so the dealer never picked up."""
    return state.alone and state.maker == (state.dealer + 2) & 3 and not state.rules.dealer_picks_up_for_partner_loner


def _progress(total: int, progress: bool | None) -> Any:
    return progress_bar(total, "advise", progress)
