"""A duplicate match of ``expert`` (or ``basic``) with changed settings against another bot.

Usage::

    .venv/bin/python scripts/variant_match.py KWARGS OPPONENT (--deals N | --games N)
        [--bot expert|basic] [--seed S] [--jobs J] [--record DIR]

``KWARGS`` is a JSON object of :class:`euchre.players.expert.ExpertPlayer` arguments
(``'{}'`` is ``expert`` itself; ``'{"play_blend": 0}'`` turns the blend off); with
``--bot basic``, of :class:`euchre.players.basic.BasicSettings` fields
(``'{"draw_first": false}' basic --bot basic``: ``basic`` without that rule against
``basic``). The match is
the arena's (:func:`euchre.analysis.arena.run_match`, duplicate, standard rules; the bots' seeds
do not depend on their names, so ``'{}'`` gives exactly ``euchre arena expert OPPONENT``).
Prints one JSON line: the settings, points per deal with its 95% interval, the point
share and, for games, the game win rate. ``docs/strength.md`` lists the runs made.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from typing import Any

from euchre.analysis.arena import run_match
from euchre.engine.rules import Rules
from euchre.players.basic import BasicPlayer, BasicSettings
from euchre.players.expert import ExpertPlayer
from euchre.players.registry import BOTS


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kwargs", help="ExpertPlayer arguments (with --bot basic: "
                        "BasicSettings fields) as a JSON object")
    parser.add_argument("opponent", help="a bot name, as in euchre arena")
    count = parser.add_mutually_exclusive_group(required=True)
    count.add_argument("--deals", type=int)
    count.add_argument("--games", type=int)
    parser.add_argument("--bot", choices=("expert", "basic"), default="expert",
                        help="the bot whose settings KWARGS changes (default: expert)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--record", help="a directory for the native records, as the "
                        "arena's --record (the bot is named 'variant' in them)")
    args = parser.parse_args(argv)
    try:
        kwargs = json.loads(args.kwargs)
        if not isinstance(kwargs, dict):
            raise ValueError("not a JSON object")
        if args.bot == "basic":
            settings = BasicSettings(**kwargs)
        else:
            ExpertPlayer(**kwargs)
    except (ValueError, TypeError) as error:
        what = "BasicSettings fields" if args.bot == "basic" else "ExpertPlayer arguments"
        parser.error(f"KWARGS must be a JSON object of {what}: {error}")
    if args.bot == "basic":
        BOTS["variant"] = lambda seed: BasicPlayer(seed, settings=settings)
    else:
        BOTS["variant"] = lambda seed: ExpertPlayer(seed=seed, **kwargs)

    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else nullcontext()
    with pool as executor:  # None: run_match plays in this process
        result = run_match(["variant", args.opponent], Rules(), deals=args.deals,
                           games=args.games, duplicate=True, seed=args.seed,
                           executor=executor, record=args.record)
    out = {"bot": args.bot, "kwargs": kwargs, "opponent": args.opponent, "deals": args.deals,
           "games": args.games, "seed": args.seed, **result.headline()}
    print(json.dumps(out))
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
