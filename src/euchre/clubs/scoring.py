"""The scoring of club events: progressive rounds and their standings, and duplicate
matchpoints (the daily challenge's too).

**Progressive.** At each table of a round the two partnerships play a set number of
hands; each hand is entered as the points each side scored (:class:`HandScore`) and, for
a lone hand that scored, who played it. The partnership with more points wins the table
(a tie goes to the side that scored last, as if the round had gone one point further);
every player's own total is the points their partnership scored, round by round, so
partners change and totals stay one's own (:func:`standings`).

**Duplicate.** The same deal (a *board*) is played at several tables; a result is the
North-South partnership's points less East-West's. Each result scores 2 matchpoints for
every other result of the same board it beats and 1 for each it ties, as bridge clubs
and the card apps score (:func:`matchpoints`); East-West score the rest of the board's
top. A pair's percentage is its matchpoints over the most it could have had.

>>> cards = score_cards([RoundResult(0, 0, (0, 1), (2, 3),
...                                  [HandScore(2, 0), HandScore(0, 1), HandScore(4, 0, 0)])])
>>> [(p.player, p.total, p.won, p.loners) for p in standings(cards)]
[(0, 6, 1, 1), (1, 6, 1, 0), (2, 1, 0, 0), (3, 1, 0, 0)]
>>> matchpoints([Board("b1", "A", "B", 2, 0), Board("b1", "C", "D", 1, 0)])["A"]
Score(matchpoints=2.0, top=2.0, boards=1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from euchre.errors import EuchreError

__all__ = ["Board", "HandScore", "RoundResult", "Score", "ScoreCard", "Standing",
           "matchpoints", "ranked", "score_cards", "standings"]


class HandScore(NamedTuple):
    """One hand at a table: the points North-South and East-West scored, and the player
    who went alone and scored (``None``: no lone hand scored)."""

    ns: int
    ew: int
    alone: int | None = None


@dataclass(frozen=True)
class RoundResult:
    """The hands of one round at one table: ``round`` and ``table`` (from 0), the
    partnerships (North-South, East-West) and the hands in order."""

    round: int
    table: int
    ns: tuple[int, int]
    ew: tuple[int, int]
    hands: Sequence[HandScore]

    def __post_init__(self) -> None:
        players = {*self.ns, *self.ew}
        if len(players) != 4:
            raise EuchreError(f"round {self.round + 1}, table {self.table + 1}: four "
                              f"different players sit at a table")
        for number, hand in enumerate(self.hands, 1):
            if hand.ns < 0 or hand.ew < 0 or (hand.ns and hand.ew):
                raise EuchreError(f"round {self.round + 1}, table {self.table + 1}, hand "
                                  f"{number}: one side scores a hand, never both, and "
                                  f"never less than nothing")
            if hand.alone is not None and hand.alone not in (
                    self.ns if hand.ns else self.ew if hand.ew else ()):
                raise EuchreError(f"round {self.round + 1}, table {self.table + 1}, hand "
                                  f"{number}: the lone hand that scored was played by "
                                  f"a player of the side that scored")

    @property
    def totals(self) -> tuple[int, int]:
        """The round's points: North-South's and East-West's."""
        return (sum(h.ns for h in self.hands), sum(h.ew for h in self.hands))

    @property
    def winner(self) -> int:
        """Which partnership won the table: 0 (North-South) or 1 (East-West); on equal
        points, the side that scored last (North-South when nobody scored)."""
        ns, ew = self.totals
        if ns != ew:
            return 0 if ns > ew else 1
        for hand in reversed(self.hands):
            if hand.ns or hand.ew:
                return 0 if hand.ns else 1
        return 0


@dataclass
class ScoreCard:
    """One player's score card: a line a round (:class:`CardLine`)."""

    player: int
    lines: list[CardLine] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)


class CardLine(NamedTuple):
    """A round on a score card: the table, partner and opponents, the points the
    player's partnership scored and conceded, whether it won, and the player's lone
    hands that scored."""

    round: int
    table: int
    partner: int
    opponents: tuple[int, int]
    points: int
    against: int
    won: bool
    loners: int


