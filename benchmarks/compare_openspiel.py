#!/usr/bin/env python3
"""Compare the engine's speed with OpenSpiel's ``euchre``, measured in the same run.

Rounds alternate: one timed run of OpenSpiel's reference driver (in its own virtual
environment, made by ``run_openspiel_comparison.sh``), then one of ours, so both see
the same load on this shared machine. Prints the medians and the ratios as JSON.

    .venv/bin/python benchmarks/compare_openspiel.py --rounds 5 --deals 20000
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from euchre.bench import bench_api_deals, bench_copy, bench_lean
from euchre.rules import Rules

HERE = Path(__file__).resolve().parent


def _openspiel(deals: int, seed: int) -> dict[str, float]:
    out = subprocess.run(
        [str(HERE / "run_openspiel_comparison.sh"), "--deals", str(deals), "--repeat", "1",
         "--seed", str(seed), "--clone-samples", "20", "--clones-per-sample", "100"],
        check=True, capture_output=True, text=True,
    ).stdout
    data: dict[str, float] = json.loads(out)
    return data


def _rate(run: Callable[..., object], count: int, *args: object, **kwargs: object) -> float:
    start = time.perf_counter()
    run(*args, **kwargs)
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    long_game = Rules.preset("openspiel").replace(deals=args.deals)
    reference, api_new, api_long, lean, clones = [], [], [], [], []
    bench_api_deals(200, args.seed)
    for r in range(args.rounds):
        seed = args.seed + r
        ref = _openspiel(args.deals, seed)
        reference.append(ref["hands_per_sec"])
        clones.append(ref["clone_us"])
        api_new.append(_rate(bench_api_deals, args.deals, args.deals, seed))
        api_long.append(_rate(bench_api_deals, args.deals, 1, seed, rules=long_game))
        lean.append(_rate(bench_lean, args.deals, args.deals, seed))
        print(f"round {r + 1}: openspiel {reference[-1]:.0f}, api {api_new[-1]:.0f} "
              f"(one long game {api_long[-1]:.0f}), lean {lean[-1]:.0f} deals/s",
              file=sys.stderr)
    ref_median = statistics.median(reference)

    def ratio(ours: list[float]) -> float:
        # each round's pair was measured back to back: the median of their ratios
        return round(statistics.median(o / r for o, r in zip(ours, reference, strict=True)), 2)

    result = {
        "rounds": args.rounds,
        "deals": args.deals,
        "openspiel_hands_per_sec": round(ref_median),
        "api_hands_per_sec": round(statistics.median(api_new)),
        "api_long_game_hands_per_sec": round(statistics.median(api_long)),
        "lean_hands_per_sec": round(statistics.median(lean)),
        "api_ratio": ratio(api_new),
        "api_long_game_ratio": ratio(api_long),
        "lean_ratio": ratio(lean),
        "openspiel_clone_us": round(statistics.median(clones), 3),
        "copy_us": round(bench_copy(5000, args.seed), 3),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
