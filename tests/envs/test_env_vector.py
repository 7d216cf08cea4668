"""The vector environment (:mod:`euchre.envs.vector`) against the engine.

Every action the environment applies (the learner's, the opponents', and those that
finish a deal after an illegal action) is replayed in an engine game of the same deal,
slot by slot; at every learner decision the observation must be ``encode_compact`` of
the engine's view, the mask the engine's legal ids, and at the end of each episode the
reward ``deal_reward`` of the engine's result and the final observation the engine's
``over`` view. A callable opponent's observations are checked the same way.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import RecordEpisodeStatistics

import euchre.envs  # noqa: F401  # registers Euchre-v0
from euchre.engine.cards import cards_of
from euchre.engine.deal import Deal
from euchre.engine.game import Game
from euchre.envs.action_ids import ACTIONS, NUM_ACTIONS, action_id
from euchre.envs.batch import random_legal_actions
from euchre.envs.common import deal_reward
from euchre.envs.encoders import encode_compact
from euchre.envs.single import ILLEGAL_REWARD
from euchre.envs.vector import EuchreVectorEnv
from euchre.errors import ActionError, RulesError

F32 = npt.NDArray[np.float32]
BOOL = npt.NDArray[np.bool_]
IDX = npt.NDArray[np.intp]


def choose(masks: BOOL, rng: np.random.Generator) -> IDX:
    """Random legal ids, passing more often than uniformly where a pass is legal (so
    that thrown-in deals come often)."""
    actions = random_legal_actions(masks, rng)
    actions[masks[:, 0] & (rng.random(len(actions)) < 0.5)] = 0
    return actions


class RecordingPolicy:
    """A callable opponent: random legal ids (:func:`choose`), keeping what it was
    shown."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.shown: tuple[F32, BOOL] | None = None
        self.calls = 0

    def __call__(self, observations: F32, masks: BOOL) -> IDX:
        assert observations.dtype == np.float32 and masks.dtype == np.bool_
        assert observations.shape == (len(masks), 1126) and masks.shape[1] == NUM_ACTIONS
        self.shown = (observations, masks)
        self.calls += 1
        return choose(masks, self.rng)


class Mirror:
    """Engine games replaying each slot's deal with every action the environment
    applies (its ``_apply``, spied on)."""

    def __init__(self, env: EuchreVectorEnv, monkeypatch: pytest.MonkeyPatch,
                 policy: RecordingPolicy | None = None) -> None:
        self.env = env
        self.games: dict[int, Game] = {}
        self.ends: dict[int, list[tuple[tuple[int, ...], F32]]] = {}
        """Each slot's deals that ended since the last check: the gains and the
        learner's ``over`` view, encoded."""
        self.policy = policy
        self.checked_opponents = 0
        original = env._apply

        def apply(slots: IDX, acts: IDX) -> None:
            state = env.state
            games = [self.game(slot) for slot in slots.tolist()]
            for slot, game in zip(slots.tolist(), games, strict=True):
                assert game.to_act == state.current_player[slot]
            if policy is not None and policy.shown is not None:
                self.check_opponents(slots[~env._abandoned[slots]], games, slots)
            original(slots, acts)
            ended = env.state.terminated
            for slot, game, act in zip(slots.tolist(), games, acts.tolist(), strict=True):
                result = game.apply(ACTIONS[act]).result
                assert (result is not None) == bool(ended[slot]), (slot, game)
                if result is not None:
                    final = encode_compact(game.view(env.seat))
                    self.ends.setdefault(slot, []).append((result.gains, final))
                    del self.games[slot]

        monkeypatch.setattr(env, "_apply", apply)

    def game(self, slot: int) -> Game:
        """The slot's engine game, made from the simulator's deal before its first
        action."""
        if slot not in self.games:
            state = self.env.state
            hands = tuple(tuple(cards_of(int(hand))) for hand in state.hands[slot])
            deal = Deal(int(state.dealer[slot]), hands, int(state.upcard[slot]),
                        tuple(cards_of(int(state.kitty[slot]))))
            self.games[slot] = Game.from_deal(deal, self.env.rules)
        return self.games[slot]

    def check_opponents(self, rows: IDX, games: list[Game], slots: IDX) -> None:
        assert self.policy is not None and self.policy.shown is not None
        observations, masks = self.policy.shown
        self.policy.shown = None
        assert len(observations) == len(rows)
        by_slot = dict(zip(slots.tolist(), games, strict=True))
        for row, slot in enumerate(rows.tolist()):
            game = by_slot[slot]
            assert game.to_act != self.env.seat
            assert np.array_equal(observations[row], encode_compact(game.view(game.to_act)))
            assert np.array_equal(masks[row], engine_mask(game))
            self.checked_opponents += 1

    def check_decisions(self, observations: F32, masks: BOOL) -> None:
        """Every slot at the learner's decision, as the engine has it."""
        seat = self.env.seat
        for slot in range(self.env.num_envs):
            game = self.game(slot)
            assert game.to_act == seat
            view = game.view(seat)
            assert np.array_equal(observations[slot], encode_compact(view)), (
                slot, np.flatnonzero(observations[slot] != encode_compact(view)), view)
            assert np.array_equal(masks[slot], engine_mask(game))


