"""The engine says what happened: ``apply`` returns an ``Outcome``, refusals carry a
``Reason`` code, and ``can_apply``/``verify`` agree with ``legal_actions`` and ``apply``
everywhere a random game goes."""

from __future__ import annotations

import random

import pytest

from euchre.engine.actions import (
    ALONE,
    CALL,
    DISCARD,
    ORDER,
    PASS,
    PLAY,
    STAY,
    Action,
    parse_action,
)
from euchre.engine.cards import NUM_CARD_CODES, UNKNOWN, card_suit
from euchre.engine.game import NOTHING, Game, Phase
from euchre.engine.rules import PRESETS, Rules
from euchre.errors import IllegalActionError, Reason

EVERY_ACTION: tuple[Action, ...] = (
    PASS, ORDER, STAY, ALONE, *CALL,
    *(DISCARD[c] for c in range(NUM_CARD_CODES)), DISCARD[UNKNOWN],
    *(PLAY[c] for c in range(NUM_CARD_CODES)), PLAY[UNKNOWN],
)


def _state(game: Game) -> tuple[object, ...]:
    return (game.history, game.phase, game.to_act, game.score, game.current_trick,
            tuple(game.hand_mask(s) for s in range(game.rules.players)))


def bounded(rules: Rules) -> Rules:
    """``rules``, with Hasenpfeffer played for a few deals: random bidding can keep both
    of its sides below zero for ever, so a game to a target might never end."""
    return rules.replace(target=0, deals=4) if rules.form == "hasenpfeffer" else rules


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_can_apply_verify_and_apply_agree_with_legal_actions(preset: str) -> None:
    rules = bounded(PRESETS[preset])
    rng = random.Random(f"outcome {preset}")
    for seed in range(2):
        game = Game(rules, seed=seed)
        while not game.is_over():
            legal = game.legal_actions()
            for action in EVERY_ACTION:
                ok = game.can_apply(action)
                assert ok == (action in legal), (action, game)
                if ok:
                    game.verify(action)
                    continue
                before = _state(game)
                with pytest.raises(IllegalActionError) as verified:
                    game.verify(action)
                with pytest.raises(IllegalActionError) as applied:
                    game.apply(action)
                assert _state(game) == before
                assert applied.value.code is verified.value.code
                assert str(applied.value) == str(verified.value)
                assert applied.value.legal == tuple(legal)
            other = (game.to_act + 1) % rules.players
            assert not game.can_apply(legal[0], seat=other)
            with pytest.raises(IllegalActionError) as wrong_seat:
                game.apply(legal[0], seat=other)
            assert wrong_seat.value.code is Reason.NOT_YOUR_TURN
            assert wrong_seat.value.seat == other
            assert game.can_apply(legal[0], seat=game.to_act)
            game.apply(rng.choice(legal))
        assert not game.can_apply(PASS)
        with pytest.raises(IllegalActionError) as over:
            game.apply(PASS)
        assert over.value.code is Reason.GAME_OVER


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_outcome_says_what_the_action_caused(preset: str) -> None:
    rules = bounded(PRESETS[preset])
    rng = random.Random(f"caused {preset}")
    tricks_seen = deals_seen = 0
    for seed in range(10):
        game = Game(rules, seed=seed)
        while not game.is_over():
            results = len(game.results)
            tricks = len(game.tricks)
            trick = game.current_trick
            seat = game.to_act
            action = rng.choice(game.legal_actions())
            outcome = game.apply(action)
            ended_deal = len(game.results) > results
            assert outcome.game_over == game.is_over()
            assert (outcome.result is not None) == ended_deal
            if ended_deal:
                assert outcome.result == game.results[-1]
                deals_seen += 1
            if outcome.trick is not None:
                tricks_seen += 1
                assert outcome.trick == (*trick, (seat, action.card))  # type: ignore[attr-defined]
                assert outcome.winner in [s for s, _ in outcome.trick]
                if not ended_deal:
                    assert game.tricks[-1] == outcome.trick
                    assert game.to_act == outcome.winner
            elif not ended_deal:
                assert len(game.tricks) == tricks
                assert outcome is NOTHING
    assert tricks_seen >= 40 and deals_seen >= 10


