"""The table: one game, its seats, its bots, its events, for every face.

A :class:`Table` owns one :class:`~euchre.engine.game.Game` and one :class:`Seat` per place:
a person at this machine, a bot, or a remote client (a person at another machine, the
web table's players). It applies each seat's actions (the engine refuses illegal ones,
with a :class:`~euchre.errors.Reason`), asks the bots, tells them when a deal and the
game end, and keeps the events of the table in order, each with a version. A
:class:`Snapshot` is the table as one seat, or a spectator, may see it: built from the
engine's view of that seat, so it holds no card that seat may not know.

Nothing here words anything for people (:mod:`euchre.table.wording` does), draws anything
(the faces do) or writes files (:mod:`euchre.table.autosave`); the faces listen to the table
through :meth:`Table.listen`.

>>> from euchre.engine.rules import Rules
>>> table = Table.for_bots(Game(Rules(target=1), seed=3), ["basic"] * 4)
>>> while not table.game_over:
...     _ = table.apply(table.bot_choice())
>>> table.version == len(table.events) and table.events[-1].outcome.game_over
True
>>> table.snapshot(None).hand, len(table.snapshot(0).seats)
((), 4)
"""

from __future__ import annotations

import contextlib
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from euchre.engine.actions import (
    KIND_ALONE,
    KIND_CALL,
    KIND_ORDER,
    KIND_PASS,
    Action,
    Discard,
    Give,
    Play,
)
from euchre.engine.cards import Card, sort_cards, trump_mask
from euchre.engine.deal import DealResult
from euchre.engine.game import NOTHING, Game, Outcome, Phase
from euchre.engine.rules import seat_name
from euchre.engine.view import PlayerView
from euchre.errors import EuchreError, IllegalActionError, Reason
from euchre.players import Player
from euchre.players.registry import make_player

__all__ = [
    "NO_HAND",
    "POSITIONS",
    "SPECTATOR",
    "TABLE_NAMES",
    "Event",
    "Hand",
    "HeldDeal",
    "Hint",
    "PlayerFactory",
    "Refusal",
    "Seat",
    "SeatState",
    "Snapshot",
    "Table",
    "table_names",
]

SeatKind = Literal["person", "bot", "remote"]

SPECTATOR: Final = None
"""The viewer of a :meth:`Table.snapshot` who holds no seat: sees what every player sees."""

POSITIONS: Final = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top-1", "top-2", "right"),
    6: ("bottom", "left", "top-1", "top-2", "top-3", "right"),
    7: ("bottom", "left", "top-1", "top-2", "top-3", "top-4", "right"),
}
"""Where each seat sits on a screen, counted clockwise from the viewer's own seat (with
more than four seats, the seats across the table sit in a row of boxes along the top,
``top-1`` the first clockwise)."""

_UPCARD_UP: Final = frozenset({Phase.BENNY, Phase.DECLARE, Phase.BID1})
"""The phases in which the upcard still lies face up (forms that turn one up)."""

TABLE_NAMES: Final = (
    "Ada", "Ben", "Cleo", "Dev", "Elsie", "Finn", "Gus", "Hana", "Iris", "Jonah",
    "Kay", "Lou", "Mabel", "Ned", "Olive", "Pip", "Rosa", "Sam", "Tess", "Walt",
)
"""The names the bots sit at a table under (a few, short, all different)."""


def table_names(seed: int, players: int, person: str = "You") -> list[str]:
    """The bots' names at a table, seat 1 on, drawn from :data:`TABLE_NAMES` by the seed
    (the same seed seats the same names), never the person's own name.

    >>> table_names(7, 4) == table_names(7, 4)
    True
    >>> len(set(table_names(7, 4, person="Ada"))), "Ada" in table_names(7, 4, person="Ada")
    (3, False)
    """
    free = [name for name in TABLE_NAMES if name.casefold() != person.casefold()]
    return random.Random(f"table names {seed}").sample(free, players - 1)


