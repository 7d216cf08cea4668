"""The ``euchre`` command.

A person's mistake (an unknown card, a missing file, bad JSON, an unknown option)
gives one clear line on standard error and a non-zero exit, never a traceback.

Every option's value is checked before a command does anything, in one of two places:

* what the value alone decides (a count, a seed, seconds, a preset's name) by its
  argparse ``type`` (:mod:`euchre.cli.options`): a line ``euchre arena: argument --deals:
  must be a whole number of at least 1, not '0' (see: euchre arena --help)`` and exit
  status 2, as for an unknown option;
* what needs more than the value (rule options that depend on one another, bots, which
  may be programs to start, files) by the command as it starts: a line ``euchre: ...``
  and exit status 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from euchre.cli.options import (
    add_rules_arguments,
    preset_name,
    rules_from_args,
    title_text,
    whole_number,
)
from euchre.engine.rules import OPTION_HELP, PRESET_HELP, Rules
from euchre.errors import EuchreError
from euchre.records.emn import MATCH_FORMATS

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
        print(f"  {name:<14} {text}")
    title = f"preset {args.rules}" if args.rules else "defaults"
    print(f"\nOptions ({title}):")
    width = max(len(name) for name in OPTION_HELP)
    for name, value in base.to_dict().items():
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        print(f"  {name:<{width}} {shown:<14} {OPTION_HELP[name]}")
    print("\nSet an option with its flag, e.g. --stick-the-dealer or --target 5.")
    return 0


def _cmd_watch(args: argparse.Namespace) -> int:
    from euchre.engine.game import Game
    from euchre.players import play_game
    from euchre.players.registry import make_player, preflight
    from euchre.table.narrate import Narrator, seats_line

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
    print(seats_line(names, rules.seating.partner_of[0] is not None))
    narrator.start(game)
    play_game(game, players, narrator.before, narrator.after)
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from euchre.cli.replay import replay

    replay(args.file, check=args.check)
    return 0


def _cmd_convert(args: argparse.Namespace) -> int:
    from euchre.cli.replay import convert

    convert(args.input, args.output)
    return 0


def _cmd_match(args: argparse.Namespace) -> int:
    from euchre.cli.replay import make_match

    make_match(args.output, args.games, format=args.format, games=args.target,
               title=args.title)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``euchre`` command."""
    parser = _Parser(
        prog="euchre",
        description="Euchre: play, replay and convert games, list the rules, measure speed.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    from euchre.cli.play import add_play_commands

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

    match = sub.add_parser(
        "match", help="combine four-handed games into one EMN match (docs/record-format.md)")
    match.add_argument("output", metavar="OUT.emn")
    match.add_argument("games", nargs="+", metavar="GAME",
                       help="the games, .json or .egn, in the order they were played")
    match.add_argument("--format", choices=MATCH_FORMATS, default=None,
                       help="the match's format (a progressive evening: PROGRESSIVE)")
    match.add_argument("--target", type=whole_number(1), default=None,
                       help="the format's target (the games of a PROGRESSIVE evening)")
    match.add_argument("--title", type=title_text, default=None, help="the match's title")
    match.set_defaults(func=_cmd_match)

    from euchre.cli.hand import add_hand_command

    add_hand_command(sub)

    from euchre.cli.review import add_review_command

    add_review_command(sub)

    from euchre.cli.arena import add_bench_command, add_commands

    add_bench_command(sub)
    add_commands(sub)

    from euchre.cli.ratings import add_ratings_command

    add_ratings_command(sub)

    from euchre.cli.chart import add_chart_command

    add_chart_command(sub)

    from euchre.cli.serve import add_serve_command

    add_serve_command(sub)

    from euchre.cli.train import add_train_command

    add_train_command(sub)
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
