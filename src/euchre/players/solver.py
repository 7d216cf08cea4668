"""The double-dummy solver: exact trick counts when every hand is known.

A :class:`Position` is a fully known moment of the play: every seat's cards, trump, who
led the trick in progress, the cards already on it, the two *sides* and the tricks each
side has taken. Every deal of every form is a zero-sum game on tricks between two sides:
the makers and the defenders (four-handed Euchre and Hasenpfeffer: the partnerships;
two-handed: the two players; three-handed: the maker alone against the other two;
Napoleon: the bidder against everyone else, 2 to 7 seats).
:func:`solve` gives the tricks each side ends with when both play their best (each
maximises its own tricks); :func:`card_values` gives, for every legal card of the seat
to move, the tricks its side ends with if it plays that card and both sides play their
best afterwards.

It works at any point of the play, for 2 to 7 seats, a lone player with the partner
sitting out, hands of up to 6 cards, every deck (24 to 33 cards, and Napoleon's 52),
a trump suit or no trump (:data:`~euchre.engine.cards.NO_TRUMP`: the highest card of the led
suit wins; a Benny is then a suit of its own and the only trump), and both trump orders
of :data:`~euchre.engine.cards.TRUMP_ORDERS` (``"euchre"``: bowers and the Benny; ``"plain"``:
Napoleon's A K Q J 10 .. 2). Napoleon's first lead, where the suit of the card led makes
trump, is a position whose trump is ``None``.

>>> from euchre.engine.cards import parse_card
>>> hands = ["Jh Jd Ah Kh Ac", "Qh Th 9c Kc Qc", "Ad Kd Qd Td 9d", "9h As Ks Qs Ts"]
>>> position = Position.parse(hands, trump="h", leader=0)
>>> solve(position)      # both bowers and ace-king of trump draw trumps: all five tricks
(5, 0)
>>> values = card_values(position)
>>> values[parse_card("Jh")], values[parse_card("Ac")]    # the ace first is ruffed
(5, 4)

How it works: before a search the cards in play are relabelled so that each effective
suit is one run of bits in trick-strength order, trump highest; a seat's hand is then
``live & own[seat]``, so a node is a handful of int operations. The search is a
null-window alpha-beta ("can side 0 take at least ``t`` of the tricks left?"), called a
few times in a binary search over ``t``; it keeps a transposition table keyed by the
cards still held and the leader at every trick boundary (lower and upper bounds; up
to four seats the key is ``live << 2 | leader``; from five seats, where five to seven
cards go in each trick, it is the owners of the live cards of each suit in order of strength
and the leader, so that positions differing only in cards already played share an
entry), plays only one card of each run of equivalent cards (adjacent in strength once
played cards are left out), tries likely winners first, stops at once when the top
trumps held in one hand decide the target, and reads the last trick off directly. A
position whose trump is not fixed yet is one such search per suit the leader may lead,
the leader's side taking the best of them.

Cost grows with the seats and the tricks: a full four-handed deal takes about a
millisecond and the median Napoleon deal of 5 or 7 players a few, but the hardest
7-player deals (one bidder against six defenders, every defender's reply to be refuted)
take a second or more; ``benchmarks/solver_bench.py --forms`` measures each form.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Final

from euchre.engine.cards import (
    BENNY,
    NO_TRUMP,
    NUM_CARD_CODES,
    TRUMP_ORDERS,
    Card,
    card_name,
    card_suit,
    cards_of,
    deck_mask,
    mask_of,
    parse_cards,
    parse_suit,
)
from euchre.engine.seating import seating_for
from euchre.errors import EuchreError

if TYPE_CHECKING:
    from euchre.engine.game import Game
    from euchre.engine.rules import Rules

__all__ = [
    "Position",
    "PositionError",
    "bench_solver",
    "card_values",
    "random_position",
    "solve",
]

_ALL_CARDS: Final = (1 << NUM_CARD_CODES) - 1
_MIN_SEATS: Final = 2
_MAX_SEATS: Final = 7
_MAX_HAND: Final = 6
_NO_TRUMP_WORDS: Final = frozenset({"n", "nt", "no trump", "no-trump", "notrump", "none"})


class PositionError(EuchreError, ValueError):
    """A position that cannot arise in play (a card twice, hands of the wrong sizes)."""


def _default_sides(n: int) -> tuple[int, ...] | None:
    """The seating's two teams for 4 or 2 seats; other tables have no default."""
    return seating_for(n).team_of if n in (2, 4) else None


def _game_sides(rules: Rules, maker: int) -> tuple[int, ...]:
    """The sides :meth:`Position.from_game` gives a deal of ``rules`` whose maker (or
    bidder) is ``maker``: the seating's two teams where it has two (four-handed,
    Hasenpfeffer, two-handed, two-player Napoleon), so that ``won`` is the game's
    ``tricks_won``; else the maker alone is side 0 and everyone else side 1
    (three-handed, Napoleon).

    >>> from euchre.engine.rules import Rules
    >>> _game_sides(Rules(), 1), _game_sides(Rules.preset("three-handed"), 1)
    ((0, 1, 0, 1), (1, 0, 1))
    """
    seating = rules.seating
    if seating.team_count == 2:
        return seating.team_of
    makers = seating.teams[seating.team_of[maker]]
    return tuple(0 if s in makers else 1 for s in seating.seats)


