#!/usr/bin/env python3
"""Reference speed benchmark: random euchre deals with OpenSpiel's ``euchre``.

Standalone script (no dependency on the ``euchre`` package).  It needs the
``open-spiel`` PyPI package, which provides the ``pyspiel`` module; run it
through ``benchmarks/run_openspiel_comparison.sh`` to get a separate venv.

Each OpenSpiel euchre game is a single deal.  Deals are driven step by step
from Python: at chance nodes an outcome is sampled from
``state.chance_outcomes()`` weighted by probability, otherwise an action is
chosen uniformly from ``state.legal_actions()``; both use one
``random.Random(seed)``.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

import pyspiel  # type: ignore[import-not-found,unused-ignore]

GAME_NAME = "euchre"


@dataclass(frozen=True)
class RunStats:
    """Result of playing a batch of deals once."""

    deals: int
    seconds: float
    decision_steps: int
    chance_steps: int

    @property
    def deals_per_sec(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else float("inf")


def play_deals(game: Any, deals: int, seed: int) -> RunStats:
    """Play ``deals`` random deals and time them with ``time.perf_counter``."""
    rng = random.Random(seed)
    choice = rng.choice
    rand = rng.random
    decision_steps = 0
    chance_steps = 0
    start = time.perf_counter()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r = rand()
                acc = 0.0
                action = outcomes[-1][0]
                for outcome, prob in outcomes:
                    acc += prob
                    if r < acc:
                        action = outcome
                        break
                chance_steps += 1
            else:
                action = choice(state.legal_actions())
                decision_steps += 1
            state.apply_action(action)
    seconds = time.perf_counter() - start
    return RunStats(deals, seconds, decision_steps, chance_steps)


def sample_mid_deal_states(game: Any, count: int, seed: int) -> list[Any]:
    """Collect ``count`` non-terminal states taken at random points of deals."""
    rng = random.Random(seed)
    states: list[Any] = []
    while len(states) < count:
        state = game.new_initial_state()
        trajectory: list[Any] = []
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(actions, weights=probs)[0]
            else:
                action = rng.choice(state.legal_actions())
                # Only decision points count as "mid-deal" (dealing is done).
                trajectory.append(state.clone())
            state.apply_action(action)
        if trajectory:
            states.append(rng.choice(trajectory))
    return states


def measure_clone_us(game: Any, samples: int, clones_per_sample: int, seed: int) -> float:
    """Median cost of ``state.clone()`` in microseconds over mid-deal states."""
    states = sample_mid_deal_states(game, samples, seed)
    per_clone_us: list[float] = []
    for state in states:
        clone = state.clone
        start = time.perf_counter()
        for _ in range(clones_per_sample):
            clone()
        elapsed = time.perf_counter() - start
        per_clone_us.append(elapsed / clones_per_sample * 1e6)
    return statistics.median(per_clone_us)


def _open_spiel_version() -> str | None:
    try:
        return importlib.metadata.version("open-spiel")
    except importlib.metadata.PackageNotFoundError:
        return None


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--deals", type=int, default=20000, help="deals per timed run (default 20000)"
    )
    parser.add_argument(
        "--repeat", type=int, default=5, help="timed runs; the median is reported (default 5)"
    )
    parser.add_argument("--seed", type=int, default=0, help="RNG seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print exactly one JSON object")
    parser.add_argument(
        "--serve", action="store_true",
        help="answer requests on stdin, one a line: 'deals N SEED' plays N deals and prints "
             "{\"seconds\": ...}; 'clone' prints {\"clone_us\": ...} (for compare_openspiel.py)")
    parser.add_argument(
        "--clone-samples", type=int, default=200, help="mid-deal states for clone timing"
    )
    parser.add_argument("--clones-per-sample", type=int, default=200, help="clones timed per state")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.repeat < 1 or args.clone_samples < 1 or args.clones_per_sample < 1:
        parser.error("--deals, --repeat, --clone-samples and --clones-per-sample must be >= 1")
    return args


def serve(game: Any, args: argparse.Namespace) -> int:
    """Answer timing requests from stdin until it closes (see ``--serve``), so that a
    comparison can alternate short runs of each engine under the same load."""
    play_deals(game, 200, args.seed)  # warm-up
    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["deals"] and len(words) == 3:
            stats = play_deals(game, int(words[1]), int(words[2]))
            answer: dict[str, float] = {"seconds": stats.seconds}
        elif words == ["clone"]:
            answer = {"clone_us": measure_clone_us(
                game, args.clone_samples, args.clones_per_sample, args.seed + 1)}
        else:
            answer = {"error": 1.0}
        print(json.dumps(answer), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    game = pyspiel.load_game(GAME_NAME)
    if args.serve:
        return serve(game, args)

    # Warm-up (not timed in the reported runs).
    play_deals(game, min(200, args.deals), args.seed)

    runs: list[RunStats] = []
    for i in range(args.repeat):
        # Same seed every run: identical work, so runs differ only in timing.
        runs.append(play_deals(game, args.deals, args.seed))
        if not args.json:
            print(
                f"run {i + 1}/{args.repeat}: {runs[-1].deals_per_sec:,.0f} deals/s", file=sys.stderr
            )

    rates = [r.deals_per_sec for r in runs]
    median_rate = statistics.median(rates)
    first = runs[0]
    avg_steps = first.decision_steps / first.deals
    avg_chance = first.chance_steps / first.deals
    clone_us = measure_clone_us(game, args.clone_samples, args.clones_per_sample, args.seed + 1)

    if args.json:
        result = {
            "engine": "open_spiel",
            "deals": args.deals,
            "repeat": args.repeat,
            "hands_per_sec": median_rate,
            "runs": rates,
            "avg_steps_per_deal": avg_steps,
            "avg_chance_steps_per_deal": avg_chance,
            "clone_us": clone_us,
            "seed": args.seed,
            "game": str(game),
            "open_spiel_version": _open_spiel_version(),
            "python": sys.version.split()[0],
        }
        print(json.dumps(result))
    else:
        print(
            f"open_spiel {game}: {median_rate:,.0f} deals/s "
            f"(median of {args.repeat} x {args.deals} deals); "
            f"avg decision steps/deal {avg_steps:.2f}, avg chance steps/deal {avg_chance:.2f}; "
            f"clone {clone_us:.2f} us"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
