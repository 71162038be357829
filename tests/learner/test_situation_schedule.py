"""The situation schedule (euchre_learn.learner.situation_schedule): one FSRS card per situation,
worked out from the answers kept in the store; property tests on FSRS's order and on the store."""

from __future__ import annotations

import multiprocessing
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_learn.learner.progress import Progress
from euchre_learn.learner.schedule import AGAIN, EASY, GOOD, HARD, replay
from euchre_learn.learner.situation_schedule import MASTERY, Attempt, SituationSchedule, cards_of
from euchre_learn.learner.store import AddDecision, Store, StoreWarning

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
KEYS = ("bid1.eldest", "bid2.dealer.stuck", "play.maker.lead1", "play.defender.last.side.opp.void-trump.win")

ratings = st.sampled_from((AGAIN, HARD, GOOD, EASY))
gaps = st.floats(min_value=0.0, max_value=40 * 86400.0, allow_nan=False)
histories = st.lists(st.tuples(ratings, gaps), max_size=8)
answers = st.lists(st.tuples(st.sampled_from(KEYS), st.booleans(), gaps), max_size=12)


def _timeline(history: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """(rating, gap) pairs as (rating, time), times rising from T0."""
    at = T0.timestamp()
    out = []
    for grade, gap in history:
        at += gap
        out.append((grade, at))
    return out


def _attempts(rows: list[tuple[str, bool, float]]) -> list[Attempt]:
    at = T0.timestamp()
    out = []
    for n, (key, ok, gap) in enumerate(rows):
        at += gap
        out.append(Attempt(key, key.split(".")[0], ok, at, f"s{n}"))
    return out


def _decision(index: int, grade: str, *, at: float, key: str = KEYS[3], convention: str = "") -> AddDecision:
    return AddDecision(
        "g1", 0, index, "S", key, "follow-defenders", "play 9♣", "play J♠", grade, 0.5, at=at, convention=convention
    )


# --- FSRS's order, as the schedule uses it ---------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(histories, ratings, ratings, st.floats(min_value=0.0, max_value=30 * 86400.0))
def test_due_dates_rise_with_the_rating(history: list[tuple[int, float]], r1: int, r2: int, gap: float) -> None:
    low, high = sorted((r1, r2))
    past = _timeline(history)
    at = (past[-1][1] if past else T0.timestamp()) + gap
    lo, hi = replay([*past, (low, at)]), replay([*past, (high, at)])
    assert lo is not None and hi is not None
    assert lo[1] <= hi[1]


@settings(max_examples=60, deadline=None)
@given(answers, st.sampled_from(KEYS), gaps)
def test_a_wrong_answer_comes_back_sooner_than_a_right_one(
    rows: list[tuple[str, bool, float]], key: str, gap: float
) -> None:
    past = _attempts(rows)
    at = (past[-1].at if past else T0.timestamp()) + gap
    now = datetime.fromtimestamp(at, timezone.utc)
    wrong = cards_of([*past, Attempt(key, "f", False, at, "last")], now)[key]
    right = cards_of([*past, Attempt(key, "f", True, at, "last")], now)[key]
    assert wrong.due < right.due
    assert wrong.mistake and not right.mistake
    assert wrong.due <= now + timedelta(minutes=10)  # Again: back within minutes


@settings(max_examples=40, deadline=None)
@given(answers, st.floats(min_value=0.0, max_value=200 * 86400.0))
def test_nothing_due_is_skipped_and_mastery_is_three_in_a_row(
    rows: list[tuple[str, bool, float]], later: float
) -> None:
    past = _attempts(rows)
    now = datetime.fromtimestamp(T0.timestamp() + sum(g for *_x, g in rows) + later, timezone.utc)
    cards = cards_of(past, now)
    assert set(cards) == {a.key for a in past}
    for key, card in cards.items():
        run = [a.correct for a in past if a.key == key]
        in_a_row = len(run) - (max(i for i, ok in enumerate(run) if not ok) + 1 if not all(run) else 0)
        assert card.in_a_row == in_a_row and card.mastered == (in_a_row >= MASTERY)
        assert (card.mastered_at is not None) == card.mastered
        assert card.answers == len(run) and card.right == sum(run)


@settings(max_examples=25, deadline=None)
@given(answers, st.integers(min_value=0, max_value=11))
def test_recording_is_idempotent_and_a_restart_loses_nothing(rows: list[tuple[str, bool, float]], again: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "learner.sqlite3"
        first, second = Store(path), Store(path)  # two processes' stores on one file
        for n, a in enumerate(_attempts(rows)):
            store = first if n % 2 else second
            sched = SituationSchedule(store)
            at = datetime.fromtimestamp(a.at, timezone.utc)
            sched.record(a.key, a.family, a.correct, source=a.source, at=at)
            if n == again:  # the same answer written again counts once
                sched.record(a.key, a.family, a.correct, source=a.source, at=at)
        now = T0 + timedelta(days=400)
        want = cards_of(_attempts(rows), now)
        for store in (first, second, Store(path)):
            got = {c.key: c for c in SituationSchedule(store).cards(now)}
            assert got == want
        first.close()
        second.close()


# --- the store's answers and decisions ----------------------------------------------------------------


def test_a_flagged_decision_at_the_table_brings_its_situation_back(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    t = T0.timestamp()
    Store(path).write(
        _decision(1, "best", at=t, key=KEYS[0]),
        _decision(2, "mistake", at=t + 1),
        _decision(3, "best", at=t + 2, key=KEYS[2], convention="Lead trump when your side made it."),
    )
    s = SituationSchedule(path, clock=lambda: T0 + timedelta(minutes=15))
    due = s.due()
    # the mistake and the broken convention are flagged, and come first; the best move is right
    assert {c.key for c in due[:2]} == {KEYS[3], KEYS[2]} and all(c.mistake for c in due[:2])
    assert [c.key for c in due[2:]] == [KEYS[0]] and not due[2].mistake
    card = s.card(KEYS[3])
    assert card is not None and card.loss == 0.5 and not card.mastered
    for minutes in (20, 40, 60):  # three deals of the situation answered right
        s.record(KEYS[3], "follow-defenders", True, at=T0 + timedelta(minutes=minutes))
    card = s.card(KEYS[3])
    assert card is not None and card.mastered and card.mastered_at == T0 + timedelta(minutes=60)
    assert [c.key for c in s.mastered()] == [KEYS[3]]
    assert {c.key: c for c in SituationSchedule(Store(path)).cards(T0)} == {c.key: c for c in s.cards(T0)}


def test_progress_files_an_answer_under_its_situation_in_the_same_write(tmp_path: Path) -> None:
    p = Progress(tmp_path / "learner.sqlite3")
    p.record("puzzle", False, item=("puzzle", "p1"), situation=(KEYS[2], "lead-makers"), at=T0.timestamp())
    p.record("situation", True, item=("situation", KEYS[2]), situation=(KEYS[2], "lead-makers"), at=T0.timestamp() + 60)
    assert [c.kind for c in p.store.cards()] == ["puzzle"]  # a situation item has no card of its own
    card = SituationSchedule(p).card(KEYS[2], T0)
    assert card is not None and (card.answers, card.right) == (2, 1)
    assert p.stats("situation").answered == 1


def test_bad_keys_are_refused_with_their_name(tmp_path: Path) -> None:
    s = SituationSchedule(tmp_path / "learner.sqlite3")
    with pytest.raises(ValueError, match="family"):
        s.record("bid1.eldest", "", True)


def test_a_damaged_store_is_set_aside_and_the_schedule_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "learner.sqlite3"
    path.write_bytes(b"not a database at all" * 50)
    with pytest.warns(StoreWarning):
        s = SituationSchedule(Store(path), clock=lambda: T0)
    assert any("could not be used" in w for w in s.store.warnings)
    assert list(tmp_path.glob("learner.sqlite3.corrupt-*"))  # the damaged file is kept aside
    s.record(KEYS[0], "bid1", False)
    assert [c.key for c in SituationSchedule(Store(path)).cards(T0)] == [KEYS[0]]


def _writer(path: str, who: int, n: int) -> None:
    s = SituationSchedule(Store(path))
    for i in range(n):
        s.record(
            KEYS[i % len(KEYS)],
            "f",
            bool((i + who) % 2),
            source=f"w{who}/{i}",
            at=T0 + timedelta(seconds=who * 1000 + i),
        )


def test_four_writers_at_once_lose_nothing(tmp_path: Path) -> None:
    path = str(tmp_path / "learner.sqlite3")
    Store(path).close()
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(path, who, 15)) for who in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert all(p.exitcode == 0 for p in procs)
    rows = Store(path).situation_answers()
    assert sorted(r.source for r in rows) == sorted(f"w{w}/{i}" for w in range(4) for i in range(15))
    assert sum(c.answers for c in SituationSchedule(path).cards(T0)) == 60


def test_without_sqlite3_the_situations_are_kept_for_the_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from euchre_learn.learner import store as store_module

    monkeypatch.setattr(store_module, "sqlite3", None)
    with pytest.warns(StoreWarning):
        s = SituationSchedule(Store(tmp_path / "learner.sqlite3"), clock=lambda: T0)
    s.record(KEYS[0], "bid1", False, source="x")
    s.record(KEYS[0], "bid1", False, source="x")  # the same source once, in memory too
    s.store.write(_decision(1, "blunder", at=T0.timestamp()))
    assert sorted((c.key, c.answers) for c in s.cards()) == [(KEYS[0], 1), (KEYS[3], 1)]


def test_without_fsrs_a_mistake_is_due_at_once_and_a_right_answer_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from euchre_learn.learner import schedule as schedule_module

    monkeypatch.setattr(schedule_module, "available", lambda: False)
    s = SituationSchedule(tmp_path / "learner.sqlite3", clock=lambda: T0)
    s.record(KEYS[0], "bid1", False)
    s.record(KEYS[1], "bid2", True)
    assert [c.key for c in s.due()] == [KEYS[0]]
    card = s.card(KEYS[1])
    assert card is not None and card.state == "unscheduled" and card.due == T0 + timedelta(days=1)
