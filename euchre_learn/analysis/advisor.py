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
"""

from __future__ import annotations

import html
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.solver import makers_score_tricks
from euchre_learn.engine._core import BENNY, BID1, BID2, DEFEND, OVER, PLAY_PHASE, RR_DISCARD, State
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
from euchre_learn.engine.rules import score_hand

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


class _Worlds:
    """Deals of the hidden cards that the advised seat cannot tell from the real one.

    A world is a deal of the cards the seat has not seen, replayed through the hand's
    history. It fits when every bid the others made is of the kind the model (the bidding
    bot) makes with those cards: a pass where they passed, a making action where they made
    trump, alone where they went (or defended) alone.
    Cards the seat never saw (another dealer's discard, a railroad card passed to someone
    else) are chosen by the model in each world.
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
            fallback, _ = self._try(rng, check=False)
        return fallback, False

    def _try(self, rng: random.Random, check: bool = True) -> tuple[State, int]:
        """A random world, and how well it fits: 2 every bid, 1 all but going alone, 0 not
        (then the world is left unfinished, unless ``check`` is False)."""
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
        bidder = self.bidder
        fit = 2
        for seat, a in self.history:
            if seat != self.seat:
                if check and state.phase in (BID1, BID2, DEFEND):
                    model, real = _kind(bidder.decide(state, rng, None)), _kind(a)
                    if (model == 0) != (real == 0):
                        return state, 0
                    if model != real:
                        fit = 1
                elif DISCARD <= a < PLAY and not (a >= GIVE and self.given >= 0):
                    a = bidder.decide(state, rng, None)  # a card the seat did not see: chosen in this world
            state.apply(a)
        return state, fit


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
    __slots__ = ("euchred", "make", "march", "n", "pts", "pts2", "set", "thrown")

    def __init__(self) -> None:
        self.n = self.make = self.march = self.euchred = self.set = self.thrown = 0
        self.pts = self.pts2 = 0.0

    def add(self, state: State, team: int) -> None:
        self.n += 1
        if state.thrown_in:
            self.thrown += 1
            return
        sc = state.score
        assert sc is not None
        ours = state.maker & 1 == team
        points = (sc.makers - sc.defenders) if ours else (sc.defenders - sc.makers)
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
) -> Advice:
    """Advice for the seat to act in a bidding phase: every legal action, played out in
    ``worlds`` deals of the cards that seat cannot see.

    ``policy='solver'`` (the default) plays each deal double-dummy; a bot name such as
    ``'standard'`` plays it as that bot would (slower, more realistic). ``bidder`` is the
    bot that makes every later bidding decision and models the players who passed.
    ``progress``: ``True`` always shows a progress bar, ``False`` never, ``None`` only
    when the run takes more than a couple of seconds. The same ``seed`` gives the same advice.

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
    """
    from euchre_learn.analysis.bots import get

    state = hand._s
    if state.phase in (PLAY_PHASE, OVER):
        where = "is over" if state.phase == OVER else "is in its play phase"
        raise NotBiddingError(
            f"advise() answers bidding questions (ordering up, calling, discarding, going or defending "
            f"alone), but this hand {where}. For the play, ask el.solve(hand)."
        )
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
        raise ValueError(f"worlds must be a whole number of deals, at least 1, not {worlds!r}")
    master = random.Random(f"advise|{seed}")
    bid_bot = get(bidder, seed=master.getrandbits(32))
    player = None if policy == "solver" else get(policy, seed=master.getrandbits(32))
    bar = _progress(worlds, progress)
    try:
        options, loose = evaluate(
            state, hand._deal[0][state.to_act], hand._history, worlds, master, bid_bot, player, bar
        )
    finally:
        if bar is not None:
            bar.close()
    return Advice(hand, options, worlds, policy, loose, seed)


def evaluate(
    state: State,
    own_dealt: int,
    history: Sequence[tuple[int, int]],
    worlds: int,
    rng: random.Random,
    bidder: Bot,
    player: Bot | None = None,
    bar: Any = None,
) -> tuple[tuple[Option, ...], int]:
    """The engine of :func:`advise`, on the core state: every legal action of the seat to act
    in ``worlds`` sampled deals. ``own_dealt`` is the seat's dealt cards and ``history`` the
    ``(seat, action id)`` pairs so far (see :func:`known_history`). Returns the options, best
    first, and the number of worlds with no deal fitting every bid.

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
    loose = 0
    for _ in range(worlds):
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
        if bar is not None:
            bar.update(1)
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
    if progress is False:
        return None
    from tqdm.auto import tqdm  # type: ignore[import-untyped]

    return tqdm(total=total, desc="advise", unit="deal", delay=0 if progress else 2.0, leave=False)
