"""The double-dummy solver in every form: against plain minimax, and against the engine.

The minimax here is written from the rules of play alone (follow the effective led suit
if able; the trick goes to the highest card by the engine's tables,
:func:`euchre.engine.cards.trick_winner_index`; at Napoleon's first lead the suit of the card
led becomes trump); it tries every legal card of every seat, with no pruning, and
remembers only whole-trick boundaries.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest

from euchre.engine.actions import PLAY, Play
from euchre.engine.cards import (
    BENNY,
    CLUBS,
    HEARTS,
    NO_TRUMP,
    SPADES,
    TRUMP_ORDERS,
    Card,
    card_suit,
    cards_of,
    deck_mask,
    mask_of,
    parse_card,
    trick_winner_index,
)
from euchre.engine.game import Game, Phase
from euchre.engine.rules import PRESETS, Rules
from euchre.players.solver import (
    Position,
    PositionError,
    card_values,
    random_position,
    solve,
)

# -- plain minimax, written from the rules alone ------------------------------------------


def _minimax(hands: tuple[int, ...], trump: int | None, order: str, leader: int,
             trick: tuple[tuple[int, Card], ...], seats: tuple[int, ...],
             sides: tuple[int, ...]) -> int:
    """Side 0's tricks from here, the trick in progress included."""
    if len(trick) == len(seats):
        assert trump is not None
        cards = [c for _, c in trick]
        winner = trick[trick_winner_index(cards, trump, order=order)][0]
        return (sides[winner] == 0) + _boundary(hands, trump, order, winner, seats, sides)
    tables = TRUMP_ORDERS[order]
    if trick:
        assert trump is not None
        seat = seats[(seats.index(trick[-1][0]) + 1) % len(seats)]
        led = tables.effective[trump][trick[0][1]]
        legal = hands[seat] & tables.suit_masks[trump][led] or hands[seat]
    else:
        seat = leader
        legal = hands[seat]
    values = []
    for c in cards_of(legal):
        rest = list(hands)
        rest[seat] ^= 1 << c
        now = card_suit(c) if trump is None else trump  # the first card led makes trump
        values.append(_minimax(tuple(rest), now, order, leader, (*trick, (seat, c)), seats,
                               sides))
    return max(values) if sides[seat] == 0 else min(values)


@cache
def _boundary(hands: tuple[int, ...], trump: int | None, order: str, leader: int,
              seats: tuple[int, ...], sides: tuple[int, ...]) -> int:
    if not any(hands):
        return 0
    return _minimax(hands, trump, order, leader, (), seats, sides)


def brute_solve(position: Position) -> tuple[int, int]:
    """Each side's final tricks by plain minimax."""
    assert position.sides is not None
    seats = tuple(sorted(position.seats))
    trick = tuple(zip(position.seats, position.trick, strict=False))
    if not trick and not any(position.hands):
        return position.won
    mine = _minimax(position.hands, position.trump, position.order, position.leader, trick,
                    seats, position.sides)
    left = position.tricks_left
    return position.won[0] + mine, position.won[1] + left - mine


def brute_card_values(position: Position) -> dict[Card, int]:
    side = position.side_to_move
    return {c: brute_solve(position.play(c))[side] for c in position.legal_cards()}


def brute_legal(position: Position) -> list[Card]:
    """The legal cards by the rules: the effective led suit if the hand holds any."""
    hand = position.hands[position.to_move]
    if not position.trick:
        return cards_of(hand)
    assert position.trump is not None
    tables = TRUMP_ORDERS[position.order]
    led = tables.effective[position.trump][position.trick[0]]
    return cards_of(hand & tables.suit_masks[position.trump][led] or hand)


# -- random short positions ---------------------------------------------------------------


def short_position(rng: random.Random, players: int, deck: int, hand_size: int, left: int,
                   *, order: str = "euchre", trumps: tuple[int | None, ...] = (0, 1, 2, 3),
                   loner: bool = False) -> Position:
    """A random deal of ``hand_size`` cards each, played at random down to ``left``
    cards a hand and a random part of the next trick; random tricks already won before
    the deal's start are added to both sides (except at an unfixed trump)."""
    position = random_position(rng, players, deck, hand_size=hand_size, order=order,
                               trumps=trumps)
    if loner:
        maker = rng.randrange(4)
        hands = list(position.hands)
        hands[(maker + 2) % 4] = 0
        position = Position(tuple(hands), position.trump, maker,
                            sitting_out=((maker + 2) % 4,), order=order)
    active = len(position.seats)
    plies = (hand_size - left) * active
    if position.trump is not None:
        plies += rng.randrange(active)
    for _ in range(plies):
        position = position.play(rng.choice(position.legal_cards()))
    if position.trump is not None:
        position = replace(position, won=(position.won[0] + rng.randrange(3),
                                          position.won[1] + rng.randrange(3)))
    return position


