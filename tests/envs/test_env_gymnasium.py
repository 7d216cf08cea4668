"""The Gymnasium environment ``Euchre-v0``, and the example that trains on it."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import euchre.envs  # noqa: F401  # registers Euchre-v0
from euchre.envs.action_ids import NUM_ACTIONS, action_of
from euchre.envs.single import ILLEGAL_REWARD, EuchreEnv
from euchre.errors import EuchreError, RulesError
from helpers.paths import ROOT


@pytest.mark.parametrize("kwargs", [
    {},
    {"seat": 3, "opponents": ["random", "basic", "random"]},
    {"encoder": "openspiel", "rules": "openspiel"},
    {"rules": "napoleon", "seat": 2},
    {"episode": "game", "reward": "win", "opponents": "random"},
])
def test_gymnasium_check_env(kwargs: dict[str, Any]) -> None:
    check_env(EuchreEnv(**kwargs), skip_render_check=False)


def _episode(env: gymnasium.Env[Any, Any], seed: int) -> tuple[list[int], float]:
    observation, info = env.reset(seed=seed)
    taken: list[int] = []
    total = 0.0
    done = False
    while not done:
        assert env.observation_space.contains(observation)
        action = int(np.flatnonzero(info["action_mask"])[-1])
        taken.append(action)
        observation, reward, done, truncated, info = env.step(action)
        total += float(reward)
        assert not truncated
    return taken, total


def test_registered_on_import_and_reproducible_by_seed() -> None:
    env = gymnasium.make("Euchre-v0", seat=1, opponents="basic")
    assert _episode(env, 5) == _episode(env, 5)
    results = {_episode(env, seed)[1] for seed in range(30)}
    assert len(results) > 2


def test_the_mask_is_the_engines_and_fresh_every_step() -> None:
    env = EuchreEnv(seat=0, opponents="random")
    _, info = env.reset(seed=2)
    legal = {action_of(int(i)) for i in np.flatnonzero(info["action_mask"])}
    assert legal == set(env.game.legal_actions())
    assert np.array_equal(env.action_masks(), info["action_mask"] > 0)
    action = int(np.flatnonzero(info["action_mask"])[0])
    _, _, _, _, again = env.step(action)
    assert again is not info and again["action_mask"] is not info["action_mask"]


def test_an_illegal_action_ends_the_deal_with_the_penalty() -> None:
    env = EuchreEnv()
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[-1])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal"]) == (ILLEGAL_REWARD, True, True)
    stricter = EuchreEnv(illegal_reward=-9)
    stricter.reset(seed=1)
    assert stricter.step(illegal)[1] == -9.0
    out_of_range = EuchreEnv()
    out_of_range.reset(seed=1)
    assert out_of_range.step(NUM_ACTIONS)[1] == ILLEGAL_REWARD


def test_a_game_episode_with_win_rewards_ends_with_plus_or_minus_one() -> None:
    env = EuchreEnv(episode="game", reward="win", opponents="random")
    _, total = _episode(env, 4)
    assert total in (1.0, -1.0)
    assert env.game.is_over()


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"seat": 4}, ValueError, "seat"),
    ({"opponents": "grandmaster"}, EuchreError, "unknown bot"),
    ({"opponents": ["basic", "basic"]}, ValueError, "3 names"),
    ({"encoder": "raw"}, ValueError, "encoder"),
    ({"episode": "match"}, ValueError, "episode"),
    ({"reward": "win"}, ValueError, "reward"),
    ({"rules": "napoleon", "encoder": "openspiel"}, RulesError, "24-card"),
    ({"render_mode": "human"}, ValueError, "render_mode"),
])
def test_bad_arguments_say_what_is_wrong(kwargs: dict[str, Any], error: type[Exception],
                                         message: str) -> None:
    with pytest.raises(error, match=message):
        EuchreEnv(**kwargs)


def test_ansi_render_shows_the_learners_hand() -> None:
    env = EuchreEnv(render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert text is not None and text.startswith("seat 0") and "hand:" in text


def test_the_training_example_runs_and_reports_its_arena_results() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_masked_pg.py"), "--seconds", "3",
         "--eval-deals", "10"], capture_output=True, text=True, timeout=600, check=True)
    assert "pg against random:" in done.stdout and "pg against basic:" in done.stdout
