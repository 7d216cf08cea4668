"""The PettingZoo environment: PettingZoo's own tests, every form, rewards and seeding."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from euchre.engine.rules import PRESETS
from euchre.envs import euchre_v0
from euchre.envs.action_ids import NUM_ACTIONS, action_of
from euchre.errors import IllegalActionError, RulesError


def test_pettingzoo_api_test() -> None:
    api_test(euchre_v0.env(), num_cycles=1000, verbose_progress=False)


def test_pettingzoo_seed_test() -> None:
    seed_test(euchre_v0.env, num_cycles=1000)


def test_pettingzoo_parallel_api_test_on_the_turn_based_conversion() -> None:
    parallel_api_test(turn_based_aec_to_parallel(euchre_v0.env()), num_cycles=1000)


def test_pettingzoo_render_test(capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: euchre_v0.env(render_mode=render_mode))
    assert "player_0" in capsys.readouterr().out  # human mode prints the table


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_passes_the_api_test(preset: str) -> None:
    api_test(euchre_v0.env(rules=preset), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("kwargs", [
    {"episode": "game"},
    {"episode": "game", "reward": "win", "rules": "two-handed"},
    {"encoder": "openspiel"},
    {"encoder": "openspiel", "defects": True},
    {"rules": "standard", "farmers": True, "go_under": True, "throw_in": "no_ace_no_face",
     "deck": 32},
])
def test_options_pass_the_api_test(kwargs: dict[str, Any]) -> None:
    api_test(euchre_v0.env(**kwargs), num_cycles=300, verbose_progress=False)


def _play(env: Any, seed: int) -> tuple[list[int], dict[str, float]]:
    """Random legal play of one episode: the actions taken and each agent's return."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    taken: list[int] = []
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        returns[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        action = int(rng.choice(list(legal)))
        taken.append(action)
        env.step(action)
    return taken, returns


@pytest.mark.parametrize("preset", ["standard", "three-handed", "napoleon", "hasenpfeffer"])
def test_rewards_are_zero_sum_and_partners_share_them(preset: str) -> None:
    env = euchre_v0.env(rules=preset)
    seen = set()
    for seed in range(40):
        _, returns = _play(env, seed)
        assert abs(sum(returns.values())) < 1e-9
        seen.add(returns["player_0"])
        if preset == "standard":
            assert returns["player_0"] == returns["player_2"] == -returns["player_1"]
    assert len(seen) > 2  # deals won and lost, by different margins


def test_a_whole_game_returns_the_final_score_difference() -> None:
    env = euchre_v0.env(episode="game")
    _, returns = _play(env, 3)
    game = env.unwrapped.game
    assert game.is_over()
    assert returns["player_0"] == game.score[0] - game.score[1]


def test_a_won_game_returns_one_to_the_winners() -> None:
    env = euchre_v0.env(episode="game", reward="win")
    _, returns = _play(env, 5)
    winner = env.unwrapped.game.winner()
    assert returns[f"player_{winner}"] == 1.0
    assert returns[f"player_{1 - winner}"] == -1.0


def test_the_same_seed_plays_the_same_episode_and_another_does_not() -> None:
    env = euchre_v0.env()
    assert _play(env, 11) == _play(env, 11)
    assert _play(env, 11)[0] != _play(env, 12)[0]


def test_the_mask_is_the_engines_legal_actions_for_the_agent_to_act_only() -> None:
    env = euchre_v0.raw_env(rules="napoleon")
    env.reset(seed=2)
    game = env.game
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,)
        if agent == env.agent_selection:
            assert {action_of(int(i)) for i in np.flatnonzero(mask)} == set(
                game.legal_actions())
        else:
            assert not mask.any()


def test_an_illegal_action_raises_in_the_raw_env_and_ends_the_episode_wrapped() -> None:
    raw = euchre_v0.raw_env()
    raw.reset(seed=1)
    with pytest.raises(IllegalActionError):
        raw.step(NUM_ACTIONS - 1)
    wrapped = euchre_v0.env()
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    wrapped.step(NUM_ACTIONS - 1)  # PettingZoo logs a warning and ends the episode
    assert wrapped.rewards[agent] == -1
    assert all(wrapped.terminations.values())


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"rules": "no such preset"}, "preset"),
    ({"rules": "standard", "no_such_option": True}, "not an option"),
    ({"encoder": "pixels"}, "encoder"),
    ({"episode": "match"}, "episode"),
    ({"reward": "win"}, "needs episode='game'"),
    ({"render_mode": "rgb_array"}, "render_mode"),
    ({"rules": "napoleon", "encoder": "openspiel"}, "24-card deck"),
])
def test_bad_arguments_say_what_is_wrong(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises((ValueError, RulesError), match=message):
        euchre_v0.raw_env(**kwargs)


def test_the_raw_encoder_gives_the_view_as_data() -> None:
    env = euchre_v0.raw_env(encoder="raw")
    env.reset(seed=4)
    observation = env.observe(env.agent_selection)["observation"]
    assert observation == env.game.view(env.game.to_act).to_dict()
    space = env.observation_space(env.agent_selection)
    assert isinstance(space, spaces.Dict) and space["observation"].contains(observation)


def test_spaces_are_made_once() -> None:
    env = euchre_v0.raw_env()
    assert env.observation_space("player_1") is env.observation_space("player_1")
    assert env.action_space("player_1") is env.action_space("player_1")
