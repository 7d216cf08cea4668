"""Matches between bots, measured honestly: ``euchre arena basic random --duplicate``.

A match is a number of independent deals (each a one-deal game) or of whole games. Who
sits where follows the rules (:func:`seat_layout`). In the partnership forms
(four-handed Euchre and its house rules, Hasenpfeffer) the first-named bot's side (A,
and its partner C) sits at seats 0 and 2, the other side (B and D) at seats 1 and 3;
two-handed, A and B are alone. In the forms scored per player (three-handed, Napoleon
with 2 to 7 players) the bots named fill the seats in turn (``A B A`` for two bots at
three seats), and each bot is measured by its points per deal per seat it holds.

Every deal's cards come from the match seed and the deal's index only, never from the
bots, so two matchups with the same seed see the same cards. With ``duplicate`` every
deal (or every game's sequence of deals) is played under several seatings in which
every bot holds every seat's cards equally often: twice in the partnership forms (the
second time with the partnerships' seats swapped), and, scored per player, under the
rotations of the lineup and the shifts of its bots (:func:`seat_layout`). The luck of
the deal cancels out of each deal's difference, over which the confidence interval is
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
>>> three = run_match(["random", "random"], Rules.preset("three-handed"), deals=5,
...                   duplicate=True, seed=1)
>>> three.plays, [p.seat_deals for p in three.players]
(30, [45, 45])
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

from euchre.engine.actions import MISERE, NAP, Action
from euchre.engine.deal import DealResult, random_deal
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.errors import EuchreError
from euchre.players import Player, play_game
from euchre.players.registry import EXTERNAL_PREFIX, check_spec, make_player, preflight
from euchre.protocol import BotFault, ExternalPlayer

__all__ = [
    "MAX_GAME_DEALS",
    "BotFigures",
    "Fault",
    "InlineExecutor",
    "Interval",
    "Layout",
    "MapExecutor",
    "MatchInterrupted",
    "MatchResult",
    "SeatStats",
    "confidence_interval",
    "contrast_interval",
    "fallback_bot",
    "lineup",
    "run_match",
    "seat_layout",
]

SLOT_NAMES: Final = "ABCDEFG"
"""The letter of each bot of a lineup: its slot (A, B, C, D in a partnership form)."""

MAX_GAME_DEALS: Final = 1000
"""A game of ``--games`` still going after this many deals is stopped, unfinished (it
counts in ``games_unfinished`` and for nobody): random Hasenpfeffer bidding, for one,
can keep both sides below the target for ever."""

_T = TypeVar("_T")

_T975: Final = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)
"""The 97.5% quantile of Student's t for 1 to 30 degrees of freedom."""


