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

import functools
import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from euchre.engine.actions import (
    BID_WORDS,
    KIND_DISCARD,
    KIND_GIVE,
    KIND_PLAY,
    NO_TRUMP,
    PLAY,
    Action,
    Give,
)
from euchre.engine.cards import SUIT_CHARS, Card, card_name, parse_card, sort_cards, suit_char
from euchre.engine.deal import DealResult
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules, seat_name
from euchre.players.win_chance import deals_next, win_chance
from euchre.records.record import Record
from euchre.table.model import SPECTATOR, Event, Hand, Snapshot, Table
from euchre.table.wording import (
    BEFORE_THE_START,
    WATCHING,
    action_sentence,
    action_text,
    alone_word,
    bid_words,
    call_text,
    card_words,
    deal_over_sentence,
    end_words,
    gains_text,
    hand_words,
    idle_words,
    maker_words,
    order_word,
    phase_name,
    prompt_words,
    refusal_text,
    result_line,
    score_text,
    side_words,
    target_words,
    trick_sentence,
    trump_words,
    undo_sentence,
    upcard_words,
    verdict_headline,
    waiting_words,
)

__all__ = [
    "PRIVATE",
    "SCREEN_POSITIONS",
    "EventEncoder",
    "SeatPresence",
    "StateEncoder",
    "chances",
    "compact_json",
    "event_json",
    "last_action",
    "public_json",
    "replay_json",
    "result_json",
    "score_board",
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


def result_json(result: DealResult, rules: Rules, names: Sequence[str], *,
                last: Action | None = None) -> dict[str, Any]:
    """A finished deal: who made what (and the bid), the tricks, the points, what each
    side gained and the score, in words too: ``line`` (what happened; ``last``, the
    deal's last action, says why a deal was thrown in), ``made_line`` (who made what),
    ``gains_line`` (who scored), ``score_line`` (the score after it) and ``headline``
    (the summary's title, naming a euchre or a march); and ``chances`` (each side's
    chance of winning the game after it, where the game is four- or two-handed to a
    target; else ``None``)."""
    seating = rules.seating
    teams = team_names(rules)
    verdict = "thrown in" if result.thrown_in else result.verdict
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
        "verdict": verdict,
        "headline": verdict_headline(verdict),
        "line": result_line(result, seating, names, teams, last=last),
        "made_line": maker_words(result, seating, names, last=last),
        "gains_line": gains_text(result, teams),
        "score_line": score_text(result.score, teams),
        "chances": chances(result, rules),
    }


def chances(result: DealResult, rules: Rules) -> list[float] | None:
    """Each side's chance of winning the game after ``result`` (rounded to 0.001), from
    the self-play table of :func:`~euchre.players.win_chance.win_chance`: only four- and
    two-handed Euchre to a target are modelled (``None`` for the rest).

    >>> from euchre.engine.deal import DealResult
    >>> won = DealResult(dealer=0, trump=2, maker=1, alone=(), tricks=(1, 4), points=1,
    ...                  team=1, score=(9, 10))
    >>> chances(won, Rules()), chances(won, Rules.preset("napoleon")) is None
    ([0.0, 1.0], True)
    """
    if rules.form not in ("four_handed", "two_handed") or rules.target <= 0:
        return None
    mine, theirs = result.score[0], result.score[1]
    first = win_chance(rules, mine, theirs, deals_next(rules, result.dealer, 0))
    return [round(first, 3), round(1.0 - first, 3)]


def last_action(game: Game, deal: int) -> Action | None:
    """The last action of deal ``deal`` of ``game`` (which says why a deal was thrown
    in), or ``None``."""
    history = game.history
    actions = history[deal] if 0 <= deal < len(history) else ()
    return actions[-1] if actions else None


