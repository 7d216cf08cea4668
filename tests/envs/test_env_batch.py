"""The batched simulator (:mod:`euchre.envs.batch`) against the engine, action by action.

The simulator writes the rules a second time, on arrays; :class:`~euchre.engine.game.Game` is
the truth. Each slot's deal is replayed in an engine game with the same cards and the
same actions, and at every step the seat to act and the set of legal ids must agree, and
at the end of every deal the points of each team.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

import numpy as np
import numpy.typing as npt
import pytest

from euchre.engine.cards import cards_of, deck_mask
from euchre.engine.deal import Deal
from euchre.engine.game import Game
from euchre.engine.rules import Rules
from euchre.envs import batch as batch_module
from euchre.envs.action_ids import ACTIONS, NUM_ACTIONS, action_id
from euchre.envs.batch import (
    PHASE_BID1,
    PHASE_NAMES,
    BatchEuchre,
    BatchState,
    bench_batch,
    random_legal_actions,
)
from euchre.errors import ActionError, RulesError

BIT_OF = {action: 1 << i for i, action in enumerate(ACTIONS)}
"""Each action's bit in a Python int of legal ids."""

try:
    import numba  # noqa: F401
except ImportError:
    HAS_NUMBA = False
else:
    HAS_NUMBA = True
BACKENDS = [False, pytest.param(True, marks=pytest.mark.skipif(
    not HAS_NUMBA, reason="the compiled step needs numba (the jit extra)"))]
"""``jit`` for each way of stepping: numpy, and numba where it is installed."""


def packed_masks(mask: npt.NDArray[np.bool_]) -> list[int]:
    """Each row's legal ids as a Python int (bit ``i``: id ``i``), after checking that no
    id from 128 up is legal."""
    assert not mask[:, 128:].any()
    words = np.packbits(mask[:, :128], axis=1, bitorder="little").view("<u8")
    return [low | high << 64 for low, high in words.tolist()]


def engine_game(state: BatchState, slot: int, rules: Rules) -> Game:
    """An engine game whose first deal is the slot's current deal, as dealt."""
    hands = tuple(tuple(cards_of(int(hand))) for hand in state.hands[slot])
    deal = Deal(int(state.dealer[slot]), hands, int(state.upcard[slot]),
                tuple(cards_of(int(state.kitty[slot]))))
    return Game.from_deal(deal, rules)


def choose(state: BatchState, rng: np.random.Generator) -> npt.NDArray[np.intp]:
    """Random legal ids, passing more often than uniformly where a pass is legal (so
    that round two, the stuck dealer and thrown-in deals come often)."""
    actions = random_legal_actions(state.legal_action_mask, rng)
    passing = state.legal_action_mask[:, 0] & (rng.random(len(actions)) < 0.4)
    actions[passing] = 0
    return actions


def play_against_engine(rules: Rules, deals: int, batch: int = 1024,
                        seed: int = 0, jit: bool | None = None) -> Counter[str]:
    """Play until ``deals`` deals have ended, checking every step against the engine;
    returns how often a few kinds of deal came up."""
    env = BatchEuchre(rules, batch, seed, jit=jit)
    state = env.init()
    games = [engine_game(state, slot, rules) for slot in range(batch)]
    rng = np.random.default_rng(seed)
    seen: Counter[str] = Counter()
    steps = 0
    while seen["deals"] < deals:
        seats = state.current_player.tolist()
        for slot, (game, legal_ids) in enumerate(zip(games, packed_masks(
                state.legal_action_mask), strict=True)):
            legal = 0
            for action in game.legal_actions():
                legal |= BIT_OF[action]
            if game.to_act != seats[slot] or legal != legal_ids:
                engine = [action_id(a) for a in game.legal_actions()]
                batched = np.flatnonzero(state.legal_action_mask[slot]).tolist()
                pytest.fail(
                    f"step {steps}, slot {slot}, {game!r}: the engine has seat {game.to_act} "
                    f"choose from {engine}, the simulator seat {seats[slot]} from {batched} "
                    f"(phase {PHASE_NAMES[state.phase[slot]]}); history "
                    f"{[str(a) for a in game.history[-1]]}")
        actions = choose(state, rng)
        dealers = state.dealer.copy()
        env.step(state, actions)
        steps += 1
        ended = state.terminated.tolist()
        points = state.team_points.tolist()
        for slot, act in enumerate(actions.tolist()):
            game = games[slot]
            result = game.apply(ACTIONS[act]).result
            assert (result is not None) == ended[slot], (steps, slot, game)
            if result is None:
                continue
            assert list(result.gains) == points[slot], (steps, slot, result)
            assert state.dealer[slot] == (dealers[slot] + 1) % 4
            assert state.rewards[slot].tolist() == [points[slot][s % 2] for s in range(4)]
            seen["deals"] += 1
            seen["thrown in" if result.trump is None else f"{len(result.alone)} alone"] += 1
            if result.trump is not None and result.maker is not None:
                makers = result.maker % 2
                seen[f"makers took {result.tricks[makers]}"] += 1
                if any(s % 2 != makers for s in result.alone):
                    seen["lone defender"] += 1
                if any(s % 2 == makers and s != result.maker for s in result.alone):
                    seen["maker's partner alone"] += 1
            games[slot] = engine_game(state, slot, rules)
    return seen


