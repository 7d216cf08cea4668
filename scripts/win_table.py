"""The chance of winning a game from every score, by self-play: ``data/win_chance.json``.

Usage::

    .venv/bin/python scripts/win_table.py [--rules PRESET] [--bot NAME] [--deals N]
        [--seed S] [--jobs J] [--out FILE] [--check GAMES]

Plays ``N`` seeded one-deal games of ``NAME`` (``basic``) at every seat under the preset
(``standard``, ``tournament`` or ``two-handed``), the dealer going round the table, and
counts the points each deal gives the dealer's side and the other side (1, 2 or 4; 0
for both when it is thrown in). From those chances it solves, exactly, the chance of
winning a game to 10 from every score with the deal passing to the other side every
deal (:func:`euchre.players.win_chance.solve`), prints a summary (the chances with their
standard errors, the chance of winning from a few scores) and with ``--out`` writes the
preset's entry into FILE (the others kept): ``src/euchre/players/data/win_chance.json``
is the package's. The deals and the bots' seeds depend on ``--seed`` and the deal's
number only, so the counts are the same for any ``--jobs`` (at most 2 here).

``--check GAMES`` plays GAMES whole games to 10 with the same bot instead, and compares
how often the side that deals first wins, and the dealer's side at the scores most
visited, with the shipped table's chance (``win_chance``), with a 95% interval.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from euchre.engine.deal import random_deal
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.players import play_game
from euchre.players.registry import check_spec, make_player
from euchre.players.win_chance import FORMAT, TABLE_TARGET, Grid, solve, win_chance

PRESETS = ("standard", "tournament", "two-handed")
CHUNK = 500
"""The most deals (or games) in one task; a run of fewer than 20 of them has tasks of a
twentieth of the run, so that two workers share a short run of a slow bot. The tasks
depend on the run alone, never on the number of workers (nor do the counts: each deal
depends on the seed and its number only)."""


def tasks(args: argparse.Namespace, count: int) -> list[tuple[Any, ...]]:
    """The run cut into tasks: ``(bot, preset, seed, start, stop)``."""
    size = max(1, min(CHUNK, count // 20))
    return [(args.bot, args.rules, args.seed, a, min(a + size, count))
            for a in range(0, count, size)]

_T = TypeVar("_T")
Tally = dict[str, int]
"""``dealer:K`` and ``other:K``: deals that gave that side K points; ``thrown_in``."""


def derive(*parts: object) -> int:
    """A 63-bit seed from parts, the same on every machine and in every process."""
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:8], "big") >> 1


def play_deals(bot: str, preset: str, seed: int, start: int, stop: int) -> Tally:
    """Deals ``start`` to ``stop - 1`` of a run, tallied."""
    rules = Rules.preset(preset)
    one = rules.replace(target=0, deals=1)
    n = rules.players
    team_of = rules.seating.team_of
    tally: Counter[str] = Counter()
    for i in range(start, stop):
        dealer = i % n
        deal = random_deal(one, dealer, random.Random(derive(seed, "deal", i)))
        game = Game(one, deals=[deal], seed=derive(seed, "game", i))
        play_game(game, [make_player(bot, derive(seed, "bot", i, s)) for s in range(n)])
        result = game.results[0]
        ours = result.gains[team_of[dealer]]
        theirs = result.gains[1 - team_of[dealer]]
        if min(ours, theirs) != 0:
            raise AssertionError(f"deal {i}: gains {result.gains}, not one side scoring")
        if ours:
            tally[f"dealer:{ours}"] += 1
        elif theirs:
            tally[f"other:{theirs}"] += 1
        else:
            tally["thrown_in"] += 1
        tally["dealer_makes"] += result.maker is not None and team_of[result.maker] == \
            team_of[dealer]
    return dict(tally)


def play_games(bot: str, preset: str, seed: int, start: int, stop: int
               ) -> list[list[tuple[int, int, bool]]]:
    """Games ``start`` to ``stop - 1`` of a check: for each deal of each, the score as
    it began, the dealer's side's first, and whether the dealer's side won the game."""
    rules = Rules.preset(preset)
    n = rules.players
    team_of = rules.seating.team_of
    games = []
    for g in range(start, stop):
        game = Game(rules, seed=derive(seed, "check", g))
        play_game(game, [make_player(bot, derive(seed, "check bot", g, s)) for s in range(n)])
        winner = game.winner()
        deals = []
        for result in game.results:
            side = team_of[result.dealer]
            before = [s - d for s, d in zip(result.score, result.gains, strict=True)]
            deals.append((before[side], before[1 - side], winner == side))
        games.append(deals)
    return games


