"""Games played at random for the tests, and a player that checks a bot's choices: a
plain module the tests import (``from randomplay import play_random``); pytest puts
tests/ on the path.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from euchre.engine.actions import Action
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.players import BasePlayer, Player


class Checked(BasePlayer):
    """A player that fails the test on an illegal choice of the player it wraps."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        action = self.inner.choose(view, legal)
        assert action in legal, f"{action} not in {legal}"
        return action


def play_random(rules: Rules, seed: int, stop_after: int | None = None,
                score: tuple[int, ...] | None = None,
                tokens: tuple[int, ...] | None = None) -> Game:
    """A game played with random legal actions (``stop_after`` actions at most), from
    ``score`` and ``tokens`` when given."""
    game = Game(rules, seed=seed, score=score, tokens=tokens)
    rng = random.Random(seed)
    count = 0
    while not game.is_over() and (stop_after is None or count < stop_after):
        game.apply(rng.choice(game.legal_actions()))
        count += 1
    return game
