"""The OpenSpiel game ``python_euchre`` (euchre.envs.openspiel): OpenSpiel's own checks on
every preset, the engine's play and OpenSpiel's ``euchre`` returns on the same deals, exact
information-state strings, resampling, and OpenSpiel's MCCFR and ISMCTS running on it."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import external_sampling_mccfr, ismcts, mcts  # noqa: E402

import euchre.envs.openspiel  # noqa: E402, F401  (registers python_euchre)
from euchre.engine.actions import (  # noqa: E402
    CALL,
    DISCARD,
    Discard,
    Give,
)
from euchre.engine.cards import (  # noqa: E402
    BENNY,
    NUM_CARD_CODES,
    parse_card,
)
from euchre.engine.deal import Deal, random_deal  # noqa: E402
from euchre.engine.game import Game  # noqa: E402
from euchre.engine.rules import PRESETS, Rules  # noqa: E402
from euchre.envs.action_ids import NUM_ACTIONS, action_of, mask_of_actions  # noqa: E402
from euchre.envs.common import deal_reward  # noqa: E402
from euchre.envs.encoders import (  # noqa: E402
    COMPACT_SIZE,
    OPENSPIEL_SIZE,
    encode_compact,
    encode_openspiel,
)
from euchre.players.knowledge import read_tricks, tables_of  # noqa: E402
from helpers.openspiel_ids import os_action, os_card  # noqa: E402


def _load(preset: str = "standard") -> Any:
    return pyspiel.load_game(f"python_euchre(rules={preset})")


def _chance_actions(rules: Rules, deal: Deal) -> list[int]:
    """The chance outcomes that deal ``deal``: the dealer, the upcard, then the hands
    one card at a time from the dealer's left."""
    n = rules.players
    out = [deal.dealer] + ([deal.upcard] if rules.has_upcard else [])
    for k in range(n * rules.hand_size):
        out.append(deal.hands[(deal.dealer + 1 + k) % n][k // n])
    return out


def _dealt(game: Any, rules: Rules, deal: Deal) -> Any:
    """A new state of ``game`` with ``deal`` dealt by its chance nodes."""
    state = game.new_initial_state()
    for outcome in _chance_actions(rules, deal):
        state.apply_action(outcome)
    return state


def _random_state(game: Any, rng: random.Random, steps: int) -> Any:
    """A state ``steps`` random actions (chance included) into a deal, or its end."""
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _deal_out(state: Any, rng: random.Random) -> Any:
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    return state


# -- OpenSpiel's own checks, every preset ---------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_random_sim_test_passes_on_every_preset(preset: str) -> None:
    game = _load(preset)
    assert game.num_players() == Rules.preset(preset).players
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_the_game_type_and_sizes() -> None:
    game = pyspiel.load_game("python_euchre")
    kind = game.get_type()
    assert kind.short_name == "python_euchre"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor
    assert game.get_parameters() == {"rules": "standard", "tensor": "compact"}
    assert game.num_distinct_actions() == NUM_ACTIONS == 1377
    assert game.max_chance_outcomes() == NUM_CARD_CODES
    assert game.information_state_tensor_shape() == [COMPACT_SIZE]
    assert game.observation_tensor_shape() == [COMPACT_SIZE]
    # the same bounds as OpenSpiel's euchre: a loner's march, a loner euchred
    theirs = pyspiel.load_game("euchre")
    assert (game.min_utility(), game.max_utility()) == (theirs.min_utility(), theirs.max_utility())
    assert pyspiel.load_game("python_euchre(rules=tournament)").num_players() == 4
    assert _load("napoleon").num_players() == 5 and _load("two-handed").num_players() == 2


def test_the_tensors_are_the_compact_encoding_of_the_view() -> None:
    game = _load("standard")
    rng = random.Random(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node():
            for seat in range(4):
                view = state.engine.view(seat)
                expected = encode_compact(view)
                assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
                assert np.array_equal(np.asarray(state.information_state_tensor(seat)),
                                      expected)
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            assert len(state.information_state_tensor(0)) == COMPACT_SIZE


@pytest.mark.parametrize("preset", ["openspiel", "standard", "canadian"])
def test_tensor_openspiel_is_openspiels_euchre_layout(preset: str) -> None:
    """``tensor=openspiel``: OpenSpiel's layout (935 entries, absolute seats) of each
    seat's view at every decision; while dealing, the dealer, the upcard and the seat's
    own cards so far, and no other seat's."""
    game = pyspiel.load_game(f"python_euchre(rules={preset},tensor=openspiel)")
    assert game.information_state_tensor_shape() == [OPENSPIEL_SIZE]
    assert game.observation_tensor_shape() == [OPENSPIEL_SIZE]
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    rng = random.Random(4)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                table = state._table
                for seat in range(4):
                    tensor = np.asarray(state.information_state_tensor(seat))
                    mine = {os_card(c) for c in (table.dealt_to(seat) if table.game is None
                                                 else state.engine.deals[0].hands[seat])}
                    assert set(np.flatnonzero(tensor[71:95])) == mine
                continue
            for seat in range(4):
                expected = encode_openspiel(state.engine.view(seat))
                assert np.array_equal(np.asarray(state.information_state_tensor(seat)),
                                      expected)
                assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
            state.apply_action(rng.choice(state.legal_actions()))


def test_tensor_openspiel_is_refused_where_the_layout_has_no_room() -> None:
    with pytest.raises(ValueError, match=r"^python_euchre: tensor=openspiel: the OpenSpiel "
                                         r"encoding is for four-handed Euchre with the 24-card "
                                         r"deck, not rules=three-handed$"):
        pyspiel.load_game("python_euchre(rules=three-handed,tensor=openspiel)")
    with pytest.raises(ValueError, match="tensor is compact or openspiel, not 'dense'"):
        pyspiel.load_game("python_euchre(tensor=dense)")


def test_the_observer_names_the_fields_and_refuses_other_observations() -> None:
    game = _load("two-handed")
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    state = _deal_out(game.new_initial_state(), random.Random(1))
    observer.set_from(state, 1)
    assert observer.dict["played_by"].shape == (7, NUM_CARD_CODES)
    assert set(np.flatnonzero(observer.dict["hand"])) == set(state.engine.hand(1))
    public = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    with pytest.raises(ValueError, match="one seat's view"):
        game.make_py_observer(public)


# -- the engine's game, and OpenSpiel's euchre ------------------------------------------


@pytest.mark.parametrize("preset", ["standard", "two-handed", "three-handed", "british",
                                    "railroad-1887", "hasenpfeffer", "napoleon-full"])
def test_python_euchre_plays_the_engines_game(preset: str) -> None:
    rules = Rules.preset(preset).replace(deals=1, target=0)
    game = _load(preset)
    rng = random.Random(11)
    for _ in range(25):
        deal = random_deal(rules, rng.randrange(rules.players), rng)
        state = game.new_initial_state()
        for outcome in _chance_actions(rules, deal):
            assert outcome in [o for o, _ in state.chance_outcomes()]
            state.apply_action(outcome)
        dealt = state.engine.deals[0]
        assert (dealt.dealer, dealt.hands, dealt.upcard) == (deal.dealer, deal.hands, deal.upcard)
        assert sorted(dealt.kitty) == sorted(deal.kitty)
        engine = Game.from_deal(deal, rules, seed=0)
        while not engine.is_over():
            assert state.current_player() == engine.to_act
            legal = mask_of_actions(engine.legal_actions())
            assert state.legal_actions() == legal
            action = rng.choice(legal)
            state.apply_action(action)
            engine.apply(action_of(action))
        assert state.is_terminal()
        gains = engine.results[0].gains
        returns = state.returns()
        assert returns == [deal_reward(rules, s, gains) for s in range(rules.players)]
        assert sum(returns) == pytest.approx(0.0)
        assert game.min_utility() <= min(returns) <= max(returns) <= game.max_utility()


def test_the_returns_are_openspiels_euchre_returns_on_the_same_deals() -> None:
    rules = Rules.preset("openspiel")
    ours = _load("openspiel")
    rng = random.Random(5)
    scored = 0
    for _ in range(40):
        deal = random_deal(rules, rng.randrange(4), rng)
        state = _dealt(ours, rules, deal)
        theirs = pyspiel.load_game("euchre").new_initial_state()
        theirs.apply_action(deal.dealer)
        hands = [list(hand) for hand in deal.hands]
        for k in range(20):  # OpenSpiel deals card k to seat (dealer + k) % 4
            theirs.apply_action(os_card(hands[(deal.dealer + k) % 4].pop()))
        theirs.apply_action(os_card(deal.upcard))
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            theirs.apply_action(os_action(action_of(action), deal.upcard))
            state.apply_action(action)
        assert theirs.is_terminal()
        assert state.returns() == theirs.returns()
        scored += any(state.returns())
    assert scored > 20


# -- information states -----------------------------------------------------------------


def _observed(state: Any, seat: int) -> tuple[Any, ...]:
    """What ``seat`` has observed since the deal, found without the adapter's strings: its
    view after each action, the engine replayed from the dealt cards (the perfect-recall
    information state)."""
    engine = state.engine
    replay = Game.from_deal(engine.deals[0], engine.rules, seed=0)
    views = [replay.view(seat)]
    for action in engine.history[0]:
        replay.apply(action)
        views.append(replay.view(seat))
    return tuple(views)


@pytest.mark.parametrize("preset", ["standard", "two-handed", "british", "railroad-1887",
                                    "hasenpfeffer", "napoleon"])
def test_information_state_strings_are_exactly_what_the_seat_has_observed(
        preset: str) -> None:
    """Same string if and only if the seat has observed the same things: checked on
    states of random deals and on their resamples (which the seat cannot tell apart)."""
    game = _load(preset)
    n = game.num_players()
    rng = random.Random(3)
    by_string: dict[str, tuple[Any, ...]] = {}
    by_observed: dict[tuple[Any, ...], str] = {}
    resamples = 0
    for _ in range(4):
        state = _deal_out(game.new_initial_state(), rng)
        while True:
            for seat in range(n):
                states = [state]
                if not state.is_terminal():
                    states.append(state.resample_from_infostate(seat, rng.random))
                    resamples += 1
                for one in states:
                    text, seen = one.information_state_string(seat), _observed(one, seat)
                    assert by_string.setdefault(text, seen) == seen
                    assert by_observed.setdefault(seen, text) == text
                    assert one.observation_string(seat) == "\n".join(
                        line for line in text.split("\n") if not line.startswith("dealt"))
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    assert resamples > 60 and len(by_string) > 60


def test_while_dealing_a_seat_sees_only_its_own_cards() -> None:
    game = _load("two-handed")
    state = game.new_initial_state()
    state.apply_action(0)  # seat 0 deals: the upcard, then a card to seat 1, then seat 0
    for card in ("Qd", "9c", "Tc"):
        state.apply_action(parse_card(card))
    assert state.is_chance_node()
    assert state.information_state_string(0).split("\n")[1:] == ["upcard Qd", "dealt Tc"]
    assert state.information_state_string(1).split("\n")[1:] == ["upcard Qd", "dealt 9c"]


# -- resampling ------------------------------------------------------------------------


def _hidden(state: Any, seat: int) -> tuple[int, ...]:
    engine = state.engine
    return tuple(engine.hand_mask(s) for s in range(engine.rules.players) if s != seat)


def test_resampling_keeps_the_information_state_and_hand_and_varies_the_hidden_cards() -> None:
    game = _load("standard")
    rng = random.Random(8)
    checked = 0
    for steps in (25, 30, 34, 38):
        state = _random_state(game, rng, steps)
        if state.is_terminal():
            continue
        seat = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
        samples = [state.resample_from_infostate(seat, sampler) for _ in range(12)]
        for sample in samples:
            assert sample.information_state_string(seat) == state.information_state_string(seat)
            assert sample.engine.hand_mask(seat) == state.engine.hand_mask(seat)
            assert sample.engine.deals[0].hands[seat] == state.engine.deals[0].hands[seat]
            assert sample.legal_actions() == state.legal_actions()
            # the same public history: only cards the seat has not seen are renamed
            ours, theirs = state.history(), sample.history()
            assert len(ours) == len(theirs)
            for a, b in zip(ours[22:], theirs[22:], strict=True):
                before, after = action_of(a), action_of(b)
                assert a == b or (isinstance(before, Discard | Give) and
                                  type(before) is type(after))
        assert len({_hidden(s, seat) for s in samples}) > 3
        checked += 1
    assert checked >= 3


def test_resampling_respects_the_voids_a_seat_has_shown() -> None:
    game = _load("standard")
    rng = random.Random(4)
    voids_seen = 0
    for _ in range(30):
        state = _random_state(game, rng, 40)
        if state.is_terminal() or state.engine.trump is None:
            continue
        seat = state.current_player()
        view = state.engine.view(seat)
        voids = read_tricks(view)[1]
        for _ in range(4):
            sample = state.resample_from_infostate(seat, rng.random)
            masks = tables_of(view).suit_masks[view.trump]
            for other in range(4):
                for suit in range(5):
                    if voids[other] >> suit & 1:
                        voids_seen += 1
                        assert not sample.engine.hand_mask(other) & masks[suit]
    assert voids_seen > 10


def test_resampling_keeps_a_picked_up_upcard_with_the_dealer() -> None:
    """A seat that watched the dealer pick the upcard up cannot tell whether the dealer
    laid it away: a resample keeps it in the dealer's hand (it never copies the truth)."""
    rules = Rules.preset("standard")
    game = _load("standard")
    rng = random.Random(6)
    found = 0
    for _ in range(400):
        deal = random_deal(rules, rng.randrange(4), rng)
        state = _dealt(game, rules, deal)
        if 1 not in state.legal_actions():
            continue
        state.apply_action(1)  # order up
        if state.engine.phase.value != "exchange":
            continue
        state.apply_action(mask_of_actions([DISCARD[deal.upcard]])[0])  # lay it away
        seat = (deal.dealer + 1) % 4
        assert not state.engine.hand_mask(deal.dealer) >> deal.upcard & 1
        sample = state.resample_from_infostate(seat, rng.random)
        assert sample.engine.hand_mask(deal.dealer) >> deal.upcard & 1
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        # the dealer itself knows: its resample keeps the truth
        own = state.resample_from_infostate(deal.dealer, rng.random)
        assert own.engine.discard == deal.upcard
        found += 1
        if found == 5:
            break
    assert found == 5


def test_resampling_while_dealing_keeps_the_seats_cards() -> None:
    game = _load("three-handed")
    rng = random.Random(9)
    state = _random_state(game, rng, 9)
    assert state.is_chance_node()
    text = state.information_state_string(2)
    sample = state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(7, 0.0, 1.0))
    assert sample.information_state_string(2) == text
    assert sample.history()[:2] == state.history()[:2]  # the dealer and the upcard


# -- OpenSpiel's algorithms ------------------------------------------------------------


class _RecordingSolver(external_sampling_mccfr.ExternalSamplingSolver):  # type: ignore[misc]
    """External-sampling MCCFR that keeps a state of every information state it visits."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.visited: dict[str, Any] = {}

    def _update_regrets(self, state: Any, player: int) -> float:
        if not state.is_terminal() and not state.is_chance_node():
            self.visited.setdefault(state.information_state_string(), state.clone())
        value: float = super()._update_regrets(state, player)
        return value


def test_external_sampling_mccfr_learns_a_distribution_over_the_legal_actions() -> None:
    """Two-handed Euchre: the smallest form (two players, ten cards dealt, every
    traversal a few thousand nodes, a fraction of a second an iteration); external
    sampling walks every action of the player it updates and samples the rest."""
    game = _load("two-handed")
    np.random.seed(0)
    solver = _RecordingSolver(game)
    for _ in range(2):
        solver.iteration()
    policy = solver.average_policy()
    assert len(solver.visited) > 500
    learned = 0
    for key, state in list(solver.visited.items())[::10]:
        probs = policy.action_probabilities(state)
        assert sorted(probs) == state.legal_actions()
        values = np.array(list(probs.values()))
        assert np.all(values >= 0) and values.sum() == pytest.approx(1.0)
        regrets = solver._infostates[key][0]
        learned += not np.allclose(regrets, regrets[0])  # started level: updated since
    assert learned > 10


@pytest.mark.parametrize("preset", ["standard", "three-handed"])
def test_ismcts_plays_whole_deals_against_random(preset: str) -> None:
    game = _load(preset)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0,
                           max_simulations=15, random_state=rs)
    rng = random.Random(1)
    moves = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            elif state.current_player() == 0:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
                moves += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == pytest.approx(0.0)
    assert moves >= 6


# -- errors ------------------------------------------------------------------------------


def test_an_unknown_preset_is_refused_in_one_sentence() -> None:
    with pytest.raises(ValueError, match=r"^python_euchre: unknown preset 'pinochle': "
                                         r"choose one of standard, two-handed, "):
        pyspiel.load_game("python_euchre(rules=pinochle)")


def test_an_unknown_parameter_is_refused_by_pyspiel() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'seed'"):
        pyspiel.load_game("python_euchre(seed=3)")


def test_resampling_refuses_a_seat_that_is_not_one() -> None:
    state = _load("two-handed").new_initial_state()
    with pytest.raises(ValueError, match="a seat from 0 to 1"):
        state.resample_from_infostate(2, random.Random(0).random)


def test_a_dealer_naming_trump_for_a_benny_has_not_seen_its_hand() -> None:
    """British rules: the dealer names trump for a Benny upcard before looking at the
    hand; its information state says nothing of the hand until it has named trump."""
    rules = Rules.preset("british")
    game = _load("british")
    rng = random.Random(2)
    deal = random_deal(rules, 1, rng)
    while deal.upcard != BENNY:
        deal = random_deal(rules, 1, rng)
    hands = list(deal.hands)
    hands[1] = (deal.kitty[0], *hands[1][1:])  # the dealer holds another card
    other = Deal(1, tuple(hands), deal.upcard, (deal.hands[1][0], *deal.kitty[1:]))
    states = []
    for cards in (deal, other):
        state = game.new_initial_state()
        for outcome in _chance_actions(rules, cards):
            state.apply_action(outcome)
            if state.is_chance_node() and len(state.history()) > 3:
                assert "dealt" not in state.information_state_string(1)
        assert state.engine.phase.value == "benny" and state.current_player() == 1
        states.append(state)
    first, second = states
    assert first.information_state_string(1) == second.information_state_string(1)
    assert np.array_equal(first.information_state_tensor(1), second.information_state_tensor(1))
    hands_seen = {first.resample_from_infostate(1, rng.random).engine.hand_mask(1)
                  for _ in range(6)}
    assert len(hands_seen) > 1  # its own hand is unknown to it too
    for state in states:
        state.apply_action(mask_of_actions([CALL[0]])[0])  # clubs, blind
    assert first.information_state_string(1) != second.information_state_string(1)


def _reference() -> Any:
    """``benchmarks/openspiel_reference.py``, the speed benchmark's driver of OpenSpiel's
    own ``euchre`` (a standalone script)."""
    import importlib.util
    import sys

    from helpers.paths import ROOT

    name = "openspiel_reference"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, ROOT / "benchmarks" / "openspiel_reference.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # its dataclass looks its module up
        spec.loader.exec_module(module)
    return sys.modules[name]


def test_the_benchmark_drives_openspiels_chance_nodes_by_their_uniform_outcomes() -> None:
    """The reference benchmark draws OpenSpiel's deal itself (a partial shuffle) instead
    of sampling each chance node: that is the same distribution only while every chance
    node is uniform over the dealer's seats, then over the cards not dealt yet, and
    each outcome it applies is one of the node's legal actions."""
    reference = _reference()
    game = pyspiel.load_game("euchre")
    reference.check_chance_nodes(game, 30, 0)  # uniform, and shaped as the driver assumes
    rng = random.Random(1)
    deck = list(range(reference.CARDS))
    dealers, upcards = set(), set()
    for _ in range(300):
        state = game.new_initial_state()
        applied: list[int] = []

        def apply(action: int, state: Any = state, applied: list[int] = applied) -> None:
            assert state.is_chance_node() and action in state.legal_actions()
            applied.append(action)
            state.apply_action(action)

        reference.deal(apply, rng.random, deck)
        assert len(applied) == reference.CHANCE_STEPS
        assert not state.is_chance_node() and not state.is_terminal()
        assert sorted(deck) == list(range(reference.CARDS))  # still a whole deck
        dealers.add(applied[0])
        upcards.add(applied[-1])
    assert dealers == set(range(4)) and len(upcards) > 20
    stats = reference.play_deals(game, 200, 0, count=True)
    assert stats.deals == 200 and 15 < stats.decision_steps / 200 < 30
