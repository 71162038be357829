"""The teacher's page and the CSV export, as plain HTML and text (no template engine: every
value goes through :func:`html.escape`, and the page works without JavaScript).

>>> rows = [{'student': 'Ann', 'topic': 'bowers', 'family': None, 'answered': 4, 'correct': 1,
...          'first': 0.0, 'last': 60.0, 'source': 'self-reported'}]
>>> print(progress_csv(rows).splitlines()[1])
Ann,bowers,,4,1,25%,1970-01-01T00:00:00Z,1970-01-01T00:01:00Z,self-reported
>>> [s['student'] for s in struggling(rows)]
['Ann']
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any
from urllib.parse import quote

from euchre_learn import Rules

__all__ = [
    "STRUGGLING_BELOW",
    "home_page",
    "join_page",
    "learner_page",
    "message_page",
    "progress_csv",
    "struggling",
    "student_added_page",
    "teacher_page",
]

STRUGGLING_BELOW = 0.6
"""A learner is struggling with a topic when fewer than this share of at least
:data:`STRUGGLING_MIN` answers is right."""
STRUGGLING_MIN = 3

_STYLE = """
<style>
body{font-family:system-ui,sans-serif;margin:1.5em;max-width:70em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}
th,td{border:1px solid #bbb;padding:.25em .6em;text-align:left}
th{background:#eee} .low{font-weight:bold} .muted{color:#666}
form{display:inline-block;margin:.3em 1em .3em 0} code{background:#f3f3f3;padding:0 .2em}
</style>
"""


def _page(title: str, body: str) -> str:
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>{_STYLE}'
        f"</head><body><h1>{escape(title)}</h1>{body}</body></html>"
    )


def _time(t: float | None) -> str:
    if t is None:
        return ""
    return dt.datetime.fromtimestamp(t, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def home_page() -> str:
    return _page(
        "Euchre class server",
        "<p>Learners join a table from a notebook with <code>el.table.join(code)</code>, "
        "using the token their teacher gave them. Teachers open the link printed by "
        "<code>euchre-learn class serve</code>.</p>",
    )


def learner_page(name: str) -> str:
    """What a learner signed in with the hub sees at the server's address."""
    return _page(
        "Euchre class server",
        f"<p>Signed in with the hub as <b>{escape(name)}</b>, a learner in this class.</p>"
        "<p>Join a table from a notebook on this hub with the table's code (your teacher shows it): "
        "<code>el.table.join(\"K7QBX\")</code>. No token is needed: the notebook signs you in as you.</p>",
    )


def message_page(text: str, root: str = "") -> str:
    """A short message, with a link back to the teacher's page (``root``: the server's prefix)."""
    return _page(
        "Euchre class server", f'<p role="alert">{escape(text)}</p><p><a href="{escape(root)}/teacher">Back</a></p>'
    )


def student_added_page(name: str, token: str, base_url: str, root: str = "") -> str:
    return _page(
        f"{name} added",
        f"<p>Give {escape(name)} this token (it is shown only now; a new one can be made later):</p>"
        f"<p><code>{escape(token)}</code></p>"
        f"<p>In a notebook: <code>el.table.join(code, server={escape(base_url)!r}, token=...)</code></p>"
        f'<p><a href="{escape(root)}/teacher">Back to the class</a></p>',
    )


def join_page(name: str, token: str, base_url: str, tables: Sequence[Mapping[str, Any]]) -> str:
    """A learner's own link (``/join?token=...``): the tables open in their class and the line
    that sits them at one (which links their progress to the class too)."""
    rows = []
    for t in tables:
        line = f"el.table.join({t['code']!r}, server={base_url!r}, token={token!r})"
        state = str(t["status"]) + (f" ({t['paused']})" if t.get("paused") else "")
        rows.append(
            f"<tr><td><b>{escape(str(t['code']))}</b></td><td>{escape(state)}</td>"
            f"<td><code>{escape(line)}</code></td></tr>"
        )
    listing = (
        "<table><tr><th>table</th><th>now</th><th>in a notebook</th></tr>" + "".join(rows) + "</table>"
        if rows
        else '<p class="muted">No table is open yet: your teacher will open one. Keep this link.</p>'
    )
    return _page(
        f"Hello, {name}",
        f"<p>You are <b>{escape(name)}</b> in this class. Keep this link to yourself: it signs you in.</p>"
        f"<h2>Tables</h2>{listing}"
        "<p>Run the line in a notebook (<code>import euchre_learn as el</code> first): you sit at the table, and "
        "your answers from then on go to your teacher's page too. Or in a terminal, for your answers alone: "
        f"<code>euchre-learn progress join-class --server {escape(base_url)} --token={escape(token)}</code></p>",
    )


def struggling(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The (student, topic) rows with at least :data:`STRUGGLING_MIN` answers of which fewer
    than :data:`STRUGGLING_BELOW` are right, worst first."""
    totals: dict[tuple[str, str], list[int]] = {}
    for r in rows:
        t = totals.setdefault((r["student"], r["topic"]), [0, 0])
        t[0] += int(r["answered"])
        t[1] += int(r["correct"] or 0)
    out = [
        {"student": s, "topic": topic, "answered": a, "correct": c, "share": c / a}
        for (s, topic), (a, c) in totals.items()
        if a >= STRUGGLING_MIN and c / a < STRUGGLING_BELOW
    ]
    return sorted(out, key=lambda r: (r["share"], r["student"], r["topic"]))


def progress_csv(rows: Iterable[Mapping[str, Any]]) -> str:
    """The progress rows as CSV: student, topic, family, answered, correct, share, first, last,
    source (self-reported, or graded by the server)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["student", "topic", "family", "answered", "correct", "share", "first", "last", "source"])
    for r in rows:
        a, c = int(r["answered"]), int(r["correct"] or 0)
        w.writerow(
            [
                r["student"],
                r["topic"],
                r["family"] or "",
                a,
                c,
                f"{c / a:.0%}" if a else "",
                _time(r["first"]),
                _time(r["last"]),
                r.get("source", ""),
            ]
        )
    return buf.getvalue()


def _players(players: Mapping[str, Mapping[str, Any]]) -> str:
    parts = []
    for seat, p in players.items():
        if p["kind"] == "bot":
            parts.append(f"{seat}: {escape(str(p['name']))} bot")
        else:
            state = "here" if p.get("present") else "away"
            if p.get("bot_playing"):
                state += ", bot playing"
            parts.append(f"{seat}: {escape(str(p['name']))} ({state})")
    return " · ".join(parts)


def _coach_choice(d: Mapping[str, Any]) -> str:
    """The coach's choice, or "the same" where the student played it (a decision flagged only for
    breaking a rule of thumb)."""
    return '<span class="muted">the same</span>' if d["best"] == d["action"] else escape(str(d["best"]))


def _grade_cell(d: Mapping[str, Any]) -> str:
    """The grade, saying so when a decision graded best or good is listed for breaking a rule of thumb."""
    grade = escape(str(d["grade"]))
    return f"{grade}, but breaks a rule of thumb" if d.get("convention") and d["grade"] in ("best", "good") else grade


def _tables_section(tables: Sequence[Mapping[str, Any]], root: str) -> str:
    """The tables in play with their buttons, and the form that opens one."""
    rows = []
    for t in tables:
        buttons = {"waiting": ["start", "close"], "playing": ["pause", "close"], "paused": ["resume", "close"]}
        sure = {
            "close": f" onsubmit=\"return confirm('Close table {escape(t['code'])}? Nothing more is played there.')\""
        }
        forms = "".join(
            f'<form method="post" action="{root}/teacher/tables/{escape(t["code"])}/{op}"{sure.get(op, "")}>'
            f"<button>{op.capitalize()}</button></form>"
            for op in buttons.get(str(t["status"]), ["close"] if t["status"] != "closed" else [])
        )
        state = escape(str(t["status"])) + (f" ({escape(str(t['paused']))})" if t.get("paused") else "")
        rows.append(
            f"<tr><td><b>{escape(t['code'])}</b></td><td>{escape(t['preset'])}, to {t['points_to_win']}</td>"
            f"<td>{state} {forms}</td><td>hand {t['hand']}</td>"
            f"<td>NS {t['score']['NS']} · EW {t['score']['EW']}</td><td>{_players(t['players'])}</td></tr>"
        )
    table_html = (
        "<table><tr><th>code</th><th>rules</th><th>status</th><th>hand</th><th>score</th><th>seats</th></tr>"
        + "".join(rows)
        + "</table>"
        if rows
        else '<p class="muted">No tables yet.</p>'
    )
    presets = "".join(f"<option>{escape(p)}</option>" for p in Rules.menu_presets())
    open_form = (
        f'<form method="post" action="{root}/teacher/tables">'
        f'<label>Rules <select name="preset">{presets}</select></label> '
        '<label>Points <input name="points" size="3" placeholder="10"></label> '
        '<label>Bots <select name="bot"><option>beginner</option><option selected>standard</option>'
        "<option>expert</option><option>random</option></select></label> "
        "<button>Open a table</button></form>"
    )
    return table_html + open_form


def _students_section(students: Sequence[Mapping[str, Any]], reviews: Sequence[Mapping[str, Any]], root: str) -> str:
    """The students with their table reviews, and the forms that add one or a roster."""
    review_by = {r["student"]: r for r in reviews}
    srows = []
    for s in students:
        r = review_by.get(s["name"])
        acc = "" if r is None or r["accuracy"] is None else f"{r['accuracy']:.0f}"
        remove = (
            f'<form method="post" action="{root}/teacher/students/{escape(quote(s["name"], safe=""))}/remove"'
            " onsubmit=\"return confirm('Take this student out of the class? Their token, answers and reviews "
            "go.')\">"
            f'<button title="take {escape(s["name"])} out of the class">Remove</button></form>'
        )
        srows.append(
            f"<tr><td>{escape(s['name'])}</td><td>{'' if r is None else r['hands']}</td>"
            f"<td>{acc}</td><td>{'' if r is None else r['flagged']}</td><td>{remove}</td></tr>"
        )
    students_html = (
        "<table><tr><th>student</th><th>hands reviewed</th><th>accuracy</th><th>flagged decisions</th><th></th></tr>"
        + "".join(srows)
        + "</table>"
    )
    add_form = (
        f'<form method="post" action="{root}/teacher/students"><label>Name <input name="name" required maxlength="100">'
        "</label> <button>Add a student</button></form>"
        f'<form method="post" action="{root}/teacher/roster"><label>A roster (CSV, one student a line) '
        '<textarea name="csv" rows="3" cols="30" required></textarea></label> '
        "<button>Add them and download their links</button></form>"
    )
    return students_html + add_form


def _progress_sections(progress: Sequence[Mapping[str, Any]], start: str, end: str, root: str) -> tuple[str, str]:
    """Who is struggling, and the progress per student and topic with its date range form."""
    low = struggling(progress)
    low_html = (
        "<ul>"
        + "".join(
            f"<li><b>{escape(r['student'])}</b>: {escape(r['topic'])}, {r['correct']} of {r['answered']} right</li>"
            for r in low
        )
        + "</ul>"
        if low
        else '<p class="muted">Nobody is below 60% on a topic in this range.</p>'
    )
    prow = []
    for r in progress:
        a, c = int(r["answered"]), int(r["correct"] or 0)
        cls_attr = ' class="low"' if a >= STRUGGLING_MIN and c / a < STRUGGLING_BELOW else ""
        prow.append(
            f"<tr{cls_attr}><td>{escape(r['student'])}</td><td>{escape(r['topic'])}</td>"
            f"<td>{escape(r['family'] or '')}</td><td>{a}</td><td>{c}</td><td>{c / a:.0%}</td>"
            f"<td>{_time(r['last'])}</td><td>{escape(str(r.get('source', '')))}</td></tr>"
        )
    range_form = (
        f'<form method="get" action="{root}/teacher">'
        f'<label>From <input type="date" name="from" value="{escape(start)}"></label> '
        f'<label>To <input type="date" name="to" value="{escape(end)}"></label> <button>Show</button></form>'
        f' <a href="{root}/teacher/progress.csv?from={escape(start)}&amp;to={escape(end)}">Download CSV</a>'
    )
    progress_html = (
        "<table><tr><th>student</th><th>topic</th><th>situation family</th><th>answered</th><th>right</th>"
        "<th>share</th><th>last</th><th>source</th></tr>" + "".join(prow) + "</table>"
        '<p class="muted">Self-reported: sent by the learners\' notebooks (quizzes, puzzles, their own tables); '
        "the server cannot check them. Graded by the server: the decisions at this class's tables, judged by "
        "the coach from the table's own log.</p>"
        if prow
        else '<p class="muted">No answers in this range.</p>'
    )
    return low_html, range_form + progress_html


def _flagged_section(flagged: Sequence[Mapping[str, Any]]) -> str:
    """The decisions the coach flagged at the tables."""
    frows = [
        f"<tr><td>{escape(str(d['student']))}</td><td>{escape(str(d['table']))}</td><td>{int(d['hand'])}</td>"
        f"<td>{escape(str(d['action']))}</td><td>{_coach_choice(d)}</td><td>{_grade_cell(d)}</td>"
        f"<td>{escape(str(d['explanation']))}</td></tr>"
        for d in flagged
    ]
    flagged_html = (
        "<table><tr><th>student</th><th>table</th><th>hand</th><th>played</th><th>coach's choice</th><th>grade</th>"
        "<th>why</th></tr>" + "".join(frows) + "</table>"
        if frows
        else '<p class="muted">No flagged decisions at the tables yet.</p>'
    )
    return flagged_html


def teacher_page(
    cls: Mapping[str, Any],
    tables: Sequence[Mapping[str, Any]],
    students: Sequence[Mapping[str, Any]],
    progress: Sequence[Mapping[str, Any]],
    reviews: Sequence[Mapping[str, Any]],
    start: str,
    end: str,
    flagged: Sequence[Mapping[str, Any]] = (),
    *,
    root: str = "",
    signed_in: str | None = None,
) -> str:
    """The teacher's page: the tables in play, a form to open one, the students and their
    table reviews, who is struggling, the decisions the coach flagged at the tables, and
    progress per student and topic for a date range. ``root``: the server's prefix (on a hub,
    ``/services/<name>``); ``signed_in``: the hub user's name, when signed in with the hub."""
    root = escape(root)
    low_html, progress_html = _progress_sections(progress, start, end, root)
    who = "" if signed_in is None else f'<p class="muted">Signed in with the hub as {escape(signed_in)}.</p>'
    body = (
        f"{who}<h2>Tables</h2>{_tables_section(tables, root)}"
        f"<h2>Students</h2>{_students_section(students, reviews, root)}"
        f"<h2>Struggling</h2>{low_html}"
        f"<h2>Flagged decisions at the tables</h2>{_flagged_section(flagged)}"
        f"<h2>Progress</h2>{progress_html}"
    )
    return _page(f"{cls['name']}: the teacher's view", body)
