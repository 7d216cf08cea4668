"""A lean random play-out of one deal's tricks on ints: the floor ``euchre bench`` measures.

``euchre bench`` (:func:`euchre.analysis.bench.bench_lean`) times random deals played
out here, with no objects built per card, as the fastest the play of the cards can go
in this package; the bots and the solver do not use it (they play on the engine's
``Game`` and on :mod:`euchre.players.solver`). Hands are a list of masks, one per seat;
a sitting-out seat has an empty mask and is skipped.

>>> import random
>>> from euchre.engine.cards import HEARTS, mask_of, parse_cards
>>> hands = [mask_of(parse_cards(h)) for h in
...          ("Jh Jd Ah Kh Qh", "9c Tc Jc Qc Kc", "Ac 9d Td Qd Kd", "Ad 9s Ts Js Qs")]
>>> random_playout(hands, HEARTS, leader=0, rng=random.Random(1))
(5, 0)
"""

from __future__ import annotations

import random
from math import floor
from typing import Final

from euchre.engine.cards import EFFECTIVE_SUIT, SUIT_MASKS, TRICK_KEY, Card, cards_of

__all__ = ["legal_mask", "random_playout"]

_CARD_LISTS: Final[dict[int, tuple[Card, ...]]] = {}


def _cards(mask: int) -> tuple[Card, ...]:
    cards = _CARD_LISTS.get(mask)
    if cards is None:
        cards = _CARD_LISTS[mask] = tuple(cards_of(mask))
    return cards


_FOLLOWERS: Final[dict[tuple[bool, ...], tuple[tuple[int, ...], ...]]] = {}
"""For each pattern of seats that play (a hand not empty), the seats after each seat in
order of play (empty for a seat that sits out)."""


def _followers(plays: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
    followers = _FOLLOWERS.get(plays)
    if followers is None:
        active = [s for s, playing in enumerate(plays) if playing]
        after = {s: tuple(active[i + 1:] + active[:i]) for i, s in enumerate(active)}
        followers = _FOLLOWERS[plays] = tuple(after.get(s, ()) for s in range(len(plays)))
    return followers


def legal_mask(hand: int, led_mask: int) -> int:
    """The cards of ``hand`` that may be played to a trick whose led suit has
    ``led_mask`` (0 when leading).

    >>> from euchre.engine.cards import mask_of, parse_cards, SUIT_MASKS, HEARTS, DIAMONDS
    >>> hand = mask_of(parse_cards("Jd 9d Ac"))
    >>> legal_mask(hand, SUIT_MASKS[HEARTS][DIAMONDS]) == mask_of(parse_cards("9d"))
    True
    """
    follow = hand & led_mask
    return follow if follow else hand


def random_playout(
    hands: list[int], trump: int, leader: int, rng: random.Random
) -> tuple[int, int]:
    """Play five tricks with uniformly random legal cards; tricks won by each team.

    ``hands`` is not changed. Seats whose mask is empty sit out.
    """
    hands = list(hands)
    followers = _followers(tuple(map(bool, hands)))  # the seats after each, in order of play
    suit_masks = SUIT_MASKS[trump]
    effective = EFFECTIVE_SUIT[trump]
    keys_by_led = TRICK_KEY[trump]
    rand = rng.random
    cache = _CARD_LISTS
    won = [0, 0]
    for _ in range(5):
        hand = hands[leader]
        cards = cache.get(hand) or _cards(hand)
        c = cards[floor(rand() * len(cards))]  # int() of a product never negative, cheaper
        hands[leader] = hand ^ (1 << c)
        led = effective[c]
        led_mask = suit_masks[led]
        keys = keys_by_led[led]
        best = keys[c]
        winner = leader
        for seat in followers[leader]:
            hand = hands[seat]
            options = hand & led_mask or hand
            cards = cache.get(options) or _cards(options)
            c = cards[floor(rand() * len(cards))]
            hands[seat] = hand ^ (1 << c)
            if keys[c] > best:
                best = keys[c]
                winner = seat
        won[winner & 1] += 1
        leader = winner
    return won[0], won[1]
