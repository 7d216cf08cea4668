"""A club's event as the web room keeps it: its plan, and the log of what was entered.

An event is a :class:`Plan` (who plays, how many rounds and hands, the rotation, the
rules) and a log of entries, oldest first, that is only ever added to. What the event
stands at (:class:`EventState`: the seating of every round, the hands of each table,
the standings) is worked out from the two, so every change a director makes is kept:
a fix is an entry of its own that names the entry it corrects.

The entries (:func:`check_entry` checks each before it is kept):

- ``{"type": "hand", "round": r, "table": t, "ns": 2, "ew": 0, "alone": null}``: a
  hand entered at a table (rounds and tables count from 0; ``alone``: the player, by
  index, whose lone hand scored);
- ``{"type": "fix", "of": n, "ns": .., "ew": .., "alone": ..}``: entry ``n`` (a hand)
  corrected; ``{"type": "strike", "of": n}``: entry ``n`` struck out;
- ``{"type": "online", "round": r, "table": t, "table_id": id}``: the table plays that
  round online, as web table ``id`` (its hands come from its record);
- ``{"type": "seat", "round": r, "tables": [[n, e, s, w], ...]}``: the seating of a
  round of winners-move-up, fixed when the round before it ended (a later fix changes
  scores, never who sat where).

**Progressive** events use :mod:`euchre.clubs.rotation` (the fixed chart, or winners
move up) and :mod:`euchre.clubs.scoring`. **Duplicate** events seat fixed pairs, every
table plays the same boards (the deals of the event's seed) online, and pairs score
matchpoints (:func:`~euchre.clubs.scoring.matchpoints`).

>>> plan = Plan.parse({"title": "Club night", "players": ["Ada", "Bea", "Cy", "Di"],
...                    "rounds": 3, "hands": 2})
>>> state = EventState(plan, [{"type": "hand", "round": 0, "table": 0, "ns": 2, "ew": 0,
...                            "alone": None}])
>>> state.table_hands(0, 0), state.complete(0)
([HandScore(ns=2, ew=0, alone=None)], False)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from euchre.clubs.rotation import Round, Table, fixed_chart, seats_for, winners_move_up
from euchre.clubs.scoring import (
    Board,
    HandScore,
    RoundResult,
    Score,
    Standing,
    matchpoints,
    ranked,
    score_cards,
    standings,
)
from euchre.engine.rules import PRESETS
from euchre.errors import EuchreError

__all__ = ["KINDS", "MAX_HAND_POINTS", "MAX_PLAYERS", "ROTATIONS", "EventState", "Plan",
           "check_entry", "hands_of"]

KINDS: Final = ("progressive", "duplicate")
ROTATIONS: Final = ("chart", "winners")
"""``chart``: everyone partners everyone once (:func:`~euchre.clubs.rotation.fixed_chart`);
``winners``: winners move up and partners change
(:func:`~euchre.clubs.rotation.winners_move_up`)."""
MAX_PLAYERS: Final = 80
MAX_HANDS: Final = 32
MAX_HAND_POINTS: Final = 24
"""The most points one side scores in a hand (a loner of house rules, with room)."""
TITLE_LIMIT: Final = 80


@dataclass(frozen=True)
class Plan:
    """What a director sets up: the kind, title and players (bots fill the seats up to
    a multiple of four), the rounds and the hands a round (a duplicate event's boards),
    the rotation, the rules' preset and the seed of the seating and the boards."""

    kind: str
    title: str
    players: tuple[str, ...]
    rounds: int
    hands: int
    rotation: str
    preset: str
    seed: int

    @classmethod
    def parse(cls, data: object) -> Plan:
        """A plan from a request's JSON, every field checked (:class:`EuchreError`
        naming the field)."""
        if not isinstance(data, Mapping):
            raise EuchreError("an event is a JSON object")
        known = {"kind", "title", "players", "rounds", "hands", "rotation", "preset", "seed"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise EuchreError(f"unknown field {unknown[0]!r}: the fields are "
                              f"{', '.join(sorted(known))}")
        kind = data.get("kind", "progressive")
        if not isinstance(kind, str) or kind not in KINDS:
            raise EuchreError(f"kind: {' or '.join(KINDS)}")
        title = data.get("title", "Club night")
        if not isinstance(title, str) or not 1 <= len(title.strip()) <= TITLE_LIMIT or any(
                not c.isprintable() for c in title):
            raise EuchreError(f"title: one line of 1 to {TITLE_LIMIT} characters")
        players = data.get("players")
        if not isinstance(players, list) or not 4 <= len(players) <= MAX_PLAYERS:
            raise EuchreError(f"players: a list of 4 to {MAX_PLAYERS} names")
        names = []
        for name in players:
            if not isinstance(name, str) or not 1 <= len(name.strip()) <= 20 or any(
                    not c.isprintable() for c in name):
                raise EuchreError("players: each name is one line of 1 to 20 characters")
            names.append(" ".join(name.split()))
        if len({n.casefold() for n in names}) != len(names):
            raise EuchreError("players: every name is different")
        seats = seats_for(len(names))
        if kind == "duplicate":
            rounds = 1
            rotation = "chart"
            if seats < 8:
                raise EuchreError("players: a duplicate event needs two tables (5 players "
                                  "or more; bots fill the seats)")
        else:
            rotation = data.get("rotation", "chart")
            if not isinstance(rotation, str) or rotation not in ROTATIONS:
                raise EuchreError(f"rotation: {' or '.join(ROTATIONS)}")
            most = seats - 1 if rotation == "chart" else 40
            rounds = data.get("rounds", most)
            if isinstance(rounds, bool) or not isinstance(rounds, int) or not (
                    1 <= rounds <= most):
                raise EuchreError(f"rounds: 1 to {most} (a fixed chart of {seats} seats "
                                  f"has {seats - 1} rounds)" if rotation == "chart"
                                  else f"rounds: 1 to {most}")
        hands = data.get("hands", 8)
        if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= MAX_HANDS:
            raise EuchreError(f"hands: 1 to {MAX_HANDS} (a duplicate event's boards)")
        preset = data.get("preset", "standard")
        if not isinstance(preset, str) or preset not in PRESETS or PRESETS[preset].players != 4 or (
                PRESETS[preset].seating.team_count != 2):
            four = [p for p, r in PRESETS.items()
                    if r.players == 4 and r.seating.team_count == 2]
            raise EuchreError(f"preset: a four-handed game of partners: {', '.join(four)}")
        seed = data.get("seed", random.randrange(2**31))
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise EuchreError("seed: a whole number from 0")
        return cls(kind, " ".join(title.split()), tuple(names), rounds, hands, rotation,
                   preset, seed)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "title": self.title, "players": list(self.players),
                "rounds": self.rounds, "hands": self.hands, "rotation": self.rotation,
                "preset": self.preset, "seed": self.seed}

    @property
    def seats(self) -> int:
        """The seats of every round: the players and the bots that fill them."""
        return seats_for(len(self.players))

    @property
    def tables(self) -> int:
        return self.seats // 4

    def name(self, player: int) -> str:
        """A player's name by index; the seats past the players are ``bot 1`` on."""
        if player < len(self.players):
            return self.players[player]
        return f"bot {player - len(self.players) + 1}"

    def is_bot(self, player: int) -> bool:
        return player >= len(self.players)

    def first_round(self) -> Round:
        """The first round: the fixed chart's, or (winners move up) a draw for seats
        from the seed, as a club draws cards for them."""
        if self.kind == "duplicate":
            return Round(tuple(Table((4 * t, 4 * t + 1), (4 * t + 2, 4 * t + 3))
                               for t in range(self.tables)))
        if self.rotation == "chart":
            return fixed_chart(self.seats, self.rounds)[0]
        order = list(range(self.seats))
        random.Random(self.seed).shuffle(order)
        return Round(tuple(Table((order[4 * t], order[4 * t + 2]),
                                 (order[4 * t + 1], order[4 * t + 3]))
                           for t in range(self.tables)))


def _count(value: object, what: str, below: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < below:
        raise EuchreError(f"{what}: 0 to {below - 1}")
    return value


def check_entry(plan: Plan, entry: object) -> dict[str, Any]:
    """``entry`` (a hand, a fix or a strike) if its fields are good, as it will be kept;
    else :class:`EuchreError` that says why. Whether it fits the event as it stands
    is :meth:`EventState.admit`'s to say."""
    if not isinstance(entry, Mapping):
        raise EuchreError("an entry is a JSON object")
    kind = entry.get("type")
    fields = {"hand": {"type", "round", "table", "ns", "ew", "alone", "id"},
              "fix": {"type", "of", "ns", "ew", "alone"},
              "strike": {"type", "of"}}
    if not isinstance(kind, str) or kind not in fields:
        raise EuchreError("type: hand, fix or strike")
    unknown = sorted(set(entry) - fields[kind])
    if unknown:
        raise EuchreError(f"unknown field {unknown[0]!r}")
    kept: dict[str, Any] = {"type": kind}
    if kind == "hand":
        kept["round"] = _count(entry.get("round"), "round", plan.rounds)
        kept["table"] = _count(entry.get("table"), "table", plan.tables)
        ident = entry.get("id")
        if ident is not None and (not isinstance(ident, str) or len(ident) > 64):
            raise EuchreError("id: up to 64 characters")
        if ident is not None:
            kept["id"] = ident
    else:
        kept["of"] = _count(entry.get("of"), "of", 1 << 31)
    if kind != "strike":
        kept["ns"] = _count(entry.get("ns", 0), "ns", MAX_HAND_POINTS + 1)
        kept["ew"] = _count(entry.get("ew", 0), "ew", MAX_HAND_POINTS + 1)
        alone = entry.get("alone")
        kept["alone"] = None if alone is None else _count(alone, "alone", plan.seats)
        if kept["ns"] and kept["ew"]:
            raise EuchreError("one side scores a hand, never both")
    return kept


def hands_of(results: Sequence[Any], players: Sequence[int]) -> list[HandScore]:
    """A finished online table's hands from its game's deal results (seats North, East,
    South, West holding ``players``): the points each side scored, and the lone player
    who scored."""
    hands = []
    for result in results:
        gains = (*result.gains, 0, 0)
        ns, ew = max(gains[0], 0), max(gains[1], 0)
        alone = None
        if result.alone and result.team is not None and (ns or ew):
            loner = result.alone[0]
            if loner % 2 == result.team:
                alone = players[loner]
        hands.append(HandScore(ns, ew, alone))
    return hands


@dataclass
class EventState:
    """Where an event stands: its plan, its log (entry ``n`` is ``log[n - 1]``), and
    the hands of the tables that played online (by web table id: :func:`hands_of`),
    as far as they are finished."""

    plan: Plan
    log: list[dict[str, Any]]
    online_hands: Mapping[str, list[HandScore]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        plan = self.plan
        self.hands: dict[tuple[int, int], list[int]] = {}
        """The entries (numbers) of each table's live hands, in order."""
        self.values: dict[int, HandScore] = {}
        self.online: dict[tuple[int, int], str] = {}
        self.rounds: list[Round] = ([*fixed_chart(plan.seats, plan.rounds)]
                                    if plan.kind == "progressive" and plan.rotation == "chart"
                                    else [plan.first_round()])
        self.ids: set[str] = set()
        for n, entry in enumerate(self.log, 1):
            kind = entry.get("type")
            if kind == "hand":
                self.hands.setdefault((entry["round"], entry["table"]), []).append(n)
                self.values[n] = HandScore(entry["ns"], entry["ew"], entry["alone"])
                if "id" in entry:
                    self.ids.add(entry["id"])
            elif kind == "fix" and entry["of"] in self.values:
                self.values[entry["of"]] = HandScore(entry["ns"], entry["ew"], entry["alone"])
            elif kind == "strike" and entry["of"] in self.values:
                del self.values[entry["of"]]
                for numbers in self.hands.values():
                    if entry["of"] in numbers:
                        numbers.remove(entry["of"])
            elif kind == "online":
                self.online.setdefault((entry["round"], entry["table"]), entry["table_id"])
            elif kind == "seat" and entry["round"] == len(self.rounds):
                self.rounds.append(Round(tuple(Table((n_, s), (e, w))
                                               for n_, e, s, w in entry["tables"])))

    # -- what stands ----------------------------------------------------------------------

    def table_hands(self, round: int, table: int) -> list[HandScore]:
        """The hands of a table in a round: entered (as fixed), or its online game's."""
        online = self.online.get((round, table))
        if online is not None:
            return list(self.online_hands.get(online, []))
        return [self.values[n] for n in self.hands.get((round, table), [])]

    def table_done(self, round: int, table: int) -> bool:
        return len(self.table_hands(round, table)) >= self.plan.hands

    def complete(self, round: int) -> bool:
        """Whether every table of ``round`` has played its hands."""
        return round < len(self.rounds) and all(
            self.table_done(round, t) for t in range(self.plan.tables))

    @property
    def current(self) -> int:
        """The first round not complete (the number of rounds when all are)."""
        for r in range(self.plan.rounds):
            if not self.complete(r):
                return r
        return self.plan.rounds

    def results(self) -> list[RoundResult]:
        """Every table of every seated round that has hands, as scored."""
        found = []
        for r, seating in enumerate(self.rounds):
            for t, table in enumerate(seating.tables):
                hands = self.table_hands(r, t)[:self.plan.hands]
                if hands:
                    found.append(RoundResult(r, t, table.ns, table.ew, hands))
        return found

    def next_seating(self) -> dict[str, Any] | None:
        """The ``seat`` entry of the next round of winners-move-up, due once the last
        seated round is complete (``None``: nothing due)."""
        plan = self.plan
        last = len(self.rounds) - 1
        if (plan.kind != "progressive" or plan.rotation != "winners"
                or last + 1 >= plan.rounds or not self.complete(last)):
            return None
        winners = [RoundResult(last, t, table.ns, table.ew,
                               self.table_hands(last, t)[:plan.hands]).winner
                   for t, table in enumerate(self.rounds[last].tables)]
        seating = winners_move_up(self.rounds[last], winners)
        return {"type": "seat", "round": last + 1,
                "tables": [list(table.players) for table in seating.tables]}

    def admit(self, entry: dict[str, Any]) -> None:
        """Refuse (:class:`EuchreError`) an entry that does not fit the event now: a
        hand for a round not seated, a table online or full; a fix or strike of what is
        not a live hand; a lone hand by a player not at the table's scoring side."""
        plan = self.plan
        if entry["type"] == "hand":
            r, t = entry["round"], entry["table"]
            if r >= len(self.rounds):
                raise EuchreError(f"round {r + 1} is not seated yet: the tables of round "
                                  f"{len(self.rounds)} are still playing")
            if (r, t) in self.online:
                raise EuchreError(f"round {r + 1}, table {t + 1} plays online: its hands "
                                  f"come from its game")
            if len(self.table_hands(r, t)) >= plan.hands:
                raise EuchreError(f"round {r + 1}, table {t + 1} has its {plan.hands} "
                                  f"hands: the director fixes a wrong one")
            table = self.rounds[r].tables[t]
        else:
            n = entry["of"]
            if n not in self.values:
                raise EuchreError(f"entry {n} is not a hand that stands")
            r, t = next(key for key, numbers in self.hands.items() if n in numbers)
            table = self.rounds[r].tables[t]
        if entry["type"] != "strike":
            RoundResult(r, t, table.ns, table.ew,
                        [HandScore(entry["ns"], entry["ew"], entry["alone"])])

    def standings(self) -> list[Standing]:
        """The players' standings (bots left out): points, tables won, loners."""
        people = [s for s in standings(score_cards(self.results()))
                  if not self.plan.is_bot(s.player)]
        ranks = ranked([(s.total, s.won, s.loners) for s in people])
        return [s._replace(rank=rank) for s, rank in zip(people, ranks, strict=True)]

    def boards(self) -> list[Board]:
        """A duplicate event's boards played so far, at every table whose game is
        finished far enough."""
        found = []
        for t, table in enumerate(self.rounds[0].tables):
            hands = self.table_hands(0, t)
            for b, hand in enumerate(hands[:self.plan.hands]):
                found.append(Board(str(b + 1), self.pair(table.ns), self.pair(table.ew),
                                   hand.ns, hand.ew))
        return found

    def pair(self, pair: tuple[int, int]) -> str:
        return f"{self.plan.name(pair[0])} & {self.plan.name(pair[1])}"

    def pair_standings(self) -> list[tuple[int, str, Score]]:
        """A duplicate event's pairs by matchpoints: rank, pair, score."""
        scores = matchpoints(self.boards())
        ordered = sorted(scores.items(), key=lambda x: (-x[1].percent, x[0]))
        ranks = ranked([round(score.percent, 6) for _, score in ordered])
        return [(rank, pair, score) for rank, (pair, score) in zip(ranks, ordered,
                                                                    strict=True)]