def event_json(event: Event, viewer: int | None, game: Game,
               names: Sequence[str]) -> dict[str, Any]:
    """``event`` of ``game`` as ``viewer`` may see it, in words for them too: ``text``
    (what the seat did: ``You pass.``, ``West plays 9♠.``), ``trick_text`` (who won
    the trick it completed) and ``result_text`` (how the deal it ended came out). A
    private action of another seat (a card laid away face down; a card given face down,
    which its receiver sees too) comes as its version with ``action`` ``None``, and its
    words do not name the card."""
    rules = game.rules
    seating = rules.seating
    seen = event.seen_by(viewer)
    outcome = seen.outcome
    action = seen.action
    if isinstance(action, Give) and viewer not in (seen.seat, seating.partner(seen.seat)):
        action = None
    result = outcome.result
    full = event.action
    return {
        "version": seen.version,
        "kind": seen.kind,
        "seat": seen.seat,
        "action": None if action is None else str(action),
        "trick": None if outcome.trick is None else _trick(outcome.trick),
        "trick_winner": outcome.winner,
        "result": None if result is None else result_json(result, rules, names, last=full),
        "game_over": outcome.game_over,
        "text": _event_text(event, viewer, game, names, seen=action is not None),
        "trick_text": None if outcome.trick is None or outcome.winner is None
        else trick_sentence(_name(outcome.winner, viewer, names),
                            you=outcome.winner == viewer),
        "result_text": None if result is None
        else deal_over_sentence(result, seating, names, team_names(rules), last=full),
    }


def _name(seat: int, viewer: int | None, names: Sequence[str], *, capital: bool = True) -> str:
    """A seat's name in a sentence for ``viewer``: "You" for their own."""
    if seat == viewer:
        return "You" if capital else "you"
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def _event_text(event: Event, viewer: int | None, game: Game, names: Sequence[str], *,
                seen: bool) -> str:
    """What the seat of ``event`` did, as a sentence for ``viewer``, with the facts of
    the deal it was made in (its dealer, upcard and maker)."""
    seat = event.seat
    who = _name(seat, viewer, names)
    action = event.action
    if event.kind == "undo" or action is None:
        return undo_sentence(who, you=seat == viewer)
    rules = game.rules
    seating = rules.seating
    deals = game.deals
    number = event.deal_number
    deal = deals[number] if 0 <= number < len(deals) else None
    results = game.results
    maker = results[number].maker if number < len(results) else game.maker
    receiver = event.shared_with if event.shared_with is not None else seating.partner(seat)
    return action_sentence(
        action, who=who, you=seat == viewer, seating=seating, seat=seat,
        dealer=game.dealer if deal is None else deal.dealer,
        upcard=game.upcard if deal is None else deal.upcard, maker=maker,
        napoleon=rules.form == "napoleon", seen=seen,
        receiver="" if receiver is None else _name(receiver, viewer, names, capital=False))


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


def seat_json(table: Table, viewer: int | None, public: Mapping[str, Any],
              shared: _Shared | None = None) -> dict[str, Any]:
    """The table as ``viewer`` may see it: ``public`` (:func:`public_json`, what every
    player sees) with the seat's own part from :meth:`Table.hand
    <euchre.table.model.Table.hand>`, the engine's view of that seat, and the status
    panel worded for the viewer (``None``: a spectator). ``shared``: the status rows
    every viewer of ``public`` shares, when the caller has them (:class:`StateEncoder`
    words them once for all its viewers)."""
    if viewer is None:
        spectator = dict(public)
        spectator["status"] = _status(spectator, table.game.rules, shared)
        spectator["board"] = score_board(spectator, table.game.rules)
        return spectator
    view = table.view(viewer)
    hand = table.hand(viewer, view)
    rules = table.game.rules
    seating = rules.seating
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
    legal = hand.legal if live else ()
    state.update(
        viewer=viewer,
        team=hand.team,
        seats=seats,
        hand=[card_name(c) for c in hand.cards],
        legal=_labels(legal, viewer, public["dealer"], public["maker"], rules),
        why_not=_why_not(table, hand, public["phase"]) if live else {},
        new_card=None if hand.new_card is None else card_name(hand.new_card),
        discard=None if hand.discard is None else card_name(hand.discard),
        laid_away=[card_name(c) for c in view.laid_away],
        given=[{"giver": g, "receiver": r, "card": card_name(c)} for g, r, c in view.given],
    )
    phase = public["phase"]
    if legal:
        state["prompt"] = prompt_words(
            phase, upcard=view.upcard, alone=alone_word(seating, public["maker"], viewer),
            bid=view.bid, napoleon=rules.form == "napoleon",
            lead_makes_trump=_lead_makes_trump(public))
    elif public["to_act"] >= 0:
        state["prompt"] = waiting_words(_name(public["to_act"], viewer, _names(public)))
    state.update(
        hand_words=hand_words(phase) if hand.legal_cards or any(
            a.kind in _CARD_KINDS for a in legal) else "",
        idle_words=idle_words(phase, my_turn=bool(legal)),
        side_words=side_words(public["winner"], hand.team, seating=seating)
        if public["game_over"] else "",
        status=_status(state, rules, shared),
    )
    state["board"] = score_board(state, rules)
    return state


