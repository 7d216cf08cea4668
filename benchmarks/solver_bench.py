#!/usr/bin/env python3
"""Speed of the double-dummy solver on random four-handed 24-card deals.

Full five-trick solves (``euchre.players.solver.bench_solver``: median and 95th percentile
milliseconds per solve, medians over ``--repeat`` runs of the same deals, and search
nodes per solve), then ``card_values`` of the opening lead (what a bot asks once per
decision), timed the same way. ``--forms N`` times instead full solves at the start of
the play of N random deals of the other forms: Hasenpfeffer (six tricks, 25 cards,
partnerships), three-handed, and Napoleon with 5 and 7 players (52 cards, plain order,
a trick bid: the bidder leads and the first card makes trump).

    .venv/bin/python benchmarks/solver_bench.py --deals 1000 --repeat 5
    .venv/bin/python benchmarks/solver_bench.py --forms 200
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from euchre.players.solver import Position, bench_solver, card_values, random_position, solve


def bench_card_values(n: int, seed: int, repeat: int) -> dict[str, float]:
    """Median and 95th percentile milliseconds of ``card_values`` at the opening lead."""
    rng = random.Random(seed)
    positions = [random_position(rng) for _ in range(n)]
    medians = []
    p95s = []
    for _ in range(repeat):
        times = []
        for p in positions:
            start = time.perf_counter()
            card_values(p)
            times.append(time.perf_counter() - start)
        times.sort()
        medians.append(statistics.median(times) * 1e3)
        p95s.append(times[min(n - 1, int(0.95 * n))] * 1e3)
    return {
        "card_values_median_ms": round(statistics.median(medians), 4),
        "card_values_p95_ms": round(statistics.median(p95s), 4),
    }


def _napoleon(rng: random.Random, players: int) -> Position:
    """A Napoleon deal at the bidder's first lead, trump not fixed yet."""
    p = random_position(rng, players, 52, order="plain", trumps=[None])
    return replace(p, sides=tuple(0 if s == p.leader else 1 for s in range(players)))


FORMS: dict[str, Callable[[random.Random], Position]] = {
    "hasenpfeffer (4 seats, 25 cards, 6 tricks)":
        lambda rng: random_position(rng, 4, 25, hand_size=6),
    "three-handed (24 cards)": lambda rng: random_position(rng, 3, 24),
    "napoleon, 5 players, trick bid": lambda rng: _napoleon(rng, 5),
    "napoleon, 7 players, trick bid": lambda rng: _napoleon(rng, 7),
}


def bench_forms(n: int, seed: int) -> dict[str, dict[str, float]]:
    """Median, 95th percentile and slowest milliseconds of one full solve at the start
    of the play of ``n`` random deals of each form in :data:`FORMS`."""
    result = {}
    for name, make in FORMS.items():
        rng = random.Random(seed)
        positions = [make(rng) for _ in range(n)]
        times = []
        for p in positions:
            start = time.perf_counter()
            solve(p)
            times.append(time.perf_counter() - start)
        times.sort()
        result[name] = {
            "median_ms": round(statistics.median(times) * 1e3, 3),
            "p95_ms": round(times[min(n - 1, int(0.95 * n))] * 1e3, 3),
            "max_ms": round(times[-1] * 1e3, 3),
        }
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="random deals per run")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs (medians reported)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--forms", type=int, default=0, metavar="N",
                        help="time N deals of each other form instead")
    args = parser.parse_args()
    if args.forms > 0:
        forms = bench_forms(args.forms, args.seed)
        if args.json:
            print(json.dumps(forms))
            return
        for name, figures in forms.items():
            print(f"{name}: median {figures['median_ms']} ms, p95 {figures['p95_ms']} ms, "
                  f"slowest {figures['max_ms']} ms")
        print(f"({args.forms} deals each, seed {args.seed})")
        return
    result = bench_solver(args.deals, args.seed, args.repeat)
    result.update(bench_card_values(args.deals, args.seed, args.repeat))
    if args.json:
        print(json.dumps(result))
        return
    print(f"full solve, 4 hands, 24 cards: median {result['median_ms']} ms, "
          f"p95 {result['p95_ms']} ms (runs: {result['median_ms_runs']})")
    print(f"nodes per solve: mean {result['nodes_mean']}, median {result['nodes_median']}")
    print(f"card_values at the opening lead: median {result['card_values_median_ms']} ms, "
          f"p95 {result['card_values_p95_ms']} ms")
    print(f"({args.deals} deals, median of {args.repeat} runs, seed {args.seed})")


if __name__ == "__main__":
    main()
