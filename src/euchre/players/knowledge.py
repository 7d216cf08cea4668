"""What a bot knows of a deal from its seat, read off its view in one place.

A seat sees its own hand, the upcard, every call, the cards played and (the dealer only)
its own discard (:class:`~euchre.view.PlayerView`). From these every bot draws the same
facts, written here once:

* **the cards seen**: each seat's cards played (:func:`played_by`), the cards known out
  of play (:func:`dead_cards`: a turned-down upcard, the dealer's own discard), and so
  the cards this seat cannot place (:func:`unseen_cards`);
* **the voids shown**: a seat that did not follow the effective led suit holds none of
  it (:func:`shown_voids`; :func:`read_tricks` gives both the cards played and the
  voids in one pass, for the bots' hot paths);
* **who may hold what**: per seat, the cards it is known to hold, how many unknown cards
  it holds and which it may hold (:func:`constraints`; an accepted upcard stays with the
  dealer until it is played or the dealer shows out of its suit);
* the bots' shared rules of thumb on the upcard: **the dealer's discard**
  (:func:`dealer_discard`) and **the upcard's worth** to the hand that picks it up
  (:func:`upcard_points`).

Who plays with whom, who sits out and who leads are the rules' to say
(:attr:`euchre.rules.Rules.seating`), not this module's.

>>> from euchre.game import Game
>>> game = Game(seed=2)
>>> view = game.view(game.to_act)
>>> shown_voids(view), upcard_accepted(view)
([0, 0, 0, 0], False)
>>> cons = constraints(view)
>>> cons.fixed[view.seat] == view.hand.mask, sorted(cons.need), cons.spare
(True, [0, 5, 5, 5], 3)
>>> from euchre.cards import SPADES, card_name, parse_card, parse_cards
>>> hand = sum(1 << c for c in parse_cards("Js Ah Kh Qd 9c"))
>>> card_name(dealer_discard(hand, parse_card("Ts"), SPADES, must_take=True))
'9c'
>>> upcard_points(parse_card("Ts"), SPADES, deck_mask(24))  # five trumps above it
1.3
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from euchre.actions import Discard, Order
from euchre.cards import (
    ACE,
    EFFECTIVE_SUIT,
    POWER,
    SUIT_MASKS,
    Card,
    card_rank,
    cards_of,
    deck_mask,
)
from euchre.view import PlayerView

__all__ = [
    "TRUMP_POINTS",
    "Constraints",
    "constraints",
    "dead_cards",
    "dealer_discard",
    "discard_candidates",
    "played_by",
    "read_tricks",
    "shown_voids",
    "trump_points",
    "unseen_cards",
    "upcard_accepted",
    "upcard_points",
]

TRUMP_POINTS: Final = (3.0, 2.4, 1.9, 1.5, 1.2, 1.0, 0.8)
"""Points of a trump by how many live trumps outrank it and are not in the hand (0: it
is the highest live trump, a sure trick)."""


def trump_points(above: int) -> float:
    """The :data:`TRUMP_POINTS` of a trump that ``above`` live trumps outrank (the last
    entry for every count past the table).

    >>> trump_points(0), trump_points(9)
    (3.0, 0.8)
    """
    return TRUMP_POINTS[min(above, len(TRUMP_POINTS) - 1)]


def upcard_accepted(view: PlayerView) -> bool:
    """Whether the upcard's suit was accepted in round one this deal."""
    return any(isinstance(a, Order) for _, a in view.calls)


def dead_cards(view: PlayerView) -> int:
    """The cards this seat knows are out of play, as a mask: the upcard when it was not
    accepted (read once the bidding is over: in round one it is still face up), and the
    dealer's own discard (the dealer's view only)."""
    dead = 0
    if not upcard_accepted(view):
        dead |= 1 << view.upcard
    if view.discard is not None and view.discard >= 0:
        dead |= 1 << view.discard
    return dead


def unseen_cards(view: PlayerView, played: int | None = None) -> int:
    """The cards of the deck this seat has not seen: not its own, not played and not
    known out of play (:func:`dead_cards`). An accepted upcard is among them unless this
    seat holds or played it. ``played`` is every card played, when the caller has it
    at hand (``view.played`` otherwise)."""
    if played is None:
        played = view.played.mask
    return deck_mask(view.rules.deck) & ~view.hand.mask & ~played & ~dead_cards(view)


def read_tricks(view: PlayerView) -> tuple[list[int], list[int]]:
    """Per seat, the cards it has played this deal (a mask) and the effective suits it
    has shown out of (a bit ``1 << suit`` each: it did not follow the suit led; all 0
    before trump is fixed), read in one pass over the tricks."""
    n = view.rules.players
    played = [0] * n
    voids = [0] * n
    trump = view.trump
    if trump is None:
        for trick in (*view.tricks, view.trick):
            for seat, c in trick:
                played[seat] |= 1 << c
        return played, voids
    eff = EFFECTIVE_SUIT[trump]
    for trick in (*view.tricks, view.trick):
        if not trick:
            continue
        led = eff[trick[0][1]]
        for seat, c in trick:
            played[seat] |= 1 << c
            if eff[c] != led:
                voids[seat] |= 1 << led
    return played, voids


def played_by(view: PlayerView) -> list[int]:
    """The cards each seat has played this deal, as masks."""
    return read_tricks(view)[0]


def shown_voids(view: PlayerView) -> list[int]:
    """Per seat, a bit per effective suit (``1 << suit``) it has shown out of: it did not
    follow that suit when it was led. All 0 before trump is fixed."""
    return read_tricks(view)[1]


