"""Time reading a seat's view from protocol JSON (``euchre.protocol.views.view_from_dict``).

``euchre bot`` reads one view a decision and checks that it is one a real game could
show, so this is the bot side's cost per message beyond JSON itself. Prints the median
microseconds per view over ``--repeat`` runs of every view of a seeded random game.

    .venv/bin/python benchmarks/view_parse.py --repeat 7
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from euchre.engine.game import Game
from euchre.protocol import view_from_dict, view_to_dict


def views_of_a_game(seed: int) -> list[dict[str, object]]:
    """Every view a seat to act sees in a random game, as the protocol sends it."""
    game, rng = Game(seed=seed), random.Random(seed)
    views = []
    while not game.is_over():
        views.append(json.loads(json.dumps(view_to_dict(game.view(game.to_act)))))
        game.apply(rng.choice(game.legal_actions()))
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    views = views_of_a_game(args.seed)
    runs = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        for view in views:
            view_from_dict(view)
        runs.append((time.perf_counter() - start) / len(views))
    print(f"view_from_dict: median {statistics.median(runs) * 1e6:.1f} µs per view "
          f"({len(views)} views, {args.repeat} runs)")


if __name__ == "__main__":
    main()
