"""How long ``euchre review`` takes over a whole game to 10, as a person runs it.

Each record is reviewed by the command itself, in a process of its own (start-up, the
pool of ``--jobs`` processes and the record's reading included), ``--repeat`` times;
the median wall-clock time is printed with the decisions reviewed. The records are the
whole games of ``../shared/data/egn/`` (the copies in ``tests/data/egn/``:
``VWEC_Finals.egn``: 13 deals to 10, and
``Me_and_Bears.egn``: 12).

Run: ``.venv/bin/python benchmarks/review_bench.py [--jobs 2] [--budget 80]
[--repeat 3] [FILE ...]``; ``docs/benchmarks.md`` keeps the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from euchre.analysis.review import DEFAULT_BUDGET

RECORDS = Path(__file__).resolve().parent.parent / "tests" / "data" / "egn"
GAMES = ("VWEC_Finals.egn", "Me_and_Bears.egn")


def time_review(path: Path, jobs: int, budget: int) -> tuple[float, int]:
    """One review of ``path`` by the command: (seconds, decisions reviewed)."""
    command = [sys.executable, "-m", "euchre", "review", str(path), "--json",
               "--no-progress", "--jobs", str(jobs), "--budget", str(budget)]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - start
    return seconds, len(json.loads(done.stdout)["decisions"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    files = args.files or [RECORDS / name for name in GAMES]
    print(f"euchre review, --jobs {args.jobs} --budget {args.budget}, "
          f"median of {args.repeat} runs")
    for path in files:
        runs = [time_review(path, args.jobs, args.budget) for _ in range(args.repeat)]
        times = [t for t, _ in runs]
        decisions = runs[0][1]
        median = statistics.median(times)
        print(f"{path.name}: {decisions} decisions, median {median:.1f} s "
              f"(min {min(times):.1f}, max {max(times):.1f}), "
              f"{1000 * median / decisions:.0f} ms a decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
