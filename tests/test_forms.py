"""The further forms and house rules of ``../shared/RULES-forms.md``, a test per rule.

Each test is named after the rule it checks (``test_forms_<section>_...``). So far: the
Canadian loner (§19.1), defending alone only against a loner (§19.7), the super-euchre
(§19.10), which options a form takes (§21), the ``canadian`` preset (§22) and the EGN
flags that carry them (§20).
"""

from __future__ import annotations

import random

import pytest

from euchre.actions import ALONE, ORDER, PASS, STAY, Call, GoAlone
from euchre.egn import egn_ruleset, from_egn, rules_from_egn, to_egn
from euchre.errors import RecordError, RulesError
from euchre.game import Game, Phase
from euchre.record import Record
from euchre.rules import PRESETS, Rules
from euchre.scoring import score_deal

CANADIAN = Rules(canadian=True)


def game_at_round_one(rules: Rules, seed: int = 1) -> Game:
    return Game(rules, seed=seed)


def phase(game: Game) -> Phase:
    """The game's phase now (read afresh: the type checker keeps no old reading)."""
    return game.phase


def order_by(game: Game, seat: int) -> None:
    """Pass round one until ``seat``, which orders up; the dealer discards."""
    while game.to_act != seat:
        game.apply(PASS)
    game.apply(ORDER)
    assert game.phase is Phase.EXCHANGE
    game.apply(game.legal_actions()[0])


def test_forms_19_1_canadian_loner_dealers_partner_who_orders_up_goes_alone_unasked() -> None:
    game = game_at_round_one(CANADIAN)
    partner = (game.dealer + 2) % 4
    order_by(game, partner)
    assert partner in game.alone
    assert all(not isinstance(a, GoAlone) for s, a in game.view(0).calls if s == partner)
    assert game.to_act != partner and game.to_act != game.dealer  # neither is asked
    while game.phase is Phase.ALONE:  # the defenders may still defend alone
        assert (game.to_act - partner) % 2 == 1
        game.apply(STAY)
    assert game.phase is Phase.PLAY


def test_forms_19_1_canadian_loner_binds_only_the_dealers_partner() -> None:
    game = game_at_round_one(CANADIAN)
    left = (game.dealer + 1) % 4
    order_by(game, left)
    assert game.phase is Phase.ALONE and game.to_act == left and game.alone == ()


def test_forms_19_1_canadian_loner_naming_a_suit_in_round_two_forces_nothing() -> None:
    game = game_at_round_one(CANADIAN)
    for _ in range(5):  # round one, then the dealer's left passes round two too
        game.apply(PASS)
    partner = (game.dealer + 2) % 4
    assert game.to_act == partner and phase(game) is Phase.BID2
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Call)))
    assert phase(game) is Phase.ALONE and game.to_act == partner and game.alone == ()


def test_forms_19_1_canadian_loner_is_off_by_default() -> None:
    game = game_at_round_one(Rules())
    partner = (game.dealer + 2) % 4
    order_by(game, partner)
    assert game.phase is Phase.ALONE and game.to_act == partner


def test_forms_19_7_a_defender_may_go_alone_only_against_a_lone_maker() -> None:
    rules = Rules(lone_defender_needs_loner=True)
    game = game_at_round_one(rules)
    maker = (game.dealer + 1) % 4
    order_by(game, maker)
    asked = []
    while game.phase is Phase.ALONE:
        asked.append(game.to_act)
        game.apply(STAY)
    assert asked == [maker, (maker + 2) % 4]  # the defenders are not asked
    game = game_at_round_one(rules)
    order_by(game, maker)
    game.apply(ALONE)
    assert game.phase is Phase.ALONE and (game.to_act - maker) % 2 == 1
    assert ALONE in game.legal_actions()


def test_forms_19_10_super_euchre_scores_at_least_its_points() -> None:
    rules = Rules(super_euchre_points=4)
    assert score_deal(rules, 0, lone_maker=False, lone_defender=False) == (False, 4)
    assert score_deal(rules, 1, lone_maker=False, lone_defender=False) == (False, 2)
    assert score_deal(rules, 0, lone_maker=True, lone_defender=False) == (False, 4)
    assert score_deal(Rules(super_euchre_points=6), 0, lone_maker=False,
                      lone_defender=True) == (False, 6)
    assert score_deal(Rules(), 0, lone_maker=False, lone_defender=False) == (False, 2)
    assert score_deal(Rules(super_euchre_points=1), 0, False, False) == (False, 2)


SUPER = Rules(super_euchre_points=5, going_alone=False, lone_defender=False,
              maker_partner_alone=False)


def swept_deal() -> Game:
    """A game of one random deal under :data:`SUPER` whose makers took no trick."""
    rng = random.Random(3)
    for seed in range(400):
        game = Game(SUPER, seed=seed)
        while not game.results:
            game.apply(rng.choice(game.legal_actions()))
        result = game.results[0]
        if result.maker is not None and result.tricks[result.maker % 2] == 0:
            return game
    raise AssertionError("no swept makers in 400 random deals")


def test_forms_19_10_super_euchre_in_a_played_deal() -> None:
    result = swept_deal().results[0]
    assert result.maker is not None
    assert result.points == 5 and result.team == 1 - result.maker % 2


