"""Charts of a game's score: the score hand by hand (:func:`score_progress`) and the chance to
win from each score (:func:`win_probability_chart`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from euchre_learn.analysis.drawing import PALETTE, chart, new_figure
from euchre_learn.analysis.win_table import simulated_games, win_probability
from euchre_learn.engine.errors import quote

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from euchre_learn.engine.game import Game

__all__ = ["BENJAMIN_TIED", "score_progress", "win_probability_chart"]


@chart("Score by hand")
def score_progress(game: Game) -> Figure:
    """The score of a game after every hand: one step line per side, the target, and a note
    on each hand that scored more than one point (march, euchre, loner).

    >>> import euchre_learn as el
    >>> game = el.Game(seed=3, dealer='N')
    >>> bot = el.bots.get('standard', seed=3)
    >>> while game.winner is None:
    ...     game = game.apply(bot.act(game))
    >>> fig = score_progress(game)
    >>> [line.get_label() for line in fig.axes[0].get_lines()][:2]
    ['North-South', 'East-West']
    """
    from euchre_learn.engine.cards import Team

    fig, ax = new_figure(8.0, 4.2)
    target = game.rules.points_to_win
    totals = {Team.NS: [0], Team.EW: [0]}
    notes = []
    for i, hand in enumerate(game.hands, start=1):
        pts = hand.points
        for team in Team:
            totals[team].append(totals[team][-1] + pts[team])
        sc = hand.score
        if sc is not None and max(pts.values()) >= 2:
            who = max(pts, key=lambda t: pts[t])
            what = sc.outcome + (" alone" if hand.alone and sc.outcome == "march" else "")
            notes.append((i, totals[who][-1], f"{who}: {what} +{pts[who]}"))
    xs = list(range(len(game.hands) + 1))
    for team, colour, style, marker in (
        (Team.NS, PALETTE["blue"], "-", "o"),
        (Team.EW, PALETTE["vermillion"], "--", "s"),
    ):
        ax.step(
            xs, totals[team], where="post", color=colour, linestyle=style, marker=marker, markersize=4, label=team.word
        )
    right = max(1, len(game.hands)) + 0.5
    ax.axhline(target, color=PALETTE["black"], linewidth=0.8, linestyle=":")
    ax.annotate(f"target {target}", (0, target), xytext=(3, 3), textcoords="offset points", fontsize=8)
    for x, y, text in notes:
        ax.annotate(
            text,
            (x, y),
            xytext=(-3, 6),
            textcoords="offset points",
            fontsize=7,
            ha="right",
            color=PALETTE["black"],
            bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none", "alpha": 0.8},
        )
    ax.set_xlabel("hands played")
    ax.set_ylabel("points")
    ax.set_xlim(0, right)
    ax.set_ylim(0, target + 2)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    win = game.winner
    ax.set_title(f"Score by hand: {win.word} win" if win is not None else "Score by hand (game in progress)")
    return fig


BENJAMIN_TIED = {0: 0.51, 1: 0.51, 2: 0.51, 3: 0.51, 4: 0.51, 5: 0.51, 8: 0.54, 9: 0.65}
"""The Fred Benjamin simulator's published chances for the dealer's side at tied scores (51–49
up to 5–5, 54–46 at 8–8, 65–35 at 9–9), drawn beside ours by :func:`win_probability_chart`."""


@chart("Who wins from each score")
def win_probability_chart(points_to_win: int = 10) -> Figure:
    """The chance that the dealer's side wins the game, from the start of a hand at every score
    (:func:`euchre_learn.analysis.win_table.win_probability`, the table of 40,000 games between
    'standard' bots): a grid of the dealer's side's score against the other side's, and the tied
    scores beside the Fred Benjamin simulator's published figures (:data:`BENJAMIN_TIED`).

    The side that does not deal wins ``1 -`` the other side's chance as dealer, so the grid
    answers both: read the dealer's row and column, and take the rest for the other side.

    >>> fig = win_probability_chart()
    >>> [ax.get_title() for ax in fig.axes[:2]]
    ["The dealer's side's chance to win the game", 'Tied scores: dealing is worth most at the end']
    """
    if isinstance(points_to_win, bool) or not isinstance(points_to_win, int) or not 2 <= points_to_win <= 15:
        raise ValueError(f"points_to_win must be a whole number from 2 to 15, not {quote(points_to_win)}")
    scores = list(range(points_to_win))
    grid = [[win_probability(me, them, True, points_to_win) for them in scores] for me in scores]
    fig, (ax1, ax2) = new_figure(11.0, 4.8, ncols=2)
    image = ax1.imshow(grid, origin="lower", cmap="cividis", vmin=0.0, vmax=1.0, aspect="equal")
    for me in scores:
        for them in scores:
            p = grid[me][them]
            ax1.text(
                them,
                me,
                f"{100 * p:.0f}",
                ha="center",
                va="center",
                fontsize=7,
                color="white" if p < 0.55 else PALETTE["black"],
            )
    ax1.set_xticks(scores, [str(s) for s in scores])
    ax1.set_yticks(scores, [str(s) for s in scores])
    ax1.set_xlabel("the other side's score")
    ax1.set_ylabel("the dealer's side's score")
    ax1.set_title("The dealer's side's chance to win the game")
    bar = fig.colorbar(image, ax=ax1, shrink=0.85)
    bar.set_label("chance to win (%)")
    bar.set_ticks([0, 0.25, 0.5, 0.75, 1.0], labels=["0", "25", "50", "75", "100"])
    tied = [grid[s][s] for s in scores]
    ax2.plot(scores, tied, color=PALETTE["blue"], marker="o", label="dealing (this table)")
    ax2.plot(
        scores, [1 - p for p in tied], color=PALETTE["vermillion"], marker="s", linestyle="--", label="not dealing"
    )
    known = [s for s in sorted(BENJAMIN_TIED) if s < points_to_win]
    if points_to_win == 10:
        ax2.plot(
            known,
            [BENJAMIN_TIED[s] for s in known],
            color=PALETTE["black"],
            marker="^",
            linestyle="none",
            label="dealing (Benjamin, published)",
        )
    ax2.axhline(0.5, color=PALETTE["black"], linewidth=0.8, linestyle=":")
    ax2.set_xticks(scores, [f"{s}–{s}" for s in scores], fontsize=8)
    ax2.set_xlabel("tied score at the start of the hand")
    ax2.set_ylabel("chance to win the game")
    ax2.set_ylim(0.2, 0.8)
    from matplotlib.ticker import PercentFormatter

    ax2.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax2.grid(alpha=0.3)
    ax2.legend(loc="upper left", fontsize=8)
    ax2.set_title("Tied scores: dealing is worth most at the end")
    games = simulated_games()
    fig.suptitle(
        f"Games to {points_to_win} between four 'standard' bots, standard rules ({games:,} simulated games)", fontsize=9
    )
    return fig
