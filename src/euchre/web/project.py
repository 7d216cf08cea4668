"""Each receiver's projection of a table, as JSON-ready data (``docs/web.md``).

Everything here starts from :meth:`Table.snapshot <euchre.table.Table.snapshot>` or
:meth:`Event.seen_by <euchre.table.Event.seen_by>` for the receiver's own seat (or a
spectator), which are built from the engine's view of that seat: nothing here can add a
card the receiver may not know, and nothing here knows a rule.

>>> from euchre.game import Game
>>> from euchre.rules import Rules
>>> from euchre.table import Table
>>> table = Table.for_bots(Game(Rules(), seed=1), ["basic"] * 4)
>>> state = state_json(table, 0, started=True)
>>> len(state["hand"]), state["phase"], state_json(table, None, started=True)["hand"]
(5, 'bid1', [])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from euchre.actions import PLAY, Action
from euchre.cards import SUIT_CHARS, Card, card_name, sort_cards
from euchre.deal import DealResult
from euchre.game import Phase
from euchre.record import Record
from euchre.rules import seat_name, team_name
from euchre.seating import Seating
from euchre.table import Event, Snapshot, Table
from euchre.wording import (
    action_text,
    alone_word,
    call_text,
    order_word,
    refusal_text,
    result_line,
)

__all__ = ["SeatPresence", "event_json", "replay_json", "result_json", "state_json", "team_names"]

SeatPresence = Mapping[str, Any]
"""What the room adds to a seat: ``present`` (bool) and ``away_until`` (ms or ``None``)."""


def _suit(suit: int | None) -> str | None:
    return None if suit is None else SUIT_CHARS[suit]


def _trick(trick: Sequence[tuple[int, Card]]) -> list[dict[str, Any]]:
    return [{"seat": s, "card": card_name(c)} for s, c in trick]


def team_names(players: int) -> list[str]:
    """The teams' names at a table of ``players``."""
    return [team_name(t, players) for t in range(2)]


def result_json(result: DealResult, seating: Seating, names: Sequence[str]) -> dict[str, Any]:
    """A finished deal: who made what, the tricks, the points and the score, in words
    too (``line``)."""
    return {
        "dealer": result.dealer,
        "trump": _suit(result.trump),
        "maker": result.maker,
        "alone": list(result.alone),
        "tricks": list(result.tricks),
        "points": result.points,
        "team": result.team,
        "score": list(result.score),
        "verdict": "thrown in" if result.thrown_in else result.verdict,
        "line": result_line(result, seating, names, team_names(seating.players)),
    }


def event_json(event: Event, viewer: int | None, seating: Seating,
               names: Sequence[str]) -> dict[str, Any]:
    """``event`` as ``viewer`` may see it: a private action of another seat (the
    dealer's discard) comes as its version with ``action`` ``None``."""
    seen = event.seen_by(viewer)
    outcome = seen.outcome
    return {
        "version": seen.version,
        "kind": seen.kind,
        "seat": seen.seat,
        "action": None if seen.action is None else str(seen.action),
        "trick": None if outcome.trick is None else _trick(outcome.trick),
        "trick_winner": outcome.winner,
        "result": None if outcome.result is None
        else result_json(outcome.result, seating, names),
        "game_over": outcome.game_over,
    }


def _labels(snapshot: Snapshot, seating: Seating) -> list[dict[str, str]]:
    viewer = snapshot.viewer
    if viewer is None:
        return []
    order = order_word(seating, snapshot.dealer, viewer)
    alone = alone_word(seating, snapshot.maker, viewer)
    return [{"action": str(a), "label": _capital(action_text(a, order=order, alone=alone))}
            for a in snapshot.legal]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _why_not(table: Table, snapshot: Snapshot) -> dict[str, str]:
    """Why each card of the viewer's hand that is not legal now can not be played."""
    viewer = snapshot.viewer
    if viewer is None or not snapshot.legal or snapshot.phase != Phase.PLAY:
        return {}
    why: dict[str, str] = {}
    for c in snapshot.hand:
        if c not in snapshot.legal_cards:
            refusal = table.refusal(PLAY[c], viewer)
            if refusal is not None:
                why[card_name(c)] = refusal_text(refusal, phase=snapshot.phase)
    return why


def _calls(calls: Sequence[Action], seating: Seating, snapshot: Snapshot,
           seat: int) -> list[str]:
    return [call_text(a, seating=seating, dealer=snapshot.dealer, seat=seat,
                      upcard=snapshot.upcard) for a in calls]