def engine_mask(game: Game) -> BOOL:
    mask = np.zeros(NUM_ACTIONS, dtype=bool)
    mask[[action_id(a) for a in game.legal_actions()]] = True
    return mask


def play_against_engine(monkeypatch: pytest.MonkeyPatch, deals: int, num_envs: int,
                        seed: int, policy: RecordingPolicy | None = None,
                        illegal: float = 0.0, **kwargs: Any) -> dict[str, int]:
    """Play until ``deals`` episodes ended, checking everything against the engine;
    ``illegal``: the share of learner actions made illegal."""
    env = EuchreVectorEnv(num_envs=num_envs, opponents=policy or "random", seed=seed,
                          **kwargs)
    mirror = Mirror(env, monkeypatch, policy)
    observations, info = env.reset()
    assert info["action_mask"] is env.action_masks()
    mirror.ends.clear()  # deals the learner had nothing to decide in
    mirror.check_decisions(observations, info["action_mask"])
    rng = np.random.default_rng(seed)
    seen = {"episodes": 0, "illegal": 0, "skipped": 0, "thrown in": 0}
    while seen["episodes"] < deals:
        actions = choose(env.action_masks(), rng)
        wrong = rng.random(num_envs) < illegal
        actions[wrong] = rng.choice([-1, 8, 200, NUM_ACTIONS], size=int(wrong.sum()))
        before = observations
        observations, rewards, terminations, truncations, info = env.step(actions)
        assert not truncations.any()
        assert (info["_final_obs"] == terminations).all()
        assert (info["illegal"] == wrong).all()
        for slot in range(num_envs):
            ends = mirror.ends.pop(slot, [])
            if wrong[slot]:
                assert terminations[slot] and rewards[slot] == ILLEGAL_REWARD
                assert np.array_equal(info["final_obs"][slot], before[slot])
                seen["illegal"] += 1
            elif ends:
                gains, final = ends[0]
                assert terminations[slot]
                assert rewards[slot] == deal_reward(env.rules, env.seat, gains)
                assert np.array_equal(info["final_obs"][slot], final), (
                    slot, np.flatnonzero(info["final_obs"][slot] != final))
                seen["thrown in"] += not any(gains)
            else:
                assert not terminations[slot] and rewards[slot] == 0
                assert info["final_obs"][slot] is None
            seen["episodes"] += bool(terminations[slot])
            seen["skipped"] += max(0, len(ends) - (not wrong[slot]))
        mirror.check_decisions(observations, info["action_mask"])
    seen["opponents checked"] = mirror.checked_opponents
    return seen