def score_board(state: Mapping[str, Any], rules: Rules) -> list[dict[str, Any]]:
    """The score strip of ``state`` for its viewer: a row per scoring side, ``label``
    (``Us`` and ``Them`` for a seated partner, the player's name where each plays for
    themselves, ``You`` for the viewer's own, the sides' names for a spectator),
    ``short`` (the same, but a bot's seat by its place's initials: ``NW``), its
    ``score``, its ``tricks`` in this deal and whether it is the viewer's (``you``).

    >>> from euchre.engine.game import Game
    >>> from euchre.table.model import Table
    >>> table = Table.for_bots(Game(Rules(), seed=1), ["basic"] * 4)
    >>> [row["label"] for row in state_json(table, 1, started=True)["board"]]
    ['Them', 'Us']
    >>> [row["label"] for row in state_json(table, None, started=True)["board"]]
    ['North-South', 'East-West']
    """
    viewer = state["viewer"]
    team = state["team"]
    seating = rules.seating
    names = _names(state)
    rows = []
    for t, side in enumerate(state["teams"]):
        members = [s for s in range(len(state["seats"])) if seating.team_of[s] == t]
        label = side
        if len(members) == 1:
            label = _name(members[0], viewer, names)
        elif team is not None:
            label = "Us" if t == team else "Them"
        short = label
        if len(members) == 1 and members[0] != viewer \
                and state["seats"][members[0]]["kind"] == "bot":
            short = "".join(word[0] for word in state["seats"][members[0]]["place"].split("-"))
        rows.append({"label": label, "short": short, "score": state["score"][t],
                     "tricks": state["tricks_won"][t], "you": team == t})
    return rows


PRIVATE: Final = ("viewer", "team", "seats", "hand", "legal", "why_not", "new_card", "discard",
                  "laid_away", "given", "prompt", "hand_words", "idle_words", "side_words",
                  "status", "board")
"""The fields of a state that :func:`seat_json` sets for its viewer."""

_CARD_KINDS: Final = frozenset({KIND_PLAY, KIND_GIVE, KIND_DISCARD})
"""The kinds of the actions that choose a card of the hand (offered on the card itself)."""


def _names(state: Mapping[str, Any]) -> list[str]:
    return [str(seat["name"]) for seat in state["seats"]]


def _lead_makes_trump(state: Mapping[str, Any]) -> bool:
    """Whether the next card led makes trump (Napoleon's first lead)."""
    return (state["form"] == "napoleon" and state["phase"] == "play" and state["trump"] is None
            and not state["trick"])


def _trick_ordinal(state: Mapping[str, Any]) -> int:
    """The number of the trick on the table, or of the next one (``trick_number`` counts
    the trick on the table, or the tricks taken when none is)."""
    number: int = state["trick_number"]
    return number if state["trick"] else number + 1


@functools.lru_cache(maxsize=256)
def _card_words(name: str) -> str:
    """A card's name in records (``Qc``) in a sentence's words (``Q♣``)."""
    return card_words(parse_card(name))


@functools.lru_cache(maxsize=512)
def _upcard_words(name: str, state: str) -> str:
    return upcard_words(parse_card(name), state)


class _Shared:
    """The status panel's rows that read the same for every viewer of one moment (the
    phase, the upcard, trump, the bid, the target), worded once for all of them."""

    __slots__ = ("bid", "phase", "target", "trump", "upcard")

    def __init__(self, public: Mapping[str, Any], rules: Rules) -> None:
        phase = public["phase"]
        napoleon = rules.form == "napoleon"
        self.phase = ["Phase", public["phase_words"]]
        upcard = public["upcard"]
        self.upcard = [["Upcard", _upcard_words(upcard, public["upcard_state"]), upcard]] \
            if upcard else []
        trump = public["trump"]
        self.trump = ["Trump", trump_words(
            None if trump is None else NO_TRUMP if trump == "n" else SUIT_CHARS.index(trump),
            lead_makes_trump=napoleon and phase == "play")]
        bid = public["bid"]
        self.bid = [] if bid is None else [
            ["Bid", bid_words(_BIDS.get(bid) or int(bid), napoleon=napoleon)]]
        self.target = ["Target", target_words(public["target"], public["deals_limit"])]


