#!/usr/bin/env python3
"""Compare the engine's speed with OpenSpiel's ``euchre``, measured in the same run.

OpenSpiel's reference driver runs in its own virtual environment (made by
``run_openspiel_comparison.sh``) as a server that plays deals on request, so the two
engines can alternate in short runs: each round plays ``--deals`` deals of each, in
``--pairs`` interleaved pieces (OpenSpiel's piece, then ours), and its ratio is the time
OpenSpiel took over the time we took, both summed over the round. On this shared machine
the load drifts within seconds; pieces a fraction of a second long, side by side, see
the same load. Prints the medians over the rounds and the ratios as JSON.

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

from euchre.analysis.bench import bench_api_deals, bench_copy, bench_lean
from euchre.engine.rules import Rules

HERE = Path(__file__).resolve().parent


class OpenSpiel:
    """OpenSpiel's reference driver, running as a server (``--serve``)."""

    def __init__(self, seed: int) -> None:
        self._process = subprocess.Popen(
            [str(HERE / "run_openspiel_comparison.sh"), "--serve", "--seed", str(seed),
             "--clone-samples", "20", "--clones-per-sample", "100"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, request: str) -> float:
        assert self._process.stdin and self._process.stdout
        self._process.stdin.write(request + "\n")
        self._process.stdin.flush()
        answer: dict[str, float] = json.loads(self._process.stdout.readline())
        if "error" in answer:
            raise RuntimeError(f"the OpenSpiel server refused {request!r}")
        return next(iter(answer.values()))

    def close(self) -> None:
        assert self._process.stdin
        self._process.stdin.close()
        self._process.wait()


def _seconds(run: Callable[..., object], *args: object, **kwargs: object) -> float:
    start = time.perf_counter()
    run(*args, **kwargs)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--deals", type=int, default=20_000, help="deals per engine a round")
    parser.add_argument("--pairs", type=int, default=10,
                        help="interleaved pieces a round (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if min(args.rounds, args.deals, args.pairs) < 1 or args.deals < args.pairs:
        parser.error("--rounds, --deals and --pairs must be at least 1, --deals >= --pairs")
    piece: int = args.deals // args.pairs
    deals: int = piece * args.pairs
    long_game = Rules.preset("openspiel").replace(deals=piece)
    reference = OpenSpiel(args.seed)
    bench_api_deals(200, args.seed)
    times: dict[str, list[float]] = {"openspiel": [], "api": [], "long": [], "lean": []}
    try:
        for r in range(args.rounds):
            spent = dict.fromkeys(times, 0.0)
            for k in range(args.pairs):
                seed = args.seed + r * args.pairs + k
                spent["openspiel"] += reference.ask(f"deals {piece} {seed}")
                spent["api"] += _seconds(bench_api_deals, piece, seed)
                spent["long"] += _seconds(bench_api_deals, 1, seed, rules=long_game)
                spent["lean"] += _seconds(bench_lean, piece, seed)
            for name, seconds in spent.items():
                times[name].append(seconds)
            print(f"round {r + 1}: " + ", ".join(
                f"{name} {deals / seconds:.0f}" for name, seconds in spent.items())
                + " deals/s", file=sys.stderr)
        clone_us = reference.ask("clone")
    finally:
        reference.close()

    def rate(name: str) -> int:
        return round(statistics.median(deals / s for s in times[name]))

    def ratio(name: str) -> float:
        # the round's OpenSpiel time over ours, the pieces interleaved: the median of rounds
        return round(statistics.median(
            o / s for o, s in zip(times["openspiel"], times[name], strict=True)), 2)

    result = {
        "rounds": args.rounds,
        "deals": deals,
        "pairs": args.pairs,
        "openspiel_hands_per_sec": rate("openspiel"),
        "api_hands_per_sec": rate("api"),
        "api_long_game_hands_per_sec": rate("long"),
        "lean_hands_per_sec": rate("lean"),
        "api_ratio": ratio("api"),
        "api_long_game_ratio": ratio("long"),
        "lean_ratio": ratio("lean"),
        "openspiel_clone_us": round(clone_us, 3),
        "copy_us": round(bench_copy(5000, args.seed), 3),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