@dataclass(frozen=True, slots=True)
class Position:
    """A fully known moment of the play of one deal.

    ``hands`` holds a card mask per seat (2 to 7 seats); ``trump`` is a suit 0..3,
    :data:`~euchre.engine.cards.NO_TRUMP` (4), or ``None`` at Napoleon's first lead, where the
    suit of the card led becomes trump (only with no card played yet: an empty trick
    and no trick won); ``leader`` led the trick in progress and ``trick`` holds the
    cards already played to it, in order from the leader; ``sides`` gives each seat's
    side, 0 or 1 (``None``: the seating's teams, for 4 or 2 seats only); ``won`` counts
    the tricks each side has taken; ``order`` is the trump order, a key of
    :data:`~euchre.engine.cards.TRUMP_ORDERS` (``"euchre"`` or ``"plain"``).
    ``sitting_out`` names the seats sitting out (partners of lone players: their hands
    are empty); ``None`` infers them from the empty hands, which is refused only in the
    rare ambiguous case (mid-way through the last trick with a lone player).

    >>> p = Position.parse(["Ah Kh", "9c Tc", "Qh Jc", "9s Ts"], trump="s", leader=1)
    >>> p.to_move, p.tricks_left, [card_name(c) for c in p.legal_cards()]
    (1, 2, ['9c', 'Tc'])
    >>> from euchre.engine.cards import parse_card
    >>> q = p.play(parse_card("Tc"))
    >>> q.to_move, card_name(q.trick[0])
    (2, 'Tc')

    Three-handed, the maker (seat 2) against the other two:

    >>> p = Position.parse(["Ah 9c", "Kh Ac", "Qh Kc"], "s", leader=0, sides=(1, 1, 0))
    >>> solve(p)    # the defenders' two aces take both tricks
    (0, 2)
    """

    hands: tuple[int, ...]
    trump: int | None
    leader: int
    trick: tuple[Card, ...] = ()
    won: tuple[int, int] = (0, 0)
    sitting_out: tuple[int, ...] | None = None
    sides: tuple[int, ...] | None = None
    order: str = "euchre"

    def __post_init__(self) -> None:
        hands = tuple(self.hands)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "trick", tuple(self.trick))
        object.__setattr__(self, "won", (self.won[0], self.won[1]))
        n = len(hands)
        if not _MIN_SEATS <= n <= _MAX_SEATS:
            raise PositionError(f"a position has 2 to 7 hands, not {n}")
        if self.order not in TRUMP_ORDERS:
            raise PositionError(f"unknown trump order {self.order!r}: it is one of "
                                f"{', '.join(TRUMP_ORDERS)}")
        if self.sides is None:
            sides = _default_sides(n)
            if sides is None:
                raise PositionError(f"a position with {n} hands needs sides (0 or 1 per "
                                    f"seat): only 4 hands or 2 have default sides")
        else:
            sides = tuple(self.sides)
            if len(sides) != n or any(s not in (0, 1) for s in sides):
                raise PositionError(f"sides gives 0 or 1 for each of the {n} seats, "
                                    f"not {sides}")
        object.__setattr__(self, "sides", sides)
        trump = self.trump
        if trump is None:
            if self.trick or self.won != (0, 0):
                raise PositionError("trump may be unfixed only at the first lead of the deal")
        elif isinstance(trump, bool) or not 0 <= trump <= NO_TRUMP:
            raise PositionError(f"trump must be a suit from 0 to 3 or {NO_TRUMP} (no trump), "
                                f"not {trump}")
        if not 0 <= self.leader < n:
            raise PositionError(f"the leader must be a seat from 0 to {n - 1}")
        if min(self.won) < 0:
            raise PositionError("tricks won can not be negative")
        seen = 0
        for seat, hand in enumerate(hands):
            if hand < 0 or hand & ~_ALL_CARDS:
                raise PositionError(f"seat {seat}'s mask {hand:#x} holds no known card")
            if seen & hand:
                raise PositionError(f"{_names(seen & hand)} held twice")
            if hand.bit_count() > _MAX_HAND:
                raise PositionError(f"seat {seat} holds {hand.bit_count()} cards: a hand "
                                    f"holds at most {_MAX_HAND}")
            seen |= hand
        for c in self.trick:
            if not 0 <= c < NUM_CARD_CODES:
                raise PositionError(f"the trick holds {c}, which is not a card")
            if seen >> c & 1:
                raise PositionError(f"{card_name(c)} is both played and held")
            seen |= 1 << c
        if trump is None and seen >> BENNY & 1:
            raise PositionError("the Benny has no suit to make trump with: fix trump")
        if self.sitting_out is None:
            object.__setattr__(self, "sitting_out", _infer_sitting_out(self))
        else:
            out = tuple(sorted(set(self.sitting_out)))
            object.__setattr__(self, "sitting_out", out)
            problem = _inconsistency(hands, self.leader, len(self.trick), out)
            if problem:
                raise PositionError(problem)

    # -- building ----------------------------------------------------------------------

    @classmethod
    def parse(
        cls,
        hands: Sequence[str],
        trump: str | int | None,
        leader: int = 0,
        trick: str = "",
        won: tuple[int, int] = (0, 0),
        sitting_out: tuple[int, ...] | None = None,
        sides: tuple[int, ...] | None = None,
        order: str = "euchre",
    ) -> Position:
        """A position from text: one string of cards per hand (``""`` for a seat that
        sits out), trump as a suit (``"h"``, ``"♥"``), ``"n"`` for no trump, ``None``
        for a trump the first card led will make, or its number.

        >>> Position.parse(["Jh", "9c", "", ""], "h", leader=3, trick="Ts").sitting_out
        (2,)
        >>> Position.parse(["Jh", "9c", "", ""], "h", leader=3, trick="Ts").to_move
        0
        >>> Position.parse(["2h", "Ah"], "n", order="plain").trump
        4
        """
        if isinstance(trump, str):
            word = trump.strip().lower()
            suit: int | None = NO_TRUMP if word in _NO_TRUMP_WORDS else parse_suit(trump)
        else:
            suit = trump
        masks = tuple(mask_of(parse_cards(hand)) for hand in hands)
        return cls(masks, suit, leader, tuple(parse_cards(trick)), won, sitting_out, sides,
                   order)

    @classmethod
    def from_game(cls, game: Game) -> Position:
        """The position of a game in phase ``play`` (every card must be known), of any
        form. The sides are the seating's two teams where it has two (four-handed,
        Hasenpfeffer, two-handed, two-player Napoleon: ``won`` is then the game's
        ``tricks_won``), else the maker alone is side 0 against everyone else
        (three-handed, Napoleon), ``won`` adding up each side's tricks; the trump order
        is the rules'; Napoleon's first lead in a trick bid has trump ``None``.

        >>> from euchre.engine.game import Game, Phase
        >>> game = Game(seed=3)
        >>> while game.phase is not Phase.PLAY:
        ...     _ = game.apply(game.legal_actions()[-1])
        >>> position = Position.from_game(game)
        >>> position.to_move == game.to_act, sum(solve(position))
        (True, 5)
        """
        from euchre.engine.game import Phase

        if game.phase is not Phase.PLAY:
            raise PositionError(f"a game in phase {game.phase.value} is not in the play")
        rules = game.rules
        n = rules.players
        out = game.sitting_out
        if any(game.unknown_count(seat) for seat in range(n)):
            raise PositionError("some cards are unknown: the solver needs every hand")
        maker = game.maker
        if maker is None:  # pragma: no cover - the play always has a maker
            raise PositionError("nobody made trump")
        sides = _game_sides(rules, maker)
        seating = rules.seating
        won = [0, 0]
        for team, tricks in enumerate(game.tricks_won):
            won[sides[seating.teams[team][0]]] += tricks
        hands = tuple(0 if seat in out else game.hand_mask(seat) for seat in range(n))
        played = game.current_trick
        leader = played[0][0] if played else game.to_act
        return cls(hands, game.trump, leader, tuple(c for _, c in played), (won[0], won[1]),
                   out, sides, rules.trump_order)

    # -- questions ---------------------------------------------------------------------

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats taking part, in playing order from the leader."""
        n = len(self.hands)
        out = self.sitting_out or ()
        return tuple(s for s in ((self.leader + i) % n for i in range(n)) if s not in out)

    @property
    def to_move(self) -> int:
        """The seat to play next (the leader once the deal is over)."""
        seats = self.seats
        return seats[len(self.trick) % len(seats)]

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the trick in progress included."""
        return self.hands[self.to_move].bit_count()

    @property
    def side_to_move(self) -> int:
        """The side (0 or 1) of the seat to move."""
        return self._sides[self.to_move]

    @property
    def _sides(self) -> tuple[int, ...]:
        sides = self.sides
        assert sides is not None  # filled in by __post_init__
        return sides

    def is_over(self) -> bool:
        """Whether every trick has been played."""
        return self.tricks_left == 0

    def legal_cards(self) -> list[Card]:
        """The cards the seat to move may play, in ascending order of their ints."""
        hand = self.hands[self.to_move]
        if self.trick:
            assert self.trump is not None  # a card on the trick fixed it
            tables = TRUMP_ORDERS[self.order]
            led = tables.effective[self.trump][self.trick[0]]
            follow = hand & tables.suit_masks[self.trump][led]
            if follow:
                return cards_of(follow)
        return cards_of(hand)

    def play(self, c: Card) -> Position:
        """The position after the seat to move plays ``c`` (a finished trick is taken
        by its winner, who leads the next; at an unfixed trump, ``c`` makes its suit
        trump).

        >>> from euchre.engine.cards import parse_card
        >>> p = Position.parse(["2h 3c", "Ac Kd"], None, order="plain").play(parse_card("2h"))
        >>> p.trump, card_name(p.trick[0])     # hearts is trump
        (2, '2h')
        """
        if c not in self.legal_cards():
            legal = " ".join(card_name(x) for x in self.legal_cards())
            name = card_name(c) if 0 <= c < NUM_CARD_CODES else str(c)
            raise PositionError(f"{name} is not legal now; seat {self.to_move} may play: {legal}")
        trump = card_suit(c) if self.trump is None else self.trump
        seat = self.to_move
        hands = list(self.hands)
        hands[seat] ^= 1 << c
        trick = (*self.trick, c)
        seats = self.seats
        if len(trick) < len(seats):
            return Position(tuple(hands), trump, self.leader, trick, self.won,
                            self.sitting_out, self.sides, self.order)
        tables = TRUMP_ORDERS[self.order]
        keys = tables.trick_key[trump][tables.effective[trump][trick[0]]]
        best = max(range(len(trick)), key=lambda i: keys[trick[i]])
        winner = seats[best]
        won = list(self.won)
        won[self._sides[winner]] += 1
        return Position(tuple(hands), trump, winner, (), (won[0], won[1]),
                        self.sitting_out, self.sides, self.order)

    def with_trump(self, trump: int) -> Position:
        """The same position with ``trump`` fixed (0..3 or no trump)."""
        return Position(self.hands, trump, self.leader, self.trick, self.won,
                        self.sitting_out, self.sides, self.order)