def _status(state: Mapping[str, Any], rules: Rules,
            shared: _Shared | None = None) -> list[list[str]]:
    """The status panel of ``state`` for its viewer, as ``[term, text]`` rows (the
    upcard's row also names its card: ``[term, text, card]``): the phase, the deal, the
    upcard, trump, the bid, the maker, who is alone, the tricks and score of each side,
    and what the further forms add. ``shared``: the rows every viewer shares, when the
    caller has worded them (:class:`StateEncoder`)."""
    if shared is None:
        shared = _Shared(state, rules)
    viewer = state["viewer"]
    names = _names(state)

    def name(seat: int, capital: bool = True) -> str:
        return _name(seat, viewer, names, capital=capital)

    rows = [shared.phase]
    if state["phase"] != "waiting":
        rows.append(["Deal", f"{state['deal_number'] + 1}, dealt by "
                             f"{name(state['dealer'], False)}"])
    rows += shared.upcard
    rows.append(shared.trump)
    rows += shared.bid
    if state["maker"] is not None:
        rows.append(["Maker", name(state["maker"])])
    if rules.form == "four_handed":
        alone = [name(seat["seat"]) for seat in state["seats"] if seat["alone"]]
        rows.append(["Alone", ", ".join(alone) or "nobody"])
    team = state["team"]
    teams = [f"{side} (you)" if team == t else side for t, side in enumerate(state["teams"])]

    def sides(values: Sequence[int]) -> str:
        return " · ".join([f"{teams[t]} {v}" for t, v in enumerate(values)])

    rows.append(["Tricks", sides(state["tricks_won"])])
    rows.append(["Score", sides(state["score"])])
    if any(state["tokens"]):
        rows.append(["Tokens", sides(state["tokens"])])
    if state["shown"]:
        rows.append(["Shown", ", ".join([f"{name(x['seat'])} {_card_words(x['card'])}"
                                         for x in state["shown"]])])
    if state["laid_away"]:
        rows.append(["Laid away", ", ".join([_card_words(c) for c in state["laid_away"]])])
    for given in state["given"]:
        rows.append(["You gave" if given["giver"] == viewer else "You received",
                     _card_words(given["card"])])
    rows.append(shared.target)
    return rows


_BIDS: Final = {text: value for value, text in BID_WORDS.items()}
"""Each named bid's value, by its text."""


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
        rest = compact_json({k: v for k, v in public.items() if k not in PRIVATE})
        self._rest = rest[1:]  # the closing brace is kept; the opening is the private's
        self._encoded: dict[int | None, str] = {}
        self._shared = _Shared(public, table.game.rules)

    def encode(self, viewer: int | None) -> str:
        """The state as ``viewer`` may see it, as compact JSON text (made once for each
        viewer: two clients at one seat, or many spectators, share it)."""
        text = self._encoded.get(viewer)
        if text is None:
            state = seat_json(self.table, viewer, self.public, self._shared)
            text = compact_json({k: state[k] for k in PRIVATE})[:-1] + "," + self._rest
            self._encoded[viewer] = text
        return text


class EventEncoder:
    """One event as each viewer may see it (:func:`event_json`), as JSON text, made
    once for each way of seeing it: the seats it concerns (the one that acted, the
    partner or receiver of a card given, the trick's winner) each see it their own way,
    in words that say "you"; every other viewer, a spectator too, sees it the same.

    >>> from euchre.engine.game import Game
    >>> from euchre.table.model import Table
    >>> table = Table.for_bots(Game(seed=4), ["basic"] * 4)
    >>> names = [seat.name for seat in table.seats]
    >>> event = table.apply(table.bot_choice())
    >>> encoder = EventEncoder(event, table.game, names)
    >>> all(json.loads(encoder.encode(v)) == event_json(event, v, table.game, names)
    ...     for v in (0, 1, 2, 3, None))
    True
    """

    def __init__(self, event: Event, game: Game, names: Sequence[str]) -> None:
        self.event = event
        self.game = game
        self.names = names
        seat = event.seat
        partner = game.rules.seating.partner(seat) if 0 <= seat < game.rules.players else None
        self._concerned = {seat, event.shared_with, partner, event.outcome.winner}
        self._encoded: dict[int | None, str] = {}

    def encode(self, viewer: int | None) -> str:
        """The event as ``viewer`` may see it, as compact JSON text."""
        way = viewer if viewer in self._concerned else None
        text = self._encoded.get(way)
        if text is None:
            text = compact_json(event_json(self.event, way, self.game, self.names))
            self._encoded[way] = text
        return text