def check_against_minimax(position: Position) -> None:
    expected = brute_solve(position)
    assert solve(position) == expected, position
    assert position.legal_cards() == brute_legal(position), position
    values = card_values(position)
    assert values == brute_card_values(position), position
    assert max(values.values()) == expected[position.side_to_move], position


def run_short(seed: int, count: int, players: int, deck: int, hand_size: int,
              **kwargs: object) -> int:
    """Check ``count`` short positions; return how many were mid-trick."""
    rng = random.Random(seed)
    mid = 0
    for _ in range(count):
        left = rng.choice((1, 2, 3, 3))
        position = short_position(rng, players, deck, hand_size, left,
                                  **kwargs)  # type: ignore[arg-type]
        mid += bool(position.trick)
        check_against_minimax(position)
    return mid


@pytest.mark.parametrize("deck", [24, 25, 32])
def test_solver_three_handed_maker_alone_against_two_matches_minimax(deck: int) -> None:
    assert run_short(300 + deck, 250, 3, deck, 5) > 80


def test_solver_four_handed_with_the_benny_matches_minimax() -> None:
    assert run_short(401, 200, 4, 25, 5) > 60
    assert run_short(402, 100, 4, 25, 5, loner=True) > 30


@pytest.mark.parametrize(("players", "deck"), [(4, 24), (4, 25), (3, 25), (2, 25), (4, 33)])
def test_solver_no_trump_highest_of_the_led_suit_and_the_benny_matches_minimax(
        players: int, deck: int) -> None:
    assert run_short(500 + deck + players, 150, players, deck, 5,
                     trumps=(NO_TRUMP,)) > 40


def test_solver_hasenpfeffer_six_card_hands_partnerships_matches_minimax() -> None:
    assert run_short(601, 250, 4, 25, 6) > 80


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_solver_napoleon_plain_order_trump_fixed_matches_minimax(players: int) -> None:
    assert run_short(700 + players, 120, players, 52, 5, order="plain") > 30


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_solver_napoleon_misere_no_trump_plain_matches_minimax(players: int) -> None:
    assert run_short(720 + players, 80, players, 52, 5, order="plain",
                     trumps=(NO_TRUMP,)) > 20


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_solver_napoleon_first_lead_makes_trump_matches_minimax(players: int) -> None:
    rng = random.Random(740 + players)
    for _ in range(60):
        hand_size = rng.choice((1, 2, 2, 3) if players <= 5 else (1, 2, 2))
        position = random_position(rng, players, 52, hand_size=hand_size, order="plain",
                                   trumps=(None,))
        assert position.trump is None
        check_against_minimax(position)
        for c, value in card_values(position).items():
            fixed = position.with_trump(card_suit(c))
            assert card_values(fixed)[c] == value  # the value with the trump c makes


@pytest.mark.parametrize("deck", [24, 25, 32])
def test_solver_two_handed_matches_minimax(deck: int) -> None:
    assert run_short(800 + deck, 200, 2, deck, 5) > 50


def test_solver_euchre_order_first_lead_makes_trump_matches_minimax() -> None:
    # not a form the engine plays, but the rule is the same: the led card's printed suit
    rng = random.Random(901)
    for _ in range(60):
        position = random_position(rng, 4, 32, hand_size=rng.choice((1, 2, 3)),
                                   trumps=(None,))
        check_against_minimax(position)


# -- hand-worked positions -------------------------------------------------------------


def test_solver_no_trump_the_benny_led_wins_and_anything_may_follow() -> None:
    p = Position.parse(["B Ah", "Kh 9c", "Qh Tc", "9s Ts"], "n", leader=0)
    assert p.legal_cards() == [parse_card("Ah"), BENNY]
    after = p.play(BENNY)
    assert after.legal_cards() == [parse_card("9c"), parse_card("Kh")]  # no suit to follow
    assert solve(p) == (2, 0)
    # under no trump the jacks are plain cards: Jd does not follow hearts
    q = Position.parse(["Ah", "Jd", "Kh", "9s"], "n", leader=1)
    assert solve(q) == (0, 1)


def test_solver_napoleon_plain_order_has_no_bowers() -> None:
    hands = ["Ah 2c", "Jh 3c", "Jd 4c"]
    plain = Position.parse(hands, "h", leader=0, sides=(0, 1, 1), order="plain")
    euchre = Position.parse(hands, "h", leader=0, sides=(0, 1, 1))
    assert solve(plain) == (1, 1)   # the ace of trump is the highest
    assert solve(euchre) == (0, 2)  # the bowers beat it


