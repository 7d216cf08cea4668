"""Who sits where: seats, teams, partners, who sits out, who leads and who acts next.

One :class:`Seating` per number of players, owned by the rules
(:attr:`euchre.engine.rules.Rules.seating`), is the one place that knows the topology of the
table. :class:`~euchre.engine.game.Game`, the bots and the faces all ask it; nobody writes
``seat % 2`` or ``(seat + 2) % 4`` again.

Seats are numbered clockwise from 0 (South); play passes to the left, to the next seat
up. Four-handed, seats 0 and 2 play against seats 1 and 3; two-handed, seat 0 plays
against seat 1 and nobody has a partner.

>>> four = seating_for(4)
>>> four.team(3), four.partner(1), four.opponents(0)
(1, 3, (1, 3))
>>> four.sitting_out([2]), four.first_leader(dealer=0, maker=2, alone=[2])
((0,), 3)
>>> two = seating_for(2)
>>> two.partner(0) is None, two.team(1), two.left(1)
(True, 1, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from euchre.errors import RulesError

__all__ = ["SEATINGS", "Seating", "seating_for", "seating_of"]


@dataclass(frozen=True, slots=True)
class Seating:
    """The topology of a table of ``players`` seats split into ``teams``.

    ``teams[t]`` lists the seats of team ``t`` in seat order; a team of two seats is a
    partnership. Every question is answered from these two fields.
    """

    players: int
    teams: tuple[tuple[int, ...], ...]
    team_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The team of each seat (a tuple to index in hot loops)."""
    next_seat: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The seat after each seat, clockwise (:meth:`left` of every seat)."""
    partner_of: tuple[int | None, ...] = field(init=False, repr=False, compare=False)
    """The partner of each seat (``None``: none)."""
    next_tables: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """:meth:`next_table` of every mask of seats sitting out, indexed by the mask."""
    _opponents: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _alone_orders: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        seats = sorted(s for team in self.teams for s in team)
        if seats != list(range(self.players)):
            raise RulesError(f"the teams {self.teams} do not seat {self.players} players once each")
        team_of = [0] * self.players
        for t, team in enumerate(self.teams):
            for s in team:
                team_of[s] = t
        object.__setattr__(self, "team_of", tuple(team_of))
        partners: list[int | None] = []
        for seat in self.seats:
            mates = [s for s in self.teams[team_of[seat]] if s != seat]
            partners.append(mates[0] if len(mates) == 1 else None)
        object.__setattr__(self, "partner_of", tuple(partners))
        object.__setattr__(self, "_opponents", tuple(
            tuple(s for s in self.seats if team_of[s] != team_of[seat]) for seat in self.seats
        ))
        everyone = (1 << self.players) - 1
        object.__setattr__(self, "next_tables", tuple(
            tuple(seat if out == everyone else self.next_active(seat, out) for seat in self.seats)
            for out in range(1 << self.players)
        ))
        object.__setattr__(self, "next_seat", self.next_tables[0])
        object.__setattr__(self, "_alone_orders", tuple(
            self._alone_order(dealer, maker, bool(flags & 2), bool(flags & 1))
            for dealer in self.seats for maker in self.seats for flags in range(4)
        ))

    @property
    def seats(self) -> range:
        """Every seat, in order."""
        return range(self.players)

    @property
    def team_count(self) -> int:
        """How many teams (sides) score."""
        return len(self.teams)

    def team(self, seat: int) -> int:
        """The team a seat plays for.

        >>> seating_for(4).team(2), seating_for(2).team(1)
        (0, 1)
        """
        return self.team_of[seat]

    def seats_of(self, team: int) -> tuple[int, ...]:
        """The seats of a team."""
        return self.teams[team]

    def partner(self, seat: int) -> int | None:
        """A seat's partner, or ``None`` when it plays without one (two-handed)."""
        return self.partner_of[seat]

    def same_team(self, a: int, b: int) -> bool:
        """Whether two seats play on the same side (a seat is on its own side)."""
        return self.team_of[a] == self.team_of[b]

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The seats playing against ``seat``, in seat order."""
        return self._opponents[seat]

    def left(self, seat: int) -> int:
        """The next seat clockwise: the one that plays after ``seat``."""
        return (seat + 1) % self.players

    def right(self, seat: int) -> int:
        """The seat before ``seat`` in the order of play."""
        return (seat - 1) % self.players

    def order_after(self, seat: int) -> tuple[int, ...]:
        """Every seat in the order of play, starting left of ``seat`` and ending with it
        (the order of bidding when ``seat`` deals).

        >>> seating_for(4).order_after(2)
        (3, 0, 1, 2)
        """
        n = self.players
        return tuple((seat + i) % n for i in range(1, n + 1))

    def sitting_out(self, alone: Iterable[int]) -> tuple[int, ...]:
        """The seats that sit the deal out when ``alone`` go alone: their partners."""
        partner_of = self.partner_of
        out = {p for s in alone if (p := partner_of[s]) is not None}
        return tuple(sorted(out))

    def out_mask(self, alone: Iterable[int]) -> int:
        """:meth:`sitting_out` as a bit mask of seats."""
        mask = 0
        partner_of = self.partner_of
        for s in alone:
            p = partner_of[s]
            if p is not None:
                mask |= 1 << p
        return mask

    def next_active(self, seat: int, out: int = 0) -> int:
        """The next seat clockwise from ``seat`` that is not in the mask ``out``."""
        n = self.players
        seat = (seat + 1) % n
        while out >> seat & 1:
            seat = (seat + 1) % n
        return seat

    def next_table(self, out: int = 0) -> tuple[int, ...]:
        """:meth:`next_active` of every seat, for one mask of seats sitting out (the
        engine looks the next player up here on its hot path)."""
        return self.next_tables[out]

    def alone_order(
        self, dealer: int, maker: int, maker_partner: bool, defenders: bool
    ) -> tuple[int, ...]:
        """Who is asked whether to go alone, in order: the maker, then (when
        ``maker_partner``) the maker's partner, then (when ``defenders``) each defender
        from the dealer's left.

        >>> seating_for(4).alone_order(0, 2, maker_partner=True, defenders=True)
        (2, 0, 1, 3)
        """
        return self._alone_orders[(dealer * self.players + maker) << 2
                                  | maker_partner << 1 | defenders]

    def _alone_order(
        self, dealer: int, maker: int, maker_partner: bool, defenders: bool
    ) -> tuple[int, ...]:
        order = [maker]
        partner = self.partner_of[maker]
        if maker_partner and partner is not None:
            order.append(partner)
        if defenders:
            order.extend(s for s in self.order_after(dealer) if not self.same_team(s, maker))
        return tuple(order)

    def first_leader(
        self,
        dealer: int,
        maker: int,
        alone: Sequence[int],
        loner_lead: str = "left_of_loner",
    ) -> int:
        """The seat that leads the first trick.

        The player left of the dealer leads; with a loner and ``loner_lead`` of
        ``left_of_loner``, the player left of the loner; when both a maker and a
        defender go alone, the lone defender leads.

        >>> s = seating_for(4)
        >>> s.first_leader(0, 1, []), s.first_leader(0, 1, [1]), s.first_leader(0, 1, [1, 2])
        (1, 2, 2)
        """
        if not alone:
            return self.next_seat[dealer]
        after = self.next_tables[self.out_mask(alone)]
        if loner_lead == "left_of_dealer":
            return after[dealer]
        if len(alone) == 1:
            return after[alone[0]]
        defender = alone[0] if not self.same_team(alone[0], maker) else alone[1]
        return after[self.right(defender)]


def _partnerships(players: int) -> Seating:
    if players == 2:
        return Seating(2, ((0,), (1,)))
    return Seating(players, tuple(tuple(range(t, players, 2)) for t in range(2)))


SEATINGS: Final[dict[int, Seating]] = {n: _partnerships(n) for n in (2, 4)}
"""The seating of each number of players of partnership Euchre (and two-handed)."""

_SOLO: Final[dict[int, Seating]] = {
    n: SEATINGS[2] if n == 2 else Seating(n, tuple((s,) for s in range(n))) for n in range(2, 8)
}


def seating_of(players: int, partnerships: bool = True) -> Seating:
    """The seating of a form: two partnerships of 4 seats, or every seat for itself
    (two-handed, three-handed and Napoleon's 2 to 7 players).

    >>> seating_of(3).teams, seating_of(4, partnerships=False).partner(0) is None
    (((0,), (1,), (2,)), True)
    """
    if partnerships and players == 4:
        return SEATINGS[4]
    try:
        return _SOLO[players]
    except KeyError:
        raise RulesError(f"players: must be from 2 to 7, not {players}") from None


def seating_for(players: int) -> Seating:
    """The seating of a table of ``players`` (4: two partnerships; 2: two opponents)."""
    try:
        return SEATINGS[players]
    except KeyError:
        raise RulesError(f"players: must be 4 or 2, not {players}") from None
