"""Game records: what was dealt and what was decided, enough to replay a game exactly.

A :class:`Record` holds the rules, the score (and four-trick tokens) the game started
from and, for each deal, its cards and the actions taken (plus, optionally, the results,
kept for checking). Everything else is derived by replaying it through
:class:`~euchre.engine.game.Game`. The native format is JSON (``docs/record-format.md``);
:mod:`euchre.records.egn` reads and writes Euchre Game Notation. Reading never raises anything but
:class:`~euchre.errors.RecordError`.

>>> from euchre.engine.game import Game
>>> game = Game(seed=5)
>>> while not game.is_over():
...     _ = game.apply(game.legal_actions()[-1])
>>> record = Record.from_game(game, {"title": "a quick game"})
>>> loads(dumps(record)) == record
True
>>> record.check().score == game.score
True
>>> loads(dumps(record).replace('"order"', '"raise 3"', 1))
Traceback (most recent call last):
...
euchre.errors.RecordError: deals[0].actions[0]: unknown action 'raise 3': actions are: pass, ...

A record that reads may still break the rules; replaying it says where:

>>> from dataclasses import replace
>>> first = record.deals[0]
>>> [str(action) for action in first.actions[4:6]]
['play 9h', 'play Kh']
>>> swapped = (*first.actions[:4], first.actions[5], first.actions[4], *first.actions[6:])
>>> replace(record, deals=(replace(first, actions=swapped), *record.deals[1:])).replay()
Traceback (most recent call last):
...
euchre.records.record.ReplayError: deal 1, play 1: Kh is not legal (seat ... does not hold Kh); ...

What the rules do not foresee but a replay can go through is a warning, not an error:
here a deal recorded after the game was over (its cards and calls are checked all the
same, and the game is the game its rules count).

>>> last = record.deals[-1].deal
>>> later = RecordedDeal(replace(last, dealer=(last.dealer + 1) % 4))
>>> replayed = replace(record, deals=(*record.deals, later)).replay_all()
>>> print(replayed.warnings[0])
deal 8: dealt after North-South reached 10 (the game was over after deal 7, at 13-3); ...
>>> replayed.game.score == game.score
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from euchre.engine.actions import (
    BID_WORDS,
    THROW_IN_HAND,
    Action,
    Call,
    Discard,
    GoAlone,
    Order,
    Pass,
    Play,
    parse_action,
)
from euchre.engine.cards import (
    SUIT_CHARS,
    SUITS,
    UNKNOWN,
    Card,
    card_name,
    effective_suit,
    parse_card,
    suit_name,
)
from euchre.engine.deal import Deal, DealResult
from euchre.engine.game import Game
from euchre.engine.rules import Rules, seat_name, team_name
from euchre.errors import (
    ActionError,
    CardError,
    EuchreError,
    IllegalActionError,
    Reason,
    RecordError,
    RulesError,
)
from euchre.records.jsondata import (
    PathLike,
    as_int,
    as_list,
    as_object,
    as_string,
    check_json,
    describe,
    format_json,
    known_keys,
    parse_json,
    read_text,
    require,
    write_text,
)
from euchre.text import plural

__all__ = [
    "FORMAT",
    "HANDS_FROM_PLAYS",
    "VERSION",
    "GameResult",
    "Record",
    "RecordedDeal",
    "Replay",
    "ReplayError",
    "ReplayWarning",
    "SeatPlayer",
    "dump",
    "dumps",
    "game_after_end",
    "load",
    "loads",
    "seat_players",
]

FORMAT: Final = "euchre-record"
"""The value of the ``format`` field of a native record."""
VERSION: Final = 1
"""The version of the native format this module reads and writes."""

_REPLAY_SEED: Final = 0
"""Seed of the random deal a replay starts after the last recorded deal, when the record
stops before the game's end (the engine always has a deal in progress)."""
HANDS_FROM_PLAYS: Final = "handsFromPlays"
"""The key of a deal's ``extras`` that lists the seats whose hands the record's source
did not give (an EGN file with only the calls and the cards played): their hands are
the cards they were seen to play (``X`` for the rest), so a replay cannot check that
they were dealt those cards (:meth:`Record.unchecked` says so)."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a record: the score, and the winning team (``None`` while unfinished)."""

    score: tuple[int, ...]
    winner: int | None

    def to_dict(self) -> dict[str, object]:
        """JSON-ready data."""
        return {"score": list(self.score), "winner": self.winner}


