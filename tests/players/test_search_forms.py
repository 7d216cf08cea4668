"""The search bots (``pimc``, ``expert``) in every form: legal play, the worth of a deal
to each side, trump named and led by search, and the expert's replay of its samples."""

from __future__ import annotations

import importlib.util
import json
import random
from typing import Any

import pytest

from euchre.build import compiled_modules
from euchre.engine.actions import ALONE, BEST, BID, CALL, NAP, PASS, PLAY, Play, parse_action
from euchre.engine.cards import BENNY, HEARTS, SPADES, card_suit, parse_cards
from euchre.engine.deal import Deal
from euchre.engine.game import Game, Phase
from euchre.engine.rules import PRESETS, Rules
from euchre.players import Player, play_game, sampling
from euchre.players.expert import ExpertPlayer, replayable
from euchre.players.knowledge import played_by
from euchre.players.pimc import PimcPlayer
from euchre.players.sampling import constraints, deal_value, gains_value, sides_of
from helpers.paths import ROOT
from helpers.randomplay import Checked


def _one_deal(name: str) -> Rules:
    return PRESETS[name].replace(target=0, deals=1)


@pytest.mark.parametrize("name", list(PRESETS))
def test_search_bots_play_every_preset_legally(name: str) -> None:
    rules = _one_deal(name)
    game = Game(rules, seed=11)
    bots: list[Player] = []
    for seat in range(rules.players):
        if seat % 2:
            bots.append(Checked(ExpertPlayer(seed=seat, samples=3, bid_samples=3)))
        else:
            bots.append(Checked(PimcPlayer(seed=seat, samples=3)))
    play_game(game, bots)
    assert game.is_over()
    result = game.results[0]
    assert sum(result.tricks) in (0, rules.hand_size)  # thrown in, or every trick played


@pytest.mark.parametrize("name", ["standard", "three-handed", "hasenpfeffer", "napoleon",
                                  "napoleon-full", "two-handed"])
def test_deal_values_of_all_sides_sum_to_zero(name: str) -> None:
    rules = PRESETS[name]
    bid = 3 if rules.form in ("hasenpfeffer", "napoleon") else -1
    for maker in range(rules.players):
        for tricks in range(rules.hand_size + 1):
            values = [deal_value(rules, s, maker, (), tricks, bid) for s in range(rules.players)]
            per_side = {rules.seating.team_of[s]: v for s, v in enumerate(values)}
            assert sum(per_side.values()) == pytest.approx(0.0)
            mine = values[maker]
            more = deal_value(rules, maker, maker, (), min(tricks + 1, rules.hand_size), bid)
            assert more >= mine  # a trick more never hurts the makers (no misère here)


def test_gains_value_is_the_stakes_balance_per_opponent() -> None:
    nap = PRESETS["napoleon"]  # five players at 12, 7, 5, 0, 0 points: §17's settlement
    gains = (12, 7, 5, 0, 0)
    assert [gains_value(nap, s, gains) for s in range(5)] == [
        (5 * g - sum(gains)) / 4 for g in gains]
    assert sides_of(nap, 3) == (1, 1, 1, 0, 1)


def _hasen_deal() -> Deal:
    strong = "B Js As Ks Qs Ts"
    rest = parse_cards("9c Tc Jc Qc Kc Ac 9d Td Jd Qd Kd Ad 9h Th Jh Qh Kh Ah 9s")
    hands = ((*rest[0:6],), (*parse_cards(strong),), (*rest[6:12],), (*rest[12:18],))
    return Deal(0, hands, -1, (rest[18],))


def test_pimc_names_the_trump_its_hand_holds_in_hasenpfeffer() -> None:
    rules = PRESETS["hasenpfeffer"].replace(target=0, deals=1)
    game = Game(rules, deals=[_hasen_deal()], first_dealer=0, seed=0)
    game.apply(BID[6])           # seat 1, left of the dealer, bids all six tricks
    for _ in range(3):
        game.apply(PASS)
    assert game.phase is Phase.TRUMP and game.to_act == 1
    bot = PimcPlayer(seed=1, samples=6)
    choice = bot.choose(game.view(1), game.legal_actions())
    assert choice == CALL[SPADES]
    assert bot.last_values[CALL[SPADES]] == max(bot.last_values.values())


