"""Euchre for one learner against bots, as a Gymnasium environment (``Euchre-v0``).

>>> import gymnasium
>>> import euchre.envs  # registers Euchre-v0
>>> env = gymnasium.make("Euchre-v0", seat=0, opponents="basic")
>>> observation, info = env.reset(seed=1)
>>> observation.shape, info["action_mask"].shape
((1126,), (1377,))

=================  ================================================================
action space       ``Discrete(1377)``: the ids of :mod:`euchre.envs.action_ids`
observation        the ``compact`` encoding (float32 (1126,)), or ``openspiel``
                   (:mod:`euchre.envs.encoders`), of the learner's view
the mask           ``info["action_mask"]`` (int8, a fresh array every step) and
                   :meth:`EuchreEnv.action_masks` (bool, for masked algorithms)
opponents          one bot's name for every other seat (``"basic"``), or one name per
                   other seat in seat order; any of ``euchre bots`` (the partner is a
                   bot too)
reward             at the end of each deal: the learner's side's points less the mean
                   of the other sides' (``+n`` / ``-n`` in four-handed Euchre);
                   with ``reward="win"`` and ``episode="game"``: +1 for a won game, and
                   -1/(sides - 1) for a lost one
illegal action     ends the episode at once with ``illegal_reward`` (default -4, the
                   most a four-handed deal can cost), ``info["illegal"] = True``
episode            one deal (default) or a whole game (``episode="game"``); a deal in
                   which the learner has nothing to decide (it sits out while its
                   partner goes alone) is played by the bots and not counted
=================  ================================================================

Seeding: ``reset(seed=s)`` gives the same deals and the same bots' decisions on every
machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from euchre.engine.cards import card_name
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.envs.action_ids import NUM_ACTIONS, action_id, action_of
from euchre.envs.common import deal_reward, episode_rules, win_reward
from euchre.envs.encoders import COMPACT_SIZE, OPENSPIEL_SIZE, encode_compact, encode_openspiel
from euchre.errors import IllegalActionError
from euchre.players import Player
from euchre.players.registry import make_player

__all__ = ["ILLEGAL_REWARD", "EuchreEnv"]

ILLEGAL_REWARD: Final = -4.0
"""The reward of an illegal action, which ends the episode."""


class EuchreEnv(gymnasium.Env[NDArray[np.float32], np.int64]):
    """One seat of Euchre, the others played by bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012  # Gymnasium's

    def __init__(self, seat: int = 0, opponents: str | Sequence[str] = "basic",
                 rules: Rules | str = "standard", episode: str = "deal",
                 reward: str = "points", encoder: str = "compact",
                 illegal_reward: float = ILLEGAL_REWARD, render_mode: str | None = None,
                 **options: Any) -> None:
        if encoder not in ("compact", "openspiel"):
            raise ValueError(f"encoder: 'compact' or 'openspiel', not {encoder!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: 'ansi' or None, not {render_mode!r}")
        self.rules = episode_rules(rules, options, episode, reward, encoder)
        n = self.rules.players
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"seat: a seat from 0 to {n - 1}, not {seat!r}")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"opponents: one bot's name, or {n - 1} names (one per other "
                             f"seat), not {len(names)}")
        for name in names:
            make_player(name, 0)  # an unknown name fails here, saying which bots there are
        self.seat = seat
        self.opponents = names
        self.episode = episode
        self.reward_kind = reward
        self.encoder = encoder
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        size = COMPACT_SIZE if encoder == "compact" else OPENSPIEL_SIZE
        self.observation_space = spaces.Box(low=-1, high=1, shape=(size,), dtype=np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.game = Game(self.rules, seed=0)
        self._bots: dict[int, Player] = {}

    # -- the episode -------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        while True:
            self._new_game()
            self._play_bots()
            if not self.game.is_over():  # the learner has a decision to make
                return self._observe(), self._info()

    def _new_game(self) -> None:
        draw = self.np_random.integers(0, 2**62, size=len(self.opponents) + 1)
        self.game = Game(self.rules, seed=int(draw[0]))
        others = [s for s in range(self.rules.players) if s != self.seat]
        self._bots = {s: make_player(name, int(d))
                      for s, name, d in zip(others, self.opponents, draw[1:], strict=True)}
        self._gained = 0.0

    def _play_bots(self) -> None:
        """The bots' decisions until the learner's turn or the end of the episode; each
        deal's points go to the learner's reward."""
        game = self.game
        while not game.is_over() and game.to_act != self.seat:
            bot = self._bots[game.to_act]
            view = game.view(game.to_act)
            outcome = game.apply(bot.choose(view, game.legal_actions()))
            if outcome.result is not None:
                self._deal_over(outcome.result.gains)

    def _deal_over(self, gains: tuple[int, ...]) -> None:
        for seat, bot in self._bots.items():
            bot.deal_over(self.game.view(seat), self.game.results[-1])
        if self.reward_kind == "points":
            self._gained += deal_reward(self.rules, self.seat, gains)

    def step(self, action: np.int64 | int) -> tuple[NDArray[np.float32], float, bool, bool,
                                         dict[str, Any]]:
        self._gained = 0.0
        try:
            chosen = action_of(int(action))
            outcome = self.game.apply(chosen, self.seat)
        except (IllegalActionError, ValueError):
            info = self._info()
            info["illegal"] = True
            return self._observe(), self.illegal_reward, True, False, info
        if outcome.result is not None:
            self._deal_over(outcome.result.gains)
        self._play_bots()
        done = self.game.is_over()
        reward = self._gained
        if done and self.reward_kind == "win":
            reward = win_reward(self.rules, self.seat, self.game.winner(), len(self.game.score))
        return self._observe(), float(reward), done, False, self._info()

    # -- what the learner sees ---------------------------------------------------------

    def _observe(self) -> NDArray[np.float32]:
        view = self.game.view(self.seat)
        return encode_compact(view) if self.encoder == "compact" else encode_openspiel(view)

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal action ids now, as booleans (all false once the episode is over)."""
        mask = np.zeros(NUM_ACTIONS, dtype=np.bool_)
        if not self.game.is_over() and self.game.to_act == self.seat:
            mask[[action_id(a) for a in self.game.legal_actions()]] = True
        return mask

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8)}

    def render(self) -> str | None:
        """``ansi``: the learner's hand and the table as text."""
        if self.render_mode != "ansi":
            return None
        view = self.game.view(self.seat)
        trump = "-" if view.trump is None else "cdhsn"[view.trump]
        trick = ", ".join(f"seat {s} {card_name(c)}" for s, c in view.trick) or "-"
        return (f"seat {self.seat}, phase {view.phase}, trump {trump}, score "
                f"{'-'.join(map(str, view.score))}\nhand: "
                f"{' '.join(card_name(c) for c in sorted(view.hand))}\ntrick: {trick}")
