#!/usr/bin/env python3
"""Train a masked policy-gradient agent on ``Euchre-v0`` for a few minutes on the CPU,
then measure it in the arena against ``random`` and ``basic``.

The policy is linear in the compact observation (numpy only): a softmax over the legal
action ids (illegal ones masked to minus infinity), trained by REINFORCE with a running
baseline, one deal an episode, its partner and opponents played by ``random`` bots (a
learner starting from nothing learns fastest against them). Then it joins the bots'
registry under the name ``pg`` and plays duplicate arena matches, as any bot does::

    .venv/bin/python examples/train_masked_pg.py --seconds 180 --eval-deals 1000

prints the training's progress and, at the end, the mean points per deal against each
opponent with its 95% confidence interval (``docs/rl.md`` has a run's figures).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import gymnasium
import numpy as np
from numpy.typing import NDArray

import euchre.envs  # noqa: F401  # registers Euchre-v0
from euchre.analysis.arena import run_match
from euchre.engine.actions import Action
from euchre.engine.deal import DealResult
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.envs.action_ids import NUM_ACTIONS, action_id, action_of
from euchre.envs.encoders import COMPACT_SIZE, encode_compact
from euchre.players.registry import BOTS


class LinearPolicy:
    """A softmax over the legal ids of ``weights @ observation``."""

    def __init__(self, seed: int) -> None:
        self.weights = np.zeros((NUM_ACTIONS, COMPACT_SIZE))
        self.rng = np.random.default_rng(seed)

    def probabilities(self, observation: NDArray[np.float32],
                      mask: NDArray[np.int8]) -> NDArray[np.float64]:
        legal = np.flatnonzero(mask)
        logits = self.weights[legal] @ observation
        exp = np.exp(logits - logits.max())
        out = np.zeros(NUM_ACTIONS)
        out[legal] = exp / exp.sum()
        return out

    def sample(self, observation: NDArray[np.float32], mask: NDArray[np.int8]) -> int:
        legal = np.flatnonzero(mask)
        chances = self.probabilities(observation, mask)[legal]
        return int(legal[self.rng.choice(len(legal), p=chances / chances.sum())])

    def greedy(self, observation: NDArray[np.float32], mask: NDArray[np.int8]) -> int:
        return int(np.argmax(np.where(mask > 0, self.probabilities(observation, mask), -1)))


class PolicyPlayer:
    """The trained policy as a bot of the arena (greedy: its most likely action)."""

    def __init__(self, policy: LinearPolicy) -> None:
        self.policy = policy

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[[action_id(a) for a in legal]] = 1
        return action_of(self.policy.greedy(encode_compact(view), mask))

    def deal_over(self, view: PlayerView, result: DealResult) -> None:
        """Nothing to remember between deals."""

    def game_over(self, view: PlayerView) -> None:
        """Nor between games."""


def train(policy: LinearPolicy, seconds: float, seed: int, rate: float = 0.002) -> int:
    """REINFORCE for ``seconds``; returns the episodes (deals) played."""
    env = gymnasium.make("Euchre-v0", seat=0, opponents="random")
    baseline = 0.0
    episodes = 0
    returns: list[float] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        observation, info = env.reset(seed=seed + episodes)
        steps: list[tuple[NDArray[np.float32], NDArray[np.int8], int]] = []
        total = 0.0
        done = False
        while not done:
            mask = info["action_mask"]
            action = policy.sample(observation, mask)
            steps.append((observation, mask, action))
            observation, reward, done, _, info = env.step(action)
            total += float(reward)
        advantage = total - baseline
        baseline += 0.01 * (total - baseline)
        for seen, mask, action in steps:  # the gradient of log softmax, legal ids only
            probabilities = policy.probabilities(seen, mask)
            grad = -probabilities
            grad[action] += 1.0
            legal = np.flatnonzero(mask)
            policy.weights[legal] += rate * advantage * np.outer(grad[legal], seen)
        episodes += 1
        returns.append(total)
        if episodes % 2000 == 0:
            print(f"{episodes} deals, mean points of the last 2000: "
                  f"{np.mean(returns[-2000:]):+.3f}", flush=True)
    return episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=180.0, help="training time")
    parser.add_argument("--eval-deals", type=int, default=1000,
                        help="duplicate deal pairs against each opponent")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.seconds <= 0 or args.eval_deals < 1:
        parser.error("--seconds must be above 0 and --eval-deals at least 1")
    policy = LinearPolicy(args.seed)
    episodes = train(policy, args.seconds, args.seed)
    print(f"trained on {episodes} deals in {args.seconds:g} s")
    BOTS["pg"] = lambda seed: PolicyPlayer(policy)
    try:
        for opponent in ("random", "basic"):
            result = run_match(["pg", opponent], Rules(), deals=args.eval_deals,
                               duplicate=True, seed=args.seed + 1)
            net = result.net
            interval = ("" if net.low is None or net.high is None
                        else f" [{net.low:+.3f}, {net.high:+.3f}]")
            print(f"pg against {opponent}: {net.mean:+.3f} points a deal{interval}, "
                  f"{result.plays} deals (duplicate)")
    finally:
        del BOTS["pg"]


if __name__ == "__main__":
    main()
