"""The class reviews' benchmark (``benchmarks/bench_class_reviews.py``): its jobs are the ones the
server queues, a learner in every seat of every finished hand, and the tables one core keeps
reviewed follow from the CPU measured and the pace, never a constant."""

from __future__ import annotations

from typing import Any

import pytest

import euchre_learn as el
from benchmarks import bench_class_reviews as bench
from euchre_learn.classroom.server.reviewer import owed_reviews


def test_the_jobs_are_the_servers_a_learner_in_every_seat_of_every_hand() -> None:
    hands = bench.class_hands(5)
    assert len(hands) == 5
    game = el.Game(el.Rules.preset("standard"), seed="bench-class/0", dealer=el.Seat(0))
    bot = el.bots.get("standard", seed=3)
    log: list[tuple[el.Seat, el.Action]] = []
    while len(game.hands) < 5:  # the same games, replayed: each hand at its index and log number
        action = bot.act(game)
        log.append((game.to_act, action))  # type: ignore[arg-type]
        game = game.apply(action)
    for k, (hand, index, start) in enumerate(hands):
        assert (index, hand.to_record()) == (k, game.hands[k].to_record())
        assert log[start][1] == hand.history[0][1]
    jobs = bench.review_jobs(hands)
    assert [(j["hand"], j["seat"]) for j in jobs] == [(k + 1, str(s)) for k in range(5) for s in el.Seat]
    seated = {s: n + 1 for n, s in enumerate(el.Seat)}
    hand, index, start = hands[2]
    assert jobs[8:12] == [o["job"] for o in owed_reviews(hand, index, start, seated, set(), "T2", "game 2", "bench")]


def test_tables_per_core_follow_the_cpu_measured_and_the_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    def measured(jobs: list[dict[str, Any]], worlds: int | None) -> tuple[list[float], list[int]]:
        return [0.25, 0.5, 0.75, 0.5] * (len(jobs) // 4), [4] * len(jobs)  # 2 s of CPU a hand

    monkeypatch.setattr(bench, "cpu_each", measured)
    monkeypatch.setenv("EUCHRE_BENCH_HAND_MINUTES", "3")
    seats, pace = bench.run(hands=2)
    rows = {r[0]: r[1:] for r in pace.rows}
    assert rows["a class: a hand per 3 min (assumed)"] == ("180", "1.11%", "90")
    assert rows["fast players: 1 min"] == ("60", "3.33%", "30")
    assert dict((r[0], r[1]) for r in seats.rows)["mean per hand (4 seats)"] == "2.000"
