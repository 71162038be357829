"""The review's words: why one action beat another, read off the position, and the honest note
on what double-dummy play flatters (:func:`explain`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from euchre_learn.analysis.review.model import ReviewOption
from euchre_learn.engine.actions import PLAY, Action
from euchre_learn.engine.cards import Card, Seat
from euchre_learn.engine.core import PLAY_PHASE, State
from euchre_learn.engine.explain import action_words, card_reason, suit_words
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.trump import EFFECTIVE, POWER

if TYPE_CHECKING:
    from euchre_learn.analysis.review.values import Values


__all__ = ["explain"]


# ---- explanations -----------------------------------------------------------------------------------


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _name(state: State, seat: int, a: int) -> str:
    """An action as the explanation says it: 'the K♣' for a card, 'to assist' for a bid."""
    if a >= PLAY:
        return f"the {Card(a - PLAY)}"
    return f"to {action_words(state, seat, a)}"


def _card_why(state: State, chosen: int, better: int, rows: dict[int, ReviewOption]) -> list[str]:
    """Plain reasons, read off the position, why ``better`` beat ``chosen``."""
    seat, trump = state.to_act, state.trump
    c, b = chosen - PLAY, better - PLAY
    eff, power = EFFECTIVE[trump], POWER[trump]
    why: list[str] = []
    partner = (seat + 2) & 3
    if state.trick:
        from euchre_learn.engine.trump import winner_index

        w = winner_index(state.trick, trump)
        winner_seat = state.trick_seats[w]
        if winner_seat == partner and eff[c] == trump and eff[state.trick[0]] != trump and eff[b] != trump:
            why.append(
                f"your partner's {Card(state.trick[w])} was already winning the trick, so the trump was spent for nothing"
            )
        elif eff[c] == eff[b] and power[c] > power[b] and winner_seat == partner:
            why.append(f"your partner was already winning the trick, so the lower {Card(b)} would have done")
    else:
        if eff[b] == trump and eff[c] != trump:
            why.append("leading trump draws the other side's trumps before they can ruff your winners")
        elif eff[c] == trump and eff[b] != trump:
            why.append(f"leading trump here spends trumps your side needed; the {Card(b)} keeps them")
    rb, rc = rows[better], rows[chosen]
    if abs(rb.tricks - rc.tricks) >= 0.05:
        why.append(
            f"your side ends with {rb.tricks:.1f} tricks on average after the {Card(b)}, against {rc.tricks:.1f}"
        )
    if rc.p_euchred - rb.p_euchred >= 0.05:
        why.append(f"it is euchred in {rc.p_euchred:.0%} of the deals after the {Card(c)}, against {rb.p_euchred:.0%}")
    return why


def explain(
    hand: Hand, chosen: int, best: int, rows: tuple[ReviewOption, ...], vals: Values, forced: bool, game: bool
) -> tuple[str, str]:
    """The explanation and the honest note of one decision."""
    state = hand._s
    seat = state.to_act
    team = Seat(seat).team.word
    by = {o.action.id: o for o in rows}
    n = vals.n

    def value(a: int) -> str:
        o = by[a]
        if o.win_probability is not None:
            return f"{o.win_probability:.1%} to win the game ({o.expected_points:+.2f} points for {team})"
        return f"{o.expected_points:+.2f} points for {team}"

    def against(a: int, b: int) -> str:
        x, y = by[a], by[b]
        if x.win_probability is not None and y.win_probability is not None:
            return (
                f"{x.win_probability:.1%} against {y.win_probability:.1%} to win the game "
                f"({x.expected_points:+.2f} against {y.expected_points:+.2f} points for {team})"
            )
        return f"{x.expected_points:+.2f} against {y.expected_points:+.2f} points for {team}"

    if forced:
        if len(rows) == 1:
            return f"{_cap(_name(state, seat, chosen))} was the only legal choice.", ""
        return (
            f"Every legal card did the same here (the cards touch: nothing still out lies between them), "
            f"so {_name(state, seat, chosen)} was as good as any.",
            "",
        )
    deals = f"over {n} deals of the cards {Seat(seat).word} could not see"
    if chosen == best:
        runner = next(o for o in rows if o.action.id != best)
        text = f"{_cap(_name(state, seat, best))} was the best choice: {value(best)} {deals}; " + (
            f"{_name(state, seat, runner.action.id)} does as well."
            if vals.mean(runner.action.id) >= vals.mean(best) - 1e-9
            else f"the next best, {_name(state, seat, runner.action.id)}, gives {value(runner.action.id)}."
        )
        other = runner.action.id
    else:
        text = (
            f"{_cap(_name(state, seat, best))} was better than {_name(state, seat, chosen)}: "
            f"{against(best, chosen)}, {deals}."
        )
        other = chosen
    apart = vals.mean(best) > vals.mean(other) + 1e-9
    if not apart:
        pass
    elif state.phase == PLAY_PHASE:
        why = _card_why(state, other, best, by)
        if why:
            text += " " + _cap("; ".join(why)) + "."
        bower = best - PLAY if chosen != best else -1
        if bower >= 0 and EFFECTIVE[state.trump][bower] == state.trump and bower % 6 == 2:
            text += " " + card_reason(Card(bower), suit_words(state.trump).split()[-1])
    else:
        b, o = by[best], by[other]
        if o.p_euchred - b.p_euchred >= 0.05:
            text += (
                f" After the choice {_name(state, seat, other)}, your side is euchred in {o.p_euchred:.0%} of the deals, "
                f"against {b.p_euchred:.0%}."
            )
        if b.p_set - o.p_set >= 0.05:
            text += f" After the choice {_name(state, seat, best)}, your side euchres the makers in {b.p_set:.0%} of the deals."
    # the honest note: perfect-information play sees every card
    metric_b, metric_o = vals.metric(best), vals.metric(other)
    better = sum(1 for x, y in zip(metric_b, metric_o, strict=True) if x > y + 1e-9)
    worse = sum(1 for x, y in zip(metric_b, metric_o, strict=True) if x < y - 1e-9)
    note = ""
    if state.phase == PLAY_PHASE:
        if worse:
            note = (
                f"Each deal is played with every card visible, and {_name(state, seat, best)} did better in only "
                f"{better} of the {n} deals and worse in {worse}: which deal it is cannot be seen at the table, "
                f"so the solver's perfect play flatters this line."
            )
    elif game is False and abs(by[best].expected_points - by[other].expected_points) < 0.3:
        note = (
            "The play after each bid is double-dummy (every card visible, both sides perfect), so a close bidding "
            "call like this one can go either way at a real table."
        )
    elif Action(best).alone:
        note = (
            "The play after each bid is double-dummy: a loner is played perfectly here, with the defenders' "
            "cards in view, which flatters going alone a little."
        )
    if note:
        text += " " + note
    return text, note
