"""``cfr``: ``expert`` with the bidding learned by counterfactual regret.

:class:`CfrPlayer` makes the decisions before the play (both rounds of the bidding,
the dealer's discard and going alone) from the learned table of the rules
(:mod:`euchre.players.bidding_tables`, ``docs/training.md``): the action the average
strategy likes best, a tie going to the safer action (passing, staying, the first
discard in the table's order). Where there is no table for the rules, or the training
never reached the decision, it decides as :class:`~euchre.players.expert.ExpertPlayer`;
it always plays the cards as ``expert`` does.

>>> from euchre.engine.game import Game
>>> from euchre.engine.rules import Rules
>>> game = Game(Rules.preset("two-handed"), seed=1)       # no table: expert's bid
>>> bot = CfrPlayer(seed=1, bid_samples=8, time_limit=None)
>>> bot.choose(game.view(game.to_act), game.legal_actions()) in game.legal_actions()
True
>>> bot.table_decisions, bot.fallback_decisions
(0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from euchre.engine.actions import PASS, STAY, Action
from euchre.engine.view import PlayerView
from euchre.players.bidding_tables import policy
from euchre.players.expert import ExpertPlayer

__all__ = ["CfrPlayer"]

_LEARNED = frozenset({"bid1", "exchange", "bid2", "alone"})
_SAFER = (PASS, STAY)


class CfrPlayer(ExpertPlayer):
    """``expert`` whose bidding, discard and going alone come from a learned table.

    Takes ``expert``'s options; ``table_decisions`` and ``fallback_decisions`` count the
    decisions before the play made from the table and by ``expert``."""

    def __init__(self, seed: int | None = None, **options: object) -> None:
        super().__init__(seed=seed, **options)  # type: ignore[arg-type]
        self.table_decisions = 0
        self.fallback_decisions = 0

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The table's choice before the play where it has one, else ``expert``'s."""
        if view.phase in _LEARNED:
            learned = policy(view, legal)
            if learned:
                self.table_decisions += 1
                return max(legal, key=lambda a: (round(learned.get(a, -1.0), 9),
                                                 a in _SAFER))
            self.fallback_decisions += 1
        return super().decide(view, legal)
