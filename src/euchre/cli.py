"""The ``euchre`` command.

A person's mistake (an unknown card, a missing file, bad JSON, an unknown option)
gives one clear line on standard error and a non-zero exit, never a traceback.

Every option's value is checked before a command does anything, in one of two places:

* what the value alone decides (a count, a seed, seconds, a preset's name) by its
  argparse ``type`` (:func:`whole_number`, :func:`seconds`, :func:`preset_name`): a
  line ``euchre arena: argument --deals: must be a whole number of at least 1, not '0'
  (see: euchre arena --help)`` and exit status 2, as for an unknown option;
* what needs more than the value (rule options that depend on one another, bots, which
  may be programs to start, files) by the command as it starts: a line ``euchre: ...``
  and exit status 1.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from euchre.errors import EuchreError
from euchre.rules import OPTION_HELP, PRESET_HELP, PRESETS, Rules
from euchre.text import plural

if TYPE_CHECKING:
    from euchre.record import Record, Replay, ReplayWarning

__all__ = ["UsageError", "main", "preset_name", "seconds", "whole_number"]

_RULE_DEFAULTS = Rules().to_dict()


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


def whole_number(minimum: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: an int, at least ``minimum`` if given.

    >>> whole_number(1)("12")
    12
    >>> whole_number(1)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number of at least 1, not '0'
    """
    wanted = "a whole number" + ("" if minimum is None else f" of at least {minimum}")

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or (minimum is not None and value < minimum):
            raise argparse.ArgumentTypeError(f"must be {wanted}, not {text!r}")
        return value

    return parse


def seconds(low: float, high: float | None = None, *,
            low_allowed: bool = True) -> Callable[[str], float]:
    """An argparse ``type``: a finite number of seconds from ``low`` (or above it) to
    ``high``.

    >>> seconds(0, 10)("0.5")
    0.5
    >>> seconds(0, low_allowed=False)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a number of seconds above 0, not '0'
    """
    if high is not None:
        wanted = f"from {low:g} to {high:g}"
    else:
        wanted = f"of at least {low:g}" if low_allowed else f"above {low:g}"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and (value >= low if low_allowed else value > low)
                and (high is None or value <= high)):
            raise argparse.ArgumentTypeError(f"must be a number of seconds {wanted}, "
                                             f"not {text!r}")
        return value

    return parse