@dataclass(frozen=True, slots=True)
class RecordedDeal:
    """One deal of a record: its cards, its actions in order, and optionally its result.

    ``extras`` holds free-form JSON data that travels with the deal (EGN annotations).
    """

    deal: Deal
    actions: tuple[Action, ...] = ()
    result: DealResult | None = None
    extras: dict[str, object] = field(default_factory=dict, hash=False)

    @property
    def hands_from_plays(self) -> frozenset[int]:
        """The seats whose hands the record's source did not give (:data:`HANDS_FROM_PLAYS`
        in :attr:`extras`): their hands are the cards they were seen to play."""
        seats = self.extras.get(HANDS_FROM_PLAYS)
        if not isinstance(seats, list):
            return frozenset()
        return frozenset(s for s in seats if isinstance(s, int) and not isinstance(s, bool))

    def to_dict(self) -> dict[str, object]:
        """The deal as JSON-ready data, in the native format's key order."""
        data = self.deal.to_dict()
        data["actions"] = [str(action) for action in self.actions]
        if self.result is not None:
            data["result"] = self.result.to_dict()
        if self.extras:
            data["extras"] = self.extras
        return data


class ReplayError(RecordError):
    """An action of a record that the rules refuse, with where it is and why.

    ``deal_index`` and ``action_index`` count from 0; ``label`` names the action the way
    the message does (``play 7``, ``bid 3``, ``discard``, ``alone 2``); ``reason`` is the
    engine's explanation, ``code`` the engine's :class:`~euchre.errors.Reason` (``None``
    when the engine did not say one) and ``legal`` the actions that were legal (for
    :attr:`~euchre.errors.Reason.MUST_FOLLOW`, the plays of the cards of the suit led
    that the seat held: a revoke).
    """

    def __init__(
        self,
        message: str,
        *,
        deal_index: int,
        action_index: int,
        label: str,
        reason: str,
        code: Reason | None = None,
        legal: tuple[object, ...] = (),
    ) -> None:
        super().__init__(message)
        self.deal_index = deal_index
        self.action_index = action_index
        self.label = label
        self.reason = reason
        self.code = code
        self.legal = legal


@dataclass(frozen=True, slots=True)
class ReplayWarning:
    """Something a record does that its rules do not foresee but that does not stop its
    replay: deals recorded after the game was over, a stored final score the replay
    disagrees with. ``str()`` gives the one-line message
    (``deal 12: played after North-South reached 10 ...``); ``deal_index`` (from 0)
    names the deal, ``None`` when the warning is about the whole record.
    """

    message: str
    deal_index: int | None = None

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True, eq=False)
class Replay:
    """A record replayed to its end (:meth:`Record.replay_all`).

    ``game`` is the game as its rules count it. A record may go on after the game is
    over: its deals from ``end`` on are then replayed, every card and call checked, in
    ``after``, a game going on from the final score (:func:`game_after_end`), and
    ``warnings`` says so. ``after`` is ``None`` and ``end`` the number of deals when
    the record stops at (or before) the game's end.
    """

    game: Game
    after: Game | None
    end: int
    warnings: tuple[ReplayWarning, ...]

    @property
    def current(self) -> Game:
        """The game where the record stops (``after`` when there is one)."""
        return self.game if self.after is None else self.after

    @property
    def results(self) -> tuple[DealResult, ...]:
        """The result of every finished deal of the record, those after the end included."""
        extra = () if self.after is None else self.after.results
        return (*self.game.results, *extra)

    @property
    def score(self) -> tuple[int, ...]:
        """The score where the record stops (after the deals past the end, if any)."""
        return self.current.score


