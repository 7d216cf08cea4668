"""The ``expert`` bot (small sample budgets: fast)."""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

import pytest
from test_pimc import _lay_down, _view, lineup, random_rules

from euchre.engine.actions import ALONE, ORDER, PASS, PLAY, Action
from euchre.engine.cards import CardSet, deck_mask, parse_card, parse_cards
from euchre.engine.deal import Deal, DealResult
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.players import Player, play_game
from euchre.players.basic import BasicPlayer, hand_strength
from euchre.players.expert import ExpertPlayer, score_utility
from euchre.players.knowledge import played_by
from euchre.players.registry import make_player
from euchre.players.sampling import constraints


def small(seed: int) -> ExpertPlayer:
    return ExpertPlayer(seed=seed, samples=3, bid_samples=3)


@pytest.mark.parametrize("seed", range(20))
def test_expert_always_legal_under_random_rules(seed: int) -> None:
    rules = random_rules(random.Random(100 + seed))
    game = Game(rules, seed=seed)
    play_game(game, lineup(rules, small(seed), seed))
    assert game.is_over()


def _trace(seed: int) -> list[str]:
    game = Game(Rules(target=0, deals=2), seed=seed)
    players: list[Player] = [small(s) for s in range(4)]
    actions: list[str] = []
    play_game(game, players, before=lambda g, seat, a: actions.append(f"{seat}:{a}"))
    return actions


def test_expert_is_deterministic_for_a_seed() -> None:
    assert _trace(8) == _trace(8)


def test_expert_ruffs_cheaply_to_take_the_last_two_tricks() -> None:
    legal = [PLAY[c] for c in parse_cards("9s Js")]
    assert small(1).choose(_view(), legal) == PLAY[parse_card("9s")]


def test_expert_orders_and_goes_alone_with_a_lay_down_hand() -> None:
    game = _lay_down()
    player = ExpertPlayer(seed=3, samples=6, bid_samples=6)
    assert player.choose(game.view(1), game.legal_actions()) == ORDER
    game.apply(ORDER)
    game.apply(game.legal_actions()[0])
    assert game.phase is Phase.ALONE and game.to_act == 1
    assert player.choose(game.view(1), game.legal_actions()) == ALONE


def test_expert_passes_junk_in_both_rounds() -> None:
    deal = Deal.parse(0, ["Jh Jd Ah Kh Qh", "9c Tc 9d Td Qs", "Kd Ad Ts Th Kc",
                          "Ac Qd Jc As Ks"], upcard="9h", kitty="Js Qc 9s")
    game = Game.from_deal(deal)
    player = ExpertPlayer(seed=4, samples=6, time_limit=None)
    assert player.choose(game.view(1), game.legal_actions()) == PASS
    for _ in range(4):
        game.apply(PASS)
    assert game.phase is Phase.BID2 and game.to_act == 1
    assert player.choose(game.view(1), game.legal_actions()) == PASS


@pytest.mark.parametrize("bid_evidence", [None, 0.05])
def test_inference_makes_a_passer_weaker(bid_evidence: float | None) -> None:
    # seats 1 and 2 passed round one with a jack of hearts turned: in the samples of
    # seat 3 the dealer's partner (seat 2), who would assist with a fair hand, holds
    # weaker hearts hands than uniform sampling gives it (under the soft model of
    # bidding, or with basic's own bids as the model)
    deal = Deal.parse(0, ["Jd Ah Kh Qh 9h", "Kd Ad Ts Th Kc", "Ac Qd Jc As Ks",
                          "9c Tc 9d Td Qs"], upcard="Jh", kitty="Js Qc 9s")
    game = Game.from_deal(deal)
    game.apply(PASS)
    game.apply(PASS)
    view = game.view(3)
    deck = deck_mask(24)

    def strong_share(player: ExpertPlayer) -> float:
        samples = player.sample(view, 200)
        return statistics.fmean(hand_strength(h[2], 2, deck) >= 4.5 for h in samples)

    informed = strong_share(ExpertPlayer(seed=1, bid_evidence=bid_evidence))
    uniform = strong_share(ExpertPlayer(seed=1, inference=False))
    assert informed < 0.5 * uniform