def test_observations_masks_and_rewards_are_the_engines(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen = play_against_engine(monkeypatch, 1000, num_envs=64, seed=1, illegal=0.01)
    assert seen["episodes"] >= 1000 and seen["illegal"] > 5
    assert seen["skipped"] > 0 and seen["thrown in"] > 0


@pytest.mark.parametrize(("seat", "rules"), [(3, "standard"), (1, "tournament")])
def test_a_callable_opponent_sees_its_own_view(monkeypatch: pytest.MonkeyPatch, seat: int,
                                               rules: str) -> None:
    policy = RecordingPolicy(seed=seat)
    seen = play_against_engine(monkeypatch, 150, num_envs=24, seed=seat, policy=policy,
                               illegal=0.01, seat=seat, rules=rules)
    assert seen["episodes"] >= 150
    assert seen["opponents checked"] > 1000 and policy.calls > 100


def run(env: EuchreVectorEnv, seed: int, steps: int) -> list[Any]:
    """Everything the environment returns over ``steps`` steps of random legal ids."""
    rng = np.random.default_rng(seed)
    out: list[Any] = [env.reset(seed=seed)]
    for _ in range(steps):
        out.append(env.step(random_legal_actions(env.action_masks(), rng)))
    return out


def test_same_seed_same_trajectory() -> None:
    env = EuchreVectorEnv(num_envs=8)
    first, again = run(env, 3, 60), run(EuchreVectorEnv(num_envs=8, seed=99), 3, 60)
    assert data_equivalence(first, again, exact=True)
    other = run(env, 4, 60)
    assert not np.array_equal(first[0][0], other[0][0])
    assert not data_equivalence(first, run(EuchreVectorEnv(num_envs=8, opponents=(
        lambda observations, masks: random_legal_actions(masks, np.random.default_rng(1)))),
        3, 60))  # the same deals, other opponents
    # the constructor's seed serves the first reset without one
    a, b = EuchreVectorEnv(num_envs=4, seed=7), EuchreVectorEnv(num_envs=4, seed=7)
    assert np.array_equal(a.reset()[0], b.reset()[0])
    assert np.array_equal(a.reset()[0], b.reset()[0])  # and goes on from there


def test_spaces_and_types() -> None:
    env = EuchreVectorEnv(num_envs=5, seed=0)
    assert env.single_observation_space == gymnasium.spaces.Box(-1, 1, (1126,), np.float32)
    assert env.observation_space.shape == (5, 1126)
    assert env.single_action_space == gymnasium.spaces.Discrete(NUM_ACTIONS)
    assert env.action_space == gymnasium.spaces.MultiDiscrete([NUM_ACTIONS] * 5)
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    observations, info = env.reset()
    assert observations.dtype == np.float32 and env.observation_space.contains(observations)
    rng = np.random.default_rng(0)
    for _ in range(40):
        masks = env.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (5, NUM_ACTIONS)
        step = env.step(random_legal_actions(masks, rng))
        observations, rewards, terminations, truncations, info = step
        assert env.observation_space.contains(observations)
        assert rewards.dtype == np.float32 and rewards.shape == (5,)
        assert terminations.dtype == truncations.dtype == np.bool_
        assert info["action_mask"] is env.action_masks() and info["action_mask"] is not masks
        for final in info["final_obs"][terminations]:
            assert env.single_observation_space.contains(final)
    env.close()
    assert env.closed


def test_an_illegal_action_ends_the_episode_and_deals_again() -> None:
    env = EuchreVectorEnv(num_envs=3, seed=2)
    observations, info = env.reset()
    deals = env.state.deals.copy()
    actions = random_legal_actions(info["action_mask"], np.random.default_rng(0))
    actions[1] = 106  # a discard: never legal when the learner bids
    _, rewards, terminations, _, info = env.step(actions)
    assert rewards[1] == ILLEGAL_REWARD and terminations[1] and info["illegal"].tolist() == [
        False, True, False]
    assert np.array_equal(info["final_obs"][1], observations[1])
    assert info["final_info"]["illegal"][1] and info["final_info"]["_illegal"][1]
    assert env.state.deals[1] > deals[1] and env.state.current_player[1] == env.seat
    assert not env.action_masks()[1, 106]
    with pytest.raises(ValueError, match="3 whole action ids"):
        env.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match="3 whole action ids"):
        env.step(np.zeros(3))


