"""Properties of random games in every form of ``../shared/RULES-forms.md`` (§13–22).

Rules are drawn two ways: a preset of §22 (with a short game), or a form and then a
random mix of the options that form takes (``rules.APPLIES``, §21); mixes that ``Rules``
refuses are assumed away. Each game is played with random legal actions from a seeded
``random.Random``, and at every step the checks recompute what they need from the rules'
text and the game's public API: every game ends, cards are conserved, play follows suit,
the score is the start plus the results' gains, and no view shows a card its seat may not
know. Sizes keep the file to a few seconds.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from euchre.engine.actions import Play
from euchre.engine.cards import (
    BENNY,
    CLUBS,
    DIAMONDS,
    EUCHRE_DECKS,
    HEARTS,
    JACK,
    NO_TRUMP,
    SPADES,
    Card,
    card_rank,
    card_suit,
    cards_of,
    deck_has_benny,
    deck_mask,
)
from euchre.engine.game import Game, Phase
from euchre.engine.rules import APPLIES, PRESETS, Rules
from euchre.errors import RulesError

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
CAP = 6000
"""Actions after which a game that has not ended fails the test."""

FORMS = ("four_handed", "two_handed", "three_handed", "hasenpfeffer", "napoleon")
VALUES: dict[str, st.SearchStrategy[object]] = {
    "benny_upcard": st.sampled_from(["skip_round_one", "dealer_names", "hearts"]),
    "throw_in": st.sampled_from(["none", "no_ace_no_face"]),
    "lone_defender_scoring": st.sampled_from(["by_tricks", "flat_4"]),
    "loner_lead": st.sampled_from(["left_of_loner", "left_of_dealer"]),
    "loner_march_points": st.integers(3, 5),
    "loner_euchred_points": st.integers(1, 4),
    "partners_best": st.sampled_from(["none", "loner", "loner_and_defender"]),
    "partners_best_order": st.sampled_from(["discard_first", "receive_first"]),
    "super_euchre_points": st.sampled_from([0, 4]),
    "hasen_bidding": st.sampled_from(["one_round", "auction"]),
    "widow": st.sampled_from(["unused", "bidder_takes"]),
    "nap_min_bid": st.sampled_from([2, 1]),
    "nap_all_pass": st.sampled_from(["dealer_bids_one", "throw_in"]),
    "nap_values": st.sampled_from(["high", "low"]),
    "misere_loss_points": st.sampled_from([3, 6]),
}
"""The values drawn for each option that is not a plain true/false."""


def short_game(rules: Rules, target: int, deals: int, by_deals: bool) -> Rules:
    """The rules with a short game. Hasenpfeffer always plays a number of deals: random
    bidding sets the makers often enough to keep both sides below a target for ever."""
    if by_deals or rules.form == "hasenpfeffer":
        return rules.replace(target=0, deals=deals)
    return rules.replace(target=target, deals=0)


@st.composite
def preset_rules(draw: st.DrawFn) -> Rules:
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    return short_game(rules, draw(st.integers(1, 5)), draw(st.integers(1, 3)),
                      draw(st.booleans()))


@st.composite
def mixed_rules(draw: st.DrawFn) -> Rules:
    """A form, then a random value for some of the options it takes (§21)."""
    form = draw(st.sampled_from(FORMS))
    options: dict[str, object] = {"form": form}
    if form in ("four_handed", "two_handed", "three_handed"):
        options["deck"] = draw(st.sampled_from(EUCHRE_DECKS))
    if form == "napoleon":
        options["players"] = draw(st.integers(2, 7))
    for option, takers in APPLIES.items():
        # laps and slam score a match of games, not one game: left out
        if form not in takers or option in ("laps", "slam") or not draw(st.booleans()):
            continue
        if option == "benny_upcard" and not deck_has_benny(int(str(options["deck"]))):
            continue
        options[option] = draw(VALUES.get(option, st.booleans()))
    if options.get("blucher"):
        options["wellington"] = True
    if options.get("partners_best") == "loner_and_defender":
        options["lone_defender"] = True
    try:
        rules = Rules(**options)  # type: ignore[arg-type]
        return short_game(rules, draw(st.integers(1, 5)), draw(st.integers(1, 3)),
                          draw(st.booleans()))
    except RulesError:
        assume(False)
        raise  # pragma: no cover - assume(False) never returns


RULES = st.one_of(preset_rules(), mixed_rules())


def play(game: Game, seed: int, check: Callable[[Game], None] = lambda g: None,
         before: Callable[[Game, object], None] = lambda g, a: None) -> None:
    """Random legal actions from a seeded generator until the game ends, with ``check``
    after every step and ``before`` ahead of each action."""
    rng = random.Random(seed)
    check(game)
    for _ in range(CAP):
        if game.is_over():
            return
        action = rng.choice(game.legal_actions())
        before(game, action)
        game.apply(action)
        check(game)
    raise AssertionError(f"the game did not end within {CAP} actions")


# -- every game ends -------------------------------------------------------------------


@SETTINGS
@given(rules=RULES, seed=st.integers(0, 2**63), moves=st.integers(0, 2**32))
def test_forms_property_every_game_ends(rules: Rules, seed: int, moves: int) -> None:
    game = Game(rules, seed=seed)
    play(game, moves)
    assert game.is_over() and game.phase is Phase.OVER and game.legal_actions() == []
    score = game.score
    top = max(score)
    leaders = [t for t, p in enumerate(score) if p == top]
    if rules.deals:
        assert len(game.results) == rules.deals
        assert game.winner() == (leaders[0] if len(leaders) == 1 else None)
    else:
        assert top >= rules.target
        assert game.winner() in leaders  # one more deal is played on a tie (§13)
        if rules.per_player:
            assert len(leaders) == 1


# -- cards are conserved ---------------------------------------------------------------


def check_conserved(game: Game) -> None:
    """Every card of the deck is in exactly one place: a hand, the kitty (the widow, the
    cards set aside), the upcard or the dealer's discard, a card laid away, a trick.

    The dealer's exchange (``discard`` set) takes the upcard into the dealer's hand and
    lays the discard away (the upcard itself, when the dealer declined it)."""
    if game.is_over():
        return
    rules = game.rules
    parts = [game.hand_mask(s) for s in range(rules.players)]
    parts.append(game.kitty_mask())
    parts.append(sum(1 << c for _, c in game.laid_away))
    played = [c for trick in (*game.tricks, game.current_trick) for _, c in trick]
    parts.append(sum(1 << c for c in played))
    up, discard = game.upcard, game.discard
    if discard is not None:  # the upcard is in a hand (or played, passed, laid away)
        parts.append(1 << discard)
    elif up >= 0:
        parts.append(1 << up)
    seen = 0
    for part in parts:
        assert seen & part == 0, "a card is in two places"
        seen |= part
    assert seen == deck_mask(rules.deck), "a card is missing"
    assert len(played) == len(set(played))
    assert len(game.laid_away) == len({c for _, c in game.laid_away})


@SETTINGS
@given(rules=RULES, seed=st.integers(0, 2**63), moves=st.integers(0, 2**32))
def test_forms_property_cards_are_conserved(rules: Rules, seed: int, moves: int) -> None:
    play(Game(rules, seed=seed), moves, check_conserved)


# -- play follows suit -----------------------------------------------------------------


SAME_COLOUR = {CLUBS: SPADES, SPADES: CLUBS, DIAMONDS: HEARTS, HEARTS: DIAMONDS}


def suit_of(game: Game, c: Card) -> int:
    """The suit a card follows, from the rules' text: in Napoleon the printed suit; in
    Euchre the Benny and the left bower are trumps, and under no-trump the Benny is a
    suit of its own and every jack its printed suit (§19.2)."""
    trump = game.trump
    assert trump is not None
    if game.rules.form == "napoleon":
        return card_suit(c)
    if c == BENNY:
        return trump  # NO_TRUMP: the Benny's own suit
    if trump != NO_TRUMP and card_rank(c) == JACK and card_suit(c) == SAME_COLOUR[trump]:
        return trump
    return card_suit(c)


def check_follows(game: Game, action: object) -> None:
    if game.phase is not Phase.PLAY:
        return
    assert isinstance(action, Play)
    hand = cards_of(game.hand_mask(game.to_act))
    trick = game.current_trick
    if trick:
        led = suit_of(game, trick[0][1])
        follow = {c for c in hand if suit_of(game, c) == led}
        allowed = follow or set(hand)
        if follow:
            assert suit_of(game, action.card) == led, "a revoke"
    else:
        allowed = set(hand)
    assert set(cards_of(game.legal_play_mask())) == allowed
    assert {a.card for a in game.legal_actions() if isinstance(a, Play)} == allowed
    assert game.legal_play_mask() >> action.card & 1


@SETTINGS
@given(rules=RULES, seed=st.integers(0, 2**63), moves=st.integers(0, 2**32))
def test_forms_property_every_play_follows_suit(rules: Rules, seed: int, moves: int) -> None:
    play(Game(rules, seed=seed), moves, before=check_follows)


# -- the score -------------------------------------------------------------------------


@SETTINGS
@given(rules=RULES, seed=st.integers(0, 2**63), moves=st.integers(0, 2**32),
       start=st.integers(0, 4))
def test_forms_property_score_is_start_plus_gains(rules: Rules, seed: int, moves: int,
                                                  start: int) -> None:
    teams = rules.seating.team_count
    first = tuple((start + t) % max(rules.target, 1) for t in range(teams))
    game = Game(rules, seed=seed, score=first)
    play(game, moves)
    assert game.start_score == first
    score = list(first)
    for result in game.results:
        assert len(result.gains) == teams
        for team, gain in enumerate(result.gains):
            score[team] += gain
        assert result.score == tuple(score)
        if result.thrown_in:
            assert not any(result.gains)
        else:
            assert sum(result.tricks) == rules.hand_size
    assert game.score == tuple(score)


# -- views leak nothing ----------------------------------------------------------------


def check_views(game: Game) -> None:
    """Each seat's view shows only what the seat may know: its hand, the cards played,
    the upcard, shown cards, what it laid away, gave or received, and for the dealer the
    discard; never another seat's unplayed, unshown card (the dealer naming trump for a
    Benny upcard does not see its own hand yet, §13)."""
    if game.is_over():
        return
    played = {c for trick in (*game.tricks, game.current_trick) for _, c in trick}
    shown = {c for _, c in game.shown}
    for seat in range(game.rules.players):
        view = game.view(seat)
        blind = game.phase is Phase.BENNY and seat == game.dealer
        own = set() if blind else set(cards_of(game.hand_mask(seat)))
        allowed = own | played | shown
        if game.upcard >= 0:
            allowed.add(game.upcard)
        if seat == game.dealer and game.discard is not None:
            allowed.add(game.discard)
        allowed |= {c for s, c in game.laid_away if s == seat}
        allowed |= {c for g, r, c in game.given if seat in (g, r)}
        known = set(view.known_cards())
        assert known <= allowed, f"seat {seat} sees {known - allowed}"
        assert set(view.hand) == own
        for other in range(game.rules.players):
            if other != seat:
                hidden = set(cards_of(game.hand_mask(other))) - shown - {game.upcard}
                hidden -= {c for g, r, c in game.given if seat in (g, r)}
                assert not known & hidden, f"seat {seat} sees seat {other}'s cards"
        if seat != game.dealer:
            assert view.discard is None


@SETTINGS
@given(rules=RULES, seed=st.integers(0, 2**63), moves=st.integers(0, 2**32))
def test_forms_property_views_leak_nothing(rules: Rules, seed: int, moves: int) -> None:
    play(Game(rules, seed=seed), moves, check_views)


# -- every preset, every check ---------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_forms_property_every_preset_passes_every_check(name: str) -> None:
    """A few seeded games of each preset (so that every form is played whatever the
    draws above), checked at every step for everything at once."""

    def check(game: Game) -> None:
        check_conserved(game)
        check_views(game)

    for seed in range(4):
        rules = short_game(PRESETS[name], 3 + seed, 2, by_deals=seed % 2 == 1)
        game = Game(rules, seed=seed)
        play(game, seed, check, check_follows)
        assert game.is_over()
        total = list(game.start_score)
        for result in game.results:
            total = [t + g for t, g in zip(total, result.gains, strict=True)]
        assert game.score == tuple(total)