class Standing(NamedTuple):
    """A player's line of the standings, ``rank`` from 1 (equal players share one)."""

    rank: int
    player: int
    total: int
    won: int
    loners: int


def score_cards(results: Iterable[RoundResult]) -> dict[int, ScoreCard]:
    """Every player's score card from the tables' results, by player."""
    cards: dict[int, ScoreCard] = {}
    for result in sorted(results, key=lambda r: (r.round, r.table)):
        totals = result.totals
        for side, pair in enumerate((result.ns, result.ew)):
            others = result.ew if side == 0 else result.ns
            for me, partner in (pair, pair[::-1]):
                loners = sum(1 for h in result.hands if h.alone == me)
                card = cards.setdefault(me, ScoreCard(me))
                if any(line.round == result.round for line in card.lines):
                    raise EuchreError(f"player {me} is entered twice in round "
                                      f"{result.round + 1}")
                card.lines.append(CardLine(result.round, result.table, partner, others,
                                           totals[side], totals[1 - side],
                                           result.winner == side, loners))
    return cards


def standings(cards: Mapping[int, ScoreCard]) -> list[Standing]:
    """The players in order: the most points, then the most tables won, then the most
    lone hands that scored; equal on all three share a rank."""
    lines = [(card.total, sum(line.won for line in card.lines),
              sum(line.loners for line in card.lines), player)
             for player, card in cards.items()]
    ordered = sorted(lines, key=lambda x: (-x[0], -x[1], -x[2], x[3]))
    return [Standing(rank, player, total, won, loners) for rank, (total, won, loners, player)
            in zip(ranked([x[:3] for x in ordered]), ordered, strict=True)]


def ranked(keys: Sequence[object]) -> list[int]:
    """Ranks from 1 for ``keys`` already in order, equal keys sharing the first one's.

    >>> ranked([5, 3, 3, 1])
    [1, 2, 2, 4]
    """
    ranks: list[int] = []
    for index, key in enumerate(keys):
        ranks.append(ranks[-1] if index and key == keys[index - 1] else index + 1)
    return ranks


class Board(NamedTuple):
    """A board played at one table of a duplicate event: the board's name, the
    North-South and East-West pairs (any names) and the points each side scored."""

    board: str
    ns: str
    ew: str
    ns_points: int
    ew_points: int


class Score(NamedTuple):
    """A pair's matchpoints, the most it could have had, and the boards it played."""

    matchpoints: float
    top: float
    boards: int

    @property
    def percent(self) -> float:
        """Its matchpoints as a share of its top, in percent (0 before any board)."""
        return 100.0 * self.matchpoints / self.top if self.top else 0.0


def matchpoints(results: Iterable[Board]) -> dict[str, Score]:
    """Every pair's matchpoints over ``results``: on each board, 2 for every other
    result it beats, 1 for each it ties, from its own direction's side (the results
    are North-South's points less East-West's). A board played once scores nothing
    and counts nothing. A daily challenge is this with every player North-South and the
    bots East-West."""
    by_board: dict[str, list[Board]] = {}
    for result in results:
        by_board.setdefault(result.board, []).append(result)
    scores: dict[str, list[float]] = {}
    for board, played in by_board.items():
        pairs = [r.ns for r in played] + [r.ew for r in played]
        if len(set(pairs)) != len(pairs):
            raise EuchreError(f"board {board}: a pair played it twice")
        top = 2.0 * (len(played) - 1)
        nets = [r.ns_points - r.ew_points for r in played]
        for index, result in enumerate(played):
            mine = nets[index]
            ns = sum(2.0 if mine > other else 1.0 if mine == other else 0.0
                     for j, other in enumerate(nets) if j != index)
            for pair, points in ((result.ns, ns), (result.ew, top - ns)):
                line = scores.setdefault(pair, [0.0, 0.0, 0.0])
                line[0] += points
                line[1] += top
                line[2] += 1.0 if top else 0.0
    return {pair: Score(mp, top, int(boards)) for pair, (mp, top, boards) in scores.items()}