def state_json(table: Table, viewer: int | None, *, started: bool,
               presence: Sequence[SeatPresence] = (),
               turn_deadline: float | None = None,
               results: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The table now as ``viewer`` (a seat, or ``None`` for a spectator) may see it.

    ``started``: whether the host has started the game (``phase`` is ``waiting``
    before, and nobody may act); ``presence``: the room's word on each seat;
    ``turn_deadline``: when the turn timer runs out (ms since the epoch);
    ``results``: the finished deals' :func:`result_json`, when the caller keeps them.
    """
    snapshot = table.snapshot(viewer)
    seating = table.game.rules.seating
    names = [seat.name for seat in table.seats]
    if not started:
        phase = "waiting"
    elif snapshot.game_over:
        phase = "over"
    else:
        phase = snapshot.phase
    live = started and not snapshot.game_over
    seats = []
    for s in snapshot.seats:
        here = presence[s.seat] if s.seat < len(presence) else {}
        seats.append({
            "seat": s.seat,
            "name": s.name,
            "position": s.position,
            "place": s.place,
            "role": s.role,
            "kind": "bot" if s.kind == "bot" else "person",
            "bot": s.bot,
            "present": bool(here.get("present", s.kind == "bot")),
            "away_until": here.get("away_until"),
            "cards": s.cards,
            "calls": _calls(s.calls, seating, snapshot, s.seat),
            "dealer": s.dealer,
            "maker": s.maker,
            "alone": s.alone,
            "sitting_out": s.sitting_out,
            "to_act": s.to_act and live,
        })
    return {
        "version": snapshot.version,
        "viewer": viewer,
        "team": snapshot.team,
        "players": snapshot.players,
        "teams": team_names(snapshot.players),
        "phase": phase,
        "deal_number": snapshot.deal_number,
        "dealer": snapshot.dealer,
        "to_act": snapshot.to_act if live else -1,
        "maker": snapshot.maker,
        "trump": _suit(snapshot.trump),
        "upcard": card_name(snapshot.upcard),
        "upcard_state": snapshot.upcard_state,
        "kitty": snapshot.kitty,
        "seats": seats,
        "hand": [card_name(c) for c in snapshot.hand],
        "legal": _labels(snapshot, seating) if live else [],
        "why_not": _why_not(table, snapshot) if live else {},
        "new_card": None if snapshot.new_card is None else card_name(snapshot.new_card),
        "discard": None if snapshot.discard is None else card_name(snapshot.discard),
        "trick": _trick(snapshot.trick),
        "trick_winner": snapshot.trick_winner,
        "trick_number": snapshot.trick_number,
        "last_trick": _trick(snapshot.last_trick),
        "last_winner": snapshot.last_winner,
        "tricks_won": list(snapshot.tricks_won),
        "score": list(snapshot.score),
        "target": snapshot.target,
        "deals_limit": snapshot.deals_limit,
        "results": list(results) if results is not None
        else [result_json(r, seating, names) for r in snapshot.results],
        "game_over": snapshot.game_over,
        "winner": snapshot.winner,
        "turn_deadline": turn_deadline,
    }


def replay_json(record: Record) -> dict[str, Any]:
    """Every step of a recorded game with all hands shown, for the replay viewer: a
    frame before the first action and after each one (with the action and its seat)."""
    rules = record.rules
    n = rules.players
    names = [str(x) for x in record.metadata.get("players", [])]  # type: ignore[attr-defined]
    if len(names) != n:
        names = [seat_name(s, n) for s in range(n)]
    actions = [a for deal in record.deals for a in deal.actions]
    frames: list[dict[str, Any]] = []
    acting = -1
    for index, game in enumerate(record.states()):
        trump = game.trump
        said = None
        if index > 0:
            action = actions[index - 1]
            said = {"seat": acting, "action": str(action), "label": action_text(action)}
        acting = game.to_act
        frames.append({
            "deal_number": game.deal_number,
            "phase": "over" if game.is_over() else str(game.phase),
            "dealer": game.dealer,
            "to_act": game.to_act,
            "hands": [[card_name(c) for c in sort_cards(game.hand(s), trump)]
                      for s in range(n)],
            "upcard": card_name(game.upcard),
            "trump": _suit(trump),
            "maker": game.maker,
            "trick": _trick(game.current_trick),
            "tricks_won": list(game.tricks_won),
            "score": list(game.score),
            "action": said,
        })
    return {"players": n, "names": names, "teams": team_names(n), "target": rules.target,
            "frames": frames,
            "results": [result_json(r, rules.seating, names) for r in
                        (d.result for d in record.deals) if r is not None]}