@pytest.mark.parametrize("jit", BACKENDS)
@pytest.mark.parametrize("preset", ["standard", "openspiel", "tournament"])
def test_batch_matches_the_engine_on_10000_deals(preset: str, jit: bool) -> None:
    seen = play_against_engine(Rules.preset(preset), 10_000, seed=len(preset), jit=jit)
    assert seen["deals"] >= 10_000
    assert all(seen[f"makers took {n}"] for n in range(6))
    assert seen["1 alone"] > 100
    if preset == "standard":
        assert seen["thrown in"] > 10
        assert seen["2 alone"] > 10 and seen["lone defender"] > 10
        assert seen["maker's partner alone"] > 10
    else:
        assert not seen["thrown in"] and not seen["2 alone"] and not seen["lone defender"]


@pytest.mark.parametrize("rules", [
    Rules(going_alone=False, lone_defender=False, maker_partner_alone=False),
    Rules(loner_lead="left_of_dealer", lone_defender_scoring="flat_4", loner_march_points=5,
          loner_euchred_points=3, dealer_must_take_upcard=True),
    Rules(maker_partner_alone=False, stick_the_dealer=True, target=0, deals=3),
])
@pytest.mark.parametrize("jit", BACKENDS)
def test_batch_matches_the_engine_under_mixed_options(rules: Rules, jit: bool) -> None:
    seen = play_against_engine(rules, 2_000, batch=256, seed=5, jit=jit)
    assert seen["deals"] >= 2_000


@pytest.mark.skipif(not HAS_NUMBA, reason="the compiled step needs numba (the jit extra)")
@pytest.mark.parametrize("rules", [
    Rules(), Rules.preset("openspiel"), Rules.preset("tournament"),
    Rules(loner_lead="left_of_dealer", lone_defender_scoring="flat_4", loner_march_points=5,
          loner_euchred_points=3, dealer_must_take_upcard=True),
])
def test_the_compiled_step_equals_the_numpy_step_field_for_field(rules: Rules) -> None:
    """numba and numpy: the same picks from the same generator, and after every step the
    same value in every field of the state."""
    numpy_env = BatchEuchre(rules, 128, seed=3, jit=False)
    compiled_env = BatchEuchre(rules, 128, seed=3, jit=True)
    assert compiled_env.jit and not numpy_env.jit
    a, b = numpy_env.init(), compiled_env.init()
    rng_a, rng_b = np.random.default_rng(5), np.random.default_rng(5)
    for step in range(500):
        picks_a = random_legal_actions(a.legal_action_mask, rng_a, jit=False)
        picks_b = random_legal_actions(b.legal_action_mask, rng_b, jit=True)
        assert (picks_a == picks_b).all(), step
        passing = a.legal_action_mask[:, 0] & (rng_a.random(128) < 0.4)
        assert (passing == (b.legal_action_mask[:, 0] & (rng_b.random(128) < 0.4))).all()
        picks_a[passing] = 0
        numpy_env.step(a, picks_a)
        compiled_env.step(b, picks_a)
        for field in fields(BatchState):
            assert np.array_equal(getattr(a, field.name), getattr(b, field.name)), \
                (step, field.name)
    assert a.deals.sum() > 128 * 10


