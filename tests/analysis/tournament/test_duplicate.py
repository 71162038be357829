"""Duplicate matches (el.tournament.duplicate): each deal at two tables with the seats swapped,
points per deal with a standard error, the same result on every executor and after a resume."""

from __future__ import annotations

import json
import math
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import euchre_learn as el
from euchre_learn.analysis.tournament import duplicate
from euchre_learn.engine import core


def test_a_bot_against_itself_scores_exactly_nothing() -> None:
    # 'standard' plays the same cards the same way at both tables, so every deal's two tables
    # cancel: this fails if the seats are not really swapped between the tables
    result = duplicate("standard", "standard", deals=40, seed=5)
    assert result.points_per_deal == 0
    assert result.se == 0


def test_swapping_the_bots_negates_the_score() -> None:
    ab = duplicate("standard", "beginner", deals=40, seed=6)
    ba = duplicate("beginner", "standard", deals=40, seed=6)
    assert ba.points_per_deal == pytest.approx(-ab.points_per_deal)
    assert ba.games == ab.games
    assert ba.games_won == pytest.approx(1 - ab.games_won)


def test_points_per_deal_is_the_mirrored_match_margin_and_the_se_its_spread() -> None:
    result = duplicate("standard", "random", deals=64, seed=7)
    m = el.tournament.match("standard", "random", hands=128, seed=7, processes=1, progress=False)
    assert result.points_per_deal == pytest.approx(m.margin)
    # the match's 95% half-width is 1.96 standard errors of the same per-deal numbers
    assert result.se == pytest.approx(m.margin_ci / 1.959964)
    assert result.points_per_deal > 0.5  # standard beats random by about 1.3 points a hand
    low, high = result.interval
    assert low < result.points_per_deal < high


def test_as_the_dealers_team_counts_each_sides_points_at_the_table_where_it_dealt() -> None:
    # replayed here hand by hand, with the tournament's seeds: each deal's dealer is the same
    # seat at both tables, so A's side deals at one table and B's side at the other
    seed, deals = 14, 24
    a, b = el.bots.get("standard", seed=f"{seed}/A"), el.bots.get("random", seed=f"{seed}/B")
    mine, theirs = [], []
    for i in range(deals):
        deal = core.deal(el.Rules(), i % 4, random.Random(f"{seed}/deal {i}"))
        for mirror in (0, 1):
            seats = [a, b, a, b] if mirror == 0 else [b, a, b, a]
            end = el.bots.play_hand(deal.copy(), seats, random.Random(f"{seed}/play {i}/{mirror}"))
            dealers = end.dealer & 1
            points = 0 if end.score is None else end.score.makers if end.maker & 1 == dealers else end.score.defenders
            (mine if dealers == mirror else theirs).append(points)
    result = duplicate("standard", "random", deals=deals, seed=seed)
    assert len(mine) == len(theirs) == deals
    assert result.as_dealer == pytest.approx((sum(mine) / deals, sum(theirs) / deals))
    assert result.as_dealer[0] > result.as_dealer[1]  # standard bids and plays its cards well, random at random
    gains = [x - y for x, y in zip(mine, theirs, strict=True)]
    mean = sum(gains) / deals
    assert result.as_dealer_se == pytest.approx(math.sqrt(sum((g - mean) ** 2 for g in gains) / (deals - 1) / deals))
    assert "as the dealer's team: standard" in str(result)


def test_games_are_grouped_at_each_table_and_a_strong_bot_wins_most() -> None:
    result = duplicate("standard", "random", deals=120, seed=8)
    # about 120 deals at each table; a game to 10 lasts a handful of hands
    assert 10 <= result.games <= 2 * 120 // 5
    assert result.games_won > 0.8
    assert 0 <= result.games_se < 0.1


def test_the_same_seed_gives_the_same_result_on_a_thread_pool_and_on_dask() -> None:
    serial = duplicate("standard", "beginner", deals=40, seed=9)
    with ThreadPoolExecutor(2) as pool:
        assert duplicate("standard", "beginner", deals=40, seed=9, executor=pool) == serial
    distributed = pytest.importorskip("distributed")
    # processes=False: the scheduler and workers talk over in-process queues, no network
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = duplicate("standard", "beginner", deals=40, seed=9, executor=client.get_executor())
    assert on_dask == serial
    assert duplicate("standard", "beginner", deals=40, seed=10) != serial


def test_a_stopped_run_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    whole = duplicate("standard", "beginner", deals=40, seed=11)
    path = tmp_path / "run.jsonl"
    assert duplicate("standard", "beginner", deals=40, seed=11, checkpoint=path) == whole
    lines = path.read_text().splitlines()
    assert len(lines) == 5  # one line per chunk of 8 deals
    # stopped after two chunks, the third cut short as by a kill
    path.write_text("\n".join(lines[:2]) + "\n" + lines[2][:30] + "\n")
    with pytest.warns(UserWarning, match="line 3: not a saved chunk"):
        resumed = duplicate("standard", "beginner", deals=40, seed=11, checkpoint=path)
    assert resumed == whole
    # the saved chunks were read, not played again: a forged score in one shows through
    forged = json.loads(path.read_text().splitlines()[0])
    forged["rows"][0] = [[4, 0, *[0] * 11], [4, 0, *[0] * 11]]
    path.write_text(json.dumps(forged) + "\n")
    assert duplicate("standard", "beginner", deals=40, seed=11, checkpoint=path) != whole


def test_a_checkpoint_of_another_match_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    duplicate("standard", "beginner", deals=8, seed=12, checkpoint=path)
    before = path.read_text()
    with pytest.raises(ValueError, match="holds another match"):
        duplicate("standard", "random", deals=8, seed=12, checkpoint=path)
    assert path.read_text() == before


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"deals": -3}, "deals must be a positive whole number"),
        ({"deals": 2.5}, "deals must be a positive whole number"),
        ({"deals": 4, "executor": "dask"}, "executor must be a concurrent.futures.Executor"),
    ],
)
def test_bad_arguments_are_explained(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        duplicate("standard", "beginner", **kwargs)  # type: ignore[arg-type]


def test_an_unknown_bot_names_the_bots_there_are() -> None:
    with pytest.raises(ValueError, match="standard"):
        duplicate("grandmaster", "standard", deals=4)


def test_the_result_reads_in_words() -> None:
    result = duplicate("beginner", "random", deals=16, seed=13)
    text = str(result)
    assert "16 deals" in text and "points per deal" in text and "standard error" in text
    assert "el-duplicate" in result._repr_html_()
    assert math.isfinite(result.se)
