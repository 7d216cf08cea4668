"""Each receiver's projection of a table, as JSON-ready data (``docs/web.md``).

Everything here starts from :meth:`Table.snapshot <euchre.table.model.Table.snapshot>` or
:meth:`Event.seen_by <euchre.table.model.Event.seen_by>` for the receiver's own seat (or a
spectator), which are built from the engine's view of that seat: nothing here can add a
card the receiver may not know, and nothing here knows a rule.

>>> from euchre.engine.game import Game
>>> from euchre.engine.rules import Rules
>>> from euchre.table.model import Table
>>> table = Table.for_bots(Game(Rules(), seed=1), ["basic"] * 4)
>>> state = state_json(table, 0, started=True)
>>> len(state["hand"]), state["phase"], state_json(table, None, started=True)["hand"]
(5, 'bid1', [])
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from euchre.engine.actions import BID_WORDS, PLAY, Action, Give
from euchre.engine.cards import Card, card_name, sort_cards, suit_char
from euchre.engine.deal import DealResult
from euchre.engine.game import Phase
from euchre.engine.rules import Rules, seat_name
from euchre.records.record import Record
from euchre.table.model import SPECTATOR, Event, Hand, Snapshot, Table
from euchre.table.wording import (
    action_text,
    alone_word,
    call_text,
    order_word,
    refusal_text,
    result_line,
)

__all__ = [
    "PRIVATE",
    "SCREEN_POSITIONS",
    "SeatPresence",
    "StateEncoder",
    "event_json",
    "public_json",
    "replay_json",
    "result_json",
    "seat_json",
    "state_json",
    "team_names",
]

SCREEN_POSITIONS: Final[dict[int, tuple[str, ...]]] = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "bottom-left", "top-left", "top-right", "bottom-right"),
    6: ("bottom", "bottom-left", "top-left", "top", "top-right", "bottom-right"),
    7: ("bottom", "bottom-left", "left", "top-left", "top-right", "right", "bottom-right"),
}
"""Where the page draws each seat, counted clockwise from the receiver's own (a
spectator's: seat 0's) at the bottom; the page's style sheet places these names."""

SeatPresence = Mapping[str, Any]
"""What the room adds to a seat: ``present`` (bool) and ``away_until`` (ms or ``None``)."""


def _suit(suit: int | None) -> str | None:
    """A suit's letter (``n``: no trump), or ``None``."""
    return None if suit is None else suit_char(suit)


def _card(c: Card) -> str | None:
    """A card's name, ``None`` for no card (the upcard of forms that turn none up)."""
    return None if c < 0 else card_name(c)


def _bid(value: int | None) -> str | None:
    """A bid as the protocol writes it: ``"3"``, ``"nap"`` (``None``: no bid)."""
    return None if value is None else BID_WORDS.get(value, str(value))


def _trick(trick: Sequence[tuple[int, Card]]) -> list[dict[str, Any]]:
    return [{"seat": s, "card": card_name(c)} for s, c in trick]


def team_names(rules: Rules) -> list[str]:
    """The name of each scoring side: the partnerships (``North-South``), or each
    player's seat where everyone plays for themselves (three-handed, Napoleon).

    >>> team_names(Rules()), team_names(Rules.preset("three-handed"))
    (['North-South', 'East-West'], ['South', 'West', 'East'])
    """
    return [rules.team_name(t) for t in range(rules.seating.team_count)]


def result_json(result: DealResult, rules: Rules, names: Sequence[str]) -> dict[str, Any]:
    """A finished deal: who made what (and the bid), the tricks, the points, what each
    side gained and the score, in words too (``line``)."""
    seating = rules.seating
    return {
        "dealer": result.dealer,
        "trump": _suit(result.trump),
        "maker": result.maker,
        "alone": list(result.alone),
        "tricks": list(result.tricks),
        "points": result.points,
        "team": result.team,
        "gains": list(result.gains),
        "bid": _bid(result.bid),
        "score": list(result.score),
        "verdict": "thrown in" if result.thrown_in else result.verdict,
        "line": result_line(result, seating, names, team_names(rules)),
    }


def event_json(event: Event, viewer: int | None, rules: Rules,
               names: Sequence[str]) -> dict[str, Any]:
    """``event`` as ``viewer`` may see it: a private action of another seat (a card laid
    away face down; a card given face down, which its receiver sees too) comes as its
    version with ``action`` ``None``."""
    seen = event.seen_by(viewer)
    outcome = seen.outcome
    action = seen.action
    if isinstance(action, Give) and viewer not in (seen.seat,
                                                  rules.seating.partner(seen.seat)):
        action = None
    return {
        "version": seen.version,
        "kind": seen.kind,
        "seat": seen.seat,
        "action": None if action is None else str(action),
        "trick": None if outcome.trick is None else _trick(outcome.trick),
        "trick_winner": outcome.winner,
        "result": None if outcome.result is None
        else result_json(outcome.result, rules, names),
        "game_over": outcome.game_over,
    }


