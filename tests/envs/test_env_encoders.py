"""The observation encoders: the compact layout, and OpenSpiel's tensor against
OpenSpiel's own ``euchre`` on the same deals and actions."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

from euchre.engine.actions import KIND_PASS
from euchre.engine.game import Game
from euchre.engine.rules import PRESETS, Rules
from euchre.envs.encoders import (
    COMPACT_FIELDS,
    COMPACT_SIZE,
    OPENSPIEL_SIZE,
    encode_compact,
    encode_openspiel,
)
from euchre.errors import RulesError
from helpers.openspiel_ids import os_action, os_card


def _openspiel_state(game: Game) -> pyspiel.State:
    """OpenSpiel's state at the start of ``game``'s deal: the same dealer and cards."""
    state = pyspiel.load_game("euchre").new_initial_state()
    deal = game.deals[-1]
    state.apply_action(deal.dealer)
    hands = [list(hand) for hand in deal.hands]
    for k in range(20):  # OpenSpiel deals card k to seat (dealer + k) % 4
        state.apply_action(os_card(hands[(deal.dealer + k) % 4].pop()))
    state.apply_action(os_card(deal.upcard))
    return state


def test_the_openspiel_tensor_is_openspiels_on_the_same_deals_and_actions() -> None:
    rules = Rules.preset("openspiel")
    rng = random.Random(7)
    compared = passes_seen = 0
    for seed in range(150):
        game = Game(rules, seed=seed)
        state = _openspiel_state(game)
        upcard = game.upcard
        while True:
            for seat in range(4):
                mine = encode_openspiel(game.view(seat), defects=True)
                theirs = np.array(state.information_state_tensor(seat), dtype=np.float32)
                assert np.array_equal(mine, theirs), (seed, seat, np.flatnonzero(mine != theirs))
                compared += 1
            if game.is_over():
                assert state.is_terminal()
                break
            legal = game.legal_actions()
            assert sorted(os_action(a, upcard) for a in legal) == sorted(state.legal_actions())
            action = rng.choice(legal)
            passes_seen += action.kind == KIND_PASS
            state.apply_action(os_action(action, upcard))
            game.apply(action)
    assert compared > 10_000 and passes_seen > 100


def test_the_corrected_tensor_differs_only_where_a_pass_is() -> None:
    game = Game(Rules.preset("openspiel"), seed=3)
    while not game.is_over() and game.phase.value in ("bid1", "bid2"):
        game.apply(game.legal_actions()[0])  # pass, while passing is legal
    passes = sum(a.kind == KIND_PASS for _, a in game.calls)
    assert passes >= 4
    fixed = encode_openspiel(game.view(0))
    defect = encode_openspiel(game.view(0), defects=True)
    bidding = 4 + 24
    for k in range(passes):
        assert fixed[bidding + 5 * k + 4] == 1  # the pass entry of its own slot
    assert defect[bidding + 5 * passes - 1] == 0  # OpenSpiel marks the next slot's clubs
    assert np.count_nonzero(fixed != defect) <= 2 * passes


def test_the_openspiel_tensor_refuses_other_games() -> None:
    with pytest.raises(RulesError, match="24-card deck"):
        encode_openspiel(Game(Rules.preset("napoleon"), seed=1).view(0))


def test_the_compact_fields_add_up_and_say_what_they_hold() -> None:
    assert sum(size for _, size in COMPACT_FIELDS) == COMPACT_SIZE
    assert OPENSPIEL_SIZE == 935
    game = Game(Rules(), seed=5)
    view = game.view(2)
    out = encode_compact(view)
    at = dict.fromkeys((name for name, _ in COMPACT_FIELDS), 0)
    offset = 0
    for name, size in COMPACT_FIELDS:
        at[name] = offset
        offset += size
    assert {int(i) for i in np.flatnonzero(out[:53])} == set(view.hand)
    assert out[at["upcard"] + view.upcard] == 1
    assert out[at["dealer"] + (view.dealer - 2) % 4] == 1  # seat-relative
    assert out[at["phase"] + 2] == 1  # bid1 (Phase order: benny, declare, bid1, ...)
    assert out[at["players"] + 3] == 1


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_compact_encodings_stay_in_their_space_through_whole_games(preset: str) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(1)
    for seed in range(4):
        game = Game(rules, seed=seed)
        for _ in range(600):  # random Hasenpfeffer bidding may never reach the target
            if game.is_over():
                break
            for seat in range(rules.players):
                out = encode_compact(game.view(seat))
                assert out.shape == (COMPACT_SIZE,) and out.dtype == np.float32
                assert out.min() >= -1 and out.max() <= 1
            game.apply(rng.choice(game.legal_actions()))


def test_a_hand_shows_in_the_compact_encoding_only_to_its_seat() -> None:
    game = Game(Rules(), seed=9)
    hand = set(game.hand(1))
    for seat in range(4):
        seen = encode_compact(game.view(seat))
        cards = {int(i) % 53 for i in np.flatnonzero(seen[:COMPACT_SIZE - 200])}
        assert (hand <= cards) == (seat == 1)
