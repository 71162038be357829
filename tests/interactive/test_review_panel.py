"""The table's review panel, driven without a browser: a hand at the table with South played by
the test, the review in the background, the flagged decisions worst first (never a forced move,
with the convention a decision breaks), "Try it again": a retry
whose position is the hand before the decision, retries in the store for Today's practice."""

from __future__ import annotations

import html
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

import euchre_learn as el
from euchre_learn.interactive.review_panel import RETRY_TOPIC, ReviewPanel, retry_question
from euchre_learn.interactive.review_panel_view import ReviewPanelView, flagged_html
from euchre_learn.interactive.table.model import Table
from euchre_learn.learner.progress import Progress
from euchre_learn.teaching.today import TodaysPractice


def _play_hand(t: Table, pick: int = -1) -> None:
    """South (the test) always takes its last legal action: loners, last cards, often costly."""
    while not t.hand_over:
        t.run_bots()
        if t.is_human_turn:
            acts = t.legal_actions()
            t.act(acts[pick % len(acts)])


def _panel_with_mistakes(tmp_path: Path) -> tuple[Table, ReviewPanel]:
    for seed in range(40):
        t = Table(humans="S", seed=seed, dealer="N")
        t.on_hand_end.clear()  # no saving here: test_saved_games checks that
        panel = ReviewPanel(t, progress=Progress(tmp_path / f"l{seed}.sqlite3"))
        _play_hand(t)
        panel.wait()
        if len(panel.costly()) >= 2:
            return t, panel
        panel.close()
    raise AssertionError("no seed gave two costly decisions")


def test_the_review_completes_and_lists_the_costly_decisions_worst_first(tmp_path: Path) -> None:
    t, panel = _panel_with_mistakes(tmp_path)
    job = panel.latest
    assert job is not None and job.state == "done" and job.done == job.total > 0
    assert job.total == sum(1 for e in t.log if e.seat == el.Seat.S)
    rev = job.review
    assert rev is not None and rev.is_game  # the score before the hand was known: graded by the chance to win
    costly = panel.costly()
    assert all(d.grade not in ("best", "good") and d.seat == el.Seat.S for d in costly)
    losses = [d.win_loss for d in costly]
    assert losses == sorted(losses, reverse=True)  # type: ignore[type-var]
    # the review is what el.review says of the saved record, with the same seed
    again = el.review(job.record, seat="S")
    assert [d.grade for d in again.decisions] == [d.grade for d in rev.decisions]
    panel.close()


def test_the_panel_lists_the_flagged_decisions_never_a_forced_one(tmp_path: Path) -> None:
    _t, panel = _panel_with_mistakes(tmp_path)
    job = panel.latest
    assert job is not None and job.review is not None
    flagged = panel.flagged()
    assert not any(d.forced for d in flagged)
    assert set(panel.costly()) <= set(flagged)  # every costly decision, and the conventions broken
    assert all(d.grade not in ("best", "good") or d.convention is not None for d in flagged)
    losses = [d.win_loss for d in flagged]
    assert losses == sorted(losses, reverse=True)  # type: ignore[type-var]
    view = ReviewPanelView(panel)
    rows = [row.children[1].value for row in view.items.children]
    assert len(rows) == len(flagged)
    for d, row in zip(flagged, rows, strict=True):
        assert ("★ best" in row) == (d.grade == "best")
        if d.grade == "best":  # shown only for the convention it breaks, said with it
            assert "rule of thumb" in row.lower()
    panel.close()


def test_a_flagged_row_says_the_convention_broken(tmp_path: Path) -> None:
    rev = el.review(el.examples.hand("trumping-partners-winner"), seat="S", worlds=8, seed=1)
    with_rule = [d for d in rev.flagged() if d.convention is not None]
    assert with_rule, "the example breaks 'don't trump partner's winning card'"
    d = with_rule[0]
    row = flagged_html(d)
    assert "ule of thumb" in row and row.count(html.escape(d.convention)) == 1  # type: ignore[arg-type]  # said once
    assert ("better:" in row) == (d.grade != "best")
    forced = [x for x in rev.decisions if x.forced]
    assert not set(forced) & set(rev.flagged())