def test_pimc_leads_the_suit_that_makes_nap_in_napoleon() -> None:
    rules = PRESETS["napoleon"].replace(players=3, target=0, deals=1)
    rng = random.Random(3)
    strong = parse_cards("Ah Kh Qh Jh Th")
    deck = sorted(set(parse_cards(" ".join(
        f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"))) - set(strong))
    assert len(deck) == 47
    rng.shuffle(deck)
    hands = ((*strong,), (*deck[0:5],), (*deck[5:10],))
    game = Game(rules, deals=[Deal(2, hands, -1, tuple(deck[10:]))], first_dealer=2, seed=0)
    game.apply(BID[NAP])
    while game.phase is not Phase.PLAY:
        game.apply(PASS)
    assert game.to_act == 0 and game.trump is None
    bot = PimcPlayer(seed=2, samples=4)
    choice = bot.choose(game.view(0), game.legal_actions())
    assert choice in {PLAY[c] for c in strong}
    assert isinstance(choice, Play) and card_suit(choice.card) == HEARTS


@pytest.mark.parametrize("name", ["standard", "three-handed", "hasenpfeffer", "napoleon",
                                  "two-handed", "tournament"])
def test_expert_replays_each_sample_up_to_the_view(name: str) -> None:
    """Every sampled deal, replayed through the engine, reaches the view the bot saw:
    the same calls, contract, tricks and own hand (the rollouts start from there)."""
    rules = _one_deal(name)
    assert replayable(rules)
    rng = random.Random(5)
    for seed in range(6):
        game = Game(rules, seed=seed)
        steps = rng.randrange(4, 12)
        while not game.is_over() and steps:
            game.apply(rng.choice(game.legal_actions()))
            steps -= game.phase is Phase.PLAY
        if game.is_over() or game.phase is not Phase.PLAY:
            continue
        view = game.view(game.to_act)
        bot = ExpertPlayer(seed=seed, samples=4, bid_samples=4)
        samples = bot.play_samples(view)
        assert samples
        for _, hands, start in samples:
            seen = start.view(view.seat)
            assert seen.hand == view.hand and seen.calls == view.calls
            assert (seen.trump, seen.maker, seen.bid) == (view.trump, view.maker, view.bid)
            assert seen.tricks == view.tricks and seen.trick == view.trick
            assert hands[view.seat] == view.hand.mask


def test_expert_searches_where_a_deal_holds_hidden_exchanges() -> None:
    assert not replayable(PRESETS["british"])
    assert not replayable(Rules(farmers=True)) and not replayable(Rules(go_under=True))
    assert replayable(Rules(throw_in="no_ace_no_face")) and replayable(Rules(no_trump=True))
    for name in ("railroad", "railroad-1887"):  # a card passed as best is rebuilt
        assert replayable(PRESETS[name])


@pytest.mark.parametrize("name", ["railroad", "railroad-1887"])
def test_expert_replays_calls_for_partners_best_from_every_seat(name: str) -> None:
    """§15: the lone player's discard and the card its partner passed face down are
    hidden from the others. Every sampled deal, replayed with those steps rebuilt (seen
    ones as seen, the others drawn), reaches the view of whoever decides: the lone
    player, the giver, a lone defender and the defenders, in every phase after the
    bidding, both orders of the exchange, the dealer's exchange first."""
    rules = _one_deal(name)
    rng = random.Random(2)
    exchanges = 0
    for seed in range(40):
        game = Game(rules, seed=seed)
        bot = ExpertPlayer(seed=seed, samples=2, bid_samples=2)
        while not game.is_over():
            legal = game.legal_actions()
            view = game.view(game.to_act)
            if len(legal) > 1 and view.phase in ("best", "give", "discard", "play"):
                exchanges += any(a == BEST for _, a in view.calls)
                for hands in bot.sample(view, 2):
                    dealt = [h | p for h, p in zip(hands, played_by(view), strict=True)]
                    start, _ = bot._replay(view, rules, constraints(view).pool, dealt)
                    bot._replay_play(view, start)
                    seen = start.view(view.seat)
                    assert seen == view, (seed, view.phase, view.seat)
            going = [a for a in legal if a in (ALONE, BEST)]
            game.apply(going[0] if going and rng.random() < 0.8 else rng.choice(legal))
    assert exchanges > 100


def test_sampling_holds_the_view_in_six_card_and_fifty_two_card_forms() -> None:
    for name in ("hasenpfeffer", "napoleon"):
        game = Game(_one_deal(name), seed=4)
        view = game.view(game.to_act)
        cons = constraints(view)
        assert cons.fixed[view.seat] == view.hand.mask
        size = game.rules.hand_size
        assert all(n == size for s, n in enumerate(cons.need) if s != view.seat)
        assert cons.pool.bit_count() == game.rules.deck - size


@pytest.mark.parametrize("name", ["railroad", "railroad-1887"])
def test_expert_bids_when_a_benny_turned_up_stands_for_hearts(name: str) -> None:
    # §15 benny_upcard=hearts: round one offers hearts. The bidding model once took a
    # Benny upcard for "no suit" and handed the solver trump -1 (a crash mid-match).
    rules = _one_deal(name)
    games = [g for g in (Game(rules, seed=s) for s in range(200)) if g.upcard == BENNY][:3]
    assert games
    for game in games:
        expert = ExpertPlayer(seed=1, samples=8, bid_samples=8)
        while game.phase is Phase.BID1:
            legal = game.legal_actions()
            action = expert.choose(game.view(game.to_act), legal)
            assert action in legal
            game.apply(action)


@pytest.mark.skipif("euchre.players.sampling" in compiled_modules(),
                    reason="counts the sampler's calls by patching it, which a compiled "
                           "module does not see: make test runs it on the pure path")
def test_sampling_a_seven_handed_view_with_many_voids_needs_no_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seven-handed Napoleon after 25 cards at random: six seats short of suits, a 52-card
    pool. Placing cards by room alone once searched for minutes here (the kitty took the
    cards a short seat needed, found out cards later); counting per seat the cards that
    may still go there, each card now goes where a deal is still possible, first time."""
    rules = PRESETS["napoleon"].replace(players=7, target=0, deals=1)
    game = Game(rules, seed=60)
    for text in ("bid 2", "pass", "bid 4", "bid nap", "pass", "pass", "pass", "play 6c",
                 "play 8c", "play 4s", "play 9c", "play Qc", "play Jc", "play 4c", "play 7s",
                 "play 5d", "play 8s", "play Tc", "play 3s", "play 6s", "play Qh", "play Td",
                 "play 3d", "play Ts", "play 9d", "play Jd", "play Kd", "play 7d", "play 5h",
                 "play Ah", "play 9h", "play Jh", "play As"):
        game.apply(parse_action(text))
    cons = constraints(game.view(game.to_act))
    placed = 0
    place = sampling._place

    def counted(*args: Any) -> bool:
        nonlocal placed
        placed += 1
        return place(*args)

    monkeypatch.setattr(sampling, "_place", counted)
    samples = sampling.sample_hands(cons, random.Random(3), 20)
    assert placed == 20 * (cons.pool.bit_count() + 1)  # one call a card, no dead end
    for hands in samples:
        assert sum(h.bit_count() for h in hands) == sum(cons.need) + sum(
            f.bit_count() for f in cons.fixed)
        for seat, hand in enumerate(hands):
            assert hand & ~cons.fixed[seat] & ~cons.allowed[seat] == 0


def test_the_sampling_benchmark_reports_every_form(capsys: pytest.CaptureFixture[str]) -> None:
    script = ROOT / "benchmarks" / "sampling_bench.py"
    spec = importlib.util.spec_from_file_location("sampling_bench", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--games", "2", "--rounds", "1", "--samples", "2"])
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"standard", "three-handed", "napoleon", "napoleon-7"}
    assert all(r["views"] > 0 and r["slowest_ms"] >= r["mean_ms"] >= 0
               for r in report.values())


@pytest.mark.parametrize(("players", "searched"), [(5, True), (6, False), (7, False)])
def test_expert_leads_by_rollouts_alone_where_a_solve_would_hold_over_25_cards(
        players: int, searched: bool) -> None:
    """Six- and seven-handed Napoleon's first trick (30 and 35 cards) is too large to
    solve in a decision's time; five-handed (25, every preset's most) blends in the
    double-dummy search as everywhere else."""
    rules = PRESETS["napoleon"].replace(players=players, target=0, deals=1)
    game = Game(rules, seed=2)
    while game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[0])
    bot = ExpertPlayer(seed=1, samples=8)
    action = bot.choose(game.view(game.to_act), game.legal_actions())
    assert action in game.legal_actions()
    assert (bot.solves > 0) is searched
