"""Euchre as a PettingZoo environment (AEC, the classic games' conventions).

>>> from euchre.envs import euchre_v0
>>> env = euchre_v0.env(rules="standard")
>>> env.reset(seed=42)
>>> env.agents
['player_0', 'player_1', 'player_2', 'player_3']

=====================  ============================================================
agents                 ``player_0`` .. ``player_{n-1}``: seat ``i`` of the rules (four
                       in four-handed Euchre, two in two-handed, up to seven in Napoleon);
                       ``player_0`` and ``player_2`` are partners, as are ``player_1``
                       and ``player_3``
action space           ``Discrete(1377)`` for every agent and every form: the ids of
                       :mod:`euchre.envs.action_ids`
observation            ``{"observation": ..., "action_mask": int8 (1377,)}``; the mask
                       is the legal ids of the agent to act (all 0 for the others)
observation encoders   ``compact`` (the default, float32 (1126,), seat-relative),
                       ``openspiel`` (OpenSpiel's information-state tensor, (935,)),
                       ``raw`` (the view as a dict): :mod:`euchre.envs.encoders`
rewards                per deal, to every seat: its side's points less the mean of the
                       other sides' points (so in four-handed Euchre the two partners
                       share +n and the others get -n; zero-sum in every form); with
                       ``reward="win"``, +1 to the winning side at the end of a game and
                       -1/(sides - 1) to the others, nothing per deal
episodes               one deal (``episode="deal"``, the default) or a whole game to
                       the target (``episode="game"``)
rules                  any preset's name or a :class:`~euchre.engine.rules.Rules`, and any
                       option as a keyword (``euchre_v0.env(rules="standard",
                       stick_the_dealer=True)``)
render modes           ``ansi`` (a text of the table, every hand shown) and ``human``
                       (the same, printed)
=====================  ============================================================

Version history: ``v0`` (2026-12): the first.

:func:`env` wraps :class:`raw_env` in PettingZoo's standard wrappers; an illegal action
there ends the episode with -1 for the agent that took it (``TerminateIllegalWrapper``).
``raw_env`` raises :class:`~euchre.errors.IllegalActionError` instead. Seeding:
``reset(seed=s)`` deals the same cards, with the same first dealer, on every machine; a
reset without a seed goes on from the last seed's sequence.
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from euchre.engine.cards import card_name
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.envs.action_ids import NUM_ACTIONS, action_id, action_of
from euchre.envs.common import deal_reward, episode_rules, win_reward
from euchre.envs.encoders import COMPACT_SIZE, OPENSPIEL_SIZE, encode_compact, encode_openspiel

__all__ = ["ENCODERS", "env", "raw_env"]

ENCODERS: Final = ("compact", "openspiel", "raw")
"""The observation encoders an environment may use."""



class ViewSpace(spaces.Space[dict[str, object]]):
    """The space of the ``raw`` encoder's observations: a view as
    :meth:`PlayerView.to_dict <euchre.engine.view.PlayerView.to_dict>` gives it."""

    def __init__(self) -> None:
        super().__init__(shape=None, dtype=None)

    def contains(self, x: Any) -> bool:
        return isinstance(x, dict) and "hand" in x and "phase" in x

    def sample(self, mask: Any = None, probability: Any = None) -> dict[str, object]:
        return Game().view(0).to_dict()


def env(**kwargs: Any) -> AECEnv:
    """A Euchre environment in PettingZoo's standard wrappers (see the module)."""
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type hints
    """Euchre, one environment for every form (see the module docstring)."""

    metadata: Final[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "euchre_v0",
        "is_parallelizable": True,
        "render_fps": 1,
    }

    def __init__(self, rules: Rules | str = "standard", episode: str = "deal",
                 reward: str = "points", encoder: str = "compact",
                 defects: bool = False, render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        if encoder not in ENCODERS:
            raise ValueError(f"encoder: one of {', '.join(ENCODERS)}, not {encoder!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: 'ansi', 'human' or None, not {render_mode!r}")
        self.rules = episode_rules(rules, options, episode, reward, encoder)
        self.episode = episode
        self.reward = reward
        self.encoder = encoder
        self.defects = defects
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.rules.players)]
        self.agents = self.possible_agents[:]
        mask = spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8)
        observation: spaces.Space[Any]
        if encoder == "compact":
            observation = spaces.Box(low=-1, high=1, shape=(COMPACT_SIZE,), dtype=np.float32)
        elif encoder == "openspiel":
            observation = spaces.Box(low=0, high=1, shape=(OPENSPIEL_SIZE,), dtype=np.float32)
        else:
            observation = ViewSpace()
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observation, "action_mask": mask})
            for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS)
                              for agent in self.possible_agents}
        self._seeds = random.Random()
        self.game = Game(self.rules, seed=0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode ---------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = Game(self.rules, seed=self._seeds.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_act]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        view = self.game.view(seat)
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if not self.game.is_over() and seat == self.game.to_act:
            mask[[action_id(a) for a in self.game.legal_actions()]] = 1
        return {"observation": self._encode(view), "action_mask": mask}

    def _encode(self, view: PlayerView) -> NDArray[np.float32] | dict[str, object]:
        if self.encoder == "compact":
            return encode_compact(view)
        if self.encoder == "openspiel":
            return encode_openspiel(view, defects=self.defects)
        return view.to_dict()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        self._cumulative_rewards[agent] = 0.0  # the agent has seen them (by last())
        seat = self.possible_agents.index(agent)
        outcome = self.game.apply(action_of(int(action)), seat)
        self._clear_rewards()
        if outcome.result is not None and self.reward == "points":
            self._reward(outcome.result.gains)
        if self.game.is_over():
            if self.reward == "win":
                self._reward_win()
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.game.to_act]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _reward(self, gains: tuple[int, ...]) -> None:
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = deal_reward(self.rules, seat, gains)

    def _reward_win(self) -> None:
        winner, sides = self.game.winner(), len(self.game.score)
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = win_reward(self.rules, seat, winner, sides)

    # -- faces -----------------------------------------------------------------------

    def render(self) -> str | None:
        """``ansi``: the table as text (every hand shown); ``human``: the same, printed."""
        if self.render_mode == "human":
            print(self.text())
        return self.text() if self.render_mode == "ansi" else None

    def text(self) -> str:
        """The table as text: the deal, trump, every hand, the trick in progress."""
        game = self.game
        lines = [f"deal {game.deal_number + 1}, phase {game.phase.value}, dealer "
                 f"player_{game.dealer}, score {'-'.join(map(str, game.score))}"]
        if game.trump is not None:
            lines.append(f"trump {'cdhsn'[game.trump]}, made by player_{game.maker}")
        for seat, agent in enumerate(self.possible_agents):
            hand = " ".join(card_name(c) for c in sorted(game.hand(seat)))
            marker = " <- to act" if not game.is_over() and seat == game.to_act else ""
            lines.append(f"{agent}: {hand or '-'}{marker}")
        trick = game.current_trick
        if trick:
            lines.append("trick: " + ", ".join(f"player_{s} {card_name(c)}" for s, c in trick))
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release: the environment holds no window or file."""