def test_back_to_gives_a_retry_at_the_hand_before_the_decision(tmp_path: Path) -> None:
    t, panel = _panel_with_mistakes(tmp_path)
    worst = panel.costly()[0]
    retry = panel.back_to(worst)
    before = el.replay(dict(t.hand.to_record(), actions=[]))  # the deal, then the table's own log
    for entry in t.log[: worst.index]:
        before = before.apply(entry.action)
    assert retry.position == before and retry.position.to_act == el.Seat.S
    # a miss, then a second miss shows the answer; the retry is kept and scheduled
    wrong = [a for a in retry.position.legal_actions() if worst.grade_of(a) not in ("best", "good")]
    fb = retry.attempt(wrong[0])
    assert not fb.correct and not fb.revealed
    fb = retry.attempt(wrong[0])
    assert fb.revealed and retry.answer == worst.best
    (result,) = panel.retry_results
    store = panel.progress.store
    assert result.key in store.retries()
    item = panel.progress.store.cards("retry")
    assert [c.key for c in item] == [result.key]
    assert panel.progress.stats(RETRY_TOPIC).answered == 1
    panel.close()


def test_todays_practice_serves_the_retry_once_due(tmp_path: Path) -> None:
    _t, panel = _panel_with_mistakes(tmp_path)
    d = panel.costly()[0]
    retry = panel.back_to(d)
    bad = next(a for a in retry.position.legal_actions() if d.grade_of(a) not in ("best", "good"))
    retry.attempt(bad)
    retry.attempt(bad)
    key = panel.retry_results[0].key
    later = datetime.now(timezone.utc) + timedelta(days=2)
    today = TodaysPractice(["scoring"], progress=panel.progress, seed=1, clock=lambda: later)
    assert today.item == ("retry", key) and today.source == "due"
    q = today.question
    assert q.answer == (str(d.best.card) if d.best.card is not None else q.answer)
    assert today.answer(q.answer).correct
    panel.close()


def test_a_retry_question_names_no_hidden_card(tmp_path: Path) -> None:
    _t, panel = _panel_with_mistakes(tmp_path)
    for d in panel.costly():
        q = retry_question(d)
        mine = {str(c) for c in d.position.holding(d.seat)}
        hidden = {str(c) for s in el.Seat if s != d.seat for c in d.position.holding(s)}
        hidden -= mine
        trick = d.position.current_trick
        shown = {str(c) for c in (trick.cards if trick else ())}
        if d.position.phase.value.startswith("bidding"):
            shown.add(str(d.position.upcard))
        for card in hidden - shown:
            assert f" {card}" not in q.prompt, (card, q.prompt)
        assert q.check(q.answer).correct and set(q.choices) >= {q.answer}
    panel.close()


def test_the_table_takes_actions_while_the_review_runs(tmp_path: Path) -> None:
    gate = threading.Event()
    started = threading.Event()

    def slow_review(*args: object, **kwargs: object) -> el.Review:
        started.set()
        assert gate.wait(30)
        return el.review(*args, **kwargs)  # type: ignore[arg-type]

    t = Table(humans="S", seed=2, dealer="N")
    t.on_hand_end.clear()
    panel = ReviewPanel(t, worlds=2, review_fn=slow_review, progress=Progress(tmp_path / "l.sqlite3"))
    _play_hand(t, pick=0)
    assert started.wait(10)
    job = panel.latest
    assert job is not None and job.state == "running" and panel.busy
    t.next_hand()  # the table goes on while the review waits
    moved = t.run_bots()
    if t.is_human_turn:
        t.act(t.legal_actions()[0])
    assert moved or t.log
    assert job.state == "running"
    gate.set()
    panel.wait()
    assert job.state == "done" and not panel.busy
    panel.close()


def test_a_failed_review_is_shown_and_the_table_plays_on(tmp_path: Path) -> None:
    def broken(*_a: object, **_k: object) -> el.Review:
        raise RuntimeError("no worlds today")

    t = Table(humans="S", seed=2, dealer="N")
    t.on_hand_end.clear()
    panel = ReviewPanel(t, review_fn=broken)
    _play_hand(t, pick=0)
    job = panel.wait()
    assert job is not None and job.state == "failed" and "no worlds today" in job.progress_text
    t.next_hand()
    panel.close()


