#!/usr/bin/env python3
"""Time the search bots' sampler (``euchre.players.sampling.sample_hands``) on the views
of random games of several forms: per view, the time to draw ``--samples`` deals that
fit what the seat has seen. Prints, per form, the median of ``--rounds`` runs of the
mean time a view and the slowest view, as JSON.

    .venv/bin/python benchmarks/sampling_bench.py --games 150 --rounds 3

The views are those in the play after the first trick (when shown voids constrain the
deal), from random play seeded by ``--seed``, so every run times the same views.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from euchre.engine.game import Game
from euchre.engine.rules import PRESETS, Rules
from euchre.players.knowledge import Constraints, constraints
from euchre.players.sampling import sample_hands

FORMS: dict[str, Rules] = {
    "standard": PRESETS["standard"],
    "three-handed": PRESETS["three-handed"],
    "napoleon": PRESETS["napoleon"],
    "napoleon-7": PRESETS["napoleon"].replace(players=7),
}


def views(rules: Rules, games: int, seed: int) -> list[Constraints]:
    """The constraints of every view in the play after the first trick, random play."""
    rng = random.Random(seed)
    out = []
    one_deal = rules.replace(target=0, deals=1)
    for game_seed in range(games):
        game = Game(one_deal, seed=game_seed)
        while not game.is_over():
            view = game.view(game.to_act)
            if view.phase == "play" and view.tricks:
                out.append(constraints(view))
            game.apply(rng.choice(game.legal_actions()))
    return out


def time_views(cons: list[Constraints], samples: int) -> tuple[float, float]:
    """Mean and largest milliseconds to draw ``samples`` deals a view."""
    times = []
    for c in cons:
        start = time.perf_counter()
        sample_hands(c, random.Random(3), samples)
        times.append((time.perf_counter() - start) * 1e3)
    return sum(times) / len(times), max(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    report = {}
    for name, rules in FORMS.items():
        cons = views(rules, args.games, args.seed)
        runs = [time_views(cons, args.samples) for _ in range(args.rounds)]
        report[name] = {
            "views": len(cons),
            "mean_ms": round(statistics.median(r[0] for r in runs), 3),
            "slowest_ms": round(statistics.median(r[1] for r in runs), 3),
        }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