def game_after_end(game: Game, deals: Sequence[Deal]) -> Game:
    """A game that goes on from the end of ``game`` with ``deals`` (at least one), for
    replaying deals recorded after the game was over.

    Its rules are ``game``'s with the end lifted (``target=0``, ``deals`` the number
    of deals given): the cards, calls and scoring are checked as before, the score
    (and the four-trick tokens) go on from ``game``'s, and the game is over once every
    deal given is played.
    """
    rules = game.rules.replace(target=0, deals=len(deals))
    return Game(
        rules, seed=_REPLAY_SEED, deals=deals, first_dealer=deals[0].dealer, score=game.score,
        tokens=game.tokens,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Record:
    """A game record: rules, starting score (and tokens), and every deal's cards and actions.

    Built from a game with :meth:`from_game`, read with :func:`loads` (or
    :func:`euchre.records.egn.loads_egn`); validated when built (cards, sizes, rotation of the
    deal), replayed with :meth:`replay`, checked against its stored results with
    :meth:`check` (:meth:`replay_all` and :meth:`check_all` also give the deals after
    the game's end and the warnings). Iterating a record yields the successive states
    of its game.
    """

    metadata: dict[str, object] = field(default_factory=dict, hash=False)
    """Free-form JSON data: ``title``, ``date``, ``players`` (names), ``event``..."""
    rules: Rules = field(default_factory=Rules)
    start_score: tuple[int, ...] = (0, 0)
    start_tokens: tuple[int, ...] = ()
    """The four-trick tokens each side holds as the record starts (``four_trick_tokens``,
    a game started mid-way as :attr:`start_score` says): empty when none (all zeros are
    kept as empty)."""
    deals: tuple[RecordedDeal, ...] = ()
    result: GameResult | None = None
    """The stored end of the game (score and winner), for checking."""

    def __post_init__(self) -> None:
        _validate(self)
        if self.start_tokens and not any(self.start_tokens):
            object.__setattr__(self, "start_tokens", ())

    # -- building ----------------------------------------------------------------------

    @classmethod
    def from_game(cls, game: Game, metadata: Mapping[str, object] | None = None) -> Record:
        """The record of a game so far (the deal in progress included, with its actions)."""
        results = game.results
        deals = tuple(
            RecordedDeal(deal, actions, results[i] if i < len(results) else None)
            for i, (deal, actions) in enumerate(zip(game.deals, game.history, strict=True))
        )
        return cls(
            metadata=dict(metadata or {}),
            rules=game.rules,
            start_score=game.start_score,
            start_tokens=game.start_tokens if any(game.start_tokens) else (),
            deals=deals,
            result=GameResult(game.score, game.winner()),
        )

    @property
    def first_dealer(self) -> int | None:
        """The dealer of the first deal (``None`` for a record without deals)."""
        return self.deals[0].deal.dealer if self.deals else None

    # -- replaying ---------------------------------------------------------------------

    def replay(self) -> Game:
        """Replay every action through the engine and return the game at the end.

        Raises :class:`ReplayError` (a :class:`~euchre.errors.RecordError`) at the first
        action the rules refuse, for example
        ``deal 4, play 7: Qh is not legal (must follow hearts); ...``, and
        :class:`~euchre.errors.RecordError` when a deal is left unfinished before
        another. When the record stops before the game's end, the returned game has
        gone on to a new deal, dealt at random with a fixed seed. When it goes on after
        the game's end, those deals are replayed and checked too, and the game returned
        is the game as its rules count it (:meth:`replay_all` gives the rest and the
        warnings).
        """
        return self.replay_all().game

    def replay_all(self) -> Replay:
        """Replay every deal, those recorded after the game's end included, and say what
        the record does that the rules do not foresee.

        The errors are those of :meth:`replay`. The warnings: deals recorded after the
        game was over (``deal 12: played after North-South reached 10 ...``), and a
        stored final score or winner (:attr:`result`) the replay disagrees with.
        """
        run = _Run(self._new_game())
        for _ in self._replay(run):
            pass
        return self._finish(run)

    def states(self) -> Iterator[Game]:
        """The successive states of the game: a copy before the first action and after
        every action (a :class:`ReplayError` is raised where the record goes wrong).

        The states of deals recorded after the game's end are those of the game going
        on after it (:func:`game_after_end`).
        """
        run = _Run(self._new_game())
        yield run.game.copy()
        for game in self._replay(run):
            yield game.copy()

    def __iter__(self) -> Iterator[Game]:
        return self.states()

    def check(self) -> Game:
        """Replay the record, compare the stored results with the replayed ones, and
        return the game at the end (as :meth:`replay` does).

        Raises :class:`~euchre.errors.RecordError` naming the first deal whose stored
        result disagrees, for example
        ``deal 3: the record says team 0 scored 2, the replay gives team 1 1``.
        """
        return self.check_all().game

    def check_all(self) -> Replay:
        """:meth:`replay_all`, then compare every deal's stored result with the replayed
        one (a disagreement raises :class:`~euchre.errors.RecordError`, as
        :meth:`check` says)."""
        replayed = self.replay_all()
        results = replayed.results
        for i, recorded in enumerate(self.deals):
            if recorded.result is None:
                continue
            if i >= len(results):
                raise RecordError(
                    f"deal {i + 1}: the record gives a result, but the deal is not finished"
                )
            problem = _compare_results(recorded.result, results[i])
            if problem:
                raise RecordError(f"deal {i + 1}: {problem}")
        return replayed

    def unchecked(self) -> tuple[str, ...]:
        """What a replay of the record could not check for want of the hands, one line
        each; nothing when every hand is known.

        A deal whose source gave no hands (:data:`HANDS_FROM_PLAYS`) has each hand taken
        from the cards its seat plays: every card is checked against those (a seat that
        did not follow suit and later plays the suit led revoked; the tricks, points and
        score follow from the plays), but not that the seats were dealt them. A seat
        that does not follow suit while some of its cards are unknown (the record stops
        before it plays them) cannot be checked for a revoke. Call it on a record that
        replays (it raises what :meth:`replay` raises).

        >>> from dataclasses import replace
        >>> from euchre.engine.game import Game
        >>> game = Game(seed=5)
        >>> while not game.is_over():
        ...     _ = game.apply(game.legal_actions()[-1])
        >>> record = Record.from_game(game)
        >>> record.unchecked()
        ()
        >>> first = replace(record.deals[0], extras={HANDS_FROM_PLAYS: [0, 1, 2, 3]})
        >>> print(replace(record, deals=(first, *record.deals[1:])).unchecked()[0])
        that each seat was dealt the cards it plays, in deal 1: the record gives no hands there, ...
        """
        rules = self.rules
        order = rules.trump_order
        from_plays: list[int] = []
        follows: list[str] = []
        run = _Run(self._new_game())
        steps = self._replay(run)
        game = run.game
        for i, recorded in enumerate(self.deals):
            marked = recorded.hands_from_plays
            for action in recorded.actions:
                if isinstance(action, Play):  # never a deal's first action: the game is set
                    seat = game.to_act
                    if seat in marked and i not in from_plays:
                        from_plays.append(i)
                    trick, trump, unknown = game.current_trick, game.trump, game.unknown_count(seat)
                    if trick and trump is not None and unknown:
                        led = effective_suit(trick[0][1], trump, order=order)
                        if led in SUITS and effective_suit(action.card, trump, order=order) != led:
                            follows.append(
                                f"that seat {seat} held no {suit_name(led)} when it played "
                                f"{card_name(action.card)} (deal {i + 1}, trick "
                                f"{len(game.tricks) + 1}: {plural(unknown, 'card')} of its "
                                "hand unknown)"
                            )
                game = next(steps)
        lines = []
        if from_plays:
            lines.append(
                f"that each seat was dealt the cards it plays, in {_deal_list(from_plays)}: "
                "the record gives no hands there, only the cards played, so each hand is "
                "taken from its seat's plays (revokes, trick winners, points and the score "
                "are checked against them)"
            )
        return (*lines, *follows)

    def _new_game(self) -> Game:
        first = self.first_dealer
        try:
            return Game(
                self.rules,
                seed=_REPLAY_SEED,
                deals=[recorded.deal for recorded in self.deals],
                first_dealer=0 if first is None else first,
                score=self.start_score,
                tokens=self.start_tokens or None,
            )
        except EuchreError as error:  # validated already; kept as a guard
            raise RecordError(f"the record does not start a game: {error}") from None

    def _replay(self, run: _Run) -> Iterator[Game]:
        """Apply the actions to ``run.game`` (fresh from :meth:`_new_game`), and after
        its end to ``run.after``; yield the game acted on after each action."""
        last = len(self.deals) - 1
        game = run.game
        for i, recorded in enumerate(self.deals):
            if run.after is None and game.is_over():
                run.end = i
                game = run.after = game_after_end(
                    game, [later.deal for later in self.deals[i:]]
                )
                run.warnings.append(_after_end_warning(run.game, i, len(self.deals), recorded))
            counts = {"bid": 0, "discard": 0, "alone": 0, "play": 0}
            finished = len(game.results) + 1
            for j, action in enumerate(recorded.actions):
                label = _label(action, counts)
                if len(game.results) >= finished:
                    raise ReplayError(
                        f"deal {i + 1}, {label}: {action} comes after the deal is over",
                        deal_index=i,
                        action_index=j,
                        label=label,
                        reason="the deal is over",
                    )
                try:
                    game.apply(action)
                except IllegalActionError as error:
                    reason = error.reason
                    tail = _LEGAL_TAIL + ", ".join(str(a) for a in error.legal)
                    raise ReplayError(
                        f"deal {i + 1}, {label}: {_subject(action)} is not legal ({reason}){tail}",
                        deal_index=i,
                        action_index=j,
                        label=label,
                        reason=reason,
                        code=error.code,
                        legal=error.legal,
                    ) from None
                except (EuchreError, ValueError, KeyError, IndexError, TypeError) as error:
                    reason = f"{type(error).__name__}: {error}"
                    raise ReplayError(
                        f"deal {i + 1}, {label}: the engine refused {action} ({reason})",
                        deal_index=i,
                        action_index=j,
                        label=label,
                        reason=reason,
                    ) from None
                yield game
            if i < last and len(game.results) < finished:
                raise RecordError(
                    f"deal {i + 1}: the record stops before the deal is over, "
                    f"but deal {i + 2} follows"
                )

    def _finish(self, run: _Run) -> Replay:
        """The replay of a finished run, with the warnings about the stored result: the
        score where the game ended and the score where the record stops both agree."""
        end = len(self.deals) if run.after is None else run.end
        score = (run.game if run.after is None else run.after).score
        warnings = list(run.warnings)
        stored = self.result
        if stored is not None and stored.score not in (score, run.game.score):
            warnings.append(ReplayWarning(
                f"the record says the final score is {_score(stored.score)}, "
                f"the replay gives {_score(score)} (the replay's score is kept)"
            ))
        elif stored is not None and stored.winner != run.game.winner():
            warnings.append(ReplayWarning(
                f"the record says {_winner(stored.winner)}, "
                f"the replay gives {_winner(run.game.winner())}"
            ))
        return Replay(run.game, run.after, end, tuple(warnings))

    # -- data --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """The record as JSON-ready data (the native format)."""
        data: dict[str, object] = {
            "format": FORMAT,
            "version": VERSION,
            "metadata": self.metadata,
            "rules": self.rules.to_dict(),
            "start_score": list(self.start_score),
        }
        if self.start_tokens:
            data["start_tokens"] = list(self.start_tokens)
        data["deals"] = [recorded.to_dict() for recorded in self.deals]
        if self.result is not None:
            data["result"] = self.result.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: object) -> Record:
        """A record from native JSON data (as :func:`json.loads` returns it).

        Every problem raises :class:`~euchre.errors.RecordError` naming where it is.
        """
        return _record_from_data(data)


