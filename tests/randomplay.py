"""Games played at random for the tests: a plain module the tests import
(``from randomplay import play_random``); pytest puts tests/ on the path.
"""

from __future__ import annotations

import random

from euchre.game import Game
from euchre.rules import Rules


def play_random(rules: Rules, seed: int, stop_after: int | None = None) -> Game:
    """A game played with random legal actions (``stop_after`` actions at most)."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    count = 0
    while not game.is_over() and (stop_after is None or count < stop_after):
        game.apply(rng.choice(game.legal_actions()))
        count += 1
    return game