def _labels(legal: Sequence[Action], viewer: int, dealer: int, maker: int | None,
            rules: Rules) -> list[dict[str, str]]:
    seating = rules.seating
    order = order_word(seating, dealer, viewer)
    alone = alone_word(seating, maker, viewer)
    napoleon = rules.form == "napoleon"
    return [{"action": str(a),
             "label": _capital(action_text(a, order=order, alone=alone, napoleon=napoleon))}
            for a in legal]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _why_not(table: Table, hand: Hand, phase: str) -> dict[str, str]:
    """Why each card of the viewer's hand that is not legal now can not be played."""
    viewer = hand.viewer
    if viewer is None or not hand.legal or phase != Phase.PLAY:
        return {}
    why: dict[str, str] = {}
    for c in hand.cards:
        if c not in hand.legal_cards:
            refusal = table.refusal(PLAY[c], viewer)
            if refusal is not None:
                why[card_name(c)] = refusal_text(refusal, phase=phase)
    return why


def _calls(calls: Sequence[Action], rules: Rules, snapshot: Snapshot,
           seat: int) -> list[str]:
    return [call_text(a, seating=rules.seating, dealer=snapshot.dealer, seat=seat,
                      upcard=snapshot.upcard, napoleon=rules.form == "napoleon")
            for a in calls]