@pytest.mark.parametrize(("options", "words"), [
    ({"canadian": True}, "canadian: two-handed Euchre does not take this option"),
    ({"lone_defender_needs_loner": True},
     "lone_defender_needs_loner: two-handed Euchre does not take this option"),
    ({"super_euchre_points": 4}, "super_euchre_points: two-handed Euchre does not take"),
])
def test_forms_21_two_handed_refuses_the_four_handed_options(options: dict[str, object],
                                                             words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules.preset("two-handed").replace(**options)


def test_forms_21_options_that_need_another_are_refused_without_it() -> None:
    with pytest.raises(RulesError, match=r"lone_defender_needs_loner: .* lone_defender=true"):
        Rules(lone_defender=False, lone_defender_needs_loner=True)
    with pytest.raises(RulesError, match=r"canadian: .* going_alone=true"):
        Rules(going_alone=False, lone_defender=False, maker_partner_alone=False,
              canadian=True)
    with pytest.raises(RulesError, match="super_euchre_points: must be from 0"):
        Rules(super_euchre_points=-1)


def test_forms_22_the_canadian_preset() -> None:
    assert PRESETS["canadian"] == Rules().replace(canadian=True)
    assert Rules.preset("canadian").preset_name() == "canadian"


def test_forms_20_egn_flags_canadian_and_defend_alone() -> None:
    assert rules_from_egn({"canadian": True}).canadian
    assert not rules_from_egn({"canadian": False}).canadian
    defend = rules_from_egn({"defend_alone": True})
    assert defend.lone_defender and defend.lone_defender_needs_loner
    assert defend.lone_defender_scoring == "flat_4"
    assert egn_ruleset(CANADIAN)["canadian"] is True
    assert "canadian" not in egn_ruleset(Rules())


def test_forms_20_egn_round_trip_of_a_canadian_game() -> None:
    rules = Rules(canadian=True, maker_partner_alone=False, lone_defender=False,
                  target=5)
    rng = random.Random(11)
    game = Game(rules, seed=11)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    record = Record.from_game(game)
    back = from_egn(to_egn(record))
    assert back.rules.canadian
    assert back.check().score == game.score


def test_forms_20_egn_refuses_a_super_euchre_it_can_not_express() -> None:
    with pytest.raises(RecordError, match="super_euchre_points"):
        to_egn(Record.from_game(swept_deal()))


@pytest.mark.parametrize("players", [4, 2])
@pytest.mark.parametrize("deck", [28, 29, 33])
def test_forms_13_every_deck_deals_five_each_and_plays_whole_games(deck: int,
                                                                   players: int) -> None:
    base = (Rules(lone_defender=False, maker_partner_alone=False) if players == 4
            else Rules.preset("two-handed"))  # what EGN can write, for the round trip
    rules = base.replace(deck=deck, target=5)
    rng = random.Random(deck * players)
    for seed in range(3):
        game = Game(rules, seed=seed)
        while not game.is_over():
            deal = game.deals[-1]
            assert all(len(hand) == 5 for hand in deal.hands)
            assert len(deal.kitty) == deck - 5 * players - 1
            game.apply(rng.choice(game.legal_actions()))
        record = Record.from_game(game)
        assert record.check().score == game.score
        back = from_egn(to_egn(record))
        assert back.rules.deck == deck and back.check().score == game.score


def fast_break_game(players: int = 4) -> Game:
    """A random game, to a target of 5, in which a fast break happened."""
    base = (Rules(lone_defender=False, maker_partner_alone=False) if players == 4
            else Rules.preset("two-handed"))
    rules = base.replace(fast_break=True, target=5)
    for seed in range(300):
        rng = random.Random(seed)
        game = Game(rules, seed=seed)
        while not game.is_over():
            game.apply(rng.choice(game.legal_actions()))
        if any(r.verdict == "fast break" for r in game.results):
            return game
    raise AssertionError("no fast break in 300 random games")


@pytest.mark.parametrize("players", [4, 2])
def test_forms_19_8_fast_break_nobody_scores(players: int) -> None:
    game = fast_break_game(players)
    seating = game.rules.seating
    before = (0, 0)
    for result in game.results:
        if result.verdict == "fast break":
            assert result.maker is not None
            assert (result.team, result.points, result.score) == (None, 0, before)
            assert result.tricks[seating.team(result.maker)] == 3
        before = result.score
    record = Record.from_game(game)
    assert record.check().score == game.score
    back = from_egn(to_egn(record))
    assert back.rules.fast_break and back.check().score == game.score


def test_forms_19_8_fast_break_needs_the_order_of_the_tricks() -> None:
    from euchre.scoring import is_fast_break

    rules = Rules(fast_break=True)
    assert is_fast_break(rules, 1, [0, 2, 1, 3, 1])
    assert not is_fast_break(rules, 1, [1, 0, 2, 3, 1])  # the makers won trick 1
    assert not is_fast_break(rules, 1, [0, 2, 1, 3, 0])  # the defenders won trick 5
    assert not is_fast_break(Rules(), 1, [0, 2, 1, 3, 1])  # off by default


def test_forms_19_8_fast_break_in_words() -> None:
    from euchre.deal import DealResult
    from euchre.wording import result_line, verdict_phrase

    broken = DealResult(dealer=0, trump=2, maker=1, alone=(), tricks=(2, 3), points=0,
                        team=None, score=(3, 4))
    assert broken.verdict == "fast break" and not broken.thrown_in
    line = result_line(broken, Rules().seating, ["S", "W", "N", "E"], ["NS", "EW"])
    assert line == "W made hearts: 3 tricks, a fast break; nobody scores"
    assert "nobody scores" in verdict_phrase(broken)
