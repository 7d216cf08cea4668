#!/usr/bin/env python3
"""Speed of the double-dummy solver on random four-handed 24-card deals.

Full five-trick solves (``euchre.solver.bench_solver``: median and 95th percentile
milliseconds per solve, medians over ``--repeat`` runs of the same deals, and search
nodes per solve), then ``card_values`` of the opening lead (what a bot asks once per
decision), timed the same way.

    .venv/bin/python benchmarks/solver_bench.py --deals 1000 --repeat 5
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from euchre.solver import bench_solver, card_values, random_position


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="random deals per run")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs (medians reported)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
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