def test_expert_budget_counts_samples_rollouts_and_solves() -> None:
    game = _lay_down()
    player = ExpertPlayer(seed=5, samples=4, bid_samples=5, candidates=3)
    player.choose(game.view(1), game.legal_actions())
    # one rollout per sample and option (order, pass); no search in the bidding
    assert player.rollouts_run == 2 * 5
    assert player.solves == 0
    assert player.candidates_drawn <= 3 * 5
    game.apply(ORDER)
    game.apply(game.legal_actions()[0])
    game.apply(ALONE)
    defender = ExpertPlayer(seed=6, samples=4, bid_samples=5)
    while game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[0])
    while game.to_act != 2 or len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
        if game.results:
            return
    options = len(game.legal_actions())
    defender.choose(game.view(2), game.legal_actions())
    # the play by rollouts: one per sample and card, seat 3 sitting out, blended with
    # one double-dummy search per sample
    assert defender.rollouts_run == 4 * options and defender.solves == 4
    pure = ExpertPlayer(seed=6, samples=4, bid_samples=5, play_blend=0.0)
    pure.choose(game.view(2), game.legal_actions())
    assert pure.rollouts_run == 4 * options and pure.solves == 0
    searching = ExpertPlayer(seed=6, samples=4, bid_samples=5, play_rollouts=False)
    searching.choose(game.view(2), game.legal_actions())
    assert searching.solves == 4 and searching.rollouts_run == 0
    searcher = ExpertPlayer(seed=7, samples=4, bid_samples=5, rollouts=False)
    fresh = _lay_down()
    searcher.choose(fresh.view(1), fresh.legal_actions())
    # by search: order with the partner, alone for the best bid, and the rest of the
    # bidding played out after a pass: at most three searches per sample
    assert searcher.solves <= 3 * 5


def test_forced_moves_are_instant() -> None:
    player = small(7)
    view = _view(hand=CardSet.parse("9s"))
    assert player.choose(view, [PLAY[parse_card("9s")]]) == PLAY[parse_card("9s")]
    assert player.solves == 0 and player.decisions == 0


def test_the_score_weighs_points_by_the_chance_of_winning() -> None:
    rules = Rules()
    # early on a point is about a point, and a march about four
    assert score_utility(rules, 0, 0, False, 1) == pytest.approx(1.0, abs=0.15)
    assert score_utility(rules, 0, 0, False, 4) == pytest.approx(4.0, abs=0.6)
    # at 9-9 any point wins: a march is worth no more than one point
    assert score_utility(rules, 9, 9, True, 4) == score_utility(rules, 9, 9, True, 1)
    # at 8-9 they win on any point: a euchre (2 to them) is no worse than a point to them
    assert score_utility(rules, 8, 9, True, -2) == score_utility(rules, 8, 9, True, -1)
    # ahead 9-2, the extra points of a march alone add little to making it
    gain = score_utility(rules, 9, 2, False, 4) - score_utility(rules, 9, 2, False, 1)
    assert gain == pytest.approx(0.0, abs=1e-9)


def test_score_aware_utility() -> None:
    player = small(8)
    even = _view(score=(0, 0))
    late = _view(score=(9, 8))  # seat 3 is team 1: 8 points, the opponents 9
    assert player.utility(even, 1) == pytest.approx(1.0, abs=0.3)
    # one point does not win; two do: a march is worth much more than a single point
    assert player.utility(late, 2) > 1.5 * player.utility(late, 1)
    assert ExpertPlayer(score_aware=False).utility(late, 2) == 2.0
    assert make_player("expert", seed=1).__class__.__name__ == "ExpertPlayer"


def test_time_limit_stops_sampling_after_one_sample() -> None:
    legal = [PLAY[c] for c in parse_cards("9s Js")]
    player = ExpertPlayer(seed=9, samples=50, time_limit=0.0)
    assert player.choose(_view(), legal) in legal
    assert player.solves == 1 and player.used == 1


def _basic_deal_to_play() -> tuple[Game, BasicPlayer]:
    """The lay-down deal bid by ``basic`` at every seat, up to the first card."""
    game = _lay_down()
    basic = BasicPlayer()
    while game.phase is not Phase.PLAY:
        game.apply(basic.choose(game.view(game.to_act), game.legal_actions()))
    return game, basic


def _evidence_for(view: PlayerView, hands: Sequence[int], player: ExpertPlayer) -> float:
    """The play evidence ``player`` gives the unplayed ``hands``, seen in ``view``."""
    dealt = [h | p for h, p in zip(hands, played_by(view), strict=True)]
    rules = view.rules.replace(target=0, deals=1)
    start, _ = player._replay(view, rules, constraints(view).pool, dealt)
    return player._replay_play(view, start)


def _evidence(game: Game, seat: int, player: ExpertPlayer) -> float:
    """The play evidence ``player`` gives the true hands, seen from ``seat``."""
    return _evidence_for(game.view(seat), [game.hand_mask(s) for s in range(4)], player)


def test_play_evidence_marks_plays_basic_would_not_make() -> None:
    game, basic = _basic_deal_to_play()
    player = ExpertPlayer(seed=1, play_evidence=0.25)
    leader = game.to_act
    game.apply(basic.choose(game.view(leader), game.legal_actions()))
    # the next seat plays like basic: no evidence against the true deal
    follower = game.to_act
    legal = game.legal_actions()
    chosen = basic.choose(game.view(follower), legal)
    other = next((a for a in legal if a != chosen), None)
    probe = game.copy()
    probe.apply(chosen)
    watcher = probe.to_act
    assert _evidence(probe, watcher, player) == 1.0
    if other is not None:
        # a card basic would not have played counts once against the deal
        game.apply(other)
        assert _evidence(game, game.to_act, player) == pytest.approx(0.25)
    assert _evidence(game, game.to_act, ExpertPlayer(seed=1, play_evidence=None)) == 1.0


