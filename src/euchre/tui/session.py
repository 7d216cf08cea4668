"""The game behind the terminal table, without any screen: seats, bots, saving, hints.

A :class:`GameSession` owns one :class:`~euchre.game.Game` with a person at seat 0 and
bots in the other seats. It applies actions (the engine refuses illegal ones with its
reason), saves the record after every action, tells the bots when a deal and the game
end, keeps the statistics at the end, and describes the table as a
:class:`TableState` for the screen to draw. Nothing here knows a rule of Euchre: the
game says what is legal, who won a trick and what a deal scored.

>>> from euchre.rules import Rules
>>> session = GameSession.start(PlayConfig(rules=Rules(target=1), partner="basic",
...                                        opponents="basic", seed=3), save=False)
>>> while not session.game.is_over():
...     if session.human_to_act():
...         _ = session.apply(session.hint().choice)
...     else:
...         _ = session.apply(session.bot_choice())
>>> session.game.winner() in (0, 1)
True
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Final

from euchre.actions import (
    KIND_ALONE,
    KIND_CALL,
    KIND_ORDER,
    KIND_PASS,
    Action,
    Call,
    Discard,
    GoAlone,
    Order,
    Pass,
    Play,
)
from euchre.cards import Card, sort_cards, suit_name, trick_winner_index, trump_mask
from euchre.deal import DealResult
from euchre.errors import EuchreError, IllegalActionError
from euchre.game import Game, Phase
from euchre.narrate import agree, conjugate
from euchre.players import Player
from euchre.players.registry import available_bots, check_spec, make_player
from euchre.rules import Rules, seat_name
from euchre.text import plural
from euchre.tui.style import card_face
from euchre.view import PlayerView

__all__ = [
    "STRONGEST_BOT",
    "TABLE_NAMES",
    "GameSession",
    "Hint",
    "PlayConfig",
    "SeatState",
    "Step",
    "TableState",
    "strongest_bot",
    "table_names",
]

STRONGEST_BOT: Final = "expert"
"""Bots from the strongest down; the first one available is the default."""

HUMAN: Final = 0
"""The person's seat (shown at the bottom of the table)."""

_SYMBOLS: Final = "♣♦♥♠"
_POSITIONS_4: Final = ("bottom", "left", "top", "right")
_POSITIONS_2: Final = ("bottom", "top")

TABLE_NAMES: Final = (
    "Ada", "Ben", "Cleo", "Dev", "Elsie", "Finn", "Gus", "Hana", "Iris", "Jonah",
    "Kay", "Lou", "Mabel", "Ned", "Olive", "Pip", "Rosa", "Sam", "Tess", "Walt",
)
"""The names the bots sit at the table under (a few, short, all different)."""


def strongest_bot() -> str:
    """The strongest bot there is: the default partner, opponents and hint bot."""
    return STRONGEST_BOT


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
class PlayConfig:
    """Everything a new game is set up with (the start screen edits it)."""

    rules: Rules = field(default_factory=Rules)
    partner: str = ""
    """The partner's bot (empty: the strongest available)."""
    opponents: str = ""
    """The opponents' bot (empty: the strongest available)."""
    seed: int | None = None
    name: str = "You"
    speed: float = 0.8
    """Seconds between bots' moves (0: instant)."""
    hint_bot: str = ""
    """The bot asked for hints (empty: the strongest available)."""
    practice: bool = False
    """A practice game: the person may take back decisions (:meth:`GameSession.undo`),
    and the game does not count for the statistics."""

    def resolved(self) -> PlayConfig:
        """The same config with empty bot names replaced by the strongest bot, and bot
        names checked (an unknown one raises :class:`~euchre.errors.EuchreError`)."""
        best = strongest_bot()
        name = " ".join(self.name.split())[:20] or "You"
        return dataclasses.replace(
            self,
            partner=check_spec(self.partner or best),
            opponents=check_spec(self.opponents or best),
            hint_bot=check_spec(self.hint_bot or best),
            name=name,
            speed=min(max(self.speed, 0.0), 10.0),
        )


@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat at the table as the person sees it."""

    seat: int
    name: str
    position: str
    """``bottom`` (the person), ``left``, ``top`` or ``right``."""
    place: str
    """The seat's compass name (:func:`~euchre.rules.seat_name`): ``South``, ``West``..."""
    role: str
    """``you``, ``partner`` or ``opponent``."""
    bot: str
    cards: int
    calls: tuple[str, ...]
    dealer: bool
    maker: bool
    alone: bool
    sitting_out: bool
    to_act: bool


