"""A batched simulator of four-handed Euchre deals on numpy arrays (pgx style).

:class:`BatchEuchre` plays ``batch`` independent deals at once: one call of
:meth:`~BatchEuchre.step` applies one decision in every slot, with a few dozen vectorised
numpy operations whatever the batch. It is the one place where the rules are written a
second time (for speed, on arrays); ``tests/envs/test_env_batch.py`` plays it against
:class:`~euchre.engine.game.Game` action by action, and the engine is the truth.

One deal is one episode. A slot whose deal ends (scored, or thrown in after four passes
in round two) starts its next deal in the same step, the deal passing to the left, so
``current_player`` and ``legal_action_mask`` always describe a decision to make.

The state (:class:`BatchState`; ``B`` is the batch, every array's first axis):

=====================  ===========  ======================================================
field                  shape, type  meaning
=====================  ===========  ======================================================
``current_player``     (B,) int8    the seat to act (0..3; teams are seats {0, 2}, {1, 3})
``legal_action_mask``  (B, 1377)    the legal action ids (:mod:`euchre.envs.action_ids`)
                       bool
``rewards``            (B, 4)       each seat's team's points from a deal that ended on
                       float32      this step (0 for the other team, and everywhere else)
``team_points``        (B, 2) int8  the points each team scored on this step (the same)
``terminated``         (B,) bool    a deal ended on this step (the slot was dealt again)
``phase``              (B,) int8    :data:`PHASE_BID1`, ``_EXCHANGE``, ``_BID2``,
                                    ``_ALONE`` or ``_PLAY`` (:data:`PHASE_NAMES`)
``dealer``             (B,) int8    the dealer
``hands``              (B, 4)       each seat's cards, bit ``c`` for card code ``c``
                       uint32       (:mod:`euchre.engine.cards`: ``suit * 8 + rank``)
``upcard``             (B,) int8    the card turned up
``kitty``              (B,) uint32  the three cards face down under it
``passes``             (B,) int8    passes so far in this round of bidding
``trump``              (B,) int8    the trump suit (0..3: c d h s), -1 before it is made
``maker``              (B,) int8    the seat that made trump, -1 before
``alone``              (B,) uint8   bit ``s``: seat ``s`` goes alone (its partner sits out)
``asked``              (B,) int8    in the alone phase, the place of the seat asked in
                                    the order of asking (maker, partner, defenders)
``leader``             (B,) int8    the seat that led the trick in progress, -1 before play
``led``                (B,) int8    the suit led in it (the left bower leads trump), -1
``trick``              (B, 4) int8  the card each seat played to it, -1 for none
``played``             (B,) int8    how many cards it holds
``tricks_won``         (B, 2) int8  tricks each team has taken in this deal
``tricks_played``      (B,) int8    tricks finished in this deal
``deals``              (B,) int64   deals dealt in this slot, the current one included
``stream``             (B,) uint64  the slot's key of random deals (see seeding)
=====================  ===========  ======================================================

The action ids used are :mod:`euchre.envs.action_ids`' (the same in every environment):
0 ``pass``, 1 ``order`` (round one's acceptance), 2 ``alone``, 3 ``stay``, 4 to 7
``call`` clubs to spades, ``22 + code`` ``play`` a card and ``75 + code`` the dealer's
``discard``. No other id is ever legal here, none from 107 up.

Rewards: when a deal is scored, the team that scored gets its points in ``team_points``
and both its seats get them in ``rewards``; the other team gets 0 (only one team scores a
Euchre deal). A deal thrown in ends with 0 for everyone; ``terminated`` is true all the
same (the episode is over).

Speed: where numba is installed (``pip install 'euchre[jit]'``), :meth:`BatchEuchre.step`
runs compiled, one loop over the slots (:mod:`euchre.envs.batch_jit`), several times
faster than the numpy step at every batch size (``docs/benchmarks.md``); ``jit=False``
keeps the numpy step, and ``jit=True`` insists on numba. Both give the same states for
the same actions, and :func:`random_legal_actions` the same picks for the same generator.

Seeding: ``seed`` seeds a :class:`numpy.random.Generator` (PCG64), which draws each slot's
first dealer and a 64-bit key; deal ``k`` of slot ``i`` is shuffled by the SplitMix64
stream of that key, draws ``24k`` to ``24k + 23`` (one sort key per card). A deal
depends on the seed, the slot and the deal's number in the slot only: the same on every
machine, and whatever actions were taken (two policies meet the same deals).

Rules: four-handed Euchre with the 24-card deck, and the options of the ``standard``,
``tournament`` and ``openspiel`` presets in any combination: ``dealer_must_take_upcard``,
``stick_the_dealer``, ``going_alone``, ``lone_defender``, ``maker_partner_alone``,
``loner_lead``, ``loner_march_points``, ``loner_euchred_points``,
``lone_defender_scoring``. Options of a whole game (``target``, ``deals``, ``laps``,
``slam``) and ``deal_pattern`` (the order a physical deck is dealt in) change nothing in
a random deal and are taken as they are; any other option away from its default is
refused with a :class:`~euchre.errors.RulesError`.

>>> env = BatchEuchre("tournament", batch=3, seed=1)
>>> state = env.init()
>>> state.legal_action_mask.shape, state.current_player.dtype
((3, 1377), dtype('int8'))
>>> state = env.step(state, np.zeros(3, dtype=np.int64))   # everyone passes
>>> state.passes.tolist()
[1, 1, 1]
"""

