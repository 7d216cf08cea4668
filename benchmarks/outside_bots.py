#!/usr/bin/env python3
"""Play ``expert`` against an outside bot in games to 10, through the arena and the
external-bot protocol, and print its game win rate.

    benchmarks/setup_outside_bots.sh                        # once: euchre-cli's venv
    .venv/bin/python benchmarks/outside_bots.py --bot ismcts --games 100 --seed 1 --jobs 2
    .venv/bin/python benchmarks/outside_bots.py --bot euchre-cli --games 100 --seed 1 --jobs 2

The outside bots, each behind an adapter of ours in ``benchmarks/``:

- ``ismcts``: OpenSpiel's ISMCTS (``--simulations``, default 1000, random rollouts,
  uct_c 2.0) on OpenSpiel's C++ ``euchre`` (``benchmarks/ismcts_bot.py``, the
  ``openspiel`` extra), under ``--rules tournament``: one deal of it is one deal of
  OpenSpiel's game (must pick up, stick the dealer, only the maker alone, no lone
  defender, first lead from the dealer's left).
- ``euchre-cli``: euchre-cli 0.7.0's computer player (``benchmarks/euchre_cli_bot.py``,
  in ``benchmarks/.venv-euchre-cli``), under the standard rules with nobody going
  alone (``--no-going-alone --no-lone-defender --no-maker-partner-alone``): euchre-cli's
  own game (no going alone, no stick the dealer, the dealer may lay the upcard away).

It runs ``euchre arena OPPONENT "ext:ADAPTER" --games N --duplicate --seed S --jobs J
--time-limit T --json`` (the compiled build, ``PYTHONPATH=.compiled``, where
``.compiled/euchre`` exists; ``--pure`` not), prints that command exactly, then: the games won by
``expert`` with the 95% interval (over the duplicate pairs), the points per deal, the
faults, and for ISMCTS the seconds a searched move took. A fault means the fallback
bot (``basic``) played the adapter's seat for the rest of that game: the result is then
not a measure of the outside bot, and the exit status is 2. ``--json`` prints the
summary as one JSON object instead.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parent.parent
CLI_PYTHON: Final = "benchmarks/.venv-euchre-cli/bin/python"
"""euchre-cli's python, relative to the repository (benchmarks/setup_outside_bots.sh)."""
RULES: Final = {
    "ismcts": ["--rules", "tournament"],
    "euchre-cli": ["--no-going-alone", "--no-lone-defender", "--no-maker-partner-alone"],
}
"""The rules each outside bot's matches are played under (both engines play them
identically)."""
TARGET: Final = 0.85
"""The game win rate ``expert`` is asked to reach against each."""


def shell_join(words: Sequence[str]) -> str:
    """``words`` as one shell line, quoting only what needs it (``{seed}`` does not)."""
    return " ".join(w if re.fullmatch(r"[\w@%+=:,./{}-]+", w) else shlex.quote(w)
                    for w in words)


def _relative(path: str) -> str:
    """``path`` relative to the repository when it is inside it (commands read better)."""
    try:
        return str(Path(path).absolute().relative_to(ROOT))
    except ValueError:
        return path


def adapter(bot: str, simulations: int, timing: str | None) -> str:
    """The ``ext:`` lineup entry of the outside bot ``bot``."""
    if bot == "ismcts":
        words = [_relative(sys.executable), "benchmarks/ismcts_bot.py",
                 "--simulations", str(simulations), "--seed", "{seed}"]
        if timing:
            words += ["--timing", timing]
    else:
        words = [CLI_PYTHON, "benchmarks/euchre_cli_bot.py", "--seed", "{seed}"]
    return "ext:" + shell_join(words)


def arena_command(args: argparse.Namespace, timing: str | None
                  ) -> tuple[list[str], dict[str, str]]:
    """The arena's command line and the environment variables it adds."""
    euchre = ROOT / ".venv" / "bin" / "euchre"
    program = [".venv/bin/euchre"] if euchre.exists() else [
        _relative(sys.executable), "-m", "euchre"]
    env = {}
    if not args.pure and (ROOT / ".compiled" / "euchre").is_dir():
        env["PYTHONPATH"] = ".compiled"
    rules = shlex.split(args.rules_flags) if args.rules_flags is not None else RULES[args.bot]
    command = [*program, "arena", args.opponent, adapter(args.bot, args.simulations, timing),
               "--games", str(args.games), "--duplicate", "--seed", str(args.seed),
               "--jobs", str(args.jobs), "--time-limit", f"{args.time_limit:g}", *rules,
               "--json"]
    return command, env


def move_times(path: Path) -> dict[str, float | int] | None:
    """The adapter's ``--timing`` lines summed up: moves searched, mean, median and
    slowest seconds (``None`` without a line)."""
    if not path.exists():
        return None
    seconds = [float(line.split()[0]) for line in path.read_text().splitlines() if line]
    if not seconds:
        return None
    return {"moves": len(seconds), "mean": statistics.fmean(seconds),
            "median": statistics.median(seconds), "max": max(seconds)}


