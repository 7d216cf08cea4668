"""What going alone is worth when a bot plays every seat, not ``basic``'s rollouts.

Usage::

    .venv/bin/python scripts/alone_check.py HAND UPCARD [--calls pass,pass,pass]
        [--seat 0] [--dealer 0] [--bot expert] [--makers BOT] [--defenders BOT]
        [--deals 200] [--seed 7]

``euchre hand`` judges a bid by finishing each sampled deal with ``basic`` at every
seat. This script takes the same position and the same samples (``expert``'s sampling
with inference from the calls made), applies each contract the seat may choose with
and without going alone, and finishes every deal with ``--bot`` at every seat (the
seat's own going-alone answer forced), so the two ways of valuing the contract can be
compared on the same deals. ``--makers`` and ``--defenders`` put another bot at the
seat's side or at the other side, to find which side's play makes the difference.
Prints each option's mean points for the seat's side (a
deal at a time, no game score), with its standard error, every 20 deals and at the end.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from euchre.analysis.adviser import _Adviser, _choices, _position
from euchre.engine.actions import ALONE, STAY, Action
from euchre.engine.game import Phase
from euchre.engine.rules import Rules
from euchre.players.knowledge import constraints
from euchre.players.registry import make_player
from euchre.players.sampling import gains_value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("hand")
    parser.add_argument("upcard")
    parser.add_argument("--calls", default="")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--dealer", type=int, default=0)
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--makers", help="the bot at the seat's side (default: --bot)")
    parser.add_argument("--defenders", help="the bot at the other side (default: --bot)")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    rules = Rules()
    calls = [c for c in args.calls.split(",") if c]
    game = _position(args.hand, args.upcard, args.seat, args.dealer, (0, 0), calls, rules, 0)
    view = game.view(args.seat)
    choices = [c for c in _choices(game, args.seat) if c.alone is not None]
    adviser = _Adviser(args.seed, args.deals)
    one = rules.replace(target=0, deals=1)
    pool = constraints(view).pool
    team_of = rules.seating.team_of
    names = [(args.makers if team_of[s] == team_of[args.seat] else args.defenders) or args.bot
             for s in range(rules.players)]
    players = [make_player(name, args.seed + s) for s, name in enumerate(names)]
    other = next(s for s in range(rules.players) if team_of[s] != team_of[args.seat])
    lineup = args.bot if len(set(names)) == 1 else \
        f"{names[args.seat]} at the seat's side, {names[other]} against"
    points: dict[str, list[float]] = {c.name: [] for c in choices}
    for i, hands in enumerate(adviser.sample(view, args.deals), 1):
        start, _ = adviser._replay(view, one, pool, hands)
        for choice in choices:
            deal = start.copy()
            deal.apply(choice.action)
            while not deal.results:
                legal = deal.legal_actions()
                action: Action
                if deal.phase is Phase.ALONE and deal.to_act == args.seat:
                    action = ALONE if choice.alone else STAY
                elif len(legal) == 1:
                    action = legal[0]
                else:
                    action = players[deal.to_act].choose(deal.view(deal.to_act), legal)
                deal.apply(action)
            points[choice.name].append(gains_value(one, args.seat, deal.results[0].gains))
        if i % 20 == 0 or i == args.deals:
            shown = ", ".join(
                f"{name} {statistics.mean(v):+.3f} ± {statistics.stdev(v) / len(v) ** 0.5:.3f}"
                for name, v in points.items())
            where = f"{lineup} at every seat" if len(set(names)) == 1 else lineup
            print(f"{i} deals, {where}: {shown}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