def t975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (the half-width
    of a 95% interval in standard errors).

    >>> t975(6), round(t975(1000), 3)
    (2.447, 1.962)
    """
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
    """Independent samples: games, deals, or duplicate pairs (or sets)."""

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
    half = t975(n - 1) * stderr
    return Interval(ratio, ratio - half, ratio + half, stderr, n)


def contrast_interval(values: Sequence[Sequence[float]], weights: Sequence[Sequence[float]],
                      coefficients: Sequence[float]) -> Interval:
    """``sum(c_b * R_b)``, a weighted sum of ratios ``R_b = sum(values[b]) /
    sum(weights[b])`` measured on the same units, with a 95% confidence interval.

    ``values[b][i]`` and ``weights[b][i]`` are what unit ``i`` contributed to ratio
    ``b`` (a bot's points and the seat-deals it held). The standard error is that of
    the linearised estimator: unit ``i``'s residual is ``sum(c_b * (values[b][i] - R_b
    * weights[b][i]) / mean(weights[b]))``, so the units' correlation between the ratios
    (the same cards, in a duplicate set) is taken into account. With one ratio it is
    :func:`confidence_interval`; with equal weights, the interval of the mean of the
    units' differences.

    >>> ci = contrast_interval([[1, 3, 2, 2], [1, 1, 2, 0]], [[1] * 4, [1] * 4], [1, -1])
    >>> ci.mean, round(ci.low, 3), round(ci.high, 3)
    (1.0, -0.837, 2.837)
    >>> ci == confidence_interval([0, 2, 0, 2], [1] * 4)
    True
    """
    n = len(values[0]) if values else 0
    totals = [sum(w) for w in weights]
    if n == 0 or any(t == 0 for t, c in zip(totals, coefficients, strict=True) if c):
        return Interval(0.0, None, None, None, n)
    ratios = [sum(v) / t if t else 0.0 for v, t in zip(values, totals, strict=True)]
    estimate = sum(c * r for c, r in zip(coefficients, ratios, strict=True))
    if n < 2:
        return Interval(estimate, None, None, None, n)
    scale = [c / (t / n) if c else 0.0 for c, t in zip(coefficients, totals, strict=True)]
    residual = 0.0
    for i in range(n):
        e = sum(k * (values[b][i] - ratios[b] * weights[b][i])
                for b, k in enumerate(scale) if k)
        residual += e * e
    stderr = math.sqrt(residual / (n - 1) / n)
    half = t975(n - 1) * stderr
    return Interval(estimate, estimate - half, estimate + half, stderr, n)


def pooled_interval(parts: Sequence[Interval], weights: Sequence[float]) -> Interval:
    """The intervals of independent matches (the same bots, other seeds) pooled into
    one: the estimate ``sum(w_i * mean_i) / sum(w_i)`` (with each match's deals as its
    weight, exactly the points per deal of all the deals together), its standard error
    that of a stratified estimate, ``sqrt(sum((w_i / W)**2 * stderr_i**2))``, and
    Student's t with the matches' degrees of freedom added up.

    >>> a = confidence_interval([1, 3, 2, 2], [1, 1, 1, 1])
    >>> b = confidence_interval([0, 2, 1, 1], [1, 1, 1, 1])
    >>> ab = pooled_interval([a, b], [4, 4])
    >>> ab.mean, ab.n, round(ab.stderr, 4), round(ab.low, 3), round(ab.high, 3)
    (1.5, 8, 0.2887, 0.794, 2.206)
    >>> pooled_interval([a], [4]) == a
    True
    """
    total = sum(weights)
    n = sum(part.n for part in parts)
    if not parts or total == 0:
        return Interval(0.0, None, None, None, n)
    mean = sum(w * part.mean for part, w in zip(parts, weights, strict=True)) / total
    if len(parts) == 1:
        return parts[0]
    if any(part.stderr is None for part in parts):
        return Interval(mean, None, None, None, n)
    stderr = math.sqrt(sum((w / total) ** 2 * (part.stderr or 0.0) ** 2
                           for part, w in zip(parts, weights, strict=True)))
    half = t975(n - len(parts)) * stderr
    return Interval(mean, mean - half, mean + half, stderr, n)


@dataclass(slots=True)
class SeatStats:
    """What one bot of the lineup (A, B, C, ...) did, over every play of the match.

    ``deals`` counts the seat-deals it held (one a deal in a partnership form; where
    the bots fill more seats than there are bots, each seat it held), ``dealt`` the
    deals it dealt. ``calls`` counts the deals where this bot chose trump or won the
    bidding; they end ``made`` (the contract, short of every trick), ``marched`` (every
    trick: 5, or Hasenpfeffer's 6) or ``euchred`` (euchred, or set: short of the bid, or
    a misère that took a trick). ``alone`` counts going alone (as maker or defender);
    ``alone_won`` those where the lone hand's side took 3 tricks or more,
    ``alone_marched`` all 5.
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
class BotFigures:
    """One bot's score in a form scored per player (three-handed, Napoleon)."""

    slot: int
    bot: str
    seat_deals: int
    """Deals played, counted once for every seat the bot held in them."""
    points: int
    points_per_deal: Interval
    """Its points per seat-deal, over the units (deals, games, duplicate sets)."""
    net: Interval
    """Its points per seat-deal minus the mean of the other bots' (with two bots: its
    points per seat-deal minus the other's): **the measure of strength**."""
    seat_games: int | None
    """Games played, once for every seat held (``games`` mode only)."""
    games_won: int | None
    game_win: Interval | None
    """Games won per seat-game: a seat's chance of winning (``1 / players`` is even)."""

    def to_dict(self) -> dict[str, object]:
        """JSON-ready data."""
        win = self.game_win
        return {
            "slot": SLOT_NAMES[self.slot], "bot": self.bot, "seat_deals": self.seat_deals,
            "points": self.points, "points_per_deal": self.points_per_deal.to_dict(),
            "net_per_deal": self.net.to_dict(), "seat_games": self.seat_games,
            "games_won": self.games_won,
            "game_win_rate": None if win is None else win.mean,
            "game_win_ci95": None if win is None else [win.low, win.high],
        }


