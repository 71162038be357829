"""Issue 25's class table in four real browsers: the class server started with the command the
docs give (``euchre-learn class serve --db ... --port ...``), the teacher's page (a fifth
browser) adding four students and opening a table, two learners joining it from the notebook
widget in one JupyterLab (``el.table.join``) and two from the play app in Voilà
(``?join=CODE&server=...&class_token=...&seat=...``), a whole hand played by clicking, each seat
clicking its own legal bids and cards on its turn (no bot in any seat), then each learner's own
review in their own browser, and the teacher's page showing the table and the hand's result.

Every wait is bounded and says what it waited for; the browsers are driven one after another
from this one thread (only the seat whose turn it is has anything to click)."""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import nbformat
import pytest
import reportkit
from playwright.sync_api import Error as PlaywrightError

import euchre_learn as el

from . import browserkit as bk

WAIT = 300.0
"""The longest the hand (every click, and the four reviews after it) may take on a shared machine."""
SEATS = {"S": "lab", "W": "lab", "N": "voila", "E": "voila"}
"""Where each learner joins from: two notebooks in one JupyterLab, two play apps in one Voilà."""
NAMES = {"S": "Sam", "W": "Wen", "N": "Nia", "E": "Eli"}
LINK = re.compile(r"(http://127\.0\.0\.1:\d+/teacher\?token=\S+)")
CHOSE = re.compile(r"you chose (.+?)(?:;|\.\s|\.$)", re.M)
REVIEWED = re.compile(r"Review of your decisions: hand 1\b")
HAND_OVER = re.compile(r"Hand 1: ")
"""The seat's status line once hand 1 is over (until hand 2's first bid, which nobody makes here)."""


@dataclasses.dataclass
class ClassServer:
    url: str
    link: str
    db: Path
    proc: subprocess.Popen[bytes]
    log: Path


def serve_command(db: Path, port: int) -> list[str]:
    """``euchre-learn class serve --db DB --port PORT``, the command docs/class-server.md gives
    (the script beside this Python; ``python -m euchre_learn.classroom.cli`` where there is none)."""
    script = Path(sys.executable).with_name("euchre-learn")
    head = [str(script)] if script.exists() else [sys.executable, "-m", "euchre_learn.classroom.cli"]
    return [*head, "class", "serve", "--db", str(db), "--port", str(port)]


@pytest.fixture()
def class_server(chromium: str, tmp_path: Path) -> Iterator[ClassServer]:
    port = bk.free_port()
    db = tmp_path / "class.sqlite3"
    log = tmp_path / "class-serve.log"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(bk.ROOT), env.get("PYTHONPATH", "")) if p)
    env["PYTHONUNBUFFERED"] = "1"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            serve_command(db, port), env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 60
        while not (found := LINK.search(log.read_text(errors="replace"))):
            assert proc.poll() is None, f"euchre-learn class serve exited ({proc.returncode}):\n{bk.tail(log)}"
            assert time.monotonic() < deadline, f"euchre-learn class serve printed no teacher's link:\n{bk.tail(log)}"
            time.sleep(0.2)
        url = f"http://127.0.0.1:{port}"
        bk.wait_http(url + "/", proc, log, timeout=60)
        yield ClassServer(url=url, link=found.group(1), db=db, proc=proc, log=log)
    finally:
        bk.stop(proc)  # SIGTERM to its process group: the server and its reviewers' pool


