"""Whether ``euchre review``'s labels hold from one seed to another, and what a game costs.

A label (``[?]``, ``[!]`` ...) claims something about a decision; the sampling must not
decide it. Each game is reviewed whole at two seeds (``--seeds A B``), every decision's
label compared (no label counts as a label), and the share of decisions whose labels
are equal printed with the decisions that differ. The time of each review (its pool of
``--jobs`` processes included, the record's reading not) is printed too: the issue's
target is a whole game in under 30 s with ``--jobs 2`` and equal labels on at least 95%
of decisions.

The games: the whole games to 10 of ``../shared/data/egn/`` (the copies in
``tests/data/egn/``), and with ``--bot-games N`` as many games of ``expert`` at every
seat, seeded (``--bot-seed``), for more decisions than the records hold.

Run: ``PYTHONPATH=.compiled .venv/bin/python benchmarks/review_stability.py [--jobs 2]
[--seeds 0 1] [--budget 80] [--cap 640] [--bot-games 0] [--json]`` (``--cap 0``: the
budget only, as before the reviewer sampled until settled); ``docs/review.md`` keeps the
figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from euchre.analysis.review import DEFAULT_BUDGET, DEFAULT_CAP, Review, review_record
from euchre.engine.game import Game
from euchre.players import play_game
from euchre.players.registry import make_player
from euchre.records.egn import load_egn
from euchre.records.record import Record

RECORDS = Path(__file__).resolve().parent.parent / "tests" / "data" / "egn"
GAMES = ("VWEC_Finals.egn", "Me_and_Bears.egn", "Epic_Comeback.egn")
"""The whole games among the records."""


def bot_game(seed: int) -> Record:
    """A game to 10 of ``expert`` at every seat."""
    game = play_game(Game(seed=seed), [make_player("expert", seed + s) for s in range(4)])
    return Record.from_game(game)


def timed_review(record: Record, seed: int, jobs: int, budget: int,
                 cap: int | None) -> tuple[Review, float]:
    """The review of ``record`` at ``seed`` and its seconds, the pool's start included."""
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            review = review_record(record, seed=seed, budget=budget, cap=cap, executor=pool)
    else:
        review = review_record(record, seed=seed, budget=budget, cap=cap)
    return review, time.perf_counter() - start


@dataclass
class Compared:
    """One game reviewed at both seeds."""

    game: str
    decisions: int
    differ: list[dict[str, object]]
    """The decisions whose labels differ: where, the two labels, costs and samples."""
    seconds: tuple[float, float]
    labelled: tuple[int, int]
    samples: list[int]
    """Every decision's samples, at both seeds."""

    @property
    def equal(self) -> int:
        return self.decisions - len(self.differ)

    def to_dict(self) -> dict[str, object]:
        return {"game": self.game, "decisions": self.decisions, "equal": self.equal,
                "seconds": [round(s, 1) for s in self.seconds],
                "labelled": list(self.labelled),
                "samples_median": statistics.median(self.samples) if self.samples else 0,
                "samples_max": max(self.samples, default=0), "differ": self.differ}


def compare(name: str, record: Record, seeds: tuple[int, int], jobs: int, budget: int,
            cap: int | None) -> Compared:
    """Both reviews of one game and how their labels compare."""
    first, first_s = timed_review(record, seeds[0], jobs, budget, cap)
    second, second_s = timed_review(record, seeds[1], jobs, budget, cap)
    differ: list[dict[str, object]] = []
    for a, b in zip(first.decisions, second.decisions, strict=True):
        if a.label != b.label:
            differ.append({"where": a.where(), "seat": a.seat, "phase": a.phase,
                           "labels": [a.label, b.label],
                           "costs": [str(a.cost), str(b.cost)],
                           "samples": [a.samples, b.samples]})
    return Compared(name, len(first.decisions), differ, (first_s, second_s),
                    (sum(d.label is not None for d in first.decisions),
                     sum(d.label is not None for d in second.decisions)),
                    [d.samples for d in (*first.decisions, *second.decisions)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seeds", type=int, nargs=2, default=(0, 1))
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--cap", type=int, default=DEFAULT_CAP,
                        help="the most samples a decision may take; 0: the budget only")
    parser.add_argument("--bot-games", type=int, default=0)
    parser.add_argument("--bot-seed", type=int, default=100)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    games = [(name, load_egn(RECORDS / name)) for name in GAMES]
    games += [(f"expert game, seed {args.bot_seed + i}", bot_game(args.bot_seed + i))
              for i in range(args.bot_games)]
    seeds = (args.seeds[0], args.seeds[1])
    cap = args.cap or None
    rows = [compare(name, record, seeds, args.jobs, args.budget, cap) for name, record in games]
    decisions = sum(r.decisions for r in rows)
    equal = sum(r.equal for r in rows)
    seconds = [s for r in rows for s in r.seconds]
    samples = [n for r in rows for n in r.samples]
    total = {"decisions": decisions, "equal": equal,
             "share_equal": round(equal / decisions, 4) if decisions else None,
             "seconds_median": round(statistics.median(seconds), 1),
             "seconds_max": round(max(seconds), 1), "jobs": args.jobs, "seeds": list(seeds),
             "budget": args.budget, "cap": cap,
             "samples_mean": round(statistics.mean(samples), 1),
             "beyond_budget": sum(n > args.budget for n in samples) / len(samples)}
    if args.json:
        print(json.dumps({"games": [r.to_dict() for r in rows], "total": total}, indent=1))
        return 0
    for r in rows:
        row = r.to_dict()
        print(f"{r.game}: {r.equal} of {r.decisions} labels equal; "
              f"{r.seconds[0]:.1f} s and {r.seconds[1]:.1f} s; samples median "
              f"{row['samples_median']}, most {row['samples_max']}")
        for d in r.differ:
            print(f"  {d['where']} seat {d['seat']} ({d['phase']}): {d['labels']}, "
                  f"costs {d['costs']}, samples {d['samples']}")
    print(f"all: {equal} of {decisions} labels equal ({100 * equal / max(1, decisions):.1f}%); "
          f"a review's median {total['seconds_median']} s, slowest {total['seconds_max']} s "
          f"(--jobs {args.jobs}); {total['samples_mean']} samples a decision on average, "
          f"{100 * sum(n > args.budget for n in samples) / len(samples):.1f}% of decisions "
          f"past the budget")
    return 0


if __name__ == "__main__":
    sys.exit(main())