def state_json(table: Table, viewer: int | None, *, started: bool,
               presence: Sequence[SeatPresence] = (),
               turn_deadline: float | None = None,
               results: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The table now as ``viewer`` (a seat, or ``None`` for a spectator) may see it.

    ``started``: whether the host has started the game (``phase`` is ``waiting``
    before, and nobody may act); ``presence``: the room's word on each seat;
    ``turn_deadline``: when the turn timer runs out (ms since the epoch);
    ``results``: the finished deals' :func:`result_json`, when the caller keeps them.

    It is :func:`seat_json` over :func:`public_json`: a face sending the table to many
    viewers builds the public part once.
    """
    public = public_json(table, started=started, presence=presence,
                         turn_deadline=turn_deadline, results=results)
    return seat_json(table, viewer, public)


def seat_json(table: Table, viewer: int | None, public: Mapping[str, Any]) -> dict[str, Any]:
    """The table as ``viewer`` may see it: ``public`` (:func:`public_json`, what a
    spectator sees) with the seat's own part from :meth:`Table.hand
    <euchre.table.model.Table.hand>`, the engine's view of that seat."""
    if viewer is None:
        return dict(public)
    hand = table.hand(viewer)
    rules = table.game.rules
    seating = rules.seating
    view = table.view(viewer)
    n = len(public["seats"])
    positions = SCREEN_POSITIONS[n]
    live = public["phase"] not in ("waiting", "over")
    seats = []
    for seat in public["seats"]:
        s = seat["seat"]
        role = ("you" if s == viewer
                else "partner" if seating.same_team(s, viewer) else "opponent")
        seats.append({**seat, "position": positions[(s - viewer) % n], "role": role})
    state = dict(public)
    state.update(
        viewer=viewer,
        team=hand.team,
        seats=seats,
        hand=[card_name(c) for c in hand.cards],
        legal=_labels(hand.legal, viewer, public["dealer"], public["maker"], rules)
        if live else [],
        why_not=_why_not(table, hand, public["phase"]) if live else {},
        new_card=None if hand.new_card is None else card_name(hand.new_card),
        discard=None if hand.discard is None else card_name(hand.discard),
        laid_away=[card_name(c) for c in view.laid_away],
        given=[{"giver": g, "receiver": r, "card": card_name(c)} for g, r, c in view.given],
    )
    return state


PRIVATE: Final = ("viewer", "team", "seats", "hand", "legal", "why_not", "new_card", "discard",
                  "laid_away", "given")
"""The fields of a state that :func:`seat_json` sets for its viewer."""


class StateEncoder:
    """Many viewers' states of one moment as JSON text, the public part encoded once.

    >>> from euchre.engine.game import Game
    >>> from euchre.table.model import Table
    >>> table = Table.for_bots(Game(seed=4), ["basic"] * 4)
    >>> public = public_json(table, started=True)
    >>> encoder = StateEncoder(table, public)
    >>> all(json.loads(encoder.encode(v)) == seat_json(table, v, public)
    ...     for v in (0, 1, 2, 3, None))
    True
    """

    def __init__(self, table: Table, public: Mapping[str, Any]) -> None:
        self.table = table
        self.public = public
        rest = _dumps({k: v for k, v in public.items() if k not in PRIVATE})
        self._rest = rest[1:]  # the closing brace is kept; the opening is the private's

    def encode(self, viewer: int | None) -> str:
        """The state as ``viewer`` may see it, as compact JSON text."""
        state = self.public if viewer is None else seat_json(self.table, viewer, self.public)
        return _dumps({k: state[k] for k in PRIVATE})[:-1] + "," + self._rest


def _dumps(data: Mapping[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def public_json(table: Table, *, started: bool, presence: Sequence[SeatPresence] = (),
                turn_deadline: float | None = None,
                results: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The table now as a spectator sees it: what every player sees (the arguments are
    :func:`state_json`'s)."""
    snapshot = table.snapshot(SPECTATOR)
    rules = table.game.rules
    view = table.view(0)  # its public part: bid, shown, tokens
    names = [seat.name for seat in table.seats]
    if not started:
        phase = "waiting"
    elif snapshot.game_over:
        phase = "over"
    else:
        phase = snapshot.phase
    live = started and not snapshot.game_over
    seats = []
    positions = SCREEN_POSITIONS[snapshot.players]
    for s in snapshot.seats:
        here = presence[s.seat] if s.seat < len(presence) else {}
        seats.append({
            "seat": s.seat,
            "name": s.name,
            "position": positions[s.seat],
            "place": s.place,
            "role": s.role,
            "kind": "bot" if s.kind == "bot" else "person",
            "bot": s.bot,
            "present": bool(here.get("present", s.kind == "bot")),
            "away_until": here.get("away_until"),
            "claimed": bool(here.get("claimed", s.kind != "bot")),
            "open": not here.get("claimed", s.kind != "bot"),
            "stand_in": bool(here.get("stand_in", False)),
            "cards": s.cards,
            "calls": _calls(s.calls, rules, snapshot, s.seat),
            "dealer": s.dealer,
            "maker": s.maker,
            "alone": s.alone,
            "sitting_out": s.sitting_out,
            "to_act": s.to_act and live,
        })
    return {
        "version": snapshot.version,
        "viewer": None,
        "team": None,
        "players": snapshot.players,
        "form": rules.form,
        "form_name": rules.form_name,
        "per_player": rules.per_player,
        "hand_size": rules.hand_size,
        "teams": team_names(rules),
        "phase": phase,
        "deal_number": snapshot.deal_number,
        "dealer": snapshot.dealer,
        "to_act": snapshot.to_act if live else -1,
        "maker": snapshot.maker,
        "trump": _suit(snapshot.trump),
        "bid": _bid(view.bid),
        "shown": _trick(view.shown),
        "tokens": list(view.tokens),
        "upcard": _card(snapshot.upcard),
        "upcard_state": snapshot.upcard_state,
        "kitty": snapshot.kitty,
        "seats": seats,
        "hand": [],
        "legal": [],
        "why_not": {},
        "new_card": None,
        "discard": None,
        "laid_away": [],
        "given": [],
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
        else [result_json(r, rules, names) for r in snapshot.results],
        "game_over": snapshot.game_over,
        "winner": snapshot.winner,
        "turn_deadline": turn_deadline,
    }


def replay_json(record: Record) -> dict[str, Any]:
    """Every step of a recorded game with all hands shown, for the replay viewer: a
    frame before the first action and after each one (with the action and its seat),
    with what the further forms add (the bid, the loners and the seats sitting out, the
    dealer's discard, cards shown, laid away and passed face down)."""
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
            "upcard": _card(game.upcard),
            "trump": _suit(trump),
            "maker": game.maker,
            "trick": _trick(game.current_trick),
            "tricks_won": list(game.tricks_won),
            "score": list(game.score),
            "action": said,
            # the further forms' extras: every one shown, the game being over
            "bid": _bid(game.bid),
            "alone": list(game.alone),
            "sitting_out": list(game.sitting_out),
            "discard": None if game.discard is None else _card(game.discard),
            "shown": _trick(game.shown),
            "laid_away": _trick(game.laid_away),
            "given": [{"giver": g, "receiver": r, "card": card_name(c)}
                      for g, r, c in game.given],
        })
    return {"players": n, "names": names, "teams": team_names(rules), "target": rules.target,
            "form": rules.form, "frames": frames,
            "results": [result_json(r, rules, names) for r in
                        (d.result for d in record.deals) if r is not None]}
