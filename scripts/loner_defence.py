"""Two bots' defence against the same loners, paired deal by deal.

Usage::

    .venv/bin/python scripts/loner_defence.py A B [--deals 400] [--seed 0]
        [--alone-losers 1.5] [--json]

Each seeded deal of the standard rules (one deal, no game score) is bid by ``basic``
at every seat, with ``--alone-losers`` as its limit for going alone (1.5, ``basic``'s
own, for the loners it calls; 2.5 for many weak ones too). Where a maker went alone,
the rest of the deal is played twice from the same position: the lone player by
``basic``, the two defenders by A the first time and by B the second. Prints the lone
player's mean points against each defence and the paired difference B - A with its
95% interval: a negative difference means B defends better. ``--json`` prints the
summary as one JSON object instead.

The question it answers (issue 32): do ``basic``'s defenders, the players of every
rollout of ``expert`` and the reviewer, let loners score more than ``expert``'s
defenders would, so that the rollouts overrate going alone?
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from euchre.engine.actions import Action
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.players.basic import BasicPlayer, BasicSettings
from euchre.players.registry import BOTS, make_player
from euchre.players.sampling import gains_value


def loner_position(rules: Rules, seed: int, bidder: BasicPlayer) -> Game | None:
    """The seeded deal bid by ``bidder`` at every seat, at the first card played, where
    a maker goes alone; ``None`` where nobody does (or the deal is thrown in)."""
    game = Game(rules, seed=seed)
    while not game.results and game.phase is not Phase.PLAY:
        legal = game.legal_actions()
        game.apply(legal[0] if len(legal) == 1 else bidder.choose(game.view(game.to_act), legal))
    if game.results or game.maker is None:
        return None
    team_of = rules.seating.team_of
    if not any(team_of[s] == team_of[game.maker] for s in game.alone):
        return None
    return game


def play_out(game: Game, defenders: str, seed: int) -> float:
    """The points of the maker's side when ``basic`` plays the lone player and
    ``defenders`` the other side, from ``game`` (left as it was)."""
    rules = game.rules
    maker = game.maker
    assert maker is not None
    team_of = rules.seating.team_of
    players = [BasicPlayer(seed + s) if team_of[s] == team_of[maker]
               else make_player(defenders, seed + s) for s in range(rules.players)]
    deal = game.copy()
    while not deal.results:
        legal = deal.legal_actions()
        action: Action = legal[0] if len(legal) == 1 else \
            players[deal.to_act].choose(deal.view(deal.to_act), legal)
        deal.apply(action)
    return gains_value(rules, maker, deal.results[0].gains)


def main(argv: list[str] | None = None) -> dict[str, object]:
    """Run the comparison; the summary (printed too)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a", metavar="A", help="the first defence (a bot name)")
    parser.add_argument("b", metavar="B", help="the second defence")
    parser.add_argument("--deals", type=int, default=400, help="deals to bid (default 400)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--alone-losers", type=float, default=1.5,
                        help="basic's limit of probable losers for going alone (1.5)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for name in (args.a, args.b):
        if name not in BOTS:
            parser.error(f"unknown bot {name!r}: one of {', '.join(sorted(BOTS))}")
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    rules = Rules().replace(target=0, deals=1)
    bidder = BasicPlayer(args.seed, settings=BasicSettings(alone_losers=args.alone_losers))
    first: list[float] = []
    second: list[float] = []
    for i in range(args.deals):
        seed = args.seed + i
        game = loner_position(rules, seed, bidder)
        if game is None:
            continue
        first.append(play_out(game, args.a, seed))
        second.append(play_out(game, args.b, seed))
    diffs = [b - a for a, b in zip(first, second, strict=True)]
    half = (1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5) if len(diffs) > 1 else None
    summary: dict[str, object] = {
        "a": args.a, "b": args.b, "deals": args.deals, "seed": args.seed,
        "alone_losers": args.alone_losers, "loners": len(diffs),
        "a_points": round(statistics.mean(first), 3) if first else None,
        "b_points": round(statistics.mean(second), 3) if second else None,
        "difference": round(statistics.mean(diffs), 3) if diffs else None,
        "half_width": round(half, 3) if half is not None else None,
        "differing": sum(1 for d in diffs if d)}
    if args.json:
        print(json.dumps(summary))
    elif not diffs:
        print(f"no loner in {args.deals} deals")
    else:
        interval = f" ± {half:.3f}" if half is not None else ""
        print(f"{len(diffs)} loners in {args.deals} deals (basic bids, alone with at most "
              f"{args.alone_losers} losers): the loner scores {summary['a_points']:+.3f} "
              f"against {args.a}, {summary['b_points']:+.3f} against {args.b}; "
              f"{args.b} - {args.a} {summary['difference']:+.3f}{interval} "
              f"({summary['differing']} deals differ)")
    return summary


if __name__ == "__main__":
    main()
    sys.exit(0)
