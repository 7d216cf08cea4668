"""The ``euchre`` command.

A person's mistake (an unknown card, a missing file, bad JSON, an unknown option)
gives one clear line on standard error and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from euchre.errors import EuchreError
from euchre.rules import OPTION_HELP, PRESET_HELP, PRESETS, Rules

__all__ = ["main"]

_RULE_DEFAULTS = Rules().to_dict()


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """``--rules PRESET`` and one flag per option (``--stick-the-dealer``, ``--target 5``)."""
    group = parser.add_argument_group("rules", "a preset, then any options to change")
    group.add_argument("--rules", default="standard", metavar="PRESET",
                       help=f"preset: {', '.join(PRESETS)} (default: standard)")
    for name, default in _RULE_DEFAULTS.items():
        flag = "--" + name.replace("_", "-")
        if isinstance(default, bool):
            group.add_argument(flag, dest=f"rule_{name}", action=argparse.BooleanOptionalAction,
                               default=None, help=OPTION_HELP[name])
        else:
            group.add_argument(flag, dest=f"rule_{name}", default=None, metavar="VALUE",
                               help=OPTION_HELP[name])


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules named by ``--rules`` and the option flags."""
    options = {
        name: getattr(args, f"rule_{name}")
        for name in _RULE_DEFAULTS
        if getattr(args, f"rule_{name}") is not None
    }
    return Rules.from_options(options, base=Rules.preset(args.rules))


def _cmd_rules(args: argparse.Namespace) -> int:
    base = Rules.preset(args.rules) if args.rules else Rules()
    print("Presets:")
    for name, text in PRESET_HELP.items():
        print(f"  {name:<12} {text}")
    title = f"preset {args.rules}" if args.rules else "defaults"
    print(f"\nOptions ({title}):")
    for name, value in base.to_dict().items():
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        print(f"  {name:<24} {shown:<14} {OPTION_HELP[name]}")
    print("\nSet an option with its flag, e.g. --stick-the-dealer or --target 5.")
    return 0


def _cmd_watch(args: argparse.Namespace) -> int:
    from euchre.game import Game
    from euchre.narrate import Narrator
    from euchre.players import play_game
    from euchre.players.registry import make_player

    rules = rules_from_args(args)
    game = Game(rules, seed=args.seed)
    narrator = Narrator(print)
    names = [args.bots[seat % len(args.bots)] for seat in range(rules.players)]
    players = [make_player(name, game.seed + seat) for seat, name in enumerate(names)]
    print(f"A game of Euchre between bots: {', '.join(names)} (seed {game.seed})")
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
        from euchre.players.registry import check_spec

        check_spec(args.bot)
        timed = bench_bot(args.bot, decisions=args.decisions, seed=args.seed)
        print(json.dumps(timed) if args.json else
              f"{args.bot}: median {timed['median_ms']} ms, p95 {timed['p95_ms']} ms, "
              f"slowest {timed['max_ms']} ms per decision ({timed['decisions']} decisions); "
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
    from euchre.game import Game
    from euchre.narrate import Narrator
    from euchre.record import read_record

    record = read_record(args.file)
    if args.check:
        game = record.check()
        print(f"ok: {len(game.results)} deals, every action legal, "
              f"final score {game.score[0]}-{game.score[1]}")
        return 0
    record.replay()  # the first illegal action stops here, with where and why
    game = Game(record.rules, deals=[d.deal for d in record.deals], score=record.start_score)
    narrator = Narrator(print, _player_names(record.metadata, record.rules.players))
    narrator.start(game)
    for recorded in record.deals:
        for action in recorded.actions:
            narrator.before(game, game.to_act, action)
            game.apply(action)
            narrator.after(game)
    if len(game.results) < len(record.deals) or not game.is_over():
        print(f"(the record ends here; score {game.score[0]}-{game.score[1]})")
    return 0


def _player_names(metadata: dict[str, Any], players: int) -> list[str] | None:
    names = metadata.get("players")
    if isinstance(names, list) and len(names) == players and all(
        isinstance(n, str) and n for n in names
    ):
        return names
    return None


def _cmd_convert(args: argparse.Namespace) -> int:
    from euchre.record import read_record, write_record

    record = read_record(args.input)
    write_record(record, args.output)
    print(f"wrote {args.output} ({len(record.deals)} deals)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``euchre`` command."""
    parser = argparse.ArgumentParser(
        prog="euchre",
        description="Euchre: play, replay and convert games, list the rules, measure speed.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    from euchre.tui.cli import add_play_commands

    add_play_commands(sub)

    watch = sub.add_parser("watch", help="watch a seeded game between bots, deal by deal")
    watch.add_argument("bots", nargs="*", default=["basic"], metavar="BOT",
                       help="bots by seat, repeated as needed (default: basic)")
    watch.add_argument("--seed", type=int, default=None, help="seed of the deals")
    add_rules_arguments(watch)
    watch.set_defaults(func=_cmd_watch)

    rules = sub.add_parser("rules", help="list the presets and options with their defaults")
    rules.add_argument("--rules", default=None, metavar="PRESET",
                       help="show the option values of this preset")
    rules.set_defaults(func=_cmd_rules)

    replay = sub.add_parser("replay", help="print a recorded game (native .json or .egn)")
    replay.add_argument("file", help="the record")
    replay.add_argument("--check", action="store_true",
                        help="only check that every action is legal and the scores agree")
    replay.set_defaults(func=_cmd_replay)

    convert = sub.add_parser("convert", help="convert a record between .json and .egn")
    convert.add_argument("input")
    convert.add_argument("output")
    convert.set_defaults(func=_cmd_convert)

    bench = sub.add_parser("bench", help="measure the engine's speed")
    bench.add_argument("--deals", type=int, default=20_000, help="deals per timed run")
    bench.add_argument("--games", type=int, default=500, help="whole games per timed run")
    bench.add_argument("--repeat", type=int, default=5, help="timed runs (median reported)")
    bench.add_argument("--seed", type=int, default=0)
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--solver", action="store_true",
                       help="time the double-dummy solver on random deals instead")
    bench.add_argument("--bot", metavar="NAME", help="time a bot's decisions instead")
    bench.add_argument("--decisions", type=int, default=500,
                       help="decisions to time with --bot (default 500)")
    bench.set_defaults(func=_cmd_bench)

    from euchre.arena_cli import add_commands

    add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
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