def test_after_a_game_its_accuracy_and_turning_points(tmp_path: Path) -> None:
    t = Table(el.Rules.preset("standard").replace(points_to_win=5), humans="S", seed=7, dealer="N")
    t.on_hand_end.clear()
    panel = ReviewPanel(t, worlds=2, progress=Progress(tmp_path / "l.sqlite3"))
    while True:
        _play_hand(t)
        if t.game_over:
            break
        t.next_hand()
    panel.wait()
    rev = panel.game_review()
    assert rev is not None and len(rev.hands) == len(t.game.hands) and 0 <= rev.accuracy <= 100
    tps = panel.turning_points()
    assert 1 <= len(tps) <= 3
    swings = [abs(tp.swing) for tp in tps]
    assert swings == sorted(swings, reverse=True)
    assert all(0 <= tp.before <= 1 and 0 <= tp.after <= 1 for tp in tps)
    assert "your chance to win went from" in str(tps[0])
    panel.close()


def test_the_view_shows_progress_then_the_list_with_back_to_buttons(tmp_path: Path) -> None:
    _t, panel = _panel_with_mistakes(tmp_path)
    view = ReviewPanelView(panel)
    assert view.widget.layout.display == ""
    to_retry = [d for d in panel.flagged() if d.grade != "best"]  # a 'best' row has nothing better to find
    assert len(view.back_buttons) == len(to_retry) >= 2
    assert len(view.items.children) == len(panel.flagged())
    assert "graded" in view.bar_text.value
    view.back_buttons[0].click()
    retry = view.retry
    assert retry is not None and retry.decision == to_retry[0]
    labels = [b.description for b in view.retry_buttons]
    assert len(labels) == len(retry.position.legal_actions())
    best = retry.decision.best
    view.retry_buttons[list(retry.position.legal_actions()).index(best)].click()
    assert retry.solved and "best choice" in view.retry_feedback.value
    assert all(b.disabled for b in view.retry_buttons)
    panel.close()


def test_a_retry_belongs_to_its_hand_and_its_button_is_not_the_tables_back_to(tmp_path: Path) -> None:
    t, panel = _panel_with_mistakes(tmp_path)
    view = ReviewPanelView(panel)
    # "Back to:" is the table's menu that rewinds the hand in play; the review's button replays a decision
    assert {b.description for b in view.back_buttons} == {"Try it again"}
    view.back_buttons[0].click()
    assert view.retry is not None and view.retry_box.children
    first = panel.latest
    t.next_hand()
    _play_hand(t)
    panel.wait()
    assert panel.latest is not first
    view.refresh()
    assert "hand 2" in view.title.value
    assert view.retry is None and view.retry_box.children == ()  # hand 1's "Try again" is gone
    panel.close()


def test_the_table_widget_shows_the_panel_below_the_table(tmp_path: Path) -> None:
    from euchre_learn.interactive.table.widget import TableWidget

    w = TableWidget(Table(humans="S", seed=3), delay=0, review=True)
    assert w.review_panel is not None and w.children[-1] is w.review_panel.widget
    assert w.review_panel.widget.layout.display == "none"  # nothing until a hand ends
    assert TableWidget(Table(humans="S", seed=3), delay=0).review_panel is None
    w.review_panel.panel.close()


def test_nobody_to_review_at_a_table_of_bots() -> None:
    t = Table(humans=[], seed=2, dealer="S")
    panel = ReviewPanel(t)
    t.run_bots()
    assert panel.latest is None and panel.costly() == () and panel.seats == ()
    panel.close()
    assert panel.hand_ended not in t.on_hand_end


def test_seats_must_be_seats() -> None:
    with pytest.raises(ValueError):
        ReviewPanel(Table(humans="S", seed=1), seats=["Q"])


class _NoThreads(ThreadPoolExecutor):
    def submit(self, *_a: object, **_k: object) -> Future:  # type: ignore[override]
        raise RuntimeError("can't start new thread")


def test_without_threads_the_review_runs_at_once(tmp_path: Path) -> None:
    """JupyterLite's Python has no threads: the panel reviews the hand as it ends instead."""
    t = Table(humans="S", seed=2, dealer="N")
    t.on_hand_end.clear()
    panel = ReviewPanel(t, worlds=2, executor=_NoThreads())
    _play_hand(t, pick=0)
    job = panel.latest
    assert job is not None and job.state == "done" and job.future is None
    assert panel.wait() is job
    t.next_hand()