def _names(mask: int) -> str:
    return " ".join(card_name(c) for c in cards_of(mask))


def _inconsistency(hands: tuple[int, ...], leader: int, played: int,
                   out: tuple[int, ...]) -> str | None:
    """Why these hands can not stand with ``played`` cards on the trick and ``out``
    sitting out (``None`` when they can)."""
    n = len(hands)
    if any(not 0 <= s < n for s in out):
        return f"sitting_out names a seat that is not from 0 to {n - 1}"
    if leader in out:
        return f"the leader, seat {leader}, sits out"
    for s in out:
        if hands[s]:
            return f"seat {s} sits out but holds {_names(hands[s])}"
    seats = [s for s in ((leader + i) % n for i in range(n)) if s not in out]
    if len(seats) < 2:
        return "at least two seats must take part"
    if played >= len(seats):
        return f"the trick holds {played} cards but only {len(seats)} seats play to it"
    left = hands[seats[played]].bit_count()
    if not left and any(hands):
        return f"seat {seats[played]} is to play but holds no cards"
    for i, s in enumerate(seats):
        size = left - (i < played)
        if hands[s].bit_count() != size:
            if size < 0:
                return "the trick holds cards but nobody has a card left to play to it"
            return (f"seat {s} holds {hands[s].bit_count()} cards but should hold {size} "
                    f"(seat {seats[played]}, to play, holds {left})")
    return None