from __future__ import annotations

import operator
import time
from collections import namedtuple
from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache
from types import ModuleType
from typing import Any, Final, NoReturn, TypeVar

import numpy as np
import numpy.typing as npt

from euchre.engine.cards import ACE, JACK, NINE, card
from euchre.engine.rules import Rules
from euchre.envs.action_ids import (
    ACTIONS,
    ALONE_ID,
    CALL_BASE,
    DISCARD_BASE,
    NUM_ACTIONS,
    ORDER_ID,
    PASS_ID,
    PLAY_BASE,
    STAY_ID,
)
from euchre.errors import ActionError, RulesError

__all__ = [
    "PHASE_ALONE",
    "PHASE_BID1",
    "PHASE_BID2",
    "PHASE_EXCHANGE",
    "PHASE_NAMES",
    "PHASE_PLAY",
    "BatchEuchre",
    "BatchState",
    "bench_batch",
    "random_legal_actions",
]

PHASE_BID1: Final = 0
"""Round one: ``pass`` or ``order``."""
PHASE_EXCHANGE: Final = 1
"""The dealer lays a card away after the upcard is accepted."""
PHASE_BID2: Final = 2
"""Round two: ``pass`` or ``call`` a suit other than the one turned down."""
PHASE_ALONE: Final = 3
"""A player is asked whether to go ``alone`` or ``stay``."""
PHASE_PLAY: Final = 4
"""The tricks."""
PHASE_NAMES: Final = ("bid1", "exchange", "bid2", "alone", "play")
"""Each phase code's name, the engine's (:class:`~euchre.engine.game.Phase`)."""

_FREE_OPTIONS: Final = frozenset({
    "dealer_must_take_upcard", "stick_the_dealer", "going_alone", "lone_defender",
    "maker_partner_alone", "loner_lead", "loner_march_points", "loner_euchred_points",
    "lone_defender_scoring", "target", "deals", "laps", "slam", "deal_pattern",
})
"""The options a :class:`BatchEuchre` takes at any value; every other must keep the
standard one."""

I8 = npt.NDArray[np.int8]
U8 = npt.NDArray[np.uint8]
U32 = npt.NDArray[np.uint32]
IDX = npt.NDArray[np.intp]
_T = TypeVar("_T", bound=np.generic)

# -- the tables ------------------------------------------------------------------------
# Card codes are suit * 8 + rank (9 = 2 .. ace = 7): the 24-card deck is 24 of the 32
# codes, and a hand fits a uint32. Index -1 of the tables per card (position 32) stands
# for "no card", so that an empty place in a trick reads a loser's key.

_DECK: Final = np.array([card(rank, suit) for suit in range(4) for rank in range(NINE, ACE + 1)],
                        dtype=np.int8)
_BIT: Final = np.array([1 << c for c in range(32)] + [0], dtype=np.uint32)
"""``1 << c`` for each card code (0 for "no card", index -1)."""
_SEAT_BIT: Final = np.array([1, 2, 4, 8], dtype=np.uint8)
_TEAM_SEATS: Final = np.array([0b0101, 0b1010], dtype=np.uint8)


def _effective(c: int, trump: int) -> int:
    """The suit card ``c`` belongs to under ``trump``: the left bower (the jack of the
    other suit of trump's colour, 3 - trump) is a trump."""
    return trump if c == card(JACK, 3 - trump) else c >> 3


def _strength(c: int, trump: int, led: int) -> int:
    """Card ``c``'s strength in a trick led in ``led`` under ``trump``: the right bower
    21, the left 20, other trumps 10 + rank, a card of the suit led its rank, others -1."""
    if c == card(JACK, trump):
        return 21
    if c == card(JACK, 3 - trump):
        return 20
    suit = _effective(c, trump)
    if suit == trump:
        return 10 + (c & 7)
    return c & 7 if suit == led else -1


_EFFECTIVE: Final = np.array([[_effective(c, t) for c in range(32)] + [-1] for t in range(4)],
                             dtype=np.int8)
"""``_EFFECTIVE[trump, card]``."""
_KEY: Final = np.array(
    [[[_strength(c, t, led) for c in range(32)] + [-2] for led in range(4)] for t in range(4)],
    dtype=np.int8)
"""``_KEY[trump, led, card]``: the highest key of a trick wins it."""
_EFFECTIVE_FLAT: Final = _EFFECTIVE.reshape(-1)
"""``_EFFECTIVE_FLAT[trump * 33 + card]``."""
_KEY_FLAT: Final = np.concatenate(
    [_KEY[:, :, :32], np.full((4, 4, 256 - 32), -2, dtype=np.int8)], axis=2).reshape(-1)
"""``_KEY_FLAT[(trump * 4 + led) * 256 + card byte]``: :data:`_KEY` flat, "no card" (-1)
read as the byte 255."""
_FOLLOW: Final = np.full((5, 5), 0xFFFFFFFF, dtype=np.uint32)
"""``_FOLLOW[trump, led]``: the cards that follow ``led`` (every card when nothing is led,
``led`` -1, or before trump, ``trump`` -1: index 4)."""
for _t in range(4):
    for _s in range(4):
        _FOLLOW[_t, _s] = sum(1 << c for c in range(32) if _effective(c, _t) == _s)
