"""The ``euchre arena`` and ``euchre bot`` commands (``docs/arena.md``, ``docs/protocol.md``).

:func:`add_commands` adds both to the ``euchre`` command's subparsers.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import IO, Any

from euchre.arena import SLOT_NAMES, Fault, MatchInterrupted, MatchResult, run_match
from euchre.errors import EuchreError
from euchre.players.registry import available_bots
from euchre.text import plural

__all__ = ["add_commands", "format_result"]


def add_commands(subparsers: Any) -> None:
    """Add ``arena`` and ``bot`` to the subparsers of the ``euchre`` command."""
    from euchre.options import add_rules_arguments, seconds, whole_number

    bots = ", ".join([*available_bots(), "ext:COMMAND"])
    arena = subparsers.add_parser(
        "arena",
        help="play bots against each other and measure their strength",
        description=(
            "Play a match between bots and report points per deal with a 95% confidence "
            "interval. A (and C) sit at seats 0 and 2, B (and D) at seats 1 and 3; with "
            f"two bots four-handed, each partners itself. Bots: {bots}."
        ),
        # the arena's --deals (deals in the match) replaces the rules option's flag,
        # which is --game-deals here
        conflict_handler="resolve",
    )
    arena.add_argument("bots", nargs="+", metavar="BOT",
                       help="two bots (A B) or four (A B C D: A and C against B and D)")
    add_rules_arguments(arena)
    arena.add_argument("--game-deals", dest="rule_deals", default=None, metavar="VALUE",
                       help="with --games: games of this many deals instead of to a target "
                            "(the rules option 'deals')")
    count = arena.add_mutually_exclusive_group()
    count.add_argument("--deals", dest="match_deals", type=whole_number(1), default=None,
                       metavar="N", help="play N independent deals (default: 1000)")
    count.add_argument("--games", type=whole_number(1), default=None, metavar="N",
                       help="play N whole games to the target")
    arena.add_argument("--duplicate", action="store_true",
                       help="play every deal twice, the partnerships' seats swapped")
    arena.add_argument("--jobs", type=whole_number(1), default=1, metavar="N",
                       help="processes to play in (default: 1)")
    arena.add_argument("--seed", type=whole_number(), default=0,
                       help="seed of the deals (default: 0)")
    arena.add_argument("--time-limit", type=seconds(0, low_allowed=False), default=10.0,
                       metavar="SECONDS", help="an external bot's time per decision "
                                               "(default: 10)")
    arena.add_argument("--record", default=None, metavar="DIR",
                       help="write one native JSON record per game into DIR")
    arena.add_argument("--json", action="store_true", help="print one JSON object")
    arena.add_argument("--no-progress", action="store_true", help="no progress line")
    arena.set_defaults(func=_cmd_arena)

    bot = subparsers.add_parser(
        "bot",
        help="serve a built-in bot over the external-bot protocol (stdin/stdout)",
        description=f"Answer protocol messages on standard input with a bot's decisions. "
                    f"Bots: {', '.join(available_bots())}.",
    )
    bot.add_argument("name", metavar="NAME", help="the bot")
    bot.add_argument("--seed", type=whole_number(), default=0,
                     help="the bot's seed (default: 0)")
    bot.set_defaults(func=_cmd_bot)


class _Progress:
    """A progress line on standard error, redrawn in place (only on a terminal): drawn
    at once (``0/N``), then as units finish, with the time left once one has."""

    def __init__(self, stream: IO[str], unit: str, enabled: bool,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._stream = stream
        self._unit = unit
        self._enabled = enabled and stream.isatty()
        self._clock = clock
        self._start = clock()
        self._last: float | None = None
        self._width = 0

    def __call__(self, done: int, total: int) -> None:
        now = self._clock()
        if not self._enabled or (
                self._last is not None and now - self._last < 0.1 and done < total):
            return
        self._last = now
        elapsed = now - self._start
        left = f", {elapsed / done * (total - done):.0f} s left" if done else ""
        width = 30
        filled = width * done // total
        bar = "#" * filled + "." * (width - filled)
        line = f"arena [{bar}] {done}/{total} {self._unit}, {elapsed:.0f} s{left}"
        self._stream.write("\r" + line.ljust(self._width))
        self._stream.flush()
        self._width = len(line)

    def clear(self) -> None:
        """Erase the line (before other output, and at the end)."""
        if self._width:
            self._stream.write("\r" + " " * self._width + "\r")
            self._stream.flush()
            self._width = 0


def _cmd_arena(args: argparse.Namespace) -> int:
    from euchre.options import rules_from_args

    rules = rules_from_args(args)
    games = args.games
    if games is None and args.rule_deals is not None:
        raise EuchreError("--game-deals sets the deals of each game: it goes with --games")
    deals = None if games is not None else 1000 if args.match_deals is None else args.match_deals
    unit = ("pairs of " if args.duplicate else "") + ("games" if games is not None else "deals")
    progress = _Progress(sys.stderr, unit, not args.no_progress)

    def on_fault(fault: Fault) -> None:
        progress.clear()
        print(f"arena: fault: {fault}", file=sys.stderr)

    def play(executor: Any) -> MatchResult:
        return run_match(args.bots, rules, deals=deals, games=games, duplicate=args.duplicate,
                         seed=args.seed, executor=executor, record=args.record,
                         progress=progress, time_limit=args.time_limit, on_fault=on_fault)

    pool = ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else None
    try:
        result = play(pool)
    except MatchInterrupted as stop:
        result = stop.result
    finally:
        progress.clear()
        if pool is not None:  # after Ctrl-C or an error, do not wait for the queued work
            pool.shutdown(wait=False, cancel_futures=True)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(format_result(result))
    if result.interrupted:
        print(f"euchre: interrupted after {result.finished} of {result.count} {unit}",
              file=sys.stderr)
        return 130
    return 0


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _rate(count: int, total: int) -> str:
    return f"{count} ({_pct(count / total if total else None)})"


def _short(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def format_result(result: MatchResult) -> str:
    """The results table for people."""
    data = result.to_dict()
    net = result.net
    mode = "duplicate pairs of " if result.duplicate else ""
    preset = result.rules.preset_name() or "custom rules"
    played = (f"{result.finished} of {result.count} {mode}{result.mode} (interrupted; "
              if result.interrupted else f"{result.count} {mode}{result.mode} (")
    lines = [
        f"{played}{plural(result.plays, 'game')}, {plural(result.deals, 'deal')}), "
        f"{preset}, seed {result.seed}, {result.seconds:.1f} s",
        "",
        *(f"{SLOT_NAMES[slot]}  {bot}" for slot, bot in enumerate(result.bots)),
        "",
        f"{'side':<5} {'bots':<24} {'points':>7} {'per deal':>9} {'net per deal':>13} "
        f"{'95% CI':>17} {'share':>7} {'games won':>12}",
    ]
    sides: list[dict[str, Any]] = data["sides"]  # type: ignore[assignment]
    for side, info in enumerate(sides):
        sign = 1 if side == 0 else -1
        low, high = net.low, net.high
        if side == 1 and low is not None and high is not None:
            low, high = -high, -low
        ci = "-" if low is None or high is None else f"[{low:+.3f}, {high:+.3f}]"
        per_deal = info["points_per_deal"]
        won = info["games_won"]
        games = "-" if won is None else f"{won} ({_pct(info['game_win_rate'])})"
        lines.append(
            f"{info['side']:<5} {_short(' + '.join(dict.fromkeys(info['bots'])), 24):<24} "
            f"{info['points']:>7} {'-' if per_deal is None else f'{per_deal:.3f}':>9} "
            f"{sign * net.mean:>+13.3f} {ci:>17} {_pct(info['point_share']):>7} {games:>12}"
        )
    lines += [
        "",
        f"{'seat':<5} {'bot':<24} {'called':>7} {'made':>12} {'marched':>12} {'euchred':>12} "
        f"{'alone':>6} {'alone won':>12} {'faults':>6}",
    ]
    for slot, stats in enumerate(result.seats):
        lines.append(
            f"{SLOT_NAMES[slot]:<5} {_short(result.bots[slot], 24):<24} {stats.calls:>7} "
            f"{_rate(stats.made + stats.marched, stats.calls):>12} "
            f"{_rate(stats.marched, stats.calls):>12} {_rate(stats.euchred, stats.calls):>12} "
            f"{stats.alone:>6} {_rate(stats.alone_won, stats.alone):>12} {stats.faults:>6}"
        )
    lines.append(f"thrown in (all passed): {_rate(result.thrown_in, result.deals)} of the deals")
    win = result.game_win
    if win is not None and win.low is not None and win.high is not None:
        lines.append(f"game win rate of {result.side_names()[0]}: {_pct(win.mean)} "
                     f"(95% CI {_pct(win.low)} to {_pct(win.high)})")
    if result.duplicate:
        lines.append(f"the interval is over {net.n} duplicate pairs' point differences")
    if result.faults:
        lines.append(f"faults: {len(result.faults)} (see above; details with --json)")
    return "\n".join(lines)


def _cmd_bot(args: argparse.Namespace) -> int:
    """Serve a bot (``docs/protocol.md``): a message that cannot be read is one line on
    standard error; a ``decide`` that cannot be answered also ends the bot, status 1."""
    import io

    from euchre.players.registry import make_player
    from euchre.protocol import ProtocolError, serve

    player = make_player(args.name, args.seed)
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")  # bytes that are not UTF-8: not JSON
    try:
        serve(player, sys.stdin, sys.stdout, sys.stderr)
    except ProtocolError as error:
        print(f"euchre bot: {error}", file=sys.stderr)
        return 1
    return 0
