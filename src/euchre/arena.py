"""Matches between bots, measured honestly: ``euchre arena basic random --duplicate``.

A match is a number of independent deals (each a one-deal game) or of whole games. The
first-named bot's side (A, and its partner C) sits at seats 0 and 2, the other side (B
and D) at seats 1 and 3; with two-handed rules A and B are alone. Every deal's cards
come from the match seed and the deal's index only, never from the bots, so two
matchups with the same seed see the same cards. With ``duplicate`` every deal (or every
game's sequence of deals) is played twice, the second time with the partnerships'
seats swapped: each side gets the cards the other side had, and the luck of the deal
cancels out of the per-pair point difference over which the confidence interval is
taken.

The work is cut into chunks of a size that depends only on the match, and the results
are summed in order, so a seed gives the same result with any executor and any number
of processes (as long as the bots themselves are deterministic). An external program is
started once before the match (:func:`~euchre.players.registry.preflight`): one that
cannot play stops the match before it begins. Ctrl-C stops a match with the result of
what was finished (:class:`MatchInterrupted`).

>>> result = run_match(["random", "random"], Rules(), deals=20, seed=1)
>>> result.deals, sum(s.calls for s in result.seats) + result.thrown_in
(20, 20)
>>> result.to_dict()["points_per_deal"]["mean"] == result.net.mean
True
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, fields
from functools import partial
from pathlib import Path
from typing import Any, Final, Protocol, TypeVar

from euchre.actions import Action
from euchre.deal import DealResult, random_deal
from euchre.errors import EuchreError
from euchre.game import Game
from euchre.players import Player, play_game
from euchre.players.registry import EXTERNAL_PREFIX, check_spec, make_player, preflight
from euchre.protocol import BotFault, ExternalPlayer
from euchre.rules import Rules
from euchre.view import PlayerView

__all__ = [
    "Fault",
    "InlineExecutor",
    "Interval",
    "MapExecutor",
    "MatchInterrupted",
    "MatchResult",
    "SeatStats",
    "confidence_interval",
    "fallback_bot",
    "lineup",
    "run_match",
]

SLOT_NAMES: Final = "ABCD"

_T = TypeVar("_T")

_T975: Final = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)
"""The 97.5% quantile of Student's t for 1 to 30 degrees of freedom."""


def _t975(df: int) -> float:
    if df <= len(_T975):
        return _T975[df - 1]
    z = 1.959964
    # Cornish-Fisher expansion of t around the normal quantile (error < 1e-4 past 30)
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