def _run(executor: ProcessPoolExecutor | None, fn: Callable[..., _T],
         work: Sequence[tuple[Any, ...]]) -> Iterable[_T]:
    """``fn`` on each task, in order: in the workers, or here without any."""
    if executor is None:
        return (fn(*task) for task in work)
    return executor.map(fn, *zip(*work, strict=True))


def chances(shares: Mapping[str, float]) -> tuple[dict[int, float], dict[int, float]]:
    """The dealer's side's and the other side's chances of scoring each number, from
    the shares of a tally's outcomes."""
    out: tuple[dict[int, float], dict[int, float]] = ({}, {})
    for key, share in shares.items():
        side, _, points = key.partition(":")
        if side in ("dealer", "other"):
            out[side == "other"][int(points)] = share
    return out


def chance_error(tally: Mapping[str, int], deals: int, mine: int, theirs: int,
                 we_deal: bool) -> float:
    """The standard error of the solved chance of winning from a score, from the
    sampling error of the measured chances: the delta method, with a multinomial's
    covariance and the chance's derivative in each outcome's share by a small step
    (down: the thrown-in deals, the rest, take it up)."""
    shares = {k: n / deals for k, n in tally.items() if k.partition(":")[0] in ("dealer", "other")}

    def value(changed: Mapping[str, float]) -> float:
        grids = solve(TABLE_TARGET, *chances(changed))
        return grids[0 if we_deal else 1][mine][theirs]

    base = value(shares)
    step = 1e-7
    grads = {k: (base - value({**shares, k: p - step})) / step for k, p in shares.items()}
    mean = sum(grads[k] * p for k, p in shares.items())  # a thrown-in deal's is 0
    var = sum(grads[k] ** 2 * p for k, p in shares.items()) - mean**2
    return math.sqrt(max(var, 0.0) / deals)


def rounded(grid: Grid) -> list[list[float]]:
    return [[round(p, 6) for p in row] for row in grid]