_FOLLOW_FLAT: Final = np.roll(_FOLLOW, 1, axis=(0, 1)).reshape(-1)
"""``_FOLLOW_FLAT[(trump + 1) * 5 + led + 1]``: :data:`_FOLLOW` flat, -1 first."""


def _next_active(seat: int, out: int) -> int:
    """The next seat clockwise from ``seat`` not in the mask ``out``."""
    for step in range(1, 5):
        after = (seat + step) % 4
        if not out >> after & 1:
            return after
    return seat


def _out_of(alone: int) -> int:
    """The seats sitting out (a mask): the partners (seat + 2) of the lone players."""
    return (alone << 2 | alone >> 2) & 0xF


_ACTIVE: Final = np.array([4 - _out_of(a).bit_count() for a in range(16)], dtype=np.int8)
"""``_ACTIVE[alone]``: cards in a trick."""
_NEXT: Final = np.array([[_next_active(s, _out_of(a)) for s in range(4)] for a in range(16)],
                        dtype=np.int8)
"""``_NEXT[alone, seat]``: who plays after ``seat``."""
_NEXT_FLAT: Final = _NEXT.reshape(-1)
_BID_ROWS: Final = np.zeros((11, 8), dtype=bool)
"""The legal ids 0 to 7 by :meth:`BatchEuchre._refresh`'s key: round one (0); round two
with suit ``t`` turned down (1 + t), the dealer stuck (5 + t); going alone (9); a card to
play or discard (10: none)."""
_BID_ROWS[0, [PASS_ID, ORDER_ID]] = True
for _t in range(4):
    _BID_ROWS[1 + _t, PASS_ID] = True
    for _s in range(4):
        _BID_ROWS[1 + _t, CALL_BASE + _s] = _BID_ROWS[5 + _t, CALL_BASE + _s] = _s != _t
_BID_ROWS[9, [ALONE_ID, STAY_ID]] = True
_BID_BYTES: Final = np.packbits(_BID_ROWS, axis=1, bitorder="little")[:, 0].astype(np.uint64)
"""Each row of :data:`_BID_ROWS` as a byte (bit ``i``: id ``i``)."""
_PHASE_KEY: Final = np.array([0, 10, 1, 9, 10], dtype=np.int8)
_LAST_ID: Final = DISCARD_BASE + 31
"""The highest id ever legal here (106)."""
_CARD_PLACE: Final = np.arange(1, 25, dtype=np.uint64)

_GOLDEN: Final = np.uint64(0x9E3779B97F4A7C15)
_MIX1: Final = np.uint64(0xBF58476D1CE4E5B9)
_MIX2: Final = np.uint64(0x94D049BB133111EB)