@pytest.mark.parametrize("jit", BACKENDS)
def test_a_step_of_some_slots_leaves_the_others_as_they_were(jit: bool) -> None:
    """``active``: the marked slots move exactly as in a step of all, the others keep
    every field (last step's rewards too), and their actions are not even read."""
    env = BatchEuchre("standard", 64, seed=9, jit=jit)
    state = env.init()
    rng = np.random.default_rng(2)
    for step in range(300):
        acts = random_legal_actions(state.legal_action_mask, rng, jit)
        active = rng.random(64) < 0.6
        everyone = state.copy()
        env.step(everyone, acts)
        before = state.copy()
        env.step(state, np.where(active, acts, -7), active)
        for field in fields(BatchState):
            now, moved, was = (getattr(x, field.name) for x in (state, everyone, before))
            assert np.array_equal(now[active], moved[active]), (step, field.name)
            assert np.array_equal(now[~active], was[~active]), (step, field.name)
    with pytest.raises(ActionError, match=r"^slot 3: action -7"):
        env.step(state, np.full(64, -7), np.arange(64) == 3)
    with pytest.raises(ValueError, match="active marks the slots to step: 64 bools"):
        env.step(state, np.zeros(64, dtype=np.int64), np.ones(64, dtype=np.int64))


def test_jit_true_without_numba_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_module, "_compiled_step", lambda: None)
    with pytest.raises(ImportError, match=r"pip install 'euchre\[jit\]'"):
        BatchEuchre(batch=2, jit=True)
    assert not BatchEuchre(batch=2).jit
    assert not bench_batch(2, steps=3)["jit"]


def test_batch_states_and_dtypes() -> None:
    env = BatchEuchre("standard", batch=5, seed=3)
    state = env.init()
    shapes = {
        "current_player": ((5,), np.int8), "legal_action_mask": ((5, NUM_ACTIONS), np.bool_),
        "rewards": ((5, 4), np.float32), "team_points": ((5, 2), np.int8),
        "terminated": ((5,), np.bool_), "hands": ((5, 4), np.uint32),
        "phase": ((5,), np.int8), "trick": ((5, 4), np.int8), "stream": ((5,), np.uint64),
    }
    for name, (shape, dtype) in shapes.items():
        array = getattr(state, name)
        assert array.shape == shape and array.dtype == dtype, name
    assert state.batch == 5
    assert (state.current_player == (state.dealer + 1) % 4).all()
    assert (state.phase == PHASE_BID1).all()
    deck = deck_mask(24)
    for slot in range(5):
        cards = [*state.hands[slot].tolist(), int(state.kitty[slot]),
                 1 << int(state.upcard[slot])]
        assert [bin(c).count("1") for c in cards] == [5, 5, 5, 5, 3, 1]
        union = 0
        for c in cards:
            assert not union & c
            union |= c
        assert union == deck
        assert np.flatnonzero(state.legal_action_mask[slot]).tolist() == [0, 1]


def test_batch_same_seed_same_deals_whatever_the_actions() -> None:
    def deals_seen(seed: int, policy: int) -> dict[tuple[int, int], tuple[int, ...]]:
        env = BatchEuchre("standard", batch=16, seed=seed)
        state = env.init()
        rng = np.random.default_rng(policy)
        seen: dict[tuple[int, int], tuple[int, ...]] = {}
        for _ in range(150):
            for slot in range(16):
                key = (slot, int(state.deals[slot]))
                seen.setdefault(key, (*state.hands[slot].tolist(), int(state.upcard[slot]),
                                      int(state.dealer[slot])))
            env.step(state, random_legal_actions(state.legal_action_mask, rng))
        return seen

    first, again, other_policy = deals_seen(7, 0), deals_seen(7, 0), deals_seen(7, 1)
    assert first == again
    common = first.keys() & other_policy.keys()
    assert len(common) > 16
    assert all(first[key] == other_policy[key] for key in common)
    assert deals_seen(8, 0)[(0, 1)] != first[(0, 1)]
    a, b = BatchEuchre("openspiel", 4, seed=2).init(), BatchEuchre("openspiel", 4, seed=2).init()
    assert all((getattr(a, name) == getattr(b, name)).all() for name in (
        "hands", "upcard", "kitty", "dealer", "stream"))


def test_batch_resets_a_finished_deal_in_the_same_step() -> None:
    env = BatchEuchre("standard", batch=1, seed=11)
    state = env.init()
    first_dealer = int(state.dealer[0])
    rng = np.random.default_rng(0)
    while not state.terminated[0]:
        env.step(state, random_legal_actions(state.legal_action_mask, rng))
    assert state.deals[0] == 2
    assert state.dealer[0] == (first_dealer + 1) % 4
    assert state.current_player[0] == (first_dealer + 2) % 4
    assert state.phase[0] == PHASE_BID1 and state.tricks_played[0] == 0
    assert [bin(h).count("1") for h in state.hands[0].tolist()] == [5, 5, 5, 5]
    assert np.flatnonzero(state.legal_action_mask[0]).tolist() == [0, 1]
    assert abs(state.team_points[0]).sum() in (1, 2, 4)
    env.step(state, np.array([0]))
    assert not state.terminated[0] and not state.rewards.any() and not state.team_points.any()


