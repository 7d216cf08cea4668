"""Euchre: an exact rules engine, game records, and the tools built on them.

>>> import euchre
>>> game = euchre.Game(euchre.Rules.preset("two-handed"), seed=1)
>>> game.legal_actions()
[Pass(), Order()]
"""

from euchre.engine.actions import Action, Call, Discard, GoAlone, Order, Pass, Play, parse_action
from euchre.engine.cards import Card, CardSet, card_name, parse_card, parse_suit
from euchre.engine.deal import Deal, DealResult
from euchre.engine.game import NOTHING, Game, Outcome, Phase
from euchre.engine.rules import PRESETS, Rules
from euchre.engine.seating import Seating
from euchre.engine.view import PlayerView
from euchre.errors import (
    ActionError,
    CardError,
    EuchreError,
    IllegalActionError,
    Reason,
    RecordError,
    RulesError,
)

__all__ = [
    "NOTHING",
    "PRESETS",
    "Action",
    "ActionError",
    "Call",
    "Card",
    "CardError",
    "CardSet",
    "Deal",
    "DealResult",
    "Discard",
    "EuchreError",
    "Game",
    "GoAlone",
    "IllegalActionError",
    "Order",
    "Outcome",
    "Pass",
    "Phase",
    "Play",
    "PlayerView",
    "Reason",
    "RecordError",
    "Rules",
    "RulesError",
    "Seating",
    "card_name",
    "parse_action",
    "parse_card",
    "parse_suit",
]

__version__ = "0.1.0"
