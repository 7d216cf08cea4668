"""Players: anything that, given a seat's view and the legal actions, returns one.

Bots, people at a terminal, network clients and learning agents are all players. A
player sees the game only through :class:`~euchre.engine.view.PlayerView`; it may keep memory
within a game and is told when a deal and the game end.

>>> from euchre.engine.game import Game
>>> game = play_game(Game(seed=5), [RandomPlayer(seed=s) for s in range(4)])
>>> game.is_over()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from euchre.engine.actions import Action
from euchre.engine.deal import DealResult
from euchre.engine.game import Game
from euchre.engine.player import Player
from euchre.engine.view import PlayerView

__all__ = ["BasePlayer", "Player", "RandomPlayer", "play_game"]


class BasePlayer:
    """A player that ignores the end-of-deal and end-of-game notices."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return one of ``legal``; subclasses decide."""
        raise NotImplementedError

    def deal_over(self, view: PlayerView, result: DealResult) -> None:
        """Nothing to remember by default."""

    def game_over(self, view: PlayerView) -> None:
        """Nothing to remember by default."""


class RandomPlayer(BasePlayer):
    """Uniformly random over the legal actions; seeded, so deterministic."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        return self._rng.choice(legal)


def play_game(
    game: Game,
    players: Sequence[Player],
    before: Callable[[Game, int, Action], None] | None = None,
    after: Callable[[Game], None] | None = None,
) -> Game:
    """Let ``players`` (one per seat) play ``game`` to its end; returns the game.

    ``before(game, seat, action)`` is called just before each action is applied and
    ``after(game)`` just after.
    """
    if len(players) != game.rules.players:
        raise ValueError(f"the game needs {game.rules.players} players, not {len(players)}")
    while not game.is_over():
        seat = game.to_act
        deals_before = len(game.results)
        action = players[seat].choose(game.view(seat), game.legal_actions())
        if before is not None:
            before(game, seat, action)
        game.apply(action)
        if after is not None:
            after(game)
        if len(game.results) > deals_before:
            result = game.results[-1]
            for s, player in enumerate(players):
                player.deal_over(game.view(s), result)
    for s, player in enumerate(players):
        player.game_over(game.view(s))
    return game
