"""Who sits where in each round of a club's evening: the two rotations of progressive
Euchre.

Players are numbered from 0; a :class:`Round` is its tables in order, the head table
first, each two partnerships (:class:`Pairing`: North-South, then East-West). Numbers
at or above the event's players are the bots that fill its empty seats (:func:`seats_for`
says how many seats an evening needs).

- **A fixed chart** (:func:`fixed_chart`): drawn before the evening, so that everyone
  partners everyone else exactly once over ``seats - 1`` rounds (the round-robin
  "circle": one seat stays, the others turn one place a round), and meets each other
  player as an opponent as evenly as the partnerships allow.
- **Winners move up** (:func:`winners_move_up`): each round is drawn from the last one's
  results: the winning partnership at each table moves up one table (the head table's
  winners stay), the losers stay (the head table's losers go to the foot table), and
  at every table the two who stayed split up, each partnering one who arrived, so
  partners change every round.

>>> chart = fixed_chart(8)
>>> len(chart), chart[0].tables[0]
(7, Table(ns=(7, 0), ew=(1, 6)))
>>> first = Round((Table((0, 1), (2, 3)), Table((4, 5), (6, 7))))
>>> winners_move_up(first, [0, 1]).tables
(Table(ns=(0, 6), ew=(1, 7)), Table(ns=(4, 2), ew=(5, 3)))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from euchre.errors import EuchreError

__all__ = ["SEATS_A_TABLE", "Place", "Round", "Table", "fixed_chart", "partners", "seats_for",
           "winners_move_up"]

SEATS_A_TABLE: Final = 4

Pairing = tuple[int, int]
"""Two partners."""


class Table(NamedTuple):
    """One table of a round: North-South and East-West."""

    ns: Pairing
    ew: Pairing

    @property
    def players(self) -> tuple[int, int, int, int]:
        """The four, in the order of their seats: North, East, South, West."""
        return (self.ns[0], self.ew[0], self.ns[1], self.ew[1])


class Place(NamedTuple):
    """Where a player sits in a round: the table's index, the partner, the opponents."""

    table: int
    partner: int
    opponents: Pairing


@dataclass(frozen=True)
class Round:
    """The tables of one round, the head table first."""

    tables: tuple[Table, ...]

    def table_of(self, player: int) -> int:
        """The index of the table ``player`` sits at (``ValueError``: not in the round)."""
        for index, table in enumerate(self.tables):
            if player in table.players:
                return index
        raise ValueError(f"player {player} is not in this round")

    def place(self, player: int) -> Place:
        """Where ``player`` sits (``ValueError``: not in the round)."""
        index = self.table_of(player)
        table = self.tables[index]
        mine, theirs = (table.ns, table.ew) if player in table.ns else (table.ew, table.ns)
        return Place(index, mine[1] if mine[0] == player else mine[0], theirs)


def seats_for(players: int) -> int:
    """The seats an evening of ``players`` needs: a multiple of four, bots in the rest.

    >>> [seats_for(n) for n in (4, 5, 8, 13, 16)]
    [4, 8, 8, 16, 16]
    """
    if players < 1:
        raise EuchreError("an event needs at least one player")
    return -(-players // SEATS_A_TABLE) * SEATS_A_TABLE


def partners(rounds: Sequence[Round]) -> dict[frozenset[int], int]:
    """How many times each two players partnered each other over ``rounds``."""
    counts: dict[frozenset[int], int] = {}
    for round_ in rounds:
        for table in round_.tables:
            for pair in (table.ns, table.ew):
                key = frozenset(pair)
                counts[key] = counts.get(key, 0) + 1
    return counts


def fixed_chart(players: int, rounds: int | None = None) -> list[Round]:
    """The chart of an evening of ``players`` (bots fill the seats up to a multiple of
    four): ``rounds`` rounds (default ``seats - 1``, in which everyone partners everyone
    else once; more rounds begin the chart again).

    Round ``r``'s partnerships are the circle method's: the last seat with seat ``r``,
    and seats ``r + k`` and ``r - k`` (over the others, modulo ``seats - 1``) for each
    ``k``. Its tables seat each partnership against the one whose players it has met
    least as opponents so far, so that across the chart each player meets the others
    as opponents about equally (twice each on average; at most five times, for 40
    seats and fewer)."""
    seats = seats_for(players)
    total = seats - 1 if rounds is None else rounds
    if total < 1:
        raise EuchreError("an event has at least one round")
    if seats == SEATS_A_TABLE:  # one table: the three ways to pair four people
        ways = [((3, 0), (1, 2)), ((3, 1), (2, 0)), ((3, 2), (0, 1))]
        return [Round((Table(*ways[r % 3]),)) for r in range(total)]
    turning = seats - 1
    met: dict[frozenset[int], int] = {}
    chart = []
    for r in range(total):
        base = r % turning
        pairs: list[Pairing] = [(seats - 1, base)]
        pairs += [((base + k) % turning, (base - k) % turning) for k in range(1, seats // 2)]
        chart.append(Round(_face_off(pairs, met)))
    return chart


def _face_off(pairs: list[Pairing], met: dict[frozenset[int], int]) -> tuple[Table, ...]:
    """The partnerships ``pairs`` two by two at tables, each time the two whose players
    have met least as opponents so far (``met``, which it counts on): the first
    partnership left takes the one it has met least, the earliest on a tie."""
    def times(a: Pairing, b: Pairing) -> int:
        return sum(met.get(frozenset((x, y)), 0) for x in a for y in b)

    left = list(pairs)
    tables = []
    while left:
        first = left.pop(0)
        other = min(left, key=lambda p: times(first, p))
        left.remove(other)
        for x in first:
            for y in other:
                key = frozenset((x, y))
                met[key] = met.get(key, 0) + 1
        tables.append(Table(first, other))
    return tuple(tables)


def winners_move_up(last: Round, winners: Sequence[int]) -> Round:
    """The next round of a progressive evening from ``last`` and the partnership that
    won at each of its tables (``winners[t]``: 0 for North-South, 1 for East-West).

    The winners at table ``t`` move to table ``t - 1`` (at the head table, 0, they
    stay); the losers stay (at the head table, they go to the foot table). At each
    table the two who stayed split up: the first stays North and partners the first
    who arrived, the second stays East and partners the second."""
    tables = last.tables
    if len(winners) != len(tables) or any(w not in (0, 1) for w in winners):
        raise EuchreError(f"say which partnership won at each of the {len(tables)} "
                          f"tables: 0 (North-South) or 1 (East-West)")
    count = len(tables)
    staying: list[Pairing] = []
    arriving: list[Pairing] = []
    for t, (table, won) in enumerate(zip(tables, winners, strict=True)):
        winner, loser = (table.ns, table.ew) if won == 0 else (table.ew, table.ns)
        if t == 0:
            staying.append(winner)  # the head table's winners stay
        else:
            staying.append(loser)
    for t in range(count):
        if t == count - 1:  # the foot table takes the head table's losers
            head = tables[0]
            arriving.append(head.ew if winners[0] == 0 else head.ns)
        else:
            below = tables[t + 1]
            arriving.append(below.ns if winners[t + 1] == 0 else below.ew)
    if count == 1:  # one table: the losers "arrive" where they were
        arriving = [tables[0].ew if winners[0] == 0 else tables[0].ns]
    return Round(tuple(Table((stay[0], come[0]), (stay[1], come[1]))
                       for stay, come in zip(staying, arriving, strict=True)))
