"""Tournaments between bots (``el.tournament``): mirrored deals, seeded, any number of processes."""

from __future__ import annotations

import pytest

import euchre_learn as el
from euchre_learn import tournament


def test_a_bot_against_itself_breaks_exactly_even() -> None:
    # every deal is played both ways round, so identical players cancel to the point
    result = tournament.match("beginner", "beginner", hands=60, seed=4, processes=1, progress=False)
    assert result.margin == 0.0 and result.win_rate == 0.5
    assert result.side_a.points_per_hand == result.side_b.points_per_hand
    assert result.hands == 60 and result.deals == 30


def test_the_same_seed_gives_the_same_result_in_any_number_of_processes() -> None:
    serial = tournament.match("standard", "random", hands=48, seed=2, processes=1, progress=False)
    parallel = tournament.match("standard", "random", hands=48, seed=2, processes=2, progress=False)
    assert serial == parallel
    other = tournament.match("standard", "random", hands=48, seed=3, processes=1, progress=False)
    assert other != serial


def test_a_strong_bot_beats_a_random_one_with_a_clear_interval() -> None:
    result = tournament.match("standard", "random", hands=200, seed=0, processes=1, progress=False)
    low, high = result.margin_interval
    assert 0 < low < result.margin < high
    assert result.win_rate - result.win_rate_ci > 0.5
    a, b = result.side_a, result.side_b
    assert a.points_per_hand - b.points_per_hand == pytest.approx(result.margin)
    assert 0 <= a.make_rate <= 1 and 0 <= b.calls_per_hand <= 1


def test_games_are_played_to_the_target() -> None:
    rules = el.Rules(points_to_win=5)
    result = tournament.match("standard", "beginner", games=6, seed=1, rules=rules, processes=1, progress=False)
    assert result.mode == "games" and result.games == 12
    assert result.hands >= 12 * 2  # 5 points take two hands at the very least (a loner's 4, then 1)
    assert 0.0 <= result.win_rate <= 1.0
    # one game: (A won, hands played, A's points, B's points, ...)
    won, hands_played, a_points, b_points = tournament.matches.play_game(
        el.bots.get("standard"), el.bots.get("beginner"), rules, 1, 0, 0
    )[:4]
    assert hands_played >= 2
    assert max(a_points, b_points) >= 5 > min(a_points, b_points)
    assert won == (a_points >= 5)


def test_bad_requests_are_explained() -> None:
    with pytest.raises(ValueError, match="even number"):
        tournament.match("standard", "random", hands=3)
    with pytest.raises(ValueError, match="exactly one of"):
        tournament.match("standard", "random")
    with pytest.raises(ValueError, match="not a bot"):
        tournament.match("standard", "grandmaster", hands=2)


def test_bot_objects_can_play_too() -> None:
    result = tournament.match(el.bots.get("standard"), "random", hands=8, seed=1, processes=1, progress=False)
    assert result.a == "standard"


def test_tables() -> None:
    result = tournament.match("standard", "random", hands=8, seed=1, processes=1, progress=False)
    text = str(result)
    assert "standard against random" in text and "95% CI" in text and "points per hand" in text
    assert "<table>" in result._repr_html_()
    rr = tournament.round_robin(["random", "beginner", "standard"], hands=8, seed=1, processes=1, progress=False)
    assert len(rr.matches) == 3
    assert rr.margin("standard", "random") == -rr.margin("random", "standard")
    assert "beginner" in str(rr) and "<pre>" in rr._repr_html_()


def test_progress_bar_can_be_forced(capsys: pytest.CaptureFixture[str]) -> None:
    tournament.match("random", "random", hands=4, seed=1, processes=1, progress=True)
    assert "tournament" in capsys.readouterr().err


def test_any_executor_gives_the_serial_result() -> None:
    from concurrent.futures import ThreadPoolExecutor

    serial = tournament.match("standard", "beginner", hands=40, seed=7, processes=1, progress=False)
    with ThreadPoolExecutor(3) as pool:
        assert tournament.match("standard", "beginner", hands=40, seed=7, executor=pool, progress=False) == serial
    with pytest.raises(ValueError, match=r"concurrent\.futures\.Executor"):
        tournament.match("standard", "beginner", hands=4, executor="dask://here")  # type: ignore[arg-type]


def test_dealers_team_points_are_counted() -> None:
    result = tournament.match("standard", "standard", hands=200, seed=1, processes=1, progress=False)
    a, b = result.side_a, result.side_b
    # each deal is dealt once by each side's seats: the same bot, the same numbers
    assert a.dealer_points_per_hand == b.dealer_points_per_hand > 0
    assert a.dealer_net_per_hand == b.dealer_net_per_hand


def test_a_match_on_a_dask_cluster_gives_the_serial_result() -> None:
    distributed = pytest.importorskip("distributed")
    # processes=False: the scheduler and the workers run in this process and talk over
    # in-process queues (inproc://), so the test opens no network connection at all
    serial = tournament.match("standard", "beginner", hands=64, seed=11, processes=1, progress=False)
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = tournament.match(
            "standard", "beginner", hands=64, seed=11, executor=client.get_executor(), progress=False
        )
        rr = tournament.round_robin(
            ["random", "beginner"], hands=32, seed=2, executor=client.get_executor(), progress=False
        )
    assert on_dask == serial
    assert rr == tournament.round_robin(["random", "beginner"], hands=32, seed=2, processes=1, progress=False)
