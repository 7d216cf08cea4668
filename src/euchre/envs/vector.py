"""``Euchre-v0`` for ``num_envs`` deals at once: a Gymnasium vector environment on the
batched simulator (:mod:`euchre.envs.batch`).

:class:`EuchreVectorEnv` is the vector counterpart of the single-seat environment
(:mod:`euchre.envs.single`): the learner plays ``seat`` in every slot, and the other
three seats (its partner too) are played inside :meth:`~EuchreVectorEnv.step` until it
is the learner's turn again in every slot. The deals are played by
:class:`~euchre.envs.batch.BatchEuchre`, not by the engine; the observations are encoded
from its arrays, entry for entry what :func:`~euchre.envs.encoders.encode_compact` makes
of the engine's view (``tests/envs/test_env_vector.py`` replays every deal in the engine and
compares them).

=================  ================================================================
action space       ``MultiDiscrete([1377] * num_envs)``; one slot's is ``Discrete(1377)``,
                   the ids of :mod:`euchre.envs.action_ids`
observation        float32 ``(num_envs, 1126)``: each slot's ``compact`` encoding of the
                   learner's view (``Box(-1, 1, (1126,))`` a slot, as ``Euchre-v0``)
the mask           ``info["action_mask"]`` (bool ``(num_envs, 1377)``, a fresh array
                   every step) and :meth:`EuchreVectorEnv.action_masks` (the same, for
                   masked algorithms such as sb3-contrib's ``MaskablePPO``)
opponents          ``"random"``: uniformly random legal ids; or a callable
                   ``(observations, masks) -> actions`` (below)
reward             at the end of each deal: the learner's side's points less the
                   other side's (``+n`` / ``-n``), 0 on every other step
illegal action     ends that slot's episode with ``illegal_reward`` (default -4, as
                   ``Euchre-v0``), ``info["illegal"]`` true there; nothing is raised
episode            one deal; a deal in which the learner has nothing to decide (it
                   sits out while its partner goes alone) is played by the opponents and
                   not counted, as ``Euchre-v0``'s reset does
autoreset          ``AutoresetMode.SAME_STEP`` (below)
rules              what :class:`~euchre.envs.batch.BatchEuchre` plays: the options of the
                   ``standard``, ``tournament`` and ``openspiel`` presets in any
                   combination (others: :class:`~euchre.errors.RulesError`)
=================  ================================================================

Autoreset: the simulator deals a slot's next deal in the step that ends the last one,
so a slot whose episode ends reports ``terminated`` true, the deal's reward, and already
the observation and mask of its next deal (the learner's first decision in it): Gymnasium
1.x's ``SAME_STEP`` mode (``metadata["autoreset_mode"]``). The ended deal's last
observation (its ``over`` view, or for an illegal action the observation the action was
chosen on) is in ``info["final_obs"]`` (an object array, ``None`` where no episode
ended; ``info["_final_obs"]`` marks the slots), and ``info["final_info"]`` holds its
``illegal`` flags. Episodes never truncate: ``truncations`` is always false. An illegal
action's deal is finished out of sight (every seat takes its lowest legal id, passing
where it may) before the slot's next deal, whose cards do not depend on how.

Opponents: a callable is called once per round of the other seats' decisions with the
observations of the slots where one of them is to act, each from the acting seat's own
view (float32 ``(n, 1126)``, the same encoding), and their masks (bool ``(n, 1377)``), in
increasing order of the slots; it returns ``n`` legal ids (a frozen copy of the policy,
for self-play). An illegal id from it is an :class:`~euchre.errors.ActionError`; after
an error from it, :meth:`~EuchreVectorEnv.reset` before stepping again.

Seeding: ``reset(seed=s)`` (or the constructor's ``seed``, for the first reset without
one) seeds :attr:`~EuchreVectorEnv.np_random`, which draws the simulator's seed and then
the random opponents' choices: the same seed gives the same deals and the same opponents'
decisions for the same actions. A reset without a seed goes on from the generator.

>>> env = EuchreVectorEnv(num_envs=4, seed=1)
>>> observations, info = env.reset()
>>> observations.shape, info["action_mask"].shape, observations.dtype
((4, 1126), (4, 1377), dtype('float32'))
>>> actions = random_legal_actions(env.action_masks(), np.random.default_rng(0))
>>> observations, rewards, terminations, truncations, info = env.step(actions)
>>> rewards.shape, terminations.dtype, env.metadata["autoreset_mode"].name
((4,), dtype('bool'), 'SAME_STEP')
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, Final, NamedTuple

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.error import ResetNeeded
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from euchre.engine.cards import NUM_CARD_CODES, TRUMP_ORDERS
from euchre.engine.game import Phase
from euchre.engine.rules import Rules
from euchre.envs.action_ids import DISCARD_BASE, NUM_ACTIONS, PASS_ID, PLAY_BASE
from euchre.envs.batch import (
    PHASE_BID2,
    PHASE_NAMES,
    PHASE_PLAY,
    BatchEuchre,
    BatchState,
    random_legal_actions,
)
from euchre.envs.common import episode_rules
from euchre.envs.encoders import COMPACT_FIELDS, COMPACT_SIZE
from euchre.envs.single import ILLEGAL_REWARD
from euchre.errors import ActionError

__all__ = ["EuchreVectorEnv", "OpponentPolicy"]

F32 = npt.NDArray[np.float32]
BOOL = npt.NDArray[np.bool_]
IDX = npt.NDArray[np.intp]

OpponentPolicy = Callable[[F32, BOOL], npt.ArrayLike]
"""A policy for the other seats: ``(observations (n, 1126), masks (n, 1377)) -> n ids``."""

_OFFSET: Final = {name: sum(size for _, size in COMPACT_FIELDS[:i])
                  for i, (name, _) in enumerate(COMPACT_FIELDS)}
_CARDS: Final = NUM_CARD_CODES
"""The width of a field per card (53; the simulator's cards are codes 0 to 31)."""
_ENGINE_PHASES: Final = tuple(p.value for p in Phase)
_PHASE_INDEX: Final = np.array([_ENGINE_PHASES.index(name) for name in PHASE_NAMES],
                               dtype=np.intp)
"""The one-hot place of each simulator phase in the encoding's ``phase`` field."""
_OVER: Final = _ENGINE_PHASES.index(Phase.OVER.value)
_SEATS: Final = np.arange(4, dtype=np.intp)
_CALLS: Final = _OFFSET["calls"]
_CALL_WIDTH: Final = 5  # per seat: passes, ordered, called, bid or declared, alone

_BIT: Final = np.array([1 << c for c in range(32)], dtype=np.uint32)

_EUCHRE: Final = TRUMP_ORDERS["euchre"]
_EFFECTIVE: Final = np.array([row[:32] for row in _EUCHRE.effective[:4]], dtype=np.intp)
"""``[trump, card]``: the engine's effective suit of each card."""
_TRICK_KEY: Final = np.array(
    [[[*row[:32], -2] for row in _EUCHRE.trick_key[t][:4]] for t in range(4)], dtype=np.int16)
"""``[trump, led, card]``: the engine's strength of a card in a trick (index -1, no
card, -2: below any)."""


class _Rows(NamedTuple):
    """What one seat's encoding reads, for ``n`` slots (seats absolute)."""

    seat: IDX
    """The observer."""
    hand: npt.NDArray[np.uint32]
    upcard: npt.NDArray[np.int8]
    played: npt.NDArray[np.uint32]
    """(n, 4): the cards each seat has played this deal."""
    trick: npt.NDArray[np.int8]
    """(n, 4): the trick in progress, -1 for no card."""
    leader: npt.NDArray[np.int8]
    """Who led the trick in progress, -1 for none."""
    discard: npt.NDArray[np.int8]
    """The dealer's discard when the observer is the dealer, else -1."""
    phase: IDX
    """The place in the ``phase`` field."""
    trump: npt.NDArray[np.int8]
    dealer: npt.NDArray[np.int8]
    maker: npt.NDArray[np.int8]
    alone: npt.NDArray[np.uint8]
    passes: npt.NDArray[np.int8]
    """(n, 4): each seat's passes this deal."""
    tricks_won: npt.NDArray[np.int8]
    """(n, 2): by team."""
    score: npt.NDArray[np.int8]
    """(n, 2): by team (the deal's points once it is over)."""


def _bits(words: npt.NDArray[np.uint32]) -> npt.NDArray[np.uint8]:
    """The 32 bits of each word of ``words`` (n, k), bit ``c`` of a word at ``c``: shape
    (n, k, 32)."""
    n, k = words.shape
    raw = np.ascontiguousarray(words, dtype="<u4").view(np.uint8).reshape(n, k * 4)
    return np.unpackbits(raw, axis=1, bitorder="little").reshape(n, k, 32)


def _field(out: F32, name: str, width: int) -> F32:
    """Field ``name`` of the encodings ``out`` as (n, 4, width): its first four seats'
    places (a view: only the last axis is split)."""
    start = _OFFSET[name]
    return out[:, start:start + 4 * width].reshape(len(out), 4, width)


def _encode(rows: _Rows, rules: Rules) -> F32:
    """The ``compact`` encoding of each row's view: what
    :func:`~euchre.envs.encoders.encode_compact` makes of the engine's view, for
    four-handed Euchre with the 24-card deck (cards 0 to 31 of each card field)."""
    me = rows.seat
    n = len(me)
    out = np.zeros((n, COMPACT_SIZE), dtype=np.float32)
    upcard, trump, discard, leader = (a.astype(np.intp) for a in (
        rows.upcard, rows.trump, rows.discard, rows.leader))
    at = np.arange(n)
    column = at[:, None]
    order = (me[:, None] + _SEATS) & 3
    """(n, 4): the absolute seat of each relative seat."""

    def rel(seat: npt.NDArray[np.integer[Any]], where: IDX | slice = slice(None)) -> IDX:
        return (seat.astype(np.intp) - me[where]) & 3

    hand = _OFFSET["hand"]
    out[:, hand:hand + 32] = _bits(rows.hand[:, None])[:, 0]
    out[at, _OFFSET["upcard"] + upcard] = 1
    _field(out, "played_by", _CARDS)[:, :, :32] = _bits(rows.played[column, order])
    trick = rows.trick[column, order].astype(np.intp)
    i, k = np.nonzero(trick >= 0)
    out[i, _OFFSET["trick"] + k * _CARDS + trick[i, k]] = 1
    led = np.flatnonzero(leader >= 0)
    out[led, _OFFSET["leader"] + rel(leader[led], led)] = 1
    away = np.flatnonzero(discard >= 0)
    out[away, _OFFSET["laid_away"] + discard[away]] = 1
    out[at, _OFFSET["phase"] + rows.phase] = 1
    made = np.flatnonzero(trump >= 0)
    out[made, _OFFSET["trump"] + trump[made]] = 1
    out[at, _OFFSET["dealer"] + rel(rows.dealer)] = 1
    maker = rel(rows.maker[made], made)
    out[made, _OFFSET["maker"] + maker] = 1
    ordered = trump[made] == upcard[made] >> 3  # round two can't name that suit
    out[made, _CALLS + maker * _CALL_WIDTH + np.where(ordered, 1, 2)] = 1
    alone = rows.alone.astype(np.intp)[:, None]
    alone_rel = alone >> order & 1
    lone, out_of = _OFFSET["alone"], _OFFSET["sitting_out"]
    out[:, lone:lone + 4] = alone_rel
    out[:, out_of:out_of + 4] = (alone << 2 | alone >> 2) >> order & 1
    calls = _field(out, "calls", _CALL_WIDTH)
    calls[:, :, 4] = alone_rel
    calls[:, :, 0] = rows.passes[column, order] * 0.5
    sides = (me[:, None] + _SEATS[:2]) & 1  # the observer's team first
    tricks = float(rules.hand_size)
    target = float(rules.target) if rules.target > 0 else 10.0
    won, score = _OFFSET["tricks_won"], _OFFSET["score"]
    out[:, won:won + 2] = rows.tricks_won[column, sides] / tricks
    out[:, score:score + 2] = np.clip(rows.score[column, sides] / target, -1.0, 1.0)
    out[:, _OFFSET["players"] + 3] = 1
    return out


def _lowest_legal(mask: BOOL) -> IDX:
    """Each row's lowest legal id (a pass, where one is legal)."""
    ids: IDX = np.argmax(mask[:, :128], axis=1).astype(np.intp)
    return ids


class EuchreVectorEnv(VectorEnv[F32, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` deals of one learner's seat, the others played by ``opponents``, on
    the batched simulator (see the module docstring).

    ``rules`` (a preset's name or :class:`~euchre.engine.rules.Rules`, with ``options`` changed
    as keywords, as ``Euchre-v0`` takes them); ``seat`` the learner's (0 to 3);
    ``opponents`` ``"random"`` or a callable (:data:`OpponentPolicy`); ``seed`` seeds the
    first reset that is given none. ``encoder``, ``episode`` and ``reward`` are taken for
    ``gymnasium.make_vec``'s sake, at the one value each this environment plays.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int = 1, rules: Rules | str = "standard", seat: int = 0,
                 opponents: str | OpponentPolicy = "random", seed: int | None = None,
                 illegal_reward: float = ILLEGAL_REWARD, encoder: str = "compact",
                 episode: str = "deal", reward: str = "points", **options: Any) -> None:
        if (encoder, episode, reward) != ("compact", "deal", "points"):
            raise ValueError("the vector environment plays encoder='compact', episode='deal' "
                             f"and reward='points', not {encoder!r}, {episode!r} and "
                             f"{reward!r}: Euchre-v0 (vectorization_mode='sync') has the "
                             "others")
        self.rules: Final = episode_rules(rules, options, episode, reward, encoder)
        try:
            size = operator.index(num_envs)
        except TypeError:
            raise ValueError(f"num_envs is a whole number, not {num_envs!r}") from None
        if size < 1:
            raise ValueError(f"num_envs is at least 1, not {size}")
        if type(seat) is not int or not 0 <= seat < 4:
            raise ValueError(f"seat: a seat from 0 to 3, not {seat!r}")
        if opponents != "random" and not callable(opponents):
            raise ValueError(f"opponents: 'random' or a callable (observations, masks) -> "
                             f"actions, not {opponents!r} (the engine's bots play in "
                             "Euchre-v0: vectorization_mode='sync')")
        BatchEuchre(self.rules, 1, 0)  # refuses the rules it does not play
        self.num_envs = size
        self.seat: Final = seat
        self.team: Final = self.rules.seating.team_of[seat]
        self.opponents: Final = opponents
        self.illegal_reward: Final = float(illegal_reward)
        self.single_observation_space = spaces.Box(low=-1, high=1, shape=(COMPACT_SIZE,),
                                                   dtype=np.float32)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, size)
        self.action_space = batch_space(self.single_action_space, size)
        if seed is not None:
            super().reset(seed=seed)
        self._sim: BatchEuchre | None = None
        self._state: BatchState | None = None
        self._all: Final = np.arange(size, dtype=np.intp)
        self._played = np.zeros((size, 4), dtype=np.uint32)
        self._passes = np.zeros((size, 4), dtype=np.int8)
        self._discard = np.full(size, -1, dtype=np.int8)
        self._open = np.zeros(size, dtype=bool)
        """Slots whose episode has not ended in this step (its end is reported)."""
        self._abandoned = np.zeros(size, dtype=bool)
        """Slots whose deal is being finished after an illegal action."""
        self._rewards = np.zeros(size, dtype=np.float32)
        self._ended = np.zeros(size, dtype=bool)
        self._finals: list[tuple[IDX, F32]] = []
        """The last observations of the episodes ended in this step, by slots."""
        self._ends: list[tuple[IDX, _Rows]] = []
        """The ``over`` views of the deals ended in this step, still to encode."""
        self._observations = np.zeros((size, COMPACT_SIZE), dtype=np.float32)
        self._masks = np.zeros((size, NUM_ACTIONS), dtype=bool)

    # -- the episode -------------------------------------------------------------------

    @property
    def state(self) -> BatchState:
        """The simulator's state, every slot's deal now (to read, not to change)."""
        if self._state is None:
            raise ResetNeeded("call reset() before step() (and after an error)")
        return self._state

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[F32, dict[str, Any]]:
        """Deal every slot a new deal and play the other seats to the learner's first
        decision; returns the observations and ``{"action_mask": ...}``."""
        super().reset(seed=seed)
        self._sim = BatchEuchre(self.rules, self.num_envs,
                                int(self.np_random.integers(0, 2**63)))
        self._state = self._sim.init()
        self._played.fill(0)
        self._passes.fill(0)
        self._discard.fill(-1)
        self._open.fill(False)
        self._abandoned.fill(False)
        try:
            self._play_others()
        except BaseException:
            self._state = None
            raise
        self._ends = []
        return self._observe(), {"action_mask": self._masks}

    def step(self, actions: npt.ArrayLike) -> tuple[F32, F32, BOOL, BOOL, dict[str, Any]]:
        """The learner's action in every slot, then the other seats' until the learner's
        turn; a slot whose episode ended starts the next (``SAME_STEP``)."""
        state = self.state
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,) or acts.dtype.kind not in "iu":
            raise ValueError(f"actions: {self.num_envs} whole action ids, one per slot, not "
                             f"an array of shape {acts.shape} and type {acts.dtype}")
        acts = acts.astype(np.intp)
        inside = (acts >= 0) & (acts < NUM_ACTIONS)
        legal = inside & state.legal_action_mask[self._all, np.where(inside, acts, 0)]
        illegal = ~legal
        self._rewards = np.zeros(self.num_envs, dtype=np.float32)
        self._ended = illegal.copy()
        self._open = legal.copy()
        self._finals = []
        self._ends = []
        wrong = np.flatnonzero(illegal)
        if wrong.size:
            self._rewards[wrong] = self.illegal_reward
            self._finals.append((wrong, self._observations[wrong]))
            self._abandoned[wrong] = True
            acts[wrong] = _lowest_legal(state.legal_action_mask[wrong])
        try:
            self._apply(self._all, acts)
            self._play_others()
        except BaseException:  # the opponents' policy failed: the slots are mid-deal
            self._state = None
            raise
        if self._ends:  # the over views, encoded together
            over = _Rows._make(np.concatenate(parts) for parts in zip(
                *(views for _, views in self._ends), strict=True))
            self._finals.append((np.concatenate([at for at, _ in self._ends]),
                                 _encode(over, self.rules)))
        final_obs = np.full(self.num_envs, None, dtype=object)
        for slots, observations in self._finals:
            for slot, row in zip(slots.tolist(), observations, strict=True):
                final_obs[slot] = row
        ended = self._ended
        observations = self._observe()
        infos = {
            "action_mask": self._masks,
            "illegal": illegal,
            "final_obs": final_obs,
            "_final_obs": ended.copy(),
            "final_info": {"illegal": illegal.copy(), "_illegal": ended.copy()},
            "_final_info": ended.copy(),
        }
        return (observations, self._rewards, ended,
                np.zeros(self.num_envs, dtype=bool), infos)

    def action_masks(self) -> BOOL:
        """The learner's legal ids in every slot now, bool ``(num_envs, 1377)``."""
        return self._masks

    def close_extras(self, **kwargs: Any) -> None:
        """Let the simulator's arrays go."""
        self._sim = None
        self._state = None

    # -- playing -----------------------------------------------------------------------

    def _play_others(self) -> None:
        """The other seats' decisions (and the finishing of abandoned deals) until the
        learner is to act in every slot."""
        state = self.state
        while True:
            idx = np.flatnonzero((state.current_player != self.seat) | self._abandoned)
            if not idx.size:
                return
            acts = np.empty(idx.size, dtype=np.intp)
            lost = self._abandoned[idx]
            if lost.any():
                acts[lost] = _lowest_legal(state.legal_action_mask[idx[lost]])
                acts[~lost] = self._choose(idx[~lost])
            else:
                acts = self._choose(idx)
            self._apply(idx, acts)

    def _choose(self, slots: IDX) -> IDX:
        """The opponents' ids in ``slots``."""
        if not slots.size:
            return slots
        state = self.state
        if self.opponents == "random":
            return random_legal_actions(state.legal_action_mask[slots, :128], self.np_random)
        assert callable(self.opponents)
        masks = state.legal_action_mask[slots]
        chosen = np.asarray(self.opponents(self._observe_seats(slots), masks))
        if chosen.shape != slots.shape or chosen.dtype.kind not in "iu":
            raise ActionError(f"the opponents' policy returned an array of shape "
                              f"{chosen.shape} and type {chosen.dtype}, not {slots.size} "
                              "whole action ids")
        acts = chosen.astype(np.intp)
        inside = (acts >= 0) & (acts < NUM_ACTIONS)
        legal = inside & masks[np.arange(slots.size), np.where(inside, acts, 0)]
        if not legal.all():
            row = int(np.argmin(legal))
            raise ActionError(
                f"the opponents' policy chose id {int(acts[row])} for seat "
                f"{int(state.current_player[slots[row]])} in slot {int(slots[row])}; the legal "
                f"ids are {np.flatnonzero(masks[row]).tolist()}")
        return acts

    def _apply(self, slots: IDX, acts: IDX) -> None:
        """Apply ``acts`` in ``slots`` (an increasing array of slots): the history the
        encoding needs, the simulator's step, and each episode that ends."""
        state = self.state
        seats = state.current_player[slots].astype(np.intp)
        passing = acts == PASS_ID
        self._passes[slots[passing], seats[passing]] += 1
        card = acts - PLAY_BASE
        play = card.view(np.uintp) < 32  # a negative difference reads huge
        self._played[slots[play], seats[play]] |= _BIT[card[play]]
        away = acts - DISCARD_BASE
        laid = away.view(np.uintp) < 32
        self._discard[slots[laid]] = away[laid]
        # the deals that may end now, and are reported: their state before the step
        before = None
        is_open = self._open[slots]
        if is_open.any():
            phase = state.phase[slots]
            last = ((phase == PHASE_PLAY) & (state.tricks_played[slots] == 4)
                    | (phase == PHASE_BID2) & (state.passes[slots] == 3) & passing) & is_open
            at = np.flatnonzero(last)
            if at.size:
                before = self._snapshot(slots[at], seats[at], acts[at])
        self._step(slots, acts)
        done = slots[state.terminated[slots]]
        if not done.size:
            return
        if before is not None:
            ends = state.terminated[slots[at]]
            if ends.any():
                self._finish(slots[at[ends]], before, ends)
        self._played[done] = 0
        self._passes[done] = 0
        self._discard[done] = -1
        self._abandoned[done] = False
        self._open[done] = False

    def _snapshot(self, slots: IDX, seats: IDX, acts: IDX) -> _Rows:
        """The learner's view of ``slots`` as it will be once the actions (``acts`` by
        ``seats``) end their deals, but for the last trick's winner and the points, which
        :meth:`_finish` adds."""
        state = self.state
        me = np.full(slots.size, self.seat, dtype=np.intp)
        hand = state.hands[slots, self.seat].copy()
        card = acts - PLAY_BASE
        play = (card >= 0) & (card < 32)
        trick = state.trick[slots].copy()
        trick[play, seats[play]] = card[play]
        hand[play & (seats == self.seat)] &= ~_BIT[card[play & (seats == self.seat)]]
        dealer = state.dealer[slots]
        return _Rows(
            seat=me, hand=hand, upcard=state.upcard[slots], played=self._played[slots],
            trick=trick, leader=state.leader[slots], discard=np.where(
                dealer == self.seat, self._discard[slots], -1).astype(np.int8),
            phase=np.full(slots.size, _OVER, dtype=np.intp), trump=state.trump[slots],
            dealer=dealer, maker=state.maker[slots], alone=state.alone[slots],
            passes=self._passes[slots], tricks_won=state.tricks_won[slots].copy(),
            score=np.zeros((slots.size, 2), dtype=np.int8))

    def _finish(self, slots: IDX, before: _Rows, keep: BOOL) -> None:
        """The episodes of ``slots`` ended (``keep`` picks their rows of ``before``): their
        rewards, and their last observation (the ``over`` view) for ``final_obs``."""
        rows = _Rows._make(field[keep] for field in before)
        state = self.state
        played = np.flatnonzero(rows.trump >= 0)  # the others were thrown in
        if played.size:
            trick = rows.trick[played]
            trump = rows.trump[played].astype(np.intp)
            led = _EFFECTIVE[trump, trick[np.arange(played.size), rows.leader[played]]]
            keys = _TRICK_KEY[trump[:, None], led[:, None], trick]
            winner = np.argmax(keys, axis=1)
            rows.tricks_won[played, winner & 1] += 1
        points = state.team_points[slots]
        rows.score[:] = points
        rows.trick[:] = -1
        rows.leader[:] = -1
        self._rewards[slots] = points[:, self.team] - points[:, 1 - self.team]
        self._ended[slots] = True
        self._ends.append((slots, rows))

    def _step(self, slots: IDX, acts: IDX) -> None:
        """The simulator's step of ``slots`` alone (the others wait)."""
        state = self.state
        assert self._sim is not None
        if slots.size == self.num_envs:
            self._sim.step(state, acts)
            return
        full = np.zeros(self.num_envs, dtype=np.intp)
        full[slots] = acts
        moving = np.zeros(self.num_envs, dtype=np.bool_)
        moving[slots] = True
        self._sim.step(state, full, moving)

    # -- what the seats see ------------------------------------------------------------

    def _rows(self, slots: IDX, seats: IDX) -> _Rows:
        """The views of ``seats`` in ``slots`` now, as the encoding reads them."""
        state = self.state
        trick = state.trick[slots]
        dealer = state.dealer[slots]
        return _Rows(
            seat=seats, hand=state.hands[slots, seats], upcard=state.upcard[slots],
            played=self._played[slots], trick=trick,
            leader=np.where((trick >= 0).any(axis=1), state.leader[slots], -1).astype(np.int8),
            discard=np.where(dealer == seats, self._discard[slots], -1).astype(np.int8),
            phase=_PHASE_INDEX[state.phase[slots]], trump=state.trump[slots], dealer=dealer,
            maker=state.maker[slots], alone=state.alone[slots], passes=self._passes[slots],
            tricks_won=state.tricks_won[slots],
            score=np.zeros((slots.size, 2), dtype=np.int8))

    def _observe(self) -> F32:
        """The learner's observations and masks in every slot (fresh arrays)."""
        state = self.state
        self._masks = state.legal_action_mask.copy()
        self._observations = _encode(
            self._rows(self._all, np.full(self.num_envs, self.seat, dtype=np.intp)),
            self.rules)
        return self._observations

    def _observe_seats(self, slots: IDX) -> F32:
        """The observations of the seats to act in ``slots``, each from its own view."""
        seats = self.state.current_player[slots].astype(np.intp)
        return _encode(self._rows(slots, seats), self.rules)