# -- who sat where -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatPlayer:
    """Who played a seat, as a record's metadata says (:func:`seat_players`)."""

    id: str
    """The seat's player: its name, unique in the game (see :func:`seat_players`)."""
    bot: str | None
    """The bot that played the seat (its level: ``basic``, ``expert``...), ``None`` for
    a person."""


def seat_players(metadata: Mapping[str, object], players: int) -> tuple[SeatPlayer, ...]:
    """Who played each seat, from a record's metadata: ``players`` (the names by seat;
    the seat's name, ``South``..., where there is none) and ``bots`` (each seat's bot,
    ``"human"`` for a person, as ``euchre play`` and the web table write them). The
    arena's records name each seat by its bot (``players``, beside ``arena``), so there
    the names are the bots.

    Every seat gets a different id, as a match needs (EMN's ``playersOverride``: four
    different players a game): a name that several seats share (compared as EGN's match
    combiner compares names, case and surrounding spaces aside), such as the arena's
    ``basic`` at every seat, is followed by the seat's name at each of them.

    >>> [p.id for p in seat_players({"players": ["basic"] * 4, "arena": {}}, 4)]
    ['basic (South)', 'basic (West)', 'basic (North)', 'basic (East)']
    >>> seat_players({"players": ["Ann", "Bo", "Cy", "Di"],
    ...               "bots": ["human", "basic", "basic", "expert"]}, 4)[:2]
    (SeatPlayer(id='Ann', bot=None), SeatPlayer(id='Bo', bot='basic'))
    >>> [p.id for p in seat_players({}, 2)]
    ['South', 'North']
    """
    given = metadata.get("players")
    names = [
        given[seat].strip()
        if isinstance(given, list) and len(given) == players and isinstance(given[seat], str)
        and given[seat].strip() else seat_name(seat, players)
        for seat in range(players)
    ]
    bots: list[str | None] = [None] * players
    listed = metadata.get("bots")
    if isinstance(listed, list) and len(listed) == players:
        bots = [b if isinstance(b, str) and b and b != "human" else None for b in listed]
    elif isinstance(metadata.get("arena"), dict):
        bots = list(names)
    ids = list(names)
    first = True
    while True:  # each round lengthens the shared ids, each by a different seat
        keys = [i.casefold() for i in ids]
        shared = [seat for seat in range(players) if keys.count(keys[seat]) > 1]
        if not shared:
            return tuple(SeatPlayer(ids[s], bots[s]) for s in range(players))
        for seat in shared:
            label = seat_name(seat, players) if first else f"seat {seat}"
            ids[seat] = f"{ids[seat]} ({label})"
        first = False


