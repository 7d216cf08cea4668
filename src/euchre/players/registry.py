"""Bots by name: ``make_player("basic", seed=3)``, ``make_player("ext:./mybot", 0)``.

:data:`BOTS` maps each name to a factory ``(seed) -> Player``; a new bot registers in
one line; a bot's module is imported only when one is made.
``ext:COMMAND`` is a program speaking the external-bot protocol
(:mod:`euchre.protocol`).

>>> "random" in available_bots()
True
>>> make_player("random", seed=1).__class__.__name__
'RandomPlayer'
>>> make_player("grandmaster", seed=1)
Traceback (most recent call last):
...
euchre.errors.EuchreError: unknown bot 'grandmaster': choose one of random, ...
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Final, cast

from euchre.errors import EuchreError
from euchre.players import Player, RandomPlayer

__all__ = ["BOTS", "EXTERNAL_PREFIX", "available_bots", "check_spec", "make_player"]

EXTERNAL_PREFIX: Final = "ext:"

Factory = Callable[[int], Player]


class _Lazy:
    """A factory that imports its bot's module only when a bot is made."""

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name

    def __call__(self, seed: int) -> Player:
        cls = getattr(importlib.import_module(self.module), self.name)
        return cast(Player, cls(seed=seed))


BOTS: Final[dict[str, Factory]] = {
    "random": lambda seed: RandomPlayer(seed=seed),
    "basic": _Lazy("euchre.players.basic", "BasicPlayer"),
    "pimc": _Lazy("euchre.players.pimc", "PimcPlayer"),
    "expert": _Lazy("euchre.players.expert", "ExpertPlayer"),
}
"""Every bot by name. Register a new one with a line like
``"pimc": _Lazy("euchre.players.pimc", "PimcPlayer")``."""


def available_bots() -> list[str]:
    """The names of the registered bots, in registration order."""
    return list(BOTS)


def check_spec(spec: str) -> str:
    """Check a bot spec without making the bot; returns it stripped.

    Raises :class:`~euchre.errors.EuchreError` naming the bots there are.
    """
    text = spec.strip()
    if text.startswith(EXTERNAL_PREFIX):
        if not text[len(EXTERNAL_PREFIX):].strip():
            raise EuchreError("an external bot needs a command, as in 'ext:python bot.py'")
        return text
    if text.lower() not in available_bots():
        choices = ", ".join([*available_bots(), "ext:COMMAND"])
        raise EuchreError(f"unknown bot {spec!r}: choose one of {choices}")
    return text.lower()


def make_player(spec: str, seed: int, time_limit: float = 10.0) -> Player:
    """A new player for ``spec``: a registered name, or ``ext:COMMAND`` (an external
    program; ``time_limit`` is its limit per decision in seconds; ``{seed}`` in the
    command is replaced by the seed)."""
    text = check_spec(spec)
    if text.startswith(EXTERNAL_PREFIX):
        from euchre.protocol import ExternalPlayer

        command = text[len(EXTERNAL_PREFIX):].strip().replace("{seed}", str(seed))
        return ExternalPlayer(command, time_limit=time_limit)
    return BOTS[text](seed)