@dataclass(frozen=True, slots=True)
class Fault:
    """A bot that failed during a play: another bot finished that game for it."""

    slot: int
    bot: str
    play: str
    """Which play: ``deal 12``, ``game 3``, with ``(swapped)`` for the second of a pair
    (``(seating 4 of 6)`` in a duplicate set of a form scored per player)."""
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
    """The outcome of one unit of work: a game, or a duplicate pair (or set) of games."""

    index: int
    net: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    """Per side (partnership forms) or per bot (forms scored per player)."""
    held: list[int] = field(default_factory=list)
    """Seat-deals held by each bot (forms scored per player)."""
    deals: int = 0
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    seat_games: list[int] = field(default_factory=list)
    tied: int = 0
    unfinished: int = 0
    thrown_in: int = 0
    seats: list[SeatStats] = field(default_factory=list)
    faults: list[Fault] = field(default_factory=list)
    records: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The outcome of a match. Side 0 is the first-named bot's (A and C); scored per
    player, ``players`` has each bot's figures and ``net`` is A's."""

    bots: tuple[str, ...]
    """The lineup by slot: A, B (and C, D in four-handed play); scored per player, the
    bots as named (each may hold several seats)."""
    rules: Rules
    """The match's rules (in ``deals`` mode each deal is a one-deal game under them)."""
    mode: str
    """``deals`` (independent one-deal games) or ``games`` (whole games)."""
    count: int
    """The deals or games (duplicate pairs or sets with ``duplicate``) the match was to
    play."""
    finished: int
    """Those played to the end: ``count``, unless the match was interrupted."""
    duplicate: bool
    seed: int
    plays: int
    """Games played (a duplicate pair is two, a set as many as its seatings)."""
    deals: int
    points: tuple[int, ...]
    """Points scored by each side (partnership forms) or each bot (per player)."""
    net: Interval
    """Side 0's points minus side 1's, per deal; scored per player, A's points per
    seat-deal minus the mean of the others' (:attr:`BotFigures.net`)."""
    games_won: tuple[int, ...] | None
    game_win: Interval | None
    """Side 0's share of the games won, or A's games won per seat-game (``games`` mode
    only)."""
    thrown_in: int
    seats: tuple[SeatStats, ...]
    faults: tuple[Fault, ...]
    seconds: float
    layout: Layout | None = None
    """Who held which seat in each play of a unit (:func:`seat_layout`)."""
    players: tuple[BotFigures, ...] = ()
    """Each bot's figures, in the forms scored per player (empty otherwise)."""
    games_tied: int = 0
    """Games that ended with the top score shared (a fixed number of deals)."""
    games_unfinished: int = 0
    """Games stopped after :data:`MAX_GAME_DEALS` deals."""

    @property
    def interrupted(self) -> bool:
        """Whether the match was stopped (Ctrl-C) before playing all of ``count``."""
        return self.finished < self.count

    @property
    def per_player(self) -> bool:
        """Whether the match's form scores each player (three-handed, Napoleon)."""
        return self.rules.per_player

    @property
    def point_share(self) -> float | None:
        """Side 0's (or A's) points over all points scored (``None`` when nothing was
        scored, or a side's points are below zero, as Hasenpfeffer's can be)."""
        total = sum(self.points)
        if not total or min(self.points) < 0:
            return None
        return self.points[0] / total

    def headline(self) -> dict[str, object]:
        """The figures a strength table quotes, JSON-ready: side 0's (A's) points per
        deal as ``[mean, low, high]`` (the 95% interval; rounded to 3 places, the bounds
        ``None`` with fewer than two units), the point share and the game win rate
        (``None`` in ``deals`` mode)."""
        net = self.net
        return {
            "points_per_deal": [None if x is None else round(x, 3)
                                for x in (net.mean, net.low, net.high)],
            "point_share": self.point_share,
            "game_win_rate": None if self.game_win is None else self.game_win.mean,
        }

    def side_names(self) -> tuple[str, ...]:
        """``A+C`` and ``B+D`` (``A`` and ``B`` two-handed; scored per player, a letter
        a bot)."""
        if self.per_player or len(self.bots) == 2:
            return tuple(SLOT_NAMES[: len(self.bots)])
        return "A+C", "B+D"

    def unit_name(self) -> str:
        """What the match counts: ``deals``, ``games``, ``pairs of deals`` (duplicate,
        two seatings), ``sets of deals`` (duplicate, more)."""
        plays = 1 if self.layout is None else len(self.layout.plays)
        group = "" if not self.duplicate else "pairs of " if plays == 2 else "sets of "
        return group + self.mode

    def to_dict(self) -> dict[str, object]:
        """Everything as one JSON-ready object (all but ``seconds`` is fixed by the seed)."""
        deals = self.deals
        common: dict[str, object] = {
            "bots": list(self.bots),
            "rules": self.rules.to_dict(),
            "scoring": "per_player" if self.per_player else "sides",
            "mode": self.mode,
            "count": self.count,
            "finished": self.finished,
            "interrupted": self.interrupted,
            "duplicate": self.duplicate,
            "seed": self.seed,
            "plays": self.plays,
            "deals": deals,
            "layout": None if self.layout is None else self.layout.to_dict(),
            "points_per_deal": self.net.to_dict(),
            "point_share": self.point_share,
            "game_win_rate": None if self.game_win is None else self.game_win.mean,
            "game_win_ci95": None if self.game_win is None
            else [self.game_win.low, self.game_win.high],
        }
        if self.per_player:
            total = sum(self.points)
            share = total and min(self.points) >= 0
            common["players"] = [
                {**figures.to_dict(), "point_share": figures.points / total if share else None}
                for figures in self.players
            ]
        else:
            common["sides"] = self._sides()
        seating = None if self.per_player else self.rules.seating
        return {
            **common,
            "thrown_in": self.thrown_in,
            "thrown_in_rate": self.thrown_in / deals if deals else None,
            "games_tied": self.games_tied,
            "games_unfinished": self.games_unfinished,
            "seats": [
                {"slot": SLOT_NAMES[slot], "bot": self.bots[slot],
                 "side": None if seating is None else seating.team(slot),
                 **{f.name: getattr(stats, f.name) for f in fields(stats)},
                 **stats.rates()}
                for slot, stats in enumerate(self.seats)
            ],
            "faults": [fault.to_dict() for fault in self.faults],
            "seconds": round(self.seconds, 3),
        }

    def _sides(self) -> list[dict[str, object]]:
        deals = self.deals
        seating = self.rules.seating
        sides: list[dict[str, object]] = []
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
        return sides


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


