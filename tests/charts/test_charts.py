"""Charts for lessons (``el.plots``, :mod:`euchre_learn.charts`): the figures' axes and data, not their pixels."""

from __future__ import annotations

import subprocess
import sys

import pytest
from matplotlib.colors import to_hex

import euchre_learn as el
from euchre_learn import plots
from euchre_learn.charts import calls

SAMPLES = 15
SAFE = {to_hex(c) for c in plots.PALETTE.values()}


def bar_heights(ax) -> list[float]:  # type: ignore[no-untyped-def]
    return [p.get_height() for p in ax.patches]


def rate(rows, pred) -> float:  # type: ignore[no-untyped-def]
    return sum(1 for r in rows if pred(r)) / len(rows)


def test_import_stays_light() -> None:
    code = "import sys, euchre_learn, euchre_learn.charts; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_call_outcomes_deal_what_was_asked() -> None:
    rows = plots.call_outcomes((1, 3), samples=SAMPLES, right=True, left=False, seed=2)
    assert [r.trumps for r in rows] == [1] * SAMPLES + [3] * SAMPLES
    assert all(r.right and not r.left and not r.alone for r in rows)
    assert all(0 <= r.tricks <= 5 for r in rows)
    for r in rows:  # points follow the scoring table (R7.1)
        sc = el.score_hand(r.tricks)
        assert r.points == (sc.makers or -sc.defenders)
    assert plots.call_outcomes((1, 3), samples=SAMPLES, right=True, left=False, seed=2) == rows
    alone = plots.call_outcomes((5,), samples=5, alone=True, right=True, left=True, seed=1)
    assert all(r.alone and r.tricks == 5 and r.points == 4 for r in alone)  # the top five trumps
    with pytest.raises(ValueError, match="samples"):
        plots.call_outcomes(samples=0)
    with pytest.raises(ValueError, match="0 to 5"):
        plots.call_outcomes((6,))


def test_make_rate_by_trumps() -> None:
    fig = plots.make_rate_by_trumps(samples=SAMPLES, seed=3)
    (ax,) = fig.axes
    assert ax.get_title() == "Make rate by number of trumps held"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0", "1", "2", "3", "4", "5"]
    rows = plots.call_outcomes(samples=SAMPLES, seed=3)
    made = [rate([r for r in rows if r.trumps == k], lambda r: r.tricks >= 3) for k in range(6)]
    march = [rate([r for r in rows if r.trumps == k], lambda r: r.tricks == 5) for k in range(6)]
    assert bar_heights(ax) == pytest.approx(made + march)
    assert made[5] > made[0] and march[5] > march[0]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["made (3+ tricks)", "march (5 tricks)"]
    assert {to_hex(p.get_facecolor()) for p in ax.patches} <= SAFE


def test_right_bower_value() -> None:
    fig = plots.right_bower_value(samples=SAMPLES, seed=4)
    made_ax, points_ax = fig.axes
    assert "right bower" in made_ax.get_title() and "Expected points" in points_ax.get_title()
    with_rb = plots.call_outcomes((1, 2, 3, 4, 5), samples=SAMPLES, right=True, seed=4)
    without = plots.call_outcomes((1, 2, 3, 4, 5), samples=SAMPLES, right=False, seed=4)
    assert all(r.right for r in with_rb) and not any(r.right for r in without)
    expected = [
        rate([r for r in rows if r.trumps == k], lambda r: r.tricks >= 3)
        for rows in (with_rb, without)
        for k in range(1, 6)
    ]
    assert bar_heights(made_ax) == pytest.approx(expected)
    points = [
        sum(r.points for r in rows if r.trumps == k) / SAMPLES for rows in (with_rb, without) for k in range(1, 6)
    ]
    assert bar_heights(points_ax) == pytest.approx(points)
    assert {to_hex(p.get_facecolor()) for ax in fig.axes for p in ax.patches} <= SAFE


def test_loner_success() -> None:
    fig = plots.loner_success(samples=8, seed=5)
    march_ax, euchre_ax = fig.axes
    assert "marches" in march_ax.get_title() and "euchred" in euchre_ax.get_title()
    assert len(march_ax.patches) == len(euchre_ax.patches) == 3 * 4  # no/one/both bowers x 2..5 trumps
    labels = [t.get_text() for t in march_ax.get_legend().get_texts()]
    assert labels == ["no bower", "one bower", "both bowers"]
    # both bowers and five trumps: the top five, a sure march
    both = plots.call_outcomes((2, 3, 4, 5), samples=8, alone=True, right=True, left=True, seed=5)
    assert march_ax.patches[-1].get_height() == rate([r for r in both if r.trumps == 5], lambda r: r.tricks == 5) == 1.0


