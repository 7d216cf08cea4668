"""Shared sampling and evaluation code of the search bots (``pimc`` and ``expert``).

A seat does not see the other hands. The search bots *sample* deals consistent with
what the seat has seen (:func:`constraints` then :func:`sample_hands`) and solve each
one double-dummy with :mod:`euchre.solver`. The hard constraints:

* the seat's own cards, the cards played, the dealer's discard (the dealer's view only)
  and a turned-down upcard are in no other hand;
* a seat that did not follow the effective led suit holds none of it (a *void*);
* once the upcard is accepted in round one the dealer holds it until it is played,
  unless the dealer has since shown a void in its suit (then it was the discard; the
  dealer may decline the card when ``dealer_must_take_upcard`` is false);
* in the play each active seat holds 5 cards less those it has played; seats sitting
  out hold none (their cards are with the kitty, out of play).

Sampling is uniform when there are no voids (cards dealt one by one, each to a slot
chosen in proportion to the room left in it) and close to uniform otherwise (the most
constrained cards are placed first; a dead end backtracks).

:func:`deal_points` scores one fully known deal from the start of the play;

>>> import random
>>> from euchre.game import Game
>>> game = Game(seed=2)
>>> view = game.view(game.to_act)
>>> hands = sample_hands(constraints(view), random.Random(1), 3)
>>> len(hands), all(h[view.seat] == view.hand.mask for h in hands)
(3, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from euchre.actions import Order
from euchre.cards import (
    EFFECTIVE_SUIT,
    SUIT_MASKS,
    cards_of,
    deck_mask,
)
from euchre.game import score_deal
from euchre.rules import Rules
from euchre.solver import Position, solve
from euchre.view import PlayerView

__all__ = [
    "Constraints",
    "constraints",
    "deal_points",
    "deal_tricks",
    "first_leader",
    "sample_hands",
    "upcard_accepted",
]


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


def upcard_accepted(view: PlayerView) -> bool:
    """Whether the upcard's suit was accepted in round one this deal."""
    return any(isinstance(a, Order) for _, a in view.calls)


def constraints(view: PlayerView) -> Constraints:
    """The hard constraints of ``view`` on the other hands (see the module docstring).

    In the bidding every other seat holds five unknown cards (the dealer's exchange has
    not happened, or the dealer holds the upcard and four unknown cards after it).
    """
    rules = view.rules
    n = rules.players
    me = view.seat
    hand = view.hand.mask
    played = view.played.mask
    up = view.upcard
    pool = deck_mask(rules.deck) & ~hand & ~played & ~(1 << up)
    if view.discard is not None and view.discard >= 0:
        pool &= ~(1 << view.discard)
    fixed = [0] * n
    fixed[me] = hand
    need = [0] * n
    allowed = [pool] * n
    allowed[me] = 0
    out = set(view.sitting_out)
    in_play = view.phase == "play"
    counts = [0] * n
    voids = [0] * n
    trump = view.trump
    if in_play and trump is not None:
        eff = EFFECTIVE_SUIT[trump]
        for trick in (*view.tricks, view.trick):
            if not trick:
                continue
            led = eff[trick[0][1]]
            for seat, c in trick:
                counts[seat] += 1
                if eff[c] != led:
                    voids[seat] |= 1 << led
    for seat in range(n):
        if seat == me:
            continue
        if in_play and seat in out:
            allowed[seat] = 0
            continue
        need[seat] = 5 - counts[seat]
        if voids[seat] and trump is not None:
            for suit in range(4):
                if voids[seat] >> suit & 1:
                    allowed[seat] &= ~SUIT_MASKS[trump][suit]
    dealer = view.dealer
    if upcard_accepted(view) and dealer != me and not played >> up & 1:
        shown_void = trump is not None and bool(voids[dealer] >> EFFECTIVE_SUIT[trump][up] & 1)
        if not shown_void and not (in_play and dealer in out):
            fixed[dealer] |= 1 << up
            need[dealer] -= 1
    return Constraints(n, tuple(fixed), tuple(need), tuple(allowed), pool)


