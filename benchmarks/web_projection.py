"""Time the web table's projection: what the room works out and encodes for its clients.

Plays ``--games`` seeded four-handed games of ``basic`` bots through a
:class:`~euchre.table.model.Table` and, after every action, does what
:meth:`euchre.web.room.Room._broadcast` does for four seated clients and a spectator:
the public part once (:func:`~euchre.web.project.public_json`), each viewer's event
(:class:`~euchre.web.project.EventEncoder`) and state
(:class:`~euchre.web.project.StateEncoder`) as JSON text. Prints the CPU seconds of the
loop, the median of ``--repeat`` runs; no sockets and no server, so the figure is the
projection's alone.

    PYTHONPATH=.compiled .venv/bin/python benchmarks/web_projection.py --repeat 3
"""

from __future__ import annotations

import argparse
import statistics
import time

from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.table.model import Table
from euchre.web.project import EventEncoder, StateEncoder, public_json

VIEWERS: tuple[int | None, ...] = (0, 1, 2, 3, None)
"""The clients of each table: a client at every seat and a spectator."""


def project_games(games: int) -> int:
    """Play ``games`` games, projecting every moment for every viewer; returns the
    number of moments projected."""
    moments = 0
    for seed in range(games):
        table = Table.for_bots(Game(Rules(), seed=seed), ["basic"] * 4)
        names = [seat.name for seat in table.seats]
        while not table.game_over:
            if table.held_deal is not None:
                table.continue_play()
            else:
                events = EventEncoder(table.apply(table.bot_choice()), table.game, names)
                for viewer in VIEWERS:
                    events.encode(viewer)
            state = StateEncoder(table, public_json(table, started=True, results=()))
            for viewer in VIEWERS:
                state.encode(viewer)
            moments += 1
    return moments


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    seconds = []
    for _ in range(args.repeat):
        start = time.process_time()
        moments = project_games(args.games)
        seconds.append(time.process_time() - start)
    print(f"{moments} moments of {args.games} games: median {statistics.median(seconds):.3f} "
          f"CPU s over {args.repeat} runs")


if __name__ == "__main__":
    main()