def test_partner_evidence_weighs_the_partners_plays_apart() -> None:
    game, basic = _basic_deal_to_play()
    game.apply(basic.choose(game.view(game.to_act), game.legal_actions()))
    follower = game.to_act
    legal = game.legal_actions()
    chosen = basic.choose(game.view(follower), legal)
    other = next(a for a in legal if a != chosen)
    game.apply(other)
    partner, opponent = (follower + 2) % 4, (follower + 1) % 4
    player = ExpertPlayer(seed=1, play_evidence=0.25, partner_evidence=0.5)
    assert _evidence(game, partner, player) == pytest.approx(0.5)
    assert _evidence(game, opponent, player) == pytest.approx(0.25)
    # 1: the partner's plays tell nothing; None: weighed as the others' plays
    assert _evidence(game, partner, ExpertPlayer(seed=1, partner_evidence=1.0)) == 1.0
    assert _evidence(game, partner, ExpertPlayer(seed=1, play_evidence=0.25)) == \
        pytest.approx(0.25)


def test_play_candidates_reject_deals_the_plays_speak_against() -> None:
    game, basic = _basic_deal_to_play()
    for _ in range(6):  # a trick and a card: four plays by others to learn from
        game.apply(basic.choose(game.view(game.to_act), game.legal_actions()))
    view = game.view(game.to_act)
    weighted = ExpertPlayer(seed=3, samples=20, play_evidence=1e-9)
    plain = weighted.play_samples(view)
    assert len(plain) == 20 and weighted.play_candidates_drawn == 20
    strict = ExpertPlayer(seed=3, samples=20, play_evidence=1e-9, play_candidates=8,
                          time_limit=None)
    drawn = strict.play_samples(view)
    assert len(drawn) == 20
    assert 20 <= strict.play_candidates_drawn <= 160
    # accepted deals explain every play (weight 1); any filler is one that does not
    consistent = [w for w, _, _ in drawn if w == 1.0]
    assert len(consistent) > sum(w == 1.0 for w, _, _ in plain)
    for weight, hands, _ in drawn:
        assert _evidence_for(view, hands, strict) == pytest.approx(weight)
    legal = game.legal_actions()
    assert strict.choose(view, legal) in legal


def test_play_by_rollouts_keeps_the_time_limit() -> None:
    game, _ = _basic_deal_to_play()
    player = ExpertPlayer(seed=2, samples=50, time_limit=0.0)
    legal = game.legal_actions()
    assert player.choose(game.view(game.to_act), legal) in legal
    assert player.used == 1 and player.rollouts_run == len(legal)


def test_a_full_blend_is_the_double_dummy_average() -> None:
    # before anyone has played, every sample weighs the same: with play_blend=1 the
    # rollouts give way entirely to the double-dummy values of plain search
    game, _ = _basic_deal_to_play()
    view, legal = game.view(game.to_act), game.legal_actions()
    blended = ExpertPlayer(seed=3, samples=6, play_blend=1.0, time_limit=None)
    searched = ExpertPlayer(seed=3, samples=6, play_rollouts=False, time_limit=None)
    blended.choose(view, legal)
    searched.choose(view, legal)
    assert blended.last_values == pytest.approx(searched.last_values)
    assert blended.rollouts_run == 6 * len(legal)


class _Counting:
    """Plays as ``inner`` and notes how many samples each of its bids used."""

    def __init__(self, inner: ExpertPlayer, counts: list[int]) -> None:
        self.inner = inner
        self.counts = counts

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        self.inner.bid_rollout_samples = 0
        action = self.inner.choose(view, legal)
        if self.inner.bid_rollout_samples:
            self.counts.append(self.inner.bid_rollout_samples)
        return action

    def deal_over(self, view: PlayerView, result: DealResult) -> None:
        self.inner.deal_over(view, result)

    def game_over(self, view: PlayerView) -> None:
        self.inner.game_over(view)


def test_expert_samples_more_only_for_close_bids() -> None:
    used: dict[int, list[int]] = {}
    for cap in (None, 32):
        player = ExpertPlayer(seed=4, samples=2, bid_samples=4, max_bid_samples=cap,
                              time_limit=None)
        counts = used.setdefault(cap or 0, [])
        game = Game(Rules(target=0, deals=12), seed=9)
        play_game(game, [_Counting(player, counts), BasicPlayer(seed=1),
                         _Counting(player, counts), BasicPlayer(seed=2)])
    assert used[0] and set(used[0]) == {4}
    # doubling from 4 while the two best options are within two standard errors
    assert set(used[32]) <= {4, 8, 16, 32}
    assert 4 in used[32] and max(used[32]) > 4
