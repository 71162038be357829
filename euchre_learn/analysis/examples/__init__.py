"""The example hands library: curated hands that each make one point, loadable by name.

Each example is a hand record (API.md "Records") with a ``title``, what it ``teaches``,
``notes`` telling the story, the rule ids it ``cites``, and what it must come to:
``expect`` holds the outcome and the points (and the tricks). Where it adds insight a
record also keeps the double-dummy solver's verdict at a decision (``solver``: the value of
every legal play, see :func:`euchre_learn.solve`) or compares the choices of a bidding
decision, each played out with all cards visible (``compare``).

>>> import euchre_learn as el
>>> len(el.examples.names()) >= 25, 'left-bower-trap' in el.examples.names()
(True, True)
>>> record = el.examples.load('left-bower-trap')
>>> record['title']
'The left bower trap: lead the right bower first'
>>> hand = el.examples.hand('left-bower-trap')
>>> hand.score.outcome, hand.points == {el.Team.NS: 2, el.Team.EW: 0}
('march', True)

A hand part-way through, to ask questions of it:

>>> at = el.examples.hand('left-bower-trap', after=2)     # North's first lead
>>> at.to_act, el.solve(at).values[el.Action.parse('play J♥')]
(<Seat.N: 0>, 5)
"""

from __future__ import annotations

import copy
import difflib
import functools
import html
import json
from importlib import resources
from typing import Any

from euchre_learn.engine.errors import quote, type_error
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.records import replay

__all__ = ["ExampleError", "catalogue", "hand", "load", "names"]


class ExampleError(ValueError):
    """An unknown example name, or an ``after`` outside the record's actions."""


@functools.lru_cache(maxsize=1)
def _library() -> dict[str, dict[str, Any]]:
    folder = resources.files(__package__)  # the records sit beside this module
    records = []
    for entry in folder.iterdir():
        if entry.name.endswith(".json"):
            data = json.loads(entry.read_text(encoding="utf-8"))
            data.setdefault("name", entry.name.removesuffix(".json"))
            records.append(data)
    records.sort(key=lambda r: (r.get("order", 10_000), r["name"]))
    return {r["name"]: r for r in records}


def names() -> tuple[str, ...]:
    """The example names, in teaching order (simple outcomes first, house rules last).

    >>> names()[:3]
    ('made', 'march', 'euchre')
    """
    return tuple(_library())


def _get(name: str) -> dict[str, Any]:
    lib = _library()
    if not isinstance(name, str):
        raise type_error("the example's name", name, f"text, one of {', '.join(lib)}")
    if name not in lib:
        close = difflib.get_close_matches(str(name), lib, n=3)
        hint = f" Did you mean {' or '.join(map(repr, close))}?" if close else ""
        raise ExampleError(
            f"there is no example hand named {quote(name)}.{hint} The examples are: {', '.join(lib)} "
            "(see el.examples.names())"
        )
    return lib[name]


def load(name: str) -> dict[str, Any]:
    """The record of an example: a new dict each time, safe to change.

    >>> load('throw-in')['expect']
    {'outcome': 'thrown in', 'points': {'NS': 0, 'EW': 0}}
    >>> load('left-bower-trip')
    Traceback (most recent call last):
    ...
    euchre_learn.analysis.examples.ExampleError: there is no example hand named 'left-bower-trip'. Did you mean 'left-bower-trap'? ...
    """
    return copy.deepcopy(_get(name))


def hand(name: str, after: int | None = None) -> Hand:
    """The example's :class:`~euchre_learn.engine.hand.Hand`: after all its actions, or after the
    first ``after`` of them (``after=0`` is the deal).

    >>> hand('next-suit-call', after=4).phase.value, hand('next-suit-call', after=4).to_act
    ('bidding round 2', <Seat.W: 3>)
    """
    record = load(name)
    actions = record["actions"]
    if after is not None:
        if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= len(actions):
            raise ExampleError(
                f"after={quote(after)}: the example {quote(name)} has {len(actions)} actions, so 'after' must be "
                f"a whole number from 0 to {len(actions)}"
            )
        record["actions"] = actions[:after]
    return replay(record)


class Catalogue(tuple[tuple[str, str, str], ...]):
    """The examples as rows of (name, title, teaches), printed as a table in a notebook."""

    __slots__ = ()

    def __str__(self) -> str:
        width = max(len(n) for n, _, _ in self)
        return "\n".join(f"{n:<{width}}  {t}" for n, t, _ in self)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td><code>{html.escape(n)}</code></td><td>{html.escape(t)}</td><td>{html.escape(w)}</td></tr>"
            for n, t, w in self
        )
        return (
            '<table class="el-examples"><thead><tr><th>name</th><th>title</th><th>teaches</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>"
        )


def catalogue() -> Catalogue:
    """Every example's name, title and lesson, in teaching order.

    >>> print(catalogue())  # doctest: +ELLIPSIS
    made                         Made: one point, three tricks or four
    march                        A march: all five tricks with partner
    ...
    """
    return Catalogue((n, r["title"], r["teaches"]) for n, r in _library().items())
