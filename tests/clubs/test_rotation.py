"""The rotations of a progressive evening (:mod:`euchre.clubs.rotation`): the fixed chart
partners everyone with everyone once and seats every player every round; winners move
up, losers stay, and partners change at every table."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre.clubs.rotation import Round, Table, fixed_chart, partners, seats_for, winners_move_up
from euchre.errors import EuchreError


def seated(round_: Round) -> list[int]:
    return sorted(p for table in round_.tables for p in table.players)


@pytest.mark.parametrize("players", range(1, 41))
def test_the_chart_partners_everyone_with_everyone_once(players: int) -> None:
    seats = seats_for(players)
    chart = fixed_chart(players)
    assert len(chart) == seats - 1
    for round_ in chart:  # everyone, bots too, plays every round, once
        assert seated(round_) == list(range(seats))
        assert len(round_.tables) == seats // 4
    counts = partners(chart)
    assert len(counts) == seats * (seats - 1) // 2 and set(counts.values()) == {1}
    opponents: Counter[frozenset[int]] = Counter(
        frozenset((a, b)) for r in chart for t in r.tables for a in t.ns for b in t.ew)
    assert max(opponents.values()) <= 5  # as evenly as the partnerships allow
    assert sum(opponents.values()) == seats * (seats - 1)  # four pairs a table a round


def test_a_longer_evening_begins_the_chart_again() -> None:
    chart = fixed_chart(8, rounds=10)
    assert [r.tables[0].ns for r in chart[7:]] == [r.tables[0].ns for r in chart[:3]]
    assert max(partners(chart).values()) == 2


@pytest.mark.parametrize("bad", [0, -3])
def test_an_event_has_players_and_rounds(bad: int) -> None:
    with pytest.raises(EuchreError, match="at least one player"):
        fixed_chart(bad)
    with pytest.raises(EuchreError, match="at least one round"):
        fixed_chart(8, rounds=bad)


@given(st.integers(1, 8), st.lists(st.lists(st.integers(0, 1), min_size=8, max_size=8),
                                   min_size=1, max_size=6))
def test_winners_move_up_and_partners_change(tables: int,
                                             results: list[list[int]]) -> None:
    seats = 4 * tables
    round_ = fixed_chart(seats, rounds=1)[0]
    for winners in results:
        winners = winners[:tables]
        after = winners_move_up(round_, winners)
        assert seated(after) == list(range(seats))  # every player, every round
        for t, (table, won) in enumerate(zip(round_.tables, winners, strict=True)):
            winner, loser = (table.ns, table.ew) if won == 0 else (table.ew, table.ns)
            up = max(t - 1, 0)  # the winners go up a table (the head table's stay)
            assert {after.table_of(p) for p in winner} == {up}
            down = t if t else tables - 1  # the losers stay (the head table's go down)
            assert {after.table_of(p) for p in loser} == {down}
        for table in after.tables:  # partners changed at every table
            before = {frozenset(p) for t in round_.tables for p in (t.ns, t.ew)}
            assert frozenset(table.ns) not in before and frozenset(table.ew) not in before
        round_ = after


def test_winners_move_up_says_what_it_needs() -> None:
    round_ = Round((Table((0, 1), (2, 3)), Table((4, 5), (6, 7))))
    for bad in ([0], [0, 2], [0, 1, 1]):
        with pytest.raises(EuchreError, match="at each of the 2 tables"):
            winners_move_up(round_, bad)
