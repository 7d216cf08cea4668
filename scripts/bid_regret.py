"""How much ``expert``'s bids lose to sampling noise, against a large-sample reference.

Usage::

    .venv/bin/python scripts/bid_regret.py DEALS REFERENCE CAPS [--seed S] [--repeats R]
        [--bid-samples N]

Plays ``DEALS`` seeded deals with ``expert`` at every seat. At every decision before
the play with two options or more (bids, the dealer's discard, going alone when the
hand is strong enough to be examined), the options are valued by rollouts on
``REFERENCE`` samples (say 1024), and ``R`` (3) fresh ``expert`` players with other
seeds choose, for each cap in ``CAPS`` (comma-separated ``max_bid_samples`` values; 0
is off, the plain ``bid_samples`` budget, 64 unless ``--bid-samples`` says). The
*regret* of a choice is the reference value of the reference's choice less that of the
choice (0 when they agree), in points at the score. Prints one JSON line per cap:
decisions, mean regret, the share of choices that differ from the reference's, and the
mean and largest number of samples used. The reference is itself an estimate, so the
regrets are a little too small for every cap alike.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

from euchre.engine.actions import PASS, STAY
from euchre.engine.game import Game
from euchre.players.expert import ExpertPlayer


def measure(deals: int, reference: int, caps: list[int], seed: int = 1,
            repeats: int = 3, bid_samples: int = 64) -> list[dict[str, Any]]:
    """The regret of each cap's choices (see the module docstring)."""
    regrets: dict[int, list[float]] = {cap: [] for cap in caps}
    used: dict[int, list[int]] = {cap: [] for cap in caps}
    for d in range(deals):
        game = Game(seed=seed * 100_000 + d)
        players = [ExpertPlayer(seed=seed * 100 + s, time_limit=None) for s in range(4)]
        while not game.results:
            seat = game.to_act
            view = game.view(seat)
            legal = game.legal_actions()
            judge = ExpertPlayer(seed=seed * 100_000 + d, time_limit=None)
            options = judge.bid_options(view, legal) if view.phase != "play" else []
            if len(options) > 1:
                values = judge.rollout_values(view, options, judge.sample(view, reference))
                bias = {PASS: judge.bid_margin, STAY: judge.alone_margin}
                worth = {a: values[a] + bias.get(a, 0.0) for a in options}
                best = max(options, key=lambda a: (worth[a], a in bias))
                for cap in caps:
                    for k in range(repeats):
                        player = ExpertPlayer(seed=seed * 1_000_000 + 1000 * k + d,
                                              time_limit=None, bid_samples=bid_samples,
                                              max_bid_samples=cap or None)
                        choice = player.choose(view, legal)
                        regrets[cap].append(worth[best] - worth[choice])
                        used[cap].append(player.bid_rollout_samples)
            game.apply(players[seat].choose(view, legal))
    out = []
    for cap in caps:
        r = regrets[cap]
        out.append({"max_bid_samples": cap or None, "decisions": len(r),
                    "mean_regret": statistics.mean(r) if r else 0.0,
                    "differ": sum(x != 0 for x in r) / len(r) if r else 0.0,
                    "mean_samples": statistics.mean(used[cap]) if r else 0.0,
                    "most_samples": max(used[cap], default=0)})
    return out


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", type=int)
    parser.add_argument("reference", type=int, help="samples of the reference values")
    parser.add_argument("caps", help="max_bid_samples values, comma-separated (0: off)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--bid-samples", type=int, default=64)
    args = parser.parse_args(argv)
    try:
        caps = [int(c) for c in args.caps.split(",")]
    except ValueError:
        parser.error(f"CAPS must be whole numbers separated by commas, not {args.caps!r}")
    if min(args.deals, args.reference, args.repeats, args.bid_samples) < 1 or min(caps) < 0:
        parser.error("DEALS, REFERENCE, --repeats and --bid-samples must be positive, "
                     "CAPS at least 0")
    rows = measure(args.deals, args.reference, caps, args.seed, args.repeats,
                   args.bid_samples)
    for row in rows:
        print(json.dumps(row))
    return rows


if __name__ == "__main__":
    main(sys.argv[1:])