def _deal_list(indices: Sequence[int]) -> str:
    """``deal 3``, ``deals 1-11``, ``deals 1-4, 6, 8-9``: deals by their index from 0.

    >>> _deal_list([0]), _deal_list([0, 1, 2, 3, 5, 7, 8])
    ('deal 1', 'deals 1-4, 6, 8-9')
    """
    runs: list[list[int]] = []
    for index in sorted(indices):
        if runs and index == runs[-1][-1] + 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    parts = [f"{r[0] + 1}" if len(r) == 1 else f"{r[0] + 1}-{r[-1] + 1}" for r in runs]
    return f"{'deal' if len(indices) == 1 else 'deals'} {', '.join(parts)}"


# -- reading -----------------------------------------------------------------------------

_TOP_KEYS: Final = (
    "format", "version", "metadata", "rules", "start_score", "start_tokens", "deals", "result"
)
_DEAL_KEYS: Final = ("dealer", "hands", "upcard", "kitty", "actions", "result", "extras")
_RESULT_KEYS: Final = ("trump", "maker", "alone", "tricks", "points", "team", "score")
_TRUMP_CHARS: Final = SUIT_CHARS + "n"


def loads(text: str | bytes) -> Record:
    """Read a record from native JSON text.

    >>> loads('{"format": "euchre-record", "version": 2}')
    Traceback (most recent call last):
    ...
    euchre.errors.RecordError: version: version 2 is not supported (this library reads version 1)
    """
    return Record.from_dict(parse_json(text))


