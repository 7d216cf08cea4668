"""Bots by name: ``make_player("basic", seed=3)``, ``make_player("ext:./mybot", 0)``.

:data:`BOTS` maps each name to a factory ``(seed) -> Player``; a new bot registers in
one line; a bot's module is imported only when one is made.
``ext:COMMAND`` is a program speaking the external-bot protocol
(:mod:`euchre.protocol.host`); :func:`preflight` starts such a program once, so that a
command that cannot play stops before a match or game begins.

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
from collections.abc import Callable, Iterable
from typing import Final, cast

from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.errors import EuchreError
from euchre.players import Player, RandomPlayer

__all__ = ["BOTS", "EXTERNAL_PREFIX", "available_bots", "check_spec", "make_player",
           "preflight"]

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
    "cfr": _Lazy("euchre.players.cfr", "CfrPlayer"),
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


def preflight(specs: Iterable[str], rules: Rules | None = None,
              time_limit: float = 10.0) -> list[str]:
    """Check every spec (:func:`check_spec`) and start each external program once,
    putting to it the first decision of a game under ``rules``; returns the specs
    checked.

    A program that cannot be run, that ends before answering, or that says nothing
    within its first decision's time (``time_limit`` and the startup grace) raises
    :class:`~euchre.errors.EuchreError`: ``bot ext:nosuchprog cannot be started: No such
    file or directory``. Any answer passes: a program that answers badly, or fails
    later, is the match's to deal with. Built-in bots are only checked by name.

    >>> preflight(["basic", " Random "])
    ['basic', 'random']
    >>> preflight(["ext:no-such-program-here"])
    Traceback (most recent call last):
    ...
    euchre.errors.EuchreError: bot ext:no-such-program-here cannot be started: No such file ...
    """
    checked = [check_spec(spec) for spec in specs]
    external = [spec for spec in dict.fromkeys(checked) if spec.startswith(EXTERNAL_PREFIX)]
    if external:
        from euchre.protocol import ExternalPlayer

        game = Game(rules or Rules(), seed=0)
        view, legal = game.view(game.to_act), game.legal_actions()
        for spec in external:
            player = make_player(spec, seed=0, time_limit=time_limit)
            assert isinstance(player, ExternalPlayer)
            reason = player.preflight(view, legal)
            if reason is not None:
                raise EuchreError(f"bot {spec} cannot be started: {reason}")
    return checked