def _splitmix(x: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """SplitMix64's output function (uint64 arithmetic wraps, as it should)."""
    x = (x ^ (x >> np.uint64(30))) * _MIX1
    x = (x ^ (x >> np.uint64(27))) * _MIX2
    return x ^ (x >> np.uint64(31))


@dataclass(eq=False, slots=True)
class BatchState:
    """The state of ``B`` deals, one per slot (the module's table says every field).

    :meth:`BatchEuchre.step` changes the arrays in place; :meth:`copy` keeps a state.
    """

    current_player: I8
    legal_action_mask: npt.NDArray[np.bool_]
    rewards: npt.NDArray[np.float32]
    team_points: I8
    terminated: npt.NDArray[np.bool_]
    phase: I8
    dealer: I8
    hands: U32
    upcard: I8
    kitty: U32
    passes: I8
    trump: I8
    maker: I8
    alone: U8
    asked: I8
    leader: I8
    led: I8
    trick: I8
    played: I8
    tricks_won: I8
    tricks_played: I8
    deals: npt.NDArray[np.int64]
    stream: npt.NDArray[np.uint64]

    @property
    def batch(self) -> int:
        """How many slots."""
        return len(self.current_player)

    def copy(self) -> BatchState:
        """A copy that later steps of this state leave alone."""
        return BatchState(*(getattr(self, f.name).copy() for f in fields(self)))


_FIELDS: Final = tuple(f.name for f in fields(BatchState))
_Arrays = namedtuple("_Arrays", _FIELDS)  # type: ignore[misc]  # names known at run time
"""A state's arrays as a named tuple, the form numba takes them in."""


def _arrays_of(state: BatchState) -> tuple[Any, ...]:
    """``state``'s arrays as an :data:`_Arrays`."""
    return _Arrays(*(getattr(state, name) for name in _FIELDS))


@cache
def _compiled_step() -> ModuleType | None:
    """The compiled step's module, imported once (``None``: numba is missing)."""
    try:
        from euchre.envs import batch_jit
    except ImportError:
        return None
    return batch_jit


def _jit_module(jit: bool | None) -> ModuleType | None:
    """The compiled step's module, where ``jit`` asks for it and numba is installed."""
    if jit is False:
        return None
    compiled = _compiled_step()
    if jit and compiled is None:
        raise ImportError("jit=True needs numba: pip install 'euchre[jit]'")
    return compiled


class BatchEuchre:
    """``batch`` independent four-handed Euchre deals on numpy arrays.

    ``rules`` is a :class:`~euchre.engine.rules.Rules` or a preset's name; only the rules the
    module docstring lists are taken (:class:`~euchre.errors.RulesError` names what is
    not). ``seed`` (a whole number from 0) fixes every deal. ``jit``: step with numba
    where it is installed (``None``, the default), always (``True``: an
    :class:`ImportError` where it is not), or never (``False``: numpy only).
    """

    def __init__(self, rules: Rules | str = "standard", batch: int = 1024, seed: int = 0,
                 jit: bool | None = None) -> None:
        if isinstance(rules, str):
            rules = Rules.preset(rules)
        self.rules: Final = _supported(rules)
        try:
            size = operator.index(batch)
            start = operator.index(seed)
        except TypeError:
            raise ValueError(f"batch and seed are whole numbers, not {batch!r} and {seed!r}") \
                from None
        if size < 1:
            raise ValueError(f"batch is the number of slots, at least 1, not {size}")
        if start < 0:
            raise ValueError(f"seed is a whole number from 0, not {start}")
        self.batch: Final = size
        self.seed: Final = start
        self._slots: Final = np.arange(size)
        self._places: Final = self._slots * 4
        self._rows: Final = self._slots * NUM_ACTIONS
        """Where each slot's row starts in the flattened mask."""
        self._stick = rules.stick_the_dealer
        self._keep_upcard = rules.dealer_must_take_upcard
        self._asking = rules.going_alone
        # the tables of several indices are flattened: one index is faster than several
        self._ask_place, self._ask_seat = _ask_tables(_alone_queues(rules))
        self._first_leader = _first_leaders(rules.loner_lead).reshape(-1)
        self._points, self._scoring_team = _scores(rules)
        self._jit: Final = _jit_module(jit)
        self.jit: Final = self._jit is not None
        """Whether :meth:`step` runs compiled by numba."""
        self._tables: Final = (
            _DECK, _BIT, _EFFECTIVE_FLAT, _KEY_FLAT, _ACTIVE, _NEXT_FLAT, _FOLLOW_FLAT,
            self._ask_place, self._ask_seat, self._first_leader, self._points,
            self._scoring_team, _BID_BYTES, _PHASE_KEY)
        """The tables, in the order :mod:`euchre.envs.batch_jit` reads them."""
        self._everyone: Final = np.ones(size, dtype=np.bool_)

    def init(self) -> BatchState:
        """A new state: each slot's first deal (the same for the same seed)."""
        b = self.batch
        rng = np.random.Generator(np.random.PCG64(self.seed))
        dealers = rng.integers(0, 4, size=b).astype(np.int8)
        stream = rng.integers(0, 2**64, size=b, dtype=np.uint64)

        def empty(dtype: type[_T], *shape: int) -> npt.NDArray[_T]:
            return np.zeros((b, *shape), dtype=dtype)

        state = BatchState(
            current_player=empty(np.int8), legal_action_mask=empty(np.bool_, NUM_ACTIONS),
            rewards=empty(np.float32, 4), team_points=empty(np.int8, 2),
            terminated=empty(np.bool_), phase=empty(np.int8), dealer=empty(np.int8),
            hands=empty(np.uint32, 4), upcard=empty(np.int8), kitty=empty(np.uint32),
            passes=empty(np.int8), trump=empty(np.int8), maker=empty(np.int8),
            alone=empty(np.uint8), asked=empty(np.int8), leader=empty(np.int8),
            led=empty(np.int8), trick=empty(np.int8, 4), played=empty(np.int8),
            tricks_won=empty(np.int8, 2), tricks_played=empty(np.int8),
            deals=empty(np.int64), stream=stream,
        )
        self._deal(state, self._slots, dealers)
        self._refresh(state)
        return state

    def step(self, state: BatchState, actions: npt.ArrayLike,
             active: npt.ArrayLike | None = None) -> BatchState:
        """Apply one action id per slot; returns ``state``, changed in place.

        In place, because a copy of the (B, 1377) mask every step would cost more than
        the step (:meth:`BatchState.copy` keeps a state when wanted). ``active`` (B bools)
        steps only the slots it marks: the others keep every field as it was, their
        ``rewards``, ``team_points`` and ``terminated`` included, and their actions are
        not read. Raises :class:`~euchre.errors.ActionError` naming the first slot whose
        action is not legal, before changing anything.
        """
        if not (state.hands.flags.c_contiguous and state.trick.flags.c_contiguous
                and state.tricks_won.flags.c_contiguous):  # written through flat views
            raise ValueError("a BatchState's arrays must be contiguous, as init() and "
                             "copy() make them")
        moving = None if active is None else self._active(active)
        if self._jit is not None:
            acts = self._shaped(actions).astype(np.int64, copy=False)
            bad = self._jit.step_slots(acts, self._everyone if moving is None else moving,
                                       self._tables, _arrays_of(state), self._stick,
                                       self._keep_upcard, self._asking)
            if bad >= 0:
                self._illegal(state, bad, int(acts[bad]))
            return state
        acts = self._checked(state, actions, moving)
        phase = state.phase
        if moving is None:
            state.rewards.fill(0)
            state.team_points.fill(0)
            state.terminated.fill(False)
        else:
            state.rewards[moving] = 0
            state.team_points[moving] = 0
            state.terminated[moving] = False
        ended: list[IDX] = []
        # each phase's slots are taken before any moves on, so none is stepped twice
        slots = [np.flatnonzero(phase == p) if moving is None
                 else np.flatnonzero((phase == p) & moving) for p in range(5)]
        if slots[PHASE_BID1].size:
            self._bid1(state, slots[PHASE_BID1], acts[slots[PHASE_BID1]])
        if slots[PHASE_EXCHANGE].size:
            self._exchange(state, slots[PHASE_EXCHANGE], acts[slots[PHASE_EXCHANGE]])
        if slots[PHASE_BID2].size:
            ended.append(self._bid2(state, slots[PHASE_BID2], acts[slots[PHASE_BID2]]))
        if slots[PHASE_ALONE].size:
            self._alone(state, slots[PHASE_ALONE], acts[slots[PHASE_ALONE]])
        if slots[PHASE_PLAY].size:
            ended.append(self._play(state, slots[PHASE_PLAY], acts[slots[PHASE_PLAY]]))
        done = np.concatenate(ended) if ended else slots[PHASE_BID1][:0]
        if done.size:
            state.terminated[done] = True
            self._deal(state, done, (state.dealer[done] + 1) & 3)
        self._refresh(state)
        return state

    # -- checks ----------------------------------------------------------------------------

    def _shaped(self, actions: npt.ArrayLike) -> npt.NDArray[np.integer[Any]]:
        """The actions as an array of ``batch`` whole numbers (else an ActionError)."""
        b = self.batch
        acts = np.asarray(actions)
        if acts.shape != (b,) or acts.dtype.kind not in "iu":
            raise ActionError(f"actions must be {b} whole action ids, one per slot, not an "
                              f"array of shape {acts.shape} and type {acts.dtype}")
        return acts

    def _active(self, active: npt.ArrayLike) -> npt.NDArray[np.bool_]:
        """``step``'s ``active`` as B bools (else a :class:`ValueError`)."""
        moving = np.asarray(active)
        if moving.shape != (self.batch,) or moving.dtype != np.bool_:
            raise ValueError(f"active marks the slots to step: {self.batch} bools, not an "
                             f"array of shape {moving.shape} and type {moving.dtype}")
        return moving

    def _checked(self, state: BatchState, actions: npt.ArrayLike,
                 moving: npt.NDArray[np.bool_] | None = None) -> IDX:
        """The actions as indices, once every one of the slots ``moving`` (all when
        ``None``) is known legal."""
        acts = self._shaped(actions).astype(np.intp, copy=False)
        inside = (acts >= 0) & (acts < NUM_ACTIONS)
        legal = inside & state.legal_action_mask.reshape(-1)[self._rows + np.where(inside, acts, 0)]
        if moving is not None:
            legal |= ~moving
        if not legal.all():
            slot = int(np.argmin(legal))
            self._illegal(state, slot, int(acts[slot]))
        return acts

    @staticmethod
    def _illegal(state: BatchState, slot: int, act: int) -> NoReturn:
        """The :class:`ActionError` of slot ``slot``'s illegal action ``act``."""
        ids = np.flatnonzero(state.legal_action_mask[slot]).tolist()
        what = f" ({ACTIONS[act]})" if 0 <= act < NUM_ACTIONS else ""
        raise ActionError(f"slot {slot}: action {act}{what} is not legal now; the legal "
                          f"ids are {ids}")

    # -- the phases (each takes its slots, ``at``, and their actions) ----------------------

    def _bid1(self, s: BatchState, at: IDX, acts: IDX) -> None:
        order = acts == ORDER_ID
        made = at[order]
        s.trump[made] = s.upcard[made] >> 3
        s.maker[made] = s.current_player[made]
        s.phase[made] = PHASE_EXCHANGE
        s.current_player[made] = s.dealer[made]
        self._passed(s, at[~order], PHASE_BID2)

    def _passed(self, s: BatchState, at: IDX, then: int) -> IDX:
        """Passes: the next seat bids, or after four the round ends (``then``: round two,
        or -1: the deal is thrown in). Returns the slots thrown in."""
        passes = s.passes[at] + 1
        four = passes == 4
        s.passes[at] = np.where(four, 0, passes)
        more = at[~four]
        s.current_player[more] = (s.current_player[more] + 1) & 3
        over: IDX = at[four]
        if then < 0:
            return over
        s.phase[over] = then
        s.current_player[over] = (s.dealer[over] + 1) & 3
        return over[:0]

    def _exchange(self, s: BatchState, at: IDX, acts: IDX) -> None:
        dealer = s.dealer[at]
        hand = s.hands[at, dealer] | _BIT[s.upcard[at]]
        s.hands[at, dealer] = hand & ~_BIT[acts - DISCARD_BASE]
        self._to_alone(s, at)

    def _bid2(self, s: BatchState, at: IDX, acts: IDX) -> IDX:
        call = acts != PASS_ID
        made = at[call]
        s.trump[made] = acts[call] - CALL_BASE
        s.maker[made] = s.current_player[made]
        self._to_alone(s, made)
        return self._passed(s, at[~call], -1)

    def _to_alone(self, s: BatchState, at: IDX) -> None:
        """Trump is made (and the exchange done): the alone phase, or play."""
        if self._asking:
            self._ask(s, at, np.zeros(at.size, dtype=np.int8))
        else:
            self._to_play(s, at)

    def _alone(self, s: BatchState, at: IDX, acts: IDX) -> None:
        goes = at[acts == ALONE_ID]
        s.alone[goes] |= _SEAT_BIT[s.current_player[goes]]
        self._ask(s, at, s.asked[at] + 1)

    def _ask(self, s: BatchState, at: IDX, start: I8) -> None:
        """Ask the first seat from place ``start`` of the order of asking whose partner
        has not gone alone; play when none is left."""
        if not at.size:
            return
        context = (s.dealer[at].astype(np.intp) * 4 + s.maker[at]) * 16 + s.alone[at]
        index = context * 5 + start
        place = self._ask_place[index]
        has = place < 4
        asked = at[has]
        s.phase[asked] = PHASE_ALONE
        s.asked[asked] = place[has]
        s.current_player[asked] = self._ask_seat[index[has]]
        self._to_play(s, at[~has], context[~has])

    def _to_play(self, s: BatchState, at: IDX, context: IDX | None = None) -> None:
        """Play: the first leader leads (``context`` is ``_ask``'s index of the dealer,
        maker and loners, when known)."""
        if not at.size:
            return
        if context is None:
            context = (s.dealer[at].astype(np.intp) * 4 + s.maker[at]) * 16 + s.alone[at]
        lead = self._first_leader[context]
        s.phase[at] = PHASE_PLAY
        s.leader[at] = lead
        s.current_player[at] = lead

    def _play(self, s: BatchState, at: IDX, acts: IDX) -> IDX:
        """A card played; a full trick is won, and the fifth scores the deal."""
        seat = s.current_player[at]
        c = acts - PLAY_BASE
        place = at * 4 + seat
        s.hands.reshape(-1)[place] ^= _BIT[c]
        s.trick.reshape(-1)[place] = c
        trump = s.trump[at].astype(np.intp)
        played = s.played[at]
        led = np.where(played == 0, _EFFECTIVE_FLAT[trump * 33 + c], s.led[at])
        s.led[at] = led
        alone = s.alone[at]
        played += 1
        full = played == _ACTIVE[alone]
        s.played[at] = np.where(full, 0, played)
        s.current_player[at] = _NEXT_FLAT[alone * 4 + seat]
        won: IDX = at[full]
        if not won.size:
            return won
        # a trick's cards as bytes: "no card" (-1) reads entry 255, a loser's key
        row = (trump[full] * 4 + led[full]) * 256
        keys = _KEY_FLAT[row[:, None] + s.trick[won].view(np.uint8)]
        winner = keys.argmax(axis=1).astype(np.int8)
        s.tricks_won.reshape(-1)[won * 2 + (winner & 1)] += 1
        s.tricks_played[won] += 1
        s.current_player[won] = winner
        s.leader[won] = winner
        s.led[won] = -1
        s.trick[won] = -1
        over: IDX = won[s.tricks_played[won] == 5]
        if over.size:
            self._score(s, over)
        return over

    def _score(self, s: BatchState, at: IDX) -> None:
        """Score finished deals from the table of :func:`_scores`."""
        makers = (s.maker[at] & 1).astype(np.intp)
        made = s.tricks_won.reshape(-1)[at * 2 + makers]
        index = (made * 2 + makers) * 16 + s.alone[at]
        points = self._points[index]
        team = self._scoring_team[index]
        s.team_points.reshape(-1)[at * 2 + team] = points
        rewards = s.rewards.reshape(-1)
        rewards[at * 4 + team] = points
        rewards[at * 4 + team + 2] = points

    # -- dealing and the mask ----------------------------------------------------------

    def _deal(self, s: BatchState, at: IDX, dealers: I8) -> None:
        """Deal the next deal of the slots ``at``: seat ``i`` gets cards ``5i`` to
        ``5i + 4`` of the shuffled deck, the upcard is card 20, the kitty the rest."""
        draws = s.deals[at].astype(np.uint64)[:, None] * np.uint64(24) + _CARD_PLACE
        keys = _splitmix(s.stream[at][:, None] + draws * _GOLDEN)
        cards = _DECK[np.argsort(keys, axis=1, kind="stable")]
        bits = _BIT[cards]
        s.hands[at] = bits[:, :20].reshape(-1, 4, 5).sum(axis=2, dtype=np.uint32)
        s.upcard[at] = cards[:, 20]
        s.kitty[at] = bits[:, 21:].sum(axis=1, dtype=np.uint32)
        s.deals[at] += 1
        s.dealer[at] = dealers
        s.current_player[at] = (dealers + 1) & 3
        s.phase[at] = PHASE_BID1
        for name in ("passes", "alone", "asked", "played", "tricks_won", "tricks_played"):
            getattr(s, name)[at] = 0
        for name in ("trump", "maker", "leader", "led", "trick"):
            getattr(s, name)[at] = -1

    def _refresh(self, s: BatchState) -> None:
        """Write the legal ids of every slot. Ids 0 to 127 are two 64-bit words a row:
        the bidding ids (0..7) from a table of bytes, the cards to play (22..53) and to
        discard (75..106) from the hands' bits; one ``unpackbits`` turns them into the
        mask's first 107 columns (the others are never legal and stay false)."""
        phase = s.phase
        key = _PHASE_KEY[phase]
        # round two and the exchange are rare: their extras work on their slots only
        bid2 = np.flatnonzero(phase == PHASE_BID2)
        if bid2.size:
            stuck = (s.current_player[bid2] == s.dealer[bid2]) & self._stick
            key[bid2] = 1 + (s.upcard[bid2] >> 3) + 4 * stuck
        words = np.zeros((self.batch, 2), dtype="<u8")
        # one index into the flattened hands is about twice as fast as two
        hand = s.hands.reshape(-1)[self._places + s.current_player]
        follow = hand & _FOLLOW_FLAT[(s.trump.astype(np.intp) + 1) * 5 + s.led + 1]
        play = np.where(phase == PHASE_PLAY, np.where(follow != 0, follow, hand), 0)
        words[:, 0] = _BID_BYTES[key] | play.astype(np.uint64) << np.uint64(PLAY_BASE)
        exchange = np.flatnonzero(phase == PHASE_EXCHANGE)
        if exchange.size:
            up = _BIT[s.upcard[exchange]]
            options = hand[exchange] | up
            if self._keep_upcard:
                options &= ~up
            words[exchange, 1] = options.astype(np.uint64) << np.uint64(DISCARD_BASE - 64)
        bits = np.unpackbits(words.view(np.uint8), axis=1, bitorder="little").view(np.bool_)
        s.legal_action_mask[:, :_LAST_ID + 1] = bits[:, :_LAST_ID + 1]


def _supported(rules: Rules) -> Rules:
    """``rules``, when the simulator plays them; else a :class:`RulesError` naming the
    options it does not."""
    standard = Rules().to_dict()
    unsupported = [f"{name}={value!r}" for name, value in rules.to_dict().items()
                   if name not in _FREE_OPTIONS and value != standard[name]]
    if unsupported:
        raise RulesError(
            f"the batched simulator does not support {', '.join(unsupported)}: it plays "
            "four-handed Euchre with the 24-card deck and the options of the standard, "
            "tournament and openspiel presets")
    return rules


def _alone_queues(rules: Rules) -> I8:
    """``[dealer, maker]``: who is asked to go alone, in order (-1 pads): the maker, the
    maker's partner (``maker_partner_alone``), the defenders from the dealer's left
    (``lone_defender``)."""
    table = np.full((4, 4, 4), -1, dtype=np.int8)
    for dealer in range(4):
        for maker in range(4):
            order = [maker]
            if rules.maker_partner_alone:
                order.append((maker + 2) % 4)
            if rules.lone_defender:
                order += [(dealer + i) % 4 for i in range(1, 5) if (dealer + i - maker) % 2]
            table[dealer, maker, :len(order)] = order
    return table


def _scores(rules: Rules) -> tuple[I8, IDX]:
    """The flat tables ``[(tricks * 2 + makers) * 16 + alone]`` of the points a deal
    scores and the team that scores them, by the makers' tricks, the makers' team and the
    loners (§8): makers 1, 2 for a march, ``loner_march_points`` alone; euchred, the
    defenders 2 (``loner_euchred_points`` against a lone maker), a lone defender 2 or 4
    (``lone_defender_scoring``)."""
    points = np.zeros((6, 2, 16), dtype=np.int8)
    team = np.zeros((6, 2, 16), dtype=np.intp)
    for made in range(6):
        for makers in range(2):
            for alone in range(16):
                lone_maker = bool(alone & _TEAM_SEATS[makers])
                lone_defender = bool(alone & _TEAM_SEATS[1 - makers])
                if made >= 3:
                    won = 1 if made < 5 else rules.loner_march_points if lone_maker else 2
                    points[made, makers, alone], team[made, makers, alone] = won, makers
                    continue
                if lone_defender:
                    euchred = 4 if rules.lone_defender_scoring == "flat_4" or made == 0 else 2
                else:
                    euchred = rules.loner_euchred_points if lone_maker else 2
                points[made, makers, alone], team[made, makers, alone] = euchred, 1 - makers
    return points.reshape(-1), team.reshape(-1)


def _ask_tables(queues: I8) -> tuple[I8, I8]:
    """From the orders of asking (:func:`_alone_queues`), the flat tables
    ``[((dealer * 4 + maker) * 16 + alone) * 5 + start]`` of the place in the order of
    the next seat to ask from place ``start`` on (one whose partner has not gone alone;
    4 for none) and that seat (-1 for none)."""
    place = np.full((4, 4, 16, 5), 4, dtype=np.int8)
    seat = np.full((4, 4, 16, 5), -1, dtype=np.int8)
    for dealer in range(4):
        for maker in range(4):
            queue = queues[dealer, maker].tolist()
            for alone in range(16):
                for start in range(5):
                    for at in range(start, 4):
                        asked = queue[at]
                        if asked >= 0 and not alone >> ((asked + 2) % 4) & 1:
                            place[dealer, maker, alone, start] = at
                            seat[dealer, maker, alone, start] = asked
                            break
    return place.reshape(-1), seat.reshape(-1)


def _first_leaders(loner_lead: str) -> I8:
    """``[dealer, maker, alone]``: who leads the first trick (§7): left of the dealer;
    with one loner and ``left_of_loner``, left of the loner; with two, the lone
    defender; always skipping a seat that sits out."""
    table = np.full((4, 4, 16), -1, dtype=np.int8)
    for dealer in range(4):
        for maker in range(4):
            for alone in range(16):
                out = _out_of(alone)
                if alone & out:
                    continue  # partners both alone: never happens
                lone = [seat for seat in range(4) if alone >> seat & 1]
                if not lone or loner_lead == "left_of_dealer":
                    leader = _next_active(dealer, out)
                elif len(lone) == 1:
                    leader = _next_active(lone[0], out)
                else:
                    leader = next(seat for seat in lone if (seat - maker) % 2)
                table[dealer, maker, alone] = leader
    return table


def _popcount(x: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    """The set bits of each word, summed in parallel within the word (numpy 1 has no
    ``bitwise_count``, which numpy 2's :func:`random_legal_actions` uses instead)."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return ((x * np.uint64(0x0101010101010101)) >> np.uint64(56)).astype(np.int64)


_count_bits: Callable[[npt.NDArray[np.uint64]], npt.NDArray[np.integer[Any]]] = \
    getattr(np, "bitwise_count", _popcount)
"""numpy 2's ``bitwise_count`` (several times faster), else :func:`_popcount`."""


def random_legal_actions(mask: npt.NDArray[np.bool_], rng: np.random.Generator,
                         jit: bool | None = None) -> IDX:
    """One legal id per row of ``mask``, uniformly at random among the row's legal ids.

    Only ids below 128 are looked at (the batched simulator makes none above 106 legal):
    one draw ``u`` per row picks the ``int(u * count)``-th legal id in increasing order.
    A row without a legal id among them is a :class:`ValueError`. ``jit`` as for
    :class:`BatchEuchre` (numba, where installed, row by row; numpy, two 64-bit words per
    row): the same picks either way.

    >>> mask = np.zeros((2, 1377), dtype=bool)
    >>> mask[0, [3, 70, 100]] = mask[1, 5] = True
    >>> picks = random_legal_actions(mask, np.random.default_rng(0))
    >>> picks[0] in (3, 70, 100), picks[1]
    (True, np.int64(5))
    """
    rows = len(mask)
    compiled = _jit_module(jit)
    if compiled is not None and mask.dtype == np.bool_ and mask.ndim == 2 \
            and mask.shape[1] >= 128:
        ids = np.zeros(rows, dtype=np.intp)
        empty = compiled.pick_legal(mask, rng.random(rows), ids)
        if empty >= 0:
            raise ValueError(f"row {empty} of the mask has no legal id below 128")
        return ids
    packed = np.packbits(mask[:, :128], axis=1, bitorder="little")
    words = packed.view("<u8")
    counts = _count_bits(words).astype(np.int64)
    total = counts[:, 0] + counts[:, 1]
    if not total.all():
        raise ValueError(f"row {int(np.argmin(total))} of the mask has no legal id below 128")
    k = (rng.random(rows) * total).astype(np.int64)
    high = k >= counts[:, 0]
    word = np.where(high, words[:, 1], words[:, 0])
    k -= np.where(high, counts[:, 0], 0)
    for _ in range(int(k.max())):
        drop = k > 0
        word = np.where(drop, word & (word - np.uint64(1)), word)
        k -= drop
    lowest = word & (~word + np.uint64(1))
    # bit i is 2**i = 0.5 * 2**(i + 1), which frexp splits exactly
    picks: IDX = (np.frexp(lowest.astype(np.float64))[1] - 1 + 64 * high).astype(np.intp)
    return picks


def bench_batch(batch: int, steps: int = 200, seed: int = 0, rules: Rules | str = "standard",
                jit: bool | None = None) -> dict[str, float | int | bool]:
    """Time ``steps`` steps of ``batch`` slots playing random legal actions.

    The time covers the whole loop: choosing the actions
    (:func:`random_legal_actions`) and :meth:`BatchEuchre.step`, not :meth:`~BatchEuchre.init`.
    Returns ``steps_per_sec`` (slot-steps: ``batch * steps`` a second),
    ``deals_per_sec`` (deals ended a second), ``seconds``, ``deals``, ``batch`` and
    ``steps``, and ``jit`` (whether numba ran the loop; ``jit`` as for
    :class:`BatchEuchre`). The compiled step is compiled, once per process, before the
    clock starts. A benchmark, not a test: no figure is checked.

    >>> sorted(bench_batch(2, steps=3, jit=False))
    ['batch', 'deals', 'deals_per_sec', 'jit', 'seconds', 'steps', 'steps_per_sec']
    """
    env = BatchEuchre(rules, batch, seed, jit=jit)
    state = env.init()
    rng = np.random.default_rng(seed)
    if env.jit:  # compile outside the clock, on a copy
        warm = state.copy()
        env.step(warm, random_legal_actions(warm.legal_action_mask, np.random.default_rng(), True))
    deals = np.zeros((), dtype=np.int64)
    start = time.perf_counter()
    for _ in range(steps):
        env.step(state, random_legal_actions(state.legal_action_mask, rng, env.jit))
        deals += np.count_nonzero(state.terminated)
    seconds = time.perf_counter() - start
    return {
        "batch": batch,
        "steps": steps,
        "seconds": seconds,
        "deals": int(deals),
        "steps_per_sec": batch * steps / seconds,
        "deals_per_sec": int(deals) / seconds,
        "jit": env.jit,
    }
