#!/usr/bin/env python3
"""Reference speed benchmark: random euchre deals with OpenSpiel's ``euchre``.

Standalone script (no dependency on the ``euchre`` package).  It needs the
``open-spiel`` PyPI package, which provides the ``pyspiel`` module; run it
through ``benchmarks/run_openspiel_comparison.sh`` to get a separate venv.

Each OpenSpiel euchre game is a single deal, driven step by step from Python as fast
as it honestly goes, with one ``random.Random(seed)``:

- its 22 chance nodes (the dealer, then 21 cards one at a time) are uniform: every
  outcome has probability 1/n, the dealer among the four seats and each card among
  the cards not dealt yet (``check_chance_nodes`` asserts it at start-up). So the deal
  is drawn as a partial Fisher-Yates shuffle of a 24-card list, one ``random()`` a
  card, and applied without asking OpenSpiel for the outcomes (``deal``): the same
  distribution as sampling each chance node, without 22 ``chance_outcomes()`` or
  ``legal_actions()`` calls and the Python loop over their probabilities;
- every decision is ``choice(state.legal_actions())``, as our side's benchmark does
  (``euchre.analysis.bench``: ``apply(choice(legal()))`` until the game is over).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

import pyspiel  # type: ignore[import-not-found,unused-ignore]

GAME_NAME = "euchre"


PLAYERS = 4
CARDS = 24
DEALT = 21
"""OpenSpiel's euchre deals 5 cards to each of 4 seats and turns one up: 21 of 24."""
CHANCE_STEPS = 1 + DEALT
"""Chance nodes a deal: the dealer, then each card dealt."""


@dataclass(frozen=True)
class RunStats:
    """Result of playing a batch of deals once."""

    deals: int
    seconds: float
    decision_steps: int

    @property
    def deals_per_sec(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else float("inf")


def _require(condition: bool, problem: str) -> None:
    if not condition:  # not an assert: ``python -O`` would drop the check
        raise RuntimeError(f"OpenSpiel's {GAME_NAME}: {problem}; the driver's deal assumes it")


def check_chance_nodes(game: Any, deals: int, seed: int) -> None:
    """Walk ``deals`` random deals generically (each chance outcome sampled by its
    probability) and check what ``deal`` relies on: a deal starts with exactly
    ``CHANCE_STEPS`` chance nodes and has no other; the first is the dealer, uniform
    over ``range(PLAYERS)``; each later one is a card, uniform over the cards of
    ``range(CARDS)`` not dealt yet; and a chance node's outcomes are its legal actions.
    Raises ``RuntimeError`` otherwise."""
    rng = random.Random(seed)
    for _ in range(deals):
        state = game.new_initial_state()
        dealt: set[int] = set()
        chance = 0
        while not state.is_terminal():
            if not state.is_chance_node():
                _require(chance == CHANCE_STEPS, f"a decision after {chance} chance nodes")
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            outcomes = sorted(state.chance_outcomes())
            actions = [action for action, _ in outcomes]
            expected = list(range(PLAYERS)) if chance == 0 else sorted(set(range(CARDS)) - dealt)
            _require(actions == expected, f"chance node {chance} has outcomes {actions}")
            _require(sorted(state.legal_actions()) == actions,
                     f"chance node {chance}: its legal actions are not its outcomes")
            _require(all(math.isclose(prob, 1 / len(outcomes)) for _, prob in outcomes),
                     f"chance node {chance} is not uniform: {outcomes}")
            action = rng.choices(actions, weights=[prob for _, prob in outcomes])[0]
            if chance > 0:
                dealt.add(action)
            chance += 1
            state.apply_action(action)
        _require(chance == CHANCE_STEPS, f"{chance} chance nodes in a deal")


def deal(apply: Any, rand: Any, deck: list[int]) -> None:
    """Apply a uniformly random deal through ``apply`` (a state's ``apply_action``): the
    dealer, then ``DEALT`` cards, each uniform among those not dealt yet (a partial
    Fisher-Yates shuffle of ``deck``, any order of the 24 cards, left shuffled for the
    next deal). ``floor(rand() * n)`` is the integer the engine's own shuffle takes."""
    floor = math.floor
    apply(floor(rand() * PLAYERS))
    for i in range(CARDS - 1, CARDS - 1 - DEALT, -1):
        j = floor(rand() * (i + 1))
        card = deck[j]
        deck[j] = deck[i]
        deck[i] = card
        apply(card)


def play_deals(game: Any, deals: int, seed: int, count: bool = False) -> RunStats:
    """Play ``deals`` random deals and time them with ``time.perf_counter``; with
    ``count``, count the decisions too (one ``history()`` call a deal)."""
    rng = random.Random(seed)
    choice = rng.choice
    rand = rng.random
    deck = list(range(CARDS))
    new_state = game.new_initial_state
    decisions = 0
    start = time.perf_counter()
    for _ in range(deals):
        state = new_state()
        apply = state.apply_action
        deal(apply, rand, deck)
        legal = state.legal_actions
        over = state.is_terminal
        while not over():
            apply(choice(legal()))
        if count:
            decisions += len(state.history()) - CHANCE_STEPS
    seconds = time.perf_counter() - start
    return RunStats(deals, seconds, decisions)


def sample_mid_deal_states(game: Any, count: int, seed: int) -> list[Any]:
    """Collect ``count`` non-terminal states taken at random points of deals."""
    rng = random.Random(seed)
    deck = list(range(CARDS))
    states: list[Any] = []
    while len(states) < count:
        state = game.new_initial_state()
        deal(state.apply_action, rng.random, deck)
        # Only decision points count as "mid-deal" (dealing is done).
        trajectory: list[Any] = []
        while not state.is_terminal():
            trajectory.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
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
    check_chance_nodes(game, 50, args.seed)
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
    # The same deals again, untimed, counting their decisions.
    avg_steps = play_deals(game, args.deals, args.seed, count=True).decision_steps / args.deals
    clone_us = measure_clone_us(game, args.clone_samples, args.clones_per_sample, args.seed + 1)

    if args.json:
        result = {
            "engine": "open_spiel",
            "deals": args.deals,
            "repeat": args.repeat,
            "hands_per_sec": median_rate,
            "runs": rates,
            "avg_steps_per_deal": avg_steps,
            "avg_chance_steps_per_deal": CHANCE_STEPS,
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
            f"avg decision steps/deal {avg_steps:.2f}, chance steps/deal {CHANCE_STEPS}; "
            f"clone {clone_us:.2f} us"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
