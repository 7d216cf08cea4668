"""Views: what one seat may know, and nothing more.

Every player (bot, person, network client, learning agent) sees the game only through
a :class:`PlayerView`: its own hand, the card turned up, every call, the cards played,
scores, and the dealer's discard for the dealer alone.

>>> from euchre.game import Game
>>> game = Game(seed=3)
>>> view = game.view(game.to_act)
>>> len(view.hand), view.discard is None, view.phase
(5, True, 'bid1')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from euchre.actions import Action
from euchre.cards import SUIT_CHARS, Card, CardSet, card_name
from euchre.rules import Rules

if TYPE_CHECKING:
    from euchre.game import Game

__all__ = ["PlayerView", "view_of"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's knowledge of the game at one moment."""

    seat: int
    rules: Rules
    phase: str
    """``bid1``, ``exchange``, ``bid2``, ``alone``, ``play``, or ``over``."""
    to_act: int
    dealer: int
    deal_number: int
    score: tuple[int, int]
    hand: CardSet
    upcard: Card
    """The card turned up this deal: everyone saw it (in ``bid1`` it is still face up)."""
    calls: tuple[tuple[int, Action], ...]
    """Bids and going-alone decisions of this deal, as ``(seat, action)``."""
    trump: int | None
    maker: int | None
    alone: tuple[int, ...]
    sitting_out: tuple[int, ...]
    discard: Card | None
    """The dealer's discard: shown to the dealer only."""
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    trick: tuple[tuple[int, Card], ...]
    """The trick in progress, as ``(seat, card)``."""
    tricks_won: tuple[int, int]

    @property
    def team(self) -> int:
        """This seat's team (0: seats 0 and 2; 1: seats 1 and 3; :attr:`Rules.seating
        <euchre.rules.Rules.seating>`)."""
        return self.rules.seating.team_of[self.seat]

    @property
    def played(self) -> CardSet:
        """Every card played in this deal so far."""
        return CardSet.from_cards(
            c for trick in (*self.tricks, self.trick) for _, c in trick
        )

    def known_cards(self) -> CardSet:
        """Every card this view mentions (hand, upcard, discard, cards played)."""
        extra = [self.upcard] + ([] if self.discard is None else [self.discard])
        return self.hand | self.played | CardSet.from_cards(c for c in extra if c >= 0)

    def to_dict(self) -> dict[str, object]:
        """The view as JSON-ready data, the shape the external-bot protocol sends."""
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "deal": self.deal_number,
            "score": list(self.score),
            "target": self.rules.target,
            "rules": self.rules.to_dict(),
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": [card_name(c) for c in self.hand],
            "upcard": card_name(self.upcard),
            "calls": [[seat, str(action)] for seat, action in self.calls],
            "trump": None if self.trump is None else SUIT_CHARS[self.trump],
            "maker": self.maker,
            "alone": list(self.alone),
            "sitting_out": list(self.sitting_out),
            "discard": None if self.discard is None else card_name(self.discard),
            "tricks": [[[s, card_name(c)] for s, c in t] for t in self.tricks],
            "trick": [[s, card_name(c)] for s, c in self.trick],
            "tricks_won": list(self.tricks_won),
        }


def view_of(game: Game, seat: int) -> PlayerView:
    """Build ``seat``'s view of ``game`` (use :meth:`Game.view`)."""
    if not 0 <= seat < game.rules.players:
        raise ValueError(f"seat must be from 0 to {game.rules.players - 1}, not {seat}")
    return PlayerView(
        seat=seat,
        rules=game.rules,
        phase=game.phase.value,
        to_act=game.to_act,
        dealer=game.dealer,
        deal_number=game.deal_number,
        score=game.score,
        hand=CardSet(game.hand_mask(seat)),
        upcard=game.upcard,
        calls=game.calls,
        trump=game.trump,
        maker=game.maker,
        alone=game.alone,
        sitting_out=game.sitting_out,
        discard=game.discard if seat == game.dealer else None,
        tricks=game.tricks,
        trick=game.current_trick,
        tricks_won=game.tricks_won,
    )