def preset_name(*others: str) -> Callable[[str], str]:
    """An argparse ``type``: a preset's name, read as :meth:`Rules.preset` reads it and
    returned as the preset spells it, or one of ``others`` (``custom`` for ``euchre
    stats``).

    >>> preset_name()("Two_Handed")
    'two-handed'
    >>> preset_name("custom")("bogus")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: unknown preset 'bogus': choose one of standard, ..., or custom
    """
    def parse(text: str) -> str:
        key = text.strip().lower()
        if key in others:
            return key
        with contextlib.suppress(EuchreError):
            return Rules.preset(key).preset_name() or key
        choices = ", ".join(PRESETS) + "".join(f", or {other}" for other in others)
        raise argparse.ArgumentTypeError(f"unknown preset {text!r}: choose one of {choices}")

    return parse


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """``--rules PRESET`` and one flag per option (``--stick-the-dealer``, ``--target 5``)."""
    group = parser.add_argument_group("rules", "a preset, then any options to change")
    group.add_argument("--rules", default="standard", metavar="PRESET", type=preset_name(),
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
    print(_seats_line(names))
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
    if args.file.lower().endswith(".emn"):  # a match of several games
        from euchre.emn import replay_match

        replay_match(args.file, check=args.check)
        return 0
    from euchre.egn_versions import replay_note
    from euchre.record import read_record

    record = read_record(args.file)
    if note := replay_note(args.file, record.metadata):
        print(note)  # an EGN file of an older (or newer) version
    if args.check:
        replayed = record.check_all()
        _print_warnings(replayed.warnings)
        game = replayed.game
        line = (f"ok: {plural(len(replayed.results), 'deal')}, every action legal, "
                f"final score {_score(game.score)}")
        if replayed.after is not None:
            line += (f" (the game ended after deal {replayed.end}; the deals after it "
                     f"bring the score to {_score(replayed.score)})")
        print(line)
        return 0
    replayed = record.replay_all()  # the first illegal action stops here, with where and why
    _print_warnings(replayed.warnings)
    _narrate(record, replayed)
    return 0


def _narrate(record: Record, replayed: Replay) -> None:
    """Print the game deal by deal; deals recorded after its end come after it, marked."""
    from euchre.game import Game
    from euchre.narrate import Narrator
    from euchre.record import game_after_end

    names = _player_names(record.metadata, record.rules.players)
    game = Game(record.rules, deals=[d.deal for d in record.deals], score=record.start_score)
    narrator = Narrator(print, names)
    if names is not None:
        print(_seats_line(names))
    narrator.start(game)
    for recorded in record.deals[: replayed.end]:
        for action in recorded.actions:
            narrator.before(game, game.to_act, action)
            game.apply(action)
            narrator.after(game)
    if replayed.after is None:
        if len(game.results) < len(record.deals) or not game.is_over():
            print(f"(the record ends here; score {_score(game.score)})")
        return
    later = record.deals[replayed.end :]
    print(f"(the record goes on after the end of the game: {plural(len(later), 'more deal')}, "
          f"replayed from {_score(game.score)}; "
          "they do not count)")
    after = game_after_end(game, [d.deal for d in later])
    marked = Narrator(_after_the_end(print, replayed.end), names)
    marked.start(after)
    for recorded in later:
        for action in recorded.actions:
            marked.before(after, after.to_act, action)
            after.apply(action)
            marked.after(after)
    print(f"(the record ends here; score {_score(after.score)}, "
          f"the game having ended {_score(game.score)})")


def _after_the_end(write: Callable[[str], None], offset: int) -> Callable[[str], None]:
    """The narration of deals recorded after the game's end: numbered on from the game's
    (``Deal 12 (after the end): ...``), without the start and end lines of the game
    they are replayed in."""

    def marked(line: str) -> None:
        if line.startswith(("Starting at ", "Game over")):
            return
        if line.startswith("Deal "):
            number, rest = line[len("Deal "):].split(":", 1)
            line = f"Deal {int(number) + offset} (after the end):{rest}"
        write(line)

    return marked


def _print_warnings(warnings: Sequence[ReplayWarning]) -> None:
    """Each warning of a replay as one line on standard error."""
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)


def _score(score: tuple[int, int]) -> str:
    return f"{score[0]}-{score[1]}"


def _seats_line(names: Sequence[str]) -> str:
    """Who sits where, clockwise from seat 0: ``Seats: South basic, West random, ...``."""
    from euchre.rules import seat_name

    seats = ", ".join(f"{seat_name(seat, len(names))} {name}" for seat, name in enumerate(names))
    teams = "" if len(names) == 2 else "; teams North-South and East-West"
    return f"Seats, clockwise: {seats}{teams}"


def _player_names(metadata: dict[str, Any], players: int) -> list[str] | None:
    names = metadata.get("players")
    if isinstance(names, list) and len(names) == players and all(
        isinstance(n, str) and n for n in names
    ):
        return names
    return None


def _cmd_convert(args: argparse.Namespace) -> int:
    if args.input.lower().endswith(".emn"):  # one record per game of the match
        from euchre.emn import convert_match

        convert_match(args.input, args.output)
        return 0
    from euchre.record import read_record, write_record

    record = read_record(args.input)
    _print_warnings(record.replay_all().warnings)
    if note := write_record(record, args.output):
        print(f"note: {note}", file=sys.stderr)  # EGN written with its nearest rules
    print(f"wrote {args.output} ({len(record.deals)} deals)")
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
