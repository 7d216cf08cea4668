"""Observation encoders: a seat's view (:class:`~euchre.engine.view.PlayerView`) as arrays.

Each encoder is versioned; its layout never changes within a version, and
``docs/rl.md`` documents every field. An encoder reads only the view, so it can never
show a seat what it may not know.

==============  =========  ======================================================
name            shape      what
==============  =========  ======================================================
``compact``     (1126,)    the default: float32, seat-relative (the observer is
                           seat 0, the next seat to act after it seat 1, ...), any
                           form and deck
``openspiel``   (935,)     OpenSpiel's ``euchre`` information-state tensor, the
                           same length and layout, absolute seats; four-handed
                           Euchre with the 24-card deck only
``raw``         a dict     :meth:`PlayerView.to_dict <euchre.engine.view.PlayerView.to_dict>`
                           for people who write their own
==============  =========  ======================================================

>>> from euchre.engine.game import Game
>>> view = Game(seed=1).view(0)
>>> encode_compact(view).shape, encode_openspiel(view).shape
((1126,), (935,))
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

from euchre.engine.actions import (
    KIND_ALONE,
    KIND_BID,
    KIND_CALL,
    KIND_DECLARE,
    KIND_ORDER,
    KIND_PASS,
)
from euchre.engine.cards import NINE, NUM_CARD_CODES, card_rank, card_suit
from euchre.engine.game import Phase
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.errors import RulesError

__all__ = [
    "COMPACT_FIELDS",
    "COMPACT_SIZE",
    "MAX_SEATS",
    "OPENSPIEL_FIELDS",
    "OPENSPIEL_SIZE",
    "encode_compact",
    "encode_openspiel",
    "openspiel_applies",
    "openspiel_card",
    "openspiel_rules_apply",
]

MAX_SEATS: Final = 7
"""The most seats of any form (Napoleon's seven players): the compact encoder's seat
fields have this many slots, the observer's first."""

_PHASES: Final = tuple(p.value for p in Phase)
_BIDS: Final = (1, 2, 3, 4, 5, 6, 20, 21, 22, 23)  # Bid values: tricks, then the named bids
_CALL_FEATURES: Final = 5  # per seat: passes, ordered, called, bid or declared, alone

COMPACT_FIELDS: Final[tuple[tuple[str, int], ...]] = (
    ("hand", NUM_CARD_CODES),
    ("upcard", NUM_CARD_CODES),
    ("played_by", MAX_SEATS * NUM_CARD_CODES),
    ("trick", MAX_SEATS * NUM_CARD_CODES),
    ("laid_away", NUM_CARD_CODES),
    ("shown", NUM_CARD_CODES),
    ("received", NUM_CARD_CODES),
    ("phase", len(_PHASES)),
    ("trump", 5),
    ("dealer", MAX_SEATS),
    ("maker", MAX_SEATS),
    ("alone", MAX_SEATS),
    ("sitting_out", MAX_SEATS),
    ("leader", MAX_SEATS),
    ("calls", MAX_SEATS * _CALL_FEATURES),
    ("bid", len(_BIDS)),
    ("tricks_won", MAX_SEATS),
    ("score", MAX_SEATS),
    ("players", MAX_SEATS),
)
"""The compact encoding's fields in order, with their lengths (``docs/rl.md`` says what
each holds)."""

_OFFSET: Final = {name: sum(size for _, size in COMPACT_FIELDS[:i])
                  for i, (name, _) in enumerate(COMPACT_FIELDS)}
COMPACT_SIZE: Final = sum(size for _, size in COMPACT_FIELDS)


def encode_compact(view: PlayerView) -> NDArray[np.float32]:
    """The compact, seat-relative encoding of ``view`` (version 0, :data:`COMPACT_FIELDS`).

    Seats are counted from the observer in the order of play (its left-hand opponent is
    1); sides (teams, or players who score alone) from the observer's side. Counts are
    scaled: tricks by the tricks of a deal; passes by 2 and held at 1 (a seat may pass
    more than twice in a deal: a declaration and both rounds of bidding, or again and
    again in Hasenpfeffer's auction); scores by the target (10 where a game has none)
    and held within [-1, 1] (a score may pass the target, and go below nothing in
    Napoleon). Every other entry is 0 or 1.
    """
    out = np.zeros(COMPACT_SIZE, dtype=np.float32)
    rules = view.rules
    seating = rules.seating
    n = rules.players
    me = view.seat

    def rel(seat: int) -> int:
        return (seat - me) % n

    for c in view.hand:
        out[_OFFSET["hand"] + c] = 1
    if view.upcard >= 0:
        out[_OFFSET["upcard"] + view.upcard] = 1
    for trick in view.tricks:
        for seat, c in trick:
            out[_OFFSET["played_by"] + rel(seat) * NUM_CARD_CODES + c] = 1
    for seat, c in view.trick:
        out[_OFFSET["played_by"] + rel(seat) * NUM_CARD_CODES + c] = 1
        out[_OFFSET["trick"] + rel(seat) * NUM_CARD_CODES + c] = 1
    if view.trick:
        out[_OFFSET["leader"] + rel(view.trick[0][0])] = 1
    away = list(view.laid_away) + ([] if view.discard is None else [view.discard])
    away += [c for giver, _, c in view.given if giver == me]
    for c in away:
        if c >= 0:
            out[_OFFSET["laid_away"] + c] = 1
    for _, c in view.shown:
        out[_OFFSET["shown"] + c] = 1
    for giver, receiver, c in view.given:
        if receiver == me and giver != me and c >= 0:
            out[_OFFSET["received"] + c] = 1
    out[_OFFSET["phase"] + _PHASES.index(view.phase)] = 1
    if view.trump is not None:
        out[_OFFSET["trump"] + view.trump] = 1
    out[_OFFSET["dealer"] + rel(view.dealer)] = 1
    if view.maker is not None:
        out[_OFFSET["maker"] + rel(view.maker)] = 1
    for seat in view.alone:
        out[_OFFSET["alone"] + rel(seat)] = 1
    for seat in view.sitting_out:
        out[_OFFSET["sitting_out"] + rel(seat)] = 1
    calls = _OFFSET["calls"]
    for seat, action in view.calls:
        at = calls + rel(seat) * _CALL_FEATURES
        kind = action.kind
        if kind == KIND_PASS:
            if out[at] < 1:  # held at 1: a seat may pass more than twice in a deal
                out[at] += 0.5
        elif kind == KIND_ORDER:
            out[at + 1] = 1
        elif kind == KIND_CALL:
            out[at + 2] = 1
        elif kind in (KIND_BID, KIND_DECLARE):
            out[at + 3] = 1
        elif kind == KIND_ALONE and action.alone:  # type: ignore[attr-defined]
            out[at + 4] = 1
    if view.bid is not None:
        out[_OFFSET["bid"] + _BIDS.index(view.bid)] = 1
    sides = len(view.tricks_won)
    mine = seating.team_of[me]
    tricks = float(rules.hand_size)
    target = float(rules.target) if rules.target > 0 else 10.0
    for k in range(sides):
        side = (mine + k) % sides
        out[_OFFSET["tricks_won"] + k] = view.tricks_won[side] / tricks
        out[_OFFSET["score"] + k] = min(1.0, max(-1.0, view.score[side] / target))
    out[_OFFSET["players"] + n - 1] = 1
    return out


# OpenSpiel's euchre: cards are rank * 4 + suit, ranks 9 to A, suits c d h s; the tensor
# is the dealer (4), the upcard (24), eight bidding slots of [c, d, h, s, pass] (40), the
# going-alone flags (declarer, first and second defender), the hand (24), and five
# tricks of seven card slots each (N E S W N E S: a trick starts at its leader's slot).
_OS_CARDS: Final = 24
_OS_BID_SLOT: Final = 5
_OS_TRICK: Final = 7 * _OS_CARDS
OPENSPIEL_SIZE: Final = 4 + _OS_CARDS + 8 * _OS_BID_SLOT + 3 + _OS_CARDS + 5 * _OS_TRICK
"""The length of OpenSpiel's ``euchre`` information-state tensor (935)."""


def openspiel_applies(view: PlayerView) -> str | None:
    """Why the OpenSpiel encoding cannot encode ``view``'s game (``None``: it can)."""
    return openspiel_rules_apply(view.rules)


def openspiel_rules_apply(rules: Rules) -> str | None:
    """Why the OpenSpiel encoding cannot encode a game under ``rules`` (``None``: it
    can)."""
    if rules.form != "four_handed" or rules.deck != 24:
        return "the OpenSpiel encoding is for four-handed Euchre with the 24-card deck"
    return None


OPENSPIEL_FIELDS: Final = (("dealer", 4), ("upcard", _OS_CARDS), ("bidding", 8 * _OS_BID_SLOT),
                           ("alone", 3), ("hand", _OS_CARDS), ("tricks", 5 * _OS_TRICK))
"""The fields of OpenSpiel's tensor in order, with their lengths (``docs/rl.md``)."""


def openspiel_card(c: int) -> int:
    """OpenSpiel's ``euchre`` index of card ``c`` (rank from the nine, times 4, plus
    suit): its place in the tensor's card fields."""
    return (card_rank(c) - NINE) * 4 + card_suit(c)



def encode_openspiel(view: PlayerView, defects: bool = False) -> NDArray[np.float32]:
    """OpenSpiel's ``euchre`` information-state tensor of ``view`` (its length and
    layout; version 0).

    OpenSpiel's own code has three defects, corrected here unless ``defects=True``
    (to compare with tensors OpenSpiel made): a pass sets the entry after its slot's
    pass entry (the first of the next slot, so that it reads as the next bid's clubs);
    until trump is made both defenders' going-alone flags read 1 (it compares two seats
    that are both unset); and the declarer's flag reads 1 once the declarer has decided,
    alone or not (it tests that a decision exists, not what it was). Raises
    :class:`~euchre.errors.RulesError` for a game it cannot encode.
    """
    why = openspiel_applies(view)
    if why:
        raise RulesError(why)
    out = np.zeros(OPENSPIEL_SIZE, dtype=np.float32)
    at = 0
    out[at + view.dealer] = 1
    at += 4
    out[at + openspiel_card(view.upcard)] = 1
    at += _OS_CARDS
    bidding = at
    passes = 0
    made = None
    for _, action in view.calls:
        if action.kind == KIND_PASS:
            out[bidding + passes * _OS_BID_SLOT + (_OS_BID_SLOT if defects else 4)] = 1
            passes += 1
        elif action.kind == KIND_ORDER:
            made = card_suit(view.upcard)
        elif action.kind == KIND_CALL:
            made = action.suit  # type: ignore[attr-defined]
    if passes == 8:  # a deal passed out: OpenSpiel stops here
        return out
    if made is not None:
        out[bidding + passes * _OS_BID_SLOT + made] = 1
    at = bidding + 8 * _OS_BID_SLOT
    if view.maker is None and defects:
        out[at + 1] = out[at + 2] = 1
    if view.maker is not None:
        defenders = ((view.maker + 1) % 4, (view.maker + 3) % 4)
        decided = any(seat == view.maker and action.kind == KIND_ALONE
                      for seat, action in view.calls)
        if view.maker in view.alone or (defects and decided):
            out[at] = 1
        for k, defender in enumerate(defenders):
            if defender in view.alone:
                out[at + 1 + k] = 1
    at += 3
    hand = list(view.hand)
    if view.phase == Phase.EXCHANGE and view.seat == view.dealer:
        hand.append(view.upcard)  # OpenSpiel's dealer holds the upcard before discarding
    for c in hand:
        out[at + openspiel_card(c)] = 1
    at += _OS_CARDS
    for trick in (*view.tricks, view.trick):
        if not trick:
            break
        leader = trick[0][0]
        for seat, c in trick:
            out[at + ((seat - leader) % 4 + leader) * _OS_CARDS + openspiel_card(c)] = 1
        at += _OS_TRICK
    return out
