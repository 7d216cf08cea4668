"""Speed of the engine, measured: ``euchre bench``.

Three figures, each the median of several timed runs of seeded random play:

* deals per second through the public step-by-step API (``legal_actions`` then
  ``apply`` until the deal ends), under the ``openspiel`` preset (one deal per game,
  comparable with OpenSpiel's ``euchre``) and whole games under ``standard``;
* deals per second through the lean play-out path that search uses (a random deal with
  a random trump, five tricks played out on ints by :mod:`euchre.playout`);
* the cost of one :meth:`Game.copy` of a state in the middle of a deal.

>>> result = run_benchmarks(deals=20, games=2, repeat=1, copies=10)
>>> all(result[key] > 0 for key in ("hands_per_sec", "games_per_sec", "lean_hands_per_sec"))
True
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from euchre.deal import random_deal
from euchre.game import Game
from euchre.playout import random_playout
from euchre.rules import Rules

__all__ = [
    "bench_api_deals",
    "bench_bot",
    "bench_copy",
    "bench_games",
    "bench_lean",
    "run_benchmarks",
]


def _median_rate(run: Callable[[], int], repeat: int) -> tuple[float, list[float]]:
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        count = run()
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates), rates


def bench_api_deals(deals: int, seed: int = 0, rules: Rules | None = None) -> int:
    """Play ``deals`` one-deal games of random legal actions through the public API."""
    rules = rules or Rules.preset("openspiel")
    rng = random.Random(seed)
    return sum(
        _play_random(Game(rules, seed=seed * 1_000_003 + i), rng) for i in range(deals)
    )


def _play_random(game: Game, rng: random.Random) -> int:
    """Play ``game`` to its end with random legal actions; returns its number of deals."""
    choice = rng.choice
    legal = game.legal_actions
    apply = game.apply
    while not game.is_over():
        apply(choice(legal()))
    return len(game.results)


def bench_games(games: int, seed: int = 0, rules: Rules | None = None) -> tuple[int, int]:
    """Play ``games`` whole games of random legal actions; returns (games, deals)."""
    rules = rules or Rules()
    rng = random.Random(seed)
    deals = sum(
        _play_random(Game(rules, seed=seed * 1_000_003 + i), rng) for i in range(games)
    )
    return games, deals


def bench_lean(deals: int, seed: int = 0) -> int:
    """Deal ``deals`` random four-handed deals and play each out on ints."""
    rng = random.Random(seed)
    rules = Rules()
    for i in range(deals):
        deck = random_deal(rules, i & 3, rng).hands
        hands = [
            (1 << h[0]) | (1 << h[1]) | (1 << h[2]) | (1 << h[3]) | (1 << h[4]) for h in deck
        ]
        random_playout(hands, int(rng.random() * 4), (i + 1) & 3, rng)
    return deals


def bench_copy(copies: int, seed: int = 0) -> float:
    """The median cost in microseconds of copying states taken in the middle of deals."""
    rng = random.Random(seed)
    samples = []
    for i in range(max(1, copies // 100)):
        game = Game(seed=seed + i)
        for _ in range(rng.randrange(4, 20)):
            game.apply(rng.choice(game.legal_actions()))
        copy = game.copy
        start = time.perf_counter()
        for _ in range(100):
            copy()
        samples.append((time.perf_counter() - start) / 100 * 1e6)
    return statistics.median(samples)


def run_benchmarks(
    deals: int = 20_000, games: int = 500, repeat: int = 5, copies: int = 20_000, seed: int = 0
) -> dict[str, object]:
    """Run every engine benchmark and return the figures (medians of ``repeat`` runs)."""
    bench_api_deals(min(deals, 200), seed)  # warm the caches before timing
    hands, hand_runs = _median_rate(lambda: bench_api_deals(deals, seed), repeat)
    counts: list[tuple[int, int]] = []

    def games_run() -> int:
        counts.append(bench_games(games, seed))
        return counts[-1][0]

    games_rate, game_runs = _median_rate(games_run, repeat)
    deals_per_game = counts[-1][1] / counts[-1][0]
    lean, lean_runs = _median_rate(lambda: bench_lean(deals, seed), repeat)
    return {
        "hands_per_sec": round(hands),
        "hands_runs": [round(r) for r in hand_runs],
        "games_per_sec": round(games_rate, 1),
        "games_runs": [round(r, 1) for r in game_runs],
        "standard_hands_per_sec": round(games_rate * deals_per_game),
        "deals_per_game": round(deals_per_game, 2),
        "lean_hands_per_sec": round(lean),
        "lean_runs": [round(r) for r in lean_runs],
        "copy_us": round(bench_copy(copies, seed), 3),
        "deals": deals,
        "games": games,
        "repeat": repeat,
        "seed": seed,
    }


def bench_bot(name: str, decisions: int = 200, seed: int = 0,
              rules: Rules | None = None) -> dict[str, object]:
    """Time ``decisions`` decisions of bot ``name`` playing every seat of seeded games.

    Returns the median, 95th percentile and largest milliseconds per decision (all
    decisions, forced ones included) and the same over the decisions with a choice.

    >>> result = bench_bot("random", decisions=20)
    >>> result["decisions"], result["median_ms"] >= 0
    (20, True)
    """
    from euchre.players.registry import make_player
    from euchre.protocol import ExternalPlayer

    rules = rules or Rules()
    times: list[float] = []
    choice_times: list[float] = []
    clock = time.perf_counter
    game_index = 0
    while len(times) < decisions:
        game = Game(rules, seed=seed * 7919 + game_index)
        players = [make_player(name, seed * 1000 + game_index * 4 + s)
                   for s in range(rules.players)]
        game_index += 1
        while not game.is_over() and len(times) < decisions:
            seat = game.to_act
            legal = game.legal_actions()
            view = game.view(seat)
            start = clock()
            action = players[seat].choose(view, legal)
            elapsed = (clock() - start) * 1e3
            times.append(elapsed)
            if len(legal) > 1:
                choice_times.append(elapsed)
            deals_before = len(game.results)
            game.apply(action)
            if len(game.results) > deals_before:
                for s, player in enumerate(players):
                    player.deal_over(game.view(s), game.results[-1])
        for player in players:  # an external bot's program ends with its game
            if isinstance(player, ExternalPlayer):
                player.close()

    def summary(values: list[float]) -> dict[str, float]:
        if not values:
            return {"median_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0}
        ordered = sorted(values)
        return {
            "median_ms": round(statistics.median(ordered), 3),
            "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3),
            "max_ms": round(ordered[-1], 3),
        }

    whole = summary(times)
    chosen = summary(choice_times)
    return {
        "bot": name,
        **whole,
        "choice_median_ms": chosen["median_ms"],
        "choice_p95_ms": chosen["p95_ms"],
        "decisions": len(times),
        "choices": len(choice_times),
        "seed": seed,
    }

