"""What a seat's decision-maker is: the interface every player implements.

Bots, people at a terminal, network clients, external programs and learning agents are
all players (:mod:`euchre.players` has the bots and :func:`~euchre.players.play_game`).
A player sees the game only through :class:`~euchre.engine.view.PlayerView`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from euchre.engine.actions import Action
from euchre.engine.deal import DealResult
from euchre.engine.view import PlayerView

__all__ = ["Player"]


class Player(Protocol):
    """The player protocol."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Return one of ``legal`` for the seat of ``view``."""
        ...

    def deal_over(self, view: PlayerView, result: DealResult) -> None:
        """Told after each deal, with its result and the seat's view of the game now."""
        ...

    def game_over(self, view: PlayerView) -> None:
        """Told once the game has ended."""
        ...
