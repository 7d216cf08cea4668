"""Pool arena matches of the same bots played with different seeds into one result.

Usage: ``.venv/bin/python scripts/pool_matches.py FILE... [--json]``, each FILE the
output of ``euchre arena ... --json`` (a long match played in pieces, one seed a piece,
so that every finished piece is kept). The pieces must match each other in everything
but the seed (bots, rules, mode, duplicate seating) and be clean: no faults (a fault
hands a seat to the arena's fallback bot), nothing interrupted, no seed twice.

It prints the pooled points per deal of the first-named side with its 95% interval
(:func:`euchre.analysis.arena.pooled_interval`: each piece weighted by its deals), the
pooled game win rate in ``games`` mode, the point share, and what each bot of the
lineup did (calls, made, marched, euchred, alone) over every piece. ``--json`` prints the
same as one object. A bad file gets one line naming it and the status 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from euchre.analysis.arena import Interval, pooled_interval, t975

MUST_MATCH = ("bots", "rules", "scoring", "mode", "duplicate", "layout")
COUNTS = ("deals", "dealt", "calls", "made", "marched", "euchred", "alone", "alone_won",
          "alone_marched", "faults")


class PoolError(Exception):
    """A piece that cannot be pooled; the message names it."""


def load(path: Path) -> dict[str, Any]:
    """One piece, checked to be a clean arena result."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise PoolError(f"{path}: not a readable JSON file ({error})") from None
    if not isinstance(data, dict) or any(key not in data for key in
                                         (*MUST_MATCH, "seed", "points_per_deal", "sides")):
        raise PoolError(f"{path}: not the output of 'euchre arena --json' for two sides")
    if data["scoring"] != "sides":
        raise PoolError(f"{path}: a form scored per player; only sides are pooled")
    if data.get("faults"):
        raise PoolError(f"{path}: {len(data['faults'])} fault(s): the fallback bot played")
    if data.get("interrupted"):
        raise PoolError(f"{path}: the match was interrupted")
    return data


def _interval(figures: dict[str, Any]) -> Interval:
    return Interval(figures["mean"], figures["ci95_low"], figures["ci95_high"],
                    figures["stderr"], figures["n"])


def _game_win(piece: dict[str, Any]) -> Interval:
    """A piece's game win rate as an interval (the arena prints its bounds; the units
    are those of its points per deal)."""
    n = piece["points_per_deal"]["n"]
    low, high = piece["game_win_ci95"]
    stderr = None if low is None else (high - low) / 2 / t975(n - 1)
    return Interval(piece["game_win_rate"], low, high, stderr, n)


def pool(pieces: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The pooled result of checked pieces."""
    if not pieces:
        raise PoolError("no pieces to pool")
    first = pieces[0]
    for piece in pieces[1:]:
        for key in MUST_MATCH:
            if piece[key] != first[key]:
                raise PoolError(f"seed {piece['seed']} differs from seed {first['seed']} "
                                f"in {key!r}")
    seeds = [piece["seed"] for piece in pieces]
    repeated = sorted({seed for seed in seeds if seeds.count(seed) > 1})
    if repeated:
        raise PoolError(f"seed {repeated[0]} is given twice")
    deals = [piece["deals"] for piece in pieces]
    net = pooled_interval([_interval(p["points_per_deal"]) for p in pieces], deals)
    points = [sum(p["sides"][side]["points"] for p in pieces) for side in (0, 1)]
    result: dict[str, Any] = {
        "bots": first["bots"], "mode": first["mode"], "duplicate": first["duplicate"],
        "seeds": seeds, "pieces": len(pieces), "deals": sum(deals),
        "units": net.n, "points_per_deal": net.to_dict(),
        "points": points,
        "point_share": points[0] / sum(points) if sum(points) > 0 else None,
        "game_win_rate": None, "game_win_ci95": None,
        "seconds": round(sum(p.get("seconds") or 0.0 for p in pieces), 1),
    }
    if first["mode"] == "games":
        wins = pooled_interval([_game_win(p) for p in pieces],
                               [p["points_per_deal"]["n"] for p in pieces])
        result["game_win_rate"] = wins.mean
        result["game_win_ci95"] = [wins.low, wins.high]
    result["seats"] = [
        {"slot": seat["slot"], "bot": seat["bot"],
         **{key: sum(p["seats"][i][key] for p in pieces) for key in COUNTS}}
        for i, seat in enumerate(first["seats"])]
    return result


def _percent(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def describe(result: dict[str, Any]) -> str:
    """The pooled result in a few lines."""
    net = result["points_per_deal"]
    low, high = net["ci95_low"], net["ci95_high"]
    bounds = "" if low is None else f" [{low:+.4f}, {high:+.4f}]"
    sides = " vs ".join("+".join(dict.fromkeys(result["bots"][i::2])) for i in (0, 1))
    pieces = f"{result['pieces']} piece{'s' if result['pieces'] > 1 else ''}"
    lines = [f"{sides}: {pieces} (seeds {', '.join(map(str, result['seeds']))}),"
             f" {result['units']} {'pairs of ' if result['duplicate'] else ''}"
             f"{result['mode']}, {result['deals']} deals, {result['seconds']:.0f} s",
             f"points per deal {net['mean']:+.4f}{bounds} (95%), point share "
             f"{_percent(result['point_share'])} ({result['points'][0]} to "
             f"{result['points'][1]})"]
    if result["game_win_rate"] is not None:
        low, high = result["game_win_ci95"]
        lines.append(f"games won {_percent(result['game_win_rate'])} "
                     f"[{_percent(low)}, {_percent(high)}]")
    for seat in result["seats"]:
        lines.append(f"{seat['slot']} {seat['bot']}: " + ", ".join(
            f"{key} {seat[key]}" for key in COUNTS[2:-1]))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Pool the files named; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        result = pool([load(path) for path in args.files])
    except PoolError as error:
        print(f"pool_matches: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result) if args.json else describe(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