def test_a_deal_scored_by_the_outcome_matches_the_score() -> None:
    game = Game(Rules(target=1), seed=4)
    for _ in range(1000):
        before = game.score
        outcome = game.apply(game.legal_actions()[-1])
        if outcome.result is not None and not outcome.result.thrown_in:
            team = outcome.result.team
            assert team is not None
            assert game.score[team] - before[team] == outcome.result.points
            assert outcome.game_over
            return
    pytest.fail("no deal was scored")


def test_reason_codes_name_what_is_wrong() -> None:
    game = Game(seed=7)
    with pytest.raises(IllegalActionError) as wrong:
        game.apply(parse_action("play 9c"))
    assert wrong.value.code is Reason.WRONG_DECISION
    assert wrong.value.seat == game.to_act

    stuck = Game(Rules.preset("tournament"), seed=7)
    for _ in range(7):
        stuck.apply(PASS)
    assert stuck.to_act == stuck.dealer
    with pytest.raises(IllegalActionError) as dealer:
        stuck.verify(PASS)
    assert dealer.value.code is Reason.DEALER_STUCK
    turned = game_after_round_one(Game(seed=7))
    suit = card_suit(turned.upcard)
    with pytest.raises(IllegalActionError) as down:
        turned.verify(CALL[suit])
    assert down.value.code is Reason.TURNED_DOWN and down.value.suit == suit


def game_after_round_one(game: Game) -> Game:
    for _ in range(4):
        game.apply(PASS)
    assert game.phase is Phase.BID2
    return game


def test_must_follow_and_not_held_carry_the_card_and_suit() -> None:
    for seed in range(200):
        game = Game(seed=seed)
        while not game.is_over() and not (game.phase is Phase.PLAY and game.current_trick):
            game.apply(game.legal_actions()[-1])
        if game.is_over():
            continue
        hand = game.hand(game.to_act)
        legal = {a.card for a in game.legal_actions()}  # type: ignore[attr-defined]
        off = sorted(hand - legal)
        if not off:
            continue
        with pytest.raises(IllegalActionError) as follow:
            game.verify(PLAY[off[0]])
        assert follow.value.code is Reason.MUST_FOLLOW and follow.value.card == off[0]
        assert follow.value.suit is not None
        held = set(hand)
        stranger = next(c for c in range(32) if c not in held)
        with pytest.raises(IllegalActionError) as not_held:
            game.verify(PLAY[stranger])
        assert not_held.value.code is Reason.NOT_HELD and not_held.value.card == stranger
        return
    pytest.fail("no deal had a card that could not follow")


def test_the_dealer_must_take_the_upcard_under_tournament_rules() -> None:
    game = Game(Rules.preset("tournament"), seed=7)
    game.apply(ORDER)
    assert game.phase is Phase.EXCHANGE
    with pytest.raises(IllegalActionError) as kept:
        game.verify(DISCARD[game.upcard])
    assert kept.value.code is Reason.MUST_TAKE_UPCARD and kept.value.card == game.upcard


def test_the_game_keeps_the_winner_of_every_trick_of_the_deal() -> None:
    rng = random.Random(3)
    for seed in range(20):
        game = Game(seed=seed)
        while not game.is_over():
            winners = game.trick_winners
            outcome = game.apply(rng.choice(game.legal_actions()))
            if outcome.trick is not None and (outcome.result is None or outcome.game_over):
                assert game.trick_winners == (*winners, outcome.winner)
                assert game.copy().trick_winners == game.trick_winners
            elif outcome.result is not None and not outcome.game_over:
                assert game.trick_winners == ()  # a new deal has begun
            else:
                assert game.trick_winners == winners
