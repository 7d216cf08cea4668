"""How often a bot, as the dealer with a jack turned up and round one passed to it, passes.

Usage: ``.venv/bin/python scripts/dealer_jack.py BOT COUNT SEED``. Deals are random
(seeded) deals with a jack turned up; the three other seats bid round one as ``basic``;
each deal where all three pass asks BOT (a new one per deal) whether to accept.
"""
from __future__ import annotations

import json
import random
import sys

from euchre.engine.actions import PASS
from euchre.engine.cards import JACK, card_rank
from euchre.engine.deal import random_deal
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.players.basic import BasicPlayer
from euchre.players.registry import make_player


def main(name: str, count: int, seed: int) -> dict[str, object]:
    """Ask ``count`` dealers; the summary (also printed as one JSON line)."""
    rules = Rules()
    rng = random.Random(seed)
    asked = passed = reached_by_order = 0
    i = 0
    while asked < count:
        i += 1
        deal = random_deal(rules, 0, rng)
        if card_rank(deal.upcard) != JACK:
            continue
        game = Game(rules, deals=[deal], seed=i)
        others = [BasicPlayer(seed=s) for s in range(4)]
        while game.phase is Phase.BID1 and game.to_act != 0:
            game.apply(others[game.to_act].choose(game.view(game.to_act), game.legal_actions()))
        if game.phase is not Phase.BID1:
            reached_by_order += 1
            continue
        bot = make_player(name, seed * 100003 + i)
        asked += 1
        if bot.choose(game.view(0), game.legal_actions()) == PASS:
            passed += 1
    summary: dict[str, object] = {"bot": name, "dealer_jack_decisions": asked,
                                  "passed": passed, "pass_rate": round(passed / asked, 3),
                                  "seed": seed}
    print(json.dumps(summary))
    return summary


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