@dataclass(frozen=True, slots=True)
class Constraints:
    """What a seat knows of the hidden cards, as masks."""

    players: int
    fixed: tuple[int, ...]
    """Per seat, the cards it is known to hold (its own hand; the dealer's upcard)."""
    need: tuple[int, ...]
    """Per seat, how many unknown cards it holds besides ``fixed``."""
    allowed: tuple[int, ...]
    """Per seat, the mask of unknown cards it may hold (voids excluded)."""
    pool: int
    """Every card whose place is unknown (in some hand, the kitty or a sat-out hand)."""

    @property
    def spare(self) -> int:
        """Unknown cards that are in no active hand (kitty, sitting-out hands)."""
        return self.pool.bit_count() - sum(self.need)


def constraints(view: PlayerView) -> Constraints:
    """The hard constraints of ``view`` on the other hands.

    * the seat's own cards, the cards played, the dealer's discard (the dealer's view
      only) and the upcard are in no other hand (the upcard is either out of play or,
      accepted, known to be the dealer's);
    * a seat that has shown a void (:func:`shown_voids`) holds none of that suit;
    * once the upcard is accepted in round one the dealer holds it until it is played,
      unless the dealer has since shown a void in its suit (then it was the discard;
      the dealer may decline the card when ``dealer_must_take_upcard`` is false);
    * in the play each active seat holds 5 cards less those it has played; seats
      sitting out hold none (their cards are with the kitty, out of play).

    In the bidding every other seat holds five unknown cards (the dealer's exchange has
    not happened, or the dealer holds the upcard and four unknown cards after it).
    """
    rules = view.rules
    n = rules.players
    me = view.seat
    hand = view.hand.mask
    up = view.upcard
    played, voids = read_tricks(view)
    everything = 0
    for mask in played:
        everything |= mask
    pool = unseen_cards(view, everything) & ~(1 << up)
    fixed = [0] * n
    fixed[me] = hand
    need = [0] * n
    allowed = [pool] * n
    allowed[me] = 0
    out = set(view.sitting_out)
    in_play = view.phase == "play"
    trump = view.trump
    if not (in_play and trump is not None):
        played = voids = [0] * n  # outside the play nothing is counted
    for seat in range(n):
        if seat == me:
            continue
        if in_play and seat in out:
            allowed[seat] = 0
            continue
        need[seat] = 5 - played[seat].bit_count()
        if voids[seat] and trump is not None:
            for suit in range(4):
                if voids[seat] >> suit & 1:
                    allowed[seat] &= ~SUIT_MASKS[trump][suit]
    dealer = view.dealer
    if upcard_accepted(view) and dealer != me and not everything >> up & 1:
        shown_void = trump is not None and bool(voids[dealer] >> EFFECTIVE_SUIT[trump][up] & 1)
        if not shown_void and not (in_play and dealer in out):
            fixed[dealer] |= 1 << up
            need[dealer] -= 1
    return Constraints(n, tuple(fixed), tuple(need), tuple(allowed), pool)


def dealer_discard(hand: int, up: Card, trump: int, must_take: bool) -> Card:
    """The dealer's discard from ``hand`` plus the upcard ``up`` by the bots' simple
    rule (``must_take``: the upcard itself may not be laid away).

    Never a trump unless every candidate is trump (then the lowest); otherwise the
    lowest singleton that is not an ace (making a void), else the lowest card that is not
    an ace; an ace only when nothing else is left.

    >>> from euchre.cards import CardSet, HEARTS, card_name, parse_card
    >>> card_name(dealer_discard(CardSet.parse("Jh Ah Kh Ac 9s").mask, parse_card("Qh"),
    ...                          HEARTS, False))
    '9s'
    """
    eff = EFFECTIVE_SUIT[trump]
    pw = POWER[trump]
    masks = SUIT_MASKS[trump]
    full = hand | 1 << up
    options = cards_of(full & ~(1 << up)) if must_take else cards_of(full)
    off = [c for c in options if eff[c] != trump]
    if not off:
        return min(options, key=lambda c: (pw[c], c))

    def key(c: Card) -> tuple[int, int, int, Card]:
        singleton = (full & masks[eff[c]]).bit_count() == 1
        return (1 if card_rank(c) == ACE else 0, 0 if singleton else 1, pw[c], c)

    return min(off, key=key)


def upcard_points(up: Card, trump: int, deck: int) -> float:
    """The trump points the upcard is worth to the hand that picks it up: its
    :data:`TRUMP_POINTS` among all the deck's trumps, and 0.3 for the exchange itself.

    >>> from euchre.cards import parse_card, HEARTS
    >>> upcard_points(parse_card("Jh"), HEARTS, deck_mask(24))
    3.3
    """
    pw = POWER[trump]
    above = sum(1 for o in cards_of(deck & SUIT_MASKS[trump][trump]) if pw[o] > pw[up])
    return trump_points(above) + 0.3  # and the exchange itself: a void, a loser gone


def discard_candidates(options: list[Discard], trump: int) -> list[Discard]:
    """The dealer's discards worth searching: the lowest card of each off suit (a trump
    only when every option is trump, then the lowest).

    >>> from euchre.actions import DISCARD
    >>> from euchre.cards import HEARTS, card_name, parse_card
    >>> options = [DISCARD[parse_card(c)] for c in ("9s", "Ks", "Tc", "Ah")]
    >>> [card_name(a.card) for a in discard_candidates(options, HEARTS)]
    ['9s', 'Tc']
    """
    eff = EFFECTIVE_SUIT[trump]
    pw = POWER[trump]
    lowest: dict[int, Discard] = {}
    for action in options:
        suit = eff[action.card]
        if suit == trump:
            continue
        held = lowest.get(suit)
        if held is None or pw[action.card] < pw[held.card]:
            lowest[suit] = action
    if lowest:
        return list(lowest.values())
    return [min(options, key=lambda a: pw[a.card])] if options else []