def test_score_progress_follows_the_game() -> None:
    game = el.Game(seed=8, dealer="E", rules=el.Rules(points_to_win=5))
    bot = el.bots.get("standard", seed=8)
    while game.winner is None:
        game = game.apply(bot.act(game))
    fig = plots.score_progress(game)
    (ax,) = fig.axes
    ns, ew = ax.get_lines()[:2]
    assert ns.get_label() == "North-South" and ew.get_label() == "East-West"
    totals = {el.Team.NS: [0], el.Team.EW: [0]}
    for hand in game.hands:
        for team in el.Team:
            totals[team].append(totals[team][-1] + hand.points[team])
    assert list(ns.get_ydata()) == totals[el.Team.NS] and list(ew.get_ydata()) == totals[el.Team.EW]
    assert list(ns.get_xdata()) == list(range(len(game.hands) + 1))
    assert game.winner.word in ax.get_title()
    assert ns.get_linestyle() != ew.get_linestyle()  # not colour alone


def test_win_probability_chart_draws_the_table() -> None:
    from euchre_learn.analysis.win_table import win_probability

    fig = plots.win_probability_chart()
    grid_ax, tied_ax = fig.axes[:2]
    (image,) = grid_ax.get_images()
    data = image.get_array()
    assert data.shape == (10, 10)
    for me in range(10):
        for them in range(10):
            assert data[me][them] == pytest.approx(win_probability(me, them, dealing=True))
    labels = {(round(t.get_position()[1]), round(t.get_position()[0])): t.get_text() for t in grid_ax.texts}
    assert labels[(9, 9)] == f"{100 * win_probability(9, 9, dealing=True):.0f}" == "67"
    assert labels[(0, 9)] == f"{100 * win_probability(0, 9, dealing=True):.0f}"
    dealing, other, benjamin = tied_ax.get_lines()[:3]
    tied = [win_probability(s, s, dealing=True) for s in range(10)]
    assert list(dealing.get_ydata()) == pytest.approx(tied)
    assert list(other.get_ydata()) == pytest.approx([win_probability(s, s, dealing=False) for s in range(10)])
    assert dict(zip(benjamin.get_xdata(), benjamin.get_ydata(), strict=True)) == plots.BENJAMIN_TIED
    assert dealing.get_marker() != other.get_marker() and dealing.get_linestyle() != other.get_linestyle()
    assert tied[9] - tied[0] > 0.1  # dealing at 9-9 is worth far more than at 0-0
    small = plots.win_probability_chart(points_to_win=5)
    assert small.axes[0].get_images()[0].get_array().shape == (5, 5)
    assert len(small.axes[1].get_lines()) == 3  # no Benjamin figures for games to 5
    for bad in (1, 16, "10", True):
        with pytest.raises(ValueError, match="points_to_win"):
            plots.win_probability_chart(points_to_win=bad)  # type: ignore[arg-type]


def test_without_matplotlib_each_chart_is_one_sentence_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The offline JupyterLite site has no matplotlib: every chart says so in a sentence, before
    running its simulation (nothing is computed for a chart that cannot be drawn)."""
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` now fails
    monkeypatch.setattr(calls, "call_outcomes", lambda *a, **k: pytest.fail("simulated a chart it cannot draw"))
    game = el.Game(seed=3, dealer="N")
    advice = el.advise(el.Hand.deal("N", seed=2), worlds=4, seed=1)
    charts = {
        "Make rate by number of trumps held": plots.make_rate_by_trumps(samples=2),
        "What the right bower is worth": plots.right_bower_value(samples=2),
        "How often a loner marches, and how often it is euchred": plots.loner_success(samples=2),
        "Score by hand": plots.score_progress(game),
        "Who wins from each score": plots.win_probability_chart(),
        "Expected points and chances of each option": advice.plot(),
    }
    for title, chart in charts.items():
        assert isinstance(chart, plots.NoChart), title
        assert chart.title == title
        assert repr(chart).startswith(f'The chart "{title}" needs matplotlib')
        assert "JupyterLab" in chart._repr_html_() and "Traceback" not in chart._repr_html_()
    monkeypatch.undo()  # matplotlib is back: a figure again
    from matplotlib.figure import Figure

    assert isinstance(plots.score_progress(game), Figure)
