"""The terminal's table: one person at seat 0, bots in the other seats, saved as it goes.

A :class:`GameSession` is the terminal's binding of the face-neutral
:class:`~euchre.table.model.Table`: it seats the person at seat 0 and the bots around them,
saves the record after every action (:class:`~euchre.table.autosave.RecordSaver`), keeps the
statistics at the end, and words the table for the person (:mod:`euchre.table.wording`).
The screens draw :meth:`GameSession.table`, the table as seat 0 sees it. Nothing here
knows a rule of Euchre: the engine says what is legal, who won a trick and what a deal
scored, and why an action is refused.

>>> from euchre.engine.rules import Rules
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

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Final

from euchre.engine.actions import Action, Discard, Give
from euchre.engine.cards import Card
from euchre.engine.deal import DealResult
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules, seat_name
from euchre.engine.view import PlayerView
from euchre.errors import EuchreError
from euchre.players import Player
from euchre.players.registry import available_bots, check_spec, make_player
from euchre.table.autosave import RecordSaver
from euchre.table.model import (
    TABLE_NAMES,
    HeldDeal,
    Hint,
    PlayerFactory,
    Seat,
    SeatState,
    Snapshot,
    Table,
    table_names,
)
from euchre.table.narrate import conjugate
from euchre.table.wording import (
    action_sentence,
    action_text,
    alone_word,
    bid_words,
    call_text,
    deal_over_sentence,
    options_text,
    order_word,
    phase_name,
    prompt_words,
    refusal_text,
    result_line,
    trick_sentence,
    verdict_phrase,
)

if TYPE_CHECKING:
    from euchre.tui.decisions import DealReview

__all__ = [
    "REVIEW_BUDGET",
    "STRONGEST_BOT",
    "TABLE_NAMES",
    "GameSession",
    "Hint",
    "PlayConfig",
    "SeatState",
    "Step",
    "action_text",
    "options_text",
    "strongest_bot",
    "table_names",
]

STRONGEST_BOT: Final = "expert"
"""Bots from the strongest down; the first one available is the default."""

HUMAN: Final = 0
"""The person's seat (shown at the bottom of the table)."""

REVIEW_BUDGET: Final = 40
"""Sampled deals per decision in the review after each deal (:attr:`PlayConfig.review`):
a second or two for the person's decisions of a deal."""