def dumps(record: Record) -> str:
    """The record as pretty native JSON text (stable key order, one deal field a line)."""
    return format_json(record.to_dict()) + "\n"


def load(path: PathLike) -> Record:
    """Read a native JSON record from a file."""
    return loads(read_text(path))


def dump(record: Record, path: PathLike) -> None:
    """Write a record to a file as native JSON."""
    write_text(path, dumps(record))


def _record_from_data(data: object) -> Record:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        hint = ""
        if isinstance(data, dict) and "fileType" in data:
            hint = " (this looks like EGN: read it with loads_egn, or name the file .egn)"
        raise RecordError(
            f'not a euchre record: the top level must be a JSON object with "format": '
            f'"{FORMAT}"{hint}'
        )
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise RecordError(
            f"version: version {describe(version)} is not supported "
            f"(this library reads version {VERSION})"
        )
    known_keys(data, _TOP_KEYS, "the record")
    metadata = as_object(data.get("metadata", {}), "metadata")
    rules = _rules(require(data, "rules", "the record"), "rules")
    sides = rules.seating.team_count
    low = _lowest_score(rules)
    start = _scores(data.get("start_score", [0] * sides), "start_score", sides, low)
    tokens = _scores(data.get("start_tokens", [0] * sides), "start_tokens", sides, 0)
    deals_data = as_list(require(data, "deals", "the record"), "deals")
    deals = tuple(_deal(item, rules, f"deals[{i}]") for i, item in enumerate(deals_data))
    result = None
    raw_result = data.get("result")
    if raw_result is not None:
        result_data = as_object(raw_result, "result")
        known_keys(result_data, ("score", "winner"), "result")
        result = GameResult(
            _scores(require(result_data, "score", "result"), "result.score", sides, low),
            _team(result_data.get("winner"), "result.winner", sides),
        )
    return Record(
        metadata=metadata, rules=rules, start_score=start, start_tokens=tokens, deals=deals,
        result=result,
    )


def _rules(value: object, where: str) -> Rules:
    options = as_object(value, where)
    for name, option in options.items():
        if not isinstance(option, (str, int, float)):
            raise RecordError(
                f"{where}: {name}: must be a number, true or false, or text, not {describe(option)}"
            )
    try:
        return Rules.from_dict(options)
    except (RulesError, TypeError, ValueError) as error:
        raise RecordError(f"{where}: {error}") from None


def _deal(value: object, rules: Rules, where: str) -> RecordedDeal:
    data = as_object(value, where)
    known_keys(data, _DEAL_KEYS, where)
    dealer = as_int(require(data, "dealer", where), f"{where}.dealer")
    hands_data = as_list(require(data, "hands", where), f"{where}.hands")
    hands = tuple(
        tuple(_cards(hand, f"{where}.hands[{seat}]")) for seat, hand in enumerate(hands_data)
    )
    raw_upcard = require(data, "upcard", where)
    upcard = UNKNOWN if raw_upcard is None else _card(raw_upcard, f"{where}.upcard")
    kitty = tuple(_cards(require(data, "kitty", where), f"{where}.kitty"))
    actions_data = as_list(require(data, "actions", where), f"{where}.actions")
    actions = tuple(_action(item, f"{where}.actions[{j}]") for j, item in enumerate(actions_data))
    result = None
    raw_result = data.get("result")
    if raw_result is not None:
        result = _deal_result(raw_result, dealer, rules, f"{where}.result")
    extras = as_object(data.get("extras", {}), f"{where}.extras")
    if HANDS_FROM_PLAYS in extras:
        _seat_list(extras[HANDS_FROM_PLAYS], rules, f"{where}.extras.{HANDS_FROM_PLAYS}")
    return RecordedDeal(Deal(dealer, hands, upcard, kitty), actions, result, extras)


def _seat_list(value: object, rules: Rules, where: str) -> None:
    """Check a list of different seats (:data:`HANDS_FROM_PLAYS`)."""
    seen: set[int] = set()
    for k, item in enumerate(as_list(value, where)):
        seat = as_int(item, f"{where}[{k}]", 0, rules.players - 1)
        if seat in seen:
            raise RecordError(f"{where}[{k}]: seat {seat} is given twice")
        seen.add(seat)