compact_json: Final = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False,
                                       check_circular=False).encode
"""A message as a frame: compact JSON, suit symbols as they are (one encoder made once;
a message is a tree built afresh, never circular)."""


def public_json(table: Table, *, started: bool, presence: Sequence[SeatPresence] = (),
                turn_deadline: float | None = None,
                results: Sequence[Mapping[str, Any]] | None = None,
                deal_break: float | None = None) -> dict[str, Any]:
    """What every player sees of the table now (the arguments are :func:`state_json`'s;
    ``deal_break``: when the pause after a finished deal ends, ms since the epoch):
    a spectator's state but for its status panel, which :func:`seat_json` words for
    each receiver (a spectator's too), as it words the rest of a seat's own part."""
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
    state: dict[str, Any] = {
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
        else [result_json(r, rules, names, last=last_action(table.game, d))
              for d, r in enumerate(snapshot.results)],
        "game_over": snapshot.game_over,
        "winner": snapshot.winner,
        "turn_deadline": turn_deadline,
        "deal_break": deal_break,
    }
    teams = state["teams"]
    ordinal = _trick_ordinal(state)
    end = end_words(snapshot.winner, snapshot.score, teams, seating=rules.seating) \
        if snapshot.game_over else ""
    if phase == "waiting":
        prompt = BEFORE_THE_START
    elif phase == "over":
        prompt = end
    elif live and snapshot.to_act >= 0:
        prompt = waiting_words(names[snapshot.to_act])
    else:
        prompt = ""
    state.update(
        phase_words=phase_name(phase, trick=ordinal),
        trick_words=f"Trick {ordinal}" if snapshot.trick else "",
        prompt=prompt,
        end_words=end,
        side_words="",
        hand_words=WATCHING,
        idle_words="",
    )
    return state


def replay_json(record: Record) -> dict[str, Any]:
    """Every step of a recorded game with all hands shown, for the replay viewer: a
    frame before the first action and after each one (with the action and its seat),
    with what the further forms add (the bid, the loners and the seats sitting out, the
    dealer's discard, cards shown, laid away and passed face down), and in words: the
    step (``text``: the action as a sentence, how a deal it ended came out, the end of
    the game), the phase, the bid and trump."""
    rules = record.rules
    n = rules.players
    seating = rules.seating
    napoleon = rules.form == "napoleon"
    names = [str(x) for x in record.metadata.get("players", [])]  # type: ignore[attr-defined]
    if len(names) != n:
        names = [seat_name(s, n) for s in range(n)]
    teams = team_names(rules)
    actions = [a for deal in record.deals for a in deal.actions]
    frames: list[dict[str, Any]] = []
    acting = -1
    before: Game | None = None
    for index, game in enumerate(record.states()):
        trump = game.trump
        said = None
        text = "Before the first move"
        if index > 0 and before is not None:
            action = actions[index - 1]
            said = {"seat": acting, "action": str(action), "label": action_text(action)}
            receiver = seating.partner(acting) if isinstance(action, Give) else None
            text = action_sentence(
                action, who=names[acting], you=False, seating=seating, seat=acting,
                dealer=before.dealer, upcard=before.upcard, maker=before.maker,
                napoleon=napoleon, receiver="" if receiver is None else names[receiver])
            if len(game.results) > len(before.results):
                text += " " + deal_over_sentence(game.results[-1], seating, names, teams,
                                                 last=action)
            if game.is_over():
                text += " The game is over. " + end_words(game.winner(), game.score, teams,
                                                          seating=seating)
        acting = game.to_act
        before = game
        phase = "over" if game.is_over() else str(game.phase)
        trick = len(game.tricks) + 1  # the trick on the table, or the next one
        frames.append({
            "text": text,
            "phase_words": phase_name(phase, trick=trick),
            "bid_words": None if game.bid is None else bid_words(game.bid, napoleon=napoleon),
            "trump_words": trump_words(trump, lead_makes_trump=napoleon and phase == "play"),
            "deal_number": game.deal_number,
            "phase": phase,
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