def test_after_a_game_the_view_shows_its_accuracy_and_turning_points(tmp_path: Path) -> None:
    t = Table(el.Rules.preset("standard").replace(points_to_win=5), humans="S", seed=7, dealer="N")
    t.on_hand_end.clear()
    panel = ReviewPanel(t, worlds=2, progress=Progress(tmp_path / "l.sqlite3"))
    view = ReviewPanelView(panel)
    while True:
        _play_hand(t)
        if t.game_over:
            break
        t.next_hand()
    panel.wait()
    view.refresh()
    rev = panel.game_review()
    assert rev is not None
    assert f"The game: accuracy {rev.accuracy:.0f}" in view.summary.value
    assert "Turning points" in view.summary.value and "your chance to win went from" in view.summary.value
    panel.close()


def test_at_a_hot_seat_every_learner_is_reviewed(tmp_path: Path) -> None:
    t = Table(humans="NS", seed=3, dealer="E")
    t.on_hand_end.clear()
    panel = ReviewPanel(t, worlds=2, progress=Progress(tmp_path / "l.sqlite3"))
    _play_hand(t, pick=0)
    job = panel.wait()
    assert job is not None and job.review is not None and job.done == job.total
    rev = job.review
    assert {d.seat for d in rev.decisions} == {el.Seat.N, el.Seat.S} and len(rev.hands) == 1
    assert [d.index for d in rev.decisions] == sorted(d.index for d in rev.decisions)
    assert set(rev.accuracy) == {el.Seat.N, el.Seat.S}
    panel.close()


def test_the_learners_decisions_land_in_the_store_with_their_situation(tmp_path: Path) -> None:
    """Each of the learner's decisions graded at the table (not the forced ones) is kept in the
    store with its situation's key and family, its grade and loss, once (issue 23)."""
    from euchre_learn.analysis.situation import situation
    from euchre_learn.interactive.table.saver import GameSaver
    from euchre_learn.learner.store import Store

    path = tmp_path / "l.sqlite3"
    t = Table(humans="S", seed=3, dealer="N")
    saver = GameSaver(Store(path))
    t.on_hand_end[:] = [saver]
    panel = ReviewPanel(t, progress=Progress(path))
    _play_hand(t)
    job = panel.wait()
    assert job is not None and job.review is not None
    graded = [d for d in job.review.decisions if not d.forced]
    rows = Store(path).decisions()
    assert graded and len(rows) == len(graded)
    for d, row in zip(graded, rows, strict=True):
        sit = situation(d.position)
        assert (row.situation, row.family) == (sit.key, sit.family)
        assert (row.grade, row.loss, row.action, row.best) == (d.grade, d.loss, str(d.action), str(d.best))
        assert (row.game, row.hand, row.index, row.seat) == (saver.last_id, 0, d.index, "S")
    panel.hand_ended(t)  # the same hand reviewed again keeps each decision once
    panel.wait()
    assert len(Store(path).decisions()) == len(graded)
    panel.close()


def test_a_table_of_bots_keeps_no_decisions(tmp_path: Path) -> None:
    t = Table(humans=[], seed=2, dealer="S")
    panel = ReviewPanel(t, progress=Progress(tmp_path / "l.sqlite3"))
    t.run_bots()
    assert panel.wait() is None and panel.progress.store.decisions() == []


def test_a_turning_point_names_the_bid_as_the_table_does() -> None:
    """The dealer's partner assists at the table (R3.1): the turning point says 'assist', not
    'order up' (issue 34, item 9)."""
    from euchre_learn.interactive.review_panel import TurningPoint

    hand = el.Hand.from_cards(
        "N",
        {"N": "9♠ 10♠ J♥ Q♦ A♣", "E": "K♥ 9♥ A♦ K♣ 10♣", "S": "Q♠ K♠ A♠ 9♣ Q♣", "W": "J♠ J♣ Q♥ K♦ 10♦"},
        upcard="10♥",
    )
    hand = hand.apply("pass")  # East passes: South, the dealer's partner, is to act
    from euchre_learn.analysis.review.run import review_decision

    d = review_decision(hand, "order up", worlds=4, seed=1)
    said = str(TurningPoint(0, 0.5, 0.3, "", d))
    assert "Your costliest decision: assist (" in said and "order up" not in said