def _deal_result(value: object, dealer: int, rules: Rules, where: str) -> DealResult:
    data = as_object(value, where)
    known_keys(data, (*_RESULT_KEYS, "gains", "bid"), where)
    for key in _RESULT_KEYS:
        require(data, key, where)
    trump_text = data["trump"]
    trump = None
    if trump_text is not None:
        text = as_string(trump_text, f"{where}.trump")
        if text not in _TRUMP_CHARS or len(text) != 1:
            raise RecordError(f"{where}.trump: must be one of c d h s n or null, not {text!r}")
        trump = _TRUMP_CHARS.index(text)
    seats = rules.players - 1
    sides = rules.seating.team_count
    maker = None if data["maker"] is None else as_int(data["maker"], f"{where}.maker", 0, seats)
    alone = tuple(
        as_int(seat, f"{where}.alone[{k}]", 0, seats)
        for k, seat in enumerate(as_list(data["alone"], f"{where}.alone"))
    )
    low = _lowest_score(rules)
    gains = _scores(data["gains"], f"{where}.gains", sides, None) if "gains" in data else ()
    bid = None
    if data.get("bid") is not None:
        bid = as_int(data["bid"], f"{where}.bid", 1)
        if not 1 <= bid <= 6 and bid not in BID_WORDS:
            raise RecordError(f"{where}.bid: not a bid: {bid}")
    return DealResult(
        dealer=dealer,
        trump=trump,
        maker=maker,
        alone=alone,
        tricks=_scores(data["tricks"], f"{where}.tricks", sides, 0),
        points=as_int(data["points"], f"{where}.points", 0),
        team=_team(data["team"], f"{where}.team", sides),
        score=_scores(data["score"], f"{where}.score", sides, low),
        gains=gains,
        bid=bid,
    )


def _action(value: object, where: str) -> Action:
    try:
        return parse_action(as_string(value, where))
    except ActionError as error:
        raise RecordError(f"{where}: {error}") from None


def _cards(value: object, where: str) -> list[Card]:
    return [_card(item, f"{where}[{k}]") for k, item in enumerate(as_list(value, where))]


def _card(value: object, where: str) -> Card:
    try:
        return parse_card(as_string(value, where))
    except CardError as error:
        raise RecordError(f"{where}: {error}") from None


def _lowest_score(rules: Rules) -> int | None:
    """The lowest score a side may have: 0, or none (Hasenpfeffer's go below zero)."""
    return None if rules.form == "hasenpfeffer" else 0


def _scores(value: object, where: str, sides: int, low: int | None = 0) -> tuple[int, ...]:
    """A list of one number per scoring side (negative only where ``low`` is None:
    Hasenpfeffer's scores go below zero)."""
    items = as_list(value, where)
    if len(items) != sides:
        count = "two" if sides == 2 else str(sides)
        each = "team 0, team 1" if sides == 2 else "one per player"
        raise RecordError(f"{where}: must be a list of {count} numbers ({each})")
    return tuple(as_int(item, f"{where}[{k}]", low) for k, item in enumerate(items))


def _team(value: object, where: str, sides: int = 2) -> int | None:
    return None if value is None else as_int(value, where, 0, sides - 1)


# -- validation --------------------------------------------------------------------------


def _validate(record: Record) -> None:
    """Check a record's parts against its rules, naming where a problem is."""
    if not isinstance(record.rules, Rules):
        raise RecordError(f"rules: must be Rules, not {describe(record.rules)}")
    check_json(record.metadata, "metadata")
    if not isinstance(record.metadata, dict):
        raise RecordError("metadata: must be a dict")
    start = record.start_score
    sides = record.rules.seating.team_count
    low = _lowest_score(record.rules)
    if (
        not isinstance(start, tuple)
        or len(start) != sides
        or not all(isinstance(x, int) and not isinstance(x, bool)
                   and (low is None or x >= low) for x in start)
    ):
        raise RecordError(f"start_score: must be {sides} whole numbers"
                          f"{'' if low is None else ' from 0'}, not {start!r}")
    _check_tokens(record.rules, record.start_score, record.start_tokens)
    next_seat = record.rules.seating.next_seat
    redeals = record.rules.throw_in != "none"
    dealer: int | None = None  # the dealer of the deal before
    again = False  # whether the deal before was thrown in by a throw-in hand
    for i, recorded in enumerate(record.deals):
        where = f"deals[{i}]"
        if not isinstance(recorded, RecordedDeal):
            raise RecordError(f"{where}: must be a RecordedDeal")
        try:
            recorded.deal.validate(record.rules, where)
        except CardError as error:
            raise RecordError(str(error)) from None
        for j, action in enumerate(recorded.actions):
            if not isinstance(action, Action):
                raise RecordError(f"{where}.actions[{j}]: not an action: {action!r}")
        if dealer is not None:
            expected = dealer if again else next_seat[dealer]
            if recorded.deal.dealer != expected:
                why = (f"deal {i} was thrown in by a throw-in hand, so seat {expected} deals "
                       "again" if again else f"the deal passes to seat {expected}")
                raise RecordError(f"{where}.dealer: deal {i + 1} is dealt by seat "
                                  f"{recorded.deal.dealer}, but {why}")
        dealer = recorded.deal.dealer
        again = redeals and THROW_IN_HAND in recorded.actions
        check_json(recorded.extras, f"{where}.extras")
    sides = record.rules.seating.team_count
    if record.result is not None and record.result.winner not in (None, *range(sides)):
        raise RecordError(f"result.winner: must be a side from 0 to {sides - 1} or null, "
                          f"not {record.result.winner!r}")


