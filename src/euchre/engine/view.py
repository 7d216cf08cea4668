"""Views: what one seat may know, and nothing more.

Every player (bot, person, network client, learning agent) sees the game only through
a :class:`PlayerView`: its own hand, the card turned up, every call, the cards played,
scores, the dealer's discard for the dealer alone, the cards a rule made someone show,
and what the seat itself laid away, passed or received face down.

>>> from euchre.engine.game import Game
>>> game = Game(seed=3)
>>> view = game.view(game.to_act)
>>> len(view.hand), view.discard is None, view.phase
(5, True, 'bid1')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from euchre.engine.actions import BID, Action
from euchre.engine.cards import SUIT_CHARS, Card, CardSet, card_name
from euchre.engine.rules import Rules

if TYPE_CHECKING:
    from euchre.engine.game import Game

__all__ = ["PlayerView", "view_of"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's knowledge of the game at one moment."""

    seat: int
    rules: Rules
    phase: str
    """A :class:`~euchre.engine.game.Phase` value: ``bid1``, ``exchange``, ``bid2``, ``alone``,
    ``play``, ``over``, and in further forms ``benny``, ``declare``, ``best``, ``give``,
    ``discard``, ``bid``, ``trump``."""
    to_act: int
    dealer: int
    deal_number: int
    score: tuple[int, ...]
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
    tricks_won: tuple[int, ...]
    shown: tuple[tuple[int, Card], ...] = ()
    """Cards a rule made a player show this deal, as ``(seat, card)``: public."""
    laid_away: tuple[Card, ...] = ()
    """Cards this seat laid away face down this deal (a lone player's discard, the
    maker's after taking the widow), besides the dealer's :attr:`discard`."""
    given: tuple[tuple[int, int, Card], ...] = ()
    """Cards passed face down that this seat gave or received, as ``(giver, receiver,
    card)``."""
    bid: int | None = None
    """The highest bid so far (Hasenpfeffer, Napoleon), a :class:`~euchre.engine.actions.Bid`
    value."""
    tokens: tuple[int, ...] = ()
    """Four-trick tokens each side holds (``four_trick_tokens``)."""

    @property
    def team(self) -> int:
        """This seat's team (0: seats 0 and 2; 1: seats 1 and 3; :attr:`Rules.seating
        <euchre.engine.rules.Rules.seating>`)."""
        return self.rules.seating.team_of[self.seat]

    @property
    def played(self) -> CardSet:
        """Every card played in this deal so far."""
        return CardSet.from_cards(
            c for trick in (*self.tricks, self.trick) for _, c in trick
        )

    def known_cards(self) -> CardSet:
        """Every card this view mentions (hand, upcard, discard, cards played, shown,
        laid away, passed)."""
        extra = [self.upcard] + ([] if self.discard is None else [self.discard])
        extra += [c for _, c in self.shown] + list(self.laid_away)
        extra += [c for _, _, c in self.given]
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
            "upcard": None if self.upcard < 0 else card_name(self.upcard),
            "calls": [[seat, str(action)] for seat, action in self.calls],
            "trump": None if self.trump is None else (SUIT_CHARS + "n")[self.trump],
            "maker": self.maker,
            "alone": list(self.alone),
            "sitting_out": list(self.sitting_out),
            "discard": None if self.discard is None else card_name(self.discard),
            "tricks": [[[s, card_name(c)] for s, c in t] for t in self.tricks],
            "trick": [[s, card_name(c)] for s, c in self.trick],
            "tricks_won": list(self.tricks_won),
            **self._further_dict(),
        }

    def _further_dict(self) -> dict[str, object]:
        """The fields only further forms and house rules fill, when they are filled."""
        out: dict[str, object] = {}
        if self.shown:
            out["shown"] = [[s, card_name(c)] for s, c in self.shown]
        if self.laid_away:
            out["laid_away"] = [card_name(c) for c in self.laid_away]
        if self.given:
            out["given"] = [[g, r, card_name(c)] for g, r, c in self.given]
        if self.bid is not None:
            out["bid"] = str(BID[self.bid])[4:]
        if any(self.tokens):
            out["tokens"] = list(self.tokens)
        return out


def view_of(game: Game, seat: int) -> PlayerView:
    """Build ``seat``'s view of ``game`` (use :meth:`Game.view`)."""
    if not 0 <= seat < game.rules.players:
        raise ValueError(f"seat must be from 0 to {game.rules.players - 1}, not {seat}")
    # the dealer names trump for a Benny upcard before looking at the hand (§13)
    blind = game.phase.value == "benny" and seat == game.dealer
    return PlayerView(
        seat=seat,
        rules=game.rules,
        phase=game.phase.value,
        to_act=game.to_act,
        dealer=game.dealer,
        deal_number=game.deal_number,
        score=game.score,
        hand=CardSet(0 if blind else game.hand_mask(seat)),
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
        shown=game.shown,
        laid_away=tuple(c for s, c in game.laid_away if s == seat),
        given=tuple(g for g in game.given if seat in g[:2]),
        bid=game.bid,
        tokens=game.tokens,
    )