@dataclass(frozen=True, slots=True)
class Seat:
    """Who holds a seat: a ``person`` here, a ``bot`` (its spec in ``bot``) or a
    ``remote`` client."""

    kind: SeatKind
    name: str
    bot: str = ""
    """The bot's spec (``expert``, ``ext:...``) for a bot seat; empty otherwise."""

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays this seat."""
        return self.kind == "bot"


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened at the table, numbered by ``version`` (1, 2, ...).

    ``kind`` is ``action`` (a seat's decision and its :class:`~euchre.engine.game.Outcome`) or
    ``undo`` (the table went back to ``deal``/``actions``: redraw from a snapshot).
    A private action (a card laid away, a card passed face down as best) is seen only
    by its seat and, for a card passed, by ``shared_with`` (the lone player who
    receives it): everybody else gets :meth:`seen_by`'s copy with ``action`` ``None``,
    so the versions stay whole and gaps stay detectable, but no card leaks.
    """

    version: int
    kind: Literal["action", "undo"]
    seat: int
    action: Action | None
    outcome: Outcome
    deal_number: int
    """The deal the action was taken in (from 0)."""
    private: bool = False
    shared_with: int | None = None
    """The other seat that sees a private action (the receiver of a card passed)."""

    def seen_by(self, viewer: int | None) -> Event:
        """This event as ``viewer`` (a seat, or :data:`SPECTATOR`) may see it."""
        if not self.private or viewer == self.seat or (
                viewer is not None and viewer == self.shared_with):
            return self
        return Event(self.version, self.kind, self.seat, None, self.outcome,
                     self.deal_number, True, self.shared_with)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is refused: the engine's :class:`~euchre.errors.Reason` code, its
    words, and what they are about (the faces word it for people)."""

    code: Reason
    reason: str
    seat: int | None = None
    card: Card | None = None
    suit: int | None = None

    @classmethod
    def of(cls, error: IllegalActionError) -> Refusal:
        """The refusal an :class:`~euchre.errors.IllegalActionError` carries."""
        return cls(error.code, error.reason, error.seat, error.card, error.suit)


@dataclass(frozen=True, slots=True)
class Hint:
    """What the hint bot would do, with its value of every option when it gives them."""

    bot: str
    choice: Action
    values: tuple[tuple[Action, float], ...] | None
    """Options best first with the bot's value (expected points or tricks), or ``None``."""
    note: str = ""
    """Why there are no numbers, in words (empty when there are)."""


@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat at the table as a viewer sees it."""

    seat: int
    name: str
    position: str
    """``bottom`` (the viewer; seat 0 for a spectator), ``left``, ``top`` or ``right``."""
    place: str
    """The seat's compass name (:func:`~euchre.engine.rules.seat_name`): ``South``, ``West``..."""
    role: str
    """``you``, ``partner`` or ``opponent`` of the viewer (``player`` for a spectator)."""
    kind: str
    """Who holds the seat: ``person``, ``bot`` or ``remote``."""
    bot: str
    """The bot's spec, or ``human`` for a seat a person holds."""
    cards: int
    calls: tuple[Action, ...]
    """This deal's bids and going-alone answers of the seat, in order."""
    dealer: bool
    maker: bool
    alone: bool
    sitting_out: bool
    to_act: bool


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The table at one moment as one seat (or a spectator) may see it."""

    version: int
    """The version of the last event in it."""
    viewer: int | None
    players: int
    deal_number: int
    phase: str
    """The engine's phase, or ``done`` when a finished deal is still on the table."""
    dealer: int
    to_act: int
    seats: tuple[SeatState, ...]
    hand: tuple[Card, ...]
    """The viewer's cards, sorted (with the upcard while the viewer discards)."""
    legal_cards: frozenset[Card]
    """The cards of ``hand`` that may be chosen now (empty when no card is wanted)."""
    new_card: Card | None
    """The upcard in ``hand`` while the viewer discards."""
    upcard: Card
    upcard_state: str
    """``up`` (round one), ``down`` (turned down) or ``taken`` (accepted)."""
    kitty: int
    trump: int | None
    maker: int | None
    trick: tuple[tuple[int, Card], ...]
    trick_winner: int | None
    """The winner once ``trick`` is complete."""
    trick_number: int
    last_trick: tuple[tuple[int, Card], ...]
    last_winner: int | None
    tricks_won: tuple[int, ...]
    score: tuple[int, ...]
    target: int
    deals_limit: int
    legal: tuple[Action, ...]
    """The viewer's legal actions (empty when it is not their turn)."""
    hand_trumps: frozenset[Card] = frozenset()
    """The cards of ``hand`` that are trumps (the left bower too), once trump is known."""
    results: tuple[DealResult, ...] = ()
    """Every finished deal so far (the one on the table included)."""
    game_over: bool = False
    """Whether the game has ended."""
    discard: Card | None = None
    """The dealer's discard, for the dealer's own snapshot only."""
    team: int | None = None
    """The viewer's team (``None`` for a spectator)."""
    winner: int | None = None
    """The winning team once the game is over (``None`` before, or on a tie)."""
    next_to_act: int = -1
    """Who acts once a finished deal is cleared from the table (-1: nobody, the end);
    the same as ``to_act`` otherwise."""


