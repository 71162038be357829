"""Euchre Match Notation (EMN 1.0): several EGN games played by one pool of players, each game
embedded whole (EGN's docs/emn/match-specification.md). :func:`read_series` reads each game as a
:class:`~.model.Match`, its seats named from the series' player registry."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from typing import Any

from euchre_learn.engine.egn.model import EgnError, Match
from euchre_learn.engine.egn.reader import load_source, read
from euchre_learn.engine.errors import quote

__all__ = ["SERIES_TYPE", "read_series"]

SERIES_TYPE = "Euchre Match Notation"


def read_series(source: Mapping[str, Any] | str | bytes | os.PathLike[str]) -> tuple[Match, ...]:
    """Every game of an EMN file (a path, text or a dict), in order, each read as EGN.

    An error in a game names the EMN file and the field within it (``games[2].gameData.deals[4]...``).
    """
    data, file = load_source(source)

    def error(field: str, problem: str, deal: int | None = None) -> EgnError:
        return EgnError(problem, file=file, deal=deal, field=field)

    if not isinstance(data, dict) or data.get("fileType") != SERIES_TYPE:
        kind = data.get("fileType") if isinstance(data, dict) else type(data).__name__
        raise error("fileType", f"{quote(kind)}: expected {SERIES_TYPE!r} (an EGN game is read by el.egn.read)")
    version = data.get("version")
    if not isinstance(version, str) or not version.startswith("1"):
        raise error("version", f"{quote(version)}: expected an EMN 1.x version such as '1.0'")
    meta = data.get("metadata")
    registry = meta.get("players", []) if isinstance(meta, dict) else []
    names = {
        p["id"]: p["name"]
        for p in registry
        if isinstance(p, dict) and isinstance(p.get("id"), str) and isinstance(p.get("name"), str)
    }
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise error("games", f"{quote(games)}: expected a list of games, each with its 'gameData'")
    out = []
    for k, game in enumerate(games):
        if not isinstance(game, dict) or not isinstance(game.get("gameData"), dict):
            raise error(f"games[{k}]", "expected an object with 'gameData', an EGN game")
        try:
            match = read(game["gameData"])
        except EgnError as err:
            raise error(
                f"games[{k}].gameData" + (f".{err.field}" if err.field else ""), err.problem, err.deal
            ) from None
        seats = game.get("players")
        if isinstance(seats, list) and len(seats) == 4 and all(s in names for s in seats):
            players = (names[seats[0]], names[seats[1]], names[seats[2]], names[seats[3]])
            match = dataclasses.replace(match, metadata=dataclasses.replace(match.metadata, players=players))
        out.append(dataclasses.replace(match, file=file))
    return tuple(out)
