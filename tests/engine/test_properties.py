"""Properties of random games under random rules, checked independently of the engine.

Random legal games are played under random (valid) combinations of every option. At
every step the checks recompute what they need from the rules' text, not from the
engine's tables: effective suits, legal plays, trick winners, the scoring table, which
cards a seat may know. Sizes keep the whole file to a few seconds.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre.engine.actions import (
    PLAY,
    Action,
    Best,
    Bid,
    Call,
    Declare,
    Discard,
    GoAlone,
    Order,
    Pass,
    Play,
    parse_action,
)
from euchre.engine.cards import (
    BENNY,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    SPADES,
    Card,
    CardSet,
    card_rank,
    card_suit,
    deck_mask,
    parse_card,
)
from euchre.engine.deal import DealResult
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.engine.view import PlayerView
from euchre.errors import RulesError

FOUR_ONLY_OFF: dict[str, object] = {
    "loner_lead": "left_of_loner", "loner_march_points": 4, "loner_euchred_points": 2,
    "lone_defender_scoring": "by_tricks",
}
"""Four-handed options at their defaults: two-handed Euchre takes no other value (§21)."""

SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

# -- the rules' text, computed here ----------------------------------------------------

SAME_COLOUR = {CLUBS: SPADES, SPADES: CLUBS, DIAMONDS: HEARTS, HEARTS: DIAMONDS}
MAX_ACTIONS_PER_DEAL = {4: 8 + 1 + 4 + 20, 2: 4 + 1 + 10}


def suit_of(x: Card, trump: int) -> int:
    """The suit a card follows once trump is known: the Benny and the left bower are
    trumps."""
    if x == BENNY:
        return trump
    if card_rank(x) == JACK and card_suit(x) == SAME_COLOUR[trump]:
        return trump
    return card_suit(x)


def strength(x: Card, trump: int, led: int) -> int:
    """How strongly a card bids for a trick led in ``led`` (0: it can't win)."""
    if x == BENNY:
        return 1000
    suit = suit_of(x, trump)
    if suit == trump:
        if card_rank(x) == JACK:
            return 900 if card_suit(x) == trump else 800
        return 500 + card_rank(x)
    if suit == led:
        return 100 + card_rank(x)
    return 0


def expected_score(rules: Rules, result: DealResult) -> tuple[int | None, int]:
    """The scoring table of RULES.md sections 8 and 10: (team that scores, points)."""
    if result.maker is None:
        return None, 0
    makers = result.maker % 2
    made = result.tricks[makers]
    lone_maker = any(s % 2 == makers for s in result.alone)
    lone_defender = any(s % 2 != makers for s in result.alone)
    if made >= 3:
        if made == 5:
            return makers, rules.loner_march_points if lone_maker else 2
        return makers, 1
    if lone_defender:
        if rules.lone_defender_scoring == "flat_4":
            return 1 - makers, 4
        return 1 - makers, 4 if made == 0 else 2
    return 1 - makers, rules.loner_euchred_points if lone_maker else 2


class Tracker:
    """Follows a game from the actions applied, keeping its own hands and tricks, and
    checks each play against its own idea of the rules."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.results = 0
        self.new_deal()

    def new_deal(self) -> None:
        deal = self.game.deals[-1]
        self.deal_number = self.game.deal_number
        self.hands = [set(hand) for hand in deal.hands]
        self.upcard = deal.upcard
        self.discard: Card | None = None
        self.played: set[Card] = set()
        self.trick: list[tuple[int, Card]] = []
        self.won = [0, 0]
        self.actions = 0

    def legal_plays(self, seat: int) -> set[Card]:
        trump = self.game.trump
        assert trump is not None
        hand = self.hands[seat]
        if self.trick:
            led = suit_of(self.trick[0][1], trump)
            follow = {x for x in hand if suit_of(x, trump) == led}
            if follow:
                return follow
        return set(hand)

    def apply(self, action: Action) -> None:
        game = self.game
        rules = game.rules
        seat = game.to_act
        self.actions += 1
        assert self.actions <= MAX_ACTIONS_PER_DEAL[rules.players]
        winner = None
        if game.phase is Phase.PLAY:
            offered = set(game.legal_actions())
            assert offered == {PLAY[x] for x in self.legal_plays(seat)}
            assert isinstance(action, Play)
            assert action in offered
            self.hands[seat].remove(action.card)
            self.played.add(action.card)
            self.trick.append((seat, action.card))
            active = rules.players - len(game.sitting_out)
            if len(self.trick) == active:
                trump = game.trump
                assert trump is not None
                led = suit_of(self.trick[0][1], trump)
                winner = max(self.trick, key=lambda sc: strength(sc[1], trump, led))[0]
                self.won[winner % 2] += 1
                self.trick = []
        elif isinstance(action, Discard):
            assert seat == game.dealer
            self.hands[seat].add(self.upcard)
            self.hands[seat].remove(action.card)
            self.discard = action.card
        game.apply(action)
        if len(game.results) > self.results:
            self.results += 1
            result = game.results[-1]
            if result.trump is not None:
                assert result.tricks == (self.won[0], self.won[1])
            else:
                assert result.tricks == (0, 0)
            if not game.is_over():
                self.new_deal()
        elif winner is not None:
            assert game.to_act == winner


def random_rules(rng: random.Random) -> Rules:
    """Random options, drawn freely and kept when ``Rules`` accepts them."""
    while True:
        players = rng.choice([4, 4, 2])
        going_alone = rng.random() < 0.7 and players == 4
        options = {
            "players": players,
            "deck": rng.choice([24, 32, 25]),
            "deal_pattern": rng.choice(["3-2", "1"]),
            "dealer_must_take_upcard": rng.random() < 0.5,
            "stick_the_dealer": rng.random() < 0.5,
            "going_alone": going_alone,
            "lone_defender": going_alone and rng.random() < 0.7,
            "maker_partner_alone": going_alone and rng.random() < 0.7,
            "loner_lead": rng.choice(["left_of_loner", "left_of_dealer"]),
            "loner_march_points": rng.randint(1, 6),
            "loner_euchred_points": rng.randint(1, 6),
            "lone_defender_scoring": rng.choice(["by_tricks", "flat_4"]),
        }
        if players == 2:  # two-handed Euchre takes no going-alone option (§21)
            options.update(FOUR_ONLY_OFF)
        if rng.random() < 0.5:
            options.update(target=rng.randint(1, 6), deals=0)
        else:
            options.update(target=0, deals=rng.randint(1, 3))
        try:
            return Rules().replace(**options)
        except RulesError:  # pragma: no cover - the draws above are valid
            continue


@st.composite
def rules_strategy(draw: st.DrawFn) -> Rules:
    players = draw(st.sampled_from([4, 2]))
    going_alone = players == 4 and draw(st.booleans())
    fixed_deals = draw(st.booleans())
    four = players == 4
    return Rules(
        players=players,
        deck=draw(st.sampled_from([24, 32, 25])),
        deal_pattern=draw(st.sampled_from(["3-2", "1"])),
        dealer_must_take_upcard=draw(st.booleans()),
        stick_the_dealer=draw(st.booleans()),
        going_alone=going_alone,
        lone_defender=going_alone and draw(st.booleans()),
        maker_partner_alone=going_alone and draw(st.booleans()),
        loner_lead=draw(st.sampled_from(["left_of_loner", "left_of_dealer"]))
        if four else "left_of_loner",
        loner_march_points=draw(st.integers(1, 6)) if four else 4,
        loner_euchred_points=draw(st.integers(1, 6)) if four else 2,
        lone_defender_scoring=draw(st.sampled_from(["by_tricks", "flat_4"]))
        if four else "by_tricks",
        target=0 if fixed_deals else draw(st.integers(1, 10)),
        deals=draw(st.integers(1, 4)) if fixed_deals else 0,
    )


def played_out(game: Game, rng: random.Random, cap: int = 5000) -> Iterator[Action]:
    """Random legal actions until the game ends (yields each one before it is applied)."""
    for _ in range(cap):
        if game.is_over():
            return
        action = rng.choice(game.legal_actions())
        yield action
    raise AssertionError(f"the game did not end within {cap} actions")


def check_partition(game: Game) -> None:
    """Hands, cards played, kitty and upcard (or discard) make up the deck exactly."""
    parts = [game.hand_mask(s) for s in range(game.rules.players)]
    played = [x for trick in (*game.tricks, game.current_trick) for _, x in trick]
    parts.append(CardSet.from_cards(played).mask)
    parts.append(game.kitty_mask())
    parts.append(1 << (game.upcard if game.discard is None else game.discard))
    seen = 0
    for part in parts:
        assert seen & part == 0, "a card is in two places"
        seen |= part
    assert seen == deck_mask(game.rules.deck)
    assert len(played) == len(set(played))


def snapshot(game: Game) -> object:
    seats = range(game.rules.players)
    return (
        repr(game),
        game.phase,
        game.to_act,
        game.legal_actions(),
        game.history,
        game.deals,
        game.results,
        game.score,
        game.tricks,
        game.current_trick,
        tuple(game.hand_mask(s) for s in seats),
        tuple(game.view(s) for s in seats),
    )


# -- properties over random games ------------------------------------------------------


@SETTINGS
@given(rules=rules_strategy(), seed=st.integers(0, 2**63), moves=st.integers(0, 2**32))
def test_property_every_game_ends(rules: Rules, seed: int, moves: int) -> None:
    game = Game(rules, seed=seed)
    tracker = Tracker(game)
    for action in played_out(game, random.Random(moves)):
        tracker.apply(action)
    assert game.is_over() and game.phase is Phase.OVER
    assert game.legal_actions() == [] and game.to_act == -1
    scored = [r for r in game.results if not r.thrown_in]
    if rules.deals:
        assert len(game.results) == rules.deals
    else:
        assert len(scored) <= 2 * rules.target - 1
        assert max(game.score) >= rules.target > min(game.score)
        assert game.winner() == game.score.index(max(game.score))


@SETTINGS
@given(rules=rules_strategy(), seed=st.integers(0, 2**63), moves=st.integers(0, 2**32))
def test_property_cards_are_conserved(rules: Rules, seed: int, moves: int) -> None:
    game = Game(rules, seed=seed)
    check_partition(game)
    for action in played_out(game, random.Random(moves)):
        game.apply(action)
        check_partition(game)


@SETTINGS
@given(rules=rules_strategy(), seed=st.integers(0, 2**63), moves=st.integers(0, 2**32))
def test_property_every_play_follows_suit(rules: Rules, seed: int, moves: int) -> None:
    """The engine offers exactly the plays the rules allow, and the tricks go to the
    cards the rules say (both computed here from the rules' text)."""
    game = Game(rules, seed=seed)
    tracker = Tracker(game)
    for action in played_out(game, random.Random(moves)):
        tracker.apply(action)


@SETTINGS
@given(
    rules=rules_strategy(),
    seed=st.integers(0, 2**63),
    moves=st.integers(0, 2**32),
    start=st.tuples(st.integers(0, 9), st.integers(0, 9)),
)
def test_property_score_matches_the_scoring_table(
    rules: Rules, seed: int, moves: int, start: tuple[int, int]
) -> None:
    if rules.target:
        start = (start[0] % rules.target, start[1] % rules.target)
    game = Game(rules, seed=seed, score=start)
    for action in played_out(game, random.Random(moves)):
        game.apply(action)
    score = list(start)
    for result in game.results:
        team, points = expected_score(rules, result)
        assert (result.team, result.points) == (team, points)
        if team is not None:
            score[team] += points
        assert result.score == (score[0], score[1])
        if result.trump is not None:
            assert sum(result.tricks) == 5
            assert result.maker is not None
            assert len(result.alone) <= 2
            assert len({s % 2 for s in result.alone}) == len(result.alone)
            if rules.players == 2 or not rules.going_alone:
                assert result.alone == ()
    assert game.score == (score[0], score[1])


def _duplicate(game: Game, how: str) -> Game:
    if how == "method":
        return game.copy()
    if how == "pickle":
        again: Game = pickle.loads(pickle.dumps(game))
        return again
    return copy.deepcopy(game) if how == "deepcopy" else copy.copy(game)


@SETTINGS
@given(
    rules=rules_strategy(),
    seed=st.integers(0, 2**63),
    moves=st.integers(0, 2**32),
    at=st.integers(0, 200),
    how=st.sampled_from(["method", "pickle", "deepcopy", "copy"]),
)
def test_property_copy_evolves_identically(
    rules: Rules, seed: int, moves: int, at: int, how: str
) -> None:
    """A copy (``Game.copy``, pickled, ``copy.deepcopy`` or ``copy.copy``) is the same
    game, in both builds: the same state, and the same random deals from there on,
    whatever is played; the original is untouched."""
    game = Game(rules, seed=seed)
    rng = random.Random(moves)
    for _, action in zip(range(at), played_out(game, rng), strict=False):
        game.apply(action)
    before = snapshot(game)
    twin = _duplicate(game, how)
    assert snapshot(twin) == before
    assert twin.seed == game.seed and twin.rules == game.rules
    # a copy that goes its own way leaves the original alone
    probe = _duplicate(game, how)
    for action in played_out(probe, random.Random(moves + 1)):
        probe.apply(action)
    assert snapshot(game) == before
    # the same actions lead the original and its copy through the same states
    for action in played_out(game, rng):
        game.apply(action)
        twin.apply(action)
        assert snapshot(twin) == snapshot(game)
    assert twin.is_over() and twin.deals == game.deals


@settings(max_examples=150, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    deck=st.sampled_from([20, 24, 25, 32]),
    flags=st.tuples(st.booleans(), st.booleans(), st.booleans()),
    target=st.integers(-1, 12),
    deals=st.integers(-1, 3),
    march=st.integers(-1, 7),
    pattern=st.sampled_from(["3-2", "1", "2-3"]),
)
def test_property_rules_are_valid_or_refused_naming_the_option(
    players: int,
    deck: int,
    flags: tuple[bool, bool, bool],
    target: int,
    deals: int,
    march: int,
    pattern: str,
) -> None:
    options: dict[str, object] = {
        "players": players,
        "deck": deck,
        "going_alone": flags[0],
        "lone_defender": flags[1],
        "maker_partner_alone": flags[2],
        "target": target,
        "deals": deals,
        "loner_march_points": march if players == 4 else 4,
        "deal_pattern": pattern,
    }
    try:
        rules = Rules().replace(**options)
    except RulesError as error:
        assert str(error).split(":")[0] in options
        return
    assert Rules.from_dict(rules.to_dict()) == rules
    assert (rules.target > 0) != (rules.deals > 0)
    if rules.players == 2:
        assert not (rules.going_alone or rules.lone_defender or rules.maker_partner_alone)


# -- views never leak ------------------------------------------------------------------

VIEW_FIELDS = {
    "seat", "rules", "phase", "to_act", "dealer", "deal_number", "score", "hand",
    "upcard", "calls", "trump", "maker", "alone", "sitting_out", "discard", "tricks",
    "trick", "tricks_won", "shown", "laid_away", "given", "bid", "tokens",
}


def cards_in_view(view: PlayerView) -> list[Card]:
    """Every card a view mentions, field by field (a new field must be added here)."""
    names = {f.name for f in dataclasses.fields(view)}
    assert names == VIEW_FIELDS, f"PlayerView changed: check {names ^ VIEW_FIELDS} for cards"
    out = list(view.hand)
    out.append(view.upcard)
    out.extend(c for _, c in view.shown)
    out.extend(view.laid_away)
    out.extend(c for _, _, c in view.given)
    assert view.bid is None or type(view.bid) is int
    if view.discard is not None:
        out.append(view.discard)
    for trick in (*view.tricks, view.trick):
        out.extend(x for _, x in trick)
    for _, action in view.calls:
        assert isinstance(action, Pass | Order | Call | GoAlone | Discard | Play | Declare
                          | Bid | Best)
        if isinstance(action, Discard | Play):
            out.append(action.card)
        if isinstance(action, Declare):  # a declaration shows its cards to everyone
            out.extend(action.cards)
    assert isinstance(view.rules, Rules)
    for value in (view.seat, view.to_act, view.dealer, view.deal_number, view.trump,
                  view.maker, *view.score, *view.alone, *view.sitting_out,
                  *view.tricks_won, *view.tokens):
        assert value is None or type(value) is int
    return out


def cards_in_view_dict(data: dict[str, object]) -> list[Card]:
    """Every card the JSON form of a view mentions."""
    out: list[Card] = []
    hand = data["hand"]
    assert isinstance(hand, list)
    out.extend(parse_card(x) for x in hand)
    out.append(parse_card(str(data["upcard"])))
    if data["discard"] is not None:
        out.append(parse_card(str(data["discard"])))
    tricks = data["tricks"]
    trick = data["trick"]
    calls = data["calls"]
    assert isinstance(tricks, list) and isinstance(trick, list) and isinstance(calls, list)
    for t in [*tricks, trick]:
        out.extend(parse_card(x) for _, x in t)
    for _, text in calls:
        action = parse_action(text)
        if isinstance(action, Discard | Play):
            out.append(action.card)
    return out


def test_views_never_leak() -> None:
    """In about 1,000 random games and 100,000 views, a seat sees only its own hand,
    the upcard, the cards played this deal, and the discard if it is the dealer."""
    checked = 0
    for seed in range(1000):
        rng = random.Random(seed)
        rules = random_rules(rng).replace(target=0, deals=rng.choice([1, 1, 2]))
        game = Game(rules, seed=seed)
        tracker = Tracker(game)
        step = 0
        while not game.is_over():
            for seat in range(rules.players):
                view = game.view(seat)
                allowed = tracker.hands[seat] | tracker.played | {tracker.upcard}
                if seat == game.dealer and tracker.discard is not None:
                    allowed.add(tracker.discard)
                mentioned = cards_in_view(view)
                assert set(mentioned) <= allowed, (seed, seat, game)
                assert set(view.hand) == tracker.hands[seat]
                if seat != game.dealer:
                    assert view.discard is None
                if step % 9 == 0:
                    assert set(cards_in_view_dict(view.to_dict())) == set(mentioned)
                checked += 1
            tracker.apply(rng.choice(game.legal_actions()))
            step += 1
    assert checked > 50_000


def test_views_never_leak_other_hands_at_game_end() -> None:
    game = Game(Rules(target=0, deals=1), seed=3)
    rng = random.Random(3)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    for seat in range(4):
        view = game.view(seat)
        assert view.hand == CardSet(game.hand_mask(seat))
        others = set().union(*(game.hand(s) for s in range(4) if s != seat))
        assert not others & set(cards_in_view(view))


@pytest.mark.parametrize("seed", range(3))
def test_views_of_bad_seats_refused(seed: int) -> None:
    game = Game(seed=seed)
    for seat in (-1, 4, 10):
        with pytest.raises(ValueError, match="seat must be from 0 to 3"):
            game.view(seat)
