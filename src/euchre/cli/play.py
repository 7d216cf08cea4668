"""``euchre play`` (the terminal game) and ``euchre stats`` (your statistics).

Wire them into the ``euchre`` command with :func:`add_play_commands`. Textual is only
imported when a game starts, so the rest of the command stays quick.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from euchre.errors import EuchreError

__all__ = ["add_play_commands", "cmd_play", "cmd_stats"]


def add_play_commands(subparsers: Any) -> None:
    """Add ``play`` and ``stats`` to the subparsers of the ``euchre`` command."""
    from euchre.cli.options import add_rules_arguments, preset_name, seconds, whole_number
    from euchre.players.registry import available_bots
    from euchre.tui.session import strongest_bot

    bots = ", ".join([*available_bots(), "ext:COMMAND"])
    best = strongest_bot()
    play = subparsers.add_parser(
        "play",
        help="play Euchre against bots in the terminal",
        description=(
            "Play Euchre in the terminal against bots: you sit at the bottom, your partner "
            "across, the opponents left and right (two-handed: one opponent across). A "
            "start screen lets you change the settings first. Every game is saved after "
            "every action; 'euchre play --resume' goes on with an unfinished one. "
            f"Bots: {bots}."
        ),
    )
    play.add_argument("--partner", metavar="BOT", default=None,
                      help=f"your partner's bot (default: the strongest, {best})")
    play.add_argument("--opponents", metavar="BOT", default=None,
                      help=f"the opponents' bot (default: the strongest, {best})")
    play.add_argument("--hint-bot", metavar="BOT", default=None,
                      help=f"the bot the hint key (?) asks (default: {best})")
    play.add_argument("--name", default=None, help="your name at the table (default: You)")
    play.add_argument("--seed", type=whole_number(), default=None,
                      help="seed of the deals and the first dealer (default: random)")
    play.add_argument("--speed", type=seconds(0, 10), default=None, metavar="SECONDS",
                      help="seconds between the bots' moves, 0 for instant (default: 0.8; "
                           "+ and - change it while playing)")
    play.add_argument("--resume", nargs="?", const="", default=None, metavar="FILE",
                      help="go on with the newest unfinished game (or the game in FILE)")
    play.add_argument("--no-setup", action="store_true",
                      help="skip the start screen and deal at once")
    play.add_argument("--practice", action="store_true",
                      help="a practice game: z takes back your last card or bid, and the "
                           "game does not count for your statistics (with --resume: the "
                           "game goes on as a practice game)")
    play.add_argument("--no-review", action="store_true",
                      help="do not review your decisions after each deal (the summary's "
                           "'Your decisions' and the chance-of-winning chart at the end)")
    add_rules_arguments(play)
    play.set_defaults(func=cmd_play)

    stats = subparsers.add_parser(
        "stats",
        help="your statistics from the games of 'euchre play'",
        description="Games, wins, calls made, euchres and loners of your finished games.",
    )
    stats.add_argument("--rules", default=None, metavar="PRESET", type=preset_name("custom"),
                       help="only the games under this preset (or 'custom')")
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.set_defaults(func=cmd_stats)


def cmd_play(args: argparse.Namespace) -> int:
    """Run ``euchre play``."""
    from euchre.cli.options import rules_from_args
    from euchre.table.data_folder import find_unfinished
    from euchre.tui.session import GameSession, PlayConfig

    rules = rules_from_args(args)
    if args.speed is not None and not 0 <= args.speed <= 10:
        raise EuchreError(f"--speed: seconds from 0 to 10, not {args.speed}")
    config = PlayConfig(
        rules=rules,
        partner=args.partner or "",
        opponents=args.opponents or "",
        hint_bot=args.hint_bot or "",
        seed=args.seed,
        name=args.name or "You",
        speed=0.8 if args.speed is None else args.speed,
        practice=args.practice,
        review=not getattr(args, "no_review", False),  # on unless --no-review
    ).resolved()
    session = None
    if args.resume is not None:
        path = Path(args.resume) if args.resume else find_unfinished()
        if path is None:
            from euchre.invocation import command
            from euchre.table.data_folder import games_dir

            raise EuchreError(
                f"there is no unfinished game to resume in {games_dir(create=False)}: "
                f"start one with: {command('play')}"
            )
        changes: dict[str, object] = {
            name: getattr(args, name)
            for name in ("partner", "opponents", "hint_bot", "name")
            if getattr(args, name)
        }
        changes["speed"] = config.speed
        if args.practice:
            changes["practice"] = True
        changes["review"] = config.review
        session = GameSession.resume(path, changes)
        config = session.config
    from euchre.players.registry import preflight

    preflight([config.partner, config.opponents, config.hint_bot], config.rules)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise EuchreError("'euchre play' needs a terminal (stdin and stdout are not one)")

    from euchre.tui.app import EuchreApp, run_app

    app = EuchreApp(
        config,
        session=session,
        setup=not args.no_setup,
        preset=args.rules,
        unfinished=None if session is not None else find_unfinished(),
    )
    message = run_app(app)
    if message:
        print(message)
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    """Run ``euchre stats``."""
    from euchre.table.data_folder import StatsDB, data_dir, stats_path, stats_rows

    path = stats_path()
    if not path.exists():
        if args.json:
            print(json.dumps({"games": 0, "data_dir": str(data_dir())}))
        else:
            print(f"No finished games yet (data folder: {data_dir()}).")
            from euchre.invocation import command

            print(f"Play one with: {command('play')}")
        return 0
    db = StatsDB(path)
    summary = db.summary(args.rules)
    if args.json:
        data: dict[str, object] = dataclasses.asdict(summary)
        data["data_dir"] = str(data_dir())
        print(json.dumps(data))
        return 0
    title = "Your Euchre" + (f" ({args.rules})" if args.rules else "")
    if summary.games == 0:
        print(f"No finished games{' under ' + args.rules if args.rules else ''} yet.")
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title, title_justify="left", show_header=True, header_style="bold")
    table.add_column("")
    table.add_column("count", justify="right")
    table.add_column("rate", justify="right")
    for what, count, rate in stats_rows(summary):
        table.add_row(what, count, rate)
    console = Console(file=sys.stdout)
    console.print(table)
    per_rules = db.by_rules()
    if args.rules is None and len(per_rules) > 1:
        games = ", ".join(f"{name} {s.games}" for name, s in per_rules.items())
        console.print(f"Games by rules: {games}")
    console.print(f"[dim]Data folder: {data_dir()}[/dim]")
    return 0