def strongest_bot() -> str:
    """The strongest bot there is: the default partner, opponents and hint bot."""
    return STRONGEST_BOT


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
    review: bool = False
    """After each deal, review the person's decisions ("Your decisions" in the deal's
    summary, the chance of winning drawn at the end of the game). ``euchre play`` turns
    it on unless ``--no-review``; a config built in code (a test, the screenshot) leaves
    it off unless it asks, since the review takes a second or two of work a deal."""
    review_budget: int = REVIEW_BUDGET
    """Sampled deals per decision in that review (fewer: quicker and rougher)."""

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
            review_budget=max(1, self.review_budget),
        )


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
        self.players_count = n = game.rules.players
        seating = game.rules.seating
        self.bot_names: list[str] = ["human"] + [
            config.partner if seating.same_team(s, HUMAN) else config.opponents
            for s in range(1, n)
        ]
        players = (metadata or {}).get("players")
        if (isinstance(players, list) and len(players) == n
                and all(isinstance(p, str) and p for p in players)):
            self.names: list[str] = [config.name, *players[1:]]
        else:
            self.names = [config.name, *table_names(game.seed, n, config.name)]
        self.practice = config.practice
        """Whether the person may take back decisions (then the game is not counted)."""
        seats = [Seat("person", self.names[0])] + [
            Seat("bot", self.names[s], self.bot_names[s]) for s in range(1, n)
        ]
        self.model = Table(game, seats, factory=factory, hint_bot=config.hint_bot,
                           practice=self.practice, pace=config.speed)
        """The face-neutral table this terminal shows."""
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
        self.saver = RecordSaver(path, base, opened=game if opened else None)
        self.stats_error: str | None = None
        self.reviews: dict[int, DealReview] = {}
        """The review of the person's decisions in each deal reviewed so far, by the
        deal's index (:attr:`PlayConfig.review`; filled in by the table screen)."""
        self.save()

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
            from euchre.table.data_folder import new_game_path

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
        (``partner``, ``opponents``, ``hint_bot``, ``name``, ``speed``, ``practice``,
        ``review``, ``review_budget``) override them (a practice game stays one).

        Only an unfinished game the terminal saved goes on; anything else raises
        :class:`~euchre.errors.EuchreError` with one line
        (:func:`~euchre.table.data_folder.resume_game`). The file is not written until the person
        makes a move."""
        from euchre.table.data_folder import resume_game

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
    def game(self) -> Game:
        """The game (the screens draw :meth:`table`; tests and the saver read this)."""
        return self.model.game

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self.model.game.rules

    @property
    def path(self) -> Path | None:
        """Where the record is saved (``None``: not saved)."""
        return self.saver.path

    @property
    def metadata(self) -> dict[str, object]:
        """The record's metadata."""
        return self.saver.metadata

    @property
    def save_error(self) -> str | None:
        """Why the last save did not go where it belongs (and where it went), in words."""
        return self.saver.error

    @property
    def version(self) -> int:
        """The table's version: it changes with every action (a pending bot move checks
        it has not gone stale)."""
        return self.model.version

    @property
    def frozen(self) -> HeldDeal | None:
        """The finished deal still on the table, if any (:meth:`continue_play`)."""
        return self.model.held_deal

    @property
    def bots(self) -> list[Player | None]:
        """Each seat's bot (``None`` for the person)."""
        return self.model.bots

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play (the rest are bots): the review after each deal
        judges theirs only."""
        return (HUMAN,)

    def human_to_act(self) -> bool:
        """Whether it is the person's turn (and no finished deal waits on the table)."""
        return self.model.seat_to_act(HUMAN)

    def legal(self) -> list[Action]:
        """The legal actions of the seat to act."""
        return list(self.model.legal())

    def forced(self) -> Action | None:
        """The person's only legal card, when they have no choice in the play."""
        if not self.human_to_act() or self.game.phase is not Phase.PLAY:
            return None
        legal = self.model.legal(HUMAN)
        return legal[0] if len(legal) == 1 else None

    def team_name(self, team: int) -> str:
        """A scoring side's name: ``Us``/``Them`` for partnerships; where each player
        scores alone (two- and three-handed, Napoleon), the player's name."""
        if self.rules.seating.partner_of[HUMAN] is None:
            return self.names[team]
        return "Us" if team == self.rules.seating.team(HUMAN) else "Them"

    def view(self) -> PlayerView:
        """The person's own view of the table now (a finished deal still on the table:
        as it stood before its last action): the only source of what the person was
        shown, laid away or passed face down."""
        return self._table_game().view(HUMAN)

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
        seating = self.rules.seating
        lines = []
        for seat in range(n):
            role = ", partner" if seating.partner(HUMAN) == seat else ""
            lines.append(f"{seat_name(seat, n)}: {self.display_name(seat)}{role}")
        return lines

    # -- acting ------------------------------------------------------------------------

    def bot_choice(self) -> Action:
        """The choice of the bot whose turn it is."""
        return self.model.bot_choice()

    def ask_bot(self, bot: Player, seat: int) -> Action:
        """Ask ``bot`` for seat ``seat``'s choice now (:meth:`Table.ask_bot
        <euchre.table.model.Table.ask_bot>`)."""
        return self.model.ask_bot(bot, seat)

    def apply(self, action: Action) -> Step:
        """Apply the decision of the seat to act, save, and say what it brought.

        Raises :class:`~euchre.errors.IllegalActionError` (with ``.code`` and
        ``.reason``) when the action is not legal; nothing changes then.
        """
        event = self.model.apply(action)
        outcome = event.outcome
        if event.seat == HUMAN or outcome.game_over:
            self.saver.release()
        self.save()
        if outcome.game_over:
            self._record_stats()
        return Step(event.seat, action, outcome.trick, outcome.winner, outcome.result,
                    outcome.game_over)

    def continue_play(self) -> None:
        """Clear a finished deal from the table (the next deal shows)."""
        self.model.continue_play()

    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` can not take anything back now, in words (``None``: it can)."""
        return self.model.undo_refusal()

    def undo(self) -> Action:
        """Take back the person's last decision (a forced card is not one) and return it.

        The game goes back to just before that decision: the bots' moves after it are
        taken back too, and they decide again. The record is saved as the game now
        stands, so it replays as if the decision had never been made; its metadata counts
        the ``undos``. Only a practice game allows it (it never counts for the
        statistics); otherwise, or with nothing to take back, this raises
        :class:`~euchre.errors.EuchreError` with :meth:`undo_refusal`'s words.
        """
        action = self.model.undo()
        undos = self.metadata.get("undos")
        self.metadata["undos"] = (undos if isinstance(undos, int) else 0) + 1
        self.saver.release()
        self.save()
        return action

    def refusal(self, action: Action) -> str | None:
        """Why ``action`` is refused now, in words for the person (``None``: legal)."""
        refusal = self.model.refusal(action)
        if refusal is None:
            return None
        return refusal_text(refusal, phase=self.game.phase.value)

    def hint_request(self) -> tuple[PlayerView, list[Action]]:
        """The person's view and legal actions now, for :meth:`hint` (take them on the
        thread that changes the game; :meth:`hint` may then run on another)."""
        return self.model.hint_request(HUMAN)

    def hint(self, request: tuple[PlayerView, list[Action]] | None = None) -> Hint:
        """What the hint bot would do in the person's place (with numbers if it has
        an ``evaluate(view, legal)`` method)."""
        return self.model.hint(request or self.hint_request())

    # -- saving ------------------------------------------------------------------------

    def save(self) -> None:
        """Write the record if it changed (:meth:`RecordSaver.save
        <euchre.table.autosave.RecordSaver.save>`): a resumed game is not written before the
        person's first move; a failed save goes to a spare folder and
        :attr:`save_error` says so."""
        self.saver.save(self.game)

    def exit_text(self) -> str:
        """What to print when the terminal closes: where the record is, how to go on."""
        from euchre.invocation import command
        from euchre.table.data_folder import find_unfinished

        path = self.path
        if path is None:
            return ""
        if self.saver.failed:
            return f"Could not save the game: {self.save_error}"
        why = f", because {self.saver.moved}" if self.saver.moved else ""
        if self.game.is_over():
            return f"Game record: {path}{why}\nWatch it again: {command('replay', path)}"
        newest = find_unfinished() == path
        again = command("play", "--resume") if newest else command("play", "--resume", path)
        return f"Game saved to {path}{why}\nResume it with: {again}"

    def _record_stats(self) -> None:
        if self.path is None or self.practice:
            return
        from euchre.table.data_folder import StatsDB, game_stats

        rules = self.rules.preset_name() or "custom"
        try:
            StatsDB().add_game(self.path.name, game_stats(self.game, HUMAN), rules=rules)
            self.stats_error = None
        except EuchreError as error:
            self.stats_error = str(error)

    # -- describing --------------------------------------------------------------------

    def table(self) -> Snapshot:
        """The table now as the person sees it (a finished deal stays on it until
        :meth:`continue_play`)."""
        return self.model.snapshot(HUMAN)

    def _table_game(self) -> Game:
        held = self.model.held_deal
        return self.game if held is None else held.before

    def call_words(self, seat: int, action: Action) -> str:
        """A seat's bid or going-alone answer as shown by its seat, the verb agreeing
        with its name: ``orders up ♥``, ``pick up ♦`` (for "You"), ``alone!``."""
        game = self._table_game()
        text = call_text(action, seating=self.rules.seating, dealer=game.dealer, seat=seat,
                         upcard=game.upcard, napoleon=self.napoleon)
        return conjugate(self.names[seat], text)

    def bid_words(self, value: int) -> str:
        """A bid in the words of the form: ``Nap``, ``three`` (Napoleon), ``4 tricks``."""
        return bid_words(value, napoleon=self.napoleon)

    @property
    def napoleon(self) -> bool:
        """Whether the game is Napoleon (its bids have names)."""
        return self.rules.form == "napoleon"

    def order_word(self) -> str:
        """What ordering up is called for the person now: ``order up``, ``assist`` (the
        dealer's partner) or ``pick up`` (the dealer); the keys, the prompt and the hint
        all use it."""
        return order_word(self.rules.seating, self.game.dealer, HUMAN)

    def alone_word(self) -> str:
        """What going alone is called for the person now: ``go alone``, or ``defend
        alone`` when the other side made trump."""
        return alone_word(self.rules.seating, self.game.maker, HUMAN)

    def action_words(self, action: Action) -> str:
        """An action of the person's, in the words of the table now: ``pick up``,
        ``defend alone``, ``play J♥`` (:func:`~euchre.table.wording.action_text`)."""
        return action_text(action, order=self.order_word(), alone=self.alone_word(),
                           napoleon=self.napoleon)

    def options_words(self, values: Sequence[tuple[Action, float]]) -> str:
        """A hint's options and values in the words of the table
        (:func:`~euchre.table.wording.options_text`)."""
        return options_text(values, order=self.order_word(), alone=self.alone_word(),
                            napoleon=self.napoleon)

    def describe(self, step: Step) -> list[str]:
        """Log lines for people about one step (for the table's history), in the web
        table's words (:func:`~euchre.table.wording.action_sentence`,
        :func:`~euchre.table.wording.trick_sentence`,
        :func:`~euchre.table.wording.deal_over_sentence`); the verbs agree with "You".
        A card laid away or passed face down is named only to the person who saw it."""
        action = step.action
        seat = step.seat
        game = self._table_game()
        seating = self.rules.seating
        receiver = seating.partner(seat) if isinstance(action, Give) else None
        if isinstance(action, Give):
            seen = HUMAN in (seat, receiver)
        else:
            seen = not isinstance(action, Discard) or seat == HUMAN
        lines = [action_sentence(
            action, who=self.names[seat], seating=seating, seat=seat, dealer=game.dealer,
            upcard=game.upcard, maker=game.maker, napoleon=self.napoleon, seen=seen,
            receiver="" if receiver is None
            else "you" if receiver == HUMAN else self.names[receiver])]
        if step.trick is not None and step.trick_winner is not None:
            lines.append("  " + trick_sentence(self.names[step.trick_winner]))
        if step.result is not None:
            lines.append(deal_over_sentence(step.result, seating, self.names, self._teams(),
                                            last=action))
        return lines

    def _teams(self) -> list[str]:
        return [self.team_name(t) for t in range(self.rules.seating.team_count)]

    def phase_words(self, *, short: bool = False) -> str:
        """Where the deal stands, for the status line: ``Bidding, round one (the
        upcard)``, ``Playing, trick 3`` (:func:`~euchre.table.wording.phase_name`;
        ``short``: without what explains it)."""
        state = self.table()
        trick = state.trick_number if state.trick else state.trick_number + 1
        phase = "over" if state.game_over else state.phase
        return phase_name(phase, trick=trick, short=short)

    def prompt_words(self) -> str:
        """What the person is asked on their turn, ``Your turn: play a card``, or ``""``
        when it is not their turn (:func:`~euchre.table.wording.prompt_words`)."""
        if not self.human_to_act():
            return ""
        game = self.game
        napoleon = self.napoleon
        lead = (napoleon and game.phase is Phase.PLAY and game.trump is None
                and not game.current_trick)
        return prompt_words(game.phase, upcard=game.upcard, alone=self.alone_word(),
                            bid=self.view().bid, napoleon=napoleon, lead_makes_trump=lead)

    def result_line(self, result: DealResult, *, last: Action | None = None) -> str:
        """One line about a finished deal: ``North made ♥: 4 tricks, made; Us +1``
        (``last``: the action that ended it, which says why a deal was thrown in)."""
        return result_line(result, self.rules.seating, self.names, self._teams(), last=last)

    def verdict_text(self, result: DealResult) -> str:
        """What a deal came to, said from the person's side: ``We made it.``, ``They
        were euchred.``, ``You marched.`` (where each plays for themselves: the maker's
        name)."""
        if result.thrown_in or result.maker is None:
            return "Everybody passed: thrown in."
        seating = self.rules.seating
        makers = seating.team(result.maker)
        if seating.partner_of[HUMAN] is None:
            who = self.names[makers]
        else:
            who = "We" if seating.same_team(result.maker, HUMAN) else "They"
        phrase = verdict_phrase(result)
        if who not in ("We", "They"):
            phrase = conjugate(who, phrase.replace("were ", "was ", 1))
        return f"{who} {phrase}."