def test_batch_thrown_in_deal_ends_with_no_points() -> None:
    env = BatchEuchre("standard", batch=2, seed=4)
    state = env.init()
    dealers = state.dealer.copy()
    for _ in range(8):
        assert not state.terminated.any()
        env.step(state, np.zeros(2, dtype=np.int64))
    assert state.terminated.all() and not state.team_points.any() and not state.rewards.any()
    assert (state.dealer == (dealers + 1) % 4).all()


def test_batch_stuck_dealer_may_not_pass() -> None:
    env = BatchEuchre("tournament", batch=1, seed=4)
    state = env.init()
    for _ in range(7):
        env.step(state, np.zeros(1, dtype=np.int64))
    assert state.current_player[0] == state.dealer[0]
    turned_down = int(state.upcard[0]) >> 3
    assert np.flatnonzero(state.legal_action_mask[0]).tolist() == [
        4 + s for s in range(4) if s != turned_down]


@pytest.mark.parametrize("jit", BACKENDS)
def test_batch_refuses_an_illegal_action_and_changes_nothing(jit: bool) -> None:
    env = BatchEuchre("standard", batch=3, seed=0, jit=jit)
    state = env.init()
    before = state.copy()
    with pytest.raises(ActionError, match=r"slot 1: action 22 \(play 7c\) is not legal now; "
                                          r"the legal ids are \[0, 1\]"):
        env.step(state, np.array([0, 22, 1]))
    with pytest.raises(ActionError, match=f"slot 2: action {NUM_ACTIONS} is not legal"):
        env.step(state, np.array([0, 0, NUM_ACTIONS]))
    with pytest.raises(ActionError, match="3 whole action ids"):
        env.step(state, np.array([0, 0]))
    with pytest.raises(ActionError, match="3 whole action ids"):
        env.step(state, np.zeros(3))
    with pytest.raises(ActionError, match=r"slot 0: action -1 is not legal"):
        env.step(state, np.array([-1, 0, 0]))
    for field in fields(BatchState):
        assert (getattr(state, field.name) == getattr(before, field.name)).all()


@pytest.mark.parametrize(("rules", "named"), [
    (Rules(deck=32), "deck=32"),
    (Rules.preset("canadian"), "canadian=True"),
    (Rules.preset("two-handed"), "players=2, form='two_handed'"),
    (Rules(no_trump=True, fast_break=True), "fast_break=True, no_trump=True"),
])
def test_batch_refuses_rules_it_does_not_play(rules: Rules, named: str) -> None:
    with pytest.raises(RulesError, match=f"does not support {named}"):
        BatchEuchre(rules)


def test_batch_refuses_a_bad_batch_or_seed() -> None:
    with pytest.raises(ValueError, match="at least 1, not 0"):
        BatchEuchre(batch=0)
    with pytest.raises(ValueError, match="whole numbers"):
        BatchEuchre(batch=2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="from 0, not -1"):
        BatchEuchre(seed=-1)
    with pytest.raises(RulesError, match="unknown preset"):
        BatchEuchre("no such rules")


@pytest.mark.parametrize("jit", BACKENDS)
def test_random_legal_actions_are_legal_and_cover_every_choice(jit: bool) -> None:
    mask = np.zeros((3, NUM_ACTIONS), dtype=bool)
    mask[0, [0, 1]] = True
    mask[1, [22, 63, 70, 100, 127]] = True
    mask[2, 106] = True
    rng = np.random.default_rng(0)
    picks = np.array([random_legal_actions(mask, rng, jit) for _ in range(400)])
    assert set(picks[:, 0].tolist()) == {0, 1}
    assert set(picks[:, 1].tolist()) == {22, 63, 70, 100, 127}
    assert set(picks[:, 2].tolist()) == {106}
    with pytest.raises(ValueError, match="row 0"):
        random_legal_actions(np.zeros((1, NUM_ACTIONS), dtype=bool), rng, jit)


@pytest.mark.parametrize("jit", BACKENDS)
def test_bench_batch_reports_its_figures(jit: bool) -> None:
    figures = bench_batch(4, steps=30, seed=1, rules="openspiel", jit=jit)
    assert figures["batch"] == 4 and figures["steps"] == 30 and figures["jit"] is jit
    assert figures["steps_per_sec"] > 0 and figures["deals"] >= 1