def _check_tokens(rules: Rules, score: tuple[int, ...], tokens: object) -> None:
    """Check a record's ``start_tokens`` (empty, or one count per side) as a game
    started with them checks them (``Game(tokens=...)``), in one line."""
    if tokens == ():
        return
    if not isinstance(tokens, tuple):
        raise RecordError(f"start_tokens: must be a tuple, not {describe(tokens)}")
    try:
        Game(rules, seed=_REPLAY_SEED, score=score, tokens=tokens)
    except EuchreError as error:
        why = str(error).split(": ", 1)[-1]  # less the game's "tokens (1, 0): "
        raise RecordError(f"start_tokens: {why}") from None


# -- replay helpers ----------------------------------------------------------------------


class _Run:
    """One replay under way: the game, the game after its end, the warnings so far."""

    __slots__ = ("after", "end", "game", "warnings")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.after: Game | None = None
        self.end = 0
        self.warnings: list[ReplayWarning] = []


def _after_end_warning(game: Game, index: int, total: int, first: RecordedDeal) -> ReplayWarning:
    """``deal 12: played after North-South reached 10 (the game was over after deal 11,
    at 10-7); ...``: the first deal recorded after the end of ``game``."""
    rules = game.rules
    verb = "played" if first.actions else "dealt"
    if rules.deals:
        why = f"the game's {plural(rules.deals, 'deal')}"
    else:
        team = 0 if game.score[0] >= game.score[1] else 1
        why = f"{team_name(team, rules.players)} reached {rules.target}"
    when = f"after deal {index}" if index else "before deal 1"
    if total - index == 1:
        rest = "it is checked but does not count"
    else:
        rest = f"deals {index + 1} to {total} are checked but do not count"
    return ReplayWarning(
        f"deal {index + 1}: {verb} after {why} (the game was over {when}, "
        f"at {_score(game.score)}); {rest}",
        index,
    )


def _label(action: Action, counts: dict[str, int]) -> str:
    """``bid 3``, ``discard``, ``alone 2``, ``play 7``: the action's kind and number."""
    if isinstance(action, Play):
        kind = "play"
    elif isinstance(action, Discard):
        counts["discard"] += 1
        return "discard" if counts["discard"] == 1 else f"discard {counts['discard']}"
    elif isinstance(action, GoAlone):
        kind = "alone"
    elif isinstance(action, (Pass, Order, Call)):
        kind = "bid"
    else:  # pragma: no cover - every action type is above
        kind = "action"
        counts.setdefault(kind, 0)
    counts[kind] += 1
    return f"{kind} {counts[kind]}"


def _subject(action: Action) -> str:
    if isinstance(action, (Play, Discard)):
        return card_name(action.card)
    return str(action)


_LEGAL_TAIL: Final = "; the legal actions are: "


def _compare_results(recorded: DealResult, replayed: DealResult) -> str | None:
    """How a stored deal result differs from the replayed one, or ``None``."""
    if (recorded.team, recorded.points) != (replayed.team, replayed.points):
        return (
            f"the record says {_scored(recorded)}, the replay gives {_scored(replayed, short=True)}"
        )
    if recorded.trump != replayed.trump:
        return (
            f"the record says trump is {_suit(recorded.trump)}, "
            f"the replay gives {_suit(replayed.trump)}"
        )
    if recorded.maker != replayed.maker:
        return (
            f"the record says seat {recorded.maker} made trump, "
            f"the replay gives seat {replayed.maker}"
        )
    if recorded.alone != replayed.alone:
        return (
            f"the record says seats {list(recorded.alone)} went alone, "
            f"the replay gives {list(replayed.alone)}"
        )
    if recorded.tricks != replayed.tricks:
        return (
            f"the record says the tricks were {_score(recorded.tricks)}, "
            f"the replay gives {_score(replayed.tricks)}"
        )
    if recorded.score != replayed.score:
        return (
            f"the record says the score after it is {_score(recorded.score)}, "
            f"the replay gives {_score(replayed.score)}"
        )
    return None


def _scored(result: DealResult, short: bool = False) -> str:
    if result.team is None:
        return "nobody scored"
    if short:
        return f"team {result.team} {result.points}"
    return f"team {result.team} scored {result.points}"


def _suit(suit: int | None) -> str:
    return "none (thrown in)" if suit is None else suit_name(suit)


def _score(score: tuple[int, ...]) -> str:
    return "-".join(str(p) for p in score)


def _winner(winner: int | None) -> str:
    return "no winner" if winner is None else f"team {winner} won"