def test_solver_napoleon_bidder_chooses_the_trump_suit_by_the_first_lead() -> None:
    # hearts trump: Ah Kh win and 2c loses; a club led makes clubs trump and loses all
    p = Position.parse(["Ah Kh 2c", "As 3c 4c", "Ks 5c 6c"], None, sides=(0, 1, 1),
                       order="plain")
    assert solve(p) == (2, 1)
    values = card_values(p)
    assert values[parse_card("Ah")] == values[parse_card("Kh")] == 2
    assert values[parse_card("2c")] == 0
    # the defenders choose for themselves when they lead (not a position Napoleon
    # reaches, but the search treats both sides alike)
    q = replace(p, sides=(1, 0, 0))
    assert solve(q) == (1, 2)


def test_solver_napoleon_misere_counts_the_bidders_tricks() -> None:
    # the bidder's low cards duck under everything: no trick for a misère
    p = Position.parse(["2h 2c", "Ah Kc", "Kh Ac", "Qh Qc"], "n", leader=0,
                       sides=(0, 1, 1, 1), order="plain")
    assert solve(p) == (0, 2)


def test_solver_hasenpfeffer_six_tricks() -> None:
    hands = ["B Jh Jd Ah Kh Qh", "9c Tc Qc Kc Ac 9d", "Td Qd Kd Ad 9s Ts", "Qs Ks As Th 9h Jc"]
    p = Position.parse(hands, "h", leader=0)
    assert p.tricks_left == 6
    assert solve(p) == (6, 0)


# -- positions refused ------------------------------------------------------------------


def test_solver_seat_counts_other_than_two_to_seven_are_refused() -> None:
    with pytest.raises(PositionError, match="2 to 7 hands, not 1"):
        Position((1,), SPADES, 0)
    with pytest.raises(PositionError, match="2 to 7 hands, not 8"):
        Position(tuple(1 << c for c in range(8)), SPADES, 0, sides=(0,) * 8)


def test_solver_bad_sides_trumps_and_orders_are_refused() -> None:
    with pytest.raises(PositionError, match="needs sides"):
        Position((1, 2, 4), SPADES, 0)
    with pytest.raises(PositionError, match="0 or 1 for each of the 3 seats"):
        Position((1, 2, 4), SPADES, 0, sides=(0, 1))
    with pytest.raises(PositionError, match="0 or 1 for each"):
        Position((1, 2, 4), SPADES, 0, sides=(0, 1, 2))
    with pytest.raises(PositionError, match="unknown trump order"):
        Position((1, 2), SPADES, 0, order="bridge")
    with pytest.raises(PositionError, match="first lead"):
        Position.parse(["Ah", "Kh"], None, leader=0, won=(1, 0))
    with pytest.raises(PositionError, match="first lead"):
        Position.parse(["Ah", ""], None, leader=1, trick="Kh", sitting_out=())
    with pytest.raises(PositionError, match="Benny"):
        Position.parse(["B", "Kh"], None)
    with pytest.raises(PositionError, match="at most 6"):
        Position.parse(["9c Tc Jc Qc Kc Ac 9d", "9h Th Jh Qh Kh Ah 9s"], "s")
    with pytest.raises(PositionError, match="need more than 24"):
        random_position(random.Random(0), 5, 24)


# -- whole deals through the engine -------------------------------------------------------

EXTRA_RULES = {
    "four-handed-no-trump-benny": Rules(deck=25, no_trump=True),
    "three-handed-no-trump": Rules(form="three_handed", deck=25, no_trump=True),
    "napoleon-2": PRESETS["napoleon-full"].replace(players=2),
    "napoleon-3": PRESETS["napoleon-full"].replace(players=3),
    "napoleon-7": PRESETS["napoleon-full"].replace(players=7),
}
ALL_RULES = {**PRESETS, **EXTRA_RULES}


def _to_play(game: Game, rng: random.Random) -> None:
    for _ in range(1000):
        if game.phase is Phase.PLAY:
            return
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("random play did not reach the play")  # pragma: no cover