def summary(result: dict[str, Any], args: argparse.Namespace, shown: str,
            times: dict[str, float | int] | None) -> dict[str, Any]:
    """What the run measured, from the arena's ``--json`` object."""
    ppd = result["points_per_deal"]
    faults = result.get("faults") or []
    return {
        "command": shown,
        "bot": args.bot,
        "opponent": args.opponent,
        "simulations": args.simulations if args.bot == "ismcts" else None,
        "games": result["plays"],
        "pairs": result["finished"],
        "deals": result["deals"],
        "seed": args.seed,
        "game_win_rate": result["game_win_rate"],
        "game_win_ci95": result["game_win_ci95"],
        "target": TARGET,
        "points_per_deal": [ppd["mean"], ppd["ci95_low"], ppd["ci95_high"]],
        "point_share": result["point_share"],
        "games_tied": result["games_tied"],
        "games_unfinished": result["games_unfinished"],
        "faults": len(faults),
        "fault_reasons": [f"{f.get('play')}: {f.get('reason')}" for f in faults],
        "valid": not faults and not result["interrupted"],
        "seconds": result["seconds"],
        "seconds_per_move": times,
    }


def _share(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def _points(value: float | None) -> str:
    return "-" if value is None else f"{value:+.3f}"


def report(out: dict[str, Any]) -> str:
    """The summary as lines for people (``-`` where one pair gives no interval)."""
    low, high = out["game_win_ci95"] or (None, None)
    mean, plow, phigh = out["points_per_deal"]
    who = "ISMCTS" if out["bot"] == "ismcts" else "euchre-cli 0.7.0"
    if out["simulations"]:
        who += f" ({out['simulations']} simulations)"
    lines = [
        f"command: {out['command']}",
        f"{out['opponent']} against {who}: {out['games']} games to 10 "
        f"({out['pairs']} duplicate pairs), {out['deals']} deals, seed {out['seed']}, "
        f"{out['seconds']:.0f} s",
        f"games won by {out['opponent']}: {_share(out['game_win_rate'])} "
        f"[{_share(low)}, {_share(high)}] (95%; target {out['target']:.0%})",
        f"points per deal (net): {_points(mean)} [{_points(plow)}, {_points(phigh)}], "
        f"point share {_share(out['point_share'])}",
        f"faults: {out['faults']}",
    ]
    if out["games_unfinished"] or out["games_tied"]:
        lines.append(f"games unfinished: {out['games_unfinished']}, tied: {out['games_tied']}")
    times = out["seconds_per_move"]
    if times:
        lines.append(f"seconds per searched move: mean {times['mean']:.2f}, median "
                     f"{times['median']:.2f}, max {times['max']:.2f} over {times['moves']} "
                     f"moves (one legal action: not searched)")
    if not out["valid"]:
        lines.append("INVALID: the fallback bot played for the adapter (faults above), "
                     "or the match was interrupted")
        lines += [f"  fault: {reason}" for reason in out["fault_reasons"]]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="expert against an outside bot, games to 10 (benchmarks/outside_bots.py)")
    parser.add_argument("--bot", required=True, choices=sorted(RULES))
    parser.add_argument("--games", type=int, default=10,
                        help="duplicate pairs of games (twice as many games; default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--simulations", type=int, default=1000,
                        help="ISMCTS simulations per decision (default 1000)")
    parser.add_argument("--time-limit", type=float, default=None,
                        help="seconds an adapter has per decision (default 60 for ismcts "
                             "at 1000 simulations, scaled; 10 for euchre-cli)")
    parser.add_argument("--opponent", default="expert", help="our bot (default expert)")
    parser.add_argument("--rules-flags", default=None,
                        help="the arena's rules flags instead of the bot's own "
                             "(ismcts: '--rules tournament'; euchre-cli: '--no-going-alone "
                             "--no-lone-defender --no-maker-partner-alone')")
    parser.add_argument("--pure", action="store_true",
                        help="run our side as pure Python (not PYTHONPATH=.compiled)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    if args.time_limit is None:
        args.time_limit = max(60.0, 60.0 * args.simulations / 1000) if args.bot == "ismcts" \
            else 10.0
    if args.bot == "euchre-cli" and not (ROOT / CLI_PYTHON).exists():
        print(f"outside_bots: {CLI_PYTHON} is missing: run benchmarks/setup_outside_bots.sh",
              file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="outside-bots-") as tmp:
        timing = str(Path(tmp) / "timing.txt") if args.bot == "ismcts" else None
        command, env = arena_command(args, timing)
        shown = shell_join([f"{k}={v}" for k, v in env.items()] + command)
        print(f"running: {shown}", file=sys.stderr, flush=True)
        done = subprocess.run(command, cwd=ROOT, env={**os.environ, **env},
                              stdout=subprocess.PIPE, text=True, check=False)
        if done.returncode != 0:
            print(f"outside_bots: the arena exited with status {done.returncode}",
                  file=sys.stderr)
            return 1
        result = json.loads(done.stdout)
        times = move_times(Path(timing)) if timing else None
    out = summary(result, args, shown, times)
    print(json.dumps(out, indent=2) if args.json else report(out))
    return 0 if out["valid"] else 2


if __name__ == "__main__":
    sys.exit(main())