@pytest.fixture()
def voila(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[bk.Server]:
    server = bk.start_voila(bk.ROOT / "apps" / "play.ipynb", tmp_path_factory.mktemp("four-voila-home"))
    yield server
    bk.stop(server.proc)


def add_students(teacher: Any, server: ClassServer) -> dict[str, str]:
    """The teacher adds the four learners on their page; each token is read where it is shown once."""
    tokens = {}
    for seat, name in NAMES.items():
        teacher.goto(f"{server.url}/teacher")
        teacher.get_by_label("Name").fill(name)
        teacher.get_by_role("button", name="Add a student").click()
        teacher.get_by_role("heading", name=f"{name} added").wait_for()
        tokens[seat] = teacher.locator("code").first.inner_text().strip()
    return tokens


def open_table(teacher: Any, server: ClassServer) -> str:
    teacher.goto(f"{server.url}/teacher")
    teacher.get_by_label("Rules").select_option("standard")
    teacher.get_by_role("button", name="Open a table").click()
    row = teacher.locator("table tr", has=teacher.get_by_role("button", name="Start"))
    row.wait_for()
    return str(row.locator("td b").first.inner_text().strip())


def join_notebook(browser: Any, lab: bk.Server, seat: str, code: str, server: ClassServer, token: str) -> Any:
    """A learner's JupyterLab (its own browser context) runs ``el.table.join`` in a notebook of its own."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(f"# {NAMES[seat]}'s seat at the class table"),
        nbformat.v4.new_code_cell(
            "import euchre_learn as el\n\n"
            f"el.table.join({code!r}, server={server.url!r}, token={token!r}, seat={seat!r})"
        ),
    ]
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    rel = f"fixtures/class_four_{seat}.ipynb"
    nbformat.write(nb, lab.root / rel)
    page = bk.new_page(browser)
    bk.open_notebook(page, lab, rel)
    bk.run_all_cells(page)
    return page


def join_app(browser: Any, voila: bk.Server, seat: str, code: str, server: ClassServer, token: str) -> Any:
    """A learner opens the play app's link with the table's code, the server and their token."""
    page = bk.new_page(browser)
    query = urlencode({"join": code, "server": server.url, "class_token": token, "seat": seat})
    page.goto(f"{voila.url}/?{query}", wait_until="domcontentloaded")
    page.get_by_text(f"Class table {code}").wait_for(timeout=120_000)
    return page


def seat_widget(page: Any) -> Any:
    return page.locator(".el-seat-widget").first


def bid_to_click(widget: Any) -> Any | None:
    """A bid button of this seat's turn: one that makes trump (not alone) when offered, so the
    hand is played out rather than thrown in; else the first (pass, in round 2)."""
    buttons = widget.locator(".widget-hbox button.mod-primary:not([disabled])")
    texts = buttons.all_inner_texts()
    if not texts:
        return None
    for i, text in enumerate(texts):
        if not re.search(r"^\s*pass\s*$|alone", text, re.I):
            return buttons.nth(i)
    return buttons.first


def wait_detached(page: Any, handle: Any, what: str) -> None:
    """The clicked control is gone: the widget redrew after the server took the action."""
    try:
        page.wait_for_function("e => !e.isConnected", arg=handle, timeout=30_000, polling=100)
    except Exception as err:
        raise AssertionError(f"{what}: the table did not move on within 30 s ({str(err)[:200]})") from None


def test_four_browsers_play_a_hand_at_one_class_table_and_each_sees_its_own_review(
    browser: Any, lab: bk.Server, class_server: ClassServer, voila: bk.Server
) -> None:
    started = time.monotonic()
    teacher = bk.new_page(browser)
    pages: dict[str, Any] = {}
    db = el_database(class_server)  # the server's own database: its log is the table's truth
    try:
        # the teacher's link, as printed: sets the cookie, drops the token from the address
        teacher.goto(class_server.link)
        teacher.get_by_role("heading", name=re.compile("the teacher's view")).wait_for()
        assert "token=" not in teacher.url
        tokens = add_students(teacher, class_server)
        code = open_table(teacher, class_server)

        for seat, where in SEATS.items():
            if where == "lab":
                pages[seat] = join_notebook(browser, lab, seat, code, class_server, tokens[seat])
            else:
                pages[seat] = join_app(browser, voila, seat, code, class_server, tokens[seat])
        for page in pages.values():
            seat_widget(page).get_by_text("Waiting for your teacher").wait_for(timeout=60_000)

        # the teacher sees the four learners seated, present, and starts the table
        teacher.goto(f"{class_server.url}/teacher")
        row = teacher.locator("table").first.locator("tr", has_text=code)
        for seat, name in NAMES.items():
            assert f"{seat}: {name} (here)" in row.inner_text(), row.inner_text()
        row.get_by_role("button", name="Start").click()
        teacher.locator("table").first.locator("tr", has_text=code).get_by_text("playing").wait_for()

        clicks = {seat: 0 for seat in SEATS}
        trace: list[str] = []  # what was clicked, when: said when a wait fails
        deadline = time.monotonic() + WAIT
        over: set[str] = set()  # the seats that know hand 1 is over: they click no more
        reviewed: set[str] = set()
        table = table_row(db, code)
        while reviewed != set(SEATS):
            left = [s for s in SEATS if s not in reviewed]
            assert time.monotonic() < deadline, (
                f"no review for {left} within {WAIT:g} s; clicks {clicks}; {trace[-8:]}:\n"
                + "\n---\n".join(f"{s}: {seat_widget(pages[s]).inner_text()[:1200]}" for s in left)
            )
            acted = False
            for seat, page in pages.items():
                widget = seat_widget(page)
                text = widget.inner_text()
                if REVIEWED.search(text):
                    reviewed.add(seat)
                if HAND_OVER.search(text) or seat in reviewed:
                    over.add(seat)
                if seat in over:
                    continue
                for other in "NESW".replace(seat, ""):  # only this seat's own cards are ever face up
                    assert widget.locator(f".el-seat-{other} .el-card[data-card]").count() == 0, (seat, other)
                cards = widget.locator(bk.FELT_CARDS)
                target = cards.last if cards.count() else bid_to_click(widget)
                if target is None:
                    continue
                handle = target.element_handle()
                # Hand 1 over, by the server's log, asked after the target was found: a target found
                # before hand 1 ended is hand 1's (only a click here ends it), one found after is
                # hand 2's. The felt's own "Hand 1: " is not enough: under load a seat can draw hand
                # 2's bids between our reading its status line and finding its buttons.
                if hand_one(db, table)[1].hands:
                    over = set(SEATS)
                    break
                what = f"{seat} clicked {target.get_attribute('aria-label') or target.inner_text()!r}"
                trace.append(f"{time.monotonic() - started:.1f} s: {what}")
                try:
                    handle.click()
                except PlaywrightError as err:  # the seat was redrawn (another seat moved) before the click
                    if "not attached" not in str(err):
                        raise
                    trace.append(f"{time.monotonic() - started:.1f} s: {seat}'s view redrawn first; looking again")
                    continue
                clicks[seat] += 1
                acted = True
                wait_detached(page, handle, f"{what} (after {trace[-6:-1]})")
                message = widget.locator("[role=alert]")
                assert message.count() == 0 or not message.inner_text().strip(), (
                    f"{what}: {message.inner_text()}; before: {trace[-6:-1]}\n{bk.tail(class_server.log)}"
                )
            if not acted:
                pages["S"].wait_for_timeout(200)  # the server moves the table on, or reviews the hand
        assert over == set(SEATS)

        # each learner's own review: its decisions, no other seat's
        hand1, game = hand_one(db, table)
        assert game.hands, f"hand 1 did not end in the server's log: {hand1}"
        for seat in SEATS:  # every action of hand 1 is a click of that seat's own learner: no bot played
            assert sum(1 for s, _ in hand1 if s == seat) == clicks[seat], (seat, clicks, hand1)
        result = game.hands[0]
        assert result.maker is not None and not result.thrown_in, "someone made trump: the hand was played out"

        accuracy: dict[str, str] = {}
        shown: dict[str, list[str]] = {}
        for seat, page in pages.items():
            panel = seat_widget(page).locator(".el-review-panel")
            assert panel.count() == 1, seat
            text = panel.inner_text()
            mine = {a for s, a in hand1 if s == seat}
            chosen = CHOSE.findall(text)
            assert set(chosen) <= mine, f"{seat}'s review shows decisions it did not make: {chosen} (its own: {mine})"
            shown[seat] = sorted(chosen)
            found = re.search(r"accuracy (\d+)", text)
            assert found, text
            accuracy[seat] = found.group(1)
            bk.screenshot(page, f"class_four_review_{seat}_{SEATS[seat]}")

        # the fifth browser: the teacher's page shows the table, its score and each learner's review
        teacher.goto(f"{class_server.url}/teacher")
        row_text = teacher.locator("table").first.locator("tr", has_text=code).inner_text()
        points = {team.name: int(v) for team, v in game.score.items()}  # the engine's replay of the log
        assert sum(points.values()) > 0, points
        assert f"NS {points['NS']} · EW {points['EW']}" in row_text, (row_text, points)
        assert re.search(r"hand 2\b", row_text), row_text
        students = teacher.locator("table", has_text="hands reviewed")
        for seat, name in NAMES.items():
            srow = students.locator("tr", has_text=name).inner_text()
            assert re.search(rf"{name}\s+1\s+{accuracy[seat]}\b", srow), (srow, accuracy[seat])
        flagged: dict[str, list[str]] = {name: [] for name in NAMES.values()}
        for tr in teacher.locator("table", has_text="coach's choice").locator("tr").all():
            cells = tr.locator("td").all_inner_texts()
            if cells and cells[0] in flagged:
                flagged[cells[0]].append(" ".join(cells[3].split()))
        for seat, name in NAMES.items():  # the decisions each learner was shown are the ones the server kept as theirs
            assert sorted(flagged[name]) == shown[seat], (seat, flagged[name], shown[seat])
        bk.screenshot(teacher, "class_four_teacher")
        for seat, page in pages.items():
            errors = [e for e in page.errors if e.startswith("page error") or re.search(r"widget|euchre", e, re.I)]
            assert errors == [], (seat, errors)
    finally:
        db.close()
        for page in [teacher, *pages.values()]:
            page.context.close()
        try:
            lab.shutdown_kernels()
        except OSError:
            pass
        for seat in SEATS:
            (lab.root / f"fixtures/class_four_{seat}.ipynb").unlink(missing_ok=True)
        reportkit.BROWSER_TIMES["four browsers at one class table"] = time.monotonic() - started


def el_database(server: ClassServer) -> Any:
    from euchre_learn.classroom.server import Database

    return Database(f"sqlite:///{server.db}")


def table_row(db: Any, code: str) -> tuple[int, el.Rules, Any, Any]:
    row = next(t for t in db.tables() if t["code"] == code)
    rules = dataclasses.replace(el.Rules.preset(row["preset"]), points_to_win=row["points_to_win"])
    return row["id"], rules, row["seed"], row["dealer"]


def hand_one(db: Any, table: tuple[int, el.Rules, Any, Any]) -> tuple[list[tuple[str, str]], el.Game]:
    """Hand 1's actions in the server's log (all of them, or so far), and the game replayed by
    the engine up to hand 1's end (``game.hands`` is empty while hand 1 is being played)."""
    row_id, rules, seed, dealer = table
    game = el.Game(rules, seed=seed, dealer=dealer)
    hand1: list[tuple[str, str]] = []
    for a in db.actions(row_id):
        if game.hands:  # hand 1 is over: the rest belongs to hand 2
            break
        game = game.apply(a["action"])
        hand1.append((a["seat"], a["action"]))
    return hand1, game