@dataclass(frozen=True, slots=True)
class TableState:
    """What the screen draws: the table at one moment, from seat 0's point of view."""

    players: int
    deal_number: int
    phase: str
    """The engine's phase, or ``done`` when a finished deal is still on the table."""
    dealer: int
    to_act: int
    seats: tuple[SeatState, ...]
    hand: tuple[Card, ...]
    """The cards the person may pick from, sorted (with the upcard while discarding)."""
    legal_cards: frozenset[Card]
    """The cards of ``hand`` that may be chosen now (empty when no card is wanted)."""
    new_card: Card | None
    """The upcard in ``hand`` while the person discards."""
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
    tricks_won: tuple[int, int]
    score: tuple[int, int]
    target: int
    deals_limit: int
    legal: tuple[Action, ...]
    """The person's legal actions (empty when it is not their turn)."""
    hand_trumps: frozenset[Card] = frozenset()
    """The cards of ``hand`` that are trumps (the left bower too), once trump is known."""


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
class Step:
    """One applied action and what it brought."""

    seat: int
    action: Action
    trick: tuple[tuple[int, Card], ...] | None
    """The trick this action completed, if it did."""
    trick_winner: int | None
    result: DealResult | None
    """The result of the deal this action ended, if it did."""
    game_over: bool


@dataclass(frozen=True, slots=True)
class _Frozen:
    """A finished deal kept on the table: the game before its last action, and that
    action."""

    before: Game
    seat: int
    action: Action
    result: DealResult


PlayerFactory = Callable[[str, int], Player]


