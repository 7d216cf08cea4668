"""Shared sampling and evaluation code of the search bots (``pimc`` and ``expert``).

A seat does not see the other hands. The search bots *sample* deals consistent with
what the seat has seen (:func:`constraints` then :func:`sample_hands`) and solve each
one double-dummy with :mod:`euchre.players.solver`. The hard constraints (its own cards, the
cards played and known out of play, the voids shown, the accepted upcard with the
dealer, five cards a hand) are what the seat knows of the deal:
:func:`euchre.players.knowledge.constraints` (imported here too) reads them off the view.

Sampling is uniform when there are no voids (cards dealt one by one, each to a slot
chosen in proportion to the room left in it) and close to uniform otherwise (the most
constrained cards are placed first; a dead end backtracks).

:func:`deal_points` scores one fully known deal from the start of the play;

>>> import random
>>> from euchre.engine.game import Game
>>> game = Game(seed=2)
>>> view = game.view(game.to_act)
>>> hands = sample_hands(constraints(view), random.Random(1), 3)
>>> len(hands), all(h[view.seat] == view.hand.mask for h in hands)
(3, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from euchre.engine.cards import BENNY, HEARTS, NO_TRUMP, TRUMP_ORDERS, Card, card_suit, cards_of
from euchre.engine.rules import Rules
from euchre.engine.scoring import deal_gains
from euchre.engine.view import PlayerView
from euchre.players.knowledge import (
    Constraints,
    best_card,
    constraints,
    lay_away,
    upcard_accepted,
)
from euchre.players.solver import Position, solve

__all__ = [
    "Constraints",
    "card_power",
    "constraints",
    "deal_points",
    "deal_tricks",
    "deal_value",
    "first_leader",
    "gains_value",
    "order_suit",
    "sample_hands",
    "sides_of",
    "upcard_accepted",
    "with_partners_best",
]


def card_power(view: PlayerView) -> tuple[int, ...]:
    """The power of every card in the deal of ``view`` (higher wins a trick in its
    suit): under the trump, or with none before it is fixed, in the form's trump order.

    >>> from euchre.engine.game import Game
    >>> from euchre.engine.cards import parse_card
    >>> power = card_power(Game(seed=1).view(0))   # no trump yet
    >>> power[parse_card("Ah")] > power[parse_card("Jh")]
    True
    """
    tables = TRUMP_ORDERS[view.rules.trump_order]
    return tables.power[NO_TRUMP if view.trump is None else view.trump]


def order_suit(rules: Rules, upcard: Card) -> int:
    """The suit that accepting ``upcard`` in round one makes trump: its own, or hearts
    for a Benny upcard under ``benny_upcard=hearts`` (§13).

    >>> from euchre.engine.cards import parse_card
    >>> order_suit(Rules(), parse_card("Ts")), order_suit(Rules.preset("railroad"), BENNY)
    (3, 2)
    """
    return HEARTS if upcard == BENNY else card_suit(upcard)


def sides_of(rules: Rules, maker: int) -> tuple[int, ...]:
    """Per seat, 0 on the maker's side this deal and 1 against it: the partnerships,
    or the maker alone against everyone else where each plays for themselves.

    >>> sides_of(Rules(), 1), sides_of(Rules.preset("three-handed"), 1)
    ((1, 0, 1, 0), (1, 0, 1))
    """
    team_of = rules.seating.team_of
    makers = team_of[maker]
    return tuple(0 if team == makers else 1 for team in team_of)


def first_leader(rules: Rules, dealer: int, maker: int, alone: Sequence[int]) -> int:
    """The seat that leads the first trick: the maker where nothing is turned up
    (Hasenpfeffer, Napoleon), else as :meth:`euchre.engine.seating.Seating.first_leader`."""
    if not rules.has_upcard:
        return maker
    return rules.seating.first_leader(dealer, maker, alone, rules.loner_lead)


def deal_value(rules: Rules, seat: int, maker: int, alone: Sequence[int],
               maker_tricks: int, bid: int = -1) -> float:
    """The worth to ``seat`` of a deal its makers end with ``maker_tricks`` tricks:
    what the seat's side gains less what the other sides gain on average, so that the
    values of all sides sum to zero (with two sides, its points less theirs; where each
    plays for themselves, the stakes the seat wins per opponent, as
    :func:`euchre.engine.scoring.settlement` counts them). Tokens and the fast break are left
    out.

    >>> deal_value(Rules(), 0, maker=1, alone=(), maker_tricks=2)   # euchred: 2 to us
    2.0
    >>> three = Rules.preset("three-handed")
    >>> deal_value(three, 0, 0, (), 5), deal_value(three, 1, 0, (), 5)
    (3.0, -1.5)
    """
    seating = rules.seating
    k = seating.team_count
    makers = seating.team_of[maker]
    tricks = [0] * k
    tricks[makers] = maker_tricks
    tricks[(makers + 1) % k] += rules.hand_size - maker_tricks
    gains, _ = deal_gains(rules, maker, alone, tricks, (), bid)
    return gains_value(rules, seat, gains)


def gains_value(rules: Rules, seat: int, gains: Sequence[int]) -> float:
    """The worth to ``seat`` of a deal's gains (one per side): its side's gain less
    the other sides' average gain (:func:`deal_value`).

    >>> gains_value(Rules(), 1, (0, 2)), gains_value(Rules.preset("napoleon"), 0, (0, 5, 5, 5, 5))
    (2.0, -5.0)
    """
    k = len(gains)
    mine = gains[rules.seating.team_of[seat]]
    return (k * mine - sum(gains)) / (k - 1)


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
    supply = [0] * (n + 1)  # per slot, the cards that may go there
    for slots in allow_of.values():
        for s in slots:
            supply[s] += 1
    out: list[tuple[int, ...]] = []
    for _ in range(count):
        cards = list(pool_cards)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(allow_of[c]))
        room = [*cons.need, spare]
        hands = [*cons.fixed, 0]
        if not _place(cards, 0, allow_of, room, hands, rng, list(supply)):
            raise ValueError("no deal fits what this seat has seen")
        out.append(tuple(hands[:n]))
    return out


def _place(cards: list[int], i: int, allow_of: dict[int, list[int]], room: list[int],
           hands: list[int], rng: random.Random, avail: list[int]) -> bool:
    """Place ``cards[i:]`` (backtracking on a dead end); each card goes to an allowed
    slot with room, chosen in proportion to the room left. ``avail`` counts, per slot,
    the cards from ``i`` on that may go there: a slot left with more room than cards
    for it is a dead end seen at once (the card must go to the one slot that would be
    left short, and can not serve two), so the choice is among the slots that can lead
    to a deal, as with backtracking alone, without searching the dead ones."""
    if i == len(cards):
        return True
    c = cards[i]
    slots = allow_of[c]
    for s in slots:
        avail[s] -= 1
    short = [s for s in slots if avail[s] < room[s]]
    options = short if len(short) == 1 else [] if short else \
        [s for s in slots if room[s] > 0]
    while options:
        total = sum(room[s] for s in options)
        pick = rng.randrange(total)
        for s in options:
            pick -= room[s]
            if pick < 0:
                break
        room[s] -= 1
        hands[s] |= 1 << c
        if _place(cards, i + 1, allow_of, room, hands, rng, avail):
            return True
        room[s] += 1
        hands[s] ^= 1 << c
        options.remove(s)
    for s in slots:
        avail[s] += 1
    return False


def with_partners_best(rules: Rules, hands: Sequence[int], trump: int, maker: int,
                       alone: Sequence[int]) -> Sequence[int]:
    """The hands after each loner who may call for partner's best does (§15): the
    partner passes its :func:`~euchre.players.knowledge.best_card` and the loner lays
    its weakest card away (:func:`~euchre.players.knowledge.lay_away`), in the order
    the rules say; ``hands`` unchanged where nobody may call.

    >>> from euchre.engine.cards import CardSet, HEARTS
    >>> hands = [CardSet.parse(h).mask for h in ("Jh Ah Kh Qh 9s", "9c Tc Qc Kc Ac",
    ...                                           "Jd 9d Td Qd Kd", "As Ks Qs Js Ts")]
    >>> after = with_partners_best(Rules.preset("railroad"), hands, HEARTS, 0, (0,))
    >>> str(CardSet(after[0]))  # the 9s laid away, the partner's Jd (left bower) taken
    'Jd Jh Qh Kh Ah'
    """
    if rules.partners_best == "none" or not alone:
        return hands
    seating = rules.seating
    order = rules.trump_order
    out = list(hands)
    for seat in alone:
        partner = seating.partner_of[seat]
        if partner is None or not (seating.same_team(seat, maker)
                                   or rules.partners_best == "loner_and_defender"):
            continue
        best = best_card(out[partner], trump, order)
        out[partner] &= ~(1 << best)
        if rules.partners_best_order == "discard_first":
            out[seat] &= ~(1 << lay_away(out[seat], trump, order))
            out[seat] |= 1 << best
        else:
            out[seat] |= 1 << best
            out[seat] &= ~(1 << lay_away(out[seat], trump, order))
    return out


def deal_tricks(rules: Rules, hands: Sequence[int], trump: int, dealer: int, maker: int,
                alone: Sequence[int]) -> int:
    """The tricks the makers take when the deal with these hands (after the exchange)
    is played out double-dummy from the first lead (a loner first taking the partner's
    best card where the rules let them call for it: :func:`with_partners_best`)."""
    seating = rules.seating
    hands = with_partners_best(rules, hands, trump, maker, alone)
    out = seating.sitting_out(alone)
    masks = tuple(0 if s in out else hands[s] for s in seating.seats)
    leader = first_leader(rules, dealer, maker, alone)
    tricks = solve(Position(masks, trump, leader, (), (0, 0), out,
                            sides=sides_of(rules, maker), order=rules.trump_order))
    return tricks[0]


def deal_points(rules: Rules, hands: Sequence[int], trump: int, dealer: int, maker: int,
                alone: Sequence[int], seat: int, bid: int = -1) -> float:
    """The worth to ``seat`` (:func:`deal_value`) of the deal with these hands (after
    the exchange) played out double-dummy from the first lead."""
    tricks = deal_tricks(rules, hands, trump, dealer, maker, alone)
    return deal_value(rules, seat, maker, alone, tricks, bid)
