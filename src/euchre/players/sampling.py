"""Shared sampling and evaluation code of the search bots (``pimc`` and ``expert``).

A seat does not see the other hands. The search bots *sample* deals consistent with
what the seat has seen (:func:`constraints` then :func:`sample_hands`) and solve each
one double-dummy with :mod:`euchre.solver`. The hard constraints (its own cards, the
cards played and known out of play, the voids shown, the accepted upcard with the
dealer, five cards a hand) are what the seat knows of the deal:
:func:`euchre.players.knowledge.constraints` (imported here too) reads them off the view.

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

from euchre.cards import cards_of
from euchre.players.knowledge import Constraints, constraints, upcard_accepted
from euchre.rules import Rules
from euchre.scoring import signed_points
from euchre.solver import Position, solve

__all__ = [
    "Constraints",
    "constraints",
    "deal_points",
    "deal_tricks",
    "sample_hands",
    "upcard_accepted",
]


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


def deal_tricks(rules: Rules, hands: Sequence[int], trump: int, dealer: int, maker: int,
                alone: Sequence[int]) -> int:
    """The tricks the makers take when the deal with these hands (after the exchange)
    is played out double-dummy from the first lead."""
    seating = rules.seating
    out = seating.sitting_out(alone)
    masks = tuple(0 if s in out else hands[s] for s in seating.seats)
    leader = seating.first_leader(dealer, maker, alone, rules.loner_lead)
    tricks = solve(Position(masks, trump, leader, (), (0, 0), out))
    return tricks[seating.team_of[maker]]


def deal_points(rules: Rules, hands: Sequence[int], trump: int, dealer: int, maker: int,
                alone: Sequence[int], team: int) -> int:
    """Points for ``team`` (negative: for the other team) when the deal with these
    hands (after the exchange) is played out double-dummy from the first lead."""
    tricks = deal_tricks(rules, hands, trump, dealer, maker, alone)
    return signed_points(rules, maker, alone, tricks, team)

