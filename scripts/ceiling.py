"""How much seeing the cards is worth: ``expert`` with the true deal as its only sample.

Usage::

    .venv/bin/python scripts/ceiling.py OPPONENT (--deals N | --games N)
        [--sees all|bidding|play|none] [--seed S] [--jobs J]

An *oracle* is :class:`euchre.players.expert.ExpertPlayer` whose samples are replaced by
the deal itself (every hand as it really is) in the phases it ``--sees``: ``bidding``
(everything before the play), ``play``, ``all`` or ``none`` (then it is ``expert``).
It decides exactly as ``expert`` does (rollouts with ``basic``, the blend with
double-dummy values turned off, since both see the same cards), so the difference
between the oracle and ``expert`` is what the hidden cards cost ``expert``: an upper
bound on what better inference could win.

The match is the arena's duplicate match of the oracle against ``OPPONENT`` with the
same deals and the same seeds for every bot (:func:`euchre.analysis.arena.run_match`), so
``--sees none`` gives exactly ``euchre arena expert OPPONENT --duplicate``. Prints one
JSON line: points per deal for the oracle's side with its 95% interval, the point share
and, for games, the game win rate. ``docs/strength.md`` lists the runs made.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from typing import Any

from euchre.analysis import arena
from euchre.analysis.arena import run_match
from euchre.engine.actions import Action
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.players import Player, play_game
from euchre.players.expert import ExpertPlayer
from euchre.players.registry import BOTS

SEES = ("all", "bidding", "play", "none")

_TABLE: list[Game] = []
"""The game being played in this process (the arena plays one at a time)."""


def _watch(game: Game, players: Sequence[Player],
           before: Callable[[Game, int, Action], None] | None = None,
           after: Callable[[Game], None] | None = None) -> Game:
    """The arena's ``play_game``, which first shows the game to the oracles."""
    _TABLE[:] = [game]
    return play_game(game, players, before, after)


class Oracle(ExpertPlayer):
    """``expert`` whose one sample is the true deal, in the phases it sees."""

    def __init__(self, seed: int | None = None, sees: str = "all") -> None:
        super().__init__(seed=seed, play_blend=0.0)
        self.sees = sees

    def _sees(self, view: PlayerView) -> bool:
        if self.sees == "all":
            return True
        if self.sees == "none":
            return False
        return (view.phase == "play") == (self.sees == "play")

    def sample(self, view: PlayerView, count: int) -> list[tuple[int, ...]]:
        """The true hands, as a sample (fair samples in a phase the oracle does not
        see)."""
        if not self._sees(view) or not _TABLE:
            return super().sample(view, count)
        game = _TABLE[0]
        hands = [0 if s in view.sitting_out and s != view.seat else game.hand_mask(s)
                 for s in range(view.rules.players)]
        hands[view.seat] = view.hand.mask
        return [tuple(hands)]


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("opponent", help="a bot name, as in euchre arena")
    count = parser.add_mutually_exclusive_group(required=True)
    count.add_argument("--deals", type=int)
    count.add_argument("--games", type=int)
    parser.add_argument("--sees", choices=SEES, default="all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.sees == "none":
        BOTS["oracle"] = BOTS["expert"]
    else:
        BOTS["oracle"] = lambda seed: Oracle(seed=seed, sees=args.sees)
    arena.play_game = _watch  # type: ignore[attr-defined]  # forked workers keep it

    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else nullcontext()
    try:
        with pool as executor:  # None: run_match plays in this process
            result = run_match(["oracle", args.opponent], Rules(), deals=args.deals,
                               games=args.games, duplicate=True, seed=args.seed,
                               executor=executor)
    finally:
        arena.play_game = play_game  # type: ignore[attr-defined]
    out = {"sees": args.sees, "opponent": args.opponent, "deals": args.deals,
           "games": args.games, "seed": args.seed, **result.headline()}
    print(json.dumps(out))
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
