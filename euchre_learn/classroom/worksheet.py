"""Printable worksheets: engine-generated questions on paper, with an answer key.

A worksheet is two HTML files: the student copy (cards drawn, boxes to tick, lines to write
on) and the answer key, with the explanation and the rule of each answer, in a file of its
own so the key never goes out with the questions. Print them from a browser, or let
:func:`write_worksheet` print them with headless Chromium (:mod:`euchre_learn.classroom.pdf`). The same topics, count and seed give the
same files, byte for byte, so a teacher can hand out a sheet and regenerate its key later.
Versions (``A``, ``B``, …) ask the same topics in the same order with other deals, for
neighbours who should not copy. From the command line::

    euchre-learn worksheet --topics bowers,scoring --count 20 --seed 7 --out sheet.html
    euchre-learn worksheet --topics legal-plays --count 10 --seed 1 --out sheet.pdf
    euchre-learn worksheet --topics play --count 12 --seed 3 --versions A,B --out week3.pdf
    euchre-learn worksheet --topics play --count 12 --seed 3 --versions B --key-only --out week3.pdf
    euchre-learn worksheet --topics bidding --count 10 --seed 2 --rules uk --paper a4 --out sheet.pdf

The first writes ``sheet.html`` and ``sheet-key.html``; the third ``week3-A.pdf``,
``week3-A-key.pdf``, ``week3-B.pdf`` and ``week3-B-key.pdf`` (each beside its HTML).

Each sheet prints, under its title, the command that makes it again (topics, count, seed,
version, rules, title, paper): run it to get the same sheet and the same key. ``--paper a4`` or
``letter`` (the default) sets the page size.

Topics are the names in :data:`euchre_learn.teaching.quiz.TOPICS`, or a group name from
:data:`GROUPS` (``bowers``, ``bidding``, ``play``, ``game``, ``variants``, ``strategy``, ``all``).

>>> sheet = worksheet(['bowers', 'scoring'], count=4, seed=7, part='questions')
>>> sheet.count('class="q"'), 'Answer key' in sheet
(4, False)
>>> key = worksheet(['bowers', 'scoring'], count=4, seed=7, part='key')
>>> key.count('class="a"'), 'class="q"' in key
(4, False)
>>> sheet == worksheet(['bowers', 'scoring'], count=4, seed=7, part='questions')
True
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from euchre_learn.classroom.pdf import PdfError, write_pdf
from euchre_learn.display.style import escape
from euchre_learn.engine.errors import PATH_LIMIT, quote
from euchre_learn.engine.rules import Rules
from euchre_learn.teaching.quiz import TOPICS, Question, generate, topic

__all__ = [
    "GROUPS",
    "PAPERS",
    "PARTS",
    "WorksheetError",
    "again_command",
    "questions",
    "resolve_topics",
    "resolve_versions",
    "rules_option",
    "rules_value",
    "worksheet",
    "write_worksheet",
]

GROUPS: dict[str, tuple[str, ...]] = {
    "bowers": ("left-bower", "trump-ranking", "is-trump", "effective-suit"),
    "bidding": ("round-1", "dealer-discard", "round-2", "stick-the-dealer"),
    "play": ("who-leads", "legal-plays", "trick-winner"),
    "game": ("scoring", "game-state"),
    "variants": (
        "benny",
        "railroad",
        "defend-alone",
        "super-euchre",
        "canadian-loner",
        "partner-alone",
        "loner-lead",
    ),
    "strategy": ("strategy-round-1", "strategy-round-2", "strategy-tricks", "strategy-alone"),
}
"""Short names for groups of topics, for the command line (``--topics bowers,play``)."""

MAX_COUNT = 200

PARTS = ("questions", "key", "both")
"""What :func:`worksheet` writes: the student copy, the answer key, or both in one file (the key
on a new page)."""

VERSIONS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

PAPERS = {"letter": "letter", "a4": "A4"}
"""The page sizes a sheet prints on (``--paper``): US Letter (the default) or A4."""


class WorksheetError(ValueError):
    """Bad worksheet input: an unknown topic, a count out of range, no Chromium for a PDF.

    >>> resolve_topics('trumps')
    Traceback (most recent call last):
    ...
    euchre_learn.classroom.worksheet.WorksheetError: 'trumps' is not a quiz topic or group. Topics: left-bower, ...
    """


def resolve_topics(spec: str | Iterable[str]) -> tuple[str, ...]:
    """Topic names from a comma-separated string or a list: each item a topic from
    :data:`~euchre_learn.teaching.quiz.TOPICS` or a group from :data:`GROUPS` (or ``all``), in the order
    given, without repeats.

    >>> resolve_topics('bowers,scoring')
    ('left-bower', 'trump-ranking', 'is-trump', 'effective-suit', 'scoring')
    >>> resolve_topics(['legal-plays', 'play'])
    ('legal-plays', 'who-leads', 'trick-winner')
    """
    items = spec.split(",") if isinstance(spec, str) else list(spec)
    out: list[str] = []
    for raw in items:
        name = str(raw).strip().lower().replace("_", "-").replace(" ", "-")
        if not name:
            continue
        if name in TOPICS:
            names: tuple[str, ...] = (name,)
        elif name in GROUPS:
            names = GROUPS[name]
        elif name == "all":
            names = TOPICS
        else:
            groups = "; ".join(f"{g} ({', '.join(ts)})" for g, ts in GROUPS.items())
            raise WorksheetError(
                f"{quote(raw)} is not a quiz topic or group. Topics: {', '.join(TOPICS)}. Groups: {groups}; or all."
            )
        out.extend(n for n in names if n not in out)
    if not out:
        raise WorksheetError(f"no topics given (got {quote(spec)}): name one or more of {', '.join(TOPICS)}, or all")
    return tuple(out)


def resolve_versions(spec: str | Iterable[str] | None) -> tuple[str, ...]:
    """Version letters from ``'A,B'`` or a list, in the order given; ``None`` or empty: none.

    >>> resolve_versions('a, B'), resolve_versions(None)
    (('A', 'B'), ())
    >>> resolve_versions('A,AB')
    Traceback (most recent call last):
    ...
    euchre_learn.worksheet.WorksheetError: version 'AB' is not a single letter A to Z (got 'A,AB')
    """
    if spec is None:
        return ()
    items = spec.split(",") if isinstance(spec, str) else list(spec)
    out: list[str] = []
    for raw in items:
        name = str(raw).strip().upper()
        if not name:
            continue
        if name not in VERSIONS:
            raise WorksheetError(
                f"version {str(raw).strip()[:20]!r} is not a single letter A to Z (got {str(spec)[:40]!r})"
            )
        if name in out:
            raise WorksheetError(f"version {name} is named twice (got {str(spec)[:40]!r})")
        out.append(name)
    return tuple(out)


def rules_value(rules: Rules | str | dict[str, Any] | None) -> Rules | str | dict[str, Any] | None:
    """``rules`` as :meth:`Rules.from_value` takes it; text starting with ``{`` is JSON of
    ``Rules`` fields (as ``$EUCHRE_LEARN_RULES``), so ``--rules '{"points_to_win": 5}'`` works.

    >>> rules_value('{"points_to_win": 5}')
    {'points_to_win': 5}
    """
    if isinstance(rules, str) and rules.strip().startswith("{"):
        try:
            value = json.loads(rules)
        except ValueError as err:
            raise WorksheetError(f"--rules {rules[:60]!r} is not JSON of Rules fields: {err}") from None
        if not isinstance(value, dict):
            raise WorksheetError(f"--rules {rules[:60]!r} is not JSON of Rules fields")
        return value
    return rules


def rules_option(rules: Rules | str | dict[str, Any] | None) -> str | None:
    """What ``--rules`` takes to give ``rules`` again: a preset name, else JSON of the fields
    that differ from the standard rules; ``None`` for the standard rules given by no option.

    >>> rules_option('uk'), rules_option({'points_to_win': 7}), rules_option({'points_to_win': 5})
    ('uk', '{"points_to_win": 7}', 'short-game')
    """
    if rules is None:
        return None
    chosen = Rules.from_value(rules_value(rules))
    if chosen.name:
        return chosen.name
    fields = {k: list(v) if isinstance(v, tuple) else v for k, v in chosen.changes().items()}
    return json.dumps(fields, ensure_ascii=False, sort_keys=True)


def again_command(
    topics: str | Iterable[str],
    count: int,
    seed: int,
    *,
    version: str | None = None,
    rules: Rules | str | dict[str, Any] | None = None,
    title: str | None = None,
    paper: str = "letter",
) -> str:
    """The ``euchre-learn worksheet`` command that makes this sheet again (without ``--out``).

    >>> print(again_command('bowers,scoring', 20, 7, rules='uk', title='Week 3', paper='a4'))
    euchre-learn worksheet --topics bowers,scoring --count 20 --seed 7 --rules uk --title 'Week 3' --paper a4
    """
    import shlex

    asked = [t.strip() for t in (topics.split(",") if isinstance(topics, str) else topics) if t.strip()]
    words = ["euchre-learn", "worksheet", "--topics", ",".join(asked), "--count", str(count), "--seed", str(seed)]
    if version:
        words += ["--versions", version]
    option = rules_option(rules)
    if option is not None:
        words += ["--rules", option]
    if title:
        words += ["--title", title]
    if paper != "letter":
        words += ["--paper", paper]
    return shlex.join(words)


def _paper(paper: str) -> str:
    name = str(paper).strip().lower()
    if name not in PAPERS:
        raise WorksheetError(f"paper {str(paper)[:20]!r} is not one of {', '.join(PAPERS)}")
    return name


def questions(
    topics: str | Iterable[str],
    count: int = 20,
    seed: int = 0,
    *,
    rules: Rules | str | dict[str, Any] | None = None,
    version: str | None = None,
) -> list[Question]:
    """``count`` questions, taking the topics in turn, each dealt from a seed drawn from
    ``seed``; a question whose prompt is already on the sheet is dealt again.

    ``version`` (a letter) deals another sheet on the same topics in the same order: version A
    is the sheet without a version, and each later letter also avoids the questions of the
    letters before it, so versions A and B never share a question that the topic can vary.

    >>> qs = questions('left-bower,scoring', count=3, seed=1)
    >>> [q.topic for q in qs]
    ['left-bower', 'scoring', 'left-bower']
    >>> [q.prompt for q in qs] == [q.prompt for q in questions('left-bower,scoring', count=3, seed=1)]
    True
    >>> b = questions('left-bower,scoring', count=3, seed=1, version='B')
    >>> [q.topic for q in b] == [q.topic for q in qs], {q.prompt for q in b} & {q.prompt for q in qs}
    (True, set())
    """
    names = resolve_topics(topics)
    rules = rules_value(rules)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise WorksheetError(f"count must be a whole number from 1 to {MAX_COUNT}, not {quote(count)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise WorksheetError(f"seed must be a whole number, not {quote(seed)}")
    found = resolve_versions([version]) if version is not None else ()
    letter = found[0] if found else "A"
    seen: set[str] = set()
    for each in VERSIONS[: VERSIONS.index(letter) + 1]:  # each version avoids the ones before it
        rng = random.Random(
            f"euchre-learn/worksheet/{seed}" if each == "A" else f"euchre-learn/worksheet/{seed}/{each}"
        )
        out: list[Question] = []
        for i in range(count):
            name = names[i % len(names)]
            q = generate(name, rng.getrandbits(32), rules=rules)
            for _ in range(20):  # a small topic may repeat itself; try a few other deals first
                if q.prompt not in seen:
                    break
                q = generate(name, rng.getrandbits(32), rules=rules)
            seen.add(q.prompt)
            out.append(q)
    return out


# --- HTML -------------------------------------------------------------------------------------

_CSS = """
@page { margin: 16mm 15mm 18mm 15mm;
        @bottom-center { content: "page " counter(page) " of " counter(pages); font: 9pt sans-serif; color: #555; } }
html { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 11pt; color: #111; background: #fff; }
body { max-width: 48em; margin: 0 auto; padding: 1em; line-height: 1.35; }
h1 { font-size: 1.5em; margin: 0 0 .2em 0; }
.meta { color: #444; font-size: .9em; margin: .1em 0; }
.who { display: flex; gap: 3em; margin: .8em 0 1.2em 0; }
.who span { flex: 1; border-bottom: 1px solid #333; padding-bottom: .1em; }
ol.sheet { list-style: none; padding: 0; margin: 0; }
li.q, li.a { break-inside: avoid; page-break-inside: avoid; margin: 0 0 1.1em 0; display: flex; gap: .45em; }
li .n { flex: 0 0 2.2em; text-align: right; font-variant-numeric: tabular-nums; }
li .body { flex: 1 1 auto; min-width: 0; }
.version { float: right; font-size: 1.1em; font-weight: bold; border: 1.5px solid #111; padding: .1em .5em; }
.prompt { margin: 0 0 .35em 0; }
.cards { margin: .2em 0 .4em 0; }
.cards .label { display: inline-block; min-width: 7.5em; font-size: .85em; color: #444; vertical-align: middle; }
ul.choices { list-style: none; padding: 0; margin: .2em 0; display: flex; flex-wrap: wrap; gap: .35em 1.6em; }
ul.choices li { white-space: nowrap; }
.box { display: inline-block; width: .9em; height: .9em; border: 1.3px solid #222; vertical-align: -.1em; margin-right: .35em; }
.circle { border-radius: 50%; }
.rank { display: inline-block; width: 2.2em; border-bottom: 1.3px solid #222; margin-right: .35em; }
.line { display: inline-block; width: 8em; border-bottom: 1.3px solid #222; }
.how { font-size: .85em; color: #444; font-style: italic; }
.key { break-before: page; page-break-before: always; }
.key-alone { break-before: auto; page-break-before: auto; }
.answer { font-weight: bold; }
.rules { color: #444; font-size: .85em; }
.el-root { --jp-ui-font-color1: #111; }
@media print { body { padding: 0; max-width: none; } a { color: inherit; text-decoration: none; } }
"""

_HOW = {
    "single": ("Circle one.", "circle"),
    "select-all": ("Tick every one that applies (perhaps none).", ""),
    "order": ("Number them in order: 1 first.", "rank"),
    "number": ("Write a whole number.", ""),
}


def _rules_of(q: Question) -> Rules | None:
    if q.house_rules is None:
        return None
    value = q.house_rules if isinstance(q.house_rules, str) else dict(q.house_rules)
    try:
        return Rules.from_value(value)
    except (ValueError, TypeError):
        return None


def _cards_html(q: Question) -> str:
    """The cards the question shows, and the choices as cards when they are cards; labelled
    when there are both (a trick, then the holding to choose from)."""
    from euchre_learn import display as render

    rows = []
    if q.cards:
        rows.append(("In the question:", render.holding_html(q.cards, rules=_rules_of(q), style=False)))
    if q.choice_cards is not None and tuple(q.cards) != q.choice_cards:
        rows.append(("The choices:", render.holding_html(q.choice_cards, rules=_rules_of(q), style=False)))
    if not rows:
        return ""
    if len(rows) == 1:
        return f'<div class="cards">{rows[0][1]}</div>'
    return "".join(f'<div class="cards"><span class="label">{label}</span> {body}</div>' for label, body in rows)


def _choices_html(q: Question) -> str:
    how, shape = _HOW[q.kind]
    if q.kind == "number":
        body = '<p>Answer: <span class="line"></span></p>'
    elif q.kind == "order":
        body = (
            '<ul class="choices">'
            + "".join(f'<li><span class="rank"></span>{escape(c)}</li>' for c in q.choices)
            + "</ul>"
        )
    else:
        body = (
            '<ul class="choices">'
            + "".join(f'<li><span class="box {shape}"></span>{escape(c)}</li>' for c in q.choices)
            + "</ul>"
        )
    return f'<p class="how">{how}</p>{body}'


def _answer_text(q: Question) -> str:
    if q.kind == "order" and isinstance(q.answer, tuple):
        return " > ".join(q.answer)
    if q.kind == "select-all" and isinstance(q.answer, tuple):
        return ", ".join(q.answer) if q.answer else "none of them"
    return str(q.answer)


# The number is text in the item, not a list marker: Chromium prints an outside marker in the
# page margin, where it clips the first digit of "10." (it printed as "l0.").


def _question_html(n: int, q: Question) -> str:
    return (
        f'<li class="q" id="q{n}" value="{n}"><span class="n">{n}.</span><div class="body">'
        f'<p class="prompt">{escape(q.prompt)}</p>{_cards_html(q)}{_choices_html(q)}</div></li>'
    )


def _answer_html(n: int, q: Question) -> str:
    rules = f' <span class="rules">Rules: {escape(", ".join(q.rules))}.</span>' if q.rules else ""
    return (
        f'<li class="a" value="{n}"><span class="n">{n}.</span><div class="body"><span class="answer">Answer: '
        f"{escape(_answer_text(q))}</span> — {escape(q.explanation)}{rules}</div></li>"
    )


def worksheet(
    topics: str | Iterable[str],
    count: int = 20,
    seed: int = 0,
    *,
    title: str | None = None,
    rules: Rules | str | dict[str, Any] | None = None,
    part: str = "both",
    version: str | None = None,
    paper: str = "letter",
) -> str:
    """The worksheet as one HTML document: ``part='questions'`` the student copy, ``'key'`` the
        answer key, ``'both'`` the questions and then the key on a new page. ``version`` (a
        letter, see :func:`questions`) is printed on the sheet and its key; ``paper`` (``'letter'``
    or ``'a4'``) is the page size. Under the title, the command that makes the sheet again.

        >>> page = worksheet('scoring', count=2, seed=3, title='Scoring drill', part='questions', version='B')
        >>> page.startswith('<!DOCTYPE html>'), '<title>Scoring drill · version B</title>' in page
        (True, True)
    """
    from euchre_learn import __version__
    from euchre_learn import display as render

    if part not in PARTS:
        raise WorksheetError(f"part must be one of {', '.join(PARTS)}, not {str(part)[:20]!r}")
    paper = _paper(paper)
    rules = rules_value(rules)
    found = resolve_versions([version]) if version is not None else ()
    letter = found[0] if found else None
    qs = questions(topics, count, seed, rules=rules, version=letter)
    names = resolve_topics(topics)
    asked = [t.strip() for t in (topics.split(",") if isinstance(topics, str) else topics) if t.strip()]
    if title:
        heading = title
    elif len(names) == 1:
        heading = f"Euchre worksheet: {topic(names[0]).title}"
    else:
        heading = "Euchre worksheet: " + ", ".join(asked)
    house = "" if rules is None else f" · rules {escape(Rules.from_value(rules).name or 'custom')}"
    again = again_command(topics, count, seed, version=letter, rules=rules, title=title, paper=paper)
    badge = f'<div class="version">Version {letter}</div>' if letter else ""
    label = f" · version {letter}" if letter else ""
    made = f"Made by euchre_learn {__version__}: <code>{escape(again)}</code> makes this sheet again."
    meta = f'<p class="meta">{len(qs)} questions · topics: {escape(", ".join(names))} · seed {seed}{label}{house}. {made}</p>'
    name = {"key": f"Answer key: {heading}"}.get(part, heading)
    head = (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(name)}{label}</title>\n<style>{_CSS}@page {{ size: {PAPERS[paper]}; }}\n</style>\n"
        f"{render.css()}\n</head>\n<body>\n"
    )
    sheet = (
        f'<section class="sheet-questions">\n{badge}<h1>{escape(heading)}</h1>\n{meta}\n'
        '<div class="who"><span>Name:</span><span>Date:</span></div>\n'
        '<ol class="sheet">\n' + "\n".join(_question_html(i, q) for i, q in enumerate(qs, 1)) + "\n</ol>\n</section>\n"
    )
    key_class = "key" if part == "both" else "key key-alone"
    key = (
        f'<section class="{key_class}">\n{badge}<h1>Answer key</h1>\n<p class="meta">{escape(heading)} · '
        f"{len(qs)} questions · seed {seed}{label}{house}. Each answer comes with the rule that decides it "
        f"(rule ids as in docs/rules.md).{' ' + made if part == 'key' else ''}</p>\n"
        '<ol class="sheet">\n' + "\n".join(_answer_html(i, q) for i, q in enumerate(qs, 1)) + "\n</ol>\n</section>\n"
    )
    body = {"questions": sheet, "key": key, "both": sheet + key}[part]
    return head + body + "</body>\n</html>\n"


def write_worksheet(
    out: str | os.PathLike[str],
    topics: str | Sequence[str],
    count: int = 20,
    seed: int = 0,
    *,
    pdf: bool | None = None,
    title: str | None = None,
    rules: Rules | str | dict[str, Any] | None = None,
    key_only: bool = False,
    versions: str | Sequence[str] | None = None,
    paper: str = "letter",
) -> list[Path]:
    """Write the student copy to ``out`` and the answer key beside it (``<name>-key.html``), as
    HTML, and as PDF too when ``out`` ends in ``.pdf`` or ``pdf`` is true. ``key_only`` writes
    the key alone. ``versions`` (``'A,B'``) writes each version's pair, named ``<name>-A``,
    ``<name>-A-key``, … Returns the files written. Every sheet is made before any file is
    written, so bad input leaves nothing behind.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> [p.name for p in write_worksheet(d / 'sheet.html', 'left-bower', count=2, seed=1)]
    ['sheet.html', 'sheet-key.html']
    >>> [p.name for p in write_worksheet(d / 'w.html', 'left-bower', count=2, seed=1, versions='A,B', key_only=True)]
    ['w-A-key.html', 'w-B-key.html']
    """
    if not isinstance(out, (str, os.PathLike)) or not str(os.fspath(out)).strip():
        raise WorksheetError(
            f"the worksheet needs a file to write, not {quote(out)}: give a name such as worksheet.html"
        )
    target = Path(out)
    if target.is_dir() or not target.name or str(os.fspath(out)).endswith(os.sep):
        raise WorksheetError(
            f"{quote(os.fspath(out), PATH_LIMIT)} is a folder: give a file name in it, e.g. {target / 'worksheet.html'}"
        )
    want_pdf = bool(pdf) or target.suffix.lower() == ".pdf"
    letters: tuple[str | None, ...] = resolve_versions(versions) or (None,)
    parts = ("key",) if key_only else ("questions", "key")
    pages: list[tuple[Path, str]] = []
    for letter in letters:
        stem = target.stem + (f"-{letter}" if letter else "")
        for part in parts:
            name = stem + ("-key" if part == "key" else "")
            page = worksheet(topics, count, seed, title=title, rules=rules, part=part, version=letter, paper=paper)
            pages.append((target.with_name(name + ".html"), page))
    written = []
    for html_path, page in pages:
        html_path.parent.mkdir(parents=True, exist_ok=True)
        html_path.write_text(page, encoding="utf-8")
        written.append(html_path)
    if want_pdf:
        for html_path, _ in pages:
            try:
                written.append(write_pdf(html_path, html_path.with_suffix(".pdf")))
            except PdfError as err:
                raise WorksheetError(str(err)) from err
    return written