def sample_hands(cons: Constraints, rng: random.Random, count: int) -> list[tuple[int, ...]]:
    """``count`` random assignments of the unknown cards: per sample, each seat's hand.

    Raises ``ValueError`` when the constraints admit no deal (they always admit the real
    one when they come from a view of a game).
    """
    n = cons.players  # slot n is the kitty and the hands sitting out
    pool_cards = cards_of(cons.pool)
    allow_of = {c: [s for s in range(n) if cons.allowed[s] >> c & 1] + [n] for c in pool_cards}
    spare = cons.spare
    if spare < 0:
        raise ValueError("the constraints hold more cards than there are")
    out: list[tuple[int, ...]] = []
    for _ in range(count):
        cards = list(pool_cards)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(allow_of[c]))
        room = [*cons.need, spare]
        hands = [*cons.fixed, 0]
        if not _place(cards, 0, allow_of, room, hands, rng):
            raise ValueError("no deal fits what this seat has seen")
        out.append(tuple(hands[:n]))
    return out


def _place(cards: list[int], i: int, allow_of: dict[int, list[int]], room: list[int],
           hands: list[int], rng: random.Random) -> bool:
    """Place ``cards[i:]`` (backtracking on a dead end); each card goes to an allowed
    slot with room, chosen in proportion to the room left."""
    if i == len(cards):
        return True
    c = cards[i]
    options = [s for s in allow_of[c] if room[s] > 0]
    while options:
        total = sum(room[s] for s in options)
        pick = rng.randrange(total)
        for s in options:
            pick -= room[s]
            if pick < 0:
                break
        room[s] -= 1
        hands[s] |= 1 << c
        if _place(cards, i + 1, allow_of, room, hands, rng):
            return True
        room[s] += 1
        hands[s] ^= 1 << c
        options.remove(s)
    return False


def first_leader(rules: Rules, dealer: int, maker: int, alone: Sequence[int]) -> int:
    """The seat that leads the first trick (the engine's rule, ``loner_lead`` included)."""
    n = rules.players
    out = {(s + 2) % n for s in alone} if n == 4 else set()
    if not alone or rules.loner_lead == "left_of_dealer":
        start = dealer
    elif len(alone) == 1:
        start = alone[0]
    else:
        defender = alone[0] if (alone[0] - maker) % 2 else alone[1]
        start = (defender - 1) % n
    seat = (start + 1) % n
    while seat in out:
        seat = (seat + 1) % n
    return seat


def deal_tricks(rules: Rules, hands: Sequence[int], trump: int, dealer: int, maker: int,
                alone: Sequence[int]) -> int:
    """The tricks the makers take when the deal with these hands (after the exchange)
    is played out double-dummy from the first lead."""
    n = rules.players
    out = tuple(sorted((s + 2) % n for s in alone)) if n == 4 else ()
    masks = tuple(0 if s in out else hands[s] for s in range(n))
    leader = first_leader(rules, dealer, maker, alone)
    tricks = solve(Position(masks, trump, leader, (), (0, 0), out))
    return tricks[maker % 2]


def deal_points(rules: Rules, hands: Sequence[int], trump: int, dealer: int, maker: int,
                alone: Sequence[int], team: int) -> int:
    """Points for ``team`` (negative: for the other team) when the deal with these
    hands (after the exchange) is played out double-dummy from the first lead."""
    tricks = deal_tricks(rules, hands, trump, dealer, maker, alone)
    return points_for(rules, tricks, maker, alone, team)


def points_for(rules: Rules, maker_tricks: int, maker: int, alone: Sequence[int],
               team: int) -> int:
    """The signed points for ``team`` when the makers take ``maker_tricks``."""
    maker_team = maker % 2
    lone_maker = any(s % 2 == maker_team for s in alone)
    lone_defender = any(s % 2 != maker_team for s in alone)
    makers, points = score_deal(rules, maker_tricks, lone_maker, lone_defender)
    scoring_team = maker_team if makers else 1 - maker_team
    return points if scoring_team == team else -points
