"""Every bot's every decision is legal, under every rules option.

Each bot's own decision (``decide``, before any fallback to a legal action) is checked
over many seeded deals under random valid rules: two and four players, every deck,
deal pattern, pick-up and stick-the-dealer rule, going-alone option and loner lead.
The search bots run with small sample budgets so that the suite stays fast; their
budgets change how well they play, not which actions they may pick.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from euchre.engine.actions import Action
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.players import BasePlayer, RandomPlayer
from euchre.players.basic import BasicPlayer
from euchre.players.expert import ExpertPlayer
from euchre.players.pimc import PimcPlayer


def random_rules(rng: random.Random) -> Rules:
    """Valid rules with every option drawn at random."""
    players = rng.choice([2, 4])
    going_alone = players == 4 and rng.random() < 0.8
    deals = rng.random() < 0.5
    four = players == 4  # two-handed Euchre takes no going-alone option (§21)
    return Rules(
        players=players,
        deck=rng.choice([24, 32, 25]),
        deal_pattern=rng.choice(["3-2", "1"]),
        dealer_must_take_upcard=rng.random() < 0.5,
        stick_the_dealer=rng.random() < 0.5,
        going_alone=going_alone,
        lone_defender=going_alone and rng.random() < 0.5,
        maker_partner_alone=going_alone and rng.random() < 0.5,
        loner_lead=rng.choice(["left_of_loner", "left_of_dealer"]) if four else "left_of_loner",
        loner_march_points=rng.choice([3, 4, 5]) if four else 4,
        loner_euchred_points=rng.choice([2, 3]) if four else 2,
        lone_defender_scoring=rng.choice(["by_tricks", "flat_4"]) if four else "by_tricks",
        target=0 if deals else rng.choice([1, 5, 10]),
        deals=rng.choice([1, 2]) if deals else 0,
    )


class Checked(BasePlayer):
    """Asks the bot's own decision and fails the test if it is not legal."""

    def __init__(self, bot: BasePlayer) -> None:
        self.bot = bot
        self.decisions = 0

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        decide = getattr(self.bot, "decide", None)
        action = decide(view, legal) if callable(decide) and len(legal) > 1 else (
            self.bot.choose(view, legal)
        )
        assert action in legal, (type(self.bot).__name__, view.phase, action, legal)
        self.decisions += 1
        return action


BOTS: dict[str, tuple[Callable[[int], BasePlayer], int]] = {
    "random": (lambda seed: RandomPlayer(seed), 2000),
    "basic": (lambda seed: BasicPlayer(seed), 2000),
    "pimc": (lambda seed: PimcPlayer(seed, samples=2), 500),
    "expert": (lambda seed: ExpertPlayer(seed, samples=2, bid_samples=2), 300),
}


@pytest.mark.parametrize("name", list(BOTS))
def test_every_decision_of_every_bot_is_legal_under_random_rules(name: str) -> None:
    make, games = BOTS[name]
    rng = random.Random(f"legal-{name}")
    decisions = 0
    kinds: set[str] = set()
    for number in range(games):
        rules = random_rules(rng)
        game = Game(rules, seed=number)
        seats = [Checked(make(number * 10 + s)) for s in range(rules.players)]
        # a long game is cut short: what is checked is each decision, not the end
        for _ in range(400):
            if game.is_over():
                break
            seat = game.to_act
            kinds.add(game.phase.value)
            game.apply(seats[seat].choose(game.view(seat), game.legal_actions()))
        decisions += sum(s.decisions for s in seats)
    assert {"bid1", "bid2", "exchange", "play"} <= kinds
    assert decisions > games * 10