# -- who sits where ---------------------------------------------------------------------


def lineup(specs: Sequence[str], rules: Rules) -> tuple[str, ...]:
    """The bots of the lineup, by slot. In a partnership form, the bot of each seat in
    the first play: ``[A, B]`` four-handed is ``(A, B, A, B)``; scored per player, the
    bots as named, which fill the seats in turn (:func:`seat_layout`). Raises
    :class:`~euchre.errors.EuchreError` on a lineup that cannot fill the seats.

    >>> lineup(["basic", "random"], Rules())
    ('basic', 'random', 'basic', 'random')
    >>> lineup(["basic", "random"], Rules.preset("napoleon"))
    ('basic', 'random')
    >>> lineup(["random"] * 6, Rules.preset("napoleon"))
    Traceback (most recent call last):
    ...
    euchre.errors.EuchreError: Napoleon (Nap) with 5 players takes from two to five bots ...
    """
    checked = [check_spec(spec) for spec in specs]
    players = rules.players
    if rules.per_player:
        if not 2 <= len(checked) <= players:
            names = "two bots" if players == 2 else f"from two to {_WORDS[players]} bots"
            raise EuchreError(
                f"{rules.form_name} with {players} players takes {names} (they fill the "
                f"seats in turn: A B A B ...), not {len(checked)}"
            )
        return tuple(checked)
    if players == 2 and len(checked) != 2:
        raise EuchreError(f"two-handed Euchre takes exactly two bots, not {len(checked)}")
    if players == 4 and len(checked) not in (2, 4):
        raise EuchreError(
            f"four-handed {'Euchre' if rules.form == 'four_handed' else rules.form_name} "
            f"takes two bots (each partners itself) or four (A and C against B and D), "
            f"not {len(checked)}"
        )
    return tuple(checked * (players // len(checked)))


_WORDS: Final = ("zero", "one", "two", "three", "four", "five", "six", "seven")


@dataclass(frozen=True, slots=True)
class Layout:
    """Who holds which seat's cards in each play of a unit (a deal, a game, or a
    duplicate pair or set of them): ``plays[p][seat]`` is the slot of the lineup's bot
    (0 for A) at ``seat`` in play ``p``."""

    plays: tuple[tuple[int, ...], ...]
    per_player: bool
    """Scored per player: each bot is measured over the seats it holds."""

    def held(self, slot: int, seat: int) -> int:
        """How many plays of a unit give ``seat``'s cards to the bot of ``slot``."""
        return sum(play[seat] == slot for play in self.plays)

    def to_dict(self) -> list[list[str]]:
        """JSON-ready: each play's slot letters by seat."""
        return [[SLOT_NAMES[slot] for slot in play] for play in self.plays]

    def __str__(self) -> str:
        return ", ".join(" ".join(SLOT_NAMES[slot] for slot in play) for play in self.plays)


def seat_layout(bots: int, rules: Rules, duplicate: bool) -> Layout:
    """The seatings each unit is played under, for a lineup of ``bots`` slots (as
    :func:`lineup` returns them).

    Partnership forms (and two-handed): slot ``s`` sits at seat ``s``; with
    ``duplicate`` a second play swaps the partnerships' seats (seat ``s`` holds slot
    ``s ^ 1``). Scored per player, at ``n`` seats with ``k`` bots: seat ``s`` holds bot
    ``s mod k``; with ``duplicate``, the unit is played under every rotation of that
    lineup round the table combined with every cyclic shift of the bots' letters (A
    becomes B, B becomes C, ..., the last A), each distinct seating once. Under a shift
    every seat passes through every bot once, so every bot holds every seat's cards
    equally often, whatever ``k`` and ``n``; two bots at an odd number of seats are
    played under ``2n`` seatings (the rotations of ``A B A ...`` and of its mirror ``B A
    B ...``), at an even number under two (``A B A B ...`` and ``B A B A ...``).

    >>> print(seat_layout(2, Rules.preset("three-handed"), duplicate=True))
    A B A, A A B, B A A, B A B, B B A, A B B
    >>> print(seat_layout(4, Rules(), duplicate=True))
    A B C D, B A D C
    >>> len(seat_layout(2, Rules.preset("napoleon"), duplicate=True).plays)
    10
    """
    n = rules.players
    if not rules.per_player:
        first = tuple(range(n))
        plays = (first, tuple(s ^ 1 for s in first)) if duplicate else (first,)
        return Layout(plays, per_player=False)
    base = tuple(seat % bots for seat in range(n))
    if not duplicate:
        return Layout((base,), per_player=True)
    seatings = {
        tuple((base[(seat - turn) % n] + shift) % bots for seat in range(n)): None
        for shift in range(bots) for turn in range(n)
    }
    return Layout(tuple(seatings), per_player=True)


def fallback_bot() -> str:
    """The bot that finishes a game for a faulty one."""
    return "basic"


def _derive(*parts: object) -> int:
    """A 63-bit seed from parts, the same on every machine and in every process."""
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


# -- playing ----------------------------------------------------------------------------


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
    layout: Layout


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


class _GameCut(Exception):
    """A game of ``--games`` reached :data:`MAX_GAME_DEALS` deals unfinished."""


def _cut_long_games(game: Game) -> None:
    if len(game.results) >= MAX_GAME_DEALS:
        raise _GameCut


def _play_chunk(job: _Job, indices: range) -> list[_Unit]:
    """Play some units (in a worker process, or here)."""
    return list(_play_units(job, indices))


def _play_units(job: _Job, indices: range) -> Generator[_Unit, None, None]:
    """Play some units, yielding each as it finishes."""
    # An external program is kept for a whole chunk, one per seat key and per play, and
    # told each new game with game_start: the programs of a later play of a pair (or
    # set) never saw an earlier play's cards. Built-in bots are new for every play.
    programs: dict[tuple[int, int], Player] = {}
    try:
        for index in indices:
            yield _play_unit(job, index, programs)
    finally:
        for program in programs.values():
            if isinstance(program, ExternalPlayer):
                program.close()


def _suffix(play: int, plays: int) -> str:
    """The record name's suffix of a play: ``a``, ``b``, ... (``aa``, ``ab``, ... past 26)."""
    if plays == 1:
        return ""
    if plays <= 26:
        return chr(97 + play)
    return chr(97 + play // 26) + chr(97 + play % 26)


def _play_unit(job: _Job, index: int, programs: dict[tuple[int, int], Player]) -> _Unit:
    rules = job.rules
    n = rules.players
    layout = job.layout
    per_player = layout.per_player
    plays = layout.plays
    scorers = len(job.bots) if per_player else 2
    unit = _Unit(index, points=[0] * scorers, wins=[0] * scorers,
                 held=[0] * len(job.bots), seat_games=[0] * len(job.bots),
                 seats=[SeatStats() for _ in job.bots])
    for number, seating in enumerate(plays):
        label = f"{job.mode[:-1]} {index + 1}"
        if len(plays) == 2 and not per_player:
            label += " (swapped)" if number else ""
        elif len(plays) > 1:
            label += f" (seating {number + 1} of {len(plays)})"
        if job.mode == "deals":
            dealer = index % n
            deal = random_deal(rules, dealer, random.Random(_derive(job.seed, "deal", index)))
            game = Game(rules, deals=[deal])
        else:
            game = Game(rules, seed=_derive(job.seed, "game", index))
        seats = []
        for seat in range(n):
            slot = seating[seat]
            spec = job.bots[slot]
            # partnership forms key a bot by its slot (as the arena always has), forms
            # scored per player by its seat (one bot may hold several seats)
            key = seat if per_player else slot
            seed = _derive(job.seed, "bot", index, number, key)
            player = programs.get((number, key))
            if player is None:
                player = make_player(spec, seed, time_limit=job.time_limit)
                if spec.startswith(EXTERNAL_PREFIX):
                    programs[(number, key)] = player
            seats.append(_Seat(player, job, slot, seed, label, unit.faults))
        cut = False
        try:
            play_game(game, seats, after=_cut_long_games if job.mode == "games" else None)
        except _GameCut:
            cut = True
        _tally(unit, game, seating, per_player, cut)
        if job.record:
            from euchre.records.record import Record, dumps

            metadata = {
                "players": [job.bots[seating[seat]] for seat in range(n)],
                "event": "euchre arena",
                "arena": {"seed": job.seed, "mode": job.mode, "index": index,
                          "half": number, "play": number,
                          "slots": [SLOT_NAMES[slot] for slot in seating]},
            }
            suffix = _suffix(number, len(plays))
            name = f"{job.mode[:-1]}-{index + 1:06d}{suffix}.json"
            unit.records.append((name, dumps(Record.from_game(game, metadata=metadata))))
    for fault in unit.faults:
        unit.seats[fault.slot].faults += 1
    return unit


def _verdict(rules: Rules, result: DealResult) -> int:
    """How the maker's contract ended: 1 made, 2 marched (every trick), 0 euchred (or
    set)."""
    maker = result.maker
    assert maker is not None
    took = result.tricks[rules.seating.team_of[maker]]
    every = rules.hand_size
    bid = result.bid
    if rules.form == "napoleon" and bid is not None:
        if bid == MISERE:
            return 1 if took == 0 else 0
        need = every if bid >= NAP else bid
    elif rules.form == "hasenpfeffer" and bid is not None:
        need = bid
    else:
        need = 3
    if took < need:
        return 0
    return 2 if took == every else 1


def _tally(unit: _Unit, game: Game, seating: tuple[int, ...], per_player: bool,
           cut: bool) -> None:
    """Add one play's deals to the unit (``seating[seat]``: the slot at each seat)."""
    seats = unit.seats
    rules = game.rules
    n = rules.players
    team_of = rules.seating.team_of
    # partnership forms: the side of the lineup (0: A's) that plays as each team
    side_of_team = [team_of[seating[team[0]]] for team in rules.seating.teams]
    for result in game.results:
        unit.deals += 1
        for seat in range(n):
            seats[seating[seat]].deals += 1
        seats[seating[result.dealer]].dealt += 1
        if per_player:
            for seat, gain in enumerate(result.gains):
                unit.points[seating[seat]] += gain
                unit.held[seating[seat]] += 1
        else:
            for team, gain in enumerate(result.gains):
                side = side_of_team[team]
                unit.points[side] += gain
                unit.net += gain if side == 0 else -gain
        if result.maker is None:
            unit.thrown_in += 1
            continue
        maker = seats[seating[result.maker]]
        maker.calls += 1
        verdict = _verdict(rules, result)
        if verdict == 2:
            maker.marched += 1
        elif verdict == 1:
            maker.made += 1
        else:
            maker.euchred += 1
        for seat in result.alone:
            lone = seats[seating[seat]]
            lone.alone += 1
            took = result.tricks[team_of[seat]]
            lone.alone_won += took >= 3
            lone.alone_marched += took == 5
    unit.games += 1
    if per_player:
        for seat in range(n):
            unit.seat_games[seating[seat]] += 1
    winner = game.winner()
    if cut:
        unit.unfinished += 1
    elif winner is None:
        unit.tied += 1
    elif per_player:
        unit.wins[seating[winner]] += 1
    else:
        unit.wins[side_of_team[winner]] += 1


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

    ``specs`` are the bots (see :mod:`euchre.players.registry`): in a partnership form
    two (A and B; four-handed, each partners itself) or four (A and C against B and D);
    scored per player (three-handed, Napoleon), from two to one a seat, filling the
    seats in turn (:func:`seat_layout`). Give ``deals`` (independent one-deal games,
    the dealer rotating) or ``games`` (whole games under ``rules``). ``duplicate`` plays
    each unit under every seating of :func:`seat_layout`. ``executor`` runs the work
    (anything with an in-order ``map``; default: this process). ``record`` is a
    directory to write one native JSON record per game into. ``progress(done, total)``
    is called with 0 before the first unit (a game, a deal, or a duplicate pair or set)
    and again as each finishes, up to ``total``; ``on_fault`` with each bot failure;
    ``time_limit`` is an external bot's limit per decision, in seconds. Every external
    program is started once first (:func:`preflight`): one that cannot play raises
    :class:`~euchre.errors.EuchreError` before the match begins. Ctrl-C raises
    :class:`MatchInterrupted`, holding the result of the finished units.
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
               directory is not None, seat_layout(len(bots), rules, duplicate))
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
    scorers = len(units[0].points) if units else (len(job.bots) if rules.per_player else 2)
    points = tuple(sum(u.points[i] for u in units) for i in range(scorers))
    games_won = tuple(sum(u.wins[i] for u in units) for i in range(scorers))
    figures: tuple[BotFigures, ...] = ()
    if job.layout.per_player:
        figures = _figures(job, units, games_mode)
        net = figures[0].net
        game_win = figures[0].game_win
    else:
        net = confidence_interval([u.net for u in units], [u.deals for u in units])
        game_win = confidence_interval([u.wins[0] for u in units], [u.games for u in units])
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
        points=points,
        net=net,
        games_won=games_won if games_mode else None,
        game_win=game_win if games_mode else None,
        thrown_in=sum(u.thrown_in for u in units),
        seats=tuple(seats),
        faults=tuple(f for u in units for f in u.faults),
        seconds=seconds,
        layout=job.layout,
        players=figures,
        games_tied=sum(u.tied for u in units) if games_mode else 0,
        games_unfinished=sum(u.unfinished for u in units),
    )


def _figures(job: _Job, units: list[_Unit], games_mode: bool) -> tuple[BotFigures, ...]:
    """Each bot's figures in a form scored per player."""
    k = len(job.bots)
    points = [[u.points[b] for u in units] for b in range(k)]
    held = [[u.held[b] for u in units] for b in range(k)]
    wins = [[u.wins[b] for u in units] for b in range(k)]
    seat_games = [[u.seat_games[b] for u in units] for b in range(k)]
    figures = []
    for b in range(k):
        # this bot's points per seat-deal minus the mean of the others'
        contrast = [1.0 if c == b else -1.0 / (k - 1) for c in range(k)]
        figures.append(BotFigures(
            slot=b,
            bot=job.bots[b],
            seat_deals=sum(held[b]),
            points=sum(points[b]),
            points_per_deal=confidence_interval(points[b], held[b]),
            net=contrast_interval(points, held, contrast),
            seat_games=sum(seat_games[b]) if games_mode else None,
            games_won=sum(wins[b]) if games_mode else None,
            game_win=confidence_interval(wins[b], seat_games[b]) if games_mode else None,
        ))
    return tuple(figures)
