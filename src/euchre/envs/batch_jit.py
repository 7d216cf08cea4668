"""The batched simulator's step compiled by numba: one loop over the slots.

:class:`~euchre.envs.batch.BatchEuchre` uses it where numba is installed (the ``jit``
extra) and ``jit`` is not turned off. It is the numpy step of :mod:`euchre.envs.batch`
written slot by slot, with the same tables, so the two give the same states for the same
actions (``tests/envs/test_env_batch.py`` checks it, and both against the engine); it is
imported only where numba is, and nothing else imports it.

numba compiles on first use (a few seconds) and caches the machine code beside this file,
or in the user's cache folder where that is not writable.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
import numpy as np

from euchre.envs.action_ids import ALONE_ID, CALL_BASE, DISCARD_BASE, ORDER_ID, PASS_ID, PLAY_BASE

__all__ = ["pick_legal", "step_slots"]

_LAST_ID = DISCARD_BASE + 31
"""The highest id ever legal here: the discard of card 31, the highest of the 24-card
deck (numba reads these module constants as constants)."""
_BID1, _EXCHANGE, _BID2, _ASKED, _PLAY = 0, 1, 2, 3, 4
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


def _compiled(function: Callable[..., Any]) -> Any:
    """``function`` compiled, its machine code cached where a cache can be written."""
    try:
        return numba.njit(cache=True, nogil=True)(function)
    except RuntimeError:  # no writable cache folder: compile afresh in each process
        return numba.njit(nogil=True)(function)


def _step_slots(acts: Any, moving: Any, t: Any, d: Any, stick: bool, keep_upcard: bool,
                asking: bool) -> int:
    """Step every slot that is ``moving`` by its action: -1, or the first such slot whose action
    is not legal (then nothing has changed). ``t`` is the tuple of tables, ``d`` the
    state; the other slots are left as they are.

    One function, its parts written out: a call that passes the state's arrays would
    count references to each of them, and cost more than the step.
    """
    (deck, bit, effective, keyed, active, following, follow_flat, ask_place, ask_seat,
     first_leader, points_of, team_of, bid_bytes, phase_key) = t
    (current_player, mask, rewards, team_points, terminated, phases, dealers, hands, upcard,
     kitty, passes, trump, maker, alone, asked, leader, led, trick, played, tricks_won,
     tricks_played, deals, stream) = d
    for i in range(len(acts)):
        if not moving[i]:
            continue
        act = acts[i]
        if act < 0 or act > _LAST_ID or not mask[i, act]:
            return i
    keys = np.empty(24, dtype=np.uint64)
    order = np.empty(24, dtype=np.int64)
    for i in range(len(acts)):
        if not moving[i]:
            continue
        act = np.intp(acts[i])
        for seat in range(4):
            rewards[i, seat] = 0
        team_points[i, 0] = 0
        team_points[i, 1] = 0
        terminated[i] = False
        phase = phases[i]
        over = False
        ask_from = -1  # trump is made: ask from this place in the order of asking
        if phase == _BID1 and act == ORDER_ID:
            trump[i] = upcard[i] >> 3
            maker[i] = current_player[i]
            phases[i] = _EXCHANGE
            current_player[i] = dealers[i]
        elif phase == _BID1 or (phase == _BID2 and act == PASS_ID):
            passed = passes[i] + 1
            if passed == 4:
                passes[i] = 0
                if phase == _BID1:
                    phases[i] = _BID2
                    current_player[i] = (dealers[i] + 1) & 3
                else:
                    over = True  # thrown in
            else:
                passes[i] = passed
                current_player[i] = (current_player[i] + 1) & 3
        elif phase == _EXCHANGE:
            dealer = dealers[i]
            hand = hands[i, dealer] | bit[upcard[i]]
            hands[i, dealer] = hand & ~bit[act - DISCARD_BASE]
            ask_from = 0
        elif phase == _BID2:
            trump[i] = act - CALL_BASE
            maker[i] = current_player[i]
            ask_from = 0
        elif phase == _ASKED:
            if act == ALONE_ID:
                alone[i] |= np.uint8(1 << current_player[i])
            ask_from = asked[i] + 1
        else:
            seat = current_player[i]
            c = act - PLAY_BASE
            hands[i, seat] ^= bit[c]
            trick[i, seat] = c
            suit = np.intp(trump[i])
            if played[i] == 0:
                led[i] = effective[suit * 33 + c]
            lone = alone[i]
            count = played[i] + 1
            full = count == active[lone]
            played[i] = 0 if full else count
            current_player[i] = following[np.intp(lone) * 4 + seat]
            if full:
                row = (suit * 4 + led[i]) * 256
                winner = 0
                best = -128
                for place in range(4):
                    key = keyed[row + (np.intp(trick[i, place]) & 255)]
                    if key > best:
                        best = key
                        winner = place
                tricks_won[i, winner & 1] += 1
                tricks_played[i] += 1
                current_player[i] = winner
                leader[i] = winner
                led[i] = -1
                for place in range(4):
                    trick[i, place] = -1
                if tricks_played[i] == 5:
                    over = True
                    makers = np.intp(maker[i] & 1)
                    index = (np.intp(tricks_won[i, makers]) * 2 + makers) * 16 + lone
                    points = points_of[index]
                    team = team_of[index]
                    team_points[i, team] = points
                    rewards[i, team] = points
                    rewards[i, team + 2] = points
        if ask_from >= 0:
            context = (np.intp(dealers[i]) * 4 + maker[i]) * 16 + alone[i]
            index = context * 5 + ask_from
            if asking and ask_place[index] < 4:
                phases[i] = _ASKED
                asked[i] = ask_place[index]
                current_player[i] = ask_seat[index]
            else:  # play: the first leader leads
                phases[i] = _PLAY
                leader[i] = first_leader[context]
                current_player[i] = first_leader[context]
        if over:  # deal the slot's next deal, the deal passing to the left
            terminated[i] = True
            dealer = (dealers[i] + 1) & 3
            base = np.uint64(deals[i]) * np.uint64(24)
            for k in range(24):
                x = stream[i] + (base + np.uint64(k + 1)) * _GOLDEN
                x = (x ^ (x >> np.uint64(30))) * _MIX1
                x = (x ^ (x >> np.uint64(27))) * _MIX2
                keys[k] = x ^ (x >> np.uint64(31))
                at = k  # insertion sort, stable as numpy's kind="stable"
                while at > 0 and keys[order[at - 1]] > keys[k]:
                    order[at] = order[at - 1]
                    at -= 1
                order[at] = k
            for seat in range(4):
                hand = np.uint32(0)
                for k in range(5 * seat, 5 * seat + 5):
                    hand |= bit[deck[order[k]]]
                hands[i, seat] = hand
            upcard[i] = deck[order[20]]
            kitty[i] = bit[deck[order[21]]] | bit[deck[order[22]]] | bit[deck[order[23]]]
            deals[i] += 1
            dealers[i] = dealer
            current_player[i] = (dealer + 1) & 3
            phases[i] = _BID1
            passes[i] = 0
            alone[i] = 0
            asked[i] = 0
            played[i] = 0
            tricks_won[i, 0] = 0
            tricks_won[i, 1] = 0
            tricks_played[i] = 0
            trump[i] = -1
            maker[i] = -1
            leader[i] = -1
            led[i] = -1
            for seat in range(4):
                trick[i, seat] = -1
        # the slot's legal ids
        for a in range(_LAST_ID + 1):
            mask[i, a] = False
        phase = phases[i]
        seat = current_player[i]
        hand = hands[i, seat]
        if phase == _PLAY:
            legal = hand & follow_flat[(np.intp(trump[i]) + 1) * 5 + led[i] + 1]
            if legal == 0:
                legal = hand
            for code in range(32):
                if legal >> np.uint32(code) & np.uint32(1):
                    mask[i, PLAY_BASE + code] = True
        elif phase == _EXCHANGE:
            up = bit[upcard[i]]
            legal = hand | up
            if keep_upcard:
                legal &= ~up
            for code in range(32):
                if legal >> np.uint32(code) & np.uint32(1):
                    mask[i, DISCARD_BASE + code] = True
        else:
            key = np.intp(phase_key[phase])
            if phase == _BID2:
                key = 1 + (upcard[i] >> 3) + (4 if stick and seat == dealers[i] else 0)
            bits = bid_bytes[key]
            for a in range(8):
                if bits >> np.uint64(a) & np.uint64(1):
                    mask[i, a] = True
    return -1


def _pick_legal(mask: Any, draws: Any, out: Any) -> int:
    """``random_legal_actions``' pick, row by row: the ``int(draw * count)``-th legal id
    below 128 of each row, in increasing order; -1, or the first row without one."""
    for i in range(mask.shape[0]):
        count = 0
        for a in range(128):
            if mask[i, a]:
                count += 1
        if count == 0:
            return i
        k = np.int64(draws[i] * count)
        for a in range(128):
            if mask[i, a]:
                if k == 0:
                    out[i] = a
                    break
                k -= 1
    return -1


step_slots: Any = _compiled(_step_slots)
"""``step_slots(actions, moving, tables, state, stick, keep_upcard, asking) -> int``."""
pick_legal: Any = _compiled(_pick_legal)
"""``pick_legal(mask, draws, out) -> int``."""