def _infer_sitting_out(position: Position) -> tuple[int, ...]:
    """The seats that sit out: those with empty hands, but mid-way through the last
    trick an empty hand may also be a seat that has played its last card."""
    hands = position.hands
    leader = position.leader
    played = len(position.trick)
    if not played and not any(hands):
        return ()  # the deal is over: it does not matter
    empty = tuple(s for s in range(len(hands)) if not hands[s] and s != leader)
    if not played:
        problem = _inconsistency(hands, leader, played, empty)
        if problem:
            raise PositionError(problem)
        return empty
    fits = [
        out
        for k in range(len(empty) + 1)
        for out in combinations(empty, k)
        if _inconsistency(hands, leader, played, out) is None
    ]
    if len(fits) == 1:
        return fits[0]
    if not fits:
        raise PositionError(
            _inconsistency(hands, leader, played, empty) or "the hands do not fit the trick"
        )
    raise PositionError("it is ambiguous which seats sit out: pass sitting_out")


# -- the search ----------------------------------------------------------------------------

@dataclass(slots=True)
class _Tables:
    """A position relabelled for search: cards become labels, each effective suit one
    run of bits in trick-strength order (trump the highest run), with a free bit
    between runs."""

    label: dict[Card, int]
    own: list[int]
    """Each seat's labels (held cards only)."""
    every: int
    """Every label: the held cards and the cards on the trick."""
    suit: list[int]
    """``suit[l]``: the labels of l's effective suit."""
    beats: list[int]
    """``beats[l]``: the labels that beat ``l`` when it is winning a trick."""
    above: list[int]
    """``above[l]``: the labels higher than ``l`` in its suit."""
    trumps: int
    nxt: list[int]
    """The next seat to play after each taking part."""
    players: int
    sides: tuple[int, ...]
    """Each seat's side: side 0 maximises its tricks, side 1 minimises them."""


