"""The double-dummy solver against plain minimax, hand-worked deals and the game."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest

from euchre.engine.actions import ALONE, KIND_ALONE, PLAY, Play
from euchre.engine.cards import (
    BENNY,
    EFFECTIVE_SUIT,
    HEARTS,
    SPADES,
    SUIT_MASKS,
    TRICK_KEY,
    Card,
    cards_of,
    deck_mask,
    mask_of,
    parse_card,
    parse_cards,
)
from euchre.engine.game import Game, Phase
from euchre.engine.rules import Rules
from euchre.players.solver import Position, PositionError, card_values, solve

# -- plain minimax, written from the rules alone ------------------------------------------


Boundary = Callable[[tuple[int, ...], int, int, tuple[int, ...]], int]


def _minimax(hands: tuple[int, ...], trump: int, leader: int,
             trick: tuple[tuple[int, Card], ...], seats: tuple[int, ...],
             boundary: Boundary) -> int:
    """Team 0's tricks from here (the trick in progress included): every legal card of
    every seat tried, no pruning. ``seats`` are the seats taking part, in seat order;
    ``boundary(hands, trump, leader, seats)`` values the position after each trick."""
    if len(trick) == len(seats):
        keys = TRICK_KEY[trump][EFFECTIVE_SUIT[trump][trick[0][1]]]
        winner = max(trick, key=lambda sc: keys[sc[1]])[0]
        return (1 - winner % 2) + boundary(hands, trump, winner, seats)
    if not trick:
        seat = leader
        legal = hands[seat]
    else:
        seat = seats[(seats.index(trick[-1][0]) + 1) % len(seats)]
        follow = hands[seat] & SUIT_MASKS[trump][EFFECTIVE_SUIT[trump][trick[0][1]]]
        legal = follow or hands[seat]
    values = []
    for c in cards_of(legal):
        rest = list(hands)
        rest[seat] ^= 1 << c
        values.append(
            _minimax(tuple(rest), trump, leader, (*trick, (seat, c)), seats, boundary)
        )
    return max(values) if seat % 2 == 0 else min(values)


def _brute_boundary(hands: tuple[int, ...], trump: int, leader: int,
                    seats: tuple[int, ...]) -> int:
    return _minimax(hands, trump, leader, (), seats, _brute_boundary) if any(hands) else 0


@cache
def _brute_memo(hands: tuple[int, ...], trump: int, leader: int, seats: tuple[int, ...]) -> int:
    """The same minimax, remembered per trick boundary (still no pruning) so that whole
    deals stay cheap."""
    return _minimax(hands, trump, leader, (), seats, _brute_memo) if any(hands) else 0


def _brute(hands: tuple[int, ...], trump: int, leader: int, trick: tuple[tuple[int, Card], ...],
           seats: tuple[int, ...]) -> int:
    """Plain minimax with nothing remembered."""
    if not trick and not any(hands):
        return 0
    return _minimax(hands, trump, leader, trick, seats, _brute_boundary)


def _trick_memo(hands: tuple[int, ...], trump: int, leader: int,
                trick: tuple[tuple[int, Card], ...], seats: tuple[int, ...]) -> int:
    """Minimax from mid-trick, remembering trick boundaries."""
    return _minimax(hands, trump, leader, trick, seats, _brute_memo)


def brute_solve(position: Position, memo: bool = False) -> tuple[int, int]:
    """Each team's final tricks by plain minimax."""
    seats = tuple(sorted(position.seats))
    order = position.seats
    trick = tuple(zip(order, position.trick, strict=False))
    left = position.tricks_left
    trump = position.trump
    assert trump is not None  # these positions always have a trump suit
    if memo:
        mine = _trick_memo(position.hands, trump, position.leader, trick, seats)
    else:
        mine = _brute(position.hands, trump, position.leader, trick, seats)
    return position.won[0] + mine, position.won[1] + left - mine


def brute_card_values(position: Position, memo: bool = False) -> dict[Card, int]:
    team = position.to_move % 2
    return {c: brute_solve(position.play(c), memo)[team] for c in position.legal_cards()}


# -- random positions ----------------------------------------------------------------------


def random_position(rng: random.Random, players: int, deck: int, loners: int,
                    tricks_left: int, mid_trick: bool) -> Position:
    """A random deal played out at random to ``tricks_left`` tricks (and, when
    ``mid_trick``, some cards of the next trick)."""
    cards = cards_of(deck_mask(deck))
    rng.shuffle(cards)
    hands = [mask_of(cards[5 * s:5 * s + 5]) for s in range(players)]
    out: list[int] = []
    if loners:
        maker = rng.randrange(4)
        out.append((maker + 2) % 4)
        if loners == 2:
            defender = (maker + rng.choice((1, 3))) % 4
            out.append((defender + 2) % 4)
    for s in out:
        hands[s] = 0
    active = [s for s in range(players) if s not in out]
    position = Position(tuple(hands), rng.randrange(4), rng.choice(active),
                        sitting_out=tuple(out))
    plies = (5 - tricks_left) * len(active)
    if mid_trick:
        plies += rng.randrange(1, len(active))
    for _ in range(plies):
        position = position.play(rng.choice(position.legal_cards()))
    return position


