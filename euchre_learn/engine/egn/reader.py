"""Read Euchre Game Notation: every dialect of the format's public examples (1.0's
``player_cards``, ``kitty``, ``initialLead``, ``calls_annotations``; 1.4's ``playerCards``,
``callAnnotations``, ``playAnnotations``, ``discard``), each deal replayed by the engine.

EGN records the cards in the order they fell, not who played them: the first leader follows
from the dealer and the loner rule, then each trick's winner leads (EGN's docs/replayer-logic.md,
our R6.1 and R6.3). So each seat's cards are the cards it played; the dealer's discard is read
from the file, or inferred where the plays determine it, else left unknown; a loner's partner's
cards and the kitty are unknown. Unknown cards are filled with *stand-ins* (the deck's other
cards, in order) so that the deal is whole and the engine can replay it; ``EgnDeal.inferred``
lists them, and nothing is judged on them (``EgnDeal.depends_on_unknown``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from euchre_learn.engine.cards import Seat, Team
from euchre_learn.engine.egn.model import EgnDeal, EgnError, Match, Metadata
from euchre_learn.engine.egn.replay import NeedsUpcardDiscard, replay_deal
from euchre_learn.engine.egn.rules_map import rules_of
from euchre_learn.engine.egn.where import Where
from euchre_learn.engine.errors import PATH_LIMIT, quote
from euchre_learn.engine.jsonfiles import parse_json
from euchre_learn.engine.rules import Rules

__all__ = ["FILE_TYPE", "load_source", "read"]

FILE_TYPE = "Euchre Game Notation"
_TOP = {"fileType", "version", "metadata", "deals"}
_TOLERATED_TOP = {"timings", "videoUrl", "views", "viewSwitches", "$schema"}  # an older converter's media fields
_DEAL_KEYS = {"dealNumber", "initialState", "phases", "alternativeLines"}
_STATE_KEYS = {"dealer", "upCard", "playerCards", "player_cards", "kitty"}
_BID_KEYS = {
    "phaseNumber",
    "type",
    "calls",
    "isAlone",
    "aloneDefender",
    "discard",
    "cardExchanges",
    "callAnnotations",
    "calls_annotations",
}
_PLAY_KEYS = {
    "phaseNumber",
    "type",
    "tricks",
    "isAlone",
    "playAnnotations",
    "play_annotations",
    "tricks_annotations",
    "initialLead",
}


def load_source(source: object) -> tuple[Any, str | None]:
    """The JSON value and the file name (``None`` for text or a dict)."""
    if isinstance(source, Mapping):
        return dict(source), None
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8")
        except UnicodeError as err:
            raise EgnError(f"the bytes given are not UTF-8 text: {err}") from None
    if not isinstance(source, (str, os.PathLike)):
        raise EgnError(f"{quote(source)} is not EGN: expected a path, EGN text (JSON) or a dict")
    if isinstance(source, str) and source.lstrip().startswith(("{", "[")):
        return parse_json(source, "EGN text", EgnError), None
    path = os.fspath(source)
    try:
        with open(path, encoding="utf-8-sig") as f:
            text = f.read()
    except OSError as err:
        raise EgnError(f"cannot read the EGN file {quote(path, PATH_LIMIT)}: {err.strerror}") from None
    except (ValueError, UnicodeError) as err:
        raise EgnError(f"cannot read the EGN file {quote(path, PATH_LIMIT)}: {err}") from None
    return parse_json(text, f"EGN file {quote(path, PATH_LIMIT)}", EgnError), path


def read(source: Mapping[str, Any] | str | bytes | os.PathLike[str]) -> Match:
    """A match from EGN: a path, EGN text or a dict (see :mod:`euchre_learn.engine.egn`).

    >>> import euchre_learn as el
    >>> match = el.egn.read(el.egn.example())
    >>> match.metadata.title, len(match.deals), match.score[el.Team.NS], match.score[el.Team.EW]
    ('VWEC Finals', 13, 8, 10)
    """
    data, file = load_source(source)
    r = Where(file)
    if not isinstance(data, dict):
        raise r.error("", f"the file holds {type(data).__name__} JSON, not an EGN object with 'metadata' and 'deals'")
    kind = data.get("fileType")
    if kind == "Euchre Match Notation":
        raise r.error(
            "fileType",
            "this is an EMN file, several EGN games bundled: el.egn.read_series reads each of its games",
        )
    if kind != FILE_TYPE:
        raise r.error("fileType", f"{quote(kind)}: expected {FILE_TYPE!r}: this is not an EGN file")
    version = data.get("version")
    if not isinstance(version, str) or not (version == "1" or version.startswith("1.")):
        raise r.error("version", f"{quote(version)}: expected an EGN 1.x version such as '1.4'")
    extras = {k: v for k, v in data.items() if k not in _TOP}
    unknown = sorted((k for k in extras if k not in _TOLERATED_TOP), key=str)
    if unknown:
        raise r.error(unknown[0], f"unknown field {quote(unknown[0])}: expected fileType, version, metadata, deals")
    meta_raw = data.get("metadata")
    if not isinstance(meta_raw, dict):
        raise r.error("metadata", f"{quote(meta_raw)}: expected an object with 'players' and 'initialScore'")
    metadata = _metadata(r, meta_raw)
    rules = rules_of(meta_raw.get("ruleset"), r.error)
    deals_raw = data.get("deals")
    if not isinstance(deals_raw, list):
        raise r.error("deals", f"{quote(deals_raw)}: expected a list of deals")
    score = dict(metadata.initial_score)
    if max(score.values()) >= rules.points_to_win:
        raise r.error(
            "metadata.initialScore", f"a side starts with {max(score.values())} points: the game is already won"
        )
    try:
        deals = _deals(r, deals_raw, rules, metadata)
        notes: tuple[str, ...] = ()
    except NeedsUpcardDiscard as need:  # a dealer discarded the upcard: read again with R3.2's option
        rules = rules.replace(dealer_may_discard_upcard=True)
        deals = _deals(r, deals_raw, rules, metadata)
        notes = (
            f"deal {need.deal + 1}: the dealer discarded the upcard, so the match is read with R3.2's house "
            "rule dealer_may_discard_upcard (EGN's baseline engine allows it; the file cannot say so)",
        )
    score = deals[-1].score_after if deals else dict(metadata.initial_score)
    r.deal = None
    final = metadata.final_score
    if final is not None and final != score:
        raise r.error(
            "metadata.finalScore",
            f"the file says the game ended {final[Team.NS]} to {final[Team.EW]}, but its tricks score "
            f"{score[Team.NS]} to {score[Team.EW]}: the score does not add up",
        )
    return Match(metadata, rules, tuple(deals), file, notes, extras)


def _deals(r: Where, deals_raw: list[Any], rules: Rules, metadata: Metadata) -> tuple[EgnDeal, ...]:
    score = dict(metadata.initial_score)
    deals: list[EgnDeal] = []
    for i, raw in enumerate(deals_raw):
        r.deal = i
        if max(score.values()) >= rules.points_to_win:
            raise r.error(
                f"deals[{i}]",
                f"the game was already won, {score[Team.NS]} to {score[Team.EW]}, before this deal (R8.2)",
            )
        deal = _deal(r, raw, i, rules, score)
        deals.append(deal)
        score = deal.score_after
    r.deal = None
    return tuple(deals)


def _metadata(r: Where, raw: dict[str, Any]) -> Metadata:
    players_raw = raw.get("players", [])
    if not isinstance(players_raw, list) or len(players_raw) not in (0, 4):
        raise r.error("metadata.players", f"{quote(players_raw)}: expected four players, seats 0 to 3 clockwise")
    names = []
    for i, p in enumerate(players_raw):
        name = p.get("name") if isinstance(p, dict) else p
        if not isinstance(name, str):
            raise r.error(f"metadata.players[{i}]", f"{quote(p)}: expected a name, or an object with a 'name'")
        names.append(name)
    players = (names[0], names[1], names[2], names[3]) if names else ("", "", "", "")
    initial = _score(r, "metadata.initialScore", raw.get("initialScore", [0, 0]))
    final = _score(r, "metadata.finalScore", raw["finalScore"]) if "finalScore" in raw else None
    texts = {}
    for key in ("title", "date", "description", "gameId"):
        v = raw.get(key, "")
        if not isinstance(v, str):
            raise r.error(f"metadata.{key}", f"{quote(v)}: expected text")
        texts[key] = v
    return Metadata(texts["title"], players, texts["date"], initial, texts["description"], final, texts["gameId"])


def _score(r: Where, field: str, value: object) -> dict[Team, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise r.error(field, f"{quote(value)}: expected two scores, [seats 0 and 2, seats 1 and 3], e.g. [0, 0]")
    return {Team.NS: value[0], Team.EW: value[1]}


def _deal(r: Where, raw: object, i: int, rules: Rules, score: dict[Team, int]) -> EgnDeal:
    at = f"deals[{i}]"
    if isinstance(raw, str):
        raise r.error(at, "a packed (binary, base64) deal: expand it to EGN JSON first (EGN's egn-bitpack)")
    d = r.mapping(at, raw, _DEAL_KEYS)
    for key in ("dealNumber", "initialState", "phases"):
        if key not in d:
            raise r.error(f"{at}.{key}", "missing")
    number = r.integer(f"{at}.dealNumber", d["dealNumber"], 0, 10_000, "a deal number (0, 1, 2, ...)")
    state = r.mapping(f"{at}.initialState", d["initialState"], _STATE_KEYS)
    if "dealer" not in state or "upCard" not in state:
        raise r.error(f"{at}.initialState", "needs 'dealer' and 'upCard'")
    dealer = Seat(r.integer(f"{at}.initialState.dealer", state["dealer"], 0, 3, "a seat from 0 to 3"))
    up = r.card(f"{at}.initialState.upCard", state["upCard"])
    phases = d["phases"]
    if not isinstance(phases, list) or len(phases) > 2:
        raise r.error(f"{at}.phases", f"{quote(phases)}: expected a bidding phase, then a trick-play phase")
    bid: dict[str, Any] = {}
    play: dict[str, Any] = {}
    for k, ph in enumerate(phases):
        where = f"{at}.phases[{k}]"
        kind = ph.get("type") if isinstance(ph, dict) else None
        if kind == "EUCHRE_BIDDING" and k == 0:
            bid = r.mapping(where, ph, _BID_KEYS)
        elif kind == "TRICK_PLAY" and k == 1:
            play = r.mapping(where, ph, _PLAY_KEYS)
        else:
            raise r.error(f"{where}.type", f"{quote(kind)}: expected 'EUCHRE_BIDDING' first, then 'TRICK_PLAY'")
    return replay_deal(r, at, number, dealer, up, state, bid, play, rules, score, d.get("alternativeLines"))