def _tables(position: Position, trump: int) -> _Tables:
    cards = 0
    for hand in position.hands:
        cards |= hand
    cards |= mask_of(position.trick)
    order = TRUMP_ORDERS[position.order]
    effective = order.effective[trump]
    power = order.power[trump]
    label: dict[Card, int] = {}
    suit: list[int] = []
    beats: list[int] = []
    above: list[int] = []
    trumps = 0
    base = 0
    in_play = cards_of(cards)
    for s in (*(x for x in range(NO_TRUMP + 1) if x != trump), trump):
        members = sorted((c for c in in_play if effective[c] == s), key=power.__getitem__)
        if not members:
            continue
        run = ((1 << len(members)) - 1) << base
        for i, c in enumerate(members):
            label[c] = base + i
            higher = run & ~((2 << (base + i)) - 1)
            suit.append(run)
            above.append(higher)
            beats.append(higher)
        if s == trump:
            trumps = run
        base += len(members) + 1
        suit.append(0)
        above.append(0)
        beats.append(0)
    if trumps:
        for lab in range(len(beats)):
            if not trumps >> lab & 1 and suit[lab]:
                beats[lab] |= trumps
    own = []
    for hand in position.hands:
        mask = 0
        for c in cards_of(hand):
            mask |= 1 << label[c]
        own.append(mask)
    seats = position.seats
    nxt = [0] * len(position.hands)
    for i, s in enumerate(seats):
        nxt[s] = seats[(i + 1) % len(seats)]
    every = 0
    for lab in label.values():
        every |= 1 << lab
    return _Tables(label, own, every, suit, beats, above, trumps, nxt, len(seats),
                   position._sides)


def _representatives(cards: int, dead: int) -> int:
    """One card of each run of equivalent ``cards`` (labels with only ``dead`` ones
    between them): smear the cards up through the dead ones, and drop each card just
    above a held (or smeared) one."""
    reach = cards
    if dead:
        while True:
            more = reach | ((reach << 1) & dead)
            if more == reach:
                break
            reach = more
    return cards & ~(reach << 1)