@dataclass(frozen=True, slots=True)
class Hand:
    """What only one seat sees of the table: the private part of a :class:`Snapshot`."""

    viewer: int | None
    cards: tuple[Card, ...]
    """Sorted, trump first (with the upcard while the viewer discards)."""
    legal: tuple[Action, ...]
    legal_cards: frozenset[Card]
    new_card: Card | None
    trumps: frozenset[Card]
    discard: Card | None
    team: int | None


NO_HAND: Final = Hand(None, (), (), frozenset(), None, frozenset(), None, None)
"""A spectator's :class:`Hand`: nothing."""


@dataclass(frozen=True, slots=True)
class HeldDeal:
    """A finished deal kept on the table: the game before its last action, that action,
    the deal's result and (when the action was the last card) the last trick's winner."""

    before: Game
    seat: int
    action: Action
    result: DealResult
    winner: int | None = None


PlayerFactory = Callable[[str, int], Player]
Listener = Callable[["Table", Event], None]


class Table:
    """One game at one table: seats held by people, bots or remote clients.

    ``hint_bot`` names the bot asked for hints; ``practice`` lets a person take back
    decisions (:meth:`undo`); ``hold_deals`` keeps a finished deal on the table until
    :meth:`continue_play`, so every face can show its last trick; ``pace`` is the
    seconds between the bots' moves (:meth:`bot_delay`).
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        *,
        factory: PlayerFactory = make_player,
        hint_bot: str = "",
        practice: bool = False,
        hold_deals: bool = True,
        pace: float = 0.0,
    ) -> None:
        n = game.rules.players
        if len(seats) != n:
            raise EuchreError(f"a table of {n} players needs {n} seats, not {len(seats)}")
        self._game = game
        self.seats: tuple[Seat, ...] = tuple(seats)
        self._factory = factory
        self.bots: list[Player | None] = [
            factory(seat.bot, game.seed + s) if seat.is_bot else None
            for s, seat in enumerate(self.seats)
        ]
        self.hint_bot = hint_bot
        self._hint_bot: Player | None = None
        self.practice = practice
        self._hold_deals = hold_deals
        self._held: HeldDeal | None = None
        self._events: list[Event] = []
        self._views: dict[int, PlayerView] = {}
        """The views worked out at :attr:`_views_version` (:meth:`view`), by seat."""
        self._views_version = 0
        self._undo: list[tuple[int, Game]] = []
        """The game before each person's decision since the table opened, and its seat."""
        self._listeners: list[Listener] = []
        self._bot_lock = threading.Lock()
        self.pace = pace
        """Seconds between the bots' moves, for people to follow (0: at once)."""

    @classmethod
    def for_bots(cls, game: Game, bots: Sequence[str], **kwargs: object) -> Table:
        """A table of bots only (for watching, testing, a bot's own table)."""
        n = game.rules.players
        seats = [Seat("bot", seat_name(s, n), bot) for s, bot in enumerate(bots)]
        return cls(game, seats, **kwargs)  # type: ignore[arg-type]

    # -- questions ---------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game (faces draw from :meth:`snapshot`; a saver records this)."""
        return self._game

    @property
    def version(self) -> int:
        """The version of the last event (0 before the first)."""
        return len(self._events)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the table, in order (``events[v - 1]`` has version ``v``)."""
        return tuple(self._events)

    def events_since(self, version: int, viewer: int | None) -> tuple[Event, ...]:
        """The events after ``version``, as ``viewer`` may see them."""
        return tuple(e.seen_by(viewer) for e in self._events[max(version, 0):])

    @property
    def game_over(self) -> bool:
        """Whether the game has ended."""
        return self._game.is_over()

    @property
    def held_deal(self) -> HeldDeal | None:
        """The finished deal still on the table, if any (:meth:`continue_play`)."""
        return self._held

    @property
    def to_act(self) -> int:
        """The seat to act (-1 while a finished deal is on the table, or at the end)."""
        return -1 if self._held is not None else self._game.to_act

    def seat_to_act(self, seat: int) -> bool:
        """Whether it is ``seat``'s turn (and no finished deal waits on the table)."""
        return self._held is None and not self._game.is_over() and self._game.to_act == seat

    def bot_to_act(self) -> bool:
        """Whether a bot's move is due now."""
        seat = self.to_act
        return seat >= 0 and self.bots[seat] is not None

    def legal(self, seat: int | None = None) -> tuple[Action, ...]:
        """The legal actions of the seat to act (of ``seat``: empty unless its turn)."""
        if seat is not None and not self.seat_to_act(seat):
            return ()
        return tuple(self._game.legal_actions())

    def refusal(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why ``action`` (by ``seat``) would be refused now, or ``None`` when it is legal."""
        try:
            self._game.verify(action, seat)
        except IllegalActionError as error:
            return Refusal.of(error)
        return None

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now (the engine's view). Each seat's is worked out
        once a version: the game changes only with an event (a face drawing every
        seat's part and the public part asks several times for the same one)."""
        if self._views_version != len(self._events):
            self._views.clear()
            self._views_version = len(self._events)
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self._game.view(seat)
        return view

    # -- acting ------------------------------------------------------------------------

    def listen(self, listener: Listener) -> None:
        """Call ``listener(table, event)`` after every event."""
        self._listeners.append(listener)

    def apply(self, action: Action, seat: int | None = None) -> Event:
        """Apply the decision of the seat to act (checked to be ``seat`` when given) and
        return the event it made.

        Raises :class:`~euchre.errors.IllegalActionError` (with ``.code`` and
        ``.reason``) when the action is not legal; nothing changes then.
        """
        game = self._game
        acting = game.to_act
        deal_number = game.deal_number
        person = not self.seats[acting].is_bot if acting >= 0 else False
        decision = person and self.practice and len(game.legal_actions()) > 1
        before = game.copy() if decision or self._hold_deals else None
        outcome = game.apply(action, seat)
        self._held = None
        if decision:
            assert before is not None
            self._undo.append((acting, before))
        result = outcome.result
        if result is not None:
            if self._hold_deals:
                assert before is not None
                self._held = HeldDeal(before, acting, action, result, outcome.winner)
            for s, bot in enumerate(self.bots):
                if bot is not None:
                    with contextlib.suppress(EuchreError):
                        bot.deal_over(game.view(s), result)
        if outcome.game_over:
            for s, bot in enumerate(self.bots):
                if bot is not None:
                    with contextlib.suppress(EuchreError):
                        bot.game_over(game.view(s))
        given = isinstance(action, Give)
        event = Event(self.version + 1, "action", acting, action, outcome, deal_number,
                      private=given or isinstance(action, Discard),
                      shared_with=game.given[-1][1] if given and game.given else None)
        return self._emit(event)

    def _emit(self, event: Event) -> Event:
        self._events.append(event)
        for listener in self._listeners:
            listener(self, event)
        return event

    def continue_play(self) -> None:
        """Clear a finished deal from the table (the next deal shows)."""
        self._held = None

    def bot_choice(self) -> Action:
        """The choice of the bot whose turn it is."""
        seat = self._game.to_act
        bot = self.bots[seat] if seat >= 0 else None
        if bot is None:
            raise EuchreError("it is a person's turn, not a bot's")
        return self.ask_bot(bot, seat)

    def ask_bot(self, bot: Player, seat: int) -> Action:
        """Ask ``bot`` for seat ``seat``'s choice now (a bad answer falls back to the first
        legal action, so a broken bot can not stop the game).

        One bot thinks at a time: after :meth:`undo`, a move still being thought over
        for the game taken back finishes (and is dropped) before the next one starts.
        """
        game = self._game
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        with self._bot_lock:
            return self.decide(bot, game.view(seat), legal)

    @staticmethod
    def decide(bot: Player, view: PlayerView, legal: Sequence[Action]) -> Action:
        """``bot``'s choice from ``view`` among ``legal``; a bad answer (or a bot that
        fails) falls back to the first legal action. It touches no table, so it may run
        on another thread from the view and legal actions taken on the table's own
        (:meth:`bot_request`)."""
        if len(legal) == 1:
            return legal[0]
        try:
            action = bot.choose(view, list(legal))
        except EuchreError:
            return legal[0]
        return action if action in legal else legal[0]

    def bot_request(self) -> tuple[int, Player, PlayerView, tuple[Action, ...]] | None:
        """The bot due to move now, with its seat, view and legal actions (for
        :meth:`decide`, perhaps on another thread), or ``None`` when no bot's move is
        due."""
        seat = self.to_act
        bot = self.bots[seat] if seat >= 0 and not self._game.is_over() else None
        if bot is None:
            return None
        return seat, bot, self._game.view(seat), tuple(self._game.legal_actions())

    def bot_delay(self) -> float:
        """How long a bot waits before its move at this table's :attr:`pace`: twice the
        pace after a trick is taken (so people see it), the pace otherwise."""
        last = self._events[-1].outcome if self._events else NOTHING
        return self.pace * (2.0 if last.trick is not None else 1.0)

    def sit(self, seat: int, holder: Seat) -> None:
        """Give ``seat`` to ``holder`` from the next decision on: a person takes a bot's
        seat, or a bot stands in for a person who left. The game is unchanged."""
        if not 0 <= seat < len(self.seats):
            raise EuchreError(f"there is no seat {seat} at a table of {len(self.seats)}")
        seats = list(self.seats)
        seats[seat] = holder
        self.seats = tuple(seats)
        self.bots[seat] = self.new_bot(holder.bot, seat) if holder.is_bot else None

    def new_bot(self, spec: str, seat: int) -> Player:
        """A new bot of ``spec`` for ``seat``, made as this table makes its bots."""
        return self._factory(spec, self._game.seed + seat)

    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` can not take anything back now, in words (``None``: it can)."""
        if not self.practice:
            return ("Undo is off in games that count for statistics "
                    "(a practice game allows it).")
        if not self._undo:
            return "There is no card or bid of yours to take back yet."
        return None

    def undo(self) -> Action:
        """Take back the last decision of a person (a forced card is not one) and return
        it.

        The game goes back to just before that decision: the bots' moves after it are
        taken back too, and they decide again. Only a practice table allows it;
        otherwise, or with nothing to take back, this raises
        :class:`~euchre.errors.EuchreError` with :meth:`undo_refusal`'s words. The table
        records an ``undo`` event (faces redraw from a snapshot).
        """
        reason = self.undo_refusal()
        if reason is not None:
            raise EuchreError(reason)
        taken_back = [a for deal in self._game.history for a in deal]
        seat, self._game = self._undo.pop()
        done = sum(len(deal) for deal in self._game.history)
        self._held = None
        action = taken_back[done]
        self._emit(Event(self.version + 1, "undo", seat, action, NOTHING,
                         self._game.deal_number))
        return action

    def hint(self, request: tuple[PlayerView, list[Action]] | None = None,
             seat: int | None = None) -> Hint:
        """What the hint bot would do in the place of the seat to act (or of the view in
        ``request``, taken with :meth:`hint_request`), with numbers if it has an
        ``evaluate(view, legal)`` method."""
        name = self.hint_bot
        if self._hint_bot is None:
            self._hint_bot = self._factory(name, self._game.seed + 97)
        bot = self._hint_bot
        view, legal = request or self.hint_request(self._game.to_act if seat is None else seat)
        evaluate = getattr(bot, "evaluate", None)
        if callable(evaluate):
            raw = evaluate(view, legal)
            if isinstance(raw, Mapping) and raw:
                values = [(a, float(v)) for a, v in raw.items() if a in legal]
                if values:
                    values.sort(key=lambda item: -item[1])
                    return Hint(name, values[0][0], tuple(values))
        if len(legal) == 1:
            return Hint(name, legal[0], None, "the only legal choice")
        try:
            choice = bot.choose(view, legal)
        except EuchreError:
            choice = legal[0]
        note = (f"{name} weighs no numbers for this one: it decides it by rule"
                if callable(evaluate) else f"{name} gives no numbers, only its choice")
        return Hint(name, choice if choice in legal else legal[0], None, note)

    def hint_request(self, seat: int) -> tuple[PlayerView, list[Action]]:
        """``seat``'s view and legal actions now, for :meth:`hint` (take them on the
        thread that changes the game; :meth:`hint` may then run on another)."""
        return self._game.view(seat), self._game.legal_actions()

    # -- describing --------------------------------------------------------------------

    def snapshot(self, viewer: int | None) -> Snapshot:
        """The table now as seat ``viewer`` (or :data:`SPECTATOR`) may see it; a
        finished deal stays on it until :meth:`continue_play`."""
        held = self._held
        if held is None:
            return self._snapshot(self._game, None, viewer)
        return self._snapshot(held.before, held, viewer)

    def _snapshot(self, game: Game, held: HeldDeal | None, viewer: int | None) -> Snapshot:
        n = game.rules.players
        seating = game.rules.seating
        rules = game.rules
        seat = 0 if viewer is None else viewer
        view = self.view(seat) if held is None else game.view(seat)
        phase = view.phase
        calls = list(view.calls)
        trick = view.trick
        hands = [game.hand_mask(s).bit_count() + game.unknown_count(s) for s in range(n)]
        tricks_won = view.tricks_won
        tricks = view.tricks
        trump = view.trump
        trick_winner: int | None = None
        to_act = view.to_act
        if held is not None:
            phase = "done"
            to_act = -1
            action = held.action
            if isinstance(action, Play):
                trick = (*trick, (held.seat, action.card))
                hands[held.seat] -= 1
                tricks_won = held.result.tricks
                trick_winner = held.winner
            elif action.kind in (KIND_PASS, KIND_ORDER, KIND_CALL, KIND_ALONE):
                calls.append((held.seat, action))
        calls_by_seat: list[list[Action]] = [[] for _ in range(n)]
        for s, a in calls:
            calls_by_seat[s].append(a)
        hand = self._hand(game, held, viewer, view)
        if game.phase in _UPCARD_UP and rules.has_upcard:
            upcard_state = "up"
        elif trump is not None and any(a.kind == KIND_ORDER for _, a in calls):
            upcard_state = "taken"
        else:
            upcard_state = "down"
        last_trick: tuple[tuple[int, Card], ...] = tricks[-1] if tricks else ()
        last_winner: int | None = None
        if last_trick:
            last_winner = game.trick_winners[-1]
        if held is not None and trick_winner is not None:
            last_trick, last_winner = trick, trick_winner
        me = 0 if viewer is None else viewer
        positions = POSITIONS[n]

        def role(s: int) -> str:
            if viewer is None:
                return "player"
            if s == viewer:
                return "you"
            return "partner" if seating.same_team(s, viewer) else "opponent"

        seats = tuple(
            SeatState(
                seat=s,
                name=self.seats[s].name,
                position=positions[(s - me) % n],
                place=seat_name(s, n),
                role=role(s),
                kind=self.seats[s].kind,
                bot=self.seats[s].bot if self.seats[s].is_bot else "human",
                cards=hands[s],
                calls=tuple(calls_by_seat[s]),
                dealer=s == view.dealer,
                maker=s == view.maker,
                alone=s in view.alone,
                sitting_out=s in view.sitting_out,
                to_act=s == to_act,
            )
            for s in range(n)
        )
        return Snapshot(
            version=self.version,
            viewer=viewer,
            players=n,
            deal_number=view.deal_number,
            phase=phase,
            dealer=view.dealer,
            to_act=to_act,
            seats=seats,
            hand=hand.cards,
            legal_cards=hand.legal_cards,
            new_card=hand.new_card,
            upcard=view.upcard,
            upcard_state=upcard_state,
            kitty=rules.kitty_size - (1 if rules.has_upcard else 0),
            trump=trump,
            maker=view.maker,
            trick=trick,
            trick_winner=trick_winner,
            trick_number=len(tricks) + (1 if trick else 0),
            last_trick=last_trick,
            last_winner=last_winner,
            tricks_won=tricks_won,
            score=self._game.score if held is None else held.result.score,
            target=rules.target,
            deals_limit=rules.deals,
            legal=hand.legal,
            hand_trumps=hand.trumps,
            results=self._game.results,
            game_over=self._game.is_over(),
            discard=hand.discard,
            team=hand.team,
            winner=self._game.winner(),
            next_to_act=self._game.to_act,
        )

    def hand(self, viewer: int | None, view: PlayerView | None = None) -> Hand:
        """What only ``viewer`` sees of the table now (nothing for a spectator): the
        private part of :meth:`snapshot`, for a face that builds the public part once
        for every viewer (``snapshot(SPECTATOR)``). ``view`` is :meth:`view` of
        ``viewer``, when the caller has it already (it is worked out again while a
        finished deal stays on the table, whose hands are those before its last card)."""
        held = self._held
        if held is not None:
            return self._hand(held.before, held, viewer)
        return self._hand(self._game, None, viewer, view)

    def _hand(self, game: Game, held: HeldDeal | None, viewer: int | None,
              view: PlayerView | None = None) -> Hand:
        if viewer is None:
            return NO_HAND
        if view is None:
            view = self.view(viewer) if held is None else game.view(viewer)
        turn = held is None and view.to_act == viewer and not game.is_over()
        legal = tuple(game.legal_actions()) if turn else ()
        cards = list(view.hand)
        if held is not None and held.seat == viewer and isinstance(held.action, Play):
            cards.remove(held.action.card)
        new_card: Card | None = None
        legal_cards: frozenset[Card] = frozenset()
        if turn and game.phase is Phase.EXCHANGE:
            new_card = view.upcard
            cards.append(view.upcard)
            legal_cards = frozenset(a.card for a in legal if isinstance(a, Discard))
        elif turn and game.phase is Phase.PLAY:
            legal_cards = frozenset(a.card for a in legal if isinstance(a, Play))
        trump = view.trump
        order = game.rules.trump_order
        trumps = frozenset() if trump is None else frozenset(
            c for c in cards if c >= 0 and trump_mask(trump, order=order) >> c & 1)
        return Hand(viewer, tuple(sort_cards(cards, trump, order=order)), legal, legal_cards,
                    new_card,
                    trumps, view.discard, game.rules.seating.team(viewer))
