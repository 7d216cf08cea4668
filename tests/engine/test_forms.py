"""The further forms and house rules of ``../shared/RULES-forms.md``, a test per rule.

Each test is named after the rule it checks (``test_forms_<section>_...``): common ground
(§13), three-handed Euchre (§14), Railroad (§15), Hasenpfeffer (§16), Napoleon (§17), the
house rules (§19), the EGN flags (§20), which options a form takes (§21) and the presets
(§22). Deals are built by hand, and every scoring row of every form is checked on a deal
played through :class:`~euchre.engine.game.Game` (where the cards force the number of tricks,
the deal is played out with the first legal action) or on ``deal_gains`` directly.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from euchre.engine.actions import (
    ALONE,
    BEST,
    BID,
    BLUCHER,
    CALL,
    DECLINE,
    DISCARD,
    GIVE,
    MISERE,
    NAP,
    NO_TRUMP,
    ORDER,
    PASS,
    PLAY,
    STAY,
    THROW_IN_HAND,
    WELLINGTON,
    Call,
    Declare,
    GoAlone,
    parse_action,
)
from euchre.engine.cards import (
    BENNY,
    HEARTS,
    UNKNOWN,
    Card,
    card_name,
    cards_of,
    deck_mask,
    mask_of,
    parse_card,
    parse_cards,
)
from euchre.engine.deal import Deal, DealResult
from euchre.engine.game import FLOWS, Game, Phase
from euchre.engine.rules import APPLIES, PRESETS, Rules
from euchre.engine.scoring import (
    deal_gains,
    deal_score,
    game_winner,
    match_start,
    match_value,
    nap_points,
    score_deal,
    settlement,
)
from euchre.errors import IllegalActionError, RecordError, RulesError
from euchre.records.egn import egn_ruleset, from_egn, rules_from_egn, to_egn
from euchre.records.record import Record

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
    before: tuple[int, ...] = (0, 0)
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
    from euchre.engine.scoring import is_fast_break

    rules = Rules(fast_break=True)
    assert is_fast_break(rules, 1, [0, 2, 1, 3, 1])
    assert not is_fast_break(rules, 1, [1, 0, 2, 3, 1])  # the makers won trick 1
    assert not is_fast_break(rules, 1, [0, 2, 1, 3, 0])  # the defenders won trick 5
    assert not is_fast_break(Rules(), 1, [0, 2, 1, 3, 1])  # off by default


def test_forms_19_8_fast_break_in_words() -> None:
    from euchre.engine.deal import DealResult
    from euchre.table.wording import result_line, verdict_phrase

    broken = DealResult(dealer=0, trump=2, maker=1, alone=(), tricks=(2, 3), points=0,
                        team=None, score=(3, 4))
    assert broken.verdict == "fast break" and not broken.thrown_in
    line = result_line(broken, Rules().seating, ["S", "W", "N", "E"], ["NS", "EW"])
    assert line == "W made hearts: 3 tricks, a fast break; nobody scores"
    assert "nobody scores" in verdict_phrase(broken)


# -- §13 to §22: helpers for deals built by hand ---------------------------------------

THREE = Rules.preset("three-handed")
RAILROAD = Rules.preset("railroad")
HASEN = Rules.preset("hasenpfeffer")
NAPOLEON = Rules.preset("napoleon")
NAP_FULL = Rules.preset("napoleon-full")


def rest(rules: Rules, *texts: str) -> str:
    """The cards of the rules' deck that none of ``texts`` names, in code order (the
    kitty of a deal built by hand)."""
    used = {c for text in texts for c in parse_cards(text)}
    return " ".join(card_name(c) for c in cards_of(deck_mask(rules.deck)) if c not in used)


def built(rules: Rules, dealer: int, hands: list[str], upcard: str = "",
          kitty: str | None = None) -> Deal:
    """A deal from text; the kitty defaults to every card not dealt (in code order)."""
    if kitty is None:
        kitty = rest(rules, upcard, *hands)
    return Deal.parse(dealer, hands, upcard=upcard, kitty=kitty)


def act(game: Game, *texts: str) -> None:
    """Apply actions given as text, in order."""
    for text in texts:
        game.apply(parse_action(text))


def finish_deal(game: Game) -> DealResult:
    """Play the first legal action until the deal in progress ends; its result."""
    done = len(game.results)
    while len(game.results) == done:
        game.apply(game.legal_actions()[0])
    return game.results[done]


def card_set(text: str) -> frozenset[Card]:
    return frozenset(parse_cards(text))


# -- §13 common ground -----------------------------------------------------------------


def test_forms_13_forms_and_their_defaults() -> None:
    assert Rules().form == "four_handed"
    assert (THREE.players, THREE.deck, THREE.target) == (3, 24, 10)
    assert (HASEN.players, HASEN.deck, HASEN.target, HASEN.hand_size) == (4, 25, 10, 6)
    assert (NAPOLEON.players, NAPOLEON.deck, NAPOLEON.target) == (5, 52, 20)
    assert Rules(form="napoleon").target == 20 and Rules(form="three_handed").target == 10


@pytest.mark.parametrize(("options", "option"), [
    ({"deck": 52}, "deck"),
    ({"form": "two_handed", "deck": 52}, "deck"),
    ({"form": "napoleon", "deck": 24}, "deck"),
    ({"form": "hasenpfeffer", "deck": 24}, "deck"),
    ({"form": "three_handed", "deck": 52}, "deck"),
])
def test_forms_13_deck_52_only_and_always_for_napoleon(options: dict[str, object],
                                                       option: str) -> None:
    with pytest.raises(RulesError, match=f"^{option}:"):
        Rules(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize("deck", [24, 25, 28, 29, 32, 33])
@pytest.mark.parametrize("form", ["four_handed", "two_handed", "three_handed"])
def test_forms_13_every_euchre_form_deals_five_each_and_the_rest_is_the_kitty(
        form: str, deck: int) -> None:
    rules = Rules(form=form, deck=deck)  # type: ignore[arg-type]
    deal = Game(rules, seed=deck).deals[0]
    assert all(len(hand) == 5 for hand in deal.hands)
    assert len(deal.kitty) + 1 == deck - 5 * rules.players  # the upcard is the kitty's top


def test_forms_13_benny_upcard_skip_round_one_is_the_default() -> None:
    rules = Rules(deck=25)
    game = Game(rules, deals=[built(rules, 0, ["9c Tc Jc Qc Kc", "Ac 9d Td Jd Qd",
                                               "Kd Ad 9h Th Jh", "Qh Kh Ah 9s Ts"],
                                      upcard="B")])
    assert rules.benny_upcard == "skip_round_one"
    assert game.phase is Phase.BID2 and game.to_act == 1
    assert game.legal_actions() == [PASS, *(CALL[s] for s in range(4))]
    act(game, "call s")
    assert phase(game) is Phase.ALONE and game.discard is None  # no exchange


BRITISH_DEAL = ["9c Tc 9d Ah Kh", "Ac Jc Td Jd Qd", "Kd Ad 9h Th Jh", "Qh Qc Kc 9s Ts"]


def test_forms_13_benny_upcard_dealer_names_dealer_is_maker_and_keeps_benny() -> None:
    rules = Rules.preset("british")
    game = Game(rules, deals=[built(rules, 0, BRITISH_DEAL, upcard="B")])
    assert game.phase is Phase.BENNY and game.to_act == 0
    assert len(game.view(0).hand) == 0  # the dealer names trump blind
    assert len(game.view(1).hand) == 5
    assert game.legal_actions() == [CALL[s] for s in range(4)]
    act(game, "call s")
    assert (game.trump, game.maker, game.phase, game.to_act) == (3, 0, Phase.EXCHANGE, 0)
    assert not rules.dealer_must_take_upcard
    assert DISCARD[BENNY] not in game.legal_actions()  # never the Benny itself
    assert not game.can_apply(DISCARD[BENNY])
    assert len(game.view(0).hand) == 5
    act(game, "discard 9c")
    assert BENNY in game.hand(0) and game.discard == parse_card("9c")
    assert phase(game) is Phase.ALONE and game.to_act == 0  # no bidding: straight to §6
    assert [a for _, a in game.calls] == [CALL[3]]
    result = finish_deal(game)
    assert result.maker == 0 and result.trump == 3


def test_forms_13_benny_upcard_dealer_names_declarations_judge_the_hand_without_it() -> None:
    rules = Rules.preset("british").replace(farmers=True)
    game = Game(rules, deals=[built(rules, 0, BRITISH_DEAL, upcard="B")])
    act(game, "call h")
    assert phase(game) is Phase.DECLARE and game.to_act == 1
    act(game, "pass", "pass", "pass")
    assert game.to_act == 0 and BENNY not in game.hand(0)
    assert parse_action("farmer 9c Tc 9d") in game.legal_actions()
    act(game, "farmer 9c Tc 9d")
    assert phase(game) is Phase.EXCHANGE and game.to_act == 0
    assert DISCARD[BENNY] not in game.legal_actions()


def test_forms_13_benny_upcard_hearts_round_one_means_hearts() -> None:
    rules = Rules(deck=25, benny_upcard="hearts")
    deal = built(rules, 0, BRITISH_DEAL, upcard="B")
    game = Game(rules, deals=[deal])
    assert game.phase is Phase.BID1 and game.to_act == 1
    act(game, "order")
    assert game.trump == HEARTS and game.maker == 1
    assert phase(game) is Phase.EXCHANGE and game.to_act == 0
    assert DISCARD[BENNY] in game.legal_actions()  # the exchange is for the Benny
    act(game, "discard 9c")
    assert BENNY in game.hand(0)
    game = Game(rules, deals=[deal])
    act(game, "pass", "pass", "pass", "pass")
    assert phase(game) is Phase.BID2
    assert CALL[HEARTS] not in game.legal_actions()  # hearts is the turned-down suit
    assert not game.can_apply(CALL[HEARTS])


def test_forms_13_per_player_tie_plays_another_deal() -> None:
    game = Game(THREE, deals=[built(THREE, 0, THREE_EUCHRED, upcard="9h")], score=(8, 0, 8))
    act(game, "order")
    result = finish_deal(game)
    assert result.gains == (2, 0, 2) and result.score == (10, 0, 10)
    assert not game.is_over() and game.deal_number == 1  # tied at the top: one more deal


@pytest.mark.parametrize(("start", "winner"), [((9, 0, 0), 0), ((8, 0, 9), 2), ((9, 5, 7), 0)])
def test_forms_13_per_player_highest_total_wins(start: tuple[int, int, int],
                                                winner: int) -> None:
    game = Game(THREE, deals=[built(THREE, 0, THREE_EUCHRED, upcard="9h")], score=start)
    act(game, "order")
    finish_deal(game)
    assert game.is_over() and game.winner() == winner


def test_forms_13_per_player_fixed_deals_tie_is_a_draw() -> None:
    rules = THREE.replace(target=0, deals=1)
    game = Game(rules, deals=[built(rules, 0, THREE_EUCHRED, upcard="9h")])
    act(game, "order")
    finish_deal(game)
    assert game.is_over() and game.score == (2, 0, 2) and game.winner() is None
    game = Game(rules, deals=[built(rules, 0, THREE_MARCH, upcard="9h")])
    act(game, "order")
    finish_deal(game)
    assert game.is_over() and game.winner() == 1


def test_forms_13_fixed_deals_partnerships_equal_points_is_a_draw() -> None:
    game = Game(Rules(target=0, deals=1), seed=5)
    for _ in range(8):
        game.apply(PASS)
    assert game.is_over() and game.score == (0, 0) and game.winner() is None


def test_forms_13_shown_cards_are_public() -> None:
    rules = Rules(farmers=True)
    game = Game(rules, deals=[built(rules, 0, FARMER_DEAL, upcard="9s", kitty="Qs Ks As")])
    act(game, "farmer 9c Tc 9d")
    for seat in range(4):
        assert card_set("9c Tc 9d") <= game.view(seat).known_cards()


# -- §14 three-handed ------------------------------------------------------------------

THREE_MARCH = ["As Ks Qs Js Ts", "Jh Jd Ah Kh Qh", "Ac Kc Qc Jc Tc"]
THREE_FOUR = ["As Ks Qs Js Ts", "Jh Jd Ah Kh 9s", "Ac Kc Qc Jc Tc"]
THREE_THREE = ["As Ks Qs Js Ts", "Jh Jd Ah 9c 9s", "Ac Kc Qc Jc Tc"]
THREE_EUCHRED = ["As Ks Qs Js 9d", "Jh 9c Tc 9s Ts", "Ac Kc Qc Jc Jd"]
"""Three-handed deals dealt by seat 0 with the 9h turned up, in which seat 1 orders
hearts: whatever anyone plays, seat 1 takes 5, 4, 3 and 1 tricks (its other cards are
the lowest of suits that an opponent holds to the end)."""


def test_forms_14_three_players_each_for_themselves_deal_passes_left() -> None:
    assert THREE.seating.teams == ((0,), (1,), (2,))
    game = Game(THREE, seed=4)
    first = game.dealer
    assert 0 <= first < 3 and game.to_act == (first + 1) % 3
    for _ in range(6):  # all pass twice: thrown in
        game.apply(PASS)
    assert game.results[0].thrown_in and game.dealer == (first + 1) % 3
    assert game.to_act == (first + 2) % 3


def test_forms_14_kitty_size_with_each_deck() -> None:
    for deck, kitty in ((24, 9), (25, 10), (32, 17)):
        rules = THREE.replace(deck=deck)
        deal = Game(rules, seed=1).deals[0]
        assert len(deal.kitty) + 1 == kitty and deal.upcard >= 0


def test_forms_14_round_one_order_and_the_dealer_exchanges_as_a_defender() -> None:
    game = Game(THREE, deals=[built(THREE, 0, THREE_MARCH, upcard="9h")])
    assert game.to_act == 1
    act(game, "pass", "pass")
    assert game.to_act == 0  # dealer + 1, dealer + 2, then the dealer
    game = Game(THREE, deals=[built(THREE, 0, THREE_MARCH, upcard="9h")])
    act(game, "pass", "order")
    assert (game.maker, game.trump, game.phase, game.to_act) == (2, HEARTS, Phase.EXCHANGE, 0)
    act(game, "discard Ts")
    assert parse_card("9h") in game.hand(0)
    assert phase(game) is Phase.PLAY and game.to_act == 1  # nobody goes alone
    assert game.alone == () and game.sitting_out == ()


def test_forms_14_round_two_all_pass_throws_in() -> None:
    game = Game(THREE, deals=[built(THREE, 0, THREE_MARCH, upcard="9h")])
    act(game, "pass", "pass", "pass")
    assert phase(game) is Phase.BID2 and CALL[HEARTS] not in game.legal_actions()
    act(game, "pass", "pass")
    assert game.to_act == 0 and PASS in game.legal_actions()
    outcome = game.apply(PASS)
    assert outcome.result is not None and outcome.result.thrown_in
    assert outcome.result.gains == (0, 0, 0) and game.dealer == 1


def test_forms_14_stick_the_dealer_three_handed() -> None:
    rules = THREE.replace(stick_the_dealer=True)
    game = Game(rules, deals=[built(rules, 0, THREE_MARCH, upcard="9h")])
    act(game, "pass", "pass", "pass", "pass", "pass")
    assert game.to_act == 0 and PASS not in game.legal_actions()
    assert game.legal_actions() == [CALL[0], CALL[1], CALL[3]]
    with pytest.raises(IllegalActionError):
        game.apply(PASS)
    act(game, "call c")
    assert game.maker == 0 and game.trump == 0


def test_forms_14_no_going_alone_options() -> None:
    for option, value in (("loner_lead", "left_of_dealer"), ("canadian", True),
                          ("partners_best", "loner")):
        with pytest.raises(RulesError, match=f"^{option}:"):
            THREE.replace(**{option: value})
    assert not THREE.going_alone and "alone" not in [p.value for p in FLOWS["three_handed"]]


@pytest.mark.parametrize(("hands", "tricks", "gains", "verdict"), [
    (THREE_MARCH, 5, (0, 3, 0), "marched"),
    (THREE_FOUR, 4, (0, 1, 0), "made"),
    (THREE_THREE, 3, (0, 1, 0), "made"),
    (THREE_EUCHRED, 1, (2, 0, 2), "euchred"),
])
def test_forms_14_three_handed_scoring_rows(hands: list[str], tricks: int,
                                            gains: tuple[int, ...], verdict: str) -> None:
    game = Game(THREE, deals=[built(THREE, 0, hands, upcard="9h")], score=(1, 2, 3))
    act(game, "order")
    result = finish_deal(game)
    assert result.maker == 1 and result.tricks[1] == tricks and sum(result.tricks) == 5
    assert result.gains == gains and result.verdict == verdict
    assert result.score == tuple(s + g for s, g in zip((1, 2, 3), gains, strict=True))
    assert game.score == result.score


def test_forms_14_three_handed_defenders_score_two_each() -> None:
    for made, gains in ((0, (2, 0, 2)), (1, (2, 0, 2)), (2, (2, 0, 2)), (3, (0, 1, 0)),
                        (4, (0, 1, 0)), (5, (0, 3, 0))):
        tricks = (5 - made, made, 0)
        assert deal_gains(THREE, 1, (), tricks, [])[0] == gains


def test_forms_14_defenders_play_as_partners_for_the_deal() -> None:
    game = Game(THREE, deals=[built(THREE, 0, THREE_EUCHRED, upcard="9h")])
    act(game, "order")
    finish_deal(game)
    result = game.results[0]
    assert sum(result.tricks) == 5 and result.tricks[1] == 1


# -- §15 Railroad ----------------------------------------------------------------------

BEST_DEAL = ["9c Tc Jc Qc Kc", "Ac 9d Td Jd Qd", "Kd Ad 9h Th Jh", "Qh Kh Ah 9s Ts"]
"""Dealt by seat 0 with the Js turned up (the kitty Qs Ks As)."""


def best_game(rules: Rules) -> Game:
    """Seat 1 orders spades, the dealer takes the Js for the 9c, seat 1 goes alone and
    the defenders stay: the lone maker is asked to call for best."""
    game = Game(rules, deals=[built(rules, 0, BEST_DEAL, upcard="Js", kitty="Qs Ks As")])
    act(game, "order", "discard 9c", "alone", "stay", "stay")
    return game


def test_forms_15_partners_best_discard_first_order() -> None:
    game = best_game(Rules(partners_best="loner"))
    assert game.phase is Phase.BEST and game.to_act == 1
    assert game.legal_actions() == [DECLINE, BEST]
    act(game, "best")
    assert phase(game) is Phase.DISCARD and game.to_act == 1  # the loner discards first
    act(game, "discard 9d")
    assert phase(game) is Phase.GIVE and game.to_act == 3
    assert game.legal_actions() == [GIVE[c] for c in sorted(parse_cards("Qh Kh Ah 9s Ts"))]
    act(game, "give Ts")
    assert phase(game) is Phase.PLAY
    assert game.hand(1) == card_set("Ac Td Jd Qd Ts")  # 5 cards at the first lead
    assert game.laid_away == ((1, parse_card("9d")),)
    assert game.given == ((3, 1, parse_card("Ts")),)


def test_forms_15_partners_best_cards_are_seen_only_by_giver_receiver_and_loner() -> None:
    game = best_game(Rules(partners_best="loner"))
    act(game, "best", "discard 9d", "give Ts")
    nine, ten = parse_card("9d"), parse_card("Ts")
    for seat in range(4):
        view = game.view(seat)
        assert (nine in view.known_cards()) == (seat == 1)
        assert (ten in view.known_cards()) == (seat in (1, 3))
        assert view.laid_away == ((nine,) if seat == 1 else ())


def test_forms_15_receive_first_may_discard_received_card() -> None:
    game = best_game(Rules(partners_best="loner", partners_best_order="receive_first"))
    act(game, "best")
    assert phase(game) is Phase.GIVE and game.to_act == 3
    act(game, "give Ah")
    assert phase(game) is Phase.DISCARD and game.to_act == 1
    assert len(game.hand(1)) == 6 and DISCARD[parse_card("Ah")] in game.legal_actions()
    act(game, "discard Ah")
    assert phase(game) is Phase.PLAY and game.hand(1) == card_set("Ac 9d Td Jd Qd")


def test_forms_15_partners_best_decline_plays_on() -> None:
    game = best_game(Rules(partners_best="loner"))
    act(game, "decline")
    assert phase(game) is Phase.PLAY and game.given == () and game.laid_away == ()


def test_forms_15_partners_best_none_is_not_asked() -> None:
    game = best_game(Rules())
    assert game.phase is Phase.PLAY


def test_forms_15_lone_defender_calls_under_loner_and_defender() -> None:
    rules = Rules(partners_best="loner_and_defender")
    game = Game(rules, deals=[built(rules, 0, BEST_DEAL, upcard="Js", kitty="Qs Ks As")])
    act(game, "order", "discard 9c", "stay", "stay", "alone")  # only seat 2 goes alone
    assert game.phase is Phase.BEST and game.to_act == 2
    act(game, "best", "discard 9h")
    assert phase(game) is Phase.GIVE and game.to_act == 0
    act(game, "give Js")
    assert phase(game) is Phase.PLAY and len(game.hand(2)) == 5
    game = Game(Rules(partners_best="loner"),
                deals=[built(rules, 0, BEST_DEAL, upcard="Js", kitty="Qs Ks As")])
    act(game, "order", "discard 9c", "stay", "stay", "alone")
    assert phase(game) is Phase.PLAY  # under 'loner' a lone defender does not call


def test_forms_15_lone_maker_calls_first_then_lone_defender() -> None:
    game = best_game(RAILROAD.replace(deck=24, benny_upcard="skip_round_one"))
    assert game.phase is Phase.BEST and game.to_act == 1  # the defenders stayed
    game = Game(RAILROAD, deals=[built(RAILROAD, 0, RAIL_DEFENDER, upcard="9h")])
    act(game, "order", "discard 9c", "alone", "alone")
    assert game.phase is Phase.BEST and game.to_act == 1
    act(game, "decline")
    assert phase(game) is Phase.BEST and game.to_act == 2
    act(game, "decline")
    assert phase(game) is Phase.PLAY and game.to_act == 2  # the lone defender leads


def test_forms_15_both_lone_players_call_and_hold_five_cards() -> None:
    game = Game(RAILROAD, deals=[built(RAILROAD, 0, RAIL_DEFENDER, upcard="9h")])
    act(game, "order", "discard 9c", "alone", "alone", "best", "discard Td")
    assert phase(game) is Phase.GIVE and game.to_act == 3
    act(game, "give Ad")
    assert phase(game) is Phase.BEST and game.to_act == 2  # then the lone defender
    act(game, "best", "discard Kd")
    assert phase(game) is Phase.GIVE and game.to_act == 0
    act(game, "give Qc")
    assert phase(game) is Phase.PLAY and game.to_act == 2
    assert len(game.hand(1)) == len(game.hand(2)) == 5
    assert game.given == ((3, 1, parse_card("Ad")), (0, 2, parse_card("Qc")))


def test_forms_15_canadian_loner_calls_for_best() -> None:
    rules = Rules(canadian=True, partners_best="loner")
    game = Game(rules, deals=[built(rules, 0, BEST_DEAL, upcard="Js", kitty="Qs Ks As")])
    act(game, "pass", "order", "discard 9c")
    assert game.alone == (2,)
    act(game, "stay", "stay")
    assert phase(game) is Phase.BEST and game.to_act == 2


def test_forms_15_dealers_partner_alone_may_receive_the_upcard() -> None:
    rules = Rules(partners_best="loner")
    game = Game(rules, deals=[built(rules, 0, BEST_DEAL, upcard="Js", kitty="Qs Ks As")])
    act(game, "pass", "order", "discard 9c")  # seat 2 assists; the dealer takes the Js
    act(game, "alone", "stay", "stay", "best", "discard 9h")
    assert game.to_act == 0 and GIVE[parse_card("Js")] in game.legal_actions()
    act(game, "give Js")
    assert parse_card("Js") in game.hand(2) and len(game.hand(2)) == 5


def test_forms_15_lone_dealer_exchanges_twice() -> None:
    rules = Rules(partners_best="loner")
    game = Game(rules, deals=[built(rules, 0, BEST_DEAL, upcard="Js", kitty="Qs Ks As")])
    act(game, "pass", "pass", "pass", "order", "discard 9c")
    act(game, "alone", "stay", "stay", "best", "discard Tc", "give Jh")
    assert phase(game) is Phase.PLAY
    assert game.hand(0) == card_set("Jc Qc Kc Js Jh") and game.discard == parse_card("9c")


RAIL_MARCH = ["9c Tc Jc Qc Kc", "B Jh Jd Ah Kh", "Ac 9d Td Qd Kd", "Ad 9s Ts Js Qs"]
RAIL_DEFENDER = ["9c Tc Jc Qc Kc", "Ah Kh Qh As Td", "B Jh Jd Ks Kd", "Ac 9d Qd Ad 9s"]
"""Railroad deals dealt by seat 0 with the 9h turned up, seat 1 ordering hearts."""


def test_forms_15_railroad_lone_maker_march_scores_loner_march_points() -> None:
    game = Game(RAILROAD, deals=[built(RAILROAD, 0, RAIL_MARCH, upcard="9h")])
    act(game, "order", "discard 9c", "alone", "stay", "stay", "decline")
    result = finish_deal(game)
    assert result.tricks == (0, 5) and result.gains == (0, 4)
    assert result.verdict == "loner march" and game.score == (0, 4)


def test_forms_15_railroad_lone_defender_euchre_scores_flat_4() -> None:
    game = Game(RAILROAD, deals=[built(RAILROAD, 0, RAIL_DEFENDER, upcard="9h")])
    act(game, "order", "discard 9c", "alone", "alone", "decline", "decline")
    assert game.sitting_out == (0, 3) and game.to_act == 2
    act(game, "play B", "play Qh", "play Jh", "play Kh", "play Jd", "play Ah",
        "play Kd", "play Td", "play Ks", "play As")
    result = game.results[0]
    assert result.tricks == (4, 1) and result.gains == (4, 0)  # by_tricks would give 2
    assert result.verdict == "euchred by a lone defender"


@pytest.mark.parametrize(("alone", "tricks", "gains"), [
    ((), (2, 3), (0, 1)), ((), (1, 4), (0, 1)), ((), (0, 5), (0, 2)), ((), (3, 2), (2, 0)),
    ((1,), (2, 3), (0, 1)), ((1,), (1, 4), (0, 1)), ((1,), (0, 5), (0, 4)),
    ((1,), (3, 2), (2, 0)), ((1,), (5, 0), (2, 0)),
    ((1, 2), (2, 3), (0, 1)), ((1, 2), (1, 4), (0, 1)), ((1, 2), (0, 5), (0, 4)),
    ((1, 2), (3, 2), (4, 0)), ((1, 2), (4, 1), (4, 0)), ((1, 2), (5, 0), (4, 0)),
])
def test_forms_15_railroad_flat_4_table(alone: tuple[int, ...], tricks: tuple[int, int],
                                        gains: tuple[int, int]) -> None:
    assert deal_gains(RAILROAD, 1, alone, tricks, [])[0] == gains
    march5 = RAILROAD.replace(loner_march_points=5)
    if alone and tricks[1] == 5:
        assert deal_gains(march5, 1, alone, tricks, [])[0] == (0, 5)


# -- §16 Hasenpfeffer ------------------------------------------------------------------

HASEN_TOP = ["B Jh Jd Ah Kh Qh", "9c Tc Jc Qc Kc Ac", "9d Td Qd Kd Ad Th", "9s Ts Js Qs Ks As"]
"""Seat 0 holds the six highest hearts: with hearts trump its side takes every trick."""


def test_forms_16_six_cards_each_and_a_widow_no_upcard() -> None:
    game = Game(HASEN, seed=3)
    deal = game.deals[0]
    assert all(len(hand) == 6 for hand in deal.hands)
    assert len(deal.kitty) == 1 and deal.upcard == UNKNOWN
    assert game.phase is Phase.BID and game.to_act == (game.dealer + 1) % 4


def test_forms_16_one_round_bidding_higher_each_time() -> None:
    game = Game(HASEN, deals=[built(HASEN, 3, HASEN_TOP)])
    assert game.to_act == 0
    assert game.legal_actions() == [PASS, *(BID[n] for n in range(1, 7))]
    act(game, "bid 2")
    assert game.legal_actions() == [PASS, *(BID[n] for n in range(3, 7))]
    act(game, "pass", "bid 4", "pass")  # each once: bidding is over
    assert (game.maker, game.bid, game.phase, game.to_act) == (2, 4, Phase.TRUMP, 2)
    assert game.legal_actions() == [CALL[s] for s in range(4)]  # never no-trump
    act(game, "call h")
    assert phase(game) is Phase.PLAY and game.to_act == 2  # the maker leads


def test_forms_16_all_pass_benny_holder_bids_three() -> None:
    game = Game(HASEN, deals=[built(HASEN, 1, HASEN_TOP)])
    act(game, "pass", "pass", "pass", "pass")
    assert (game.maker, game.bid, game.phase, game.to_act) == (0, 3, Phase.TRUMP, 0)
    assert (0, BENNY) in game.shown
    for seat in range(4):
        assert BENNY in game.view(seat).known_cards()
    assert (0, BID[3]) in game.calls


def test_forms_16_benny_in_widow_throws_in() -> None:
    hands = ["9h Jh Jd Ah Kh Qh", "9c Tc Jc Qc Kc Ac", "9d Td Qd Kd Ad Th", "9s Ts Js Qs Ks As"]
    game = Game(HASEN, deals=[built(HASEN, 1, hands, kitty="B")])
    act(game, "pass", "pass", "pass")
    outcome = game.apply(PASS)
    assert outcome.result is not None and outcome.result.thrown_in
    assert outcome.result.gains == (0, 0) and game.dealer == 2 and game.deal_number == 1


def test_forms_16_widow_bidder_takes_and_discards() -> None:
    rules = HASEN.replace(widow="bidder_takes")
    hands = ["9h Jh Jd Ah Kh Qh", "9c Tc Jc Qc Kc Ac", "9d Td Qd Kd Ad Th", "9s Ts Js Qs Ks As"]
    game = Game(rules, deals=[built(rules, 3, hands, kitty="B")])
    act(game, "bid 5", "pass", "pass", "pass", "call h")
    assert game.phase is Phase.DISCARD and game.to_act == 0
    assert BENNY in game.hand(0) and len(game.hand(0)) == 7 and game.kitty_mask() == 0
    assert DISCARD[BENNY] in game.legal_actions()  # the widow card itself may go
    act(game, "discard 9h")
    assert phase(game) is Phase.PLAY and game.to_act == 0 and len(game.hand(0)) == 6
    assert game.view(0).laid_away == (parse_card("9h"),)
    for seat in (1, 2, 3):
        assert parse_card("9h") not in game.view(seat).known_cards()
        assert BENNY not in game.view(seat).known_cards()


def test_forms_16_widow_unused_nobody_sees_it() -> None:
    game = Game(HASEN, deals=[built(HASEN, 3, HASEN_TOP, kitty="9h")])
    act(game, "bid 6", "pass", "pass", "pass", "call h")
    assert phase(game) is Phase.PLAY and game.kitty_mask() == 1 << parse_card("9h")
    assert all(parse_card("9h") not in game.view(s).known_cards() for s in range(4))


def test_forms_16_auction_ends_after_three_passes() -> None:
    rules = HASEN.replace(hasen_bidding="auction")
    game = Game(rules, deals=[built(rules, 3, HASEN_TOP)])
    act(game, "pass", "bid 2", "pass", "pass")
    assert game.phase is Phase.BID and game.to_act == 0
    assert BID[3] in game.legal_actions()  # a player who passed may bid later
    act(game, "bid 3", "pass", "pass")
    assert phase(game) is Phase.BID and game.to_act == 3
    act(game, "pass")
    assert (game.maker, game.bid, game.phase) == (0, 3, Phase.TRUMP)


def test_forms_16_auction_ends_at_a_bid_of_six() -> None:
    rules = HASEN.replace(hasen_bidding="auction")
    game = Game(rules, deals=[built(rules, 3, HASEN_TOP)])
    act(game, "pass", "bid 6")
    assert (game.maker, game.bid, game.phase) == (1, 6, Phase.TRUMP)


def test_forms_16_makers_made_both_sides_score_their_tricks() -> None:
    game = Game(HASEN, deals=[built(HASEN, 3, HASEN_TOP)], score=(2, 3))
    act(game, "bid 6", "pass", "pass", "pass", "call h")
    result = finish_deal(game)
    assert result.tricks == (6, 0) and result.gains == (6, 0) and result.score == (8, 3)
    assert result.bid == 6 and result.verdict == "made"


def test_forms_16_makers_set_score_minus_the_bid() -> None:
    game = Game(HASEN, deals=[built(HASEN, 0, HASEN_TOP)])
    act(game, "bid 3", "pass", "pass", "pass", "call h")  # seat 1 bids, seat 0 holds it all
    result = finish_deal(game)
    assert result.tricks == (6, 0) and result.gains == (6, -3) and result.score == (6, -3)
    assert result.verdict == "set" and game.score == (6, -3)  # below zero


def test_forms_16_hasen_defenders_score_false() -> None:
    rules = HASEN.replace(hasen_defenders_score=False)
    game = Game(rules, deals=[built(rules, 0, HASEN_TOP)])
    act(game, "bid 3", "pass", "pass", "pass", "call h")
    result = finish_deal(game)
    assert result.gains == (0, -3) and game.score == (0, -3)


@pytest.mark.parametrize(("bid", "tricks", "gains", "quiet"), [
    (3, (3, 3), (3, 3), (3, 0)), (3, (4, 2), (4, 2), (4, 0)), (6, (6, 0), (6, 0), (6, 0)),
    (4, (3, 3), (-4, 3), (-4, 0)), (1, (0, 6), (-1, 6), (-1, 0)), (5, (4, 2), (-5, 2), (-5, 0)),
])
def test_forms_16_hasenpfeffer_scoring_table(bid: int, tricks: tuple[int, int],
                                             gains: tuple[int, int],
                                             quiet: tuple[int, int]) -> None:
    """Makers: team 0 (seat 2 bid); ``quiet``: with ``hasen_defenders_score=false``."""
    assert deal_gains(HASEN, 2, (), tricks, [], bid)[0] == gains
    off = HASEN.replace(hasen_defenders_score=False)
    assert deal_gains(off, 2, (), tricks, [], bid)[0] == quiet
    flipped = deal_gains(HASEN, 1, (), tricks[::-1], [], bid)[0]
    assert flipped == gains[::-1]


def test_forms_16_both_reach_target_makers_win() -> None:
    last = DealResult(dealer=3, trump=HEARTS, maker=0, alone=(), tricks=(3, 3), points=3,
                      team=None, score=(10, 12), gains=(3, 3), bid=3)
    assert game_winner(HASEN, (10, 12), last) == 0


HASEN_EVEN = ["B Jh 9c 9d 9s Tc", "Ac Kc Qc Ah Kh Qh", "Td Ts 9h Th Jc Js",
              "Ad Kd Qd Jd As Ks"]
"""Dealt by seat 3 (the widow Qs): seat 0 bids 2 in hearts and, played out with the first
legal card, each partnership takes 3 tricks."""


def test_forms_16_both_reach_target_makers_win_in_a_played_game() -> None:
    game = Game(HASEN, deals=[built(HASEN, 3, HASEN_EVEN)], score=(7, 8))
    act(game, "bid 2", "pass", "pass", "pass", "call h")
    result = finish_deal(game)
    assert result.tricks == (3, 3) and result.gains == (3, 3)
    assert game.is_over() and game.score == (10, 11)
    assert game.winner() == 0  # the makers, though the defenders have more points


def test_forms_16_both_reach_target_on_a_tie_makers_win() -> None:
    last = DealResult(dealer=3, trump=HEARTS, maker=1, alone=(), tricks=(3, 3), points=3,
                      team=None, score=(11, 11), gains=(3, 3), bid=3)
    assert game_winner(HASEN, (11, 11), last) == 1


def test_forms_16_deal_passes_left_and_maker_wins_at_target() -> None:
    game = Game(HASEN, deals=[built(HASEN, 3, HASEN_TOP)], score=(5, 9))
    act(game, "bid 6", "pass", "pass", "pass", "call h")
    finish_deal(game)
    assert game.is_over() and game.winner() == 0 and game.score == (11, 9)


# -- §17 Napoleon ----------------------------------------------------------------------

NAP_MISERE = ["Tc Td Th Js Ts", "2c 3c 2d 2h 2s", "Ac Kc Ad Ah As", "Qc Kd Qd Kh Ks",
              "Jc Jd Qh Jh Qs"]
"""Dealt by seat 0: seat 1 holds the lowest card of every suit and each other suit's
cards are held by the others, so seat 1 can win no trick without a trump."""
NAP_HEARTS = ["Ac Kc Qc Jc Tc", "2d 3d 4d 5d 6d", "2h 3h 4h 5h 6h", "2s 3s 4s 5s 6s",
              "2c 3c 4c 5c 6c"]
"""Dealt by seat 0: nobody but seat 2 holds a heart."""


def nap_game(rules: Rules, hands: list[str], dealer: int = 0,
             score: tuple[int, ...] | None = None) -> Game:
    return Game(rules, deals=[built(rules, dealer, hands)], score=score)


def test_forms_17_players_two_to_seven_each_for_themselves() -> None:
    for players in range(2, 8):
        rules = NAPOLEON.replace(players=players)
        deal = Game(rules, seed=players).deals[0]
        assert all(len(hand) == 5 for hand in deal.hands)
        assert len(deal.kitty) == 52 - 5 * players and deal.upcard == UNKNOWN
        assert rules.seating.team_count == players
    for players in (1, 8):
        with pytest.raises(RulesError, match=r"^players:"):
            NAPOLEON.replace(players=players)


def test_forms_17_bids_in_order_and_one_round() -> None:
    game = nap_game(NAP_FULL, NAP_HEARTS)
    assert game.to_act == 1
    assert game.legal_actions() == [PASS, BID[2], BID[3], BID[MISERE], BID[4], BID[NAP]]
    act(game, "bid 3")
    assert game.legal_actions() == [PASS, BID[MISERE], BID[4], BID[NAP]]
    act(game, "bid misere")
    assert game.legal_actions() == [PASS, BID[4], BID[NAP]]
    act(game, "pass", "pass", "pass")  # the dealer ends it
    assert (game.maker, game.bid, game.phase, game.to_act) == (2, MISERE, Phase.PLAY, 2)


def test_forms_17_wellington_only_over_nap() -> None:
    game = nap_game(NAP_FULL, NAP_HEARTS)
    assert BID[WELLINGTON] not in game.legal_actions()
    assert BID[BLUCHER] not in game.legal_actions()
    act(game, "bid nap")
    assert game.legal_actions() == [PASS, BID[WELLINGTON]]
    act(game, "bid wellington")
    assert game.legal_actions() == [PASS, BID[BLUCHER]]
    act(game, "bid blucher")
    assert game.legal_actions() == [PASS]
    plain = nap_game(NAPOLEON.replace(wellington=True), NAP_HEARTS)
    act(plain, "bid nap")
    assert plain.legal_actions() == [PASS, BID[WELLINGTON]]
    act(plain, "bid wellington")
    assert plain.legal_actions() == [PASS]  # no Blücher without blucher=true
    with pytest.raises(RulesError, match=r"^blucher:"):
        NAPOLEON.replace(blucher=True)


def test_forms_17_nap_min_bid_one() -> None:
    assert BID[1] not in nap_game(NAPOLEON, NAP_HEARTS).legal_actions()
    game = nap_game(NAPOLEON.replace(nap_min_bid=1), NAP_HEARTS)
    assert game.legal_actions()[:3] == [PASS, BID[1], BID[2]]


def test_forms_17_dealer_must_bid_when_all_pass() -> None:
    game = nap_game(NAPOLEON, NAP_HEARTS)
    act(game, "pass", "pass", "pass", "pass")
    assert game.to_act == 0
    assert PASS not in game.legal_actions() and game.legal_actions()[0] == BID[1]
    with pytest.raises(IllegalActionError):
        game.apply(PASS)
    act(game, "bid 1")
    assert (game.maker, game.bid, game.phase) == (0, 1, Phase.PLAY)
    game = nap_game(NAPOLEON, NAP_HEARTS)
    act(game, "bid 2", "pass", "pass", "pass")
    assert PASS in game.legal_actions() and BID[1] not in game.legal_actions()


def test_forms_17_all_pass_throw_in() -> None:
    rules = NAPOLEON.replace(nap_all_pass="throw_in")
    game = nap_game(rules, NAP_HEARTS)
    act(game, "pass", "pass", "pass", "pass")
    assert PASS in game.legal_actions()
    outcome = game.apply(PASS)
    assert outcome.result is not None and outcome.result.thrown_in
    assert game.dealer == 1 and game.score == (0,) * 5


def test_forms_17_first_lead_makes_trump() -> None:
    game = nap_game(NAPOLEON, NAP_HEARTS)
    act(game, "pass", "bid nap", "pass", "pass", "pass")
    assert game.trump is None and game.to_act == 2  # the bidder leads
    act(game, "play 4h")
    assert game.trump == HEARTS
    # a plain suit: follow suit if able, else any card; the highest trump wins
    act(game, "play 6s", "play 2c", "play Ac", "play 3d")
    assert game.trick_winners == (2,)


def test_forms_17_trump_beats_the_led_suit_and_jacks_are_plain() -> None:
    hands = ["Jc 2d 3d 4d 5d", "2c Jh 2h 3h 4h", "Kc Qc 5h 6h 7h", "Js 2s 3s 4s 5s",
             "Ac Tc 8h 9h Th"]
    game = nap_game(NAPOLEON, hands)
    act(game, "bid 2", "pass", "pass", "pass", "pass", "play 2c")  # clubs trump
    assert game.trump == 0
    assert set(game.legal_actions()) == {PLAY[parse_card("Kc")], PLAY[parse_card("Qc")]}
    act(game, "play Qc", "play 2s", "play Tc", "play Jc")  # the Js is no bower here
    assert game.trick_winners == (2,)  # Q > J > T > 2, clubs
    act(game, "play 5h", "play 3s", "play Th", "play 2d", "play 2h")
    assert list(game.trick_winners) == [2, 4]  # hearts led, no trump played: Th highest


def test_forms_17_misere_has_no_trump() -> None:
    game = nap_game(NAP_FULL, NAP_MISERE)
    act(game, "bid misere", "pass", "pass", "pass", "pass")
    assert game.trump == NO_TRUMP and game.to_act == 1
    act(game, "play 2c")
    assert game.trump == NO_TRUMP  # the first lead makes no trump in a misère


@pytest.mark.parametrize("loss", [3, 6])
def test_forms_17_misere_made_and_failed(loss: int) -> None:
    rules = NAP_FULL.replace(misere_loss_points=loss)
    game = nap_game(rules, NAP_MISERE)
    act(game, "bid misere", "pass", "pass", "pass", "pass")
    result = finish_deal(game)
    assert result.tricks[1] == 0 and result.gains == (0, 3, 0, 0, 0)
    assert result.bid == MISERE and result.verdict == "made"
    failed = ["Tc Td Th Js Ts", "Ac Kc Ad Ah As", "2c 3c 2d 2h 2s", "Qc Kd Qd Kh Ks",
              "Jc Jd Qh Jh Qs"]
    game = nap_game(rules, failed, score=(1, 1, 1, 1, 1))
    act(game, "bid misere", "pass", "pass", "pass", "pass")
    result = finish_deal(game)
    assert result.tricks[1] > 0 and result.gains == (loss, 0, loss, loss, loss)
    assert result.verdict == "set" and game.score == (1 + loss, 1, 1 + loss, 1 + loss, 1 + loss)


def test_forms_17_failed_trick_bid_pays_each_opponent() -> None:
    game = nap_game(NAPOLEON, NAP_MISERE)
    act(game, "bid 2", "pass", "pass", "pass", "pass")
    result = finish_deal(game)
    assert result.tricks[1] < 2 and result.gains == (2, 0, 2, 2, 2)


@pytest.mark.parametrize(("values", "won"), [("high", 10), ("low", 5)])
def test_forms_17_nap_made(values: str, won: int) -> None:
    rules = NAPOLEON.replace(nap_values=values)
    game = nap_game(rules, NAP_HEARTS)
    act(game, "pass", "bid nap", "pass", "pass", "pass")
    result = finish_deal(game)
    assert result.tricks == (0, 0, 5, 0, 0) and result.gains == (0, 0, won, 0, 0)
    assert result.verdict == "made" and game.score == (0, 0, won, 0, 0)


def test_forms_17_wellington_made_in_a_played_deal() -> None:
    game = nap_game(NAP_FULL, NAP_HEARTS)
    act(game, "bid nap", "bid wellington", "pass", "pass", "pass")
    result = finish_deal(game)
    assert result.gains == (0, 0, 20, 0, 0) and result.bid == WELLINGTON


@pytest.mark.parametrize(("bid", "high", "low"), [
    (1, (1, 1), (1, 1)), (2, (2, 2), (2, 2)), (3, (3, 3), (3, 3)), (4, (4, 4), (4, 4)),
    (MISERE, (3, 3), (3, 3)), (NAP, (10, 5), (5, 5)), (WELLINGTON, (20, 10), (10, 10)),
    (BLUCHER, (30, 15), (20, 20)),
])
def test_forms_17_napoleon_scoring_table(bid: int, high: tuple[int, int],
                                         low: tuple[int, int]) -> None:
    assert nap_points(NAP_FULL, bid) == high
    assert nap_points(NAP_FULL.replace(nap_values="low"), bid) == low
    if bid == MISERE:
        assert nap_points(NAP_FULL.replace(misere_loss_points=6), bid) == (3, 6)
    need = 0 if bid == MISERE else 5 if bid >= NAP else bid
    made = (5 - need, need, 0, 0, 0) if bid != MISERE else (2, 0, 1, 1, 1)
    failed = (6 - need, need - 1, 0, 0, 0) if bid != MISERE else (2, 1, 1, 1, 0)
    assert deal_gains(NAP_FULL, 1, (), made, [], bid)[0] == (0, high[0], 0, 0, 0)
    assert deal_gains(NAP_FULL, 1, (), failed, [], bid)[0] == (high[1], 0, high[1],
                                                              high[1], high[1])


def test_forms_17_target_ends_the_game_per_player() -> None:
    game = nap_game(NAP_FULL, NAP_HEARTS, score=(0, 0, 5, 0, 0))
    act(game, "bid nap", "bid wellington", "pass", "pass", "pass")
    finish_deal(game)
    assert game.is_over() and game.winner() == 2 and game.score[2] == 25


def test_forms_17_settlement_example() -> None:
    assert settlement((12, 7, 5, 0)) == (24, 4, -4, -24)
    for score in ((12, 7, 5, 0), (3, 0, 0, 9, 1), (20, -4), (0, 0, 0)):
        balances = settlement(score)
        assert sum(balances) == 0
        n = len(score)
        for i in range(n):  # pairs settling the difference of their totals come to the same
            assert balances[i] == sum(score[i] - score[j] for j in range(n))


def test_forms_17_settlement_equals_stakes_paid_every_deal() -> None:
    rules = NAP_FULL
    rng = random.Random(17)
    game = Game(rules.replace(target=0, deals=6), seed=17)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    stakes = [0] * rules.players
    for result in game.results:
        if result.maker is None or result.bid is None:
            continue
        won, lost = nap_points(rules, result.bid)
        made = result.gains[result.maker] > 0
        for seat in range(rules.players):
            if seat != result.maker:
                stakes[seat] -= won if made else -lost
                stakes[result.maker] += won if made else -lost
    assert settlement(game.score) == tuple(stakes)


# -- §19 house rules -------------------------------------------------------------------

NT_DEAL = ["Kc Ac Jh Qh Kh", "Qc 9d Td 9h Th", "Jc Jd Qd Kd Ad", "As Ks Qs Js Ts"]
"""Dealt by seat 0 with the 9s turned up (kitty 9c Tc Ah)."""


def test_forms_19_2_no_trump_highest_of_led_suit_wins() -> None:
    rules = Rules(no_trump=True)
    game = Game(rules, deals=[built(rules, 0, NT_DEAL, upcard="9s", kitty="9c Tc Ah")])
    act(game, "pass", "pass", "pass", "pass", "pass")
    assert CALL[NO_TRUMP] in game.legal_actions() and CALL[3] not in game.legal_actions()
    act(game, "call n", "stay", "stay", "stay", "stay")
    assert game.trump == NO_TRUMP and game.maker == 2 and game.to_act == 1
    act(game, "play Qc")
    assert game.legal_actions() == [PLAY[parse_card("Jc")]]  # no bower: Jd is a diamond
    act(game, "play Jc")
    assert PLAY[parse_card("Js")] in game.legal_actions()  # void: any card, no left bower
    act(game, "play Js", "play Kc")
    assert game.trick_winners == (0,)  # A K Q J: the Kc beats the Qc and the Jc


def test_forms_19_2_no_trump_scores_as_a_suit() -> None:
    rules = Rules(no_trump=True, stick_the_dealer=True)
    game = Game(rules, deals=[built(rules, 0, NT_DEAL, upcard="9s", kitty="9c Tc Ah")])
    act(game, "pass", "pass", "pass", "pass", "pass", "pass", "pass")
    assert game.to_act == 0 and CALL[NO_TRUMP] in game.legal_actions()
    act(game, "call n")  # the stuck dealer may call it
    result = finish_deal(game)
    assert result.trump == NO_TRUMP and sum(result.gains) in (1, 2, 4)
    team, points = deal_score(rules, 0, result.alone, result.tricks[0])
    assert result.gains[team] == points


NT_BENNY = ["Kc Ac Jh Qh Kh", "Qc 9d Td 9h Th", "Jc Jd Qd Kd Ad", "B Ks Qs Js Ts"]


def test_forms_19_2_no_trump_benny_wins() -> None:
    rules = Rules(no_trump=True, deck=25)
    game = Game(rules, deals=[built(rules, 0, NT_BENNY, upcard="9s", kitty="9c Tc Ah As")])
    act(game, "pass", "pass", "pass", "pass", "pass", "call n", "stay", "stay", "stay",
        "stay", "play Qc", "play Jc")
    assert PLAY[BENNY] in game.legal_actions()  # void in clubs: may play the Benny
    act(game, "play B", "play Ac")
    assert game.trick_winners == (3,)  # the Benny beats the Ac


def test_forms_19_2_no_trump_benny_only_when_void_and_anything_on_its_lead() -> None:
    rules = Rules(no_trump=True, deck=25)
    hands = ["B Kc Jh Qh Kh", "Qc 9d Td 9h Th", "Jc Jd Qd Kd Ad", "Ac Ks Qs Js Ts"]
    game = Game(rules, deals=[built(rules, 0, hands, upcard="9s", kitty="9c Tc Ah As")])
    act(game, "pass", "pass", "pass", "pass", "pass", "call n", "stay", "stay", "stay",
        "stay", "play Qc", "play Jc", "play Ac")
    assert game.legal_actions() == [PLAY[parse_card("Kc")]]  # holds a club: no Benny
    act(game, "play Kc")
    assert game.trick_winners == (3,)
    act(game, "play Ks", "play B")  # spades led: seat 0 is void, the Benny wins
    act(game, "play Th", "play Jd")
    assert list(game.trick_winners) == [3, 0] and game.to_act == 0
    act(game, "play Jh")
    assert game.legal_actions() == [PLAY[parse_card("9h")]]
    game = Game(rules, deals=[built(rules, 0, ["Kc Ac Jh Qh Kh", "B 9d Td 9h Th",
                                               "Jc Jd Qd Kd Ad", "Qc Ks Qs Js Ts"],
                                      upcard="9s", kitty="9c Tc Ah As")])
    act(game, "pass", "pass", "pass", "pass", "call n", "stay", "stay", "stay", "stay")
    assert game.to_act == 1
    act(game, "play B")  # the Benny led: the others may play any card
    assert game.legal_actions() == [PLAY[c] for c in sorted(parse_cards("Jc Jd Qd Kd Ad"))]
    act(game, "play Ad", "play Ts", "play Ac")
    assert game.trick_winners == (1,)


def test_forms_19_3_declarations_asked_once_each_from_dealers_left() -> None:
    rules = Rules(farmers=True)
    game = Game(rules, deals=[built(rules, 3, FARMER_DEAL, upcard="9s", kitty="Qs Ks As")])
    asked = []
    while game.phase is Phase.DECLARE:
        asked.append(game.to_act)
        if game.to_act != 1:
            assert game.legal_actions() == [PASS]  # a hand that does not qualify
        game.apply(PASS)
    assert asked == [0, 1, 2, 3]
    assert game.phase is Phase.BID1 and game.to_act == 0
    assert all(not isinstance(a, Declare) for _, a in game.calls)


FARMER_DEAL = ["Ac Jc Td Jd Qd", "9c Tc 9d Ah Kh", "Kd Ad 9h Th Jh", "Qh Qc Kc Ts Js"]
"""Seat 1 holds three 9s and 10s (and no face: it may also go under)."""


def test_forms_19_3_one_exchange_per_deal() -> None:
    rules = Rules(farmers=True, go_under=True)
    hands = ["Jc Qc Kc Jd Qd", "9c Tc 9d Ah Kh", "Kd 9h Th Jh Qh", "Ac Ad Td 9s As"]
    deal = built(rules, 0, hands, upcard="Js", kitty="Ts Qs Ks")
    game = Game(rules, deals=[deal])
    act(game, "pass", "pass")
    assert game.to_act == 3 and parse_action("under Ac Ad As") in game.legal_actions()
    game = Game(rules, deals=[deal])
    act(game, "farmer 9c Tc 9d")
    assert game.to_act == 2 and phase(game) is Phase.DECLARE
    assert game.legal_actions() == [PASS]  # seat 2 holds 9h Th but no 9/10 third
    act(game, "pass")
    assert game.legal_actions() == [PASS]  # seat 3 could go under: no second exchange


def test_forms_19_4_farmer_swaps_three_nines_and_tens_for_top_kitty_cards() -> None:
    rules = Rules(farmers=True)
    game = Game(rules, deals=[built(rules, 0, FARMER_DEAL, upcard="9s", kitty="Qs Ks As")])
    assert game.to_act == 1
    farmer = parse_action("farmer 9c Tc 9d")
    assert farmer in game.legal_actions()
    assert parse_action("farmer 9c Tc Ah") not in game.legal_actions()
    act(game, "farmer 9c Tc 9d")
    assert game.hand(1) == card_set("Ah Kh Qs Ks As")
    assert game.kitty_mask() == mask_of(parse_cards("9c Tc 9d"))  # face down in the kitty
    assert game.upcard == parse_card("9s")  # the upcard stays
    assert sorted(c for _, c in game.shown) == sorted(parse_cards("9c Tc 9d"))
    assert {s for s, _ in game.shown} == {1}
    assert [a for _, a in game.calls] == [farmer]


def test_forms_19_4_farmer_needs_three_nines_or_tens() -> None:
    rules = Rules(farmers=True)
    game = Game(rules, deals=[built(rules, 1, FARMER_DEAL, upcard="9s", kitty="Qs Ks As")])
    assert game.to_act == 2 and game.legal_actions() == [PASS]  # 9h Th: only two


def test_forms_19_4_go_under_shows_whole_hand() -> None:
    rules = Rules(go_under=True)
    hands = ["Kd Jc Td Jd Qd", "9c Tc 9d Ah Ac", "Qc Ad 9h Th Jh", "Qh Kh Kc 9s Ts"]
    game = Game(rules, deals=[built(rules, 0, hands, upcard="Js", kitty="Qs Ks As")])
    under = parse_action("under 9c Ah Ac")  # any three of its cards
    assert under in game.legal_actions()
    assert len([a for a in game.legal_actions() if isinstance(a, Declare)]) == 10
    act(game, "under 9c Ah Ac")
    assert sorted(c for _, c in game.shown) == sorted(parse_cards("9c Tc 9d Ah Ac"))
    assert game.hand(1) == card_set("Tc 9d Qs Ks As")
    assert game.kitty_mask() == mask_of(parse_cards("9c Ah Ac"))
    for seat in range(4):
        assert card_set("9c Tc 9d Ah Ac") <= game.view(seat).known_cards()
    assert game.legal_actions() == [PASS]  # seat 2 holds faces anyway


def test_forms_19_4_go_under_refused_with_a_face_or_the_benny() -> None:
    rules = Rules(go_under=True, deck=25)
    hands = ["Kd Jc Td Jd Qd", "9c Tc 9d B Ac", "Qc Ad 9h Th Jh", "Qh Kh Kc 9s Ts"]
    game = Game(rules, deals=[built(rules, 0, hands, upcard="Js")])
    assert game.legal_actions() == [PASS]


def test_forms_19_5_throw_in_same_dealer_deals_again() -> None:
    rules = Rules(throw_in="no_ace_no_face")
    hands = ["Ac Jc Td Jd Qd", "9c Tc 9d 9h Ts", "Kd Ad Th Ah Jh", "Qh Qc Kc 9s Kh"]
    game = Game(rules, deals=[built(rules, 0, hands, upcard="Js", kitty="Qs Ks As")])
    assert THROW_IN_HAND in game.legal_actions()
    outcome = game.apply(THROW_IN_HAND)
    assert outcome.result is not None and outcome.result.thrown_in
    assert outcome.result.gains == (0, 0) and game.score == (0, 0)
    assert game.dealer == 0 and game.deal_number == 1  # the same dealer deals again
    assert phase(game) is Phase.DECLARE and game.to_act == 1


LATE_THROW_IN = ["Ac Jc Td Jd Qd", "9c Tc 9d 9h Ts", "Kd Ad Th Ah Jh", "Qh Qc Kc 9s Kh"]
"""A British deal (dealer 0, the Benny turned up) where seat 1 may throw in its hand of
no ace and no face card after the dealer has named trump."""


def late_throw_in() -> Game:
    """The game of :data:`LATE_THROW_IN`, trump named by the dealer, seat 1 to declare."""
    rules = Rules.preset("british").replace(throw_in="no_ace_no_face")
    game = Game(rules, deals=[built(rules, 0, LATE_THROW_IN, upcard="B")])
    act(game, "call s")
    assert (game.trump, game.maker, phase(game), game.to_act) == (3, 0, Phase.DECLARE, 1)
    return game


def test_forms_19_5_a_throw_in_after_trump_is_named_is_thrown_in() -> None:
    game = late_throw_in()
    outcome = game.apply(THROW_IN_HAND)
    result = outcome.result
    assert result is not None and result is game.results[0]
    # thrown in whatever was named before: no trump, no maker, no make and no euchre
    assert result.thrown_in and result.verdict == "thrown in"
    assert (result.trump, result.maker, result.team, result.points) == (None, None, None, 0)
    assert result.gains == (0, 0) and game.score == (0, 0)
    assert game.dealer == 0 and phase(game) is not Phase.PLAY  # the same dealer again
    assert result.to_dict()["trump"] is None  # as every reader of a result expects


def test_forms_19_5_a_late_throw_in_is_no_make_and_no_euchre_anywhere() -> None:
    from euchre.table.data_folder import game_stats
    from euchre.table.narrate import Narrator
    from euchre.table.wording import result_line

    game = late_throw_in()
    lines: list[str] = []
    narrator = Narrator(lines.append)
    narrator.before(game, 1, THROW_IN_HAND)
    game.apply(THROW_IN_HAND)
    narrator.after(game)
    assert "  A hand was thrown in: the deal is void" in lines
    assert not any("fast break" in line or "euchred" in line for line in lines)
    line = result_line(game.results[0], game.rules.seating, ["S", "W", "N", "E"],
                       ["NS", "EW"], last=THROW_IN_HAND)
    assert line == "A hand was thrown in: the deal is void"
    for seat in range(4):  # the dealer named trump, but nobody made or was euchred
        stats = game_stats(game, seat)
        assert (stats.deals, stats.calls, stats.side_calls, stats.defences) == (1, 0, 0, 0)
        assert (stats.euchres, stats.euchred) == (0, 0)


def test_forms_19_5_throw_in_counts_toward_deals() -> None:
    rules = Rules(throw_in="no_ace_no_face", target=0, deals=1)
    hands = ["Ac Jc Td Jd Qd", "9c Tc 9d 9h Ts", "Kd Ad Th Ah Jh", "Qh Qc Kc 9s Kh"]
    game = Game(rules, deals=[built(rules, 0, hands, upcard="Js", kitty="Qs Ks As")])
    game.apply(THROW_IN_HAND)
    assert game.is_over() and len(game.results) == 1 and game.winner() is None


def test_forms_19_5_throw_in_needs_no_ace_and_no_face() -> None:
    rules = Rules(throw_in="no_ace_no_face")
    game = Game(rules, deals=[built(rules, 0, FARMER_DEAL, upcard="9s", kitty="Qs Ks As")])
    assert game.legal_actions() == [PASS]  # Ah Kh


def test_forms_19_9_four_tokens_score_a_point() -> None:
    rules = Rules(four_trick_tokens=True)
    assert deal_gains(rules, 1, (), (1, 4), [], tokens=(0, 0)) == ((0, 1), (0, 1))
    assert deal_gains(rules, 1, (), (1, 4), [], tokens=(2, 3)) == ((0, 2), (2, 0))
    assert deal_gains(rules, 1, (1,), (1, 4), [], tokens=(0, 3)) == ((0, 1), (0, 3))  # alone
    assert deal_gains(rules, 1, (), (0, 5), [], tokens=(0, 3)) == ((0, 2), (0, 3))
    assert deal_gains(rules, 1, (2,), (1, 4), [], tokens=(0, 3)) == ((0, 2), (0, 0))
    assert deal_gains(Rules(), 1, (), (1, 4), [], tokens=(0, 3)) == ((0, 1), (0, 3))


def test_forms_19_9_tokens_in_a_played_deal() -> None:
    rules = Rules(four_trick_tokens=True)
    hands = ["Ac Kc Qc Jc Tc", "Jh Jd Ah Kh 9s", "As Ks Qs Js Ts", "9c 9d Td Qd Kd"]
    game = Game(rules, deals=[built(rules, 0, hands, upcard="9h")])
    act(game, "order", "discard 9h", "stay", "stay", "stay", "stay")
    result = finish_deal(game)
    assert result.tricks == (1, 4) and result.gains == (0, 1)
    assert game.tokens == (0, 1) and game.view(0).tokens == (0, 1)


def test_forms_19_9_a_game_may_start_holding_tokens() -> None:
    rules = Rules(four_trick_tokens=True)
    hands = ["Ac Kc Qc Jc Tc", "Jh Jd Ah Kh 9s", "As Ks Qs Js Ts", "9c 9d Td Qd Kd"]
    game = Game(rules, deals=[built(rules, 0, hands, upcard="9h")], score=(2, 5),
                tokens=(1, 3))
    assert game.tokens == game.start_tokens == game.view(1).tokens == (1, 3)
    for other in (game.copy(), pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert (other.tokens, other.start_tokens) == ((1, 3), (1, 3))
    act(game, "order", "discard 9h", "stay", "stay", "stay", "stay")
    result = finish_deal(game)
    # the makers' fourth token: their point and one more, and their tokens back to 0
    assert result.tricks == (1, 4) and result.gains == (0, 2)
    assert game.score == (2, 7) and game.tokens == (1, 0) and game.start_tokens == (1, 3)


@pytest.mark.parametrize(("rules", "tokens", "message"), [
    (Rules(four_trick_tokens=True), (1, 2, 0), "one number per side, 2 numbers, not 3"),
    (Rules(four_trick_tokens=True), (-1, 0), "0 to 3 four-trick tokens"),
    (Rules(four_trick_tokens=True), (4, 0), "0 to 3 four-trick tokens"),
    (Rules(four_trick_tokens=True), (True, 0), "0 to 3 four-trick tokens"),
    (Rules(), (0, 1), "these rules have no four-trick tokens"),
    (Rules.preset("three-handed"), (0, 1), "one number per side, 3 numbers, not 2"),
])
def test_forms_19_9_starting_tokens_are_checked(rules: Rules, tokens: tuple[int, ...],
                                                message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Game(rules, seed=1, tokens=tokens)


def test_forms_19_9_no_tokens_to_start_is_always_allowed() -> None:
    assert Game(Rules(), seed=1, tokens=(0, 0)).tokens == (0, 0)
    assert Game(Rules.preset("three-handed"), seed=1).start_tokens == (0, 0, 0)


def test_forms_19_12_laps_carry_points() -> None:
    laps = Rules(laps=True)
    assert match_start(laps, (12, 7), 0) == (2, 0)
    assert match_start(laps, (4, 13), 1) == (0, 3)
    assert match_start(laps, (10, 9), 0) == (0, 0)
    assert match_start(laps, (25, 3), 0) == (9, 0)  # at most target - 1
    assert match_start(Rules(), (12, 7), 0) == (0, 0)
    with pytest.raises(RulesError, match=r"^laps:"):
        Rules(laps=True, target=0, deals=3)


def test_forms_19_12_slam_counts_two() -> None:
    slam = Rules(slam=True)
    assert match_value(slam, (10, 0), 0) == 2
    assert match_value(slam, (3, 11), 1) == 1
    assert match_value(slam, (10, 1), 0) == 1
    assert match_value(HASEN.replace(slam=True), (10, -2), 0) == 2  # 0 points or fewer
    assert match_value(Rules(), (10, 0), 0) == 1


def test_forms_19_12_target_any_positive_number() -> None:
    for target in (1, 5, 11, 15):
        assert Rules(target=target).target == target
    with pytest.raises(RulesError, match=r"^target:"):
        Rules(target=0)


# -- §21 and §22 -----------------------------------------------------------------------

OTHER_VALUE: dict[str, object] = {
    "benny_upcard": "dealer_names", "dealer_must_take_upcard": True, "stick_the_dealer": True,
    "no_trump": True, "farmers": True, "go_under": True, "throw_in": "no_ace_no_face",
    "fast_break": True, "canadian": True, "lone_defender_needs_loner": True,
    "lone_defender_scoring": "flat_4", "loner_lead": "left_of_dealer",
    "loner_march_points": 5, "loner_euchred_points": 3, "partners_best": "loner",
    "partners_best_order": "receive_first", "four_trick_tokens": True,
    "super_euchre_points": 4, "laps": True, "slam": True, "hasen_bidding": "auction",
    "widow": "bidder_takes", "hasen_defenders_score": False, "nap_min_bid": 1,
    "nap_all_pass": "throw_in", "misere": True, "wellington": True, "blucher": True,
    "nap_values": "low", "misere_loss_points": 6,
}
"""A value other than the default for each option of the §21 table."""
ON_BY_DEFAULT = {"going_alone", "lone_defender", "maker_partner_alone"}
"""Options true by default in four-handed Euchre that the other forms turn off by
themselves: no value passed for them can be told from the default."""


def test_forms_21_every_option_refused_by_forms_that_do_not_take_it() -> None:
    forms = ("four_handed", "two_handed", "three_handed", "hasenpfeffer", "napoleon")
    checked = 0
    for option, takers in APPLIES.items():
        if option in ON_BY_DEFAULT:
            continue
        value = OTHER_VALUE[option]
        for form in forms:
            if form in takers:
                continue
            with pytest.raises(RulesError, match=f"^{option}:"):
                Rules(form=form, **{option: value})  # type: ignore[arg-type]
            checked += 1
    assert checked > 60


def test_forms_21_every_option_accepted_by_forms_that_take_it() -> None:
    base = {"four_handed": Rules(deck=25), "two_handed": Rules(form="two_handed", deck=25),
            "three_handed": Rules(form="three_handed", deck=25), "hasenpfeffer": HASEN,
            "napoleon": NAP_FULL.replace(blucher=False)}
    for option, takers in APPLIES.items():
        if option in ON_BY_DEFAULT:
            continue
        for form in takers:
            rules = base[form]
            if option == "blucher":
                rules = NAP_FULL
            assert getattr(rules.replace(**{option: OTHER_VALUE[option]}), option) == \
                OTHER_VALUE[option]


def test_forms_21_target_deals_and_deal_pattern_in_every_form() -> None:
    for name in ("standard", "two-handed", "three-handed", "hasenpfeffer", "napoleon"):
        rules = Rules.preset(name)
        assert rules.replace(target=0, deals=3).deals == 3
        assert rules.replace(target=7).target == 7
        assert rules.replace(deal_pattern="1").deal_pattern == "1"


def test_forms_22_every_preset_listed() -> None:
    table: dict[str, dict[str, object]] = {
        "three-handed": {"form": "three_handed"},
        "railroad": {"deck": 25, "benny_upcard": "hearts", "lone_defender": True,
                     "lone_defender_needs_loner": True, "lone_defender_scoring": "flat_4",
                     "partners_best": "loner_and_defender",
                     "partners_best_order": "discard_first", "target": 10},
        "hasenpfeffer": {"form": "hasenpfeffer", "deck": 25, "hasen_bidding": "one_round",
                         "widow": "unused", "hasen_defenders_score": True, "target": 10},
        "napoleon": {"form": "napoleon", "deck": 52, "players": 5, "nap_min_bid": 2,
                     "nap_all_pass": "dealer_bids_one", "nap_values": "high", "target": 20},
        "british": {"deck": 25, "benny_upcard": "dealer_names", "target": 10},
        "canadian": {"canadian": True},
    }
    table["railroad-1887"] = {**table["railroad"], "deck": 33,
                              "partners_best_order": "receive_first"}
    table["napoleon-full"] = {**table["napoleon"], "misere": True, "wellington": True,
                              "blucher": True}
    for name, options in table.items():
        assert name in PRESETS
        rules = Rules.preset(name)
        form = str(options.get("form", "four_handed"))
        assert rules == Rules(form=form).replace(**options), name  # type: ignore[arg-type]
        for option, value in options.items():
            assert getattr(rules, option) == value, (name, option)
        assert rules.preset_name() == name