class _Search:
    """The null-window search over one relabelled position, with its table.

    :meth:`trick` and :meth:`follow` ask whether side 0 can take at least ``t`` of the
    ``r`` tricks left; ``nodes`` counts the positions searched.
    """

    __slots__ = ("above", "beats", "every", "nodes", "nxt", "own", "owner", "players",
                 "relative", "runs", "side_of", "suit", "table", "trumps")

    def __init__(self, tables: _Tables) -> None:
        self.own = tables.own
        self.every = tables.every
        self.beats = tables.beats
        self.above = tables.above
        self.suit = tables.suit
        self.trumps = tables.trumps
        self.nxt = tables.nxt
        self.players = tables.players
        self.side_of = tables.sides  # side 0 maximises, side 1 minimises
        # the table's key: the live labels and the leader in two bits for up to four
        # seats; from five, the owners of the live cards of each suit in order of
        # strength (relative ranks: far fewer entries where many cards go each trick)
        self.relative = len(tables.own) > 4
        runs: list[int] = []
        if self.relative:
            for run in tables.suit:
                if run and run not in runs:
                    runs.append(run)
        self.runs = runs
        owner = [0] * (len(tables.beats) + 1)
        for seat, mask in enumerate(tables.own):
            for lab in cards_of(mask):
                owner[lab] = seat
        self.owner = owner
        self.table: dict[int, tuple[int, int]] = {}
        self.nodes = 0

    def trick(self, leader: int, live: int, r: int, t: int) -> bool:
        """With ``live`` the labels still held, ``r`` tricks left and ``leader`` to
        lead, can side 0 take at least ``t`` of them?"""
        if t <= 0:
            return True
        if t > r:
            return False
        own = self.own
        side_of = self.side_of
        if r == 1:
            # one card each: the last trick plays itself
            beats = self.beats
            nxt = self.nxt
            seat = leader
            best = (live & own[seat]).bit_length() - 1
            best_seat = seat
            for _ in range(self.players - 1):
                seat = nxt[seat]
                c = (live & own[seat]).bit_length() - 1
                if beats[best] >> c & 1:
                    best = c
                    best_seat = seat
            return not side_of[best_seat]
        live_trumps = live & self.trumps
        if live_trumps:
            # the top trumps in one hand each take a trick, whatever happens
            top = live_trumps.bit_length() - 1
            holder = self.owner[top]
            mine = live_trumps & own[holder]
            rest = live_trumps ^ mine
            sure = (mine >> rest.bit_length()).bit_count() if rest else mine.bit_count()
            if side_of[holder]:
                if t > r - sure:
                    return False
            elif t <= sure:
                return True
        if self.relative:
            # the owners of the live cards of each suit in order, then the leader:
            # cards gone from play between two live ones change nothing
            owner = self.owner
            key = 1
            for run in self.runs:
                x = live & run
                while x:
                    low = x & -x
                    key = key << 3 | owner[low.bit_length() - 1]
                    x ^= low
                key = key << 3 | 7
            key = key << 3 | leader
        else:
            key = live << 2 | leader
        table = self.table
        bounds = table.get(key)
        if bounds is not None:
            lo, hi = bounds
            if lo >= t:
                return True
            if hi < t:
                return False
        else:
            lo = 0
            hi = r
        self.nodes += 1
        dead = self.every & ~live
        hand = live & own[leader]
        reps = _representatives(hand, dead)
        # the cards tried, lowest label first: the top live card of a suit before low ones
        # (the bits of ``first``, then of ``rest``, taken off one by one: no list is made)
        first = reps
        if reps & (reps - 1):
            above = self.above
            tops = x = reps
            while x:
                low = x & -x
                x ^= low
                if live & above[low.bit_length() - 1]:
                    tops ^= low
            if tops:
                first = tops
        rest = reps ^ first
        maximise = not side_of[leader]
        second = self.nxt[leader]
        suit = self.suit
        result = not maximise
        while first:
            low = first & -first
            c = low.bit_length() - 1
            if self.follow(second, 2, suit[c], c, leader, live ^ low, dead, r, t) == maximise:
                result = maximise
                break
            first ^= low
            if not first:
                first, rest = rest, 0
        table[key] = (t, hi) if result else (lo, t - 1)
        return result

    def follow(self, seat: int, k: int, led: int, best: int, best_seat: int, live: int,
               dead: int, r: int, t: int) -> bool:
        """:meth:`trick`'s question with ``seat`` the ``k``-th to play (from 1) to a
        trick led in the suit of labels ``led`` now won by label ``best`` of
        ``best_seat``; ``dead`` is the labels gone in earlier tricks."""
        self.nodes += 1
        hand = live & self.own[seat]
        legal = hand & led
        if not legal:
            legal = hand
        reps = _representatives(legal, dead)
        side_of = self.side_of
        side = side_of[seat]
        maximise = not side
        beat = self.beats[best]
        # the cards tried, lowest label first (as in :meth:`trick`, bit by bit)
        first = reps
        if side_of[best_seat] != side and reps & beat:
            first = reps & beat  # the other side is winning: cheapest winner first
        rest = reps ^ first
        if k == self.players:
            r -= 1
            while first:
                low = first & -first
                if beat & low:
                    result = self.trick(seat, live ^ low, r, t - 1 + side)
                else:
                    result = self.trick(best_seat, live ^ low, r, t - 1 + side_of[best_seat])
                if result == maximise:
                    return result
                first ^= low
                if not first:
                    first, rest = rest, 0
            return not maximise
        after = self.nxt[seat]
        k += 1
        while first:
            low = first & -first
            if beat & low:
                result = self.follow(after, k, led, low.bit_length() - 1, seat, live ^ low,
                                     dead, r, t)
            else:
                result = self.follow(after, k, led, best, best_seat, live ^ low, dead, r, t)
            if result == maximise:
                return result
            first ^= low
            if not first:
                first, rest = rest, 0
        return not maximise


