"""The ``euchre arena``, ``euchre bot`` and ``euchre bench`` commands (``docs/arena.md``,
``docs/protocol.md``, ``docs/benchmarks.md``).

:func:`add_commands` adds ``arena`` and ``bot`` to the ``euchre`` command's subparsers,
:func:`add_bench_command` adds ``bench``; :func:`main` runs the three on their own
(``python -m euchre.cli.arena bench --presets``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import IO, Any, NoReturn

from euchre.analysis.arena import (
    MAX_GAME_DEALS,
    SLOT_NAMES,
    Fault,
    Interval,
    MatchInterrupted,
    MatchResult,
    SeatStats,
    lineup,
    run_match,
    seat_layout,
)
from euchre.errors import EuchreError
from euchre.players.registry import available_bots
from euchre.text import plural

__all__ = ["add_bench_command", "add_commands", "format_result", "main"]


def add_commands(subparsers: Any) -> None:
    """Add ``arena`` and ``bot`` to the subparsers of the ``euchre`` command."""
    from euchre.cli.options import add_rules_arguments, seconds, whole_number

    bots = ", ".join([*available_bots(), "ext:COMMAND"])
    arena = subparsers.add_parser(
        "arena",
        help="play bots against each other and measure their strength",
        description=(
            "Play a match between bots and report points per deal with a 95% confidence "
            "interval. In the partnership forms A (and C) sit at seats 0 and 2, B (and D) "
            "at seats 1 and 3; with two bots four-handed, each partners itself. In the "
            "forms scored per player (three-handed, Napoleon) the bots fill the seats in "
            f"turn (A B A ...) and each is measured per seat it holds. Bots: {bots}."
        ),
        # the arena's --deals (deals in the match) replaces the rules option's flag,
        # which is --game-deals here
        conflict_handler="resolve",
    )
    arena.add_argument("bots", nargs="+", metavar="BOT",
                       help="two bots (A B) or four (A B C D: A and C against B and D); "
                            "scored per player, two up to one a seat")
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
                       help="play every deal under seatings that give every bot every "
                            "seat's cards equally often (partnerships: twice, the seats "
                            "swapped)")
    arena.add_argument("--jobs", type=whole_number(1), default=1, metavar="N",
                       help="processes to play in (default: 1); with --executor ray, the "
                            "CPUs of the local Ray instance")
    arena.add_argument("--executor", choices=("process", "ray"), default="process",
                       help="what plays the match: processes of this machine (the default) "
                            "or Ray tasks, on a local instance or a cluster (--address); "
                            "the same seed gives the same result with either")
    arena.add_argument("--address", default=None, metavar="ADDRESS",
                       help="with --executor ray: the cluster to play on (HOST:PORT of its "
                            "head, or auto); without it a local Ray instance is started")
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


class ProgressLine:
    """A progress line on standard error, redrawn in place (only on a terminal): drawn
    at once (``0/N``), then as units finish, with the time left once one has."""

    def __init__(self, stream: IO[str], unit: str, enabled: bool,
                 clock: Callable[[], float] = time.monotonic, label: str = "arena") -> None:
        self._stream = stream
        self._label = label
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
        line = f"{self._label} [{bar}] {done}/{total} {self._unit}, {elapsed:.0f} s{left}"
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
    from euchre.cli.options import rules_from_args

    rules = rules_from_args(args)
    games = args.games
    if games is None and args.rule_deals is not None:
        raise EuchreError("--game-deals sets the deals of each game: it goes with --games")
    if args.address is not None and args.executor != "ray":
        raise EuchreError("--address is a Ray cluster's: it goes with --executor ray")
    deals = None if games is not None else 1000 if args.match_deals is None else args.match_deals
    plays = len(seat_layout(len(lineup(args.bots, rules)), rules, args.duplicate).plays)
    group = "" if plays == 1 else "pairs of " if plays == 2 else "sets of "
    unit = group + ("games" if games is not None else "deals")
    progress = ProgressLine(sys.stderr, unit, not args.no_progress)

    def on_fault(fault: Fault) -> None:
        progress.clear()
        print(f"arena: fault: {fault}", file=sys.stderr)

    def play(executor: Any) -> MatchResult:
        return run_match(args.bots, rules, deals=deals, games=games, duplicate=args.duplicate,
                         seed=args.seed, executor=executor, record=args.record,
                         progress=progress, time_limit=args.time_limit, on_fault=on_fault)

    executor = _executor(args)
    try:
        result = play(executor)
    except MatchInterrupted as stop:
        result = stop.result
    finally:
        progress.clear()
        if executor is not None:  # after Ctrl-C or an error, do not wait for the queued work
            executor.shutdown(wait=False, cancel_futures=True)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(format_result(result))
    if result.interrupted:
        print(f"euchre: interrupted after {result.finished} of {result.count} {unit}",
              file=sys.stderr)
        return 130
    return 0


def _executor(args: argparse.Namespace) -> Any:
    """The arena's executor: none (this process), a process pool, or Ray's."""
    if args.executor == "ray":
        from euchre.analysis.arena_ray import RayExecutor

        # with --address the cluster's CPUs play, whatever --jobs says
        return RayExecutor(args.address, num_cpus=None if args.address else args.jobs)
    return ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else None


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _rate(count: int, total: int) -> str:
    return f"{count} ({_pct(count / total if total else None)})"


def _short(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def format_result(result: MatchResult) -> str:
    """The results table for people."""
    if result.per_player:
        return _format_per_player(result)
    data = result.to_dict()
    net = result.net
    lines = [
        *_header(result),
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
        f"{'seat':<5} {'bot':<24} {_calls_titles(result)} "
        f"{'alone':>6} {'alone won':>12} {'faults':>6}",
    ]
    for slot, stats in enumerate(result.seats):
        lines.append(
            f"{SLOT_NAMES[slot]:<5} {_short(result.bots[slot], 24):<24} {_calls(stats)} "
            f"{stats.alone:>6} {_rate(stats.alone_won, stats.alone):>12} {stats.faults:>6}"
        )
    lines += _footer(result)
    win = result.game_win
    if win is not None and win.low is not None and win.high is not None:
        lines.insert(-1 if result.duplicate else len(lines),
                     f"game win rate of {result.side_names()[0]}: {_pct(win.mean)} "
                     f"(95% CI {_pct(win.low)} to {_pct(win.high)})")
    if result.faults:
        lines.append(f"faults: {len(result.faults)} (see above; details with --json)")
    return "\n".join(lines)


def _header(result: MatchResult) -> list[str]:
    """The first line (what was played), the seatings of a duplicate set, the lineup."""
    mode = "duplicate " + result.unit_name() if result.duplicate else result.mode
    preset = result.rules.preset_name() or "custom rules"
    played = (f"{result.finished} of {result.count} {mode} (interrupted; "
              if result.interrupted else f"{result.count} {mode} (")
    lines = [
        f"{played}{plural(result.plays, 'game')}, {plural(result.deals, 'deal')}), "
        f"{preset}, seed {result.seed}, {result.seconds:.1f} s",
    ]
    layout = result.layout
    if result.per_player and layout is not None:
        what = "deal" if result.mode == "deals" else "game's deals"
        lines.append(f"each {what} played under {plural(len(layout.plays), 'seating')} "
                     f"(the bot at each seat, from South): {layout}")
    return [*lines, "", *(f"{SLOT_NAMES[slot]}  {bot}" for slot, bot in enumerate(result.bots)),
            ""]


def _footer(result: MatchResult) -> list[str]:
    lines = [f"thrown in (all passed): {_rate(result.thrown_in, result.deals)} of the deals"]
    if result.games_tied:
        lines.append(f"games tied at the top (nobody won): {result.games_tied}")
    if result.games_unfinished:
        lines.append(f"games stopped unfinished after {MAX_GAME_DEALS} deals: "
                     f"{result.games_unfinished}")
    if result.duplicate:
        group = "pairs'" if result.unit_name().startswith("pairs") else "sets'"
        lines.append(f"the interval is over {result.net.n} duplicate {group} point differences")
    return lines


def _calls_titles(result: MatchResult) -> str:
    bidding = result.rules.form in ("hasenpfeffer", "napoleon")
    names = ("won bid", "made", "all tricks", "set") if bidding else (
        "called", "made", "marched", "euchred")
    return f"{names[0]:>7} {names[1]:>12} {names[2]:>12} {names[3]:>12}"


def _calls(stats: SeatStats) -> str:
    return (f"{stats.calls:>7} {_rate(stats.made + stats.marched, stats.calls):>12} "
            f"{_rate(stats.marched, stats.calls):>12} {_rate(stats.euchred, stats.calls):>12}")


def _ci(interval: Interval) -> str:
    low, high = interval.low, interval.high
    return "-" if low is None or high is None else f"[{low:+.3f}, {high:+.3f}]"


def _format_per_player(result: MatchResult) -> str:
    """The tables of a form scored per player: a row per bot."""
    total = sum(result.points)
    share = total and min(result.points) >= 0
    lines = [
        *_header(result),
        f"{'bot':<5} {'name':<20} {'seat-deals':>10} {'points':>7} {'per deal':>9} "
        f"{'95% CI':>17} {'net per deal':>13} {'95% CI':>17} {'share':>7} {'games won':>12}",
    ]
    for figures in result.players:
        won, seat_games = figures.games_won, figures.seat_games
        games = "-" if won is None or seat_games is None else _rate(won, seat_games)
        lines.append(
            f"{SLOT_NAMES[figures.slot]:<5} {_short(figures.bot, 20):<20} "
            f"{figures.seat_deals:>10} {figures.points:>7} "
            f"{figures.points_per_deal.mean:>9.3f} {_ci(figures.points_per_deal):>17} "
            f"{figures.net.mean:>+13.3f} {_ci(figures.net):>17} "
            f"{_pct(figures.points / total if share else None):>7} {games:>12}"
        )
    lines += [
        "",
        f"{'bot':<5} {'name':<20} {_calls_titles(result)} {'faults':>6}",
    ]
    for slot, stats in enumerate(result.seats):
        lines.append(f"{SLOT_NAMES[slot]:<5} {_short(result.bots[slot], 20):<20} "
                     f"{_calls(stats)} {stats.faults:>6}")
    lines += _footer(result)
    others = "the other's" if len(result.bots) == 2 else "the mean of the others'"
    lines.insert(len(lines) - (1 if result.duplicate else 0),
                 f"per deal: points per seat-deal held; net: minus {others}")
    if result.mode == "games":
        lines.insert(len(lines) - (1 if result.duplicate else 0),
                     f"games won: of the games played in each seat held (an even share is "
                     f"{_pct(1 / result.rules.players)})")
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


# -- the command ---------------------------------------------------------------------------


def add_bench_command(subparsers: Any) -> None:
    """Add ``bench`` to the subparsers of the ``euchre`` command (:mod:`euchre.analysis.bench`)."""
    from euchre.cli.options import preset_name, whole_number
    from euchre.engine.rules import PRESETS

    bench = subparsers.add_parser("bench", help="measure the engine's speed")
    count = whole_number(1)
    bench.add_argument("--deals", type=count, default=20_000, help="deals per timed run")
    bench.add_argument("--games", type=count, default=500, help="whole games per timed run")
    bench.add_argument("--repeat", type=count, default=5, help="timed runs (median reported)")
    bench.add_argument("--seed", type=whole_number(), default=0)
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--rules", default=None, metavar="PRESET", type=preset_name(),
                       help=f"measure under this preset: {', '.join(PRESETS)} (default: "
                            f"openspiel one-deal games, standard games)")
    bench.add_argument("--presets", action="store_true",
                       help="time one-deal games under every preset instead, with each "
                            "one's ratio to standard")
    bench.add_argument("--solver", action="store_true",
                       help="time the double-dummy solver on random deals instead")
    bench.add_argument("--bot", metavar="NAME", help="time a bot's decisions instead")
    bench.add_argument("--decisions", type=count, default=500,
                       help="decisions to time with --bot (default 500)")
    bench.add_argument("--batch", type=count, metavar="B",
                       help="time the batched simulator with B games at once instead "
                            "(euchre.envs.batch; needs the rl extra)")
    bench.add_argument("--steps", type=count, default=200,
                       help="steps of every game to time with --batch (default 200)")
    bench.add_argument("--numpy", action="store_true",
                       help="with --batch: step with numpy even where numba is installed")
    bench.set_defaults(func=_cmd_bench)


def _cmd_bench(args: argparse.Namespace) -> int:
    from euchre.build import build_line

    status = _bench(args)
    if not args.json:
        print(f"(this installation: {build_line()})")
    return status


def _with_build(data: dict[str, Any]) -> str:
    """The JSON of a benchmark, with whether it ran compiled (:mod:`euchre.build`)."""
    from euchre.build import build_info

    return json.dumps({**data, "build": build_info()})


def _bench_batch(args: argparse.Namespace) -> int:
    """``euchre bench --batch B``: the batched simulator's steps and deals a second,
    medians of ``--repeat`` runs."""
    from euchre.extras import optional_module

    optional_module("numpy", "rl", "--batch")
    from euchre.envs.batch import bench_batch

    runs = [bench_batch(args.batch, steps=args.steps, seed=args.seed + run,
                        rules=args.rules or "standard", jit=False if args.numpy else None)
            for run in range(args.repeat)]
    result = {
        "batch": args.batch,
        "steps": args.steps,
        "repeat": args.repeat,
        "rules": args.rules or "standard",
        "steps_per_sec": round(statistics.median(r["steps_per_sec"] for r in runs)),
        "deals_per_sec": round(statistics.median(r["deals_per_sec"] for r in runs)),
        "jit": bool(runs[0]["jit"]),
    }
    print(_with_build(result) if args.json else
          f"batched simulator, {args.batch} games at once: {result['steps_per_sec']} steps/s, "
          f"{result['deals_per_sec']} deals/s (medians of {plural(args.repeat, 'run')} of "
          f"{plural(args.steps, 'step')}, {'numba' if result['jit'] else 'numpy'})")
    return 0


def _bench(args: argparse.Namespace) -> int:
    from euchre.analysis.bench import bench_bot, bench_presets, run_benchmarks
    from euchre.engine.rules import Rules

    rules = None if args.rules is None else Rules.preset(args.rules)
    if args.numpy and not args.batch:
        raise EuchreError("--numpy times the batched simulator's numpy step: it goes with "
                          "--batch")
    if args.batch:
        return _bench_batch(args)
    if args.solver:
        from euchre.players.solver import bench_solver

        solved = bench_solver(n=min(args.deals, 1000), seed=args.seed, repeat=args.repeat)
        print(_with_build(solved) if args.json else
              f"solver: median {solved['median_ms']} ms, p95 {solved['p95_ms']} ms per full "
              f"five-trick solve ({solved['nodes_mean']} nodes on average)")
        return 0
    if args.bot:
        from euchre.players.registry import preflight

        preflight([args.bot], rules)
        timed = bench_bot(args.bot, decisions=args.decisions, seed=args.seed, rules=rules)
        print(_with_build(timed) if args.json else
              f"{args.bot}: median {timed['median_ms']} ms, p95 {timed['p95_ms']} ms, "
              f"slowest {timed['max_ms']} ms per decision ({plural(args.decisions, 'decision')}); "
              f"decisions with a choice: median {timed['choice_median_ms']} ms, "
              f"p95 {timed['choice_p95_ms']} ms")
        return 0
    if args.presets:
        table = bench_presets(deals=args.deals, repeat=args.repeat, seed=args.seed,
                              presets=None if args.rules is None else [args.rules])
        if args.json:
            print(_with_build(table))
            return 0
        rows: dict[str, dict[str, Any]] = table["presets"]  # type: ignore[assignment]
        print(f"{'preset':<14} {'form':<13} {'players':>7} {'deals/s':>9} {'to standard':>12}")
        for name, row in rows.items():
            print(f"{name:<14} {row['form']:<13} {row['players']:>7} "
                  f"{row['deals_per_sec']:>9} {row['ratio_to_standard']:>12.2f}")
        print(f"(one-deal games of random play through the public API; medians of "
              f"{args.repeat} rounds of {plural(args.deals, 'deal')} a preset; seed {args.seed})")
        return 0
    result = run_benchmarks(deals=args.deals, games=args.games, repeat=args.repeat,
                            seed=args.seed, rules=rules)
    if args.json:
        print(_with_build(result))
        return 0
    if rules is None:
        print(f"public API, openspiel rules: {result['hands_per_sec']} deals/s")
        print(f"public API, whole standard games: {result['games_per_sec']} games/s "
              f"({result['standard_hands_per_sec']} deals/s, "
              f"{result['deals_per_game']} deals a game)")
        print(f"lean play-out path: {result['lean_hands_per_sec']} deals/s")
    else:
        print(f"rules: {result['rules']} ({rules.form_name}, {rules.players} players)")
        print(f"public API, one-deal games: {result['hands_per_sec']} deals/s")
        if result["games_per_sec"] is None:
            print(f"public API, whole games: {result['games_note']}: "
                  f"{result['game_hands_per_sec']} deals/s")
        else:
            print(f"public API, whole games: {result['games_per_sec']} games/s "
                  f"({result['game_hands_per_sec']} deals/s, "
                  f"{result['deals_per_game']} deals a game)")
        lean = result["lean_hands_per_sec"]
        print(f"lean play-out path: {result['lean_note'] if lean is None else f'{lean} deals/s'}")
    print(f"one state copy: {result['copy_us']} µs")
    print(f"(median of {args.repeat} runs; seed {args.seed})")
    return 0


class _OneLineParser(argparse.ArgumentParser):
    """A parser whose refusal is one line and exit status 2 (as ``euchre``'s own)."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message} (see: {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m euchre.cli.arena COMMAND ...``: the ``arena``, ``bot`` and ``bench``
    commands on their own, as ``euchre`` runs them (a mistake is one line: exit status 2
    for a value the parser refuses, 1 for one the command does)."""
    parser = _OneLineParser(prog="euchre")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    add_commands(subparsers)
    add_bench_command(subparsers)
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    try:
        status: int = args.func(args)
    except EuchreError as error:
        print(f"euchre: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # before a match began (starting Ray, say), as euchre's own
        print("euchre: interrupted", file=sys.stderr)
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