def _side_tricks(position: Position, game: Game, deal: int) -> tuple[int, int]:
    seating = game.rules.seating
    assert position.sides is not None
    won = [0, 0]
    for team, tricks in enumerate(game.results[deal].tricks):
        won[position.sides[seating.teams[team][0]]] += tricks
    return won[0], won[1]


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_solver_every_form_from_game_agrees_with_the_engine(name: str) -> None:
    rules = ALL_RULES[name]
    rng = random.Random(sum(map(ord, name)))
    deals = 3 if rules.players > 5 else 5
    for seed in range(deals):
        game = Game(rules, seed=seed)
        _to_play(game, rng)
        position = Position.from_game(game)
        maker = game.maker
        assert maker is not None
        makers = set(game.makers())
        if rules.seating.team_count == 2:  # the seating's teams, as game.tricks_won
            assert position.sides == rules.seating.team_of
        else:  # the maker alone is side 0
            assert position.sides == tuple(int(s not in makers) for s in range(rules.players))
        assert {position.sides[s] for s in makers} | {
            1 - position.sides[s] for s in range(rules.players) if s not in makers} == {
            position.sides[maker]}
        assert position.order == rules.trump_order
        assert position.trump == game.trump
        expected = solve(position)
        assert sum(expected) == rules.hand_size
        deal = game.deal_number
        while game.deal_number == deal and not game.is_over():
            position = Position.from_game(game)
            assert position.to_move == game.to_act
            engine = [a.card for a in game.legal_actions() if isinstance(a, Play)]
            assert position.legal_cards() == engine
            values = card_values(position)
            assert sorted(values) == engine
            best = max(values.values())
            assert best == expected[position.side_to_move]
            game.apply(PLAY[rng.choice([c for c, v in values.items() if v == best])])
        assert _side_tricks(position, game, deal) == expected


def test_solver_napoleon_from_game_leaves_trump_unfixed_at_the_first_lead() -> None:
    rng = random.Random(3)
    seen = set()
    for seed in range(40):
        game = Game(PRESETS["napoleon-full"], seed=seed)
        _to_play(game, rng)
        position = Position.from_game(game)
        assert position.order == "plain"
        assert position.leader == game.maker
        if game.trump is None:
            assert position.trump is None
            seen.add("trick bid")
            c = rng.choice(position.legal_cards())
            game.apply(PLAY[c])
            assert Position.from_game(game).trump == card_suit(c) == game.trump
        else:
            assert position.trump == NO_TRUMP  # a misère
            seen.add("misere")
    assert seen == {"trick bid", "misere"}


def test_solver_three_handed_from_game_adds_the_defenders_tricks() -> None:
    rng = random.Random(8)
    game = Game(PRESETS["three-handed"], seed=2)
    _to_play(game, rng)
    for _ in range(6):  # two tricks
        game.apply(rng.choice(game.legal_actions()))
    position = Position.from_game(game)
    maker = game.maker
    assert maker is not None
    won = game.tricks_won
    assert position.won == (won[maker], sum(won) - won[maker])
    assert position.sides is not None and position.sides.count(0) == 1


def test_solver_random_positions_of_every_size() -> None:
    rng = random.Random(4)
    for players, deck, size, order in [(3, 24, 5, "euchre"), (4, 25, 6, "euchre"),
                                       (7, 52, 5, "plain"), (2, 52, 5, "plain")]:
        p = random_position(rng, players, deck, hand_size=size, order=order)
        assert len(p.hands) == players and p.tricks_left == size
        assert all(h & ~deck_mask(deck) == 0 for h in p.hands)
        assert mask_of(c for h in p.hands for c in cards_of(h)).bit_count() == players * size
        assert sum(solve(p)) == size
    p = random_position(rng, 4, 25, trumps=(CLUBS, HEARTS))
    assert p.trump in (CLUBS, HEARTS)


def _consistent(position: Position) -> bool:
    """Whether the solved value is the best, for the side to move, of the values solved
    afresh (each with a new table) after each legal card."""
    side = position.side_to_move
    children = [solve(position.play(c)) for c in position.legal_cards()]
    return solve(position) == max(children, key=lambda won: won[side])


def test_solver_napoleon_five_to_seven_seats_keep_leaders_apart_in_the_table() -> None:
    # with 5 seats or more the leader does not fit in two bits of the table's key: seat
    # 4 would read as seat 0. In this deal two orders of the first tricks leave the same
    # cards with leaders 0 and 4 (plain minimax gives the makers 3 tricks after the 4s).
    p = Position.parse(["8d Js Ks 3c 3s", "Ts 5c 6c 5h 2s", "Jc 7h As 2h 3h",
                        "9c 8h 4h 4s 6s", "Tc Ac 7d 9h 6h"], "d", leader=3,
                       sides=(1, 1, 1, 1, 0), order="plain")
    assert _consistent(p)
    for c in p.legal_cards():
        assert _consistent(p.play(c))
    rng = random.Random(12)
    for players in (5, 6, 7):
        for _ in range(30):
            position = random_position(rng, players, 52, hand_size=4, order="plain",
                                       trumps=(0, 1, 2, 3, NO_TRUMP))
            assert _consistent(position)