class GameSession:
    """One game at the terminal: seat 0 is the person, the others are bots."""

    def __init__(
        self,
        game: Game,
        config: PlayConfig,
        *,
        path: Path | None,
        metadata: Mapping[str, object] | None = None,
        factory: PlayerFactory = make_player,
        opened: bool = False,
    ) -> None:
        self.config = config = config.resolved()
        self.game = game
        self.path = path
        self.players_count = n = game.rules.players
        self.bot_names: list[str] = ["human"] + [
            config.partner if (s - HUMAN) % 2 == 0 else config.opponents for s in range(1, n)
        ]
        players = (metadata or {}).get("players")
        if (isinstance(players, list) and len(players) == n
                and all(isinstance(p, str) and p for p in players)):
            self.names: list[str] = [config.name, *players[1:]]
        else:
            self.names = [config.name, *table_names(game.seed, n, config.name)]
        self.practice = config.practice
        """Whether the person may take back decisions (then the game is not counted)."""
        self._undo: list[Game] = []
        """The game before each of the person's decisions since the session opened."""
        self._bot_lock = threading.Lock()
        self._factory = factory
        self.bots: list[Player | None] = [None] + [
            factory(self.bot_names[s], game.seed + s) for s in range(1, n)
        ]
        self._hint_bot: Player | None = None
        base = dict(metadata or {})
        base.update(
            {
                "title": f"{config.name} against the bots",
                "players": self.names,
                "bots": self.bot_names,
                "human_seat": HUMAN,
                "practice": self.practice,
                "app": "euchre play",  # storage.APP: the mark of a game that may resume
            }
        )
        base.setdefault("date", datetime.now().isoformat(timespec="seconds"))
        self.metadata: dict[str, object] = base
        self.frozen: _Frozen | None = None
        self.save_error: str | None = None
        """Why the last save did not go where it belongs (and where it went), in words."""
        self.stats_error: str | None = None
        self.version = 0
        """Counts applied actions (a pending bot move checks it has not gone stale)."""
        self._saved: tuple[tuple[Action, ...], ...] | None = game.history if opened else None
        self._hold = opened
        """A game read from ``path`` writes nothing until the person moves (or it ends)."""
        self._spare: Path | None = None
        self._moved: str | None = None
        """Why the record went to the spare folder, once it has."""
        self._failed = False
        self.save()

    # -- building ----------------------------------------------------------------------

    @classmethod
    def start(
        cls, config: PlayConfig, *, save: bool = True, factory: PlayerFactory = make_player
    ) -> GameSession:
        """A new game under ``config`` (saved in the data folder when ``save``)."""
        config = config.resolved()
        seed = config.seed if config.seed is not None else random.SystemRandom().getrandbits(32)
        game = Game(config.rules, seed=seed)
        path = None
        if save:
            from euchre.storage import new_game_path

            path = new_game_path(seed)
        return cls(game, dataclasses.replace(config, seed=seed), path=path, factory=factory)

    @classmethod
    def resume(
        cls,
        path: Path,
        changes: Mapping[str, object] | None = None,
        *,
        factory: PlayerFactory = make_player,
    ) -> GameSession:
        """Go on with a saved game. Bots, name and seed come from the record; ``changes``
        (``partner``, ``opponents``, ``hint_bot``, ``name``, ``speed``, ``practice``)
        override them (a practice game stays one).

        Only an unfinished game the terminal saved goes on; anything else raises
        :class:`~euchre.errors.EuchreError` with one line
        (:func:`~euchre.storage.resume_game`). The file is not written until the person
        makes a move."""
        from euchre.storage import resume_game

        game, metadata = resume_game(path)
        config = PlayConfig(rules=game.rules, seed=game.seed)
        bots = metadata.get("bots")
        available = set(available_bots())
        if isinstance(bots, list) and len(bots) == game.rules.players:
            names = [b if isinstance(b, str) and b in available else "" for b in bots]
            config = dataclasses.replace(
                config,
                partner=names[2] if len(names) == 4 else "",
                opponents=names[1],
            )
        players = metadata.get("players")
        if isinstance(players, list) and players and isinstance(players[0], str):
            config = dataclasses.replace(config, name=players[0])
        if changes:
            config = dataclasses.replace(config, **changes)  # type: ignore[arg-type]
        practice = config.practice or metadata.get("practice") is True
        config = dataclasses.replace(config, rules=game.rules, seed=game.seed, practice=practice)
        return cls(game, config, path=Path(path), metadata=metadata, factory=factory,
                   opened=True)

    # -- questions ---------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self.game.rules

    def human_to_act(self) -> bool:
        """Whether it is the person's turn (and no finished deal waits on the table)."""
        return self.frozen is None and not self.game.is_over() and self.game.to_act == HUMAN

    def legal(self) -> list[Action]:
        """The legal actions of the seat to act."""
        return self.game.legal_actions()

    def forced(self) -> Action | None:
        """The person's only legal card, when they have no choice in the play."""
        if not self.human_to_act() or self.game.phase is not Phase.PLAY:
            return None
        legal = self.game.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def team_name(self, team: int) -> str:
        """``Us``/``Them`` (two-handed: the two players' names)."""
        if self.players_count == 2:
            return self.names[team]
        return "Us" if team == HUMAN % 2 else "Them"

    def seat_label(self, seat: int) -> str:
        """A seat's name for sentences ("You", "Ada")."""
        return self.names[seat]

    def display_name(self, seat: int) -> str:
        """A seat's name with its bot: ``Ada (expert)``; the person's name alone."""
        if seat == HUMAN:
            return self.names[seat]
        return f"{self.names[seat]} ({self.bot_names[seat]})"

    def seats_lines(self) -> list[str]:
        """Who sits where, a line a seat: ``South: You``, ``West: Ada (expert)``,
        ``North: Ben (expert), partner``."""
        n = self.players_count
        lines = []
        for seat in range(n):
            role = ", partner" if seat != HUMAN and seat % 2 == HUMAN % 2 else ""
            lines.append(f"{seat_name(seat, n)}: {self.display_name(seat)}{role}")
        return lines

    # -- acting ------------------------------------------------------------------------

    def bot_choice(self) -> Action:
        """The choice of the bot whose turn it is."""
        seat = self.game.to_act
        bot = self.bots[seat]
        if bot is None:
            raise EuchreError("it is the person's turn, not a bot's")
        return self.ask_bot(bot, seat)

    def ask_bot(self, bot: Player, seat: int) -> Action:
        """Ask ``bot`` for seat ``seat``'s choice now (a bad answer falls back to the first
        legal action, so a broken bot can not stop the game).

        One bot thinks at a time: after :meth:`undo`, a move still being thought over
        for the game taken back finishes (and is dropped) before the next one starts.
        """
        game = self.game
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        with self._bot_lock:
            try:
                action = bot.choose(game.view(seat), legal)
            except EuchreError:
                return legal[0]
        return action if action in legal else legal[0]

    def apply(self, action: Action) -> Step:
        """Apply the decision of the seat to act, save, and say what it brought.

        Raises :class:`~euchre.errors.IllegalActionError` (with ``.reason``) when the
        action is not legal; nothing changes then.
        """
        self.frozen = None
        game = self.game
        before = game.copy()
        seat = game.to_act
        results = len(game.results)
        tricks = len(game.tricks)
        decision = seat == HUMAN and self.practice and len(game.legal_actions()) > 1
        game.apply(action)
        self.version += 1
        if decision:
            self._undo.append(before)
        result = game.results[-1] if len(game.results) > results else None
        trick: tuple[tuple[int, Card], ...] | None = None
        winner: int | None = None
        if result is not None and isinstance(action, Play):
            trick = (*before.current_trick, (seat, action.card))
        elif len(game.tricks) > tricks:
            trick = game.tricks[-1]
        if trick is not None:
            trump = before.trump
            assert trump is not None
            winner = trick[trick_winner_index([c for _, c in trick], trump)][0]
        if result is not None:
            self.frozen = _Frozen(before, seat, action, result)
            for s, bot in enumerate(self.bots):
                if bot is not None:
                    with contextlib.suppress(EuchreError):
                        bot.deal_over(game.view(s), result)
        over = game.is_over()
        if over:
            for s, bot in enumerate(self.bots):
                if bot is not None:
                    with contextlib.suppress(EuchreError):
                        bot.game_over(game.view(s))
        if seat == HUMAN or over:
            self._hold = False
        self.save()
        if over:
            self._record_stats()
        return Step(seat, action, trick, winner, result, over)

    def continue_play(self) -> None:
        """Clear a finished deal from the table (the next deal shows)."""
        self.frozen = None

    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` can not take anything back now, in words (``None``: it can)."""
        if not self.practice:
            return ("Undo is off in games that count for statistics "
                    "(a practice game allows it).")
        if not self._undo:
            return "There is no card or bid of yours to take back yet."
        return None

    def undo(self) -> Action:
        """Take back the person's last decision (a forced card is not one) and return it.

        The game goes back to just before that decision: the bots' moves after it are
        taken back too, and they decide again. The record is saved as the game now
        stands, so it replays as if the decision had never been made; its metadata counts
        the ``undos``. Only a practice game allows it (it never counts for the
        statistics); otherwise, or with nothing to take back, this raises
        :class:`~euchre.errors.EuchreError` with :meth:`undo_refusal`'s words.
        """
        reason = self.undo_refusal()
        if reason is not None:
            raise EuchreError(reason)
        taken_back = [a for deal in self.game.history for a in deal]
        self.game = self._undo.pop()
        done = sum(len(deal) for deal in self.game.history)
        self.frozen = None
        self.version += 1
        undos = self.metadata.get("undos")
        self.metadata["undos"] = (undos if isinstance(undos, int) else 0) + 1
        self._hold = False
        self.save()
        return taken_back[done]

    def refusal(self, action: Action) -> str | None:
        """Why ``action`` is refused now, in words for the person (``None``: legal)."""
        if action in self.game.legal_actions():
            return None
        probe = self.game.copy()
        try:
            probe.apply(action)
        except IllegalActionError as error:
            return person_reason(error.reason)
        return None

    def hint_request(self) -> tuple[PlayerView, list[Action]]:
        """The person's view and legal actions now, for :meth:`hint` (take them on the
        thread that changes the game; :meth:`hint` may then run on another)."""
        return self.game.view(HUMAN), self.game.legal_actions()

    def hint(self, request: tuple[PlayerView, list[Action]] | None = None) -> Hint:
        """What the hint bot would do in the person's place (with numbers if it has
        an ``evaluate(view, legal)`` method)."""
        name = self.config.hint_bot
        if self._hint_bot is None:
            self._hint_bot = self._factory(name, self.game.seed + 97)
        bot = self._hint_bot
        view, legal = request or self.hint_request()
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

    # -- saving ------------------------------------------------------------------------

    def save(self) -> None:
        """Write the record (atomically) if it changed since the last save.

        A resumed game is not written before the person's first move, so opening a file
        never changes it. When the record can not be written (a file where the folder
        should be, no permission, a full or read-only disk), the game goes on:
        :attr:`save_error` says why in one line, and the record goes to a new folder in
        the system's temporary folder instead (:attr:`path` then names it, and
        :attr:`save_error` keeps saying so); if even that fails, the next action tries
        again.
        """
        if self.path is None or self._hold:
            return
        history = self.game.history
        if history == self._saved:
            return
        from euchre.storage import SaveError, save_game

        try:
            save_game(self.game, self.metadata, self.path)
        except SaveError as error:
            self.save_error = self._save_elsewhere(error.problem)
            return
        self._saved = history
        self._failed = False
        self.save_error = None
        if self._moved is not None:
            self.save_error = f"{self._moved}; the game is saved to {self.path} instead"

    def _save_elsewhere(self, problem: str) -> str:
        """Save to a spare folder after a failed save; the line that tells the person."""
        import tempfile

        from euchre.storage import SaveError, save_game

        assert self.path is not None
        self._failed = True
        again = "the game goes on, and the next move tries again"
        if self._spare is None:
            try:
                self._spare = Path(tempfile.mkdtemp(prefix="euchre-games-"))
            except OSError:
                return f"{problem}; {again}"
        spare = self._spare / self.path.name
        if spare == self.path:
            return f"{problem}; {again}"
        try:
            save_game(self.game, self.metadata, spare)
        except SaveError as error:
            return f"{problem} (and {error.problem}); {again}"
        self.path = spare
        self._saved = self.game.history
        self._failed = False
        self._moved = problem
        return f"{problem}; the game is saved to {spare} instead"

    def exit_text(self) -> str:
        """What to print when the terminal closes: where the record is, how to go on."""
        from euchre.invocation import command
        from euchre.storage import find_unfinished

        path = self.path
        if path is None:
            return ""
        if self._failed:
            return f"Could not save the game: {self.save_error}"
        why = f", because {self._moved}" if self._moved else ""
        if self.game.is_over():
            return f"Game record: {path}{why}\nWatch it again: {command('replay', path)}"
        newest = find_unfinished() == path
        again = command("play", "--resume") if newest else command("play", "--resume", path)
        return f"Game saved to {path}{why}\nResume it with: {again}"

    def _record_stats(self) -> None:
        if self.path is None or self.practice:
            return
        from euchre.storage import StatsDB, game_stats

        rules = self.rules.preset_name() or "custom"
        try:
            StatsDB().add_game(self.path.name, game_stats(self.game, HUMAN), rules=rules)
            self.stats_error = None
        except EuchreError as error:
            self.stats_error = str(error)

    # -- describing --------------------------------------------------------------------

    def table(self) -> TableState:
        """The table now (a finished deal stays on it until :meth:`continue_play`)."""
        frozen = self.frozen
        if frozen is None:
            return self._table(self.game, None)
        return self._table(frozen.before, frozen)

    def _table(self, game: Game, frozen: _Frozen | None) -> TableState:
        n = self.players_count
        rules = game.rules
        phase = game.phase.value
        calls = list(game.calls)
        trick = game.current_trick
        hands = [game.hand_mask(s).bit_count() for s in range(n)]
        tricks_won = game.tricks_won
        tricks = game.tricks
        trick_winner: int | None = None
        to_act = game.to_act
        if frozen is not None:
            phase = "done"
            to_act = -1
            action = frozen.action
            if isinstance(action, Play):
                trick = (*trick, (frozen.seat, action.card))
                hands[frozen.seat] -= 1
                tricks_won = frozen.result.tricks
                assert game.trump is not None
                trick_winner = trick[trick_winner_index([c for _, c in trick], game.trump)][0]
            elif action.kind in (KIND_PASS, KIND_ORDER, KIND_CALL, KIND_ALONE):
                calls.append((frozen.seat, action))
        calls_by_seat: list[list[str]] = [[] for _ in range(n)]
        for s, a in calls:
            calls_by_seat[s].append(conjugate(self.names[s], self.call_text(game, s, a)))
        human_turn = frozen is None and to_act == HUMAN
        legal = tuple(game.legal_actions()) if human_turn else ()
        hand_cards = list(game.hand(HUMAN))
        if frozen is not None and frozen.seat == HUMAN and isinstance(frozen.action, Play):
            hand_cards.remove(frozen.action.card)
        new_card: Card | None = None
        legal_cards: set[Card] = set()
        if human_turn and game.phase is Phase.EXCHANGE:
            new_card = game.upcard
            hand_cards.append(game.upcard)
            legal_cards = {a.card for a in legal if isinstance(a, Discard)}
        elif human_turn and game.phase is Phase.PLAY:
            legal_cards = {a.card for a in legal if isinstance(a, Play)}
        if game.phase is Phase.BID1:
            upcard_state = "up"
        elif game.trump is not None and any(a.kind == KIND_ORDER for _, a in calls):
            upcard_state = "taken"
        else:
            upcard_state = "down"
        last_trick: tuple[tuple[int, Card], ...] = tricks[-1] if tricks else ()
        last_winner: int | None = None
        if last_trick:
            assert game.trump is not None
            last_winner = last_trick[
                trick_winner_index([c for _, c in last_trick], game.trump)
            ][0]
        if frozen is not None and trick_winner is not None:
            last_trick, last_winner = trick, trick_winner
        positions = _POSITIONS_4 if n == 4 else _POSITIONS_2
        seats = tuple(
            SeatState(
                seat=s,
                name=self.names[s],
                position=positions[s],
                place=seat_name(s, n),
                role="you" if s == HUMAN else ("partner" if s % 2 == HUMAN % 2 else "opponent"),
                bot=self.bot_names[s],
                cards=hands[s],
                calls=tuple(calls_by_seat[s]),
                dealer=s == game.dealer,
                maker=s == game.maker,
                alone=s in game.alone,
                sitting_out=s in game.sitting_out,
                to_act=s == to_act,
            )
            for s in range(n)
        )
        return TableState(
            players=n,
            deal_number=game.deal_number,
            phase=phase,
            dealer=game.dealer,
            to_act=to_act,
            seats=seats,
            hand=tuple(sort_cards(hand_cards, game.trump)),
            legal_cards=frozenset(legal_cards),
            new_card=new_card,
            upcard=game.upcard,
            upcard_state=upcard_state,
            kitty=rules.kitty_size - 1,
            trump=game.trump,
            maker=game.maker,
            trick=trick,
            trick_winner=trick_winner,
            trick_number=len(tricks) + (1 if trick else 0),
            last_trick=last_trick,
            last_winner=last_winner,
            tricks_won=tricks_won,
            score=self.game.score if frozen is None else frozen.result.score,
            target=rules.target,
            deals_limit=rules.deals,
            legal=legal,
            hand_trumps=frozenset(
                c for c in hand_cards
                if game.trump is not None and c >= 0 and trump_mask(game.trump) >> c & 1
            ),
        )

    def call_text(self, game: Game, seat: int, action: Action) -> str:
        """A bid or going-alone answer in a few words: ``orders up ♥``, ``calls ♠`` (the
        verbs as said of someone else: :func:`~euchre.narrate.conjugate` makes them
        agree with "You")."""
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Order):
            return f"{order_word(game, seat, third=True)} {card_face(game.upcard)[-1]}"
        if isinstance(action, Call):
            return f"calls {_SYMBOLS[action.suit]}"
        if isinstance(action, GoAlone):
            return "alone!" if action.alone else "stays"
        return str(action)

    def order_word(self) -> str:
        """What ordering up is called for the person now: ``order up``, ``assist`` (the
        dealer's partner) or ``pick up`` (the dealer); the keys, the prompt and the hint
        all use it."""
        return order_word(self.game, HUMAN)

    def alone_word(self) -> str:
        """What going alone is called for the person now: ``go alone``, or ``defend
        alone`` when the other side made trump."""
        game = self.game
        if game.maker is not None and game.maker % 2 != HUMAN % 2:
            return "defend alone"
        return "go alone"

    def action_words(self, action: Action) -> str:
        """An action of the person's, in the words of the table now: ``pick up``,
        ``defend alone``, ``play J♥`` (:func:`action_text`)."""
        return action_text(action, order=self.order_word(), alone=self.alone_word())

    def options_words(self, values: Sequence[tuple[Action, float]]) -> str:
        """A hint's options and values in the words of the table (:func:`options_text`)."""
        return options_text(values, order=self.order_word(), alone=self.alone_word())

    def describe(self, step: Step) -> list[str]:
        """Log lines for people about one step (for the table's history); the verbs
        agree with "You"."""
        who = self.names[step.seat]
        action = step.action
        game = self.frozen.before if self.frozen is not None else self.game
        lines: list[str] = []
        if isinstance(action, Discard):
            if step.seat == HUMAN:
                lines.append(agree(who, f"discards {card_face(action.card)}"))
            else:
                lines.append(agree(who, "discards face down"))
        elif isinstance(action, GoAlone):
            if action.alone:
                maker = game.maker
                defends = maker is not None and maker % 2 != step.seat % 2
                lines.append(agree(who, "defends alone!" if defends else "goes alone!"))
        elif isinstance(action, Play):
            lines.append(agree(who, f"plays {card_face(action.card)}"))
        else:
            lines.append(f"{who}: {conjugate(who, self.call_text(game, step.seat, action))}")
        if step.trick is not None and step.trick_winner is not None:
            lines.append("  " + agree(self.names[step.trick_winner], "takes the trick"))
        if step.result is not None:
            lines.append(self.result_line(step.result))
        return lines

    def result_line(self, result: DealResult) -> str:
        """One line about a finished deal: ``North made ♥: 4 tricks, made; Us +1``."""
        if result.thrown_in:
            return "Everybody passed: the deal is thrown in"
        assert result.maker is not None and result.trump is not None
        maker_team = result.maker % 2
        made = result.tricks[maker_team]
        team = self.team_name(result.team if result.team is not None else 0)
        return (
            f"{self.names[result.maker]} made {suit_name(result.trump)}: "
            f"{plural(made, 'trick')}, {result.verdict}; {team} +{result.points}"
        )

    def verdict_text(self, result: DealResult) -> str:
        """What a deal came to, said from the person's side: ``We made it.``, ``They
        were euchred.``, ``You marched.`` (two-handed: the players' names)."""
        if result.thrown_in or result.maker is None:
            return "Everybody passed: thrown in."
        makers = result.maker % 2
        if self.players_count == 2:
            who = self.names[makers]
        else:
            who = "We" if makers == HUMAN % 2 else "They"
        phrase = {
            "made": "made it",
            "marched": "marched: all five tricks",
            "made alone": "made it alone",
            "loner march": "took all five tricks alone",
            "euchred": "were euchred",
            "euchred by a lone defender": "were euchred by a lone defender",
        }.get(result.verdict, result.verdict)
        if who not in ("We", "They"):
            phrase = conjugate(who, phrase.replace("were ", "was ", 1))
        return f"{who} {phrase}."


def order_word(game: Game, seat: int, *, third: bool = False) -> str:
    """What accepting the upcard is called for ``seat``: ``pick up`` (the dealer),
    ``assist`` (the dealer's partner) or ``order up``; ``third``: as said of someone else
    (``picks up``)."""
    if seat == game.dealer:
        word = "picks up" if third else "pick up"
    elif game.rules.players == 4 and game.partner(seat) == game.dealer:
        word = "assists" if third else "assist"
    else:
        word = "orders up" if third else "order up"
    return word


def person_reason(reason: str) -> str:
    """The engine's reason, as a sentence to the person: ``You must follow hearts.``"""
    text = reason.strip().rstrip(".")
    for prefix in (f"seat {HUMAN} ", "the dealer "):
        if text.startswith(prefix) and text[len(prefix):].startswith(("must", "is", "does")):
            text = "you " + text[len(prefix):]
            break
    if text.startswith("must "):
        text = "you " + text
    text = text.replace("you is stuck", "you are stuck").replace("you does", "you do")
    return text[:1].upper() + text[1:] + "."


def options_text(
    values: Sequence[tuple[Action, float]], *, order: str = "order up", alone: str = "go alone"
) -> str:
    """Options with their values, a card as just its face (every option is a card then):
    ``J♥ +1.20 · A♣ +0.85``, ``pass -0.37 · order up -0.81``.

    >>> from euchre.actions import ORDER, PASS
    >>> options_text([(PASS, -0.37), (ORDER, -0.812)], order="pick up")
    'pass -0.37 · pick up -0.81'
    """
    def label(action: Action) -> str:
        if isinstance(action, (Play, Discard)):
            return card_face(action.card)
        return action_text(action, order=order, alone=alone)

    return " · ".join(f"{label(a)} {v:+.2f}" for a, v in values)


def action_text(action: Action, *, order: str = "order up", alone: str = "go alone") -> str:
    """An action for people, with suit symbols: ``play J♥``, ``call ♠``; ``order`` and
    ``alone`` name ordering up and going alone (:meth:`GameSession.action_words` passes
    the words of the person's seat)."""
    if isinstance(action, Call):
        return f"call {_SYMBOLS[action.suit]}"
    if isinstance(action, Order):
        return order
    if isinstance(action, Discard):
        return f"discard {card_face(action.card)}"
    if isinstance(action, GoAlone):
        return alone if action.alone else "stay"
    if isinstance(action, Play):
        return f"play {card_face(action.card)}"
    return str(action)