# -- results ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean with its 95% confidence interval (``None`` bounds with fewer than two
    samples)."""

    mean: float
    low: float | None
    high: float | None
    stderr: float | None
    n: int
    """Independent samples: games, deals, or duplicate pairs."""

    def to_dict(self) -> dict[str, object]:
        """JSON-ready data."""
        return {"mean": self.mean, "ci95_low": self.low, "ci95_high": self.high,
                "stderr": self.stderr, "n": self.n}


def confidence_interval(values: Sequence[float], weights: Sequence[float]) -> Interval:
    """The ratio ``sum(values) / sum(weights)`` with a 95% confidence interval.

    Each sample ``i`` is an independent unit (a deal, a game, a duplicate pair) that
    contributed ``values[i]`` over ``weights[i]`` (say points over deals). The
    standard error is the usual one of a ratio estimator; with equal weights it is the
    standard error of the mean. The interval uses Student's t.

    >>> ci = confidence_interval([1, 3, 2, 2], [1, 1, 1, 1])
    >>> ci.mean, round(ci.low, 3), round(ci.high, 3)
    (2.0, 0.701, 3.299)
    """
    n = len(values)
    total = sum(weights)
    if n == 0 or total == 0:
        return Interval(0.0, None, None, None, n)
    ratio = sum(values) / total
    if n < 2:
        return Interval(ratio, None, None, None, n)
    residual = sum((v - ratio * w) ** 2 for v, w in zip(values, weights, strict=True))
    stderr = math.sqrt(residual / (n - 1) / n) / (total / n)
    half = _t975(n - 1) * stderr
    return Interval(ratio, ratio - half, ratio + half, stderr, n)


@dataclass(slots=True)
class SeatStats:
    """What one bot of the lineup (A, B, C or D) did, over every play of the match.

    ``calls`` counts the deals where this bot chose trump; they end ``made`` (3 or 4
    tricks), ``marched`` (5) or ``euchred`` (fewer than 3). ``alone`` counts going
    alone (as maker or defender); ``alone_won`` those where the lone hand's side took 3
    tricks or more, ``alone_marched`` all 5.
    """

    deals: int = 0
    dealt: int = 0
    calls: int = 0
    made: int = 0
    marched: int = 0
    euchred: int = 0
    alone: int = 0
    alone_won: int = 0
    alone_marched: int = 0
    faults: int = 0

    def add(self, other: SeatStats) -> None:
        """Add another's counts to these."""
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def rates(self) -> dict[str, float | None]:
        """Make, march and euchred rates of this bot's calls."""
        calls = self.calls
        return {
            "make_rate": (self.made + self.marched) / calls if calls else None,
            "march_rate": self.marched / calls if calls else None,
            "euchred_rate": self.euchred / calls if calls else None,
            "alone_win_rate": self.alone_won / self.alone if self.alone else None,
        }


@dataclass(frozen=True, slots=True)
class Fault:
    """A bot that failed during a play: another bot finished that game for it."""

    slot: int
    bot: str
    play: str
    """Which play: ``deal 12``, ``game 3``, with ``(swapped)`` for the second of a pair."""
    deal: int
    """The deal of that game in which it happened (from 0)."""
    kind: str
    reason: str
    replacement: str

    def to_dict(self) -> dict[str, object]:
        """JSON-ready data."""
        return {"slot": SLOT_NAMES[self.slot], "bot": self.bot, "play": self.play,
                "deal": self.deal, "kind": self.kind, "reason": self.reason,
                "replacement": self.replacement}

    def __str__(self) -> str:
        return (f"{SLOT_NAMES[self.slot]} ({self.bot}), {self.play}: {self.reason}; "
                f"{self.replacement} plays its seat for the rest of that game")


