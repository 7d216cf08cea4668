#!/usr/bin/env python3
"""The research faces' speed, with OpenSpiel's C++ loop measured in the same run.

Rounds alternate: OpenSpiel's own loop (``pyspiel.evaluate_bots`` with uniform random
bots, one deal a call: C++ from the deal to the score), then the batched simulator
(``euchre.envs.batch.bench_batch``) at each batch size, stepped by numba (where it is
installed: the ``jit`` extra) and by numpy. Medians of the rounds, and the ratio of each
batch's deals a second to OpenSpiel's, per round. With ``--pettingzoo``,
PettingZoo's ``performance_benchmark`` (5 s each) on ``euchre_v0`` and on a classic game
of PettingZoo's own (Connect Four, where pygame is installed). Prints JSON.

    .venv/bin/python benchmarks/batch_bench.py --rounds 5 --pettingzoo
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import statistics
import time
from typing import Any

import pyspiel

from euchre.envs.batch import bench_batch

STEPS = {1: 5000, 64: 500, 1024: 200, 4096: 100}
"""The batch sizes measured, with the steps timed at each by numpy (a few tenths of a
second); numba times five times as many."""
BATCHES = tuple(STEPS)


def openspiel_deals_per_sec(deals: int, seed: int) -> float:
    game = pyspiel.load_game("euchre")
    bots = [pyspiel.make_uniform_random_bot(player, seed + player) for player in range(4)]
    start = time.perf_counter()
    for i in range(deals):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + i)
    return deals / (time.perf_counter() - start)


def turns_per_sec(env: Any) -> float:
    """PettingZoo's ``performance_benchmark`` figure (it prints it)."""
    from pettingzoo.test import performance_benchmark

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(env)
    line = next(x for x in out.getvalue().splitlines() if "turns per second" in x)
    return float(line.split()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pettingzoo", action="store_true")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    backends = ["numba", "numpy"] if bench_batch(1, steps=1)["jit"] else ["numpy"]
    reference: list[float] = []
    runs = [(batch, backend) for batch in BATCHES for backend in backends]
    steps: dict[tuple[int, str], list[float]] = {run: [] for run in runs}
    deals: dict[tuple[int, str], list[float]] = {run: [] for run in runs}
    for r in range(args.rounds):
        reference.append(openspiel_deals_per_sec(5000, args.seed + r))
        for batch, backend in runs:
            jit = backend == "numba"
            timed = bench_batch(batch, steps=STEPS[batch] * (5 if jit else 1),
                                seed=args.seed + r, jit=jit)
            steps[batch, backend].append(float(timed["steps_per_sec"]))
            deals[batch, backend].append(float(timed["deals_per_sec"]))
    result: dict[str, Any] = {
        "rounds": args.rounds,
        "openspiel_cpp_deals_per_sec": round(statistics.median(reference)),
        "batch": {
            str(batch): {backend: {
                "steps_per_sec": round(statistics.median(steps[batch, backend])),
                "deals_per_sec": round(statistics.median(deals[batch, backend])),
                "ratio_to_openspiel": round(statistics.median(
                    d / o for d, o in zip(deals[batch, backend], reference, strict=True)), 2),
            } for backend in backends} for batch in BATCHES},
    }
    if args.pettingzoo:
        from euchre.envs import euchre_v0

        result["pettingzoo_euchre_turns_per_sec"] = round(turns_per_sec(euchre_v0.env()))
        try:
            from pettingzoo.classic import connect_four_v3
        except ImportError:
            result["pettingzoo_connect_four_turns_per_sec"] = None  # needs pygame
        else:
            result["pettingzoo_connect_four_turns_per_sec"] = round(
                turns_per_sec(connect_four_v3.env()))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