def _most(probe: Callable[[int], bool], r: int) -> int:
    """The largest ``t`` in ``0..r`` for which ``probe(t)`` holds (it holds for 0)."""
    lo, hi = 0, r
    while lo < hi:
        mid = (lo + hi + 1) >> 1
        if probe(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _prepare(position: Position, trump: int) -> tuple[_Tables, _Search, int]:
    """The tables and a search for a position under ``trump``, and the labels still
    held."""
    tables = _tables(position, trump)
    live = 0
    for mask in tables.own:
        live |= mask
    return tables, _Search(tables), live


def _on_trick(tables: _Tables, position: Position) -> tuple[int, int, int]:
    """The trick in progress (not empty): the labels of its led suit, the winning label
    so far and the seat that played it."""
    seats = position.seats
    labels = [tables.label[c] for c in position.trick]
    best = labels[0]
    best_seat = seats[0]
    for i in range(1, len(labels)):
        if tables.beats[best] >> labels[i] & 1:
            best = labels[i]
            best_seat = seats[i]
    return tables.suit[labels[0]], best, best_seat


def _suits_led(position: Position) -> dict[int, list[Card]]:
    """At an unfixed trump: the leader's cards by the trump suit each would make."""
    by_suit: dict[int, list[Card]] = {}
    for c in cards_of(position.hands[position.leader]):
        by_suit.setdefault(card_suit(c), []).append(c)
    return by_suit


def _solve_counted(position: Position) -> tuple[tuple[int, int], int]:
    """:func:`solve`, and the nodes searched."""
    r = position.tricks_left
    won = position.won
    if r == 0:
        return won, 0
    if position.trump is None:
        return _solve_unfixed(position, r)
    tables, search, live = _prepare(position, position.trump)
    if position.trick:
        led, best, best_seat = _on_trick(tables, position)
        probe = _follow_probe(search, position.to_move, len(position.trick) + 1, led, best,
                              best_seat, live, r)
    else:
        probe = _trick_probe(search, position.leader, live, r, 0)
    mine = _most(probe, r)
    return (won[0] + mine, won[1] + r - mine), search.nodes


def _solve_unfixed(position: Position, r: int) -> tuple[tuple[int, int], int]:
    """:func:`solve` at an unfixed trump: a search per suit the leader may lead (that
    suit trump), the leader's side choosing the best."""
    leader = position.leader
    probes: list[Callable[[int], bool]] = []
    searches: list[_Search] = []
    for trump, cards in _suits_led(position).items():
        tables, search, live = _prepare(position, trump)
        searches.append(search)
        probes.append(_lead_probe(search, tables, leader, cards, live, r))
    if position._sides[leader]:
        def probe(t: int) -> bool:
            return all(p(t) for p in probes)
    else:
        def probe(t: int) -> bool:
            return any(p(t) for p in probes)
    mine = _most(probe, r)
    won = position.won
    return (won[0] + mine, won[1] + r - mine), sum(s.nodes for s in searches)


def solve(position: Position) -> tuple[int, int]:
    """The tricks each side (0, then 1) ends the deal with when both play their best.

    >>> p = Position.parse(["Ah 9c", "Kh Ac", "Qh Kc", "9d Td"], trump="s", leader=0,
    ...                    won=(2, 1))
    >>> solve(p)    # seat 0 cashes the ace of hearts; seat 1 then takes the club
    (3, 2)

    Napoleon's first lead, trump not fixed yet: leading a heart makes hearts trump.

    >>> p = Position.parse(["Ah Kh 2c", "As 3c 4c", "Ks 5c 6c"], None, sides=(0, 1, 1),
    ...                    order="plain")
    >>> solve(p)
    (2, 1)
    """
    return _solve_counted(position)[0]


def card_values(position: Position) -> dict[Card, int]:
    """For each legal card of the seat to move: the tricks its side ends the deal with
    if it plays that card, and both sides play their best afterwards. At an unfixed
    trump each card is valued with the trump its suit makes.

    Cards that are equivalent (adjacent in strength in one suit of one hand) are
    searched once. The searches share one transposition table (one per trump).

    >>> p = Position.parse(["Js Ac", "Qc Tc", "9h Th", "Kc"], trump="s", leader=3,
    ...                    trick="Ah")
    >>> {card_name(c): v for c, v in card_values(p).items()}   # ruff, then cash the ace
    {'Ac': 1, 'Js': 2}
    >>> p = Position.parse(["Ah Kh 2c", "As 3c 4c", "Ks 5c 6c"], None, sides=(0, 1, 1),
    ...                    order="plain")
    >>> {card_name(c): v for c, v in card_values(p).items()}   # hearts or clubs trump
    {'Kh': 2, 'Ah': 2, '2c': 0}
    """
    if position.tricks_left == 0:
        return {}
    legal = position.legal_cards()
    if position.trump is not None:
        values = _values(position, position.trump, legal)
    else:
        values = {}
        for trump, cards in _suits_led(position).items():
            values.update(_values(position, trump, cards))
    return {c: values[c] for c in legal}


def _values(position: Position, trump: int, legal: list[Card]) -> dict[Card, int]:
    """:func:`card_values` of the cards ``legal`` (all legal) under ``trump``."""
    r = position.tricks_left
    seat = position.to_move
    side_of = position._sides
    side = side_of[seat]
    tables, search, live = _prepare(position, trump)
    label = tables.label
    seats = position.seats
    played = len(position.trick)
    if played:
        led, best, best_seat = _on_trick(tables, position)
    values: dict[Card, int] = {}
    previous = -2
    value = 0
    for c in sorted(legal, key=label.__getitem__):
        lab = label[c]
        if lab == previous + 1:
            # the next card of a run of equivalent cards: the same value
            values[c] = value
            previous = lab
            continue
        previous = lab
        rest = live ^ (1 << lab)
        if not played:
            probe = _follow_probe(search, seats[1], 2, tables.suit[lab], lab, seat, rest, r)
        else:
            if tables.beats[best] >> lab & 1:
                now, now_seat = lab, seat
            else:
                now, now_seat = best, best_seat
            if played + 1 == len(seats):
                probe = _trick_probe(search, now_seat, rest, r - 1, 1 - side_of[now_seat])
            else:
                probe = _follow_probe(search, seats[played + 1], played + 2, led, now, now_seat,
                                      rest, r)
        mine = _most(probe, r)
        value = position.won[side] + (mine if side == 0 else r - mine)
        values[c] = value
    return values


def _trick_probe(search: _Search, leader: int, live: int, r: int,
                 taken: int) -> Callable[[int], bool]:
    """Can side 0 take ``t`` tricks from here, ``taken`` of them already in hand and
    ``r`` still to play with ``leader`` to lead?"""
    trick = search.trick
    return lambda t: trick(leader, live, r, t - taken)


def _follow_probe(search: _Search, seat: int, k: int, led: int, best: int, best_seat: int,
                  live: int, r: int) -> Callable[[int], bool]:
    """Can side 0 take ``t`` of the ``r`` tricks left, ``seat`` the ``k``-th to play to
    the trick in progress?"""
    follow = search.follow
    return lambda t: follow(seat, k, led, best, best_seat, live, 0, r, t)


def _lead_probe(search: _Search, tables: _Tables, leader: int, cards: list[Card],
                live: int, r: int) -> Callable[[int], bool]:
    """Can side 0 take ``t`` of the ``r`` tricks left when ``leader`` leads one of
    ``cards`` (the leader's side choosing which)?"""
    follow = search.follow
    suit = tables.suit
    second = tables.nxt[leader]
    maximise = not tables.sides[leader]
    labels: list[int] = []
    for lab in sorted(tables.label[c] for c in cards):
        if not labels or lab != labels[-1] + 1 or not suit[lab] >> labels[-1] & 1:
            labels.append(lab)  # one card of each run of touching cards
        else:
            labels[-1] = lab

    def probe(t: int) -> bool:
        for lab in labels:
            if follow(second, 2, suit[lab], lab, leader, live ^ (1 << lab), 0, r, t) == maximise:
                return maximise
        return not maximise

    return probe


# -- measurement ---------------------------------------------------------------------------


def random_position(
    rng: random.Random,
    players: int = 4,
    deck: int = 24,
    *,
    hand_size: int = 5,
    order: str = "euchre",
    trumps: Sequence[int | None] = (0, 1, 2, 3),
    sides: tuple[int, ...] | None = None,
) -> Position:
    """A random deal at the start of the play: random hands of ``hand_size`` cards from
    a deck of ``deck`` (:data:`~euchre.engine.cards.DECKS`), a trump drawn from ``trumps`` (a
    suit, :data:`~euchre.engine.cards.NO_TRUMP`, or ``None`` for Napoleon's first lead) and a
    random leader. ``sides`` ``None``: the seating's teams for 4 or 2 players, else one
    random seat (the maker) against the rest.

    >>> sum(solve(random_position(random.Random(1))))
    5
    >>> p = random_position(random.Random(2), 7, 52, order="plain", trumps=[None])
    >>> sum(solve(p)), p.sides.count(0)
    (5, 1)
    """
    cards = cards_of(deck_mask(deck))
    if players * hand_size > len(cards):
        raise PositionError(f"{players} hands of {hand_size} cards need more than "
                            f"{len(cards)} cards")
    rng.shuffle(cards)
    hands = tuple(mask_of(cards[hand_size * s:hand_size * s + hand_size])
                  for s in range(players))
    if sides is None and players not in (2, 4):
        maker = rng.randrange(players)
        sides = tuple(0 if s == maker else 1 for s in range(players))
    trump = rng.choice(list(trumps))
    if trump is None and any(hand >> BENNY & 1 for hand in hands):
        trump = rng.randrange(4)  # the Benny makes no trump: fix one
    return Position(hands, trump, rng.randrange(players), sides=sides, order=order)


def bench_solver(n: int = 1000, seed: int = 0, repeat: int = 3) -> dict[str, object]:
    """Time full five-trick solves of ``n`` random four-handed 24-card deals.

    Each of ``repeat`` runs solves the same deals; the figures are the median and 95th
    percentile milliseconds per solve (medians over the runs) and the search nodes (cards
    tried) per solve.

    >>> result = bench_solver(n=20, repeat=1)
    >>> result["median_ms"] > 0 and result["nodes_mean"] > 0
    True
    """
    rng = random.Random(seed)
    positions = [random_position(rng) for _ in range(n)]
    return _bench(positions, seed, repeat)


def _bench(positions: list[Position], seed: int, repeat: int) -> dict[str, object]:
    """:func:`bench_solver` over the given positions."""
    n = len(positions)
    for p in positions[: min(n, 50)]:  # warm the caches
        solve(p)
    medians: list[float] = []
    p95s: list[float] = []
    nodes: list[int] = []
    clock = time.perf_counter
    for _ in range(repeat):
        times = []
        nodes = []
        for p in positions:
            start = clock()
            _, count = _solve_counted(p)
            times.append(clock() - start)
            nodes.append(count)
        times.sort()
        medians.append(statistics.median(times) * 1e3)
        p95s.append(times[min(len(times) - 1, int(0.95 * len(times)))] * 1e3)
    return {
        "median_ms": round(statistics.median(medians), 4),
        "p95_ms": round(statistics.median(p95s), 4),
        "median_ms_runs": [round(m, 4) for m in medians],
        "nodes_mean": round(statistics.fmean(nodes), 1),
        "nodes_median": statistics.median(nodes),
        "deals": n,
        "repeat": repeat,
        "seed": seed,
    }