KINDS = [
    # (players, deck, loners)
    (4, 24, 0),
    (4, 24, 0),
    (4, 24, 1),
    (4, 24, 2),
    (2, 24, 0),
    (4, 32, 0),
    (4, 25, 0),
    (4, 25, 1),
    (2, 32, 0),
    (2, 25, 0),
]


def test_matches_minimax_on_many_short_positions() -> None:
    rng = random.Random(2024)
    checked = mid = 0
    for i in range(2000):
        players, deck, loners = KINDS[i % len(KINDS)]
        left = rng.choice((1, 2, 3, 3))
        mid_trick = rng.random() < 0.4
        position = random_position(rng, players, deck, loners, left, mid_trick)
        mid += bool(position.trick)
        expected = brute_solve(position)
        assert solve(position) == expected, position
        values = card_values(position)
        assert values == brute_card_values(position), position
        team = position.to_move % 2
        assert max(values.values()) == expected[team]
        checked += 1
    assert checked == 2000 and mid > 500


@pytest.mark.parametrize("kind", range(len(KINDS)))
def test_matches_minimax_on_whole_deals(kind: int) -> None:
    players, deck, loners = KINDS[kind]
    rng = random.Random(77 + kind)
    for _ in range(4):
        position = random_position(rng, players, deck, loners, 5, False)
        _brute_memo.cache_clear()
        assert solve(position) == brute_solve(position, memo=True), position
    for _ in range(3):
        position = random_position(rng, players, deck, loners, 4, True)
        assert card_values(position) == brute_card_values(position, memo=True), position


# -- hand-worked deals ------------------------------------------------------------------


def test_bowers_and_ace_king_of_trump_take_all_five_when_leading() -> None:
    hands = ["Jh Jd Ah Kh Ac", "Qh Th 9c Kc Qc", "Ad Kd Qd Td 9d", "9h As Ks Qs Ts"]
    position = Position.parse(hands, trump="h", leader=0)
    assert solve(position) == (5, 0)
    values = card_values(position)
    for name in ("Jh", "Jd", "Ah", "Kh"):
        assert values[parse_card(name)] == 5
    assert values[parse_card("Ac")] == 4  # seat 3 ruffs the ace led first


def test_a_low_side_card_loses_to_the_ace() -> None:
    hands = ["Jh Jd Ah Kh 9c", "Qh Th Ac Kc Qc", "Ad Kd Qd Td 9d", "9h As Ks Qs Ts"]
    assert solve(Position.parse(hands, trump="h", leader=0)) == (4, 1)


def test_the_defenders_take_what_they_hold_over_the_makers() -> None:
    # seat 1 holds the right bower alone: it takes one trick whatever anyone does
    hands = ["Jd Ah Kh Qh Th", "Jh 9c Tc Qc Kc", "Ac Ad Kd Qd Td", "9d As Ks Qs Ts"]
    position = Position.parse(hands, trump="h", leader=0)
    assert solve(position) == (4, 1)
    assert solve(Position.parse(hands, trump="h", leader=1)) == (4, 1)


def test_a_lone_hand_with_the_partner_sitting_out() -> None:
    hands = ["Jc Js Ac Kc Ah", "9c Tc Qd Kd Ad", "", "Qc 9h Th Qh Kh"]
    position = Position.parse(hands, trump="c", leader=0)
    assert position.sitting_out == (2,)
    assert position.seats == (0, 1, 3)
    # four trumps draw the three out against it, then the ace of hearts wins: a march
    assert solve(position) == (5, 0)
    # led from the left of the loner, the defenders get no more than a trick back
    other = Position.parse(hands, trump="c", leader=1)
    assert solve(other) == brute_solve(other, memo=True)


def test_two_handed_play() -> None:
    position = Position.parse(["Js Jc As 9h Th", "Ks Qs Ah Kh Qh"], trump="s", leader=1)
    assert position.seats == (1, 0)
    # seat 1 has no trump to draw with: whatever it leads, seat 0 wins four, then 1 wins 1
    assert solve(position) == brute_solve(position)
    assert sum(solve(position)) == 5


