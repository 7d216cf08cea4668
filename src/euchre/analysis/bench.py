"""Speed of the engine, measured: ``euchre bench``.

Each figure is the median of several timed runs of seeded random play:

* deals per second through the public step-by-step API (``legal_actions`` then
  ``apply`` until the deal ends), under the ``openspiel`` preset (one deal per game,
  comparable with OpenSpiel's ``euchre``) and whole games under ``standard``;
* deals per second through the lean play-out path that search uses (a random deal with
  a random trump, five tricks played out on ints by :mod:`euchre.analysis.playout`);
* the cost of one :meth:`Game.copy` of a state in the middle of a deal.

With ``rules`` (``euchre bench --rules PRESET``) the same figures under those rules,
whatever the form: one-deal games and whole games through the public API, a copy; the
lean path only where it applies (:func:`lean_refusal`), and whole games only where
random play ends them (:data:`MAX_DEALS`). :func:`bench_presets` (``euchre bench
--presets``) times one-deal games under every preset, interleaved round by round, with
each preset's ratio to ``standard`` in the same round.

>>> result = run_benchmarks(deals=20, games=2, repeat=1, copies=10)
>>> all(result[key] > 0 for key in ("hands_per_sec", "games_per_sec", "lean_hands_per_sec"))
True
>>> nap = run_benchmarks(deals=5, games=1, repeat=1, copies=10, rules=Rules.preset("napoleon"))
>>> nap["hands_per_sec"] > 0, nap["lean_hands_per_sec"], nap["lean_note"][:29]
(True, None, 'not measured: the lean path p')
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Final

from euchre.analysis.playout import random_playout
from euchre.engine.cards import deck_has_benny
from euchre.engine.deal import random_deal
from euchre.engine.game import Game
from euchre.engine.rules import PRESETS, Rules
from euchre.text import plural

__all__ = [
    "MAX_DEALS",
    "bench_api_deals",
    "bench_bot",
    "bench_copy",
    "bench_games",
    "bench_lean",
    "bench_presets",
    "lean_refusal",
    "one_deal",
    "run_benchmarks",
]

MAX_DEALS: Final = 200
"""A whole game of random play still going after this many deals is stopped and counted
unfinished: random Hasenpfeffer bidding can keep both sides below the target for ever."""


def _median_rate(run: Callable[[], int], repeat: int) -> tuple[float, list[float]]:
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        count = run()
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates), rates


def one_deal(rules: Rules) -> Rules:
    """``rules`` for a game of one deal (no target; laps and slam, which score a match
    of games, off).

    >>> one_deal(Rules.preset("napoleon")).deals, one_deal(Rules()).target
    (1, 0)
    """
    return rules.replace(deals=1, target=0, laps=False, slam=False)


def bench_api_deals(deals: int, seed: int = 0, rules: Rules | None = None) -> int:
    """Play ``deals`` one-deal games of random legal actions through the public API
    (under ``rules``, which must be of one deal: :func:`one_deal`; default ``openspiel``)."""
    rules = rules or Rules.preset("openspiel")
    rng = random.Random(seed)
    return sum(
        _play_random(Game(rules, seed=seed * 1_000_003 + i), rng) for i in range(deals)
    )


def _play_random(game: Game, rng: random.Random, max_deals: int = 0) -> int:
    """Play ``game`` to its end with random legal actions (or until ``max_deals``
    deals, when given); returns its number of deals."""
    choice = rng.choice
    legal = game.legal_actions
    apply = game.apply
    if not max_deals:
        while not game.is_over():
            apply(choice(legal()))
        return len(game.results)
    results = 0
    while not game.is_over() and results < max_deals:
        if apply(choice(legal())).result is not None:
            results += 1
    return len(game.results)


def bench_games(games: int, seed: int = 0, rules: Rules | None = None,
                max_deals: int = MAX_DEALS) -> tuple[int, int, int]:
    """Play ``games`` whole games of random legal actions; returns (games, deals,
    unfinished): a game still going after ``max_deals`` deals is stopped, unfinished."""
    rules = rules or Rules()
    rng = random.Random(seed)
    deals = unfinished = 0
    for i in range(games):
        game = Game(rules, seed=seed * 1_000_003 + i)
        deals += _play_random(game, rng, max_deals)
        unfinished += not game.is_over()
    return games, deals, unfinished


def lean_refusal(rules: Rules) -> str | None:
    """Why the lean play-out path does not apply to ``rules`` (``None`` when it does): it
    plays five tricks of four-handed Euchre, with no Benny.

    >>> lean_refusal(Rules()) is None
    True
    >>> print(lean_refusal(Rules.preset("napoleon")))
    not measured: the lean path plays four-handed Euchre only, and napoleon is Napoleon (Nap)
    >>> lean_refusal(Rules.preset("railroad"))[-37:]
    'and railroad has the Benny (25 cards)'
    """
    name = rules.preset_name() or "these rules"
    if rules.form != "four_handed":
        return (f"not measured: the lean path plays four-handed Euchre only, and {name} "
                f"is {rules.form_name}")
    if deck_has_benny(rules.deck):
        return (f"not measured: the lean path plays four-handed Euchre without the Benny, "
                f"and {name} has the Benny ({rules.deck} cards)")
    return None


def bench_lean(deals: int, seed: int = 0, rules: Rules | None = None) -> int:
    """Deal ``deals`` random four-handed deals (of ``rules``' deck) and play each out on
    ints. Raises :class:`ValueError` where :func:`lean_refusal` says it does not apply."""
    rng = random.Random(seed)
    rules = rules or Rules()
    refusal = lean_refusal(rules)
    if refusal is not None:
        raise ValueError(refusal)
    for i in range(deals):
        deck = random_deal(rules, i & 3, rng).hands
        hands = [
            (1 << h[0]) | (1 << h[1]) | (1 << h[2]) | (1 << h[3]) | (1 << h[4]) for h in deck
        ]
        random_playout(hands, int(rng.random() * 4), (i + 1) & 3, rng)
    return deals


def bench_copy(copies: int, seed: int = 0, rules: Rules | None = None) -> float:
    """The median cost in microseconds of copying states taken in the middle of deals."""
    rng = random.Random(seed)
    rules = rules or Rules()
    samples = []
    for i in range(max(1, copies // 100)):
        game = Game(rules, seed=seed + i)
        for _ in range(rng.randrange(4, 20)):
            if game.is_over():
                break
            game.apply(rng.choice(game.legal_actions()))
        copy = game.copy
        start = time.perf_counter()
        for _ in range(100):
            copy()
        samples.append((time.perf_counter() - start) / 100 * 1e6)
    return statistics.median(samples)


def run_benchmarks(
    deals: int = 20_000, games: int = 500, repeat: int = 5, copies: int = 20_000, seed: int = 0,
    rules: Rules | None = None,
) -> dict[str, object]:
    """Run every engine benchmark and return the figures (medians of ``repeat`` runs).

    Without ``rules``: one-deal games under ``openspiel``, whole games, the lean path
    and copies under ``standard``. With ``rules``: all of them under those rules; a
    figure that does not apply is ``None``, with a note saying why (``lean_note``,
    ``games_note``).
    """
    if rules is not None:
        return _run_for(rules, deals, games, repeat, copies, seed)
    bench_api_deals(min(deals, 200), seed)  # warm the caches before timing
    hands, hand_runs = _median_rate(lambda: bench_api_deals(deals, seed), repeat)
    counts: list[tuple[int, int, int]] = []

    def games_run() -> int:
        counts.append(bench_games(games, seed, max_deals=0))
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


def _run_for(rules: Rules, deals: int, games: int, repeat: int, copies: int,
             seed: int) -> dict[str, object]:
    """:func:`run_benchmarks` under ``rules``."""
    single = one_deal(rules)
    bench_api_deals(min(deals, 200), seed, single)  # warm the caches before timing
    hands, hand_runs = _median_rate(lambda: bench_api_deals(deals, seed, single), repeat)
    counts: list[tuple[int, int, int]] = []

    def games_run() -> int:
        counts.append(bench_games(games, seed, rules))
        return counts[-1][1]

    game_deals, game_deal_runs = _median_rate(games_run, repeat)
    played, dealt, unfinished = counts[-1]
    whole = not any(c[2] for c in counts)
    games_note = None if whole else (
        f"not measured: {unfinished} of {plural(played, 'random game')} did not end within "
        f"{MAX_DEALS} deals (random bidding can keep every side below the target); "
        f"deals per second over the deals played instead")
    lean_note = lean_refusal(rules)
    lean: float | None = None
    lean_runs: list[float] = []
    if lean_note is None:
        lean, lean_runs = _median_rate(lambda: bench_lean(deals, seed, rules), repeat)
    return {
        "rules": rules.preset_name() or "custom",
        "form": rules.form,
        "players": rules.players,
        "hands_per_sec": round(hands),
        "hands_runs": [round(r) for r in hand_runs],
        "games_per_sec": round(game_deals * played / dealt, 1) if whole else None,
        "games_note": games_note,
        "game_hands_per_sec": round(game_deals),
        "game_hands_runs": [round(r) for r in game_deal_runs],
        "deals_per_game": round(dealt / played, 2) if whole else None,
        "games_unfinished": unfinished,
        "lean_hands_per_sec": None if lean is None else round(lean),
        "lean_runs": [round(r) for r in lean_runs],
        "lean_note": lean_note,
        "copy_us": round(bench_copy(copies, seed, rules), 3),
        "deals": deals,
        "games": games,
        "repeat": repeat,
        "seed": seed,
    }


def bench_presets(deals: int = 2000, repeat: int = 5, seed: int = 0,
                  presets: Sequence[str] | None = None) -> dict[str, object]:
    """Deals per second of one-deal games of random play through the public API under
    every preset (or those named), in ``repeat`` rounds that time each preset once in
    turn (each round starting one preset further on); each preset's
    ``ratio_to_standard`` is the median over the rounds of its rate over ``standard``'s
    in the same round, which a busy machine disturbs less than the rates themselves.

    >>> result = bench_presets(deals=3, repeat=1, presets=["standard", "napoleon"])
    >>> sorted(result["presets"]), result["presets"]["standard"]["ratio_to_standard"]
    (['napoleon', 'standard'], 1.0)
    """
    names = list(dict.fromkeys(["standard", *(presets or PRESETS)]))
    rules = {name: one_deal(Rules.preset(name)) for name in names}
    for name in names:  # warm the caches before timing
        bench_api_deals(min(deals, 50), seed, rules[name])
    rates: dict[str, list[float]] = {name: [] for name in names}
    ratios: dict[str, list[float]] = {name: [] for name in names}
    for turn in range(repeat):
        this_round = {}
        # each round starts one preset further on, so no preset is always timed first
        for name in names[turn % len(names):] + names[: turn % len(names)]:
            start = time.perf_counter()
            count = bench_api_deals(deals, seed, rules[name])
            this_round[name] = count / (time.perf_counter() - start)
            rates[name].append(this_round[name])
        for name in names:
            ratios[name].append(this_round[name] / this_round["standard"])
    shown = [name for name in names if presets is None or name in presets]
    return {
        "presets": {
            name: {
                "form": rules[name].form,
                "players": rules[name].players,
                "deals_per_sec": round(statistics.median(rates[name])),
                "runs": [round(r) for r in rates[name]],
                "ratio_to_standard": round(statistics.median(ratios[name]), 3),
            }
            for name in shown
        },
        "deals": deals,
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
