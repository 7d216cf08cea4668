"""``euchre chart``: the rotation chart of a progressive evening, to print.

Everyone partners everyone else once (:func:`euchre.clubs.rotation.fixed_chart`), bots
filling the seats up to a multiple of four. Players are numbered from 1 as on a club's
tally cards, or named with ``--names``; the chart is a round at a time, or a line a
player (``--by-player``: where each sits and with whom, round by round), or JSON;
``--pdf`` writes it with a tent for each table and a score card for each player
(:mod:`euchre.clubs.sheets`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from euchre.cli.options import title_text, whole_number
from euchre.clubs.rotation import Round, fixed_chart, seats_for
from euchre.errors import EuchreError
from euchre.text import plural

__all__ = ["add_chart_command", "chart_lines"]


def _names(players: int, given: str | None) -> list[str]:
    """Each seat's name: the names given (or the numbers from 1), then ``bot 1``..."""
    names = [str(n + 1) for n in range(players)]
    if given is not None:
        names = [n.strip() for n in given.split(",")]
        if len(names) != players or not all(names) or len(set(names)) != len(names):
            raise EuchreError(f"--names needs {players} different names, separated by "
                              f"commas (got {len([n for n in names if n])})")
    bots = seats_for(players) - players
    return names + [f"bot {b + 1}" for b in range(bots)]


def chart_lines(chart: list[Round], names: list[str], players: int, *,
                by_player: bool = False) -> list[str]:
    """The chart as lines of text.

    >>> print("\\n".join(chart_lines(fixed_chart(4), _names(4, None), 4)[:3]))
    A progressive evening of 4 players at 1 table, 3 rounds: everyone partners everyone once.
    Round 1
      Table 1: 4 & 1 against 2 & 3
    """
    seats = len(names)
    bots = seats - players
    who = plural(players, "player") + (f" and {plural(bots, 'bot')}" if bots else "")
    if len(chart) == seats - 1:
        partners = "everyone partners everyone once"
    elif len(chart) < seats - 1:
        partners = "nobody partners anyone twice"
    else:
        partners = f"the partnerships begin again after round {seats - 1}"
    head = (f"A progressive evening of {who} at {plural(seats // 4, 'table')}, "
            f"{plural(len(chart), 'round')}: {partners}.")
    lines = [head]
    if by_player:
        for seat in range(players):
            lines.append(f"{names[seat]}:")
            for r, round_ in enumerate(chart):
                t, partner, theirs = round_.place(seat)
                lines.append(f"  Round {r + 1}: table {t + 1}, with {names[partner]}, "
                             f"against {names[theirs[0]]} & {names[theirs[1]]}")
        return lines
    for r, round_ in enumerate(chart):
        lines.append(f"Round {r + 1}")
        for t, table in enumerate(round_.tables):
            lines.append(f"  Table {t + 1}: {names[table.ns[0]]} & {names[table.ns[1]]} "
                         f"against {names[table.ew[0]]} & {names[table.ew[1]]}")
    return lines


def _cmd_chart(args: argparse.Namespace) -> int:
    names = _names(args.players, args.names)
    chart = fixed_chart(args.players, args.rounds)
    if args.pdf is not None:
        from euchre.clubs.sheets import evening_pdf, pages

        data = evening_pdf(chart, names, args.players, title=args.title, size=args.page)
        try:
            Path(args.pdf).write_bytes(data)
        except OSError as error:
            raise EuchreError(f"can not write {args.pdf}: {error.strerror or error}") from None
        tents = plural(len(chart[0].tables), "table tent")
        cards = plural(args.players, "score card")
        printed = plural(pages(chart, args.players, args.page), "page")
        print(f"wrote {args.pdf}: the chart, {tents} and {cards} ({printed})")
        return 0
    if args.json:
        print(json.dumps({"players": names[:args.players], "bots": names[args.players:],
                          "rounds": [[{"north_south": [names[p] for p in t.ns],
                                       "east_west": [names[p] for p in t.ew]}
                                      for t in round_.tables] for round_ in chart]},
                         indent=2, ensure_ascii=False))
    else:
        print("\n".join(chart_lines(chart, names, args.players, by_player=args.by_player)))
    return 0


def add_chart_command(sub: Any) -> None:
    """Register ``euchre chart``."""
    chart = sub.add_parser(
        "chart", help="the rotation chart of a progressive evening, to print",
        description="The rotation chart of a progressive evening: everyone partners "
                    "everyone else once, bots filling the seats up to a multiple of "
                    "four (docs/clubs.md).")
    chart.add_argument("players", type=whole_number(1), metavar="PLAYERS",
                       help="the players of the evening")
    chart.add_argument("--rounds", type=whole_number(1), default=None,
                       help="rounds to play (default: enough for everyone to partner "
                            "everyone once, one fewer than the seats)")
    chart.add_argument("--names", default=None, metavar="A,B,...",
                       help="the players' names, separated by commas (default: 1, 2, ...)")
    chart.add_argument("--by-player", action="store_true",
                       help="a line a player and round instead of a line a table")
    chart.add_argument("--json", action="store_true", help="print the chart as JSON")
    chart.add_argument("--pdf", metavar="FILE", default=None,
                       help="write the chart, a tent for each table and a score card for "
                            "each player to FILE, to print (the clubs extra)")
    chart.add_argument("--title", type=title_text, default="Progressive Euchre",
                       help="the title on every printed page (with --pdf)")
    chart.add_argument("--page", choices=["letter", "a4"], default="letter",
                       help="the paper (with --pdf; default: letter)")
    chart.set_defaults(func=_cmd_chart)
