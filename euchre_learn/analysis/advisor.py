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

from euchre_learn.analysis.drawing import PALETTE, chart, new_figure
from euchre_learn.analysis.progressbar import progress_bar
from euchre_learn.analysis.sampling import Worlds, finish, score_solved
from euchre_learn.engine.actions import (
    Action,
)
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.core import (
    OVER,
    PLAY_PHASE,
    State,
)
from euchre_learn.engine.errors import quote, type_error

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from euchre_learn.analysis.bots import Bot
    from euchre_learn.analysis.drawing import NoChart
    from euchre_learn.engine.hand import Hand

__all__ = ["Advice", "NotBiddingError", "Option", "advise"]


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
    call ♥         +1.47 ± 0.09   100%    47%       0%           0%
    call ♥ alone   +1.00 ± 0.00   100%     0%       0%           0%
    pass           -0.53 ± 0.30    10%     3%       0%          13%
    call ♠         -1.00 ± 0.26    33%     0%      67%           0%
    call ♣         -1.07 ± 0.27    30%     3%      70%           0%
    call ♣ alone   -2.00 ± 0.00     0%     0%     100%           0%
    call ♠ alone   -2.00 ± 0.00     0%     0%     100%           0%
    """

    def __init__(
        self, hand: Hand, options: tuple[Option, ...], worlds: int, policy: str, loose: int, seed: Any
    ) -> None:
        self.hand = hand
        self.seat = Seat(hand.core.to_act)
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
        Without matplotlib (the offline JupyterLite site), a :class:`~euchre_learn.analysis.drawing.NoChart`
        that says so in one sentence.

        >>> import euchre_learn as el
        >>> advice = el.advise(el.Hand.deal('N', seed=2), worlds=20, seed=1)
        >>> fig = advice.plot()
        >>> [ax.get_title() for ax in fig.axes]
        ['Expected points for East-West', 'Chances for East-West']
        """
        return advice_figure(self)


@chart("Expected points and chances of each option")
def advice_figure(advice: Advice) -> Figure:
    """The chart behind :meth:`Advice.plot` (matplotlib, imported when it draws)."""
    options = list(advice.options)
    labels = [str(o.action) for o in options]
    team = advice.seat.team.word
    fig, (ax1, ax2) = new_figure(9.0, 0.5 * len(options) + 2.0, ncols=2)
    ys = list(range(len(options)))[::-1]
    means = [o.expected_points for o in options]
    errs = [1.96 * o.expected_points_se for o in options]
    colours = [PALETTE["blue"] if m >= 0 else PALETTE["vermillion"] for m in means]
    ax1.barh(ys, means, xerr=errs, color=colours, capsize=4, error_kw={"ecolor": PALETTE["black"]})
    ax1.axvline(0, color=PALETTE["black"], linewidth=0.8)
    ax1.set_yticks(ys, labels)
    ax1.set_xlabel("expected points per hand (bars: 95% interval)")
    ax1.set_title(f"Expected points for {team}")
    for y, m, e in zip(ys, means, errs, strict=True):
        end = m + e if m >= 0 else m - e  # beyond the error bar, so the number stays readable
        ax1.annotate(
            f"{m:+.2f}",
            (end, y),
            xytext=(4 if m >= 0 else -4, 0),
            textcoords="offset points",
            ha="left" if m >= 0 else "right",
            va="center",
            fontsize=8,
        )
    low = min([0.0, *(m - e for m, e in zip(means, errs, strict=True))])
    high = max([0.0, *(m + e for m, e in zip(means, errs, strict=True))])
    pad = 0.18 * (high - low or 1.0)
    ax1.set_xlim(low - (pad if low < 0 else 0), high + pad)
    height = 0.26
    series = (
        ("make", [o.p_make for o in options], [o.p_make_se for o in options], PALETTE["green"], ""),
        ("march", [o.p_march for o in options], [o.p_march_se for o in options], PALETTE["sky"], "//"),
        ("euchred", [o.p_euchred for o in options], [o.p_euchred_se for o in options], PALETTE["orange"], ".."),
    )
    for k, (name, ps, ses, colour, hatch) in enumerate(series):
        ax2.barh(
            [y + (1 - k) * height for y in ys],
            ps,
            height=height,
            xerr=[1.96 * e for e in ses],
            color=colour,
            hatch=hatch,
            edgecolor=PALETTE["black"],
            linewidth=0.5,
            capsize=2,
            label=name,
        )
    ax2.set_yticks(ys, labels)
    ax2.set_xlim(0, 1)
    ax2.set_xlabel("chance (bars: 95% interval)")
    ax2.set_title(f"Chances for {team}")
    fig.legend(loc="outside lower center", ncols=3, fontsize=8)
    fig.suptitle(f"{advice.seat.word} to act, {advice.hand.phase.value}: {advice.worlds} deals")
    return fig


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
    >>> clear = el.examples.hand('march', after=4)     # calling spades alone is clearly right
    >>> quick = el.advise(clear, worlds=120, seed=1, adaptive=True)
    >>> quick.worlds, quick.best.action == el.advise(clear, worlds=120, seed=1).best.action
    (40, True)
    """
    from euchre_learn.analysis.bots import get
    from euchre_learn.engine.hand import Hand

    if not isinstance(hand, Hand):
        raise type_error("advise(hand)", hand, "a Hand in a bidding phase, e.g. el.examples.hand('made', after=0)")
    state = hand.core
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
            hand.deal_masks[0][state.to_act],
            hand.history_ids,
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
    uniform: bool = False,
) -> tuple[tuple[Option, ...], int]:
    """The engine of :func:`advise`, on the core state: every legal action of the seat to act
    in ``worlds`` sampled deals. ``own_dealt`` is the seat's dealt cards and ``history`` the
    ``(seat, action id)`` pairs so far (see :func:`~euchre_learn.analysis.sampling.known_history`). Returns the options, best
    first, and the number of worlds with no deal fitting every bid. With ``min_worlds``,
    ``worlds`` is a maximum: from ``min_worlds`` on, every :data:`ADAPTIVE_EVERY` worlds, it
    stops once the two best actions are :func:`separated`. With ``uniform``, the worlds keep
    no bid out (the plain PIMC baseline's: :class:`~euchre_learn.analysis.sampling.Worlds`).

    >>> import random, euchre_learn as el
    >>> state = el.examples.hand('dealer-discard', after=4).state          # East must discard
    >>> from euchre_learn.analysis.sampling import known_history
    >>> options, loose = evaluate(state, *known_history(state), 10, random.Random(1), el.bots.get('standard'))
    >>> len(options), options[0].action.kind, loose
    (5, 'discard', 0)
    """
    sampler = Worlds(state, own_dealt, history, bidder, uniform=uniform)
    team = state.to_act & 1
    actions = state.legal()
    tallies = {a: _Tally() for a in actions}
    points: dict[int, list[float]] = {a: [] for a in actions}  # per world, for the paired stop
    loose = 0
    for n in range(1, worlds + 1):
        sampled = sampler.sample(rng)
        world, ok = sampled.state, sampled.fits
        loose += not ok
        world_seed = rng.getrandbits(32)
        for a in actions:
            s = world.copy()
            s.apply(a)
            chance = random.Random(world_seed)  # the same chances for every action in a world
            finish(s, bidder, player, chance)
            if s.phase == PLAY_PHASE:
                score_solved(s)
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


def _progress(total: int, progress: bool | None) -> Any:
    return progress_bar(total, "advise", progress)
