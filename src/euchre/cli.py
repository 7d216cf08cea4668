"""The ``euchre`` command.

A person's mistake (an unknown card, a missing file, bad JSON, an unknown option)
gives one clear line on standard error and a non-zero exit, never a traceback.

Every option's value is checked before a command does anything, in one of two places:

* what the value alone decides (a count, a seed, seconds, a preset's name) by its
  argparse ``type`` (:mod:`euchre.options`): a line ``euchre arena: argument --deals:
  must be a whole number of at least 1, not '0' (see: euchre arena --help)`` and exit
  status 2, as for an unknown option;
* what needs more than the value (rule options that depend on one another, bots, which
  may be programs to start, files) by the command as it starts: a line ``euchre: ...``
  and exit status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from euchre.errors import EuchreError
from euchre.options import add_rules_arguments, preset_name, rules_from_args, whole_number
from euchre.rules import OPTION_HELP, PRESET_HELP, PRESETS, Rules, face_refusal
from euchre.text import plural

__all__ = ["UsageError", "build_parser", "main"]


class UsageError(EuchreError):
    """A command line the parser refuses: an unknown option, or a value its ``type``
    refuses. The message is the whole line, naming the command."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose refusal is one line (a :class:`UsageError`), not the
    usage text followed by an exit; its subcommands' parsers are of this class too."""

    def error(self, message: str) -> NoReturn:
        from euchre.invocation import command

        raise UsageError(f"{self.prog}: {message} "
                         f"(see: {command(*self.prog.split()[1:], '--help')})")


def _cmd_rules(args: argparse.Namespace) -> int:
    base = Rules.preset(args.rules) if args.rules else Rules()
    print("Presets:")
    for name, text in PRESET_HELP.items():
        at_table = "" if face_refusal(PRESETS[name]) is None else " (engine only, so far)"
        print(f"  {name:<14} {text}{at_table}")
    title = f"preset {args.rules}" if args.rules else "defaults"
    print(f"\nOptions ({title}):")
    width = max(len(name) for name in OPTION_HELP)
    for name, value in base.to_dict().items():
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        print(f"  {name:<{width}} {shown:<14} {OPTION_HELP[name]}")
    print("\nSet an option with its flag, e.g. --stick-the-dealer or --target 5.")
    return 0


def _cmd_watch(args: argparse.Namespace) -> int:
    from euchre.game import Game
    from euchre.narrate import Narrator, seats_line
    from euchre.players import play_game
    from euchre.players.registry import make_player, preflight

    rules = rules_from_args(args)
    if len(args.bots) > rules.players:
        raise EuchreError(f"watch takes at most {rules.players} bots, one a seat, "
                          f"not {len(args.bots)}")
    preflight(args.bots, rules)
    game = Game(rules, seed=args.seed)
    narrator = Narrator(print)
    names = [args.bots[seat % len(args.bots)] for seat in range(rules.players)]
    players = [make_player(name, game.seed + seat) for seat, name in enumerate(names)]
    print(f"A game of Euchre between bots: {', '.join(names)} (seed {game.seed})")
    print(seats_line(names))
    narrator.start(game)
    play_game(game, players, narrator.before, narrator.after)
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from euchre.bench import bench_bot, run_benchmarks

    if args.solver:
        from euchre.solver import bench_solver

        solved = bench_solver(n=min(args.deals, 1000), seed=args.seed, repeat=args.repeat)
        print(json.dumps(solved) if args.json else
              f"solver: median {solved['median_ms']} ms, p95 {solved['p95_ms']} ms per full "
              f"five-trick solve ({solved['nodes_mean']} nodes on average)")
        return 0
    if args.bot:
        from euchre.players.registry import preflight

        preflight([args.bot])
        timed = bench_bot(args.bot, decisions=args.decisions, seed=args.seed)
        print(json.dumps(timed) if args.json else
              f"{args.bot}: median {timed['median_ms']} ms, p95 {timed['p95_ms']} ms, "
              f"slowest {timed['max_ms']} ms per decision ({plural(args.decisions, 'decision')}); "
              f"decisions with a choice: median {timed['choice_median_ms']} ms, "
              f"p95 {timed['choice_p95_ms']} ms")
        return 0
    result = run_benchmarks(deals=args.deals, games=args.games, repeat=args.repeat,
                            seed=args.seed)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"public API, openspiel rules: {result['hands_per_sec']} deals/s")
    print(f"public API, whole standard games: {result['games_per_sec']} games/s "
          f"({result['standard_hands_per_sec']} deals/s, {result['deals_per_game']} deals a game)")
    print(f"lean play-out path: {result['lean_hands_per_sec']} deals/s")
    print(f"one state copy: {result['copy_us']} µs")
    print(f"(median of {args.repeat} runs; seed {args.seed})")
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from euchre.replay_cli import replay

    replay(args.file, check=args.check)
    return 0


def _cmd_convert(args: argparse.Namespace) -> int:
    from euchre.replay_cli import convert

    convert(args.input, args.output)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``euchre`` command."""
    parser = _Parser(
        prog="euchre",
        description="Euchre: play, replay and convert games, list the rules, measure speed.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    from euchre.tui.cli import add_play_commands

    add_play_commands(sub)

    watch = sub.add_parser("watch", help="watch a seeded game between bots, deal by deal")
    watch.add_argument("bots", nargs="*", default=["basic"], metavar="BOT",
                       help="bots by seat, repeated as needed (default: basic)")
    watch.add_argument("--seed", type=whole_number(), default=None, help="seed of the deals")
    add_rules_arguments(watch)
    watch.set_defaults(func=_cmd_watch)

    rules = sub.add_parser("rules", help="list the presets and options with their defaults")
    rules.add_argument("--rules", default=None, metavar="PRESET", type=preset_name(),
                       help="show the option values of this preset")
    rules.set_defaults(func=_cmd_rules)

    replay = sub.add_parser(
        "replay", help="print a recorded game (native .json or .egn) or match (.emn)")
    replay.add_argument("file", help="the record")
    replay.add_argument("--check", action="store_true",
                        help="only check that every action is legal and the scores agree")
    replay.set_defaults(func=_cmd_replay)

    convert = sub.add_parser(
        "convert", help="convert a record between .json and .egn (a .emn match: a record a game)")
    convert.add_argument("input")
    convert.add_argument("output")
    convert.set_defaults(func=_cmd_convert)

    bench = sub.add_parser("bench", help="measure the engine's speed")
    count = whole_number(1)
    bench.add_argument("--deals", type=count, default=20_000, help="deals per timed run")
    bench.add_argument("--games", type=count, default=500, help="whole games per timed run")
    bench.add_argument("--repeat", type=count, default=5, help="timed runs (median reported)")
    bench.add_argument("--seed", type=whole_number(), default=0)
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--solver", action="store_true",
                       help="time the double-dummy solver on random deals instead")
    bench.add_argument("--bot", metavar="NAME", help="time a bot's decisions instead")
    bench.add_argument("--decisions", type=count, default=500,
                       help="decisions to time with --bot (default 500)")
    bench.set_defaults(func=_cmd_bench)

    from euchre.arena_cli import add_commands

    add_commands(sub)

    from euchre.web.serve import add_serve_command

    add_serve_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        print(error, file=sys.stderr)
        return 2
    try:
        status: int = args.func(args)
    except EuchreError as error:
        print(f"euchre: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("euchre: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