def measure(args: argparse.Namespace, executor: ProcessPoolExecutor | None) -> dict[str, Any]:
    started = time.perf_counter()
    tally: Counter[str] = Counter()
    for part in _run(executor, play_deals, tasks(args, args.deals)):
        tally.update(part)
    seconds = time.perf_counter() - started
    deals = args.deals
    counts = {side: {key.partition(":")[2]: tally[key]
                     for key in sorted(tally, key=lambda k: (len(k), k))
                     if key.startswith(side + ":")} for side in ("dealer", "other")}
    thrown = tally["thrown_in"]
    dealer, other = chances({k: n / deals for k, n in tally.items()})
    we, they = solve(TABLE_TARGET, dealer, other)
    entry = {"rules": args.rules, "bot": args.bot, "seed": args.seed, "deals": deals,
             "counts": {**counts, "thrown_in": thrown},
             "table": {"target": TABLE_TARGET, "we_deal": rounded(we),
                       "they_deal": rounded(they)}}

    def share(count: int) -> str:
        p = count / deals
        return f"{p:.4f} ± {math.sqrt(p * (1 - p) / deals):.5f}"

    print(f"{args.rules}: {deals} deals of {args.bot}, seed {args.seed}, "
          f"{seconds:.1f} s ({seconds / deals * 1000:.2f} ms a deal, {args.jobs} jobs)")
    for side in ("dealer", "other"):
        row = ", ".join(f"{k}: {share(n)}" for k, n in counts[side].items())
        total = sum(counts[side].values())
        print(f"  {side:6} side scores {row}; any: {share(total)}")
    print(f"  thrown in {share(thrown)}; the dealer's side makes trump "
          f"{share(tally['dealer_makes'])}")
    for mine, theirs in ((0, 0), (4, 4), (8, 8), (9, 9), (6, 8), (8, 6), (9, 0), (0, 9)):
        cells = [f"{p[mine][theirs]:.4f} ± {chance_error(tally, deals, mine, theirs, d):.5f}"
                 for p, d in ((we, True), (they, False))]
        print(f"  P(win) at {mine}-{theirs}: dealing next {cells[0]}, "
              f"the others dealing {cells[1]}")
    return {"entry": entry, "seconds": seconds, "tally": dict(tally)}


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a binomial proportion."""
    z = 1.959964
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def check(args: argparse.Namespace, executor: ProcessPoolExecutor | None) -> dict[str, Any]:
    started = time.perf_counter()
    rules = Rules.preset(args.rules)
    visits: Counter[tuple[int, int]] = Counter()
    wins: Counter[tuple[int, int]] = Counter()
    for part in _run(executor, play_games, tasks(args, args.check)):
        for deals in part:
            seen = set()  # a score seen again (after a thrown-in deal) counts once
            for mine, theirs, won in deals:
                if (mine, theirs) not in seen:
                    seen.add((mine, theirs))
                    visits[mine, theirs] += 1
                    wins[mine, theirs] += won
    seconds = time.perf_counter() - started
    print(f"check {args.rules}: {args.check} games to {rules.target} of {args.bot}, "
          f"seed {args.seed}, {seconds:.1f} s; the shipped table's chance for the "
          f"dealer's side against the games'")
    rows = []
    states = [(0, 0), *[s for s, _ in visits.most_common() if s != (0, 0)][:args.states]]
    for state in states:
        n = visits[state]
        low, high = wilson(wins[state], n)
        predicted = win_chance(rules, *state, we_deal_next=True)
        inside = low <= predicted <= high
        rows.append({"score": list(state), "games": n, "won": wins[state],
                     "observed": wins[state] / n, "ci95": [low, high],
                     "predicted": predicted, "inside": inside})
        label = "the first dealer's side at 0-0" if state == (0, 0) else \
            f"dealer's side at {state[0]}-{state[1]}"
        print(f"  {label}: {wins[state]}/{n} = {wins[state] / n:.4f} "
              f"[{low:.4f}, {high:.4f}], table {predicted:.4f}"
              f"{'' if inside else '  (outside)'}")
    return {"check": rows, "seconds": seconds}


def write(path: Path, entry: dict[str, Any]) -> None:
    """Put ``entry`` in the data file at ``path`` (made if missing), the others kept."""
    data: dict[str, Any] = {"format": FORMAT, "entries": {}}
    if path.is_file():
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            raise SystemExit(f"{path}: format {data.get('format')!r}, not {FORMAT}")
    entries = {**data["entries"], entry["rules"]: entry}
    data = {"format": FORMAT,
            "about": "the chance of winning a game from every score, made by "
                     "scripts/win_table.py (euchre.players.win_chance)",
            "entries": dict(sorted(entries.items()))}
    text = json.dumps(data, indent=1)
    # a list of numbers on one line: the table's rows readable, the file short
    text = re.sub(r"\[[-0-9.e,\s]*\]",
                  lambda m: "[" + ", ".join(x.strip() for x in m.group(0)[1:-1].split(",")) + "]",
                  text)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rules", choices=PRESETS, default="standard")
    parser.add_argument("--bot", default="basic", help="a registered bot (euchre arena's)")
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (1 or 2)")
    parser.add_argument("--out", type=Path, help="the data file to write the entry into")
    parser.add_argument("--check", type=int, metavar="GAMES",
                        help="play GAMES whole games and compare with the shipped table")
    parser.add_argument("--states", type=int, default=6,
                        help="with --check: the scores most visited to compare, past 0-0")
    args = parser.parse_args(argv)
    try:
        args.bot = check_spec(args.bot)
    except Exception as error:  # an unknown name: the registry's message
        parser.error(str(error))
    if not 1 <= args.jobs <= 2:
        parser.error("--jobs is 1 or 2")
    if (args.check if args.check is not None else args.deals) < 1:
        parser.error("--deals and --check are at least 1")
    executor = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        if args.check is not None:
            return check(args, executor)
        out = measure(args, executor)
    finally:
        if executor is not None:
            executor.shutdown()
    if args.out is not None:
        write(args.out, out["entry"])
        print(f"  written to {args.out}")
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