def test_autoreset_is_same_step() -> None:
    env = EuchreVectorEnv(num_envs=16, seed=4)
    env.reset()
    rng = np.random.default_rng(1)
    over = 1007 + 12  # the "over" place of the phase field
    ended = 0
    for _ in range(30):
        observations, rewards, terminations, _, info = env.step(
            random_legal_actions(env.action_masks(), rng))
        assert (rewards[~terminations] == 0).all()
        for slot in np.flatnonzero(terminations).tolist():
            ended += 1
            final = info["final_obs"][slot]
            assert final[over] == 1 and observations[slot][over] == 0
            # the next deal, at the learner's first decision: five cards, no trick taken
            assert observations[slot][:53].sum() == 5 and not observations[slot][1105:1112].any()
            assert info["action_mask"][slot].any()
    assert ended > 20
    # Gymnasium's episode statistics take the mode from the metadata
    inner = EuchreVectorEnv(num_envs=4, seed=0)
    stats = RecordEpisodeStatistics(inner)
    stats.reset()
    for _ in range(20):
        stats.step(random_legal_actions(inner.action_masks(), rng))
    assert len(stats.return_queue) > 0


def test_make_vec_builds_it() -> None:
    env = gymnasium.make_vec("Euchre-v0", num_envs=8, vectorization_mode="vector_entry_point",
                             seat=2, stick_the_dealer=True)
    assert isinstance(env.unwrapped, EuchreVectorEnv)
    assert env.num_envs == 8 and env.unwrapped.seat == 2 and env.unwrapped.rules.stick_the_dealer
    observations, _ = env.reset(seed=0)
    assert observations.shape == (8, 1126)
    sync = gymnasium.make_vec("Euchre-v0", num_envs=2, vectorization_mode="sync",
                              opponents="random")
    assert isinstance(sync, gymnasium.vector.SyncVectorEnv)


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"rules": "canadian"}, RulesError, "does not support"),
    ({"deck": 32}, RulesError, "deck=32"),
    ({"seat": 4}, ValueError, "seat"),
    ({"opponents": "basic"}, ValueError, "opponents"),
    ({"num_envs": 0}, ValueError, "at least 1"),
    ({"encoder": "openspiel"}, ValueError, "compact"),
])
def test_refuses_what_it_does_not_play(kwargs: dict[str, Any], error: type[Exception],
                                       match: str) -> None:
    with pytest.raises(error, match=match):
        EuchreVectorEnv(**kwargs)


def test_an_illegal_opponent_id_is_an_error() -> None:
    def stubborn(observations: F32, masks: BOOL) -> IDX:
        return np.full(len(masks), 106, dtype=np.intp)

    env = EuchreVectorEnv(num_envs=4, opponents=stubborn, seat=0, seed=0)
    with pytest.raises(ActionError, match="chose id 106"):
        env.reset()
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(np.zeros(4, dtype=np.int64))
    with pytest.raises(gymnasium.error.ResetNeeded):
        EuchreVectorEnv(num_envs=2).step(np.zeros(2, dtype=np.int64))


def test_an_example_run() -> None:
    env = EuchreVectorEnv(num_envs=128, seed=0)
    _, info = env.reset()
    rng = np.random.default_rng(0)
    totals = np.zeros(128)
    episodes = 0
    for _ in range(300):
        _, rewards, terminations, _, info = env.step(
            random_legal_actions(info["action_mask"], rng))
        totals += rewards
        episodes += int(terminations.sum())
        assert set(np.abs(rewards[terminations]).tolist()) <= {0.0, 1.0, 2.0, 4.0}
    assert episodes > 128 * 300 / 12
    assert 0 < np.abs(totals).max() < 300 * 4
    env.close()