def test_the_benny_beats_the_right_bower() -> None:
    position = Position.parse(["B", "Jh", "9c", "Tc"], trump="h", leader=1)
    assert solve(position) == (1, 0)
    values = card_values(Position.parse(["B As", "9d", "9c", "Qs"], trump="h", leader=1,
                                        trick="Jh Tc Ts"))
    assert values == {BENNY: 2}


def test_mid_trick_values_and_equivalent_cards() -> None:
    # seat 0 may ruff with either of two touching trumps: both are worth the same
    p = Position.parse(["Qs Ks Ac", "Ah Qc Tc", "9h Th 9d", "Kc 9c"], trump="s", leader=3,
                       trick="Jh")
    values = card_values(p)
    assert values[parse_card("Qs")] == values[parse_card("Ks")]
    assert values == brute_card_values(p)


def test_an_equivalence_across_a_played_card_is_kept_apart() -> None:
    # Qd is on the trick between seat 0's Kd and Jd: Kd wins the trick, Jd does not
    p = Position.parse(["Kd Jd", "9c Ac", "Th Ah", "9d"], trump="s", leader=3, trick="Qd")
    values = card_values(p)
    assert values == brute_card_values(p)
    assert values[parse_card("Kd")] != values[parse_card("Jd")]


def test_finished_deal() -> None:
    p = Position((0, 0, 0, 0), HEARTS, 2, won=(3, 2))
    assert p.is_over()
    assert solve(p) == (3, 2)
    assert card_values(p) == {}


# -- positions refused ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "leader", "trick", "message"),
    [
        (["Ah Kh", "Ah Qh", "9c Tc", "9d Td"], 0, "", "held twice"),
        (["Ah Kh", "Jh Qh", "9c Tc", "9d"], 0, "", "should hold"),
        (["Ah", "Jh Qh", "9c Tc", "9d Td"], 0, "Ah", "both played and held"),
        (["Ah Kh", "", "9c Tc", "9d Td"], 1, "", "to play but holds no cards"),
        (["", "", "", "9c"], 0, "Ts Qs", "ambiguous"),
        (["", "9c", "", ""], 3, "Ts Qs Ks", "only 2 seats"),
    ],
)
def test_bad_positions_are_refused(hands: list[str], leader: int, trick: str,
                                   message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Position.parse(hands, trump="s", leader=leader, trick=trick)


def test_other_bad_positions() -> None:
    with pytest.raises(PositionError, match="4 hands"):
        Position((1, 2, 4), SPADES, 0)
    with pytest.raises(PositionError, match="trump"):
        Position((1, 2), 5, 0)
    with pytest.raises(PositionError, match="not legal"):
        Position.parse(["9c Ah", "Tc"], "s", leader=1, trick="Kc").play(parse_card("Ah"))
    hands = tuple(mask_of(parse_cards(h)) for h in ("Ah", "Kh", "Qh", "Jc"))
    with pytest.raises(PositionError, match="not from 0"):
        Position(hands, SPADES, 0, sitting_out=(5,))


# -- the game -------------------------------------------------------------------------------


def _to_play(game: Game, rng: random.Random) -> None:
    while game.phase is not Phase.PLAY:
        legal = game.legal_actions()
        if game.phase is Phase.ALONE and rng.random() < 0.3:
            game.apply(ALONE)
        else:
            game.apply(rng.choice([a for a in legal if a.kind != KIND_ALONE] or legal))


@pytest.mark.parametrize("preset", ["standard", "two-handed"])
def test_best_play_through_the_game_keeps_the_solved_value(preset: str) -> None:
    rng = random.Random(11)
    rules = Rules.preset(preset)
    for seed in range(12):
        game = Game(rules, seed=seed)
        _to_play(game, rng)
        position = Position.from_game(game)
        expected = solve(position)
        deal = game.deal_number
        while game.deal_number == deal and not game.is_over():
            position = Position.from_game(game)
            assert solve(position) == expected
            values = card_values(position)
            team = game.to_act % 2
            assert set(values) == {a.card for a in game.legal_actions() if isinstance(a, Play)}
            best = max(values.values())
            assert best == expected[team]
            game.apply(PLAY[rng.choice([c for c, v in values.items() if v == best])])
        assert game.results[deal].tricks == expected


def test_from_game_mid_trick_with_a_loner_matches_minimax() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(60):
        game = Game(seed=seed)
        _to_play(game, rng)
        for _ in range(rng.randrange(0, 12)):
            if game.phase is not Phase.PLAY:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.phase is not Phase.PLAY:
            continue
        position = Position.from_game(game)
        assert position.sitting_out == game.sitting_out
        assert position.to_move == game.to_act
        assert solve(position) == brute_solve(position)
        checked += 1
    assert checked > 40


def test_from_game_refuses_other_phases() -> None:
    with pytest.raises(PositionError, match="bid1"):
        Position.from_game(Game(seed=1))