@dataclass(slots=True)
class _Unit:
    """The outcome of one unit of work: a game, or a duplicate pair of games."""

    index: int
    net: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    deals: int = 0
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    thrown_in: int = 0
    seats: list[SeatStats] = field(default_factory=list)
    faults: list[Fault] = field(default_factory=list)
    records: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The outcome of a match. Side 0 is the first-named bot's (A and C)."""

    bots: tuple[str, ...]
    """The lineup by slot: A, B (and C, D in four-handed play)."""
    rules: Rules
    """The match's rules (in ``deals`` mode each deal is a one-deal game under them)."""
    mode: str
    """``deals`` (independent one-deal games) or ``games`` (whole games)."""
    count: int
    """The deals or games (duplicate pairs with ``duplicate``) the match was to play."""
    finished: int
    """Those played to the end: ``count``, unless the match was interrupted."""
    duplicate: bool
    seed: int
    plays: int
    """Games played (a duplicate pair is two)."""
    deals: int
    points: tuple[int, int]
    net: Interval
    """Side 0's points minus side 1's, per deal."""
    games_won: tuple[int, int] | None
    game_win: Interval | None
    """Side 0's share of the games won (``games`` mode only)."""
    thrown_in: int
    seats: tuple[SeatStats, ...]
    faults: tuple[Fault, ...]
    seconds: float

    @property
    def interrupted(self) -> bool:
        """Whether the match was stopped (Ctrl-C) before playing all of ``count``."""
        return self.finished < self.count

    @property
    def point_share(self) -> float | None:
        """Side 0's points over all points scored."""
        total = sum(self.points)
        return self.points[0] / total if total else None

    def headline(self) -> dict[str, object]:
        """The figures a strength table quotes, JSON-ready: side 0's points per deal as
        ``[mean, low, high]`` (the 95% interval; rounded to 3 places, the bounds
        ``None`` with fewer than two units), the point share and the game win rate
        (``None`` in ``deals`` mode)."""
        net = self.net
        return {
            "points_per_deal": [None if x is None else round(x, 3)
                                for x in (net.mean, net.low, net.high)],
            "point_share": self.point_share,
            "game_win_rate": None if self.game_win is None else self.game_win.mean,
        }

    def side_names(self) -> tuple[str, str]:
        """``A+C`` and ``B+D`` (``A`` and ``B`` two-handed)."""
        if len(self.bots) == 2:
            return "A", "B"
        return "A+C", "B+D"

    def to_dict(self) -> dict[str, object]:
        """Everything as one JSON-ready object (all but ``seconds`` is fixed by the seed)."""
        deals = self.deals
        seating = self.rules.seating
        sides = []
        for side, name in enumerate(self.side_names()):
            sign = 1 if side == 0 else -1
            won = None if self.games_won is None else self.games_won[side]
            sides.append({
                "side": name,
                "bots": [self.bots[slot] for slot in seating.seats_of(side)],
                "slots": name.split("+"),
                "points": self.points[side],
                "points_per_deal": self.points[side] / deals if deals else None,
                "net_per_deal": sign * self.net.mean,
                "point_share": None if self.point_share is None
                else (self.point_share if side == 0 else 1 - self.point_share),
                "games_won": won,
                "game_win_rate": None if won is None or not self.plays else won / self.plays,
            })
        return {
            "bots": list(self.bots),
            "rules": self.rules.to_dict(),
            "mode": self.mode,
            "count": self.count,
            "finished": self.finished,
            "interrupted": self.interrupted,
            "duplicate": self.duplicate,
            "seed": self.seed,
            "plays": self.plays,
            "deals": deals,
            "points_per_deal": self.net.to_dict(),
            "point_share": self.point_share,
            "game_win_rate": None if self.game_win is None else self.game_win.mean,
            "game_win_ci95": None if self.game_win is None
            else [self.game_win.low, self.game_win.high],
            "sides": sides,
            "thrown_in": self.thrown_in,
            "thrown_in_rate": self.thrown_in / deals if deals else None,
            "seats": [
                {"slot": SLOT_NAMES[slot], "bot": self.bots[slot], "side": seating.team(slot),
                 **{f.name: getattr(stats, f.name) for f in fields(stats)},
                 **stats.rates()}
                for slot, stats in enumerate(self.seats)
            ],
            "faults": [fault.to_dict() for fault in self.faults],
            "seconds": round(self.seconds, 3),
        }


class MatchInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`run_match`. ``result`` measures the units (deals, games or
    duplicate pairs) finished before it, in order (``result.interrupted`` is true, and
    ``--record`` holds their games). A :class:`KeyboardInterrupt`, so code that does not
    know it stops as before."""

    def __init__(self, result: MatchResult) -> None:
        super().__init__(f"interrupted after {result.finished} of {result.count}")
        self.result = result


# -- executors --------------------------------------------------------------------------


class MapExecutor(Protocol):
    """What the arena needs of an executor: ``map`` in order (``concurrent.futures``
    executors, or a cluster engine's client)."""

    def map(self, fn: Callable[..., _T], *iterables: Iterable[Any]) -> Iterator[_T]:
        """Apply ``fn`` to each item, yielding the results in order."""
        ...


class InlineExecutor:
    """An executor that runs everything in this process, lazily and in order."""

    def map(self, fn: Callable[..., _T], *iterables: Iterable[Any]) -> Iterator[_T]:
        """Like the built-in ``map``."""
        return map(fn, *iterables)

    def submit(self, fn: Callable[..., _T], /, *args: Any, **kwargs: Any) -> Future[_T]:
        """Run ``fn`` now; a finished future."""
        future: Future[_T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:
            future.set_exception(error)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Nothing to shut down."""


# -- playing ----------------------------------------------------------------------------


def lineup(specs: Sequence[str], rules: Rules) -> tuple[str, ...]:
    """The bot of each slot (seat in the first play): ``[A, B]`` four-handed is
    ``(A, B, A, B)``. Raises :class:`~euchre.errors.EuchreError` on a bad lineup.

    >>> lineup(["basic", "random"], Rules())
    ('basic', 'random', 'basic', 'random')
    """
    checked = [check_spec(spec) for spec in specs]
    players = rules.players
    if players == 2 and len(checked) != 2:
        raise EuchreError(f"two-handed Euchre takes exactly two bots, not {len(checked)}")
    if players == 4 and len(checked) not in (2, 4):
        raise EuchreError(
            f"four-handed Euchre takes two bots (each partners itself) or four "
            f"(A and C against B and D), not {len(checked)}"
        )
    return tuple(checked * (players // len(checked)))


def fallback_bot() -> str:
    """The bot that finishes a game for a faulty one."""
    return "basic"


def _derive(*parts: object) -> int:
    """A 63-bit seed from parts, the same on every machine and in every process."""
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True, slots=True)
class _Job:
    bots: tuple[str, ...]
    rules: Rules
    mode: str
    duplicate: bool
    seed: int
    time_limit: float
    fallback: str
    record: bool


class _Seat:
    """One seat of one play: the lineup's bot, replaced by the fallback on a fault."""

    def __init__(self, player: Player, job: _Job, slot: int, seed: int, play: str,
                 faults: list[Fault]) -> None:
        self._player = player
        self._job = job
        self._slot = slot
        self._seed = seed
        self._play = play
        self._faults = faults
        self._fallback: Player | None = None

    def _replace(self, fault: BotFault, view: PlayerView) -> Player:
        self._faults.append(Fault(self._slot, self._job.bots[self._slot], self._play,
                                  view.deal_number, fault.kind, fault.reason,
                                  self._job.fallback))
        if isinstance(self._player, ExternalPlayer):
            self._player.close()
        self._fallback = make_player(self._job.fallback, self._seed)
        return self._fallback

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if self._fallback is not None:
            return self._fallback.choose(view, legal)
        try:
            action = self._player.choose(view, legal)
            if action in legal:
                return action
            fault = BotFault("illegal", f"chose {action}, which is not legal now")
        except BotFault as error:
            fault = error
        return self._replace(fault, view).choose(view, legal)

    def deal_over(self, view: PlayerView, result: DealResult) -> None:
        try:
            (self._fallback or self._player).deal_over(view, result)
        except BotFault as error:
            self._replace(error, view)

    def game_over(self, view: PlayerView) -> None:
        try:
            (self._fallback or self._player).game_over(view)
        except BotFault as error:
            self._replace(error, view)


def _play_chunk(job: _Job, indices: range) -> list[_Unit]:
    """Play some units (in a worker process, or here)."""
    return list(_play_units(job, indices))


def _play_units(job: _Job, indices: range) -> Generator[_Unit, None, None]:
    """Play some units, yielding each as it finishes."""
    # An external program is kept for a whole chunk, one per slot and per half, and
    # told each new game with game_start: the programs of the second half of a pair
    # never saw the first half's cards. Built-in bots are new for every play.
    programs: dict[tuple[int, int], Player] = {}
    try:
        for index in indices:
            yield _play_unit(job, index, programs)
    finally:
        for program in programs.values():
            if isinstance(program, ExternalPlayer):
                program.close()


def _play_unit(job: _Job, index: int, programs: dict[tuple[int, int], Player]) -> _Unit:
    rules = job.rules
    n = rules.players
    unit = _Unit(index, seats=[SeatStats() for _ in job.bots])
    for half in (0, 1) if job.duplicate else (0,):
        label = f"{job.mode[:-1]} {index + 1}" + (" (swapped)" if half else "")
        if job.mode == "deals":
            dealer = index % n
            deal = random_deal(rules, dealer, random.Random(_derive(job.seed, "deal", index)))
            game = Game(rules, deals=[deal])
        else:
            game = Game(rules, seed=_derive(job.seed, "game", index))
        seats = []
        for seat in range(n):
            slot = seat ^ half
            spec = job.bots[slot]
            seed = _derive(job.seed, "bot", index, half, slot)
            player = programs.get((half, slot))
            if player is None:
                player = make_player(spec, seed, time_limit=job.time_limit)
                if spec.startswith(EXTERNAL_PREFIX):
                    programs[(half, slot)] = player
            seats.append(_Seat(player, job, slot, seed, label, unit.faults))
        play_game(game, seats)
        _tally(unit, game, half)
        if job.record:
            from euchre.record import Record, dumps

            metadata = {
                "players": [job.bots[seat ^ half] for seat in range(n)],
                "event": "euchre arena",
                "arena": {"seed": job.seed, "mode": job.mode, "index": index, "half": half},
            }
            suffix = "ab"[half] if job.duplicate else ""
            name = f"{job.mode[:-1]}-{index + 1:06d}{suffix}.json"
            unit.records.append((name, dumps(Record.from_game(game, metadata=metadata))))
    for fault in unit.faults:
        unit.seats[fault.slot].faults += 1
    return unit


def _tally(unit: _Unit, game: Game, half: int) -> None:
    """Add one play's deals to the unit (``half`` 1: side 0 sat at odd seats)."""
    seats = unit.seats
    n = game.rules.players
    team_of = game.rules.seating.team_of
    for result in game.results:
        unit.deals += 1
        for seat in range(n):
            seats[seat ^ half].deals += 1
        seats[result.dealer ^ half].dealt += 1
        if result.team is not None:
            side = result.team ^ half
            unit.points[side] += result.points
            unit.net += result.points if side == 0 else -result.points
        if result.maker is None:
            unit.thrown_in += 1
            continue
        maker = seats[result.maker ^ half]
        maker.calls += 1
        made = result.tricks[team_of[result.maker]]
        if made == 5:
            maker.marched += 1
        elif made >= 3:
            maker.made += 1
        else:
            maker.euchred += 1
        for seat in result.alone:
            lone = seats[seat ^ half]
            lone.alone += 1
            took = result.tricks[team_of[seat]]
            lone.alone_won += took >= 3
            lone.alone_marched += took == 5
    unit.games += 1
    winner = game.winner()
    if winner is not None:
        unit.wins[winner ^ half] += 1


def _chunk_size(units: int, external: bool) -> int:
    """Units per task: a function of the match alone, never of the processes.

    An external program plays a whole chunk (its ``{seed}`` is the chunk's first), so
    with one in the lineup the chunks stay large and their size fixed. Built-in bots
    are new for every play, so the chunking changes nothing of the result: small
    chunks let a pool report its progress often, with at most about a thousand tasks.
    """
    if external:
        return max(1, min(50, units // 8))
    return max(1, min(50, units // 1000))


def _units(job: _Job, chunks: list[range],
           executor: MapExecutor | None) -> Generator[_Unit, None, None]:
    """Every unit in order; in this process (no executor), each as soon as it is played."""
    if executor is None:
        for chunk in chunks:
            yield from _play_units(job, chunk)
    else:
        for done in executor.map(partial(_play_chunk, job), chunks):
            yield from done


def run_match(
    specs: Sequence[str],
    rules: Rules,
    deals: int | None = None,
    games: int | None = None,
    duplicate: bool = False,
    seed: int = 0,
    executor: MapExecutor | None = None,
    record: str | Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    time_limit: float = 10.0,
    on_fault: Callable[[Fault], None] | None = None,
) -> MatchResult:
    """Play a match and measure it.

    ``specs`` are two bots (A and B; four-handed, each partners itself) or four (A and
    C against B and D); see :mod:`euchre.players.registry`. Give ``deals`` (independent
    one-deal games, the dealer rotating) or ``games`` (whole games under ``rules``).
    ``executor`` runs the work (anything with an in-order ``map``; default: this
    process). ``record`` is a directory to write one native JSON record per game into.
    ``progress(done, total)`` is called with 0 before the first unit (a game, a deal, or
    a duplicate pair) and again as each finishes, up to ``total``; ``on_fault`` with
    each bot failure; ``time_limit`` is an external bot's limit per decision, in
    seconds. Every external program is started once first (:func:`preflight`): one
    that cannot play raises :class:`~euchre.errors.EuchreError` before the match begins.
    Ctrl-C raises :class:`MatchInterrupted`, holding the result of the finished units.
    """
    bots = lineup(specs, rules)
    if (deals is None) == (games is None):
        raise EuchreError("a match is a number of deals or a number of games: give one")
    count = deals if deals is not None else games
    assert count is not None
    if count < 1:
        raise EuchreError(f"a match needs at least one deal or game, not {count}")
    mode = "deals" if deals is not None else "games"
    play_rules = rules.replace(deals=1, target=0) if mode == "deals" else rules
    directory = None
    if record is not None:
        directory = Path(record)
        if directory.exists() and not directory.is_dir():
            raise EuchreError(f"--record takes a directory, and {directory} is a file")
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise EuchreError(f"--record: cannot make {directory}: "
                              f"{error.strerror or error}") from None
    preflight(bots, play_rules, time_limit)
    job = _Job(bots, play_rules, mode, duplicate, seed, time_limit, fallback_bot(),
               directory is not None)
    size = _chunk_size(count, any(bot.startswith(EXTERNAL_PREFIX) for bot in bots))
    chunks = [range(start, min(start + size, count)) for start in range(0, count, size)]
    start_time = time.perf_counter()
    units: list[_Unit] = []
    stream = _units(job, chunks, executor)
    try:
        if progress is not None:
            progress(0, count)
        for unit in stream:
            units.append(unit)
            for fault in unit.faults:
                if on_fault is not None:
                    on_fault(fault)
            if directory is not None:
                for name, text in unit.records:
                    (directory / name).write_text(text, encoding="utf-8")
            if progress is not None:
                progress(len(units), count)
    except KeyboardInterrupt:
        seconds = time.perf_counter() - start_time
        raise MatchInterrupted(_summarise(job, rules, count, units, seconds)) from None
    finally:
        stream.close()
    return _summarise(job, rules, count, units, time.perf_counter() - start_time)


def _summarise(
    job: _Job, rules: Rules, count: int, units: list[_Unit], seconds: float
) -> MatchResult:
    seats = [SeatStats() for _ in job.bots]
    for unit in units:
        for total, stats in zip(seats, unit.seats, strict=True):
            total.add(stats)
    plays = sum(u.games for u in units)
    games_mode = job.mode == "games"
    return MatchResult(
        bots=job.bots,
        rules=rules,
        mode=job.mode,
        count=count,
        finished=len(units),
        duplicate=job.duplicate,
        seed=job.seed,
        plays=plays,
        deals=sum(u.deals for u in units),
        points=(sum(u.points[0] for u in units), sum(u.points[1] for u in units)),
        net=confidence_interval([u.net for u in units], [u.deals for u in units]),
        games_won=(sum(u.wins[0] for u in units), sum(u.wins[1] for u in units))
        if games_mode else None,
        game_win=confidence_interval([u.wins[0] for u in units], [u.games for u in units])
        if games_mode else None,
        thrown_in=sum(u.thrown_in for u in units),
        seats=tuple(seats),
        faults=tuple(f for u in units for f in u.faults),
        seconds=seconds,
    )
